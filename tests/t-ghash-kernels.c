/* t-ghash-kernels.c - white-box test of the GHASH/POLYVAL kernel table
 * (cipher/ghash.c): every kernel the CPU runs against the portable one.
 *
 * Per kernel (those the CPU, the OS or --disable-hwf rule out print SKIP
 * with the missing feature; the zmm policy does not rule a kernel out
 * here, only its selection):
 *  - the known answers: RFC 8452 appendix A's POLYVAL example and the
 *    GHASH of SP 800-38D's test case 2 (the spec's GCM paper, tag xor
 *    E(K, Y0));
 *  - random keys and starting states, every length 0..300 blocks, both
 *    hashes, against the portable kernel; the key memory is filled with
 *    garbage before setkey, so a kernel reading a power its setkey did
 *    not write fails;
 *  - the same with the data flush against inaccessible pages on either
 *    side (misaligned by construction for odd lengths) and the key right
 *    after one: a read outside the buffer faults;
 *  - one message cut into random pieces equals the one-shot hash;
 *  - one key through calls of growing and shrinking lengths, against
 *    the portable kernel: the powers of H are computed on demand, a
 *    few more at each call that needs them (ghash.h), and every step of
 *    that extension must leave the key right;
 *  - the assembly entry points through the trampoline of t-abi-x86.h:
 *    callee-saved registers, stack pointer, upper vector state clean;
 *  - selection: without HWF_X86_ZMM no zmm kernel is chosen.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ghash.h"
#ifdef HAVE_AMD64_ASM
# include <sys/mman.h>
# include <unistd.h>
# include <cpuid.h>
#endif

#include "t-common.h"
#include "t-util.h"
#ifdef HAVE_AMD64_ASM
# include "t-abi-x86.h"
#endif

#define MAX_BLOCKS 300
#define BUF_BYTES (MAX_BLOCKS * GHASH_BLOCKSIZE)

static const ghash_kernel_t *portable;

typedef void (*update_fn_t) (const ghash_key_t *, byte *, const byte *,
                             size_t);

/* Set KEY for GHASH (POLYVAL nonzero: for POLYVAL) on KERN after
   filling it with garbage.  */
static void
set_key (ghash_key_t *key, const byte h[16], const ghash_kernel_t *kern,
         int polyval)
{
  t_rnd_bytes (key, sizeof *key);
  if (polyval)
    _gcry_polyval_setkey (key, h, kern);
  else
    _gcry_ghash_setkey (key, h, kern);
}

static update_fn_t
update_fn (const ghash_kernel_t *kern, int polyval)
{
  return polyval ? kern->polyval : kern->ghash;
}

static void
check_known_answers (const ghash_kernel_t *kern)
{
  /* RFC 8452, appendix A.  */
  static const char pv_h[] = "25629347589242761d31f826ba4b757b";
  static const char pv_x[] = "4f4f95668c83dfb6401762bb2d01a262"
                             "d1a24ddd2721d006bbe45f20d3c9f362";
  static const char pv_want[] = "f7a3b47b846119fae5b7866cf5e5b77e";
  /* SP 800-38D test case 2: H = E(0^128, 0^128), one ciphertext block,
     the length block; GHASH = T ^ E(K, Y0).  */
  static const char gh_h[] = "66e94bd4ef8a2c3b884cfa59ca342b2e";
  static const char gh_x[] = "0388dace60b6a392f328c2b971b2fe78"
                             "00000000000000000000000000000080";
  static const char gh_want[] = "f38cbb1ad69223dcc3457ae5b6b0f885";
  ghash_key_t key;
  byte h[16], x[32], want[16], acc[16];
  int polyval;

  for (polyval = 0; polyval < 2; polyval++)
    {
      t_unhex (polyval ? pv_h : gh_h, h, sizeof h);
      t_unhex (polyval ? pv_x : gh_x, x, sizeof x);
      t_unhex (polyval ? pv_want : gh_want, want, sizeof want);
      set_key (&key, h, kern, polyval);
      memset (acc, 0, sizeof acc);
      update_fn (kern, polyval) (&key, acc, x, 2);
      t_check_mem (acc, want, 16, "%s: %s known answer", kern->name,
                   polyval ? "RFC 8452 POLYVAL" : "SP 800-38D GHASH");
    }
  wipememory (&key, sizeof key);
}

