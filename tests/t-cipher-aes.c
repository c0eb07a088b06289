/* t-cipher-aes.c - AES through gcry_cipher against official vectors.
 *
 * Built-in known answers (always run): FIPS-197 Appendix C (one block,
 * three key sizes) and SP 800-38A Appendix F (ECB, CBC, CFB128, CFB8,
 * OFB, CTR).  Then, read in place from the shared vector directory when
 * it is there: the NIST CAVP AESAVS KAT and MMT files (ECB, CBC, OFB,
 * CFB128, CFB8), RFC 3686 CTR (pyca's copy) and the HCTR2 designers'
 * XCTR vectors.  Every record runs in both directions (encryption out of
 * place, decryption in place); a count per file is printed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <dirent.h>
#include <errno.h>

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#define MAXDATA 8192
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static int
algo_for_keylen (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES
    : keylen == 24 ? GCRY_CIPHER_AES192
    : keylen == 32 ? GCRY_CIPHER_AES256 : 0;
}

/* One vector both ways.  MODE CTR takes IV as the counter; every other
   mode as the IV.  Returns 1 if both directions passed.  */
static int
check_vector (const char *where, int mode,
              const unsigned char *key, size_t keylen,
              const unsigned char *iv, size_t ivlen,
              const unsigned char *pt, const unsigned char *ct, size_t len)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned char out[MAXDATA];
  int ok_enc, ok_dec;

  err = gcry_cipher_open (&h, algo_for_keylen (keylen), mode, 0);
  if (!t_check (!err, "%s: open: %s", where, gcry_strerror (err)))
    return 0;
  err = gcry_cipher_setkey (h, key, keylen);
  if (!t_check (!err, "%s: setkey: %s", where, gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return 0;
    }

  if (ivlen)
    err = mode == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr (h, iv, ivlen)
      : gcry_cipher_setiv (h, iv, ivlen);
  if (!err)
    err = gcry_cipher_encrypt (h, out, len, pt, len);
  ok_enc = t_check (!err && !memcmp (out, ct, len),
                    "%s: encryption (%s)", where, gcry_strerror (err));

  memcpy (out, ct, len);
  err = 0;
  if (ivlen)
    err = mode == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr (h, iv, ivlen)
      : gcry_cipher_setiv (h, iv, ivlen);
  if (!err)
    err = gcry_cipher_decrypt (h, out, len, NULL, 0);
  ok_dec = t_check (!err && !memcmp (out, pt, len),
                    "%s: decryption in place (%s)", where, gcry_strerror (err));
  gcry_cipher_close (h);
  return ok_enc && ok_dec;
}


/*
 * Built-in known answers.
 */

struct builtin
{
  const char *name;
  int mode;
  const char *key, *iv, *pt, *ct;
};

#define SP_PT "6bc1bee22e409f96e93d7e117393172a" \
              "ae2d8a571e03ac9c9eb76fac45af8e51" \
              "30c81c46a35ce411e5fbc1191a0a52ef" \
              "f69f2445df4f9b17ad2b417be66c3710"
#define SP_K128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP_K192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define SP_K256 "603deb1015ca71be2b73aef0857d7781" \
                "1f352c073b6108d72d9810a30914dff4"
#define SP_IV  "000102030405060708090a0b0c0d0e0f"
#define SP_CTR "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"

