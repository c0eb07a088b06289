/* cmac.c - CMAC (OMAC1, NIST SP 800-38B) over a cipher handle's block
 * cipher.  See cmac.h for the interface and its users.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cmac.h"

gcry_err_code_t
_gcry_cmac_check_blocksize (unsigned int blocksize)
{
  return (blocksize == 8 || blocksize == 16) ? 0 : GPG_ERR_INV_CIPHER_MODE;
}

void
_gcry_cmac_derive_subkeys (gcry_cipher_hd_t c, cmac_subkeys_t *subkeys)
{
  unsigned int blocksize = c->spec->blocksize;
  byte l[CMAC_MAX_BLOCKSIZE];

  memset (l, 0, sizeof l);
  c->spec->encrypt (cipher_ctx (c), l, l);
  cmac_double (subkeys->k1, l, blocksize);
  cmac_double (subkeys->k2, subkeys->k1, blocksize);
  cipher_wipe (l, sizeof l);
}

void
_gcry_cmac_init (cmac_state_t *state)
{
  cipher_wipe (state, sizeof *state);
}

/* X = E(X ^ IN[0]) ^ IN[1] ... over NBLOCKS whole blocks.  */
static void
absorb_blocks (gcry_cipher_hd_t c, byte *x, const byte *in, size_t nblocks)
{
  unsigned int blocksize = c->spec->blocksize;
  byte last_out[CMAC_MAX_BLOCKSIZE];

  if (!nblocks)
    return;
  if (c->bulk.cbc_enc)
    {
      /* CBC-MAC mode: only the final block is stored, and it is X.  */
      c->bulk.cbc_enc (cipher_ctx (c), x, last_out, in, nblocks, 1);
      cipher_wipe (last_out, sizeof last_out);
      return;
    }
  for (; nblocks; nblocks--, in += blocksize)
    {
      cipher_xor (x, x, in, blocksize);
      c->spec->encrypt (cipher_ctx (c), x, x);
    }
}

void
_gcry_cmac_update (gcry_cipher_hd_t c, cmac_state_t *state,
                   const byte *in, size_t len)
{
  unsigned int blocksize = c->spec->blocksize;
  size_t n, nblocks;

  if (!len)
    return;

  /* Top up the held-back block.  */
  n = blocksize - state->nlast;
  if (n > len)
    n = len;
  memcpy (state->last + state->nlast, in, n);
  state->nlast += n;
  in += n;
  len -= n;
  if (!len)
    return;

  /* More input follows, so the held-back block (now full) is not the
     last one: absorb it.  */
  absorb_blocks (c, state->x, state->last, 1);

  /* All whole blocks but the one that might be last, which is held back
     (1..blocksize bytes stay).  */
  nblocks = (len - 1) / blocksize;
  absorb_blocks (c, state->x, in, nblocks);
  in += nblocks * blocksize;
  len -= nblocks * blocksize;
  memcpy (state->last, in, len);
  state->nlast = len;
}

void
_gcry_cmac_final (gcry_cipher_hd_t c, const cmac_subkeys_t *subkeys,
                  cmac_state_t *state, byte *mac)
{
  unsigned int blocksize = c->spec->blocksize;
  unsigned int nlast = state->nlast;

  /* A complete last block is masked with K1; a partial (or empty) one
     is padded with 10...0 and masked with K2.  NLAST is a length, not a
     secret.  */
  if (nlast == blocksize)
    cipher_xor (state->last, state->last, subkeys->k1, blocksize);
  else
    {
      state->last[nlast] = 0x80;
      memset (state->last + nlast + 1, 0, blocksize - nlast - 1);
      cipher_xor (state->last, state->last, subkeys->k2, blocksize);
    }
  cipher_xor (state->x, state->x, state->last, blocksize);
  c->spec->encrypt (cipher_ctx (c), mac, state->x);
  cipher_wipe (state, sizeof *state);
}
