/* cipher-gcm-siv.c - AES-GCM-SIV (RFC 8452), nonce-misuse-resistant AEAD.
 *
 * Upstream's call sequence and errors:
 *  - setkey: 16 or 32 bytes (AES-128 / AES-256 as the key-generating
 *    key), anything else GPG_ERR_INV_KEYLEN, whatever the algorithm id.
 *  - setiv: the 12-byte nonce (other lengths GPG_ERR_INV_ARG), once per
 *    message: a second setiv without reset or setkey is
 *    GPG_ERR_INV_STATE.  It derives the message keys; everything else
 *    needs it first (GPG_ERR_INV_STATE).
 *  - authenticate: any number of calls before the data.
 *  - encrypt: the whole plaintext in one call (the tag must be known
 *    before the first byte is encrypted); gettag afterwards, any length
 *    (at most 16 bytes written).  gettag without encrypt finishes an
 *    empty message.
 *  - decrypt: the tag first, with gcry_cipher_set_decryption_tag (16
 *    bytes, else GPG_ERR_INV_ARG), then the whole ciphertext in one call,
 *    which fails with GPG_ERR_CHECKSUM (and a zeroed output) when the tag
 *    does not match; checktag compares with the tag set.
 *  - checktag: exactly 16 bytes, else GPG_ERR_CHECKSUM; constant time.
 *  - Data and AAD are limited to 2^36 - 32 bytes each (RFC 8452 allows
 *    2^36): GPG_ERR_INV_LENGTH, sticky until reset.
 *
 * Keys: setkey expands the key-generating key once, into the first
 * algorithm context (cipher_ctx), and picks the POLYVAL kernel; each
 * nonce derives its two message keys with one ECB call on that
 * context, expands the message-encryption key into the second context
 * (cipher_ctx2, the mode's own: cipher_mode_spec_t.mode_context), and
 * prepares the POLYVAL key on the kernel picked at setkey.  So a nonce
 * costs one key expansion, not two (the key-generating key is never
 * expanded again), and no kernel selection.  The bulk functions setkey
 * chose serve the message key too: same algorithm, same key length.
 *
 * The counter mode (32-bit little-endian counter in the first four
 * bytes, wrapping without carry) runs on the algorithm's XCTR kernel
 * when it has one (siv_ctr_crypt says why that is the same keystream),
 * else batches counter blocks through ECB.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ghash.h"

#define SIV_BLOCKSIZE 16
#define SIV_NONCELEN 12
#define SIV_MAX_LEN ((((u64) 1) << 36) - 32)
/* Bytes per CTR + POLYVAL round trip when decrypting (a block multiple).  */
#define SIV_CHUNK 8192

/* POLYVAL over a byte stream; PENDING holds a partial block.  */
static void
hash_bytes (gcry_cipher_hd_t c, const byte *buf, size_t len)
{
  cipher_hash_bytes (&c->u_mode.gcm_siv.polyval, 1, c->u_mode.gcm_siv.acc,
                     c->u_mode.gcm_siv.pending, &c->u_mode.gcm_siv.npending,
                     buf, len);
}

static void
hash_pad (gcry_cipher_hd_t c)
{
  cipher_hash_pad (&c->u_mode.gcm_siv.polyval, 1, c->u_mode.gcm_siv.acc,
                   c->u_mode.gcm_siv.pending, &c->u_mode.gcm_siv.npending);
}

/* Counter mode of RFC 8452: counter block = TAG with the top bit of the
   last byte set; the first 32 bits are a little-endian counter that
   wraps without carry.  The state of one message, in the xctr_crypt
   slot's layout: IV is that block with the counter bytes zeroed, INDEX
   the next block's counter (always below 2^32).  */
typedef cipher_xctr_state_t siv_ctr_t;

static void
siv_ctr_init (siv_ctr_t *st, const byte *tag)
{
  memcpy (st->iv, tag, SIV_BLOCKSIZE);
  st->iv[SIV_BLOCKSIZE - 1] |= 0x80;
  st->index = cipher_get_le32 (st->iv);
  memset (st->iv, 0, 4);
}

