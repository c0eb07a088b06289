/* ghash-x86_64.S - GHASH and POLYVAL with VPCLMULQDQ: one template,
 * two hashes, three vector variants.
 *
 *   variant              VL  encoding  blocks/batch  CPU features
 *   vpclmul_avx512_zmm   64  EVEX      32            VPCLMULQDQ, AVX512F/BW/VL, BMI2
 *   vpclmul_avx512_ymm   32  EVEX      16            VPCLMULQDQ, AVX512F/BW/VL, BMI2
 *   vpclmul_avx2         32  VEX       16            VPCLMULQDQ, AVX2
 *
 * zmm is for AVX-512 CPUs that keep their clock on 512-bit code
 * (Sapphire Rapids and later, Zen 4/5); ymm for those the zmm policy
 * marks (Ice Lake server, Tiger Lake); avx2 for VPCLMULQDQ without
 * AVX-512 (Zen 3, Alder Lake and later client cores).  The kernel table
 * (cipher/ghash.c) chooses; nothing here tests CPU features.  The AES-GCM
 * kernels carry their own GHASH, stitched with the AES rounds; these
 * serve GHASH on its own (IV, AAD, length block, GMAC) and POLYVAL
 * (GCM-SIV, HCTR2).
 *
 * The field arithmetic (cipher/ghash.h gives the representation).  A
 * GHASH block loaded big-endian (vpshufb on a plain load) is a 128-bit
 * integer with the coefficient of x^k in bit 127 - k.  Read bit i as
 * the coefficient of y^i instead, y standing for 1/x: the integer of A
 * is phi(A) = psi(A) y^127, psi mapping x to y^-1, so
 *
 *   clmul(phi(A), phi(B)) = psi(A) psi(B) y^254 = phi(A B) y^127
 *
 * modulo g*(y) = y^128 + y^127 + y^126 + y^121 + 1, the GCM polynomial
 * g(x) = x^128 + x^7 + x^2 + x + 1 times y^128.  The key holds each
 * power as phi(H^k x^-1) = phi(H^k) y, so a product with it is
 * phi(A H^k) y^128 and what is left to do is divide the 256-bit product
 * by y^128 modulo g*: a Montgomery reduction, 64 bits at a time.  g* is
 * 1 modulo y^64, so for a value V whose low 64 bits are V0, V + V0 g*
 * is divisible by y^64 and
 *
 *   (V + V0 g*) / y^64 = (V - V0) / y^64 + V0 (y^64 + y^63 + y^62 + y^57).
 *
 * V0 y^64 is V0 moved up 64 bits; V0 (y^63 + y^62 + y^57) is one
 * carry-less multiply by 0xc200000000000000.  With the product as LO
 * (bits 0-127), MID (bits 64-191), HI (bits 128-255), two steps:
 *
 *   MID ^= swap64(LO) ^ clmul(LO[63:0], 0xc2..00)
 *   HI  ^= swap64(MID) ^ clmul(MID[63:0], 0xc2..00)      HI = A H^k
 *
 * swap64 exchanges the halves: its low half is the (V - V0) / y^64 part
 * of the 128 bits, its high half the V0 y^64 part.  The steps are
 * linear, so a sum of products is reduced once (aggregated reduction):
 * a batch of N blocks X_1..X_N is absorbed as
 *
 *   Y' = (Y ^ X_1) H^N ^ X_2 H^(N-1) ^ ... ^ X_N H
 *
 * with lane j of vector v taking H^(N - (VL/16) v - j); the lanes are
 * reduced in place and summed at the end.
 *
 * POLYVAL (RFC 8452) is the same multiplier.  Its appendix A:
 * POLYVAL(H, X_1..X_n) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
 * ByteReverse(X_1), ..., ByteReverse(X_n))).  A big-endian load of
 * ByteReverse(X) is a plain little-endian load of X, so POLYVAL runs
 * this code without the vpshufb on blocks and accumulator, with the key
 * that ghash.c prepares from a little-endian load of H (mulX_GHASH and
 * our x^-1 cancel).  One template argument drops the shuffles -- which
 * is why POLYVAL is the faster of the two: on Intel cores vpshufb and
 * vpclmulqdq of 512 bits share one port.
 *
 * Key layout (ghash_key_t, cipher/ghash.h): HPOW[32 - k] = phi(H^k x^-1)
 * as a little-endian 128-bit integer, H^32 first, H^1 last at byte 496.
 * A batch of N blocks reads the last N entries, so vector v of any
 * batch loads contiguous powers; a full batch reads H^1..H^(BATCH/16),
 * a call of fewer blocks only as many powers as it has blocks.  The
 * powers are computed on demand (ghash.h): the C wrappers of the kernel
 * table (ghash.c) make sure those entries are filled before the call.
 *
 * Tricks, and what they buy:
 *  - The accumulator only enters the product of vector 0, so vectors
 *    1..7 are multiplied first: their products do not wait for the
 *    previous batch's reduction and lane fold, which overlap with them.
 *    The loop is bound by multiplier throughput, not by that chain.
 *  - EVEX: the batch's powers live in registers 16-23 for the whole
 *    call; vpternlogd folds three-way xors.  VEX: one load per vector
 *    of powers into a register, then four multiplies from it.
 *  - Tails: vectors of the last n powers (n < batch), the accumulator
 *    xored into the first one and then zeroed so the same loop body
 *    serves every vector.  EVEX reads the final partial vector (data
 *    and powers) with a zero-masking byte mask, so no byte outside the
 *    buffer or before the key's H^n is read; VEX ends with one 16-byte
 *    block in xmm.
 *  - Registers that held powers or data are zeroed on exit; vzeroupper
 *    ends every variant.  The stack is never touched and no callee-saved
 *    register is used.
 *
 * Entry points (SysV AMD64, the ghash_kernel_t signatures of
 * cipher/ghash.h):
 *
 *   void _gcry_ghash_update_<variant> (const ghash_key_t *key,
 *          byte acc[16], const byte *buf, size_t nblocks);
 *   void _gcry_polyval_update_<variant> (same arguments);
 *
 * ACC is the state in the algorithm's own byte order (SP 800-38D's Y,
 * RFC 8452's S); NBLOCKS may be 0.  Constant time: branches depend on
 * NBLOCKS only.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "asm-common-amd64.h"

/* Bytes of powers in ghash_key_t (GHASH_NPOWERS * 16), pinned by a
   static assertion in cipher/ghash.c; they start at offset 0.  */
