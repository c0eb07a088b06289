/* t-cipher-ccm.c - AES-CCM through the gcry_cipher API.
 *
 *  - Built in (always run): the SP 800-38C examples C.1-C.3 and RFC 3610
 *    packet vectors #1 and #2, both directions.
 *  - Official vectors read in place: NIST CAVP VADT/VNT/VPT/VTT (encrypt
 *    and decrypt) and DVPT (decrypt-verify: Fail records must fail
 *    checktag), for 128/192/256-bit keys; Wycheproof aes_ccm_test.json
 *    (invalid nonce and tag sizes must be refused, modified tags must
 *    fail checktag).  Counts are printed per file.
 *  - Streaming: random AAD and payload splits, in place and misaligned,
 *    must give the one-call result.
 *  - Call-sequence and argument errors with upstream's codes (observed
 *    on libgcrypt 1.10.1), output guard bytes.
 *  - Against OpenSSL's EVP aes-*-ccm (when configure found libcrypto):
 *    random keys, nonce lengths 7..13, tag lengths 4..16, AAD and
 *    payload lengths up to 5000 and beyond 64 KiB (AAD past the 2-byte
 *    length encoding).
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

#define MAXDATA (70 * 1024)

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

static gcry_error_t
set_lengths (gcry_cipher_hd_t h, size_t plen, size_t alen, size_t taglen)
{
  uint64_t lengths[3];

  lengths[0] = plen;
  lengths[1] = alen;
  lengths[2] = taglen;
  return gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                          sizeof lengths);
}

/* Open and key a CCM handle; NULL (a failed check) on error.  */
static gcry_cipher_hd_t
open_ccm (const unsigned char *key, size_t keylen)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, aes_algo (keylen), GCRY_CIPHER_MODE_CCM, 0);
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

/* One message in one call each: ENCRYPT nonzero encrypts IN to OUT and
   writes the tag to TAG; else decrypts and returns checktag's answer
   on TAG.  */
static gcry_error_t
ccm_oneshot (int encrypt, const unsigned char *key, size_t keylen,
             const unsigned char *nonce, size_t noncelen,
             const unsigned char *aad, size_t aadlen,
             const unsigned char *in, size_t len, unsigned char *out,
             unsigned char *tag, size_t taglen)
{
  gcry_cipher_hd_t h = open_ccm (key, keylen);
  gcry_error_t err;

  if (!h)
    return gpg_error (GPG_ERR_GENERAL);
  err = gcry_cipher_setiv (h, nonce, noncelen);
  if (!err)
    err = set_lengths (h, len, aadlen, taglen);
  if (!err)
    err = gcry_cipher_authenticate (h, aad, aadlen);
  if (!err)
    err = encrypt ? gcry_cipher_encrypt (h, out, len, in, len)
                  : gcry_cipher_decrypt (h, out, len, in, len);
  if (!err)
    err = encrypt ? gcry_cipher_gettag (h, tag, taglen)
                  : gcry_cipher_checktag (h, tag, taglen);
  gcry_cipher_close (h);
  return err;
}

/* Encrypt PT and compare with CT || TAG; decrypt CT, compare with PT
   and verify the tag.  Returns 1 when all agreed.  */
static int
check_vector (const char *what, const unsigned char *key, size_t keylen,
              const unsigned char *nonce, size_t noncelen,
              const unsigned char *aad, size_t aadlen,
              const unsigned char *pt, size_t len,
              const unsigned char *ct, const unsigned char *tag,
              size_t taglen)
{
  static unsigned char out[MAXDATA];
  unsigned char outtag[16], intag[16];
  gcry_error_t err;
  int ok;

  err = ccm_oneshot (1, key, keylen, nonce, noncelen, aad, aadlen, pt, len,
                     out, outtag, taglen);
  ok = t_check (!err && !memcmp (out, ct, len)
                && !memcmp (outtag, tag, taglen),
                "%s: encryption: %s", what, gcry_strerror (err));
  memcpy (intag, tag, taglen);
  err = ccm_oneshot (0, key, keylen, nonce, noncelen, aad, aadlen, ct, len,
                     out, intag, taglen);
  ok &= t_check (!err && !memcmp (out, pt, len),
                 "%s: decryption: %s", what, gcry_strerror (err));
  return ok;
}


/*
 * Built-in vectors.
 */

