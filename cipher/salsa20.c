/* salsa20.c - the Salsa20 and Salsa20/12 stream ciphers (D. J.
 * Bernstein, "The Salsa20 family of stream ciphers", and the eSTREAM
 * portfolio entry) in the cipher registry, portable C only.
 *
 * Upstream's rules: 32-byte or 16-byte keys ("expand 32-byte k" /
 * "expand 16-byte k"), an 8-byte nonce through gcry_cipher_setiv; any
 * other IV length is logged as a warning and gives the all-zero nonce,
 * as does a NULL IV, setkey and GCRYCTL_RESET.  Block counter: 64 bits
 * (words 8 and 9), starting at 0.
 *
 * State words (the 4x4 matrix, row by row):
 *   0 c0   1 k0   2 k1   3 k2
 *   4 k3   5 c1   6 n0   7 n1
 *   8 b0   9 b1  10 c2  11 k4
 *  12 k5  13 k6  14 k7  15 c3
 * with k4..k7 = k0..k3 for a 16-byte key.
 *
 * Constant time: additions, xors and fixed rotations only; no branch or
 * address depends on the key or the data.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"

#define SALSA20_BLOCKSIZE 64

typedef struct salsa20_context
{
  u32 state[16];
  /* The keystream block of the last partial block; its last UNUSED
     bytes are the next ones of the stream.  */
  byte keystream[SALSA20_BLOCKSIZE];
  unsigned int unused;
} salsa20_context_t;

static inline u32
rotl32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

/* One quarter of a round: the spec's "quarterround" on (a, b, c, d).  */
#define SALSA_QR(a, b, c, d)                    \
  do {                                          \
    b ^= rotl32 (a + d, 7);                     \
    c ^= rotl32 (b + a, 9);                     \
    d ^= rotl32 (c + b, 13);                    \
    a ^= rotl32 (d + c, 18);                    \
  } while (0)

/* The keystream block of STATE after ROUNDS rounds (20 or 12) into KS,
   and the counter advanced.  */
static void
salsa20_block (u32 state[16], byte ks[SALSA20_BLOCKSIZE], int rounds)
{
  u32 x[16];
  u64 ctr;
  int i;

  for (i = 0; i < 16; i++)
    x[i] = state[i];
  for (i = 0; i < rounds; i += 2)
    {
      /* Column round.  */
      SALSA_QR (x[0], x[4], x[8], x[12]);
      SALSA_QR (x[5], x[9], x[13], x[1]);
      SALSA_QR (x[10], x[14], x[2], x[6]);
      SALSA_QR (x[15], x[3], x[7], x[11]);
      /* Row round.  */
      SALSA_QR (x[0], x[1], x[2], x[3]);
      SALSA_QR (x[5], x[6], x[7], x[4]);
      SALSA_QR (x[10], x[11], x[8], x[9]);
      SALSA_QR (x[15], x[12], x[13], x[14]);
    }
  for (i = 0; i < 16; i++)
    cipher_put_le32 (ks + 4 * i, x[i] + state[i]);
  cipher_wipe (x, sizeof x);

  ctr = ((u64) state[9] << 32 | state[8]) + 1;
  state[8] = (u32) ctr;
  state[9] = (u32) (ctr >> 32);
}

static void
salsa20_crypt (salsa20_context_t *ctx, byte *out, const byte *in,
               size_t len, int rounds)
{
  byte ks[SALSA20_BLOCKSIZE];
  size_t n;

  if (ctx->unused)
    {
      n = ctx->unused < len ? ctx->unused : len;
      cipher_xor (out, in, ctx->keystream + SALSA20_BLOCKSIZE - ctx->unused,
                  n);
      ctx->unused -= (unsigned int) n;
      out += n;
      in += n;
      len -= n;
    }
  for (; len >= SALSA20_BLOCKSIZE; len -= SALSA20_BLOCKSIZE)
    {
      salsa20_block (ctx->state, ks, rounds);
      cipher_xor (out, in, ks, SALSA20_BLOCKSIZE);
      out += SALSA20_BLOCKSIZE;
      in += SALSA20_BLOCKSIZE;
    }
  if (len)
    {
      salsa20_block (ctx->state, ctx->keystream, rounds);
      cipher_xor (out, in, ctx->keystream, len);
      ctx->unused = (unsigned int) (SALSA20_BLOCKSIZE - len);
    }
  cipher_wipe (ks, sizeof ks);
}

static void
salsa20_crypt20 (void *ctx, byte *out, const byte *in, size_t len)
{
  salsa20_crypt (ctx, out, in, len, 20);
}

static void
salsa20_crypt12 (void *ctx, byte *out, const byte *in, size_t len)
{
  salsa20_crypt (ctx, out, in, len, 12);
}

/* "expand 32-byte k" and "expand 16-byte k" as little-endian words.  */
static const u32 sigma[4] = { 0x61707865, 0x3320646e, 0x79622d32,
                              0x6b206574 };
static const u32 tau[4] = { 0x61707865, 0x3120646e, 0x79622d36,
                            0x6b206574 };

static gcry_err_code_t
salsa20_setkey (void *vctx, const byte *key, size_t keylen,
                cipher_bulk_ops_t *bulk)
{
  salsa20_context_t *ctx = vctx;
  const u32 *c = keylen == 32 ? sigma : tau;
  const byte *key2 = keylen == 32 ? key + 16 : key;
  int i;

  (void) bulk;                  /* No block modes.  */
  if (keylen != 32 && keylen != 16)
    return GPG_ERR_INV_KEYLEN;
  ctx->state[0] = c[0];
  ctx->state[5] = c[1];
  ctx->state[10] = c[2];
  ctx->state[15] = c[3];
  for (i = 0; i < 4; i++)
    {
      ctx->state[1 + i] = cipher_get_le32 (key + 4 * i);
      ctx->state[11 + i] = cipher_get_le32 (key2 + 4 * i);
    }
  ctx->state[6] = ctx->state[7] = ctx->state[8] = ctx->state[9] = 0;
  ctx->unused = 0;
  return 0;
}

static void
salsa20_setiv (void *vctx, const byte *iv, size_t ivlen)
{
  salsa20_context_t *ctx = vctx;

  ctx->state[6] = ctx->state[7] = ctx->state[8] = ctx->state[9] = 0;
  ctx->unused = 0;
  if (!iv)
    return;
  if (ivlen != 8)
    {
      _gcry_log_info ("WARNING: salsa20_setiv: bad ivlen=%u\n",
                      (unsigned int) ivlen);
      return;
    }
  ctx->state[6] = cipher_get_le32 (iv);
  ctx->state[7] = cipher_get_le32 (iv + 4);
}


/*
 * Registry entries.  Names as upstream's; no aliases, no OIDs.
 */

const cipher_stream_spec_t _gcry_cipher_spec_salsa20 =
  {
    {
      GCRY_CIPHER_SALSA20, "SALSA20", NULL, NULL,
      1, 256, sizeof (salsa20_context_t),
      salsa20_setkey, NULL, NULL
    },
    { salsa20_setiv, salsa20_crypt20 }
  };

const cipher_stream_spec_t _gcry_cipher_spec_salsa20r12 =
  {
    {
      GCRY_CIPHER_SALSA20R12, "SALSA20R12", NULL, NULL,
      1, 256, sizeof (salsa20_context_t),
      salsa20_setkey, NULL, NULL
    },
    { salsa20_setiv, salsa20_crypt12 }
  };
