/* cipher-hctr2.c - HCTR2 (Crowley, Huckleberry, Biggers: "Length-
 * preserving encryption with HCTR2", 2021), a mode upstream libgcrypt
 * does not have.  GCRY_CIPHER_MODE_HCTR2, for 16-byte block ciphers
 * (AES-128/192/256 as in the paper).
 *
 * A tweakable, length-preserving wide-block cipher: every bit of the
 * ciphertext depends on every bit of the plaintext and of the tweak, so
 * it fits where there is no room for an IV or a tag (disk sectors, file
 * names).  Written from the paper's definition:
 *
 *   h = E(K, le128(0)),  L = E(K, le128(1))            (at setkey)
 *   H(T, X) = POLYVAL(h, le128(2*bitlen(T) + 2) || pad(T) || X)
 *                                               if |X| % 16 == 0
 *           = POLYVAL(h, le128(2*bitlen(T) + 3) || pad(T) || pad(X || 1))
 *                                               otherwise
 *   Encrypt(T, P = M || N), |M| = 16:
 *     MM = M ^ H(T, N);  UU = E(K, MM);  S = MM ^ UU ^ L
 *     V = N ^ XCTR(K, S);  U = UU ^ H(T, V);  C = U || V
 *   Decrypt is the mirror image with D(K, .) for E(K, .).
 *
 * pad() appends zero bytes up to a multiple of 16; XCTR's keystream
 * block i = 1, 2, ... is E(K, S ^ le128(i)), the bulk xctr_crypt slot.
 *
 * API (documented in doc/gcrypt-vx.texi):
 *  - setkey: the block cipher's key (16/24/32 bytes for AES); derives h
 *    and L, and makes the tweak empty.
 *  - setiv: the tweak, any length (0 included; NULL only with length 0,
 *    else GPG_ERR_INV_ARG); needs the key (else GPG_ERR_INV_STATE).  The
 *    tweak is absorbed into POLYVAL right away (both length-block
 *    variants), so it is not kept and costs nothing per message.  It
 *    stays set for the following messages until the next setiv, setkey
 *    or reset (reset: empty tweak).
 *  - encrypt/decrypt: each call is one whole message of at least 16
 *    bytes (else GPG_ERR_INV_LENGTH), output as long as the input;
 *    GPG_ERR_BUFFER_TOO_SHORT when OUTSIZE < INLEN.  In place allowed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ghash.h"

#define HCTR2_BLOCKSIZE 16


/*
 * The tweak.
 */

/* The POLYVAL states after the tweak length block and the padded tweak,
   for both kinds of message tail (TWEAK_ACC[0]: the bulk part is a block
   multiple; [1]: it is not).  */
static void
hctr2_absorb_tweak (gcry_cipher_hd_t c, const byte *tweak, size_t tweaklen)
{
  const ghash_key_t *key = &c->u_mode.hctr2.polyval;
  byte block[HCTR2_BLOCKSIZE];
  size_t nfull = tweaklen / HCTR2_BLOCKSIZE;
  size_t tail = tweaklen % HCTR2_BLOCKSIZE;
  unsigned int v;

  for (v = 0; v < 2; v++)
    {
      byte *acc = c->u_mode.hctr2.tweak_acc[v];

      /* le128 (2 * 8 * tweaklen + 2 + v), a 68-bit number at most.  */
      cipher_put_le64 (block, ((u64) tweaklen << 4) | (2 + v));
      cipher_put_le64 (block + 8, (u64) tweaklen >> 60);
      memset (acc, 0, HCTR2_BLOCKSIZE);
      _gcry_polyval_update (key, acc, block, 1);
      _gcry_polyval_update (key, acc, tweak, nfull);
      if (tail)
        {
          memset (block, 0, sizeof block);
          memcpy (block, tweak + nfull * HCTR2_BLOCKSIZE, tail);
          _gcry_polyval_update (key, acc, block, 1);
        }
    }
  wipememory (block, sizeof block);
}

static gcry_err_code_t
hctr2_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  byte block[HCTR2_BLOCKSIZE];

  (void) key;
  (void) keylen;
  memset (block, 0, sizeof block);
  c->spec->encrypt (cipher_ctx (c), block, block);
  _gcry_polyval_setkey (&c->u_mode.hctr2.polyval, block, NULL);
  memset (block, 0, sizeof block);
  block[0] = 1;
  c->spec->encrypt (cipher_ctx (c), c->u_mode.hctr2.l, block);
  wipememory (block, sizeof block);
  hctr2_absorb_tweak (c, NULL, 0);
  return 0;
}

/* Open and GCRYCTL_RESET: the empty tweak (when there is a key to
   absorb it with).  */
static void
hctr2_reset (gcry_cipher_hd_t c)
{
  if (c->marks.key)
    hctr2_absorb_tweak (c, NULL, 0);
}

static gcry_err_code_t
hctr2_setiv (gcry_cipher_hd_t c, const byte *tweak, size_t tweaklen)
{
  if (!tweak && tweaklen)
    return GPG_ERR_INV_ARG;
  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  hctr2_absorb_tweak (c, tweak, tweaklen);
  c->marks.iv = 1;
  return 0;
}


/*
 * The pieces of a message.
 */

/* ACC = H(T, X) for the bulk part X (LEN bytes, any alignment), starting
   from the tweak state chosen by LEN.  */
