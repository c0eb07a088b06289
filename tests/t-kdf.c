/* t-kdf.c - gcry_kdf_derive and the gcry_kdf_open API.
 *
 * Known answers:
 *   - PBKDF2-HMAC-SHA1 (RFC 6070), HKDF-SHA1/SHA256 (RFC 5869) and
 *     scrypt (RFC 7914) from the shared pyca-cryptography files, read in
 *     place (SKIP without them);
 *   - Argon2d/i/id of RFC 9106, section 5, and six more Argon2 tags
 *     computed with the reference implementation (libargon2 1.0: tag
 *     lengths 4..100, memory sizes that are not multiples of 4p, 1..5
 *     lanes, segments longer than one address block);
 *   - OpenPGP S2K (RFC 4880, 3.7.1) in all three modes, computed with
 *     Python's hashlib from the RFC's definition (multi-digest keys,
 *     counts below, at and far above the salt-and-passphrase length, a
 *     passphrase longer than the library's feeding chunk, GnuPG's usual
 *     count 65011712);
 *   - upstream's treatment of SHAKE in S2K and PBKDF2 (a 32-byte digest
 *     for SHAKE128, HMAC over a 64-byte block), computed with hashlib.
 * Differential against OpenSSL's libcrypto (SKIP without it) on random
 * inputs: PBKDF2 over every digest both libraries have, scrypt
 * (EVP_PBE_scrypt, r = 8 and r = 1), and with OpenSSL 3's EVP_KDF:
 * HKDF, SSKDF (one-step, hash and HMAC) and X963KDF.  Every output is
 * written into a buffer with guard bytes that must stay untouched.
 * Argon2 also runs with the caller's thread operations (pthreads), with
 * a dispatcher that refuses jobs, and with one whose wait fails.
 * Errors: every argument rule and error code of upstream's that its
 * behaviour shows, plus our own refusals where upstream misbehaves.
 *
 * --long adds the slow vectors: RFC 6070's 16777216 iterations and
 * scrypt's N = 2^20 (1 GiB).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#include <pthread.h>

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
# include <openssl/opensslv.h>
# if OPENSSL_VERSION_NUMBER >= 0x30000000L
#  include <openssl/kdf.h>
#  include <openssl/core_names.h>
#  define HAVE_EVP_KDF 1
# endif
#endif

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define KDF_SCRYPT_R1 41        /* Upstream's scrypt with r = 1.  */
#define GUARD 16                /* Guard bytes after every output.  */
#define GUARD_BYTE 0xa5

static int long_run;

static unsigned char *
xmalloc (size_t n)
{
  unsigned char *p = malloc (n ? n : 1);

  if (!p)
    {
      fprintf (stderr, "t-kdf: out of memory\n");
      exit (2);
    }
  return p;
}

/* HEX (no spaces) into a new buffer; *LEN gets its length.  */
static unsigned char *
unhex_alloc (const char *hex, size_t *len)
{
  size_t n = strlen (hex) / 2;
  unsigned char *p = xmalloc (n);

  if (t_unhex (hex, p, n) != (long) n)
    {
      fprintf (stderr, "t-kdf: bad hex in the test: %s\n", hex);
      exit (2);
    }
  *len = n;
  return p;
}

/* An output buffer of N bytes followed by GUARD guard bytes.  */
static unsigned char *
out_alloc (size_t n)
{
  unsigned char *p = xmalloc (n + GUARD);

  memset (p, 0, n);
  memset (p + n, GUARD_BYTE, GUARD);
  return p;
}

static int
guard_ok (const unsigned char *p, size_t n)
{
  return t_all_bytes (p + n, GUARD, GUARD_BYTE);
}

#define CHECK_ERR(err, want, ...) \
  t_check (gpg_err_code (err) == (want), __VA_ARGS__)

/* Derive through the handle API: open, compute (with OPS), final.  */
static gcry_error_t
handle_derive (int algo, int subalgo, const unsigned long *param,
               unsigned int paramlen, const void *pass, size_t passlen,
               const void *salt, size_t saltlen, const void *key,
               size_t keylen, const void *ad, size_t adlen,
               const gcry_kdf_thread_ops_t *ops, size_t outlen,
               unsigned char *out)
{
  gcry_kdf_hd_t hd;
  gcry_error_t err;

  err = gcry_kdf_open (&hd, algo, subalgo, param, paramlen, pass, passlen,
                       salt, saltlen, key, keylen, ad, adlen);
  if (err)
    return err;
  err = gcry_kdf_compute (hd, ops);
  if (!err)
    err = gcry_kdf_final (hd, outlen, out);
  gcry_kdf_close (hd);
  return err;
}


/*
 * OpenPGP S2K.
 */

static int
md_by_name (const char *name)
{
  int algo = gcry_md_map_name (name);

  if (!algo)
    {
      fprintf (stderr, "t-kdf: digest %s unknown to the library\n", name);
      exit (2);
    }
  return algo;
}

