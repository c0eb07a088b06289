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
 * Structure.  L_*, L_$ and the table the kernels read (L_i for i =
 * 0..63, enough for any 64-bit block index, so no block ever needs L
 * computed on the fly, and the prefix sums S_j of the L_ntz(i),
 * cipher-internal.h) are derived at setkey and survive reset.  Full
 * blocks go through ocb_data_blocks / ocb_aad_blocks: the algorithm's
 * ocb_enc / ocb_dec / ocb_auth kernel slots when it fills them, else
 * the generic versions here, which batch blocks through the algorithm's
 * ECB kernel.  Partial blocks, the AAD buffer and the tag stay in this
 * file.
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
 * Blocks as 16-byte vectors.
 *
 * Every block this file computes for the cipher to read (Ktop, the
 * offsets, the tag input) or reads back from a kernel is loaded and
 * stored whole.  The CPU forwards a store to a later load that lies
 * inside it; a 16-byte load of bytes written by narrower stores cannot
 * be forwarded and waits until those stores reach the cache, that is
 * until everything before them has retired -- typically the last AES
 * rounds of the kernel that ran just before.  With 8-byte xors here,
 * each AES of the tag and the final partial block waited for that, and
 * the AAD of a message cost some 80 cycles more than its data.
 * Partial blocks are gathered byte by byte into registers, not through
 * a buffer, for the same reason.
 */

typedef u64 ocb_vec_t __attribute__ ((vector_size (OCB_BLOCKSIZE)));

static inline ocb_vec_t
ocb_load (const byte *p)
{
  ocb_vec_t v;

  memcpy (&v, p, sizeof v);
  return v;
}

static inline void
ocb_store (byte *p, ocb_vec_t v)
{
  memcpy (p, &v, sizeof v);
}

/* The block whose bytes are HI then LO, both big-endian.  */
static inline ocb_vec_t
ocb_from_be (u64 hi, u64 lo)
{
  return (ocb_vec_t) { CIPHER_BE64 (hi), CIPHER_BE64 (lo) };
}

/* The block P[0..LEN-1] || zeros (LEN < 16).  */
static inline ocb_vec_t
ocb_partial (const byte *p, size_t len)
{
  u64 w0 = 0, w1 = 0;
  size_t i;

  for (i = 0; i < len && i < 8; i++)
    w0 |= (u64) p[i] << (8 * i);
  for (; i < len; i++)
    w1 |= (u64) p[i] << (8 * (i - 8));
  return (ocb_vec_t) { CIPHER_LE64 (w0), CIPHER_LE64 (w1) };
}

/* 0x80 in byte LEN (LEN < 16), zeros elsewhere: the RFC's padding of a
   final partial block, (P || 1 || zeros).  */
static inline ocb_vec_t
ocb_marker (size_t len)
{
  u64 w0 = len < 8 ? (u64) 0x80 << (8 * len) : 0;
  u64 w1 = len < 8 ? 0 : (u64) 0x80 << (8 * (len - 8));

  return (ocb_vec_t) { CIPHER_LE64 (w0), CIPHER_LE64 (w1) };
}

/* 0xff in bytes 0..LEN-1 (LEN < 16), zeros after.  */
static inline ocb_vec_t
ocb_mask (size_t len)
{
  u64 w0 = len >= 8 ? ~(u64) 0 : ((u64) 1 << (8 * len)) - 1;
  u64 w1 = len <= 8 ? 0 : ((u64) 1 << (8 * (len - 8))) - 1;

  return (ocb_vec_t) { CIPHER_LE64 (w0), CIPHER_LE64 (w1) };
}


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
  cipher_ocb_table_t *tab = &c->u_mode.ocb.table;
  unsigned int i;

  (void) key;
  (void) keylen;
  /* L_* = E(K, 0^128), L_$ = double(L_*), L_0 = double(L_$), L_i =
     double(L_(i-1)).  */
  memset (l_star, 0, OCB_BLOCKSIZE);
  c->spec->encrypt (cipher_ctx (c), l_star, l_star);
  memcpy (c->u_mode.ocb.l_dollar, l_star, OCB_BLOCKSIZE);
  ocb_double (c->u_mode.ocb.l_dollar);
  memcpy (tab->l[0], c->u_mode.ocb.l_dollar, OCB_BLOCKSIZE);
  ocb_double (tab->l[0]);
  for (i = 1; i < OCB_L_COUNT; i++)
    {
      memcpy (tab->l[i], tab->l[i - 1], OCB_BLOCKSIZE);
      ocb_double (tab->l[i]);
    }
  /* S_1 = L_0, S_j = S_(j-1) ^ L_ntz(j): what the kernels would
     otherwise rebuild at every call.  */
  memcpy (tab->sums[0], tab->l[0], OCB_BLOCKSIZE);
  for (i = 1; i < OCB_SUMS_COUNT; i++)
    cipher_xor (tab->sums[i], tab->sums[i - 1], tab->l[ocb_ntz (i + 1)],
                OCB_BLOCKSIZE);
  return 0;
}


