/* t-kernels-gcm.c - white-box test of the stitched x86-64 AES-GCM
 * kernels (cipher/aes-gcm-*.S through their gcm_crypt glue).
 *
 * Every variant the CPU can run (the library's own feature detection)
 * is compared with a reference built from the portable pieces: the
 * bitsliced AES on explicitly computed inc32 counter blocks, and the
 * portable GHASH kernel.  Variants the CPU cannot run print SKIP with
 * the missing feature.
 *
 * Per variant:
 *  - every length 0..1100 (all three key sizes), encryption and then
 *    decryption, out of place and in place, misaligned, guard bytes
 *    around the output and KS_TAIL: output, counter (inc32 per block
 *    started, upper 96 bits kept), accumulator (GHASH of the whole
 *    ciphertext blocks, from a random starting state) and the KS_TAIL
 *    rule (whole keystream block of a final partial block, else not
 *    written);
 *  - lengths around every multiple of the main-loop width up to 64 KiB;
 *  - counters whose low 32 bits wrap inside a call;
 *  - the GHASH op on 0..40 blocks, and whole GCM messages (AAD 0..300
 *    bytes, data 0..1100) whose tag, computed as cipher-gcm.c does on
 *    the slot, matches a reference GCM built from SP 800-38D;
 *  - the OP flags GCM_BULK_EK_J0 and GCM_BULK_TAG (E(J0), the final
 *    tag made by the data call, and a final partial block's ciphertext
 *    left in PENDING) against the reference, data lengths 0..4 loop
 *    widths, one or two calls;
 *  - one message split at random block boundaries into several calls;
 *  - lengths 0..1100 with input and output against PROT_NONE pages on
 *    both sides, for both directions and for the GHASH op;
 *  - the assembly entry points through a trampoline checking the
 *    callee-saved registers, the stack pointer, vzeroupper and the wipe
 *    of the red-zone bounce buffer.
 *
 * With --bench: TSC cycles per byte of AES-128-GCM and AES-256-GCM
 * (set the counter, encrypt or decrypt, hash the length block, make the
 * tag) at 16384, 1420, 512 and 64 bytes per variant, against the
 * unstitched path of the same variant (its CTR kernel, then the PCLMUL
 * GHASH kernel, as cipher-gcm.c does without gcm_crypt).  Not a test.
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
# include "ghash.h"
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
T_KERNELS_ABSENT_MAIN ("t-kernels-gcm")
#else /* HAVE_AMD64_ASM */

#define MAX_SHORT 1100
#define MAX_LONG (64 * 1024)
#define BUF_SIZE (72 * 1024)
#define SLACK 64
#define GUARD 0xd7
#define KS_SENTINEL 0xa5

/* One key: the kernels' AES schedule and GHASH powers, the reference's
   portable AES and portable GHASH key.  */
typedef struct test_key
{
  aes_hw_key_t hw;
  gcm_bulk_key_t gkey;
  aes_portable_key_t portable;
  ghash_key_t ghash;
  byte h[16];
  size_t keylen;
} test_key_t;

static const aes_x86_gcm_kernel_t *kern;
static size_t batch_bytes;      /* the variant's main-loop width */

static byte *src_buf;           /* BUF_SIZE + 2 * SLACK random bytes */
static byte *out_arena;         /* BUF_SIZE + 3 * SLACK */
static byte *ct_buf;            /* BUF_SIZE: reference ciphertext */
static byte *ref_ks;            /* BUF_SIZE: reference keystream */

static void
set_key (test_key_t *k, size_t keylen)
{
  byte key[32];

  t_rnd_bytes (key, keylen);
  _gcry_aes_aesni_setkey (&k->hw, key, keylen);
  _gcry_aes_portable_setkey (&k->portable, key, keylen);
  memset (k->h, 0, 16);
  _gcry_aes_portable_encrypt (&k->portable, k->h, k->h, 1);
  _gcry_ghash_setkey (&k->ghash, k->h, _gcry_ghash_select_kernel (0));
  memset (&k->gkey, 0, sizeof k->gkey);
  kern->gcm_crypt (&k->hw, &k->gkey, NULL, NULL, NULL, k->h, 0, NULL,
                   GCM_BULK_SETKEY);
  k->keylen = keylen;
}

static u32
get_be32 (const byte *p)
{
  return ((u32) p[0] << 24) | ((u32) p[1] << 16) | ((u32) p[2] << 8) | p[3];
}

