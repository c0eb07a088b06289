/* t-kernel-variants.h - what the white-box kernel tests share when they
 * walk a kernel table of the library (name, required HWF_* bits, entry
 * points: _gcry_aes_x86_*_kernels, the BLAKE2 and SHA tables).
 *
 * The tables themselves stay in the library, exported for these tests:
 * a test iterates the very entries the library chooses from, so a new
 * variant is tested without touching the test.  What the tests repeated
 * was the glue around them:
 *   t_hwf_lacking     the name (as --disable-hwf spells it) of a feature
 *                     a variant needs and the CPU lacks
 *   t_variant_runs    that check, with the SKIP line when it fails
 *   t_cycles_per_ns   the clock rate for --bench's cycles per byte
 *   t_wipe_call       a compress kernel called through a trampoline that
 *                     checks the callee-saved registers and that the
 *                     vector registers were wiped
 *   T_KERNELS_ABSENT_MAIN
 *                     the whole main of a test built without the x86-64
 *                     assembly kernels: a SKIP line and exit status 77
 *
 * White-box only: include "gcrypt-int.h" (the HWF_* bits) and
 * "t-common.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_KERNEL_VARIANTS_H
#define T_KERNEL_VARIANTS_H

#include <time.h>

/* main () for a build without HAVE_AMD64_ASM: nothing to test, which
   must show as SKIP (77), never as PASS.  */
#define T_KERNELS_ABSENT_MAIN(test_name)                                \
  int                                                                   \
  main (int argc, char **argv)                                          \
  {                                                                     \
    t_init (test_name, argc, argv);                                     \
    t_skip ("no x86-64 assembly kernels in this build");                \
    t_finish ();                                                        \
    return 77;                                                          \
  }

/* Feature names as src/hwfeatures.c spells them, the more basic first,
   so that a skip names the first thing to look for.  */
static const struct
{
  unsigned int bit;
  const char *name;
} t_hwf_names[] T_UNUSED =
  {
    { HWF_INTEL_AESNI,          "intel-aesni" },
    { HWF_INTEL_PCLMUL,         "intel-pclmul" },
    { HWF_INTEL_SSSE3,          "intel-ssse3" },
    { HWF_INTEL_SSE4_1,         "intel-sse4.1" },
    { HWF_INTEL_BMI2,           "intel-bmi2" },
    { HWF_INTEL_SHAEXT,         "intel-shaext" },
    { HWF_INTEL_AVX,            "intel-avx" },
    { HWF_INTEL_AVX2,           "intel-avx2" },
    { HWF_INTEL_VAES_VPCLMUL,   "intel-vaes-vpclmul" },
    { HWF_INTEL_AVX512,         "intel-avx512" },
    { HWF_INTEL_GFNI,           "intel-gfni" },
    { HWF_X86_ZMM,              "x86-zmm" },
    { HWF_X86_FAST_VECTOR,      "x86-fast-vector" },
  };

/* NULL when HWF has every bit of NEED, else the name of one it lacks.  */
T_UNUSED static const char *
t_hwf_lacking (unsigned int hwf, unsigned int need)
{
  unsigned int lacking = need & ~hwf;
  size_t i;

  if (!lacking)
    return NULL;
  for (i = 0; i < sizeof t_hwf_names / sizeof t_hwf_names[0]; i++)
    if (lacking & t_hwf_names[i].bit)
      return t_hwf_names[i].name;
  return "a feature this test does not know by name";
}

/* 1 when the CPU features HWF let variant NAME (needing NEED) run;
   otherwise a SKIP line says what is missing and 0 is returned.  */
T_UNUSED static int
t_variant_runs (const char *name, unsigned int hwf, unsigned int need)
{
  const char *missing = t_hwf_lacking (hwf, need);

  if (!missing)
    return 1;
  t_skip ("%s: CPU (or OS, or --disable-hwf) lacks %s", name, missing);
  return 0;
}

T_UNUSED static double
t_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#if defined(__x86_64__)
/* Core cycles per nanosecond, from a chain of dependent additions (one
   per cycle on any x86 core) timed right before the measurements; the
   TSC ticks at a fixed rate that need not be the core's.  */
T_UNUSED static double
t_cycles_per_ns (void)
{
  double best = 0;
  int rep;

  for (rep = 0; rep < 5; rep++)
    {
      u64 x = 1, n = 20000000;
      double t = t_now_ns ();
      u64 i;

      for (i = 0; i < n; i += 8)
        __asm__ volatile ("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                          "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                          "add %1, %0\n\tadd %1, %0"
                          : "+r" (x) : "r" (i));
      t = t_now_ns () - t;
      if (n / t > best)
        best = n / t;
    }
  return best;
}
#endif

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* The register-and-wipe trampoline (x86-64 SysV) for compress kernels:
   t_wipe_call (fn, a0, a1, a2, a3, check_ymm) seeds the six callee-saved
   registers with distinct values, calls FN (a0, a1, a2, a3) and returns
   a bit mask: bit 0 set if any callee-saved register changed, bit 1 set
   if CHECK_YMM and any of ymm0-15 is nonzero afterwards (a kernel must
   leave no message or state words in the vector registers).  CHECK_YMM
   needs AVX.  Unlike t-abi-x86.h's trampoline, this one checks the
   vector registers' contents, not merely their upper state.  */
