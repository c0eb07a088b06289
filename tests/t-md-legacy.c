/* t-md-legacy.c - MD4, MD5, RIPEMD-160 and the CRCs through gcry_md,
 * plain and as HMAC, and their HMAC ids in gcry_mac.
 *
 *  - built-in published examples: RFC 1320 appendix A.5 (MD4), RFC 1321
 *    appendix A.5 (MD5), the RIPEMD-160 paper's examples (with a
 *    million 'a'), the catalogued CRC check values for "123456789";
 *    pyca's copies of the MD5 and RIPEMD-160 examples when present;
 *  - RFC 2202 HMAC-MD5 and RFC 2286 HMAC-RIPEMD-160 (case 2 built in);
 *  - every message length 0..2100 hashed one-shot, in random splits
 *    through gcry_md_write and byte by byte through gcry_md_putc, each
 *    compared with another implementation: OpenSSL's EVP digests for
 *    MD4 (legacy provider), MD5 and RIPEMD-160, a bitwise CRC written
 *    here for the CRCs; HMAC likewise against OpenSSL's HMAC and, for
 *    the CRCs, an HMAC assembled here from the bitwise CRC;
 *  - upstream's identity facts: ids, names, OIDs, DER prefixes, digest
 *    lengths; MD2 and HAVAL answer GPG_ERR_DIGEST_ALGO as upstream.
 *
 * A missing vector file or a missing OpenSSL digest gives a SKIP line,
 * never a pass.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcrypt.h"
#include "t-common.h"
#include "t-util.h"
#include "t-md-util.h"

#ifdef HAVE_LIBCRYPTO
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>
#endif

#define MAX_LEN 2100
#define DIM(v) (sizeof (v) / sizeof (v)[0])

static const int all_algos[] =
  {
    GCRY_MD_MD4, GCRY_MD_MD5, GCRY_MD_RMD160,
    GCRY_MD_CRC32, GCRY_MD_CRC32_RFC1510, GCRY_MD_CRC24_RFC2440
  };
#define N_ALGOS ((int) (sizeof all_algos / sizeof all_algos[0]))


/*
 * Reference CRCs, one bit at a time straight from the definitions (the
 * library uses byte tables).
 */

static unsigned long
ref_crc32_reflected (unsigned long crc, const unsigned char *p, size_t n)
{
  int bit;

  for (; n; n--, p++)
    {
      crc ^= *p;
      for (bit = 0; bit < 8; bit++)
        crc = (crc & 1) ? (crc >> 1) ^ 0xedb88320UL : crc >> 1;
    }
  return crc & 0xffffffffUL;
}

/* OpenPGP's CRC-24 as RFC 4880 section 6.1 describes it.  */
static unsigned long
ref_crc24 (const unsigned char *p, size_t n)
{
  unsigned long crc = 0xb704ceUL;
  int bit;

  for (; n; n--, p++)
    {
      crc ^= (unsigned long) *p << 16;
      for (bit = 0; bit < 8; bit++)
        {
          crc <<= 1;
          if (crc & 0x1000000UL)
            crc ^= 0x1864cfbUL;
        }
    }
  return crc & 0xffffffUL;
}

/* The reference CRC of ALGO over P as the big-endian bytes gcry_md_read
   returns; returns the length.  */
static size_t
ref_crc (int algo, const unsigned char *p, size_t n, unsigned char *out)
{
  unsigned long v;

  switch (algo)
    {
    case GCRY_MD_CRC32:
      v = ref_crc32_reflected (0xffffffffUL, p, n) ^ 0xffffffffUL;
      break;
    case GCRY_MD_CRC32_RFC1510:
      v = ref_crc32_reflected (0, p, n);
      break;
    default:
      v = ref_crc24 (p, n);
      out[0] = v >> 16; out[1] = v >> 8; out[2] = v;
      return 3;
    }
  out[0] = v >> 24; out[1] = v >> 16; out[2] = v >> 8; out[3] = v;
  return 4;
}

static int
is_crc (int algo)
{
  return algo == GCRY_MD_CRC32 || algo == GCRY_MD_CRC32_RFC1510
         || algo == GCRY_MD_CRC24_RFC2440;
}


/*
 * The other implementation for the hashes: OpenSSL.
 */

#ifdef HAVE_LIBCRYPTO
static EVP_MD *ossl_md[3];      /* MD4, MD5, RIPEMD-160; NULL if absent */