struct builtin
{
  const char *name, *key, *nonce, *aad, *pt, *ct;   /* CT || tag.  */
  size_t taglen;
};

static const struct builtin builtins[] =
  {
    { "SP 800-38C C.1", "404142434445464748494a4b4c4d4e4f",
      "10111213141516", "0001020304050607", "20212223",
      "7162015b4dac255d", 4 },
    { "SP 800-38C C.2", "404142434445464748494a4b4c4d4e4f",
      "1011121314151617", "000102030405060708090a0b0c0d0e0f",
      "202122232425262728292a2b2c2d2e2f",
      "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd", 6 },
    { "SP 800-38C C.3", "404142434445464748494a4b4c4d4e4f",
      "101112131415161718191a1b",
      "000102030405060708090a0b0c0d0e0f10111213",
      "202122232425262728292a2b2c2d2e2f3031323334353637",
      "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951",
      8 },
    { "RFC 3610 packet vector #1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000003020100a0a1a2a3a4a5", "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
      "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0", 8 },
    { "RFC 3610 packet vector #2", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000004030201a0a1a2a3a4a5", "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3ba091d56e10400916",
      8 },
  };

static void
run_builtins (void)
{
  unsigned char key[32], nonce[16], aad[64], pt[64], ct[80];
  long keylen, noncelen, aadlen, ptlen, ctlen;
  size_t i;

  for (i = 0; i < DIM (builtins); i++)
    {
      const struct builtin *b = &builtins[i];

      keylen = t_unhex (b->key, key, sizeof key);
      noncelen = t_unhex (b->nonce, nonce, sizeof nonce);
      aadlen = t_unhex (b->aad, aad, sizeof aad);
      ptlen = t_unhex (b->pt, pt, sizeof pt);
      ctlen = t_unhex (b->ct, ct, sizeof ct);
      if (!t_check (keylen > 0 && noncelen > 0 && aadlen >= 0 && ptlen >= 0
                    && ctlen == ptlen + (long) b->taglen,
                    "%s: bad built-in vector", b->name))
        continue;
      check_vector (b->name, key, keylen, nonce, noncelen, aad, aadlen,
                    pt, ptlen, ct, ct + ptlen, b->taglen);
    }
}

/*
 * NIST CAVP CCM files.
 */

struct cavp
{
  long alen, plen, nlen, tlen;
  unsigned char key[32], nonce[16], adata[256], payload[256], ct[300];
  long keylen, noncelen, adatalen, payloadlen, ctlen;
  int have_result, pass;
  unsigned long count, passed;
};

/* Run the record collected in S.  */
static void
cavp_flush (struct cavp *s, const char *file)
{
  static unsigned char out[300];
  char what[128];
  gcry_error_t err;
  int ok;

  s->count++;
  snprintf (what, sizeof what, "%s record %lu", file, s->count);
  if (!t_check (s->keylen > 0 && s->noncelen == s->nlen
                && s->adatalen >= s->alen && s->ctlen == s->plen + s->tlen
                && (s->have_result ? !s->pass || s->payloadlen >= s->plen
                    : s->payloadlen >= s->plen),
                "%s: malformed record", what))
    return;

  if (!s->have_result)
    ok = check_vector (what, s->key, s->keylen, s->nonce, s->noncelen,
                       s->adata, s->alen, s->payload, s->plen, s->ct,
                       s->ct + s->plen, s->tlen);
  else
    {
      err = ccm_oneshot (0, s->key, s->keylen, s->nonce, s->noncelen,
                         s->adata, s->alen, s->ct, s->plen, out,
                         s->ct + s->plen, s->tlen);
      if (s->pass)
        ok = t_check (!err && !memcmp (out, s->payload, s->plen),
                      "%s: Pass record: %s", what, gcry_strerror (err));
      else
        ok = t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                      "%s: Fail record gave %s", what, gcry_strerror (err));
    }
  if (ok)
    s->passed++;
}

