/* stribog.c - GOST R 34.11-2012 "Stribog" (RFC 6986), 256 and 512 bits.
 *
 * The compression g_N(h, m) = E(LPS(h ^ N), m) ^ h ^ m, where E is
 * twelve rounds of X[K] then LPS with keys from the same schedule.  The
 * nonlinear S (the byte permutation pi), the transposition P and the
 * GF(2) linear map L fold into eight 256-entry tables of 64-bit words;
 * they are derived at first use from pi and the 64 rows of L's matrix A
 * (both transcribed from RFC 6986, sections 6.1 and 6.3), so only the
 * published constants appear in this file.
 *
 * Conventions (RFC 6986 and upstream): a message block is a 512-bit
 * number whose byte 0 is the least significant; the state is eight
 * 64-bit words, word i holding bytes 8i..8i+7.  The digest is the state
 * in the same byte order; Stribog-256 is its upper (most significant)
 * half.
 *
 * Not constant time: the table lookups are indexed by state bytes, as in
 * every table-driven Stribog (the RFC's own reference included).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <pthread.h>
#include <string.h>

#define STRIBOG_BLOCKBYTES 64

/* RFC 6986, section 6.1: the substitution pi.  */
static const byte stribog_pi[256] =
  {
    252, 238, 221,  17, 207, 110,  49,  22, 251, 196, 250, 218,  35, 197,
      4,  77, 233, 119, 240, 219, 147,  46, 153, 186,  23,  54, 241, 187,
     20, 205,  95, 193, 249,  24, 101,  90, 226,  92, 239,  33, 129,  28,
     60,  66, 139,   1, 142,  79,   5, 132,   2, 174, 227, 106, 143, 160,
      6,  11, 237, 152, 127, 212, 211,  31, 235,  52,  44,  81, 234, 200,
     72, 171, 242,  42, 104, 162, 253,  58, 206, 204, 181, 112,  14,  86,
      8,  12, 118,  18, 191, 114,  19,  71, 156, 183,  93, 135,  21, 161,
    150,  41,  16, 123, 154, 199, 243, 145, 120, 111, 157, 158, 178, 177,
     50, 117,  25,  61, 255,  53, 138, 126, 109,  84, 198, 128, 195, 189,
     13,  87, 223, 245,  36, 169,  62, 168,  67, 201, 215, 121, 214, 246,
    124,  34, 185,   3, 224,  15, 236, 222, 122, 148, 176, 188, 220, 232,
     40,  80,  78,  51,  10,  74, 167, 151,  96, 115,  30,   0,  98,  68,
     26, 184,  56, 130, 100, 159,  38,  65, 173,  69,  70, 146,  39,  94,
     85,  47, 140, 163, 165, 125, 105, 213, 149,  59,   7,  88, 179,  64,
    134, 172,  29, 247,  48,  55, 107, 228, 136, 217, 231, 137, 225,  27,
    131,  73,  76,  63, 248, 254, 141,  83, 170, 144, 202, 216, 133,  97,
     32, 113, 103, 164,  45,  43,   9,  91, 203, 155,  37, 208, 190, 229,
    108,  82,  89, 166, 116, 210, 230, 244, 180, 192, 209, 102, 175, 194,
     57,  75,  99, 182
  };

