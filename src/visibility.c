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
