/* t-cipher-chacha20.c - ChaCha20, ChaCha20-Poly1305, Salsa20 and
 * Salsa20/12 through the public API, run by hwf-levels.sh once per CPU
 * level (so against every ChaCha20 kernel the machine has).
 *
 *  - Known answers: RFC 8439 (block function, encryption, AEAD, and the
 *    appendix A vectors), the 128-bit-key ChaCha20 keystream, the
 *    eSTREAM Salsa20 and Salsa20/12 set 1 vectors, written here as
 *    facts; then, read in place from the shared vectors (SKIP when
 *    absent), pyca-cryptography's ChaCha20 (RFC 7539) and
 *    ChaCha20Poly1305 (BoringSSL, OpenSSL) files and Wycheproof's
 *    chacha20_poly1305_test.json, valid and invalid cases.
 *  - Upstream's rules, as observed on upstream libgcrypt: which IV
 *    lengths ChaCha20 and Salsa20 take (others warn and give the
 *    all-zero nonce), the 16-byte IV as counter || nonce, the 64-bit
 *    counter carrying into the nonce's first word with a 12-byte nonce
 *    and wrapping at 2^64, setctr leaving the stream alone, setkey and
 *    reset going back to the all-zero nonce, 16- and 32-byte keys, the
 *    mode pairings and every AEAD error code (GPG_ERR_INV_STATE,
 *    GPG_ERR_BUFFER_TOO_SHORT, GPG_ERR_CHECKSUM, GPG_ERR_INV_ARG,
 *    GPG_ERR_INV_CIPHER_MODE ...).
 *  - Streaming: any split of the data (and of the AAD) gives the
 *    one-shot result, in place or not, across the AEAD's short-message
 *    path and the stream's kernels.
 *  - OpenSSL's EVP_chacha20 and EVP_chacha20_poly1305 as a second
 *    implementation when libcrypto is there (SKIP otherwise): random
 *    lengths 0..2100, random splits, both directions.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "gcrypt.h"
#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
#endif

#define MAXDATA 8192
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static unsigned char key[32], iv[16];
static unsigned char pt[MAXDATA], ct[MAXDATA], out[MAXDATA], ref[MAXDATA];

/* Warnings the library logs (bad IV lengths), counted and kept quiet.  */
static int n_warnings;
static char last_warning[256];

static void
log_handler (void *opaque, int level, const char *fmt, va_list ap)
{
  (void) opaque;
  (void) level;
  vsnprintf (last_warning, sizeof last_warning, fmt, ap);
  n_warnings++;
}

/* The log handler is deprecated in favour of gpgrt's logging, but it is
   the one documented way to see the library's messages in-process.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void
capture_log (void)
{
  gcry_set_log_handler (log_handler, NULL);
}
#pragma GCC diagnostic pop

static gcry_err_code_t
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

/* A handle of ALGO in MODE with KEY (KEYLEN bytes), or NULL after a
   failed check.  */