static void
put_be32 (byte *p, u32 v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

/* SP 800-38D: NBLOCKS keystream blocks from CTR with inc32 (portable
   AES), and the counter that follows them in NEXT.  */
static void
ref_keystream (const test_key_t *k, const byte *ctr, size_t nblocks,
               byte *ks, byte *next)
{
  byte cb[16];
  size_t j;

  memcpy (cb, ctr, 16);
  for (j = 0; j < nblocks; j++)
    {
      memcpy (ks + 16 * j, cb, 16);
      put_be32 (cb + 12, get_be32 (cb + 12) + 1);
    }
  if (next)
    memcpy (next, cb, 16);
  _gcry_aes_portable_encrypt (&k->portable, ks, ks, nblocks);
}

/* Portable GHASH of NBLOCKS whole blocks into ACC.  */
static void
ref_ghash (const test_key_t *k, byte *acc, const byte *buf, size_t nblocks)
{
  _gcry_ghash_update (&k->ghash, acc, buf, nblocks);
}

static void
slot (const test_key_t *k, byte *acc, byte *ctr, byte *out, const byte *in,
      size_t n, byte *ks_tail, int op)
{
  kern->gcm_crypt ((void *) &k->hw, (gcm_bulk_key_t *) &k->gkey, acc, ctr,
                   out, in, n, ks_tail, op);
}

static void
random_ctr (byte *ctr)
{
  t_rnd_bytes (ctr, 16);
  /* Now and then close to the inc32 wrap.  */
  if (t_rnd64 () % 4 == 0)
    put_be32 (ctr + 12, 0xffffffffu - (u32) (t_rnd64 () % 40));
}

/* One call in direction OP on N bytes, checked completely.  IN is N
   plaintext (encryption) or ciphertext (decryption) bytes matching
   CT_BUF/SRC_BUF; KS the reference keystream from CTR0.  */
static int
check_call (const test_key_t *k, const byte *ctr0, const byte *acc0,
            size_t n, unsigned int in_off, unsigned int out_off,
            int in_place, int op, const char *what)
{
  const byte *want_in = op == GCM_BULK_ENCRYPT ? src_buf + in_off : ct_buf;
  const byte *want_out = op == GCM_BULK_ENCRYPT ? ct_buf : src_buf + in_off;
  byte ctr[16], want_ctr[16], acc[16], want_acc[16];
  byte tail_area[48], *ks_tail = tail_area + 16;
  byte *out = out_arena + SLACK + out_off;
  const byte *in;
  byte *inbuf = NULL;
  size_t i, nblocks = n / 16 + (n % 16 != 0);
  int ok_out = 1, ok_guard = 1, ok_tail = 1, ok_ctr, ok_acc;

  memset (out_arena, GUARD, SLACK + out_off);
  memset (out + n, GUARD, 2 * SLACK - out_off);
  if (in_place)
    {
      memcpy (out, want_in, n);
      in = out;
    }
  else
    {
      /* Decryption reads CT_BUF at the asked misalignment: copy it.  */
      inbuf = malloc (n + 64);
      if (!inbuf)
        exit (2);
      memcpy (inbuf + in_off % 64, want_in, n);
      in = inbuf + in_off % 64;
      memset (out, 0, n);
    }
  memset (tail_area, GUARD, sizeof tail_area);
  memset (ks_tail, KS_SENTINEL, 16);
  memcpy (ctr, ctr0, 16);
  memcpy (acc, acc0, 16);

  slot (k, acc, ctr, out, in, n, ks_tail, op);

  for (i = 0; i < n && ok_out; i++)
    ok_out = out[i] == want_out[i];
  for (i = 0; i < SLACK + out_off && ok_guard; i++)
    ok_guard = out_arena[i] == GUARD;
  for (i = 0; i < 2 * SLACK - out_off && ok_guard; i++)
    ok_guard = out[n + i] == GUARD;
  for (i = 0; i < 16 && ok_guard; i++)
    ok_guard = tail_area[i] == GUARD && tail_area[32 + i] == GUARD;
  if (n % 16)
    ok_tail = !memcmp (ks_tail, ref_ks + 16 * (n / 16), 16);
  else
    for (i = 0; i < 16 && ok_tail; i++)
      ok_tail = ks_tail[i] == KS_SENTINEL;
  memcpy (want_ctr, ctr0, 16);
  put_be32 (want_ctr + 12, get_be32 (want_ctr + 12) + (u32) nblocks);
  ok_ctr = !memcmp (ctr, want_ctr, 16);
  memcpy (want_acc, acc0, 16);
  ref_ghash (k, want_acc, ct_buf, n / 16);
  ok_acc = !memcmp (acc, want_acc, 16);
  free (inbuf);

  return t_check (ok_out && ok_guard && ok_tail && ok_ctr && ok_acc,
                  "%s %s AES-%u %s n=%zu in+%u out+%u%s: output %s, "
                  "guards %s, ks_tail %s, counter %s, ghash %s",
                  kern->name, op == GCM_BULK_ENCRYPT ? "enc" : "dec",
                  (unsigned int) k->keylen * 8, what, n, in_off, out_off,
                  in_place ? " in place" : "", ok_out ? "ok" : "WRONG",
                  ok_guard ? "ok" : "CLOBBERED", ok_tail ? "ok" : "WRONG",
                  ok_ctr ? "ok" : "WRONG", ok_acc ? "ok" : "WRONG");
}

/* Reference ciphertext of N bytes of SRC_BUF+IN_OFF into CT_BUF.  */
static void
make_reference (const test_key_t *k, const byte *ctr, size_t n,
                unsigned int in_off)
{
  size_t i;

  ref_keystream (k, ctr, n / 16 + 1, ref_ks, NULL);
  for (i = 0; i < n; i++)
    ct_buf[i] = src_buf[in_off + i] ^ ref_ks[i];
}

/* Both directions on N bytes; stop early after a few failures.  */
static int
check_both (const test_key_t *k, size_t n, unsigned int salt,
            const char *what)
{
  byte ctr[16], acc[16];
  unsigned int in_off = salt % 17, out_off = (salt * 7) % 33;
  int ok = 1;

  random_ctr (ctr);
  t_rnd_bytes (acc, 16);
  make_reference (k, ctr, n, in_off);
  ok &= check_call (k, ctr, acc, n, in_off, out_off, salt & 1,
                    GCM_BULK_ENCRYPT, what);
  ok &= check_call (k, ctr, acc, n, in_off, (salt * 3) % 19, !(salt & 1),
                    GCM_BULK_DECRYPT, what);
  return ok;
}

static void
check_short_lengths (void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  test_key_t k;
  size_t n;
  int ki;
  unsigned int nfail = 0;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, keylens[ki]);
      for (n = 0; n <= MAX_SHORT && nfail < 8; n++)
        nfail += !check_both (&k, n, (unsigned int) (n + ki), "short");
    }
}

