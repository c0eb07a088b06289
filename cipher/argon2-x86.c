/* argon2-x86.c - Argon2's compression G (argon2-kernels.h) with AVX2
 * and with AVX-512.
 *
 * Variants: AVX2 and AVX-512VL on ymm (one row or column per P), and
 * AVX-512 on zmm (two per P, for CPUs where zmm code runs at full
 * speed: HWF_X86_ZMM).
 *
 * A block is 8 rows of 16 words.  P on one row is the BLAKE2b round
 * shape: with A, B, C, D the row's words 0-3, 4-7, 8-11, 12-15, the four
 * column GBs are one vector GB on (A, B, C, D), the four diagonal GBs
 * one on (A, B, C, D) with B, C, D rotated by 1, 2, 3 lanes.  P on a
 * column of 16-byte registers (words 2i, 2i+1, 2i+16, 2i+17, ...) has
 * the same shape once each vector is built from two 128-bit halves of
 * two rows, so one routine serves both passes; only the loads differ.
 *
 * BlaMka's 2 * lo32 (a) * lo32 (b) is VPMULUDQ.  Rotations: by 32 a
 * dword shuffle, by 24 and 16 byte shuffles, by 63 an add and a shift
 * (AVX2); VPRORQ for all four with AVX-512VL.
 *
 * Only the functions carry target attributes, so the file builds with
 * the project's baseline flags; argon2.c calls them only when the CPU
 * has the features of their table entries.  Each call ends with
 * VZEROALL: no block words stay in vector registers.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "argon2-kernels.h"

#include <immintrin.h>

#define AVX2_FN __attribute__ ((target ("avx2")))
#define AVX2_INLINE \
  static inline __attribute__ ((always_inline, target ("avx2")))
#define AVX512_FN __attribute__ ((target ("avx2,avx512f,avx512vl")))
#define AVX512_INLINE \
  static inline __attribute__ ((always_inline, \
                                target ("avx2,avx512f,avx512vl")))


/* Rotations of each 64-bit lane right by N.  */

AVX2_INLINE __m256i
ror32_avx2 (__m256i x)
{
  return _mm256_shuffle_epi32 (x, _MM_SHUFFLE (2, 3, 0, 1));
}

AVX2_INLINE __m256i
ror24_avx2 (__m256i x)
{
  const __m256i rot = _mm256_setr_epi8 (3, 4, 5, 6, 7, 0, 1, 2,
                                        11, 12, 13, 14, 15, 8, 9, 10,
                                        3, 4, 5, 6, 7, 0, 1, 2,
                                        11, 12, 13, 14, 15, 8, 9, 10);
  return _mm256_shuffle_epi8 (x, rot);
}

AVX2_INLINE __m256i
ror16_avx2 (__m256i x)
{
  const __m256i rot = _mm256_setr_epi8 (2, 3, 4, 5, 6, 7, 0, 1,
                                        10, 11, 12, 13, 14, 15, 8, 9,
                                        2, 3, 4, 5, 6, 7, 0, 1,
                                        10, 11, 12, 13, 14, 15, 8, 9);
  return _mm256_shuffle_epi8 (x, rot);
}

AVX2_INLINE __m256i
ror63_avx2 (__m256i x)
{
  return _mm256_xor_si256 (_mm256_srli_epi64 (x, 63),
                           _mm256_add_epi64 (x, x));
}

AVX512_INLINE __m256i ror32_avx512 (__m256i x) { return _mm256_ror_epi64 (x, 32); }
AVX512_INLINE __m256i ror24_avx512 (__m256i x) { return _mm256_ror_epi64 (x, 24); }
AVX512_INLINE __m256i ror16_avx512 (__m256i x) { return _mm256_ror_epi64 (x, 16); }
AVX512_INLINE __m256i ror63_avx512 (__m256i x) { return _mm256_ror_epi64 (x, 63); }

AVX2_INLINE __m256i
blamka_avx2 (__m256i x, __m256i y)
{
  __m256i prod = _mm256_mul_epu32 (x, y);

  return _mm256_add_epi64 (_mm256_add_epi64 (x, y),
                           _mm256_add_epi64 (prod, prod));
}

/* Two 128-bit halves as one vector, and back.  */
AVX2_INLINE __m256i
load_halves (const u64 *lo, const u64 *hi)
{
  return _mm256_inserti128_si256 (
           _mm256_castsi128_si256 (_mm_load_si128 ((const __m128i *) lo)),
           _mm_load_si128 ((const __m128i *) hi), 1);
}

