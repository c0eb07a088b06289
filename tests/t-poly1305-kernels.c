/* t-poly1305-kernels.c - white-box test of the Poly1305 kernels.
 *
 * Links the internal convenience library and walks the kernel table of
 * cipher/poly1305.c.  The last entry is the portable code; every entry
 * the CPU can run (the portable one included) is forced onto contexts
 * after _gcry_poly1305_init and checked against t-poly1305-ref.h's
 * reference, which shares no code or representation with the library:
 *
 *  - RFC 8439 2.5.2 and the A.3 edge vectors;
 *  - every message length 0..2100 in one update, random keys and data,
 *    with the vector kernels' table of powers made up front (so the
 *    vector code runs from its smallest block count on), and again as
 *    a fresh key goes (scalar code up to TABLE_NOW_BLOCKS blocks);
 *  - the same with all-ones clamped r and all-0xff messages (the carry
 *    bounds of every radix are tightest there);
 *  - random splits of a message across updates (short updates reach
 *    the one-block code, long ones the vector code, on one accumulator);
 *  - accumulator on and around multiples of p: r = 1 and 1..80 full
 *    blocks summing to k p + d (d in -5, -1, 0, 1, 5), s = 0 and
 *    s = 2^128 - 1 (a carry out of the final addition), against the
 *    tag computed from k p + d directly;
 *  - the blocks function called through t-kernel-variants.h's
 *    trampoline on 0..100 and a few longer block counts, the message
 *    ending at an inaccessible page, from a random accumulator and from
 *    the largest the kernels accept (2^131 - 1): same tag as portable,
 *    top word at most 4 after, callee-saved registers kept, ymm0-15 left
 *    clear; the one-block function likewise.
 *
 * x86-64: the assembly entries themselves (powers, blocks, the scalar
 * one) through t-abi-x86.h's trampoline: callee-saved registers and
 * stack pointer kept, upper vector state clean; the vector ones leave
 * the red zone alone (no stack use) and the AVX-512 ones zmm16-31 zero
 * (they held powers of r).
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP.
 * HWF_X86_ZMM is a choice, not a capability, so it does not stop a
 * kernel from being tested here.
 *
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel on 16 KiB; `make check` never runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "poly1305.h"
#ifdef POLY1305_X86_KERNELS
# include <cpuid.h>
#endif
#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"
#include "t-poly1305-ref.h"
#ifdef POLY1305_X86_KERNELS
# include "t-abi-x86.h"
#endif

#define MAX_LEN 2100
#define EDGE_MAX_BLOCKS 80

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_TRAMPOLINE 1
#endif

static unsigned int hwf;
static const poly1305_kernel_t *table;
static size_t count;

T_UNUSED static const poly1305_kernel_t *
portable (void)
{
  return &table[count - 1];
}

/* Make the vector kernels use their vector code from their smallest
   block count on, as they do once the table of powers exists (without
   it, a fresh key takes the scalar code for fewer than
   TABLE_NOW_BLOCKS blocks).  */
static void
force_table (poly1305_context_t *ctx)
{
#ifdef POLY1305_X86_KERNELS
  ctx->scalar_blocks = 1u << 20;
#else
  (void) ctx;
#endif
}

/* The tag of MSG (LEN bytes) under KEY with kernel K, in one update or,
   with SPLITS, in random pieces; FORCE: see force_table.  */
static void
mac_with (const poly1305_kernel_t *k, const byte *key, const byte *msg,
          size_t len, int splits, int force, byte *tag)
{
  poly1305_context_t ctx;
  size_t off = 0, n;

  _gcry_poly1305_init (&ctx, key);
  ctx.kernel = k;
  if (force)
    force_table (&ctx);
  if (!splits)
    _gcry_poly1305_update (&ctx, msg, len);
  else
    while (off < len)
      {
        /* Mostly short pieces, sometimes long ones.  */
        n = (t_rnd64 () & 3) ? t_rnd64 () % 40 : t_rnd64 () % 700;
        if (n > len - off)
          n = len - off;
        _gcry_poly1305_update (&ctx, msg + off, n);
        off += n;
      }
  _gcry_poly1305_final (&ctx, tag);
}

