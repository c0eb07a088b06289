/* aes-xts-x86_64.S - AES-XTS (IEEE 1619-2007, NIST SP 800-38E) for
 * x86-64: one template, four instruction sets.
 *
 * The body is written once, as the GNU as macro _aes_xts_crypt below,
 * and assembled four times per direction (instantiations at the end of
 * the file) after _set_veclen chooses the vector length VL (bytes) and
 * whether EVEX encodings (AVX-512) may be used:
 *
 *   variant            VL  encoding  tweaks of a batch  CPU features
 *   aesni_avx          16  VEX       stack (8 x 16 B)   AES-NI, AVX
 *   vaes_avx2          32  VEX       stack (8 x 32 B)   VAES, VPCLMULQDQ,
 *                                                       AVX2
 *   vaes_avx512_ymm    32  EVEX      ymm16-ymm23        VAES, VPCLMULQDQ,
 *                                                       AVX512F/BW/VL
 *   vaes_avx512_zmm    64  EVEX      zmm16-zmm23        same as above
 *
 * Targets as for the CTR template (cipher/aes-ctr-x86_64.S): aesni_avx
 * for AES-NI CPUs without VAES, vaes_avx2 for Zen 3 and VAES client
 * cores without AVX-512, vaes_avx512_ymm for AVX-512 CPUs that lose
 * clock speed on 512-bit code, vaes_avx512_zmm for those that do not.
 * The kernel table (cipher/aes.c) chooses; nothing here tests features.
 *
 * XTS, as computed here.  Blocks are 16 bytes; T_0 = E(K2, data-unit
 * number) when the caller passes the tweak key, else the caller's T_0;
 * T_(i+1) = T_i * x in GF(2^128) with the 128-bit value read
 * little-endian (IEEE 1619 section 5.2) and the reduction polynomial
 * x^128 + x^7 + x^2 + x + 1.  Full block i:
 *     OUT_i = E_or_D(K1, IN_i ^ T_i) ^ T_i.
 * A final partial block of t bytes (ciphertext stealing, IEEE 1619
 * section 5.3.2 and 5.4.2; m = index of the partial block):
 *   encryption: CC = E(P_(m-1)) with T_(m-1) as usual; C_m = CC[0..t);
 *               C_(m-1) = E(P_m || CC[t..16)) with T_m.
 *   decryption: the order flips: PP = D(C_(m-1)) with T_m first;
 *               P_m = PP[0..t); P_(m-1) = D(C_m || PP[t..16)) with
 *               T_(m-1).
 *
 * Structure of a call:
 *  1. The tweak: T_0 from the data-unit number with the second key's
 *     encryption schedule (one block, its own round count), or loaded.
 *  2. Lane j of the tweak vector TW gets T_0 * x^j (variable shifts, one
 *     carry-less multiply: every lane at once).
 *  3. Whole vectors, 8 per main-loop iteration (a batch), then one
 *     batch each of 4, 2 and 1 vectors as the remaining length allows.
 *  4. VL > 16: the remaining 0..VL/16-1 whole blocks one at a time.
 *  5. Ciphertext stealing, when NBYTES % 16 != 0.
 *
 * Tricks, and what they buy:
 *  - One code path for AES-128/192/256 (as in the CTR template): round
 *    keys are addressed from the last one backwards, "from-end index" e
 *    meaning round key ROUNDS - e at 112 - 16*e from RKBASE (so every
 *    displacement fits in a signed byte); AES-192 and AES-256 enter the
 *    round sequence earlier after one compare of ROUNDS per batch.
 *    Decryption is the same code on the equivalent-inverse-cipher
 *    schedule (aes_hw_key_t.dec) with VAESDEC.
 *  - Middle round keys are broadcast from memory once per round and
 *    batch: a load, which runs on the load ports, not on the vector
 *    ports that AES needs, so no register is spent on them.
 *  - Tweak times x^k, per 128-bit lane.  With VPCLMULQDQ (the VAES
 *    variants): the k bits shifted out of the high qword, multiplied
 *    carry-lessly by 0x87, fold back into the low qword; the k bits
 *    shifted out of the low qword move to the high one (vpslldq); the
 *    three parts are xored (one vpternlogd with EVEX).  Five or six
 *    instructions for any k up to 57: used where k is not a multiple of
 *    8 (the first batch's tweaks, and the batches of 4, 2 and 1 vectors,
 *    computed straight from TW rather than along a serial chain).
 *  - In the main loop, vector j's tweaks of the next batch are this
 *    batch's times x^(8*VL/16): 16 or 32 bits, whole bytes.  Whole-byte
 *    shifts of the 128-bit lane (vpslldq/vpsrldq) need no carry between
 *    qwords, and the bytes leaving the lane times 0x87 (one VPCLMULQDQ)
 *    fold back in: four instructions, none of them on the vector ports
 *    that run VAESENC on Intel cores (qword shifts are), each tweak
 *    updated in place right after its last use, independent of the
 *    others and of the AES rounds, so the out-of-order core overlaps
 *    them with the rounds of the batch.  This took the 8-vector batch to
 *    within a few percent of the CTR kernels on the development machine.
 *  - Without VPCLMULQDQ (aesni_avx, whose features do not include
 *    PCLMULQDQ): times x by shifts -- vpsrad spreads the two top bits
 *    into dword masks, vpshufd moves them to where they act, vpand turns
 *    them into 0x87 and 1, vpaddq shifts both qwords left; one block per
 *    step along a chain, four cycles of latency per block.
 *  - The first round key is xored with the input and the tweak in one
 *    vpternlogd (EVEX); the last round key is xored with the tweak, so
 *    that vaesenclast produces the output block directly.
 *  - Tweaks of a batch are needed again after the last round: EVEX
 *    variants keep them in registers 16-23, VEX ones in an aligned
 *    stack area, wiped on exit.
 *  - Ciphertext stealing without masks and without touching a byte
 *    outside the buffers: NBYTES > 16 whenever there is a partial block,
 *    so the 16 bytes ending at the end of the input (or output) are all
 *    inside it.  vpshufb with a control loaded from a sliding window of
 *    .Lsteal_shuf moves the partial block to the front (zeroing the
 *    rest) and vpblendvb, using the same control as mask, completes it
 *    with the stolen bytes; a second window moves the bytes for the
 *    partial output block to the end of a 16-byte store whose other
 *    bytes land in the block that is rewritten next.
 *  - Registers that held round keys, tweaks or data are zeroed on exit,
 *    and vzeroupper ends every variant with VL > 16.  No callee-saved
 *    register is changed; VEX variants keep a frame in %rbp.
 *
 * Entry points (SysV AMD64 ABI; prototypes and caller duties in
 * cipher/aes-x86-kernels.h):
 *
 *   void _gcry_aes_xts_enc_<variant> (const aes_hw_key_t *key,
 *          const aes_hw_key_t *tweak_key, byte tweak[16], byte *out,
 *          const byte *in, size_t nbytes);
 *   void _gcry_aes_xts_dec_<variant> (same arguments);
 *
 * TWEAK_KEY may be NULL: TWEAK then holds T_0 itself.  NBYTES < 16 does
 * nothing.  On return TWEAK holds the tweak of the block after the last
 * full block processed (the next T when NBYTES % 16 == 0).  OUT == IN
 * is allowed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"
#include "aes-x86-macros.h"

/* Offsets in aes_hw_key_t (cipher/aes-aesni.h), pinned there by
   static_asserts in cipher/aes-x86-kernels.h.  */
