/* sha512.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4)
 * as gcry_md digests: one compression, four initial values and output
 * lengths.
 *
 * Layers as in sha256.c: a compress kernel chosen once per init from a
 * table (sha-kernels.h), the portable C kernel as the reference,
 * buffering/padding/output, the specs.
 *
 * Only additions, bitwise functions and fixed rotations touch the data;
 * no data-dependent branches or table indexes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "sha-kernels.h"
#include "md-common.h"

#include <string.h>

#define SHA512_BLOCKBYTES 128


/*
 * Constants (FIPS 180-4, sections 4.2.3, 5.3.4-5.3.6): the first 64 bits
 * of the fractional parts of the cube roots of the first 80 primes, and
 * the initial values (the SHA-512/t ones are the output of the IV
 * generation function of section 5.3.6 for "SHA-512/224" and
 * "SHA-512/256").
 */

static const u64 sha512_k[80] =
  {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL,
    0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
    0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL,
    0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
    0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL,
    0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL,
    0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL,
    0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL,
    0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
    0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL,
    0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
    0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL,
    0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL,
    0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
    0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL,
    0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
    0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
  };

static const u64 sha512_iv[8] =
  {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
  };

static const u64 sha384_iv[8] =
  {
    0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
    0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
    0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
  };

static const u64 sha512_224_iv[8] =
  {
    0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL,
    0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
    0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL,
    0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
  };

static const u64 sha512_256_iv[8] =
  {
    0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL,
    0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
    0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL,
    0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
  };


/*
 * Portable compression (FIPS 180-4, section 6.4.2), with the same
 * rolling 16-word schedule and eight-round renaming as sha256.c.
 */

#define S512_CH(x, y, z)   (((y ^ z) & x) ^ z)
#define S512_MAJ(x, y, z)  ((x & y) | ((x | y) & z))
#define S512_BSIG0(x) (ror64 (x, 28) ^ ror64 (x, 34) ^ ror64 (x, 39))
#define S512_BSIG1(x) (ror64 (x, 14) ^ ror64 (x, 18) ^ ror64 (x, 41))
#define S512_SSIG0(x) (ror64 (x, 1) ^ ror64 (x, 8) ^ ((x) >> 7))
#define S512_SSIG1(x) (ror64 (x, 19) ^ ror64 (x, 61) ^ ((x) >> 6))

#define S512_SCHED(t)                                                   \
  (w[(t) & 15] += S512_SSIG1 (w[((t) - 2) & 15]) + w[((t) - 7) & 15]    \
                  + S512_SSIG0 (w[((t) - 15) & 15]))

#define S512_ROUND(a, b, c, d, e, f, g, h, kw)                          \
  do {                                                                  \
    u64 t1_ = h + S512_BSIG1 (e) + S512_CH (e, f, g) + (kw);            \
    d += t1_;                                                           \
    h = t1_ + S512_BSIG0 (a) + S512_MAJ (a, b, c);                      \
  } while (0)

#define S512_EIGHT(t, W)                                                 \
  do {                                                                  \
    S512_ROUND (a, b, c, d, e, f, g, h, sha512_k[(t) + 0] + W ((t) + 0)); \
    S512_ROUND (h, a, b, c, d, e, f, g, sha512_k[(t) + 1] + W ((t) + 1)); \
    S512_ROUND (g, h, a, b, c, d, e, f, sha512_k[(t) + 2] + W ((t) + 2)); \
    S512_ROUND (f, g, h, a, b, c, d, e, sha512_k[(t) + 3] + W ((t) + 3)); \
    S512_ROUND (e, f, g, h, a, b, c, d, sha512_k[(t) + 4] + W ((t) + 4)); \
    S512_ROUND (d, e, f, g, h, a, b, c, sha512_k[(t) + 5] + W ((t) + 5)); \
    S512_ROUND (c, d, e, f, g, h, a, b, sha512_k[(t) + 6] + W ((t) + 6)); \
    S512_ROUND (b, c, d, e, f, g, h, a, sha512_k[(t) + 7] + W ((t) + 7)); \
  } while (0)

