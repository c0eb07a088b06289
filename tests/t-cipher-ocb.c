/* t-cipher-ocb.c - AES-OCB (RFC 7253) through gcry_cipher.
 *
 *  - RFC 7253 appendix A, built in: the 16 AES-128 samples, the 96-bit
 *    tag sample, and the iterated test for every key size and tag length
 *    (8 x 128 messages folded into one tag), both directions.
 *  - The OCB3 files of pyca's vector set read in place (RFC 7253 again,
 *    OpenSSL's longer messages, dkg's 104/112/120-bit nonce variants);
 *    Wycheproof's aes_ocb_test.json when the shared vectors have it.
 *  - Streaming: random splits of AAD (before and after the data) and of
 *    the data (block multiples, then the last chunk after
 *    gcry_cipher_final), in place or misaligned, with guard bytes, must
 *    give the one-call result; a message crossing block index 2^16.
 *  - Upstream's error codes and call sequences (observed on libgcrypt
 *    1.10): nonce and tag lengths, missing key/nonce/FINALIZE, calls
 *    after the end, short buffers, tag mismatch, reset.
 *  - With OpenSSL's libcrypto: AES-128/192/256-OCB against EVP, random
 *    keys, nonces of every length 8..15 (half of them 12 bytes), tag
 *    lengths 16 (and 8, 12), every length 0..5000.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#ifndef DIM
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#endif

#ifdef HAVE_LIBCRYPTO
#include <openssl/evp.h>
#endif

#define MAXMSG 5100

static int
algo_for_keylen (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES
         : keylen == 24 ? GCRY_CIPHER_AES192
         : keylen == 32 ? GCRY_CIPHER_AES256 : 0;
}

static gcry_cipher_hd_t
open_ocb (const unsigned char *key, size_t keylen, int taglen)
{
  gcry_cipher_hd_t h;

  if (gcry_cipher_open (&h, algo_for_keylen (keylen), GCRY_CIPHER_MODE_OCB,
                        0))
    return NULL;
  if (gcry_cipher_setkey (h, key, keylen)
      || gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &taglen, sizeof taglen))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* One-call encryption: OUT gets the ciphertext followed by the tag.
   Returns 0 or the first error code.  */
static gcry_err_code_t
ocb_seal (const unsigned char *key, size_t keylen, const unsigned char *nonce,
          size_t noncelen, int taglen, const unsigned char *aad,
          size_t aadlen, const unsigned char *pt, size_t ptlen,
          unsigned char *out)
{
  gcry_cipher_hd_t h = open_ocb (key, keylen, taglen);
  gcry_error_t err;

  if (!h)
    return GPG_ERR_GENERAL;
  err = gcry_cipher_setiv (h, nonce, noncelen);
  if (!err)
    err = gcry_cipher_authenticate (h, aad, aadlen);
  if (!err)
    err = gcry_cipher_final (h);
  if (!err)
    err = gcry_cipher_encrypt (h, out, ptlen, pt, ptlen);
  if (!err)
    err = gcry_cipher_gettag (h, out + ptlen, taglen);
  gcry_cipher_close (h);
  return gcry_err_code (err);
}

/* One-call decryption of CT (CTLEN bytes, tag included); the result of
   checktag is returned, the plaintext is in OUT.  */
static gcry_err_code_t
ocb_open (const unsigned char *key, size_t keylen, const unsigned char *nonce,
          size_t noncelen, int taglen, const unsigned char *aad,
          size_t aadlen, const unsigned char *ct, size_t ctlen,
          unsigned char *out)
{
  gcry_cipher_hd_t h = open_ocb (key, keylen, taglen);
  gcry_error_t err;
  size_t len = ctlen - (size_t) taglen;

  if (!h)
    return GPG_ERR_GENERAL;
  err = gcry_cipher_setiv (h, nonce, noncelen);
  if (!err)
    err = gcry_cipher_authenticate (h, aad, aadlen);
  if (!err)
    err = gcry_cipher_final (h);
  if (!err)
    err = gcry_cipher_decrypt (h, out, len, ct, len);
  if (!err)
    err = gcry_cipher_checktag (h, ct + len, taglen);
  gcry_cipher_close (h);
  return gcry_err_code (err);
}

/* Check one known answer both ways, and that a flipped tag bit fails.  */
static void
check_vector (const char *what, const unsigned char *key, size_t keylen,
              const unsigned char *nonce, size_t noncelen, int taglen,
              const unsigned char *aad, size_t aadlen,
              const unsigned char *pt, size_t ptlen,
              const unsigned char *expect, size_t expectlen)
{
  static unsigned char out[MAXMSG + 16];
  gcry_err_code_t rc;

  if (!t_check (expectlen == ptlen + (size_t) taglen,
                "%s: vector lengths do not fit", what))
    return;
  rc = ocb_seal (key, keylen, nonce, noncelen, taglen, aad, aadlen, pt, ptlen,
                 out);
  t_check (!rc && !memcmp (out, expect, expectlen), "%s: encrypt (rc %d)",
           what, rc);
  rc = ocb_open (key, keylen, nonce, noncelen, taglen, aad, aadlen, expect,
                 expectlen, out);
  t_check (!rc && !memcmp (out, pt, ptlen), "%s: decrypt (rc %d)", what, rc);

  memcpy (out, expect, expectlen);
  out[expectlen - 1 - t_rnd (taglen)] ^= (unsigned char) (1 << t_rnd (8));
  rc = ocb_open (key, keylen, nonce, noncelen, taglen, aad, aadlen, out,
                 expectlen, out + MAXMSG / 2);
  t_check (rc == GPG_ERR_CHECKSUM, "%s: corrupted tag accepted (rc %d)",
           what, rc);
}