static void
check_rfc (const poly1305_kernel_t *k)
{
  byte key[32], msg[64], want[16], tag[16], ref[16];
  long len;
  size_t i;
  int bad = 0;

  for (i = 0; i < DIM (t_poly_rfc); i++)
    {
      t_unhex (t_poly_rfc[i].key, key, sizeof key);
      len = t_unhex (t_poly_rfc[i].msg, msg, sizeof msg);
      t_unhex (t_poly_rfc[i].tag, want, sizeof want);
      mac_with (k, key, msg, (size_t) len, 0, 0, tag);
      t_poly_ref (key, msg, (size_t) len, ref);
      bad += !!memcmp (tag, want, 16) + !!memcmp (ref, want, 16);
    }
  t_check (!bad, "%s: RFC 8439 2.5.2 and A.3 #4-#11 (and the reference)",
           k->name);
}

/* Every length 0..MAX_LEN against the reference; KEY_FILL / MSG_FILL < 0
   for random bytes, else that byte everywhere; FORCE: see force_table.  */
static void
check_lengths (const poly1305_kernel_t *k, int key_fill, int msg_fill,
               int force, const char *what)
{
  static byte msg[MAX_LEN];
  byte key[32], tag_k[16], tag_r[16];
  size_t len, bad = 0, first_bad = 0;

  for (len = 0; len <= MAX_LEN; len++)
    {
      if (key_fill < 0)
        t_rnd_bytes (key, sizeof key);
      else
        memset (key, key_fill, sizeof key);
      if (msg_fill < 0)
        t_rnd_bytes (msg, len);
      else
        memset (msg, msg_fill, len);
      mac_with (k, key, msg, len, 0, force, tag_k);
      t_poly_ref (key, msg, len, tag_r);
      if (memcmp (tag_k, tag_r, 16))
        {
          if (!bad)
            first_bad = len;
          bad++;
        }
    }
  t_check (!bad, "%s: %s, lengths 0..%d: %zu differ from the reference "
           "(first at %zu)", k->name, what, MAX_LEN, bad, first_bad);
}

static void
check_splits (const poly1305_kernel_t *k)
{
  static byte msg[MAX_LEN];
  byte key[32], tag_k[16], tag_r[16];
  int rep, bad = 0;

  for (rep = 0; rep < 300; rep++)
    {
      size_t len = t_rnd64 () % (MAX_LEN + 1);

      t_rnd_bytes (key, sizeof key);
      t_rnd_bytes (msg, len);
      mac_with (k, key, msg, len, 1, rep & 1, tag_k);
      t_poly_ref (key, msg, len, tag_r);
      bad += !!memcmp (tag_k, tag_r, 16);
    }
  t_check (!bad, "%s: 300 random splits: %d differ from the reference",
           k->name, bad);
}

/* The accumulator on and around multiples of p (t-poly1305-ref.h).  */
static void
check_edges (const poly1305_kernel_t *k)
{
  static const int ds[] = { -5, -1, 0, 1, 5 };
  static byte msg[EDGE_MAX_BLOCKS * 16];
  byte key[32], s[16], want[16], tag[16], ref[16];
  size_t n, di;
  unsigned int kk;
  int sfill, cases = 0, bad = 0, refbad = 0;

  for (sfill = 0; sfill < 2; sfill++)
    {
      memset (s, sfill ? 0xff : 0, sizeof s);
      for (n = 1; n <= EDGE_MAX_BLOCKS; n++)
        for (kk = 1; kk <= n; kk++)
          for (di = 0; di < DIM (ds); di++)
            {
              if (!t_poly_edge_msg (msg, n, kk, ds[di]))
                continue;
              t_poly_edge_key_tag (key, s, ds[di], want);
              mac_with (k, key, msg, 16 * n, 0, 1, tag);
              t_poly_ref (key, msg, 16 * n, ref);
              cases++;
              bad += !!memcmp (tag, want, 16);
              refbad += !!memcmp (ref, want, 16);
            }
    }
  t_check (cases > 1000 && !bad && !refbad,
           "%s: %d sums k p + d (r = 1, s = 0 and all ones): %d wrong "
           "(reference: %d)", k->name, cases, bad, refbad);
}

