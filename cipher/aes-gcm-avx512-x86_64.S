/* aes-gcm-avx512-x86_64.S - stitched AES-GCM with VAES and VPCLMULQDQ
 * on AVX-512: one template, two vector lengths.
 *
 *   variant            VL  vectors/batch  blocks/batch  CPU features
 *   vaes_avx512_zmm    64  4              16            VAES, VPCLMULQDQ,
 *   vaes_avx512_ymm    32  8              16            AVX512F/BW/VL
 *
 * zmm is for AVX-512 CPUs that keep their clock on 512-bit code
 * (Sapphire Rapids and later, Zen 4, Zen 5); ymm for those that do not
 * (Ice Lake server, Tiger Lake).  The kernel table decides; nothing here
 * tests CPU features.  The 16-register AVX2 and AES-NI variants live in
 * aes-gcm-vaes-avx2-x86_64.S: without masks and registers 16-31 their
 * tails and register plan differ too much to share this body.
 *
 * What a call does (SP 800-38D, section 7): the counter blocks CB_i are
 * inc32 steps from the 16-byte block at CTR, C = P xor E(K, CB_i), and
 * every whole 16-byte block of the ciphertext is absorbed into the GHASH
 * accumulator ACC (Y_i = (Y_(i-1) xor C_i) * H).  A final partial block
 * is encrypted (its keystream block goes to KS_TAIL) but not hashed: the
 * caller keeps those bytes, since the next call may complete the block.
 * The GHASH-only entry absorbs whole blocks (AAD, the length block).
 *
 * The field arithmetic.  Blocks are loaded byte-reversed (vpshufb), so
 * the 128-bit integer has the coefficient of x^0 in bit 127.  Reading
 * bit i of that integer as the coefficient of y^i (y standing for 1/x)
 * turns the map A -> a into a ring map up to a factor: with
 * phi(A) = psi(A) y^127 (psi: x -> y^-1), the carry-less product of
 * phi(A) and phi(B) equals phi(A B) y^127 modulo g*(y) = y^128 + y^127
 * + y^126 + y^121 + 1 (the reversed GCM polynomial).  The key stores
 * each power as phi(H^k x^-1) = phi(H^k) y, so clmul(phi(A),
 * phi(H^k x^-1)) = phi(A H^k) y^128: what remains is to divide a 256-bit
 * product by y^128 modulo g* -- a Montgomery reduction, done 64 bits at
 * a time.  For a value V with low 64 bits V0:
 *
 *   V + V0 g*  is divisible by y^64, since g* = 1 mod y^64, and
 *   (V + V0 g*) / y^64 = (V >> 64) + V0 (y^64 + y^63 + y^62 + y^57).
 *
 * V0 y^64 is V0 moved up by 64 bits, and V0 (y^63 + y^62 + y^57) is one
 * carry-less multiply by the constant 0xc200000000000000.  With the
 * product kept as LO (bits 0-127), MID (bits 64-191) and HI (bits
 * 128-255), two such steps give:
 *
 *   MID ^= swap64(LO) ^ clmul(LO[63:0], 0xc2..00)
 *   HI  ^= swap64(MID) ^ clmul(MID[63:0], 0xc2..00)    HI = the result
 *
 * (swap64 exchanges the two 64-bit halves: its low half is the V >> 64
 * part, its high half the V0 y^64 part.)  Both steps are linear, so
 * sums of products are reduced once: aggregated reduction.  A batch of
 * N blocks C_1..C_N is absorbed as (Y xor C_1) H^N xor C_2 H^(N-1) xor
 * ... xor C_N H, lane j of vector v taking H^(N - 4v - j) (zmm), the
 * per-lane results reduced in place and their lanes summed at the end.
 *
 * Key layout (what the glue's setkey writes, gcm_bulk_key_t): 16 powers,
 * H^16 first and H^1 last, each phi(H^k x^-1) as a little-endian 128-bit
 * integer, then 48 zero bytes.  A batch of N blocks reads the last N
 * entries; a tail of n blocks the last n, so vector v of any batch loads
 * contiguous powers (a tail's last vector may run into the padding).
 *
 * Tricks, and what they buy:
 *  - Stitching: each middle AES round of a batch is followed by one step
 *    of the GHASH of the previous batch's ciphertext (encryption) or of
 *    this batch's ciphertext (decryption, which reads it before writing
 *    the plaintext over it), so the carry-less multiplies run on their
 *    own ports while VAES is busy.  Encryption runs its first batch
 *    without GHASH and hashes its last batch with the tail's keystream
 *    (or alone when there is no tail).
 *  - A tail's whole blocks are hashed before anything of the tail is
 *    stored, from the input (xored with the keystream registers when
 *    encrypting): a load of bytes just written by a masked store waits
 *    for the store to retire.
 *  - One code path for AES-128/192/256: round keys by from-end index, as
 *    in aes-ctr-x86_64.S; the GHASH steps ride on the 9 rounds every key
 *    size has.  All round keys live in registers 16-30.
 *  - inc32 for free: the counter block is kept byte-reversed, so its
 *    big-endian low 32 bits are dword 0 of each lane and vpaddd wraps
 *    them exactly as SP 800-38D's inc32 does; no call needs splitting.
 *  - The updated counter block is written once, with one 16-byte store
 *    at entry (its value is known then), so the next call's load is
 *    forwarded from it.
 *  - The last AES round gets the input xored into the last round key,
 *    so vaesenclast produces the output directly.
 *  - vpternlogd folds three-way xors of the products and the reduction.
 *  - Tails are exact with masked loads and stores (masks from bzhi): no
 *    byte outside the caller's buffers is read or written.  The
 *    keystream lane of a final partial block is picked with vpcompressq.
 *  - zmm batches are 4 vectors, ymm batches 8: 16 blocks either way,
 *    enough independent AES states to cover VAES latency at both widths.
 *    Eight states plus all round keys leave no register for the powers
 *    of H, so they are memory operands of vpclmulqdq (zmm loads each
 *    vector's powers once into a spare AES-state register).
 *  - Registers that held keys, keystream or data are zeroed on exit;
 *    vzeroupper ends both variants.  The stack pointer never moves and
 *    no callee-saved register is touched.
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
 * ACC is the GHASH state as SP 800-38D writes it.  OUT == IN allowed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"
#include "aes-x86-macros.h"

/* Offsets in aes_hw_key_t (cipher/aes-aesni.h), pinned by static_asserts
   in cipher/aes-x86-kernels.h.  */
