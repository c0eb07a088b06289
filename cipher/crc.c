/* crc.c - CRC32, CRC32-RFC1510 and CRC24-RFC2440 as gcry_md digests.
 *
 * Three checksums upstream exposes through gcry_md:
 *   - CRC32: the ISO 3309 / ITU-T V.42 CRC (reflected polynomial
 *     0xEDB88320), initial value and final XOR all ones;
 *   - CRC32RFC1510: the same polynomial as RFC 1510 (Kerberos) uses it,
 *     with initial value zero and no final XOR;
 *   - CRC24RFC2440: the OpenPGP armor checksum (RFC 2440, section 6.1):
 *     polynomial 0x864CFB, not reflected, initial value 0xB704CE.
 * All three return their value as big-endian bytes (4, 4 and 3), which
 * is what upstream's gcry_md_read gives.
 *
 * Kernels (crc-kernels.h), chosen per context from a table, best first:
 * PCLMULQDQ folding (crc-pclmul.c) for every write of 16 bytes or more,
 * and the portable C last.
 *
 * Portable C: "slicing by eight" (eight 256-entry tables, one for each
 * position of a byte within an 8-byte stride), tables derived once from
 * the polynomials.  Table lookups are indexed by the data, which is
 * fine for a checksum: nothing here is secret.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "crc-kernels.h"
#include "md-common.h"

#include <pthread.h>
#include <string.h>

#define CRC32_POLY_REFLECTED 0xedb88320u  /* x^32 + ... + 1, bit-reversed */
#define CRC24_POLY           0x864cfbu    /* x^24 + ... + 1, without x^24 */
#define CRC24_INIT           0xb704ceu

/* CRC24 is computed in the top 24 bits of a u32, so that its byte-wise
   update has the same shape as a 32-bit MSB-first CRC.  */
#define CRC24_POLY_ALIGNED   (CRC24_POLY << 8)


/*
 * Tables.  T[0][b] is the CRC register after shifting in byte B from a
 * zero register; T[k][b] is the same followed by k zero bytes, so that
 * eight bytes fold into the register with eight independent lookups.
 */

static u32 crc32_table[8][256];
static u32 crc24_table[8][256];
static pthread_once_t crc_tables_once = PTHREAD_ONCE_INIT;

static void
crc_make_tables (void)
{
  unsigned int b, k, bit;
  u32 r;

  for (b = 0; b < 256; b++)
    {
      r = b;
      for (bit = 0; bit < 8; bit++)
        r = (r >> 1) ^ (CRC32_POLY_REFLECTED & -(r & 1));
      crc32_table[0][b] = r;

      r = (u32) b << 24;
      for (bit = 0; bit < 8; bit++)
        r = (r << 1) ^ (CRC24_POLY_ALIGNED & -(r >> 31));
      crc24_table[0][b] = r;
    }
  for (k = 1; k < 8; k++)
    for (b = 0; b < 256; b++)
      {
        r = crc32_table[k - 1][b];
        crc32_table[k][b] = (r >> 8) ^ crc32_table[0][r & 0xff];
        r = crc24_table[k - 1][b];
        crc24_table[k][b] = (r << 8) ^ crc24_table[0][r >> 24];
      }
}

/* Reflected CRC32 register update over LEN bytes.  */
static u32
crc32_update (u32 crc, const byte *p, size_t len)
{
  const u32 (*t)[256] = crc32_table;

  for (; len >= 8; len -= 8, p += 8)
    {
      crc ^= load_le32 (p);
      crc = t[7][crc & 0xff] ^ t[6][(crc >> 8) & 0xff]
            ^ t[5][(crc >> 16) & 0xff] ^ t[4][crc >> 24]
            ^ t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    }
  for (; len; len--, p++)
    crc = (crc >> 8) ^ t[0][(crc ^ *p) & 0xff];
  return crc;
}

