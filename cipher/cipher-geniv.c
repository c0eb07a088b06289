/* cipher-geniv.c - IVs made inside the library for AEAD modes:
 * gcry_cipher_setup_geniv and gcry_cipher_geniv.
 *
 * Upstream's semantics (1.11+; its manual names the two methods but
 * says little more, the rest was confirmed on its behaviour):
 *  - Only GCRY_CIPHER_GENIV_METHOD_CONCAT is implemented: the IV is the
 *    fixed part followed by the dynamic part, and the dynamic part, a
 *    big-endian counter, is incremented after each IV (wrapping
 *    silently).  GCRY_CIPHER_GENIV_METHOD_XOR, although in the header,
 *    is refused by upstream with GPG_ERR_INV_ARG, and so here.
 *  - The two parts together are at most 16 bytes (GPG_ERR_INV_ARG).
 *  - gcry_cipher_geniv needs a set-up handle and IVLEN equal to the two
 *    lengths (else GPG_ERR_INV_ARG); it writes the IV to the caller's
 *    buffer and sets it as gcry_cipher_setiv would, returning that
 *    call's result.  The counter advances even when the mode refuses
 *    the IV, so an IV is never offered twice.
 *  - Nothing checks the mode: any mode takes its IV this way.
 *  - The setup survives setkey and GCRYCTL_RESET.
 * One difference: a NULL buffer with a nonzero length is GPG_ERR_INV_ARG
 * here (upstream reads or writes through it).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cipher-api.h"

gcry_err_code_t
_gcry_cipher_setup_geniv (gcry_cipher_hd_t c, int method,
                          const void *fixed_iv, size_t fixed_ivlen,
                          const void *dyn_iv, size_t dyn_ivlen)
{
  if (method != GCRY_CIPHER_GENIV_METHOD_CONCAT)
    return GPG_ERR_INV_ARG;
  /* Each length alone first, so the sum cannot wrap.  */
  if (fixed_ivlen > CIPHER_MAX_BLOCKSIZE || dyn_ivlen > CIPHER_MAX_BLOCKSIZE
      || fixed_ivlen + dyn_ivlen > CIPHER_MAX_BLOCKSIZE)
    return GPG_ERR_INV_ARG;
  if ((!fixed_iv && fixed_ivlen) || (!dyn_iv && dyn_ivlen))
    return GPG_ERR_INV_ARG;

  wipememory (&c->geniv, sizeof c->geniv);
  c->geniv.method = method;
  c->geniv.fixed_len = (unsigned int) fixed_ivlen;
  c->geniv.dyn_len = (unsigned int) dyn_ivlen;
  if (fixed_ivlen)
    memcpy (c->geniv.fixed, fixed_iv, fixed_ivlen);
  if (dyn_ivlen)
    memcpy (c->geniv.dyn, dyn_iv, dyn_ivlen);
  return 0;
}

gcry_err_code_t
_gcry_cipher_geniv (gcry_cipher_hd_t c, void *iv, size_t ivlen)
{
  byte *out = iv;
  gcry_err_code_t rc;
  unsigned int i;

  if (c->geniv.method != GCRY_CIPHER_GENIV_METHOD_CONCAT)
    return GPG_ERR_INV_ARG;
  if (ivlen != (size_t) c->geniv.fixed_len + c->geniv.dyn_len)
    return GPG_ERR_INV_ARG;
  if (!out && ivlen)
    return GPG_ERR_INV_ARG;

  if (c->geniv.fixed_len)
    memcpy (out, c->geniv.fixed, c->geniv.fixed_len);
  if (c->geniv.dyn_len)
    memcpy (out + c->geniv.fixed_len, c->geniv.dyn, c->geniv.dyn_len);
  rc = _gcry_cipher_setiv (c, out, ivlen);

  /* Big-endian increment of the dynamic part, the carry stopping at the
     first byte that does not wrap to 0.  */
  for (i = c->geniv.dyn_len; i > 0; i--)
    if (++c->geniv.dyn[i - 1] != 0)
      break;
  return rc;
}