#define AES_KEY_ENC_OFFSET      0
#define AES_KEY_ROUNDS_OFFSET   480
/* Bytes of powers of H in the GCM key: H^16 .. H^1.  */
#define GCM_HPOW_BYTES          256

/*
 * General-purpose registers.
 */
.set KEY,       %rdi    /* aes_hw_key_t *; kept for its ROUNDS field */
.set HKEY,      %rsi    /* powers of H; advanced in the final tail */
.set ACCP,      %rdx    /* GHASH accumulator, written at exit */
.set CTRP,      %rcx    /* counter block, written at entry */
.set DST,       %r8     /* output, advanced */
.set SRC,       %r9     /* input, advanced */
.set LEN,       %r10    /* bytes still to process */
.set TMP,       %r11    /* scratch */
.set TMP32,     %r11d
.set AUX,       %rax    /* scratch: block counts, tail lengths */
.set AUX32,     %eax

.macro _set_veclen vl, nvec
  _set_vregs \vl, 1
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .set Y\i, %ymm\i
  .endr
  .set NVEC, \nvec                      /* vectors per batch */
  .set BATCH, NVEC * VL                 /* bytes per batch */
  .set HPOW_BATCH, GCM_HPOW_BYTES - BATCH /* offset of H^(BATCH/16) */
  .set NSTEPS, NVEC + 2                 /* GHASH steps per batch */

  /* V0-V(NVEC-1): AES states of the batch; in the tail, keystream.
     The powers of H, the reduction constant and the counter step are
     memory operands: with eight AES states (ymm) and all round keys in
     registers, nothing else fits.  */
  .set GHDATA,  V8      /* ciphertext being hashed; temporary */
  .set X_GHDATA, X8
  .set T0,      V9      /* products */
  .set T1,      V10
  .set X_T0,    X9
  .set Y_T0,    Y9
  .set LO,      V11     /* product bits 0-127, per lane */
  .set MID,     V12     /* bits 64-191 */
  .set HI,      V13     /* bits 128-255; the reduced result */
  .set X_HI,    X13
  .set Y_HI,    Y13
  .set ACC,     V14     /* GHASH state, lane 0 only (upper lanes 0) */
  .set X_ACC,   X14
  .set BSWAP,   V15     /* byte reversal of each lane */
  .set X_BSWAP, X15
  .set LE_CTR,  V31     /* next counter blocks, byte-reversed per lane */
  .set X_LE_CTR, X31
  /* Round keys: RK0 the first, RK_LAST the last, RKe the one e rounds
     before the last (e = 1..13).  */
  .set RK0,     V16
  .set RK_LAST, V17
  .set RK1, V18
  .set RK2, V19
  .set RK3, V20
  .set RK4, V21
  .set RK5, V22
  .set RK6, V23
  .set RK7, V24
  .set RK8, V25
  .set RK9, V26
  .set RK10, V27
  .set RK11, V28
  .set RK12, V29
  .set RK13, V30