static void
check_loop_multiples (void)
{
  static const int deltas[] = { -17, -16, -15, -1, 0, 1, 15, 16, 17 };
  static const size_t keylens[3] = { 16, 24, 32 };
  test_key_t keys[3];
  size_t m, n;
  unsigned int di, nfail = 0;
  int ki;

  for (ki = 0; ki < 3; ki++)
    set_key (&keys[ki], keylens[ki]);
  for (m = batch_bytes; m <= MAX_LONG && nfail < 8; m += batch_bytes)
    for (di = 0; di < DIM (deltas); di++)
      {
        if ((ptrdiff_t) m + deltas[di] < 0)
          continue;
        n = m + deltas[di];
        nfail += !check_both (&keys[(m / batch_bytes) % 3], n,
                              (unsigned int) (m + di), "loop");
      }
}

/* The GHASH op on 0..40 blocks from a random state, misaligned.  */
static void
check_ghash_op (void)
{
  test_key_t k;
  byte acc[16], want[16];
  size_t nb;
  unsigned int nfail = 0;

  set_key (&k, 16);
  for (nb = 0; nb <= 40; nb++)
    {
      const byte *buf = src_buf + nb % 13;

      t_rnd_bytes (acc, 16);
      memcpy (want, acc, 16);
      ref_ghash (&k, want, buf, nb);
      slot (&k, acc, NULL, NULL, buf, nb * 16, NULL, GCM_BULK_GHASH);
      nfail += memcmp (acc, want, 16) != 0;
    }
  t_check (nfail == 0, "%s: GHASH op on 0..40 blocks (%u wrong)",
           kern->name, nfail);
}

/* GCM (SP 800-38D, 12-byte IV) from the definitions: portable AES and
   portable GHASH, byte by byte padding.  */
static void
ref_gcm (const test_key_t *k, const byte *iv, const byte *aad, size_t alen,
         const byte *pt, size_t n, byte *ct, byte *tag)
{
  byte j0[16], cb[16], acc[16], block[16], ekj0[16];
  size_t i;

  memcpy (j0, iv, 12);
  put_be32 (j0 + 12, 1);
  memcpy (cb, j0, 16);
  put_be32 (cb + 12, 2);
  ref_keystream (k, cb, n / 16 + 1, ref_ks, NULL);
  for (i = 0; i < n; i++)
    ct[i] = pt[i] ^ ref_ks[i];
  memset (acc, 0, 16);
  for (i = 0; i < alen; i += 16)
    {
      memset (block, 0, 16);
      memcpy (block, aad + i, alen - i < 16 ? alen - i : 16);
      ref_ghash (k, acc, block, 1);
    }
  for (i = 0; i < n; i += 16)
    {
      memset (block, 0, 16);
      memcpy (block, ct + i, n - i < 16 ? n - i : 16);
      ref_ghash (k, acc, block, 1);
    }
  for (i = 0; i < 8; i++)
    {
      block[i] = (byte) (((u64) alen * 8) >> (56 - 8 * i));
      block[8 + i] = (byte) (((u64) n * 8) >> (56 - 8 * i));
    }
  ref_ghash (k, acc, block, 1);
  _gcry_aes_portable_encrypt (&k->portable, ekj0, j0, 1);
  for (i = 0; i < 16; i++)
    tag[i] = acc[i] ^ ekj0[i];
}

/* The same through the slot, the way cipher-gcm.c drives it: whole AAD
   blocks through the GHASH op, the padded rest, the data (DATA_SPLIT
   bytes, a block multiple, in a first call), the padded final partial
   ciphertext block, the length block.  */
