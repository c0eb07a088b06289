/* argon2.c - Argon2d, Argon2i and Argon2id (RFC 9106, version 0x13)
 * behind gcry_kdf_open (GCRY_KDF_ARGON2).
 *
 * Parameters as upstream takes them: SUBALGO is GCRY_KDF_ARGON2D/I/ID;
 * PARAM is { tag length T, passes t, memory m in KiB, lanes p }, p being
 * optional (1) with PARAMLEN 3; the passphrase, salt, secret KEY and
 * associated data AD are the RFC's P, S, K and X.  Memory is allocated
 * at open (GPG_ERR_ENOMEM there when it cannot be had), filled by
 * gcry_kdf_compute and reduced to the tag by gcry_kdf_final, which can
 * be called again for the same tag.
 *
 * Upstream's checks: an unknown type, a PARAMLEN other than 3 or 4,
 * p = 0, and a missing or empty salt are GPG_ERR_INV_VALUE; so is a
 * RESULTLEN at final that differs from T.  Like upstream we take salts
 * shorter than the RFC's 8 bytes, tags shorter than 4 bytes (even 0),
 * and a memory size below 8p, which becomes 8p (the RFC's minimum); the
 * H0 hash still covers m as given.  Unlike upstream we refuse t = 0
 * (upstream then returns a tag of never-filled memory), values beyond
 * 32 bits (upstream truncates them silently) and p beyond the RFC's
 * 2^24 - 1, with GPG_ERR_INV_VALUE; and final before a successful
 * compute is GPG_ERR_INV_STATE.
 *
 * Threads: each pass is 4 slices; within a slice the p lanes are
 * independent, so gcry_kdf_compute hands one job per lane to the
 * caller's dispatch_job and calls wait_all_jobs at the end of each
 * slice.  A job the dispatcher refuses runs in the calling thread.
 *
 * H0 and the variable-length hash H' run BLAKE2b on the compress
 * kernels of cipher/blake2.c (blake2-kernels.h); G runs on the kernels
 * of argon2-kernels.h, chosen at open.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"
#include "blake2-kernels.h"
#include "argon2-kernels.h"
#include "kdf-internal.h"

#include <string.h>
#include <stdint.h>

#define ARGON2_VERSION      0x13
#define ARGON2_SYNC_POINTS  4       /* Slices per pass.  */
#define ARGON2_BLOCK_BYTES  1024
#define ARGON2_MAX_LANES    0xffffffu
#define ARGON2_ADDRESSES    ARGON2_BLOCK_WORDS  /* Per address block.  */


/*
 * BLAKE2b with any digest length 1..64 (RFC 7693), unkeyed, streaming,
 * on a compress kernel of blake2.c.  The last block is held back until
 * final: BLAKE2 flags it.
 */

static const u64 b2b_iv[8] =
  {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
  };

typedef struct b2b
{
  blake2b_state_t s;
  blake2_compress_t compress;
  size_t buflen;
  unsigned int outlen;
  byte buf[128];
} b2b_t;

static void
b2b_init (b2b_t *b, blake2_compress_t compress, unsigned int outlen)
{
  memset (b, 0, sizeof *b);
  memcpy (b->s.h, b2b_iv, sizeof b->s.h);
  /* Parameter block word 0: digest length, key length 0, fanout and
     depth 1.  */
  b->s.h[0] ^= 0x01010000u ^ outlen;
  b->compress = compress;
  b->outlen = outlen;
}

static void
b2b_write (b2b_t *b, const byte *in, size_t len)
{
  size_t n;

  while (len)
    {
      if (b->buflen == sizeof b->buf)
        {
          b->compress (&b->s, b->buf, 1, sizeof b->buf);
          b->buflen = 0;
        }
      if (!b->buflen && len > sizeof b->buf)
        {
          /* Whole blocks straight from IN, keeping at least one byte
             back for final.  */
          n = (len - 1) / sizeof b->buf;
          b->compress (&b->s, in, n, sizeof b->buf);
          in += n * sizeof b->buf;
          len -= n * sizeof b->buf;
        }
      n = sizeof b->buf - b->buflen < len ? sizeof b->buf - b->buflen : len;
      memcpy (b->buf + b->buflen, in, n);
      b->buflen += n;
      in += n;
      len -= n;
    }
}

