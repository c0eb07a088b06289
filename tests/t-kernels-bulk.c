/* t-kernels-bulk.c - white-box test of the x86-64 AES-ECB, CBC, CFB and
 * OCB kernels (cipher/aes-bulk-x86_64.S).
 *
 * Every variant the CPU can run (as the library's own feature detection
 * says) is compared, through its glue functions (the bulk-operations
 * slots ecb_crypt, cbc_dec, cfb_dec, cbc_enc, cfb_enc, ocb_enc, ocb_dec,
 * ocb_auth), with a reference made of the portable AES composed block
 * by block into the mode.  Variants the CPU cannot run are reported as
 * SKIP with the missing feature.
 *
 * Per variant, for ECB encryption and decryption, CBC and CFB decryption
 * (the vector kernels) and CBC and CFB encryption (the serial kernel all
 * variants share):
 *  - SP 800-38A F.1/F.2/F.3 (AES-128), so that the comparisons cannot
 *    pass with a reference that is wrong in the same way;
 *  - CBC-MAC (only the last block stored, to OUT[0..15]);
 *  - every block count 0..70 (all tails of every variant, two main-loop
 *    batches of the widest), all three key sizes, misaligned buffers,
 *    out of place and in place, with guard bytes around the output and
 *    the IV, checking the output and the IV update (unchanged for 0);
 *  - block counts around every multiple of the main-loop width (8
 *    vectors) up to 64 KiB;
 *  - one stream split at random into consecutive calls;
 *  - every block count 0..70 with input and output against inaccessible
 *    pages, before and after (a stray access crashes the test);
 *  - the assembly entry points called through a trampoline that checks
 *    the callee-saved registers, the stack pointer, the upper vector
 *    state (vzeroupper) and that the red zone is untouched.
 *
 * OCB (full blocks, offsets from a random L table and its prefix sums):
 * every block count 0..70 from first indexes that give every lane and
 * window alignment (and L indexes up to 63, near 2^63 and 2^64), all key
 * sizes, misaligned, in place, guard bytes, the offset, sum and block
 * count after the call; counts around the main-loop multiples up to 64
 * KiB; random splits of one message; guard pages; the raw entry points
 * through the trampoline, from a window start and from inside one.
 *
 * With --bench, times each variant against the interim AES-NI intrinsics
 * (aes-aesni.c) on 16 KiB and 1408-byte messages (1420, the usual
 * packet size, rounded down to whole blocks).  Not a test.
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
T_KERNELS_ABSENT_MAIN ("t-kernels-bulk")
#else /* HAVE_AMD64_ASM */

#include "t-abi-x86.h"

#define MAX_SHORT_BLOCKS 70             /* every block count up to this */
#define MAX_LONG (64 * 1024)            /* counts near main-loop multiples */
#define BUF_SIZE (72 * 1024)            /* longest message of any check */
#define SLACK 64                        /* misalignment room and guards */
#define GUARD 0xd7

/* One key in both layouts: the kernels' and the reference's.  */
typedef struct test_key
{
  aes_hw_key_t hw;
  aes_portable_key_t portable;
  size_t keylen;
} test_key_t;

enum op { OP_ECB_ENC, OP_ECB_DEC, OP_CBC_DEC, OP_CFB_DEC, OP_CBC_ENC,
          OP_CFB_ENC, N_OPS };
static const char *const op_names[N_OPS] =
  { "ECB-enc", "ECB-dec", "CBC-dec", "CFB-dec", "CBC-enc", "CFB-enc" };

/* Modes with an IV; it ends as the last ciphertext block: the last
   input block when decrypting, the last output block when encrypting. */
static int
op_chained (enum op op)
{
  return op >= OP_CBC_DEC;
}

static int
op_iv_from_output (enum op op)
{
  return op >= OP_CBC_ENC;
}

static const aes_x86_bulk_kernel_t *kern;  /* the variant under test */
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

/* The reference: OP over NBLOCKS blocks with the portable AES, straight
   from the mode definitions (the cipher runs on the whole array at once:
   the block cipher inputs of these modes do not depend on its outputs).
   IV (not for ECB) is updated as the contract says.  OUT != IN.  */
static void
ref_op (const test_key_t *k, enum op op, byte *iv, byte *out,
        const byte *in, size_t nblocks)
{
  size_t j, b;

  if (!nblocks)
    return;
  switch (op)
    {
    case OP_ECB_ENC:
      _gcry_aes_portable_encrypt (&k->portable, out, in, nblocks);
      return;
    case OP_ECB_DEC:
      _gcry_aes_portable_decrypt (&k->portable, out, in, nblocks);
      return;
    case OP_CBC_DEC:
      /* P[j] = D(C[j]) ^ C[j-1].  */
      _gcry_aes_portable_decrypt (&k->portable, out, in, nblocks);
      for (j = 0; j < nblocks; j++)
        for (b = 0; b < 16; b++)
          out[16 * j + b] ^= j ? in[16 * (j - 1) + b] : iv[b];
      break;
    case OP_CBC_ENC:
      /* C[j] = E(P[j] ^ C[j-1]), one block at a time.  */
      for (j = 0; j < nblocks; j++)
        {
          for (b = 0; b < 16; b++)
            out[16 * j + b] = in[16 * j + b] ^ iv[b];
          _gcry_aes_portable_encrypt (&k->portable, out + 16 * j,
                                      out + 16 * j, 1);
          memcpy (iv, out + 16 * j, 16);
        }
      return;
    case OP_CFB_ENC:
      /* C[j] = P[j] ^ E(C[j-1]).  */
      for (j = 0; j < nblocks; j++)
        {
          _gcry_aes_portable_encrypt (&k->portable, out + 16 * j, iv, 1);
          for (b = 0; b < 16; b++)
            out[16 * j + b] ^= in[16 * j + b];
          memcpy (iv, out + 16 * j, 16);
        }
      return;
    default:
      /* P[j] = C[j] ^ E(C[j-1]).  */
      memcpy (out, iv, 16);
      memcpy (out + 16, in, 16 * (nblocks - 1));
      _gcry_aes_portable_encrypt (&k->portable, out, out, nblocks);
      for (j = 0; j < 16 * nblocks; j++)
        out[j] ^= in[j];
      break;
    }
  memcpy (iv, in + 16 * (nblocks - 1), 16);
}

