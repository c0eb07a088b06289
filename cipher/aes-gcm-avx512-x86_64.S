/* aes-gcm-avx512-x86_64.S - stitched AES-GCM with VAES and VPCLMULQDQ
 * on AVX-512: one template, two vector lengths.
 *
 *   variant            VL  vectors/batch  blocks/batch  CPU features
 *   vaes_avx512_zmm    64  8              32            VAES, VPCLMULQDQ,
 *   vaes_avx512_ymm    32  8              16            AVX512F/BW/VL, BMI2
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
 * ... xor C_N H, lane j of vector v taking H^(N - VL/16 v - j), the
 * per-lane results reduced in place and their lanes summed at the end.
 *
 * Key layout (what the glue's setkey writes, gcm_bulk_key_t): 32 powers,
 * H^32 first and H^1 last, each phi(H^k x^-1) as a little-endian 128-bit
 * integer, then 48 zero bytes.  A batch of N blocks reads the last N
 * entries; a tail of n blocks the last n, so vector v of any batch loads
 * contiguous powers (a tail's last vector may run into the padding).
 *
 * Where the time goes, and the tricks that follow from it.  VAESENC and
 * VPCLMULQDQ on zmm each issue once per cycle on Sapphire Rapids, on
 * different ports (0 and 5), and every other 512-bit vector operation
 * competes for the same two ports; a 512-bit memory operand costs issue
 * time too when both are saturated (measured: 8 VAESENC + 8 VPCLMULQDQ
 * take 8 cycles from registers, 9.4 with memory operands).  AES-128
 * needs 80 VAESENC per 32 blocks on port 0, so the GHASH of those blocks
 * and all the glue around it must fit beside them: the operations per
 * block on ports 0/5, and the loads, are what this code minimises.
 *  - Stitching: the middle AES rounds of a batch carry the 10 steps of
 *    the GHASH of the previous batch's ciphertext (encryption) or of
 *    this batch's ciphertext (decryption, which reads it before writing
 *    the plaintext over it), spread over however many rounds the key
 *    size has (one copy of the rounds per key size), so port 5 is fed
 *    evenly.  Encryption runs its first batch without GHASH and hashes
 *    its last batch under the tail's rounds (or alone without a tail).
 *  - 32 blocks per reduction on zmm: the reduction and the sum of the
 *    lanes (ten operations) are paid once per 512 bytes.
 *  - Products summed two vectors at a time: one vpternlogd adds the
 *    same partial product of two vectors, so four products of a vector
 *    cost two additions, not three.  The pair holding vector 0 (which
 *    takes ACC) goes last, so the previous batch's ACC is needed late.
 *  - Constants in registers where the key size leaves them free: AES-128
 *    (round keys 10-13 unused) keeps the byte-reversal control and the
 *    reduction constant in registers and loads each vector of powers of
 *    H once, AES-192 the latter; AES-256 reads them as memory operands.
 *  - Counter blocks for one operation per vector.  Within a batch whose
 *    blocks leave byte 15 of the counter without carry, the blocks
 *    differ only in that byte, so each vector of (counter xor round key
 *    0) is CTRQ (the batch's counter with byte 15 cleared, xor round
 *    key 0, kept in a register) xor a row of .Lctr_byte15 (byte 15 = the
 *    block's low counter byte): one vpxord with a memory operand.  One
 *    batch in 8 (zmm) or 16 (ymm) crosses a byte-15 carry and takes the
 *    general path (inc32 on byte-reversed lanes, then vpshufb), which
 *    also gives CTRQ its new upper bytes.  inc32 wraps exactly as SP
 *    800-38D says there (vpaddd on the 32-bit word), so no call needs
 *    splitting.
 *  - Tails (0 < LEN < batch): exactly ceil(LEN / VL) vectors of
 *    keystream, their rounds interleaved (AES latency is hidden by
 *    independent states, not by the out-of-order window, which chains
 *    of VAESENC would fill) in a loop over the rounds with the round
 *    keys read from the schedule: one short body per vector count for
 *    every key size.  Encryption's last batch is hashed one vector per
 *    round there.  Then vector by vector: the output and the GHASH of
 *    its whole ciphertext blocks from the registers (in place, the
 *    store overwrites the input); only the last vector needs masks
 *    (from bzhi: no byte outside the caller's buffers is read or
 *    written), and a one-vector tail runs straight through.  A tail's
 *    powers start at any 16-byte boundary, so they are loaded into a
 *    register once per vector (a split memory operand would cost every
 *    multiply).  The keystream lane of a final partial block is picked
 *    with vpcompressq.
 *  - The GHASH of a tail's ciphertext waits for its last AES round, the
 *    end of encryption's dependency chain.  So an encryption tail of 5
 *    vectors or more that follows no batch runs its front (all but the
 *    last three vectors) first, and the front's GHASH runs under the
 *    rounds of the last three, leaving 3 vectors to hash at the end
 *    (measured: 6% off a 384-byte message; with a batch before, whose
 *    GHASH the front's rounds carry, and for decryption, whose GHASH
 *    needs no AES, the split measured slower).
 *  - Short messages: the counter lanes come straight from the block as
 *    loaded (the shortest chain to the first round) and only the first
 *    and last round keys are put in registers; up to 2 vectors the
 *    rounds are unrolled (a loop's bookkeeping measured at 5-10% of a
 *    16..128-byte decryption).
 *  - The flags (in the top byte of NBYTES, see the glue): EK_J0 encrypts
 *    J0 at ACC + 32 -- at entry for a decryption of whole batches,
 *    beside the last GHASH of an encryption of whole batches, else in
 *    the tail's rounds: in the top lane of the last vector when the
 *    message leaves it free and the rounds are bound by port 0 (3
 *    vectors or more: no VAESENC of its own), else as one more state,
 *    whose chain never holds up the message's own.  TAG replaces the
 *    length block at ACC + 48 with the tag the message has if this
 *    call ends it (xmm, one reduction), so that gettag needs no GHASH,
 *    and leaves a partial final block's ciphertext, zero-padded, in
 *    PENDING at ACC + 16 (the mode's copy of it).
 *  - One code path for AES-128/192/256: round keys by from-end index, as
 *    in aes-ctr-x86_64.S, in registers 16-30 for the batches.
 *  - The updated counter block is written once, with one 16-byte store
 *    at entry (its value is known then), so the next call's load is
 *    forwarded from it; the block is loaded with a plain 16-byte load
 *    for the same reason (a broadcast load is not forwarded).
 *  - The last AES round gets the input xored into the last round key,
 *    so vaesenclast produces the output directly.
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
 * ACC is the GHASH state as SP 800-38D writes it (with a flag in NBYTES,
 * the first of the 64 bytes ACC, PENDING, EK_J0, TAG).  OUT == IN
 * allowed.  HKEY is best 64-byte aligned (gcm_bulk_key_t is): its powers
 * are 512-bit memory operands.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"
#include "aes-x86-macros.h"

/* Offsets in aes_hw_key_t (cipher/aes-aesni.h), pinned by static_asserts
   in cipher/aes-x86-kernels.h.  */
