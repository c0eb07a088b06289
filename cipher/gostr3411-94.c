/* gostr3411-94.c - GOST R 34.11-94 (RFC 5831) as two gcry_md digests.
 *
 * The step function f(H, M) generates four 256-bit keys from H and M,
 * encrypts the four 64-bit quarters of H with the GOST 28147-89 block
 * cipher (RFC 5830, simple substitution mode) under them, and mixes the
 * result back with the shift register psi.  The hash is f over every
 * 256-bit block, then over the bit length and over the sum of the
 * blocks mod 2^256.
 *
 * Two S-box sets, as upstream offers them:
 *   GCRY_MD_GOSTR3411_94  the test parameter set (RFC 5831, section 7.3;
 *                         id-GostR3411-94-TestParamSet), which RFC
 *                         5831's examples use;
 *   GCRY_MD_GOSTR3411_CP  id-GostR3411-94-CryptoProParamSet (RFC 4357,
 *                         section 11.2), what CryptoPro and GOST
 *                         signatures use.
 *
 * Conventions (RFC 5831 and upstream): a block is a 256-bit number whose
 * byte 0 is the least significant; a short final block is padded with
 * zero bytes after the message (its most significant end); the digest
 * is H in the same byte order.  As upstream, an empty final block is not
 * hashed at all.
 *
 * Not constant time: the cipher's S-boxes are table lookups indexed by
 * state, as in every software GOST 28147-89.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <pthread.h>
#include <string.h>

#define GOST94_BLOCKBYTES 32

/* Row k substitutes bits 4k..4k+3 of the 32-bit word.  */
static const byte gost94_sbox_test[8][16] =
  {
    {  4, 10,  9,  2, 13,  8,  0, 14,  6, 11,  1, 12,  7, 15,  5,  3 },
    { 14, 11,  4, 12,  6, 13, 15, 10,  2,  3,  8,  1,  0,  7,  5,  9 },
    {  5,  8,  1, 13, 10,  3,  4,  2, 14, 15, 12,  7,  6,  0,  9, 11 },
    {  7, 13, 10,  1,  0,  8,  9, 15, 14,  4,  6, 12, 11,  2,  5,  3 },
    {  6, 12,  7,  1,  5, 15, 13,  8,  4, 10,  9, 14,  0,  3, 11,  2 },
    {  4, 11, 10,  0,  7,  2,  1, 13,  3,  6,  8,  5,  9, 12, 15, 14 },
    { 13, 11,  4,  1,  3, 15,  5,  9,  0, 10, 14,  7,  6,  8,  2, 12 },
    {  1, 15, 13,  0,  5,  7, 10,  4,  9,  2,  3, 14,  6, 11,  8, 12 }
  };

static const byte gost94_sbox_cryptopro[8][16] =
  {
    { 10,  4,  5,  6,  8,  1,  3,  7, 13, 12, 14,  0,  9,  2, 11, 15 },
    {  5, 15,  4,  0,  2, 13, 11,  9,  1,  7,  6,  3, 12, 14, 10,  8 },
    {  7, 15, 12, 14,  9,  4,  1,  0,  3, 11,  5,  2,  6, 10,  8, 13 },
    {  4, 10,  7, 12,  0, 15,  2,  8, 14,  1,  6,  5, 13, 11,  9,  3 },
    {  7,  6,  4, 11,  9, 12,  2, 10,  1,  8,  0, 14, 15, 13,  3,  5 },
    {  7,  6,  2,  4, 13,  9, 15,  0, 10,  1,  5, 11,  8, 14, 12,  3 },
    { 13, 14,  4,  1,  7,  0,  5, 10,  3, 12,  8, 15,  6,  2,  9, 11 },
    {  1,  3, 10,  9,  5, 11,  4, 15,  8,  6,  7, 14, 13,  0,  2, 12 }
  };

/* Byte-wide tables, one set per S-box: entry [k][b] is the substitution
   of byte k of the word (two rows at once) already rotated left by 11
   bits, so the round function is four lookups.  */
typedef u32 gost94_round_tables_t[4][256];
static gost94_round_tables_t gost94_tables_test, gost94_tables_cryptopro;
static pthread_once_t gost94_tables_once = PTHREAD_ONCE_INIT;

