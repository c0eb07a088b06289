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
 * GOST 28147-89 encryption of one 64-bit block (RFC 5830, section 6):
 * 32 rounds, key words k1..k8 three times forward, then backward.
 */

static void
gost94_encrypt (const gost94_round_tables_t t, const u32 *key,
                u32 *lo, u32 *hi)
{
  u32 n1 = *lo, n2 = *hi, x;
  int r;

  for (r = 0; r < 32; r++)
    {
      x = n1 + key[r < 24 ? (r & 7) : 7 - (r & 7)];
      x = t[0][x & 0xff] ^ t[1][(x >> 8) & 0xff]
          ^ t[2][(x >> 16) & 0xff] ^ t[3][x >> 24];
      x ^= n2;
      n2 = n1;
      n1 = x;
    }
  /* The last round does not swap the halves.  */
  *lo = n2;
  *hi = n1;
}


/*
 * The step function (RFC 5831, section 6).  Every 256-bit value is
 * eight 32-bit words, word 0 the least significant.
 */

/* A(y4||y3||y2||y1) = (y1^y2)||y4||y3||y2, on 64-bit quarters.  */
static void
gost94_a (u32 *y)
{
  u32 x0 = y[0] ^ y[2], x1 = y[1] ^ y[3];

  y[0] = y[2]; y[1] = y[3];
  y[2] = y[4]; y[3] = y[5];
  y[4] = y[6]; y[5] = y[7];
  y[6] = x0;   y[7] = x1;
}

/* P: byte i + 4(k-1) of the result is byte 8i + k - 1 of W
   (phi(i + 1 + 4(k-1)) = 8i + k).  */
static void
gost94_p (u32 *key, const u32 *w)
{
  int i, k;

  for (k = 0; k < 8; k++)
    key[k] = 0;
  for (k = 0; k < 8; k++)
    for (i = 0; i < 4; i++)
      {
        int src = 8 * i + k, dst = i + 4 * k;
        u32 b = (w[src / 4] >> (8 * (src % 4))) & 0xff;

        key[dst / 4] |= b << (8 * (dst % 4));
      }
}

/* One psi (the 16-bit LFSR) on Y as sixteen 16-bit words, word 0 the
   least significant: shift down one word, the new top word is
   y1^y2^y3^y4^y13^y16.  */
static void
gost94_psi (u16 *y, int times)
{
  int i;

  for (; times; times--)
    {
      u16 top = y[0] ^ y[1] ^ y[2] ^ y[3] ^ y[12] ^ y[15];

      for (i = 0; i < 15; i++)
        y[i] = y[i + 1];
      y[15] = top;
    }
}

static void
gost94_to16 (u16 *out, const u32 *in)
{
  int i;

  for (i = 0; i < 8; i++)
    {
      out[2 * i] = (u16) in[i];
      out[2 * i + 1] = (u16) (in[i] >> 16);
    }
}

static void
gost94_step (const gost94_round_tables_t t, u32 *h, const u32 *m)
{
  /* C_3 of key generation; C_2 and C_4 are zero.  */
  static const u32 c3[8] =
    {
      0xff00ff00, 0xff00ff00, 0x00ff00ff, 0x00ff00ff,
      0x00ffff00, 0xff0000ff, 0x000000ff, 0xff00ffff
    };
  u32 u[8], v[8], w[8], key[8], s[8];
  u16 y[16], z[16];
  int j, i;

  memcpy (u, h, sizeof u);
  memcpy (v, m, sizeof v);
  memcpy (s, h, sizeof s);
  for (j = 0; j < 4; j++)
    {
      if (j)
        {
          gost94_a (u);
          if (j == 2)
            for (i = 0; i < 8; i++)
              u[i] ^= c3[i];
          gost94_a (v);
          gost94_a (v);
        }
      for (i = 0; i < 8; i++)
        w[i] = u[i] ^ v[i];
      gost94_p (key, w);
      gost94_encrypt (t, key, &s[2 * j], &s[2 * j + 1]);
    }

  /* H' = psi^61 (H ^ psi (M ^ psi^12 (S))).  */
  gost94_to16 (y, s);
  gost94_psi (y, 12);
  gost94_to16 (z, m);
  for (i = 0; i < 16; i++)
    y[i] ^= z[i];
  gost94_psi (y, 1);
  gost94_to16 (z, h);
  for (i = 0; i < 16; i++)
    y[i] ^= z[i];
  gost94_psi (y, 61);
  for (i = 0; i < 8; i++)
    h[i] = (u32) y[2 * i] | (u32) y[2 * i + 1] << 16;

  wipememory (u, sizeof u);
  wipememory (v, sizeof v);
  wipememory (w, sizeof w);
  wipememory (key, sizeof key);
  wipememory (s, sizeof s);
  wipememory (y, sizeof y);
  wipememory (z, sizeof z);
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

static void
gost94_block (gost94_context_t *c, const byte *p)
{
  u32 m[8];
  u64 carry = 0;
  int i;

  for (i = 0; i < 8; i++)
    m[i] = (u32) p[4 * i] | (u32) p[4 * i + 1] << 8
           | (u32) p[4 * i + 2] << 16 | (u32) p[4 * i + 3] << 24;
  gost94_step (gost94_tables_of (c), c->h, m);
  for (i = 0; i < 8; i++)
    {
      carry += (u64) c->sigma[i] + m[i];
      c->sigma[i] = (u32) carry;
      carry >>= 32;
    }
  wipememory (m, sizeof m);
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
      gost94_block (c, c->buf);
      c->buflen = 0;
      p += fill;
      len -= fill;
    }
  for (; len >= GOST94_BLOCKBYTES; p += GOST94_BLOCKBYTES,
         len -= GOST94_BLOCKBYTES)
    gost94_block (c, p);
  memcpy (c->buf, p, len);
  c->buflen = len;
}

static void
gost94_final (void *ctx)
{
  gost94_context_t *c = ctx;
  const u32 (*t)[256] = gost94_tables_of (c);
  u32 len[8];
  int i;

  if (c->buflen)
    {
      memset (c->buf + c->buflen, 0, GOST94_BLOCKBYTES - c->buflen);
      gost94_block (c, c->buf);
    }
  memset (len, 0, sizeof len);
  len[0] = (u32) (c->nbytes << 3);
  len[1] = (u32) (c->nbytes >> 29);
  len[2] = (u32) (c->nbytes >> 61);
  gost94_step (t, c->h, len);
  gost94_step (t, c->h, c->sigma);

  for (i = 0; i < 8; i++)
    {
      c->buf[4 * i] = (byte) c->h[i];
      c->buf[4 * i + 1] = (byte) (c->h[i] >> 8);
      c->buf[4 * i + 2] = (byte) (c->h[i] >> 16);
      c->buf[4 * i + 3] = (byte) (c->h[i] >> 24);
    }
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
