/* sm3.c - SM3 (GB/T 32905-2016, draft-shen-sm3-hash) as a gcry_md digest.
 *
 * SM3 is the Chinese national hash: a SHA-256-shaped Merkle-Damgard
 * design with 64-byte blocks, big-endian words and a 256-bit digest,
 * but a 68-word message expansion and two words (W and W') per step.
 * Portable C only.
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

#define SM3_BLOCKBYTES 64

/* The permutations P0 (compression) and P1 (expansion), section 4.4.  */
static inline u32
sm3_p0 (u32 x)
{
  return x ^ rol32 (x, 9) ^ rol32 (x, 17);
}

static inline u32
sm3_p1 (u32 x)
{
  return x ^ rol32 (x, 15) ^ rol32 (x, 23);
}

/* One compression step (section 5.3.3) written in place: instead of
   shifting the eight words along, the caller renames them, so that the
   step only writes D (the next A) and H (the next E) and rotates B and
   F.  T is T_j <<< (j mod 32); WJ is W[j] and WJ4 is W[j+4].  */
#define SM3_STEP(ffun, gfun, a, b, c, d, e, f, g, h, t, wj, wj4)        \
  do {                                                                  \
    u32 a12_ = rol32 (a, 12);                                           \
    u32 ss1_ = rol32 (a12_ + e + (t), 7);                               \
    u32 ss2_ = ss1_ ^ a12_;                                             \
    d = ffun (a, b, c) + d + ss2_ + ((wj) ^ (wj4));                     \
    h = sm3_p0 (gfun (e, f, g) + h + ss1_ + (wj));                      \
    b = rol32 (b, 9);                                                   \
    f = rol32 (f, 19);                                                  \
  } while (0)

/* The boolean functions: XOR for steps 0..15, then majority (FF) and
   choice (GG).  */
#define SM3_XOR3(x, y, z) ((x) ^ (y) ^ (z))
#define SM3_MAJ(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define SM3_CHOOSE(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))

/* Four steps from step J on; the renaming comes back to the start after
   four.  T (T_j <<< j) advances by one bit per step.  */
#define SM3_FOUR(ffun, gfun, j)                                         \
  do {                                                                  \
    SM3_STEP (ffun, gfun, a, b, c, d, e, f, g, h, t, w[j], w[j + 4]);   \
    t = rol32 (t, 1);                                                   \
    SM3_STEP (ffun, gfun, d, a, b, c, h, e, f, g, t, w[j + 1], w[j + 5]); \
    t = rol32 (t, 1);                                                   \
    SM3_STEP (ffun, gfun, c, d, a, b, g, h, e, f, t, w[j + 2], w[j + 6]); \
    t = rol32 (t, 1);                                                   \
    SM3_STEP (ffun, gfun, b, c, d, a, f, g, h, e, t, w[j + 3], w[j + 7]); \
    t = rol32 (t, 1);                                                   \
  } while (0)

static void
sm3_compress (void *state, const byte *blocks, size_t nblocks)
{
  u32 *v = state;
  u32 w[68];
  u32 a, b, c, d, e, f, g, h, t;
  int j;

  for (; nblocks; nblocks--, blocks += SM3_BLOCKBYTES)
    {
      /* Message expansion (section 5.3.2); W'[j] = W[j] ^ W[j+4] is
         formed in the steps.  */
      for (j = 0; j < 16; j++)
        w[j] = load_be32 (blocks + 4 * j);
      for (j = 16; j < 68; j++)
        w[j] = sm3_p1 (w[j - 16] ^ w[j - 9] ^ rol32 (w[j - 3], 15))
               ^ rol32 (w[j - 13], 7) ^ w[j - 6];

      a = v[0]; b = v[1]; c = v[2]; d = v[3];
      e = v[4]; f = v[5]; g = v[6]; h = v[7];

      /* Steps 0..15 use T = 79cc4519; steps 16..63 use T = 7a879d8a,
         whose rotation at step 16 is by 16 bits.  */
      t = 0x79cc4519;
      for (j = 0; j < 16; j += 4)
        SM3_FOUR (SM3_XOR3, SM3_XOR3, j);
      t = 0x9d8a7a87;
      for (j = 16; j < 64; j += 4)
        SM3_FOUR (SM3_MAJ, SM3_CHOOSE, j);

      v[0] ^= a; v[1] ^= b; v[2] ^= c; v[3] ^= d;
      v[4] ^= e; v[5] ^= f; v[6] ^= g; v[7] ^= h;
    }

  /* The expanded words are message data; a..h are as secret as the
     state.  */
  wipememory (w, sizeof w);
  a = b = c = d = e = f = g = h = t = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d), "r" (e),
                    "r" (f), "r" (g), "r" (h), "r" (t) : "memory");
}


