/* t-md-more1.c - SM3, Whirlpool and Tiger/Tiger1/Tiger2 through gcry_md.
 *
 *  - published examples: GB/T 32905 appendix A for SM3 ("abc" and the
 *    512-bit "abcd"x16), pyca's OSCCA SM3 file when present; the ISO/IEC
 *    10118-3 Whirlpool examples (with a million 'a'); the Tiger authors'
 *    examples for Tiger and Tiger2 (with a million 'a' for Tiger);
 *  - every message length 0..2100 hashed one-shot, in random splits and
 *    byte by byte through gcry_md_putc; plain and HMAC results compared
 *    with OpenSSL's EVP SM3 and Whirlpool (legacy provider);
 *  - GCRY_MD_TIGER (gpg <= 1.3.2) equals GCRY_MD_TIGER1 with each 64-bit
 *    output word byte-reversed, at every length;
 *  - upstream's identity facts: ids, names, OIDs, DER prefixes, digest
 *    lengths, the SM3 self-test; HMAC through gcry_mac equals HMAC
 *    through gcry_md.
 *
 * A missing vector file or OpenSSL digest gives a SKIP line, never a
 * pass.
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
    GCRY_MD_SM3, GCRY_MD_WHIRLPOOL,
    GCRY_MD_TIGER, GCRY_MD_TIGER1, GCRY_MD_TIGER2
  };


/*
 * The other implementation: OpenSSL (SM3 and Whirlpool only; it has no
 * Tiger).
 */

#ifdef HAVE_LIBCRYPTO
static EVP_MD *ossl_sm3, *ossl_whirlpool;

static void
ossl_setup (void)
{
  ossl_sm3 = EVP_MD_fetch (NULL, "SM3", NULL);
  ossl_whirlpool = EVP_MD_fetch (NULL, "WHIRLPOOL", NULL);
  if (!ossl_whirlpool || !ossl_sm3)
    {
      /* Whirlpool lives in the legacy provider; loading one provider
         explicitly means "default" must be loaded explicitly too.  */
      OSSL_PROVIDER_load (NULL, "legacy");
      OSSL_PROVIDER_load (NULL, "default");
      if (!ossl_sm3)
        ossl_sm3 = EVP_MD_fetch (NULL, "SM3", NULL);
      if (!ossl_whirlpool)
        ossl_whirlpool = EVP_MD_fetch (NULL, "WHIRLPOOL", NULL);
    }
  if (!ossl_sm3)
    t_skip ("OpenSSL has no SM3: not compared");
  if (!ossl_whirlpool)
    t_skip ("OpenSSL has no Whirlpool: not compared");
}
#endif

/* OpenSSL's digest (HMAC when KEY) of ALGO; 0 when it has none.  */
static int
other_digest (int algo, const unsigned char *key, size_t keylen,
              const unsigned char *msg, size_t len, unsigned char *out)
{
#ifdef HAVE_LIBCRYPTO
  const EVP_MD *md = NULL;
  unsigned int outlen = 0;

  if (algo == GCRY_MD_SM3)
    md = ossl_sm3;
  else if (algo == GCRY_MD_WHIRLPOOL)
    md = ossl_whirlpool;
  if (!md)
    return 0;
  if (key)
    return HMAC (md, key, (int) keylen, msg, len, out, &outlen) != NULL;
  return EVP_Digest (msg, len, out, &outlen, md, NULL) == 1;
#else
  (void) algo; (void) key; (void) keylen; (void) msg; (void) len;
  (void) out;
  return 0;
#endif
}



/*
 * Identity facts (upstream's ids, names, OIDs, DER prefixes).
 */

