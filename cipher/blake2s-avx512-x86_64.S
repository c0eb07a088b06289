/* blake2s-avx512-x86_64.S - BLAKE2s compression with AVX-512 on 128- and
 * 256-bit vectors, one block at a time, without VPGATHER.
 *
 * Entry: _gcry_blake2s_compress_avx512 (state, blocks, nblocks, inc),
 * with the semantics of blake2_compress_t in blake2-kernels.h.
 *
 * Features: AVX-512F and AVX-512VL (EVEX on xmm/ymm), which
 * HWF_INTEL_AVX512 guarantees (table entry: HWF_INTEL_AVX512 |
 * HWF_X86_FAST_VECTOR).  Targets: Ice Lake and later Intel cores, Zen 4.
 * No zmm register is used: no 512-bit frequency cost, no need for the
 * x86-zmm permission.
 *
 * The round structure is the AVX kernel's (blake2s-avx-x86_64.S explains
 * the row layout and why row B stays put on diagonalisation).  What
 * AVX-512 changes:
 *
 *  - VPRORD rotates by 16, 12, 8 and 7 in one instruction each: the 12-
 *    and 7-bit rotations were two dependent steps, so each G is two
 *    cycles shorter, and no shuffle masks occupy registers.
 *  - Message placement by permutation, not by loads: the block's 16
 *    words are loaded once into two ymm registers (M_LO words 0-7, M_HI
 *    words 8-15), and VPERMI2D, which indexes the 16 dwords of such a
 *    pair, builds each step's eight words in one instruction from an
 *    index vector in .rodata: the first words of the four G's in the low
 *    half, the second words in the high half (moved down by
 *    VEXTRACTI128).  Two permutes and two extracts per round replace 16
 *    scalar-sized loads.  The seed libgcrypt placed the message with
 *    VPGATHER until the "Downfall" (GDS) microcode made gathers about
 *    three times slower on affected Intel cores; a permute of registers
 *    is not affected.
 *  - The feed-forward h ^= a ^ c is one VPTERNLOGD per half.
 *
 * Register map (ymm0-15 only, so VZEROALL clears all of them):
 *   xmm0  ROW_A  v[0..3]        ymm4  MSG_1  column step: (x | y) words
 *   xmm1  ROW_B  v[4..7]        xmm5  MSG_Y1 column step second words
 *   xmm2  ROW_C  v[8..11]       ymm6  MSG_2  diagonal step: (x | y)
 *   xmm3  ROW_D  v[12..15]      xmm7  MSG_Y2 diagonal step second words
 *   ymm8  M_LO   block words 0-7
 *   ymm9  M_HI   block words 8-15
 *   xmm10 CTR_T  (t0, t1, 0, 0) of the current block
 *   xmm12 H_LO h[0..3] / xmm13 H_HI h[4..7]: the chaining value
 *   xmm14 IV_LO  iv[0..3]
 *   xmm15 IV_HI  iv[4..7] ^ (0, 0, f0, 0)
 *   rdi state, rsi block pointer, rdx blocks left, rcx inc (32 bits),
 *   r8 the counter as one 64-bit number (t[1]:t[0]), rax index pointer.
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
#define MSG_1   %ymm4
#define MSG_X1  %xmm4
#define MSG_Y1  %xmm5
#define MSG_2   %ymm6
#define MSG_X2  %xmm6
#define MSG_Y2  %xmm7
#define M_LO    %ymm8
#define M_HI    %ymm9
#define CTR_T   %xmm10
#define H_LO    %xmm12
#define H_HI    %xmm13
#define IV_LO   %xmm14
#define IV_HI   %xmm15

GCRY_ASM_RODATA
.balign 32
/* Per round, two VPERMI2D index vectors (values 0-15 = message word):
   the column step's (sigma[0], [2], [4], [6] | [1], [3], [5], [7]) and
   the diagonal step's (sigma[14], [8], [10], [12] | [15], [9], [11],
   [13]), the diagonal order matching the rows' lane rotation.  */
.Lblake2s_avx512_sched:
	.long  0,  2,  4,  6,  1,  3,  5,  7	/* round 0, column */
	.long 14,  8, 10, 12, 15,  9, 11, 13	/* round 0, diagonal */
	.long 14,  4,  9, 13, 10,  8, 15,  6	/* round 1, column */
	.long  5,  1,  0, 11,  3, 12,  2,  7	/* round 1, diagonal */
	.long 11, 12,  5, 15,  8,  0,  2, 13	/* round 2, column */
	.long  9, 10,  3,  7,  4, 14,  6,  1	/* round 2, diagonal */
	.long  7,  3, 13, 11,  9,  1, 12, 14	/* round 3, column */
	.long 15,  2,  5,  4,  8,  6, 10,  0	/* round 3, diagonal */
	.long  9,  5,  2, 10,  0,  7,  4, 15	/* round 4, column */
	.long  3, 14, 11,  6, 13,  1, 12,  8	/* round 4, diagonal */
	.long  2,  6,  0,  8, 12, 10, 11,  3	/* round 5, column */
	.long  1,  4,  7, 15,  9, 13,  5, 14	/* round 5, diagonal */
	.long 12,  1, 14,  4,  5, 15, 13, 10	/* round 6, column */
	.long  8,  0,  6,  9, 11,  7,  3,  2	/* round 6, diagonal */
	.long 13,  7, 12,  3, 11, 14,  1,  9	/* round 7, column */
	.long  2,  5, 15,  8, 10,  0,  4,  6	/* round 7, diagonal */
	.long  6, 14, 11,  0, 15,  9,  3,  8	/* round 8, column */
	.long 10, 12, 13,  1,  5,  2,  7,  4	/* round 8, diagonal */
	.long 10,  8,  7,  1,  2,  4,  6,  5	/* round 9, column */
	.long 13, 15,  9,  3,  0, 11, 14, 12	/* round 9, diagonal */
