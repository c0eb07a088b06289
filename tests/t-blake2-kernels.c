/* t-blake2-kernels.c - white-box test of the BLAKE2 compress kernels.
 *
 * Links the internal convenience library and walks the kernel tables of
 * cipher/blake2.c.  The last entry of each table is the portable C
 * kernel, the reference; every other entry the CPU can run is checked:
 *
 *  - RFC 7693's "abc" example, compressed by the kernel alone;
 *  - against the portable kernel on random chaining values and blocks:
 *    1..20 blocks per call, counter increments of a full block, of
 *    partial final blocks and of 0 (the empty message), the counter
 *    carrying from t[0] into t[1] and t[1] itself wrapping, the final
 *    flag clear and set, blocks at every alignment 0..7;
 *  - guard bytes around the state and after the blocks (nothing written
 *    out of bounds, f0 never written, nblocks 0 touches nothing);
 *  - run on a private stack, no message or chaining word is left in it
 *    (the BLAKE2s kernels keep a message schedule on the stack);
 *  - the ABI: an assembly trampoline seeds rbx, rbp and r12-r15, calls
 *    the kernel and reports any that changed; it also reports whether
 *    ymm0-15 were left holding anything (the kernels promise to clear
 *    what may be message or state words).
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP.
 * The choice between kernels (HWF_X86_FAST_VECTOR, a policy bit) is not
 * a capability, so it does not stop a kernel from being tested here.
 *
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel and of the portable one, on 16 KiB and on 64 bytes
 * (one call each); this is not a test and `make check` never runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blake2-kernels.h"
#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"

#define GUARD 0xd7
#define GUARD_LEN 64
#define MAX_BLOCKS 20
#define MAX_BLOCKBYTES 128

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

/* Deterministic generator (xorshift64*); a fixed seed keeps failures
   reproducible.  */
/*
 * The two families, described as data so that one set of checks serves
 * both.
 */
typedef struct family
{
  const char *name;
  size_t blockbytes;
  size_t statebytes;            /* sizeof the state struct.  */
  size_t t_off, f0_off;         /* Byte offsets of t[0] and f0.  */
  size_t wordbytes;             /* 8 (BLAKE2b) or 4 (BLAKE2s).  */
  const blake2_kernel_t *table;
  size_t count;
} family_t;

static family_t families[2];

static void
families_init (void)
{
  families[0].name = "blake2b";
  families[0].blockbytes = 128;
  families[0].statebytes = sizeof (blake2b_state_t);
  families[0].t_off = offsetof (blake2b_state_t, t);
  families[0].f0_off = offsetof (blake2b_state_t, f0);
  families[0].wordbytes = 8;
  families[0].table = _gcry_blake2b_kernel_table;
  families[0].count = _gcry_blake2b_kernel_count;

  families[1].name = "blake2s";
  families[1].blockbytes = 64;
  families[1].statebytes = sizeof (blake2s_state_t);
  families[1].t_off = offsetof (blake2s_state_t, t);
  families[1].f0_off = offsetof (blake2s_state_t, f0);
  families[1].wordbytes = 4;
  families[1].table = _gcry_blake2s_kernel_table;
  families[1].count = _gcry_blake2s_kernel_count;
}

/* Store the counter T0:T1 and the flag F0 into STATE (native words).  */
static void
set_counter (const family_t *fam, void *state, u64 t0, u64 t1, int final)
{
  byte *s = state;

  if (fam->wordbytes == 8)
    {
      u64 t[2] = { t0, t1 }, f = final ? ~(u64) 0 : 0;
      memcpy (s + fam->t_off, t, sizeof t);
      memcpy (s + fam->f0_off, &f, sizeof f);
    }
  else
    {
      u32 t[2] = { (u32) t0, (u32) t1 }, f = final ? ~(u32) 0 : 0;
      memcpy (s + fam->t_off, t, sizeof t);
      memcpy (s + fam->f0_off, &f, sizeof f);
    }
}


/*
 * Vector kernels run through t_wipe_call (t-kernel-variants.h).
 */
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_KERNELS 1
#endif