static gcry_cipher_hd_t
open_key (int algo, int mode, const unsigned char *k, size_t keylen)
{
  gcry_cipher_hd_t h;
  gcry_error_t err = gcry_cipher_open (&h, algo, mode, 0);

  if (!t_check (!err, "open %d/%d: %s", algo, mode, gcry_strerror (err)))
    return NULL;
  err = gcry_cipher_setkey (h, k, keylen);
  if (!t_check (!err, "setkey %d/%d (%zu): %s", algo, mode, keylen,
                gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* 16-byte ChaCha20 IV for upstream's counter || nonce form.  */
static void
iv16 (unsigned char *dst, uint32_t counter, const unsigned char *nonce12)
{
  dst[0] = (unsigned char) counter;
  dst[1] = (unsigned char) (counter >> 8);
  dst[2] = (unsigned char) (counter >> 16);
  dst[3] = (unsigned char) (counter >> 24);
  memcpy (dst + 4, nonce12, 12);
}

/* ChaCha20 (or ALGO) keystream XOR over LEN bytes of IN, one call.  */
static int
stream_crypt (int algo, const unsigned char *k, size_t keylen,
              const unsigned char *n, size_t nlen, unsigned char *o,
              const unsigned char *in, size_t len)
{
  gcry_cipher_hd_t h = open_key (algo, GCRY_CIPHER_MODE_STREAM, k, keylen);
  gcry_error_t err;

  if (!h)
    return -1;
  err = gcry_cipher_setiv (h, n, nlen);
  if (!err)
    err = gcry_cipher_encrypt (h, o, len, in, len);
  gcry_cipher_close (h);
  return t_check (!err, "stream crypt: %s", gcry_strerror (err)) ? 0 : -1;
}

/* ChaCha20-Poly1305 in one call each; DECRYPT: IN is ciphertext and TAG
   (TAGLEN bytes) is checked (the error code of checktag is returned),
   else TAG is written.  */
static gcry_err_code_t
aead_tl (int decrypt, const unsigned char *k, const unsigned char *n,
         size_t nlen, const unsigned char *a, size_t alen, unsigned char *o,
         const unsigned char *in, size_t len, unsigned char *tag,
         size_t taglen)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305,
                          0);
  if (err)
    return code (err);
  err = gcry_cipher_setkey (h, k, 32);
  if (!err)
    err = gcry_cipher_setiv (h, n, nlen);
  if (!err)
    err = gcry_cipher_authenticate (h, a, alen);
  if (!err)
    err = decrypt ? gcry_cipher_decrypt (h, o, len, in, len)
                  : gcry_cipher_encrypt (h, o, len, in, len);
  if (!err)
    err = decrypt ? gcry_cipher_checktag (h, tag, taglen)
                  : gcry_cipher_gettag (h, tag, taglen);
  gcry_cipher_close (h);
  return code (err);
}

static gcry_err_code_t
aead (int decrypt, const unsigned char *k, const unsigned char *n,
      size_t nlen, const unsigned char *a, size_t alen, unsigned char *o,
      const unsigned char *in, size_t len, unsigned char *tag)
{
  return aead_tl (decrypt, k, n, nlen, a, alen, o, in, len, tag, 16);
}


/*
 * Known answers written here.
 */

static void
check_rfc8439 (void)
{
  /* 2.4.2: key 00..1f, nonce 00000000 0000004a 00000000, counter 1.  */
  static const char sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you "
    "only one tip for the future, sunscreen would be it.";
  static const char ct242[] =
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d";
  /* 2.8.2: the AEAD, key 80..9f, nonce 07000000 40414243 44454647, AAD
     50515253 c0c1c2c3 c4c5c6c7.  */
  static const char ct282[] =
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116";
  static const char tag282[] = "1ae10b594f09e26a7e902ecbd0600691";
  /* A.1 #1: zero key, zero nonce, counter 0: the keystream.  */
  static const char a1_1[] =
    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
  /* A.5: the AEAD decryption example.  */
  static const char a5_key[] =
    "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0";
  static const char a5_nonce[] = "000000000102030405060708";
  static const char a5_aad[] = "f33388860000000000004e91";
  static const char a5_tag[] = "eead9d67890cbb22392336fea1851f38";
  static const char a5_ct[] =
    "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
    "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
    "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
    "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
    "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
    "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
    "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
    "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
    "a6ad5cb4022b02709b";
  static const char a5_pt_start[] = "Internet-Drafts are draft documents";
  unsigned char k[32], n[12], a[16], t[16], want[512];
  size_t i, len;

  for (i = 0; i < 32; i++)
    k[i] = (unsigned char) i;
  memcpy (n, "\0\0\0\0\0\0\0\x4a\0\0\0\0", 12);
  iv16 (iv, 1, n);
  len = sizeof sunscreen - 1;
  t_unhex (ct242, want, sizeof want);
  if (!stream_crypt (GCRY_CIPHER_CHACHA20, k, 32, iv, 16, out,
                     (const unsigned char *) sunscreen, len))
    t_check (!memcmp (out, want, len), "RFC 8439 2.4.2 encryption");

  memset (k, 0, 32);
  memset (pt, 0, 64);
  t_unhex (a1_1, want, sizeof want);
  if (!stream_crypt (GCRY_CIPHER_CHACHA20, k, 32, k, 12, out, pt, 64))
    t_check (!memcmp (out, want, 64), "RFC 8439 A.1 #1, 12-byte nonce");
  if (!stream_crypt (GCRY_CIPHER_CHACHA20, k, 32, k, 8, out, pt, 64))
    t_check (!memcmp (out, want, 64), "RFC 8439 A.1 #1, 8-byte nonce");

  for (i = 0; i < 32; i++)
    k[i] = (unsigned char) (0x80 + i);
  t_unhex ("070000004041424344454647", n, sizeof n);
  t_unhex ("50515253c0c1c2c3c4c5c6c7", a, sizeof a);
  t_unhex (ct282, want, sizeof want);
  t_check (!aead (0, k, n, 12, a, 12, out, (const unsigned char *) sunscreen,
                  len, t)
           && !memcmp (out, want, len) && t_unhex (tag282, want, 16) == 16
           && !memcmp (t, want, 16), "RFC 8439 2.8.2 AEAD encryption");

  t_unhex (a5_key, k, sizeof k);
  t_unhex (a5_nonce, n, sizeof n);
  t_unhex (a5_aad, a, sizeof a);
  t_unhex (a5_tag, t, sizeof t);
  len = (size_t) t_unhex (a5_ct, ct, sizeof ct);
  t_check (!aead (1, k, n, 12, a, 12, out, ct, len, t)
           && !memcmp (out, a5_pt_start, sizeof a5_pt_start - 1),
           "RFC 8439 A.5 AEAD decryption");
  t[15] ^= 1;
  t_check (aead (1, k, n, 12, a, 12, out, ct, len, t) == GPG_ERR_CHECKSUM,
           "RFC 8439 A.5 with a bad tag: GPG_ERR_CHECKSUM");
}

/* Keystreams of 16-byte keys (ChaCha20) and the eSTREAM set 1 vector 0
   of Salsa20 and Salsa20/12 (key 80 00 .., IV 0).  */
static void
check_other_kats (void)
{
  static const struct
  {
    int algo;
    size_t keylen;
    unsigned char key0;
    const char *stream;
  } kats[] =
    {
      { GCRY_CIPHER_CHACHA20, 16, 0x00,
        "89670952608364fd00b2f90936f031c8e756e15dba04b8493d00429259b20f46"
        "cc04f111246b6c2ce066be3bfb32d9aa0fddfbc12123d4b9e44f34dca05a103f" },
      { GCRY_CIPHER_SALSA20, 16, 0x80,
        "4dfa5e481da23ea09a31022050859936da52fcee218005164f267cb65f5cfd7f"
        "2b4f97e0ff16924a52df269515110a07f9e460bc65ef95da58f740b7d1dbb0aa" },
      { GCRY_CIPHER_SALSA20, 32, 0x80,
        "e3be8fdd8beca2e3ea8ef9475b29a6e7003951e1097a5c38d23b7a5fad9f6844"
        "b22c97559e2723c7cbbd3fe4fc8d9a0744652a83e72a9c461876af4d7ef1a117" },
      { GCRY_CIPHER_SALSA20R12, 16, 0x80,
        "fc207dbfc76c5e1774961e7a5aad09069b2225ac1ce0fe7a0ce77003e7e5bdf8"
        "b31af821000813e6c56b8c1771d6ee7039b2fbd0a68e8ad70a3944b677937897" },
    };
  unsigned char k[32], n[8], want[64];
  size_t i;

  for (i = 0; i < DIM (kats); i++)
    {
      memset (k, 0, sizeof k);
      k[0] = kats[i].key0;
      memset (n, 0, sizeof n);
      memset (pt, 0, 64);
      t_unhex (kats[i].stream, want, sizeof want);
      if (!stream_crypt (kats[i].algo, k, kats[i].keylen, n, 8, out, pt, 64))
        t_check (!memcmp (out, want, 64), "known keystream %zu (algo %d, "
                 "%zu-byte key)", i, kats[i].algo, kats[i].keylen);
    }
}


/*
 * Vector files.
 */

/* A field that is hex or a quoted string (BoringSSL's files).  */
static long
vec_bytes (t_vec_t *v, const char *name, unsigned char *dst, size_t size)
{
  const char *s = t_vec_get (v, name);
  size_t n;

  if (!s)
    return -1;
  if (*s != '"')
    return t_unhex (s, dst, size);
  n = strlen (s);
  if (n < 2 || s[n - 1] != '"' || n - 2 > size)
    return -1;
  memcpy (dst, s + 1, n - 2);
  return (long) (n - 2);
}

static void
check_pyca_chacha20 (const char *dir)
{
  char path[4400];
  unsigned char k[32], n[16];
  long kl, nl, pl, cl;
  t_vec_t v;
  int count = 0, bad = 0;

  snprintf (path, sizeof path,
            "%s/pyca-cryptography/ciphers/ChaCha20/rfc7539.txt", dir);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      kl = t_vec_hex (&v, "KEY", k, sizeof k);
      nl = t_vec_hex (&v, "NONCE", n, sizeof n);
      pl = t_vec_hex (&v, "PLAINTEXT", pt, sizeof pt);
      cl = t_vec_hex (&v, "CIPHERTEXT", ct, sizeof ct);
      if (kl != 32 || nl != 12 || pl < 0 || pl != cl)
        {
          bad++;
          continue;
        }
      iv16 (iv, (uint32_t) t_vec_long (&v, "INITIAL_BLOCK_COUNTER", 0), n);
      if (stream_crypt (GCRY_CIPHER_CHACHA20, k, 32, iv, 16, out, pt,
                        (size_t) pl)
          || memcmp (out, ct, (size_t) pl))
        bad++;
      count++;
    }
  t_check (v.errors == 0 && count >= 3 && !bad,
           "pyca ChaCha20 rfc7539.txt: %d vectors, %d bad", count, bad);
  t_vec_close (&v);
}

