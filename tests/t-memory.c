/* t-memory.c - the allocation API: gcry_malloc and friends, the custom
 * allocation handlers, the out-of-core handler and the fatal path.
 *
 * Most of this is global, irreversible state (handlers, DISABLE_SECMEM),
 * so every part runs in a forked child that reports its check counts to
 * the parent through a pipe; the parts that end in a fatal error check
 * how the child died and what it reported before dying.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "t-common.h"

/* The huge-allocation checks expect NULL, which AddressSanitizer turns
   into an abort unless told otherwise.  */
#ifdef __SANITIZE_ADDRESS__
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "allocator_may_return_null=1";
}
#endif

/* Exit status of a child whose fatal-error handler ran.  */
#define FATAL_EXIT 42

/* Where a child's log and fatal-error handlers report (a pipe to the
   parent), and what a child collects from the log handler in-process.  */
static int report_fd = -1;
static char log_text[8192];

static void
report (const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  if (n > (int) sizeof buf - 1)
    n = sizeof buf - 1;
  if (report_fd >= 0 && n > 0 && write (report_fd, buf, n) < 0)
    _exit (3);
}

static void
log_to_buffer (void *opaque, int level, const char *fmt, va_list ap)
{
  size_t used = strlen (log_text);

  (void) opaque;
  (void) level;
  vsnprintf (log_text + used, sizeof log_text - used, fmt, ap);
}

static void
fatal_to_parent (void *opaque, int rc, const char *text)
{
  (void) opaque;
  report ("FATAL rc=%d text=%s\n", rc, text ? text : "(null)");
  _exit (FATAL_EXIT);
}

/* The log handler is deprecated in favour of gpgrt's logging, but it is
   the one documented way to see the library's messages in-process.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void
capture_log (gcry_handler_log_t fn)
{
  gcry_set_log_handler (fn, NULL);
}
#pragma GCC diagnostic pop

/* Read everything from FD into BUF (NUL-terminated).  */
static void
slurp (int fd, char *buf, size_t size)
{
  size_t used = 0;
  ssize_t n;

  while (used + 1 < size && (n = read (fd, buf + used, size - 1 - used)) > 0)
    used += n;
  buf[used] = 0;
}

/* Run FN in a child and add its check counts to ours.  */
static void
run_isolated (const char *what, void (*fn) (void))
{
  unsigned long counts[2];
  int fds[2], status;
  ssize_t n;
  pid_t pid;

  fflush (stdout);
  fflush (stderr);
  if (pipe (fds) || (pid = fork ()) < 0)
    {
      t_check (0, "%s: cannot fork", what);
      return;
    }
  if (!pid)
    {
      close (fds[0]);
      t_passed = t_failed = 0;
      fn ();
      counts[0] = t_passed;
      counts[1] = t_failed;
      n = write (fds[1], counts, sizeof counts);
      fflush (stdout);
      fflush (stderr);
      _exit (n == sizeof counts ? 0 : 3);
    }
  close (fds[1]);
  n = read (fds[0], counts, sizeof counts);
  close (fds[0]);
  waitpid (pid, &status, 0);
  if (t_check (n == sizeof counts && WIFEXITED (status)
               && !WEXITSTATUS (status),
               "%s: child ran to completion (status 0x%x)", what, status))
    {
      /* The check above counted itself; add the child's.  */
      t_passed += counts[0];
      t_failed += counts[1];
    }
}

/* Run FN in a child expected not to return; its handlers write to a
   pipe collected into OUTPUT.  Returns the wait status.  */
static int
run_dying (void (*fn) (void), char *output, size_t size)
{
  struct rlimit no_core = { 0, 0 };
  int fds[2], status;
  pid_t pid;

  fflush (stdout);
  fflush (stderr);
  output[0] = 0;
  if (pipe (fds) || (pid = fork ()) < 0)
    return -1;
  if (!pid)
    {
      close (fds[0]);
      report_fd = fds[1];
      setrlimit (RLIMIT_CORE, &no_core);
      gcry_set_fatalerror_handler (fatal_to_parent, NULL);
      fn ();
      report ("RETURNED\n");
      _exit (0);
    }
  close (fds[1]);
  slurp (fds[0], output, size);
  close (fds[0]);
  waitpid (pid, &status, 0);
  return status;
}


