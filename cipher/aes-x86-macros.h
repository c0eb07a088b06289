/* aes-x86-macros.h - assembler macros shared by the AES kernel templates
 * (aes-ctr-x86_64.S, aes-bulk-x86_64.S, aes-xts-x86_64.S and the two
 * AES-GCM files): the naming of the vector registers at the width of a
 * variant, and the spellings of the instructions whose encoding (VEX or
 * EVEX) depends on the variant.
 *
 * Included by those .S files after asm-common-amd64.h (the C
 * preprocessor runs on them; no C declarations here).  Each file's
 * _set_veclen starts with _set_vregs and then gives the registers the
 * roles of that family.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef AES_X86_MACROS_H
#define AES_X86_MACROS_H

#ifndef __x86_64__
# error "aes-x86-macros.h is for x86-64 assembly only"
#endif

/* VL (16, 32 or 64 bytes) and USE_EVEX (0 or 1) of the variant; V<n> is
   register n at the width of the variant, X<n> its low 128 bits.  */
.macro _set_vregs vl, evex
  .set VL, \vl
  .set USE_EVEX, \evex
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .if VL == 16
      .set V\i, %xmm\i
    .elseif VL == 32
      .set V\i, %ymm\i
    .else
      .set V\i, %zmm\i
    .endif
    .set X\i, %xmm\i
  .endr
.endm

/* Encoding-neutral spellings: EVEX for the AVX-512 variants (needed for
   zmm and for registers 16-31), VEX elsewhere.  */
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

/* Load a 16-byte value into every 128-bit lane.  */
.macro _vbroadcast128 src, dst
  .if VL == 16
    vmovdqu \src, \dst
  .elseif USE_EVEX
    vbroadcasti32x4 \src, \dst
  .else
    vbroadcasti128 \src, \dst
  .endif
.endm

/* Zero register REG (any width: the 128-bit forms clear the rest).  */
.macro _vzero reg
  .if USE_EVEX
    vpxord \reg, \reg, \reg
  .else
    vpxor \reg, \reg, \reg
  .endif
.endm

#endif /* AES_X86_MACROS_H */
