/* misc.c - logging, fatal errors, progress, and small shared helpers.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "secmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Handlers installed by the application.  They are plain pointers: the
   manual asks programs to install them before the library is used from
   several threads.  */
static gcry_handler_log_t log_handler;
static void *log_handler_value;
static gcry_handler_error_t fatal_error_handler;
static void *fatal_error_handler_value;
static gcry_handler_progress_t progress_cb;
static void *progress_cb_data;
static const char *(*gettext_handler) (const char *);


/* Wiping.  Calling memset through a volatile pointer keeps the compiler
   from proving the stores dead and removing them.  */
static void *(*volatile wipe_memset) (void *, int, size_t) = memset;

void
_gcry_wipememory (void *p, size_t n)
{
  if (n)
    wipe_memset (p, 0, n);
}

/* Accumulate the XOR of all byte pairs so the loop runs the same for any
   contents; only the final value is branched on.  Eight bytes at a time
   (memcpy loads compile to plain unaligned moves), then the tail.  The
   loop bounds depend on N only.  */
int
_gcry_ct_memcmp (const void *a, const void *b, size_t n)
{
  const byte *pa = a;
  const byte *pb = b;
  u64 diff = 0;
  size_t i;

  for (i = 0; i + 8 <= n; i += 8)
    {
      u64 wa, wb;

      memcpy (&wa, pa + i, 8);
      memcpy (&wb, pb + i, 8);
      diff |= wa ^ wb;
    }
  for (; i < n; i++)
    diff |= pa[i] ^ pb[i];
  /* Fold to 32 bits, then map 0 to 0 and anything else to 1 without a
     branch: (d | -d) has its top bit set exactly when d != 0.  */
  diff |= diff >> 32;
  {
    u32 d = (u32) diff;

    return (int) ((d | (0u - d)) >> 31);
  }
}


/* Logging.  */

void
_gcry_set_log_handler (gcry_handler_log_t f, void *opaque)
{
  log_handler = f;
  log_handler_value = opaque;
}

void
_gcry_set_gettext_handler (const char *(*f)(const char*))
{
  gettext_handler = f;
}

void
_gcry_logv (int level, const char *fmt, va_list ap)
{
  const char *prefix;

  if (log_handler)
    {
      log_handler (log_handler_value, level, fmt, ap);
      return;
    }
  switch (level)
    {
    case GCRY_LOG_CONT:
    case GCRY_LOG_INFO:  prefix = ""; break;
    case GCRY_LOG_WARN:  prefix = "libgcrypt warning: "; break;
    case GCRY_LOG_ERROR: prefix = "libgcrypt error: "; break;
    case GCRY_LOG_FATAL: prefix = "libgcrypt fatal: "; break;
    case GCRY_LOG_BUG:   prefix = "libgcrypt bug: "; break;
    case GCRY_LOG_DEBUG: prefix = "DBG: "; break;
    default:             prefix = "libgcrypt: "; break;
    }
  fputs (prefix, stderr);
  vfprintf (stderr, fmt, ap);
}

void
_gcry_log (int level, const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (level, fmt, ap);
  va_end (ap);
}

void
_gcry_log_info (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (GCRY_LOG_INFO, fmt, ap);
  va_end (ap);
}

void
_gcry_log_error (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (GCRY_LOG_ERROR, fmt, ap);
  va_end (ap);
}

void
_gcry_log_debug (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (GCRY_LOG_DEBUG, fmt, ap);
  va_end (ap);
}

/* Every way the library stops the process ends here: keys in the secure
   pool must not survive into a core dump or the next owner of the
   pages.  (The pool is wiped without its lock, so this is safe even from
   inside the allocator.)  */
static void GCC_ATTR_NORETURN
terminate (void)
{
  _gcry_secmem_term ();
  abort ();
}

void
_gcry_log_bug (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (GCRY_LOG_BUG, fmt, ap);
  va_end (ap);
  terminate ();
}

void
_gcry_log_fatal (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  _gcry_logv (GCRY_LOG_FATAL, fmt, ap);
  va_end (ap);
  terminate ();
}


/* Fatal errors: the application's handler gets the first word; it must
   not return, and if it does we stop the process anyway, since the
   caller cannot continue.  */

void
_gcry_set_fatalerror_handler (gcry_handler_error_t fnc, void *opaque)
{
  fatal_error_handler = fnc;
  fatal_error_handler_value = opaque;
}

void
_gcry_fatal_error (int rc, const char *text)
{
  if (!text)
    text = gpg_strerror (rc);
  if (fatal_error_handler)
    fatal_error_handler (fatal_error_handler_value, rc, text);
  _gcry_log (GCRY_LOG_FATAL, "fatal error in Libgcrypt: %s\n", text);
  terminate ();
}


/* Progress reports (prime generation and the like).  */

void
_gcry_set_progress_handler (gcry_handler_progress_t cb, void *cb_data)
{
  progress_cb = cb;
  progress_cb_data = cb_data;
}

void
_gcry_progress (const char *what, int printchar, int current, int total)
{
  if (progress_cb)
    progress_cb (progress_cb_data, what, printchar, current, total);
}
