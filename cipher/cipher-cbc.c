/* cipher-cbc.c - Cipher Block Chaining, with upstream's two variants:
 *
 * GCRY_CIPHER_CBC_CTS: ciphertext stealing as upstream does it (the
 *   Kerberos/RFC 3962 variant): any length of at least one block; when
 *   the input is longer than one block the last two ciphertext blocks
 *   are swapped (and the final one truncated), also when the length is
 *   a block multiple.  Shorter than a block: GPG_ERR_INV_LENGTH.
 * GCRY_CIPHER_CBC_MAC: encryption writes only the last ciphertext block
 *   (the CBC-MAC) to the first block of the output, which must hold one
 *   block; decryption is plain CBC.
 *
 * Both flags are read at every call, so gcry_cipher_cts() and
 * GCRYCTL_SET_CBC_MAC take effect on the next call.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

/* CBC encryption of NBLOCKS whole blocks, IV updated.  With CBC_MAC only
   the last block is stored, to OUT.  */
static void
cbc_enc_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                size_t nblocks, int cbc_mac)
{
  size_t blocksize = c->spec->blocksize;

  if (!nblocks)
    return;
  if (c->bulk.cbc_enc)
    {
      c->bulk.cbc_enc (cipher_ctx (c), c->iv, out, in, nblocks, cbc_mac);
      return;
    }

  /* Serial by nature: one block at a time through the spec.  */
  for (; nblocks; nblocks--, in += blocksize)
    {
      cipher_xor (c->iv, c->iv, in, blocksize);
      c->spec->encrypt (cipher_ctx (c), c->iv, c->iv);
      if (!cbc_mac)
        {
          memcpy (out, c->iv, blocksize);
          out += blocksize;
        }
    }
  if (cbc_mac)
    memcpy (out, c->iv, blocksize);
}

/* CBC decryption of NBLOCKS whole blocks, IV updated.  */
static void cbc_dec_generic (gcry_cipher_hd_t c, byte *out, const byte *in,
                             size_t nblocks);

static void
cbc_dec_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                size_t nblocks)
{
  if (c->bulk.cbc_dec)
    {
      if (nblocks)
        c->bulk.cbc_dec (cipher_ctx (c), c->iv, out, in, nblocks);
      return;
    }
  cbc_dec_generic (c, out, in, nblocks);
}

/* Batches through the ECB engine.  Out of line: its stack buffers would
   otherwise cost the kernel path a large frame at every call.  */
static __attribute__ ((noinline)) void
cbc_dec_generic (gcry_cipher_hd_t c, byte *out, const byte *in,
                 size_t nblocks)
{
  size_t blocksize = c->spec->blocksize;
  byte plain[CIPHER_GENERIC_BATCH * CIPHER_MAX_BLOCKSIZE];
  byte next_iv[CIPHER_MAX_BLOCKSIZE];
  size_t n, i;

  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      _gcry_cipher_ecb_blocks (c, plain, in, n, 0);
      /* Backwards, so that in place each ciphertext block is read
         before its plaintext overwrites it.  */
      memcpy (next_iv, in + (n - 1) * blocksize, blocksize);
      for (i = n - 1; i > 0; i--)
        cipher_xor (out + i * blocksize, plain + i * blocksize,
                    in + (i - 1) * blocksize, blocksize);
      cipher_xor (out, plain, c->iv, blocksize);
      memcpy (c->iv, next_iv, blocksize);
      in += n * blocksize;
      out += n * blocksize;
      nblocks -= n;
    }
  wipememory (plain, sizeof plain);
}

