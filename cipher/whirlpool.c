/* whirlpool.c - Whirlpool (Barreto and Rijmen; ISO/IEC 10118-3:2004) as
 * a gcry_md digest.
 *
 * Whirlpool is a Miyaguchi-Preneel hash over W, a 10-round AES-like
 * block cipher on an 8x8 byte state: H' = W_H(m) ^ H ^ m, 64-byte
 * blocks, a 256-bit big-endian length in the padding, 512-bit digest.
 *
 * Nothing is pasted in: the S-box is built at first use from the three
 * 4-bit mini-boxes E, E^-1 and R of the final (2003) design, and the
 * eight round tables fold the S-box with the MDS row (1 1 4 1 8 5 2 9)
 * over GF(2^8) mod x^8+x^4+x^3+x^2+1.
 *
 * The round tables are indexed by state bytes, so, as upstream's, this
 * code is not constant time.
 *
 * GCRY_MD_FLAG_BUGEMU1 reproduces upstream's pre-1.6 results: there a
 * write whose bytes all fit into a partly filled block buffer was hashed
 * but left out of the message length.  That rule was established by
 * black-box comparison with a libgcrypt that emulates it (random write
 * patterns); tests/t-md-whirlpool-bugemu checks known outputs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <pthread.h>
#include <string.h>

#define WHIRLPOOL_BLOCKBYTES 64
#define WHIRLPOOL_ROUNDS 10


/*
 * Tables.  A state row is a u64 with column 0 in the most significant
 * byte.  Round tables: TAB[k][x] is the row S[x] * (row k of the
 * circulant MDS matrix), so that one round (gamma, pi, theta) makes row
 * i of the result from TAB[k][byte k of input row (i - k) mod 8] over
 * k = 0..7.  RC[r] is the round constant's row 0 (rows 1..7 are 0).
 */

static u64 whirlpool_tab[8][256];
static u64 whirlpool_rc[WHIRLPOOL_ROUNDS];
static pthread_once_t whirlpool_tables_once = PTHREAD_ONCE_INIT;

/* Multiplication in GF(2^8) modulo x^8+x^4+x^3+x^2+1 (0x11d).  */
static unsigned int
whirlpool_gf_mul (unsigned int a, unsigned int b)
{
  unsigned int r = 0;

  while (b)
    {
      if (b & 1)
        r ^= a;
      a <<= 1;
      if (a & 0x100)
        a ^= 0x11d;
      b >>= 1;
    }
  return r;
}

static void
whirlpool_make_tables (void)
{
  /* The mini-boxes of the S-box (design paper, section 6.1).  */
  static const byte mini_e[16] =
    { 0x1, 0xb, 0x9, 0xc, 0xd, 0x6, 0xf, 0x3,
      0xe, 0x8, 0x7, 0x4, 0xa, 0x2, 0x5, 0x0 };
  static const byte mini_r[16] =
    { 0x7, 0xc, 0xb, 0xd, 0xe, 0x4, 0x9, 0xf,
      0x6, 0x3, 0x8, 0xa, 0x2, 0x5, 0x1, 0x0 };
  /* The first row of the circulant diffusion matrix C.  */
  static const byte mds_row[8] = { 1, 1, 4, 1, 8, 5, 2, 9 };
  byte mini_e_inv[16];
  byte sbox[256];
  unsigned int x, k, j, r;

  for (x = 0; x < 16; x++)
    mini_e_inv[mini_e[x]] = (byte) x;

  /* High nibble through E, low nibble through E^-1, both mixed through
     R, then back out through E and E^-1.  */
  for (x = 0; x < 256; x++)
    {
      unsigned int hi = mini_e[x >> 4];
      unsigned int lo = mini_e_inv[x & 15];
      unsigned int mix = mini_r[hi ^ lo];

      sbox[x] = (byte) ((mini_e[hi ^ mix] << 4) | mini_e_inv[lo ^ mix]);
    }

  /* C[k][j] = mds_row[(j - k) mod 8].  */
  for (x = 0; x < 256; x++)
    for (k = 0; k < 8; k++)
      {
        u64 row = 0;

        for (j = 0; j < 8; j++)
          row |= (u64) whirlpool_gf_mul (sbox[x], mds_row[(j - k) & 7])
                 << (56 - 8 * j);
        whirlpool_tab[k][x] = row;
      }

  /* c^r[0][j] = S[8(r-1) + j] for rounds r = 1..10.  */
  for (r = 0; r < WHIRLPOOL_ROUNDS; r++)
    {
      u64 row = 0;

      for (j = 0; j < 8; j++)
        row |= (u64) sbox[8 * r + j] << (56 - 8 * j);
      whirlpool_rc[r] = row;
    }
}

/* Byte K (column K, 0 = most significant) of row ROW.  */
#define WP_COL(row, k) ((unsigned int) ((row) >> (56 - 8 * (k))) & 0xff)

/* Row I of theta(pi(gamma(IN))), without the key addition.  */
#define WP_ROW(in, i)                                                   \
  (whirlpool_tab[0][WP_COL (in[(i) & 7], 0)]                            \
   ^ whirlpool_tab[1][WP_COL (in[((i) - 1) & 7], 1)]                    \
   ^ whirlpool_tab[2][WP_COL (in[((i) - 2) & 7], 2)]                    \
   ^ whirlpool_tab[3][WP_COL (in[((i) - 3) & 7], 3)]                    \
   ^ whirlpool_tab[4][WP_COL (in[((i) - 4) & 7], 4)]                    \
   ^ whirlpool_tab[5][WP_COL (in[((i) - 5) & 7], 5)]                    \
   ^ whirlpool_tab[6][WP_COL (in[((i) - 6) & 7], 6)]                    \
   ^ whirlpool_tab[7][WP_COL (in[((i) - 7) & 7], 7)])