static void
check_s2k (void)
{
  static const struct
  {
    int mode;
    const char *hash;
    const char *pass;           /* NULL: PASSLEN times 'p'.  */
    size_t passlen;
    const char *salt;
    unsigned long count;
    size_t keylen;
    const char *key;
  } tv[] =
    {
      { GCRY_KDF_SIMPLE_S2K, "sha1", "password", 8, "", 0, 16,
        "5baa61e4c9b93f3f0682250b6cf8331b" },
      { GCRY_KDF_SIMPLE_S2K, "sha1", "password", 8, "", 0, 45,
        "5baa61e4c9b93f3f0682250b6cf8331b7ee68fd89d33953d511c74f6c70241d2"
        "f7a65c34f97e666c4726c0f2cf" },
      { GCRY_KDF_SIMPLE_S2K, "ripemd160", "Hello", 5, "", 0, 24,
        "d44426aca8ae0a69cdbc4021c64fa5ad68ca32fe0b2b10a5" },
      { GCRY_KDF_SALTED_S2K, "sha256", "password", 8, "0102030405060708",
        0, 32,
        "401cee42f1e78e4ce02e01102870bd121c252c9f617db439352f749ceecaadfc" },
      { GCRY_KDF_SALTED_S2K, "md5", "password", 8, "a1a2a3a4a5a6a7a8", 0, 40,
        "23c5f0aacb072bb39a661ebbb0bf94d023c096ba57a8c327c93efc08b35f12e8"
        "acf2808f0f69d9ea" },
      { GCRY_KDF_ITERSALTED_S2K, "sha1", "password", 8, "5cc5e5f7e3ab8d47",
        65536, 16, "31aa89623421065ac59e2b2eac467326" },
      { GCRY_KDF_ITERSALTED_S2K, "sha1", "password", 8, "5cc5e5f7e3ab8d47",
        1024, 32,
        "5d6c33aca99a532e547fb91567eb3743d2899d472e286796a55a2ae77a268f23" },
      /* A count below len (salt || passphrase): hashed once.  */
      { GCRY_KDF_ITERSALTED_S2K, "sha1", "password", 8, "5cc5e5f7e3ab8d47",
        10, 20, "01e9035f290d84aac230a8b37128fdab734e302b" },
      { GCRY_KDF_ITERSALTED_S2K, "sha1", "password", 8, "5cc5e5f7e3ab8d47",
        0, 20, "01e9035f290d84aac230a8b37128fdab734e302b" },
      /* GnuPG's usual count, with SHA-256 and an AES-256 key.  */
      { GCRY_KDF_ITERSALTED_S2K, "sha256", "correct horse battery staple",
        28, "0011223344556677", 65011712, 32,
        "29741426b1ce7045fa6cb691d0ee8a7580e76bb73d25c65629a15f2d8e85e44f" },
      { GCRY_KDF_ITERSALTED_S2K, "sha512", "x", 1, "ffeeddccbbaa9988", 3000,
        100,
        "dd7d23a959eea665e8ae992264fa685e4264f5aa00daaee14a2b9a2bd7e8f47a"
        "a49d9fda639f31ab69c888d4740297fbea53954866487f5bfd08acd05ca6402a"
        "5b81ae37bec5877bab318313f8a00061ef19a26b75f567d61ba1ac57dc5dcffc"
        "7feea048" },
      { GCRY_KDF_ITERSALTED_S2K, "sha224", NULL, 5000, "0123456789abcdef",
        100003, 28,
        "44e39fbc061c40d72d63a8f2ecd04f91d3ebed55b35e2c87bccca236" },
      { GCRY_KDF_ITERSALTED_S2K, "md5", "password", 8, "5cc5e5f7e3ab8d47",
        12345, 16, "09b65a4f5a3a08d1f4b4b1fba34717fa" },
      /* Upstream reads 32 bytes from SHAKE128 per digest.  */
      { GCRY_KDF_SIMPLE_S2K, "shake128", "password", 8, "", 0, 100,
        "0ac28ef634f3a8415ae5ef6e614bf11f1a18df4d1fa05a4dd1e6a0acd93bfc57"
        "aa6fec589ea12f044295735547386caccd0fbbe9ee9b2837b5e46b02189a430a"
        "9c70703a62d17196bc104d80f040ebdc08a1ab3e8ff0be6ed6ccdcf61089e3ea"
        "ebc995a9" }
    };
  size_t i, saltlen, keylen;
  unsigned char *salt, *want, *out, *pass;
  gcry_error_t err;

  for (i = 0; i < DIM (tv); i++)
    {
      salt = unhex_alloc (tv[i].salt, &saltlen);
      want = unhex_alloc (tv[i].key, &keylen);
      pass = xmalloc (tv[i].passlen);
      if (tv[i].pass)
        memcpy (pass, tv[i].pass, tv[i].passlen);
      else
        memset (pass, 'p', tv[i].passlen);
      out = out_alloc (tv[i].keylen);
      err = gcry_kdf_derive (pass, tv[i].passlen, tv[i].mode,
                             md_by_name (tv[i].hash),
                             saltlen ? salt : NULL, saltlen, tv[i].count,
                             tv[i].keylen, out);
      if (t_check (!err, "s2k %zu: %s", i, gcry_strerror (err)))
        t_check_mem (out, want, keylen, "s2k %zu", i);
      t_check (guard_ok (out, tv[i].keylen), "s2k %zu: guard", i);
      free (salt);
      free (want);
      free (pass);
      free (out);
    }
}

static void
check_s2k_errors (void)
{
  unsigned char out[32];
  gcry_error_t err;

  err = gcry_kdf_derive ("", 0, GCRY_KDF_SIMPLE_S2K, GCRY_MD_SHA1, NULL, 0,
                         0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "s2k: empty passphrase");
  t_check (gpg_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "errors carry the gcrypt source");
  err = gcry_kdf_derive ("", 0, GCRY_KDF_ITERSALTED_S2K, GCRY_MD_SHA1,
                         "saltsalt", 8, 1024, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "itersalted: empty passphrase");
  err = gcry_kdf_derive ("", 0, GCRY_KDF_SIMPLE_S2K, 500, NULL, 0, 0, 16,
                         out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "s2k: empty passphrase before digest");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SIMPLE_S2K, 500, NULL, 0, 0, 16,
                         out);
  CHECK_ERR (err, GPG_ERR_DIGEST_ALGO, "s2k: unknown digest");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SIMPLE_S2K, 0, NULL, 0, 0, 16,
                         out);
  CHECK_ERR (err, GPG_ERR_DIGEST_ALGO, "s2k: digest 0");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SALTED_S2K, GCRY_MD_SHA1,
                         "saltsal", 7, 0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "salted: 7-byte salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SALTED_S2K, GCRY_MD_SHA1,
                         "saltsalt1", 9, 0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "salted: 9-byte salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SALTED_S2K, GCRY_MD_SHA1,
                         NULL, 8, 0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "salted: NULL salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_ITERSALTED_S2K, GCRY_MD_SHA1,
                         "salt", 4, 1024, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "itersalted: 4-byte salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SALTED_S2K, 500, "saltsal", 7, 0,
                         16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "salted: salt checked before digest");
}


/*
 * Arguments every algorithm shares.
 */
static void
check_derive_errors (void)
{
  unsigned char out[32];
  gcry_error_t err;
  static const int unknown[] = { 0, 1, 99, GCRY_KDF_ARGON2, GCRY_KDF_HKDF,
                                 GCRY_KDF_X963_KDF, 1000, -1 };
  size_t i;

  for (i = 0; i < DIM (unknown); i++)
    {
      err = gcry_kdf_derive ("password", 8, unknown[i], GCRY_MD_SHA1,
                             "saltsalt", 8, 1000, 16, out);
      CHECK_ERR (err, GPG_ERR_UNKNOWN_ALGORITHM, "derive: algo %d",
                 unknown[i]);
    }
  err = gcry_kdf_derive ("password", 8, GCRY_KDF_PBKDF1, GCRY_MD_SHA1,
                         "saltsalt", 8, 1000, 16, out);
  CHECK_ERR (err, GPG_ERR_UNSUPPORTED_ALGORITHM, "derive: PBKDF1");
  err = gcry_kdf_derive ("password", 8, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         "saltsalt", 8, 1, 0, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "derive: keysize 0");
  err = gcry_kdf_derive ("password", 8, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         "saltsalt", 8, 1, 16, NULL);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "derive: NULL keybuffer");
  err = gcry_kdf_derive ("password", 8, 99, GCRY_MD_SHA1,
                         "saltsalt", 8, 1, 0, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "derive: keysize before algo");
  err = gcry_kdf_derive (NULL, 8, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         "saltsalt", 8, 1, 0, out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "derive: NULL passphrase first");
  err = gcry_kdf_derive (NULL, 0, 99, GCRY_MD_SHA1, "saltsalt", 8, 1, 16,
                         out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "derive: NULL passphrase, bad algo");
}


/*
 * PBKDF2.
 */

/* "pass\0word": the file writes a NUL as backslash-zero.  */
static size_t
unescape (const char *s, unsigned char *out, size_t outsize)
{
  size_t n = 0;

  while (*s && n < outsize)
    {
      if (s[0] == '\\' && s[1] == '0')
        {
          out[n++] = 0;
          s += 2;
        }
      else
        out[n++] = (unsigned char) *s++;
    }
  return n;
}