static void
ossl_setup (void)
{
  static const char *const names[3] = { "MD4", "MD5", "RIPEMD160" };
  int i;

  int loaded = 0;

  for (i = 0; i < 3; i++)
    {
      ossl_md[i] = EVP_MD_fetch (NULL, names[i], NULL);
      if (!ossl_md[i] && !loaded)
        {
          /* MD4 (and RIPEMD-160 before 3.0.7) live in the legacy
             provider; loading one provider explicitly means "default"
             must be loaded explicitly too.  */
          OSSL_PROVIDER_load (NULL, "legacy");
          OSSL_PROVIDER_load (NULL, "default");
          loaded = 1;
          ossl_md[i] = EVP_MD_fetch (NULL, names[i], NULL);
        }
    }
}

static const EVP_MD *
ossl_of (int algo)
{
  switch (algo)
    {
    case GCRY_MD_MD4: return ossl_md[0];
    case GCRY_MD_MD5: return ossl_md[1];
    case GCRY_MD_RMD160: return ossl_md[2];
    default: return NULL;
    }
}
#endif

/* The other implementation's digest (HMAC when KEY) of ALGO; returns
   0 when there is none here.  */
static int
other_digest (int algo, const unsigned char *key, size_t keylen,
              const unsigned char *msg, size_t len, unsigned char *out)
{
  if (is_crc (algo))
    {
      unsigned char pad[64], inner[4], *buf;
      size_t dlen, i;

      if (!key)
        {
          ref_crc (algo, msg, len, out);
          return 1;
        }
      /* HMAC (RFC 2104) with a 64-byte block, upstream's choice.  */
      buf = malloc (64 + (len > 4 ? len : 4));
      if (!buf)
        exit (2);
      memset (pad, 0, sizeof pad);
      if (keylen > 64)
        ref_crc (algo, key, keylen, pad);
      else
        memcpy (pad, key, keylen);
      for (i = 0; i < 64; i++)
        buf[i] = pad[i] ^ 0x36;
      memcpy (buf + 64, msg, len);
      dlen = ref_crc (algo, buf, 64 + len, inner);
      for (i = 0; i < 64; i++)
        buf[i] = pad[i] ^ 0x5c;
      memcpy (buf + 64, inner, dlen);
      ref_crc (algo, buf, 64 + dlen, out);
      free (buf);
      return 1;
    }
#ifdef HAVE_LIBCRYPTO
  {
    const EVP_MD *md = ossl_of (algo);
    unsigned int outlen = 0;

    if (!md)
      return 0;
    if (key)
      return HMAC (md, key, (int) keylen, msg, len, out, &outlen) != NULL;
    return EVP_Digest (msg, len, out, &outlen, md, NULL) == 1;
  }
#else
  (void) keylen; (void) msg; (void) len; (void) out;
  return 0;
#endif
}


/*
 * Our side.
 */


/*
 * Identity facts (upstream's ids, names, OIDs, DER prefixes).
 */