/* Run kernel K; a vector kernel through the trampoline.  Returns the
   trampoline's mask (0 without it).  */
static unsigned int
run_kernel (const blake2_kernel_t *k, void *state, const byte *blocks,
            size_t nblocks, size_t inc)
{
#ifdef HAVE_KERNELS
  /* The trampoline's register check needs AVX, which every vector
     kernel implies; the portable one runs on any CPU.  */
  if (k->hwf)
    return t_wipe_call ((const void *) k->compress, state, blocks, nblocks,
                        inc, 1);
#endif
  k->compress (state, blocks, nblocks, inc);
  return 0;
}

#ifdef HAVE_KERNELS
/* t_call_on_stack (fn, a0, a1, a2, a3, top) calls FN (a0, a1, a2, a3)
   with the stack pointer switched to TOP (16-byte aligned), so that
   whatever the kernel leaves in its stack frame stays readable in the
   buffer below TOP after the return.  */
void t_call_on_stack (const void *fn, void *a0, const void *a1, size_t a2,
                      size_t a3, void *top);
__asm__ (
  ".text\n"
  ".p2align 4\n"
  ".type t_call_on_stack, @function\n"
  "t_call_on_stack:\n\t"
  "pushq %rbx\n\t"
  "movq %rsp, %rbx\n\t"
  "movq %r9, %rsp\n\t"
  "movq %rdi, %rax\n\t"
  "movq %rsi, %rdi\n\t"
  "movq %rdx, %rsi\n\t"
  "movq %rcx, %rdx\n\t"
  "movq %r8, %rcx\n\t"
  "call *%rax\n\t"
  "movq %rbx, %rsp\n\t"
  "popq %rbx\n\t"
  "ret\n\t"
  ".size t_call_on_stack, .-t_call_on_stack\n\t"
  ".previous\n");
#endif

/* Can this CPU run kernel K?  Names a missing feature in WHY if not.  */
static int
runnable (const blake2_kernel_t *k, unsigned int hwf, const char **why)
{
  *why = t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS);
  return !*why;
}


/*
 * RFC 7693 appendix A and B: "abc", unkeyed, full-length output.
 */
static void
check_abc (const family_t *fam, const blake2_kernel_t *k)
{
  static const byte b2b_abc[64] =
    {
      0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d,
      0x6a, 0x27, 0x97, 0xb6, 0x9f, 0x12, 0xf6, 0xe9,
      0x4c, 0x21, 0x2f, 0x14, 0x68, 0x5a, 0xc4, 0xb7,
      0x4b, 0x12, 0xbb, 0x6f, 0xdb, 0xff, 0xa2, 0xd1,
      0x7d, 0x87, 0xc5, 0x39, 0x2a, 0xab, 0x79, 0x2d,
      0xc2, 0x52, 0xd5, 0xde, 0x45, 0x33, 0xcc, 0x95,
      0x18, 0xd3, 0x8a, 0xa8, 0xdb, 0xf1, 0x92, 0x5a,
      0xb9, 0x23, 0x86, 0xed, 0xd4, 0x00, 0x99, 0x23
    };
  static const byte b2s_abc[32] =
    {
      0x50, 0x8c, 0x5e, 0x8c, 0x32, 0x7c, 0x14, 0xe2,
      0xe1, 0xa7, 0x2b, 0xa3, 0x4e, 0xeb, 0x45, 0x2f,
      0x37, 0x45, 0x8b, 0x20, 0x9e, 0xd6, 0x3a, 0x29,
      0x4d, 0x99, 0x9b, 0x4c, 0x86, 0x67, 0x59, 0x82
    };
  static const u64 iv[8] =
    {
      0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
      0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
      0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
      0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
    };
  byte block[MAX_BLOCKBYTES] = { 'a', 'b', 'c' };
  byte digest[64];
  unsigned int abi;
  int i;

  if (fam->wordbytes == 8)
    {
      blake2b_state_t s;

      memset (&s, 0, sizeof s);
      for (i = 0; i < 8; i++)
        s.h[i] = iv[i];
      s.h[0] ^= 0x01010040;        /* depth 1, fanout 1, 64 bytes out */
      s.f0 = ~(u64) 0;
      abi = run_kernel (k, &s, block, 1, 3);
      memcpy (digest, s.h, 64);    /* x86 is little-endian */
      t_check (!memcmp (digest, b2b_abc, 64) && s.t[0] == 3 && !s.t[1]
               && !(abi & 1),
               "%s %s: RFC 7693 \"abc\"", fam->name, k->name);
    }
  else
    {
      blake2s_state_t s;

      memset (&s, 0, sizeof s);
      for (i = 0; i < 8; i++)
        s.h[i] = (u32) (iv[i] >> 32);
      s.h[0] ^= 0x01010020;        /* depth 1, fanout 1, 32 bytes out */
      s.f0 = ~(u32) 0;
      abi = run_kernel (k, &s, block, 1, 3);
      memcpy (digest, s.h, 32);
      t_check (!memcmp (digest, b2s_abc, 32) && s.t[0] == 3 && !s.t[1]
               && !(abi & 1),
               "%s %s: RFC 7693 \"abc\"", fam->name, k->name);
    }
}


