/* md5.c - MD5 (RFC 1321) as a gcry_md digest.
 *
 * MD5 is broken for collision resistance; it stays because OpenPGP,
 * PKCS#1 v1.5 verifiers and old protocols still name it.  Portable C
 * only: a 64-step compression spelled out in full, then the usual
 * buffering and Merkle-Damgard padding (little-endian length).
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

#define MD5_BLOCKBYTES 64


/*
 * Compression (RFC 1321, section 3.4).  The sine-derived constants T[i]
 * appear inline in the steps; F and G are written in their two-operation
 * select forms (G(x,y,z) = F(z,x,y)).
 */

#define MD5_F(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define MD5_G(x, y, z) ((((x) ^ (y)) & (z)) ^ (y))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))

#define MD5_STEP(f, a, b, c, d, xk, t, s)                               \
  do {                                                                  \
    a += f (b, c, d) + (xk) + (u32) (t);                                \
    a = rol32 (a, s) + b;                                               \
  } while (0)

static void
md5_compress (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 x[16];
  u32 a, b, c, d;
  int i;

  for (; nblocks; nblocks--, blocks += MD5_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        x[i] = load_le32 (blocks + 4 * i);
      a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];

      /* Round 1.  */
      MD5_STEP (MD5_F, a, b, c, d, x[ 0], 0xd76aa478,  7);
      MD5_STEP (MD5_F, d, a, b, c, x[ 1], 0xe8c7b756, 12);
      MD5_STEP (MD5_F, c, d, a, b, x[ 2], 0x242070db, 17);
      MD5_STEP (MD5_F, b, c, d, a, x[ 3], 0xc1bdceee, 22);
      MD5_STEP (MD5_F, a, b, c, d, x[ 4], 0xf57c0faf,  7);
      MD5_STEP (MD5_F, d, a, b, c, x[ 5], 0x4787c62a, 12);
      MD5_STEP (MD5_F, c, d, a, b, x[ 6], 0xa8304613, 17);
      MD5_STEP (MD5_F, b, c, d, a, x[ 7], 0xfd469501, 22);
      MD5_STEP (MD5_F, a, b, c, d, x[ 8], 0x698098d8,  7);
      MD5_STEP (MD5_F, d, a, b, c, x[ 9], 0x8b44f7af, 12);
      MD5_STEP (MD5_F, c, d, a, b, x[10], 0xffff5bb1, 17);
      MD5_STEP (MD5_F, b, c, d, a, x[11], 0x895cd7be, 22);
      MD5_STEP (MD5_F, a, b, c, d, x[12], 0x6b901122,  7);
      MD5_STEP (MD5_F, d, a, b, c, x[13], 0xfd987193, 12);
      MD5_STEP (MD5_F, c, d, a, b, x[14], 0xa679438e, 17);
      MD5_STEP (MD5_F, b, c, d, a, x[15], 0x49b40821, 22);

      /* Round 2.  */
      MD5_STEP (MD5_G, a, b, c, d, x[ 1], 0xf61e2562,  5);
      MD5_STEP (MD5_G, d, a, b, c, x[ 6], 0xc040b340,  9);
      MD5_STEP (MD5_G, c, d, a, b, x[11], 0x265e5a51, 14);
      MD5_STEP (MD5_G, b, c, d, a, x[ 0], 0xe9b6c7aa, 20);
      MD5_STEP (MD5_G, a, b, c, d, x[ 5], 0xd62f105d,  5);
      MD5_STEP (MD5_G, d, a, b, c, x[10], 0x02441453,  9);
      MD5_STEP (MD5_G, c, d, a, b, x[15], 0xd8a1e681, 14);
      MD5_STEP (MD5_G, b, c, d, a, x[ 4], 0xe7d3fbc8, 20);
      MD5_STEP (MD5_G, a, b, c, d, x[ 9], 0x21e1cde6,  5);
      MD5_STEP (MD5_G, d, a, b, c, x[14], 0xc33707d6,  9);
      MD5_STEP (MD5_G, c, d, a, b, x[ 3], 0xf4d50d87, 14);
      MD5_STEP (MD5_G, b, c, d, a, x[ 8], 0x455a14ed, 20);
      MD5_STEP (MD5_G, a, b, c, d, x[13], 0xa9e3e905,  5);
      MD5_STEP (MD5_G, d, a, b, c, x[ 2], 0xfcefa3f8,  9);
      MD5_STEP (MD5_G, c, d, a, b, x[ 7], 0x676f02d9, 14);
      MD5_STEP (MD5_G, b, c, d, a, x[12], 0x8d2a4c8a, 20);

      /* Round 3.  */
      MD5_STEP (MD5_H, a, b, c, d, x[ 5], 0xfffa3942,  4);
      MD5_STEP (MD5_H, d, a, b, c, x[ 8], 0x8771f681, 11);
      MD5_STEP (MD5_H, c, d, a, b, x[11], 0x6d9d6122, 16);
      MD5_STEP (MD5_H, b, c, d, a, x[14], 0xfde5380c, 23);
      MD5_STEP (MD5_H, a, b, c, d, x[ 1], 0xa4beea44,  4);
      MD5_STEP (MD5_H, d, a, b, c, x[ 4], 0x4bdecfa9, 11);
      MD5_STEP (MD5_H, c, d, a, b, x[ 7], 0xf6bb4b60, 16);
      MD5_STEP (MD5_H, b, c, d, a, x[10], 0xbebfbc70, 23);
      MD5_STEP (MD5_H, a, b, c, d, x[13], 0x289b7ec6,  4);
      MD5_STEP (MD5_H, d, a, b, c, x[ 0], 0xeaa127fa, 11);
      MD5_STEP (MD5_H, c, d, a, b, x[ 3], 0xd4ef3085, 16);
      MD5_STEP (MD5_H, b, c, d, a, x[ 6], 0x04881d05, 23);
      MD5_STEP (MD5_H, a, b, c, d, x[ 9], 0xd9d4d039,  4);
      MD5_STEP (MD5_H, d, a, b, c, x[12], 0xe6db99e5, 11);
      MD5_STEP (MD5_H, c, d, a, b, x[15], 0x1fa27cf8, 16);
      MD5_STEP (MD5_H, b, c, d, a, x[ 2], 0xc4ac5665, 23);

      /* Round 4.  */
      MD5_STEP (MD5_I, a, b, c, d, x[ 0], 0xf4292244,  6);
      MD5_STEP (MD5_I, d, a, b, c, x[ 7], 0x432aff97, 10);
      MD5_STEP (MD5_I, c, d, a, b, x[14], 0xab9423a7, 15);
      MD5_STEP (MD5_I, b, c, d, a, x[ 5], 0xfc93a039, 21);
      MD5_STEP (MD5_I, a, b, c, d, x[12], 0x655b59c3,  6);
      MD5_STEP (MD5_I, d, a, b, c, x[ 3], 0x8f0ccc92, 10);
      MD5_STEP (MD5_I, c, d, a, b, x[10], 0xffeff47d, 15);
      MD5_STEP (MD5_I, b, c, d, a, x[ 1], 0x85845dd1, 21);
      MD5_STEP (MD5_I, a, b, c, d, x[ 8], 0x6fa87e4f,  6);
      MD5_STEP (MD5_I, d, a, b, c, x[15], 0xfe2ce6e0, 10);
      MD5_STEP (MD5_I, c, d, a, b, x[ 6], 0xa3014314, 15);
      MD5_STEP (MD5_I, b, c, d, a, x[13], 0x4e0811a1, 21);
      MD5_STEP (MD5_I, a, b, c, d, x[ 4], 0xf7537e82,  6);
      MD5_STEP (MD5_I, d, a, b, c, x[11], 0xbd3af235, 10);
      MD5_STEP (MD5_I, c, d, a, b, x[ 2], 0x2ad7d2bb, 15);
      MD5_STEP (MD5_I, b, c, d, a, x[ 9], 0xeb86d391, 21);

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

typedef md4_family_context_t md5_context_t;

static void
md5_init (void *ctx, unsigned int flags)
{
  (void) flags;
  md4_family_init (ctx);
}

static void
md5_write (void *ctx, const void *in, size_t len)
{
  md4_family_write (ctx, md5_compress, in, len);
}

static void
md5_final (void *ctx)
{
  md4_family_final (ctx, md5_compress);
}

static byte *
md5_read (void *ctx)
{
  return ((md5_context_t *) ctx)->buf;
}


/*
 * The spec.  Upstream's facts: name "MD5", no aliases, the digest OID
 * and md5WithRSAEncryption, and the DigestInfo prefix for
 * GCRYCTL_GET_ASNOID.  Upstream has no self-test for MD5
 * (GPG_ERR_NOT_IMPLEMENTED), and neither do we.
 */

static const byte md5_asn[18] =        /* 1.2.840.113549.2.5 */
  {
    0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48,
    0x86, 0xf7, 0x0d, 0x02, 0x05, 0x05, 0x00, 0x04, 0x10
  };

static const char *const md5_oids[] =
  {
    "1.2.840.113549.1.1.4",            /* md5WithRSAEncryption */
    "1.2.840.113549.2.5",              /* id-md5 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_md5 =
  {
    GCRY_MD_MD5, "MD5", NULL, md5_oids,
    md5_asn, sizeof md5_asn, 16, MD5_BLOCKBYTES,
    sizeof (md5_context_t),
    md5_init, NULL, md5_write, md5_final, md5_read,
    NULL, NULL, NULL
  };
