/* sha512-x86_64.S - SHA-512 compression: scalar rounds fed by a
 * two-block vector message schedule; one template, two instantiations.
 *
 * Entries, with the semantics of sha_compress_t in sha-kernels.h
 * (state: u64 h[8]):
 *   _gcry_sha512_compress_avx2 (state, blocks, nblocks): AVX2 and BMI2
 *     (RORX, ANDN); table entry HWF_INTEL_AVX2 | HWF_INTEL_BMI2 |
 *     HWF_X86_FAST_VECTOR.
 *   _gcry_sha512_compress_avx512 (state, blocks, nblocks): AVX-512F/VL
 *     and BMI2; table entry HWF_INTEL_AVX512 | HWF_INTEL_BMI2 |
 *     HWF_X86_FAST_VECTOR.  Only ymm arithmetic (the one zmm use is
 *     the zero stores of the final wipe), so no 512-bit frequency
 *     licence is involved and HWF_X86_ZMM is not needed.
 * The two differ only in how the schedule's sigma functions are spelled
 * (SIGMA_avx2 / SIGMA_avx512 below); everything else is SHA512_COMPRESS.
 *
 * Design.  The 80 rounds of a block are a serial chain on eight 64-bit
 * words; general-purpose registers with RORX (three-operand rotation,
 * no flags) and ANDN run it at about seven cycles a round on the Xeon
 * this was tuned on (see "Round" below), and no vector formulation of
 * one block's rounds is faster.  The message
 * schedule, in contrast, is 64 independent-enough word computations per
 * block.  It is done in ymm registers for two blocks at once: each ymm
 * holds the word pair (W[2j], W[2j+1]) of the first block in its low
 * 128-bit lane and the same pair of the second block in its high lane.
 * A pair never depends on itself (W[t] needs W[t-2], not W[t-1]), and
 * the pair (W[t-15], W[t-14]) that sigma0 needs, or (W[t-7], W[t-6]),
 * is one in-lane VPALIGNR of two neighbouring pairs, so the whole
 * schedule is lane-local.  AVX2 has no 64-bit rotation, so each
 * rotation is two shifts; that is the cost the AVX-512 instantiation
 * removes.
 *
 * With AVX-512VL the rotations are VPRORQ and the three-way XORs
 * VPTERNLOGQ: a sigma is four instructions instead of nine.  The
 * schedule shares the execution ports with the scalar rounds it is
 * interleaved with, so fewer vector instructions means faster rounds.
 *
 * Each step j = 8..39 computes pair j of both blocks, adds K and stores
 * W+K to the stack.  The steps are placed between the rounds of the
 * first block, one every two rounds and sixteen rounds ahead of their
 * use, so they fill the ports the latency-bound rounds leave idle; the
 * second block's rounds then read their W+K from the stack.  An odd
 * last block is paired with itself and its second pass skipped.
 *
 * Round.  A round is two dependency chains, through e and through a;
 * on a core with four integer ALUs it is also close to the ALU
 * throughput limit, so the formulation weighs both.
 *   new e = d + T1,  T1 = h + W+K + Ch(e,f,g) + Sigma1(e)
 *   new a = T1 + Sigma0(a) + Maj(a,b,c)
 * Textbook order (T1, then d + T1) puts five operations on the e chain.
 * Here new e accumulates h + W+K + d first (all known early), then the
 * two halves of Ch, (e & f) + (~e & g), and Sigma1(e) last: four
 * operations from e to new e.  T1 is then new e - d, so
 *   new a = new e + (b&c - d) + (a & (b^c)) + Sigma0(a),
 * using Maj = (b & c) + (a & (b ^ c)) (the two terms never share a
 * bit).  b^c and b&c are the previous round's a^b and a&b, carried in
 * registers; a & b is ANDN (a^b, b).  Sigma0(a) is added last, so the
 * a chain is four operations long too (Sigma0's three, one add).  The
 * cost is two operations a round more than the textbook form (26
 * against 24): about 5 % faster on the Xeon this was tuned on, where
 * the old form was latency-bound.
 * Register use per round: new e goes where h was, new a where b&c was,
 * and the new b&c where d was; the nine registers return to their
 * places every 20 rounds (the a..d,b&c cycle is 5 long, e..h is 4), so
 * every block starts and ends with the same assignment.
 *
 * Register map:
 *   rax rbx rcx rdx r8 r9 r10 r11 rsi: the working variables a..h and
 *   b&c (rotating; at a block's start rsi holds b&c)
 *   r12-r14 temporaries; r15/rbp the a^b / b^c pair (alternating)
 *   rdi state
 *   ymm0-ymm7: the last 16 schedule pairs; ymm8-ymm11 temporaries;
 *   ymm12 the byte-swap mask.
 * Stack: W+K for both blocks (40 slots of 32 bytes: pair j of the
 * first block at 32j, of the second at 32j+16), the blocks-left count,
 * the pointer to the next pair of blocks and the callee-saved
 * registers.  The W+K area is wiped and every ymm cleared before
 * returning.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define WK_SIZE   (40 * 32)
#define NBLK      WK_SIZE
#define BLKPTR    (WK_SIZE + 8)
#define FRAME     (WK_SIZE + 16)

#define T0 %ymm8
#define T1 %ymm9
#define T2 %ymm10
#define T3 %ymm11
#define BSWAP %ymm12

GCRY_ASM_RODATA
	.p2align 5
/* K[2j], K[2j+1], repeated for the second block's lane.  */
.Lk512x2:
	.quad 0x428a2f98d728ae22, 0x7137449123ef65cd, 0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad 0x3956c25bf348b538, 0x59f111f1b605d019, 0x3956c25bf348b538, 0x59f111f1b605d019
	.quad 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad 0xd807aa98a3030242, 0x12835b0145706fbe, 0xd807aa98a3030242, 0x12835b0145706fbe
	.quad 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad 0x9bdc06a725c71235, 0xc19bf174cf692694, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad 0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad 0x983e5152ee66dfab, 0xa831c66d2db43210, 0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad 0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad 0x06ca6351e003826f, 0x142929670a0e6e70, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad 0x81c2c92e47edaee6, 0x92722c851482353b, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad 0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad 0xd192e819d6ef5218, 0xd69906245565a910, 0xd192e819d6ef5218, 0xd69906245565a910
	.quad 0xf40e35855771202a, 0x106aa07032bbd1b8, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad 0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad 0x84c87814a1f0ab72, 0x8cc702081a6439ec, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad 0x90befffa23631e28, 0xa4506cebde82bde9, 0x90befffa23631e28, 0xa4506cebde82bde9
	.quad 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad 0xca273eceea26619c, 0xd186b8c721c0c207, 0xca273eceea26619c, 0xd186b8c721c0c207
	.quad 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad 0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad 0x113f9804bef90dae, 0x1b710b35131c471b, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad 0x28db77f523047d84, 0x32caab7b40c72493, 0x28db77f523047d84, 0x32caab7b40c72493
	.quad 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad 0x5fcb6fab3ad6faec, 0x6c44198c4a475817, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
