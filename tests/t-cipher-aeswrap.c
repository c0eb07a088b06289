/* t-cipher-aeswrap.c - AES key wrap (GCRY_CIPHER_MODE_AESWRAP): KW per
 * RFC 3394 and, with GCRY_CIPHER_EXTENDED, KWP per RFC 5649.
 *
 * Known answers: RFC 3394 §4 and RFC 5649 §6 (built in); then, read in
 * place from the shared vector directory, the NIST CAVP SP 800-38F files
 * (KW_AE/KW_AD/KWP_AE/KWP_AD for the three key sizes) and Wycheproof's
 * aes_wrap_test.json and aes_kwp_test.json.  Wraps must give the
 * expected bytes; unwraps must give the key back, and every record
 * marked invalid must fail: with GPG_ERR_CHECKSUM when its length is
 * one the mode takes, else with upstream's length error.  One upstream
 * rule shows here: a handle with GCRY_CIPHER_EXTENDED unwraps KW data
 * too (reporting a length of 0), so a KWP "invalid" record that is a
 * valid KW wrap is accepted, and the test proves it by wrapping the
 * result with KW again.
 *
 * Behaviour: the alternative initial value set with setiv (against a
 * wrap written here over the library's ECB), the buffer rules with
 * guard bytes, in place, GCRYCTL_GET_KEYLEN, the one-block KWP edge
 * cases and the upstream error codes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#define MAXDATA 4096
#define GUARD 16
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static int
algo_for_keylen (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES
    : keylen == 24 ? GCRY_CIPHER_AES192
    : keylen == 32 ? GCRY_CIPHER_AES256 : 0;
}

static gcry_cipher_hd_t
open_wrap (const unsigned char *kek, size_t keklen, int padded)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, algo_for_keylen (keklen),
                          GCRY_CIPHER_MODE_AESWRAP,
                          padded ? GCRY_CIPHER_EXTENDED : 0);
  if (!err)
    err = gcry_cipher_setkey (h, kek, keklen);
  if (!t_check (!err, "open/setkey (KEK %u bytes): %s", (unsigned) keklen,
                gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* The length GCRYCTL_GET_KEYLEN reports, or -1.  */
static long
unwrapped_keylen (gcry_cipher_hd_t h)
{
  unsigned char b[4];
  size_t n = 0;

  if (gcry_cipher_info (h, GCRYCTL_GET_KEYLEN, b, &n) || n != 4)
    return -1;
  return (long) ((unsigned long) b[0] << 24 | (unsigned long) b[1] << 16
                 | (unsigned long) b[2] << 8 | b[3]);
}

static size_t
padded_len (size_t len)
{
  return (len + 7) / 8 * 8;
}

/* Wrap P (PLEN bytes) and compare with C; unwrap C in place and compare
   with P.  Guard bytes after the wrap output must stay.  */
static int
check_valid (const char *where, const unsigned char *kek, size_t keklen,
             int padded, const unsigned char *p, size_t plen,
             const unsigned char *c, size_t clen)
{
  gcry_cipher_hd_t h = open_wrap (kek, keklen, padded);
  unsigned char out[MAXDATA + 8 + GUARD];
  gcry_error_t err;
  size_t i;
  int ok = 1, guards = 1;

  if (!h)
    return 0;
  memset (out, 0xa5, sizeof out);
  err = gcry_cipher_encrypt (h, out, clen, p, plen);
  for (i = clen; i < clen + GUARD; i++)
    guards &= out[i] == 0xa5;
  ok &= t_check (!err && !memcmp (out, c, clen) && guards,
                 "%s: wrap (%s)", where, gcry_strerror (err));

  memcpy (out, c, clen);
  err = gcry_cipher_decrypt (h, out, clen, NULL, 0);
  ok &= t_check (!err && !memcmp (out, p, plen), "%s: unwrap (%s)", where,
                 gcry_strerror (err));
  if (!err)
    {
      /* KWP padding comes out as zeros, and the length says where the
         key ends; KW reports 0.  */
      for (i = plen; i < clen - 8; i++)
        ok &= t_check (out[i] == 0, "%s: padding byte %u", where,
                       (unsigned) i);
      ok &= t_check (unwrapped_keylen (h) == (padded ? (long) plen : 0),
                     "%s: GET_KEYLEN %ld", where, unwrapped_keylen (h));
    }
  gcry_cipher_close (h);
  return ok;
}