/*
 * One differential case: random chaining value, the given counter and
 * flag, NBLOCKS random blocks at alignment ALIGN, increment INC.  The
 * state sits between guard bytes, the blocks are followed by guard
 * bytes; the kernel runs through the ABI trampoline.  Returns nonzero
 * if everything matched (one t_check per case).
 */
static int
check_case (const family_t *fam, const blake2_kernel_t *k,
            const blake2_kernel_t *ref, size_t nblocks, size_t inc,
            u64 t0, u64 t1, int final, size_t align)
{
  static byte arena_k[GUARD_LEN + 128 + GUARD_LEN];
  static byte arena_r[128];
  static byte blocks[8 + MAX_BLOCKS * MAX_BLOCKBYTES + GUARD_LEN];
  byte blocks_copy[MAX_BLOCKS * MAX_BLOCKBYTES];
  byte *state_k = arena_k + GUARD_LEN;
  size_t len = nblocks * fam->blockbytes;
  unsigned int abi = 0;
  int guards_ok = 1, same, i;

  memset (arena_k, GUARD, sizeof arena_k);
  t_rnd_bytes (arena_r, fam->statebytes);
  set_counter (fam, arena_r, t0, t1, final);
  memcpy (state_k, arena_r, fam->statebytes);

  memset (blocks, GUARD, sizeof blocks);
  t_rnd_bytes (blocks + align, len);
  memcpy (blocks_copy, blocks + align, len);

  ref->compress (arena_r, blocks_copy, nblocks, inc);
  abi = run_kernel (k, state_k, blocks + align, nblocks, inc);

  for (i = 0; i < GUARD_LEN; i++)
    if (arena_k[i] != GUARD
        || state_k[fam->statebytes + i] != GUARD)
      guards_ok = 0;
  for (i = 0; i < (int) align; i++)
    if (blocks[i] != GUARD)
      guards_ok = 0;
  for (i = 0; i < GUARD_LEN; i++)
    if (blocks[align + len + i] != GUARD)
      guards_ok = 0;
  if (memcmp (blocks + align, blocks_copy, len))
    guards_ok = 0;                /* The input must not be written.  */

  same = !memcmp (state_k, arena_r, fam->statebytes);
  return t_check (same && guards_ok && !(abi & 1)
                  && (!(abi & 2) || !nblocks),
                  "%s %s: nblocks %zu inc %zu t %016llx:%016llx f0 %d "
                  "align %zu: %s%s%s%s", fam->name, k->name, nblocks, inc,
                  (unsigned long long) t1, (unsigned long long) t0, final,
                  align, same ? "" : "state differs from portable; ",
                  guards_ok ? "" : "guard bytes or input changed; ",
                  (abi & 1) ? "callee-saved register clobbered; " : "",
                  (abi & 2) && nblocks ? "vector registers not cleared"
                  : "");
}

