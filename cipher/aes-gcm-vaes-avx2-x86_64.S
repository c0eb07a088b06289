/* aes-gcm-vaes-avx2-x86_64.S - stitched AES-GCM on 16 vector registers
 * without masks: VAES + VPCLMULQDQ + AVX2, and AES-NI + PCLMULQDQ + AVX.
 *
 *   variant     VL  vectors/batch  blocks/batch  CPU features
 *   vaes_avx2   32  8              16            VAES, VPCLMULQDQ, AVX2
 *   aesni_avx   16  8               8            AES-NI, PCLMULQDQ, AVX
 *
 * vaes_avx2 is for Zen 3 and for Intel cores with VAES but no AVX-512
 * (Alder Lake and later client cores); aesni_avx is the floor, every
 * AES-NI CPU since Sandy Bridge and Bulldozer.  The kernel table decides.
 *
 * The operation, the field arithmetic (reflected blocks, powers of H
 * premultiplied by x^-1, the two 64-bit Montgomery folds by
 * 0xc200000000000000), the key layout (H^32 .. H^1) and the stitching
 * are those of aes-gcm-avx512-x86_64.S, whose header derives them.  What
 * 16 registers and VEX change, and why this is its own file:
 *  - Register plan: eight AES states, one round-key register, the GHASH
 *    data, one product temporary, the three product sums, the
 *    accumulator and the counter fill all 16.  Round keys are broadcast
 *    from memory once per round and batch (the round-key pointer rebased
 *    so each is a signed 8-bit displacement); the byte-reversal
 *    control, the reduction constant, the counter steps and the powers
 *    of H are memory operands.
 *  - Eight vectors per batch (not four): without round keys in
 *    registers, eight independent AES states are what hides the VAES /
 *    AES-NI latency; the GHASH of eight vectors plus its reduction and
 *    lane sum take ten steps, nine of them riding on the nine rounds
 *    every key size has.
 *  - No masks: a tail hashes its whole blocks one at a time (128-bit
 *    products summed, one reduction) and crypts whole vectors, then a
 *    16-byte block, then the final 1..15 bytes through a 16-byte bounce
 *    buffer in the red zone, copied in 8/4/2/1-byte pieces so no byte
 *    outside the caller's buffers is touched; the buffer is wiped.
 *  - No vpternlogd: the three-way sums are two vpxor.
 *  - No flags in NBYTES (GCM_BULK_EK_J0, GCM_BULK_TAG): the glue does
 *    those steps around the call.
 *
 * Entry points (SysV AMD64; C prototypes and duties in
 * cipher/aes-x86-kernels.h):
 *
 *   void _gcry_aes_gcm_enc_<variant> (const aes_hw_key_t *key,
 *          const byte *hkey, byte acc[16], byte ctr[16], byte *out,
 *          const byte *in, size_t nbytes, byte ks_tail[16]);
 *   void _gcry_aes_gcm_dec_<variant> (same arguments);
 *   void _gcry_aes_gcm_ghash_<variant> (const byte *hkey, byte acc[16],
 *          const byte *buf, size_t nbytes);   NBYTES a multiple of 16
 *
 * Registers that held keys, keystream or data are zeroed on exit;
 * vaes_avx2 ends with vzeroupper.  The stack pointer never moves and no
 * callee-saved register is touched.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"
#include "aes-x86-macros.h"

#define AES_KEY_ENC_OFFSET      0
#define AES_KEY_ROUNDS_OFFSET   480
#define GCM_HPOW_BYTES          512

/*
 * General-purpose registers.
 */