/* RFC 6986, section 6.3: row i of A is what bit 63-i of a word adds.  */
static const u64 stribog_a[64] =
  {
    0x8e20faa72ba0b470ULL, 0x47107ddd9b505a38ULL, 0xad08b0e0c3282d1cULL,
    0xd8045870ef14980eULL, 0x6c022c38f90a4c07ULL, 0x3601161cf205268dULL,
    0x1b8e0b0e798c13c8ULL, 0x83478b07b2468764ULL, 0xa011d380818e8f40ULL,
    0x5086e740ce47c920ULL, 0x2843fd2067adea10ULL, 0x14aff010bdd87508ULL,
    0x0ad97808d06cb404ULL, 0x05e23c0468365a02ULL, 0x8c711e02341b2d01ULL,
    0x46b60f011a83988eULL, 0x90dab52a387ae76fULL, 0x486dd4151c3dfdb9ULL,
    0x24b86a840e90f0d2ULL, 0x125c354207487869ULL, 0x092e94218d243cbaULL,
    0x8a174a9ec8121e5dULL, 0x4585254f64090fa0ULL, 0xaccc9ca9328a8950ULL,
    0x9d4df05d5f661451ULL, 0xc0a878a0a1330aa6ULL, 0x60543c50de970553ULL,
    0x302a1e286fc58ca7ULL, 0x18150f14b9ec46ddULL, 0x0c84890ad27623e0ULL,
    0x0642ca05693b9f70ULL, 0x0321658cba93c138ULL, 0x86275df09ce8aaa8ULL,
    0x439da0784e745554ULL, 0xafc0503c273aa42aULL, 0xd960281e9d1d5215ULL,
    0xe230140fc0802984ULL, 0x71180a8960409a42ULL, 0xb60c05ca30204d21ULL,
    0x5b068c651810a89eULL, 0x456c34887a3805b9ULL, 0xac361a443d1c8cd2ULL,
    0x561b0d22900e4669ULL, 0x2b838811480723baULL, 0x9bcf4486248d9f5dULL,
    0xc3e9224312c8c1a0ULL, 0xeffa11af0964ee50ULL, 0xf97d86d98a327728ULL,
    0xe4fa2054a80b329cULL, 0x727d102a548b194eULL, 0x39b008152acb8227ULL,
    0x9258048415eb419dULL, 0x492c024284fbaec0ULL, 0xaa16012142f35760ULL,
    0x550b8e9e21f7a530ULL, 0xa48b474f9ef5dc18ULL, 0x70a6a56e2440598eULL,
    0x3853dc371220a247ULL, 0x1ca76e95091051adULL, 0x0edd37c48a08a6d8ULL,
    0x07e095624504536cULL, 0x8d70c431ac02a736ULL, 0xc83862965601dd1bULL,
    0x641c314b2b8ee083ULL
  };

/* RFC 6986, section 6.5: the iteration constants C_1..C_12, each as the
   RFC prints it (most significant byte first); the code reverses the
   bytes into the little-endian word layout once, with the tables.  */
static const char *const stribog_c_hex[12] =
  {
    "b1085bda1ecadae9ebcb2f81c0657c1f2f6a76432e45d016714eb88d7585c4fc"
    "4b7ce09192676901a2422a08a460d31505767436cc744d23dd806559f2a64507",
    "6fa3b58aa99d2f1a4fe39d460f70b5d7f3feea720a232b9861d55e0f16b50131"
    "9ab5176b12d699585cb561c2db0aa7ca55dda21bd7cbcd56e679047021b19bb7",
    "f574dcac2bce2fc70a39fc286a3d843506f15e5f529c1f8bf2ea7514b1297b7b"
    "d3e20fe490359eb1c1c93a376062db09c2b6f443867adb31991e96f50aba0ab2",
    "ef1fdfb3e81566d2f948e1a05d71e4dd488e857e335c3c7d9d721cad685e353f"
    "a9d72c82ed03d675d8b71333935203be3453eaa193e837f1220cbebc84e3d12e",
    "4bea6bacad4747999a3f410c6ca923637f151c1f1686104a359e35d7800fffbd"
    "bfcd1747253af5a3dfff00b723271a167a56a27ea9ea63f5601758fd7c6cfe57",
    "ae4faeae1d3ad3d96fa4c33b7a3039c02d66c4f95142a46c187f9ab49af08ec6"
    "cffaa6b71c9ab7b40af21f66c2bec6b6bf71c57236904f35fa68407a46647d6e",
    "f4c70e16eeaac5ec51ac86febf240954399ec6c7e6bf87c9d3473e33197a93c9"
    "0992abc52d822c3706476983284a05043517454ca23c4af38886564d3a14d493",
    "9b1f5b424d93c9a703e7aa020c6e41414eb7f8719c36de1e89b4443b4ddbc49a"
    "f4892bcb929b069069d18d2bd1a5c42f36acc2355951a8d9a47f0dd4bf02e71e",
    "378f5a541631229b944c9ad8ec165fde3a7d3a1b258942243cd955b7e00d0984"
    "800a440bdbb2ceb17b2b8a9aa6079c540e38dc92cb1f2a607261445183235adb",
    "abbedea680056f52382ae548b2e4f3f38941e71cff8a78db1fffe18a1b336103"
    "9fe76702af69334b7a1e6c303b7652f43698fad1153bb6c374b4c7fb98459ced",
    "7bcd9ed0efc889fb3002c6cd635afe94d8fa6bbbebab07612001802114846679"
    "8a1d71efea48b9caefbacd1d7d476e98dea2594ac06fd85d6bcaa4cd81f32d1b",
    "378ee767f11631bad21380b00449b17acda43c32bcdf1d77f82012d430219f9b"
    "5d80ef9d1891cc86e71da4aa88e12852faf417d5d9b21b9948bc924af11bd720"
  };

