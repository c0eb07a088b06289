/* sm3-x86_64.S - SM3 compression: scalar rounds fed by a vector message
 * expansion running ahead of them; one template, two instantiations.
 *
 * Entries, with the semantics of sm3_compress_t in sm3-kernels.h
 * (state: u32 v[8], A..H):
 *   _gcry_sm3_compress_avx512 (state, blocks, nblocks): AVX-512F/VL and
 *     BMI2 (RORX, ANDN); table entry HWF_INTEL_AVX512 | HWF_INTEL_BMI2.
 *     Only xmm registers, so no 512-bit frequency licence is involved
 *     and HWF_X86_ZMM is not needed.
 *   _gcry_sm3_compress_avx (state, blocks, nblocks): AVX and BMI2;
 *     table entry HWF_INTEL_AVX | HWF_INTEL_BMI2.
 * The two differ only in how the expansion's rotations and three-way
 * XORs are spelled (the SCHEDn_avx / SCHEDn_avx512 macros); everything
 * else is SM3_COMPRESS.
 *
 * Design (GB/T 32905-2016, section 5.3).  A step is a serial chain on
 * eight words of which only two are new (TT1 becomes A, P0(TT2) becomes
 * E); B and F are rotated and the rest move.  The moves are renamings
 * (the step macro is called with its eight registers rotated), which
 * leaves about 25 scalar instructions a step.  The chain through E:
 *   SS1 = ((A <<< 12) + E + T_j) <<< 7   one three-operand LEA adds E
 *                                        and the constant to A <<< 12,
 *                                        then a RORX: 2 cycles;
 *   TT2 = GG + H + W[j] + SS1            H + W[j] + GG is summed beside
 *                                        SS1: 1 cycle more;
 *   E' = P0(TT2) = x ^ y,                two RORX in parallel, two XOR:
 *     y = (x <<< 9) ^ (x <<< 17)         3 cycles;
 * 6 cycles a step.  For that, GG must be ready one cycle after E.
 * Steps 0..15 have GG = E ^ (F ^ G), one XOR.  For the choice function
 * of steps 16..63 the step before computes GG from the parts of its P0
 * instead of from E itself, one XOR earlier: with F' = E, G' = F <<< 19
 * and FG = F' ^ G' known early,
 *   GG' = F' ^ (~E' & FG) = F' ^ (~x & FG) ^ (y & FG)
 * (ANDN forms ~x & FG).  A's chain (SS2 = SS1 ^ (A <<< 12),
 * TT1 = FF + D + W'[j] + SS2, then A' <<< 12 into the next LEA) is 5
 * cycles and never waits.  FF (majority) is summed as the disjoint terms
 * b & c = b & ~(b ^ c) (ANDN again) and a & (b ^ c).  The constants
 * T_j <<< (j mod 32) are immediates folded by the assembler.
 *
 * The expansion (W[16..67], W'[j] = W[j] ^ W[j+4]) is linear over GF(2)
 * and has plenty of parallelism, so it runs in xmm registers, four words
 * at a time, between the steps.  W[j+3] needs W[j] of the same group;
 * that term is left out (its lane reads zero) and added afterwards:
 * P1 is linear, so the missing part of P1(u ^ (W[j] <<< 15)) is
 * P1(z) = z ^ (z <<< 15) ^ (z <<< 23) with z = W[j] <<< 15, XORed into
 * lane 3 once lane 0 is known.  The group W[j+16..j+19] is computed
 * during steps j..j+3 and stored with the W' group it completes; the
 * rounds read W[j] and W'[j] as memory operands two groups later.
 *
 * With AVX-512VL the rotations are VPROLD and the three-way XORs
 * VPTERNLOGD: a group is 18 vector instructions, which the rounds hide
 * completely.  With AVX a rotation is two shifts and an OR (a rotation
 * by 23 is the one by 15 followed by a VPSHUFB byte rotation), 32
 * instructions a group, which cost the rounds about 6%: the expansion
 * shares the execution ports with them.
 *
 * Register map:
 *   r8d-r15d: A..H (rotating)
 *   eax ecx edx ebx: temporaries; ebp: the next step's GG
 *   rdi state, rsi current block
 *   xmm0-xmm3: the last 16 message words (rotating); xmm4-xmm7
 *   temporaries; xmm8 the byte-swap mask, xmm9 the byte-rotation mask.
 * Stack: W[0..63] at 0, W'[0..63] at 256, the end of the input at 512,
 * and the callee-saved registers.  The W/W' area is wiped, every ymm
 * cleared and the caller-saved registers that held state zeroed before
 * returning.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define W_OFF     0
#define WP_OFF    256
#define END_OFF   512
/* 520 keeps rsp 16-byte aligned after the six pushes.  */
#define FRAME     520