unsigned int t_wipe_call (const void *fn, const void *a0, const void *a1,
                          size_t a2, size_t a3, int check_ymm);
__asm__ (
  ".text\n"
  ".p2align 4\n"
  ".globl t_wipe_call\n"
  ".type t_wipe_call, @function\n"
  "t_wipe_call:\n\t"
  "pushq %rbx\n\t"
  "pushq %rbp\n\t"
  "pushq %r12\n\t"
  "pushq %r13\n\t"
  "pushq %r14\n\t"
  "pushq %r15\n\t"
  "pushq %r9\n\t"                /* check_ymm; also 16-byte alignment */
  "movq %rdi, %rax\n\t"
  "movq %rsi, %rdi\n\t"
  "movq %rdx, %rsi\n\t"
  "movq %rcx, %rdx\n\t"
  "movq %r8, %rcx\n\t"
  "movabsq $0x0123456789abcdef, %rbx\n\t"
  "movabsq $0x1032547698badcfe, %rbp\n\t"
  "movabsq $0x2301674589efcdab, %r12\n\t"
  "movabsq $0x32107654ba98fedc, %r13\n\t"
  "movabsq $0x45670123cdef89ab, %r14\n\t"
  "movabsq $0x54761032dcfe98ba, %r15\n\t"
  /* Start from zeroed vector registers, so that what is found in them
     afterwards was left by the kernel, not by the (possibly
     instrumented) C code that ran before.  */
  "testq %r9, %r9\n\t"
  "jz 1f\n\t"
  "vzeroall\n"
  "1:\n\t"
  "call *%rax\n\t"
  "xorl %eax, %eax\n\t"
  "movabsq $0x0123456789abcdef, %rcx\n\t"
  "xorq %rcx, %rbx\n\t"
  "movabsq $0x1032547698badcfe, %rcx\n\t"
  "xorq %rcx, %rbp\n\t"
  "orq %rbp, %rbx\n\t"
  "movabsq $0x2301674589efcdab, %rcx\n\t"
  "xorq %rcx, %r12\n\t"
  "orq %r12, %rbx\n\t"
  "movabsq $0x32107654ba98fedc, %rcx\n\t"
  "xorq %rcx, %r13\n\t"
  "orq %r13, %rbx\n\t"
  "movabsq $0x45670123cdef89ab, %rcx\n\t"
  "xorq %rcx, %r14\n\t"
  "orq %r14, %rbx\n\t"
  "movabsq $0x54761032dcfe98ba, %rcx\n\t"
  "xorq %rcx, %r15\n\t"
  "orq %r15, %rbx\n\t"
  "setnz %al\n\t"
  "popq %r8\n\t"
  "testq %r8, %r8\n\t"
  "jz 1f\n\t"
  /* Any of ymm0-15 nonzero?  */
  "vorps %ymm1, %ymm0, %ymm0\n\t"
  "vorps %ymm2, %ymm0, %ymm0\n\t"
  "vorps %ymm3, %ymm0, %ymm0\n\t"
  "vorps %ymm4, %ymm0, %ymm0\n\t"
  "vorps %ymm5, %ymm0, %ymm0\n\t"
  "vorps %ymm6, %ymm0, %ymm0\n\t"
  "vorps %ymm7, %ymm0, %ymm0\n\t"
  "vorps %ymm8, %ymm0, %ymm0\n\t"
  "vorps %ymm9, %ymm0, %ymm0\n\t"
  "vorps %ymm10, %ymm0, %ymm0\n\t"
  "vorps %ymm11, %ymm0, %ymm0\n\t"
  "vorps %ymm12, %ymm0, %ymm0\n\t"
  "vorps %ymm13, %ymm0, %ymm0\n\t"
  "vorps %ymm14, %ymm0, %ymm0\n\t"
  "vorps %ymm15, %ymm0, %ymm0\n\t"
  "vptest %ymm0, %ymm0\n\t"
  "setnz %cl\n\t"
  "movzbl %cl, %ecx\n\t"
  "leal (%eax,%ecx,2), %eax\n\t"
  "vzeroupper\n"
  "1:\n\t"
  "popq %r15\n\t"
  "popq %r14\n\t"
  "popq %r13\n\t"
  "popq %r12\n\t"
  "popq %rbp\n\t"
  "popq %rbx\n\t"
  "ret\n\t"
  ".size t_wipe_call, .-t_wipe_call\n\t"
  ".previous\n");
#endif

#endif /* T_KERNEL_VARIANTS_H */
