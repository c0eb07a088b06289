/* cipher-ecb.c - Electronic Codebook mode.
 *
 * Whole blocks only: input that is not a block multiple is
 * GPG_ERR_INV_LENGTH, an output shorter than the input
 * GPG_ERR_BUFFER_TOO_SHORT (checked first, as upstream).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "cipher-internal.h"

static gcry_err_code_t
ecb_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen, int encrypt)
{
  size_t blocksize = c->spec->blocksize;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  /* 16-byte blocks (every cipher here) with shifts, not two divisions
     by a variable.  */
  if (LIKELY (blocksize == 16))
    {
      if (inlen & 15)
        return GPG_ERR_INV_LENGTH;
      _gcry_cipher_ecb_blocks (c, out, in, inlen >> 4, encrypt);
      return 0;
    }
  if (inlen % blocksize)
    return GPG_ERR_INV_LENGTH;
  _gcry_cipher_ecb_blocks (c, out, in, inlen / blocksize, encrypt);
  return 0;
}

static gcry_err_code_t
ecb_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return ecb_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
ecb_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return ecb_crypt (c, out, outsize, in, inlen, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_ecb =
  {
    .mode = GCRY_CIPHER_MODE_ECB,
    .encrypt = ecb_encrypt,
    .decrypt = ecb_decrypt,
  };
