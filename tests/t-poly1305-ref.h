/* t-poly1305-ref.h - what the Poly1305 tests share: a slow reference
 * Poly1305 written from RFC 8439 alone, the RFC's test vectors, and
 * messages that drive the accumulator onto multiples of p.
 *
 * The reference works on little-endian arrays of 32-bit words with
 * schoolbook multiplication and a reduction that folds 2^130 = 5 until
 * the value is below 2^131, then subtracts p while it is not below p:
 * nothing of the library's representations (radix 2^64, 2^44, 2^26,
 * lazy carries), so an error there cannot cancel out here.
 *
 * Edge messages (t_poly_edge_msg): with r = 1 the tag is the sum of the
 * blocks (each plus 2^128) mod p, plus s.  For N full blocks the sum can
 * be any T between N 2^128 and N (2^129 - 1); choosing T = k p + d for
 * small d puts the final accumulator just below, on and just above a
 * multiple of p, where a kernel's last reduction steps decide.  The
 * expected tag is d mod p + s, computed here without the reference.
 *
 * Include "t-common.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_POLY1305_REF_H
#define T_POLY1305_REF_H

#include <stdint.h>
#include <string.h>

#define T_POLY_WORDS 10           /* 320 bits: a product before reduction */

/* p = 2^130 - 5.  */
static const uint32_t t_poly_p[5] =
  { 0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3 };

/* A (N words) >= B (N words).  */
static int
t_poly_geq (const uint32_t *a, const uint32_t *b, int n)
{
  int i;

  for (i = n - 1; i >= 0; i--)
    if (a[i] != b[i])
      return a[i] > b[i];
  return 1;
}

/* A -= B, N words (A >= B).  */
static void
t_poly_sub (uint32_t *a, const uint32_t *b, int n)
{
  uint64_t borrow = 0, d;
  int i;

  for (i = 0; i < n; i++)
    {
      d = (uint64_t) a[i] - b[i] - borrow;
      a[i] = (uint32_t) d;
      borrow = (d >> 32) & 1;
    }
}

/* X (T_POLY_WORDS words) := X mod p, in words 0..4, the rest zero.  */
static void
t_poly_reduce (uint32_t *x)
{
  uint32_t q[T_POLY_WORDS], p5[T_POLY_WORDS];
  uint64_t c;
  int i, nonzero;

  for (;;)
    {
      /* q = x >> 130, x = x mod 2^130.  */
      nonzero = 0;
      for (i = 0; i < T_POLY_WORDS; i++)
        {
          uint64_t w = (uint64_t) (i + 4 < T_POLY_WORDS ? x[i + 4] : 0)
                       | (uint64_t) (i + 5 < T_POLY_WORDS ? x[i + 5] : 0) << 32;

          q[i] = (uint32_t) (w >> 2);
          nonzero |= q[i] != 0;
        }
      if (!nonzero)
        break;
      x[4] &= 3;
      for (i = 5; i < T_POLY_WORDS; i++)
        x[i] = 0;
      /* x += 5 q.  */
      c = 0;
      for (i = 0; i < T_POLY_WORDS; i++)
        {
          c += (uint64_t) q[i] * 5;
          p5[i] = (uint32_t) c;
          c >>= 32;
        }
      c = 0;
      for (i = 0; i < T_POLY_WORDS; i++)
        {
          c += (uint64_t) x[i] + p5[i];
          x[i] = (uint32_t) c;
          c >>= 32;
        }
    }
  while (t_poly_geq (x, t_poly_p, 5))
    t_poly_sub (x, t_poly_p, 5);
}