/* lps_table[j][v]: the L image of byte value pi[v] placed as byte j of a
   word; with P (byte j of output word i comes from byte i of input word
   j) the whole LPS is eight lookups per output word.  */
static u64 stribog_lps_table[8][256];
static u64 stribog_c[12][8];
static pthread_once_t stribog_tables_once = PTHREAD_ONCE_INIT;

static int
stribog_hexval (char c)
{
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static void
stribog_make_tables (void)
{
  int j, v, bit, i, k;

  for (j = 0; j < 8; j++)
    for (v = 0; v < 256; v++)
      {
        u64 acc = 0;
        byte s = stribog_pi[v];

        for (bit = 0; bit < 8; bit++)
          if ((s >> bit) & 1)
            acc ^= stribog_a[63 - (8 * j + bit)];
        stribog_lps_table[j][v] = acc;
      }

  /* Hex digit pair k (0 = most significant) is byte 63-k.  */
  for (i = 0; i < 12; i++)
    {
      memset (stribog_c[i], 0, sizeof stribog_c[i]);
      for (k = 0; k < 64; k++)
        {
          int pos = 63 - k;
          u64 b = (u64) (stribog_hexval (stribog_c_hex[i][2 * k]) << 4
                         | stribog_hexval (stribog_c_hex[i][2 * k + 1]));

          stribog_c[i][pos / 8] |= b << (8 * (pos % 8));
        }
    }
}

/* Byte I (0 = least significant) of the word X, as a table index.  */
#define STRIBOG_BYTE(x, i) ((unsigned int) ((x) >> (8 * (i))) & 0xff)

/* Word I of LPS (X0..X7): P makes byte J of it byte I of input word J,
   and table J applies S and then L's share of that byte.  */
#define STRIBOG_LPS_WORD(i)                                             \
  (stribog_lps_table[0][STRIBOG_BYTE (x0, i)]                           \
   ^ stribog_lps_table[1][STRIBOG_BYTE (x1, i)]                         \
   ^ stribog_lps_table[2][STRIBOG_BYTE (x2, i)]                         \
   ^ stribog_lps_table[3][STRIBOG_BYTE (x3, i)]                         \
   ^ stribog_lps_table[4][STRIBOG_BYTE (x4, i)]                         \
   ^ stribog_lps_table[5][STRIBOG_BYTE (x5, i)]                         \
   ^ stribog_lps_table[6][STRIBOG_BYTE (x6, i)]                         \
   ^ stribog_lps_table[7][STRIBOG_BYTE (x7, i)])

/* O0..O7 = LPS (A0 ^ B0, ..., A7 ^ B7), through the scalars X0..X7 (so O
   may be A or B).  All scalars: arrays written in halves and read back
   whole (or the reverse) would stall store-to-load forwarding.  */
#define STRIBOG_XLPS(o, a, b)                                           \
  do {                                                                  \
    x0 = a##0 ^ b##0; x1 = a##1 ^ b##1;                                 \
    x2 = a##2 ^ b##2; x3 = a##3 ^ b##3;                                 \
    x4 = a##4 ^ b##4; x5 = a##5 ^ b##5;                                 \
    x6 = a##6 ^ b##6; x7 = a##7 ^ b##7;                                 \
    o##0 = STRIBOG_LPS_WORD (0); o##1 = STRIBOG_LPS_WORD (1);           \
    o##2 = STRIBOG_LPS_WORD (2); o##3 = STRIBOG_LPS_WORD (3);           \
    o##4 = STRIBOG_LPS_WORD (4); o##5 = STRIBOG_LPS_WORD (5);           \
    o##6 = STRIBOG_LPS_WORD (6); o##7 = STRIBOG_LPS_WORD (7);           \
  } while (0)

/* H = g_N (H, M) (RFC 6986, section 7): K_1 = LPS (H ^ N), then twelve
   rounds of data LPS (K_i ^ state) and key K_(i+1) = LPS (K_i ^ C_i).
   The data LPS of one round and the key LPS of the next both wait only
   for their K, so the processor overlaps them.  The round values are
   scalars that the compiler keeps in registers (spilling some); as for
   the other digests' round variables, nothing wipes them.  */
static inline __attribute__ ((always_inline)) void
stribog_g (u64 *h, const u64 *n, const u64 *m)
{
  u64 x0, x1, x2, x3, x4, x5, x6, x7;
  u64 k0, k1, k2, k3, k4, k5, k6, k7;
  u64 t0, t1, t2, t3, t4, t5, t6, t7;
  u64 h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
  u64 h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
  u64 n0 = n[0], n1 = n[1], n2 = n[2], n3 = n[3];
  u64 n4 = n[4], n5 = n[5], n6 = n[6], n7 = n[7];
  u64 m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3];
  u64 m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7];
  int r;

  STRIBOG_XLPS (k, h, n);
  STRIBOG_XLPS (t, k, m);
  for (r = 0; ; r++)
    {
      const u64 *c = stribog_c[r];
      u64 c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
      u64 c4 = c[4], c5 = c[5], c6 = c[6], c7 = c[7];

      STRIBOG_XLPS (k, k, c);
      if (r == 11)
        break;
      STRIBOG_XLPS (t, k, t);
    }
  /* E (K_1, M) = K_13 ^ T_12.  */
  h[0] = h0 ^ k0 ^ t0 ^ m0; h[1] = h1 ^ k1 ^ t1 ^ m1;
  h[2] = h2 ^ k2 ^ t2 ^ m2; h[3] = h3 ^ k3 ^ t3 ^ m3;
  h[4] = h4 ^ k4 ^ t4 ^ m4; h[5] = h5 ^ k5 ^ t5 ^ m5;
  h[6] = h6 ^ k6 ^ t6 ^ m6; h[7] = h7 ^ k7 ^ t7 ^ m7;
}

