/* t-sm3-kernels.c - white-box test of the SM3 compress kernels.
 *
 * Links the internal convenience library and walks the kernel table of
 * cipher/sm3.c.  Its last entry is the portable C kernel, the
 * reference; it is checked against the GB/T 32905-2016 appendix A
 * examples, and every other entry the CPU can run is checked:
 *
 *  - the appendix A examples, hashed with the kernel alone;
 *  - against the portable kernel on random chaining values and blocks,
 *    0..40 blocks per call, blocks at every alignment 0..7, with guard
 *    bytes around the state and after the blocks (nothing written out
 *    of bounds, the input never written, nblocks 0 touches nothing);
 *  - blocks ending right before an unmapped page (no over-read);
 *  - every message length 0..2100, fed in random splits across writes
 *    (buffering and padding as sm3.c does them, from md-common.h), the
 *    digest equal to the portable kernel's;
 *  - the ABI: through the trampoline of t-abi-x86.h (callee-saved
 *    registers, the stack pointer, and the upper vector state left
 *    clean by vzeroupper) and through t_wipe_call (no message or state
 *    words left in ymm0-15).
 *
 * Then the library itself: the kernel the "kernel-sm3" configuration
 * line names is the first table entry the CPU allows, AVX is chosen
 * when AVX-512 is masked off, and gcry_md's SM3 over the same lengths
 * and random splits (t-md-util.h) equals the portable kernel.
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP.
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel on 16 KiB and on one block; `make check` never runs
 * it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#include "sm3-kernels.h"
#include "md-common.h"
#include "t-common.h"
#include "t-util.h"
#include "t-md-util.h"
#include "t-kernel-variants.h"

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_KERNELS 1
# include <cpuid.h>
# include "t-abi-x86.h"
#endif

#define BLOCK 64
#define GUARD 0xd7
#define GUARD_LEN 64
#define MAX_BLOCKS 40
#define MAX_LEN 2100

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

static const u32 sm3_iv[8] =
  {
    0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
    0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e
  };

static unsigned int hwf;
static const sm3_kernel_t *portable;


/*
 * A whole SM3 computation over a chosen kernel: buffering and padding
 * (section 5.2) with the helpers sm3.c uses.
 */

typedef struct
{
  u32 v[8];
  u64 nbytes;
  size_t buflen;
  byte buf[BLOCK];
} stream_t;

static void
stream_init (stream_t *s)
{
  memset (s, 0, sizeof *s);
  memcpy (s->v, sm3_iv, sizeof s->v);
}

static void
stream_write (stream_t *s, const sm3_kernel_t *k, const byte *p, size_t n)
{
  s->nbytes += n;
  md_buffered_write (s->v, k->compress, s->buf, &s->buflen, BLOCK, p, n);
}

static void
stream_final (stream_t *s, const sm3_kernel_t *k, byte out[32])
{
  byte lenfield[8];
  int i;

  store_be64 (lenfield, s->nbytes << 3);
  md_pad_final (s->v, k->compress, s->buf, s->buflen, BLOCK, 0x80,
                lenfield, sizeof lenfield);
  for (i = 0; i < 8; i++)
    store_be32 (out + 4 * i, s->v[i]);
}

/* The digest of MSG (LEN bytes) with kernel K; SPLIT: in random pieces
   (many of them tiny) rather than one write.  */
static void
kernel_digest (const sm3_kernel_t *k, const byte *msg, size_t len,
               int split, byte out[32])
{
  stream_t s;
  size_t done, n;

  stream_init (&s);
  if (!split)
    stream_write (&s, k, msg, len);
  else
    for (done = 0; done < len; done += n)
      {
        n = t_rnd (len - done + 1);
        if (t_rnd (4) == 0)
          n = t_rnd (5);
        if (n > len - done)
          n = len - done;
        stream_write (&s, k, msg + done, n);
      }
  stream_final (&s, k, out);
}


/*
 * Kernel calls.
 */

/* Run kernel K; an assembly kernel through the wiping trampoline.
   Returns its mask (bit 0: a callee-saved register changed; bit 1:
   ymm0-15 not cleared), 0 for the portable kernel.  */
static unsigned int
run_kernel (const sm3_kernel_t *k, u32 *state, const byte *blocks,
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

static int
runnable (const sm3_kernel_t *k, const char **why)
{
  *why = t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS);
  return !*why;
}