.endm

/* Byte mask of the first min(\nbytes, 64) bytes (\nbytes < 256) in %k1.
   Clobbers TMP.  */
.macro _bytemask nbytes
  mov $-1, TMP
  bzhi \nbytes, TMP, TMP
  .if VL == 64
    kmovq TMP, %k1
  .else
    kmovd TMP32, %k1
  .endif
.endm

/* Multiply-accumulate GHDATA (byte-reversed blocks) by POW (register
   or memory) into LO, MID, HI.  FIRST: start the sums instead of adding
   to them.  */
.macro _ghash_mul first, pow
  .if \first
    vpclmulqdq $0x00, \pow, GHDATA, LO
    vpclmulqdq $0x11, \pow, GHDATA, HI
    vpclmulqdq $0x01, \pow, GHDATA, MID
    vpclmulqdq $0x10, \pow, GHDATA, T0
    vpxord T0, MID, MID
  .else
    vpclmulqdq $0x00, \pow, GHDATA, T0
    vpclmulqdq $0x11, \pow, GHDATA, T1
    vpxord T0, LO, LO
    vpxord T1, HI, HI
    vpclmulqdq $0x01, \pow, GHDATA, T0
    vpclmulqdq $0x10, \pow, GHDATA, T1
    vpternlogd $0x96, T0, T1, MID
  .endif
.endm

/* The two Montgomery steps of the header, per lane: HI = (LO, MID, HI)
   / y^128 mod g*.  */
.macro _ghash_reduce
  vpclmulqdq $0x00, .Lgfpoly(%rip), LO, T0
  vpshufd $0x4e, LO, LO
  vpternlogd $0x96, T0, LO, MID
  vpclmulqdq $0x00, .Lgfpoly(%rip), MID, T0
  vpshufd $0x4e, MID, MID
  vpternlogd $0x96, T0, MID, HI
.endm

/* ACC = sum of the lanes of HI.  */
.macro _ghash_fold_lanes
  .if VL == 64
    vextracti64x4 $1, HI, Y_T0
    vpxord Y_T0, Y_HI, Y_HI
  .endif
  vextracti32x4 $1, Y_HI, X_T0
  vpxord X_T0, X_HI, X_ACC
.endm

/* Step S of the GHASH of one batch of ciphertext at DISP(BASE): steps
   0..NVEC-1 multiply vector S by its powers, then reduce, then sum the
   lanes into ACC.  */
