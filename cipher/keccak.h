/* keccak.h - the contract between cipher/keccak.c (the sponge, SHA-3,
 * SHAKE and cSHAKE) and its Keccak-f[1600] kernels.
 *
 * The state is 25 native u64 lanes, lane (x, y) at index x + 5 * y
 * (FIPS 202, section 3.1.2).  Every kernel, portable or vector, has the
 * same two functions:
 *
 *   permute (state)
 *     Apply the 24 rounds of Keccak-f[1600] to STATE.
 *   absorb (state, in, nblocks, rate)
 *     For each of the NBLOCKS blocks of RATE bytes at IN (any
 *     alignment; RATE a multiple of 8, at most 168): XOR the block into
 *     the first RATE / 8 lanes, little-endian, and permute.  NBLOCKS may
 *     be 0.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef KECCAK_H
#define KECCAK_H

#include <stddef.h>

/* The iota constants of the 24 rounds (FIPS 202, 3.2.5); in keccak.c.  */
extern const u64 _gcry_keccak_round_constants[24];

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* cipher/keccak-avx512.c: one lane per xmm register (32 of them, so the
   whole state stays in registers), three-input logic with VPTERNLOGQ and
   rotations with VPROLQ; needs AVX-512F and AVX-512VL.  */
void _gcry_keccak_permute_avx512 (u64 *state);
void _gcry_keccak_absorb_avx512 (u64 *state, const byte *in,
                                 size_t nblocks, unsigned int rate);
#endif

#endif /* KECCAK_H */