/* One call of the slot under test.  */
static void
slot_call (const test_key_t *k, enum op op, byte *iv, byte *out,
           const byte *in, size_t nblocks)
{
  void *ctx = (void *) &k->hw;

  switch (op)
    {
    case OP_ECB_ENC: kern->ecb_crypt (ctx, out, in, nblocks, 1); break;
    case OP_ECB_DEC: kern->ecb_crypt (ctx, out, in, nblocks, 0); break;
    case OP_CBC_DEC: kern->cbc_dec (ctx, iv, out, in, nblocks); break;
    case OP_CFB_DEC: kern->cfb_dec (ctx, iv, out, in, nblocks); break;
    case OP_CBC_ENC: kern->cbc_enc (ctx, iv, out, in, nblocks, 0); break;
    default: kern->cfb_enc (ctx, iv, out, in, nblocks); break;
    }
}

/* Buffers shared by the checks.  */
static byte *src_buf;           /* BUF_SIZE random bytes: the messages */
static byte *in_arena;          /* BUF_SIZE + SLACK: misaligned inputs */
static byte *out_arena;         /* BUF_SIZE + 3 * SLACK */
static byte *ref_out;           /* BUF_SIZE */

/* A reference for a whole family of calls: OP over the first NBLOCKS
   blocks of SRC_BUF from IV0.  A call on a prefix of SRC_BUF must give
   a prefix of REF_OUT.  */
typedef struct ref
{
  const test_key_t *k;
  enum op op;
  byte iv0[16];
  const byte *out;
} ref_t;

static void
make_ref (ref_t *r, const test_key_t *k, enum op op, byte *out,
          size_t nblocks)
{
  byte iv[16];

  r->k = k;
  r->op = op;
  t_rnd_bytes (r->iv0, 16);
  memcpy (iv, r->iv0, 16);
  ref_op (k, op, iv, out, src_buf, nblocks);
  r->out = out;
}

/* Call the slot once on the first NBLOCKS blocks of SRC_BUF, copied to
   the given misalignment (IN_PLACE: OUT == IN), and check the output,
   the guards around OUT and IV, and the IV update against R.  */
static int
check_one_call (const ref_t *r, size_t nblocks, unsigned int in_off,
                unsigned int out_off, int in_place, const char *what)
{
  byte iv_area[16 * 3], want_iv[16];
  byte *iv = iv_area + 16;
  byte *in = in_arena + in_off;
  byte *out = out_arena + SLACK + out_off;
  size_t n = 16 * nblocks, i;
  int ok_out, ok_guard = 1, ok_iv = 1;
  int chained = op_chained (r->op);

  memset (iv_area, GUARD, sizeof iv_area);
  memcpy (iv, r->iv0, 16);
  memcpy (want_iv, !chained || !nblocks ? r->iv0
          : op_iv_from_output (r->op) ? r->out + n - 16
          : src_buf + n - 16, 16);

  memset (out_arena, GUARD, SLACK + out_off);
  memset (out + n, GUARD, 2 * SLACK - out_off);
  if (in_place)
    in = out;
  else
    memset (out, 0, n);
  memcpy (in, src_buf, n);

  slot_call (r->k, r->op, iv, out, in, nblocks);

  ok_out = !memcmp (out, r->out, n);
  for (i = 0; i < SLACK + out_off && ok_guard; i++)
    ok_guard = out_arena[i] == GUARD;
  for (i = 0; i < 2 * SLACK - out_off && ok_guard; i++)
    ok_guard = out[n + i] == GUARD;
  for (i = 0; i < 16 && ok_guard; i++)
    ok_guard = iv_area[i] == GUARD && iv_area[32 + i] == GUARD;
  /* ECB must not touch IV at all.  */
  ok_iv = !memcmp (iv, want_iv, 16);

  return t_check (ok_out && ok_guard && ok_iv,
                  "%s %s AES-%u %s nblocks=%zu in+%u out+%u%s: output %s, "
                  "guards %s, iv %s", kern->name, op_names[r->op],
                  (unsigned int) r->k->keylen * 8, what, nblocks, in_off,
                  out_off, in_place ? " in place" : "",
                  ok_out ? "ok" : "WRONG", ok_guard ? "ok" : "CLOBBERED",
                  ok_iv ? "ok" : "WRONG");
}

/* SP 800-38A, AES-128: F.1.2 (ECB decrypt; F.1.1 for encrypt), F.2.2
   (CBC decrypt), F.3.14 (CFB128 decrypt); all four blocks.  */