static void
b2b_final (b2b_t *b, byte *out)
{
  byte full[64];
  int i;

  memset (b->buf + b->buflen, 0, sizeof b->buf - b->buflen);
  b->s.f0 = ~(u64) 0;
  b->compress (&b->s, b->buf, 1, b->buflen);
  for (i = 0; i < 8; i++)
    store_le64 (full + 8 * i, b->s.h[i]);
  memcpy (out, full, b->outlen);
  wipememory (full, sizeof full);
  wipememory (b, sizeof *b);
}

/* H'^T (RFC 9106, 3.3) of IN into OUT (T = OUTLEN >= 1 bytes).  */
static void
hprime (blake2_compress_t compress, byte *out, u32 outlen,
        const byte *in, size_t inlen)
{
  byte tlen[4], v[64];
  b2b_t b;
  u32 r, i;

  store_le32 (tlen, outlen);
  if (outlen <= 64)
    {
      b2b_init (&b, compress, outlen);
      b2b_write (&b, tlen, 4);
      b2b_write (&b, in, inlen);
      b2b_final (&b, out);
      return;
    }

  /* V_1 .. V_r of 64 bytes, each contributing its first half, then
     V_{r+1} of the remaining length.  */
  r = (outlen + 31) / 32 - 2;
  b2b_init (&b, compress, 64);
  b2b_write (&b, tlen, 4);
  b2b_write (&b, in, inlen);
  b2b_final (&b, v);
  memcpy (out, v, 32);
  for (i = 1; i < r; i++)
    {
      b2b_init (&b, compress, 64);
      b2b_write (&b, v, 64);
      b2b_final (&b, v);
      memcpy (out + 32 * i, v, 32);
    }
  b2b_init (&b, compress, outlen - 32 * r);
  b2b_write (&b, v, 64);
  b2b_final (&b, out + 32 * r);
  wipememory (v, sizeof v);
}


/*
 * G, portable (RFC 9106, 3.5 and 3.6).  P is the BLAKE2b round with
 * the multiplication-hardened GB; GB's product is of the low 32-bit
 * halves.
 */

static inline u64
blamka (u64 x, u64 y)
{
  return x + y + 2 * (u64) (u32) x * (u32) y;
}

#define GB(a, b, c, d)                                  \
  do {                                                  \
    a = blamka (a, b); d = ror64 (d ^ a, 32);           \
    c = blamka (c, d); b = ror64 (b ^ c, 24);           \
    a = blamka (a, b); d = ror64 (d ^ a, 16);           \
    c = blamka (c, d); b = ror64 (b ^ c, 63);           \
  } while (0)

/* P on the 16 words at Q[I0], Q[I0 + 1], Q[I0 + STEP], Q[I0 + STEP + 1],
   ...: a row of 8 registers (STEP 2) or a column (STEP 16).  */
static inline void
permute (u64 *q, unsigned int step)
{
  u64 v0 = q[0],            v1 = q[1];
  u64 v2 = q[step],         v3 = q[step + 1];
  u64 v4 = q[2 * step],     v5 = q[2 * step + 1];
  u64 v6 = q[3 * step],     v7 = q[3 * step + 1];
  u64 v8 = q[4 * step],     v9 = q[4 * step + 1];
  u64 v10 = q[5 * step],    v11 = q[5 * step + 1];
  u64 v12 = q[6 * step],    v13 = q[6 * step + 1];
  u64 v14 = q[7 * step],    v15 = q[7 * step + 1];

  GB (v0, v4, v8, v12);
  GB (v1, v5, v9, v13);
  GB (v2, v6, v10, v14);
  GB (v3, v7, v11, v15);
  GB (v0, v5, v10, v15);
  GB (v1, v6, v11, v12);
  GB (v2, v7, v8, v13);
  GB (v3, v4, v9, v14);

  q[0] = v0;             q[1] = v1;
  q[step] = v2;          q[step + 1] = v3;
  q[2 * step] = v4;      q[2 * step + 1] = v5;
  q[3 * step] = v6;      q[3 * step + 1] = v7;
  q[4 * step] = v8;      q[4 * step + 1] = v9;
  q[5 * step] = v10;     q[5 * step + 1] = v11;
  q[6 * step] = v12;     q[6 * step + 1] = v13;
  q[7 * step] = v14;     q[7 * step + 1] = v15;
}

