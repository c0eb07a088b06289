/* t-md-gost.c - GOST R 34.11-94 and GOST R 34.11-2012 (Stribog) through
 * gcry_md and gcry_mac.
 *
 *  - published examples: RFC 5831 section 7.3 (test parameter set),
 *    the GOST R 34.11-94 examples of the hash's Wikipedia article for
 *    both S-box sets, RFC 6986 section 10 (M1 and M2, 256 and 512 bits;
 *    the RFC prints numbers, the digest bytes are their little-endian
 *    order), RFC 7836 section 4.1 HMAC_GOSTR3411_2012_256/512;
 *  - upstream's identity facts: ids, names, OIDs, GCRYCTL_GET_ASNOID
 *    answers, digest lengths, no self-test, HMAC ids in gcry_mac and
 *    their default key lengths;
 *  - every length 0..2100 of a fixed pseudo-random message hashed
 *    one-shot and in random splits, each series of digests folded (fed
 *    in order to one more handle of the same digest) and compared with
 *    the fold upstream libgcrypt (1.10.1) gives: the published examples
 *    are all short, this covers every block count and tail length;
 *  - every length 0..2100 hashed one-shot, in random splits, byte by
 *    byte through gcry_md_putc and after a mid-stream gcry_md_copy,
 *    all equal; HMAC through gcry_md equal to gcry_mac and to an HMAC
 *    assembled here from the plain digest with upstream's key block
 *    (32 bytes for GOST R 34.11-94, 64 for Stribog);
 *  - OpenSSL only if it offers these digests (a GOST provider); without
 *    one that part prints SKIP.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcrypt.h"
#include "t-common.h"
#include "t-util.h"
#include "t-md-util.h"

#ifdef HAVE_LIBCRYPTO
#include <openssl/evp.h>
#endif

#define MAX_LEN 2100
#define DIM(v) (sizeof (v) / sizeof (v)[0])

static const int all_algos[] =
  {
    GCRY_MD_GOSTR3411_94, GCRY_MD_GOSTR3411_CP,
    GCRY_MD_STRIBOG256, GCRY_MD_STRIBOG512
  };

/* Upstream's HMAC key block for ALGO.  */
static size_t
hmac_block (int algo)
{
  return algo == GCRY_MD_GOSTR3411_94 || algo == GCRY_MD_GOSTR3411_CP
         ? 32 : 64;
}

static void
check_hex (int algo, const void *msg, size_t len, const char *want_hex,
           const char *what)
{
  unsigned char want[64], got[64];
  int wantlen = t_unhex (want_hex, want, sizeof want);

  if (!t_check (wantlen == (int) gcry_md_get_algo_dlen (algo),
                "vector length for %s", what))
    return;
  gcry_md_hash_buffer (algo, got, msg, len);
  t_check_mem (got, want, wantlen, "%s: %s", gcry_md_algo_name (algo),
               what);
}


/*
 * Published examples.
 */