static void
check_sp800_38a (void)
{
  static const byte key[16] =
    { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
      0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
  static const byte iv0[16] =
    { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
      0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
  static const byte pt[64] =
    { 0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
      0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
      0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
      0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
      0x30, 0xc8, 0x1c, 0x46, 0xa3, 0x5c, 0xe4, 0x11,
      0xe5, 0xfb, 0xc1, 0x19, 0x1a, 0x0a, 0x52, 0xef,
      0xf6, 0x9f, 0x24, 0x45, 0xdf, 0x4f, 0x9b, 0x17,
      0xad, 0x2b, 0x41, 0x7b, 0xe6, 0x6c, 0x37, 0x10 };
  static const byte ct[3][64] =
    {
      { /* ECB */
        0x3a, 0xd7, 0x7b, 0xb4, 0x0d, 0x7a, 0x36, 0x60,
        0xa8, 0x9e, 0xca, 0xf3, 0x24, 0x66, 0xef, 0x97,
        0xf5, 0xd3, 0xd5, 0x85, 0x03, 0xb9, 0x69, 0x9d,
        0xe7, 0x85, 0x89, 0x5a, 0x96, 0xfd, 0xba, 0xaf,
        0x43, 0xb1, 0xcd, 0x7f, 0x59, 0x8e, 0xce, 0x23,
        0x88, 0x1b, 0x00, 0xe3, 0xed, 0x03, 0x06, 0x88,
        0x7b, 0x0c, 0x78, 0x5e, 0x27, 0xe8, 0xad, 0x3f,
        0x82, 0x23, 0x20, 0x71, 0x04, 0x72, 0x5d, 0xd4 },
      { /* CBC */
        0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46,
        0xce, 0xe9, 0x8e, 0x9b, 0x12, 0xe9, 0x19, 0x7d,
        0x50, 0x86, 0xcb, 0x9b, 0x50, 0x72, 0x19, 0xee,
        0x95, 0xdb, 0x11, 0x3a, 0x91, 0x76, 0x78, 0xb2,
        0x73, 0xbe, 0xd6, 0xb8, 0xe3, 0xc1, 0x74, 0x3b,
        0x71, 0x16, 0xe6, 0x9e, 0x22, 0x22, 0x95, 0x16,
        0x3f, 0xf1, 0xca, 0xa1, 0x68, 0x1f, 0xac, 0x09,
        0x12, 0x0e, 0xca, 0x30, 0x75, 0x86, 0xe1, 0xa7 },
      { /* CFB128 */
        0x3b, 0x3f, 0xd9, 0x2e, 0xb7, 0x2d, 0xad, 0x20,
        0x33, 0x34, 0x49, 0xf8, 0xe8, 0x3c, 0xfb, 0x4a,
        0xc8, 0xa6, 0x45, 0x37, 0xa0, 0xb3, 0xa9, 0x3f,
        0xcd, 0xe3, 0xcd, 0xad, 0x9f, 0x1c, 0xe5, 0x8b,
        0x26, 0x75, 0x1f, 0x67, 0xa3, 0xcb, 0xb1, 0x40,
        0xb1, 0x80, 0x8c, 0xf1, 0x87, 0xa4, 0xf4, 0xdf,
        0xc0, 0x4b, 0x05, 0x35, 0x7c, 0x5d, 0x1c, 0x0e,
        0xea, 0xc4, 0xc6, 0x6f, 0x9f, 0xf7, 0xf2, 0xe6 }
    };
  test_key_t k;
  byte out[64], iv[16];
  int op;

  _gcry_aes_aesni_setkey (&k.hw, key, 16);
  for (op = 0; op < N_OPS; op++)
    {
      /* The ciphertext of the op's mode: ECB, CBC, CFB.  */
      const byte *c = ct[op == OP_ECB_ENC || op == OP_ECB_DEC ? 0
                         : op == OP_CBC_DEC || op == OP_CBC_ENC ? 1 : 2];
      int enc = op == OP_ECB_ENC || op >= OP_CBC_ENC;
      const byte *in = enc ? pt : c;
      const byte *want = enc ? c : pt;

      memcpy (iv, iv0, 16);
      slot_call (&k, op, iv, out, in, 4);
      t_check (!memcmp (out, want, 64)
               && (!op_chained (op) ? !memcmp (iv, iv0, 16)
                   : !memcmp (iv, c + 48, 16)),
               "%s SP 800-38A %s AES-128", kern->name, op_names[op]);
    }
  /* CBC-MAC: the last CBC block only, IV and OUT alike.  */
  memset (out, GUARD, sizeof out);
  memcpy (iv, iv0, 16);
  kern->cbc_enc (&k.hw, iv, out, pt, 4, 1);
  t_check (!memcmp (out, ct[1] + 48, 16) && !memcmp (iv, ct[1] + 48, 16)
           && out[16] == GUARD && out[63] == GUARD,
           "%s SP 800-38A CBC-MAC AES-128", kern->name);
}

/* Every block count 0..MAX_SHORT_BLOCKS, all key sizes, out of place
   and in place, misaligned.  */
static void
check_all_short_counts (enum op op)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  test_key_t k;
  ref_t r;
  size_t nb;
  int ki;
  unsigned long failed_before = t_failed;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, keylens[ki]);
      make_ref (&r, &k, op, ref_out, MAX_SHORT_BLOCKS);
      for (nb = 0; nb <= MAX_SHORT_BLOCKS; nb++)
        {
          if (t_failed - failed_before > 8)
            return;
          check_one_call (&r, nb, nb % 17, (nb * 7) % 33, 0, "short");
          check_one_call (&r, nb, 0, (nb * 3) % 19, 1, "short");
        }
    }
}

/* Block counts d away from every multiple of the main-loop width, up to
   MAX_LONG bytes; the key size rotates with the multiple.  */
static void
check_loop_multiples (enum op op)
{
  static const int deltas[] = { -9, -5, -1, 0, 1, 2, 5, 9 };
  static const size_t keylens[3] = { 16, 24, 32 };
  size_t width = 8 * vec_bytes / 16, m, nb;
  size_t maxblocks = MAX_LONG / 16 + 9;
  test_key_t keys[3];
  ref_t refs[3];
  byte *outs[3];
  unsigned int di;
  int ki;
  unsigned long failed_before = t_failed;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&keys[ki], keylens[ki]);
      outs[ki] = malloc (16 * maxblocks);
      if (!outs[ki])
        exit (2);
      make_ref (&refs[ki], &keys[ki], op, outs[ki], maxblocks);
    }
  for (m = 1; m * width * 16 <= MAX_LONG; m++)
    for (di = 0; di < DIM (deltas); di++)
      {
        if (t_failed - failed_before > 8)
          goto out;
        if ((ptrdiff_t) (m * width) + deltas[di] < 0)
          continue;
        nb = m * width + deltas[di];
        check_one_call (&refs[m % 3], nb, m % 5, di * 3,
                        (m + di) % 4 == 0, "loop-multiple");
      }
 out:
  for (ki = 0; ki < 3; ki++)
    free (outs[ki]);
}

/* One stream of TOTAL blocks split at random into consecutive calls
   (the IV carried from call to call), out of place and in place.  */
static void
check_random_splits (enum op op, size_t total, int rounds)
{
  test_key_t k;
  byte *out, iv[16], want_iv[16];
  size_t pos, nb;
  int r;

  out = malloc (16 * total);
  if (!out)
    exit (2);
  for (r = 0; r < rounds; r++)
    {
      set_key (&k, 16 + 8 * (r % 3));
      t_rnd_bytes (iv, 16);
      memcpy (want_iv, iv, 16);
      ref_op (&k, op, want_iv, ref_out, src_buf, total);
      if (r % 2)
        memcpy (out, src_buf, 16 * total);      /* in place */
      for (pos = 0; pos < total; pos += nb)
        {
          switch (t_rnd64 () % 4)
            {
            case 0: nb = t_rnd64 () % 3; break;
            case 1: nb = t_rnd64 () % 12; break;
            case 2: nb = t_rnd64 () % 40; break;
            default: nb = t_rnd64 () % (20 * vec_bytes / 16 + 5); break;
            }
          if (nb > total - pos)
            nb = total - pos;
          slot_call (&k, op, iv, out + 16 * pos,
                     (r % 2 ? out : src_buf) + 16 * pos, nb);
        }
      t_check (!memcmp (out, ref_out, 16 * total)
               && (!op_chained (op) || !memcmp (iv, want_iv, 16)),
               "%s %s random splits of %zu blocks%s (round %d)",
               kern->name, op_names[op], total, r % 2 ? " in place" : "",
               r);
    }
  free (out);
}

