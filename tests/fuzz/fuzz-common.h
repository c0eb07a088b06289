/* fuzz-common.h - what the libFuzzer targets share: reading the input as
 * a stream of choices, and steering the kernel choice per handle.
 *
 * Kernel choice.  The library picks kernels from _gcry_get_hw_features()
 * at setkey (and at setiv where a mode derives keys, at open/reset for
 * digests), and that set is fixed per process.  To compare the fast
 * kernels with the portable code in one process, the targets link the
 * white-box core library with -Wl,--wrap=_gcry_get_hw_features: every
 * call from the algorithm files then lands in the wrapper below, which
 * removes the bits of the CPU level chosen for the handle about to be
 * driven.  Only removal: a level never claims a feature the CPU lacks.
 * Handle A always runs with everything the CPU has, handle B at a lower
 * level the input picks (down to portable C), and the target sets the
 * level before every call on either handle.  (The alternative, two
 * processes with GCRYCTL_DISABLE_HWF, cannot compare outputs call by
 * call, which is what finds state bugs across chunked calls.)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The levels of tests/hwf-levels.sh, as the bits each one removes.  */
static const unsigned int fuzz_level_remove[] =
  {
    0,                                                  /* all        */
    HWF_X86_ZMM,                                        /* avx512-ymm */
    HWF_X86_ZMM | HWF_INTEL_AVX512,                     /* vaes-avx2  */
    HWF_X86_ZMM | HWF_INTEL_AVX512 | HWF_INTEL_VAES_VPCLMUL, /* aesni-avx */
    HWF_X86_ZMM | HWF_INTEL_AVX512 | HWF_INTEL_VAES_VPCLMUL
    | HWF_INTEL_AVX2 | HWF_INTEL_AVX | HWF_INTEL_SHAEXT,     /* aesni-sse */
    ~0u                                                 /* portable   */
  };
#define FUZZ_NLEVELS (sizeof fuzz_level_remove / sizeof fuzz_level_remove[0])

static unsigned int fuzz_hwf_remove;

unsigned int __real__gcry_get_hw_features (void);
unsigned int __wrap__gcry_get_hw_features (void);

unsigned int
__wrap__gcry_get_hw_features (void)
{
  return __real__gcry_get_hw_features () & ~fuzz_hwf_remove;
}

static void
fuzz_level (unsigned int level)
{
  fuzz_hwf_remove = fuzz_level_remove[level % FUZZ_NLEVELS];
}

/* The input, consumed front to back; past its end every read is 0, so
   any input is a valid program.  */
typedef struct fuzz_input
{
  const unsigned char *p;
  size_t left;
} fuzz_input_t;

static unsigned int
fuzz_byte (fuzz_input_t *in)
{
  if (!in->left)
    return 0;
  in->left--;
  return *in->p++;
}

static unsigned int
fuzz_u16 (fuzz_input_t *in)
{
  unsigned int hi = fuzz_byte (in);

  return (hi << 8) | fuzz_byte (in);
}

/* N bytes into BUF: from the input while it lasts, then a filler that
   still differs from byte to byte.  */
static void
fuzz_bytes (fuzz_input_t *in, unsigned char *buf, size_t n)
{
  size_t i, take = n < in->left ? n : in->left;

  memcpy (buf, in->p, take);
  in->p += take;
  in->left -= take;
  for (i = take; i < n; i++)
    buf[i] = (unsigned char) (i * 113 + 7);
}

/* Report a difference and stop: libFuzzer saves the input as a crash
   artifact, which reproduces it (./fuzz-cipher crash-...).  */
#define FUZZ_MISMATCH(...)                                      \
  do {                                                          \
    fprintf (stderr, "MISMATCH %s:%d: ", __FILE__, __LINE__);   \
    fprintf (stderr, __VA_ARGS__);                              \
    fputc ('\n', stderr);                                       \
    abort ();                                                   \
  } while (0)

static void
fuzz_init_library (void)
{
  static int done;

  if (done)
    return;
  done = 1;
  if (!gcry_check_version (NULL))
    abort ();
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
}

#endif /* FUZZ_COMMON_H */
