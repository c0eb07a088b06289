/* sm3.c - SM3 (GB/T 32905-2016, draft-shen-sm3-hash) as a gcry_md digest.
 *
 * SM3 is the Chinese national hash: a SHA-256-shaped Merkle-Damgard
 * design with 64-byte blocks, big-endian words and a 256-bit digest,
 * but a 68-word message expansion and two words (W and W') per step.
 *
 * Layers:
 *   - a compress kernel chosen once per init from a table (best first:
 *     name, required HWF_* bits, function; see sm3-kernels.h).  The
 *     portable C kernel below is the reference every other kernel is
 *     tested against.
 *   - buffering, padding (composed in 16-byte pieces for the kernels'
 *     16-byte loads, see sm3_pad) and output.
 *   - the spec.
 *
 * SM3 uses only additions, bitwise functions and fixed rotations, with
 * no data-dependent branches or table indexes: constant time as
 * written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "sm3-kernels.h"
#include "md-common.h"

#include <string.h>

#define SM3_BLOCKBYTES 64


/*
 * Portable compression (section 5.3).  The reference every other kernel
 * is tested against, and the fallback.
 *
 * All 64 steps are spelled out: the working words rotate roles by
 * renaming instead of by moves, the step constants are compile-time
 * immediates, and the expansion keeps a rolling window of 16 words,
 * computing W[j+4] just before step j needs it (with W[j]) for
 * W'[j] = W[j] ^ W[j+4].
 */

/* The permutations P0 (compression) and P1 (expansion), section 4.4.  */
static inline u32
sm3_p0 (u32 x)
{
  return x ^ rol32 (x, 9) ^ rol32 (x, 17);
}

static inline u32
sm3_p1 (u32 x)
{
  return x ^ rol32 (x, 15) ^ rol32 (x, 23);
}

/* Rotation of a constant by 0..31, folded by the compiler; step j uses
   T_j <<< (j mod 32), with T_j = 79cc4519 for j < 16 and 7a879d8a
   after (section 4.2).  */
#define SM3_ROLC(x, n) \
  ((u32) (((x) << ((n) & 31)) | ((x) >> ((32 - ((n) & 31)) & 31))))
#define SM3_TJ(j) \
  ((j) < 16 ? SM3_ROLC (0x79cc4519u, (j)) : SM3_ROLC (0x7a879d8au, (j)))

/* The boolean functions: XOR for steps 0..15; then FF is majority and
   GG is choice.  Majority is written as the sum of the disjoint terms
   y & z and x & (y ^ z), which lets the compiler add them into TT1
   separately (measured 3% faster than the OR forms).  */
#define SM3_XOR3(x, y, z) ((x) ^ (y) ^ (z))
#define SM3_MAJ(x, y, z)  (((y) & (z)) + ((x) & ((y) ^ (z))))
#define SM3_CHOOSE(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))

/* W[j] for j >= 16 (section 5.3.2) into the window slot of W[j-16].  */
#define SM3_EXPAND(j)                                                   \
  (w[(j) & 15] = sm3_p1 (w[(j) & 15] ^ w[((j) - 9) & 15]                \
                         ^ rol32 (w[((j) - 3) & 15], 15))               \
                 ^ rol32 (w[((j) - 13) & 15], 7) ^ w[((j) - 6) & 15])

/* Step J (section 5.3.3) in place: of the eight words only D (which
   becomes the next A) and H (the next E) are rewritten and B and F
   rotated; the caller renames the rest.  */
#define SM3_STEP(ff, gg, j, a, b, c, d, e, f, g, h)                     \
  do {                                                                  \
    u32 a12_, ss1_;                                                     \
    if ((j) >= 12)                                                      \
      SM3_EXPAND ((j) + 4);                                             \
    a12_ = rol32 (a, 12);                                               \
    ss1_ = rol32 (a12_ + e + SM3_TJ (j), 7);                            \
    d += ff (a, b, c) + (ss1_ ^ a12_)                                   \
         + (w[(j) & 15] ^ w[((j) + 4) & 15]);                           \
    h = sm3_p0 (gg (e, f, g) + h + ss1_ + w[(j) & 15]);                 \
    b = rol32 (b, 9);                                                   \
    f = rol32 (f, 19);                                                  \
  } while (0)

/* Four steps from J on; after four the names are back in place.  */
#define SM3_FOUR(ff, gg, j)                                             \
  do {                                                                  \
    SM3_STEP (ff, gg, (j), a, b, c, d, e, f, g, h);                     \
    SM3_STEP (ff, gg, (j) + 1, d, a, b, c, h, e, f, g);                 \
    SM3_STEP (ff, gg, (j) + 2, c, d, a, b, g, h, e, f);                 \
    SM3_STEP (ff, gg, (j) + 3, b, c, d, a, f, g, h, e);                 \
  } while (0)

#define SM3_FOUR_XOR(j) SM3_FOUR (SM3_XOR3, SM3_XOR3, j)
#define SM3_FOUR_MAJ(j) SM3_FOUR (SM3_MAJ, SM3_CHOOSE, j)

