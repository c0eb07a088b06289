/* cipher-poly1305.c - GCRY_CIPHER_MODE_POLY1305: the ChaCha20-Poly1305
 * AEAD of RFC 8439, section 2.8.
 *
 * The message: the Poly1305 one-time key is the first 32 bytes of the
 * keystream block at the nonce's first counter value; the data are
 * xored with the keystream from the next block on; the tag is Poly1305
 * over AAD || pad16 || ciphertext || pad16 || le64 (len AAD) ||
 * le64 (len ciphertext).  AAD (any number of gcry_cipher_authenticate
 * calls) comes before the data (any number of encrypt or decrypt calls,
 * any lengths).
 *
 * Upstream's rules, as its manual gives them or as observed on it:
 *  - Nonces of 12 bytes (RFC 8439) or 8 (64-bit counter) -- in fact
 *    every IV ChaCha20 takes, 16 bytes of counter || nonce included; an
 *    IV length ChaCha20 does not take is warned about and gives the
 *    all-zero nonce.  A NULL IV is refused with GPG_ERR_INV_ARG, except
 *    with length 12 (the all-zero nonce); the message in progress then
 *    goes on.  Without setiv, after setkey or GCRYCTL_RESET, the nonce
 *    is all-zero.
 *  - AAD after the data has started (even with a zero-length encrypt)
 *    or after the tag, and data after the tag: GPG_ERR_INV_STATE.
 *  - Tags are 16 bytes: gettag and checktag below 16 are
 *    GPG_ERR_BUFFER_TOO_SHORT (a longer gettag buffer gets 16 bytes);
 *    checktag of any other length or value is GPG_ERR_CHECKSUM; after
 *    either, the tag stays available.  A failed gettag or checktag does
 *    not end the message.
 *  - GCRYCTL_SET_TAGLEN and GCRYCTL_SET_DECRYPTION_TAG:
 *    GPG_ERR_INV_CIPHER_MODE; GCRYCTL_GET_TAGLEN: 16.
 * One deliberate difference: without a key, upstream computes tags from
 * the unkeyed state (and accepts matching ones); here authenticate,
 * gettag and checktag return GPG_ERR_MISSING_KEY, as encrypt does.
 *
 * Speed, short messages: the MAC key's keystream block is made in the
 * same kernel call as the keystream of the data when the first data
 * call's blocks fit the kernel's short path (chacha20.h, short_blocks:
 * bound by the latency of the rounds, it costs about the same for one
 * block as for several), so a short message runs the rounds once, not
 * twice.  For that the AAD is held back (in BUF, up to its size) until
 * the data or the tag, which is when the key is made.
 *
 * Speed, long messages: with a stitched kernel (chacha20.h, aead: the
 * AVX2 one, where a vector Poly1305 would compete with ChaCha20 for the
 * vector ports) both run in one pass, 512 bytes a step.  Otherwise the
 * data go through in chunks of CHUNK bytes, Poly1305 reading each chunk
 * of ciphertext right after ChaCha20 wrote it (or right before it
 * overwrites it, when decrypting), while it is in L1: the two kernels
 * each run at full width (the AVX-512 ones: IFMA Poly1305), and the
 * data are read from memory once.  The chunk is big enough that
 * per-call costs of both kernels (setup, the final lane sums of the
 * vector Poly1305) stay small.
 *
 * Key material: the one-time key stays in the MAC state after the tag
 * (_gcry_poly1305_finish wipes only the message state) until the next
 * message or the handle's close; the ChaCha20 key next to it, from
 * which every one-time key derives, stays as long.  Keystream kept in
 * BUF is wiped when the message ends.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "poly1305.h"
#include "chacha20.h"

#define TAGLEN POLY1305_TAGLEN
#define BLOCK CHACHA20_BLOCKSIZE

/* Bytes per chunk of the chunked path: 8 KiB of data, 16 KiB with its
   keystream and the Poly1305 tables in flight, well inside a 32 or 48
   KiB L1.  */
#define CHUNK 8192

/* The stitched kernels' step.  */
#define STITCH_STEP 512