/* A += B modulo 2^512.  */
static inline void
stribog_add512 (u64 *a, const u64 *b)
{
  u64 carry = 0;
  int i;

  for (i = 0; i < 8; i++)
    {
      u64 s = a[i] + b[i];
      u64 c1 = s < a[i];

      a[i] = s + carry;
      carry = c1 | (a[i] < s);
    }
}

/* N += NBITS modulo 2^512.  */
static inline void
stribog_add_bits (u64 *n, u64 nbits)
{
  int i;

  n[0] += nbits;
  if (n[0] < nbits)
    for (i = 1; i < 8 && !++n[i]; i++)
      ;
}


/*
 * Context and spec operations.
 */

typedef struct stribog_context
{
  u64 h[8];                     /* Chaining value.  */
  u64 n[8];                     /* Bits hashed so far (512-bit).  */
  u64 sigma[8];                 /* Sum of the blocks mod 2^512.  */
  size_t buflen;                /* Bytes pending in BUF.  */
  unsigned int mdlen;           /* 32 or 64.  */
  byte buf[STRIBOG_BLOCKBYTES]; /* Pending input; the digest after
                                   final.  */
} stribog_context_t;

/* Stage 2 of the RFC for NBLOCKS blocks at P, each counted as NBITS
   message bits (512, or fewer for the padded last block).  The message
   words are wiped once per call, not per block.  */
static void
stribog_blocks (stribog_context_t *c, const byte *p, size_t nblocks,
                u64 nbits)
{
  u64 m[8];
  int i;

  for (; nblocks; nblocks--, p += STRIBOG_BLOCKBYTES)
    {
      for (i = 0; i < 8; i++)
        m[i] = load_le64 (p + 8 * i);
      stribog_g (c->h, c->n, m);
      stribog_add_bits (c->n, nbits);
      stribog_add512 (c->sigma, m);
    }
  wipememory (m, sizeof m);
}

/* H = g_0 (H, M) for the two closing steps.  */
static void
stribog_g0 (u64 *h, const u64 *m)
{
  static const u64 zero[8];

  stribog_g (h, zero, m);
}

static void
stribog_init_common (stribog_context_t *c, unsigned int mdlen)
{
  pthread_once (&stribog_tables_once, stribog_make_tables);
  wipememory (c, sizeof *c);
  c->mdlen = mdlen;
  /* RFC 6986, section 8: IV is 0^512 for 512 bits, (00000001)^64 for
     256 bits.  */
  if (mdlen == 32)
    memset (c->h, 0x01, sizeof c->h);
}

