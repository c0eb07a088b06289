/* chacha20-x86_64.S - ChaCha20 keystream for x86-64: one template, three
 * instruction sets, and a stitched ChaCha20-Poly1305 kernel.
 *
 * The body is written once, as the GNU as macro _chacha20_crypt below,
 * and assembled three times (instantiations near the end of the file)
 * after _set_veclen chooses the vector length VL (bytes) and whether
 * EVEX encodings (AVX-512) may be used:
 *
 *   variant      VL  encoding  regs  blocks/step  rotations    features
 *   avx2         32  VEX       16     8           VPSHUFB 16/8  AVX2
 *                                                 shifts 12/7
 *   avx512_ymm   32  EVEX      32     8           VPROLD        AVX512F/
 *   avx512_zmm   64  EVEX      32    16           VPROLD        VL/BW, BMI2
 *
 * Targets: avx2 for Haswell to Comet Lake, Alder Lake and later client
 * cores, Zen 1 to 3; avx512_ymm for AVX-512 CPUs that lose clock speed
 * on 512-bit code (Ice Lake server, Tiger Lake); avx512_zmm for the
 * others (Sapphire Rapids and later, Zen 4, Zen 5).  The kernel table
 * (cipher/chacha20.c) chooses; nothing here tests CPU features.  The
 * stitched kernel (_gcry_chacha20_poly1305_avx2, at the end) is the
 * avx2 wide loop with scalar Poly1305 interleaved; its own comment
 * block explains it.
 *
 * ChaCha20 (RFC 8439, 2.3): 20 rounds on a 4x4 matrix of 32-bit words,
 * alternately on its columns and its diagonals; each round is four
 * quarter rounds, each QR(a, b, c, d) twelve steps:
 *   a += b; d ^= a; d <<<= 16;  c += d; b ^= c; b <<<= 12;
 *   a += b; d ^= a; d <<<= 8;   c += d; b ^= c; b <<<= 7.
 * The keystream block is the result plus the input matrix, as
 * little-endian words.  Words 12 and 13 are one 64-bit block counter
 * (cipher/chacha20.h).
 *
 * Two layouts, and when each is used:
 *
 *  - Rows, for up to ROWS_MAX bytes (the whole of a short message, the
 *    rest of a long one): a register holds a row of the matrix (4 words)
 *    of one block in each 128-bit lane; the four quarter rounds run in
 *    the four dwords at once, and VPSHUFD rotates rows b, c, d between
 *    column and diagonal rounds.  A set of four registers holds 4 blocks
 *    (zmm) or 2 (ymm); up to 3 sets (EVEX) or 2 (AVX2) run side by side.
 *    One set is bound by the latency of the quarter-round chain, about
 *    300 cycles for 20 rounds, the same for one block as for four:
 *    measured on Sapphire Rapids, 1, 2, 3 zmm sets take 300, 450, 620
 *    cycles, where a wide zmm step takes about 640.
 *  - Wide ("word-sliced"), for the bulk: vector register i holds state
 *    word i of VL/4 consecutive blocks, one block per 32-bit lane, so
 *    the four quarter rounds of a round are four independent chains of
 *    full-width instructions, with no shuffles between rounds.  The
 *    lanes are assigned so that the transposition at the end yields the
 *    blocks in ascending order: with the 128-bit lane number l and the
 *    dword within it e, lane (l, e) computes block 4e + l (zmm) or
 *    2e + l (ymm).  The transposition is a 4x4 dword transpose inside
 *    each 128-bit lane (VPUNPCK*), then, for each e, a 4x4 (zmm) or 2x2
 *    (ymm) transpose of 128-bit lanes (VSHUFI32X4 / VPERM2I128), whose
 *    outputs are whole consecutive blocks: blocks 4e..4e+3 (zmm), or
 *    2e, 2e+1 (ymm).
 *
 * Tricks, and what they buy:
 *  - Rotations.  EVEX: VPROLD, one instruction each.  VEX: by 16 and 8
 *    with VPSHUFB on a byte-permutation mask (memory operand), by 12 and
 *    7 with VPSRLD, VPSLLD, VPOR through a temporary.
 *  - EVEX output a step behind (_out_piece): a step's 16 words go to the
 *    stack, and their transposition, the xor with the input and the
 *    stores are cut into eight pieces placed between the next step's
 *    double rounds.  The transposition's shuffles all need port 5; run
 *    after the rounds they leave port 0 idle for some 64 cycles a step,
 *    between the rounds they share the ports with the additions
 *    (measured: 0.62 -> 0.57 cycles/byte for zmm).
 *  - AVX2 has 16 registers and the wide layout fills them: the round
 *    keeps the first quarter round's c word on the stack while the b
 *    words are rotated (its register is the temporary) -- two stores
 *    and two loads per round, on otherwise idle load/store ports.  The
 *    input matrix, broadcast, sits on the stack too (the final additions
 *    take it as memory operands); the EVEX variants take it as embedded
 *    broadcasts straight from the caller's state.
 *  - Counters.  Lane k's counter is ctr + k, 64 bits: the low words are
 *    added per lane and a lane whose low word came out below its offset
 *    carried (unsigned compare: VPCMPUD, or VPCMPGTD on sign-flipped
 *    values), its high word getting 1 more.  The rows layout adds whole
 *    quadwords (words 12-13) instead.
 *  - Exact tails.  The last blocks (rows path, or the last wide step when
 *    more than ROWS_MAX bytes are left) are written block by block:
 *    whole blocks directly, the final partial block with a masked load
 *    and store (EVEX, BZHI mask) or through KS_TAIL and general
 *    registers (VEX), after its whole keystream block went to KS_TAIL as
 *    the contract asks.  No byte outside the caller's buffers is read or
 *    written.  AVX2's last wide step stores its keystream to the stack
 *    (over the input matrix, used up) and writes the data from there, in
 *    block order: its registers are too few to transpose whole blocks.
 *
 * Wiping: vector registers are zeroed on exit (VZEROALL, and VPXORD on
 * the EVEX registers 16-31 used); the stack frame (input matrix,
 * spilled words, a step's words, keystream) is zeroed before the stack
 * pointer comes back whenever the wide path wrote it.  Scratch general
 * registers that held keystream are cleared.  Callee-saved registers:
 * rbp (the frame pointer) only, saved; the stitched kernel also saves
 * rbx and r12-r15.
 *
 * Entry points (SysV AMD64 ABI; prototypes and contracts in
 * cipher/chacha20.h, chacha20_crypt_t and chacha20_aead_t):
 *
 *   void _gcry_chacha20_crypt_<variant> (u32 state[16], byte *out,
 *          const byte *in, size_t nbytes, byte ks_tail[64]);
 *   void _gcry_chacha20_poly1305_avx2 (u32 state[16], byte *out,
 *          const byte *in, size_t nbytes, poly1305_context_t *mac,
 *          int decrypt);
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"

/*
 * General-purpose registers.
 */
