/* cipher-ocb.c - OCB3 authenticated encryption (RFC 7253),
 * GCRY_CIPHER_MODE_OCB, for 16-byte block ciphers.
 *
 * Upstream's call sequence and errors (observed on libgcrypt 1.10):
 *  - GCRYCTL_SET_TAGLEN: 8, 12 or 16 bytes (else GPG_ERR_INV_LENGTH),
 *    16 after open and after reset.  The nonce derivation uses the tag
 *    length, so it is set before setiv; gettag/checktag use the value
 *    current at their call.
 *  - setiv: the nonce, 8..15 bytes (else GPG_ERR_INV_LENGTH; NULL is
 *    GPG_ERR_INV_ARG), needs the key (else GPG_ERR_INV_STATE); starts a
 *    new message and clears a pending GCRYCTL_FINALIZE.
 *  - authenticate: any number of calls of any length, before or after
 *    the data, until the tag is computed (then GPG_ERR_INV_STATE).
 *  - encrypt/decrypt: block multiples (else GPG_ERR_INV_LENGTH) until
 *    gcry_cipher_final() announces the last chunk, which may have any
 *    length (0 included) and ends the data: any further data call is
 *    GPG_ERR_INV_STATE, as is a data call without a nonce.
 *  - gettag: GPG_ERR_BUFFER_TOO_SHORT when the buffer is shorter than
 *    the tag length (checked first), GPG_ERR_INV_STATE before the last
 *    chunk; writes exactly the tag length.
 *  - checktag: GPG_ERR_INV_STATE before the last chunk, GPG_ERR_CHECKSUM
 *    unless the length is the tag length and the bytes match (compared
 *    in constant time).
 *
 * Structure.  L_*, L_$ and the whole table L_i (i = 0..63, enough for
 * any 64-bit block index, so no block ever needs L computed on the fly)
 * are derived at setkey and survive reset.  Full blocks go through
 * ocb_data_blocks / ocb_aad_blocks: the algorithm's ocb_crypt /
 * ocb_auth kernel slots when it fills them, else the generic versions
 * here, which batch blocks through the algorithm's ECB kernel.
 * Partial blocks, the AAD buffer and the tag stay in this file.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

#define OCB_BLOCKSIZE 16
#define OCB_NONCE_MIN 8
#define OCB_NONCE_MAX 15


/*
 * GF(2^128) doubling and the L table.
 */

/* B = 2 * B in RFC 7253's sense: shift the big-endian 128-bit string
   left by one bit; if a bit fell off, XOR 0x87 into the last byte.
   Branch-free: L values are key material.  */
static void
ocb_double (byte b[OCB_BLOCKSIZE])
{
  byte carry = (byte) (0 - (b[0] >> 7)) & 0x87;
  int i;

  for (i = 0; i < OCB_BLOCKSIZE - 1; i++)
    b[i] = (byte) ((b[i] << 1) | (b[i + 1] >> 7));
  b[OCB_BLOCKSIZE - 1] = (byte) ((b[OCB_BLOCKSIZE - 1] << 1) ^ carry);
}

/* Number of trailing zero bits of the block index I (>= 1).  Indices
   are public (they count blocks), so a branchy count is fine.  */
static inline unsigned int
ocb_ntz (u64 i)
{
  return (unsigned int) __builtin_ctzll (i);
}

static gcry_err_code_t
ocb_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  byte *l_star = c->u_mode.ocb.l_star;
  unsigned int i;

  (void) key;
  (void) keylen;
  /* L_* = E(K, 0^128), L_$ = double(L_*), L_0 = double(L_$), L_i =
     double(L_(i-1)).  */
  memset (l_star, 0, OCB_BLOCKSIZE);
  c->spec->encrypt (cipher_ctx (c), l_star, l_star);
  memcpy (c->u_mode.ocb.l_dollar, l_star, OCB_BLOCKSIZE);
  ocb_double (c->u_mode.ocb.l_dollar);
  memcpy (c->u_mode.ocb.l[0], c->u_mode.ocb.l_dollar, OCB_BLOCKSIZE);
  ocb_double (c->u_mode.ocb.l[0]);
  for (i = 1; i < OCB_L_COUNT; i++)
    {
      memcpy (c->u_mode.ocb.l[i], c->u_mode.ocb.l[i - 1], OCB_BLOCKSIZE);
      ocb_double (c->u_mode.ocb.l[i]);
    }
  return 0;
}


