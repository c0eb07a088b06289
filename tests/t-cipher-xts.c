/* t-cipher-xts.c - AES-XTS through gcry_cipher.
 *
 * Known answers: IEEE 1619-2007 Annex B vectors (built in, including the
 * ciphertext-stealing ones), then, read in place from the shared vector
 * directory, the NIST CAVP XTSGenAES128/256 files (both tweak forms)
 * and Wycheproof's aes_xts_test.json.  Every vector runs both ways
 * (encryption out of place, decryption in place); a count per file is
 * printed, with the CAVP records whose data unit is not whole bytes
 * counted as skipped (the API is byte-oriented).
 *
 * Behaviour, against an XTS written here over the library's ECB mode
 * (an independent composition of the same primitive): every length
 * 16..1100 for both key sizes, in place, misaligned, with guard bytes;
 * the automatic data-unit increment after each call (with carries);
 * the upstream error codes.  With OpenSSL's libcrypto: random keys,
 * tweaks and lengths 16..5000 against EVP aes-128-xts/aes-256-xts.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
#endif

#define MAXDATA 8192
#define GUARD 32
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static int
algo_for_xts_keylen (size_t keylen)
{
  return keylen == 32 ? GCRY_CIPHER_AES
    : keylen == 48 ? GCRY_CIPHER_AES192
    : keylen == 64 ? GCRY_CIPHER_AES256 : 0;
}

/* Deterministic test data.  */
/*
 * One vector, both directions.
 */

static int
check_vector (const char *where, const unsigned char *key, size_t keylen,
              const unsigned char *tweak, const unsigned char *pt,
              const unsigned char *ct, size_t len)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned char out[MAXDATA];
  int ok = 1;

  err = gcry_cipher_open (&h, algo_for_xts_keylen (keylen),
                          GCRY_CIPHER_MODE_XTS, 0);
  if (!t_check (!err, "%s: open: %s", where, gcry_strerror (err)))
    return 0;
  err = gcry_cipher_setkey (h, key, keylen);
  if (!t_check (!err, "%s: setkey: %s", where, gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return 0;
    }

  gcry_cipher_setiv (h, tweak, 16);
  err = gcry_cipher_encrypt (h, out, len, pt, len);
  ok &= t_check (!err && !memcmp (out, ct, len), "%s: encrypt (%s)", where,
                 gcry_strerror (err));

  memcpy (out, ct, len);
  gcry_cipher_setiv (h, tweak, 16);
  err = gcry_cipher_decrypt (h, out, len, NULL, 0);
  ok &= t_check (!err && !memcmp (out, pt, len), "%s: decrypt (%s)", where,
                 gcry_strerror (err));
  gcry_cipher_close (h);
  return ok;
}


/*
 * IEEE 1619-2007 Annex B (and the xts.7 vector of the same key family).
 */

