/* crc-pclmul.c - CRC32 and CRC24 by carry-less multiplication folding.
 *
 * A CRC register after a message M is M(x) * x^32 mod P(x).  Folding
 * keeps a few 128-bit lanes of "pending message" and advances each lane
 * over D bits of new data by replacing its two 64-bit halves H and L
 * with H * (x^(D+64) mod P) + L * (x^D mod P): two PCLMULQDQ, each
 * product under 96 bits, congruent mod P and so leaving the CRC
 * unchanged.  Eight lanes (128 bytes a round) keep the multiplier busy
 * past its latency; the lanes are then folded into one, and that one
 * is reduced to 32 bits by two more folds and a Barrett reduction.
 *
 * Three variants of the bulk loop, one reduction:
 *   pclmul          8 xmm lanes, 128 bytes a round (SSE4.1 + PCLMULQDQ);
 *   vpclmul-avx2    4 ymm registers of 2 lanes, 128 bytes a round;
 *   vpclmul-avx512  4 zmm registers of 4 lanes, 256 bytes a round.
 * Short inputs in the vector variants fall back to the xmm loop, which
 * the compiler then emits VEX-encoded.  A length that is not a multiple
 * of 16 ends with one overlapping fold (fold_partial), so any length
 * from 16 up is folded here and a 16..63-byte message costs a few folds
 * and the reduction, no table pass.
 *
 * Written with intrinsics under a target attribute rather than as a .S
 * kernel: the loop is a dozen instructions the compiler schedules as
 * well as by hand, the project already does GHASH this way
 * (ghash-pclmul.c), and nothing here is secret, so there is no register
 * wiping for an assembly kernel to guarantee.
 *
 * Two bit orders:
 *   - CRC32 is reflected: the first message bit is bit 0 of byte 0 and
 *     the highest power.  Loaded little-endian, bit k of a lane is the
 *     coefficient of x^(127-k), so a lane's low qword is its HIGH half.
 *     A product of two such operands comes out one place short (bit k
 *     of a 64x32 product is x^(94-k)), which the constants absorb: the
 *     multiplier for a half that must gain x^E is x^(E-33) mod P.
 *   - CRC24 is MSB-first.  Each 16 bytes are byte-reversed (PSHUFB) so
 *     that bit k of a lane is the coefficient of x^k, and products need
 *     no correction.  The register holds the 24-bit CRC in its top bits,
 *     i.e. CRC24 is computed as a 32-bit CRC modulo Q = P24 * x^8: then
 *     M * x^32 mod Q = (M * x^24 mod P24) * x^8, the layout crc.c uses.
 *
 * The constants are x^E mod P (CRC32: P = 0x104C11DB7, stored bit-
 * reversed in 32 bits) and x^E mod Q (CRC24: Q = 0x1864CFB00), and for
 * Barrett mu = floor(x^64 / P) (stored bit-reversed in 33 bits for
 * CRC32) with P itself.  They were computed by this derivation, run in
 * Python (shift-and-subtract, no tables):
 *
 *   def xmod(e, P):           # x^e mod P, P of degree 32
 *       r = 1
 *       for _ in range(e):
 *           r <<= 1
 *           if r >> 32 & 1: r ^= P
 *       return r
 *   def div64(P):             # floor(x^64 / P)
 *       q, r = 0, 1 << 64
 *       for i in range(32, -1, -1):
 *           if r >> (i + 32) & 1: q |= 1 << i; r ^= P << i
 *       return q
 *   rev(v, n) = v's low n bits in reverse order
 *
 * and tested against the table code by tests/t-crc-kernels.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <immintrin.h>

#include "crc-kernels.h"

/* Each function gets its instruction set through a target attribute
   only, so the file builds with the project's baseline flags and the
   kernel table decides at run time what may execute.  */
#define PCLMUL_FN __attribute__ ((target ("pclmul,sse4.1")))
#define PCLMUL_INLINE \
  static inline __attribute__ ((always_inline, target ("pclmul,sse4.1")))
