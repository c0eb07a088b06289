/* md-api.h - the internal functions behind the public gcry_md_*
 * wrappers of src/visibility.c (implemented in cipher/md.c).  They return
 * plain error codes; the wrappers add the error source.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MD_API_H
#define MD_API_H

gcry_err_code_t _gcry_md_open (gcry_md_hd_t *h, int algo, unsigned int flags);
void _gcry_md_close (gcry_md_hd_t hd);
gcry_err_code_t _gcry_md_enable (gcry_md_hd_t hd, int algo);
gcry_err_code_t _gcry_md_copy (gcry_md_hd_t *dst, gcry_md_hd_t src);
void _gcry_md_reset (gcry_md_hd_t hd);
gcry_err_code_t _gcry_md_ctl (gcry_md_hd_t hd, int cmd,
                              void *buffer, size_t buflen);
void _gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length);
unsigned char *_gcry_md_read (gcry_md_hd_t hd, int algo);
gcry_err_code_t _gcry_md_extract (gcry_md_hd_t hd, int algo, void *buffer,
                                  size_t length);
void _gcry_md_hash_buffer (int algo, void *digest,
                           const void *buffer, size_t length);
gcry_err_code_t _gcry_md_hash_buffers_ext (int algo, unsigned int flags,
                                           void *digest, int digestlen,
                                           const gcry_buffer_t *iov,
                                           int iovcnt);
int _gcry_md_get_algo (gcry_md_hd_t hd);
unsigned int _gcry_md_get_algo_dlen (int algo);
int _gcry_md_is_enabled (gcry_md_hd_t hd, int algo);
int _gcry_md_is_secure (gcry_md_hd_t hd);
gcry_err_code_t _gcry_md_info (gcry_md_hd_t hd, int what, void *buffer,
                               size_t *nbytes);
gcry_err_code_t _gcry_md_algo_info (int algo, int what, void *buffer,
                                    size_t *nbytes);
const char *_gcry_md_algo_name (int algo);
int _gcry_md_map_name (const char *name);
gcry_err_code_t _gcry_md_setkey (gcry_md_hd_t hd, const void *key,
                                 size_t keylen);
void _gcry_md_debug (gcry_md_hd_t hd, const char *suffix);

#endif /* MD_API_H */