.set KEY,       %rdi    /* aes_hw_key_t *; for RK0 and ROUNDS */
.set HKEY,      %rsi    /* powers of H; advanced in the final tail */
.set ACCP,      %rdx    /* GHASH accumulator, written at exit */
.set CTRP,      %rcx    /* counter block, written at entry */
.set PTR,       %rcx    /* tail: data to hash (CTRP is done then) */
.set DST,       %r8
.set SRC,       %r9
.set LEN,       %r10
.set RKBASE,    %r11    /* &enc[ROUNDS] - 112: round key e at 112-16*e */
.set OFF,       %r11    /* tail: offset in the partial-block copies */
.set AUX,       %rax    /* scratch */
.set AUX32,     %eax
.set AUX16,     %ax
.set AUX8,      %al

.macro _set_veclen vl
  _set_vregs \vl, 0
  .set NVEC, 8
  .set BATCH, NVEC * VL
  .set HPOW_BATCH, GCM_HPOW_BYTES - BATCH
  .set NSTEPS, NVEC + 2

  /* V0-V7: AES states of the batch; in the tail, keystream.  */
  .set RK_TMP,  V8      /* round key of the current round */
  .set GHDATA,  V9      /* byte-reversed ciphertext being hashed */
  .set X_GHDATA, X9
  .set T0,      V10     /* one product */
  .set X_T0,    X10
  .set LO,      V11     /* product bits 0-127, per lane */
  .set X_LO,    X11
  .set MID,     V12     /* bits 64-191 */
  .set X_MID,   X12
  .set HI,      V13     /* bits 128-255; the reduced result */
  .set X_HI,    X13
  .set ACC,     V14     /* GHASH state, lane 0 only */
  .set X_ACC,   X14
  .set LE_CTR,  V15     /* next counter blocks, byte-reversed per lane */
  .set X_LE_CTR, X15
.endm

/* DATA * POW (a register or memory) into LO/MID/HI: FIRST starts the
   sums.  */
.macro _ghash_mul first, data, pow, lo, mid, hi, t0
  .if \first
    vpclmulqdq $0x00, \pow, \data, \lo
    vpclmulqdq $0x11, \pow, \data, \hi
    vpclmulqdq $0x01, \pow, \data, \mid
    vpclmulqdq $0x10, \pow, \data, \t0
    vpxor \t0, \mid, \mid
  .else
    vpclmulqdq $0x00, \pow, \data, \t0
    vpxor \t0, \lo, \lo
    vpclmulqdq $0x11, \pow, \data, \t0
    vpxor \t0, \hi, \hi
    vpclmulqdq $0x01, \pow, \data, \t0
    vpxor \t0, \mid, \mid
    vpclmulqdq $0x10, \pow, \data, \t0
    vpxor \t0, \mid, \mid
  .endif
.endm

/* HI = (LO, MID, HI) / y^128 mod g*, per lane.  */
.macro _ghash_reduce lo, mid, hi, t0
  vpclmulqdq $0x00, .Lgfpoly(%rip), \lo, \t0
  vpshufd $0x4e, \lo, \lo
  vpxor \lo, \mid, \mid
  vpxor \t0, \mid, \mid
  vpclmulqdq $0x00, .Lgfpoly(%rip), \mid, \t0
  vpshufd $0x4e, \mid, \mid
  vpxor \mid, \hi, \hi
  vpxor \t0, \hi, \hi
.endm

.macro _ghash_step s, base, disp
  .if \s < NVEC
    vmovdqu \disp+(\s)*VL(\base), GHDATA
    vpshufb .Lbswap128x2(%rip), GHDATA, GHDATA
    .if \s == 0
      vpxor ACC, GHDATA, GHDATA
      _ghash_mul 1, GHDATA, HPOW_BATCH+(\s)*VL(HKEY), LO, MID, HI, T0
    .else
      _ghash_mul 0, GHDATA, HPOW_BATCH+(\s)*VL(HKEY), LO, MID, HI, T0
    .endif
  .elseif \s == NVEC
    _ghash_reduce LO, MID, HI, T0
  .elseif \s == NVEC + 1
    .if VL == 32
      vextracti128 $1, HI, X_T0
      vpxor X_T0, X_HI, X_ACC
    .else
      vmovdqa X_HI, X_ACC
    .endif
  .endif