#ifdef POLY1305_LIMBS64
/* The blocks and one-block functions alone, through the trampoline,
   on a message ending at an inaccessible page.  */
static void
check_direct (const poly1305_kernel_t *k)
{
  static const size_t extra[] = { 127, 128, 129, 200, 257, 1000 };
  t_guard_t g;
  poly1305_context_t ck, cr;
  byte key[32], tk[16], tr[16];
  size_t n, step, bad = 0, first_bad = 0, tests = 0;
  unsigned int abi = 0;
  int start;

  if (t_guard_map (&g, 1000 * 16))
    {
      t_skip ("%s: no guard pages (mmap refused)", k->name);
      return;
    }
  for (step = 0; step < 101 + DIM (extra); step++)
    for (start = 0; start < 2; start++)
      {
        const byte *m;
        unsigned int top;

        n = step <= 100 ? step : extra[step - 101];
        m = g.hi + 1000 * 16 - n * 16;
        t_rnd_bytes (key, sizeof key);
        t_rnd_bytes ((byte *) m, n * 16);
        _gcry_poly1305_init (&ck, key);
        _gcry_poly1305_init (&cr, key);
        ck.kernel = k;
        cr.kernel = portable ();
        force_table (&ck);
        if (!start)
          {
            /* A random accumulator, as one block leaves it.  */
            byte b[16];

            t_rnd_bytes (b, sizeof b);
            _gcry_poly1305_update (&ck, b, 16);
            _gcry_poly1305_update (&cr, b, 16);
          }
        else
          {
            /* The largest one a kernel must take: 2^131 - 1.  */
            ck.h[0] = cr.h[0] = ~(u64) 0;
            ck.h[1] = cr.h[1] = ~(u64) 0;
            ck.h[2] = cr.h[2] = 7;
          }
        portable ()->blocks (&cr, m, n);
# ifdef HAVE_TRAMPOLINE
        abi |= t_wipe_call ((const void *) k->blocks, &ck, m, n, 0,
                            !!(hwf & HWF_INTEL_AVX));
# else
        k->blocks (&ck, m, n);
# endif
        top = (unsigned int) ck.h[2];
        /* Different representatives of one residue are allowed:
           compare the tags.  */
        _gcry_poly1305_final (&ck, tk);
        _gcry_poly1305_final (&cr, tr);
        tests++;
        if (memcmp (tk, tr, 16) || (n && top > 4))
          {
            if (!bad)
              first_bad = n;
            bad++;
          }
      }
  t_check (!bad && !(abi & 3),
           "%s: blocks direct, %zu runs of 0..1000 blocks before a guard "
           "page: %zu wrong or top word above 4 (first at %zu blocks)%s%s",
           k->name, tests, bad, first_bad,
           (abi & 1) ? "; callee-saved register clobbered" : "",
           (abi & 2) ? "; vector registers not cleared" : "");

  /* The one-block function, with and without the 2^128 bit.  */
  bad = 0;
  abi = 0;
  for (n = 0; n < 40; n++)
    {
      unsigned int hibit = n & 1;
      const byte *m = g.hi + 1000 * 16 - (n / 2) * 16;

      t_rnd_bytes (key, sizeof key);
      t_rnd_bytes ((byte *) m, (n / 2) * 16);
      _gcry_poly1305_init (&ck, key);
      _gcry_poly1305_init (&cr, key);
      ck.kernel = k;
      cr.kernel = portable ();
      portable ()->single (&cr, m, n / 2, hibit);
# ifdef HAVE_TRAMPOLINE
      abi |= t_wipe_call ((const void *) k->single, &ck, m, n / 2, hibit,
                          !!(hwf & HWF_INTEL_AVX));
# else
      k->single (&ck, m, n / 2, hibit);
# endif
      _gcry_poly1305_final (&ck, tk);
      _gcry_poly1305_final (&cr, tr);
      bad += !!memcmp (tk, tr, 16);
    }
  t_check (!bad && !(abi & 3),
           "%s: one-block function direct, 0..19 blocks, with and without "
           "the 2^128 bit: %zu wrong%s%s", k->name, bad,
           (abi & 1) ? "; callee-saved register clobbered" : "",
           (abi & 2) ? "; vector registers not cleared" : "");
  t_guard_unmap (&g);
}
#endif /* POLY1305_LIMBS64 */