#define S512_W_LOADED(t) (w[(t)])
#define S512_W_SCHED(t)  S512_SCHED (t)

static void
sha512_compress_portable (void *state, const byte *blocks, size_t nblocks)
{
  u64 *hv = state;
  u64 w[16];
  u64 a, b, c, d, e, f, g, h;
  int i, t;

  for (; nblocks; nblocks--, blocks += SHA512_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        w[i] = load_be64 (blocks + 8 * i);
      a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
      e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];

      S512_EIGHT (0, S512_W_LOADED);
      S512_EIGHT (8, S512_W_LOADED);
      for (t = 16; t < 80; t += 8)
        S512_EIGHT (t, S512_W_SCHED);

      hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d;
      hv[4] += e; hv[5] += f; hv[6] += g; hv[7] += h;
    }

  wipememory (w, sizeof w);
  a = b = c = d = e = f = g = h = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d),
                    "r" (e), "r" (f), "r" (g), "r" (h) : "memory");
}


/*
 * The kernel table, best first.  Both vector kernels keep the rounds in
 * scalar registers and only vectorise the message schedule (two blocks
 * per pass); they follow the fast-vector policy.  The AVX-512 one saves
 * the schedule's shift/or rotations (VPRORQ) and XOR chains
 * (VPTERNLOGQ) and stays on ymm, so it needs no zmm policy.
 */

static const sha_kernel_t sha512_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512", HWF_INTEL_AVX512 | HWF_INTEL_BMI2 | HWF_X86_FAST_VECTOR,
      _gcry_sha512_compress_avx512 },
    { "avx2", HWF_INTEL_AVX2 | HWF_INTEL_BMI2 | HWF_X86_FAST_VECTOR,
      _gcry_sha512_compress_avx2 },
#endif
    { "portable", 0, sha512_compress_portable }
  };

const sha_kernel_t *const _gcry_sha512_kernel_table = sha512_kernels;
const size_t _gcry_sha512_kernel_count = DIM (sha512_kernels);

/* Entry "sha512" of _gcry_sha_kernel_reports; SHA-384 and SHA-512/t
   share the kernel.  */
const char *
_gcry_sha512_current_kernel (unsigned int hwf)
{
  return _gcry_sha_select_kernel (sha512_kernels, DIM (sha512_kernels),
                                  hwf)->name;
}


/*
 * Context and spec operations.
 */

typedef struct sha512_context
{
  byte buf[SHA512_BLOCKBYTES];     /* Pending input; the digest after
                                      final.  First, so that it is as
                                      aligned as the context (16 bytes
                                      in md.c) and no 16-byte load of it
                                      crosses a cache line.  */
  u64 h[8];                        /* Chaining value (the kernel state). */
  u64 nbytes_lo, nbytes_hi;        /* Message bytes so far, 128 bits.  */
  const sha_kernel_t *kernel;
  size_t buflen;                   /* Bytes pending in BUF.  */
  unsigned int mdlen;              /* 28, 32, 48 or 64.  */
} sha512_context_t;

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static void
sha512_start (sha512_context_t *c, const u64 iv[8], unsigned int mdlen)
{
  memcpy (c->h, iv, sizeof c->h);
  c->nbytes_lo = c->nbytes_hi = 0;
  c->buflen = 0;
  c->kernel = _gcry_sha_select_kernel (sha512_kernels, DIM (sha512_kernels),
                                       _gcry_get_hw_features ());
  c->mdlen = mdlen;
}

static void
sha512_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha512_start (ctx, sha512_iv, 64);
}

static void
sha384_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha512_start (ctx, sha384_iv, 48);
}

static void
sha512_224_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha512_start (ctx, sha512_224_iv, 28);
}

