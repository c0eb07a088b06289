/* t-abi-x86.h - call an x86-64 assembly entry point through a
 * trampoline that checks what the SysV ABI asks of it.
 *
 * The trampoline (t_abi_call) loads known values into every callee-saved
 * register, calls ABI_CALL.FN with up to six register arguments and two
 * stack arguments, and then records in ABI_CALL.BAD which of them (and
 * the stack pointer) changed.  It also reads the XINUSE bitmap (XGETBV
 * with ECX = 1) before and after, to see whether the upper halves of the
 * vector registers were left in their initial state (vzeroupper), and
 * reads back the 16 bytes of red zone below the stack pointer (filled
 * with 0x77 before the call) for kernels that bounce data through it
 * and must wipe it -- or that promise not to touch it.
 *
 * Shared by every x86 kernel test.  For x86-64 builds (HAVE_AMD64_ASM) only;
 * include "gcrypt-int.h", <string.h>, <cpuid.h> and "t-common.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_ABI_X86_H
#define T_ABI_X86_H

#include <stddef.h>

typedef struct abi_call
{
  void *fn;                     /*   0 */
  u64 arg[8];                   /*   8: rdi rsi rdx rcx r8 r9, 2 stack */
  u64 bad;                      /*  72: bit per clobbered register */
  u64 xinuse_before;            /*  80 */
  u64 xinuse_after;             /*  88 */
  u64 check_xinuse;             /*  96: nonzero: run XGETBV */
  u64 saved_rsp;                /* 104 */
  u64 red_zone[2];              /* 112: the callee's -16(%rsp) after return */
} abi_call_t;

/* The offsets the trampoline below uses.  */
_Static_assert (offsetof (abi_call_t, arg) == 8, "abi_call arg");
_Static_assert (offsetof (abi_call_t, bad) == 72, "abi_call bad");
_Static_assert (offsetof (abi_call_t, xinuse_before) == 80, "abi_call xb");
_Static_assert (offsetof (abi_call_t, xinuse_after) == 88, "abi_call xa");
_Static_assert (offsetof (abi_call_t, check_xinuse) == 96, "abi_call cx");
_Static_assert (offsetof (abi_call_t, saved_rsp) == 104, "abi_call rsp");
_Static_assert (offsetof (abi_call_t, red_zone) == 112, "abi_call rz");

/* The red-zone fill pattern, as read back when untouched.  */
#define ABI_RED_ZONE_PATTERN 0x7777777777777777ULL

void t_abi_call (abi_call_t *c);
void t_abi_nop (void);

/* Bits of abi_call.bad.  */
static const char *const abi_reg_names[] T_UNUSED =
  { "rbx", "rbp", "r12", "r13", "r14", "r15", "rsp" };

