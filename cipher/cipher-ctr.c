/* cipher-ctr.c - Counter mode.
 *
 * As upstream: the counter is the whole block, big-endian, the carry
 * running through every byte (wrapping at 2^(8*blocksize)); it is set
 * with gcry_cipher_setctr only (gcry_cipher_setiv leaves it alone and
 * just drops unused keystream).  Keystream left over from a partial
 * block is used first by the next call, so any split of the input
 * gives the same bytes.  Encryption and decryption are the same.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

static void
ctr_increment (byte *ctr, size_t blocksize)
{
  size_t i = blocksize;

  /* The loop runs on the counter, which is public.  */
  while (i-- && !++ctr[i])
    ;
}

/* Generic path: counter blocks are built in batches and encrypted with
   one ECB call, so multi-block kernels work at full width.  Kept out
   of line: inlined, its stack buffer would make the kernel path save
   registers and grow its frame on every call.  */
static __attribute__ ((noinline)) void
ctr_generic (gcry_cipher_hd_t c, byte *out, const byte *in, size_t inlen)
{
  size_t blocksize = c->spec->blocksize;
  byte ks[CIPHER_GENERIC_BATCH * CIPHER_MAX_BLOCKSIZE];
  size_t nblocks, n, i;

  while (inlen)
    {
      nblocks = (inlen + blocksize - 1) / blocksize;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++)
        {
          memcpy (ks + i * blocksize, c->ctr, blocksize);
          ctr_increment (c->ctr, blocksize);
        }
      _gcry_cipher_ecb_blocks (c, ks, ks, nblocks, 1);
      n = nblocks * blocksize;
      if (n > inlen)
        {
          /* Final partial block: keep its keystream for later.  */
          n = inlen;
          memcpy (c->keystream, ks + (nblocks - 1) * blocksize, blocksize);
          c->unused = nblocks * blocksize - inlen;
        }
      cipher_xor (out, in, ks, n);
      in += n;
      out += n;
      inlen -= n;
    }
  wipememory (ks, sizeof ks);
}

static gcry_err_code_t
ctr_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;

  /* Keystream left by a previous partial block comes first.  Tested
     before anything else is done: the common call (a new counter, a
     whole message) has none, and then costs no more than the kernel.  */
  if (c->unused)
    {
      size_t blocksize = c->spec->blocksize;
      size_t n = inlen < c->unused ? inlen : c->unused;

      cipher_xor (out, in, c->keystream + blocksize - c->unused, n);
      c->unused -= n;
      in += n;
      out += n;
      inlen -= n;
    }
  if (!inlen)
    return 0;

  if (c->bulk.ctr_crypt)
    {
      /* The slot serves 16-byte blocks only: the keystream left over is
         what the last block did not use.  Set before the call, so that
         nothing is kept across it.  */
      c->unused = -inlen & 15;
      c->bulk.ctr_crypt (cipher_ctx (c), c->ctr, out, in, inlen,
                         c->keystream);
    }
  else
    ctr_generic (c, out, in, inlen);
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_ctr =
  {
    .mode = GCRY_CIPHER_MODE_CTR,
    .encrypt = ctr_crypt,
    .decrypt = ctr_crypt,
  };