static void
check_pyca_aead (const char *dir, const char *file)
{
  char path[4400];
  static unsigned char a[2048];
  unsigned char k[32], n[16], t[16], tag[16];
  long kl, nl, al, pl, cl, tl;
  int openssl_form = !strcmp (file, "openssl.txt");
  t_vec_t v;
  int count = 0, bad = 0;

  snprintf (path, sizeof path,
            "%s/pyca-cryptography/ciphers/ChaCha20Poly1305/%s", dir, file);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      int fail_expected = 0;

      kl = vec_bytes (&v, "KEY", k, sizeof k);
      nl = vec_bytes (&v, openssl_form ? "IV" : "NONCE", n, sizeof n);
      al = vec_bytes (&v, openssl_form ? "AAD" : "AD", a, sizeof a);
      pl = vec_bytes (&v, openssl_form ? "Plaintext" : "IN", pt, sizeof pt);
      cl = vec_bytes (&v, openssl_form ? "Ciphertext" : "CT", ct, sizeof ct);
      tl = vec_bytes (&v, "TAG", tag, sizeof tag);
      if (t_vec_get (&v, "Result"))
        fail_expected = 1;      /* "CIPHERFINAL_ERROR": a bad tag */
      if (kl != 32 || nl != 12 || al < 0 || pl < 0 || pl != cl || tl != 16)
        {
          bad++;
          continue;
        }
      count++;
      if (!fail_expected)
        {
          if (aead (0, k, n, 12, a, (size_t) al, out, pt, (size_t) pl, t)
              || memcmp (out, ct, (size_t) pl) || memcmp (t, tag, 16))
            bad++;
          else if (aead (1, k, n, 12, a, (size_t) al, out, ct, (size_t) cl,
                         tag)
                   || memcmp (out, pt, (size_t) pl))
            bad++;
        }
      else if (aead (1, k, n, 12, a, (size_t) al, out, ct, (size_t) cl, tag)
               != GPG_ERR_CHECKSUM)
        bad++;
    }
  t_check (v.errors == 0 && count >= 5 && !bad,
           "pyca ChaCha20Poly1305 %s: %d vectors, %d bad", file, count, bad);
  t_vec_close (&v);
}

static void
check_wycheproof (const char *dir)
{
  static t_json_aead_t w;
  const char *pos, *end;
  t_json_span_t obj;
  char *text;
  size_t len;
  int valid = 0, invalid = 0, bad = 0;
  unsigned char t[16];

  text = t_json_load_vectors (dir,
                              "wycheproof/testvectors_v1/"
                              "chacha20_poly1305_test.json", &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      gcry_err_code_t rc;

      t_json_aead_read (&obj, &w);
      if (w.keylen != 32 || w.ivlen < 0 || w.aadlen < 0 || w.msglen < 0
          || w.ctlen != w.msglen || w.taglen < 0
          || (w.taglen != 16 && strcmp (w.result, "invalid")))
        {
          bad++;
          continue;
        }
      if (!strcmp (w.result, "valid"))
        {
          valid++;
          rc = aead (0, w.key, w.iv, (size_t) w.ivlen, w.aad,
                     (size_t) w.aadlen, out, w.msg, (size_t) w.msglen, t);
          if (rc || memcmp (out, w.ct, (size_t) w.ctlen)
              || memcmp (t, w.tag, 16))
            {
              bad++;
              t_check (0, "Wycheproof tcId %ld: encryption", w.tcid);
              continue;
            }
          rc = aead (1, w.key, w.iv, (size_t) w.ivlen, w.aad,
                     (size_t) w.aadlen, out, w.ct, (size_t) w.ctlen, w.tag);
          if (rc || memcmp (out, w.msg, (size_t) w.msglen))
            {
              bad++;
              t_check (0, "Wycheproof tcId %ld: decryption", w.tcid);
            }
        }
      else
        {
          /* A modified tag or ciphertext, or a nonce length RFC 8439
             does not have (upstream takes 8 and 16 bytes as other
             ChaCha20 layouts, warns about the rest and uses the
             all-zero nonce): the tag must not verify.  */
          invalid++;
          rc = aead_tl (1, w.key, w.iv, (size_t) w.ivlen, w.aad,
                        (size_t) w.aadlen, out, w.ct, (size_t) w.ctlen, w.tag,
                        (size_t) w.taglen);
          /* (The bad-nonce cases come without a tag: too short.)  */
          if (rc != (w.taglen == 16 ? GPG_ERR_CHECKSUM
                     : GPG_ERR_BUFFER_TOO_SHORT))
            {
              bad++;
              t_check (0, "Wycheproof tcId %ld: invalid case accepted (%d)",
                       w.tcid, rc);
            }
        }
    }
  free (text);
  t_check (valid >= 200 && invalid >= 50 && !bad,
           "Wycheproof ChaCha20-Poly1305: %d valid, %d invalid, %d bad",
           valid, invalid, bad);
}


