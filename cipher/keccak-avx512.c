/* keccak-avx512.c - Keccak-f[1600] with AVX-512VL on x86-64.
 *
 * One lane per xmm register: AVX-512 has 32 of them, enough for the 25
 * lanes and the temporaries, so the state never leaves the registers
 * within a call (the scalar code spills on x86-64's 16 general
 * registers).  Each three-input step is one VPTERNLOGQ (the theta
 * parities and update, chi's a ^ (~b & c)), each rotation one VPROLQ, and
 * pi costs nothing: it only renames registers in the unrolled round.
 *
 * The round body is straight-line code written out lane by lane, because
 * VPROLQ takes its count as an immediate.  Only the functions carry the
 * target attribute, so the file builds with the project's flags and the
 * code runs only after keccak.c checked HWF_INTEL_AVX512.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "keccak.h"

#include <immintrin.h>

/* x86-64 GCC skips the first scheduling pass; running it with register
   pressure in mind cuts the spills of the 25 lanes by a third.  */
#define KECCAK_FN __attribute__ ((target ("avx512f,avx512vl"),       \
                                  optimize ("schedule-insns",         \
                                            "sched-pressure")))

/* a ^ b ^ c, and chi's a ^ (~b & c).  */
#define XOR3(a, b, c) _mm_ternarylogic_epi64 ((a), (b), (c), 0x96)
#define CHI(a, b, c)  _mm_ternarylogic_epi64 ((a), (b), (c), 0xd2)

/* Lane I of the input block.  */
#define IN_LANE(i) _mm_loadl_epi64 ((const __m128i *) (in + 8 * (i)))

static const u64 *const keccak_rc = _gcry_keccak_round_constants;

/* Clear every vector register, so that no lane of the state (which may
   hold HMAC key material) stays behind.  */
static inline void
clear_vector_registers (void)
{
  __asm__ volatile ("vzeroall\n\t"
                    "vpxord %%xmm16, %%xmm16, %%xmm16\n\t"
                    "vpxord %%xmm17, %%xmm17, %%xmm17\n\t"
                    "vpxord %%xmm18, %%xmm18, %%xmm18\n\t"
                    "vpxord %%xmm19, %%xmm19, %%xmm19\n\t"
                    "vpxord %%xmm20, %%xmm20, %%xmm20\n\t"
                    "vpxord %%xmm21, %%xmm21, %%xmm21\n\t"
                    "vpxord %%xmm22, %%xmm22, %%xmm22\n\t"
                    "vpxord %%xmm23, %%xmm23, %%xmm23\n\t"
                    "vpxord %%xmm24, %%xmm24, %%xmm24\n\t"
                    "vpxord %%xmm25, %%xmm25, %%xmm25\n\t"
                    "vpxord %%xmm26, %%xmm26, %%xmm26\n\t"
                    "vpxord %%xmm27, %%xmm27, %%xmm27\n\t"
                    "vpxord %%xmm28, %%xmm28, %%xmm28\n\t"
                    "vpxord %%xmm29, %%xmm29, %%xmm29\n\t"
                    "vpxord %%xmm30, %%xmm30, %%xmm30\n\t"
                    "vpxord %%xmm31, %%xmm31, %%xmm31"
                    ::: "memory");
}

