/* aes-portable.c - constant-time portable AES, bitsliced.
 *
 * Four blocks are processed together in eight 64-bit words ("slices"):
 * slice B holds bit B of each of the 64 state bytes.  Within a slice,
 * the bit of state byte (row R, column C) of block N sits at position
 *
 *      16*R + 4*C + N
 *
 * so each row is a 16-bit lane.  This layout makes the linear layers
 * cheap: ShiftRows rotates each lane by whole nibbles, and MixColumns
 * needs "the byte one row down", which is a 16-bit rotation of the whole
 * word.  SubBytes is the Boyar-Peralta depth-16 S-box circuit (IACR
 * ePrint 2011/332), 113 gates applied to all 64 bytes at once;
 * InvSubBytes reuses it between two inverse affine maps.
 *
 * Nothing here indexes memory or branches on key or data, so timing
 * does not depend on them.  Round keys are stored bitsliced and
 * replicated for the four blocks.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "aes-portable.h"

/* Bytes processed per pass: four blocks.  */
#define BATCH_BYTES 64


/*
 * Conversion between bytes and slices.
 */

/* Transpose the 8x8 bit matrix held in X (row = byte, column = bit):
   afterwards bit J of byte B is what bit B of byte J was.  Three rounds
   of swapping off-diagonal 1x1, 2x2 and 4x4 sub-blocks.  */
static inline u64
transpose_bits_8x8 (u64 x)
{
  u64 t;

  t = (x ^ (x >> 7)) & 0x00aa00aa00aa00aaULL;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000cccc0000ccccULL;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0ULL;
  x ^= t ^ (t << 28);
  return x;
}

/* Exchange the high SHIFT bits of each 2*SHIFT-bit unit of *A (masked
   by MASK after shifting) with the low ones of *B.  */
static inline void
swap_halves (u64 *a, u64 *b, unsigned int shift, u64 mask)
{
  u64 t = ((*a >> shift) ^ *b) & mask;

  *b ^= t;
  *a ^= t << shift;
}

/* Transpose the 8x8 byte matrix W (row = word, column = byte).  */
static inline void
transpose_bytes_8x8 (u64 w[8])
{
  int i;

  for (i = 0; i < 4; i++)
    swap_halves (&w[i], &w[i + 4], 32, 0x00000000ffffffffULL);
  for (i = 0; i < 8; i += (i & 1) ? 3 : 1)
    swap_halves (&w[i], &w[i + 2], 16, 0x0000ffff0000ffffULL);
  for (i = 0; i < 8; i += 2)
    swap_halves (&w[i], &w[i + 1], 8, 0x00ff00ff00ff00ffULL);
}

/* Offset in a four-block batch of the state byte whose bits sit at
   positions 8*K + J of the slices (see the layout above).  K picks the
   row (K / 2) and a pair of columns (K % 2), J the column within the
   pair (J / 4) and the block (J % 4).  */
static inline unsigned int
batch_offset (unsigned int k, unsigned int j)
{
  unsigned int row = k >> 1;
  unsigned int col = 2 * (k & 1) + (j >> 2);
  unsigned int blk = j & 3;

  return 16 * blk + 4 * col + row;
}

/* Load 64 bytes (four blocks) into slices S.  Gathering puts the eight
   bytes destined for bit positions 8K..8K+7 into word K; transposing
   each word's bits, then the bytes across words, lands bit B of all of
   them in slice B.  */
static void
pack_batch (u64 s[8], const byte *in)
{
  unsigned int k, j;
  u64 w;

  for (k = 0; k < 8; k++)
    {
      w = 0;
      for (j = 0; j < 8; j++)
        w |= (u64) in[batch_offset (k, j)] << (8 * j);
      s[k] = transpose_bits_8x8 (w);
    }
  transpose_bytes_8x8 (s);
}

/* The inverse of pack_batch (both transposes are involutions).  S is
   clobbered.  */
static void
unpack_batch (byte *out, u64 s[8])
{
  unsigned int k, j;
  u64 w;

  transpose_bytes_8x8 (s);
  for (k = 0; k < 8; k++)
    {
      w = transpose_bits_8x8 (s[k]);
      for (j = 0; j < 8; j++)
        out[batch_offset (k, j)] = (byte) (w >> (8 * j));
    }
}


