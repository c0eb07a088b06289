/* sha256.c - SHA-224 and SHA-256 (FIPS 180-4) as gcry_md digests.
 *
 * Layers:
 *   - a compress kernel chosen once per init from a table (best first:
 *     name, required HWF_* bits, function; see sha-kernels.h).  The
 *     portable C kernel below is the reference every other kernel is
 *     tested against.
 *   - buffering, padding and output, shared by both lengths.
 *   - the specs.
 *
 * SHA-2 uses only additions, bitwise functions and fixed rotations on
 * the data, with no data-dependent branches or table indexes, so the
 * portable code is constant time as written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "sha-kernels.h"
#include "md-common.h"

#include <string.h>

#define SHA256_BLOCKBYTES 64


/*
 * Constants (FIPS 180-4, sections 4.2.2 and 5.3): the first 32 bits of
 * the fractional parts of the cube roots of the first 64 primes, and the
 * initial values.
 */

static const u32 sha256_k[64] =
  {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
    0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
    0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  };

static const u32 sha256_iv[8] =
  {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };

static const u32 sha224_iv[8] =
  {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
  };


/*
 * Portable compression (FIPS 180-4, section 6.2.2).  The message
 * schedule is kept as a rolling window of 16 words; eight rounds are
 * spelled out per loop iteration so that the working variables rotate
 * by renaming instead of by moves.
 */

#define S256_CH(x, y, z)   (((y ^ z) & x) ^ z)
#define S256_MAJ(x, y, z)  ((x & y) | ((x | y) & z))
#define S256_BSIG0(x) (ror32 (x, 2) ^ ror32 (x, 13) ^ ror32 (x, 22))
#define S256_BSIG1(x) (ror32 (x, 6) ^ ror32 (x, 11) ^ ror32 (x, 25))
#define S256_SSIG0(x) (ror32 (x, 7) ^ ror32 (x, 18) ^ ((x) >> 3))
#define S256_SSIG1(x) (ror32 (x, 17) ^ ror32 (x, 19) ^ ((x) >> 10))

/* W[t mod 16] for t >= 16, computed in place.  */
#define S256_SCHED(t)                                                   \
  (w[(t) & 15] += S256_SSIG1 (w[((t) - 2) & 15]) + w[((t) - 7) & 15]    \
                  + S256_SSIG0 (w[((t) - 15) & 15]))

#define S256_ROUND(a, b, c, d, e, f, g, h, kw)                          \
  do {                                                                  \
    u32 t1_ = h + S256_BSIG1 (e) + S256_CH (e, f, g) + (kw);            \
    d += t1_;                                                           \
    h = t1_ + S256_BSIG0 (a) + S256_MAJ (a, b, c);                      \
  } while (0)

#define S256_EIGHT(t, W)                                                 \
  do {                                                                  \
    S256_ROUND (a, b, c, d, e, f, g, h, sha256_k[(t) + 0] + W ((t) + 0)); \
    S256_ROUND (h, a, b, c, d, e, f, g, sha256_k[(t) + 1] + W ((t) + 1)); \
    S256_ROUND (g, h, a, b, c, d, e, f, sha256_k[(t) + 2] + W ((t) + 2)); \
    S256_ROUND (f, g, h, a, b, c, d, e, sha256_k[(t) + 3] + W ((t) + 3)); \
    S256_ROUND (e, f, g, h, a, b, c, d, sha256_k[(t) + 4] + W ((t) + 4)); \
    S256_ROUND (d, e, f, g, h, a, b, c, sha256_k[(t) + 5] + W ((t) + 5)); \
    S256_ROUND (c, d, e, f, g, h, a, b, sha256_k[(t) + 6] + W ((t) + 6)); \
    S256_ROUND (b, c, d, e, f, g, h, a, sha256_k[(t) + 7] + W ((t) + 7)); \
  } while (0)

#define S256_W_LOADED(t) (w[(t)])
#define S256_W_SCHED(t)  S256_SCHED (t)

static void
sha256_compress_portable (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 w[16];
  u32 a, b, c, d, e, f, g, h;
  int i, t;

  for (; nblocks; nblocks--, blocks += SHA256_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        w[i] = load_be32 (blocks + 4 * i);
      a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
      e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];

      S256_EIGHT (0, S256_W_LOADED);
      S256_EIGHT (8, S256_W_LOADED);
      for (t = 16; t < 64; t += 8)
        S256_EIGHT (t, S256_W_SCHED);

      hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d;
      hv[4] += e; hv[5] += f; hv[6] += g; hv[7] += h;
    }

  /* The schedule holds message words; the working variables are as
     secret as the state.  */
  wipememory (w, sizeof w);
  a = b = c = d = e = f = g = h = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d),
                    "r" (e), "r" (f), "r" (g), "r" (h) : "memory");
}


