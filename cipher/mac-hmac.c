/* mac-hmac.c - HMAC (RFC 2104, FIPS 198-1) for gcry_mac over any digest
 * of the md registry with a fixed output length.
 *
 * The digest runs directly on its spec (md-internal.h), not through a
 * gcry_md handle: setkey absorbs the inner and the outer padded key once
 * into two contexts, and every message starts from a copy of the inner
 * one (digest contexts survive memcpy by contract), so reset costs one
 * copy and no compression.
 *
 * Upstream behaviour kept: keys of any length (longer than the digest's
 * HMAC block are hashed first; empty keys allowed), reads truncate to
 * the caller's length, a verify longer than the MAC is
 * GPG_ERR_INV_LENGTH.  Deliberate difference: writing after the MAC was
 * read, or before any key, is GPG_ERR_INV_STATE here (upstream's HMAC
 * then returns garbage or crashes); GCRYCTL_RESET starts a new message.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "mac-internal.h"

#include <string.h>

/* Digest contexts sit at multiples of this inside the MAC context.  */
#define SLOT_ALIGN 16
#define SLOT_SIZE(spec) \
  (((spec)->contextsize + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN)

typedef struct hmac_context
{
  const gcry_md_spec_t *md;
  size_t slot_size;
  unsigned int keyed:1;         /* A key was set: the slots are ready.  */
  unsigned int finished:1;      /* MAC holds the result of this message. */
  byte mac[MD_MAX_DIGEST_LEN];
  /* Then three digest contexts, each SLOT_SIZE bytes: the running one,
     the one after the inner padded key, the one after the outer.  */
} hmac_context_t;

enum { SLOT_RUN, SLOT_INNER, SLOT_OUTER };

#define CONTEXT_HEADER \
  ((sizeof (hmac_context_t) + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN)

static void *
slot (hmac_context_t *ctx, int which)
{
  return (char *) ctx + CONTEXT_HEADER + (size_t) which * ctx->slot_size;
}

static const gcry_md_spec_t *
digest_of (const gcry_mac_spec_t *spec)
{
  return _gcry_md_spec_from_algo (spec->subalgo);
}

static int
hmac_available (const gcry_mac_spec_t *spec)
{
  const gcry_md_spec_t *md = digest_of (spec);

  /* XOFs have no fixed output and no HMAC block.  */
  return md && md->mdlen && md->read && md->hmac_blocksize
         && md->mdlen <= MD_MAX_DIGEST_LEN
         && md->hmac_blocksize <= MD_MAX_HMAC_BLOCK;
}

static unsigned int
hmac_maclen (const gcry_mac_spec_t *spec)
{
  return digest_of (spec)->mdlen;
}

static unsigned int
hmac_keylen (const gcry_mac_spec_t *spec)
{
  return spec->keylen;
}

static size_t
hmac_context_size (const gcry_mac_spec_t *spec)
{
  return CONTEXT_HEADER + 3 * SLOT_SIZE (digest_of (spec));
}

static gcry_err_code_t
hmac_open (struct gcry_mac_handle *h)
{
  hmac_context_t *ctx = mac_context (h);

  ctx->md = digest_of (h->spec);
  ctx->slot_size = SLOT_SIZE (ctx->md);
  return 0;
}

static gcry_err_code_t
hmac_setkey (struct gcry_mac_handle *h, const byte *key, size_t keylen)
{
  hmac_context_t *ctx = mac_context (h);
  const gcry_md_spec_t *md = ctx->md;
  size_t blocksize = md->hmac_blocksize;
  byte pad[MD_MAX_HMAC_BLOCK];
  size_t i;

  memset (pad, 0, blocksize);
  if (keylen > blocksize)
    {
      /* Keys longer than the block are replaced by their digest; the
         running slot is free for that.  */
      md->init (slot (ctx, SLOT_RUN), 0);
      md->write (slot (ctx, SLOT_RUN), key, keylen);
      md->final (slot (ctx, SLOT_RUN));
      memcpy (pad, md->read (slot (ctx, SLOT_RUN)), md->mdlen);
    }
  else if (keylen)
    memcpy (pad, key, keylen);

  for (i = 0; i < blocksize; i++)
    pad[i] ^= 0x36;
  md->init (slot (ctx, SLOT_INNER), 0);
  md->write (slot (ctx, SLOT_INNER), pad, blocksize);

  /* The outer pad is the key XOR 0x5c: flip the inner one.  */
  for (i = 0; i < blocksize; i++)
    pad[i] ^= 0x36 ^ 0x5c;
  md->init (slot (ctx, SLOT_OUTER), 0);
  md->write (slot (ctx, SLOT_OUTER), pad, blocksize);
  wipememory (pad, sizeof pad);

  memcpy (slot (ctx, SLOT_RUN), slot (ctx, SLOT_INNER), ctx->slot_size);
  wipememory (ctx->mac, sizeof ctx->mac);
  ctx->keyed = 1;
  ctx->finished = 0;
  return 0;
}

static gcry_err_code_t
hmac_reset (struct gcry_mac_handle *h)
{
  hmac_context_t *ctx = mac_context (h);

  if (ctx->keyed)
    memcpy (slot (ctx, SLOT_RUN), slot (ctx, SLOT_INNER), ctx->slot_size);
  wipememory (ctx->mac, sizeof ctx->mac);
  ctx->finished = 0;
  return 0;
}

static gcry_err_code_t
hmac_write (struct gcry_mac_handle *h, const byte *buf, size_t len)
{
  hmac_context_t *ctx = mac_context (h);

  if (!ctx->keyed || ctx->finished)
    return GPG_ERR_INV_STATE;
  if (len)
    ctx->md->write (slot (ctx, SLOT_RUN), buf, len);
  return 0;
}

/* Compute the MAC of the message so far into CTX->MAC (once).  */
static gcry_err_code_t
hmac_finish (hmac_context_t *ctx)
{
  const gcry_md_spec_t *md = ctx->md;
  void *run = slot (ctx, SLOT_RUN);

  if (!ctx->keyed)
    return GPG_ERR_INV_STATE;
  if (ctx->finished)
    return 0;
  md->final (run);
  memcpy (ctx->mac, md->read (run), md->mdlen);
  memcpy (run, slot (ctx, SLOT_OUTER), ctx->slot_size);
  md->write (run, ctx->mac, md->mdlen);
  md->final (run);
  memcpy (ctx->mac, md->read (run), md->mdlen);
  /* The running slot held the inner digest and now the MAC.  */
  wipememory (run, ctx->slot_size);
  ctx->finished = 1;
  return 0;
}

static gcry_err_code_t
hmac_read (struct gcry_mac_handle *h, byte *out, size_t *outlen)
{
  hmac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc = hmac_finish (ctx);

  if (rc)
    return rc;
  if (*outlen > ctx->md->mdlen)
    *outlen = ctx->md->mdlen;
  memcpy (out, ctx->mac, *outlen);
  return 0;
}

static gcry_err_code_t
hmac_verify (struct gcry_mac_handle *h, const byte *mac, size_t len)
{
  hmac_context_t *ctx = mac_context (h);
  gcry_err_code_t rc = hmac_finish (ctx);

  if (rc)
    return rc;
  if (len > ctx->md->mdlen)
    return GPG_ERR_INV_LENGTH;
  return _gcry_ct_memcmp (mac, ctx->mac, len) ? GPG_ERR_CHECKSUM : 0;
}

const mac_ops_t _gcry_mac_ops_hmac =
  {
    .available = hmac_available,
    .maclen = hmac_maclen,
    .keylen = hmac_keylen,
    .context_size = hmac_context_size,
    .open = hmac_open,
    .close = NULL,
    .setkey = hmac_setkey,
    .setiv = NULL,
    .reset = hmac_reset,
    .write = hmac_write,
    .read = hmac_read,
    .verify = hmac_verify
  };
