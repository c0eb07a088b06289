/* cipher-stream.c - GCRY_CIPHER_MODE_STREAM: a stream cipher's keystream
 * xored over the data, byte-exact across calls (Salsa20, Salsa20/12,
 * ChaCha20).
 *
 * The cipher keeps the keystream position (cipher_stream_ops_t in
 * cipher-internal.h); this mode passes calls through.  As upstream:
 * gcry_cipher_setiv hands any IV to the cipher and succeeds (the cipher
 * warns about a length it does not take), GCRYCTL_RESET goes back to
 * the all-zero nonce of setkey, gcry_cipher_setctr does not touch the
 * stream.  One deliberate difference: upstream ignores OUTSIZE here and
 * writes INLEN bytes however small the output buffer says it is; this
 * mode refuses an OUTSIZE below INLEN with GPG_ERR_BUFFER_TOO_SHORT, as
 * upstream's block modes do, rather than write past the buffer.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include "cipher-internal.h"

static gcry_err_code_t
stream_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
              size_t inlen)
{
  if (UNLIKELY (outsize < inlen))
    return GPG_ERR_BUFFER_TOO_SHORT;
  cipher_stream_ops (c->spec)->crypt (cipher_ctx (c), out, in, inlen);
  return 0;
}

static gcry_err_code_t
stream_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  cipher_stream_ops (c->spec)->setiv (cipher_ctx (c), iv, ivlen);
  c->marks.iv = iv != NULL;
  return 0;
}

static void
stream_reset (gcry_cipher_hd_t c)
{
  cipher_stream_ops (c->spec)->setiv (cipher_ctx (c), NULL, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_stream =
  {
    .mode = GCRY_CIPHER_MODE_STREAM,
    .encrypt = stream_crypt,
    .decrypt = stream_crypt,
    .setiv = stream_setiv,
    .reset = stream_reset,
    .stream = 1
  };
