/* mac-poly1305.c - Poly1305 for gcry_mac: plain (GCRY_MAC_POLY1305, the
 * 32-byte one-time key r || s given directly) and Bernstein's
 * Poly1305-<cipher> (GCRY_MAC_POLY1305_AES ...: s = E(k, nonce) for
 * each message).
 *
 * Upstream's rules, kept:
 *  - POLY1305: setkey takes exactly 32 bytes; setiv is GPG_ERR_INV_ARG.
 *  - POLY1305_<cipher>: the key is the cipher key followed by the 16
 *    bytes of r (so 32, 40 or 48 bytes with AES); the IV is the 16-byte
 *    nonce (other lengths GPG_ERR_INV_ARG), needed after every setkey.
 *    A setiv before any key is accepted and forgotten.  setiv starts a
 *    new message.
 *  - setkey forgets the old key first: after a failed setkey nothing
 *    works until a good one.  Writing, reading or verifying without key
 *    (and nonce), resetting without them, or writing after the tag:
 *    GPG_ERR_INV_STATE.
 *  - reads truncate to the caller's length; a verify longer than 16
 *    bytes is GPG_ERR_INV_LENGTH (checked after the tag is computed).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "cipher-api.h"
#include "poly1305.h"
#include "mac-internal.h"

#include <string.h>

typedef struct poly1305_mac_context
{
  gcry_cipher_hd_t cipher;      /* ECB handle for s = E(k, nonce), or
                                   NULL for plain Poly1305.  */
  unsigned int key_set:1;
  unsigned int nonce_set:1;
  unsigned int finished:1;      /* TAG holds this message's result.  */
  unsigned int r_in_state:1;    /* STATE has this key's r (and keeps the
                                   powers of r its kernel computed).  */
  byte key[POLY1305_KEYLEN];    /* r || s of the current message.  */
  byte tag[POLY1305_TAGLEN];
  poly1305_context_t state;
} poly1305_mac_context_t;

static int
poly1305_available (const gcry_mac_spec_t *spec)
{
  return spec->algo == GCRY_MAC_POLY1305
         || _gcry_mac_cipher_available (spec->subalgo, POLY1305_BLOCKLEN);
}

static unsigned int
poly1305_maclen (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return POLY1305_TAGLEN;
}

static unsigned int
poly1305_keylen (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return POLY1305_KEYLEN;
}

static size_t
poly1305_context_size (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return sizeof (poly1305_mac_context_t);
}

static gcry_err_code_t
poly1305_open (struct gcry_mac_handle *h)
{
  poly1305_mac_context_t *ctx = mac_context (h);

  if (h->spec->algo == GCRY_MAC_POLY1305)
    return 0;
  return _gcry_cipher_open (&ctx->cipher, h->spec->subalgo,
                            GCRY_CIPHER_MODE_ECB,
                            h->secure ? GCRY_CIPHER_SECURE : 0);
}

static void
poly1305_close (struct gcry_mac_handle *h)
{
  poly1305_mac_context_t *ctx = mac_context (h);

  _gcry_cipher_close (ctx->cipher);
  ctx->cipher = NULL;
}

/* Start a message with the one-time key in CTX->KEY: the first one
   after setkey sets up r; later ones only take s, so that a reset does
   not pay for r again.  */
static void
poly1305_restart (poly1305_mac_context_t *ctx)
{
  if (ctx->r_in_state)
    _gcry_poly1305_reset (&ctx->state, ctx->key + 16);
  else
    _gcry_poly1305_init (&ctx->state, ctx->key);
  ctx->r_in_state = 1;
  wipememory (ctx->tag, sizeof ctx->tag);
  ctx->finished = 0;
}

