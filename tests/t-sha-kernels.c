/* t-sha-kernels.c - white-box test of the SHA-1/SHA-256/SHA-512
 * compress kernels.
 *
 * Links the internal convenience library and walks the kernel tables of
 * cipher/sha1.c, sha256.c and sha512.c.  The last entry of each table
 * is the portable C kernel, the reference; it is checked against the
 * FIPS 180-4 "abc" example, and every other entry the CPU can run is
 * checked:
 *
 *  - the "abc" example, compressed by the kernel alone;
 *  - against the portable kernel on random chaining values and blocks,
 *    1..40 blocks per call (odd and even counts: the SHA-512 vector
 *    kernels schedule two blocks at a time), blocks at every alignment
 *    0..7;
 *  - guard bytes around the state and after the blocks (nothing written
 *    out of bounds, the input never written, nblocks 0 touches nothing);
 *  - a run split across calls gives the same state;
 *  - the ABI: an assembly trampoline seeds rbx, rbp and r12-r15, calls
 *    the kernel and reports any that changed; it also reports whether
 *    ymm0-15 were left holding anything (the kernels promise to clear
 *    message and state words).
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP.
 * HWF_X86_FAST_VECTOR is a choice, not a capability, so it does not
 * stop a kernel from being tested here.
 *
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel and of the portable one, on 16 KiB and on one block;
 * `make check` never runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sha-kernels.h"
#include "t-common.h"

#define GUARD 0xd7
#define GUARD_LEN 64
#define MAX_BLOCKS 40
#define MAX_BLOCKBYTES 128
#define MAX_STATEBYTES 64

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64
rng_next (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

static void
rng_fill (void *p, size_t n)
{
  byte *b = p;

  while (n--)
    *b++ = (byte) (rng_next () >> 56);
}


/*
 * The three families as data.  ABC is the FIPS 180-4 digest of "abc"
 * (appendix examples), IV the initial chaining value as native words.
 */
typedef struct family
{
  const char *name;
  size_t blockbytes;
  size_t statebytes;
  size_t wordbytes;
  const sha_kernel_t *table;
  size_t count;
  u64 iv[8];
  byte abc[64];
} family_t;

static family_t families[3] =
  {
    { "sha1", 64, 20, 4, NULL, 0,
      { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 },
      { 0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e,
        0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d } },
    { "sha256", 64, 32, 4, NULL, 0,
      { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 },
      { 0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
        0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
        0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad } },
    { "sha512", 128, 64, 8, NULL, 0,
      { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
        0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
        0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
        0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL },
      { 0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba,
        0xcc, 0x41, 0x73, 0x49, 0xae, 0x20, 0x41, 0x31,
        0x12, 0xe6, 0xfa, 0x4e, 0x89, 0xa9, 0x7e, 0xa2,
        0x0a, 0x9e, 0xee, 0xe6, 0x4b, 0x55, 0xd3, 0x9a,
        0x21, 0x92, 0x99, 0x2a, 0x27, 0x4f, 0xc1, 0xa8,
        0x36, 0xba, 0x3c, 0x23, 0xa3, 0xfe, 0xeb, 0xbd,
        0x45, 0x4d, 0x44, 0x23, 0x64, 0x3c, 0xe8, 0x0e,
        0x2a, 0x9a, 0xc9, 0x4f, 0xa5, 0x4c, 0xa4, 0x9f } }
  };

static void
families_init (void)
{
  families[0].table = _gcry_sha1_kernel_table;
  families[0].count = _gcry_sha1_kernel_count;
  families[1].table = _gcry_sha256_kernel_table;
  families[1].count = _gcry_sha256_kernel_count;
  families[2].table = _gcry_sha512_kernel_table;
  families[2].count = _gcry_sha512_kernel_count;
}


