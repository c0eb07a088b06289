/* des.c - DES and Triple-DES (FIPS 46-3, NIST SP 800-67) in the cipher
 * registry: GCRY_CIPHER_DES and GCRY_CIPHER_3DES (three keys, EDE).
 *
 * NOT CONSTANT TIME.  Like upstream's, this implementation is table
 * driven: every round indexes tables with key-dependent data, so cache
 * timing can reveal key bits to an attacker sharing the CPU.  DES and
 * Triple-DES are here for OpenPGP and legacy data, not for new designs.
 *
 * How a round is computed.  FIPS 46-3's f(R, K) expands R to 48 bits
 * (E), adds the subkey, maps eight 6-bit groups through S1..S8 and
 * permutes the 32 output bits (P).  Here:
 *  - Each half is kept rotated right by one bit (W = R >>> 1).  Then
 *    the eight 6-bit groups of E(R) are bits 31..26, 23..18, 15..10 and
 *    7..2 of W (groups 1, 3, 5, 7) and of W <<< 4 (groups 2, 4, 6, 8):
 *    E costs one rotation.
 *  - The subkey of a round is stored the same way, as two words whose
 *    6-bit fields line up with those groups, so the key addition is two
 *    XORs.
 *  - DES_SP[i] maps a 6-bit group straight to the P-permuted output of
 *    S-box i+1, rotated right by one bit like the halves: a round is
 *    eight lookups XORed together.  The tables were generated from the
 *    FIPS 46-3 S-boxes and P (the row is the group's outer bits, the
 *    column its inner four) and are checked by the known-answer tests.
 *  - IP and its inverse are five delta swaps each (exchanging the bits
 *    selected by a mask between the two halves at a fixed distance):
 *    IP is a transposition of the 8x8 bit matrix of the block with its
 *    rows reordered, which swaps of distance 4, 16, 2, 8 and 1 build.
 *  - Triple-DES runs its 48 rounds between one IP and one final
 *    permutation: the inverse permutation closing one DES and the IP
 *    opening the next cancel.
 * ECB over several blocks interleaves four blocks, whose independent
 * lookup chains the CPU overlaps; the generic mode code runs every
 * mode on top of it, except CBC and CFB encryption and OFB, whose
 * chains run on the serial slots of cipher-serial.h.
 *
 * Weak keys (SP 800-67, section 3.3.2, and the "possibly weak" keys of
 * the DES literature): as upstream, a DES key, or any one of the three
 * keys of Triple-DES, is reported with GPG_ERR_WEAK_KEY when both
 * 28-bit halves C0 and D0 of its PC-1 output are one of the eight
 * words whose 4-bit period has an even number of ones (0000..., 1111...,
 * 0101..., 1010..., 0011..., 0110..., 1100..., 1001...).  Those are 64
 * keys: 4 weak (one distinct subkey), 12 semi-weak (two), 48 possibly
 * weak (four); parity bits are ignored, as PC-1 drops them.  The check
 * runs in constant time on the secret halves.  The key is still set
 * (gcry_cipher_ctl GCRYCTL_SET_ALLOW_WEAK_KEY lets it be used).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cipher-serial.h"

#define DES_BLOCKSIZE 8

/* 16 rounds of two subkey words each.  */
#define DES_SCHEDULE_WORDS 32

typedef struct des_context
{
  u32 enc[DES_SCHEDULE_WORDS];
  u32 dec[DES_SCHEDULE_WORDS];
} des_context_t;

/* Triple-DES: the 48 rounds of E(K3, D(K2, E(K1, x))) in the order
   they run, and those of the inverse.  */
typedef struct tripledes_context
{
  u32 enc[3 * DES_SCHEDULE_WORDS];
  u32 dec[3 * DES_SCHEDULE_WORDS];
} tripledes_context_t;


static inline u32
rol32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

static inline u32
ror32 (u32 x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}


/*
 * The key schedule.
 */

/* PC-1: the key bits (1 = most significant bit of the first byte) that
   make C0 (first 28) and D0 (last 28).  */
static const byte des_pc1[56] =
  {
    57, 49, 41, 33, 25, 17,  9,  1, 58, 50, 42, 34, 26, 18,
    10,  2, 59, 51, 43, 35, 27, 19, 11,  3, 60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15,  7, 62, 54, 46, 38, 30, 22,
    14,  6, 61, 53, 45, 37, 29, 21, 13,  5, 28, 20, 12,  4
  };

