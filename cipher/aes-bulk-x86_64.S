/* aes-bulk-x86_64.S - AES-ECB (both directions), CBC and CFB decryption
 * and OCB for x86-64: one template per operation family, four
 * instruction sets; plus the serial CBC and CFB encryption and OFB.
 *
 * Each family is written once, as a GNU as macro (_aes_ecb,
 * _aes_cbc_dec, _aes_cfb_dec, _aes_ocb below), and assembled four times
 * (instantiations at the end of the file) after _set_veclen chooses the
 * vector length VL (bytes) and whether EVEX encodings (AVX-512) may be
 * used -- the conventions of aes-ctr-x86_64.S:
 *
 *   variant            VL  encoding  vector regs  CPU features needed
 *   aesni_avx          16  VEX       16 (xmm)     AES-NI, AVX
 *   vaes_avx2          32  VEX       16 (ymm)     VAES, AVX2
 *   vaes_avx512_ymm    32  EVEX      32 (ymm)     VAES, AVX512F/BW/VL
 *   vaes_avx512_zmm    64  EVEX      32 (zmm)     VAES, AVX512F/BW/VL
 *
 * Targets as in aes-ctr-x86_64.S; which variant runs is the kernel
 * table's business (cipher/aes.c); nothing here tests CPU features.
 *
 * The operations (SP 800-38A), all on whole 16-byte blocks:
 *
 *   ECB      C[i] = E(P[i])            P[i] = D(C[i])
 *   CBC-dec  P[i] = D(C[i]) ^ C[i-1]   C[-1] = IV
 *   CFB-dec  P[i] = C[i] ^ E(C[i-1])   C[-1] = IV
 *   OCB      RFC 7253's full blocks (see the OCB section)
 *
 * CBC and CFB encryption and OFB chain each block through the cipher:
 * one serial xmm loop serves every variant (their own section below).
 *
 * Tricks, and what they buy:
 *  - One code path for AES-128/192/256, round keys addressed from the
 *    last one backwards, the pointer rebased so every displacement fits
 *    in a byte, round keys in registers 16-28 in the EVEX variants: as in
 *    aes-ctr-x86_64.S.  Decryption uses the equivalent inverse cipher's
 *    schedule (aes_hw_key_t.dec), so ECB and CBC decryption are the same
 *    round sequence with VAESDEC.
 *  - The chaining xor is folded into the last round key: VAESDECLAST and
 *    VAESENCLAST end with "xor round key", so CBC uses (last key ^
 *    C[i-1]) and CFB (last key ^ C[i]) as the key of the last round, and
 *    the result is the plaintext.  Those xors do not depend on the AES
 *    state, so they run beside the rounds, off the critical path.
 *  - C[i-1] for every block of a vector but its first lane is the same
 *    input read 16 bytes earlier: an unaligned load.  The first vector of
 *    each batch gets its first lane from a register (the IV, then the
 *    last block of the previous batch), merged in with one lane shift
 *    (vperm2i128 / valignq).  Needed because with OUT == IN the previous
 *    batch's input is already overwritten.
 *  - In-place safety inside a batch: every load of a batch (inputs,
 *    shifted inputs, the next batch's chaining block) comes before its
 *    first store.
 *  - The new IV (the last ciphertext block of the call) is read and
 *    stored at entry, before any output is written: with OUT == IN it
 *    would be gone later, and it frees a register for the whole call.
 *  - Main loop: 8 vectors (8, 16 or 32 blocks) in flight, enough to hide
 *    the AES latency on every target.  Tail (fewer blocks than a batch):
 *    K = 1..8 vectors, exactly as many as cover the rest, each K its own
 *    unrolled code (more code, but a power-of-two K wasted up to a
 *    quarter of the work at 1420-byte packets).  Vectors of the tail
 *    that would run past the end are moved back to end exactly at the
 *    end (offset min(i*VL, LEN - VL)): they overlap the vector before
 *    them, which computes the same blocks from the same input (all loads
 *    precede all stores), so no byte outside the buffers is touched and
 *    no masking is needed.  Fewer bytes than one vector (1-3 blocks) is
 *    the one masked case: EVEX masked loads/stores, and for vaes_avx2
 *    (one block) 128-bit loads/stores.
 *  - Registers that held round keys or data are zeroed on exit, and
 *    vzeroupper ends every variant with VL > 16.  No callee-saved
 *    register is touched, no stack is used.
 *
 * Entry points (SysV AMD64 ABI; prototypes and caller duties in
 * cipher/aes-x86-kernels.h):
 *
 *   void _gcry_aes_ecb_enc_<variant> (const aes_hw_key_t *key, byte *out,
 *          const byte *in, size_t nblocks);
 *   void _gcry_aes_ecb_dec_<variant> (same);
 *   void _gcry_aes_cbc_dec_<variant> (const aes_hw_key_t *key,
 *          byte iv[16], byte *out, const byte *in, size_t nblocks);
 *   void _gcry_aes_cfb_dec_<variant> (same as cbc_dec);
 *   void _gcry_aes_ocb_enc_<variant> (const aes_hw_key_t *key, byte *out,
 *          const byte *in, size_t nblocks, const byte *l_table,
 *          aes_x86_ocb_state_t *st);
 *   void _gcry_aes_ocb_dec_<variant> (same);
 *   void _gcry_aes_ocb_auth_<variant> (same, OUT unused);
 *   void _gcry_aes_cbc_enc_aesni_avx (const aes_hw_key_t *key,
 *          byte iv[16], byte *out, const byte *in, size_t nblocks,
 *          int cbc_mac);
 *   void _gcry_aes_cfb_enc_aesni_avx (same as cbc_dec);
 *   void _gcry_aes_ofb_enc_aesni_avx (same as cbc_dec);
 *   void _gcry_aes_enc_blocks_aesni_avx (const aes_hw_key_t *key,
 *          byte *out, const byte *in, size_t nblocks);
 *   void _gcry_aes_dec_blocks_aesni_avx (same);
 *
 * NBLOCKS may be 0 (nothing read or written).  IV ends as the last
 * ciphertext block (OFB: the last keystream block).  OUT == IN is allowed, other overlaps are not.
 * Only the OCB kernels use stack (their offsets, wiped).
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
 * General-purpose registers.  The argument registers differ between the
 * families (ECB has no IV); _set_args names them.
 */