static const struct builtin builtins[] =
  {
    /* FIPS-197 Appendix C.  */
    { "FIPS-197 C.1", GCRY_CIPHER_MODE_ECB,
      "000102030405060708090a0b0c0d0e0f", "",
      "00112233445566778899aabbccddeeff",
      "69c4e0d86a7b0430d8cdb78070b4c55a" },
    { "FIPS-197 C.2", GCRY_CIPHER_MODE_ECB,
      "000102030405060708090a0b0c0d0e0f1011121314151617", "",
      "00112233445566778899aabbccddeeff",
      "dda97ca4864cdfe06eaf70a0ec0d7191" },
    { "FIPS-197 C.3", GCRY_CIPHER_MODE_ECB,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "",
      "00112233445566778899aabbccddeeff",
      "8ea2b7ca516745bfeafc49904b496089" },

    /* SP 800-38A Appendix F.  */
    { "SP800-38A F.1.1 ECB-AES128", GCRY_CIPHER_MODE_ECB, SP_K128, "", SP_PT,
      "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
      "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4" },
    { "SP800-38A F.1.3 ECB-AES192", GCRY_CIPHER_MODE_ECB, SP_K192, "", SP_PT,
      "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
      "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e" },
    { "SP800-38A F.1.5 ECB-AES256", GCRY_CIPHER_MODE_ECB, SP_K256, "", SP_PT,
      "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
      "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7" },
    { "SP800-38A F.2.1 CBC-AES128", GCRY_CIPHER_MODE_CBC, SP_K128, SP_IV, SP_PT,
      "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
      "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7" },
    { "SP800-38A F.2.3 CBC-AES192", GCRY_CIPHER_MODE_CBC, SP_K192, SP_IV, SP_PT,
      "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
      "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd" },
    { "SP800-38A F.2.5 CBC-AES256", GCRY_CIPHER_MODE_CBC, SP_K256, SP_IV, SP_PT,
      "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
      "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b" },
    { "SP800-38A F.3.7 CFB8-AES128", GCRY_CIPHER_MODE_CFB8, SP_K128, SP_IV,
      "6bc1bee22e409f96e93d7e117393172aae2d",
      "3b79424c9c0dd436bace9e0ed4586a4f32b9" },
    { "SP800-38A F.3.9 CFB8-AES192", GCRY_CIPHER_MODE_CFB8, SP_K192, SP_IV,
      "6bc1bee22e409f96e93d7e117393172aae2d",
      "cda2521ef0a905ca44cd057cbf0d47a0678a" },
    { "SP800-38A F.3.11 CFB8-AES256", GCRY_CIPHER_MODE_CFB8, SP_K256, SP_IV,
      "6bc1bee22e409f96e93d7e117393172aae2d",
      "dc1f1a8520a64db55fcc8ac554844e889700" },
    { "SP800-38A F.3.13 CFB128-AES128", GCRY_CIPHER_MODE_CFB, SP_K128, SP_IV,
      SP_PT,
      "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
      "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6" },
    { "SP800-38A F.3.15 CFB128-AES192", GCRY_CIPHER_MODE_CFB, SP_K192, SP_IV,
      SP_PT,
      "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a"
      "2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff" },
    { "SP800-38A F.3.17 CFB128-AES256", GCRY_CIPHER_MODE_CFB, SP_K256, SP_IV,
      SP_PT,
      "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407b"
      "df10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471" },
    { "SP800-38A F.4.1 OFB-AES128", GCRY_CIPHER_MODE_OFB, SP_K128, SP_IV, SP_PT,
      "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
      "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e" },
    { "SP800-38A F.4.3 OFB-AES192", GCRY_CIPHER_MODE_OFB, SP_K192, SP_IV, SP_PT,
      "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c1100401"
      "8d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a" },
    { "SP800-38A F.4.5 OFB-AES256", GCRY_CIPHER_MODE_OFB, SP_K256, SP_IV, SP_PT,
      "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d"
      "71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484" },
    { "SP800-38A F.5.1 CTR-AES128", GCRY_CIPHER_MODE_CTR, SP_K128, SP_CTR,
      SP_PT,
      "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
      "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee" },
    { "SP800-38A F.5.3 CTR-AES192", GCRY_CIPHER_MODE_CTR, SP_K192, SP_CTR,
      SP_PT,
      "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
      "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050" },
    { "SP800-38A F.5.5 CTR-AES256", GCRY_CIPHER_MODE_CTR, SP_K256, SP_CTR,
      SP_PT,
      "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
      "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6" },
  };

