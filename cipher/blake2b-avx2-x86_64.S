/* blake2b-avx2-x86_64.S - BLAKE2b compression with AVX2, one block at a
 * time.
 *
 * Entry: _gcry_blake2b_compress_avx2 (state, blocks, nblocks, inc), with
 * the semantics of blake2_compress_t in blake2-kernels.h.
 *
 * Features: AVX2 (table entry: HWF_INTEL_AVX2 | HWF_X86_FAST_VECTOR).
 * Targets: every AVX2 CPU whose vector unit the policy calls fast
 * (Haswell and later Intel cores, Zen 2/3/4); on AVX-512 CPUs the
 * avx512 kernel is preferred.
 *
 * Design.  One BLAKE2b block is a chain of 12 rounds x 8 G functions
 * whose four column (then diagonal) G's are independent: the 4x4 matrix
 * of 64-bit words V is held as four rows of one ymm each, so one vector
 * instruction advances all four G's.  The time per block is then the
 * latency of the dependency chain through a round, not the instruction
 * count, and every choice below shortens that chain:
 *
 *  - Rotations: 32 with VPSHUFD (swap the dwords of each qword), 24 and
 *    16 with VPSHUFB (byte moves), all one cycle on current cores; 63 as
 *    (x + x) | (x >> 63): the add and the shift run in parallel, so two
 *    cycles instead of three for shift/shift/or.
 *  - Diagonalisation: rows A, C and D are rotated across lanes, row B
 *    stays put.  B is the last row a G computes (its final rotation is
 *    the end of the chain) while A, D and C were finished 5, 3 and 2..3
 *    cycles earlier, so their VPERMQs (3-4 cycles) overlap the end of
 *    the chain instead of extending it.  With B fixed, lane j of the
 *    diagonal step holds a[j-1], b[j], c[j+1], d[j+2]: the diagonal G
 *    number j-1 (mod 4), which only changes the order in which the
 *    message words are placed.
 *  - a = a + b + m is computed as (a + m) + b, so the message add runs
 *    while b is still being computed.
 *  - Message words are placed without gathers: each 4-word vector is
 *    four VPBROADCASTQ loads (pure load-port uops) merged by three
 *    VPBLENDDs.  None of this depends on the chain, so the out-of-order
 *    core schedules it in the chain's shadow.  (VPGATHERQQ would do the
 *    same in one instruction, but the "Downfall" microcode mitigation,
 *    GDS, made gathers about three times slower on affected Intel
 *    cores; plain loads do not depend on any microcode.)
 *
 * Register map:
 *   ymm0  ROW_A  v[0..3]        ymm4  MSG_X1  first words, column step
 *   ymm1  ROW_B  v[4..7]        ymm5  MSG_Y1  second words, column step
 *   ymm2  ROW_C  v[8..11]       ymm6  MSG_X2  first words, diagonal step
 *   ymm3  ROW_D  v[12..15]      ymm7  MSG_Y2  second words, diagonal step
 *   ymm8  TMP_MSG  broadcast temporary for message placement
 *   ymm9  TMP_ROT  temporary of the 63-bit rotation
 *   ymm10 ROT24 / ymm11 ROT16  VPSHUFB masks
 *   ymm12 H_LO h[0..3] / ymm13 H_HI h[4..7]: the chaining value, kept in
 *         registers across the blocks of one call
 *   ymm14 IV_LO  iv[0..3]
 *   ymm15 IV_HI  iv[4..7] ^ (0, 0, f0, 0): the flag is fixed per call
 *   rdi state, rsi block pointer, rdx blocks left, rcx inc,
 *   r8/r9 counter t[0]/t[1].
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
#define TMP_MSG %ymm8
#define TMP_ROT %ymm9
#define ROT24   %ymm10
#define ROT16   %ymm11
#define H_LO    %ymm12
#define H_HI    %ymm13
#define IV_LO   %ymm14
#define IV_HI   %ymm15

#define CTR_T %xmm8     /* (t0, t1) for the row D of a block.  */

GCRY_ASM_RODATA
.balign 32
.Lblake2b_avx2_iv:
	.quad 0x6a09e667f3bcc908, 0xbb67ae8584caa73b
	.quad 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1
	.quad 0x510e527fade682d1, 0x9b05688c2b3e6c1f
	.quad 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179
/* Byte i of each qword comes from byte (i + 3) mod 8: rotate right 24.  */
.Lblake2b_avx2_rot24:
	.byte 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10
	.byte 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10
/* Byte i from byte (i + 2) mod 8: rotate right 16.  */
.Lblake2b_avx2_rot16:
	.byte 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9
	.byte 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9

.text