.set STATE,     %rdi    /* u32 state[16]; words 12-13 written at exit */
.set DST,       %rsi    /* output, advanced as blocks are written */
.set SRC,       %rdx    /* input, advanced as blocks are read */
.set LEN,       %rcx    /* bytes still to process */
.set KSTAIL,    %r8     /* the final partial block's keystream goes here */
.set CTR,       %r9     /* block counter of the next keystream, 64 bits */
.set CTR32,     %r9d
.set ROUNDS,    %r10d   /* double rounds left */
.set TMP,       %rax
.set TMP32,     %eax
.set TMP8,      %al
.set TMP2,      %r11
.set TMP2_32,   %r11d

/* The stack frame, from the 64-byte aligned stack pointer.
   AVX2: the input matrix of the wide layout, broadcast, and the word
   vector kept out of registers; its last step's keystream overwrites
   the matrix.  EVEX: the previous wide step's words, then their partly
   transposed form (see _out_piece).  */
#define FRAME_STATE     0
#define FRAME_SPILL     512
#define FRAME_SIZE_AVX2 576
#define FRAME_BUF       0

GCRY_ASM_RODATA
.balign 64
/* VPSHUFB masks: rotate each dword left by 16 and by 8.  */
.Lrot16:
        .byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
        .byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lrot8:
        .byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
        .byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
/* Wide layout, block offset of each lane (see the header): ymm lane
   (l, e) is block 2e + l, zmm lane (l, e) block 4e + l.  */
.Llane_off8:
        .long 0, 2, 4, 6, 1, 3, 5, 7
/* The same with the sign bit flipped, for VEX's unsigned compare.  */
.Llane_off8_sign:
        .long 0x80000000, 0x80000002, 0x80000004, 0x80000006
        .long 0x80000001, 0x80000003, 0x80000005, 0x80000007
.Lsign:
        .long 0x80000000, 0x80000000, 0x80000000, 0x80000000
        .long 0x80000000, 0x80000000, 0x80000000, 0x80000000
.balign 64
.Llane_off16:
        .long 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
/* Rows layout: counter offsets (quadword adds to words 12-13) of the
   blocks in the 128-bit lanes of the first set, and from one set to
   the next.  */
.Lrows_ctr4:
        .quad 0, 0, 1, 0, 2, 0, 3, 0
.Lrows_step4:
        .quad 4, 0, 4, 0, 4, 0, 4, 0
.Lrows_ctr2:
        .quad 0, 0, 1, 0
.Lrows_step2:
        .quad 2, 0, 2, 0

.text

/* Register names and roles at the width of the variant.  V<n> is
   register n at VL bytes, X<n> its low 128 bits.  */
.macro _set_veclen vl, evex
  .set VL, \vl
  .set USE_EVEX, \evex
  .set NBLK, (\vl / 4)          /* blocks per wide step */
  .set BPS, (\vl / 16)          /* blocks per rows set */
  .if \evex
    /* Rows sets at most: beyond, a wide step costs less (measured on
       Sapphire Rapids: 1, 2, 3, 4 zmm sets 295, 445, 606, 783 cycles, a
       wide zmm step about 640).  */
    .set NSETS, 3
    .set FRAME_SIZE, (16 * \vl)
  .else
    .set NSETS, 2
    .set FRAME_SIZE, FRAME_SIZE_AVX2
  .endif
  .set ROWS_MAX, (64 * BPS * NSETS)  /* bytes the rows path takes */
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .if VL == 32
      .set V\i, %ymm\i
    .else
      .set V\i, %zmm\i
    .endif
    .set X\i, %xmm\i
  .endr

  /* Wide layout, EVEX: beyond the 16 state words V0-V15.  */
  .set LANE_OFF,  V16           /* block offset of each lane */
  .set CTR_LO,    V17           /* this step's words 12 */
  .set CTR_HI,    V18           /* this step's words 13 */
  .set ONE,       V19           /* 1 in every dword */
  .set P0,        V20           /* the previous step's output */
  .set P1,        V21
  .set P2,        V22
  .set P3,        V23
  .set P4,        V24

  /* Rows layout: set S (blocks S*BPS ..) has rows RA<S>..RD<S>;
     NSETS of them at most.  */
  .set RA0, V0
  .set RB0, V1
  .set RC0, V2
  .set RD0, V3
  .set RA1, V4
  .set RB1, V5
  .set RC1, V6
  .set RD1, V7
  .set RA2, V8
  .set RB2, V9
  .set RC2, V10
  .set RD2, V11
  .if \evex
    .set ROW0, V16              /* input rows 0-2, every set's */
    .set ROW1, V17
    .set ROW2, V18
    .set ROW3_0, V19            /* input row 3 of each set */
    .set ROW3_1, V20
    .set ROW3_2, V21
    .set OT0, V22               /* output temporaries */
    .set OT1, V23
    .set OT2, V24
    .set OT3, V25
    .set RT0, V26               /* (VEX rotation temporaries: unused) */
    .set RT1, V26
    .set RT2, V26
  .else
    .set ROW0, V8
    .set ROW1, V9
    .set ROW2, V10
    .set ROW3_0, V11
    .set ROW3_1, V12
    .set RT0, V13               /* rotation temporaries of sets 0, 1 */
    .set RT1, V14
    .set OT0, V8                /* output temporaries: the input rows */
    .set OT1, V9                /* are dead by then */
    .set OT2, V10
    .set OT3, V13
  .endif
.endm

/* Encoding-neutral spellings.  */
.macro _vpxor a, b, dst
  .if USE_EVEX
    vpxord \a, \b, \dst
  .else
    vpxor \a, \b, \dst
  .endif
.endm

.macro _vmovdqu src, dst
  .if USE_EVEX
    vmovdqu8 \src, \dst
  .else
    vmovdqu \src, \dst
  .endif
.endm

.macro _vmovdqa src, dst
  .if USE_EVEX
    vmovdqa64 \src, \dst
  .else
    vmovdqa \src, \dst
  .endif
.endm

/* A 16-byte value into every 128-bit lane.  */
.macro _vbroadcast128 src, dst
  .if USE_EVEX
    vbroadcasti32x4 \src, \dst
  .else
    vbroadcasti128 \src, \dst
  .endif
