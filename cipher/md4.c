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
#include "md4-family.h"

#include <string.h>

#define MD4_BLOCKBYTES 64


/* The round functions, each written so that B, the word the previous
   step produced, enters as late as possible (the chain through B is
   the critical path; terms of C and D are ready earlier).
     F (B, C, D) = B ? C : D = D ^ (B & (C ^ D));
     G (B, C, D) = majority = (C & D) + (B & (C ^ D)), the two terms
                   having no set bit in common, so that + is |;
     H (B, C, D) = B ^ C ^ D.  */
#define MD4_F(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define MD4_H(b, c, d) ((b) ^ (c) ^ (d))

#define MD4_STEP_F(a, b, c, d, xk, s)                                   \
  do {                                                                  \
    a += (xk) + MD4_F (b, c, d);                                        \
    a = rol32 (a, s);                                                   \
  } while (0)

#define MD4_STEP_G(a, b, c, d, xk, s)                                   \
  do {                                                                  \
    a += (xk) + 0x5a827999 + ((c) & (d));                               \
    a += (b) & ((c) ^ (d));                                             \
    a = rol32 (a, s);                                                   \
  } while (0)

#define MD4_STEP_H(a, b, c, d, xk, s)                                   \
  do {                                                                  \
    a += (xk) + 0x6ed9eba1 + MD4_H (b, c, d);                           \
    a = rol32 (a, s);                                                   \
  } while (0)

/* Compression (RFC 1320, section 3.4), all 48 steps spelled out with
   the message words in locals: round 1 takes the words in order with
   shifts 3 7 11 19; round 2 by columns with the square root of 2 and
   shifts 3 5 9 13; round 3 in bit-reversed order with the square root
   of 3 and shifts 3 9 11 15.  */
static void
md4_compress (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 h0 = hv[0], h1 = hv[1], h2 = hv[2], h3 = hv[3];
  u32 a, b, c, d;

  /* The chaining value stays in H0..H3 across the blocks.  */
  for (; nblocks; nblocks--, blocks += MD4_BLOCKBYTES)
    {
      u32 x0 = load_le32 (blocks), x1 = load_le32 (blocks + 4);
      u32 x2 = load_le32 (blocks + 8), x3 = load_le32 (blocks + 12);
      u32 x4 = load_le32 (blocks + 16), x5 = load_le32 (blocks + 20);
      u32 x6 = load_le32 (blocks + 24), x7 = load_le32 (blocks + 28);
      u32 x8 = load_le32 (blocks + 32), x9 = load_le32 (blocks + 36);
      u32 x10 = load_le32 (blocks + 40), x11 = load_le32 (blocks + 44);
      u32 x12 = load_le32 (blocks + 48), x13 = load_le32 (blocks + 52);
      u32 x14 = load_le32 (blocks + 56), x15 = load_le32 (blocks + 60);

      a = h0; b = h1; c = h2; d = h3;

      MD4_STEP_F (a, b, c, d, x0, 3);
      MD4_STEP_F (d, a, b, c, x1, 7);
      MD4_STEP_F (c, d, a, b, x2, 11);
      MD4_STEP_F (b, c, d, a, x3, 19);
      MD4_STEP_F (a, b, c, d, x4, 3);
      MD4_STEP_F (d, a, b, c, x5, 7);
      MD4_STEP_F (c, d, a, b, x6, 11);
      MD4_STEP_F (b, c, d, a, x7, 19);
      MD4_STEP_F (a, b, c, d, x8, 3);
      MD4_STEP_F (d, a, b, c, x9, 7);
      MD4_STEP_F (c, d, a, b, x10, 11);
      MD4_STEP_F (b, c, d, a, x11, 19);
      MD4_STEP_F (a, b, c, d, x12, 3);
      MD4_STEP_F (d, a, b, c, x13, 7);
      MD4_STEP_F (c, d, a, b, x14, 11);
      MD4_STEP_F (b, c, d, a, x15, 19);

      MD4_STEP_G (a, b, c, d, x0, 3);
      MD4_STEP_G (d, a, b, c, x4, 5);
      MD4_STEP_G (c, d, a, b, x8, 9);
      MD4_STEP_G (b, c, d, a, x12, 13);
      MD4_STEP_G (a, b, c, d, x1, 3);
      MD4_STEP_G (d, a, b, c, x5, 5);
      MD4_STEP_G (c, d, a, b, x9, 9);
      MD4_STEP_G (b, c, d, a, x13, 13);
      MD4_STEP_G (a, b, c, d, x2, 3);
      MD4_STEP_G (d, a, b, c, x6, 5);
      MD4_STEP_G (c, d, a, b, x10, 9);
      MD4_STEP_G (b, c, d, a, x14, 13);
      MD4_STEP_G (a, b, c, d, x3, 3);
      MD4_STEP_G (d, a, b, c, x7, 5);
      MD4_STEP_G (c, d, a, b, x11, 9);
      MD4_STEP_G (b, c, d, a, x15, 13);

      MD4_STEP_H (a, b, c, d, x0, 3);
      MD4_STEP_H (d, a, b, c, x8, 9);
      MD4_STEP_H (c, d, a, b, x4, 11);
      MD4_STEP_H (b, c, d, a, x12, 15);
      MD4_STEP_H (a, b, c, d, x2, 3);
      MD4_STEP_H (d, a, b, c, x10, 9);
      MD4_STEP_H (c, d, a, b, x6, 11);
      MD4_STEP_H (b, c, d, a, x14, 15);
      MD4_STEP_H (a, b, c, d, x1, 3);
      MD4_STEP_H (d, a, b, c, x9, 9);
      MD4_STEP_H (c, d, a, b, x5, 11);
      MD4_STEP_H (b, c, d, a, x13, 15);
      MD4_STEP_H (a, b, c, d, x3, 3);
      MD4_STEP_H (d, a, b, c, x11, 9);
      MD4_STEP_H (c, d, a, b, x7, 11);
      MD4_STEP_H (b, c, d, a, x15, 15);

      h0 += a; h1 += b; h2 += c; h3 += d;
    }
  hv[0] = h0; hv[1] = h1; hv[2] = h2; hv[3] = h3;
}


/*
 * Context and spec operations.
 */

typedef md4_family_context_t md4_context_t;

static void
md4_init (void *ctx, unsigned int flags)
{
  (void) flags;
  md4_family_init (ctx);
}

static void
md4_write (void *ctx, const void *in, size_t len)
{
  md4_family_write (ctx, md4_compress, in, len);
}

static void
md4_final (void *ctx)
{
  md4_family_final (ctx, md4_compress);
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
