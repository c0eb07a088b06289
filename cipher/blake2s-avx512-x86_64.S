/* blake2s-avx512-x86_64.S - BLAKE2s compression with AVX-512VL on
 * 128-bit rows, one block at a time, the message schedule written to
 * the stack one block ahead.
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
 * Design.  BLAKE2s hashes its blocks in sequence, and one block is a
 * chain of 10 rounds x 2 steps x 12 dependent one-cycle operations (a G
 * is add, xor, rotate, add, xor, rotate, twice): 240 cycles per 64-byte
 * block is the floor of any formulation.  The kernel is laid out to
 * stay close to it (about 245 cycles a block on the Xeon it was tuned
 * on, against 271 for the previous version of this file, which placed
 * the message with permutes inside the rounds): whatever is not on the
 * chain is kept off the vector ports the chain runs on.
 *
 *  - Rows.  The 4x4 matrix is four xmm rows; one instruction advances
 *    the four column (then diagonal) G's.  VPRORD rotates in one
 *    instruction.  a = a + b + m is computed as (a + m) + b, so the
 *    message add is off the chain.
 *  - Diagonalisation rotates rows A, C and D across lanes and keeps B,
 *    the row a G computes last, in place: the other rows' rotations
 *    then overlap B's last steps instead of following them.  Lane j of
 *    the diagonal step holds a[j-1], b[j], c[j+1], d[j+2], i.e.
 *    diagonal G number j-1 (mod 4), which only reorders the message
 *    words.  The rotations are VALIGND, not VPSHUFD: on Intel cores
 *    VALIGND runs on the port-5 shuffle unit only, while VPSHUFD may
 *    also take port 1 and delay the chain's VPRORD there (3 to 4
 *    cycles a block measured).
 *  - Message placement.  Each step needs four message words in lane
 *    order, a permutation fixed by the round.  Placing them with
 *    permutes inside the rounds costs vector instructions that compete
 *    with the chain (about 20 cycles a block with VPERMI2D and
 *    VEXTRACTI128).  Instead the whole schedule of a block -- 10 rounds
 *    x 16 words in the order the steps use them, 640 bytes -- sits on
 *    the stack and the steps add it as memory operands.  The schedule
 *    of block i+1 is written while block i is computed, with plain
 *    32-bit loads and stores (load and store ports, no vector ALU),
 *    spread between the instructions of the rounds: round r rewrites
 *    round r's 16 words, each store placed after the step that read
 *    the old word.  Writing a block ahead matters: a 16-byte load of
 *    four 4-byte stores still in the store buffer cannot be forwarded
 *    and waits for them to reach the cache.
 *  - The first block of a call has no predecessor to write its
 *    schedule: it is placed with VPERMI2D (the block's 16 words in two
 *    ymm, one instruction per 8 schedule words, index table below) and
 *    stored as ymm, from which the 16-byte loads are forwarded.  The
 *    block is read with 16-byte loads: wider ones are less likely to
 *    be forwarded from the caller's fresh stores of it (memcpy into a
 *    buffer just before the final block).
 *  - With no next block, the copies read a 64-byte block of zeros: the
 *    last block's rounds overwrite the whole schedule with zeros, so no
 *    message word is left on the stack, with no separate wipe.
 *  - The feed-forward h ^= a ^ c is one VPTERNLOGD per half.
 *
 * Register map:
 *   xmm0  ROW_A  v[0..3]        ymm4-5  first-block placement temporaries
 *   xmm1  ROW_B  v[4..7]        ymm8  M_LO  first block, words 0-7
 *   xmm2  ROW_C  v[8..11]       ymm9  M_HI  first block, words 8-15
 *   xmm3  ROW_D  v[12..15]      xmm10 CTR_T (t0, t1, 0, 0) of the block
 *   xmm12 H_LO h[0..3] / xmm13 H_HI h[4..7]: the chaining value
 *   xmm14 IV_LO  iv[0..3]
 *   xmm15 IV_HI  iv[4..7] ^ (0, 0, f0, 0)
 *   rdi state, rsi block pointer, rdx blocks left, rcx inc (32 bits),
 *   r8 the counter as one 64-bit number (t[1]:t[0]): a 64-bit add of the
 *   32-bit INC is exactly "t[0] += inc, carry into t[1]",
 *   r9 the zero block, r11 the source of the schedule being written
 *   (next block or zero block), eax the word being copied.
 * Only caller-saved registers are used.  Stack: the schedule (640
 * bytes, 16-byte aligned), all zeros again on return.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

/* blake2s_state_t offsets (static_asserts in blake2-kernels.h).  */
#define STATE_H  0
#define STATE_T  32
#define STATE_F0 40

/* The schedule: round r at 64*r, its four 16-byte groups being the
   column step's first and second words, then the diagonal step's.  The
   frame adds 8 bytes so that it is 16-byte aligned (rsp is 8 mod 16 on
   entry).  */
