/* t-kernels-xts.c - white-box test of the x86-64 AES-XTS kernels.
 *
 * Every variant of cipher/aes-xts-x86_64.S the CPU can run (as the
 * library's own feature detection says) is compared, through its glue
 * function (the xts_crypt bulk slot), with a reference XTS written here
 * from IEEE 1619 over the portable AES: tweaks computed one by one,
 * blocks encrypted with the bitsliced portable code, ciphertext stealing
 * spelled out.  Variants the CPU cannot run are reported as SKIP with
 * the missing feature.
 *
 * Per variant, encryption and decryption:
 *  - published answers (IEEE 1619 vectors 1 and 15-18, the latter with
 *    stealing), so the reference cannot be wrong in the same way;
 *  - every length 16..1100, AES-128/192/256, misaligned buffers with
 *    guard bytes, out of place and in place, the tweak key given (the
 *    data-unit number is encrypted inside the call) and not (the caller
 *    passes T_0), checking output, guards and the tweak left behind;
 *  - T_0 values whose multiplications by x carry out of bit 63 and
 *    bit 127 at every step, and at the steps of whole vectors;
 *  - lengths around every multiple of the main-loop width (8 vectors)
 *    up to 64 KiB, with and without a partial final block;
 *  - one data unit split at random into block-multiple calls chained
 *    through the tweak, against one call;
 *  - every length 16..1100 with input and output against inaccessible
 *    pages on both sides (a stray access crashes the test);
 *  - the assembly entry points called through the trampoline of
 *    t-abi-x86.h, which checks the callee-saved registers, the stack
 *    pointer, the upper vector state (vzeroupper) and, for the EVEX
 *    variants, that the stack is not touched.
 *
 * With --bench, times each variant against the generic XTS path of
 * cipher-xts.c (the same handle with its xts_crypt slot emptied) on
 * 512-, 4096- and 16384-byte data units (not a test).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-portable.h"
#ifdef HAVE_AMD64_ASM
# include "aes-aesni.h"
# include "aes-x86-kernels.h"
# include "cipher-internal.h"
# include <unistd.h>
# include <cpuid.h>
# include <x86intrin.h>
#endif

#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"
#ifdef HAVE_AMD64_ASM
# include "t-abi-x86.h"
#endif

#ifndef HAVE_AMD64_ASM
T_KERNELS_ABSENT_MAIN ("t-kernels-xts")
#else /* HAVE_AMD64_ASM */

#define MAX_SHORT 1100          /* every length 16..this */
#define MAX_LONG (64 * 1024)    /* lengths near main-loop multiples */
#define BUF_SIZE (72 * 1024)    /* longest message of any check */
#define SLACK 64                /* misalignment room and guards */
#define GUARD 0xd7

/* An XTS key pair in both layouts: the kernels' and the reference's.  */
typedef struct xts_key
{
  aes_hw_key_t hw1, hw2;                /* data key, tweak key */
  aes_portable_key_t pt1, pt2;
  size_t keylen;                        /* of each half */
} xts_key_t;

static const aes_x86_xts_kernel_t *kern;   /* the variant under test */
static unsigned int vec_bytes;             /* its vector length */

static void
set_key_bytes (xts_key_t *k, const byte *key, size_t keylen)
{
  _gcry_aes_aesni_setkey (&k->hw1, key, keylen);
  _gcry_aes_aesni_setkey (&k->hw2, key + keylen, keylen);
  _gcry_aes_portable_setkey (&k->pt1, key, keylen);
  _gcry_aes_portable_setkey (&k->pt2, key + keylen, keylen);
  k->keylen = keylen;
}

static void
set_key (xts_key_t *k, size_t keylen)
{
  byte key[64];

  t_rnd_bytes (key, 2 * keylen);
  set_key_bytes (k, key, keylen);
}


/*
 * The reference, from IEEE 1619-2007 sections 5.2-5.4.
 */

