/* rmd160.c - RIPEMD-160 as a gcry_md digest.
 *
 * From Dobbertin, Bosselaers and Preneel, "RIPEMD-160: A Strengthened
 * Version of RIPEMD" (FSE 1996), whose appendix gives the word orders,
 * rotations and constants used below.  Two parallel lines of 80 steps
 * each, unrolled in full so that the five working variables rotate by
 * renaming, and interleaved step by step: the lines are independent, so
 * the CPU overlaps their dependency chains (nearly twice as fast on
 * Zen 4 as one line after the other).  Little-endian words, MD4-style padding.
 *
 * No data-dependent branches or table indexes: constant time as
 * written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <string.h>

#define RMD160_BLOCKBYTES 64


/*
 * Compression.  The left line uses f1..f5 in rounds 1..5, the right
 * line f5..f1; the constants are the integer parts of 2^30 times the
 * square roots (left) and cube roots (right) of 2, 3, 5 and 7.
 */

#define RMD_F1(x, y, z) ((x) ^ (y) ^ (z))
#define RMD_F2(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define RMD_F3(x, y, z) (((x) | ~(y)) ^ (z))
#define RMD_F4(x, y, z) ((((x) ^ (y)) & (z)) ^ (y))
#define RMD_F5(x, y, z) ((x) ^ ((y) | ~(z)))

#define RMD_KL1 0x00000000
#define RMD_KL2 0x5a827999
#define RMD_KL3 0x6ed9eba1
#define RMD_KL4 0x8f1bbcdc
#define RMD_KL5 0xa953fd4e
#define RMD_KR1 0x50a28be6
#define RMD_KR2 0x5c4dd124
#define RMD_KR3 0x6d703ef3
#define RMD_KR4 0x7a6d76e9
#define RMD_KR5 0x00000000

/* One step: A takes the new value (the paper's T) and C is rotated by
   10, after which the caller renames (A,B,C,D,E) to (E,A,B,C,D).  */
#define RMD_STEP(f, a, b, c, d, e, xk, k, s)                            \
  do {                                                                  \
    a += f (b, c, d) + (xk) + (u32) (k);                                \
    a = rol32 (a, s) + e;                                               \
    c = rol32 (c, 10);                                                  \
  } while (0)

