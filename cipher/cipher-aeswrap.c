/* cipher-aeswrap.c - AES key wrap: KW (RFC 3394, NIST SP 800-38F) and,
 * with GCRY_CIPHER_EXTENDED, KWP (RFC 5649).
 *
 * Upstream semantics (its manual, and what libgcrypt 1.10.1 does):
 *  - Any algorithm with 16-byte blocks opens; another block size fails
 *    at encrypt/decrypt with GPG_ERR_INV_LENGTH.
 *  - Wrapping without GCRY_CIPHER_EXTENDED (KW): the input is a multiple
 *    of 8 bytes, at least 16 (else GPG_ERR_INV_ARG); the output is 8
 *    bytes longer (else GPG_ERR_BUFFER_TOO_SHORT).  The initial value is
 *    A6A6A6A6A6A6A6A6, or, after gcry_cipher_setiv, the IV's first 8
 *    bytes (the "alternative initial value").
 *  - Wrapping with GCRY_CIPHER_EXTENDED (KWP): any input length from 1;
 *    the output is the input rounded up to 8 bytes, plus 8.  The IV is
 *    not used (RFC 5649 fixes the initial value).
 *  - Unwrapping, either flag: input a multiple of 8 bytes (else
 *    GPG_ERR_INV_ARG), output at least 8 bytes shorter (else
 *    GPG_ERR_BUFFER_TOO_SHORT).  16 bytes of input are a one-block KWP
 *    wrap, accepted only with GCRY_CIPHER_EXTENDED (else
 *    GPG_ERR_BUFFER_TOO_SHORT, as upstream); otherwise at least 24 (else
 *    GPG_ERR_INV_ARG).  The recovered initial value is accepted if it is
 *    the alternative one set with setiv, or a valid KWP header (with
 *    GCRY_CIPHER_EXTENDED only), or the KW default; anything else is
 *    GPG_ERR_CHECKSUM.  OUT receives INLEN - 8 bytes, KWP padding
 *    included; gcry_cipher_info (GCRYCTL_GET_KEYLEN) then gives the
 *    unpadded length as 4 big-endian bytes (0 after a KW unwrap).
 *  - OUT == IN is allowed in both directions (the data moves by 8).
 *
 * Where upstream is wrong, this follows the RFCs: an empty KWP input is
 * GPG_ERR_INV_ARG (upstream writes a 16-byte block into an 8-byte
 * output), a one-block KWP wrap with a length of 0 is rejected
 * (upstream returns success with nothing written), and one of length 8
 * is accepted (1.10.1 does; later versions reject it, although they
 * produce it).  After a failed unwrap OUT is zeroed instead of holding
 * unverified data.  The integrity check runs in constant time.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

#define WRAP_BLOCKSIZE 16
#define SEMIBLOCK 8

static const byte kw_default_iv[SEMIBLOCK] =
  { 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6 };

/* The first half of RFC 5649's initial value; the second is the
   length.  */
static const byte kwp_iv_prefix[4] = { 0xa6, 0x59, 0x59, 0xa6 };


/* All-ones if the N bytes at A and B are equal, else 0; time depends on
   N only.  */
static u64
ct_equal_mask (const byte *a, const byte *b, size_t n)
{
  unsigned int diff = 0;
  size_t i;

  for (i = 0; i < n; i++)
    diff |= a[i] ^ b[i];
  return 0 - (((u64) diff - 1) >> 63);
}

/* All-ones if A <= B (both below 2^63), else 0, without a branch.  */
static inline u64
ct_le_mask (u64 a, u64 b)
{
  return 0 - (((b - a) >> 63) ^ 1);
}

/* A ^= T, T as a 64-bit big-endian integer.  */
static inline void
xor_step_count (byte *a, u64 t)
{
  int i;

  for (i = SEMIBLOCK - 1; i >= 0; i--, t >>= 8)
    a[i] ^= (byte) t;
}

