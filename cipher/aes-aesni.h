/* aes-aesni.h - AES with the x86 AES-NI instructions.
 *
 * aes_hw_key_t is the expanded-key layout every x86 AES kernel reads:
 * these C-intrinsics kernels now, and the VAES assembly templates that
 * will replace them.  Changing the layout means changing every kernel.
 *
 * Callers must check that the CPU has AES-NI and SSE4.1 (HWF_INTEL_AESNI
 * and HWF_INTEL_SSE4_1; every AES-NI CPU has both) before calling any of
 * these.  The file compiles with ordinary CFLAGS: each function carries
 * its own target attribute.
 *
 * Include "gcrypt-int.h" first (for byte, u64 and size_t).
 *
 * K must be at least 16-byte aligned (its type asks for 64; malloc's
 * alignment suffices): round keys are read with aligned loads.
 *
 * Common rules for every function below: blocks are 16 bytes; NBLOCKS
 * may be 0 (nothing is read or written, IV/counter unchanged); any
 * alignment; OUT == IN is allowed (exact overlap only, no partial
 * overlap).  The IV or counter argument is updated in place so that a
 * following call continues the same stream: splitting one call into
 * several gives the same output.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef AES_AESNI_H
#define AES_AESNI_H

/* The expanded key.  ENC[0..ROUNDS] are the FIPS-197 round keys in
   order.  DEC is the schedule of the equivalent inverse cipher, in the
   order AESDEC consumes it: DEC[0] = ENC[ROUNDS], DEC[I] =
   InvMixColumns(ENC[ROUNDS-I]) for 0 < I < ROUNDS, DEC[ROUNDS] = ENC[0];
   _gcry_aes_aesni_setkey fills both, _gcry_aes_aesni_setkey_enc only
   ENC (aes.c derives DEC on first use).  Holds key material: wipe it
   when done.  */
typedef struct aes_hw_key
{
  byte enc[15][16];
  byte dec[15][16];
  unsigned int rounds;          /* 10, 12 or 14.  */
} __attribute__ ((aligned (64))) aes_hw_key_t;

/* Expand KEY of KEYLEN bytes (16, 24 or 32; the caller has checked it)
   into K, both directions.  Constant time (AESENCLAST for SubWord,
   AESIMC for the decryption keys); nothing is spilled to the stack.
   Round keys past ROUNDS are left as they were.  */
void _gcry_aes_aesni_setkey (aes_hw_key_t *k, const byte *key,
                             size_t keylen);

/* The two halves of _gcry_aes_aesni_setkey, for callers that defer the
   decryption schedule until it is needed (aes.c): SETKEY_ENC fills
   ENC and ROUNDS only, leaving DEC as it was; SETKEY_DEC derives DEC
   from ENC and ROUNDS.  Every decryption kernel reads DEC, so one of
   the two must have run since the last SETKEY_ENC.  */
void _gcry_aes_aesni_setkey_enc (aes_hw_key_t *k, const byte *key,
                                 size_t keylen);
void _gcry_aes_aesni_setkey_dec (aes_hw_key_t *k);

/* Single-direction ECB over NBLOCKS blocks (8 blocks interleaved).  */
void _gcry_aes_aesni_encrypt (const aes_hw_key_t *k, byte *out,
                              const byte *in, size_t nblocks);
void _gcry_aes_aesni_decrypt (const aes_hw_key_t *k, byte *out,
                              const byte *in, size_t nblocks);

/* ECB in either direction: ENCRYPT nonzero encrypts.  */
void _gcry_aes_aesni_ecb_crypt (const aes_hw_key_t *k, byte *out,
                                const byte *in, size_t nblocks,
                                int encrypt);

/* CBC encryption: C[i] = E(P[i] ^ C[i-1]), C[-1] = *IV; on return IV
   holds the last ciphertext block.  Serial by nature.
   With CBC_MAC nonzero (GCRY_CIPHER_CBC_MAC: upstream's output buffer
   receives only the final block) OUT must hold just 16 bytes: exactly
   OUT[0..15] is written, once, with the last ciphertext block (the MAC),
   which is also the new IV; nothing else is written.  OUT may then
   overlap the first input block (it is written after all input is
   read).  */
void _gcry_aes_aesni_cbc_enc (const aes_hw_key_t *k, byte *iv, byte *out,
                              const byte *in, size_t nblocks, int cbc_mac);

/* CBC decryption: P[i] = D(C[i]) ^ C[i-1], C[-1] = *IV; on return IV
   holds the last ciphertext block.  8 blocks interleaved.  */
void _gcry_aes_aesni_cbc_dec (const aes_hw_key_t *k, byte *iv, byte *out,
                              const byte *in, size_t nblocks);

/* Full-block CFB-128 encryption: C[i] = P[i] ^ E(C[i-1]), C[-1] = *IV;
   on return IV holds the last ciphertext block.  Serial.  */
void _gcry_aes_aesni_cfb_enc (const aes_hw_key_t *k, byte *iv, byte *out,
                              const byte *in, size_t nblocks);

/* Full-block CFB-128 decryption: P[i] = C[i] ^ E(C[i-1]); IV as above.
   8 blocks interleaved.  */
void _gcry_aes_aesni_cfb_dec (const aes_hw_key_t *k, byte *iv, byte *out,
                              const byte *in, size_t nblocks);

/* CTR: OUT[i] = IN[i] ^ E(CTR + i), CTR a 16-byte big-endian counter,
   incremented once per block with the carry running through all 16
   bytes (wrapping at 2^128).  On return CTR has advanced by NBLOCKS.
   8 blocks interleaved.  */
void _gcry_aes_aesni_ctr_enc (const aes_hw_key_t *k, byte *ctr, byte *out,
                              const byte *in, size_t nblocks);

/* XCTR as defined for HCTR2 (Crowley, Huckleberry, Biggers): keystream
   block number I is E(K, IV ^ le128(I)), where le128(I) is I as a
   16-byte little-endian integer and the first block of a message has
   I = 1.  Block J (0-based) of this call uses I = FIRST_BLOCK_INDEX + J
   (as a 128-bit sum), so a message split over several calls passes 1,
   then 1 + the number of blocks already processed, and so on.  IV is
   not modified.  XCTR is its own inverse.  8 blocks interleaved.  */
void _gcry_aes_aesni_xctr_enc (const aes_hw_key_t *k, const byte *iv,
                               u64 first_block_index, byte *out,
                               const byte *in, size_t nblocks);

#endif /* AES_AESNI_H */
