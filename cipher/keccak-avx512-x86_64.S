/* keccak-avx512-x86_64.S - Keccak-f[1600] with AVX-512VL, one lane per
 * xmm register, one column of theta and rho on the scalar ports.
 *
 * Entries (the contract is in keccak.h):
 *   _gcry_keccak_permute_avx512 (state)
 *   _gcry_keccak_absorb_avx512 (state, in, nblocks, rate)
 *
 * Features: AVX-512F and AVX-512VL (EVEX encodings on xmm registers,
 * xmm16-xmm31), which HWF_INTEL_AVX512 guarantees, and BMI2 (RORX;
 * the kernel table asks for HWF_INTEL_BMI2 too).  Only 128-bit
 * registers are used, so the kernel has no 512-bit frequency cost and
 * serves every AVX-512 CPU whatever the zmm policy says.  Targets Ice
 * Lake and later Intel cores, Zen 4 and Zen 5.
 *
 * Design.  Lane p = x + 5y of the state lives in the low quadword of
 * its own xmm register for the whole absorb call: 25 registers for the
 * lanes, five for the column parities C[x] and two temporaries, 32 in
 * all, so nothing is spilled.  Done entirely in vectors a round is 90
 * operations on the three vector ALU ports (30 cycles at best):
 *
 *   theta  C[x]: a copy and two VPTERNLOGQ (0x96, three-way XOR) per
 *          column; per column one VPROLQ for rol (C[x+1], 1) and one
 *          VPTERNLOGQ per lane for A ^= C[x-1] ^ rol (C[x+1], 1);
 *   rho    one VPROLQ per lane, in place (lane 0 does not rotate);
 *   pi     nothing: it only changes which register holds which lane;
 *   chi    one VPTERNLOGQ (0xd2: a ^ (~b & c)) per lane, in place;
 *          each row first copies the two lanes it overwrites before
 *          their last use (register copies, removed at rename);
 *   iota   one XOR of the round constant into lane 0.
 *
 * The general-purpose ALUs idle meanwhile, and two of them (ports 6
 * and 10 of current Intel cores) execute no vector operation at all.
 * So theta and rho of column 0 (lanes 0, 5, 10, 15, 20) run there:
 * D[0] = C[4] ^ rol (C[1], 1) with one RORX and one XOR, then per lane
 * an XOR and a RORX, plus iota (one XOR).  That takes 11 operations off
 * the vector ports (5 VPTERNLOGQ, the VPROLQ of rol (C[1], 1), 4 rho
 * rotations, iota): 79 remain, 26.3 cycles.  The lanes cross between
 * the two register files through the red zone (vector stores, scalar
 * loads and back), which costs load and store slots but no ALU port:
 * after each round's parities the vector side stores C[1] and C[4],
 * and after each chi row the lane that becomes column 0 of the next
 * round (each row's output x = 0); the scalar side leaves the rotated
 * lanes in the same slots for chi to load, and lane 0 twice, with and
 * without the round constant (chi of row 0 needs it without the
 * constant for its outputs 3 and 4, with it for output 0, which is
 * linear in it).  The round trip adds latency (two store-to-load
 * forwardings between the parities and chi's first use of a column-0
 * lane), hidden behind the 54 vector operations of the round that do
 * not wait for it.  On Sapphire Rapids a round went from about 32
 * cycles to about 28.  Measured slower there: a second column on the
 * scalar side (its lanes feed every chi row, so too little vector work
 * is left to cover the round trip), and a whole chi row on the scalar
 * side (75 vector operations, but its scalar operations wait for the
 * parities and fill the scheduler).
 *
 * The order of the vector code keeps the ports busy: each column's
 * theta is interleaved with rho on the column before it (rotations and
 * logic operations alternate, so no port idles while the other kind
 * queues), and the next round's column parities are accumulated as the
 * chi rows complete (three rows, then two) instead of after the last
 * one.  Other designs measured slower on Sapphire Rapids: five zmm
 * registers holding rows (38 operations a round, but 17 of them
 * shuffles on the one 512-bit shuffle port, in a dependent chain: 34
 * cycles).
 *
 * pi as renaming: chi computes each output lane in the register that
 * held one of its inputs; output lane q goes to the register that held
 * the lane pi^-1 (q) that pi moves into q.  After a round, lane q is
 * therefore in the register that held lane pi^-1 (q) before, and the
 * next round uses that register map.  pi has order 24 (the lanes other
 * than lane 0 form one cycle), so after 24 rounds every lane is back in
 * its own register xmm<p>, and the loop over blocks needs no moves.
 * The 24 rounds are written out, one macro call each with its register
 * map: round r+1's entry q is round r's entry pi^-1 (q), that is entry
 * (q mod 5 + 3 (q div 5)) mod 5 + 5 (q mod 5).  The same fact places
 * the next round's column parities: this round's chi writes the lanes
 * of the next round's column x into the registers of this round's
 * row x; and row y of chi (lanes after pi) writes lane 5y, column 0 of
 * the next round, as its output x = 0.
 *
 * Input blocks are XORed in lane by lane with 8-byte broadcast loads,
 * so nothing past the rate is read; the common rates have a
 * straight-line sequence each, any other rate a compare per lane.
 *
 * Registers: xmm0-xmm24 the lanes, xmm25-xmm29 C[0..4], xmm30/xmm31
 * temporaries; rdi state, rsi input, rdx blocks left, r9 the rate,
 * rax the round constants, r8 D[0], r10/r11 column-0 lanes.  Only
 * caller-saved registers; the stack only below its pointer (the SysV
 * red zone, 64 bytes).  All 32 vector registers, the red zone slots
 * and r8, r10, r11 are cleared on exit (they held state lanes).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#if defined(__x86_64__)

#include "asm-common-amd64.h"

#define C0 %xmm25
#define C1 %xmm26
#define C2 %xmm27
#define C3 %xmm28
#define C4 %xmm29
#define T0 %xmm30
#define T1 %xmm31

/* The red-zone slots shared by the two sides.  LANE(y): lane 5y
   (column 0), stored by the vector side before the scalar theta and
   rho, the rotated lane after them.  */