.endm

/* Rotate the dwords of REG left by N (16, 12, 8 or 7).  VEX: 16 and 8
   by byte shuffles, 12 and 7 through TMPREG.  */
.macro _rotl n, reg, tmpreg
  .if USE_EVEX
    vprold $\n, \reg, \reg
  .elseif \n == 16
    vpshufb .Lrot16(%rip), \reg, \reg
  .elseif \n == 8
    vpshufb .Lrot8(%rip), \reg, \reg
  .else
    vpsrld $(32 - \n), \reg, \tmpreg
    vpslld $\n, \reg, \reg
    vpor \tmpreg, \reg, \reg
  .endif
.endm

/* 128-bit lanes of two ymm registers (or ymm-sized memory for S2,
   EVEX): DST = (S1.lo, S2.lo), or DST = (S1.hi, S2.hi).  */
.macro _lanes_lo s1, s2, dst
  .if USE_EVEX
    vshufi32x4 $0, \s2, \s1, \dst
  .else
    vperm2i128 $0x20, \s2, \s1, \dst
  .endif
.endm

.macro _lanes_hi s1, s2, dst
  .if USE_EVEX
    vshufi32x4 $3, \s2, \s1, \dst
  .else
    vperm2i128 $0x31, \s2, \s1, \dst
  .endif
.endm

/* OUT (offset OFF from DST) = IN (offset OFF from SRC) ^ K, through
   register T (K may be T).  */
.macro _xor_store k, t, off
  _vpxor \off(SRC), \k, \t
  _vmovdqu \t, \off(DST)
.endm


/*
 * Wide layout.
 */

/* One round on the quadruples (aK, bK, cK, dK), K = 0..3, the four
   quarter rounds interleaved step by step.  VEX: c0 is kept in
   FRAME_SPILL while its register serves as the rotation temporary.  */
.macro _wide_round a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
  vpaddd \b0, \a0, \a0
  vpaddd \b1, \a1, \a1
  vpaddd \b2, \a2, \a2
  vpaddd \b3, \a3, \a3
  _vpxor \a0, \d0, \d0
  _vpxor \a1, \d1, \d1
  _vpxor \a2, \d2, \d2
  _vpxor \a3, \d3, \d3
  _rotl 16, \d0
  _rotl 16, \d1
  _rotl 16, \d2
  _rotl 16, \d3
  vpaddd \d0, \c0, \c0
  vpaddd \d1, \c1, \c1
  vpaddd \d2, \c2, \c2
  vpaddd \d3, \c3, \c3
  _vpxor \c0, \b0, \b0
  _vpxor \c1, \b1, \b1
  _vpxor \c2, \b2, \b2
  _vpxor \c3, \b3, \b3
  .if !USE_EVEX
    vmovdqa \c0, FRAME_SPILL(%rsp)
  .endif
  _rotl 12, \b0, \c0
  _rotl 12, \b1, \c0
  _rotl 12, \b2, \c0
  _rotl 12, \b3, \c0
  vpaddd \b0, \a0, \a0
  vpaddd \b1, \a1, \a1
  vpaddd \b2, \a2, \a2
  vpaddd \b3, \a3, \a3
  _vpxor \a0, \d0, \d0
  _vpxor \a1, \d1, \d1
  _vpxor \a2, \d2, \d2
  _vpxor \a3, \d3, \d3
  _rotl 8, \d0
  _rotl 8, \d1
  _rotl 8, \d2
  _rotl 8, \d3
  .if !USE_EVEX
    vmovdqa FRAME_SPILL(%rsp), \c0
  .endif
  vpaddd \d1, \c1, \c1
  vpaddd \d2, \c2, \c2
  vpaddd \d3, \c3, \c3
  vpaddd \d0, \c0, \c0
  _vpxor \c1, \b1, \b1
  _vpxor \c2, \b2, \b2
  _vpxor \c3, \b3, \b3
  _vpxor \c0, \b0, \b0
  .if !USE_EVEX
    vmovdqa \c0, FRAME_SPILL(%rsp)
  .endif
  _rotl 7, \b0, \c0
  _rotl 7, \b1, \c0
  _rotl 7, \b2, \c0
  _rotl 7, \b3, \c0
  .if !USE_EVEX
    vmovdqa FRAME_SPILL(%rsp), \c0
  .endif
.endm

.macro _wide_double_round
  _wide_round V0,V4,V8,V12, V1,V5,V9,V13, V2,V6,V10,V14, V3,V7,V11,V15
  _wide_round V0,V5,V10,V15, V1,V6,V11,V12, V2,V7,V8,V13, V3,V4,V9,V14
.endm

/* V0..V15 = the input matrix for blocks CTR .. CTR + NBLK - 1, lane by
   the lane order above; EVEX also keeps the counter words in CTR_LO
   and CTR_HI, VEX in the frame, for the final additions.  */
.macro _wide_load
  .if USE_EVEX
    vpbroadcastd CTR32, CTR_LO
    vpaddd LANE_OFF, CTR_LO, CTR_LO
    /* The low word of a lane wrapped iff it is now below its offset.  */
    vpcmpud $1, LANE_OFF, CTR_LO, %k1
    mov CTR, TMP
    shr $32, TMP
    vpbroadcastd TMP32, CTR_HI
    vpaddd ONE, CTR_HI, CTR_HI{%k1}
    vmovdqa64 CTR_LO, V12
    vmovdqa64 CTR_HI, V13
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,14,15
      vpbroadcastd (4 * \i)(STATE), V\i
    .endr
  .else
    vmovd CTR32, X12
    vpbroadcastd X12, V12
    vpaddd .Llane_off8(%rip), V12, V12
    mov CTR, TMP
    shr $32, TMP
    vmovd TMP32, X13
    vpbroadcastd X13, V13
    /* Unsigned x12 < offset, as signed compare of sign-flipped values:
       -1 where the low word wrapped, subtracted from the high word.  */
    vpxor .Lsign(%rip), V12, V14
    vmovdqa .Llane_off8_sign(%rip), V15
    vpcmpgtd V14, V15, V15
    vpsubd V15, V13, V13
    vmovdqa V12, (FRAME_STATE + 12 * 32)(%rsp)
    vmovdqa V13, (FRAME_STATE + 13 * 32)(%rsp)
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,14,15
      vmovdqa (FRAME_STATE + \i * 32)(%rsp), V\i
    .endr
  .endif
.endm

/* Twenty rounds.  With PIECES (EVEX) the rounds are unrolled and the
   eight pieces of the previous step's output (_out_piece) go between
   them, so that its shuffles share the ports with the rounds' additions
   instead of running alone at the end of a step.  */