#define AES_KEY_ENC_OFFSET      0
#define AES_KEY_ROUNDS_OFFSET   480
/* Bytes of powers of H in the GCM key: H^32 .. H^1.  */
#define GCM_HPOW_BYTES          512
/* Flags in the top byte of NBYTES (aes-x86-kernels.h; the glue puts
   the gcm_crypt slot's GCM_BULK_EK_J0 and GCM_BULK_TAG there), and the
   blocks after ACC they use: the mode's state is ACC, PENDING, EK_J0,
   TAG.  */
#define GCM_KERNEL_EK_J0        1
#define GCM_KERNEL_TAG          2
#define GCM_KERNEL_FLAGS_SHIFT  56
#define ACC_PENDING             16
#define ACC_EK_J0               32
#define ACC_TAG                 48

/*
 * General-purpose registers.
 */
.set KEY,       %rdi    /* aes_hw_key_t *; kept for its ROUNDS field */
.set HKEY,      %rsi    /* powers of H; advanced in the final tail */
.set ACCP,      %rdx    /* GHASH accumulator, written at exit */
.set CTRP,      %rcx    /* counter block, written at entry; then: */
.set CTR32,     %ecx    /* low 32 bits of the next counter block (LE) */
.set CTR8,      %cl
.set DST,       %r8     /* output, advanced */
.set SRC,       %r9     /* input, advanced */
.set LEN,       %r10    /* bytes still to process */
.set TMP,       %r11    /* scratch */
.set TMP32,     %r11d
.set AUX,       %rax    /* main loop: &.Lctr_byte15; tails: scratch */
.set ONES,      %rdi    /* tails, once KEY is done: all ones (masks) */
.set AUX32,     %eax

.macro _set_veclen vl
  _set_vregs \vl, 1
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .set Y\i, %ymm\i
  .endr
  .set NVEC, 8                          /* vectors per batch */
  .set BATCH, NVEC * VL                 /* bytes per batch */
  .set BATCH_BLOCKS, BATCH / 16
  .set HPOW_BATCH, GCM_HPOW_BYTES - BATCH /* offset of H^BATCH_BLOCKS */
  .set HPOW_H2, GCM_HPOW_BYTES - 32     /* offset of H^2 */
  .set HPOW_H1, GCM_HPOW_BYTES - 16     /* offset of H^1 */
  .set NSTEPS, NVEC + 2                 /* GHASH steps per batch */

  /* V0-V7: AES states of the batch; in the tail, keystream.  */
  .set GHDATA,  V8      /* byte-reversed ciphertext being hashed */
  .set X_GHDATA, X8
  .set Y_GHDATA, Y8
  .set GHDATA2, V9      /* the other vector of the pair */
  .set X_GHDATA2, X9
  .set T0,      V10     /* products; scratch */
  .set T1,      V11
  .set X_T0,    X10
  .set X_T1,    X11
  .set Y_T0,    Y10
  .set LO,      V12     /* product bits 0-127, per lane */
  .set X_LO,    X12
  .set MID,     V13     /* bits 64-191 */
  .set X_MID,   X13
  .set HI,      V14     /* bits 128-255; the reduced result */
  .set X_HI,    X14
  .set Y_HI,    Y14
  .set ACC,     V15     /* GHASH state, lane 0 only (upper lanes 0) */
  .set X_ACC,   X15
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
  /* The main loop's GHASH constants where the key size leaves round key
     registers free (_ghash_step): AES-192 and AES-128 the powers,
     AES-128 also the byte-reversal control and the reduction constant
     (loaded with the round keys).  */
  .set HPOW_A,  V29
  .set HPOW_B,  V30
  .set BSWAP_R, V28
  .set GFPOLY_R, V27
  /* The current counter block with byte 15 cleared, xor RK0, in every
     lane (header).  */
  .set CTRQ,    V31
  .set X_CTRQ,  X31
  /* In the tails (after the last counter block): powers of H.  A tail's
     powers start at any 16-byte boundary, so they are loaded once per
     vector into a register: a memory operand split across cache lines
     costs every VPCLMULQDQ that uses it.  */
  .set TAIL_HPOW, V31
  /* In _tail_finish, where no round key is needed any more: the last
     vector's ciphertext, then the final partial block's (for TAG), and
     the GHASH key pointer while HKEY walks the tail's powers.  */
  .set CT_LAST, V30
  .set TAIL_CT, V29
  .set X_TAIL_CT, X29
  .set X_HKEY_SAVE, X28
  /* In the tail rounds: J0 becoming E(K, J0) (_j0_lane_start).  */
  .set X_J0, X26
.endm

/* Byte mask of the first min(NBYTES, VL) bytes in KREG (NBYTES a
   register, any value; ONES all ones: the tails set it).  Clobbers
   TMP.  */
.macro _bytemask nbytes, kreg=%k1
  mov $VL, TMP32
  cmp TMP, \nbytes
  cmovb \nbytes, TMP
  bzhi TMP, ONES, TMP
  .if VL == 64
    kmovq TMP, \kreg
  .else
    kmovd TMP32, \kreg
  .endif
.endm

/* Multiply-accumulate GHDATA (byte-reversed blocks) by POW (register
   or memory) into LO, MID, HI.  The tails' one-vector form.  */
.macro _ghash_mul pow
  vpclmulqdq $0x00, \pow, GHDATA, T0
  vpclmulqdq $0x11, \pow, GHDATA, T1
  vpxord T0, LO, LO
  vpxord T1, HI, HI
  vpclmulqdq $0x01, \pow, GHDATA, T0
  vpclmulqdq $0x10, \pow, GHDATA, T1
  vpternlogd $0x96, T0, T1, MID