#define SLOT_LANE(y) (-8 - 8 * (y))(%rsp)
#define SLOT_C4 -48(%rsp)
#define SLOT_C1 -56(%rsp)
#define SLOT_LANE0_RC -64(%rsp)         /* lane 0 after rho, ^ iota */

GCRY_ASM_RODATA
.balign 64
/* iota (FIPS 202, 3.2.5).  */
.Lkeccak_avx512_rc:
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

.text

/* C = L0 ^ L1 ^ L2 (the first three lanes of a column), then C ^= L3 ^
   L4.  Lanes are register numbers.  */
.macro PARITY_START c, l0, l1, l2
	vmovdqa64 %xmm\l0, \c
	vpternlogq $0x96, %xmm\l2, %xmm\l1, \c
.endm

.macro PARITY_END c, l3, l4
	vpternlogq $0x96, %xmm\l4, %xmm\l3, \c
.endm

.macro RHO n, l
	.if \n
	vprolq $\n, %xmm\l, %xmm\l
	.endif
.endm

/* Scalar theta and rho of lane 5Y (rotation N) with D[0] in r8, in its
   slot; lane 0 (Y = 0) also gets the round constant at byte offset RC
   from rax, into a slot of its own.  */
.macro SCALAR_LANE y, n, t, rc
	movq SLOT_LANE(\y), \t
	xorq %r8, \t
	.if \n
	rorxq $(64 - \n), \t, \t
	.endif
	movq \t, SLOT_LANE(\y)
	.ifnb \rc
	xorq \rc(%rax), \t
	movq \t, SLOT_LANE0_RC
	.endif
.endm