static const struct
{
  const char *name, *key, *tweak, *pt, *ct;
} ieee_vectors[] =
  {
    { "IEEE 1619 #1",
      "00000000000000000000000000000000" "00000000000000000000000000000000",
      "00000000000000000000000000000000",
      "00000000000000000000000000000000" "00000000000000000000000000000000",
      "917cf69ebd68b2ec9b9fe9a3eadda692" "cd43d2f59598ed858c02c2652fbf922e" },
    { "IEEE 1619 #2",
      "11111111111111111111111111111111" "22222222222222222222222222222222",
      "33333333330000000000000000000000",
      "44444444444444444444444444444444" "44444444444444444444444444444444",
      "c454185e6a16936e39334038acef838b" "fb186fff7480adc4289382ecd6d394f0" },
    { "IEEE 1619 #3",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "22222222222222222222222222222222",
      "33333333330000000000000000000000",
      "44444444444444444444444444444444" "44444444444444444444444444444444",
      "af85336b597afc1a900b2eb21ec949d2" "92df4c047e0b21532186a5971a227a89" },
    { "xts.7 #5",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "44444444444444444444444444444444" "44444444444444444444444444444444",
      "b01f86f8edc1863706fa8a4253e34f28" "af319de38334870f4dd1f94cbe9832f1" },
    { "IEEE 1619 #4",
      "27182818284590452353602874713526" "31415926535897932384626433832795",
      "00000000000000000000000000000000",
      NULL,                     /* 00..ff twice */
      "27a7479befa1d476489f308cd4cfa6e2" "a96e4bbe3208ff25287dd3819616e89c"
      "c78cf7f5e543445f8333d8fa7f560000" "05279fa5d8b5e4ad40e736ddb4d35412"
      "328063fd2aab53e5ea1e0a9f332500a5" "df9487d07a5c92cc512c8866c7e860ce"
      "93fdf166a24912b422976146ae20ce84" "6bb7dc9ba94a767aaef20c0d61ad0265"
      "5ea92dc4c4e41a8952c651d33174be51" "a10c421110e6d81588ede82103a252d8"
      "a750e8768defffed9122810aaeb99f91" "72af82b604dc4b8e51bcb08235a6f434"
      "1332e4ca60482a4ba1a03b3e65008fc5" "da76b70bf1690db4eae29c5f1badd03c"
      "5ccf2a55d705ddcd86d449511ceb7ec3" "0bf12b1fa35b913f9f747a8afd1b130e"
      "94bff94effd01a91735ca1726acd0b19" "7c4e5b03393697e126826fb6bbde8ecc"
      "1e08298516e2c9ed03ff3c1b7860f6de" "76d4cecd94c8119855ef5297ca67e9f3"
      "e7ff72b1e99785ca0a7e7720c5b36dc6" "d72cac9574c8cbbc2f801e23e56fd344"
      "b07f22154beba0f08ce8891e643ed995" "c94d9a69c9f1b5f499027a78572aeebd"
      "74d20cc39881c213ee770b1010e4bea7" "18846977ae119f7a023ab58cca0ad752"
      "afe656bb3c17256a9f6e9bf19fdd5a38" "fc82bbe872c5539edb609ef4f79c203e"
      "bb140f2e583cb2ad15b4aa5b655016a8" "449277dbd477ef2c8d6c017db738b18d"
      "eb4a427d1923ce3ff262735779a418f2" "0a282df920147beabe421ee5319d0568" },
    { "IEEE 1619 #15",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "000102030405060708090a0b0c0d0e0f10",
      "6c1625db4671522d3d7599601de7ca09ed" },
    { "IEEE 1619 #16",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "000102030405060708090a0b0c0d0e0f1011",
      "d069444b7a7e0cab09e24447d24deb1fedbf" },
    { "IEEE 1619 #17",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "000102030405060708090a0b0c0d0e0f101112",
      "e5df1351c0544ba1350b3363cd8ef4beedbf9d" },
    { "IEEE 1619 #18",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0" "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "000102030405060708090a0b0c0d0e0f10111213",
      "9d84c813f719aa2c7be3f66171c7c5c2edbf9dac" },
  };

static void
test_ieee (void)
{
  unsigned char key[64], tweak[16], pt[512], ct[512];
  long keylen, ptlen, ctlen;
  size_t i, j, passed = 0;

  for (i = 0; i < DIM (ieee_vectors); i++)
    {
      keylen = t_unhex (ieee_vectors[i].key, key, sizeof key);
      t_unhex (ieee_vectors[i].tweak, tweak, sizeof tweak);
      ctlen = t_unhex (ieee_vectors[i].ct, ct, sizeof ct);
      if (ieee_vectors[i].pt)
        ptlen = t_unhex (ieee_vectors[i].pt, pt, sizeof pt);
      else
        for (ptlen = 512, j = 0; j < 512; j++)
          pt[j] = (unsigned char) j;
      if (!t_check (keylen > 0 && ptlen == ctlen, "%s: table entry",
                    ieee_vectors[i].name))
        continue;
      passed += check_vector (ieee_vectors[i].name, key, keylen, tweak, pt,
                              ct, ctlen);
    }
  printf ("%s: IEEE 1619 built-in: %lu of %lu vectors passed\n", t_name,
          (unsigned long) passed, (unsigned long) DIM (ieee_vectors));
}


/*
 * NIST CAVP XTSGenAES files.
 */

