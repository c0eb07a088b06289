/* poly1305-avx2-x86_64.S - Poly1305 blocks with AVX2 (VPMULUDQ, 32x32
 * -> 64-bit products), four blocks per ymm vector: the vector kernel for
 * x86-64 CPUs without AVX-512 IFMA (Haswell to Comet Lake, Zen 1 to 3).
 *
 * Entries (prototypes and the caller's duties in poly1305.h):
 *   _gcry_poly1305_avx2_powers (table, r)
 *   _gcry_poly1305_avx2_blocks (h, m, nblocks, table)
 * Features: AVX2 (HWF_INTEL_AVX2).  ymm0-15 only.
 *
 * The schedule is poly1305-ifma-x86_64.S's with W = 4 lanes (read its
 * header for the lanes, the per-lane powers and the partial vector):
 * H := H r^8 + A r^4 + B per step of eight blocks, while at least 16
 * blocks remain counted from H's first; then H, up to two full vectors
 * and a partial one times per-lane powers r^e, e from 1 to 15, summed.
 *
 * Limbs: radix 2^26, five limbs of 26 bits, one 64-bit lane each, so
 * VPMULUDQ (low 32 bits of each lane) multiplies whole limbs and a
 * product sum has room to spare.  For X times R, with S_j = 5 R_j
 * (weight 2^130 is 5 mod p):
 *
 *   Z0 = x0 r0 + x1 s4 + x2 s3 + x3 s2 + x4 s1
 *   Z1 = x0 r1 + x1 r0 + x2 s4 + x3 s3 + x4 s2
 *   Z2 = x0 r2 + x1 r1 + x2 r0 + x3 s4 + x4 s3
 *   Z3 = x0 r3 + x1 r2 + x2 r1 + x3 r0 + x4 s4
 *   Z4 = x0 r4 + x1 r3 + x2 r2 + x3 r1 + x4 r0
 *
 * The carry after a step runs as two interleaved chains (0->1->2->3 and
 * 3->4->0->1, the 4->0 carry times 5), seven carries in all, leaving
 * every limb below 2^26 + 2^10.
 *
 * BOUNDS.  After a carry and a message add the limbs are below 2^27.01
 * (the caller's h, top word up to 7, gives limb 4 up to 2^27.3); powers
 * (outputs of the same carry) below 2^26 + 2^10, so 5 r below 2^28.33.
 * A step's sums are then below 2^58.3, within 64 bits, and the first
 * carries below 2^32.3: after the seven carries all limbs are again
 * below 2^26 + 2^10.  The final pass adds up to four products without
 * carrying (below 2^59.7 a lane), sums the four lanes (below 2^61.7)
 * and converts to the caller's radix 2^64 in scalar code, folding the
 * bits from 2^130 up back times 5 (top word at most 4 on return).
 *
 * Lane order: a vector is two 32-byte loads (blocks 0, 1 and 2, 3)
 * split by VPUNPCKLQDQ/VPUNPCKHQDQ, which leaves the blocks in lanes
 * (0, 2, 1, 3).  That is harmless in the loop (every vector is loaded
 * the same way, so each lane still sees one residue class of blocks)
 * but the per-lane powers are in block order, so the final pass puts
 * H's limbs back in order (VPERMQ) and loads the later vectors with an
 * extra VPERMQ on the two halves.
 *
 * The table (quadword indices): limb k of r^(16 - i) at 20 k + i for
 * i < 16, zeros at 20 k + 16 .. 20 k + 19 (what a partial vector's dead
 * lanes read); then from index 100 the loop's broadcast multipliers,
 * r^4 and r^8, each as nine 4-lane vectors r0..r4, 5 r1..5 r4.  Total
 * 172 quadwords.  The powers routine builds (r^4, r^3, r^2, r) by two
 * lane-wise multiplications with blends, then the rest as the IFMA
 * routine does, using the table itself for multiplier vectors.
 *
 * Constant time: no branch or address depends on r, s, h or the data
 * (only on nblocks).  Every ymm register is zero on return (VZEROALL);
 * no stack is used.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

/* Table layout, bytes.  */
#define ROWB		160			/* one limb row: 20 quadwords */
#define BCAST		800			/* broadcast multipliers */
#define BC_R4		(BCAST)			/* r^4: 9 vectors of 32 bytes */
#define BC_R8		(BCAST + 9 * 32)	/* r^8 */

