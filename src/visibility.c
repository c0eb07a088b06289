/* visibility.c - the public entry points.
 *
 * Every exported gcry_* function is a thin wrapper here: it checks what
 * can be checked at the boundary and calls the internal _gcry_* function.
 * Keeping all exports in one file makes the exported surface easy to
 * review against src/libgcrypt.vers; sections per API family, in the
 * order of gcrypt.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "visibility.h"
#include "../cipher/md-api.h"


/* Version, control, configuration.  */

GCRY_PUBLIC const char *
gcry_check_version (const char *req_version)
{
  return _gcry_check_version (req_version);
}

GCRY_PUBLIC gcry_error_t
gcry_control (enum gcry_ctl_cmds cmd, ...)
{
  gcry_error_t err;
  va_list ap;

  va_start (ap, cmd);
  err = _gcry_vcontrol (cmd, ap);
  va_end (ap);
  return err;
}

GCRY_PUBLIC char *
gcry_get_config (int mode, const char *what)
{
  return _gcry_get_config (mode, what);
}


/* Errors.  */

GCRY_PUBLIC const char *
gcry_strerror (gcry_error_t err)
{
  return gpg_strerror (err);
}

GCRY_PUBLIC const char *
gcry_strsource (gcry_error_t err)
{
  return gpg_strsource (err);
}

GCRY_PUBLIC gcry_err_code_t
gcry_err_code_from_errno (int err)
{
  return gpg_err_code_from_errno (err);
}

GCRY_PUBLIC int
gcry_err_code_to_errno (gcry_err_code_t code)
{
  return gpg_err_code_to_errno (code);
}

GCRY_PUBLIC gcry_error_t
gcry_err_make_from_errno (gcry_err_source_t source, int err)
{
  return gpg_err_make_from_errno (source, err);
}

GCRY_PUBLIC gcry_error_t
gcry_error_from_errno (int err)
{
  return gpg_err_make_from_errno (GPG_ERR_SOURCE_GCRYPT, err);
}


/* Handlers.  */

GCRY_PUBLIC void
gcry_set_progress_handler (gcry_handler_progress_t cb, void *cb_data)
{
  _gcry_set_progress_handler (cb, cb_data);
}

GCRY_PUBLIC void
gcry_set_allocation_handler (gcry_handler_alloc_t func_alloc,
                             gcry_handler_alloc_t func_alloc_secure,
                             gcry_handler_secure_check_t func_secure_check,
                             gcry_handler_realloc_t func_realloc,
                             gcry_handler_free_t func_free)
{
  _gcry_set_allocation_handler (func_alloc, func_alloc_secure,
                                func_secure_check, func_realloc, func_free);
}

GCRY_PUBLIC void
gcry_set_outofcore_handler (gcry_handler_no_mem_t h, void *opaque)
{
  _gcry_set_outofcore_handler (h, opaque);
}

GCRY_PUBLIC void
gcry_set_fatalerror_handler (gcry_handler_error_t fnc, void *opaque)
{
  _gcry_set_fatalerror_handler (fnc, opaque);
}

GCRY_PUBLIC void
gcry_set_log_handler (gcry_handler_log_t f, void *opaque)
{
  _gcry_set_log_handler (f, opaque);
}

GCRY_PUBLIC void
gcry_set_gettext_handler (const char *(*f)(const char*))
{
  _gcry_set_gettext_handler (f);
}


/* Memory.  */

GCRY_PUBLIC void *
gcry_malloc (size_t n)
{
  return _gcry_malloc (n);
}

GCRY_PUBLIC void *
gcry_calloc (size_t n, size_t m)
{
  return _gcry_calloc (n, m);
}

GCRY_PUBLIC void *
gcry_malloc_secure (size_t n)
{
  return _gcry_malloc_secure (n);
}

GCRY_PUBLIC void *
gcry_calloc_secure (size_t n, size_t m)
{
  return _gcry_calloc_secure (n, m);
}

GCRY_PUBLIC void *
gcry_realloc (void *a, size_t n)
{
  return _gcry_realloc (a, n);
}

GCRY_PUBLIC char *
gcry_strdup (const char *string)
{
  return _gcry_strdup (string);
}

GCRY_PUBLIC void *
gcry_xmalloc (size_t n)
{
  return _gcry_xmalloc (n);
}

GCRY_PUBLIC void *
gcry_xcalloc (size_t n, size_t m)
{
  return _gcry_xcalloc (n, m);
}

GCRY_PUBLIC void *
gcry_xmalloc_secure (size_t n)
{
  return _gcry_xmalloc_secure (n);
}