/* SP 800-38F W over A (8 bytes) and the N semiblocks R, N >= 2.  */
static void
wrap_core (gcry_cipher_hd_t c, byte *a, byte *r, size_t n)
{
  byte b[WRAP_BLOCKSIZE];
  u64 t = 0;
  size_t i;
  int j;

  memcpy (b, a, SEMIBLOCK);
  for (j = 0; j < 6; j++)
    for (i = 0; i < n; i++)
      {
        memcpy (b + SEMIBLOCK, r + i * SEMIBLOCK, SEMIBLOCK);
        c->spec->encrypt (cipher_ctx (c), b, b);
        xor_step_count (b, ++t);
        memcpy (r + i * SEMIBLOCK, b + SEMIBLOCK, SEMIBLOCK);
      }
  memcpy (a, b, SEMIBLOCK);
  wipememory (b, sizeof b);
}

/* SP 800-38F W^-1: the inverse of wrap_core.  */
static void
unwrap_core (gcry_cipher_hd_t c, byte *a, byte *r, size_t n)
{
  byte b[WRAP_BLOCKSIZE];
  u64 t = 6 * (u64) n;
  size_t i;
  int j;

  memcpy (b, a, SEMIBLOCK);
  for (j = 0; j < 6; j++)
    for (i = n; i-- > 0; )
      {
        xor_step_count (b, t--);
        memcpy (b + SEMIBLOCK, r + i * SEMIBLOCK, SEMIBLOCK);
        c->spec->decrypt (cipher_ctx (c), b, b);
        memcpy (r + i * SEMIBLOCK, b + SEMIBLOCK, SEMIBLOCK);
      }
  memcpy (a, b, SEMIBLOCK);
  wipememory (b, sizeof b);
}

static gcry_err_code_t
aeswrap_encrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                 const byte *in, size_t inlen)
{
  size_t padded;

  if (c->spec->blocksize != WRAP_BLOCKSIZE)
    return GPG_ERR_INV_LENGTH;

  if (!(c->flags & GCRY_CIPHER_EXTENDED))
    {
      /* KW.  */
      if (outsize < SEMIBLOCK || outsize - SEMIBLOCK < inlen)
        return GPG_ERR_BUFFER_TOO_SHORT;
      if (inlen % SEMIBLOCK || inlen < 2 * SEMIBLOCK)
        return GPG_ERR_INV_ARG;
      memmove (out + SEMIBLOCK, in, inlen);
      memcpy (out, c->marks.iv ? c->iv : kw_default_iv, SEMIBLOCK);
      wrap_core (c, out, out + SEMIBLOCK, inlen / SEMIBLOCK);
      return 0;
    }

  /* KWP.  The length field is 32 bits.  */
  if (inlen > 0xffffffffu)
    return GPG_ERR_INV_ARG;
  padded = (inlen + SEMIBLOCK - 1) / SEMIBLOCK * SEMIBLOCK;
  if (outsize < SEMIBLOCK || outsize - SEMIBLOCK < padded)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (!inlen)
    return GPG_ERR_INV_ARG;

  memmove (out + SEMIBLOCK, in, inlen);
  memset (out + SEMIBLOCK + inlen, 0, padded - inlen);
  memcpy (out, kwp_iv_prefix, 4);
  out[4] = (byte) (inlen >> 24);
  out[5] = (byte) (inlen >> 16);
  out[6] = (byte) (inlen >> 8);
  out[7] = (byte) inlen;
  if (padded == SEMIBLOCK)
    c->spec->encrypt (cipher_ctx (c), out, out);   /* RFC 5649 §4.1.  */
  else
    wrap_core (c, out, out + SEMIBLOCK, padded / SEMIBLOCK);
  return 0;
}

/* Whether the unwrapped initial value A and data P (PLEN bytes, at least
   8) are valid under the handle's rules; on success *R_KEYLEN is the
   KWP length (0 for KW).  ONE_BLOCK: the 16-byte form, which only KWP
   has.  Every check is computed and combined with masks, so the time
   does not depend on where A or P differ.  */
