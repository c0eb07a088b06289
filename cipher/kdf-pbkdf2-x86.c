/* kdf-pbkdf2-x86.c - the PBKDF2 inner loop for HMAC-SHA-1, HMAC-SHA-224
 * and HMAC-SHA-256 on the SHA extensions (SHA-NI), state kept in
 * registers.
 *
 * Each iteration U_j = HMAC (P, U_{j-1}) is two compressions of one
 * block whose message is the previous digest followed by constant
 * padding (kdf-pbkdf2.c explains why).  Through the generic compress
 * kernel every digest makes a round trip through memory: state stored
 * as words, byte-swapped into the block with narrow stores, and loaded
 * back with wide loads, which cannot be forwarded from them.  Here the
 * digest goes from the SHA-NI state registers to the message registers
 * with four shuffles and no memory, the padding words are constants,
 * and no byte swap is needed at all: SHA-NI wants message words as
 * native integers, which is what the state holds.
 *
 * For SHA-256, SHA-NI keeps the eight working words as ABEF = {F, E, B, A} and
 * CDGH = {H, G, D, C} (dword 0 first).  The keyed states, U and the
 * running XOR T stay in that layout for the whole loop (XOR does not
 * care about word order) and are converted only on entry and exit.
 *
 * Only the function carries a target attribute, so the file builds
 * with the baseline flags; kdf-pbkdf2.c calls it only when the CPU has
 * SHA-NI and SSE4.1.  Registers are cleared on return.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "kdf-pbkdf2-x86.h"

#include <immintrin.h>

#define SHANI_FN __attribute__ ((target ("sha,sse4.1")))
#define SHANI_INLINE \
  static inline __attribute__ ((always_inline, target ("sha,sse4.1")))

/* Leave no key-derived state in the vector registers.  */
#define CLEAR_XMM()                                                     \
  __asm__ volatile ("pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"      \
                    "pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"      \
                    "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"      \
                    "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"      \
                    "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"      \
                    "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"  \
                    "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"  \
                    "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"        \
                    ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",  \
                      "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", \
                      "xmm12", "xmm13", "xmm14", "xmm15")

/* FIPS 180-4, 4.2.2.  */
static const u32 k256[64] __attribute__ ((aligned (16))) =
  {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
    0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
    0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  };

#define K4(t) _mm_load_si128 ((const __m128i *) (k256 + (t)))

/* Rounds T..T+3 with message words MSG.  */
#define ROUNDS4(msg, t)                                         \
  do {                                                          \
    __m128i wk_ = _mm_add_epi32 ((msg), K4 (t));                \
    cdgh = _mm_sha256rnds2_epu32 (cdgh, abef, wk_);             \
    wk_ = _mm_shuffle_epi32 (wk_, 0x0e);                        \
    abef = _mm_sha256rnds2_epu32 (abef, cdgh, wk_);             \
  } while (0)

/* M0 = next four schedule words from M0..M3 (W[t-16..t-1]).  */
#define SCHED(m0, m1, m2, m3)                                   \
  do {                                                          \
    m0 = _mm_sha256msg1_epu32 (m0, m1);                         \
    m0 = _mm_add_epi32 (m0, _mm_alignr_epi8 (m3, m2, 4));       \
    m0 = _mm_sha256msg2_epu32 (m0, m3);                         \
  } while (0)

/* One compression from the keyed state (*ABEF, *CDGH) of the block
   M0 M1 M2 M3 (native words); the result replaces M0..M3's meaning
   only inside.  */
SHANI_INLINE void
compress_block (__m128i *r_abef, __m128i *r_cdgh, __m128i abef,
                __m128i cdgh, __m128i m0, __m128i m1, __m128i m2,
                __m128i m3)
{
  const __m128i abef0 = abef, cdgh0 = cdgh;

  ROUNDS4 (m0, 0);
  ROUNDS4 (m1, 4);
  ROUNDS4 (m2, 8);
  ROUNDS4 (m3, 12);
  SCHED (m0, m1, m2, m3); ROUNDS4 (m0, 16);
  SCHED (m1, m2, m3, m0); ROUNDS4 (m1, 20);
  SCHED (m2, m3, m0, m1); ROUNDS4 (m2, 24);
  SCHED (m3, m0, m1, m2); ROUNDS4 (m3, 28);
  SCHED (m0, m1, m2, m3); ROUNDS4 (m0, 32);
  SCHED (m1, m2, m3, m0); ROUNDS4 (m1, 36);
  SCHED (m2, m3, m0, m1); ROUNDS4 (m2, 40);
  SCHED (m3, m0, m1, m2); ROUNDS4 (m3, 44);
  SCHED (m0, m1, m2, m3); ROUNDS4 (m0, 48);
  SCHED (m1, m2, m3, m0); ROUNDS4 (m1, 52);
  SCHED (m2, m3, m0, m1); ROUNDS4 (m2, 56);
  SCHED (m3, m0, m1, m2); ROUNDS4 (m3, 60);
  *r_abef = _mm_add_epi32 (abef, abef0);
  *r_cdgh = _mm_add_epi32 (cdgh, cdgh0);
}

/* Native words H0..H7 to SHA-NI's layout and back.  */
SHANI_INLINE void
words_to_shani (const u32 *h, __m128i *abef, __m128i *cdgh)
{
  *abef = _mm_set_epi32 ((int) h[0], (int) h[1], (int) h[4], (int) h[5]);
  *cdgh = _mm_set_epi32 ((int) h[2], (int) h[3], (int) h[6], (int) h[7]);
}

SHANI_INLINE void
shani_to_words (__m128i abef, __m128i cdgh, u32 *h)
{
  /* {F, E, B, A} reversed is {A, B, E, F}; likewise {C, D, G, H}.  */
  __m128i ab_ef = _mm_shuffle_epi32 (abef, 0x1b);
  __m128i cd_gh = _mm_shuffle_epi32 (cdgh, 0x1b);

  _mm_storeu_si128 ((__m128i *) h, _mm_unpacklo_epi64 (ab_ef, cd_gh));
  _mm_storeu_si128 ((__m128i *) (h + 4), _mm_unpackhi_epi64 (ab_ef, cd_gh));
}

static SHANI_FN __attribute__ ((noinline)) void
sha256_iterate (const u32 *istate, const u32 *ostate, u32 *u, u32 *t,
                unsigned long count, unsigned int outlen)
{
  __m128i iabef, icdgh, oabef, ocdgh, uabef, ucdgh, tabef, tcdgh;
  __m128i ab_ef, cd_gh, m0, m1, m2, m3, keep, pad;
  __m128i sabef, scdgh;

  words_to_shani (istate, &iabef, &icdgh);
  words_to_shani (ostate, &oabef, &ocdgh);
  words_to_shani (u, &uabef, &ucdgh);
  words_to_shani (t, &tabef, &tcdgh);

  /* Words 8..15 of every block: after the digest, 0x80, zeros and the
     bit length of key block plus digest (64 + 32 or 64 + 28 bytes).
     SHA-224's digest ends at word 7, which then holds the 0x80.  */
  if (outlen == 28)
    {
      keep = _mm_set_epi32 (0, -1, -1, -1);
      pad = _mm_set_epi32 ((int) 0x80000000, 0, 0, 0);
      m2 = _mm_setzero_si128 ();
      m3 = _mm_set_epi32 ((64 + 28) * 8, 0, 0, 0);
    }
  else
    {
      keep = _mm_set1_epi32 (-1);
      pad = _mm_setzero_si128 ();
      m2 = _mm_set_epi32 (0, 0, 0, (int) 0x80000000);
      m3 = _mm_set_epi32 ((64 + 32) * 8, 0, 0, 0);
    }

  for (; count; count--)
    {
      /* Message = U: {A, B, C, D}, {E, F, G, H}.  */
      ab_ef = _mm_shuffle_epi32 (uabef, 0x1b);
      cd_gh = _mm_shuffle_epi32 (ucdgh, 0x1b);
      m0 = _mm_unpacklo_epi64 (ab_ef, cd_gh);
      m1 = _mm_or_si128 (_mm_and_si128 (_mm_unpackhi_epi64 (ab_ef, cd_gh),
                                        keep), pad);
      compress_block (&sabef, &scdgh, iabef, icdgh, m0, m1, m2, m3);

      ab_ef = _mm_shuffle_epi32 (sabef, 0x1b);
      cd_gh = _mm_shuffle_epi32 (scdgh, 0x1b);
      m0 = _mm_unpacklo_epi64 (ab_ef, cd_gh);
      m1 = _mm_or_si128 (_mm_and_si128 (_mm_unpackhi_epi64 (ab_ef, cd_gh),
                                        keep), pad);
      compress_block (&uabef, &ucdgh, oabef, ocdgh, m0, m1, m2, m3);

      tabef = _mm_xor_si128 (tabef, uabef);
      tcdgh = _mm_xor_si128 (tcdgh, ucdgh);
    }

  shani_to_words (uabef, ucdgh, u);
  shani_to_words (tabef, tcdgh, t);

  CLEAR_XMM ();
}

/*
 * HMAC-SHA-1.  SHA-NI keeps A, B, C, D in one register (A in dword 3)
 * and E in dword 3 of another; message registers hold W[4k] in dword 3.
 * So the digest A..D is the first message register as it is, and E
 * (with zeros below it) plus the 0x80 word is the second.  SHA1NEXTE
 * derives each group's E from A at the start of the group before, so
 * the code keeps that state (PREV) along.
 */

/* Four rounds of group G (function G / 5) with message W.  */
#define SHA1_GROUP(g, w)                                                \
  do {                                                                  \
    __m128i ew_ = (g) ? _mm_sha1nexte_epu32 (prev, (w))                 \
                      : _mm_add_epi32 (e, (w));                         \
    prev = abcd;                                                        \
    abcd = _mm_sha1rnds4_epu32 (abcd, ew_, (g) / 5);                    \
  } while (0)

/* W[t..t+3] from W[t-16..t-1] in M0..M3, into M0.  */
#define SHA1_SCHED(m0, m1, m2, m3)                                      \
  (m0 = _mm_sha1msg2_epu32 (_mm_xor_si128 (_mm_sha1msg1_epu32 (m0, m1), \
                                           m2), m3))

SHANI_INLINE void
sha1_block (__m128i *r_abcd, __m128i *r_e, __m128i abcd, __m128i e,
            __m128i m0, __m128i m1, __m128i m2, __m128i m3)
{
  const __m128i abcd0 = abcd, e0 = e;
  __m128i prev = abcd;

  SHA1_GROUP (0, m0);
  SHA1_GROUP (1, m1);
  SHA1_GROUP (2, m2);
  SHA1_GROUP (3, m3);
  SHA1_SCHED (m0, m1, m2, m3); SHA1_GROUP (4, m0);
  SHA1_SCHED (m1, m2, m3, m0); SHA1_GROUP (5, m1);
  SHA1_SCHED (m2, m3, m0, m1); SHA1_GROUP (6, m2);
  SHA1_SCHED (m3, m0, m1, m2); SHA1_GROUP (7, m3);
  SHA1_SCHED (m0, m1, m2, m3); SHA1_GROUP (8, m0);
  SHA1_SCHED (m1, m2, m3, m0); SHA1_GROUP (9, m1);
  SHA1_SCHED (m2, m3, m0, m1); SHA1_GROUP (10, m2);
  SHA1_SCHED (m3, m0, m1, m2); SHA1_GROUP (11, m3);
  SHA1_SCHED (m0, m1, m2, m3); SHA1_GROUP (12, m0);
  SHA1_SCHED (m1, m2, m3, m0); SHA1_GROUP (13, m1);
  SHA1_SCHED (m2, m3, m0, m1); SHA1_GROUP (14, m2);
  SHA1_SCHED (m3, m0, m1, m2); SHA1_GROUP (15, m3);
  SHA1_SCHED (m0, m1, m2, m3); SHA1_GROUP (16, m0);
  SHA1_SCHED (m1, m2, m3, m0); SHA1_GROUP (17, m1);
  SHA1_SCHED (m2, m3, m0, m1); SHA1_GROUP (18, m2);
  SHA1_SCHED (m3, m0, m1, m2); SHA1_GROUP (19, m3);
  /* E after the 80 rounds, plus the initial E (dwords 0-2 stay 0).  */
  *r_e = _mm_sha1nexte_epu32 (prev, e0);
  *r_abcd = _mm_add_epi32 (abcd, abcd0);
}

static SHANI_FN __attribute__ ((noinline)) void
sha1_iterate (const u32 *istate, const u32 *ostate, u32 *u, u32 *t,
              unsigned long count, unsigned int outlen)
{
  __m128i iabcd, ie, oabcd, oe, uabcd, ue, tabcd, te, sabcd, se;
  const __m128i pad = _mm_set_epi32 (0, (int) 0x80000000, 0, 0);
  const __m128i zero = _mm_setzero_si128 ();
  /* Words 12..15: the bit length of key block plus digest, 64 + 20.  */
  const __m128i len = _mm_set_epi32 (0, 0, 0, (64 + 20) * 8);

  (void) outlen;
  iabcd = _mm_set_epi32 ((int) istate[0], (int) istate[1], (int) istate[2],
                         (int) istate[3]);
  ie = _mm_set_epi32 ((int) istate[4], 0, 0, 0);
  oabcd = _mm_set_epi32 ((int) ostate[0], (int) ostate[1], (int) ostate[2],
                         (int) ostate[3]);
  oe = _mm_set_epi32 ((int) ostate[4], 0, 0, 0);
  uabcd = _mm_set_epi32 ((int) u[0], (int) u[1], (int) u[2], (int) u[3]);
  ue = _mm_set_epi32 ((int) u[4], 0, 0, 0);
  tabcd = _mm_set_epi32 ((int) t[0], (int) t[1], (int) t[2], (int) t[3]);
  te = _mm_set_epi32 ((int) t[4], 0, 0, 0);

  for (; count; count--)
    {
      sha1_block (&sabcd, &se, iabcd, ie, uabcd, _mm_or_si128 (ue, pad),
                  zero, len);
      sha1_block (&uabcd, &ue, oabcd, oe, sabcd, _mm_or_si128 (se, pad),
                  zero, len);
      tabcd = _mm_xor_si128 (tabcd, uabcd);
      te = _mm_xor_si128 (te, ue);
    }

  u[0] = (u32) _mm_extract_epi32 (uabcd, 3);
  u[1] = (u32) _mm_extract_epi32 (uabcd, 2);
  u[2] = (u32) _mm_extract_epi32 (uabcd, 1);
  u[3] = (u32) _mm_cvtsi128_si32 (uabcd);
  u[4] = (u32) _mm_extract_epi32 (ue, 3);
  t[0] = (u32) _mm_extract_epi32 (tabcd, 3);
  t[1] = (u32) _mm_extract_epi32 (tabcd, 2);
  t[2] = (u32) _mm_extract_epi32 (tabcd, 1);
  t[3] = (u32) _mm_cvtsi128_si32 (tabcd);
  t[4] = (u32) _mm_extract_epi32 (te, 3);

  CLEAR_XMM ();
}


/*
 * The entry points.  The compiler may spill keyed states to the stack
 * (there are more live vectors than registers); a call at the same
 * depth right after overwrites that area.
 */

static __attribute__ ((noinline)) void
burn_stack (void)
{
  byte area[512];

  wipememory (area, sizeof area);
}

void
_gcry_kdf_pbkdf2_sha256_iterate_shani (const u32 *istate, const u32 *ostate,
                                       u32 *u, u32 *t, unsigned long count,
                                       unsigned int outlen)
{
  sha256_iterate (istate, ostate, u, t, count, outlen);
  burn_stack ();
}

void
_gcry_kdf_pbkdf2_sha1_iterate_shani (const u32 *istate, const u32 *ostate,
                                     u32 *u, u32 *t, unsigned long count,
                                     unsigned int outlen)
{
  sha1_iterate (istate, ostate, u, t, count, outlen);
  burn_stack ();
}