/*
 * The ABI trampoline (x86-64 SysV).  abi_call (fn, state, blocks,
 * nblocks) seeds the six callee-saved registers with distinct values,
 * calls FN (state, blocks, nblocks) and returns a bit mask: bit 0 set
 * if any callee-saved register changed, bit 1 set if any of ymm0-15 is
 * nonzero afterwards.  Only called for kernels the CPU can run; every
 * CPU with SHA-NI or AVX2 has AVX for the ymm check (SHA-NI without AVX,
 * on some Atom cores, gets the register check only).
 */
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_KERNELS 1
unsigned int abi_call (sha_compress_t fn, void *state, const byte *blocks,
                       size_t nblocks, int check_ymm);
__asm__ (
  ".text\n"
  ".p2align 4\n"
  ".type abi_call, @function\n"
  "abi_call:\n\t"
  "pushq %rbx\n\t"
  "pushq %rbp\n\t"
  "pushq %r12\n\t"
  "pushq %r13\n\t"
  "pushq %r14\n\t"
  "pushq %r15\n\t"
  "pushq %r8\n\t"                /* check_ymm; also 16-byte alignment */
  "movq %rdi, %rax\n\t"
  "movq %rsi, %rdi\n\t"
  "movq %rdx, %rsi\n\t"
  "movq %rcx, %rdx\n\t"
  "movabsq $0x0123456789abcdef, %rbx\n\t"
  "movabsq $0x1032547698badcfe, %rbp\n\t"
  "movabsq $0x2301674589efcdab, %r12\n\t"
  "movabsq $0x32107654ba98fedc, %r13\n\t"
  "movabsq $0x45670123cdef89ab, %r14\n\t"
  "movabsq $0x54761032dcfe98ba, %r15\n\t"
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
  ".size abi_call, .-abi_call\n\t"
  ".previous\n");
#endif

static unsigned int hwf;

/* Run kernel K; an assembly kernel through the trampoline.  Returns the
   trampoline's mask (0 without it).  */
static unsigned int
run_kernel (const sha_kernel_t *k, void *state, const byte *blocks,
            size_t nblocks)
{
#ifdef HAVE_KERNELS
  if (k->hwf)
    return abi_call (k->compress, state, blocks, nblocks,
                     !!(hwf & HWF_INTEL_AVX));
#endif
  k->compress (state, blocks, nblocks);
  return 0;
}

/* Can this CPU run kernel K?  Says why not in WHY.  */
static int
runnable (const sha_kernel_t *k, const char **why)
{
  unsigned int need = k->hwf & ~POLICY_BITS;

  if ((need & hwf) != need)
    {
      *why = (need & HWF_INTEL_SHAEXT) && !(hwf & HWF_INTEL_SHAEXT)
               ? "needs intel-shaext"
             : (need & HWF_INTEL_AVX512) && !(hwf & HWF_INTEL_AVX512)
               ? "needs intel-avx512"
             : (need & HWF_INTEL_AVX2) && !(hwf & HWF_INTEL_AVX2)
               ? "needs intel-avx2"
             : (need & HWF_INTEL_BMI2) && !(hwf & HWF_INTEL_BMI2)
               ? "needs intel-bmi2" : "needs intel-sse4.1";
      return 0;
    }
  return 1;
}

static void
load_iv (const family_t *fam, byte *state)
{
  size_t i;

  for (i = 0; i < fam->statebytes / fam->wordbytes; i++)
    {
      if (fam->wordbytes == 8)
        memcpy (state + 8 * i, &fam->iv[i], 8);
      else
        {
          u32 w = (u32) fam->iv[i];
          memcpy (state + 4 * i, &w, 4);
        }
    }
}

/* The state as big-endian bytes: the digest.  */
static void
state_digest (const family_t *fam, const byte *state, byte *out)
{
  size_t i, j;

  for (i = 0; i < fam->statebytes; i += fam->wordbytes)
    for (j = 0; j < fam->wordbytes; j++)
      out[i + j] = state[i + fam->wordbytes - 1 - j];   /* x86: LE */
}