/* Ciphertext stealing, encryption.  */
static gcry_err_code_t
cbc_cts_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                 const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  size_t nblocks = inlen / blocksize;
  size_t rest;
  byte last[CIPHER_MAX_BLOCKSIZE];
  byte *prev;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if ((inlen % blocksize) && inlen <= blocksize)
    return GPG_ERR_INV_LENGTH;

  if (inlen <= blocksize)       /* 0 or one block: plain CBC.  */
    {
      cbc_enc_blocks (c, out, in, nblocks, 0);
      return 0;
    }

  rest = inlen % blocksize;
  if (!rest)
    {
      rest = blocksize;
      nblocks--;
    }
  /* All whole blocks but the stolen one; C[n-1] ends at PREV.  */
  cbc_enc_blocks (c, out, in, nblocks, 0);
  prev = out + (nblocks - 1) * blocksize;

  /* Final block: (P[n] zero-padded) ^ C[n-1], encrypted, goes where
     C[n-1] was; C[n-1] truncated to REST bytes goes last.  P[n] is
     read before that store, which matters in place.  */
  memset (last, 0, sizeof last);
  memcpy (last, in + nblocks * blocksize, rest);
  cipher_xor (last, last, prev, blocksize);
  memcpy (prev + blocksize, prev, rest);
  c->spec->encrypt (cipher_ctx (c), prev, last);
  memcpy (c->iv, prev, blocksize);
  wipememory (last, sizeof last);
  return 0;
}

/* Ciphertext stealing, decryption.  */
static gcry_err_code_t
cbc_cts_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                 const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  size_t nblocks = inlen / blocksize;
  size_t rest;
  byte x[CIPHER_MAX_BLOCKSIZE];       /* D(stolen block).  */
  byte cprev[CIPHER_MAX_BLOCKSIZE];   /* Rebuilt C[n-1].  */
  const byte *stolen;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if ((inlen % blocksize) && inlen <= blocksize)
    return GPG_ERR_INV_LENGTH;

  if (inlen <= blocksize)
    {
      cbc_dec_blocks (c, out, in, nblocks);
      return 0;
    }

  rest = inlen % blocksize;
  if (!rest)
    rest = blocksize;
  nblocks = (inlen - rest) / blocksize - 1;
  cbc_dec_blocks (c, out, in, nblocks);
  in += nblocks * blocksize;
  out += nblocks * blocksize;
  stolen = in;

  /* D(stolen) = (P[n] || 0) ^ C[n-1], and the tail holds the first
     REST bytes of C[n-1]: so P[n] = D(stolen) ^ tail, and C[n-1] is the
     tail followed by the rest of D(stolen).  */
  c->spec->decrypt (cipher_ctx (c), x, stolen);
  memcpy (cprev, in + blocksize, rest);
  memcpy (cprev + rest, x + rest, blocksize - rest);
  cipher_xor (out + blocksize, x, in + blocksize, rest);
  c->spec->decrypt (cipher_ctx (c), x, cprev);
  cipher_xor (out, x, c->iv, blocksize);
  memcpy (c->iv, cprev, blocksize);
  wipememory (x, sizeof x);
  wipememory (cprev, sizeof cprev);
  return 0;
}

static gcry_err_code_t
cbc_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  int cbc_mac = !!(c->flags & GCRY_CIPHER_CBC_MAC);
  size_t nblocks;

  if (c->flags & GCRY_CIPHER_CBC_CTS)
    return cbc_cts_encrypt (c, out, outsize, in, inlen);

  if (outsize < (cbc_mac ? blocksize : inlen))
    return GPG_ERR_BUFFER_TOO_SHORT;
  nblocks = LIKELY (blocksize == 16) ? inlen >> 4 : inlen / blocksize;
  if (inlen != nblocks * blocksize)
    return GPG_ERR_INV_LENGTH;
  cbc_enc_blocks (c, out, in, nblocks, cbc_mac);
  return 0;
}

static gcry_err_code_t
cbc_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  size_t nblocks;

  if (c->flags & GCRY_CIPHER_CBC_CTS)
    return cbc_cts_decrypt (c, out, outsize, in, inlen);

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  /* 16-byte blocks (every cipher here) with a shift, not divisions by
     a variable.  */
  nblocks = LIKELY (blocksize == 16) ? inlen >> 4 : inlen / blocksize;
  if (inlen != nblocks * blocksize)
    return GPG_ERR_INV_LENGTH;
  cbc_dec_blocks (c, out, in, nblocks);
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_cbc =
  {
    .mode = GCRY_CIPHER_MODE_CBC,
    .encrypt = cbc_encrypt,
    .decrypt = cbc_decrypt,
  };
