/* t-kernels.c - white-box test of the x86-64 AES-CTR/XCTR kernels.
 *
 * Every variant of cipher/aes-ctr-x86_64.S the CPU can run (as the
 * library's own feature detection says: CPUID and the OS-enabled register
 * state) is compared, through its glue functions (the bulk-operations
 * slots), with a reference built from the portable AES applied block by
 * block to explicitly computed counter blocks.  Variants the CPU cannot
 * run are reported as SKIP with the missing feature.
 *
 * Per variant, for CTR and XCTR:
 *  - every length 0..1100, all three key sizes, misaligned buffers,
 *    guard bytes around the output and around KS_TAIL, out-of-place and
 *    in place, checking the output, the counter/index update and the
 *    KS_TAIL rule (full keystream block of a final partial block; not
 *    written otherwise);
 *  - lengths around every multiple of the main-loop width (8 vectors)
 *    up to 64 KiB;
 *  - one stream split at random into consecutive calls, consuming
 *    KS_TAIL as the mode code does;
 *  - counters whose low 32, 64 and all 128 bits carry inside a call, and
 *    XCTR indexes > 1 and across 2^64;
 *  - every length 0..1100 with input and output placed against
 *    inaccessible pages, before and after (a stray read or write
 *    crashes the test);
 *  - the assembly entry points called through a trampoline that checks
 *    the callee-saved registers, the stack pointer, the upper vector
 *    state (vzeroupper) and the wipe of the red-zone bounce buffer.
 *
 * With --bench, also times each variant against the interim AES-NI
 * intrinsics CTR on 16 KiB and 1420-byte messages (not a test).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-portable.h"
#ifdef HAVE_AMD64_ASM
# include "cipher-internal.h"
# include "aes-aesni.h"
# include "aes-x86-kernels.h"
# include <unistd.h>
# include <cpuid.h>
# include <x86intrin.h>
#endif

#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"

#ifndef HAVE_AMD64_ASM
T_KERNELS_ABSENT_MAIN ("t-kernels")
#else /* HAVE_AMD64_ASM */

#define MAX_SHORT 1100          /* every length up to this */
#define MAX_LONG (64 * 1024)    /* lengths near main-loop multiples */
#define BUF_SIZE (72 * 1024)    /* longest message of any check */
#define SLACK 64                /* misalignment room and guards */
#define GUARD 0xd7
#define KS_SENTINEL 0xa5

/* One key in both layouts: the kernels' and the reference's.  */
typedef struct test_key
{
  aes_hw_key_t hw;
  aes_portable_key_t portable;
  size_t keylen;
} test_key_t;

/* The stream state the slots update: CTR's counter block or XCTR's IV
   and index, in the xctr_crypt slot's layout (CTR uses S.IV alone).  */
typedef struct stream
{
  int xctr;
  cipher_xctr_state_t s;        /* IV: CTR counter (BE) or XCTR IV;
                                   INDEX: XCTR only */
} stream_t;

static const aes_x86_ctr_kernel_t *kern;   /* the variant under test */
static unsigned int vec_bytes;             /* its vector length */

static void
set_key (test_key_t *k, size_t keylen)
{
  byte key[32];

  t_rnd_bytes (key, keylen);
  _gcry_aes_aesni_setkey (&k->hw, key, keylen);
  _gcry_aes_portable_setkey (&k->portable, key, keylen);
  k->keylen = keylen;
}

/* BLOCK += N as a 128-bit big-endian integer.  */
static void
be128_add (byte *block, u64 n)
{
  int i;
  unsigned int carry;
  u64 sum;

  /* Low 64 bits.  */
  sum = 0;
  for (i = 8; i < 16; i++)
    sum = (sum << 8) | block[i];
  sum += n;
  carry = sum < n;
  for (i = 15; i >= 8; i--, sum >>= 8)
    block[i] = (byte) sum;
  for (i = 7; i >= 0 && carry; i--)
    {
      block[i]++;
      carry = block[i] == 0;
    }
}

