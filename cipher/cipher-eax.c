/* cipher-eax.c - EAX (Bellare, Rogaway, Wagner), over any 64- or
 * 128-bit block cipher.
 *
 * With OMAC^t(M) = CMAC([t]_n || M): N = OMAC^0(nonce), H = OMAC^1(AAD),
 * C = CTR(N) applied to the data, tag = N ^ H ^ OMAC^2(ciphertext).
 *
 * Upstream's semantics (its manual, and its behaviour observed where the
 * manual is silent):
 *  - setiv takes a nonce of any length, 0 included (NULL with a length:
 *    GPG_ERR_INV_ARG) and starts a new message; without one, the first
 *    operation uses the empty nonce.
 *  - authenticate and encrypt/decrypt take any lengths, any number of
 *    calls, in any order (the AAD and the ciphertext are MACed
 *    separately), until the tag; afterwards GPG_ERR_INV_STATE.
 *    authenticate with a NULL buffer is GPG_ERR_INV_ARG even for 0
 *    bytes, as upstream.
 *  - gettag writes min(taglen, blocksize) bytes; checktag compares the
 *    TAGLEN bytes given (more than a block: GPG_ERR_CHECKSUM), in
 *    constant time.  Both can be repeated.
 * Differences: without a key, setiv/authenticate/gettag/checktag answer
 * GPG_ERR_INV_STATE (upstream computes with an unset key).  A tag asked
 * for before any other operation is the real tag of the empty message
 * under the empty nonce (upstream returns all zeros there), and setkey
 * ends the message (upstream keeps a state MACed with the old key).
 *
 * Engines: the CMACs run on the kernel's cbc_enc in CBC-MAC mode, the
 * counter on its ctr_crypt (else ECB batches), over chunks small enough
 * to stay in L1 between the two passes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cmac.h"
#include "ctr-ctx.h"

/* Bytes of data per CTR + CMAC round trip.  */
#define EAX_CHUNK 8192

/* Start OMAC^T: absorb the block [T]_n (n - 1 zero bytes, then T).  */
static void
omac_start (gcry_cipher_hd_t c, cmac_state_t *state, byte t)
{
  byte block[CMAC_MAX_BLOCKSIZE];
  unsigned int blocksize = c->spec->blocksize;

  memset (block, 0, blocksize);
  block[blocksize - 1] = t;
  _gcry_cmac_init (state);
  _gcry_cmac_update (c, state, block, blocksize);
}

/* Forget the message; the subkeys stay.  */
static void
eax_clear (gcry_cipher_hd_t c)
{
  _gcry_cmac_init (&c->u_mode.eax.header);
  _gcry_cmac_init (&c->u_mode.eax.data);
  cipher_wipe (c->u_mode.eax.nonce_mac, sizeof c->u_mode.eax.nonce_mac);
  cipher_wipe (c->u_mode.eax.tag, sizeof c->u_mode.eax.tag);
  c->u_mode.eax.nonce_set = 0;
  c->u_mode.eax.tag_done = 0;
  cipher_wipe (c->ctr, sizeof c->ctr);
  cipher_wipe (c->keystream, sizeof c->keystream);
  c->unused = 0;
}

static void
eax_reset (gcry_cipher_hd_t c)
{
  eax_clear (c);
}

static gcry_err_code_t
eax_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  gcry_err_code_t rc = _gcry_cmac_check_blocksize (c->spec->blocksize);

  (void) key;
  (void) keylen;
  if (rc)
    return rc;
  eax_clear (c);
  _gcry_cmac_derive_subkeys (c, &c->u_mode.eax.subkeys);
  return 0;
}

/* Start the message under NONCE.  The key is set.  */
static void
eax_start (gcry_cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  cmac_state_t nonce_state;

  eax_clear (c);
  omac_start (c, &nonce_state, 0);
  _gcry_cmac_update (c, &nonce_state, nonce, noncelen);
  _gcry_cmac_final (c, &c->u_mode.eax.subkeys, &nonce_state,
                    c->u_mode.eax.nonce_mac);
  memcpy (c->ctr, c->u_mode.eax.nonce_mac, c->spec->blocksize);
  omac_start (c, &c->u_mode.eax.header, 1);
  omac_start (c, &c->u_mode.eax.data, 2);
  c->u_mode.eax.nonce_set = 1;
}