static void
sha512_256_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha512_start (ctx, sha512_256_iv, 32);
}

static void
sha512_write (void *ctx, const void *in, size_t len)
{
  sha512_context_t *c = ctx;

  c->nbytes_lo += len;
  c->nbytes_hi += c->nbytes_lo < len;
  md_buffered_write (c->h, c->kernel->compress, c->buf, &c->buflen,
                     SHA512_BLOCKBYTES, in, len);
}

/* Padding (FIPS 180-4, section 5.1.2): 0x80, zeros, then the message
   length in bits as a 128-bit big-endian number; one or two blocks.  */
static void
sha512_final (void *ctx)
{
  sha512_context_t *c = ctx;

  md_pad_final_inplace (c->h, c->kernel->compress, c->buf, c->buflen,
                        SHA512_BLOCKBYTES, 0x80,
                        md_lenfield_be128 ((c->nbytes_hi << 3)
                                           | (c->nbytes_lo >> 61),
                                           c->nbytes_lo << 3), 16);
  /* The shorter digests are truncations (SHA-512/224 cuts a word in
     half); BUF keeps nothing of the rest, nor of the last block.  H is
     the caller's memory, so the plain memset stays.  */
  md_output64 (c->buf, sizeof c->buf, c->h, c->mdlen, 1);
  memset (c->h, 0, sizeof c->h);
  c->buflen = 0;
}

static byte *
sha512_read (void *ctx)
{
  return ((sha512_context_t *) ctx)->buf;
}


/*
 * Self-tests (GCRYCTL_SELFTEST): "abc", and with EXTENDED a million 'a'
 * in uneven pieces, on the kernel a context gets now.
 */

static const byte selftest_sha384_abc[48] =
  {
    0xcb, 0x00, 0x75, 0x3f, 0x45, 0xa3, 0x5e, 0x8b,
    0xb5, 0xa0, 0x3d, 0x69, 0x9a, 0xc6, 0x50, 0x07,
    0x27, 0x2c, 0x32, 0xab, 0x0e, 0xde, 0xd1, 0x63,
    0x1a, 0x8b, 0x60, 0x5a, 0x43, 0xff, 0x5b, 0xed,
    0x80, 0x86, 0x07, 0x2b, 0xa1, 0xe7, 0xcc, 0x23,
    0x58, 0xba, 0xec, 0xa1, 0x34, 0xc8, 0x25, 0xa7
  };

static const byte selftest_sha384_million_a[48] =
  {
    0x9d, 0x0e, 0x18, 0x09, 0x71, 0x64, 0x74, 0xcb,
    0x08, 0x6e, 0x83, 0x4e, 0x31, 0x0a, 0x4a, 0x1c,
    0xed, 0x14, 0x9e, 0x9c, 0x00, 0xf2, 0x48, 0x52,
    0x79, 0x72, 0xce, 0xc5, 0x70, 0x4c, 0x2a, 0x5b,
    0x07, 0xb8, 0xb3, 0xdc, 0x38, 0xec, 0xc4, 0xeb,
    0xae, 0x97, 0xdd, 0xd8, 0x7f, 0x3d, 0x89, 0x85
  };

static const byte selftest_sha512_abc[64] =
  {
    0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba,
    0xcc, 0x41, 0x73, 0x49, 0xae, 0x20, 0x41, 0x31,
    0x12, 0xe6, 0xfa, 0x4e, 0x89, 0xa9, 0x7e, 0xa2,
    0x0a, 0x9e, 0xee, 0xe6, 0x4b, 0x55, 0xd3, 0x9a,
    0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1, 0xa8,
    0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd,
    0x45, 0x4d, 0x44, 0x23, 0x64, 0x3c, 0xe8, 0x0e,
    0x2a, 0x9a, 0xc9, 0x4f, 0xa5, 0x4c, 0xa4, 0x9f
  };