AVX2_INLINE void
store_halves (u64 *lo, u64 *hi, __m256i v)
{
  _mm_store_si128 ((__m128i *) lo, _mm256_castsi256_si128 (v));
  _mm_store_si128 ((__m128i *) hi, _mm256_extracti128_si256 (v, 1));
}


/*
 * The kernel, stamped out once per rotation set.
 */

#define GB4(a, b, c, d, ROR32, ROR24, ROR16, ROR63)                     \
  do {                                                                  \
    a = blamka_avx2 (a, b); d = ROR32 (_mm256_xor_si256 (d, a));        \
    c = blamka_avx2 (c, d); b = ROR24 (_mm256_xor_si256 (b, c));        \
    a = blamka_avx2 (a, b); d = ROR16 (_mm256_xor_si256 (d, a));        \
    c = blamka_avx2 (c, d); b = ROR63 (_mm256_xor_si256 (b, c));        \
  } while (0)

#define PERM(a, b, c, d, ROR32, ROR24, ROR16, ROR63)                    \
  do {                                                                  \
    GB4 (a, b, c, d, ROR32, ROR24, ROR16, ROR63);                       \
    b = _mm256_permute4x64_epi64 (b, _MM_SHUFFLE (0, 3, 2, 1));         \
    c = _mm256_permute4x64_epi64 (c, _MM_SHUFFLE (1, 0, 3, 2));         \
    d = _mm256_permute4x64_epi64 (d, _MM_SHUFFLE (2, 1, 0, 3));         \
    GB4 (a, b, c, d, ROR32, ROR24, ROR16, ROR63);                       \
    b = _mm256_permute4x64_epi64 (b, _MM_SHUFFLE (2, 1, 0, 3));         \
    c = _mm256_permute4x64_epi64 (c, _MM_SHUFFLE (1, 0, 3, 2));         \
    d = _mm256_permute4x64_epi64 (d, _MM_SHUFFLE (0, 3, 2, 1));         \
  } while (0)

/* SCRATCH: R = PREV ^ REF in the first 128 words, the rows' output Z in
   the next 128.  Column I's vectors are made of the word pairs at 2I
   + 16K for K = 0..7, two per vector.  */
#define DEFINE_FILL(NAME, ATTR, ROR32, ROR24, ROR16, ROR63)             \
  ATTR void                                                             \
  NAME (u64 *out, const u64 *prev, const u64 *ref, int xor_old,         \
        u64 *scratch)                                                   \
  {                                                                     \
    u64 *r = scratch, *z = scratch + ARGON2_BLOCK_WORDS;                \
    __m256i a, b, c, d;                                                 \
    int i, k;                                                           \
                                                                        \
    for (i = 0; i < 8; i++)                                             \
      {                                                                 \
        const __m256i *pv = (const __m256i *) (prev + 16 * i);          \
        const __m256i *rv = (const __m256i *) (ref + 16 * i);           \
        __m256i *sr = (__m256i *) (r + 16 * i);                         \
        __m256i *sz = (__m256i *) (z + 16 * i);                         \
                                                                        \
        a = _mm256_xor_si256 (_mm256_load_si256 (pv + 0),               \
                              _mm256_load_si256 (rv + 0));              \
        b = _mm256_xor_si256 (_mm256_load_si256 (pv + 1),               \
                              _mm256_load_si256 (rv + 1));              \
        c = _mm256_xor_si256 (_mm256_load_si256 (pv + 2),               \
                              _mm256_load_si256 (rv + 2));              \
        d = _mm256_xor_si256 (_mm256_load_si256 (pv + 3),               \
                              _mm256_load_si256 (rv + 3));              \
        _mm256_store_si256 (sr + 0, a);                                 \
        _mm256_store_si256 (sr + 1, b);                                 \
        _mm256_store_si256 (sr + 2, c);                                 \
        _mm256_store_si256 (sr + 3, d);                                 \
        PERM (a, b, c, d, ROR32, ROR24, ROR16, ROR63);                  \
        _mm256_store_si256 (sz + 0, a);                                 \
        _mm256_store_si256 (sz + 1, b);                                 \
        _mm256_store_si256 (sz + 2, c);                                 \
        _mm256_store_si256 (sz + 3, d);                                 \
      }                                                                 \
                                                                        \
    for (i = 0; i < 8; i++)                                             \
      {                                                                 \
        __m256i v[4];                                                   \
        const int base = 2 * i;                                         \
                                                                        \
        a = load_halves (z + base + 0, z + base + 16);                  \
        b = load_halves (z + base + 32, z + base + 48);                 \
        c = load_halves (z + base + 64, z + base + 80);                 \
        d = load_halves (z + base + 96, z + base + 112);                \
        PERM (a, b, c, d, ROR32, ROR24, ROR16, ROR63);                  \
        v[0] = a; v[1] = b; v[2] = c; v[3] = d;                         \
        for (k = 0; k < 4; k++)                                         \
          {                                                             \
            u64 *lo = out + base + 32 * k, *hi = lo + 16;               \
            __m256i x = _mm256_xor_si256 (                              \
                          v[k], load_halves (r + base + 32 * k,         \
                                             r + base + 32 * k + 16));  \
            if (xor_old)                                                \
              x = _mm256_xor_si256 (x, load_halves (lo, hi));           \
            store_halves (lo, hi, x);                                   \
          }                                                             \
      }                                                                 \
    _mm256_zeroall ();                                                  \
  }