.endm

.macro _ghash_batch base, disp
  .irp s, 0,1,2,3,4,5,6,7,8,9,10,11
    .if \s < NSTEPS
      _ghash_step \s, \base, \disp
    .endif
  .endr
.endm

/* GHASH of AUX whole blocks (AUX > 0) at PTR, one 16-byte block at a
   time with the last AUX powers, one reduction.  Clobbers PTR, AUX,
   HKEY.  */
.macro _ghash_tail
  shl $4, AUX
  add $GCM_HPOW_BYTES, HKEY
  sub AUX, HKEY
  vpxor X_LO, X_LO, X_LO
  vpxor X_MID, X_MID, X_MID
  vpxor X_HI, X_HI, X_HI
1:
  vmovdqu (PTR), X_GHDATA
  vpshufb .Lbswap128x2(%rip), X_GHDATA, X_GHDATA
  vpxor X_ACC, X_GHDATA, X_GHDATA       /* ACC joins the first block... */
  vpxor X_ACC, X_ACC, X_ACC             /* ...only */
  _ghash_mul 0, X_GHDATA, (HKEY), X_LO, X_MID, X_HI, X_T0
  add $16, PTR
  add $16, HKEY
  sub $16, AUX
  jnz 1b
  _ghash_reduce X_LO, X_MID, X_HI, X_T0
  vmovdqa X_HI, X_ACC
.endm

/* V0..V(K-1) = the next K vectors of counter blocks xor RK0.  */
.macro _ctr_blocks k
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vpshufb .Lbswap128x2(%rip), LE_CTR, V\i
      .if VL == 16
        vpaddd .Linc1(%rip), LE_CTR, LE_CTR
      .else
        vpaddd .Linc2x2(%rip), LE_CTR, LE_CTR
      .endif
    .endif
  .endr
  _vbroadcast128 AES_KEY_ENC_OFFSET(KEY), RK_TMP
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vpxor RK_TMP, V\i, V\i
    .endif
  .endr
.endm

.macro _aes_round e, k
  _vbroadcast128 112-16*\e(RKBASE), RK_TMP
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenc RK_TMP, V\i, V\i
    .endif
  .endr
.endm

.macro _aes_middle k, ghash, ghbase, ghdisp
  cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
  jb 2f
  je 1f
  _aes_round 13, \k
  _aes_round 12, \k
1:
  _aes_round 11, \k
  _aes_round 10, \k
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round \e, \k
    .if \ghash
      _ghash_step 9-\e, \ghbase, \ghdisp
    .endif
  .endr
  .if \ghash
    .irp s, 9,10,11
      .if \s < NSTEPS
        _ghash_step \s, \ghbase, \ghdisp
      .endif
    .endr
  .endif
.endm

.macro _crypt_batch ghash, ghbase, ghdisp
  _ctr_blocks NVEC
  _aes_middle NVEC, \ghash, \ghbase, \ghdisp
  _vbroadcast128 112(RKBASE), RK_TMP
  .irp i, 0,1,2,3,4,5,6,7
    vpxor \i*VL(SRC), RK_TMP, GHDATA
    vaesenclast GHDATA, V\i, V\i
    vmovdqu V\i, \i*VL(DST)
  .endr
  add $BATCH, SRC
  add $BATCH, DST
  sub $BATCH, LEN
.endm

.macro _tail_keystream k
  _ctr_blocks \k
  _aes_middle \k, 0
  _vbroadcast128 112(RKBASE), RK_TMP
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenclast RK_TMP, V\i, V\i
    .endif
  .endr
.endm

/* Copy LEN & 15 bytes from SDISP(SBASE) to DDISP(DBASE) in 8/4/2/1-byte
   pieces, touching no other byte.  Clobbers OFF and AUX.  */
.macro _copy_partial_block sdisp, sbase, ddisp, dbase
  xor %r11d, %r11d
  test $8, LEN
  jz 1f
  mov \sdisp(\sbase), AUX
  mov AUX, \ddisp(\dbase)
  mov $8, %r11d