#define GHASH_HPOW_BYTES        512

/*
 * General-purpose registers.
 */
.set KEYP,      %rdi    /* ghash_key_t *; then powers of the tail */
.set ACCP,      %rsi    /* 16-byte state, read at entry, written at exit */
.set SRC,       %rdx    /* blocks, advanced */
.set LEN,       %rcx    /* bytes left (NBLOCKS * 16 after entry) */
.set TMP,       %rax    /* scratch: masks */
.set TMP32,     %eax

.macro _set_veclen vl, evex
  .set VL, \vl
  .set USE_EVEX, \evex
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23
    .if VL == 32
      .set V\i, %ymm\i
    .else
      .set V\i, %zmm\i
    .endif
    .set Y\i, %ymm\i
    .set X\i, %xmm\i
  .endr
  .set BATCH, 8 * VL                    /* bytes per batch: 8 vectors */
  .set HPOW_BATCH, GHASH_HPOW_BYTES - BATCH /* offset of H^(BATCH/16) */

  .set DATA,    V0      /* the vector being multiplied */
  .set X_DATA,  X0
  .set T0,      V1      /* products; temporaries */
  .set X_T0,    X1
  .set Y_T0,    Y1
  .set T1,      V2
  .set X_T1,    X2
  .set LO,      V3      /* product bits 0-127, per lane */
  .set MID,     V4      /* bits 64-191 */
  .set HI,      V5      /* bits 128-255; then the reduced result */
  .set X_HI,    X5
  .set Y_HI,    Y5
  .set ACC,     V6      /* the state, lane 0 (upper lanes zero) */
  .set X_ACC,   X6
  .set BSWAP,   V7      /* GHASH: byte reversal of each lane */
  .set X_BSWAP, X7
  .set GFPOLY,  V8      /* 0xc2..00 in qword 0 of each lane */
  .set HP,      V9      /* powers of the vector being multiplied */
  .set X_HP,    X9
  /* EVEX: the batch's powers, vector v in PWv (H^(BATCH/16) first).  */
  .set PW0, V16
  .set PW1, V17
  .set PW2, V18
  .set PW3, V19
  .set PW4, V20
  .set PW5, V21
  .set PW6, V22
  .set PW7, V23
.endm

/* Encoding-neutral spellings: EVEX where registers 16-31, zmm or masks
   are needed, VEX elsewhere.  */
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

/* DST ^= A ^ B.  */
.macro _xor3 a, b, dst
  .if USE_EVEX
    vpternlogd $0x96, \a, \b, \dst
  .else
    vpxor \a, \dst, \dst
    vpxor \b, \dst, \dst
  .endif
.endm

/* Bring a vector of blocks into GHASH's reflected order (POLYVAL: as
   is).  CTL: the shuffle control at the width of REG.  */