GCRY_ASM_RODATA
.balign 32
.Lmask26:	.quad 0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff
.Lhibit:	.quad 0x1000000, 0x1000000, 0x1000000, 0x1000000
/* Eight all-ones quadwords then eight zero ones: a load at 8 (8 - n)
   is a mask of n leading lanes.  */
.Lones_then_zeros:
		.quad -1, -1, -1, -1, -1, -1, -1, -1
		.quad 0, 0, 0, 0, 0, 0, 0, 0

.text

/* Products of X (registers) and a multiplier R0..R4, S1..S4 (registers
   or memory), added into Z0..Z4 (FIRST = 1: written, not added).  T is
   scratch.  */
.macro MUL5 x0, x1, x2, x3, x4, r0, r1, r2, r3, r4, s1, s2, s3, s4, z0, z1, z2, z3, z4, t, first
.if \first
	vpmuludq \r0, \x0, \z0
	vpmuludq \r1, \x0, \z1
	vpmuludq \r2, \x0, \z2
	vpmuludq \r3, \x0, \z3
	vpmuludq \r4, \x0, \z4
.else
	vpmuludq \r0, \x0, \t
	vpaddq \t, \z0, \z0
	vpmuludq \r1, \x0, \t
	vpaddq \t, \z1, \z1
	vpmuludq \r2, \x0, \t
	vpaddq \t, \z2, \z2
	vpmuludq \r3, \x0, \t
	vpaddq \t, \z3, \z3
	vpmuludq \r4, \x0, \t
	vpaddq \t, \z4, \z4
.endif
	vpmuludq \s4, \x1, \t
	vpaddq \t, \z0, \z0
	vpmuludq \r0, \x1, \t
	vpaddq \t, \z1, \z1
	vpmuludq \r1, \x1, \t
	vpaddq \t, \z2, \z2
	vpmuludq \r2, \x1, \t
	vpaddq \t, \z3, \z3
	vpmuludq \r3, \x1, \t
	vpaddq \t, \z4, \z4

	vpmuludq \s3, \x2, \t
	vpaddq \t, \z0, \z0
	vpmuludq \s4, \x2, \t
	vpaddq \t, \z1, \z1
	vpmuludq \r0, \x2, \t
	vpaddq \t, \z2, \z2
	vpmuludq \r1, \x2, \t
	vpaddq \t, \z3, \z3
	vpmuludq \r2, \x2, \t
	vpaddq \t, \z4, \z4

	vpmuludq \s2, \x3, \t
	vpaddq \t, \z0, \z0
	vpmuludq \s3, \x3, \t
	vpaddq \t, \z1, \z1
	vpmuludq \s4, \x3, \t
	vpaddq \t, \z2, \z2
	vpmuludq \r0, \x3, \t
	vpaddq \t, \z3, \z3
	vpmuludq \r1, \x3, \t
	vpaddq \t, \z4, \z4

	vpmuludq \s1, \x4, \t
	vpaddq \t, \z0, \z0
	vpmuludq \s2, \x4, \t
	vpaddq \t, \z1, \z1
	vpmuludq \s3, \x4, \t
	vpaddq \t, \z2, \z2
	vpmuludq \s4, \x4, \t
	vpaddq \t, \z3, \z3
	vpmuludq \r0, \x4, \t
	vpaddq \t, \z4, \z4
.endm

