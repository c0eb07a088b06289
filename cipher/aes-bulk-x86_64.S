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
 *   void _gcry_aes_ocb_enc_<variant> (const aes_hw_key_t *key,
 *          const cipher_ocb_table_t *tab, cipher_ocb_chain_t *chain,
 *          byte *out, const byte *in, size_t nblocks);
 *   void _gcry_aes_ocb_dec_<variant> (same);
 *   void _gcry_aes_ocb_auth_<variant> (const aes_hw_key_t *key,
 *          const cipher_ocb_table_t *tab, cipher_ocb_chain_t *chain,
 *          const byte *abuf, size_t nblocks);
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
 * ciphertext block (OFB: the last keystream block).  OUT == IN is
 * allowed, other overlaps are not.
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
 * The offsets come from two tables the mode code derives from the key at
 * setkey (cipher_ocb_table_t, cipher/cipher-internal.h): L[0..63] and
 * the prefix sums S_j = L[ntz(1)] ^ ... ^ L[ntz(j)], j = 1..32, right
 * after L.
 *
 * Windows.  With B = VL/16 blocks per vector, a window is N = 8*B
 * blocks (one main-loop batch) after a block index w that is a multiple
 * of N.  Inside it ntz(w+j) = ntz(j) for j < N, so O_(w+j) = O_w ^ S_j:
 * vector v of the window (blocks w+vB+1 .. w+vB+B) has the offsets
 * O_w ^ S_(vB+1 .. vB+B), the base in every lane xored with VL
 * contiguous bytes of the S table (one memory operand).  Only the
 * window's last block depends on w: O_(w+N) = O_w ^ S_(N-1) ^
 * L[ntz(w+N)], which is also the next window's base; it replaces the
 * last lane of the last vector.  That is one BSF, two xmm xors and a
 * lane insert per window, and the only step on the chain of bases.
 *
 * No offsets are stored anywhere.  The first round runs with the key
 * (O_w ^ RK0) ^ S_v (one three-input xor with the input in the EVEX
 * variants) and the last one with (O_w ^ RK_LAST) ^ S_v, since
 * VAESENCLAST / VAESDECLAST xor their key in: the output needs no xor
 * after the AES, and every key xor runs off the AES chain.
 *
 * A call that starts inside a window (the message's previous call ended
 * there) first runs single blocks up to a multiple of B, then single
 * vectors up to a window start, each vector treated as a window of one
 * vector (lanes O ^ S_1 .. O ^ S_(B-1), then its own next base); blocks
 * such a call leaves at the end (fewer than a vector) are single blocks.
 * Calls from a window start -- every message's first call, and any call
 * after a multiple of N blocks -- run whole windows, then one window
 * tail of K vectors in flight together (unrolled code for each K).  The
 * EVEX variants cover the tail's last 1..B blocks with a masked vector;
 * the VEX ones leave fewer than B blocks (vaes_avx2: one) to the
 * single-block code.  The new base after a tail of J blocks is
 * O_w ^ S_J: one xor.
 *
 * Checksums and sums accumulate per lane and are folded at the end; the
 * EVEX variants keep two accumulators, so that the chain of sum xors is
 * half as long (the VEX ones pair the blocks first when they may be
 * overwritten).  Nothing is written to the stack.
 *
 * Entry (argument order of the bulk slots, cipher/aes-x86-kernels.h):
 *   enc/dec: KEY, LTAB (the tables), OCBST (cipher_ocb_chain_t: offset
 *            of the last block done, checksum, blocks done; updated),
 *            DST, SRC, LEN = blocks
 *   auth:    KEY, LTAB, OCBST (the sum in place of the checksum), SRC,
 *            LEN = blocks
 */
.set OCB_ST_OFFSET, 0
.set OCB_ST_SUM, 16
.set OCB_ST_INDEX, 32
.set OCB_S, 64 * 16             /* S_j at OCB_S + 16*(j-1) from LTAB */

