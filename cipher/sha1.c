/* sha1.c - SHA-1 (FIPS 180-4) as a gcry_md digest, and the kernel report
 * of the SHA family.
 *
 * Layers as in sha256.c: a compress kernel chosen once per init from a
 * table (sha-kernels.h), the portable C kernel as the reference,
 * buffering/padding/output, the spec.
 *
 * Only additions, bitwise functions and fixed rotations touch the data;
 * no data-dependent branches or table indexes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "sha-kernels.h"
#include "md-common.h"

#include <string.h>

#define SHA1_BLOCKBYTES 64

/* FIPS 180-4, section 5.3.1.  */
static const u32 sha1_iv[5] =
  {
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
  };


/*
 * Portable compression (FIPS 180-4, section 6.1.2) with a rolling
 * 16-word schedule; five rounds per macro step so that the working
 * variables rotate by renaming.
 */

#define S1_F0(b, c, d) (((c ^ d) & b) ^ d)            /* Ch */
#define S1_F1(b, c, d) (b ^ c ^ d)                     /* Parity */
#define S1_F2(b, c, d) ((b & c) | ((b | c) & d))       /* Maj */

#define S1_W(t)                                                         \
  (w[(t) & 15] = rol32 (w[((t) - 3) & 15] ^ w[((t) - 8) & 15]           \
                            ^ w[((t) - 14) & 15] ^ w[(t) & 15], 1))

#define S1_ROUND(a, b, c, d, e, F, k, wt)                               \
  do {                                                                  \
    e += rol32 (a, 5) + F (b, c, d) + (k) + (wt);                       \
    b = rol32 (b, 30);                                                  \
  } while (0)

#define S1_FIVE(t, F, k, W)                                             \
  do {                                                                  \
    S1_ROUND (a, b, c, d, e, F, k, W ((t) + 0));                        \
    S1_ROUND (e, a, b, c, d, F, k, W ((t) + 1));                        \
    S1_ROUND (d, e, a, b, c, F, k, W ((t) + 2));                        \
    S1_ROUND (c, d, e, a, b, F, k, W ((t) + 3));                        \
    S1_ROUND (b, c, d, e, a, F, k, W ((t) + 4));                        \
  } while (0)

#define S1_W_LOADED(t) (w[(t)])

static void
sha1_compress_portable (void *state, const byte *blocks, size_t nblocks)
{
  u32 *hv = state;
  u32 w[16];
  u32 a, b, c, d, e;
  int i;

  for (; nblocks; nblocks--, blocks += SHA1_BLOCKBYTES)
    {
      for (i = 0; i < 16; i++)
        w[i] = load_be32 (blocks + 4 * i);
      a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3]; e = hv[4];

      S1_FIVE (0, S1_F0, 0x5a827999, S1_W_LOADED);
      S1_FIVE (5, S1_F0, 0x5a827999, S1_W_LOADED);
      S1_FIVE (10, S1_F0, 0x5a827999, S1_W_LOADED);
      S1_ROUND (a, b, c, d, e, S1_F0, 0x5a827999, w[15]);
      S1_ROUND (e, a, b, c, d, S1_F0, 0x5a827999, S1_W (16));
      S1_ROUND (d, e, a, b, c, S1_F0, 0x5a827999, S1_W (17));
      S1_ROUND (c, d, e, a, b, S1_F0, 0x5a827999, S1_W (18));
      S1_ROUND (b, c, d, e, a, S1_F0, 0x5a827999, S1_W (19));
      for (i = 20; i < 40; i += 5)
        S1_FIVE (i, S1_F1, 0x6ed9eba1, S1_W);
      for (; i < 60; i += 5)
        S1_FIVE (i, S1_F2, 0x8f1bbcdc, S1_W);
      for (; i < 80; i += 5)
        S1_FIVE (i, S1_F1, 0xca62c1d6, S1_W);

      hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d; hv[4] += e;
    }

  wipememory (w, sizeof w);
  a = b = c = d = e = 0;
  __asm__ volatile ("" : : "r" (a), "r" (b), "r" (c), "r" (d), "r" (e)
                    : "memory");
}


/*
 * The kernel table, best first.
 */

static const sha_kernel_t sha1_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    { "shani", HWF_INTEL_SHAEXT | HWF_INTEL_SSE4_1,
      _gcry_sha1_compress_shani },
#endif
    { "portable", 0, sha1_compress_portable }
  };

const sha_kernel_t *const _gcry_sha1_kernel_table = sha1_kernels;
const size_t _gcry_sha1_kernel_count = DIM (sha1_kernels);

const char *
_gcry_sha1_current_kernel (unsigned int hwf)
{
  return _gcry_sha_select_kernel (sha1_kernels, DIM (sha1_kernels),
                                  hwf)->name;
}

/* The SHA family's lines of the configuration report (src/global.c).  */
const gcry_kernel_report_t _gcry_sha_kernel_reports[] =
  {
    { "sha1", _gcry_sha1_current_kernel },
    { "sha256", _gcry_sha256_current_kernel },
    { "sha512", _gcry_sha512_current_kernel },
    { NULL, NULL }
  };


/*
 * Context and spec operations.
 */

