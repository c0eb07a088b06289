/* keccak.c - SHA-3 (FIPS 202), SHAKE and cSHAKE (SP 800-185) as gcry_md
 * digests.
 *
 * Upstream's eight ids: SHA3-224/256/384/512 (fixed output), SHAKE128/256
 * (extendable output, XOF) and cSHAKE128/256 (SHAKE with a function name
 * N and a customisation string S, set through GCRYCTL_MD_CUSTOMIZE).
 *
 * Layers:
 *   - a Keccak-f[1600] kernel, chosen once per init from a table (best
 *     first: name, required HWF_* bits, functions; the contract is in
 *     keccak.h).  The portable C kernel below is the reference every
 *     vector kernel is tested against; a new kernel is one table entry.
 *   - the sponge: absorbing bytes at any position of the rate, padding
 *     with the domain-separation suffix, squeezing any length.
 *   - the specs.
 *
 * Output semantics are upstream's: after finalisation a XOF is read
 * either through gcry_md_extract (any length, each call continues the
 * stream) or through gcry_md_read (the first 32 bytes for the 128-bit
 * variants, 64 for the 256-bit ones); once one way was used the other
 * fails (extract: GPG_ERR_INV_STATE, read: NULL).
 *
 * Keccak uses only XOR, AND-NOT and fixed rotations on the state, and
 * branches only on lengths, so it is constant time as written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "keccak.h"
#include "md-common.h"

#include <string.h>

#define KECCAK_LANES      25
#define KECCAK_MAX_RATE   168   /* SHAKE128: 1600 - 2 * 128 bits.  */
#define KECCAK_MAX_OUTLEN 64    /* SHA3-512, and SHAKE256's read length.  */

/* The domain-separation bits that follow the message, with the first bit
   of the pad10*1 padding already appended (FIPS 202, B.2): SHA-3 "01",
   SHAKE "1111", cSHAKE "00" (SP 800-185, 3.3).  */
#define SUFFIX_SHA3   0x06
#define SUFFIX_SHAKE  0x1f
#define SUFFIX_CSHAKE 0x04


/*
 * Rotation; byte order is md-common.h's.
 */

static inline u64
rol64 (u64 x, unsigned int n)
{
  /* N is 0 for one lane; the mask keeps that shift defined.  */
  return (x << n) | (x >> ((64 - n) & 63));
}


/*
 * The portable Keccak-f[1600] permutation (FIPS 202, section 3.3).
 * Lane (x, y) is STATE[x + 5 * y].
 */

/* iota: the round constants (FIPS 202, 3.2.5).  */
static const u64 keccak_round_constants[24] =
  {
    0x0000000000000001ULL, 0x0000000000008082ULL,
    0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL,
    0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL,
    0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL,
    0x0000000080000001ULL, 0x8000000080008008ULL
  };

/* rho: the rotation of lane x + 5y (FIPS 202, 3.2.2).  */
static const byte keccak_rho[KECCAK_LANES] =
  {
     0,  1, 62, 28, 27,
    36, 44,  6, 55, 20,
     3, 10, 43, 25, 39,
    41, 45, 15, 21,  8,
    18,  2, 61, 56, 14
  };

/* pi (FIPS 202, 3.2.3) moves lane x' + 5y' to lane y' + 5 ((2x' + 3y')
   mod 5); read backwards, lane x + 5y after pi is lane x' + 5y' before
   it with x' = x + 3y mod 5, y' = x.  This is that source lane for each
   x + 5y.  */
static const byte keccak_pi_source[KECCAK_LANES] =
  {
     0,  6, 12, 18, 24,
     3,  9, 10, 16, 22,
     1,  7, 13, 19, 20,
     4,  5, 11, 17, 23,
     2,  8, 14, 15, 21
  };

/* One round from SRC into DST (separate arrays).  Every loop has
   constant bounds and becomes straight-line code with constant indices,
   so the compiler reads the lanes as memory operands instead of
   juggling 25 values in 16 registers.  Each output row is built from
   its five pi sources: theta's column effect and rho applied on the
   way in, then chi.  */