static void
fill_portable (u64 *out, const u64 *prev, const u64 *ref, int xor_old,
               u64 *scratch)
{
  u64 *r = scratch, *z = scratch + ARGON2_BLOCK_WORDS;
  int i;

  for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
    z[i] = r[i] = prev[i] ^ ref[i];
  for (i = 0; i < 8; i++)
    permute (z + 16 * i, 2);            /* Rows: registers 8i..8i+7.  */
  for (i = 0; i < 8; i++)
    permute (z + 2 * i, 16);            /* Columns: registers i, i+8...  */
  if (xor_old)
    for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
      out[i] ^= r[i] ^ z[i];
  else
    for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
      out[i] = r[i] ^ z[i];
}

static const argon2_kernel_t argon2_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "avx512-zmm", HWF_INTEL_AVX512 | HWF_X86_ZMM,
      _gcry_argon2_fill_avx512_zmm },
    { "avx512", HWF_INTEL_AVX512, _gcry_argon2_fill_avx512 },
    { "avx2", HWF_INTEL_AVX2, _gcry_argon2_fill_avx2 },
#endif
    { "portable", 0, fill_portable }
  };

const argon2_kernel_t *const _gcry_argon2_kernel_table = argon2_kernels;
const size_t _gcry_argon2_kernel_count = DIM (argon2_kernels);

/* Entry "argon2" of _gcry_kdf_kernel_reports.  */
const char *
_gcry_argon2_current_kernel (unsigned int hwf)
{
  return PICK_KERNEL (argon2_kernels, DIM (argon2_kernels), hwf)->name;
}


/*
 * The handle.
 */

struct argon2_job;

typedef struct argon2
{
  struct gcry_kdf_handle h;
  int type;                     /* GCRY_KDF_ARGON2D/I/ID.  */
  u32 taglen, passes, mcost, lanes;
  u32 lane_len;                 /* Blocks per lane (m' / p).  */
  u32 segment_len;              /* Blocks per slice of a lane.  */
  size_t nblocks;               /* m'.  */
  /* The caller's buffers (gcrypt.h: unchanged until close).  */
  const byte *pass, *salt, *key, *ad;
  size_t passlen, saltlen, keylen, adlen;
  blake2_compress_t b2b_compress;
  argon2_fill_t fill;
  u64 *mem;                     /* NBLOCKS blocks, 64-byte aligned.  */
  void *mem_base;               /* What to free.  */
  struct argon2_job *jobs;      /* One per lane.  */
  u32 cur_pass, cur_slice;      /* What the jobs of a slice fill.  */
  int computed;                 /* The last compute completed.  */
  int touched;                  /* MEM holds derived data (to wipe).  */
} argon2_t;

typedef struct argon2_job
{
  argon2_t *a;
  u32 lane;
} argon2_job_t;

static inline u64 *
block_at (const argon2_t *a, u32 lane, u32 col)
{
  return a->mem + ((size_t) lane * a->lane_len + col) * ARGON2_BLOCK_WORDS;
}

/* The next ARGON2_ADDRESSES pseudo-random words of data-independent
   addressing: G (0, G (0, INPUT)) with INPUT's counter advanced first
   (RFC 9106, 3.4.1.2).  */
static void
next_addresses (const argon2_t *a, u64 *addresses, u64 *input, u64 *tmp,
                u64 *scratch)
{
  /* Aligned like every block the kernels see.  */
  static const u64 zero[ARGON2_BLOCK_WORDS] __attribute__ ((aligned (64)));

  input[6]++;
  a->fill (tmp, zero, input, 0, scratch);
  a->fill (addresses, zero, tmp, 0, scratch);
}

