/* sha256-avx2-x86_64.S - SHA-256 compression: scalar rounds fed by a
 * two-block AVX2 message schedule.
 *
 * Entry: _gcry_sha256_compress_avx2 (state, blocks, nblocks), with the
 * semantics of sha_compress_t in sha-kernels.h (state: u32 h[8]).
 *
 * Features: AVX2 and BMI2 (RORX, ANDN); table entry HWF_INTEL_AVX2 |
 * HWF_INTEL_BMI2 | HWF_X86_FAST_VECTOR.  This is the kernel for CPUs
 * without SHA-NI.
 *
 * Design.  The 64 rounds of a block are a serial chain on eight 32-bit
 * words, run in general-purpose registers: RORX rotates into a third
 * register without touching flags, ANDN gives ~e & g in one step, so
 * the chain costs about four cycles a round.  The message schedule is
 * the parallel part and goes to the vector unit, two blocks at a time:
 * each ymm holds four consecutive schedule words W[4j..4j+3] of the
 * first block in its low 128-bit lane and the same words of the second
 * block in its high lane, so the whole schedule is lane-local.
 *
 * A group of four new words W[t..t+3] needs W[t-16..t-13] (the group
 * it replaces), W[t-15..t-12] and W[t-7..t-4] (one in-lane VPALIGNR of
 * two neighbouring groups each) and sigma1 of W[t-2..t+1], of which
 * the last two are being computed.  That last term is added in two
 * halves: sigma1 of the previous group's top two words moved down with
 * VPSRLDQ (the zeroed upper words have sigma1(0) = 0, so no masking),
 * which completes W[t] and W[t+1]; then sigma1 of those two moved up
 * with VPSLLDQ, which completes W[t+2] and W[t+3].  AVX2 has no 32-bit
 * rotation, so each rotation is a right and a left shift.
 *
 * Each schedule step (groups 4..15) adds K and stores W+K to the stack.
 * The steps sit between the first block's rounds, one every four
 * rounds and sixteen rounds ahead of their use, filling the vector
 * ports the latency-bound rounds leave idle; the second block's rounds
 * then only read their W+K from the stack.  An odd last block is paired
 * with itself and its second pass skipped.
 *
 * Round (a..h renamed by the caller, W+K at OFF(%rsp)):
 *   h += W+K;  h += Ch(e,f,g) as (e & f) + (~e & g);  h += Sigma1(e);
 *   d += h;  h += Sigma0(a) + Maj(a,b,c), with Maj = b ^ ((a^b) & (b^c))
 *   and a^b kept for the next round, where it is b^c.
 *
 * Register map:
 *   eax ebx ecx edx r8d r9d r10d r11d: the working variables a..h
 *   (rotating); r12d-r14d temporaries; r15d/ebp the a^b / b^c pair
 *   (alternating); rdi state, rsi first block of the pair, r13 (while
 *   loading only) the second block.
 *   ymm0-ymm3: the last 16 schedule words of both blocks; ymm8-ymm10
 *   temporaries; ymm12 the byte-swap mask.
 * Stack: W+K for both blocks (16 slots of 32 bytes: group j of the
 * first block at 32j, of the second at 32j+16), the blocks-left count
 * and the callee-saved registers.  The W+K area is wiped and every
 * ymm cleared before returning.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define WK_SIZE   (16 * 32)
#define NBLK      WK_SIZE
#define FRAME     (WK_SIZE + 16)

#define T0 %ymm8
#define T1 %ymm9
#define T2 %ymm10
#define BSWAP %ymm12

GCRY_ASM_RODATA
	.p2align 5
/* K[4j..4j+3], repeated for the second block's lane.  */
.Lk256x2:
	.long 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
/* VPSHUFB mask: byte-swap each dword.  */
.Lbswap32:
	.byte 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
	.byte 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12

.text

.macro ROUND a, b, c, d, e, f, g, h, yab, ybc, off
	addl \off(%rsp), \h
	rorxl $6, \e, %r12d
	rorxl $11, \e, %r13d
	xorl %r13d, %r12d
	rorxl $25, \e, %r13d
	xorl %r13d, %r12d               /* Sigma1(e) */
	andnl \g, \e, %r13d             /* ~e & g */
	movl \f, %r14d
	andl \e, %r14d                  /* e & f */
	addl %r13d, \h
	addl %r14d, \h
	addl %r12d, \h                  /* T1 */
	addl \h, \d                     /* new e */
	rorxl $2, \a, %r12d
	rorxl $13, \a, %r13d
	xorl %r13d, %r12d
	rorxl $22, \a, %r13d
	xorl %r13d, %r12d               /* Sigma0(a) */
	movl \a, \yab
	xorl \b, \yab                   /* a ^ b, next round's b ^ c */
	andl \yab, \ybc
	xorl \b, \ybc                   /* Maj(a,b,c) */
	addl %r12d, \h
	addl \ybc, \h                   /* new a */