/*
 * RFC 7253 appendix A.
 */

/* The AES-128 samples: key 000102...0F, AAD and plaintext the byte
   sequences 00 01 02 ... of the given lengths, 128-bit tags.  */
static const struct
{
  const char *nonce;
  unsigned int aadlen, ptlen;
  const char *ct;               /* Ciphertext || tag.  */
} rfc_samples[] =
  {
    { "BBAA99887766554433221100", 0, 0,
      "785407BFFFC8AD9EDCC5520AC9111EE6" },
    { "BBAA99887766554433221101", 8, 8,
      "6820B3657B6F615A5725BDA0D3B4EB3A257C9AF1F8F03009" },
    { "BBAA99887766554433221102", 8, 0,
      "81017F8203F081277152FADE694A0A00" },
    { "BBAA99887766554433221103", 0, 8,
      "45DD69F8F5AAE72414054CD1F35D82760B2CD00D2F99BFA9" },
    { "BBAA99887766554433221104", 16, 16,
      "571D535B60B277188BE5147170A9A22C3AD7A4FF3835B8C5701C1CCEC8FC3358" },
    { "BBAA99887766554433221105", 16, 0,
      "8CF761B6902EF764462AD86498CA6B97" },
    { "BBAA99887766554433221106", 0, 16,
      "5CE88EC2E0692706A915C00AEB8B2396F40E1C743F52436BDF06D8FA1ECA343D" },
    { "BBAA99887766554433221107", 24, 24,
      "1CA2207308C87C010756104D8840CE1952F09673A448A122"
      "C92C62241051F57356D7F3C90BB0E07F" },
    { "BBAA99887766554433221108", 24, 0,
      "6DC225A071FC1B9F7C69F93B0F1E10DE" },
    { "BBAA99887766554433221109", 0, 24,
      "221BD0DE7FA6FE993ECCD769460A0AF2D6CDED0C395B1C3C"
      "E725F32494B9F914D85C0B1EB38357FF" },
    { "BBAA9988776655443322110A", 32, 32,
      "BD6F6C496201C69296C11EFD138A467ABD3C707924B964DE"
      "AFFC40319AF5A48540FBBA186C5553C68AD9F592A79A4240" },
    { "BBAA9988776655443322110B", 32, 0,
      "FE80690BEE8A485D11F32965BC9D2A32" },
    { "BBAA9988776655443322110C", 0, 32,
      "2942BFC773BDA23CABC6ACFD9BFD5835BD300F0973792EF4"
      "6040C53F1432BCDFB5E1DDE3BC18A5F840B52E653444D5DF" },
    { "BBAA9988776655443322110D", 40, 40,
      "D5CA91748410C1751FF8A2F618255B68A0A12E093FF45460"
      "6E59F9C1D0DDC54B65E8628E568BAD7AED07BA06A4A69483"
      "A7035490C5769E60" },
    { "BBAA9988776655443322110E", 40, 0,
      "C5CD9D1850C141E358649994EE701B68" },
    { "BBAA9988776655443322110F", 0, 40,
      "4412923493C57D5DE0D700F753CCE0D1D2D95060122E9F15"
      "A5DDBFC5787E50B5CC55EE507BCB084E479AD363AC366B95"
      "A98CA5F3000B1479" },
  };

/* The iterated test's final tags, per key size (rows) and tag length
   (128, 96, 64 bits).  */
static const char *const rfc_iterated[3][3] =
  {
    { "67E944D23256C5E0B6C61FA22FDF1EA2", "77A3D8E73589158D25D01209",
      "192C9B7BD90BA06A" },
    { "F673F2C3E7174AAE7BAE986CA9F29E17", "05D56EAD2752C86BE6932C5E",
      "0066BC6E0EF34E24" },
    { "D90EB8E9C977C88B79DD793D7FFA161C", "5458359AC23B0CBA9E6330DD",
      "7D4EA5D445501CBE" },
  };

static void
nonce96 (unsigned char nonce[12], unsigned int n)
{
  memset (nonce, 0, 12);
  nonce[8] = (unsigned char) (n >> 24);
  nonce[9] = (unsigned char) (n >> 16);
  nonce[10] = (unsigned char) (n >> 8);
  nonce[11] = (unsigned char) n;
}

