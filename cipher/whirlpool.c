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

/* Column K (byte K, 0 = most significant) of row R of the row array
   A, two ways.  From the row in a register: a shift, then (except for
   column 0, and column 4, which a 32-bit shift isolates) a byte move.
   From memory: one byte load, which costs a load slot instead.  Each
   lookup also loads its table entry; splitting the columns between the
   two ways (1, 2, 3 and 5 from memory) keeps both the arithmetic units
   and the load ports busy instead of queueing on one.  */
#define WP_COL_REG(a, r, k)                                             \
  ((unsigned int) ((a)[(r) & 7] >> (56 - 8 * (k))) & 0xff)
#define WP_COL_MEM(a, r, k)                                             \
  (((const byte *) (a))[8 * ((r) & 7)                                   \
                        + (MD_HOST_BIG_ENDIAN ? (k) : 7 - (k))])

/* Row I of theta(pi(gamma(A))), without the key addition: the XOR over
   k of TAB[k][column k of row (I - k) mod 8].  */
#define WP_ROW(a, i)                                                    \
  (whirlpool_tab[0][WP_COL_REG (a, (i), 0)]                             \
   ^ whirlpool_tab[1][WP_COL_MEM (a, (i) - 1, 1)]                       \
   ^ whirlpool_tab[2][WP_COL_MEM (a, (i) - 2, 2)]                       \
   ^ whirlpool_tab[3][WP_COL_MEM (a, (i) - 3, 3)]                       \
   ^ whirlpool_tab[4][WP_COL_REG (a, (i) - 4, 4)]                       \
   ^ whirlpool_tab[5][WP_COL_MEM (a, (i) - 5, 5)]                       \
   ^ whirlpool_tab[6][WP_COL_REG (a, (i) - 6, 6)]                       \
   ^ whirlpool_tab[7][WP_COL_REG (a, (i) - 7, 7)])

/* OUT = theta(pi(gamma(IN))) ^ (K0, ..., K7), every index a constant.
   Each row is written whole, as one 64-bit store, and computed in one
   expression with its key word: a row assembled in pieces (or copied
   by wider vector moves) and then read back otherwise would stall
   store-to-load forwarding.  */
#define WP_ROUND(out, in, k0, k1, k2, k3, k4, k5, k6, k7)               \
  do {                                                                  \
    (out)[0] = WP_ROW (in, 0) ^ (k0);                                   \
    (out)[1] = WP_ROW (in, 1) ^ (k1);                                   \
    (out)[2] = WP_ROW (in, 2) ^ (k2);                                   \
    (out)[3] = WP_ROW (in, 3) ^ (k3);                                   \
    (out)[4] = WP_ROW (in, 4) ^ (k4);                                   \
    (out)[5] = WP_ROW (in, 5) ^ (k5);                                   \
    (out)[6] = WP_ROW (in, 6) ^ (k6);                                   \
    (out)[7] = WP_ROW (in, 7) ^ (k7);                                   \
  } while (0)

/* Whirlpool's compression: W, the AES-like cipher, keyed by the
   chaining value H and applied to the block M; then H ^= W_H(M) ^ M
   (Miyaguchi-Preneel).  Key schedule: K^r = rho[c^r](K^(r-1)); data:
   rho[K^r], two rounds per pass, ping-ponging between the arrays.  The
   key and data layers of a round both wait only for K^r, so the
   processor overlaps them.  The arrays are wiped once per call.  */
static void
whirlpool_compress (void *chain, const byte *blocks, size_t nblocks)
{
  u64 *hash = chain;
  u64 ka[8], kb[8], sa[8], sb[8];
  int r, i;

  /* KA holds the chaining value from here on; each block leaves the
     new one in both KA and HASH, so that the next block reads KA's
     rows exactly as they were written (a copy of HASH, which the
     compiler makes with wider moves, would wait on its last stores).  */
  for (i = 0; i < 8; i++)
    ka[i] = hash[i];
  for (; nblocks; nblocks--, blocks += WHIRLPOOL_BLOCKBYTES)
    {
      for (i = 0; i < 8; i++)
        sa[i] = ka[i] ^ load_be64 (blocks + 8 * i);
      for (r = 0; r < WHIRLPOOL_ROUNDS; r += 2)
        {
          WP_ROUND (kb, ka, whirlpool_rc[r], 0, 0, 0, 0, 0, 0, 0);
          WP_ROUND (sb, sa, kb[0], kb[1], kb[2], kb[3], kb[4], kb[5],
                    kb[6], kb[7]);
          WP_ROUND (ka, kb, whirlpool_rc[r + 1], 0, 0, 0, 0, 0, 0, 0);
          WP_ROUND (sa, sb, ka[0], ka[1], ka[2], ka[3], ka[4], ka[5],
                    ka[6], ka[7]);
        }
      for (i = 0; i < 8; i++)
        {
          u64 row = hash[i] ^ sa[i] ^ load_be64 (blocks + 8 * i);

          hash[i] = row;
          ka[i] = row;
        }
    }

  wipememory (ka, sizeof ka);
  wipememory (kb, sizeof kb);
  wipememory (sa, sizeof sa);
  wipememory (sb, sizeof sb);
}


/*
 * Context and spec operations.
 */

typedef struct whirlpool_context
{
  byte buf[WHIRLPOOL_BLOCKBYTES]; /* Pending input; the digest after
                                     final.  First, so that it is as
                                     aligned as the context (16 bytes in
                                     md.c) and no 16-byte load of it
                                     crosses a cache line.  */
  u64 hash[8];                  /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far (2^64 bytes is
                                   beyond any caller; the upper bits of
                                   the 256-bit length stay 0).  */
  size_t buflen;                /* Bytes pending in BUF.  */
  int bugemu1;                  /* Count lengths the pre-1.6 way.  */
} whirlpool_context_t;

static void
whirlpool_init (void *ctx, unsigned int flags)
{
  whirlpool_context_t *c = ctx;

  pthread_once (&whirlpool_tables_once, whirlpool_make_tables);
  /* The initial chaining value is all zero.  Only the fields a
     computation reads are set: BUF past BUFLEN may hold anything
     (md-common.h), and what an earlier computation left there is
     overwritten by final or wiped with the context.  */
  memset (c->hash, 0, sizeof c->hash);
  c->nbytes = 0;
  c->buflen = 0;
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
   then the bit length as a 256-bit big-endian number (its upper 16
   bytes are zero: the 3 bits shifted out of NBYTES and its low 64 bits
   fit in the lower 16); one or two blocks.  */
static void
whirlpool_final (void *ctx)
{
  whirlpool_context_t *c = ctx;

  md_pad_final_inplace (c->hash, whirlpool_compress, c->buf, c->buflen,
                        WHIRLPOOL_BLOCKBYTES, 0x80,
                        md_lenfield_be128 (c->nbytes >> 61, c->nbytes << 3),
                        32);
  /* HASH is the caller's memory, so the plain memset stays.  */
  md_output64 (c->buf, sizeof c->buf, c->hash, 64, 1);
  memset (c->hash, 0, sizeof c->hash);
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