static void
check_pbkdf2_rfc6070 (const char *dir)
{
  char path[4200];
  t_vec_t v;
  unsigned char pass[256], salt[256], want[256], *out;
  size_t passlen, saltlen;
  long wantlen, count = 0;
  unsigned long iter;
  gcry_error_t err;

  snprintf (path, sizeof path, "%s/pyca-cryptography/KDF/"
            "rfc-6070-PBKDF2-SHA1.txt", dir);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not readable", path);
      return;
    }
  while (t_vec_next (&v))
    {
      passlen = unescape (t_vec_get (&v, "PASSWORD"), pass, sizeof pass);
      saltlen = unescape (t_vec_get (&v, "SALT"), salt, sizeof salt);
      iter = (unsigned long) t_vec_long (&v, "ITERATIONS", 0);
      wantlen = t_vec_hex (&v, "DERIVED_KEY", want, sizeof want);
      if (!t_check (wantlen == t_vec_long (&v, "LENGTH", -1),
                    "rfc6070 line %lu: lengths", v.record_line))
        continue;
      if (iter > 1000000 && !long_run)
        {
          t_skip ("RFC 6070 vector with %lu iterations (--long runs it)",
                  iter);
          continue;
        }
      out = out_alloc (wantlen);
      err = gcry_kdf_derive (pass, passlen, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                             salt, saltlen, iter, wantlen, out);
      if (t_check (!err, "rfc6070 line %lu: %s", v.record_line,
                   gcry_strerror (err)))
        t_check_mem (out, want, wantlen, "rfc6070 line %lu", v.record_line);
      t_check (guard_ok (out, wantlen), "rfc6070: guard");
      free (out);
      count++;
    }
  t_check (v.errors == 0 && count >= 5, "rfc6070: %ld vectors read", count);
  t_vec_close (&v);
}

static void
check_pbkdf2_shake (void)
{
  static const char want128[] =
    "f8767c5bab4e6c25362509c2376f5bae2d52513c6c2b8e5e0e4bae9288051e5d"
    "882d7bb589974e87";
  static const char want256[] =
    "e7473ba49ef4e44713a3d328bf2238250dd67f346f233b11b153ead952092b3d"
    "575ac8259c419b67";
  unsigned char *want, out[40];
  size_t n;
  gcry_error_t err;

  want = unhex_alloc (want128, &n);
  err = gcry_kdf_derive ("password", 8, GCRY_KDF_PBKDF2, GCRY_MD_SHAKE128,
                         "saltsalt", 8, 2, sizeof out, out);
  if (t_check (!err, "pbkdf2 shake128: %s", gcry_strerror (err)))
    t_check_mem (out, want, n, "pbkdf2 shake128");
  free (want);
  want = unhex_alloc (want256, &n);
  err = gcry_kdf_derive ("password", 8, GCRY_KDF_PBKDF2, GCRY_MD_SHAKE256,
                         "saltsalt", 8, 1, sizeof out, out);
  if (t_check (!err, "pbkdf2 shake256: %s", gcry_strerror (err)))
    t_check_mem (out, want, n, "pbkdf2 shake256");
  free (want);
}

static void
check_pbkdf2_errors (void)
{
  unsigned char out[32];
  gcry_error_t err;

  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         "saltsalt", 8, 0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: 0 iterations");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         NULL, 0, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: no salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         "", 0, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: empty salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, GCRY_MD_SHA1,
                         NULL, 8, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: NULL salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, 500,
                         "saltsalt", 8, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_DIGEST_ALGO, "pbkdf2: unknown digest");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, 500,
                         "saltsalt", 8, 0, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: count before digest");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_PBKDF2, 500,
                         NULL, 0, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "pbkdf2: salt before digest");
  err = gcry_kdf_derive ("", 0, GCRY_KDF_PBKDF2, GCRY_MD_SHA256,
                         "saltsalt", 8, 1, 16, out);
  t_check (!err, "pbkdf2: empty passphrase allowed: %s", gcry_strerror (err));
  err = gcry_kdf_derive (NULL, 0, GCRY_KDF_PBKDF2, GCRY_MD_SHA256,
                         "saltsalt", 8, 1, 16, out);
  CHECK_ERR (err, GPG_ERR_INV_DATA, "pbkdf2: NULL passphrase");
}

#ifdef HAVE_LIBCRYPTO
/* Random lengths: PASS 0..300 (keys beyond every HMAC block), SALT
   1..200, KEY 1..200 (several blocks and partial ones), counts mostly
   small with some in the thousands.  */
static void
check_pbkdf2_openssl (void)
{
  static const struct
  {
    int algo;
    const char *ossl;
  } md[] =
    {
      { GCRY_MD_SHA1, "SHA1" }, { GCRY_MD_SHA224, "SHA224" },
      { GCRY_MD_SHA256, "SHA256" }, { GCRY_MD_SHA384, "SHA384" },
      { GCRY_MD_SHA512, "SHA512" }, { GCRY_MD_SHA512_224, "SHA512-224" },
      { GCRY_MD_SHA512_256, "SHA512-256" }, { GCRY_MD_SHA3_224, "SHA3-224" },
      { GCRY_MD_SHA3_256, "SHA3-256" }, { GCRY_MD_SHA3_512, "SHA3-512" },
      { GCRY_MD_BLAKE2B_512, "BLAKE2B512" },
      { GCRY_MD_BLAKE2S_256, "BLAKE2S256" }, { GCRY_MD_SM3, "SM3" },
      { GCRY_MD_MD5, "MD5" }, { GCRY_MD_RMD160, "RIPEMD160" },
      { GCRY_MD_SHA3_384, "SHA3-384" }
    };
  unsigned char pass[300], salt[200], want[200], *out;
  size_t i, k, passlen, saltlen, keylen;
  unsigned long iter;
  const EVP_MD *emd;
  gcry_error_t err;
  int cases;

  for (i = 0; i < DIM (md); i++)
    {
      emd = EVP_get_digestbyname (md[i].ossl);
      if (!emd || !PKCS5_PBKDF2_HMAC ("p", 1, (unsigned char *) "s", 1, 1,
                                      emd, 4, want))
        {
          t_skip ("OpenSSL has no PBKDF2 over %s", md[i].ossl);
          continue;
        }
      cases = md[i].algo == GCRY_MD_SHA256 || md[i].algo == GCRY_MD_SHA512
              || md[i].algo == GCRY_MD_SHA1 ? 40 : 12;
      for (k = 0; k < (size_t) cases; k++)
        {
          passlen = t_rnd (k < 4 ? 2 : 301);
          saltlen = 1 + t_rnd (200);
          keylen = 1 + t_rnd (200);
          iter = t_rnd (4) ? 1 + t_rnd (40) : 1 + t_rnd (3000);
          t_rnd_bytes (pass, passlen);
          t_rnd_bytes (salt, saltlen);
          if (!PKCS5_PBKDF2_HMAC ((const char *) pass, (int) passlen,
                                  salt, (int) saltlen, (int) iter, emd,
                                  (int) keylen, want))
            {
              t_check (0, "OpenSSL PBKDF2 %s failed", md[i].ossl);
              continue;
            }
          out = out_alloc (keylen);
          err = gcry_kdf_derive (pass, passlen, GCRY_KDF_PBKDF2, md[i].algo,
                                 salt, saltlen, iter, keylen, out);
          if (t_check (!err, "pbkdf2 %s: %s", md[i].ossl,
                       gcry_strerror (err)))
            t_check_mem (out, want, keylen,
                         "pbkdf2 %s pass %zu salt %zu iter %lu key %zu",
                         md[i].ossl, passlen, saltlen, iter, keylen);
          t_check (guard_ok (out, keylen), "pbkdf2 %s: guard", md[i].ossl);
          free (out);
        }
    }
}
#endif


/*
 * scrypt.
 */

