/* mac-api.h - the internal functions behind the public gcry_mac_*
 * wrappers of src/visibility.c (implemented in cipher/mac.c).  They
 * return plain error codes; the wrappers add the error source.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MAC_API_H
#define MAC_API_H

gcry_err_code_t _gcry_mac_open (gcry_mac_hd_t *h, int algo,
                                unsigned int flags, gcry_ctx_t ctx);
void _gcry_mac_close (gcry_mac_hd_t h);
gcry_err_code_t _gcry_mac_ctl (gcry_mac_hd_t h, int cmd, void *buffer,
                               size_t buflen);
gcry_err_code_t _gcry_mac_algo_info (int algo, int what, void *buffer,
                                     size_t *nbytes);
gcry_err_code_t _gcry_mac_setkey (gcry_mac_hd_t h, const void *key,
                                  size_t keylen);
gcry_err_code_t _gcry_mac_setiv (gcry_mac_hd_t h, const void *iv,
                                 size_t ivlen);
gcry_err_code_t _gcry_mac_write (gcry_mac_hd_t h, const void *buffer,
                                 size_t length);
gcry_err_code_t _gcry_mac_read (gcry_mac_hd_t h, void *buffer,
                                size_t *buflen);
gcry_err_code_t _gcry_mac_verify (gcry_mac_hd_t h, const void *buffer,
                                  size_t buflen);
int _gcry_mac_get_algo (gcry_mac_hd_t h);
unsigned int _gcry_mac_get_algo_maclen (int algo);
unsigned int _gcry_mac_get_algo_keylen (int algo);
const char *_gcry_mac_algo_name (int algo);
int _gcry_mac_map_name (const char *name);

#endif /* MAC_API_H */