/* One carry from limb A to limb B; T scratch.  */
.macro CARRY a, b, t
	vpsrlq $26, \a, \t
	vpand .Lmask26(%rip), \a, \a
	vpaddq \t, \b, \b
.endm

/* The carry from limb 4 to limb 0, times 5.  */
.macro CARRY5 a, b, t
	vpsrlq $26, \a, \t
	vpand .Lmask26(%rip), \a, \a
	vpaddq \t, \b, \b
	vpsllq $2, \t, \t
	vpaddq \t, \b, \b
.endm

/* Z0..Z4 back to limbs below 2^26 + 2^10 (two chains, T and U scratch).  */
.macro CARRY_ALL z0, z1, z2, z3, z4, t, u
	CARRY \z0, \z1, \t
	CARRY \z3, \z4, \u
	CARRY \z1, \z2, \t
	CARRY5 \z4, \z0, \u
	CARRY \z2, \z3, \t
	CARRY \z0, \z1, \u
	CARRY \z3, \z4, \t
.endm

/* S1..S4 := 5 R1..5 R4 (R in registers or memory).  */
.macro TIMES5 r1, r2, r3, r4, s1, s2, s3, s4
	vmovdqu \r1, \s1
	vmovdqu \r2, \s2
	vmovdqu \r3, \s3
	vmovdqu \r4, \s4
	vpsllq $2, \s1, \s1
	vpsllq $2, \s2, \s2
	vpsllq $2, \s3, \s3
	vpsllq $2, \s4, \s4
	vpaddq \r1, \s1, \s1
	vpaddq \r2, \s2, \s2
	vpaddq \r3, \s3, \s3
	vpaddq \r4, \s4, \s4
.endm

/* M0..M4 := limbs of the four blocks whose two 32-byte halves are in
   M0 (blocks 0, 1) and M1 (blocks 2, 3), lanes in the order (0, 2, 1,
   3), or in block order when NATURAL; the 2^128 bit is set unless
   PARTIAL (the caller then ORs it into the live lanes of M4).  */
.macro SPLIT4 m0, m1, m2, m3, m4, natural, partial
	vpunpckhqdq \m1, \m0, \m3		/* high quadwords */
	vpunpcklqdq \m1, \m0, \m0		/* low quadwords */
.if \natural
	vpermq $0xd8, \m3, \m3
	vpermq $0xd8, \m0, \m0
.endif
	vpsrlq $40, \m3, \m4			/* bits 104..127 */
.if !\partial
	vpor .Lhibit(%rip), \m4, \m4
.endif
	vpsllq $12, \m3, \m2
	vpsrlq $14, \m3, \m3			/* bits 78..103 */
	vpand .Lmask26(%rip), \m3, \m3
	vpsrlq $52, \m0, \m1
	vpor \m1, \m2, \m2			/* bits 52..77 */
	vpand .Lmask26(%rip), \m2, \m2
	vpsrlq $26, \m0, \m1			/* bits 26..51 */
	vpand .Lmask26(%rip), \m1, \m1
	vpand .Lmask26(%rip), \m0, \m0		/* bits 0..25 */
.endm

/* The next four blocks at rsi; rsi advances.  */
.macro LOAD4 m0, m1, m2, m3, m4, natural
	vmovdqu (%rsi), \m0
	vmovdqu 32(%rsi), \m1
	SPLIT4 \m0, \m1, \m2, \m3, \m4, \natural, 0
	addq $64, %rsi
.endm

/* The first K = ecx (1..3) blocks at rsi, in block order, other lanes
   zero, nothing past them read.  MASK is scratch; clobbers rax, r11.  */
