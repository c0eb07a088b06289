/* aes-aesni.c - AES with the x86 AES-NI instructions (C intrinsics).
 *
 * Interim kernels until the VAES assembly templates replace them; they
 * read the expanded key in the shared aes_hw_key_t layout.  Every
 * function carries its own target attribute, so the file builds with
 * ordinary CFLAGS and only runs when the caller has seen AES-NI.
 *
 * The parallel modes (ECB, CBC and CFB decryption, CTR, XCTR) keep eight
 * blocks in flight: AESENC has a latency of several cycles but a
 * throughput of one or two per cycle, so eight independent blocks keep
 * the unit busy.  CBC and CFB encryption chain each block into the next
 * and are serial by nature.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#if defined(__x86_64__) || defined(__i386__)

#include <string.h>
#include <immintrin.h>

#include "aes-aesni.h"

#define AESNI_FN __attribute__ ((target ("aes,sse4.1")))
#define AESNI_INLINE \
  static inline __attribute__ ((always_inline, target ("aes,sse4.1")))

/* Blocks processed together by the parallel paths.  */
#define WIDE 8

/* Apply M to each of the eight block variables b0..b7.  */
#define EACH8(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)


AESNI_INLINE __m128i
load_block (const byte *p)
{
  return _mm_loadu_si128 ((const __m128i *) p);
}

AESNI_INLINE void
store_block (byte *p, __m128i v)
{
  _mm_storeu_si128 ((__m128i *) p, v);
}

/* Round keys are read straight from the key structure (16-byte aligned
   by its type), so no copy of them lands on the stack.  */
AESNI_INLINE __m128i
enc_key (const aes_hw_key_t *k, unsigned int r)
{
  return _mm_load_si128 ((const __m128i *) k->enc[r]);
}

AESNI_INLINE __m128i
dec_key (const aes_hw_key_t *k, unsigned int r)
{
  return _mm_load_si128 ((const __m128i *) k->dec[r]);
}


/*
 * Key schedule (FIPS-197 KeyExpansion), kept in xmm registers.
 *
 * Every step of the expansion has the same shape: with the previous
 * group of four words P = (p0, p1, p2, p3) and a transformed word t,
 * the next four words are p0^t, p0^p1^t, p0^p1^p2^t, p0^p1^p2^p3^t,
 * that is the prefix xor of P (two shifted xors) xor t in every dword.
 *
 * t is SubWord(RotWord(w)) ^ Rcon, or SubWord(w) (the middle step of
 * AES-256), for a word w of the previous group.  It comes from
 * AESENCLAST: after a PSHUFB that copies w (rotated or not) into all
 * four columns, the state's columns are equal, so ShiftRows moves
 * nothing, and AESENCLAST leaves SubBytes of it xor its key operand:
 * Rcon in every dword, or zero.  One shuffle and one AES instruction
 * per step, both cheaper than AESKEYGENASSIST, and the round constants
 * are plain vector constants, so one loop serves every step.  No table,
 * no branch on key bytes: constant time.
 *
 * The decryption schedule (the equivalent inverse cipher: round keys in
 * reverse order, InvMixColumns on the inner ones) is a separate pass,
 * _gcry_aes_aesni_setkey_dec, so that modes which never run the
 * inverse cipher (CTR, GCM, GCM-SIV, XTS encryption, CFB, OFB, ...)
 * do not pay for it; aes.c calls it on the first decryption.
 */

/* The PSHUFB control that copies word W (0..3) of a vector into all
   four dwords, rotated by one byte when ROTATE (RotWord: bytes a0 a1 a2
   a3 become a1 a2 a3 a0).  Each dword of the control lists the source
   bytes, lowest first: 4W+1, 4W+2, 4W+3, 4W rotated, 4W..4W+3 not.  */
AESNI_INLINE __m128i
ks_bcast_ctl (unsigned int w, int rotate)
{
  return _mm_set1_epi32 ((int) ((rotate ? 0x00030201u : 0x03020100u)
                                + 0x04040404u * w));
}

