/* sha-common.h - what SHA-1, SHA-256 and SHA-512 share in C: big-endian
 * loads and stores, rotations, and feeding whole blocks to a kernel.
 *
 * Include "gcrypt-int.h" and "sha-kernels.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef SHA_COMMON_H
#define SHA_COMMON_H

#include <string.h>

static inline u32
sha_load_be32 (const byte *p)
{
  u32 x;

  memcpy (&x, p, 4);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap32 (x);
#endif
  return x;
}

static inline u64
sha_load_be64 (const byte *p)
{
  u64 x;

  memcpy (&x, p, 8);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap64 (x);
#endif
  return x;
}

static inline void
sha_store_be32 (byte *p, u32 x)
{
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap32 (x);
#endif
  memcpy (p, &x, 4);
}

static inline void
sha_store_be64 (byte *p, u64 x)
{
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap64 (x);
#endif
  memcpy (p, &x, 8);
}

static inline u32
sha_rol32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

static inline u32
sha_ror32 (u32 x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}

static inline u64
sha_ror64 (u64 x, unsigned int n)
{
  return (x >> n) | (x << (64 - n));
}

/* Append LEN bytes at IN to a message whose pending partial block is
   BUF[0..*BUFLEN): complete blocks go straight to COMPRESS, the rest is
   kept in BUF.  Unlike BLAKE2, SHA has no final-block flag, so a full
   block is compressed at once.  */
static inline void
sha_buffered_write (void *state, sha_compress_t compress, byte *buf,
                    size_t *buflen, size_t blocksize, const byte *in,
                    size_t len)
{
  size_t nblocks;

  if (*buflen)
    {
      size_t fill = blocksize - *buflen;

      if (len < fill)
        {
          memcpy (buf + *buflen, in, len);
          *buflen += len;
          return;
        }
      memcpy (buf + *buflen, in, fill);
      compress (state, buf, 1);
      *buflen = 0;
      in += fill;
      len -= fill;
    }
  nblocks = len / blocksize;
  if (nblocks)
    {
      compress (state, in, nblocks);
      in += nblocks * blocksize;
      len -= nblocks * blocksize;
    }
  if (len)
    {
      memcpy (buf, in, len);
      *buflen = len;
    }
}

#endif /* SHA_COMMON_H */