/* The error upstream gives for unwrapping CLEN bytes when the length
   alone is wrong, or 0 when only GPG_ERR_CHECKSUM is right.  */
static int
length_error (size_t clen, int padded)
{
  if (clen % 8)
    return GPG_ERR_INV_ARG;
  if (clen == 16)
    return padded ? 0 : GPG_ERR_BUFFER_TOO_SHORT;
  if (clen < 24)
    return GPG_ERR_INV_ARG;
  return 0;
}

/* Unwrapping C must fail.  On a KWP handle a valid KW wrap succeeds
   (upstream's auto-detection); *R_AS_KW counts those after proving it.
   Returns 1 if the record behaved.  */
static int
check_invalid (const char *where, const unsigned char *kek, size_t keklen,
               int padded, const unsigned char *c, size_t clen,
               unsigned long *r_as_kw)
{
  gcry_cipher_hd_t h = open_wrap (kek, keklen, padded);
  unsigned char out[MAXDATA + 8], rewrap[MAXDATA + 8];
  gcry_error_t err;
  gpg_err_code_t want = (gpg_err_code_t) length_error (clen, padded);
  size_t i;
  int ok, zero = 1;

  if (!h)
    return 0;
  memset (out, 0xa5, sizeof out);
  err = gcry_cipher_decrypt (h, out, sizeof out, c, clen);
  if (!err && padded && unwrapped_keylen (h) == 0)
    {
      gcry_cipher_hd_t kw = open_wrap (kek, keklen, 0);

      ok = kw && !gcry_cipher_encrypt (kw, rewrap, clen, out, clen - 8)
           && !memcmp (rewrap, c, clen);
      gcry_cipher_close (kw);
      gcry_cipher_close (h);
      if (ok)
        (*r_as_kw)++;
      return t_check (ok, "%s: accepted, but is no KW wrap", where);
    }
  if (gpg_err_code (err) == GPG_ERR_CHECKSUM)
    {
      /* Nothing unverified is left in the output.  */
      for (i = 0; i + 8 < clen; i++)
        zero &= out[i] == 0;
    }
  ok = t_check (gpg_err_code (err) == (want ? want : GPG_ERR_CHECKSUM)
                && zero,
                "%s: invalid record gave '%s'%s", where, gcry_strerror (err),
                zero ? "" : " and left data in the output");
  gcry_cipher_close (h);
  return ok;
}


/*
 * RFC 3394 §4 and RFC 5649 §6.
 */

static const struct
{
  const char *name, *kek, *key, *wrapped;
  int padded;
} rfc_vectors[] =
  {
    { "RFC 3394 4.1", "000102030405060708090A0B0C0D0E0F",
      "00112233445566778899AABBCCDDEEFF",
      "1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5", 0 },
    { "RFC 3394 4.2", "000102030405060708090A0B0C0D0E0F1011121314151617",
      "00112233445566778899AABBCCDDEEFF",
      "96778B25AE6CA435F92B5B97C050AED2468AB8A17AD84E5D", 0 },
    { "RFC 3394 4.3",
      "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "00112233445566778899AABBCCDDEEFF",
      "64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7", 0 },
    { "RFC 3394 4.4", "000102030405060708090A0B0C0D0E0F1011121314151617",
      "00112233445566778899AABBCCDDEEFF0001020304050607",
      "031D33264E15D33268F24EC260743EDCE1C6C7DDEE725A936BA814915C6762D2",
      0 },
    { "RFC 3394 4.5",
      "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "00112233445566778899AABBCCDDEEFF0001020304050607",
      "A8F9BC1612C68B3FF6E6F4FBE30E71E4769C8B80A32CB8958CD5D17D6B254DA1",
      0 },
    { "RFC 3394 4.6",
      "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F",
      "28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43B"
      "FB988B9B7A02DD21", 0 },
    { "RFC 5649 6 (20 bytes)",
      "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
      "c37b7e6492584340bed12207808941155068f738",
      "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a",
      1 },
    { "RFC 5649 6 (7 bytes)",
      "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
      "466f7250617369", "afbeb0f07dfbf5419200f2ccb50bb24f", 1 },
  };