.endm

/* The two Montgomery steps of the header, per lane: HI = (LO, MID, HI)
   / y^128 mod g*.  */
.macro _ghash_reduce gfpoly=.Lgfpoly(%rip)
  vpclmulqdq $0x00, \gfpoly, LO, T0
  vpshufd $0x4e, LO, LO
  vpternlogd $0x96, T0, LO, MID
  vpclmulqdq $0x00, \gfpoly, MID, T0
  vpshufd $0x4e, MID, MID
  vpternlogd $0x96, T0, MID, HI
.endm

/* ACC = sum of the lanes of HI (ADD: ACC ^= that sum).  */
.macro _ghash_fold_lanes add=0
  .if VL == 64
    vextracti64x4 $1, HI, Y_T0
    vpxord Y_T0, Y_HI, Y_HI
  .endif
  vextracti32x4 $1, Y_HI, X_T0
  .if \add
    vpternlogd $0x96, X_T0, X_HI, X_ACC
  .else
    vpxord X_T0, X_HI, X_ACC
  .endif
.endm

/* DST = SRC3 xor SRC2 xor DST (START: DST = SRC3 xor SRC2).  */
.macro _xor3 start, src3, src2, dst
  .if \start
    vpxord \src3, \src2, \dst
  .else
    vpternlogd $0x96, \src3, \src2, \dst
  .endif
.endm

/* Step S of the GHASH of one batch of ciphertext at DISP(BASE).  The
   vectors go in pairs (A, B), the last pair first, so that ACC (which
   joins vector 0, in the last pair) is needed as late as possible: the
   even step loads and byte-reverses both and adds their low and high
   products, the odd step their middle products; each vpternlogd adds
   one product of each vector.  Then the reduction, then the sum of the
   lanes into ACC.
   REGS: where the constants come from.  0: memory operands.  1 (AES-192,
   whose rounds leave RK12 and RK13 free): each power vector loaded once
   into HPOW_A/HPOW_B, not read four times as a memory operand.  2
   (AES-128, RK10 to RK13 free): that, and the byte-reversal control and
   the reduction constant in registers too.  In a loop where ports 0
   and 5 are saturated, every 512-bit memory operand costs issue time.  */
.macro _ghash_step s, base, disp, regs=0
  .if \regs == 2
    .set .Lbswap_op, BSWAP_R
    .set .Lgfpoly_op, GFPOLY_R
  .endif
  .if \s < NVEC
    .set .Lga, NVEC - 2 - ((\s) & ~1)
    .set .Lgb, .Lga + 1
    .set .Lfirst, (\s) < 2
    .if \regs
      .set .Lpa, HPOW_A
      .set .Lpb, HPOW_B
    .endif
    .if ((\s) & 1) == 0
      vmovdqu8 \disp+.Lga*VL(\base), GHDATA
      vmovdqu8 \disp+.Lgb*VL(\base), GHDATA2
      .if \regs
        vmovdqu8 HPOW_BATCH+.Lga*VL(HKEY), HPOW_A
        vmovdqu8 HPOW_BATCH+.Lgb*VL(HKEY), HPOW_B
      .endif
      .if \regs == 2
        vpshufb BSWAP_R, GHDATA, GHDATA
        vpshufb BSWAP_R, GHDATA2, GHDATA2
      .else
        vpshufb .Lbswap128(%rip), GHDATA, GHDATA
        vpshufb .Lbswap128(%rip), GHDATA2, GHDATA2
      .endif
      .if .Lga == 0
        vpxord ACC, GHDATA, GHDATA
      .endif
      _clmul_pow \regs, 0x00, .Lga, GHDATA, T0
      _clmul_pow \regs, 0x00, .Lgb, GHDATA2, T1
      _xor3 .Lfirst, T0, T1, LO
      _clmul_pow \regs, 0x11, .Lga, GHDATA, T0
      _clmul_pow \regs, 0x11, .Lgb, GHDATA2, T1
      _xor3 .Lfirst, T0, T1, HI
    .else
      _clmul_pow \regs, 0x01, .Lga, GHDATA, T0
      _clmul_pow \regs, 0x10, .Lga, GHDATA, T1
      _xor3 .Lfirst, T0, T1, MID
      _clmul_pow \regs, 0x01, .Lgb, GHDATA2, T0
      _clmul_pow \regs, 0x10, .Lgb, GHDATA2, T1
      _xor3 0, T0, T1, MID
    .endif
  .elseif \s == NVEC
    .if \regs == 2
      _ghash_reduce GFPOLY_R
    .else
      _ghash_reduce
    .endif
  .elseif \s == NVEC + 1
    _ghash_fold_lanes
  .endif
.endm

/* DST = the carry-less product IMM of DATA and the powers of vector V
   of the batch (HPOW_A/HPOW_B when REGS, V even/odd).  */
.macro _clmul_pow regs, imm, v, data, dst
  .if \regs
    .if (\v) & 1
      vpclmulqdq $\imm, HPOW_B, \data, \dst
    .else
      vpclmulqdq $\imm, HPOW_A, \data, \dst
    .endif
  .else
    vpclmulqdq $\imm, HPOW_BATCH+(\v)*VL(HKEY), \data, \dst
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

/* GHASH of the LEN bytes (whole blocks, 0 < LEN < BATCH) at SRC into
   ACC, one vector per iteration, with the last powers of H (the last
   vector may read past H^1 into the zero padding: its data lanes there
   are zero).  */
.macro _ghash_tail
  mov $-1, ONES
  mov LEN, AUX
  add $GCM_HPOW_BYTES, HKEY
  sub AUX, HKEY
  vpxor X_LO, X_LO, X_LO
  vpxor X_MID, X_MID, X_MID
  vpxor X_HI, X_HI, X_HI
.Lghash_tail_loop\@:
  _bytemask LEN, %k2
  vmovdqu8 (SRC), GHDATA{%k2}{z}
  vpshufb .Lbswap128(%rip), GHDATA, GHDATA
  vpxord ACC, GHDATA, GHDATA            /* ACC joins the first block only */
  vpxor X_ACC, X_ACC, X_ACC
  vmovdqu8 (HKEY), TAIL_HPOW
  _ghash_mul TAIL_HPOW
  add $VL, HKEY
  add $VL, SRC
  sub $VL, LEN
  ja .Lghash_tail_loop\@
  _ghash_reduce
  _ghash_fold_lanes