/* Every length 0..MAX_BLOCKS at DATA, fresh random key and state each,
   against the portable kernel.  */
static void
check_lengths (const ghash_kernel_t *kern, ghash_key_t *key, byte *data,
               const char *where)
{
  ghash_key_t ref_key;
  byte h[16], acc0[16], acc[16], want[16];
  size_t n;
  int polyval, bad;

  for (polyval = 0; polyval < 2; polyval++)
    {
      bad = 0;
      for (n = 0; n <= MAX_BLOCKS; n++)
        {
          t_rnd_bytes (h, sizeof h);
          t_rnd_bytes (acc0, sizeof acc0);
          set_key (key, h, kern, polyval);
          set_key (&ref_key, h, portable, polyval);
          memcpy (acc, acc0, 16);
          memcpy (want, acc0, 16);
          update_fn (kern, polyval) (key, acc, data, n);
          update_fn (portable, polyval) (&ref_key, want, data, n);
          if (memcmp (acc, want, 16))
            {
              if (!bad++)
                t_check (0, "%s %s %s: %zu blocks differ from portable",
                         kern->name, polyval ? "polyval" : "ghash", where,
                         n);
            }
        }
      t_check (!bad, "%s %s %s: lengths 0..%d (%d wrong)", kern->name,
               polyval ? "polyval" : "ghash", where, MAX_BLOCKS, bad);
    }
  wipememory (&ref_key, sizeof ref_key);
}

/* One message in random pieces equals the one-shot hash.  */
static void
check_splits (const ghash_kernel_t *kern, const byte *data)
{
  ghash_key_t key;
  byte h[16], acc0[16], acc[16], want[16];
  size_t n, off, piece;
  int polyval, round, bad;

  for (polyval = 0; polyval < 2; polyval++)
    {
      bad = 0;
      for (round = 0; round < 200; round++)
        {
          t_rnd_bytes (h, sizeof h);
          t_rnd_bytes (acc0, sizeof acc0);
          set_key (&key, h, kern, polyval);
          n = t_rnd (MAX_BLOCKS + 1);
          memcpy (want, acc0, 16);
          update_fn (kern, polyval) (&key, want, data, n);
          memcpy (acc, acc0, 16);
          for (off = 0; off < n; off += piece)
            {
              piece = 1 + t_rnd (round % 2 ? 40 : n - off);
              if (piece > n - off)
                piece = n - off;
              update_fn (kern, polyval) (&key, acc,
                                         data + off * GHASH_BLOCKSIZE, piece);
            }
          bad += !!memcmp (acc, want, 16);
        }
      t_check (!bad, "%s %s: 200 random splits (%d wrong)", kern->name,
               polyval ? "polyval" : "ghash", bad);
    }
  wipememory (&key, sizeof key);
}

/* One key (fresh, garbage under it) through a sequence of call lengths
   that makes the powers grow a step at a time, jump from H^1 to the
   whole batch, and go back to short calls; the state carried across
   calls, compared with the portable kernel after each one.  */