.macro LOAD_PARTIAL m0, m1, m2, m3, m4, mask
	leaq .Lones_then_zeros+64(%rip), %rax
	movq %rcx, %r11
	shlq $4, %r11
	subq %r11, %rax				/* 2K leading quadwords */
	vmovdqu (%rax), \mask
	vpmaskmovq (%rsi), \mask, \m0
	vmovdqu 32(%rax), \mask
	vpmaskmovq 32(%rsi), \mask, \m1
	SPLIT4 \m0, \m1, \m2, \m3, \m4, 1, 1
	vmovdqu (%rax, %rcx, 8), \mask		/* K leading lanes */
	vpand .Lhibit(%rip), \mask, \mask
	vpor \mask, \m4, \m4
.endm

/* Z += X times the per-lane powers at index 16 - E of the table, E in
   E_REG (lane j: r^(E - j)).  S1..S4 and T are scratch; clobbers rax.  */
.macro MUL_TABLE e_reg, x0, x1, x2, x3, x4, z0, z1, z2, z3, z4, s1, s2, s3, s4, t, first
	movl $16, %eax
	subl \e_reg, %eax
	leaq (%r10, %rax, 8), %rax
	TIMES5 ROWB(%rax), (2 * ROWB)(%rax), (3 * ROWB)(%rax), (4 * ROWB)(%rax), \s1, \s2, \s3, \s4
	MUL5 \x0, \x1, \x2, \x3, \x4, (%rax), ROWB(%rax), (2 * ROWB)(%rax), (3 * ROWB)(%rax), (4 * ROWB)(%rax), \s1, \s2, \s3, \s4, \z0, \z1, \z2, \z3, \z4, \t, \first
.endm

/* R64 := the sum of the four lanes of ymm N, using ymm TMP.  */
.macro HSUM n, tmp, r64
	vextracti128 $1, %ymm\n, %xmm\tmp
	vpaddq %xmm\tmp, %xmm\n, %xmm\n
	vpshufd $0x4e, %xmm\n, %xmm\tmp
	vpaddq %xmm\tmp, %xmm\n, %xmm\n
	vmovq %xmm\n, \r64
.endm


/*
 * void _gcry_poly1305_avx2_blocks (u64 h[3], const byte *m,
 *                                  size_t nblocks, const u64 *table)
 *
 * rdi h, rsi m, rdx blocks left counted from H's first one, r10 the
 * table, ecx a partial vector's count.  Loop registers: ymm0-4 H,
 * ymm5-9 the new sums, ymm10-14 a message vector, ymm15 scratch.
 */
GCRY_ASM_FUNC_START(_gcry_poly1305_avx2_blocks)
	movq %rcx, %r10

	/* h in radix 2^64 to lane 0 as five 26-bit limbs.  */
	movq (%rdi), %rax
	movq 8(%rdi), %r8
	movq 16(%rdi), %r9
	movl $0x3ffffff, %r11d
	movq %rax, %rcx
	andq %r11, %rcx
	vmovq %rcx, %xmm0
	movq %rax, %rcx
	shrq $26, %rcx
	andq %r11, %rcx
	vmovq %rcx, %xmm1
	shrdq $52, %r8, %rax
	andq %r11, %rax
	vmovq %rax, %xmm2
	movq %r8, %rcx
	shrq $14, %rcx
	andq %r11, %rcx
	vmovq %rcx, %xmm3
	shrdq $40, %r9, %r8
	vmovq %r8, %xmm4

	/* The first vector: partial (block order) when nblocks < 4.  */
	cmpq $4, %rdx
	jae 1f
	movl %edx, %ecx
	LOAD_PARTIAL %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, %ymm15
	jmp 2f
1:	LOAD4 %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
2:	vpaddq %ymm10, %ymm0, %ymm0
	vpaddq %ymm11, %ymm1, %ymm1
	vpaddq %ymm12, %ymm2, %ymm2
	vpaddq %ymm13, %ymm3, %ymm3
	vpaddq %ymm14, %ymm4, %ymm4

	cmpq $16, %rdx
	jb .Lavx2_final