#define AVX2_TARGET "vpclmulqdq,avx2,pclmul,sse4.1"
#define AVX512_TARGET "vpclmulqdq,avx512f,avx512bw,avx512vl,avx2,pclmul,sse4.1"
#define AVX2_FN __attribute__ ((target (AVX2_TARGET)))
#define AVX2_INLINE \
  static inline __attribute__ ((always_inline, target (AVX2_TARGET)))
#define AVX512_FN __attribute__ ((target (AVX512_TARGET)))
#define AVX512_INLINE \
  static inline __attribute__ ((always_inline, target (AVX512_TARGET)))

/* CRC32, reflected: rev32 (x^E mod P).  A fold by D bits multiplies the
   lane's high half (low qword) by x^(D+31) and its low half by x^(D-33).  */
#define CRC32_X2079 0xce3371cbu   /* 16 lanes: D = 2048 */
#define CRC32_X2015 0xe95c1271u
#define CRC32_X1055 0x33fff533u   /* 8 lanes: D = 1024 */
#define CRC32_X991  0x910eeec1u
#define CRC32_X543  0x8f352d95u   /* zmm into zmm: D = 512 */
#define CRC32_X479  0x1d9513d7u
#define CRC32_X287  0xf1da05aau   /* ymm into ymm: D = 256 */
#define CRC32_X223  0x81256527u
#define CRC32_X159  0xae689191u   /* 1 lane: D = 128 */
#define CRC32_X95   0xccaa009eu
#define CRC32_X63   0xb8bc6765u   /* 96 -> 64 bits */
#define CRC32_MU_R33 0x1f7011641ull   /* rev33 (floor (x^64 / P)) */
#define CRC32_P_R33  0x1db710641ull   /* rev33 (P) */

/* CRC24 as CRC mod Q, MSB-first: x^E mod Q.  A fold by D bits multiplies
   the lane's high half (high qword) by x^(D+64), its low half by x^D.  */
#define CRC24_X2112 0x09e45400u   /* 16 lanes: D = 2048 */
#define CRC24_X2048 0xa79dfd00u
#define CRC24_X1088 0x8a322000u   /* 8 lanes: D = 1024 */
#define CRC24_X1024 0x2e6a9100u
#define CRC24_X576  0x1f428700u   /* zmm into zmm: D = 512 */
#define CRC24_X512  0x467d2400u
#define CRC24_X320  0x66dd1f00u   /* ymm into ymm: D = 256 */
#define CRC24_X256  0x9d89a200u
#define CRC24_X192  0x2c8c9d00u   /* 1 lane: D = 128 */
#define CRC24_X128  0x64e4d700u
#define CRC24_X96   0xfd7e0c00u   /* 128 -> 96 bits */
#define CRC24_X64   0xd9fe8c00u   /* 96 -> 64 bits */
#define CRC24_MU    0x1f845fe24ull    /* floor (x^64 / Q) */
#define CRC24_Q     0x1864cfb00ull

/* A fold constant pair as a lane: LO multiplies the low qword.  */
#define KPAIR(lo, hi) _mm_set_epi64x ((long long) (hi), (long long) (lo))

/* The multipliers of one CRC, and its bit order.  */
typedef struct
{
  __m128i k2048, k1024, k512, k256, k128;
  __m128i first;        /* The register, where it meets the message.  */
  __m128i bswap;        /* Byte reversal, for SWAP.  */
  int swap;
} fold_params_t;

#define CRC32_PARAMS(crc) \
  { KPAIR (CRC32_X2079, CRC32_X2015), KPAIR (CRC32_X1055, CRC32_X991), \
    KPAIR (CRC32_X543, CRC32_X479), KPAIR (CRC32_X287, CRC32_X223), \
    KPAIR (CRC32_X159, CRC32_X95), \
    _mm_cvtsi32_si128 ((int) (crc)), _mm_setzero_si128 (), 0 }

