/* t-cipher-eax.c - AES-EAX through the gcry_cipher API.
 *
 *  - Built in (always run): the ten test vectors of the EAX paper
 *    (Bellare, Rogaway, Wagner; eprint.iacr.org/2003/069), both
 *    directions.
 *  - Wycheproof aes_eax_test.json read in place (nonces of 0 to 257
 *    bytes, counter wrap, modified tags that must fail checktag), with
 *    the count printed.
 *  - Streaming: AAD and data in random pieces, AAD interleaved with the
 *    data (EAX MACs them separately, and upstream allows it), in place
 *    and misaligned, against one call.
 *  - Call-sequence and argument errors with upstream's codes (observed
 *    on libgcrypt 1.10.1), tag lengths, output guard bytes.
 * OpenSSL has no EAX, so there is no differential part.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#include <stdint.h>

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))


/*
 * Helpers.
 */

static int
aes_algo (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES128
         : keylen == 24 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;
}

static gcry_cipher_hd_t
open_eax (const unsigned char *key, size_t keylen)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, aes_algo (keylen), GCRY_CIPHER_MODE_EAX, 0);
  if (!t_check (!err, "open: %s", gcry_strerror (err)))
    return NULL;
  err = gcry_cipher_setkey (h, key, keylen);
  if (!t_check (!err, "setkey: %s", gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* One message, one call each.  ENCRYPT: IN to OUT, tag to TAG; else
   decryption and checktag's answer on TAG.  */
static gcry_error_t
eax_oneshot (int encrypt, const unsigned char *key, size_t keylen,
             const unsigned char *nonce, size_t noncelen,
             const unsigned char *aad, size_t aadlen,
             const unsigned char *in, size_t len, unsigned char *out,
             unsigned char *tag, size_t taglen)
{
  static const unsigned char empty[1];
  gcry_cipher_hd_t h = open_eax (key, keylen);
  gcry_error_t err;

  if (!h)
    return gpg_error (GPG_ERR_GENERAL);
  err = gcry_cipher_setiv (h, noncelen ? nonce : empty, noncelen);
  if (!err)
    err = gcry_cipher_authenticate (h, aadlen ? aad : empty, aadlen);
  if (!err)
    err = encrypt ? gcry_cipher_encrypt (h, out, len, in, len)
                  : gcry_cipher_decrypt (h, out, len, in, len);
  if (!err)
    err = encrypt ? gcry_cipher_gettag (h, tag, taglen)
                  : gcry_cipher_checktag (h, tag, taglen);
  gcry_cipher_close (h);
  return err;
}

static int
check_vector (const char *what, const unsigned char *key, size_t keylen,
              const unsigned char *nonce, size_t noncelen,
              const unsigned char *aad, size_t aadlen,
              const unsigned char *pt, size_t len,
              const unsigned char *ct, const unsigned char *tag,
              size_t taglen)
{
  static unsigned char out[4096];
  unsigned char outtag[16], intag[16];
  gcry_error_t err;
  int ok;

  err = eax_oneshot (1, key, keylen, nonce, noncelen, aad, aadlen, pt, len,
                     out, outtag, taglen);
  ok = t_check (!err && !memcmp (out, ct, len)
                && !memcmp (outtag, tag, taglen),
                "%s: encryption: %s", what, gcry_strerror (err));
  memcpy (intag, tag, taglen);
  err = eax_oneshot (0, key, keylen, nonce, noncelen, aad, aadlen, ct, len,
                     out, intag, taglen);
  ok &= t_check (!err && !memcmp (out, pt, len),
                 "%s: decryption: %s", what, gcry_strerror (err));
  return ok;
}


/*
 * The EAX paper's vectors (AES-128, 16-byte nonces, 8-byte headers).
 */

struct builtin
{
  const char *key, *nonce, *aad, *pt, *ct, *tag;
};

static const struct builtin builtins[] =
  {
    { "233952dee4d5ed5f9b9c6d6ff80ff478", "62ec67f9c3a4a407fcb2a8c49031a8b3",
      "6bfb914fd07eae6b", "", "", "e037830e8389f27b025a2d6527e79d01" },
    { "91945d3f4dcbee0bf45ef52255f095a4", "becaf043b0a23d843194ba972c66debd",
      "fa3bfd4806eb53fa", "f7fb", "19dd", "5c4c9331049d0bdab0277408f67967e5" },
    { "01f74ad64077f2e704c0f60ada3dd523", "70c3db4f0d26368400a10ed05d2bff5e",
      "234a3463c1264ac6", "1a47cb4933", "d851d5bae0",
      "3a59f238a23e39199dc9266626c40f80" },
    { "d07cf6cbb7f313bdde66b727afd3c5e8", "8408dfff3c1a2b1292dc199e46b7d617",
      "33cce2eabff5a79d", "481c9e39b1", "632a9d131a",
      "d4c168a4225d8e1ff755939974a7bede" },
    { "35b6d0580005bbc12b0587124557d2c2", "fdb6b06676eedc5c61d74276e1f8e816",
      "aeb96eaebe2970e9", "40d0c07da5e4", "071dfe16c675",
      "cb0677e536f73afe6a14b74ee49844dd" },
    { "bd8e6e11475e60b268784c38c62feb22", "6eac5c93072d8e8513f750935e46da1b",
      "d4482d1ca78dce0f", "4de3b35c3fc039245bd1fb7d",
      "835bb4f15d743e350e728414", "abb8644fd6ccb86947c5e10590210a4f" },
    { "7c77d6e813bed5ac98baa417477a2e7d", "1a8c98dcd73d38393b2bf1569deefc19",
      "65d2017990d62528", "8b0a79306c9ce7ed99dae4f87f8dd61636",
      "02083e3979da014812f59f11d52630da30",
      "137327d10649b0aa6e1c181db617d7f2" },
    { "5fff20cafab119ca2fc73549e20f5b0d", "dde59b97d722156d4d9aff2bc7559826",
      "54b9f04e6a09189a", "1bda122bce8a8dbaf1877d962b8592dd2d56",
      "2ec47b2c4954a489afc7ba4897edcdae8cc3",
      "3b60450599bd02c96382902aef7f832a" },
    { "a4a4782bcffd3ec5e7ef6d8c34a56123", "b781fcf2f75fa5a8de97a9ca48e522ec",
      "899a175897561d7e", "6cf36720872b8513f6eab1a8a44438d5ef11",
      "0de18fd0fdd91e7af19f1d8ee8733938b1e8",
      "e7f6d2231618102fdb7fe55ff1991700" },
    { "8395fcf1e95bebd697bd010bc766aac3", "22e7add93cfc6393c57ec0b3c17d6b44",
      "126735fcc320d25a", "ca40d7446e545ffaed3bd12a740a659ffbbb3ceab7",
      "cb8920f87a6c75cff39627b56e3ed197c552d295a7",
      "cfc46afc253b4652b1af3795b124ab6e" },
  };

static void
run_builtins (void)
{
  unsigned char key[16], nonce[16], aad[8], pt[32], ct[32], tag[16];
  long keylen, noncelen, aadlen, ptlen, ctlen, taglen;
  unsigned long ok = 0;
  char what[64];
  size_t i;

  for (i = 0; i < DIM (builtins); i++)
    {
      const struct builtin *b = &builtins[i];

      snprintf (what, sizeof what, "EAX paper vector %zu", i + 1);
      keylen = t_unhex (b->key, key, sizeof key);
      noncelen = t_unhex (b->nonce, nonce, sizeof nonce);
      aadlen = t_unhex (b->aad, aad, sizeof aad);
      ptlen = t_unhex (b->pt, pt, sizeof pt);
      ctlen = t_unhex (b->ct, ct, sizeof ct);
      taglen = t_unhex (b->tag, tag, sizeof tag);
      if (!t_check (keylen == 16 && noncelen > 0 && aadlen >= 0
                    && ptlen >= 0 && ctlen == ptlen && taglen == 16,
                    "%s: bad built-in vector", what))
        continue;
      ok += check_vector (what, key, keylen, nonce, noncelen, aad, aadlen,
                          pt, ptlen, ct, tag, taglen);
    }
  printf ("%s: EAX paper: %lu of %zu vectors passed\n", t_name, ok,
          DIM (builtins));
}


/*
 * Wycheproof.
 */

static void
run_wycheproof (const char *dir)
{
  static t_json_aead_t w;
  static unsigned char out[2048];
  t_json_span_t obj;
  const char *pos, *end;
  char *text;
  unsigned long count = 0, passed = 0;
  gcry_error_t err;
  size_t len;
  int ok;

  text = t_json_load_vectors
    (dir, "wycheproof/testvectors_v1/aes_eax_test.json", &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      count++;
      t_json_aead_read (&obj, &w);
      if (!t_check (w.keylen > 0 && w.ivlen >= 0 && w.aadlen >= 0
                    && w.msglen >= 0 && w.ctlen == w.msglen && w.taglen > 0
                    && w.taglen <= 16 && w.result[0],
                    "aes_eax_test.json tcId %ld: unreadable", w.tcid))
        continue;

      if (!strcmp (w.result, "valid"))
        ok = check_vector ("aes_eax_test.json", w.key, w.keylen, w.iv,
                           w.ivlen, w.aad, w.aadlen, w.msg, w.msglen, w.ct,
                           w.tag, w.taglen);
      else
        {
          err = eax_oneshot (0, w.key, w.keylen, w.iv, w.ivlen, w.aad,
                             w.aadlen, w.ct, w.msglen, out, w.tag, w.taglen);
          ok = t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                        "aes_eax_test.json tcId %ld: invalid gave %s", w.tcid,
                        gcry_strerror (err));
        }
      if (ok)
        passed++;
    }
  free (text);
  t_check (count > 0, "aes_eax_test.json: no tests");
  printf ("%s: aes_eax_test.json: %lu of %lu vectors passed\n", t_name,
          passed, count);
}


/*
 * Streaming.
 */

static void
run_streaming (void)
{
  static unsigned char bufs[4][1500 + 16];
  unsigned char key[32], nonce[40], tag1[16], tag2[16];
  unsigned char *aad, *pt, *ct1, *ct2;
  size_t keylen, noncelen, aadlen, len, aoff, doff, n;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int iter, in_place, encrypt;
  unsigned long ok = 0, total = 0;

  for (iter = 0; iter < 200; iter++)
    {
      aad = bufs[0] + t_rnd (16);
      pt = bufs[1] + t_rnd (16);
      ct1 = bufs[2] + t_rnd (16);
      ct2 = bufs[3] + t_rnd (16);
      keylen = 16 + 8 * t_rnd (3);
      noncelen = t_rnd (40);
      aadlen = t_rnd (3) ? t_rnd (100) : t_rnd (1500);
      len = t_rnd (3) ? t_rnd (100) : t_rnd (1500);
      in_place = (int) t_rnd (2);
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (nonce, noncelen);
      t_rnd_bytes (aad, aadlen);
      t_rnd_bytes (pt, len);

      err = eax_oneshot (1, key, keylen, nonce, noncelen, aad, aadlen, pt,
                         len, ct1, tag1, 16);
      total++;
      if (!t_check (!err, "one-call encryption: %s", gcry_strerror (err)))
        continue;
      h = open_eax (key, keylen);
      if (!h)
        continue;

      /* Both directions on one handle, AAD and data pieces interleaved
         at random.  */
      for (encrypt = 1; encrypt >= 0; encrypt--)
        {
          const unsigned char *src = encrypt ? pt : ct1;

          err = gcry_cipher_setiv (h, nonce, noncelen);
          if (in_place)
            memcpy (ct2, src, len);
          aoff = doff = 0;
          while (!err && (aoff < aadlen || doff < len))
            {
              if (aoff < aadlen && (doff == len || t_rnd (2)))
                {
                  n = 1 + t_rnd (aadlen - aoff);
                  if (t_rnd (2) && n > 20)
                    n = 1 + t_rnd (20);
                  err = gcry_cipher_authenticate (h, aad + aoff, n);
                  aoff += n;
                  continue;
                }
              n = 1 + t_rnd (len - doff);
              if (t_rnd (2) && n > 35)
                n = 1 + t_rnd (35);
              if (in_place)
                err = encrypt ? gcry_cipher_encrypt (h, ct2 + doff, n,
                                                     NULL, 0)
                              : gcry_cipher_decrypt (h, ct2 + doff, n,
                                                     NULL, 0);
              else
                err = encrypt ? gcry_cipher_encrypt (h, ct2 + doff, n,
                                                     src + doff, n)
                              : gcry_cipher_decrypt (h, ct2 + doff, n,
                                                     src + doff, n);
              doff += n;
            }
          if (encrypt)
            {
              if (!err)
                err = gcry_cipher_gettag (h, tag2, 16);
              if (!t_check (!err && !memcmp (ct1, ct2, len)
                            && !memcmp (tag1, tag2, 16),
                            "split encryption (aad %zu, len %zu): %s",
                            aadlen, len, gcry_strerror (err)))
                break;
            }
          else
            {
              if (!err)
                err = gcry_cipher_checktag (h, tag1, 16);
              if (t_check (!err && !memcmp (ct2, pt, len),
                           "split decryption (aad %zu, len %zu): %s",
                           aadlen, len, gcry_strerror (err)))
                ok++;
            }
        }
      gcry_cipher_close (h);
    }
  printf ("%s: streaming: %lu of %lu random splits passed\n", t_name, ok,
          total);
}


/*
 * Call sequence and bad input (codes as upstream 1.10.1 answers).
 */

#define EXPECT(expr, code) \
  do { gcry_error_t e_ = (expr); \
       t_check (gpg_err_code (e_) == (code), "%s: got %s, want %s", \
                #expr, gcry_strerror (e_), gpg_strerror (code)); \
  } while (0)

static void
run_bad_input (void)
{
  static const unsigned char key[16] = { 9, 8, 7 };
  unsigned char nonce[16], buf[64], out[64], ct[64], tag[32], tag2[32];
  unsigned char ref[16];
  uint64_t lengths[3] = { 1, 1, 16 };
  gcry_cipher_hd_t h;
  size_t n, i;

  memset (nonce, 0x5a, sizeof nonce);
  memset (buf, 0xc3, sizeof buf);
  h = open_eax (key, sizeof key);
  if (!h)
    return;

  /* Without setiv the message runs under the empty nonce.  */
  EXPECT (gcry_cipher_encrypt (h, out, 0, buf, 0), 0);
  EXPECT (gcry_cipher_gettag (h, ref, 16), 0);
  EXPECT (gcry_cipher_setiv (h, NULL, 0), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 16), 0);
  t_check (!memcmp (tag, ref, 16), "empty nonce differs from no nonce");
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 16), 0);
  t_check (!memcmp (tag, ref, 16), "tag after reset is not the empty one");

  EXPECT (gcry_cipher_setiv (h, NULL, 4), GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_setiv (h, nonce, 0), 0);
  EXPECT (gcry_cipher_authenticate (h, NULL, 0), GPG_ERR_INV_ARG);

  /* AAD may follow data: the two are MACed separately.  */
  EXPECT (gcry_cipher_authenticate (h, buf, 3), 0);
  EXPECT (gcry_cipher_encrypt (h, out, 7, buf, 7), 0);
  EXPECT (gcry_cipher_authenticate (h, buf + 3, 5), 0);

  /* A short output buffer: refused, nothing written past its end.  */
  memset (out + 7, 0xee, sizeof out - 7);
  EXPECT (gcry_cipher_encrypt (h, out + 7, 2, buf + 7, 3),
          GPG_ERR_BUFFER_TOO_SHORT);
  for (i = 9; i < sizeof out; i++)
    if (out[i] != 0xee)
      break;
  t_check (i == sizeof out, "short output buffer written past its end");
  EXPECT (gcry_cipher_encrypt (h, out + 7, 30, buf + 7, 30), 0);

  /* Tags: gettag gives at most a block, checktag accepts a prefix.  */
  memset (tag, 0xee, sizeof tag);
  EXPECT (gcry_cipher_gettag (h, tag, 32), 0);
  for (i = 16; i < sizeof tag; i++)
    if (tag[i] != 0xee)
      break;
  t_check (i == sizeof tag, "gettag wrote past 16 bytes");
  memset (tag2, 0xee, sizeof tag2);
  EXPECT (gcry_cipher_gettag (h, tag2, 5), 0);
  t_check (!memcmp (tag2, tag, 5) && tag2[5] == 0xee,
           "truncated gettag wrong");
  EXPECT (gcry_cipher_gettag (h, NULL, 0), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 16), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 1), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 17), GPG_ERR_CHECKSUM);
  for (i = 0; i < 16; i++)
    {
      memcpy (tag2, tag, 16);
      tag2[i] ^= 0x80;
      EXPECT (gcry_cipher_checktag (h, tag2, 16), GPG_ERR_CHECKSUM);
    }
  n = 0;
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n), 0);
  t_check (n == 16, "taglen %zu", n);

  /* The message is over.  (A failed encrypt overwrites its output, as
     upstream: keep the ciphertext.)  */
  memcpy (ct, out, sizeof ct);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_decrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_authenticate (h, buf, 4), GPG_ERR_INV_STATE);

  /* Commands of other modes.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 16),
          GPG_ERR_INV_CIPHER_MODE);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                           sizeof lengths), GPG_ERR_INV_CIPHER_MODE);

  /* A new nonce starts a new message: in-place decryption of what was
     encrypted above verifies.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 0), 0);
  EXPECT (gcry_cipher_authenticate (h, buf, 8), 0);
  memcpy (out, ct, sizeof ct);
  EXPECT (gcry_cipher_decrypt (h, out, 37, NULL, 0), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 16), 0);
  t_check (!memcmp (out, buf, 37), "in-place decryption wrong");
  gcry_cipher_close (h);

  /* Without a key.  */
  if (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_EAX, 0))
    {
      EXPECT (gcry_cipher_setiv (h, nonce, 12), GPG_ERR_INV_STATE);
      EXPECT (gcry_cipher_authenticate (h, buf, 3), GPG_ERR_INV_STATE);
      EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_STATE);
      EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), GPG_ERR_MISSING_KEY);
      gcry_cipher_close (h);
    }
}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-cipher-eax", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0xea5eed0123456789ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-cipher-eax: library initialisation failed\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  run_builtins ();
  run_bad_input ();
  run_streaming ();
  dir = t_vectors_dir ();
  if (dir)
    run_wycheproof (dir);
  return t_finish ();
}