#define AES_KEY_ENC_OFFSET      0
#define AES_KEY_DEC_OFFSET      240
#define AES_KEY_ROUNDS_OFFSET   480

/*
 * General-purpose registers.
 */
.set KEY,       %rdi    /* aes_hw_key_t * of the data; free after setup */
.set TKEY,      %rsi    /* aes_hw_key_t * of the tweak, or NULL */
.set TAIL,      %rsi    /* after the tweak is made: NBYTES % 16 */
.set TWEAKP,    %rdx    /* byte[16]: data-unit number in, next tweak out */
.set DST,       %rcx    /* output, advanced as blocks are written */
.set SRC,       %r8     /* input, advanced as blocks are read */
.set LEN,       %r9     /* bytes of whole blocks still for steps 3-4 */
.set RKBASE,    %r10    /* &schedule[ROUNDS] - 112: key e at 112-16*e */
.set ROUNDS32,  %eax    /* 10, 12 or 14 */
.set TMP64,     %r11    /* scratch */
.set TMP32,     %r11d

/* Register names of the variant: _set_vregs (aes-x86-macros.h), then
   the roles of this family.  */
.macro _set_veclen vl, evex
  _set_vregs \vl, \evex

  /* V0-V7: AES states of the vectors of a batch.  */
  .set TW,          V8    /* tweaks of the next vector, T_i .. T_(i+VL/16-1) */
  .set X_TW,        X8    /* steps 4-5: tweak of the next block */
  .set GF,          V9    /* 0x87 and 1 in every lane (reduction) */
  .set X_GF,        X9
  .set M1,          V10   /* tweak-multiply scratch */
  .set X_M1,        X10
  .set M2,          V11   /* tweak-multiply scratch */
  .set RK0,         V12   /* first round key, every lane */
  .set X_RK0,       X12
  .set RK_LAST,     V13   /* last round key, every lane */
  .set X_RK_LAST,   X13
  .set RK_TMP,      V14   /* middle round key of the current round */
  .set TMP,         V15   /* tweak ^ last round key */
  .set X_TMP,       X15
  /* EVEX: the tweaks of vector j of the batch.  */
  .set W0, V16
  .set W1, V17
  .set W2, V18
  .set W3, V19
  .set W4, V20
  .set W5, V21
  .set W6, V22
  .set W7, V23