.macro _reflect polyval, reg, ctl=BSWAP
  .if !\polyval
    vpshufb \ctl, \reg, \reg
  .endif
.endm

/* Multiply-accumulate DATA by POW (a register) into LO, MID, HI.  FIRST:
   start the sums instead of adding to them.  */
.macro _mul first, pow
  .if \first
    vpclmulqdq $0x00, \pow, DATA, LO
    vpclmulqdq $0x11, \pow, DATA, HI
    vpclmulqdq $0x01, \pow, DATA, MID
    vpclmulqdq $0x10, \pow, DATA, T0
    _vpxor T0, MID, MID
  .else
    vpclmulqdq $0x00, \pow, DATA, T0
    vpclmulqdq $0x11, \pow, DATA, T1
    _vpxor T0, LO, LO
    _vpxor T1, HI, HI
    vpclmulqdq $0x01, \pow, DATA, T0
    vpclmulqdq $0x10, \pow, DATA, T1
    _xor3 T0, T1, MID
  .endif
.endm

/* The two Montgomery steps of the header, per lane, then the lanes
   summed into ACC.  */
.macro _reduce_fold
  vpclmulqdq $0x00, GFPOLY, LO, T0
  vpshufd $0x4e, LO, LO
  _xor3 T0, LO, MID
  vpclmulqdq $0x00, GFPOLY, MID, T0
  vpshufd $0x4e, MID, MID
  _xor3 T0, MID, HI
  .if VL == 64
    vextracti64x4 $1, HI, Y_T0
    vpxord Y_T0, Y_HI, Y_HI
  .endif
  .if USE_EVEX
    vextracti32x4 $1, Y_HI, X_T0
    vpxord X_T0, X_HI, X_ACC
  .else
    vextracti128 $1, Y_HI, X_T0
    vpxor X_T0, X_HI, X_ACC
  .endif
.endm

/* Point POW at the powers of vector V of a full batch: a register of
   their own (EVEX), or HP loaded now (VEX).  */
.macro _batch_pow v
  .if USE_EVEX
    .set POW, PW\v
  .else
    vmovdqu HPOW_BATCH+(\v)*VL(KEYP), HP
    .set POW, HP
  .endif
.endm

/*
 * The template.  POLYVAL: 0 for GHASH, 1 for POLYVAL.
 */
.macro _ghash_update polyval
  test LEN, LEN
  jz .Lreturn\@
  shl $4, LEN
  .if USE_EVEX
    .if !\polyval
      vbroadcasti32x4 .Lbswap128(%rip), BSWAP
    .endif
    vbroadcasti32x4 .Lgfpoly(%rip), GFPOLY
  .else
    .if !\polyval
      vbroadcasti128 .Lbswap128(%rip), BSWAP
    .endif
    vbroadcasti128 .Lgfpoly(%rip), GFPOLY
  .endif
  vmovdqu (ACCP), X_ACC
  _reflect \polyval, X_ACC, X_BSWAP

  cmp $BATCH, LEN
  jb .Ltail\@
  .if USE_EVEX
    .irp v, 0,1,2,3,4,5,6,7
      vmovdqu8 HPOW_BATCH+\v*VL(KEYP), PW\v
    .endr
  .endif
.p2align 4
.Lbatch\@:
  /* Vectors 1..7 first: they do not need ACC.  */
  .irp v, 1,2,3,4,5,6,7
    _vmovdqu \v*VL(SRC), DATA
    _reflect \polyval, DATA
    _batch_pow \v
    .if \v == 1
      _mul 1, POW
    .else
      _mul 0, POW
    .endif
  .endr
  _vmovdqu (SRC), DATA
  _reflect \polyval, DATA
  _vpxor ACC, DATA, DATA
  _batch_pow 0
  _mul 0, POW
  _reduce_fold
  add $BATCH, SRC
  sub $BATCH, LEN
  cmp $BATCH, LEN
  jae .Lbatch\@

.Ltail\@:
  /* 0 <= LEN < BATCH: vectors of the last LEN/16 powers, ACC into the
     first of them.  */
  test LEN, LEN
  jz .Ldone\@
  lea GHASH_HPOW_BYTES(KEYP), KEYP
  sub LEN, KEYP
  _vpxor LO, LO, LO
  _vpxor MID, MID, MID
  _vpxor HI, HI, HI
  .if USE_EVEX
    /* Whole vectors while more than one vector is left; the last one
       (1..VL/16 blocks) with a zero-masking byte mask.  */
    cmp $VL, LEN
    jbe .Ltail_last\@