/*
 * Message state.
 */

/* Forget the message (not the key-derived table, not the tag length).
   Inline stores, not calls into wipememory (this runs at every
   setiv).  */
static void
ocb_clear_message (gcry_cipher_hd_t c)
{
  cipher_wipe (&c->u_mode.ocb.data, sizeof c->u_mode.ocb.data);
  cipher_wipe (&c->u_mode.ocb.aad, sizeof c->u_mode.ocb.aad);
  cipher_wipe (c->u_mode.ocb.aad_pending, sizeof c->u_mode.ocb.aad_pending);
  cipher_wipe (c->u_mode.ocb.tag, sizeof c->u_mode.ocb.tag);
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
  u64 hi, lo, w0, w1, w2;
  unsigned int bottom;

  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  if (!nonce)
    return GPG_ERR_INV_ARG;
  if (noncelen < OCB_NONCE_MIN || noncelen > OCB_NONCE_MAX)
    return GPG_ERR_INV_LENGTH;

  /* Nonce as two big-endian words HI, LO, read from the caller's
     buffer with two (overlapping) 8-byte loads: N in the low
     8*NONCELEN bits, the 1 right above it, TAGLEN in the top 7.  */
  lo = cipher_get_be64 (nonce + noncelen - 8);
  hi = noncelen > 8 ? cipher_get_be64 (nonce) >> (8 * (16 - noncelen)) : 0;
  hi |= (u64) 1 << (8 * (noncelen - 8));
  hi |= (u64) ((c->u_mode.ocb.taglen * 8) % 128) << 57;
  bottom = lo & 0x3f;
  ocb_store (ktop, ocb_from_be (hi, lo & ~(u64) 0x3f));
  c->spec->encrypt (cipher_ctx (c), ktop, ktop);

  w0 = cipher_get_be64 (ktop);
  w1 = cipher_get_be64 (ktop + 8);
  w2 = w0 ^ ((w0 << 8) | (w1 >> 56));   /* Ktop[1..64] ^ Ktop[9..72] */
  cipher_wipe (ktop, sizeof ktop);

  ocb_clear_message (c);
  /* (X >> 1) >> (63 - BOTTOM) is X >> (64 - BOTTOM), and 0 for
     BOTTOM = 0, where a shift by 64 would be undefined.  */
  ocb_store (c->u_mode.ocb.data.offset,
             ocb_from_be ((w0 << bottom) | ((w1 >> 1) >> (63 - bottom)),
                          (w1 << bottom) | ((w2 >> 1) >> (63 - bottom))));

  c->marks.iv = 1;
  c->marks.finalize = 0;
  return 0;
}


/*
 * Full blocks: the kernel slots, or their generic versions.
 */

/* The next block of CHAIN: its offset, OFFSET ^= L_(ntz(index)), with
   the chain's block count as the index.  */