/* T = T * x: 128-bit little-endian value, reduction 0x87.  */
static void
ref_mul_x (byte t[16])
{
  int carry = t[15] >> 7, i;

  for (i = 15; i > 0; i--)
    t[i] = (byte) (t[i] << 1 | t[i - 1] >> 7);
  t[0] = (byte) (t[0] << 1) ^ (carry ? 0x87 : 0);
}

/* NBLOCKS whole blocks with tweaks from T (advanced past them).  */
static void
ref_blocks (const aes_portable_key_t *k, byte t[16], byte *out,
            const byte *in, size_t nblocks, int encrypt, byte *scratch)
{
  size_t i, j;

  for (i = 0; i < nblocks; i++)
    {
      memcpy (scratch + 16 * i, t, 16);
      for (j = 0; j < 16; j++)
        out[16 * i + j] = in[16 * i + j] ^ t[j];
      ref_mul_x (t);
    }
  if (encrypt)
    _gcry_aes_portable_encrypt (k, out, out, nblocks);
  else
    _gcry_aes_portable_decrypt (k, out, out, nblocks);
  for (i = 0; i < 16 * nblocks; i++)
    out[i] ^= scratch[i];
}

/* XTS over N >= 16 bytes, OUT != IN.  TWEAK: the data-unit number when
   USE_K2, else T_0; it ends as the tweak after the last whole block.  */
static void
ref_xts (const xts_key_t *k, int use_k2, byte tweak[16], byte *out,
         const byte *in, size_t n, int encrypt)
{
  static byte scratch[BUF_SIZE + 32];
  size_t m = n / 16, tail = n % 16;
  byte t_prev[16], pp[16], cc[16];

  if (use_k2)
    _gcry_aes_portable_encrypt (&k->pt2, tweak, tweak, 1);
  if (!tail)
    {
      ref_blocks (&k->pt1, tweak, out, in, m, encrypt, scratch);
      return;
    }
  if (encrypt)
    {
      ref_blocks (&k->pt1, tweak, out, in, m, 1, scratch);
      memcpy (cc, out + 16 * (m - 1), 16);
      memcpy (out + 16 * m, cc, tail);
      memcpy (pp, in + 16 * m, tail);
      memcpy (pp + tail, cc + tail, 16 - tail);
      ref_blocks (&k->pt1, tweak, out + 16 * (m - 1), pp, 1, 1, scratch);
    }
  else
    {
      ref_blocks (&k->pt1, tweak, out, in, m - 1, 0, scratch);
      memcpy (t_prev, tweak, 16);
      ref_mul_x (tweak);
      ref_blocks (&k->pt1, tweak, pp, in + 16 * (m - 1), 1, 0, scratch);
      memcpy (out + 16 * m, pp, tail);
      memcpy (cc, in + 16 * m, tail);
      memcpy (cc + tail, pp + tail, 16 - tail);
      ref_blocks (&k->pt1, t_prev, out + 16 * (m - 1), cc, 1, 0, scratch);
    }
}


/* Buffers shared by the checks.  */
static byte *src_buf;           /* BUF_SIZE + 2 * SLACK random bytes */
static byte *out_arena;         /* BUF_SIZE + 3 * SLACK */
static byte *ref_out;           /* BUF_SIZE */

static const char *
dir_name (int encrypt)
{
  return encrypt ? "enc" : "dec";
}

/* One slot call on N bytes at the given misalignments (IN_PLACE: OUT ==
   IN), against the reference; USE_K2 selects whether the kernel gets
   the tweak key.  Returns nonzero on success.  */
