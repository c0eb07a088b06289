/* asm-common-amd64.h - what every x86-64 assembly file of the library
 * shares: function entry and exit boilerplate, call-frame information,
 * the indirect-branch-tracking marker, and the notes that keep the
 * linked library's stack non-executable and its CET marking intact.
 *
 * Included by the .S files only (the C preprocessor runs on them; no C
 * declarations here).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef ASM_COMMON_AMD64_H
#define ASM_COMMON_AMD64_H

#ifndef __x86_64__
# error "asm-common-amd64.h is for x86-64 assembly only"
#endif

/* Call-frame information, so debuggers and unwinders (and sanitizer
   stack traces through a kernel) can walk out of assembly functions.
   Functions that never move the stack pointer need only the two ends.  */
#define CFI_STARTPROC()        .cfi_startproc
#define CFI_ENDPROC()          .cfi_endproc
#define CFI_ADJUST_CFA_OFFSET(off) .cfi_adjust_cfa_offset off
#define CFI_REL_OFFSET(reg, off)   .cfi_rel_offset reg, off
#define CFI_RESTORE(reg)           .cfi_restore reg

/* Landing pad for indirect calls under Intel CET indirect branch
   tracking.  Our entry points are reached through function pointers
   (the kernel tables), so every one starts with it; on CPUs without
   CET it executes as a NOP.  Spelled as bytes so that old assemblers
   without the mnemonic still accept it.  */
#define ENDBR64                .byte 0xf3, 0x0f, 0x1e, 0xfa

/* Entry and exit of a global function NAME.  Hidden: the symbols are
   internal to the library (the version script exports none of them, and
   hidden visibility lets the C callers bind to them directly, without
   going through the PLT).  */
#define GCRY_ASM_FUNC_START(name)               \
        .globl name;                            \
        .hidden name;                           \
        .type name, @function;                  \
        .p2align 5;                             \
name:                                           \
        CFI_STARTPROC();                        \
        ENDBR64

#define GCRY_ASM_FUNC_END(name)                 \
        CFI_ENDPROC();                          \
        .size name, . - name

/* Save and restore the six callee-saved general registers (rbx, rbp,
   r12-r15) with their call-frame information, for kernels that need
   every register.  POP undoes PUSH exactly (same order reversed).  */
#define GCRY_ASM_PUSH_CALLEE_SAVED                                      \
        pushq %rbx; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%rbx, 0);  \
        pushq %rbp; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%rbp, 0);  \
        pushq %r12; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%r12, 0);  \
        pushq %r13; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%r13, 0);  \
        pushq %r14; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%r14, 0);  \
        pushq %r15; CFI_ADJUST_CFA_OFFSET(8); CFI_REL_OFFSET(%r15, 0)

#define GCRY_ASM_POP_CALLEE_SAVED                                       \
        popq %r15; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%r15);        \
        popq %r14; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%r14);        \
        popq %r13; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%r13);        \
        popq %r12; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%r12);        \
        popq %rbp; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%rbp);        \
        popq %rbx; CFI_ADJUST_CFA_OFFSET(-8); CFI_RESTORE(%rbx)

/* Zero the caller-saved scratch registers other than the argument
   pointers rdi/rsi (rax, rcx, rdx, r8-r11), so that no secret-derived
   value outlives a kernel in a register the caller may spill.  */
#define GCRY_ASM_CLEAR_SCRATCH_GPRS                                     \
        xorl %eax, %eax; xorl %ecx, %ecx; xorl %edx, %edx;              \
        xorl %r8d, %r8d; xorl %r9d, %r9d; xorl %r10d, %r10d;            \
        xorl %r11d, %r11d

/* Read-only constants of a file.  */
#define GCRY_ASM_RODATA        .section .rodata

/* The notes every object must carry.  Place this once at the end of each
   .S file.
   - .note.GNU-stack: without it the linker assumes the object needs an
     executable stack and marks the whole shared library so.
   - .note.gnu.property: when the C files are compiled with
     -fcf-protection (the compiler then defines __CET__), they claim
     IBT and shadow-stack compatibility; the linker keeps the claim only
     if every object makes it.  Our code qualifies: every entry point
     starts with ENDBR64 and every return matches its call.  */
#if defined(__CET__) && (__CET__ & 3)
# define GCRY_ASM_NOTE_GNU_PROPERTY                     \
        .pushsection .note.gnu.property, "a";           \
        .p2align 3;                                     \
        .long 4;            /* name size: "GNU\0" */    \
        .long 16;           /* descriptor size */       \
        .long 5;            /* NT_GNU_PROPERTY_TYPE_0 */ \
        .asciz "GNU";                                   \
        .long 0xc0000002;   /* GNU_PROPERTY_X86_FEATURE_1_AND */ \
        .long 4;            /* property data size */    \
        .long (__CET__ & 3); /* bit 0 IBT, bit 1 SHSTK */ \
        .p2align 3;                                     \
        .popsection
#else
# define GCRY_ASM_NOTE_GNU_PROPERTY
#endif

#define GCRY_ASM_NOTES                                  \
        .section .note.GNU-stack, "", %progbits;        \
        GCRY_ASM_NOTE_GNU_PROPERTY

#endif /* ASM_COMMON_AMD64_H */
