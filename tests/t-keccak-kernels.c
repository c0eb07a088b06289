/* t-keccak-kernels.c - white-box test of the Keccak-f[1600] kernel table
 * (cipher/keccak.c): every kernel the CPU runs against the portable one.
 *
 * The last entry of the table is the portable C kernel, the reference;
 * every kernel, the portable one included, must give:
 *  - the published Keccak-f[1600] of the all-zero state (the Keccak
 *    team's intermediate values) and the FIPS 202 SHA3-256 digests of
 *    "" and "abc" through a minimal sponge built on the kernel.
 * Every other entry the CPU can run (others print SKIP with the missing
 * feature) is compared with the portable kernel:
 *  - permute on random states;
 *  - absorb for every rate 8..168 (multiples of 8), 0..6 blocks, input
 *    at every alignment 0..7, guard bytes around the state and after
 *    the input (nothing written outside the state, the input never
 *    written, nblocks 0 leaves the state alone);
 *  - the input flush against an inaccessible page (nothing read past
 *    the last block) and the state flush against one on either side;
 *  - a run of blocks split across calls equals one call;
 *  - a sponge over every message length 0..2100, fed in random pieces
 *    (partial blocks byte by byte, whole blocks through absorb, several
 *    blocks per call), at the five SHA-3/SHAKE rates in turn, equals the
 *    portable kernel fed in one piece;
 *  - the ABI, through tests/t-abi-x86.h's trampoline: callee-saved
 *    registers and the stack pointer kept, the upper vector state clean,
 *    no state word in the red zone; through t-kernel-variants.h's: ymm0-
 *    15 cleared; and through this file's own trampoline, which runs the
 *    kernel on a private stack: every word the kernel left below the
 *    stack pointer is the fill pattern, zero, a saved register or the
 *    return address (no lane of the state stays behind), no scratch
 *    register holds a lane, and all 32 vector registers are zero after
 *    the AVX-512 kernel;
 *  - selection: AVX-512 CPUs get "avx512", BMI2 CPUs without it "bmi2".
 *
 * With --bench the program instead prints cycles per byte of every
 * runnable kernel at 16 KiB (rate 136) and of one permutation; `make
 * check` never runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "keccak.h"
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# include <cpuid.h>
#endif
#ifdef HAVE_VALGRIND_MEMCHECK_H
# include <valgrind/memcheck.h>
/* Memory below the stack pointer counts as unwritten (or gone) for
   memcheck once a function returns; the checks below read it on
   purpose.  */
# define STACK_READABLE(p, n) VALGRIND_MAKE_MEM_DEFINED ((p), (n))
#else
# define STACK_READABLE(p, n) ((void) 0)
#endif

#include "t-common.h"
#include "t-util.h"
#include "t-kernel-variants.h"
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# include "t-abi-x86.h"
# define HAVE_KERNELS 1
#endif

#define LANES 25
#define STATE_BYTES 200
#define MAX_RATE 168
#define MAX_BLOCKS 6
#define GUARD 0xd7
#define GUARD_LEN 64
#define MAX_MSG 2100

/* Features that choose between kernels rather than enable them.  */
#define POLICY_BITS (HWF_X86_FAST_VECTOR | HWF_X86_ZMM)

static const keccak_kernel_t *portable;
static unsigned int hwf;

/* The SHA-3/SHAKE rates.  */
static const unsigned int rates[] = { 72, 104, 136, 144, 168 };


/*
 * Calling a kernel.  Assembly kernels go through t_wipe_call
 * (t-kernel-variants.h): callee-saved registers must survive and, when
 * the CPU has AVX, ymm0-15 must be zero afterwards.
 */

static int
is_asm (const keccak_kernel_t *k)
{
  return k != portable;
}

/* Returns the trampoline's mask (0 for the portable kernel).  */
static unsigned int
run_permute (const keccak_kernel_t *k, u64 *state)
{
#ifdef HAVE_KERNELS
  if (is_asm (k))
    return t_wipe_call ((const void *) k->permute, state, NULL, 0, 0,
                        !!(hwf & HWF_INTEL_AVX));
#endif
  k->permute (state);
  return 0;
}