static void
test_rfc (void)
{
  unsigned char kek[32], key[64], wrapped[72];
  long keklen, keylen, wlen;
  size_t i, passed = 0;

  for (i = 0; i < DIM (rfc_vectors); i++)
    {
      keklen = t_unhex (rfc_vectors[i].kek, kek, sizeof kek);
      keylen = t_unhex (rfc_vectors[i].key, key, sizeof key);
      wlen = t_unhex (rfc_vectors[i].wrapped, wrapped, sizeof wrapped);
      if (!t_check (keklen > 0 && keylen > 0
                    && wlen == (long) padded_len (keylen) + 8,
                    "%s: table entry", rfc_vectors[i].name))
        continue;
      passed += check_valid (rfc_vectors[i].name, kek, keklen,
                             rfc_vectors[i].padded, key, keylen, wrapped,
                             wlen);
    }
  printf ("%s: RFC 3394/5649 built-in: %lu of %lu vectors passed\n",
          t_name, (unsigned long) passed, (unsigned long) DIM (rfc_vectors));
}


/*
 * NIST CAVP SP 800-38F files.
 */

static void
test_cavp_file (const char *dir, const char *file, int padded, int unwrap)
{
  char path[4096], where[4200];
  unsigned char k[32], p[MAXDATA], c[MAXDATA + 8];
  long klen, plen, clen;
  int fail;
  unsigned long passed = 0, total = 0, failing = 0, as_kw = 0;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/pyca-cryptography/keywrap/kwtestvectors/%s",
            dir, file);
  if (!t_check (!t_vec_open (&v, path, "COUNT"), "cannot open %s: %s", path,
                strerror (errno)))
    return;

  while (t_vec_next (&v))
    {
      fail = t_vec_get (&v, "FAIL") != NULL;
      klen = t_vec_hex (&v, "K", k, sizeof k);
      plen = t_vec_hex (&v, "P", p, sizeof p);
      clen = t_vec_hex (&v, "C", c, sizeof c);
      /* A record is a C with either its P or FAIL.  */
      if (clen < 0 || (plen < 0 && !fail))
        continue;
      snprintf (where, sizeof where, "%s COUNT=%ld (line %lu)", file,
                t_vec_long (&v, "COUNT", -1), v.record_line);
      total++;
      if (!t_check (klen > 0 && (fail || unwrap || clen
                                 == (long) padded_len (plen) + 8),
                    "%s: malformed record", where))
        ;
      else if (fail)
        {
          failing++;
          passed += check_invalid (where, k, klen, padded, c, clen, &as_kw);
        }
      else
        passed += check_valid (where, k, klen, padded, p, plen, c, clen);
    }
  t_check (!v.errors, "%s: %lu lines not read", file, v.errors);
  t_vec_close (&v);
  t_check (total > 0, "%s: no records", file);
  printf ("%s: %s: %lu of %lu records passed (%lu must-fail", t_name, file,
          passed, total, failing);
  if (as_kw)
    printf (", %lu of them valid KW wraps accepted by auto-detection",
            as_kw);
  printf (")\n");
}


/*
 * Wycheproof aes_wrap_test.json / aes_kwp_test.json: every object with a
 * "tcId" is a test.
 */

