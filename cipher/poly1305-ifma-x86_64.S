/* poly1305-ifma-x86_64.S - Poly1305 blocks with AVX-512 IFMA (52-bit
 * multiply-accumulate, VPMADD52LUQ/VPMADD52HUQ), on zmm (8 lanes) or
 * ymm (4 lanes) from one template.
 *
 * Entries (prototypes and the caller's duties in poly1305.h):
 *   _gcry_poly1305_ifma_powers_zmm/_ymm (table, r)
 *   _gcry_poly1305_ifma_blocks_zmm/_ymm (h, m, nblocks, table)
 * Features: AVX-512F/VL/IFMA and VBMI2 (VPSHRDQ), all part of
 * HWF_INTEL_AVX512.  Targets Ice Lake and later Intel cores, Zen 4.
 *
 * The algorithm.  Poly1305 of blocks m_0..m_(n-1) (each with its 2^128
 * bit) onto a running h is h r^n + sum m_p r^(n-p) mod p = 2^130 - 5;
 * adding h into block 0 makes it sum m_p r^(n-p).  Block p goes to lane
 * p mod W of a vector of W lanes, so each lane is an independent Horner
 * chain stepping by r^W, and at the end lane j of the vector that holds
 * block p is multiplied by r^(n-p) and the lanes are summed.  The main
 * loop takes four vectors A, B, C, D of fresh blocks per step:
 *
 *   H := H r^(4W) + A r^(3W) + B r^(2W) + C r^W + D
 *
 * The four products are summed before a single carry pass, so the
 * carry and the recombination of high halves (below) are paid once per
 * 4W blocks, and only H r^(4W) depends on the previous step: the other
 * products of a step run ahead, and the loop is bound by throughput
 * (about 2.4 IFMA and 1.2 other vector instructions a block, on the
 * two 512-bit ports), not by the latency of one step.  The four powers
 * stay in registers (broadcast, with their 20 r1 and 20 r2): that takes
 * 20 of the 32, and the constants become memory operands.  Vectors are
 * split with VPUNPCKLQDQ/VPUNPCKHQDQ, which leave the blocks in lanes
 * (0, W/2, 1, W/2 + 1, ...): harmless while every vector is loaded the
 * same way (each lane still follows one residue class of blocks).
 *
 * The loop runs while at least 5W blocks remain counted from H's first
 * one; then H (put back in block order with VPERMQ), the at most three
 * full vectors and the partial vector after it (loaded in block order
 * with VPERMT2Q) are multiplied by per-lane powers r^e (e from 1 to
 * 5W - 1) read from the table and summed in one pass.  A partial vector
 * is read with masked loads (no access past the message) and has the
 * 2^128 bit only in its live lanes, so any nblocks >= 1 is done here.
 *
 * Limbs: radix 2^44, limbs of 44, 44 and 42 bits, so that IFMA (which
 * multiplies the low 52 bits of its inputs) sees every limb whole even
 * when a few bits above nominal size have piled up.  For X times R:
 *
 *   target limb 0: x0 r0 + x1 (20 r2) + x2 (20 r1)
 *   target limb 1: x0 r1 + x1 r0      + x2 (20 r2)
 *   target limb 2: x0 r2 + x1 r1      + x2 r0
 *
 * (weight 2^132 = 4 * 2^130 is 20 mod p, so products reaching it come
 * back premultiplied by 20).  VPMADD52LUQ adds the low 52 bits of a
 * product to T_k, VPMADD52HUQ the bits above into U_k; U_k has weight
 * 2^52 relative to limb k, i.e. 2^8 times limb k+1, and U_2 weighs
 * 2^140 = 2^10 * 2^130, 5 * 2^10 mod p, in limb 0.  So
 *
 *   T1 += U0 * 2^8,  T2 += U1 * 2^8,  T0 += U2 * 5 * 2^10
 *
 * (in the loop as three more IFMA low halves, exact because every U
 * times its constant stays below 2^52: see BOUNDS), then one parallel
 * carry: T0 >> 44 into limb 1, T1 >> 44 into limb 2, T2 >> 42 (weight
 * 2^130) times 5 into limb 0.
 *
 * BOUNDS (loop).  After a carry and a message add, h0, h1 < 2^45 and
 * h2 < 2^42.6 (below 2^43.3 in lane 0 of the first vector, which holds
 * the caller's h with its top word up to 7); messages are below 2^44,
 * 2^44, 2^41; powers (outputs of the same carry) below 2^44.001,
 * 2^44.001, 2^42.001, so 20 r below 2^48.4.  Every low half is below
 * 2^52; the high halves of the four products of a step sum to U0 <
 * 2^41.6, U1 < 2^39.9, U2 < 2^38.9 (a message product's below 2^39.1,
 * 2^37.3, 2^36.5; H's below 2^40.6, 2^38.9, 2^37.6), so U0 * 2^8,
 * U1 * 2^8 and U2 * 5120 (< 2^51.2) are exact IFMA low halves; each T
 * is below 2^55.7, so the carries are below 2^13.7 and the limbs after
 * the carry pass below 2^44 + 2^16.1, 2^44 + 2^11.7, 2^42 + 2^11.7.
 * The final pass sums up to five products; it recombines with shifts
 * (exact in 64 bits), sums the lanes (each limb below 2^59.1 after
 * that) and does the carry and the reduction to the caller's radix-2^64
 * form in scalar code, leaving the top word at most 4 as the portable
 * code expects.
 *
 * Powers: the table holds r^(5W - i) at index i (i < 5W) and zeros for
 * i = 5W .. 6W - 1, one row per limb (6W quadwords a row, 3 rows: 144
 * quadwords for zmm), so the per-lane powers r^(E - j) of lane j are
 * one load at index 5W - E, and for a partial vector the dead lanes
 * read zeros; the loop broadcasts r^W .. r^(4W) from indices 4W .. W.
 * The powers routine builds r^W..r^1 in one vector by three (zmm) or
 * two (ymm) lane-wise multiplications with blends, then r^(2W)..r^(W+1)
 * as that times r^W, and the rest from r^(2W), in the same radix and
 * carry as above.
 *
 * Constant time: no branch or address depends on r, s, h or the data
 * (only on nblocks).  On return every vector register used is zero
 * (VZEROALL for 0-15, VPXORD for 16-31); no stack is used.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

GCRY_ASM_RODATA
.balign 64
.Lmask44:	.rept 8
		.quad 0xfffffffffff
		.endr
.Lmask42:	.rept 8
		.quad 0x3ffffffffff
		.endr
.Lhibit:	.rept 8			/* 2^128 in limb 2 */
		.quad 0x10000000000
		.endr