.macro _set_ocb_names mode
  .set LTAB,    %rsi    /* L[0..63], S_1..S_32 */
  .set OCBST,   %rdx    /* offset, sum, index */
  .if \mode == 2
    .set SRC,   %rcx
    .set LEN,   %r8
  .else
    .set DST,   %rcx
    .set SRC,   %r8
    .set LEN,   %r9
  .endif
  .set IDX,     %rdi    /* index of the last block done (KEY is free) */
  .set RK0x,    X8
  .set RK_LASTx, X9
  .set OCB_T,   V10     /* scratch: next-base terms, last-round keys
                           (VEX: RK_TMP, free outside the rounds) */
  .set X_OCB_T, X10
  .set BASE_BC, V11     /* the base offset in every lane */
  .set CSUM,    V12     /* checksum / sum, per lane */
  .set X_CSUM,  X12
  .set BASE_RK0, V13    /* base ^ RK0 */
  .set X_BASE,  X14     /* O of the last block done */
  .set V_BASE,  V14
  .set BASE_RKL, V15    /* base ^ RK_LAST */
  .if USE_EVEX
    .set OFF_SP, V29    /* offsets of the vector ending a window */
    .set CSUM2,  V30    /* second accumulator */
  .else
    .set OFF_SP, V11    /* BASE_BC is free once the keys are made */
  .endif
.endm

/* DST = X_BASE in every lane.  */
.macro _ocb_bcast_base dst
  .if VL == 16
    vmovdqa X_BASE, \dst
  .elseif USE_EVEX
    vshufi32x4 $0, V_BASE, V_BASE, \dst
  .else
    vinserti128 $1, X_BASE, V_BASE, \dst
  .endif
.endm

/* The last lane of DST = SRC (xmm).  */
.macro _ocb_insert_last src, dst
  .if VL == 16
    vmovdqa \src, \dst
  .elseif USE_EVEX
    vinserti32x4 $(VL / 16 - 1), \src, \dst, \dst
  .else
    vinserti128 $1, \src, \dst, \dst
  .endif
.endm

/* One single block (xmm) at SRC / DST, its offset from the L table.
   MODE: 0 enc, 1 dec, 2 auth.  Only while the upper lanes of CSUM are
   zero (before the vectors, or after the fold).  */
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

/* CSUM (and CSUM2) ^= V0 .. V(K-1).  KEEP: the V registers are still
   needed (encryption sums its inputs); otherwise the VEX variants pair
   them first.  */
.macro _ocb_sum_pair acc, a, b, k
  .if \b < \k
    vpternlogd $0x96, V\a, V\b, \acc
  .elseif \a < \k
    vpxord V\a, \acc, \acc
  .endif
.endm

.macro _ocb_pair_fold a, b, k
  .if \b < \k
    vpxor V\b, V\a, V\a
  .endif
.endm

.macro _ocb_sum k, keep
  .if USE_EVEX
    _ocb_sum_pair CSUM, 0, 1, \k
    _ocb_sum_pair CSUM2, 2, 3, \k
    _ocb_sum_pair CSUM, 4, 5, \k
    _ocb_sum_pair CSUM2, 6, 7, \k
  .elseif \keep
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < \k
        vpxor V\i, CSUM, CSUM
      .endif
    .endr
  .else
    _ocb_pair_fold 0, 1, \k
    _ocb_pair_fold 2, 3, \k
    _ocb_pair_fold 4, 5, \k
    _ocb_pair_fold 6, 7, \k
    .irp p, 0,2,4,6
      .if \p < \k
        vpxor V\p, CSUM, CSUM
      .endif
    .endr
  .endif
.endm

/* K vectors at SRC / DST, at positions 0 .. K-1 of a window.  KIND:
     0  a window tail (no vector ends the window), from base X_BASE;
     1  a whole window (K = 8): vector 7 ends it, X_BASE and IDX advance;
     2  one vector outside the window scheme (K = 1) that ends its own
        window of B blocks: X_BASE and IDX advance.
   MASKED: the last vector covers only the blocks of %k1 (EVEX).  SRC,
   DST and LEN are the caller's to advance.  */