/*
 * Context and spec operations.
 */

typedef struct sm3_context
{
  u32 v[8];                     /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
  byte buf[SM3_BLOCKBYTES];     /* Pending input; the digest after
                                   final.  */
} sm3_context_t;

static void
sm3_init (void *ctx, unsigned int flags)
{
  sm3_context_t *c = ctx;

  (void) flags;
  wipememory (c, sizeof *c);
  /* The initial value IV (section 4.1).  */
  c->v[0] = 0x7380166f;
  c->v[1] = 0x4914b2b9;
  c->v[2] = 0x172442d7;
  c->v[3] = 0xda8a0600;
  c->v[4] = 0xa96f30bc;
  c->v[5] = 0x163138aa;
  c->v[6] = 0xe38dee4d;
  c->v[7] = 0xb0fb0e4e;
}

static void
sm3_write (void *ctx, const void *in, size_t len)
{
  sm3_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->v, sm3_compress, c->buf, &c->buflen,
                     SM3_BLOCKBYTES, in, len);
}

/* Padding (section 5.2): a 1 bit, zeros, then the bit length as a
   64-bit big-endian number; one or two blocks.  */
static void
sm3_final (void *ctx)
{
  sm3_context_t *c = ctx;
  byte lenfield[8];
  int i;

  store_be64 (lenfield, c->nbytes << 3);
  md_pad_final (c->v, sm3_compress, c->buf, c->buflen,
                SM3_BLOCKBYTES, 0x80, lenfield, sizeof lenfield);

  wipememory (c->buf, sizeof c->buf);
  for (i = 0; i < 8; i++)
    store_be32 (c->buf + 4 * i, c->v[i]);
  wipememory (c->v, sizeof c->v);
  c->buflen = 0;
}

static byte *
sm3_read (void *ctx)
{
  return ((sm3_context_t *) ctx)->buf;
}


/*
 * Self-test (upstream has one): the standard's two examples, Appendix A
 * ("abc", and "abcd" repeated 16 times).
 */

static gcry_err_code_t
sm3_selftest (int algo, int extended)
{
  static const byte want_abc[32] =
    {
      0x66, 0xc7, 0xf0, 0xf4, 0x62, 0xee, 0xed, 0xd9,
      0xd1, 0xf2, 0xd4, 0x6b, 0xdc, 0x10, 0xe4, 0xe2,
      0x41, 0x67, 0xc4, 0x87, 0x5c, 0xf2, 0xf7, 0xa2,
      0x29, 0x7d, 0xa0, 0x2b, 0x8f, 0x4b, 0xa8, 0xe0
    };
  static const byte want_abcd16[32] =
    {
      0xde, 0xbe, 0x9f, 0xf9, 0x22, 0x75, 0xb8, 0xa1,
      0x38, 0x60, 0x48, 0x89, 0xc1, 0x8e, 0x5a, 0x4d,
      0x6f, 0xdb, 0x70, 0xe5, 0x38, 0x7e, 0x57, 0x65,
      0x29, 0x3d, 0xcb, 0xa3, 0x9c, 0x0c, 0x57, 0x32
    };
  sm3_context_t c;
  int i, bad;

  (void) algo;
  (void) extended;
  sm3_init (&c, 0);
  sm3_write (&c, "abc", 3);
  sm3_final (&c);
  bad = memcmp (sm3_read (&c), want_abc, 32) != 0;
  sm3_init (&c, 0);
  for (i = 0; i < 16; i++)
    sm3_write (&c, "abcd", 4);
  sm3_final (&c);
  bad |= memcmp (sm3_read (&c), want_abcd16, 32) != 0;
  wipememory (&c, sizeof c);
  return bad ? GPG_ERR_SELFTEST_FAILED : 0;
}


/*
 * The spec.  Upstream's facts: name "SM3", no aliases, the OID from the
 * CESI OID white paper, and its DigestInfo prefix.
 */

static const byte sm3_asn[17] =        /* 1.2.156.10197.401 */
  {
    0x30, 0x2f, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x81, 0x1c,
    0xcf, 0x55, 0x83, 0x11, 0x05, 0x00, 0x04, 0x20
  };

static const char *const sm3_oids[] =
  {
    "1.2.156.10197.401",
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_sm3 =
  {
    GCRY_MD_SM3, "SM3", NULL, sm3_oids,
    sm3_asn, sizeof sm3_asn, 32, SM3_BLOCKBYTES,
    sizeof (sm3_context_t),
    sm3_init, NULL, sm3_write, sm3_final, sm3_read,
    NULL, NULL, sm3_selftest
  };
