/* blake2.c - BLAKE2b and BLAKE2s (RFC 7693) as gcry_md digests.
 *
 * Upstream's eight ids: BLAKE2b with 160/256/384/512-bit output and
 * BLAKE2s with 128/160/224/256-bit output, unkeyed (gcry_md_open) or
 * keyed (gcry_md_setkey on a handle opened without GCRY_MD_FLAG_HMAC).
 *
 * Layers:
 *   - a compress kernel per family, chosen once per init/setkey from a
 *     table (best first: name, required HWF_* bits, function).  The
 *     portable C kernels below are the reference every vector kernel is
 *     tested against; a new kernel is one table entry.
 *   - buffering shared by both families.  BLAKE2 marks the last block
 *     with a flag, so a full buffered block is only compressed once more
 *     input arrives: the final block is never compressed early.
 *   - the specs.
 *
 * BLAKE2 uses only additions, XORs and fixed rotations, and indexes the
 * message only through the public permutation table, so the portable
 * code is constant time as written; it branches on lengths only.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <string.h>

#define BLAKE2B_BLOCKBYTES 128
#define BLAKE2B_OUTBYTES   64
#define BLAKE2B_KEYBYTES   64
#define BLAKE2S_BLOCKBYTES 64
#define BLAKE2S_OUTBYTES   32
#define BLAKE2S_KEYBYTES   32


/*
 * Constants (RFC 7693, sections 2.6 and 2.7).
 */

static const u64 blake2b_iv[8] =
  {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
  };

static const u32 blake2s_iv[8] =
  {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };

/* Message word order per round; BLAKE2b's rounds 10 and 11 reuse rows 0
   and 1.  Indexed only by constants, so no secret-dependent address.  */
static const byte blake2_sigma[10][16] =
  {
    {  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15 },
    { 14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3 },
    { 11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4 },
    {  7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8 },
    {  9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13 },
    {  2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9 },
    { 12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11 },
    { 13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10 },
    {  6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5 },
    { 10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0 }
  };


/*
 * The chaining state every kernel works on, the kernel signature and the
 * table entry type live in blake2-kernels.h, next to the assembly
 * kernels' prototypes and the static_asserts that pin the state layout
 * they hard-code.
 */
#include "blake2-kernels.h"


/*
 * Portable BLAKE2b compression (RFC 7693, section 3.2).  The rounds are
 * spelled out so that every sigma lookup is a compile-time constant.
 */

#define B2B_G(a, b, c, d, x, y)                         \
  do {                                                  \
    v[a] = v[a] + v[b] + (x);  v[d] = ror64 (v[d] ^ v[a], 32);  \
    v[c] = v[c] + v[d];        v[b] = ror64 (v[b] ^ v[c], 24);  \
    v[a] = v[a] + v[b] + (y);  v[d] = ror64 (v[d] ^ v[a], 16);  \
    v[c] = v[c] + v[d];        v[b] = ror64 (v[b] ^ v[c], 63);  \
  } while (0)

#define B2B_ROUND(r)                                                    \
  do {                                                                  \
    const byte *s_ = blake2_sigma[(r) % 10];                            \
    B2B_G (0, 4,  8, 12, m[s_[ 0]], m[s_[ 1]]);                         \
    B2B_G (1, 5,  9, 13, m[s_[ 2]], m[s_[ 3]]);                         \
    B2B_G (2, 6, 10, 14, m[s_[ 4]], m[s_[ 5]]);                         \
    B2B_G (3, 7, 11, 15, m[s_[ 6]], m[s_[ 7]]);                         \
    B2B_G (0, 5, 10, 15, m[s_[ 8]], m[s_[ 9]]);                         \
    B2B_G (1, 6, 11, 12, m[s_[10]], m[s_[11]]);                         \
    B2B_G (2, 7,  8, 13, m[s_[12]], m[s_[13]]);                         \
    B2B_G (3, 4,  9, 14, m[s_[14]], m[s_[15]]);                         \
  } while (0)