static void
slot_gcm (const test_key_t *k, const byte *iv, const byte *aad, size_t alen,
          byte *out, const byte *in, size_t n, size_t data_split, int op,
          byte *tag)
{
  byte ctr[16], acc[16], block[16], ekj0[16], ks_tail[16];
  size_t whole = alen / 16 * 16, rest, i;
  const byte *ctext = op == GCM_BULK_ENCRYPT ? out : block;

  memcpy (ctr, iv, 12);
  put_be32 (ctr + 12, 1);
  _gcry_aes_portable_encrypt (&k->portable, ekj0, ctr, 1);
  put_be32 (ctr + 12, 2);
  memset (acc, 0, 16);
  slot (k, acc, NULL, NULL, aad, whole, NULL, GCM_BULK_GHASH);
  if (alen > whole)
    {
      memset (block, 0, 16);
      memcpy (block, aad + whole, alen - whole);
      slot (k, acc, NULL, NULL, block, 16, NULL, GCM_BULK_GHASH);
    }
  rest = n % 16;
  memset (block, 0, 16);
  if (op == GCM_BULK_DECRYPT)
    memcpy (block, in + n - rest, rest);
  slot (k, acc, ctr, out, in, data_split, ks_tail, op);
  slot (k, acc, ctr, out + data_split, in + data_split, n - data_split,
        ks_tail, op);
  if (rest)
    {
      if (op == GCM_BULK_ENCRYPT)
        memcpy (block, ctext + n - rest, rest);
      slot (k, acc, NULL, NULL, block, 16, NULL, GCM_BULK_GHASH);
    }
  for (i = 0; i < 8; i++)
    {
      block[i] = (byte) (((u64) alen * 8) >> (56 - 8 * i));
      block[8 + i] = (byte) (((u64) n * 8) >> (56 - 8 * i));
    }
  slot (k, acc, NULL, NULL, block, 16, NULL, GCM_BULK_GHASH);
  for (i = 0; i < 16; i++)
    tag[i] = acc[i] ^ ekj0[i];
}

/* Whole messages: AAD lengths 0..300 against data lengths walking
   0..1100, both directions, data split at a random block boundary.  */
static void
check_messages (void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  byte *aad = malloc (320), *pt = malloc (MAX_SHORT + 16);
  byte *ct = malloc (MAX_SHORT + 16), *ct2 = malloc (MAX_SHORT + 16);
  byte *pt2 = malloc (MAX_SHORT + 16);
  byte iv[12], tag[16], tag2[16], tag3[16];
  test_key_t k;
  size_t alen, n, split;
  unsigned int nfail = 0, count = 0;

  if (!aad || !pt || !ct || !ct2 || !pt2)
    exit (2);
  for (alen = 0; alen <= 300; alen++)
    {
      if (alen % 100 == 0)
        set_key (&k, keylens[(alen / 100) % 3]);
      for (n = alen % 7; n <= MAX_SHORT; n += 37 + alen % 5)
        {
          t_rnd_bytes (iv, 12);
          t_rnd_bytes (aad, alen);
          t_rnd_bytes (pt, n);
          split = (size_t) (t_rnd64 () % (n / 16 + 1)) * 16;
          ref_gcm (&k, iv, aad, alen, pt, n, ct, tag);
          slot_gcm (&k, iv, aad, alen, ct2, pt, n, split, GCM_BULK_ENCRYPT,
                    tag2);
          slot_gcm (&k, iv, aad, alen, pt2, ct2, n, split, GCM_BULK_DECRYPT,
                    tag3);
          count++;
          if (memcmp (ct, ct2, n) || memcmp (tag, tag2, 16)
              || memcmp (pt, pt2, n) || memcmp (tag, tag3, 16))
            {
              if (nfail++ < 4)
                fprintf (stderr, "t-kernels-gcm: %s message aad %zu data "
                         "%zu split %zu wrong\n", kern->name, alen, n,
                         split);
            }
        }
    }
  t_check (nfail == 0, "%s: %u GCM messages, AAD 0..300, data 0..%d, "
           "against the reference GCM (%u wrong)", kern->name, count,
           MAX_SHORT, nfail);
  free (aad);
  free (pt);
  free (ct);
  free (ct2);
  free (pt2);
}

/* The flags GCM_BULK_EK_J0 and GCM_BULK_TAG (on the 64-byte state ACC,
   PENDING, EK_J0, TAG), as cipher-gcm.c uses them: AAD absorbed first,
   then the data in one or two calls (the first, a block multiple,
   without TAG), the last with TAG, and EK_J0 on the first.  The tag in
   the state must be the reference tag, EK_J0 must end as E(K, J0), and
   output, counter and ACC as without the flags.  Lengths 0..1100 and
   around the loop width, both directions, every key size; NBYTES 0
   (which the assembly kernels leave to the glue) included.  */