/* 16 key bytes as two 8-byte loads.  Callers often assemble keys from
   8-byte pieces (GCM-SIV's derived keys, the DRBG's); a 16-byte load
   spanning two such recent stores cannot be forwarded from them and
   waits until both have reached the cache, while an 8-byte load is
   forwarded from an 8-byte store or from part of a wider one.  */
AESNI_INLINE __m128i
ks_load (const byte *p)
{
  return _mm_castpd_si128
    (_mm_loadh_pd (_mm_castsi128_pd (_mm_loadl_epi64 ((const __m128i *) p)),
                   (const double *) (p + 8)));
}

/* (p0, p0^p1, p0^p1^p2, p0^p1^p2^p3).  */
AESNI_INLINE __m128i
ks_prefix_xor (__m128i p)
{
  p = _mm_xor_si128 (p, _mm_slli_si128 (p, 4));
  return _mm_xor_si128 (p, _mm_slli_si128 (p, 8));
}

/* SubBytes of the word selected by the shuffle CTL, in every dword, xor
   RCON (a dword in every lane, or zero).  */
AESNI_INLINE __m128i
ks_sub_word (__m128i v, __m128i ctl, __m128i rcon)
{
  return _mm_aesenclast_si128 (_mm_shuffle_epi8 (v, ctl), rcon);
}

AESNI_INLINE void
ks_store (aes_hw_key_t *k, unsigned int r, __m128i rk)
{
  _mm_store_si128 ((__m128i *) k->enc[r], rk);
}

/* The Rcon of step I (1-based), in every dword.  */
AESNI_INLINE __m128i
ks_rcon (unsigned int i)
{
  static const unsigned int rcon[11] =
    { 0, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };

  /* I is a loop position, never key data: a public table index.  */
  return _mm_set1_epi32 ((int) rcon[i]);
}

AESNI_INLINE void
ks_expand128 (aes_hw_key_t *k, const byte *key)
{
  __m128i a = ks_load (key);
  unsigned int i;

  ks_store (k, 0, a);
  for (i = 1; i <= 10; i++)
    {
      a = _mm_xor_si128 (ks_prefix_xor (a),
                         ks_sub_word (a, ks_bcast_ctl (3, 1), ks_rcon (i)));
      ks_store (k, i, a);
    }
}

/* Six-word steps: A holds words 6g..6g+3, B words 6g+4..6g+5 (low
   half; its high half is not used).  One step takes them to group
   g + 1.  */
AESNI_INLINE void
ks_step192 (__m128i *a, __m128i *b, unsigned int step)
{
  __m128i a1 = _mm_xor_si128 (ks_prefix_xor (*a),
                              ks_sub_word (*b, ks_bcast_ctl (1, 1),
                                           ks_rcon (step)));

  *b = _mm_xor_si128 (_mm_xor_si128 (*b, _mm_slli_si128 (*b, 4)),
                      _mm_shuffle_epi32 (a1, 0xff));
  *a = a1;
}

/* Every two steps give three round keys: A, (B, A'.lo), (A'.hi, B'),
   with ' for the group after.  */
AESNI_INLINE void
ks_expand192 (aes_hw_key_t *k, const byte *key)
{
  __m128i a = ks_load (key);
  __m128i b = _mm_loadl_epi64 ((const __m128i *) (key + 16));
  __m128i b0;
  unsigned int i, r = 0;

  for (i = 1; ; i += 2)
    {
      ks_store (k, r, a);
      if (r == 12)
        break;
      b0 = b;
      ks_step192 (&a, &b, i);
      ks_store (k, r + 1, _mm_unpacklo_epi64 (b0, a));
      ks_store (k, r + 2, _mm_castpd_si128
                          (_mm_shuffle_pd (_mm_castsi128_pd (a),
                                           _mm_castsi128_pd (b), 1)));
      ks_step192 (&a, &b, i + 1);
      r += 3;
    }
}