static inline __attribute__ ((always_inline)) void
keccak_round_portable (const u64 *src, u64 *dst, u64 round_constant)
{
  u64 c[5], d[5], b[5];
  int x, y;

  /* theta: column parities and the effect of the two neighbours.  */
#pragma GCC unroll 5
  for (x = 0; x < 5; x++)
    c[x] = src[x] ^ src[x + 5] ^ src[x + 10] ^ src[x + 15] ^ src[x + 20];
#pragma GCC unroll 5
  for (x = 0; x < 5; x++)
    d[x] = c[(x + 4) % 5] ^ rol64 (c[(x + 1) % 5], 1);

#pragma GCC unroll 5
  for (y = 0; y < 5; y++)
    {
      /* theta, rho and pi for the lanes of output row y.  */
#pragma GCC unroll 5
      for (x = 0; x < 5; x++)
        {
          unsigned int p = keccak_pi_source[5 * y + x];

          b[x] = rol64 (src[p] ^ d[p % 5], keccak_rho[p]);
        }
      /* chi.  */
#pragma GCC unroll 5
      for (x = 0; x < 5; x++)
        dst[5 * y + x] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5]);
    }

  /* iota.  */
  dst[0] ^= round_constant;
}

/* The rounds alternate between STATE and a copy, two per pass, so the
   result ends in STATE.  The copy is wiped; the round's temporaries are
   left to the register allocator (wiping them would force them into
   memory, and would still miss any spill slots).  */
static void
keccak_permute_portable (u64 *state)
{
  u64 copy[KECCAK_LANES];
  int round;

  for (round = 0; round < 24; round += 2)
    {
      keccak_round_portable (state, copy,
                             keccak_round_constants[round]);
      keccak_round_portable (copy, state,
                             keccak_round_constants[round + 1]);
    }
  wipememory (copy, sizeof copy);
}

/* XOR NBLOCKS whole blocks of RATE bytes (a multiple of 8) into STATE,
   permuting after each.  */
static void
keccak_absorb_portable (u64 *state, const byte *in, size_t nblocks,
                        unsigned int rate)
{
  unsigned int i;

  for (; nblocks; nblocks--, in += rate)
    {
      for (i = 0; i < rate / 8; i++)
        state[i] ^= load_le64 (in + 8 * i);
      keccak_permute_portable (state);
    }
}


/*
 * The kernel table.
 */

/* Best first; the portable kernel last.  */
static const keccak_kernel_t keccak_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    /* BMI2 too: the AVX-512 kernel runs one column on the scalar
       ports with RORX.  */
    { "avx512", HWF_INTEL_AVX512 | HWF_INTEL_BMI2,
      _gcry_keccak_permute_avx512, _gcry_keccak_absorb_avx512 },
    { "bmi2", HWF_INTEL_BMI2, _gcry_keccak_permute_bmi2,
      _gcry_keccak_absorb_bmi2 },
#endif
    { "portable", 0, keccak_permute_portable, keccak_absorb_portable }
  };

const keccak_kernel_t *const _gcry_keccak_kernel_table = keccak_kernels;
const size_t _gcry_keccak_kernel_count = DIM (keccak_kernels);

static const keccak_kernel_t *
select_kernel (unsigned int hwf)
{
  return PICK_KERNEL (keccak_kernels, DIM (keccak_kernels), hwf);
}

const char *
_gcry_keccak_current_kernel (unsigned int hwf)
{
  return select_kernel (hwf)->name;
}

const gcry_kernel_report_t _gcry_keccak_kernel_reports[] =
  {
    { "keccak", _gcry_keccak_current_kernel },
    { NULL, NULL }
  };


/*
 * The sponge.
 */

enum keccak_phase
  {
    PHASE_ABSORB = 0,   /* Taking input.  */
    PHASE_FINAL,        /* Padded; nothing read yet.  */
    PHASE_EXTRACT,      /* A XOF read through extract.  */
    PHASE_READ          /* Digest in DIGEST (SHA-3, or a XOF's read).  */
  };

