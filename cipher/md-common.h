/* md-common.h - what the C digests (and Poly1305) share: byte-order
 * loads and stores, rotations, picking a kernel from a table, feeding
 * whole blocks to a compress function, Merkle-Damgard padding, and
 * writing the digest out.
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
 * Sixteen-byte pieces.  The assembly kernels read a block with 16-byte
 * loads, and x86 forwards a load from the store buffer only if one
 * earlier store covers all of it.  A block written just before the
 * kernel runs (the pending bytes of a short message, the padding) must
 * therefore be written with whole, aligned 16-byte stores: a load that
 * spans a memset, a single 0x80 byte and a length field waits for them
 * to reach the cache, some 40 cycles per message.  Neither may a copy
 * of a few bytes go through memcpy with a variable length: GCC expands
 * it as "rep movsq", some 70 cycles for 16 bytes.
 *
 * GCC vector extensions give one SSE2 register (one load or store) on
 * x86-64 and plain words elsewhere.  Every branch below depends on
 * lengths only, never on data.
 */

typedef byte md_bytes16 __attribute__ ((vector_size (16)));
typedef u64 md_words16 __attribute__ ((vector_size (16)));

#define MD_INLINE static inline __attribute__ ((always_inline))

MD_INLINE md_bytes16
md_load16 (const byte *p)
{
  md_bytes16 v;

  memcpy (&v, p, 16);
  return v;
}

MD_INLINE void
md_store16 (byte *p, md_bytes16 v)
{
  memcpy (p, &v, 16);
}

/* Sixteen 0xff then sixteen zeros: 16 bytes from offset 16 - N are a
   mask keeping the first N (0..16) lanes.  */
static const byte md_lane_masks[32] __attribute__ ((aligned (16))) =
  {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
  };

MD_INLINE md_bytes16
md_head_mask (size_t n)
{
  return md_load16 (md_lane_masks + 16 - n);
}

/* Zero N bytes (a multiple of 16) at P with 16-byte stores.  The empty
   asm hides the loop counter, or GCC turns the loop into a memset and
   expands that as "rep stosq", which costs more than the stores.  */
MD_INLINE void
md_zero16 (byte *p, size_t n)
{
  size_t k;

  for (k = 0; k < n; k += 16)
    {
      md_store16 (p + k, (md_bytes16) { 0 });
      __asm__ ("" : "+r" (k));
    }
}

/* md_zero16 for a local buffer that is about to go out of scope: the
   empty asm, which may read P, keeps the compiler from dropping the
   stores as dead.  Cheaper than the call of wipememory for the block
   or two wiped here.  */
MD_INLINE void
md_wipe_local16 (byte *p, size_t n)
{
  md_zero16 (p, n);
  __asm__ volatile ("" : : "r" (p) : "memory");
}

/* Copy N bytes, DST and SRC not overlapping, with fixed-size
   moves: 16-byte pieces and an overlapping last one, or an overlapping
   pair of 8, 4 or (with the middle byte) 1-byte moves.  */
MD_INLINE void
md_copy_small (byte *dst, const byte *src, size_t n)
{
  size_t k;

  if (n >= 16)
    {
      for (k = 0; k + 16 < n; k += 16)
        md_store16 (dst + k, md_load16 (src + k));
      md_store16 (dst + n - 16, md_load16 (src + n - 16));
    }
  else if (n >= 8)
    {
      u64 head, tail;

      memcpy (&head, src, 8);
      memcpy (&tail, src + n - 8, 8);
      memcpy (dst, &head, 8);
      memcpy (dst + n - 8, &tail, 8);
    }
  else if (n >= 4)
    {
      u32 head, tail;

      memcpy (&head, src, 4);
      memcpy (&tail, src + n - 4, 4);
      memcpy (dst, &head, 4);
      memcpy (dst + n - 4, &tail, 4);
    }
  else if (n)
    {
      dst[0] = src[0];
      dst[n >> 1] = src[n >> 1];
      dst[n - 1] = src[n - 1];
    }
}

/* The REM (1..15) bytes before END in the first lanes of a piece, zeros
   after them, read without touching memory outside the message: if
   HAVE16, the 16 bytes before END belong to it (one load, shifted in
   registers), otherwise REM is all there is (overlapping 8/4-byte
   loads, or single bytes).  */
