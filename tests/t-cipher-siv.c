/* t-cipher-siv.c - AES-SIV (RFC 5297) through the gcry_cipher API.
 *
 * Upstream's API: setkey with the double key, each authenticate call one
 * AD component, setiv the nonce (the last component), encrypt in one
 * call and gettag for the SIV; decryption after
 * GCRYCTL_SET_DECRYPTION_TAG, checktag after it.
 *
 *  - Built in (always run): RFC 5297 A.1 (deterministic) and A.2
 *    (nonce-based, two AD components), both directions.
 *  - Read in place, counts printed: pyca's AES/SIV/openssl.txt (several
 *    AD components, 256/384/512-bit keys), Wycheproof
 *    aes_siv_cmac_test.json (the AD is one component; modified SIVs
 *    must fail) and aead_aes_siv_cmac_test.json (AD, then the nonce).
 *  - Random messages with 0..5 AD components and a nonce: in place and
 *    misaligned, against OpenSSL's AES-SIV when configure found
 *    libcrypto (each of its AAD updates is one component too).
 *  - Call-sequence and argument errors with upstream's codes (observed
 *    on libgcrypt 1.10.1), output guard bytes, the 126-component limit.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#include <stdint.h>

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
#endif

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

#define MAX_AD 8


/*
 * Helpers.
 */

/* The AES variant of one half of a SIV key of KEYLEN bytes.  */
static int
aes_algo (size_t keylen)
{
  return keylen == 32 ? GCRY_CIPHER_AES128
         : keylen == 48 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;
}

static gcry_cipher_hd_t
open_siv (const unsigned char *key, size_t keylen)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, aes_algo (keylen), GCRY_CIPHER_MODE_SIV, 0);
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

/* A message: its AD components and optional nonce.  */
struct siv_msg
{
  const unsigned char *ad[MAX_AD];
  size_t adlen[MAX_AD];
  size_t nad;
  const unsigned char *nonce;   /* NULL: none.  */
  size_t noncelen;
};

static gcry_error_t
feed_ad (gcry_cipher_hd_t h, const struct siv_msg *m)
{
  static const unsigned char empty[1];
  gcry_error_t err = 0;
  size_t i;

  for (i = 0; !err && i < m->nad; i++)
    err = gcry_cipher_authenticate (h, m->adlen[i] ? m->ad[i] : empty,
                                    m->adlen[i]);
  if (!err && m->nonce)
    err = gcry_cipher_setiv (h, m->noncelen ? m->nonce : empty, m->noncelen);
  return err;
}

/* Encrypt: OUT and the SIV to SIV.  */
static gcry_error_t
siv_encrypt (const unsigned char *key, size_t keylen,
             const struct siv_msg *m, const unsigned char *in, size_t len,
             unsigned char *out, unsigned char *siv)
{
  gcry_cipher_hd_t h = open_siv (key, keylen);
  gcry_error_t err;

  if (!h)
    return gpg_error (GPG_ERR_GENERAL);
  err = feed_ad (h, m);
  if (!err)
    err = gcry_cipher_encrypt (h, out, len, in, len);
  if (!err)
    err = gcry_cipher_gettag (h, siv, 16);
  gcry_cipher_close (h);
  return err;
}

/* Decrypt with SIV; returns decrypt's answer, then checktag's.  */
static gcry_error_t
siv_decrypt (const unsigned char *key, size_t keylen,
             const struct siv_msg *m, const unsigned char *in, size_t len,
             unsigned char *out, const unsigned char *siv)
{
  gcry_cipher_hd_t h = open_siv (key, keylen);
  gcry_error_t err;

  if (!h)
    return gpg_error (GPG_ERR_GENERAL);
  err = feed_ad (h, m);
  if (!err)
    err = gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, (void *) siv, 16);
  if (!err)
    err = gcry_cipher_decrypt (h, out, len, in, len);
  if (!err)
    err = gcry_cipher_checktag (h, siv, 16);
  gcry_cipher_close (h);
  return err;
}