/* The tag of MSG (LEN bytes) under KEY (r || s), RFC 8439 2.5.1.  */
static void
t_poly_ref (const unsigned char *key, const unsigned char *msg, size_t len,
            unsigned char *tag)
{
  unsigned char rb[16];
  uint32_t r[4], acc[T_POLY_WORDS], x[T_POLY_WORDS], n[5];
  uint64_t c;
  size_t off, k;
  int i, j;

  memcpy (rb, key, 16);
  rb[3] &= 15;
  rb[7] &= 15;
  rb[11] &= 15;
  rb[15] &= 15;
  rb[4] &= 252;
  rb[8] &= 252;
  rb[12] &= 252;
  for (i = 0; i < 4; i++)
    r[i] = rb[4 * i] | (uint32_t) rb[4 * i + 1] << 8
           | (uint32_t) rb[4 * i + 2] << 16 | (uint32_t) rb[4 * i + 3] << 24;
  memset (acc, 0, sizeof acc);

  for (off = 0; off < len; off += 16)
    {
      size_t take = len - off < 16 ? len - off : 16;

      /* n = the block with a 1 byte after it.  */
      memset (n, 0, sizeof n);
      for (k = 0; k < take; k++)
        n[k / 4] |= (uint32_t) msg[off + k] << (8 * (k % 4));
      n[take / 4] |= (uint32_t) 1 << (8 * (take % 4));
      c = 0;
      for (i = 0; i < 5; i++)
        {
          c += (uint64_t) acc[i] + n[i];
          acc[i] = (uint32_t) c;
          c >>= 32;
        }
      acc[5] += (uint32_t) c;

      /* acc = acc r mod p.  */
      memset (x, 0, sizeof x);
      for (i = 0; i < 6; i++)
        {
          c = 0;
          for (j = 0; j < 4; j++)
            {
              c += (uint64_t) x[i + j] + (uint64_t) acc[i] * r[j];
              x[i + j] = (uint32_t) c;
              c >>= 32;
            }
          for (j = i + 4; c && j < T_POLY_WORDS; j++)
            {
              c += x[j];
              x[j] = (uint32_t) c;
              c >>= 32;
            }
        }
      t_poly_reduce (x);
      memcpy (acc, x, sizeof acc);
    }

  /* tag = acc + s mod 2^128.  */
  c = 0;
  for (i = 0; i < 4; i++)
    {
      uint32_t s = key[16 + 4 * i] | (uint32_t) key[17 + 4 * i] << 8
                   | (uint32_t) key[18 + 4 * i] << 16
                   | (uint32_t) key[19 + 4 * i] << 24;

      c += (uint64_t) acc[i] + s;
      for (j = 0; j < 4; j++)
        tag[4 * i + j] = (unsigned char) (c >> (8 * j));
      c >>= 32;
    }
}


/* RFC 8439, section 2.5.2 and appendix A.3 (#4 to #11, the edge cases:
   accumulator reaching p, 2^130, s with a carry out).  */
static const struct
{
  const char *key, *msg, *tag;
} t_poly_rfc[] T_UNUSED =
  {
    { "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
      "43727970746f6772617068696320466f72756d2052657365617263682047726f7570",
      "a8061dc1305136c6c22b8baf0c0127a9" },
    { "0200000000000000000000000000000000000000000000000000000000000000",
      "ffffffffffffffffffffffffffffffff",
      "03000000000000000000000000000000" },
    { "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
      "02000000000000000000000000000000",
      "03000000000000000000000000000000" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff"
      "11000000000000000000000000000000",
      "05000000000000000000000000000000" },
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe"
      "01010101010101010101010101010101",
      "00000000000000000000000000000000" },
    { "0200000000000000000000000000000000000000000000000000000000000000",
      "fdffffffffffffffffffffffffffffff",
      "faffffffffffffffffffffffffffffff" },
    { "0100000000000000040000000000000000000000000000000000000000000000",
      "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
      "0000000000000000000000000000000001000000000000000000000000000000",
      "14000000000000005500000000000000" },
    { "0100000000000000040000000000000000000000000000000000000000000000",
      "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
      "00000000000000000000000000000000",
      "13000000000000000000000000000000" },
  };


/* The edge messages.  Numbers are little-endian arrays of 6 words.  */
#define T_POLY_EDGE_WORDS 6

/* A := A + B (6 words; no overflow in our range).  */
static void
t_poly_add6 (uint32_t *a, const uint32_t *b)
{
  uint64_t c = 0;
  int i;

  for (i = 0; i < T_POLY_EDGE_WORDS; i++)
    {
      c += (uint64_t) a[i] + b[i];
      a[i] = (uint32_t) c;
      c >>= 32;
    }
}

