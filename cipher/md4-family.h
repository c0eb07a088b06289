/* md4-family.h - the context and the init/write/final of MD4 and MD5,
 * which differ only in the compression function.
 *
 * Both hash 64-byte blocks into four little-endian 32-bit words with the
 * same initial value (RFC 1320 and RFC 1321, section 3.3) and the same
 * padding (0x80, zeros, the 64-bit little-endian bit count).  The
 * functions are static inline and take the compression function as an
 * argument, so each caller gets a direct call to its own.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MD4_FAMILY_H
#define MD4_FAMILY_H

#include <string.h>

#include "md-common.h"

#define MD4_FAMILY_BLOCKBYTES 64

typedef struct md4_family_context
{
  byte buf[MD4_FAMILY_BLOCKBYTES]; /* Pending input; the digest after
                                      final.  First, so that it is as
                                      aligned as the context (16 bytes
                                      in md.c) and no 16-byte load of
                                      it crosses a cache line.  */
  u32 h[4];                     /* Chaining value.  */
  u64 nbytes;                   /* Message bytes so far.  */
  size_t buflen;                /* Bytes pending in BUF.  */
} md4_family_context_t;

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static inline void
md4_family_init (md4_family_context_t *c)
{
  c->nbytes = 0;
  c->buflen = 0;
  c->h[0] = 0x67452301;
  c->h[1] = 0xefcdab89;
  c->h[2] = 0x98badcfe;
  c->h[3] = 0x10325476;
}

static inline void
md4_family_write (md4_family_context_t *c, md_compress_t compress,
                  const void *in, size_t len)
{
  c->nbytes += len;
  md_buffered_write (c->h, compress, c->buf, &c->buflen,
                     MD4_FAMILY_BLOCKBYTES, in, len);
}

/* Pad (one or two blocks), and leave the digest in BUF.  */
static inline void
md4_family_final (md4_family_context_t *c, md_compress_t compress)
{
  md_pad_final_inplace (c->h, compress, c->buf, c->buflen,
                        MD4_FAMILY_BLOCKBYTES, 0x80,
                        md_lenfield_le64 (c->nbytes << 3), 8);
  /* BUF keeps nothing of the last block.  H is the caller's memory, so
     the plain memset stays.  */
  md_output32 (c->buf, sizeof c->buf, c->h, 16, 0);
  memset (c->h, 0, sizeof c->h);
  c->buflen = 0;
}

#endif /* MD4_FAMILY_H */