static void
check_final_flags (void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  byte *aad = malloc (64), *pt = malloc (4 * batch_bytes + 64);
  byte *ct = malloc (4 * batch_bytes + 64), *out = malloc (4 * batch_bytes + 64);
  byte iv[12], tag[16], j0[16], ekj0[16], block[16];
  byte state[64] __attribute__ ((aligned (16)));
  byte ctr[16], ks_tail[16];
  test_key_t k;
  size_t n, alen, split, i, maxn = 4 * batch_bytes + 40;
  unsigned int nfail = 0, count = 0;
  int op, ki;

  if (!aad || !pt || !ct || !out)
    exit (2);
  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, keylens[ki]);
      for (n = 0; n <= maxn; n += n < 300 ? 1 : 13)
        for (op = GCM_BULK_ENCRYPT; op <= GCM_BULK_DECRYPT; op++)
          {
            int first_call_flags = GCM_BULK_EK_J0, ok, pending_ok;

            alen = (n * 7) % 41;
            t_rnd_bytes (iv, 12);
            t_rnd_bytes (aad, alen);
            t_rnd_bytes (pt, n);
            ref_gcm (&k, iv, aad, alen, pt, n, ct, tag);
            memcpy (j0, iv, 12);
            put_be32 (j0 + 12, 1);
            _gcry_aes_portable_encrypt (&k.portable, ekj0, j0, 1);

            /* The state after the AAD, as the mode holds it.  */
            memset (state, 0, sizeof state);
            for (i = 0; i < alen; i += 16)
              {
                memset (block, 0, 16);
                memcpy (block, aad + i, alen - i < 16 ? alen - i : 16);
                ref_ghash (&k, state, block, 1);
              }
            memcpy (state + 32, j0, 16);
            for (i = 0; i < 8; i++)
              {
                state[48 + i] = (byte) (((u64) alen * 8) >> (56 - 8 * i));
                state[56 + i] = (byte) (((u64) n * 8) >> (56 - 8 * i));
              }
            memcpy (ctr, j0, 16);
            put_be32 (ctr + 12, 2);

            /* Sometimes a first call of whole blocks without TAG.  */
            split = (n / 16) * 16;
            split = (count % 3 == 0) ? (size_t) (t_rnd64 () % (split + 1))
                                      / 16 * 16 : 0;
            if (split)
              {
                slot (&k, state, ctr, out,
                      op == GCM_BULK_ENCRYPT ? pt : ct, split, ks_tail,
                      op | GCM_BULK_EK_J0);
                first_call_flags = 0;
              }
            slot (&k, state, ctr, out + split,
                  (op == GCM_BULK_ENCRYPT ? pt : ct) + split, n - split,
                  ks_tail, op | GCM_BULK_TAG | first_call_flags);
            /* A partial final block's ciphertext, zero-padded, in
               PENDING (what cipher-gcm.c keeps for the next call).  */
            pending_ok = 1;
            if (n % 16)
              {
                memset (block, 0, 16);
                memcpy (block, ct + n - n % 16, n % 16);
                pending_ok = !memcmp (state + 16, block, 16);
              }
            ok = !memcmp (state + 48, tag, 16)
                 && !memcmp (state + 32, ekj0, 16)
                 && !memcmp (out, op == GCM_BULK_ENCRYPT ? ct : pt, n)
                 && pending_ok;
            count++;
            if (!ok && nfail++ < 4)
              fprintf (stderr, "t-kernels-gcm: %s flags %s AES-%u n=%zu "
                       "aad=%zu split=%zu: tag %s, E(J0) %s, output %s, "
                       "pending %s\n",
                       kern->name, op == GCM_BULK_ENCRYPT ? "enc" : "dec",
                       (unsigned int) keylens[ki] * 8, n, alen, split,
                       memcmp (state + 48, tag, 16) ? "WRONG" : "ok",
                       memcmp (state + 32, ekj0, 16) ? "WRONG" : "ok",
                       memcmp (out, op == GCM_BULK_ENCRYPT ? ct : pt, n)
                       ? "WRONG" : "ok", pending_ok ? "ok" : "WRONG");
          }
    }
  t_check (nfail == 0, "%s: %u messages with EK_J0 and TAG, data 0..%zu, "
           "against the reference GCM (%u wrong)", kern->name, count, maxn,
           nfail);
  free (aad);
  free (pt);
  free (ct);
  free (out);
}

/* One stream cut at random block boundaries (the last piece may end in
   a partial block) must equal one call.  */