.endm

/* DST = SRC * x in GF(2^128), 128-bit registers, by shifts.  DST may be
   SRC.  Clobbers X_M1.  */
.macro _mul_x_xmm src, dst
  vpsrad $31, \src, X_M1        /* dword 1: -(bit 63), dword 3: -(bit 127) */
  vpshufd $0x13, X_M1, X_M1     /* dword 0 <- dword 3, dword 2 <- dword 1 */
  vpand X_GF, X_M1, X_M1        /* 0x87 into bit 0 up, 1 into bit 64 */
  vpaddq \src, \src, \dst       /* both qwords << 1 */
  vpxor X_M1, \dst, \dst
.endm

/* DST = SRC * x^K in every lane, 1 <= K <= 57, with VPCLMULQDQ.  DST may
   be SRC.  Clobbers M1 and M2.  */
.macro _mul_xk_clmul k, src, dst
  vpsrlq $(64-\k), \src, M1     /* bits leaving each qword */
  vpsllq $\k, \src, \dst
  vpclmulqdq $0x01, GF, M1, M2  /* (bits leaving the high qword) * 0x87 */
  vpslldq $8, M1, M1            /* bits leaving the low qword, moved up */
  .if USE_EVEX
    vpternlogd $0x96, M2, M1, \dst
  .else
    vpxor M1, \dst, \dst
    vpxor M2, \dst, \dst
  .endif
.endm

/* REG = REG * x^(8*NBYTES) in every lane, 1 <= NBYTES <= 7: a whole
   number of bytes, so both shifts are byte shifts of the full lane
   (shuffle-port instructions, which leave the AES ports alone) and the
   NBYTES top bytes that leave the lane, times 0x87, fold back in.
   Clobbers M1 and M2.  */
.macro _mul_x8m_clmul nbytes, reg
  vpsrldq $(16-\nbytes), \reg, M1
  vpslldq $\nbytes, \reg, \reg
  vpclmulqdq $0x00, GF, M1, M2
  _vpxor M2, \reg, \reg