.set KEY,       %rdi    /* aes_hw_key_t *; free once RKBASE is set */
.set RKBASE,    %r10    /* &keys[ROUNDS] - 112: round key e at 112-16*e */
.set ROUNDS32,  %eax    /* 10, 12 or 14 */
.set ROUNDS64,  %rax
.set TMP64,     %r11    /* scratch; in the tail: offset of a vector */
.set TMP32,     %r11d
.set LASTOFF,   %r9     /* tail: LEN - VL, the offset of the last vector */

.macro _set_args has_iv
  .if \has_iv
    .set IVP,   %rsi    /* IV: read, then overwritten at entry */
    .set DST,   %rdx    /* output, advanced per batch */
    .set SRC,   %rcx    /* input, advanced per batch */
    .set LEN,   %r8     /* bytes still to process */
  .else
    .set DST,   %rsi
    .set SRC,   %rdx
    .set LEN,   %rcx
  .endif
.endm

/* Register names of the variant: _set_vregs (aes-x86-macros.h), then
   the roles of this family.  */
.macro _set_veclen vl, evex
  _set_vregs \vl, \evex

  /* V0-V7: AES states of the vectors in flight.  */
  .set RK0,         V8    /* first round key, every lane */
  .set RK_LAST,     V9    /* last round key, every lane */
  .set RK_TMP,      V10   /* VEX: middle round key of the current round */
  .set TMP,         V11   /* last round key ^ chaining input */
  .set X_TMP,       X11
  .set IVBC,        V12   /* CBC/CFB: chaining block before the next
                             batch, in every lane */
  .set PREV0,       V13   /* CBC: chaining input of the batch's first
                             vector (IVBC's block, then C[0..]) */
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

/* DST = the blocks chaining into vector C: IVBC's block in lane 0, then
   lanes 0 .. VL/16-2 of C (C[i-1] for each lane of C).  */
.macro _prev_of_first c, dst
  .if VL == 16
    _vmovdqa IVBC, \dst
  .elseif USE_EVEX
    /* (C : IVBC) shifted right by all but the top lane of IVBC.  */
    valignq $(VL / 8 - 2), IVBC, \c, \dst
  .else
    /* Low lane from IVBC, high lane from C's low lane.  */
    vperm2i128 $0x20, \c, IVBC, \dst
  .endif
.endm

/* Round keys of direction DEC (0: encryption schedule, 1: decryption
   schedule) into RK0, RK_LAST, RKBASE and, for EVEX, RK1..RK13.  */
.macro _load_round_keys dec
  .if \dec
    .set KEYS_OFFSET, AES_KEY_DEC_OFFSET
  .else
    .set KEYS_OFFSET, AES_KEY_ENC_OFFSET
  .endif
  mov AES_KEY_ROUNDS_OFFSET(KEY), ROUNDS32
  mov ROUNDS32, TMP32
  shl $4, TMP64
  lea KEYS_OFFSET-112(KEY,TMP64), RKBASE
  _vbroadcast128 KEYS_OFFSET(KEY), RK0
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
.endm

/* One middle round, with the round key of from-end index E, on
   V0..V(K-1); DEC selects VAESDEC.  */
.macro _aes_round e, k, dec
  .if USE_EVEX
    .set RKEY, RK\e
  .else
    _vbroadcast128 112-16*\e(RKBASE), RK_TMP
    .set RKEY, RK_TMP
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \dec
        vaesdec RKEY, V\i, V\i
      .else
        vaesenc RKEY, V\i, V\i
      .endif
    .endif
  .endr
.endm

/* All middle rounds (1 .. ROUNDS-1) on V0..V(K-1): AES-256 starts at
   from-end index 13, AES-192 at 11, AES-128 at 9.  */
.macro _aes_middle_rounds k, dec
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  _aes_round 13, \k, \dec
  _aes_round 12, \k, \dec
1:
  _aes_round 11, \k, \dec
  _aes_round 10, \k, \dec
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round \e, \k, \dec
  .endr
.endm

/* The final round of vector I with round key KEY.  */
.macro _aes_last i, key, dec
  .if \dec
    vaesdeclast \key, V\i, V\i
  .else
    vaesenclast \key, V\i, V\i
  .endif
.endm

/* Tail addressing.  TMP64 = offset of tail vector I: I*VL, but at most
   LASTOFF, so that a vector which would run past the end ends exactly
   at the end instead (see the header).  */
.macro _tail_off i
  mov $(\i * VL), TMP32
  cmp LASTOFF, TMP64
  cmova LASTOFF, TMP64
.endm

/* Fewer than VL bytes (EVEX: 1 to VL/16-1 blocks; vaes_avx2: 1 block):
   %k1 = the qword mask of LEN bytes (EVEX).  */
.macro _short_mask
  .if USE_EVEX
    mov LEN, TMP64
    shr $4, TMP64
    lea .Lblock_qword_mask(%rip), LASTOFF
    kmovw (LASTOFF,TMP64,2), %k1
  .endif
.endm

/* Load / store the LEN (< VL) bytes of the short case from / to vector
   register number I.  */
.macro _short_load src, i
  .if USE_EVEX
    vmovdqu64 \src, V\i{%k1}{z}
  .else
    vmovdqu \src, X\i
  .endif
.endm

.macro _short_store i, dst
  .if USE_EVEX
    vmovdqu64 V\i, \dst{%k1}
  .else
    vmovdqu X\i, \dst
  .endif
.endm


/* The tail: 1 <= LEN < 8*VL bytes, LEN >= VL.  Runs the family's
   vector macro BODY (K, TAIL = 1, ARG) with K = ceil (LEN / VL): exactly
   the vectors needed (a power-of-two choice would waste up to a third of
   the work on the lengths between).  */