DEFINE_FILL (_gcry_argon2_fill_avx2, AVX2_FN,
             ror32_avx2, ror24_avx2, ror16_avx2, ror63_avx2)
DEFINE_FILL (_gcry_argon2_fill_avx512, AVX512_FN,
             ror32_avx512, ror24_avx512, ror16_avx512, ror63_avx512)

/*
 * AVX-512 on zmm: two rows (two columns) per P, each 256-bit half of a
 * register holding what one ymm holds above; VPERMQ's lane rotations
 * act on each half, so P is the same code.  Rows 2k and 2k+1 are the
 * 32 words at 32k: their A, B, C, D are the halves of four loads put
 * side by side with VSHUFI64X2.  Columns i and i+1 (i even) are made of
 * the 256-bit runs at 2i + 16j; a VSHUFI64X2 swaps the middle 128-bit
 * lanes so that each half holds one column's pairs from two rows.
 */

AVX512_INLINE __m512i
blamka_zmm (__m512i x, __m512i y)
{
  __m512i prod = _mm512_mul_epu32 (x, y);

  return _mm512_add_epi64 (_mm512_add_epi64 (x, y),
                           _mm512_add_epi64 (prod, prod));
}

#define GB8(a, b, c, d)                                                 \
  do {                                                                  \
    a = blamka_zmm (a, b);                                              \
    d = _mm512_ror_epi64 (_mm512_xor_si512 (d, a), 32);                 \
    c = blamka_zmm (c, d);                                              \
    b = _mm512_ror_epi64 (_mm512_xor_si512 (b, c), 24);                 \
    a = blamka_zmm (a, b);                                              \
    d = _mm512_ror_epi64 (_mm512_xor_si512 (d, a), 16);                 \
    c = blamka_zmm (c, d);                                              \
    b = _mm512_ror_epi64 (_mm512_xor_si512 (b, c), 63);                 \
  } while (0)

#define PERM8(a, b, c, d)                                               \
  do {                                                                  \
    GB8 (a, b, c, d);                                                   \
    b = _mm512_permutex_epi64 (b, _MM_SHUFFLE (0, 3, 2, 1));            \
    c = _mm512_permutex_epi64 (c, _MM_SHUFFLE (1, 0, 3, 2));            \
    d = _mm512_permutex_epi64 (d, _MM_SHUFFLE (2, 1, 0, 3));            \
    GB8 (a, b, c, d);                                                   \
    b = _mm512_permutex_epi64 (b, _MM_SHUFFLE (2, 1, 0, 3));            \
    c = _mm512_permutex_epi64 (c, _MM_SHUFFLE (1, 0, 3, 2));            \
    d = _mm512_permutex_epi64 (d, _MM_SHUFFLE (0, 3, 2, 1));            \
  } while (0)

/* The 256-bit runs at LO and HI side by side.  */
AVX512_INLINE __m512i
load_runs (const u64 *lo, const u64 *hi)
{
  return _mm512_inserti64x4 (
           _mm512_castsi256_si512 (_mm256_load_si256 ((const __m256i *) lo)),
           _mm256_load_si256 ((const __m256i *) hi), 1);
}