static void
gost94_expand (gost94_round_tables_t t, const byte sbox[8][16])
{
  int k, b;

  for (k = 0; k < 4; k++)
    for (b = 0; b < 256; b++)
      {
        u32 v = (u32) sbox[2 * k][b & 15]
                | (u32) sbox[2 * k + 1][b >> 4] << 4;

        t[k][b] = rol32 (v << (8 * k), 11);
      }
}

static void
gost94_make_tables (void)
{
  gost94_expand (gost94_tables_test, gost94_sbox_test);
  gost94_expand (gost94_tables_cryptopro, gost94_sbox_cryptopro);
}


/*
 * The step function (RFC 5831, section 6).  Every 256-bit value is
 * eight 32-bit words, word 0 the least significant.
 */

/* Work space of the step function, kept by the caller so that it is
   wiped once per call however many blocks it hashes.  */
typedef struct gost94_scratch
{
  u32 key[4][8];                /* K_1..K_4 (RFC 5831, 6.1).  */
} gost94_scratch_t;

/* Y = A (Y) on the scalars Y0..Y7: (y4||y3||y2||y1) -> (y1^y2)||y4||
   y3||y2 on 64-bit quarters.  Scalars, not an array: the compiler
   merges array words into vector moves whose loads then wait for
   narrower stores.  */
#define GOST94_A(y)                                                     \
  do {                                                                  \
    u32 lo_ = y##0 ^ y##2, hi_ = y##1 ^ y##3;                           \
                                                                        \
    y##0 = y##2; y##1 = y##3; y##2 = y##4; y##3 = y##5;                 \
    y##4 = y##6; y##5 = y##7; y##6 = lo_;  y##7 = hi_;                  \
  } while (0)

/* P on one half of W: K[k] = byte k of W0, W1, W2, W3 (a 4x4 byte
   transpose, done with masks).  P puts byte 8i + k of W into byte
   i + 4k (RFC 5831: phi(i + 1 + 4(k - 1)) = 8i + k), so key words 0..3
   come from the words 0, 2, 4, 6 of W and key words 4..7 from the
   words 1, 3, 5, 7.  */
static inline void
gost94_p_half (u32 *k, u32 w0, u32 w1, u32 w2, u32 w3)
{
  /* Even bytes of w0/w1 interleaved, then odd bytes; the same for
     w2/w3.  */
  u32 e01 = (w0 & 0x00ff00ff) | ((w1 & 0x00ff00ff) << 8);
  u32 o01 = ((w0 >> 8) & 0x00ff00ff) | (w1 & 0xff00ff00);
  u32 e23 = (w2 & 0x00ff00ff) | ((w3 & 0x00ff00ff) << 8);
  u32 o23 = ((w2 >> 8) & 0x00ff00ff) | (w3 & 0xff00ff00);

  k[0] = (e01 & 0xffff) | (e23 << 16);
  k[1] = (o01 & 0xffff) | (o23 << 16);
  k[2] = (e01 >> 16) | (e23 & 0xffff0000);
  k[3] = (o01 >> 16) | (o23 & 0xffff0000);
}

/* KEY = P (U ^ V) from the scalars U0..U7 and V0..V7.  */
#define GOST94_P(key)                                                   \
  do {                                                                  \
    gost94_p_half ((key), u0 ^ v0, u2 ^ v2, u4 ^ v4, u6 ^ v6);          \
    gost94_p_half ((key) + 4, u1 ^ v1, u3 ^ v3, u5 ^ v5, u7 ^ v7);      \
  } while (0)

/* The GOST 28147-89 round function of X under tables T: S-boxes, then
   the rotation by 11 (both in the tables).  */
#define GOST94_F(t, x)                                                  \
  ((t)[0][(x) & 0xff] ^ (t)[1][((x) >> 8) & 0xff]                       \
   ^ (t)[2][((x) >> 16) & 0xff] ^ (t)[3][(x) >> 24])

/* Two rounds of each of the four encryptions, with key words I and J:
   B ^= f (A + k_I), then A ^= f (B + k_J).  Naming the halves instead
   of swapping them leaves nothing to move.  */