static void
run_cavp_file (const char *dir, const char *file)
{
  char path[4200];
  const char *result;
  struct cavp s;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/nist-cavp/mac/ccmtestvectors/%s", dir,
            file);
  if (t_vec_open (&v, path, "Count"))
    {
      t_skip ("%s not found", path);
      return;
    }
  memset (&s, 0, sizeof s);
  while (t_vec_next (&v))
    {
      /* The lengths come from the file's head or its "[Alen = 1, ...]"
         sections, Key and Nonce from before the records or in them.  */
      s.alen = t_vec_long (&v, "Alen", 0);
      s.plen = t_vec_long (&v, "Plen", 0);
      s.nlen = t_vec_long (&v, "Nlen", 0);
      s.tlen = t_vec_long (&v, "Tlen", 0);
      s.keylen = t_vec_hex (&v, "Key", s.key, sizeof s.key);
      s.noncelen = t_vec_hex (&v, "Nonce", s.nonce, sizeof s.nonce);
      s.adatalen = t_vec_hex (&v, "Adata", s.adata, sizeof s.adata);
      s.payloadlen = t_vec_hex (&v, "Payload", s.payload, sizeof s.payload);
      s.ctlen = t_vec_hex (&v, "CT", s.ct, sizeof s.ct);
      result = t_vec_get (&v, "Result");
      s.have_result = result != NULL;
      s.pass = result && !strncmp (result, "Pass", 4);
      cavp_flush (&s, file);
    }
  t_check (!v.errors, "%s: %lu lines not read", file, v.errors);
  t_vec_close (&v);
  t_check (s.count > 0, "%s: no records", file);
  printf ("%s: %s: %lu of %lu vectors passed\n", t_name, file, s.passed,
          s.count);
}

static void
run_cavp (const char *dir)
{
  static const char *const kinds[] = { "VADT", "VNT", "VPT", "VTT", "DVPT" };
  static const char *const bits[] = { "128", "192", "256" };
  char file[32];
  size_t i, j;

  for (i = 0; i < DIM (kinds); i++)
    for (j = 0; j < DIM (bits); j++)
      {
        snprintf (file, sizeof file, "%s%s.rsp", kinds[i], bits[j]);
        run_cavp_file (dir, file);
      }
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
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t len;
  int ok;

  text = t_json_load_vectors
    (dir, "wycheproof/testvectors_v1/aes_ccm_test.json", &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      count++;
      t_json_aead_read (&obj, &w);
      if (!t_check (w.keylen > 0 && w.ivlen >= 0 && w.aadlen >= 0
                    && w.msglen >= 0 && w.ctlen == w.msglen && w.taglen >= 0
                    && w.result[0],
                    "aes_ccm_test.json tcId %ld: unreadable", w.tcid))
        continue;

      if (!strcmp (w.result, "valid"))
        ok = check_vector ("aes_ccm_test.json", w.key, w.keylen, w.iv,
                           w.ivlen, w.aad, w.aadlen, w.msg, w.msglen, w.ct,
                           w.tag, w.taglen);
      else
        {
          /* Refused at setiv (nonce size), at the lengths (tag size),
             or by checktag.  Never accepted.  */
          h = open_ccm (w.key, w.keylen);
          if (!h)
            continue;
          err = gcry_cipher_setiv (h, w.iv, w.ivlen);
          if (!err)
            err = set_lengths (h, w.msglen, w.aadlen, w.taglen);
          if (!err)
            err = gcry_cipher_authenticate (h, w.aad, w.aadlen);
          if (!err)
            err = gcry_cipher_decrypt (h, out, w.msglen, w.ct, w.msglen);
          if (!err)
            err = gcry_cipher_checktag (h, w.tag, w.taglen);
          gcry_cipher_close (h);
          if (w.ivlen < 7 || w.ivlen > 13 || w.taglen < 4 || w.taglen > 16
              || (w.taglen & 1))
            ok = t_check (gpg_err_code (err) == GPG_ERR_INV_LENGTH,
                          "aes_ccm_test.json tcId %ld: bad size gave %s",
                          w.tcid, gcry_strerror (err));
          else
            ok = t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                          "aes_ccm_test.json tcId %ld: invalid gave %s",
                          w.tcid, gcry_strerror (err));
        }
      if (ok)
        passed++;
    }
  free (text);
  t_check (count > 0, "aes_ccm_test.json: no tests");
  printf ("%s: aes_ccm_test.json: %lu of %lu vectors passed\n", t_name,
          passed, count);
}


/*
 * Streaming: random splits against one call.
 */

/* Feed LEN bytes of IN through FN in random pieces (ENCRYPT selects the
   operation), in place when IN_PLACE (OUT then holds IN).  */