.Lblake2s_avx512_iv:
	.long 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
	.long 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19

.text

/* Four G functions at once, one per lane, with message words MX, MY.  */
.macro G4 mx, my
	vpaddd \mx, ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	vpxord ROW_A, ROW_D, ROW_D
	vprord $16, ROW_D, ROW_D
	vpaddd ROW_D, ROW_C, ROW_C
	vpxord ROW_C, ROW_B, ROW_B
	vprord $12, ROW_B, ROW_B
	vpaddd \my, ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	vpxord ROW_A, ROW_D, ROW_D
	vprord $8, ROW_D, ROW_D
	vpaddd ROW_D, ROW_C, ROW_C
	vpxord ROW_C, ROW_B, ROW_B
	vprord $7, ROW_B, ROW_B
.endm

/* Round R (0-9): message placement from the schedule, then the column
   and diagonal steps.  */
.macro ROUND r
	vmovdqa (64*\r)(%rax), MSG_1
	vpermi2d M_HI, M_LO, MSG_1
	vextracti128 $1, MSG_1, MSG_Y1
	vmovdqa (64*\r + 32)(%rax), MSG_2
	vpermi2d M_HI, M_LO, MSG_2
	vextracti128 $1, MSG_2, MSG_Y2
	G4 MSG_X1, MSG_Y1
	vpshufd $0x93, ROW_A, ROW_A		/* lane j <- a[j-1] */
	vpshufd $0x4e, ROW_D, ROW_D		/* lane j <- d[j+2] */
	vpshufd $0x39, ROW_C, ROW_C		/* lane j <- c[j+1] */
	G4 MSG_X2, MSG_Y2
	vpshufd $0x39, ROW_A, ROW_A
	vpshufd $0x4e, ROW_D, ROW_D
	vpshufd $0x93, ROW_C, ROW_C
.endm

/* void _gcry_blake2s_compress_avx512 (void *state, const byte *blocks,
                                       size_t nblocks, size_t inc)  */
GCRY_ASM_FUNC_START(_gcry_blake2s_compress_avx512)
	testq %rdx, %rdx
	jz .Lavx512_done

	movl %ecx, %ecx				/* inc mod 2^32 */
	leaq .Lblake2s_avx512_sched(%rip), %rax
	vmovdqu (STATE_H)(%rdi), H_LO
	vmovdqu (STATE_H + 16)(%rdi), H_HI
	movq (STATE_T)(%rdi), %r8
	vmovdqa .Lblake2s_avx512_iv(%rip), IV_LO
	/* IV_HI = iv[4..7] ^ (0, 0, f0, 0).  */
	vmovd (STATE_F0)(%rdi), IV_HI
	vpshufd $0x45, IV_HI, IV_HI		/* f0 to lane 2, zeros elsewhere */
	vpxord (.Lblake2s_avx512_iv + 16)(%rip), IV_HI, IV_HI

.balign 16
.Lavx512_block:
	addq %rcx, %r8				/* t += inc, 64-bit */
	vmovq %r8, CTR_T
	vmovdqu (%rsi), M_LO
	vmovdqu 32(%rsi), M_HI

	vmovdqa H_LO, ROW_A
	vmovdqa H_HI, ROW_B
	vmovdqa IV_LO, ROW_C
	vpxord CTR_T, IV_HI, ROW_D

	ROUND 0
	ROUND 1
	ROUND 2
	ROUND 3
	ROUND 4
	ROUND 5
	ROUND 6
	ROUND 7
	ROUND 8
	ROUND 9

	/* h ^= v[0..7] ^ v[8..15]; 0x96 is the three-way XOR.  */
	vpternlogd $0x96, ROW_C, ROW_A, H_LO
	vpternlogd $0x96, ROW_D, ROW_B, H_HI

	addq $64, %rsi
	decq %rdx
	jnz .Lavx512_block

	vmovdqu H_LO, (STATE_H)(%rdi)
	vmovdqu H_HI, (STATE_H + 16)(%rdi)
	movq %r8, (STATE_T)(%rdi)
	/* Clear every vector register (only ymm0-15 were used): they hold
	   message and chaining words.  */
	vzeroall
.Lavx512_done:
	ret
GCRY_ASM_FUNC_END(_gcry_blake2s_compress_avx512)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