static void
test_wycheproof (const char *dir, const char *file, int padded)
{
  char path[4096], where[128], result[32];
  char *text;
  const char *pos, *end;
  t_json_span_t obj;
  size_t len;
  unsigned char kek[32], msg[MAXDATA], ct[MAXDATA + 8];
  unsigned char out[MAXDATA + 8];
  long keklen, mlen, clen, tcid;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned long passed = 0, total = 0, invalid = 0, as_kw = 0;
  unsigned long acceptable = 0, acceptable_taken = 0;

  snprintf (path, sizeof path, "wycheproof/testvectors_v1/%s", file);
  text = t_json_load_vectors (dir, path, &len);
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
               "%s: a test without a numeric tcId", file);
      snprintf (where, sizeof where, "%s tcId %ld", file, tcid);
      keklen = t_json_hex (&obj, "key", kek, sizeof kek);
      mlen = t_json_hex (&obj, "msg", msg, sizeof msg);
      clen = t_json_hex (&obj, "ct", ct, sizeof ct);
      if (!t_check (keklen > 0 && mlen >= 0 && clen >= 0
                    && t_json_string (&obj, "result", result,
                                      sizeof result) > 0,
                    "%s: unreadable record", where))
        continue;

      if (!strcmp (result, "valid"))
        passed += check_valid (where, kek, keklen, padded, msg, mlen, ct,
                               clen);
      else if (!strcmp (result, "invalid"))
        {
          int ok = 1;

          invalid++;
          if (clen || !mlen)
            ok &= check_invalid (where, kek, keklen, padded, ct, clen,
                                 &as_kw);
          else
            {
              /* An input that must not be wrapped at all.  */
              h = open_wrap (kek, keklen, padded);
              err = h ? gcry_cipher_encrypt (h, out, sizeof out, msg, mlen)
                      : 0;
              ok &= t_check (h && gpg_err_code (err) == GPG_ERR_INV_ARG,
                             "%s: wrapping %ld bytes gave '%s'", where, mlen,
                             gcry_strerror (err));
              gcry_cipher_close (h);
            }
          passed += ok;
        }
      else
        {
          /* "acceptable": either outcome, but a success must be right.  */
          acceptable++;
          h = open_wrap (kek, keklen, padded);
          err = h ? gcry_cipher_decrypt (h, out, sizeof out, ct, clen) : 0;
          if (h && !err)
            {
              acceptable_taken++;
              passed += t_check (!memcmp (out, msg, mlen),
                                 "%s: accepted with a wrong result", where);
            }
          else
            passed += t_check (h != NULL, "%s: open", where);
          gcry_cipher_close (h);
        }
    }
  free (text);
  t_check (total > 0, "%s: no tests found", file);
  printf ("%s: wycheproof %s: %lu of %lu passed (%lu must-fail", t_name,
          file, passed, total, invalid);
  if (as_kw)
    printf (", %lu of them valid KW wraps accepted by auto-detection",
            as_kw);
  printf ("; %lu acceptable, %lu of them unwrapped)\n", acceptable,
          acceptable_taken);
}


/*
 * A KW wrap written here over the library's AES-ECB (SP 800-38F W), to
 * check the alternative initial value and random lengths.
 */

static void
ref_wrap (const unsigned char *kek, size_t keklen, const unsigned char *iv,
          unsigned char *out, const unsigned char *in, size_t inlen)
{
  gcry_cipher_hd_t ecb;
  unsigned char b[16];
  size_t n = inlen / 8, i, j, t;
  int k;

  gcry_cipher_open (&ecb, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0);
  gcry_cipher_setkey (ecb, kek, keklen);
  memcpy (out, iv, 8);
  memcpy (out + 8, in, inlen);
  for (j = 0; j < 6; j++)
    for (i = 1; i <= n; i++)
      {
        memcpy (b, out, 8);
        memcpy (b + 8, out + 8 * i, 8);
        gcry_cipher_encrypt (ecb, b, 16, NULL, 0);
        t = n * j + i;
        for (k = 7; k >= 0; k--, t >>= 8)
          b[k] ^= (unsigned char) t;
        memcpy (out, b, 8);
        memcpy (out + 8 * i, b + 8, 8);
      }
  gcry_cipher_close (ecb);
}