static void
test_cavp_file (const char *dir, const char *relpath)
{
  char path[4096], where[4200];
  const char *seqno;
  unsigned char key[64], tweak[16], pt[MAXDATA], ct[MAXDATA];
  long keylen, ptlen, ctlen, bits;
  int have_tweak, k;
  unsigned long passed = 0, total = 0, skipped = 0;
  unsigned long long seq;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/%s", dir, relpath);
  if (!t_check (!t_vec_open (&v, path, "COUNT"), "cannot open %s: %s", path,
                strerror (errno)))
    return;

  while (t_vec_next (&v))
    {
      bits = t_vec_long (&v, "DataUnitLen", -1);
      keylen = t_vec_hex (&v, "Key", key, sizeof key);
      ptlen = t_vec_hex (&v, "PT", pt, sizeof pt);
      ctlen = t_vec_hex (&v, "CT", ct, sizeof ct);
      have_tweak = t_vec_hex (&v, "i", tweak, sizeof tweak) == 16;
      if ((seqno = t_vec_get (&v, "DataUnitSeqNumber")))
        {
          /* The data-unit number, little-endian (IEEE 1619).  */
          seq = strtoull (seqno, NULL, 10);
          for (k = 0; k < 16; k++, seq >>= 8)
            tweak[k] = k < 8 ? (unsigned char) seq : 0;
          have_tweak = 1;
        }
      if (ptlen < 0 || ctlen < 0)
        continue;
      snprintf (where, sizeof where, "%s COUNT=%ld (line %lu)", relpath,
                t_vec_long (&v, "COUNT", -1), v.record_line);
      if (bits % 8)
        skipped++;
      else
        {
          total++;
          if (t_check (keylen > 0 && have_tweak && ptlen == ctlen
                       && ptlen * 8 == bits,
                       "%s: malformed record", where))
            passed += check_vector (where, key, keylen, tweak, pt, ct,
                                    ptlen);
        }
    }
  t_check (!v.errors, "%s: %lu lines not read", relpath, v.errors);
  t_vec_close (&v);
  t_check (total > 0, "%s: no records", relpath);
  printf ("%s: %s: %lu of %lu vectors passed; SKIP %lu records whose data "
          "unit is not whole bytes\n", t_name, relpath, passed, total,
          skipped);
}


/*
 * Wycheproof aes_xts_test.json: every object with a "tcId" is a test.
 */

static void
test_wycheproof (const char *dir)
{
  char where[128], result[32];
  char *text;
  const char *pos, *end;
  t_json_span_t obj;
  size_t len;
  unsigned char key[64], tweak[16], pt[MAXDATA], ct[MAXDATA];
  long keylen, ivlen, ptlen, ctlen, tcid;
  unsigned long passed = 0, total = 0;

  text = t_json_load_vectors
    (dir, "wycheproof/testvectors_v1/aes_xts_test.json", &len);
  if (!text)
    return;

  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      total++;
      /* One check per test that it is well formed enough to name.  */
      tcid = -1;
      t_check (t_json_int (&obj, "tcId", &tcid),
               "wycheproof: a test without a numeric tcId");
      snprintf (where, sizeof where, "wycheproof aes_xts tcId %ld", tcid);
      keylen = t_json_hex (&obj, "key", key, sizeof key);
      /* Shorter tweaks are the low bytes of the 16-byte little-endian
         data-unit number: zero-padded on the right.  */
      memset (tweak, 0, sizeof tweak);
      ivlen = t_json_hex (&obj, "iv", tweak, sizeof tweak);
      ptlen = t_json_hex (&obj, "msg", pt, sizeof pt);
      ctlen = t_json_hex (&obj, "ct", ct, sizeof ct);
      if (!t_check (keylen > 0 && ivlen >= 0 && ptlen >= 16
                    && ptlen == ctlen
                    && t_json_string (&obj, "result", result,
                                      sizeof result) > 0
                    && !strcmp (result, "valid"),
                    "%s: unexpected record", where))
        continue;
      passed += check_vector (where, key, keylen, tweak, pt, ct, ptlen);
    }
  free (text);
  t_check (total > 0, "wycheproof aes_xts: no tests found");
  printf ("%s: wycheproof aes_xts_test.json: %lu of %lu vectors passed\n",
          t_name, passed, total);
}


/*
 * A reference XTS composed here from the library's AES-ECB, written
 * straight from IEEE 1619 §5.3 (one block at a time, no batching).
 */