static int
check_vector (const char *what, const unsigned char *key, size_t keylen,
              const struct siv_msg *m, const unsigned char *pt, size_t len,
              const unsigned char *ct, const unsigned char *siv)
{
  static unsigned char out[4096];
  unsigned char outsiv[16];
  gcry_error_t err;
  int ok;

  err = siv_encrypt (key, keylen, m, pt, len, out, outsiv);
  ok = t_check (!err && !memcmp (out, ct, len) && !memcmp (outsiv, siv, 16),
                "%s: encryption: %s", what, gcry_strerror (err));
  err = siv_decrypt (key, keylen, m, ct, len, out, siv);
  ok &= t_check (!err && !memcmp (out, pt, len), "%s: decryption: %s", what,
                 gcry_strerror (err));
  return ok;
}


/*
 * RFC 5297 appendix A.
 */

static void
run_builtins (void)
{
  static const char *const a1[] =
    {
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
      "101112131415161718191a1b1c1d1e1f2021222324252627",
      "112233445566778899aabbccddee",
      "85632d07c6e8f37f950acd320a2ecc93",
      "40c02b9690c4dc04daef7f6afe5c"
    };
  static const char *const a2[] =
    {
      "7f7e7d7c7b7a79787776757473727170404142434445464748494a4b4c4d4e4f",
      "00112233445566778899aabbccddeeffdeaddadadeaddadaffeeddccbbaa9988"
      "7766554433221100",
      "102030405060708090a0",
      "09f911029d74e35bd84156c5635688c0",
      "7468697320697320736f6d6520706c61696e7465787420746f20656e63727970"
      "74207573696e67205349562d414553",
      "7bdb6e3b432667eb06f4d14bff2fbd0f",
      "cb900f2fddbe404326601965c889bf17dba77ceb094fa663b7a3f748ba8af829"
      "ea64ad544a272e9c485b62a3fd5c0d"
    };
  unsigned char key[64], ad1[64], ad2[64], nonce[16], pt[64], ct[64],
    siv[16];
  struct siv_msg m;
  long keylen, len;

  memset (&m, 0, sizeof m);
  keylen = t_unhex (a1[0], key, sizeof key);
  m.adlen[0] = (size_t) t_unhex (a1[1], ad1, sizeof ad1);
  m.ad[0] = ad1;
  m.nad = 1;
  len = t_unhex (a1[2], pt, sizeof pt);
  t_unhex (a1[3], siv, sizeof siv);
  if (t_check (t_unhex (a1[4], ct, sizeof ct) == len, "A.1 malformed"))
    check_vector ("RFC 5297 A.1", key, keylen, &m, pt, len, ct, siv);

  memset (&m, 0, sizeof m);
  keylen = t_unhex (a2[0], key, sizeof key);
  m.adlen[0] = (size_t) t_unhex (a2[1], ad1, sizeof ad1);
  m.ad[0] = ad1;
  m.adlen[1] = (size_t) t_unhex (a2[2], ad2, sizeof ad2);
  m.ad[1] = ad2;
  m.nad = 2;
  m.noncelen = (size_t) t_unhex (a2[3], nonce, sizeof nonce);
  m.nonce = nonce;
  len = t_unhex (a2[4], pt, sizeof pt);
  t_unhex (a2[5], siv, sizeof siv);
  if (t_check (t_unhex (a2[6], ct, sizeof ct) == len, "A.2 malformed"))
    check_vector ("RFC 5297 A.2", key, keylen, &m, pt, len, ct, siv);
}


/*
 * pyca's openssl.txt: Key, AAD, AAD2, ..., Tag, Plaintext, Ciphertext.
 */