/*
 * Upstream's rules.
 */

static void
check_open_and_keys (void)
{
  static const int block_modes[] =
    { GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CFB,
      GCRY_CIPHER_MODE_OFB, GCRY_CIPHER_MODE_CTR, GCRY_CIPHER_MODE_GCM,
      GCRY_CIPHER_MODE_CCM, GCRY_CIPHER_MODE_OCB, GCRY_CIPHER_MODE_XTS,
      GCRY_CIPHER_MODE_EAX, GCRY_CIPHER_MODE_SIV, GCRY_CIPHER_MODE_GCM_SIV,
      GCRY_CIPHER_MODE_CFB8, GCRY_CIPHER_MODE_AESWRAP, GCRY_CIPHER_MODE_NONE };
  static const int algos[] = { GCRY_CIPHER_CHACHA20, GCRY_CIPHER_SALSA20,
                               GCRY_CIPHER_SALSA20R12 };
  static const char *const names[] = { "CHACHA20", "SALSA20", "SALSA20R12" };
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, m, kl, n;
  char *cfg;

  for (i = 0; i < DIM (algos); i++)
    {
      t_check (!strcmp (gcry_cipher_algo_name (algos[i]), names[i]),
               "name of %d", algos[i]);
      t_check (gcry_cipher_map_name (names[i]) == algos[i]
               && gcry_cipher_map_name ("chacha20") == GCRY_CIPHER_CHACHA20,
               "map_name %s", names[i]);
      t_check (gcry_cipher_get_algo_keylen (algos[i]) == 32
               && gcry_cipher_get_algo_blklen (algos[i]) == 1,
               "%s: key 32 bytes, block 1", names[i]);
      t_check (!gcry_cipher_test_algo (algos[i]), "%s available", names[i]);
      for (m = 0; m < DIM (block_modes); m++)
        {
          err = gcry_cipher_open (&h, algos[i], block_modes[m], 0);
          t_check (code (err) == GPG_ERR_INV_CIPHER_MODE && !h,
                   "%s in block mode %d: %s", names[i], block_modes[m],
                   gcry_strerror (err));
        }
      err = gcry_cipher_open (&h, algos[i], GCRY_CIPHER_MODE_POLY1305, 0);
      t_check (i == 0 ? !err : code (err) == GPG_ERR_INV_CIPHER_MODE,
               "%s in POLY1305 mode: %s", names[i], gcry_strerror (err));
      if (!err)
        gcry_cipher_close (h);

      /* Keys: 16 and 32 bytes only.  */
      err = gcry_cipher_open (&h, algos[i], GCRY_CIPHER_MODE_STREAM, 0);
      if (!t_check (!err, "open %s stream", names[i]))
        continue;
      err = gcry_cipher_encrypt (h, out, 16, pt, 16);
      t_check (code (err) == GPG_ERR_MISSING_KEY, "%s without key: %s",
               names[i], gcry_strerror (err));
      t_check (!gcry_cipher_setiv (h, NULL, 0), "%s: setiv before setkey",
               names[i]);
      for (kl = 0; kl <= 40; kl++)
        {
          err = gcry_cipher_setkey (h, pt, kl);
          t_check ((kl == 16 || kl == 32) ? !err
                   : code (err) == GPG_ERR_INV_KEYLEN,
                   "%s key length %zu: %s", names[i], kl,
                   gcry_strerror (err));
        }
      /* The last setkey failed: no key.  */
      err = gcry_cipher_encrypt (h, out, 16, pt, 16);
      t_check (code (err) == GPG_ERR_MISSING_KEY,
               "%s after a failed setkey: %s", names[i], gcry_strerror (err));
      gcry_cipher_setkey (h, key, 32);
      t_check (!gcry_cipher_encrypt (h, NULL, 0, NULL, 0)
               && !gcry_cipher_decrypt (h, out, 0, NULL, 0),
               "%s: zero-length calls", names[i]);
      err = gcry_cipher_authenticate (h, pt, 4);
      t_check (code (err) == GPG_ERR_INV_CIPHER_MODE,
               "%s stream: authenticate %s", names[i], gcry_strerror (err));
      err = gcry_cipher_gettag (h, out, 16);
      t_check (code (err) == GPG_ERR_INV_CIPHER_MODE,
               "%s stream: gettag %s", names[i], gcry_strerror (err));
      /* Deliberate difference from upstream (which writes INLEN bytes
         anyway): a short output buffer is refused.  */
      err = gcry_cipher_encrypt (h, out, 15, pt, 16);
      t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT,
               "%s stream: short output %s", names[i], gcry_strerror (err));
      gcry_cipher_close (h);
    }
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_STREAM, 0);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "AES in STREAM mode");
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_POLY1305, 0);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "AES in POLY1305 mode");

  cfg = gcry_get_config (0, "ciphers");
  t_check (cfg && strstr (cfg, ":chacha20:") && strstr (cfg, ":salsa20:"),
           "ciphers line lists chacha20 and salsa20: %s", cfg ? cfg : "-");
  gcry_free (cfg);
  cfg = gcry_get_config (0, "kernel-chacha20");
  n = cfg ? strlen (cfg) : 0;
  t_check (n > 17 && !strncmp (cfg, "kernel-chacha20:", 16)
           && cfg[n - 1] == ':', "kernel-chacha20 line: %s",
           cfg ? cfg : "-");
  if (t_verbose && cfg)
    printf ("%s\n", cfg);
  gcry_free (cfg);
}

/* The keystream of ALGO (32-byte KEY) for IV (IVLEN bytes, IVP may be
   NULL), LEN bytes into DST.  */
static void
keystream (int algo, const unsigned char *ivp, size_t ivlen,
           unsigned char *dst, size_t len)
{
  static const unsigned char zeros[MAXDATA];

  if (len <= sizeof zeros)
    stream_crypt (algo, key, 32, ivp, ivlen, dst, zeros, len);
}