static void
ref_mul_x (unsigned char *t)
{
  int i, carry = t[15] >> 7;

  for (i = 15; i > 0; i--)
    t[i] = (unsigned char) (t[i] << 1 | t[i - 1] >> 7);
  t[0] = (unsigned char) (t[0] << 1) ^ (carry ? 0x87 : 0);
}

static void
ref_block (gcry_cipher_hd_t ecb, int encrypt, const unsigned char *t,
           unsigned char *out, const unsigned char *in)
{
  unsigned char b[16];
  int i;

  for (i = 0; i < 16; i++)
    b[i] = in[i] ^ t[i];
  if (encrypt)
    gcry_cipher_encrypt (ecb, b, 16, NULL, 0);
  else
    gcry_cipher_decrypt (ecb, b, 16, NULL, 0);
  for (i = 0; i < 16; i++)
    out[i] = b[i] ^ t[i];
}

/* XTS of LEN >= 16 bytes into OUT (not overlapping IN).  */
static void
ref_xts (const unsigned char *key, size_t keylen, const unsigned char *iv,
         int encrypt, unsigned char *out, const unsigned char *in, size_t len)
{
  gcry_cipher_hd_t k1, k2;
  unsigned char t[16], t_next[16], pp[16], cc[16];
  size_t half = keylen / 2, m = len / 16, r = len % 16, i;

  gcry_cipher_open (&k1, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0);
  gcry_cipher_open (&k2, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0);
  gcry_cipher_setkey (k1, key, half);
  gcry_cipher_setkey (k2, key + half, half);
  gcry_cipher_encrypt (k2, t, 16, iv, 16);

  for (i = 0; i + 1 < m || (i < m && !r); i++)
    {
      ref_block (k1, encrypt, t, out + 16 * i, in + 16 * i);
      ref_mul_x (t);
    }
  if (r)
    {
      /* Block m-1 is full, block m has R bytes.  */
      memcpy (t_next, t, 16);
      ref_mul_x (t_next);
      ref_block (k1, encrypt, encrypt ? t : t_next, cc, in + 16 * (m - 1));
      memcpy (out + 16 * m, cc, r);
      memcpy (pp, in + 16 * m, r);
      memcpy (pp + r, cc + r, 16 - r);
      ref_block (k1, encrypt, encrypt ? t_next : t, out + 16 * (m - 1), pp);
    }
  gcry_cipher_close (k1);
  gcry_cipher_close (k2);
}

/* Every length 16..1100, both key sizes: out of place, in place and
   misaligned, guard bytes around the output, decryption back.  */
static void
test_against_reference (void)
{
  static const size_t keylens[] = { 32, 64 };
  unsigned char key[64], iv[16];
  unsigned char in[1100 + 16], expect[1100];
  unsigned char outbuf[1100 + 2 * GUARD + 16];
  size_t k, len, off, i;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned long bad = 0, runs = 0;

  for (k = 0; k < DIM (keylens); k++)
    {
      t_rnd_bytes (key, keylens[k]);
      err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, 0);
      if (!err)
        err = gcry_cipher_setkey (h, key, keylens[k]);
      if (!t_check (!err, "reference: setup: %s", gcry_strerror (err)))
        return;
      for (len = 16; len <= 1100; len++)
        {
          unsigned char *out;

          off = len % 16;       /* Misalignment varies with the length. */
          t_rnd_bytes (iv, 16);
          t_rnd_bytes (in, len);
          ref_xts (key, keylens[k], iv, 1, expect, in, len);

          /* Out of place, misaligned, guards.  */
          memset (outbuf, 0xa5, sizeof outbuf);
          out = outbuf + GUARD + off;
          gcry_cipher_setiv (h, iv, 16);
          err = gcry_cipher_encrypt (h, out, len, in, len);
          runs++;
          if (err || memcmp (out, expect, len))
            bad++;
          for (i = 0; i < GUARD + off; i++)
            bad += outbuf[i] != 0xa5;
          for (i = GUARD + off + len; i < sizeof outbuf; i++)
            bad += outbuf[i] != 0xa5;

          /* Decryption in place.  */
          gcry_cipher_setiv (h, iv, 16);
          err = gcry_cipher_decrypt (h, out, len, NULL, 0);
          if (err || memcmp (out, in, len))
            bad++;

          /* Encryption in place, from a misaligned input.  */
          memcpy (outbuf + 1, in, len);
          gcry_cipher_setiv (h, iv, 16);
          err = gcry_cipher_encrypt (h, outbuf + 1, len, NULL, 0);
          if (err || memcmp (outbuf + 1, expect, len))
            bad++;

          /* Decryption out of place against the reference's.  */
          ref_xts (key, keylens[k], iv, 0, outbuf, expect, len);
          if (memcmp (outbuf, in, len))
            bad++;
        }
      gcry_cipher_close (h);
      t_check (!bad, "reference XTS-AES-%u: %lu mismatches in %lu lengths",
               (unsigned) (keylens[k] * 4), bad, runs);
    }

  /* A 48-byte key is XTS over AES-192 (upstream accepts it too).  */
  t_rnd_bytes (key, 48);
  t_rnd_bytes (iv, 16);
  t_rnd_bytes (in, 100);
  ref_xts (key, 48, iv, 1, expect, in, 100);
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_XTS, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, 48);
  if (!err)
    err = gcry_cipher_setiv (h, iv, 16);
  if (!err)
    err = gcry_cipher_encrypt (h, outbuf, 100, in, 100);
  t_check (!err && !memcmp (outbuf, expect, 100), "XTS-AES-192: %s",
           gcry_strerror (err));
  gcry_cipher_close (h);
}