/* theta, rho and iota of column 0, on the general-purpose ports.  */
.macro SCALAR_COLUMN0 rc
	rorxq $63, SLOT_C1, %r8
	xorq SLOT_C4, %r8
	SCALAR_LANE 0, 0, %r10, \rc
	SCALAR_LANE 1, 36, %r11
	SCALAR_LANE 2, 3, %r10
	SCALAR_LANE 3, 41, %r11
	SCALAR_LANE 4, 18, %r10
.endm

/* theta on one column: the lanes L0..L4 ^= PREV ^ rol (NEXT, 1) (PREV
   = C[x-1], NEXT = C[x+1]), each followed by rho on a lane Pk of the
   column before (rotation Nk), when given.  */
.macro THETA_COLUMN prev, next, t, l0, l1, l2, l3, l4, \
		p0, n0, p1, n1, p2, n2, p3, n3, p4, n4
	vprolq $1, \next, \t
	vpternlogq $0x96, \t, \prev, %xmm\l0
	.ifnb \p0
	RHO \n0, \p0
	.endif
	vpternlogq $0x96, \t, \prev, %xmm\l1
	.ifnb \p1
	RHO \n1, \p1
	.endif
	vpternlogq $0x96, \t, \prev, %xmm\l2
	.ifnb \p2
	RHO \n2, \p2
	.endif
	vpternlogq $0x96, \t, \prev, %xmm\l3
	.ifnb \p3
	RHO \n3, \p3
	.endif
	vpternlogq $0x96, \t, \prev, %xmm\l4
	.ifnb \p4
	RHO \n4, \p4
	.endif
.endm

/* chi on one row, its lanes x = 0..4 in registers B0..B4 (after pi):
   Bx ^= ~B(x+1) & B(x+2), in place.  B0 and B1 are overwritten before
   their last use, so T0 and T1 keep copies.  With IOTA (row 0), B0
   comes from the scalar side twice: T0 gets lane 0 as rho left it, B0
   the same with the round constant (chi is linear in B0).  With
   STORE, output 0 (the next round's lane 5Y) goes to its slot.  */
.macro CHI_ROW y, store, b0, b1, b2, b3, b4, iota
	.ifnb \iota
	vmovq SLOT_LANE(0), T0
	vmovq SLOT_LANE0_RC, %xmm\b0
	.else
	vmovdqa64 %xmm\b0, T0
	.endif
	vmovdqa64 %xmm\b1, T1
	vpternlogq $0xd2, %xmm\b2, %xmm\b1, %xmm\b0
	vpternlogq $0xd2, %xmm\b3, %xmm\b2, %xmm\b1
	vpternlogq $0xd2, %xmm\b4, %xmm\b3, %xmm\b2
	vpternlogq $0xd2, T0, %xmm\b4, %xmm\b3
	vpternlogq $0xd2, T1, T0, %xmm\b4
	.if \store
	vmovq %xmm\b0, SLOT_LANE(\y)
	.endif
.endm

/* One round.  RC: byte offset of its constant from rax.  NEXT_C: 1 to
   accumulate the next round's column parities in C0-C4 and pass C[1],
   C[4] and column 0 to the scalar side (0 in the last round; the block
   loop does that after XORing the next block in).  Ap: the number of
   the xmm register holding lane p; C0-C4 hold this round's column
   parities on entry, lanes 5y and C[1], C[4] are in their slots.  */
