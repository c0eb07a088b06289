/* ghash-pclmul.c - GHASH and POLYVAL with PCLMULQDQ (C intrinsics).
 *
 * The floor for CPUs without VPCLMULQDQ (ghash-x86_64.S takes over
 * where there is one); its setkey and the computation of the powers of
 * H on demand (ghash.h, ghash_key_t) serve those kernels too.
 *
 * Eight blocks per step, aggregated: with accumulator Y and blocks
 * X1..X8, (((Y ^ X1) H ^ X2) H ... ^ X8) H = (Y ^ X1) H^8 ^ X2 H^7 ^ ...
 * ^ X8 H, so the eight products (four PCLMULQDQ each, schoolbook) are
 * XORed unreduced and reduced once.  The powers come from the key
 * (ghash.h: reflected, times x^-1, so no shift of the product is
 * needed).  Reduction as in ghash-portable.c: for the low half D of the
 * product, R = high half ^ F(D ^ E) with F(V) = V ^ V>>1 ^ V>>2 ^ V>>7
 * and E = D<<127 ^ D<<126 ^ D<<121, done with 64-bit lane shifts.
 *
 * Only the functions carry the target attribute, so the file builds
 * with ordinary CFLAGS; callers check HWF_INTEL_PCLMUL and
 * HWF_INTEL_SSE4_1 (the kernel table in ghash.c does).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <immintrin.h>

#include "ghash.h"

#define PCLMUL_FN __attribute__ ((target ("pclmul,sse4.1")))
#define PCLMUL_INLINE \
  static inline __attribute__ ((always_inline, target ("pclmul,sse4.1")))

/* Unreduced 256-bit product, as the XOR of the four partial products
   before they are combined.  */
typedef struct
{
  __m128i lo, mid, hi;
} wide_t;

PCLMUL_INLINE void
mul_acc (wide_t *w, __m128i x, __m128i h)
{
  w->lo = _mm_xor_si128 (w->lo, _mm_clmulepi64_si128 (x, h, 0x00));
  w->hi = _mm_xor_si128 (w->hi, _mm_clmulepi64_si128 (x, h, 0x11));
  w->mid = _mm_xor_si128 (w->mid, _mm_clmulepi64_si128 (x, h, 0x01));
  w->mid = _mm_xor_si128 (w->mid, _mm_clmulepi64_si128 (x, h, 0x10));
}

PCLMUL_INLINE __m128i
shifts (__m128i v, int a, int b, int c)
{
  return _mm_xor_si128 (_mm_xor_si128 (_mm_slli_epi64 (v, a),
                                       _mm_slli_epi64 (v, b)),
                        _mm_slli_epi64 (v, c));
}

PCLMUL_INLINE __m128i
reduce (const wide_t *w)
{
  __m128i hi = _mm_xor_si128 (w->hi, _mm_srli_si128 (w->mid, 8));
  __m128i d = _mm_xor_si128 (w->lo, _mm_slli_si128 (w->mid, 8));
  __m128i r;

  /* D ^= E: E's high lane is D's low lane << 63, 62, 57.  */
  d = _mm_xor_si128 (d, _mm_slli_si128 (shifts (d, 63, 62, 57), 8));
  /* F(D): lane shifts right by 1, 2, 7, plus the bits crossing from
     the high lane into the low one.  */
  r = _mm_xor_si128 (d, _mm_srli_epi64 (d, 1));
  r = _mm_xor_si128 (r, _mm_srli_epi64 (d, 2));
  r = _mm_xor_si128 (r, _mm_srli_epi64 (d, 7));
  r = _mm_xor_si128 (r, _mm_srli_si128 (shifts (d, 63, 62, 57), 8));
  return _mm_xor_si128 (hi, r);
}

/* H^(I+1) * x^-1.  */
PCLMUL_INLINE __m128i
load_power (const ghash_key_t *key, int i)
{
  return _mm_loadu_si128 ((const __m128i *) key->hpow[GHASH_HPOW (i + 1)]);
}

/* The common loop.  BSWAP reverses the bytes of each block (GHASH) or
   is the identity (POLYVAL).  */
