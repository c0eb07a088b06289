/* poly1305.c - Poly1305 (RFC 8439, 2.5): buffering, the tag, the
 * kernel table and the portable constant-time blocks code.
 *
 * The kernel (blocks code) is chosen at init from the table below; the
 * x86-64 vector kernels (poly1305.h lists them) keep a table of powers
 * of r in the context, computed the first time they run under an r and
 * kept by _gcry_poly1305_reset, so a MAC handle pays for it once per
 * key.  Below a few blocks the x86-64 kernels use one-block-at-a-time
 * assembly instead (poly1305-x86_64.S).
 *
 * Portable code, two representations: with 128-bit products (GCC and Clang on 64-bit
 * targets) h is two 64-bit words plus a few bits and r two 64-bit words,
 * 4 wide multiplications a block; elsewhere 5 limbs of 26 bits with
 * 64-bit products.  Reduction modulo p = 2^130 - 5 uses 2^130 = 5
 * (mod p): the parts of a product at or above 2^130 come back in at the
 * bottom multiplied by 5, which is why r's upper parts are also kept
 * premultiplied.  After each block h is only partly reduced; the final
 * step subtracts p once more under a mask.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "poly1305.h"
#include "md-common.h"

#include <string.h>

/* r with the bits RFC 8439 requires clear (the top four of bytes 3, 7,
   11, 15 and the bottom two of bytes 4, 8, 12), as two little-endian
   64-bit halves.  */
static void
clamp_r (const byte *key, u64 *lo, u64 *hi)
{
  *lo = ((u64) load_le32 (key + 4) << 32 | load_le32 (key))
        & 0x0ffffffc0fffffffULL;
  *hi = ((u64) load_le32 (key + 12) << 32 | load_le32 (key + 8))
        & 0x0ffffffc0ffffffcULL;
}


static const poly1305_kernel_t *select_kernel (unsigned int hwf);

#ifdef POLY1305_LIMBS64

typedef unsigned __int128 u128;

/* The message state: accumulator and buffer.  Plain stores: CTX is the
   caller's memory, so the compiler cannot drop them.  */
static void
clear_message (poly1305_context_t *ctx)
{
  ctx->h[0] = ctx->h[1] = ctx->h[2] = 0;
  store_le64 (ctx->buf, 0);
  store_le64 (ctx->buf + 8, 0);
  ctx->nbuf = 0;
}

void
_gcry_poly1305_init (poly1305_context_t *ctx, const byte *key)
{
  int i;

  clamp_r (key, &ctx->r[0], &ctx->r[1]);
  for (i = 0; i < 4; i++)
    ctx->s[i] = load_le32 (key + 16 + 4 * i);
  clear_message (ctx);
#ifdef POLY1305_X86_KERNELS
  ctx->table_layout = 0;
  ctx->scalar_blocks = 0;
#endif
  ctx->kernel = select_kernel (_gcry_get_hw_features ());
}

/* Absorb NBLOCKS 16-byte blocks; HIBIT is the 2^128 bit appended to each
   (1, or 0 for the padded final block).
   h is h0 + 2^64 h1 + 2^128 h2 with h2 a few bits; r is r0 + 2^64 r1.
   The product's parts at 2^128 and above fold back through
   2^128 = 2^130 / 4 = 5/4 (mod p): r1 is a multiple of 4 (clamping), so
   r1 * 5/4 = r1 + r1/4 = S1 is exact, and h1 r1 2^128 = h1 S1,
   h2 r1 2^192 = h2 S1 2^64.  Each u128 sum stays below 2^127.  */