/* Fill one segment: slice SLICE of lane LANE in pass PASS.  */
static void
fill_segment (const argon2_t *a, u32 pass, u32 slice, u32 lane)
{
  /* Scratch for G, the address block, its input and a temporary.  */
  u64 work[5 * ARGON2_BLOCK_WORDS + 8];
  u64 *scratch, *addresses, *input, *tmp;
  const u32 seglen = a->segment_len, lanelen = a->lane_len;
  int independent;
  u32 idx, col, prev_col, ref_lane, ref_col, area, start, j1;
  u64 pseudo, x, y;

  /* 64-byte alignment for the vector kernels.  */
  scratch = (u64 *) (((uintptr_t) work + 63) & ~(uintptr_t) 63);
  addresses = scratch + 2 * ARGON2_BLOCK_WORDS;
  input = addresses + ARGON2_BLOCK_WORDS;
  tmp = input + ARGON2_BLOCK_WORDS;

  independent = a->type == GCRY_KDF_ARGON2I
                || (a->type == GCRY_KDF_ARGON2ID && pass == 0
                    && slice < ARGON2_SYNC_POINTS / 2);
  if (independent)
    {
      memset (input, 0, ARGON2_BLOCK_BYTES);
      input[0] = pass;
      input[1] = lane;
      input[2] = slice;
      input[3] = a->nblocks;
      input[4] = a->passes;
      input[5] = a->type;
      /* input[6], the counter, is advanced before each use.  */
    }

  /* The first two blocks of each lane come from H0.  */
  start = pass == 0 && slice == 0 ? 2 : 0;
  if (independent && start)
    next_addresses (a, addresses, input, tmp, scratch);

  for (idx = start; idx < seglen; idx++)
    {
      col = slice * seglen + idx;
      prev_col = col ? col - 1 : lanelen - 1;

      if (independent)
        {
          if (idx % ARGON2_ADDRESSES == 0)
            next_addresses (a, addresses, input, tmp, scratch);
          pseudo = addresses[idx % ARGON2_ADDRESSES];
        }
      else
        pseudo = block_at (a, lane, prev_col)[0];
      j1 = (u32) pseudo;

      /* The reference set (RFC 9106, 3.4.2): the first slice of the
         first pass stays in its lane.  */
      ref_lane = pass == 0 && slice == 0 ? lane : (u32) (pseudo >> 32) % a->lanes;
      if (pass == 0)
        area = slice * seglen;          /* Finished slices.  */
      else
        area = lanelen - seglen;        /* All but this slice.  */
      if (ref_lane == lane)
        area += idx - 1;                /* This slice so far, minus the
                                           previous block.  */
      else if (idx == 0)
        area -= 1;                      /* Not the block the other lane
                                           is overwriting right now.  */

      /* Nonuniform mapping of J1 onto the set, counted from its start:
         the slice after this one in later passes.  */
      x = ((u64) j1 * j1) >> 32;
      y = ((u64) area * x) >> 32;
      ref_col = area - 1 - (u32) y;
      if (pass != 0 && slice != ARGON2_SYNC_POINTS - 1)
        ref_col = (ref_col + (slice + 1) * seglen) % lanelen;

      a->fill (block_at (a, lane, col), block_at (a, lane, prev_col),
               block_at (a, ref_lane, ref_col), pass != 0, scratch);
    }

  wipememory (work, sizeof work);
}

static void
segment_job (void *priv)
{
  argon2_job_t *job = priv;

  fill_segment (job->a, job->a->cur_pass, job->a->cur_slice, job->lane);
}