static void
test_identity (void)
{
  static const unsigned char sm3_asn[17] =
    { 0x30, 0x2f, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x81, 0x1c, 0xcf, 0x55,
      0x83, 0x11, 0x05, 0x00, 0x04, 0x20 };
  static const unsigned char tiger1_asn[19] =
    { 0x30, 0x29, 0x30, 0x0d, 0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01,
      0xda, 0x47, 0x0c, 0x02, 0x05, 0x00, 0x04, 0x18 };
  static const struct
  {
    int algo;
    const char *name;
    unsigned int dlen;
    const unsigned char *asn;
    size_t asnlen;
    const char *oid;
    int has_selftest;
  } facts[] =
    {
      { GCRY_MD_SM3, "SM3", 32, sm3_asn, 17, "1.2.156.10197.401", 1 },
      { GCRY_MD_WHIRLPOOL, "WHIRLPOOL", 64, NULL, 0, NULL, 0 },
      { GCRY_MD_TIGER, "TIGER192", 24, NULL, 0, NULL, 0 },
      { GCRY_MD_TIGER1, "TIGER", 24, tiger1_asn, 19,
        "1.3.6.1.4.1.11591.12.2", 0 },
      { GCRY_MD_TIGER2, "TIGER2", 24, NULL, 0, NULL, 0 },
    };
  /* Names upstream does not map (OpenSSL's SM3 and ISO's Whirlpool
     OIDs, a Tiger spelling).  */
  static const char *const unknown_names[] =
    { "TIGER1", "1.2.156.10197.1.401", "1.0.10118.3.0.55" };
  unsigned char buf[64];
  char lower[32], oidname[40];
  size_t i, j, n;
  gcry_error_t err;

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
      if (facts[i].oid)
        {
          t_check (gcry_md_map_name (facts[i].oid) == algo, "map %s",
                   facts[i].oid);
          snprintf (oidname, sizeof oidname, "oid.%s", facts[i].oid);
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
      /* Upstream has a self-test for SM3 only.  */
      err = gcry_md_algo_info (algo, GCRYCTL_SELFTEST, NULL, NULL);
      if (facts[i].has_selftest)
        t_check (!err, "selftest %d: %s", algo, gcry_strerror (err));
      else
        t_check (gpg_err_code (err) == GPG_ERR_NOT_IMPLEMENTED,
                 "selftest %d: %s", algo, gcry_strerror (err));
    }

  for (i = 0; i < DIM (unknown_names); i++)
    t_check (gcry_md_map_name (unknown_names[i]) == 0, "map %s is 0",
             unknown_names[i]);
}


/*
 * Published examples.
 */

static void
check_million_a (int algo, const char *want_hex)
{
  unsigned char *msg = malloc (1000000);

  if (!msg)
    exit (2);
  memset (msg, 'a', 1000000);
  t_md_check_hex (algo, (const char *) msg, 1000000, want_hex);
  free (msg);
}

