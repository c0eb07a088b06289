/* cipher-ofb.c - Output Feedback mode.
 *
 * The register c->iv is the current keystream block; its last UNUSED
 * bytes are still to be used, so any split of the input across calls
 * gives the same bytes.  Encryption and decryption are the same.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include "cipher-internal.h"

static gcry_err_code_t
ofb_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  size_t n;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  n = inlen < c->unused ? inlen : c->unused;
  cipher_xor (out, in, c->iv + blocksize - c->unused, n);
  c->unused -= n;
  in += n;
  out += n;
  inlen -= n;

  /* Serial by nature: each keystream block encrypts the previous.  The
     kernel keeps it in a register across the whole blocks; the final
     partial block, if any, is done below.  */
  if (c->bulk.ofb_crypt && inlen >= blocksize)
    {
      size_t nblocks = inlen / blocksize;

      c->bulk.ofb_crypt (cipher_ctx (c), c->iv, out, in, nblocks);
      in += nblocks * blocksize;
      out += nblocks * blocksize;
      inlen -= nblocks * blocksize;
    }
  while (inlen)
    {
      c->spec->encrypt (cipher_ctx (c), c->iv, c->iv);
      n = inlen < blocksize ? inlen : blocksize;
      cipher_xor (out, in, c->iv, n);
      c->unused = blocksize - n;
      in += n;
      out += n;
      inlen -= n;
    }
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_ofb =
  {
    .mode = GCRY_CIPHER_MODE_OFB,
    .encrypt = ofb_crypt,
    .decrypt = ofb_crypt,
  };