/* H0 (RFC 9106, 3.2) into H0 (64 bytes).  */
static void
compute_h0 (const argon2_t *a, byte h0[64])
{
  const u32 fixed[6] = { a->lanes, a->taglen, a->mcost, a->passes,
                         ARGON2_VERSION, (u32) a->type };
  byte le[4];
  b2b_t b;
  int i;

  b2b_init (&b, a->b2b_compress, 64);
  for (i = 0; i < 6; i++)
    {
      store_le32 (le, fixed[i]);
      b2b_write (&b, le, 4);
    }
  store_le32 (le, (u32) a->passlen);
  b2b_write (&b, le, 4);
  b2b_write (&b, a->pass, a->passlen);
  store_le32 (le, (u32) a->saltlen);
  b2b_write (&b, le, 4);
  b2b_write (&b, a->salt, a->saltlen);
  store_le32 (le, (u32) a->keylen);
  b2b_write (&b, le, 4);
  b2b_write (&b, a->key, a->keylen);
  store_le32 (le, (u32) a->adlen);
  b2b_write (&b, le, 4);
  b2b_write (&b, a->ad, a->adlen);
  b2b_final (&b, h0);
}

/* B[l][0] and B[l][1] = H'^1024 (H0 || LE32 (col) || LE32 (l)).  */
static void
first_blocks (argon2_t *a)
{
  byte seed[72], block[ARGON2_BLOCK_BYTES];
  u64 *dst;
  u32 lane, col;
  int i;

  compute_h0 (a, seed);
  for (lane = 0; lane < a->lanes; lane++)
    for (col = 0; col < 2; col++)
      {
        store_le32 (seed + 64, col);
        store_le32 (seed + 68, lane);
        hprime (a->b2b_compress, block, ARGON2_BLOCK_BYTES, seed,
                sizeof seed);
        dst = block_at (a, lane, col);
        for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
          dst[i] = load_le64 (block + 8 * i);
      }
  wipememory (seed, sizeof seed);
  wipememory (block, sizeof block);
}

static gcry_err_code_t
argon2_compute (struct gcry_kdf_handle *hd, const gcry_kdf_thread_ops_t *ops)
{
  argon2_t *a = (argon2_t *) hd;
  u32 pass, slice, lane;

  a->computed = 0;
  a->touched = 1;
  first_blocks (a);
  for (pass = 0; pass < a->passes; pass++)
    for (slice = 0; slice < ARGON2_SYNC_POINTS; slice++)
      {
        a->cur_pass = pass;
        a->cur_slice = slice;
        for (lane = 0; lane < a->lanes; lane++)
          {
            a->jobs[lane].a = a;
            a->jobs[lane].lane = lane;
            if (!ops
                || ops->dispatch_job (ops->jobs_context, segment_job,
                                      &a->jobs[lane]) < 0)
              segment_job (&a->jobs[lane]);
          }
        /* The next slice reads what this one wrote in every lane.  */
        if (ops && ops->wait_all_jobs (ops->jobs_context) < 0)
          return GPG_ERR_CANCELED;
      }
  a->computed = 1;
  return 0;
}

static gcry_err_code_t
argon2_final (struct gcry_kdf_handle *hd, size_t resultlen, byte *result)
{
  argon2_t *a = (argon2_t *) hd;
  byte cbytes[ARGON2_BLOCK_BYTES];
  u64 c[ARGON2_BLOCK_WORDS];
  const u64 *last;
  u32 lane;
  int i;

  if (resultlen != a->taglen)
    return GPG_ERR_INV_VALUE;
  if (!a->computed)
    return GPG_ERR_INV_STATE;
  if (!resultlen)
    return 0;

  /* C = XOR of every lane's last block; the tag is H'^T (C).  */
  memcpy (c, block_at (a, 0, a->lane_len - 1), sizeof c);
  for (lane = 1; lane < a->lanes; lane++)
    {
      last = block_at (a, lane, a->lane_len - 1);
      for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
        c[i] ^= last[i];
    }
  for (i = 0; i < ARGON2_BLOCK_WORDS; i++)
    store_le64 (cbytes + 8 * i, c[i]);
  hprime (a->b2b_compress, result, a->taglen, cbytes, sizeof cbytes);
  wipememory (c, sizeof c);
  wipememory (cbytes, sizeof cbytes);
  return 0;
}