/* CBC-MAC (cbc_enc with CBC_MAC set): every block count 0..70, all key
   sizes; exactly OUT[0..15] is written, with the last CBC block (nothing
   for 0 blocks), and IV ends as that block.  Odd counts run with OUT on
   the first input block, which the contract allows.  */
static void
check_cbc_mac (void)
{
  test_key_t k;
  ref_t r;
  size_t nb, i;
  int ki, ok;
  byte iv[16], mac_area[16 + 3 * 16];
  byte *mac;

  for (ki = 0; ki < 3; ki++)
    {
      set_key (&k, 16 + 8 * ki);
      make_ref (&r, &k, OP_CBC_ENC, ref_out, MAX_SHORT_BLOCKS);
      for (nb = 0; nb <= MAX_SHORT_BLOCKS; nb++)
        {
          const byte *want = nb ? r.out + 16 * nb - 16 : NULL;
          byte *in = in_arena + 1;

          memcpy (in, src_buf, 16 * nb);
          memset (mac_area, GUARD, sizeof mac_area);
          mac = nb % 2 ? in : mac_area + 16 + nb % 7;
          memcpy (iv, r.iv0, 16);
          kern->cbc_enc (&k.hw, iv, mac, in, nb, 1);
          if (!nb)
            {
              ok = !memcmp (iv, r.iv0, 16);
              for (i = 0; i < sizeof mac_area && ok; i++)
                ok = mac_area[i] == GUARD;
            }
          else
            {
              ok = !memcmp (mac, want, 16) && !memcmp (iv, want, 16);
              if (nb % 2)
                ok = ok && !memcmp (in + 16, src_buf + 16, 16 * nb - 16);
              else
                for (i = 0; i < sizeof mac_area && ok; i++)
                  ok = (mac_area + i >= mac && mac_area + i < mac + 16)
                       || mac_area[i] == GUARD;
            }
          t_check (ok, "%s CBC-MAC AES-%u nblocks=%zu%s", kern->name,
                   (unsigned int) k.keylen * 8, nb,
                   nb % 2 ? " onto the first input block" : "");
        }
    }
}

/* Input and output against PROT_NONE pages on both sides, every block
   count 0..MAX_SHORT_BLOCKS: one byte too many read or written faults.  */
static void
check_guard_pages (enum op op)
{
  const size_t max_bytes = 16 * MAX_SHORT_BLOCKS;
  byte *in_lo, *in_hi, *out_lo, *out_hi;
  t_guard_t gin, gout;
  test_key_t k;
  size_t nb, n;
  unsigned int nfail = 0;
  byte iv0[16], iv[16], want_iv[16];

  if (t_guard_map (&gin, max_bytes) || t_guard_map (&gout, max_bytes))
    {
      t_guard_unmap (&gin);
      t_skip ("guard pages: mmap or mprotect failed");
      return;
    }
  /* Each buffer both right after a guard page and right before one.  */
  in_lo = gin.lo;
  in_hi = gin.hi + max_bytes;
  out_lo = gout.lo;
  out_hi = gout.hi + max_bytes;
  set_key (&k, 32);
  t_rnd_bytes (in_lo, max_bytes);
  t_rnd_bytes (gin.hi, max_bytes);
  t_rnd_bytes (iv0, 16);
  for (nb = 0; nb <= MAX_SHORT_BLOCKS; nb++)
    {
      int ok;

      n = 16 * nb;
      /* Both buffers ending at an inaccessible page...  */
      memcpy (want_iv, iv0, 16);
      ref_op (&k, op, want_iv, ref_out, in_hi - n, nb);
      memcpy (iv, iv0, 16);
      slot_call (&k, op, iv, out_hi - n, in_hi - n, nb);
      ok = !memcmp (out_hi - n, ref_out, n)
           && (!op_chained (op) || !memcmp (iv, want_iv, 16));
      /* ...and both starting right after one, in place.  */
      memcpy (want_iv, iv0, 16);
      ref_op (&k, op, want_iv, ref_out, in_lo, nb);
      memcpy (out_lo, in_lo, n);
      memcpy (iv, iv0, 16);
      slot_call (&k, op, iv, out_lo, out_lo, nb);
      ok = ok && !memcmp (out_lo, ref_out, n)
           && (!op_chained (op) || !memcmp (iv, want_iv, 16));
      if (!ok && nfail++ < 4)
        fprintf (stderr, "t-kernels-bulk: %s %s guard pages nblocks=%zu: "
                 "output wrong\n", kern->name, op_names[op], nb);
    }
  t_check (nfail == 0, "%s %s: block counts 0..%d against guard pages "
           "(%u wrong)", kern->name, op_names[op], MAX_SHORT_BLOCKS, nfail);
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
}


/*
 * OCB full blocks (the ocb_enc, ocb_dec and ocb_auth slots).  The L
 * table is random (the kernels take it as given) and its prefix sums
 * are computed here from it, as the contract defines them; the
 * reference runs RFC 7253's loop one block at a time with the portable
 * AES and the L table alone.
 */

enum ocb_mode { OCB_ENC, OCB_DEC, OCB_AUTH };
static const char *const ocb_names[3] = { "OCB-enc", "OCB-dec", "OCB-auth" };

typedef cipher_ocb_chain_t ocb_st_t;

static cipher_ocb_table_t ocb_tab;

/* Random L_i, and S_j = L_ntz(1) ^ ... ^ L_ntz(j).  */
static void
make_ocb_table (void)
{
  unsigned int j, b;

  t_rnd_bytes (ocb_tab.l, sizeof ocb_tab.l);
  for (j = 1; j <= OCB_SUMS_COUNT; j++)
    for (b = 0; b < 16; b++)
      ocb_tab.sums[j - 1][b] = (j > 1 ? ocb_tab.sums[j - 2][b] : 0)
                               ^ ocb_tab.l[__builtin_ctz (j)][b];
}

/* The reference over NBLOCKS from ST (updated); OUT unused for auth.
   With STATES non-NULL, STATES[j] is the state after j blocks.  */