.Lc256:		.rept 8
		.quad 256
		.endr
.Lc5120:	.rept 8
		.quad 5120
		.endr
.Lc5:		.rept 8
		.quad 5
		.endr
.Lc20:		.rept 8
		.quad 20
		.endr
/* VPERMT2Q indices: the low, resp. high, quadwords of the blocks held
   by two registers, block order kept (the ymm form uses the first
   four).  */
.Lidx_lo:	.quad 0, 2, 4, 6, 8, 10, 12, 14
.Lidx_hi:	.quad 1, 3, 5, 7, 9, 11, 13, 15
/* VPERMQ indices putting the loop's lane order (0, W/2, 1, W/2+1, ...)
   back in block order.  */
.Lunperm8:	.quad 0, 2, 4, 6, 1, 3, 5, 7
.Lunperm4:	.quad 0, 2, 1, 3

.text

/* NAME is vector register NUM at the width being instantiated.  */
.macro VREG name, num
.if VW == 8
.set \name, %zmm\num
.else
.set \name, %ymm\num
.endif
.endm

/* Instantiate for W lanes: VW the lane count, VB the bytes of one
   register, ROWB the bytes of one table row, and the register map.  */
.macro SET_WIDTH w
.set VW, \w
.set VB, 8 * \w
.set ROWB, 48 * \w
	/* V0..V31 by number, for the powers routine.  */
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	VREG V\i, \i
.endr
	/* The accumulator, one limb per register.  */
	VREG H0, 0
	VREG H1, 1
	VREG H2, 2
	/* Low-half and high-half sums.  */
	VREG T0, 3
	VREG T1, 4
	VREG T2, 5
	VREG U0, 6
	VREG U1, 7
	VREG U2, 8
	/* Message limbs.  */
	VREG A0, 9
	VREG A1, 10
	VREG A2, 11
	/* Loop: r^W, r^(2W), r^(3W), r^(4W) in every lane, each as limbs
	   r0, r1, r2 then 20 r1, 20 r2.  All 32 registers are taken, so
	   the constants are memory operands.  */
	VREG RW0, 12
	VREG RW1, 13
	VREG RW2, 14
	VREG SW1, 15
	VREG SW2, 16
	VREG RD0, 17
	VREG RD1, 18
	VREG RD2, 19
	VREG SD1, 20
	VREG SD2, 21
	VREG R30, 22
	VREG R31, 23
	VREG R32, 24
	VREG S31, 25
	VREG S32, 26
	VREG R40, 27
	VREG R41, 28
	VREG R42, 29
	VREG S41, 30
	VREG S42, 31
	/* Final pass (the loop's powers are dead by then): a second set of
	   sums, 20 r1 and 20 r2 of the current per-lane powers, 20, a
	   second message vector, the VPERMT2Q and VPERMQ indices.  */
	VREG TB0, 12
	VREG TB1, 13
	VREG TB2, 14
	VREG UB0, 15
	VREG UB1, 16
	VREG UB2, 17
	VREG S1F, 18
	VREG S2F, 19
	VREG C20, 20
	VREG B0, 21
	VREG B1, 22
	VREG B2, 23
	VREG IDXLO, 24
	VREG IDXHI, 25
	VREG IDXUN, 26