GCRY_PUBLIC void *
gcry_xcalloc_secure (size_t n, size_t m)
{
  return _gcry_xcalloc_secure (n, m);
}

GCRY_PUBLIC void *
gcry_xrealloc (void *a, size_t n)
{
  return _gcry_xrealloc (a, n);
}

GCRY_PUBLIC char *
gcry_xstrdup (const char *a)
{
  return _gcry_xstrdup (a);
}

GCRY_PUBLIC void
gcry_free (void *a)
{
  _gcry_free (a);
}

GCRY_PUBLIC int
gcry_is_secure (const void *a)
{
  return _gcry_is_secure (a);
}


/* Message digest API */

GCRY_PUBLIC gcry_error_t
gcry_md_open (gcry_md_hd_t *h, int algo, unsigned int flags)
{
  return _gcry_error (_gcry_md_open (h, algo, flags));
}

GCRY_PUBLIC void
gcry_md_close (gcry_md_hd_t hd)
{
  _gcry_md_close (hd);
}

GCRY_PUBLIC gcry_error_t
gcry_md_enable (gcry_md_hd_t hd, int algo)
{
  return _gcry_error (_gcry_md_enable (hd, algo));
}

GCRY_PUBLIC gcry_error_t
gcry_md_copy (gcry_md_hd_t *bhd, gcry_md_hd_t ahd)
{
  return _gcry_error (_gcry_md_copy (bhd, ahd));
}

GCRY_PUBLIC void
gcry_md_reset (gcry_md_hd_t hd)
{
  _gcry_md_reset (hd);
}

GCRY_PUBLIC gcry_error_t
gcry_md_ctl (gcry_md_hd_t hd, int cmd, void *buffer, size_t buflen)
{
  return _gcry_error (_gcry_md_ctl (hd, cmd, buffer, buflen));
}

GCRY_PUBLIC void
gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length)
{
  _gcry_md_write (hd, buffer, length);
}

GCRY_PUBLIC unsigned char *
gcry_md_read (gcry_md_hd_t hd, int algo)
{
  return _gcry_md_read (hd, algo);
}

GCRY_PUBLIC gpg_error_t
gcry_md_extract (gcry_md_hd_t hd, int algo, void *buffer, size_t length)
{
  return _gcry_error (_gcry_md_extract (hd, algo, buffer, length));
}

GCRY_PUBLIC void
gcry_md_hash_buffer (int algo, void *digest, const void *buffer,
                     size_t length)
{
  _gcry_md_hash_buffer (algo, digest, buffer, length);
}

GCRY_PUBLIC gpg_error_t
gcry_md_hash_buffers (int algo, unsigned int flags, void *digest,
                      const gcry_buffer_t *iov, int iovcnt)
{
  return _gcry_error (_gcry_md_hash_buffers_ext (algo, flags, digest, -1,
                                                 iov, iovcnt));
}

GCRY_PUBLIC gpg_error_t
gcry_md_hash_buffers_ext (int algo, unsigned int flags, void *digest,
                          int digestlen, const gcry_buffer_t *iov,
                          int iovcnt)
{
  return _gcry_error (_gcry_md_hash_buffers_ext (algo, flags, digest,
                                                 digestlen, iov, iovcnt));
}

GCRY_PUBLIC int
gcry_md_get_algo (gcry_md_hd_t hd)
{
  return _gcry_md_get_algo (hd);
}

GCRY_PUBLIC unsigned int
gcry_md_get_algo_dlen (int algo)
{
  return _gcry_md_get_algo_dlen (algo);
}

GCRY_PUBLIC int
gcry_md_is_enabled (gcry_md_hd_t a, int algo)
{
  return _gcry_md_is_enabled (a, algo);
}

GCRY_PUBLIC int
gcry_md_is_secure (gcry_md_hd_t a)
{
  return _gcry_md_is_secure (a);
}

GCRY_PUBLIC gcry_error_t
gcry_md_info (gcry_md_hd_t h, int what, void *buffer, size_t *nbytes)
{
  return _gcry_error (_gcry_md_info (h, what, buffer, nbytes));
}

GCRY_PUBLIC gcry_error_t
gcry_md_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  return _gcry_error (_gcry_md_algo_info (algo, what, buffer, nbytes));
}

GCRY_PUBLIC const char *
gcry_md_algo_name (int algo)
{
  return _gcry_md_algo_name (algo);
}

GCRY_PUBLIC int
gcry_md_map_name (const char *name)
{
  return _gcry_md_map_name (name);
}

