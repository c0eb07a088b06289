/* t-chacha20-kernels.c - white-box test of the ChaCha20 keystream
 * kernels.
 *
 * Links the internal convenience library and walks the kernel table of
 * cipher/chacha20.c (the last entry is the portable kernel).  Every
 * entry the CPU can run, the portable one included, is called directly
 * with its chacha20_crypt_t contract (cipher/chacha20.h) and checked
 * against a reference written here from RFC 8439, section 2.3, which
 * shares no code with the library:
 *
 *  - RFC 8439's block function example (2.3.2) and keystream (2.4.2);
 *  - every length 0..4100 in one call, random state and data: output,
 *    counter advance (one per block started), KS_TAIL holding the
 *    keystream of a final partial block and untouched otherwise, no
 *    byte written before or after the output, the other state words
 *    unchanged;
 *  - lengths around every multiple of 256 and 1024 bytes (the rows and
 *    wide step sizes) up to 64 KiB, each +-1, +-63, +-64, +-65;
 *  - counters just below 2^32 and 2^64: the 64-bit carry across words
 *    12 and 13 and the wrap to 0, in the lanes of one step and between
 *    steps;
 *  - in place (OUT == IN), and every input/output misalignment 0..63;
 *  - a message split into random pieces of whole blocks equals one call;
 *  - input and output flush against inaccessible pages (either end);
 *  - a stitched ChaCha20-Poly1305 entry (aead): for 1..16 steps of 512
 *    bytes, both directions, in place or not, from a random accumulator
 *    and from the largest one kernels accept (h2 = 7, h1 = h0 = 2^64 -
 *    1): the output against the reference, the counter, and the tag
 *    against the portable Poly1305 kernel fed the same ciphertext (all
 *    of it for decryption, all but the last 512 bytes for encryption);
 *    the accumulator's top word at most 4 afterwards;
 *  - x86-64: the assembly entries through a trampoline that checks the
 *    callee-saved registers and the stack pointer, that ymm0-15 (and for
 *    the AVX-512 kernels zmm16-31) are zero on return, and that none of
 *    the key words is left in the 4 KiB of stack below the call.
 *
 * Kernels whose instruction set the CPU lacks are reported with SKIP;
 * HWF_X86_ZMM is a choice, not a capability, so it does not stop a
 * kernel from being tested here.
 *
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel for a few lengths; `make check` never runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chacha20.h"
#include "poly1305.h"
#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"

#define POLICY_BITS (HWF_X86_ZMM | HWF_X86_FAST_VECTOR)
#define MAXLEN (65536 + 256)

static unsigned int hwf;


/*
 * The reference: RFC 8439, 2.3, word by word.
 */

static u32
ref_rotl (u32 v, int n)
{
  return (v << n) | (v >> (32 - n));
}