static int
check_one_call (const xts_key_t *k, const byte tweak0[16], int use_k2,
                size_t n, int encrypt, unsigned int in_off,
                unsigned int out_off, int in_place, const char *what)
{
  byte tweak[16], want_tweak[16];
  const byte *in = src_buf + in_off;
  byte *out = out_arena + SLACK + out_off;
  size_t i;
  int ok_guard = 1, ok_out, ok_tweak = 1;

  memcpy (want_tweak, tweak0, 16);
  ref_xts (k, use_k2, want_tweak, ref_out, in, n, encrypt);

  memset (out_arena, GUARD, SLACK + out_off);
  memset (out + n, GUARD, 2 * SLACK - out_off);
  if (in_place)
    {
      memcpy (out, in, n);
      in = out;
    }
  else
    memset (out, 0, n);
  memcpy (tweak, tweak0, 16);

  kern->xts_crypt ((void *) &k->hw1, use_k2 ? (void *) &k->hw2 : NULL,
                   tweak, out, in, n, encrypt);

  ok_out = !memcmp (out, ref_out, n);
  for (i = 0; i < SLACK + out_off && ok_guard; i++)
    ok_guard = out_arena[i] == GUARD;
  for (i = 0; i < 2 * SLACK - out_off && ok_guard; i++)
    ok_guard = out[n + i] == GUARD;
  if (n % 16 == 0)
    ok_tweak = !memcmp (tweak, want_tweak, 16);

  return t_check (ok_out && ok_guard && ok_tweak,
                  "%s %s AES-%u %s n=%zu in+%u out+%u%s%s: output %s, "
                  "guards %s, tweak %s", kern->name, dir_name (encrypt),
                  (unsigned int) k->keylen * 8, what, n, in_off, out_off,
                  in_place ? " in place" : "",
                  use_k2 ? "" : " (T_0 given)",
                  ok_out ? "ok" : "WRONG", ok_guard ? "ok" : "CLOBBERED",
                  ok_tweak ? "ok" : "WRONG");
}

/* IEEE 1619-2007 Annex B: vector 1 (AES-128, all-zero keys), and 15-18
   (17..20 bytes: ciphertext stealing).  Both directions, through the
   tweak key path; decryption in place.  */
static void
check_ieee_vectors (void)
{
  static const struct
  {
    const char *name, *key, *dun, *pt, *ct;
  } vec[] =
    {
      { "IEEE 1619 #1",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "00000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e" },
      { "IEEE 1619 #15",
        "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
        "9a785634120000000000000000000000",
        "000102030405060708090a0b0c0d0e0f10",
        "6c1625db4671522d3d7599601de7ca09ed" },
      { "IEEE 1619 #16",
        "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
        "9a785634120000000000000000000000",
        "000102030405060708090a0b0c0d0e0f1011",
        "d069444b7a7e0cab09e24447d24deb1fedbf" },
      { "IEEE 1619 #17",
        "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
        "9a785634120000000000000000000000",
        "000102030405060708090a0b0c0d0e0f101112",
        "e5df1351c0544ba1350b3363cd8ef4beedbf9d" },
      { "IEEE 1619 #18",
        "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
        "9a785634120000000000000000000000",
        "000102030405060708090a0b0c0d0e0f10111213",
        "9d84c813f719aa2c7be3f66171c7c5c2edbf9dac" },
    };
  unsigned int i;
  xts_key_t k;
  byte key[64], dun[16], pt[64], ct[64], buf[64], tweak[16];
  int keylen, n;

  for (i = 0; i < DIM (vec); i++)
    {
      keylen = (int) t_unhex (vec[i].key, key, sizeof key) / 2;
      t_unhex (vec[i].dun, dun, sizeof dun);
      n = (int) t_unhex (vec[i].pt, pt, sizeof pt);
      if (!t_check (keylen > 0 && n > 0
                    && t_unhex (vec[i].ct, ct, sizeof ct) == n,
                    "%s: %s vector readable", kern->name, vec[i].name))
        continue;
      set_key_bytes (&k, key, keylen);
      memcpy (tweak, dun, 16);
      kern->xts_crypt (&k.hw1, &k.hw2, tweak, buf, pt, n, 1);
      t_check (!memcmp (buf, ct, n), "%s %s encrypt", kern->name,
               vec[i].name);
      memcpy (tweak, dun, 16);
      kern->xts_crypt (&k.hw1, &k.hw2, tweak, buf, buf, n, 0);
      t_check (!memcmp (buf, pt, n), "%s %s decrypt in place", kern->name,
               vec[i].name);
    }
}