/*
 * The kernel table, best first.  SHA-NI beats everything where present;
 * without it, scalar BMI2 rounds fed by an AVX2 schedule; elsewhere the
 * portable code runs.
 */

static const sha_kernel_t sha256_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "shani", HWF_INTEL_SHAEXT | HWF_INTEL_SSE4_1,
      _gcry_sha256_compress_shani },
    { "avx2", HWF_INTEL_AVX2 | HWF_INTEL_BMI2 | HWF_X86_FAST_VECTOR,
      _gcry_sha256_compress_avx2 },
#endif
    { "portable", 0, sha256_compress_portable }
  };

const sha_kernel_t *const _gcry_sha256_kernel_table = sha256_kernels;
const size_t _gcry_sha256_kernel_count = DIM (sha256_kernels);

/* Entry "sha256" of _gcry_sha_kernel_reports; SHA-224 shares the
   kernel.  */
const char *
_gcry_sha256_current_kernel (unsigned int hwf)
{
  return _gcry_sha_select_kernel (sha256_kernels, DIM (sha256_kernels),
                                  hwf)->name;
}


/*
 * Context and spec operations.
 */

typedef struct sha256_context
{
  byte buf[SHA256_BLOCKBYTES];     /* Pending input; the digest after
                                      final.  First, so that it is as
                                      aligned as the context (16 bytes
                                      in md.c) and no 16-byte load of it
                                      crosses a cache line.  */
  u32 h[8];                        /* Chaining value (the kernel state). */
  u64 nbytes;                      /* Message bytes so far.  */
  const sha_kernel_t *kernel;
  size_t buflen;                   /* Bytes pending in BUF.  */
  unsigned int mdlen;              /* 28 or 32.  */
} sha256_context_t;

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static void
sha256_start (sha256_context_t *c, const u32 iv[8], unsigned int mdlen)
{
  memcpy (c->h, iv, sizeof c->h);
  c->nbytes = 0;
  c->buflen = 0;
  c->kernel = _gcry_sha_select_kernel (sha256_kernels, DIM (sha256_kernels),
                                       _gcry_get_hw_features ());
  c->mdlen = mdlen;
}

static void
sha256_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha256_start (ctx, sha256_iv, 32);
}

static void
sha224_init (void *ctx, unsigned int flags)
{
  (void) flags;
  sha256_start (ctx, sha224_iv, 28);
}

static void
sha256_write (void *ctx, const void *in, size_t len)
{
  sha256_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->h, c->kernel->compress, c->buf, &c->buflen,
                     SHA256_BLOCKBYTES, in, len);
}

/* Padding (FIPS 180-4, section 5.1.1): 0x80, zeros, then the message
   length in bits as a 64-bit big-endian number; one or two blocks.  */
static void
sha256_final (void *ctx)
{
  sha256_context_t *c = ctx;

  md_pad_final_inplace (c->h, c->kernel->compress, c->buf, c->buflen,
                        SHA256_BLOCKBYTES, 0x80,
                        md_lenfield_be64 (c->nbytes << 3), 8);
  /* SHA-224 is the truncation; BUF keeps nothing of the rest, nor of
     the last block.  H is the caller's memory, so the plain memset
     stays.  */
  md_output32 (c->buf, sizeof c->buf, c->h, c->mdlen, 1);
  memset (c->h, 0, sizeof c->h);
  c->buflen = 0;
}

static byte *
sha256_read (void *ctx)
{
  return ((sha256_context_t *) ctx)->buf;
}


/*
 * Self-tests (GCRYCTL_SELFTEST): FIPS 180-4's "abc" example, and with
 * EXTENDED a million 'a' in uneven pieces, on the kernel a context gets
 * now.
 */

static const byte selftest_sha224_abc[28] =
  {
    0x23, 0x09, 0x7d, 0x22, 0x34, 0x05, 0xd8, 0x22,
    0x86, 0x42, 0xa4, 0x77, 0xbd, 0xa2, 0x55, 0xb3,
    0x2a, 0xad, 0xbc, 0xe4, 0xbd, 0xa0, 0xb3, 0xf7,
    0xe3, 0x6c, 0x9d, 0xa7
  };

