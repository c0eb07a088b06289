/* mac-gmac.c - GMAC (NIST SP 800-38D: GCM with no plaintext) for
 * gcry_mac over any registered 128-bit block cipher.
 *
 * As upstream, GMAC is an internal GCM handle: the MAC input is GCM's
 * additional data, the IV is GCM's IV (any length of at least one byte;
 * 12 bytes is the fast path; without setiv a 16-byte zero IV, as GCM
 * does), the MAC is GCM's tag.  So every rule is GCM's, error codes
 * included: reads and verifies take the tag lengths GCM takes (4, 8,
 * 12..16; a read longer than 16 gets 16), setiv starts a new message,
 * writing after the tag is GPG_ERR_INV_STATE, and so is anything before
 * a key.  The GHASH of the data runs on the GCM kernels (aggregated
 * reduction over precomputed powers of H).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "cipher-api.h"
#include "mac-internal.h"

/* GCM's block, IV-less tag and the only block size it runs on.  */
#define GMAC_BLOCKSIZE 16

typedef struct gmac_context
{
  gcry_cipher_hd_t gcm;
} gmac_context_t;

static int
gmac_available (const gcry_mac_spec_t *spec)
{
  return _gcry_mac_cipher_available (spec->subalgo, GMAC_BLOCKSIZE);
}

static unsigned int
gmac_maclen (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return GMAC_BLOCKSIZE;
}

static unsigned int
gmac_keylen (const gcry_mac_spec_t *spec)
{
  return _gcry_cipher_get_algo_keylen (spec->subalgo);
}

static size_t
gmac_context_size (const gcry_mac_spec_t *spec)
{
  (void) spec;
  return sizeof (gmac_context_t);
}

static gcry_err_code_t
gmac_open (struct gcry_mac_handle *h)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_open (&ctx->gcm, h->spec->subalgo,
                            GCRY_CIPHER_MODE_GCM,
                            h->secure ? GCRY_CIPHER_SECURE : 0);
}

static void
gmac_close (struct gcry_mac_handle *h)
{
  gmac_context_t *ctx = mac_context (h);

  _gcry_cipher_close (ctx->gcm);
  ctx->gcm = NULL;
}

static gcry_err_code_t
gmac_setkey (struct gcry_mac_handle *h, const byte *key, size_t keylen)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_setkey (ctx->gcm, key, keylen);
}

static gcry_err_code_t
gmac_setiv (struct gcry_mac_handle *h, const byte *iv, size_t ivlen)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_setiv (ctx->gcm, iv, ivlen);
}

static gcry_err_code_t
gmac_reset (struct gcry_mac_handle *h)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_ctl (ctx->gcm, GCRYCTL_RESET, NULL, 0);
}

static gcry_err_code_t
gmac_write (struct gcry_mac_handle *h, const byte *buf, size_t len)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_authenticate (ctx->gcm, buf, len);
}

static gcry_err_code_t
gmac_read (struct gcry_mac_handle *h, byte *out, size_t *outlen)
{
  gmac_context_t *ctx = mac_context (h);

  if (*outlen > GMAC_BLOCKSIZE)
    *outlen = GMAC_BLOCKSIZE;
  return _gcry_cipher_gettag (ctx->gcm, out, *outlen);
}

static gcry_err_code_t
gmac_verify (struct gcry_mac_handle *h, const byte *mac, size_t len)
{
  gmac_context_t *ctx = mac_context (h);

  return _gcry_cipher_checktag (ctx->gcm, mac, len);
}

const mac_ops_t _gcry_mac_ops_gmac =
  {
    .available = gmac_available,
    .maclen = gmac_maclen,
    .keylen = gmac_keylen,
    .context_size = gmac_context_size,
    .open = gmac_open,
    .close = gmac_close,
    .setkey = gmac_setkey,
    .setiv = gmac_setiv,
    .reset = gmac_reset,
    .write = gmac_write,
    .read = gmac_read,
    .verify = gmac_verify
  };