.macro _tail_vectors body, arg
  lea -VL(LEN), LASTOFF
  cmp $7*VL, LEN
  ja .Lvecs8\@
  cmp $6*VL, LEN
  ja .Lvecs7\@
  cmp $5*VL, LEN
  ja .Lvecs6\@
  cmp $4*VL, LEN
  ja .Lvecs5\@
  cmp $3*VL, LEN
  ja .Lvecs4\@
  cmp $2*VL, LEN
  ja .Lvecs3\@
  cmp $VL, LEN
  ja .Lvecs2\@
  \body 1, 1, \arg
  jmp .Lvecs_end\@
.Lvecs2\@:
  \body 2, 1, \arg
  jmp .Lvecs_end\@
.Lvecs3\@:
  \body 3, 1, \arg
  jmp .Lvecs_end\@
.Lvecs4\@:
  \body 4, 1, \arg
  jmp .Lvecs_end\@
.Lvecs5\@:
  \body 5, 1, \arg
  jmp .Lvecs_end\@
.Lvecs6\@:
  \body 6, 1, \arg
  jmp .Lvecs_end\@
.Lvecs7\@:
  \body 7, 1, \arg
  jmp .Lvecs_end\@
.Lvecs8\@:
  \body 8, 1, \arg
.Lvecs_end\@:
.endm

/*
 * ECB.  DEC: 0 encrypts, 1 decrypts.
 */

/* K vectors starting at SRC, addressed through _tail_off when TAIL.  */
.macro _ecb_vectors k, tail, dec
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vpxor "(SRC,TMP64)", RK0, V\i
      .else
        _vpxor \i*VL(SRC), RK0, V\i
      .endif
    .endif
  .endr
  _aes_middle_rounds \k, \dec
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      _aes_last \i, RK_LAST, \dec
      .if \tail
        _tail_off \i
        _vmovdqu V\i, "(DST,TMP64)"
      .else
        _vmovdqu V\i, \i*VL(DST)
      .endif
    .endif
  .endr
.endm

.macro _aes_ecb dec
  _set_args 0
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys \dec

  cmp $8*VL, LEN
  jb .Ltail\@
.p2align 4
.Lmain\@:
  _ecb_vectors 8, 0, \dec
  add $8*VL, SRC
  add $8*VL, DST
  sub $8*VL, LEN
  cmp $8*VL, LEN
  jae .Lmain\@

.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  .if VL > 16
    cmp $VL, LEN
    jb .Lshort\@
  .endif
  _tail_vectors _ecb_vectors, \dec
  .if VL > 16
    jmp .Ldone\@
.Lshort\@:
    _short_mask
    _short_load (SRC), 0
    _vpxor RK0, V0, V0
    _aes_middle_rounds 1, \dec
    _aes_last 0, RK_LAST, \dec
    _short_store 0, (DST)
  .endif

.Ldone\@:
  _bulk_wipe
.Lreturn\@:
  ret
.endm


/*
 * CBC decryption: P[i] = D(C[i]) ^ C[i-1].
 */

.macro _cbc_dec_vectors k, tail, dec=1
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vmovdqu "(SRC,TMP64)", V\i
      .else
        _vmovdqu \i*VL(SRC), V\i
      .endif
    .endif
  .endr
  _prev_of_first V0, PREV0
  .if !\tail
    /* The chaining block of the next batch, read before any store.  */
    _vbroadcast128 8*VL-16(SRC), IVBC
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      _vpxor RK0, V\i, V\i
    .endif
  .endr
  _aes_middle_rounds \k, 1
  _vpxor PREV0, RK_LAST, TMP
  _aes_last 0, TMP, 1
  .irp i, 1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vpxor "-16(SRC,TMP64)", RK_LAST, TMP
      .else
        _vpxor \i*VL-16(SRC), RK_LAST, TMP
      .endif
      _aes_last \i, TMP, 1
    .endif
  .endr
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vmovdqu V\i, "(DST,TMP64)"
      .else
        _vmovdqu V\i, \i*VL(DST)
      .endif
    .endif
  .endr
.endm

/* Shared entry of CBC and CFB: IVBC = the IV in every lane; the IV
   buffer gets the last ciphertext block right away (see the header).  */
.macro _chain_entry
  _vbroadcast128 (IVP), IVBC
  vmovdqu -16(SRC,LEN), X_TMP
  vmovdqu X_TMP, (IVP)
.endm

.macro _aes_cbc_dec
  _set_args 1
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys 1
  _chain_entry

  cmp $8*VL, LEN
  jb .Ltail\@
.p2align 4
.Lmain\@:
  _cbc_dec_vectors 8, 0
  add $8*VL, SRC
  add $8*VL, DST
  sub $8*VL, LEN
  cmp $8*VL, LEN
  jae .Lmain\@

.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  .if VL > 16
    cmp $VL, LEN
    jb .Lshort\@
  .endif
  _tail_vectors _cbc_dec_vectors, 1
  .if VL > 16
    jmp .Ldone\@
.Lshort\@:
    _short_mask
    _short_load (SRC), 0
    _prev_of_first V0, PREV0
    _vpxor RK0, V0, V0
    _aes_middle_rounds 1, 1
    _vpxor PREV0, RK_LAST, TMP
    _aes_last 0, TMP, 1
    _short_store 0, (DST)
  .endif

.Ldone\@:
  _bulk_wipe
.Lreturn\@:
  ret
.endm


/*
 * CFB decryption: P[i] = C[i] ^ E(C[i-1]).  The AES inputs are the
 * ciphertext shifted by one block; the ciphertext itself is xored in
 * through the last round key.
 */

.macro _cfb_dec_vectors k, tail, dec=0
  .if VL == 16
    _vpxor IVBC, RK0, V0
  .else
    _vmovdqu (SRC), V0
    _prev_of_first V0, V0
    _vpxor RK0, V0, V0
  .endif
  .if !\tail
    _vbroadcast128 8*VL-16(SRC), IVBC
  .endif
  .irp i, 1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vpxor "-16(SRC,TMP64)", RK0, V\i
      .else
        _vpxor \i*VL-16(SRC), RK0, V\i
      .endif
    .endif
  .endr
  _aes_middle_rounds \k, 0
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vpxor "(SRC,TMP64)", RK_LAST, TMP
      .else
        _vpxor \i*VL(SRC), RK_LAST, TMP
      .endif
      _aes_last \i, TMP, 0
    .endif
  .endr
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \tail
        _tail_off \i
        _vmovdqu V\i, "(DST,TMP64)"
      .else
        _vmovdqu V\i, \i*VL(DST)
      .endif
    .endif
  .endr