.macro _wide_rounds pieces
  .if \pieces
    .irp k, 0,1,2,3,4,5,6,7
      _wide_double_round
      _out_piece \k
    .endr
    _wide_double_round
    _wide_double_round
  .else
    mov $10, ROUNDS
.align 32
1:
    _wide_double_round
    dec ROUNDS
    jnz 1b
  .endif
.endm

/* The input matrix added back.  */
.macro _wide_add
  .if USE_EVEX
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,14,15
      .if VL == 64
        vpaddd (4 * \i)(STATE){1to16}, V\i, V\i
      .else
        vpaddd (4 * \i)(STATE){1to8}, V\i, V\i
      .endif
    .endr
    vpaddd CTR_LO, V12, V12
    vpaddd CTR_HI, V13, V13
  .else
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
      vpaddd (FRAME_STATE + \i * 32)(%rsp), V\i, V\i
    .endr
  .endif
.endm


/*
 * EVEX wide output, a step behind: the 16 words of a step go to the
 * frame (_buf_store), and the next step's rounds interleave the eight
 * pieces that write them out.  Pieces 0-3 transpose the 4x4 dwords of
 * each 128-bit lane of word group G (words 4G..4G+3), in place in the
 * frame: slot 4G + e then holds four consecutive words of the blocks
 * of lane dword e.  Pieces 4-7 gather, for e = 0..3, the 128-bit lanes
 * of slots e, 4 + e, 8 + e, 12 + e into whole blocks: 4e .. 4e + 3
 * (zmm) or 2e, 2e + 1 (ymm), xored with the input and stored.
 */

.macro _buf_store
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    vmovdqa64 V\i, (FRAME_BUF + VL * \i)(%rsp)
  .endr
.endm

.macro _out_piece k
  .if \k < 4
    _out_stage1 \k
  .else
    _out_stage2 (\k-4)
  .endif
.endm

.macro _out_stage1 g
  vmovdqa64 (FRAME_BUF + VL * (4 * \g))(%rsp), P0
  vmovdqa64 (FRAME_BUF + VL * (4 * \g + 2))(%rsp), P1
  vpunpckldq (FRAME_BUF + VL * (4 * \g + 1))(%rsp), P0, P2 /* a0 b0 a1 b1 */
  vpunpckhdq (FRAME_BUF + VL * (4 * \g + 1))(%rsp), P0, P0 /* a2 b2 a3 b3 */
  vpunpckldq (FRAME_BUF + VL * (4 * \g + 3))(%rsp), P1, P3 /* c0 d0 c1 d1 */
  vpunpckhdq (FRAME_BUF + VL * (4 * \g + 3))(%rsp), P1, P1 /* c2 d2 c3 d3 */
  vpunpcklqdq P3, P2, P4                /* e = 0: a0 b0 c0 d0 */
  vpunpckhqdq P3, P2, P2                /* e = 1 */
  vpunpcklqdq P1, P0, P3                /* e = 2 */
  vpunpckhqdq P1, P0, P0                /* e = 3 */
  vmovdqa64 P4, (FRAME_BUF + VL * (4 * \g))(%rsp)
  vmovdqa64 P2, (FRAME_BUF + VL * (4 * \g + 1))(%rsp)
  vmovdqa64 P3, (FRAME_BUF + VL * (4 * \g + 2))(%rsp)
  vmovdqa64 P0, (FRAME_BUF + VL * (4 * \g + 3))(%rsp)
.endm

/* With TAIL, the blocks go through _tail_block (ending at TAIL): the
   last step of a message, LEN below a step.  */
.macro _out_stage2 e, tail
  vmovdqa64 (FRAME_BUF + VL * (\e))(%rsp), P0       /* words 0-3 */
  vmovdqa64 (FRAME_BUF + VL * (8 + \e))(%rsp), P1   /* words 8-11 */
  .if VL == 64
    vshufi32x4 $0x44, (FRAME_BUF+VL*(4+\e))(%rsp), P0, P2
    vshufi32x4 $0xee, (FRAME_BUF+VL*(4+\e))(%rsp), P0, P0
    vshufi32x4 $0x44, (FRAME_BUF+VL*(12+\e))(%rsp), P1, P3
    vshufi32x4 $0xee, (FRAME_BUF+VL*(12+\e))(%rsp), P1, P1
    vshufi32x4 $0x88, P3, P2, P4        /* lane 0: block 4e */
    vshufi32x4 $0xdd, P3, P2, P2        /* lane 1: block 4e + 1 */
    vshufi32x4 $0x88, P1, P0, P3        /* lane 2: block 4e + 2 */
    vshufi32x4 $0xdd, P1, P0, P0        /* lane 3: block 4e + 3 */
    .ifb \tail
      _xor_store P4, P4, (256*(\e))
      _xor_store P2, P2, (256*(\e)+64)
      _xor_store P3, P3, (256*(\e)+128)
      _xor_store P0, P0, (256*(\e)+192)
    .else
      _tail_block P4, P4, P1, \tail, \tail
      _tail_block P2, P2, P1, \tail, \tail
      _tail_block P3, P3, P1, \tail, \tail
      _tail_block P0, P0, P1, \tail, \tail
    .endif
  .else
    _lanes_lo P0, (FRAME_BUF+VL*(4+\e))(%rsp), P2  /* block 2e */
    _lanes_hi P0, (FRAME_BUF+VL*(4+\e))(%rsp), P0  /* block 2e + 1 */
    _lanes_lo P1, (FRAME_BUF+VL*(12+\e))(%rsp), P3
    _lanes_hi P1, (FRAME_BUF+VL*(12+\e))(%rsp), P1
    .ifb \tail
      _xor_store P2, P2, (128*(\e))
      _xor_store P3, P3, (128*(\e)+32)
      _xor_store P0, P0, (128*(\e)+64)
      _xor_store P1, P1, (128*(\e)+96)
    .else
      _tail_block P2, P3, P4, \tail, \tail
      _tail_block P0, P1, P4, \tail, \tail
    .endif
  .endif
.endm


/*
 * AVX2 wide output, right after the step: too few registers to keep a
 * step's words for later.
 */

/* 4x4 dword transpose in each 128-bit lane of A, B, C, D, through T.
   Afterwards lane dword e of the inputs is in, for e = 0..3: D, T, B,
   A (four consecutive words of one block per 128-bit lane); C is
   free.  */