/* Round trips through the standard heap.  */
static void
part_round_trips (void)
{
  unsigned char *p, *q;
  char *s;
  size_t i;
  int ok;

  p = gcry_malloc (100);
  t_check (p != NULL, "gcry_malloc (100)");
  if (!p)
    return;
  for (i = 0; i < 100; i++)
    p[i] = (unsigned char) i;
  q = gcry_realloc (p, 100000);
  t_check (q != NULL, "gcry_realloc grows a block");
  if (!q)
    return;
  for (ok = 1, i = 0; i < 100; i++)
    ok &= q[i] == (unsigned char) i;
  t_check (ok, "gcry_realloc keeps the contents");
  q = gcry_realloc (q, 10);
  t_check (q && q[9] == 9, "gcry_realloc shrinks and keeps the head");
  gcry_free (q);

  p = gcry_calloc (333, 3);
  t_check (p != NULL, "gcry_calloc (333, 3)");
  for (ok = !!p, i = 0; p && i < 999; i++)
    ok &= !p[i];
  t_check (ok, "gcry_calloc returns zeroed memory");
  gcry_free (p);

  s = gcry_strdup ("secret? no, a plain string");
  t_check (s && !strcmp (s, "secret? no, a plain string"), "gcry_strdup");
  gcry_free (s);
  s = gcry_xstrdup ("");
  t_check (s && !*s, "gcry_xstrdup of the empty string");
  gcry_free (s);

  p = gcry_xmalloc (17);
  t_check (p != NULL, "gcry_xmalloc");
  gcry_free (p);
  p = gcry_xcalloc (4, 5);
  t_check (p && !p[0] && !p[19], "gcry_xcalloc zeroed");
  p = gcry_xrealloc (p, 4000);
  t_check (p && !p[19], "gcry_xrealloc keeps contents");
  gcry_free (p);

  p = gcry_realloc (NULL, 64);
  t_check (p != NULL && !gcry_is_secure (p),
           "gcry_realloc (NULL, n) allocates normal memory");
  errno = 0;
  q = gcry_realloc (p, 0);
  t_check (q == NULL, "gcry_realloc (p, 0) frees and returns NULL");

  gcry_free (NULL);
  t_check (1, "gcry_free (NULL) is harmless");
}

/* Upstream's error conventions: size 0 is EINVAL, overflow ENOMEM.  */
static void
part_errors (void)
{
  void *p;
  size_t big = (size_t) 1 << (sizeof (size_t) * 4);

  errno = 0;
  p = gcry_malloc (0);
  t_check (!p && errno == EINVAL, "gcry_malloc (0): NULL, EINVAL (%d)",
           errno);
  errno = 0;
  p = gcry_malloc_secure (0);
  t_check (!p && errno == EINVAL, "gcry_malloc_secure (0): NULL, EINVAL");

  errno = 0;
  p = gcry_calloc (big, big);
  t_check (!p && errno == ENOMEM, "gcry_calloc overflow: NULL, ENOMEM (%d)",
           errno);
  errno = 0;
  p = gcry_calloc (SIZE_MAX, 2);
  t_check (!p && errno == ENOMEM, "gcry_calloc (SIZE_MAX, 2): ENOMEM");
  errno = 0;
  p = gcry_calloc_secure (big, big);
  t_check (!p && errno == ENOMEM, "gcry_calloc_secure overflow: ENOMEM");

  errno = 0;
  p = gcry_malloc (SIZE_MAX - 4096);
  t_check (!p && errno == ENOMEM, "huge gcry_malloc: NULL, ENOMEM (%d)",
           errno);
  errno = 0;
  p = gcry_malloc_secure (SIZE_MAX / 2);
  t_check (!p && errno == ENOMEM, "huge gcry_malloc_secure: ENOMEM (%d)",
           errno);
}