.endm

/* DST = sigma1(X) = ROTR17(X) ^ ROTR19(X) ^ SHR10(X) per dword.  */
.macro SIGMA1 x, dst, tmp
	vpsrld $10, \x, \dst
	vpsrld $17, \x, \tmp
	vpxor \tmp, \dst, \dst
	vpslld $15, \x, \tmp
	vpxor \tmp, \dst, \dst
	vpsrld $19, \x, \tmp
	vpxor \tmp, \dst, \dst
	vpslld $13, \x, \tmp
	vpxor \tmp, \dst, \dst
.endm

/* Group j of both blocks into X0 (which holds group j-4); X1, X2 and
   X3 hold groups j-3, j-2 and j-1.  Stores W+K at OFF(%rsp).  */
.macro SCHED x0, x1, x2, x3, off
	vpalignr $4, \x0, \x1, T0       /* W[t-15..t-12] */
	vpsrld $3, T0, T1
	vpsrld $7, T0, T2
	vpxor T2, T1, T1
	vpslld $25, T0, T2
	vpxor T2, T1, T1
	vpsrld $18, T0, T2
	vpxor T2, T1, T1
	vpslld $14, T0, T2
	vpxor T2, T1, T1                /* sigma0 */
	vpaddd T1, \x0, \x0
	vpalignr $4, \x2, \x3, T0       /* W[t-7..t-4] */
	vpaddd T0, \x0, \x0
	vpsrldq $8, \x3, T0             /* W[t-2], W[t-1], 0, 0 */
	SIGMA1 T0, T1, T2
	vpaddd T1, \x0, \x0             /* W[t], W[t+1] complete */
	vpslldq $8, \x0, T0             /* 0, 0, W[t], W[t+1] */
	SIGMA1 T0, T1, T2
	vpaddd T1, \x0, \x0             /* W[t+2], W[t+3] complete */
	vpaddd .Lk256x2 + \off(%rip), \x0, T0
	vmovdqu T0, \off(%rsp)
.endm

/* Load group J of the blocks at rsi and r13, W+K to the stack.  */
.macro LOADGROUP x, j
	vmovdqu 16 * \j(%rsi), %xmm8
	vinserti128 $1, 16 * \j(%r13), %ymm8, \x
	vpshufb BSWAP, \x, \x
	vpaddd .Lk256x2 + 32 * \j(%rip), \x, T0
	vmovdqu T0, 32 * \j(%rsp)
.endm

/* h[i] += reg, stored back.  */
.macro FEEDFORWARD
	addl 0(%rdi), %eax
	addl 4(%rdi), %ebx
	addl 8(%rdi), %ecx
	addl 12(%rdi), %edx
	addl 16(%rdi), %r8d
	addl 20(%rdi), %r9d
	addl 24(%rdi), %r10d
	addl 28(%rdi), %r11d
	movl %eax, 0(%rdi)
	movl %ebx, 4(%rdi)
	movl %ecx, 8(%rdi)
	movl %edx, 12(%rdi)
	movl %r8d, 16(%rdi)
	movl %r9d, 20(%rdi)
	movl %r10d, 24(%rdi)
	movl %r11d, 28(%rdi)
.endm

/* b ^ c for the first round's Maj.  */
.macro INIT_BC
	movl %ebx, %ebp
	xorl %ecx, %ebp
.endm

GCRY_ASM_FUNC_START(_gcry_sha256_compress_avx2)
	testq %rdx, %rdx
	jz .Lsha256_avx2_ret
	GCRY_ASM_PUSH_CALLEE_SAVED
	subq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(FRAME)

	movq %rdx, NBLK(%rsp)
	vmovdqu .Lbswap32(%rip), BSWAP
	movl 0(%rdi), %eax
	movl 4(%rdi), %ebx
	movl 8(%rdi), %ecx
	movl 12(%rdi), %edx
	movl 16(%rdi), %r8d
	movl 20(%rdi), %r9d
	movl 24(%rdi), %r10d
	movl 28(%rdi), %r11d