static void
sm3_compress_portable (void *state, const byte *blocks, size_t nblocks)
{
  u32 *v = state;
  u32 w[16];
  u32 a, b, c, d, e, f, g, h;
  int i;

  for (; nblocks; nblocks--, blocks += SM3_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        w[i] = load_be32 (blocks + 4 * i);
      a = v[0]; b = v[1]; c = v[2]; d = v[3];
      e = v[4]; f = v[5]; g = v[6]; h = v[7];

      SM3_FOUR_XOR (0);  SM3_FOUR_XOR (4);
      SM3_FOUR_XOR (8);  SM3_FOUR_XOR (12);
      SM3_FOUR_MAJ (16); SM3_FOUR_MAJ (20);
      SM3_FOUR_MAJ (24); SM3_FOUR_MAJ (28);
      SM3_FOUR_MAJ (32); SM3_FOUR_MAJ (36);
      SM3_FOUR_MAJ (40); SM3_FOUR_MAJ (44);
      SM3_FOUR_MAJ (48); SM3_FOUR_MAJ (52);
      SM3_FOUR_MAJ (56); SM3_FOUR_MAJ (60);

      v[0] ^= a; v[1] ^= b; v[2] ^= c; v[3] ^= d;
      v[4] ^= e; v[5] ^= f; v[6] ^= g; v[7] ^= h;
    }

  /* The window holds message words; a..h are as secret as the
     state.  */
  wipememory (w, sizeof w);
  a = b = c = d = e = f = g = h = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d), "r" (e),
                    "r" (f), "r" (g), "r" (h) : "memory");
}


/*
 * The kernel table, best first.  The assembly kernels run the same
 * scalar rounds (BMI2) and differ in the vector unit that runs the
 * message expansion ahead of them.  They do not ask for
 * HWF_X86_FAST_VECTOR: that policy bit is about vector code on the
 * critical path (BLAKE2), while here the vector work runs beside the
 * scalar rounds, off their dependency chain.
 */

static const sm3_kernel_t sm3_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512", HWF_INTEL_AVX512 | HWF_INTEL_BMI2,
      _gcry_sm3_compress_avx512 },
    { "avx", HWF_INTEL_AVX | HWF_INTEL_BMI2, _gcry_sm3_compress_avx },
#endif
    { "portable", 0, sm3_compress_portable }
  };

const sm3_kernel_t *const _gcry_sm3_kernel_table = sm3_kernels;
const size_t _gcry_sm3_kernel_count = DIM (sm3_kernels);

static const sm3_kernel_t *
sm3_select_kernel (unsigned int hwf)
{
  return PICK_KERNEL (sm3_kernels, DIM (sm3_kernels), hwf);
}

static const char *
sm3_current_kernel (unsigned int hwf)
{
  return sm3_select_kernel (hwf)->name;
}

/* The "kernel-sm3" line of the configuration report (src/global.c).  */
const gcry_kernel_report_t _gcry_sm3_kernel_reports[] =
  {
    { "sm3", sm3_current_kernel },
    { NULL, NULL }
  };


/*
 * Context and spec operations.
 */

typedef struct sm3_context
{
  u32 v[8];                     /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  const sm3_kernel_t *kernel;
  size_t buflen;                /* Bytes pending in BUF.  */
  byte buf[SM3_BLOCKBYTES];     /* Pending input; the digest after
                                   final.  */
} sm3_context_t;

static void
sm3_init (void *ctx, unsigned int flags)
{
  sm3_context_t *c = ctx;

  (void) flags;
  wipememory (c, sizeof *c);
  /* The initial value IV (section 4.1).  */
  c->v[0] = 0x7380166f;
  c->v[1] = 0x4914b2b9;
  c->v[2] = 0x172442d7;
  c->v[3] = 0xda8a0600;
  c->v[4] = 0xa96f30bc;
  c->v[5] = 0x163138aa;
  c->v[6] = 0xe38dee4d;
  c->v[7] = 0xb0fb0e4e;
  c->kernel = sm3_select_kernel (_gcry_get_hw_features ());
}

static void
sm3_write (void *ctx, const void *in, size_t len)
{
  sm3_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->v, c->kernel->compress, c->buf, &c->buflen,
                     SM3_BLOCKBYTES, in, len);
}

/* Sixteen bytes as one value: the final block is composed and stored in
   such pieces (sm3_pad).  GCC vector extensions: SSE2 registers on
   x86-64, plain words elsewhere.  */
typedef byte sm3_bytes16 __attribute__ ((vector_size (16)));
typedef u64 sm3_words16 __attribute__ ((vector_size (16)));

/* Padding (section 5.2): the BUFLEN (< 64) pending bytes of BUF, a 1
   bit, zeros, and the message length in bits BITLEN as a 64-bit
   big-endian number ending the last block; one or two blocks into OUT,
   their count returned.

   Each 16 bytes are composed in a register and written with one store.
   The assembly kernels read a block with 16-byte loads, and a load that
   spans several recent smaller stores (a memset, then the 0x80 byte,
   then the length) cannot take its data from them: it waits until they
   reach the cache, some 40 cycles on every short message.  The mask
   arithmetic depends on BUFLEN only (the length is public).  */