/* PC-2: the bits of C||D (1 = first bit of C) that make a subkey.  */
static const byte des_pc2[48] =
  {
    14, 17, 11, 24,  1,  5,  3, 28, 15,  6, 21, 10,
    23, 19, 12,  4, 26,  8, 16,  7, 27, 20, 13,  2,
    41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
    44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32
  };

/* Rounds 1, 2, 9 and 16 rotate C and D by one bit, the others by two.  */
#define DES_SINGLE_SHIFT_ROUNDS \
  ((1u << 0) | (1u << 1) | (1u << 8) | (1u << 15))

/* All ones when the 28-bit half H makes, paired with another such half,
   a weak, semi-weak or possibly weak key (see the file header); else 0.
   No branch or index depends on H.  */
static u32
des_half_is_weak (u32 h)
{
  static const u32 weak_halves[8] =
    {
      0x0000000, 0xfffffff, 0x5555555, 0xaaaaaaa,
      0x3333333, 0x6666666, 0xccccccc, 0x9999999
    };
  u32 hit = 0, x;
  int i;

  for (i = 0; i < 8; i++)
    {
      x = h ^ weak_halves[i];
      hit |= (x - 1) >> 31;     /* X < 2^28: bit 31 of X - 1 is X == 0.  */
    }
  return -hit;
}

/* Expand the 8-byte KEY into ENC (encryption order) and DEC (the same
   subkeys reversed).  Returns all ones if KEY is weak (see above).  */
static u32
des_key_schedule (const byte *key, u32 *enc, u32 *dec)
{
  u64 k = cipher_get_be64 (key);
  u64 cd;
  u32 c = 0, d = 0, weak, groups[8];
  int round, i, n;

  for (i = 0; i < 28; i++)
    c = (c << 1) | (u32) ((k >> (64 - des_pc1[i])) & 1);
  for (i = 28; i < 56; i++)
    d = (d << 1) | (u32) ((k >> (64 - des_pc1[i])) & 1);
  weak = des_half_is_weak (c) & des_half_is_weak (d);

  for (round = 0; round < 16; round++)
    {
      n = (DES_SINGLE_SHIFT_ROUNDS >> round) & 1 ? 1 : 2;
      c = ((c << n) | (c >> (28 - n))) & 0x0fffffff;
      d = ((d << n) | (d >> (28 - n))) & 0x0fffffff;
      cd = ((u64) c << 28) | d;
      memset (groups, 0, sizeof groups);
      for (i = 0; i < 48; i++)
        groups[i / 6] = (groups[i / 6] << 1)
                        | (u32) ((cd >> (56 - des_pc2[i])) & 1);
      /* The fields where des_f finds the groups of E(R).  */
      enc[2 * round] = (groups[0] << 26) | (groups[2] << 18)
                       | (groups[4] << 10) | (groups[6] << 2);
      enc[2 * round + 1] = (groups[1] << 26) | (groups[3] << 18)
                           | (groups[5] << 10) | (groups[7] << 2);
    }
  for (round = 0; round < 16; round++)
    {
      dec[2 * round] = enc[30 - 2 * round];
      dec[2 * round + 1] = enc[31 - 2 * round];
    }

  wipememory (groups, sizeof groups);
  wipememory (&k, sizeof k);
  wipememory (&cd, sizeof cd);
  return weak;
}


/*
 * The cipher.
 */

/* S-box i+1 followed by P, rotated right by one bit, for each 6-bit
   input group (see the file header).  */
