/* cipher-ccm.c - Counter with CBC-MAC (NIST SP 800-38C, RFC 3610), for
 * 128-bit block ciphers.
 *
 * Upstream's call sequence and answers (its manual, and its behaviour
 * observed where the manual is silent):
 *  - setiv takes the nonce, 7..13 bytes (else GPG_ERR_INV_LENGTH; NULL:
 *    GPG_ERR_INV_ARG), and starts a new message.
 *  - GCRYCTL_SET_CCM_LENGTHS {payload, AAD, tag} comes next, once per
 *    nonce: tag lengths 4, 6, ..., 16 (else GPG_ERR_INV_LENGTH); without
 *    a nonce, twice, or after the tag: GPG_ERR_INV_STATE.
 *  - authenticate feeds the AAD in chunks adding up to at most the
 *    announced length (more: GPG_ERR_INV_LENGTH); encrypt/decrypt feed
 *    the payload likewise, and only once all AAD is in; calls before
 *    the lengths or after the tag: GPG_ERR_INV_STATE.
 *  - gettag/checktag want exactly the announced tag length (else
 *    GPG_ERR_INV_LENGTH; 0 or NULL: GPG_ERR_INV_ARG), all AAD
 *    (GPG_ERR_INV_STATE) and all payload (GPG_ERR_UNFINISHED); they can
 *    be repeated.  A wrong tag is GPG_ERR_CHECKSUM, found in constant
 *    time.
 *  - A payload length too large for the length field (15 - nonce
 *    bytes) is accepted and truncated in B_0, the counter then running
 *    into the nonce, exactly as upstream: data upstream encrypted that
 *    way must still decrypt.  Well-formed uses never get there.
 * Differences: lengths, AAD and tags before setkey answer
 * GPG_ERR_INV_STATE (upstream computes them with an unset key).
 *
 * Engines: the CBC-MAC runs on the kernel's cbc_enc in CBC-MAC mode,
 * the counter part on its ctr_crypt (else ECB batches); the payload
 * goes through both in chunks that stay in L1 between the passes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ctr-ctx.h"

#define CCM_BLOCKSIZE 16

/* Bytes of payload per MAC + CTR round trip.  */
#define CCM_CHUNK 8192


/*
 * The CBC-MAC over a byte stream: PENDING collects bytes until a block
 * is full; mac_pad() zero-pads a partial block (CCM pads the AAD and the
 * payload separately).
 */

static void
mac_blocks (gcry_cipher_hd_t c, const byte *in, size_t nblocks)
{
  byte last_out[CCM_BLOCKSIZE];

  if (!nblocks)
    return;
  if (c->bulk.cbc_enc)
    {
      c->bulk.cbc_enc (cipher_ctx (c), c->u_mode.ccm.mac, last_out, in,
                       nblocks, 1);
      cipher_wipe (last_out, sizeof last_out);
      return;
    }
  for (; nblocks; nblocks--, in += CCM_BLOCKSIZE)
    {
      cipher_xor (c->u_mode.ccm.mac, c->u_mode.ccm.mac, in, CCM_BLOCKSIZE);
      c->spec->encrypt (cipher_ctx (c), c->u_mode.ccm.mac, c->u_mode.ccm.mac);
    }
}

static void
mac_bytes (gcry_cipher_hd_t c, const byte *in, size_t len)
{
  byte *pending = c->u_mode.ccm.pending;
  unsigned int npending = c->u_mode.ccm.npending;
  size_t n;

  if (!len)                     /* IN may be NULL then.  */
    return;
  if (npending)
    {
      n = CCM_BLOCKSIZE - npending;
      if (n > len)
        n = len;
      memcpy (pending + npending, in, n);
      npending += n;
      in += n;
      len -= n;
      if (npending < CCM_BLOCKSIZE)
        {
          c->u_mode.ccm.npending = npending;
          return;
        }
      mac_blocks (c, pending, 1);
    }
  n = len / CCM_BLOCKSIZE;
  mac_blocks (c, in, n);
  in += n * CCM_BLOCKSIZE;
  len -= n * CCM_BLOCKSIZE;
  memcpy (pending, in, len);
  c->u_mode.ccm.npending = len;
}

static void
mac_pad (gcry_cipher_hd_t c)
{
  unsigned int npending = c->u_mode.ccm.npending;

  if (!npending)
    return;
  memset (c->u_mode.ccm.pending + npending, 0, CCM_BLOCKSIZE - npending);
  mac_blocks (c, c->u_mode.ccm.pending, 1);
  cipher_wipe (c->u_mode.ccm.pending, CCM_BLOCKSIZE);
  c->u_mode.ccm.npending = 0;
}


