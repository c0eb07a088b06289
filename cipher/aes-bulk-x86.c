/* aes-bulk-x86.c - glue between the bulk-operations contract and the
 * x86-64 AES-ECB, CBC, CFB and OCB assembly kernels (aes-bulk-x86_64.S).
 *
 * The kernels already have the contract's semantics (zero blocks,
 * in-place, the IV update, exact buffer bounds), so the glue only maps
 * the slot signatures onto them: ECB's ENCRYPT flag picks one of two
 * entry points, CBC, CFB and OCB pass straight through (CBC and CFB
 * encryption, serial, have one version for every variant).  Each variant gets
 * its own functions, stamped out by a macro, with the kernel called
 * directly: no per-call selection.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "aes-aesni.h"
#include "aes-x86-kernels.h"

#define AES_X86_DEFINE_BULK_GLUE(variant)                               \
  void                                                                  \
  _gcry_aes_ecb_x86_##variant (void *ctx, byte *out, const byte *in,    \
                               size_t nblocks, int encrypt)             \
  {                                                                     \
    /* A single block costs the serial loop a fraction of the vector   \
       kernel's fixed work (key registers filled, then wiped).  */      \
    if (nblocks == 1)                                                   \
      {                                                                 \
        if (encrypt)                                                    \
          _gcry_aes_enc_blocks_aesni_avx (ctx, out, in, 1);             \
        else                                                            \
          _gcry_aes_dec_blocks_aesni_avx (ctx, out, in, 1);             \
      }                                                                 \
    else if (encrypt)                                                   \
      _gcry_aes_ecb_enc_##variant (ctx, out, in, nblocks);              \
    else                                                                \
      _gcry_aes_ecb_dec_##variant (ctx, out, in, nblocks);              \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_cbc_dec_x86_##variant (void *ctx, byte *iv, byte *out,      \
                                   const byte *in, size_t nblocks)      \
  {                                                                     \
    _gcry_aes_cbc_dec_##variant (ctx, iv, out, in, nblocks);            \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_cfb_dec_x86_##variant (void *ctx, byte *iv, byte *out,      \
                                   const byte *in, size_t nblocks)      \
  {                                                                     \
    _gcry_aes_cfb_dec_##variant (ctx, iv, out, in, nblocks);            \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_ocb_enc_x86_##variant (void *ctx,                           \
                                   const cipher_ocb_table_t *tab,       \
                                   cipher_ocb_chain_t *chain, byte *out, \
                                   const byte *in, size_t nblocks)      \
  {                                                                     \
    _gcry_aes_ocb_enc_##variant (ctx, tab, chain, out, in, nblocks);    \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_ocb_dec_x86_##variant (void *ctx,                           \
                                   const cipher_ocb_table_t *tab,       \
                                   cipher_ocb_chain_t *chain, byte *out, \
                                   const byte *in, size_t nblocks)      \
  {                                                                     \
    _gcry_aes_ocb_dec_##variant (ctx, tab, chain, out, in, nblocks);    \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_ocb_auth_x86_##variant (void *ctx,                          \
                                    const cipher_ocb_table_t *tab,      \
                                    cipher_ocb_chain_t *chain,          \
                                    const byte *abuf, size_t nblocks)   \
  {                                                                     \
    _gcry_aes_ocb_auth_##variant (ctx, tab, chain, abuf, nblocks);      \
  }

/* The OCB kernels read the handle's table and chain at fixed offsets
   (OCB_S and OCB_ST_* in aes-bulk-x86_64.S); the slots hand them over
   as they are, so the layout is the kernels' contract.  */
static_assert (offsetof (cipher_ocb_table_t, l) == 0,
               "aes-bulk-x86_64.S: L at the table's start");
static_assert (offsetof (cipher_ocb_table_t, sums) == 64 * 16,
               "aes-bulk-x86_64.S: OCB_S");
static_assert (OCB_L_COUNT == 64 && OCB_SUMS_COUNT == 32,
               "aes-bulk-x86_64.S: the windows of the zmm variant are 32 "
               "blocks");
static_assert (offsetof (cipher_ocb_chain_t, offset) == 0,
               "aes-bulk-x86_64.S: OCB_ST_OFFSET");
static_assert (offsetof (cipher_ocb_chain_t, sum) == 16,
               "aes-bulk-x86_64.S: OCB_ST_SUM");
static_assert (offsetof (cipher_ocb_chain_t, nblocks) == 32,
               "aes-bulk-x86_64.S: OCB_ST_INDEX");

/* CBC and CFB encryption: serial, one AES-NI + AVX loop for all.  */
void
_gcry_aes_cbc_enc_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                       size_t nblocks, int cbc_mac)
{
  _gcry_aes_cbc_enc_aesni_avx (ctx, iv, out, in, nblocks, cbc_mac);
}

void
_gcry_aes_cfb_enc_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                       size_t nblocks)
{
  _gcry_aes_cfb_enc_aesni_avx (ctx, iv, out, in, nblocks);
}

/* OFB, serial too: the same loop for every variant.  */
void
_gcry_aes_ofb_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  _gcry_aes_ofb_enc_aesni_avx (ctx, iv, out, in, nblocks);
}

AES_X86_DEFINE_BULK_GLUE (aesni_avx)
AES_X86_DEFINE_BULK_GLUE (vaes_avx2)
AES_X86_DEFINE_BULK_GLUE (vaes_avx512_ymm)
AES_X86_DEFINE_BULK_GLUE (vaes_avx512_zmm)

#define AES_X86_BULK_ENTRY(variant, hwf, zmm)                           \
  { #variant, (hwf), (zmm), _gcry_aes_ecb_x86_##variant,                \
    _gcry_aes_cbc_dec_x86_##variant, _gcry_aes_cfb_dec_x86_##variant,  \
    _gcry_aes_cbc_enc_x86, _gcry_aes_cfb_enc_x86,                       \
    _gcry_aes_ocb_enc_x86_##variant, _gcry_aes_ocb_dec_x86_##variant,  \
    _gcry_aes_ocb_auth_x86_##variant }

/* The same variants and requirements as the CTR table
   (aes-ctr-x86.c): HWF_INTEL_AESNI in every entry because the key is
   expanded by the AES-NI setkey.  */
const aes_x86_bulk_kernel_t _gcry_aes_x86_bulk_kernels[] =
  {
    AES_X86_BULK_ENTRY (vaes_avx512_zmm,
                        HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                        | HWF_INTEL_AVX512, 1),
    AES_X86_BULK_ENTRY (vaes_avx512_ymm,
                        HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                        | HWF_INTEL_AVX512, 0),
    AES_X86_BULK_ENTRY (vaes_avx2,
                        HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                        | HWF_INTEL_AVX2, 0),
    AES_X86_BULK_ENTRY (aesni_avx,
                        HWF_INTEL_AESNI | HWF_INTEL_AVX, 0),
    { NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }
  };
