/* t-crc-kernels.c - white-box test of the CRC32/CRC24 kernels.
 *
 * Links the internal convenience library and walks the kernel table of
 * cipher/crc.c.  Its last entry, the portable table code, is the
 * reference; it is itself checked against a bit-at-a-time CRC written
 * here from the polynomials and against the "123456789" check values
 * (CRC32 0xCBF43926, CRC24/OpenPGP 0x21CF02).  Every other entry the
 * CPU can run is checked against it:
 *
 *  - every length 0..2100 and 64 KiB, at every alignment 0..15, from a
 *    random register, for CRC32 and CRC24;
 *  - input ending right before an unmapped page (no over-read), for
 *    lengths around every threshold;
 *  - random splits of a 64 KiB + 37 byte message across calls give the
 *    same register as one call.
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP
 * (HWF_X86_ZMM is a choice, not a capability: it does not stop the zmm
 * kernel from being tested).  With --bench it prints GB/s of every
 * runnable kernel at 64 KiB instead.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "crc-kernels.h"
#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"

#define MAX_LEN   2100
#define BIG_LEN   65536
#define SPLIT_LEN (BIG_LEN + 37)

/* Features that choose between kernels rather than enable them: a
   kernel the policy passes over is still tested.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

static unsigned char *buf;      /* BIG_LEN + 64 random bytes.  */

/* Bit-at-a-time references, straight from the definitions.  */
static u32
ref_crc32 (u32 crc, const unsigned char *p, size_t len)
{
  int bit;

  for (; len; len--, p++)
    {
      crc ^= *p;
      for (bit = 0; bit < 8; bit++)
        crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    }
  return crc;
}

static u32
ref_crc24 (u32 crc, const unsigned char *p, size_t len)
{
  int bit;

  for (; len; len--, p++)
    {
      crc ^= (u32) *p << 24;
      for (bit = 0; bit < 8; bit++)
        crc = (crc << 1) ^ (0x864cfb00u & -(crc >> 31));
    }
  return crc;
}

static u32
rnd_reg (int is24)
{
  u32 r = (u32) t_rnd64 ();

  return is24 ? r & 0xffffff00u : r;
}

static crc_update_t
fn_of (const crc_kernel_t *k, int is24)
{
  return is24 ? k->crc24 : k->crc32;
}

static void
check_portable (const crc_kernel_t *k)
{
  static const unsigned char check[] = "123456789";
  size_t len, bad = 0, bad_len = 0;
  int is24;

  t_check ((k->crc32 (0xffffffffu, check, 9) ^ 0xffffffffu) == 0xcbf43926u,
           "portable CRC32 check value");
  t_check (k->crc24 (0xb704ceu << 8, check, 9) == (0x21cf02u << 8),
           "portable CRC24 check value");
  for (is24 = 0; is24 < 2; is24++)
    {
      for (len = 0; len <= 300; len++)
        {
          u32 r = rnd_reg (is24);
          u32 want = is24 ? ref_crc24 (r, buf + len % 7, len)
                          : ref_crc32 (r, buf + len % 7, len);

          if (fn_of (k, is24) (r, buf + len % 7, len) != want && !bad++)
            bad_len = len;
        }
      t_check (!bad, "portable %s vs bitwise reference (first bad length %zu)",
               is24 ? "crc24" : "crc32", bad_len);
    }
}

static void
check_lengths (const crc_kernel_t *k, const crc_kernel_t *ref, int is24)
{
  crc_update_t f = fn_of (k, is24), g = fn_of (ref, is24);
  size_t len, align, bad = 0, bad_len = 0, bad_align = 0, n = 0;

  for (len = 0; len <= MAX_LEN + 1; len++)
    {
      size_t l = len <= MAX_LEN ? len : BIG_LEN;

      for (align = 0; align < 16; align++, n++)
        {
          u32 r = rnd_reg (is24);

          if (f (r, buf + align, l) != g (r, buf + align, l) && !bad++)
            {
              bad_len = l;
              bad_align = align;
            }
        }
    }
  t_check (!bad, "%s %s: %zu of %zu lengths/alignments differ "
           "(first: length %zu, alignment %zu)", k->name,
           is24 ? "crc24" : "crc32", bad, n, bad_len, bad_align);
}

