/* mac-cmac.c - CMAC (NIST SP 800-38B, RFC 4493) for gcry_mac over any
 * registered block cipher of 64 or 128 bits: a thin wrapper over the
 * CMAC core of cmac.h, on an internal ECB handle of the cipher (which
 * brings the cipher's key rules and its fastest CBC-MAC kernel).
 *
 * Upstream behaviour kept: key lengths are the cipher's (AES: 16, 24 or
 * 32 bytes, else GPG_ERR_INV_KEYLEN); a read truncates to the caller's
 * length; a verify longer than the block is GPG_ERR_INV_ARG; writing
 * after the MAC was read is GPG_ERR_INV_STATE; writing a NULL buffer is
 * GPG_ERR_INV_ARG even with length 0.  Writing, reading or verifying
 * before a key is set is GPG_ERR_INV_STATE (upstream runs on an unset
 * key or crashes).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "cipher-api.h"
#include "cmac.h"
#include "mac-internal.h"

#include <string.h>

typedef struct cmac_mac_context
{
  gcry_cipher_hd_t cipher;      /* Internal ECB handle: the key.  */
  unsigned int blocksize;
  unsigned int keyed:1;
  unsigned int finished:1;      /* MAC holds this message's result.  */
  cmac_subkeys_t subkeys;
  cmac_state_t state;
  byte mac[CMAC_MAX_BLOCKSIZE];
} cmac_mac_context_t;

static int
cmac_available (const gcry_mac_spec_t *spec)
{
  return _gcry_mac_cipher_available (spec->subalgo, 0)
         && !_gcry_cmac_check_blocksize
               (_gcry_cipher_get_algo_blklen (spec->subalgo));
}

static unsigned int
cmac_maclen (const gcry_mac_spec_t *spec)
{
  return _gcry_cipher_get_algo_blklen (spec->subalgo);
}

static unsigned int
cmac_keylen (const gcry_mac_spec_t *spec)
{
  return _gcry_cipher_get_algo_keylen (spec->subalgo);
}

static size_t
cmac_context_size (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return sizeof (cmac_mac_context_t);
}

static gcry_err_code_t
cmac_open (struct gcry_mac_handle *h)
{
  cmac_mac_context_t *ctx = mac_context (h);

  ctx->blocksize = _gcry_cipher_get_algo_blklen (h->spec->subalgo);
  return _gcry_cipher_open (&ctx->cipher, h->spec->subalgo,
                            GCRY_CIPHER_MODE_ECB,
                            h->secure ? GCRY_CIPHER_SECURE : 0);
}

static void
cmac_close (struct gcry_mac_handle *h)
{
  cmac_mac_context_t *ctx = mac_context (h);

  _gcry_cipher_close (ctx->cipher);
  ctx->cipher = NULL;
}

/* Start a new message under the current key.  */
static void
cmac_restart (cmac_mac_context_t *ctx)
{
  _gcry_cmac_init (&ctx->state);
  wipememory (ctx->mac, sizeof ctx->mac);
  ctx->finished = 0;
}

static gcry_err_code_t
cmac_setkey (struct gcry_mac_handle *h, const byte *key, size_t keylen)
{
  cmac_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc;

  ctx->keyed = 0;
  wipememory (&ctx->subkeys, sizeof ctx->subkeys);
  cmac_restart (ctx);
  rc = _gcry_cipher_setkey (ctx->cipher, key, keylen);
  if (rc)
    return rc;
  _gcry_cmac_derive_subkeys (ctx->cipher, &ctx->subkeys);
  ctx->keyed = 1;
  return 0;
}

static gcry_err_code_t
cmac_reset (struct gcry_mac_handle *h)
{
  cmac_restart (mac_context (h));
  return 0;
}

static gcry_err_code_t
cmac_write (struct gcry_mac_handle *h, const byte *buf, size_t len)
{
  cmac_mac_context_t *ctx = mac_context (h);

  if (!ctx->keyed || ctx->finished)
    return GPG_ERR_INV_STATE;
  if (!buf)
    return GPG_ERR_INV_ARG;
  _gcry_cmac_update (ctx->cipher, &ctx->state, buf, len);
  return 0;
}

/* Check the key and the length, then finish the message (once).  */
static gcry_err_code_t
cmac_finish (cmac_mac_context_t *ctx, size_t len)
{
  if (len > ctx->blocksize)
    return GPG_ERR_INV_ARG;
  if (!ctx->keyed)
    return GPG_ERR_INV_STATE;
  if (!ctx->finished)
    {
      _gcry_cmac_final (ctx->cipher, &ctx->subkeys, &ctx->state, ctx->mac);
      ctx->finished = 1;
    }
  return 0;
}

static gcry_err_code_t
cmac_read (struct gcry_mac_handle *h, byte *out, size_t *outlen)
{
  cmac_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc;

  if (*outlen > ctx->blocksize)
    *outlen = ctx->blocksize;
  rc = cmac_finish (ctx, *outlen);
  if (rc)
    return rc;
  memcpy (out, ctx->mac, *outlen);
  return 0;
}

static gcry_err_code_t
cmac_verify (struct gcry_mac_handle *h, const byte *mac, size_t len)
{
  cmac_mac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc = cmac_finish (ctx, len);

  if (rc)
    return rc;
  return _gcry_ct_memcmp (mac, ctx->mac, len) ? GPG_ERR_CHECKSUM : 0;
}

const mac_ops_t _gcry_mac_ops_cmac =
  {
    .available = cmac_available,
    .maclen = cmac_maclen,
    .keylen = cmac_keylen,
    .context_size = cmac_context_size,
    .open = cmac_open,
    .close = cmac_close,
    .setkey = cmac_setkey,
    .setiv = NULL,
    .reset = cmac_reset,
    .write = cmac_write,
    .read = cmac_read,
    .verify = cmac_verify
  };