static void
stream_advance (stream_t *st, u64 nblocks)
{
  if (st->xctr)
    st->s.index += nblocks;
  else
    be128_add (st->s.iv, nblocks);
}

/* The reference: NBLOCKS keystream blocks from state ST, built block by
   block from the definitions and encrypted with the portable AES.  The
   XCTR index is a 128-bit sum: INDEX_HIGH carries in.  */
static void
ref_keystream (const test_key_t *k, const stream_t *st, size_t nblocks,
               byte *ks)
{
  byte ctr[16];
  u64 idx = st->s.index, idx_high = 0;
  size_t j;
  int b;

  memcpy (ctr, st->s.iv, 16);
  for (j = 0; j < nblocks; j++)
    {
      if (st->xctr)
        {
          memcpy (ks + 16 * j, st->s.iv, 16);
          for (b = 0; b < 8; b++)
            {
              ks[16 * j + b] ^= (byte) (idx >> (8 * b));
              ks[16 * j + 8 + b] ^= (byte) (idx_high >> (8 * b));
            }
          idx++;
          idx_high += idx == 0;
        }
      else
        {
          memcpy (ks + 16 * j, ctr, 16);
          be128_add (ctr, 1);
        }
    }
  _gcry_aes_portable_encrypt (&k->portable, ks, ks, nblocks);
}

/* One call of the slot under test.  */
static void
slot_call (const test_key_t *k, stream_t *st, byte *out, const byte *in,
           size_t n, byte *ks_tail)
{
  if (st->xctr)
    kern->xctr_crypt ((void *) &k->hw, &st->s, out, in, n, ks_tail);
  else
    kern->ctr_crypt ((void *) &k->hw, st->s.iv, out, in, n, ks_tail);
}

static void
random_stream (stream_t *st, int xctr)
{
  st->xctr = xctr;
  t_rnd_bytes (st->s.iv, 16);
  st->s.index = 0;              /* compared after every call, CTR too */
  if (xctr)
    st->s.index = 1 + (t_rnd64 () >> 40);
  else
    st->s.iv[8] &= 0x7f;        /* low 64 bits far from wrapping */
}

static const char *
mode_name (const stream_t *st)
{
  return st->xctr ? "XCTR" : "CTR";
}

/* Buffers shared by the checks.  */
static byte *src_buf;           /* BUF_SIZE + 2 * SLACK random bytes */
static byte *out_arena;         /* BUF_SIZE + 3 * SLACK */
static byte *ref_ks;            /* keystream for BUF_SIZE bytes */

/* Call the slot once on N bytes at the given misalignments (IN_PLACE:
   OUT == IN) and check everything the contract promises.  KS is the
   reference keystream from ST's state.  Returns nonzero on success.  */