static void
ref_ocb (const test_key_t *k, enum ocb_mode mode, ocb_st_t *st, byte *out,
         const byte *in, size_t nblocks, ocb_st_t *states)
{
  byte t[16];
  size_t j;
  int b;

  if (states)
    states[0] = *st;
  for (j = 0; j < nblocks; j++)
    {
      const byte *l;

      st->nblocks++;
      l = ocb_tab.l[__builtin_ctzll (st->nblocks)];
      for (b = 0; b < 16; b++)
        {
          st->offset[b] ^= l[b];
          t[b] = in[16 * j + b] ^ st->offset[b];
        }
      if (mode == OCB_DEC)
        _gcry_aes_portable_decrypt (&k->portable, t, t, 1);
      else
        _gcry_aes_portable_encrypt (&k->portable, t, t, 1);
      for (b = 0; b < 16; b++)
        {
          if (mode == OCB_AUTH)
            st->sum[b] ^= t[b];
          else
            {
              out[16 * j + b] = t[b] ^ st->offset[b];
              st->sum[b] ^= mode == OCB_ENC ? in[16 * j + b]
                                            : out[16 * j + b];
            }
        }
      if (states)
        states[j + 1] = *st;
    }
}

static void
ocb_call (const test_key_t *k, enum ocb_mode mode, ocb_st_t *st, byte *out,
          const byte *in, size_t nblocks)
{
  if (mode == OCB_AUTH)
    kern->ocb_auth ((void *) &k->hw, &ocb_tab, st, in, nblocks);
  else if (mode == OCB_ENC)
    kern->ocb_enc ((void *) &k->hw, &ocb_tab, st, out, in, nblocks);
  else
    kern->ocb_dec ((void *) &k->hw, &ocb_tab, st, out, in, nblocks);
}

/* One call on the first NBLOCKS blocks of SRC_BUF (copied to IN_OFF; OUT
   at OUT_OFF, or OUT == IN) against a reference REF_OUT / STATES made
   from ST0; checks output, guards and the state.  */
static int
check_ocb_call (const test_key_t *k, enum ocb_mode mode, const ocb_st_t *st0,
                const byte *ref, const ocb_st_t *states, size_t nblocks,
                unsigned int in_off, unsigned int out_off, int in_place,
                const char *what)
{
  ocb_st_t st = *st0;
  byte *in = in_arena + in_off;
  byte *out = out_arena + SLACK + out_off;
  size_t n = 16 * nblocks, i;
  int ok_out = 1, ok_guard = 1, ok_st;

  memset (out_arena, GUARD, BUF_SIZE + 3 * SLACK > n + 3 * SLACK
          ? n + 3 * SLACK : BUF_SIZE + 3 * SLACK);
  if (in_place)
    in = out;
  memcpy (in, src_buf, n);
  ocb_call (k, mode, &st, mode == OCB_AUTH ? NULL : out, in, nblocks);
  if (mode != OCB_AUTH)
    ok_out = !memcmp (out, ref, n);
  else if (in_place)
    ok_out = !memcmp (out, src_buf, n);         /* input untouched */
  for (i = 0; i < SLACK + out_off && ok_guard; i++)
    ok_guard = out_arena[i] == GUARD;
  for (i = 0; i < 2 * SLACK - out_off && ok_guard; i++)
    ok_guard = out[n + i] == GUARD;
  if (mode == OCB_AUTH && !in_place)
    for (i = 0; i < n && ok_guard; i++)
      ok_guard = out[i] == GUARD;
  ok_st = !memcmp (&st, &states[nblocks], sizeof st);
  return t_check (ok_out && ok_guard && ok_st,
                  "%s %s AES-%u %s index %llu nblocks=%zu in+%u out+%u%s: "
                  "output %s, guards %s, offset/sum/index %s", kern->name,
                  ocb_names[mode], (unsigned int) k->keylen * 8, what,
                  (unsigned long long) st0->nblocks, nblocks, in_off, out_off,
                  in_place ? " in place" : "", ok_out ? "ok" : "WRONG",
                  ok_guard ? "ok" : "CLOBBERED", ok_st ? "ok" : "WRONG");
}

static ocb_st_t *ocb_states;    /* MAX_LONG / 16 + 10 entries */

static void
random_ocb_state (ocb_st_t *st, u64 index)
{
  t_rnd_bytes (st->offset, 16);
  t_rnd_bytes (st->sum, 16);
  st->nblocks = index;
}

/* Every block count 0..MAX_SHORT_BLOCKS from several first indexes (so
   every alignment of the vector lanes, and L indexes up to 63), all key
   sizes; then counts around the main-loop multiples up to 64 KiB.  */
static void
check_ocb_counts (enum ocb_mode mode)
{
  static const u64 starts[] =
    { 0, 1, 2, 3, 5, 6, 7, 13, 30, 31, 32, 33, 63, 1000,
      0xfffffffcULL, 0x7fffffffffffffe0ULL, 0xffffffffffffff00ULL };
  static const int deltas[] = { -9, -5, -1, 0, 1, 2, 5, 9 };
  size_t width = 8 * vec_bytes / 16, maxblocks = MAX_LONG / 16 + 9;
  size_t nb, m;
  test_key_t k;
  ocb_st_t st0, st;
  unsigned int si, di;
  unsigned long failed_before = t_failed;

  for (si = 0; si < DIM (starts); si++)
    {
      set_key (&k, 16 + 8 * (si % 3));
      random_ocb_state (&st0, starts[si]);
      st = st0;
      ref_ocb (&k, mode, &st, ref_out, src_buf, MAX_SHORT_BLOCKS, ocb_states);
      for (nb = 0; nb <= MAX_SHORT_BLOCKS; nb++)
        {
          if (t_failed - failed_before > 8)
            return;
          check_ocb_call (&k, mode, &st0, ref_out, ocb_states, nb, nb % 17,
                          (nb * 7) % 33, 0, "short");
          check_ocb_call (&k, mode, &st0, ref_out, ocb_states, nb, 0,
                          (nb * 3) % 19, 1, "short");
        }
    }
  for (si = 0; si < 2; si++)
    {
      set_key (&k, si ? 32 : 16);
      random_ocb_state (&st0, si ? 5 : 0);      /* aligned, and not */
      st = st0;
      ref_ocb (&k, mode, &st, ref_out, src_buf, maxblocks, ocb_states);
      for (m = 1; m * width * 16 <= MAX_LONG; m++)
        for (di = 0; di < DIM (deltas); di++)
          {
            if (t_failed - failed_before > 8)
              return;
            if ((ptrdiff_t) (m * width) + deltas[di] < 0)
              continue;
            nb = m * width + deltas[di];
            check_ocb_call (&k, mode, &st0, ref_out, ocb_states, nb, m % 5,
                            di * 3, (m + di) % 4 == 0, "loop-multiple");
          }
    }
}

/* One message of TOTAL blocks split at random into consecutive calls,
   out of place and in place.  */