.macro _transpose4 a, b, c, d, t
  vpunpckldq \b, \a, \t         /* a0 b0 a1 b1 */
  vpunpckhdq \b, \a, \a         /* a2 b2 a3 b3 */
  vpunpckldq \d, \c, \b         /* c0 d0 c1 d1 */
  vpunpckhdq \d, \c, \c         /* c2 d2 c3 d3 */
  vpunpcklqdq \b, \t, \d        /* a0 b0 c0 d0 */
  vpunpckhqdq \b, \t, \t        /* a1 b1 c1 d1 */
  vpunpcklqdq \c, \a, \b        /* a2 b2 c2 d2 */
  vpunpckhqdq \c, \a, \a        /* a3 b3 c3 d3 */
.endm

/* Store K, a keystream piece, to the stack at OFF (AVX2 last step).  */
.macro _ks_store k, t, off
  vmovdqa \k, (FRAME_STATE + \off)(%rsp)
.endm

/* 32 bytes of blocks 2e and 2e + 1 (lanes 0 and 1) from R0, R1: at OFF
   and OFF + 64, through T, with STORE (_xor_store or _ks_store).  */
.macro _wide_half r0, r1, off, t, store
  _lanes_lo \r0, \r1, \t
  \store \t, \t, \off
  _lanes_hi \r0, \r1, \t
  \store \t, \t, (\off+64)
.endm

/* The eight blocks of a step after _wide_add: words 0-7 (the first
   halves) first, with V15 on the stack for a temporary; then words
   8-15.  */
.macro _wide_output store
  vmovdqa V15, FRAME_SPILL(%rsp)
  _transpose4 V0, V1, V2, V3, V15     /* e: V3 V15 V1 V0, free V2 */
  _transpose4 V4, V5, V6, V7, V2      /* e: V7 V2 V5 V4, free V6 */
  _wide_half V3, V7, 0, V6, \store
  _wide_half V15, V2, 128, V6, \store
  _wide_half V1, V5, 256, V6, \store
  _wide_half V0, V4, 384, V6, \store
  vmovdqa FRAME_SPILL(%rsp), V15
  _transpose4 V8, V9, V10, V11, V0    /* e: V11 V0 V9 V8, free V10 */
  _transpose4 V12, V13, V14, V15, V10 /* e: V15 V10 V13 V12 */
  _wide_half V11, V15, 32, V1, \store
  _wide_half V0, V10, 160, V1, \store
  _wide_half V9, V13, 288, V1, \store
  _wide_half V8, V12, 416, V1, \store
.endm


/*
 * Writing the last blocks of a message, whatever their number and the
 * length of the last one.
 */

/* The block whose keystream is K0 (zmm), or K0 || K1 (ymm): if LEN >= 64
   it is written whole (through T) and SRC, DST, LEN advance past it;
   else the final partial block of LEN > 0 bytes is written, its
   keystream stored to KS_TAIL, and the code jumps to DONE (VEX: to
   PARTIAL, _partial_gpr, which ends at DONE).  Also to DONE when LEN
   reaches 0.  */
.macro _tail_block k0, k1, t, done, partial
  cmp $64, LEN
  jb 2f
  .if VL == 64
    _xor_store \k0, \t, 0
  .else
    _xor_store \k0, \t, 0
    _xor_store \k1, \t, 32
  .endif
  add $64, SRC
  add $64, DST
  sub $64, LEN
  jz \done
  jmp 3f
2:
  _vmovdqu \k0, (KSTAIL)
  .if VL == 32
    _vmovdqu \k1, 32(KSTAIL)
  .endif
  .if USE_EVEX
    mov $-1, TMP
    .if VL == 64
      bzhi LEN, TMP, TMP
      kmovq TMP, %k1
      vmovdqu8 (SRC), \t{%k1}{z}
      vpxord \k0, \t, \t
      vmovdqu8 \t, (DST){%k1}
    .else
      /* The first half, whole or masked, then what is left of the
         second.  */
      cmp $32, LEN
      jae 4f
      bzhi LEN, TMP, TMP
      kmovd TMP32, %k1
      vmovdqu8 (SRC), \t{%k1}{z}
      vpxord \k0, \t, \t
      vmovdqu8 \t, (DST){%k1}
      xor %ecx, %ecx
      jmp \done
4:
      _xor_store \k0, \t, 0
      sub $32, LEN
      jz \done
      bzhi LEN, TMP, TMP
      kmovd TMP32, %k1
      vmovdqu8 32(SRC), \t{%k1}{z}
      vpxord \k1, \t, \t
      vmovdqu8 \t, 32(DST){%k1}
    .endif
    xor %ecx, %ecx                      /* LEN: all done */
    jmp \done
  .else
    jmp \partial
  .endif
3:
.endm

/* VEX, the final partial block: LEN (1..63) bytes of SRC xored with
   KS_TAIL into DST, eight bytes at a time while they last, then one;
   then on to DONE.  */
.macro _partial_gpr done
  xor TMP2_32, TMP2_32
1:
  cmp $8, LEN
  jb 2f
  mov (SRC, TMP2), TMP
  xor (KSTAIL, TMP2), TMP
  mov TMP, (DST, TMP2)
  add $8, TMP2
  sub $8, LEN
  jmp 1b
2:
  test LEN, LEN
  jz \done
  movzbl (SRC, TMP2), TMP32
  xorb (KSTAIL, TMP2), TMP8
  movb TMP8, (DST, TMP2)
  inc TMP2
  dec LEN
  jmp 2b
.endm



/*
 * Rows layout.
 */

/* INSN (three operands) on every set below NSETS: INSN X<s>, Y<s>,
   Y<s>.  */
.macro _rows_op nsets, insn, x, y
  .irp s, 0,1,2
    .if \s < \nsets
      \insn \x\s, \y\s, \y\s
    .endif
  .endr
.endm

.macro _rows_rot nsets, n, reg
  .irp s, 0,1,2
    .if \s < \nsets
      _rotl \n, \reg\s, RT\s
    .endif
  .endr
.endm

.macro _rows_shuf nsets, imm, reg
  .irp s, 0,1,2
    .if \s < \nsets
      vpshufd $\imm, \reg\s, \reg\s
    .endif
  .endr
.endm

/* The four quarter rounds of a round, in the four dwords of the rows,
   on NSETS sets side by side.  */
.macro _rows_qr nsets
  _rows_op \nsets, vpaddd, RB, RA
  _rows_op \nsets, _vpxor, RA, RD
  _rows_rot \nsets, 16, RD
  _rows_op \nsets, vpaddd, RD, RC
  _rows_op \nsets, _vpxor, RC, RB
  _rows_rot \nsets, 12, RB
  _rows_op \nsets, vpaddd, RB, RA
  _rows_op \nsets, _vpxor, RA, RD
  _rows_rot \nsets, 8, RD
  _rows_op \nsets, vpaddd, RD, RC
  _rows_op \nsets, _vpxor, RC, RB
  _rows_rot \nsets, 7, RB