/*
 * The data-unit number: incremented after every call, little-endian,
 * with carries; reset clears it.
 */

static void
test_data_unit_increment (void)
{
  static const struct { const char *start, *next; } steps[] =
    {
      { "00000000000000000000000000000000",
        "01000000000000000000000000000000" },
      { "ff000000000000000000000000000000",
        "00010000000000000000000000000000" },
      { "ffffffffffffffff0000000000000000",
        "00000000000000000100000000000000" },
      { "ffffffffffffffffffffffffffffffff",
        "00000000000000000000000000000000" },
    };
  unsigned char key[32], iv[16], iv_next[16];
  unsigned char in[80], out1[80], out2[80], expect[80];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i;

  t_rnd_bytes (key, sizeof key);
  t_rnd_bytes (in, sizeof in);
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, sizeof key);
  if (!t_check (!err, "increment: setup: %s", gcry_strerror (err)))
    return;

  for (i = 0; i < DIM (steps); i++)
    {
      t_unhex (steps[i].start, iv, 16);
      t_unhex (steps[i].next, iv_next, 16);
      /* Two data units in two calls: 80 bytes (5 blocks), then 37 (a
         stolen tail), the second under the incremented number.  */
      gcry_cipher_setiv (h, iv, 16);
      err = gcry_cipher_encrypt (h, out1, 80, in, 80);
      if (!err)
        err = gcry_cipher_encrypt (h, out2, 37, in, 37);
      ref_xts (key, 32, iv, 1, expect, in, 80);
      t_check (!err && !memcmp (out1, expect, 80),
               "increment %s: first unit", steps[i].start);
      ref_xts (key, 32, iv_next, 1, expect, in, 37);
      t_check (!err && !memcmp (out2, expect, 37),
               "increment %s: second unit uses %s", steps[i].start,
               steps[i].next);
    }

  /* A failed call leaves the number alone.  */
  gcry_cipher_setiv (h, iv, 16);
  err = gcry_cipher_encrypt (h, out1, 80, in, 15);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "short input: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, out1, 80, in, 80);
  ref_xts (key, 32, iv, 1, expect, in, 80);
  t_check (!err && !memcmp (out1, expect, 80),
           "a failed call must not advance the data unit");

  /* Decryption advances it too.  */
  ref_xts (key, 32, iv, 1, out1, in, 48);
  ref_xts (key, 32, iv_next, 1, out2, in, 48);
  gcry_cipher_setiv (h, iv, 16);
  err = gcry_cipher_decrypt (h, out1, 48, NULL, 0);
  if (!err)
    err = gcry_cipher_decrypt (h, out2, 48, NULL, 0);
  t_check (!err && !memcmp (out1, in, 48) && !memcmp (out2, in, 48),
           "decryption advances the data unit");

  /* Reset goes back to data unit 0; a short IV is zero-padded.  */
  memset (iv, 0, 16);
  iv[0] = 7;
  gcry_cipher_setiv (h, iv, 16);
  gcry_cipher_reset (h);
  memset (iv, 0, 16);
  err = gcry_cipher_encrypt (h, out1, 32, in, 32);
  ref_xts (key, 32, iv, 1, expect, in, 32);
  t_check (!err && !memcmp (out1, expect, 32), "reset clears the tweak");
  gcry_cipher_close (h);
}


