/* cipher-gcm.c - Galois/Counter Mode (NIST SP 800-38D).
 *
 * Upstream's semantics (its manual, and its behaviour where the manual
 * is silent):
 *  - setkey computes H = E(K, 0^128) and prepares the GHASH key; it also
 *    clears the message state (upstream keeps the old IV state across a
 *    new key, which no caller can use meaningfully).
 *  - setiv takes any length but 0 (GPG_ERR_INV_LENGTH); 12 bytes give
 *    J0 = IV || 0^31 || 1 directly, other lengths go through GHASH.  An
 *    operation without setiv uses a 16-byte zero IV, as upstream.
 *  - authenticate may be called any number of times, with any lengths,
 *    before the first encrypt/decrypt; afterwards GPG_ERR_INV_STATE.
 *  - encrypt/decrypt take any lengths, any number of calls (upstream
 *    does not require block multiples: a partial block is kept, both its
 *    keystream and its GHASH input); after the tag, GPG_ERR_INV_STATE.
 *  - gettag accepts 4, 8, 12..16 bytes or more (16 written), otherwise
 *    GPG_ERR_INV_LENGTH; checktag accepts the same lengths but any length
 *    over 16 fails with GPG_ERR_CHECKSUM; the comparison takes constant
 *    time.  Once the tag is computed, gettag/checktag can be repeated.
 *    Without an IV the tag covers the zero IV like any other operation
 *    (upstream returns an all-zero tag when nothing at all was done).
 *  - Data is limited to 2^36 - 32 bytes and AAD and IV to 2^61 - 1
 *    bytes: past that GPG_ERR_INV_LENGTH, then for every call until the
 *    next setiv.
 *  - Calls before setkey: GPG_ERR_INV_STATE (upstream crashes on a
 *    12-byte setiv there).
 *
 * Engines: the counter part uses the algorithm's bulk ctr_crypt when it
 * has one (GCM increments only the low 32 bits of the counter, so a call
 * that would carry past them is split and the upper 96 bits restored),
 * else batches of counter blocks through ECB.  GHASH runs on the kernel
 * chosen at setkey (ghash.c).  Data is processed in chunks small enough
 * to stay in L1 between the CTR pass and the GHASH pass.
 *
 * When the algorithm's kernel fills bulk.gcm_crypt (stitched CTR and
 * GHASH in one pass, cipher-internal.h), it takes over: setkey prepares
 * its key (its powers of H) next to the GHASH key, and the data goes
 * to it whole, apart from the bytes that finish a partly used block
 * (GHASH on its own -- IV, AAD, padding, length block -- stays on the
 * GHASH kernel, faster with nothing to stitch); a final partial block's
 * ciphertext lands in PENDING like any other.  The paths produce the
 * same bytes, so the state may pass from one to the other.  Two steps
 * of short messages ride on the kernel call (GCM_BULK_EK_J0, _TAG):
 * setiv leaves J0 in EK_J0 for the first data call to encrypt, and
 * every data call also leaves the tag the message has if it ends there,
 * which gettag then takes as it is.  Any path that finds EK_J0 still
 * pending, or no such tag, does those steps itself.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "ghash.h"

#define GCM_BLOCKSIZE 16

/* Bytes per CTR + GHASH round trip: both passes touch the same cache
   lines.  */
#define GCM_CHUNK 8192

/* 2^36 - 32 bytes of data (2^39 - 256 bits), 2^61 - 1 bytes of AAD or IV
   (2^64 - 1 bits, rounded down to bytes).  */
#define GCM_MAX_DATALEN ((((u64) 1) << 36) - 32)
#define GCM_MAX_AADLEN  ((((u64) 1) << 61) - 1)

/* The low 32 bits of the counter block, big-endian, plus one.  */
static inline void
inc32 (byte *ctr)
{
  cipher_put_be32 (ctr + 12, cipher_get_be32 (ctr + 12) + 1);
}