#ifdef POLY1305_X86_KERNELS
/*
 * The assembly entries through t-abi-x86.h's trampoline.
 */

typedef struct
{
  const char *name;
  unsigned int hwf;
  int zmm16_31;                 /* Uses (and must clear) zmm16-31.  */
  void (*powers) (u64 *table, const u64 r[2]);
  void (*blocks) (u64 h[3], const byte *m, size_t nblocks, const u64 *t);
} asm_entry_t;

static const asm_entry_t asm_entries[] =
  {
    { "ifma zmm", HWF_INTEL_AVX512, 1, _gcry_poly1305_ifma_powers_zmm,
      _gcry_poly1305_ifma_blocks_zmm },
    { "ifma ymm", HWF_INTEL_AVX512, 1, _gcry_poly1305_ifma_powers_ymm,
      _gcry_poly1305_ifma_blocks_ymm },
    { "avx2", HWF_INTEL_AVX2, 0, _gcry_poly1305_avx2_powers,
      _gcry_poly1305_avx2_blocks },
  };

/* Nonzero when any of zmm16-31 is nonzero.  Runs right after a call:
   compiled code around it (built without AVX-512) never touches
   these registers.  */
__attribute__ ((target ("avx512f"))) static int
upper_zmm_dirty (void)
{
  u64 acc;

  __asm__ volatile ("vporq %%zmm16, %%zmm17, %%zmm0\n\t"
                    "vporq %%zmm18, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm19, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm20, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm21, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm22, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm23, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm24, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm25, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm26, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm27, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm28, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm29, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm30, %%zmm0, %%zmm0\n\t"
                    "vporq %%zmm31, %%zmm0, %%zmm0\n\t"
                    "vptestmq %%zmm0, %%zmm0, %%k1\n\t"
                    "kmovw %%k1, %%eax\n\t"
                    "movzwl %%ax, %%eax\n\t"
                    "movq %%rax, %0\n\t"
                    "vzeroupper"
                    : "=r" (acc) : : "rax", "xmm0", "k1", "memory");
  return acc != 0;
}

/* Call C through the trampoline; a string of what went wrong (empty
   when nothing), appended to WHAT.  STACK: the function may push (the
   scalar one saves registers there), so the red zone is not checked.  */
static void
abi_run (abi_call_t *c, int check_xinuse, int zmm16_31, int stack,
         char *what, size_t whatsize)
{
  size_t r;

  c->check_xinuse = check_xinuse;
  t_abi_call (c);
  if (zmm16_31 && upper_zmm_dirty ())
    snprintf (what + strlen (what), whatsize - strlen (what),
              " zmm16-31 not cleared;");
  for (r = 0; r < DIM (abi_reg_names); r++)
    if (c->bad & (1u << r))
      snprintf (what + strlen (what), whatsize - strlen (what),
                " %s clobbered;", abi_reg_names[r]);
  if (!stack && (c->red_zone[0] != ABI_RED_ZONE_PATTERN
                 || c->red_zone[1] != ABI_RED_ZONE_PATTERN))
    snprintf (what + strlen (what), whatsize - strlen (what),
              " red zone written;");
  if (check_xinuse && (c->xinuse_after & XINUSE_UPPER))
    snprintf (what + strlen (what), whatsize - strlen (what),
              " upper vector state left dirty;");
}