.endm

/* The indices of the block-order loaders and of the un-permutation.  */
.macro LOAD_INDICES
	vmovdqa64 .Lidx_lo(%rip), IDXLO
	vmovdqa64 .Lidx_hi(%rip), IDXHI
.if VW == 8
	vmovdqa64 .Lunperm8(%rip), IDXUN
.else
	vmovdqa64 .Lunperm4(%rip), IDXUN
.endif
.endm

/* D0, D1, D2 := limbs of the low quadwords LO (in D1) and the high
   ones HI (in D2) of W blocks, 2^128 bit set.  */
.macro SPLIT d0, d1, d2
	vpandq .Lmask44(%rip), \d1, \d0	/* bits 0..43 */
	vpshrdq $44, \d2, \d1, \d1		/* bits 44..107 */
	vpandq .Lmask44(%rip), \d1, \d1
	vpsrlq $24, \d2, \d2			/* bits 88..127 */
.endm

/* The loop's loader: the W blocks at rsi in lanes (0, W/2, 1, W/2+1,
   ...), the order VPUNPCKLQDQ/VPUNPCKHQDQ leave them in (within each
   128-bit lane, one block of each half).  Every vector of the loop
   is loaded so, so each lane still follows one residue class of
   blocks; the final pass puts H back in block order.  No index
   register needed.  rsi advances.  */
.macro LOAD_LOOP d0, d1, d2
	vmovdqu64 (%rsi), \d0
	vpunpckhqdq VB(%rsi), \d0, \d2		/* high quadwords */
	vpunpcklqdq VB(%rsi), \d0, \d1		/* low quadwords */
	SPLIT \d0, \d1, \d2
	vporq .Lhibit(%rip), \d2, \d2
	addq $(16 * VW), %rsi
.endm

/* The W blocks at rsi in block order (VPERMT2Q with IDXLO/IDXHI).  The
   two copies of the first half let each VPERMT2Q take the second half
   from memory.  rsi advances.  */
