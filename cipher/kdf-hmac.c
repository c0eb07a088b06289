/* kdf-hmac.c - digests as the key-derivation functions use them, and
 * HMAC (RFC 2104) keyed once over any of them.
 *
 * The KDFs run the digest specs of md-internal.h directly instead of
 * going through gcry_md handles: no handle bookkeeping per message, and
 * the keyed HMAC states are plain context copies (every spec's state
 * survives memcpy, md-internal.h promises it).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "kdf-internal.h"

#include <string.h>


gcry_err_code_t
_gcry_kdf_digest_get (int algo, kdf_digest_t *d)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);

  memset (d, 0, sizeof *d);
  if (!spec)
    return GPG_ERR_DIGEST_ALGO;
  d->spec = spec;
  d->outlen = spec->mdlen;
  if (!d->outlen)
    {
      /* Extendable output: the fixed length upstream reads from it.  */
      switch (algo)
        {
        case GCRY_MD_SHAKE128:
        case GCRY_MD_CSHAKE128:
          d->outlen = 32;
          break;
        case GCRY_MD_SHAKE256:
        case GCRY_MD_CSHAKE256:
          d->outlen = 64;
          break;
        default:
          return GPG_ERR_DIGEST_ALGO;
        }
    }
  /* _gcry_kdf_digest_read takes the fixed digest, else the XOF's.  */
  if (!spec->read && !spec->extract)
    return GPG_ERR_DIGEST_ALGO;
  d->blocksize = spec->hmac_blocksize ? spec->hmac_blocksize : 64;
  if (d->outlen > MD_MAX_DIGEST_LEN || d->blocksize > MD_MAX_HMAC_BLOCK)
    return GPG_ERR_DIGEST_ALGO;
  return 0;
}

void
_gcry_kdf_digest_read (const kdf_digest_t *d, void *ctx, byte *out)
{
  if (d->spec->read)
    memcpy (out, d->spec->read (ctx), d->outlen);
  else
    d->spec->extract (ctx, out, d->outlen);
}


/*
 * HMAC.  MEM holds three contexts: INNER (after the key XOR ipad),
 * OUTER (after the key XOR opad) and WORK.
 */

#define HMAC_INNER(h) ((h)->mem)
#define HMAC_OUTER(h) ((h)->mem + (h)->slot)
#define HMAC_WORK(h)  ((h)->mem + 2 * (h)->slot)

gcry_err_code_t
_gcry_kdf_hmac_init (kdf_hmac_t *h, const kdf_digest_t *d,
                     const byte *key, size_t keylen)
{
  const gcry_md_spec_t *spec = d->spec;
  byte pad[MD_MAX_HMAC_BLOCK];
  unsigned int i;

  memset (h, 0, sizeof *h);
  h->d = *d;
  h->slot = kdf_digest_slot (d);
  h->mem = _gcry_malloc_secure (3 * h->slot);
  if (!h->mem)
    return kdf_alloc_error ();

  /* The key padded with zeros to a block; a longer key is hashed.  */
  memset (pad, 0, sizeof pad);
  if (keylen > d->blocksize)
    {
      spec->init (HMAC_WORK (h), 0);
      spec->write (HMAC_WORK (h), key, keylen);
      spec->final (HMAC_WORK (h));
      _gcry_kdf_digest_read (d, HMAC_WORK (h), pad);
    }
  else if (keylen)
    memcpy (pad, key, keylen);

  for (i = 0; i < d->blocksize; i++)
    pad[i] ^= 0x36;
  spec->init (HMAC_INNER (h), 0);
  spec->write (HMAC_INNER (h), pad, d->blocksize);
  for (i = 0; i < d->blocksize; i++)
    pad[i] ^= 0x36 ^ 0x5c;
  spec->init (HMAC_OUTER (h), 0);
  spec->write (HMAC_OUTER (h), pad, d->blocksize);

  wipememory (pad, sizeof pad);
  wipememory (HMAC_WORK (h), h->slot);
  return 0;
}

void
_gcry_kdf_hmac_begin (kdf_hmac_t *h)
{
  memcpy (HMAC_WORK (h), HMAC_INNER (h), h->d.spec->contextsize);
}

void
_gcry_kdf_hmac_write (kdf_hmac_t *h, const void *buf, size_t len)
{
  if (len)
    h->d.spec->write (HMAC_WORK (h), buf, len);
}

void
_gcry_kdf_hmac_end (kdf_hmac_t *h, byte *out)
{
  const gcry_md_spec_t *spec = h->d.spec;
  byte inner[MD_MAX_DIGEST_LEN];

  spec->final (HMAC_WORK (h));
  _gcry_kdf_digest_read (&h->d, HMAC_WORK (h), inner);
  memcpy (HMAC_WORK (h), HMAC_OUTER (h), spec->contextsize);
  spec->write (HMAC_WORK (h), inner, h->d.outlen);
  spec->final (HMAC_WORK (h));
  _gcry_kdf_digest_read (&h->d, HMAC_WORK (h), out);
  wipememory (inner, sizeof inner);
}

void
_gcry_kdf_hmac_release (kdf_hmac_t *h)
{
  if (h->mem)
    {
      wipememory (h->mem, 3 * h->slot);
      _gcry_free (h->mem);
    }
  memset (h, 0, sizeof *h);
}