static unsigned int
run_absorb (const keccak_kernel_t *k, u64 *state, const byte *in,
            size_t nblocks, unsigned int rate)
{
#ifdef HAVE_KERNELS
  if (is_asm (k))
    return t_wipe_call ((const void *) k->absorb, state, in, nblocks, rate,
                        !!(hwf & HWF_INTEL_AVX));
#endif
  k->absorb (state, in, nblocks, rate);
  return 0;
}

/* Describes a trampoline mask for a failure message.  */
static const char *
abi_note (unsigned int mask)
{
  return (mask & 1) ? "; callee-saved register clobbered"
         : (mask & 2) ? "; vector registers not cleared" : "";
}

static void
random_state (u64 *state)
{
  t_rnd_bytes (state, STATE_BYTES);
}


/*
 * A minimal sponge on a kernel: absorb MSG in pieces (random ones when
 * SPLIT), pad with SUFFIX and permute.  Partial blocks are XORed in byte
 * by byte; from a block boundary, every whole block of a piece goes
 * through one absorb call.  Returns the ORed trampoline masks.
 */
static unsigned int
sponge (const keccak_kernel_t *k, u64 *state, const byte *msg, size_t len,
        unsigned int rate, byte suffix, int split)
{
  unsigned int pos = 0, mask = 0;
  size_t done = 0;

  memset (state, 0, STATE_BYTES);
  while (done < len)
    {
      size_t n = split ? 1 + t_rnd (len - done) : len - done;
      const byte *p = msg + done;

      done += n;
      while (n)
        {
          if (!pos && n >= rate)
            {
              size_t nblocks = n / rate;

              mask |= run_absorb (k, state, p, nblocks, rate);
              p += nblocks * rate;
              n -= nblocks * rate;
              continue;
            }
          state[pos / 8] ^= (u64) *p++ << (8 * (pos % 8));
          n--;
          if (++pos == rate)
            {
              mask |= run_permute (k, state);
              pos = 0;
            }
        }
    }
  state[pos / 8] ^= (u64) suffix << (8 * (pos % 8));
  state[(rate - 1) / 8] ^= (u64) 0x80 << (8 * ((rate - 1) % 8));
  mask |= run_permute (k, state);
  return mask;
}


/*
 * Known answers.
 */

static void
check_known_answers (const keccak_kernel_t *k)
{
  /* Keccak-f[1600] of the all-zero state.  */
  static const u64 zero_image[LANES] =
    {
      0xF1258F7940E1DDE7ULL, 0x84D5CCF933C0478AULL, 0xD598261EA65AA9EEULL,
      0xBD1547306F80494DULL, 0x8B284E056253D057ULL, 0xFF97A42D7F8E6FD4ULL,
      0x90FEE5A0A44647C4ULL, 0x8C5BDA0CD6192E76ULL, 0xAD30A6F71B19059CULL,
      0x30935AB7D08FFC64ULL, 0xEB5AA93F2317D635ULL, 0xA9A6E6260D712103ULL,
      0x81A57C16DBCF555FULL, 0x43B831CD0347C826ULL, 0x01F22F1A11A5569FULL,
      0x05E5635A21D9AE61ULL, 0x64BEFEF28CC970F2ULL, 0x613670957BC46611ULL,
      0xB87C5A554FD00ECBULL, 0x8C3EE88A1CCF32C8ULL, 0x940C7922AE3A2614ULL,
      0x1841F924A2C509E4ULL, 0x16F53526E70465C2ULL, 0x75F644E97F30A13BULL,
      0xEAF1FF7B5CECA249ULL
    };
  static const char *const sha3_256[2][2] =
    {
      { "", "a7ffc6f8bf1ed76651c14756a061d662"
            "f580ff4de43b49fa82d80a4b80f8434a" },
      { "abc", "3a985da74fe225b2045c172d6bd390bd"
               "855f086e3e9d525b46bfe24511431532" }
    };
  u64 state[LANES];
  byte digest[32], want[32];
  unsigned int mask, i, j;

  memset (state, 0, sizeof state);
  mask = run_permute (k, state);
  t_check (!memcmp (state, zero_image, sizeof state) && !mask,
           "%s: Keccak-f[1600] of the zero state%s", k->name,
           abi_note (mask));

  for (i = 0; i < 2; i++)
    {
      const char *msg = sha3_256[i][0];

      mask = sponge (k, state, (const byte *) msg, strlen (msg), 136, 0x06,
                     0);
      /* The digest is the first 32 bytes of the state, little-endian
         lanes.  */
      for (j = 0; j < 32; j++)
        digest[j] = (byte) (state[j / 8] >> (8 * (j % 8)));
      t_unhex (sha3_256[i][1], want, sizeof want);
      t_check (!memcmp (digest, want, 32) && !mask,
               "%s: SHA3-256 (\"%s\")%s", k->name, msg, abi_note (mask));
    }
}