/* MSB-first CRC24 register update (value in the top 24 bits).  */
static u32
crc24_update (u32 crc, const byte *p, size_t len)
{
  const u32 (*t)[256] = crc24_table;

  for (; len >= 8; len -= 8, p += 8)
    {
      crc ^= load_be32 (p);
      crc = t[7][crc >> 24] ^ t[6][(crc >> 16) & 0xff]
            ^ t[5][(crc >> 8) & 0xff] ^ t[4][crc & 0xff]
            ^ t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    }
  for (; len; len--, p++)
    crc = (crc << 8) ^ t[0][(crc >> 24) ^ *p];
  return crc;
}


/*
 * The kernel table.  Each entry takes any length: the folding kernels
 * take 16 bytes and up (a partial last lane included), so only writes
 * shorter than CRC_FOLD_MIN go to the tables.  From 16 bytes on, folds
 * and one reduction cost fewer instructions than two slicing-by-8 steps
 * and a byte loop, which is what 16..63-byte messages were paying.
 */

#define CRC_FOLD_MIN 16

static u32
crc32_update_portable (u32 crc, const byte *p, size_t len)
{
  pthread_once (&crc_tables_once, crc_make_tables);
  return crc32_update (crc, p, len);
}

static u32
crc24_update_portable (u32 crc, const byte *p, size_t len)
{
  pthread_once (&crc_tables_once, crc_make_tables);
  return crc24_update (crc, p, len);
}

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
/* A table entry from a folding primitive: short input through the
   tables, the rest folded.  */
#define CRC_FOLD_ENTRY(name, fold, tables)                              \
  static u32                                                          \
  name (u32 crc, const byte *p, size_t len)                           \
  {                                                                   \
    if (len >= CRC_FOLD_MIN)                                          \
      return fold (crc, p, len);                                      \
    return tables (crc, p, len);                                      \
  }

CRC_FOLD_ENTRY (crc32_update_pclmul, _gcry_crc32_fold_pclmul,
                crc32_update_portable)
CRC_FOLD_ENTRY (crc24_update_pclmul, _gcry_crc24_fold_pclmul,
                crc24_update_portable)
CRC_FOLD_ENTRY (crc32_update_vpclmul_avx2, _gcry_crc32_fold_vpclmul_avx2,
                crc32_update_portable)
CRC_FOLD_ENTRY (crc24_update_vpclmul_avx2, _gcry_crc24_fold_vpclmul_avx2,
                crc24_update_portable)
CRC_FOLD_ENTRY (crc32_update_vpclmul_avx512,
                _gcry_crc32_fold_vpclmul_avx512, crc32_update_portable)
CRC_FOLD_ENTRY (crc24_update_vpclmul_avx512,
                _gcry_crc24_fold_vpclmul_avx512, crc24_update_portable)
#endif

static const crc_kernel_t crc_kernels[] =
  {
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
    /* zmm only where the policy says 512-bit vectors do not slow the
       clock.  */
    { "vpclmul-avx512", HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512
      | HWF_X86_ZMM | HWF_INTEL_PCLMUL | HWF_INTEL_SSE4_1,
      crc32_update_vpclmul_avx512, crc24_update_vpclmul_avx512 },
    { "vpclmul-avx2", HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX2
      | HWF_INTEL_PCLMUL | HWF_INTEL_SSE4_1,
      crc32_update_vpclmul_avx2, crc24_update_vpclmul_avx2 },
    { "pclmul", HWF_INTEL_PCLMUL | HWF_INTEL_SSE4_1,
      crc32_update_pclmul, crc24_update_pclmul },
#endif
    { "portable", 0, crc32_update_portable, crc24_update_portable },
  };

const crc_kernel_t *const _gcry_crc_kernel_table = crc_kernels;
const size_t _gcry_crc_kernel_count = DIM (crc_kernels);

static const crc_kernel_t *
select_kernel (unsigned int hwf)
{
  return PICK_KERNEL (crc_kernels, DIM (crc_kernels), hwf);
}

static const char *
crc_current_kernel (unsigned int hwf)
{
  return select_kernel (hwf)->name;
}

const gcry_kernel_report_t _gcry_crc_kernel_reports[] =
  {
    { "crc32", crc_current_kernel },
    { "crc24", crc_current_kernel },
    { NULL, NULL }
  };


/*
 * Context and spec operations.
 */