static int
check_one_call (const test_key_t *k, const stream_t *st0, const byte *ks,
                size_t n, unsigned int in_off, unsigned int out_off,
                int in_place, const char *what)
{
  stream_t st = *st0, want_st = *st0;
  byte tail_area[16 + 2 * 16];
  byte *ks_tail = tail_area + 16;
  const byte *in = src_buf + in_off;
  byte *out = out_arena + SLACK + out_off;
  size_t i, nblocks = n / 16 + (n % 16 != 0);
  int ok_out = 1, ok_guard = 1, ok_tail = 1, ok_state;

  memset (out_arena, GUARD, SLACK + out_off);
  memset (out + n, GUARD, 2 * SLACK - out_off);
  if (in_place)
    {
      memcpy (out, in, n);
      in = out;
    }
  else
    memset (out, 0, n);
  memset (tail_area, GUARD, sizeof tail_area);
  memset (ks_tail, KS_SENTINEL, 16);

  slot_call (k, &st, out, in, n, ks_tail);

  for (i = 0; i < n && ok_out; i++)
    ok_out = out[i] == (byte) (src_buf[in_off + i] ^ ks[i]);
  for (i = 0; i < SLACK + out_off && ok_guard; i++)
    ok_guard = out_arena[i] == GUARD;
  for (i = 0; i < 2 * SLACK - out_off && ok_guard; i++)
    ok_guard = out[n + i] == GUARD;
  for (i = 0; i < 16 && ok_guard; i++)
    ok_guard = tail_area[i] == GUARD && tail_area[32 + i] == GUARD;
  if (n % 16)
    ok_tail = !memcmp (ks_tail, ks + 16 * (n / 16), 16);
  else
    for (i = 0; i < 16 && ok_tail; i++)
      ok_tail = ks_tail[i] == KS_SENTINEL;
  stream_advance (&want_st, nblocks);
  ok_state = !memcmp (st.s.iv, want_st.s.iv, 16)
    && st.s.index == want_st.s.index;

  return t_check (ok_out && ok_guard && ok_tail && ok_state,
                  "%s %s AES-%u %s n=%zu in+%u out+%u%s: output %s, "
                  "guards %s, ks_tail %s, counter %s",
                  kern->name, mode_name (st0), (unsigned int) k->keylen * 8,
                  what, n, in_off, out_off, in_place ? " in place" : "",
                  ok_out ? "ok" : "WRONG", ok_guard ? "ok" : "CLOBBERED",
                  ok_tail ? "ok" : "WRONG", ok_state ? "ok" : "WRONG");
}

/* Every length 0..MAX_SHORT, out of place and in place, all key sizes.  */
static void
check_all_short_lengths (int xctr)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  test_key_t k;
  stream_t st;
  size_t n;
  int ki;
  unsigned long failed_before = t_failed;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, keylens[ki]);
      random_stream (&st, xctr);
      ref_keystream (&k, &st, MAX_SHORT / 16 + 1, ref_ks);
      for (n = 0; n <= MAX_SHORT; n++)
        {
          /* Misalignments cycle independently; stop printing after a
             few failures.  */
          if (t_failed - failed_before > 8)
            return;
          check_one_call (&k, &st, ref_ks, n, n % 17, (n * 7) % 33, 0,
                          "short");
          check_one_call (&k, &st, ref_ks, n, 0, (n * 3) % 19, 1,
                          "short");
        }
    }
}

/* Lengths d away from every multiple of the main-loop width, up to
   MAX_LONG; the key size rotates with the multiple.  */
static void
check_loop_multiples (int xctr)
{
  static const int deltas[] = { -17, -16, -15, -1, 0, 1, 15, 16, 17 };
  static const size_t keylens[3] = { 16, 24, 32 };
  size_t width = 8 * vec_bytes, m, n;
  test_key_t keys[3];
  stream_t st[3];
  unsigned int di;
  int ki;
  unsigned long failed_before = t_failed;
  byte *ks[3];

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&keys[ki], keylens[ki]);
      random_stream (&st[ki], xctr);
      ks[ki] = malloc (BUF_SIZE);
      if (!ks[ki])
        exit (2);
      ref_keystream (&keys[ki], &st[ki], BUF_SIZE / 16, ks[ki]);
    }
  for (m = 1; m * width <= MAX_LONG; m++)
    for (di = 0; di < DIM (deltas); di++)
      {
        if (t_failed - failed_before > 8)
          goto out;
        ki = m % 3;
        n = m * width + deltas[di];
        check_one_call (&keys[ki], &st[ki], ks[ki], n, m % 5, di * 3,
                        (m + di) % 4 == 0, "loop-multiple");
      }
 out:
  for (ki = 0; ki < 3; ki++)
    free (ks[ki]);
}

/* One stream of TOTAL bytes split at random into consecutive calls, the
   unused keystream of a partial block carried over as the CTR/XCTR mode
   code does with KS_TAIL.  */