static void
check_scrypt_file (const char *dir)
{
  char path[4200];
  t_vec_t v;
  unsigned char want[256], *out;
  long wantlen, n, r, p, count = 0;
  gcry_error_t err;

  snprintf (path, sizeof path, "%s/pyca-cryptography/KDF/scrypt.txt", dir);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not readable", path);
      return;
    }
  while (t_vec_next (&v))
    {
      const char *pass = t_vec_get (&v, "PASSWORD");
      const char *salt = t_vec_get (&v, "SALT");

      n = t_vec_long (&v, "N", 0);
      r = t_vec_long (&v, "r", 0);
      p = t_vec_long (&v, "p", 0);
      wantlen = t_vec_hex (&v, "DERIVED_KEY", want, sizeof want);
      if (!t_check (pass && salt && wantlen == t_vec_long (&v, "LENGTH", -1),
                    "scrypt line %lu: fields", v.record_line))
        continue;
      if (r != 1 && r != 8)
        {
          t_skip ("scrypt line %lu: r = %ld (the API has 1 and 8)",
                  v.record_line, r);
          continue;
        }
      if ((double) n * r * 128 > 64.0 * 1024 * 1024 && !long_run)
        {
          t_skip ("scrypt N = %ld needs %ld MiB (--long runs it)", n,
                  n * r / 8192);
          continue;
        }
      out = out_alloc (wantlen);
      err = gcry_kdf_derive (pass, strlen (pass),
                             r == 1 ? KDF_SCRYPT_R1 : GCRY_KDF_SCRYPT,
                             (int) n, salt, strlen (salt), p, wantlen, out);
      if (t_check (!err, "scrypt line %lu: %s", v.record_line,
                   gcry_strerror (err)))
        t_check_mem (out, want, wantlen, "scrypt line %lu", v.record_line);
      t_check (guard_ok (out, wantlen), "scrypt: guard");
      free (out);
      count++;
    }
  t_check (v.errors == 0 && count >= 3, "scrypt: %ld vectors read", count);
  t_vec_close (&v);
}

static void
check_scrypt_errors (void)
{
  unsigned char out[64];
  gcry_error_t err;

  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 0, "salt", 4, 1, 64, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt: N 0");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, -16, "salt", 4, 1, 64,
                         out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt: N negative");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 16, "salt", 4, 0, 64, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt: p 0");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 16, NULL, 0, 1, 64, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt: NULL salt");
  err = gcry_kdf_derive ("pw", 2, KDF_SCRYPT_R1, 16, NULL, 0, 1, 64, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt r=1: NULL salt");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 16, "salt", 4, 0, 0, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "scrypt: keysize 0");
  if (sizeof (unsigned long) > 4)
    {
      err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 16, "salt", 4,
                             (unsigned long) 1 << 16 << 16, 64, out);
      CHECK_ERR (err, GPG_ERR_EINVAL, "scrypt: p beyond 32 bits");
    }
#if defined(__SANITIZE_ADDRESS__)
  t_skip ("scrypt: out-of-memory answers (the sanitizer's allocator "
          "aborts on such sizes)");
#else
  /* Terabytes: no system gives them.  */
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 1 << 30, "salt", 4, 1, 64,
                         out);
  CHECK_ERR (err, GPG_ERR_ENOMEM, "scrypt: N 2^30");
  err = gcry_kdf_derive ("pw", 2, GCRY_KDF_SCRYPT, 16, "salt", 4,
                         0x7fffffffUL, 64, out);
  CHECK_ERR (err, GPG_ERR_ENOMEM, "scrypt: p 2^31-1");
#endif
}

/* Upstream's answers for N that are not powers of two (the low 64 bits
   of Integerify modulo N); computed with a Python transcription of RFC
   7914 using that reduction.  */
static void
check_scrypt_odd_n (void)
{
  static const struct
  {
    int algo, n;
    const char *key;
  } tv[] =
    {
      { GCRY_KDF_SCRYPT, 17, "de516aa78db6ff7b786429c8daea5e2a" },
      { KDF_SCRYPT_R1, 100, "2868978f8df1b7cf4478b164ee703b56" }
    };
  unsigned char out[16], *want;
  size_t i, n;
  gcry_error_t err;

  for (i = 0; i < DIM (tv); i++)
    {
      want = unhex_alloc (tv[i].key, &n);
      err = gcry_kdf_derive ("password", 8, tv[i].algo, tv[i].n,
                             "saltsalt", 8, 1, sizeof out, out);
      if (t_check (!err, "scrypt N %d: %s", tv[i].n, gcry_strerror (err)))
        t_check_mem (out, want, n, "scrypt N %d", tv[i].n);
      free (want);
    }
}

#ifdef HAVE_LIBCRYPTO
static void
check_scrypt_openssl (void)
{
  unsigned char pass[80], salt[64], want[130], *out;
  size_t k, passlen, saltlen, keylen;
  unsigned long p;
  unsigned int r;
  uint64_t n;
  gcry_error_t err;

  if (!EVP_PBE_scrypt ("p", 1, (unsigned char *) "s", 1, 16, 8, 1, 0,
                       want, 16))
    {
      t_skip ("OpenSSL's EVP_PBE_scrypt refuses to run");
      return;
    }
  for (k = 0; k < 40; k++)
    {
      n = (uint64_t) 2 << t_rnd (10);
      r = t_rnd (2) ? 8 : 1;
      p = 1 + t_rnd (3);
      passlen = t_rnd (sizeof pass + 1);
      saltlen = t_rnd (sizeof salt + 1);
      keylen = 1 + t_rnd (sizeof want);
      t_rnd_bytes (pass, passlen);
      t_rnd_bytes (salt, saltlen);
      if (!EVP_PBE_scrypt ((const char *) pass, passlen, salt, saltlen, n, r,
                           p, 0, want, keylen))
        {
          t_check (0, "OpenSSL scrypt failed");
          continue;
        }
      out = out_alloc (keylen);
      err = gcry_kdf_derive (pass, passlen,
                             r == 1 ? KDF_SCRYPT_R1 : GCRY_KDF_SCRYPT,
                             (int) n, salt, saltlen, p, keylen, out);
      if (t_check (!err, "scrypt: %s", gcry_strerror (err)))
        t_check_mem (out, want, keylen,
                     "scrypt N %lu r %u p %lu pass %zu salt %zu key %zu",
                     (unsigned long) n, r, p, passlen, saltlen, keylen);
      t_check (guard_ok (out, keylen), "scrypt: guard");
      free (out);
    }
}
#endif


/*
 * Argon2.
 */

/* Thread operations: one pthread per job, joined by wait_all_jobs.  */
#define MAX_JOBS 64

typedef struct
{
  pthread_t th[MAX_JOBS];
  gcry_kdf_job_fn_t fn[MAX_JOBS];
  void *priv[MAX_JOBS];
  int njobs;
  int total;            /* Jobs dispatched over the whole computation.  */
  int refuse;           /* Refuse every job (dispatch returns -1).  */
  int fail_wait;        /* wait_all_jobs returns -1.  */
  int bad;              /* A protocol error seen.  */
} jobs_t;

static void *
job_thread (void *arg)
{
  jobs_t *j = ((void **) arg)[0];
  int idx = (int) (size_t) ((void **) arg)[1];

  j->fn[idx] (j->priv[idx]);
  free (arg);
  return NULL;
}

static int
jobs_dispatch (void *ctx, gcry_kdf_job_fn_t fn, void *priv)
{
  jobs_t *j = ctx;
  void **arg;

  if (j->refuse)
    return -1;
  if (j->njobs == MAX_JOBS)
    {
      j->bad = 1;
      return -1;
    }
  arg = malloc (2 * sizeof *arg);
  if (!arg)
    return -1;
  j->fn[j->njobs] = fn;
  j->priv[j->njobs] = priv;
  arg[0] = j;
  arg[1] = (void *) (size_t) j->njobs;
  if (pthread_create (&j->th[j->njobs], NULL, job_thread, arg))
    {
      free (arg);
      return -1;
    }
  j->njobs++;
  j->total++;
  return 0;
}

static int
jobs_wait (void *ctx)
{
  jobs_t *j = ctx;
  int i;

  for (i = 0; i < j->njobs; i++)
    pthread_join (j->th[i], NULL);
  j->njobs = 0;
  return j->fail_wait ? -1 : 0;
}