/*
 * Errors, as upstream reports them.
 */

static void
test_errors (void)
{
  unsigned char key[96], buf[64];
  unsigned char *big;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t bigsize = ((size_t) 16 << 20) + 16;
  size_t i;
  static const size_t bad_keylens[] = { 0, 1, 16, 31, 33, 40, 96 };

  t_rnd_bytes (key, sizeof key);
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, 0);
  if (!t_check (!err, "open: %s", gcry_strerror (err)))
    return;

  err = gcry_cipher_encrypt (h, buf, 32, key, 32);
  t_check (gpg_err_code (err) == GPG_ERR_MISSING_KEY, "no key: %s",
           gcry_strerror (err));

  for (i = 0; i < DIM (bad_keylens); i++)
    {
      err = gcry_cipher_setkey (h, key, bad_keylens[i]);
      t_check (gpg_err_code (err) == GPG_ERR_INV_KEYLEN,
               "key of %u bytes: %s", (unsigned) bad_keylens[i],
               gcry_strerror (err));
    }
  err = gcry_cipher_encrypt (h, buf, 32, key, 32);
  t_check (gpg_err_code (err) == GPG_ERR_MISSING_KEY,
           "a failed setkey leaves no key: %s", gcry_strerror (err));

  /* Equal halves: upstream rejects them in FIPS mode only.  */
  memcpy (key + 32, key, 32);
  err = gcry_cipher_setkey (h, key, 64);
  t_check (!err, "equal key halves accepted outside FIPS mode: %s",
           gcry_strerror (err));

  err = gcry_cipher_setkey (h, key, 32);
  t_check (!err, "32-byte key: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, buf, sizeof buf, key, 0);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT, "empty: %s",
           gcry_strerror (err));
  err = gcry_cipher_encrypt (h, buf, sizeof buf, key, 15);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT, "15 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (h, buf, sizeof buf, key, 15);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "decrypt 15 bytes: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, buf, 16, key, 17);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "output shorter than input: %s", gcry_strerror (err));
  err = gcry_cipher_decrypt (h, buf, 31, key, 32);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "decrypt output shorter than input: %s", gcry_strerror (err));

  /* SP 800-38E: at most 2^20 blocks in a data unit.  */
  big = calloc (1, bigsize);
  if (t_check (big != NULL, "out of memory"))
    {
      err = gcry_cipher_encrypt (h, big, bigsize, NULL, 0);
      t_check (gpg_err_code (err) == GPG_ERR_INV_LENGTH,
               "2^20 blocks + 1: %s", gcry_strerror (err));
      err = gcry_cipher_decrypt (h, big, bigsize - 15, NULL, 0);
      t_check (gpg_err_code (err) == GPG_ERR_INV_LENGTH,
               "2^20 blocks + 1 byte: %s", gcry_strerror (err));
      err = gcry_cipher_encrypt (h, big, bigsize - 16, NULL, 0);
      t_check (!err, "2^20 blocks: %s", gcry_strerror (err));
      free (big);
    }

  err = gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &i);
  t_check (gpg_err_code (err) == GPG_ERR_INV_CIPHER_MODE,
           "no tag in XTS: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  /* GCRY_CIPHER_AES takes a 64-byte XTS key too (AES-256 halves).  */
  {
    unsigned char iv[16] = { 0 }, in[40], a[40], b[40], c[40];
    gcry_cipher_hd_t h256;

    t_rnd_bytes (in, sizeof in);
    err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, 0);
    if (!err)
      err = gcry_cipher_open (&h256, GCRY_CIPHER_AES256,
                              GCRY_CIPHER_MODE_XTS, 0);
    if (!t_check (!err, "open: %s", gcry_strerror (err)))
      return;
    gcry_cipher_setkey (h, key, 64);
    gcry_cipher_setkey (h256, key, 64);
    gcry_cipher_setiv (h, iv, 16);
    gcry_cipher_setiv (h256, iv, 16);
    gcry_cipher_encrypt (h, a, 40, in, 40);
    gcry_cipher_encrypt (h256, b, 40, in, 40);
    ref_xts (key, 64, iv, 1, c, in, 40);
    t_check (!memcmp (a, b, 40) && !memcmp (a, c, 40),
             "AES and AES256 ids agree on a 64-byte key");
    gcry_cipher_close (h);
    gcry_cipher_close (h256);
  }
}