static void
blake2b_compress_portable (void *state, const byte *blocks, size_t nblocks,
                           size_t inc)
{
  blake2b_state_t *s = state;
  u64 m[16], v[16];
  int i;

  for (; nblocks; nblocks--, blocks += BLAKE2B_BLOCKBYTES)
    {
      s->t[0] += inc;
      s->t[1] += (s->t[0] < inc);

      for (i = 0; i < 16; i++)
        m[i] = load_le64 (blocks + 8 * i);
      for (i = 0; i < 8; i++)
        {
          v[i] = s->h[i];
          v[i + 8] = blake2b_iv[i];
        }
      v[12] ^= s->t[0];
      v[13] ^= s->t[1];
      v[14] ^= s->f0;

      B2B_ROUND (0);  B2B_ROUND (1);  B2B_ROUND (2);  B2B_ROUND (3);
      B2B_ROUND (4);  B2B_ROUND (5);  B2B_ROUND (6);  B2B_ROUND (7);
      B2B_ROUND (8);  B2B_ROUND (9);  B2B_ROUND (10); B2B_ROUND (11);

      for (i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
    }

  /* Message words and working vector are derived from secret input.  */
  wipememory (m, sizeof m);
  wipememory (v, sizeof v);
}


/*
 * Portable BLAKE2s compression: the same structure on 32-bit words with
 * ten rounds and rotations 16, 12, 8, 7.
 */

#define B2S_G(a, b, c, d, x, y)                         \
  do {                                                  \
    v[a] = v[a] + v[b] + (x);  v[d] = ror32 (v[d] ^ v[a], 16);  \
    v[c] = v[c] + v[d];        v[b] = ror32 (v[b] ^ v[c], 12);  \
    v[a] = v[a] + v[b] + (y);  v[d] = ror32 (v[d] ^ v[a], 8);   \
    v[c] = v[c] + v[d];        v[b] = ror32 (v[b] ^ v[c], 7);   \
  } while (0)

#define B2S_ROUND(r)                                                    \
  do {                                                                  \
    const byte *s_ = blake2_sigma[(r)];                                 \
    B2S_G (0, 4,  8, 12, m[s_[ 0]], m[s_[ 1]]);                         \
    B2S_G (1, 5,  9, 13, m[s_[ 2]], m[s_[ 3]]);                         \
    B2S_G (2, 6, 10, 14, m[s_[ 4]], m[s_[ 5]]);                         \
    B2S_G (3, 7, 11, 15, m[s_[ 6]], m[s_[ 7]]);                         \
    B2S_G (0, 5, 10, 15, m[s_[ 8]], m[s_[ 9]]);                         \
    B2S_G (1, 6, 11, 12, m[s_[10]], m[s_[11]]);                         \
    B2S_G (2, 7,  8, 13, m[s_[12]], m[s_[13]]);                         \
    B2S_G (3, 4,  9, 14, m[s_[14]], m[s_[15]]);                         \
  } while (0)

static void
blake2s_compress_portable (void *state, const byte *blocks, size_t nblocks,
                           size_t inc)
{
  blake2s_state_t *s = state;
  u32 m[16], v[16];
  int i;

  for (; nblocks; nblocks--, blocks += BLAKE2S_BLOCKBYTES)
    {
      s->t[0] += (u32) inc;
      s->t[1] += (s->t[0] < (u32) inc);

      for (i = 0; i < 16; i++)
        m[i] = load_le32 (blocks + 4 * i);
      for (i = 0; i < 8; i++)
        {
          v[i] = s->h[i];
          v[i + 8] = blake2s_iv[i];
        }
      v[12] ^= s->t[0];
      v[13] ^= s->t[1];
      v[14] ^= s->f0;

      B2S_ROUND (0);  B2S_ROUND (1);  B2S_ROUND (2);  B2S_ROUND (3);
      B2S_ROUND (4);  B2S_ROUND (5);  B2S_ROUND (6);  B2S_ROUND (7);
      B2S_ROUND (8);  B2S_ROUND (9);

      for (i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
    }

  wipememory (m, sizeof m);
  wipememory (v, sizeof v);
}


/*
 * Kernel tables, best first.  Selection takes the first entry whose
 * required features are all present; "portable" needs none, so there is
 * always one.
 */

static const blake2_kernel_t blake2b_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512", HWF_INTEL_AVX512 | HWF_X86_FAST_VECTOR,
      _gcry_blake2b_compress_avx512 },
    { "avx2", HWF_INTEL_AVX2 | HWF_X86_FAST_VECTOR,
      _gcry_blake2b_compress_avx2 },
#endif
    { "portable", 0, blake2b_compress_portable }
  };

