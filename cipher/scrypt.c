/* scrypt.c - the scrypt password-based key derivation (RFC 7914).
 *
 *   B = PBKDF2-HMAC-SHA256 (P, S, 1, p * 128 * r)
 *   B_i = ROMix (B_i, N) for each of the p blocks of 128 * r bytes
 *   DK = PBKDF2-HMAC-SHA256 (P, B, 1, dkLen)
 *
 * Upstream's conventions: gcry_kdf_derive passes N as SUBALGO and p as
 * ITERATIONS, r is 8 (1 for its algorithm id 41).  It takes any N >= 1,
 * not only powers of two, reducing the low 64 bits of Integerify modulo
 * N (RFC 7914 only defines powers of two); N < 1 or p = 0
 * is GPG_ERR_INV_VALUE, a p beyond 32 bits is GPG_ERR_EINVAL, memory it
 * cannot get is GPG_ERR_ENOMEM.
 *
 * Salsa20/8 works on four 4-word vectors holding the state's diagonals
 * (GCC vector extensions: SSE2 on x86-64, whatever SIMD elsewhere).
 * With the 16 words placed as
 *
 *   A = (x0, x5, x10, x15)  B = (x4, x9, x14, x3)
 *   C = (x8, x13, x2, x7)   D = (x12, x1, x6, x11)
 *
 * the four column quarter-rounds are one vector quarter-round on
 * (A, B, C, D), and the four row quarter-rounds are one on A and
 * lane-rotated D, C, B.  Every block is kept in this order for the
 * whole of ROMix (BlockMix only XORs, copies and permutes whole 64-byte
 * blocks, which is lane-wise), so the permutation happens once on the
 * way in and once on the way out.  Integerify reads x0 and x1, at
 * positions 0 and 13 of that order.
 *
 * ROMix reads V at an index derived from the password: scrypt is
 * memory-hard by design and not constant-time.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"
#include "kdf-internal.h"

#include <string.h>
#include <stdint.h>

typedef u32 v4u32 __attribute__ ((vector_size (16)));

#if defined(__clang__)
# define LANE_ROT(v, k) \
  __builtin_shufflevector ((v), (v), (k) & 3, ((k) + 1) & 3, \
                           ((k) + 2) & 3, ((k) + 3) & 3)
#else
# define LANE_ROT(v, k) \
  __builtin_shuffle ((v), (v4u32) { (k) & 3, ((k) + 1) & 3, \
                                    ((k) + 2) & 3, ((k) + 3) & 3 })
#endif

#define VROL(v, n) (((v) << (n)) | ((v) >> (32 - (n))))

/* One Salsa20 block in diagonal order.  */
typedef struct sblock
{
  v4u32 v[4];
} sblock_t;

/* Where word I of a Salsa20 block goes in diagonal order.  */
static const unsigned char diag_pos[16] =
  {
    0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3
  };

#define QUARTER(a, b, c, d)                     \
  do {                                          \
    b ^= VROL (a + d, 7);                       \
    c ^= VROL (b + a, 9);                       \
    d ^= VROL (c + b, 13);                      \
    a ^= VROL (d + c, 18);                      \
  } while (0)

/* Everything ROMix runs is inlined into one function per instruction
   set (see romix_* below).  */
#define SCRYPT_INLINE static inline __attribute__ ((always_inline))

/* X = Salsa20/8 (X ^ IN).  */
SCRYPT_INLINE void
salsa8_xor (sblock_t *x, const sblock_t *in)
{
  v4u32 a, b, c, d, a0, b0, c0, d0, t;
  int i;

  a0 = a = x->v[0] ^ in->v[0];
  b0 = b = x->v[1] ^ in->v[1];
  c0 = c = x->v[2] ^ in->v[2];
  d0 = d = x->v[3] ^ in->v[3];
  for (i = 0; i < 4; i++)
    {
      QUARTER (a, b, c, d);            /* Columns.  */
      /* Rows: B holds x1,x6,x11,x12 after rotating D by one lane, and
         so on; rotate back afterwards.  */
      t = LANE_ROT (d, 1);
      d = LANE_ROT (b, 3);
      b = t;
      c = LANE_ROT (c, 2);
      QUARTER (a, b, c, d);
      t = LANE_ROT (b, 3);
      b = LANE_ROT (d, 1);
      d = t;
      c = LANE_ROT (c, 2);
    }
  x->v[0] = a + a0;
  x->v[1] = b + b0;
  x->v[2] = c + c0;
  x->v[3] = d + d0;
}