typedef struct keccak_context
{
  u64 state[KECCAK_LANES];
  const keccak_kernel_t *kernel;
  unsigned int rate;            /* Bytes per block.  */
  unsigned int pos;             /* Absorbing: bytes of the block taken;
                                   squeezing: bytes of the block given.  */
  unsigned int outlen;          /* What read returns.  */
  byte suffix;
  byte phase;
  byte digest[KECCAK_MAX_OUTLEN];
} keccak_context_t;

static void
keccak_start (keccak_context_t *c, unsigned int capacity_bits,
              unsigned int outlen, byte suffix)
{
  wipememory (c, sizeof *c);
  c->kernel = select_kernel (_gcry_get_hw_features ());
  c->rate = (1600 - capacity_bits) / 8;
  c->outlen = outlen;
  c->suffix = suffix;
  c->phase = PHASE_ABSORB;
}

/* XOR LEN bytes at byte offset POS of the state (POS + LEN <= rate).  */
static void
xor_bytes (u64 *state, unsigned int pos, const byte *in, size_t len)
{
  for (; len && (pos & 7); len--, pos++)
    state[pos / 8] ^= (u64) *in++ << (8 * (pos & 7));
  for (; len >= 8; len -= 8, pos += 8, in += 8)
    state[pos / 8] ^= load_le64 (in);
  for (; len; len--, pos++)
    state[pos / 8] ^= (u64) *in++ << (8 * (pos & 7));
}

/* Copy LEN bytes from byte offset POS of the state.  */
static void
get_bytes (const u64 *state, unsigned int pos, byte *out, size_t len)
{
  for (; len && (pos & 7); len--, pos++)
    *out++ = (byte) (state[pos / 8] >> (8 * (pos & 7)));
  for (; len >= 8; len -= 8, pos += 8, out += 8)
    store_le64 (out, state[pos / 8]);
  for (; len; len--, pos++)
    *out++ = (byte) (state[pos / 8] >> (8 * (pos & 7)));
}

static void
keccak_absorb (keccak_context_t *c, const byte *in, size_t len)
{
  size_t nblocks, take;

  if (c->pos)
    {
      take = c->rate - c->pos;
      if (take > len)
        take = len;
      xor_bytes (c->state, c->pos, in, take);
      c->pos += take;
      in += take;
      len -= take;
      if (c->pos < c->rate)
        return;
      c->kernel->permute (c->state);
      c->pos = 0;
    }

  nblocks = len / c->rate;
  if (nblocks)
    {
      c->kernel->absorb (c->state, in, nblocks, c->rate);
      in += nblocks * c->rate;
      len -= nblocks * c->rate;
    }

  if (len)
    {
      xor_bytes (c->state, 0, in, len);
      c->pos = (unsigned int) len;
    }
}

static void
keccak_squeeze (keccak_context_t *c, byte *out, size_t len)
{
  size_t take;

  while (len)
    {
      if (c->pos == c->rate)
        {
          c->kernel->permute (c->state);
          c->pos = 0;
        }
      take = c->rate - c->pos;
      if (take > len)
        take = len;
      get_bytes (c->state, c->pos, out, take);
      c->pos += take;
      out += take;
      len -= take;
    }
}

static void
keccak_write (void *ctx, const void *buf, size_t len)
{
  keccak_context_t *c = ctx;

  /* md.c never writes after final; a stray call must not corrupt the
     squeezed output.  */
  if (c->phase != PHASE_ABSORB || !len)
    return;
  keccak_absorb (c, buf, len);
}