/* H (three words, top at most 7) as the portable code's accumulator of
   CTX (keyed), then N blocks of M through it: the tag.  */
static void
portable_tag_from (poly1305_context_t *ctx, const u64 *h, const byte *m,
                   size_t n, byte *tag)
{
  ctx->kernel = portable ();
  memcpy (ctx->h, h, sizeof ctx->h);
  portable ()->blocks (ctx, m, n);
  _gcry_poly1305_finish (ctx, tag);
}

static void
check_asm_abi (void)
{
  static const size_t extra[] = { 255, 256, 257, 511, 1000 };
  static u64 tab[POLY1305_TABLE_WORDS];
  int check_xinuse = xinuse_usable ();
  poly1305_context_t cr;
  t_guard_t g;
  byte key[32], tk[16], tr[16];
  u64 h[3], h_in[3];
  size_t i, step, n, runs;
  int start;

  if (t_guard_map (&g, 1000 * 16))
    {
      t_skip ("assembly entries: no guard pages (mmap refused)");
      return;
    }
  t_rnd_bytes (g.hi, 1000 * 16);
  for (i = 0; i < DIM (asm_entries); i++)
    {
      const asm_entry_t *e = &asm_entries[i];
      char what[400] = "";
      abi_call_t call;
      int wrong = 0, top = 0;

      if (!t_variant_runs (e->name, hwf, e->hwf))
        continue;
      t_rnd_bytes (key, sizeof key);
      _gcry_poly1305_init (&cr, key);

      memset (&call, 0, sizeof call);
      call.fn = (void *) e->powers;
      call.arg[0] = (u64) (uintptr_t) tab;
      call.arg[1] = (u64) (uintptr_t) cr.r;
      abi_run (&call, check_xinuse, e->zmm16_31, 0, what, sizeof what);
      runs = 0;
      for (step = 1; step <= 200 + DIM (extra); step++)
        for (start = 0; start < 2; start++)
          {
            const byte *m;

            n = step <= 200 ? step : extra[step - 201];
            m = g.hi + 1000 * 16 - n * 16;
            if (!start)
              {
                t_rnd_bytes (h_in, sizeof h_in);
                h_in[2] %= 5;
              }
            else
              {
                h_in[0] = h_in[1] = ~(u64) 0;
                h_in[2] = 7;
              }
            memcpy (h, h_in, sizeof h);
            memset (&call, 0, sizeof call);
            call.fn = (void *) e->blocks;
            call.arg[0] = (u64) (uintptr_t) h;
            call.arg[1] = (u64) (uintptr_t) m;
            call.arg[2] = n;
            call.arg[3] = (u64) (uintptr_t) tab;
            abi_run (&call, check_xinuse, e->zmm16_31, 0, what, sizeof what);
            top += h[2] > 4;
            _gcry_poly1305_init (&cr, key);
            memcpy (cr.h, h, sizeof h);
            _gcry_poly1305_finish (&cr, tk);
            _gcry_poly1305_init (&cr, key);
            portable_tag_from (&cr, h_in, m, n, tr);
            wrong += !!memcmp (tk, tr, 16);
            runs++;
          }
      t_check (!what[0] && !wrong && !top,
               "%s assembly via the ABI trampoline (powers; %zu runs of "
               "blocks, 1..1000 before a guard page, from random and "
               "from the largest accumulator): %d wrong, %d with top word "
               "above 4;%s", e->name, runs, wrong, top,
               what[0] ? what : " ABI kept");
    }

  /* The one-block scalar code (baseline x86-64).  */
  {
    char what[400] = "";
    abi_call_t call;
    int wrong = 0, top = 0;

    for (n = 0; n <= 40; n++)
      for (start = 0; start < 2; start++)
        {
          const byte *m = g.hi + 1000 * 16 - n * 16;

          t_rnd_bytes (key, sizeof key);
          _gcry_poly1305_init (&cr, key);
          if (!start)
            {
              t_rnd_bytes (h_in, sizeof h_in);
              h_in[2] %= 5;
            }
          else
            {
              h_in[0] = h_in[1] = ~(u64) 0;
              h_in[2] = 7;
            }
          memcpy (h, h_in, sizeof h);
          memset (&call, 0, sizeof call);
          call.fn = (void *) _gcry_poly1305_blocks_x86_64;
          call.arg[0] = (u64) (uintptr_t) h;
          call.arg[1] = (u64) (uintptr_t) m;
          call.arg[2] = n;
          call.arg[3] = (u64) (uintptr_t) cr.r;
          call.arg[4] = 1;
          abi_run (&call, check_xinuse, 0, 1, what, sizeof what);
          top += n && h[2] > 4;
          memcpy (cr.h, h, sizeof h);
          _gcry_poly1305_finish (&cr, tk);
          _gcry_poly1305_init (&cr, key);
          portable_tag_from (&cr, h_in, m, n, tr);
          wrong += !!memcmp (tk, tr, 16);
        }
    t_check (!what[0] && !wrong && !top, "x86-64 one-block assembly via "
             "the ABI trampoline, 0..40 blocks before a guard page: %d "
             "wrong, %d with top word above 4;%s", wrong, top,
             what[0] ? what : " ABI kept");
  }
  wipememory (tab, sizeof tab);
  t_guard_unmap (&g);
}
#endif /* POLY1305_X86_KERNELS */