/* VPSHUFB mask: byte-swap each qword.  */
.Lbswap64:
	.byte 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.byte 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8

.text

/* One round (see the header): W+K at OFF(%rsp); BC holds b & c, YBC
   b ^ c.  New e ends in H, new a in BC, the next round's b & c in D
   and its b ^ c in YAB.  */
.macro ROUND a, b, c, d, e, f, g, h, bc, yab, ybc, off
	addq \off(%rsp), \h
	addq \d, \h                     /* d + h + W+K */
	rorxq $14, \e, %r12
	rorxq $18, \e, %r13
	xorq %r13, %r12
	rorxq $41, \e, %r13
	xorq %r13, %r12                 /* Sigma1(e) */
	andnq \g, \e, %r13              /* ~e & g */
	movq \f, %r14
	andq \e, %r14                   /* e & f */
	addq %r13, \h
	addq %r14, \h
	addq %r12, \h                   /* new e = d + T1 */
	subq \d, \bc                    /* b&c - d */
	andq \a, \ybc                   /* a & (b^c) */
	addq \ybc, \bc
	addq \h, \bc                    /* T1 + Maj */
	rorxq $28, \a, %r12
	rorxq $34, \a, %r13
	xorq %r13, %r12
	rorxq $39, \a, %r13
	xorq %r13, %r12                 /* Sigma0(a) */
	addq %r12, \bc                   /* new a */
	movq \a, \yab
	xorq \b, \yab                   /* a ^ b: next b ^ c */
	andnq \b, \yab, \d              /* a & b: next b & c */
.endm

/* Rotate X right by N bits into DST (using TMP).  */
.macro ROR64 n, x, dst, tmp
	vpsrlq $\n, \x, \dst
	vpsllq $(64 - \n), \x, \tmp
	vpor \tmp, \dst, \dst
