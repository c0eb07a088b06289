/* ghash-portable.c - constant-time GHASH and POLYVAL in plain C.
 *
 * No table lookups and no branches: the carry-less 64x64-bit products
 * come from ordinary integer multiplications.  Each operand is split
 * into five parts holding every fifth bit (positions i, i+5, i+10, ...),
 * so between two used bits there are four zero bits.  In the integer
 * product of two such parts, the bits that meet at any position number
 * at most 13, a count that fits in the four zero bits above it: carries
 * never reach the next used position, and bit k of the integer product
 * is the XOR of the bit products for k, which is the carry-less result
 * there.  The 25 part products are XORed by result position class and
 * masked.  Without a 128-bit integer type the same is done on 32-bit
 * halves with four classes (at most 8 bits meet: fits in three zeros).
 *
 * Integer multiplication takes constant time on the CPUs this library
 * targets (x86-64 MUL/IMUL do not exit early).
 *
 * See ghash.h for the representation (reflected, key times x^-1) and
 * for how POLYVAL reuses GHASH's multiplier.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include "ghash.h"

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* Every fifth bit of a 64-bit word, starting at bit I.  */
static const u64 holes5[5] =
  {
    0x1084210842108421ULL, 0x2108421084210842ULL, 0x4210842108421084ULL,
    0x8421084210842108ULL, 0x0842108421084210ULL
  };

/* HI:LO = A * B carry-less.  */
static inline void
clmul64 (u64 a, u64 b, u64 *hi, u64 *lo)
{
  u64 ap[5], bp[5];
  u128 sum, result = 0;
  int i, r;

  for (i = 0; i < 5; i++)
    {
      ap[i] = a & holes5[i];
      bp[i] = b & holes5[i];
    }
  /* The product of part I and part J has its used bits at positions
     congruent to I + J mod 5.  Bit 64 + t of a 128-bit result belongs
     to class (t + 64) mod 5 = (t + 4) mod 5, so the high half of class
     R's mask is the 64-bit mask of class R + 1.  */
  for (r = 0; r < 5; r++)
    {
      sum = 0;
      for (i = 0; i < 5; i++)
        sum ^= (u128) ap[i] * bp[(r - i + 5) % 5];
      result |= sum & (((u128) holes5[(r + 1) % 5] << 64) | holes5[r]);
    }
  *hi = (u64) (result >> 64);
  *lo = (u64) result;
}

#else /* !__SIZEOF_INT128__ */

/* A * B carry-less for A, B below 2^32: four classes of every fourth
   bit, each with at most 8 bits, so a count fits in the three zeros.  */
static inline u64
clmul32 (u64 a, u64 b)
{
  static const u64 holes4[4] =
    {
      0x1111111111111111ULL, 0x2222222222222222ULL,
      0x4444444444444444ULL, 0x8888888888888888ULL
    };
  u64 ap[4], bp[4], sum, result = 0;
  int i, r;

  for (i = 0; i < 4; i++)
    {
      ap[i] = a & holes4[i];
      bp[i] = b & holes4[i];
    }
  for (r = 0; r < 4; r++)
    {
      sum = 0;
      for (i = 0; i < 4; i++)
        sum ^= ap[i] * bp[(r - i + 4) % 4];
      result |= sum & holes4[r];
    }
  return result;
}

/* HI:LO = A * B carry-less, Karatsuba over 32-bit halves.  */
static inline void
clmul64 (u64 a, u64 b, u64 *hi, u64 *lo)
{
  u64 a0 = a & 0xffffffffu, a1 = a >> 32;
  u64 b0 = b & 0xffffffffu, b1 = b >> 32;
  u64 l = clmul32 (a0, b0);
  u64 h = clmul32 (a1, b1);
  u64 m = clmul32 (a0 ^ a1, b0 ^ b1) ^ l ^ h;

  *hi = h ^ (m >> 32);
  *lo = l ^ (m << 32);
}
#endif /* !__SIZEOF_INT128__ */