static gcry_err_code_t
eax_setiv (gcry_cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  if (!nonce && noncelen)
    return GPG_ERR_INV_ARG;
  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  eax_start (c, nonce, noncelen);
  return 0;
}

/* The checks every message operation starts with; starts the message
   with the empty nonce when setiv did not.  */
static gcry_err_code_t
eax_prologue (gcry_cipher_hd_t c)
{
  if (!c->marks.key || c->u_mode.eax.tag_done)
    return GPG_ERR_INV_STATE;
  if (!c->u_mode.eax.nonce_set)
    eax_start (c, NULL, 0);
  return 0;
}

static gcry_err_code_t
eax_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  gcry_err_code_t rc = eax_prologue (c);

  if (rc)
    return rc;
  if (!abuf)
    return GPG_ERR_INV_ARG;
  _gcry_cmac_update (c, &c->u_mode.eax.header, abuf, abuflen);
  return 0;
}

static gcry_err_code_t
eax_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  gcry_err_code_t rc;
  size_t n;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  rc = eax_prologue (c);
  if (rc)
    return rc;
  while (inlen)
    {
      n = inlen < EAX_CHUNK ? inlen : EAX_CHUNK;
      _gcry_cipher_ctr_ctx (c, cipher_ctx (c), out, in, n);
      _gcry_cmac_update (c, &c->u_mode.eax.data, out, n);
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

static gcry_err_code_t
eax_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  gcry_err_code_t rc;
  size_t n;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  rc = eax_prologue (c);
  if (rc)
    return rc;
  while (inlen)
    {
      n = inlen < EAX_CHUNK ? inlen : EAX_CHUNK;
      /* MAC first: OUT may be IN.  */
      _gcry_cmac_update (c, &c->u_mode.eax.data, in, n);
      _gcry_cipher_ctr_ctx (c, cipher_ctx (c), out, in, n);
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

/* The tag, computed on first use.  */
static gcry_err_code_t
eax_finish (gcry_cipher_hd_t c)
{
  byte mac[CMAC_MAX_BLOCKSIZE];
  unsigned int blocksize = c->spec->blocksize;
  gcry_err_code_t rc;

  if (c->u_mode.eax.tag_done)
    return 0;
  rc = eax_prologue (c);
  if (rc)
    return rc;

  _gcry_cmac_final (c, &c->u_mode.eax.subkeys, &c->u_mode.eax.header, mac);
  cipher_xor (c->u_mode.eax.tag, c->u_mode.eax.nonce_mac, mac, blocksize);
  _gcry_cmac_final (c, &c->u_mode.eax.subkeys, &c->u_mode.eax.data, mac);
  cipher_xor (c->u_mode.eax.tag, c->u_mode.eax.tag, mac, blocksize);
  cipher_wipe (mac, sizeof mac);
  cipher_wipe (c->u_mode.eax.nonce_mac, sizeof c->u_mode.eax.nonce_mac);
  cipher_wipe (c->ctr, sizeof c->ctr);
  cipher_wipe (c->keystream, sizeof c->keystream);
  c->unused = 0;
  c->u_mode.eax.tag_done = 1;
  return 0;
}

static gcry_err_code_t
eax_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  gcry_err_code_t rc = eax_finish (c);

  if (rc)
    return rc;
  if (taglen > c->spec->blocksize)
    taglen = c->spec->blocksize;
  if (taglen)                   /* TAG may be NULL then.  */
    memcpy (tag, c->u_mode.eax.tag, taglen);
  return 0;
}

static gcry_err_code_t
eax_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  gcry_err_code_t rc = eax_finish (c);

  if (rc)
    return rc;
  /* The length is public; the comparison takes the same time wherever
     the tags differ.  A truncated tag is compared on its length, as
     upstream.  */
  if (taglen > c->spec->blocksize
      || _gcry_ct_memcmp (tag, c->u_mode.eax.tag, taglen))
    return GPG_ERR_CHECKSUM;
  return 0;
}

static gcry_err_code_t
eax_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  *taglen = c->spec->blocksize;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_eax =
  {
    .mode = GCRY_CIPHER_MODE_EAX,
    .encrypt = eax_encrypt,
    .decrypt = eax_decrypt,
    .setiv = eax_setiv,
    .reset = eax_reset,
    .authenticate = eax_authenticate,
    .get_tag = eax_get_tag,
    .check_tag = eax_check_tag,
    .get_taglen = eax_get_taglen,
    .setkey_done = eax_setkey_done,
  };