.macro LOAD_FULL d0, d1, d2
	vmovdqu64 (%rsi), \d1
	vmovdqu64 (%rsi), \d2
	vpermt2q VB(%rsi), IDXLO, \d1
	vpermt2q VB(%rsi), IDXHI, \d2
	SPLIT \d0, \d1, \d2
	vporq .Lhibit(%rip), \d2, \d2
	addq $(16 * VW), %rsi
.endm

/* The first K blocks at rsi in block order, K = ecx in 1..W-1, the
   other lanes zero; nothing past the K blocks is read.  Clobbers eax,
   r11d and the mask registers k1..k3.  */
.macro LOAD_PARTIAL d0, d1, d2
	movl $1, %eax
	shll %cl, %eax
	leal -1(%rax), %r11d
	kmovw %r11d, %k3			/* K block lanes */
	imull %eax, %eax
	decl %eax
	kmovw %eax, %k1				/* 2K quadwords: first half */
	shrl $VW, %eax
	kmovw %eax, %k2				/* second half */
	vmovdqu64 (%rsi), \d1{%k1}{z}
	vmovdqu64 VB(%rsi), \d0{%k2}{z}
	vmovdqa64 \d1, \d2
	vpermt2q \d0, IDXLO, \d1
	vpermt2q \d0, IDXHI, \d2
	SPLIT \d0, \d1, \d2
	vporq .Lhibit(%rip), \d2, \d2{%k3}
.endm

/* T, U += X * R, lane-wise, R's limbs R0, R1, R2 (registers or memory)
   with S1 = 20 R1 and S2 = 20 R2 in registers.  */
.macro MULACC x0, x1, x2, r0, r1, r2, s1, s2, t0, t1, t2, u0, u1, u2
	vpmadd52luq \r0, \x0, \t0
	vpmadd52huq \r0, \x0, \u0
	vpmadd52luq \r1, \x0, \t1
	vpmadd52huq \r1, \x0, \u1
	vpmadd52luq \r2, \x0, \t2
	vpmadd52huq \r2, \x0, \u2
	vpmadd52luq \s2, \x1, \t0
	vpmadd52huq \s2, \x1, \u0
	vpmadd52luq \r0, \x1, \t1
	vpmadd52huq \r0, \x1, \u1
	vpmadd52luq \r1, \x1, \t2
	vpmadd52huq \r1, \x1, \u2
	vpmadd52luq \s1, \x2, \t0
	vpmadd52huq \s1, \x2, \u0
	vpmadd52luq \s2, \x2, \t1
	vpmadd52huq \s2, \x2, \u1
	vpmadd52luq \r0, \x2, \t2
	vpmadd52huq \r0, \x2, \u2
.endm

/* Zero six registers (zero idioms: no execution unit).  */
.macro ZERO6 a, b, c, d, e, f
	vpxorq \a, \a, \a
	vpxorq \b, \b, \b
	vpxorq \c, \c, \c
	vpxorq \d, \d, \d
	vpxorq \e, \e, \e
	vpxorq \f, \f, \f
.endm

/* S := 20 * R: one of R and C20 is 20 in every lane, the other a
   register; R may be memory (R below 2^52 / 20).  */
.macro TIMES20 r, s, c20
	vpxorq \s, \s, \s
	vpmadd52luq \r, \c20, \s
.endm

/* The high halves into the low sums with IFMA (exact: see BOUNDS), then
   one carry pass into D0, D1, D2.  U0..U2 are clobbered.  */
.macro COMBINE_CARRY t0, t1, t2, u0, u1, u2, d0, d1, d2
	vpmadd52luq .Lc256(%rip), \u0, \t1
	vpmadd52luq .Lc256(%rip), \u1, \t2
	vpmadd52luq .Lc5120(%rip), \u2, \t0
	vpsrlq $44, \t0, \u0
	vpsrlq $44, \t1, \u1
	vpsrlq $42, \t2, \u2
	vpandq .Lmask44(%rip), \t0, \d0
	vpandq .Lmask44(%rip), \t1, \d1
	vpandq .Lmask42(%rip), \t2, \d2
	vpmadd52luq .Lc5(%rip), \u2, \d0
	vpaddq \u0, \d1, \d1
	vpaddq \u1, \d2, \d2