/*
 * The stack a kernel used holds no message or chaining word afterwards
 * (kernels that keep a message schedule there must wipe it).  The
 * kernel runs on a private stack, painted beforehand; then every
 * aligned 32-bit word of that stack is compared with every 32-bit word
 * of the blocks and of the chaining value before and after.  Random
 * words, so the odds of an accidental match are about 1 in 4000, and
 * the seed is fixed.
 */
#ifdef HAVE_KERNELS
static void
check_stack_wipe (const family_t *fam, const blake2_kernel_t *k)
{
  static u32 stack[2048] __attribute__ ((aligned (64)));
  static const size_t counts[3] = { 1, 2, 5 };
  byte state[128], blocks[5 * MAX_BLOCKBYTES];
  u32 secret[(sizeof state + sizeof blocks) / 4 * 2];
  size_t c, i, j, nsecret, found = 0;

  for (c = 0; c < DIM (counts); c++)
    {
      size_t len = counts[c] * fam->blockbytes;

      t_rnd_bytes (state, fam->statebytes);
      set_counter (fam, state, 0, 0, c == 0);
      t_rnd_bytes (blocks, len);
      nsecret = 0;
      memcpy (secret, blocks, len);
      nsecret += len / 4;
      memcpy (secret + nsecret, state, 8 * fam->wordbytes);
      nsecret += 2 * fam->wordbytes;
      for (i = 0; i < DIM (stack); i++)
        stack[i] = 0x5a5a5a5a;

      t_call_on_stack ((const void *) k->compress, state, blocks,
                       counts[c], fam->blockbytes, stack + DIM (stack));

      memcpy (secret + nsecret, state, 8 * fam->wordbytes);
      nsecret += 2 * fam->wordbytes;
      for (i = 0; i < DIM (stack); i++)
        for (j = 0; j < nsecret; j++)
          if (stack[i] == secret[j])
            found++;
    }
  t_check (!found, "%s %s: no message or chaining word left on the stack "
           "(%zu found)", fam->name, k->name, found);
}
#endif

static void
check_kernel (const family_t *fam, const blake2_kernel_t *k)
{
  const blake2_kernel_t *ref = &fam->table[fam->count - 1];
  size_t bb = fam->blockbytes;
  const size_t incs[] = { bb, 1, 3, bb / 2, bb - 1, 0 };
  /* Counter starts: small, random, t[0] about to carry (the carry
     happens a few blocks into a call), both words about to wrap.  */
  u64 wrap = fam->wordbytes == 8 ? ~(u64) 0 : 0xffffffffULL;
  size_t nblocks, ii, align = 0;
  int final, c;

  check_abc (fam, k);

  for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
    for (ii = 0; ii < DIM (incs); ii++)
      for (final = 0; final < 2; final++)
        for (c = 0; c < 4; c++)
          {
            u64 t0, t1;

            switch (c)
              {
              case 0: t0 = 0; t1 = 0; break;
              case 1: t0 = t_rnd64 () & wrap; t1 = t_rnd64 () & wrap;
                break;
              case 2: t0 = wrap - 3 * bb + 1; t1 = t_rnd64 () & wrap;
                break;
              default: t0 = wrap - 2 * bb; t1 = wrap; break;
              }
            check_case (fam, k, ref, nblocks, incs[ii], t0, t1, final,
                        align);
            align = (align + 1) % 8;
          }

  /* Splitting a run across calls gives the same state (the kernel keeps
     h and t in registers between blocks).  */
  {
    byte sa[128], sb[128];
    byte blocks[MAX_BLOCKS * MAX_BLOCKBYTES];

    t_rnd_bytes (sa, fam->statebytes);
    set_counter (fam, sa, wrap - 5 * bb, 7, 0);
    memcpy (sb, sa, fam->statebytes);
    t_rnd_bytes (blocks, sizeof blocks);
    run_kernel (k, sa, blocks, MAX_BLOCKS, bb);
    run_kernel (k, sb, blocks, 7, bb);
    run_kernel (k, sb, blocks + 7 * bb, MAX_BLOCKS - 7, bb);
    t_check (!memcmp (sa, sb, fam->statebytes),
             "%s %s: 20 blocks in one call = 7 + 13", fam->name, k->name);
  }
#ifdef HAVE_KERNELS
  if (t_under_valgrind ())
    t_skip ("%s %s: stack wipe read-back (memcheck reports popped stack)",
            fam->name, k->name);
  else
    check_stack_wipe (fam, k);
#endif
}