static void
run_builtins (void)
{
  unsigned char key[32], iv[16], pt[128], ct[128];
  long keylen, ivlen, ptlen, ctlen;
  size_t i, passed = 0;

  for (i = 0; i < DIM (builtins); i++)
    {
      const struct builtin *b = &builtins[i];

      keylen = t_unhex (b->key, key, sizeof key);
      ivlen = t_unhex (b->iv, iv, sizeof iv);
      ptlen = t_unhex (b->pt, pt, sizeof pt);
      ctlen = t_unhex (b->ct, ct, sizeof ct);
      if (!t_check (keylen > 0 && ivlen >= 0 && ptlen > 0 && ptlen == ctlen,
                    "%s: bad table entry", b->name))
        continue;
      passed += check_vector (b->name, b->mode, key, keylen, iv, ivlen,
                              pt, ct, ptlen);
    }
  printf ("%s: built-in FIPS-197/SP 800-38A: %zu of %zu vectors passed\n",
          t_name, passed, DIM (builtins));
}


/*
 * NIST-style response files: COUNT, KEY, [IV,] PLAINTEXT, CIPHERTEXT
 * records; "[ENCRYPT]"/"[DECRYPT]" sections hold the same kind.
 */

/* Run every record of the response file DIR/FILE in MODE; WANT_IV says
   whether records carry an IV (or, for CTR, the initial counter).
   Returns 0 if the file is missing.  */
static int
run_rsp_file (const char *dir, const char *file, int mode, int want_iv)
{
  char path[4600], where[4700];
  static unsigned char key[32], iv[16], pt[MAXDATA], ct[MAXDATA];
  long keylen, ivlen, ptlen, ctlen;
  unsigned long records = 0, passed = 0;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/%s", dir, file);
  if (t_vec_open (&v, path, "COUNT"))
    return 0;

  while (t_vec_next (&v))
    {
      snprintf (where, sizeof where, "%s:%lu", file, v.record_line);
      if (!t_vec_get (&v, "KEY") || !t_vec_get (&v, "PLAINTEXT")
          || !t_vec_get (&v, "CIPHERTEXT")
          || (want_iv && !t_vec_get (&v, "IV")))
        {
          t_check (0, "%s: incomplete record", where);
          continue;
        }
      records++;
      keylen = t_vec_hex (&v, "KEY", key, sizeof key);
      ivlen = want_iv ? t_vec_hex (&v, "IV", iv, sizeof iv) : 0;
      ptlen = t_vec_hex (&v, "PLAINTEXT", pt, sizeof pt);
      ctlen = t_vec_hex (&v, "CIPHERTEXT", ct, sizeof ct);
      if (ptlen <= 0 || ptlen != ctlen || keylen <= 0
          || (want_iv && ivlen != 16))
        t_check (0, "%s: unreadable record", where);
      else
        passed += check_vector (where, mode, key, keylen, iv, ivlen, pt, ct,
                                ptlen);
    }
  t_check (!v.errors, "%s: %lu lines not read", file, v.errors);
  t_vec_close (&v);

  printf ("%s: %s: %lu of %lu records passed (both directions)\n",
          t_name, file, passed, records);
  t_check (records > 0, "%s: no records found", file);
  return 1;
}

static void
run_cavp (const char *vdir)
{
  static const struct { const char *prefix; int mode; int iv; } modes[] =
    {
      { "ECB", GCRY_CIPHER_MODE_ECB, 0 },
      { "CBC", GCRY_CIPHER_MODE_CBC, 1 },
      { "OFB", GCRY_CIPHER_MODE_OFB, 1 },
      { "CFB128", GCRY_CIPHER_MODE_CFB, 1 },
      { "CFB8", GCRY_CIPHER_MODE_CFB8, 1 },
    };
  static const char *const kat_kinds[] =
    { "GFSbox", "KeySbox", "VarKey", "VarTxt" };
  static const char *const sizes[] = { "128", "192", "256" };
  char dir[4300], file[256];
  size_t m, k, s;
  unsigned int found, missing;

  for (m = 0; m < DIM (modes); m++)
    {
      found = missing = 0;
      snprintf (dir, sizeof dir, "%s/nist-cavp/aes/KAT_AES", vdir);
      for (k = 0; k < DIM (kat_kinds); k++)
        for (s = 0; s < DIM (sizes); s++)
          {
            snprintf (file, sizeof file, "%s%s%s.rsp", modes[m].prefix,
                      kat_kinds[k], sizes[s]);
            if (run_rsp_file (dir, file, modes[m].mode, modes[m].iv))
              found++;
            else
              missing++;
          }
      snprintf (dir, sizeof dir, "%s/nist-cavp/aes/aesmmt", vdir);
      for (s = 0; s < DIM (sizes); s++)
        {
          snprintf (file, sizeof file, "%sMMT%s.rsp", modes[m].prefix,
                    sizes[s]);
          if (run_rsp_file (dir, file, modes[m].mode, modes[m].iv))
            found++;
          else
            missing++;
        }
      if (missing)
        t_skip ("%s: %u of %u CAVP KAT/MMT files not in the vector set",
                modes[m].prefix, missing, found + missing);
    }
}

