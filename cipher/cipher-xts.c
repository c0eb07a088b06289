/* cipher-xts.c - XTS mode (IEEE 1619-2007, NIST SP 800-38E).
 *
 * Upstream semantics (its manual, and what libgcrypt 1.10.1 does):
 *  - The key given to gcry_cipher_setkey is Key1 || Key2, two keys of
 *    the algorithm of equal length: Key1 encrypts the data, Key2 the
 *    tweak.  An odd length, or halves the algorithm does not take, is
 *    GPG_ERR_INV_KEYLEN.  Equal halves are accepted: upstream rejects
 *    them only in FIPS mode, which this library never enters.
 *  - The IV is the 16-byte data-unit number, read as a little-endian
 *    integer (as in IEEE 1619's test vectors); it is set with
 *    gcry_cipher_setiv under the generic IV rule.
 *  - Every encrypt or decrypt call is one whole data unit.  After each
 *    successful call the data-unit number is incremented by one (128-bit
 *    little-endian, wrapping), so consecutive sectors need no setiv.
 *    Nothing carries over between calls but that number.
 *  - A data unit is 16 bytes to 2^20 blocks: shorter input, or an output
 *    shorter than the input, is GPG_ERR_BUFFER_TOO_SHORT; longer input
 *    is GPG_ERR_INV_LENGTH.  A final partial block is handled by
 *    ciphertext stealing.
 *
 * The tweak key lives in the handle's second algorithm context (the
 * mode spec asks cipher.c for two, see cipher_ctx2()).  A kernel's
 * xts_crypt slot does a data unit in one call; without one, the generic
 * path below runs over the ECB engine in batches.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

#define XTS_BLOCKSIZE 16

/* SP 800-38E: a data unit is at most 2^20 blocks.  */
#define XTS_MAX_DATA_UNIT ((size_t) XTS_BLOCKSIZE << 20)


/* T = T * x in GF(2^128) with IEEE 1619's little-endian layout (T[0]
   holds bits 0..63) and the reduction polynomial x^128 + x^7 + x^2 + x
   + 1.  The tweak is secret: the reduction is applied through a mask,
   never a branch.  */
static inline void
xts_mul_x (u64 t[2])
{
  u64 reduce = (0 - (t[1] >> 63)) & 0x87;

  t[1] = (t[1] << 1) | (t[0] >> 63);
  t[0] = (t[0] << 1) ^ reduce;
}

/* The data-unit number after a call: +1, little-endian, wrapping.  The
   number is public, but this has no data-dependent branch anyway.  */
static void
xts_next_data_unit (byte *iv)
{
  u64 lo = cipher_get_le64 (iv);
  u64 hi = cipher_get_le64 (iv + 8);

  lo++;
  hi += !lo;
  cipher_put_le64 (iv, lo);
  cipher_put_le64 (iv + 8, hi);
}

/* NBLOCKS full blocks with the running tweak T (advanced once per
   block): OUT[i] = E_or_D (IN[i] ^ T_i) ^ T_i.  Tweaks for a batch are
   computed first so that one ECB call covers the whole batch.  OUT ==
   IN is fine: each batch is read before it is written.  */
static void
xts_blocks (gcry_cipher_hd_t c, u64 t[2], byte *out, const byte *in,
            size_t nblocks, int encrypt)
{
  byte tweaks[CIPHER_GENERIC_BATCH * XTS_BLOCKSIZE];
  byte buf[CIPHER_GENERIC_BATCH * XTS_BLOCKSIZE];
  size_t n, i, nbytes;

  while (nblocks)
    {
      n = nblocks < CIPHER_GENERIC_BATCH ? nblocks : CIPHER_GENERIC_BATCH;
      nbytes = n * XTS_BLOCKSIZE;
      for (i = 0; i < n; i++)
        {
          cipher_put_le64 (tweaks + i * XTS_BLOCKSIZE, t[0]);
          cipher_put_le64 (tweaks + i * XTS_BLOCKSIZE + 8, t[1]);
          xts_mul_x (t);
        }
      cipher_xor (buf, in, tweaks, nbytes);
      _gcry_cipher_ecb_blocks (c, buf, buf, n, encrypt);
      cipher_xor (out, buf, tweaks, nbytes);
      in += nbytes;
      out += nbytes;
      nblocks -= n;
    }
  wipememory (tweaks, sizeof tweaks);
  wipememory (buf, sizeof buf);
}