/*
 * The checks.
 */

/* GB/T 32905-2016 appendix A: "abc" and "abcd" x 16 (one and two
   blocks after padding).  */
static void
check_examples (const sm3_kernel_t *k)
{
  static const char abcd16[] =
    "abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd";
  byte want[32], got[32];

  t_unhex ("66c7f0f462eeedd9d1f2d46bdc10e4e2"
           "4167c4875cf2f7a2297da02b8f4ba8e0", want, sizeof want);
  kernel_digest (k, (const byte *) "abc", 3, 0, got);
  t_check_mem (got, want, 32, "%s: appendix A \"abc\"", k->name);
  t_unhex ("debe9ff92275b8a138604889c18e5a4d"
           "6fdb70e5387e5765293dcba39c0c5732", want, sizeof want);
  kernel_digest (k, (const byte *) abcd16, 64, 0, got);
  t_check_mem (got, want, 32, "%s: appendix A \"abcd\" x 16", k->name);
}

/* One differential case: random chaining value, NBLOCKS random blocks
   at alignment ALIGN; guards around the state and after the blocks.  */
static void
check_case (const sm3_kernel_t *k, size_t nblocks, size_t align)
{
  static u32 arena[(GUARD_LEN + 32 + GUARD_LEN) / 4];
  static byte blocks[8 + MAX_BLOCKS * BLOCK + GUARD_LEN];
  static byte blocks_copy[MAX_BLOCKS * BLOCK];
  u32 *state_k = arena + GUARD_LEN / 4, state_r[8];
  byte *arena_bytes = (byte *) arena;
  size_t len = nblocks * BLOCK;
  unsigned int abi;
  int guards_ok, same;

  memset (arena, GUARD, sizeof arena);
  t_rnd_bytes (state_r, sizeof state_r);
  memcpy (state_k, state_r, sizeof state_r);
  memset (blocks, GUARD, sizeof blocks);
  t_rnd_bytes (blocks + align, len);
  memcpy (blocks_copy, blocks + align, len);

  portable->compress (state_r, blocks_copy, nblocks);
  abi = run_kernel (k, state_k, blocks + align, nblocks);

  guards_ok = t_all_bytes (arena_bytes, GUARD_LEN, GUARD)
    && t_all_bytes (arena_bytes + GUARD_LEN + 32, GUARD_LEN, GUARD)
    && t_all_bytes (blocks, align, GUARD)
    && t_all_bytes (blocks + align + len, GUARD_LEN, GUARD)
    && !memcmp (blocks + align, blocks_copy, len);
  same = !memcmp (state_k, state_r, 32);
  t_check (same && guards_ok && !(abi & 1) && (!(abi & 2) || !nblocks),
           "%s: nblocks %zu align %zu: %s%s%s%s", k->name, nblocks, align,
           same ? "" : "state differs from portable; ",
           guards_ok ? "" : "guard bytes or input changed; ",
           (abi & 1) ? "callee-saved register clobbered; " : "",
           (abi & 2) && nblocks ? "vector registers not cleared" : "");
}

/* Blocks ending at an unmapped page: a read past the last block
   faults.  */
static void
check_guard_page (const sm3_kernel_t *k)
{
  t_guard_t g;
  size_t nblocks;
  u32 sk[8], sr[8];

  if (t_guard_map (&g, 4 * BLOCK))
    {
      t_skip ("%s: guard pages: mmap refused", k->name);
      return;
    }
  for (nblocks = 1; nblocks <= 4; nblocks++)
    {
      byte *p = g.hi + 4 * BLOCK - nblocks * BLOCK;

      t_rnd_bytes (p, nblocks * BLOCK);
      t_rnd_bytes (sk, sizeof sk);
      memcpy (sr, sk, sizeof sk);
      portable->compress (sr, p, nblocks);
      k->compress (sk, p, nblocks);
      t_check (!memcmp (sk, sr, sizeof sk),
               "%s: %zu blocks ending at an unmapped page", k->name,
               nblocks);
    }
  t_guard_unmap (&g);
}

/* Every length 0..MAX_LEN, one write and random splits, against the
   portable kernel fed in one write.  */