KECCAK_FN void
_gcry_keccak_absorb_avx512 (u64 *state, const byte *in, size_t nblocks,
                            unsigned int rate)
{
  __m128i a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12,
          a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24;
  __m128i b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12,
          b13, b14, b15, b16, b17, b18, b19, b20, b21, b22, b23, b24;
  __m128i c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
  unsigned int nlanes = rate / 8;
  int round;

  a0 = _mm_loadl_epi64 ((const __m128i *) (state + 0));
  a1 = _mm_loadl_epi64 ((const __m128i *) (state + 1));
  a2 = _mm_loadl_epi64 ((const __m128i *) (state + 2));
  a3 = _mm_loadl_epi64 ((const __m128i *) (state + 3));
  a4 = _mm_loadl_epi64 ((const __m128i *) (state + 4));
  a5 = _mm_loadl_epi64 ((const __m128i *) (state + 5));
  a6 = _mm_loadl_epi64 ((const __m128i *) (state + 6));
  a7 = _mm_loadl_epi64 ((const __m128i *) (state + 7));
  a8 = _mm_loadl_epi64 ((const __m128i *) (state + 8));
  a9 = _mm_loadl_epi64 ((const __m128i *) (state + 9));
  a10 = _mm_loadl_epi64 ((const __m128i *) (state + 10));
  a11 = _mm_loadl_epi64 ((const __m128i *) (state + 11));
  a12 = _mm_loadl_epi64 ((const __m128i *) (state + 12));
  a13 = _mm_loadl_epi64 ((const __m128i *) (state + 13));
  a14 = _mm_loadl_epi64 ((const __m128i *) (state + 14));
  a15 = _mm_loadl_epi64 ((const __m128i *) (state + 15));
  a16 = _mm_loadl_epi64 ((const __m128i *) (state + 16));
  a17 = _mm_loadl_epi64 ((const __m128i *) (state + 17));
  a18 = _mm_loadl_epi64 ((const __m128i *) (state + 18));
  a19 = _mm_loadl_epi64 ((const __m128i *) (state + 19));
  a20 = _mm_loadl_epi64 ((const __m128i *) (state + 20));
  a21 = _mm_loadl_epi64 ((const __m128i *) (state + 21));
  a22 = _mm_loadl_epi64 ((const __m128i *) (state + 22));
  a23 = _mm_loadl_epi64 ((const __m128i *) (state + 23));
  a24 = _mm_loadl_epi64 ((const __m128i *) (state + 24));

  for (; nblocks; nblocks--, in += rate)
    {
      /* At most 21 lanes (SHAKE128); none when only permuting.  */
      if (nlanes > 0)
        a0 = _mm_xor_si128 (a0, IN_LANE (0));
      if (nlanes > 1)
        a1 = _mm_xor_si128 (a1, IN_LANE (1));
      if (nlanes > 2)
        a2 = _mm_xor_si128 (a2, IN_LANE (2));
      if (nlanes > 3)
        a3 = _mm_xor_si128 (a3, IN_LANE (3));
      if (nlanes > 4)
        a4 = _mm_xor_si128 (a4, IN_LANE (4));
      if (nlanes > 5)
        a5 = _mm_xor_si128 (a5, IN_LANE (5));
      if (nlanes > 6)
        a6 = _mm_xor_si128 (a6, IN_LANE (6));
      if (nlanes > 7)
        a7 = _mm_xor_si128 (a7, IN_LANE (7));
      if (nlanes > 8)
        a8 = _mm_xor_si128 (a8, IN_LANE (8));
      if (nlanes > 9)
        a9 = _mm_xor_si128 (a9, IN_LANE (9));
      if (nlanes > 10)
        a10 = _mm_xor_si128 (a10, IN_LANE (10));
      if (nlanes > 11)
        a11 = _mm_xor_si128 (a11, IN_LANE (11));
      if (nlanes > 12)
        a12 = _mm_xor_si128 (a12, IN_LANE (12));
      if (nlanes > 13)
        a13 = _mm_xor_si128 (a13, IN_LANE (13));
      if (nlanes > 14)
        a14 = _mm_xor_si128 (a14, IN_LANE (14));
      if (nlanes > 15)
        a15 = _mm_xor_si128 (a15, IN_LANE (15));
      if (nlanes > 16)
        a16 = _mm_xor_si128 (a16, IN_LANE (16));
      if (nlanes > 17)
        a17 = _mm_xor_si128 (a17, IN_LANE (17));
      if (nlanes > 18)
        a18 = _mm_xor_si128 (a18, IN_LANE (18));
      if (nlanes > 19)
        a19 = _mm_xor_si128 (a19, IN_LANE (19));
      if (nlanes > 20)
        a20 = _mm_xor_si128 (a20, IN_LANE (20));
      for (round = 0; round < 24; round++)
        {
        /* theta: column parities C, their rotations R (in d0..d4), and
           each lane ^= C[x-1] ^ R[x+1].  */
        c0 = XOR3 (XOR3 (a0, a5, a10), a15, a20);
        c1 = XOR3 (XOR3 (a1, a6, a11), a16, a21);
        c2 = XOR3 (XOR3 (a2, a7, a12), a17, a22);
        c3 = XOR3 (XOR3 (a3, a8, a13), a18, a23);
        c4 = XOR3 (XOR3 (a4, a9, a14), a19, a24);
        d0 = _mm_rol_epi64 (c0, 1);
        d1 = _mm_rol_epi64 (c1, 1);
        d2 = _mm_rol_epi64 (c2, 1);
        d3 = _mm_rol_epi64 (c3, 1);
        d4 = _mm_rol_epi64 (c4, 1);
        a0 = XOR3 (a0, c4, d1);
        a1 = XOR3 (a1, c0, d2);
        a2 = XOR3 (a2, c1, d3);
        a3 = XOR3 (a3, c2, d4);
        a4 = XOR3 (a4, c3, d0);
        a5 = XOR3 (a5, c4, d1);
        a6 = XOR3 (a6, c0, d2);
        a7 = XOR3 (a7, c1, d3);
        a8 = XOR3 (a8, c2, d4);
        a9 = XOR3 (a9, c3, d0);
        a10 = XOR3 (a10, c4, d1);
        a11 = XOR3 (a11, c0, d2);
        a12 = XOR3 (a12, c1, d3);
        a13 = XOR3 (a13, c2, d4);
        a14 = XOR3 (a14, c3, d0);
        a15 = XOR3 (a15, c4, d1);
        a16 = XOR3 (a16, c0, d2);
        a17 = XOR3 (a17, c1, d3);
        a18 = XOR3 (a18, c2, d4);
        a19 = XOR3 (a19, c3, d0);
        a20 = XOR3 (a20, c4, d1);
        a21 = XOR3 (a21, c0, d2);
        a22 = XOR3 (a22, c1, d3);
        a23 = XOR3 (a23, c2, d4);
        a24 = XOR3 (a24, c3, d0);
        /* rho and pi: b[pi[i]] = rol (a[i], rho[i]).  */
        b0 = a0;
        b10 = _mm_rol_epi64 (a1, 1);
        b20 = _mm_rol_epi64 (a2, 62);
        b5 = _mm_rol_epi64 (a3, 28);
        b15 = _mm_rol_epi64 (a4, 27);
        b16 = _mm_rol_epi64 (a5, 36);
        b1 = _mm_rol_epi64 (a6, 44);
        b11 = _mm_rol_epi64 (a7, 6);
        b21 = _mm_rol_epi64 (a8, 55);
        b6 = _mm_rol_epi64 (a9, 20);
        b7 = _mm_rol_epi64 (a10, 3);
        b17 = _mm_rol_epi64 (a11, 10);
        b2 = _mm_rol_epi64 (a12, 43);
        b12 = _mm_rol_epi64 (a13, 25);
        b22 = _mm_rol_epi64 (a14, 39);
        b23 = _mm_rol_epi64 (a15, 41);
        b8 = _mm_rol_epi64 (a16, 45);
        b18 = _mm_rol_epi64 (a17, 15);
        b3 = _mm_rol_epi64 (a18, 21);
        b13 = _mm_rol_epi64 (a19, 8);
        b14 = _mm_rol_epi64 (a20, 18);
        b24 = _mm_rol_epi64 (a21, 2);
        b9 = _mm_rol_epi64 (a22, 61);
        b19 = _mm_rol_epi64 (a23, 56);
        b4 = _mm_rol_epi64 (a24, 14);
        /* chi, and iota on lane 0.  */
        a0 = _mm_xor_si128 (CHI (b0, b1, b2), _mm_cvtsi64_si128 ((long long) keccak_rc[round]));
        a1 = CHI (b1, b2, b3);
        a2 = CHI (b2, b3, b4);
        a3 = CHI (b3, b4, b0);
        a4 = CHI (b4, b0, b1);
        a5 = CHI (b5, b6, b7);
        a6 = CHI (b6, b7, b8);
        a7 = CHI (b7, b8, b9);
        a8 = CHI (b8, b9, b5);
        a9 = CHI (b9, b5, b6);
        a10 = CHI (b10, b11, b12);
        a11 = CHI (b11, b12, b13);
        a12 = CHI (b12, b13, b14);
        a13 = CHI (b13, b14, b10);
        a14 = CHI (b14, b10, b11);
        a15 = CHI (b15, b16, b17);
        a16 = CHI (b16, b17, b18);
        a17 = CHI (b17, b18, b19);
        a18 = CHI (b18, b19, b15);
        a19 = CHI (b19, b15, b16);
        a20 = CHI (b20, b21, b22);
        a21 = CHI (b21, b22, b23);
        a22 = CHI (b22, b23, b24);
        a23 = CHI (b23, b24, b20);
        a24 = CHI (b24, b20, b21);
        }
    }

  _mm_storel_epi64 ((__m128i *) (state + 0), a0);
  _mm_storel_epi64 ((__m128i *) (state + 1), a1);
  _mm_storel_epi64 ((__m128i *) (state + 2), a2);
  _mm_storel_epi64 ((__m128i *) (state + 3), a3);
  _mm_storel_epi64 ((__m128i *) (state + 4), a4);
  _mm_storel_epi64 ((__m128i *) (state + 5), a5);
  _mm_storel_epi64 ((__m128i *) (state + 6), a6);
  _mm_storel_epi64 ((__m128i *) (state + 7), a7);
  _mm_storel_epi64 ((__m128i *) (state + 8), a8);
  _mm_storel_epi64 ((__m128i *) (state + 9), a9);
  _mm_storel_epi64 ((__m128i *) (state + 10), a10);
  _mm_storel_epi64 ((__m128i *) (state + 11), a11);
  _mm_storel_epi64 ((__m128i *) (state + 12), a12);
  _mm_storel_epi64 ((__m128i *) (state + 13), a13);
  _mm_storel_epi64 ((__m128i *) (state + 14), a14);
  _mm_storel_epi64 ((__m128i *) (state + 15), a15);
  _mm_storel_epi64 ((__m128i *) (state + 16), a16);
  _mm_storel_epi64 ((__m128i *) (state + 17), a17);
  _mm_storel_epi64 ((__m128i *) (state + 18), a18);
  _mm_storel_epi64 ((__m128i *) (state + 19), a19);
  _mm_storel_epi64 ((__m128i *) (state + 20), a20);
  _mm_storel_epi64 ((__m128i *) (state + 21), a21);
  _mm_storel_epi64 ((__m128i *) (state + 22), a22);
  _mm_storel_epi64 ((__m128i *) (state + 23), a23);
  _mm_storel_epi64 ((__m128i *) (state + 24), a24);
  clear_vector_registers ();
}

/* A rate of 0 reads nothing from the block (a valid pointer all the
   same): one plain permutation.  */
KECCAK_FN void
_gcry_keccak_permute_avx512 (u64 *state)
{
  _gcry_keccak_absorb_avx512 (state, (const byte *) state, 1, 0);
}
