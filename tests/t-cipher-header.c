/* t-cipher-header.c - a program written against upstream libgcrypt's
 * documented cipher API compiles against our header, links against our
 * library, and sees upstream's numbers.
 *
 * Every name the cipher chapter of upstream's manual ("Symmetric
 * cryptography") and the cipher section of its gcrypt.h use appears
 * here: the algorithm, mode, flag and IV-generation constants, the
 * GCRYCTL_* commands the cipher functions take, the block-length
 * macros, the handle types, every gcry_cipher_* function and every
 * gcry_cipher_* macro.  So a missing name fails the build (compile or
 * link) of this test, which make check reports.  Beyond that:
 *  - each function's type is compared with upstream's prototype
 *    (__builtin_types_compatible_p), so a different parameter or
 *    return type is a build error too, not a warning;
 *  - each constant is compared at run time with upstream's value;
 *  - the macros are called the way upstream's manual shows them (as
 *    statements: upstream's gcry_cipher_set_sbox ends in a semicolon),
 *    and their results checked where the answer is documented.
 * The values below are upstream's 1.12 header's, facts of the API; this
 * library's own constants (XCTR, HCTR2) are checked too.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"

#define CHECK_VALUE(name, value)                                        \
  t_check ((long long) (name) == (long long) (value),                  \
           "%s is %lld, upstream has %lld", #name, (long long) (name),  \
           (long long) (value))

/* Prototypes exactly as upstream declares them.  */
#if defined (__GNUC__)
# define SAME_TYPE(fn, type)                                            \
  _Static_assert (__builtin_types_compatible_p (__typeof__ (fn), type), \
                  #fn " does not have upstream's prototype")
SAME_TYPE (gcry_cipher_open,
           gcry_error_t (gcry_cipher_hd_t *, int, int, unsigned int));
SAME_TYPE (gcry_cipher_close, void (gcry_cipher_hd_t));
SAME_TYPE (gcry_cipher_ctl,
           gcry_error_t (gcry_cipher_hd_t, int, void *, size_t));
SAME_TYPE (gcry_cipher_info,
           gcry_error_t (gcry_cipher_hd_t, int, void *, size_t *));
SAME_TYPE (gcry_cipher_algo_info, gcry_error_t (int, int, void *, size_t *));
SAME_TYPE (gcry_cipher_algo_name, const char *(int));
SAME_TYPE (gcry_cipher_map_name, int (const char *));
SAME_TYPE (gcry_cipher_mode_from_oid, int (const char *));
SAME_TYPE (gcry_cipher_encrypt,
           gcry_error_t (gcry_cipher_hd_t, void *, size_t, const void *,
                         size_t));
SAME_TYPE (gcry_cipher_decrypt,
           gcry_error_t (gcry_cipher_hd_t, void *, size_t, const void *,
                         size_t));
SAME_TYPE (gcry_cipher_setkey,
           gcry_error_t (gcry_cipher_hd_t, const void *, size_t));
SAME_TYPE (gcry_cipher_setiv,
           gcry_error_t (gcry_cipher_hd_t, const void *, size_t));
SAME_TYPE (gcry_cipher_setup_geniv,
           gcry_error_t (gcry_cipher_hd_t, int, const void *, size_t,
                         const void *, size_t));
SAME_TYPE (gcry_cipher_geniv, gcry_error_t (gcry_cipher_hd_t, void *, size_t));
SAME_TYPE (gcry_cipher_authenticate,
           gcry_error_t (gcry_cipher_hd_t, const void *, size_t));
SAME_TYPE (gcry_cipher_gettag,
           gcry_error_t (gcry_cipher_hd_t, void *, size_t));
SAME_TYPE (gcry_cipher_checktag,
           gcry_error_t (gcry_cipher_hd_t, const void *, size_t));
SAME_TYPE (gcry_cipher_setctr,
           gpg_error_t (gcry_cipher_hd_t, const void *, size_t));
SAME_TYPE (gcry_cipher_get_algo_keylen, size_t (int));
SAME_TYPE (gcry_cipher_get_algo_blklen, size_t (int));
#endif

static void
check_constants (void)
{
  /* The enum types exist under upstream's tags.  */
  enum gcry_cipher_algos algo = GCRY_CIPHER_AES;
  enum gcry_cipher_modes mode = GCRY_CIPHER_MODE_GCM;
  enum gcry_cipher_flags flag = GCRY_CIPHER_SECURE;
  enum gcry_cipher_geniv_methods method = GCRY_CIPHER_GENIV_METHOD_CONCAT;

  t_check (algo == 7 && mode == 9 && flag == 1 && method == 1,
           "enum tags gcry_cipher_algos/modes/flags/geniv_methods");

  CHECK_VALUE (GCRY_CIPHER_NONE, 0);
  CHECK_VALUE (GCRY_CIPHER_IDEA, 1);
  CHECK_VALUE (GCRY_CIPHER_3DES, 2);
  CHECK_VALUE (GCRY_CIPHER_CAST5, 3);
  CHECK_VALUE (GCRY_CIPHER_BLOWFISH, 4);
  CHECK_VALUE (GCRY_CIPHER_SAFER_SK128, 5);
  CHECK_VALUE (GCRY_CIPHER_DES_SK, 6);
  CHECK_VALUE (GCRY_CIPHER_AES, 7);
  CHECK_VALUE (GCRY_CIPHER_AES192, 8);
  CHECK_VALUE (GCRY_CIPHER_AES256, 9);
  CHECK_VALUE (GCRY_CIPHER_TWOFISH, 10);
  CHECK_VALUE (GCRY_CIPHER_ARCFOUR, 301);
  CHECK_VALUE (GCRY_CIPHER_DES, 302);
  CHECK_VALUE (GCRY_CIPHER_TWOFISH128, 303);
  CHECK_VALUE (GCRY_CIPHER_SERPENT128, 304);
  CHECK_VALUE (GCRY_CIPHER_SERPENT192, 305);
  CHECK_VALUE (GCRY_CIPHER_SERPENT256, 306);
  CHECK_VALUE (GCRY_CIPHER_RFC2268_40, 307);
  CHECK_VALUE (GCRY_CIPHER_RFC2268_128, 308);
  CHECK_VALUE (GCRY_CIPHER_SEED, 309);
  CHECK_VALUE (GCRY_CIPHER_CAMELLIA128, 310);
  CHECK_VALUE (GCRY_CIPHER_CAMELLIA192, 311);
  CHECK_VALUE (GCRY_CIPHER_CAMELLIA256, 312);
  CHECK_VALUE (GCRY_CIPHER_SALSA20, 313);
  CHECK_VALUE (GCRY_CIPHER_SALSA20R12, 314);
  CHECK_VALUE (GCRY_CIPHER_GOST28147, 315);
  CHECK_VALUE (GCRY_CIPHER_CHACHA20, 316);
  CHECK_VALUE (GCRY_CIPHER_GOST28147_MESH, 317);
  CHECK_VALUE (GCRY_CIPHER_SM4, 318);
  CHECK_VALUE (GCRY_CIPHER_ARIA128, 319);
  CHECK_VALUE (GCRY_CIPHER_ARIA192, 320);
  CHECK_VALUE (GCRY_CIPHER_ARIA256, 321);
  CHECK_VALUE (GCRY_CIPHER_AES128, 7);
  CHECK_VALUE (GCRY_CIPHER_RIJNDAEL, 7);
  CHECK_VALUE (GCRY_CIPHER_RIJNDAEL128, 7);
  CHECK_VALUE (GCRY_CIPHER_RIJNDAEL192, 8);
  CHECK_VALUE (GCRY_CIPHER_RIJNDAEL256, 9);

  CHECK_VALUE (GCRY_CIPHER_MODE_NONE, 0);
  CHECK_VALUE (GCRY_CIPHER_MODE_ECB, 1);
  CHECK_VALUE (GCRY_CIPHER_MODE_CFB, 2);
  CHECK_VALUE (GCRY_CIPHER_MODE_CBC, 3);
  CHECK_VALUE (GCRY_CIPHER_MODE_STREAM, 4);
  CHECK_VALUE (GCRY_CIPHER_MODE_OFB, 5);
  CHECK_VALUE (GCRY_CIPHER_MODE_CTR, 6);
  CHECK_VALUE (GCRY_CIPHER_MODE_AESWRAP, 7);
  CHECK_VALUE (GCRY_CIPHER_MODE_CCM, 8);
  CHECK_VALUE (GCRY_CIPHER_MODE_GCM, 9);
  CHECK_VALUE (GCRY_CIPHER_MODE_POLY1305, 10);
  CHECK_VALUE (GCRY_CIPHER_MODE_OCB, 11);
  CHECK_VALUE (GCRY_CIPHER_MODE_CFB8, 12);
  CHECK_VALUE (GCRY_CIPHER_MODE_XTS, 13);
  CHECK_VALUE (GCRY_CIPHER_MODE_EAX, 14);
  CHECK_VALUE (GCRY_CIPHER_MODE_SIV, 15);
  CHECK_VALUE (GCRY_CIPHER_MODE_GCM_SIV, 16);
  /* This library's own, far from upstream's range.  */
  CHECK_VALUE (GCRY_CIPHER_MODE_XCTR, 0x4001);
  CHECK_VALUE (GCRY_CIPHER_MODE_HCTR2, 0x4002);

  CHECK_VALUE (GCRY_CIPHER_SECURE, 1);
  CHECK_VALUE (GCRY_CIPHER_ENABLE_SYNC, 2);
  CHECK_VALUE (GCRY_CIPHER_CBC_CTS, 4);
  CHECK_VALUE (GCRY_CIPHER_CBC_MAC, 8);
  CHECK_VALUE (GCRY_CIPHER_EXTENDED, 16);

  CHECK_VALUE (GCRY_CIPHER_GENIV_METHOD_CONCAT, 1);
  CHECK_VALUE (GCRY_CIPHER_GENIV_METHOD_XOR, 2);

  CHECK_VALUE (GCRY_GCM_BLOCK_LEN, 16);
  CHECK_VALUE (GCRY_CCM_BLOCK_LEN, 16);
  CHECK_VALUE (GCRY_OCB_BLOCK_LEN, 16);
  CHECK_VALUE (GCRY_XTS_BLOCK_LEN, 16);
  CHECK_VALUE (GCRY_SIV_BLOCK_LEN, 16);

  CHECK_VALUE (GCRYCTL_CFB_SYNC, 3);
  CHECK_VALUE (GCRYCTL_RESET, 4);
  CHECK_VALUE (GCRYCTL_FINALIZE, 5);
  CHECK_VALUE (GCRYCTL_GET_KEYLEN, 6);
  CHECK_VALUE (GCRYCTL_GET_BLKLEN, 7);
  CHECK_VALUE (GCRYCTL_TEST_ALGO, 8);
  CHECK_VALUE (GCRYCTL_DISABLE_ALGO, 12);
  CHECK_VALUE (GCRYCTL_SET_CBC_CTS, 41);
  CHECK_VALUE (GCRYCTL_SET_CBC_MAC, 42);
  CHECK_VALUE (GCRYCTL_SET_CCM_LENGTHS, 69);
  CHECK_VALUE (GCRYCTL_SET_SBOX, 73);
  CHECK_VALUE (GCRYCTL_SET_TAGLEN, 75);
  CHECK_VALUE (GCRYCTL_GET_TAGLEN, 76);
  CHECK_VALUE (GCRYCTL_SET_ALLOW_WEAK_KEY, 79);
  CHECK_VALUE (GCRYCTL_SET_DECRYPTION_TAG, 80);
}

/* The deprecated handle type names still name the handle.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void
check_types (gcry_cipher_hd_t h)
{
  GCRY_CIPHER_HD old1 = h;
  GcryCipherHd old2 = h;

  t_check (old1 == h && old2 == h, "GCRY_CIPHER_HD and GcryCipherHd");
}
#pragma GCC diagnostic pop

static int
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

/* Every function and macro, called as upstream's manual shows.  */
static void
check_calls (void)
{
  static const unsigned char key[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  static const unsigned char aad[16] = "associated data";
  unsigned char iv[16] = { 0 }, buf[32] = { 0 }, tag[16];
  unsigned long long ccm_lengths[3] = { 16, 0, 8 };
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t n;
  int taglen = 12;

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CBC,
                          GCRY_CIPHER_SECURE);
  if (!t_check (!err, "gcry_cipher_open: %s", gcry_strerror (err)))
    return;
  check_types (h);
  err = gcry_cipher_setkey (h, key, 16);
  t_check (!err, "gcry_cipher_setkey: %s", gcry_strerror (err));
  err = gcry_cipher_setiv (h, iv, 16);
  t_check (!err, "gcry_cipher_setiv: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, buf, sizeof buf, NULL, 0);
  t_check (!err, "gcry_cipher_encrypt in place: %s", gcry_strerror (err));
  err = gcry_cipher_reset (h);
  t_check (!err, "gcry_cipher_reset: %s", gcry_strerror (err));
  err = gcry_cipher_setiv (h, iv, 16);
  if (!err)
    err = gcry_cipher_decrypt (h, buf, sizeof buf, NULL, 0);
  t_check (!err && buf[0] == 0 && buf[31] == 0,
           "gcry_cipher_decrypt undoes encrypt: %s", gcry_strerror (err));
  err = gcry_cipher_cts (h, 1);
  t_check (!err, "gcry_cipher_cts on: %s", gcry_strerror (err));
  err = gcry_cipher_cts (h, 0);
  t_check (!err, "gcry_cipher_cts off: %s", gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_CBC_MAC, NULL, 0);
  t_check (!err, "GCRYCTL_SET_CBC_MAC off: %s", gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1);
  t_check (!err, "GCRYCTL_SET_ALLOW_WEAK_KEY: %s", gcry_strerror (err));
  /* Upstream's macro ends in a semicolon: written as a statement, as
     its users do, it compiles either way.  */
  err = gcry_cipher_set_sbox (h, "1.2.643.2.2.31.1");
  t_check (code (err) == GPG_ERR_NOT_SUPPORTED,
           "gcry_cipher_set_sbox on AES: %s", gcry_strerror (err));
  err = gcry_cipher_setctr (h, NULL, 0);
  t_check (!err, "gcry_cipher_setctr: %s", gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 iv, 8, iv + 8, 8);
  if (!err)
    err = gcry_cipher_geniv (h, iv, 16);
  t_check (!err, "gcry_cipher_setup_geniv/geniv: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB,
                          GCRY_CIPHER_ENABLE_SYNC);
  if (!err)
    err = gcry_cipher_setkey (h, key, 16);
  if (!err)
    err = gcry_cipher_encrypt (h, buf, 5, NULL, 0);
  if (!err)
    err = gcry_cipher_sync (h);
  t_check (!err, "gcry_cipher_sync: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_GCM, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, 16);
  if (!err)
    err = gcry_cipher_setiv (h, iv, 12);
  if (!err)
    err = gcry_cipher_authenticate (h, aad, sizeof aad);
  if (!err)
    err = gcry_cipher_encrypt (h, buf, 16, NULL, 0);
  if (!err)
    err = gcry_cipher_gettag (h, tag, 16);
  t_check (!err, "GCM through the AEAD functions: %s", gcry_strerror (err));
  err = gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n);
  t_check (!err && n == 16, "GCRYCTL_GET_TAGLEN: %s", gcry_strerror (err));
  err = gcry_cipher_setiv (h, iv, 12);
  if (!err)
    err = gcry_cipher_authenticate (h, aad, sizeof aad);
  if (!err)
    err = gcry_cipher_decrypt (h, buf, 16, NULL, 0);
  if (!err)
    err = gcry_cipher_checktag (h, tag, 16);
  t_check (!err, "gcry_cipher_checktag: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_OCB, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, 16);
  if (!err)
    err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &taglen, sizeof taglen);
  if (!err)
    err = gcry_cipher_setiv (h, iv, 12);
  if (!err)
    err = gcry_cipher_final (h);
  if (!err)
    err = gcry_cipher_encrypt (h, buf, 16, NULL, 0);
  t_check (!err, "GCRYCTL_SET_TAGLEN and gcry_cipher_final: %s",
           gcry_strerror (err));
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CCM, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, 16);
  if (!err)
    err = gcry_cipher_setiv (h, iv, 12);
  if (!err)
    err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, ccm_lengths,
                           sizeof ccm_lengths);
  t_check (!err, "GCRYCTL_SET_CCM_LENGTHS: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_SIV, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, 32);
  if (!err)
    err = gcry_cipher_set_decryption_tag (h, tag, 16);
  t_check (!err, "gcry_cipher_set_decryption_tag: %s", gcry_strerror (err));
  gcry_cipher_close (h);

  t_check (!gcry_cipher_test_algo (GCRY_CIPHER_AES256),
           "gcry_cipher_test_algo (AES256)");
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES192, GCRYCTL_GET_KEYLEN, NULL,
                               &n);
  t_check (!err && n == 24, "gcry_cipher_algo_info GET_KEYLEN");
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES192, GCRYCTL_GET_BLKLEN, NULL,
                               &n);
  t_check (!err && n == 16, "gcry_cipher_algo_info GET_BLKLEN");
  t_check (gcry_cipher_get_algo_keylen (GCRY_CIPHER_AES256) == 32,
           "gcry_cipher_get_algo_keylen");
  t_check (gcry_cipher_get_algo_blklen (GCRY_CIPHER_AES256) == 16,
           "gcry_cipher_get_algo_blklen");
  t_check (!strcmp (gcry_cipher_algo_name (GCRY_CIPHER_AES), "AES"),
           "gcry_cipher_algo_name");
  t_check (gcry_cipher_map_name ("AES256") == GCRY_CIPHER_AES256,
           "gcry_cipher_map_name");
  t_check (gcry_cipher_mode_from_oid ("2.16.840.1.101.3.4.1.6")
           == GCRY_CIPHER_MODE_GCM, "gcry_cipher_mode_from_oid");

  /* With no handle: disabling an algorithm (the last call here, so
     nothing above is affected).  */
  {
    int algo = GCRY_CIPHER_AES192;

    err = gcry_cipher_ctl (NULL, GCRYCTL_DISABLE_ALGO, &algo, sizeof algo);
    t_check (!err && gcry_cipher_test_algo (GCRY_CIPHER_AES192),
             "GCRYCTL_DISABLE_ALGO: %s", gcry_strerror (err));
  }
}

int
main (int argc, char **argv)
{
  t_init ("t-cipher-header", argc, argv);
  if (!gcry_check_version (NULL))
    return 2;
  gcry_control (GCRYCTL_DISABLE_SECMEM_WARN, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  check_constants ();
  check_calls ();
  return t_finish ();
}