__asm__ (
  ".text\n"
  ".globl t_abi_nop\n"
  ".type t_abi_nop, @function\n"
  "t_abi_nop:\n"
  "  .byte 0xf3, 0x0f, 0x1e, 0xfa\n"      /* endbr64 */
  "  ret\n"
  ".size t_abi_nop, . - t_abi_nop\n"
  ".globl t_abi_call\n"
  ".type t_abi_call, @function\n"
  "t_abi_call:\n"
  "  .byte 0xf3, 0x0f, 0x1e, 0xfa\n"
  "  push %rbx\n  push %rbp\n  push %r12\n  push %r13\n"
  "  push %r14\n  push %r15\n"
  "  push %rdi\n"                         /* rsp now 16-byte aligned */
  "  movabs $0x1b1b1b1b0b0b0b01, %rbx\n"
  "  movabs $0x2b2b2b2b0b0b0b02, %rbp\n"
  "  movabs $0x3c3c3c3c0c0c0c03, %r12\n"
  "  movabs $0x4d4d4d4d0d0d0d04, %r13\n"
  "  movabs $0x5e5e5e5e0e0e0e05, %r14\n"
  "  movabs $0x6f6f6f6f0f0f0f06, %r15\n"
  "  cmpq $0, 96(%rdi)\n"
  "  je 1f\n"
  "  vzeroupper\n"
  "  mov $1, %ecx\n"
  "  xgetbv\n"
  "  mov %eax, 80(%rdi)\n"
  "1:\n"
  "  pushq 64(%rdi)\n"                    /* 8th argument */
  "  pushq 56(%rdi)\n"                    /* 7th argument */
  "  mov %rsp, 104(%rdi)\n"
  "  movabs $0x7777777777777777, %rax\n"  /* red-zone pattern */
  "  mov %rax, -24(%rsp)\n"
  "  mov %rax, -16(%rsp)\n"
  "  mov 0(%rdi), %r11\n"
  "  mov 16(%rdi), %rsi\n  mov 24(%rdi), %rdx\n  mov 32(%rdi), %rcx\n"
  "  mov 40(%rdi), %r8\n  mov 48(%rdi), %r9\n  mov 8(%rdi), %rdi\n"
  "  call *%r11\n"
  "  mov 16(%rsp), %rdi\n"                /* the pushed struct pointer */
  "  mov -24(%rsp), %rax\n  mov %rax, 112(%rdi)\n"
  "  mov -16(%rsp), %rax\n  mov %rax, 120(%rdi)\n"
  "  xor %r10d, %r10d\n"
  "  movabs $0x1b1b1b1b0b0b0b01, %r11\n  cmp %r11, %rbx\n  je 1f\n"
  "  or $1, %r10\n1:\n"
  "  movabs $0x2b2b2b2b0b0b0b02, %r11\n  cmp %r11, %rbp\n  je 1f\n"
  "  or $2, %r10\n1:\n"
  "  movabs $0x3c3c3c3c0c0c0c03, %r11\n  cmp %r11, %r12\n  je 1f\n"
  "  or $4, %r10\n1:\n"
  "  movabs $0x4d4d4d4d0d0d0d04, %r11\n  cmp %r11, %r13\n  je 1f\n"
  "  or $8, %r10\n1:\n"
  "  movabs $0x5e5e5e5e0e0e0e05, %r11\n  cmp %r11, %r14\n  je 1f\n"
  "  or $16, %r10\n1:\n"
  "  movabs $0x6f6f6f6f0f0f0f06, %r11\n  cmp %r11, %r15\n  je 1f\n"
  "  or $32, %r10\n1:\n"
  "  cmp 104(%rdi), %rsp\n  je 1f\n"
  "  or $64, %r10\n1:\n"
  "  mov %r10, 72(%rdi)\n"
  "  cmpq $0, 96(%rdi)\n"
  "  je 1f\n"
  "  mov $1, %ecx\n"
  "  xgetbv\n"
  "  mov %eax, 88(%rdi)\n"
  "1:\n"
  "  add $16, %rsp\n"
  "  pop %rdi\n"
  "  pop %r15\n  pop %r14\n  pop %r13\n  pop %r12\n  pop %rbp\n  pop %rbx\n"
  "  ret\n"
  ".size t_abi_call, . - t_abi_call\n");

/* XINUSE bits: YMM_Hi128 (upper halves of ymm0-15) and ZMM_Hi256 (bits
   256-511 of zmm0-15); both return to their initial state on
   vzeroupper.  */
#define XINUSE_UPPER ((1u << 2) | (1u << 6))

/* Nonzero when XGETBV(1) exists and reports the upper state as clean
   right after a vzeroupper (so a dirty report after a kernel means the
   kernel left it dirty).  */
static int T_UNUSED
xinuse_usable (void)
{
  unsigned int a, b, c, d;
  abi_call_t call;

  /* The trampoline's vzeroupper needs AVX (OS-enabled, which also
     means XGETBV is usable).  */
  __builtin_cpu_init ();
  if (!__builtin_cpu_supports ("avx"))
    return 0;
  if (!__get_cpuid_count (0xd, 1, &a, &b, &c, &d) || !(a & (1u << 2)))
    return 0;
  memset (&call, 0, sizeof call);
  call.fn = (void *) t_abi_nop;
  call.check_xinuse = 1;
  t_abi_call (&call);
  return !(call.xinuse_after & XINUSE_UPPER);
}

#endif /* T_ABI_X86_H */