static void
check_lengths (const sm3_kernel_t *k, const byte *msg)
{
  byte want[32], one[32], split[32];
  unsigned long bad_one = 0, bad_split = 0;
  size_t len;

  for (len = 0; len <= MAX_LEN; len++)
    {
      kernel_digest (portable, msg, len, 0, want);
      kernel_digest (k, msg, len, 0, one);
      kernel_digest (k, msg, len, 1, split);
      bad_one += !!memcmp (one, want, 32);
      bad_split += !!memcmp (split, want, 32);
    }
  t_check (!bad_one, "%s: lengths 0..%d in one write equal portable "
           "(%lu differ)", k->name, MAX_LEN, bad_one);
  t_check (!bad_split, "%s: lengths 0..%d in random splits equal portable "
           "(%lu differ)", k->name, MAX_LEN, bad_split);
}

#ifdef HAVE_KERNELS
/* Through t_abi_call: callee-saved registers, rsp, and vzeroupper.  */
static void
check_abi (const sm3_kernel_t *k, const byte *data, int check_xinuse)
{
  static const size_t counts[] = { 0, 1, 2, 3, 17 };
  size_t i, r;

  for (i = 0; i < DIM (counts); i++)
    {
      abi_call_t call;
      u32 sk[8], sr[8];
      char bad[80] = "";

      t_rnd_bytes (sk, sizeof sk);
      memcpy (sr, sk, sizeof sk);
      portable->compress (sr, data, counts[i]);
      memset (&call, 0, sizeof call);
      call.fn = (void *) k->compress;
      call.arg[0] = (u64) (uintptr_t) sk;
      call.arg[1] = (u64) (uintptr_t) data;
      call.arg[2] = counts[i];
      call.check_xinuse = check_xinuse;
      t_abi_call (&call);
      for (r = 0; r < DIM (abi_reg_names); r++)
        if (call.bad & (1u << r))
          {
            strcat (bad, " ");
            strcat (bad, abi_reg_names[r]);
          }
      t_check (!call.bad && !memcmp (sk, sr, sizeof sk),
               "%s via trampoline, %zu blocks: callee-saved registers%s%s, "
               "result %s", k->name, counts[i],
               call.bad ? " clobbered:" : " kept", bad,
               memcmp (sk, sr, sizeof sk) ? "WRONG" : "ok");
      if (check_xinuse)
        t_check (!(call.xinuse_after & XINUSE_UPPER),
                 "%s via trampoline, %zu blocks: upper vector state %s",
                 k->name, counts[i],
                 (call.xinuse_after & XINUSE_UPPER) ? "left dirty"
                 : "clean");
    }
}
#endif

static void
check_kernel (const sm3_kernel_t *k, const byte *msg, int check_xinuse)
{
  size_t nblocks, align = 0;
  int rep;

  /* The ABI first: a kernel that clobbers a callee-saved register would
     make the direct calls below crash instead of fail.  */
#ifdef HAVE_KERNELS
  check_abi (k, msg, check_xinuse);
#else
  (void) check_xinuse;
#endif
  check_examples (k);
  for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
    for (rep = 0; rep < 3; rep++)
      {
        check_case (k, nblocks, align);
        align = (align + 3) % 8;
      }
  check_guard_page (k);
  check_lengths (k, msg);
}

/* The first table entry HAVE allows, as the library picks it.  */
static const sm3_kernel_t *
expected_kernel (unsigned int have)
{
  size_t i;

  for (i = 0; i + 1 < _gcry_sm3_kernel_count; i++)
    if ((_gcry_sm3_kernel_table[i].hwf & have)
        == _gcry_sm3_kernel_table[i].hwf)
      return &_gcry_sm3_kernel_table[i];
  return portable;
}

