/* blake2-kernels.h - the contract between BLAKE2's C code and its
 * compress kernels.
 *
 * cipher/blake2.c owns the hashing (parameter block, buffering, final
 * block); a kernel only runs the compression function F of RFC 7693
 * over whole blocks.  Every kernel, portable or assembly, has the same
 * signature and semantics:
 *
 *   compress (state, blocks, nblocks, inc)
 *     For each of the NBLOCKS consecutive blocks at BLOCKS (128 bytes for
 *     BLAKE2b, 64 for BLAKE2s; any alignment): add INC to the counter T
 *     (T[0] is the low word, the carry goes into T[1]; BLAKE2s adds INC
 *     truncated to 32 bits), then compress the block into H with the
 *     final flag F0 as stored in the state.  NBLOCKS may be 0 (nothing
 *     read or written).  H and T are updated in place; F0 is only read.
 *
 * The assembly reads and writes the state at fixed byte offsets; the
 * static_asserts below pin them, so a change of layout fails to compile
 * instead of silently breaking the kernels.
 *
 * The assembly kernels leave no message or state words behind: they
 * clear every vector register they used before returning, and a kernel
 * that keeps data on the stack (the BLAKE2s AVX-512 one: its message
 * schedule) leaves that area zeroed.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef BLAKE2_KERNELS_H
#define BLAKE2_KERNELS_H

#include <stddef.h>

/* The chaining state every kernel works on.  */
typedef struct blake2b_state
{
  u64 h[8];     /* Chaining value.  */
  u64 t[2];     /* Bytes hashed so far, 128-bit counter.  */
  u64 f0;       /* All ones while compressing the final block, else 0.  */
} blake2b_state_t;

typedef struct blake2s_state
{
  u32 h[8];
  u32 t[2];
  u32 f0;
} blake2s_state_t;

/* Offsets the assembly uses (BLAKE2B_STATE_* in the .S files).  */
_Static_assert (offsetof (blake2b_state_t, h) == 0, "blake2b h offset");
_Static_assert (offsetof (blake2b_state_t, t) == 64, "blake2b t offset");
_Static_assert (offsetof (blake2b_state_t, f0) == 80, "blake2b f0 offset");
_Static_assert (offsetof (blake2s_state_t, h) == 0, "blake2s h offset");
_Static_assert (offsetof (blake2s_state_t, t) == 32, "blake2s t offset");
_Static_assert (offsetof (blake2s_state_t, f0) == 40, "blake2s f0 offset");

/* A compress kernel, as described above.  */
typedef void (*blake2_compress_t) (void *state, const byte *blocks,
                                   size_t nblocks, size_t inc);

typedef struct blake2_kernel
{
  const char *name;          /* What the configuration report prints.  */
  unsigned int hwf;          /* HWF_* bits that must all be present.  */
  blake2_compress_t compress;
} blake2_kernel_t;

/* The kernel tables of blake2.c, best first, the portable entry last;
   exported (inside the library only) for tests/t-blake2-kernels.  */
extern const blake2_kernel_t *const _gcry_blake2b_kernel_table;
extern const size_t _gcry_blake2b_kernel_count;
extern const blake2_kernel_t *const _gcry_blake2s_kernel_table;
extern const size_t _gcry_blake2s_kernel_count;


#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/*
 * x86-64 assembly kernels (SysV ABI).  Each may only be called when the
 * CPU has the HWF_* bits its table entry names; each clears the vector
 * registers it used (the state is secret for keyed hashing).
 */

/* cipher/blake2b-avx2-x86_64.S: ymm rows, needs AVX2.  */
void _gcry_blake2b_compress_avx2 (void *state, const byte *blocks,
                                  size_t nblocks, size_t inc);

/* cipher/blake2b-avx512-x86_64.S: ymm rows with EVEX rotations and
   masked broadcast loads (no VPGATHER, no zmm), needs AVX-512F/VL.  */
void _gcry_blake2b_compress_avx512 (void *state, const byte *blocks,
                                    size_t nblocks, size_t inc);

/* cipher/blake2s-avx-x86_64.S: xmm rows, needs AVX.  */
void _gcry_blake2s_compress_avx (void *state, const byte *blocks,
                                 size_t nblocks, size_t inc);

/* cipher/blake2s-avx512-x86_64.S: xmm rows with VPRORD, the message
   schedule on the stack, written a block ahead; needs AVX-512F/VL.  */
void _gcry_blake2s_compress_avx512 (void *state, const byte *blocks,
                                    size_t nblocks, size_t inc);
#endif

#endif /* BLAKE2_KERNELS_H */