/* The working words at the start of a step group, 64-bit names (the
   step macros receive them rotated and use \x\()d for the 32-bit
   register).  */
#define RA %r8
#define RB %r9
#define RC %r10
#define RD %r11
#define RE %r12
#define RF %r13
#define RG %r14
#define RH %r15

#define T0  %eax
#define T0Q %rax
#define T1  %ecx
#define T2  %edx
#define T3  %ebx
/* GG of the next step, from the previous step's tail (steps 16..63).  */
#define GGN %ebp

#define X0 %xmm0
#define X1 %xmm1
#define X2 %xmm2
#define X3 %xmm3
#define V0 %xmm4
#define V1 %xmm5
#define V2 %xmm6
#define V3 %xmm7
#define BSWAP %xmm8
#define ROL8 %xmm9

GCRY_ASM_RODATA
	.p2align 4
/* VPSHUFB mask: byte-swap each dword (the message is big-endian).  */
.Lsm3_bswap32:
	.byte 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
/* VPSHUFB mask: rotate each dword left by 8 bits.  */
.Lsm3_rol8:
	.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14

.text

/* .Lsm3_k = T_j <<< (j mod 32) as a signed 32-bit displacement
   (section 4.2: T_j = 79cc4519 for j < 16, 7a879d8a after).  */
.macro SM3_K j
	.if (\j) < 16
	.set .Lsm3_t, 0x79cc4519
	.else
	.set .Lsm3_t, 0x7a879d8a
	.endif
	.set .Lsm3_r, (\j) % 32
	.set .Lsm3_u, ((.Lsm3_t << .Lsm3_r) | (.Lsm3_t >> ((32 - .Lsm3_r) % 32))) & 0xffffffff
	.set .Lsm3_k, .Lsm3_u - ((.Lsm3_u >> 31) << 32)
.endm

/* SS1 into T1 and SS2 into T0 from A and E: one LEA adds E and the
   constant to A <<< 12.  */
.macro SS a, e, j
	SM3_K \j
	rorxl $20, \a\()d, T0           /* A <<< 12 */
	leal .Lsm3_k(T0Q, \e), T1
	rorxl $25, T1, T1               /* SS1 */
	xorl T1, T0                     /* SS2 */
.endm

/* The tail of step j: H holds x = TT2 and becomes the next E = P0(x) =
   x ^ y with y = (x <<< 9) ^ (x <<< 17); B <<<= 9, F <<<= 19.  Before a
   choice step (j >= 15) it also forms that step's GG into GGN from x
   and y rather than from P0(x), one XOR earlier:
     GG' = G' ^ (E' & (F' ^ G')) = G' ^ (x & FG) ^ (y & FG),
   where F' = E and G' = F <<< 19 are known early.  */
.macro TAIL j, b, e, f, h
	rorxl $23, \h\()d, T2           /* x <<< 9 */
	rorxl $15, \h\()d, T3           /* x <<< 17 */
	rorxl $13, \f\()d, \f\()d       /* the next G */
	xorl T3, T2                     /* y */
	.if (\j) >= 15
	movl \e\()d, GGN
	xorl \f\()d, GGN                /* FG = F' ^ G' */
	andnl GGN, \h\()d, T3           /* ~x & FG */
	xorl \e\()d, T3                 /* F' ^ (~x & FG) */
	andl T2, GGN
	xorl T3, GGN                    /* GG of step j + 1 */
	.endif
	xorl T2, \h\()d                 /* P0: the next E */
	rorxl $23, \b\()d, \b\()d
.endm