/*
 * --bench: cycles per byte.  The clock rate comes from a chain of
 * dependent additions (one per cycle on any x86 core), timed right
 * before the measurements.
 */
/* Best-of time of one call on LEN bytes, in ns.  */
static double
time_call (const blake2_kernel_t *k, const family_t *fam, const byte *buf,
           size_t len)
{
  byte state[128];
  double best = 1e30;
  int rep, i, iters = len > 1024 ? 20 : 2000;

  memset (state, 0x5a, sizeof state);
  for (rep = 0; rep < 30; rep++)
    {
      double t = t_now_ns ();

      for (i = 0; i < iters; i++)
        k->compress (state, buf, len / fam->blockbytes, fam->blockbytes);
      t = (t_now_ns () - t) / iters;
      if (t < best)
        best = t;
    }
  return best;
}

static void
bench (unsigned int hwf)
{
  static byte buf[16384];
  const size_t lens[2] = { 16384, 64 };
  double cpn = t_cycles_per_ns ();
  size_t f, i, l;
  const char *why;

  t_rnd_bytes (buf, sizeof buf);
  printf ("clock: %.0f MHz (dependent-add chain)\n", cpn * 1000);
  for (f = 0; f < DIM (families); f++)
    {
      const family_t *fam = &families[f];
      const blake2_kernel_t *ref = &fam->table[fam->count - 1];

      for (l = 0; l < 2; l++)
        {
          /* BLAKE2b's block is 128 bytes: time one block for "64".  */
          size_t len = lens[l] < fam->blockbytes ? fam->blockbytes
                                                   : lens[l];
          double ref_cpb = time_call (ref, fam, buf, len) * cpn / len;

          for (i = 0; i < fam->count; i++)
            {
              const blake2_kernel_t *k = &fam->table[i];
              double cpb;

              if (!runnable (k, hwf, &why))
                {
                  printf ("%s %-8s %5zu bytes: not runnable (needs %s)\n",
                          fam->name, k->name, len, why);
                  continue;
                }
              cpb = time_call (k, fam, buf, len) * cpn / len;
              printf ("%s %-8s %5zu bytes: %6.2f cycles/byte, %7.0f "
                      "cycles/call, portable/this %.2f\n", fam->name,
                      k->name, len, cpb, cpb * len, ref_cpb / cpb);
            }
        }
    }
}


int
main (int argc, char **argv)
{
  unsigned int hwf;
  size_t f, i;
  int argi, do_bench = 0;
  const char *why;

  argi = t_init ("t-blake2-kernels", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x2545f4914f6cdd1dULL);
  if (argi < argc && !strcmp (argv[argi], "--bench"))
    do_bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-blake2-kernels: gcry_check_version failed\n");
      return 2;
    }
  families_init ();
  hwf = _gcry_get_hw_features ();

  if (do_bench)
    {
      bench (hwf);
      return 0;
    }

  for (f = 0; f < DIM (families); f++)
    {
      const family_t *fam = &families[f];

      /* The table's shape: the portable reference is last and needs no
         feature.  */
      t_check (fam->count >= 1 && fam->table[fam->count - 1].hwf == 0
               && !strcmp (fam->table[fam->count - 1].name, "portable"),
               "%s: portable kernel last", fam->name);
      check_abc (fam, &fam->table[fam->count - 1]);

      for (i = 0; i + 1 < fam->count; i++)
        {
          const blake2_kernel_t *k = &fam->table[i];

          if (!runnable (k, hwf, &why))
            {
              t_skip ("%s %s: needs %s", fam->name, k->name, why);
              continue;
            }
          check_kernel (fam, k);
        }
      if (fam->count == 1)
        t_skip ("%s: no vector kernels in this build", fam->name);
    }
  return t_finish ();
}