.endm

/* Keystream for the 0 < LEN < BATCH bytes left: K vectors in V0..V(K-1)
   with K = ceil(LEN / VL) (DEC: decryption).  T0: the counter lanes
   (_ctr_lanes).  With GHASH set, the GHASH of the batch before (at
   DST - BATCH) is done under the rounds.  Continues at DONE, with
   _tail_finish to do.  */
.macro _tail_keystream done, ghash, dec
  cmp $4*VL, LEN
  ja .Lgt4\@
  cmp $2*VL, LEN
  ja .Lgt2\@
  cmp $VL, LEN
  ja .Lks2\@
  _tail_keystream_k 1, \done, \ghash, \dec
.Lks2\@:
  _tail_keystream_k 2, \done, \ghash, \dec
.Lgt2\@:
  cmp $3*VL, LEN
  ja .Lks4\@
  _tail_keystream_k 3, \done, \ghash, \dec
.Lks4\@:
  _tail_keystream_k 4, \done, \ghash, \dec
.Lgt4\@:
  cmp $6*VL, LEN
  ja .Lgt6\@
  cmp $5*VL, LEN
  ja .Lks6\@
  _tail_keystream_k 5, \done, \ghash, \dec
.Lks6\@:
  _tail_keystream_k 6, \done, \ghash, \dec
.Lgt6\@:
  cmp $7*VL, LEN
  ja .Lks8\@
  _tail_keystream_k 7, \done, \ghash, \dec
.Lks8\@:
  _tail_keystream_k 8, \done, \ghash, \dec
.endm

.macro _tail_keystream_k k, done, ghash, dec
  .if (\k <= 4) || \dec || \ghash
    /* All in one group: V0..V(K-1).  */
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < \k
        vpshufb .Lbswap128(%rip), T0, V\i
        _ctr_step T0
      .endif
    .endr
    .set .Lkf, 0
  .else
    /* The front, K - 3 vectors in V3.., then the last three in V0-V2
       (the registers _tail_finish takes).  */
    .set .Lkf, \k - 3
    .irp i, 3,4,5,6,7
      .if \i < \k
        vpshufb .Lbswap128(%rip), T0, V\i
        _ctr_step T0
      .endif
    .endr
    .irp i, 0,1,2
      vpshufb .Lbswap128(%rip), T0, V\i
      _ctr_step T0
    .endr
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vpxord RK0, V\i, V\i
    .endif
  .endr
  .if (\k > 4) && !\dec && !\ghash
    /* Encryption (see the header): the front's rounds first, its last
       round with the input folded into the round key, its output
       stored; then the last three are the tail, as for K = 3, their
       rounds carrying the front's GHASH (its ciphertext now ends at
       DST).  */
    _tail_rounds 3, .Lkf, 0, DST, 0
    .irp i, 3,4,5,6,7
      .if \i < \k
        vmovdqu8 (\i-3)*VL(SRC), T0
        vpxord RK_LAST, T0, T0
        vaesenclast T0, V\i, V\i
        vmovdqu8 V\i, (\i-3)*VL(DST)
      .endif
    .endr
    add $.Lkf*VL, SRC
    add $.Lkf*VL, DST
    sub $.Lkf*VL, LEN
    .set .Lgn, .Lkf
    .set .Lklast, 3
  .else
    .set .Lgn, NVEC * \ghash
    .set .Lklast, \k
  .endif
  /* E(K, J0) with EK_J0.  From 3 vectors on the rounds are bound by
     port 0, not by latency: J0 then goes in the last vector's top lane
     when the message leaves it free (the last vector < VL - 16 bytes),
     where it costs no VAESENC of its own.  Else in a lane of its own
     (_j0_lane_start).  */
  .if .Lklast >= 3
    kmovw %k4, TMP32
    test $GCM_KERNEL_EK_J0, TMP32
    jz .Lrounds\@
    lea -1(LEN), TMP
    and $VL-1, TMP
    cmp $VL-16, TMP
    jae .Lj0_apart\@
    vbroadcasti32x4 ACC_EK_J0(ACCP), T1
    vpxord RK0, T1, T1
    mov $(0xc0 >> (8 - VL / 8)), TMP32  /* the top lane's qwords */
    kmovw TMP32, %k5
    .irp i, 0,1,2,3,4,5,6,7
      .if \i == (.Lklast - 1)
        vmovdqa64 T1, V\i{%k5}
      .endif
    .endr
.Lrounds\@:
    _tail_rounds 0, .Lklast, .Lgn, DST, 0
    .irp i, 0,1,2,3,4,5,6,7
      .if \i < .Lklast
        vaesenclast RK_LAST, V\i, V\i
      .endif
    .endr
    kmovw %k4, TMP32
    test $GCM_KERNEL_EK_J0, TMP32
    jz \done
    .irp i, 0,1,2,3,4,5,6,7
      .if \i == (.Lklast - 1)
        vextracti32x4 $(VL / 16 - 1), V\i, X_T1
      .endif
    .endr
    vmovdqu X_T1, ACC_EK_J0(ACCP)
    jmp \done
.Lj0_apart\@:
  .endif
  .if (.Lklast <= 2) && (.Lgn == 0)
    _tail_rounds_unrolled .Lklast
  .else
    _tail_rounds 0, .Lklast, .Lgn, DST, 1
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < .Lklast
      vaesenclast RK_LAST, V\i, V\i
    .endif
  .endr
  _j0_lane_end
  jmp \done
.endm

/* EK_J0 in a tail: J0 rides the tail's rounds as one more state, X_J0,
   in step with the message's blocks -- a separate chain of rounds
   would compete with theirs on port 0 or come after them and hold up
   retirement.  Without EK_J0 the lane runs on whatever X_J0 holds and
   nothing is stored.  */
.macro _j0_lane_start
  kmovw %k4, TMP32
  test $GCM_KERNEL_EK_J0, TMP32
  jz .Lj0_lane\@
  vmovdqu8 ACC_EK_J0(ACCP), X_J0
  vpxord X16, X_J0, X_J0                  /* RK0 */