static void
poly1305_blocks (poly1305_context_t *ctx, const byte *m, size_t nblocks,
                 u64 hibit)
{
  const u64 r0 = ctx->r[0], r1 = ctx->r[1];
  const u64 s1 = r1 + (r1 >> 2);
  u64 h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2];
  u64 m0, m1, c;
  u128 d0, d1;

  /* Carries are taken with comparisons (x + y < y): compilers turn
     those into add/adc, where 128-bit additions make them spill.  */
  for (; nblocks; nblocks--, m += POLY1305_BLOCKLEN)
    {
      m0 = (u64) load_le32 (m + 4) << 32 | load_le32 (m);
      m1 = (u64) load_le32 (m + 12) << 32 | load_le32 (m + 8);
      h0 += m0;
      c = h0 < m0;
      h1 += c;
      h2 += h1 < c;
      h1 += m1;
      h2 += (h1 < m1) + hibit;

      d0 = (u128) h0 * r0 + (u128) h1 * s1;
      /* h2 is at most 6 and s1 below 2^61: a 64-bit product.  */
      d1 = (u128) h0 * r1 + (u128) h1 * r0 + h2 * s1;
      h2 *= r0;

      h0 = (u64) d0;
      d1 += (u64) (d0 >> 64);
      h1 = (u64) d1;
      h2 += (u64) (d1 >> 64);

      /* Bits 130 and up: times 5 back to the bottom (c = 5 (h2 >> 2)).  */
      c = (h2 >> 2) + (h2 & ~(u64) 3);
      h2 &= 3;
      h0 += c;
      c = h0 < c;
      h1 += c;
      h2 += h1 < c;
    }
  ctx->h[0] = h0;
  ctx->h[1] = h1;
  ctx->h[2] = h2;
}

/* The tag from the absorbed message: h mod p, plus s, mod 2^128.  h is
   below 2^131 < 2p here, so one conditional subtraction of p finishes
   the reduction.  */
static void
poly1305_tag (poly1305_context_t *ctx, byte *tag)
{
  u64 h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2];
  u64 g0, g1, g2, mask;
  u128 t;

  /* g = h + 5: h >= p exactly when g reaches 2^130.  */
  t = (u128) h0 + 5;
  g0 = (u64) t;
  t = (u128) h1 + (u64) (t >> 64);
  g1 = (u64) t;
  g2 = h2 + (u64) (t >> 64);
  mask = 0 - (g2 >> 2);         /* All ones when h >= p.  */
  h0 = (h0 & ~mask) | (g0 & mask);
  h1 = (h1 & ~mask) | (g1 & mask);

  t = (u128) h0 + ((u64) ctx->s[1] << 32 | ctx->s[0]);
  h0 = (u64) t;
  h1 += ((u64) ctx->s[3] << 32 | ctx->s[2]) + (u64) (t >> 64);

  store_le32 (tag, (u32) h0);
  store_le32 (tag + 4, (u32) (h0 >> 32));
  store_le32 (tag + 8, (u32) h1);
  store_le32 (tag + 12, (u32) (h1 >> 32));
}

#define HIBIT 1

#else /* !POLY1305_LIMBS64 */

#define M26 0x3ffffffu

static void
clear_message (poly1305_context_t *ctx)
{
  int i;

  for (i = 0; i < 5; i++)
    ctx->h[i] = 0;
  store_le64 (ctx->buf, 0);
  store_le64 (ctx->buf + 8, 0);
  ctx->nbuf = 0;
}

void
_gcry_poly1305_init (poly1305_context_t *ctx, const byte *key)
{
  u64 lo, hi;
  int i;

  clamp_r (key, &lo, &hi);
  ctx->r[0] = (u32) lo & M26;
  ctx->r[1] = (u32) (lo >> 26) & M26;
  ctx->r[2] = (u32) ((lo >> 52) | (hi << 12)) & M26;
  ctx->r[3] = (u32) (hi >> 14) & M26;
  ctx->r[4] = (u32) (hi >> 40) & M26;
  for (i = 0; i < 4; i++)
    ctx->s[i] = load_le32 (key + 16 + 4 * i);
  clear_message (ctx);
  ctx->kernel = select_kernel (_gcry_get_hw_features ());
}