/* Every length 16..MAX_SHORT, all key sizes, both directions, out of
   place and in place, with and without the tweak key.  */
static void
check_all_short_lengths (void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  xts_key_t k;
  byte tweak0[16];
  size_t n;
  int ki, enc;
  unsigned long failed_before = t_failed;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, keylens[ki]);
      for (enc = 0; enc < 2; enc++)
        for (n = 16; n <= MAX_SHORT; n++)
          {
            if (t_failed - failed_before > 8)
              return;
            t_rnd_bytes (tweak0, 16);
            check_one_call (&k, tweak0, 1, n, enc, n % 17, (n * 7) % 33, 0,
                            "short");
            check_one_call (&k, tweak0, 0, n, enc, 0, (n * 3) % 19, 1,
                            "short");
          }
    }
}

/* T_0 values that carry out of bit 63 and bit 127 at the first step, at
   the step across a vector (x^(VL/16)) and across a batch, and the
   all-ones value that carries at every step for a while.  */
static void
check_carry_tweaks (void)
{
  static const size_t lens[] = { 16, 17, 31, 32, 48, 64, 95, 128, 255,
                                 512, 519, 1024, 2048 + 15 };
  byte tweak0[16];
  xts_key_t k;
  unsigned int pat, li;
  int enc;

  for (pat = 0; pat < 6; pat++)
    {
      set_key (&k, pat % 2 ? 32 : 16);
      memset (tweak0, 0, 16);
      switch (pat)
        {
        case 0: memset (tweak0, 0xff, 16); break;
        case 1: tweak0[15] = 0x80; break;             /* bit 127 */
        case 2: tweak0[7] = 0x80; break;              /* bit 63 */
        case 3: tweak0[7] = 0xff; tweak0[15] = 0xff; break; /* top bytes */
        case 4: memset (tweak0 + 4, 0xff, 4);          /* top dwords */
                memset (tweak0 + 12, 0xff, 4); break;
        default: tweak0[15] = 0x40; tweak0[6] = 0xf0; break;
        }
      for (enc = 0; enc < 2; enc++)
        for (li = 0; li < DIM (lens); li++)
          check_one_call (&k, tweak0, 0, lens[li], enc, li % 3, li % 5,
                          li % 2, "carry pattern");
    }
}

/* Lengths d away from every multiple of the main-loop width, up to
   MAX_LONG; the key size and direction rotate.  */
static void
check_loop_multiples (void)
{
  static const int deltas[] = { -17, -16, -15, -1, 0, 1, 15, 16, 17 };
  static const size_t keylens[3] = { 16, 24, 32 };
  size_t width = 8 * vec_bytes, m, n;
  xts_key_t keys[3];
  byte tweak0[16];
  unsigned int di;
  int ki;
  unsigned long failed_before = t_failed;

  for (ki = 0; ki < 3; ki++)
    set_key (&keys[ki], keylens[ki]);
  for (m = 1; m * width <= MAX_LONG; m++)
    for (di = 0; di < DIM (deltas); di++)
      {
        if (t_failed - failed_before > 8)
          return;
        ki = m % 3;
        n = m * width + deltas[di];
        t_rnd_bytes (tweak0, 16);
        check_one_call (&keys[ki], tweak0, (m + di) % 2, n,
                        (m + di / 2) % 2, m % 5, di * 3,
                        (m + di) % 4 == 0, "loop-multiple");
      }
}

/* A data unit of TOTAL bytes (a multiple of 16 but for the last call,
   which may end in a partial block) split at random into calls chained
   through the tweak, against one call.  */