static void
test_reference_and_aiv (void)
{
  static const unsigned char default_iv[8] =
    { 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6 };
  unsigned char kek[32], in[520], expect[528], out[528], iv[16];
  gcry_cipher_hd_t h, other;
  gcry_error_t err;
  unsigned long bad = 0, runs = 0;
  size_t len;
  int k;

  for (k = 0; k < 3; k++)
    {
      size_t keklen = 16 + 8 * k;

      t_rnd_bytes (kek, keklen);
      h = open_wrap (kek, keklen, 0);
      if (!h)
        return;
      for (len = 16; len <= 512; len += 8)
        {
          t_rnd_bytes (in, len);
          ref_wrap (kek, keklen, default_iv, expect, in, len);
          err = gcry_cipher_encrypt (h, out, len + 8, in, len);
          runs++;
          bad += err || memcmp (out, expect, len + 8);
          /* In place: IN at the start of OUT.  */
          memcpy (out, in, len);
          err = gcry_cipher_encrypt (h, out, len + 8, out, len);
          bad += err || memcmp (out, expect, len + 8);
          err = gcry_cipher_decrypt (h, out, len + 8, NULL, 0);
          bad += err || memcmp (out, in, len);
        }
      gcry_cipher_close (h);
    }
  t_check (!bad, "KW against the reference: %lu mismatches in %lu lengths",
           bad, runs);

  /* The alternative initial value: the IV's first 8 bytes.  */
  t_rnd_bytes (kek, 16);
  t_rnd_bytes (in, 40);
  t_rnd_bytes (iv, 16);
  ref_wrap (kek, 16, iv, expect, in, 40);
  h = open_wrap (kek, 16, 0);
  other = open_wrap (kek, 16, 0);
  if (!h || !other)
    return;
  gcry_cipher_setiv (h, iv, 16);
  err = gcry_cipher_encrypt (h, out, 48, in, 40);
  t_check (!err && !memcmp (out, expect, 48), "wrap with AIV: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (h, out, 40, expect, 48);
  t_check (!err && !memcmp (out, in, 40) && unwrapped_keylen (h) == 0,
           "unwrap with AIV: %s", gcry_strerror (err));
  /* A handle without the AIV refuses it; one with another AIV too.  */
  err = gcry_cipher_decrypt (other, out, 40, expect, 48);
  t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
           "AIV data without the AIV: %s", gcry_strerror (err));
  iv[3] ^= 1;
  gcry_cipher_setiv (other, iv, 16);
  err = gcry_cipher_decrypt (other, out, 40, expect, 48);
  t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
           "AIV data with another AIV: %s", gcry_strerror (err));
  /* With an AIV set, default-IV data still unwraps (upstream).  */
  ref_wrap (kek, 16, default_iv, expect, in, 40);
  err = gcry_cipher_decrypt (other, out, 40, expect, 48);
  t_check (!err && !memcmp (out, in, 40),
           "default-IV data with an AIV set: %s", gcry_strerror (err));
  /* setiv (NULL) and reset drop the AIV.  */
  iv[3] ^= 1;
  ref_wrap (kek, 16, iv, expect, in, 40);
  gcry_cipher_setiv (other, iv, 16);
  gcry_cipher_setiv (other, NULL, 0);
  err = gcry_cipher_decrypt (other, out, 40, expect, 48);
  t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
           "setiv (NULL) drops the AIV: %s", gcry_strerror (err));
  gcry_cipher_setiv (h, iv, 16);
  gcry_cipher_reset (h);
  err = gcry_cipher_encrypt (h, out, 48, in, 40);
  ref_wrap (kek, 16, default_iv, expect, in, 40);
  t_check (!err && !memcmp (out, expect, 48), "reset drops the AIV");
  gcry_cipher_close (h);
  gcry_cipher_close (other);
}


/*
 * KWP round trips, one-block edge cases, buffer rules and errors.
 */

static void
test_kwp_lengths (void)
{
  unsigned char kek[16], in[300], out[320 + GUARD], back[320];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned long bad = 0;
  size_t len, olen, i;

  t_rnd_bytes (kek, sizeof kek);
  h = open_wrap (kek, sizeof kek, 1);
  if (!h)
    return;
  for (len = 1; len <= 300; len++)
    {
      olen = padded_len (len) + 8;
      t_rnd_bytes (in, len);
      memset (out, 0xa5, sizeof out);
      err = gcry_cipher_encrypt (h, out, olen, in, len);
      bad += !!err;
      for (i = olen; i < olen + GUARD; i++)
        bad += out[i] != 0xa5;
      memset (back, 0xa5, sizeof back);
      err = gcry_cipher_decrypt (h, back, olen - 8, out, olen);
      bad += err || memcmp (back, in, len)
             || unwrapped_keylen (h) != (long) len;
      for (i = len; i < olen - 8; i++)
        bad += back[i] != 0;
      for (i = olen - 8; i < sizeof back; i++)
        bad += back[i] != 0xa5;
    }
  t_check (!bad, "KWP round trips 1..300 bytes: %lu problems", bad);
  gcry_cipher_close (h);
}

