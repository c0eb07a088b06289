/* cipher-cfb.c - Cipher Feedback mode, full-block (CFB) and 8-bit (CFB8).
 *
 * CFB streams across calls of any length with upstream's state layout:
 * while UNUSED > 0 the register c->iv holds, in its last UNUSED bytes,
 * keystream still to be used, and in the bytes before them the
 * ciphertext produced so far in this block; so after a whole block the
 * register is that ciphertext block, the next block's input.  c->lastiv
 * keeps the previous register whenever a block is left partly used, for
 * OpenPGP's resynchronisation (GCRYCTL_CFB_SYNC, cipher.c).
 *
 * CFB8 feeds back one byte per block encryption and keeps no partial
 * state.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

/* Use up to INLEN bytes of the current block's keystream; returns how
   many were used.  The ciphertext byte replaces the keystream byte in
   the register.  Eight bytes at a time while there are eight (a
   message's final partial block comes through here), then bytes; the
   input is read before the output is written, as OUT may be IN.  */
static size_t
cfb_use_unused (gcry_cipher_hd_t c, byte *out, const byte *in, size_t inlen,
                int encrypt)
{
  size_t n = inlen < c->unused ? inlen : c->unused;
  byte *reg = c->iv + c->spec->blocksize - c->unused;
  size_t i = 0;
  u64 x, k;
  byte cbyte;

  for (; i + 8 <= n; i += 8)
    {
      memcpy (&x, in + i, 8);
      memcpy (&k, reg + i, 8);
      k ^= x;
      memcpy (out + i, &k, 8);
      memcpy (reg + i, encrypt ? &k : &x, 8);
    }
  for (; i < n; i++)
    {
      if (encrypt)
        cbyte = out[i] = in[i] ^ reg[i];
      else
        {
          cbyte = in[i];        /* Read first: OUT may be IN.  */
          out[i] = cbyte ^ reg[i];
        }
      reg[i] = cbyte;
    }
  c->unused -= n;
  return n;
}

/* Whole blocks, register updated.  */
static void
cfb_enc_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                size_t nblocks)
{
  size_t blocksize = c->spec->blocksize;

  if (c->bulk.cfb_enc)
    {
      c->bulk.cfb_enc (cipher_ctx (c), c->iv, out, in, nblocks);
      return;
    }
  /* Serial: each register is the previous ciphertext block.  */
  for (; nblocks; nblocks--, in += blocksize, out += blocksize)
    {
      c->spec->encrypt (cipher_ctx (c), c->iv, c->iv);
      cipher_xor (c->iv, c->iv, in, blocksize);
      memcpy (out, c->iv, blocksize);
    }
}

/* Out of line: its stack buffer would otherwise cost the kernel path a
   large frame at every call.  */
static __attribute__ ((noinline)) void
cfb_dec_generic (gcry_cipher_hd_t c, byte *out, const byte *in,
                 size_t nblocks)
{
  size_t blocksize = c->spec->blocksize;
  byte regs[CIPHER_GENERIC_BATCH * CIPHER_MAX_BLOCKSIZE];
  size_t n;

  /* The registers are known ciphertext, so a batch is encrypted at
     once: IV, C[0], ..., C[n-2].  They are copied before any output is
     written, which keeps in-place correct.  */
  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      memcpy (regs, c->iv, blocksize);
      memcpy (regs + blocksize, in, (n - 1) * blocksize);
      memcpy (c->iv, in + (n - 1) * blocksize, blocksize);
      _gcry_cipher_ecb_blocks (c, regs, regs, n, 1);
      cipher_xor (out, in, regs, n * blocksize);
      in += n * blocksize;
      out += n * blocksize;
      nblocks -= n;
    }
  wipememory (regs, sizeof regs);
}

static void
cfb_dec_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                size_t nblocks)
{
  if (c->bulk.cfb_dec)
    c->bulk.cfb_dec (cipher_ctx (c), c->iv, out, in, nblocks);
  else
    cfb_dec_generic (c, out, in, nblocks);
}

static gcry_err_code_t
cfb_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen, int encrypt)
{
  size_t blocksize = c->spec->blocksize;
  size_t n;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  n = cfb_use_unused (c, out, in, inlen, encrypt);
  in += n;
  out += n;
  inlen -= n;

  n = LIKELY (blocksize == 16) ? inlen >> 4 : inlen / blocksize;
  if (n)
    {
      if (encrypt)
        cfb_enc_blocks (c, out, in, n);
      else
        cfb_dec_blocks (c, out, in, n);
      in += n * blocksize;
      out += n * blocksize;
      inlen -= n * blocksize;
    }

  if (inlen)
    {
      /* Start a block and leave the rest of its keystream.  */
      memcpy (c->lastiv, c->iv, blocksize);
      c->spec->encrypt (cipher_ctx (c), c->iv, c->iv);
      c->unused = blocksize;
      cfb_use_unused (c, out, in, inlen, encrypt);
    }
  return 0;
}

static gcry_err_code_t
cfb_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return cfb_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
cfb_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return cfb_crypt (c, out, outsize, in, inlen, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_cfb =
  {
    .mode = GCRY_CIPHER_MODE_CFB,
    .encrypt = cfb_encrypt,
    .decrypt = cfb_decrypt,
  };


/* CFB8: one block encryption per byte; the register shifts left by a
   byte and takes the ciphertext byte.  */
static gcry_err_code_t
cfb8_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
            const byte *in, size_t inlen, int encrypt)
{
  size_t blocksize = c->spec->blocksize;
  byte ks[CIPHER_MAX_BLOCKSIZE];
  byte cbyte;
  size_t i;

  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  for (i = 0; i < inlen; i++)
    {
      c->spec->encrypt (cipher_ctx (c), ks, c->iv);
      if (encrypt)
        cbyte = out[i] = in[i] ^ ks[0];
      else
        {
          cbyte = in[i];
          out[i] = cbyte ^ ks[0];
        }
      memmove (c->iv, c->iv + 1, blocksize - 1);
      c->iv[blocksize - 1] = cbyte;
    }
  wipememory (ks, sizeof ks);
  return 0;
}

static gcry_err_code_t
cfb8_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
              const byte *in, size_t inlen)
{
  return cfb8_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
cfb8_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
              const byte *in, size_t inlen)
{
  return cfb8_crypt (c, out, outsize, in, inlen, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_cfb8 =
  {
    .mode = GCRY_CIPHER_MODE_CFB8,
    .encrypt = cfb8_encrypt,
    .decrypt = cfb8_decrypt,
  };
