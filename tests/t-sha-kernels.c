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
 *    message and state words);
 *  - the stack the kernel used (SHA-512 vector kernels, 1, 2, 3 and 8
 *    blocks): a second trampoline runs the kernel on a private 4 KiB
 *    stack painted with a pattern;
 *    every qword there must be the pattern, zero, or one of the few
 *    values that are not message-derived (the saved callee-saved
 *    registers, the return address, the block pointer, a count).
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
#include "t-util.h"
#include "t-kernel-variants.h"

#define GUARD 0xd7
#define GUARD_LEN 64
#define MAX_BLOCKS 40
#define MAX_BLOCKBYTES 128
#define MAX_STATEBYTES 64

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

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
 * Vector kernels run through t_wipe_call (t-kernel-variants.h).
 */
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_KERNELS 1
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
    return t_wipe_call ((const void *) k->compress, state, blocks, nblocks,
                        0, !!(hwf & HWF_INTEL_AVX));
#endif
  k->compress (state, blocks, nblocks);
  return 0;
}

/* Can this CPU run kernel K?  Names a missing feature in WHY if not.  */
static int
runnable (const sha_kernel_t *k, const char **why)
{
  *why = t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS);
  return !*why;
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
  t_rnd_bytes (state_r, fam->statebytes);
  memcpy (state_k, state_r, fam->statebytes);

  memset (blocks, GUARD, sizeof blocks);
  t_rnd_bytes (blocks + align, len);
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

/*
 * Stack leftovers.  t_stack_call (fn, state, blocks, nblocks, top)
 * seeds rbx, rbp and r12-r15 with STACK_SEED + i, switches to the
 * private stack that ends at TOP (painted with STACK_FILL by the
 * caller), calls FN (state, blocks, nblocks) there and switches back.
 * A private stack rather than the area below the real one, so that
 * memcheck sees only defined, addressable memory.
 */
#ifdef HAVE_KERNELS
# define STACK_AREA 4096
# define STACK_FILL 0x5a5a5a5a5a5a5a5aULL
# define STACK_SEED 0x7e57ab1e00000000ULL

void t_stack_call (const void *fn, void *state, const byte *blocks,
                   size_t nblocks, u64 *top);
__asm__ (
  ".text\n"
  ".p2align 4\n"
  ".type t_stack_call, @function\n"
  "t_stack_call:\n\t"
  "pushq %rbx\n\t"
  "pushq %rbp\n\t"
  "pushq %r12\n\t"
  "pushq %r13\n\t"
  "pushq %r14\n\t"
  "pushq %r15\n\t"
  "movq %rsp, %rax\n\t"
  "movq %r8, %rsp\n\t"            /* private stack, 64-byte aligned top */
  "pushq %rax\n\t"                /* the real stack pointer */
  "subq $8, %rsp\n\t"             /* 16-byte alignment at the call */
  "movq %rdi, %r10\n\t"
  "movq %rsi, %rdi\n\t"
  "movq %rdx, %rsi\n\t"
  "movq %rcx, %rdx\n\t"
  "movabsq $0x7e57ab1e00000000, %rbx\n\t"
  "leaq 1(%rbx), %rbp\n\t"
  "leaq 2(%rbx), %r12\n\t"
  "leaq 3(%rbx), %r13\n\t"
  "leaq 4(%rbx), %r14\n\t"
  "leaq 5(%rbx), %r15\n\t"
  "call *%r10\n\t"
  "addq $8, %rsp\n\t"
  "popq %rsp\n\t"
  "popq %r15\n\t"
  "popq %r14\n\t"
  "popq %r13\n\t"
  "popq %r12\n\t"
  "popq %rbp\n\t"
  "popq %rbx\n\t"
  "ret\n\t"
  ".size t_stack_call, .-t_stack_call\n\t"
  ".previous\n");

/* Call K on NBLOCKS random blocks; any qword left on the private stack
   that is none of the allowed values fails the check.  */