.endm

.macro _aes_cfb_dec
  _set_args 1
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys 0
  _chain_entry

  cmp $8*VL, LEN
  jb .Ltail\@
.p2align 4
.Lmain\@:
  _cfb_dec_vectors 8, 0
  add $8*VL, SRC
  add $8*VL, DST
  sub $8*VL, LEN
  cmp $8*VL, LEN
  jae .Lmain\@

.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  .if VL > 16
    cmp $VL, LEN
    jb .Lshort\@
  .endif
  _tail_vectors _cfb_dec_vectors, 0
  .if VL > 16
    jmp .Ldone\@
.Lshort\@:
    _short_mask
    _short_load (SRC), 1       /* C, xored in at the end */
    _prev_of_first V1, V0
    _vpxor RK0, V0, V0
    _aes_middle_rounds 1, 0
    _vpxor V1, RK_LAST, TMP
    _aes_last 0, TMP, 0
    _short_store 0, (DST)
  .endif

.Ldone\@:
  _bulk_wipe
.Lreturn\@:
  ret
.endm

/* The middle rounds of one block in X0 (round keys from memory).  */
.macro _aes_middle_rounds_x0 dec=0
  cmp $12, ROUNDS32
  jb 2f
  je 1f
  .irp e, 13,12
    _aes_round_x0 \e, \dec
  .endr
1:
  .irp e, 11,10
    _aes_round_x0 \e, \dec
  .endr
2:
  .irp e, 9,8,7,6,5,4,3,2,1
    _aes_round_x0 \e, \dec
  .endr
.endm

.macro _aes_round_x0 e, dec
  .if \dec
    vaesdec 112-16*\e(RKBASE), X0, X0
  .else
    vaesenc 112-16*\e(RKBASE), X0, X0
  .endif
.endm

/*
 * OCB (RFC 7253): full data blocks (encryption, decryption) and full AAD
 * blocks (authentication).  For block index i (1-based, counted over the
 * message):
 *
 *   O_i = O_(i-1) ^ L[ntz(i)]
 *   enc:  C_i = O_i ^ E(P_i ^ O_i),  checksum ^= P_i
 *   dec:  P_i = O_i ^ D(C_i ^ O_i),  checksum ^= P_i
 *   auth: sum ^= E(A_i ^ O_i)
 *
 * Offsets are computed here from the L table.  A vector holds the blocks
 * i+1 .. i+B (B = VL/16) with i a multiple of B, so for its lanes
 * l < B-1 the offset is O_i ^ G_(l+1), where G_j = L[ntz(1)] ^ ... ^
 * L[ntz(j)] depends on the key only (B = 2: G_1 = L0; B = 4: G_1 = L0,
 * G_2 = L0 ^ L1, G_3 = L1), and its last lane is the next base offset
 * O_(i+B) = O_i ^ G_(B-1) ^ L[ntz(i+B)] (the only lane whose L depends
 * on i).  Per vector that is one broadcast, one xor with the constant
 * vector GV = [G_1 .. G_(B-1), -], one xor of L[ntz] into the base
 * (the only step on the offset chain) and one lane insert.  A call whose
 * first index is not a multiple of B starts with up to B-1 single
 * blocks; fewer than B blocks at the end go single too.  Calls of four
 * batches or more go further (see _ocb_table): whole batches of N = 8*B
 * blocks from a multiple of N take their offsets from a table, one xor
 * per vector.
 *
 * The offsets of a batch go to a stack buffer (8 vectors; there are not
 * registers enough for them next to the states and round keys; 8 more
 * vectors hold the table): each is read twice, folded into the first
 * round key (state = in ^ O ^ RK0)
 * and into the last (VAESENCLAST / VAESDECLAST with RK_LAST ^ O gives
 * the output directly).  The buffer is wiped: the table part when the
 * table batches end, the offsets at exit.  Checksums and
 * sums accumulate per lane and are folded to one block at the end.
 *
 * Entry (after _set_args 0): KEY, DST (NULL for auth), SRC, LEN =
 * blocks, LTAB = the L table (64 entries), OCBST = the state: offset (16
 * bytes), checksum or sum (16 bytes), block index of the last block done
 * (u64), all updated.
 */
.set OCB_ST_OFFSET, 0
.set OCB_ST_SUM, 16
.set OCB_ST_INDEX, 32

.macro _set_ocb_names
  .set LTAB,    %r8     /* L[0..63] */
  .set OCBST,   %r9     /* offset, sum, index */
  .set IDX,     %rdi    /* index of the last block done (KEY is free) */
  .set CSUM,    V12     /* checksum / sum, per lane */
  .set X_CSUM,  X12
  .set GV,      V13     /* G_1 .. G_(B-1) by lane */
  .set X_GV,    X13
  .set X_BASE,  X14     /* O of the last block done */
  .set V_BASE,  V14
  .set OFFS,    V15     /* offsets of the vector being set up */
  .set X_OFFS,  X15
  .set BASE_RK0, V13    /* table batches: base ^ RK0 (GV then reloaded) */
  .set BASE_RKL, V15    /* table batches: base ^ RK_LAST */
.endm

/* One single block (xmm) at SRC / DST.  MODE: 0 enc, 1 dec, 2 auth.  */
.macro _ocb_one_block mode
  inc IDX
  bsf IDX, TMP64
  shl $4, TMP64
  vpxor (LTAB,TMP64), X_BASE, X_BASE
  vmovdqu (SRC), X1
  .if \mode == 0
    vpxor X1, X_CSUM, X_CSUM
  .endif
  vpxor X_BASE, X1, X0
  vpxor RK0x, X0, X0
  _aes_middle_rounds_x0 (\mode == 1)
  .if \mode == 2
    vaesenclast RK_LASTx, X0, X0
    vpxor X0, X_CSUM, X_CSUM
  .else
    vpxor X_BASE, RK_LASTx, X1
    .if \mode == 1
      vaesdeclast X1, X0, X0
      vpxor X0, X_CSUM, X_CSUM
    .else
      vaesenclast X1, X0, X0
    .endif
    vmovdqu X0, (DST)
    add $16, DST
  .endif
  add $16, SRC
  sub $16, LEN