/* gcry_free must leave errno alone, for secure and normal blocks.  */
static void
part_free_keeps_errno (void)
{
  void *p = gcry_malloc (10), *s = gcry_malloc_secure (10);

  t_check (p && s, "allocations for the errno check");
  errno = EILSEQ;
  gcry_free (p);
  t_check (errno == EILSEQ, "gcry_free keeps errno (normal), got %d", errno);
  errno = ERANGE;
  gcry_free (s);
  t_check (errno == ERANGE, "gcry_free keeps errno (secure), got %d", errno);
  errno = 0;
  gcry_free (gcry_malloc (10));
  t_check (errno == 0, "gcry_free keeps a zero errno");
}

/* gcry_is_secure: true exactly for blocks of the secure pool.  */
static void
part_is_secure (void)
{
  char stack_buf[16] = "on the stack";
  unsigned char *n = gcry_malloc (64), *c = gcry_calloc (8, 8);
  unsigned char *s = gcry_malloc_secure (64), *cs = gcry_calloc_secure (8, 8);
  unsigned char *xs = gcry_xmalloc_secure (64), *xcs = gcry_xcalloc_secure (2, 2);
  char *str_n, *str_s;
  int i, ok;

  t_check (!gcry_is_secure (n) && !gcry_is_secure (c),
           "normal blocks are not secure");
  t_check (!gcry_is_secure (stack_buf) && !gcry_is_secure (NULL)
           && !gcry_is_secure ("literal"),
           "stack, NULL and literals are not secure");
  t_check (s && gcry_is_secure (s) && gcry_is_secure (s + 63),
           "gcry_malloc_secure is secure (first and last byte)");
  t_check (cs && gcry_is_secure (cs), "gcry_calloc_secure is secure");
  t_check (xs && gcry_is_secure (xs), "gcry_xmalloc_secure is secure");
  t_check (xcs && gcry_is_secure (xcs), "gcry_xcalloc_secure is secure");
  for (ok = !!cs, i = 0; cs && i < 64; i++)
    ok &= !cs[i];
  t_check (ok, "gcry_calloc_secure is zeroed");

  memcpy (s, "top secret", 11);
  str_s = gcry_strdup ((char *) s);
  t_check (str_s && gcry_is_secure (str_s) && !strcmp (str_s, "top secret"),
           "gcry_strdup of a secure string is secure");
  str_n = gcry_strdup ("public");
  t_check (str_n && !gcry_is_secure (str_n),
           "gcry_strdup of a normal string is not secure");
  gcry_free (str_n);
  gcry_free (str_s);
  str_s = gcry_xstrdup ((char *) s);
  t_check (str_s && gcry_is_secure (str_s), "gcry_xstrdup keeps secure");
  gcry_free (str_s);

  for (i = 0; i < 64; i++)
    s[i] = (unsigned char) (i * 7);
  s = gcry_realloc (s, 5000);
  for (ok = !!s, i = 0; s && i < 64; i++)
    ok &= s[i] == (unsigned char) (i * 7);
  t_check (s && gcry_is_secure (s) && ok,
           "gcry_realloc of a secure block stays secure, keeps contents");
  s = gcry_xrealloc (s, 9000);
  t_check (s && gcry_is_secure (s) && s[5] == 35,
           "gcry_xrealloc of a secure block stays secure");
  n = gcry_realloc (n, 5000);
  t_check (n && !gcry_is_secure (n), "a normal block stays normal");

  gcry_free (n);
  gcry_free (c);
  gcry_free (s);
  gcry_free (cs);
  gcry_free (xs);
  gcry_free (xcs);
}