/*
 * Message set-up.
 */

/* Forget the message (nonce included).  */
static void
ccm_clear (gcry_cipher_hd_t c)
{
  cipher_wipe (&c->u_mode.ccm, sizeof c->u_mode.ccm);
  cipher_wipe (c->ctr, sizeof c->ctr);
  cipher_wipe (c->keystream, sizeof c->keystream);
  c->unused = 0;
}

static void
ccm_reset (gcry_cipher_hd_t c)
{
  ccm_clear (c);
}

static gcry_err_code_t
ccm_setiv (gcry_cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  /* L, the bytes of the length field, is 15 - nonce length: 2..8.  */
  if (!nonce)
    return GPG_ERR_INV_ARG;
  if (noncelen < 7 || noncelen > 13)
    return GPG_ERR_INV_LENGTH;

  ccm_clear (c);
  /* A_0 = flags (L - 1) || nonce || 0: the counter block of S_0.  B_0
     is built from it once the lengths are known.  */
  c->ctr[0] = (byte) (15 - noncelen - 1);
  memcpy (c->ctr + 1, nonce, noncelen);
  c->u_mode.ccm.noncelen = (unsigned int) noncelen;
  c->u_mode.ccm.nonce_set = 1;
  return 0;
}

/* The big-endian encoding of VALUE in the N (at most 8) bytes at P;
   higher bits of VALUE are dropped (see the head comment).  */
static void
put_be (byte *p, size_t n, u64 value)
{
  while (n--)
    {
      p[n] = (byte) value;
      value >>= 8;
    }
}

gcry_err_code_t
_gcry_cipher_ccm_set_lengths (gcry_cipher_hd_t c, u64 datalen, u64 aadlen,
                              u64 taglen)
{
  byte b0[CCM_BLOCKSIZE];
  byte aad_prefix[10];
  size_t noncelen, prefixlen;

  if (taglen < 4 || taglen > 16 || (taglen & 1))
    return GPG_ERR_INV_LENGTH;
  if (!c->u_mode.ccm.nonce_set || c->u_mode.ccm.tag_done
      || c->u_mode.ccm.lengths_set || !c->marks.key)
    return GPG_ERR_INV_STATE;

  /* B_0 = flags || nonce || payload length, flags = 64 * Adata
     + 8 * (M - 2) / 2 + (L - 1); the nonce and L - 1 are in A_0.  */
  /* The nonce length comes from setiv's record, never from c->ctr: a
     gcry_cipher_setctr on this handle (allowed, as upstream) may have
     replaced the counter block, and its first byte must not steer the
     writes below.  B_0 is rebuilt from that record the same way.  */
  noncelen = c->u_mode.ccm.noncelen;
  memcpy (b0, c->ctr, CCM_BLOCKSIZE);
  b0[0] = (byte) (15 - noncelen - 1);
  b0[0] |= (byte) ((aadlen ? 64 : 0) | ((taglen - 2) / 2) << 3);
  put_be (b0 + 1 + noncelen, CCM_BLOCKSIZE - 1 - noncelen, datalen);
  mac_blocks (c, b0, 1);
  cipher_wipe (b0, sizeof b0);

  /* The AAD starts with its length: 2 bytes below 2^16 - 2^8, else
     0xfffe and 4 bytes below 2^32, else 0xffff and 8 bytes.  */
  if (aadlen)
    {
      if (aadlen < 0xff00)
        {
          put_be (aad_prefix, 2, aadlen);
          prefixlen = 2;
        }
      else if (aadlen <= 0xffffffff)
        {
          aad_prefix[0] = 0xff;
          aad_prefix[1] = 0xfe;
          put_be (aad_prefix + 2, 4, aadlen);
          prefixlen = 6;
        }
      else
        {
          aad_prefix[0] = 0xff;
          aad_prefix[1] = 0xff;
          put_be (aad_prefix + 2, 8, aadlen);
          prefixlen = 10;
        }
      mac_bytes (c, aad_prefix, prefixlen);
    }

  /* S_0 masks the tag; the payload starts at counter 1.  */
  c->spec->encrypt (cipher_ctx (c), c->u_mode.ccm.s0, c->ctr);
  c->ctr[15] = 1;

  c->u_mode.ccm.aad_left = aadlen;
  c->u_mode.ccm.data_left = datalen;
  c->u_mode.ccm.taglen = (unsigned int) taglen;
  c->u_mode.ccm.lengths_set = 1;
  return 0;
}