.endm

/* The offsets of K vectors into the stack buffer (vector v's at slot
   16-v), advancing X_BASE and IDX by K*B blocks.  IDX is a multiple of
   B.  */
.macro _ocb_offsets k
  .irp v, 0,1,2,3,4,5,6,7
    .if \v < \k
      add $(VL / 16), IDX
      bsf IDX, TMP64
      shl $4, TMP64
      .if VL == 16
        vpxor (LTAB,TMP64), X_BASE, X_BASE
        vmovdqu X_BASE, (16 - \v)*VL(%rsp)
      .else
        .if USE_EVEX
          vshufi32x4 $0, V_BASE, V_BASE, OFFS
        .else
          vinserti128 $1, X_BASE, V_BASE, OFFS
        .endif
        _vpxor GV, OFFS, OFFS
        /* G_(B-1) ^ L[ntz]: off the chain; then one xor on it.  */
        vmovdqu (LTAB,TMP64), X11
        .if VL == 32
          vpxor (LTAB), X11, X11
        .else
          vpxor 16(LTAB), X11, X11
        .endif
        vpxor X11, X_BASE, X_BASE
        .if USE_EVEX
          vinserti32x4 $(VL / 16 - 1), X_BASE, OFFS, OFFS
        .else
          vinserti128 $1, X_BASE, OFFS, OFFS
        .endif
        _vmovdqu OFFS, (16 - \v)*VL(%rsp)
      .endif
    .endif
  .endr
.endm

/* Batches (8 vectors, N = 8*B blocks, IDX a multiple of N) use a table
   instead: T_(j-1) = G_j for j = 1 .. N-1, computed once per call into
   the bottom of the stack buffer, so the offsets of a
   batch are the base in every lane xored with the table, one xor per
   vector, and only the batch's last lane needs L[ntz].  */

/* NTZ = number of trailing zero bits of J (1 <= J < 64), at assembly
   time.  */
.macro _ntz j
  .if (\j & 1)
    .set NTZ, 0
  .elseif (\j & 2)
    .set NTZ, 1
  .elseif (\j & 4)
    .set NTZ, 2
  .elseif (\j & 8)
    .set NTZ, 3
  .elseif (\j & 16)
    .set NTZ, 4
  .else
    .set NTZ, 5
  .endif
.endm

/* The table: G_1 = L[0], G_j = G_(j-1) ^ L[ntz(j)]; slot N-1 gets
   G_(N-1) too (that lane is replaced per batch).  */
.macro _ocb_table
  .set OCB_J, 1
  vmovdqu (LTAB), X11
  .rept 8 * VL / 16 - 1
    vmovdqu X11, 16*(OCB_J - 1)(%rsp)
    .set OCB_J, OCB_J + 1
    .if OCB_J < 8 * VL / 16
      _ntz OCB_J
      vpxor 16*NTZ(LTAB), X11, X11
    .endif
  .endr
  vmovdqu X11, 16*(8 * VL / 16 - 1)(%rsp)
.endm

/* A table batch: no offsets are stored.  With BASE = the batch's base
   offset in every lane, vector v's offsets are BASE ^ T_v (T_7 with its
   last lane replaced: .Lt7 slot, G_(N-1) ^ L[ntz], built here), so the
   first round's key is (BASE ^ RK0) ^ T_v and the last one's
   (BASE ^ RK_LAST) ^ T_v: one xor each, as for stored offsets.  Advances
   X_BASE and IDX by N blocks.  Clobbers GV (reloaded by _ocb_gv).  */
.set OCB_T7_SLOT, 8             /* in vectors from %rsp */
.macro _ocb_batch_bases
  .if VL == 16
    vmovdqa X_BASE, X_OFFS
  .elseif USE_EVEX
    vshufi32x4 $0, V_BASE, V_BASE, OFFS
  .else
    vinserti128 $1, X_BASE, V_BASE, OFFS
  .endif
  _vpxor RK0, OFFS, BASE_RK0
  _vpxor RK_LAST, OFFS, BASE_RKL
  add $(8 * VL / 16), IDX
  bsf IDX, TMP64
  shl $4, TMP64
  vmovdqu (LTAB,TMP64), X11
  vpxor 16*(8 * VL / 16 - 2)(%rsp), X11, X11    /* ^ G_(N-1) */
  vpxor X11, X_BASE, X_BASE
  .if VL == 16
    vmovdqu X11, OCB_T7_SLOT*VL(%rsp)
  .else
    _vmovdqu 7*VL(%rsp), RK_TMP
    .if USE_EVEX
      vinserti32x4 $(VL / 16 - 1), X11, RK_TMP, RK_TMP
    .else
      vinserti128 $1, X11, RK_TMP, RK_TMP
    .endif
    _vmovdqu RK_TMP, OCB_T7_SLOT*VL(%rsp)
  .endif
.endm

/* GV = [G_1 .. G_(B-1), -] (see the header of this section).  */
.macro _ocb_gv
  .if VL == 32
    vbroadcasti128 (LTAB), GV                   /* [L0, -] */
  .elseif VL == 64
    vmovdqu (LTAB), X_GV
    vpxor 16(LTAB), X_GV, X11
    vinserti32x4 $1, X11, GV, GV                /* L0 ^ L1 */
    vinserti32x4 $2, 16(LTAB), GV, GV           /* L1 */
  .endif
.endm

.macro _ocb_sum_pair i, j, k
  .if \j < \k
    vpternlogd $0x96, V\i, V\j, CSUM
  .elseif \i < \k
    vpxord V\i, CSUM, CSUM
  .endif
.endm