/*
 * Against the portable kernel.
 */

static void
check_permute (const keccak_kernel_t *k)
{
  u64 a[LANES], b[LANES];
  unsigned int mask = 0;
  int i, bad = 0;

  for (i = 0; i < 64; i++)
    {
      random_state (a);
      memcpy (b, a, sizeof a);
      mask |= run_permute (k, a);
      portable->permute (b);
      bad += !!memcmp (a, b, sizeof a);
    }
  t_check (!bad && !mask, "%s: permute, 64 random states (%d wrong)%s",
           k->name, bad, abi_note (mask));
}

/* Every rate 8..168, 0..MAX_BLOCKS blocks, every alignment.  */
static void
check_absorb (const keccak_kernel_t *k)
{
  static byte arena[GUARD_LEN + STATE_BYTES + GUARD_LEN];
  static byte input[8 + MAX_BLOCKS * MAX_RATE + GUARD_LEN];
  static byte input_copy[MAX_BLOCKS * MAX_RATE];
  u64 *state = (u64 *) (arena + GUARD_LEN);
  u64 want[LANES], before[LANES];
  unsigned int rate, mask = 0;
  size_t nblocks, align, len, i;
  int bad, guards_bad;

  for (rate = 8; rate <= MAX_RATE; rate += 8)
    {
      bad = guards_bad = 0;
      for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
        for (align = 0; align < 8; align++)
          {
            len = nblocks * rate;
            memset (arena, GUARD, sizeof arena);
            random_state (state);
            memcpy (want, state, sizeof want);
            memcpy (before, state, sizeof before);
            memset (input, GUARD, sizeof input);
            t_rnd_bytes (input + align, len);
            memcpy (input_copy, input + align, len);

            portable->absorb (want, input_copy, nblocks, rate);
            mask |= run_absorb (k, state, input + align, nblocks, rate);

            bad += !!memcmp (state, want, STATE_BYTES);
            if (!nblocks)
              bad += !!memcmp (state, before, STATE_BYTES);
            for (i = 0; i < GUARD_LEN; i++)
              guards_bad += arena[i] != GUARD
                            || arena[GUARD_LEN + STATE_BYTES + i] != GUARD
                            || input[align + len + i] != GUARD;
            for (i = 0; i < align; i++)
              guards_bad += input[i] != GUARD;
            guards_bad += !!memcmp (input + align, input_copy, len);
          }
      t_check (!bad && !guards_bad && !mask,
               "%s: absorb, rate %u, 0..%d blocks, alignments 0..7 "
               "(%d wrong, %d guard bytes or input bytes changed)%s",
               k->name, rate, MAX_BLOCKS, bad, guards_bad, abi_note (mask));
    }
}

/* The input ends at an inaccessible page; the state sits against one
   on either side.  */
static void
check_guard_pages (const keccak_kernel_t *k)
{
  t_guard_t gin, gstate;
  u64 want[LANES];
  unsigned int r, rate, mask = 0;
  size_t nblocks;
  int side, bad = 0;

  if (t_guard_map (&gin, MAX_BLOCKS * MAX_RATE)
      || t_guard_map (&gstate, STATE_BYTES))
    {
      t_guard_unmap (&gin);
      t_skip ("%s: guard pages: mmap refused", k->name);
      return;
    }
  t_rnd_bytes (gin.hi, MAX_BLOCKS * MAX_RATE);
  for (side = 0; side < 2; side++)
    {
      u64 *state = (u64 *) (side ? gstate.hi : gstate.lo);

      for (r = 0; r <= DIM (rates); r++)
        for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
          {
            const byte *in;

            /* The SHA-3 rates, then one no table entry uses.  */
            rate = r < DIM (rates) ? rates[r] : 160;
            in = gin.hi + MAX_BLOCKS * MAX_RATE - nblocks * rate;
            random_state (state);
            memcpy (want, state, sizeof want);
            portable->absorb (want, in, nblocks, rate);
            mask |= run_absorb (k, state, in, nblocks, rate);
            bad += !!memcmp (state, want, sizeof want);
          }
      {
        u64 *state2 = (u64 *) (side ? gstate.hi : gstate.lo);

        random_state (state2);
        memcpy (want, state2, sizeof want);
        portable->permute (want);
        mask |= run_permute (k, state2);
        bad += !!memcmp (state2, want, sizeof want);
      }
    }
  t_check (!bad && !mask, "%s: input before a guard page, state after and "
           "before one (%d wrong)%s", k->name, bad, abi_note (mask));
  t_guard_unmap (&gin);
  t_guard_unmap (&gstate);
}

