/* t-md-pad.c - the block buffering, padding and output helpers of
 * cipher/md-common.h, checked directly.
 *
 * White-box: includes md-common.h, whose static inline helpers SHA-1,
 * SHA-224/256, SHA-384/512(/t), MD4, MD5, RIPEMD-160, Tiger, Whirlpool
 * and SM3 (buffering only) share, and feeds them through a "compress"
 * that records every block it is handed.  The digest API tests compare
 * whole digests; here a padding slip shows as the exact bytes that
 * differ, whatever the compression function.
 *
 *  - md_buffered_write + md_pad_final_inplace (and md_pad_final, the
 *    read-only-buffer form PBKDF2 uses) against a padded message built
 *    byte by byte here: 64- and 128-byte blocks; length fields of 8
 *    bytes (big- and little-endian), 16 (SHA-512) and 32 (Whirlpool);
 *    pad bytes 0x80 and 0x01 (Tiger); every message length 0..3 blocks
 *    + 1, so around each "block size - length field size" edge (55/56,
 *    63/64 for 64-byte blocks, 111/112, 127/128 for 128-byte blocks);
 *    fed in one write, in random splits (many tiny pieces too) and byte
 *    by byte; the block buffer starts full of garbage and is misaligned
 *    in some runs, since bytes past the pending ones may hold anything;
 *  - every write's input lies flush against an inaccessible page, below
 *    or above, so a helper reading outside the message faults;
 *  - md_copy_small and md_copy_to_empty for every length they take,
 *    with guard bytes around the destination;
 *  - md_output32 / md_output64 for every output length the digests use,
 *    both byte orders, against store_be32/le32/be64/le64 and zeros.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-common.h"
#include "t-common.h"
#include "t-util.h"

#define MAX_BLOCK MD_MAX_PAD_BLOCK
#define TRANSCRIPT_MAX (8 * MAX_BLOCK)
#define GUARD_FILL 0xa5
#define RANDOM_SPLITS 4


/*
 * The recording compress function.
 */

typedef struct
{
  size_t blocksize;
  size_t len;                    /* Bytes recorded.  */
  int overflow;                  /* More blocks than TRANSCRIPT_MAX.  */
  byte out[TRANSCRIPT_MAX];
} transcript_t;

static void
record_blocks (void *state, const byte *blocks, size_t nblocks)
{
  transcript_t *t = state;
  size_t n = nblocks * t->blocksize;

  if (t->len + n > sizeof t->out)
    {
      t->overflow = 1;
      return;
    }
  memcpy (t->out + t->len, blocks, n);
  t->len += n;
}


/*
 * Length field formats and the reference padding.
 */

enum lenformat { LEN_BE64, LEN_LE64, LEN_BE128, LEN_BE256 };

static const struct
{
  const char *name;
  size_t blocksize;
  enum lenformat format;
  size_t lenbytes;
} formats[] =
  {
    { "64-byte block, 64-bit big-endian (SHA-1/256)", 64, LEN_BE64, 8 },
    { "64-byte block, 64-bit little-endian (MD4/MD5/RMD160/Tiger)",
      64, LEN_LE64, 8 },
    { "128-byte block, 128-bit big-endian (SHA-512)", 128, LEN_BE128, 16 },
    { "64-byte block, 256-bit big-endian (Whirlpool)", 64, LEN_BE256, 32 },
    { "128-byte block, 64-bit big-endian", 128, LEN_BE64, 8 }
  };

/* The LENBYTES bytes of the length field for HI:LO, written byte by
   byte (independent of md-common.h's vector arithmetic).  */
static void
ref_lenfield (byte *out, enum lenformat format, u64 hi, u64 lo)
{
  int i;

  switch (format)
    {
    case LEN_BE64:
      for (i = 0; i < 8; i++)
        out[i] = (byte) (lo >> (56 - 8 * i));
      break;
    case LEN_LE64:
      for (i = 0; i < 8; i++)
        out[i] = (byte) (lo >> (8 * i));
      break;
    case LEN_BE128:
    case LEN_BE256:
      if (format == LEN_BE256)
        {
          memset (out, 0, 16);
          out += 16;
        }
      for (i = 0; i < 8; i++)
        {
          out[i] = (byte) (hi >> (56 - 8 * i));
          out[8 + i] = (byte) (lo >> (56 - 8 * i));
        }
      break;
    }
}

static md_bytes16
lenfield_vector (enum lenformat format, u64 hi, u64 lo)
{
  switch (format)
    {
    case LEN_BE64:
      return md_lenfield_be64 (lo);
    case LEN_LE64:
      return md_lenfield_le64 (lo);
    default:
      return md_lenfield_be128 (hi, lo);
    }
}

/* MSG (LEN bytes), PADBYTE, zeros, the length field: the fewest whole
   blocks that hold them.  Returns the length.  */