static void
test_one_block_kwp (void)
{
  unsigned char kek[16], block[16], out[16];
  gcry_cipher_hd_t h, ecb;
  gcry_error_t err;
  unsigned int plen;

  t_rnd_bytes (kek, sizeof kek);
  h = open_wrap (kek, sizeof kek, 1);
  if (!h || gcry_cipher_open (&ecb, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0))
    return;
  gcry_cipher_setkey (ecb, kek, sizeof kek);

  /* A one-block wrap is E (A65959A6 || len32 || key || zeros); lengths
     1..8 are valid (RFC 5649), 0 and 9 are not, nor a KW-style IV.  */
  for (plen = 0; plen <= 9; plen++)
    {
      block[0] = 0xa6;
      block[1] = 0x59;
      block[2] = 0x59;
      block[3] = 0xa6;
      block[4] = block[5] = block[6] = 0;
      block[7] = (unsigned char) plen;
      memset (block + 8, 0, 8);
      memset (block + 8, 0x5c, plen < 8 ? plen : 8);
      gcry_cipher_encrypt (ecb, block, 16, NULL, 0);
      memset (out, 0xee, sizeof out);
      err = gcry_cipher_decrypt (h, out, 8, block, 16);
      if (plen >= 1 && plen <= 8)
        t_check (!err && out[0] == 0x5c && unwrapped_keylen (h) == (long) plen,
                 "one-block KWP of %u bytes: %s", plen, gcry_strerror (err));
      else
        t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                 "one-block KWP of %u bytes must fail: %s", plen,
                 gcry_strerror (err));
    }
  /* Nonzero padding in a one-block wrap.  */
  memcpy (block, "\xa6\x59\x59\xa6\x00\x00\x00\x03" "abc\0\0\0\0\x01", 16);
  gcry_cipher_encrypt (ecb, block, 16, NULL, 0);
  err = gcry_cipher_decrypt (h, out, 8, block, 16);
  t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
           "one-block KWP with nonzero padding: %s", gcry_strerror (err));

  gcry_cipher_close (ecb);
  gcry_cipher_close (h);
}