static void
check_random_splits (size_t maxlen, unsigned int rounds)
{
  test_key_t k;
  byte ctr0[16], acc0[16], ctr[16], acc[16], ctr1[16], acc1[16];
  byte ks_tail[16], ks1[16];
  unsigned int r, nfail = 0;
  int op;

  set_key (&k, 32);
  for (r = 0; r < rounds; r++)
    for (op = GCM_BULK_ENCRYPT; op <= GCM_BULK_DECRYPT; op++)
      {
        size_t n = (size_t) (t_rnd64 () % maxlen), done = 0, piece;
        byte *one = out_arena, *split = out_arena + BUF_SIZE / 2;

        if (n > BUF_SIZE / 2)
          n = BUF_SIZE / 2;
        random_ctr (ctr0);
        t_rnd_bytes (acc0, 16);
        memcpy (ctr1, ctr0, 16);
        memcpy (acc1, acc0, 16);
        slot (&k, acc1, ctr1, one, src_buf, n, ks1, op);
        memcpy (ctr, ctr0, 16);
        memcpy (acc, acc0, 16);
        while (done < n)
          {
            piece = (size_t) (t_rnd64 () % (3 * batch_bytes + 40)) / 16
                    * 16;
            if (piece > n - done || t_rnd64 () % 8 == 0)
              piece = n - done;
            slot (&k, acc, ctr, split + done, src_buf + done, piece,
                  ks_tail, op);
            done += piece;
          }
        if (memcmp (one, split, n) || memcmp (ctr, ctr1, 16)
            || memcmp (acc, acc1, 16)
            || (n % 16 && memcmp (ks_tail, ks1, 16)))
          nfail++;
      }
  t_check (nfail == 0, "%s: %u random splits up to %zu bytes equal one "
           "call (%u differ)", kern->name, 2 * rounds, maxlen, nfail);
}

/* Input and output against PROT_NONE pages, every length 0..MAX_SHORT,
   both directions and the GHASH op.  */
static void
check_guard_pages (void)
{
  byte *in_lo, *in_hi, *out_lo, *out_hi;
  t_guard_t gin, gout;
  byte ctr0[16], acc0[16], acc_ref[16];
  test_key_t k;
  size_t n;
  unsigned int nfail = 0;
  int op;

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
  random_ctr (ctr0);
  t_rnd_bytes (acc0, 16);
  for (n = 0; n <= MAX_SHORT; n++)
    for (op = GCM_BULK_GHASH; op <= GCM_BULK_DECRYPT; op++)
      {
        byte ctr[16], acc[16], acc2[16], ks_tail[16];
        size_t len = op == GCM_BULK_GHASH ? n / 16 * 16 : n;
        int ok;

        make_reference (&k, ctr0, len, 0);
        memcpy (acc_ref, acc0, 16);
        ref_ghash (&k, acc_ref, ct_buf, len / 16);
        /* Both buffers ending at an inaccessible page...  */
        memcpy (in_hi - len, op == GCM_BULK_DECRYPT || op == GCM_BULK_GHASH
                ? ct_buf : src_buf, len);
        memcpy (ctr, ctr0, 16);
        memcpy (acc, acc0, 16);
        slot (&k, acc, ctr, out_hi - len, in_hi - len, len, ks_tail, op);
        ok = !memcmp (acc, acc_ref, 16);
        if (op != GCM_BULK_GHASH)
          ok &= !memcmp (out_hi - len, op == GCM_BULK_ENCRYPT ? ct_buf
                         : src_buf, len);
        /* ...and both starting right after one.  */
        memcpy (in_lo, in_hi - len, len);
        memcpy (ctr, ctr0, 16);
        memcpy (acc2, acc0, 16);
        slot (&k, acc2, ctr, out_lo, in_lo, len, ks_tail, op);
        ok &= !memcmp (acc2, acc_ref, 16);
        if (op != GCM_BULK_GHASH)
          ok &= !memcmp (out_lo, op == GCM_BULK_ENCRYPT ? ct_buf : src_buf,
                         len);
        if (!ok && nfail++ < 4)
          fprintf (stderr, "t-kernels-gcm: %s guard pages op %d n=%zu "
                   "wrong\n", kern->name, op, len);
      }
  t_check (nfail == 0, "%s: lengths 0..%d against guard pages, enc, dec "
           "and GHASH (%u wrong)", kern->name, MAX_SHORT, nfail);
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
}


/*
 * The ABI check, through the shared trampoline of t-abi-x86.h (its
 * second stack argument serves the stitched entry points).
 */
#include "t-abi-x86.h"

typedef void (*raw_crypt_t) (const aes_hw_key_t *, const byte *, byte *,
                             byte *, byte *, const byte *, size_t, byte *);
typedef void (*raw_ghash_t) (const byte *, byte *, const byte *, size_t);

static const struct
{
  const char *name;
  raw_crypt_t enc, dec;
  raw_ghash_t ghash;
} raw_kernels[] =
  {
#define RAW(v) { #v, _gcry_aes_gcm_enc_##v, _gcry_aes_gcm_dec_##v,      \
                 _gcry_aes_gcm_ghash_##v }
    RAW (aesni_avx), RAW (vaes_avx2), RAW (vaes_avx512_ymm),
    RAW (vaes_avx512_zmm)
#undef RAW
  };