/* Step j of 0..15: FF and GG are XOR.  D becomes TT1 (the next A) and
   H becomes the next E.  */
.macro STEP_xor j, a, b, c, d, e, f, g, h
	SS \a, \e, \j
	addl WP_OFF+4*(\j)(%rsp), \d\()d        /* D + W'[j] */
	addl W_OFF+4*(\j)(%rsp), \h\()d         /* H + W[j] */
	movl \f\()d, T3
	xorl \g\()d, T3
	xorl \e\()d, T3                 /* GG */
	movl \b\()d, T2
	xorl \c\()d, T2
	xorl \a\()d, T2                 /* FF */
	addl T3, \h\()d
	addl T1, \h\()d                 /* TT2 */
	addl T2, \d\()d
	addl T0, \d\()d                 /* TT1 */
	TAIL \j, \b, \e, \f, \h
.endm

/* Step j of 16..63: FF is majority, summed as the disjoint terms
   b & c and a & (b ^ c); GG (choice) is in GGN.  */
.macro STEP_maj j, a, b, c, d, e, f, g, h
	SS \a, \e, \j
	addl WP_OFF+4*(\j)(%rsp), \d\()d        /* D + W'[j] */
	addl W_OFF+4*(\j)(%rsp), \h\()d         /* H + W[j] */
	addl GGN, \h\()d
	movl \b\()d, T3
	xorl \c\()d, T3                 /* b ^ c */
	andnl \b\()d, T3, T2            /* b & ~(b ^ c) = b & c */
	addl T2, \d\()d
	andl \a\()d, T3                 /* a & (b ^ c) */
	addl T1, \h\()d                 /* TT2 */
	addl T3, \d\()d
	addl T0, \d\()d                 /* TT1 */
	TAIL \j, \b, \e, \f, \h
.endm


/*
 * The expansion of one group, W[j..j+3] (j = 16..64), in four parts
 * placed after the four steps of an earlier group.  On entry x0..x3
 * hold W[j-16..j-13], W[j-12..j-9], W[j-8..j-5], W[j-4..j-1]; the new
 * words replace x0.  The last part stores them at W[j] and stores
 * W'[j-4..j-1] = x3 ^ x0.  Lane i of a register holds the word of
 * index i.
 */

/* W[j..j+3] to the stack; W[64..67] only serve W'[60..63].  */
.macro SAVE_W x0, j
	.if (\j) < 64
	vmovdqu \x0, W_OFF+4*(\j)(%rsp)
	.endif
.endm

/* u = W[j-16] ^ W[j-9] ^ (W[j-3] <<< 15) into x0 (lane 3 lacks the
   W[j] term); W[j-13] into V0.  */
.macro SCHED0_avx512 x0, x1, x2, x3
	vpalignr $12, \x0, \x1, V0      /* W[j-13..j-10] */
	vpalignr $12, \x1, \x2, V1      /* W[j-9..j-6] */
	vpsrldq $4, \x3, V2             /* W[j-3..j-1], 0 */
	vprold $15, V2, V2
	vpternlogd $0x96, V1, V2, \x0
.endm

/* x0 = P1(u); W[j-6] into V3, W[j-13] <<< 7 into V0.  */
.macro SCHED1_avx512 x0, x1, x2, x3
	vprold $15, \x0, V1
	vprold $23, \x0, V2
	vpternlogd $0x96, V1, V2, \x0
	vpalignr $8, \x2, \x3, V3       /* W[j-6..j-3] */
	vprold $7, V0, V0
.endm

/* Lanes 0..2 final; the correction P1(W[j] <<< 15) for lane 3 as
   W[j] rotated by 15, 30 and 15 + 23 = 38 = 6.  */
.macro SCHED2_avx512 x0, x1, x2, x3
	vpternlogd $0x96, V0, V3, \x0
	vpslldq $12, \x0, V0            /* 0, 0, 0, W[j] */
	vprold $15, V0, V1
	vprold $30, V0, V2
	vprold $6, V0, V0
.endm

.macro SCHED3_avx512 x0, x1, x2, x3, j
	vpternlogd $0x96, V1, V2, \x0
	vpxord V0, \x0, \x0             /* W[j..j+3] */
	SAVE_W \x0, \j
	vpxor \x0, \x3, V1
	vmovdqu V1, WP_OFF+4*(\j)-16(%rsp)      /* W'[j-4..j-1] */