/* A run of blocks in one call equals the same run cut into calls.  */
static void
check_split_runs (const keccak_kernel_t *k)
{
  static byte blocks[40 * MAX_RATE];
  u64 a[LANES], b[LANES];
  unsigned int r, mask = 0;
  size_t first;
  int bad = 0;

  t_rnd_bytes (blocks, sizeof blocks);
  for (r = 0; r < DIM (rates); r++)
    for (first = 0; first <= 40; first += 7)
      {
        random_state (a);
        memcpy (b, a, sizeof a);
        mask |= run_absorb (k, a, blocks, 40, rates[r]);
        mask |= run_absorb (k, b, blocks, first, rates[r]);
        mask |= run_absorb (k, b, blocks + first * rates[r], 40 - first,
                            rates[r]);
        bad += !!memcmp (a, b, sizeof a);
      }
  t_check (!bad && !mask, "%s: 40 blocks in one call = the same in two "
           "calls (%d wrong)%s", k->name, bad, abi_note (mask));
}

/* Lengths 0..MAX_MSG through the sponge, random pieces.  */
static void
check_sponge_lengths (const keccak_kernel_t *k)
{
  static byte msg[MAX_MSG];
  u64 got[LANES], want[LANES];
  unsigned int mask = 0, rate;
  size_t len;
  int bad = 0;

  t_rnd_bytes (msg, sizeof msg);
  for (len = 0; len <= MAX_MSG; len++)
    {
      rate = rates[len % DIM (rates)];
      sponge (portable, want, msg, len, rate, 0x1f, 0);
      mask |= sponge (k, got, msg, len, rate, 0x1f, 1);
      bad += !!memcmp (got, want, sizeof got);
    }
  t_check (!bad && !mask, "%s: sponge, lengths 0..%d in random pieces, "
           "every rate (%d wrong)%s", k->name, MAX_MSG, bad,
           abi_note (mask));
}


#ifdef HAVE_KERNELS
/*
 * ABI checks.
 */

/* Nonzero when V equals a word of A or of B (LANES words each).  */
static int
is_lane (u64 v, const u64 *a, const u64 *b)
{
  int i;

  for (i = 0; i < LANES; i++)
    if (v == a[i] || v == b[i])
      return 1;
  return 0;
}

