/* visibility.h - declarations for src/visibility.c only.
 *
 * The library is compiled with -fvisibility=hidden; GCRY_PUBLIC marks the
 * wrappers that make up the ABI (src/libgcrypt.vers then pins them to
 * the GCRYPT_1.6 version node).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_VISIBILITY_H
#define GCRY_VISIBILITY_H

#define GCRY_PUBLIC __attribute__ ((visibility ("default")))

/* Internal functions behind the foundation wrappers (src/global.c).  */
const char *_gcry_check_version (const char *req_version);
gcry_error_t _gcry_vcontrol (enum gcry_ctl_cmds cmd, va_list ap);
char *_gcry_get_config (int mode, const char *what);

#endif /* GCRY_VISIBILITY_H */