/* What the library reports and computes.  */
static void
check_library (const byte *msg)
{
  char *line = gcry_get_config (0, "kernel-sm3");
  char want_line[64];
  byte want[32], got[32];
  unsigned long bad = 0;
  size_t len;

  /* One item is returned without the newline the full report has.  */
  snprintf (want_line, sizeof want_line, "kernel-sm3:%s:",
            expected_kernel (hwf)->name);
  t_check (line && !strcmp (line, want_line),
           "configuration line is \"%s\" (got \"%s\")", want_line,
           line ? line : "(none)");
  gcry_free (line);
  t_check (!strcmp (_gcry_sm3_kernel_reports[0].primitive, "sm3"),
           "the report names the primitive \"sm3\"");

#ifdef HAVE_KERNELS
  {
    unsigned int need = HWF_INTEL_AVX | HWF_INTEL_BMI2;
    const char *got_name
      = _gcry_sm3_kernel_reports[0].current (hwf & ~HWF_INTEL_AVX512);

    if ((hwf & need) == need)
      t_check (!strcmp (got_name, "avx"),
               "without intel-avx512 the kernel is avx (got %s)", got_name);
    else
      t_skip ("CPU lacks %s: no avx selection to check",
              t_hwf_lacking (hwf, need));
  }
#endif
  t_check (!strcmp (_gcry_sm3_kernel_reports[0].current (0), "portable"),
           "without features the kernel is portable");

  for (len = 0; len <= MAX_LEN; len++)
    {
      kernel_digest (portable, msg, len, 0, want);
      if (!t_md_digest (GCRY_MD_SM3, NULL, 0, msg, len, T_MD_SPLITS, got))
        return;
      bad += !!memcmp (got, want, 32);
    }
  t_check (!bad, "gcry_md SM3 (%s kernel), lengths 0..%d in random "
           "splits, equals portable (%lu differ)",
           expected_kernel (hwf)->name, MAX_LEN, bad);
}


/*
 * --bench: cycles per byte, the clock rate from a chain of dependent
 * additions.
 */
#ifdef HAVE_KERNELS
static double
time_call (const sm3_kernel_t *k, const byte *buf, size_t nblocks)
{
  u32 state[8];
  double best = 1e30;
  int rep, i, iters = nblocks > 16 ? 20 : 2000;

  memcpy (state, sm3_iv, sizeof state);
  for (rep = 0; rep < 100; rep++)
    {
      double t = t_now_ns ();

      for (i = 0; i < iters; i++)
        k->compress (state, buf, nblocks);
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
  size_t i, l;
  const char *why;

  t_rnd_bytes (buf, sizeof buf);
  printf ("clock: %.0f MHz (dependent-add chain)\n", cpn * 1000);
  for (l = 0; l < 2; l++)
    {
      size_t nblocks = l == 0 ? sizeof buf / BLOCK : 1;
      double ref = time_call (portable, buf, nblocks) * cpn
        / (nblocks * BLOCK);

      for (i = 0; i < _gcry_sm3_kernel_count; i++)
        {
          const sm3_kernel_t *k = &_gcry_sm3_kernel_table[i];
          double cpb;

          if (!runnable (k, &why))
            {
              printf ("%-9s %5zu bytes: not runnable (needs %s)\n", k->name,
                      nblocks * BLOCK, why);
              continue;
            }
          cpb = time_call (k, buf, nblocks) * cpn / (nblocks * BLOCK);
          printf ("%-9s %5zu bytes: %6.2f cycles/byte, portable/this "
                  "%.2f\n", k->name, nblocks * BLOCK, cpb, ref / cpb);
        }
    }
}
#endif


int
main (int argc, char **argv)
{
  static byte msg[MAX_LEN + 1];
  int argi, check_xinuse = 0;
  size_t i;
  const char *why;

  argi = t_init ("t-sm3-kernels", argc, argv);
  t_rnd_seed (0x5d3a9c71e2b4f086ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-sm3-kernels: gcry_check_version failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  portable = &_gcry_sm3_kernel_table[_gcry_sm3_kernel_count - 1];

#ifdef HAVE_KERNELS
  if (argi < argc && !strcmp (argv[argi], "--bench"))
    {
      bench ();
      return 0;
    }
#endif

  t_rnd_bytes (msg, sizeof msg);
  if (!t_check (portable->hwf == 0 && !strcmp (portable->name, "portable"),
                "the portable kernel is the last entry"))
    return t_finish ();
  check_examples (portable);

#ifdef HAVE_KERNELS
  check_xinuse = xinuse_usable ();
  if (!check_xinuse)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");
#endif

  for (i = 0; i + 1 < _gcry_sm3_kernel_count; i++)
    {
      const sm3_kernel_t *k = &_gcry_sm3_kernel_table[i];

      if (!runnable (k, &why))
        {
          t_skip ("%s: CPU (or OS, or --disable-hwf) lacks %s", k->name,
                  why);
          continue;
        }
      check_kernel (k, msg, check_xinuse);
    }
  if (_gcry_sm3_kernel_count == 1)
    t_skip ("no assembly kernels in this build");

  check_library (msg);
  return t_finish ();
}