.macro _ocb_vectors k, mode, kind, masked=0
  .set OCB_DEC, (\mode == 1)
  .if \kind == 1
    .set OCB_SP, 7
    .set OCB_STEP, 8 * VL / 16
  .elseif \kind == 2
    .set OCB_SP, 0
    .set OCB_STEP, VL / 16
  .else
    .set OCB_SP, -1
  .endif
  _ocb_bcast_base BASE_BC
  .if \kind != 2
    _vpxor RK0, BASE_BC, BASE_RK0
    .if \mode != 2
      _vpxor RK_LAST, BASE_BC, BASE_RKL
    .endif
  .endif
  .if OCB_SP >= 0
    /* The vector ending the window: its lanes but the last from the old
       base, the last one the new base.  */
    .if VL > 16
      _vpxor OCB_S+OCB_SP*VL(LTAB), BASE_BC, OFF_SP
    .endif
    add $OCB_STEP, IDX
    bsf IDX, TMP64
    shl $4, TMP64
    vmovdqu (LTAB,TMP64), X_OCB_T
    vpxor OCB_S+16*(OCB_STEP-2)(LTAB), X_OCB_T, X_OCB_T   /* ^ S_(STEP-1) */
    vpxor X_OCB_T, X_BASE, X_BASE
    _ocb_insert_last X_BASE, OFF_SP
  .endif
  /* Inputs, and the first round's key.  */
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \masked && \i == \k - 1
        vmovdqu64 \i*VL(SRC), V\i{%k1}{z}
      .elseif USE_EVEX || \mode == 0 || \i == OCB_SP
        _vmovdqu \i*VL(SRC), V\i
      .endif
    .endif
  .endr
  .if \mode == 0
    _ocb_sum \k, 1
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \i == OCB_SP
        .if USE_EVEX
          vpternlogd $0x96, OFF_SP, RK0, V\i
        .else
          vpxor OFF_SP, V\i, V\i
          vpxor RK0, V\i, V\i
        .endif
      .elseif USE_EVEX
        vpternlogd $0x96, OCB_S+\i*VL(LTAB), BASE_RK0, V\i
      .else
        .if \mode == 0
          vpxor BASE_RK0, V\i, V\i
        .else
          vpxor \i*VL(SRC), BASE_RK0, V\i
        .endif
        vpxor OCB_S+\i*VL(LTAB), V\i, V\i
      .endif
    .endif
  .endr
  _aes_middle_rounds \k, OCB_DEC
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      .if \mode == 2
        vaesenclast RK_LAST, V\i, V\i
      .else
        .if \i == OCB_SP
          _vpxor RK_LAST, OFF_SP, OFF_SP
          _aes_last \i, OFF_SP, OCB_DEC
        .else
          _vpxor OCB_S+\i*VL(LTAB), BASE_RKL, OCB_T
          _aes_last \i, OCB_T, OCB_DEC
        .endif
        .if \masked && \i == \k - 1
          vmovdqu64 V\i, \i*VL(DST){%k1}
        .else
          _vmovdqu V\i, \i*VL(DST)
        .endif
      .endif
    .endif
  .endr
  .if \mode != 0
    /* Masked: lanes past the end hold the AES of zeros, not summed.  */
    .irp i, 0,1,2,3,4,5,6,7
      .if \masked && \i == \k - 1
        vmovdqu64 V\i, V\i{%k1}{z}
      .endif
    .endr
    _ocb_sum \k, 0
  .endif
.endm

/* The window tail: 0 < LEN < 8*VL bytes from a window start.  EVEX: all
   of it, K = ceil (LEN / VL) vectors, the last one masked.  VEX: K =
   floor (LEN / VL) >= 1 vectors; what is left (fewer than B blocks)
   stays for the single-block code.  Advances SRC, DST, LEN, IDX and
   X_BASE over what it did.  */
.macro _ocb_tail mode
  .if USE_EVEX
    /* %k1 = the qword lanes of the last vector's 1..B blocks.  */
    lea -1(LEN), TMP64
    and $(VL - 1), TMP64
    add $1, TMP64                       /* bytes in the last vector */
    vpbroadcastq TMP64, OCB_T
    vpcmpuq $6, .Locb_lane_offsets(%rip), OCB_T, %k1   /* bytes > lane */
    cmp $4*VL, LEN
    ja .Ltail5678\@
    cmp $2*VL, LEN
    ja .Ltail34\@
    cmp $VL, LEN
    ja .Ltail2\@
    _ocb_vectors 1, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail2\@:
    _ocb_vectors 2, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail34\@:
    cmp $3*VL, LEN
    ja .Ltail4\@
    _ocb_vectors 3, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail4\@:
    _ocb_vectors 4, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail5678\@:
    cmp $6*VL, LEN
    ja .Ltail78\@
    cmp $5*VL, LEN
    ja .Ltail6\@
    _ocb_vectors 5, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail6\@:
    _ocb_vectors 6, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail78\@:
    cmp $7*VL, LEN
    ja .Ltail8\@
    _ocb_vectors 7, \mode, 0, 1
    jmp .Ltail_end\@
.Ltail8\@:
    _ocb_vectors 8, \mode, 0, 1
.Ltail_end\@:
    mov LEN, TMP64
  .else
    cmp $4*VL, LEN
    jae .Ltail4567\@
    cmp $2*VL, LEN
    jae .Ltail23\@
    _ocb_vectors 1, \mode, 0
    jmp .Ltail_end\@
.Ltail23\@:
    cmp $3*VL, LEN
    jae .Ltail3\@
    _ocb_vectors 2, \mode, 0
    jmp .Ltail_end\@