static void
test_published (void)
{
  /* RFC 6986, section 10.1: M1 is the 63 ASCII digits; section 10.2:
     M2 is a 72-byte text in CP1251.  */
  static const char m1[] =
    "012345678901234567890123456789012345678901234567890123456789012";
  static const unsigned char m2[72] =
    {
      0xd1, 0xe5, 0x20, 0xe2, 0xe5, 0xf2, 0xf0, 0xe8, 0x2c, 0x20, 0xd1,
      0xf2, 0xf0, 0xe8, 0xe1, 0xee, 0xe6, 0xe8, 0x20, 0xe2, 0xed, 0xf3,
      0xf6, 0xe8, 0x2c, 0x20, 0xe2, 0xe5, 0xfe, 0xf2, 0xfa, 0x20, 0xf1,
      0x20, 0xec, 0xee, 0xf0, 0xff, 0x20, 0xf1, 0xf2, 0xf0, 0xe5, 0xeb,
      0xe0, 0xec, 0xe8, 0x20, 0xed, 0xe0, 0x20, 0xf5, 0xf0, 0xe0, 0xe1,
      0xf0, 0xfb, 0xff, 0x20, 0xef, 0xeb, 0xfa, 0xea, 0xfb, 0x20, 0xc8,
      0xe3, 0xee, 0xf0, 0xe5, 0xe2, 0xfb
    };
  static const struct
  {
    int algo;
    const char *msg;
    const char *hex;
  } gost94[] =
    {
      /* RFC 5831, section 7.3.1 and 7.3.2.  */
      { GCRY_MD_GOSTR3411_94, "This is message, length=32 bytes",
        "b1c466d37519b82e8319819ff32595e047a28cb6f83eff1c6916a815a637fffa" },
      { GCRY_MD_GOSTR3411_94,
        "Suppose the original message has length = 50 bytes",
        "471aba57a60a770d3a76130635c1fbea4ef14de51f78b4ae57dd893b62f55208" },
      /* "GOST (hash function)", Wikipedia: test parameter set.  */
      { GCRY_MD_GOSTR3411_94, "",
        "ce85b99cc46752fffee35cab9a7b0278abb4c2d2055cff685af4912c49490f8d" },
      { GCRY_MD_GOSTR3411_94, "a",
        "d42c539e367c66e9c88a801f6649349c21871b4344c6a573f849fdce62f314dd" },
      { GCRY_MD_GOSTR3411_94, "abc",
        "f3134348c44fb1b2a277729e2285ebb5cb5e0f29c975bc753b70497c06a4d51d" },
      { GCRY_MD_GOSTR3411_94, "message digest",
        "ad4434ecb18f2c99b60cbe59ec3d2469582b65273f48de72db2fde16a4889a4d" },
      /* The same article: CryptoPro parameter set.  */
      { GCRY_MD_GOSTR3411_CP, "",
        "981e5f3ca30c841487830f84fb433e13ac1101569b9c13584ac483234cd656c0" },
      { GCRY_MD_GOSTR3411_CP, "a",
        "e74c52dd282183bf37af0079c9f78055715a103f17e3133ceff1aacf2f403011" },
      { GCRY_MD_GOSTR3411_CP, "abc",
        "b285056dbf18d7392d7677369524dd14747459ed8143997e163b2986f92fd42c" },
      { GCRY_MD_GOSTR3411_CP, "message digest",
        "bc6041dd2aa401ebfa6e9886734174febdb4729aa972d60f549ac39b29721ba0" },
    };
  /* RFC 7836, section 4.1.1 and 4.1.2.  */
  static const unsigned char hmac_data[16] =
    {
      0x01, 0x26, 0xbd, 0xb8, 0x78, 0x00, 0xaf, 0x21,
      0x43, 0x41, 0x45, 0x65, 0x63, 0x78, 0x01, 0x00
    };
  static const char hmac256_hex[] =
    "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9";
  static const char hmac512_hex[] =
    "a59bab22ecae19c65fbde6e5f4e9f5d8549d31f037f9df9b905500e171923a77"
    "3d5f1530f2ed7e964cb2eedc29e9ad2f3afe93b2814f79f5000ffc0366c251e6";
  unsigned char key[32], want[64], got[64];
  size_t i;

  for (i = 0; i < DIM (gost94); i++)
    check_hex (gost94[i].algo, gost94[i].msg, strlen (gost94[i].msg),
               gost94[i].hex, gost94[i].msg);

  check_hex (GCRY_MD_STRIBOG512, m1, 63,
             "1b54d01a4af5b9d5cc3d86d68d285462b19abc2475222f35c085122be4ba1ffa"
             "00ad30f8767b3a82384c6574f024c311e2a481332b08ef7f41797891c1646f48",
             "RFC 6986 M1");
  check_hex (GCRY_MD_STRIBOG256, m1, 63,
             "9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500",
             "RFC 6986 M1");
  check_hex (GCRY_MD_STRIBOG512, m2, sizeof m2,
             "1e88e62226bfca6f9994f1f2d51569e0daf8475a3b0fe61a5300eee46d961376"
             "035fe83549ada2b8620fcd7c496ce5b33f0cb9dddc2b6460143b03dabac9fb28",
             "RFC 6986 M2");
  check_hex (GCRY_MD_STRIBOG256, m2, sizeof m2,
             "9dd2fe4e90409e5da87f53976d7405b0c0cac628fc669a741d50063c557e8f50",
             "RFC 6986 M2");

  for (i = 0; i < sizeof key; i++)
    key[i] = (unsigned char) i;
  {
    gcry_mac_hd_t m;
    size_t outlen;
    int k;

    for (k = 0; k < 2; k++)
      {
        int mac = k ? GCRY_MAC_HMAC_STRIBOG512 : GCRY_MAC_HMAC_STRIBOG256;
        int wantlen = t_unhex (k ? hmac512_hex : hmac256_hex, want,
                               sizeof want);

        if (!t_check (!gcry_mac_open (&m, mac, 0, NULL), "mac open %d", mac))
          continue;
        t_check (!gcry_mac_setkey (m, key, sizeof key), "mac setkey");
        t_check (!gcry_mac_write (m, hmac_data, sizeof hmac_data),
                 "mac write");
        outlen = sizeof got;
        t_check (!gcry_mac_read (m, got, &outlen)
                 && outlen == (size_t) wantlen, "mac read");
        t_check_mem (got, want, wantlen, "RFC 7836 %s",
                     gcry_mac_algo_name (mac));
        gcry_mac_close (m);
      }
  }
}