1:
  test $4, LEN
  jz 1f
  mov \sdisp(\sbase,OFF), AUX32
  mov AUX32, \ddisp(\dbase,OFF)
  add $4, OFF
1:
  test $2, LEN
  jz 1f
  movzwl \sdisp(\sbase,OFF), AUX32
  mov AUX16, \ddisp(\dbase,OFF)
  add $2, OFF
1:
  test $1, LEN
  jz 1f
  movzbl \sdisp(\sbase,OFF), AUX32
  mov AUX8, \ddisp(\dbase,OFF)
1:
.endm


/*
 * The template.  DEC: 0 encrypts, 1 decrypts.
 */
.macro _aes_gcm_crypt dec
  mov 8(%rsp), LEN
  test LEN, LEN
  jz .Lreturn\@

  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  lea AES_KEY_ENC_OFFSET-112(KEY,AUX), RKBASE
  vmovdqu (ACCP), X_ACC
  vpshufb .Lbswap128x2(%rip), X_ACC, X_ACC

  /* Counter: LE_CTR lane j = first block + j; the block to leave
     behind is stored now.  */
  vmovdqu (CTRP), X_LE_CTR
  vpshufb .Lbswap128x2(%rip), X_LE_CTR, X_LE_CTR
  lea 15(LEN), AUX
  shr $4, AUX
  vmovd AUX32, X_T0
  vpaddd X_T0, X_LE_CTR, X_T0
  vpshufb .Lbswap128x2(%rip), X_T0, X_T0
  vmovdqu X_T0, (CTRP)
  .if VL == 32
    vinserti128 $1, X_LE_CTR, LE_CTR, LE_CTR
    vpaddd .Llane_offsets(%rip), LE_CTR, LE_CTR
  .endif

  cmp $BATCH, LEN
  jb .Ltail\@
  .if !\dec
    _crypt_batch 0
    cmp $BATCH, LEN
    jb .Lhash_last\@
  .endif
.p2align 4
.Lloop\@:
  .if \dec
    _crypt_batch 1, SRC, 0
  .else
    _crypt_batch 1, DST, -BATCH
  .endif
  cmp $BATCH, LEN
  jae .Lloop\@
  .if !\dec
.Lhash_last\@:
    _ghash_batch DST, -BATCH
  .endif

  /* 0 <= LEN < BATCH.  */
.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  .if \dec
    mov LEN, AUX
    shr $4, AUX
    jz .Lhashed\@
    mov SRC, PTR
    _ghash_tail
.Lhashed\@:
  .endif
  cmp $4*VL, LEN
  ja .Lks8\@
  cmp $2*VL, LEN
  ja .Lks4\@
  cmp $VL, LEN
  ja .Lks2\@
  _tail_keystream 1
  jmp .Lstore\@
.Lks2\@:
  _tail_keystream 2
  jmp .Lstore\@
.Lks4\@:
  _tail_keystream 4
  jmp .Lstore\@
.Lks8\@:
  _tail_keystream 8
.Lstore\@:
  .if !\dec
    mov DST, PTR                        /* ciphertext to hash afterwards */
    mov LEN, KEY                        /* and its length (KEY is done) */
  .endif
  /* Whole vectors; the first one that is not goes to V0.  */
  .irp i, 0,1,2,3,4,5,6,7
    cmp $VL, LEN
    .if \i == 0
      jb .Lpartial\@
    .else
      jae 1f
      vmovdqa V\i, V0
      jmp .Lpartial\@
1:
    .endif
    vpxor (SRC), V\i, V\i
    vmovdqu V\i, (DST)
    add $VL, SRC
    add $VL, DST
    sub $VL, LEN
  .endr
  /* 0 <= LEN < VL bytes left; V0 holds their keystream.  */
