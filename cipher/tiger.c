/* tiger.c - Tiger, Tiger1 and Tiger2 (Anderson and Biham, 1996) as
 * gcry_md digests.
 *
 * One compression function, three ids that differ only at the ends:
 *  - GCRY_MD_TIGER1 ("TIGER") is Tiger as published: padding byte 0x01,
 *    the three 64-bit words output little-endian;
 *  - GCRY_MD_TIGER2 ("TIGER2") pads with 0x80 like MD5;
 *  - GCRY_MD_TIGER ("TIGER192") is what GnuPG up to 1.3.2 produced:
 *    Tiger1's computation with each output word written big-endian.
 *
 * The four S-boxes are not pasted in: they are generated once, at first
 * use, by the procedure the paper publishes (a byte-column shuffle of
 * the identity driven by Tiger's own compression of a fixed text).
 *
 * Tiger indexes its S-boxes with data bytes, so, as upstream's, this
 * code is not constant time; it is kept for interoperability only.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"

#include <pthread.h>
#include <string.h>

#define TIGER_BLOCKBYTES 64

/* Byte N (0 = least significant) of X.  */
#define TIGER_BYTE(x, n) ((unsigned int) ((x) >> (8 * (n))) & 0xff)


/*
 * Compression (paper, section 3).  SBOX holds t1..t4 back to back, 256
 * entries each; it is a parameter because the S-box generator runs this
 * same function over the boxes while it is still building them.
 */

#define TIGER_ROUND(a, b, c, x, mul)                                    \
  do {                                                                  \
    c ^= (x);                                                           \
    a -= sbox[TIGER_BYTE (c, 0)] ^ sbox[256 + TIGER_BYTE (c, 2)]        \
         ^ sbox[512 + TIGER_BYTE (c, 4)] ^ sbox[768 + TIGER_BYTE (c, 6)]; \
    b += sbox[768 + TIGER_BYTE (c, 1)] ^ sbox[512 + TIGER_BYTE (c, 3)]  \
         ^ sbox[256 + TIGER_BYTE (c, 5)] ^ sbox[TIGER_BYTE (c, 7)];     \
    b *= (mul);                                                         \
  } while (0)

#define TIGER_PASS(a, b, c, mul)                                        \
  do {                                                                  \
    TIGER_ROUND (a, b, c, x[0], mul);                                   \
    TIGER_ROUND (b, c, a, x[1], mul);                                   \
    TIGER_ROUND (c, a, b, x[2], mul);                                   \
    TIGER_ROUND (a, b, c, x[3], mul);                                   \
    TIGER_ROUND (b, c, a, x[4], mul);                                   \
    TIGER_ROUND (c, a, b, x[5], mul);                                   \
    TIGER_ROUND (a, b, c, x[6], mul);                                   \
    TIGER_ROUND (b, c, a, x[7], mul);                                   \
  } while (0)

static void
tiger_key_schedule (u64 *x)
{
  x[0] -= x[7] ^ 0xa5a5a5a5a5a5a5a5ULL;
  x[1] ^= x[0];
  x[2] += x[1];
  x[3] -= x[2] ^ ((~x[1]) << 19);
  x[4] ^= x[3];
  x[5] += x[4];
  x[6] -= x[5] ^ ((~x[4]) >> 23);
  x[7] ^= x[6];
  x[0] += x[7];
  x[1] -= x[0] ^ ((~x[7]) << 19);
  x[2] ^= x[1];
  x[3] += x[2];
  x[4] -= x[3] ^ ((~x[2]) >> 23);
  x[5] ^= x[4];
  x[6] += x[5];
  x[7] -= x[6] ^ 0x0123456789abcdefULL;
}

/* One 64-byte block into the chaining value ABC.  */
static void
tiger_compress_block (u64 *abc, const byte *block, const u64 *sbox)
{
  u64 x[8];
  u64 a = abc[0], b = abc[1], c = abc[2];
  int i;

  for (i = 0; i < 8; i++)
    x[i] = load_le64 (block + 8 * i);

  TIGER_PASS (a, b, c, 5);
  tiger_key_schedule (x);
  TIGER_PASS (c, a, b, 7);
  tiger_key_schedule (x);
  TIGER_PASS (b, c, a, 9);

  /* Feedforward.  */
  abc[0] ^= a;
  abc[1] = b - abc[1];
  abc[2] += c;

  wipememory (x, sizeof x);
}


/*
 * S-box generation (the paper's published procedure).  Start with every
 * byte of entry i of each box equal to i; then, for five passes over
 * the 256 rows of the four boxes, swap each byte column of the row with
 * the same column of the row picked by the matching byte of one of
 * three state words, which are refreshed every third row by compressing
 * a fixed 64-character text with the boxes as they stand.
 */

static u64 tiger_sbox[4 * 256];
static pthread_once_t tiger_sbox_once = PTHREAD_ONCE_INIT;

static void
tiger_swap_column (u64 *sbox, unsigned int i, unsigned int j,
                   unsigned int col)
{
  u64 mask = (u64) 0xff << (8 * col);
  u64 diff = (sbox[i] ^ sbox[j]) & mask;

  sbox[i] ^= diff;
  sbox[j] ^= diff;
}