/* CSUM ^= V(I) for I < K, two at a time where three-input xor exists.  */
.macro _ocb_sum k
  .if USE_EVEX
    _ocb_sum_pair 0, 1, \k
    _ocb_sum_pair 2, 3, \k
    _ocb_sum_pair 4, 5, \k
    _ocb_sum_pair 6, 7, \k
  .else
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < \k
        vpxor V\i, CSUM, CSUM
      .endif
    .endr
  .endif
.endm

/* K vectors at SRC / DST; TABLE: a batch with the table's offsets.  */
.macro _ocb_vectors k, mode, table=0
  .if \table
    _ocb_batch_bases
    .set OCB_KEY0, BASE_RK0
    .set OCB_KEYL, BASE_RKL
  .else
    _ocb_offsets \k
    .set OCB_KEY0, RK0
    .set OCB_KEYL, RK_LAST
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      _vmovdqu \i*VL(SRC), V\i
    .endif
  .endr
  .if \mode == 0
    _ocb_sum \k
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      _ocb_off_slot \i, \table
      .if USE_EVEX
        vpternlogd $0x96, OCB_SLOT*VL(%rsp), OCB_KEY0, V\i
      .else
        vpxor OCB_SLOT*VL(%rsp), V\i, V\i
        vpxor OCB_KEY0, V\i, V\i
      .endif
    .endif
  .endr
  _aes_middle_rounds \k, (\mode == 1)
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \mode == 2
        vaesenclast RK_LAST, V\i, V\i
      .else
        _ocb_off_slot \i, \table
        _vpxor OCB_SLOT*VL(%rsp), OCB_KEYL, TMP
        _aes_last \i, TMP, (\mode == 1)
        _vmovdqu V\i, \i*VL(DST)
      .endif
    .endif
  .endr
  .if \mode != 0
    _ocb_sum \k
  .endif
  add $\k*VL, SRC
  .if \mode != 2
    add $\k*VL, DST
  .endif
  sub $\k*VL, LEN
.endm

/* OCB_SLOT = the stack slot (in vectors) of vector I's offsets, or of
   its table entry in a table batch.  Stack layout, in vectors from
   %rsp: 0-7 the table (T_v at v), 8 T_7 with its last lane for the
   current batch, 16-v the offsets of vector v (on top, right below the
   caller's stack pointer: a test can see that they are wiped).  */
.macro _ocb_off_slot i, table
  .if !\table
    .set OCB_SLOT, 16 - \i
  .elseif \i == 7
    .set OCB_SLOT, OCB_T7_SLOT
  .else
    .set OCB_SLOT, \i
  .endif
.endm

.macro _aes_ocb mode
  _set_args 0
  _set_ocb_names
  .set RK0x, X8
  .set RK_LASTx, X9
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys (\mode == 1)
  sub $17*VL, %rsp
  CFI_ADJUST_CFA_OFFSET(17*VL)
  mov OCB_ST_INDEX(OCBST), IDX
  vmovdqu OCB_ST_OFFSET(OCBST), X_BASE
  _vzero CSUM
  _ocb_gv

  /* Single blocks until the index is a multiple of B.  */
  .if VL > 16
.Lhead\@:
    test $(VL / 16 - 1), IDX
    jz .Lvectors\@
    _ocb_one_block \mode
    jnz .Lhead\@
    jmp .Lfold\@
.Lvectors\@:
  .endif
  /* The table costs about as much as the offsets of two batches: worth
     it from four batches on.  */
  cmp $32*VL, LEN
  jb .Lbatches_short\@
  /* Single vectors until IDX is a multiple of N.  */
.Lalign\@:
  test $(8 * VL / 16 - 1), IDX
  jz .Lbatches\@
  _ocb_vectors 1, \mode
  jmp .Lalign\@
.Lbatches\@:
  _ocb_table
.p2align 4
.Lmain\@:
  _ocb_vectors 8, \mode, 1
  cmp $8*VL, LEN
  jae .Lmain\@
  /* The table and .Lt7 are done with: wipe them now, so that the exit
     wipes only the offsets (calls without the table never wrote them). */
  _vzero V0
  .irp v, 0,1,2,3,4,5,6,7,8
    _vmovdqu V0, \v*VL(%rsp)
  .endr
  _ocb_gv
  jmp .Lone_vector\@

.Lbatches_short\@:
  cmp $8*VL, LEN
  jb .Lone_vector\@
  _ocb_vectors 8, \mode
  jmp .Lbatches_short\@
  /* Fewer than 8 vectors left: 4, 2 and 1 at a time, so that several
     are in flight.  */
.Lone_vector\@:
  cmp $4*VL, LEN
  jb .Lrest2\@
  _ocb_vectors 4, \mode
.Lrest2\@:
  cmp $2*VL, LEN
  jb .Lrest1\@
  _ocb_vectors 2, \mode
.Lrest1\@:
  cmp $VL, LEN
  jb .Lfold\@
  _ocb_vectors 1, \mode

.Lfold\@:
  /* Fold the per-lane sums, then the last blocks one by one.  */
  .if VL == 64
    vextracti64x4 $1, CSUM, %ymm11
    vpxord %ymm11, %ymm12, %ymm12
  .endif
  .if VL >= 32
    vextracti128 $1, %ymm12, X11
    vpxor X11, X_CSUM, X_CSUM
  .endif
  test LEN, LEN
  jz .Ldone\@
.Ltail\@:
  _ocb_one_block \mode
  jnz .Ltail\@

.Ldone\@:
  vpxor OCB_ST_SUM(OCBST), X_CSUM, X_CSUM
  vmovdqu X_CSUM, OCB_ST_SUM(OCBST)
  vmovdqu X_BASE, OCB_ST_OFFSET(OCBST)
  mov IDX, OCB_ST_INDEX(OCBST)
  /* Wipe the offsets buffer and the registers.  */
  _vzero V0
  .irp v, 9,10,11,12,13,14,15,16
    _vmovdqu V0, \v*VL(%rsp)
  .endr
  add $17*VL, %rsp
  CFI_ADJUST_CFA_OFFSET(-17*VL)
  .irp i, 14,15
    _vzero X\i
  .endr
  _bulk_wipe
.Lreturn\@:
  ret
.endm

