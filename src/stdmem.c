/* stdmem.c - the library's allocation functions.
 *
 * Every allocation inside the library goes through here.  Secure requests
 * go to the pools of src/secmem.c unless GCRYCTL_DISABLE_SECMEM was given;
 * everything else to the C heap.  An application may replace both with
 * gcry_set_allocation_handler, in which case its functions are called
 * instead of ours (and wiping is its business).
 *
 * Upstream behaviour kept on purpose:
 *  - Allocating 0 bytes fails with EINVAL (so gcry_xmalloc (0) is a fatal
 *    error): a zero-size request is almost always a caller's bug.
 *  - gcry_realloc (p, 0) frees P and returns NULL; gcry_realloc (NULL, n)
 *    is gcry_malloc (n), never secure.
 *  - A secure block stays in the pools when resized, even after
 *    DISABLE_SECMEM.
 *  - The gcry_x* functions call the out-of-core handler with (opaque,
 *    size, flags) while it returns true, then _gcry_fatal_error.  Flags:
 *    bit 0 = secure memory was asked for, bit 1 = it was a realloc.
 *  - Only the handler setters initialise the library; the allocators work
 *    without initialisation (the secure pool creates itself).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "secmem.h"

/* Fatal-error text for secure requests (upstream's wording).  */
#define SECURE_OOC_TEXT "out of core in secure memory"

/* Application handlers.  Set during initialisation, then only read.  */
static gcry_handler_alloc_t app_alloc;
static gcry_handler_alloc_t app_alloc_secure;
static gcry_handler_secure_check_t app_is_secure;
static gcry_handler_realloc_t app_realloc;
static gcry_handler_free_t app_free;
static gcry_handler_no_mem_t outofcore_handler;
static void *outofcore_opaque;


void
_gcry_set_allocation_handler (gcry_handler_alloc_t func_alloc,
                              gcry_handler_alloc_t func_alloc_secure,
                              gcry_handler_secure_check_t func_secure_check,
                              gcry_handler_realloc_t func_realloc,
                              gcry_handler_free_t func_free)
{
  _gcry_global_init ();
  app_alloc = func_alloc;
  app_alloc_secure = func_alloc_secure;
  app_is_secure = func_secure_check;
  app_realloc = func_realloc;
  app_free = func_free;
}

void
_gcry_set_outofcore_handler (gcry_handler_no_mem_t h, void *opaque)
{
  _gcry_global_init ();
  outofcore_handler = h;
  outofcore_opaque = opaque;
}


/* Allocate N bytes, from the pools if SECURE (and secure memory is on).
   XHINT: the caller is a gcry_x* function, which may grow the pools.
   On failure errno is nonzero even if an application handler forgot to
   set it; on success errno is left as the caller had it.  */
static void *
do_malloc (size_t n, int secure, int xhint)
{
  int saved_errno = errno;
  void *p;

  errno = 0;
  if (secure && _gcry_secmem_is_enabled ())
    {
      if (app_alloc_secure)
        p = app_alloc_secure (n);
      else if (!n)
        p = NULL, errno = EINVAL;
      else
        p = _gcry_secmem_malloc (n, xhint);
    }
  else
    {
      if (app_alloc)
        p = app_alloc (n);
      else if (!n)
        p = NULL, errno = EINVAL;
      else
        p = malloc (n);
    }

  if (!p)
    {
      if (!errno)
        errno = ENOMEM;
    }
  else
    errno = saved_errno;
  return p;
}

void *
_gcry_malloc (size_t n)
{
  return do_malloc (n, 0, 0);
}

void *
_gcry_malloc_secure (size_t n)
{
  return do_malloc (n, 1, 0);
}

/* N * M, or SIZE_MAX with errno = ENOMEM when that overflows.  */
static int
mul_overflows (size_t n, size_t m, size_t *r_bytes)
{
  if (m && n > SIZE_MAX / m)
    {
      errno = ENOMEM;
      return 1;
    }
  *r_bytes = n * m;
  return 0;
}

static void *
do_calloc (size_t n, size_t m, int secure)
{
  size_t bytes;
  void *p;

  if (mul_overflows (n, m, &bytes))
    return NULL;
  p = do_malloc (bytes, secure, 0);
  if (p)
    memset (p, 0, bytes);
  return p;
}

void *
_gcry_calloc (size_t n, size_t m)
{
  return do_calloc (n, m, 0);
}