/*
 * Identity facts.
 */

static void
test_identity (void)
{
  static const unsigned char cp_asn[6] =
    { 0x2a, 0x85, 0x03, 0x02, 0x02, 0x03 };
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
      { GCRY_MD_GOSTR3411_94, "GOSTR3411_94", 32, NULL, 0, { NULL } },
      { GCRY_MD_GOSTR3411_CP, "GOSTR3411_CP", 32, cp_asn, 6,
        { "1.2.643.2.2.3", "1.2.643.2.2.9" } },
      { GCRY_MD_STRIBOG256, "STRIBOG256", 32, NULL, 0,
        { "1.2.643.7.1.1.3.2", "1.2.643.7.1.1.2.2" } },
      { GCRY_MD_STRIBOG512, "STRIBOG512", 64, NULL, 0,
        { "1.2.643.7.1.1.3.3", "1.2.643.7.1.1.2.3" } },
    };
  static const char *const unknown_names[] =
    { "GOST3411", "GOSTR3411", "STRIBOG", "STREEBOG256", "GOST94" };
  static const struct
  {
    int mac, md;
    const char *name;
    unsigned int keylen;
  } macs[] =
    {
      { GCRY_MAC_HMAC_GOSTR3411_94, GCRY_MD_GOSTR3411_94,
        "HMAC_GOSTR3411_94", 32 },
      { GCRY_MAC_HMAC_GOSTR3411_CP, GCRY_MD_GOSTR3411_CP,
        "HMAC_GOSTR3411_CP", 64 },
      { GCRY_MAC_HMAC_STRIBOG256, GCRY_MD_STRIBOG256, "HMAC_STRIBOG256",
        64 },
      { GCRY_MAC_HMAC_STRIBOG512, GCRY_MD_STRIBOG512, "HMAC_STRIBOG512",
        64 },
    };
  unsigned char buf[64];
  char lower[32], oidname[40];
  size_t i, j, n;
  gcry_error_t err;

  t_check (GCRY_MD_GOSTR3411_94 == 308 && GCRY_MD_STRIBOG256 == 309
           && GCRY_MD_STRIBOG512 == 310 && GCRY_MD_GOSTR3411_CP == 311,
           "digest ids");
  for (i = 0; i < DIM (facts); i++)
    {
      int algo = facts[i].algo;

      t_check (!gcry_md_test_algo (algo), "test_algo %d", algo);
      t_check (!strcmp (gcry_md_algo_name (algo), facts[i].name),
               "name of %d: %s", algo, gcry_md_algo_name (algo));
      t_check (gcry_md_map_name (facts[i].name) == algo, "map %s",
               facts[i].name);
      for (j = 0; facts[i].name[j] && j < sizeof lower - 1; j++)
        lower[j] = (char) tolower ((unsigned char) facts[i].name[j]);
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
      err = gcry_md_algo_info (algo, GCRYCTL_SELFTEST, NULL, NULL);
      t_check (gpg_err_code (err) == GPG_ERR_NOT_IMPLEMENTED,
               "selftest %d: %s", algo, gcry_strerror (err));
    }

  for (i = 0; i < DIM (unknown_names); i++)
    t_check (gcry_md_map_name (unknown_names[i]) == 0, "map %s is 0",
             unknown_names[i]);

  for (i = 0; i < DIM (macs); i++)
    {
      t_check (!gcry_mac_test_algo (macs[i].mac), "mac test %s",
               macs[i].name);
      t_check (!strcmp (gcry_mac_algo_name (macs[i].mac), macs[i].name),
               "mac name %s", macs[i].name);
      t_check (gcry_mac_map_name (macs[i].name) == macs[i].mac,
               "mac map %s", macs[i].name);
      t_check (gcry_mac_get_algo_maclen (macs[i].mac)
               == gcry_md_get_algo_dlen (macs[i].md), "maclen %s",
               macs[i].name);
      t_check (gcry_mac_get_algo_keylen (macs[i].mac) == macs[i].keylen,
               "keylen %s", macs[i].name);
    }
}