.endm

/* One middle round with the round key of from-end index E on
   V0..V(K-1).  */
.macro _aes_round e, k, enc
  _vbroadcast128 112-16*\e(RKBASE), RK_TMP
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \enc
        vaesenc RK_TMP, V\i, V\i
      .else
        vaesdec RK_TMP, V\i, V\i
      .endif
    .endif
  .endr
.endm

/* All middle rounds (1 .. ROUNDS-1) on V0..V(K-1).  */
.macro _aes_middle_rounds k, enc
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  _aes_round 13, \k, \enc
  _aes_round 12, \k, \enc
1:
  _aes_round 11, \k, \enc
  _aes_round 10, \k, \enc
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round \e, \k, \enc
  .endr
.endm

/* Vector J of a batch: its tweaks (kept for the last round), and its
   input xored with them and with the first round key.  */
.macro _xts_first_xor j
  .if VL == 16
    /* Serial chain: T_j is TW, which then steps on by x.  */
    vmovdqa TW, \j*VL(%rsp)
    vpxor \j*VL(SRC), TW, V\j
    vpxor RK0, V\j, V\j
    _mul_x_xmm TW, TW
  .elseif USE_EVEX
    .if \j == 0
      vmovdqa64 TW, W0
    .else
      _mul_xk_clmul \j*VL/16, TW, W\j
    .endif
    vmovdqu8 \j*VL(SRC), V\j
    vpternlogd $0x96, RK0, W\j, V\j
  .else
    .if \j == 0
      vmovdqa TW, (%rsp)
      vpxor (SRC), TW, V0
    .else
      _mul_xk_clmul \j*VL/16, TW, V\j
      vmovdqa V\j, \j*VL(%rsp)
      vpxor \j*VL(SRC), V\j, V\j
    .endif
    vpxor RK0, V\j, V\j
  .endif
.endm

/* Vector J of a batch: last round with (tweak ^ last round key), which
   leaves the output block(s), stored.  */
.macro _xts_last_round j, enc
  .if USE_EVEX
    vpxord W\j, RK_LAST, TMP
  .else
    vpxor \j*VL(%rsp), RK_LAST, TMP
  .endif
  .if \enc
    vaesenclast TMP, V\j, V\j
  .else
    vaesdeclast TMP, V\j, V\j
  .endif
  _vmovdqu V\j, \j*VL(DST)
.endm

/* K whole vectors (K*VL bytes, K <= 8) from SRC to DST; TW advances by
   K*VL/16 blocks.  Every input of the batch is read before any output is
   written (OUT == IN).  */
.macro _xts_vectors k, enc
  .irp j, 0,1,2,3,4,5,6,7
    .if \j < \k
      _xts_first_xor \j
    .endif
  .endr
  .if VL > 16
    /* The next batch's tweaks: independent of this batch's rounds.  */
    _mul_xk_clmul \k*VL/16, TW, TW
  .endif
  _aes_middle_rounds \k, \enc
  .irp j, 0,1,2,3,4,5,6,7
    .if \j < \k
      _xts_last_round \j, \enc
    .endif
  .endr
  add $\k*VL, SRC
  add $\k*VL, DST
  sub $\k*VL, LEN
.endm

/* VL > 16, before the main loop: the tweaks of the 8 vectors of the
   first batch, T * x^(j*VL/16) for vector j, into W_j (EVEX) or the
   stack slots (VEX).  */
.macro _xts_init_batch_tweaks
  .irp j, 0,1,2,3,4,5,6,7
    .if USE_EVEX
      .if \j == 0
        vmovdqa64 TW, W0
      .else
        _mul_xk_clmul \j*VL/16, TW, W\j
      .endif
    .else
      .if \j == 0
        vmovdqa TW, (%rsp)
      .else
        _mul_xk_clmul \j*VL/16, TW, TMP
        vmovdqa TMP, \j*VL(%rsp)
      .endif
    .endif
  .endr