static void
check_ivs (void)
{
  static const int algos[] = { GCRY_CIPHER_CHACHA20, GCRY_CIPHER_SALSA20,
                               GCRY_CIPHER_SALSA20R12 };
  static unsigned char zero_iv[16], ks0[256], ks[256], ks2[256];
  gcry_cipher_hd_t h;
  size_t a, l;

  for (a = 0; a < DIM (algos); a++)
    {
      int algo = algos[a];
      const char *name = gcry_cipher_algo_name (algo);

      keystream (algo, zero_iv, 8, ks0, 256);
      for (l = 0; l <= 20; l++)
        {
          int taken = l == 8 || (algo == GCRY_CIPHER_CHACHA20
                                 && (l == 12 || l == 16));
          int warnings = n_warnings;

          keystream (algo, iv, l, ks, 256);
          if (taken)
            t_check (memcmp (ks, ks0, 256) && n_warnings == warnings,
                     "%s: %zu-byte IV taken", name, l);
          else
            t_check (!memcmp (ks, ks0, 256) && n_warnings == warnings + 1
                     && strstr (last_warning, "bad ivlen"),
                     "%s: %zu-byte IV warned about, all-zero nonce", name,
                     l);
        }
      keystream (algo, NULL, 8, ks, 256);
      t_check (!memcmp (ks, ks0, 256), "%s: NULL IV is all-zero", name);

      /* Without setiv, after setkey, and after reset: the zero nonce;
         setctr does not disturb the stream; setkey restarts it.  */
      h = open_key (algo, GCRY_CIPHER_MODE_STREAM, key, 32);
      if (!h)
        continue;
      memset (pt, 0, 256);
      gcry_cipher_encrypt (h, ks, 10, pt, 10);
      t_check (!gcry_cipher_setctr (h, "x", 1)
               && code (gcry_cipher_setctr (h, iv, 16)) == GPG_ERR_INV_ARG
               && !gcry_cipher_setctr (h, NULL, 0),
               "%s: setctr takes 1 byte (the block size) or none", name);
      gcry_cipher_encrypt (h, ks + 10, 246, pt + 10, 246);
      t_check (!memcmp (ks, ks0, 256), "%s: no setiv, setctr mid-stream",
               name);
      gcry_cipher_setiv (h, iv, 8);
      gcry_cipher_encrypt (h, ks, 100, pt, 100);
      gcry_cipher_reset (h);
      gcry_cipher_encrypt (h, ks, 256, pt, 256);
      t_check (!memcmp (ks, ks0, 256), "%s: reset gives the zero nonce",
               name);
      gcry_cipher_setiv (h, iv, 8);
      gcry_cipher_encrypt (h, ks, 100, pt, 100);
      gcry_cipher_setkey (h, key, 32);
      gcry_cipher_encrypt (h, ks, 256, pt, 256);
      t_check (!memcmp (ks, ks0, 256), "%s: setkey gives the zero nonce",
               name);
      gcry_cipher_setiv (h, iv, 8);
      gcry_cipher_encrypt (h, ks, 100, pt, 100);
      gcry_cipher_setiv (h, iv, 8);
      gcry_cipher_encrypt (h, ks2, 256, pt, 256);
      keystream (algo, iv, 8, ks, 256);
      t_check (!memcmp (ks, ks2, 256), "%s: setiv restarts the stream",
               name);
      gcry_cipher_close (h);
    }

  /* ChaCha20's IV forms: 8-byte nonce N = 12-byte 0^4 || N = 16-byte
     0^8 || N; 12-byte nonce N = 16-byte 0^4 || N; the 16-byte IV's
     counter starts the stream at that block.  */
  {
    unsigned char n16[16];

    keystream (GCRY_CIPHER_CHACHA20, iv, 8, ks0, 256);
    memset (n16, 0, 16);
    memcpy (n16 + 4, iv, 8);
    keystream (GCRY_CIPHER_CHACHA20, n16, 12, ks, 256);
    t_check (!memcmp (ks, ks0, 256), "8-byte nonce = 12-byte 0^4 || nonce");
    memset (n16, 0, 16);
    memcpy (n16 + 8, iv, 8);
    keystream (GCRY_CIPHER_CHACHA20, n16, 16, ks, 256);
    t_check (!memcmp (ks, ks0, 256), "8-byte nonce = 16-byte 0^8 || nonce");
    keystream (GCRY_CIPHER_CHACHA20, iv, 12, ks0, 256);
    iv16 (n16, 0, iv);
    keystream (GCRY_CIPHER_CHACHA20, n16, 16, ks, 256);
    t_check (!memcmp (ks, ks0, 256), "12-byte nonce = 16-byte 0^4 || nonce");
    iv16 (n16, 3, iv);
    keystream (GCRY_CIPHER_CHACHA20, n16, 16, ks, 64);
    t_check (!memcmp (ks, ks0 + 192, 64), "16-byte IV: the counter");
  }
}

/* Block B of the keystream of the 16-byte IV W (counter || nonce).  */
static void
block_at (const unsigned char *w, unsigned char *dst)
{
  keystream (GCRY_CIPHER_CHACHA20, w, 16, dst, 64);
}

static void
check_counter_carry (void)
{
  static const size_t lens[] = { 128, 300, 1100, 3000 };
  unsigned char w[16], w2[16], blk[64];
  static unsigned char ks[3072];
  size_t l, b;
  int bad = 0;

  /* Upstream's 64-bit counter: from ffffffff the low word carries into
     word 13 (the 12-byte nonce's first word); from 2^64 - 1 it wraps
     to 0 and the 8-byte nonce stays.  Checked block by block against
     16-byte IVs naming each block, over spans the kernels process in
     one step, in several, and across steps.  */
  for (l = 0; l < DIM (lens); l++)
    {
      memcpy (w, iv, 16);
      memset (w, 0xff, 4);
      w[4] = 0xfe;                     /* word 13 low byte: 0xfe -> 0xff */
      memset (w + 5, 0x00, 3);
      keystream (GCRY_CIPHER_CHACHA20, w, 16, ks, lens[l]);
      for (b = 0; b < (lens[l] + 63) / 64; b++)
        {
          uint64_t ctr = 0x000000feffffffffULL + b;

          memcpy (w2, w, 16);
          for (int i = 0; i < 8; i++)
            w2[i] = (unsigned char) (ctr >> (8 * i));
          block_at (w2, blk);
          bad += memcmp (ks + 64 * b, blk,
                         lens[l] - 64 * b < 64 ? lens[l] - 64 * b : 64) != 0;
        }
      memset (w, 0xff, 8);
      w[0] = 0xfd;
      keystream (GCRY_CIPHER_CHACHA20, w, 16, ks, lens[l]);
      for (b = 0; b < (lens[l] + 63) / 64; b++)
        {
          uint64_t ctr = 0xfffffffffffffffdULL + b;

          memcpy (w2, w, 16);
          for (int i = 0; i < 8; i++)
            w2[i] = (unsigned char) (ctr >> (8 * i));
          block_at (w2, blk);
          bad += memcmp (ks + 64 * b, blk,
                         lens[l] - 64 * b < 64 ? lens[l] - 64 * b : 64) != 0;
        }
    }
  t_check (!bad, "64-bit counter: carry into word 13, wrap at 2^64 (%d bad)",
           bad);
}