static void
test_identity (void)
{
  static const unsigned char md4_asn[18] =
    { 0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7,
      0x0d, 0x02, 0x04, 0x05, 0x00, 0x04, 0x10 };
  static const unsigned char md5_asn[18] =
    { 0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7,
      0x0d, 0x02, 0x05, 0x05, 0x00, 0x04, 0x10 };
  static const unsigned char rmd160_asn[15] =
    { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x24, 0x03, 0x02, 0x01,
      0x05, 0x00, 0x04, 0x14 };
  static const struct
  {
    int algo;
    const char *name;
    unsigned int dlen;
    const unsigned char *asn;
    size_t asnlen;
    const char *oids[3];
  } facts[] =
    {
      { GCRY_MD_MD4, "MD4", 16, md4_asn, 18, { "1.2.840.113549.2.4" } },
      { GCRY_MD_MD5, "MD5", 16, md5_asn, 18,
        { "1.2.840.113549.2.5", "1.2.840.113549.1.1.4" } },
      { GCRY_MD_RMD160, "RIPEMD160", 20, rmd160_asn, 15,
        { "1.3.36.3.2.1", "1.3.36.3.3.1.2" } },
      { GCRY_MD_CRC32, "CRC32", 4, NULL, 0, { NULL } },
      { GCRY_MD_CRC32_RFC1510, "CRC32RFC1510", 4, NULL, 0, { NULL } },
      { GCRY_MD_CRC24_RFC2440, "CRC24RFC2440", 3, NULL, 0, { NULL } },
    };
  static const char *const unknown_names[] =
    { "RMD160", "RIPEMD-160", "CRC24", "MD2", "HAVAL",
      "1.2.840.113549.2.2" /* id-md2 */ };
  static const int unimplemented[] = { GCRY_MD_MD2, GCRY_MD_HAVAL };
  unsigned char buf[64];
  char lower[32], oidname[40];
  size_t i, j, n;
  gcry_error_t err;
  gcry_md_hd_t h;

  for (i = 0; i < DIM (facts); i++)
    {
      int algo = facts[i].algo;

      t_check (!gcry_md_test_algo (algo), "test_algo %d", algo);
      t_check (!strcmp (gcry_md_algo_name (algo), facts[i].name),
               "name of %d: %s", algo, gcry_md_algo_name (algo));
      t_check (gcry_md_map_name (facts[i].name) == algo, "map %s",
               facts[i].name);
      for (j = 0; facts[i].name[j] && j < sizeof lower - 1; j++)
        lower[j] = (char) (facts[i].name[j] | 0x20);
      lower[j] = 0;
      t_check (gcry_md_map_name (lower) == algo, "map %s", lower);
      t_check (gcry_md_get_algo_dlen (algo) == facts[i].dlen, "dlen %d",
               algo);
      for (j = 0; j < 3 && facts[i].oids[j]; j++)
        {
          t_check (gcry_md_map_name (facts[i].oids[j]) == algo,
                   "map %s", facts[i].oids[j]);
          snprintf (oidname, sizeof oidname, "oid.%s", facts[i].oids[j]);
          t_check (gcry_md_map_name (oidname) == algo, "map %s", oidname);
        }

      n = 0;
      err = gcry_md_algo_info (algo, GCRYCTL_GET_ASNOID, NULL, &n);
      t_check (!err && n == facts[i].asnlen, "asn length %d: %s %zu", algo,
               gcry_strerror (err), n);
      n = sizeof buf;
      err = gcry_md_algo_info (algo, GCRYCTL_GET_ASNOID, buf, &n);
      t_check (!err && n == facts[i].asnlen
               && (!n || !memcmp (buf, facts[i].asn, n)),
               "asn prefix %d: %s", algo, gcry_strerror (err));
      if (facts[i].asnlen)
        {
          n = facts[i].asnlen - 1;
          err = gcry_md_algo_info (algo, GCRYCTL_GET_ASNOID, buf, &n);
          t_check (gpg_err_code (err) == GPG_ERR_TOO_SHORT,
                   "asn short buffer %d: %s", algo, gcry_strerror (err));
        }
      /* Upstream has no self-test for these.  */
      err = gcry_md_algo_info (algo, GCRYCTL_SELFTEST, NULL, NULL);
      t_check (gpg_err_code (err) == GPG_ERR_NOT_IMPLEMENTED,
               "selftest %d: %s", algo, gcry_strerror (err));
    }

  for (i = 0; i < DIM (unknown_names); i++)
    t_check (gcry_md_map_name (unknown_names[i]) == 0, "map %s is 0",
             unknown_names[i]);

  for (i = 0; i < DIM (unimplemented); i++)
    {
      int algo = unimplemented[i];

      err = gcry_md_test_algo (algo);
      t_check (gpg_err_code (err) == GPG_ERR_DIGEST_ALGO,
               "test_algo %d: %s", algo, gcry_strerror (err));
      t_check (!strcmp (gcry_md_algo_name (algo), "?"), "name %d", algo);
      t_check (gcry_md_get_algo_dlen (algo) == 0, "dlen %d", algo);
      n = sizeof buf;
      err = gcry_md_algo_info (algo, GCRYCTL_GET_ASNOID, buf, &n);
      t_check (gpg_err_code (err) == GPG_ERR_DIGEST_ALGO, "asn %d: %s",
               algo, gcry_strerror (err));
      h = NULL;
      err = gcry_md_open (&h, algo, 0);
      t_check (gpg_err_code (err) == GPG_ERR_DIGEST_ALGO && !h,
               "open %d: %s", algo, gcry_strerror (err));
      err = gcry_md_open (&h, algo, GCRY_MD_FLAG_HMAC);
      t_check (gpg_err_code (err) == GPG_ERR_DIGEST_ALGO && !h,
               "open hmac %d: %s", algo, gcry_strerror (err));
    }
}


/*
 * Published examples.
 */