/* Reduction of the reflected 256-bit product W3:W2:W1:W0 (W3 most
   significant) to R, modulo g = x^128 + x^7 + x^2 + x + 1.

   Reflected, W3:W2 holds the coefficients of x^0..x^127 and W1:W0 = D
   those of x^128..x^255; multiplying by x is a right shift.  Since
   x^128 = x^7 + x^2 + x + 1, D contributes F(D) = D ^ D>>1 ^ D>>2 ^ D>>7
   plus what those shifts push out below bit 0 (degrees 128..134):
   E = D<<127 ^ D<<126 ^ D<<121, which lies in the top 7 bits and
   contributes F(E) without overflowing again.  F is linear, so the
   result is W3:W2 ^ F(D ^ E), and E depends only on the low word of D.  */
static inline void
reduce (u64 r[2], u64 w3, u64 w2, u64 w1, u64 w0)
{
  u64 d1 = w1 ^ (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
  u64 d0 = w0;

  r[1] = w3 ^ d1 ^ (d1 >> 1) ^ (d1 >> 2) ^ (d1 >> 7);
  r[0] = w2 ^ d0 ^ (d0 >> 1) ^ (d1 << 63) ^ (d0 >> 2) ^ (d1 << 62)
         ^ (d0 >> 7) ^ (d1 << 57);
}

void
_gcry_ghash_mul_portable (u64 r[2], const u64 a[2], const u64 hp[2])
{
  u64 p0h, p0l, p1h, p1l, mh, ml;

  /* Karatsuba: three 64-bit products.  */
  clmul64 (a[0], hp[0], &p0h, &p0l);
  clmul64 (a[1], hp[1], &p1h, &p1l);
  clmul64 (a[0] ^ a[1], hp[0] ^ hp[1], &mh, &ml);
  mh ^= p0h ^ p1h;
  ml ^= p0l ^ p1l;
  /* The product of two reflected values is the reflected product
     shifted right by one bit; HP carries the factor x^-1 that moves it
     back, so the words are used as they are.  */
  reduce (r, p1h, p1l ^ mh, p0h ^ ml, p0l);
}

void
_gcry_ghash_setkey_portable (ghash_key_t *key, const u64 h[2])
{
  /* One block at a time: H^1 is all it reads.  */
  key->hpow[GHASH_HPOW (1)][0] = h[0];
  key->hpow[GHASH_HPOW (1)][1] = h[1];
  key->npowers = 1;
}

void
_gcry_ghash_update_portable (const ghash_key_t *key, byte acc[16],
                             const byte *buf, size_t nblocks)
{
  u64 y[2];

  y[1] = ghash_get_be64 (acc);
  y[0] = ghash_get_be64 (acc + 8);
  for (; nblocks; nblocks--, buf += GHASH_BLOCKSIZE)
    {
      y[1] ^= ghash_get_be64 (buf);
      y[0] ^= ghash_get_be64 (buf + 8);
      _gcry_ghash_mul_portable (y, y, key->hpow[GHASH_HPOW (1)]);
    }
  ghash_put_be64 (acc, y[1]);
  ghash_put_be64 (acc + 8, y[0]);
  wipememory (y, sizeof y);
}

/* POLYVAL = GHASH on byte-reversed blocks and state: a big-endian load
   of the reversed block is a little-endian load of the block.  */
void
_gcry_polyval_update_portable (const ghash_key_t *key, byte acc[16],
                               const byte *buf, size_t nblocks)
{
  u64 y[2];

  y[0] = ghash_get_le64 (acc);
  y[1] = ghash_get_le64 (acc + 8);
  for (; nblocks; nblocks--, buf += GHASH_BLOCKSIZE)
    {
      y[0] ^= ghash_get_le64 (buf);
      y[1] ^= ghash_get_le64 (buf + 8);
      _gcry_ghash_mul_portable (y, y, key->hpow[GHASH_HPOW (1)]);
    }
  ghash_put_le64 (acc, y[0]);
  ghash_put_le64 (acc + 8, y[1]);
  wipememory (y, sizeof y);
}