/*
 * Serial modes: CBC and CFB encryption, OFB.  Each block needs the
 * previous ciphertext (OFB: keystream) block, so only one AES is in
 * flight and the time per block is the latency of the chain.  One xmm
 * version serves every variant (vectors would not help); assembled
 * once, as aesni_avx.
 *
 * Nothing but the AES rounds is on the chain.  The next block's first
 * AddRoundKey is folded into this block's last round: both modes feed
 * the next AES with C[i] ^ X (CBC: X = P[i+1]; CFB: X = 0), and
 * C[i] ^ X ^ RK0 is VAESENCLAST with the key RK_LAST ^ RK0 ^ X (CFB: ^
 * P[i] too, since C[i] = P[i] ^ E(...)).  That key and the ciphertext to
 * store (the output xored back with RK0 ^ X) are computed off the
 * chain.  Round keys are memory operands: the loads do not wait for the
 * chain, and no register is needed to hold 15 keys.
 */


/* CBC encryption, X0 = IV ^ P[0] ^ RK0 on entry.  MAC: only the last
   ciphertext block is stored, to OUT[0..15], after all input was read
   (GCRY_CIPHER_CBC_MAC).  On exit X0 = the last ciphertext block.  */
.macro _aes_cbc_enc_loop mac
  sub $16, LEN
  jz .Llast\@
.p2align 4
.Lloop\@:
  vpxor 16(SRC), RK0, X2        /* P[i+1] ^ RK0 */
  vpxor X2, RK_LAST, X1         /* the last round's key */
  _aes_middle_rounds_x0
  vaesenclast X1, X0, X0        /* C[i] ^ P[i+1] ^ RK0: next state */
  .if !\mac
    vpxor X2, X0, X3            /* C[i] */
    vmovdqu X3, (DST)
    add $16, DST
  .endif
  add $16, SRC
  sub $16, LEN
  jnz .Lloop\@
.Llast\@:
  _aes_middle_rounds_x0
  vaesenclast RK_LAST, X0, X0   /* the last C */
  vmovdqu X0, (DST)
.endm

.macro _aes_cbc_enc
  _set_args 1
  .set MACFLAG, %r9d
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys 0
  vmovdqu (IVP), X0
  vpxor (SRC), X0, X0
  vpxor RK0, X0, X0
  test MACFLAG, MACFLAG
  jnz .Lmac\@
  _aes_cbc_enc_loop 0
  jmp .Ldone\@
.Lmac\@:
  _aes_cbc_enc_loop 1
.Ldone\@:
  vmovdqu X0, (IVP)
  .irp i, 0,1,2,3,8,9,10
    vpxor X\i, X\i, X\i
  .endr
.Lreturn\@:
  ret
.endm

/* CFB encryption: state_i = C[i-1] ^ RK0; C[i] ^ RK0 = VAESENCLAST with
   the key RK_LAST ^ RK0 ^ P[i], which is the next state.  */
.macro _aes_cfb_enc
  _set_args 1
  .set RK_FOLD, X10             /* RK_LAST ^ RK0 */
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys 0
  vpxor RK0, RK_LAST, RK_FOLD
  vmovdqu (IVP), X0
  vpxor RK0, X0, X0
.p2align 4
.Lloop\@:
  vpxor (SRC), RK_FOLD, X1      /* the last round's key */
  _aes_middle_rounds_x0
  vaesenclast X1, X0, X0        /* C[i] ^ RK0: next state */
  vpxor RK0, X0, X2             /* C[i] */
  vmovdqu X2, (DST)
  add $16, SRC
  add $16, DST
  sub $16, LEN
  jnz .Lloop\@
  vmovdqu X2, (IVP)
  .irp i, 0,1,2,8,9,10
    vpxor X\i, X\i, X\i
  .endr
.Lreturn\@:
  ret
.endm

/* OFB: K[i] = E(K[i-1]), K[-1] = IV; OUT[i] = IN[i] ^ K[i].  The state
   carried from block to block is K[i] ^ RK0 (the next block's first
   AddRoundKey), which VAESENCLAST produces directly with the key
   RK_LAST ^ RK0; the output, IN[i] ^ RK0 xored with that state, is off
   the chain.  */
.macro _aes_ofb
  _set_args 1
  .set RK_FOLD, X10             /* RK_LAST ^ RK0 */
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys 0
  vpxor RK0, RK_LAST, RK_FOLD
  vmovdqu (IVP), X0
  vpxor RK0, X0, X0
.p2align 4
.Lloop\@:
  vpxor (SRC), RK0, X1          /* IN[i] ^ RK0 */
  _aes_middle_rounds_x0
  vaesenclast RK_FOLD, X0, X0   /* K[i] ^ RK0: next state */
  vpxor X1, X0, X2              /* OUT[i] */
  vmovdqu X2, (DST)
  add $16, SRC
  add $16, DST
  sub $16, LEN
  jnz .Lloop\@
  vpxor RK0, X0, X0             /* the last K */
  vmovdqu X0, (IVP)
  .irp i, 0,1,2,8,9,10
    vpxor X\i, X\i, X\i
  .endr
.Lreturn\@:
  ret
.endm

/* Serial ECB for the spec's single-block functions (the aes.c entries
   of the vector variants): OUT[i] = E_or_D(IN[i]), one block at a time,
   every round key a memory operand.  What a single block costs is the
   point here: no key registers to fill or wipe, only X0 to clear.  */
.macro _aes_blocks dec
  _set_args 0
  shl $4, LEN
  jz .Lreturn\@
  .if \dec
    .set KEYS_OFFSET, AES_KEY_DEC_OFFSET
  .else
    .set KEYS_OFFSET, AES_KEY_ENC_OFFSET
  .endif
  mov AES_KEY_ROUNDS_OFFSET(KEY), ROUNDS32
  mov ROUNDS32, TMP32
  shl $4, TMP64
  lea KEYS_OFFSET-112(KEY,TMP64), RKBASE
.Lloop\@:
  vmovdqu (SRC), X0
  vpxor KEYS_OFFSET(KEY), X0, X0
  _aes_middle_rounds_x0 \dec
  .if \dec
    vaesdeclast 112(RKBASE), X0, X0
  .else
    vaesenclast 112(RKBASE), X0, X0
  .endif
  vmovdqu X0, (DST)
  add $16, SRC
  add $16, DST
  sub $16, LEN
  jnz .Lloop\@
  vpxor X0, X0, X0