static void
keccak_final (void *ctx)
{
  keccak_context_t *c = ctx;

  if (c->phase != PHASE_ABSORB)
    return;

  /* The suffix bits and the first pad bit at the end of the message,
     the last pad bit at the end of the block (they may share a byte).  */
  c->state[c->pos / 8] ^= (u64) c->suffix << (8 * (c->pos & 7));
  c->state[(c->rate - 1) / 8] ^= (u64) 0x80 << (8 * ((c->rate - 1) & 7));
  c->phase = PHASE_FINAL;

  /* A XOF's permutation waits for the first read or extract (the
     squeeze permutes when a block is used up): finishing a SHAKE
     context that is never read costs nothing, as upstream's.  */
  c->pos = c->rate;
  if (c->suffix == SUFFIX_SHA3)
    {
      /* A fixed digest is shorter than the rate: one squeeze, and the
         state is no longer needed.  */
      keccak_squeeze (c, c->digest, c->outlen);
      wipememory (c->state, sizeof c->state);
      c->phase = PHASE_READ;
    }
}

static byte *
sha3_read (void *ctx)
{
  keccak_context_t *c = ctx;

  return c->digest;
}

/* gcry_md_read on a XOF: the first OUTLEN bytes of the output, unless
   extract was used already (upstream answers NULL then).  */
static byte *
shake_read (void *ctx)
{
  keccak_context_t *c = ctx;

  if (c->phase == PHASE_EXTRACT)
    return NULL;
  if (c->phase == PHASE_FINAL)
    {
      keccak_squeeze (c, c->digest, c->outlen);
      c->phase = PHASE_READ;
    }
  return c->digest;
}

static gcry_err_code_t
shake_extract (void *ctx, void *out, size_t len)
{
  keccak_context_t *c = ctx;

  if (c->phase == PHASE_READ || c->phase == PHASE_ABSORB)
    return GPG_ERR_INV_STATE;
  c->phase = PHASE_EXTRACT;
  keccak_squeeze (c, out, len);
  return 0;
}


/*
 * cSHAKE (SP 800-185, section 3): the input is prefixed by
 * bytepad (encode_string (N) || encode_string (S), rate).
 */

/* left_encode (X) into OUT (at most 9 bytes); returns its length.  */
static unsigned int
left_encode (u64 value, byte *out)
{
  unsigned int n = 1, i;

  while (n < 8 && (value >> (8 * n)))
    n++;
  out[0] = (byte) n;
  for (i = 1; i <= n; i++)
    out[i] = (byte) (value >> (8 * (n - i)));
  return n + 1;
}

/* Absorb encode_string (S); returns the bytes absorbed.  */
static size_t
absorb_encoded_string (keccak_context_t *c, const void *s, size_t len)
{
  byte enc[9];
  unsigned int enclen = left_encode ((u64) len * 8, enc);

  keccak_absorb (c, enc, enclen);
  if (len)
    keccak_absorb (c, s, len);
  return enclen + len;
}

static gcry_err_code_t
cshake_customize (void *ctx, const void *buf, size_t buflen)
{
  keccak_context_t *c = ctx;
  const struct gcry_cshake_customization *p = buf;
  static const byte zeros[KECCAK_MAX_RATE];
  byte enc[9];
  size_t total;
  unsigned int pad;

  if (!p || buflen != sizeof *p)
    return GPG_ERR_INV_ARG;
  /* Upstream's limit: names and strings shorter than 255 bytes.  */
  if (p->n_len >= 255 || p->s_len >= 255)
    return GPG_ERR_TOO_LARGE;
  if ((p->n_len && !p->n) || (p->s_len && !p->s))
    return GPG_ERR_INV_ARG;
  if (c->phase != PHASE_ABSORB)
    return GPG_ERR_INV_STATE;

  /* Empty N and S: cSHAKE is SHAKE (SP 800-185, 3.3).  */
  if (!p->n_len && !p->s_len)
    return 0;

  c->suffix = SUFFIX_CSHAKE;
  total = left_encode (c->rate, enc);
  keccak_absorb (c, enc, total);
  total += absorb_encoded_string (c, p->n, p->n_len);
  total += absorb_encoded_string (c, p->s, p->s_len);
  pad = (unsigned int) ((c->rate - total % c->rate) % c->rate);
  keccak_absorb (c, zeros, pad);
  return 0;
}