/* CRC24: the register is the partner of the first four message bytes,
   x^96..x^127 of the byte-reversed lane.  */
#define CRC24_PARAMS(crc) \
  { KPAIR (CRC24_X2048, CRC24_X2112), KPAIR (CRC24_X1024, CRC24_X1088), \
    KPAIR (CRC24_X512, CRC24_X576), KPAIR (CRC24_X256, CRC24_X320), \
    KPAIR (CRC24_X128, CRC24_X192), \
    _mm_slli_si128 (_mm_cvtsi32_si128 ((int) (crc)), 12), \
    _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), 1 }


/*
 * xmm: 8 lanes, then one.
 */

/* Lane X advanced over D bits (K holding both multipliers) plus DATA.  */
PCLMUL_INLINE __m128i
fold (__m128i x, __m128i k, __m128i data)
{
  __m128i lo = _mm_clmulepi64_si128 (x, k, 0x00);
  __m128i hi = _mm_clmulepi64_si128 (x, k, 0x11);

  return _mm_xor_si128 (_mm_xor_si128 (lo, hi), data);
}

/* 16 bytes at P as a lane: byte-reversed for the MSB-first CRC24
   (SWAP is a compile-time constant in every caller).  */
PCLMUL_INLINE __m128i
load_lane (const byte *p, const fold_params_t *fp)
{
  __m128i v = _mm_loadu_si128 ((const __m128i *) p);

  return fp->swap ? _mm_shuffle_epi8 (v, fp->bswap) : v;
}

/* The rest of the input, LEN (a multiple of 16) bytes, into ACC.  */
PCLMUL_INLINE __m128i
fold_tail (__m128i acc, const byte *p, size_t len, const fold_params_t *fp)
{
  for (; len; len -= 16, p += 16)
    acc = fold (acc, fp->k128, load_lane (p, fp));
  return acc;
}

/* Fold LEN bytes (a multiple of 16, at least 16) at P into one lane,
   the register placed as FP->first says.  The eight lanes are named
   variables, not an array, so that they stay in registers.  */
PCLMUL_INLINE __m128i
fold_xmm (const byte *p, size_t len, const fold_params_t *fp)
{
  __m128i x0, x1, x2, x3, x4, x5, x6, x7, acc;

#define LOAD(off) load_lane (p + (off), fp)
  if (len < 128)
    return fold_tail (_mm_xor_si128 (LOAD (0), fp->first), p + 16, len - 16,
                      fp);

  x0 = _mm_xor_si128 (LOAD (0), fp->first);
  x1 = LOAD (16);
  x2 = LOAD (32);
  x3 = LOAD (48);
  x4 = LOAD (64);
  x5 = LOAD (80);
  x6 = LOAD (96);
  x7 = LOAD (112);
  for (p += 128, len -= 128; len >= 128; p += 128, len -= 128)
    {
      x0 = fold (x0, fp->k1024, LOAD (0));
      x1 = fold (x1, fp->k1024, LOAD (16));
      x2 = fold (x2, fp->k1024, LOAD (32));
      x3 = fold (x3, fp->k1024, LOAD (48));
      x4 = fold (x4, fp->k1024, LOAD (64));
      x5 = fold (x5, fp->k1024, LOAD (80));
      x6 = fold (x6, fp->k1024, LOAD (96));
      x7 = fold (x7, fp->k1024, LOAD (112));
    }
#undef LOAD
  acc = fold (x0, fp->k128, x1);
  acc = fold (acc, fp->k128, x2);
  acc = fold (acc, fp->k128, x3);
  acc = fold (acc, fp->k128, x4);
  acc = fold (acc, fp->k128, x5);
  acc = fold (acc, fp->k128, x6);
  acc = fold (acc, fp->k128, x7);
  return fold_tail (acc, p, len, fp);
}


/*
 * ymm: 4 registers of 2 lanes, then one register, then one lane.
 */