.endm

/* The same with AVX: a rotation is two shifts whose halves are XORed
   straight into the sum they feed.  */
.macro SCHED0_avx x0, x1, x2, x3
	vpalignr $12, \x0, \x1, V0      /* W[j-13..j-10] */
	vpalignr $12, \x1, \x2, V1      /* W[j-9..j-6] */
	vpxor V1, \x0, \x0
	vpsrldq $4, \x3, V2             /* W[j-3..j-1], 0 */
	vpslld $15, V2, V1
	vpsrld $17, V2, V2
	vpxor V1, \x0, \x0
	vpxor V2, \x0, \x0              /* u */
.endm

.macro SCHED1_avx x0, x1, x2, x3
	vpslld $15, \x0, V1
	vpsrld $17, \x0, V2
	vpor V2, V1, V1                 /* u <<< 15 */
	vpshufb ROL8, V1, V2            /* u <<< 23 */
	vpxor V1, \x0, \x0
	vpxor V2, \x0, \x0              /* P1(u) */
	vpalignr $8, \x2, \x3, V3       /* W[j-6..j-3] */
.endm

.macro SCHED2_avx x0, x1, x2, x3
	vpslld $7, V0, V1
	vpsrld $25, V0, V0
	vpxor V3, \x0, \x0
	vpxor V1, \x0, \x0
	vpxor V0, \x0, \x0              /* lanes 0..2 final */
	vpslldq $12, \x0, V0            /* 0, 0, 0, W[j] */
	vpslld $15, V0, V1
	vpsrld $17, V0, V0
	vpor V0, V1, V1                 /* z = W[j] <<< 15 */
.endm

/* Lane 3 ^= P1(z).  */
.macro SCHED3_avx x0, x1, x2, x3, j
	vpslld $15, V1, V0
	vpsrld $17, V1, V2
	vpor V2, V0, V0                 /* z <<< 15 */
	vpshufb ROL8, V0, V2            /* z <<< 23 */
	vpxor V1, \x0, \x0
	vpxor V0, \x0, \x0
	vpxor V2, \x0, \x0              /* W[j..j+3] */
	SAVE_W \x0, \j
	vpxor \x0, \x3, V1
	vmovdqu V1, WP_OFF+4*(\j)-16(%rsp)      /* W'[j-4..j-1] */
.endm


/* Steps j..j+3 (FN: xor or maj); when SCHED, the expansion of
   W[j+16..j+19] from x0..x3 between them.  The working words are back
   in their registers afterwards.  */
.macro FOUR isa, fn, j, sched, x0, x1, x2, x3
	STEP_\fn (\j), RA, RB, RC, RD, RE, RF, RG, RH
	.if \sched
	SCHED0_\isa \x0, \x1, \x2, \x3
	.endif
	STEP_\fn (\j+1), RD, RA, RB, RC, RH, RE, RF, RG
	.if \sched
	SCHED1_\isa \x0, \x1, \x2, \x3
	.endif
	STEP_\fn (\j+2), RC, RD, RA, RB, RG, RH, RE, RF
	.if \sched
	SCHED2_\isa \x0, \x1, \x2, \x3
	.endif
	STEP_\fn (\j+3), RB, RC, RD, RA, RF, RG, RH, RE
	.if \sched
	SCHED3_\isa \x0, \x1, \x2, \x3, (\j+16)
	.endif
.endm

/* v[i] ^= working word i, kept in both.  */
.macro FEEDFORWARD
	xorl 0(%rdi), %r8d
	xorl 4(%rdi), %r9d
	xorl 8(%rdi), %r10d
	xorl 12(%rdi), %r11d
	xorl 16(%rdi), %r12d
	xorl 20(%rdi), %r13d
	xorl 24(%rdi), %r14d
	xorl 28(%rdi), %r15d
	movl %r8d, 0(%rdi)
	movl %r9d, 4(%rdi)
	movl %r10d, 8(%rdi)
	movl %r11d, 12(%rdi)
	movl %r12d, 16(%rdi)
	movl %r13d, 20(%rdi)
	movl %r14d, 24(%rdi)
	movl %r15d, 28(%rdi)