.macro KECCAK_ROUND rc, next_c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, \
		a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, \
		a21, a22, a23, a24
	/* Column 0 first: it has the longest way to go.  */
	SCALAR_COLUMN0 \rc
	/* theta (FIPS 202, 3.2.2) of columns 1-4, with rho one column
	   behind.  */
	THETA_COLUMN C0, C2, T1, \a1, \a6, \a11, \a16, \a21
	THETA_COLUMN C1, C3, T0, \a2, \a7, \a12, \a17, \a22, \
		\a1, 1, \a6, 44, \a11, 10, \a16, 45, \a21, 2
	THETA_COLUMN C2, C4, T1, \a3, \a8, \a13, \a18, \a23, \
		\a2, 62, \a7, 6, \a12, 43, \a17, 15, \a22, 61
	THETA_COLUMN C3, C0, T0, \a4, \a9, \a14, \a19, \a24, \
		\a3, 28, \a8, 55, \a13, 25, \a18, 21, \a23, 56
	RHO 27, \a4
	RHO 20, \a9
	RHO 39, \a14
	RHO  8, \a19
	RHO 14, \a24
	/* Column 0 back from the scalar side (lane 0 in CHI_ROW).  */
	vmovq SLOT_LANE(1), %xmm\a5
	vmovq SLOT_LANE(2), %xmm\a10
	vmovq SLOT_LANE(3), %xmm\a15
	vmovq SLOT_LANE(4), %xmm\a20
	/* pi and chi: row y takes, as its lane x, lane x' + 5y' with
	   x' = x + 3y mod 5, y' = x (pi^-1); iota on row 0.  The chi
	   outputs of the next round's column x land in the registers of
	   this round's row x (lanes 5x .. 5x+4): three of them once rows
	   0-2 are done, the other two after rows 3 and 4.  */
	CHI_ROW 0, \next_c, \a0, \a6, \a12, \a18, \a24, iota
	CHI_ROW 1, \next_c, \a3, \a9, \a10, \a16, \a22
	CHI_ROW 2, \next_c, \a1, \a7, \a13, \a19, \a20
	.if \next_c
	PARITY_START C0, \a0, \a3, \a1
	PARITY_START C1, \a6, \a9, \a7
	PARITY_START C2, \a12, \a10, \a13
	PARITY_START C3, \a18, \a16, \a19
	PARITY_START C4, \a24, \a22, \a20
	.endif
	CHI_ROW 3, \next_c, \a4, \a5, \a11, \a17, \a23
	CHI_ROW 4, \next_c, \a2, \a8, \a14, \a15, \a21
	.if \next_c
	PARITY_END C0, \a4, \a2
	PARITY_END C1, \a5, \a8
	vmovq C1, SLOT_C1
	PARITY_END C2, \a11, \a14
	PARITY_END C3, \a17, \a15
	PARITY_END C4, \a23, \a21
	vmovq C4, SLOT_C4
	.endif
.endm

/* XOR the block's lanes I... into xmm<I>.  */
.macro ABSORB_LANES lanes:vararg
	.irp i, \lanes
	vpxorq (8 * \i)(%rsi){1to2}, %xmm\i, %xmm\i
	.endr
.endm

/* void _gcry_keccak_absorb_avx512 (u64 *state, const byte *in,
                                    size_t nblocks, unsigned int rate)  */
GCRY_ASM_FUNC_START(_gcry_keccak_absorb_avx512)
	testq %rdx, %rdx
	jz .Lavx512_none
	movl %ecx, %r9d
.Lavx512_enter:
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \
		18, 19, 20, 21, 22, 23, 24
	vmovq (8 * \i)(%rdi), %xmm\i
	.endr
	leaq .Lkeccak_avx512_rc(%rip), %rax

.balign 32
.Lavx512_block:
	/* SHA3-224/256/384/512 and SHAKE128 (SHAKE256 shares 136).  */
	cmpl $136, %r9d
	je .Lavx512_rate136
	cmpl $168, %r9d
	je .Lavx512_rate168
	cmpl $144, %r9d
	je .Lavx512_rate144
	cmpl $104, %r9d
	je .Lavx512_rate104
	cmpl $72, %r9d
	je .Lavx512_rate72
	/* Any other rate, including 0 (a plain permutation).  */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \
		18, 19, 20
	cmpl $(8 * \i), %r9d
	jbe .Lavx512_xored
	ABSORB_LANES \i
	.endr
	jmp .Lavx512_xored
.Lavx512_rate168:
	ABSORB_LANES 17, 18, 19, 20
.Lavx512_rate136:
	ABSORB_LANES 13, 14, 15, 16