static size_t
ref_padded (byte *out, const byte *msg, size_t len, size_t blocksize,
            byte padbyte, enum lenformat format, size_t lenbytes,
            u64 hi, u64 lo)
{
  size_t total = (len + 1 + lenbytes + blocksize - 1) / blocksize
                 * blocksize;

  memcpy (out, msg, len);
  out[len] = padbyte;
  memset (out + len + 1, 0, total - len - 1);
  ref_lenfield (out + total - lenbytes, format, hi, lo);
  return total;
}


/*
 * Guarded input: each write's piece is copied flush against an
 * inaccessible page, alternately below and above it.
 */

static t_guard_t guard;
static unsigned long guard_flip;

static const byte *
guarded_copy (const byte *p, size_t n)
{
  byte *at = (guard_flip++ & 1) ? guard.lo : guard.hi + MAX_BLOCK * 4 - n;

  memcpy (at, p, n);
  return at;
}


/*
 * Buffering and padding.
 */

enum feed { FEED_ONE, FEED_SPLITS, FEED_BYTES };

/* Feed MSG (LEN bytes) to the helpers for format FI as FEED says, then
   pad with md_pad_final_inplace (INPLACE) or md_pad_final; T records
   the blocks.  The block buffer starts MISALIGN bytes off 16.  */
static void
run_helpers (transcript_t *t, const byte *msg, size_t len, size_t fi,
             byte padbyte, enum feed feed, int inplace, size_t misalign,
             u64 hi, u64 lo)
{
  size_t blocksize = formats[fi].blocksize;
  byte bufspace[MAX_BLOCK + 32] __attribute__ ((aligned (16)));
  byte *buf = bufspace + misalign;
  size_t buflen = 0, done, n;

  memset (t, 0, sizeof *t);
  t->blocksize = blocksize;
  /* Garbage past the pending bytes must not matter.  */
  t_rnd_bytes (bufspace, sizeof bufspace);

  for (done = 0; done < len; done += n)
    {
      if (feed == FEED_ONE)
        n = len;
      else if (feed == FEED_BYTES)
        n = 1;
      else
        {
          n = t_rnd (len - done + 1);
          if (t_rnd (3) == 0)
            n = t_rnd (4);
          if (n > len - done)
            n = len - done;
        }
      md_buffered_write (t, record_blocks, buf, &buflen, blocksize,
                         n ? guarded_copy (msg + done, n) : msg, n);
    }

  if (inplace)
    md_pad_final_inplace (t, record_blocks, buf, buflen, blocksize,
                          padbyte, lenfield_vector (formats[fi].format,
                                                    hi, lo),
                          formats[fi].lenbytes);
  else
    {
      byte field[32];

      ref_lenfield (field, formats[fi].format, hi, lo);
      md_pad_final (t, record_blocks, buf, buflen, blocksize, padbyte,
                    field, formats[fi].lenbytes);
    }
}

static void
test_padding (void)
{
  static const byte padbytes[2] = { 0x80, 0x01 };
  static const char *const feed_names[] =
    { "one write", "random splits", "byte by byte" };
  byte msg[3 * MAX_BLOCK + 2], want[TRANSCRIPT_MAX];
  transcript_t t;
  size_t fi, pi, len, wantlen, maxlen;
  int feed, inplace, rep, nreps;
  unsigned long cases, bad;
  size_t first_bad;

  for (fi = 0; fi < DIM (formats); fi++)
    for (pi = 0; pi < 2; pi++)
      for (inplace = 1; inplace >= 0; inplace--)
        for (feed = FEED_ONE; feed <= FEED_BYTES; feed++)
          {
            /* md_pad_final (read-only buffer) takes at most 16 length
               bytes.  */
            if (!inplace && formats[fi].lenbytes > 16)
              continue;
            maxlen = 3 * formats[fi].blocksize + 1;
            nreps = feed == FEED_SPLITS ? RANDOM_SPLITS : 1;
            cases = bad = 0;
            first_bad = 0;
            for (len = 0; len <= maxlen; len++)
              for (rep = 0; rep < nreps; rep++)
                {
                  /* A random length field: its bytes must land in
                     place whatever they are.  */
                  u64 hi = t_rnd64 (), lo = t_rnd64 ();

                  if (formats[fi].format == LEN_BE64
                      || formats[fi].format == LEN_LE64)
                    hi = 0;
                  t_rnd_bytes (msg, len);
                  run_helpers (&t, msg, len, fi, padbytes[pi],
                               (enum feed) feed, inplace,
                               (len + rep) % 3 * 4, hi, lo);
                  wantlen = ref_padded (want, msg, len,
                                        formats[fi].blocksize,
                                        padbytes[pi], formats[fi].format,
                                        formats[fi].lenbytes, hi, lo);
                  cases++;
                  if (t.overflow || t.len != wantlen
                      || memcmp (t.out, want, wantlen))
                    {
                      if (!bad++)
                        first_bad = len;
                    }
                }
            t_check (!bad, "%s, pad 0x%02x, %s, %s: %lu of %lu lengths "
                     "0..%zu padded wrong (first: %zu)",
                     formats[fi].name, padbytes[pi],
                     inplace ? "in place" : "read-only buffer",
                     feed_names[feed], bad, cases, maxlen, first_bad);
          }
}