static void
argon2_close (struct gcry_kdf_handle *hd)
{
  argon2_t *a = (argon2_t *) hd;

  if (a->mem_base)
    {
      /* Never-filled memory holds nothing (and wiping it would touch
         every page of a possibly huge area).  */
      if (a->touched)
        wipememory (a->mem, a->nblocks * ARGON2_BLOCK_BYTES);
      _gcry_free (a->mem_base);
    }
  _gcry_free (a->jobs);
  wipememory (a, sizeof *a);
  _gcry_free (a);
}

static const kdf_ops_t argon2_ops =
  {
    argon2_compute, argon2_final, argon2_close
  };

gcry_err_code_t
_gcry_kdf_argon2_open (const kdf_open_args_t *args,
                       struct gcry_kdf_handle **r_h)
{
  unsigned long taglen, passes, mcost, lanes;
  const blake2_kernel_t *bk;
  const argon2_kernel_t *ak;
  unsigned int hwf;
  argon2_t *a;
  size_t nblocks;
  byte *p;

  if (args->subalgo != GCRY_KDF_ARGON2D && args->subalgo != GCRY_KDF_ARGON2I
      && args->subalgo != GCRY_KDF_ARGON2ID)
    return GPG_ERR_INV_VALUE;
  if (args->paramlen != 3 && args->paramlen != 4)
    return GPG_ERR_INV_VALUE;
  taglen = args->param[0];
  passes = args->param[1];
  mcost = args->param[2];
  lanes = args->paramlen == 4 ? args->param[3] : 1;
  if (!lanes || lanes > ARGON2_MAX_LANES || !passes
      || taglen > 0xffffffffUL || passes > 0xffffffffUL
      || mcost > 0xffffffffUL)
    return GPG_ERR_INV_VALUE;
  if (!args->saltlen)
    return GPG_ERR_INV_VALUE;
  if (args->passphraselen > 0xffffffffu || args->saltlen > 0xffffffffu
      || args->keylen > 0xffffffffu || args->adlen > 0xffffffffu)
    return GPG_ERR_INV_VALUE;

  /* m' = 4p * floor (m / 4p), at least 8p blocks.  */
  nblocks = mcost < 8 * lanes ? 8 * lanes : mcost;
  nblocks -= nblocks % (4 * lanes);
  if (nblocks > (SIZE_MAX - 64) / ARGON2_BLOCK_BYTES)
    return gpg_err_code_from_errno (ENOMEM);

  a = _gcry_calloc (1, sizeof *a);
  if (!a)
    return kdf_alloc_error ();
  a->h.ops = &argon2_ops;
  a->type = args->subalgo;
  a->taglen = taglen;
  a->passes = passes;
  a->mcost = mcost;
  a->lanes = lanes;
  a->nblocks = nblocks;
  a->lane_len = nblocks / lanes;
  a->segment_len = a->lane_len / ARGON2_SYNC_POINTS;
  a->pass = args->passphrase;
  a->passlen = args->passphraselen;
  a->salt = args->salt;
  a->saltlen = args->saltlen;
  a->key = args->key;
  a->keylen = args->keylen;
  a->ad = args->ad;
  a->adlen = args->adlen;

  hwf = _gcry_get_hw_features ();
  bk = PICK_KERNEL (_gcry_blake2b_kernel_table, _gcry_blake2b_kernel_count,
                    hwf);
  a->b2b_compress = bk->compress;
  ak = PICK_KERNEL (argon2_kernels, DIM (argon2_kernels), hwf);
  a->fill = ak->fill;

  /* The big allocation first: it is the one that fails.  */
  a->mem_base = _gcry_malloc (nblocks * ARGON2_BLOCK_BYTES + 64);
  if (a->mem_base)
    {
      p = a->mem_base;
      a->mem = (u64 *) (p + ((64 - ((uintptr_t) p & 63)) & 63));
      a->jobs = _gcry_calloc (lanes, sizeof *a->jobs);
    }
  if (!a->jobs)
    {
      gcry_err_code_t rc = kdf_alloc_error ();

      argon2_close (&a->h);
      return rc;
    }

  *r_h = &a->h;
  return 0;
}