/*
 * SubBytes: the Boyar-Peralta circuit.  Its inputs U0..U7 and outputs
 * S0..S7 number the bits from the most significant, so U0 is slice 7.
 * "+" in the paper is XOR, "x" is AND, "#" is XNOR.
 */
static void
sub_bytes (u64 s[8])
{
  u64 u0 = s[7], u1 = s[6], u2 = s[5], u3 = s[4];
  u64 u4 = s[3], u5 = s[2], u6 = s[1], u7 = s[0];
  u64 t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
  u64 t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
  u64 m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15;
  u64 m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26, m27, m28;
  u64 m29, m30, m31, m32, m33, m34, m35, m36, m37, m38, m39, m40, m41;
  u64 m42, m43, m44, m45, m46, m47, m48, m49, m50, m51, m52, m53, m54;
  u64 m55, m56, m57, m58, m59, m60, m61, m62, m63;
  u64 l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14;
  u64 l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26, l27;
  u64 l28, l29;

  /* Top linear layer.  */
  t1 = u0 ^ u3;
  t2 = u0 ^ u5;
  t3 = u0 ^ u6;
  t4 = u3 ^ u5;
  t5 = u4 ^ u6;
  t6 = t1 ^ t5;
  t7 = u1 ^ u2;
  t8 = u7 ^ t6;
  t9 = u7 ^ t7;
  t10 = t6 ^ t7;
  t11 = u1 ^ u5;
  t12 = u2 ^ u5;
  t13 = t3 ^ t4;
  t14 = t6 ^ t11;
  t15 = t5 ^ t11;
  t16 = t5 ^ t12;
  t17 = t9 ^ t16;
  t18 = u3 ^ u7;
  t19 = t7 ^ t18;
  t20 = t1 ^ t19;
  t21 = u6 ^ u7;
  t22 = t7 ^ t21;
  t23 = t2 ^ t22;
  t24 = t2 ^ t10;
  t25 = t20 ^ t17;
  t26 = t3 ^ t16;
  t27 = t1 ^ t12;

  /* Middle, non-linear: inversion in GF(2^8) via GF(2^4).  */
  m1 = t13 & t6;
  m2 = t23 & t8;
  m3 = t14 ^ m1;
  m4 = t19 & u7;
  m5 = m4 ^ m1;
  m6 = t3 & t16;
  m7 = t22 & t9;
  m8 = t26 ^ m6;
  m9 = t20 & t17;
  m10 = m9 ^ m6;
  m11 = t1 & t15;
  m12 = t4 & t27;
  m13 = m12 ^ m11;
  m14 = t2 & t10;
  m15 = m14 ^ m11;
  m16 = m3 ^ m2;
  m17 = m5 ^ t24;
  m18 = m8 ^ m7;
  m19 = m10 ^ m15;
  m20 = m16 ^ m13;
  m21 = m17 ^ m15;
  m22 = m18 ^ m13;
  m23 = m19 ^ t25;
  m24 = m22 ^ m23;
  m25 = m22 & m20;
  m26 = m21 ^ m25;
  m27 = m20 ^ m21;
  m28 = m23 ^ m25;
  m29 = m28 & m27;
  m30 = m26 & m24;
  m31 = m20 & m23;
  m32 = m27 & m31;
  m33 = m27 ^ m25;
  m34 = m21 & m22;
  m35 = m24 & m34;
  m36 = m24 ^ m25;
  m37 = m21 ^ m29;
  m38 = m32 ^ m33;
  m39 = m23 ^ m30;
  m40 = m35 ^ m36;
  m41 = m38 ^ m40;
  m42 = m37 ^ m39;
  m43 = m37 ^ m38;
  m44 = m39 ^ m40;
  m45 = m42 ^ m41;
  m46 = m44 & t6;
  m47 = m40 & t8;
  m48 = m39 & u7;
  m49 = m43 & t16;
  m50 = m38 & t9;
  m51 = m37 & t17;
  m52 = m42 & t15;
  m53 = m45 & t27;
  m54 = m41 & t10;
  m55 = m44 & t13;
  m56 = m40 & t23;
  m57 = m39 & t19;
  m58 = m43 & t3;
  m59 = m38 & t22;
  m60 = m37 & t20;
  m61 = m42 & t1;
  m62 = m45 & t4;
  m63 = m41 & t2;

  /* Bottom linear layer, with the affine constant folded in as XNORs.  */
  l0 = m61 ^ m62;
  l1 = m50 ^ m56;
  l2 = m46 ^ m48;
  l3 = m47 ^ m55;
  l4 = m54 ^ m58;
  l5 = m49 ^ m61;
  l6 = m62 ^ l5;
  l7 = m46 ^ l3;
  l8 = m51 ^ m59;
  l9 = m52 ^ m53;
  l10 = m53 ^ l4;
  l11 = m60 ^ l2;
  l12 = m48 ^ m51;
  l13 = m50 ^ l0;
  l14 = m52 ^ m61;
  l15 = m55 ^ l1;
  l16 = m56 ^ l0;
  l17 = m57 ^ l1;
  l18 = m58 ^ l8;
  l19 = m63 ^ l4;
  l20 = l0 ^ l1;
  l21 = l1 ^ l7;
  l22 = l3 ^ l12;
  l23 = l18 ^ l2;
  l24 = l15 ^ l9;
  l25 = l6 ^ l10;
  l26 = l7 ^ l9;
  l27 = l8 ^ l10;
  l28 = l11 ^ l14;
  l29 = l11 ^ l17;

  s[7] = l6 ^ l24;
  s[6] = ~(l16 ^ l26);
  s[5] = ~(l19 ^ l28);
  s[4] = l6 ^ l21;
  s[3] = l20 ^ l22;
  s[2] = l25 ^ l29;
  s[1] = ~(l13 ^ l27);
  s[0] = ~(l6 ^ l23);
}

