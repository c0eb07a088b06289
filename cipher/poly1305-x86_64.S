/* poly1305-x86_64.S - Poly1305 blocks one at a time with 64-bit
 * multiplications: the short-message path of the x86-64 vector kernels
 * (fewer blocks than pay for a vector pass, the buffered block, the
 * padded final block).
 *
 * Entry: _gcry_poly1305_blocks_x86_64 (h, m, nblocks, r, hibit), the
 * same arithmetic as poly1305.c's 64-bit code, which explains it: h is
 * h0 + 2^64 h1 + 2^128 h2 with h2 small, r = r0 + 2^64 r1 with r1 a
 * multiple of 4 (clamping), so the part of a product at 2^128 folds
 * back as h1 * (r1 + r1/4) = h1 * S1 (2^128 = 5/4 mod p, exact since 4
 * divides r1).  Per block, h += m (+ hibit 2^128), then
 *
 *   d0 = h0 r0 + h1 S1
 *   d1 = h0 r1 + h1 r0 + h2 S1 + (d0 >> 64)
 *   d2 = h2 r0 + (d1 >> 64)
 *
 * and the bits of d2 from 2^130 up come back times 5 at the bottom.
 * Written in assembly because compilers spill the 128-bit sums here,
 * and the spill sits on the block-to-block dependency chain.  Baseline
 * x86-64 only (MUL, ADC): no feature bits needed.
 *
 * Constant time: no branch or address depends on the key or the data.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

.text

/*
 * void _gcry_poly1305_blocks_x86_64 (u64 h[3], const byte *m,
 *                                    size_t nblocks, const u64 r[2],
 *                                    u64 hibit)
 *
 * h: the accumulator (top word at most 7 on entry, at most 4 on
 * return); hibit: 1 for full blocks, 0 for the padded final one.
 * Registers: rbx h0, rbp h1, r12 h2, r13 r0, r14 r1, r15 S1, r8 hibit,
 * rsi m, rcx blocks left; d0 in rbx:r10 and d1 in r11:rdi (h's address
 * waits on the stack), rax:rdx for MUL.
 */
GCRY_ASM_FUNC_START(_gcry_poly1305_blocks_x86_64)
	testq %rdx, %rdx
	jz .Lx64_none
	GCRY_ASM_PUSH_CALLEE_SAVED
	pushq %rdi
	CFI_ADJUST_CFA_OFFSET(8)

	movq (%rcx), %r13
	movq 8(%rcx), %r14
	movq %r14, %r15
	shrq $2, %r15
	addq %r14, %r15				/* S1 = r1 + r1/4 */
	movq %rdx, %rcx
	movq (%rdi), %rbx
	movq 8(%rdi), %rbp
	movq 16(%rdi), %r12

.p2align 4
.Lx64_loop:
	addq (%rsi), %rbx
	adcq 8(%rsi), %rbp
	adcq %r8, %r12
	/* d1 = h0 r1 + h1 r0 first: d0 then overwrites h0 in place.  */
	movq %rbx, %rax
	mulq %r14
	movq %rax, %r11
	movq %rdx, %rdi
	movq %rbp, %rax
	mulq %r13
	addq %rax, %r11
	adcq %rdx, %rdi
	movq %rbx, %rax
	mulq %r13
	movq %rax, %rbx
	movq %rdx, %r10
	movq %rbp, %rax
	mulq %r15
	addq %rax, %rbx
	adcq %rdx, %r10
	/* h2 is at most 7: h2 S1 and h2 r0 fit in 64 bits.  */
	movq %r12, %rax
	imulq %r15, %rax
	addq %rax, %r11
	adcq $0, %rdi
	imulq %r13, %r12
	addq %r10, %r11
	adcq %rdi, %r12				/* d2: bits 128 and up */
	movq %r11, %rbp
	/* 5 (d2 >> 2) = (d2 & ~3) + (d2 >> 2) to the bottom, d2 & 3 stays.  */
	movq %r12, %rax
	andq $-4, %rax
	movq %r12, %rdx
	shrq $2, %rdx
	andq $3, %r12
	addq %rdx, %rax
	addq %rax, %rbx
	adcq $0, %rbp
	adcq $0, %r12
	addq $16, %rsi
	decq %rcx
	jnz .Lx64_loop

	popq %rdi
	CFI_ADJUST_CFA_OFFSET(-8)
	movq %rbx, (%rdi)
	movq %rbp, 8(%rdi)
	movq %r12, 16(%rdi)
	xorl %eax, %eax
	xorl %edx, %edx
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	GCRY_ASM_POP_CALLEE_SAVED
.Lx64_none:
	ret
GCRY_ASM_FUNC_END(_gcry_poly1305_blocks_x86_64)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