.Lj0_lane\@:
.endm

.macro _j0_lane_end
  vaesenclast X17, X_J0, X_J0             /* RK_LAST */
  kmovw %k4, TMP32
  test $GCM_KERNEL_EK_J0, TMP32
  jz .Lj0_lane\@
  vmovdqu8 X_J0, ACC_EK_J0(ACCP)
.Lj0_lane\@:
.endm

/* The middle rounds of a tail, on V(FIRST)..V(FIRST+COUNT-1) (and on
   J0 with J0 set): a loop over the rounds, the round key broadcast from
   the schedule each time, so that one short body serves every vector
   count and key size (the rounds of the vectors interleaved: AES
   latency is hidden by independent states, not by the out-of-order
   window, which VAESENC chains would fill).  With GN set, the first GN
   rounds each carry the GHASH of one of the GN vectors of ciphertext
   that end at GEND (a register), on from ACC, with H^(GN VL/16) .. H^1,
   then its reduction into ACC: the carry-less multiplies run under the
   rounds instead of after them.  Clobbers %rcx, AUX, TMP, GHDATA2 (the
   round key).  */
.macro _tail_rounds first, count, gn, gend, j0
  lea AES_KEY_ENC_OFFSET+16(KEY), %rcx          /* round key 1 */
  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  lea AES_KEY_ENC_OFFSET(KEY,AUX), AUX          /* the last round key */
  .if \j0
    _j0_lane_start
  .endif
  .if \gn
    vpxor X_LO, X_LO, X_LO
    vpxor X_MID, X_MID, X_MID
    vpxor X_HI, X_HI, X_HI
    lea -(\gn)*VL(\gend), TMP
.p2align 5
1:
    vbroadcasti32x4 (%rcx), GHDATA2
    _tail_round \first, \count, \j0
    vmovdqu8 (TMP), GHDATA
    vpshufb .Lbswap128(%rip), GHDATA, GHDATA
    vpxord ACC, GHDATA, GHDATA          /* ACC joins the first block only */
    vpxor X_ACC, X_ACC, X_ACC
    vmovdqu8 GCM_HPOW_BYTES-(\gn)*VL(HKEY), TAIL_HPOW
    _ghash_mul TAIL_HPOW
    add $16, %rcx
    add $VL, HKEY
    add $VL, TMP
    cmp \gend, TMP
    jne 1b
    sub $(\gn)*VL, HKEY
    _ghash_reduce
    _ghash_fold_lanes
  .endif
.p2align 5
2:
  vbroadcasti32x4 (%rcx), GHDATA2
  _tail_round \first, \count, \j0
  add $16, %rcx
  cmp AUX, %rcx
  jne 2b
.endm

/* _tail_rounds on V0..V(K-1) and J0 without GHASH, unrolled: a short
   message's rounds are bound by latency, which a loop's counter and
   branch do not lengthen, but its bookkeeping is a fifth of the
   instructions of a one-vector message.  Round keys by from-end index
   (round key e before the last at 112 - 16 e from TMP), the key size
   picking the entry.  */
.macro _tail_rounds_unrolled k
  _j0_lane_start                        /* clobbers TMP */
  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  lea AES_KEY_ENC_OFFSET-112(KEY,AUX), TMP
  cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
  jb .Lr128\@
  je .Lr192\@
  .irp e, 13,12
    vbroadcasti32x4 112-16*\e(TMP), GHDATA2
    _tail_round 0, \k, 1
  .endr
.Lr192\@:
  .irp e, 11,10
    vbroadcasti32x4 112-16*\e(TMP), GHDATA2
    _tail_round 0, \k, 1
  .endr
.Lr128\@:
  .irp e, 9,8,7,6,5,4,3,2,1
    vbroadcasti32x4 112-16*\e(TMP), GHDATA2
    _tail_round 0, \k, 1
  .endr
.endm

/* One middle round (round key GHDATA2) on V(FIRST)..V(FIRST+COUNT-1),
   and on X_J0 with J0.  */
.macro _tail_round first, count, j0
  .irp i, 0,1,2,3,4,5,6,7
    .if (\i >= (\first)) && (\i < ((\first) + (\count)))
      vaesenc GHDATA2, V\i, V\i
    .endif
  .endr
  .if \j0
    vaesenc X_GHDATA2, X_J0, X_J0
  .endif
.endm

/* The 0 < LEN < BATCH bytes left, with their keystream in V0, V1, ...:
   vector by vector, the output and the GHASH of the vector's whole
   ciphertext blocks (DEC: from the input register, loaded before the
   store that may overwrite it), with the last powers of H.  The whole
   vectors before the last need no mask; the last one (_tail_last)
   does.  Entered at ENTRY, which comes last, so that a one-vector tail
   runs straight through into what follows.  Ends with ACC updated and,
   when the final block is partial, its keystream block at KS_TAIL and
   its ciphertext in TAIL_CT.  */
.macro _tail_finish dec, entry
  .irp i, 0,1,2,3,4,5,6
.Lwhole\@_\i:
    vmovdqu8 \i*VL(SRC), GHDATA2
    vpxord GHDATA2, V\i, GHDATA
    vmovdqu8 GHDATA, \i*VL(DST)
    .if \dec
      vpshufb .Lbswap128(%rip), GHDATA2, GHDATA
    .else
      vpshufb .Lbswap128(%rip), GHDATA, GHDATA
    .endif
    .if \i == 0
      vpxord ACC, GHDATA, GHDATA        /* ACC joins the first block only */
      vpxor X_ACC, X_ACC, X_ACC
    .endif
    vmovdqu8 \i*VL(HKEY), TAIL_HPOW
    _ghash_mul TAIL_HPOW
    sub $VL, LEN
    .if \i < 6
      cmp $VL, LEN
      .irp j, 1,2,3,4,5,6
        .if \j == (\i + 1)
          ja .Lwhole\@_\j
        .endif
      .endr
    .endif
    .irp j, 1,2,3,4,5,6,7
      .if \j == (\i + 1)
        _tail_last \j, \dec
      .endif
    .endr
    jmp .Lhashed\@
  .endr