static double
time_mac (const poly1305_kernel_t *k, const byte *buf, size_t len)
{
  byte key[32], tag[16];
  double best = 1e30;
  int rep, i, iters = 50;

  memset (key, 0x5a, sizeof key);
  for (rep = 0; rep < 30; rep++)
    {
      double t = t_now_ns ();

      for (i = 0; i < iters; i++)
        mac_with (k, key, buf, len, 0, 0, tag);
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
  size_t i;

  t_rnd_bytes (buf, sizeof buf);
  printf ("clock: %.0f MHz (dependent-add chain)\n", cpn * 1000);
  for (i = 0; i < count; i++)
    {
      const poly1305_kernel_t *k = &table[i];

      if (t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS))
        {
          printf ("poly1305 %-16s: not runnable\n", k->name);
          continue;
        }
      printf ("poly1305 %-16s 16384 bytes: %6.3f cycles/byte\n", k->name,
              time_mac (k, buf, sizeof buf) * cpn / sizeof buf);
    }
}

int
main (int argc, char **argv)
{
  size_t i;
  int argi;

  argi = t_init ("t-poly1305-kernels", argc, argv);
  t_rnd_seed (0x706f6c7931333035ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-poly1305-kernels: gcry_check_version failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  table = _gcry_poly1305_kernel_table;
  count = _gcry_poly1305_kernel_count;

  if (argi < argc && !strcmp (argv[argi], "--bench"))
    {
      bench ();
      return 0;
    }

  t_check (count >= 1 && table[count - 1].hwf == 0
           && !strcmp (table[count - 1].name, "portable"),
           "portable kernel last");

  for (i = 0; i < count; i++)
    {
      const poly1305_kernel_t *k = &table[i];

      if (!t_variant_runs (k->name, hwf, k->hwf & ~POLICY_BITS))
        continue;
      check_rfc (k);
      check_lengths (k, -1, -1, 1, "random keys and messages");
      check_lengths (k, 0xff, 0xff, 1, "all-ones key and messages");
      check_lengths (k, 0xff, -1, 1, "all-ones key, random messages");
      check_lengths (k, -1, -1, 0, "random, no table forced");
      check_splits (k);
      check_edges (k);
#ifdef POLY1305_LIMBS64
      if (i + 1 < count)
        check_direct (k);
#endif
    }
#ifdef POLY1305_X86_KERNELS
  if (t_under_valgrind ())
    t_skip ("assembly ABI trampoline (memcheck reports its red-zone and "
            "stack read-back)");
  else
    check_asm_abi ();
#endif
  if (count == 1)
    t_skip ("no vector kernels in this build");
  return t_finish ();
}