static const u32 des_sp[8][64] =
  {
  {
    0x00404100, 0x00000000, 0x00004000, 0x00404101, 0x00404001, 0x00004101,
    0x00000001, 0x00004000, 0x00000100, 0x00404100, 0x00404101, 0x00000100,
    0x00400101, 0x00404001, 0x00400000, 0x00000001, 0x00000101, 0x00400100,
    0x00400100, 0x00004100, 0x00004100, 0x00404000, 0x00404000, 0x00400101,
    0x00004001, 0x00400001, 0x00400001, 0x00004001, 0x00000000, 0x00000101,
    0x00004101, 0x00400000, 0x00004000, 0x00404101, 0x00000001, 0x00404000,
    0x00404100, 0x00400000, 0x00400000, 0x00000100, 0x00404001, 0x00004000,
    0x00004100, 0x00400001, 0x00000100, 0x00000001, 0x00400101, 0x00004101,
    0x00404101, 0x00004001, 0x00404000, 0x00400101, 0x00400001, 0x00000101,
    0x00004101, 0x00404100, 0x00000101, 0x00400100, 0x00400100, 0x00000000,
    0x00004001, 0x00004100, 0x00000000, 0x00404001,
  },
  {
    0x20042008, 0x20002000, 0x00002000, 0x00042008, 0x00040000, 0x00000008,
    0x20040008, 0x20002008, 0x20000008, 0x20042008, 0x20042000, 0x20000000,
    0x20002000, 0x00040000, 0x00000008, 0x20040008, 0x00042000, 0x00040008,
    0x20002008, 0x00000000, 0x20000000, 0x00002000, 0x00042008, 0x20040000,
    0x00040008, 0x20000008, 0x00000000, 0x00042000, 0x00002008, 0x20042000,
    0x20040000, 0x00002008, 0x00000000, 0x00042008, 0x20040008, 0x00040000,
    0x20002008, 0x20040000, 0x20042000, 0x00002000, 0x20040000, 0x20002000,
    0x00000008, 0x20042008, 0x00042008, 0x00000008, 0x00002000, 0x20000000,
    0x00002008, 0x20042000, 0x00040000, 0x20000008, 0x00040008, 0x20002008,
    0x20000008, 0x00040008, 0x00042000, 0x00000000, 0x20002000, 0x00002008,
    0x20000000, 0x20040008, 0x20042008, 0x00042000,
  },
  {
    0x00000082, 0x02008080, 0x00000000, 0x02008002, 0x02000080, 0x00000000,
    0x00008082, 0x02000080, 0x00008002, 0x02000002, 0x02000002, 0x00008000,
    0x02008082, 0x00008002, 0x02008000, 0x00000082, 0x02000000, 0x00000002,
    0x02008080, 0x00000080, 0x00008080, 0x02008000, 0x02008002, 0x00008082,
    0x02000082, 0x00008080, 0x00008000, 0x02000082, 0x00000002, 0x02008082,
    0x00000080, 0x02000000, 0x02008080, 0x02000000, 0x00008002, 0x00000082,
    0x00008000, 0x02008080, 0x02000080, 0x00000000, 0x00000080, 0x00008002,
    0x02008082, 0x02000080, 0x02000002, 0x00000080, 0x00000000, 0x02008002,
    0x02000082, 0x00008000, 0x02000000, 0x02008082, 0x00000002, 0x00008082,
    0x00008080, 0x02000002, 0x02008000, 0x02000082, 0x00000082, 0x02008000,
    0x00008082, 0x00000002, 0x02008002, 0x00008080,
  },
  {
    0x40200800, 0x40000820, 0x40000820, 0x00000020, 0x00200820, 0x40200020,
    0x40200000, 0x40000800, 0x00000000, 0x00200800, 0x00200800, 0x40200820,
    0x40000020, 0x00000000, 0x00200020, 0x40200000, 0x40000000, 0x00000800,
    0x00200000, 0x40200800, 0x00000020, 0x00200000, 0x40000800, 0x00000820,
    0x40200020, 0x40000000, 0x00000820, 0x00200020, 0x00000800, 0x00200820,
    0x40200820, 0x40000020, 0x00200020, 0x40200000, 0x00200800, 0x40200820,
    0x40000020, 0x00000000, 0x00000000, 0x00200800, 0x00000820, 0x00200020,
    0x40200020, 0x40000000, 0x40200800, 0x40000820, 0x40000820, 0x00000020,
    0x40200820, 0x40000020, 0x40000000, 0x00000800, 0x40200000, 0x40000800,
    0x00200820, 0x40200020, 0x40000800, 0x00000820, 0x00200000, 0x40200800,
    0x00000020, 0x00200000, 0x00000800, 0x00200820,
  },
  {
    0x00000040, 0x00820040, 0x00820000, 0x10800040, 0x00020000, 0x00000040,
    0x10000000, 0x00820000, 0x10020040, 0x00020000, 0x00800040, 0x10020040,
    0x10800040, 0x10820000, 0x00020040, 0x10000000, 0x00800000, 0x10020000,
    0x10020000, 0x00000000, 0x10000040, 0x10820040, 0x10820040, 0x00800040,
    0x10820000, 0x10000040, 0x00000000, 0x10800000, 0x00820040, 0x00800000,
    0x10800000, 0x00020040, 0x00020000, 0x10800040, 0x00000040, 0x00800000,
    0x10000000, 0x00820000, 0x10800040, 0x10020040, 0x00800040, 0x10000000,
    0x10820000, 0x00820040, 0x10020040, 0x00000040, 0x00800000, 0x10820000,
    0x10820040, 0x00020040, 0x10800000, 0x10820040, 0x00820000, 0x00000000,
    0x10020000, 0x10800000, 0x00020040, 0x00800040, 0x10000040, 0x00020000,
    0x00000000, 0x10020000, 0x00820040, 0x10000040,
  },
  {
    0x08000004, 0x08100000, 0x00001000, 0x08101004, 0x08100000, 0x00000004,
    0x08101004, 0x00100000, 0x08001000, 0x00101004, 0x00100000, 0x08000004,
    0x00100004, 0x08001000, 0x08000000, 0x00001004, 0x00000000, 0x00100004,
    0x08001004, 0x00001000, 0x00101000, 0x08001004, 0x00000004, 0x08100004,
    0x08100004, 0x00000000, 0x00101004, 0x08101000, 0x00001004, 0x00101000,
    0x08101000, 0x08000000, 0x08001000, 0x00000004, 0x08100004, 0x00101000,
    0x08101004, 0x00100000, 0x00001004, 0x08000004, 0x00100000, 0x08001000,
    0x08000000, 0x00001004, 0x08000004, 0x08101004, 0x00101000, 0x08100000,
    0x00101004, 0x08101000, 0x00000000, 0x08100004, 0x00000004, 0x00001000,
    0x08100000, 0x00101004, 0x00001000, 0x00100004, 0x08001004, 0x00000000,
    0x08101000, 0x08000000, 0x00100004, 0x08001004,
  },
  {
    0x00080000, 0x81080000, 0x81000200, 0x00000000, 0x00000200, 0x81000200,
    0x80080200, 0x01080200, 0x81080200, 0x00080000, 0x00000000, 0x81000000,
    0x80000000, 0x01000000, 0x81080000, 0x80000200, 0x01000200, 0x80080200,
    0x80080000, 0x01000200, 0x81000000, 0x01080000, 0x01080200, 0x80080000,
    0x01080000, 0x00000200, 0x80000200, 0x81080200, 0x00080200, 0x80000000,
    0x01000000, 0x00080200, 0x01000000, 0x00080200, 0x00080000, 0x81000200,
    0x81000200, 0x81080000, 0x81080000, 0x80000000, 0x80080000, 0x01000000,
    0x01000200, 0x00080000, 0x01080200, 0x80000200, 0x80080200, 0x01080200,
    0x80000200, 0x81000000, 0x81080200, 0x01080000, 0x00080200, 0x00000000,
    0x80000000, 0x81080200, 0x00000000, 0x80080200, 0x01080000, 0x00000200,
    0x81000000, 0x01000200, 0x00000200, 0x80080000,
  },
  {
    0x04000410, 0x00000400, 0x00010000, 0x04010410, 0x04000000, 0x04000410,
    0x00000010, 0x04000000, 0x00010010, 0x04010000, 0x04010410, 0x00010400,
    0x04010400, 0x00010410, 0x00000400, 0x00000010, 0x04010000, 0x04000010,
    0x04000400, 0x00000410, 0x00010400, 0x00010010, 0x04010010, 0x04010400,
    0x00000410, 0x00000000, 0x00000000, 0x04010010, 0x04000010, 0x04000400,
    0x00010410, 0x00010000, 0x00010410, 0x00010000, 0x04010400, 0x00000400,
    0x00000010, 0x04010010, 0x00000400, 0x00010410, 0x04000400, 0x00000010,
    0x04000010, 0x04010000, 0x04010010, 0x04000000, 0x00010000, 0x04000410,
    0x00000000, 0x04010410, 0x00010010, 0x04000010, 0x04010000, 0x04000400,
    0x04000410, 0x00000000, 0x04010410, 0x00010400, 0x00010400, 0x00000410,
    0x00000410, 0x00010010, 0x04000000, 0x04010400,
  }
  };