/* Blocks that a kernel loads with one 16-byte load are written with one
   16-byte store: narrower stores followed by a wider load cannot be
   forwarded and stall the load for tens of cycles (Zen 4), which short
   messages pay several times per operation.  A 16-byte vector (GCC and
   clang's generic vectors) makes the compiler emit the single store.  */
typedef u64 gcm_u64x2_t __attribute__ ((vector_size (16)));

/* DST = the memory images of FIRST8 then SECOND8, with one 16-byte
   store.  */
static inline void
store_block (byte *dst, u64 first8, u64 second8)
{
  gcm_u64x2_t v = { first8, second8 };

  memcpy (dst, &v, GCM_BLOCKSIZE);
}

/* DST = A ^ B, 16 bytes, with one 16-byte store (gettag copies the
   tag out with wide loads).  */
static inline void
xor_block (byte *dst, const byte *a, const byte *b)
{
  gcm_u64x2_t va, vb;

  memcpy (&va, a, GCM_BLOCKSIZE);
  memcpy (&vb, b, GCM_BLOCKSIZE);
  va ^= vb;
  memcpy (dst, &va, GCM_BLOCKSIZE);
}

/* IV[8..11] || be32 (COUNTER) as the u64 whose memory image it is.  */
static inline u64
iv96_tail_image (const byte *iv, u32 counter)
{
  u32 iv_tail;

  memcpy (&iv_tail, iv + 8, 4);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return (u64) iv_tail | ((u64) __builtin_bswap32 (counter) << 32);
#else
  return ((u64) iv_tail << 32) | counter;
#endif
}


/*
 * GHASH over a byte stream: PENDING collects bytes until a block is
 * full; pad() hashes a final partial block zero-padded.
 */

/* Whole blocks into ACC.  The GHASH kernel (ghash.c), not the stitched
   kernel's GHASH op: with nothing to stitch, its wider batches and
   register-resident powers are faster.  */
static void
ghash_blocks (gcry_cipher_hd_t c, byte *acc, const byte *buf,
              size_t nblocks)
{
  _gcry_ghash_update (&c->u_mode.gcm.ghash, acc, buf, nblocks);
}

static void
hash_bytes (gcry_cipher_hd_t c, byte *acc, const byte *buf, size_t len)
{
  cipher_hash_bytes (&c->u_mode.gcm.ghash, 0, acc, c->u_mode.gcm.pending,
                     &c->u_mode.gcm.npending, buf, len);
}

static void
hash_pad (gcry_cipher_hd_t c, byte *acc)
{
  cipher_hash_pad (&c->u_mode.gcm.ghash, 0, acc, c->u_mode.gcm.pending,
                   &c->u_mode.gcm.npending);
}

static void
put_bitlengths (byte *block, u64 first, u64 second)
{
  cipher_put_be64 (block, first << 3);
  cipher_put_be64 (block + 8, second << 3);
}


/*
 * The counter part: c->ctr is the next counter block, c->keystream
 * holds the keystream of a partly used block whose last c->unused bytes
 * are left.
 */

/* Batches of counter blocks through ECB, for algorithms without a bulk
   CTR.  */
static void
ctr_generic (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len)
{
  byte ks[CIPHER_GENERIC_BATCH * GCM_BLOCKSIZE];
  size_t nblocks, n, i;

  while (len)
    {
      nblocks = (len + GCM_BLOCKSIZE - 1) / GCM_BLOCKSIZE;
      if (nblocks > CIPHER_GENERIC_BATCH)
        nblocks = CIPHER_GENERIC_BATCH;
      for (i = 0; i < nblocks; i++)
        {
          memcpy (ks + i * GCM_BLOCKSIZE, c->ctr, GCM_BLOCKSIZE);
          inc32 (c->ctr);
        }
      _gcry_cipher_ecb_blocks (c, ks, ks, nblocks, 1);
      n = nblocks * GCM_BLOCKSIZE;
      if (n > len)
        {
          n = len;
          memcpy (c->keystream, ks + (nblocks - 1) * GCM_BLOCKSIZE,
                  GCM_BLOCKSIZE);
          c->unused = nblocks * GCM_BLOCKSIZE - len;
        }
      cipher_xor (out, in, ks, n);
      out += n;
      in += n;
      len -= n;
    }
  wipememory (ks, sizeof ks);
}

