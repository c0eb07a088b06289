/* aes-xts-x86.c - glue between the bulk-operations contract's xts_crypt
 * slot and the x86-64 AES-XTS assembly kernels (aes-xts-x86_64.S).
 *
 * The kernels do the whole slot: tweak encryption with the second key,
 * every block, ciphertext stealing, the tweak update.  The glue only
 * turns the ENCRYPT flag into the choice of entry point and the
 * contexts into the key they begin with.  One function per variant,
 * stamped out by a macro, each calling its kernels directly.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include "aes-aesni.h"
#include "aes-x86-kernels.h"

#define AES_X86_DEFINE_XTS_GLUE(variant)                                \
  void                                                                  \
  _gcry_aes_xts_x86_##variant (void *ctx, void *tweak_ctx, byte *tweak, \
                               byte *out, const byte *in,               \
                               size_t nbytes, int encrypt)              \
  {                                                                     \
    if (encrypt)                                                        \
      _gcry_aes_xts_enc_##variant (ctx, tweak_ctx, tweak, out, in,      \
                                   nbytes);                             \
    else                                                                \
      _gcry_aes_xts_dec_##variant (ctx, tweak_ctx, tweak, out, in,      \
                                   nbytes);                             \
  }

AES_X86_DEFINE_XTS_GLUE (aesni_avx)
AES_X86_DEFINE_XTS_GLUE (vaes_avx2)
AES_X86_DEFINE_XTS_GLUE (vaes_avx512_ymm)
AES_X86_DEFINE_XTS_GLUE (vaes_avx512_zmm)

#define AES_X86_XTS_ENTRY(variant, hwf, zmm)                            \
  { #variant, (hwf), (zmm), _gcry_aes_xts_x86_##variant }

/* The same requirements as the CTR table's entries (aes-ctr-x86.c),
   HWF_INTEL_AESNI included.  aesni_avx multiplies tweaks by shifts, so
   it needs no PCLMULQDQ.  */
const aes_x86_xts_kernel_t _gcry_aes_x86_xts_kernels[] =
  {
    AES_X86_XTS_ENTRY (vaes_avx512_zmm,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX512, 1),
    AES_X86_XTS_ENTRY (vaes_avx512_ymm,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX512, 0),
    AES_X86_XTS_ENTRY (vaes_avx2,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX2, 0),
    AES_X86_XTS_ENTRY (aesni_avx,
                       HWF_INTEL_AESNI | HWF_INTEL_AVX, 0),
    { NULL, 0, 0, NULL }
  };