.endm

/* NSETS sets: the input rows (row 3 with each set's counters), twenty
   rounds (rows B, C, D rotated by 1, 2, 3 words between column and
   diagonal rounds, and back), the input added back, and the blocks
   written (_tail_block, which ends at DONE).  */
.macro _rows_body nsets, done, partial
  .irp s, 0,1,2
    .if \s < \nsets
      _vmovdqa ROW0, RA\s
      _vmovdqa ROW1, RB\s
      _vmovdqa ROW2, RC\s
      _vmovdqa ROW3_\s, RD\s
    .endif
  .endr
  mov $10, ROUNDS
.align 32
1:
  _rows_qr \nsets
  _rows_shuf \nsets, 0x39, RB
  _rows_shuf \nsets, 0x4e, RC
  _rows_shuf \nsets, 0x93, RD
  _rows_qr \nsets
  _rows_shuf \nsets, 0x93, RB
  _rows_shuf \nsets, 0x4e, RC
  _rows_shuf \nsets, 0x39, RD
  dec ROUNDS
  jnz 1b
  .irp s, 0,1,2
    .if \s < \nsets
      vpaddd ROW0, RA\s, RA\s
      vpaddd ROW1, RB\s, RB\s
      vpaddd ROW2, RC\s, RC\s
      vpaddd ROW3_\s, RD\s, RD\s
    .endif
  .endr
  .irp s, 0,1,2
    .if \s < \nsets
      .if VL == 64
        /* The 4x4 128-bit lanes: lane l of the rows is block 4s + l.  */
        vshufi32x4 $0x44, RB\s, RA\s, OT0
        vshufi32x4 $0xee, RB\s, RA\s, OT1
        vshufi32x4 $0x44, RD\s, RC\s, OT2
        vshufi32x4 $0xee, RD\s, RC\s, OT3
        vshufi32x4 $0x88, OT2, OT0, RA\s
        vshufi32x4 $0xdd, OT2, OT0, RB\s
        vshufi32x4 $0x88, OT3, OT1, RC\s
        vshufi32x4 $0xdd, OT3, OT1, RD\s
        _tail_block RA\s, RA\s, OT0, \done, \partial
        _tail_block RB\s, RB\s, OT0, \done, \partial
        _tail_block RC\s, RC\s, OT0, \done, \partial
        _tail_block RD\s, RD\s, OT0, \done, \partial
      .else
        /* Block 2s: (A, B).lo || (C, D).lo; block 2s + 1: the high
           lanes.  */
        _lanes_lo RA\s, RB\s, OT0
        _lanes_lo RC\s, RD\s, OT1
        _lanes_hi RA\s, RB\s, OT2
        _lanes_hi RC\s, RD\s, OT3
        _tail_block OT0, OT1, RA\s, \done, \partial
        _tail_block OT2, OT3, RA\s, \done, \partial
      .endif
    .endif
  .endr
  jmp \done
.endm

/* The rows path: the last LEN bytes (1 .. ROWS_MAX), blocks CTR
   onwards.  */
.macro _rows_path done, partial
  lea 63(LEN), TMP
  shr $6, TMP                           /* blocks started */
  _vbroadcast128 (STATE), ROW0
  _vbroadcast128 16(STATE), ROW1
  _vbroadcast128 32(STATE), ROW2
  _vbroadcast128 48(STATE), ROW3_0
  /* Words 12-13 of every lane := CTR, then plus the lane's block.  */
  .if USE_EVEX
    mov $0x55, TMP2_32                  /* quadwords 0, 2, 4, 6 */
    kmovd TMP2_32, %k2
    vpbroadcastq CTR, OT0
    vpblendmq OT0, ROW3_0, ROW3_0{%k2}
  .else
    vmovq CTR, X13
    vpbroadcastq X13, V13
    vpblendd $0x33, V13, ROW3_0, ROW3_0
  .endif
  add TMP, CTR
  .if VL == 64
    vpaddq .Lrows_ctr4(%rip), ROW3_0, ROW3_0
    vpaddq .Lrows_step4(%rip), ROW3_0, ROW3_1
    vpaddq .Lrows_step4(%rip), ROW3_1, ROW3_2
  .else
    vpaddq .Lrows_ctr2(%rip), ROW3_0, ROW3_0
    vpaddq .Lrows_step2(%rip), ROW3_0, ROW3_1
    .if NSETS == 3
      vpaddq .Lrows_step2(%rip), ROW3_1, ROW3_2
    .endif
  .endif
  /* As few sets as the blocks need (TMP <= NSETS * BPS).  */
  cmp $BPS, TMP
  jbe 11f
  .if NSETS == 3
    cmp $(2 * BPS), TMP
    jbe 12f
    _rows_body 3, \done, \partial
  .endif
12:
  _rows_body 2, \done, \partial
11:
  _rows_body 1, \done, \partial
.endm


/*
 * The entry point.
 */

.macro _chacha20_crypt
  pushq %rbp
  CFI_ADJUST_CFA_OFFSET(8)
  CFI_REL_OFFSET(%rbp, 0)
  movq %rsp, %rbp
  .cfi_def_cfa_register %rbp
  andq $-64, %rsp
  subq $FRAME_SIZE, %rsp
  test LEN, LEN
  jz .Lreturn\@
  mov 48(STATE), CTR
  cmp $ROWS_MAX, LEN
  jbe .Lrows\@

  /* The wide path.  */
  .if USE_EVEX
    .if VL == 64
      vmovdqa64 .Llane_off16(%rip), LANE_OFF
    .else
      vmovdqa64 .Llane_off8(%rip), LANE_OFF
    .endif
    vpternlogd $0xff, ONE, ONE, ONE     /* all ones */
    vpsrld $31, ONE, ONE
    cmp $(64 * NBLK), LEN
    jb .Lwide_last\@
    /* The first step, its output left for the next.  */
    _wide_load
    _wide_rounds 0
    _wide_add
    _buf_store
    add $NBLK, CTR
    sub $(64 * NBLK), LEN
    cmp $(64 * NBLK), LEN
    jb .Lwide_flush\@
.align 32
.Lwide_loop\@:
    _wide_load
    _wide_rounds 1
    _wide_add
    _buf_store
    add $(64 * NBLK), SRC
    add $(64 * NBLK), DST
    add $NBLK, CTR
    sub $(64 * NBLK), LEN
    cmp $(64 * NBLK), LEN
    jae .Lwide_loop\@