.Lsha256_avx2_pair:
	/* The second block of the pair, or the first again if it is the
	   last one.  */
	leaq 64(%rsi), %r13
	cmpq $2, NBLK(%rsp)
	cmovbq %rsi, %r13
	LOADGROUP %ymm0, 0
	LOADGROUP %ymm1, 1
	LOADGROUP %ymm2, 2
	LOADGROUP %ymm3, 3

	INIT_BC
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 0
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 4
	SCHED %ymm0, %ymm1, %ymm2, %ymm3, 128
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 8
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 12
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 32
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 36
	SCHED %ymm1, %ymm2, %ymm3, %ymm0, 160
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 40
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 44
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 64
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 68
	SCHED %ymm2, %ymm3, %ymm0, %ymm1, 192
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 72
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 76
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 96
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 100
	SCHED %ymm3, %ymm0, %ymm1, %ymm2, 224
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 104
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 108
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 128
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 132
	SCHED %ymm0, %ymm1, %ymm2, %ymm3, 256
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 136
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 140
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 160
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 164
	SCHED %ymm1, %ymm2, %ymm3, %ymm0, 288
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 168
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 172
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 192
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 196
	SCHED %ymm2, %ymm3, %ymm0, %ymm1, 320
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 200
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 204
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 224
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 228
	SCHED %ymm3, %ymm0, %ymm1, %ymm2, 352
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 232
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 236
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 256
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 260
	SCHED %ymm0, %ymm1, %ymm2, %ymm3, 384
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 264
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 268
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 288
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 292
	SCHED %ymm1, %ymm2, %ymm3, %ymm0, 416
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 296
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 300
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 320
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 324
	SCHED %ymm2, %ymm3, %ymm0, %ymm1, 448
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 328
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 332
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 352
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 356
	SCHED %ymm3, %ymm0, %ymm1, %ymm2, 480
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 360
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 364
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 384
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 388
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 392
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 396
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 416
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 420
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 424
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 428
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 448
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 452
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 456
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 460
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 480
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 484
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 488
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 492
	FEEDFORWARD
	cmpq $2, NBLK(%rsp)
	jb .Lsha256_avx2_last

	INIT_BC
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 16
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 20
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 24
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 28
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 48
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 52
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 56
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 60
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 80
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 84
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 88
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 92
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 112
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 116
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 120
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 124
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 144
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 148
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 152
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 156
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 176
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 180
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 184
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 188
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 208
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 212
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 216
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 220
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 240
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 244
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 248
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 252
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 272
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 276
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 280
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 284
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 304
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 308
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 312
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 316
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 336
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 340
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 344
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 348
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 368
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 372
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 376
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 380
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 400
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 404
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 408
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 412
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 432
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 436
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 440
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 444
	ROUND %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %r15d, %ebp, 464
	ROUND %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %ebp, %r15d, 468
	ROUND %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %r9d, %r15d, %ebp, 472
	ROUND %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r8d, %ebp, %r15d, 476
	ROUND %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %edx, %r15d, %ebp, 496
	ROUND %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %ecx, %ebp, %r15d, 500
	ROUND %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebx, %r15d, %ebp, 504
	ROUND %ebx, %ecx, %edx, %r8d, %r9d, %r10d, %r11d, %eax, %ebp, %r15d, 508
	FEEDFORWARD
	addq $128, %rsi
	subq $2, NBLK(%rsp)
	jnz .Lsha256_avx2_pair
	jmp .Lsha256_avx2_wipe

.Lsha256_avx2_last:
	movq $0, NBLK(%rsp)

.Lsha256_avx2_wipe:
	/* W+K is message-derived: overwrite it, then clear the vector
	   registers and the scalar temporaries.  */
	vpxor %xmm0, %xmm0, %xmm0
	xorl %eax, %eax
.Lsha256_avx2_wipe_loop:
	vmovdqu %ymm0, 0(%rsp, %rax)
	addq $32, %rax
	cmpq $WK_SIZE, %rax
	jb .Lsha256_avx2_wipe_loop
	vzeroall
	GCRY_ASM_CLEAR_SCRATCH_GPRS

	addq $FRAME, %rsp
	CFI_ADJUST_CFA_OFFSET(-FRAME)
	GCRY_ASM_POP_CALLEE_SAVED
.Lsha256_avx2_ret:
	ret
GCRY_ASM_FUNC_END(_gcry_sha256_compress_avx2)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