static const byte selftest_sha512_million_a[64] =
  {
    0xe7, 0x18, 0x48, 0x3d, 0x0c, 0xe7, 0x69, 0x64,
    0x4e, 0x2e, 0x42, 0xc7, 0xbc, 0x15, 0xb4, 0x63,
    0x8e, 0x1f, 0x98, 0xb1, 0x3b, 0x20, 0x44, 0x28,
    0x56, 0x32, 0xa8, 0x03, 0xaf, 0xa9, 0x73, 0xeb,
    0xde, 0x0f, 0xf2, 0x44, 0x87, 0x7e, 0xa6, 0x0a,
    0x4c, 0xb0, 0x43, 0x2c, 0xe5, 0x77, 0xc3, 0x1b,
    0xeb, 0x00, 0x9c, 0x5c, 0x2c, 0x49, 0xaa, 0x2e,
    0x4e, 0xad, 0xb2, 0x17, 0xad, 0x8c, 0xc0, 0x9b
  };

static const byte selftest_sha512_224_abc[28] =
  {
    0x46, 0x34, 0x27, 0x0f, 0x70, 0x7b, 0x6a, 0x54,
    0xda, 0xae, 0x75, 0x30, 0x46, 0x08, 0x42, 0xe2,
    0x0e, 0x37, 0xed, 0x26, 0x5c, 0xee, 0xe9, 0xa4,
    0x3e, 0x89, 0x24, 0xaa
  };

static const byte selftest_sha512_224_million_a[28] =
  {
    0x37, 0xab, 0x33, 0x1d, 0x76, 0xf0, 0xd3, 0x6d,
    0xe4, 0x22, 0xbd, 0x0e, 0xde, 0xb2, 0x2a, 0x28,
    0xac, 0xcd, 0x48, 0x7b, 0x7a, 0x84, 0x53, 0xae,
    0x96, 0x5d, 0xd2, 0x87
  };

static const byte selftest_sha512_256_abc[32] =
  {
    0x53, 0x04, 0x8e, 0x26, 0x81, 0x94, 0x1e, 0xf9,
    0x9b, 0x2e, 0x29, 0xb7, 0x6b, 0x4c, 0x7d, 0xab,
    0xe4, 0xc2, 0xd0, 0xc6, 0x34, 0xfc, 0x6d, 0x46,
    0xe0, 0xe2, 0xf1, 0x31, 0x07, 0xe7, 0xaf, 0x23
  };

static const byte selftest_sha512_256_million_a[32] =
  {
    0x9a, 0x59, 0xa0, 0x52, 0x93, 0x01, 0x87, 0xa9,
    0x70, 0x38, 0xca, 0xe6, 0x92, 0xf3, 0x07, 0x08,
    0xaa, 0x64, 0x91, 0x92, 0x3e, 0xf5, 0x19, 0x43,
    0x94, 0xdc, 0x68, 0xd5, 0x6c, 0x74, 0xfb, 0x21
  };

static gcry_err_code_t
sha512_selftest (int algo, int extended)
{
  sha512_context_t c;
  byte chunk[1000];
  const u64 *iv;
  const byte *want_abc, *want_million;
  unsigned int mdlen;
  gcry_err_code_t rc = 0;
  size_t done, n;

  switch (algo)
    {
    case GCRY_MD_SHA384:
      iv = sha384_iv; mdlen = 48;
      want_abc = selftest_sha384_abc;
      want_million = selftest_sha384_million_a;
      break;
    case GCRY_MD_SHA512_224:
      iv = sha512_224_iv; mdlen = 28;
      want_abc = selftest_sha512_224_abc;
      want_million = selftest_sha512_224_million_a;
      break;
    case GCRY_MD_SHA512_256:
      iv = sha512_256_iv; mdlen = 32;
      want_abc = selftest_sha512_256_abc;
      want_million = selftest_sha512_256_million_a;
      break;
    default:
      iv = sha512_iv; mdlen = 64;
      want_abc = selftest_sha512_abc;
      want_million = selftest_sha512_million_a;
      break;
    }

  sha512_start (&c, iv, mdlen);
  sha512_write (&c, "abc", 3);
  sha512_final (&c);
  if (memcmp (sha512_read (&c), want_abc, mdlen))
    rc = GPG_ERR_SELFTEST_FAILED;

  if (extended)
    {
      sha512_start (&c, iv, mdlen);
      memset (chunk, 'a', sizeof chunk);
      for (done = 0; done < 1000000; done += n)
        {
          n = 1000000 - done < 997 ? 1000000 - done : 997;
          sha512_write (&c, chunk, n);
        }
      sha512_final (&c);
      if (memcmp (sha512_read (&c), want_million, mdlen))
        rc = GPG_ERR_SELFTEST_FAILED;
    }

  wipememory (&c, sizeof c);
  return rc;
}