static void
check_growing (const ghash_kernel_t *kern, const byte *data)
{
  static const size_t seq_steps[] = { 0, 1, 2, 1, 3, 4, 5, 8, 7, 9, 16, 15,
                                      17, 31, 32, 33, 64, 1, 300, 2 };
  static const size_t seq_jump[] = { 300, 1, 33, 5 };
  static const struct
  {
    const size_t *lens;
    size_t n;
    const char *name;
  } seqs[] =
    {
      { seq_steps, DIM (seq_steps), "step by step" },
      { seq_jump, DIM (seq_jump), "all at once" },
    };
  ghash_key_t key, ref_key;
  byte h[16], acc[16], want[16];
  size_t si, i;
  int polyval, bad;

  for (polyval = 0; polyval < 2; polyval++)
    for (si = 0; si < DIM (seqs); si++)
      {
        bad = 0;
        t_rnd_bytes (h, sizeof h);
        t_rnd_bytes (acc, sizeof acc);
        memcpy (want, acc, 16);
        set_key (&key, h, kern, polyval);
        set_key (&ref_key, h, portable, polyval);
        for (i = 0; i < seqs[si].n; i++)
          {
            update_fn (kern, polyval) (&key, acc, data, seqs[si].lens[i]);
            update_fn (portable, polyval) (&ref_key, want, data,
                                           seqs[si].lens[i]);
            bad += !!memcmp (acc, want, 16);
          }
        t_check (!bad, "%s %s: one key, growing calls (%s): %d of %zu "
                 "wrong", kern->name, polyval ? "polyval" : "ghash",
                 seqs[si].name, bad, seqs[si].n);
      }
  wipememory (&key, sizeof key);
  wipememory (&ref_key, sizeof ref_key);
}

#ifdef HAVE_AMD64_ASM
/* Data against inaccessible pages on both sides, and the key right
   after one.  */
static void
check_guard_pages (const ghash_kernel_t *kern, const byte *data)
{
  t_guard_t gdata, gkey;
  ghash_key_t *key;

  if (t_guard_map (&gdata, BUF_BYTES) || t_guard_map (&gkey, sizeof *key))
    {
      t_guard_unmap (&gdata);
      t_skip ("%s: guard pages: mmap refused", kern->name);
      return;
    }
  key = (ghash_key_t *) gkey.lo;
  memcpy (gdata.lo, data, BUF_BYTES);
  check_lengths (kern, key, gdata.lo, "data after a guard page");
  /* Each length ends at the page: blocks from the end of the span.  */
  {
    ghash_key_t ref_key;
    byte h[16], acc[16], want[16];
    size_t n;
    int polyval, bad;

    memcpy (gdata.hi, data, BUF_BYTES);
    key = (ghash_key_t *) (gkey.hi);
    for (polyval = 0; polyval < 2; polyval++)
      {
        bad = 0;
        for (n = 0; n <= MAX_BLOCKS; n++)
          {
            const byte *p = gdata.hi + BUF_BYTES - n * GHASH_BLOCKSIZE;

            t_rnd_bytes (h, sizeof h);
            t_rnd_bytes (acc, sizeof acc);
            memcpy (want, acc, 16);
            set_key (key, h, kern, polyval);
            set_key (&ref_key, h, portable, polyval);
            update_fn (kern, polyval) (key, acc, p, n);
            update_fn (portable, polyval) (&ref_key, want, p, n);
            bad += !!memcmp (acc, want, 16);
          }
        t_check (!bad, "%s %s: data before a guard page, lengths 0..%d "
                 "(%d wrong)", kern->name, polyval ? "polyval" : "ghash",
                 MAX_BLOCKS, bad);
      }
  }
  t_guard_unmap (&gdata);
  t_guard_unmap (&gkey);
}