.p2align 4
.Lavx2_loop:
	/* A r^4 first: it does not wait for H.  */
	LOAD4 %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
	MUL5 %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, \
	     BC_R4(%r10), (BC_R4 + 32)(%r10), (BC_R4 + 64)(%r10), \
	     (BC_R4 + 96)(%r10), (BC_R4 + 128)(%r10), (BC_R4 + 160)(%r10), \
	     (BC_R4 + 192)(%r10), (BC_R4 + 224)(%r10), (BC_R4 + 256)(%r10), \
	     %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, %ymm15, 1
	MUL5 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
	     BC_R8(%r10), (BC_R8 + 32)(%r10), (BC_R8 + 64)(%r10), \
	     (BC_R8 + 96)(%r10), (BC_R8 + 128)(%r10), (BC_R8 + 160)(%r10), \
	     (BC_R8 + 192)(%r10), (BC_R8 + 224)(%r10), (BC_R8 + 256)(%r10), \
	     %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, %ymm15, 0
	CARRY_ALL %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, %ymm15, %ymm14
	LOAD4 %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
	vpaddq %ymm10, %ymm5, %ymm0
	vpaddq %ymm11, %ymm6, %ymm1
	vpaddq %ymm12, %ymm7, %ymm2
	vpaddq %ymm13, %ymm8, %ymm3
	vpaddq %ymm14, %ymm9, %ymm4
	subq $8, %rdx
	cmpq $16, %rdx
	jae .Lavx2_loop

.Lavx2_final:
	/* rdx < 16 blocks counted from H's first.  A full H is in the
	   loop's lane order: back to block order.  Then H and the later
	   vectors (loaded in block order) times their per-lane powers
	   into ymm5-9; vectors in ymm0-4, 5 r in ymm10-13, ymm14-15
	   scratch.  */
	cmpq $4, %rdx
	jb 1f
	vpermq $0xd8, %ymm0, %ymm0
	vpermq $0xd8, %ymm1, %ymm1
	vpermq $0xd8, %ymm2, %ymm2
	vpermq $0xd8, %ymm3, %ymm3
	vpermq $0xd8, %ymm4, %ymm4
1:	MUL_TABLE %edx, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		  %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		  %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 1
	cmpq $4, %rdx
	jb 3f					/* H was the partial vector */
	cmpq $8, %rdx
	jb 2f
	LOAD4 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, 1
	leal -4(%edx), %ecx
	MUL_TABLE %ecx, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		  %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		  %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
	cmpq $12, %rdx
	jb 2f
	LOAD4 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, 1
	leal -8(%edx), %ecx
	MUL_TABLE %ecx, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		  %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		  %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
2:	movl %edx, %ecx
	andl $3, %ecx
	jz 3f
	LOAD_PARTIAL %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm15
	MUL_TABLE %ecx, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		  %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		  %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, 0
3:
	/* Lanes summed: h = sum Z_k 2^(26 k), each Z_k below 2^62.  */
	HSUM 5, 10, %rax
	HSUM 6, 11, %rcx
	HSUM 7, 12, %rdx
	HSUM 8, 13, %r8
	HSUM 9, 14, %r9
	/* Into rax (low word), r10, r11 (bits 128 and up).  */
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	movq %rcx, %rsi
	shlq $26, %rsi
	shrq $38, %rcx
	addq %rsi, %rax
	adcq %rcx, %r10
	movq %rdx, %rsi
	shlq $52, %rsi
	shrq $12, %rdx
	addq %rsi, %rax
	adcq %rdx, %r10
	movq %r8, %rsi
	shlq $14, %rsi
	shrq $50, %r8
	movq %r9, %rcx
	shlq $40, %rcx
	shrq $24, %r9
	addq %rsi, %r10
	adcq %r8, %r11
	addq %rcx, %r10
	adcq %r9, %r11
	/* Bits 130 and up times 5 back to the bottom: top word <= 4.  */
	movq %r11, %rsi
	shrq $2, %rsi
	leaq (%rsi, %rsi, 4), %rsi
	andq $3, %r11
	addq %rsi, %rax
	adcq $0, %r10
	adcq $0, %r11
	movq %rax, (%rdi)
	movq %r10, 8(%rdi)
	movq %r11, 16(%rdi)

	vzeroall
	xorl %eax, %eax
	xorl %ecx, %ecx
	xorl %edx, %edx
	xorl %esi, %esi
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
GCRY_ASM_FUNC_END(_gcry_poly1305_avx2_blocks)


