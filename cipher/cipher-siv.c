/* cipher-siv.c - SIV (RFC 5297) for 128-bit block ciphers: AES-SIV with
 * a double key (256, 384 or 512 bits), the first half for S2V (CMAC),
 * the second for CTR.
 *
 * S2V: D = CMAC(K1, 0^128); each AD component A gives
 * D = dbl(D) ^ CMAC(K1, A); the plaintext P ends it with
 * V = CMAC(K1, P xorend D) when |P| >= 16, else
 * V = CMAC(K1, dbl(D) ^ pad(P)).  The ciphertext is CTR under K2 from V
 * with bits 31 and 63 (counted from the right) cleared.
 *
 * Upstream's API (its manual, and its behaviour observed where the
 * manual is silent):
 *  - each authenticate call is one AD component; setiv gives the nonce,
 *    the last component (NULL: GPG_ERR_INV_ARG), after which no more AD
 *    (GPG_ERR_INV_STATE); at most 126 components (then
 *    GPG_ERR_INV_STATE).
 *  - encrypt takes the whole plaintext in one call; gettag then gives V
 *    (min(taglen, 16) bytes).  Without encrypt, gettag ends the message
 *    as an empty plaintext.
 *  - decrypt needs GCRYCTL_SET_DECRYPTION_TAG (16 bytes, else
 *    GPG_ERR_INV_ARG) first (else GPG_ERR_INV_STATE) and takes the whole
 *    ciphertext in one call; a wrong tag is GPG_ERR_CHECKSUM with the
 *    output zeroed.  checktag compares V with a 16-byte tag in constant
 *    time (other lengths: GPG_ERR_CHECKSUM).
 *  - After the message, encrypt/decrypt/AD/decryption tag answer
 *    GPG_ERR_INV_STATE until GCRYCTL_RESET; gettag after a decryption
 *    tag is GPG_ERR_INV_STATE.
 * Differences: without a key every operation answers GPG_ERR_INV_STATE
 * (upstream computes with an unset key); a NULL AD buffer is refused
 * without counting as a component.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cmac.h"
#include "ctr-ctx.h"

#define SIV_BLOCKSIZE 16

/* Upstream's limits on S2V inputs: 126 AD components (nonce included),
   plus the plaintext.  */
#define SIV_MAX_AD 126

/* V = CMAC(K1, IN).  */
static void
s2v_cmac (gcry_cipher_hd_t c, byte *v, const byte *in, size_t len)
{
  cmac_state_t state;

  _gcry_cmac_init (&state);
  _gcry_cmac_update (c, &state, in, len);
  _gcry_cmac_final (c, &c->u_mode.siv.subkeys, &state, v);
}

/* One AD component.  */
static void
s2v_add (gcry_cipher_hd_t c, const byte *ad, size_t adlen)
{
  byte mac[SIV_BLOCKSIZE];

  s2v_cmac (c, mac, ad, adlen);
  cmac_double (c->u_mode.siv.d, c->u_mode.siv.d, SIV_BLOCKSIZE);
  cipher_xor (c->u_mode.siv.d, c->u_mode.siv.d, mac, SIV_BLOCKSIZE);
  wipememory (mac, sizeof mac);
  c->u_mode.siv.ncomponents++;
}

/* The last input: V from the plaintext.  */
static void
s2v_final (gcry_cipher_hd_t c, const byte *plain, size_t len)
{
  byte *d = c->u_mode.siv.d;
  byte last[SIV_BLOCKSIZE];
  cmac_state_t state;

  _gcry_cmac_init (&state);
  if (len >= SIV_BLOCKSIZE)
    {
      /* P xorend D: D goes into the last 16 bytes.  */
      _gcry_cmac_update (c, &state, plain, len - SIV_BLOCKSIZE);
      cipher_xor (last, plain + len - SIV_BLOCKSIZE, d, SIV_BLOCKSIZE);
    }
  else
    {
      cmac_double (d, d, SIV_BLOCKSIZE);
      memset (last, 0, sizeof last);
      if (len)
        memcpy (last, plain, len);
      last[len] = 0x80;
      cipher_xor (last, last, d, SIV_BLOCKSIZE);
    }
  _gcry_cmac_update (c, &state, last, SIV_BLOCKSIZE);
  _gcry_cmac_final (c, &c->u_mode.siv.subkeys, &state, c->u_mode.siv.v);
  wipememory (last, sizeof last);
  wipememory (d, SIV_BLOCKSIZE);
  c->u_mode.siv.tag_done = 1;
}

/* The counter block from a SIV: bits 63 and 31 of its right half
   cleared, so that 32- and 64-bit counter implementations agree.  */
static void
siv_set_counter (gcry_cipher_hd_t c, const byte *v)
{
  memcpy (c->ctr, v, SIV_BLOCKSIZE);
  c->ctr[8] &= 0x7f;
  c->ctr[12] &= 0x7f;
  c->unused = 0;
}