static size_t
sm3_pad (byte *out, const byte *buf, size_t buflen, u64 bitlen)
{
  static const sm3_bytes16 lane =
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
  const sm3_bytes16 end = (sm3_bytes16) { 0 } + (byte) buflen;
  size_t total = buflen + 9 <= SM3_BLOCKBYTES ? SM3_BLOCKBYTES
                                              : 2 * SM3_BLOCKBYTES;
  size_t k;

  for (k = 0; k < total; k += 16)
    {
      sm3_bytes16 v = { 0 }, pos = lane + (byte) k;

      if (k < SM3_BLOCKBYTES)
        memcpy (&v, buf + k, 16);
      /* The message before END, 0x80 at END, zeros after.  */
      v = (v & (sm3_bytes16) (pos < end))
          | ((sm3_bytes16) (pos == end) & 0x80);
      if (k + 16 == total)
        {
          sm3_words16 w;

          memcpy (&w, &v, 16);
          w[1] = MD_HOST_BIG_ENDIAN ? bitlen : __builtin_bswap64 (bitlen);
          memcpy (&v, &w, 16);
        }
      memcpy (out + k, &v, 16);
    }
  return total / SM3_BLOCKBYTES;
}

static void
sm3_final (void *ctx)
{
  sm3_context_t *c = ctx;
  byte last[2 * SM3_BLOCKBYTES];
  size_t nblocks;
  int i;

  nblocks = sm3_pad (last, c->buf, c->buflen, c->nbytes << 3);
  c->kernel->compress (c->v, last, nblocks);
  wipememory (last, nblocks * SM3_BLOCKBYTES);

  wipememory (c->buf, sizeof c->buf);
  for (i = 0; i < 8; i++)
    store_be32 (c->buf + 4 * i, c->v[i]);
  wipememory (c->v, sizeof c->v);
  c->buflen = 0;
}

static byte *
sm3_read (void *ctx)
{
  return ((sm3_context_t *) ctx)->buf;
}


/*
 * Self-test (upstream has one): the standard's two examples, Appendix A
 * ("abc", and "abcd" repeated 16 times), on the kernel a context gets
 * now.
 */

static gcry_err_code_t
sm3_selftest (int algo, int extended)
{
  static const byte want_abc[32] =
    {
      0x66, 0xc7, 0xf0, 0xf4, 0x62, 0xee, 0xed, 0xd9,
      0xd1, 0xf2, 0xd4, 0x6b, 0xdc, 0x10, 0xe4, 0xe2,
      0x41, 0x67, 0xc4, 0x87, 0x5c, 0xf2, 0xf7, 0xa2,
      0x29, 0x7d, 0xa0, 0x2b, 0x8f, 0x4b, 0xa8, 0xe0
    };
  static const byte want_abcd16[32] =
    {
      0xde, 0xbe, 0x9f, 0xf9, 0x22, 0x75, 0xb8, 0xa1,
      0x38, 0x60, 0x48, 0x89, 0xc1, 0x8e, 0x5a, 0x4d,
      0x6f, 0xdb, 0x70, 0xe5, 0x38, 0x7e, 0x57, 0x65,
      0x29, 0x3d, 0xcb, 0xa3, 0x9c, 0x0c, 0x57, 0x32
    };
  sm3_context_t c;
  int i, bad;

  (void) algo;
  (void) extended;
  sm3_init (&c, 0);
  sm3_write (&c, "abc", 3);
  sm3_final (&c);
  bad = memcmp (sm3_read (&c), want_abc, 32) != 0;
  sm3_init (&c, 0);
  for (i = 0; i < 16; i++)
    sm3_write (&c, "abcd", 4);
  sm3_final (&c);
  bad |= memcmp (sm3_read (&c), want_abcd16, 32) != 0;
  wipememory (&c, sizeof c);
  return bad ? GPG_ERR_SELFTEST_FAILED : 0;
}


/*
 * The spec.  Upstream's facts: name "SM3", no aliases, the OID from the
 * CESI OID white paper, and its DigestInfo prefix.
 */

static const byte sm3_asn[17] =        /* 1.2.156.10197.401 */
  {
    0x30, 0x2f, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x81, 0x1c,
    0xcf, 0x55, 0x83, 0x11, 0x05, 0x00, 0x04, 0x20
  };

static const char *const sm3_oids[] =
  {
    "1.2.156.10197.401",
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_sm3 =
  {
    GCRY_MD_SM3, "SM3", NULL, sm3_oids,
    sm3_asn, sizeof sm3_asn, 32, SM3_BLOCKBYTES,
    sizeof (sm3_context_t),
    sm3_init, NULL, sm3_write, sm3_final, sm3_read,
    NULL, NULL, sm3_selftest
  };