\entry:
  mov $-1, ONES
  vmovq HKEY, X_HKEY_SAVE
  mov LEN, AUX
  and $-16, AUX
  add $GCM_HPOW_BYTES, HKEY
  sub AUX, HKEY
  vpxor X_LO, X_LO, X_LO
  vpxor X_MID, X_MID, X_MID
  vpxor X_HI, X_HI, X_HI
  cmp $VL, LEN
  ja .Lwhole\@_0
  _tail_last 0, \dec
.Lhashed\@:
  /* ACC is still the state if no block was hashed, else zero.  */
  _ghash_reduce
  _ghash_fold_lanes 1
  vmovq X_HKEY_SAVE, HKEY
.endm

/* The last vector of a tail, V<I>, holding the final 0 < LEN <= VL
   bytes: exact bytes through masks from bzhi (no byte outside the
   caller's buffers is read or written), the GHASH of its whole blocks
   (it may read powers past H^1 into the key's zero padding: its data
   lanes there are zero), and for a partial final block its keystream
   to KS_TAIL and its ciphertext, zero-padded, to TAIL_CT.  */
.macro _tail_last i, dec
  bzhi LEN, ONES, TMP
  .if VL == 64
    kmovq TMP, %k1                      /* its bytes */
  .else
    kmovd TMP32, %k1
  .endif
  mov LEN, AUX
  and $-16, AUX
  bzhi AUX, ONES, TMP
  .if VL == 64
    kmovq TMP, %k2                      /* its whole blocks */
  .else
    kmovd TMP32, %k2
  .endif
  vmovdqu8 \i*VL(SRC), GHDATA2{%k1}{z}
  vpxord GHDATA2, V\i, GHDATA
  vmovdqu8 GHDATA, \i*VL(DST){%k1}
  .if \dec
    vmovdqa64 GHDATA2, CT_LAST
  .else
    vmovdqu8 GHDATA, CT_LAST{%k1}{z}
  .endif
  test AUX, AUX
  jz 1f
  .if \dec
    vmovdqu8 GHDATA2, GHDATA{%k2}{z}
  .else
    vmovdqu8 GHDATA, GHDATA{%k2}{z}
  .endif
  vpshufb .Lbswap128(%rip), GHDATA, GHDATA
  .if \i == 0
    vpxord ACC, GHDATA, GHDATA          /* ACC joins the first block only */
    vpxor X_ACC, X_ACC, X_ACC
  .endif
  vmovdqu8 \i*VL(HKEY), TAIL_HPOW
  _ghash_mul TAIL_HPOW
1:
  test $15, LEN
  jz 2f
  /* The partial block: lane LEN / 16.  */
  shr $4, AUX
  shl $1, AUX
  mov $3, TMP32
  shlx AUX, TMP, TMP                    /* the lane's two qwords */
  kmovw TMP32, %k2
  vpcompressq V\i, GHDATA2{%k2}{z}
  mov 16(%rsp), TMP
  vmovdqu X_GHDATA2, (TMP)              /* KS_TAIL */
  vpcompressq CT_LAST, TAIL_CT{%k2}{z}  /* its ciphertext, zero-padded */
2:
.endm

/* LE = the counter blocks from CTR32 on, one per lane, byte-reversed
   (inc32 is then a vpaddd on dword 0 of each lane): bytes 0-11 from
   CTRQ xor RK0, dword 0 from CTR32 plus the lane number.  */
.macro _ctr_lanes le
  vpxord RK0, CTRQ, \le
  vpshufb .Lbswap128(%rip), \le, \le
  vpbroadcastd CTR32, \le{%k3}
  vpaddd .Llane_offsets(%rip), \le, \le
.endm

/* LE += one vector of blocks.  */
.macro _ctr_step le
  .if VL == 64
    vpaddd .Linc4(%rip), \le, \le
  .else
    vpaddd .Linc2(%rip), \le, \le
  .endif
.endm

/* V0..V7 = the next batch of counter blocks xor RK0 the general way
   (_ctr_lanes, then vpshufb per vector), and CTRQ for the batch after.
   Clobbers T0, T1.  */
.macro _ctr_batch_general
  _ctr_lanes T0
  .irp i, 0,1,2,3,4,5,6,7
    vpshufb .Lbswap128(%rip), T0, V\i
    _ctr_step T0
  .endr
  .irp i, 0,1,2,3,4,5,6,7
    vpxord RK0, V\i, V\i
  .endr
  /* Lane 0 holds the next batch's first block; the other lanes differ
     from it in byte 15 only, which CTRQ does not keep.  */
  vpshufb .Lbswap128_clear15(%rip), T0, T0
  vpxord RK0, T0, CTRQ
.endm

/* V0..V7 = the next batch of counter blocks xor RK0; CTR32 advanced.  */
.macro _ctr_batch
  cmpb $(256 - BATCH_BLOCKS), CTR8
  jae .Lctr_general\@
  /* No carry out of byte 15 in this batch (nor at its end).  */
  movzbl CTR8, TMP32
  shl $4, TMP32
  .irp i, 0,1,2,3,4,5,6,7
    vpxord \i*VL(AUX,TMP), CTRQ, V\i
  .endr
  jmp .Lctr_done\@
.Lctr_general\@:
  _ctr_batch_general
.Lctr_done\@:
  add $BATCH_BLOCKS, CTR32
.endm

/* EK_J0 when the flags ask for it: E(K, J0) over J0 at ACC + 32, with
   the round keys of the registers.  Clobbers TMP, X_T0.  */
.macro _ek_j0
  kmovw %k4, TMP32
  test $GCM_KERNEL_EK_J0, TMP32
  jz .Lek_j0_done\@
  vmovdqu ACC_EK_J0(ACCP), X_T0
  _aes_block_x X_T0
  vmovdqu X_T0, ACC_EK_J0(ACCP)
.Lek_j0_done\@:
.endm

/* The xmm form of _ghash_mul: X_LO, X_MID, X_HI (+)= DATA times POW (a
   memory operand); FIRST starts the sums.  */
.macro _ghash_mul_x first, pow, data
  .if \first
    vpclmulqdq $0x00, \pow, \data, X_LO
    vpclmulqdq $0x11, \pow, \data, X_HI
    vpclmulqdq $0x01, \pow, \data, X_MID
    vpclmulqdq $0x10, \pow, \data, X_T0
    vpxord X_T0, X_MID, X_MID
  .else
    vpclmulqdq $0x00, \pow, \data, X_T0
    vpxord X_T0, X_LO, X_LO
    vpclmulqdq $0x11, \pow, \data, X_T0
    vpxord X_T0, X_HI, X_HI
    vpclmulqdq $0x01, \pow, \data, X_T0
    vpxord X_T0, X_MID, X_MID
    vpclmulqdq $0x10, \pow, \data, X_T0
    vpxord X_T0, X_MID, X_MID
  .endif