static void
stribog256_init (void *ctx, unsigned int flags)
{
  (void) flags;
  stribog_init_common (ctx, 32);
}

static void
stribog512_init (void *ctx, unsigned int flags)
{
  (void) flags;
  stribog_init_common (ctx, 64);
}

/* Full blocks go through at once: stage 2 of the RFC takes every whole
   block, and the final step pads whatever (possibly nothing) remains.  */
static void
stribog_write (void *ctx, const void *in, size_t len)
{
  stribog_context_t *c = ctx;
  const byte *p = in;

  if (c->buflen)
    {
      size_t fill = STRIBOG_BLOCKBYTES - c->buflen;

      if (len < fill)
        {
          memcpy (c->buf + c->buflen, p, len);
          c->buflen += len;
          return;
        }
      memcpy (c->buf + c->buflen, p, fill);
      stribog_blocks (c, c->buf, 1, 512);
      c->buflen = 0;
      p += fill;
      len -= fill;
    }
  if (len >= STRIBOG_BLOCKBYTES)
    {
      size_t nblocks = len / STRIBOG_BLOCKBYTES;

      stribog_blocks (c, p, nblocks, 512);
      p += nblocks * STRIBOG_BLOCKBYTES;
      len -= nblocks * STRIBOG_BLOCKBYTES;
    }
  memcpy (c->buf, p, len);
  c->buflen = len;
}

/* Stage 3 (RFC 6986, section 8.3): pad with 0x01 then zeros, hash the
   padded block counting only its message bits, then g_0 of the length
   and of the checksum.  */
static void
stribog_final (void *ctx)
{
  stribog_context_t *c = ctx;
  int i;

  memset (c->buf + c->buflen, 0, STRIBOG_BLOCKBYTES - c->buflen);
  c->buf[c->buflen] = 0x01;
  stribog_blocks (c, c->buf, 1, (u64) c->buflen * 8);
  stribog_g0 (c->h, c->n);
  stribog_g0 (c->h, c->sigma);

  for (i = 0; i < 8; i++)
    store_le64 (c->buf + 8 * i, c->h[i]);
  /* The 256-bit digest is the upper half; READ returns its start.  */
  if (c->mdlen == 32)
    {
      memmove (c->buf, c->buf + 32, 32);
      wipememory (c->buf + 32, 32);
    }
  wipememory (c->h, sizeof c->h);
  wipememory (c->n, sizeof c->n);
  wipememory (c->sigma, sizeof c->sigma);
  c->buflen = 0;
}

static byte *
stribog_read (void *ctx)
{
  return ((stribog_context_t *) ctx)->buf;
}


/*
 * The specs.  Upstream's facts: names "STRIBOG256" and "STRIBOG512",
 * no aliases, the TC26 digest and signature OIDs, no DER prefix
 * (GCRYCTL_GET_ASNOID gives 0 bytes), HMAC block 64, no self-test.
 */

/* Nothing for GCRYCTL_GET_ASNOID to copy, but never a NULL source.  */
static const byte stribog_no_asn[1];

static const char *const stribog256_oids[] =
  {
    "1.2.643.7.1.1.3.2",        /* id-tc26-signwithdigest-gost3410-12-256 */
    "1.2.643.7.1.1.2.2",        /* id-tc26-gost3411-12-256 */
    NULL
  };

static const char *const stribog512_oids[] =
  {
    "1.2.643.7.1.1.3.3",        /* id-tc26-signwithdigest-gost3410-12-512 */
    "1.2.643.7.1.1.2.3",        /* id-tc26-gost3411-12-512 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_stribog256 =
  {
    GCRY_MD_STRIBOG256, "STRIBOG256", NULL, stribog256_oids,
    stribog_no_asn, 0, 32, STRIBOG_BLOCKBYTES,
    sizeof (stribog_context_t),
    stribog256_init, NULL, stribog_write, stribog_final, stribog_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_stribog512 =
  {
    GCRY_MD_STRIBOG512, "STRIBOG512", NULL, stribog512_oids,
    stribog_no_asn, 0, 64, STRIBOG_BLOCKBYTES,
    sizeof (stribog_context_t),
    stribog512_init, NULL, stribog_write, stribog_final, stribog_read,
    NULL, NULL, NULL
  };