/* BlockMix (RFC 7914, 4) of the 2R blocks IN (XORed with XIN first if
   non-NULL) into OUT: even results first, then odd ones.  */
SCRYPT_INLINE void
blockmix (const sblock_t *in, const sblock_t *xin, sblock_t *out,
          unsigned int r)
{
  sblock_t x, t;
  unsigned int i;
  int k;

  x = in[2 * r - 1];
  if (xin)
    for (k = 0; k < 4; k++)
      x.v[k] ^= xin[2 * r - 1].v[k];
  for (i = 0; i < 2 * r; i++)
    {
      if (xin)
        {
          for (k = 0; k < 4; k++)
            t.v[k] = in[i].v[k] ^ xin[i].v[k];
          salsa8_xor (&x, &t);
        }
      else
        salsa8_xor (&x, &in[i]);
      out[(i & 1) * r + (i >> 1)] = x;
    }
  wipememory (&x, sizeof x);
  wipememory (&t, sizeof t);
}

/* Integerify (X) mod N: the low 64 bits of the last block as a
   little-endian integer, x0 and x1 (diagonal positions 0 and 13), which
   is what upstream reduces when N is not a power of two.  */
SCRYPT_INLINE size_t
integerify (const sblock_t *x, unsigned int r, size_t n)
{
  const sblock_t *last = &x[2 * r - 1];
  u64 v = ((u64) last->v[3][1] << 32) | last->v[0][0];

  /* A mask for the usual powers of two: no division per step.  */
  return (n & (n - 1)) ? v % n : v & (n - 1);
}

/* ROMix (RFC 7914, 5) of the 2R blocks at X (diagonal order) with V
   (N * 2R blocks) and the scratch Y (2R blocks).  */
SCRYPT_INLINE void
romix_body (sblock_t *x, size_t n, unsigned int r, sblock_t *v, sblock_t *y)
{
  size_t blocks = 2 * (size_t) r, i, j;

  memcpy (v, x, blocks * sizeof *x);
  for (i = 0; i + 1 < n; i++)
    blockmix (v + i * blocks, NULL, v + (i + 1) * blocks, r);
  blockmix (v + (n - 1) * blocks, NULL, x, r);

  for (i = 0; i < n; i += 2)
    {
      j = integerify (x, r, n);
      blockmix (x, v + j * blocks, y, r);
      if (i + 1 == n)
        {
          memcpy (x, y, blocks * sizeof *x);
          break;
        }
      j = integerify (y, r, n);
      blockmix (y, v + j * blocks, x, r);
    }
}

typedef void (*romix_fn_t) (sblock_t *x, size_t n, unsigned int r,
                            sblock_t *v, sblock_t *y);

/* The baseline build: SSE2 on x86-64.  */
static void
romix_generic (sblock_t *x, size_t n, unsigned int r, sblock_t *v,
               sblock_t *y)
{
  romix_body (x, n, r, v, y);
}

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* The same code compiled for AVX-512VL: the compiler turns each
   shift-shift-or rotation into one VPROLD, which shortens the chain of
   dependent instructions Salsa20 is made of by a third.  */
static __attribute__ ((target ("avx2,avx512f,avx512vl"))) void
romix_avx512 (sblock_t *x, size_t n, unsigned int r, sblock_t *v,
              sblock_t *y)
{
  romix_body (x, n, r, v, y);
}
#endif

typedef struct romix_kernel
{
  const char *name;
  unsigned int hwf;
  romix_fn_t fn;
} romix_kernel_t;

static const romix_kernel_t romix_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512", HWF_INTEL_AVX512, romix_avx512 },
#endif
    { "generic", 0, romix_generic }
  };

/* Entry "scrypt" of _gcry_kdf_kernel_reports.  */
const char *
_gcry_scrypt_current_kernel (unsigned int hwf)
{
  return PICK_KERNEL (romix_kernels, DIM (romix_kernels), hwf)->name;
}