static const byte selftest_sha224_million_a[28] =
  {
    0x20, 0x79, 0x46, 0x55, 0x98, 0x0c, 0x91, 0xd8,
    0xbb, 0xb4, 0xc1, 0xea, 0x97, 0x61, 0x8a, 0x4b,
    0xf0, 0x3f, 0x42, 0x58, 0x19, 0x48, 0xb2, 0xee,
    0x4e, 0xe7, 0xad, 0x67
  };

static const byte selftest_sha256_abc[32] =
  {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
    0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
    0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad
  };

static const byte selftest_sha256_million_a[32] =
  {
    0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92,
    0x81, 0xa1, 0xc7, 0xe2, 0x84, 0xd7, 0x3e, 0x67,
    0xf1, 0x80, 0x9a, 0x48, 0xa4, 0x97, 0x20, 0x0e,
    0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11, 0x2c, 0xd0
  };

static gcry_err_code_t
sha256_selftest (int algo, int extended)
{
  sha256_context_t c;
  byte chunk[1000];
  const byte *want_abc, *want_million;
  unsigned int mdlen;
  gcry_err_code_t rc = 0;
  size_t done, n;

  if (algo == GCRY_MD_SHA224)
    {
      sha224_init (&c, 0);
      want_abc = selftest_sha224_abc;
      want_million = selftest_sha224_million_a;
      mdlen = 28;
    }
  else
    {
      sha256_init (&c, 0);
      want_abc = selftest_sha256_abc;
      want_million = selftest_sha256_million_a;
      mdlen = 32;
    }
  sha256_write (&c, "abc", 3);
  sha256_final (&c);
  if (memcmp (sha256_read (&c), want_abc, mdlen))
    rc = GPG_ERR_SELFTEST_FAILED;

  if (extended)
    {
      sha256_start (&c, algo == GCRY_MD_SHA224 ? sha224_iv : sha256_iv,
                    mdlen);
      memset (chunk, 'a', sizeof chunk);
      for (done = 0; done < 1000000; done += n)
        {
          n = 1000000 - done < 997 ? 1000000 - done : 997;
          sha256_write (&c, chunk, n);
        }
      sha256_final (&c);
      if (memcmp (sha256_read (&c), want_million, mdlen))
        rc = GPG_ERR_SELFTEST_FAILED;
    }

  wipememory (&c, sizeof c);
  return rc;
}


/*
 * The specs.  Upstream's facts: names "SHA224"/"SHA256", their OIDs
 * (NIST, PKCS#1 and X9.62 signature OIDs) and the DER prefix of a
 * DigestInfo for GCRYCTL_GET_ASNOID.
 */

static const byte sha224_asn[19] =     /* 2.16.840.1.101.3.4.2.4 */
  {
    0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c
  };

static const char *const sha224_oids[] =
  {
    "2.16.840.1.101.3.4.2.4",          /* id-sha224 (RFC 3874) */
    "1.2.840.10045.4.3.1",             /* ecdsa-with-SHA224 */
    NULL
  };

static const byte sha256_asn[19] =     /* 2.16.840.1.101.3.4.2.1 */
  {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20
  };

static const char *const sha256_oids[] =
  {
    "2.16.840.1.101.3.4.2.1",          /* id-sha256 */
    "1.2.840.113549.1.1.11",           /* sha256WithRSAEncryption */
    "1.2.840.10045.4.3.2",             /* ecdsa-with-SHA256 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_sha224 =
  {
    GCRY_MD_SHA224, "SHA224", NULL, sha224_oids,
    sha224_asn, sizeof sha224_asn, 28, SHA256_BLOCKBYTES,
    sizeof (sha256_context_t),
    sha224_init, NULL, sha256_write, sha256_final, sha256_read,
    NULL, NULL, sha256_selftest
  };

const gcry_md_spec_t _gcry_digest_spec_sha256 =
  {
    GCRY_MD_SHA256, "SHA256", NULL, sha256_oids,
    sha256_asn, sizeof sha256_asn, 32, SHA256_BLOCKBYTES,
    sizeof (sha256_context_t),
    sha256_init, NULL, sha256_write, sha256_final, sha256_read,
    NULL, NULL, sha256_selftest
  };