static void
check_stack (const family_t *fam, const sha_kernel_t *k, size_t nblocks)
{
  static u64 area[STACK_AREA / 8] __attribute__ ((aligned (64)));
  static byte blocks[8 * MAX_BLOCKBYTES];
  byte state[MAX_STATEBYTES];
  u64 ret_lo = (u64) (uintptr_t) t_stack_call;
  u64 blk_lo = (u64) (uintptr_t) blocks;
  u64 blk_hi = blk_lo + nblocks * fam->blockbytes;
  u64 here = (u64) (uintptr_t) &nblocks;
  size_t i, bad = 0, touched = 0;

  for (i = 0; i < DIM (area); i++)
    area[i] = STACK_FILL;
  t_rnd_bytes (state, fam->statebytes);
  t_rnd_bytes (blocks, nblocks * fam->blockbytes);
  t_stack_call ((const void *) k->compress, state, blocks, nblocks,
                area + DIM (area));
  for (i = 0; i < DIM (area); i++)
    {
      u64 q = area[i];

      if (q == STACK_FILL)
        continue;
      touched++;
      if (q == 0 || q <= 64
          || (q >= STACK_SEED && q <= STACK_SEED + 5)
          || (q >= ret_lo && q < ret_lo + 256)
          || (q >= blk_lo && q <= blk_hi)
          /* the saved real stack pointer */
          || (q >= here - 4096 && q <= here + 4096))
        continue;
      bad++;
    }
  t_check (touched && !bad,
           "%s %s: %zu blocks: %zu stack qwords touched, %zu left holding "
           "other values", fam->name, k->name, nblocks, touched, bad);
}
#endif


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

    t_rnd_bytes (sa, fam->statebytes);
    memcpy (sb, sa, fam->statebytes);
    t_rnd_bytes (blocks, sizeof blocks);
    run_kernel (k, sa, blocks, MAX_BLOCKS);
    run_kernel (k, sb, blocks, 7);
    run_kernel (k, sb, blocks + 7 * bb, 1);
    run_kernel (k, sb, blocks + 8 * bb, MAX_BLOCKS - 8);
    t_check (!memcmp (sa, sb, fam->statebytes),
             "%s %s: 40 blocks in one call = 7 + 1 + 32", fam->name,
             k->name);
  }

#ifdef HAVE_KERNELS
  if (k->hwf && fam->blockbytes == 128)
    {
      check_stack (fam, k, 1);
      check_stack (fam, k, 2);
      check_stack (fam, k, 3);
      check_stack (fam, k, 8);
    }
#endif
}


/*
 * --bench: cycles per byte, the clock rate taken from a chain of
 * dependent additions (one per cycle on any x86 core).
 */
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
      double t = t_now_ns ();

      for (i = 0; i < iters; i++)
        k->compress (state, buf, len / fam->blockbytes);
      t = (t_now_ns () - t) / iters;
      if (t < best)
        best = t;
    }
  return best;
}

static void
bench (void)
{
  static byte buf[16384];
  double cpn = t_cycles_per_ns ();
  size_t f, i, l;
  const char *why;

  t_rnd_bytes (buf, sizeof buf);
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
                  printf ("%-6s %-8s %5zu bytes: not runnable (needs %s)\n",
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
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
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
              t_skip ("%s %s: needs %s", fam->name, k->name, why);
              continue;
            }
          check_kernel (fam, k);
        }
      if (fam->count == 1)
        t_skip ("%s: no assembly kernels in this build", fam->name);
    }

  /* Without SHA-NI a SHA-256 context must get the AVX2 kernel, not fall
     through to portable code: the table order is what chooses it.  */
#ifdef HAVE_KERNELS
  {
    unsigned int need = HWF_INTEL_AVX2 | HWF_INTEL_BMI2;
    unsigned int no_shani = (hwf | HWF_X86_FAST_VECTOR) & ~HWF_INTEL_SHAEXT;
    const char *got = _gcry_sha256_current_kernel (no_shani);

    if ((hwf & need) == need)
      t_check (!strcmp (got, "avx2"),
               "sha256: kernel without SHA-NI is avx2 (got %s)", got);
    else
      t_skip ("sha256: CPU lacks %s, no avx2 selection to check",
              t_hwf_lacking (hwf, need));
  }
#endif
  return t_finish ();
}