/*
 * Every length against upstream.
 */

/* The folds upstream libgcrypt 1.10.1 gives (see test_upstream_fold),
   computed once by a throwaway program linked with it.  */
static const struct
{
  int algo;
  const char *hex;
} upstream_folds[] =
  {
    { GCRY_MD_GOSTR3411_94,
      "c074ecf115c5507a1c8a61ea724093fd3b9c3adfd983738e7859e592157da3b3" },
    { GCRY_MD_GOSTR3411_CP,
      "887ae98b2fa13384892660438afc9649d4f463a194052d810f21c2fb2041a36a" },
    { GCRY_MD_STRIBOG256,
      "b8cfbf26e722857ce0dea22ea103307c6059cf2d07b55cf9a011b7be7397a3bf" },
    { GCRY_MD_STRIBOG512,
      "91a345174516eaa298955c6f17703febc0bc73ab299bec86553538e74cf3e01f"
      "e9da83bccdcc92733cf27a445f6bc1013d879e0cccba4080ed2c9411b79c9c9a" },
  };

/* For each digest, the digests of the first 0..MAX_LEN bytes of a fixed
   message (the bytes are bits 16..23 of the LCG x' = 1103515245 x +
   12345 from x = 1), one-shot and in random splits, each series fed in
   order to one more handle of the same digest, whose result must be
   upstream's.  */
static void
test_upstream_fold (void)
{
  unsigned char msg[MAX_LEN], d[64], want[64];
  unsigned int x = 1;
  size_t i, len, dlen;
  int mode, wantlen;

  for (i = 0; i < sizeof msg; i++)
    {
      x = x * 1103515245u + 12345u;
      msg[i] = (unsigned char) (x >> 16);
    }
  for (i = 0; i < DIM (upstream_folds); i++)
    {
      int algo = upstream_folds[i].algo;

      dlen = gcry_md_get_algo_dlen (algo);
      wantlen = t_unhex (upstream_folds[i].hex, want, sizeof want);
      if (!t_check (wantlen == (int) dlen, "fold length %d", algo))
        continue;
      for (mode = T_MD_ONE_WRITE; mode <= T_MD_SPLITS; mode++)
        {
          gcry_md_hd_t fold;
          const unsigned char *got;

          if (!t_check (!gcry_md_open (&fold, algo, 0), "open fold %d",
                        algo))
            continue;
          for (len = 0; len <= MAX_LEN; len++)
            {
              if (!t_md_digest (algo, NULL, 0, msg, len, mode, d))
                memset (d, 0, dlen);
              gcry_md_write (fold, d, dlen);
            }
          got = gcry_md_read (fold, algo);
          t_check (got && !memcmp (got, want, dlen),
                   "%s: lengths 0..%d %s, folded, differ from upstream",
                   gcry_md_algo_name (algo), MAX_LEN,
                   mode == T_MD_ONE_WRITE ? "one-shot" : "in random splits");
          gcry_md_close (fold);
        }
    }
}


/*
 * Consistency over all lengths.
 */

/* RFC 2104 HMAC assembled from the plain digest with a BLOCK-byte key
   block.  */
static void
hmac_by_hand (int algo, size_t block, const unsigned char *key,
              size_t keylen, const unsigned char *msg, size_t len,
              unsigned char *out)
{
  unsigned char pad[64], inner[64];
  size_t dlen = gcry_md_get_algo_dlen (algo), i;
  unsigned char *buf = malloc (block + (len > dlen ? len : dlen));

  if (!buf)
    exit (2);
  memset (pad, 0, sizeof pad);
  if (keylen > block)
    gcry_md_hash_buffer (algo, pad, key, keylen);
  else
    memcpy (pad, key, keylen);
  for (i = 0; i < block; i++)
    buf[i] = pad[i] ^ 0x36;
  memcpy (buf + block, msg, len);
  gcry_md_hash_buffer (algo, inner, buf, block + len);
  for (i = 0; i < block; i++)
    buf[i] = pad[i] ^ 0x5c;
  memcpy (buf + block, inner, dlen);
  gcry_md_hash_buffer (algo, out, buf, block + dlen);
  free (buf);
}

/* HMAC through gcry_mac; 0 on success with MACLEN bytes in OUT.  */
static int
mac_compute (int mac, const unsigned char *key, size_t keylen,
             const unsigned char *msg, size_t len, unsigned char *out,
             size_t *maclen)
{
  gcry_mac_hd_t m;
  int rc = 1;

  if (gcry_mac_open (&m, mac, 0, NULL))
    return 1;
  if (!gcry_mac_setkey (m, key, keylen) && !gcry_mac_write (m, msg, len)
      && !gcry_mac_read (m, out, maclen))
    rc = 0;
  gcry_mac_close (m);
  return rc;
}