static void
check_random_splits (int xctr, size_t total, int rounds)
{
  test_key_t k;
  stream_t st0, st;
  byte *out, ks_tail[16];
  size_t pos, n, use, unused, i;
  int r, ok;

  out = malloc (total + 1);
  if (!out)
    exit (2);
  for (r = 0; r < rounds; r++)
    {
      set_key (&k, 16 + 8 * (r % 3));
      random_stream (&st0, xctr);
      ref_keystream (&k, &st0, total / 16 + 1, ref_ks);
      st = st0;
      unused = 0;
      if (r % 2)
        memcpy (out, src_buf, total);   /* in place on odd rounds */
      for (pos = 0; pos < total; pos += n)
        {
          /* Mostly short pieces, some zero, some long.  */
          switch (t_rnd64 () % 4)
            {
            case 0: n = t_rnd64 () % 17; break;
            case 1: n = t_rnd64 () % 70; break;
            case 2: n = t_rnd64 () % 600; break;
            default: n = t_rnd64 () % (16 * vec_bytes + 40); break;
            }
          if (n > total - pos)
            n = total - pos;
          use = n < unused ? n : unused;
          for (i = 0; i < use; i++)
            out[pos + i] = src_buf[pos + i] ^ ks_tail[16 - unused + i];
          unused -= use;
          if (n > use)
            {
              slot_call (&k, &st, out + pos + use,
                         (r % 2 ? out : src_buf) + pos + use, n - use,
                         ks_tail);
              if ((n - use) % 16)
                unused = 16 - (n - use) % 16;
            }
        }
      ok = 1;
      for (i = 0; i < total && ok; i++)
        ok = out[i] == (byte) (src_buf[i] ^ ref_ks[i]);
      stream_advance (&st0, total / 16 + (total % 16 != 0));
      t_check (ok && !memcmp (st.s.iv, st0.s.iv, 16)
               && st.s.index == st0.s.index,
               "%s %s random splits of %zu bytes%s (round %d)",
               kern->name, mode_name (&st0), total,
               r % 2 ? " in place" : "", r);
    }
  free (out);
}

static void
put_be64 (byte *p, u64 v)
{
  int i;

  for (i = 7; i >= 0; i--, v >>= 8)
    p[i] = (byte) v;
}

/* Counters that carry inside a call: CTR low 32 bits, low 64 bits (the
   glue splits the call), all 128 bits (wrap to zero); XCTR indexes
   just below 2^64 (the glue flips the IV for the part above), and small
   indexes > 1.  */
static void
check_carries (void)
{
  static const u64 backs[] = { 1, 2, 3, 5, 8, 17, 31, 32, 33, 100, 300 };
  static const size_t lens[] = { 1, 15, 16, 17, 100, 255, 256, 257, 600,
                                 1100, 4096 + 7 };
  test_key_t k;
  stream_t st;
  unsigned int bi, li, kind;
  int i;

  for (kind = 0; kind < 4; kind++)
    for (bi = 0; bi < DIM (backs); bi++)
      {
        set_key (&k, 16 + 8 * (bi % 3));
        st.xctr = kind == 3;
        t_rnd_bytes (st.s.iv, 16);
        st.s.index = 0;
        switch (kind)
          {
          case 0:               /* low 32 bits: 2^32 - back */
            st.s.iv[8] &= 0x7f;
            for (i = 0; i < 4; i++)
              st.s.iv[12 + i] = (byte) ((0u - (u32) backs[bi])
                                        >> (24 - 8 * i));
            break;
          case 1:               /* low 64 bits: 2^64 - back */
            put_be64 (st.s.iv + 8, -backs[bi]);
            break;
          case 2:               /* all 128 bits: 2^128 - back */
            memset (st.s.iv, 0xff, 8);
            put_be64 (st.s.iv + 8, -backs[bi]);
            break;
          default:              /* XCTR index near 2^64 */
            st.s.index = -backs[bi];
            break;
          }
        ref_keystream (&k, &st, 4096 / 16 + 2, ref_ks);
        for (li = 0; li < DIM (lens); li++)
          check_one_call (&k, &st, ref_ks, lens[li], li % 3, li % 5,
                          li % 2, kind == 0 ? "carry 2^32"
                          : kind == 1 ? "carry 2^64"
                          : kind == 2 ? "wrap 2^128" : "index near 2^64");
      }

  /* XCTR from small indexes > 1, as when a message continues.  */
  for (bi = 2; bi < 40; bi += 7)
    {
      set_key (&k, 32);
      st.xctr = 1;
      t_rnd_bytes (st.s.iv, 16);
      st.s.index = bi;
      ref_keystream (&k, &st, 200 / 16 + 1, ref_ks);
      check_one_call (&k, &st, ref_ks, 200 - bi, 0, 0, 0, "index > 1");
    }
}