/* DISABLE_SECMEM: secure requests get normal memory; no pool appears.  */
static void
part_disable_secmem (void)
{
  void *before, *after;
  gcry_error_t err;

  before = gcry_malloc_secure (32);
  t_check (before && gcry_is_secure (before), "secure before DISABLE");
  err = gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  t_check (!err, "GCRYCTL_DISABLE_SECMEM: %s", gcry_strerror (err));
  after = gcry_malloc_secure (32);
  t_check (after && !gcry_is_secure (after),
           "gcry_malloc_secure after DISABLE_SECMEM is not secure");
  t_check (!gcry_is_secure (before),
           "gcry_is_secure answers 0 for every block after DISABLE");
  gcry_free (after);
  gcry_free (before);

  /* The heap block must not have been counted in the pool: the pool
     holds nothing once BEFORE is gone.  */
  capture_log (log_to_buffer);
  log_text[0] = 0;
  gcry_control (GCRYCTL_DUMP_SECMEM_STATS);
  t_check (strstr (log_text, "secmem usage: 0/32768 bytes in 0 blocks")
           != NULL, "pool empty after DISABLE_SECMEM; log: %s", log_text);
}

/* Same, when DISABLE_SECMEM comes first: no pool is ever created.  */
static void
part_disable_secmem_early (void)
{
  void *p;

  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_check_version (NULL);
  p = gcry_xmalloc_secure (100);
  t_check (p && !gcry_is_secure (p), "xmalloc_secure gives normal memory");
  gcry_free (p);
  capture_log (log_to_buffer);
  log_text[0] = 0;
  gcry_control (GCRYCTL_DUMP_SECMEM_STATS);
  t_check (!strstr (log_text, "secmem usage"),
           "no pool exists after early DISABLE_SECMEM; log: %s", log_text);
}


/* Custom allocation handlers: the library must call them, not its own. */
static unsigned int calls_alloc, calls_alloc_secure;
static unsigned int calls_realloc, calls_free;
/* gcry_is_secure is declared pure, so the compiler may assume it leaves
   this counter alone and cache it across calls: volatile forbids that. */
static volatile unsigned int calls_check;
static unsigned char *last_secure_block;

/* Every block carries a 16-byte prefix marking its kind, so the check
   and free handlers see what they were given.  */
static void *
app_alloc_kind (size_t n, int secure)
{
  unsigned char *p = malloc (n + 16);

  if (!p)
    return NULL;
  memset (p, secure ? 'S' : 'N', 16);
  return p + 16;
}

static void *
app_alloc (size_t n)
{
  calls_alloc++;
  return app_alloc_kind (n, 0);
}

static void *
app_alloc_secure (size_t n)
{
  calls_alloc_secure++;
  last_secure_block = app_alloc_kind (n, 1);
  return last_secure_block;
}

static int
app_is_secure (const void *p)
{
  calls_check++;
  return p && ((const unsigned char *) p)[-1] == 'S';
}

static void *
app_realloc (void *p, size_t n)
{
  unsigned char *q;

  calls_realloc++;
  q = realloc ((unsigned char *) p - 16, n + 16);
  return q ? q + 16 : NULL;
}

static void
app_free (void *p)
{
  calls_free++;
  free ((unsigned char *) p - 16);
}

static void
part_custom_handlers (void)
{
  unsigned char *p, *s;

  gcry_set_allocation_handler (app_alloc, app_alloc_secure, app_is_secure,
                               app_realloc, app_free);
  p = gcry_malloc (10);
  t_check (p && calls_alloc == 1 && p[-1] == 'N',
           "gcry_malloc used the application's allocator");
  s = gcry_malloc_secure (10);
  t_check (s && calls_alloc_secure == 1 && s == last_secure_block,
           "gcry_malloc_secure used the application's secure allocator");
  t_check (gcry_is_secure (s) && !gcry_is_secure (p) && calls_check == 2,
           "gcry_is_secure asked the application");
  p = gcry_realloc (p, 1000);
  t_check (p && calls_realloc == 1, "gcry_realloc used the application's");
  gcry_free (p);
  gcry_free (s);
  t_check (calls_free == 2, "gcry_free used the application's (%u)",
           calls_free);
  p = gcry_calloc (3, 3);
  t_check (p && calls_alloc == 2 && !p[8], "gcry_calloc zeroes via it");
  gcry_free (p);
}