/* Bytes (128 * R per p-block, little-endian words) to diagonal-order
   blocks and back.  */
static void
to_diag (sblock_t *out, const byte *in, size_t nblocks)
{
  size_t b;
  int w;

  for (b = 0; b < nblocks; b++, in += 64)
    for (w = 0; w < 16; w++)
      out[b].v[diag_pos[w] >> 2][diag_pos[w] & 3] = load_le32 (in + 4 * w);
}

static void
from_diag (byte *out, const sblock_t *in, size_t nblocks)
{
  size_t b;
  int w;

  for (b = 0; b < nblocks; b++, out += 64)
    for (w = 0; w < 16; w++)
      store_le32 (out + 4 * w, in[b].v[diag_pos[w] >> 2][diag_pos[w] & 3]);
}

/* A 64-byte aligned, zeroed area of N blocks of 64 bytes; *BASE gets
   what to free.  NULL (errno set) if it does not fit.  */
static sblock_t *
alloc_blocks (size_t n, size_t per, void **base)
{
  size_t bytes;
  byte *p;

  if (per && n > (SIZE_MAX - 64) / sizeof (sblock_t) / per)
    {
      errno = ENOMEM;
      return NULL;
    }
  bytes = n * per * sizeof (sblock_t);
  p = _gcry_malloc (bytes + 64);
  *base = p;
  if (!p)
    return NULL;
  p += (64 - ((uintptr_t) p & 63)) & 63;
  return (sblock_t *) p;
}

gcry_err_code_t
_gcry_kdf_scrypt (const byte *passphrase, size_t passphraselen,
                  int n, unsigned int r, unsigned long p,
                  const byte *salt, size_t saltlen,
                  size_t keysize, byte *keybuffer)
{
  void *bbase = NULL, *vbase = NULL, *wbase = NULL;
  size_t blocks = 2 * (size_t) r, bbytes, i;
  sblock_t *b = NULL, *v = NULL, *w = NULL;
  byte *braw = NULL;
  romix_fn_t romix;
  gcry_err_code_t rc;

  if (n < 1 || !p)
    return GPG_ERR_INV_VALUE;
  if (p > 0xffffffffUL)
    return gpg_err_code_from_errno (EINVAL);

  /* B as bytes, B in diagonal order, V, and X/Y scratch.  */
  if (p > SIZE_MAX / 2 / 64 / blocks)
    return gpg_err_code_from_errno (ENOMEM);
  bbytes = p * blocks * 64;
  /* In ordinary memory like V, which holds the same kind of data and
     is far too big for the secure pool.  */
  braw = _gcry_malloc (bbytes);
  if (!braw)
    return kdf_alloc_error ();
  b = alloc_blocks (p, blocks, &bbase);
  if (b)
    v = alloc_blocks ((size_t) n, blocks, &vbase);
  if (v)
    w = alloc_blocks (2, blocks, &wbase);
  if (!w)
    {
      rc = kdf_alloc_error ();
      goto leave;
    }

  rc = _gcry_kdf_pbkdf2 (passphrase, passphraselen, GCRY_MD_SHA256,
                         salt, saltlen, 1, bbytes, braw);
  if (rc)
    goto leave;
  to_diag (b, braw, p * blocks);

  romix = PICK_KERNEL (romix_kernels, DIM (romix_kernels),
                      _gcry_get_hw_features ())->fn;
  for (i = 0; i < p; i++)
    romix (b + i * blocks, (size_t) n, r, v, w);

  from_diag (braw, b, p * blocks);
  rc = _gcry_kdf_pbkdf2 (passphrase, passphraselen, GCRY_MD_SHA256,
                         braw, bbytes, 1, keysize, keybuffer);

 leave:
  if (wbase)
    {
      wipememory (w, 2 * blocks * sizeof *w);
      _gcry_free (wbase);
    }
  if (vbase)
    {
      wipememory (v, (size_t) n * blocks * sizeof *v);
      _gcry_free (vbase);
    }
  if (bbase)
    {
      wipememory (b, p * blocks * sizeof *b);
      _gcry_free (bbase);
    }
  wipememory (braw, bbytes);
  _gcry_free (braw);
  return rc;
}