.endm

/* rax := the address of the per-lane powers for exponent base E in
   E_REG (lane j: r^(E-j)), table index 5W - E.  */
.macro POWERS_AT e_reg
	movl $(5 * VW), %eax
	subl \e_reg, %eax
	leaq (%r10, %rax, 8), %rax
.endm

/* T, U += X times the per-lane powers at rax.  */
.macro MULACC_TABLE x0, x1, x2, t0, t1, t2, u0, u1, u2
	TIMES20 ROWB(%rax), S1F, C20
	TIMES20 (2 * ROWB)(%rax), S2F, C20
	MULACC \x0, \x1, \x2, (%rax), ROWB(%rax), (2 * ROWB)(%rax), S1F, S2F, \t0, \t1, \t2, \u0, \u1, \u2
.endm

/* Clear every vector register (secrets: powers of r, h, message).  */
.macro CLEAR_VECTORS
	vzeroall
	vpxord %xmm16, %xmm16, %xmm16
	vpxord %xmm17, %xmm17, %xmm17
	vpxord %xmm18, %xmm18, %xmm18
	vpxord %xmm19, %xmm19, %xmm19
	vpxord %xmm20, %xmm20, %xmm20
	vpxord %xmm21, %xmm21, %xmm21
	vpxord %xmm22, %xmm22, %xmm22
	vpxord %xmm23, %xmm23, %xmm23
	vpxord %xmm24, %xmm24, %xmm24
	vpxord %xmm25, %xmm25, %xmm25
	vpxord %xmm26, %xmm26, %xmm26
	vpxord %xmm27, %xmm27, %xmm27
	vpxord %xmm28, %xmm28, %xmm28
	vpxord %xmm29, %xmm29, %xmm29
	vpxord %xmm30, %xmm30, %xmm30
	vpxord %xmm31, %xmm31, %xmm31
.endm

/* R64 := the sum of the lanes of vector register number N (below 16),
   using register number TMP (below 16).  */
.macro HSUM n, tmp, r64
.if VW == 8
	vextracti64x4 $1, %zmm\n, %ymm\tmp
	vpaddq %ymm\tmp, %ymm\n, %ymm\n
.endif
	vextracti128 $1, %ymm\n, %xmm\tmp
	vpaddq %xmm\tmp, %xmm\n, %xmm\n
	vpshufd $0x4e, %xmm\n, %xmm\tmp
	vpaddq %xmm\tmp, %xmm\n, %xmm\n
	vmovq %xmm\n, \r64
.endm


/*
 * void _gcry_poly1305_ifma_blocks_{zmm,ymm} (u64 h[3], const byte *m,
 *                                            size_t nblocks,
 *                                            const u64 *table)
 *
 * rdi h, rsi m, rdx blocks left counted from H's first one, rcx the
 * table until it moves to r10, ecx then the partial vector's count.
 */
.macro BLOCKS_FN name
GCRY_ASM_FUNC_START(\name)
	movq %rcx, %r10

	/* h in radix 2^64 (top word at most 7) to lane 0 as limbs.  */
	movq (%rdi), %rax
	movq 8(%rdi), %r8
	movq 16(%rdi), %r9
	movabsq $0xfffffffffff, %r11
	movq %rax, %rcx
	andq %r11, %rcx
	vmovq %rcx, %xmm0			/* upper lanes zeroed */
	shrdq $44, %r8, %rax
	andq %r11, %rax
	vmovq %rax, %xmm1
	shrdq $24, %r9, %r8
	vmovq %r8, %xmm2

	/* The first vector: partial (block order) when nblocks < W.  */
	cmpq $VW, %rdx
	jae 1f
	LOAD_INDICES
	movl %edx, %ecx
	LOAD_PARTIAL A0, A1, A2
	jmp 2f
