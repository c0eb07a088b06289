/* blake2b-avx512-x86_64.S - BLAKE2b compression with AVX-512 on 256-bit
 * vectors, one block at a time, without VPGATHER.
 *
 * Entry: _gcry_blake2b_compress_avx512 (state, blocks, nblocks, inc),
 * with the semantics of blake2_compress_t in blake2-kernels.h.
 *
 * Features: AVX-512F and AVX-512VL (EVEX on ymm), which HWF_INTEL_AVX512
 * guarantees (table entry: HWF_INTEL_AVX512 | HWF_X86_FAST_VECTOR).
 * Targets: Ice Lake and later Intel cores, Zen 4.  No zmm register is
 * touched, so the kernel has no 512-bit frequency cost and needs no
 * x86-zmm permission: a single BLAKE2b block has only four independent
 * G's per step, which fill a ymm exactly.
 *
 * The round structure is the AVX2 kernel's (blake2b-avx2-x86_64.S
 * explains the row layout and why row B stays put while A, C and D are
 * rotated across lanes).  What AVX-512 changes:
 *
 *  - VPRORQ rotates by 24, 16 and 63 in one instruction.  The 63-bit
 *    rotation was two dependent steps on AVX2; each G is now one cycle
 *    shorter (12 cycles of dependent work instead of 13 on cores where
 *    these instructions take one cycle), and no shuffle masks occupy
 *    registers.  The rotation by 32 stays a VPSHUFD: also one cycle,
 *    and it issues on the shuffle port, away from the rotates.
 *  - Message words are placed with masked broadcast loads: the first
 *    word of a vector is broadcast to all lanes, then each further word
 *    is broadcast under a one-lane write mask (k1, k2, k3).  Three
 *    merging loads per vector, no shuffle at all, no gather.  The seed
 *    libgcrypt relied on VPGATHERQQ here until the "Downfall" (GDS)
 *    microcode made gathers about three times slower on affected Intel
 *    cores; plain and masked loads are untouched by that mitigation.
 *  - The feed-forward h ^= a ^ c is one VPTERNLOGQ per half.
 *
 * Register map (ymm0-15 only, so VZEROALL clears all of them):
 *   ymm0  ROW_A  v[0..3]        ymm4  MSG_X1  first words, column step
 *   ymm1  ROW_B  v[4..7]        ymm5  MSG_Y1  second words, column step
 *   ymm2  ROW_C  v[8..11]       ymm6  MSG_X2  first words, diagonal step
 *   ymm3  ROW_D  v[12..15]      ymm7  MSG_Y2  second words, diagonal step
 *   ymm8  CTR_T  (t0, t1, 0, 0) of the current block
 *   ymm12 H_LO h[0..3] / ymm13 H_HI h[4..7]: the chaining value
 *   ymm14 IV_LO  iv[0..3]
 *   ymm15 IV_HI  iv[4..7] ^ (0, 0, f0, 0)
 *   k1, k2, k3   write masks of lanes 1, 2, 3
 *   rdi state, rsi block pointer, rdx blocks left, rcx inc,
 *   r8/r9 counter t[0]/t[1], eax scratch.
 * Only caller-saved registers are used, and no stack.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

/* blake2b_state_t offsets (static_asserts in blake2-kernels.h).  */
#define STATE_H  0
#define STATE_T  64
#define STATE_F0 80

#define ROW_A   %ymm0
#define ROW_B   %ymm1
#define ROW_C   %ymm2
#define ROW_D   %ymm3
#define MSG_X1  %ymm4
#define MSG_Y1  %ymm5
#define MSG_X2  %ymm6
#define MSG_Y2  %ymm7
#define CTR_T   %ymm8
#define CTR_T_X %xmm8
#define H_LO    %ymm12
#define H_HI    %ymm13
#define IV_LO   %ymm14
#define IV_HI   %ymm15

GCRY_ASM_RODATA
.balign 32
.Lblake2b_avx512_iv:
	.quad 0x6a09e667f3bcc908, 0xbb67ae8584caa73b
	.quad 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1
	.quad 0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179

.text

/* DST = (m[w0], m[w1], m[w2], m[w3]) from the block at rsi.  */
.macro LOAD_MSG dst, w0, w1, w2, w3
	vpbroadcastq (8*\w0)(%rsi), \dst
	vpbroadcastq (8*\w1)(%rsi), \dst{%k1}
	vpbroadcastq (8*\w2)(%rsi), \dst{%k2}
	vpbroadcastq (8*\w3)(%rsi), \dst{%k3}