/* The linear part of the inverse affine map of FIPS-197 5.3.2: bit I
   becomes the XOR of bits I+2, I+5 and I+7 (mod 8).  */
static inline void
inv_affine_linear (u64 s[8])
{
  u64 b[8];
  int i;

  for (i = 0; i < 8; i++)
    b[i] = s[i];
  for (i = 0; i < 8; i++)
    s[i] = b[(i + 2) & 7] ^ b[(i + 5) & 7] ^ b[(i + 7) & 7];
}

/* InvSubBytes without a second circuit.  With S(y) = L(inv(y)) ^ 0x63
   for the linear map L, and L^-1(0x63) = 0x05:
     InvS(x) = inv(z) with z = L^-1(x) ^ 0x05, and
     inv(z) = L^-1(S(z) ^ 0x63) = L^-1(S(z)) ^ 0x05.
   XOR with 0x05 flips slices 0 and 2.  */
static void
inv_sub_bytes (u64 s[8])
{
  inv_affine_linear (s);
  s[0] = ~s[0];
  s[2] = ~s[2];
  sub_bytes (s);
  inv_affine_linear (s);
  s[0] = ~s[0];
  s[2] = ~s[2];
}


/*
 * ShiftRows and MixColumns on the row-lane layout.
 */

/* Row R moves left by R columns: in its 16-bit lane, nibble C takes
   nibble C+R (mod 4).  */
static inline u64
shift_rows_1 (u64 x)
{
  return (x & 0x000000000000ffffULL)
    | ((x & 0x00000000fff00000ULL) >> 4)  | ((x & 0x00000000000f0000ULL) << 12)
    | ((x & 0x0000ff0000000000ULL) >> 8)  | ((x & 0x000000ff00000000ULL) << 8)
    | ((x & 0xf000000000000000ULL) >> 12) | ((x & 0x0fff000000000000ULL) << 4);
}

/* Row R moves right by R columns.  */
static inline u64
inv_shift_rows_1 (u64 x)
{
  return (x & 0x000000000000ffffULL)
    | ((x & 0x00000000f0000000ULL) >> 12) | ((x & 0x000000000fff0000ULL) << 4)
    | ((x & 0x0000ff0000000000ULL) >> 8)  | ((x & 0x000000ff00000000ULL) << 8)
    | ((x & 0xfff0000000000000ULL) >> 4)  | ((x & 0x000f000000000000ULL) << 12);
}