/* HIBIT: the 2^128 bit in limb 4 (bit 24), or 0.  */
static void
poly1305_blocks (poly1305_context_t *ctx, const byte *m, size_t nblocks,
                 u32 hibit)
{
  const u32 r0 = ctx->r[0], r1 = ctx->r[1], r2 = ctx->r[2];
  const u32 r3 = ctx->r[3], r4 = ctx->r[4];
  const u32 s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  u32 h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2];
  u32 h3 = ctx->h[3], h4 = ctx->h[4];
  u64 d0, d1, d2, d3, d4;
  u32 c;

  for (; nblocks; nblocks--, m += POLY1305_BLOCKLEN)
    {
      h0 += load_le32 (m) & M26;
      h1 += (load_le32 (m + 3) >> 2) & M26;
      h2 += (load_le32 (m + 6) >> 4) & M26;
      h3 += (load_le32 (m + 9) >> 6) & M26;
      h4 += (load_le32 (m + 12) >> 8) | hibit;

      d0 = (u64) h0 * r0 + (u64) h1 * s4 + (u64) h2 * s3 + (u64) h3 * s2
           + (u64) h4 * s1;
      d1 = (u64) h0 * r1 + (u64) h1 * r0 + (u64) h2 * s4 + (u64) h3 * s3
           + (u64) h4 * s2;
      d2 = (u64) h0 * r2 + (u64) h1 * r1 + (u64) h2 * r0 + (u64) h3 * s4
           + (u64) h4 * s3;
      d3 = (u64) h0 * r3 + (u64) h1 * r2 + (u64) h2 * r1 + (u64) h3 * r0
           + (u64) h4 * s4;
      d4 = (u64) h0 * r4 + (u64) h1 * r3 + (u64) h2 * r2 + (u64) h3 * r1
           + (u64) h4 * r0;

      c = (u32) (d0 >> 26);
      h0 = (u32) d0 & M26;
      d1 += c;
      c = (u32) (d1 >> 26);
      h1 = (u32) d1 & M26;
      d2 += c;
      c = (u32) (d2 >> 26);
      h2 = (u32) d2 & M26;
      d3 += c;
      c = (u32) (d3 >> 26);
      h3 = (u32) d3 & M26;
      d4 += c;
      c = (u32) (d4 >> 26);
      h4 = (u32) d4 & M26;
      h0 += c * 5;
      c = h0 >> 26;
      h0 &= M26;
      h1 += c;
    }
  ctx->h[0] = h0;
  ctx->h[1] = h1;
  ctx->h[2] = h2;
  ctx->h[3] = h3;
  ctx->h[4] = h4;
}

static void
poly1305_tag (poly1305_context_t *ctx, byte *tag)
{
  u32 h[5], g[5], w[4], c, mask;
  u64 f;
  int i, pass;

  for (i = 0; i < 5; i++)
    h[i] = ctx->h[i];
  for (pass = 0; pass < 2; pass++)
    {
      for (i = 1; i < 5; i++)
        {
          c = h[i] >> 26;
          h[i] &= M26;
          if (i < 4)
            h[i + 1] += c;
          else
            h[0] += c * 5;
        }
      c = h[0] >> 26;
      h[0] &= M26;
      h[1] += c;
    }

  /* g = h + 5 - 2^130, kept when not negative.  */
  c = 5;
  for (i = 0; i < 5; i++)
    {
      g[i] = h[i] + c;
      c = g[i] >> 26;
      g[i] &= M26;
    }
  g[4] = (g[4] | (c << 26)) - (1u << 26);
  mask = (g[4] >> 31) - 1;      /* All ones when g >= 0.  */
  for (i = 0; i < 5; i++)
    h[i] = (h[i] & ~mask) | (g[i] & mask);

  /* To 128 bits in four 32-bit words (each limb added at its bit
     offset, the running sum carrying upwards), then plus s.  */
  f = (u64) h[0] + ((u64) h[1] << 26);
  w[0] = (u32) f;
  f = (f >> 32) + ((u64) h[2] << 20);
  w[1] = (u32) f;
  f = (f >> 32) + ((u64) h[3] << 14);
  w[2] = (u32) f;
  f = (f >> 32) + ((u64) h[4] << 8);
  w[3] = (u32) f;
  f = 0;
  for (i = 0; i < 4; i++)
    {
      f = (f >> 32) + w[i] + ctx->s[i];
      store_le32 (tag + 4 * i, (u32) f);
    }
}

#define HIBIT (1u << 24)

#endif /* !POLY1305_LIMBS64 */


/*
 * The kernel table, best first.  A kernel only absorbs whole blocks;
 * buffering, the final partial block and the tag stay here.
 */

static void
blocks_portable (poly1305_context_t *ctx, const byte *m, size_t nblocks)
{
  poly1305_blocks (ctx, m, nblocks, HIBIT);
}

static void
single_portable (poly1305_context_t *ctx, const byte *m, size_t nblocks,
                 unsigned int hibit)
{
  poly1305_blocks (ctx, m, nblocks, hibit ? HIBIT : 0);
}