static void
run_openssl_txt (const char *dir)
{
  static unsigned char key[64], ad[MAX_AD][256], pt[1024], ct[1024];
  unsigned char siv[16];
  char path[4200], adname[16];
  struct siv_msg m;
  long keylen, ptlen, ctlen, n;
  unsigned long count = 0, passed = 0;
  int have_tag;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/pyca-cryptography/ciphers/AES/SIV/openssl.txt",
            dir);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      memset (&m, 0, sizeof m);
      keylen = t_vec_hex (&v, "Key", key, sizeof key);
      /* The AD components in order: AAD, AAD2, AAD3, ...  */
      for (m.nad = 0; m.nad < MAX_AD; m.nad++)
        {
          if (m.nad)
            snprintf (adname, sizeof adname, "AAD%zu", m.nad + 1);
          else
            strcpy (adname, "AAD");
          if (!t_vec_get (&v, adname))
            break;
          n = t_vec_hex (&v, adname, ad[m.nad], sizeof ad[0]);
          t_check (n >= 0, "openssl.txt: bad %s", adname);
          m.ad[m.nad] = ad[m.nad];
          m.adlen[m.nad] = n < 0 ? 0 : (size_t) n;
        }
      have_tag = t_vec_hex (&v, "Tag", siv, sizeof siv) == 16;
      ptlen = t_vec_hex (&v, "Plaintext", pt, sizeof pt);
      ctlen = t_vec_hex (&v, "Ciphertext", ct, sizeof ct);
      count++;
      if (t_check (keylen > 0 && have_tag && ptlen >= 0 && ctlen == ptlen,
                   "openssl.txt record %lu malformed", count)
          && check_vector ("openssl.txt", key, keylen, &m, pt, ptlen, ct,
                           siv))
        passed++;
    }
  t_check (!v.errors, "openssl.txt: %lu lines not read", v.errors);
  t_vec_close (&v);
  t_check (count > 0, "openssl.txt: no records");
  printf ("%s: AES/SIV/openssl.txt: %lu of %lu vectors passed\n", t_name,
          passed, count);
}


/*
 * Wycheproof: the deterministic form (aad is the one AD component, ct is
 * SIV || C) and the AEAD form (aad, then iv as the nonce).
 */

static void
run_wycheproof (const char *dir, const char *file, int aead)
{
  static t_json_aead_t w;
  static unsigned char out[2048];
  char path[4200];
  t_json_span_t obj;
  const char *pos, *end;
  char *text;
  const unsigned char *c, *siv;
  unsigned long count = 0, passed = 0;
  struct siv_msg m;
  gcry_error_t err;
  size_t len;
  int ok;

  snprintf (path, sizeof path, "wycheproof/testvectors_v1/%s", file);
  text = t_json_load_vectors (dir, path, &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      count++;
      t_json_aead_read (&obj, &w);
      if (!aead)
        {
          /* The deterministic form: no nonce, the SIV leads CT.  */
          w.ivlen = 0;
          w.taglen = 16;
        }
      if (!t_check (w.keylen > 0 && w.aadlen >= 0 && w.msglen >= 0
                    && w.ivlen >= 0 && w.taglen == 16
                    && w.ctlen == w.msglen + (aead ? 0 : 16) && w.result[0],
                    "%s tcId %ld: unreadable", file, w.tcid))
        continue;
      siv = aead ? w.tag : w.ct;
      c = aead ? w.ct : w.ct + 16;

      memset (&m, 0, sizeof m);
      m.ad[0] = w.aad;
      m.adlen[0] = w.aadlen;
      m.nad = 1;
      if (aead)
        {
          m.nonce = w.iv;
          m.noncelen = w.ivlen;
        }

      if (w.keylen != 32 && w.keylen != 48 && w.keylen != 64)
        {
          /* Not an AES-SIV key: refused at setkey.  */
          gcry_cipher_hd_t h;

          err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_SIV,
                                  0);
          if (!err)
            {
              err = gcry_cipher_setkey (h, w.key, w.keylen);
              gcry_cipher_close (h);
            }
          ok = t_check (strcmp (w.result, "valid")
                        && gpg_err_code (err) == GPG_ERR_INV_KEYLEN,
                        "%s tcId %ld: key of %ld bytes gave %s", file, w.tcid,
                        w.keylen, gcry_strerror (err));
        }
      else if (!strcmp (w.result, "valid"))
        ok = check_vector (file, w.key, w.keylen, &m, w.msg, w.msglen, c, siv);
      else
        {
          memset (out, 0xee, w.msglen);
          err = siv_decrypt (w.key, w.keylen, &m, c, w.msglen, out, siv);
          ok = t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                        "%s tcId %ld: invalid gave %s", file, w.tcid,
                        gcry_strerror (err));
          /* Upstream zeroes the output of a failed decryption.  */
          for (len = 0; len < (size_t) w.msglen && !out[len]; len++)
            ;
          ok &= t_check (len == (size_t) w.msglen,
                         "%s tcId %ld: plaintext released", file, w.tcid);
        }
      if (ok)
        passed++;
    }
  free (text);
  t_check (count > 0, "%s: no tests", file);
  printf ("%s: %s: %lu of %lu vectors passed\n", t_name, file, passed,
          count);
}


