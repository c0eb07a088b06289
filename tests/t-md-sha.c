/* t-md-sha.c - SHA-1, SHA-224/256, SHA-384/512 and SHA-512/224,/256
 * through the gcry_md API, plain and as HMAC (GCRY_MD_FLAG_HMAC).
 *
 *  - FIPS 180-4 examples built in: "abc", the 448-bit message and a
 *    million 'a' (written in uneven pieces);
 *  - NIST CAVP SHAVS byte vectors (ShortMsg, LongMsg, Monte) from the
 *    shared vectors, SHA-512/224 and /256 from pyca's copies;
 *  - NIST HMAC.rsp (truncated tags), RFC 4231 (case 2 built in, every
 *    case from pyca's copy of the RFC), Wycheproof hmac_sha* files;
 *  - every message length 0..2100 hashed one-shot, in random splits
 *    through gcry_md_write and byte by byte through gcry_md_putc; the
 *    one-shot digests of all lengths are hashed together and compared
 *    with a value computed by another implementation (OpenSSL);
 *  - gcry_md_copy mid-stream, multi-algorithm handles, HMAC reset keeps
 *    the key, and the upstream identity facts (names, OIDs, lengths,
 *    ASN.1 prefixes).
 *
 * Vector files that are missing give a SKIP line, never a pass.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcrypt.h"
#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#define MAX_MSG 65536

static const int all_algos[] =
  {
    GCRY_MD_SHA1, GCRY_MD_SHA224, GCRY_MD_SHA256, GCRY_MD_SHA384,
    GCRY_MD_SHA512, GCRY_MD_SHA512_224, GCRY_MD_SHA512_256
  };
#define N_ALGOS ((int) (sizeof all_algos / sizeof all_algos[0]))


/* The one-shot digest through a handle (covers open/write/read).  */
static void
md_digest (int algo, unsigned int flags, const void *key, size_t keylen,
           const void *msg, size_t len, unsigned char *out)
{
  gcry_md_hd_t h;
  gcry_error_t err;

  err = gcry_md_open (&h, algo, flags);
  if (err)
    {
      t_check (0, "gcry_md_open %d: %s", algo, gcry_strerror (err));
      memset (out, 0, 64);
      return;
    }
  if (key)
    {
      err = gcry_md_setkey (h, key, keylen);
      t_check (!err, "setkey %d: %s", algo, gcry_strerror (err));
    }
  gcry_md_write (h, msg, len);
  memcpy (out, gcry_md_read (h, algo), gcry_md_get_algo_dlen (algo));
  gcry_md_close (h);
}


/*
 * FIPS 180-4 examples (and the all-lengths check value).
 */
static const struct
{
  int algo;
  const char *abc, *m448, *million, *all_lengths;
} fips_tab[] =
  {
    { GCRY_MD_SHA1,
      "a9993e364706816aba3e25717850c26c9cd0d89d",
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
      "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
      "b8345a9bee519d6ffacdb361a0cd28e7bb67453d" },
    { GCRY_MD_SHA224,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
      "e132d417f6797dd89bb23214f6a396d7477a7a92ec2db95fb943f5c4" },
    { GCRY_MD_SHA256,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      "73abbd5cdecdf0d262a190a1515b1bbbc5b9d4deee1c10b385b0bd5daecd32c7" },
    { GCRY_MD_SHA384,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
      "352a732feee7f1a51ececcd77b539d8918a6be65962ed760197abf27d52ec4b0d595143b69f2b7877ac3f674537a370a" },
    { GCRY_MD_SHA512,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
      "cca9042cff6cc9df58fe618dddec5b02fd9dbddb0209d0bff71161aadeefa5b480d066c7b0432f041163dee8dec7fd22613e2de2ba30e5cf79dbfe9773a1c46e" },
    { GCRY_MD_SHA512_224,
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
      "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
      "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287",
      "35e11c49334d2540649fc665c5cef2c8dc2f6d7776c6e2a058f55595" },
    { GCRY_MD_SHA512_256,
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
      "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
      "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21",
      "8c06428d5bfe9b2111ec9a829d69e86147b61f9c6fcc63b85c28a786d60c7ec0" }
  };