static inline void
shift_rows (u64 s[8])
{
  int i;

  for (i = 0; i < 8; i++)
    s[i] = shift_rows_1 (s[i]);
}

static inline void
inv_shift_rows (u64 s[8])
{
  int i;

  for (i = 0; i < 8; i++)
    s[i] = inv_shift_rows_1 (s[i]);
}

/* Rotating a slice right by 16*N bits puts row R+N of every column at
   row R.  */
static inline u64
rotr64 (u64 x, unsigned int n)
{
  return (x >> n) | (x << (64 - n));
}

/* Multiply every byte by x (the polynomial 0x11b), in place.  */
static inline void
xtime (u64 s[8])
{
  u64 top = s[7];

  s[7] = s[6];
  s[6] = s[5];
  s[5] = s[4];
  s[4] = s[3] ^ top;
  s[3] = s[2] ^ top;
  s[2] = s[1];
  s[1] = s[0] ^ top;
  s[0] = top;
}

/* out[r] = 2 a[r] + 3 a[r+1] + a[r+2] + a[r+3]
          = 2 (a[r] + a[r+1]) + a[r+1] + (a[r+2] + a[r+3]).  */
static inline void
mix_columns (u64 s[8])
{
  u64 next[8], pair[8];
  int i;

  for (i = 0; i < 8; i++)
    {
      next[i] = rotr64 (s[i], 16);
      pair[i] = s[i] ^ next[i];
    }
  for (i = 0; i < 8; i++)
    s[i] = next[i] ^ rotr64 (pair[i], 32);
  xtime (pair);
  for (i = 0; i < 8; i++)
    s[i] ^= pair[i];
}

/* The InvMixColumns matrix (0e 0b 0d 09) factors as the MixColumns
   matrix times the circulant (05 00 04 00), so first map each a[r] to
   a[r] + 4 (a[r] + a[r+2]), then mix as usual.  */
static inline void
inv_mix_columns (u64 s[8])
{
  u64 opposite[8];
  int i;

  for (i = 0; i < 8; i++)
    opposite[i] = s[i] ^ rotr64 (s[i], 32);
  xtime (opposite);
  xtime (opposite);
  for (i = 0; i < 8; i++)
    s[i] ^= opposite[i];
  mix_columns (s);
}

static inline void
add_round_key (u64 s[8], const u64 rk[8])
{
  int i;

  for (i = 0; i < 8; i++)
    s[i] ^= rk[i];
}


/*
 * Four-block cores.
 */

static void
encrypt_batch (const aes_portable_key_t *k, byte *out, const byte *in)
{
  u64 s[8];
  unsigned int r;

  pack_batch (s, in);
  add_round_key (s, k->rk[0]);
  for (r = 1; r < k->rounds; r++)
    {
      sub_bytes (s);
      shift_rows (s);
      mix_columns (s);
      add_round_key (s, k->rk[r]);
    }
  sub_bytes (s);
  shift_rows (s);
  add_round_key (s, k->rk[k->rounds]);
  unpack_batch (out, s);
  wipememory (s, sizeof s);
}

/* The straightforward inverse cipher (FIPS-197 5.3), with the
   encryption round keys in reverse order.  */
static void
decrypt_batch (const aes_portable_key_t *k, byte *out, const byte *in)
{
  u64 s[8];
  unsigned int r;

  pack_batch (s, in);
  add_round_key (s, k->rk[k->rounds]);
  for (r = k->rounds - 1; r > 0; r--)
    {
      inv_shift_rows (s);
      inv_sub_bytes (s);
      add_round_key (s, k->rk[r]);
      inv_mix_columns (s);
    }
  inv_shift_rows (s);
  inv_sub_bytes (s);
  add_round_key (s, k->rk[0]);
  unpack_batch (out, s);
  wipememory (s, sizeof s);
}

/* The circuit's temporaries (bits of the state and of the round keys)
   spill into the stack frames of the batch functions, below the frame of
   the public entry point.  A frame of this size, wiped after the work,
   covers them (about 600 bytes at -O2 on x86-64).  */