/*
 * Random messages: in place and misaligned round trips, and against
 * OpenSSL's AES-SIV.
 */

#ifdef HAVE_LIBCRYPTO
/* OpenSSL: every AAD update is one S2V component; the nonce is simply
   the last one.  */
static int
openssl_siv (const unsigned char *key, size_t keylen,
             const struct siv_msg *m, const unsigned char *pt, size_t len,
             unsigned char *ct, unsigned char *siv)
{
  const char *name = keylen == 32 ? "AES-128-SIV"
                     : keylen == 48 ? "AES-192-SIV" : "AES-256-SIV";
  EVP_CIPHER *cipher = EVP_CIPHER_fetch (NULL, name, NULL);
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  unsigned char dummy[1];
  int outl, ok;
  size_t i;

  ok = cipher && ctx && EVP_EncryptInit_ex (ctx, cipher, NULL, key, NULL);
  for (i = 0; ok && i < m->nad; i++)
    ok = EVP_EncryptUpdate (ctx, NULL, &outl, m->adlen[i] ? m->ad[i] : dummy,
                            (int) m->adlen[i]);
  if (ok && m->nonce)
    ok = EVP_EncryptUpdate (ctx, NULL, &outl,
                            m->noncelen ? m->nonce : dummy,
                            (int) m->noncelen);
  ok = ok && EVP_EncryptUpdate (ctx, len ? ct : dummy, &outl,
                                len ? pt : dummy, (int) len)
       && EVP_EncryptFinal_ex (ctx, dummy, &outl)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, 16, siv);
  EVP_CIPHER_CTX_free (ctx);
  EVP_CIPHER_free (cipher);
  return ok;
}
#endif