static void
check_argon2_vectors (void)
{
  /* RFC 9106, 5.1-5.3: P = 32 x 01, S = 16 x 02, K = 8 x 03,
     X = 12 x 04, t = 3, m = 32, p = 4, T = 32.  Then libargon2's tags
     for P = "password", S = "somesalt", no K or X.  */
  static const struct
  {
    int type;
    unsigned long t, m, p, taglen;
    int rfc;
    const char *tag;
  } tv[] =
    {
      { GCRY_KDF_ARGON2D, 3, 32, 4, 32, 1,
        "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb" },
      { GCRY_KDF_ARGON2I, 3, 32, 4, 32, 1,
        "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8" },
      { GCRY_KDF_ARGON2ID, 3, 32, 4, 32, 1,
        "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659" },
      { GCRY_KDF_ARGON2ID, 1, 8, 1, 4, 0, "6b7a947d" },
      { GCRY_KDF_ARGON2I, 2, 37, 3, 100, 0,
        "6f74c6e5101adb34475542fa944e602daf15c9502fbab25a9aa191bb13d4acc6"
        "37bfd55c89a1a20076cb13c968e90d6fcf648a0deaab7cb675235df1ed746e97"
        "043abb885d44f09071df667a633c8916dffbd2824029de72ea0a70201511057200"
        "ee2e2f" },
      { GCRY_KDF_ARGON2D, 1, 64, 2, 65, 0,
        "eb459a5fe071c4cc71f3a28876809acb1160392c02f6722abc52956f26b8b4dd"
        "f523bf53576e876aeffbbdcdfe9a574285f52de252b007a2c460117626b10619"
        "a8" },
      { GCRY_KDF_ARGON2ID, 2, 1024, 1, 32, 0,
        "ec57ec9c0eaf51eeea2e92ffdcaa9cdee478f1927215b515b7b8d66657f41ed9" },
      { GCRY_KDF_ARGON2I, 3, 2048, 2, 32, 0,
        "67f5a4af923b4855917606ca39fb09072347bc9f1d206c3dc58ce0e23dc76327" },
      { GCRY_KDF_ARGON2D, 2, 300, 5, 64, 0,
        "ff3b03ac369221e10ea76820a68e402b1b9264c0998502c540305ab39726b4aa"
        "23a2c318c04fb221420fbdd71478fed7ba6faaf2dec38e92dbcf2b348df5acc0" }
    };
  unsigned char pass[32], salt[16], key[8], ad[12], *want, *out;
  unsigned long param[4];
  size_t i, n;
  int mode;
  jobs_t jobs;
  gcry_kdf_thread_ops_t ops;
  gcry_error_t err;

  memset (pass, 1, sizeof pass);
  memset (salt, 2, sizeof salt);
  memset (key, 3, sizeof key);
  memset (ad, 4, sizeof ad);
  for (i = 0; i < DIM (tv); i++)
    {
      want = unhex_alloc (tv[i].tag, &n);
      t_check (n == tv[i].taglen, "argon2 %zu: tag length", i);
      param[0] = tv[i].taglen;
      param[1] = tv[i].t;
      param[2] = tv[i].m;
      param[3] = tv[i].p;
      /* Mode 0: no threads; 1: pthreads; 2: a dispatcher that refuses
         (the library runs the jobs itself).  */
      for (mode = 0; mode < 3; mode++)
        {
          memset (&jobs, 0, sizeof jobs);
          jobs.refuse = mode == 2;
          ops.jobs_context = &jobs;
          ops.dispatch_job = jobs_dispatch;
          ops.wait_all_jobs = jobs_wait;
          out = out_alloc (n);
          if (tv[i].rfc)
            err = handle_derive (GCRY_KDF_ARGON2, tv[i].type, param, 4,
                                 pass, sizeof pass, salt, sizeof salt,
                                 key, sizeof key, ad, sizeof ad,
                                 mode ? &ops : NULL, n, out);
          else
            err = handle_derive (GCRY_KDF_ARGON2, tv[i].type, param,
                                 tv[i].p == 1 && mode == 1 ? 3 : 4,
                                 "password", 8, "somesalt", 8, NULL, 0,
                                 NULL, 0, mode ? &ops : NULL, n, out);
          if (t_check (!err, "argon2 %zu mode %d: %s", i, mode,
                       gcry_strerror (err)))
            t_check_mem (out, want, n, "argon2 %zu mode %d", i, mode);
          t_check (guard_ok (out, n), "argon2 %zu: guard", i);
          if (mode == 1)
            t_check (!jobs.bad && jobs.total == (int) (tv[i].t * 4 * tv[i].p),
                     "argon2 %zu: %d jobs, one per lane and slice", i,
                     jobs.total);
          free (out);
        }
      free (want);
    }
}

static void
check_argon2_handle (void)
{
  unsigned long param[4] = { 32, 1, 64, 2 };
  unsigned char out1[32], out2[32];
  gcry_kdf_thread_ops_t ops;
  gcry_kdf_hd_t hd;
  gcry_error_t err;
  jobs_t jobs;

  err = gcry_kdf_open (&hd, GCRY_KDF_ARGON2, GCRY_KDF_ARGON2ID, param, 4,
                       "pw", 2, "saltsalt", 8, NULL, 0, NULL, 0);
  if (!t_check (!err, "argon2 open: %s", gcry_strerror (err)))
    return;
  err = gcry_kdf_final (hd, 32, out1);
  CHECK_ERR (err, GPG_ERR_INV_STATE, "argon2: final before compute");
  err = gcry_kdf_compute (hd, NULL);
  t_check (!err, "argon2 compute: %s", gcry_strerror (err));
  err = gcry_kdf_final (hd, 31, out1);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "argon2: final with a shorter length");
  err = gcry_kdf_final (hd, 33, out1);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "argon2: final with a longer length");
  err = gcry_kdf_final (hd, 32, out1);
  t_check (!err, "argon2 final: %s", gcry_strerror (err));
  err = gcry_kdf_final (hd, 32, out2);
  t_check (!err && !memcmp (out1, out2, 32), "argon2: final again, same tag");
  err = gcry_kdf_compute (hd, NULL);
  t_check (!err, "argon2 compute again: %s", gcry_strerror (err));
  err = gcry_kdf_final (hd, 32, out2);
  t_check (!err && !memcmp (out1, out2, 32), "argon2: compute again, same");

  /* A wait that fails: the error reaches the caller, and the handle
     cannot give a tag.  */
  memset (&jobs, 0, sizeof jobs);
  jobs.fail_wait = 1;
  ops.jobs_context = &jobs;
  ops.dispatch_job = jobs_dispatch;
  ops.wait_all_jobs = jobs_wait;
  err = gcry_kdf_compute (hd, &ops);
  t_check (err != 0, "argon2: failing wait_all_jobs is an error");
  err = gcry_kdf_final (hd, 32, out2);
  CHECK_ERR (err, GPG_ERR_INV_STATE, "argon2: no tag after a failed compute");
  ops.wait_all_jobs = NULL;
  err = gcry_kdf_compute (hd, &ops);
  CHECK_ERR (err, GPG_ERR_INV_ARG, "argon2: thread ops without wait");
  gcry_kdf_close (hd);
}