static void
rmd160_compress (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 x[16];
  u32 a, b, c, d, e, ra, rb, rc, rd, re, t;
  int i;

  for (; nblocks; nblocks--, blocks += RMD160_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        x[i] = load_le32 (blocks + 4 * i);
      a = ra = hv[0]; b = rb = hv[1]; c = rc = hv[2];
      d = rd = hv[3]; e = re = hv[4];

      /* Round 1: left line f1, right line f5, interleaved.  */
      RMD_STEP (RMD_F1, a, b, c, d, e, x[ 0], RMD_KL1, 11);
      RMD_STEP (RMD_F5, ra, rb, rc, rd, re, x[ 5], RMD_KR1,  8);
      RMD_STEP (RMD_F1, e, a, b, c, d, x[ 1], RMD_KL1, 14);
      RMD_STEP (RMD_F5, re, ra, rb, rc, rd, x[14], RMD_KR1,  9);
      RMD_STEP (RMD_F1, d, e, a, b, c, x[ 2], RMD_KL1, 15);
      RMD_STEP (RMD_F5, rd, re, ra, rb, rc, x[ 7], RMD_KR1,  9);
      RMD_STEP (RMD_F1, c, d, e, a, b, x[ 3], RMD_KL1, 12);
      RMD_STEP (RMD_F5, rc, rd, re, ra, rb, x[ 0], RMD_KR1, 11);
      RMD_STEP (RMD_F1, b, c, d, e, a, x[ 4], RMD_KL1,  5);
      RMD_STEP (RMD_F5, rb, rc, rd, re, ra, x[ 9], RMD_KR1, 13);
      RMD_STEP (RMD_F1, a, b, c, d, e, x[ 5], RMD_KL1,  8);
      RMD_STEP (RMD_F5, ra, rb, rc, rd, re, x[ 2], RMD_KR1, 15);
      RMD_STEP (RMD_F1, e, a, b, c, d, x[ 6], RMD_KL1,  7);
      RMD_STEP (RMD_F5, re, ra, rb, rc, rd, x[11], RMD_KR1, 15);
      RMD_STEP (RMD_F1, d, e, a, b, c, x[ 7], RMD_KL1,  9);
      RMD_STEP (RMD_F5, rd, re, ra, rb, rc, x[ 4], RMD_KR1,  5);
      RMD_STEP (RMD_F1, c, d, e, a, b, x[ 8], RMD_KL1, 11);
      RMD_STEP (RMD_F5, rc, rd, re, ra, rb, x[13], RMD_KR1,  7);
      RMD_STEP (RMD_F1, b, c, d, e, a, x[ 9], RMD_KL1, 13);
      RMD_STEP (RMD_F5, rb, rc, rd, re, ra, x[ 6], RMD_KR1,  7);
      RMD_STEP (RMD_F1, a, b, c, d, e, x[10], RMD_KL1, 14);
      RMD_STEP (RMD_F5, ra, rb, rc, rd, re, x[15], RMD_KR1,  8);
      RMD_STEP (RMD_F1, e, a, b, c, d, x[11], RMD_KL1, 15);
      RMD_STEP (RMD_F5, re, ra, rb, rc, rd, x[ 8], RMD_KR1, 11);
      RMD_STEP (RMD_F1, d, e, a, b, c, x[12], RMD_KL1,  6);
      RMD_STEP (RMD_F5, rd, re, ra, rb, rc, x[ 1], RMD_KR1, 14);
      RMD_STEP (RMD_F1, c, d, e, a, b, x[13], RMD_KL1,  7);
      RMD_STEP (RMD_F5, rc, rd, re, ra, rb, x[10], RMD_KR1, 14);
      RMD_STEP (RMD_F1, b, c, d, e, a, x[14], RMD_KL1,  9);
      RMD_STEP (RMD_F5, rb, rc, rd, re, ra, x[ 3], RMD_KR1, 12);
      RMD_STEP (RMD_F1, a, b, c, d, e, x[15], RMD_KL1,  8);
      RMD_STEP (RMD_F5, ra, rb, rc, rd, re, x[12], RMD_KR1,  6);
      /* Round 2: left line f2, right line f4, interleaved.  */
      RMD_STEP (RMD_F2, e, a, b, c, d, x[ 7], RMD_KL2,  7);
      RMD_STEP (RMD_F4, re, ra, rb, rc, rd, x[ 6], RMD_KR2,  9);
      RMD_STEP (RMD_F2, d, e, a, b, c, x[ 4], RMD_KL2,  6);
      RMD_STEP (RMD_F4, rd, re, ra, rb, rc, x[11], RMD_KR2, 13);
      RMD_STEP (RMD_F2, c, d, e, a, b, x[13], RMD_KL2,  8);
      RMD_STEP (RMD_F4, rc, rd, re, ra, rb, x[ 3], RMD_KR2, 15);
      RMD_STEP (RMD_F2, b, c, d, e, a, x[ 1], RMD_KL2, 13);
      RMD_STEP (RMD_F4, rb, rc, rd, re, ra, x[ 7], RMD_KR2,  7);
      RMD_STEP (RMD_F2, a, b, c, d, e, x[10], RMD_KL2, 11);
      RMD_STEP (RMD_F4, ra, rb, rc, rd, re, x[ 0], RMD_KR2, 12);
      RMD_STEP (RMD_F2, e, a, b, c, d, x[ 6], RMD_KL2,  9);
      RMD_STEP (RMD_F4, re, ra, rb, rc, rd, x[13], RMD_KR2,  8);
      RMD_STEP (RMD_F2, d, e, a, b, c, x[15], RMD_KL2,  7);
      RMD_STEP (RMD_F4, rd, re, ra, rb, rc, x[ 5], RMD_KR2,  9);
      RMD_STEP (RMD_F2, c, d, e, a, b, x[ 3], RMD_KL2, 15);
      RMD_STEP (RMD_F4, rc, rd, re, ra, rb, x[10], RMD_KR2, 11);
      RMD_STEP (RMD_F2, b, c, d, e, a, x[12], RMD_KL2,  7);
      RMD_STEP (RMD_F4, rb, rc, rd, re, ra, x[14], RMD_KR2,  7);
      RMD_STEP (RMD_F2, a, b, c, d, e, x[ 0], RMD_KL2, 12);
      RMD_STEP (RMD_F4, ra, rb, rc, rd, re, x[15], RMD_KR2,  7);
      RMD_STEP (RMD_F2, e, a, b, c, d, x[ 9], RMD_KL2, 15);
      RMD_STEP (RMD_F4, re, ra, rb, rc, rd, x[ 8], RMD_KR2, 12);
      RMD_STEP (RMD_F2, d, e, a, b, c, x[ 5], RMD_KL2,  9);
      RMD_STEP (RMD_F4, rd, re, ra, rb, rc, x[12], RMD_KR2,  7);
      RMD_STEP (RMD_F2, c, d, e, a, b, x[ 2], RMD_KL2, 11);
      RMD_STEP (RMD_F4, rc, rd, re, ra, rb, x[ 4], RMD_KR2,  6);
      RMD_STEP (RMD_F2, b, c, d, e, a, x[14], RMD_KL2,  7);
      RMD_STEP (RMD_F4, rb, rc, rd, re, ra, x[ 9], RMD_KR2, 15);
      RMD_STEP (RMD_F2, a, b, c, d, e, x[11], RMD_KL2, 13);
      RMD_STEP (RMD_F4, ra, rb, rc, rd, re, x[ 1], RMD_KR2, 13);
      RMD_STEP (RMD_F2, e, a, b, c, d, x[ 8], RMD_KL2, 12);
      RMD_STEP (RMD_F4, re, ra, rb, rc, rd, x[ 2], RMD_KR2, 11);
      /* Round 3: left line f3, right line f3, interleaved.  */
      RMD_STEP (RMD_F3, d, e, a, b, c, x[ 3], RMD_KL3, 11);
      RMD_STEP (RMD_F3, rd, re, ra, rb, rc, x[15], RMD_KR3,  9);
      RMD_STEP (RMD_F3, c, d, e, a, b, x[10], RMD_KL3, 13);
      RMD_STEP (RMD_F3, rc, rd, re, ra, rb, x[ 5], RMD_KR3,  7);
      RMD_STEP (RMD_F3, b, c, d, e, a, x[14], RMD_KL3,  6);
      RMD_STEP (RMD_F3, rb, rc, rd, re, ra, x[ 1], RMD_KR3, 15);
      RMD_STEP (RMD_F3, a, b, c, d, e, x[ 4], RMD_KL3,  7);
      RMD_STEP (RMD_F3, ra, rb, rc, rd, re, x[ 3], RMD_KR3, 11);
      RMD_STEP (RMD_F3, e, a, b, c, d, x[ 9], RMD_KL3, 14);
      RMD_STEP (RMD_F3, re, ra, rb, rc, rd, x[ 7], RMD_KR3,  8);
      RMD_STEP (RMD_F3, d, e, a, b, c, x[15], RMD_KL3,  9);
      RMD_STEP (RMD_F3, rd, re, ra, rb, rc, x[14], RMD_KR3,  6);
      RMD_STEP (RMD_F3, c, d, e, a, b, x[ 8], RMD_KL3, 13);
      RMD_STEP (RMD_F3, rc, rd, re, ra, rb, x[ 6], RMD_KR3,  6);
      RMD_STEP (RMD_F3, b, c, d, e, a, x[ 1], RMD_KL3, 15);
      RMD_STEP (RMD_F3, rb, rc, rd, re, ra, x[ 9], RMD_KR3, 14);
      RMD_STEP (RMD_F3, a, b, c, d, e, x[ 2], RMD_KL3, 14);
      RMD_STEP (RMD_F3, ra, rb, rc, rd, re, x[11], RMD_KR3, 12);
      RMD_STEP (RMD_F3, e, a, b, c, d, x[ 7], RMD_KL3,  8);
      RMD_STEP (RMD_F3, re, ra, rb, rc, rd, x[ 8], RMD_KR3, 13);
      RMD_STEP (RMD_F3, d, e, a, b, c, x[ 0], RMD_KL3, 13);
      RMD_STEP (RMD_F3, rd, re, ra, rb, rc, x[12], RMD_KR3,  5);
      RMD_STEP (RMD_F3, c, d, e, a, b, x[ 6], RMD_KL3,  6);
      RMD_STEP (RMD_F3, rc, rd, re, ra, rb, x[ 2], RMD_KR3, 14);
      RMD_STEP (RMD_F3, b, c, d, e, a, x[13], RMD_KL3,  5);
      RMD_STEP (RMD_F3, rb, rc, rd, re, ra, x[10], RMD_KR3, 13);
      RMD_STEP (RMD_F3, a, b, c, d, e, x[11], RMD_KL3, 12);
      RMD_STEP (RMD_F3, ra, rb, rc, rd, re, x[ 0], RMD_KR3, 13);
      RMD_STEP (RMD_F3, e, a, b, c, d, x[ 5], RMD_KL3,  7);
      RMD_STEP (RMD_F3, re, ra, rb, rc, rd, x[ 4], RMD_KR3,  7);
      RMD_STEP (RMD_F3, d, e, a, b, c, x[12], RMD_KL3,  5);
      RMD_STEP (RMD_F3, rd, re, ra, rb, rc, x[13], RMD_KR3,  5);
      /* Round 4: left line f4, right line f2, interleaved.  */
      RMD_STEP (RMD_F4, c, d, e, a, b, x[ 1], RMD_KL4, 11);
      RMD_STEP (RMD_F2, rc, rd, re, ra, rb, x[ 8], RMD_KR4, 15);
      RMD_STEP (RMD_F4, b, c, d, e, a, x[ 9], RMD_KL4, 12);
      RMD_STEP (RMD_F2, rb, rc, rd, re, ra, x[ 6], RMD_KR4,  5);
      RMD_STEP (RMD_F4, a, b, c, d, e, x[11], RMD_KL4, 14);
      RMD_STEP (RMD_F2, ra, rb, rc, rd, re, x[ 4], RMD_KR4,  8);
      RMD_STEP (RMD_F4, e, a, b, c, d, x[10], RMD_KL4, 15);
      RMD_STEP (RMD_F2, re, ra, rb, rc, rd, x[ 1], RMD_KR4, 11);
      RMD_STEP (RMD_F4, d, e, a, b, c, x[ 0], RMD_KL4, 14);
      RMD_STEP (RMD_F2, rd, re, ra, rb, rc, x[ 3], RMD_KR4, 14);
      RMD_STEP (RMD_F4, c, d, e, a, b, x[ 8], RMD_KL4, 15);
      RMD_STEP (RMD_F2, rc, rd, re, ra, rb, x[11], RMD_KR4, 14);
      RMD_STEP (RMD_F4, b, c, d, e, a, x[12], RMD_KL4,  9);
      RMD_STEP (RMD_F2, rb, rc, rd, re, ra, x[15], RMD_KR4,  6);
      RMD_STEP (RMD_F4, a, b, c, d, e, x[ 4], RMD_KL4,  8);
      RMD_STEP (RMD_F2, ra, rb, rc, rd, re, x[ 0], RMD_KR4, 14);
      RMD_STEP (RMD_F4, e, a, b, c, d, x[13], RMD_KL4,  9);
      RMD_STEP (RMD_F2, re, ra, rb, rc, rd, x[ 5], RMD_KR4,  6);
      RMD_STEP (RMD_F4, d, e, a, b, c, x[ 3], RMD_KL4, 14);
      RMD_STEP (RMD_F2, rd, re, ra, rb, rc, x[12], RMD_KR4,  9);
      RMD_STEP (RMD_F4, c, d, e, a, b, x[ 7], RMD_KL4,  5);
      RMD_STEP (RMD_F2, rc, rd, re, ra, rb, x[ 2], RMD_KR4, 12);
      RMD_STEP (RMD_F4, b, c, d, e, a, x[15], RMD_KL4,  6);
      RMD_STEP (RMD_F2, rb, rc, rd, re, ra, x[13], RMD_KR4,  9);
      RMD_STEP (RMD_F4, a, b, c, d, e, x[14], RMD_KL4,  8);
      RMD_STEP (RMD_F2, ra, rb, rc, rd, re, x[ 9], RMD_KR4, 12);
      RMD_STEP (RMD_F4, e, a, b, c, d, x[ 5], RMD_KL4,  6);
      RMD_STEP (RMD_F2, re, ra, rb, rc, rd, x[ 7], RMD_KR4,  5);
      RMD_STEP (RMD_F4, d, e, a, b, c, x[ 6], RMD_KL4,  5);
      RMD_STEP (RMD_F2, rd, re, ra, rb, rc, x[10], RMD_KR4, 15);
      RMD_STEP (RMD_F4, c, d, e, a, b, x[ 2], RMD_KL4, 12);
      RMD_STEP (RMD_F2, rc, rd, re, ra, rb, x[14], RMD_KR4,  8);
      /* Round 5: left line f5, right line f1, interleaved.  */
      RMD_STEP (RMD_F5, b, c, d, e, a, x[ 4], RMD_KL5,  9);
      RMD_STEP (RMD_F1, rb, rc, rd, re, ra, x[12], RMD_KR5,  8);
      RMD_STEP (RMD_F5, a, b, c, d, e, x[ 0], RMD_KL5, 15);
      RMD_STEP (RMD_F1, ra, rb, rc, rd, re, x[15], RMD_KR5,  5);
      RMD_STEP (RMD_F5, e, a, b, c, d, x[ 5], RMD_KL5,  5);
      RMD_STEP (RMD_F1, re, ra, rb, rc, rd, x[10], RMD_KR5, 12);
      RMD_STEP (RMD_F5, d, e, a, b, c, x[ 9], RMD_KL5, 11);
      RMD_STEP (RMD_F1, rd, re, ra, rb, rc, x[ 4], RMD_KR5,  9);
      RMD_STEP (RMD_F5, c, d, e, a, b, x[ 7], RMD_KL5,  6);
      RMD_STEP (RMD_F1, rc, rd, re, ra, rb, x[ 1], RMD_KR5, 12);
      RMD_STEP (RMD_F5, b, c, d, e, a, x[12], RMD_KL5,  8);
      RMD_STEP (RMD_F1, rb, rc, rd, re, ra, x[ 5], RMD_KR5,  5);
      RMD_STEP (RMD_F5, a, b, c, d, e, x[ 2], RMD_KL5, 13);
      RMD_STEP (RMD_F1, ra, rb, rc, rd, re, x[ 8], RMD_KR5, 14);
      RMD_STEP (RMD_F5, e, a, b, c, d, x[10], RMD_KL5, 12);
      RMD_STEP (RMD_F1, re, ra, rb, rc, rd, x[ 7], RMD_KR5,  6);
      RMD_STEP (RMD_F5, d, e, a, b, c, x[14], RMD_KL5,  5);
      RMD_STEP (RMD_F1, rd, re, ra, rb, rc, x[ 6], RMD_KR5,  8);
      RMD_STEP (RMD_F5, c, d, e, a, b, x[ 1], RMD_KL5, 12);
      RMD_STEP (RMD_F1, rc, rd, re, ra, rb, x[ 2], RMD_KR5, 13);
      RMD_STEP (RMD_F5, b, c, d, e, a, x[ 3], RMD_KL5, 13);
      RMD_STEP (RMD_F1, rb, rc, rd, re, ra, x[13], RMD_KR5,  6);
      RMD_STEP (RMD_F5, a, b, c, d, e, x[ 8], RMD_KL5, 14);
      RMD_STEP (RMD_F1, ra, rb, rc, rd, re, x[14], RMD_KR5,  5);
      RMD_STEP (RMD_F5, e, a, b, c, d, x[11], RMD_KL5, 11);
      RMD_STEP (RMD_F1, re, ra, rb, rc, rd, x[ 0], RMD_KR5, 15);
      RMD_STEP (RMD_F5, d, e, a, b, c, x[ 6], RMD_KL5,  8);
      RMD_STEP (RMD_F1, rd, re, ra, rb, rc, x[ 3], RMD_KR5, 13);
      RMD_STEP (RMD_F5, c, d, e, a, b, x[15], RMD_KL5,  5);
      RMD_STEP (RMD_F1, rc, rd, re, ra, rb, x[ 9], RMD_KR5, 11);
      RMD_STEP (RMD_F5, b, c, d, e, a, x[13], RMD_KL5,  6);
      RMD_STEP (RMD_F1, rb, rc, rd, re, ra, x[11], RMD_KR5, 11);

      /* Combine the lines (80 steps leave the names where they began). */
      t = hv[1] + c + rd;
      hv[1] = hv[2] + d + re;
      hv[2] = hv[3] + e + ra;
      hv[3] = hv[4] + a + rb;
      hv[4] = hv[0] + b + rc;
      hv[0] = t;
    }

  /* The words are message data; the working variables are as secret as
     the state.  */
  wipememory (x, sizeof x);
  a = b = c = d = e = ra = rb = rc = rd = re = t = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d), "r" (e),
                    "r" (ra), "r" (rb), "r" (rc), "r" (rd), "r" (re),
                    "r" (t) : "memory");
}