.endm

/* Four G functions at once, one per lane, with message words MX, MY.  */
.macro G4 mx, my
	vpaddq \mx, ROW_A, ROW_A
	vpaddq ROW_B, ROW_A, ROW_A
	vpxorq ROW_A, ROW_D, ROW_D
	vpshufd $0xb1, ROW_D, ROW_D		/* ror 32 */
	vpaddq ROW_D, ROW_C, ROW_C
	vpxorq ROW_C, ROW_B, ROW_B
	vprorq $24, ROW_B, ROW_B
	vpaddq \my, ROW_A, ROW_A
	vpaddq ROW_B, ROW_A, ROW_A
	vpxorq ROW_A, ROW_D, ROW_D
	vprorq $16, ROW_D, ROW_D
	vpaddq ROW_D, ROW_C, ROW_C
	vpxorq ROW_C, ROW_B, ROW_B
	vprorq $63, ROW_B, ROW_B
.endm

/* One round with the message order S0..S15 (a row of sigma); the
   diagonal step's lane order is explained in the AVX2 kernel.  */
.macro ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	LOAD_MSG MSG_X1, \s0, \s2, \s4, \s6
	LOAD_MSG MSG_Y1, \s1, \s3, \s5, \s7
	LOAD_MSG MSG_X2, \s14, \s8, \s10, \s12
	LOAD_MSG MSG_Y2, \s15, \s9, \s11, \s13
	G4 MSG_X1, MSG_Y1
	vpermq $0x93, ROW_A, ROW_A		/* lane j <- a[j-1] */
	vpermq $0x4e, ROW_D, ROW_D		/* lane j <- d[j+2] */
	vpermq $0x39, ROW_C, ROW_C		/* lane j <- c[j+1] */
	G4 MSG_X2, MSG_Y2
	vpermq $0x39, ROW_A, ROW_A
	vpermq $0x4e, ROW_D, ROW_D
	vpermq $0x93, ROW_C, ROW_C
.endm

/* void _gcry_blake2b_compress_avx512 (void *state, const byte *blocks,
                                       size_t nblocks, size_t inc)  */
GCRY_ASM_FUNC_START(_gcry_blake2b_compress_avx512)
	testq %rdx, %rdx
	jz .Lavx512_done

	movl $2, %eax
	kmovw %eax, %k1
	movl $4, %eax
	kmovw %eax, %k2
	movl $8, %eax
	kmovw %eax, %k3

	vmovdqu (STATE_H)(%rdi), H_LO
	vmovdqu (STATE_H + 32)(%rdi), H_HI
	movq (STATE_T)(%rdi), %r8
	movq (STATE_T + 8)(%rdi), %r9
	vmovdqa .Lblake2b_avx512_iv(%rip), IV_LO
	/* IV_HI = iv[4..7] ^ (0, 0, f0, 0).  */
	vmovq (STATE_F0)(%rdi), %xmm15
	vpermq $0xcf, IV_HI, IV_HI		/* f0 to lane 2, zeros elsewhere */
	vpxorq (.Lblake2b_avx512_iv + 32)(%rip), IV_HI, IV_HI

.balign 16
.Lavx512_block:
	addq %rcx, %r8				/* t += inc, 128-bit */
	adcq $0, %r9
	vmovq %r8, CTR_T_X
	vpinsrq $1, %r9, CTR_T_X, CTR_T_X	/* upper lanes zeroed */

	vmovdqa H_LO, ROW_A
	vmovdqa H_HI, ROW_B
	vmovdqa IV_LO, ROW_C
	vpxorq CTR_T, IV_HI, ROW_D

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
	ROUND  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15
	ROUND 14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3

	/* h ^= v[0..7] ^ v[8..15]; 0x96 is the three-way XOR.  */
	vpternlogq $0x96, ROW_C, ROW_A, H_LO
	vpternlogq $0x96, ROW_D, ROW_B, H_HI

	addq $128, %rsi
	decq %rdx
	jnz .Lavx512_block

	vmovdqu H_LO, (STATE_H)(%rdi)
	vmovdqu H_HI, (STATE_H + 32)(%rdi)
	movq %r8, (STATE_T)(%rdi)
	movq %r9, (STATE_T + 8)(%rdi)
	/* Clear every ymm (only ymm0-15 were used): they hold message and
	   chaining words.  */
	vzeroall
.Lavx512_done:
	ret
GCRY_ASM_FUNC_END(_gcry_blake2b_compress_avx512)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
