/* poly1305-ifma.c - Poly1305 bulk blocks with AVX-512 IFMA (52-bit
 * multiply-accumulate, VPMADD52LUQ/VPMADD52HUQ), eight blocks at a time.
 *
 * Why this shape.  One Poly1305 block is a multiplication by r modulo
 * p = 2^130 - 5 whose result feeds the next one, so a single chain is
 * latency-bound.  Splitting the message into eight interleaved chains,
 * lane i of a zmm register taking blocks i, i+8, i+16, ..., each chain
 * multiplies by r^8 per step:
 *
 *   h = sum over blocks j = 1..N of m_j r^(N-j+1)
 *     = sum over lanes i of acc_i r^(8-i),
 *   acc_i = (..((m_i r^8 + m_(i+8)) r^8 + m_(i+16)) r^8 ..) + m_(i+8K-8)
 *
 * with the previous h added into lane 0's first block.  The last step
 * multiplies lane i by r^(8-i) instead, and the eight lanes are summed.
 *
 * Representation: three limbs of 44, 44 and 42 bits (radix 2^44), small
 * enough to be IFMA inputs (52 bits) with room for unreduced sums.  In
 * a product, limb pairs whose weight reaches 2^132 fold back multiplied
 * by 20 (2^132 = 4 * 2^130 = 20 mod p), so r1 and r2 are also kept as
 * 20 r1 and 20 r2.  IFMA returns each 104-bit product as a low part
 * (weight 2^0) and a high part (weight 2^52 = 2^44 * 2^8): high parts
 * are summed separately and added, shifted left by 8, one limb up; the
 * top limb's high part (weight 2^140 = 5 * 2^10 mod p) comes back to
 * limb 0 times 5 * 2^10.  Carries are then taken once per limb, all in
 * parallel (limb 2's carry, above 2^130, times 5 into limb 0), which
 * leaves every limb below 2^44 + 2^16: inputs stay well under 2^52.
 *
 * Powers r^1..r^8 are computed once per key (scalar, 128-bit products)
 * into the context; the 130-bit accumulator is converted from and to
 * the portable code's radix 2^64 form at each call, so kernels can be
 * mixed freely on one context.
 *
 * Constant time: no branch or address depends on the key or the data.
 * The zmm registers are cleared before returning; the compiler is free
 * to spill, but with 32 zmm registers and some twenty live values it
 * does not need to.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "poly1305.h"

#if defined(POLY1305_LIMBS64) && defined(__x86_64__) \
    && defined(HAVE_AMD64_ASM)

#include <immintrin.h>

#define IFMA_FN __attribute__ ((target ("avx512f,avx512ifma")))
#define IFMA_INLINE static inline \
  __attribute__ ((always_inline, target ("avx512f,avx512ifma")))

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

typedef unsigned __int128 u128;

/* C = A * B mod p (not fully reduced), radix 2^44 limbs; limbs of the
   result below 2^44 except limb 1, below 2^44 + 2^13.  */
static void
mul44 (u64 *c, const u64 *a, const u64 *b)
{
  u64 b1x20 = b[1] * 20, b2x20 = b[2] * 20, top;
  u128 d0, d1, d2;

  d0 = (u128) a[0] * b[0] + (u128) a[1] * b2x20 + (u128) a[2] * b1x20;
  d1 = (u128) a[0] * b[1] + (u128) a[1] * b[0] + (u128) a[2] * b2x20;
  d2 = (u128) a[0] * b[2] + (u128) a[1] * b[1] + (u128) a[2] * b[0];
  d1 += (u64) (d0 >> 44);
  d2 += (u64) (d1 >> 44);
  c[0] = (u64) d0 & M44;
  c[1] = (u64) d1 & M44;
  c[2] = (u64) d2 & M42;
  top = (u64) (d2 >> 42);               /* below 2^53 */
  c[0] += top * 5;
  c[1] += c[0] >> 44;
  c[0] &= M44;
}

/* The lane powers: pw[k][i] is limb k of r^(8-i).  */
static void
compute_powers (poly1305_context_t *ctx)
{
  u64 r[3], acc[3], next[3];
  int i, k;

  r[0] = ctx->r[0] & M44;
  r[1] = (ctx->r[0] >> 44 | ctx->r[1] << 20) & M44;
  r[2] = ctx->r[1] >> 24;
  for (k = 0; k < 3; k++)
    acc[k] = r[k];
  for (i = 7; i >= 0; i--)
    {
      for (k = 0; k < 3; k++)
        ctx->pw[k][i] = acc[k];
      if (i)
        {
          mul44 (next, acc, r);
          for (k = 0; k < 3; k++)
            acc[k] = next[k];
        }
    }
  wipememory (r, sizeof r);
  wipememory (acc, sizeof acc);
  wipememory (next, sizeof next);
  ctx->pw_ready = 1;
}

/* H := H * R mod p, lane by lane (see the file comment).  S1 and S2
   are 20 R1 and 20 R2.  */
