/* ctr-ctx.c - CTR over an explicit algorithm context (see ctr-ctx.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ctr-ctx.h"

/* Not always public: EAX starts from N' = OMAC_K(nonce), which never
   leaves the handle.  So the carry runs through every byte, and neither
   a branch nor the loop count depends on the counter's value.  */
static void
counter_increment (byte *ctr, size_t blocksize)
{
  unsigned int carry = 1;
  size_t i = blocksize;

  while (i--)
    {
      carry += ctr[i];
      ctr[i] = (byte) carry;
      carry >>= 8;
    }
}

/* Batches of counter blocks encrypted with one ECB call (the kernel's,
   else the spec's single-block function).  Out of line: its stack
   buffer would otherwise cost the kernel path a large frame.  */
static __attribute__ ((noinline)) void
ctr_generic (gcry_cipher_hd_t c, void *ctx, byte *out, const byte *in,
             size_t len)
{
  size_t blocksize = c->spec->blocksize;
  byte ks[CIPHER_GENERIC_BATCH * CIPHER_MAX_BLOCKSIZE];
  size_t nblocks, n, i;

  while (len)
    {
      nblocks = (len + blocksize - 1) / blocksize;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++)
        {
          memcpy (ks + i * blocksize, c->ctr, blocksize);
          counter_increment (c->ctr, blocksize);
        }
      if (c->bulk.ecb_crypt)
        c->bulk.ecb_crypt (ctx, ks, ks, nblocks, 1);
      else
        for (i = 0; i < nblocks; i++)
          c->spec->encrypt (ctx, ks + i * blocksize, ks + i * blocksize);
      n = nblocks * blocksize;
      if (n > len)
        {
          /* A final partial block: keep its keystream for later.  */
          n = len;
          memcpy (c->keystream, ks + (nblocks - 1) * blocksize, blocksize);
          c->unused = nblocks * blocksize - len;
        }
      cipher_xor (out, in, ks, n);
      out += n;
      in += n;
      len -= n;
    }
  wipememory (ks, sizeof ks);
}

void
_gcry_cipher_ctr_ctx (gcry_cipher_hd_t c, void *ctx, byte *out,
                      const byte *in, size_t len)
{
  size_t blocksize = c->spec->blocksize;
  size_t n = len < c->unused ? len : c->unused;

  cipher_xor (out, in, c->keystream + blocksize - c->unused, n);
  c->unused -= n;
  out += n;
  in += n;
  len -= n;
  if (!len)
    return;

  if (c->bulk.ctr_crypt && blocksize == 16)
    {
      c->bulk.ctr_crypt (ctx, c->ctr, out, in, len, c->keystream);
      c->unused = (blocksize - len % blocksize) % blocksize;
    }
  else
    ctr_generic (c, ctx, out, in, len);
}
