/* md4.c - MD4 (RFC 1320) as a gcry_md digest.
 *
 * MD4 is thoroughly broken; it remains for NTLM-era formats and for
 * applications that still ask libgcrypt for it.  Portable C only: the
 * 48-step compression spelled out, then buffering and padding exactly
 * as MD5 (little-endian length).
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

#define MD4_BLOCKBYTES 64


/*
 * Compression (RFC 1320, section 3.4).  Round 2 adds the square root of
 * 2 and round 3 the square root of 3 (as 32-bit constants).
 */

#define MD4_F(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define MD4_G(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define MD4_H(x, y, z) ((x) ^ (y) ^ (z))

#define MD4_STEP(f, a, b, c, d, xk, t, s)                               \
  do {                                                                  \
    a += f (b, c, d) + (xk) + (u32) (t);                                \
    a = rol32 (a, s);                                                   \
  } while (0)

#define MD4_R1 0x00000000
#define MD4_R2 0x5a827999
#define MD4_R3 0x6ed9eba1

static void
md4_compress (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 x[16];
  u32 a, b, c, d;
  int i;

  for (; nblocks; nblocks--, blocks += MD4_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        x[i] = load_le32 (blocks + 4 * i);
      a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];

      /* Round 1: words in order, shifts 3 7 11 19.  */
      for (i = 0; i < 16; i += 4)
        {
          MD4_STEP (MD4_F, a, b, c, d, x[i + 0], MD4_R1,  3);
          MD4_STEP (MD4_F, d, a, b, c, x[i + 1], MD4_R1,  7);
          MD4_STEP (MD4_F, c, d, a, b, x[i + 2], MD4_R1, 11);
          MD4_STEP (MD4_F, b, c, d, a, x[i + 3], MD4_R1, 19);
        }

      /* Round 2: words by columns, shifts 3 5 9 13.  */
      for (i = 0; i < 4; i++)
        {
          MD4_STEP (MD4_G, a, b, c, d, x[i +  0], MD4_R2,  3);
          MD4_STEP (MD4_G, d, a, b, c, x[i +  4], MD4_R2,  5);
          MD4_STEP (MD4_G, c, d, a, b, x[i +  8], MD4_R2,  9);
          MD4_STEP (MD4_G, b, c, d, a, x[i + 12], MD4_R2, 13);
        }

      /* Round 3: words in bit-reversed order, shifts 3 9 11 15.  */
      {
        static const unsigned char order[4] = { 0, 2, 1, 3 };

        for (i = 0; i < 4; i++)
          {
            int k = order[i];

            MD4_STEP (MD4_H, a, b, c, d, x[k +  0], MD4_R3,  3);
            MD4_STEP (MD4_H, d, a, b, c, x[k +  8], MD4_R3,  9);
            MD4_STEP (MD4_H, c, d, a, b, x[k +  4], MD4_R3, 11);
            MD4_STEP (MD4_H, b, c, d, a, x[k + 12], MD4_R3, 15);
          }
      }

      hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d;
    }

  /* The words are message data; a..d are as secret as the state.  */
  wipememory (x, sizeof x);
  a = b = c = d = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d) : "memory");
}


/*
 * Context and spec operations.
 */

typedef struct md4_context
{
  u32 h[4];                     /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
  byte buf[MD4_BLOCKBYTES];     /* Pending input; the digest after
                                   final.  */
} md4_context_t;

static void
md4_init (void *ctx, unsigned int flags)
{
  md4_context_t *c = ctx;

  (void) flags;
  wipememory (c, sizeof *c);
  /* RFC 1320, section 3.3 (the same words as MD5).  */
  c->h[0] = 0x67452301;
  c->h[1] = 0xefcdab89;
  c->h[2] = 0x98badcfe;
  c->h[3] = 0x10325476;
}

static void
md4_write (void *ctx, const void *in, size_t len)
{
  md4_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->h, md4_compress, c->buf, &c->buflen,
                     MD4_BLOCKBYTES, in, len);
}

/* Padding (RFC 1320, sections 3.1 and 3.2): 0x80, zeros, then the bit
   length as a 64-bit little-endian number; one or two blocks.  */
static void
md4_final (void *ctx)
{
  md4_context_t *c = ctx;
  byte lenfield[8];
  int i;

  store_le64 (lenfield, c->nbytes << 3);
  md_pad_final (c->h, md4_compress, c->buf, c->buflen,
                MD4_BLOCKBYTES, 0x80, lenfield, sizeof lenfield);

  wipememory (c->buf, sizeof c->buf);
  for (i = 0; i < 4; i++)
    store_le32 (c->buf + 4 * i, c->h[i]);
  wipememory (c->h, sizeof c->h);
  c->buflen = 0;
}

static byte *
md4_read (void *ctx)
{
  return ((md4_context_t *) ctx)->buf;
}


/*
 * The spec.  Upstream's facts: name "MD4", no aliases, one OID, the
 * DigestInfo prefix, and no self-test (GPG_ERR_NOT_IMPLEMENTED).
 */

static const byte md4_asn[18] =        /* 1.2.840.113549.2.4 */
  {
    0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48,
    0x86, 0xf7, 0x0d, 0x02, 0x04, 0x05, 0x00, 0x04, 0x10
  };

static const char *const md4_oids[] =
  {
    "1.2.840.113549.2.4",              /* id-md4 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_md4 =
  {
    GCRY_MD_MD4, "MD4", NULL, md4_oids,
    md4_asn, sizeof md4_asn, 16, MD4_BLOCKBYTES,
    sizeof (md4_context_t),
    md4_init, NULL, md4_write, md4_final, md4_read,
    NULL, NULL, NULL
  };
