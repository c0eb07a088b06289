/* aes-gcm-x86.c - glue between the gcm_crypt bulk slot and the stitched
 * x86-64 AES-GCM kernels (aes-gcm-avx512-x86_64.S,
 * aes-gcm-vaes-avx2-x86_64.S), and the key preparation they share.
 *
 * The kernels implement inc32 themselves and take any length, so the
 * glue only dispatches on the slot's OP; the variant is fixed per
 * function (stamped out by a macro), so no call selects anything.
 *
 * The GHASH key: the powers H^1..H^16, each multiplied by x^-1 and in
 * the reflected order of ghash.h, H^16 first.  They are computed here
 * with PCLMULQDQ, using the same Montgomery-style reduction as the
 * kernels (derived in the header of aes-gcm-avx512-x86_64.S): with
 * reflected operands a, b the carry-less product is a*b*y^128 in the
 * reversed field, and two folds of 64 bits by the constant
 * 0xc200000000000000 divide the y^128 out.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>
#include <immintrin.h>

#include "cipher-internal.h"
#include "aes-aesni.h"
#include "aes-x86-kernels.h"

#define GCM_NPOWERS 16

static_assert (offsetof (gcm_bulk_key_t, zero_pad) == GCM_NPOWERS * 16,
               "aes-gcm-*.S: GCM_HPOW_BYTES");
static_assert (sizeof (((gcm_bulk_key_t *) 0)->zero_pad) >= 64 - 16,
               "aes-gcm-avx512-x86_64.S: zmm loads may pass H^1 by 48");

#define PCLMUL_INLINE \
  static inline __attribute__ ((always_inline, target ("pclmul,sse4.1")))

/* Swap the 64-bit halves.  */
PCLMUL_INLINE __m128i
swap64 (__m128i v)
{
  return _mm_shuffle_epi32 (v, 0x4e);
}

/* A * B' for reflected A and B' = B * x^-1: the product, reduced.  */
PCLMUL_INLINE __m128i
gf_mul (__m128i a, __m128i b)
{
  const __m128i poly = _mm_set_epi64x (0, (long long) 0xc200000000000000ULL);
  __m128i lo = _mm_clmulepi64_si128 (a, b, 0x00);
  __m128i hi = _mm_clmulepi64_si128 (a, b, 0x11);
  __m128i mid = _mm_xor_si128 (_mm_clmulepi64_si128 (a, b, 0x01),
                               _mm_clmulepi64_si128 (a, b, 0x10));

  mid = _mm_xor_si128 (mid, swap64 (lo));
  mid = _mm_xor_si128 (mid, _mm_clmulepi64_si128 (lo, poly, 0x00));
  hi = _mm_xor_si128 (hi, swap64 (mid));
  return _mm_xor_si128 (hi, _mm_clmulepi64_si128 (mid, poly, 0x00));
}

__attribute__ ((target ("pclmul,sse4.1"))) void
_gcry_aes_gcm_x86_setkey (struct gcm_bulk_key *gkey, const byte h[16])
{
  u64 hi, lo, mask;
  __m128i hp, p;
  int k;

  /* Reflected H (a big-endian load), then times x^-1: a left shift by
     one, and where the x^0 coefficient (bit 127) falls out, x^-1 =
     x^127 + x^6 + x + 1 comes in (reflected bits 0, 121, 126, 127).
     Constant time: the bit becomes a mask.  */
  memcpy (&hi, h, 8);
  memcpy (&lo, h + 8, 8);
  hi = __builtin_bswap64 (hi);
  lo = __builtin_bswap64 (lo);
  mask = -(hi >> 63);
  hi = (hi << 1) | (lo >> 63);
  lo = (lo << 1) ^ (mask & 1);
  hi ^= mask & 0xc200000000000000ULL;
  hp = _mm_set_epi64x ((long long) hi, (long long) lo);

  memset (gkey->zero_pad, 0, sizeof gkey->zero_pad);
  p = hp;
  _mm_storeu_si128 ((__m128i *) gkey->hpow[GCM_NPOWERS - 1], p);
  for (k = 2; k <= GCM_NPOWERS; k++)
    {
      /* (H^(k-1) x^-1) * H = H^k x^-1.  */
      p = gf_mul (p, hp);
      _mm_storeu_si128 ((__m128i *) gkey->hpow[GCM_NPOWERS - k], p);
    }
  hi = lo = mask = 0;
  __asm__ volatile ("" : : "r" (hi), "r" (lo), "r" (mask));
}

#define AES_X86_DEFINE_GCM_GLUE(variant)                                \
  void                                                                  \
  _gcry_aes_gcm_x86_##variant (void *ctx, struct gcm_bulk_key *gkey,    \
                               byte *acc, byte *ctr, byte *out,         \
                               const byte *in, size_t nbytes,           \
                               byte *ks_tail, int op)                   \
  {                                                                     \
    const aes_hw_key_t *key = ctx;                                      \
    const byte *hkey = (const byte *) gkey->hpow;                       \
                                                                        \
    switch (op)                                                         \
      {                                                                 \
      case GCM_BULK_SETKEY:                                             \
        _gcry_aes_gcm_x86_setkey (gkey, in);                            \
        break;                                                          \
      case GCM_BULK_GHASH:                                              \
        _gcry_aes_gcm_ghash_##variant (hkey, acc, in, nbytes);          \
        break;                                                          \
      case GCM_BULK_ENCRYPT:                                            \
        _gcry_aes_gcm_enc_##variant (key, hkey, acc, ctr, out, in,      \
                                     nbytes, ks_tail);                  \
        break;                                                          \
      default:                                                          \
        _gcry_aes_gcm_dec_##variant (key, hkey, acc, ctr, out, in,      \
                                     nbytes, ks_tail);                  \
        break;                                                          \
      }                                                                 \
  }

AES_X86_DEFINE_GCM_GLUE (aesni_avx)
AES_X86_DEFINE_GCM_GLUE (vaes_avx2)
AES_X86_DEFINE_GCM_GLUE (vaes_avx512_ymm)
AES_X86_DEFINE_GCM_GLUE (vaes_avx512_zmm)

#define AES_X86_GCM_ENTRY(variant, hwf, zmm)                            \
  { #variant, (hwf), (zmm), _gcry_aes_gcm_x86_##variant }

/* As the CTR table (aes-ctr-x86.c), plus the carry-less multiply every
   variant uses: PCLMULQDQ (the setkey, and aesni_avx's GHASH), and
   VPCLMULQDQ, which HWF_INTEL_VAES_VPCLMUL includes.  */
const aes_x86_gcm_kernel_t _gcry_aes_x86_gcm_kernels[] =
  {
    AES_X86_GCM_ENTRY (vaes_avx512_zmm,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512, 1),
    AES_X86_GCM_ENTRY (vaes_avx512_ymm,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512, 0),
    AES_X86_GCM_ENTRY (vaes_avx2,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX2, 0),
    AES_X86_GCM_ENTRY (aesni_avx,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL | HWF_INTEL_AVX,
                       0),
    { NULL, 0, 0, NULL }
  };