.Lwide_flush\@:
    .irp k, 0,1,2,3,4,5,6,7
      _out_piece \k
    .endr
    add $(64 * NBLK), SRC
    add $(64 * NBLK), DST
    cmp $ROWS_MAX, LEN
    jbe .Lwide_end\@
.Lwide_last\@:
    /* ROWS_MAX + 1 .. 64 NBLK - 1 bytes: one more step, written block
       by block.  */
    _wide_load
    lea 63(LEN), TMP
    shr $6, TMP
    add TMP, CTR
    _wide_rounds 0
    _wide_add
    _buf_store
    .irp g, 0,1,2,3
      _out_stage1 \g
    .endr
    .irp e, 0,1,2,3
      _out_stage2 \e, .Lwide_end\@
    .endr
.Lwide_end\@:
    /* The frame held the last steps' keystream.  */
    vpxord X0, X0, X0
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
      vmovdqa64 V0, (FRAME_BUF + VL * \i)(%rsp)
    .endr
    test LEN, LEN
    jnz .Lrows\@
    jmp .Ldone\@
  .else
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,14,15
      vpbroadcastd (4 * \i)(STATE), V0
      vmovdqa V0, (FRAME_STATE + \i * 32)(%rsp)
    .endr
    cmp $(64 * NBLK), LEN
    jb .Lwide_last\@
.align 32
.Lwide_loop\@:
    _wide_load
    _wide_rounds 0
    _wide_add
    _wide_output _xor_store
    add $NBLK, CTR
    add $(64 * NBLK), SRC
    add $(64 * NBLK), DST
    sub $(64 * NBLK), LEN
    cmp $(64 * NBLK), LEN
    jae .Lwide_loop\@
    cmp $ROWS_MAX, LEN
    jbe .Lwide_end\@
.Lwide_last\@:
    /* ROWS_MAX + 1 .. 64 NBLK - 1 bytes: one more step, its keystream
       to the stack (over the input matrix, used up), then written
       block by block from there.  */
    _wide_load
    lea 63(LEN), TMP
    shr $6, TMP
    add TMP, CTR
    _wide_rounds 0
    _wide_add
    _wide_output _ks_store
    .irp b, 0,1,2,3,4,5,6,7
      vmovdqa (FRAME_STATE + 64 * \b)(%rsp), V0
      vmovdqa (FRAME_STATE + 64 * \b + 32)(%rsp), V1
      _tail_block V0, V1, V2, .Lwide_end\@, .Lpartial_wide\@
    .endr
.Lpartial_wide\@:
    _partial_gpr .Lwide_end\@
.Lwide_end\@:
    /* The frame held the input matrix and keystream.  */
    vpxor X0, X0, X0
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
      vmovdqa V0, (32 * \i)(%rsp)
    .endr
    test LEN, LEN
    jz .Ldone\@
  .endif

.Lrows\@:
  _rows_path .Ldone\@, .Lpartial_rows\@

  .if !USE_EVEX
.Lpartial_rows\@:
    _partial_gpr .Ldone\@
  .endif

.Ldone\@:
  mov CTR, 48(STATE)
  .if USE_EVEX
    .irp i, 16,17,18,19,20,21,22,23,24,25
      vpxord X\i, X\i, X\i
    .endr
  .endif
  vzeroall
  xor TMP32, TMP32
.Lreturn\@:
  movq %rbp, %rsp
  popq %rbp
  .cfi_def_cfa %rsp, 8
  CFI_RESTORE(%rbp)
  ret
.endm

/* Each entry point starts a 64-byte line.  */
_set_veclen 32, 0
.p2align 6
GCRY_ASM_FUNC_START(_gcry_chacha20_crypt_avx2)
  _chacha20_crypt
GCRY_ASM_FUNC_END(_gcry_chacha20_crypt_avx2)

_set_veclen 32, 1
.p2align 6
GCRY_ASM_FUNC_START(_gcry_chacha20_crypt_avx512_ymm)
  _chacha20_crypt
GCRY_ASM_FUNC_END(_gcry_chacha20_crypt_avx512_ymm)

_set_veclen 64, 1
.p2align 6
GCRY_ASM_FUNC_START(_gcry_chacha20_crypt_avx512_zmm)
  _chacha20_crypt
GCRY_ASM_FUNC_END(_gcry_chacha20_crypt_avx512_zmm)


/*
 * The stitched ChaCha20-Poly1305 kernel (AVX2 and BMI2): the wide AVX2
 * loop with scalar Poly1305 blocks interleaved into its rounds.  The
 * rounds keep the vector ports busy and leave the general-purpose ones
 * mostly idle; Poly1305 in radix 2^64 (MULX) runs there at almost no
 * extra cost, where the vector Poly1305 kernel would compete with the
 * rounds for the same ports.
 *
 * Each step of 8 blocks (512 bytes) absorbs 32 Poly1305 blocks, three
 * or four after each double round, from PSRC: for decryption the step's
 * own input (read before the step's output is written, so OUT == IN is
 * fine), for encryption the previous step's output.  So encryption
 * runs its first step alone and leaves its last step's ciphertext to
 * the caller.
 *
 * Poly1305 (RFC 8439, 2.5) on h = h0 + 2^64 h1 + 2^128 h2 and the
 * clamped r = r0 + 2^64 r1, for a block m: h = (h + m + 2^128) r mod p,
 * partly reduced.  With s1 = r1 + r1 / 4 (r1 is a multiple of 4, so
 * 2^128 r1 = 5/4 r1 = s1 modulo p):
 *   d0 = h0 r0 + h1 s1
 *   d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64)
 *   d2 = h2 r0 + (d1 >> 64)
 * then the bits of d2 from 2 up come back times 5 at the bottom.  The
 * bounds are the portable code's (cipher/poly1305.c): h2 at most 7 on
 * entry (any kernel's output) keeps h2 s1 and d2 within 64 bits, and h2
 * is at most 4 on return.  No branch or address depends on h, r or the
 * data.  r0, r1 and s1 sit in the stack frame (MULX memory operands),
 * h in three registers.
 */

/* The stitched kernel's general-purpose registers (see below).  */
.set PT0, %rax
.set PT1, %r10
.set PT2, %r11
.set PT3, %rbx
.set PH0, %r12
.set PH1, %r13
.set PH2, %r14
.set PSRC, %r15
#define FRAME_POLY_R0   544
#define FRAME_POLY_R1   552
#define FRAME_POLY_S1   560
#define FRAME_POLY_MAC  568
/* Offsets in poly1305_context_t (cipher/poly1305.h, radix 2^64), pinned
   by static_asserts in cipher/chacha20.c.  */