static void
check_random_splits (size_t total, int rounds)
{
  xts_key_t k;
  byte *out, tweak0[16], tweak[16];
  size_t pos, n;
  int r, ok, enc;

  out = malloc (total);
  if (!out)
    exit (2);
  for (r = 0; r < rounds; r++)
    {
      set_key (&k, r % 2 ? 32 : 16);
      enc = r % 3 != 0;
      t_rnd_bytes (tweak0, 16);
      memcpy (tweak, tweak0, 16);
      ref_xts (&k, 1, tweak, ref_out, src_buf, total, enc);
      if (r % 2)
        memcpy (out, src_buf, total);   /* in place on odd rounds */
      memcpy (tweak, tweak0, 16);
      for (pos = 0; pos < total; pos += n)
        {
          n = 16 * (1 + t_rnd64 () % (t_rnd64 () % 2 ? 4 : 3 * vec_bytes));
          if (n >= total - pos || total - pos - n < 16)
            n = total - pos;
          kern->xts_crypt (&k.hw1, pos ? NULL : (void *) &k.hw2, tweak,
                           out + pos, (r % 2 ? out : src_buf) + pos, n,
                           enc);
        }
      ok = !memcmp (out, ref_out, total);
      t_check (ok, "%s %s random block-multiple splits of %zu bytes%s "
               "(round %d)", kern->name, dir_name (enc), total,
               r % 2 ? " in place" : "", r);
    }
  free (out);
}

/* Input and output against PROT_NONE pages on both sides, every length
   16..MAX_SHORT: a read or write of one byte too many faults.  */
static void
check_guard_pages (int encrypt)
{
  byte *in_lo, *in_hi, *out_lo, *out_hi, tweak0[16], tweak[16];
  t_guard_t gin, gout;
  xts_key_t k;
  size_t n;
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
  t_rnd_bytes (in_lo, MAX_SHORT);
  t_rnd_bytes (gin.hi, MAX_SHORT);
  for (n = 16; n <= MAX_SHORT; n++)
    {
      int ok;

      t_rnd_bytes (tweak0, 16);
      memcpy (tweak, tweak0, 16);
      ref_xts (&k, 1, tweak, ref_out, in_hi - n, n, encrypt);
      /* Both buffers ending at an inaccessible page...  */
      memcpy (tweak, tweak0, 16);
      kern->xts_crypt (&k.hw1, &k.hw2, tweak, out_hi - n, in_hi - n, n,
                       encrypt);
      ok = !memcmp (out_hi - n, ref_out, n);
      /* ...and both starting right after one (in place).  */
      memcpy (out_lo, in_hi - n, n);
      memcpy (tweak, tweak0, 16);
      kern->xts_crypt (&k.hw1, &k.hw2, tweak, out_lo, out_lo, n, encrypt);
      ok &= !memcmp (out_lo, ref_out, n);
      if (!ok && nfail++ < 4)
        fprintf (stderr, "t-kernels-xts: %s %s guard pages n=%zu: output "
                 "wrong\n", kern->name, dir_name (encrypt), n);
    }
  t_check (nfail == 0, "%s %s: lengths 16..%d against guard pages "
           "(%u wrong)", kern->name, dir_name (encrypt), MAX_SHORT, nfail);
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
}


/*
 * The ABI check, through the shared trampoline of t-abi-x86.h: callee-
 * saved registers, the stack pointer, the upper vector state
 * (vzeroupper), and for the EVEX kernels, which keep everything in
 * registers, the untouched stack below the return address.
 */
typedef void (*raw_xts_t) (const aes_hw_key_t *, const aes_hw_key_t *,
                           byte *, byte *, const byte *, size_t);

static const struct
{
  const char *name;
  raw_xts_t enc, dec;
} raw_kernels[] =
  {
    { "aesni_avx", _gcry_aes_xts_enc_aesni_avx,
      _gcry_aes_xts_dec_aesni_avx },
    { "vaes_avx2", _gcry_aes_xts_enc_vaes_avx2,
      _gcry_aes_xts_dec_vaes_avx2 },
    { "vaes_avx512_ymm", _gcry_aes_xts_enc_vaes_avx512_ymm,
      _gcry_aes_xts_dec_vaes_avx512_ymm },
    { "vaes_avx512_zmm", _gcry_aes_xts_enc_vaes_avx512_zmm,
      _gcry_aes_xts_dec_vaes_avx512_zmm },
  };

