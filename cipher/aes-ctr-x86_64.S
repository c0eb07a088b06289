/* aes-ctr-x86_64.S - AES-CTR and AES-XCTR for x86-64: one template,
 * four instruction sets.
 *
 * The body is written once, as the GNU as macro _aes_ctr_crypt below,
 * and assembled four times (instantiations at the end of the file) after
 * _set_veclen chooses the vector length VL (bytes) and whether EVEX
 * encodings (AVX-512) may be used:
 *
 *   variant            VL  encoding  vector regs  CPU features needed
 *   aesni_avx          16  VEX       16 (xmm)     AES-NI, AVX
 *   vaes_avx2          32  VEX       16 (ymm)     VAES, AVX2
 *   vaes_avx512_ymm    32  EVEX      32 (ymm)     VAES, AVX512F/BW/VL
 *   vaes_avx512_zmm    64  EVEX      32 (zmm)     VAES, AVX512F/BW/VL
 *
 * Targets: aesni_avx is for every AES-NI CPU since Sandy Bridge and
 * Bulldozer that has no VAES; vaes_avx2 for Zen 3 and for Intel cores
 * with VAES but no AVX-512 (Alder Lake and later client cores);
 * vaes_avx512_ymm for AVX-512 CPUs that lose clock speed on 512-bit code
 * (Ice Lake server, Tiger Lake); vaes_avx512_zmm for AVX-512 CPUs that do
 * not (Sapphire Rapids and later, Zen 4, Zen 5).  Which one runs is the
 * kernel table's business (cipher/aes-ctr-x86.c); nothing here tests CPU
 * features.
 *
 * The two modes, both from FIPS-197 AES applied to counter blocks:
 *
 *   CTR  (SP 800-38A): keystream block j is E(K, C + j), the counter C
 *        a 16-byte big-endian integer.
 *   XCTR (HCTR2 paper, Crowley et al. 2021, section 4): keystream block
 *        with index i is E(K, IV xor le128(i)), i counted from 1 in a
 *        message; the caller passes the index of the first block.
 *
 * Both compute counter values as 128-bit little-endian integers, one per
 * 128-bit lane, and add to the low 64 bits only (vpaddq): the entry
 * checks whether the low 64 bits would wrap between the first and the
 * last block of the call and, if so (at most once in 2^64 blocks), jumps
 * to C code (cipher/aes-ctr-x86.c) that splits the call there.  CTR byte-reverses each lane
 * (vpshufb) to big-endian before encrypting; XCTR xors with the IV.
 *
 * Tricks, and what they buy:
 *  - One code path for AES-128/192/256.  Round keys are addressed from
 *    the last one backwards ("from-end index" e: round key ROUNDS - e), so
 *    the last nine middle rounds, the final round and their registers are
 *    the same for every key size; AES-192 and AES-256 enter the round
 *    sequence earlier, after one compare of ROUNDS per batch of blocks.
 *  - The round-key pointer is rebased to 112 bytes before the last round
 *    key so that every round key is within a signed 8-bit displacement in
 *    the VEX variants, which load each middle round key once per round
 *    and batch (shorter instructions in the hot loop).
 *  - Round keys live in registers 16-28 in the EVEX variants (the
 *    VEX ones have no room: 8 data vectors plus the counter state fill
 *    most of their 16 registers).
 *  - The first round key is folded into the XCTR IV once per call
 *    (IV ^ RK0), so each XCTR block costs one xor before the rounds.
 *  - The last AES round ends with an xor with the round key, and CTR's
 *    output is that xored with the input: the main loop xors the input
 *    into the last round key first (off the critical path), so that
 *    vaesenclast produces the ciphertext directly.
 *  - Short messages pay only for what they use.  One block or less
 *    (the most common API call) runs on xmm registers alone with every
 *    round key a memory operand: no key registers to fill and wipe, no
 *    vzeroupper, and the CTR counter block encrypted as loaded (it is
 *    big-endian already) while its successor is computed in general
 *    registers.  Up to one vector, the EVEX variants load the middle
 *    round keys round by round too, instead of into 13 registers.
 *  - Main loop: 8 vectors (8, 16 or 32 blocks) in flight, enough to hide
 *    the 4-5 cycle AES latency on every target.  The tail computes the
 *    keystream of 1, 2, 4 or 8 vectors, the least power of two that
 *    covers the remaining bytes, so short messages pay for what they use.
 *  - Exact tails.  EVEX: one masked load and one masked store (byte mask
 *    from a table) cover the final partial vector; the keystream lane of
 *    the final partial block is picked with vpermq.  VEX: whole 16-byte
 *    blocks first, then the final partial block (1-15 bytes) goes through
 *    a 16-byte bounce buffer in the red zone below the stack pointer,
 *    copied in 8/4/2/1-byte pieces so no byte outside the caller's
 *    buffers is read or written; the buffer is wiped afterwards.
 *  - No vpternlogd: after the two folds above no three-input xor is
 *    left in the loop (counter ^ RK0 and input ^ RK_LAST are two-input),
 *    so the EVEX variants gain only masks and registers 16-31.
 *  - The updated CTR counter block is written with one 16-byte store, so
 *    the next call's 16-byte load is forwarded from it (narrower stores
 *    followed by a wider load stall for tens of cycles).
 *  - Registers that held round keys or keystream are zeroed on exit, and
 *    vzeroupper ends every variant with VL > 16 (avoids SSE/AVX
 *    transition penalties in the caller).  Red-zone and vector use only:
 *    no callee-saved register is touched and the stack pointer never
 *    moves.
 *
 * Entry points (SysV AMD64 ABI; prototypes and caller duties in
 * cipher/aes-x86-kernels.h):
 *
 *   void _gcry_aes_ctr_crypt_<variant> (const aes_hw_key_t *key,
 *          byte ctr[16], byte *out, const byte *in, size_t nbytes,
 *          byte ks_tail[16]);
 *   void _gcry_aes_xctr_crypt_<variant> (const aes_hw_key_t *key,
 *          cipher_xctr_state_t *st, byte *out, const byte *in,
 *          size_t nbytes, byte ks_tail[16]);
 *
 * NBYTES may be any length, 0 included.  CTR advances CTR by the number
 * of blocks started (full 128-bit carry on that final update); XCTR
 * takes its IV from ST->IV, starts at index ST->INDEX and advances
 * ST->INDEX the same way (modulo 2^64).  Both have exactly the
 * signatures of the bulk slots ctr_crypt and xctr_crypt, and are the
 * slots.  Both take six arguments in the same registers (XCTR's state
 * pointer where CTR's counter pointer is), so callers pass nothing on
 * the stack and the two modes share the code after entry.  When
 * NBYTES % 16 != 0 the whole keystream block of the final partial block
 * is stored to KS_TAIL; otherwise KS_TAIL is not touched.  OUT == IN is
 * allowed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"
#include "aes-x86-macros.h"

/* Offsets in aes_hw_key_t (cipher/aes-aesni.h), pinned there by
   static_asserts in cipher/aes-x86-kernels.h.  */