1:	LOAD_LOOP A0, A1, A2
2:	vpaddq A0, H0, H0
	vpaddq A1, H1, H1
	vpaddq A2, H2, H2

	cmpq $(5 * VW), %rdx
	jb .Lfinal_\name

	/* r^W, r^(2W), r^(3W), r^(4W) in every lane, with their 20 r1 and
	   20 r2.  */
	vpbroadcastq (8 * 4 * VW)(%r10), RW0
	vpbroadcastq (ROWB + 8 * 4 * VW)(%r10), RW1
	vpbroadcastq (2 * ROWB + 8 * 4 * VW)(%r10), RW2
	vpbroadcastq (8 * 3 * VW)(%r10), RD0
	vpbroadcastq (ROWB + 8 * 3 * VW)(%r10), RD1
	vpbroadcastq (2 * ROWB + 8 * 3 * VW)(%r10), RD2
	vpbroadcastq (8 * 2 * VW)(%r10), R30
	vpbroadcastq (ROWB + 8 * 2 * VW)(%r10), R31
	vpbroadcastq (2 * ROWB + 8 * 2 * VW)(%r10), R32
	vpbroadcastq (8 * VW)(%r10), R40
	vpbroadcastq (ROWB + 8 * VW)(%r10), R41
	vpbroadcastq (2 * ROWB + 8 * VW)(%r10), R42
	TIMES20 .Lc20(%rip), SW1, RW1
	TIMES20 .Lc20(%rip), SW2, RW2
	TIMES20 .Lc20(%rip), SD1, RD1
	TIMES20 .Lc20(%rip), SD2, RD2
	TIMES20 .Lc20(%rip), S31, R31
	TIMES20 .Lc20(%rip), S32, R32
	TIMES20 .Lc20(%rip), S41, R41
	TIMES20 .Lc20(%rip), S42, R42

.p2align 4
.Lloop_\name:
	/* A r^(3W), B r^(2W), C r^W first: they do not wait for H.  */
	ZERO6 T0, T1, T2, U0, U1, U2
	LOAD_LOOP A0, A1, A2
	MULACC A0, A1, A2, R30, R31, R32, S31, S32, T0, T1, T2, U0, U1, U2
	LOAD_LOOP A0, A1, A2
	MULACC A0, A1, A2, RD0, RD1, RD2, SD1, SD2, T0, T1, T2, U0, U1, U2
	LOAD_LOOP A0, A1, A2
	MULACC A0, A1, A2, RW0, RW1, RW2, SW1, SW2, T0, T1, T2, U0, U1, U2
	MULACC H0, H1, H2, R40, R41, R42, S41, S42, T0, T1, T2, U0, U1, U2
	COMBINE_CARRY T0, T1, T2, U0, U1, U2, H0, H1, H2
	LOAD_LOOP A0, A1, A2
	vpaddq A0, H0, H0
	vpaddq A1, H1, H1
	vpaddq A2, H2, H2
	subq $(4 * VW), %rdx
	cmpq $(5 * VW), %rdx
	jae .Lloop_\name

.Lfinal_\name:
	/* rdx < 5W blocks counted from H's first: H times r^(rdx - j),
	   then up to three full vectors and a partial one, in block order.
	   Sets A and B of sums take turns, so two chains of products run
	   side by side.  */
	LOAD_INDICES
	vmovdqa64 .Lc20(%rip), C20
	cmpq $VW, %rdx
	jb 1f					/* H is partial, in block order */
	vpermq H0, IDXUN, H0
	vpermq H1, IDXUN, H1
	vpermq H2, IDXUN, H2
1:	ZERO6 T0, T1, T2, U0, U1, U2
	ZERO6 TB0, TB1, TB2, UB0, UB1, UB2
	POWERS_AT %edx
	MULACC_TABLE H0, H1, H2, T0, T1, T2, U0, U1, U2
	cmpq $VW, %rdx
	jb 3f					/* H was the partial vector */
	cmpq $(2 * VW), %rdx
	jb 2f
	LOAD_FULL A0, A1, A2
	leal -VW(%edx), %ecx
	POWERS_AT %ecx
	MULACC_TABLE A0, A1, A2, TB0, TB1, TB2, UB0, UB1, UB2
	cmpq $(3 * VW), %rdx
	jb 2f
	LOAD_FULL B0, B1, B2
	leal -(2 * VW)(%edx), %ecx
	POWERS_AT %ecx
	MULACC_TABLE B0, B1, B2, T0, T1, T2, U0, U1, U2
	cmpq $(4 * VW), %rdx
	jb 2f
	LOAD_FULL A0, A1, A2
	leal -(3 * VW)(%edx), %ecx
	POWERS_AT %ecx
	MULACC_TABLE A0, A1, A2, TB0, TB1, TB2, UB0, UB1, UB2