/*
 * Message state.
 */

/* Forget the message (not the key-derived table, not the tag length).
   Six 16-byte fields: inline stores, not six calls into wipememory
   (this runs at every setiv).  */
static void
ocb_clear_message (gcry_cipher_hd_t c)
{
  cipher_wipe (c->u_mode.ocb.offset, sizeof c->u_mode.ocb.offset);
  cipher_wipe (c->u_mode.ocb.checksum, sizeof c->u_mode.ocb.checksum);
  cipher_wipe (c->u_mode.ocb.aad_offset, sizeof c->u_mode.ocb.aad_offset);
  cipher_wipe (c->u_mode.ocb.aad_sum, sizeof c->u_mode.ocb.aad_sum);
  cipher_wipe (c->u_mode.ocb.aad_pending, sizeof c->u_mode.ocb.aad_pending);
  cipher_wipe (c->u_mode.ocb.tag, sizeof c->u_mode.ocb.tag);
  c->u_mode.ocb.data_nblocks = 0;
  c->u_mode.ocb.aad_nblocks = 0;
  c->u_mode.ocb.aad_npending = 0;
  c->u_mode.ocb.data_done = 0;
  c->u_mode.ocb.tag_done = 0;
}

static void
ocb_reset (gcry_cipher_hd_t c)
{
  ocb_clear_message (c);
  c->u_mode.ocb.taglen = OCB_BLOCKSIZE;
}

static gcry_err_code_t
ocb_set_taglen (gcry_cipher_hd_t c, int taglen)
{
  if (taglen != 8 && taglen != 12 && taglen != 16)
    return GPG_ERR_INV_LENGTH;
  c->u_mode.ocb.taglen = (unsigned int) taglen;
  return 0;
}

static gcry_err_code_t
ocb_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  *taglen = c->u_mode.ocb.taglen;
  return 0;
}

/* RFC 7253 section 4.2, the nonce-dependent part:
     Nonce  = num2str(TAGLEN mod 128, 7) || zeros(120 - bitlen(N)) || 1 || N
     bottom = str2num(Nonce[123..128])
     Ktop   = ENCIPHER(K, Nonce[1..122] || zeros(6))
     Stretch = Ktop || (Ktop[1..64] xor Ktop[9..72])
     Offset_0 = Stretch[1+bottom..128+bottom]
   Stretch is three big-endian 64-bit words, so Offset_0 is two funnel
   shifts by BOTTOM (0..63).  BOTTOM comes from the nonce, which is
   public: shifting by it may take any time.  */
static gcry_err_code_t
ocb_setiv (gcry_cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  byte ktop[OCB_BLOCKSIZE];
  u64 w0, w1, w2;
  unsigned int bottom;

  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  if (!nonce)
    return GPG_ERR_INV_ARG;
  if (noncelen < OCB_NONCE_MIN || noncelen > OCB_NONCE_MAX)
    return GPG_ERR_INV_LENGTH;

  memset (ktop, 0, sizeof ktop);
  memcpy (ktop + OCB_BLOCKSIZE - noncelen, nonce, noncelen);
  ktop[OCB_BLOCKSIZE - noncelen - 1] |= 1;
  ktop[0] |= (byte) (((c->u_mode.ocb.taglen * 8) % 128) << 1);
  bottom = ktop[OCB_BLOCKSIZE - 1] & 0x3f;
  ktop[OCB_BLOCKSIZE - 1] &= 0xc0;
  c->spec->encrypt (cipher_ctx (c), ktop, ktop);

  w0 = cipher_get_be64 (ktop);
  w1 = cipher_get_be64 (ktop + 8);
  w2 = w0 ^ ((w0 << 8) | (w1 >> 56));   /* Ktop[1..64] ^ Ktop[9..72] */
  cipher_wipe (ktop, sizeof ktop);

  ocb_clear_message (c);
  /* (X >> 1) >> (63 - BOTTOM) is X >> (64 - BOTTOM), and 0 for
     BOTTOM = 0, where a shift by 64 would be undefined.  */
  cipher_put_be64 (c->u_mode.ocb.offset,
                  (w0 << bottom) | ((w1 >> 1) >> (63 - bottom)));
  cipher_put_be64 (c->u_mode.ocb.offset + 8,
                  (w1 << bottom) | ((w2 >> 1) >> (63 - bottom)));

  c->marks.iv = 1;
  c->marks.finalize = 0;
  return 0;
}