#define AES_KEY_ENC_OFFSET      0
#define AES_KEY_ROUNDS_OFFSET   480
/* Offsets in cipher_xctr_state_t (cipher/cipher-internal.h), pinned by
   static_asserts in cipher/aes-ctr-x86.c.  */
#define XCTR_ST_IV              0
#define XCTR_ST_INDEX           16

/*
 * General-purpose registers.
 */
.set KEY,       %rdi    /* aes_hw_key_t *; free once round keys are loaded */
.set CTRP,      %rsi    /* CTR: counter block (updated at exit); XCTR: the
                           state, its IV first (XCTR_ST_IV is 0) */
.set DST,       %rdx    /* output, advanced as bytes are written */
.set SRC,       %rcx    /* input, advanced as bytes are read */
.set LEN,       %r8     /* bytes still to process */
.set KSTAIL,    %r9     /* where the final partial block's keystream goes */
.set RKBASE,    %r10    /* &enc[ROUNDS] - 112: round key e at 112-16*e */
.set ROUNDS32,  %eax    /* 10, 12 or 14, kept until the last round */
.set ROUNDS64,  %rax
.set TMP64,     %r11    /* scratch */
.set TMP32,     %r11d
.set TMP16,     %r11w
.set TMP8,      %r11b

/* Register names of the variant: _set_vregs (aes-x86-macros.h), then
   the roles of this family.  */