AVX512_INLINE void
store_runs (u64 *lo, u64 *hi, __m512i v)
{
  _mm256_store_si256 ((__m256i *) lo, _mm512_castsi512_si256 (v));
  _mm256_store_si256 ((__m256i *) hi, _mm512_extracti64x4_epi64 (v, 1));
}

/* 128-bit lanes 0, 2, 1, 3: its own inverse.  */
#define SWAP_MIDDLE(v) _mm512_shuffle_i64x2 ((v), (v), _MM_SHUFFLE (3, 1, 2, 0))

AVX512_FN void
_gcry_argon2_fill_avx512_zmm (u64 *out, const u64 *prev, const u64 *ref,
                              int xor_old, u64 *scratch)
{
  u64 *r = scratch, *z = scratch + ARGON2_BLOCK_WORDS;
  __m512i a, b, c, d, w0, w1, w2, w3;
  int k, j;

  for (k = 0; k < 4; k++)
    {
      const __m512i *pv = (const __m512i *) (prev + 32 * k);
      const __m512i *rv = (const __m512i *) (ref + 32 * k);
      __m512i *sr = (__m512i *) (r + 32 * k);
      __m512i *sz = (__m512i *) (z + 32 * k);

      w0 = _mm512_xor_si512 (_mm512_load_si512 (pv + 0),
                             _mm512_load_si512 (rv + 0));
      w1 = _mm512_xor_si512 (_mm512_load_si512 (pv + 1),
                             _mm512_load_si512 (rv + 1));
      w2 = _mm512_xor_si512 (_mm512_load_si512 (pv + 2),
                             _mm512_load_si512 (rv + 2));
      w3 = _mm512_xor_si512 (_mm512_load_si512 (pv + 3),
                             _mm512_load_si512 (rv + 3));
      _mm512_store_si512 (sr + 0, w0);
      _mm512_store_si512 (sr + 1, w1);
      _mm512_store_si512 (sr + 2, w2);
      _mm512_store_si512 (sr + 3, w3);
      /* W0, W1: row 2k; W2, W3: row 2k + 1.  */
      a = _mm512_shuffle_i64x2 (w0, w2, _MM_SHUFFLE (1, 0, 1, 0));
      b = _mm512_shuffle_i64x2 (w0, w2, _MM_SHUFFLE (3, 2, 3, 2));
      c = _mm512_shuffle_i64x2 (w1, w3, _MM_SHUFFLE (1, 0, 1, 0));
      d = _mm512_shuffle_i64x2 (w1, w3, _MM_SHUFFLE (3, 2, 3, 2));
      PERM8 (a, b, c, d);
      _mm512_store_si512 (sz + 0,
                          _mm512_shuffle_i64x2 (a, b, _MM_SHUFFLE (1, 0, 1, 0)));
      _mm512_store_si512 (sz + 1,
                          _mm512_shuffle_i64x2 (c, d, _MM_SHUFFLE (1, 0, 1, 0)));
      _mm512_store_si512 (sz + 2,
                          _mm512_shuffle_i64x2 (a, b, _MM_SHUFFLE (3, 2, 3, 2)));
      _mm512_store_si512 (sz + 3,
                          _mm512_shuffle_i64x2 (c, d, _MM_SHUFFLE (3, 2, 3, 2)));
    }

  for (k = 0; k < 4; k++)
    {
      __m512i v[4];
      const int base = 4 * k;   /* 2i for the column pair i = 2k.  */

      a = SWAP_MIDDLE (load_runs (z + base + 0, z + base + 16));
      b = SWAP_MIDDLE (load_runs (z + base + 32, z + base + 48));
      c = SWAP_MIDDLE (load_runs (z + base + 64, z + base + 80));
      d = SWAP_MIDDLE (load_runs (z + base + 96, z + base + 112));
      PERM8 (a, b, c, d);
      v[0] = a; v[1] = b; v[2] = c; v[3] = d;
      for (j = 0; j < 4; j++)
        {
          u64 *lo = out + base + 32 * j, *hi = lo + 16;
          __m512i x = _mm512_xor_si512 (
                        SWAP_MIDDLE (v[j]),
                        load_runs (r + base + 32 * j, r + base + 32 * j + 16));

          if (xor_old)
            x = _mm512_xor_si512 (x, load_runs (lo, hi));
          store_runs (lo, hi, x);
        }
    }
  _mm256_zeroall ();
}