static void
tiger_make_sboxes (void)
{
  static const char text[] =
    "Tiger - A Fast New Hash Function, by Ross Anderson and Eli Biham";
  u64 state[3] = { 0x0123456789abcdefULL, 0xfedcba9876543210ULL,
                   0xf096a5b4c3b2e187ULL };
  unsigned int i, col, pass, box, which = 2;

  for (i = 0; i < 4 * 256; i++)
    tiger_sbox[i] = (u64) (i & 0xff) * 0x0101010101010101ULL;

  for (pass = 0; pass < 5; pass++)
    for (i = 0; i < 256; i++)
      for (box = 0; box < 4 * 256; box += 256)
        {
          if (++which == 3)
            {
              which = 0;
              tiger_compress_block (state, (const byte *) text, tiger_sbox);
            }
          for (col = 0; col < 8; col++)
            tiger_swap_column (tiger_sbox, box + i,
                               box + TIGER_BYTE (state[which], col), col);
        }
}


/*
 * Context and spec operations.
 */

typedef struct tiger_context
{
  byte buf[TIGER_BLOCKBYTES];   /* Pending input; the digest after
                                   final.  First, so that it is as
                                   aligned as the context (16 bytes in
                                   md.c) and no 16-byte load of it
                                   crosses a cache line.  */
  u64 abc[3];                   /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
  byte padbyte;                 /* 0x01 (Tiger) or 0x80 (Tiger2).  */
  byte big_endian_out;          /* GCRY_MD_TIGER's output order.  */
} tiger_context_t;

/* STATE is the context's ABC; the md_compress_t shape for md-common.h.  */
static void
tiger_compress (void *state, const byte *blocks, size_t nblocks)
{
  for (; nblocks; nblocks--, blocks += TIGER_BLOCKBYTES)
    tiger_compress_block (state, blocks, tiger_sbox);
}

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static void
tiger_start (tiger_context_t *c, byte padbyte, byte big_endian_out)
{
  pthread_once (&tiger_sbox_once, tiger_make_sboxes);
  c->nbytes = 0;
  c->buflen = 0;
  c->abc[0] = 0x0123456789abcdefULL;
  c->abc[1] = 0xfedcba9876543210ULL;
  c->abc[2] = 0xf096a5b4c3b2e187ULL;
  c->padbyte = padbyte;
  c->big_endian_out = big_endian_out;
}

static void
tiger192_init (void *ctx, unsigned int flags)
{
  (void) flags;
  tiger_start (ctx, 0x01, 1);
}

static void
tiger1_init (void *ctx, unsigned int flags)
{
  (void) flags;
  tiger_start (ctx, 0x01, 0);
}

static void
tiger2_init (void *ctx, unsigned int flags)
{
  (void) flags;
  tiger_start (ctx, 0x80, 0);
}

static void
tiger_write (void *ctx, const void *in, size_t len)
{
  tiger_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->abc, tiger_compress, c->buf, &c->buflen,
                     TIGER_BLOCKBYTES, in, len);
}

/* Padding as MD4's but with the variant's first pad byte: the pad byte,
   zeros, the bit length as a 64-bit little-endian number.  */
static void
tiger_final (void *ctx)
{
  tiger_context_t *c = ctx;

  md_pad_final_inplace (c->abc, tiger_compress, c->buf, c->buflen,
                        TIGER_BLOCKBYTES, c->padbyte,
                        md_lenfield_le64 (c->nbytes << 3), 8);
  /* BUF keeps nothing of the last block.  ABC is the caller's memory,
     so the plain memset stays.  */
  md_output64 (c->buf, sizeof c->buf, c->abc, 24, c->big_endian_out);
  memset (c->abc, 0, sizeof c->abc);
  c->buflen = 0;
}

static byte *
tiger_read (void *ctx)
{
  return ((tiger_context_t *) ctx)->buf;
}


/*
 * The specs.  Upstream's facts: GCRY_MD_TIGER is named "TIGER192" and
 * has neither OID nor DER prefix; GCRY_MD_TIGER1 is "TIGER" with GNU's
 * OID 1.3.6.1.4.1.11591.12.2 and its DigestInfo prefix; GCRY_MD_TIGER2
 * is "TIGER2" with neither.  None has a self-test upstream.
 */

static const byte tiger_no_asn[1] = { 0 };

static const byte tiger1_asn[19] =     /* 1.3.6.1.4.1.11591.12.2 */
  {
    0x30, 0x29, 0x30, 0x0d, 0x06, 0x09, 0x2b, 0x06, 0x01, 0x04,
    0x01, 0xda, 0x47, 0x0c, 0x02, 0x05, 0x00, 0x04, 0x18
  };

static const char *const tiger1_oids[] =
  {
    "1.3.6.1.4.1.11591.12.2",
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_tiger =
  {
    GCRY_MD_TIGER, "TIGER192", NULL, NULL,
    tiger_no_asn, 0, 24, TIGER_BLOCKBYTES,
    sizeof (tiger_context_t),
    tiger192_init, NULL, tiger_write, tiger_final, tiger_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_tiger1 =
  {
    GCRY_MD_TIGER1, "TIGER", NULL, tiger1_oids,
    tiger1_asn, sizeof tiger1_asn, 24, TIGER_BLOCKBYTES,
    sizeof (tiger_context_t),
    tiger1_init, NULL, tiger_write, tiger_final, tiger_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_tiger2 =
  {
    GCRY_MD_TIGER2, "TIGER2", NULL, NULL,
    tiger_no_asn, 0, 24, TIGER_BLOCKBYTES,
    sizeof (tiger_context_t),
    tiger2_init, NULL, tiger_write, tiger_final, tiger_read,
    NULL, NULL, NULL
  };