/* Make the compiler treat X as computed by an unknown instruction, so
   that it keeps the grouping of the expression X came from.  */
#define DES_OPAQUE(x) __asm__ ("" : "+r" (x))

/* f(R, K) on the rotated half W, with the round's two subkey words.  */
static inline u32
des_f (u32 w, const u32 *k)
{
  u32 a = w ^ k[0];
  u32 b = rol32 (w, 4) ^ k[1];

  u32 s04 = des_sp[0][a >> 26] ^ des_sp[4][(a >> 10) & 63];
  u32 s26 = des_sp[2][(a >> 18) & 63] ^ des_sp[6][(a >> 2) & 63];
  u32 s15 = des_sp[1][b >> 26] ^ des_sp[5][(b >> 10) & 63];
  u32 s37 = des_sp[3][(b >> 18) & 63] ^ des_sp[7][(b >> 2) & 63];

  /* XOR the loads in pairs first, each pair as soon as its two loads
     are in: left alone, the compiler folds all eight into one chain of
     XORs in a fixed order, which lengthens every round (measured:
     3DES CBC encryption at 108 cycles/byte with the chain, 99 with the
     pairs).  */
  DES_OPAQUE (s04);
  DES_OPAQUE (s26);
  DES_OPAQUE (s15);
  DES_OPAQUE (s37);
  return (s04 ^ s26) ^ (s15 ^ s37);
}