AVX2_INLINE __m256i
fold256 (__m256i x, __m256i k, __m256i data)
{
  __m256i lo = _mm256_clmulepi64_epi128 (x, k, 0x00);
  __m256i hi = _mm256_clmulepi64_epi128 (x, k, 0x11);

  return _mm256_xor_si256 (_mm256_xor_si256 (lo, hi), data);
}

AVX2_INLINE __m256i
load256 (const byte *p, const fold_params_t *fp)
{
  __m256i v = _mm256_loadu_si256 ((const __m256i *) p);

  return fp->swap
         ? _mm256_shuffle_epi8 (v, _mm256_broadcastsi128_si256 (fp->bswap))
         : v;
}

AVX2_INLINE __m128i
fold_ymm (const byte *p, size_t len, const fold_params_t *fp)
{
  __m256i y0, y1, y2, y3, k;
  __m128i acc;

  if (len < 128)
    return fold_xmm (p, len, fp);

#define LOAD(off) load256 (p + (off), fp)
  y0 = _mm256_xor_si256 (LOAD (0), _mm256_zextsi128_si256 (fp->first));
  y1 = LOAD (32);
  y2 = LOAD (64);
  y3 = LOAD (96);
  k = _mm256_broadcastsi128_si256 (fp->k1024);
  for (p += 128, len -= 128; len >= 128; p += 128, len -= 128)
    {
      y0 = fold256 (y0, k, LOAD (0));
      y1 = fold256 (y1, k, LOAD (32));
      y2 = fold256 (y2, k, LOAD (64));
      y3 = fold256 (y3, k, LOAD (96));
    }
#undef LOAD
  k = _mm256_broadcastsi128_si256 (fp->k256);
  y1 = fold256 (y0, k, y1);
  y2 = fold256 (y1, k, y2);
  y3 = fold256 (y2, k, y3);
  acc = fold (_mm256_castsi256_si128 (y3), fp->k128,
              _mm256_extracti128_si256 (y3, 1));
  return fold_tail (acc, p, len, fp);
}


/*
 * zmm: 4 registers of 4 lanes, then one register, then one lane.
 */

AVX512_INLINE __m512i
fold512 (__m512i x, __m512i k, __m512i data)
{
  return _mm512_ternarylogic_epi64 (_mm512_clmulepi64_epi128 (x, k, 0x00),
                                    _mm512_clmulepi64_epi128 (x, k, 0x11),
                                    data, 0x96);
}

AVX512_INLINE __m512i
load512 (const byte *p, const fold_params_t *fp)
{
  __m512i v = _mm512_loadu_si512 ((const void *) p);

  return fp->swap
         ? _mm512_shuffle_epi8 (v, _mm512_broadcast_i32x4 (fp->bswap))
         : v;
}

AVX512_INLINE __m128i
fold_zmm (const byte *p, size_t len, const fold_params_t *fp)
{
  __m512i z0, z1, z2, z3, k;
  __m128i acc;

  if (len < 256)
    return fold_xmm (p, len, fp);

#define LOAD(off) load512 (p + (off), fp)
  z0 = _mm512_xor_si512 (LOAD (0), _mm512_zextsi128_si512 (fp->first));
  z1 = LOAD (64);
  z2 = LOAD (128);
  z3 = LOAD (192);
  k = _mm512_broadcast_i32x4 (fp->k2048);
  for (p += 256, len -= 256; len >= 256; p += 256, len -= 256)
    {
      z0 = fold512 (z0, k, LOAD (0));
      z1 = fold512 (z1, k, LOAD (64));
      z2 = fold512 (z2, k, LOAD (128));
      z3 = fold512 (z3, k, LOAD (192));
    }
  k = _mm512_broadcast_i32x4 (fp->k512);
  z1 = fold512 (z0, k, z1);
  z2 = fold512 (z1, k, z2);
  z3 = fold512 (z2, k, z3);
  for (; len >= 64; p += 64, len -= 64)
    z3 = fold512 (z3, k, LOAD (0));
#undef LOAD
  acc = fold (_mm512_extracti32x4_epi32 (z3, 0), fp->k128,
              _mm512_extracti32x4_epi32 (z3, 1));
  acc = fold (acc, fp->k128, _mm512_extracti32x4_epi32 (z3, 2));
  acc = fold (acc, fp->k128, _mm512_extracti32x4_epi32 (z3, 3));
  return fold_tail (acc, p, len, fp);
}