/* The most blocks the short path below makes in one call (the key
   block included): every kernel's short_blocks is at most this.  */
#define SHORT_MAX_BLOCKS 12

#define BUFSIZE (sizeof (((gcry_cipher_hd_t) 0)->u_mode.poly1305.buf))
_Static_assert (BUFSIZE >= BLOCK, "room for a block's unused keystream");

static const byte zeros[BLOCK * SHORT_MAX_BLOCKS];

static void
clear_message (gcry_cipher_hd_t c)
{
  if (c->u_mode.poly1305.buf_end)
    cipher_wipe (c->u_mode.poly1305.buf, BUFSIZE);
  c->u_mode.poly1305.buf_pos = 0;
  c->u_mode.poly1305.buf_end = 0;
  c->u_mode.poly1305.aadlen = 0;
  c->u_mode.poly1305.datalen = 0;
  c->u_mode.poly1305.mac_keyed = 0;
  c->u_mode.poly1305.data_started = 0;
  c->u_mode.poly1305.tag_done = 0;
}

/* Zeros up to the next multiple of 16 after LEN bytes.  */
static inline void
mac_pad16 (gcry_cipher_hd_t c, u64 len)
{
  if (len % 16)
    _gcry_poly1305_update (&c->u_mode.poly1305.mac, zeros,
                           16 - (size_t) (len % 16));
}

/* Key the MAC with KEYBLOCK (the nonce's first keystream block) and
   hash the AAD held back, if any.  */
static void
key_mac_with (gcry_cipher_hd_t c, const byte *keyblock)
{
  _gcry_poly1305_init (&c->u_mode.poly1305.mac, keyblock);
  if (c->u_mode.poly1305.aadlen)
    _gcry_poly1305_update (&c->u_mode.poly1305.mac, c->u_mode.poly1305.buf,
                           (size_t) c->u_mode.poly1305.aadlen);
  c->u_mode.poly1305.mac_keyed = 1;
}

/* Key the MAC from the next keystream block alone (the nonce's first:
   nothing has used the stream since setiv, setkey or reset).  */
static void
key_mac (gcry_cipher_hd_t c)
{
  byte keyblock[BLOCK];

  if (LIKELY (c->u_mode.poly1305.mac_keyed))
    return;
  cipher_stream_ops (c->spec)->crypt (cipher_ctx (c), keyblock, zeros,
                                      BLOCK);
  key_mac_with (c, keyblock);
  cipher_wipe (keyblock, sizeof keyblock);
}

static gcry_err_code_t
poly1305_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  if (!iv && ivlen != 12)
    return GPG_ERR_INV_ARG;
  cipher_stream_ops (c->spec)->setiv (cipher_ctx (c), iv, ivlen);
  clear_message (c);
  c->marks.iv = 1;
  return 0;
}

static void
poly1305_reset (gcry_cipher_hd_t c)
{
  cipher_stream_ops (c->spec)->setiv (cipher_ctx (c), NULL, 0);
  clear_message (c);
}

static gcry_err_code_t
poly1305_setkey_done (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  (void) key;
  (void) keylen;
  clear_message (c);
  return 0;
}

static gcry_err_code_t
poly1305_authenticate (gcry_cipher_hd_t c, const byte *aad, size_t len)
{
  u64 aadlen = c->u_mode.poly1305.aadlen;
  u64 total = aadlen + len;

  if (!c->marks.key)
    return GPG_ERR_MISSING_KEY;
  if (c->u_mode.poly1305.data_started || c->u_mode.poly1305.tag_done)
    return GPG_ERR_INV_STATE;
  if (total < len)
    return GPG_ERR_INV_LENGTH;
  if (!c->u_mode.poly1305.mac_keyed && total <= BUFSIZE)
    {
      /* Held back until the key is made with the data's keystream.  */
      if (len)
        memcpy (c->u_mode.poly1305.buf + aadlen, aad, len);
      c->u_mode.poly1305.aadlen = total;
      return 0;
    }
  key_mac (c);
  if (len)
    _gcry_poly1305_update (&c->u_mode.poly1305.mac, aad, len);
  c->u_mode.poly1305.aadlen = total;
  return 0;
}