/*
 * The specs.  Upstream's facts: names "SHA384", "SHA512", "SHA512_224",
 * "SHA512_256", their OIDs and the DER prefix of a DigestInfo for
 * GCRYCTL_GET_ASNOID.
 */

static const byte sha384_asn[19] =     /* 2.16.840.1.101.3.4.2.2 */
  {
    0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30
  };

static const char *const sha384_oids[] =
  {
    "2.16.840.1.101.3.4.2.2",          /* id-sha384 */
    "1.2.840.113549.1.1.12",           /* sha384WithRSAEncryption */
    "1.2.840.10045.4.3.3",             /* ecdsa-with-SHA384 */
    NULL
  };

static const byte sha512_asn[19] =     /* 2.16.840.1.101.3.4.2.3 */
  {
    0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40
  };

static const char *const sha512_oids[] =
  {
    "2.16.840.1.101.3.4.2.3",          /* id-sha512 */
    "1.2.840.113549.1.1.13",           /* sha512WithRSAEncryption */
    "1.2.840.10045.4.3.4",             /* ecdsa-with-SHA512 */
    NULL
  };

static const byte sha512_224_asn[19] = /* 2.16.840.1.101.3.4.2.5 */
  {
    0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c
  };

static const char *const sha512_224_oids[] =
  {
    "2.16.840.1.101.3.4.2.5",          /* id-sha512-224 */
    NULL
  };

static const byte sha512_256_asn[19] = /* 2.16.840.1.101.3.4.2.6 */
  {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20
  };

static const char *const sha512_256_oids[] =
  {
    "2.16.840.1.101.3.4.2.6",          /* id-sha512-256 */
    NULL
  };

#define SHA512_SPEC(id, name, oids, asn, mdlen, init)                   \
  {                                                                     \
    id, name, NULL, oids, asn, sizeof asn, mdlen, SHA512_BLOCKBYTES,    \
    sizeof (sha512_context_t),                                          \
    init, NULL, sha512_write, sha512_final, sha512_read,                \
    NULL, NULL, sha512_selftest                                         \
  }

const gcry_md_spec_t _gcry_digest_spec_sha384 =
  SHA512_SPEC (GCRY_MD_SHA384, "SHA384", sha384_oids, sha384_asn, 48,
               sha384_init);
const gcry_md_spec_t _gcry_digest_spec_sha512 =
  SHA512_SPEC (GCRY_MD_SHA512, "SHA512", sha512_oids, sha512_asn, 64,
               sha512_init);
const gcry_md_spec_t _gcry_digest_spec_sha512_224 =
  SHA512_SPEC (GCRY_MD_SHA512_224, "SHA512_224", sha512_224_oids,
               sha512_224_asn, 28, sha512_224_init);
const gcry_md_spec_t _gcry_digest_spec_sha512_256 =
  SHA512_SPEC (GCRY_MD_SHA512_256, "SHA512_256", sha512_256_oids,
               sha512_256_asn, 32, sha512_256_init);