#define GOST94_ROUNDS2(i, j)                                            \
  do {                                                                  \
    u32 x0_ = a0 + k0[i], x1_ = a1 + k1[i];                             \
    u32 x2_ = a2 + k2[i], x3_ = a3 + k3[i];                             \
                                                                        \
    b0 ^= GOST94_F (t, x0_); b1 ^= GOST94_F (t, x1_);                   \
    b2 ^= GOST94_F (t, x2_); b3 ^= GOST94_F (t, x3_);                   \
    x0_ = b0 + k0[j]; x1_ = b1 + k1[j];                                 \
    x2_ = b2 + k2[j]; x3_ = b3 + k3[j];                                 \
    a0 ^= GOST94_F (t, x0_); a1 ^= GOST94_F (t, x1_);                   \
    a2 ^= GOST94_F (t, x2_); a3 ^= GOST94_F (t, x3_);                   \
  } while (0)

/* S0..S3 = the four 64-bit quarters of H, quarter j encrypted with
   GOST 28147-89 (RFC 5830, section 6: 32 rounds, key words k1..k8 three
   times forward, then backward) under KEY[j].  The four encryptions
   are independent, so they run side by side and the processor overlaps
   their lookups; one alone is a chain of dependent loads.  */
static inline __attribute__ ((always_inline)) void
gost94_encrypt4 (const gost94_round_tables_t t, const u32 key[4][8],
                 const u32 *h, u64 *s0, u64 *s1, u64 *s2, u64 *s3)
{
  const u32 *k0 = key[0], *k1 = key[1], *k2 = key[2], *k3 = key[3];
  u32 a0 = h[0], b0 = h[1], a1 = h[2], b1 = h[3];
  u32 a2 = h[4], b2 = h[5], a3 = h[6], b3 = h[7];
  int pass;

  for (pass = 0; pass < 3; pass++)
    {
      GOST94_ROUNDS2 (0, 1);
      GOST94_ROUNDS2 (2, 3);
      GOST94_ROUNDS2 (4, 5);
      GOST94_ROUNDS2 (6, 7);
    }
  GOST94_ROUNDS2 (7, 6);
  GOST94_ROUNDS2 (5, 4);
  GOST94_ROUNDS2 (3, 2);
  GOST94_ROUNDS2 (1, 0);

  /* After an even number of rounds A is N1 and B is N2; the cipher's
     output is N2 in the low half (its last round does not swap).  */
  *s0 = b0 | (u64) a0 << 32;
  *s1 = b1 | (u64) a1 << 32;
  *s2 = b2 | (u64) a2 << 32;
  *s3 = b3 | (u64) a3 << 32;
}

/* psi (RFC 5831, 6.3) on Y = Y3:Y2:Y1:Y0 as sixteen 16-bit words y_0..
   y_15, y_0 the least significant (Y0 holds y_0..y_3): shift down one
   word, and the new y_15 is y_0^y_1^y_2^y_3^y_12^y_15.  */