.endm

/* VL > 16: one main-loop batch of 8 vectors.  The tweaks of vector j
   of the next batch are this batch's times x^(8*VL/16) -- 16 or 32
   bits, a byte multiple -- so each is updated in place after its last
   use, with _mul_x8m_clmul.  */
.macro _xts_main_batch enc
  .irp j, 0,1,2,3,4,5,6,7
    .if USE_EVEX
      vmovdqu8 \j*VL(SRC), V\j
      vpternlogd $0x96, RK0, W\j, V\j
    .else
      vpxor \j*VL(SRC), RK0, V\j
      vpxor \j*VL(%rsp), V\j, V\j
    .endif
  .endr
  _aes_middle_rounds 8, \enc
  .irp j, 0,1,2,3,4,5,6,7
    _xts_last_round \j, \enc
    .if USE_EVEX
      _mul_x8m_clmul VL/16, W\j
    .else
      vmovdqa \j*VL(%rsp), V\j
      _mul_x8m_clmul VL/16, V\j
      vmovdqa V\j, \j*VL(%rsp)
    .endif
  .endr
  add $8*VL, SRC
  add $8*VL, DST
  sub $8*VL, LEN
.endm

/* One block in 128-bit registers: XS = E_or_D (SRC ^ XT) ^ XT, SRC a
   register or a memory operand.  */
.macro _xts_one_block enc, src, xt, xs
  vpxor \src, \xt, \xs
  vpxor X_RK0, \xs, \xs
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  _aes_round_xmm 13, \enc, \xs
  _aes_round_xmm 12, \enc, \xs
1:
  _aes_round_xmm 11, \enc, \xs
  _aes_round_xmm 10, \enc, \xs
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round_xmm \e, \enc, \xs
  .endr
  vpxor \xt, X_RK_LAST, X_TMP
  .if \enc
    vaesenclast X_TMP, \xs, \xs
  .else
    vaesdeclast X_TMP, \xs, \xs
  .endif
.endm

.macro _aes_round_xmm e, enc, xs
  .if \enc
    vaesenc 112-16*\e(RKBASE), \xs, \xs
  .else
    vaesdec 112-16*\e(RKBASE), \xs, \xs
  .endif
.endm


/*
 * The template.  ENC selects the direction (1: encrypt, 0: decrypt).
 */
.macro _aes_xts_crypt enc
  cmp $16, LEN
  jae .Lstart\@
  ret
.Lstart\@:
  .if !USE_EVEX
    /* Frame for the tweak slots: 8 vectors, VL-aligned.  */
    push %rbp
    .cfi_adjust_cfa_offset 8
    .cfi_rel_offset %rbp, 0
    mov %rsp, %rbp
    .cfi_def_cfa_register %rbp
    and $-64, %rsp
    sub $8*VL, %rsp
  .endif

  /* Step 1: T_0.  */
  vmovdqu (TWEAKP), X_TW
  test TKEY, TKEY
  jz 1f
  vpxor AES_KEY_ENC_OFFSET(TKEY), X_TW, X_TW
  mov AES_KEY_ROUNDS_OFFSET(TKEY), TMP32
  lea AES_KEY_ENC_OFFSET+16(TKEY), RKBASE
  dec TMP32
2:
  vaesenc (RKBASE), X_TW, X_TW
  add $16, RKBASE
  dec TMP32
  jnz 2b
  vaesenclast (RKBASE), X_TW, X_TW
