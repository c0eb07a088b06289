/* sha256-shani-x86_64.S - SHA-256 compression with the SHA extensions.
 *
 * Entry: _gcry_sha256_compress_shani (state, blocks, nblocks), with the
 * semantics of sha_compress_t in sha-kernels.h (state: u32 h[8]).
 *
 * Features: SHA-NI and SSE4.1 (PBLENDW); table entry HWF_INTEL_SHAEXT |
 * HWF_INTEL_SSE4_1.
 *
 * Design.  SHA256RNDS2 runs two rounds on the state split as {A,B,E,F}
 * and {C,D,G,H} (high dword first), taking W[t]+K[t] and W[t+1]+K[t+1]
 * from the low half of xmm0; its result is the new {A,B,E,F}, and the
 * old {A,B,E,F} is exactly the new {C,D,G,H}.  So two state registers
 * swap roles every two rounds and need no moves: four rounds are two
 * SHA256RNDS2 with the roles swapped back.  The 64 rounds are one chain
 * of 32 SHA256RNDS2, which sets the speed; everything else (loads, byte
 * swaps, W+K, the schedule) is independent of that chain and is placed
 * so that the out-of-order core runs it in the chain's shadow:
 *
 *   W[t..t+3] for t >= 16 is SHA256MSG1 (adds sigma0 of the next word),
 *   plus W[t-7..t-4] (PALIGNR of the two newest groups), then
 *   SHA256MSG2 (adds sigma1 of the two words before each, chaining
 *   inside the group).  Groups of four words rotate through xmm3-xmm6.
 *
 * Register map:
 *   xmm0 WK (implicit operand)   xmm1 ABEF    xmm2 CDGH
 *   xmm3-xmm6 message groups     xmm7 PALIGNR temporary
 *   xmm8 byte-swap mask          xmm9/xmm10 ABEF/CDGH at block start
 *   rdi state, rsi blocks, rdx blocks left.
 * Only caller-saved registers and no stack; every xmm used is cleared
 * before returning (message words and state).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define WK      %xmm0
#define ABEF    %xmm1
#define CDGH    %xmm2
#define MSGTMP  %xmm7
#define BSWAP   %xmm8
#define ABEF_0  %xmm9
#define CDGH_0  %xmm10

GCRY_ASM_RODATA
	.p2align 6
.Lk256:
	.long 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
/* PSHUFB mask: byte-swap each dword (big-endian message words).  */
.Lbswap32:
	.byte 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12

.text

/* Four rounds t..t+3 with message group MSG.  */
.macro ROUNDS4 msg, t
	movdqa \msg, WK
	paddd .Lk256 + 4 * \t(%rip), WK
	sha256rnds2 WK, ABEF, CDGH      /* CDGH now holds {A,B,E,F} */
	pshufd $0x0e, WK, WK
	sha256rnds2 WK, CDGH, ABEF      /* and back */
.endm

/* Group M0 := W[t..t+3] from M0 = W[t-16..], M1 = W[t-12..],
   M2 = W[t-8..], M3 = W[t-4..].  */
.macro SCHED m0, m1, m2, m3
	sha256msg1 \m1, \m0
	movdqa \m3, MSGTMP
	palignr $4, \m2, MSGTMP
	paddd MSGTMP, \m0
	sha256msg2 \m3, \m0
.endm

GCRY_ASM_FUNC_START(_gcry_sha256_compress_shani)
	testq %rdx, %rdx
	jz .Lshani256_done

	/* h[0..3] = {a,b,c,d}, h[4..7] = {e,f,g,h} (low dword first) to
	   ABEF = {f,e,b,a} and CDGH = {h,g,d,c}.  */
	movdqu 0(%rdi), ABEF
	movdqu 16(%rdi), CDGH
	pshufd $0xb1, ABEF, ABEF        /* {b,a,d,c} */
	pshufd $0x1b, CDGH, CDGH        /* {h,g,f,e} */
	movdqa ABEF, MSGTMP
	palignr $8, CDGH, ABEF          /* {f,e,b,a} */
	pblendw $0xf0, MSGTMP, CDGH     /* {h,g,d,c} */
	movdqa .Lbswap32(%rip), BSWAP

.Lshani256_block:
	movdqa ABEF, ABEF_0
	movdqa CDGH, CDGH_0
	movdqu 0(%rsi), %xmm3
	movdqu 16(%rsi), %xmm4
	movdqu 32(%rsi), %xmm5
	movdqu 48(%rsi), %xmm6
	pshufb BSWAP, %xmm3
	pshufb BSWAP, %xmm4
	pshufb BSWAP, %xmm5
	pshufb BSWAP, %xmm6

	ROUNDS4 %xmm3, 0
	ROUNDS4 %xmm4, 4
	ROUNDS4 %xmm5, 8
	ROUNDS4 %xmm6, 12
	SCHED %xmm3, %xmm4, %xmm5, %xmm6
	ROUNDS4 %xmm3, 16
	SCHED %xmm4, %xmm5, %xmm6, %xmm3
	ROUNDS4 %xmm4, 20
	SCHED %xmm5, %xmm6, %xmm3, %xmm4
	ROUNDS4 %xmm5, 24
	SCHED %xmm6, %xmm3, %xmm4, %xmm5
	ROUNDS4 %xmm6, 28
	SCHED %xmm3, %xmm4, %xmm5, %xmm6
	ROUNDS4 %xmm3, 32
	SCHED %xmm4, %xmm5, %xmm6, %xmm3
	ROUNDS4 %xmm4, 36
	SCHED %xmm5, %xmm6, %xmm3, %xmm4
	ROUNDS4 %xmm5, 40
	SCHED %xmm6, %xmm3, %xmm4, %xmm5
	ROUNDS4 %xmm6, 44
	SCHED %xmm3, %xmm4, %xmm5, %xmm6
	ROUNDS4 %xmm3, 48
	SCHED %xmm4, %xmm5, %xmm6, %xmm3
	ROUNDS4 %xmm4, 52
	SCHED %xmm5, %xmm6, %xmm3, %xmm4
	ROUNDS4 %xmm5, 56
	SCHED %xmm6, %xmm3, %xmm4, %xmm5
	ROUNDS4 %xmm6, 60

	paddd ABEF_0, ABEF
	paddd CDGH_0, CDGH
	addq $64, %rsi
	decq %rdx
	jnz .Lshani256_block

	/* Back to h[0..7]: ABEF {f,e,b,a} -> {a,b,e,f}, CDGH {h,g,d,c}
	   -> {g,h,c,d}, then {a,b,c,d} and {e,f,g,h}.  */
	pshufd $0x1b, ABEF, ABEF
	pshufd $0xb1, CDGH, CDGH
	movdqa CDGH, MSGTMP
	palignr $8, ABEF, MSGTMP        /* {e,f,g,h} */
	pblendw $0xf0, CDGH, ABEF       /* {a,b,c,d} */
	movdqu ABEF, 0(%rdi)
	movdqu MSGTMP, 16(%rdi)

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
	pxor %xmm10, %xmm10
.Lshani256_done:
	ret
GCRY_ASM_FUNC_END(_gcry_sha256_compress_shani)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
