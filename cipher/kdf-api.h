/* kdf-api.h - the internal functions behind the public gcry_kdf_*
 * wrappers of src/visibility.c (implemented in cipher/kdf.c).  They
 * return plain error codes; the wrappers add the error source.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef KDF_API_H
#define KDF_API_H

gcry_err_code_t _gcry_kdf_derive (const void *passphrase, size_t passphraselen,
                                  int algo, int subalgo,
                                  const void *salt, size_t saltlen,
                                  unsigned long iterations,
                                  size_t keysize, void *keybuffer);
gcry_err_code_t _gcry_kdf_open (gcry_kdf_hd_t *hd, int algo, int subalgo,
                                const unsigned long *param,
                                unsigned int paramlen,
                                const void *passphrase, size_t passphraselen,
                                const void *salt, size_t saltlen,
                                const void *key, size_t keylen,
                                const void *ad, size_t adlen);
gcry_err_code_t _gcry_kdf_compute (gcry_kdf_hd_t h,
                                   const gcry_kdf_thread_ops_t *ops);
gcry_err_code_t _gcry_kdf_final (gcry_kdf_hd_t h, size_t resultlen,
                                 void *result);
void _gcry_kdf_close (gcry_kdf_hd_t h);

#endif /* KDF_API_H */