static void
check_abi (int check_xinuse)
{
  size_t lens[6];
  test_key_t k;
  unsigned int ri, li, r;
  int op;
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
  lens[4] = batch_bytes;
  lens[5] = 3 * batch_bytes + 7 * 16 + 9;
  set_key (&k, 32);
  for (op = GCM_BULK_GHASH; op <= GCM_BULK_DECRYPT; op++)
    for (li = 0; li < DIM (lens); li++)
      {
        abi_call_t call;
        byte ctr0[16], ctr[16], acc0[16], acc[16], want_acc[16];
        byte ks_tail[16];
        char bad[80] = "";
        size_t n = op == GCM_BULK_GHASH ? lens[li] / 16 * 16 : lens[li];
        int ok;

        random_ctr (ctr0);
        t_rnd_bytes (acc0, 16);
        memcpy (ctr, ctr0, 16);
        memcpy (acc, acc0, 16);
        make_reference (&k, ctr0, n, 0);
        memset (&call, 0, sizeof call);
        if (op == GCM_BULK_GHASH)
          {
            call.fn = (void *) raw_kernels[ri].ghash;
            call.arg[0] = (u64) (uintptr_t) k.gkey.hpow;
            call.arg[1] = (u64) (uintptr_t) acc;
            call.arg[2] = (u64) (uintptr_t) ct_buf;
            call.arg[3] = n;
          }
        else
          {
            call.fn = op == GCM_BULK_ENCRYPT ? (void *) raw_kernels[ri].enc
                      : (void *) raw_kernels[ri].dec;
            call.arg[0] = (u64) (uintptr_t) &k.hw;
            call.arg[1] = (u64) (uintptr_t) k.gkey.hpow;
            call.arg[2] = (u64) (uintptr_t) acc;
            call.arg[3] = (u64) (uintptr_t) ctr;
            call.arg[4] = (u64) (uintptr_t) out_arena;
            call.arg[5] = (u64) (uintptr_t) (op == GCM_BULK_ENCRYPT
                                             ? src_buf : ct_buf);
            call.arg[6] = n;
            call.arg[7] = (u64) (uintptr_t) ks_tail;
          }
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        memcpy (want_acc, acc0, 16);
        ref_ghash (&k, want_acc, ct_buf, n / 16);
        ok = !memcmp (acc, want_acc, 16);
        if (op != GCM_BULK_GHASH)
          ok &= !memcmp (out_arena, op == GCM_BULK_ENCRYPT ? ct_buf
                         : src_buf, n);
        for (r = 0; r < DIM (abi_reg_names); r++)
          if (call.bad & (1u << r))
            {
              strcat (bad, " ");
              strcat (bad, abi_reg_names[r]);
            }
        t_check (!call.bad && ok, "%s op %d raw call n=%zu: callee-saved "
                 "registers%s%s, result %s", kern->name, op, n,
                 call.bad ? " clobbered:" : " kept", bad,
                 ok ? "ok" : "WRONG");
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s op %d raw call n=%zu: upper vector state %s",
                   kern->name, op, n, (call.xinuse_after & XINUSE_UPPER)
                   ? "left dirty" : "clean");
        if (vex && op != GCM_BULK_GHASH && n % 16)
          t_check (!call.red_zone[0] && !call.red_zone[1],
                   "%s op %d raw call n=%zu: red-zone bounce buffer wiped",
                   kern->name, op, n);
      }
}


/*
 * Benchmark (--bench): TSC cycles per byte.
 */

/* One GCM message of LEN bytes, 12-byte IV, as cipher-gcm.c runs it:
   stitched (one slot call with GCM_BULK_EK_J0 and GCM_BULK_TAG, the tag
   left in the state) or not (the variant's CTR kernel and the PCLMUL
   GHASH kernel, in chunks of 8 KiB, then the padded partial block and
   the length block).  */
static void
bench_message (const test_key_t *k, const aes_x86_ctr_kernel_t *ck,
               int stitched, int op, size_t len, byte *tag)
{
  byte ctr[16], state[64], block[16], ekj0[16], ks_tail[16];
  byte *acc = state;
  size_t i, n, rest = len % 16;

  memset (state, 0, sizeof state);
  memset (ctr, 0x42, 12);
  put_be32 (ctr + 12, 1);
  memset (block, 0, 16);
  block[14] = (byte) ((len * 8) >> 8);
  block[15] = (byte) (len * 8);
  block[13] = (byte) ((len * 8) >> 16);
  if (stitched)
    {
      memcpy (state + 32, ctr, 16);
      memcpy (state + 48, block, 16);
      put_be32 (ctr + 12, 2);
      slot (k, state, ctr, out_arena, src_buf, len, ks_tail,
            op | GCM_BULK_EK_J0 | GCM_BULK_TAG);
      memcpy (tag, state + 48, 16);
      return;
    }
  _gcry_aes_aesni_encrypt (&k->hw, ekj0, ctr, 1);
  put_be32 (ctr + 12, 2);
  for (i = 0; i < len; i += n)
    {
      n = len - i < 8192 ? len - i : 8192;
      if (op == GCM_BULK_DECRYPT)
        _gcry_ghash_update_pclmul (&k->ghash, acc, src_buf + i, n / 16);
      ck->ctr_crypt ((void *) &k->hw, ctr, out_arena + i, src_buf + i, n,
                     ks_tail);
      if (op == GCM_BULK_ENCRYPT)
        _gcry_ghash_update_pclmul (&k->ghash, acc, out_arena + i, n / 16);
    }
  if (rest)
    {
      byte last[16];
      const byte *ctext = op == GCM_BULK_ENCRYPT ? out_arena : src_buf;

      memset (last, 0, 16);
      memcpy (last, ctext + len - rest, rest);
      _gcry_ghash_update_pclmul (&k->ghash, acc, last, 1);
    }
  _gcry_ghash_update_pclmul (&k->ghash, acc, block, 1);
  for (i = 0; i < 16; i++)
    tag[i] = acc[i] ^ ekj0[i];
}