/* Forget the message; the subkeys and D's starting value stay.  */
static void
siv_clear (gcry_cipher_hd_t c)
{
  memcpy (c->u_mode.siv.d, c->u_mode.siv.d_init, SIV_BLOCKSIZE);
  wipememory (c->u_mode.siv.v, sizeof c->u_mode.siv.v);
  wipememory (c->u_mode.siv.dec_tag, sizeof c->u_mode.siv.dec_tag);
  c->u_mode.siv.ncomponents = 0;
  c->u_mode.siv.nonce_set = 0;
  c->u_mode.siv.dec_tag_set = 0;
  c->u_mode.siv.tag_done = 0;
  wipememory (c->ctr, sizeof c->ctr);
  wipememory (c->keystream, sizeof c->keystream);
  c->unused = 0;
}

static void
siv_reset (gcry_cipher_hd_t c)
{
  siv_clear (c);
}

static gcry_err_code_t
siv_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  static const byte zero[SIV_BLOCKSIZE];

  (void) key;
  (void) keylen;
  _gcry_cmac_derive_subkeys (c, &c->u_mode.siv.subkeys);
  s2v_cmac (c, c->u_mode.siv.d_init, zero, sizeof zero);
  siv_clear (c);
  return 0;
}

static gcry_err_code_t
siv_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  if (!c->marks.key || c->u_mode.siv.tag_done || c->u_mode.siv.nonce_set
      || c->u_mode.siv.ncomponents >= SIV_MAX_AD)
    return GPG_ERR_INV_STATE;
  if (!abuf)
    return GPG_ERR_INV_ARG;
  s2v_add (c, abuf, abuflen);
  return 0;
}

static gcry_err_code_t
siv_setiv (gcry_cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  gcry_err_code_t rc = siv_authenticate (c, nonce, noncelen);

  if (rc)
    return rc;
  c->u_mode.siv.nonce_set = 1;
  return 0;
}

static gcry_err_code_t
siv_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (c->u_mode.siv.tag_done || c->u_mode.siv.dec_tag_set)
    return GPG_ERR_INV_STATE;

  /* S2V reads all of IN before CTR writes OUT, which may be IN.  */
  s2v_final (c, in, inlen);
  siv_set_counter (c, c->u_mode.siv.v);
  _gcry_cipher_ctr_ctx (c, cipher_ctx2 (c), out, in, inlen);
  wipememory (c->keystream, sizeof c->keystream);
  c->unused = 0;
  return 0;
}

static gcry_err_code_t
siv_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (c->u_mode.siv.tag_done || !c->u_mode.siv.dec_tag_set)
    return GPG_ERR_INV_STATE;

  siv_set_counter (c, c->u_mode.siv.dec_tag);
  _gcry_cipher_ctr_ctx (c, cipher_ctx2 (c), out, in, inlen);
  wipememory (c->keystream, sizeof c->keystream);
  c->unused = 0;
  s2v_final (c, out, inlen);
  if (_gcry_ct_memcmp (c->u_mode.siv.v, c->u_mode.siv.dec_tag,
                       SIV_BLOCKSIZE))
    {
      /* Release no unauthenticated plaintext.  */
      wipememory (out, inlen);
      return GPG_ERR_CHECKSUM;
    }
  return 0;
}

static gcry_err_code_t
siv_set_decryption_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  if (taglen != SIV_BLOCKSIZE)
    return GPG_ERR_INV_ARG;
  if (c->u_mode.siv.tag_done)
    return GPG_ERR_INV_STATE;
  memcpy (c->u_mode.siv.dec_tag, tag, SIV_BLOCKSIZE);
  c->u_mode.siv.dec_tag_set = 1;
  return 0;
}

/* V, computed as for an empty plaintext when nothing was encrypted.  */
static gcry_err_code_t
siv_finish (gcry_cipher_hd_t c)
{
  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  if (!c->u_mode.siv.tag_done)
    s2v_final (c, NULL, 0);
  return 0;
}

static gcry_err_code_t
siv_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  gcry_err_code_t rc;

  if (c->u_mode.siv.dec_tag_set)
    return GPG_ERR_INV_STATE;
  rc = siv_finish (c);
  if (rc)
    return rc;
  if (taglen > SIV_BLOCKSIZE)
    taglen = SIV_BLOCKSIZE;
  if (taglen)                   /* TAG may be NULL then.  */
    memcpy (tag, c->u_mode.siv.v, taglen);
  return 0;
}

static gcry_err_code_t
siv_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  gcry_err_code_t rc = siv_finish (c);

  if (rc)
    return rc;
  if (taglen != SIV_BLOCKSIZE
      || _gcry_ct_memcmp (tag, c->u_mode.siv.v, SIV_BLOCKSIZE))
    return GPG_ERR_CHECKSUM;
  return 0;
}

static gcry_err_code_t
siv_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  (void) c;
  *taglen = SIV_BLOCKSIZE;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_siv =
  {
    .mode = GCRY_CIPHER_MODE_SIV,
    .blocksize = SIV_BLOCKSIZE,
    .encrypt = siv_encrypt,
    .decrypt = siv_decrypt,
    .setiv = siv_setiv,
    .reset = siv_reset,
    .ncontexts = 2,
    .authenticate = siv_authenticate,
    .get_tag = siv_get_tag,
    .check_tag = siv_check_tag,
    .get_taglen = siv_get_taglen,
    .set_decryption_tag = siv_set_decryption_tag,
    .setkey_done = siv_setkey_done,
  };
