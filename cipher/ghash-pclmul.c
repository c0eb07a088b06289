/* ghash-pclmul.c - GHASH and POLYVAL with PCLMULQDQ (C intrinsics).
 *
 * The floor for CPUs without VPCLMULQDQ (ghash-x86_64.S takes over
 * where there is one); its setkey also computes the powers of H for
 * those kernels.
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

/* The powers H^1..H^NPOWERS (times x^-1, ghash.h): H^(k+1) x^-1 =
   (H^k x^-1) * H, multiplied with the same reduction as the data, up to
   H^8; past that H^k = H^(k-8) * H^8, eight independent products at a
   time instead of a chain (GCM-SIV sets a key per message).  */
PCLMUL_INLINE void
setkey_powers (ghash_key_t *key, const u64 h[2], int npowers)
{
  __m128i hp = _mm_set_epi64x ((long long) h[1], (long long) h[0]);
  __m128i p = hp, h8;
  wide_t w;
  int k;

  _mm_storeu_si128 ((__m128i *) key->hpow[GHASH_HPOW (1)], p);
  for (k = 2; k <= 8; k++)
    {
      w.lo = w.mid = w.hi = _mm_setzero_si128 ();
      mul_acc (&w, p, hp);
      p = reduce (&w);
      _mm_storeu_si128 ((__m128i *) key->hpow[GHASH_HPOW (k)], p);
    }
  h8 = p;
  for (k = 9; k <= npowers; k++)
    {
      w.lo = w.mid = w.hi = _mm_setzero_si128 ();
      mul_acc (&w, load_power (key, k - 9), h8);
      _mm_storeu_si128 ((__m128i *) key->hpow[GHASH_HPOW (k)], reduce (&w));
    }
}

PCLMUL_FN void
_gcry_ghash_setkey_pclmul (ghash_key_t *key, const u64 h[2])
{
  setkey_powers (key, h, 8);
}

PCLMUL_FN void
_gcry_ghash_setkey_pclmul16 (ghash_key_t *key, const u64 h[2])
{
  setkey_powers (key, h, 16);
}

PCLMUL_FN void
_gcry_ghash_setkey_pclmul32 (ghash_key_t *key, const u64 h[2])
{
  setkey_powers (key, h, GHASH_NPOWERS);
}
