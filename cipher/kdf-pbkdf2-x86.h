/* kdf-pbkdf2-x86.h - PBKDF2 inner loops on x86 instruction-set
 * extensions (cipher/kdf-pbkdf2-x86.c), for kdf-pbkdf2.c.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef KDF_PBKDF2_X86_H
#define KDF_PBKDF2_X86_H

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* COUNT more PBKDF2 iterations of HMAC-SHA-256 (OUTLEN 32) or
   HMAC-SHA-224 (OUTLEN 28): U = HMAC (U), T ^= U.  ISTATE and OSTATE are
   the chaining values after the inner and outer key blocks; U (the last
   U_j) and T (their XOR) are updated; all are eight native words, in
   FIPS order.  Needs SHA-NI and SSE4.1.  */
void _gcry_kdf_pbkdf2_sha256_iterate_shani (const u32 *istate,
                                            const u32 *ostate,
                                            u32 *u, u32 *t,
                                            unsigned long count,
                                            unsigned int outlen);

/* The same for HMAC-SHA-1 (five words; OUTLEN is 20 and unused).  */
void _gcry_kdf_pbkdf2_sha1_iterate_shani (const u32 *istate,
                                          const u32 *ostate,
                                          u32 *u, u32 *t,
                                          unsigned long count,
                                          unsigned int outlen);
#endif

#endif /* KDF_PBKDF2_X86_H */