static gcry_err_code_t
poly1305_setkey (struct gcry_mac_handle *h, const byte *key, size_t keylen)
{
  poly1305_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc;
  size_t cipher_keylen;

  ctx->key_set = ctx->nonce_set = ctx->finished = ctx->r_in_state = 0;
  wipememory (ctx->key, sizeof ctx->key);
  wipememory (ctx->tag, sizeof ctx->tag);
  wipememory (&ctx->state, sizeof ctx->state);

  if (!ctx->cipher)
    {
      if (keylen != POLY1305_KEYLEN)
        return GPG_ERR_INV_KEYLEN;
      memcpy (ctx->key, key, POLY1305_KEYLEN);
      poly1305_restart (ctx);
      ctx->key_set = ctx->nonce_set = 1;
      return 0;
    }

  /* Cipher key first, r in the last 16 bytes; s waits for the nonce.  */
  if (keylen <= 16)
    return GPG_ERR_INV_KEYLEN;
  cipher_keylen = keylen - 16;
  rc = _gcry_cipher_setkey (ctx->cipher, key, cipher_keylen);
  if (rc)
    return rc;
  memcpy (ctx->key, key + cipher_keylen, 16);
  ctx->key_set = 1;
  return 0;
}

static gcry_err_code_t
poly1305_setiv (struct gcry_mac_handle *h, const byte *iv, size_t ivlen)
{
  poly1305_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc;

  if (!ctx->cipher || ivlen != 16)
    return GPG_ERR_INV_ARG;
  if (!ctx->key_set)
    return 0;
  ctx->nonce_set = 0;
  rc = _gcry_cipher_encrypt (ctx->cipher, ctx->key + 16, 16, iv, 16);
  if (rc)
    return rc;
  poly1305_restart (ctx);
  ctx->nonce_set = 1;
  return 0;
}

static gcry_err_code_t
poly1305_reset (struct gcry_mac_handle *h)
{
  poly1305_mac_context_t *ctx = mac_context (h);

  if (!ctx->key_set || !ctx->nonce_set)
    return GPG_ERR_INV_STATE;
  poly1305_restart (ctx);
  return 0;
}

static gcry_err_code_t
poly1305_write (struct gcry_mac_handle *h, const byte *buf, size_t len)
{
  poly1305_mac_context_t *ctx = mac_context (h);

  if (!ctx->key_set || !ctx->nonce_set || ctx->finished)
    return GPG_ERR_INV_STATE;
  if (len)
    _gcry_poly1305_update (&ctx->state, buf, len);
  return 0;
}

static gcry_err_code_t
poly1305_finish (poly1305_mac_context_t *ctx)
{
  if (!ctx->key_set || !ctx->nonce_set)
    return GPG_ERR_INV_STATE;
  if (!ctx->finished)
    {
      _gcry_poly1305_finish (&ctx->state, ctx->tag);
      ctx->finished = 1;
    }
  return 0;
}

static gcry_err_code_t
poly1305_read (struct gcry_mac_handle *h, byte *out, size_t *outlen)
{
  poly1305_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc = poly1305_finish (ctx);

  if (rc)
    return rc;
  if (*outlen > POLY1305_TAGLEN)
    *outlen = POLY1305_TAGLEN;
  memcpy (out, ctx->tag, *outlen);
  return 0;
}

static gcry_err_code_t
poly1305_verify (struct gcry_mac_handle *h, const byte *mac, size_t len)
{
  poly1305_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc = poly1305_finish (ctx);

  if (rc)
    return rc;
  if (len > POLY1305_TAGLEN)
    return GPG_ERR_INV_LENGTH;
  return _gcry_ct_memcmp (mac, ctx->tag, len) ? GPG_ERR_CHECKSUM : 0;
}

const mac_ops_t _gcry_mac_ops_poly1305 =
  {
    .available = poly1305_available,
    .maclen = poly1305_maclen,
    .keylen = poly1305_keylen,
    .context_size = poly1305_context_size,
    .open = poly1305_open,
    .close = poly1305_close,
    .setkey = poly1305_setkey,
    .setiv = poly1305_setiv,
    .reset = poly1305_reset,
    .write = poly1305_write,
    .read = poly1305_read,
    .verify = poly1305_verify
  };