static double
bench_one (const test_key_t *k, const aes_x86_ctr_kernel_t *ck,
           int stitched, int op, size_t len)
{
  u64 best = ~(u64) 0, t0, t1;
  unsigned int reps = (unsigned int) (2 * 1024 * 1024 / len) + 1;
  unsigned int run, i;
  byte tag[16];

  for (run = 0; run < 7; run++)
    {
      t0 = __rdtsc ();
      for (i = 0; i < reps; i++)
        bench_message (k, ck, stitched, op, len, tag);
      t1 = __rdtsc ();
      if (t1 - t0 < best)
        best = t1 - t0;
    }
  return (double) best / ((double) reps * len);
}

static void
bench_variant (size_t keylen)
{
  static const size_t lens[] = { 16384, 1420, 512, 64 };
  const aes_x86_ctr_kernel_t *ck;
  test_key_t k;
  byte tag1[16], tag2[16];
  unsigned int li;
  int op;

  for (ck = _gcry_aes_x86_ctr_kernels; ck->name; ck++)
    if (!strcmp (ck->name, kern->name))
      break;
  if (!ck->name)
    return;
  set_key (&k, keylen);
  _gcry_ghash_setkey (&k.ghash, k.h,
                      _gcry_ghash_select_kernel (HWF_INTEL_PCLMUL
                                                 | HWF_INTEL_SSE4_1));
  bench_message (&k, ck, 1, GCM_BULK_ENCRYPT, 1420, tag1);
  bench_message (&k, ck, 0, GCM_BULK_ENCRYPT, 1420, tag2);
  if (memcmp (tag1, tag2, 16))
    printf ("bench %s: the two paths disagree!\n", kern->name);
  for (li = 0; li < DIM (lens); li++)
    for (op = GCM_BULK_ENCRYPT; op <= GCM_BULK_DECRYPT; op++)
      {
        double st = bench_one (&k, ck, 1, op, lens[li]);
        double un = bench_one (&k, ck, 0, op, lens[li]);

        printf ("bench %-16s AES-%u-GCM %s %5zu B: stitched %.3f c/B "
                "(%.0f c/msg), unstitched (CTR + PCLMUL GHASH) %.3f c/B, "
                "%.2fx\n", kern->name, (unsigned int) keylen * 8,
                op == GCM_BULK_ENCRYPT ? "enc" : "dec", lens[li], st,
                st * lens[li], un, un / st);
      }
}


int
main (int argc, char **argv)
{
  unsigned int hwf, i;
  int bench = 0, check_xinuse, ntested = 0;

  i = t_init ("t-kernels-gcm", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (i < (unsigned int) argc && !strcmp (argv[i], "--bench"))
    bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-kernels-gcm: library initialisation failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();

  src_buf = malloc (BUF_SIZE + 2 * SLACK);
  out_arena = malloc (BUF_SIZE + 3 * SLACK);
  ct_buf = malloc (BUF_SIZE);
  ref_ks = malloc (BUF_SIZE + 16);
  if (!src_buf || !out_arena || !ct_buf || !ref_ks)
    return 2;
  t_rnd_bytes (src_buf, BUF_SIZE + 2 * SLACK);

  check_xinuse = xinuse_usable ();
  if (!check_xinuse && !bench)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");

  for (i = 0; _gcry_aes_x86_gcm_kernels[i].name; i++)
    {
      kern = &_gcry_aes_x86_gcm_kernels[i];
      if (!t_variant_runs (kern->name, hwf, kern->hwf))
        continue;
      ntested++;
      /* 32 blocks per main-loop batch for zmm, 8 for the AES-NI
         variant, 16 for the others.  */
      batch_bytes = !strcmp (kern->name, "vaes_avx512_zmm") ? 512
                    : !strcmp (kern->name, "aesni_avx") ? 128 : 256;
      if (bench)
        {
          bench_variant (16);
          bench_variant (32);
          continue;
        }
      check_abi (check_xinuse);
      check_ghash_op ();
      check_short_lengths ();
      check_loop_multiples ();
      check_messages ();
      check_final_flags ();
      check_random_splits (3000, 200);
      check_random_splits (70000, 6);
      check_guard_pages ();
    }

  free (src_buf);
  free (out_arena);
  free (ct_buf);
  free (ref_ks);
  if (!ntested)
    {
      t_finish ();
      return 77;
    }
  return t_finish ();
}
#endif /* HAVE_AMD64_ASM */
