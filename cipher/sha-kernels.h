/* sha-kernels.h - the contract between the SHA-1/SHA-2 C code and their
 * compress kernels.
 *
 * cipher/sha1.c, sha256.c and sha512.c own the hashing (buffering,
 * padding, output); a kernel only runs the FIPS 180-4 compression over
 * whole blocks.  Every kernel, portable or assembly, has one signature:
 *
 *   compress (state, blocks, nblocks)
 *     Compress the NBLOCKS consecutive blocks at BLOCKS (64 bytes for
 *     SHA-1 and SHA-256, 128 for SHA-512; any alignment) into STATE, the
 *     chaining value as native words H0..H4 (SHA-1, u32), H0..H7
 *     (SHA-256, u32) or H0..H7 (SHA-512, u64), in FIPS order.  NBLOCKS
 *     may be 0 (nothing read or written).
 *
 * The assembly kernels leave no message or state words behind: they
 * clear every vector register they used and wipe the stack they used
 * before returning.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef SHA_KERNELS_H
#define SHA_KERNELS_H

#include <stddef.h>

typedef void (*sha_compress_t) (void *state, const byte *blocks,
                                size_t nblocks);

typedef struct sha_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  sha_compress_t compress;
} sha_kernel_t;

/* The kernel tables, best first, the portable entry last; exported
   (inside the library only) for tests/t-sha-kernels.  */
extern const sha_kernel_t *const _gcry_sha1_kernel_table;
extern const size_t _gcry_sha1_kernel_count;
extern const sha_kernel_t *const _gcry_sha256_kernel_table;
extern const size_t _gcry_sha256_kernel_count;
extern const sha_kernel_t *const _gcry_sha512_kernel_table;
extern const size_t _gcry_sha512_kernel_count;

/* The name of the kernel a context would get now under HWF, for the
   entries "sha1", "sha256" and "sha512" of _gcry_sha_kernel_reports
   (defined in sha1.c).  */
const char *_gcry_sha1_current_kernel (unsigned int hwf);
const char *_gcry_sha256_current_kernel (unsigned int hwf);
const char *_gcry_sha512_current_kernel (unsigned int hwf);

/* The first entry of TABLE (N entries) whose features HWF has all;
   the last (portable) entry otherwise.  */
static inline const sha_kernel_t *
_gcry_sha_select_kernel (const sha_kernel_t *table, size_t n,
                         unsigned int hwf)
{
  size_t i;

  for (i = 0; i + 1 < n; i++)
    if ((table[i].hwf & hwf) == table[i].hwf)
      return &table[i];
  return &table[n - 1];
}


#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/*
 * x86-64 assembly kernels (SysV ABI).  Each may only be called when the
 * CPU has the HWF_* bits its table entry names.
 */

/* cipher/sha1-shani-x86_64.S: SHA1RNDS4 and friends, needs SHA-NI and
   SSE4.1.  */
void _gcry_sha1_compress_shani (void *state, const byte *blocks,
                                size_t nblocks);

/* cipher/sha256-shani-x86_64.S: SHA256RNDS2, needs SHA-NI and SSE4.1.  */
void _gcry_sha256_compress_shani (void *state, const byte *blocks,
                                  size_t nblocks);

/* cipher/sha256-avx2-x86_64.S: scalar rounds (BMI2 RORX/ANDN) fed by a
   two-block AVX2 message schedule, needs AVX2 and BMI2.  */
void _gcry_sha256_compress_avx2 (void *state, const byte *blocks,
                                 size_t nblocks);

/* cipher/sha512-x86_64.S: scalar rounds (BMI2 RORX) fed by a
   two-block AVX2 message schedule, needs AVX2 and BMI2.  */
void _gcry_sha512_compress_avx2 (void *state, const byte *blocks,
                                 size_t nblocks);

/* cipher/sha512-x86_64.S: as the AVX2 kernel, with the schedule
   in EVEX VPRORQ/VPTERNLOGQ on ymm, needs AVX-512F/VL and BMI2.  */
void _gcry_sha512_compress_avx512 (void *state, const byte *blocks,
                                   size_t nblocks);
#endif

#endif /* SHA_KERNELS_H */