static const blake2_kernel_t blake2s_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512", HWF_INTEL_AVX512 | HWF_X86_FAST_VECTOR,
      _gcry_blake2s_compress_avx512 },
    { "avx", HWF_INTEL_AVX | HWF_X86_FAST_VECTOR,
      _gcry_blake2s_compress_avx },
#endif
    { "portable", 0, blake2s_compress_portable }
  };

/* The tables for tests/t-blake2-kernels, which runs every entry.  */
const blake2_kernel_t *const _gcry_blake2b_kernel_table = blake2b_kernels;
const size_t _gcry_blake2b_kernel_count = DIM (blake2b_kernels);
const blake2_kernel_t *const _gcry_blake2s_kernel_table = blake2s_kernels;
const size_t _gcry_blake2s_kernel_count = DIM (blake2s_kernels);

static const blake2_kernel_t *
select_kernel (const blake2_kernel_t *table, size_t n, unsigned int hwf)
{
  return PICK_KERNEL (table, n, hwf);
}


/*
 * Buffering shared by both families.  BUF holds up to one block; it is
 * compressed only when more input follows, because the final block must
 * be compressed with the final flag.
 *
 * Invariant: the bytes of BUF past *BUFLEN are zero (start wipes the
 * context, and BUF is cleared whenever a buffered block has been
 * compressed).  The final block is therefore padded already, and final
 * compresses it as it stands.  Padding it there instead, by memset
 * right before the kernel loads the block, made a short message about
 * 40 cycles slower on x86-64: glibc's AVX-512 memset writes a short
 * length with one masked store, which the store buffer cannot forward,
 * so the kernel's loads of the block waited for it to reach the cache.
 */

static void
blake2_buffered_write (void *state, blake2_compress_t compress,
                       byte *buf, size_t *buflen, size_t blocksize,
                       const byte *in, size_t len)
{
  size_t nblocks;

  if (*buflen + len > blocksize)
    {
      if (*buflen)
        {
          size_t fill = blocksize - *buflen;

          memcpy (buf + *buflen, in, fill);
          compress (state, buf, 1, blocksize);
          memset (buf, 0, blocksize);
          *buflen = 0;
          in += fill;
          len -= fill;
        }
      if (len > blocksize)
        {
          /* Keep at least one byte back: it may be the last block.  */
          nblocks = (len - 1) / blocksize;
          compress (state, in, nblocks, blocksize);
          in += nblocks * blocksize;
          len -= nblocks * blocksize;
        }
    }
  if (len)
    {
      memcpy (buf + *buflen, in, len);
      *buflen += len;
    }
}


/*
 * Self-test vectors (GCRYCTL_SELFTEST): RFC 7693's "abc" examples and the
 * first keyed entry of the BLAKE2 reference KATs (empty message, key
 * 00 01 ..).
 */