/*
 * Full blocks: the kernel slots, or their generic versions.
 */

/* OFFSET ^= L_(ntz(index)) for the next block; *INDEX counts blocks.  */
static inline void
ocb_next_offset (gcry_cipher_hd_t c, byte *offset, u64 *index)
{
  *index += 1;
  cipher_xor (offset, offset, c->u_mode.ocb.l[ocb_ntz (*index)],
              OCB_BLOCKSIZE);
}

/* NBLOCKS full data blocks (RFC 7253 section 4.2, the loop):
     Offset_i   = Offset_(i-1) xor L_(ntz(i))
     C_i        = Offset_i xor ENCIPHER(K, P_i xor Offset_i)
     Checksum_i = Checksum_(i-1) xor P_i
   and the inverse for decryption.  OUT == IN allowed.  */
static void
ocb_data_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                 size_t nblocks, int encrypt)
{
  byte buf[CIPHER_GENERIC_BATCH * OCB_BLOCKSIZE];
  byte offs[CIPHER_GENERIC_BATCH * OCB_BLOCKSIZE];
  byte *offset = c->u_mode.ocb.offset;
  byte *checksum = c->u_mode.ocb.checksum;
  size_t n, i, nbytes;

  if (c->bulk.ocb_crypt)
    {
      c->bulk.ocb_crypt (cipher_ctx (c), offset, checksum,
                         c->u_mode.ocb.l[0], &c->u_mode.ocb.data_nblocks,
                         out, in, nblocks, encrypt);
      return;
    }
  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      nbytes = n * OCB_BLOCKSIZE;
      for (i = 0; i < n; i++)
        {
          ocb_next_offset (c, offset, &c->u_mode.ocb.data_nblocks);
          memcpy (offs + i * OCB_BLOCKSIZE, offset, OCB_BLOCKSIZE);
          if (encrypt)
            cipher_xor (checksum, checksum, in + i * OCB_BLOCKSIZE,
                        OCB_BLOCKSIZE);
        }
      cipher_xor (buf, in, offs, nbytes);
      _gcry_cipher_ecb_blocks (c, buf, buf, n, encrypt);
      cipher_xor (out, buf, offs, nbytes);
      if (!encrypt)
        for (i = 0; i < n; i++)
          cipher_xor (checksum, checksum, out + i * OCB_BLOCKSIZE,
                      OCB_BLOCKSIZE);
      in += nbytes;
      out += nbytes;
      nblocks -= n;
    }
  wipememory (buf, sizeof buf);
  wipememory (offs, sizeof offs);
}

/* NBLOCKS full AAD blocks (RFC 7253 section 4.1, HASH):
     Offset_i = Offset_(i-1) xor L_(ntz(i))
     Sum_i    = Sum_(i-1) xor ENCIPHER(K, A_i xor Offset_i)  */
static void
ocb_aad_blocks (gcry_cipher_hd_t c, const byte *abuf, size_t nblocks)
{
  byte buf[CIPHER_GENERIC_BATCH * OCB_BLOCKSIZE];
  byte *offset = c->u_mode.ocb.aad_offset;
  byte *sum = c->u_mode.ocb.aad_sum;
  size_t n, i;

  if (c->bulk.ocb_auth)
    {
      c->bulk.ocb_auth (cipher_ctx (c), offset, sum, c->u_mode.ocb.l[0],
                        &c->u_mode.ocb.aad_nblocks, abuf, nblocks);
      return;
    }
  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      for (i = 0; i < n; i++)
        {
          ocb_next_offset (c, offset, &c->u_mode.ocb.aad_nblocks);
          cipher_xor (buf + i * OCB_BLOCKSIZE, abuf + i * OCB_BLOCKSIZE,
                      offset, OCB_BLOCKSIZE);
        }
      _gcry_cipher_ecb_blocks (c, buf, buf, n, 1);
      for (i = 0; i < n; i++)
        cipher_xor (sum, sum, buf + i * OCB_BLOCKSIZE, OCB_BLOCKSIZE);
      abuf += n * OCB_BLOCKSIZE;
      nblocks -= n;
    }
  wipememory (buf, sizeof buf);
}


