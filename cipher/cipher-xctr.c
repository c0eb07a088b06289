/* cipher-xctr.c - XCTR mode (Crowley, Huckleberry, Biggers: "Length-
 * preserving encryption with HCTR2", 2021), a mode upstream libgcrypt
 * does not have.  GCRY_CIPHER_MODE_XCTR.
 *
 * Keystream block I (I = 1, 2, ... from the start of the message) is
 * E(K, IV ^ le128(I)): the block number as a 16-byte little-endian
 * integer XORed into the IV.  The IV is set with gcry_cipher_setiv and
 * must be 16 bytes (or NULL: all zero); setiv and GCRYCTL_RESET restart
 * the message at I = 1.  Like CTR it streams across calls of any
 * length, and encryption and decryption are the same.  Needs a 16-byte
 * block cipher.
 *
 * I is kept as a 64-bit number: the high half of le128(I) stays zero
 * for any message shorter than 2^68 bytes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

#define XCTR_BLOCKSIZE 16

/* The state is c->xctr (cipher-internal.h): the IV and the index of the
   next block, over the handle's IV and LASTIV.  Open and GCRYCTL_RESET
   leave it all zero, and index 0 stands for the first block (I = 1):
   that is how the generic reset restarts a message without calling
   into this file.  Index 0 is not otherwise reachable: it would take a
   message of 2^68 bytes.  */

/* The index of the next block, 0 resolved to 1.  */
static inline u64
xctr_next_index (gcry_cipher_hd_t c)
{
  if (UNLIKELY (!c->xctr.index))
    c->xctr.index = 1;
  return c->xctr.index;
}

static gcry_err_code_t
xctr_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  /* The usual call first, with the fewest tests: a new message per
     operation makes this part of every short message's cost.  */
  if (LIKELY (iv && ivlen == XCTR_BLOCKSIZE))
    memcpy (c->xctr.iv, iv, XCTR_BLOCKSIZE);
  else if (iv)
    return GPG_ERR_INV_LENGTH;
  else
    memset (c->xctr.iv, 0, XCTR_BLOCKSIZE);
  c->xctr.index = 1;
  c->unused = 0;
  return 0;
}

/* Generic path: batches of counter blocks through one ECB call.  Kept
   out of line: inlined, its stack buffer would make the kernel path
   save registers and grow its frame on every call.  */
static __attribute__ ((noinline)) void
xctr_generic (gcry_cipher_hd_t c, byte *out, const byte *in, size_t inlen)
{
  byte ks[CIPHER_GENERIC_BATCH * XCTR_BLOCKSIZE];
  size_t nblocks, n, i;
  unsigned int j;
  u64 index = xctr_next_index (c);

  while (inlen)
    {
      nblocks = (inlen + XCTR_BLOCKSIZE - 1) / XCTR_BLOCKSIZE;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++)
        {
          byte *blk = ks + i * XCTR_BLOCKSIZE;

          memcpy (blk, c->xctr.iv, XCTR_BLOCKSIZE);
          for (j = 0; j < 8; j++)
            blk[j] ^= (byte) (index >> (8 * j));
          index++;
        }
      c->xctr.index = index;
      _gcry_cipher_ecb_blocks (c, ks, ks, nblocks, 1);
      n = nblocks * XCTR_BLOCKSIZE;
      if (n > inlen)
        {
          n = inlen;
          memcpy (c->keystream, ks + (nblocks - 1) * XCTR_BLOCKSIZE,
                  XCTR_BLOCKSIZE);
          c->unused = nblocks * XCTR_BLOCKSIZE - inlen;
        }
      cipher_xor (out, in, ks, n);
      in += n;
      out += n;
      inlen -= n;
    }
  wipememory (ks, sizeof ks);
}

static gcry_err_code_t
xctr_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
            const byte *in, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  /* As in CTR: leftover keystream first, tested before anything else
     so that a whole message after setiv pays only for the kernel.  */
  if (c->unused)
    {
      size_t n = inlen < c->unused ? inlen : c->unused;

      cipher_xor (out, in, c->keystream + XCTR_BLOCKSIZE - c->unused, n);
      c->unused -= n;
      in += n;
      out += n;
      inlen -= n;
    }
  if (!inlen)
    return 0;

  if (c->bulk.xctr_crypt)
    {
      /* Set before the call, so that nothing is kept across it.  */
      c->unused = -inlen & (XCTR_BLOCKSIZE - 1);
      xctr_next_index (c);
      c->bulk.xctr_crypt (cipher_ctx (c), &c->xctr, out, in, inlen,
                          c->keystream);
    }
  else
    xctr_generic (c, out, in, inlen);
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_xctr =
  {
    .mode = GCRY_CIPHER_MODE_XCTR,
    .blocksize = XCTR_BLOCKSIZE,
    .encrypt = xctr_crypt,
    .decrypt = xctr_crypt,
    .setiv = xctr_setiv,
  };