static const byte selftest_b2b_abc[64] =
  {
    0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d,
    0x6a, 0x27, 0x97, 0xb6, 0x9f, 0x12, 0xf6, 0xe9,
    0x4c, 0x21, 0x2f, 0x14, 0x68, 0x5a, 0xc4, 0xb7,
    0x4b, 0x12, 0xbb, 0x6f, 0xdb, 0xff, 0xa2, 0xd1,
    0x7d, 0x87, 0xc5, 0x39, 0x2a, 0xab, 0x79, 0x2d,
    0xc2, 0x52, 0xd5, 0xde, 0x45, 0x33, 0xcc, 0x95,
    0x18, 0xd3, 0x8a, 0xa8, 0xdb, 0xf1, 0x92, 0x5a,
    0xb9, 0x23, 0x86, 0xed, 0xd4, 0x00, 0x99, 0x23
  };

static const byte selftest_b2b_keyed_empty[64] =
  {
    0x10, 0xeb, 0xb6, 0x77, 0x00, 0xb1, 0x86, 0x8e,
    0xfb, 0x44, 0x17, 0x98, 0x7a, 0xcf, 0x46, 0x90,
    0xae, 0x9d, 0x97, 0x2f, 0xb7, 0xa5, 0x90, 0xc2,
    0xf0, 0x28, 0x71, 0x79, 0x9a, 0xaa, 0x47, 0x86,
    0xb5, 0xe9, 0x96, 0xe8, 0xf0, 0xf4, 0xeb, 0x98,
    0x1f, 0xc2, 0x14, 0xb0, 0x05, 0xf4, 0x2d, 0x2f,
    0xf4, 0x23, 0x34, 0x99, 0x39, 0x16, 0x53, 0xdf,
    0x7a, 0xef, 0xcb, 0xc1, 0x3f, 0xc5, 0x15, 0x68
  };

static const byte selftest_b2s_abc[32] =
  {
    0x50, 0x8c, 0x5e, 0x8c, 0x32, 0x7c, 0x14, 0xe2,
    0xe1, 0xa7, 0x2b, 0xa3, 0x4e, 0xeb, 0x45, 0x2f,
    0x37, 0x45, 0x8b, 0x20, 0x9e, 0xd6, 0x3a, 0x29,
    0x4d, 0x99, 0x9b, 0x4c, 0x86, 0x67, 0x59, 0x82
  };

static const byte selftest_b2s_keyed_empty[32] =
  {
    0x48, 0xa8, 0x99, 0x7d, 0xa4, 0x07, 0x87, 0x6b,
    0x3d, 0x79, 0xc0, 0xd9, 0x23, 0x25, 0xad, 0x3b,
    0x89, 0xcb, 0xb7, 0x54, 0xd8, 0x6a, 0xb7, 0x1a,
    0xee, 0x04, 0x7a, 0xd3, 0x45, 0xfd, 0x2c, 0x49
  };

/*
 * Context and spec operations, one template for both families: FAM is b
 * or s, WORD the state word (u64 or u32), STORE its little-endian store.
 * The generated code is what two hand-written copies would be, so the
 * compiler sees constant block sizes and word widths as before.
 *
 * blake2F_start (c, outlen, key, keylen) starts a computation with OUTLEN
 * bytes of output.  KEY == NULL: unkeyed.  Otherwise KEYLEN (0..KEYBYTES)
 * bytes of key become a first block of their own, padded with zeros.  As
 * upstream, a non-NULL key of length 0 still produces that (all-zero)
 * block while the parameter block says "no key"; gcry_md_setkey (h, NULL,
 * 0) is the way to get the unkeyed hash.  Keeping this quirk keeps our
 * digests identical to upstream's.
 *
 * Parameter block word 0 (the only one not zero for sequential hashing):
 * digest length, key length, fanout 1, depth 1.
 */