/*
 * Associated data.
 */

static gcry_err_code_t
ocb_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  byte *pending = c->u_mode.ocb.aad_pending;
  unsigned int npending = c->u_mode.ocb.aad_npending;
  size_t n;

  /* A failed setkey after setiv leaves the nonce but wipes the key.  */
  if (!c->marks.key || !c->marks.iv || c->u_mode.ocb.tag_done)
    return GPG_ERR_INV_STATE;
  if (!abuflen)
    return 0;                   /* ABUF may be NULL.  */

  if (npending)
    {
      n = OCB_BLOCKSIZE - npending;
      if (n > abuflen)
        n = abuflen;
      memcpy (pending + npending, abuf, n);
      npending += n;
      abuf += n;
      abuflen -= n;
      if (npending < OCB_BLOCKSIZE)
        {
          c->u_mode.ocb.aad_npending = npending;
          return 0;
        }
      ocb_aad_blocks (c, pending, 1);
      npending = 0;
    }
  n = abuflen / OCB_BLOCKSIZE;
  ocb_aad_blocks (c, abuf, n);
  abuf += n * OCB_BLOCKSIZE;
  abuflen -= n * OCB_BLOCKSIZE;
  memcpy (pending, abuf, abuflen);
  c->u_mode.ocb.aad_npending = abuflen;
  return 0;
}

/* The final partial AAD block, if any:
     Offset_* = Offset_m xor L_*
     Sum      = Sum_m xor ENCIPHER(K, (A_* || 1 || 0...) xor Offset_*)  */
static void
ocb_aad_finish (gcry_cipher_hd_t c)
{
  byte buf[OCB_BLOCKSIZE];
  unsigned int npending = c->u_mode.ocb.aad_npending;

  if (!npending)
    return;
  cipher_xor (c->u_mode.ocb.aad_offset, c->u_mode.ocb.aad_offset,
              c->u_mode.ocb.l_star, OCB_BLOCKSIZE);
  memset (buf, 0, sizeof buf);
  memcpy (buf, c->u_mode.ocb.aad_pending, npending);
  buf[npending] = 0x80;
  cipher_xor (buf, buf, c->u_mode.ocb.aad_offset, OCB_BLOCKSIZE);
  c->spec->encrypt (cipher_ctx (c), buf, buf);
  cipher_xor (c->u_mode.ocb.aad_sum, c->u_mode.ocb.aad_sum, buf,
              OCB_BLOCKSIZE);
  c->u_mode.ocb.aad_npending = 0;
  cipher_wipe (buf, sizeof buf);
  cipher_wipe (c->u_mode.ocb.aad_pending, sizeof c->u_mode.ocb.aad_pending);
}


/*
 * Data.
 */

/* The final partial data block (0 < LEN < 16):
     Offset_*   = Offset_m xor L_*
     Pad        = ENCIPHER(K, Offset_*)
     C_*        = P_* xor Pad[1..bitlen(P_*)]
     Checksum_* = Checksum_m xor (P_* || 1 || zeros)  */
static void
ocb_data_partial (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len,
                  int encrypt)
{
  byte pad[OCB_BLOCKSIZE], plain[OCB_BLOCKSIZE];
  byte *offset = c->u_mode.ocb.offset;

  cipher_xor (offset, offset, c->u_mode.ocb.l_star, OCB_BLOCKSIZE);
  c->spec->encrypt (cipher_ctx (c), pad, offset);
  memset (plain, 0, sizeof plain);
  if (encrypt)
    memcpy (plain, in, len);
  else
    cipher_xor (plain, in, pad, len);
  plain[len] = 0x80;
  cipher_xor (c->u_mode.ocb.checksum, c->u_mode.ocb.checksum, plain,
              OCB_BLOCKSIZE);
  if (encrypt)
    cipher_xor (out, in, pad, len);
  else
    memcpy (out, plain, len);
  cipher_wipe (pad, sizeof pad);
  cipher_wipe (plain, sizeof plain);
}