static void
run_rfc3686 (const char *vdir)
{
  static const char *const files[] =
    { "aes-128-ctr.txt", "aes-192-ctr.txt", "aes-256-ctr.txt" };
  char dir[4300];
  size_t i;

  snprintf (dir, sizeof dir, "%s/pyca-cryptography/ciphers/AES/CTR", vdir);
  for (i = 0; i < DIM (files); i++)
    if (!run_rsp_file (dir, files[i], GCRY_CIPHER_MODE_CTR, 1))
      t_skip ("RFC 3686 file %s not found", files[i]);
}


/*
 * The HCTR2 designers' XCTR vectors: a JSON array of objects with
 * "plaintext_hex" and "ciphertext_hex", and "key_hex" and "nonce_hex"
 * in their "input" member.
 */

static void
run_xctr (const char *vdir)
{
  static const char *const files[] =
    { "XCTR_AES128.json", "XCTR_AES192.json", "XCTR_AES256.json" };
  static unsigned char key[32], iv[16], pt[MAXDATA], ct[MAXDATA];
  char path[4400], where[256];
  char *text;
  const char *pos, *end;
  t_json_span_t obj;
  size_t i, len;
  unsigned long records, passed;
  long keylen, ivlen, ptlen, ctlen;

  for (i = 0; i < DIM (files); i++)
    {
      snprintf (path, sizeof path, "%s/hctr2/test_vectors/ours/XCTR/%s",
                vdir, files[i]);
      text = t_json_load (path, &len);
      if (!text)
        {
          t_skip ("XCTR vectors %s not found", files[i]);
          continue;
        }
      records = passed = 0;
      pos = text;
      end = text + len;
      while (t_json_next_object (&pos, end, "plaintext_hex", &obj))
        {
          keylen = t_json_hex (&obj, "key_hex", key, sizeof key);
          ivlen = t_json_hex (&obj, "nonce_hex", iv, sizeof iv);
          ptlen = t_json_hex (&obj, "plaintext_hex", pt, sizeof pt);
          ctlen = t_json_hex (&obj, "ciphertext_hex", ct, sizeof ct);
          snprintf (where, sizeof where, "%s #%lu", files[i], records);
          records++;
          if (!t_check (keylen > 0 && ivlen == 16 && ptlen >= 0
                        && ptlen == ctlen, "%s: unreadable", where))
            continue;
          passed += check_vector (where, GCRY_CIPHER_MODE_XCTR, key, keylen,
                                  iv, ivlen, pt, ct, ptlen);
        }
      free (text);
      printf ("%s: %s: %lu of %lu records passed (both directions)\n",
              t_name, files[i], passed, records);
      t_check (records > 0, "%s: no records found", files[i]);
    }
}


int
main (int argc, char **argv)
{
  const char *vdir;

  t_init ("t-cipher-aes", argc, argv);
  if (!gcry_check_version (NULL))
    return 2;

  run_builtins ();

  vdir = t_vectors_dir ();
  if (vdir)
    {
      run_cavp (vdir);
      run_rfc3686 (vdir);
      run_xctr (vdir);
    }
  return t_finish ();
}