.macro _set_veclen vl, evex
  _set_vregs \vl, \evex

  /* V0-V7: AES states of the vectors in flight; in the tail, keystream. */
  .set LE_CTR,      V8    /* next counter values, LE128 per lane */
  .set X_LE_CTR,    X8
  .set LE_INC,      V9    /* VL/16 in the low qword of every lane */
  .set BSWAP,       V10   /* CTR: byte-reversal shuffle, every lane */
  .set X_BSWAP,     X10
  .set IV_RK0,      V10   /* XCTR: IV ^ first round key, every lane */
  .set RK0,         V11   /* first round key, every lane */
  .set RK_LAST,     V12   /* last round key, every lane */
  .set RK_TMP,      V13   /* VEX: middle round key of the current round */
  .set TMP,         V14   /* last round key ^ input block(s) */
  .set X_CTR_OUT,   X15   /* CTR: counter block to store at exit (BE) */
  /* EVEX: middle round keys by from-end index e = 1..13 (round key
     ROUNDS - e), kept for the whole call.  */
  .set RK1, V16
  .set RK2, V17
  .set RK3, V18
  .set RK4, V19
  .set RK5, V20
  .set RK6, V21
  .set RK7, V22
  .set RK8, V23
  .set RK9, V24
  .set RK10, V25
  .set RK11, V26
  .set RK12, V27
  .set RK13, V28
.endm

/* Put the counter values of the next K vectors, xored with the first
   round key, into V0..V(K-1), advancing LE_CTR past them (unless
   ADVANCE is 0: the one-vector path has no next vector, nor LE_INC).  */
.macro _ctr_first_round k, xctr, advance=1
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \xctr
        _vpxor LE_CTR, IV_RK0, V\i
      .else
        vpshufb BSWAP, LE_CTR, V\i
        _vpxor RK0, V\i, V\i
      .endif
      .if \advance
        vpaddq LE_INC, LE_CTR, LE_CTR
      .endif
    .endif
  .endr
.endm

/* One middle AES round, with the round key of from-end index E, on
   V0..V(K-1).  MEM: load the round key from the key schedule even in
   the EVEX variants (their one-vector path loads no key registers).  */
.macro _aes_round e, k, mem=0
  .if USE_EVEX && !\mem
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < \k
        vaesenc RK\e, V\i, V\i
      .endif
    .endr
  .else
    _vbroadcast128 112-16*\e(RKBASE), RK_TMP
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < \k
        vaesenc RK_TMP, V\i, V\i
      .endif
    .endr
  .endif
.endm

/* All middle rounds (1 .. ROUNDS-1) on V0..V(K-1): AES-256 starts at
   from-end index 13, AES-192 at 11, AES-128 at 9.  */
.macro _aes_middle_rounds k, mem=0
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  _aes_round 13, \k, \mem
  _aes_round 12, \k, \mem
1:
  _aes_round 11, \k, \mem
  _aes_round 10, \k, \mem
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round \e, \k, \mem
  .endr
.endm

/* Main-loop final round: input xored into the last round key, so the
   result is the output; stored to DST.  Eight full vectors.  */
.macro _aes_last_round_xor_store8
  .irp i, 0,1,2,3,4,5,6,7
    _vpxor \i*VL(SRC), RK_LAST, TMP
    vaesenclast TMP, V\i, V\i
    _vmovdqu V\i, \i*VL(DST)
  .endr
.endm

/* Tail final round: plain keystream in V0..V(K-1).  */
.macro _aes_last_round k
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenclast RK_LAST, V\i, V\i
    .endif
  .endr
.endm