.macro _ghash_step s, base, disp
  .if \s < NVEC
    vmovdqu8 \disp+(\s)*VL(\base), GHDATA
    vpshufb BSWAP, GHDATA, GHDATA
    .if \s == 0
      vpxord ACC, GHDATA, GHDATA
    .endif
    .if NVEC == 4
      /* A free AES-state register: one load of the powers, not four. */
      vmovdqu8 HPOW_BATCH+(\s)*VL(HKEY), V7
      .if \s == 0
        _ghash_mul 1, V7
      .else
        _ghash_mul 0, V7
      .endif
    .elseif \s == 0
      _ghash_mul 1, HPOW_BATCH+(\s)*VL(HKEY)
    .else
      _ghash_mul 0, HPOW_BATCH+(\s)*VL(HKEY)
    .endif
  .elseif \s == NVEC
    _ghash_reduce
  .elseif \s == NVEC + 1
    _ghash_fold_lanes
  .endif
.endm

/* The whole GHASH of one batch, unstitched.  */
.macro _ghash_batch base, disp
  .irp s, 0,1,2,3,4,5,6,7,8,9
    .if \s < NSTEPS
      _ghash_step \s, \base, \disp
    .endif
  .endr
.endm

/* GHASH of the whole blocks among the first LEN bytes at SRC (none
   when LEN < 16), with the last powers of H.  KS: the blocks are
   plaintext and V0, V1, ... their keystream (the tail of an encryption,
   hashed before it is stored: a load right after a masked store of the
   same bytes would wait for the store to retire).  Zero-masked loads
   stop at the last whole block; the powers are read unmasked, past H^1
   into the key's zero padding, since zero data lanes make their
   products zero.  Clobbers AUX, HKEY, TMP, %k1.  */
.macro _ghash_tail ks
  mov LEN, AUX
  and $-16, AUX
  jz .Lghash_tail_done\@
  add $GCM_HPOW_BYTES, HKEY
  sub AUX, HKEY
  vpxor X11, X11, X11                   /* LO, MID, HI = 0 */
  vpxor X12, X12, X12
  vpxor X13, X13, X13
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < NVEC
      _bytemask AUX
      vmovdqu8 \i*VL(SRC), GHDATA{%k1}{z}
      .if \ks
        vpxord V\i, GHDATA, GHDATA{%k1}{z}
      .endif
      vpshufb BSWAP, GHDATA, GHDATA
      .if \i == 0
        vpxord ACC, GHDATA, GHDATA
      .endif
      _ghash_mul 0, \i*VL(HKEY)
      .if \i < NVEC - 1
        sub $VL, AUX
        jbe .Lghash_tail_reduce\@
      .endif
    .endif
  .endr
.Lghash_tail_reduce\@:
  _ghash_reduce
  _ghash_fold_lanes
.Lghash_tail_done\@:
.endm

/* V0..V(K-1) = the next K vectors of counter blocks xor RK0.  */
.macro _ctr_blocks k
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vpshufb BSWAP, LE_CTR, V\i
      .if VL == 64
        vpaddd .Linc4(%rip), LE_CTR, LE_CTR
      .else
        vpaddd .Linc2(%rip), LE_CTR, LE_CTR
      .endif
    .endif
  .endr
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vpxord RK0, V\i, V\i
    .endif
  .endr
.endm

.macro _aes_round e, k
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenc RK\e, V\i, V\i
    .endif
  .endr
.endm

/* Middle rounds on V0..V(K-1); with GHASH nonzero, each of the last 9
   is followed by one GHASH step of the batch at GHDISP(GHBASE).  */
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

/* One full batch: counters, rounds (stitched with a GHASH batch when
   GHASH is set), last round with the input folded in, store.  */
.macro _crypt_batch ghash, ghbase, ghdisp
  _ctr_blocks NVEC
  _aes_middle NVEC, \ghash, \ghbase, \ghdisp
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < NVEC
      vpxord \i*VL(SRC), RK_LAST, GHDATA
      vaesenclast GHDATA, V\i, V\i
      vmovdqu8 V\i, \i*VL(DST)
    .endif
  .endr
  add $BATCH, SRC
  add $BATCH, DST
  sub $BATCH, LEN
.endm