MD_INLINE md_bytes16
md_load_tail (const byte *end, size_t rem, int have16)
{
#if MD_HOST_BIG_ENDIAN
  md_bytes16 v = { 0 };

  (void) have16;
  memcpy (&v, end - rem, rem);
  return v;
#else
  u64 lo, hi;

  if (have16)
    {
      /* Shift the 128-bit little-endian value right by 16 - REM bytes.  */
      unsigned int shift = 8 * (16 - rem);    /* 8..120 */

      memcpy (&lo, end - 16, 8);
      memcpy (&hi, end - 8, 8);
      if (shift >= 64)
        {
          lo = hi >> (shift - 64);
          hi = 0;
        }
      else
        {
          lo = (lo >> shift) | (hi << (64 - shift));
          hi >>= shift;
        }
    }
  else
    {
      const byte *p = end - rem;

      if (rem >= 8)
        {
          /* Bytes 8..REM-1 are the top REM-8 bytes of the last eight;
             shifting in two steps makes REM == 8 give 0, not UB.  */
          memcpy (&lo, p, 8);
          memcpy (&hi, end - 8, 8);
          hi = hi >> (8 * (16 - rem) - 1) >> 1;
        }
      else if (rem >= 4)
        {
          u32 head, tail;

          memcpy (&head, p, 4);
          memcpy (&tail, end - 4, 4);
          lo = head | (u64) (tail >> (8 * (8 - rem) - 1) >> 1) << 32;
          hi = 0;
        }
      else
        {
          lo = (u64) p[0] | (u64) p[rem >> 1] << (8 * (rem >> 1))
               | (u64) p[rem - 1] << (8 * (rem - 1));
          hi = 0;
        }
    }
  return (md_bytes16) (md_words16) { lo, hi };
#endif
}

/* Copy LEN bytes (fewer than the block size, a multiple of 16) to the
   start of an empty block buffer as whole 16-byte pieces, the last one
   filled up with zeros, so that the padding's and the kernel's loads of
   them are forwarded.  */
MD_INLINE void
md_copy_to_empty (byte *buf, const byte *in, size_t len)
{
  size_t k, rem = len & 15;

  for (k = 0; k + 16 <= len; k += 16)
    md_store16 (buf + k, md_load16 (in + k));
  if (rem)
    md_store16 (buf + k, md_load_tail (in + len, rem, len >= 16));
}


/*
 * Block buffering and padding for digests whose compress function takes
 * (state, blocks, nblocks) and has no final-block flag (unlike BLAKE2).
 * Block sizes are multiples of 16, at most MD_MAX_PAD_BLOCK.  Bytes of
 * the block buffer past the pending ones may hold anything.
 */

typedef void (*md_compress_t) (void *state, const byte *blocks,
                               size_t nblocks);

/* The largest block the padding helpers handle (SHA-512's).  */
#define MD_MAX_PAD_BLOCK 128

/* Append LEN bytes at IN to a message whose pending partial block is
   BUF[0..*BUFLEN): complete blocks go straight to COMPRESS, the rest is
   kept in BUF.  */
