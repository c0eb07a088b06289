/* crc-kernels.h - the contract between cipher/crc.c and its CRC32/CRC24
 * kernels.
 *
 * Every kernel table entry has two update functions with one signature:
 *
 *   update (crc, p, len)
 *     The register after LEN bytes at P (any length, any alignment),
 *     starting from CRC.  CRC32 (reflected): the register as crc.c keeps
 *     it, before the final XOR.  CRC24: the 24-bit register in the top
 *     bits of the u32, low byte zero.
 *
 * The folding primitives below are stricter: LEN at least 16 (any
 * length from there); crc.c's wrappers send shorter input to the tables.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CRC_KERNELS_H
#define CRC_KERNELS_H

#include <stddef.h>

typedef u32 (*crc_update_t) (u32 crc, const byte *p, size_t len);

typedef struct crc_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  crc_update_t crc32;
  crc_update_t crc24;
} crc_kernel_t;

/* The kernel table, best first, the portable entry last; exported
   (inside the library only) for tests/t-crc-kernels.  */
extern const crc_kernel_t *const _gcry_crc_kernel_table;
extern const size_t _gcry_crc_kernel_count;

/* crc-pclmul.c (x86-64 builds): xmm, ymm and zmm folding.  */
u32 _gcry_crc32_fold_pclmul (u32 crc, const byte *p, size_t len);
u32 _gcry_crc24_fold_pclmul (u32 crc, const byte *p, size_t len);
u32 _gcry_crc32_fold_vpclmul_avx2 (u32 crc, const byte *p, size_t len);
u32 _gcry_crc24_fold_vpclmul_avx2 (u32 crc, const byte *p, size_t len);
u32 _gcry_crc32_fold_vpclmul_avx512 (u32 crc, const byte *p, size_t len);
u32 _gcry_crc24_fold_vpclmul_avx512 (u32 crc, const byte *p, size_t len);

#endif /* CRC_KERNELS_H */