static int
mac_of (int algo)
{
  switch (algo)
    {
    case GCRY_MD_GOSTR3411_94: return GCRY_MAC_HMAC_GOSTR3411_94;
    case GCRY_MD_GOSTR3411_CP: return GCRY_MAC_HMAC_GOSTR3411_CP;
    case GCRY_MD_STRIBOG256: return GCRY_MAC_HMAC_STRIBOG256;
    default: return GCRY_MAC_HMAC_STRIBOG512;
    }
}

static void
test_lengths (void)
{
  unsigned char *msg = malloc (MAX_LEN);
  unsigned char ref[64], got[64], key[100];
  size_t len, i, dlen, keylen;
  int mode;
  unsigned long bad[4] = { 0, 0, 0, 0 }, hbad[4] = { 0, 0, 0, 0 };

  if (!msg)
    exit (2);
  t_rnd_bytes (msg, MAX_LEN);
  for (i = 0; i < DIM (all_algos); i++)
    {
      int algo = all_algos[i];

      dlen = gcry_md_get_algo_dlen (algo);
      for (len = 0; len <= MAX_LEN; len++)
        {
          gcry_md_hash_buffer (algo, ref, msg, len);
          for (mode = 0; mode < 4; mode++)
            if (!t_md_digest (algo, NULL, 0, msg, len, mode, got)
                || memcmp (got, ref, dlen))
              bad[i]++;
        }
      t_check (!bad[i], "%s: %lu of %d lengths x 4 feeds differ",
               gcry_md_algo_name (algo), bad[i], MAX_LEN + 1);

      /* HMAC at every 7th length, keys across the block boundary.  */
      for (len = 0; len <= MAX_LEN; len += 7)
        {
          size_t maclen = dlen;

          keylen = t_rnd (sizeof key + 1);
          t_rnd_bytes (key, keylen);
          hmac_by_hand (algo, hmac_block (algo), key, keylen, msg, len,
                        ref);
          for (mode = 0; mode < 4; mode++)
            if (!t_md_digest (algo, key, keylen, msg, len, mode, got)
                || memcmp (got, ref, dlen))
              hbad[i]++;
          if (mac_compute (mac_of (algo), key, keylen, msg, len, got,
                           &maclen)
              || maclen != dlen || memcmp (got, ref, dlen))
            hbad[i]++;
        }
      t_check (!hbad[i], "HMAC %s: %lu mismatches",
               gcry_md_algo_name (algo), hbad[i]);
    }
  free (msg);
}


/*
 * OpenSSL, when a provider offers these digests.
 */

static void
test_openssl (void)
{
#ifdef HAVE_LIBCRYPTO
  static const struct { int algo; const char *name; } names[] =
    {
      { GCRY_MD_GOSTR3411_94, "md_gost94" },
      { GCRY_MD_STRIBOG256, "md_gost12_256" },
      { GCRY_MD_STRIBOG512, "md_gost12_512" },
    };
  unsigned char msg[300], ref[64], got[64];
  unsigned int outlen;
  size_t i, len;
  int any = 0;

  t_rnd_bytes (msg, sizeof msg);
  for (i = 0; i < DIM (names); i++)
    {
      EVP_MD *md = EVP_MD_fetch (NULL, names[i].name, NULL);
      unsigned long bad = 0;

      if (!md)
        continue;
      any = 1;
      for (len = 0; len <= sizeof msg; len++)
        {
          if (EVP_Digest (msg, len, ref, &outlen, md, NULL) != 1)
            {
              bad++;
              continue;
            }
          gcry_md_hash_buffer (names[i].algo, got, msg, len);
          if (memcmp (got, ref, outlen))
            bad++;
        }
      t_check (!bad, "OpenSSL %s: %lu lengths differ", names[i].name, bad);
      EVP_MD_free (md);
    }
  if (!any)
    t_skip ("OpenSSL offers no GOST digest (no GOST provider loaded)");
#else
  t_skip ("built without OpenSSL");
#endif
}


int
main (int argc, char **argv)
{
  t_init ("t-md-gost", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_identity ();
  test_published ();
  test_upstream_fold ();
  test_lengths ();
  test_openssl ();
  return t_finish ();
}