MD_INLINE void
md_buffered_write (void *state, md_compress_t compress, byte *buf,
                   size_t *buflen, size_t blocksize, const byte *in,
                   size_t len)
{
  size_t have = *buflen, nblocks;

  if (have)
    {
      size_t fill = blocksize - have;

      if (len < fill)
        {
          md_copy_small (buf + have, in, len);
          *buflen = have + len;
          return;
        }
      md_copy_small (buf + have, in, fill);
      compress (state, buf, 1);
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
    md_copy_to_empty (buf, in, len);
  *buflen = len;
}

/* The length field of the padding as the last 16 bytes of a block
   hold it: the message length in bits as a 64-bit big- or little-endian
   number (SHA-1/SHA-256; MD5, RIPEMD-160, Tiger) after 8 other bytes,
   or as a 128-bit big-endian one (SHA-512).  */
MD_INLINE md_bytes16
md_lenfield_be64 (u64 bits)
{
  bits = MD_HOST_BIG_ENDIAN ? bits : __builtin_bswap64 (bits);
  return (md_bytes16) (md_words16) { 0, bits };
}

MD_INLINE md_bytes16
md_lenfield_le64 (u64 bits)
{
  bits = MD_HOST_BIG_ENDIAN ? __builtin_bswap64 (bits) : bits;
  return (md_bytes16) (md_words16) { 0, bits };
}

MD_INLINE md_bytes16
md_lenfield_be128 (u64 bits_hi, u64 bits_lo)
{
  if (!MD_HOST_BIG_ENDIAN)
    {
      bits_hi = __builtin_bswap64 (bits_hi);
      bits_lo = __builtin_bswap64 (bits_lo);
    }
  return (md_bytes16) (md_words16) { bits_hi, bits_lo };
}

/* Merkle-Damgard strengthening into OUT: the BUFLEN (< BLOCKSIZE)
   pending bytes of BUF, the byte PADBYTE (0x80; Tiger's first version
   uses 0x01), zeros, and a length field of LENBYTES (8, 16 or 32)
   bytes ending the last block: LENFIELD holds its last 16 bytes (8
   zero ones first if LENBYTES is 8), any before them are zero.  OUT
   may be BUF itself when that is one block (the pending bytes are then
   in place already).  Every piece from the one holding PADBYTE on is
   composed in a register and stored whole.  Returns the number of
   blocks, 1 or 2; only the first holds message bytes.  */
MD_INLINE size_t
md_pad_compose (byte *out, const byte *buf, size_t buflen,
                size_t blocksize, byte padbyte, md_bytes16 lenfield,
                size_t lenbytes)
{
  size_t total = buflen + 1 + lenbytes <= blocksize ? blocksize
                                                    : 2 * blocksize;
  size_t rem = buflen & 15, k = buflen - rem;
  md_bytes16 v;

  if (out != buf)
    {
      size_t i;

      for (i = 0; i < k; i += 16)
        md_store16 (out + i, md_load16 (buf + i));
    }
  /* The piece with the pad byte: the message bytes before it (garbage
     past BUFLEN masked off), PADBYTE, zeros.  */
  v = (md_head_mask (rem + 1) ^ md_head_mask (rem)) & padbyte;
  if (rem)
    v |= md_load16 (buf + k) & md_head_mask (rem);
  for (; k + 16 < total; k += 16)
    {
      md_store16 (out + k, v);
      v = (md_bytes16) { 0 };
    }
  md_store16 (out + k, v | lenfield);
  return total / blocksize;
}

/* Pad the message whose BUFLEN pending bytes are in BUF and hand the
   last block(s) to COMPRESS.  One last block is composed in BUF itself,
   which then holds message bytes for the caller to overwrite (the
   digests put their output there); two are composed on the stack,
   whose message block is wiped here.  */
MD_INLINE void
md_pad_final_inplace (void *state, md_compress_t compress, byte *buf,
                      size_t buflen, size_t blocksize, byte padbyte,
                      md_bytes16 lenfield, size_t lenbytes)
{
  if (buflen + 1 + lenbytes <= blocksize)
    {
      md_pad_compose (buf, buf, buflen, blocksize, padbyte, lenfield,
                      lenbytes);
      compress (state, buf, 1);
    }
  else
    {
      byte two[2 * MD_MAX_PAD_BLOCK] __attribute__ ((aligned (16)));

      md_pad_compose (two, buf, buflen, blocksize, padbyte, lenfield,
                      lenbytes);
      compress (state, two, 2);
      md_wipe_local16 (two, blocksize);
    }
}

/* As md_pad_final_inplace, for callers whose BUF is read-only and whose
   length field is bytes: LENFIELD's LENBYTES (<= 16) bytes.  The padded
   copy is wiped; BUF is left to the caller.  */
MD_INLINE void
md_pad_final (void *state, md_compress_t compress, const byte *buf,
              size_t buflen, size_t blocksize, byte padbyte,
              const byte *lenfield, size_t lenbytes)
{
  byte last[2 * MD_MAX_PAD_BLOCK] __attribute__ ((aligned (16)));
  byte lenpiece[16] __attribute__ ((aligned (16))) = { 0 };
  size_t nblocks;

  memcpy (lenpiece + 16 - lenbytes, lenfield, lenbytes);
  nblocks = md_pad_compose (last, buf, buflen, blocksize, padbyte,
                            md_load16 (lenpiece), lenbytes);
  compress (state, last, nblocks);
  md_wipe_local16 (last, blocksize);
}

/*
 * Output.  The digest replaces the block buffer (BUF, SIZE bytes, a
 * multiple of 16) at final: OUTLEN bytes of the chaining words, then
 * zeros, so nothing of the last block stays.  Written in whole 16-byte
 * pieces, which also lets the caller's copy of the digest be forwarded.
 */

typedef u32 md_dwords16 __attribute__ ((vector_size (16)));

MD_INLINE u32
md_order32 (u32 x, int big_endian)
{
  return big_endian != MD_HOST_BIG_ENDIAN ? __builtin_bswap32 (x) : x;
}

MD_INLINE u64
md_order64 (u64 x, int big_endian)
{
  return big_endian != MD_HOST_BIG_ENDIAN ? __builtin_bswap64 (x) : x;
}

/* 32-bit words W (OUTLEN / 4 rounded up of them are read).  */
MD_INLINE void
md_output32 (byte *buf, size_t size, const u32 *w, size_t outlen,
             int big_endian)
{
  size_t k, i;

  for (k = 0; k + 16 <= outlen; k += 16, w += 4)
    md_store16 (buf + k,
                (md_bytes16) (md_dwords16) {
                  md_order32 (w[0], big_endian),
                  md_order32 (w[1], big_endian),
                  md_order32 (w[2], big_endian),
                  md_order32 (w[3], big_endian) });
  if (k < outlen)
    {
      md_dwords16 v = { 0 };

      for (i = 0; 4 * i < outlen - k; i++)
        v[i] = md_order32 (w[i], big_endian);
      md_store16 (buf + k, (md_bytes16) v & md_head_mask (outlen - k));
      k += 16;
    }
  md_zero16 (buf + k, size - k);
}

/* 64-bit words W (OUTLEN / 8 rounded up of them are read).  */
MD_INLINE void
md_output64 (byte *buf, size_t size, const u64 *w, size_t outlen,
             int big_endian)
{
  size_t k;

  for (k = 0; k + 16 <= outlen; k += 16, w += 2)
    md_store16 (buf + k,
                (md_bytes16) (md_words16) {
                  md_order64 (w[0], big_endian),
                  md_order64 (w[1], big_endian) });
  if (k < outlen)
    {
      md_words16 v = { md_order64 (w[0], big_endian), 0 };

      if (outlen - k > 8)
        v[1] = md_order64 (w[1], big_endian);
      md_store16 (buf + k, (md_bytes16) v & md_head_mask (outlen - k));
      k += 16;
    }
  md_zero16 (buf + k, size - k);
}

#endif /* MD_COMMON_H */