/* Eight-word steps: A holds words 8g..8g+3 (round key 2g), B words
   8g+4..8g+7 (round key 2g+1).  */
AESNI_INLINE void
ks_expand256 (aes_hw_key_t *k, const byte *key)
{
  __m128i a = ks_load (key);
  __m128i b = ks_load (key + 16);
  unsigned int i;

  ks_store (k, 0, a);
  ks_store (k, 1, b);
  for (i = 1; i <= 7; i++)
    {
      a = _mm_xor_si128 (ks_prefix_xor (a),
                         ks_sub_word (b, ks_bcast_ctl (3, 1), ks_rcon (i)));
      ks_store (k, 2 * i, a);
      if (i == 7)
        break;
      b = _mm_xor_si128 (ks_prefix_xor (b),
                         ks_sub_word (a, ks_bcast_ctl (3, 0),
                                      _mm_setzero_si128 ()));
      ks_store (k, 2 * i + 1, b);
    }
}

AESNI_FN void
_gcry_aes_aesni_setkey_enc (aes_hw_key_t *k, const byte *key, size_t keylen)
{
  if (keylen == 16)
    ks_expand128 (k, key);
  else if (keylen == 24)
    ks_expand192 (k, key);
  else
    ks_expand256 (k, key);
  k->rounds = (unsigned int) keylen / 4 + 6;
}

AESNI_FN void
_gcry_aes_aesni_setkey_dec (aes_hw_key_t *k)
{
  unsigned int i, rounds = k->rounds;

  _mm_store_si128 ((__m128i *) k->dec[0], enc_key (k, rounds));
  for (i = 1; i < rounds; i++)
    _mm_store_si128 ((__m128i *) k->dec[i],
                     _mm_aesimc_si128 (enc_key (k, rounds - i)));
  _mm_store_si128 ((__m128i *) k->dec[rounds], enc_key (k, 0));
}

AESNI_FN void
_gcry_aes_aesni_setkey (aes_hw_key_t *k, const byte *key, size_t keylen)
{
  _gcry_aes_aesni_setkey_enc (k, key, keylen);
  _gcry_aes_aesni_setkey_dec (k);
}


/*
 * Block cores.  The loops over the rounds run on the key's round count;
 * the eight-block versions apply each round key to all eight blocks
 * before loading the next.
 */

AESNI_INLINE __m128i
encrypt1 (const aes_hw_key_t *k, __m128i b)
{
  unsigned int r, rounds = k->rounds;

  b = _mm_xor_si128 (b, enc_key (k, 0));
  for (r = 1; r < rounds; r++)
    b = _mm_aesenc_si128 (b, enc_key (k, r));
  return _mm_aesenclast_si128 (b, enc_key (k, rounds));
}

AESNI_INLINE __m128i
decrypt1 (const aes_hw_key_t *k, __m128i b)
{
  unsigned int r, rounds = k->rounds;

  b = _mm_xor_si128 (b, dec_key (k, 0));
  for (r = 1; r < rounds; r++)
    b = _mm_aesdec_si128 (b, dec_key (k, r));
  return _mm_aesdeclast_si128 (b, dec_key (k, rounds));
}

#define XOR_KEY(i)   b##i = _mm_xor_si128 (b##i, key);
#define ENC(i)       b##i = _mm_aesenc_si128 (b##i, key);
#define ENCLAST(i)   b##i = _mm_aesenclast_si128 (b##i, key);
#define DEC(i)       b##i = _mm_aesdec_si128 (b##i, key);
#define DECLAST(i)   b##i = _mm_aesdeclast_si128 (b##i, key);