static void
test_rfc7253 (void)
{
  static const int taglens[3] = { 16, 12, 8 };
  unsigned char key[32], nonce[16], seq[64], expect[128], zeros[128];
  unsigned char out[128 + 16];
  static unsigned char all[128 * 3 * (128 + 16)];
  size_t i, k, t, alllen;
  long n;
  char what[80];
  int ok;

  for (i = 0; i < sizeof seq; i++)
    seq[i] = (unsigned char) i;
  for (i = 0; i < 16; i++)
    key[i] = (unsigned char) i;

  for (i = 0; i < DIM (rfc_samples); i++)
    {
      snprintf (what, sizeof what, "RFC 7253 sample %u", (unsigned) i + 1);
      t_unhex (rfc_samples[i].nonce, nonce, sizeof nonce);
      n = t_unhex (rfc_samples[i].ct, expect, sizeof expect);
      check_vector (what, key, 16, nonce, 12, 16, seq, rfc_samples[i].aadlen,
                    seq, rfc_samples[i].ptlen, expect, (size_t) n);
    }

  /* The sample with a 96-bit tag and a different key.  */
  for (i = 0; i < 16; i++)
    key[i] = (unsigned char) (15 - i);
  t_unhex ("BBAA9988776655443322110D", nonce, sizeof nonce);
  n = t_unhex ("1792A4E31E0755FB03E31B22116E6C2DDF9EFD6E33D536F1"
             "A0124B0A55BAE884ED93481529C76B6AD0C515F4D1CDD4FD"
             "AC4F02AA", expect, sizeof expect);
  check_vector ("RFC 7253 96-bit tag sample", key, 16, nonce, 12, 12, seq, 40,
                seq, 40, expect, (size_t) n);

  /* The iterated test: K = zeros || num2str(TAGLEN, 8); for i < 128,
     three messages of i zero bytes with nonces 3i+1..3i+3; then the
     tag over their concatenation as AAD with nonce 385.  */
  memset (zeros, 0, sizeof zeros);
  for (k = 0; k < 3; k++)
    for (t = 0; t < 3; t++)
      {
        size_t keylen = 16 + 8 * k;
        int taglen = taglens[t];

        memset (key, 0, sizeof key);
        key[keylen - 1] = (unsigned char) (8 * taglen);
        alllen = 0;
        ok = 1;
        for (i = 0; i < 128 && ok; i++)
          {
            nonce96 (nonce, 3 * i + 1);
            ok &= !ocb_seal (key, keylen, nonce, 12, taglen, zeros, i, zeros,
                             i, all + alllen);
            alllen += i + taglen;
            nonce96 (nonce, 3 * i + 2);
            ok &= !ocb_seal (key, keylen, nonce, 12, taglen, zeros, 0, zeros,
                             i, all + alllen);
            alllen += i + taglen;
            nonce96 (nonce, 3 * i + 3);
            ok &= !ocb_seal (key, keylen, nonce, 12, taglen, zeros, i, zeros,
                             0, all + alllen);
            alllen += taglen;
          }
        nonce96 (nonce, 385);
        ok &= !ocb_seal (key, keylen, nonce, 12, taglen, all, alllen, zeros,
                         0, out);
        t_unhex (rfc_iterated[k][t], expect, sizeof expect);
        t_check (ok && !memcmp (out, expect, taglen),
                 "RFC 7253 iterated test AES-%u, %u-bit tag",
                 (unsigned) keylen * 8, (unsigned) taglen * 8);
      }
}


/*
 * Vector files read in place.
 */

/* pyca's NIST-style OCB3 files: Key, Nonce, AAD, Plaintext, Ciphertext
   (ciphertext || 128-bit tag).  Returns the number of records, -1 when
   the file is missing.  */
static long
run_pyca_file (const char *dir, const char *name)
{
  char path[4200], what[128];
  static unsigned char key[32], nonce[16], aad[4096], pt[4096], ct[4096 + 16];
  long keylen, noncelen, aadlen, ptlen, ctlen;
  long count = 0;
  t_vec_t v;

  snprintf (path, sizeof path,
            "%s/pyca-cryptography/ciphers/AES/OCB3/%s", dir, name);
  if (t_vec_open (&v, path, "COUNT"))
    return -1;
  while (t_vec_next (&v))
    {
      /* "AAD =" with nothing after it is an empty field.  */
      keylen = t_vec_hex (&v, "Key", key, sizeof key);
      noncelen = t_vec_hex (&v, "Nonce", nonce, sizeof nonce);
      aadlen = t_vec_hex (&v, "AAD", aad, sizeof aad);
      ptlen = t_vec_hex (&v, "Plaintext", pt, sizeof pt);
      ctlen = t_vec_hex (&v, "Ciphertext", ct, sizeof ct);
      snprintf (what, sizeof what, "%s record %ld", name, count);
      count++;
      if (!t_check (keylen > 0 && noncelen > 0 && aadlen >= 0
                    && ptlen >= 0 && ctlen == ptlen + 16,
                    "%s: malformed", what))
        continue;
      check_vector (what, key, keylen, nonce, noncelen, 16, aad, aadlen,
                    pt, ptlen, ct, ctlen);
    }
  t_check (!v.errors, "%s: %lu lines not read", name, v.errors);
  t_vec_close (&v);
  return count;
}

/* Wycheproof's AEAD schema, if a file for OCB is in the shared set:
   valid and acceptable cases must round-trip, invalid ones must fail
   (at setiv for lengths upstream refuses, or at checktag).  */