/* The bulk CTR carries through all 128 bits; GCM must wrap the low 32.
   Give it at most the blocks up to the wrap, then put back the upper 96
   bits the carry changed.  */
static void
ctr_bulk (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len)
{
  byte upper[GCM_BLOCKSIZE - 4];
  u64 to_wrap, nblocks;
  size_t n;

  while (len)
    {
      to_wrap = ((u64) 1 << 32) - cipher_get_be32 (c->ctr + 12);
      nblocks = ((u64) len + GCM_BLOCKSIZE - 1) / GCM_BLOCKSIZE;
      if (nblocks < to_wrap)
        {
          c->bulk.ctr_crypt (cipher_ctx (c), c->ctr, out, in, len,
                             c->keystream);
          c->unused = (GCM_BLOCKSIZE - len % GCM_BLOCKSIZE) % GCM_BLOCKSIZE;
          return;
        }
      n = nblocks > to_wrap ? to_wrap * GCM_BLOCKSIZE : len;
      memcpy (upper, c->ctr, sizeof upper);
      c->bulk.ctr_crypt (cipher_ctx (c), c->ctr, out, in, n, c->keystream);
      memcpy (c->ctr, upper, sizeof upper);
      c->unused = (GCM_BLOCKSIZE - n % GCM_BLOCKSIZE) % GCM_BLOCKSIZE;
      out += n;
      in += n;
      len -= n;
    }
}

static void
ctr_crypt (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len)
{
  size_t n = len < c->unused ? len : c->unused;

  cipher_xor (out, in, c->keystream + GCM_BLOCKSIZE - c->unused, n);
  c->unused -= n;
  out += n;
  in += n;
  len -= n;
  if (!len)
    return;
  if (c->bulk.ctr_crypt)
    ctr_bulk (c, out, in, len);
  else
    ctr_generic (c, out, in, len);
}


/*
 * IV and message state.
 */

#define GCM_MESSAGE_STATE_BYTES                                         \
  (offsetof (struct gcry_cipher_handle, u_mode.gcm.tag) + GCM_BLOCKSIZE \
   - offsetof (struct gcry_cipher_handle, u_mode.gcm.acc))
#define GCM_HANDLE_STATE_BYTES                                          \
  (offsetof (struct gcry_cipher_handle, keystream) + GCM_BLOCKSIZE      \
   - offsetof (struct gcry_cipher_handle, ctr))
_Static_assert (GCM_MESSAGE_STATE_BYTES == 4 * GCM_BLOCKSIZE,
                "acc, pending, ek_j0, tag must stay adjacent");
_Static_assert (GCM_HANDLE_STATE_BYTES == 2 * GCM_BLOCKSIZE,
                "ctr and keystream must stay adjacent");

/* Forget the message: lengths, GHASH state, tag, IV.  The GHASH key
   stays.  */
static void
gcm_clear_message (gcry_cipher_hd_t c)
{
  /* ACC, PENDING, EK_J0 and TAG are adjacent, and so are CTR and
     KEYSTREAM: two clears instead of six (every setiv pays for them).
     Plain memset, inlined as a few vector stores: the handle stays
     live, so the compiler cannot drop the stores, and this wipes the
     secrets (EK_J0, the keystream, the GHASH state) as well.  */
  memset (c->u_mode.gcm.acc, 0, GCM_MESSAGE_STATE_BYTES);
  memset (c->ctr, 0, GCM_HANDLE_STATE_BYTES);
  c->u_mode.gcm.npending = 0;
  c->u_mode.gcm.aadlen = 0;
  c->u_mode.gcm.datalen = 0;
  c->u_mode.gcm.aad_done = 0;
  c->u_mode.gcm.tag_done = 0;
  c->u_mode.gcm.over_limit = 0;
  c->u_mode.gcm.ek_j0_pending = 0;
  c->u_mode.gcm.tag_ready = 0;
  c->unused = 0;
  c->marks.iv = 0;
}