void *
_gcry_calloc_secure (size_t n, size_t m)
{
  return do_calloc (n, m, 1);
}

int
_gcry_is_secure (const void *a)
{
  if (!_gcry_secmem_is_enabled ())
    return 0;
  if (app_is_secure)
    return app_is_secure (a);
  return _gcry_secmem_contains (a);
}

static void *
do_realloc (void *a, size_t n, int xhint)
{
  int saved_errno = errno;
  void *p;

  if (!a)
    return _gcry_malloc (n);
  if (!n)
    {
      _gcry_free (a);
      /* Freeing is not a failure, but a gcry_x* caller must not get
         NULL back silently: give it a reason for the fatal error.  */
      errno = EINVAL;
      return NULL;
    }

  errno = 0;
  if (app_realloc)
    p = app_realloc (a, n);
  else if (_gcry_secmem_contains (a))
    p = _gcry_secmem_realloc (a, n, xhint);
  else
    p = realloc (a, n);

  if (!p)
    {
      if (!errno)
        errno = ENOMEM;
    }
  else
    errno = saved_errno;
  return p;
}

void *
_gcry_realloc (void *a, size_t n)
{
  return do_realloc (a, n, 0);
}

void
_gcry_free (void *p)
{
  int saved_errno;

  if (!p)
    return;
  /* Callers report errors after cleaning up; free must not change the
     errno they are about to return.  */
  saved_errno = errno;
  if (app_free)
    app_free (p);
  else if (!_gcry_secmem_free (p))
    free (p);
  errno = saved_errno;
}

static char *
do_strdup (const char *string, int xhint)
{
  size_t n = strlen (string);
  char *copy;

  /* A secret string stays secret in its copy.  */
  copy = do_malloc (n + 1, _gcry_is_secure (string), xhint);
  if (copy)
    memcpy (copy, string, n + 1);
  return copy;
}

char *
_gcry_strdup (const char *string)
{
  return do_strdup (string, 0);
}


/*
 * The never-failing variants.
 */

/* Called after an allocation of N bytes failed: returns if the
   application's out-of-core handler wants another try, else does not
   return.  FLAGS are the handler's (bit 0 secure, bit 1 realloc).  */
static void
out_of_core (size_t n, unsigned int flags)
{
  gcry_err_code_t rc = gpg_err_code_from_errno (errno);

  if (outofcore_handler && outofcore_handler (outofcore_opaque, n, flags))
    return;
  _gcry_fatal_error (rc, (flags & 1) ? SECURE_OOC_TEXT : NULL);
}

void *
_gcry_xmalloc (size_t n)
{
  void *p;

  while (!(p = do_malloc (n, 0, 1)))
    out_of_core (n, 0);
  return p;
}

void *
_gcry_xmalloc_secure (size_t n)
{
  void *p;

  while (!(p = do_malloc (n, 1, 1)))
    out_of_core (n, 1);
  return p;
}

void *
_gcry_xrealloc (void *a, size_t n)
{
  void *p;

  while (!(p = do_realloc (a, n, 1)))
    {
      gcry_err_code_t rc = gpg_err_code_from_errno (errno);

      /* N == 0 freed A: retrying would free it again.  The fatal text
         stays the generic one even for secure blocks, as upstream.  */
      if (!n || !outofcore_handler
          || !outofcore_handler (outofcore_opaque, n,
                                 _gcry_is_secure (a) ? 3 : 2))
        _gcry_fatal_error (rc, NULL);
    }
  return p;
}

/* An overflowing N * M is fatal at once: no handler can fix it.  */
static void *
do_xcalloc (size_t n, size_t m, int secure)
{
  size_t bytes;
  void *p;

  if (mul_overflows (n, m, &bytes))
    _gcry_fatal_error (gpg_err_code_from_errno (errno), NULL);
  p = secure ? _gcry_xmalloc_secure (bytes) : _gcry_xmalloc (bytes);
  memset (p, 0, bytes);
  return p;
}

void *
_gcry_xcalloc (size_t n, size_t m)
{
  return do_xcalloc (n, m, 0);
}

void *
_gcry_xcalloc_secure (size_t n, size_t m)
{
  return do_xcalloc (n, m, 1);
}

char *
_gcry_xstrdup (const char *string)
{
  char *p;

  while (!(p = do_strdup (string, 1)))
    out_of_core (strlen (string), _gcry_is_secure (string) ? 1 : 0);
  return p;
}