/*
 * The API operations.
 */

static gcry_err_code_t
ccm_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  if (!c->u_mode.ccm.nonce_set || !c->u_mode.ccm.lengths_set
      || c->u_mode.ccm.tag_done || !c->marks.key)
    return GPG_ERR_INV_STATE;
  if ((u64) abuflen > c->u_mode.ccm.aad_left)
    return GPG_ERR_INV_LENGTH;

  c->u_mode.ccm.aad_left -= abuflen;
  mac_bytes (c, abuf, abuflen);
  if (!c->u_mode.ccm.aad_left)
    mac_pad (c);                /* The AAD is complete.  */
  return 0;
}

static gcry_err_code_t
ccm_data_checks (gcry_cipher_hd_t c, size_t outsize, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!c->u_mode.ccm.nonce_set || !c->u_mode.ccm.lengths_set
      || c->u_mode.ccm.tag_done || c->u_mode.ccm.aad_left)
    return GPG_ERR_INV_STATE;
  if ((u64) inlen > c->u_mode.ccm.data_left)
    return GPG_ERR_INV_LENGTH;
  return 0;
}

static gcry_err_code_t
ccm_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  gcry_err_code_t rc = ccm_data_checks (c, outsize, inlen);
  size_t n;

  if (rc)
    return rc;
  c->u_mode.ccm.data_left -= inlen;
  while (inlen)
    {
      n = inlen < CCM_CHUNK ? inlen : CCM_CHUNK;
      /* MAC first: OUT may be IN.  */
      mac_bytes (c, in, n);
      _gcry_cipher_ctr_ctx (c, cipher_ctx (c), out, in, n);
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

static gcry_err_code_t
ccm_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  gcry_err_code_t rc = ccm_data_checks (c, outsize, inlen);
  size_t n;

  if (rc)
    return rc;
  c->u_mode.ccm.data_left -= inlen;
  while (inlen)
    {
      n = inlen < CCM_CHUNK ? inlen : CCM_CHUNK;
      _gcry_cipher_ctr_ctx (c, cipher_ctx (c), out, in, n);
      mac_bytes (c, out, n);
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

/* The checks of gettag/checktag, in upstream's order, and the tag
   computed on first use.  */
static gcry_err_code_t
ccm_finish (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  if (!tag || !taglen)
    return GPG_ERR_INV_ARG;
  if (taglen != c->u_mode.ccm.taglen)
    return GPG_ERR_INV_LENGTH;
  if (!c->u_mode.ccm.nonce_set || !c->u_mode.ccm.lengths_set
      || c->u_mode.ccm.aad_left || !c->marks.key)
    return GPG_ERR_INV_STATE;
  if (c->u_mode.ccm.data_left)
    return GPG_ERR_UNFINISHED;

  if (!c->u_mode.ccm.tag_done)
    {
      mac_pad (c);
      cipher_xor (c->u_mode.ccm.mac, c->u_mode.ccm.mac, c->u_mode.ccm.s0,
                  CCM_BLOCKSIZE);
      cipher_wipe (c->u_mode.ccm.s0, sizeof c->u_mode.ccm.s0);
      cipher_wipe (c->ctr, sizeof c->ctr);
      cipher_wipe (c->keystream, sizeof c->keystream);
      c->unused = 0;
      c->u_mode.ccm.tag_done = 1;
    }
  return 0;
}

static gcry_err_code_t
ccm_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  gcry_err_code_t rc = ccm_finish (c, tag, taglen);

  if (rc)
    return rc;
  memcpy (tag, c->u_mode.ccm.mac, taglen);
  return 0;
}

static gcry_err_code_t
ccm_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  gcry_err_code_t rc = ccm_finish (c, tag, taglen);

  if (rc)
    return rc;
  if (_gcry_ct_memcmp (tag, c->u_mode.ccm.mac, taglen))
    return GPG_ERR_CHECKSUM;
  return 0;
}

/* The announced tag length; 0 before GCRYCTL_SET_CCM_LENGTHS.  */
static gcry_err_code_t
ccm_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  *taglen = c->u_mode.ccm.taglen;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_ccm =
  {
    .mode = GCRY_CIPHER_MODE_CCM,
    .blocksize = CCM_BLOCKSIZE,
    .encrypt = ccm_encrypt,
    .decrypt = ccm_decrypt,
    .setiv = ccm_setiv,
    .reset = ccm_reset,
    .authenticate = ccm_authenticate,
    .get_tag = ccm_get_tag,
    .check_tag = ccm_check_tag,
    .get_taglen = ccm_get_taglen,
  };