/* OUT = theta(pi(gamma(IN))) ^ KEY, all eight rows spelled out so that
   every index is a constant.  */
#define WP_ROUND(out, in, key)                                          \
  do {                                                                  \
    out[0] = WP_ROW (in, 0) ^ (key)[0];                                 \
    out[1] = WP_ROW (in, 1) ^ (key)[1];                                 \
    out[2] = WP_ROW (in, 2) ^ (key)[2];                                 \
    out[3] = WP_ROW (in, 3) ^ (key)[3];                                 \
    out[4] = WP_ROW (in, 4) ^ (key)[4];                                 \
    out[5] = WP_ROW (in, 5) ^ (key)[5];                                 \
    out[6] = WP_ROW (in, 6) ^ (key)[6];                                 \
    out[7] = WP_ROW (in, 7) ^ (key)[7];                                 \
  } while (0)

static void
whirlpool_compress (void *chain, const byte *blocks, size_t nblocks)
{
  u64 *hash = chain;
  u64 key[8], state[8], block[8], tmp[8], tkey[8], rck[8];
  int i, r;

  memset (rck, 0, sizeof rck);

  for (; nblocks; nblocks--, blocks += WHIRLPOOL_BLOCKBYTES)
    {
      for (i = 0; i < 8; i++)
        {
          block[i] = load_be64 (blocks + 8 * i);
          key[i] = hash[i];
          state[i] = block[i] ^ key[i];
        }
      /* Two rounds per pass, ping-ponging between the arrays.  Key
         schedule: K^r = rho[c^r](K^(r-1)); data: rho[K^r].  */
      for (r = 0; r < WHIRLPOOL_ROUNDS; r += 2)
        {
          rck[0] = whirlpool_rc[r];
          WP_ROUND (tkey, key, rck);
          WP_ROUND (tmp, state, tkey);
          rck[0] = whirlpool_rc[r + 1];
          WP_ROUND (key, tkey, rck);
          WP_ROUND (state, tmp, key);
        }
      /* Miyaguchi-Preneel.  */
      for (i = 0; i < 8; i++)
        hash[i] ^= state[i] ^ block[i];
    }

  wipememory (key, sizeof key);
  wipememory (state, sizeof state);
  wipememory (block, sizeof block);
  wipememory (tmp, sizeof tmp);
  wipememory (tkey, sizeof tkey);
}


/*
 * Context and spec operations.
 */

typedef struct whirlpool_context
{
  u64 hash[8];                  /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far (2^64 bytes is
                                   beyond any caller; the upper bits of
                                   the 256-bit length stay 0).  */
  size_t buflen;                /* Bytes pending in BUF.  */
  int bugemu1;                  /* Count lengths the pre-1.6 way.  */
  byte buf[WHIRLPOOL_BLOCKBYTES]; /* Pending input; the digest after
                                     final.  */
} whirlpool_context_t;

static void
whirlpool_init (void *ctx, unsigned int flags)
{
  whirlpool_context_t *c = ctx;

  pthread_once (&whirlpool_tables_once, whirlpool_make_tables);
  /* The initial chaining value is all zero.  */
  wipememory (c, sizeof *c);
  c->bugemu1 = !!(flags & GCRY_MD_FLAG_BUGEMU1);
}

static void
whirlpool_write (void *ctx, const void *in, size_t len)
{
  whirlpool_context_t *c = ctx;

  /* The emulated bug: input that only tops up a non-empty buffer (up to
     filling it exactly) is not counted.  */
  if (!(c->bugemu1 && c->buflen && len <= WHIRLPOOL_BLOCKBYTES - c->buflen))
    c->nbytes += len;
  md_buffered_write (c->hash, whirlpool_compress, c->buf, &c->buflen,
                     WHIRLPOOL_BLOCKBYTES, in, len);
}

/* Padding: a 1 bit, zeros up to 32 bytes short of a block boundary,
   then the bit length as a 256-bit big-endian number.  */
static void
whirlpool_final (void *ctx)
{
  whirlpool_context_t *c = ctx;
  byte lenfield[32];
  int i;

  /* A 256-bit big-endian bit count: the 3 bits shifted out of NBYTES,
     then the low 64 bits; the rest zero.  */
  memset (lenfield, 0, sizeof lenfield);
  lenfield[23] = (byte) (c->nbytes >> 61);
  store_be64 (lenfield + 24, c->nbytes << 3);
  md_pad_final (c->hash, whirlpool_compress, c->buf, c->buflen,
                WHIRLPOOL_BLOCKBYTES, 0x80, lenfield, sizeof lenfield);

  for (i = 0; i < 8; i++)
    store_be64 (c->buf + 8 * i, c->hash[i]);
  wipememory (c->hash, sizeof c->hash);
  c->buflen = 0;
}

static byte *
whirlpool_read (void *ctx)
{
  return ((whirlpool_context_t *) ctx)->buf;
}


/*
 * The spec.  Upstream's facts: name "WHIRLPOOL", no aliases, no OID, no
 * DER prefix, no self-test.
 */

static const byte whirlpool_no_asn[1] = { 0 };

const gcry_md_spec_t _gcry_digest_spec_whirlpool =
  {
    GCRY_MD_WHIRLPOOL, "WHIRLPOOL", NULL, NULL,
    whirlpool_no_asn, 0, 64, WHIRLPOOL_BLOCKBYTES,
    sizeof (whirlpool_context_t),
    whirlpool_init, NULL, whirlpool_write, whirlpool_final, whirlpool_read,
    NULL, NULL, NULL
  };