/* Input ending at an unmapped page: an over-read faults.  */
static void
check_guarded (const crc_kernel_t *k, const crc_kernel_t *ref, int is24)
{
  static const size_t lens[] =
    { 0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 127, 128, 129,
      143, 144, 255, 256, 257, 1000, 4095, 4096, 4097 };
  crc_update_t f = fn_of (k, is24), g = fn_of (ref, is24);
  t_guard_t gd;
  size_t i, bad = 0;

  if (t_guard_map (&gd, 4097))
    {
      t_skip ("%s: cannot map guard pages", k->name);
      return;
    }
  memcpy (gd.hi, buf, 4097);
  for (i = 0; i < DIM (lens); i++)
    {
      const unsigned char *p = gd.hi + 4097 - lens[i];
      u32 r = rnd_reg (is24);

      bad += f (r, p, lens[i]) != g (r, p, lens[i]);
    }
  t_check (!bad, "%s %s: input ending at a guard page", k->name,
           is24 ? "crc24" : "crc32");
  t_guard_unmap (&gd);
}

static void
check_splits (const crc_kernel_t *k, const crc_kernel_t *ref, int is24)
{
  crc_update_t f = fn_of (k, is24), g = fn_of (ref, is24);
  int trial, bad = 0;

  for (trial = 0; trial < 40; trial++)
    {
      u32 r0 = rnd_reg (is24), r = r0;
      size_t off = 0, piece;

      while (off < SPLIT_LEN)
        {
          /* Mostly short pieces, sometimes long ones.  */
          piece = (t_rnd (4) ? t_rnd (300) : t_rnd (9000));
          if (piece > SPLIT_LEN - off)
            piece = SPLIT_LEN - off;
          r = f (r, buf + off, piece);
          off += piece;
        }
      bad += r != g (r0, buf, SPLIT_LEN);
    }
  t_check (!bad, "%s %s: random splits across calls (%d of 40 differ)",
           k->name, is24 ? "crc24" : "crc32", bad);
}

/* Best of five runs: the machine is shared.  */
static double
gbps (crc_update_t f)
{
  double t0, t1, best = 0;
  int i, run, reps = 4000;
  volatile u32 sink = 0;

  for (run = 0; run < 5; run++)
    {
      t0 = t_now_ns ();
      for (i = 0; i < reps; i++)
        sink ^= f (sink, buf, BIG_LEN);
      t1 = t_now_ns ();
      if ((double) BIG_LEN * reps / (t1 - t0) > best)
        best = (double) BIG_LEN * reps / (t1 - t0);
    }
  return best;
}

int
main (int argc, char **argv)
{
  const crc_kernel_t *table, *ref;
  size_t n, i;
  unsigned int hwf;
  int argi, do_bench = 0, is24;

  argi = t_init ("t-crc-kernels", argc, argv);
  t_rnd_seed (0x2545f4914f6cdd1dULL);
  if (argi < argc && !strcmp (argv[argi], "--bench"))
    do_bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-crc-kernels: gcry_check_version failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  table = _gcry_crc_kernel_table;
  n = _gcry_crc_kernel_count;
  ref = &table[n - 1];

  buf = malloc (SPLIT_LEN + 64);
  if (!buf)
    return 2;
  t_rnd_bytes (buf, SPLIT_LEN + 64);

  if (do_bench)
    {
      for (i = 0; i < n; i++)
        if (!t_hwf_lacking (hwf, table[i].hwf & ~POLICY_BITS))
          printf ("%-10s crc32 %6.2f GB/s  crc24 %6.2f GB/s (64 KiB)\n",
                  table[i].name, gbps (table[i].crc32),
                  gbps (table[i].crc24));
      free (buf);
      return 0;
    }

  t_check (n >= 1 && ref->hwf == 0 && !strcmp (ref->name, "portable"),
           "the table ends with the portable kernel");
  check_portable (ref);
  for (i = 0; i + 1 < n; i++)
    {
      if (!t_variant_runs (table[i].name, hwf, table[i].hwf & ~POLICY_BITS))
        continue;
      for (is24 = 0; is24 < 2; is24++)
        {
          check_lengths (&table[i], ref, is24);
          check_guarded (&table[i], ref, is24);
          check_splits (&table[i], ref, is24);
        }
    }
  free (buf);
  return t_finish ();
}