PCLMUL_INLINE void
update (const ghash_key_t *key, byte acc[16], const byte *buf,
        size_t nblocks, __m128i bswap)
{
  __m128i y = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) acc),
                                bswap);
  __m128i x;
  wide_t w;
  int i;

  /* Batches read H^1..H^8, single blocks H^1 only.  */
  if (nblocks >= 8)
    _gcry_ghash_need_powers (key, 8, _gcry_ghash_powers_pclmul);
  for (; nblocks >= 8; nblocks -= 8, buf += 8 * GHASH_BLOCKSIZE)
    {
      w.lo = w.mid = w.hi = _mm_setzero_si128 ();
      for (i = 0; i < 8; i++)
        {
          x = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *)
                                                 (buf + 16 * i)), bswap);
          if (i == 0)
            x = _mm_xor_si128 (x, y);
          mul_acc (&w, x, load_power (key, 7 - i));
        }
      y = reduce (&w);
    }
  for (; nblocks; nblocks--, buf += GHASH_BLOCKSIZE)
    {
      w.lo = w.mid = w.hi = _mm_setzero_si128 ();
      x = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) buf), bswap);
      mul_acc (&w, _mm_xor_si128 (x, y), load_power (key, 0));
      y = reduce (&w);
    }
  _mm_storeu_si128 ((__m128i *) acc, _mm_shuffle_epi8 (y, bswap));
}

PCLMUL_FN void
_gcry_ghash_update_pclmul (const ghash_key_t *key, byte acc[16],
                           const byte *buf, size_t nblocks)
{
  update (key, acc, buf, nblocks,
          _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                        8, 9, 10, 11, 12, 13, 14, 15));
}

PCLMUL_FN void
_gcry_polyval_update_pclmul (const ghash_key_t *key, byte acc[16],
                             const byte *buf, size_t nblocks)
{
  update (key, acc, buf, nblocks,
          _mm_set_epi8 (15, 14, 13, 12, 11, 10, 9, 8,
                        7, 6, 5, 4, 3, 2, 1, 0));
}

/* H^k * x^-1 in entry GHASH_NPOWERS - k of the array (ghash.h).  */
PCLMUL_INLINE __m128i
load_entry (const __m128i *hpow, unsigned int k)
{
  return _mm_loadu_si128 (hpow + GHASH_NPOWERS - k);
}

/* A * B' (reduced) for the key powers, with the other reduction: the
   Montgomery form the assembly kernels use (ghash-x86_64.S derives it).
   The carry-less product of the two reflected values is A B y^128 in
   the reversed field, and two 64-bit folds by 0xc2..00 (a PCLMULQDQ
   each) divide the y^128 out:
     MID ^= swap64 (LO) ^ clmul (LO[63:0], 0xc2..00)
     HI  ^= swap64 (MID) ^ clmul (MID[63:0], 0xc2..00)
   Six PCLMULQDQ and a handful of xors and shuffles: about half the
   instructions of reduce() above, whose twelve lane shifts compete for
   the same two vector ports; this is what bounds the throughput of the
   doubling below.  */
PCLMUL_INLINE __m128i
mul_mont (__m128i a, __m128i b)
{
  const __m128i poly = _mm_set_epi64x (0, (long long) 0xc200000000000000ULL);
  __m128i lo = _mm_clmulepi64_si128 (a, b, 0x00);
  __m128i hi = _mm_clmulepi64_si128 (a, b, 0x11);
  __m128i mid = _mm_xor_si128 (_mm_clmulepi64_si128 (a, b, 0x01),
                               _mm_clmulepi64_si128 (a, b, 0x10));

  mid = _mm_xor_si128 (mid, _mm_shuffle_epi32 (lo, 0x4e));
  mid = _mm_xor_si128 (mid, _mm_clmulepi64_si128 (lo, poly, 0x00));
  hi = _mm_xor_si128 (hi, _mm_shuffle_epi32 (mid, 0x4e));
  return _mm_xor_si128 (hi, _mm_clmulepi64_si128 (mid, poly, 0x00));
}

/* Doubling: with H^1..H^n known, H^(n+i) x^-1 = (H^i x^-1) * H^n for
   i = 1..n, n independent products (the multiplier absorbs one x^-1,
   ghash.h), so 2n powers cost n products at the depth of one: 32 powers
   take 31 products in 5 dependent steps, where a chain H^k = H^(k-1) H
   would take 31 steps of multiplier latency.  */
PCLMUL_FN unsigned int
_gcry_ghash_powers_pclmul (void *hpow, unsigned int have, unsigned int want)
{
  __m128i *p = hpow;
  __m128i hn;
  unsigned int n, i;

  for (n = have; n < want; n *= 2)
    {
      hn = load_entry (p, n);
      for (i = 1; i <= n; i++)
        _mm_storeu_si128 (p + GHASH_NPOWERS - (n + i),
                          mul_mont (load_entry (p, i), hn));
    }
  return n;
}