/* Both entry points through t-abi-x86.h's trampoline.  */
static void
check_abi (const keccak_kernel_t *k, int check_xinuse)
{
  static byte blocks[3 * MAX_RATE];
  u64 state[LANES], before[LANES], want[LANES];
  int entry;

  t_rnd_bytes (blocks, sizeof blocks);
  for (entry = 0; entry < 2; entry++)
    {
      abi_call_t call;
      char bad[80] = "";
      size_t r;

      random_state (state);
      memcpy (before, state, sizeof state);
      memcpy (want, state, sizeof state);
      memset (&call, 0, sizeof call);
      call.arg[0] = (u64) (uintptr_t) state;
      if (entry)
        {
          call.fn = (void *) k->absorb;
          call.arg[1] = (u64) (uintptr_t) blocks;
          call.arg[2] = 3;
          call.arg[3] = 136;
          portable->absorb (want, blocks, 3, 136);
        }
      else
        {
          call.fn = (void *) k->permute;
          portable->permute (want);
        }
      call.check_xinuse = check_xinuse;
      t_abi_call (&call);
      for (r = 0; r < DIM (abi_reg_names); r++)
        if (call.bad & (1u << r))
          {
            strcat (bad, " ");
            strcat (bad, abi_reg_names[r]);
          }
      t_check (!call.bad && !memcmp (state, want, sizeof state),
               "%s %s via the ABI trampoline: callee-saved registers%s%s, "
               "result %s", k->name, entry ? "absorb" : "permute",
               call.bad ? " clobbered:" : " kept", bad,
               memcmp (state, want, sizeof state) ? "WRONG" : "ok");
      if (check_xinuse)
        t_check (!(call.xinuse_after & XINUSE_UPPER),
                 "%s %s: upper vector state %s", k->name,
                 entry ? "absorb" : "permute",
                 (call.xinuse_after & XINUSE_UPPER) ? "left dirty" : "clean");
      STACK_READABLE (call.red_zone, sizeof call.red_zone);
      t_check (!is_lane (call.red_zone[0], before, want)
               && !is_lane (call.red_zone[1], before, want),
               "%s %s: no state lane left in the red zone", k->name,
               entry ? "absorb" : "permute");
    }
}

/* This file's trampoline: run FN (A0, A1, A2, A3) on the private stack
   that ends at STACK_TOP, with the callee-saved registers seeded (as in
   t_wipe_call) and, when ZERO_VEC, the vector registers zeroed first
   (xmm16-31 too when AVX512) and r8-r11 cleared.  Afterwards GPR[] holds rax, rcx, rdx,
   rsi, rdi, r8, r9, r10, r11; VEC_NONZERO is set when any of ymm0-15
   (and, when AVX512, xmm16-31) is nonzero; BAD when a callee-saved
   register or the stack pointer changed.  */
typedef struct stack_call
{
  const void *fn;               /*   0 */
  u64 arg[4];                   /*   8 */
  byte *stack_top;              /*  40 */
  u64 zero_vec;                 /*  48 */
  u64 avx512;                   /*  56 */
  u64 gpr[9];                   /*  64 */
  u64 vec_nonzero;              /* 136 */
  u64 bad;                      /* 144 */
  u64 saved_rsp;                /* 152 */
} stack_call_t;

_Static_assert (offsetof (stack_call_t, arg) == 8, "stack_call arg");
_Static_assert (offsetof (stack_call_t, stack_top) == 40, "stack_top");
_Static_assert (offsetof (stack_call_t, zero_vec) == 48, "zero_vec");
_Static_assert (offsetof (stack_call_t, avx512) == 56, "avx512");
_Static_assert (offsetof (stack_call_t, gpr) == 64, "gpr");
_Static_assert (offsetof (stack_call_t, vec_nonzero) == 136, "vec");
_Static_assert (offsetof (stack_call_t, bad) == 144, "bad");
_Static_assert (offsetof (stack_call_t, saved_rsp) == 152, "saved_rsp");

/* The values the trampoline seeds rbx, rbp, r12-r15 with.  */
static const u64 seeds[6] =
  {
    0x0123456789abcdefULL, 0x1032547698badcfeULL, 0x2301674589efcdabULL,
    0x32107654ba98fedcULL, 0x45670123cdef89abULL, 0x54761032dcfe98baULL
  };