/* Xor the tail keystream V0..V(K-1) into the remaining LEN bytes (at
   most K vectors): whole vectors here, then the first vector that is not
   whole moves to V0 and PARTIAL finishes (it also handles LEN == 0).  */
.macro _store_tail k, partial
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      cmp $VL, LEN
      .if \i == 0
        jb \partial
      .else
        jae 1f
        _vmovdqa V\i, V0
        jmp \partial
1:
      .endif
      _vpxor (SRC), V\i, V\i
      _vmovdqu V\i, (DST)
      add $VL, SRC
      add $VL, DST
      sub $VL, LEN
    .endif
  .endr
  jmp \partial
.endm

/* Keystream for the last K vectors (or fewer) and its use.  */
.macro _ctr_tail k, xctr, partial
  _ctr_first_round \k, \xctr
  _aes_middle_rounds \k
  _aes_last_round \k
  _store_tail \k, \partial
.endm

/* Copy LEN & 15 bytes (1..15) from SBASE to DBASE in 8/4/2/1-byte
   pieces, touching no other byte.  Clobbers ROUNDS64 and TMP64.  */
.macro _copy_partial_block sdisp, sbase, ddisp, dbase
  xor ROUNDS32, ROUNDS32        /* offset of the next piece */
  test $8, LEN
  jz 1f
  mov \sdisp(\sbase), TMP64
  mov TMP64, \ddisp(\dbase)
  mov $8, ROUNDS32
1:
  test $4, LEN
  jz 1f
  mov \sdisp(\sbase,ROUNDS64), TMP32
  mov TMP32, \ddisp(\dbase,ROUNDS64)
  add $4, ROUNDS32
1:
  test $2, LEN
  jz 1f
  movzwl \sdisp(\sbase,ROUNDS64), TMP32
  mov TMP16, \ddisp(\dbase,ROUNDS64)
  add $2, ROUNDS32
1:
  test $1, LEN
  jz 1f
  movzbl \sdisp(\sbase,ROUNDS64), TMP32
  mov TMP8, \ddisp(\dbase,ROUNDS64)
1:
.endm


/* Counter state for the vector paths: LE_CTR lane j = first counter
   value + j as LE128; CTR: BSWAP loaded and X_CTR_OUT = the counter
   block to leave behind (C + blocks started, carried through all 128
   bits); XCTR: IV_RK0 = IV ^ RK0 in every lane.  Needs RK0.  Clobbers
   KEY and TMP64.  */
.macro _ctr_setup xctr
  .if \xctr
    /* X_LE_CTR holds le128 (first index) since the index update.  */
    _vbroadcast128 XCTR_ST_IV(CTRP), IV_RK0
    _vpxor RK0, IV_RK0, IV_RK0
  .else
    _vbroadcast128 .Lbswap128(%rip), BSWAP
    vmovdqu (CTRP), X_LE_CTR
    vpshufb X_BSWAP, X_LE_CTR, X_LE_CTR
    lea 15(LEN), TMP64
    shr $4, TMP64
    vmovq X_LE_CTR, KEY
    add TMP64, KEY
    vpextrq $1, X_LE_CTR, TMP64
    adc $0, TMP64
    vmovq KEY, X_CTR_OUT
    vpinsrq $1, TMP64, X_CTR_OUT, X_CTR_OUT
    vpshufb X_BSWAP, X_CTR_OUT, X_CTR_OUT
  .endif
  .if VL > 16
    .if USE_EVEX
      vshufi64x2 $0, LE_CTR, LE_CTR, LE_CTR
    .else
      vinserti128 $1, X_LE_CTR, LE_CTR, LE_CTR
    .endif
    vpaddq .Llane_offsets(%rip), LE_CTR, LE_CTR
  .endif
.endm

/* 0 <= LEN < VL bytes left, V0 holding their keystream: xor them in,
   keep the keystream of a final partial block in KSTAIL, go to DONE.  */