/* Encrypt the eight blocks *B0..*B7 in place.  */
AESNI_INLINE void
encrypt8 (const aes_hw_key_t *k, __m128i *p0, __m128i *p1, __m128i *p2,
          __m128i *p3, __m128i *p4, __m128i *p5, __m128i *p6, __m128i *p7)
{
  __m128i b0 = *p0, b1 = *p1, b2 = *p2, b3 = *p3;
  __m128i b4 = *p4, b5 = *p5, b6 = *p6, b7 = *p7;
  __m128i key;
  unsigned int r, rounds = k->rounds;

  key = enc_key (k, 0);
  EACH8 (XOR_KEY)
  for (r = 1; r < rounds; r++)
    {
      key = enc_key (k, r);
      EACH8 (ENC)
    }
  key = enc_key (k, rounds);
  EACH8 (ENCLAST)
  *p0 = b0; *p1 = b1; *p2 = b2; *p3 = b3;
  *p4 = b4; *p5 = b5; *p6 = b6; *p7 = b7;
}

AESNI_INLINE void
decrypt8 (const aes_hw_key_t *k, __m128i *p0, __m128i *p1, __m128i *p2,
          __m128i *p3, __m128i *p4, __m128i *p5, __m128i *p6, __m128i *p7)
{
  __m128i b0 = *p0, b1 = *p1, b2 = *p2, b3 = *p3;
  __m128i b4 = *p4, b5 = *p5, b6 = *p6, b7 = *p7;
  __m128i key;
  unsigned int r, rounds = k->rounds;

  key = dec_key (k, 0);
  EACH8 (XOR_KEY)
  for (r = 1; r < rounds; r++)
    {
      key = dec_key (k, r);
      EACH8 (DEC)
    }
  key = dec_key (k, rounds);
  EACH8 (DECLAST)
  *p0 = b0; *p1 = b1; *p2 = b2; *p3 = b3;
  *p4 = b4; *p5 = b5; *p6 = b6; *p7 = b7;
}

#define CRYPT8(fn, k) \
  fn (k, &b0, &b1, &b2, &b3, &b4, &b5, &b6, &b7)

#define LOAD_IN(i)   b##i = load_block (in + 16 * i);
#define STORE_OUT(i) store_block (out + 16 * i, b##i);


/*
 * ECB.
 */

AESNI_FN void
_gcry_aes_aesni_ecb_crypt (const aes_hw_key_t *k, byte *out, const byte *in,
                           size_t nblocks, int encrypt)
{
  __m128i b0, b1, b2, b3, b4, b5, b6, b7;

  for (; nblocks >= WIDE; nblocks -= WIDE)
    {
      EACH8 (LOAD_IN)
      if (encrypt)
        CRYPT8 (encrypt8, k);
      else
        CRYPT8 (decrypt8, k);
      EACH8 (STORE_OUT)
      in += 16 * WIDE;
      out += 16 * WIDE;
    }
  for (; nblocks; nblocks--)
    {
      b0 = load_block (in);
      b0 = encrypt ? encrypt1 (k, b0) : decrypt1 (k, b0);
      store_block (out, b0);
      in += 16;
      out += 16;
    }
}

AESNI_FN void
_gcry_aes_aesni_encrypt (const aes_hw_key_t *k, byte *out, const byte *in,
                         size_t nblocks)
{
  _gcry_aes_aesni_ecb_crypt (k, out, in, nblocks, 1);
}

AESNI_FN void
_gcry_aes_aesni_decrypt (const aes_hw_key_t *k, byte *out, const byte *in,
                         size_t nblocks)
{
  _gcry_aes_aesni_ecb_crypt (k, out, in, nblocks, 0);
}


/*
 * CBC.
 */

AESNI_FN void
_gcry_aes_aesni_cbc_enc (const aes_hw_key_t *k, byte *iv, byte *out,
                         const byte *in, size_t nblocks, int cbc_mac)
{
  __m128i chain;

  if (!nblocks)
    return;
  chain = load_block (iv);
  for (; nblocks; nblocks--)
    {
      chain = encrypt1 (k, _mm_xor_si128 (chain, load_block (in)));
      in += 16;
      if (!cbc_mac)
        {
          store_block (out, chain);
          out += 16;
        }
    }
  if (cbc_mac)
    store_block (out, chain);
  store_block (iv, chain);
}