void t_keccak_stack_call (stack_call_t *c);
__asm__ (
  ".text\n"
  ".p2align 4\n"
  ".globl t_keccak_stack_call\n"
  ".type t_keccak_stack_call, @function\n"
  "t_keccak_stack_call:\n\t"
  "pushq %rbx\n\t"
  "pushq %rbp\n\t"
  "pushq %r12\n\t"
  "pushq %r13\n\t"
  "pushq %r14\n\t"
  "pushq %r15\n\t"
  "movq %rsp, 152(%rdi)\n\t"
  "movq 40(%rdi), %rsp\n\t"            /* the private stack */
  "pushq %rdi\n\t"
  "pushq %rdi\n\t"                     /* keep rsp 16-byte aligned */
  "cmpq $0, 48(%rdi)\n\t"
  "je 2f\n\t"
  "vzeroall\n\t"
  "cmpq $0, 56(%rdi)\n\t"
  "je 2f\n\t"
  ".irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
  "vpxord %xmm\\i, %xmm\\i, %xmm\\i\n\t"
  ".endr\n"
  "2:\n\t"
  "movq 0(%rdi), %rax\n\t"
  "movq 16(%rdi), %rsi\n\t"
  "movq 24(%rdi), %rdx\n\t"
  "movq 32(%rdi), %rcx\n\t"
  "movq 8(%rdi), %rdi\n\t"
  "movabsq $0x0123456789abcdef, %rbx\n\t"
  "movabsq $0x1032547698badcfe, %rbp\n\t"
  "movabsq $0x2301674589efcdab, %r12\n\t"
  "movabsq $0x32107654ba98fedc, %r13\n\t"
  "movabsq $0x45670123cdef89ab, %r14\n\t"
  "movabsq $0x54761032dcfe98ba, %r15\n\t"
  /* Scratch registers the kernel may leave alone must not carry the
     lanes the C code computed before.  */
  "xorl %r8d, %r8d\n\t"
  "xorl %r9d, %r9d\n\t"
  "xorl %r10d, %r10d\n\t"
  "xorl %r11d, %r11d\n\t"
  "call *%rax\n\t"
  /* The structure pointer back from the stack, the kernel's rdi in its
     place.  */
  "xchgq %rdi, (%rsp)\n\t"
  "movq %rax, 64(%rdi)\n\t"
  "movq %rcx, 72(%rdi)\n\t"
  "movq %rdx, 80(%rdi)\n\t"
  "movq %rsi, 88(%rdi)\n\t"
  "movq (%rsp), %rax\n\t"
  "movq %rax, 96(%rdi)\n\t"
  "movq %r8, 104(%rdi)\n\t"
  "movq %r9, 112(%rdi)\n\t"
  "movq %r10, 120(%rdi)\n\t"
  "movq %r11, 128(%rdi)\n\t"
  "xorl %eax, %eax\n\t"
  "cmpq $0, 48(%rdi)\n\t"
  "je 3f\n\t"
  ".irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n\t"
  "vorps %ymm\\i, %ymm0, %ymm0\n\t"
  ".endr\n\t"
  "cmpq $0, 56(%rdi)\n\t"
  "je 4f\n\t"
  /* EVEX xmm writes clear the upper bits: fold xmm16-31 into xmm16,
     then into ymm0 with a 256-bit OR.  */
  ".irp i, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
  "vporq %xmm\\i, %xmm16, %xmm16\n\t"
  ".endr\n\t"
  "vporq %ymm16, %ymm0, %ymm0\n"
  "4:\n\t"
  "vptest %ymm0, %ymm0\n\t"
  "setnz %al\n\t"
  "vzeroupper\n"
  "3:\n\t"
  "movq %rax, 136(%rdi)\n\t"
  /* Callee-saved registers against their seeds, and the stack
     pointer, which must be back below the two words pushed above.  */
  "xorl %ecx, %ecx\n\t"
  "movabsq $0x0123456789abcdef, %rax\n\t"
  "xorq %rax, %rbx\n\t"
  "orq %rbx, %rcx\n\t"
  "movabsq $0x1032547698badcfe, %rax\n\t"
  "xorq %rax, %rbp\n\t"
  "orq %rbp, %rcx\n\t"
  "movabsq $0x2301674589efcdab, %rax\n\t"
  "xorq %rax, %r12\n\t"
  "orq %r12, %rcx\n\t"
  "movabsq $0x32107654ba98fedc, %rax\n\t"
  "xorq %rax, %r13\n\t"
  "orq %r13, %rcx\n\t"
  "movabsq $0x45670123cdef89ab, %rax\n\t"
  "xorq %rax, %r14\n\t"
  "orq %r14, %rcx\n\t"
  "movabsq $0x54761032dcfe98ba, %rax\n\t"
  "xorq %rax, %r15\n\t"
  "orq %r15, %rcx\n\t"
  "movq 40(%rdi), %rdx\n\t"
  "subq $16, %rdx\n\t"
  "xorl %eax, %eax\n\t"
  "cmpq %rdx, %rsp\n\t"
  "setne %al\n\t"
  "testq %rcx, %rcx\n\t"
  "setnz %cl\n\t"
  "orb %cl, %al\n\t"
  "movq %rax, 144(%rdi)\n\t"
  "movq 152(%rdi), %rsp\n\t"
  "popq %r15\n\t"
  "popq %r14\n\t"
  "popq %r13\n\t"
  "popq %r12\n\t"
  "popq %rbp\n\t"
  "popq %rbx\n\t"
  "ret\n\t"
  ".size t_keccak_stack_call, .-t_keccak_stack_call\n\t"
  ".previous\n");