static int
unwrap_check (gcry_cipher_hd_t c, const byte *a, const byte *p, size_t plen,
              int one_block, u64 *r_keylen)
{
  u64 is_aiv, is_kwp, kwp_ok, is_kw, pad_nonzero, in_pad, ok;
  u64 keylen, extended, start;
  size_t i;

  extended = (c->flags & GCRY_CIPHER_EXTENDED) ? ~(u64) 0 : 0;
  is_aiv = (c->marks.iv && !one_block) ? ct_equal_mask (a, c->iv, SEMIBLOCK)
                                        : 0;
  is_kwp = ct_equal_mask (a, kwp_iv_prefix, 4);
  is_kw = one_block ? 0 : ct_equal_mask (a, kw_default_iv, SEMIBLOCK);

  /* KWP: 1 <= keylen <= plen, at most 7 bytes of padding, all zero.
     Padding lies in the last semiblock, so only it is scanned.  */
  keylen = ((u64) a[4] << 24) | ((u64) a[5] << 16) | ((u64) a[6] << 8)
           | a[7];
  start = plen - SEMIBLOCK;
  pad_nonzero = 0;
  for (i = 0; i < SEMIBLOCK; i++)
    {
      in_pad = ct_le_mask (keylen, start + i);
      pad_nonzero |= in_pad & p[start + i];
    }
  kwp_ok = extended & ct_le_mask (1, keylen) & ct_le_mask (keylen, plen)
           & ct_le_mask (plen - keylen, SEMIBLOCK - 1)
           & ~(0 - ((pad_nonzero | (0 - pad_nonzero)) >> 63));

  /* Upstream's precedence: the alternative IV, then anything that looks
     like a KWP header, then the KW default.  */
  ok = is_aiv | (~is_aiv & is_kwp & kwp_ok) | (~is_aiv & ~is_kwp & is_kw);
  *r_keylen = keylen & ~is_aiv & is_kwp;
  return (int) (ok & 1);
}

static gcry_err_code_t
aeswrap_decrypt (gcry_cipher_hd_t c, byte *out, size_t outsize,
                 const byte *in, size_t inlen)
{
  byte a[WRAP_BLOCKSIZE];
  size_t plen;
  u64 keylen;
  int ok;

  if (c->spec->blocksize != WRAP_BLOCKSIZE)
    return GPG_ERR_INV_LENGTH;
  if (inlen > SEMIBLOCK && outsize < inlen - SEMIBLOCK)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (inlen % SEMIBLOCK)
    return GPG_ERR_INV_ARG;

  if (inlen == 2 * SEMIBLOCK)
    {
      /* A one-block KWP wrap: A || P = D(C).  */
      if (!(c->flags & GCRY_CIPHER_EXTENDED))
        return GPG_ERR_BUFFER_TOO_SHORT;
      c->spec->decrypt (cipher_ctx (c), a, in);
      ok = unwrap_check (c, a, a + SEMIBLOCK, SEMIBLOCK, 1, &keylen);
      if (ok)
        memcpy (out, a + SEMIBLOCK, SEMIBLOCK);
    }
  else
    {
      if (inlen < 3 * SEMIBLOCK)
        return GPG_ERR_INV_ARG;
      plen = inlen - SEMIBLOCK;
      memcpy (a, in, SEMIBLOCK);
      memmove (out, in + SEMIBLOCK, plen);
      unwrap_core (c, a, out, plen / SEMIBLOCK);
      ok = unwrap_check (c, a, out, plen, 0, &keylen);
    }
  wipememory (a, sizeof a);

  if (!ok)
    {
      memset (out, 0, inlen - SEMIBLOCK);
      return GPG_ERR_CHECKSUM;
    }
  c->u_mode.wrap.plen[0] = (byte) (keylen >> 24);
  c->u_mode.wrap.plen[1] = (byte) (keylen >> 16);
  c->u_mode.wrap.plen[2] = (byte) (keylen >> 8);
  c->u_mode.wrap.plen[3] = (byte) keylen;
  return 0;
}

const cipher_mode_spec_t _gcry_cipher_mode_aeswrap =
  {
    .mode = GCRY_CIPHER_MODE_AESWRAP,
    .blocksize = 0,             /* Checked at use, as upstream.  */
    .encrypt = aeswrap_encrypt,
    .decrypt = aeswrap_decrypt
  };