#ifdef POLY1305_X86_KERNELS
/* Which kernel's layout ctx->table holds (0: none).  */
enum
  {
    TABLE_IFMA_ZMM = 1,
    TABLE_IFMA_YMM,
    TABLE_AVX2
  };

typedef void (*table_powers_t) (u64 *table, const u64 r[2]);
typedef void (*table_blocks_t) (u64 h[3], const byte *m, size_t nblocks,
                                const u64 *table);

/* When the vector code pays.  Its fixed cost per call (the final lane
   sums) matches a handful of scalar blocks (some 13 cycles each), so
   from MIN_BLOCKS on it wins once the table exists.  Building the table
   costs about 15 scalar blocks more: a call of TABLE_NOW_BLOCKS builds
   it at once (a one-time key with a long message gains already), and
   after TABLE_LATER_BLOCKS blocks went the scalar way under this r (a
   MAC handle reused for short messages) the table pays for itself too.
   A one-time key with a short message never builds it.  */
#define TABLE_NOW_BLOCKS 24
#define TABLE_LATER_BLOCKS 64

/* NBLOCKS through a vector kernel (table layout LAYOUT, built by
   POWERS), or the scalar code when that is cheaper.  */
static inline void
vector_blocks (poly1305_context_t *ctx, const byte *m, size_t nblocks,
               size_t min_blocks, unsigned int layout, table_powers_t powers,
               table_blocks_t blocks)
{
  if (ctx->table_layout != layout && nblocks >= min_blocks
      && (nblocks >= TABLE_NOW_BLOCKS
          || ctx->scalar_blocks >= TABLE_LATER_BLOCKS))
    {
      powers (ctx->table, ctx->r);
      ctx->table_layout = layout;
    }
  if (nblocks < min_blocks || ctx->table_layout != layout)
    {
      _gcry_poly1305_blocks_x86_64 (ctx->h, m, nblocks, ctx->r, 1);
      if (ctx->scalar_blocks < TABLE_LATER_BLOCKS)
        ctx->scalar_blocks += nblocks < TABLE_LATER_BLOCKS
                              ? (unsigned int) nblocks : TABLE_LATER_BLOCKS;
      return;
    }
  blocks (ctx->h, m, nblocks, ctx->table);
}

static void
single_x86_64 (poly1305_context_t *ctx, const byte *m, size_t nblocks,
               unsigned int hibit)
{
  _gcry_poly1305_blocks_x86_64 (ctx->h, m, nblocks, ctx->r, hibit);
}

static void
blocks_ifma_zmm (poly1305_context_t *ctx, const byte *m, size_t nblocks)
{
  vector_blocks (ctx, m, nblocks, 6, TABLE_IFMA_ZMM,
                 _gcry_poly1305_ifma_powers_zmm,
                 _gcry_poly1305_ifma_blocks_zmm);
}

static void
blocks_ifma_ymm (poly1305_context_t *ctx, const byte *m, size_t nblocks)
{
  vector_blocks (ctx, m, nblocks, 6, TABLE_IFMA_YMM,
                 _gcry_poly1305_ifma_powers_ymm,
                 _gcry_poly1305_ifma_blocks_ymm);
}

static void
blocks_avx2 (poly1305_context_t *ctx, const byte *m, size_t nblocks)
{
  vector_blocks (ctx, m, nblocks, 8, TABLE_AVX2, _gcry_poly1305_avx2_powers,
                 _gcry_poly1305_avx2_blocks);
}
#endif /* POLY1305_X86_KERNELS */

static const poly1305_kernel_t poly1305_kernels[] =
  {
#ifdef POLY1305_X86_KERNELS
    /* intel-avx512 includes IFMA and VBMI2 (src/hwf-x86.c).  */
    { "avx512-ifma", HWF_INTEL_AVX512 | HWF_X86_ZMM, blocks_ifma_zmm,
      single_x86_64 },
    { "avx512-ifma-ymm", HWF_INTEL_AVX512, blocks_ifma_ymm, single_x86_64 },
    { "avx2", HWF_INTEL_AVX2, blocks_avx2, single_x86_64 },
#endif
    { "portable", 0, blocks_portable, single_portable }
  };

const poly1305_kernel_t *const _gcry_poly1305_kernel_table = poly1305_kernels;
const size_t _gcry_poly1305_kernel_count = DIM (poly1305_kernels);