static void
check_aead_rules (void)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned char t[40], t2[16], n8[12];
  size_t tl;
  int tlen = 16, warnings;

  h = open_key (GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, key, 32);
  if (!h)
    return;
  err = gcry_cipher_setiv (h, NULL, 0);
  t_check (code (err) == GPG_ERR_INV_ARG, "setiv (NULL, 0): %s",
           gcry_strerror (err));
  err = gcry_cipher_setiv (h, NULL, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "setiv (NULL, 8): %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_setiv (h, NULL, 12), "setiv (NULL, 12) taken");

  t_check (!gcry_cipher_setiv (h, iv, 12)
           && !gcry_cipher_authenticate (h, pt, 5)
           && !gcry_cipher_authenticate (h, NULL, 0)
           && !gcry_cipher_authenticate (h, pt + 5, 7)
           && !gcry_cipher_encrypt (h, out, 3, pt, 3),
           "AAD, AAD, data");
  err = gcry_cipher_authenticate (h, pt, 1);
  t_check (code (err) == GPG_ERR_INV_STATE, "AAD after data: %s",
           gcry_strerror (err));
  /* (A failed call fills its output with a marker: not OUT.)  */
  err = gcry_cipher_encrypt (h, t, 2, pt, 5);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT, "short output: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_encrypt (h, out + 3, 5, pt + 3, 5),
           "more data after a refused call");
  err = gcry_cipher_gettag (h, t, 15);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT, "gettag 15: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_encrypt (h, out + 8, 1, pt + 8, 1),
           "data after a refused gettag");
  memset (t, 0xee, sizeof t);
  err = gcry_cipher_gettag (h, t, 40);
  t_check (!err && t_all_bytes (t + 16, 24, 0xee),
           "gettag 40 writes 16 bytes: %s", gcry_strerror (err));
  t_check (!gcry_cipher_gettag (h, t2, 16) && !memcmp (t, t2, 16),
           "gettag again: the same tag");
  t_check (!gcry_cipher_checktag (h, t, 16), "checktag of the tag");
  err = gcry_cipher_checktag (h, t, 15);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT, "checktag 15: %s",
           gcry_strerror (err));
  err = gcry_cipher_checktag (h, t, 17);
  t_check (code (err) == GPG_ERR_CHECKSUM, "checktag 17: %s",
           gcry_strerror (err));
  err = gcry_cipher_checktag (h, NULL, 0);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT, "checktag (NULL, 0): %s",
           gcry_strerror (err));
  t2[7] ^= 0x10;
  err = gcry_cipher_checktag (h, t2, 16);
  t_check (code (err) == GPG_ERR_CHECKSUM, "checktag of a bad tag: %s",
           gcry_strerror (err));
  err = gcry_cipher_encrypt (h, t + 16, 4, pt, 4);
  t_check (code (err) == GPG_ERR_INV_STATE, "data after the tag: %s",
           gcry_strerror (err));
  err = gcry_cipher_authenticate (h, pt, 4);
  t_check (code (err) == GPG_ERR_INV_STATE, "AAD after the tag: %s",
           gcry_strerror (err));
  /* The same message in one call each.  */
  t_check (!aead (0, key, iv, 12, pt, 12, ref, pt, 9, t2)
           && !memcmp (ref, out, 9) && !memcmp (t2, t, 16),
           "split AEAD calls = one call each");

  /* A zero-length encrypt starts the data (NULL buffers allowed).  */
  gcry_cipher_setiv (h, iv, 12);
  t_check (!gcry_cipher_authenticate (h, NULL, 0)
           && !gcry_cipher_encrypt (h, NULL, 0, NULL, 0)
           && !gcry_cipher_encrypt (h, out, 0, pt, 0)
           && code (gcry_cipher_authenticate (h, pt, 3)) == GPG_ERR_INV_STATE,
           "zero-length data ends the AAD");

  err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tlen, sizeof tlen);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "SET_TAGLEN: %s",
           gcry_strerror (err));
  err = gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &tl);
  t_check (!err && tl == 16, "GET_TAGLEN: %s %zu", gcry_strerror (err), tl);
  err = gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, t, 16);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "SET_DECRYPTION_TAG: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_setctr (h, "x", 1)
           && code (gcry_cipher_setctr (h, iv, 16)) == GPG_ERR_INV_ARG,
           "setctr in POLY1305 mode");

  /* Nonce forms: 8-byte N as 12-byte 0^4 || N; a bad length warns and
     gives the zero nonce; no setiv (after setkey, after reset): zero.  */
  memset (n8, 0, 12);
  memcpy (n8 + 4, iv, 8);
  aead (0, key, iv, 8, pt, 7, out, pt, 100, t);
  aead (0, key, n8, 12, pt, 7, ref, pt, 100, t2);
  t_check (!memcmp (out, ref, 100) && !memcmp (t, t2, 16),
           "8-byte nonce = 12-byte 0^4 || nonce");
  memset (n8, 0, 12);
  aead (0, key, n8, 12, pt, 7, ref, pt, 100, t2);
  warnings = n_warnings;
  aead (0, key, iv, 5, pt, 7, out, pt, 100, t);
  t_check (!memcmp (out, ref, 100) && !memcmp (t, t2, 16)
           && n_warnings == warnings + 1, "5-byte nonce: warning, zero nonce");
  gcry_cipher_setiv (h, iv, 12);
  gcry_cipher_encrypt (h, out, 10, pt, 10);
  gcry_cipher_reset (h);
  t_check (!gcry_cipher_authenticate (h, pt, 7)
           && !gcry_cipher_encrypt (h, out, 100, pt, 100)
           && !gcry_cipher_gettag (h, t, 16)
           && !memcmp (out, ref, 100) && !memcmp (t, t2, 16),
           "after reset: zero nonce, fresh message");
  gcry_cipher_setiv (h, iv, 12);
  gcry_cipher_authenticate (h, pt, 3);
  gcry_cipher_setkey (h, key, 32);
  t_check (!gcry_cipher_authenticate (h, pt, 7)
           && !gcry_cipher_encrypt (h, out, 100, pt, 100)
           && !gcry_cipher_gettag (h, t, 16)
           && !memcmp (out, ref, 100) && !memcmp (t, t2, 16),
           "after setkey: zero nonce, fresh message");
  /* A refused setiv leaves the message as it was.  */
  gcry_cipher_setiv (h, iv, 12);
  gcry_cipher_encrypt (h, out, 10, pt, 10);
  t_check (code (gcry_cipher_setiv (h, NULL, 8)) == GPG_ERR_INV_ARG
           && !gcry_cipher_encrypt (h, out + 10, 20, pt + 10, 20)
           && !gcry_cipher_gettag (h, t, 16)
           && !aead (0, key, iv, 12, NULL, 0, ref, pt, 30, t2)
           && !memcmp (out, ref, 30) && !memcmp (t, t2, 16),
           "a refused setiv does not touch the message");
  gcry_cipher_close (h);

  /* Without a key (deliberately unlike upstream, which makes a tag from
     the unkeyed state): GPG_ERR_MISSING_KEY.  */
  gcry_cipher_open (&h, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 0);
  t_check (!gcry_cipher_setiv (h, iv, 12)
           && code (gcry_cipher_authenticate (h, pt, 3)) == GPG_ERR_MISSING_KEY
           && code (gcry_cipher_encrypt (h, out, 3, pt, 3))
              == GPG_ERR_MISSING_KEY
           && code (gcry_cipher_gettag (h, t, 16)) == GPG_ERR_MISSING_KEY
           && code (gcry_cipher_checktag (h, t, 16)) == GPG_ERR_MISSING_KEY,
           "POLY1305 without a key");
  gcry_cipher_close (h);

  /* IVs made by the library (TLS 1.3 style: 4 fixed bytes, 8 counted):
     each is the concatenation, the next one the counter plus one, and
     the message under it that of setiv with it.  */
  h = open_key (GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, key, 32);
  if (h)
    {
      unsigned char ivs[2][12], want_iv[12];
      static const unsigned char dyn[8] = { 0, 0, 0, 0, 0, 0, 0, 0xff };

      t_check (!gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                         iv, 4, dyn, 8)
               && !gcry_cipher_geniv (h, ivs[0], 12)
               && !gcry_cipher_encrypt (h, out, 50, pt, 50)
               && !gcry_cipher_gettag (h, t, 16)
               && !gcry_cipher_geniv (h, ivs[1], 12), "geniv");
      memcpy (want_iv, iv, 4);
      memcpy (want_iv + 4, dyn, 8);
      t_check (!memcmp (ivs[0], want_iv, 12), "geniv: fixed || dyn");
      want_iv[10] = 1;
      want_iv[11] = 0;
      t_check (!memcmp (ivs[1], want_iv, 12), "geniv: dyn + 1");
      t_check (!aead (0, key, ivs[0], 12, NULL, 0, ref, pt, 50, t2)
               && !memcmp (out, ref, 50) && !memcmp (t, t2, 16),
               "geniv: the message under the IV made");
      gcry_cipher_close (h);
    }

  /* 16-byte keys are taken in the AEAD mode too (as upstream).  */
  h = open_key (GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, key, 16);
  if (h)
    gcry_cipher_close (h);
}