#define SCHED_BYTES 640
#define FRAME       (SCHED_BYTES + 8)

#define ROW_A   %xmm0
#define ROW_B   %xmm1
#define ROW_C   %xmm2
#define ROW_D   %xmm3
#define M_LO    %ymm8
#define M_HI    %ymm9
#define CTR_T   %xmm10
#define H_LO    %xmm12
#define H_HI    %xmm13
#define IV_LO   %xmm14
#define IV_HI   %xmm15
#define ZERO_BLK %r9
#define NEXT    %r11

/* The message word order of every round, the one source for both the
   first block's index table and the rounds' copies.  Row r lists, per
   schedule slot, the message word it holds: sigma[r][0], [2], [4], [6]
   (column step, first words, one per lane), [1], [3], [5], [7] (second
   words), then the diagonal step's [14], [8], [10], [12] and [15], [9],
   [11], [13] -- lane j runs diagonal G number j-1, see above.  OP is
   invoked as OP r, w0, ..., w15.  */
.macro BLAKE2S_SCHEDULE op
	\op 0,  0,  2,  4,  6,  1,  3,  5,  7, 14,  8, 10, 12, 15,  9, 11, 13
	\op 1, 14,  4,  9, 13, 10,  8, 15,  6,  5,  1,  0, 11,  3, 12,  2,  7
	\op 2, 11, 12,  5, 15,  8,  0,  2, 13,  9, 10,  3,  7,  4, 14,  6,  1
	\op 3,  7,  3, 13, 11,  9,  1, 12, 14, 15,  2,  5,  4,  8,  6, 10,  0
	\op 4,  9,  5,  2, 10,  0,  7,  4, 15,  3, 14, 11,  6, 13,  1, 12,  8
	\op 5,  2,  6,  0,  8, 12, 10, 11,  3,  1,  4,  7, 15,  9, 13,  5, 14
	\op 6, 12,  1, 14,  4,  5, 15, 13, 10,  8,  0,  6,  9, 11,  7,  3,  2
	\op 7, 13,  7, 12,  3, 11, 14,  1,  9,  2,  5, 15,  8, 10,  0,  4,  6
	\op 8,  6, 14, 11,  0, 15,  9,  3,  8, 10, 12, 13,  1,  5,  2,  7,  4
	\op 9, 10,  8,  7,  1,  2,  4,  6,  5, 13, 15,  9,  3,  0, 11, 14, 12
.endm

.macro SCHED_INDEX r, w0, w1, w2, w3, w4, w5, w6, w7, \
	w8, w9, w10, w11, w12, w13, w14, w15
	.long \w0, \w1, \w2, \w3, \w4, \w5, \w6, \w7
	.long \w8, \w9, \w10, \w11, \w12, \w13, \w14, \w15
.endm

GCRY_ASM_RODATA
.balign 64
/* VPERMI2D indices (0-15: word of M_LO:M_HI) for the first block.  */
.Lblake2s_avx512_sched:
	BLAKE2S_SCHEDULE SCHED_INDEX
/* What the schedule copies read when there is no next block.  */
.Lblake2s_avx512_zero_block:
	.fill 16, 4, 0
.Lblake2s_avx512_iv:
	.long 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
	.long 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19

.text

/* Slot K of round R's schedule <- word W of the block at NEXT.  */
.macro COPY r, k, w
	movl (4*\w)(NEXT), %eax
	movl %eax, (64*\r + 4*\k)(%rsp)
.endm

/* Step G (0 column, 1 diagonal) of round R: four G functions, one per
   lane, with their message words from the schedule, then the lane
   rotations into the next step's arrangement (A by 3 then 1, D by 2, C
   by 1 then 3: VALIGND of a register with itself by N gives lane j the
   word of lane j+N).  W0-W7 are the words of this step's eight slots
   for the next block, copied in between, each after the add that read
   the slot's current word.  */
.macro STEP r, g, w0, w1, w2, w3, w4, w5, w6, w7
	vpaddd (64*\r + 32*\g)(%rsp), ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	vpxord ROW_A, ROW_D, ROW_D
	COPY \r, (8*\g + 0), \w0
	vprord $16, ROW_D, ROW_D
	vpaddd ROW_D, ROW_C, ROW_C
	COPY \r, (8*\g + 1), \w1
	vpxord ROW_C, ROW_B, ROW_B
	vprord $12, ROW_B, ROW_B
	COPY \r, (8*\g + 2), \w2
	vpaddd (64*\r + 32*\g + 16)(%rsp), ROW_A, ROW_A
	vpaddd ROW_B, ROW_A, ROW_A
	COPY \r, (8*\g + 3), \w3
	vpxord ROW_A, ROW_D, ROW_D
	vprord $8, ROW_D, ROW_D
	COPY \r, (8*\g + 4), \w4
	vpaddd ROW_D, ROW_C, ROW_C
	vpxord ROW_C, ROW_B, ROW_B
	COPY \r, (8*\g + 5), \w5
	vprord $7, ROW_B, ROW_B
	valignd $(3 - 2*\g), ROW_A, ROW_A, ROW_A
	COPY \r, (8*\g + 6), \w6
	valignd $2, ROW_D, ROW_D, ROW_D
	valignd $(1 + 2*\g), ROW_C, ROW_C, ROW_C
	COPY \r, (8*\g + 7), \w7