.macro _partial_vector done
  test LEN, LEN
  jz \done
  .if USE_EVEX
    lea .Lbytemask(%rip), TMP64
    .if VL == 64
      kmovq (TMP64,LEN,8), %k1
    .else
      kmovd (TMP64,LEN,8), %k1
    .endif
    vmovdqu8 (SRC), V1{%k1}{z}
    vpxord V0, V1, V1
    vmovdqu8 V1, (DST){%k1}
    test $15, LEN
    jz \done
    /* Keystream of the final partial block: lane LEN/16 of V0, moved
       to lane 0 by a qword permutation with indices 2L, 2L+1.  */
    mov LEN, TMP64
    shr $4, TMP64
    add TMP64, TMP64
    vpbroadcastq TMP64, V1
    vpaddq .Lqword_pair_idx(%rip), V1, V1
    vpermq V0, V1, V1
    vmovdqu X1, (KSTAIL)
  .else
    .if VL == 32
      /* A whole block first if there is one, then the high lane.  */
      cmp $16, LEN
      jb 1f
      vpxor (SRC), X0, X1
      vmovdqu X1, (DST)
      add $16, SRC
      add $16, DST
      sub $16, LEN
      jz \done
      vextracti128 $1, V0, X0
1:
    .endif
    /* 1..15 bytes; X0 is their keystream block.  */
    vmovdqu X0, (KSTAIL)
    _partial_block_via_stack
  .endif
.endm

/* VEX: X0 xored into the final LEN & 15 (1..15) bytes through a 16-byte
   bounce buffer in the red zone, wiped afterwards.  */
.macro _partial_block_via_stack
  _copy_partial_block 0, SRC, -16, %rsp
  vpxor -16(%rsp), X0, X1
  vmovdqu X1, -16(%rsp)
  _copy_partial_block -16, %rsp, 0, DST
  vpxor X1, X1, X1
  vmovdqu X1, -16(%rsp)
.endm

/* Messages of one block or less (1 <= LEN <= 16), every variant.  The
   fixed cost is what short messages pay, so this path does only what
   one block needs: xmm registers only, each round key a memory operand
   of its vaesenc (no key registers to fill, nor to wipe: X0 and X1 are
   all there is to clear), no upper vector state touched (no
   vzeroupper), and for CTR the counter block used as loaded (it is
   big-endian already) while its successor is computed in general
   registers, off the AES chain.  */
.macro _one_block xctr
  .if \xctr
    /* IV ^ le128 (index), and the index advanced by the one block
       (modulo 2^64: one block never runs across 2^64).  */
    vmovq XCTR_ST_INDEX(CTRP), X0
    addq $1, XCTR_ST_INDEX(CTRP)
    vpxor XCTR_ST_IV(CTRP), X0, X0
    vpxor AES_KEY_ENC_OFFSET(KEY), X0, X0
  .else
    vmovdqu (CTRP), X0
    vpxor AES_KEY_ENC_OFFSET(KEY), X0, X0
  .endif
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  vaesenc 112-16*13(RKBASE), X0, X0
  vaesenc 112-16*12(RKBASE), X0, X0
1:
  vaesenc 112-16*11(RKBASE), X0, X0
  vaesenc 112-16*10(RKBASE), X0, X0
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    vaesenc 112-16*\e(RKBASE), X0, X0
  .endr
  vaesenclast 112(RKBASE), X0, X0

  cmp $16, LEN
  jb 3f
  vpxor (SRC), X0, X1
  vmovdqu X1, (DST)
  jmp 4f
3:
  vmovdqu X0, (KSTAIL)
  .if USE_EVEX
    lea .Lbytemask(%rip), TMP64
    kmovq (TMP64,LEN,8), %k1
    vmovdqu8 (SRC), X1{%k1}{z}
    vpxord X0, X1, X1
    vmovdqu8 X1, (DST){%k1}
  .else
    _partial_block_via_stack
  .endif
4:
  .if !\xctr
    /* C + 1, big-endian, carried through all 128 bits; one 16-byte
       store.  */
    mov 8(CTRP), KEY
    mov (CTRP), TMP64
    bswap KEY
    bswap TMP64
    add $1, KEY
    adc $0, TMP64
    bswap KEY
    bswap TMP64
    vmovq TMP64, X1
    vpinsrq $1, KEY, X1, X1
    vmovdqu X1, (CTRP)
  .endif
  vpxor X0, X0, X0
  vpxor X1, X1, X1
  ret