/* Exchange the bits of B selected by MASK with those of A N bits
   higher.  */
#define DES_DELTA_SWAP(a, b, n, mask)                                   \
  do                                                                    \
    {                                                                   \
      u32 t_ = (((a) >> (n)) ^ (b)) & (mask);                           \
      (b) ^= t_;                                                        \
      (a) ^= t_ << (n);                                                 \
    }                                                                   \
  while (0)

/* IP on the block whose big-endian words are X and Y: *L, *R become
   L0, R0, rotated.  */
static inline void
des_ip (u32 x, u32 y, u32 *l, u32 *r)
{
  DES_DELTA_SWAP (x, y, 4, 0x0f0f0f0f);
  DES_DELTA_SWAP (x, y, 16, 0x0000ffff);
  DES_DELTA_SWAP (y, x, 2, 0x33333333);
  DES_DELTA_SWAP (y, x, 8, 0x00ff00ff);
  DES_DELTA_SWAP (x, y, 1, 0x55555555);
  *l = ror32 (x, 1);
  *r = ror32 (y, 1);
}

/* IP^-1 on the preoutput (FIRST, SECOND) = (R16, L16), rotated: the
   swaps of des_ip in reverse order give the block's words *X, *Y.  */
static inline void
des_fp (u32 first, u32 second, u32 *x, u32 *y)
{
  u32 a = rol32 (first, 1);
  u32 b = rol32 (second, 1);

  DES_DELTA_SWAP (a, b, 1, 0x55555555);
  DES_DELTA_SWAP (b, a, 8, 0x00ff00ff);
  DES_DELTA_SWAP (b, a, 2, 0x33333333);
  DES_DELTA_SWAP (a, b, 16, 0x0000ffff);
  DES_DELTA_SWAP (a, b, 4, 0x0f0f0f0f);
  *x = a;
  *y = b;
}

static inline void
des_load (const byte *in, u32 *l, u32 *r)
{
  des_ip (cipher_get_be32 (in), cipher_get_be32 (in + 4), l, r);
}

static inline void
des_store (byte *out, u32 first, u32 second)
{
  u32 x, y;

  des_fp (first, second, &x, &y);
  cipher_put_be32 (out, x);
  cipher_put_be32 (out + 4, y);
}

/* The 16 rounds of one DES with schedule KS: (*L, *R) = (L0, R0) in,
   (L16, R16) out.  One DES ends by swapping the halves, so the next DES
   of Triple-DES takes (R16, L16): its caller passes the two pointers
   the other way round.  */
static inline void
des_rounds (const u32 *ks, u32 *l, u32 *r)
{
  u32 a = *l, b = *r;
  int i;

  for (i = 0; i < DES_SCHEDULE_WORDS; i += 4)
    {
      a ^= des_f (b, ks + i);
      b ^= des_f (a, ks + i + 2);
    }
  *l = a;
  *r = b;
}

/* The same for four independent blocks, round by round: one block's
   rounds are a chain of dependent lookups, which the CPU overlaps for
   four blocks (measured: 3DES ECB 54 cycles/byte with two, 43 with
   three, 40 with four; more run out of registers).  */