/* E(K, J0) for the tag.  With a stitched kernel, setiv leaves J0 in
   EK_J0 and the first data call encrypts it in the kernel, among the
   message's own blocks: one AES call less per message.  Whatever path
   the message took, this makes EK_J0 final.  */
static void
gcm_set_ek_j0 (gcry_cipher_hd_t c, const byte *j0)
{
  if (c->bulk.gcm_crypt)
    {
      memcpy (c->u_mode.gcm.ek_j0, j0, GCM_BLOCKSIZE);
      c->u_mode.gcm.ek_j0_pending = 1;
    }
  else
    c->spec->encrypt (cipher_ctx (c), c->u_mode.gcm.ek_j0, j0);
}

static void
gcm_finish_ek_j0 (gcry_cipher_hd_t c)
{
  if (c->u_mode.gcm.ek_j0_pending)
    {
      c->spec->encrypt (cipher_ctx (c), c->u_mode.gcm.ek_j0,
                        c->u_mode.gcm.ek_j0);
      c->u_mode.gcm.ek_j0_pending = 0;
    }
}

/* Any IV, and every error case: the message is cleared first, whatever
   the outcome.  */
static gcry_err_code_t __attribute__ ((noinline))
gcm_setiv_general (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  byte j0[GCM_BLOCKSIZE];
  byte lenblock[GCM_BLOCKSIZE];

  gcm_clear_message (c);
  if (!ivlen)
    return GPG_ERR_INV_LENGTH;
  if (!iv)
    return GPG_ERR_INV_ARG;
  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  if ((u64) ivlen > GCM_MAX_AADLEN)
    {
      c->u_mode.gcm.over_limit = 1;
      return GPG_ERR_INV_LENGTH;
    }

  if (ivlen == GCM_BLOCKSIZE - 4)
    {
      /* The common case, without byte stores: J0 = IV || be32 (1) for
         E(J0), and the first counter block IV || be32 (2), each with
         one 16-byte store.  Both are public (the IV is): no wipe.  */
      u64 iv_head;

      memcpy (&iv_head, iv, 8);
      store_block (j0, iv_head, iv96_tail_image (iv, 1));
      gcm_set_ek_j0 (c, j0);
      store_block (c->ctr, iv_head, iv96_tail_image (iv, 2));
      c->marks.iv = 1;
      return 0;
    }
  else
    {
      /* J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]_64).  ACC is zero
         here and serves as scratch for J0.  */
      memset (j0, 0, sizeof j0);
      hash_bytes (c, j0, iv, ivlen);
      hash_pad (c, j0);
      put_bitlengths (lenblock, 0, ivlen);
      ghash_blocks (c, j0, lenblock, 1);
    }

  gcm_set_ek_j0 (c, j0);
  memcpy (c->ctr, j0, GCM_BLOCKSIZE);
  inc32 (c->ctr);
  c->marks.iv = 1;
  wipememory (j0, sizeof j0);
  return 0;
}

/* The common case has its own short path: a 12-byte IV on a keyed
   handle.  Short messages pay for setiv once each, and the general
   path's frame, checks and wider clear cost about as much as the rest
   of the call.  It leaves the state gcm_setiv_general would: what it
   does not clear (PENDING, TAG) is not read before it is written again
   (NPENDING is 0, TAG_READY and TAG_DONE are clear).  */