.endm

/* T1 = (X ror R1) ^ (X ror R2) ^ (X >> S), the schedule's sigma0 and
   sigma1; T2 and T3 are clobbered.  AVX2 has no 64-bit rotation.  */
.macro SIGMA_avx2 r1, r2, s, x
	ROR64 \r1, \x, T1, T2
	ROR64 \r2, \x, T3, T2
	vpxor T3, T1, T1
	vpsrlq $\s, \x, T3
	vpxor T3, T1, T1
.endm

/* The same with AVX-512VL rotations and a three-input XOR (0x96).  */
.macro SIGMA_avx512 r1, r2, s, x
	vprorq $\r1, \x, T1
	vprorq $\r2, \x, T2
	vpsrlq $\s, \x, T3
	vpternlogq $0x96, T3, T2, T1
.endm

/* Pair j of both blocks into X8 (which holds pair j-8); X7, X4, X3 and
   X1 hold pairs j-7, j-4, j-3 and j-1.  Stores W+K at OFF(%rsp).  ISA
   picks the sigma spelling.  */
.macro SCHED isa, x8, x7, x4, x3, x1, off
	vpalignr $8, \x8, \x7, T0       /* W[t-15], W[t-14] */
	SIGMA_\isa 1, 8, 7, T0          /* sigma0 */
	vpaddq T1, \x8, \x8
	vpalignr $8, \x4, \x3, T0       /* W[t-7], W[t-6] */
	vpaddq T0, \x8, \x8
	SIGMA_\isa 19, 61, 6, \x1       /* sigma1 */
	vpaddq T1, \x8, \x8
	vpaddq .Lk512x2 + \off(%rip), \x8, T0
	vmovdqu T0, \off(%rsp)
.endm

/* Load pair J of the blocks at r14 and r13, W+K to the stack.  */
.macro LOADPAIR x, j
	vmovdqu 16 * \j(%r14), %xmm8
	vinserti128 $1, 16 * \j(%r13), %ymm8, \x
	vpshufb BSWAP, \x, \x
	vpaddq .Lk512x2 + 32 * \j(%rip), \x, T0
	vmovdqu T0, 32 * \j(%rsp)
.endm

/* h[i] += reg, stored back.  */
.macro FEEDFORWARD
	addq 0(%rdi), %rax
	addq 8(%rdi), %rbx
	addq 16(%rdi), %rcx
	addq 24(%rdi), %rdx
	addq 32(%rdi), %r8
	addq 40(%rdi), %r9
	addq 48(%rdi), %r10
	addq 56(%rdi), %r11
	movq %rax, 0(%rdi)
	movq %rbx, 8(%rdi)
	movq %rcx, 16(%rdi)
	movq %rdx, 24(%rdi)
	movq %r8, 32(%rdi)
	movq %r9, 40(%rdi)
	movq %r10, 48(%rdi)
	movq %r11, 56(%rdi)
.endm

/* b ^ c and b & c for the first round's Maj.  */
.macro INIT_BC
	movq %rbx, %rbp
	xorq %rcx, %rbp
	movq %rbx, %rsi
	andq %rcx, %rsi
.endm

/* Zero ymm0-ymm12, every vector register the kernel writes.  A VEX
   128-bit XOR of a register with itself clears the whole register and
   is a zeroing idiom (no execution unit), where VZEROALL is a
   microcoded sequence of some 20 cycles on the cores this was measured
   on.  */
.macro CLEAR_VREGS
	vpxor %xmm0, %xmm0, %xmm0
	vpxor %xmm1, %xmm1, %xmm1
	vpxor %xmm2, %xmm2, %xmm2
	vpxor %xmm3, %xmm3, %xmm3
	vpxor %xmm4, %xmm4, %xmm4
	vpxor %xmm5, %xmm5, %xmm5
	vpxor %xmm6, %xmm6, %xmm6
	vpxor %xmm7, %xmm7, %xmm7
	vpxor %xmm8, %xmm8, %xmm8
	vpxor %xmm9, %xmm9, %xmm9
	vpxor %xmm10, %xmm10, %xmm10
	vpxor %xmm11, %xmm11, %xmm11
	vpxor %xmm12, %xmm12, %xmm12
.endm

/* Overwrite the W+K area (every call writes all of it: an odd last
   block is scheduled in both lanes) with the zero in ymm0: unrolled,
   40 ymm stores.  */