.endm

/* Messages of more than one block and at most one vector (VL > 16 only):
   one vector of keystream, the middle round keys loaded from the key
   schedule round by round (as the VEX variants always do), so the
   EVEX variants skip filling and wiping their 13 key registers.  */
.macro _one_vector xctr
  _vbroadcast128 AES_KEY_ENC_OFFSET(KEY), RK0
  _vbroadcast128 112(RKBASE), RK_LAST
  _ctr_setup \xctr
  _ctr_first_round 1, \xctr, 0
  _aes_middle_rounds 1, 1
  _aes_last_round 1
  cmp $VL, LEN
  jb 5f
  _vpxor (SRC), V0, V0
  _vmovdqu V0, (DST)
  jmp 6f
5:
  _partial_vector 6f
6:
  .if !\xctr
    vmovdqu X_CTR_OUT, (CTRP)
  .endif
  .irp i, 0,1,10,11,12,13
    _vzero X\i
  .endr
  vzeroupper
  ret
.endm


/*
 * The template.  XCTR selects the mode (0: CTR, 1: XCTR).
 */
.macro _aes_ctr_crypt xctr, wrap_fn
  test LEN, LEN
  jz .Lreturn\@

  mov AES_KEY_ROUNDS_OFFSET(KEY), ROUNDS32
  mov ROUNDS32, TMP32
  shl $4, TMP64
  lea AES_KEY_ENC_OFFSET-112(KEY,TMP64), RKBASE
  cmp $16, LEN
  jbe .Lone_block\@

  /* The vector code adds to the counter in 64 bits, so the low 64 bits
     must not wrap between two blocks of one call.  A call where they
     would (one in 2^64 blocks; never one of a single block) goes,
     arguments untouched, to the C code that splits it there.  */
  .if \xctr
    /* XCTR: the index must not pass 2^64.  Otherwise advance ST->INDEX
       by the blocks started and keep the first index in X_LE_CTR (read
       by _ctr_setup), loaded from memory: a general-to-vector move
       would add its latency before the first round.  */
    mov XCTR_ST_INDEX(CTRP), TMP64      /* first index */
    lea 15(LEN), ROUNDS64
    shr $4, ROUNDS64
    add TMP64, ROUNDS64         /* next index, CF: the sum passed 2^64 */
    jc .Lxcarry\@
.Lxno_wrap\@:
    vmovq XCTR_ST_INDEX(CTRP), X_LE_CTR
    mov ROUNDS64, XCTR_ST_INDEX(CTRP)
  .else
    mov 8(CTRP), TMP64
    bswap TMP64
    lea 15(LEN), ROUNDS64
    shr $4, ROUNDS64
    add ROUNDS64, TMP64
    jc .Lcarry\@
.Lno_wrap\@:
  .endif
  mov AES_KEY_ROUNDS_OFFSET(KEY), ROUNDS32
  .if VL > 16
    cmp $VL, LEN
    jbe .Lone_vector\@
  .endif

  /* Round keys.  */
  _vbroadcast128 AES_KEY_ENC_OFFSET(KEY), RK0
  _vbroadcast128 112(RKBASE), RK_LAST
  .if USE_EVEX
    .irp e, 1,2,3,4,5,6,7,8,9
      _vbroadcast128 112-16*\e(RKBASE), RK\e
    .endr
    cmp $12, ROUNDS32
    jb 1f
    _vbroadcast128 112-16*10(RKBASE), RK10
    _vbroadcast128 112-16*11(RKBASE), RK11
    je 1f
    _vbroadcast128 112-16*12(RKBASE), RK12
    _vbroadcast128 112-16*13(RKBASE), RK13