static void
run_wycheproof (const char *dir)
{
  char path[4200], result[32];
  static unsigned char key[32], iv[64], aad[8192], msg[8192], ct[8192];
  static unsigned char tag[64], both[8192 + 64], out[8192 + 64];
  t_json_span_t group, test;
  const char *gpos, *tpos, *end;
  unsigned long valid = 0, invalid = 0, bad = 0, unsupported = 0;
  char *json;
  size_t len;
  long keylen, ivlen, aadlen, msglen, ctlen, taglen;
  gcry_err_code_t rc;

  snprintf (path, sizeof path, "%s/wycheproof/testvectors_v1/aes_ocb_test.json",
            dir);
  json = t_json_load (path, &len);
  if (!json)
    {
      t_skip ("wycheproof aes_ocb_test.json is not among the shared vectors");
      return;
    }
  gpos = json;
  end = json + len;
  while (t_json_next_object (&gpos, end, "tests", &group))
    {
      tpos = group.start + 1;
      while (t_json_next_object (&tpos, group.end, "tcId", &test))
        {
          keylen = t_json_hex (&test, "key", key, sizeof key);
          ivlen = t_json_hex (&test, "iv", iv, sizeof iv);
          aadlen = t_json_hex (&test, "aad", aad, sizeof aad);
          msglen = t_json_hex (&test, "msg", msg, sizeof msg);
          ctlen = t_json_hex (&test, "ct", ct, sizeof ct);
          taglen = t_json_hex (&test, "tag", tag, sizeof tag);
          if (keylen < 0 || ivlen < 0 || aadlen < 0 || msglen < 0
              || ctlen != msglen || taglen < 0
              || t_json_string (&test, "result", result, sizeof result) < 0)
            {
              bad++;
              continue;
            }
          memcpy (both, ct, ctlen);
          memcpy (both + ctlen, tag, taglen);
          if (!algo_for_keylen (keylen) || ivlen < 8 || ivlen > 15
              || (taglen != 8 && taglen != 12 && taglen != 16))
            {
              /* Sizes upstream refuses (its nonces are 8..15 bytes).  */
              unsupported++;
              continue;
            }
          rc = ocb_open (key, keylen, iv, ivlen, (int) taglen, aad, aadlen,
                         both, ctlen + taglen, out);
          if (!strcmp (result, "invalid"))
            {
              invalid++;
              t_check (rc != 0, "wycheproof OCB invalid case accepted");
            }
          else
            {
              valid++;
              if (!strcmp (result, "valid") || !rc)
                t_check (!rc && !memcmp (out, msg, msglen),
                         "wycheproof OCB valid case (rc %d)", rc);
            }
        }
    }
  t_check (!bad && valid + invalid > 0, "wycheproof OCB: %lu malformed cases",
           bad);
  printf ("%s: wycheproof aes_ocb_test.json: %lu valid/acceptable, %lu "
          "invalid cases; %lu with key/nonce/tag sizes outside upstream's "
          "OCB not run\n", t_name, valid, invalid, unsupported);
  free (json);
}

static void
test_vector_files (void)
{
  static const char *const files[] =
    { "rfc7253.txt", "openssl.txt", "test-vector-1-nonce104.txt",
      "test-vector-1-nonce112.txt", "test-vector-1-nonce120.txt" };
  const char *dir = t_vectors_dir ();
  unsigned long before;
  size_t i;
  long n;

  if (!dir)
    return;
  for (i = 0; i < DIM (files); i++)
    {
      before = t_failed;
      n = run_pyca_file (dir, files[i]);
      if (n < 0)
        t_skip ("pyca OCB3 file %s not found", files[i]);
      else
        {
          t_check (n > 0, "%s: no records", files[i]);
          printf ("%s: pyca OCB3 %s: %ld vectors, %lu failed checks\n",
                  t_name, files[i], n, t_failed - before);
        }
    }
  run_wycheproof (dir);
}


/*
 * Streaming.
 */

/* Encrypt or decrypt with the library in random pieces: AAD split at a
   random point into a part before the data and a part after it, each
   fed in random chunks; data in random block-multiple chunks, then the
   rest after gcry_cipher_final.  IN/OUT may be the same buffer.
   Returns 0 and the tag in TAG (encrypt) or the checktag result
   (decrypt, tag taken from TAG).  */
static gcry_err_code_t
ocb_stream (gcry_cipher_hd_t h, int encrypt, const unsigned char *nonce,
            size_t noncelen, const unsigned char *aad, size_t aadlen,
            unsigned char *out, const unsigned char *in, size_t len,
            unsigned char *tag, int taglen)
{
  size_t aad_before = t_rnd (aadlen + 1), pos, n, last;
  gcry_error_t err;

  err = gcry_cipher_setiv (h, nonce, noncelen);
  for (pos = 0; !err && pos < aad_before; pos += n)
    {
      n = 1 + t_rnd (aad_before - pos);
      err = gcry_cipher_authenticate (h, aad + pos, n);
    }
  last = t_rnd (2) ? len % 16 + 16 * t_rnd (len / 16 + 1) : len % 16;
  for (pos = 0; !err && pos < len - last; pos += n)
    {
      n = 16 * (1 + t_rnd ((len - last - pos) / 16));
      err = encrypt ? gcry_cipher_encrypt (h, out + pos, n, in + pos, n)
                    : gcry_cipher_decrypt (h, out + pos, n, in + pos, n);
    }
  if (!err)
    err = gcry_cipher_final (h);
  if (!err)
    err = encrypt ? gcry_cipher_encrypt (h, out + pos, last, in + pos, last)
                  : gcry_cipher_decrypt (h, out + pos, last, in + pos, last);
  for (pos = aad_before; !err && pos < aadlen; pos += n)
    {
      n = 1 + t_rnd (aadlen - pos);
      err = gcry_cipher_authenticate (h, aad + pos, n);
    }
  if (!err)
    err = encrypt ? gcry_cipher_gettag (h, tag, taglen)
                  : gcry_cipher_checktag (h, tag, taglen);
  return gcry_err_code (err);
}