static void
check_abi (int check_xinuse)
{
  size_t lens[6];
  xts_key_t k;
  byte tweak0[16], tweak[16], want_tweak[16];
  unsigned int ri, li, r;
  int enc;

  for (ri = 0; ri < DIM (raw_kernels); ri++)
    if (!strcmp (raw_kernels[ri].name, kern->name))
      break;
  if (!t_check (ri < DIM (raw_kernels), "%s: raw entry points known",
                kern->name))
    return;
  lens[0] = 8;                  /* below 16: nothing happens */
  lens[1] = 16;
  lens[2] = 31;
  lens[3] = 8 * vec_bytes;
  lens[4] = 8 * vec_bytes + 7 * vec_bytes + 3 * 16 + 9;
  lens[5] = 2 * 8 * vec_bytes + 16;
  set_key (&k, 32);
  for (enc = 0; enc < 2; enc++)
    for (li = 0; li < DIM (lens); li++)
      {
        abi_call_t call;
        char bad[80] = "";
        int ok_out;

        t_rnd_bytes (tweak0, 16);
        memcpy (want_tweak, tweak0, 16);
        if (lens[li] >= 16)
          ref_xts (&k, 1, want_tweak, ref_out, src_buf, lens[li], enc);
        memset (out_arena, GUARD, lens[li] + 16);
        memcpy (tweak, tweak0, 16);
        memset (&call, 0, sizeof call);
        call.fn = (void *) (enc ? raw_kernels[ri].enc : raw_kernels[ri].dec);
        call.arg[0] = (u64) (uintptr_t) &k.hw1;
        call.arg[1] = (u64) (uintptr_t) &k.hw2;
        call.arg[2] = (u64) (uintptr_t) tweak;
        call.arg[3] = (u64) (uintptr_t) out_arena;
        call.arg[4] = (u64) (uintptr_t) src_buf;
        call.arg[5] = lens[li];
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        if (lens[li] >= 16)
          ok_out = !memcmp (out_arena, ref_out, lens[li])
            && out_arena[lens[li]] == GUARD;
        else
          ok_out = out_arena[0] == GUARD && !memcmp (tweak, tweak0, 16);
        for (r = 0; r < DIM (abi_reg_names); r++)
          if (call.bad & (1u << r))
            {
              strcat (bad, " ");
              strcat (bad, abi_reg_names[r]);
            }
        t_check (!call.bad && ok_out,
                 "%s %s raw call n=%zu: callee-saved registers%s%s, "
                 "output %s", kern->name, dir_name (enc), lens[li],
                 call.bad ? " clobbered:" : " kept", bad,
                 ok_out ? "ok" : "WRONG");
        /* The EVEX kernels use no stack at all (the VEX ones push
           %rbp there).  */
        if (!strncmp (kern->name, "vaes_avx512", 11))
          t_check (call.red_zone[0] == ABI_RED_ZONE_PATTERN
                   && call.red_zone[1] == ABI_RED_ZONE_PATTERN,
                   "%s %s raw call n=%zu: stack below untouched",
                   kern->name, dir_name (enc), lens[li]);
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s %s raw call n=%zu: upper vector state %s "
                   "(XINUSE %#llx)", kern->name, dir_name (enc), lens[li],
                   (call.xinuse_after & XINUSE_UPPER) ? "left dirty"
                   : "clean", (unsigned long long) call.xinuse_after);
      }
}