AESNI_FN void
_gcry_aes_aesni_cbc_dec (const aes_hw_key_t *k, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  __m128i b0, b1, b2, b3, b4, b5, b6, b7;
  __m128i c0, c1, c2, c3, c4, c5, c6, c7;
  __m128i prev;

  if (!nblocks)
    return;
  prev = load_block (iv);
  for (; nblocks >= WIDE; nblocks -= WIDE)
    {
      /* All eight ciphertext blocks are read before anything is written,
         so OUT == IN works.  */
#define LOAD_C(i) c##i = load_block (in + 16 * i); b##i = c##i;
      EACH8 (LOAD_C)
#undef LOAD_C
      CRYPT8 (decrypt8, k);
      b0 = _mm_xor_si128 (b0, prev);
      b1 = _mm_xor_si128 (b1, c0);
      b2 = _mm_xor_si128 (b2, c1);
      b3 = _mm_xor_si128 (b3, c2);
      b4 = _mm_xor_si128 (b4, c3);
      b5 = _mm_xor_si128 (b5, c4);
      b6 = _mm_xor_si128 (b6, c5);
      b7 = _mm_xor_si128 (b7, c6);
      prev = c7;
      EACH8 (STORE_OUT)
      in += 16 * WIDE;
      out += 16 * WIDE;
    }
  for (; nblocks; nblocks--)
    {
      c0 = load_block (in);
      b0 = _mm_xor_si128 (decrypt1 (k, c0), prev);
      prev = c0;
      store_block (out, b0);
      in += 16;
      out += 16;
    }
  store_block (iv, prev);
}


/*
 * CFB (full blocks).
 */

AESNI_FN void
_gcry_aes_aesni_cfb_enc (const aes_hw_key_t *k, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  __m128i chain;

  if (!nblocks)
    return;
  chain = load_block (iv);
  for (; nblocks; nblocks--)
    {
      chain = _mm_xor_si128 (encrypt1 (k, chain), load_block (in));
      store_block (out, chain);
      in += 16;
      out += 16;
    }
  store_block (iv, chain);
}

AESNI_FN void
_gcry_aes_aesni_cfb_dec (const aes_hw_key_t *k, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  __m128i b0, b1, b2, b3, b4, b5, b6, b7;
  __m128i c0, c1, c2, c3, c4, c5, c6, c7;
  __m128i prev;

  if (!nblocks)
    return;
  prev = load_block (iv);
  for (; nblocks >= WIDE; nblocks -= WIDE)
    {
#define LOAD_C(i) c##i = load_block (in + 16 * i);
      EACH8 (LOAD_C)
#undef LOAD_C
      b0 = prev; b1 = c0; b2 = c1; b3 = c2;
      b4 = c3; b5 = c4; b6 = c5; b7 = c6;
      CRYPT8 (encrypt8, k);
#define XOR_C(i) b##i = _mm_xor_si128 (b##i, c##i);
      EACH8 (XOR_C)
#undef XOR_C
      prev = c7;
      EACH8 (STORE_OUT)
      in += 16 * WIDE;
      out += 16 * WIDE;
    }
  for (; nblocks; nblocks--)
    {
      c0 = load_block (in);
      b0 = _mm_xor_si128 (encrypt1 (k, prev), c0);
      prev = c0;
      store_block (out, b0);
      in += 16;
      out += 16;
    }
  store_block (iv, prev);
}


/*
 * CTR and XCTR: keystream from a 128-bit block counter.
 *
 * Both keep the counter as a 128-bit integer in a register (low qword =
 * low 64 bits) and add to the low qword only, which is exact as long as
 * the low half does not wrap.  The callers split a request at the point
 * where it would wrap and carry into the high half in between, so the
 * vector path never sees a carry.
 */

/* The byte reversal between the big-endian CTR block and the integer.  */
AESNI_INLINE __m128i
bswap128 (__m128i v)
{
  return _mm_shuffle_epi8 (v, _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15));
}