static gcry_error_t
crypt_split (gcry_cipher_hd_t h, int encrypt, unsigned char *out,
             const unsigned char *in, size_t len, int in_place)
{
  gcry_error_t err = 0;
  size_t n, off = 0;

  if (in_place)
    memmove (out, in, len);
  while (!err && off < len)
    {
      n = t_rnd (4) ? 1 + t_rnd (40) : 1 + t_rnd (len - off);
      if (n > len - off)
        n = len - off;
      if (in_place)
        err = encrypt ? gcry_cipher_encrypt (h, out + off, n, NULL, 0)
                      : gcry_cipher_decrypt (h, out + off, n, NULL, 0);
      else
        err = encrypt ? gcry_cipher_encrypt (h, out + off, n, in + off, n)
                      : gcry_cipher_decrypt (h, out + off, n, in + off, n);
      off += n;
    }
  return err;
}

static gcry_error_t
aad_split (gcry_cipher_hd_t h, const unsigned char *aad, size_t len)
{
  gcry_error_t err = 0;
  size_t n, off = 0;

  while (!err && off < len)
    {
      n = 1 + t_rnd (len - off);
      if (t_rnd (2) && n > 17)
        n = 1 + t_rnd (17);
      err = gcry_cipher_authenticate (h, aad + off, n);
      off += n;
    }
  return err;
}