/* FIPS 180-4 "abc": one padded block.  */
static void
check_abc (const family_t *fam, const sha_kernel_t *k)
{
  byte block[MAX_BLOCKBYTES];
  byte state[MAX_STATEBYTES], digest[MAX_STATEBYTES];
  unsigned int abi;

  memset (block, 0, sizeof block);
  memcpy (block, "abc", 3);
  block[3] = 0x80;
  block[fam->blockbytes - 1] = 24;        /* length in bits */
  load_iv (fam, state);
  abi = run_kernel (k, state, block, 1);
  state_digest (fam, state, digest);
  t_check (!memcmp (digest, fam->abc, fam->statebytes) && !(abi & 1),
           "%s %s: FIPS 180-4 \"abc\"", fam->name, k->name);
}

/* One differential case: random chaining value, NBLOCKS random blocks
   at alignment ALIGN; guards around the state and after the blocks.  */
static void
check_case (const family_t *fam, const sha_kernel_t *k,
            const sha_kernel_t *ref, size_t nblocks, size_t align)
{
  static byte arena_k[GUARD_LEN + MAX_STATEBYTES + GUARD_LEN];
  static byte state_r[MAX_STATEBYTES];
  static byte blocks[8 + MAX_BLOCKS * MAX_BLOCKBYTES + GUARD_LEN];
  static byte blocks_copy[MAX_BLOCKS * MAX_BLOCKBYTES];
  byte *state_k = arena_k + GUARD_LEN;
  size_t len = nblocks * fam->blockbytes;
  unsigned int abi;
  int guards_ok = 1, same;
  size_t i;

  memset (arena_k, GUARD, sizeof arena_k);
  rng_fill (state_r, fam->statebytes);
  memcpy (state_k, state_r, fam->statebytes);

  memset (blocks, GUARD, sizeof blocks);
  rng_fill (blocks + align, len);
  memcpy (blocks_copy, blocks + align, len);

  ref->compress (state_r, blocks_copy, nblocks);
  abi = run_kernel (k, state_k, blocks + align, nblocks);

  for (i = 0; i < GUARD_LEN; i++)
    if (arena_k[i] != GUARD || state_k[fam->statebytes + i] != GUARD)
      guards_ok = 0;
  for (i = 0; i < align; i++)
    if (blocks[i] != GUARD)
      guards_ok = 0;
  for (i = 0; i < GUARD_LEN; i++)
    if (blocks[align + len + i] != GUARD)
      guards_ok = 0;
  if (memcmp (blocks + align, blocks_copy, len))
    guards_ok = 0;

  same = !memcmp (state_k, state_r, fam->statebytes);
  t_check (same && guards_ok && !(abi & 1) && (!(abi & 2) || !nblocks),
           "%s %s: nblocks %zu align %zu: %s%s%s%s", fam->name, k->name,
           nblocks, align, same ? "" : "state differs from portable; ",
           guards_ok ? "" : "guard bytes or input changed; ",
           (abi & 1) ? "callee-saved register clobbered; " : "",
           (abi & 2) && nblocks ? "vector registers not cleared" : "");
}

static void
check_kernel (const family_t *fam, const sha_kernel_t *k)
{
  const sha_kernel_t *ref = &fam->table[fam->count - 1];
  size_t nblocks, align = 0;
  int rep;

  check_abc (fam, k);
  for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
    for (rep = 0; rep < 3; rep++)
      {
        check_case (fam, k, ref, nblocks, align);
        align = (align + 3) % 8;
      }

  /* Splitting a run across calls gives the same state.  */
  {
    byte sa[MAX_STATEBYTES], sb[MAX_STATEBYTES];
    static byte blocks[MAX_BLOCKS * MAX_BLOCKBYTES];
    size_t bb = fam->blockbytes;

    rng_fill (sa, fam->statebytes);
    memcpy (sb, sa, fam->statebytes);
    rng_fill (blocks, sizeof blocks);
    run_kernel (k, sa, blocks, MAX_BLOCKS);
    run_kernel (k, sb, blocks, 7);
    run_kernel (k, sb, blocks + 7 * bb, 1);
    run_kernel (k, sb, blocks + 8 * bb, MAX_BLOCKS - 8);
    t_check (!memcmp (sa, sb, fam->statebytes),
             "%s %s: 40 blocks in one call = 7 + 1 + 32", fam->name,
             k->name);
  }
}