IFMA_INLINE void
vmul (__m512i *h0, __m512i *h1, __m512i *h2, __m512i r0, __m512i r1,
      __m512i r2, __m512i s1, __m512i s2)
{
  const __m512i zero = _mm512_setzero_si512 ();
  const __m512i m44 = _mm512_set1_epi64 (M44);
  const __m512i m42 = _mm512_set1_epi64 (M42);
  __m512i t0, t1, t2, u0, u1, u2, c0, c1, c2;

  /* Three independent accumulations per sum, so the IFMA latency is
     paid once per limb rather than three times.  */
  t0 = _mm512_madd52lo_epu64 (zero, *h0, r0);
  t1 = _mm512_madd52lo_epu64 (zero, *h0, r1);
  t2 = _mm512_madd52lo_epu64 (zero, *h0, r2);
  u0 = _mm512_madd52hi_epu64 (zero, *h0, r0);
  u1 = _mm512_madd52hi_epu64 (zero, *h0, r1);
  u2 = _mm512_madd52hi_epu64 (zero, *h0, r2);
  t0 = _mm512_madd52lo_epu64 (t0, *h1, s2);
  t1 = _mm512_madd52lo_epu64 (t1, *h1, r0);
  t2 = _mm512_madd52lo_epu64 (t2, *h1, r1);
  u0 = _mm512_madd52hi_epu64 (u0, *h1, s2);
  u1 = _mm512_madd52hi_epu64 (u1, *h1, r0);
  u2 = _mm512_madd52hi_epu64 (u2, *h1, r1);
  t0 = _mm512_madd52lo_epu64 (t0, *h2, s1);
  t1 = _mm512_madd52lo_epu64 (t1, *h2, s2);
  t2 = _mm512_madd52lo_epu64 (t2, *h2, r0);
  u0 = _mm512_madd52hi_epu64 (u0, *h2, s1);
  u1 = _mm512_madd52hi_epu64 (u1, *h2, s2);
  u2 = _mm512_madd52hi_epu64 (u2, *h2, r0);

  /* High parts one limb up (<< 8); the top one to limb 0 (* 5 << 10).  */
  t1 = _mm512_add_epi64 (t1, _mm512_slli_epi64 (u0, 8));
  t2 = _mm512_add_epi64 (t2, _mm512_slli_epi64 (u1, 8));
  u2 = _mm512_add_epi64 (u2, _mm512_slli_epi64 (u2, 2));
  t0 = _mm512_add_epi64 (t0, _mm512_slli_epi64 (u2, 10));

  c0 = _mm512_srli_epi64 (t0, 44);
  c1 = _mm512_srli_epi64 (t1, 44);
  c2 = _mm512_srli_epi64 (t2, 42);
  c2 = _mm512_add_epi64 (c2, _mm512_slli_epi64 (c2, 2));
  *h0 = _mm512_add_epi64 (_mm512_and_si512 (t0, m44), c2);
  *h1 = _mm512_add_epi64 (_mm512_and_si512 (t1, m44), c0);
  *h2 = _mm512_add_epi64 (_mm512_and_si512 (t2, m42), c1);
}

/* Eight blocks at M as limbs, lane i holding block i, 2^128 bit set.  */
IFMA_INLINE void
load8 (const byte *m, __m512i *m0, __m512i *m1, __m512i *m2)
{
  const __m512i even = _mm512_set_epi64 (14, 12, 10, 8, 6, 4, 2, 0);
  const __m512i odd = _mm512_set_epi64 (15, 13, 11, 9, 7, 5, 3, 1);
  const __m512i m44 = _mm512_set1_epi64 (M44);
  __m512i a = _mm512_loadu_si512 ((const void *) m);
  __m512i b = _mm512_loadu_si512 ((const void *) (m + 64));
  __m512i lo = _mm512_permutex2var_epi64 (a, even, b);
  __m512i hi = _mm512_permutex2var_epi64 (a, odd, b);

  *m0 = _mm512_and_si512 (lo, m44);
  *m1 = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (lo, 44),
                                           _mm512_slli_epi64 (hi, 20)),
                          m44);
  *m2 = _mm512_or_si512 (_mm512_srli_epi64 (hi, 24),
                         _mm512_set1_epi64 (1ULL << 40));
}