/* The same doubling two products per instruction, for CPUs with
   VPCLMULQDQ (the VPCLMULQDQ GHASH kernels and the VAES GCM kernels).
   From n = 2 on, a step is a copy of the entries of H^n..H^1 to n
   entries lower (H^2n..H^(n+1)), each multiplied by H^n: ymm vectors
   of two entries, with H^n broadcast.  The first step (n = 1) is one
   xmm product.  256-bit vectors: every such CPU runs them at full clock
   (no zmm policy to consult).  Stamped out twice from one body: VEX
   (_vpclmul, needs AVX2) and EVEX (_vpclmul_evex, needs AVX512VL), so
   that each kernel family's extension needs only the features its
   table entry already checks.  */
#define GHASH_DEFINE_POWERS_YMM(suffix, isa)                            \
  static inline __attribute__ ((always_inline, target (isa))) __m256i   \
  mul_mont_ymm_##suffix (__m256i a, __m256i b)                          \
  {                                                                     \
    const __m256i poly                                                  \
      = _mm256_set_epi64x (0, (long long) 0xc200000000000000ULL,        \
                           0, (long long) 0xc200000000000000ULL);       \
    __m256i lo = _mm256_clmulepi64_epi128 (a, b, 0x00);                 \
    __m256i hi = _mm256_clmulepi64_epi128 (a, b, 0x11);                 \
    __m256i mid = _mm256_xor_si256 (_mm256_clmulepi64_epi128 (a, b, 0x01), \
                                    _mm256_clmulepi64_epi128 (a, b, 0x10)); \
                                                                        \
    mid = _mm256_xor_si256 (mid, _mm256_shuffle_epi32 (lo, 0x4e));      \
    mid = _mm256_xor_si256 (mid, _mm256_clmulepi64_epi128 (lo, poly, 0x00)); \
    hi = _mm256_xor_si256 (hi, _mm256_shuffle_epi32 (mid, 0x4e));       \
    return _mm256_xor_si256 (hi, _mm256_clmulepi64_epi128 (mid, poly, 0x00)); \
  }                                                                     \
                                                                        \
  __attribute__ ((target (isa))) unsigned int                           \
  _gcry_ghash_powers_##suffix (void *hpow, unsigned int have,           \
                               unsigned int want)                       \
  {                                                                     \
    __m128i *p = hpow;                                                  \
    __m256i hn;                                                         \
    unsigned int n, i;                                                  \
                                                                        \
    n = have;                                                           \
    if (n == 1 && want > 1)                                             \
      {                                                                 \
        /* H^2 and H^1 as one store: the next step loads them as one   \
           vector, and a load spanning two recent stores would wait for \
           both to retire instead of being forwarded.  */               \
        __m128i h1 = load_entry (p, 1);                                 \
                                                                        \
        _mm256_storeu_si256 ((__m256i *) (p + GHASH_NPOWERS - 2),       \
                             _mm256_set_m128i (h1, mul_mont (h1, h1))); \
        n = 2;                                                          \
      }                                                                 \
    for (; n < want; n *= 2)                                            \
      {                                                                 \
        hn = _mm256_broadcastsi128_si256 (load_entry (p, n));           \
        for (i = 0; i < n; i += 2)                                      \
          _mm256_storeu_si256                                           \
            ((__m256i *) (p + GHASH_NPOWERS - 2 * n + i),               \
             mul_mont_ymm_##suffix (_mm256_loadu_si256                  \
                                    ((const __m256i *)                  \
                                     (p + GHASH_NPOWERS - n + i)), hn)); \
      }                                                                 \
    _mm256_zeroupper ();                                                \
    return n;                                                           \
  }

GHASH_DEFINE_POWERS_YMM (vpclmul, "pclmul,sse4.1,avx2,vpclmulqdq")
GHASH_DEFINE_POWERS_YMM (vpclmul_evex,
                         "pclmul,sse4.1,avx512f,avx512vl,vpclmulqdq")

/* H^1 only (ghash.h: the rest on demand).  */
PCLMUL_FN void
_gcry_ghash_setkey_pclmul (ghash_key_t *key, const u64 h[2])
{
  _mm_storeu_si128 ((__m128i *) key->hpow[GHASH_HPOW (1)],
                    _mm_set_epi64x ((long long) h[1], (long long) h[0]));
  key->npowers = 1;
}