/* The data starts (with the AAD all there): key the MAC if that is not
   done, and pad the AAD.  */
static void
start_data (gcry_cipher_hd_t c)
{
  key_mac (c);
  mac_pad16 (c, c->u_mode.poly1305.aadlen);
  c->u_mode.poly1305.data_started = 1;
}

/* The first data call of a message whose blocks fit, with the key
   block, the kernel's short path: one kernel call for both; the unused
   rest of the last block is kept in BUF.  ENCRYPT: MAC over OUT, else
   over IN.  */
static void
short_message (gcry_cipher_hd_t c, byte *out, const byte *in, size_t len,
               size_t nblocks, int encrypt)
{
  byte ks[BLOCK * SHORT_MAX_BLOCKS] __attribute__ ((aligned (64)));
  size_t kslen = BLOCK * nblocks, rest = kslen - BLOCK - len;

  cipher_stream_ops (c->spec)->crypt (cipher_ctx (c), ks, zeros, kslen);
  key_mac_with (c, ks);
  mac_pad16 (c, c->u_mode.poly1305.aadlen);
  c->u_mode.poly1305.data_started = 1;
  if (!encrypt)
    _gcry_poly1305_update (&c->u_mode.poly1305.mac, in, len);
  cipher_xor (out, in, ks + BLOCK, len);
  if (encrypt)
    _gcry_poly1305_update (&c->u_mode.poly1305.mac, out, len);
  if (rest)
    {
      memcpy (c->u_mode.poly1305.buf, ks + kslen - rest, rest);
      c->u_mode.poly1305.buf_pos = 0;
      c->u_mode.poly1305.buf_end = (unsigned int) rest;
    }
  cipher_wipe (ks, kslen);
}

/* OUT = IN ^ the kept keystream, as much of LEN as it covers; returns
   the bytes done.  */
static inline size_t
use_kept_keystream (gcry_cipher_hd_t c, byte *out, const byte *in,
                    size_t len)
{
  unsigned int pos = c->u_mode.poly1305.buf_pos;
  size_t n = c->u_mode.poly1305.buf_end - pos;

  if (n > len)
    n = len;
  cipher_xor (out, in, c->u_mode.poly1305.buf + pos, n);
  c->u_mode.poly1305.buf_pos = pos + (unsigned int) n;
  return n;
}

static gcry_err_code_t
poly1305_crypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                const byte *in, size_t len, int encrypt)
{
  void (*crypt) (void *, byte *, const byte *, size_t)
    = cipher_stream_ops (c->spec)->crypt;
  poly1305_context_t *mac = &c->u_mode.poly1305.mac;
  u64 total = c->u_mode.poly1305.datalen + len;
  size_t n;

  if (outsize < len)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (c->u_mode.poly1305.tag_done)
    return GPG_ERR_INV_STATE;
  if (total < len)
    return GPG_ERR_INV_LENGTH;
  c->u_mode.poly1305.datalen = total;

  if (!c->u_mode.poly1305.data_started)
    {
      const chacha20_context_t *ctx = cipher_ctx (c);
      size_t nblocks = 1 + (len + BLOCK - 1) / BLOCK;

      if (!c->u_mode.poly1305.mac_keyed && len
          && nblocks <= ctx->kernel->short_blocks)
        {
          short_message (c, out, in, len, nblocks, encrypt);
          return 0;
        }
      start_data (c);
    }
  if (!len)
    return 0;

  if (c->u_mode.poly1305.buf_pos < c->u_mode.poly1305.buf_end)
    {
      n = c->u_mode.poly1305.buf_end - c->u_mode.poly1305.buf_pos;
      if (n > len)
        n = len;
      if (!encrypt)
        _gcry_poly1305_update (mac, in, n);
      use_kept_keystream (c, out, in, n);
      if (encrypt)
        _gcry_poly1305_update (mac, out, n);
      len -= n;
      in += n;
      out += n;
    }
  if (len >= STITCH_STEP)
    {
      chacha20_context_t *ctx = cipher_ctx (c);

      /* Both at a block boundary: the stream (no unused keystream) and
         the MAC (no buffered bytes), as after a whole-block message
         start.  */
      if (ctx->kernel->aead && !ctx->unused && !mac->nbuf)
        {
          n = len & ~(size_t) (STITCH_STEP - 1);
          ctx->kernel->aead (ctx->state, out, in, n, mac, !encrypt);
          if (encrypt)
            _gcry_poly1305_update (mac, out + n - STITCH_STEP, STITCH_STEP);
          len -= n;
          in += n;
          out += n;
        }
    }
  for (; len; len -= n, in += n, out += n)
    {
      n = len < CHUNK ? len : CHUNK;
      if (encrypt)
        {
          crypt (cipher_ctx (c), out, in, n);
          _gcry_poly1305_update (mac, out, n);
        }
      else
        {
          _gcry_poly1305_update (mac, in, n);
          crypt (cipher_ctx (c), out, in, n);
        }
    }
  return 0;
}