static void
test_streaming (void)
{
  static unsigned char aad[600], pt[MAXMSG], ref[MAXMSG + 16];
  static unsigned char buf[MAXMSG + 64], back[MAXMSG + 64];
  static const int taglens[3] = { 8, 12, 16 };
  unsigned char key[32], nonce[15], tag[16];
  size_t iter, len, aadlen, keylen, noncelen, off, i;
  int taglen, inplace, guard_ok;
  gcry_cipher_hd_t h;
  gcry_err_code_t rc;

  for (iter = 0; iter < 300; iter++)
    {
      keylen = 16 + 8 * t_rnd (3);
      noncelen = 8 + t_rnd (8);
      taglen = taglens[t_rnd (3)];
      len = iter < 100 ? iter : t_rnd (MAXMSG - 64);
      aadlen = t_rnd (sizeof aad);
      inplace = (int) t_rnd (2);
      off = t_rnd (16);
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (nonce, noncelen);
      t_rnd_bytes (aad, aadlen);
      t_rnd_bytes (pt, len);

      rc = ocb_seal (key, keylen, nonce, noncelen, taglen, aad, aadlen, pt,
                     len, ref);
      if (!t_check (!rc, "streaming: one-call encrypt (rc %d)", rc))
        continue;
      h = open_ocb (key, keylen, taglen);
      if (!t_check (h != NULL, "streaming: open"))
        continue;

      /* Guard bytes around the output.  */
      memset (buf, 0xa5, sizeof buf);
      if (inplace)
        memcpy (buf + off, pt, len);
      rc = ocb_stream (h, 1, nonce, noncelen, aad, aadlen, buf + off,
                       inplace ? buf + off : pt, len, tag, taglen);
      guard_ok = 1;
      for (i = 0; i < off; i++)
        guard_ok &= buf[i] == 0xa5;
      for (i = off + len; i < off + len + 32; i++)
        guard_ok &= buf[i] == 0xa5;
      t_check (!rc && !memcmp (buf + off, ref, len)
               && !memcmp (tag, ref + len, taglen) && guard_ok,
               "streaming encrypt: len %u aad %u tag %d in-place %d off %u "
               "(rc %d)", (unsigned) len, (unsigned) aadlen, taglen, inplace,
               (unsigned) off, rc);

      memset (back, 0x5a, sizeof back);
      if (inplace)
        memcpy (back + off, ref, len);
      rc = ocb_stream (h, 0, nonce, noncelen, aad, aadlen, back + off,
                       inplace ? back + off : ref, len, ref + len, taglen);
      guard_ok = back[off + len] == 0x5a && (!off || back[off - 1] == 0x5a);
      t_check (!rc && !memcmp (back + off, pt, len) && guard_ok,
               "streaming decrypt: len %u aad %u tag %d (rc %d)",
               (unsigned) len, (unsigned) aadlen, taglen, rc);
      gcry_cipher_close (h);
    }
}

#ifdef HAVE_LIBCRYPTO
static int evp_ocb_seal (size_t keylen, const unsigned char *key,
                         const unsigned char *nonce, size_t noncelen,
                         int taglen,
                         const unsigned char *aad, size_t aadlen,
                         const unsigned char *pt, size_t ptlen,
                         unsigned char *out);
#endif

/* 2^16 + 40 blocks, so offsets use L_0 .. L_16: a fixed message whose
   tag was computed with two independent implementations (OpenSSL 3 and
   libgcrypt 1.10), in one call and in pieces of 4097 blocks; AAD of the
   same size and content.  With libcrypto, the ciphertext is compared
   too.  */