/* Absorb NBLOCKS full blocks (a multiple of 8, at least 8).  */
IFMA_FN void
_gcry_poly1305_blocks_ifma (poly1305_context_t *ctx, const byte *m,
                            size_t nblocks)
{
  __m512i h0, h1, h2, x0, x1, x2, r0, r1, r2, s1, s2;
  u64 l0, l1, l2, hv0, hv1, hv2, c;
  u128 acc;

  if (!ctx->pw_ready)
    compute_powers (ctx);

  /* The running h into lane 0, as limbs.  */
  l0 = ctx->h[0] & M44;
  l1 = (ctx->h[0] >> 44 | ctx->h[1] << 20) & M44;
  l2 = ctx->h[1] >> 24 | ctx->h[2] << 40;
  load8 (m, &h0, &h1, &h2);
  h0 = _mm512_add_epi64 (h0, _mm512_maskz_set1_epi64 (1, l0));
  h1 = _mm512_add_epi64 (h1, _mm512_maskz_set1_epi64 (1, l1));
  h2 = _mm512_add_epi64 (h2, _mm512_maskz_set1_epi64 (1, l2));
  m += 8 * POLY1305_BLOCKLEN;
  nblocks -= 8;

  /* r^8, lane 0 of the powers, in every lane.  */
  r0 = _mm512_set1_epi64 ((long long) ctx->pw[0][0]);
  r1 = _mm512_set1_epi64 ((long long) ctx->pw[1][0]);
  r2 = _mm512_set1_epi64 ((long long) ctx->pw[2][0]);
  s1 = _mm512_add_epi64 (_mm512_slli_epi64 (r1, 4), _mm512_slli_epi64 (r1, 2));
  s2 = _mm512_add_epi64 (_mm512_slli_epi64 (r2, 4), _mm512_slli_epi64 (r2, 2));
  for (; nblocks; nblocks -= 8, m += 8 * POLY1305_BLOCKLEN)
    {
      vmul (&h0, &h1, &h2, r0, r1, r2, s1, s2);
      load8 (m, &x0, &x1, &x2);
      h0 = _mm512_add_epi64 (h0, x0);
      h1 = _mm512_add_epi64 (h1, x1);
      h2 = _mm512_add_epi64 (h2, x2);
    }

  /* Lane i times r^(8-i), then the lanes summed.  */
  r0 = _mm512_loadu_si512 ((const void *) ctx->pw[0]);
  r1 = _mm512_loadu_si512 ((const void *) ctx->pw[1]);
  r2 = _mm512_loadu_si512 ((const void *) ctx->pw[2]);
  s1 = _mm512_add_epi64 (_mm512_slli_epi64 (r1, 4), _mm512_slli_epi64 (r1, 2));
  s2 = _mm512_add_epi64 (_mm512_slli_epi64 (r2, 4), _mm512_slli_epi64 (r2, 2));
  vmul (&h0, &h1, &h2, r0, r1, r2, s1, s2);
  l0 = (u64) _mm512_reduce_add_epi64 (h0);
  l1 = (u64) _mm512_reduce_add_epi64 (h1);
  l2 = (u64) _mm512_reduce_add_epi64 (h2);

  /* Back to radix 2^64 (limbs below 2^48, so h below 2^137), bits 130
     and up folded back times 5 to leave h2 at most 4.  */
  acc = (u128) l0 + ((u128) l1 << 44);
  hv0 = (u64) acc;
  acc = (acc >> 64) + ((u128) l2 << 24);
  hv1 = (u64) acc;
  hv2 = (u64) (acc >> 64);
  c = (hv2 >> 2) * 5;
  hv2 &= 3;
  acc = (u128) hv0 + c;
  hv0 = (u64) acc;
  acc = (acc >> 64) + hv1;
  hv1 = (u64) acc;
  hv2 += (u64) (acc >> 64);
  ctx->h[0] = hv0;
  ctx->h[1] = hv1;
  ctx->h[2] = hv2;

  /* Nothing of h, r or the message stays in the vector registers.  */
  __asm__ volatile ("vpxord %%zmm16, %%zmm16, %%zmm16\n\t"
                    "vpxord %%zmm17, %%zmm17, %%zmm17\n\t"
                    "vpxord %%zmm18, %%zmm18, %%zmm18\n\t"
                    "vpxord %%zmm19, %%zmm19, %%zmm19\n\t"
                    "vpxord %%zmm20, %%zmm20, %%zmm20\n\t"
                    "vpxord %%zmm21, %%zmm21, %%zmm21\n\t"
                    "vpxord %%zmm22, %%zmm22, %%zmm22\n\t"
                    "vpxord %%zmm23, %%zmm23, %%zmm23\n\t"
                    "vpxord %%zmm24, %%zmm24, %%zmm24\n\t"
                    "vpxord %%zmm25, %%zmm25, %%zmm25\n\t"
                    "vpxord %%zmm26, %%zmm26, %%zmm26\n\t"
                    "vpxord %%zmm27, %%zmm27, %%zmm27\n\t"
                    "vpxord %%zmm28, %%zmm28, %%zmm28\n\t"
                    "vpxord %%zmm29, %%zmm29, %%zmm29\n\t"
                    "vpxord %%zmm30, %%zmm30, %%zmm30\n\t"
                    "vpxord %%zmm31, %%zmm31, %%zmm31\n\t"
                    "vzeroall"
                    : : : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                      "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                      "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17",
                      "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",
                      "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29",
                      "xmm30", "xmm31");
}

#endif /* POLY1305_LIMBS64 && __x86_64__ && HAVE_AMD64_ASM */