static void
run_streaming (void)
{
  static unsigned char bufs[4][1200 + 16];
  unsigned char key[32], nonce[13], tag1[16], tag2[16];
  unsigned char *aad, *pt, *ct1, *ct2;
  size_t keylen, noncelen, taglen, aadlen, len;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int iter, in_place;
  unsigned long ok = 0, total = 0;

  for (iter = 0; iter < 200; iter++)
    {
      /* Misaligned buffers.  */
      aad = bufs[0] + t_rnd (16);
      pt = bufs[1] + t_rnd (16);
      ct1 = bufs[2] + t_rnd (16);
      ct2 = bufs[3] + t_rnd (16);
      keylen = 16 + 8 * t_rnd (3);
      noncelen = 7 + t_rnd (7);
      taglen = 4 + 2 * t_rnd (7);
      aadlen = t_rnd (3) ? t_rnd (100) : t_rnd (1200);
      len = t_rnd (3) ? t_rnd (100) : t_rnd (1200);
      in_place = (int) t_rnd (2);
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (nonce, noncelen);
      t_rnd_bytes (aad, aadlen);
      t_rnd_bytes (pt, len);

      err = ccm_oneshot (1, key, keylen, nonce, noncelen, aad, aadlen, pt,
                         len, ct1, tag1, taglen);
      total++;
      if (!t_check (!err, "one-call encryption: %s", gcry_strerror (err)))
        continue;

      h = open_ccm (key, keylen);
      if (!h)
        continue;
      err = gcry_cipher_setiv (h, nonce, noncelen);
      if (!err)
        err = set_lengths (h, len, aadlen, taglen);
      if (!err)
        err = aad_split (h, aad, aadlen);
      if (!err)
        err = crypt_split (h, 1, ct2, pt, len, in_place);
      if (!err)
        err = gcry_cipher_gettag (h, tag2, taglen);
      if (!t_check (!err && !memcmp (ct1, ct2, len)
                    && !memcmp (tag1, tag2, taglen),
                    "split encryption (aad %zu, len %zu, in place %d): %s",
                    aadlen, len, in_place, gcry_strerror (err)))
        {
          gcry_cipher_close (h);
          continue;
        }

      /* The same handle, new message: decrypt in pieces.  */
      err = gcry_cipher_setiv (h, nonce, noncelen);
      if (!err)
        err = set_lengths (h, len, aadlen, taglen);
      if (!err)
        err = aad_split (h, aad, aadlen);
      if (!err)
        err = crypt_split (h, 0, ct2, ct1, len, in_place);
      if (!err)
        err = gcry_cipher_checktag (h, tag1, taglen);
      gcry_cipher_close (h);
      if (t_check (!err && !memcmp (ct2, pt, len),
                   "split decryption (aad %zu, len %zu): %s", aadlen, len,
                   gcry_strerror (err)))
        ok++;
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
  static const unsigned char key[16] = { 1, 2, 3 };
  unsigned char nonce[16], buf[64], out[64 + 8], tag[16], tag2[16];
  uint64_t lengths[3];
  gcry_cipher_hd_t h;
  size_t n, i;

  memset (nonce, 0xa5, sizeof nonce);
  memset (buf, 0x3c, sizeof buf);

  /* Only 128-bit block ciphers; the mode constant itself is known.  */
  h = open_ccm (key, sizeof key);
  if (!h)
    return;

  /* Nothing before a nonce; the tag wants the announced length.  */
  EXPECT (gcry_cipher_authenticate (h, buf, 0), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_encrypt (h, out, 16, buf, 16), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_LENGTH);
  EXPECT (set_lengths (h, 16, 0, 16), GPG_ERR_INV_STATE);
  n = 99;
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n), 0);
  t_check (n == 0, "taglen before the lengths: %zu", n);

  /* Nonce sizes 7..13.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 6), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_setiv (h, nonce, 14), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_setiv (h, NULL, 10), GPG_ERR_INV_ARG);
  for (i = 7; i <= 13; i++)
    EXPECT (gcry_cipher_setiv (h, nonce, i), 0);

  /* Lengths: tag 4, 6, ..., 16; the argument is three u64.  */
  for (i = 0; i <= 18; i++)
    if (i < 4 || i > 16 || (i & 1))
      EXPECT (set_lengths (h, 10, 5, i), GPG_ERR_INV_LENGTH);
  lengths[0] = 10;
  lengths[1] = 5;
  lengths[2] = 8;
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                           sizeof lengths - 1), GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, NULL,
                           sizeof lengths), GPG_ERR_INV_ARG);
  EXPECT (set_lengths (h, 10, 5, 8), 0);
  EXPECT (set_lengths (h, 10, 5, 8), GPG_ERR_INV_STATE);
  n = 0;
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n), 0);
  t_check (n == 8, "taglen after the lengths: %zu", n);

  /* AAD first, at most the announced length.  */
  EXPECT (gcry_cipher_encrypt (h, out, 10, buf, 10), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_gettag (h, tag, 8), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_authenticate (h, buf, 6), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_authenticate (h, buf, 3), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 8), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_authenticate (h, buf, 2), 0);
  EXPECT (gcry_cipher_authenticate (h, buf, 1), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_authenticate (h, NULL, 0), 0);

  /* Payload: at most the announced length; the output must hold it,
     and a short buffer is not written past its end.  */
  memset (out, 0xee, sizeof out);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 5), GPG_ERR_BUFFER_TOO_SHORT);
  for (i = 4; i < sizeof out; i++)
    if (out[i] != 0xee)
      break;
  t_check (i == sizeof out, "short output buffer written past its end");
  EXPECT (gcry_cipher_encrypt (h, out, 11, buf, 11), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_encrypt (h, out, 4, buf, 4), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 8), GPG_ERR_UNFINISHED);
  EXPECT (gcry_cipher_checktag (h, tag, 8), GPG_ERR_UNFINISHED);
  EXPECT (gcry_cipher_gettag (h, tag, 6), GPG_ERR_INV_LENGTH);
  EXPECT (gcry_cipher_gettag (h, tag, 0), GPG_ERR_INV_ARG);
  EXPECT (gcry_cipher_gettag (h, NULL, 8), GPG_ERR_INV_ARG);
  memset (out + 4, 0xee, 16);
  EXPECT (gcry_cipher_encrypt (h, out + 4, 6, buf + 4, 6), 0);
  t_check (out[10] == 0xee, "encrypt wrote past the output length");

  /* The tag: repeatable, checked in full, the message closed.  */
  memset (tag, 0xee, sizeof tag);
  EXPECT (gcry_cipher_gettag (h, tag, 8), 0);
  t_check (tag[8] == 0xee, "gettag wrote past the tag length");
  EXPECT (gcry_cipher_gettag (h, tag2, 8), 0);
  t_check (!memcmp (tag, tag2, 8), "repeated gettag differs");
  EXPECT (gcry_cipher_checktag (h, tag, 8), 0);
  EXPECT (gcry_cipher_checktag (h, tag, 6), GPG_ERR_INV_LENGTH);
  for (i = 0; i < 8; i++)
    {
      memcpy (tag2, tag, 8);
      tag2[i] ^= (unsigned char) (1 << (i % 8));
      EXPECT (gcry_cipher_checktag (h, tag2, 8), GPG_ERR_CHECKSUM);
    }
  EXPECT (gcry_cipher_encrypt (h, out, 0, buf, 0), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_authenticate (h, buf, 0), GPG_ERR_INV_STATE);
  EXPECT (set_lengths (h, 10, 5, 8), GPG_ERR_INV_STATE);

  /* Reset forgets the nonce.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_RESET, NULL, 0), 0);
  EXPECT (gcry_cipher_encrypt (h, out, 0, buf, 0), GPG_ERR_INV_STATE);
  EXPECT (set_lengths (h, 0, 0, 16), GPG_ERR_INV_STATE);

  /* Nothing at all: a tag over no AAD and no payload.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 13), 0);
  EXPECT (set_lengths (h, 0, 0, 16), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 16), 0);

  /* A new nonce ends the message and drops the lengths.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 12), 0);
  EXPECT (set_lengths (h, 5, 0x10000, 4), 0);
  EXPECT (gcry_cipher_decrypt (h, out, 5, buf, 5), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_checktag (h, tag, 4), GPG_ERR_INV_STATE);
  EXPECT (gcry_cipher_setiv (h, nonce, 12), 0);
  EXPECT (gcry_cipher_gettag (h, tag, 4), GPG_ERR_INV_LENGTH);

  /* Commands of other modes.  */
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 16),
          GPG_ERR_INV_CIPHER_MODE);
  gcry_cipher_close (h);

  /* CCM lengths on another mode.  */
  if (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CTR, 0))
    {
      EXPECT (set_lengths (h, 1, 1, 16), GPG_ERR_INV_CIPHER_MODE);
      gcry_cipher_close (h);
    }

  /* Without a key: setiv works (as upstream), the rest waits.  */
  if (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CCM, 0))
    {
      EXPECT (gcry_cipher_setiv (h, nonce, 12), 0);
      EXPECT (gcry_cipher_encrypt (h, out, 16, buf, 16),
              GPG_ERR_MISSING_KEY);
      gcry_cipher_close (h);
    }

  /* A nonce set before the key still counts (upstream's order).  */
  if (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CCM, 0))
    {
      unsigned char ref[16], reftag[16];

      EXPECT (gcry_cipher_setiv (h, nonce, 12), 0);
      EXPECT (gcry_cipher_setkey (h, key, sizeof key), 0);
      EXPECT (set_lengths (h, 16, 0, 16), 0);
      EXPECT (gcry_cipher_encrypt (h, out, 16, buf, 16), 0);
      EXPECT (gcry_cipher_gettag (h, tag, 16), 0);
      gcry_cipher_close (h);
      EXPECT (ccm_oneshot (1, key, sizeof key, nonce, 12, NULL, 0, buf, 16,
                           ref, reftag, 16), 0);
      t_check (!memcmp (out, ref, 16) && !memcmp (tag, reftag, 16),
               "nonce before key gives another result");
    }
}