/* The context of the nonce's message-encryption key.  */
static inline void *
msg_ctx (gcry_cipher_hd_t c)
{
  return cipher_ctx2 (c);
}

/* OUT = IN ^ keystream over LEN bytes, continuing the state; all calls
   of a message but the last take whole blocks.
   Fast path: the counter block with counter I is BASE ^ le128(I) as
   long as I < 2^32 -- which is XCTR's keystream block I, so the
   algorithm's xctr_crypt kernel runs it at CTR speed, split where the
   counter wraps to 0.  Otherwise batches of counter blocks through
   ECB.  */
static void
siv_ctr_crypt (gcry_cipher_hd_t c, siv_ctr_t *st, byte *out, const byte *in,
               size_t len)
{
  byte ks[CIPHER_GENERIC_BATCH * SIV_BLOCKSIZE];
  size_t nblocks, n, i;

  if (c->bulk.xctr_crypt)
    {
      while (len)
        {
          u64 to_wrap = ((u64) 1 << 32) - st->index;

          n = len;
          if (((u64) len + SIV_BLOCKSIZE - 1) / SIV_BLOCKSIZE > to_wrap)
            n = to_wrap * SIV_BLOCKSIZE;
          c->bulk.xctr_crypt (msg_ctx (c), st, out, in, n, ks);
          /* The counter wraps without carry.  */
          st->index &= 0xffffffff;
          out += n;
          in += n;
          len -= n;
        }
      wipememory (ks, SIV_BLOCKSIZE);
      return;
    }

  while (len)
    {
      nblocks = (len + SIV_BLOCKSIZE - 1) / SIV_BLOCKSIZE;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++)
        {
          memcpy (ks + i * SIV_BLOCKSIZE, st->iv, SIV_BLOCKSIZE);
          cipher_put_le32 (ks + i * SIV_BLOCKSIZE, (u32) st->index);
          st->index = (st->index + 1) & 0xffffffff;
        }
      if (c->bulk.ecb_crypt)
        c->bulk.ecb_crypt (msg_ctx (c), ks, ks, nblocks, 1);
      else
        for (i = 0; i < nblocks; i++)
          c->spec->encrypt (msg_ctx (c), ks + i * SIV_BLOCKSIZE,
                            ks + i * SIV_BLOCKSIZE);
      n = nblocks * SIV_BLOCKSIZE;
      if (n > len)
        n = len;
      cipher_xor (out, in, ks, n);
      out += n;
      in += n;
      len -= n;
    }
  wipememory (ks, sizeof ks);
}

/* The expected tag: POLYVAL over the padded AAD and data (already
   absorbed) and the length block, XOR the nonce, top bit cleared,
   encrypted with the message-encryption key.  */
static void
siv_finish_tag (gcry_cipher_hd_t c, byte *tag)
{
  byte lenblock[SIV_BLOCKSIZE];
  size_t i;

  hash_pad (c);
  cipher_put_le64 (lenblock, c->u_mode.gcm_siv.aadlen << 3);
  cipher_put_le64 (lenblock + 8, c->u_mode.gcm_siv.datalen << 3);
  _gcry_polyval_update (&c->u_mode.gcm_siv.polyval, c->u_mode.gcm_siv.acc,
                        lenblock, 1);
  for (i = 0; i < SIV_BLOCKSIZE; i++)
    tag[i] = c->u_mode.gcm_siv.acc[i]
             ^ (i < SIV_NONCELEN ? c->u_mode.gcm_siv.nonce[i] : 0);
  tag[SIV_BLOCKSIZE - 1] &= 0x7f;
  c->spec->encrypt (msg_ctx (c), tag, tag);
  wipememory (c->u_mode.gcm_siv.acc, sizeof c->u_mode.gcm_siv.acc);
}


/*
 * Keys and message state.
 */