#define PRIVATE_STACK 8192
#define STACK_FILL 0x7777777777777777ULL

/* Both entries on a private stack: nothing of the state may be left
   below the stack pointer, in a scratch register or a vector
   register.  */
static void
check_leftovers (const keccak_kernel_t *k)
{
  static u64 stack[PRIVATE_STACK / 8] __attribute__ ((aligned (64)));
  static byte blocks[3 * MAX_RATE];
  u64 state[LANES], before[LANES], want[LANES];
  int entry, avx512 = !!(hwf & HWF_INTEL_AVX512);
  int zero_vec = !!(hwf & HWF_INTEL_AVX);
  size_t i, foreign, lanes_in_regs;

  t_rnd_bytes (blocks, sizeof blocks);
  for (entry = 0; entry < 2; entry++)
    {
      stack_call_t call;
      u64 retaddr_lo = (u64) (uintptr_t) t_keccak_stack_call;

      for (i = 0; i < DIM (stack); i++)
        stack[i] = STACK_FILL;
      random_state (state);
      memcpy (before, state, sizeof state);
      memcpy (want, state, sizeof state);
      memset (&call, 0, sizeof call);
      call.arg[0] = (u64) (uintptr_t) state;
      if (entry)
        {
          call.fn = (const void *) k->absorb;
          call.arg[1] = (u64) (uintptr_t) blocks;
          call.arg[2] = 3;
          call.arg[3] = 136;
          portable->absorb (want, blocks, 3, 136);
        }
      else
        {
          call.fn = (const void *) k->permute;
          portable->permute (want);
        }
      call.stack_top = (byte *) (stack + DIM (stack));
      call.zero_vec = zero_vec;
      call.avx512 = avx512;
      t_keccak_stack_call (&call);
      STACK_READABLE (stack, sizeof stack);

      /* Below the two words the trampoline pushed: the fill, zeros,
         the seeded callee-saved values, or the return address (a code
         address within the trampoline).  */
      foreign = 0;
      for (i = 0; i + 2 < DIM (stack); i++)
        {
          u64 v = stack[i];
          int known = v == STACK_FILL || v == 0;
          size_t s;

          for (s = 0; s < DIM (seeds); s++)
            known |= v == seeds[s];
          known |= v - retaddr_lo < 4096;
          foreign += !known;
        }
      lanes_in_regs = 0;
      for (i = 0; i < DIM (call.gpr); i++)
        lanes_in_regs += is_lane (call.gpr[i], before, want);

      t_check (!call.bad && !memcmp (state, want, sizeof state),
               "%s %s on a private stack: callee-saved registers and "
               "stack pointer %s, result %s", k->name,
               entry ? "absorb" : "permute", call.bad ? "CHANGED" : "kept",
               memcmp (state, want, sizeof state) ? "WRONG" : "ok");
      t_check (!foreign, "%s %s: the stack below it holds only fill, "
               "zeros, saved registers and the return address (%zu other "
               "words)", k->name, entry ? "absorb" : "permute", foreign);
      t_check (!lanes_in_regs, "%s %s: no state lane left in rax, rcx, "
               "rdx, rsi, rdi, r8-r11 (%zu found)", k->name,
               entry ? "absorb" : "permute", lanes_in_regs);
      if (zero_vec)
        t_check (!call.vec_nonzero, "%s %s: vector registers (ymm0-15%s) "
                 "zero afterwards", k->name, entry ? "absorb" : "permute",
                 avx512 ? ", xmm16-31" : "");
    }
}
#endif /* HAVE_KERNELS */


/*
 * --bench: cycles per byte.
 */