static void
test_published (void)
{
  static const char abcd16[] =
    "abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd";
  static const char fox[] = "The quick brown fox jumps over the lazy dog";

  /* GB/T 32905-2016 appendix A (also draft-shen-sm3-hash).  */
  t_md_check_hex (GCRY_MD_SM3, "abc", 3,
                  "66c7f0f462eeedd9d1f2d46bdc10e4e2"
                  "4167c4875cf2f7a2297da02b8f4ba8e0");
  t_md_check_hex (GCRY_MD_SM3, abcd16, 64,
                  "debe9ff92275b8a138604889c18e5a4d"
                  "6fdb70e5387e5765293dcba39c0c5732");

  /* ISO/IEC 10118-3 examples as in the Whirlpool submission.  */
  t_md_check_hex (GCRY_MD_WHIRLPOOL, "", 0,
             "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a7"
             "3e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3");
  t_md_check_hex (GCRY_MD_WHIRLPOOL, "a", 1,
             "8aca2602792aec6f11a67206531fb7d7f0dff59413145e6973c45001d0087b42"
             "d11bc645413aeff63a42391a39145a591a92200d560195e53b478584fdae231a");
  t_md_check_hex (GCRY_MD_WHIRLPOOL, "abc", 3,
             "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c"
             "7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5");
  t_md_check_hex (GCRY_MD_WHIRLPOOL, "message digest", 14,
             "378c84a4126e2dc6e56dcc7458377aac838d00032230f53ce1f5700c0ffb4d3b"
             "8421557659ef55c106b4b52ac5a4aaa692ed920052838f3362e86dbd37a8903e");
  check_million_a (GCRY_MD_WHIRLPOOL,
             "0c99005beb57eff50a7cf005560ddf5d29057fd86b20bfd62deca0f1ccea4af5"
             "1fc15490eddc47af32bb2b66c34ff9ad8c6008ad677f77126953b226e4ed8b01");

  /* The Tiger authors' examples (Tiger, i.e. upstream's TIGER1).  */
  t_md_check_hex (GCRY_MD_TIGER1, "", 0,
                  "3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3");
  t_md_check_hex (GCRY_MD_TIGER1, "abc", 3,
                  "2aab1484e8c158f2bfb8c5ff41b57a525129131c957b5f93");
  t_md_check_hex (GCRY_MD_TIGER1, "Tiger", 5,
                  "dd00230799f5009fec6debc838bb6a27df2b9d6f110c7937");
  t_md_check_hex (GCRY_MD_TIGER1, fox, strlen (fox),
                  "6d12a41e72e644f017b6f0e2f7b44c6285f06dd5d2c5b075");
  check_million_a (GCRY_MD_TIGER1,
                   "6db0e2729cbead93d715c6a7d36302e9b3cee0d2bc314b41");
  /* Tiger2 (0x80 padding), the authors' examples.  */
  t_md_check_hex (GCRY_MD_TIGER2, "", 0,
                  "4441be75f6018773c206c22745374b924aa8313fef919f41");
  t_md_check_hex (GCRY_MD_TIGER2, fox, strlen (fox),
                  "976abff8062a2e9dcea3a1ace966ed9c19cb85558b4976d8");
}


/*
 * All lengths: one-shot, splits, putc; against OpenSSL where it has the
 * digest; the TIGER/TIGER1 byte-order relation.
 */

static void
test_lengths (const unsigned char *msg)
{
  static const unsigned char key[] = "a key for the length sweep, longer "
    "than one 64-byte block so that HMAC hashes it first........";
  unsigned char one[64], split[64], byputc[64], other[64], t192[24];
  size_t len, i, dlen, keylen;
  int k, hmac;
  unsigned long compared[DIM (all_algos)][2] = { { 0 } };

  for (k = 0; k < (int) DIM (all_algos); k++)
    {
      int algo = all_algos[k];

      dlen = gcry_md_get_algo_dlen (algo);
      for (hmac = 0; hmac < 2; hmac++)
        for (len = 0; len <= MAX_LEN; len++)
          {
            const unsigned char *kp = hmac ? key : NULL;

            /* Key lengths under, at and over the block size.  */
            keylen = hmac ? 1 + len % (sizeof key - 1) : 0;
            if (!t_md_digest (algo, kp, keylen, msg, len, 0, one)
                || !t_md_digest (algo, kp, keylen, msg, len, 1, split)
                || !t_md_digest (algo, kp, keylen, msg, len, 2, byputc))
              return;
            if (memcmp (one, split, dlen) || memcmp (one, byputc, dlen))
              {
                t_check (0, "%s%s len %zu: one-shot/split/putc differ",
                         hmac ? "HMAC " : "", gcry_md_algo_name (algo), len);
                return;
              }
            if (other_digest (algo, kp, keylen, msg, len, other))
              {
                if (memcmp (one, other, dlen))
                  {
                    t_check (0, "%s%s len %zu differs from OpenSSL",
                             hmac ? "HMAC " : "", gcry_md_algo_name (algo),
                             len);
                    return;
                  }
                compared[k][hmac]++;
              }
            if (algo == GCRY_MD_TIGER1 && !hmac)
              {
                gcry_md_hash_buffer (GCRY_MD_TIGER, t192, msg, len);
                for (i = 0; i < 24; i++)
                  if (t192[i] != one[(i & ~(size_t) 7) + 7 - (i & 7)])
                    break;
                if (i != 24)
                  {
                    t_check (0, "TIGER192 len %zu is not TIGER with "
                             "byte-reversed words", len);
                    return;
                  }
              }
          }
      t_check (1, "%s lengths 0..%d one-shot = split = putc (plain and "
               "HMAC)", gcry_md_algo_name (algo), MAX_LEN);
      if (algo == GCRY_MD_SM3 || algo == GCRY_MD_WHIRLPOOL)
        {
          if (compared[k][0])
            t_check (compared[k][0] == MAX_LEN + 1
                     && compared[k][1] == MAX_LEN + 1,
                     "%s all lengths compared with OpenSSL",
                     gcry_md_algo_name (algo));
        }
    }
  t_check (1, "TIGER192 = TIGER with byte-reversed words, lengths 0..%d",
           MAX_LEN);
}