typedef struct sha1_context
{
  byte buf[SHA1_BLOCKBYTES];       /* Pending input; the digest after
                                      final.  First, so that it is as
                                      aligned as the context (16 bytes
                                      in md.c) and no 16-byte load of it
                                      crosses a cache line.  */
  u32 h[5];                        /* Chaining value (the kernel state). */
  u64 nbytes;                      /* Message bytes so far.  */
  const sha_kernel_t *kernel;
  size_t buflen;                   /* Bytes pending in BUF.  */
} sha1_context_t;

/* Only the fields a computation reads are set: BUF past BUFLEN may
   hold anything (md-common.h), and what an earlier computation left
   there is overwritten by final or wiped with the context.  */
static void
sha1_init (void *ctx, unsigned int flags)
{
  sha1_context_t *c = ctx;

  (void) flags;
  memcpy (c->h, sha1_iv, sizeof c->h);
  c->nbytes = 0;
  c->buflen = 0;
  c->kernel = _gcry_sha_select_kernel (sha1_kernels, DIM (sha1_kernels),
                                       _gcry_get_hw_features ());
}

static void
sha1_write (void *ctx, const void *in, size_t len)
{
  sha1_context_t *c = ctx;

  c->nbytes += len;
  md_buffered_write (c->h, c->kernel->compress, c->buf, &c->buflen,
                     SHA1_BLOCKBYTES, in, len);
}

/* Padding as SHA-256's (FIPS 180-4, section 5.1.1).  */
static void
sha1_final (void *ctx)
{
  sha1_context_t *c = ctx;

  md_pad_final_inplace (c->h, c->kernel->compress, c->buf, c->buflen,
                        SHA1_BLOCKBYTES, 0x80,
                        md_lenfield_be64 (c->nbytes << 3), 8);
  /* BUF keeps nothing of the last block.  H is the caller's memory, so
     the plain memset stays.  */
  md_output32 (c->buf, sizeof c->buf, c->h, 20, 1);
  memset (c->h, 0, sizeof c->h);
  c->buflen = 0;
}

static byte *
sha1_read (void *ctx)
{
  return ((sha1_context_t *) ctx)->buf;
}


/*
 * Self-test (GCRYCTL_SELFTEST): "abc", and with EXTENDED a million 'a'
 * in uneven pieces, on the kernel a context gets now.
 */

static const byte selftest_sha1_abc[20] =
  {
    0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a,
    0xba, 0x3e, 0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c,
    0x9c, 0xd0, 0xd8, 0x9d
  };

static const byte selftest_sha1_million_a[20] =
  {
    0x34, 0xaa, 0x97, 0x3c, 0xd4, 0xc4, 0xda, 0xa4,
    0xf6, 0x1e, 0xeb, 0x2b, 0xdb, 0xad, 0x27, 0x31,
    0x65, 0x34, 0x01, 0x6f
  };

static gcry_err_code_t
sha1_selftest (int algo, int extended)
{
  sha1_context_t c;
  byte chunk[1000];
  gcry_err_code_t rc = 0;
  size_t done, n;

  (void) algo;
  sha1_init (&c, 0);
  sha1_write (&c, "abc", 3);
  sha1_final (&c);
  if (memcmp (sha1_read (&c), selftest_sha1_abc, 20))
    rc = GPG_ERR_SELFTEST_FAILED;

  if (extended)
    {
      sha1_init (&c, 0);
      memset (chunk, 'a', sizeof chunk);
      for (done = 0; done < 1000000; done += n)
        {
          n = 1000000 - done < 997 ? 1000000 - done : 997;
          sha1_write (&c, chunk, n);
        }
      sha1_final (&c);
      if (memcmp (sha1_read (&c), selftest_sha1_million_a, 20))
        rc = GPG_ERR_SELFTEST_FAILED;
    }

  wipememory (&c, sizeof c);
  return rc;
}


/*
 * The spec.  Upstream's facts: name "SHA1", its OIDs (OIW, PKCS#1, DSA
 * and ECDSA signature OIDs) and the DER prefix of a DigestInfo.
 */

static const byte sha1_asn[15] =       /* 1.3.14.3.2.26 */
  {
    0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02,
    0x1a, 0x05, 0x00, 0x04, 0x14
  };

static const char *const sha1_oids[] =
  {
    "1.2.840.113549.1.1.5",            /* sha1WithRSAEncryption */
    "1.2.840.10040.4.3",               /* dsa-with-sha1 */
    "1.3.14.3.2.26",                   /* OIW sha1 */
    "1.3.14.3.2.29",                   /* OIW sha-1WithRSAEncryption */
    "1.2.840.10045.4.1",               /* ecdsa-with-SHA1 */
    NULL
  };

const gcry_md_spec_t _gcry_digest_spec_sha1 =
  {
    GCRY_MD_SHA1, "SHA1", NULL, sha1_oids,
    sha1_asn, sizeof sha1_asn, 20, SHA1_BLOCKBYTES,
    sizeof (sha1_context_t),
    sha1_init, NULL, sha1_write, sha1_final, sha1_read,
    NULL, NULL, sha1_selftest
  };