.Ltail3\@:
    _ocb_vectors 3, \mode, 0
    jmp .Ltail_end\@
.Ltail4567\@:
    cmp $6*VL, LEN
    jae .Ltail67\@
    cmp $5*VL, LEN
    jae .Ltail5\@
    _ocb_vectors 4, \mode, 0
    jmp .Ltail_end\@
.Ltail5\@:
    _ocb_vectors 5, \mode, 0
    jmp .Ltail_end\@
.Ltail67\@:
    cmp $7*VL, LEN
    jae .Ltail7\@
    _ocb_vectors 6, \mode, 0
    jmp .Ltail_end\@
.Ltail7\@:
    _ocb_vectors 7, \mode, 0
.Ltail_end\@:
    mov LEN, TMP64
    and $-VL, TMP64
  .endif
  /* TMP64 bytes done, J = TMP64/16 blocks: new base O_w ^ S_J.  */
  vpxor OCB_S-16(LTAB,TMP64), X_BASE, X_BASE
  add TMP64, SRC
  .if \mode != 2
    add TMP64, DST
  .endif
  sub TMP64, LEN
  shr $4, TMP64
  add TMP64, IDX
.endm

.macro _aes_ocb mode
  _set_ocb_names \mode
  shl $4, LEN
  jz .Lreturn\@
  _load_round_keys (\mode == 1)
  mov OCB_ST_INDEX(OCBST), IDX
  vmovdqu OCB_ST_OFFSET(OCBST), X_BASE
  _vzero CSUM
  .if USE_EVEX
    _vzero CSUM2
  .endif

  test $(8 * VL / 16 - 1), IDX
  jz .Lwindows\@
  /* Inside a window: single blocks up to a multiple of B, then (VL >
     16) single vectors up to the window's end.  */
  .if VL > 16
    test $(VL / 16 - 1), IDX
    jz .Lhead_vectors\@
  .endif
.Lhead\@:
  _ocb_one_block \mode
  jz .Lfold\@
  .if VL > 16
    test $(VL / 16 - 1), IDX
    jnz .Lhead\@
.Lhead_vectors\@:
    test $(8 * VL / 16 - 1), IDX
    jz .Lwindows\@
    cmp $VL, LEN
    jb .Lfold\@
    _ocb_vectors 1, \mode, 2
    add $VL, SRC
    .if \mode != 2
      add $VL, DST
    .endif
    sub $VL, LEN
    jmp .Lhead_vectors\@
  .else
    test $(8 * VL / 16 - 1), IDX
    jnz .Lhead\@
  .endif

.Lwindows\@:
  cmp $8*VL, LEN
  jb .Ltail\@
.p2align 4
.Lmain\@:
  _ocb_vectors 8, \mode, 1
  add $8*VL, SRC
  .if \mode != 2
    add $8*VL, DST
  .endif
  sub $8*VL, LEN
  cmp $8*VL, LEN
  jae .Lmain\@
.Ltail\@:
  .if USE_EVEX
    test LEN, LEN
    jz .Lfold\@
  .else
    cmp $VL, LEN
    jb .Lfold\@
  .endif
  _ocb_tail \mode

.Lfold\@:
  /* Fold the per-lane sums, then the blocks left one by one.  */
  .if USE_EVEX
    vpxord CSUM2, CSUM, CSUM
  .endif
  .if VL == 64
    vextracti64x4 $1, CSUM, %ymm10
    vpxord %ymm10, %ymm12, %ymm12
  .endif
  .if VL >= 32
    vextracti128 $1, %ymm12, X_OCB_T
    vpxor X_OCB_T, X_CSUM, X_CSUM
  .endif
  test LEN, LEN
  jz .Ldone\@
.Lsingles\@:
  _ocb_one_block \mode
  jnz .Lsingles\@

.Ldone\@:
  vpxor OCB_ST_SUM(OCBST), X_CSUM, X_CSUM
  vmovdqu X_CSUM, OCB_ST_SUM(OCBST)
  vmovdqu X_BASE, OCB_ST_OFFSET(OCBST)
  mov IDX, OCB_ST_INDEX(OCBST)
  .irp i, 14,15
    _vzero X\i
  .endr
  .if USE_EVEX
    _vzero OFF_SP
    _vzero CSUM2
  .endif
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
/* OCB window tails: the first byte of each qword lane's block, against
   which the bytes of the last vector are compared (the lanes to keep).  */
.p2align 6
.Locb_lane_offsets:
  .quad 0, 0, 16, 16, 32, 32, 48, 48

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