static void
check_ocb_splits (enum ocb_mode mode, size_t total, int rounds)
{
  test_key_t k;
  ocb_st_t st0, st, want;
  byte *out;
  size_t pos, nb;
  int r;

  out = malloc (16 * total);
  if (!out)
    exit (2);
  for (r = 0; r < rounds; r++)
    {
      set_key (&k, 16 + 8 * (r % 3));
      random_ocb_state (&st0, t_rnd64 () % 50);
      want = st0;
      ref_ocb (&k, mode, &want, ref_out, src_buf, total, NULL);
      st = st0;
      memcpy (out, src_buf, 16 * total);
      for (pos = 0; pos < total; pos += nb)
        {
          /* Mostly short pieces, some past the kernels' threshold for
             their table of batches (four batches).  */
          switch (t_rnd64 () % 5)
            {
            case 4: nb = t_rnd64 () % (40 * vec_bytes / 16); break;
            case 0: nb = t_rnd64 () % 3; break;
            case 1: nb = t_rnd64 () % 12; break;
            case 2: nb = t_rnd64 () % 40; break;
            default: nb = t_rnd64 () % (20 * vec_bytes / 16 + 5); break;
            }
          if (nb > total - pos)
            nb = total - pos;
          ocb_call (&k, mode, &st, out + 16 * pos,
                    (r % 2 ? out : src_buf) + 16 * pos, nb);
        }
      t_check ((mode == OCB_AUTH ? !memcmp (out, src_buf, 16 * total)
                : !memcmp (out, ref_out, 16 * total))
               && !memcmp (&st, &want, sizeof st),
               "%s %s random splits of %zu blocks%s (round %d)",
               kern->name, ocb_names[mode], total,
               r % 2 ? " in place" : "", r);
    }
  free (out);
}

/* Input and output against PROT_NONE pages, every block count 0..70
   from a misaligned first index and from index 0.  */
static void
check_ocb_guard_pages (enum ocb_mode mode)
{
  const size_t max_bytes = 16 * MAX_SHORT_BLOCKS;
  byte *in_lo, *in_hi, *out_lo, *out_hi;
  t_guard_t gin, gout;
  test_key_t k;
  ocb_st_t st0, st, want;
  size_t nb, n;
  unsigned int nfail = 0, si;
  int ok;

  if (t_guard_map (&gin, max_bytes) || t_guard_map (&gout, max_bytes))
    {
      t_guard_unmap (&gin);
      t_skip ("OCB guard pages: mmap or mprotect failed");
      return;
    }
  /* Each buffer both right after a guard page and right before one.  */
  in_lo = gin.lo;
  in_hi = gin.hi + max_bytes;
  out_lo = gout.lo;
  out_hi = gout.hi + max_bytes;
  set_key (&k, 32);
  t_rnd_bytes (in_lo, max_bytes);
  t_rnd_bytes (gin.hi, max_bytes);
  /* Index 3: the single blocks and vectors that lead to a window
     start; index 0: whole windows and the window tails (the EVEX
     variants' masked last vector runs into the guard page).  */
  for (si = 0; si < 2 * (MAX_SHORT_BLOCKS + 1); si++)
    {
      nb = si % (MAX_SHORT_BLOCKS + 1);
      if (nb == 0)
        random_ocb_state (&st0, si ? 0 : 3);
      n = 16 * nb;
      want = st0;
      ref_ocb (&k, mode, &want, ref_out, in_hi - n, nb, NULL);
      st = st0;
      ocb_call (&k, mode, &st, out_hi - n, in_hi - n, nb);
      ok = !memcmp (&st, &want, sizeof st)
           && (mode == OCB_AUTH || !memcmp (out_hi - n, ref_out, n));
      want = st0;
      ref_ocb (&k, mode, &want, ref_out, in_lo, nb, NULL);
      st = st0;
      memcpy (out_lo, in_lo, n);
      ocb_call (&k, mode, &st, out_lo, out_lo, nb);
      ok = ok && !memcmp (&st, &want, sizeof st)
           && (mode == OCB_AUTH || !memcmp (out_lo, ref_out, n));
      if (!ok && nfail++ < 4)
        fprintf (stderr, "t-kernels-bulk: %s %s guard pages index %llu "
                 "nblocks=%zu: wrong\n", kern->name, ocb_names[mode],
                 (unsigned long long) st0.nblocks, nb);
    }
  t_check (nfail == 0, "%s %s: block counts 0..%d from indexes 3 and 0 "
           "against guard pages (%u wrong)", kern->name, ocb_names[mode],
           MAX_SHORT_BLOCKS, nfail);
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
}

/* The raw OCB entry points through the ABI trampoline, from a window
   start and from inside one; they promise not to use the stack at
   all.  */
typedef struct
{
  const char *name;
  void *fn[3];
} raw_ocb_t;

#define RAW_OCB(v)                                                      \
  { #v, { (void *) _gcry_aes_ocb_enc_##v, (void *) _gcry_aes_ocb_dec_##v, \
          (void *) _gcry_aes_ocb_auth_##v } }

static const raw_ocb_t raw_ocbs[] =
  {
    RAW_OCB (aesni_avx),
    RAW_OCB (vaes_avx2),
    RAW_OCB (vaes_avx512_ymm),
    RAW_OCB (vaes_avx512_zmm),
  };

static void
check_ocb_abi (int check_xinuse)
{
  size_t counts[5];
  test_key_t k;
  unsigned int ri, ci;
  int mode;

  for (ri = 0; ri < DIM (raw_ocbs); ri++)
    if (!strcmp (raw_ocbs[ri].name, kern->name))
      break;
  if (!t_check (ri < DIM (raw_ocbs), "%s: raw OCB entry points known",
                kern->name))
    return;
  counts[0] = 0;
  counts[1] = 1;
  counts[2] = vec_bytes / 16 + 1;
  counts[3] = 8 * vec_bytes / 16;
  counts[4] = 2 * 8 * vec_bytes / 16 + 7;
  set_key (&k, 32);
  for (mode = 0; mode < 3; mode++)
    for (ci = 0; ci < 2 * DIM (counts); ci++)
      {
        abi_call_t call;
        ocb_st_t st, want;
        size_t nb = counts[ci / 2];
        int ok;

        random_ocb_state (&want, ci % 2);
        st = want;
        ref_ocb (&k, mode, &want, ref_out, src_buf, nb, NULL);
        memset (&call, 0, sizeof call);
        call.fn = raw_ocbs[ri].fn[mode];
        call.arg[0] = (u64) (uintptr_t) &k.hw;
        call.arg[1] = (u64) (uintptr_t) &ocb_tab;
        call.arg[2] = (u64) (uintptr_t) &st;
        if (mode == OCB_AUTH)
          {
            call.arg[3] = (u64) (uintptr_t) src_buf;
            call.arg[4] = nb;
          }
        else
          {
            call.arg[3] = (u64) (uintptr_t) out_arena;
            call.arg[4] = (u64) (uintptr_t) src_buf;
            call.arg[5] = nb;
          }
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        ok = !memcmp (&st, &want, sizeof st)
             && (mode == OCB_AUTH || !memcmp (out_arena, ref_out, 16 * nb));
        t_check (!call.bad && ok, "%s %s raw call nblocks=%zu from index "
                 "%d: callee-saved registers and stack pointer %s, result "
                 "%s", kern->name, ocb_names[mode], nb, (int) (ci % 2),
                 call.bad ? "CLOBBERED" : "kept", ok ? "ok" : "WRONG");
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s %s raw call nblocks=%zu: upper vector state %s",
                   kern->name, ocb_names[mode], nb,
                   (call.xinuse_after & XINUSE_UPPER) ? "left dirty"
                   : "clean");
        t_check (call.red_zone[0] == ABI_RED_ZONE_PATTERN
                 && call.red_zone[1] == ABI_RED_ZONE_PATTERN,
                 "%s %s raw call nblocks=%zu: red zone untouched",
                 kern->name, ocb_names[mode], nb);
      }
}