/*
 * Against OpenSSL.
 */

#ifdef HAVE_LIBCRYPTO
static int
openssl_ccm (const unsigned char *key, size_t keylen,
             const unsigned char *nonce, size_t noncelen,
             const unsigned char *aad, size_t aadlen,
             const unsigned char *pt, size_t len, unsigned char *ct,
             unsigned char *tag, size_t taglen)
{
  const EVP_CIPHER *cipher = keylen == 16 ? EVP_aes_128_ccm ()
                             : keylen == 24 ? EVP_aes_192_ccm ()
                             : EVP_aes_256_ccm ();
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  unsigned char dummy[1];
  int outl, ok;

  ok = ctx
       && EVP_EncryptInit_ex (ctx, cipher, NULL, NULL, NULL)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_IVLEN, (int) noncelen,
                               NULL)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_TAG, (int) taglen,
                               NULL)
       && EVP_EncryptInit_ex (ctx, NULL, NULL, key, nonce)
       && EVP_EncryptUpdate (ctx, NULL, &outl, NULL, (int) len)
       && (!aadlen || EVP_EncryptUpdate (ctx, NULL, &outl, aad, (int) aadlen))
       && EVP_EncryptUpdate (ctx, len ? ct : dummy, &outl, len ? pt : dummy,
                             (int) len)
       && EVP_EncryptFinal_ex (ctx, dummy, &outl)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, (int) taglen, tag);
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