/*
 * Benchmark (--bench): TSC cycles per byte (the time-stamp counter, not
 * core clocks: compare ratios), best of several runs.  The baseline is
 * cipher-xts.c's generic path, reached through a public XTS handle whose
 * xts_crypt slot is emptied after setkey (so it runs over the ECB kernel
 * the library chose for this CPU).
 */

static double
bench_one (gcry_cipher_hd_t hd, const xts_key_t *k, size_t len, int enc)
{
  byte tweak[16] = { 0 };
  u64 best = ~(u64) 0, t0, t1;
  unsigned int reps = (unsigned int) (8 * 1024 * 1024 / len) + 1;
  unsigned int run, i;

  for (run = 0; run < 7; run++)
    {
      t0 = __rdtsc ();
      for (i = 0; i < reps; i++)
        {
          if (hd)
            {
              if (enc)
                gcry_cipher_encrypt (hd, out_arena, len, src_buf, len);
              else
                gcry_cipher_decrypt (hd, out_arena, len, src_buf, len);
            }
          else
            kern->xts_crypt ((void *) &k->hw1, (void *) &k->hw2, tweak,
                             out_arena, src_buf, len, enc);
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
  static const size_t lens[] = { 512, 4096, 16384 };
  xts_key_t k;
  byte key[64];
  unsigned int li, ki;
  int enc;
  gcry_cipher_hd_t hd;

  for (ki = 0; ki < 2; ki++)
    {
      size_t keylen = ki ? 32 : 16;

      t_rnd_bytes (key, 2 * keylen);
      set_key_bytes (&k, key, keylen);
      if (gcry_cipher_open (&hd, ki ? GCRY_CIPHER_AES256 : GCRY_CIPHER_AES,
                            GCRY_CIPHER_MODE_XTS, 0)
          || gcry_cipher_setkey (hd, key, 2 * keylen))
        {
          t_skip ("bench: cannot open an XTS handle");
          return;
        }
      hd->bulk.xts_crypt = NULL;        /* the generic path */
      for (enc = 1; enc >= 0; enc--)
        for (li = 0; li < DIM (lens); li++)
          {
            double base = bench_one (hd, &k, lens[li], enc);
            double mine = bench_one (NULL, &k, lens[li], enc);

            printf ("bench %-16s AES-%u-XTS %s %5zu B: %.3f c/B "
                    "(generic %.3f c/B, %.2fx)\n", kern->name,
                    ki ? 256 : 128, enc ? "enc" : "dec", lens[li], mine,
                    base, base / mine);
          }
      gcry_cipher_close (hd);
    }
}


int
main (int argc, char **argv)
{
  unsigned int hwf, i;
  int bench = 0, check_xinuse, enc, ntested = 0;

  i = t_init ("t-kernels-xts", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (i < (unsigned int) argc && !strcmp (argv[i], "--bench"))
    bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-kernels-xts: library initialisation failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();

  src_buf = malloc (BUF_SIZE + 2 * SLACK);
  out_arena = malloc (BUF_SIZE + 3 * SLACK);
  ref_out = malloc (BUF_SIZE);
  if (!src_buf || !out_arena || !ref_out)
    return 2;
  t_rnd_bytes (src_buf, BUF_SIZE + 2 * SLACK);

  check_xinuse = xinuse_usable ();
  if (!check_xinuse && !bench)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");

  for (i = 0; _gcry_aes_x86_xts_kernels[i].name; i++)
    {
      kern = &_gcry_aes_x86_xts_kernels[i];
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
      check_ieee_vectors ();
      check_all_short_lengths ();
      check_carry_tweaks ();
      check_loop_multiples ();
      check_random_splits (3008, 6);
      check_random_splits (65536 + 16 * 7 + 5, 3);
      for (enc = 0; enc < 2; enc++)
        check_guard_pages (enc);
    }

  free (src_buf);
  free (out_arena);
  free (ref_out);
  if (!ntested)
    {
      t_finish ();
      return 77;                /* nothing could run: SKIP, not PASS */
    }
  return t_finish ();
}

#endif /* HAVE_AMD64_ASM */