static gcry_err_code_t
gcm_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  u64 iv_head;

  if (UNLIKELY (ivlen != GCM_BLOCKSIZE - 4 || !iv || !c->marks.key
                || !c->bulk.gcm_crypt))
    return gcm_setiv_general (c, iv, ivlen);

  memcpy (&iv_head, iv, 8);
  /* J0 = IV || be32 (1), encrypted by the first data call (EK_J0), and
     the first counter block IV || be32 (2), each with one 16-byte
     store.  Public (the IV is): no wipe.  */
  store_block (c->u_mode.gcm.ek_j0, iv_head, iv96_tail_image (iv, 1));
  store_block (c->ctr, iv_head, iv96_tail_image (iv, 2));
  /* The GHASH state, and the keystream of an earlier message (a
     secret, though no longer in use: UNUSED is 0).  */
  store_block (c->u_mode.gcm.acc, 0, 0);
  store_block (c->keystream, 0, 0);
  c->unused = 0;
  c->u_mode.gcm.aadlen = 0;
  c->u_mode.gcm.datalen = 0;
  c->u_mode.gcm.npending = 0;
  c->u_mode.gcm.aad_done = 0;
  c->u_mode.gcm.tag_done = 0;
  c->u_mode.gcm.over_limit = 0;
  c->u_mode.gcm.ek_j0_pending = 1;
  c->u_mode.gcm.tag_ready = 0;
  c->marks.iv = 1;
  return 0;
}

/* Upstream: an operation before any setiv runs with a 16-byte zero IV.  */
static void
gcm_default_iv (gcry_cipher_hd_t c)
{
  static const byte zero_iv[GCM_BLOCKSIZE];

  if (!c->marks.iv)
    gcm_setiv (c, zero_iv, sizeof zero_iv);
}

/* After cipher.c's reset (and at open, on a zeroed handle), which has
   cleared CTR, KEYSTREAM, UNUSED and the IV mark: the rest of
   gcm_clear_message.  */
static void
gcm_reset (gcry_cipher_hd_t c)
{
  memset (c->u_mode.gcm.acc, 0, GCM_MESSAGE_STATE_BYTES);
  c->u_mode.gcm.npending = 0;
  c->u_mode.gcm.aadlen = 0;
  c->u_mode.gcm.datalen = 0;
  c->u_mode.gcm.aad_done = 0;
  c->u_mode.gcm.tag_done = 0;
  c->u_mode.gcm.over_limit = 0;
  c->u_mode.gcm.ek_j0_pending = 0;
  c->u_mode.gcm.tag_ready = 0;
}

/* After the algorithm took the key: the GHASH key H = E(K, 0^128).  */
static gcry_err_code_t
gcm_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  byte h[GCM_BLOCKSIZE];

  (void) key;
  (void) keylen;
  gcm_clear_message (c);
  memset (h, 0, sizeof h);
  c->spec->encrypt (cipher_ctx (c), h, h);
  _gcry_ghash_setkey (&c->u_mode.gcm.ghash, h, NULL);
  if (c->bulk.gcm_crypt)
    c->bulk.gcm_crypt (cipher_ctx (c), &c->u_mode.gcm.bulk_key, NULL, NULL,
                       NULL, h, 0, NULL, GCM_BULK_SETKEY);
  wipememory (h, sizeof h);
  return 0;
}


/*
 * The API operations.
 */

static gcry_err_code_t
gcm_authenticate (gcry_cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  if (c->u_mode.gcm.over_limit)
    return GPG_ERR_INV_LENGTH;
  if (!c->marks.key || c->u_mode.gcm.tag_done || c->u_mode.gcm.aad_done)
    return GPG_ERR_INV_STATE;
  gcm_default_iv (c);

  if ((u64) abuflen > GCM_MAX_AADLEN - c->u_mode.gcm.aadlen)
    {
      c->u_mode.gcm.over_limit = 1;
      return GPG_ERR_INV_LENGTH;
    }
  c->u_mode.gcm.aadlen += abuflen;
  hash_bytes (c, c->u_mode.gcm.acc, abuf, abuflen);
  return 0;
}