#define GOST94_PSI1(y)                                                  \
  do {                                                                  \
    u64 top_ = (y##0 ^ y##0 >> 16 ^ y##0 >> 32 ^ y##0 >> 48             \
                ^ y##3 ^ y##3 >> 48) & 0xffff;                          \
                                                                        \
    y##0 = y##0 >> 16 | y##1 << 48;                                     \
    y##1 = y##1 >> 16 | y##2 << 48;                                     \
    y##2 = y##2 >> 16 | y##3 << 48;                                     \
    y##3 = y##3 >> 16 | top_ << 48;                                     \
  } while (0)

/* psi^4: the four new words are n_k = y_k^y_(k+1)^y_(k+2)^y_(k+3)^
   y_(k+12)^y_(k+15) for k = 0..3, where y_16.. are the new words
   themselves.  All but the last term, lane by lane in one 64-bit word,
   plus y_15 in lane 0; then a prefix XOR over the lanes supplies
   n_(k-1) = y_(k+15) to lane k.  The old Y0 drops out whole.  */
#define GOST94_PSI4(y)                                                  \
  do {                                                                  \
    u64 n_ = y##0 ^ (y##0 >> 16 | y##1 << 48) ^ (y##0 >> 32 | y##1 << 32) \
             ^ (y##0 >> 48 | y##1 << 16) ^ y##3 ^ y##3 >> 48;           \
                                                                        \
    n_ ^= n_ << 16;                                                     \
    n_ ^= n_ << 32;                                                     \
    y##0 = y##1;                                                        \
    y##1 = y##2;                                                        \
    y##2 = y##3;                                                        \
    y##3 = n_;                                                          \
  } while (0)

/* H = f (H, M) under tables T.  */
static inline void
gost94_step (const gost94_round_tables_t t, u32 *h, const u32 *m,
             gost94_scratch_t *sc)
{
  u32 u0 = h[0], u1 = h[1], u2 = h[2], u3 = h[3];
  u32 u4 = h[4], u5 = h[5], u6 = h[6], u7 = h[7];
  u32 v0 = m[0], v1 = m[1], v2 = m[2], v3 = m[3];
  u32 v4 = m[4], v5 = m[5], v6 = m[6], v7 = m[7];
  u64 y0, y1, y2, y3;
  int i;

  /* Key generation (RFC 5831, 6.1): K_1 = P (H ^ M), then U = A (U) ^
     C_j, V = A (A (V)), K_j = P (U ^ V); C_2 and C_4 are zero.  */
  GOST94_P (sc->key[0]);
  GOST94_A (u);
  GOST94_A (v);
  GOST94_A (v);
  GOST94_P (sc->key[1]);
  GOST94_A (u);
  /* C_3.  */
  u0 ^= 0xff00ff00; u1 ^= 0xff00ff00; u2 ^= 0x00ff00ff; u3 ^= 0x00ff00ff;
  u4 ^= 0x00ffff00; u5 ^= 0xff0000ff; u6 ^= 0x000000ff; u7 ^= 0xff00ffff;
  GOST94_A (v);
  GOST94_A (v);
  GOST94_P (sc->key[2]);
  GOST94_A (u);
  GOST94_A (v);
  GOST94_A (v);
  GOST94_P (sc->key[3]);

  gost94_encrypt4 (t, (const u32 (*)[8]) sc->key, h, &y0, &y1, &y2, &y3);

  /* H' = psi^61 (H ^ psi (M ^ psi^12 (S))), on 64-bit words: in
     registers throughout, and four psi steps cost about what one
     does.  */
  for (i = 0; i < 3; i++)
    GOST94_PSI4 (y);
  y0 ^= m[0] | (u64) m[1] << 32;
  y1 ^= m[2] | (u64) m[3] << 32;
  y2 ^= m[4] | (u64) m[5] << 32;
  y3 ^= m[6] | (u64) m[7] << 32;
  GOST94_PSI1 (y);
  y0 ^= h[0] | (u64) h[1] << 32;
  y1 ^= h[2] | (u64) h[3] << 32;
  y2 ^= h[4] | (u64) h[5] << 32;
  y3 ^= h[6] | (u64) h[7] << 32;
  for (i = 0; i < 15; i++)
    GOST94_PSI4 (y);
  GOST94_PSI1 (y);
  h[0] = (u32) y0; h[1] = (u32) (y0 >> 32);
  h[2] = (u32) y1; h[3] = (u32) (y1 >> 32);
  h[4] = (u32) y2; h[5] = (u32) (y2 >> 32);
  h[6] = (u32) y3; h[7] = (u32) (y3 >> 32);
}


/*
 * Context and spec operations.
 */

typedef struct gost94_context
{
  u32 h[8];                     /* Chaining value.  */
  u32 sigma[8];                 /* Sum of the blocks mod 2^256.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
  int cryptopro;                /* Which S-box set.  */
  byte buf[GOST94_BLOCKBYTES];  /* Pending input; the digest after
                                   final.  */
} gost94_context_t;

static const u32 (*
gost94_tables_of (const gost94_context_t *c))[256]
{
  return c->cryptopro ? gost94_tables_cryptopro : gost94_tables_test;
}

/* Hash NBLOCKS blocks at P: H = f (H, M) and Sigma += M for each.  */
static void
gost94_blocks (gost94_context_t *c, const byte *p, size_t nblocks)
{
  const u32 (*t)[256] = gost94_tables_of (c);
  gost94_scratch_t sc;
  u32 m[8];
  u64 carry;
  int i;

  for (; nblocks; nblocks--, p += GOST94_BLOCKBYTES)
    {
      for (i = 0; i < 8; i++)
        m[i] = load_le32 (p + 4 * i);
      gost94_step (t, c->h, m, &sc);
      for (carry = 0, i = 0; i < 8; i++)
        {
          carry += (u64) c->sigma[i] + m[i];
          c->sigma[i] = (u32) carry;
          carry >>= 32;
        }
    }
  wipememory (&sc, sizeof sc);
  wipememory (m, sizeof m);
}

/* H = f (H, M) for the two closing steps.  */
static void
gost94_close_step (gost94_context_t *c, const u32 *m)
{
  gost94_scratch_t sc;

  gost94_step (gost94_tables_of (c), c->h, m, &sc);
  wipememory (&sc, sizeof sc);
}

static void
gost94_init_common (gost94_context_t *c, int cryptopro)
{
  pthread_once (&gost94_tables_once, gost94_make_tables);
  wipememory (c, sizeof *c);
  c->cryptopro = cryptopro;     /* The starting H is zero for both.  */
}

static void
gost94_init_test (void *ctx, unsigned int flags)
{
  (void) flags;
  gost94_init_common (ctx, 0);
}

static void
gost94_init_cryptopro (void *ctx, unsigned int flags)
{
  (void) flags;
  gost94_init_common (ctx, 1);
}

static void
gost94_write (void *ctx, const void *in, size_t len)
{
  gost94_context_t *c = ctx;
  const byte *p = in;

  c->nbytes += len;
  if (c->buflen)
    {
      size_t fill = GOST94_BLOCKBYTES - c->buflen;

      if (len < fill)
        {
          memcpy (c->buf + c->buflen, p, len);
          c->buflen += len;
          return;
        }
      memcpy (c->buf + c->buflen, p, fill);
      gost94_blocks (c, c->buf, 1);
      c->buflen = 0;
      p += fill;
      len -= fill;
    }
  if (len >= GOST94_BLOCKBYTES)
    {
      size_t nblocks = len / GOST94_BLOCKBYTES;

      gost94_blocks (c, p, nblocks);
      p += nblocks * GOST94_BLOCKBYTES;
      len -= nblocks * GOST94_BLOCKBYTES;
    }
  memcpy (c->buf, p, len);
  c->buflen = len;
}

static void
gost94_final (void *ctx)
{
  gost94_context_t *c = ctx;
  u32 len[8];
  int i;

  if (c->buflen)
    {
      memset (c->buf + c->buflen, 0, GOST94_BLOCKBYTES - c->buflen);
      gost94_blocks (c, c->buf, 1);
    }
  memset (len, 0, sizeof len);
  len[0] = (u32) (c->nbytes << 3);
  len[1] = (u32) (c->nbytes >> 29);
  len[2] = (u32) (c->nbytes >> 61);
  gost94_close_step (c, len);
  gost94_close_step (c, c->sigma);

  for (i = 0; i < 8; i++)
    store_le32 (c->buf + 4 * i, c->h[i]);
  wipememory (c->h, sizeof c->h);
  wipememory (c->sigma, sizeof c->sigma);
  c->buflen = 0;
}

static byte *
gost94_read (void *ctx)
{
  return ((gost94_context_t *) ctx)->buf;
}


/*
 * The specs.  Upstream's facts: names "GOSTR3411_94" and
 * "GOSTR3411_CP"; only the CryptoPro variant carries OIDs
 * (gostR3411-94-with-gostR3410-2001 and gostR3411-94) and, for
 * GCRYCTL_GET_ASNOID, the bare 6-byte encoding of 1.2.643.2.2.3 rather
 * than a DigestInfo prefix.  HMAC pads keys to 32 bytes for both
 * (upstream's block size for them), and neither has a self-test.
 */

static const byte gost94_no_asn[1];

static const byte gost94_cp_asn[6] =   /* 1.2.643.2.2.3 */
  { 0x2a, 0x85, 0x03, 0x02, 0x02, 0x03 };

static const char *const gost94_cp_oids[] =
  {
    "1.2.643.2.2.3",            /* gostR3411-94-with-gostR3410-2001 */
    "1.2.643.2.2.9",            /* gostR3411-94 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_gostr3411_94 =
  {
    GCRY_MD_GOSTR3411_94, "GOSTR3411_94", NULL, NULL,
    gost94_no_asn, 0, 32, GOST94_BLOCKBYTES,
    sizeof (gost94_context_t),
    gost94_init_test, NULL, gost94_write, gost94_final, gost94_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_gostr3411_cp =
  {
    GCRY_MD_GOSTR3411_CP, "GOSTR3411_CP", NULL, gost94_cp_oids,
    gost94_cp_asn, sizeof gost94_cp_asn, 32, GOST94_BLOCKBYTES,
    sizeof (gost94_context_t),
    gost94_init_cryptopro, NULL, gost94_write, gost94_final, gost94_read,
    NULL, NULL, NULL
  };