1:
  .endif

  _ctr_setup \xctr
  /* Per-vector increment: blocks per vector.  */
  .if VL == 16
    _vbroadcast128 .Linc1(%rip), LE_INC
  .elseif VL == 32
    _vbroadcast128 .Linc2(%rip), LE_INC
  .else
    _vbroadcast128 .Linc4(%rip), LE_INC
  .endif

  /* Main loop: 8 vectors per iteration.  */
  cmp $8*VL, LEN
  jb .Ltail\@
.p2align 4
.Lmain\@:
  _ctr_first_round 8, \xctr
  _aes_middle_rounds 8
  _aes_last_round_xor_store8
  add $8*VL, SRC
  add $8*VL, DST
  sub $8*VL, LEN
  cmp $8*VL, LEN
  jae .Lmain\@

.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  cmp $4*VL, LEN
  ja .Ltail8\@
  cmp $2*VL, LEN
  ja .Ltail4\@
  cmp $VL, LEN
  ja .Ltail2\@
  _ctr_tail 1, \xctr, .Lpartial\@
.Ltail2\@:
  _ctr_tail 2, \xctr, .Lpartial\@
.Ltail4\@:
  _ctr_tail 4, \xctr, .Lpartial\@
.Ltail8\@:
  _ctr_tail 8, \xctr, .Lpartial\@

  /* 0 <= LEN < VL bytes left; V0 holds their keystream.  */
.Lpartial\@:
  _partial_vector .Ldone\@

.Ldone\@:
  .if !\xctr
    vmovdqu X_CTR_OUT, (CTRP)
  .endif
  /* Leave no round key or keystream behind.  */
  .irp i, 0,1,2,3,4,5,6,7,10,11,12,13,14
    _vzero X\i
  .endr
  .if USE_EVEX
    .irp e, 1,2,3,4,5,6,7,8,9,10,11,12,13
      _vzero RK\e
    .endr
  .endif
  .if VL > 16
    vzeroupper
  .endif
.Lreturn\@:
  ret

.Lone_block\@:
  _one_block \xctr
  .if VL > 16
.Lone_vector\@:
    _one_vector \xctr
  .endif
  .if !\xctr
.Lcarry\@:
    /* A sum of exactly 2^64 ends the call on the last block before the
       wrap: no split needed.  */
    test TMP64, TMP64
    jz .Lno_wrap\@
    jmp \wrap_fn
  .else
.Lxcarry\@:
    /* A sum of exactly 2^64 ends the call on index 2^64 - 1: no split
       needed.  */
    test ROUNDS64, ROUNDS64
    jz .Lxno_wrap\@
    jmp \wrap_fn
  .endif
.endm


/* Each entry point starts a 64-byte line (GCRY_ASM_FUNC_START aligns to
   32 only).  A short message through the API is front-end bound, and
   its cost moved by up to 10% with the alignment the code linked before
   this file happened to leave; aligned, it is the same in every build. */
#define CTR_FUNC_ALIGN .p2align 6

/* The CTR and XCTR entry points have exactly the ctr_crypt and
   xctr_crypt slots' signatures and contracts (counter and index wraps
   included), so the slots name them too: _gcry_aes_ctr_x86_<variant>
   and _gcry_aes_xctr_x86_<variant> are the same code, with no C glue
   in between.  */
#define CTR_SLOT_ALIAS(slot, name)              \
        .globl slot;                            \
        .hidden slot;                           \
        .type slot, @function;                  \
        .set slot, name

GCRY_ASM_RODATA
.p2align 6
/* vpshufb control reversing the 16 bytes of a lane (BE <-> LE128).  */
.Lbswap128:
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* Added to a counter broadcast to every lane: lane j gets + j.  */
.p2align 6
.Llane_offsets:
  .quad 0, 0, 1, 0, 2, 0, 3, 0
/* Per-vector counter increments (blocks per vector).  */
.Linc1:
  .quad 1, 0
.Linc2:
  .quad 2, 0
.Linc4:
  .quad 4, 0
/* Added to 2L broadcast: qword indices 2L, 2L+1 in every lane.  */
.p2align 6
.Lqword_pair_idx:
  .quad 0, 1, 0, 1, 0, 1, 0, 1