/*
 * Self-tests: FIPS 202 / CAVP values for "abc" (the first 32 bytes for
 * the XOFs) and, extended, a million 'a'.
 */

static const struct
{
  int algo;
  const char *abc;
  const char *million_a;
} selftest_values[] =
  {
    { GCRY_MD_SHA3_224,
      "\xe6\x42\x82\x4c\x3f\x8c\xf2\x4a\xd0\x92\x34\xee\x7d\x3c\x76\x6f"
      "\xc9\xa3\xa5\x16\x8d\x0c\x94\xad\x73\xb4\x6f\xdf",
      "\xd6\x93\x35\xb9\x33\x25\x19\x2e\x51\x6a\x91\x2e\x6d\x19\xa1\x5c"
      "\xb5\x1c\x6e\xd5\xc1\x52\x43\xe7\xa7\xfd\x65\x3c" },
    { GCRY_MD_SHA3_256,
      "\x3a\x98\x5d\xa7\x4f\xe2\x25\xb2\x04\x5c\x17\x2d\x6b\xd3\x90\xbd"
      "\x85\x5f\x08\x6e\x3e\x9d\x52\x5b\x46\xbf\xe2\x45\x11\x43\x15\x32",
      "\x5c\x88\x75\xae\x47\x4a\x36\x34\xba\x4f\xd5\x5e\xc8\x5b\xff\xd6"
      "\x61\xf3\x2a\xca\x75\xc6\xd6\x99\xd0\xcd\xcb\x6c\x11\x58\x91\xc1" },
    { GCRY_MD_SHA3_384,
      "\xec\x01\x49\x82\x88\x51\x6f\xc9\x26\x45\x9f\x58\xe2\xc6\xad\x8d"
      "\xf9\xb4\x73\xcb\x0f\xc0\x8c\x25\x96\xda\x7c\xf0\xe4\x9b\xe4\xb2"
      "\x98\xd8\x8c\xea\x92\x7a\xc7\xf5\x39\xf1\xed\xf2\x28\x37\x6d\x25",
      "\xee\xe9\xe2\x4d\x78\xc1\x85\x53\x37\x98\x34\x51\xdf\x97\xc8\xad"
      "\x9e\xed\xf2\x56\xc6\x33\x4f\x8e\x94\x8d\x25\x2d\x5e\x0e\x76\x84"
      "\x7a\xa0\x77\x4d\xdb\x90\xa8\x42\x19\x0d\x2c\x55\x8b\x4b\x83\x40" },
    { GCRY_MD_SHA3_512,
      "\xb7\x51\x85\x0b\x1a\x57\x16\x8a\x56\x93\xcd\x92\x4b\x6b\x09\x6e"
      "\x08\xf6\x21\x82\x74\x44\xf7\x0d\x88\x4f\x5d\x02\x40\xd2\x71\x2e"
      "\x10\xe1\x16\xe9\x19\x2a\xf3\xc9\x1a\x7e\xc5\x76\x47\xe3\x93\x40"
      "\x57\x34\x0b\x4c\xf4\x08\xd5\xa5\x65\x92\xf8\x27\x4e\xec\x53\xf0",
      "\x3c\x3a\x87\x6d\xa1\x40\x34\xab\x60\x62\x7c\x07\x7b\xb9\x8f\x7e"
      "\x12\x0a\x2a\x53\x70\x21\x2d\xff\xb3\x38\x5a\x18\xd4\xf3\x88\x59"
      "\xed\x31\x1d\x0a\x9d\x51\x41\xce\x9c\xc5\xc6\x6e\xe6\x89\xb2\x66"
      "\xa8\xaa\x18\xac\xe8\x28\x2a\x0e\x0d\xb5\x96\xc9\x0b\x0a\x7b\x87" },
    { GCRY_MD_SHAKE128,
      "\x58\x81\x09\x2d\xd8\x18\xbf\x5c\xf8\xa3\xdd\xb7\x93\xfb\xcb\xa7"
      "\x40\x97\xd5\xc5\x26\xa6\xd3\x5f\x97\xb8\x33\x51\x94\x0f\x2c\xc8",
      "\x9d\x22\x2c\x79\xc4\xff\x9d\x09\x2c\xf6\xca\x86\x14\x3a\xa4\x11"
      "\xe3\x69\x97\x38\x08\xef\x97\x09\x32\x55\x82\x6c\x55\x72\xef\x58" },
    { GCRY_MD_SHAKE256,
      "\x48\x33\x66\x60\x13\x60\xa8\x77\x1c\x68\x63\x08\x0c\xc4\x11\x4d"
      "\x8d\xb4\x45\x30\xf8\xf1\xe1\xee\x4f\x94\xea\x37\xe7\x8b\x57\x39",
      "\x35\x78\xa7\xa4\xca\x91\x37\x56\x9c\xdf\x76\xed\x61\x7d\x31\xbb"
      "\x99\x4f\xca\x9c\x1b\xbf\x8b\x18\x40\x13\xde\x82\x34\xdf\xd1\x3a" }
  };