static void
siv_clear_message (gcry_cipher_hd_t c)
{
  wipememory (c->u_mode.gcm_siv.acc, sizeof c->u_mode.gcm_siv.acc);
  wipememory (c->u_mode.gcm_siv.pending, sizeof c->u_mode.gcm_siv.pending);
  wipememory (c->u_mode.gcm_siv.tag, sizeof c->u_mode.gcm_siv.tag);
  wipememory (c->u_mode.gcm_siv.nonce, sizeof c->u_mode.gcm_siv.nonce);
  c->u_mode.gcm_siv.npending = 0;
  c->u_mode.gcm_siv.aadlen = 0;
  c->u_mode.gcm_siv.datalen = 0;
  c->u_mode.gcm_siv.aad_done = 0;
  c->u_mode.gcm_siv.data_done = 0;
  c->u_mode.gcm_siv.tag_set = 0;
  c->u_mode.gcm_siv.over_limit = 0;
  c->marks.iv = 0;
}

/* After the algorithm took the key-generating key (into cipher_ctx):
   RFC 8452's key lengths only, and the POLYVAL kernel for every nonce
   of this key.  */
static gcry_err_code_t
siv_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  (void) key;
  siv_clear_message (c);
  /* The previous key's message keys (setkey wiped cipher_ctx2).  */
  wipememory (&c->u_mode.gcm_siv.polyval, sizeof c->u_mode.gcm_siv.polyval);
  c->u_mode.gcm_siv.keylen = 0;
  if (keylen != 16 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;
  c->u_mode.gcm_siv.keylen = keylen;
  c->u_mode.gcm_siv.polyval_kernel
    = _gcry_ghash_select_kernel (_gcry_get_hw_features ());
  return 0;
}

/* The message keys of the last nonce stay until the next nonce
   overwrites them (setkey and close wipe them): they are worth no more
   than the key-generating key the handle keeps anyway, and wiping some
   600 bytes per message would be a cost for nothing.  Everything that
   uses them wants a nonce after the reset first.  */
static void
siv_reset (gcry_cipher_hd_t c)
{
  siv_clear_message (c);
}

/* Most blocks of the key derivation: 2 + 32 / 8.  */
#define SIV_MAX_DERIVE_BLOCKS 6

/* RFC 8452 section 4: the message keys are the first halves of
   E(K, LE32(i) || nonce) for i = 0, 1 (authentication) and 2..3 or 2..5
   (encryption).  All blocks in one ECB call on the key-generating
   key's context.  */