#ifdef HAVE_LIBCRYPTO
/*
 * OpenSSL EVP aes-128-xts / aes-256-xts, random keys, tweaks, lengths.
 */

static int
openssl_xts (const EVP_CIPHER *cipher, int encrypt, const unsigned char *key,
             const unsigned char *iv, unsigned char *out,
             const unsigned char *in, int len)
{
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int n = 0, ok;

  ok = ctx && EVP_CipherInit_ex (ctx, cipher, NULL, key, iv, encrypt)
       && EVP_CipherUpdate (ctx, out, &n, in, len) && n == len;
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

static void
test_openssl (void)
{
  static unsigned char in[5000], ours[5000], theirs[5000];
  unsigned char key[64], iv[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int k, i, len, refused;
  unsigned long bad, runs, skipped;

  for (k = 0; k < 2; k++)
    {
      const EVP_CIPHER *cipher = k ? EVP_aes_256_xts () : EVP_aes_128_xts ();
      size_t keylen = k ? 64 : 32;

      bad = runs = skipped = 0;
      err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, 0);
      if (!t_check (!err, "openssl: open: %s", gcry_strerror (err)))
        return;
      for (i = 0; i < 400; i++)
        {
          len = i < 100 ? 16 + i : 16 + (int) t_rnd (5000 - 16 + 1);
          t_rnd_bytes (key, keylen);
          t_rnd_bytes (iv, 16);
          t_rnd_bytes (in, len);
          /* OpenSSL refuses equal halves; random keys have none, but
             say so rather than count it.  */
          refused = !openssl_xts (cipher, 1, key, iv, theirs, in, len);
          if (refused)
            {
              skipped++;
              continue;
            }
          runs++;
          err = gcry_cipher_setkey (h, key, keylen);
          if (!err)
            err = gcry_cipher_setiv (h, iv, 16);
          if (!err)
            err = gcry_cipher_encrypt (h, ours, len, in, len);
          if (err || memcmp (ours, theirs, len))
            bad++;
          gcry_cipher_setiv (h, iv, 16);
          err = gcry_cipher_decrypt (h, ours, len, NULL, 0);
          if (err || memcmp (ours, in, len))
            bad++;
        }
      gcry_cipher_close (h);
      t_check (!bad && runs, "OpenSSL aes-%d-xts: %lu mismatches in %lu runs",
               k ? 256 : 128, bad, runs);
      printf ("%s: OpenSSL aes-%d-xts: %lu random cases compared%s\n",
              t_name, k ? 256 : 128, runs,
              skipped ? " (some refused by OpenSSL)" : "");
    }
}
#endif /*HAVE_LIBCRYPTO*/


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-cipher-xts", argc, argv);
  /* The seed this test has always used.  */
  t_rnd_seed (0x243f6a8885a308d3ULL);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_ieee ();
  test_against_reference ();
  test_data_unit_increment ();
  test_errors ();

  dir = t_vectors_dir ();
  if (dir)
    {
      test_cavp_file (dir, "pyca-cryptography/ciphers/AES/XTS/"
                      "tweak-128hexstr/XTSGenAES128.rsp");
      test_cavp_file (dir, "pyca-cryptography/ciphers/AES/XTS/"
                      "tweak-128hexstr/XTSGenAES256.rsp");
      test_cavp_file (dir, "pyca-cryptography/ciphers/AES/XTS/"
                      "tweak-dataunitseqno/XTSGenAES128.rsp");
      test_cavp_file (dir, "pyca-cryptography/ciphers/AES/XTS/"
                      "tweak-dataunitseqno/XTSGenAES256.rsp");
      test_wycheproof (dir);
    }

#ifdef HAVE_LIBCRYPTO
  test_openssl ();
#else
  t_skip ("OpenSSL differential: built without libcrypto");
#endif

  return t_finish ();
}