.endm

.macro ROUND r, w0, w1, w2, w3, w4, w5, w6, w7, \
	w8, w9, w10, w11, w12, w13, w14, w15
	STEP \r, 0, \w0, \w1, \w2, \w3, \w4, \w5, \w6, \w7
	STEP \r, 1, \w8, \w9, \w10, \w11, \w12, \w13, \w14, \w15
.endm

/* Round R of the first block's schedule, by permutation.  */
.macro PLACE_FIRST r
	vmovdqa (.Lblake2s_avx512_sched + 64*\r)(%rip), %ymm4
	vpermi2d M_HI, M_LO, %ymm4
	vmovdqu %ymm4, (64*\r)(%rsp)
	vmovdqa (.Lblake2s_avx512_sched + 64*\r + 32)(%rip), %ymm5
	vpermi2d M_HI, M_LO, %ymm5
	vmovdqu %ymm5, (64*\r + 32)(%rsp)
.endm

/* void _gcry_blake2s_compress_avx512 (void *state, const byte *blocks,
                                       size_t nblocks, size_t inc)  */
GCRY_ASM_FUNC_START(_gcry_blake2s_compress_avx512)
	testq %rdx, %rdx
	jz .Lavx512_done
	subq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(FRAME)

	movl %ecx, %ecx				/* inc mod 2^32 */
	vmovdqu (STATE_H)(%rdi), H_LO
	vmovdqu (STATE_H + 16)(%rdi), H_HI
	movq (STATE_T)(%rdi), %r8
	vmovdqa .Lblake2s_avx512_iv(%rip), IV_LO
	/* IV_HI = iv[4..7] ^ (0, 0, f0, 0).  */
	vmovd (STATE_F0)(%rdi), IV_HI
	vpshufd $0x45, IV_HI, IV_HI		/* f0 to lane 2, zeros elsewhere */
	vpxord (.Lblake2s_avx512_iv + 16)(%rip), IV_HI, IV_HI
	leaq .Lblake2s_avx512_zero_block(%rip), ZERO_BLK

	vmovdqu (%rsi), %xmm8
	vinserti128 $1, 16(%rsi), M_LO, M_LO
	vmovdqu 32(%rsi), %xmm9
	vinserti128 $1, 48(%rsi), M_HI, M_HI
	PLACE_FIRST 0
	PLACE_FIRST 1
	PLACE_FIRST 2
	PLACE_FIRST 3
	PLACE_FIRST 4
	PLACE_FIRST 5
	PLACE_FIRST 6
	PLACE_FIRST 7
	PLACE_FIRST 8
	PLACE_FIRST 9

.balign 16
.Lavx512_block:
	/* The schedule being written is the next block's, or zeros after
	   the last block.  */
	leaq 64(%rsi), NEXT
	cmpq $1, %rdx
	cmoveq ZERO_BLK, NEXT

	addq %rcx, %r8				/* t += inc, 64-bit */
	vmovq %r8, CTR_T
	vmovdqa H_LO, ROW_A
	vmovdqa H_HI, ROW_B
	vmovdqa IV_LO, ROW_C
	vpxord CTR_T, IV_HI, ROW_D

	BLAKE2S_SCHEDULE ROUND

	/* h ^= v[0..7] ^ v[8..15]; 0x96 is the three-way XOR.  */
	vpternlogd $0x96, ROW_C, ROW_A, H_LO
	vpternlogd $0x96, ROW_D, ROW_B, H_HI

	movq NEXT, %rsi
	decq %rdx
	jnz .Lavx512_block

	vmovdqu H_LO, (STATE_H)(%rdi)
	vmovdqu H_HI, (STATE_H + 16)(%rdi)
	movq %r8, (STATE_T)(%rdi)
	/* Clear every vector register (only ymm0-15 were used): they hold
	   message and chaining words.  The schedule is zeros already, and
	   so is eax; cleared anyway, so that this does not hinge on the
	   last copy.  */
	vzeroall
	xorl %eax, %eax
	addq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(-FRAME)
.Lavx512_done:
	ret
GCRY_ASM_FUNC_END(_gcry_blake2s_compress_avx512)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