#define BURN_BYTES 1024

static void __attribute__ ((noinline))
burn_stack (void)
{
  byte scratch[BURN_BYTES];

  wipememory (scratch, sizeof scratch);
}

/* Run BATCH over NBLOCKS blocks; a short tail goes through a zero-padded
   local buffer, which is wiped.  */
static void
run_batches (const aes_portable_key_t *k, byte *out, const byte *in,
             size_t nblocks,
             void (*batch) (const aes_portable_key_t *, byte *, const byte *))
{
  byte tail[BATCH_BYTES];

  for (; nblocks >= 4; nblocks -= 4)
    {
      batch (k, out, in);
      in += BATCH_BYTES;
      out += BATCH_BYTES;
    }
  if (nblocks)
    {
      memset (tail, 0, sizeof tail);
      memcpy (tail, in, nblocks * 16);
      batch (k, tail, tail);
      memcpy (out, tail, nblocks * 16);
      wipememory (tail, sizeof tail);
    }
  burn_stack ();
}

void
_gcry_aes_portable_encrypt (const aes_portable_key_t *k, byte *out,
                            const byte *in, size_t nblocks)
{
  run_batches (k, out, in, nblocks, encrypt_batch);
}

void
_gcry_aes_portable_decrypt (const aes_portable_key_t *k, byte *out,
                            const byte *in, size_t nblocks)
{
  run_batches (k, out, in, nblocks, decrypt_batch);
}


/*
 * Key schedule (FIPS-197 5.2), on 32-bit words read little-endian so
 * that byte 0 of a word is its low byte.
 */

/* SubWord through the same circuit: the four bytes go into the low four
   bit lanes of eight slices.  Constant time.  */
static u32
sub_word (u32 w)
{
  u64 s[8];
  u32 res = 0;
  unsigned int b, j;

  for (b = 0; b < 8; b++)
    {
      s[b] = 0;
      for (j = 0; j < 4; j++)
        s[b] |= (u64) ((w >> (8 * j + b)) & 1) << j;
    }
  sub_bytes (s);
  for (b = 0; b < 8; b++)
    for (j = 0; j < 4; j++)
      res |= (u32) ((s[b] >> j) & 1) << (8 * j + b);
  wipememory (s, sizeof s);
  return res;
}

void
_gcry_aes_portable_setkey (aes_portable_key_t *k, const byte *key,
                           size_t keylen)
{
  u32 w[60];                    /* 4 * (14 + 1) words at most.  */
  byte batch[BATCH_BYTES];
  unsigned int nk = keylen / 4;
  unsigned int nwords, i, r, blk;
  u32 temp, rcon = 1;

  k->rounds = nk + 6;
  nwords = 4 * (k->rounds + 1);
  for (i = 0; i < nk; i++)
    w[i] = (u32) key[4 * i] | ((u32) key[4 * i + 1] << 8)
      | ((u32) key[4 * i + 2] << 16) | ((u32) key[4 * i + 3] << 24);
  for (i = nk; i < nwords; i++)
    {
      temp = w[i - 1];
      /* The branches depend on the position only, never on key bytes.  */
      if (i % nk == 0)
        {
          temp = sub_word ((temp >> 8) | (temp << 24)) ^ rcon;
          rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
        }
      else if (nk > 6 && i % nk == 4)
        temp = sub_word (temp);
      w[i] = w[i - nk] ^ temp;
    }

  /* Slice each round key, replicated into all four blocks of a batch.  */
  for (r = 0; r <= k->rounds; r++)
    {
      for (blk = 0; blk < 4; blk++)
        for (i = 0; i < 16; i++)
          batch[16 * blk + i] = (byte) (w[4 * r + i / 4] >> (8 * (i % 4)));
      pack_batch (k->rk[r], batch);
    }
  for (; r < DIM (k->rk); r++)
    memset (k->rk[r], 0, sizeof k->rk[r]);

  wipememory (w, sizeof w);
  wipememory (batch, sizeof batch);
  wipememory (&temp, sizeof temp);
  burn_stack ();
}