#define BLAKE2_FAMILY(fam, FAM, WORD, STORE)                                \
  typedef struct blake2##fam##_context                                      \
  {                                                                         \
    blake2##fam##_state_t s;                                                \
    const blake2_kernel_t *kernel;                                          \
    size_t buflen;                  /* Bytes pending in BUF.  */            \
    unsigned int outlen;            /* Digest bytes, 1..OUTBYTES.  */       \
    /* Pending input, zero past BUFLEN; the digest after final.  */        \
    byte buf[BLAKE2##FAM##_BLOCKBYTES];                                     \
  } blake2##fam##_context_t;                                                \
                                                                            \
  static const char *                                                       \
  blake2##fam##_current_kernel (unsigned int hwf)                           \
  {                                                                         \
    return select_kernel (blake2##fam##_kernels,                            \
                          DIM (blake2##fam##_kernels), hwf)->name;          \
  }                                                                         \
                                                                            \
  static gcry_err_code_t                                                    \
  blake2##fam##_start (blake2##fam##_context_t *c, unsigned int outlen,     \
                       const byte *key, size_t keylen)                      \
  {                                                                         \
    int i;                                                                  \
                                                                            \
    if (keylen > BLAKE2##FAM##_KEYBYTES || (keylen && !key))                \
      return GPG_ERR_INV_KEYLEN;                                            \
                                                                            \
    wipememory (c, sizeof *c);                                              \
    c->kernel = select_kernel (blake2##fam##_kernels,                       \
                               DIM (blake2##fam##_kernels),                 \
                               _gcry_get_hw_features ());                   \
    c->outlen = outlen;                                                     \
    for (i = 0; i < 8; i++)                                                 \
      c->s.h[i] = blake2##fam##_iv[i];                                      \
    c->s.h[0] ^= (WORD) 0x01010000U ^ ((WORD) keylen << 8) ^ outlen;        \
    if (key)                                                                \
      {                                                                     \
        memcpy (c->buf, key, keylen);                                       \
        c->buflen = BLAKE2##FAM##_BLOCKBYTES;                               \
      }                                                                     \
    return 0;                                                               \
  }                                                                         \
                                                                            \
  static void                                                               \
  blake2##fam##_write (void *ctx, const void *in, size_t len)               \
  {                                                                         \
    blake2##fam##_context_t *c = ctx;                                       \
                                                                            \
    blake2_buffered_write (&c->s, c->kernel->compress, c->buf, &c->buflen,  \
                           BLAKE2##FAM##_BLOCKBYTES, in, len);              \
  }                                                                         \
                                                                            \
  static void                                                               \
  blake2##fam##_final (void *ctx)                                           \
  {                                                                         \
    blake2##fam##_context_t *c = ctx;                                       \
    int i;                                                                  \
                                                                            \
    /* BUF is zero past BUFLEN already (see blake2_buffered_write).  */     \
    c->s.f0 = ~(WORD) 0;                                                    \
    c->kernel->compress (&c->s, c->buf, 1, c->buflen);                      \
                                                                            \
    /* The digest overwrites the final block in BUF; what is left of the  \
       block, and of the chaining value past OUTLEN, is wiped.  */          \
    for (i = 0; i < 8; i++)                                                 \
      STORE (c->buf + sizeof (WORD) * i, c->s.h[i]);                        \
    wipememory (c->buf + c->outlen, sizeof c->buf - c->outlen);             \
    wipememory (&c->s, sizeof c->s);                                        \
    c->buflen = 0;                                                          \
  }                                                                         \
                                                                            \
  static byte *                                                             \
  blake2##fam##_read (void *ctx)                                            \
  {                                                                         \
    return ((blake2##fam##_context_t *) ctx)->buf;                          \
  }                                                                         \
                                                                            \
  /* Self-test (GCRYCTL_SELFTEST) on the kernel a context gets now:       \
     RFC 7693's "abc" example and the first keyed entry of the reference  \
     KATs (empty message, key 00 01 ...).  */                               \
  static gcry_err_code_t                                                    \
  selftest_blake2##fam (int algo, int extended)                             \
  {                                                                         \
    blake2##fam##_context_t c;                                              \
    byte key[BLAKE2##FAM##_KEYBYTES];                                       \
    gcry_err_code_t rc = 0;                                                 \
    int i;                                                                  \
                                                                            \
    (void) algo;                                                            \
    (void) extended;                                                        \
    for (i = 0; i < BLAKE2##FAM##_KEYBYTES; i++)                            \
      key[i] = i;                                                           \
                                                                            \
    blake2##fam##_start (&c, BLAKE2##FAM##_OUTBYTES, NULL, 0);              \
    blake2##fam##_write (&c, "abc", 3);                                     \
    blake2##fam##_final (&c);                                               \
    if (memcmp (blake2##fam##_read (&c), selftest_b2##fam##_abc,            \
                BLAKE2##FAM##_OUTBYTES))                                    \
      rc = GPG_ERR_SELFTEST_FAILED;                                         \
                                                                            \
    blake2##fam##_start (&c, BLAKE2##FAM##_OUTBYTES, key, sizeof key);      \
    blake2##fam##_final (&c);                                               \
    if (memcmp (blake2##fam##_read (&c), selftest_b2##fam##_keyed_empty,    \
                BLAKE2##FAM##_OUTBYTES))                                    \
      rc = GPG_ERR_SELFTEST_FAILED;                                         \
                                                                            \
    wipememory (&c, sizeof c);                                              \
    return rc;                                                              \
  }

BLAKE2_FAMILY (b, B, u64, store_le64)
BLAKE2_FAMILY (s, S, u32, store_le32)

const gcry_kernel_report_t _gcry_blake2_kernel_reports[] =
  {
    { "blake2b", blake2b_current_kernel },
    { "blake2s", blake2s_current_kernel },
    { NULL, NULL }
  };


/*
 * The specs.  Upstream's facts: names "BLAKE2B_512" etc., the OIDs under
 * 1.3.6.1.4.1.1722.12.2 (RFC 7693, section 4), and a one-byte ASN.1
 * answer { 0x30 } for GCRYCTL_GET_ASNOID.  Upstream's OID strings carry a
 * stray leading space, so its map_name never matches the plain OID; we
 * register the OID itself.  HMAC pads the key to the block size.
 */

static const byte blake2_asn[1] = { 0x30 };

#define BLAKE2_VARIANT(fam, FAM, bits, oidtail)                             \
  static void                                                               \
  blake2##fam##_##bits##_init (void *ctx, unsigned int flags)               \
  {                                                                         \
    (void) flags;                                                           \
    blake2##fam##_start (ctx, (bits) / 8, NULL, 0);                         \
  }                                                                         \
  static gcry_err_code_t                                                    \
  blake2##fam##_##bits##_setkey (void *ctx, unsigned int flags,             \
                                 const void *key, size_t keylen)            \
  {                                                                         \
    (void) flags;                                                           \
    return blake2##fam##_start (ctx, (bits) / 8, key, keylen);              \
  }                                                                         \
  static const char *const blake2##fam##_##bits##_oids[] =                  \
    { "1.3.6.1.4.1.1722.12.2." oidtail, NULL };                             \
  const gcry_md_spec_t _gcry_digest_spec_blake2##fam##_##bits =             \
    {                                                                       \
      GCRY_MD_BLAKE2##FAM##_##bits, "BLAKE2" #FAM "_" #bits, NULL,          \
      blake2##fam##_##bits##_oids, blake2_asn, sizeof blake2_asn,           \
      (bits) / 8, BLAKE2##FAM##_BLOCKBYTES, sizeof (blake2##fam##_context_t), \
      blake2##fam##_##bits##_init, blake2##fam##_##bits##_setkey,           \
      blake2##fam##_write, blake2##fam##_final, blake2##fam##_read,         \
      NULL, NULL, selftest_blake2##fam                                      \
    }

BLAKE2_VARIANT (b, B, 512, "1.16");
BLAKE2_VARIANT (b, B, 384, "1.12");
BLAKE2_VARIANT (b, B, 256, "1.8");
BLAKE2_VARIANT (b, B, 160, "1.5");
BLAKE2_VARIANT (s, S, 256, "2.8");
BLAKE2_VARIANT (s, S, 224, "2.7");
BLAKE2_VARIANT (s, S, 160, "2.5");
BLAKE2_VARIANT (s, S, 128, "2.4");
