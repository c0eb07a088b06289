/* argon2-kernels.h - the contract between Argon2 (cipher/argon2.c) and
 * its block-compression kernels.
 *
 * A kernel computes the compression function G of RFC 9106, 3.5, on
 * 1024-byte blocks held as 128 native 64-bit words (word I is the
 * little-endian 64-bit value at byte 8 * I):
 *
 *   fill (out, prev, ref, xor_old, scratch)
 *     R = PREV ^ REF; Z = P applied to the rows, then the columns of R;
 *     OUT = R ^ Z, or OUT ^= R ^ Z when XOR_OLD (passes after the
 *     first, version 0x13).  OUT never aliases PREV or REF; all
 *     three are 64-byte aligned.  SCRATCH is 256 words of 64-byte
 *     aligned memory the kernel may use for anything; the caller wipes
 *     it.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef ARGON2_KERNELS_H
#define ARGON2_KERNELS_H

#define ARGON2_BLOCK_WORDS 128

typedef void (*argon2_fill_t) (u64 *out, const u64 *prev, const u64 *ref,
                               int xor_old, u64 *scratch);

typedef struct argon2_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  argon2_fill_t fill;
} argon2_kernel_t;

/* The table of argon2.c, best first, the portable entry last.  */
extern const argon2_kernel_t *const _gcry_argon2_kernel_table;
extern const size_t _gcry_argon2_kernel_count;

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* cipher/argon2-x86.c: intrinsics under target attributes.  */
void _gcry_argon2_fill_avx2 (u64 *out, const u64 *prev, const u64 *ref,
                             int xor_old, u64 *scratch);
void _gcry_argon2_fill_avx512 (u64 *out, const u64 *prev, const u64 *ref,
                               int xor_old, u64 *scratch);
void _gcry_argon2_fill_avx512_zmm (u64 *out, const u64 *prev,
                                   const u64 *ref, int xor_old,
                                   u64 *scratch);
#endif

#endif /* ARGON2_KERNELS_H */