static void
test_errors (void)
{
  unsigned char kek[16], in[64], out[80 + GUARD];
  gcry_cipher_hd_t kw, kwp, ecb;
  gcry_error_t err;
  size_t n;
  long len;

  t_rnd_bytes (kek, sizeof kek);
  t_rnd_bytes (in, sizeof in);
  kw = open_wrap (kek, 16, 0);
  kwp = open_wrap (kek, 16, 1);
  if (!kw || !kwp)
    return;

  /* KW wrap: multiple of 8, at least 16; output 8 longer.  */
  for (len = 0; len < 16; len++)
    {
      err = gcry_cipher_encrypt (kw, out, sizeof out, in, len);
      t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "KW wrap %ld: %s",
               len, gcry_strerror (err));
    }
  err = gcry_cipher_encrypt (kw, out, sizeof out, in, 17);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "KW wrap 17: %s",
           gcry_strerror (err));
  err = gcry_cipher_encrypt (kw, out, 23, in, 16);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "KW wrap into 7 more: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (kw, out, 24, NULL, 0);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "KW wrap with NULL input (in place, no room): %s",
           gcry_strerror (err));

  /* KWP wrap: any length from 1; output rounded up plus 8.  */
  err = gcry_cipher_encrypt (kwp, out, sizeof out, in, 0);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "KWP wrap 0: %s",
           gcry_strerror (err));
  err = gcry_cipher_encrypt (kwp, out, 15, in, 8);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "KWP wrap 8 into 15: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (kwp, out, 23, in, 9);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "KWP wrap 9 into 23: %s", gcry_strerror (err));
  memset (out, 0xa5, sizeof out);
  err = gcry_cipher_encrypt (kwp, out, 16, in, 1);
  t_check (!err && out[16] == 0xa5, "KWP wrap 1 into 16: %s",
           gcry_strerror (err));

  /* Unwrap lengths.  */
  gcry_cipher_encrypt (kw, out, 32, in, 24);
  err = gcry_cipher_decrypt (kw, in, 23, out, 32);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "unwrap 32 into 23: %s", gcry_strerror (err));
  err = gcry_cipher_decrypt (kw, in, 64, out, 31);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "unwrap 31: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (kw, in, 64, out, 8);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "unwrap 8: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (kw, in, 64, out, 0);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "unwrap 0: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (kw, in, 64, out, 16);
  t_check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "KW unwrap 16 (KWP only): %s", gcry_strerror (err));

  /* Cross-use: KWP data on a KW handle fails; KW data on a KWP handle
     is auto-detected.  */
  t_rnd_bytes (in, 40);
  {
    unsigned char back[40];

    gcry_cipher_encrypt (kwp, out, 48, in, 37);
    err = gcry_cipher_decrypt (kw, back, 40, out, 48);
    t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM, "KWP data on KW: %s",
             gcry_strerror (err));
    gcry_cipher_encrypt (kw, out, 48, in, 40);
    err = gcry_cipher_decrypt (kwp, back, 40, out, 48);
    t_check (!err && !memcmp (back, in, 40) && unwrapped_keylen (kwp) == 0,
             "KW data on KWP: %s", gcry_strerror (err));
  }

  /* A corrupted byte anywhere fails with GPG_ERR_CHECKSUM.  */
  for (n = 0; n < 48; n++)
    {
      unsigned char back[40];

      out[n] ^= 0x10;
      err = gcry_cipher_decrypt (kw, back, 40, out, 48);
      out[n] ^= 0x10;
      if (!t_check (gpg_err_code (err) == GPG_ERR_CHECKSUM,
                    "corrupt byte %u: %s", (unsigned) n, gcry_strerror (err)))
        break;
    }

  /* GCRYCTL_GET_KEYLEN: arguments, and other modes.  */
  err = gcry_cipher_info (kwp, GCRYCTL_GET_KEYLEN, NULL, &n);
  t_check (gpg_err_code (err) == GPG_ERR_INV_ARG, "GET_KEYLEN NULL: %s",
           gcry_strerror (err));
  if (!gcry_cipher_open (&ecb, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0))
    {
      err = gcry_cipher_info (ecb, GCRYCTL_GET_KEYLEN, out, &n);
      t_check (gpg_err_code (err) == GPG_ERR_INV_CIPHER_MODE,
               "GET_KEYLEN on ECB: %s", gcry_strerror (err));
      gcry_cipher_close (ecb);
    }

  /* No key.  */
  if (!gcry_cipher_open (&ecb, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_AESWRAP, 0))
    {
      err = gcry_cipher_encrypt (ecb, out, 24, in, 16);
      t_check (gpg_err_code (err) == GPG_ERR_MISSING_KEY, "no key: %s",
               gcry_strerror (err));
      gcry_cipher_close (ecb);
    }

  gcry_cipher_close (kw);
  gcry_cipher_close (kwp);
}


int
main (int argc, char **argv)
{
  static const char *const kw_files[][2] =
    {
      { "KW_AE_128.txt", "KW_AD_128.txt" },
      { "KW_AE_192.txt", "KW_AD_192.txt" },
      { "KW_AE_256.txt", "KW_AD_256.txt" },
    };
  static const char *const kwp_files[][2] =
    {
      { "KWP_AE_128.txt", "KWP_AD_128.txt" },
      { "KWP_AE_192.txt", "KWP_AD_192.txt" },
      { "KWP_AE_256.txt", "KWP_AD_256.txt" },
    };
  const char *dir;
  size_t i;

  t_init ("t-cipher-aeswrap", argc, argv);
  /* The seed this test has always used.  */
  t_rnd_seed (0x13198a2e03707344ULL);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_rfc ();
  test_reference_and_aiv ();
  test_kwp_lengths ();
  test_one_block_kwp ();
  test_errors ();

  dir = t_vectors_dir ();
  if (dir)
    {
      for (i = 0; i < DIM (kw_files); i++)
        {
          test_cavp_file (dir, kw_files[i][0], 0, 0);
          test_cavp_file (dir, kw_files[i][1], 0, 1);
        }
      for (i = 0; i < DIM (kwp_files); i++)
        {
          test_cavp_file (dir, kwp_files[i][0], 1, 0);
          test_cavp_file (dir, kwp_files[i][1], 1, 1);
        }
      test_wycheproof (dir, "aes_wrap_test.json", 0);
      test_wycheproof (dir, "aes_kwp_test.json", 1);
    }

  return t_finish ();
}