/* Entry n (0..63): the byte mask of the first n bytes, (1 << n) - 1.  */
.p2align 3
.Lbytemask:
  .set .Lmask_bits, 0
  .rept 64
    .quad (1 << .Lmask_bits) - 1
    .set .Lmask_bits, .Lmask_bits + 1
  .endr

.text

_set_veclen 16, 0
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_ctr_crypt_aesni_avx)
  _aes_ctr_crypt 0, _gcry_aes_ctr_wrap_x86_aesni_avx
GCRY_ASM_FUNC_END(_gcry_aes_ctr_crypt_aesni_avx)
CTR_SLOT_ALIAS(_gcry_aes_ctr_x86_aesni_avx, _gcry_aes_ctr_crypt_aesni_avx)
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_xctr_crypt_aesni_avx)
  _aes_ctr_crypt 1, _gcry_aes_xctr_wrap_x86_aesni_avx
GCRY_ASM_FUNC_END(_gcry_aes_xctr_crypt_aesni_avx)
CTR_SLOT_ALIAS(_gcry_aes_xctr_x86_aesni_avx, _gcry_aes_xctr_crypt_aesni_avx)

_set_veclen 32, 0
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_ctr_crypt_vaes_avx2)
  _aes_ctr_crypt 0, _gcry_aes_ctr_wrap_x86_vaes_avx2
GCRY_ASM_FUNC_END(_gcry_aes_ctr_crypt_vaes_avx2)
CTR_SLOT_ALIAS(_gcry_aes_ctr_x86_vaes_avx2, _gcry_aes_ctr_crypt_vaes_avx2)
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_xctr_crypt_vaes_avx2)
  _aes_ctr_crypt 1, _gcry_aes_xctr_wrap_x86_vaes_avx2
GCRY_ASM_FUNC_END(_gcry_aes_xctr_crypt_vaes_avx2)
CTR_SLOT_ALIAS(_gcry_aes_xctr_x86_vaes_avx2, _gcry_aes_xctr_crypt_vaes_avx2)

_set_veclen 32, 1
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_ctr_crypt_vaes_avx512_ymm)
  _aes_ctr_crypt 0, _gcry_aes_ctr_wrap_x86_vaes_avx512_ymm
GCRY_ASM_FUNC_END(_gcry_aes_ctr_crypt_vaes_avx512_ymm)
CTR_SLOT_ALIAS(_gcry_aes_ctr_x86_vaes_avx512_ymm, _gcry_aes_ctr_crypt_vaes_avx512_ymm)
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_xctr_crypt_vaes_avx512_ymm)
  _aes_ctr_crypt 1, _gcry_aes_xctr_wrap_x86_vaes_avx512_ymm
GCRY_ASM_FUNC_END(_gcry_aes_xctr_crypt_vaes_avx512_ymm)
CTR_SLOT_ALIAS(_gcry_aes_xctr_x86_vaes_avx512_ymm, _gcry_aes_xctr_crypt_vaes_avx512_ymm)

_set_veclen 64, 1
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_ctr_crypt_vaes_avx512_zmm)
  _aes_ctr_crypt 0, _gcry_aes_ctr_wrap_x86_vaes_avx512_zmm
GCRY_ASM_FUNC_END(_gcry_aes_ctr_crypt_vaes_avx512_zmm)
CTR_SLOT_ALIAS(_gcry_aes_ctr_x86_vaes_avx512_zmm, _gcry_aes_ctr_crypt_vaes_avx512_zmm)
CTR_FUNC_ALIGN
GCRY_ASM_FUNC_START(_gcry_aes_xctr_crypt_vaes_avx512_zmm)
  _aes_ctr_crypt 1, _gcry_aes_xctr_wrap_x86_vaes_avx512_zmm
GCRY_ASM_FUNC_END(_gcry_aes_xctr_crypt_vaes_avx512_zmm)
CTR_SLOT_ALIAS(_gcry_aes_xctr_x86_vaes_avx512_zmm, _gcry_aes_xctr_crypt_vaes_avx512_zmm)

GCRY_ASM_NOTES