/* A published answer, so that the comparisons above cannot pass with
   a reference that is wrong in the same way: SP 800-38A F.5.1
   (CTR-AES128.Encrypt), all four blocks and a 60-byte prefix.  */
static void
check_sp800_38a (void)
{
  static const byte key[16] =
    { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
      0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
  static const byte ctr0[16] =
    { 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
      0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff };
  static const byte pt[64] =
    { 0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
      0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
      0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
      0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
      0x30, 0xc8, 0x1c, 0x46, 0xa3, 0x5c, 0xe4, 0x11,
      0xe5, 0xfb, 0xc1, 0x19, 0x1a, 0x0a, 0x52, 0xef,
      0xf6, 0x9f, 0x24, 0x45, 0xdf, 0x4f, 0x9b, 0x17,
      0xad, 0x2b, 0x41, 0x7b, 0xe6, 0x6c, 0x37, 0x10 };
  static const byte ct[64] =
    { 0x87, 0x4d, 0x61, 0x91, 0xb6, 0x20, 0xe3, 0x26,
      0x1b, 0xef, 0x68, 0x64, 0x99, 0x0d, 0xb6, 0xce,
      0x98, 0x06, 0xf6, 0x6b, 0x79, 0x70, 0xfd, 0xff,
      0x86, 0x17, 0x18, 0x7b, 0xb9, 0xff, 0xfd, 0xff,
      0x5a, 0xe4, 0xdf, 0x3e, 0xdb, 0xd5, 0xd3, 0x5e,
      0x5b, 0x4f, 0x09, 0x02, 0x0d, 0xb0, 0x3e, 0xab,
      0x1e, 0x03, 0x1d, 0xda, 0x2f, 0xbe, 0x03, 0xd1,
      0x79, 0x21, 0x70, 0xa0, 0xf3, 0x00, 0x9c, 0xee };
  test_key_t k;
  byte ctr[16], out[64], ks_tail[16];
  size_t len;

  _gcry_aes_aesni_setkey (&k.hw, key, 16);
  for (len = 60; len <= 64; len += 4)
    {
      memcpy (ctr, ctr0, 16);
      kern->ctr_crypt (&k.hw, ctr, out, pt, len, ks_tail);
      /* ...fdfeff + 4 blocks = ...fdff03.  */
      t_check (!memcmp (out, ct, len) && ctr[15] == 0x03 && ctr[14] == 0xff
               && ctr[13] == 0xfd && !memcmp (ctr, ctr0, 13),
               "%s SP 800-38A F.5.1 CTR-AES128, %zu bytes", kern->name,
               len);
    }
}

/* Input and output against PROT_NONE pages on both sides, every length
   0..MAX_SHORT: a read or write of one byte too many faults.  */
static void
check_guard_pages (int xctr)
{
  byte *in_lo, *in_hi, *out_lo, *out_hi;
  t_guard_t gin, gout;
  test_key_t k;
  stream_t st;
  size_t n;
  int ok;
  unsigned int nfail = 0;

  if (t_guard_map (&gin, MAX_SHORT) || t_guard_map (&gout, MAX_SHORT))
    {
      t_guard_unmap (&gin);
      t_skip ("guard pages: mmap or mprotect failed");
      return;
    }
  /* Each buffer both right after a guard page and right before one.  */
  in_lo = gin.lo;
  in_hi = gin.hi + MAX_SHORT;
  out_lo = gout.lo;
  out_hi = gout.hi + MAX_SHORT;
  set_key (&k, 32);
  random_stream (&st, xctr);
  ref_keystream (&k, &st, MAX_SHORT / 16 + 1, ref_ks);
  t_rnd_bytes (in_lo, MAX_SHORT);
  t_rnd_bytes (gin.hi, MAX_SHORT);
  for (n = 0; n <= MAX_SHORT; n++)
    {
      stream_t s1 = st, s2 = st;
      byte ks_tail[16];
      size_t i;

      /* Both buffers ending at an inaccessible page...  */
      slot_call (&k, &s1, out_hi - n, in_hi - n, n, ks_tail);
      ok = 1;
      for (i = 0; i < n && ok; i++)
        ok = out_hi[-(ptrdiff_t) n + i] == (byte) (in_hi[-(ptrdiff_t) n + i]
                                                   ^ ref_ks[i]);
      /* ...and both starting right after one.  */
      slot_call (&k, &s2, out_lo, in_lo, n, ks_tail);
      for (i = 0; i < n && ok; i++)
        ok = out_lo[i] == (byte) (in_lo[i] ^ ref_ks[i]);
      if (!ok && nfail++ < 4)
        fprintf (stderr, "t-kernels: %s %s guard pages n=%zu: output "
                 "wrong\n", kern->name, xctr ? "XCTR" : "CTR", n);
    }
  t_check (nfail == 0, "%s %s: lengths 0..%d against guard pages "
           "(%u wrong)", kern->name, xctr ? "XCTR" : "CTR", MAX_SHORT,
           nfail);
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
}


/*
 * The ABI check: the assembly entry points called through the shared
 * trampoline of t-abi-x86.h (callee-saved registers, stack pointer,
 * vzeroupper through XINUSE, and the red zone the VEX kernels use as a
 * bounce buffer).
 */
#include "t-abi-x86.h"

typedef void (*raw_ctr_t) (const aes_hw_key_t *, byte *, byte *,
                           const byte *, size_t, byte *);
typedef void (*raw_xctr_t) (const aes_hw_key_t *, cipher_xctr_state_t *,
                            byte *, const byte *, size_t, byte *);

static const struct
{
  const char *name;
  raw_ctr_t ctr;
  raw_xctr_t xctr;
} raw_kernels[] =
  {
    { "aesni_avx", _gcry_aes_ctr_crypt_aesni_avx,
      _gcry_aes_xctr_crypt_aesni_avx },
    { "vaes_avx2", _gcry_aes_ctr_crypt_vaes_avx2,
      _gcry_aes_xctr_crypt_vaes_avx2 },
    { "vaes_avx512_ymm", _gcry_aes_ctr_crypt_vaes_avx512_ymm,
      _gcry_aes_xctr_crypt_vaes_avx512_ymm },
    { "vaes_avx512_zmm", _gcry_aes_ctr_crypt_vaes_avx512_zmm,
      _gcry_aes_xctr_crypt_vaes_avx512_zmm },
  };

static void
check_abi (int check_xinuse)
{
  size_t lens[6];
  test_key_t k;
  stream_t st;
  unsigned int ri, li, r;
  int xctr;
  int vex = strncmp (kern->name, "vaes_avx512", 11) != 0;

  for (ri = 0; ri < DIM (raw_kernels); ri++)
    if (!strcmp (raw_kernels[ri].name, kern->name))
      break;
  if (!t_check (ri < DIM (raw_kernels), "%s: raw entry points known",
                kern->name))
    return;
  lens[0] = 0;
  lens[1] = 1;
  lens[2] = 16;
  lens[3] = 31;
  lens[4] = 8 * vec_bytes;
  lens[5] = 2 * 8 * vec_bytes + 7 * 16 + 9;
  set_key (&k, 32);
  for (xctr = 0; xctr < 2; xctr++)
    for (li = 0; li < DIM (lens); li++)
      {
        abi_call_t call;
        byte ks_tail[16];
        char bad[80] = "";
        int ok_out = 1;
        size_t i;
        u64 index_before;

        random_stream (&st, xctr);
        index_before = st.s.index;
        ref_keystream (&k, &st, lens[li] / 16 + 1, ref_ks);
        memset (&call, 0, sizeof call);
        call.fn = xctr ? (void *) raw_kernels[ri].xctr
                       : (void *) raw_kernels[ri].ctr;
        call.arg[0] = (u64) (uintptr_t) &k.hw;
        /* Both signatures have six arguments, all in registers: the
           XCTR state (IV, then index) where CTR's counter block is.  */
        call.arg[1] = xctr ? (u64) (uintptr_t) &st.s
                           : (u64) (uintptr_t) st.s.iv;
        call.arg[2] = (u64) (uintptr_t) out_arena;
        call.arg[3] = (u64) (uintptr_t) src_buf;
        call.arg[4] = lens[li];
        call.arg[5] = (u64) (uintptr_t) ks_tail;
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        if (xctr)
          t_check (st.s.index == index_before + (lens[li] + 15) / 16,
                   "%s XCTR raw call n=%zu: index advanced by the blocks "
                   "started", kern->name, lens[li]);
        for (i = 0; i < lens[li] && ok_out; i++)
          ok_out = out_arena[i] == (byte) (src_buf[i] ^ ref_ks[i]);
        for (r = 0; r < DIM (abi_reg_names); r++)
          if (call.bad & (1u << r))
            {
              strcat (bad, " ");
              strcat (bad, abi_reg_names[r]);
            }
        t_check (!call.bad && ok_out,
                 "%s %s raw call n=%zu: callee-saved registers%s%s, "
                 "output %s", kern->name, xctr ? "XCTR" : "CTR", lens[li],
                 call.bad ? " clobbered:" : " kept", bad,
                 ok_out ? "ok" : "WRONG");
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s %s raw call n=%zu: upper vector state %s "
                   "(XINUSE %#llx)", kern->name, xctr ? "XCTR" : "CTR",
                   lens[li],
                   (call.xinuse_after & XINUSE_UPPER) ? "left dirty"
                   : "clean", (unsigned long long) call.xinuse_after);
        /* The VEX kernels bounce a final partial block through the red
           zone and must wipe it.  */
        if (vex && lens[li] % 16)
          t_check (!call.red_zone[0] && !call.red_zone[1],
                   "%s %s raw call n=%zu: red-zone bounce buffer wiped",
                   kern->name, xctr ? "XCTR" : "CTR", lens[li]);
      }
}