static gcry_err_code_t
siv_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  byte blocks[SIV_MAX_DERIVE_BLOCKS * SIV_BLOCKSIZE];
  byte auth_key[SIV_BLOCKSIZE], enc_key[32];
  cipher_bulk_ops_t msg_bulk;   /* What c->bulk already holds.  */
  size_t keylen = c->u_mode.gcm_siv.keylen;
  size_t nblocks = 2 + keylen / 8;
  gcry_err_code_t rc;
  size_t i;

  if (ivlen != SIV_NONCELEN || !iv)
    return GPG_ERR_INV_ARG;
  if (!c->marks.key || !keylen)
    return GPG_ERR_INV_STATE;
  if (c->marks.iv)
    return GPG_ERR_INV_STATE;   /* One nonce per reset or setkey.  */

  /* A new message; a decryption tag set before the nonce stays, as
     upstream.  */
  wipememory (c->u_mode.gcm_siv.acc, sizeof c->u_mode.gcm_siv.acc);
  wipememory (c->u_mode.gcm_siv.pending, sizeof c->u_mode.gcm_siv.pending);
  c->u_mode.gcm_siv.npending = 0;
  c->u_mode.gcm_siv.aadlen = 0;
  c->u_mode.gcm_siv.datalen = 0;
  c->u_mode.gcm_siv.aad_done = 0;
  c->u_mode.gcm_siv.data_done = 0;
  c->u_mode.gcm_siv.over_limit = 0;
  memcpy (c->u_mode.gcm_siv.nonce, iv, SIV_NONCELEN);

  for (i = 0; i < nblocks; i++)
    {
      cipher_put_le32 (blocks + i * SIV_BLOCKSIZE, (u32) i);
      memcpy (blocks + i * SIV_BLOCKSIZE + 4, iv, SIV_NONCELEN);
    }
  _gcry_cipher_ecb_blocks (c, blocks, blocks, nblocks, 1);
  for (i = 0; i < 2; i++)
    memcpy (auth_key + 8 * i, blocks + i * SIV_BLOCKSIZE, 8);
  for (i = 2; i < nblocks; i++)
    memcpy (enc_key + 8 * (i - 2), blocks + i * SIV_BLOCKSIZE, 8);

  _gcry_polyval_setkey (&c->u_mode.gcm_siv.polyval, auth_key,
                        c->u_mode.gcm_siv.polyval_kernel);
  /* The same algorithm and key length as the key-generating key: the
     kernel setkey picks is the one c->bulk already holds.  */
  rc = c->spec->setkey (msg_ctx (c), enc_key, keylen, &msg_bulk);

  wipememory (blocks, sizeof blocks);
  wipememory (auth_key, sizeof auth_key);
  wipememory (enc_key, sizeof enc_key);
  if (rc && rc != GPG_ERR_WEAK_KEY)
    {
      wipememory (msg_ctx (c), c->spec->contextsize);
      wipememory (&c->u_mode.gcm_siv.polyval,
                  sizeof c->u_mode.gcm_siv.polyval);
      siv_clear_message (c);
      return rc;
    }
  c->marks.iv = 1;
  return 0;
}


/*
 * The API operations.
 */

static gcry_err_code_t
siv_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  if (c->u_mode.gcm_siv.over_limit)
    return GPG_ERR_INV_LENGTH;
  if (c->u_mode.gcm_siv.tag_set || !c->marks.iv
      || c->u_mode.gcm_siv.aad_done || c->u_mode.gcm_siv.data_done)
    return GPG_ERR_INV_STATE;
  if ((u64) abuflen > SIV_MAX_LEN - c->u_mode.gcm_siv.aadlen)
    {
      c->u_mode.gcm_siv.over_limit = 1;
      return GPG_ERR_INV_LENGTH;
    }
  c->u_mode.gcm_siv.aadlen += abuflen;
  hash_bytes (c, abuf, abuflen);
  return 0;
}

/* Checks and bookkeeping common to both directions; TAG_NEEDED is the
   state of tag_set the direction requires.  */
static gcry_err_code_t
siv_data_prologue (gcry_cipher_hd_t c, size_t outsize, size_t inlen,
                   int tag_needed)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (c->u_mode.gcm_siv.over_limit)
    return GPG_ERR_INV_LENGTH;
  if (c->u_mode.gcm_siv.tag_set != tag_needed || !c->marks.iv
      || c->u_mode.gcm_siv.data_done)
    return GPG_ERR_INV_STATE;
  if (!c->u_mode.gcm_siv.aad_done)
    {
      hash_pad (c);
      c->u_mode.gcm_siv.aad_done = 1;
    }
  if ((u64) inlen > SIV_MAX_LEN - c->u_mode.gcm_siv.datalen)
    {
      c->u_mode.gcm_siv.over_limit = 1;
      return GPG_ERR_INV_LENGTH;
    }
  c->u_mode.gcm_siv.datalen += inlen;
  return 0;
}

static gcry_err_code_t
siv_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  gcry_err_code_t rc = siv_data_prologue (c, outsize, inlen, 0);
  siv_ctr_t ctr;

  if (rc)
    return rc;
  /* The plaintext is hashed before OUT (maybe IN) is written.  */
  hash_bytes (c, in, inlen);
  siv_finish_tag (c, c->u_mode.gcm_siv.tag);
  c->u_mode.gcm_siv.data_done = 1;
  c->u_mode.gcm_siv.tag_set = 1;
  siv_ctr_init (&ctr, c->u_mode.gcm_siv.tag);
  siv_ctr_crypt (c, &ctr, out, in, inlen);
  wipememory (&ctr, sizeof ctr);
  return 0;
}

