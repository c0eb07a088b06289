/* keccak-bmi2-x86_64.S - Keccak-f[1600] on the general-purpose
 * registers with BMI1/BMI2 (ANDN, RORX).
 *
 * Entries (the contract is in keccak.h):
 *   _gcry_keccak_permute_bmi2 (state)
 *   _gcry_keccak_absorb_bmi2 (state, in, nblocks, rate)
 *
 * Features: BMI2 (RORX) and BMI1 (ANDN); every CPU with BMI2 has BMI1.
 * Table entry HWF_INTEL_BMI2: the kernel for x86-64 CPUs without
 * AVX-512 (Haswell to Alder Lake client, Zen 1-3).
 *
 * Design.  Sixteen registers cannot hold 25 lanes, so the state stays
 * in memory and a round streams through it: it reads the lanes from
 * one copy and writes the new lanes to the other (the caller's state
 * and a 200-byte copy on the stack take turns, two rounds per loop
 * pass, so after the 24 rounds the result is back in the caller's
 * state without a copy).  Per round:
 *
 *   theta  C[x] = the XOR of column x, read from memory (one load and
 *          four XORs with memory operands); D[x] = C[x-1] ^ rol (C[x+1],
 *          1) in five registers (RORX does not destroy its source);
 *   then, one output row y at a time (pi^-1 picks its five inputs: row
 *   y's lane x comes from lane x' + 5y' with x' = x + 3y, y' = x):
 *   rho    b = rol (A[x', y'] ^ D[x'], rho[x', y']): a load, an XOR and
 *          a RORX per lane;
 *   chi    ANDN (~b1 & b2), an XOR and a store per lane;
 *   iota   one XOR with the round constant, in memory, for lane 0.
 *
 * About 130 ALU operations a round (ANDN and XOR on any of the integer
 * ports, RORX on two), plus 50 loads and 25 stores, which the load and
 * store ports take in parallel.
 *
 * Registers: D0-D4 r8-r12; the five lanes of a row (and the column
 * parities before them) rax, rbx, rcx, rdx, rbp; r13 chi's output;
 * r14 the round constants; r15 the rate; rdi state; rsi input.  The
 * blocks left and the second copy of the state live on the stack.
 * The callee-saved registers are restored; on exit the stack copy and
 * every scratch register that held state data are cleared.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define D0 %r8
#define D1 %r9
#define D2 %r10
#define D3 %r11
#define D4 %r12
#define B0 %rax
#define B1 %rbx
#define B2 %rcx
#define B3 %rdx
#define B4 %rbp
#define OUT %r13
#define RC %r14
#define RATE %r15

/* Stack frame: the second copy of the state, then the blocks left.  */
#define FRAME_COPY    0
#define FRAME_NBLOCKS 200
#define FRAME_SIZE    216

GCRY_ASM_RODATA
.balign 64
/* iota (FIPS 202, 3.2.5).  */
.Lkeccak_bmi2_rc:
	.quad 0x0000000000000001, 0x0000000000008082
	.quad 0x800000000000808a, 0x8000000080008000
	.quad 0x000000000000808b, 0x0000000080000001
	.quad 0x8000000080008081, 0x8000000000008009
	.quad 0x000000000000008a, 0x0000000000000088
	.quad 0x0000000080008009, 0x000000008000000a
	.quad 0x000000008000808b, 0x800000000000008b
	.quad 0x8000000000008089, 0x8000000000008003
	.quad 0x8000000000008002, 0x8000000000000080
	.quad 0x000000000000800a, 0x800000008000000a
	.quad 0x8000000080008081, 0x8000000000008080
	.quad 0x0000000080000001, 0x8000000080008008
.Lkeccak_bmi2_rc_end:

.text

/* C = the XOR of column X of the state at SRC.  */
.macro PARITY c, x, src
	movq (8 * \x)(\src), \c
	xorq (8 * (\x + 5))(\src), \c
	xorq (8 * (\x + 10))(\src), \c
	xorq (8 * (\x + 15))(\src), \c
	xorq (8 * (\x + 20))(\src), \c
.endm

/* D = PREV ^ rol (NEXT, 1).  */
.macro THETA_EFFECT d, prev, next
	rorxq $63, \next, \d
	xorq \prev, \d
.endm

/* B = rol (lane P of SRC ^ D, N).  */
.macro RHO_LANE b, p, d, n, src
	movq (8 * \p)(\src), \b
	xorq \d, \b
	.if \n
	rorxq $(64 - \n), \b, \b
	.endif
.endm

/* Lane Q of DST = B0 ^ (~B1 & B2), and ^ the round constant at RC +
   IOTA when IOTA is given.  */
.macro CHI_LANE q, b0, b1, b2, dst, iota
	andnq \b2, \b1, OUT
	xorq \b0, OUT
	.ifnb \iota
	xorq \iota(RC), OUT
	.endif
	movq OUT, (8 * \q)(\dst)
.endm