/* Tail keystream: K vectors into V0..V(K-1), stitched with the GHASH
   of a batch at GHDISP(GHBASE) when GHASH is set.  */
.macro _tail_keystream k, ghash=0, ghbase, ghdisp
  _ctr_blocks \k
  _aes_middle \k, \ghash, \ghbase, \ghdisp
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenclast RK_LAST, V\i, V\i
    .endif
  .endr
.endm

/* Keystream for the 0 < LEN < BATCH bytes left: the least power of two
   of vectors that covers them, so short messages pay for what they use.
   Continues at DONE.  */
.macro _tail_select done, ghash=0, ghbase, ghdisp
  .if NVEC == 8
    cmp $4*VL, LEN
    ja .Lks8\@
  .endif
  cmp $2*VL, LEN
  ja .Lks4\@
  cmp $VL, LEN
  ja .Lks2\@
  _tail_keystream 1, \ghash, \ghbase, \ghdisp
  jmp \done
.Lks2\@:
  _tail_keystream 2, \ghash, \ghbase, \ghdisp
  jmp \done
.Lks4\@:
  _tail_keystream 4, \ghash, \ghbase, \ghdisp
  .if NVEC == 8
    jmp \done
.Lks8\@:
    _tail_keystream 8, \ghash, \ghbase, \ghdisp
  .endif
  jmp \done
.endm


/*
 * The template.  DEC: 0 encrypts, 1 decrypts.
 */
.macro _aes_gcm_crypt dec
  mov 8(%rsp), LEN
  test LEN, LEN
  jz .Lreturn\@

  /* Round keys, by from-end index.  */
  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  lea AES_KEY_ENC_OFFSET-112(KEY,AUX), TMP /* round key e at 112-16e */
  vbroadcasti32x4 AES_KEY_ENC_OFFSET(KEY), RK0
  vbroadcasti32x4 112(TMP), RK_LAST
  .irp e, 1,2,3,4,5,6,7,8,9
    vbroadcasti32x4 112-16*\e(TMP), RK\e
  .endr
  cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
  jb 1f
  vbroadcasti32x4 112-16*10(TMP), RK10
  vbroadcasti32x4 112-16*11(TMP), RK11
  je 1f
  vbroadcasti32x4 112-16*12(TMP), RK12
  vbroadcasti32x4 112-16*13(TMP), RK13
1:
  vbroadcasti32x4 .Lbswap128(%rip), BSWAP
  vmovdqu (ACCP), X_ACC
  vpshufb X_BSWAP, X_ACC, X_ACC

  /* Counter: LE_CTR lane j = first block + j.  The block to leave
     behind (inc32 applied once per block started) is stored now.  */
  vmovdqu8 (CTRP), X_LE_CTR
  vpshufb X_BSWAP, X_LE_CTR, X_LE_CTR
  lea 15(LEN), TMP
  shr $4, TMP
  vmovd TMP32, X_GHDATA
  vpaddd X_GHDATA, X_LE_CTR, X_GHDATA
  vpshufb X_BSWAP, X_GHDATA, X_GHDATA
  vmovdqu X_GHDATA, (CTRP)
  vshufi32x4 $0, LE_CTR, LE_CTR, LE_CTR
  vpaddd .Llane_offsets(%rip), LE_CTR, LE_CTR

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
    /* The last batch's ciphertext is still to hash: with the tail's
       keystream when there is a tail, else on its own.  */
    test LEN, LEN
    jnz .Ltail_stitched\@
    _ghash_batch DST, -BATCH
    jmp .Ldone\@
.Ltail_stitched\@:
    _tail_select .Lkeystream\@, 1, DST, -BATCH
  .endif

  /* 0 <= LEN < BATCH, nothing left to hash but the tail.  */
