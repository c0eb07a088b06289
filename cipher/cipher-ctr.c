/* cipher-ctr.c - Counter mode.
 *
 * As upstream: the counter is the whole block, big-endian, the carry
 * running through every byte (wrapping at 2^(8*blocksize)); it is set
 * with gcry_cipher_setctr only (gcry_cipher_setiv leaves it alone and
 * just drops unused keystream).  Keystream left over from a partial
 * block is used first by the next call, so any split of the input
 * gives the same bytes.  Encryption and decryption are the same.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ctr-ctx.h"

static gcry_err_code_t
ctr_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  /* Keystream left by a previous partial block comes first.  Tested
     before anything else is done: the common call (a new counter, a
     whole message) has none, and then costs no more than the kernel.  */
  if (c->unused)
    {
      size_t blocksize = c->spec->blocksize;
      size_t n = inlen < c->unused ? inlen : c->unused;

      cipher_xor (out, in, c->keystream + blocksize - c->unused, n);
      c->unused -= n;
      in += n;
      out += n;
      inlen -= n;
    }
  if (!inlen)
    return 0;

  if (c->bulk.ctr_crypt)
    {
      /* The slot serves 16-byte blocks only: the keystream left over is
         what the last block did not use.  Set before the call, so that
         nothing is kept across it.  */
      c->unused = -inlen & 15;
      c->bulk.ctr_crypt (cipher_ctx (c), c->ctr, out, in, inlen,
                         c->keystream);
    }
  else
    /* No keystream is left here: the shared generic path (ctr-ctx.c,
       which EAX, CCM and SIV also run on).  */
    _gcry_cipher_ctr_ctx (c, cipher_ctx (c), out, in, inlen);
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_ctr =
  {
    .mode = GCRY_CIPHER_MODE_CTR,
    .encrypt = ctr_crypt,
    .decrypt = ctr_crypt,
  };