/* The generic XTS engine, with the bulk slot's contract (see
   cipher-internal.h) for an already encrypted tweak: NBYTES >= 16,
   ciphertext stealing for a final partial block, TWEAK advanced in
   place past the full blocks.  Out of line: its stack buffers would
   otherwise cost the kernel path a large frame at every call.  */
static __attribute__ ((noinline)) void
xts_generic (gcry_cipher_hd_t c, byte *tweak, byte *out, const byte *in,
             size_t nbytes, int encrypt)
{
  size_t tail = nbytes % XTS_BLOCKSIZE;
  size_t nfull = nbytes / XTS_BLOCKSIZE;
  u64 t[2], t_prev[2];
  byte pp[XTS_BLOCKSIZE], cc[XTS_BLOCKSIZE];

  t[0] = cipher_get_le64 (tweak);
  t[1] = cipher_get_le64 (tweak + 8);

  /* Decryption with stealing needs the last full block undone with the
     tweak of the partial block first, so it is left for below.  */
  if (tail && !encrypt)
    nfull--;
  xts_blocks (c, t, out, in, nfull, encrypt);
  in += nfull * XTS_BLOCKSIZE;
  out += nfull * XTS_BLOCKSIZE;

  if (tail && encrypt)
    {
      /* OUT - 16 holds CC, the last full block's result.  The partial
         plaintext block, padded with the end of CC, is encrypted with
         the next tweak into that place, and the head of CC becomes the
         partial ciphertext block.  IN is read before OUT is written, as
         they may be the same.  */
      memcpy (pp, in, tail);
      memcpy (pp + tail, out - XTS_BLOCKSIZE + tail, XTS_BLOCKSIZE - tail);
      memcpy (out, out - XTS_BLOCKSIZE, tail);
      xts_blocks (c, t, out - XTS_BLOCKSIZE, pp, 1, 1);
    }
  else if (tail)
    {
      /* IN holds C[m-1] (a full block) and C[m] (TAIL bytes).  C[m-1]
         was made with the tweak after T: undo it with that one, then
         rebuild CC from C[m] and the stolen end, undone with T.  */
      t_prev[0] = t[0];
      t_prev[1] = t[1];
      xts_mul_x (t);
      xts_blocks (c, t, pp, in, 1, 0);
      memcpy (cc, in + XTS_BLOCKSIZE, tail);
      memcpy (cc + tail, pp + tail, XTS_BLOCKSIZE - tail);
      memcpy (out + XTS_BLOCKSIZE, pp, tail);
      xts_blocks (c, t_prev, out, cc, 1, 0);
      wipememory (t_prev, sizeof t_prev);
    }

  cipher_put_le64 (tweak, t[0]);
  cipher_put_le64 (tweak + 8, t[1]);
  wipememory (t, sizeof t);
  wipememory (pp, sizeof pp);
  wipememory (cc, sizeof cc);
}

static gcry_err_code_t
xts_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
           const byte *in, size_t inlen, int encrypt)
{
  byte tweak[XTS_BLOCKSIZE];

  /* Upstream's order of checks.  */
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (inlen < XTS_BLOCKSIZE)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (inlen > XTS_MAX_DATA_UNIT)
    return GPG_ERR_INV_LENGTH;

  memcpy (tweak, c->iv, XTS_BLOCKSIZE);
  if (c->bulk.xts_crypt)
    c->bulk.xts_crypt (cipher_ctx (c), cipher_ctx2 (c), tweak, out, in,
                       inlen, encrypt);
  else
    {
      c->spec->encrypt (cipher_ctx2 (c), tweak, tweak);
      xts_generic (c, tweak, out, in, inlen, encrypt);
    }
  cipher_wipe (tweak, sizeof tweak);

  xts_next_data_unit (c->iv);
  return 0;
}

static gcry_err_code_t
xts_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return xts_crypt (c, out, outsize, in, inlen, 1);
}

static gcry_err_code_t
xts_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  return xts_crypt (c, out, outsize, in, inlen, 0);
}

const cipher_mode_spec_t _gcry_cipher_mode_xts =
  {
    .mode = GCRY_CIPHER_MODE_XTS,
    .blocksize = XTS_BLOCKSIZE,
    .encrypt = xts_encrypt,
    .decrypt = xts_decrypt,
    .ncontexts = 2              /* Key1 for data, Key2 for the tweak.  */
  };
