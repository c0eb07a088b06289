/* t-poly1305-kernels.c - white-box test of the Poly1305 blocks kernels.
 *
 * Links the internal convenience library and walks the kernel table of
 * cipher/poly1305.c.  The last entry is the portable code, the
 * reference; it is checked against the RFC 8439 (2.5.2) example.  Every
 * other entry the CPU can run is checked, by forcing it onto a context
 * after _gcry_poly1305_init:
 *
 *  - the RFC 8439 example;
 *  - against the portable kernel, one random key per length, every
 *    message length 0..2000 in one update;
 *  - the same with the largest limbs: all-ones clamped r, all-0xff
 *    messages (the carry bounds of a radix-2^44 kernel are tightest
 *    there);
 *  - random splits of a message across updates (short updates reach
 *    the portable code, long ones the vector code, on one accumulator);
 *  - the kernel's blocks function called directly through the
 *    t-kernel-variants.h trampoline for 0..48 blocks: same accumulator
 *    as the portable kernel, callee-saved registers kept, ymm0-15 left
 *    clear, guard bytes after the message untouched.
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
#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"

#define MAX_LEN 2000
#define GUARD 0xd7
#define GUARD_LEN 64

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define HAVE_TRAMPOLINE 1
#endif

static unsigned int hwf;
static const poly1305_kernel_t *table;
static size_t count;

/* RFC 8439, section 2.5.2.  */
static const byte rfc_key[32] =
  {
    0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33,
    0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06, 0xa8,
    0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd,
    0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b
  };
static const char rfc_msg[] = "Cryptographic Forum Research Group";
static const byte rfc_tag[16] =
  {
    0xa8, 0x06, 0x1d, 0xc1, 0x30, 0x51, 0x36, 0xc6,
    0xc2, 0x2b, 0x8b, 0xaf, 0x0c, 0x01, 0x27, 0xa9
  };

static const poly1305_kernel_t *
portable (void)
{
  return &table[count - 1];
}

/* The tag of MSG (LEN bytes) under KEY with kernel K, in one update or,
   with SPLITS, in random pieces.  */
static void
mac_with (const poly1305_kernel_t *k, const byte *key, const byte *msg,
          size_t len, int splits, byte *tag)
{
  poly1305_context_t ctx;
  size_t off = 0, n;

  _gcry_poly1305_init (&ctx, key);
  ctx.kernel = k;
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
  byte tag[16];

  mac_with (k, rfc_key, (const byte *) rfc_msg, strlen (rfc_msg), 0, tag);
  t_check (!memcmp (tag, rfc_tag, 16), "%s: RFC 8439 2.5.2 example",
           k->name);
}

/* Every length 0..MAX_LEN against portable; KEY_FILL / MSG_FILL < 0 for
   random bytes, else that byte everywhere.  */
static void
check_lengths (const poly1305_kernel_t *k, int key_fill, int msg_fill,
               const char *what)
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
      mac_with (k, key, msg, len, 0, tag_k);
      mac_with (portable (), key, msg, len, 0, tag_r);
      if (memcmp (tag_k, tag_r, 16))
        {
          if (!bad)
            first_bad = len;
          bad++;
        }
    }
  t_check (!bad, "%s: %s, lengths 0..%d: %zu differ from portable "
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
      mac_with (k, key, msg, len, 1, tag_k);
      mac_with (portable (), key, msg, len, 0, tag_r);
      bad += !!memcmp (tag_k, tag_r, 16);
    }
  t_check (!bad, "%s: 300 random splits: %d differ from portable",
           k->name, bad);
}

/* The blocks function alone on N blocks, through the trampoline.  */
static void
check_direct (const poly1305_kernel_t *k)
{
  static byte buf[48 * 16 + GUARD_LEN];
  poly1305_context_t ck, cr;
  byte key[32];
  size_t n, i;
  unsigned int abi;
  int same, guards;

  for (n = 0; n <= 48; n++)
    {
      t_rnd_bytes (key, sizeof key);
      _gcry_poly1305_init (&ck, key);
      _gcry_poly1305_init (&cr, key);
      /* A nonzero starting accumulator: absorb one block first.  */
      t_rnd_bytes (buf, 16);
      _gcry_poly1305_update (&cr, buf, 16);
      _gcry_poly1305_update (&ck, buf, 16);

      memset (buf, GUARD, sizeof buf);
      t_rnd_bytes (buf, n * 16);
      portable ()->blocks (&cr, buf, n);
#ifdef HAVE_TRAMPOLINE
      abi = t_wipe_call ((const void *) k->blocks, &ck, buf, n, 0,
                         !!(hwf & HWF_INTEL_AVX));
#else
      k->blocks (&ck, buf, n);
      abi = 0;
#endif
      /* h is only partly reduced, and kernels may leave different
         representatives of the same residue: compare the tags.  */
      {
        byte tk[16], tr[16];

        _gcry_poly1305_final (&ck, tk);
        _gcry_poly1305_final (&cr, tr);
        same = !memcmp (tk, tr, 16);
      }
      guards = 1;
      for (i = 0; i < GUARD_LEN; i++)
        if (buf[n * 16 + i] != GUARD)
          guards = 0;
      t_check (same && guards && !(abi & 1) && !(abi & 2),
               "%s: blocks (%zu) direct: %s%s%s%s", k->name, n,
               same ? "" : "differs from portable; ",
               guards ? "" : "guard bytes changed; ",
               (abi & 1) ? "callee-saved register clobbered; " : "",
               (abi & 2) ? "vector registers not cleared" : "");
    }
}

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
        mac_with (k, key, buf, len, 0, tag);
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
          printf ("poly1305 %-12s: not runnable\n", k->name);
          continue;
        }
      printf ("poly1305 %-12s 16384 bytes: %6.3f cycles/byte\n", k->name,
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
  check_rfc (portable ());

  for (i = 0; i + 1 < count; i++)
    {
      const poly1305_kernel_t *k = &table[i];

      if (!t_variant_runs (k->name, hwf, k->hwf & ~POLICY_BITS))
        continue;
      check_rfc (k);
      check_lengths (k, -1, -1, "random keys and messages");
      check_lengths (k, 0xff, 0xff, "all-ones key and messages");
      check_splits (k);
      check_direct (k);
    }
  if (count == 1)
    t_skip ("no vector kernels in this build");
  return t_finish ();
}