#define POLY_CTX_R      0
#define POLY_CTX_H      16

/* One Poly1305 block at OFF(PSRC), with the 2^128 bit.  */
.macro _poly_block off
  add \off(PSRC), PH0
  adc (\off+8)(PSRC), PH1
  adc $1, PH2
  mov PH0, %rdx
  mulx FRAME_POLY_R0(%rsp), PT0, PT1    /* d0 = h0 r0 */
  mulx FRAME_POLY_R1(%rsp), PT2, PT3    /* d1 = h0 r1 */
  mov PH1, %rdx
  mulx FRAME_POLY_S1(%rsp), PH0, PH1    /* h1 s1 */
  add PH0, PT0
  adc PH1, PT1
  mulx FRAME_POLY_R0(%rsp), PH0, PH1    /* h1 r0 */
  add PH0, PT2
  adc PH1, PT3
  mov FRAME_POLY_S1(%rsp), %rdx
  imul PH2, %rdx                        /* h2 s1 */
  imul FRAME_POLY_R0(%rsp), PH2         /* h2 r0 */
  add %rdx, PT2
  adc $0, PT3
  add PT1, PT2                          /* d1 += d0 >> 64 */
  adc PT3, PH2                          /* d2 = h2 r0 + (d1 >> 64) */
  mov PT0, PH0
  mov PT2, PH1
  /* 5 (d2 >> 2) back at the bottom.  */
  mov PH2, PT0
  shr $2, PT0
  lea (PT0, PT0, 4), PT0
  and $3, PH2
  add PT0, PH0
  adc $0, PH1
  adc $0, PH2
.endm

/* One step: eight blocks of ChaCha20 and 32 of Poly1305 from PSRC.  */
.macro _stitched_step
  _wide_load
  .irp k, 0,1,2,3,4,5,6,7,8,9
    _wide_double_round
    .if \k < 8
      _poly_block (48*\k)
      _poly_block (48*\k+16)
      _poly_block (48*\k+32)
    .else
      _poly_block (384+64*(\k-8))
      _poly_block (384+64*(\k-8)+16)
      _poly_block (384+64*(\k-8)+32)
      _poly_block (384+64*(\k-8)+48)
    .endif
  .endr
  _wide_add
  _wide_output _xor_store
  add $8, CTR
  add $512, SRC
  add $512, DST
  add $512, PSRC
  sub $512, LEN
.endm

/* void _gcry_chacha20_poly1305_avx2 (u32 state[16], byte *out,
          const byte *in, size_t nbytes, poly1305_context_t *mac,
          int decrypt);
   NBYTES a nonzero multiple of 512.  ChaCha20 as _gcry_chacha20_crypt
   (no partial block), and Poly1305 blocks (each with the 2^128 bit)
   into MAC's accumulator: decryption all of IN, encryption the first
   NBYTES - 512 bytes of OUT (the caller does the rest).  IN moves from
   rdx (MULX's implicit operand) to r8.  */
.set SRC, %r8
_set_veclen 32, 0
.p2align 6
GCRY_ASM_FUNC_START(_gcry_chacha20_poly1305_avx2)
  pushq %rbp
  CFI_ADJUST_CFA_OFFSET(8)
  CFI_REL_OFFSET(%rbp, 0)
  movq %rsp, %rbp
  .cfi_def_cfa_register %rbp
  pushq %rbx
  .cfi_offset %rbx, -24
  pushq %r12
  .cfi_offset %r12, -32
  pushq %r13
  .cfi_offset %r13, -40
  pushq %r14
  .cfi_offset %r14, -48
  pushq %r15
  .cfi_offset %r15, -56
  andq $-64, %rsp
  subq $FRAME_SIZE_AVX2, %rsp
  movq %r8, %rax                        /* MAC */
  movq %rdx, SRC
  movq %rax, FRAME_POLY_MAC(%rsp)
  movq (POLY_CTX_R)(%rax), %rdx
  movq %rdx, FRAME_POLY_R0(%rsp)
  movq (POLY_CTX_R + 8)(%rax), %rdx
  movq %rdx, FRAME_POLY_R1(%rsp)
  movq %rdx, %r10
  shrq $2, %r10
  addq %r10, %rdx
  movq %rdx, FRAME_POLY_S1(%rsp)
  movq (POLY_CTX_H)(%rax), PH0
  movq (POLY_CTX_H + 8)(%rax), PH1
  movq (POLY_CTX_H + 16)(%rax), PH2
  testl %r9d, %r9d
  mov 48(STATE), CTR
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,14,15
    vpbroadcastd (4 * \i)(STATE), V0
    vmovdqa V0, (FRAME_STATE + \i * 32)(%rsp)
  .endr
  jz .Lstitch_enc
  movq SRC, PSRC
  jmp .Lstitch_loop
.Lstitch_enc:
  /* The first step's ciphertext is not there yet: that step alone.  */
  _wide_load
  _wide_rounds 0
  _wide_add
  _wide_output _xor_store
  add $8, CTR
  add $512, SRC
  add $512, DST
  sub $512, LEN
  leaq -512(DST), PSRC
  jz .Lstitch_done
.align 32
.Lstitch_loop:
  _stitched_step
  jnz .Lstitch_loop
.Lstitch_done:
  mov CTR, 48(STATE)
  movq FRAME_POLY_MAC(%rsp), %rax
  movq PH0, (POLY_CTX_H)(%rax)
  movq PH1, (POLY_CTX_H + 8)(%rax)
  movq PH2, (POLY_CTX_H + 16)(%rax)
  /* The frame: input matrix, spilled words, r and s1.  */
  vpxor X0, X0, X0
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17
    vmovdqa V0, (32 * \i)(%rsp)
  .endr
  vzeroall
  xorl %eax, %eax
  xorl %edx, %edx
  xorl %r10d, %r10d
  xorl %r11d, %r11d
  leaq -40(%rbp), %rsp
  popq %r15
  .cfi_restore %r15
  popq %r14
  .cfi_restore %r14
  popq %r13
  .cfi_restore %r13
  popq %r12
  .cfi_restore %r12
  popq %rbx
  .cfi_restore %rbx
  popq %rbp
  .cfi_def_cfa %rsp, 8
  CFI_RESTORE(%rbp)
  ret
GCRY_ASM_FUNC_END(_gcry_chacha20_poly1305_avx2)
.set SRC, %rdx

GCRY_ASM_NOTES
