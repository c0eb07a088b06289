/* sm3-kernels.h - the contract between the SM3 C code and its compress
 * kernels.
 *
 * cipher/sm3.c owns the hashing (buffering, padding, output); a kernel
 * only runs the compression function CF of GB/T 32905-2016 (section
 * 5.3) over whole blocks.  Every kernel, portable or assembly, has one
 * signature:
 *
 *   compress (state, blocks, nblocks)
 *     Compress the NBLOCKS consecutive 64-byte blocks at BLOCKS (any
 *     alignment) into STATE, the chaining value as native words
 *     V[0..7] (A..H).  NBLOCKS may be 0 (nothing read or written).
 *
 * The assembly kernels leave no message or state words behind: they
 * clear every vector register they used, the caller-saved general
 * registers that held state, and the stack they used before returning.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef SM3_KERNELS_H
#define SM3_KERNELS_H

#include <stddef.h>

typedef void (*sm3_compress_t) (void *state, const byte *blocks,
                                size_t nblocks);

typedef struct sm3_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  sm3_compress_t compress;
} sm3_kernel_t;

/* The kernel table of sm3.c, best first, the portable entry last;
   exported (inside the library only) for tests/t-sm3-kernels.  */
extern const sm3_kernel_t *const _gcry_sm3_kernel_table;
extern const size_t _gcry_sm3_kernel_count;


#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/*
 * x86-64 assembly kernels (SysV ABI), cipher/sm3-x86_64.S.  Each may
 * only be called when the CPU has the HWF_* bits its table entry names.
 */

/* Scalar BMI2 rounds, message expansion with AVX-512VL (VPROLD,
   VPTERNLOGD) on xmm registers; needs AVX-512 and BMI2.  */
void _gcry_sm3_compress_avx512 (void *state, const byte *blocks,
                                size_t nblocks);

/* The same with the expansion in AVX; needs AVX and BMI2.  */
void _gcry_sm3_compress_avx (void *state, const byte *blocks,
                             size_t nblocks);
#endif

#endif /* SM3_KERNELS_H */