.Lpartial\@:
  test LEN, LEN
  jz .Lcrypted\@
  .if VL == 32
    cmp $16, LEN
    jb 1f
    vpxor (SRC), X0, X1
    vmovdqu X1, (DST)
    add $16, SRC
    add $16, DST
    sub $16, LEN
    jz .Lcrypted\@
    vextracti128 $1, V0, X0
1:
  .endif
  /* 1..15 bytes; X0 is their keystream block.  */
  mov 16(%rsp), AUX
  vmovdqu X0, (AUX)
  _copy_partial_block 0, SRC, -16, %rsp
  vpxor -16(%rsp), X0, X1
  vmovdqu X1, -16(%rsp)
  _copy_partial_block -16, %rsp, 0, DST
  vpxor X1, X1, X1
  vmovdqu X1, -16(%rsp)
.Lcrypted\@:
  .if !\dec
    mov KEY, AUX
    shr $4, AUX
    jz .Ldone\@
    _ghash_tail
  .endif

.Ldone\@:
  vpshufb .Lbswap128x2(%rip), X_ACC, X_ACC
  vmovdqu X_ACC, (ACCP)
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    vpxor X\i, X\i, X\i
  .endr
  .if VL > 16
    vzeroupper
  .endif
.Lreturn\@:
  ret
.endm

.macro _aes_gcm_ghash
  mov %rcx, LEN
  mov %rdx, SRC
  mov %rsi, ACCP
  mov %rdi, HKEY
  test LEN, LEN
  jz .Lreturn\@
  vmovdqu (ACCP), X_ACC
  vpshufb .Lbswap128x2(%rip), X_ACC, X_ACC
  cmp $BATCH, LEN
  jb .Ltail\@
.p2align 4
.Lloop\@:
  _ghash_batch SRC, 0
  add $BATCH, SRC
  sub $BATCH, LEN
  cmp $BATCH, LEN
  jae .Lloop\@
.Ltail\@:
  mov LEN, AUX
  shr $4, AUX
  jz .Lhashed\@
  mov SRC, PTR
  _ghash_tail
.Lhashed\@:
  vpshufb .Lbswap128x2(%rip), X_ACC, X_ACC
  vmovdqu X_ACC, (ACCP)
  .irp i, 9,10,11,12,13,14
    vpxor X\i, X\i, X\i
  .endr
  .if VL > 16
    vzeroupper
  .endif
.Lreturn\@:
  ret
.endm


GCRY_ASM_RODATA
.p2align 5
/* vpshufb control reversing the 16 bytes of each lane.  */
.Lbswap128x2:
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* y^63 + y^62 + y^57 in qword 0 of each lane: the reduction multiplier. */
.Lgfpoly:
  .quad 0xc200000000000000, 0, 0xc200000000000000, 0
/* Lane 1 of the ymm counter is one block ahead of lane 0.  */
.Llane_offsets:
  .long 0, 0, 0, 0, 1, 0, 0, 0
/* Per-vector counter steps (dword 0 of each lane).  */
.Linc2x2:
  .long 2, 0, 0, 0, 2, 0, 0, 0
.Linc1:
  .long 1, 0, 0, 0

.text

_set_veclen 32
GCRY_ASM_FUNC_START(_gcry_aes_gcm_enc_vaes_avx2)
  _aes_gcm_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_gcm_enc_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_dec_vaes_avx2)
  _aes_gcm_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_gcm_dec_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_ghash_vaes_avx2)
  _aes_gcm_ghash
GCRY_ASM_FUNC_END(_gcry_aes_gcm_ghash_vaes_avx2)

_set_veclen 16
GCRY_ASM_FUNC_START(_gcry_aes_gcm_enc_aesni_avx)
  _aes_gcm_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_gcm_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_dec_aesni_avx)
  _aes_gcm_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_gcm_dec_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_ghash_aesni_avx)
  _aes_gcm_ghash
GCRY_ASM_FUNC_END(_gcry_aes_gcm_ghash_aesni_avx)

GCRY_ASM_NOTES