static gcry_err_code_t
siv_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  byte expected[SIV_BLOCKSIZE];
  gcry_err_code_t rc = siv_data_prologue (c, outsize, inlen, 1);

  siv_ctr_t ctr;
  size_t off, n;

  if (rc)
    return rc;
  /* Chunks small enough that POLYVAL reads the plaintext from L1.  */
  siv_ctr_init (&ctr, c->u_mode.gcm_siv.tag);
  for (off = 0; off < inlen; off += n)
    {
      n = inlen - off < SIV_CHUNK ? inlen - off : SIV_CHUNK;
      siv_ctr_crypt (c, &ctr, out + off, in + off, n);
      hash_bytes (c, out + off, n);
    }
  wipememory (&ctr, sizeof ctr);
  siv_finish_tag (c, expected);
  c->u_mode.gcm_siv.data_done = 1;
  if (_gcry_ct_memcmp (expected, c->u_mode.gcm_siv.tag, SIV_BLOCKSIZE))
    {
      /* No unauthenticated plaintext leaves the library.  */
      wipememory (out, inlen);
      rc = GPG_ERR_CHECKSUM;
    }
  wipememory (expected, sizeof expected);
  return rc;
}

static gcry_err_code_t
siv_set_decryption_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  if (taglen != SIV_BLOCKSIZE)
    return GPG_ERR_INV_ARG;
  if (c->u_mode.gcm_siv.tag_set)
    return GPG_ERR_INV_STATE;
  memcpy (c->u_mode.gcm_siv.tag, tag, SIV_BLOCKSIZE);
  c->u_mode.gcm_siv.tag_set = 1;
  return 0;
}

/* The tag of the message, finishing an empty one if nothing was
   encrypted.  */
static gcry_err_code_t
siv_final_tag (gcry_cipher_hd_t c)
{
  gcry_err_code_t rc;

  if (!c->u_mode.gcm_siv.tag_set)
    {
      if (!c->marks.key)
        return GPG_ERR_INV_STATE;
      rc = siv_encrypt (c, NULL, 0, NULL, 0);
      if (rc)
        return rc;
    }
  if (c->u_mode.gcm_siv.over_limit)
    return GPG_ERR_INV_LENGTH;
  if (!c->u_mode.gcm_siv.data_done)
    return GPG_ERR_INV_STATE;
  return 0;
}

static gcry_err_code_t
siv_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  gcry_err_code_t rc = siv_final_tag (c);

  if (rc)
    return rc;
  memcpy (tag, c->u_mode.gcm_siv.tag,
          taglen < SIV_BLOCKSIZE ? taglen : SIV_BLOCKSIZE);
  return 0;
}

static gcry_err_code_t
siv_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  gcry_err_code_t rc = siv_final_tag (c);

  if (rc)
    return rc;
  if (taglen != SIV_BLOCKSIZE
      || _gcry_ct_memcmp (tag, c->u_mode.gcm_siv.tag, SIV_BLOCKSIZE))
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

const cipher_mode_spec_t _gcry_cipher_mode_gcm_siv =
  {
    .mode = GCRY_CIPHER_MODE_GCM_SIV,
    .blocksize = SIV_BLOCKSIZE,
    .encrypt = siv_encrypt,
    .decrypt = siv_decrypt,
    .setiv = siv_setiv,
    .reset = siv_reset,
    .authenticate = siv_authenticate,
    .get_tag = siv_get_tag,
    .check_tag = siv_check_tag,
    .get_taglen = siv_get_taglen,
    .set_decryption_tag = siv_set_decryption_tag,
    .setkey_done = siv_setkey_done,
    .mode_context = 1
  };
