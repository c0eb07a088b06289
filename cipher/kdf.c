/* kdf.c - gcry_kdf_derive and the gcry_kdf_open handle API: the checks
 * every algorithm shares and the dispatch to one file per family (see
 * kdf-internal.h).
 *
 * Error codes are upstream's, as its behaviour shows them: a NULL
 * passphrase is GPG_ERR_INV_DATA and comes first, then a zero KEYSIZE or
 * a NULL KEYBUFFER (GPG_ERR_INV_VALUE), then the algorithm
 * (GPG_ERR_UNKNOWN_ALGORITHM; PBKDF1 is declared but upstream answers
 * GPG_ERR_UNSUPPORTED_ALGORITHM for it, and so do we).  Salt and count
 * checks come before the digest is looked up.
 *
 * Where upstream crashes or returns unspecified bytes we return an error
 * instead: NULL buffers with a nonzero length (GPG_ERR_INV_VALUE),
 * gcry_kdf_final before a successful gcry_kdf_compute on the algorithms
 * that need it (GPG_ERR_INV_STATE, see each family).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "kdf-internal.h"
#include "kdf-api.h"


/* Upstream's id for scrypt with r = 1 (its tests use it for the r = 1
   vector of the scrypt specification); not in gcrypt.h.  */
#define KDF_SCRYPT_R1 41


gcry_err_code_t
_gcry_kdf_derive (const void *passphrase, size_t passphraselen,
                  int algo, int subalgo,
                  const void *salt, size_t saltlen,
                  unsigned long iterations,
                  size_t keysize, void *keybuffer)
{
  if (!passphrase)
    return GPG_ERR_INV_DATA;
  if (!keysize || !keybuffer)
    return GPG_ERR_INV_VALUE;

  switch (algo)
    {
    case GCRY_KDF_SIMPLE_S2K:
    case GCRY_KDF_SALTED_S2K:
    case GCRY_KDF_ITERSALTED_S2K:
      return _gcry_kdf_s2k (passphrase, passphraselen, algo, subalgo,
                            salt, saltlen, iterations, keysize, keybuffer);

    case GCRY_KDF_PBKDF1:
      return GPG_ERR_UNSUPPORTED_ALGORITHM;

    case GCRY_KDF_PBKDF2:
      if (!salt || !saltlen || !iterations)
        return GPG_ERR_INV_VALUE;
      return _gcry_kdf_pbkdf2 (passphrase, passphraselen, subalgo,
                               salt, saltlen, iterations,
                               keysize, keybuffer);

    case GCRY_KDF_SCRYPT:
    case KDF_SCRYPT_R1:
      /* An empty salt is allowed, a missing one is not.  */
      if (!salt)
        return GPG_ERR_INV_VALUE;
      return _gcry_kdf_scrypt (passphrase, passphraselen, subalgo,
                               algo == KDF_SCRYPT_R1 ? 1 : 8, iterations,
                               salt, saltlen, keysize, keybuffer);

    default:
      return GPG_ERR_UNKNOWN_ALGORITHM;
    }
}


/* The "kernel-*" lines of gcry_get_config for the key derivations.  */
const gcry_kernel_report_t _gcry_kdf_kernel_reports[] =
  {
    { "pbkdf2-sha1", _gcry_pbkdf2_sha1_current_kernel },
    { "pbkdf2-sha256", _gcry_pbkdf2_sha256_current_kernel },
    { "scrypt", _gcry_scrypt_current_kernel },
    { "argon2", _gcry_argon2_current_kernel },
    { NULL, NULL }
  };


/*
 * The handle API.
 */

static int
handle_ok (gcry_kdf_hd_t h)
{
  return h && h->magic == KDF_HANDLE_MAGIC && h->ops;
}

gcry_err_code_t
_gcry_kdf_open (gcry_kdf_hd_t *hd, int algo, int subalgo,
                const unsigned long *param, unsigned int paramlen,
                const void *passphrase, size_t passphraselen,
                const void *salt, size_t saltlen,
                const void *key, size_t keylen,
                const void *ad, size_t adlen)
{
  gcry_err_code_t (*open_fn) (const kdf_open_args_t *,
                              struct gcry_kdf_handle **);
  kdf_open_args_t a;
  struct gcry_kdf_handle *h = NULL;
  gcry_err_code_t rc;

  *hd = NULL;
  switch (algo)
    {
    case GCRY_KDF_ARGON2:
      open_fn = _gcry_kdf_argon2_open;
      break;
    case GCRY_KDF_HKDF:
      open_fn = _gcry_kdf_hkdf_open;
      break;
    case GCRY_KDF_ONESTEP_KDF:
    case GCRY_KDF_ONESTEP_KDF_MAC:
    case GCRY_KDF_X963_KDF:
      open_fn = _gcry_kdf_onestep_open;
      break;
    case GCRY_KDF_BALLOON:
      return GPG_ERR_NOT_SUPPORTED;     /* As upstream answers.  */
    default:
      return GPG_ERR_UNKNOWN_ALGORITHM;
    }

  if ((!param && paramlen) || (!passphrase && passphraselen)
      || (!salt && saltlen) || (!key && keylen) || (!ad && adlen))
    return GPG_ERR_INV_VALUE;

  a.algo = algo;
  a.subalgo = subalgo;
  a.param = param;
  a.paramlen = paramlen;
  a.passphrase = passphrase;
  a.passphraselen = passphraselen;
  a.salt = salt;
  a.saltlen = saltlen;
  a.key = key;
  a.keylen = keylen;
  a.ad = ad;
  a.adlen = adlen;
  rc = open_fn (&a, &h);
  if (rc)
    return rc;
  h->magic = KDF_HANDLE_MAGIC;
  *hd = h;
  return 0;
}

gcry_err_code_t
_gcry_kdf_compute (gcry_kdf_hd_t h, const gcry_kdf_thread_ops_t *ops)
{
  if (!handle_ok (h))
    return GPG_ERR_INV_ARG;
  /* A thread-ops structure without its functions cannot dispatch.  */
  if (ops && (!ops->dispatch_job || !ops->wait_all_jobs))
    return GPG_ERR_INV_ARG;
  return h->ops->compute (h, ops);
}

gcry_err_code_t
_gcry_kdf_final (gcry_kdf_hd_t h, size_t resultlen, void *result)
{
  if (!handle_ok (h))
    return GPG_ERR_INV_ARG;
  if (!result && resultlen)
    return GPG_ERR_INV_ARG;
  return h->ops->final (h, resultlen, result);
}

void
_gcry_kdf_close (gcry_kdf_hd_t h)
{
  if (!handle_ok (h))
    return;
  h->magic = 0;
  h->ops->close (h);
}