1:

  /* The data key.  */
  mov AES_KEY_ROUNDS_OFFSET(KEY), ROUNDS32
  mov ROUNDS32, TMP32
  shl $4, TMP64
  .if \enc
    lea AES_KEY_ENC_OFFSET-112(KEY,TMP64), RKBASE
    _vbroadcast128 AES_KEY_ENC_OFFSET(KEY), RK0
  .else
    lea AES_KEY_DEC_OFFSET-112(KEY,TMP64), RKBASE
    _vbroadcast128 AES_KEY_DEC_OFFSET(KEY), RK0
  .endif
  _vbroadcast128 112(RKBASE), RK_LAST
  _vbroadcast128 .Lgf_poly(%rip), GF

  /* Lengths: LEN whole blocks for steps 3-4; decryption with stealing
     keeps the last whole block for step 5 (LEN >= 16 here).  */
  mov LEN, TAIL
  and $15, TAIL
  and $-16, LEN
  .if !\enc
    test TAIL, TAIL
    jz 1f
    sub $16, LEN
1:
  .endif

  /* Step 2: lane j of TW = T_0 * x^j.  */
  .if VL > 16
    .if USE_EVEX
      vshufi64x2 $0, TW, TW, TW
    .else
      vinserti128 $1, X_TW, TW, TW
    .endif
    vpsrlvq .Llane_rshift(%rip), TW, M1
    vpsllvq .Llane_lshift(%rip), TW, TW
    vpclmulqdq $0x01, GF, M1, M2
    vpslldq $8, M1, M1
    _vpxor M1, TW, TW
    _vpxor M2, TW, TW
  .endif

  /* Step 3: batches of 8 vectors, then of 4, 2, 1.  */
  cmp $8*VL, LEN
  jb .Lbatch4\@
  .if VL > 16
    _xts_init_batch_tweaks
  .endif
.p2align 4
.Lmain\@:
  .if VL > 16
    _xts_main_batch \enc
  .else
    _xts_vectors 8, \enc
  .endif
  cmp $8*VL, LEN
  jae .Lmain\@
  .if VL > 16
    /* The next vector's tweaks, for the batches below.  */
    .if USE_EVEX
      vmovdqa64 W0, TW
    .else
      vmovdqa (%rsp), TW
    .endif
  .endif
.Lbatch4\@:
  cmp $4*VL, LEN
  jb .Lbatch2\@
  _xts_vectors 4, \enc
.Lbatch2\@:
  cmp $2*VL, LEN
  jb .Lbatch1\@
  _xts_vectors 2, \enc
.Lbatch1\@:
  cmp $VL, LEN
  jb .Lblocks\@
  _xts_vectors 1, \enc
.Lblocks\@:

  /* Step 4: fewer than VL/16 whole blocks left; X_TW, lane 0 of TW, is
     the next block's tweak.  */
  .if VL > 16
    test LEN, LEN
    jz .Lsteal\@
.Lblock_loop\@:
    _xts_one_block \enc, (SRC), X_TW, X0
    vmovdqu X0, (DST)
    add $16, SRC
    add $16, DST
    _mul_x_xmm X_TW, X_TW
    sub $16, LEN
    jnz .Lblock_loop\@
  .endif

  /* Step 5: ciphertext stealing.  */
.Lsteal\@:
  test TAIL, TAIL
  jz .Ldone\@
  lea .Lsteal_shuf(%rip), TMP64
  mov TMP64, KEY
  sub TAIL, KEY                 /* KEY + 32: control taking the last
                                   TAIL bytes of 16 to the front */
  .if \enc
    /* SRC: P_m (TAIL bytes); DST: C_m; DST - 16 holds CC; X_TW = T_m. */
    vmovdqu -16(DST), X1                /* CC */
    vmovdqu -16(SRC,TAIL), X2           /* ... || P_m */
    vmovdqu 32(KEY), X3
    vpshufb X3, X2, X2                  /* P_m || 0 */
    vpblendvb X3, X1, X2, X2            /* P_m || CC[t..16) */
    vpshufb (TMP64,TAIL), X1, X1        /* ... || CC[0..t) */
    vmovdqu X1, -16(DST,TAIL)           /* C_m, and bytes of C_(m-1) */
    _xts_one_block 1, X2, X_TW, X0
    vmovdqu X0, -16(DST)                /* C_(m-1) */
  .else
    /* SRC: C_(m-1) || C_m; DST likewise; X_TW = T_(m-1).  */
    _mul_x_xmm X_TW, X4                 /* T_m */
    _xts_one_block 0, (SRC), X4, X1     /* PP */
    vmovdqu (SRC,TAIL), X2              /* ... || C_m */
    vmovdqu 32(KEY), X3
    vpshufb X3, X2, X2                  /* C_m || 0 */
    vpblendvb X3, X1, X2, X2            /* C_m || PP[t..16) */
    vpshufb (TMP64,TAIL), X1, X1        /* ... || PP[0..t) */
    vmovdqu X1, (DST,TAIL)              /* P_m, and bytes of P_(m-1) */
    _xts_one_block 0, X2, X_TW, X0
    vmovdqu X0, (DST)                   /* P_(m-1) */
  .endif

