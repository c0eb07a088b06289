/* sha1-shani-x86_64.S - SHA-1 compression with the SHA extensions.
 *
 * Entry: _gcry_sha1_compress_shani (state, blocks, nblocks), with the
 * semantics of sha_compress_t in sha-kernels.h (state: u32 h[5]).
 *
 * Features: SHA-NI and SSE4.1 (PINSRD/PEXTRD); table entry
 * HWF_INTEL_SHAEXT | HWF_INTEL_SSE4_1.
 *
 * Design.  SHA1RNDS4 runs four rounds on {A,B,C,D} (A in the high
 * dword) with W[t]+E, W[t+1], W[t+2], W[t+3] as its second operand
 * (message words high dword first, so a block's 16 bytes are loaded
 * and fully byte-reversed).  The E of the next four rounds is
 * ROL(A of the state before the last four rounds, 30); SHA1NEXTE
 * computes it from a copy of {A,B,C,D} taken before those rounds and
 * adds it to the next message group.  Two registers (E_A, E_B) hold
 * these copies alternately.  The rounds are one chain of 20 SHA1RNDS4
 * plus SHA1NEXTE; the schedule is off that chain:
 *
 *   group j (W[4j..4j+3]) for j >= 4 is SHA1MSG1 (group j-4 with the
 *   two words of group j-3 that W[t-14] needs), XOR group j-2 (W[t-8]),
 *   then SHA1MSG2 with group j-1 (W[t-3], chained inside the group, and
 *   the rotation).  Groups rotate through xmm3-xmm6; while the rounds
 *   of group g run, group g+1 is finished, g+2 gets its XOR and g+3 its
 *   SHA1MSG1.
 *
 * Register map:
 *   xmm0 ABCD   xmm1 E_A   xmm2 E_B   xmm3-xmm6 message groups
 *   xmm7 byte-reverse mask   xmm8 ABCD at block start
 *   xmm9 E at block start (high dword, the rest zero)
 *   rdi state, rsi blocks, rdx blocks left.
 * Only caller-saved registers and no stack; every xmm used is cleared
 * before returning.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define ABCD    %xmm0
#define E_A     %xmm1
#define E_B     %xmm2
#define BSWAP   %xmm7
#define ABCD_0  %xmm8
#define E_0     %xmm9

GCRY_ASM_RODATA
	.p2align 4
/* PSHUFB mask: reverse all 16 bytes (W[t] big-endian into the high
   dword).  */
.Lbswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0

.text

/* Rounds of group G (0..19): 4G..4G+3 with function/constant G/5.
   ECUR holds, for G > 0, {A,B,C,D} from before group G-1 and becomes
   E + W for this group; ENEXT receives the copy for group G+1.  MG is
   the register of group G, and M1, M2, M3 those of G+1, G+2, G+3.  */
.macro GROUP g, ecur, enext, mg, m1, m2, m3
.if \g == 0
	paddd \mg, \ecur
.else
	sha1nexte \mg, \ecur
.endif
	movdqa ABCD, \enext
.if \g >= 3 && \g <= 18
	sha1msg2 \mg, \m1               /* group G+1 complete */
.endif
	sha1rnds4 $(\g / 5), \ecur, ABCD
.if \g >= 1 && \g <= 16
	sha1msg1 \mg, \m3               /* group G+3 := (G-1) ^ ... */
.endif
.if \g >= 2 && \g <= 17
	pxor \mg, \m2                   /* group G+2 ^= W[t-8] */
.endif
.endm

GCRY_ASM_FUNC_START(_gcry_sha1_compress_shani)
	testq %rdx, %rdx
	jz .Lshani1_done

	movdqu 0(%rdi), ABCD
	pshufd $0x1b, ABCD, ABCD        /* {d,c,b,a}: A in the high dword */
	pxor E_A, E_A
	pinsrd $3, 16(%rdi), E_A
	movdqa .Lbswap128(%rip), BSWAP

.Lshani1_block:
	movdqa ABCD, ABCD_0
	movdqa E_A, E_0
	movdqu 0(%rsi), %xmm3
	movdqu 16(%rsi), %xmm4
	movdqu 32(%rsi), %xmm5
	movdqu 48(%rsi), %xmm6
	pshufb BSWAP, %xmm3
	pshufb BSWAP, %xmm4
	pshufb BSWAP, %xmm5
	pshufb BSWAP, %xmm6

	GROUP  0, E_A, E_B, %xmm3, %xmm4, %xmm5, %xmm6
	GROUP  1, E_B, E_A, %xmm4, %xmm5, %xmm6, %xmm3
	GROUP  2, E_A, E_B, %xmm5, %xmm6, %xmm3, %xmm4
	GROUP  3, E_B, E_A, %xmm6, %xmm3, %xmm4, %xmm5
	GROUP  4, E_A, E_B, %xmm3, %xmm4, %xmm5, %xmm6
	GROUP  5, E_B, E_A, %xmm4, %xmm5, %xmm6, %xmm3
	GROUP  6, E_A, E_B, %xmm5, %xmm6, %xmm3, %xmm4
	GROUP  7, E_B, E_A, %xmm6, %xmm3, %xmm4, %xmm5
	GROUP  8, E_A, E_B, %xmm3, %xmm4, %xmm5, %xmm6
	GROUP  9, E_B, E_A, %xmm4, %xmm5, %xmm6, %xmm3
	GROUP 10, E_A, E_B, %xmm5, %xmm6, %xmm3, %xmm4
	GROUP 11, E_B, E_A, %xmm6, %xmm3, %xmm4, %xmm5
	GROUP 12, E_A, E_B, %xmm3, %xmm4, %xmm5, %xmm6
	GROUP 13, E_B, E_A, %xmm4, %xmm5, %xmm6, %xmm3
	GROUP 14, E_A, E_B, %xmm5, %xmm6, %xmm3, %xmm4
	GROUP 15, E_B, E_A, %xmm6, %xmm3, %xmm4, %xmm5
	GROUP 16, E_A, E_B, %xmm3, %xmm4, %xmm5, %xmm6
	GROUP 17, E_B, E_A, %xmm4, %xmm5, %xmm6, %xmm3
	GROUP 18, E_A, E_B, %xmm5, %xmm6, %xmm3, %xmm4
	GROUP 19, E_B, E_A, %xmm6, %xmm3, %xmm4, %xmm5

	/* E_A holds {A,B,C,D} from before group 19: the final E is
	   ROL(A, 30), plus the E the block started with.  */
	sha1nexte E_0, E_A
	paddd ABCD_0, ABCD
	addq $64, %rsi
	decq %rdx
	jnz .Lshani1_block

	pshufd $0x1b, ABCD, ABCD
	movdqu ABCD, 0(%rdi)
	pextrd $3, E_A, 16(%rdi)

	pxor %xmm0, %xmm0
	pxor %xmm1, %xmm1
	pxor %xmm2, %xmm2
	pxor %xmm3, %xmm3
	pxor %xmm4, %xmm4
	pxor %xmm5, %xmm5
	pxor %xmm6, %xmm6
	pxor %xmm7, %xmm7
	pxor %xmm8, %xmm8
	pxor %xmm9, %xmm9
.Lshani1_done:
	ret
GCRY_ASM_FUNC_END(_gcry_sha1_compress_shani)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