static const poly1305_kernel_t *
select_kernel (unsigned int hwf)
{
  return PICK_KERNEL (poly1305_kernels, DIM (poly1305_kernels), hwf);
}

static const char *
poly1305_current_kernel (unsigned int hwf)
{
  return select_kernel (hwf)->name;
}

const gcry_kernel_report_t _gcry_poly1305_kernel_reports[] =
  {
    { "poly1305", poly1305_current_kernel },
    { NULL, NULL }
  };


/* The LEN (1..15) bytes at M as a little-endian number in two words,
   read with a few loads, none past M + LEN (overlapping loads are ORed:
   the bytes they share are equal).  */
static void
load_partial (const byte *m, size_t len, u64 *lo, u64 *hi)
{
  if (len >= 8)
    {
      *lo = load_le64 (m);
      *hi = len > 8 ? load_le64 (m + len - 8) >> (8 * (16 - len)) : 0;
    }
  else if (len >= 4)
    {
      *lo = load_le32 (m) | (u64) load_le32 (m + len - 4) << (8 * (len - 4));
      *hi = 0;
    }
  else
    {
      *lo = m[0] | (u64) m[len / 2] << (8 * (len / 2))
            | (u64) m[len - 1] << (8 * (len - 1));
      *hi = 0;
    }
}

/* BUF holds the message tail as two 8-byte stores whenever the tail
   came in one piece (the usual case): the final block is then read back
   with loads of the same size and place, which the store buffer
   forwards; loads spanning several narrower stores would wait for them
   to retire instead.  */
void
_gcry_poly1305_update (poly1305_context_t *ctx, const byte *m, size_t len)
{
  size_t n, nblocks;
  u64 lo, hi;

  if (ctx->nbuf)
    {
      n = POLY1305_BLOCKLEN - ctx->nbuf;
      if (n > len)
        n = len;
      memcpy (ctx->buf + ctx->nbuf, m, n);
      ctx->nbuf += n;
      m += n;
      len -= n;
      if (ctx->nbuf < POLY1305_BLOCKLEN)
        return;
      ctx->kernel->single (ctx, ctx->buf, 1, 1);
      ctx->nbuf = 0;
    }
  nblocks = len / POLY1305_BLOCKLEN;
  if (nblocks)
    {
      ctx->kernel->blocks (ctx, m, nblocks);
      m += nblocks * POLY1305_BLOCKLEN;
      len -= nblocks * POLY1305_BLOCKLEN;
    }
  if (len)
    {
      load_partial (m, len, &lo, &hi);
      store_le64 (ctx->buf, lo);
      store_le64 (ctx->buf + 8, hi);
      ctx->nbuf = len;
    }
}

void
_gcry_poly1305_reset (poly1305_context_t *ctx, const byte *s)
{
  int i;

  clear_message (ctx);
  if (s)
    for (i = 0; i < 4; i++)
      ctx->s[i] = load_le32 (s + 4 * i);
}

void
_gcry_poly1305_finish (poly1305_context_t *ctx, byte *tag)
{
  /* A final partial block gets its 1 byte appended here, inside the
     block, and no 2^128 bit.  */
  if (ctx->nbuf)
    {
      /* The buffered bytes (those past NBUF may be stale), the 1 byte
         after them, zeros.  */
      unsigned int bits = 8 * ctx->nbuf;
      u64 lo = load_le64 (ctx->buf), hi = load_le64 (ctx->buf + 8);
      byte block[POLY1305_BLOCKLEN];

      if (bits < 64)
        {
          lo = (lo & (((u64) 1 << bits) - 1)) | (u64) 1 << bits;
          hi = 0;
        }
      else
        hi = (hi & (((u64) 1 << (bits - 64)) - 1)) | (u64) 1 << (bits - 64);
      store_le64 (block, lo);
      store_le64 (block + 8, hi);
      ctx->kernel->single (ctx, block, 1, 0);
      wipememory (block, sizeof block);
    }
  poly1305_tag (ctx, tag);
  clear_message (ctx);
}

void
_gcry_poly1305_final (poly1305_context_t *ctx, byte *tag)
{
  _gcry_poly1305_finish (ctx, tag);
  wipememory (ctx, sizeof *ctx);
}
