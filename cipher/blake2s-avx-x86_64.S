/* blake2s-avx-x86_64.S - BLAKE2s compression with AVX (128-bit), one
 * block at a time.
 *
 * Entry: _gcry_blake2s_compress_avx (state, blocks, nblocks, inc), with
 * the semantics of blake2_compress_t in blake2-kernels.h.
 *
 * Features: AVX (VEX three-operand forms; SSSE3's PSHUFB under VEX)
 * (table entry: HWF_INTEL_AVX | HWF_X86_FAST_VECTOR).
 * Targets: every AVX CPU whose vector unit the policy calls fast (Sandy
 * Bridge and later, Zen 1 and later); AVX-512 CPUs use the avx512
 * kernel.
 *
 * Design.  BLAKE2s's 4x4 matrix of 32-bit words is four xmm rows, one
 * vector instruction advancing the four column (then diagonal) G's.  A
 * block is a dependency chain of 10 rounds x 2 steps, so what matters is
 * the latency of that chain:
 *
 *  - Rotations by 16 and 8 are byte moves, one VPSHUFB each (one
 *    cycle); 12 and 7 are not, so they are shift, shift, or (two cycles:
 *    the two shifts run in parallel).
 *  - Diagonalisation rotates rows A, C and D across lanes and keeps row
 *    B, the last one a G computes, in place: the other rows' shuffles
 *    then overlap B's final rotation instead of following it.  Lane j of
 *    the diagonal step holds a[j-1], b[j], c[j+1], d[j+2], i.e. diagonal
 *    G number j-1 (mod 4), which only reorders the message words.
 *  - a = a + b + m is computed as (a + m) + b, off b's chain.
 *  - Message words are placed with one VMOVD and three VPINSRD loads
 *    per vector (no gather exists in AVX; none would be wanted: see the
 *    BLAKE2b kernels on "Downfall").  They depend only on the block
 *    pointer and execute in the chain's shadow.
 *
 * Register map:
 *   xmm0  ROW_A  v[0..3]        xmm4  MSG_X1  first words, column step
 *   xmm1  ROW_B  v[4..7]        xmm5  MSG_Y1  second words, column step
 *   xmm2  ROW_C  v[8..11]       xmm6  MSG_X2  first words, diagonal step
 *   xmm3  ROW_D  v[12..15]      xmm7  MSG_Y2  second words, diagonal step
 *   xmm8  TMP_ROT  temporary of the 12- and 7-bit rotations
 *   xmm9  CTR_T  (t0, t1, 0, 0) of the current block
 *   xmm10 ROT16 / xmm11 ROT8  VPSHUFB masks
 *   xmm12 H_LO h[0..3] / xmm13 H_HI h[4..7]: the chaining value
 *   xmm14 IV_LO  iv[0..3]
 *   xmm15 IV_HI  iv[4..7] ^ (0, 0, f0, 0)
 *   rdi state, rsi block pointer, rdx blocks left, rcx inc (32 bits),
 *   r8 the counter as one 64-bit number (t[1]:t[0]): a 64-bit add of
 *   the 32-bit INC is exactly "t[0] += inc, carry into t[1]".
 * Only caller-saved registers are used, and no stack.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

/* blake2s_state_t offsets (static_asserts in blake2-kernels.h).  */
#define STATE_H  0
#define STATE_T  32
#define STATE_F0 40

#define ROW_A   %xmm0
#define ROW_B   %xmm1
#define ROW_C   %xmm2
#define ROW_D   %xmm3
#define MSG_X1  %xmm4
#define MSG_Y1  %xmm5
#define MSG_X2  %xmm6
#define MSG_Y2  %xmm7
#define TMP_ROT %xmm8
#define CTR_T   %xmm9
#define ROT16   %xmm10
#define ROT8    %xmm11
#define H_LO    %xmm12
#define H_HI    %xmm13
#define IV_LO   %xmm14
#define IV_HI   %xmm15

GCRY_ASM_RODATA
.balign 16
.Lblake2s_avx_iv:
	.long 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
	.long 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
/* Byte i of each dword from byte (i + 2) mod 4: rotate right 16.  */
.Lblake2s_avx_rot16:
	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
/* Byte i from byte (i + 1) mod 4: rotate right 8.  */
.Lblake2s_avx_rot8:
	.byte 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12

.text

/* DST = (m[w0], m[w1], m[w2], m[w3]) from the block at rsi.  */
.macro LOAD_MSG dst, w0, w1, w2, w3
	vmovd (4*\w0)(%rsi), \dst
	vpinsrd $1, (4*\w1)(%rsi), \dst, \dst
	vpinsrd $2, (4*\w2)(%rsi), \dst, \dst
	vpinsrd $3, (4*\w3)(%rsi), \dst, \dst