static void
run_openssl (void)
{
  static unsigned char aad[MAXDATA], pt[MAXDATA], ct1[MAXDATA],
    ct2[MAXDATA];
  unsigned char key[32], nonce[13], tag1[16], tag2[16];
  size_t keylen, noncelen, taglen, aadlen, len, maxlen;
  unsigned long ok = 0, total = 0;
  gcry_error_t err;
  int iter;

  for (iter = 0; iter < 300; iter++)
    {
      keylen = 16 + 8 * t_rnd (3);
      noncelen = 7 + t_rnd (7);
      taglen = 4 + 2 * t_rnd (7);
      /* The payload must fit the 15 - noncelen byte length field.  */
      maxlen = noncelen == 13 ? 0xffff : MAXDATA;
      if (iter % 50 == 49)
        {
          aadlen = 0xff00 + t_rnd (MAXDATA - 0xff00);  /* 6-byte encoding. */
          len = t_rnd (maxlen < MAXDATA ? maxlen : MAXDATA);
        }
      else
        {
          aadlen = t_rnd (4) ? t_rnd (64) : t_rnd (5001);
          len = t_rnd (4) ? t_rnd (64) : t_rnd (5001);
        }
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (nonce, noncelen);
      t_rnd_bytes (aad, aadlen);
      t_rnd_bytes (pt, len);
      total++;
      if (!t_check (openssl_ccm (key, keylen, nonce, noncelen, aad, aadlen,
                                 pt, len, ct1, tag1, taglen),
                    "OpenSSL CCM failed"))
        continue;
      err = ccm_oneshot (1, key, keylen, nonce, noncelen, aad, aadlen, pt,
                         len, ct2, tag2, taglen);
      if (t_check (!err && !memcmp (ct1, ct2, len)
                   && !memcmp (tag1, tag2, taglen),
                   "vs OpenSSL: key %zu, nonce %zu, tag %zu, aad %zu, "
                   "len %zu: %s", keylen, noncelen, taglen, aadlen, len,
                   gcry_strerror (err)))
        ok++;
    }
  printf ("%s: OpenSSL: %lu of %lu random messages agreed\n", t_name, ok,
          total);
}
#endif /* HAVE_LIBCRYPTO */


/* gcry_cipher_setctr is allowed on any handle (as upstream) and
   overwrites the counter block CCM keeps its nonce in.  Setting the
   lengths afterwards must still write only inside the library's own
   buffers (found by fuzz-cipher under UBSan: the nonce length used to be
   read back from the counter's first byte).  The answer itself is not
   specified; only that nothing breaks and the handle stays usable.  */
static void
run_setctr_after_nonce (void)
{
  static const unsigned char key[16], nonce[13];
  unsigned char ctr[16], out[32], tag[16];
  gcry_cipher_hd_t h;
  unsigned long long lens[3] = { 16, 0, 8 };
  int first;

  for (first = 0; first < 256; first += 51)
    {
      memset (ctr, first, sizeof ctr);
      if (!t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES,
                                       GCRY_CIPHER_MODE_CCM, 0),
                    "setctr after nonce: open"))
        return;
      t_check (!gcry_cipher_setkey (h, key, sizeof key)
               && !gcry_cipher_setiv (h, nonce, sizeof nonce)
               && !gcry_cipher_setctr (h, ctr, sizeof ctr),
               "setctr after nonce: setkey/setiv/setctr");
      t_check (!gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens,
                                 sizeof lens),
               "setctr after nonce (first byte %#x): lengths accepted",
               first);
      t_check (!gcry_cipher_encrypt (h, out, sizeof out, key, 16)
               && !gcry_cipher_gettag (h, tag, 8),
               "setctr after nonce (first byte %#x): encrypt and tag",
               first);
      gcry_cipher_close (h);
    }
}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-cipher-ccm", argc, argv);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-cipher-ccm: library initialisation failed\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  run_builtins ();
  run_bad_input ();
  run_setctr_after_nonce ();
  run_streaming ();
  dir = t_vectors_dir ();
  if (dir)
    {
      run_cavp (dir);
      run_wycheproof (dir);
    }
#ifdef HAVE_LIBCRYPTO
  run_openssl ();
#else
  t_skip ("OpenSSL comparison: libcrypto was not found at configure time");
#endif
  return t_finish ();
}