2:	movl %edx, %ecx
	andl $(VW - 1), %ecx
	jz 3f
	LOAD_PARTIAL B0, B1, B2
	POWERS_AT %ecx
	MULACC_TABLE B0, B1, B2, T0, T1, T2, U0, U1, U2
3:
	vpaddq TB0, T0, T0
	vpaddq TB1, T1, T1
	vpaddq TB2, T2, T2
	vpaddq UB0, U0, U0
	vpaddq UB1, U1, U1
	vpaddq UB2, U2, U2
	/* High halves in with shifts: up to five products' worth.  */
	vpsllq $8, U0, U0
	vpaddq U0, T1, T1
	vpsllq $8, U1, U1
	vpaddq U1, T2, T2
	vpsllq $2, U2, U0
	vpaddq U0, U2, U2			/* 5 U2 */
	vpsllq $10, U2, U2
	vpaddq U2, T0, T0

	/* Lanes summed: h = L0 + L1 2^44 + L2 2^88, each L below 2^59.1.  */
	HSUM 3, 9, %rax
	HSUM 4, 10, %r8
	HSUM 5, 11, %r9
	movq %r8, %r11
	shlq $44, %r11
	shrq $20, %r8
	movq %r9, %rcx
	shlq $24, %rcx
	shrq $40, %r9
	addq %r11, %rax
	adcq %rcx, %r8
	adcq $0, %r9
	/* Bits 130 and up times 5 back to the bottom: top word <= 4.  */
	movq %r9, %r11
	shrq $2, %r11
	leaq (%r11, %r11, 4), %r11
	andq $3, %r9
	addq %r11, %rax
	adcq $0, %r8
	adcq $0, %r9
	movq %rax, (%rdi)
	movq %r8, 8(%rdi)
	movq %r9, 16(%rdi)

	CLEAR_VECTORS
	xorl %eax, %eax
	xorl %ecx, %ecx
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r11d, %r11d
	ret
GCRY_ASM_FUNC_END(\name)
.endm


/*
 * The powers.
 */

/* Z := X * Y lane-wise, limbs as the loop leaves them; scratch V3..V10.  */
.macro VMUL x0, x1, x2, y0, y1, y2, z0, z1, z2
	TIMES20 .Lc20(%rip), V9, \y1
	TIMES20 .Lc20(%rip), V10, \y2
	ZERO6 V3, V4, V5, V6, V7, V8
	MULACC \x0, \x1, \x2, \y0, \y1, \y2, V9, V10, V3, V4, V5, V6, V7, V8
	COMBINE_CARRY V3, V4, V5, V6, V7, V8, \z0, \z1, \z2
.endm

/* Z := the lanes of X where mask register K is set, of Y elsewhere.  */
.macro BLEND k, x0, x1, x2, y0, y1, y2, z0, z1, z2
	vpblendmq \x0, \y0, \z0{\k}
	vpblendmq \x1, \y1, \z1{\k}
	vpblendmq \x2, \y2, \z2{\k}
.endm

/* Registers Z := lane 0 of registers X in every lane (numbers).  */
.macro BCAST0 x0, x1, x2, z0, z1, z2
	vpbroadcastq %xmm\x0, V\z0
	vpbroadcastq %xmm\x1, V\z1
	vpbroadcastq %xmm\x2, V\z2
.endm