static gcry_err_code_t
selftest_keccak (int algo, int extended)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);
  keccak_context_t c;
  byte chunk[1000];
  size_t i, len;
  int idx, bad;

  /* Without customisation cSHAKE is SHAKE.  */
  if (algo == GCRY_MD_CSHAKE128)
    algo = GCRY_MD_SHAKE128;
  else if (algo == GCRY_MD_CSHAKE256)
    algo = GCRY_MD_SHAKE256;
  for (idx = 0; idx < (int) DIM (selftest_values); idx++)
    if (selftest_values[idx].algo == algo)
      break;
  if (!spec || idx == (int) DIM (selftest_values))
    return GPG_ERR_DIGEST_ALGO;
  /* The table holds the first 32 bytes of a XOF's output.  */
  len = spec->extract ? 32 : spec->mdlen;

  spec->init (&c, 0);
  keccak_write (&c, "abc", 3);
  keccak_final (&c);
  bad = memcmp (spec->read (&c), selftest_values[idx].abc, len);

  if (!bad && extended)
    {
      memset (chunk, 'a', sizeof chunk);
      spec->init (&c, 0);
      for (i = 0; i < 1000; i++)
        keccak_write (&c, chunk, sizeof chunk);
      keccak_final (&c);
      bad = memcmp (spec->read (&c), selftest_values[idx].million_a, len);
    }
  wipememory (&c, sizeof c);
  return bad ? GPG_ERR_SELFTEST_FAILED : 0;
}


/*
 * The specs.  Upstream's facts: names "SHA3-256", "SHAKE128",
 * "CSHAKE128" etc.; OIDs (NIST's hash OIDs, then the RSA PKCS#1 v1.5 and
 * ECDSA signature OIDs; RFC 8692's for SHAKE); the DigestInfo prefixes;
 * read lengths of 32 and 64 bytes for the XOFs; cSHAKE has no OID and an
 * empty ASN.1 answer.  HMAC pads the key to the rate for SHA-3 and, as
 * upstream, to 64 bytes for the XOFs.
 */

static const byte sha3_224_asn[] =
  { 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x07, 0x05, 0x00, 0x04, 0x1c };
static const byte sha3_256_asn[] =
  { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x08, 0x05, 0x00, 0x04, 0x20 };
static const byte sha3_384_asn[] =
  { 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x09, 0x05, 0x00, 0x04, 0x30 };
static const byte sha3_512_asn[] =
  { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x0a, 0x05, 0x00, 0x04, 0x40 };
static const byte shake128_asn[] =
  { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x0b, 0x05, 0x00, 0x04, 0x20 };
static const byte shake256_asn[] =
  { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
    0x03, 0x04, 0x02, 0x0c, 0x05, 0x00, 0x04, 0x40 };
/* Zero bytes long; a real array so that md.c never copies from NULL.  */
static const byte cshake_asn[1] = { 0 };