static void
check_argon2_errors (void)
{
  static const unsigned long good[4] = { 32, 3, 32, 4 };
  unsigned long param[4];
  gcry_kdf_hd_t hd;
  gcry_error_t err;
  unsigned char out[32];

#define OPEN_ERR(want, subalgo, par, parlen, salt, saltlen, ...)        \
  do {                                                                  \
    hd = (gcry_kdf_hd_t) 1;                                             \
    err = gcry_kdf_open (&hd, GCRY_KDF_ARGON2, (subalgo), (par),        \
                         (parlen), "password", 8, (salt), (saltlen),    \
                         NULL, 0, NULL, 0);                             \
    CHECK_ERR (err, (want), __VA_ARGS__);                               \
    t_check (!err || !hd, "failed open leaves no handle");              \
    if (!err)                                                           \
      gcry_kdf_close (hd);                                              \
  } while (0)

  OPEN_ERR (GPG_ERR_INV_VALUE, 3, good, 4, "saltsalt", 8, "argon2 type 3");
  OPEN_ERR (GPG_ERR_INV_VALUE, -1, good, 4, "saltsalt", 8, "argon2 type -1");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 0, "saltsalt", 8, "paramlen 0");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 1, "saltsalt", 8, "paramlen 1");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 2, "saltsalt", 8, "paramlen 2");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 5, "saltsalt", 8, "paramlen 5");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, NULL, 4, "saltsalt", 8, "param NULL");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 4, NULL, 0, "no salt");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 4, "", 0, "empty salt");
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, good, 4, NULL, 8, "NULL salt, length 8");
  OPEN_ERR (0, 2, good, 4, "s", 1, "1-byte salt (upstream takes it)");
  OPEN_ERR (0, 2, good, 3, "saltsalt", 8, "paramlen 3");
  memcpy (param, good, sizeof param);
  param[3] = 0;
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, param, 4, "saltsalt", 8, "p 0");
  param[3] = 1UL << 24;
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, param, 4, "saltsalt", 8, "p 2^24");
  memcpy (param, good, sizeof param);
  param[1] = 0;
  OPEN_ERR (GPG_ERR_INV_VALUE, 2, param, 4, "saltsalt", 8, "t 0");
  if (sizeof (unsigned long) > 4)
    {
      memcpy (param, good, sizeof param);
      param[2] = 1UL << 16 << 16;
      OPEN_ERR (GPG_ERR_INV_VALUE, 2, param, 4, "saltsalt", 8, "m 2^32");
    }
  memcpy (param, good, sizeof param);
  param[2] = 0;          /* Below 8p: becomes 8p, like upstream.  */
  OPEN_ERR (0, 2, param, 4, "saltsalt", 8, "m 0");

  err = gcry_kdf_open (&hd, GCRY_KDF_ARGON2, 2, good, 4, NULL, 5,
                       "saltsalt", 8, NULL, 0, NULL, 0);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "argon2: NULL passphrase, length 5");
  err = gcry_kdf_open (&hd, GCRY_KDF_ARGON2, 2, good, 4, "pw", 2,
                       "saltsalt", 8, NULL, 8, NULL, 0);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "argon2: NULL key, length 8");
  err = gcry_kdf_open (&hd, GCRY_KDF_ARGON2, 2, good, 4, "pw", 2,
                       "saltsalt", 8, NULL, 0, NULL, 12);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "argon2: NULL ad, length 12");

  /* Tags of 0 and 3 bytes (upstream takes them) and an empty password.  */
  param[0] = 0; param[1] = 1; param[2] = 8; param[3] = 1;
  err = handle_derive (GCRY_KDF_ARGON2, 2, param, 4, "", 0, "saltsalt", 8,
                       NULL, 0, NULL, 0, NULL, 0, out);
  t_check (!err, "argon2: 0-byte tag: %s", gcry_strerror (err));
  param[0] = 3;
  err = handle_derive (GCRY_KDF_ARGON2, 2, param, 4, NULL, 0, "saltsalt", 8,
                       NULL, 0, NULL, 0, NULL, 3, out);
  t_check (!err, "argon2: 3-byte tag: %s", gcry_strerror (err));
#undef OPEN_ERR
}


/*
 * HKDF, one-step and X9.63.
 */

static void
check_hkdf_files (const char *dir)
{
  static const struct
  {
    const char *file;
    int mac;
  } files[] =
    {
      { "rfc-5869-HKDF-SHA1.txt", GCRY_MAC_HMAC_SHA1 },
      { "rfc-5869-HKDF-SHA256.txt", GCRY_MAC_HMAC_SHA256 }
    };
  unsigned char ikm[256], salt[256], info[256], okm[512], *out;
  long ikmlen, saltlen, infolen, okmlen, count;
  unsigned long param[1];
  char path[4200];
  gcry_error_t err;
  t_vec_t v;
  size_t f;

  for (f = 0; f < DIM (files); f++)
    {
      snprintf (path, sizeof path, "%s/pyca-cryptography/KDF/%s", dir,
                files[f].file);
      if (t_vec_open (&v, path, "COUNT"))
        {
          t_skip ("%s not readable", path);
          continue;
        }
      count = 0;
      while (t_vec_next (&v))
        {
          ikmlen = t_vec_hex (&v, "IKM", ikm, sizeof ikm);
          saltlen = t_vec_hex (&v, "salt", salt, sizeof salt);
          infolen = t_vec_hex (&v, "info", info, sizeof info);
          okmlen = t_vec_hex (&v, "OKM", okm, sizeof okm);
          if (!t_check (ikmlen > 0 && saltlen >= 0 && infolen >= 0
                        && okmlen == t_vec_long (&v, "L", -1),
                        "%s line %lu: fields", files[f].file, v.record_line))
            continue;
          param[0] = okmlen;
          out = out_alloc (okmlen);
          err = handle_derive (GCRY_KDF_HKDF, files[f].mac, param, 1,
                               ikm, ikmlen, NULL, 0,
                               saltlen ? salt : NULL, saltlen,
                               infolen ? info : NULL, infolen, NULL,
                               okmlen, out);
          if (t_check (!err, "%s line %lu: %s", files[f].file,
                       v.record_line, gcry_strerror (err)))
            t_check_mem (out, okm, okmlen, "%s line %lu", files[f].file,
                         v.record_line);
          t_check (guard_ok (out, okmlen), "hkdf: guard");
          free (out);
          count++;
        }
      t_check (v.errors == 0 && count >= 3, "%s: %ld vectors read",
               files[f].file, count);
      t_vec_close (&v);
    }
}

/* SP 800-56C one-step and X9.63 known answers, computed with hashlib
   and hmac from the standards' formulas.  */
static void
check_onestep_known (void)
{
  static const struct
  {
    int algo, subalgo;
    size_t outlen;
    const char *want;
  } tv[] =
    {
      { GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, 16,
        "f88e88bf1a365ab5304289c5f7afa840" },
      { GCRY_KDF_ONESTEP_KDF_MAC, GCRY_MAC_HMAC_SHA256, 16,
        "2055768af1a981e20dee4c600ab2f336" },
    };
  unsigned char z[16], info[12], key[8], out[64], *want;
  unsigned long param[1];
  gcry_error_t err;
  size_t i, n;

  memset (z, 1, sizeof z);
  memset (info, 4, sizeof info);
  memset (key, 3, sizeof key);
  for (i = 0; i < DIM (tv); i++)
    {
      want = unhex_alloc (tv[i].want, &n);
      /* The first 16 of 38 (hash) or 44 (MAC) bytes.  */
      param[0] = tv[i].algo == GCRY_KDF_ONESTEP_KDF ? 38 : 44;
      err = handle_derive (tv[i].algo, tv[i].subalgo, param, 1, z, sizeof z,
                           NULL, 0, key, sizeof key, info, sizeof info, NULL,
                           param[0], out);
      if (t_check (!err, "onestep %zu: %s", i, gcry_strerror (err)))
        t_check_mem (out, want, n, "onestep %zu", i);
      free (want);
    }
}