/*
 * Streaming: splits, in place.
 */

/* Random split points of LEN bytes (0-length pieces included).  */
static size_t
next_piece (size_t left)
{
  size_t n;

  switch (t_rnd (4))
    {
    case 0: n = t_rnd (17); break;
    case 1: n = 64 * t_rnd (5) + t_rnd (3); break;
    case 2: n = t_rnd (600); break;
    default: n = left; break;
    }
  return n < left ? n : left;
}

static void
check_stream_splits (void)
{
  static const int algos[] = { GCRY_CIPHER_CHACHA20, GCRY_CIPHER_SALSA20,
                               GCRY_CIPHER_SALSA20R12 };
  size_t a, trial, len, done, n;
  int bad = 0;

  for (a = 0; a < DIM (algos); a++)
    for (trial = 0; trial < 300; trial++)
      {
        gcry_cipher_hd_t h;
        size_t ivlen = algos[a] == GCRY_CIPHER_CHACHA20
                       ? (trial % 3 == 0 ? 8 : trial % 3 == 1 ? 12 : 16) : 8;
        int inplace = trial % 4 == 0;

        len = trial < 100 ? trial * 21 : t_rnd (MAXDATA);
        t_rnd_bytes (key, 32);
        t_rnd_bytes (iv, 16);
        t_rnd_bytes (pt, len);
        if (stream_crypt (algos[a], key, 32, iv, ivlen, ref, pt, len))
          return;
        h = open_key (algos[a], GCRY_CIPHER_MODE_STREAM, key, 32);
        if (!h)
          return;
        gcry_cipher_setiv (h, iv, ivlen);
        if (inplace)
          memcpy (out, pt, len);
        for (done = 0; done < len || !done; done += n)
          {
            n = next_piece (len - done);
            if (inplace)
              bad += gcry_cipher_encrypt (h, out + done, n, NULL, 0) != 0;
            else
              bad += gcry_cipher_encrypt (h, out + done, n, pt + done, n)
                     != 0;
            if (!len)
              break;
          }
        bad += memcmp (out, ref, len) != 0;
        /* And back.  */
        gcry_cipher_setiv (h, iv, ivlen);
        for (done = 0; done < len; done += n)
          {
            n = next_piece (len - done);
            bad += gcry_cipher_decrypt (h, out + done, n, NULL, 0) != 0;
          }
        bad += memcmp (out, pt, len) != 0;
        gcry_cipher_close (h);
      }
  t_check (!bad, "stream ciphers: random splits, in place, both ways "
           "(%d bad)", bad);
}