.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  _tail_select .Lkeystream\@
.Lkeystream\@:
  /* Hash the tail's whole ciphertext blocks before anything is stored
     (in place, decryption would overwrite them).  */
  .if \dec
    _ghash_tail 0
  .else
    _ghash_tail 1
  .endif
  /* Vector by vector; the one holding the end (maybe partial) goes to
     V0 and to .Lend.  */
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < NVEC
      _bytemask LEN
      vmovdqu8 (SRC), GHDATA{%k1}{z}
      vpxord GHDATA, V\i, GHDATA
      vmovdqu8 GHDATA, (DST){%k1}
      cmp $VL, LEN
      .if \i == 0
        jbe .Lend\@
      .else
        ja 1f
        vmovdqa64 V\i, V0
        jmp .Lend\@
1:
      .endif
      add $VL, SRC
      add $VL, DST
      sub $VL, LEN
    .endif
  .endr
.Lend\@:
  /* 0 < LEN <= VL: V0 is the keystream of the last LEN bytes.  When the
     last block is partial, its keystream (lane LEN/16) goes to KS_TAIL.  */
  test $15, LEN
  jz 1f
  mov LEN, AUX
  shr $4, AUX
  shl $1, AUX
  mov $3, TMP32
  shlx AUX, TMP, TMP                    /* the lane's two qwords */
  kmovw TMP32, %k2
  vpcompressq V0, GHDATA{%k2}{z}
  mov 16(%rsp), TMP
  vmovdqu X_GHDATA, (TMP)
1:

.Ldone\@:
  vpshufb X_BSWAP, X_ACC, X_ACC
  vmovdqu X_ACC, (ACCP)
  /* Leave no key, keystream or data behind.  */
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    vpxord X\i, X\i, X\i
  .endr
  vzeroupper
.Lreturn\@:
  ret
.endm

/* GHASH only: the registers of the template, arguments moved there.  */
.macro _aes_gcm_ghash
  mov %rcx, LEN
  mov %rdx, SRC
  mov %rsi, ACCP
  mov %rdi, HKEY
  test LEN, LEN
  jz .Lreturn\@
  vbroadcasti32x4 .Lbswap128(%rip), BSWAP
  vmovdqu (ACCP), X_ACC
  vpshufb X_BSWAP, X_ACC, X_ACC
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
  _ghash_tail 0
  vpshufb X_BSWAP, X_ACC, X_ACC
  vmovdqu X_ACC, (ACCP)
  .irp i, 7,8,9,10,11,12,13,14
    vpxord X\i, X\i, X\i
  .endr
  vzeroupper
.Lreturn\@:
  ret
.endm


GCRY_ASM_RODATA
.p2align 6
/* vpshufb control reversing the 16 bytes of a lane.  */
.Lbswap128:
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* y^63 + y^62 + y^57 in qword 0 of each lane: the reduction
   multiplier (header).  */
.p2align 6
.Lgfpoly:
  .quad 0xc200000000000000, 0, 0xc200000000000000, 0
  .quad 0xc200000000000000, 0, 0xc200000000000000, 0
/* Added to the counter broadcast to every lane: lane j gets + j.  */
.p2align 6
.Llane_offsets:
  .long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
/* Per-vector counter steps (blocks per vector), dword 0 of a lane.  */
.Linc2:
  .long 2, 0, 0, 0, 2, 0, 0, 0
.p2align 6
.Linc4:
  .long 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0

.text

_set_veclen 64, 4
GCRY_ASM_FUNC_START(_gcry_aes_gcm_enc_vaes_avx512_zmm)
  _aes_gcm_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_gcm_enc_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_dec_vaes_avx512_zmm)
  _aes_gcm_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_gcm_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_ghash_vaes_avx512_zmm)
  _aes_gcm_ghash
GCRY_ASM_FUNC_END(_gcry_aes_gcm_ghash_vaes_avx512_zmm)

_set_veclen 32, 8
GCRY_ASM_FUNC_START(_gcry_aes_gcm_enc_vaes_avx512_ymm)
  _aes_gcm_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_gcm_enc_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_dec_vaes_avx512_ymm)
  _aes_gcm_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_gcm_dec_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_ghash_vaes_avx512_ymm)
  _aes_gcm_ghash
GCRY_ASM_FUNC_END(_gcry_aes_gcm_ghash_vaes_avx512_ymm)

GCRY_ASM_NOTES