/* A := K p + D for small K and |D| (D may be negative).  */
static void
t_poly_kp_plus (uint32_t *a, unsigned int k, int d)
{
  uint32_t dd[T_POLY_EDGE_WORDS];
  uint64_t c = 0;
  int i;

  for (i = 0; i < T_POLY_EDGE_WORDS; i++)
    {
      c += (uint64_t) (i < 5 ? t_poly_p[i] : 0) * k;
      a[i] = (uint32_t) c;
      c >>= 32;
    }
  memset (dd, 0, sizeof dd);
  if (d >= 0)
    {
      dd[0] = (uint32_t) d;
      t_poly_add6 (a, dd);
    }
  else
    {
      dd[0] = (uint32_t) -d;
      t_poly_sub (a, dd, T_POLY_EDGE_WORDS);
    }
}

/* MSG := N full blocks (16 N bytes) whose sum plus N 2^128 is k p + d,
   if that lies in the reachable range; returns 0 when it does not.  The
   blocks are all ones from the front until the sum is spent.  */
static int
t_poly_edge_msg (unsigned char *msg, size_t nblocks, unsigned int k, int d)
{
  uint32_t t[T_POLY_EDGE_WORDS], lo[T_POLY_EDGE_WORDS];
  uint32_t hi[T_POLY_EDGE_WORDS], block[T_POLY_EDGE_WORDS];
  size_t i, j;

  /* lo = N 2^128 (sum of the 2^128 bits), hi = N (2^129 - 1).  */
  memset (lo, 0, sizeof lo);
  memset (hi, 0, sizeof hi);
  memset (block, 0, sizeof block);
  block[4] = 1;
  for (i = 0; i < nblocks; i++)
    t_poly_add6 (lo, block);
  block[0] = block[1] = block[2] = block[3] = 0xffffffff;
  block[4] = 1;
  for (i = 0; i < nblocks; i++)
    t_poly_add6 (hi, block);
  t_poly_kp_plus (t, k, d);
  if (!t_poly_geq (t, lo, T_POLY_EDGE_WORDS)
      || !t_poly_geq (hi, t, T_POLY_EDGE_WORDS))
    return 0;
  /* Spend t - lo over the blocks, at most 2^128 - 1 each.  */
  t_poly_sub (t, lo, T_POLY_EDGE_WORDS);
  memset (block, 0, sizeof block);
  block[0] = block[1] = block[2] = block[3] = 0xffffffff;
  for (i = 0; i < nblocks; i++)
    {
      const uint32_t *take = block;

      if (!t_poly_geq (t, block, T_POLY_EDGE_WORDS))
        take = t;
      for (j = 0; j < 16; j++)
        msg[16 * i + j] = (unsigned char) (take[j / 4] >> (8 * (j % 4)));
      if (take == t)
        memset (t, 0, sizeof t);
      else
        t_poly_sub (t, block, T_POLY_EDGE_WORDS);
    }
  return 1;
}

/* KEY := r = 1 and S; TAG := (d mod p) + s mod 2^128: the tag every
   edge message of t_poly_edge_msg must have.  */
static void
t_poly_edge_key_tag (unsigned char *key, const unsigned char *s, int d,
                     unsigned char *tag)
{
  uint32_t v[T_POLY_EDGE_WORDS];
  uint64_t c = 0;
  int i, j;

  memset (key, 0, 16);
  key[0] = 1;
  memcpy (key + 16, s, 16);
  t_poly_kp_plus (v, d < 0 ? 1 : 0, d);      /* d mod p */
  for (i = 0; i < 4; i++)
    {
      uint32_t sw = s[4 * i] | (uint32_t) s[4 * i + 1] << 8
                    | (uint32_t) s[4 * i + 2] << 16
                    | (uint32_t) s[4 * i + 3] << 24;

      c += (uint64_t) v[i] + sw;
      for (j = 0; j < 4; j++)
        tag[4 * i + j] = (unsigned char) (c >> (8 * j));
      c >>= 32;
    }
}

#endif /* T_POLY1305_REF_H */