.Ldone\@:
  vmovdqu X_TW, (TWEAKP)
  /* Leave no round key, tweak or data behind.  */
  .irp i, 0,1,2,3,4,5,6,7,8,10,11,12,13,14,15
    _vzero X\i
  .endr
  .if USE_EVEX
    .irp j, 0,1,2,3,4,5,6,7
      vpxord W\j, W\j, W\j
    .endr
  .else
    .irp j, 0,1,2,3,4,5,6,7
      vmovdqa V0, \j*VL(%rsp)
    .endr
  .endif
  .if VL > 16
    vzeroupper
  .endif
  .if !USE_EVEX
    mov %rbp, %rsp
    pop %rbp
    .cfi_def_cfa %rsp, 8
    .cfi_restore %rbp
  .endif
  ret
.endm


GCRY_ASM_RODATA
.p2align 6
/* Per-lane shift counts of step 2: lane j shifts left by j, and right by
   64 - j (64: nothing leaves lane 0).  */
.Llane_lshift:
  .quad 0, 0, 1, 1, 2, 2, 3, 3
.Llane_rshift:
  .quad 64, 64, 63, 63, 62, 62, 61, 61
/* The reduction: 0x87 for the carry out of bit 127, 1 for the carry out
   of bit 63 (the shift version uses both, VPCLMULQDQ the first).  */
.Lgf_poly:
  .quad 0x87, 1
/* Stealing controls: 16 bytes at offset t give (0x80 x (16-t), 0..t-1),
   "move the first t bytes to the end"; 16 bytes at offset 32 - t give
   (16-t .. 15, 0x80 x (16-t)), "move the last t bytes to the front",
   whose high bits also mark the bytes to take from the stolen block.  */
.Lsteal_shuf:
  .rept 16
    .byte 0x80
  .endr
  .byte 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
  .rept 16
    .byte 0x80
  .endr

.text

_set_veclen 16, 0
GCRY_ASM_FUNC_START(_gcry_aes_xts_enc_aesni_avx)
  _aes_xts_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_xts_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_xts_dec_aesni_avx)
  _aes_xts_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_xts_dec_aesni_avx)

_set_veclen 32, 0
GCRY_ASM_FUNC_START(_gcry_aes_xts_enc_vaes_avx2)
  _aes_xts_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_xts_enc_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_xts_dec_vaes_avx2)
  _aes_xts_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_xts_dec_vaes_avx2)

_set_veclen 32, 1
GCRY_ASM_FUNC_START(_gcry_aes_xts_enc_vaes_avx512_ymm)
  _aes_xts_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_xts_enc_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_xts_dec_vaes_avx512_ymm)
  _aes_xts_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_xts_dec_vaes_avx512_ymm)

_set_veclen 64, 1
GCRY_ASM_FUNC_START(_gcry_aes_xts_enc_vaes_avx512_zmm)
  _aes_xts_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_xts_enc_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_xts_dec_vaes_avx512_zmm)
  _aes_xts_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_xts_dec_vaes_avx512_zmm)

GCRY_ASM_NOTES