/*
 * The ABI check on the raw assembly entry points.
 */

typedef struct
{
  const char *name;
  void *fn[N_OPS];
} raw_variant_t;

#define RAW_VARIANT(v)                                                  \
  { #v, { (void *) _gcry_aes_ecb_enc_##v, (void *) _gcry_aes_ecb_dec_##v, \
          (void *) _gcry_aes_cbc_dec_##v, (void *) _gcry_aes_cfb_dec_##v, \
          (void *) _gcry_aes_cbc_enc_aesni_avx,                         \
          (void *) _gcry_aes_cfb_enc_aesni_avx } }

static const raw_variant_t raw_variants[] =
  {
    RAW_VARIANT (aesni_avx),
    RAW_VARIANT (vaes_avx2),
    RAW_VARIANT (vaes_avx512_ymm),
    RAW_VARIANT (vaes_avx512_zmm),
  };

static void
check_abi (int check_xinuse)
{
  size_t counts[6];
  test_key_t k;
  unsigned int ri, ci, r;
  int op;

  for (ri = 0; ri < DIM (raw_variants); ri++)
    if (!strcmp (raw_variants[ri].name, kern->name))
      break;
  if (!t_check (ri < DIM (raw_variants), "%s: raw entry points known",
                kern->name))
    return;
  counts[0] = 0;
  counts[1] = 1;
  counts[2] = 3;
  counts[3] = vec_bytes / 16 + 1;
  counts[4] = 8 * vec_bytes / 16;
  counts[5] = 2 * 8 * vec_bytes / 16 + 7;
  set_key (&k, 32);
  for (op = 0; op < N_OPS; op++)
    for (ci = 0; ci < DIM (counts); ci++)
      {
        abi_call_t call;
        byte iv[16], want_iv[16];
        char bad[80] = "";
        size_t nb = counts[ci];
        int chained = op_chained (op), ok_out;

        t_rnd_bytes (iv, 16);
        memcpy (want_iv, iv, 16);
        ref_op (&k, op, want_iv, ref_out, src_buf, nb);
        memset (&call, 0, sizeof call);
        call.fn = raw_variants[ri].fn[op];
        call.arg[0] = (u64) (uintptr_t) &k.hw;
        if (chained)
          {
            call.arg[1] = (u64) (uintptr_t) iv;
            call.arg[2] = (u64) (uintptr_t) out_arena;
            call.arg[3] = (u64) (uintptr_t) src_buf;
            call.arg[4] = nb;
          }
        else
          {
            call.arg[1] = (u64) (uintptr_t) out_arena;
            call.arg[2] = (u64) (uintptr_t) src_buf;
            call.arg[3] = nb;
          }
        call.check_xinuse = check_xinuse;
        t_abi_call (&call);
        ok_out = !memcmp (out_arena, ref_out, 16 * nb)
                 && (!chained || !memcmp (iv, want_iv, 16));
        for (r = 0; r < DIM (abi_reg_names); r++)
          if (call.bad & (1u << r))
            {
              strcat (bad, " ");
              strcat (bad, abi_reg_names[r]);
            }
        t_check (!call.bad && ok_out,
                 "%s %s raw call nblocks=%zu: callee-saved registers%s%s, "
                 "output %s", kern->name, op_names[op], nb,
                 call.bad ? " clobbered:" : " kept", bad,
                 ok_out ? "ok" : "WRONG");
        if (check_xinuse)
          t_check (!(call.xinuse_after & XINUSE_UPPER),
                   "%s %s raw call nblocks=%zu: upper vector state %s "
                   "(XINUSE %#llx)", kern->name, op_names[op], nb,
                   (call.xinuse_after & XINUSE_UPPER) ? "left dirty"
                   : "clean", (unsigned long long) call.xinuse_after);
        /* The kernels promise not to use the stack at all.  */
        t_check (call.red_zone[0] == ABI_RED_ZONE_PATTERN
                 && call.red_zone[1] == ABI_RED_ZONE_PATTERN,
                 "%s %s raw call nblocks=%zu: red zone untouched",
                 kern->name, op_names[op], nb);
      }
}


/*
 * Benchmark (--bench): TSC cycles per byte (the time-stamp counter, not
 * core clocks: compare ratios across machines), best of several runs.
 */

/* The interim AES-NI intrinsics, as aes.c's "aesni" entry fills the
   slots.  */
static void
aesni_op (const test_key_t *k, enum op op, byte *iv, byte *out,
          const byte *in, size_t nblocks)
{
  switch (op)
    {
    case OP_ECB_ENC:
      _gcry_aes_aesni_ecb_crypt (&k->hw, out, in, nblocks, 1);
      break;
    case OP_ECB_DEC:
      _gcry_aes_aesni_ecb_crypt (&k->hw, out, in, nblocks, 0);
      break;
    case OP_CBC_DEC:
      _gcry_aes_aesni_cbc_dec (&k->hw, iv, out, in, nblocks);
      break;
    case OP_CBC_ENC:
      _gcry_aes_aesni_cbc_enc (&k->hw, iv, out, in, nblocks, 0);
      break;
    case OP_CFB_ENC:
      _gcry_aes_aesni_cfb_enc (&k->hw, iv, out, in, nblocks);
      break;
    default:
      _gcry_aes_aesni_cfb_dec (&k->hw, iv, out, in, nblocks);
      break;
    }
}