typedef struct crc_context
{
  u32 crc;              /* The register (CRC24: in the top 24 bits).  */
  const crc_kernel_t *kernel;
  byte out[4];          /* The checksum, big-endian, after final.  */
} crc_context_t;

static void
crc32_init (void *ctx, unsigned int flags)
{
  crc_context_t *c = ctx;

  (void) flags;
  pthread_once (&crc_tables_once, crc_make_tables);
  memset (c, 0, sizeof *c);
  c->kernel = select_kernel (_gcry_get_hw_features ());
  c->crc = 0xffffffff;
}

static void
crc32rfc1510_init (void *ctx, unsigned int flags)
{
  crc_context_t *c = ctx;

  (void) flags;
  pthread_once (&crc_tables_once, crc_make_tables);
  memset (c, 0, sizeof *c);
  c->kernel = select_kernel (_gcry_get_hw_features ());
}

static void
crc24rfc2440_init (void *ctx, unsigned int flags)
{
  crc_context_t *c = ctx;

  (void) flags;
  pthread_once (&crc_tables_once, crc_make_tables);
  memset (c, 0, sizeof *c);
  c->kernel = select_kernel (_gcry_get_hw_features ());
  c->crc = CRC24_INIT << 8;
}

/* Writes shorter than CRC_FOLD_MIN go straight to the tables, which
   every init has already built: no kernel call, no pthread_once.  Table
   lookups indexed by data are no timing concern here: a CRC is a
   checksum of public data (upstream's CRC code is table-driven too).  */
static void
crc32_write (void *ctx, const void *in, size_t len)
{
  crc_context_t *c = ctx;

  if (len < CRC_FOLD_MIN)
    c->crc = crc32_update (c->crc, in, len);
  else
    c->crc = c->kernel->crc32 (c->crc, in, len);
}

static void
crc24rfc2440_write (void *ctx, const void *in, size_t len)
{
  crc_context_t *c = ctx;

  if (len < CRC_FOLD_MIN)
    c->crc = crc24_update (c->crc, in, len);
  else
    c->crc = c->kernel->crc24 (c->crc, in, len);
}

static void
crc32_final (void *ctx)
{
  crc_context_t *c = ctx;

  store_be32 (c->out, ~c->crc);
}

static void
crc32rfc1510_final (void *ctx)
{
  crc_context_t *c = ctx;

  store_be32 (c->out, c->crc);
}

/* The 24-bit value is the top three bytes of the register.  */
static void
crc24rfc2440_final (void *ctx)
{
  crc_context_t *c = ctx;

  store_be32 (c->out, c->crc);
  c->out[3] = 0;
}

static byte *
crc_read (void *ctx)
{
  return ((crc_context_t *) ctx)->out;
}


/*
 * The specs.  Upstream's facts: the names below with no aliases and no
 * OIDs, an empty DigestInfo prefix (GCRYCTL_GET_ASNOID answers with
 * length 0), HMAC with a 64-byte block, and no self-test.
 */

/* A valid pointer for the zero-length ASN.1 prefix.  */
static const byte crc_no_asn[1] = { 0 };

const gcry_md_spec_t _gcry_digest_spec_crc32 =
  {
    GCRY_MD_CRC32, "CRC32", NULL, NULL,
    crc_no_asn, 0, 4, 64,
    sizeof (crc_context_t),
    crc32_init, NULL, crc32_write, crc32_final, crc_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_crc32_rfc1510 =
  {
    GCRY_MD_CRC32_RFC1510, "CRC32RFC1510", NULL, NULL,
    crc_no_asn, 0, 4, 64,
    sizeof (crc_context_t),
    crc32rfc1510_init, NULL, crc32_write, crc32rfc1510_final, crc_read,
    NULL, NULL, NULL
  };

const gcry_md_spec_t _gcry_digest_spec_crc24_rfc2440 =
  {
    GCRY_MD_CRC24_RFC2440, "CRC24RFC2440", NULL, NULL,
    crc_no_asn, 0, 3, 64,
    sizeof (crc_context_t),
    crc24rfc2440_init, NULL, crc24rfc2440_write, crc24rfc2440_final,
    crc_read, NULL, NULL, NULL
  };