/*
 * The last LEN % 16 bytes, when LEN >= 16.  The message so far is ACC
 * (16 bytes) followed by R more bytes; instead of a table pass over
 * them after the reduction, the 16 + R bytes are re-split as H (the
 * first R bytes of ACC) and L (the last 16): L is ACC shifted by R
 * bytes with the tail filled in from a 16-byte load that ends at the
 * end of the input (never past it), and H, one lane in front of L, is
 * folded onto it by 128 bits.  Three shuffles, one blend and one fold:
 * this is what makes 17..63-byte messages cheap.
 *
 * The shifts are PSHUFB with a mask taken from a sliding window over
 * SHIFT_WINDOW: the 16 bytes at offset 16 - S shift a lane up by S
 * bytes (zeros in), at 16 + S down by S.  CRC32 lanes are in memory
 * order (the first byte is the highest), CRC24 lanes byte-reversed, so
 * the two shift in opposite directions.  The blend takes the tail where
 * the shift mask has its top bit set, i.e. where the shift brought in
 * zeros.
 */

static const byte shift_window[48] __attribute__ ((aligned (16))) =
  {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
  };

/* ACC followed by the R (1..15) bytes that end at LAST16 + 16.  */
PCLMUL_INLINE __m128i
fold_partial (__m128i acc, const byte *last16, size_t r,
              const fold_params_t *fp)
{
  __m128i data = load_lane (last16, fp);
  __m128i keep, front, low;

  if (!fp->swap)
    {
      keep = _mm_loadu_si128 ((const __m128i *) (shift_window + 16 + r));
      front = _mm_loadu_si128 ((const __m128i *) (shift_window + r));
    }
  else
    {
      keep = _mm_loadu_si128 ((const __m128i *) (shift_window + 16 - r));
      front = _mm_loadu_si128 ((const __m128i *) (shift_window + 32 - r));
    }
  low = _mm_blendv_epi8 (_mm_shuffle_epi8 (acc, keep), data, keep);
  return fold (_mm_shuffle_epi8 (acc, front), fp->k128, low);
}

/* ACC, the fold of the whole lanes of the LEN (at least 16) bytes at P,
   followed by the rest.  */
PCLMUL_INLINE __m128i
fold_rest (__m128i acc, const byte *p, size_t len, const fold_params_t *fp)
{
  size_t r = len & 15;

  return r ? fold_partial (acc, p + len - 16, r, fp) : acc;
}


/*
 * The final reductions: one lane A to A * x^32 mod P.
 */