static inline void
des_rounds_x4 (const u32 *ks, u32 *l0, u32 *r0, u32 *l1, u32 *r1,
               u32 *l2, u32 *r2, u32 *l3, u32 *r3)
{
  u32 a0 = *l0, b0 = *r0, a1 = *l1, b1 = *r1;
  u32 a2 = *l2, b2 = *r2, a3 = *l3, b3 = *r3;
  int i;

  for (i = 0; i < DES_SCHEDULE_WORDS; i += 4)
    {
      a0 ^= des_f (b0, ks + i);
      a1 ^= des_f (b1, ks + i);
      a2 ^= des_f (b2, ks + i);
      a3 ^= des_f (b3, ks + i);
      b0 ^= des_f (a0, ks + i + 2);
      b1 ^= des_f (a1, ks + i + 2);
      b2 ^= des_f (a2, ks + i + 2);
      b3 ^= des_f (a3, ks + i + 2);
    }
  *l0 = a0;
  *r0 = b0;
  *l1 = a1;
  *r1 = b1;
  *l2 = a2;
  *r2 = b2;
  *l3 = a3;
  *r3 = b3;
}

/* One block, as a big-endian number, through NDES (1 or 3) chained
   DES with the schedule KS (16 * NDES rounds).  */
static inline __attribute__ ((always_inline)) u64
des_crypt_u64 (const u32 *ks, int ndes, u64 block)
{
  u32 l, r, x, y;

  des_ip ((u32) (block >> 32), (u32) block, &l, &r);
  des_rounds (ks, &l, &r);
  if (ndes == 3)
    {
      des_rounds (ks + DES_SCHEDULE_WORDS, &r, &l);
      des_rounds (ks + 2 * DES_SCHEDULE_WORDS, &l, &r);
    }
  des_fp (r, l, &x, &y);
  return ((u64) x << 32) | y;
}

/* NBLOCKS blocks through NDES (1 or 3) chained DES with the schedule KS
   (16 * NDES rounds).  NDES is a constant in every caller, so each gets
   its own straight code.  */
static inline __attribute__ ((always_inline)) void
des_crypt_blocks (const u32 *ks, int ndes, byte *out, const byte *in,
                  size_t nblocks)
{
  u32 l0, r0, l1, r1, l2, r2, l3, r3;

  for (; nblocks >= 4; nblocks -= 4, in += 32, out += 32)
    {
      des_load (in, &l0, &r0);
      des_load (in + 8, &l1, &r1);
      des_load (in + 16, &l2, &r2);
      des_load (in + 24, &l3, &r3);
      des_rounds_x4 (ks, &l0, &r0, &l1, &r1, &l2, &r2, &l3, &r3);
      if (ndes == 3)
        {
          des_rounds_x4 (ks + DES_SCHEDULE_WORDS,
                         &r0, &l0, &r1, &l1, &r2, &l2, &r3, &l3);
          des_rounds_x4 (ks + 2 * DES_SCHEDULE_WORDS,
                         &l0, &r0, &l1, &r1, &l2, &r2, &l3, &r3);
        }
      des_store (out, r0, l0);
      des_store (out + 8, r1, l1);
      des_store (out + 16, r2, l2);
      des_store (out + 24, r3, l3);
    }
  for (; nblocks; nblocks--, in += 8, out += 8)
    cipher_put_be64 (out, des_crypt_u64 (ks, ndes, cipher_get_be64 (in)));
}


/*
 * DES.
 */

static void
des_ecb_crypt (void *ctx, byte *out, const byte *in, size_t nblocks,
               int encrypt)
{
  des_context_t *dctx = ctx;

  des_crypt_blocks (encrypt ? dctx->enc : dctx->dec, 1, out, in, nblocks);
}

static void
des_encrypt (void *ctx, byte *out, const byte *in)
{
  des_crypt_blocks (((des_context_t *) ctx)->enc, 1, out, in, 1);
}

static u64
des_encrypt_u64 (const void *ctx, u64 block)
{
  return des_crypt_u64 (((const des_context_t *) ctx)->enc, 1, block);
}

/* CBC and CFB encryption and OFB with the chaining value in registers
   (cipher-serial.h).  */
CIPHER_DEFINE_SERIAL_SLOTS_64 (des, des_encrypt_u64)

static void
des_decrypt (void *ctx, byte *out, const byte *in)
{
  des_crypt_blocks (((des_context_t *) ctx)->dec, 1, out, in, 1);
}