static gcry_err_code_t
poly1305_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                  const byte *in, size_t len)
{
  return poly1305_crypt (c, out, outsize, in, len, 1);
}

static gcry_err_code_t
poly1305_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                  const byte *in, size_t len)
{
  return poly1305_crypt (c, out, outsize, in, len, 0);
}

/* The tag into c->u_mode.poly1305.tag, once per message.  */
static void
finish_tag (gcry_cipher_hd_t c)
{
  byte lengths[16];

  if (c->u_mode.poly1305.tag_done)
    return;
  if (!c->u_mode.poly1305.data_started)
    start_data (c);
  mac_pad16 (c, c->u_mode.poly1305.datalen);
  cipher_put_le64 (lengths, c->u_mode.poly1305.aadlen);
  cipher_put_le64 (lengths + 8, c->u_mode.poly1305.datalen);
  _gcry_poly1305_update (&c->u_mode.poly1305.mac, lengths, sizeof lengths);
  _gcry_poly1305_finish (&c->u_mode.poly1305.mac, c->u_mode.poly1305.tag);
  c->u_mode.poly1305.tag_done = 1;
  if (c->u_mode.poly1305.buf_end)
    {
      /* The message's unused keystream.  */
      cipher_wipe (c->u_mode.poly1305.buf, BUFSIZE);
      c->u_mode.poly1305.buf_pos = c->u_mode.poly1305.buf_end = 0;
    }
}

static gcry_err_code_t
poly1305_get_tag (gcry_cipher_hd_t c, byte *tag, size_t taglen)
{
  if (taglen < TAGLEN)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!c->marks.key)
    return GPG_ERR_MISSING_KEY;
  finish_tag (c);
  memcpy (tag, c->u_mode.poly1305.tag, TAGLEN);
  return 0;
}

static gcry_err_code_t
poly1305_check_tag (gcry_cipher_hd_t c, const byte *tag, size_t taglen)
{
  if (taglen < TAGLEN)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!c->marks.key)
    return GPG_ERR_MISSING_KEY;
  finish_tag (c);
  /* Only the length decides whether the comparison runs: it is
     public.  */
  if (taglen != TAGLEN
      || _gcry_ct_memcmp (tag, c->u_mode.poly1305.tag, TAGLEN))
    return GPG_ERR_CHECKSUM;
  return 0;
}

static gcry_err_code_t
poly1305_get_taglen (gcry_cipher_hd_t c, size_t *taglen)
{
  (void) c;
  *taglen = TAGLEN;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_poly1305 =
  {
    .mode = GCRY_CIPHER_MODE_POLY1305,
    .encrypt = poly1305_encrypt,
    .decrypt = poly1305_decrypt,
    .setiv = poly1305_setiv,
    .reset = poly1305_reset,
    .authenticate = poly1305_authenticate,
    .get_tag = poly1305_get_tag,
    .check_tag = poly1305_check_tag,
    .get_taglen = poly1305_get_taglen,
    .setkey_done = poly1305_setkey_done,
    .stream = 1,
    .only_algo = GCRY_CIPHER_CHACHA20
  };