.Lreturn\@:
  ret
.endm

/* Leave no round key or data behind.  */
.macro _bulk_wipe
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13
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
.endm


GCRY_ASM_RODATA
/* Entry n (0..3): the qword mask of the first n blocks, (1 << 2n) - 1. */
.p2align 3
.Lblock_qword_mask:
  .word 0x00, 0x03, 0x0f, 0x3f

.text

_set_veclen 16, 0
GCRY_ASM_FUNC_START(_gcry_aes_ecb_enc_aesni_avx)
  _aes_ecb 0
GCRY_ASM_FUNC_END(_gcry_aes_ecb_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_ecb_dec_aesni_avx)
  _aes_ecb 1
GCRY_ASM_FUNC_END(_gcry_aes_ecb_dec_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_cbc_dec_aesni_avx)
  _aes_cbc_dec
GCRY_ASM_FUNC_END(_gcry_aes_cbc_dec_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_cfb_dec_aesni_avx)
  _aes_cfb_dec
GCRY_ASM_FUNC_END(_gcry_aes_cfb_dec_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_enc_aesni_avx)
  _aes_ocb 0
GCRY_ASM_FUNC_END(_gcry_aes_ocb_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_dec_aesni_avx)
  _aes_ocb 1
GCRY_ASM_FUNC_END(_gcry_aes_ocb_dec_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_auth_aesni_avx)
  _aes_ocb 2
GCRY_ASM_FUNC_END(_gcry_aes_ocb_auth_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_cbc_enc_aesni_avx)
  _aes_cbc_enc
GCRY_ASM_FUNC_END(_gcry_aes_cbc_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_cfb_enc_aesni_avx)
  _aes_cfb_enc
GCRY_ASM_FUNC_END(_gcry_aes_cfb_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_ofb_enc_aesni_avx)
  _aes_ofb
GCRY_ASM_FUNC_END(_gcry_aes_ofb_enc_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_enc_blocks_aesni_avx)
  _aes_blocks 0
GCRY_ASM_FUNC_END(_gcry_aes_enc_blocks_aesni_avx)
GCRY_ASM_FUNC_START(_gcry_aes_dec_blocks_aesni_avx)
  _aes_blocks 1
GCRY_ASM_FUNC_END(_gcry_aes_dec_blocks_aesni_avx)

_set_veclen 32, 0
GCRY_ASM_FUNC_START(_gcry_aes_ecb_enc_vaes_avx2)
  _aes_ecb 0
GCRY_ASM_FUNC_END(_gcry_aes_ecb_enc_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_ecb_dec_vaes_avx2)
  _aes_ecb 1
GCRY_ASM_FUNC_END(_gcry_aes_ecb_dec_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_cbc_dec_vaes_avx2)
  _aes_cbc_dec
GCRY_ASM_FUNC_END(_gcry_aes_cbc_dec_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_cfb_dec_vaes_avx2)
  _aes_cfb_dec
GCRY_ASM_FUNC_END(_gcry_aes_cfb_dec_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_enc_vaes_avx2)
  _aes_ocb 0
GCRY_ASM_FUNC_END(_gcry_aes_ocb_enc_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_dec_vaes_avx2)
  _aes_ocb 1
GCRY_ASM_FUNC_END(_gcry_aes_ocb_dec_vaes_avx2)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_auth_vaes_avx2)
  _aes_ocb 2
GCRY_ASM_FUNC_END(_gcry_aes_ocb_auth_vaes_avx2)

_set_veclen 32, 1
GCRY_ASM_FUNC_START(_gcry_aes_ecb_enc_vaes_avx512_ymm)
  _aes_ecb 0
GCRY_ASM_FUNC_END(_gcry_aes_ecb_enc_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_ecb_dec_vaes_avx512_ymm)
  _aes_ecb 1
GCRY_ASM_FUNC_END(_gcry_aes_ecb_dec_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_cbc_dec_vaes_avx512_ymm)
  _aes_cbc_dec
GCRY_ASM_FUNC_END(_gcry_aes_cbc_dec_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_cfb_dec_vaes_avx512_ymm)
  _aes_cfb_dec
GCRY_ASM_FUNC_END(_gcry_aes_cfb_dec_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_enc_vaes_avx512_ymm)
  _aes_ocb 0
GCRY_ASM_FUNC_END(_gcry_aes_ocb_enc_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_dec_vaes_avx512_ymm)
  _aes_ocb 1
GCRY_ASM_FUNC_END(_gcry_aes_ocb_dec_vaes_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_auth_vaes_avx512_ymm)
  _aes_ocb 2
GCRY_ASM_FUNC_END(_gcry_aes_ocb_auth_vaes_avx512_ymm)

_set_veclen 64, 1
GCRY_ASM_FUNC_START(_gcry_aes_ecb_enc_vaes_avx512_zmm)
  _aes_ecb 0
GCRY_ASM_FUNC_END(_gcry_aes_ecb_enc_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_ecb_dec_vaes_avx512_zmm)
  _aes_ecb 1
GCRY_ASM_FUNC_END(_gcry_aes_ecb_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_cbc_dec_vaes_avx512_zmm)
  _aes_cbc_dec
GCRY_ASM_FUNC_END(_gcry_aes_cbc_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_cfb_dec_vaes_avx512_zmm)
  _aes_cfb_dec
GCRY_ASM_FUNC_END(_gcry_aes_cfb_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_enc_vaes_avx512_zmm)
  _aes_ocb 0
GCRY_ASM_FUNC_END(_gcry_aes_ocb_enc_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_dec_vaes_avx512_zmm)
  _aes_ocb 1
GCRY_ASM_FUNC_END(_gcry_aes_ocb_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_ocb_auth_vaes_avx512_zmm)
  _aes_ocb 2
GCRY_ASM_FUNC_END(_gcry_aes_ocb_auth_vaes_avx512_zmm)

GCRY_ASM_NOTES