.endm

/* One block in the xmm X through the whole cipher, with the round keys
   of the registers.  */
.macro _aes_block_x x
  vpxord X16, \x, \x                    /* RK0 */
  cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
  jb .Lblock128\@
  je .Lblock192\@
  vaesenc X30, \x, \x                   /* RK13 */
  vaesenc X29, \x, \x
.Lblock192\@:
  vaesenc X28, \x, \x                   /* RK11 */
  vaesenc X27, \x, \x
.Lblock128\@:
  .irp r, 26,25,24,23,22,21,20,19,18    /* RK9 .. RK1 */
    vaesenc X\r, \x, \x
  .endr
  vaesenclast X17, \x, \x               /* RK_LAST */
.endm

.macro _aes_round e, k
  .irp i, 0,1,2,3,4,5,6,7
    .if \i < \k
      vaesenc RK\e, V\i, V\i
    .endif
  .endr
.endm

/* The middle rounds on V0..V(K-1), unstitched (encryption's first
   batch).  */
.macro _aes_middle k
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
  .endr
.endm

/* The M middle rounds of a batch (M = 9, 11, 13 for AES-128/192/256)
   stitched with the GHASH of the batch at GHDISP(GHBASE): its 10 steps
   spread over the rounds, step S after round ((S + 1) M + 5) / 10, so
   port 5 is fed evenly whatever the key size.  */
.macro _aes_middle_stitched m, ghbase, ghdisp
  .irp e, 13,12,11,10,9,8,7,6,5,4,3,2,1
    .if \e <= \m
      _aes_round \e, NVEC                /* middle round M + 1 - E */
      .irp s, 0,1,2,3,4,5,6,7,8,9
        .if (((\s) + 1) * (\m) + 5) / 10 == (\m) + 1 - (\e)
          _ghash_step \s, \ghbase, \ghdisp, (13 - (\m)) / 2
        .endif
      .endr
    .endif
  .endr
.endm

/* One full batch: counters, rounds (stitched with a GHASH batch when
   GHASH is set: one copy of the rounds per key size), last round with
   the input folded in, store.  */
.macro _crypt_batch ghash, ghbase, ghdisp
  _ctr_batch
  .if \ghash
    cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
    jb .Lmiddle128\@
    je .Lmiddle192\@
    _aes_middle_stitched 13, \ghbase, \ghdisp
    jmp .Lmiddle_done\@
.Lmiddle192\@:
    _aes_middle_stitched 11, \ghbase, \ghdisp
    jmp .Lmiddle_done\@
.Lmiddle128\@:
    _aes_middle_stitched 9, \ghbase, \ghdisp
.Lmiddle_done\@:
  .else
    _aes_middle NVEC
  .endif
  .irp i, 0,1,2,3,4,5,6,7
    vpxord \i*VL(SRC), RK_LAST, T0
    vaesenclast T0, V\i, V\i
    vmovdqu8 V\i, \i*VL(DST)
  .endr
  add $BATCH, SRC
  add $BATCH, DST
  sub $BATCH, LEN
.endm

/*
 * The template.  DEC: 0 encrypts, 1 decrypts.
 */
.macro _aes_gcm_crypt dec
  mov 8(%rsp), LEN
  rorx $GCM_KERNEL_FLAGS_SHIFT, LEN, TMP
  kmovw TMP32, %k4                      /* the flags, for later */
  shl $64-GCM_KERNEL_FLAGS_SHIFT, LEN
  shr $64-GCM_KERNEL_FLAGS_SHIFT, LEN
  test LEN, LEN
  jz .Lreturn\@

  /* The first and last round keys; the others below, for batches (the
     tails read them from the schedule).  */
  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  vbroadcasti32x4 AES_KEY_ENC_OFFSET(KEY), RK0
  vbroadcasti32x4 AES_KEY_ENC_OFFSET(KEY,AUX), RK_LAST
  vmovdqu (ACCP), X_ACC
  vpshufb .Lbswap128(%rip), X_ACC, X_ACC

  /* Counter.  The block to leave behind (inc32 applied once per block
     started) is stored now; CTRP becomes CTR32.  */
  vmovdqu8 (CTRP), X_CTRQ               /* forwarded from the caller's */
  mov 12(CTRP), AUX32                   /* 16-byte store: no broadcast */
  bswap AUX32
  lea 15(LEN), TMP
  shr $4, TMP
  add AUX32, TMP32
  bswap TMP32
  vpinsrd $3, TMP32, X_CTRQ, X_T1
  vmovdqu X_T1, (CTRP)
  mov AUX32, CTR32
  cmp $BATCH, LEN
  jb .Lshort\@

  /* Round keys RK1.. by from-end index (AES-128 and AES-192 leave
     registers free for GHASH constants: _ghash_step).  */
  mov AES_KEY_ROUNDS_OFFSET(KEY), AUX32
  shl $4, AUX32
  lea AES_KEY_ENC_OFFSET-112(KEY,AUX), TMP /* round key e at 112-16e */
  .irp e, 1,2,3,4,5,6,7,8,9
    vbroadcasti32x4 112-16*\e(TMP), RK\e
  .endr
  cmpl $12, AES_KEY_ROUNDS_OFFSET(KEY)
  jb 1f
  vbroadcasti32x4 112-16*10(TMP), RK10
  vbroadcasti32x4 112-16*11(TMP), RK11
  je 2f
  vbroadcasti32x4 112-16*12(TMP), RK12
  vbroadcasti32x4 112-16*13(TMP), RK13
  jmp 2f
1:
  vmovdqu8 .Lbswap128(%rip), BSWAP_R
  vmovdqu8 .Lgfpoly(%rip), GFPOLY_R