#ifdef HAVE_EVP_KDF
/* OpenSSL's EVP_KDF NAME with DIGEST (and MAC if non-NULL) over KEY,
   SALT and INFO (each skipped when NULL) into OUT.  0 on success.  */
static int
ossl_kdf (const char *name, const char *digest, const char *mac,
          const unsigned char *key, size_t keylen,
          const unsigned char *salt, size_t saltlen,
          const unsigned char *info, size_t infolen,
          unsigned char *out, size_t outlen)
{
  OSSL_PARAM params[6], *p = params;
  EVP_KDF_CTX *kctx;
  EVP_KDF *kdf;
  int ok;

  kdf = EVP_KDF_fetch (NULL, name, NULL);
  if (!kdf)
    return -1;
  kctx = EVP_KDF_CTX_new (kdf);
  EVP_KDF_free (kdf);
  if (!kctx)
    return -1;
  *p++ = OSSL_PARAM_construct_utf8_string (OSSL_KDF_PARAM_DIGEST,
                                           (char *) digest, 0);
  if (mac)
    *p++ = OSSL_PARAM_construct_utf8_string (OSSL_KDF_PARAM_MAC,
                                             (char *) mac, 0);
  *p++ = OSSL_PARAM_construct_octet_string (OSSL_KDF_PARAM_KEY,
                                            (void *) key, keylen);
  if (salt)
    *p++ = OSSL_PARAM_construct_octet_string (OSSL_KDF_PARAM_SALT,
                                              (void *) salt, saltlen);
  if (info)
    *p++ = OSSL_PARAM_construct_octet_string (OSSL_KDF_PARAM_INFO,
                                              (void *) info, infolen);
  *p = OSSL_PARAM_construct_end ();
  ok = EVP_KDF_derive (kctx, out, outlen, params) > 0;
  EVP_KDF_CTX_free (kctx);
  return ok ? 0 : -1;
}

static void
check_kdf_openssl (void)
{
  static const struct
  {
    const char *ossl;
    int md, mac;
    unsigned int len;
  } hashes[] =
    {
      { "SHA1", GCRY_MD_SHA1, GCRY_MAC_HMAC_SHA1, 20 },
      { "SHA256", GCRY_MD_SHA256, GCRY_MAC_HMAC_SHA256, 32 },
      { "SHA384", GCRY_MD_SHA384, GCRY_MAC_HMAC_SHA384, 48 },
      { "SHA512", GCRY_MD_SHA512, GCRY_MAC_HMAC_SHA512, 64 },
      { "SHA3-256", GCRY_MD_SHA3_256, GCRY_MAC_HMAC_SHA3_256, 32 }
    };
  static const char *const kinds[] = { "HKDF", "SSKDF", "SSKDF-HMAC",
                                       "X963KDF" };
  unsigned char z[200], salt[150], info[150], want[600], *out;
  size_t h, kind, k, zlen, saltlen, infolen, outlen;
  unsigned long param[1];
  gcry_error_t err;
  int rc;

  for (kind = 0; kind < DIM (kinds); kind++)
    for (h = 0; h < DIM (hashes); h++)
      {
        if (ossl_kdf (kind == 2 ? "SSKDF" : kinds[kind], hashes[h].ossl,
                      kind == 2 ? "HMAC" : NULL, (unsigned char *) "z", 1,
                      kind == 2 ? (unsigned char *) "s" : NULL, 1,
                      (unsigned char *) "i", 1, want, 8))
          {
            t_skip ("OpenSSL has no %s over %s", kinds[kind],
                    hashes[h].ossl);
            continue;
          }
        for (k = 0; k < 12; k++)
          {
            zlen = 1 + t_rnd (sizeof z);
            saltlen = (kind == 2 ? 1 : 0) + t_rnd (sizeof salt);
            infolen = (kind == 1 || kind == 2 ? 1 : 0) + t_rnd (sizeof info);
            outlen = t_rnd (k < 2 ? 3 : 8 * hashes[h].len + 1);
            if (kind == 0 && outlen > 255 * hashes[h].len)
              outlen = 255 * hashes[h].len;
            if (outlen > sizeof want)
              outlen = sizeof want;
            t_rnd_bytes (z, zlen);
            t_rnd_bytes (salt, saltlen);
            t_rnd_bytes (info, infolen);
            if (!outlen)
              outlen = 1;     /* OpenSSL derives no empty output.  */
            rc = ossl_kdf (kind == 2 ? "SSKDF" : kinds[kind],
                           hashes[h].ossl, kind == 2 ? "HMAC" : NULL,
                           z, zlen, kind == 0 || kind == 2 ? salt : NULL,
                           saltlen, info, infolen, want, outlen);
            if (!t_check (!rc, "OpenSSL %s failed", kinds[kind]))
              continue;
            param[0] = outlen;
            out = out_alloc (outlen);
            switch (kind)
              {
              case 0:
                err = handle_derive (GCRY_KDF_HKDF, hashes[h].mac, param, 1,
                                     z, zlen, NULL, 0,
                                     saltlen ? salt : NULL, saltlen,
                                     infolen ? info : NULL, infolen,
                                     NULL, outlen, out);
                break;
              case 1:
                err = handle_derive (GCRY_KDF_ONESTEP_KDF, hashes[h].md,
                                     param, 1, z, zlen, NULL, 0, NULL, 0,
                                     info, infolen, NULL, outlen, out);
                break;
              case 2:
                err = handle_derive (GCRY_KDF_ONESTEP_KDF_MAC, hashes[h].mac,
                                     param, 1, z, zlen, NULL, 0,
                                     salt, saltlen, info, infolen, NULL,
                                     outlen, out);
                break;
              default:
                err = handle_derive (GCRY_KDF_X963_KDF, hashes[h].md,
                                     param, 1, z, zlen, NULL, 0, NULL, 0,
                                     infolen ? info : NULL, infolen, NULL,
                                     outlen, out);
                break;
              }
            if (t_check (!err, "%s %s: %s", kinds[kind], hashes[h].ossl,
                         gcry_strerror (err)))
              t_check_mem (out, want, outlen,
                           "%s %s z %zu salt %zu info %zu out %zu",
                           kinds[kind], hashes[h].ossl, zlen, saltlen,
                           infolen, outlen);
            t_check (guard_ok (out, outlen), "%s: guard", kinds[kind]);
            free (out);
          }
      }
}
#endif

