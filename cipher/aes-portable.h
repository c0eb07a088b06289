/* aes-portable.h - constant-time portable AES (bitsliced, no tables).
 *
 * The fallback every CPU can run.  Constant time by construction: the
 * state is bitsliced (four blocks at a time in eight 64-bit words), the
 * S-box is a boolean circuit, and no branch or memory index ever depends
 * on key or data.  The key schedule uses the same circuit.
 *
 * Include "gcrypt-int.h" first (for byte and size_t).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef AES_PORTABLE_H
#define AES_PORTABLE_H

/* Number of 64-bit words in one bitsliced round key: one word per bit
   position of a byte, each word holding that bit of all 16 key bytes
   replicated for the four blocks processed together.  */
#define AES_PORTABLE_SLICES 8

/* The expanded key.  Round key R (0..ROUNDS) is RK[R], already bitsliced
   and replicated for the four-block batch.  Decryption runs the inverse
   cipher with these same round keys in reverse order, so one schedule
   serves both directions.  Holds key material: wipe it when done.  */
typedef struct aes_portable_key
{
  u64 rk[15][AES_PORTABLE_SLICES];
  unsigned int rounds;          /* 10, 12 or 14.  */
} aes_portable_key_t;

/* Expand KEY of KEYLEN bytes (16, 24 or 32; the caller has checked it)
   into K.  Constant time; stack temporaries are wiped.  */
void _gcry_aes_portable_setkey (aes_portable_key_t *k, const byte *key,
                                size_t keylen);

/* Encrypt NBLOCKS 16-byte blocks from IN to OUT (ECB, block by block).
   OUT == IN is allowed (exact overlap only); any alignment; NBLOCKS may
   be 0.  Four blocks are processed per pass; a short final batch is
   padded internally.  */
void _gcry_aes_portable_encrypt (const aes_portable_key_t *k, byte *out,
                                 const byte *in, size_t nblocks);

/* Decrypt NBLOCKS 16-byte blocks from IN to OUT; same rules as
   _gcry_aes_portable_encrypt.  */
void _gcry_aes_portable_decrypt (const aes_portable_key_t *k, byte *out,
                                 const byte *in, size_t nblocks);

#endif /* AES_PORTABLE_H */