static void
check_aead_splits (void)
{
  static unsigned char a[1024];
  unsigned char t[16], t2[16];
  size_t trial, len, alen, done, n;
  int bad = 0;

  for (trial = 0; trial < 600; trial++)
    {
      gcry_cipher_hd_t h;
      int decrypt = trial & 1, inplace = (trial & 2) != 0;

      /* Lengths around the short-message path (up to 11 blocks with the
         key block) and the AAD held back (up to 192 bytes).  */
      len = trial < 400 ? t_rnd (900) : t_rnd (MAXDATA);
      alen = trial % 5 == 0 ? 0 : t_rnd (trial % 3 ? 250 : 1024);
      t_rnd_bytes (key, 32);
      t_rnd_bytes (iv, 12);
      t_rnd_bytes (a, alen);
      t_rnd_bytes (pt, len);
      if (aead (0, key, iv, 12, a, alen, ref, pt, len, t))
        {
          bad++;
          continue;
        }
      h = open_key (GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, key, 32);
      if (!h)
        return;
      gcry_cipher_setiv (h, iv, 12);
      for (done = 0; done < alen; done += n)
        {
          n = next_piece (alen - done);
          bad += gcry_cipher_authenticate (h, a + done, n) != 0;
        }
      memcpy (out, decrypt ? ref : pt, len);
      for (done = 0; done < len; done += n)
        {
          const unsigned char *src = decrypt ? ref : pt;

          n = next_piece (len - done);
          if (inplace)
            bad += (decrypt ? gcry_cipher_decrypt (h, out + done, n, NULL, 0)
                    : gcry_cipher_encrypt (h, out + done, n, NULL, 0)) != 0;
          else
            bad += (decrypt
                    ? gcry_cipher_decrypt (h, out + done, n, src + done, n)
                    : gcry_cipher_encrypt (h, out + done, n, src + done, n))
                   != 0;
        }
      bad += memcmp (out, decrypt ? pt : ref, len) != 0;
      if (decrypt)
        bad += gcry_cipher_checktag (h, t, 16) != 0;
      else
        bad += gcry_cipher_gettag (h, t2, 16) != 0 || memcmp (t, t2, 16);
      gcry_cipher_close (h);
    }
  t_check (!bad, "ChaCha20-Poly1305: random AAD and data splits, in place, "
           "both ways (%d bad)", bad);
}


/*
 * OpenSSL as a second implementation.
 */

#ifdef HAVE_LIBCRYPTO
static void
check_openssl (void)
{
  static unsigned char a[512], o2[MAXDATA];
  unsigned char t[16], t2[16];
  size_t trial;
  int bad_stream = 0, bad_aead = 0, outl;

  for (trial = 0; trial < 400; trial++)
    {
      size_t len = t_rnd (2101), alen = t_rnd (300);
      EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
      uint32_t counter = (uint32_t) t_rnd (1u << 30);
      int ok;

      if (!ctx)
        break;
      t_rnd_bytes (key, 32);
      t_rnd_bytes (iv, 16);
      t_rnd_bytes (pt, len);
      t_rnd_bytes (a, alen);

      /* EVP_chacha20's IV: counter (little-endian 32 bits) || 12-byte
         nonce, upstream's 16-byte form.  */
      iv[0] = (unsigned char) counter;
      iv[1] = (unsigned char) (counter >> 8);
      iv[2] = (unsigned char) (counter >> 16);
      iv[3] = (unsigned char) (counter >> 24);
      ok = EVP_EncryptInit_ex (ctx, EVP_chacha20 (), NULL, key, iv)
           && EVP_EncryptUpdate (ctx, o2, &outl, pt, (int) len)
           && (size_t) outl == len;
      if (!ok || stream_crypt (GCRY_CIPHER_CHACHA20, key, 32, iv, 16, out,
                               pt, len)
          || memcmp (out, o2, len))
        bad_stream++;

      EVP_CIPHER_CTX_reset (ctx);
      ok = EVP_EncryptInit_ex (ctx, EVP_chacha20_poly1305 (), NULL, NULL,
                               NULL)
           && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL)
           && EVP_EncryptInit_ex (ctx, NULL, NULL, key, iv)
           && (alen == 0 || EVP_EncryptUpdate (ctx, NULL, &outl, a,
                                               (int) alen))
           && EVP_EncryptUpdate (ctx, o2, &outl, pt, (int) len)
           && EVP_EncryptFinal_ex (ctx, o2 + outl, &outl)
           && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, 16, t2);
      if (!ok || aead (0, key, iv, 12, a, alen, out, pt, len, t)
          || memcmp (out, o2, len) || memcmp (t, t2, 16))
        bad_aead++;
      else if (aead (1, key, iv, 12, a, alen, out, o2, len, t2)
               || memcmp (out, pt, len))
        bad_aead++;
      EVP_CIPHER_CTX_free (ctx);
    }
  t_check (!bad_stream, "OpenSSL EVP_chacha20, lengths 0..2100: %d bad",
           bad_stream);
  t_check (!bad_aead, "OpenSSL EVP_chacha20_poly1305, lengths 0..2100: %d "
           "bad", bad_aead);
}
#endif


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-cipher-chacha20", argc, argv);
  t_rnd_seed (0x63686163686132ULL);
  if (!gcry_check_version (NULL))
    return 2;
  capture_log ();
  gcry_control (GCRYCTL_DISABLE_SECMEM_WARN, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  t_rnd_bytes (key, sizeof key);
  t_rnd_bytes (iv, sizeof iv);

  check_rfc8439 ();
  check_other_kats ();
  check_open_and_keys ();
  check_ivs ();
  check_counter_carry ();
  check_aead_rules ();
  check_stream_splits ();
  check_aead_splits ();
  dir = t_vectors_dir ();
  if (dir)
    {
      check_pyca_chacha20 (dir);
      check_pyca_aead (dir, "boringssl.txt");
      check_pyca_aead (dir, "openssl.txt");
      check_wycheproof (dir);
    }
#ifdef HAVE_LIBCRYPTO
  check_openssl ();
#else
  t_skip ("OpenSSL comparison: built without libcrypto");
#endif
  return t_finish ();
}