static double
time_kernel (const keccak_kernel_t *k, const byte *buf, size_t nblocks)
{
  u64 state[LANES];
  double best = 1e30;
  int rep, i, iters = nblocks > 1 ? 20 : 2000;

  memset (state, 0x5a, sizeof state);
  for (rep = 0; rep < 30; rep++)
    {
      double t = t_now_ns ();

      for (i = 0; i < iters; i++)
        {
          if (nblocks)
            k->absorb (state, buf, nblocks, 136);
          else
            k->permute (state);
        }
      t = (t_now_ns () - t) / iters;
      if (t < best)
        best = t;
    }
  return best;
}

static void
bench (void)
{
#if defined(__x86_64__)
  static byte buf[120 * 136];
  double cpn = t_cycles_per_ns ();
  size_t i;

  t_rnd_bytes (buf, sizeof buf);
  printf ("clock: %.0f MHz (dependent-add chain)\n", cpn * 1000);
  for (i = 0; i < _gcry_keccak_kernel_count; i++)
    {
      const keccak_kernel_t *k = &_gcry_keccak_kernel_table[i];
      const char *why = t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS);

      if (why)
        {
          printf ("%-9s not runnable (needs %s)\n", k->name, why);
          continue;
        }
      printf ("%-9s absorb %5zu bytes (rate 136): %6.2f cycles/byte; "
              "permute: %6.0f cycles\n", k->name, sizeof buf,
              time_kernel (k, buf, 120) * cpn / sizeof buf,
              time_kernel (k, buf, 0) * cpn);
    }
#else
  printf ("--bench: x86-64 only\n");
#endif
}


int
main (int argc, char **argv)
{
  size_t i;
  int argi, do_bench = 0, check_xinuse = 0;
  const char *why;

  argi = t_init ("t-keccak-kernels", argc, argv);
  t_rnd_seed (0x6b656363616b3136ULL);
  if (argi < argc && !strcmp (argv[argi], "--bench"))
    do_bench = 1;
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-keccak-kernels: gcry_check_version failed\n");
      return 2;
    }
  hwf = _gcry_get_hw_features ();
  if (do_bench)
    {
      bench ();
      return 0;
    }

  t_check (_gcry_keccak_kernel_count >= 1
           && _gcry_keccak_kernel_table[_gcry_keccak_kernel_count - 1].hwf
              == 0
           && !strcmp (_gcry_keccak_kernel_table
                       [_gcry_keccak_kernel_count - 1].name, "portable"),
           "portable kernel last");
  portable = &_gcry_keccak_kernel_table[_gcry_keccak_kernel_count - 1];
  check_known_answers (portable);

#ifdef HAVE_KERNELS
  check_xinuse = xinuse_usable ();
  if (!check_xinuse)
    t_skip ("upper vector state: XGETBV (ECX = 1) unavailable");
#endif
  for (i = 0; i + 1 < _gcry_keccak_kernel_count; i++)
    {
      const keccak_kernel_t *k = &_gcry_keccak_kernel_table[i];

      why = t_hwf_lacking (hwf, k->hwf & ~POLICY_BITS);
      if (why)
        {
          t_skip ("%s: CPU (or OS, or --disable-hwf) lacks %s", k->name,
                  why);
          continue;
        }
      check_known_answers (k);
      check_permute (k);
      check_absorb (k);
      check_guard_pages (k);
      check_split_runs (k);
      check_sponge_lengths (k);
#ifdef HAVE_KERNELS
      check_abi (k, check_xinuse);
      check_leftovers (k);
#endif
    }
  if (_gcry_keccak_kernel_count == 1)
    t_skip ("no assembly kernels in this build");

  /* Selection follows the table order: it is a pure function of the
     features, so it is checked for CPUs other than this one too.  */
#ifdef HAVE_KERNELS
  t_check (!strcmp (_gcry_keccak_current_kernel (HWF_INTEL_AVX512
                                                 | HWF_INTEL_BMI2),
                    "avx512"), "AVX-512 CPUs get the avx512 kernel");
  t_check (!strcmp (_gcry_keccak_current_kernel (HWF_INTEL_AVX2
                                                 | HWF_INTEL_BMI2),
                    "bmi2"), "BMI2 CPUs without AVX-512 get the bmi2 "
           "kernel");
#endif
  t_check (!strcmp (_gcry_keccak_current_kernel (0), "portable"),
           "no features: the portable kernel");
  (void) check_xinuse;
  return t_finish ();
}