/*
 * The powers.
 */

/* Store the nine vectors of multiplier R (registers R0..R4, 5 R in
   S1..S4) at byte offset OFF of the table.  */
.macro STORE_MULT off, r0, r1, r2, r3, r4, s1, s2, s3, s4
	vmovdqu \r0, (\off)(%rdi)
	vmovdqu \r1, (\off + 32)(%rdi)
	vmovdqu \r2, (\off + 64)(%rdi)
	vmovdqu \r3, (\off + 96)(%rdi)
	vmovdqu \r4, (\off + 128)(%rdi)
	vmovdqu \s1, (\off + 160)(%rdi)
	vmovdqu \s2, (\off + 192)(%rdi)
	vmovdqu \s3, (\off + 224)(%rdi)
	vmovdqu \s4, (\off + 256)(%rdi)
.endm

/* Z := X times the multiplier stored at byte offset OFF, then carried;
   ymm15 and ymm14 scratch (so X, Z among ymm0-13).  */
.macro VMUL_MEM off, x0, x1, x2, x3, x4, z0, z1, z2, z3, z4
	MUL5 \x0, \x1, \x2, \x3, \x4, (\off)(%rdi), (\off + 32)(%rdi), \
	     (\off + 64)(%rdi), (\off + 96)(%rdi), (\off + 128)(%rdi), \
	     (\off + 160)(%rdi), (\off + 192)(%rdi), (\off + 224)(%rdi), \
	     (\off + 256)(%rdi), \z0, \z1, \z2, \z3, \z4, %ymm15, 1
	CARRY_ALL \z0, \z1, \z2, \z3, \z4, %ymm15, %ymm14
.endm

/* Z := lane 0 of X in every lane.  */
.macro BCAST0 x0, x1, x2, x3, x4, z0, z1, z2, z3, z4
	vpermq $0, \x0, \z0
	vpermq $0, \x1, \z1
	vpermq $0, \x2, \z2
	vpermq $0, \x3, \z3
	vpermq $0, \x4, \z4
.endm

/* Z := X where the dword-blend mask IMM is set, Y elsewhere.  */
.macro BLEND imm, x0, x1, x2, x3, x4, y0, y1, y2, y3, y4, z0, z1, z2, z3, z4
	vpblendd $\imm, \x0, \y0, \z0
	vpblendd $\imm, \x1, \y1, \z1
	vpblendd $\imm, \x2, \y2, \z2
	vpblendd $\imm, \x3, \y3, \z3
	vpblendd $\imm, \x4, \y4, \z4
.endm

/* Store limbs X at table index IDX (4 lanes in each row).  */
.macro STORE_POW idx, x0, x1, x2, x3, x4
	vmovdqu \x0, (8 * \idx)(%rdi)
	vmovdqu \x1, (ROWB + 8 * \idx)(%rdi)
	vmovdqu \x2, (2 * ROWB + 8 * \idx)(%rdi)
	vmovdqu \x3, (3 * ROWB + 8 * \idx)(%rdi)
	vmovdqu \x4, (4 * ROWB + 8 * \idx)(%rdi)
.endm