static inline void
ocb_next_offset (gcry_cipher_hd_t c, cipher_ocb_chain_t *chain)
{
  chain->nblocks += 1;
  cipher_xor (chain->offset, chain->offset,
              c->u_mode.ocb.table.l[ocb_ntz (chain->nblocks)],
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
  cipher_ocb_chain_t *chain = &c->u_mode.ocb.data;
  size_t n, i, nbytes;

  if (encrypt && c->bulk.ocb_enc)
    {
      c->bulk.ocb_enc (cipher_ctx (c), &c->u_mode.ocb.table, chain, out, in,
                       nblocks);
      return;
    }
  if (!encrypt && c->bulk.ocb_dec)
    {
      c->bulk.ocb_dec (cipher_ctx (c), &c->u_mode.ocb.table, chain, out, in,
                       nblocks);
      return;
    }
  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      nbytes = n * OCB_BLOCKSIZE;
      for (i = 0; i < n; i++)
        {
          ocb_next_offset (c, chain);
          memcpy (offs + i * OCB_BLOCKSIZE, chain->offset, OCB_BLOCKSIZE);
          if (encrypt)
            cipher_xor (chain->sum, chain->sum, in + i * OCB_BLOCKSIZE,
                        OCB_BLOCKSIZE);
        }
      cipher_xor (buf, in, offs, nbytes);
      _gcry_cipher_ecb_blocks (c, buf, buf, n, encrypt);
      cipher_xor (out, buf, offs, nbytes);
      if (!encrypt)
        for (i = 0; i < n; i++)
          cipher_xor (chain->sum, chain->sum, out + i * OCB_BLOCKSIZE,
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
  cipher_ocb_chain_t *chain = &c->u_mode.ocb.aad;
  size_t n, i;

  if (c->bulk.ocb_auth)
    {
      c->bulk.ocb_auth (cipher_ctx (c), &c->u_mode.ocb.table, chain, abuf,
                        nblocks);
      return;
    }
  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      for (i = 0; i < n; i++)
        {
          ocb_next_offset (c, chain);
          cipher_xor (buf + i * OCB_BLOCKSIZE, abuf + i * OCB_BLOCKSIZE,
                      chain->offset, OCB_BLOCKSIZE);
        }
      _gcry_cipher_ecb_blocks (c, buf, buf, n, 1);
      for (i = 0; i < n; i++)
        cipher_xor (chain->sum, chain->sum, buf + i * OCB_BLOCKSIZE,
                    OCB_BLOCKSIZE);
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
  ocb_vec_t offset;

  if (!npending)
    return;
  offset = ocb_load (c->u_mode.ocb.aad.offset)
           ^ ocb_load (c->u_mode.ocb.l_star);
  ocb_store (c->u_mode.ocb.aad.offset, offset);
  ocb_store (buf, (ocb_partial (c->u_mode.ocb.aad_pending, npending)
                   | ocb_marker (npending)) ^ offset);
  c->spec->encrypt (cipher_ctx (c), buf, buf);
  ocb_store (c->u_mode.ocb.aad.sum,
             ocb_load (c->u_mode.ocb.aad.sum) ^ ocb_load (buf));
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
  byte *offset = c->u_mode.ocb.data.offset;
  ocb_vec_t p;

  ocb_store (offset, ocb_load (offset) ^ ocb_load (c->u_mode.ocb.l_star));
  c->spec->encrypt (cipher_ctx (c), pad, offset);
  p = ocb_partial (in, len);
  if (!encrypt)
    p = (p ^ ocb_load (pad)) & ocb_mask (len);
  p |= ocb_marker (len);
  ocb_store (c->u_mode.ocb.data.sum, ocb_load (c->u_mode.ocb.data.sum) ^ p);
  if (encrypt)
    cipher_xor (out, in, pad, len);
  else
    {
      ocb_store (plain, p);
      memcpy (out, plain, len);
    }
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

      ocb_store (tag, ocb_load (c->u_mode.ocb.data.sum)
                      ^ ocb_load (c->u_mode.ocb.data.offset)
                      ^ ocb_load (c->u_mode.ocb.l_dollar));
      c->spec->encrypt (cipher_ctx (c), tag, tag);
      cipher_wipe (c->u_mode.ocb.data.sum, sizeof c->u_mode.ocb.data.sum);
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
  ocb_store (c->u_mode.ocb.tag, ocb_load (c->u_mode.ocb.tag)
                                ^ ocb_load (c->u_mode.ocb.aad.sum));
  cipher_wipe (c->u_mode.ocb.aad.sum, sizeof c->u_mode.ocb.aad.sum);
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