static const char *const suite_msgs[] =
  {
    "", "a", "abc", "message digest", "abcdefghijklmnopqrstuvwxyz",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "1234567890123456789012345678901234567890"
    "1234567890123456789012345678901234567890"
  };

static void
test_published (void)
{
  /* RFC 1320, appendix A.5.  */
  static const char *const md4_suite[] =
    {
      "31d6cfe0d16ae931b73c59d7e0c089c0", "bde52cb31de33e46245e05fbdbd6fb24",
      "a448017aaf21d8525fc10ae87aa6729d", "d9130a8164549fe818874806e1c7014b",
      "d79e1c308aa5bbcdeea8ed63df412da9", "043f8582f241db351ce627e153e7f0e4",
      "e33b4ddc9c38f2199c3e7b164fcc0536"
    };
  /* RFC 1321, appendix A.5.  */
  static const char *const md5_suite[] =
    {
      "d41d8cd98f00b204e9800998ecf8427e", "0cc175b9c0f1b6a831c399e269772661",
      "900150983cd24fb0d6963f7d28e17f72", "f96b697d7cb7938d525a2f31aaf161d0",
      "c3fcd3d76192e4007dfb496cca67e13b", "d174ab98d277d9f5a5611c2c9f419d9f",
      "57edf4a22be3c955ac49da2e2107b67a"
    };
  /* The RIPEMD-160 paper (and its home page), same messages.  */
  static const char *const rmd160_suite[] =
    {
      "9c1185a5c5e9fc54612808977ee8f548b2258d31",
      "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe",
      "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
      "5d0689ef49d2fae572b881b123a85ffa21595f36",
      "f71c27109c692c1b56bbdceb5b9d2865b3708dbc",
      "b0e20b6e3116640286ed3a87a5713079b21f5189",
      "9b752e45573d4b39f4dbd3323cab82bf63326bfb"
    };
  static const char rmd160_abcdbcde[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  unsigned char want[20], *chunk;
  gcry_md_hd_t h;
  size_t i, done, n;

  for (i = 0; i < DIM (suite_msgs); i++)
    {
      size_t len = strlen (suite_msgs[i]);

      t_md_check_hex (GCRY_MD_MD4, suite_msgs[i], len, md4_suite[i]);
      t_md_check_hex (GCRY_MD_MD5, suite_msgs[i], len, md5_suite[i]);
      t_md_check_hex (GCRY_MD_RMD160, suite_msgs[i], len, rmd160_suite[i]);
    }
  t_md_check_hex (GCRY_MD_RMD160, rmd160_abcdbcde, strlen (rmd160_abcdbcde),
                  "12a053384a9c0c88e405a06c27dcf49ada62eb2b");

  /* A million 'a' in uneven pieces.  */
  chunk = malloc (1000);
  if (!chunk)
    exit (2);
  memset (chunk, 'a', 1000);
  if (t_check (!gcry_md_open (&h, GCRY_MD_RMD160, 0), "open"))
    {
      for (done = 0; done < 1000000; done += n)
        {
          n = 1000000 - done < 999 ? 1000000 - done : 999;
          gcry_md_write (h, chunk, n);
        }
      t_unhex ("52783243c1697bdbe16d37f97f68f08325dc1528", want, 20);
      t_check_mem (gcry_md_read (h, 0), want, 20, "RIPEMD160 million a");
      gcry_md_close (h);
    }
  free (chunk);

  /* The CRC catalogue's check values over "123456789": CRC-32 (ISO-HDLC)
     and CRC-24/OPENPGP; for the RFC 1510 variant (no pre- or
     post-inversion) the value of the bitwise definition.  */
  t_md_check_hex (GCRY_MD_CRC32, "123456789", 9, "cbf43926");
  t_md_check_hex (GCRY_MD_CRC24_RFC2440, "123456789", 9, "21cf02");
  {
    unsigned char ref[4];
    char hex[9];

    ref_crc (GCRY_MD_CRC32_RFC1510, (const unsigned char *) "123456789", 9,
             ref);
    snprintf (hex, sizeof hex, "%02x%02x%02x%02x", ref[0], ref[1], ref[2],
              ref[3]);
    t_md_check_hex (GCRY_MD_CRC32_RFC1510, "123456789", 9, hex);
  }
  /* Empty input: the CRC32 inversions cancel, CRC24 is its initial
     value.  */
  t_md_check_hex (GCRY_MD_CRC32, "", 0, "00000000");
  t_md_check_hex (GCRY_MD_CRC32_RFC1510, "", 0, "00000000");
  t_md_check_hex (GCRY_MD_CRC24_RFC2440, "", 0, "b704ce");
}


/*
 * HMAC: RFC 2202 / RFC 2286 case 2 built in, and gcry_mac's ids.
 */

static void
test_hmac_published (void)
{
  static const char key[] = "Jefe";
  static const char msg[] = "what do ya want for nothing?";
  unsigned char want[20], got[20];
  size_t outlen;
  gcry_error_t err;
  gcry_mac_hd_t mh;

  t_unhex ("750c783e6ab0b503eaa86e310a5db738", want, 16);
  t_check (t_md_digest (GCRY_MD_MD5, (const unsigned char *) key, 4,
                        (const unsigned char *) msg, strlen (msg), 0, got)
           && !memcmp (got, want, 16), "RFC 2202 HMAC-MD5 case 2");
  err = gcry_mac_open (&mh, GCRY_MAC_HMAC_MD5, 0, NULL);
  if (t_check (!err, "mac open HMAC_MD5: %s", gcry_strerror (err)))
    {
      t_check (!gcry_mac_setkey (mh, key, 4), "mac setkey");
      t_check (!gcry_mac_write (mh, msg, strlen (msg)), "mac write");
      outlen = sizeof got;
      err = gcry_mac_read (mh, got, &outlen);
      t_check (!err && outlen == 16 && !memcmp (got, want, 16),
               "gcry_mac HMAC_MD5 RFC 2202 case 2: %s", gcry_strerror (err));
      gcry_mac_close (mh);
    }

  t_unhex ("dda6c0213a485a9e24f4742064a7f033b43c4069", want, 20);
  t_check (t_md_digest (GCRY_MD_RMD160, (const unsigned char *) key, 4,
                        (const unsigned char *) msg, strlen (msg), 0, got)
           && !memcmp (got, want, 20), "RFC 2286 HMAC-RIPEMD160 case 2");
}

/* gcry_mac's HMAC ids agree with gcry_md's HMAC over the same digest.  */
static void
test_mac_ids (void)
{
  static const struct { int mac, md; const char *name; } ids[] =
    {
      { GCRY_MAC_HMAC_MD4, GCRY_MD_MD4, "HMAC_MD4" },
      { GCRY_MAC_HMAC_MD5, GCRY_MD_MD5, "HMAC_MD5" },
      { GCRY_MAC_HMAC_RMD160, GCRY_MD_RMD160, "HMAC_RIPEMD160" },
    };
  unsigned char key[100], msg[300], want[64], got[64];
  size_t i, outlen, keylen;
  gcry_mac_hd_t mh;
  gcry_error_t err;

  t_rnd_bytes (key, sizeof key);
  t_rnd_bytes (msg, sizeof msg);
  for (i = 0; i < DIM (ids); i++)
    {
      unsigned int dlen = gcry_md_get_algo_dlen (ids[i].md);

      t_check (!gcry_mac_test_algo (ids[i].mac), "mac test_algo %s",
               ids[i].name);
      t_check (!strcmp (gcry_mac_algo_name (ids[i].mac), ids[i].name),
               "mac name %s", ids[i].name);
      t_check (gcry_mac_get_algo_maclen (ids[i].mac) == dlen,
               "maclen %s", ids[i].name);
      for (keylen = 0; keylen <= sizeof key; keylen += 50)
        {
          if (!t_md_digest (ids[i].md, key, keylen, msg, sizeof msg, 0, want))
            continue;
          err = gcry_mac_open (&mh, ids[i].mac, 0, NULL);
          if (!t_check (!err, "mac open %s: %s", ids[i].name,
                        gcry_strerror (err)))
            continue;
          gcry_mac_setkey (mh, key, keylen);
          gcry_mac_write (mh, msg, sizeof msg);
          outlen = dlen;
          err = gcry_mac_read (mh, got, &outlen);
          t_check (!err && outlen == dlen && !memcmp (got, want, dlen),
                   "%s key %zu equals gcry_md HMAC", ids[i].name, keylen);
          err = gcry_mac_verify (mh, want, dlen);
          t_check (!err, "%s verify: %s", ids[i].name, gcry_strerror (err));
          gcry_mac_close (mh);
        }
    }
}


/*
 * All lengths 0..MAX_LEN, three ways of feeding, against the other
 * implementation; HMAC at a few lengths with keys shorter and longer
 * than a block.
 */

static void
test_lengths (const unsigned char *msg)
{
  static const size_t keylens[] = { 0, 1, 20, 64, 65, 131 };
  unsigned char ref[64], got[64], key[131];
  int a, mode, have_ref;
  unsigned int dlen;
  size_t len, k;
  unsigned long bad;

  t_rnd_bytes (key, sizeof key);
  for (a = 0; a < N_ALGOS; a++)
    {
      int algo = all_algos[a];

      dlen = gcry_md_get_algo_dlen (algo);
      if (!other_digest (algo, NULL, 0, msg, 0, ref))
        {
          t_skip ("no OpenSSL %s to compare lengths 0..%d with",
                  gcry_md_algo_name (algo), MAX_LEN);
          /* Still check that the three ways of feeding agree.  */
        }
      for (mode = 0; mode < 3; mode++)
        {
          bad = 0;
          for (len = 0; len <= MAX_LEN; len++)
            {
              unsigned char first[64];

              have_ref = other_digest (algo, NULL, 0, msg, len, ref);
              if (!have_ref)
                {
                  /* Compare with the one-shot hash instead.  */
                  gcry_md_hash_buffer (algo, first, msg, len);
                  memcpy (ref, first, dlen);
                }
              if (!t_md_digest (algo, NULL, 0, msg, len, mode, got)
                  || memcmp (got, ref, dlen))
                {
                  if (bad++ < 3)
                    fprintf (stderr, "%s mode %d length %zu differs\n",
                             gcry_md_algo_name (algo), mode, len);
                }
            }
          t_check (!bad, "%s mode %d, lengths 0..%d: %lu differ",
                   gcry_md_algo_name (algo), mode, MAX_LEN, bad);
        }

      for (k = 0; k < DIM (keylens); k++)
        for (len = 0; len <= MAX_LEN; len += 173)
          {
            if (!other_digest (algo, key, keylens[k], msg, len, ref))
              continue;
            mode = (int) (len % 3);
            t_check (t_md_digest (algo, key, keylens[k], msg, len, mode, got)
                     && !memcmp (got, ref, dlen),
                     "HMAC %s key %zu length %zu",
                     gcry_md_algo_name (algo), keylens[k], len);
          }
    }
}

/* gcry_md_copy mid-stream and a handle with all six at once.  */
static void
test_copy_multi (const unsigned char *msg)
{
  gcry_md_hd_t h, h2;
  unsigned char want[64];
  int a;

  if (!t_check (!gcry_md_open (&h, all_algos[0], 0), "open multi"))
    return;
  for (a = 1; a < N_ALGOS; a++)
    t_check (!gcry_md_enable (h, all_algos[a]), "enable %d", all_algos[a]);
  gcry_md_write (h, msg, 700);
  if (t_check (!gcry_md_copy (&h2, h), "copy"))
    {
      gcry_md_write (h, msg + 700, 300);
      gcry_md_write (h2, msg + 700, 300);
      for (a = 0; a < N_ALGOS; a++)
        {
          unsigned int dlen = gcry_md_get_algo_dlen (all_algos[a]);

          gcry_md_hash_buffer (all_algos[a], want, msg, 1000);
          t_check_mem (gcry_md_read (h, all_algos[a]), want, dlen,
                       "multi %d", all_algos[a]);
          t_check_mem (gcry_md_read (h2, all_algos[a]), want, dlen,
                       "copy %d", all_algos[a]);
        }
      gcry_md_close (h2);
    }
  gcry_md_close (h);
}


int
main (int argc, char **argv)
{
  unsigned char *msg;
  size_t i;

  t_init ("t-md-legacy", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
#ifdef HAVE_LIBCRYPTO
  ossl_setup ();
#else
  t_skip ("built without OpenSSL: hashes compared one-shot vs split only");
#endif
  t_rnd_seed (0x1e6ac7d5);

  msg = malloc (MAX_LEN + 1);
  if (!msg)
    return 2;
  for (i = 0; i <= MAX_LEN; i++)
    msg[i] = (unsigned char) t_rnd64 ();

  test_identity ();
  test_published ();
  t_md_pyca_hash_file ("pyca-cryptography/hashes/MD5/rfc-1321.txt",
                       GCRY_MD_MD5);
  t_md_pyca_hash_file ("pyca-cryptography/hashes/ripemd160/ripevectors.txt",
                       GCRY_MD_RMD160);
  test_hmac_published ();
  test_mac_ids ();
  test_lengths (msg);
  test_copy_multi (msg);

  free (msg);
  return t_finish ();
}