static void
hctr2_hash (gcry_cipher_hd_t c, byte acc[HCTR2_BLOCKSIZE], const byte *x,
            size_t len)
{
  const ghash_key_t *key = &c->u_mode.hctr2.polyval;
  size_t nfull = len / HCTR2_BLOCKSIZE;
  size_t tail = len % HCTR2_BLOCKSIZE;
  byte block[HCTR2_BLOCKSIZE];

  memcpy (acc, c->u_mode.hctr2.tweak_acc[tail ? 1 : 0], HCTR2_BLOCKSIZE);
  _gcry_polyval_update (key, acc, x, nfull);
  if (tail)
    {
      memset (block, 0, sizeof block);
      memcpy (block, x + nfull * HCTR2_BLOCKSIZE, tail);
      block[tail] = 1;
      _gcry_polyval_update (key, acc, block, 1);
      wipememory (block, sizeof block);
    }
}

/* OUT = IN ^ XCTR(K, S) over LEN bytes, S in ST->IV (ST->INDEX is
   set here): the kernel's xctr_crypt when the algorithm has one, else
   counter blocks batched through ECB.  */
static void
hctr2_xctr (gcry_cipher_hd_t c, cipher_xctr_state_t *st, byte *out,
            const byte *in, size_t len)
{
  byte ks[CIPHER_GENERIC_BATCH * HCTR2_BLOCKSIZE];
  size_t nblocks, n, i;
  unsigned int j;

  st->index = 1;
  if (c->bulk.xctr_crypt)
    {
      c->bulk.xctr_crypt (cipher_ctx (c), st, out, in, len, ks);
      if (len % HCTR2_BLOCKSIZE)
        wipememory (ks, HCTR2_BLOCKSIZE);
      return;
    }

  while (len)
    {
      nblocks = (len + HCTR2_BLOCKSIZE - 1) / HCTR2_BLOCKSIZE;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++, st->index++)
        {
          byte *blk = ks + i * HCTR2_BLOCKSIZE;

          memcpy (blk, st->iv, HCTR2_BLOCKSIZE);
          for (j = 0; j < 8; j++)
            blk[j] ^= (byte) (st->index >> (8 * j));
        }
      _gcry_cipher_ecb_blocks (c, ks, ks, nblocks, 1);
      n = nblocks * HCTR2_BLOCKSIZE;
      if (n > len)
        n = len;
      cipher_xor (out, in, ks, n);
      in += n;
      out += n;
      len -= n;
    }
  wipememory (ks, sizeof ks);
}

/* One whole message, either direction.  The first block is read before
   anything is written, and the bulk part is hashed before XCTR
   overwrites it, so OUT == IN works.  */
static gcry_err_code_t
hctr2_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
             size_t inlen, int encrypt)
{
  byte first[HCTR2_BLOCKSIZE];   /* M (encrypt) or U (decrypt).  */
  byte acc[HCTR2_BLOCKSIZE];
  byte mm[HCTR2_BLOCKSIZE], uu[HCTR2_BLOCKSIZE];
  cipher_xctr_state_t xs;       /* S = MM ^ UU ^ L, the XCTR IV.  */
  size_t bulklen;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (inlen < HCTR2_BLOCKSIZE)
    return GPG_ERR_INV_LENGTH;
  bulklen = inlen - HCTR2_BLOCKSIZE;

  memcpy (first, in, HCTR2_BLOCKSIZE);
  hctr2_hash (c, acc, in + HCTR2_BLOCKSIZE, bulklen);
  if (encrypt)
    {
      cipher_xor (mm, first, acc, HCTR2_BLOCKSIZE);
      c->spec->encrypt (cipher_ctx (c), uu, mm);
    }
  else
    {
      cipher_xor (uu, first, acc, HCTR2_BLOCKSIZE);
      c->spec->decrypt (cipher_ctx (c), mm, uu);
    }
  cipher_xor (xs.iv, mm, uu, HCTR2_BLOCKSIZE);
  cipher_xor (xs.iv, xs.iv, c->u_mode.hctr2.l, HCTR2_BLOCKSIZE);

  hctr2_xctr (c, &xs, out + HCTR2_BLOCKSIZE, in + HCTR2_BLOCKSIZE, bulklen);

  hctr2_hash (c, acc, out + HCTR2_BLOCKSIZE, bulklen);
  cipher_xor (out, encrypt ? uu : mm, acc, HCTR2_BLOCKSIZE);

  wipememory (first, sizeof first);
  wipememory (acc, sizeof acc);
  wipememory (mm, sizeof mm);
  wipememory (uu, sizeof uu);
  wipememory (&xs, sizeof xs);
  return 0;
}

static gcry_err_code_t
hctr2_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
               size_t inlen)
{
  return hctr2_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
hctr2_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize, const byte *in,
               size_t inlen)
{
  return hctr2_crypt (c, out, outsize, in, inlen, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_hctr2 =
  {
    .mode = GCRY_CIPHER_MODE_HCTR2,
    .blocksize = HCTR2_BLOCKSIZE,
    .encrypt = hctr2_encrypt,
    .decrypt = hctr2_decrypt,
    .setiv = hctr2_setiv,
    .reset = hctr2_reset,
    .setkey_done = hctr2_setkey_done,
  };