2:

  /* CTRQ for the batches.  */
  vshufi32x4 $0, CTRQ, CTRQ, CTRQ
  vpternlogd $0x6c, .Lclear15(%rip), RK0, CTRQ  /* (CTRQ & clear15) ^ RK0 */
  mov $0x1111, TMP32                            /* dword 0 of each lane */
  kmovw TMP32, %k3
  /* EK_J0 goes where port 0 has room: as one more state in the tail's
     rounds, or beside encryption's unstitched last GHASH.  A decryption
     without tail has neither: now, then.  */
  .if \dec
    test $BATCH-1, LEN
    jnz 1f
    _ek_j0
1:
  .endif
  lea .Lctr_byte15(%rip), AUX
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
    /* The last batch's ciphertext is still to hash: under the tail's
       rounds when there is a tail, else on its own.  */
    test LEN, LEN
    jnz .Ltail_stitched\@
    _ek_j0
    _ghash_batch DST, -BATCH
    jmp .Ldone\@
.Ltail_stitched\@:
    _ctr_lanes T0
    _tail_keystream .Lkeystream\@, 1, \dec
  .endif

  /* 0 <= LEN < BATCH, nothing to hash but the tail.  */
.Ltail\@:
  test LEN, LEN
  jz .Ldone\@
  _ctr_lanes T0
  jmp .Ltail_keystream\@

  /* A message shorter than a batch: its counter lanes straight from the
     block, the shortest dependency chain to the first AES round.  */
.Lshort\@:
  vpshufb .Lbswap128(%rip), X_CTRQ, X_T0
  vshufi32x4 $0, T0, T0, T0
  vpaddd .Llane_offsets(%rip), T0, T0
.Ltail_keystream\@:
  _tail_keystream .Lkeystream\@, 0, \dec
  _tail_finish \dec, .Lkeystream\@

.Ldone\@:
  vpshufb .Lbswap128(%rip), X_ACC, X_T0
  vmovdqu X_T0, (ACCP)
  kmovw %k4, TMP32
  test $GCM_KERNEL_TAG, TMP32
  jz .Lwipe\@
  /* TAG: the tag of the message if it ends here: GHASH on from ACC over
     the final partial block P (zero-padded, TAIL_CT) if any and the
     length block L at ACC + 48, xor E(K, J0).  In xmm, as
     (ACC ^ P) H^2 ^ L H or (ACC ^ L) H with one reduction: this is the
     end of the dependency chain of a short message.  */
  vmovdqu ACC_TAG(ACCP), X_T1
  vpshufb .Lbswap128(%rip), X_T1, X_T1
  test $15, LEN
  jz 1f
  vmovdqu64 X_TAIL_CT, ACC_PENDING(ACCP)
  vpshufb .Lbswap128(%rip), X_TAIL_CT, X_GHDATA
  vpxord X_ACC, X_GHDATA, X_GHDATA
  _ghash_mul_x 1, HPOW_H2(HKEY), X_GHDATA
  _ghash_mul_x 0, HPOW_H1(HKEY), X_T1
  jmp 2f
1:
  vpxord X_ACC, X_T1, X_GHDATA
  _ghash_mul_x 1, HPOW_H1(HKEY), X_GHDATA
2:
  vpclmulqdq $0x00, .Lgfpoly(%rip), X_LO, X_T0
  vpshufd $0x4e, X_LO, X_LO
  vpternlogd $0x96, X_T0, X_LO, X_MID
  vpclmulqdq $0x00, .Lgfpoly(%rip), X_MID, X_T0
  vpshufd $0x4e, X_MID, X_MID
  vpternlogd $0x96, X_T0, X_MID, X_HI
  vpshufb .Lbswap128(%rip), X_HI, X_HI
  vpxord ACC_EK_J0(ACCP), X_HI, X_HI
  vmovdqu X_HI, ACC_TAG(ACCP)
.Lwipe\@:
  /* Leave no key, keystream or data behind.  */
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
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
  vmovdqu (ACCP), X_ACC
  vpshufb .Lbswap128(%rip), X_ACC, X_ACC
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
  test LEN, LEN
  jz .Ldone\@
  _ghash_tail
.Ldone\@:
  vpshufb .Lbswap128(%rip), X_ACC, X_ACC
  vmovdqu X_ACC, (ACCP)
  .irp i, 8,9,10,11,12,13,14,15,31      /* data, products, powers */
    vpxord X\i, X\i, X\i
  .endr
  vzeroupper
.Lreturn\@:
  ret
.endm


GCRY_ASM_RODATA
.p2align 6
/* vpshufb control reversing the 16 bytes of each lane.  */
.Lbswap128:
  .rept 4
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
  .endr
/* The same with byte 15 of the result cleared (index bit 7 set).  */
.Lbswap128_clear15:
  .rept 4
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0x80
  .endr
/* y^63 + y^62 + y^57 in qword 0 of each lane: the reduction
   multiplier (header).  */
.Lgfpoly:
  .quad 0xc200000000000000, 0, 0xc200000000000000, 0
  .quad 0xc200000000000000, 0, 0xc200000000000000, 0
/* Added to the byte-reversed counter in every lane: lane j gets + j.  */
.Llane_offsets:
  .long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
/* Per-vector counter steps (blocks per vector), dword 0 of a lane.  */
.Linc4:
  .long 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0
.Linc2:
  .long 2, 0, 0, 0, 2, 0, 0, 0
/* Clears byte 15 of a 16-byte block, in every lane.  */
.Lclear15:
  .rept 4
  .quad -1, 0x00ffffffffffffff
  .endr
/* Row b (16 bytes) holds b in byte 15, zeros elsewhere: a vector load
   at row b gives the low counter bytes of blocks b, b+1, ... (header).  */
.p2align 6
.Lctr_byte15:
  .set .Lrow, 0
  .rept 256
  .byte 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, .Lrow
  .set .Lrow, .Lrow + 1
  .endr

.text

_set_veclen 64
GCRY_ASM_FUNC_START(_gcry_aes_gcm_enc_vaes_avx512_zmm)
  _aes_gcm_crypt 0
GCRY_ASM_FUNC_END(_gcry_aes_gcm_enc_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_dec_vaes_avx512_zmm)
  _aes_gcm_crypt 1
GCRY_ASM_FUNC_END(_gcry_aes_gcm_dec_vaes_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_aes_gcm_ghash_vaes_avx512_zmm)
  _aes_gcm_ghash
GCRY_ASM_FUNC_END(_gcry_aes_gcm_ghash_vaes_avx512_zmm)

_set_veclen 32
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