static double
bench_one (const test_key_t *k, enum op op, int use_kernel, size_t len)
{
  byte iv[16] = { 0 };
  u64 best = ~(u64) 0, t0, t1;
  unsigned int reps = (unsigned int) (4 * 1024 * 1024 / len) + 1;
  unsigned int run, i;

  for (run = 0; run < 7; run++)
    {
      t0 = __rdtsc ();
      for (i = 0; i < reps; i++)
        {
          if (use_kernel)
            slot_call (k, op, iv, out_arena, src_buf, len / 16);
          else
            aesni_op (k, op, iv, out_arena, src_buf, len / 16);
        }
      t1 = __rdtsc ();
      if (t1 - t0 < best)
        best = t1 - t0;
    }
  return (double) best / ((double) reps * len);
}

/* OCB through the slot, against the generic path the mode code runs
   without it: the offsets and checksum in C around the AES-NI ECB
   intrinsics, 8 blocks at a time (what cipher-ocb.c does).  */
static void
ocb_generic (const test_key_t *k, enum ocb_mode mode, ocb_st_t *st,
             byte *out, const byte *in, size_t nblocks)
{
  byte buf[8 * 16], offs[8 * 16];
  size_t n, i, b;

  for (; nblocks; nblocks -= n, in += 16 * n, out += 16 * n)
    {
      n = nblocks < 8 ? nblocks : 8;
      for (i = 0; i < n; i++)
        {
          const byte *l;

          st->nblocks++;
          l = ocb_tab.l[__builtin_ctzll (st->nblocks)];
          for (b = 0; b < 16; b++)
            {
              st->offset[b] ^= l[b];
              offs[16 * i + b] = st->offset[b];
              buf[16 * i + b] = in[16 * i + b] ^ st->offset[b];
              if (mode == OCB_ENC)
                st->sum[b] ^= in[16 * i + b];
            }
        }
      _gcry_aes_aesni_ecb_crypt (&k->hw, buf, buf, n, mode != OCB_DEC);
      for (i = 0; i < 16 * n; i++)
        {
          if (mode == OCB_AUTH)
            st->sum[i % 16] ^= buf[i];
          else
            {
              out[i] = buf[i] ^ offs[i];
              if (mode == OCB_DEC)
                st->sum[i % 16] ^= out[i];
            }
        }
    }
}

static double
bench_ocb (const test_key_t *k, enum ocb_mode mode, int use_kernel,
           size_t len)
{
  ocb_st_t st;
  u64 best = ~(u64) 0, t0, t1;
  unsigned int reps = (unsigned int) (4 * 1024 * 1024 / len) + 1;
  unsigned int run, i;

  memset (&st, 0, sizeof st);
  for (run = 0; run < 7; run++)
    {
      t0 = __rdtsc ();
      for (i = 0; i < reps; i++)
        {
          if (use_kernel)
            ocb_call (k, mode, &st, out_arena, src_buf, len / 16);
          else
            ocb_generic (k, mode, &st, out_arena, src_buf, len / 16);
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
  static const size_t lens[] = { 16384, 1408 };
  test_key_t k;
  unsigned int li, ki;
  int op;

  for (ki = 0; ki < 2; ki++)
    {
      set_key (&k, ki ? 32 : 16);
      for (li = 0; li < DIM (lens); li++)
        for (op = 0; op < N_OPS; op++)
          {
            double base = bench_one (&k, op, 0, lens[li]);
            double fast = bench_one (&k, op, 1, lens[li]);

            printf ("bench %-16s AES-%u %5zu B %s: %.3f c/B (%.2fx AES-NI "
                    "intrinsics at %.3f)\n", kern->name, ki ? 256 : 128,
                    lens[li], op_names[op], fast, base / fast, base);
          }
      for (li = 0; li < DIM (lens); li++)
        for (op = 0; op < 3; op++)
          {
            double base = bench_ocb (&k, op, 0, lens[li]);
            double fast = bench_ocb (&k, op, 1, lens[li]);

            printf ("bench %-16s AES-%u %5zu B %s: %.3f c/B (%.2fx generic "
                    "OCB on AES-NI ECB at %.3f)\n", kern->name,
                    ki ? 256 : 128, lens[li], ocb_names[op], fast,
                    base / fast, base);
          }
    }
}


int
main (int argc, char **argv)
{
  unsigned int hwf, i;
  int bench = 0, check_xinuse, op, ntested = 0;

  i = t_init ("t-kernels-bulk", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (i < (unsigned int) argc && !strcmp (argv[i], "--bench"))
    bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-kernels-bulk: library initialisation failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();

  src_buf = malloc (BUF_SIZE);
  in_arena = malloc (BUF_SIZE + SLACK);
  out_arena = malloc (BUF_SIZE + 3 * SLACK);
  ref_out = malloc (BUF_SIZE);
  if (!src_buf || !in_arena || !out_arena || !ref_out)
    return 2;
  t_rnd_bytes (src_buf, BUF_SIZE);
  make_ocb_table ();
  ocb_states = malloc ((MAX_LONG / 16 + 10) * sizeof *ocb_states);
  if (!ocb_states)
    return 2;

  check_xinuse = xinuse_usable ();
  if (!check_xinuse && !bench)
    t_skip ("upper vector state check: XGETBV(1) unavailable or does not "
            "track vzeroupper here");

  for (i = 0; _gcry_aes_x86_bulk_kernels[i].name; i++)
    {
      kern = &_gcry_aes_x86_bulk_kernels[i];
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
      check_cbc_mac ();
      for (op = 0; op < N_OPS; op++)
        {
          check_all_short_counts (op);
          check_loop_multiples (op);
          check_random_splits (op, 200, 8);
          check_random_splits (op, 4000, 2);
          check_guard_pages (op);
        }
      check_ocb_abi (check_xinuse);
      for (op = 0; op < 3; op++)
        {
          check_ocb_counts (op);
          check_ocb_splits (op, 200, 8);
          check_ocb_splits (op, 4000, 2);
          check_ocb_guard_pages (op);
        }
    }

  free (src_buf);
  free (in_arena);
  free (out_arena);
  free (ref_out);
  free (ocb_states);
  if (!ntested)
    {
      t_finish ();
      return 77;                /* nothing could run: SKIP, not PASS */
    }
  return t_finish ();
}

#endif /* HAVE_AMD64_ASM */