/*
 * --bench: cycles per byte, the clock rate taken from a chain of
 * dependent additions (one per cycle on any x86 core).
 */
static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double
cycles_per_ns (void)
{
  double best = 0;
  int rep;

  for (rep = 0; rep < 5; rep++)
    {
      u64 x = 1, n = 20000000;
      double t = now_ns ();
      u64 i;

      for (i = 0; i < n; i += 8)
        __asm__ volatile ("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                          "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                          "add %1, %0\n\tadd %1, %0"
                          : "+r" (x) : "r" (i));
      t = now_ns () - t;
      if (n / t > best)
        best = n / t;
    }
  return best;
}

static double
time_call (const sha_kernel_t *k, const family_t *fam, const byte *buf,
           size_t len)
{
  byte state[MAX_STATEBYTES];
  double best = 1e30;
  int rep, i, iters = len > 1024 ? 20 : 2000;

  memset (state, 0x5a, sizeof state);
  for (rep = 0; rep < 30; rep++)
    {
      double t = now_ns ();

      for (i = 0; i < iters; i++)
        k->compress (state, buf, len / fam->blockbytes);
      t = (now_ns () - t) / iters;
      if (t < best)
        best = t;
    }
  return best;
}

static void
bench (void)
{
  static byte buf[16384];
  double cpn = cycles_per_ns ();
  size_t f, i, l;
  const char *why;

  rng_fill (buf, sizeof buf);
  printf ("clock: %.0f MHz (dependent-add chain)\n", cpn * 1000);
  for (f = 0; f < DIM (families); f++)
    {
      const family_t *fam = &families[f];
      const sha_kernel_t *ref = &fam->table[fam->count - 1];

      for (l = 0; l < 2; l++)
        {
          size_t len = l == 0 ? sizeof buf : fam->blockbytes;
          double ref_cpb = time_call (ref, fam, buf, len) * cpn / len;

          for (i = 0; i < fam->count; i++)
            {
              const sha_kernel_t *k = &fam->table[i];
              double cpb;

              if (!runnable (k, &why))
                {
                  printf ("%-6s %-8s %5zu bytes: not runnable (%s)\n",
                          fam->name, k->name, len, why);
                  continue;
                }
              cpb = time_call (k, fam, buf, len) * cpn / len;
              printf ("%-6s %-8s %5zu bytes: %6.2f cycles/byte, %7.0f "
                      "cycles/call, portable/this %.2f\n", fam->name,
                      k->name, len, cpb, cpb * len, ref_cpb / cpb);
            }
        }
    }
}


int
main (int argc, char **argv)
{
  size_t f, i;
  int argi, do_bench = 0;
  const char *why;

  argi = t_init ("t-sha-kernels", argc, argv);
  if (argi < argc && !strcmp (argv[argi], "--bench"))
    do_bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-sha-kernels: gcry_check_version failed\n");
      return 2;
    }
  families_init ();
  hwf = _gcry_get_hw_features ();

  if (do_bench)
    {
      bench ();
      return 0;
    }

  for (f = 0; f < DIM (families); f++)
    {
      const family_t *fam = &families[f];

      t_check (fam->count >= 1 && fam->table[fam->count - 1].hwf == 0
               && !strcmp (fam->table[fam->count - 1].name, "portable"),
               "%s: portable kernel last", fam->name);
      check_abc (fam, &fam->table[fam->count - 1]);

      for (i = 0; i + 1 < fam->count; i++)
        {
          const sha_kernel_t *k = &fam->table[i];

          if (!runnable (k, &why))
            {
              t_skip ("%s %s: %s", fam->name, k->name, why);
              continue;
            }
          check_kernel (fam, k);
        }
      if (fam->count == 1)
        t_skip ("%s: no assembly kernels in this build", fam->name);
    }
  return t_finish ();
}
