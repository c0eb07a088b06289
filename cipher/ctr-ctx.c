/* ctr-ctx.c - CTR over an explicit algorithm context (see ctr-ctx.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ctr-ctx.h"

/* Store the next N counter blocks to KS and advance CTR past them.
   Block ciphers here have 8- or 16-byte blocks: the counter is one or
   two 64-bit big-endian words, the carry into the high word added as
   the result of a comparison.  The counter is not always public (EAX
   starts from N' = OMAC_K(nonce), which never leaves the handle), so
   neither a branch nor the time taken depends on its value.  */
static void
counter_blocks (byte *ctr, size_t blocksize, byte *ks, size_t n)
{
  u64 hi, lo;
  size_t i;

  if (blocksize == 8)
    {
      lo = cipher_get_be64 (ctr);
      for (i = 0; i < n; i++, lo++)
        cipher_put_be64 (ks + 8 * i, lo);
      cipher_put_be64 (ctr, lo);
      return;
    }
  hi = cipher_get_be64 (ctr);
  lo = cipher_get_be64 (ctr + 8);
  for (i = 0; i < n; i++)
    {
      cipher_put_be64 (ks + 16 * i, hi);
      cipher_put_be64 (ks + 16 * i + 8, lo);
      lo++;
      hi += (lo == 0);
    }
  cipher_put_be64 (ctr, hi);
  cipher_put_be64 (ctr + 8, lo);
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
      counter_blocks (c->ctr, blocksize, ks, nblocks);
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