.macro WIPE_WK_avx2
	.irp off, 0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480, 512, 544, 576, 608, 640, 672, 704, 736, 768, 800, 832, 864, 896, 928, 960, 992, 1024, 1056, 1088, 1120, 1152, 1184, 1216, 1248
	vmovdqu %ymm0, \off(%rsp)
	.endr
.endm

/* The same in 20 zmm stores: half the store instructions, and a zero
   store is no 512-bit arithmetic, so no frequency licence is at
   stake.  */
.macro WIPE_WK_avx512
	.irp off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024, 1088, 1152, 1216
	vmovdqu64 %zmm0, \off(%rsp)
	.endr
.endm

/* The whole compression function _gcry_sha512_compress_ISA.  */
.macro SHA512_COMPRESS isa
GCRY_ASM_FUNC_START(_gcry_sha512_compress_\isa)
	testq %rdx, %rdx
	jz .Lsha512_\isa\()_ret
	GCRY_ASM_PUSH_CALLEE_SAVED
	subq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(FRAME)

	movq %rdx, NBLK(%rsp)
	movq %rsi, BLKPTR(%rsp)
	vmovdqu .Lbswap64(%rip), BSWAP
	movq 0(%rdi), %rax
	movq 8(%rdi), %rbx
	movq 16(%rdi), %rcx
	movq 24(%rdi), %rdx
	movq 32(%rdi), %r8
	movq 40(%rdi), %r9
	movq 48(%rdi), %r10
	movq 56(%rdi), %r11