.Ltail_loop\@:
    vmovdqu8 (SRC), DATA
    vmovdqu8 (KEYP), HP
    _reflect \polyval, DATA
    vpxord ACC, DATA, DATA
    vpxord X_ACC, X_ACC, X_ACC          /* used once */
    _mul 0, HP
    add $VL, SRC
    add $VL, KEYP
    sub $VL, LEN
    cmp $VL, LEN
    ja .Ltail_loop\@
.Ltail_last\@:
    mov $-1, TMP
    bzhi LEN, TMP, TMP                  /* LEN <= 64 here */
    .if VL == 64
      kmovq TMP, %k1
    .else
      kmovd TMP32, %k1
    .endif
    vmovdqu8 (SRC), DATA{%k1}{z}
    vmovdqu8 (KEYP), HP{%k1}{z}
    _reflect \polyval, DATA
    vpxord ACC, DATA, DATA
    _mul 0, HP
  .else
    /* Whole ymm vectors, then a last single block in xmm.  */
    cmp $VL, LEN
    jb .Ltail_last\@
.Ltail_loop\@:
    vmovdqu (SRC), DATA
    vmovdqu (KEYP), HP
    _reflect \polyval, DATA
    vpxor ACC, DATA, DATA
    vpxor X_ACC, X_ACC, X_ACC           /* used once */
    _mul 0, HP
    add $VL, SRC
    add $VL, KEYP
    sub $VL, LEN
    cmp $VL, LEN
    jae .Ltail_loop\@
.Ltail_last\@:
    test LEN, LEN
    jz .Ltail_reduce\@
    /* One block: xmm products (VEX.128 zeroes the upper lane), added to
       lane 0 of the sums.  */
    vmovdqu (SRC), X_DATA
    vmovdqu (KEYP), X_HP
    _reflect \polyval, X_DATA, X_BSWAP
    vpxor X_ACC, X_DATA, X_DATA
    vpclmulqdq $0x00, X_HP, X_DATA, X_T0
    vpclmulqdq $0x11, X_HP, X_DATA, X_T1
    vpxor T0, LO, LO
    vpxor T1, HI, HI
    vpclmulqdq $0x01, X_HP, X_DATA, X_T0
    vpclmulqdq $0x10, X_HP, X_DATA, X_T1
    _xor3 T0, T1, MID
.Ltail_reduce\@:
  .endif
  _reduce_fold

.Ldone\@:
  _reflect \polyval, X_ACC, X_BSWAP
  vmovdqu X_ACC, (ACCP)
  /* Leave no power of H or data behind.  */
  .irp i, 0,1,2,3,4,5,6,9
    vpxor X\i, X\i, X\i
  .endr
  .if USE_EVEX
    .irp i, 16,17,18,19,20,21,22,23
      vpxord X\i, X\i, X\i
    .endr
  .endif
  vzeroupper
.Lreturn\@:
  ret
.endm


GCRY_ASM_RODATA
.p2align 4
/* vpshufb control reversing the 16 bytes of a lane.  */
.Lbswap128:
  .byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* y^63 + y^62 + y^57 in qword 0: the reduction multiplier (header).  */
.Lgfpoly:
  .quad 0xc200000000000000, 0

.text

_set_veclen 64, 1
GCRY_ASM_FUNC_START(_gcry_ghash_update_vpclmul_avx512_zmm)
  _ghash_update 0
GCRY_ASM_FUNC_END(_gcry_ghash_update_vpclmul_avx512_zmm)
GCRY_ASM_FUNC_START(_gcry_polyval_update_vpclmul_avx512_zmm)
  _ghash_update 1
GCRY_ASM_FUNC_END(_gcry_polyval_update_vpclmul_avx512_zmm)

_set_veclen 32, 1
GCRY_ASM_FUNC_START(_gcry_ghash_update_vpclmul_avx512_ymm)
  _ghash_update 0
GCRY_ASM_FUNC_END(_gcry_ghash_update_vpclmul_avx512_ymm)
GCRY_ASM_FUNC_START(_gcry_polyval_update_vpclmul_avx512_ymm)
  _ghash_update 1
GCRY_ASM_FUNC_END(_gcry_polyval_update_vpclmul_avx512_ymm)

_set_veclen 32, 0
GCRY_ASM_FUNC_START(_gcry_ghash_update_vpclmul_avx2)
  _ghash_update 0
GCRY_ASM_FUNC_END(_gcry_ghash_update_vpclmul_avx2)
GCRY_ASM_FUNC_START(_gcry_polyval_update_vpclmul_avx2)
  _ghash_update 1
GCRY_ASM_FUNC_END(_gcry_polyval_update_vpclmul_avx2)

GCRY_ASM_NOTES