static void
test_long_message (void)
{
  size_t len = (65536 + 40) * 16 + 5, pos, n, i;
  unsigned char *pt = malloc (len), *ct1 = malloc (len + 16);
  unsigned char *ct2 = malloc (len + 16), key[16], nonce[12], tag[16];
  unsigned char expect[16];
  gcry_cipher_hd_t h;
  gcry_error_t err = 0;

  if (!pt || !ct1 || !ct2)
    exit (2);
  for (i = 0; i < len; i++)
    pt[i] = (unsigned char) (i * 7 + 3);
  for (i = 0; i < 16; i++)
    key[i] = (unsigned char) i;
  for (i = 0; i < 12; i++)
    nonce[i] = (unsigned char) (0xa0 + i);
  t_unhex ("76B77221A3CDA62B02E5BDC6DB603EC8", expect, sizeof expect);
  t_check (!ocb_seal (key, 16, nonce, 12, 16, pt, len, pt, len, ct1)
           && !memcmp (ct1 + len, expect, 16), "long message: known tag");
#ifdef HAVE_LIBCRYPTO
  if (t_check (evp_ocb_seal (16, key, nonce, 12, 16, pt, len, pt, len, ct2),
               "long message: OpenSSL"))
    t_check (!memcmp (ct1, ct2, len), "long message: ciphertext differs "
             "from OpenSSL's");
#endif

  h = open_ocb (key, 16, 16);
  if (!t_check (h != NULL, "long message: open"))
    goto leave;
  err = gcry_cipher_setiv (h, nonce, 12);
  for (pos = 0; !err && pos < len; pos += n)
    {
      n = len - pos < 4097 * 16 ? len - pos : 4097 * 16;
      err = gcry_cipher_authenticate (h, pt + pos, n);
    }
  for (pos = 0; !err && pos + 4097 * 16 < len; pos += 4097 * 16)
    err = gcry_cipher_encrypt (h, ct2 + pos, 4097 * 16, pt + pos, 4097 * 16);
  if (!err)
    err = gcry_cipher_final (h);
  if (!err)
    err = gcry_cipher_encrypt (h, ct2 + pos, len - pos, pt + pos, len - pos);
  if (!err)
    err = gcry_cipher_gettag (h, tag, 16);
  t_check (!err && !memcmp (ct1, ct2, len) && !memcmp (expect, tag, 16),
           "long message: pieces of 4097 blocks (%s)", gcry_strerror (err));
  gcry_cipher_close (h);
 leave:
  free (pt);
  free (ct1);
  free (ct2);
}


/*
 * Upstream's errors and call sequences.
 */

#define EXPECT(call, code, what) \
  do { gcry_err_code_t rc_ = gcry_err_code (call); \
       t_check (rc_ == (code), "%s: got %d (%s), want %d", what, rc_, \
                gcry_strerror (rc_), (code)); } while (0)