/*
 * Context and spec operations.
 */

typedef struct rmd160_context
{
  byte buf[RMD160_BLOCKBYTES];  /* Pending input; the digest after
                                   final.  First, so that it is as
                                   aligned as the context (16 bytes in
                                   md.c) and no 16-byte load of it
                                   crosses a cache line.  */
  u32 h[5];                     /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
} rmd160_context_t;

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static void
rmd160_init (void *ctx, unsigned int flags)
{
  rmd160_context_t *c = ctx;

  (void) flags;
  c->nbytes = 0;
  c->buflen = 0;
  c->h[0] = 0x67452301;
  c->h[1] = 0xefcdab89;
  c->h[2] = 0x98badcfe;
  c->h[3] = 0x10325476;
  c->h[4] = 0xc3d2e1f0;
}

static void
rmd160_write (void *ctx, const void *in, size_t len)
{
  rmd160_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->h, rmd160_compress, c->buf, &c->buflen,
                     RMD160_BLOCKBYTES, in, len);
}

/* Padding as MD4: 0x80, zeros, the bit length as a 64-bit little-endian
   number; one or two blocks.  */
static void
rmd160_final (void *ctx)
{
  rmd160_context_t *c = ctx;

  md_pad_final_inplace (c->h, rmd160_compress, c->buf, c->buflen,
                        RMD160_BLOCKBYTES, 0x80,
                        md_lenfield_le64 (c->nbytes << 3), 8);
  /* BUF keeps nothing of the last block.  H is the caller's memory, so
     the plain memset stays.  */
  md_output32 (c->buf, sizeof c->buf, c->h, 20, 0);
  memset (c->h, 0, sizeof c->h);
  c->buflen = 0;
}

static byte *
rmd160_read (void *ctx)
{
  return ((rmd160_context_t *) ctx)->buf;
}


/*
 * The spec.  Upstream's facts: name "RIPEMD160" (no aliases: "RMD160"
 * does not map), the TeleTrusT hash and signature OIDs, the DigestInfo
 * prefix, and no self-test (GPG_ERR_NOT_IMPLEMENTED).
 */

static const byte rmd160_asn[15] =     /* 1.3.36.3.2.1 */
  {
    0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x24, 0x03,
    0x02, 0x01, 0x05, 0x00, 0x04, 0x14
  };

static const char *const rmd160_oids[] =
  {
    "1.3.36.3.3.1.2",                  /* rsaSignatureWithripemd160 */
    "1.3.36.3.2.1",                    /* TeleTrusT ripemd160 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_rmd160 =
  {
    GCRY_MD_RMD160, "RIPEMD160", NULL, rmd160_oids,
    rmd160_asn, sizeof rmd160_asn, 20, RMD160_BLOCKBYTES,
    sizeof (rmd160_context_t),
    rmd160_init, NULL, rmd160_write, rmd160_final, rmd160_read,
    NULL, NULL, NULL
  };