static gcry_err_code_t
ocb_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
           size_t inlen, int encrypt)
{
  size_t nblocks;

  if (!c->marks.iv || c->u_mode.ocb.data_done)
    return GPG_ERR_INV_STATE;
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!c->marks.finalize && inlen % OCB_BLOCKSIZE)
    return GPG_ERR_INV_LENGTH;

  nblocks = inlen / OCB_BLOCKSIZE;
  ocb_data_blocks (c, out, in, nblocks, encrypt);
  in += nblocks * OCB_BLOCKSIZE;
  out += nblocks * OCB_BLOCKSIZE;
  inlen -= nblocks * OCB_BLOCKSIZE;
  if (inlen)
    ocb_data_partial (c, out, in, inlen, encrypt);

  if (c->marks.finalize)
    {
      /* Tag = ENCIPHER(K, Checksum xor Offset xor L_$) xor HASH(K, A).
         The HASH part waits for gettag/checktag: AAD may still come.  */
      byte *tag = c->u_mode.ocb.tag;

      cipher_xor (tag, c->u_mode.ocb.checksum, c->u_mode.ocb.offset,
                  OCB_BLOCKSIZE);
      cipher_xor (tag, tag, c->u_mode.ocb.l_dollar, OCB_BLOCKSIZE);
      c->spec->encrypt (cipher_ctx (c), tag, tag);
      cipher_wipe (c->u_mode.ocb.checksum, sizeof c->u_mode.ocb.checksum);
      c->u_mode.ocb.data_done = 1;
    }
  return 0;
}

static gcry_err_code_t
ocb_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
             size_t inlen)
{
  return ocb_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
ocb_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
             size_t inlen)
{
  return ocb_crypt (c, out, outsize, in, inlen, 0);
}


/*
 * The tag.
 */

/* Add HASH(K, A) once; afterwards no more AAD is taken.  */
static void
ocb_finish_tag (gcry_cipher_hd_t c)
{
  if (c->u_mode.ocb.tag_done)
    return;
  ocb_aad_finish (c);
  cipher_xor (c->u_mode.ocb.tag, c->u_mode.ocb.tag, c->u_mode.ocb.aad_sum,
              OCB_BLOCKSIZE);
  cipher_wipe (c->u_mode.ocb.aad_sum, sizeof c->u_mode.ocb.aad_sum);
  c->u_mode.ocb.tag_done = 1;
}

static gcry_err_code_t
ocb_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  if (taglen < c->u_mode.ocb.taglen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!c->marks.key || !c->u_mode.ocb.data_done)
    return GPG_ERR_INV_STATE;
  ocb_finish_tag (c);
  memcpy (tag, c->u_mode.ocb.tag, c->u_mode.ocb.taglen);
  return 0;
}

static gcry_err_code_t
ocb_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  size_t n = c->u_mode.ocb.taglen;
  int differ;

  if (!c->marks.key || !c->u_mode.ocb.data_done)
    return GPG_ERR_INV_STATE;
  ocb_finish_tag (c);
  /* The bytes are compared whatever the length (the length is public;
     the comparison time depends on it only).  */
  if (taglen < n)
    n = taglen;
  differ = _gcry_ct_memcmp (tag, c->u_mode.ocb.tag, n);
  if (differ || taglen != c->u_mode.ocb.taglen)
    return GPG_ERR_CHECKSUM;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_ocb =
  {
    .mode = GCRY_CIPHER_MODE_OCB,
    .blocksize = OCB_BLOCKSIZE,
    .encrypt = ocb_encrypt,
    .decrypt = ocb_decrypt,
    .setiv = ocb_setiv,
    .reset = ocb_reset,
    .authenticate = ocb_authenticate,
    .get_tag = ocb_get_tag,
    .check_tag = ocb_check_tag,
    .get_taglen = ocb_get_taglen,
    .set_taglen = ocb_set_taglen,
    .setkey_done = ocb_setkey_done,
  };