static void
test_errors (void)
{
  unsigned char key[16] = { 1, 2, 3 }, nonce[16] = { 9 }, buf[64], tag[16];
  unsigned char tag2[16];
  gcry_cipher_hd_t h;
  size_t n, taglen;
  int tl;
  char what[64];

  memset (buf, 0x33, sizeof buf);
  if (!t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_OCB,
                                   0), "open"))
    return;
  EXPECT (gcry_cipher_setiv (h, nonce, 12), GPG_ERR_INV_STATE,
          "setiv before setkey");
  EXPECT (gcry_cipher_authenticate (h, buf, 16), GPG_ERR_INV_STATE,
          "authenticate before setkey");
  EXPECT (gcry_cipher_encrypt (h, buf, 16, NULL, 0), GPG_ERR_MISSING_KEY,
          "encrypt before setkey");
  EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_STATE,
          "gettag before setkey");
  EXPECT (gcry_cipher_setkey (h, key, 15), GPG_ERR_INV_KEYLEN,
          "setkey 15 bytes");
  EXPECT (gcry_cipher_setiv (h, nonce, 12), GPG_ERR_INV_STATE,
          "setiv after a failed setkey");
  EXPECT (gcry_cipher_setkey (h, key, 16), 0, "setkey");
  EXPECT (gcry_cipher_encrypt (h, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
          "encrypt before setiv");
  EXPECT (gcry_cipher_decrypt (h, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
          "decrypt before setiv");
  EXPECT (gcry_cipher_authenticate (h, buf, 16), GPG_ERR_INV_STATE,
          "authenticate before setiv");
  EXPECT (gcry_cipher_checktag (h, tag, 16), GPG_ERR_INV_STATE,
          "checktag before setiv");

  /* Nonce lengths: 8..15 bytes.  */
  for (n = 0; n <= 16; n++)
    {
      snprintf (what, sizeof what, "setiv %u bytes", (unsigned) n);
      EXPECT (gcry_cipher_setiv (h, nonce, n),
              n >= 8 && n <= 15 ? 0 : GPG_ERR_INV_LENGTH, what);
    }
  EXPECT (gcry_cipher_setiv (h, NULL, 12), GPG_ERR_INV_ARG, "setiv NULL");

  /* Tag lengths: 8, 12, 16.  */
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
          "GET_TAGLEN");
  t_check (taglen == 16, "default tag length %u", (unsigned) taglen);
  for (tl = -1; tl <= 17; tl++)
    {
      snprintf (what, sizeof what, "SET_TAGLEN %d", tl);
      EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl),
              tl == 8 || tl == 12 || tl == 16 ? 0 : GPG_ERR_INV_LENGTH, what);
    }
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, NULL, sizeof tl),
          GPG_ERR_INV_ARG, "SET_TAGLEN NULL");
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl + 1),
          GPG_ERR_INV_ARG, "SET_TAGLEN wrong size");
  tl = 12;
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl), 0,
          "SET_TAGLEN 12");
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
          "GET_TAGLEN");
  t_check (taglen == 12, "tag length after SET_TAGLEN 12: %u",
           (unsigned) taglen);
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, tag, 16),
          GPG_ERR_INV_CIPHER_MODE, "SET_DECRYPTION_TAG");
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_FINALIZE, buf, 0), GPG_ERR_INV_ARG,
          "FINALIZE with a buffer");

  /* A message: AAD in odd pieces, data without FINALIZE.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 12), 0, "setiv");
  EXPECT (gcry_cipher_authenticate (h, NULL, 0), 0, "authenticate NULL, 0");
  EXPECT (gcry_cipher_authenticate (h, buf, 5), 0, "authenticate 5");
  EXPECT (gcry_cipher_authenticate (h, buf, 7), 0, "authenticate 7");
  EXPECT (gcry_cipher_encrypt (h, buf, 15, NULL, 0), GPG_ERR_INV_LENGTH,
          "partial chunk without FINALIZE");
  EXPECT (gcry_cipher_encrypt (h, buf, 17, NULL, 0), GPG_ERR_INV_LENGTH,
          "17-byte chunk without FINALIZE");
  EXPECT (gcry_cipher_encrypt (h, buf, 32, NULL, 0), 0, "two blocks");
  EXPECT (gcry_cipher_encrypt (h, buf, 16, buf + 32, 32),
          GPG_ERR_BUFFER_TOO_SHORT, "output shorter than input");
  EXPECT (gcry_cipher_authenticate (h, buf, 3), 0, "AAD after data");
  EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_STATE,
          "gettag without FINALIZE");
  EXPECT (gcry_cipher_checktag (h, tag, 12), GPG_ERR_INV_STATE,
          "checktag without FINALIZE");
  EXPECT (gcry_cipher_final (h), 0, "final");
  EXPECT (gcry_cipher_encrypt (h, buf, 5, NULL, 0), 0, "last chunk");
  EXPECT (gcry_cipher_encrypt (h, buf, 0, NULL, 0), GPG_ERR_INV_STATE,
          "data after the last chunk");
  EXPECT (gcry_cipher_decrypt (h, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
          "decrypt after the last chunk");
  EXPECT (gcry_cipher_authenticate (h, buf, 3), 0,
          "AAD after the data, before the tag");
  EXPECT (gcry_cipher_gettag (h, tag, 11), GPG_ERR_BUFFER_TOO_SHORT,
          "gettag 11 bytes for a 12-byte tag");
  memset (tag, 0xee, sizeof tag);
  EXPECT (gcry_cipher_gettag (h, tag, 16), 0, "gettag 16-byte buffer");
  t_check (tag[12] == 0xee && tag[15] == 0xee,
           "gettag wrote past the 12-byte tag");
  EXPECT (gcry_cipher_gettag (h, tag2, 12), 0, "gettag again");
  t_check (!memcmp (tag, tag2, 12), "gettag twice differs");
  EXPECT (gcry_cipher_authenticate (h, buf, 3), GPG_ERR_INV_STATE,
          "AAD after gettag");
  EXPECT (gcry_cipher_checktag (h, tag, 12), 0, "checktag");
  EXPECT (gcry_cipher_checktag (h, tag, 11), GPG_ERR_CHECKSUM,
          "checktag 11 bytes");
  EXPECT (gcry_cipher_checktag (h, tag, 16), GPG_ERR_CHECKSUM,
          "checktag 16 bytes for a 12-byte tag");
  for (n = 0; n < 12; n++)
    {
      tag[n] ^= 0x80;
      snprintf (what, sizeof what, "checktag with byte %u flipped",
                (unsigned) n);
      EXPECT (gcry_cipher_checktag (h, tag, 12), GPG_ERR_CHECKSUM, what);
      tag[n] ^= 0x80;
    }

  /* setiv starts over and forgets FINALIZE.  */
  EXPECT (gcry_cipher_setiv (h, nonce, 12), 0, "setiv again");
  EXPECT (gcry_cipher_encrypt (h, buf, 7, NULL, 0), GPG_ERR_INV_LENGTH,
          "partial chunk after setiv (FINALIZE cleared)");
  EXPECT (gcry_cipher_final (h), 0, "final");
  EXPECT (gcry_cipher_encrypt (h, buf, 0, NULL, 0), 0, "empty last chunk");
  EXPECT (gcry_cipher_gettag (h, tag, 12), 0, "gettag of an empty message");

  /* Reset: tag length 16 again, no nonce.  */
  EXPECT (gcry_cipher_reset (h), 0, "reset");
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
          "GET_TAGLEN after reset");
  t_check (taglen == 16, "tag length after reset: %u", (unsigned) taglen);
  EXPECT (gcry_cipher_encrypt (h, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
          "encrypt after reset");
  EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_STATE,
          "gettag after reset");
  gcry_cipher_close (h);

  /* A failed encryption leaves no plaintext in the output.  */
  if (t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_OCB,
                                  0), "open"))
    {
      unsigned char src[16], dst[16];

      memset (src, 0x11, sizeof src);
      memcpy (dst, src, sizeof dst);
      gcry_cipher_setkey (h, key, 16);
      gcry_cipher_setiv (h, nonce, 12);
      EXPECT (gcry_cipher_encrypt (h, dst, 15, src, 15), GPG_ERR_INV_LENGTH,
              "partial chunk");
      t_check (memcmp (dst, src, 15), "failed encrypt left the plaintext");
      gcry_cipher_close (h);
    }

  /* The same message after reset must give the same bytes: the L table
     survives reset, the tag length goes back to 16 (set 8 again).  */
  if (t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES256,
                                  GCRY_CIPHER_MODE_OCB, 0), "open"))
    {
      unsigned char k32[32], c[2][48];
      int round;

      t_rnd_bytes (k32, sizeof k32);
      EXPECT (gcry_cipher_setkey (h, k32, 32), 0, "setkey AES-256");
      for (round = 0; round < 2; round++)
        {
          tl = 8;
          EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl), 0,
                  "SET_TAGLEN 8");
          EXPECT (gcry_cipher_setiv (h, nonce, 15), 0, "setiv 15 bytes");
          EXPECT (gcry_cipher_authenticate (h, buf, 33), 0, "authenticate");
          EXPECT (gcry_cipher_final (h), 0, "final");
          EXPECT (gcry_cipher_encrypt (h, c[round], 40, buf, 40), 0,
                  "encrypt");
          EXPECT (gcry_cipher_gettag (h, c[round] + 40, 8), 0, "gettag 8");
          EXPECT (gcry_cipher_reset (h), 0, "reset");
        }
      t_check (!memcmp (c[0], c[1], 48), "same message after reset differs");
      gcry_cipher_close (h);
    }
}