/* Out-of-core handler: allocators that fail a set number of times.  */
static int fail_budget;
static unsigned int ooc_calls;
static size_t ooc_last_size;
static unsigned int ooc_last_flags;
static void *ooc_last_opaque;
static int ooc_answer = 1;       /* What the handler returns.  */
static int ooc_max_calls = 1000; /* After that many calls it gives up.  */

static void *
failing_alloc (size_t n)
{
  if (fail_budget > 0)
    {
      fail_budget--;
      errno = ENOMEM;
      return NULL;
    }
  return app_alloc (n);
}

static void *
failing_alloc_secure (size_t n)
{
  if (fail_budget > 0)
    {
      fail_budget--;
      return NULL;   /* Forgets errno: the library must supply one.  */
    }
  return app_alloc_secure (n);
}

static void *
failing_realloc (void *p, size_t n)
{
  if (fail_budget > 0)
    {
      fail_budget--;
      errno = ENOMEM;
      return NULL;
    }
  return app_realloc (p, n);
}

static int
ooc_handler (void *opaque, size_t n, unsigned int flags)
{
  ooc_calls++;
  ooc_last_opaque = opaque;
  ooc_last_size = n;
  ooc_last_flags = flags;
  report ("OOC n=%lu flags=%u\n", (unsigned long) n, flags);
  return ooc_calls < (unsigned int) ooc_max_calls ? ooc_answer : 0;
}

static int ooc_cookie;

static void
install_failing_handlers (void)
{
  gcry_set_allocation_handler (failing_alloc, failing_alloc_secure,
                               app_is_secure, failing_realloc, app_free);
  gcry_set_outofcore_handler (ooc_handler, &ooc_cookie);
}

static void
part_outofcore_retry (void)
{
  static const char plain_string[] = "Nabc";
  unsigned char *p, *s;
  char *str;

  install_failing_handlers ();

  fail_budget = 3;
  p = gcry_xmalloc (77);
  t_check (p && ooc_calls == 3, "xmalloc retried 3 times (%u)", ooc_calls);
  t_check (ooc_last_size == 77 && ooc_last_flags == 0
           && ooc_last_opaque == &ooc_cookie,
           "handler got (opaque, 77, 0): %lu, %u",
           (unsigned long) ooc_last_size, ooc_last_flags);

  ooc_calls = 0;
  fail_budget = 2;
  s = gcry_xmalloc_secure (55);
  t_check (s && ooc_calls == 2 && ooc_last_size == 55
           && ooc_last_flags == 1,
           "xmalloc_secure: 2 retries with flag 1 (%u, %u)", ooc_calls,
           ooc_last_flags);

  ooc_calls = 0;
  fail_budget = 1;
  p = gcry_xrealloc (p, 500);
  t_check (p && ooc_calls == 1 && ooc_last_size == 500
           && ooc_last_flags == 2, "xrealloc (normal): flag 2 (%u)",
           ooc_last_flags);
  ooc_calls = 0;
  fail_budget = 1;
  s = gcry_xrealloc (s, 600);
  t_check (s && ooc_calls == 1 && ooc_last_flags == 3,
           "xrealloc (secure): flag 3 (%u)", ooc_last_flags);

  ooc_calls = 0;
  fail_budget = 2;
  /* app_is_secure reads the byte before its argument: give it one.  */
  str = gcry_xstrdup (plain_string + 1);
  t_check (str && !strcmp (str, "abc") && ooc_calls == 2
           && ooc_last_size == 3 && ooc_last_flags == 0,
           "xstrdup: retries with the string length (%lu)",
           (unsigned long) ooc_last_size);
  gcry_free (str);

  ooc_calls = 0;
  fail_budget = 1;
  errno = 0;
  t_check (!gcry_malloc_secure (8) && errno == ENOMEM && ooc_calls == 0,
           "plain malloc_secure fails without the handler, errno ENOMEM "
           "supplied (%d)", errno);
  gcry_free (p);
  gcry_free (s);
}