static void
ref_quarter (u32 *x, int a, int b, int c, int d)
{
  x[a] += x[b]; x[d] = ref_rotl (x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = ref_rotl (x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = ref_rotl (x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = ref_rotl (x[b] ^ x[c], 7);
}

/* Keystream block number CTR (64-bit, words 12-13) of STATE.  */
static void
ref_block (const u32 state[16], u64 ctr, unsigned char out[64])
{
  u32 in[16], x[16];
  int i;

  memcpy (in, state, sizeof in);
  in[12] = (u32) ctr;
  in[13] = (u32) (ctr >> 32);
  memcpy (x, in, sizeof x);
  for (i = 0; i < 10; i++)
    {
      ref_quarter (x, 0, 4, 8, 12);
      ref_quarter (x, 1, 5, 9, 13);
      ref_quarter (x, 2, 6, 10, 14);
      ref_quarter (x, 3, 7, 11, 15);
      ref_quarter (x, 0, 5, 10, 15);
      ref_quarter (x, 1, 6, 11, 12);
      ref_quarter (x, 2, 7, 8, 13);
      ref_quarter (x, 3, 4, 9, 14);
    }
  for (i = 0; i < 16; i++)
    {
      u32 v = x[i] + in[i];

      out[4 * i] = (unsigned char) v;
      out[4 * i + 1] = (unsigned char) (v >> 8);
      out[4 * i + 2] = (unsigned char) (v >> 16);
      out[4 * i + 3] = (unsigned char) (v >> 24);
    }
}

/* OUT = IN ^ keystream of STATE from its counter, LEN bytes.  */
static void
ref_crypt (const u32 state[16], unsigned char *out, const unsigned char *in,
           size_t len)
{
  u64 ctr = (u64) state[13] << 32 | state[12];
  unsigned char ks[64];
  size_t i;

  for (i = 0; i < len; i++)
    {
      if (i % 64 == 0)
        ref_block (state, ctr++, ks);
      out[i] = in[i] ^ ks[i % 64];
    }
}

static u64
get_ctr (const u32 state[16])
{
  return (u64) state[13] << 32 | state[12];
}

static void
set_ctr (u32 state[16], u64 ctr)
{
  state[12] = (u32) ctr;
  state[13] = (u32) (ctr >> 32);
}

static void
random_state (u32 state[16])
{
  static const u32 sigma[4] = { 0x61707865, 0x3320646e, 0x79622d32,
                                0x6b206574 };
  int i;

  memcpy (state, sigma, sizeof sigma);
  for (i = 4; i < 16; i++)
    state[i] = (u32) t_rnd64 ();
}


/*
 * Checks through the kernel's function pointer.
 */

static unsigned char *buf_in, *buf_out, *buf_ref;

/* One call of LEN bytes at offsets IOFF/OOFF (OUT == IN when INPLACE)
   against the reference: output, guard bytes, counter, KS_TAIL, the
   other state words.  0 when all is well.  */
static int
check_call (const chacha20_kernel_t *k, const u32 state0[16], size_t len,
            size_t ioff, size_t ooff, int inplace, const char *what)
{
  u32 state[16];
  unsigned char tail[64 + 32], want_tail[64];
  unsigned char *in = buf_in + ioff, *out = inplace ? in : buf_out + ooff;
  u64 want_ctr = get_ctr (state0) + (len + 63) / 64;
  int ok = 1;

  memcpy (state, state0, sizeof state);
  t_rnd_bytes (in, len);
  ref_crypt (state0, buf_ref, in, len);
  if (!inplace)
    {
      memset (buf_out, 0xa5, ooff);
      memset (out + len, 0xa5, 64);
    }
  else
    memset (in + len, 0xa5, 64);
  memset (tail, 0x5a, sizeof tail);

  k->crypt (state, out, in, len, tail);

  ok &= !memcmp (out, buf_ref, len);
  ok &= t_all_bytes (out + len, 64, 0xa5);
  if (!inplace)
    ok &= t_all_bytes (buf_out, ooff, 0xa5);
  ok &= get_ctr (state) == want_ctr;
  ok &= !memcmp (state, state0, 12 * sizeof (u32));
  ok &= state[14] == state0[14] && state[15] == state0[15];
  if (len % 64)
    {
      ref_block (state0, get_ctr (state0) + len / 64, want_tail);
      ok &= !memcmp (tail, want_tail, 64);
    }
  else
    ok &= t_all_bytes (tail, 64, 0x5a);
  ok &= t_all_bytes (tail + 64, 32, 0x5a);
  if (!ok)
    t_check (0, "%s %s: len %zu ioff %zu ooff %zu inplace %d ctr %llx",
             k->name, what, len, ioff, ooff, inplace,
             (unsigned long long) get_ctr (state0));
  return ok;
}

static void
check_rfc (const chacha20_kernel_t *k)
{
  /* RFC 8439 2.3.2: key 00..1f, counter 1, nonce 00000009 0000004a
     00000000 (so words 12-13 as a 64-bit counter: 0x0900000001).  */
  static const char block_hex[] =
    "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
    "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e";
  /* 2.4.2: counter 1, nonce 00000000 0000004a 00000000.  */
  static const char plain[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you "
    "only one tip for the future, sunscreen would be it.";
  static const char cipher_hex[] =
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d";
  unsigned char want[128], got[128], tail[64];
  u32 state[16];
  int i;

  state[0] = 0x61707865; state[1] = 0x3320646e;
  state[2] = 0x79622d32; state[3] = 0x6b206574;
  for (i = 0; i < 8; i++)
    state[4 + i] = (u32) (4 * i) | (u32) (4 * i + 1) << 8
                   | (u32) (4 * i + 2) << 16 | (u32) (4 * i + 3) << 24;
  state[12] = 1;
  state[13] = 0x09000000;
  state[14] = 0x4a000000;
  state[15] = 0;
  memset (got, 0, 64);
  t_unhex (block_hex, want, sizeof want);
  k->crypt (state, got, got, 64, tail);
  t_check (!memcmp (got, want, 64) && state[12] == 2,
           "%s: RFC 8439 2.3.2 block", k->name);

  state[12] = 1;
  state[13] = 0;
  t_unhex (cipher_hex, want, sizeof want);
  k->crypt (state, got, (const byte *) plain, sizeof plain - 1, tail);
  t_check (!memcmp (got, want, sizeof plain - 1) && state[12] == 3,
           "%s: RFC 8439 2.4.2 encryption", k->name);
}

static void
check_lengths (const chacha20_kernel_t *k)
{
  u32 state[16];
  size_t len, fails = 0;

  for (len = 0; len <= 4100 && fails < 5; len++)
    {
      random_state (state);
      /* Low counter words near the wrap now and then.  */
      if (len % 7 == 0)
        state[12] = 0xffffffffu - (u32) t_rnd (80);
      fails += !check_call (k, state, len, t_rnd (64), t_rnd (64), 0,
                            "length");
    }
  t_check (!fails, "%s: lengths 0..4100, %zu failures", k->name, fails);
}

static void
check_long (const chacha20_kernel_t *k)
{
  static const int deltas[] = { -65, -64, -63, -1, 0, 1, 63, 64, 65 };
  u32 state[16];
  size_t base, fails = 0, n = 0;
  size_t d;

  for (base = 256; base <= 65536 && fails < 5; base += base < 4096 ? 256 : 1024)
    for (d = 0; d < DIM (deltas); d++)
      {
        size_t len = base + deltas[d];

        if (base > 4096 && base % 4096 && d % 2)
          continue;             /* keep the run short */
        random_state (state);
        fails += !check_call (k, state, len, t_rnd (64), t_rnd (64),
                              (int) (n++ % 3 == 0), "long");
      }
  t_check (!fails, "%s: lengths around step multiples up to 64 KiB, "
           "%zu failures", k->name, fails);
}

static void
check_counter_wrap (const chacha20_kernel_t *k)
{
  static const u64 starts[] =
    { 0xffffffffULL, 0xfffffffeULL, 0xfffffff8ULL, 0xfffffff1ULL,
      0xffffffe0ULL, 0x1ffffffffULL, 0xffffffffffffffffULL,
      0xfffffffffffffff0ULL, 0xffffffffffffffe3ULL, 0x7fffffffffffffffULL };
  static const size_t lens[] = { 1, 64, 65, 200, 256, 300, 512, 1000, 1024,
                                 1100, 2048, 4096 };
  u32 state[16];
  size_t s, l, fails = 0;

  for (s = 0; s < DIM (starts); s++)
    for (l = 0; l < DIM (lens); l++)
      {
        random_state (state);
        set_ctr (state, starts[s]);
        fails += !check_call (k, state, lens[l], 0, 0, 0, "counter wrap");
      }
  t_check (!fails, "%s: 64-bit counter carry and wrap, %zu failures",
           k->name, fails);
}

static void
check_alignment (const chacha20_kernel_t *k)
{
  u32 state[16];
  size_t off, fails = 0;

  for (off = 0; off < 64; off++)
    {
      random_state (state);
      fails += !check_call (k, state, 1 + t_rnd (1500), off, 63 - off, 0,
                            "misaligned");
      random_state (state);
      fails += !check_call (k, state, 1 + t_rnd (1500), off, 0, 1,
                            "in place");
    }
  t_check (!fails, "%s: misaligned and in-place buffers, %zu failures",
           k->name, fails);
}

/* Pieces of whole blocks, then any tail, chain like one call.  */
static void
check_splits (const chacha20_kernel_t *k)
{
  unsigned char tail[64];
  u32 state0[16], state[16];
  size_t trial, fails = 0;

  for (trial = 0; trial < 200; trial++)
    {
      size_t len = t_rnd (6000), done = 0;

      random_state (state0);
      if (trial % 4 == 0)
        state0[12] = 0xffffffffu - (u32) t_rnd (40);
      memcpy (state, state0, sizeof state);
      t_rnd_bytes (buf_in, len);
      ref_crypt (state0, buf_ref, buf_in, len);
      while (done < len)
        {
          size_t n = 64 * t_rnd (40);

          if (n > len - done || t_rnd (8) == 0)
            n = len - done;
          k->crypt (state, buf_out + done, buf_in + done, n, tail);
          done += n;
        }
      fails += memcmp (buf_out, buf_ref, len) != 0
               || get_ctr (state) != get_ctr (state0) + (len + 63) / 64;
    }
  t_check (!fails, "%s: block-multiple splits, %zu failures", k->name,
           fails);
}

static void
check_guard_pages (const chacha20_kernel_t *k)
{
  static const size_t lens[] = { 1, 15, 63, 64, 65, 127, 128, 200, 255,
                                 256, 257, 300, 511, 512, 513, 700, 1023,
                                 1024, 1025, 1500, 2047, 2048, 2049, 4000 };
  t_guard_t gin, gout;
  unsigned char tail[64];
  u32 state0[16], state[16];
  size_t l, fails = 0;

  if (t_guard_map (&gin, 4096) || t_guard_map (&gout, 4096))
    {
      t_skip ("%s: guard pages: mmap refused", k->name);
      t_guard_unmap (&gin);
      return;
    }
  for (l = 0; l < DIM (lens); l++)
    {
      size_t len = lens[l], end;

      for (end = 0; end < 2; end++)
        {
          unsigned char *in = end ? gin.hi + 4096 - len : gin.lo;
          unsigned char *out = end ? gout.hi + 4096 - len : gout.lo;

          random_state (state0);
          memcpy (state, state0, sizeof state);
          t_rnd_bytes (in, len);
          ref_crypt (state0, buf_ref, in, len);
          k->crypt (state, out, in, len, tail);
          fails += memcmp (out, buf_ref, len) != 0;
        }
    }
  t_guard_unmap (&gin);
  t_guard_unmap (&gout);
  t_check (!fails, "%s: buffers against guard pages, %zu failures",
           k->name, fails);
}


/* The stitched AEAD entry of K, when it has one.  */
static void
check_aead (const chacha20_kernel_t *k)
{
  static const size_t steps[] = { 1, 2, 3, 5, 16 };
  const poly1305_kernel_t *portable_mac
    = &_gcry_poly1305_kernel_table[_gcry_poly1305_kernel_count - 1];
  poly1305_context_t mac, ref_mac;
  unsigned char mackey[32], prefix[48], tag[16], ref_tag[16];
  u32 state0[16], state[16];
  size_t s, fails = 0, bound = 0;
  int mode;

  if (!k->aead)
    return;
  for (s = 0; s < DIM (steps); s++)
    for (mode = 0; mode < 8; mode++)
      {
        int decrypt = mode & 1, inplace = (mode & 2) != 0;
        int maxh = (mode & 4) != 0;
        size_t n = 512 * steps[s], macd = decrypt ? n : n - 512;
        size_t npre = 16 * t_rnd (4);
        unsigned char *in = buf_in, *out = inplace ? buf_in : buf_out;

        random_state (state0);
        if (s == 2)
          state0[12] = 0xfffffff0u;
        memcpy (state, state0, sizeof state);
        t_rnd_bytes (mackey, sizeof mackey);
        t_rnd_bytes (prefix, npre);
        t_rnd_bytes (in, n);
        ref_crypt (state0, buf_ref, in, n);

        _gcry_poly1305_init (&mac, mackey);
        _gcry_poly1305_init (&ref_mac, mackey);
        ref_mac.kernel = portable_mac;
        _gcry_poly1305_update (&mac, prefix, npre);
        _gcry_poly1305_update (&ref_mac, prefix, npre);
        if (maxh)
          {
            mac.h[0] = mac.h[1] = ref_mac.h[0] = ref_mac.h[1] = ~(u64) 0;
            mac.h[2] = ref_mac.h[2] = 7;
          }
        /* The reference MAC reads the ciphertext before an in-place
           decryption overwrites it.  */
        _gcry_poly1305_update (&ref_mac, decrypt ? in : buf_ref, macd);

        k->aead (state, out, in, n, &mac, decrypt);

        bound += macd && mac.h[2] > 4;
        _gcry_poly1305_finish (&mac, tag);
        _gcry_poly1305_finish (&ref_mac, ref_tag);
        if (memcmp (out, buf_ref, n) || get_ctr (state) != get_ctr (state0)
                                                           + n / 64
            || memcmp (tag, ref_tag, 16))
          {
            fails++;
            t_check (0, "%s aead: %zu bytes, decrypt %d, in place %d, "
                     "max h %d", k->name, n, decrypt, inplace, maxh);
          }
      }
  t_check (!fails, "%s: stitched ChaCha20-Poly1305, %zu failures", k->name,
           fails);
  t_check (!bound, "%s: stitched Poly1305 leaves h2 at most 4 (%zu "
           "cases over)", k->name, bound);
}

#ifdef CHACHA20_X86_KERNELS
/*
 * The assembly entries through a trampoline: callee-saved registers
 * and stack pointer, vector registers zero on return, no key word left
 * on the stack below the call.
 */

#define N_NEEDLES 12

typedef struct chacha_call
{
  void *fn;                     /*   0 */
  u64 arg[6];                   /*   8: rdi rsi rdx rcx r8 r9 */
  u64 bad_gpr;                  /*  56: nonzero: a callee-saved register
                                        or rsp changed */
  u64 vec_dirty;                /*  64: nonzero: ymm0-15 not all zero */
  u64 stack_hits;               /*  72: needle dwords found below rsp */
  u32 needle[N_NEEDLES];        /*  80: key words (unused ones: a
                                        value no kernel stores) */
  u64 evex;                     /* 128: nonzero: zero zmm16-31 first */
} chacha_call_t;

_Static_assert (offsetof (chacha_call_t, arg) == 8, "chacha_call arg");
_Static_assert (offsetof (chacha_call_t, bad_gpr) == 56, "chacha_call bad");
_Static_assert (offsetof (chacha_call_t, vec_dirty) == 64, "chacha_call vd");
_Static_assert (offsetof (chacha_call_t, stack_hits) == 72, "chacha_call sh");
_Static_assert (offsetof (chacha_call_t, needle) == 80, "chacha_call nd");
_Static_assert (offsetof (chacha_call_t, evex) == 128, "chacha_call ev");

void t_chacha_call (chacha_call_t *c);

/* Seeds the callee-saved registers, zeroes the vector registers (zmm16-31
   too when C->EVEX: glibc's string functions leave data there), calls
   C->FN with six arguments, then checks registers, vector state, and
   scans the 4096 bytes below the stack pointer the callee saw (the
   callee's frame and red zone) for the needle words.  */
__asm__ (
  ".text\n"
  ".globl t_chacha_call\n"
  ".type t_chacha_call, @function\n"
  "t_chacha_call:\n\t"
  "pushq %rbx\n\tpushq %rbp\n\tpushq %r12\n\tpushq %r13\n\t"
  "pushq %r14\n\tpushq %r15\n\tpushq %rdi\n\t"
  /* Zero what the scan below will read, so that anything found there
     afterwards was written by the callee.  */
  "leaq -4096(%rsp), %rcx\n"
  "0:\n\t"
  "movq $0, (%rcx)\n\t"
  "addq $8, %rcx\n\t"
  "cmpq %rsp, %rcx\n\t"
  "jb 0b\n\t"
  "movabsq $0x0123456789abcdef, %rbx\n\t"
  "movabsq $0x1032547698badcfe, %rbp\n\t"
  "movabsq $0x2301674589efcdab, %r12\n\t"
  "movabsq $0x32107654ba98fedc, %r13\n\t"
  "movabsq $0x45670123cdef89ab, %r14\n\t"
  "movabsq $0x54761032dcfe98ba, %r15\n\t"
  "movq %rdi, %r11\n\t"
  "vzeroall\n\t"
  "cmpq $0, 128(%r11)\n\t"
  "je 4f\n\t"
  "vpxord %zmm16, %zmm16, %zmm16\n\tvpxord %zmm17, %zmm17, %zmm17\n\t"
  "vpxord %zmm18, %zmm18, %zmm18\n\tvpxord %zmm19, %zmm19, %zmm19\n\t"
  "vpxord %zmm20, %zmm20, %zmm20\n\tvpxord %zmm21, %zmm21, %zmm21\n\t"
  "vpxord %zmm22, %zmm22, %zmm22\n\tvpxord %zmm23, %zmm23, %zmm23\n\t"
  "vpxord %zmm24, %zmm24, %zmm24\n\tvpxord %zmm25, %zmm25, %zmm25\n\t"
  "vpxord %zmm26, %zmm26, %zmm26\n\tvpxord %zmm27, %zmm27, %zmm27\n\t"
  "vpxord %zmm28, %zmm28, %zmm28\n\tvpxord %zmm29, %zmm29, %zmm29\n\t"
  "vpxord %zmm30, %zmm30, %zmm30\n\tvpxord %zmm31, %zmm31, %zmm31\n"
  "4:\n\t"
  "movq 8(%r11), %rdi\n\tmovq 16(%r11), %rsi\n\tmovq 24(%r11), %rdx\n\t"
  "movq 32(%r11), %rcx\n\tmovq 40(%r11), %r8\n\tmovq 48(%r11), %r9\n\t"
  "callq *0(%r11)\n\t"
  "movq (%rsp), %r11\n\t"               /* the struct */
  "xorl %eax, %eax\n\t"
  "movabsq $0x0123456789abcdef, %rcx\n\txorq %rcx, %rbx\n\torq %rbx, %rax\n\t"
  "movabsq $0x1032547698badcfe, %rcx\n\txorq %rcx, %rbp\n\torq %rbp, %rax\n\t"
  "movabsq $0x2301674589efcdab, %rcx\n\txorq %rcx, %r12\n\torq %r12, %rax\n\t"
  "movabsq $0x32107654ba98fedc, %rcx\n\txorq %rcx, %r13\n\torq %r13, %rax\n\t"
  "movabsq $0x45670123cdef89ab, %rcx\n\txorq %rcx, %r14\n\torq %r14, %rax\n\t"
  "movabsq $0x54761032dcfe98ba, %rcx\n\txorq %rcx, %r15\n\torq %r15, %rax\n\t"
  "movq %rax, 56(%r11)\n\t"
  "vpor %ymm1, %ymm0, %ymm0\n\tvpor %ymm2, %ymm0, %ymm0\n\t"
  "vpor %ymm3, %ymm0, %ymm0\n\tvpor %ymm4, %ymm0, %ymm0\n\t"
  "vpor %ymm5, %ymm0, %ymm0\n\tvpor %ymm6, %ymm0, %ymm0\n\t"
  "vpor %ymm7, %ymm0, %ymm0\n\tvpor %ymm8, %ymm0, %ymm0\n\t"
  "vpor %ymm9, %ymm0, %ymm0\n\tvpor %ymm10, %ymm0, %ymm0\n\t"
  "vpor %ymm11, %ymm0, %ymm0\n\tvpor %ymm12, %ymm0, %ymm0\n\t"
  "vpor %ymm13, %ymm0, %ymm0\n\tvpor %ymm14, %ymm0, %ymm0\n\t"
  "vpor %ymm15, %ymm0, %ymm0\n\t"
  "xorl %eax, %eax\n\t"
  "vptest %ymm0, %ymm0\n\t"
  "setnz %al\n\t"
  "movq %rax, 64(%r11)\n\t"
  "vzeroupper\n\t"
  /* Stack scan: dwords in [rsp - 4096, rsp), each against the needles.  */
  "xorl %eax, %eax\n\t"
  "leaq -4096(%rsp), %rcx\n"
  "1:\n\t"
  "movl (%rcx), %edx\n\t"
  "xorl %r8d, %r8d\n"
  "2:\n\t"
  "cmpl 80(%r11,%r8,4), %edx\n\t"
  "jne 3f\n\t"
  "incq %rax\n"
  "3:\n\t"
  "incq %r8\n\t"
  "cmpq $12, %r8\n\t"
  "jb 2b\n\t"
  "addq $4, %rcx\n\t"
  "cmpq %rsp, %rcx\n\t"
  "jb 1b\n\t"
  "movq %rax, 72(%r11)\n\t"
  "popq %rdi\n\t"
  "popq %r15\n\tpopq %r14\n\tpopq %r13\n\tpopq %r12\n\tpopq %rbp\n\t"
  "popq %rbx\n\t"
  "ret\n\t"
  ".size t_chacha_call, .-t_chacha_call\n\t"
  ".previous\n");

/* Nonzero when any of zmm16-31 is nonzero.  Runs right after a call:
   compiled code around it (built without AVX-512) never touches these
   registers.  */
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

static void
check_abi (const chacha20_kernel_t *k)
{
  static const size_t lens[] = { 0, 1, 63, 64, 100, 256, 257, 511, 512,
                                 513, 1000, 1024, 1025, 2048, 3000, 5000 };
  int evex = (k->hwf & HWF_INTEL_AVX512) != 0;
  unsigned char tail[64];
  u32 state0[16], state[16];
  size_t l, fails = 0, stack = 0, dirty = 0;

  for (l = 0; l < DIM (lens); l++)
    {
      chacha_call_t c;
      int i;

      memset (&c, 0, sizeof c);
      random_state (state0);
      memcpy (state, state0, sizeof state);
      t_rnd_bytes (buf_in, lens[l]);
      ref_crypt (state0, buf_ref, buf_in, lens[l]);
      c.fn = (void *) k->crypt;
      c.evex = evex;
      c.arg[0] = (u64) (uintptr_t) state;
      c.arg[1] = (u64) (uintptr_t) buf_out;
      c.arg[2] = (u64) (uintptr_t) buf_in;
      c.arg[3] = lens[l];
      c.arg[4] = (u64) (uintptr_t) tail;
      for (i = 0; i < 8; i++)
        c.needle[i] = state0[4 + i];
      for (; i < N_NEEDLES; i++)
        c.needle[i] = c.needle[0];
      t_chacha_call (&c);
      if (evex && upper_zmm_dirty ())
        dirty++;
      fails += c.bad_gpr != 0 || memcmp (buf_out, buf_ref, lens[l]) != 0;
      dirty += c.vec_dirty != 0;
      stack += c.stack_hits != 0;
      if (c.bad_gpr || c.vec_dirty || c.stack_hits)
        t_check (0, "%s: ABI len %zu: gpr %llx, vectors %d, stack hits %llu",
                 k->name, lens[l], (unsigned long long) c.bad_gpr,
                 (int) c.vec_dirty, (unsigned long long) c.stack_hits);
    }
  t_check (!fails, "%s: callee-saved registers and stack pointer kept",
           k->name);
  t_check (!dirty, "%s: vector registers zero on return%s", k->name,
           evex ? " (zmm16-31 too)" : "");
  t_check (!stack, "%s: no key word left on the stack", k->name);

  if (k->aead)
    {
      poly1305_context_t mac;
      unsigned char mackey[32];
      chacha_call_t c;
      int i;

      fails = dirty = stack = 0;
      for (l = 0; l < 4; l++)
        {
          memset (&c, 0, sizeof c);
          random_state (state);
          t_rnd_bytes (mackey, sizeof mackey);
          _gcry_poly1305_init (&mac, mackey);
          c.fn = (void *) k->aead;
          c.arg[0] = (u64) (uintptr_t) state;
          c.arg[1] = (u64) (uintptr_t) buf_out;
          c.arg[2] = (u64) (uintptr_t) buf_in;
          c.arg[3] = 512 * (l + 1);
          c.arg[4] = (u64) (uintptr_t) &mac;
          c.arg[5] = l & 1;
          for (i = 0; i < 8; i++)
            c.needle[i] = state[4 + i];
          /* r (clamped) as it sits in the frame.  */
          c.needle[8] = (u32) mac.r[0];
          c.needle[9] = (u32) (mac.r[0] >> 32);
          c.needle[10] = (u32) mac.r[1];
          c.needle[11] = (u32) (mac.r[1] >> 32);
          t_chacha_call (&c);
          fails += c.bad_gpr != 0;
          dirty += c.vec_dirty != 0;
          stack += c.stack_hits != 0;
        }
      t_check (!fails, "%s aead: callee-saved registers and stack pointer "
               "kept", k->name);
      t_check (!dirty, "%s aead: vector registers zero on return", k->name);
      t_check (!stack, "%s aead: no key word or r left on the stack",
               k->name);
    }
}
#endif /* CHACHA20_X86_KERNELS */


/*
 * --bench: cycles per byte.
 */

static void
bench (void)
{
  static const size_t lens[] = { 64, 128, 256, 320, 512, 768, 1024, 1536,
                                 2048, 4096, 16384 };
  double cpn = 0;
  unsigned char tail[64];
  u32 state[16];
  size_t i, l;

#if defined(__x86_64__)
  cpn = t_cycles_per_ns ();
#endif
  random_state (state);
  for (i = 0; i < _gcry_chacha20_kernel_count; i++)
    {
      const chacha20_kernel_t *k = &_gcry_chacha20_kernels[i];

      if (t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS))
        {
          printf ("chacha20 %-12s: not runnable\n", k->name);
          continue;
        }
      for (l = 0; l < DIM (lens); l++)
        {
          size_t reps = 4000000 / lens[l] + 10, r;
          double best = 1e30;
          int round;

          for (round = 0; round < 5; round++)
            {
              double t = t_now_ns ();

              for (r = 0; r < reps; r++)
                k->crypt (state, buf_out, buf_in, lens[l], tail);
              t = t_now_ns () - t;
              if (t < best)
                best = t;
            }
          printf ("chacha20 %-12s %6zu bytes: %7.3f cycles/byte\n", k->name,
                  lens[l], best * (cpn ? cpn : 1) / reps / lens[l]);
        }
    }
}

int
main (int argc, char **argv)
{
  size_t i;
  int argi;

  argi = t_init ("t-chacha20-kernels", argc, argv);
  t_rnd_seed (0x6368616368613230ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-chacha20-kernels: gcry_check_version failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  buf_in = malloc (MAXLEN + 256);
  buf_out = malloc (MAXLEN + 256);
  buf_ref = malloc (MAXLEN + 256);
  if (!buf_in || !buf_out || !buf_ref)
    return 2;

  if (argi < argc && !strcmp (argv[argi], "--bench"))
    {
      bench ();
      return 0;
    }

  t_check (_gcry_chacha20_kernel_count >= 1
           && _gcry_chacha20_kernels[_gcry_chacha20_kernel_count - 1].hwf == 0
           && !strcmp (_gcry_chacha20_kernels[_gcry_chacha20_kernel_count
                                              - 1].name, "portable"),
           "portable kernel last");
  for (i = 0; i < _gcry_chacha20_kernel_count; i++)
    {
      const chacha20_kernel_t *k = &_gcry_chacha20_kernels[i];

      if (!t_variant_runs (k->name, hwf, k->hwf & ~POLICY_BITS))
        continue;
      check_rfc (k);
      check_lengths (k);
      check_long (k);
      check_counter_wrap (k);
      check_alignment (k);
      check_splits (k);
      check_guard_pages (k);
      check_aead (k);
#ifdef CHACHA20_X86_KERNELS
      if (k->crypt != _gcry_chacha20_crypt_portable)
        {
          if (t_under_valgrind ())
            t_skip ("%s: ABI/stack trampoline (memcheck reports its "
                    "read-back below the stack pointer)", k->name);
          else
            check_abi (k);
        }
#endif
    }
  if (_gcry_chacha20_kernel_count == 1)
    t_skip ("no assembly kernels in this build");
  free (buf_in);
  free (buf_out);
  free (buf_ref);
  return t_finish ();
}