/*
 * Against OpenSSL.
 */

#ifdef HAVE_LIBCRYPTO
static int
evp_ocb_seal (size_t keylen, const unsigned char *key,
              const unsigned char *nonce, size_t noncelen, int taglen,
              const unsigned char *aad, size_t aadlen,
              const unsigned char *pt, size_t ptlen, unsigned char *out)
{
  const EVP_CIPHER *cipher = keylen == 16 ? EVP_aes_128_ocb ()
                             : keylen == 24 ? EVP_aes_192_ocb ()
                             : EVP_aes_256_ocb ();
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int n, total = 0, ok;

  ok = ctx && EVP_EncryptInit_ex (ctx, cipher, NULL, NULL, NULL)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_IVLEN, (int) noncelen,
                               NULL)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_TAG, taglen, NULL)
       && EVP_EncryptInit_ex (ctx, NULL, NULL, key, nonce);
  if (ok && aadlen)
    ok = EVP_EncryptUpdate (ctx, NULL, &n, aad, (int) aadlen);
  if (ok && ptlen)
    {
      ok = EVP_EncryptUpdate (ctx, out, &n, pt, (int) ptlen);
      total = n;
    }
  if (ok)
    {
      ok = EVP_EncryptFinal_ex (ctx, out + total, &n);
      total += n;
    }
  ok = ok && total == (int) ptlen
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, taglen,
                               out + ptlen);
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

static void
test_openssl (void)
{
  static unsigned char aad[300], pt[MAXMSG], ours[MAXMSG + 16];
  static unsigned char theirs[MAXMSG + 16], back[MAXMSG];
  static const int taglens[3] = { 16, 12, 8 };
  unsigned char key[32], nonce[15];
  size_t iter, len, aadlen, keylen, noncelen;
  unsigned long count = 0, before = t_failed;
  int taglen;
  gcry_err_code_t rc;

  for (iter = 0; iter <= 5000; iter++)
    {
      len = iter;
      keylen = 16 + 8 * (iter % 3);
      /* Every nonce length upstream takes, 12 (the usual) most.  */
      noncelen = iter % 2 ? 12 : 8 + (iter / 2) % 8;
      taglen = iter % 5 ? 16 : taglens[t_rnd (3)];
      aadlen = t_rnd (sizeof aad);
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (nonce, noncelen);
      t_rnd_bytes (aad, aadlen);
      t_rnd_bytes (pt, len);
      if (!t_check (evp_ocb_seal (keylen, key, nonce, noncelen, taglen, aad,
                                  aadlen, pt, len, theirs),
                    "OpenSSL OCB encrypt failed"))
        continue;
      rc = ocb_seal (key, keylen, nonce, noncelen, taglen, aad, aadlen, pt,
                     len, ours);
      t_check (!rc && !memcmp (ours, theirs, len + taglen),
               "vs OpenSSL: AES-%u len %u aad %u nonce %u tag %d (rc %d)",
               (unsigned) keylen * 8, (unsigned) len, (unsigned) aadlen,
               (unsigned) noncelen, taglen, rc);
      rc = ocb_open (key, keylen, nonce, noncelen, taglen, aad, aadlen, theirs,
                     len + taglen, back);
      t_check (!rc && !memcmp (back, pt, len),
               "OpenSSL's ciphertext: decrypt len %u (rc %d)",
               (unsigned) len, rc);
      count++;
    }
  printf ("%s: OpenSSL EVP aes-*-ocb: %lu messages, %lu failed checks\n",
          t_name, count, t_failed - before);
}
#endif /* HAVE_LIBCRYPTO */


int
main (int argc, char **argv)
{
  t_init ("t-cipher-ocb", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_rfc7253 ();
  test_vector_files ();
  test_errors ();
  test_streaming ();
  test_long_message ();
#ifdef HAVE_LIBCRYPTO
  test_openssl ();
#else
  t_skip ("OpenSSL's libcrypto was not found at configure time: "
          "no differential test");
#endif
  return t_finish ();
}