/*
 * Copies.
 */

static void
test_copies (void)
{
  byte src[256], dst[256 + 64];
  unsigned long bad_small = 0, bad_empty = 0;
  size_t n, off, k;

  for (n = 0; n < 256; n++)
    for (off = 0; off < 4; off++)
      {
        const byte *in;

        t_rnd_bytes (src, n);
        in = guarded_copy (src, n);
        memset (dst, GUARD_FILL, sizeof dst);
        md_copy_small (dst + 16 + off, in, n);
        if (!t_all_bytes (dst, 16 + off, GUARD_FILL)
            || memcmp (dst + 16 + off, src, n)
            || !t_all_bytes (dst + 16 + off + n, sizeof dst - 16 - off - n,
                             GUARD_FILL))
          bad_small++;
      }
  t_check (!bad_small, "md_copy_small, lengths 0..255 at 4 offsets: "
           "%lu wrong", bad_small);

  /* Into an empty block buffer: whole 16-byte pieces, the last one
     filled up with zeros, nothing written past it.  */
  for (n = 1; n < MAX_BLOCK; n++)
    for (k = 0; k < 4; k++)
      {
        byte *buf = dst + 16;    /* 16-byte aligned or not: either.  */
        size_t end = (n + 15) / 16 * 16;
        const byte *in;

        t_rnd_bytes (src, n);
        in = guarded_copy (src, n);
        memset (dst, GUARD_FILL, sizeof dst);
        md_copy_to_empty (buf, in, n);
        if (!t_all_bytes (dst, 16, GUARD_FILL) || memcmp (buf, src, n)
            || !t_all_bytes (buf + n, end - n, 0)
            || !t_all_bytes (buf + end, sizeof dst - 16 - end, GUARD_FILL))
          bad_empty++;
      }
  t_check (!bad_empty, "md_copy_to_empty, lengths 1..%d: %lu wrong",
           MAX_BLOCK - 1, bad_empty);
}


/*
 * Output.
 */

static void
test_output (void)
{
  static const size_t outlens32[] = { 16, 20, 28, 32 };
  static const size_t outlens64[] = { 24, 28, 32, 48, 64 };
  byte got[MAX_BLOCK + 32], want[MAX_BLOCK];
  u32 w32[8];
  u64 w64[8];
  size_t i, j, size;
  int big;

  for (i = 0; i < DIM (outlens32); i++)
    for (big = 0; big <= 1; big++)
      {
        size = 64;
        for (j = 0; j < 8; j++)
          {
            w32[j] = (u32) t_rnd64 ();
            if (big)
              store_be32 (want + 4 * j, w32[j]);
            else
              store_le32 (want + 4 * j, w32[j]);
          }
        memset (want + outlens32[i], 0, size - outlens32[i]);
        memset (got, GUARD_FILL, sizeof got);
        md_output32 (got, size, w32, outlens32[i], big);
        t_check (!memcmp (got, want, size)
                 && t_all_bytes (got + size, sizeof got - size, GUARD_FILL),
                 "md_output32, %zu bytes %s-endian, then zeros to %zu",
                 outlens32[i], big ? "big" : "little", size);
      }

  for (i = 0; i < DIM (outlens64); i++)
    for (big = 0; big <= 1; big++)
      for (size = 64; size <= MAX_BLOCK; size += 64)
        {
          for (j = 0; j < 8; j++)
            {
              w64[j] = t_rnd64 ();
              if (big)
                store_be64 (want + 8 * j, w64[j]);
              else
                store_le64 (want + 8 * j, w64[j]);
            }
          memset (want + outlens64[i], 0, size - outlens64[i]);
          memset (got, GUARD_FILL, sizeof got);
          md_output64 (got, size, w64, outlens64[i], big);
          t_check (!memcmp (got, want, size)
                   && t_all_bytes (got + size, sizeof got - size,
                                   GUARD_FILL),
                   "md_output64, %zu bytes %s-endian, then zeros to %zu",
                   outlens64[i], big ? "big" : "little", size);
        }
}


int
main (int argc, char **argv)
{
  t_init ("t-md-pad", argc, argv);
  if (t_guard_map (&guard, MAX_BLOCK * 4))
    {
      t_skip ("cannot map guard pages");
      t_finish ();
      return 77;
    }
  test_padding ();
  test_copies ();
  test_output ();
  t_guard_unmap (&guard);
  return t_finish ();
}