/* DST = (m[w0], m[w1], m[w2], m[w3]) from the block at rsi.  */
.macro LOAD_MSG dst, w0, w1, w2, w3
	vpbroadcastq (8*\w0)(%rsi), \dst
	vpbroadcastq (8*\w1)(%rsi), TMP_MSG
	vpblendd $0x0c, TMP_MSG, \dst, \dst
	vpbroadcastq (8*\w2)(%rsi), TMP_MSG
	vpblendd $0x30, TMP_MSG, \dst, \dst
	vpbroadcastq (8*\w3)(%rsi), TMP_MSG
	vpblendd $0xc0, TMP_MSG, \dst, \dst
.endm

/* Four G functions at once, one per lane, with message words MX, MY.  */
.macro G4 mx, my
	vpaddq \mx, ROW_A, ROW_A
	vpaddq ROW_B, ROW_A, ROW_A
	vpxor ROW_A, ROW_D, ROW_D
	vpshufd $0xb1, ROW_D, ROW_D		/* ror 32 */
	vpaddq ROW_D, ROW_C, ROW_C
	vpxor ROW_C, ROW_B, ROW_B
	vpshufb ROT24, ROW_B, ROW_B		/* ror 24 */
	vpaddq \my, ROW_A, ROW_A
	vpaddq ROW_B, ROW_A, ROW_A
	vpxor ROW_A, ROW_D, ROW_D
	vpshufb ROT16, ROW_D, ROW_D		/* ror 16 */
	vpaddq ROW_D, ROW_C, ROW_C
	vpxor ROW_C, ROW_B, ROW_B
	vpsrlq $63, ROW_B, TMP_ROT		/* ror 63 = (x >> 63) | (x << 1) */
	vpaddq ROW_B, ROW_B, ROW_B
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
	/* Diagonalise, A first: it was finished earliest.  */
	vpermq $0x93, ROW_A, ROW_A		/* lane j <- a[j-1] */
	vpermq $0x4e, ROW_D, ROW_D		/* lane j <- d[j+2] */
	vpermq $0x39, ROW_C, ROW_C		/* lane j <- c[j+1] */
	G4 MSG_X2, MSG_Y2
	vpermq $0x39, ROW_A, ROW_A
	vpermq $0x4e, ROW_D, ROW_D
	vpermq $0x93, ROW_C, ROW_C
.endm

/* void _gcry_blake2b_compress_avx2 (void *state, const byte *blocks,
                                     size_t nblocks, size_t inc)  */
GCRY_ASM_FUNC_START(_gcry_blake2b_compress_avx2)
	testq %rdx, %rdx
	jz .Lavx2_done

	vmovdqu (STATE_H)(%rdi), H_LO
	vmovdqu (STATE_H + 32)(%rdi), H_HI
	movq (STATE_T)(%rdi), %r8
	movq (STATE_T + 8)(%rdi), %r9
	vmovdqa .Lblake2b_avx2_iv(%rip), IV_LO
	/* IV_HI = iv[4..7] ^ (0, 0, f0, 0).  */
	vmovq (STATE_F0)(%rdi), %xmm15
	vpermq $0xcf, IV_HI, IV_HI		/* f0 to lane 2, zeros elsewhere */
	vpxor (.Lblake2b_avx2_iv + 32)(%rip), IV_HI, IV_HI
	vmovdqa .Lblake2b_avx2_rot24(%rip), ROT24
	vmovdqa .Lblake2b_avx2_rot16(%rip), ROT16

.balign 16
.Lavx2_block:
	/* t += inc, 128-bit.  */
	addq %rcx, %r8
	adcq $0, %r9
	vmovq %r8, CTR_T
	vpinsrq $1, %r9, CTR_T, CTR_T		/* upper lanes zeroed by VEX */

	vmovdqa H_LO, ROW_A
	vmovdqa H_HI, ROW_B
	vmovdqa IV_LO, ROW_C
	vpxor TMP_MSG, IV_HI, ROW_D		/* TMP_MSG is CTR_T's ymm */

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

	/* h ^= v[0..7] ^ v[8..15].  */
	vpxor ROW_C, ROW_A, ROW_A
	vpxor ROW_D, ROW_B, ROW_B
	vpxor ROW_A, H_LO, H_LO
	vpxor ROW_B, H_HI, H_HI

	addq $128, %rsi
	decq %rdx
	jnz .Lavx2_block

	vmovdqu H_LO, (STATE_H)(%rdi)
	vmovdqu H_HI, (STATE_H + 32)(%rdi)
	movq %r8, (STATE_T)(%rdi)
	movq %r9, (STATE_T + 8)(%rdi)
	/* Clear every ymm: they hold message and chaining words.  */
	vzeroall
.Lavx2_done:
	ret
GCRY_ASM_FUNC_END(_gcry_blake2b_compress_avx2)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