.endm

/* The whole compression function _gcry_sm3_compress_ISA.  */
.macro SM3_COMPRESS isa
GCRY_ASM_FUNC_START(_gcry_sm3_compress_\isa)
	testq %rdx, %rdx
	jz .Lsm3_\isa\()_ret
	GCRY_ASM_PUSH_CALLEE_SAVED
	subq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(FRAME)

	shlq $6, %rdx
	addq %rsi, %rdx
	movq %rdx, END_OFF(%rsp)
	vmovdqa .Lsm3_bswap32(%rip), BSWAP
	vmovdqa .Lsm3_rol8(%rip), ROL8
	movl 0(%rdi), %r8d
	movl 4(%rdi), %r9d
	movl 8(%rdi), %r10d
	movl 12(%rdi), %r11d
	movl 16(%rdi), %r12d
	movl 20(%rdi), %r13d
	movl 24(%rdi), %r14d
	movl 28(%rdi), %r15d

.Lsm3_\isa\()_block:
	/* W[0..15] and W'[0..11].  */
	vmovdqu 0(%rsi), X0
	vmovdqu 16(%rsi), X1
	vmovdqu 32(%rsi), X2
	vmovdqu 48(%rsi), X3
	vpshufb BSWAP, X0, X0
	vpshufb BSWAP, X1, X1
	vpshufb BSWAP, X2, X2
	vpshufb BSWAP, X3, X3
	vmovdqu X0, W_OFF+0(%rsp)
	vmovdqu X1, W_OFF+16(%rsp)
	vmovdqu X2, W_OFF+32(%rsp)
	vmovdqu X3, W_OFF+48(%rsp)
	vpxor X0, X1, V0
	vpxor X1, X2, V1
	vpxor X2, X3, V2
	vmovdqu V0, WP_OFF+0(%rsp)
	vmovdqu V1, WP_OFF+16(%rsp)
	vmovdqu V2, WP_OFF+32(%rsp)

	FOUR \isa, xor, 0, 1, X0, X1, X2, X3
	FOUR \isa, xor, 4, 1, X1, X2, X3, X0
	FOUR \isa, xor, 8, 1, X2, X3, X0, X1
	FOUR \isa, xor, 12, 1, X3, X0, X1, X2
	FOUR \isa, maj, 16, 1, X0, X1, X2, X3
	FOUR \isa, maj, 20, 1, X1, X2, X3, X0
	FOUR \isa, maj, 24, 1, X2, X3, X0, X1
	FOUR \isa, maj, 28, 1, X3, X0, X1, X2
	FOUR \isa, maj, 32, 1, X0, X1, X2, X3
	FOUR \isa, maj, 36, 1, X1, X2, X3, X0
	FOUR \isa, maj, 40, 1, X2, X3, X0, X1
	FOUR \isa, maj, 44, 1, X3, X0, X1, X2
	FOUR \isa, maj, 48, 1, X0, X1, X2, X3
	FOUR \isa, maj, 52, 0, X1, X2, X3, X0
	FOUR \isa, maj, 56, 0, X2, X3, X0, X1
	FOUR \isa, maj, 60, 0, X3, X0, X1, X2

	FEEDFORWARD
	addq $64, %rsi
	cmpq END_OFF(%rsp), %rsi
	jb .Lsm3_\isa\()_block

	/* Wipe W and W', every vector register, and the caller-saved
	   registers that held state words.  */
	vpxor X0, X0, X0
	.irp off, 0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480
	vmovdqu %ymm0, \off(%rsp)
	.endr
	vzeroall
	GCRY_ASM_CLEAR_SCRATCH_GPRS

	addq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(-FRAME)
	GCRY_ASM_POP_CALLEE_SAVED
.Lsm3_\isa\()_ret:
	ret
GCRY_ASM_FUNC_END(_gcry_sm3_compress_\isa)
.endm

SM3_COMPRESS avx512
SM3_COMPRESS avx

GCRY_ASM_NOTE_GNU_PROPERTY
.section .note.GNU-stack, "", %progbits

#endif /* __x86_64__ */