static void
check_handle_errors (void)
{
  unsigned long p42[2] = { 42, 1 }, big[1];
  unsigned char out[64];
  gcry_kdf_hd_t hd;
  gcry_error_t err;

#define OPEN(algo, sub, par, parlen, pass, passlen, key, keylen, ad, adlen) \
  (hd = NULL,                                                           \
   err = gcry_kdf_open (&hd, (algo), (sub), (par), (parlen), (pass),    \
                        (passlen), NULL, 0, (key), (keylen), (ad),      \
                        (adlen)),                                       \
   (!err ? gcry_kdf_close (hd) : (void) 0), err)

  /* Algorithms.  */
  CHECK_ERR (OPEN (GCRY_KDF_PBKDF2, GCRY_MD_SHA256, p42, 1, "z", 1, NULL, 0,
                   NULL, 0), GPG_ERR_UNKNOWN_ALGORITHM, "open: PBKDF2");
  CHECK_ERR (OPEN (0, 0, p42, 1, "z", 1, NULL, 0, NULL, 0),
             GPG_ERR_UNKNOWN_ALGORITHM, "open: algo 0");
  CHECK_ERR (OPEN (1000, 0, p42, 1, "z", 1, NULL, 0, NULL, 0),
             GPG_ERR_UNKNOWN_ALGORITHM, "open: algo 1000");
  CHECK_ERR (OPEN (GCRY_KDF_BALLOON, GCRY_MD_SHA256, p42, 1, "z", 1, NULL, 0,
                   NULL, 0), GPG_ERR_NOT_SUPPORTED, "open: Balloon");

  /* HKDF.  */
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 0, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "hkdf: paramlen 0");
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 2, "z", 1,
                   NULL, 0, NULL, 0), 0, "hkdf: paramlen 2");
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MD_SHA256, p42, 1, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_MAC_ALGO, "hkdf: digest id");
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, 500, p42, 1, "z", 1, NULL, 0, NULL, 0),
             GPG_ERR_MAC_ALGO, "hkdf: unknown MAC");
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 1, NULL, 0,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "hkdf: no IKM");
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 1, "", 0,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "hkdf: empty IKM");
  big[0] = 255 * 32;
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, big, 1, "z", 1,
                   NULL, 0, NULL, 0), 0, "hkdf: L = 255 HashLen");
  big[0] = 255 * 32 + 1;
  CHECK_ERR (OPEN (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, big, 1, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "hkdf: L too long");
  err = gcry_kdf_open (&hd, GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 1,
                       "z", 1, NULL, 0, NULL, 0, NULL, 0);
  if (t_check (!err, "hkdf open: %s", gcry_strerror (err)))
    {
      CHECK_ERR (gcry_kdf_final (hd, 42, out), GPG_ERR_INV_STATE,
                 "hkdf: final before compute");
      t_check (!gcry_kdf_compute (hd, NULL), "hkdf compute");
      CHECK_ERR (gcry_kdf_final (hd, 41, out), GPG_ERR_INV_VALUE,
                 "hkdf: final length");
      CHECK_ERR (gcry_kdf_final (hd, 42, NULL), GPG_ERR_INV_ARG,
                 "hkdf: final into NULL");
      t_check (!gcry_kdf_final (hd, 42, out), "hkdf final");
      gcry_kdf_close (hd);
    }
  big[0] = 0;
  err = handle_derive (GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, big, 1, "z", 1,
                       NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL);
  t_check (!err, "hkdf: L = 0: %s", gcry_strerror (err));

  /* One-step and X9.63.  */
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, p42, 0, "z", 1,
                   NULL, 0, "i", 1), GPG_ERR_INV_VALUE, "onestep: paramlen 0");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, p42, 2, "z", 1,
                   NULL, 0, "i", 1), GPG_ERR_INV_VALUE, "onestep: paramlen 2");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, 500, p42, 1, "z", 1, NULL, 0, "i", 1),
             GPG_ERR_DIGEST_ALGO, "onestep: unknown digest");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MAC_HMAC_SHA256, p42, 1, "z", 1,
                   NULL, 0, "i", 1), GPG_ERR_DIGEST_ALGO, "onestep: MAC id");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, p42, 1, NULL, 0,
                   NULL, 0, "i", 1), GPG_ERR_INV_VALUE, "onestep: no Z");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, p42, 1, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "onestep: no info");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF, GCRY_MD_SHA256, p42, 1, "z", 1,
                   NULL, 0, "", 0), GPG_ERR_INV_VALUE, "onestep: empty info");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF_MAC, GCRY_MAC_HMAC_SHA256, p42, 1,
                   "z", 1, NULL, 0, "i", 1), GPG_ERR_INV_VALUE,
             "onestep-mac: no key");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF_MAC, GCRY_MD_SHA256, p42, 1,
                   "z", 1, "k", 1, "i", 1), GPG_ERR_MAC_ALGO,
             "onestep-mac: digest id");
  CHECK_ERR (OPEN (GCRY_KDF_ONESTEP_KDF_MAC, GCRY_MAC_HMAC_SHA256, p42, 2,
                   "z", 1, "k", 1, "i", 1), GPG_ERR_INV_VALUE,
             "onestep-mac: paramlen 2");
  CHECK_ERR (OPEN (GCRY_KDF_X963_KDF, GCRY_MD_SHA256, p42, 0, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "x963: paramlen 0");
  CHECK_ERR (OPEN (GCRY_KDF_X963_KDF, GCRY_MD_SHA256, p42, 2, "z", 1,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "x963: paramlen 2");
  CHECK_ERR (OPEN (GCRY_KDF_X963_KDF, 500, p42, 1, "z", 1, NULL, 0, NULL, 0),
             GPG_ERR_DIGEST_ALGO, "x963: unknown digest");
  CHECK_ERR (OPEN (GCRY_KDF_X963_KDF, GCRY_MD_SHA256, p42, 1, "", 0,
                   NULL, 0, NULL, 0), GPG_ERR_INV_VALUE, "x963: empty Z");
  CHECK_ERR (OPEN (GCRY_KDF_X963_KDF, GCRY_MD_SHA256, p42, 1, "z", 1,
                   NULL, 0, NULL, 0), 0, "x963: no shared info");
  err = handle_derive (GCRY_KDF_X963_KDF, GCRY_MD_SHA256, p42, 1, "z", 1,
                       NULL, 0, NULL, 0, NULL, 0, NULL, 41, out);
  CHECK_ERR (err, GPG_ERR_INV_VALUE, "x963: final length");

  /* Handles.  */
  err = gcry_kdf_open (NULL, GCRY_KDF_HKDF, GCRY_MAC_HMAC_SHA256, p42, 1,
                       "z", 1, NULL, 0, NULL, 0, NULL, 0);
  CHECK_ERR (err, GPG_ERR_INV_ARG, "open: NULL handle pointer");
  CHECK_ERR (gcry_kdf_compute (NULL, NULL), GPG_ERR_INV_ARG,
             "compute: NULL handle");
  CHECK_ERR (gcry_kdf_final (NULL, 1, out), GPG_ERR_INV_ARG,
             "final: NULL handle");
  gcry_kdf_close (NULL);
  t_check (1, "close: NULL handle");
#undef OPEN
}


int
main (int argc, char **argv)
{
  const char *dir;
  int i;

  i = t_init ("t-kdf", argc, argv);
  for (; i < argc; i++)
    if (!strcmp (argv[i], "--long"))
      long_run = 1;
  t_rnd_seed (0x6b64662d74657374ULL);
  gcry_check_version (NULL);
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  dir = t_vectors_dir ();

  check_derive_errors ();
  check_s2k ();
  check_s2k_errors ();
  if (dir)
    check_pbkdf2_rfc6070 (dir);
  check_pbkdf2_shake ();
  check_pbkdf2_errors ();
  if (dir)
    check_scrypt_file (dir);
  check_scrypt_odd_n ();
  check_scrypt_errors ();
  check_argon2_vectors ();
  check_argon2_handle ();
  check_argon2_errors ();
  if (dir)
    check_hkdf_files (dir);
  check_onestep_known ();
  check_handle_errors ();
#ifdef HAVE_LIBCRYPTO
  check_pbkdf2_openssl ();
  check_scrypt_openssl ();
#else
  t_skip ("OpenSSL's libcrypto was not found at configure time: no "
          "differential PBKDF2, scrypt, HKDF, one-step or X9.63 runs");
#endif
#ifdef HAVE_EVP_KDF
  check_kdf_openssl ();
#elif defined(HAVE_LIBCRYPTO)
  t_skip ("OpenSSL older than 3.0: no EVP_KDF for HKDF, SSKDF, X963KDF");
#endif
  return t_finish ();
}