static const char *const sha3_224_oids[] =
  { "2.16.840.1.101.3.4.2.7", "2.16.840.1.101.3.4.3.13",
    "2.16.840.1.101.3.4.3.9", NULL };
static const char *const sha3_256_oids[] =
  { "2.16.840.1.101.3.4.2.8", "2.16.840.1.101.3.4.3.14",
    "2.16.840.1.101.3.4.3.10", NULL };
static const char *const sha3_384_oids[] =
  { "2.16.840.1.101.3.4.2.9", "2.16.840.1.101.3.4.3.15",
    "2.16.840.1.101.3.4.3.11", NULL };
static const char *const sha3_512_oids[] =
  { "2.16.840.1.101.3.4.2.10", "2.16.840.1.101.3.4.3.16",
    "2.16.840.1.101.3.4.3.12", NULL };
static const char *const shake128_oids[] =
  { "2.16.840.1.101.3.4.2.11", "1.3.6.1.5.5.7.6.30",
    "1.3.6.1.5.5.7.6.32", NULL };
static const char *const shake256_oids[] =
  { "2.16.840.1.101.3.4.2.12", "1.3.6.1.5.5.7.6.31",
    "1.3.6.1.5.5.7.6.33", NULL };

#define KECCAK_INIT(fn, capacity, outlen, suffix)                   \
  static void                                                       \
  fn (void *ctx, unsigned int flags)                                \
  {                                                                 \
    (void) flags;                                                   \
    keccak_start (ctx, (capacity), (outlen), (suffix));             \
  }

KECCAK_INIT (sha3_224_init, 448, 28, SUFFIX_SHA3)
KECCAK_INIT (sha3_256_init, 512, 32, SUFFIX_SHA3)
KECCAK_INIT (sha3_384_init, 768, 48, SUFFIX_SHA3)
KECCAK_INIT (sha3_512_init, 1024, 64, SUFFIX_SHA3)
KECCAK_INIT (shake128_init, 256, 32, SUFFIX_SHAKE)
KECCAK_INIT (shake256_init, 512, 64, SUFFIX_SHAKE)

#define SHA3_SPEC(bits, rate)                                            \
  const gcry_md_spec_t _gcry_digest_spec_sha3_##bits =                   \
    {                                                                    \
      GCRY_MD_SHA3_##bits, "SHA3-" #bits, NULL, sha3_##bits##_oids,      \
      sha3_##bits##_asn, sizeof sha3_##bits##_asn, (bits) / 8, (rate),   \
      sizeof (keccak_context_t), sha3_##bits##_init, NULL,               \
      keccak_write, keccak_final, sha3_read, NULL, NULL, selftest_keccak \
    }

SHA3_SPEC (224, 144);
SHA3_SPEC (256, 136);
SHA3_SPEC (384, 104);
SHA3_SPEC (512, 72);

#define XOF_SPEC(var, id, name, oids, asn, asnlen, outlen, init, custom) \
  const gcry_md_spec_t _gcry_digest_spec_##var =                         \
    {                                                                    \
      id, name, NULL, oids, asn, asnlen, (outlen), 64,                   \
      sizeof (keccak_context_t), init, NULL,                             \
      keccak_write, keccak_final, shake_read, shake_extract, custom,     \
      selftest_keccak                                                    \
    }

XOF_SPEC (shake128, GCRY_MD_SHAKE128, "SHAKE128", shake128_oids,
          shake128_asn, sizeof shake128_asn, 32, shake128_init, NULL);
XOF_SPEC (shake256, GCRY_MD_SHAKE256, "SHAKE256", shake256_oids,
          shake256_asn, sizeof shake256_asn, 64, shake256_init, NULL);
XOF_SPEC (cshake128, GCRY_MD_CSHAKE128, "CSHAKE128", NULL,
          cshake_asn, 0, 32, shake128_init, cshake_customize);
XOF_SPEC (cshake256, GCRY_MD_CSHAKE256, "CSHAKE256", NULL,
          cshake_asn, 0, 64, shake256_init, cshake_customize);
