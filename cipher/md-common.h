/* md-common.h - what the C digests (and Poly1305) share: byte-order
 * loads and stores, rotations, picking a kernel from a table, feeding
 * whole blocks to a compress function, and Merkle-Damgard padding.
 *
 * One copy of each so that a fix or a faster spelling lands everywhere;
 * all are static inline and compile to single loads/stores (with a
 * byte swap where the host order differs).
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MD_COMMON_H
#define MD_COMMON_H

#include <stddef.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
# define MD_HOST_BIG_ENDIAN 1
#else
# define MD_HOST_BIG_ENDIAN 0
#endif


/*
 * Byte order.  memcpy keeps unaligned pointers legal; the compiler turns
 * it into one move.
 */

static inline u32
load_le32 (const byte *p)
{
  u32 x;

  memcpy (&x, p, 4);
  return MD_HOST_BIG_ENDIAN ? __builtin_bswap32 (x) : x;
}

static inline u32
load_be32 (const byte *p)
{
  u32 x;

  memcpy (&x, p, 4);
  return MD_HOST_BIG_ENDIAN ? x : __builtin_bswap32 (x);
}

static inline u64
load_le64 (const byte *p)
{
  u64 x;

  memcpy (&x, p, 8);
  return MD_HOST_BIG_ENDIAN ? __builtin_bswap64 (x) : x;
}

static inline u64
load_be64 (const byte *p)
{
  u64 x;

  memcpy (&x, p, 8);
  return MD_HOST_BIG_ENDIAN ? x : __builtin_bswap64 (x);
}

static inline void
store_le32 (byte *p, u32 x)
{
  x = MD_HOST_BIG_ENDIAN ? __builtin_bswap32 (x) : x;
  memcpy (p, &x, 4);
}

static inline void
store_be32 (byte *p, u32 x)
{
  x = MD_HOST_BIG_ENDIAN ? x : __builtin_bswap32 (x);
  memcpy (p, &x, 4);
}

static inline void
store_le64 (byte *p, u64 x)
{
  x = MD_HOST_BIG_ENDIAN ? __builtin_bswap64 (x) : x;
  memcpy (p, &x, 8);
}

static inline void
store_be64 (byte *p, u64 x)
{
  x = MD_HOST_BIG_ENDIAN ? x : __builtin_bswap64 (x);
  memcpy (p, &x, 8);
}


/*
 * Rotations by 1..31 (1..63); callers never rotate by 0 or the full
 * width, where the opposite shift would be undefined.
 */

static inline u32
rol32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

static inline u32
ror32 (u32 x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}

static inline u64
ror64 (u64 x, unsigned int n)
{
  return (x >> n) | (x << (64 - n));
}


/*
 * Kernel tables are arrays of structs, best first, whose member HWF
 * holds the HWF_* bits an entry needs; the last entry is the portable
 * one and needs none.  PICK_KERNEL (TABLE, N, HAVE) is the first of the
 * N entries whose bits HAVE all has, the last entry otherwise.
 */

static inline size_t
pick_kernel_index (const unsigned int *first_hwf, size_t stride, size_t n,
                   unsigned int have)
{
  const byte *entry = (const byte *) first_hwf;
  size_t i;

  for (i = 0; i + 1 < n; i++, entry += stride)
    {
      unsigned int need = *(const unsigned int *) entry;

      if ((need & have) == need)
        return i;
    }
  return n - 1;
}

#define PICK_KERNEL(table, n, have)                                     \
  (&(table)[pick_kernel_index (&(table)[0].hwf, sizeof (table)[0], (n), \
                               (have))])


/*
 * Block buffering and padding for digests whose compress function takes
 * (state, blocks, nblocks) and has no final-block flag (unlike BLAKE2).
 */

typedef void (*md_compress_t) (void *state, const byte *blocks,
                               size_t nblocks);

/* The largest block md_pad_final handles (SHA-512's).  */
#define MD_MAX_PAD_BLOCK 128

/* Append LEN bytes at IN to a message whose pending partial block is
   BUF[0..*BUFLEN): complete blocks go straight to COMPRESS, the rest is
   kept in BUF.  */
static inline void
md_buffered_write (void *state, md_compress_t compress, byte *buf,
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

/* Merkle-Damgard strengthening: the BUFLEN pending bytes of BUF, the
   byte PADBYTE (0x80; Tiger's first version uses 0x01), zeros, and the
   LENBYTES bytes of LENFIELD (the encoded message length) ending the
   last block; one or two blocks of BLOCKSIZE (<= MD_MAX_PAD_BLOCK) go to
   COMPRESS.  The padded copy is wiped; BUF is left to the caller.  */
static inline void
md_pad_final (void *state, md_compress_t compress, const byte *buf,
              size_t buflen, size_t blocksize, byte padbyte,
              const byte *lenfield, size_t lenbytes)
{
  byte last[2 * MD_MAX_PAD_BLOCK];
  size_t total;

  total = buflen + 1 + lenbytes <= blocksize ? blocksize : 2 * blocksize;
  memset (last, 0, total);
  memcpy (last, buf, buflen);
  last[buflen] = padbyte;
  memcpy (last + total - lenbytes, lenfield, lenbytes);
  compress (state, last, total / blocksize);
  wipememory (last, total);
}

#endif /* MD_COMMON_H */