/* Output row Y of a round from SRC to DST: its lane x is lane
   Px of SRC after theta (with Dx) and rho (rotation Nx).  */
.macro ROW y, src, dst, p0, d0, n0, p1, d1, n1, p2, d2, n2, p3, d3, n3, \
		p4, d4, n4, iota
	RHO_LANE B0, \p0, \d0, \n0, \src
	RHO_LANE B1, \p1, \d1, \n1, \src
	RHO_LANE B2, \p2, \d2, \n2, \src
	RHO_LANE B3, \p3, \d3, \n3, \src
	RHO_LANE B4, \p4, \d4, \n4, \src
	CHI_LANE (5 * \y + 0), B0, B1, B2, \dst, \iota
	CHI_LANE (5 * \y + 1), B1, B2, B3, \dst
	CHI_LANE (5 * \y + 2), B2, B3, B4, \dst
	CHI_LANE (5 * \y + 3), B3, B4, B0, \dst
	CHI_LANE (5 * \y + 4), B4, B0, B1, \dst
.endm

/* One round from the state at SRC into DST; its round constant is at
   RC + IOTA.  */
.macro KECCAK_ROUND src, dst, iota
	PARITY B0, 0, \src
	PARITY B1, 1, \src
	PARITY B2, 2, \src
	PARITY B3, 3, \src
	PARITY B4, 4, \src
	THETA_EFFECT D0, B4, B1
	THETA_EFFECT D1, B0, B2
	THETA_EFFECT D2, B1, B3
	THETA_EFFECT D3, B2, B4
	THETA_EFFECT D4, B3, B0
	/* Lanes and rho rotations (FIPS 202, 3.2.2) per output row.  */
	ROW 0, \src, \dst,  0, D0,  0,  6, D1, 44, 12, D2, 43, 18, D3, 21, \
		24, D4, 14, \iota
	ROW 1, \src, \dst,  3, D3, 28,  9, D4, 20, 10, D0,  3, 16, D1, 45, \
		22, D2, 61
	ROW 2, \src, \dst,  1, D1,  1,  7, D2,  6, 13, D3, 25, 19, D4,  8, \
		20, D0, 18
	ROW 3, \src, \dst,  4, D4, 27,  5, D0, 36, 11, D1, 10, 17, D2, 15, \
		23, D3, 56
	ROW 4, \src, \dst,  2, D2, 62,  8, D3, 55, 14, D4, 39, 15, D0, 41, \
		21, D1,  2
.endm

/* void _gcry_keccak_absorb_bmi2 (u64 *state, const byte *in,
                                  size_t nblocks, unsigned int rate)  */
GCRY_ASM_FUNC_START(_gcry_keccak_absorb_bmi2)
	testq %rdx, %rdx
	jz .Lbmi2_none
.Lbmi2_enter:
	GCRY_ASM_PUSH_CALLEE_SAVED
	subq $FRAME_SIZE, %rsp
	CFI_ADJUST_CFA_OFFSET(FRAME_SIZE)

	movq %rdx, FRAME_NBLOCKS(%rsp)
	movl %ecx, %r15d

.Lbmi2_block:
	/* XOR the block's RATE / 8 lanes into the state.  */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, \
		17, 18, 19, 20
	cmpl $(8 * \i), %r15d
	jbe .Lbmi2_xored
	movq (8 * \i)(%rsi), OUT
	xorq OUT, (8 * \i)(%rdi)
	.endr
.Lbmi2_xored:
	leaq .Lkeccak_bmi2_rc(%rip), RC
.balign 32
.Lbmi2_rounds:
	KECCAK_ROUND %rdi, %rsp, 0
	KECCAK_ROUND %rsp, %rdi, 8
	addq $16, RC
	leaq .Lkeccak_bmi2_rc_end(%rip), OUT
	cmpq OUT, RC
	jne .Lbmi2_rounds

	addq RATE, %rsi
	decq FRAME_NBLOCKS(%rsp)
	jnz .Lbmi2_block

	/* Clear the stack copy and the registers that held lanes.  */
	xorl %eax, %eax
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, \
		17, 18, 19, 20, 21, 22, 23, 24
	movq %rax, (FRAME_COPY + 8 * \i)(%rsp)
	.endr
	xorl %ecx, %ecx
	xorl %edx, %edx
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r10d, %r10d
	xorl %r11d, %r11d

	addq $FRAME_SIZE, %rsp
	CFI_ADJUST_CFA_OFFSET(-FRAME_SIZE)
	GCRY_ASM_POP_CALLEE_SAVED
.Lbmi2_none:
	ret
GCRY_ASM_FUNC_END(_gcry_keccak_absorb_bmi2)

/* void _gcry_keccak_permute_bmi2 (u64 *state): one block of rate 0,
   which absorbs no lane.  */
GCRY_ASM_FUNC_START(_gcry_keccak_permute_bmi2)
	movl $1, %edx
	xorl %ecx, %ecx
	jmp .Lbmi2_enter
GCRY_ASM_FUNC_END(_gcry_keccak_permute_bmi2)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