/* The checks and bookkeeping before data, common to both directions.  */
static gcry_err_code_t
gcm_data_prologue (gcry_cipher_hd_t c, size_t outsize, size_t inlen)
{
  if (outsize < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (c->u_mode.gcm.over_limit)
    return GPG_ERR_INV_LENGTH;
  if (c->u_mode.gcm.tag_done)
    return GPG_ERR_INV_STATE;
  gcm_default_iv (c);

  if (!c->u_mode.gcm.aad_done)
    {
      /* The first data ends the AAD.  */
      hash_pad (c, c->u_mode.gcm.acc);
      c->u_mode.gcm.aad_done = 1;
    }
  if ((u64) inlen > GCM_MAX_DATALEN - c->u_mode.gcm.datalen)
    {
      c->u_mode.gcm.over_limit = 1;
      return GPG_ERR_INV_LENGTH;
    }
  c->u_mode.gcm.datalen += inlen;
  c->u_mode.gcm.tag_ready = 0;
  return 0;
}

/* The kernel call that ends every data call on the stitched kernel:
   LEN bytes from a block boundary, nothing pending, the checks and
   the bookkeeping done.  Most messages end with this call, so the
   kernel also makes the tag they would have (and E(J0) if still due)
   while it has everything at hand, and leaves a final partial block's
   ciphertext, zero-padded, in PENDING (GCM_BULK_TAG): no copy here, and
   none before a decryption in place.  A later call, or none, decides
   whether the tag is used.  */
static inline void
gcm_kernel_call (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len,
                 int op)
{
  size_t rest = len % GCM_BLOCKSIZE;

  store_block (c->u_mode.gcm.tag, CIPHER_BE64 (c->u_mode.gcm.aadlen << 3),
               CIPHER_BE64 (c->u_mode.gcm.datalen << 3));
  c->bulk.gcm_crypt (cipher_ctx (c), &c->u_mode.gcm.bulk_key,
                     c->u_mode.gcm.acc, c->ctr, out, in, len, c->keystream,
                     op | GCM_BULK_TAG
                     | (c->u_mode.gcm.ek_j0_pending ? GCM_BULK_EK_J0 : 0));
  c->u_mode.gcm.ek_j0_pending = 0;
  c->u_mode.gcm.tag_ready = 1;
  c->u_mode.gcm.npending = (unsigned int) rest;
  c->unused = (GCM_BLOCKSIZE - rest) % GCM_BLOCKSIZE;
}

/* The data on the stitched kernel.  The bytes that finish a partly
   used keystream block go the generic way (that also completes the
   pending GHASH block: both are at the same offset in the block, since
   the AAD was padded); the kernel then starts on a block boundary with
   nothing pending and takes everything else.  */
static void
gcm_crypt_stitched (gcry_cipher_hd_t c, byte *out, const byte *in,
                    size_t len, int op)
{
  size_t head = len < c->unused ? len : c->unused;

  if (head)
    {
      if (op == GCM_BULK_ENCRYPT)
        {
          ctr_crypt (c, out, in, head);
          hash_bytes (c, c->u_mode.gcm.acc, out, head);
        }
      else
        {
          hash_bytes (c, c->u_mode.gcm.acc, in, head);
          ctr_crypt (c, out, in, head);
        }
      out += head;
      in += head;
      len -= head;
    }
  if (len)
    gcm_kernel_call (c, out, in, len, op);
}

/* The stitched kernel keeps the keystream and the GHASH input in step:
   the ciphertext bytes waiting for GHASH (NPENDING) are exactly the
   used part of the current keystream block.  gcry_cipher_setctr (allowed
   on any handle, as upstream) restarts the keystream on a block boundary
   and so can break that; the generic path below handles any combination,
   so calls in that state take it (found by fuzz-cipher: the tags of the
   two paths differed).  */
static int
gcm_stitched_in_step (gcry_cipher_hd_t c)
{
  unsigned int npending = c->u_mode.gcm.npending;

  return c->unused == (npending ? GCM_BLOCKSIZE - npending : 0);
}

/* Every data call but the direct ones (below).  */
static gcry_err_code_t __attribute__ ((noinline))
gcm_crypt_general (gcry_cipher_hd_t c, byte *out, size_t outsize,
                   const byte *in, size_t inlen, int op)
{
  gcry_err_code_t rc = gcm_data_prologue (c, outsize, inlen);
  size_t n;

  if (rc)
    return rc;
  if (c->bulk.gcm_crypt && gcm_stitched_in_step (c))
    {
      gcm_crypt_stitched (c, out, in, inlen, op);
      return 0;
    }
  while (inlen)
    {
      n = inlen < GCM_CHUNK ? inlen : GCM_CHUNK;
      if (op == GCM_BULK_ENCRYPT)
        {
          ctr_crypt (c, out, in, n);
          hash_bytes (c, c->u_mode.gcm.acc, out, n);
        }
      else
        {
          /* Hash first: OUT may be IN.  */
          hash_bytes (c, c->u_mode.gcm.acc, in, n);
          ctr_crypt (c, out, in, n);
        }
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

/* Whether a data call can go to the stitched kernel directly, with
   nothing for gcm_data_prologue and gcm_crypt_stitched to do: an IV
   set, no error to report, and the message on a block boundary with
   nothing pending (the first data call of every message whose AAD is
   whole blocks or none, and every call after whole blocks).  The AAD
   then needs no padding, only its end marked.  A short message pays
   for every branch and spilled register of the general path.  */
static inline int
gcm_direct (gcry_cipher_hd_t c, size_t outsize, size_t inlen)
{
  return (c->bulk.gcm_crypt && c->marks.iv && inlen <= outsize
          && !c->u_mode.gcm.over_limit && !c->u_mode.gcm.tag_done
          && !c->u_mode.gcm.npending && !c->unused
          && (u64) inlen <= GCM_MAX_DATALEN - c->u_mode.gcm.datalen);
}

static gcry_err_code_t
gcm_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  if (UNLIKELY (!gcm_direct (c, outsize, inlen)))
    return gcm_crypt_general (c, out, outsize, in, inlen, GCM_BULK_ENCRYPT);
  c->u_mode.gcm.aad_done = 1;
  c->u_mode.gcm.datalen += inlen;
  gcm_kernel_call (c, out, in, inlen, GCM_BULK_ENCRYPT);
  return 0;
}

static gcry_err_code_t
gcm_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
             const byte *in, size_t inlen)
{
  if (UNLIKELY (!gcm_direct (c, outsize, inlen)))
    return gcm_crypt_general (c, out, outsize, in, inlen, GCM_BULK_DECRYPT);
  c->u_mode.gcm.aad_done = 1;
  c->u_mode.gcm.datalen += inlen;
  gcm_kernel_call (c, out, in, inlen, GCM_BULK_DECRYPT);
  return 0;
}

/* SP 800-38D's tag lengths: 128, 120, 112, 104, 96, 64, 32 bits.  */
static int
taglen_is_valid (size_t taglen)
{
  return (taglen >= 12 && taglen <= 16) || taglen == 8 || taglen == 4;
}

/* The tag when no data call left it (TAG_READY clear): the padded
   final partial block (if any) and the length block, in one GHASH
   call.  Only public data (ciphertext, lengths): no wipe.  */
static gcry_err_code_t __attribute__ ((noinline))
gcm_make_tag (gcry_cipher_hd_t c)
{
  byte last[2 * GCM_BLOCKSIZE];
  unsigned int npending, nlast = 0;

  if (!c->marks.key)
    return GPG_ERR_INV_STATE;
  gcm_default_iv (c);
  gcm_finish_ek_j0 (c);
  npending = c->u_mode.gcm.npending;
  if (npending)
    {
      /* PENDING is ciphertext (public) and is not read again.  */
      memcpy (last, c->u_mode.gcm.pending, npending);
      memset (last + npending, 0, GCM_BLOCKSIZE - npending);
      nlast = 1;
    }
  /* One 16-byte store: the GHASH kernel loads the block whole.  */
  store_block (last + nlast * GCM_BLOCKSIZE,
               CIPHER_BE64 (c->u_mode.gcm.aadlen << 3),
               CIPHER_BE64 (c->u_mode.gcm.datalen << 3));
  ghash_blocks (c, c->u_mode.gcm.acc, last, nlast + 1);
  xor_block (c->u_mode.gcm.tag, c->u_mode.gcm.acc, c->u_mode.gcm.ek_j0);
  return 0;
}

static gcry_err_code_t
gcm_compute_tag (gcry_cipher_hd_t c, size_t taglen)
{
  gcry_err_code_t rc;

  if (UNLIKELY (taglen < GCM_BLOCKSIZE && !taglen_is_valid (taglen)))
    return GPG_ERR_INV_LENGTH;
  if (UNLIKELY (c->u_mode.gcm.over_limit))
    return GPG_ERR_INV_LENGTH;
  if (c->u_mode.gcm.tag_done)
    return 0;
  /* No key (none yet, or a failed setkey since the data call): the
     generic path would refuse, so a tag a kernel left must not be
     handed out either (fuzz-cipher found the levels disagreeing).  */
  if (UNLIKELY (!c->marks.key))
    return GPG_ERR_INV_STATE;
  /* Else the last data call left this message's tag in TAG.  */
  if (UNLIKELY (!c->u_mode.gcm.tag_ready) && (rc = gcm_make_tag (c)))
    return rc;
  c->u_mode.gcm.npending = 0;
  c->u_mode.gcm.aad_done = 1;
  c->u_mode.gcm.tag_done = 1;
  /* The secrets of the message (plain stores: the handle stays live,
     they cannot be dropped).  */
  store_block (c->u_mode.gcm.acc, 0, 0);
  store_block (c->u_mode.gcm.ek_j0, 0, 0);
  store_block (c->keystream, 0, 0);
  c->unused = 0;
  return 0;
}

static gcry_err_code_t
gcm_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  gcry_err_code_t rc = gcm_compute_tag (c, taglen);

  if (rc)
    return rc;
  /* The usual full tag as one 16-byte copy.  */
  if (taglen >= GCM_BLOCKSIZE)
    memcpy (tag, c->u_mode.gcm.tag, GCM_BLOCKSIZE);
  else
    memcpy (tag, c->u_mode.gcm.tag, taglen);
  return 0;
}

static gcry_err_code_t
gcm_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  gcry_err_code_t rc = gcm_compute_tag (c, taglen);

  if (rc)
    return rc;
  /* The length is public; the comparison takes the same time wherever
     the tags differ (_gcry_ct_memcmp, also the one place where whether
     a tag matched becomes public: tests/t-consttime.c).  */
  if (!taglen_is_valid (taglen)
      || _gcry_ct_memcmp (tag, c->u_mode.gcm.tag, taglen))
    return GPG_ERR_CHECKSUM;
  return 0;
}

static gcry_err_code_t
gcm_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  (void) c;
  *taglen = GCM_BLOCKSIZE;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_gcm =
  {
    .mode = GCRY_CIPHER_MODE_GCM,
    .blocksize = GCM_BLOCKSIZE,
    .encrypt = gcm_encrypt,
    .decrypt = gcm_decrypt,
    .setiv = gcm_setiv,
    .reset = gcm_reset,
    .authenticate = gcm_authenticate,
    .get_tag = gcm_get_tag,
    .check_tag = gcm_check_tag,
    .get_taglen = gcm_get_taglen,
    .setkey_done = gcm_setkey_done
  };