/*
 * Benchmark (--bench): TSC cycles per byte (the time-stamp counter, not
 * core clocks: compare ratios across machines), best of several runs.
 */

/* The interim AES-NI intrinsics CTR as aes.c's slot uses it: whole
   blocks, then one more keystream block for a partial tail.  */
static void
aesni_intrinsics_ctr (const aes_hw_key_t *k, byte *ctr, byte *out,
                      const byte *in, size_t nbytes, byte *ks_tail)
{
  static const byte zero[16];
  size_t nblocks = nbytes / 16, rest = nbytes % 16, i;

  _gcry_aes_aesni_ctr_enc (k, ctr, out, in, nblocks);
  if (rest)
    {
      _gcry_aes_aesni_ctr_enc (k, ctr, ks_tail, zero, 1);
      for (i = 0; i < rest; i++)
        out[nblocks * 16 + i] = in[nblocks * 16 + i] ^ ks_tail[i];
    }
}

static double
bench_one (const test_key_t *k, int which, size_t len)
{
  byte ctr[16] = { 0 }, ks_tail[16];
  cipher_xctr_state_t xst = { { 0 }, 1 };
  u64 best = ~(u64) 0, t0, t1;
  unsigned int reps = (unsigned int) (4 * 1024 * 1024 / len) + 1;
  unsigned int run, i;

  for (run = 0; run < 7; run++)
    {
      t0 = __rdtsc ();
      for (i = 0; i < reps; i++)
        {
          if (which == 0)
            aesni_intrinsics_ctr (&k->hw, ctr, out_arena, src_buf, len,
                                  ks_tail);
          else if (which == 1)
            kern->ctr_crypt ((void *) &k->hw, ctr, out_arena, src_buf, len,
                             ks_tail);
          else
            kern->xctr_crypt ((void *) &k->hw, &xst, out_arena, src_buf,
                              len, ks_tail);
        }
      t1 = __rdtsc ();
      if (t1 - t0 < best)
        best = t1 - t0;
    }
  return (double) best / ((double) reps * len);
}