GCRY_PUBLIC gcry_error_t
gcry_md_setkey (gcry_md_hd_t hd, const void *key, size_t keylen)
{
  return _gcry_error (_gcry_md_setkey (hd, key, keylen));
}

GCRY_PUBLIC void
gcry_md_debug (gcry_md_hd_t hd, const char *suffix)
{
  _gcry_md_debug (hd, suffix);
}


/* Cipher API.  A NULL handle is answered with GPG_ERR_INV_ARG instead
   of upstream's crash.  */

#include "../cipher/cipher-api.h"

GCRY_PUBLIC gcry_error_t
gcry_cipher_open (gcry_cipher_hd_t *handle, int algo, int mode,
                  unsigned int flags)
{
  if (!handle)
    return _gcry_error (GPG_ERR_INV_ARG);
  _gcry_global_init ();
  return _gcry_error (_gcry_cipher_open (handle, algo, mode, flags));
}

GCRY_PUBLIC void
gcry_cipher_close (gcry_cipher_hd_t h)
{
  _gcry_cipher_close (h);
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_ctl (gcry_cipher_hd_t h, int cmd, void *buffer, size_t buflen)
{
  _gcry_global_init ();
  return _gcry_error (_gcry_cipher_ctl (h, cmd, buffer, buflen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_info (gcry_cipher_hd_t h, int what, void *buffer,
                  size_t *nbytes)
{
  return _gcry_error (_gcry_cipher_info (h, what, buffer, nbytes));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  _gcry_global_init ();
  return _gcry_error (_gcry_cipher_algo_info (algo, what, buffer, nbytes));
}

GCRY_PUBLIC const char *
gcry_cipher_algo_name (int algorithm)
{
  return _gcry_cipher_algo_name (algorithm);
}

GCRY_PUBLIC int
gcry_cipher_map_name (const char *name)
{
  return _gcry_cipher_map_name (name);
}

GCRY_PUBLIC int
gcry_cipher_mode_from_oid (const char *string)
{
  return _gcry_cipher_mode_from_oid (string);
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_encrypt (gcry_cipher_hd_t h, void *out, size_t outsize,
                     const void *in, size_t inlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_encrypt (h, out, outsize, in, inlen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_decrypt (gcry_cipher_hd_t h, void *out, size_t outsize,
                     const void *in, size_t inlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_decrypt (h, out, outsize, in, inlen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_setkey (gcry_cipher_hd_t h, const void *key, size_t keylen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_setkey (h, key, keylen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_setiv (gcry_cipher_hd_t h, const void *iv, size_t ivlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_setiv (h, iv, ivlen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_setup_geniv (gcry_cipher_hd_t h, int method,
                         const void *fixed_iv, size_t fixed_ivlen,
                         const void *dyn_iv, size_t dyn_ivlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_setup_geniv (h, method, fixed_iv,
                                                fixed_ivlen, dyn_iv,
                                                dyn_ivlen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_geniv (gcry_cipher_hd_t h, void *iv, size_t ivlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_geniv (h, iv, ivlen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_authenticate (gcry_cipher_hd_t h, const void *abuf,
                          size_t abuflen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_authenticate (h, abuf, abuflen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_gettag (gcry_cipher_hd_t h, void *outtag, size_t taglen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_gettag (h, outtag, taglen));
}

GCRY_PUBLIC gcry_error_t
gcry_cipher_checktag (gcry_cipher_hd_t h, const void *intag, size_t taglen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_checktag (h, intag, taglen));
}

GCRY_PUBLIC gpg_error_t
gcry_cipher_setctr (gcry_cipher_hd_t h, const void *ctr, size_t ctrlen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_cipher_setctr (h, ctr, ctrlen));
}

GCRY_PUBLIC size_t
gcry_cipher_get_algo_keylen (int algo)
{
  return _gcry_cipher_get_algo_keylen (algo);
}

GCRY_PUBLIC size_t
gcry_cipher_get_algo_blklen (int algo)
{
  return _gcry_cipher_get_algo_blklen (algo);
}


/* MAC API.  A NULL handle is answered with GPG_ERR_INV_ARG (0 from
   gcry_mac_get_algo) instead of upstream's crash.  */

#include "../cipher/mac-api.h"

GCRY_PUBLIC gcry_error_t
gcry_mac_open (gcry_mac_hd_t *h, int algo, unsigned int flags,
               gcry_ctx_t ctx)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_open (h, algo, flags, ctx));
}

GCRY_PUBLIC void
gcry_mac_close (gcry_mac_hd_t h)
{
  _gcry_mac_close (h);
}

GCRY_PUBLIC gcry_error_t
gcry_mac_ctl (gcry_mac_hd_t h, int cmd, void *buffer, size_t buflen)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_ctl (h, cmd, buffer, buflen));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  return _gcry_error (_gcry_mac_algo_info (algo, what, buffer, nbytes));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_setkey (gcry_mac_hd_t hd, const void *key, size_t keylen)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_setkey (hd, key, keylen));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_setiv (gcry_mac_hd_t hd, const void *iv, size_t ivlen)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_setiv (hd, iv, ivlen));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_write (gcry_mac_hd_t hd, const void *buffer, size_t length)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_write (hd, buffer, length));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_read (gcry_mac_hd_t hd, void *buffer, size_t *buflen)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_read (hd, buffer, buflen));
}

GCRY_PUBLIC gcry_error_t
gcry_mac_verify (gcry_mac_hd_t hd, const void *buffer, size_t buflen)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_mac_verify (hd, buffer, buflen));
}

GCRY_PUBLIC int
gcry_mac_get_algo (gcry_mac_hd_t hd)
{
  return hd ? _gcry_mac_get_algo (hd) : 0;
}

GCRY_PUBLIC unsigned int
gcry_mac_get_algo_maclen (int algo)
{
  return _gcry_mac_get_algo_maclen (algo);
}

GCRY_PUBLIC unsigned int
gcry_mac_get_algo_keylen (int algo)
{
  return _gcry_mac_get_algo_keylen (algo);
}

GCRY_PUBLIC const char *
gcry_mac_algo_name (int algorithm)
{
  return _gcry_mac_algo_name (algorithm);
}

GCRY_PUBLIC int
gcry_mac_map_name (const char *name)
{
  return _gcry_mac_map_name (name);
}


/* Key derivation.  A NULL handle is answered with GPG_ERR_INV_ARG.  */

#include "../cipher/kdf-api.h"

GCRY_PUBLIC gpg_error_t
gcry_kdf_derive (const void *passphrase, size_t passphraselen,
                 int algo, int subalgo, const void *salt, size_t saltlen,
                 unsigned long iterations, size_t keysize, void *keybuffer)
{
  _gcry_global_init ();
  return _gcry_error (_gcry_kdf_derive (passphrase, passphraselen, algo,
                                        subalgo, salt, saltlen, iterations,
                                        keysize, keybuffer));
}

GCRY_PUBLIC gcry_error_t
gcry_kdf_open (gcry_kdf_hd_t *hd, int algo, int subalgo,
               const unsigned long *param, unsigned int paramlen,
               const void *passphrase, size_t passphraselen,
               const void *salt, size_t saltlen,
               const void *key, size_t keylen,
               const void *ad, size_t adlen)
{
  if (!hd)
    return _gcry_error (GPG_ERR_INV_ARG);
  _gcry_global_init ();
  return _gcry_error (_gcry_kdf_open (hd, algo, subalgo, param, paramlen,
                                      passphrase, passphraselen, salt,
                                      saltlen, key, keylen, ad, adlen));
}

GCRY_PUBLIC gcry_error_t
gcry_kdf_compute (gcry_kdf_hd_t h, const gcry_kdf_thread_ops_t *ops)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_kdf_compute (h, ops));
}

GCRY_PUBLIC gcry_error_t
gcry_kdf_final (gcry_kdf_hd_t h, size_t resultlen, void *result)
{
  if (!h)
    return _gcry_error (GPG_ERR_INV_ARG);
  return _gcry_error (_gcry_kdf_final (h, resultlen, result));
}

GCRY_PUBLIC void
gcry_kdf_close (gcry_kdf_hd_t h)
{
  _gcry_kdf_close (h);
}


/* Random numbers (src/random.c).  */

#include "random.h"

GCRY_PUBLIC void
gcry_randomize (void *buffer, size_t length, enum gcry_random_level level)
{
  _gcry_randomize (buffer, length, level);
}

GCRY_PUBLIC gcry_error_t
gcry_random_add_bytes (const void *buffer, size_t length, int quality)
{
  return _gcry_error (_gcry_random_add_bytes (buffer, length, quality));
}

GCRY_PUBLIC void *
gcry_random_bytes (size_t nbytes, enum gcry_random_level level)
{
  return _gcry_random_bytes (nbytes, level);
}

GCRY_PUBLIC void *
gcry_random_bytes_secure (size_t nbytes, enum gcry_random_level level)
{
  return _gcry_random_bytes_secure (nbytes, level);
}

GCRY_PUBLIC void
gcry_create_nonce (void *buffer, size_t length)
{
  _gcry_create_nonce (buffer, length);
}