.endm

/* Four G functions at once, one per lane, with message words MX, MY.  */
.macro G4 mx, my
	vpaddd \mx, ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	vpxor ROW_A, ROW_D, ROW_D
	vpshufb ROT16, ROW_D, ROW_D		/* ror 16 */
	vpaddd ROW_D, ROW_C, ROW_C
	vpxor ROW_C, ROW_B, ROW_B
	vpsrld $12, ROW_B, TMP_ROT		/* ror 12 */
	vpslld $20, ROW_B, ROW_B
	vpor TMP_ROT, ROW_B, ROW_B
	vpaddd \my, ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	vpxor ROW_A, ROW_D, ROW_D
	vpshufb ROT8, ROW_D, ROW_D		/* ror 8 */
	vpaddd ROW_D, ROW_C, ROW_C
	vpxor ROW_C, ROW_B, ROW_B
	vpsrld $7, ROW_B, TMP_ROT		/* ror 7 */
	vpslld $25, ROW_B, ROW_B
	vpor TMP_ROT, ROW_B, ROW_B
.endm

/* One round with the message order S0..S15 (a row of sigma).  Lane j of
   the diagonal step runs diagonal G number (j + 3) mod 4, so its words
   are sigma[14], [8], [10], [12] (first) and [15], [9], [11], [13].  */
.macro ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	LOAD_MSG MSG_X1, \s0, \s2, \s4, \s6
	LOAD_MSG MSG_Y1, \s1, \s3, \s5, \s7
	LOAD_MSG MSG_X2, \s14, \s8, \s10, \s12
	LOAD_MSG MSG_Y2, \s15, \s9, \s11, \s13
	G4 MSG_X1, MSG_Y1
	vpshufd $0x93, ROW_A, ROW_A		/* lane j <- a[j-1] */
	vpshufd $0x4e, ROW_D, ROW_D		/* lane j <- d[j+2] */
	vpshufd $0x39, ROW_C, ROW_C		/* lane j <- c[j+1] */
	G4 MSG_X2, MSG_Y2
	vpshufd $0x39, ROW_A, ROW_A
	vpshufd $0x4e, ROW_D, ROW_D
	vpshufd $0x93, ROW_C, ROW_C
.endm

/* void _gcry_blake2s_compress_avx (void *state, const byte *blocks,
                                    size_t nblocks, size_t inc)  */
GCRY_ASM_FUNC_START(_gcry_blake2s_compress_avx)
	testq %rdx, %rdx
	jz .Lavx_done

	movl %ecx, %ecx				/* inc mod 2^32 */
	vmovdqu (STATE_H)(%rdi), H_LO
	vmovdqu (STATE_H + 16)(%rdi), H_HI
	movq (STATE_T)(%rdi), %r8
	vmovdqa .Lblake2s_avx_iv(%rip), IV_LO
	/* IV_HI = iv[4..7] ^ (0, 0, f0, 0).  */
	vmovd (STATE_F0)(%rdi), IV_HI
	vpshufd $0x45, IV_HI, IV_HI		/* f0 to lane 2, zeros elsewhere */
	vpxor (.Lblake2s_avx_iv + 16)(%rip), IV_HI, IV_HI
	vmovdqa .Lblake2s_avx_rot16(%rip), ROT16
	vmovdqa .Lblake2s_avx_rot8(%rip), ROT8

.balign 16
.Lavx_block:
	addq %rcx, %r8				/* t += inc, 64-bit */
	vmovq %r8, CTR_T

	vmovdqa H_LO, ROW_A
	vmovdqa H_HI, ROW_B
	vmovdqa IV_LO, ROW_C
	vpxor CTR_T, IV_HI, ROW_D

	ROUND  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	ROUND 14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3
	ROUND 11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4
	ROUND  7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8
	ROUND  9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13
	ROUND  2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9
	ROUND 12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11
	ROUND 13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10
	ROUND  6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5
	ROUND 10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0

	/* h ^= v[0..7] ^ v[8..15].  */
	vpxor ROW_C, ROW_A, ROW_A
	vpxor ROW_D, ROW_B, ROW_B
	vpxor ROW_A, H_LO, H_LO
	vpxor ROW_B, H_HI, H_HI

	addq $64, %rsi
	decq %rdx
	jnz .Lavx_block

	vmovdqu H_LO, (STATE_H)(%rdi)
	vmovdqu H_HI, (STATE_H + 16)(%rdi)
	movq %r8, (STATE_T)(%rdi)
	/* Clear every vector register: they hold message and chaining
	   words.  */
	vzeroall
.Lavx_done:
	ret
GCRY_ASM_FUNC_END(_gcry_blake2s_compress_avx)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