static gcry_err_code_t
des_setkey (void *ctx, const byte *key, size_t keylen,
            cipher_bulk_ops_t *bulk)
{
  des_context_t *dctx = ctx;
  u32 weak;

  if (keylen != 8)
    return GPG_ERR_INV_KEYLEN;
  weak = des_key_schedule (key, dctx->enc, dctx->dec);
  bulk->ecb_crypt = des_ecb_crypt;
  CIPHER_SET_SERIAL_SLOTS (bulk, des);
  return weak ? GPG_ERR_WEAK_KEY : 0;
}


/*
 * Triple-DES, EDE with three keys: E(K3, D(K2, E(K1, x))).
 */

static void
tripledes_ecb_crypt (void *ctx, byte *out, const byte *in, size_t nblocks,
                     int encrypt)
{
  tripledes_context_t *tctx = ctx;

  des_crypt_blocks (encrypt ? tctx->enc : tctx->dec, 3, out, in, nblocks);
}

static void
tripledes_encrypt (void *ctx, byte *out, const byte *in)
{
  des_crypt_blocks (((tripledes_context_t *) ctx)->enc, 3, out, in, 1);
}

static u64
tripledes_encrypt_u64 (const void *ctx, u64 block)
{
  return des_crypt_u64 (((const tripledes_context_t *) ctx)->enc, 3, block);
}

/* CBC and CFB encryption and OFB with the chaining value in registers
   (cipher-serial.h).  */
CIPHER_DEFINE_SERIAL_SLOTS_64 (tripledes, tripledes_encrypt_u64)

static void
tripledes_decrypt (void *ctx, byte *out, const byte *in)
{
  des_crypt_blocks (((tripledes_context_t *) ctx)->dec, 3, out, in, 1);
}

static gcry_err_code_t
tripledes_setkey (void *ctx, const byte *key, size_t keylen,
                  cipher_bulk_ops_t *bulk)
{
  tripledes_context_t *tctx = ctx;
  u32 enc[3][DES_SCHEDULE_WORDS], dec[3][DES_SCHEDULE_WORDS];
  u32 weak = 0;
  int i;

  if (keylen != 24)
    return GPG_ERR_INV_KEYLEN;
  for (i = 0; i < 3; i++)
    weak |= des_key_schedule (key + 8 * i, enc[i], dec[i]);

  /* Encryption: E with K1, D with K2, E with K3; decryption the
     inverse: D with K3, E with K2, D with K1.  */
  memcpy (tctx->enc, enc[0], sizeof enc[0]);
  memcpy (tctx->enc + DES_SCHEDULE_WORDS, dec[1], sizeof dec[1]);
  memcpy (tctx->enc + 2 * DES_SCHEDULE_WORDS, enc[2], sizeof enc[2]);
  memcpy (tctx->dec, dec[2], sizeof dec[2]);
  memcpy (tctx->dec + DES_SCHEDULE_WORDS, enc[1], sizeof enc[1]);
  memcpy (tctx->dec + 2 * DES_SCHEDULE_WORDS, dec[0], sizeof dec[0]);
  wipememory (enc, sizeof enc);
  wipememory (dec, sizeof dec);

  bulk->ecb_crypt = tripledes_ecb_crypt;
  CIPHER_SET_SERIAL_SLOTS (bulk, tripledes);
  return weak ? GPG_ERR_WEAK_KEY : 0;
}


/*
 * Registry entries: upstream's names and OIDs (Triple-DES in CBC mode,
 * RSADSI's des-ede3-cbc and PKCS #12's pbeWithSHAAnd3-KeyTripleDES-CBC;
 * single DES has none).
 */

static const gcry_cipher_oid_spec_t tripledes_oids[] =
  {
    { "1.2.840.113549.3.7", GCRY_CIPHER_MODE_CBC },
    { "1.2.840.113549.1.12.1.3", GCRY_CIPHER_MODE_CBC },
    { NULL, 0 }
  };

const gcry_cipher_spec_t _gcry_cipher_spec_des =
  {
    GCRY_CIPHER_DES, "DES", NULL, NULL,
    DES_BLOCKSIZE, 64, sizeof (des_context_t),
    des_setkey, des_encrypt, des_decrypt
  };

const gcry_cipher_spec_t _gcry_cipher_spec_tripledes =
  {
    GCRY_CIPHER_3DES, "3DES", NULL, tripledes_oids,
    DES_BLOCKSIZE, 192, sizeof (tripledes_context_t),
    tripledes_setkey, tripledes_encrypt, tripledes_decrypt
  };