static void
test_fips_examples (void)
{
  static const char m448[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  unsigned char want[64], got[64], chunk[1000];
  size_t i, done, n;

  memset (chunk, 'a', sizeof chunk);
  for (i = 0; i < sizeof fips_tab / sizeof fips_tab[0]; i++)
    {
      int algo = fips_tab[i].algo;
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      gcry_md_hd_t h;

      t_unhex (fips_tab[i].abc, want, sizeof want);
      gcry_md_hash_buffer (algo, got, "abc", 3);
      t_check (!memcmp (got, want, dlen), "%s \"abc\"",
               gcry_md_algo_name (algo));

      t_unhex (fips_tab[i].m448, want, sizeof want);
      md_digest (algo, 0, NULL, 0, m448, strlen (m448), got);
      t_check (!memcmp (got, want, dlen), "%s 448-bit message",
               gcry_md_algo_name (algo));

      t_unhex (fips_tab[i].million, want, sizeof want);
      if (gcry_md_open (&h, algo, 0))
        {
          t_check (0, "open %d", algo);
          continue;
        }
      for (done = 0; done < 1000000; done += n)
        {
          n = 1 + t_rnd (sizeof chunk);
          if (n > 1000000 - done)
            n = 1000000 - done;
          gcry_md_write (h, chunk, n);
        }
      t_check (!memcmp (gcry_md_read (h, algo), want, dlen),
               "%s a million 'a'", gcry_md_algo_name (algo));
      gcry_md_close (h);
    }
}


/*
 * Lengths 0..2100: one-shot, random splits, putc.
 */
static void
test_splits (void)
{
  static unsigned char data[2101];
  unsigned char one[64], split[64], byputc[64], want[64];
  size_t i, len, pos, n;
  int a;

  for (i = 0; i < sizeof data; i++)
    data[i] = (unsigned char) (i * 7 + 3);

  for (a = 0; a < N_ALGOS; a++)
    {
      int algo = all_algos[a];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      gcry_md_hd_t all, hs, hp;
      unsigned long bad_split = 0, bad_putc = 0;

      if (gcry_md_open (&all, algo, 0) || gcry_md_open (&hs, algo, 0)
          || gcry_md_open (&hp, algo, 0))
        {
          t_check (0, "open %d", algo);
          return;
        }
      for (len = 0; len <= 2100; len++)
        {
          gcry_md_hash_buffer (algo, one, data, len);
          gcry_md_write (all, one, dlen);

          gcry_md_reset (hs);
          for (pos = 0; pos < len; pos += n)
            {
              n = t_rnd (len - pos < 200 ? len - pos + 1 : 200);
              gcry_md_write (hs, data + pos, n);
            }
          memcpy (split, gcry_md_read (hs, algo), dlen);
          bad_split += !!memcmp (one, split, dlen);

          gcry_md_reset (hp);
          for (pos = 0; pos < len; pos++)
            gcry_md_putc (hp, data[pos]);
          memcpy (byputc, gcry_md_read (hp, algo), dlen);
          bad_putc += !!memcmp (one, byputc, dlen);
        }
      t_check (!bad_split, "%s: random splits, lengths 0..2100: %lu differ",
               gcry_md_algo_name (algo), bad_split);
      t_check (!bad_putc, "%s: putc, lengths 0..2100: %lu differ",
               gcry_md_algo_name (algo), bad_putc);
      for (i = 0; i < sizeof fips_tab / sizeof fips_tab[0]; i++)
        if (fips_tab[i].algo == algo)
          {
            t_unhex (fips_tab[i].all_lengths, want, sizeof want);
            t_check (!memcmp (gcry_md_read (all, algo), want, dlen),
                     "%s: digests of lengths 0..2100 match OpenSSL's",
                     gcry_md_algo_name (algo));
          }
      gcry_md_close (all);
      gcry_md_close (hs);
      gcry_md_close (hp);
    }
}


/*
 * NIST CAVP .rsp files: "Name = value" records.
 */

/* Open DIR/REL with records starting at RECORD_KEY; 0, or -1 with a
   SKIP line when it is not there.  */
static int
open_vector (t_vec_t *v, const char *dir, const char *rel,
             const char *record_key)
{
  char path[4096];

  snprintf (path, sizeof path, "%s/%s", dir, rel);
  if (!t_vec_open (v, path, record_key))
    return 0;
  t_skip ("%s not found", rel);
  return -1;
}

/* ShortMsg/LongMsg: records of Len (bits), Msg, MD.  */
static void
test_msg_file (const char *dir, const char *rel, int algo)
{
  static unsigned char msg[MAX_MSG];
  unsigned char md[64], got[64];
  t_vec_t v;
  long len_bits, n;
  unsigned long count = 0, bad = 0;
  unsigned int dlen = gcry_md_get_algo_dlen (algo);

  if (open_vector (&v, dir, rel, "Len"))
    return;
  while (t_vec_next (&v))
    {
      size_t len;

      len_bits = t_vec_long (&v, "Len", -1);
      if (len_bits < 0 || !t_vec_get (&v, "MD"))
        continue;
      len = (size_t) len_bits / 8;
      n = t_vec_hex (&v, "Msg", msg, sizeof msg);
      count++;
      if (n < 0 || (long) len > n
          || t_vec_hex (&v, "MD", md, sizeof md) != dlen)
        {
          bad++;
          continue;
        }
      /* Alternate one-shot and handle-based hashing.  */
      if (count & 1)
        gcry_md_hash_buffer (algo, got, msg, len);
      else
        md_digest (algo, 0, NULL, 0, msg, len, got);
      bad += !!memcmp (got, md, dlen);
    }
  bad += v.errors;
  t_vec_close (&v);
  t_check (count > 0 && !bad, "%s: %lu vectors, %lu failed", rel, count,
           bad);
}

/* SHAVS Monte Carlo: MD0 = MD1 = MD2 = Seed; 1000 times
   MDi = H(MD(i-3) || MD(i-2) || MD(i-1)); the last one is checkpoint j
   and the seed of the next 1000.  */
static void
test_monte_file (const char *dir, const char *rel, int algo)
{
  unsigned char seed[64], want[64], md[3][64], buf[3 * 64];
  t_vec_t v;
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  unsigned long count = 0, bad = 0;
  int have_seed = 0, i;

  if (open_vector (&v, dir, rel, "COUNT"))
    return;
  while (t_vec_next (&v))
    {
      /* The Seed stands once, before the first checkpoint.  */
      if (!have_seed)
        have_seed = t_vec_hex (&v, "Seed", seed, sizeof seed) == dlen;
      if (!have_seed || !t_vec_get (&v, "MD"))
        continue;
      memcpy (md[0], seed, dlen);
      memcpy (md[1], seed, dlen);
      memcpy (md[2], seed, dlen);
      for (i = 3; i < 1003; i++)
        {
          memcpy (buf, md[0], dlen);
          memcpy (buf + dlen, md[1], dlen);
          memcpy (buf + 2 * dlen, md[2], dlen);
          memmove (md[0], md[1], dlen);
          memmove (md[1], md[2], dlen);
          gcry_md_hash_buffer (algo, md[2], buf, 3 * dlen);
        }
      memcpy (seed, md[2], dlen);
      count++;
      bad += t_vec_hex (&v, "MD", want, sizeof want) != dlen
             || memcmp (want, seed, dlen);
    }
  bad += v.errors;
  t_vec_close (&v);
  t_check (count == 100 && !bad, "%s: %lu checkpoints, %lu failed", rel,
           count, bad);
}

static void
test_nist (const char *dir)
{
  static const struct { const char *name; int algo; } shs[] =
    {
      { "SHA1", GCRY_MD_SHA1 }, { "SHA224", GCRY_MD_SHA224 },
      { "SHA256", GCRY_MD_SHA256 }, { "SHA384", GCRY_MD_SHA384 },
      { "SHA512", GCRY_MD_SHA512 }
    };
  char rel[256];
  size_t i;

  for (i = 0; i < sizeof shs / sizeof shs[0]; i++)
    {
      snprintf (rel, sizeof rel,
                "nist-cavp/shs/shabytetestvectors/%sShortMsg.rsp",
                shs[i].name);
      test_msg_file (dir, rel, shs[i].algo);
      snprintf (rel, sizeof rel,
                "nist-cavp/shs/shabytetestvectors/%sLongMsg.rsp",
                shs[i].name);
      test_msg_file (dir, rel, shs[i].algo);
      snprintf (rel, sizeof rel,
                "nist-cavp/shs/shabytetestvectors/%sMonte.rsp", shs[i].name);
      test_monte_file (dir, rel, shs[i].algo);
    }
  test_msg_file (dir, "pyca-cryptography/hashes/SHA2/SHA512_224ShortMsg.rsp",
                 GCRY_MD_SHA512_224);
  test_msg_file (dir, "pyca-cryptography/hashes/SHA2/SHA512_256ShortMsg.rsp",
                 GCRY_MD_SHA512_256);
  test_monte_file (dir, "pyca-cryptography/hashes/SHA2/SHA512_224Monte.rsp",
                   GCRY_MD_SHA512_224);
  test_monte_file (dir, "pyca-cryptography/hashes/SHA2/SHA512_256Monte.rsp",
                   GCRY_MD_SHA512_256);
}


/*
 * HMAC.
 */
static int
algo_for_dlen (long l)
{
  switch (l)
    {
    case 20: return GCRY_MD_SHA1;
    case 28: return GCRY_MD_SHA224;
    case 32: return GCRY_MD_SHA256;
    case 48: return GCRY_MD_SHA384;
    case 64: return GCRY_MD_SHA512;
    default: return 0;
    }
}

static void
test_hmac_rsp (const char *dir)
{
  static unsigned char key[1024], msg[1024];
  unsigned char mac[64], got[64];
  t_vec_t v;
  long klen, mlen, tlen;
  int algo;
  unsigned long count = 0, bad = 0;
  const char *rel = "nist-cavp/mac/hmactestvectors/HMAC.rsp";

  if (open_vector (&v, dir, rel, "Count"))
    return;
  while (t_vec_next (&v))
    {
      /* "[L=20]": the digest length names the hash.  */
      algo = algo_for_dlen (t_vec_long (&v, "L", 0));
      tlen = t_vec_long (&v, "Tlen", -1);
      klen = t_vec_hex (&v, "Key", key, sizeof key);
      mlen = t_vec_hex (&v, "Msg", msg, sizeof msg);
      if (!t_vec_get (&v, "Mac"))
        continue;
      count++;
      if (!algo || klen < 0 || mlen < 0 || tlen <= 0 || tlen > 64
          || t_vec_hex (&v, "Mac", mac, sizeof mac) != tlen)
        {
          bad++;
          continue;
        }
      md_digest (algo, GCRY_MD_FLAG_HMAC, key, (size_t) klen, msg,
                 (size_t) mlen, got);
      bad += !!memcmp (got, mac, (size_t) tlen);
    }
  bad += v.errors;
  t_vec_close (&v);
  t_check (count > 0 && !bad, "%s: %lu vectors, %lu failed", rel, count, bad);
}

/* pyca's copy of RFC 4231: Len (bits of the message), Key, Msg, MD.  */
static void
test_rfc4231_file (const char *dir, const char *rel, int algo)
{
  static unsigned char key[1024], msg[1024];
  unsigned char md[64], got[64];
  t_vec_t v;
  long klen, mlen, n;
  unsigned long count = 0, bad = 0;

  if (open_vector (&v, dir, rel, "Len"))
    return;
  while (t_vec_next (&v))
    {
      klen = t_vec_hex (&v, "Key", key, sizeof key);
      mlen = t_vec_hex (&v, "Msg", msg, sizeof msg);
      if (!t_vec_get (&v, "MD"))
        continue;
      count++;
      n = t_vec_hex (&v, "MD", md, sizeof md);
      if (klen < 0 || mlen < 0 || n <= 0)
        {
          bad++;
          continue;
        }
      md_digest (algo, GCRY_MD_FLAG_HMAC, key, (size_t) klen, msg,
                 (size_t) mlen, got);
      bad += !!memcmp (got, md, (size_t) n);
    }
  bad += v.errors;
  t_vec_close (&v);
  t_check (count >= 6 && !bad, "%s: %lu vectors, %lu failed", rel, count,
           bad);
}

static const struct { int algo; const char *mac; } rfc4231_case2[] =
  {
    { GCRY_MD_SHA224, "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    { GCRY_MD_SHA256, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    { GCRY_MD_SHA384, "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649" },
    { GCRY_MD_SHA512, "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" }
  };

static void
test_rfc4231 (const char *dir)
{
  static const char *const files[] =
    {
      "pyca-cryptography/HMAC/rfc-4231-sha224.txt",
      "pyca-cryptography/HMAC/rfc-4231-sha256.txt",
      "pyca-cryptography/HMAC/rfc-4231-sha384.txt",
      "pyca-cryptography/HMAC/rfc-4231-sha512.txt"
    };
  static const char msg[] = "what do ya want for nothing?";
  unsigned char want[64], got[64];
  size_t i;

  for (i = 0; i < 4; i++)
    {
      int algo = rfc4231_case2[i].algo;

      t_unhex (rfc4231_case2[i].mac, want, sizeof want);
      md_digest (algo, GCRY_MD_FLAG_HMAC, "Jefe", 4, msg, strlen (msg), got);
      t_check (!memcmp (got, want, gcry_md_get_algo_dlen (algo)),
               "RFC 4231 case 2, HMAC-%s", gcry_md_algo_name (algo));
      if (dir)
        test_rfc4231_file (dir, files[i], algo);
    }
  if (dir)
    test_rfc4231_file (dir, "pyca-cryptography/HMAC/rfc-2202-sha1.txt",
                       GCRY_MD_SHA1);
}

static void
test_wycheproof_file (const char *dir, const char *name, int algo)
{
  static unsigned char key[1024], msg[4096];
  unsigned char tag[64], got[64];
  char path[4096];
  const char *pos, *end;
  char *text;
  size_t len;
  t_json_span_t group, tc;
  unsigned long count = 0, bad = 0;

  snprintf (path, sizeof path, "wycheproof/testvectors_v1/%s", name);
  text = t_json_load_vectors (dir, path, &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  /* Groups carry tagSize (bits); the tests inside carry tcId.  */
  while (t_json_next_object (&pos, end, "tagSize", &group))
    {
      const char *gpos = group.start + 1;
      long tagbits = 0;

      /* The group's own tagSize: its first occurrence comes before the
         tests array in these files.  */
      t_json_int (&group, "tagSize", &tagbits);
      while (t_json_next_object (&gpos, group.end, "tcId", &tc))
        {
          char result[32];
          long kl, ml, tl;
          int match;

          count++;
          kl = t_json_hex (&tc, "key", key, sizeof key);
          ml = t_json_hex (&tc, "msg", msg, sizeof msg);
          tl = t_json_hex (&tc, "tag", tag, sizeof tag);
          if (kl < 0 || ml < 0 || tl < 0
              || t_json_string (&tc, "result", result, sizeof result) < 0
              || tagbits <= 0 || tagbits % 8)
            {
              bad++;
              continue;
            }
          md_digest (algo, GCRY_MD_FLAG_HMAC, key, (size_t) kl, msg,
                     (size_t) ml, got);
          match = tl == tagbits / 8 && !memcmp (got, tag, (size_t) tl);
          if (!strcmp (result, "valid"))
            bad += !match;
          else if (!strcmp (result, "invalid"))
            bad += match;
        }
    }
  free (text);
  t_check (count > 0 && !bad, "wycheproof %s: %lu tests, %lu failed", name,
           count, bad);
}

static void
test_wycheproof (const char *dir)
{
  test_wycheproof_file (dir, "hmac_sha1_test.json", GCRY_MD_SHA1);
  test_wycheproof_file (dir, "hmac_sha224_test.json", GCRY_MD_SHA224);
  test_wycheproof_file (dir, "hmac_sha256_test.json", GCRY_MD_SHA256);
  test_wycheproof_file (dir, "hmac_sha384_test.json", GCRY_MD_SHA384);
  test_wycheproof_file (dir, "hmac_sha512_test.json", GCRY_MD_SHA512);
  test_wycheproof_file (dir, "hmac_sha512_224_test.json",
                        GCRY_MD_SHA512_224);
  test_wycheproof_file (dir, "hmac_sha512_256_test.json",
                        GCRY_MD_SHA512_256);
}


/*
 * Handles: copy mid-stream, several algorithms, HMAC reset.
 */
static void
test_handles (void)
{
  static unsigned char data[3000];
  unsigned char want[64];
  gcry_md_hd_t h, c;
  size_t i;
  int a;

  for (i = 0; i < sizeof data; i++)
    data[i] = (unsigned char) (i ^ (i >> 8));

  /* All seven in one handle, fed in pieces.  */
  if (gcry_md_open (&h, all_algos[0], 0))
    {
      t_check (0, "open");
      return;
    }
  for (a = 1; a < N_ALGOS; a++)
    t_check (!gcry_md_enable (h, all_algos[a]), "enable %d", all_algos[a]);
  gcry_md_write (h, data, 1000);
  /* Copy mid-stream: both continue independently.  */
  t_check (!gcry_md_copy (&c, h), "copy");
  gcry_md_write (h, data + 1000, 2000);
  gcry_md_write (c, data + 1000, 777);
  for (a = 0; a < N_ALGOS; a++)
    {
      int algo = all_algos[a];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);

      t_check (gcry_md_is_enabled (h, algo), "is_enabled %d", algo);
      gcry_md_hash_buffer (algo, want, data, 3000);
      t_check (!memcmp (gcry_md_read (h, algo), want, dlen),
               "multi-algorithm handle, %s", gcry_md_algo_name (algo));
      gcry_md_hash_buffer (algo, want, data, 1777);
      t_check (!memcmp (gcry_md_read (c, algo), want, dlen),
               "copy mid-stream, %s", gcry_md_algo_name (algo));
    }
  gcry_md_close (c);
  gcry_md_close (h);

  /* HMAC: reset keeps the key.  */
  for (a = 0; a < N_ALGOS; a++)
    {
      int algo = all_algos[a];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      unsigned char first[64];

      if (gcry_md_open (&h, algo, GCRY_MD_FLAG_HMAC))
        {
          t_check (0, "open hmac %d", algo);
          continue;
        }
      t_check (!gcry_md_setkey (h, data, 200), "hmac setkey %d", algo);
      gcry_md_write (h, data + 500, 300);
      memcpy (first, gcry_md_read (h, algo), dlen);
      gcry_md_reset (h);
      gcry_md_write (h, data + 500, 100);
      gcry_md_write (h, data + 600, 200);
      t_check (!memcmp (first, gcry_md_read (h, algo), dlen),
               "HMAC-%s: reset keeps the key", gcry_md_algo_name (algo));
      gcry_md_close (h);
    }
}


/*
 * Identity: upstream's names, OIDs, lengths, ASN.1 DigestInfo prefixes.
 */
static void
test_identity (void)
{
  static const struct
  {
    int algo;
    const char *name, *oid;
    unsigned int dlen, asnlen;
    unsigned char asn_tail;     /* last byte: the OCTET STRING length */
  } tab[] =
    {
      { GCRY_MD_SHA1, "SHA1", "1.3.14.3.2.26", 20, 15, 0x14 },
      { GCRY_MD_SHA224, "SHA224", "2.16.840.1.101.3.4.2.4", 28, 19, 0x1c },
      { GCRY_MD_SHA256, "SHA256", "2.16.840.1.101.3.4.2.1", 32, 19, 0x20 },
      { GCRY_MD_SHA384, "SHA384", "2.16.840.1.101.3.4.2.2", 48, 19, 0x30 },
      { GCRY_MD_SHA512, "SHA512", "2.16.840.1.101.3.4.2.3", 64, 19, 0x40 },
      { GCRY_MD_SHA512_224, "SHA512_224", "2.16.840.1.101.3.4.2.5", 28, 19,
        0x1c },
      { GCRY_MD_SHA512_256, "SHA512_256", "2.16.840.1.101.3.4.2.6", 32, 19,
        0x20 }
    };
  char oid[64];
  unsigned char asn[32];
  size_t i, n;

  for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
    {
      t_check (!strcmp (gcry_md_algo_name (tab[i].algo), tab[i].name),
               "algo_name %d", tab[i].algo);
      t_check (gcry_md_map_name (tab[i].name) == tab[i].algo,
               "map_name %s", tab[i].name);
      snprintf (oid, sizeof oid, "oid.%s", tab[i].oid);
      t_check (gcry_md_map_name (oid) == tab[i].algo, "map_name %s", oid);
      t_check (gcry_md_get_algo_dlen (tab[i].algo) == tab[i].dlen,
               "dlen %s", tab[i].name);
      t_check (!gcry_md_test_algo (tab[i].algo), "test_algo %s",
               tab[i].name);
      n = sizeof asn;
      t_check (!gcry_md_algo_info (tab[i].algo, GCRYCTL_GET_ASNOID, asn, &n)
               && n == tab[i].asnlen && asn[0] == 0x30
               && asn[n - 1] == tab[i].asn_tail,
               "GET_ASNOID %s", tab[i].name);
      t_check (!gcry_md_algo_info (tab[i].algo, GCRYCTL_SELFTEST, NULL,
                                   NULL), "selftest %s", tab[i].name);
    }
  t_check (gcry_md_map_name ("1.2.840.113549.1.1.11") == GCRY_MD_SHA256,
           "map_name sha256WithRSAEncryption");
  t_check (gcry_md_map_name ("sha384") == GCRY_MD_SHA384,
           "map_name is case-insensitive");
}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-md-sha", argc, argv);
  t_rnd_seed (0x853c49e6748fea9bULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-md-sha: gcry_check_version failed\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_identity ();
  test_fips_examples ();
  test_splits ();
  test_handles ();
  dir = t_vectors_dir ();
  test_rfc4231 (dir);
  if (dir)
    {
      test_nist (dir);
      test_hmac_rsp (dir);
      test_wycheproof (dir);
    }
  return t_finish ();
}