/*
 * HMAC through gcry_mac equals HMAC through gcry_md.
 */

static void
test_mac_ids (const unsigned char *msg)
{
  static const struct { int mac, md; } ids[] =
    {
      { GCRY_MAC_HMAC_SM3, GCRY_MD_SM3 },
      { GCRY_MAC_HMAC_WHIRLPOOL, GCRY_MD_WHIRLPOOL },
      { GCRY_MAC_HMAC_TIGER1, GCRY_MD_TIGER1 },
    };
  static const unsigned char key[20] = "0123456789abcdefghij";
  unsigned char want[64], got[64];
  size_t i, outlen;
  gcry_mac_hd_t h;
  gcry_error_t err;

  for (i = 0; i < DIM (ids); i++)
    {
      size_t dlen = gcry_md_get_algo_dlen (ids[i].md);

      t_check (!gcry_mac_test_algo (ids[i].mac), "mac test_algo %d",
               ids[i].mac);
      t_check (gcry_mac_get_algo_maclen (ids[i].mac) == dlen,
               "maclen %d", ids[i].mac);
      if (!t_md_digest (ids[i].md, key, sizeof key, msg, 300, 0, want))
        continue;
      err = gcry_mac_open (&h, ids[i].mac, 0, NULL);
      if (!t_check (!err, "mac open %d: %s", ids[i].mac, gcry_strerror (err)))
        continue;
      err = gcry_mac_setkey (h, key, sizeof key);
      if (!err)
        err = gcry_mac_write (h, msg, 300);
      outlen = dlen;
      if (!err)
        err = gcry_mac_read (h, got, &outlen);
      if (t_check (!err && outlen == dlen, "mac %d: %s", ids[i].mac,
                   gcry_strerror (err)))
        t_check_mem (got, want, dlen, "HMAC %s via gcry_mac",
                     gcry_md_algo_name (ids[i].md));
      gcry_mac_close (h);
    }
}


int
main (int argc, char **argv)
{
  unsigned char *msg;
  size_t i;

  t_init ("t-md-more1", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
#ifdef HAVE_LIBCRYPTO
  ossl_setup ();
#else
  t_skip ("built without OpenSSL: compared one-shot vs split only");
#endif
  t_rnd_seed (0x5a3b7e11);

  msg = malloc (MAX_LEN + 1);
  if (!msg)
    return 2;
  for (i = 0; i <= MAX_LEN; i++)
    msg[i] = (unsigned char) t_rnd64 ();

  test_identity ();
  test_published ();
  t_md_pyca_hash_file ("pyca-cryptography/hashes/SM3/oscca.txt",
                       GCRY_MD_SM3);
  test_mac_ids (msg);
  test_lengths (msg);

  free (msg);
  return t_finish ();
}