/* Fatal paths; each runs in a dying child.  */
static void
die_xmalloc_no_handler (void)
{
  gcry_set_allocation_handler (failing_alloc, failing_alloc_secure,
                               app_is_secure, failing_realloc, app_free);
  fail_budget = 1000;
  gcry_xmalloc (10);
}

static void
die_xmalloc_handler_gives_up (void)
{
  install_failing_handlers ();
  ooc_max_calls = 2;
  fail_budget = 1000;
  gcry_xmalloc (11);
}

static void
die_xmalloc_secure_real (void)
{
  /* No custom allocator: a request no pool can hold.  */
  gcry_set_outofcore_handler (ooc_handler, NULL);
  ooc_answer = 0;
  gcry_xmalloc_secure (SIZE_MAX / 2);
}

static void
die_xcalloc_overflow (void)
{
  gcry_set_outofcore_handler (ooc_handler, NULL);
  gcry_xcalloc (SIZE_MAX / 2, 3);
}

static void
die_xmalloc_zero (void)
{
  gcry_xmalloc (0);
}

static void
part_fatal_paths (void)
{
  char out[4096], want[256];
  int status;

  status = run_dying (die_xmalloc_no_handler, out, sizeof out);
  snprintf (want, sizeof want, "FATAL rc=%d text=%s\n",
            (int) gpg_err_code_from_errno (ENOMEM),
            gpg_strerror (gpg_err_code_from_errno (ENOMEM)));
  t_check (WIFEXITED (status) && WEXITSTATUS (status) == FATAL_EXIT
           && !strcmp (out, want),
           "xmalloc without handler is fatal with ENOMEM text; got "
           "status 0x%x, output '%s'", status, out);

  status = run_dying (die_xmalloc_handler_gives_up, out, sizeof out);
  t_check (WIFEXITED (status) && WEXITSTATUS (status) == FATAL_EXIT
           && !strncmp (out, "OOC n=11 flags=0\nOOC n=11 flags=0\nFATAL ",
                        40),
           "handler asked twice, then fatal; got '%s'", out);

  status = run_dying (die_xmalloc_secure_real, out, sizeof out);
  t_check (WIFEXITED (status) && WEXITSTATUS (status) == FATAL_EXIT
           && strstr (out, "OOC n=")
           && strstr (out, " flags=1\n")
           && strstr (out, "text=out of core in secure memory\n"),
           "xmalloc_secure failure: handler with flag 1, then the secure "
           "text; got '%s'", out);

  status = run_dying (die_xcalloc_overflow, out, sizeof out);
  t_check (WIFEXITED (status) && WEXITSTATUS (status) == FATAL_EXIT
           && !strstr (out, "OOC") && strstr (out, "FATAL rc="),
           "xcalloc overflow is fatal without asking the handler; got '%s'",
           out);

  status = run_dying (die_xmalloc_zero, out, sizeof out);
  snprintf (want, sizeof want, "FATAL rc=%d ",
            (int) gpg_err_code_from_errno (EINVAL));
  t_check (WIFEXITED (status) && WEXITSTATUS (status) == FATAL_EXIT
           && !strncmp (out, want, strlen (want)),
           "xmalloc (0) is fatal with EINVAL, as upstream; got '%s'", out);
}


int
main (int argc, char **argv)
{
  t_init ("t-memory", argc, argv);

  run_isolated ("round trips", part_round_trips);
  run_isolated ("errors", part_errors);
  run_isolated ("errno", part_free_keeps_errno);
  run_isolated ("is_secure", part_is_secure);
  run_isolated ("disable secmem", part_disable_secmem);
  run_isolated ("disable secmem early", part_disable_secmem_early);
  run_isolated ("custom handlers", part_custom_handlers);
  run_isolated ("out-of-core retry", part_outofcore_retry);
  part_fatal_paths ();

  return t_finish ();
}