/* CRC32, reflected.  */
PCLMUL_INLINE u32
reduce_crc32 (__m128i a)
{
  __m128i t;
  u64 u, q;

  /* A = H x^64 + L; H * x^95 (plus x^33 from the product) and L moved
     down a qword give T * x^32 with T = A * x^32 mod P in bits 0..95
     (bit k: x^(95-k)).  */
  t = _mm_xor_si128 (_mm_clmulepi64_si128 (a, _mm_cvtsi32_si128
                                           ((int) CRC32_X95), 0x00),
                     _mm_srli_si128 (a, 8));
  /* T = T_hi x^64 + T_lo -> U = T_hi * (x^64 mod P) + T_lo, in 64 bits
     (bit k: x^(63-k)); T_hi * x^63 plus one place from the product.  */
  u = (u64) _mm_cvtsi128_si64 (_mm_srli_si128 (t, 4))
      ^ (u64) _mm_cvtsi128_si64
          (_mm_clmulepi64_si128 (_mm_and_si128 (t, _mm_cvtsi32_si128 (-1)),
                                 _mm_cvtsi32_si128 ((int) CRC32_X63), 0x00));
  /* Barrett: q = floor (U_hi * mu / x^32) is bits 0..31 of the product
     with the 33-bit reversed mu; U - q * P leaves the CRC in the high
     half.  */
  q = (u64) _mm_cvtsi128_si64
        (_mm_clmulepi64_si128 (_mm_cvtsi32_si128 ((int) (u32) u),
                               _mm_cvtsi64_si128 ((long long) CRC32_MU_R33),
                               0x00));
  q &= 0xffffffffu;
  u ^= (u64) _mm_cvtsi128_si64
         (_mm_clmulepi64_si128 (_mm_cvtsi64_si128 ((long long) q),
                                _mm_cvtsi64_si128 ((long long) CRC32_P_R33),
                                0x00));
  return (u32) (u >> 32);
}

/* CRC24 as a CRC mod Q, MSB-first.  */
PCLMUL_INLINE u32
reduce_crc24 (__m128i a)
{
  __m128i t;
  u64 u, q;

  /* A = H x^64 + L -> T = H * (x^96 mod Q) + L x^32, under 96 bits.  */
  t = _mm_xor_si128 (_mm_clmulepi64_si128 (a, _mm_cvtsi32_si128
                                           ((int) CRC24_X96), 0x01),
                     _mm_slli_si128 (_mm_move_epi64 (a), 4));
  /* T = T_hi x^64 + T_lo -> U = T_hi * (x^64 mod Q) + T_lo.  */
  u = (u64) _mm_cvtsi128_si64 (t)
      ^ (u64) _mm_cvtsi128_si64
          (_mm_clmulepi64_si128 (_mm_srli_si128 (t, 8),
                                 _mm_cvtsi32_si128 ((int) CRC24_X64), 0x00));
  /* Barrett: q = floor (U_hi * mu / x^32); U - q * Q < x^32.  */
  q = (u64) _mm_cvtsi128_si64
        (_mm_clmulepi64_si128 (_mm_cvtsi64_si128 ((long long) (u >> 32)),
                               _mm_cvtsi64_si128 ((long long) CRC24_MU),
                               0x00)) >> 32;
  u ^= (u64) _mm_cvtsi128_si64
         (_mm_clmulepi64_si128 (_mm_cvtsi64_si128 ((long long) q),
                                _mm_cvtsi64_si128 ((long long) CRC24_Q),
                                0x00));
  return (u32) u;
}


/*
 * Entry points (contract in crc-kernels.h).
 */

PCLMUL_FN u32
_gcry_crc32_fold_pclmul (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC32_PARAMS (crc);

  return reduce_crc32 (fold_rest (fold_xmm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}

PCLMUL_FN u32
_gcry_crc24_fold_pclmul (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC24_PARAMS (crc);

  return reduce_crc24 (fold_rest (fold_xmm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}

AVX2_FN u32
_gcry_crc32_fold_vpclmul_avx2 (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC32_PARAMS (crc);

  return reduce_crc32 (fold_rest (fold_ymm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}

AVX2_FN u32
_gcry_crc24_fold_vpclmul_avx2 (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC24_PARAMS (crc);

  return reduce_crc24 (fold_rest (fold_ymm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}

AVX512_FN u32
_gcry_crc32_fold_vpclmul_avx512 (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC32_PARAMS (crc);

  return reduce_crc32 (fold_rest (fold_zmm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}

AVX512_FN u32
_gcry_crc24_fold_vpclmul_avx512 (u32 crc, const byte *p, size_t len)
{
  const fold_params_t fp = CRC24_PARAMS (crc);

  return reduce_crc24 (fold_rest (fold_zmm (p, len & ~(size_t) 15, &fp),
                                  p, len, &fp));
}