.Lsha512_\isa\()_pair:
	/* The second block of the pair, or the first again if it is the
	   last one.  */
	movq BLKPTR(%rsp), %r14
	leaq 128(%r14), %r13
	cmpq $2, NBLK(%rsp)
	cmovbq %r14, %r13
	LOADPAIR %ymm0, 0
	LOADPAIR %ymm1, 1
	LOADPAIR %ymm2, 2
	LOADPAIR %ymm3, 3
	LOADPAIR %ymm4, 4
	LOADPAIR %ymm5, 5
	LOADPAIR %ymm6, 6
	LOADPAIR %ymm7, 7

	INIT_BC
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 0
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 8
	SCHED \isa, %ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 256
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 32
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 40
	SCHED \isa, %ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 288
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 64
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 72
	SCHED \isa, %ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 320
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 96
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 104
	SCHED \isa, %ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 352
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 128
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 136
	SCHED \isa, %ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 384
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 160
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 168
	SCHED \isa, %ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 416
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 192
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 200
	SCHED \isa, %ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 448
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 224
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 232
	SCHED \isa, %ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 480
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 256
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 264
	SCHED \isa, %ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 512
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 288
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 296
	SCHED \isa, %ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 544
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 320
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 328
	SCHED \isa, %ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 576
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 352
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 360
	SCHED \isa, %ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 608
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 384
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 392
	SCHED \isa, %ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 640
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 416
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 424
	SCHED \isa, %ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 672
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 448
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 456
	SCHED \isa, %ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 704
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 480
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 488
	SCHED \isa, %ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 736
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 512
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 520
	SCHED \isa, %ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 768
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 544
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 552
	SCHED \isa, %ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 800
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 576
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 584
	SCHED \isa, %ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 832
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 608
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 616
	SCHED \isa, %ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 864
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 640
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 648
	SCHED \isa, %ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 896
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 672
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 680
	SCHED \isa, %ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 928
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 704
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 712
	SCHED \isa, %ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 960
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 736
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 744
	SCHED \isa, %ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 992
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 768
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 776
	SCHED \isa, %ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 1024
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 800
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 808
	SCHED \isa, %ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 1056
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 832
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 840
	SCHED \isa, %ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 1088
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 864
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 872
	SCHED \isa, %ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 1120
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 896
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 904
	SCHED \isa, %ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 1152
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 928
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 936
	SCHED \isa, %ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 1184
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 960
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 968
	SCHED \isa, %ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 1216
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 992
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 1000
	SCHED \isa, %ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 1248
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 1024
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 1032
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 1056
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 1064
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 1088
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 1096
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 1120
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 1128
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 1152
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 1160
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 1184
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 1192
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 1216
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 1224
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 1248
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 1256
	FEEDFORWARD
	cmpq $2, NBLK(%rsp)
	jb .Lsha512_\isa\()_last

	INIT_BC
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 16
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 24
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 48
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 56
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 80
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 88
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 112
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 120
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 144
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 152
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 176
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 184
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 208
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 216
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 240
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 248
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 272
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 280
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 304
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 312
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 336
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 344
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 368
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 376
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 400
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 408
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 432
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 440
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 464
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 472
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 496
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 504
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 528
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 536
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 560
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 568
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 592
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 600
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 624
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 632
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 656
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 664
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 688
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 696
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 720
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 728
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 752
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 760
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 784
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 792
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 816
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 824
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 848
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 856
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 880
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 888
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 912
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 920
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 944
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 952
	ROUND %rax, %rbx, %rcx, %rdx, %r8, %r9, %r10, %r11, %rsi, %r15, %rbp, 976
	ROUND %rsi, %rax, %rbx, %rcx, %r11, %r8, %r9, %r10, %rdx, %rbp, %r15, 984
	ROUND %rdx, %rsi, %rax, %rbx, %r10, %r11, %r8, %r9, %rcx, %r15, %rbp, 1008
	ROUND %rcx, %rdx, %rsi, %rax, %r9, %r10, %r11, %r8, %rbx, %rbp, %r15, 1016
	ROUND %rbx, %rcx, %rdx, %rsi, %r8, %r9, %r10, %r11, %rax, %r15, %rbp, 1040
	ROUND %rax, %rbx, %rcx, %rdx, %r11, %r8, %r9, %r10, %rsi, %rbp, %r15, 1048
	ROUND %rsi, %rax, %rbx, %rcx, %r10, %r11, %r8, %r9, %rdx, %r15, %rbp, 1072
	ROUND %rdx, %rsi, %rax, %rbx, %r9, %r10, %r11, %r8, %rcx, %rbp, %r15, 1080
	ROUND %rcx, %rdx, %rsi, %rax, %r8, %r9, %r10, %r11, %rbx, %r15, %rbp, 1104
	ROUND %rbx, %rcx, %rdx, %rsi, %r11, %r8, %r9, %r10, %rax, %rbp, %r15, 1112
	ROUND %rax, %rbx, %rcx, %rdx, %r10, %r11, %r8, %r9, %rsi, %r15, %rbp, 1136
	ROUND %rsi, %rax, %rbx, %rcx, %r9, %r10, %r11, %r8, %rdx, %rbp, %r15, 1144
	ROUND %rdx, %rsi, %rax, %rbx, %r8, %r9, %r10, %r11, %rcx, %r15, %rbp, 1168
	ROUND %rcx, %rdx, %rsi, %rax, %r11, %r8, %r9, %r10, %rbx, %rbp, %r15, 1176
	ROUND %rbx, %rcx, %rdx, %rsi, %r10, %r11, %r8, %r9, %rax, %r15, %rbp, 1200
	ROUND %rax, %rbx, %rcx, %rdx, %r9, %r10, %r11, %r8, %rsi, %rbp, %r15, 1208
	ROUND %rsi, %rax, %rbx, %rcx, %r8, %r9, %r10, %r11, %rdx, %r15, %rbp, 1232
	ROUND %rdx, %rsi, %rax, %rbx, %r11, %r8, %r9, %r10, %rcx, %rbp, %r15, 1240
	ROUND %rcx, %rdx, %rsi, %rax, %r10, %r11, %r8, %r9, %rbx, %r15, %rbp, 1264
	ROUND %rbx, %rcx, %rdx, %rsi, %r9, %r10, %r11, %r8, %rax, %rbp, %r15, 1272
	FEEDFORWARD
	addq $256, BLKPTR(%rsp)
	subq $2, NBLK(%rsp)
	jnz .Lsha512_\isa\()_pair
	jmp .Lsha512_\isa\()_wipe

.Lsha512_\isa\()_last:
	movq $0, NBLK(%rsp)

.Lsha512_\isa\()_wipe:
	/* W+K is message-derived: overwrite it, then clear the vector
	   registers and the scalar temporaries.  */
	CLEAR_VREGS
	WIPE_WK_\isa
	vzeroupper
	GCRY_ASM_CLEAR_SCRATCH_GPRS
	xorl %esi, %esi

	addq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(-FRAME)
	GCRY_ASM_POP_CALLEE_SAVED
.Lsha512_\isa\()_ret:
	ret
GCRY_ASM_FUNC_END(_gcry_sha512_compress_\isa)
.endm

SHA512_COMPRESS avx2
SHA512_COMPRESS avx512

GCRY_ASM_NOTES

#endif /* __x86_64__ */