static void
bench_variant (void)
{
  static const size_t lens[] = { 16384, 1420, 512, 64, 16 };
  test_key_t k;
  unsigned int li, ki;

  for (ki = 0; ki < 2; ki++)
    {
      set_key (&k, ki ? 32 : 16);
      for (li = 0; li < DIM (lens); li++)
        {
          double base = bench_one (&k, 0, lens[li]);
          double ctr = bench_one (&k, 1, lens[li]);
          double xctr = bench_one (&k, 2, lens[li]);

          printf ("bench %-16s AES-%u %5zu B: CTR %.3f c/B = %.0f c/call "
                  "(%.2fx AES-NI intrinsics at %.3f), XCTR %.3f c/B\n",
                  kern->name, ki ? 256 : 128, lens[li], ctr,
                  ctr * lens[li], base / ctr, base, xctr);
        }
    }
}


int
main (int argc, char **argv)
{
  unsigned int hwf, i;
  int bench = 0, check_xinuse, xctr, ntested = 0;

  i = t_init ("t-kernels", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x2545f4914f6cdd1dULL);
  if (i < (unsigned int) argc && !strcmp (argv[i], "--bench"))
    bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-kernels: library initialisation failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();

  src_buf = malloc (BUF_SIZE + 2 * SLACK);
  out_arena = malloc (BUF_SIZE + 3 * SLACK);
  ref_ks = malloc (BUF_SIZE);
  if (!src_buf || !out_arena || !ref_ks)
    return 2;
  t_rnd_bytes (src_buf, BUF_SIZE + 2 * SLACK);

  check_xinuse = xinuse_usable ();
  if (!check_xinuse)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");

  for (i = 0; _gcry_aes_x86_ctr_kernels[i].name; i++)
    {
      kern = &_gcry_aes_x86_ctr_kernels[i];
      if (!t_variant_runs (kern->name, hwf, kern->hwf))
        continue;
      ntested++;
      vec_bytes = kern->uses_zmm ? 64 : strstr (kern->name, "aesni") ? 16
                                                                     : 32;
      if (bench)
        {
          bench_variant ();
          continue;
        }
      /* The ABI first: a clobbered register would crash the others.  */
      check_abi (check_xinuse);
      check_sp800_38a ();
      for (xctr = 0; xctr < 2; xctr++)
        {
          check_all_short_lengths (xctr);
          check_loop_multiples (xctr);
          check_random_splits (xctr, 3000, 12);
          check_random_splits (xctr, 70000, 2);
          check_guard_pages (xctr);
        }
      check_carries ();
    }

  free (src_buf);
  free (out_arena);
  free (ref_ks);
  if (!ntested)
    {
      t_finish ();
      return 77;                /* nothing could run: SKIP, not PASS */
    }
  return t_finish ();
}

#endif /* HAVE_AMD64_ASM */