.Lavx512_rate104:
	ABSORB_LANES 9, 10, 11, 12
.Lavx512_rate72:
	ABSORB_LANES 0, 1, 2, 3, 4, 5, 6, 7, 8
	jmp .Lavx512_xored
.Lavx512_rate144:
	ABSORB_LANES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		16, 17
.Lavx512_xored:
	PARITY_START C0, 0, 5, 10
	PARITY_START C1, 1, 6, 11
	PARITY_START C2, 2, 7, 12
	PARITY_START C3, 3, 8, 13
	PARITY_START C4, 4, 9, 14
	PARITY_END C0, 15, 20
	PARITY_END C1, 16, 21
	PARITY_END C2, 17, 22
	PARITY_END C3, 18, 23
	PARITY_END C4, 19, 24
	vmovq C1, SLOT_C1
	vmovq C4, SLOT_C4
	vmovq %xmm0, SLOT_LANE(0)
	vmovq %xmm5, SLOT_LANE(1)
	vmovq %xmm10, SLOT_LANE(2)
	vmovq %xmm15, SLOT_LANE(3)
	vmovq %xmm20, SLOT_LANE(4)

	/* The register map of each round (see the header).  */
	KECCAK_ROUND   0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, \
		12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	KECCAK_ROUND   8, 1, 0, 6, 12, 18, 24, 3, 9, 10, 16, 22, 1, 7, \
		13, 19, 20, 4, 5, 11, 17, 23, 2, 8, 14, 15, 21
	KECCAK_ROUND  16, 1, 0, 9, 13, 17, 21, 18, 22, 1, 5, 14, 6, 10, \
		19, 23, 2, 24, 3, 7, 11, 15, 12, 16, 20, 4, 8
	KECCAK_ROUND  24, 1, 0, 22, 19, 11, 8, 17, 14, 6, 3, 20, 9, 1, \
		23, 15, 12, 21, 18, 10, 7, 4, 13, 5, 2, 24, 16
	KECCAK_ROUND  32, 1, 0, 14, 23, 7, 16, 11, 20, 9, 18, 2, 22, 6, \
		15, 4, 13, 8, 17, 1, 10, 24, 19, 3, 12, 21, 5
	KECCAK_ROUND  40, 1, 0, 20, 15, 10, 5, 7, 2, 22, 17, 12, 14, 9, \
		4, 24, 19, 16, 11, 6, 1, 21, 23, 18, 13, 8, 3
	KECCAK_ROUND  48, 1, 0, 2, 4, 1, 3, 10, 12, 14, 11, 13, 20, 22, \
		24, 21, 23, 5, 7, 9, 6, 8, 15, 17, 19, 16, 18
	KECCAK_ROUND  56, 1, 0, 12, 24, 6, 18, 1, 13, 20, 7, 19, 2, 14, \
		21, 8, 15, 3, 10, 22, 9, 16, 4, 11, 23, 5, 17
	KECCAK_ROUND  64, 1, 0, 13, 21, 9, 17, 6, 19, 2, 10, 23, 12, 20, \
		8, 16, 4, 18, 1, 14, 22, 5, 24, 7, 15, 3, 11
	KECCAK_ROUND  72, 1, 0, 19, 8, 22, 11, 9, 23, 12, 1, 15, 13, 2, \
		16, 5, 24, 17, 6, 20, 14, 3, 21, 10, 4, 18, 7
	KECCAK_ROUND  80, 1, 0, 23, 16, 14, 7, 22, 15, 13, 6, 4, 19, 12, \
		5, 3, 21, 11, 9, 2, 20, 18, 8, 1, 24, 17, 10
	KECCAK_ROUND  88, 1, 0, 15, 5, 20, 10, 14, 4, 19, 9, 24, 23, 13, \
		3, 18, 8, 7, 22, 12, 2, 17, 16, 6, 21, 11, 1
	KECCAK_ROUND  96, 1, 0, 4, 3, 2, 1, 20, 24, 23, 22, 21, 15, 19, \
		18, 17, 16, 10, 14, 13, 12, 11, 5, 9, 8, 7, 6
	KECCAK_ROUND 104, 1, 0, 24, 18, 12, 6, 2, 21, 15, 14, 8, 4, 23, \
		17, 11, 5, 1, 20, 19, 13, 7, 3, 22, 16, 10, 9
	KECCAK_ROUND 112, 1, 0, 21, 17, 13, 9, 12, 8, 4, 20, 16, 24, 15, \
		11, 7, 3, 6, 2, 23, 19, 10, 18, 14, 5, 1, 22
	KECCAK_ROUND 120, 1, 0, 8, 11, 19, 22, 13, 16, 24, 2, 5, 21, 4, \
		7, 10, 18, 9, 12, 15, 23, 1, 17, 20, 3, 6, 14
	KECCAK_ROUND 128, 1, 0, 16, 7, 23, 14, 19, 5, 21, 12, 3, 8, 24, \
		10, 1, 17, 22, 13, 4, 15, 6, 11, 2, 18, 9, 20
	KECCAK_ROUND 136, 1, 0, 5, 10, 15, 20, 23, 3, 8, 13, 18, 16, 21, \
		1, 6, 11, 14, 19, 24, 4, 9, 7, 12, 17, 22, 2
	KECCAK_ROUND 144, 1, 0, 3, 1, 4, 2, 15, 18, 16, 19, 17, 5, 8, \
		6, 9, 7, 20, 23, 21, 24, 22, 10, 13, 11, 14, 12
	KECCAK_ROUND 152, 1, 0, 18, 6, 24, 12, 4, 17, 5, 23, 11, 3, 16, \
		9, 22, 10, 2, 15, 8, 21, 14, 1, 19, 7, 20, 13
	KECCAK_ROUND 160, 1, 0, 17, 9, 21, 13, 24, 11, 3, 15, 7, 18, 5, \
		22, 14, 1, 12, 4, 16, 8, 20, 6, 23, 10, 2, 19
	KECCAK_ROUND 168, 1, 0, 11, 22, 8, 19, 21, 7, 18, 4, 10, 17, 3, \
		14, 20, 6, 13, 24, 5, 16, 2, 9, 15, 1, 12, 23
	KECCAK_ROUND 176, 1, 0, 7, 14, 16, 23, 8, 10, 17, 24, 1, 11, 18, \
		20, 2, 9, 19, 21, 3, 5, 12, 22, 4, 6, 13, 15
	KECCAK_ROUND 184, 0, 0, 10, 20, 5, 15, 16, 1, 11, 21, 6, 7, 17, \
		2, 12, 22, 23, 8, 18, 3, 13, 14, 24, 9, 19, 4

	addq %r9, %rsi
	decq %rdx
	jnz .Lavx512_block

	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \
		18, 19, 20, 21, 22, 23, 24
	vmovq %xmm\i, (8 * \i)(%rdi)
	.endr
	/* Every vector register held state lanes, and so did the red-zone
	   slots and the scalar registers.  */
	vzeroall
	.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord %xmm\i, %xmm\i, %xmm\i
	.endr
	vmovdqu %ymm0, -32(%rsp)
	vmovdqu %ymm0, -64(%rsp)
	GCRY_ASM_CLEAR_SCRATCH_GPRS
.Lavx512_none:
	ret
GCRY_ASM_FUNC_END(_gcry_keccak_absorb_avx512)

/* void _gcry_keccak_permute_avx512 (u64 *state): one block of rate 0,
   which absorbs no lane.  */
GCRY_ASM_FUNC_START(_gcry_keccak_permute_avx512)
	movl $1, %edx
	xorl %r9d, %r9d
	jmp .Lavx512_enter
GCRY_ASM_FUNC_END(_gcry_keccak_permute_avx512)

GCRY_ASM_NOTES

#endif /* __x86_64__ */
