/* random-drbg.h - the deterministic core of the random subsystem: the
 * CTR_DRBG of NIST SP 800-90A Rev. 1 (section 10.2), AES with the
 * derivation function (Block_Cipher_df) and a full 128-bit counter.
 *
 * The core is a pure function of its inputs: the caller supplies the
 * entropy, nonce, personalisation and additional input, so known-answer
 * tests can drive it (tests/t-random-drbg.c and the self-test below).
 * Where the entropy comes from, when to reseed, locking and fork safety
 * are src/random.c's business.
 *
 * Inputs are given as lists of segments that the algorithm concatenates
 * (entropy || nonce || personalisation ...), so that secrets are never
 * copied into a joint buffer.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_RANDOM_DRBG_H
#define GCRY_RANDOM_DRBG_H

#define DRBG_BLOCKLEN     16
#define DRBG_MAX_KEYLEN   32
#define DRBG_MAX_SEEDLEN  (DRBG_MAX_KEYLEN + DRBG_BLOCKLEN)

/* Longest output of one generate request: SP 800-90A's
   max_number_of_bits_per_request for AES, 2^19 bits.  */
#define DRBG_MAX_REQUEST  65536

/* Longest input string (entropy, personalisation, additional input) the
   derivation function takes: its length field is 32 bits; we stop well
   below.  */
#define DRBG_MAX_INPUT    (1u << 30)

/* One piece of an input string.  */
typedef struct drbg_segment
{
  const void *data;
  size_t len;
} drbg_segment_t;

/* The working state (Key, V, reseed_counter).  Key lives only as the
   key schedule inside CTR; DF is a second handle for the derivation
   function, kept open so that no generate or reseed ever allocates.
   Both handles are in secure memory when the context was set up with
   SECURE.  */
typedef struct drbg_ctx
{
  gcry_cipher_hd_t ctr;         /* AES-CTR keyed with Key.  */
  gcry_cipher_hd_t df;          /* AES-CBC scratch for Block_Cipher_df.  */
  byte v[DRBG_BLOCKLEN];
  unsigned int keylen;          /* 16, 24 or 32.  */
  u64 reseed_counter;           /* 0: not instantiated.  */
} drbg_ctx_t;

/* Prepare D for AES with KEYLEN bytes of key (16, 24 or 32).  Opens the
   cipher handles (GCRY_CIPHER_SECURE if SECURE).  */
gcry_err_code_t _gcry_drbg_init (drbg_ctx_t *d, unsigned int keylen,
                                 int secure);

/* Close the handles and wipe D.  Safe on a zeroed or released D.  */
void _gcry_drbg_release (drbg_ctx_t *d);

/* Instantiate: SEED lists entropy_input || nonce || personalization.  */
gcry_err_code_t _gcry_drbg_instantiate (drbg_ctx_t *d,
                                        const drbg_segment_t *seed,
                                        size_t nseed);

/* Reseed: SEED lists entropy_input || additional_input.  */
gcry_err_code_t _gcry_drbg_reseed (drbg_ctx_t *d, const drbg_segment_t *seed,
                                   size_t nseed);

/* Generate LEN (at most DRBG_MAX_REQUEST) bytes into OUT with the
   additional input listed in ADIN (NADIN 0, or only empty segments, for
   none).  LEN may be 0 (the state still moves on).  The caller decides
   about reseeding; the core only refuses to run once reseed_counter
   passes SP 800-90A's absolute limit of 2^48.  */
gcry_err_code_t _gcry_drbg_generate (drbg_ctx_t *d, void *out, size_t len,
                                     const drbg_segment_t *adin,
                                     size_t nadin);

/* Known-answer test of the whole construction (instantiate, generate
   with additional input, reseed, prediction-resistant generate) on the
   AES kernel in use now.  0 or GPG_ERR_SELFTEST_FAILED.  */
gcry_err_code_t _gcry_drbg_selftest (void);

#endif /* GCRY_RANDOM_DRBG_H */