/* The cipher input for counter value C: the big-endian block for CTR,
   IV ^ le128(C) for XCTR.  */
AESNI_INLINE __m128i
counter_block (__m128i c, __m128i iv, int xctr)
{
  return xctr ? _mm_xor_si128 (iv, c) : bswap128 (c);
}

/* OUT = IN ^ E(input for COUNTER + J), J = 0..NBLOCKS-1; the low qword
   of COUNTER must not wrap within the run.  */
AESNI_INLINE void
counter_run (const aes_hw_key_t *k, __m128i counter, __m128i iv, int xctr,
             byte *out, const byte *in, size_t nblocks)
{
  const __m128i one = _mm_set_epi64x (0, 1);
  const __m128i eight = _mm_set_epi64x (0, 8);
  __m128i b0, b1, b2, b3, b4, b5, b6, b7;

  for (; nblocks >= WIDE; nblocks -= WIDE)
    {
      __m128i c = counter;

#define MAKE_CTR(i) b##i = counter_block (c, iv, xctr); \
                    c = _mm_add_epi64 (c, one);
      EACH8 (MAKE_CTR)
#undef MAKE_CTR
      counter = _mm_add_epi64 (counter, eight);
      CRYPT8 (encrypt8, k);
#define XOR_IN(i) b##i = _mm_xor_si128 (b##i, load_block (in + 16 * i));
      EACH8 (XOR_IN)
#undef XOR_IN
      EACH8 (STORE_OUT)
      in += 16 * WIDE;
      out += 16 * WIDE;
    }
  for (; nblocks; nblocks--)
    {
      b0 = encrypt1 (k, counter_block (counter, iv, xctr));
      store_block (out, _mm_xor_si128 (b0, load_block (in)));
      counter = _mm_add_epi64 (counter, one);
      in += 16;
      out += 16;
    }
}

/* Run the counter modes over NBLOCKS starting at the 128-bit counter
   *HI:*LO, splitting wherever the low half wraps; on return *HI:*LO has
   advanced by NBLOCKS (mod 2^128).  */
AESNI_INLINE void
counter_mode (const aes_hw_key_t *k, u64 *hi, u64 *lo, __m128i iv, int xctr,
              byte *out, const byte *in, size_t nblocks)
{
  while (nblocks)
    {
      /* Blocks left before the low half wraps; 0 stands for 2^64.  */
      u64 room = 0 - *lo;
      size_t run = (room && room < nblocks) ? (size_t) room : nblocks;

      counter_run (k, _mm_set_epi64x ((long long) *hi, (long long) *lo), iv,
                   xctr, out, in, run);
      *lo += run;
      *hi += (*lo == 0);
      in += 16 * run;
      out += 16 * run;
      nblocks -= run;
    }
}

static inline u64
load_be64 (const byte *p)
{
  u64 v = 0;
  int i;

  for (i = 0; i < 8; i++)
    v = (v << 8) | p[i];
  return v;
}

static inline void
store_be64 (byte *p, u64 v)
{
  int i;

  for (i = 7; i >= 0; i--, v >>= 8)
    p[i] = (byte) v;
}

AESNI_FN void
_gcry_aes_aesni_ctr_enc (const aes_hw_key_t *k, byte *ctr, byte *out,
                         const byte *in, size_t nblocks)
{
  u64 hi = load_be64 (ctr);
  u64 lo = load_be64 (ctr + 8);

  if (!nblocks)
    return;
  counter_mode (k, &hi, &lo, _mm_setzero_si128 (), 0, out, in, nblocks);
  store_be64 (ctr, hi);
  store_be64 (ctr + 8, lo);
}

AESNI_FN void
_gcry_aes_aesni_xctr_enc (const aes_hw_key_t *k, const byte *iv,
                          u64 first_block_index, byte *out, const byte *in,
                          size_t nblocks)
{
  u64 hi = 0;
  u64 lo = first_block_index;

  counter_mode (k, &hi, &lo, load_block (iv), 1, out, in, nblocks);
}

#endif /* x86 */