/* Load limbs at table index IDX into X.  */
.macro LOAD_POW idx, x0, x1, x2, x3, x4
	vmovdqu (8 * \idx)(%rdi), \x0
	vmovdqu (ROWB + 8 * \idx)(%rdi), \x1
	vmovdqu (2 * ROWB + 8 * \idx)(%rdi), \x2
	vmovdqu (3 * ROWB + 8 * \idx)(%rdi), \x3
	vmovdqu (4 * ROWB + 8 * \idx)(%rdi), \x4
.endm

/* The multiplier area for R (registers R0..R4) at OFF, 5 R computed in
   ymm10-13.  */
.macro SAVE_MULT off, r0, r1, r2, r3, r4
	TIMES5 \r1, \r2, \r3, \r4, %ymm10, %ymm11, %ymm12, %ymm13
	STORE_MULT \off, \r0, \r1, \r2, \r3, \r4, %ymm10, %ymm11, %ymm12, %ymm13
.endm

/*
 * void _gcry_poly1305_avx2_powers (u64 *table, const u64 r[2])
 *
 * Scratch multiplier areas before the rows are written: r at byte 0,
 * r^2 at byte 288 (both inside the rows, which are stored last).
 * Lane j of a vector holds r^(e - j) for its top exponent e.
 */
#define SCR_R		0
#define SCR_R2		288

GCRY_ASM_FUNC_START(_gcry_poly1305_avx2_powers)
	/* r as five 26-bit limbs in every lane: ymm0-4.  */
	movq (%rsi), %rax
	movq 8(%rsi), %rcx
	movl $0x3ffffff, %r11d
	movq %rax, %rdx
	andq %r11, %rdx
	vmovq %rdx, %xmm0
	movq %rax, %rdx
	shrq $26, %rdx
	andq %r11, %rdx
	vmovq %rdx, %xmm1
	shrdq $52, %rcx, %rax
	andq %r11, %rax
	vmovq %rax, %xmm2
	movq %rcx, %rdx
	shrq $14, %rdx
	andq %r11, %rdx
	vmovq %rdx, %xmm3
	shrq $40, %rcx
	vmovq %rcx, %xmm4
	vpbroadcastq %xmm0, %ymm0
	vpbroadcastq %xmm1, %ymm1
	vpbroadcastq %xmm2, %ymm2
	vpbroadcastq %xmm3, %ymm3
	vpbroadcastq %xmm4, %ymm4

	SAVE_MULT SCR_R, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	VMUL_MEM SCR_R, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		 %ymm5, %ymm6, %ymm7, %ymm8, %ymm9		/* r^2 */
	SAVE_MULT SCR_R2, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	/* Lanes 0 and 2 (even exponents) take r^2: (r^2, r, r^2, r).  */
	BLEND 0x33, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		    %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		    %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	/* Times r^2 in lanes 0 and 1: (r^4, r^3, r^2, r).  */
	VMUL_MEM SCR_R2, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		 %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	BLEND 0x0f, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		    %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		    %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	/* r^4 for the loop and for the next step.  */
	BCAST0 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
	       %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	SAVE_MULT BC_R4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	/* The scratch areas are dead: (r^4..r) to its row place.  */
	STORE_POW 12, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	/* (r^8..r^5), and r^8 for the loop.  */
	VMUL_MEM BC_R4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4, \
		 %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	STORE_POW 8, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	BCAST0 %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
	       %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	SAVE_MULT BC_R8, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	/* (r^16..r^13) = (r^8..r^5) r^8, (r^12..r^9) = (r^4..r) r^8.  */
	VMUL_MEM BC_R8, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	STORE_POW 0, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	LOAD_POW 12, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	VMUL_MEM BC_R8, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, \
		 %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	STORE_POW 4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	vpxor %ymm0, %ymm0, %ymm0
	STORE_POW 16, %ymm0, %ymm0, %ymm0, %ymm0, %ymm0

	vzeroall
	xorl %eax, %eax
	xorl %ecx, %ecx
	xorl %edx, %edx
	ret
GCRY_ASM_FUNC_END(_gcry_poly1305_avx2_powers)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