/* Store limbs X at table index IDX.  */
.macro STORE_POW idx, x0, x1, x2
	vmovdqu64 \x0, (8 * \idx)(%rdi)
	vmovdqu64 \x1, (ROWB + 8 * \idx)(%rdi)
	vmovdqu64 \x2, (2 * ROWB + 8 * \idx)(%rdi)
.endm

/*
 * void _gcry_poly1305_ifma_powers_{zmm,ymm} (u64 *table, const u64 r[2])
 *
 * r: the clamped r, low word first.  Lane j of a vector below holds
 * r^(e - j) for the vector's top exponent e.  Registers (besides the
 * VMUL's scratch V3..V10):
 *   V11-13 r, later r^W, then r^(5W).. in every lane
 *   V14-16 r^2, later r^(2W)              V17-19 the ladder to r^W..r^1
 *   V20-22 a product, then r^(2W)..r^(W+1)
 *   V0-2 r^(3W)..r^(2W+1)                 V24, V26, V27 r^(4W)..
 */
.macro POWERS_FN name
GCRY_ASM_FUNC_START(\name)
	movq (%rsi), %rax
	movq 8(%rsi), %rcx
	movabsq $0xfffffffffff, %r11
	movq %rax, %rdx
	andq %r11, %rdx
	vpbroadcastq %rdx, V11
	shrdq $44, %rcx, %rax
	andq %r11, %rax
	vpbroadcastq %rax, V12
	shrq $24, %rcx
	vpbroadcastq %rcx, V13

	VMUL V11, V12, V13, V11, V12, V13, V14, V15, V16	/* r^2 */
	/* Lanes of even exponent take r^2: (r^2, r, r^2, r, ...).  */
	movl $0x55, %eax
	kmovw %eax, %k1
	BLEND %k1, V14, V15, V16, V11, V12, V13, V17, V18, V19
	/* Times r^2 where the exponent is 3 or 0 mod 4.  */
	VMUL V17, V18, V19, V14, V15, V16, V20, V21, V22
	movl $0x33, %eax
	kmovw %eax, %k2
	BLEND %k2, V20, V21, V22, V17, V18, V19, V17, V18, V19
.if VW == 8
	/* Times r^4 (lane 0) in lanes 0..3.  */
	BCAST0 17, 18, 19, 11, 12, 13
	VMUL V17, V18, V19, V11, V12, V13, V20, V21, V22
	movl $0x0f, %eax
	kmovw %eax, %k3
	BLEND %k3, V20, V21, V22, V17, V18, V19, V17, V18, V19
.endif
	/* r^(2W)..r^(W+1): times r^W, lane 0 of the ladder.  */
	BCAST0 17, 18, 19, 11, 12, 13
	VMUL V17, V18, V19, V11, V12, V13, V20, V21, V22
	/* The rest from r^(2W).  */
	BCAST0 20, 21, 22, 14, 15, 16
	VMUL V17, V18, V19, V14, V15, V16, V0, V1, V2
	VMUL V20, V21, V22, V14, V15, V16, V24, V26, V27
	VMUL V0, V1, V2, V14, V15, V16, V11, V12, V13

	STORE_POW 0, V11, V12, V13
	STORE_POW VW, V24, V26, V27
	STORE_POW (2 * VW), V0, V1, V2
	STORE_POW (3 * VW), V20, V21, V22
	STORE_POW (4 * VW), V17, V18, V19
	vpxorq V31, V31, V31
	STORE_POW (5 * VW), V31, V31, V31

	CLEAR_VECTORS
	xorl %eax, %eax
	xorl %ecx, %ecx
	xorl %edx, %edx
	ret
GCRY_ASM_FUNC_END(\name)
.endm


SET_WIDTH 8
BLOCKS_FN _gcry_poly1305_ifma_blocks_zmm
POWERS_FN _gcry_poly1305_ifma_powers_zmm

SET_WIDTH 4
BLOCKS_FN _gcry_poly1305_ifma_blocks_ymm
POWERS_FN _gcry_poly1305_ifma_powers_ymm

GCRY_ASM_NOTES

#endif /* __x86_64__ */
