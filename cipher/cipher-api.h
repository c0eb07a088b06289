/* cipher-api.h - the internal functions behind the public gcry_cipher_*
 * wrappers of src/visibility.c.  They return plain error codes; the
 * wrappers add the error source.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CIPHER_API_H
#define CIPHER_API_H

gcry_err_code_t _gcry_cipher_open (gcry_cipher_hd_t *handle, int algo,
                                   int mode, unsigned int flags);
void _gcry_cipher_close (gcry_cipher_hd_t h);
gcry_err_code_t _gcry_cipher_ctl (gcry_cipher_hd_t h, int cmd, void *buffer,
                                  size_t buflen);
gcry_err_code_t _gcry_cipher_info (gcry_cipher_hd_t h, int what,
                                   void *buffer, size_t *nbytes);
gcry_err_code_t _gcry_cipher_algo_info (int algo, int what, void *buffer,
                                        size_t *nbytes);
const char *_gcry_cipher_algo_name (int algo);
int _gcry_cipher_map_name (const char *name);
int _gcry_cipher_mode_from_oid (const char *string);
gcry_err_code_t _gcry_cipher_encrypt (gcry_cipher_hd_t h, void *out,
                                      size_t outsize, const void *in,
                                      size_t inlen);
gcry_err_code_t _gcry_cipher_decrypt (gcry_cipher_hd_t h, void *out,
                                      size_t outsize, const void *in,
                                      size_t inlen);
gcry_err_code_t _gcry_cipher_setkey (gcry_cipher_hd_t h, const void *key,
                                     size_t keylen);
gcry_err_code_t _gcry_cipher_setiv (gcry_cipher_hd_t h, const void *iv,
                                    size_t ivlen);
gcry_err_code_t _gcry_cipher_setctr (gcry_cipher_hd_t h, const void *ctr,
                                     size_t ctrlen);
gcry_err_code_t _gcry_cipher_setup_geniv (gcry_cipher_hd_t h, int method,
                                         const void *fixed_iv,
                                         size_t fixed_ivlen,
                                         const void *dyn_iv,
                                         size_t dyn_ivlen);
gcry_err_code_t _gcry_cipher_geniv (gcry_cipher_hd_t h, void *iv,
                                    size_t ivlen);
gcry_err_code_t _gcry_cipher_authenticate (gcry_cipher_hd_t h,
                                           const void *abuf, size_t abuflen);
gcry_err_code_t _gcry_cipher_gettag (gcry_cipher_hd_t h, void *outtag,
                                     size_t taglen);
gcry_err_code_t _gcry_cipher_checktag (gcry_cipher_hd_t h, const void *intag,
                                       size_t taglen);
size_t _gcry_cipher_get_algo_keylen (int algo);
size_t _gcry_cipher_get_algo_blklen (int algo);

#endif /* CIPHER_API_H */