/* The entry points through the ABI trampoline.  */
static void
check_abi (const ghash_kernel_t *kern, const byte *data, int check_xinuse)
{
  static const size_t lens[] = { 0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 100,
                                 300 };
  ghash_key_t key, ref_key;
  byte h[16], acc[16], want[16];
  size_t li, r;
  int polyval;

  t_rnd_bytes (h, sizeof h);
  for (polyval = 0; polyval < 2; polyval++)
    for (li = 0; li < DIM (lens); li++)
      {
        abi_call_t call;
        char bad[80] = "";

        set_key (&key, h, kern, polyval);
        set_key (&ref_key, h, portable, polyval);
        t_rnd_bytes (acc, sizeof acc);
        memcpy (want, acc, 16);
        update_fn (portable, polyval) (&ref_key, want, data, lens[li]);
        memset (&call, 0, sizeof call);
        call.fn = (void *) update_fn (kern, polyval);
        call.arg[0] = (u64) (uintptr_t) &key;
        call.arg[1] = (u64) (uintptr_t) acc;
        call.arg[2] = (u64) (uintptr_t) data;
        call.arg[3] = lens[li];
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        for (r = 0; r < DIM (abi_reg_names); r++)
          if (call.bad & (1u << r))
            {
              strcat (bad, " ");
              strcat (bad, abi_reg_names[r]);
            }
        t_check (!call.bad && !memcmp (acc, want, 16),
                 "%s %s via trampoline, %zu blocks: callee-saved "
                 "registers%s%s, result %s", kern->name,
                 polyval ? "polyval" : "ghash", lens[li],
                 call.bad ? " clobbered:" : " kept", bad,
                 memcmp (acc, want, 16) ? "WRONG" : "ok");
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s %s via trampoline, %zu blocks: upper vector state "
                   "%s", kern->name, polyval ? "polyval" : "ghash",
                   lens[li], (call.xinuse_after & XINUSE_UPPER)
                   ? "left dirty" : "clean");
      }
  wipememory (&key, sizeof key);
  wipememory (&ref_key, sizeof ref_key);
}
#endif /* HAVE_AMD64_ASM */

/* The name of a feature KERN needs and HWF lacks.  */
static const char *
missing_feature (unsigned int need)
{
  return (need & HWF_INTEL_PCLMUL) ? "intel-pclmul"
    : (need & HWF_INTEL_SSE4_1) ? "intel-sse4.1"
    : (need & HWF_INTEL_VAES_VPCLMUL) ? "intel-vaes-vpclmul"
    : (need & HWF_INTEL_AVX2) ? "intel-avx2"
    : (need & HWF_INTEL_AVX512) ? "intel-avx512"
    : (need & HWF_INTEL_BMI2) ? "intel-bmi2" : "a feature";
}

int
main (int argc, char **argv)
{
  const ghash_kernel_t *kern;
  unsigned int hwf;
  int ntested = 0, check_xinuse = 0;
  byte *data;
  ghash_key_t key;

  t_init ("t-ghash-kernels", argc, argv);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-ghash-kernels: library initialisation failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  for (kern = _gcry_ghash_kernels; kern->name; kern++)
    if (!strcmp (kern->name, "portable"))
      portable = kern;
  if (!portable)
    {
      t_check (0, "the kernel table has a portable entry");
      return t_finish ();
    }
  data = malloc (BUF_BYTES + 1);
  if (!data)
    return 2;
  t_rnd_bytes (data, BUF_BYTES + 1);

#ifdef HAVE_AMD64_ASM
  check_xinuse = xinuse_usable ();
  if (!check_xinuse)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");
#endif

  /* Selection honours the zmm policy.  */
  t_check (!_gcry_ghash_select_kernel (hwf & ~HWF_X86_ZMM)->uses_zmm,
           "without x86-zmm no zmm kernel is selected");
  t_check (_gcry_ghash_select_kernel (0) == portable,
           "without features the portable kernel is selected");

  for (kern = _gcry_ghash_kernels; kern->name; kern++)
    {
      if ((hwf & kern->hwf) != kern->hwf)
        {
          t_skip ("%s: CPU (or OS, or --disable-hwf) lacks %s", kern->name,
                  missing_feature (kern->hwf & ~hwf));
          continue;
        }
      ntested++;
      check_known_answers (kern);
      if (kern == portable)
        continue;
#ifdef HAVE_AMD64_ASM
      check_abi (kern, data, check_xinuse);
#endif
      check_lengths (kern, &key, data, "aligned");
      check_lengths (kern, &key, data + 1, "misaligned");
      check_splits (kern, data);
      check_growing (kern, data);
#ifdef HAVE_AMD64_ASM
      check_guard_pages (kern, data);
#endif
    }
  t_check (ntested > 0, "at least the portable kernel ran");
  wipememory (&key, sizeof key);
  free (data);
  return t_finish ();
}
