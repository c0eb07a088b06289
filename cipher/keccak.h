/* keccak.h - the contract between cipher/keccak.c (the sponge, SHA-3,
 * SHAKE and cSHAKE) and its Keccak-f[1600] kernels.
 *
 * The state is 25 native u64 lanes, lane (x, y) at index x + 5 * y
 * (FIPS 202, section 3.1.2).  Every kernel, portable or assembly, has
 * the same two functions:
 *
 *   permute (state)
 *     Apply the 24 rounds of Keccak-f[1600] to STATE.
 *   absorb (state, in, nblocks, rate)
 *     For each of the NBLOCKS blocks of RATE bytes at IN (any
 *     alignment; RATE a multiple of 8, at most 168): XOR the block into
 *     the first RATE / 8 lanes, little-endian, and permute.  NBLOCKS may
 *     be 0 (nothing is read or written).  Nothing past the NBLOCKS *
 *     RATE bytes is read.
 *
 * The assembly kernels leave no state behind: they clear the vector
 * registers and the scratch registers and stack they used.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef KECCAK_H
#define KECCAK_H

#include <stddef.h>

typedef struct keccak_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  void (*permute) (u64 *state);
  void (*absorb) (u64 *state, const byte *in, size_t nblocks,
                  unsigned int rate);
} keccak_kernel_t;

/* The kernel table of keccak.c, best first, the portable entry last;
   exported (inside the library only) for tests/t-keccak-kernels.  */
extern const keccak_kernel_t *const _gcry_keccak_kernel_table;
extern const size_t _gcry_keccak_kernel_count;

/* The name of the kernel a context would get now under HWF (the
   "keccak" entry of the kernel report).  */
const char *_gcry_keccak_current_kernel (unsigned int hwf);

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/*
 * x86-64 assembly kernels (SysV ABI).  Each may only be called when the
 * CPU has the HWF_* bits its table entry names.
 */

/* cipher/keccak-avx512-x86_64.S: one lane per xmm register (32 of
   them, so the whole state stays in registers across blocks),
   VPTERNLOGQ for the three-input steps and VPROLQ, theta and rho of
   one column on the scalar ports; needs AVX-512F, AVX-512VL and BMI2
   (RORX).  */
void _gcry_keccak_permute_avx512 (u64 *state);
void _gcry_keccak_absorb_avx512 (u64 *state, const byte *in,
                                 size_t nblocks, unsigned int rate);

/* cipher/keccak-bmi2-x86_64.S: general-purpose registers, the state
   streamed between memory copies, ANDN and RORX; needs BMI1 and BMI2
   (HWF_INTEL_BMI2).  */
void _gcry_keccak_permute_bmi2 (u64 *state);
void _gcry_keccak_absorb_bmi2 (u64 *state, const byte *in,
                               size_t nblocks, unsigned int rate);
#endif

#endif /* KECCAK_H */