static void
run_random (void)
{
  static unsigned char adbuf[MAX_AD][300], ptbuf[5000 + 16],
    ctbuf[5000 + 16], outbuf[5000 + 16];
  unsigned char key[64], nonce[64], siv[16], siv2[16];
  unsigned char *pt, *ct, *out;
  unsigned long ok = 0, total = 0, agreed = 0, compared = 0;
  size_t keylen, len, i;
  struct siv_msg m;
  gcry_error_t err;
  int iter, in_place;

  for (iter = 0; iter < 200; iter++)
    {
      memset (&m, 0, sizeof m);
      keylen = 32 + 16 * t_rnd (3);
      t_rnd_bytes (key, keylen);
      m.nad = t_rnd (6);
      for (i = 0; i < m.nad; i++)
        {
          m.ad[i] = adbuf[i] + t_rnd (16);
          m.adlen[i] = t_rnd (2) ? t_rnd (40) : t_rnd (280);
          t_rnd_bytes ((unsigned char *) m.ad[i], m.adlen[i]);
        }
      if (t_rnd (2))
        {
          m.nonce = nonce;
          m.noncelen = t_rnd (64);
          t_rnd_bytes (nonce, m.noncelen);
        }
      pt = ptbuf + t_rnd (16);
      ct = ctbuf + t_rnd (16);
      out = outbuf + t_rnd (16);
      len = t_rnd (3) ? t_rnd (100) : t_rnd (5000);
      t_rnd_bytes (pt, len);
      in_place = (int) t_rnd (2);

      total++;
      if (in_place)
        {
          memcpy (ct, pt, len);
          err = siv_encrypt (key, keylen, &m, ct, len, ct, siv);
        }
      else
        err = siv_encrypt (key, keylen, &m, pt, len, ct, siv);
      if (!t_check (!err, "encryption: %s", gcry_strerror (err)))
        continue;
      if (in_place)
        {
          memcpy (out, ct, len);
          err = siv_decrypt (key, keylen, &m, out, len, out, siv);
        }
      else
        err = siv_decrypt (key, keylen, &m, ct, len, out, siv);
      if (t_check (!err && !memcmp (out, pt, len),
                   "round trip (%zu AD, len %zu, in place %d): %s", m.nad,
                   len, in_place, gcry_strerror (err)))
        ok++;

#ifdef HAVE_LIBCRYPTO
      /* OpenSSL's EVP cannot take an empty plaintext here (its update
         skips zero lengths); the empty message has its Wycheproof and
         RFC vectors.  */
      if (!len)
        continue;
      compared++;
      if (t_check (openssl_siv (key, keylen, &m, pt, len, out, siv2),
                   "OpenSSL AES-SIV failed (len %zu, %zu AD, nonce %d)",
                   len, m.nad, m.nonce != NULL)
          && t_check (!memcmp (out, ct, len) && !memcmp (siv, siv2, 16),
                      "vs OpenSSL: key %zu, %zu AD, nonce %d, len %zu",
                      keylen, m.nad, m.nonce != NULL, len))
        agreed++;
#else
      (void) siv2;
#endif
    }
  printf ("%s: random: %lu of %lu round trips passed\n", t_name, ok, total);
#ifdef HAVE_LIBCRYPTO
  printf ("%s: OpenSSL: %lu of %lu random messages agreed\n", t_name,
          agreed, compared);
#else
  (void) agreed;
  (void) compared;
  t_skip ("OpenSSL comparison: libcrypto was not found at configure time");
#endif
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
  unsigned char key[64], nonce[16], buf[64], out[64], ct[64], tag[32],
    tag2[32];
  gcry_cipher_hd_t h;
  size_t n, i;
  int k;

  for (i = 0; i < sizeof key; i++)
    key[i] = (unsigned char) i;
  memset (nonce, 0xa7, sizeof nonce);
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 3);

  if (!t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_SIV,
                                   0), "open"))
    return;
  /* Two AES keys of the same size.  */
  EXPECT (gcry_cipher_setkey (h, key, 16), GPG_ERR_INV_KEYLEN);
  EXPECT (gcry_cipher_setkey (h, key, 33), GPG_ERR_INV_KEYLEN);
  EXPECT (gcry_cipher_setkey (h, key, 40), GPG_ERR_INV_KEYLEN);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), GPG_ERR_MISSING_KEY);
  EXPECT (gcry_cipher_authenticate (h, buf, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_setkey (h, key, 32), 0);

  /* AD components: NULL is refused, empty counts.  */
  EXPECT (gcry_cipher_authenticate (h, NULL, 0), GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_authenticate (h, buf, 0), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 16), 0);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_authenticate (h, buf, 0), 0);
  EXPECT (gcry_cipher_gettag (h, tag2, 16), 0);
  t_check (!memcmp (tag, tag2, 16), "reset does not restart S2V");
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_gettag (h, tag2, 16), 0);
  t_check (memcmp (tag, tag2, 16), "an empty AD component is ignored");

  /* The nonce is the last component.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_setiv (h, NULL, 0), GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_setiv (h, nonce, 0), 0);
  EXPECT (gcry_cipher_setiv (h, nonce, 8), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_authenticate (h, buf, 3), GPG_ERR_INV_STATE);

  /* One encryption; a short output is refused and not overrun.  */
  memset (out, 0xee, sizeof out);
  EXPECT (gcry_cipher_encrypt (h, out, 3, buf, 5), GPG_ERR_BUFFER_TOO_SHORT);
  for (i = 3; i < sizeof out; i++)
    if (out[i] != 0xee)
      break;
  t_check (i == sizeof out, "short output buffer written past its end");
  memset (out, 0xee, sizeof out);
  EXPECT (gcry_cipher_encrypt (h, out, 40, buf, 40), 0);
  t_check (out[40] == 0xee, "encrypt wrote past its length");
  memcpy (ct, out, sizeof ct);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);

  /* The SIV: any length up to 16 read, checktag wants all 16.  */
  memset (tag, 0xee, sizeof tag);
  EXPECT (gcry_cipher_gettag (h, tag, 20), 0);
  t_check (tag[16] == 0xee, "gettag wrote past 16 bytes");
  EXPECT (gcry_cipher_gettag (h, tag2, 8), 0);
  t_check (!memcmp (tag, tag2, 8), "truncated gettag differs");
  EXPECT (gcry_cipher_gettag (h, NULL, 0), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 16), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 8), GPG_ERR_CHECKSUM);
  EXPECT (gcry_cipher_checktag (h, tag, 0), GPG_ERR_CHECKSUM);
  EXPECT (gcry_cipher_checktag (h, tag, 17), GPG_ERR_CHECKSUM);
  for (k = 0; k < 16; k++)
    {
      memcpy (tag2, tag, 16);
      tag2[k] ^= 1;
      EXPECT (gcry_cipher_checktag (h, tag2, 16), GPG_ERR_CHECKSUM);
    }
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 16),
          GPG_ERR_INV_STATE);
  n = 0;
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n), 0);
  t_check (n == 16, "taglen %zu", n);

  /* Decryption: the tag first, one call, in place allowed.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_decrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 15),
          GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, NULL, 16),
          GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 16), 0);
  EXPECT (gcry_cipher_gettag (h, tag2, 16), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_setiv (h, nonce, 0), 0);
  memcpy (out, ct, 40);
  EXPECT (gcry_cipher_decrypt (h, out, 40, NULL, 0), 0);
  t_check (!memcmp (out, buf, 40), "in-place decryption wrong");
  EXPECT (gcry_cipher_checktag (h, tag, 16), 0);
  EXPECT (gcry_cipher_decrypt (h, out, 4, buf, 4), GPG_ERR_INV_STATE);

  /* A wrong SIV: GPG_ERR_CHECKSUM and no plaintext.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_setiv (h, nonce, 0), 0);
  memcpy (tag2, tag, 16);
  tag2[15] ^= 0x40;
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag2, 16), 0);
  memset (out, 0xee, sizeof out);
  EXPECT (gcry_cipher_decrypt (h, out, 40, ct, 40), GPG_ERR_CHECKSUM);
  for (i = 0; i < 40 && !out[i]; i++)
    ;
  t_check (i == 40 && out[40] == 0xee, "failed decryption output");
  EXPECT (gcry_cipher_checktag (h, tag2, 16), GPG_ERR_CHECKSUM);

  /* Up to 126 AD components (the nonce included).  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  for (i = 0; i < 126; i++)
    if (gcry_cipher_authenticate (h, buf, 1))
      break;
  t_check (i == 126, "only %zu AD components accepted", i);
  EXPECT (gcry_cipher_authenticate (h, buf, 1), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_setiv (h, nonce, 8), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), 0);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  for (i = 0; i < 125; i++)
    if (gcry_cipher_authenticate (h, buf, 1))
      break;
  EXPECT (gcry_cipher_setiv (h, nonce, 8), 0);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), 0);

  /* Commands of other modes.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, key, 24),
          GPG_ERR_INV_CIPHER_MODE);
  gcry_cipher_close (h);

  /* A fresh key restarts S2V.  */
  if (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_SIV, 0))
    {
      EXPECT (gcry_cipher_setkey (h, key, 64), 0);
      EXPECT (gcry_cipher_authenticate (h, buf, 3), 0);
      EXPECT (gcry_cipher_setkey (h, key, 64), 0);
      EXPECT (gcry_cipher_encrypt (h, out, 17, buf, 17), 0);
      EXPECT (gcry_cipher_gettag (h, tag, 16), 0);
      gcry_cipher_close (h);
      h = open_siv (key, 64);
      if (h)
        {
          EXPECT (gcry_cipher_encrypt (h, ct, 17, buf, 17), 0);
          EXPECT (gcry_cipher_gettag (h, tag2, 16), 0);
          t_check (!memcmp (out, ct, 17) && !memcmp (tag, tag2, 16),
                   "setkey did not restart the message");
          gcry_cipher_close (h);
        }
    }

}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-cipher-siv", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x51f0c3a5d2e1b4f7ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-cipher-siv: library initialisation failed\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  run_builtins ();
  run_bad_input ();
  run_random ();
  dir = t_vectors_dir ();
  if (dir)
    {
      run_openssl_txt (dir);
      run_wycheproof (dir, "aes_siv_cmac_test.json", 0);
      run_wycheproof (dir, "aead_aes_siv_cmac_test.json", 1);
    }
  return t_finish ();
}
