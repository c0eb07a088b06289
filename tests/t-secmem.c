/* t-secmem.c - the secure memory pool: sizes, locking, core-dump
 * exclusion, wiping, growth, warnings, misuse detection, threads.
 *
 * Pool state is global and mostly irreversible, so each part runs in a
 * forked child with a fresh library state and reports its check counts
 * through a pipe.  What the pool holds is read through the library's own
 * statistics (GCRYCTL_DUMP_SECMEM_STATS and upstream's extended test
 * dump, private control 62) captured with a log handler; locking and
 * dump exclusion through /proc/self/status and /proc/self/smaps.
 *
 * Wiping is checked without touching freed memory: the allocator is
 * first fit, so freeing a block and allocating the same size again in an
 * otherwise untouched pool returns the same address (checked), whose
 * bytes must then all be zero, old headers of merged blocks included.
 *
 * Locking failures are provoked in a child by setting RLIMIT_MEMLOCK to 0
 * and dropping CAP_IPC_LOCK from the effective set; where that is not
 * possible the part prints SKIP.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include "t-common.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

/* Upstream's private control command for the per-block dump.  */
#define PRIV_CTL_DUMP_SECMEM_STATS 62

static int report_fd = -1;
static char log_text[16384];

static void
log_capture (void *opaque, int level, const char *fmt, va_list ap)
{
  size_t used = strlen (log_text);
  va_list ap2;

  (void) opaque;
  (void) level;
  va_copy (ap2, ap);
  vsnprintf (log_text + used, sizeof log_text - used, fmt, ap);
  if (report_fd >= 0)
    {
      char buf[512];
      int n = vsnprintf (buf, sizeof buf, fmt, ap2);

      if (n > (int) sizeof buf - 1)
        n = sizeof buf - 1;
      if (n > 0 && write (report_fd, buf, n) < 0)
        _exit (3);
    }
  va_end (ap2);
}

/* The log output of one gcry_control call.  */
static const char *
stats (int cmd)
{
  log_text[0] = 0;
  gcry_control (cmd);
  return log_text;
}

static unsigned int
count_of (const char *haystack, const char *needle)
{
  unsigned int n = 0;

  while ((haystack = strstr (haystack, needle)))
    {
      n++;
      haystack++;
    }
  return n;
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

static void
slurp (int fd, char *buf, size_t size)
{
  size_t used = 0;
  ssize_t n;

  while (used + 1 < size && (n = read (fd, buf + used, size - 1 - used)) > 0)
    used += n;
  buf[used] = 0;
}

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
      capture_log (log_capture);
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
      t_passed += counts[0];
      t_failed += counts[1];
    }
}

/* Run FN in a child expected to abort; the log goes to OUTPUT.  */
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
      capture_log (log_capture);
      fn ();
      _exit (0);
    }
  close (fds[1]);
  slurp (fds[0], output, size);
  close (fds[0]);
  waitpid (pid, &status, 0);
  return status;
}


/* Locking helpers.  */

static size_t
page_size (void)
{
  long n = sysconf (_SC_PAGESIZE);
  return n > 0 ? (size_t) n : 4096;
}

static long locked_kib (void);

/* Lock a fresh page: returns -1 if mlock fails, 0 if it claims success
   without locking anything (sanitizers intercept mlock and do nothing),
   1 if the page really was locked.  */
static int
try_mlock (void)
{
  void *p = mmap (NULL, page_size (), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  long before = locked_kib ();
  int result;

  if (p == MAP_FAILED)
    return -1;
  if (mlock (p, page_size ()))
    result = -1;
  else
    result = locked_kib () > before;
  munlock (p, page_size ());
  munmap (p, page_size ());
  return result;
}

/* Whether mlock succeeds here, as the library will see it.  */
static int
can_mlock (void)
{
  return try_mlock () >= 0;
}

/* Whether mlock really locks memory here (VmLck grows).  */
static int
mlock_locks (void)
{
  return try_mlock () > 0;
}

/* Take away the right to lock memory; returns 1 if mlock now fails.  */
static int
forbid_mlock (void)
{
  struct rlimit none = { 0, 0 };
  struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[2];

  setrlimit (RLIMIT_MEMLOCK, &none);
  if (!syscall (SYS_capget, &head, data))
    {
      data[0].effective &= ~(1u << CAP_IPC_LOCK);
      syscall (SYS_capset, &head, data);
    }
  return !can_mlock ();
}

/* VmLck of this process in KiB, or -1.  */
static long
locked_kib (void)
{
  char line[256];
  long kib = -1;
  FILE *fp = fopen ("/proc/self/status", "r");

  if (!fp)
    return -1;
  while (fgets (line, sizeof line, fp))
    if (!strncmp (line, "VmLck:", 6))
      kib = strtol (line + 6, NULL, 10);
  fclose (fp);
  return kib;
}

/* The VmFlags of the mapping holding P, or NULL.  */
static const char *
vmflags_of (const void *p)
{
  static char flags[512];
  char line[512];
  unsigned long start, end, addr = (unsigned long) (uintptr_t) p;
  int in_it = 0;
  FILE *fp = fopen ("/proc/self/smaps", "r");

  if (!fp)
    return NULL;
  while (fgets (line, sizeof line, fp))
    {
      /* Mapping lines start "START-END "; no field line parses so.  */
      if (sscanf (line, "%lx-%lx ", &start, &end) == 2)
        in_it = addr >= start && addr < end;
      else if (in_it && !strncmp (line, "VmFlags:", 8))
        {
          snprintf (flags, sizeof flags, "%s", line + 8);
          fclose (fp);
          return flags;
        }
    }
  fclose (fp);
  return NULL;
}


/* Parts.  */

/* INIT_SECMEM sizes and the statistics format (upstream's texts).  */
static void
part_init_sizes (void)
{
  gcry_error_t err;
  void *p;

  gcry_check_version (NULL);
  err = gcry_control (GCRYCTL_INIT_SECMEM, 1, 0);
  if (can_mlock ())
    t_check (!err, "INIT_SECMEM 1: %s", gcry_strerror (err));
  t_check (strstr (stats (GCRYCTL_DUMP_SECMEM_STATS),
                   "secmem usage: 0/16384 bytes in 0 blocks\n") != NULL,
           "INIT_SECMEM 1 gives the 16 KiB minimum: %s", log_text);
  p = gcry_malloc_secure (50);
  t_check (p != NULL, "gcry_malloc_secure (50)");
  t_check (!strcmp (stats (GCRYCTL_DUMP_SECMEM_STATS),
                    "secmem usage: 64/16384 bytes in 1 blocks\n"),
           "50 bytes count as 64: %s", log_text);
  t_check (!strncmp (stats (PRIV_CTL_DUMP_SECMEM_STATS),
                     "SECMEM: pool 0 used block 0 size 64\n"
                     "SECMEM: pool 0 free block 1 size ", 69),
           "extended dump lists the blocks: %s", log_text);
  log_text[0] = 0;
  err = gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  t_check (strstr (log_text, "Oops, secure memory pool already initialized")
           != NULL, "second INIT_SECMEM is refused with upstream's text");
  t_check (strstr (stats (GCRYCTL_DUMP_SECMEM_STATS), "/16384 bytes")
           != NULL, "the pool kept its size");
  gcry_free (p);
  t_check (strstr (stats (GCRYCTL_DUMP_SECMEM_STATS), " 0/16384 bytes in 0")
           != NULL, "freeing empties the pool: %s", log_text);
}

static void
part_init_large (void)
{
  char want[64];
  size_t pg = page_size ();
  size_t rounded = (40000 + pg - 1) / pg * pg;

  gcry_control (GCRYCTL_INIT_SECMEM, 40000, 0);
  snprintf (want, sizeof want, "secmem usage: 0/%lu bytes in 0 blocks\n",
            (unsigned long) rounded);
  t_check (!strcmp (stats (GCRYCTL_DUMP_SECMEM_STATS), want),
           "INIT_SECMEM 40000 rounds to pages: %s", log_text);
}

/* Without INIT_SECMEM the first secure allocation creates 32 KiB.  */
static void
part_auto_init (void)
{
  void *p;

  t_check (!*stats (GCRYCTL_DUMP_SECMEM_STATS), "no pool before use");
  p = gcry_malloc_secure (10);
  t_check (p && gcry_is_secure (p), "secure allocation without init");
  t_check (!strcmp (stats (GCRYCTL_DUMP_SECMEM_STATS),
                    "secmem usage: 32/32768 bytes in 1 blocks\n"),
           "standard 32 KiB pool created: %s", log_text);
  gcry_free (p);
}

/* The pool is locked and excluded from core dumps.  */
static void
part_locked (void)
{
  long before, after;
  const char *flags;
  gcry_error_t err;
  void *p;

  if (!mlock_locks ())
    {
      t_skip ("mlock does not lock memory here (no privilege, or a "
              "sanitizer build intercepts it); the warning parts check the "
              "unlocked case");
      return;
    }
  before = locked_kib ();
  err = gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  t_check (!err, "INIT_SECMEM with mlock allowed: %s", gcry_strerror (err));
  after = locked_kib ();
  t_check (before >= 0 && after - before >= 64,
           "VmLck grew by the 64 KiB pool (%ld -> %ld kB)", before, after);
  log_text[0] = 0;
  p = gcry_malloc_secure (100);
  t_check (p && !strstr (log_text, "insecure"), "no warning when locked");
  flags = vmflags_of (p);
  t_check (flags && strstr (flags, " lo") && strstr (flags, " dd"),
           "pool mapping is locked (lo) and not dumped (dd): %s",
           flags ? flags : "(mapping not found)");
  gcry_free (p);
}

/* DISABLE_LOCKED_SECMEM: no mlock, no warning, still wiped.  */
static void
part_no_mlock (void)
{
  long before, after;
  gcry_error_t err;
  const char *flags;
  void *p;

  gcry_control (GCRYCTL_DISABLE_LOCKED_SECMEM, 0);
  before = locked_kib ();
  err = gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  t_check (!err, "INIT_SECMEM without mlock returns success");
  after = locked_kib ();
  t_check (before >= 0 && after == before, "VmLck unchanged (%ld -> %ld)",
           before, after);
  log_text[0] = 0;
  p = gcry_malloc_secure (100);
  t_check (p && gcry_is_secure (p) && !strstr (log_text, "insecure"),
           "secure allocation without warning: '%s'", log_text);
  flags = vmflags_of (p);
  t_check (flags && !strstr (flags, " lo") && strstr (flags, " dd"),
           "pool not locked but still not dumped: %s", flags ? flags : "-");
  gcry_free (p);
}

/* When locking fails: GPG_ERR_GENERAL, and the warning at the first
   secure allocation (not at init), once.  */
static void
part_unlockable (void)
{
  gcry_error_t err;
  void *p, *q;

  if (!forbid_mlock ())
    {
      t_skip ("cannot make mlock fail here (a sanitizer build intercepts "
              "it, or CAP_IPC_LOCK cannot be dropped)");
      return;
    }
  log_text[0] = 0;
  err = gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  t_check (gcry_err_code (err) == GPG_ERR_GENERAL
           && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "INIT_SECMEM reports the unlocked pool: %s", gcry_strerror (err));
  t_check (!strstr (log_text, "Warning"), "no warning at init: '%s'",
           log_text);
  p = gcry_malloc_secure (16);
  q = gcry_malloc_secure (16);
  t_check (p && q && gcry_is_secure (p), "allocations still work");
  t_check (count_of (log_text, "Warning: using insecure memory!\n") == 1,
           "warned exactly once: '%s'", log_text);
  t_check (gcry_err_code (gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0))
           == GPG_ERR_GENERAL, "later INIT_SECMEM still reports it");
  gcry_free (p);
  gcry_free (q);
}

static void
part_unlockable_suspended (void)
{
  void *p;

  if (!forbid_mlock ())
    {
      t_skip ("cannot make mlock fail here (a sanitizer build intercepts "
              "it, or CAP_IPC_LOCK cannot be dropped)");
      return;
    }
  gcry_control (GCRYCTL_SUSPEND_SECMEM_WARN);
  log_text[0] = 0;
  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  p = gcry_malloc_secure (16);
  t_check (p && !strstr (log_text, "Warning"),
           "suspended: no warning at allocation: '%s'", log_text);
  gcry_control (GCRYCTL_RESUME_SECMEM_WARN);
  t_check (count_of (log_text, "Warning: using insecure memory!\n") == 1,
           "the warning comes at RESUME: '%s'", log_text);
  gcry_free (gcry_malloc_secure (16));
  t_check (count_of (log_text, "Warning") == 1, "and only once");
  gcry_free (p);
}

static void
part_unlockable_silenced (void)
{
  gcry_error_t err;

  if (!forbid_mlock ())
    {
      t_skip ("cannot make mlock fail here (a sanitizer build intercepts "
              "it, or CAP_IPC_LOCK cannot be dropped)");
      return;
    }
  gcry_control (GCRYCTL_DISABLE_SECMEM_WARN);
  log_text[0] = 0;
  err = gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  gcry_free (gcry_malloc_secure (16));
  gcry_free (gcry_xmalloc_secure (20000));   /* An overflow pool too.  */
  t_check (gcry_err_code (err) == GPG_ERR_GENERAL,
           "rc still says unlocked");
  t_check (!strstr (log_text, "Warning"), "DISABLE_SECMEM_WARN: silent: '%s'",
           log_text);
}

/* Wipe on free, seen through first fit.  */
static void
part_wipe (void)
{
  unsigned char *a, *b, *c, *again;
  size_t i;
  int zero;

  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  a = gcry_malloc_secure (100);
  b = gcry_malloc_secure (200);
  c = gcry_malloc_secure (64);
  if (!t_check (a && b && c, "three secure blocks"))
    return;
  memset (a, 0xa5, 100);
  memset (b, 0x5a, 200);
  memset (c, 0xc3, 64);

  gcry_free (a);
  again = gcry_malloc_secure (100);
  t_check (again == a, "first fit returns the freed block again");
  for (zero = 1, i = 0; again && i < 100; i++)
    zero &= again[i] == 0;
  t_check (zero, "a freed block comes back wiped");

  /* Free two neighbours; one allocation spanning both must see zeros
     also where B's header was.  */
  gcry_free (again);
  gcry_free (b);
  again = gcry_malloc_secure (300);
  t_check (again == a, "merged neighbours are reused from the start");
  for (zero = 1, i = 0; again && i < 300; i++)
    zero &= again[i] == 0;
  t_check (zero, "merged blocks come back wiped, old header included");
  t_check (c[0] == 0xc3 && c[63] == 0xc3, "the live neighbour is intact");
  gcry_free (again);
  gcry_free (c);
  t_check (!strncmp (stats (PRIV_CTL_DUMP_SECMEM_STATS),
                     "SECMEM: pool 0 free block 0 size ", 33)
           && count_of (log_text, "SECMEM:") == 1,
           "everything merged back into one free block: %s", log_text);
}

/* The same merge seen from the other side: freeing the lower block last
   makes it absorb its free upper neighbour.  */
static void
part_wipe_merge_up (void)
{
  unsigned char *a, *b, *c, *again;
  size_t i;
  int zero;

  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  a = gcry_malloc_secure (100);
  b = gcry_malloc_secure (200);
  c = gcry_malloc_secure (64);
  if (!t_check (a && b && c, "three secure blocks"))
    return;
  memset (a, 0xa5, 100);
  memset (b, 0x5a, 200);
  gcry_free (b);
  gcry_free (a);
  again = gcry_malloc_secure (300);
  t_check (again == a, "merged neighbours are reused from the start");
  for (zero = 1, i = 0; again && i < 300; i++)
    zero &= again[i] == 0;
  t_check (zero, "upward merge comes back wiped, old header included");
  gcry_free (again);
  gcry_free (c);
}

static void
part_alignment (void)
{
  void *blocks[64];
  size_t n;
  int ok = 1;

  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  for (n = 0; n < 64; n++)
    {
      blocks[n] = n < 48 ? gcry_malloc_secure (n * 7 + 1)
                         : gcry_xmalloc_secure (n * 50);   /* Overflow.  */
      ok &= blocks[n] && gcry_is_secure (blocks[n])
            && !((uintptr_t) blocks[n] % 32);
    }
  t_check (ok, "every secure block is 32-byte aligned");
  for (n = 0; n < 64; n += 2)
    gcry_free (blocks[n]);
  for (n = 0; n < 64; n += 2)
    {
      blocks[n] = gcry_xmalloc_secure (n + 3);
      ok &= !((uintptr_t) blocks[n] % 32);
    }
  t_check (ok, "also after frees and reuse");
  for (n = 0; n < 64; n++)
    gcry_free (blocks[n]);
}

/* Growth beyond the main pool.  */
static void
part_expand (void)
{
  void *p1, *p2, *x, *big, *huge;
  const char *s;
  int locks = can_mlock ();

  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  p1 = gcry_malloc_secure (16000);
  t_check (p1 != NULL, "16000 bytes fit the 16 KiB pool");
  errno = 0;
  p2 = gcry_malloc_secure (16000);
  t_check (!p2 && errno == ENOMEM,
           "without AUTO_EXPAND a full pool gives NULL, ENOMEM (%d)", errno);
  t_check (count_of (stats (GCRYCTL_DUMP_SECMEM_STATS), "bytes in") == 1,
           "no overflow pool yet");

  log_text[0] = 0;
  x = gcry_xmalloc_secure (1000);
  t_check (x && gcry_is_secure (x), "gcry_xmalloc_secure grows the pool");
  /* Upstream warns about every first overflow pool since it never locks
     them; ours are locked when allowed and then earn no warning.  */
  if (locks)
    t_check (!strstr (log_text, "Warning"), "locked overflow: no warning");
  else
    t_check (strstr (log_text, "Warning: using insecure memory!"),
             "unlocked overflow pool warns");
  s = stats (GCRYCTL_DUMP_SECMEM_STATS);
  t_check (strstr (s, "secmem usage: 16000/16384 bytes in 1 blocks\n")
           && strstr (s, "\n              1024/32768 bytes in 1 blocks\n"),
           "stats show the 32 KiB overflow pool: %s", s);

  gcry_control (GCRYCTL_AUTO_EXPAND_SECMEM, 1);
  p2 = gcry_malloc_secure (40000);
  t_check (p2 && gcry_is_secure (p2), "AUTO_EXPAND: plain malloc grows");
  t_check (strstr (stats (GCRYCTL_DUMP_SECMEM_STATS),
                   "40000/65536 bytes in 1 blocks") != NULL,
           "chunk 1 rounds to upstream's 64 KiB: %s", log_text);
  big = gcry_malloc_secure (200000);
  t_check (big && gcry_is_secure (big),
           "a request larger than the chunk gets its own pool");
  huge = gcry_xmalloc_secure (300000);
  t_check (huge && gcry_is_secure (huge), "so does an xmalloc_secure one");
  memset (big, 1, 200000);
  memset (huge, 2, 300000);

  gcry_free (p1);
  gcry_free (p2);
  gcry_free (x);
  gcry_free (big);
  gcry_free (huge);
  s = stats (GCRYCTL_DUMP_SECMEM_STATS);
  t_check (count_of (s, " 0/") == count_of (s, "bytes in")
           && count_of (s, "bytes in") == 5,
           "five pools, all empty after freeing: %s", s);
}

/* TERM_SECMEM unmaps (and unlocks) everything; later use starts over.  */
static void
part_term (void)
{
  long before, during, after;
  gcry_error_t err;
  void *p;

  before = locked_kib ();
  gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  p = gcry_xmalloc_secure (100000);   /* Plus an overflow pool.  */
  during = locked_kib ();
  err = gcry_control (GCRYCTL_TERM_SECMEM);
  after = locked_kib ();
  t_check (!err, "TERM_SECMEM: %s", gcry_strerror (err));
  if (mlock_locks ())
    t_check (during >= before + 64 && after == before,
             "locked memory released (%ld, %ld, %ld kB)", before, during,
             after);
  t_check (!*stats (GCRYCTL_DUMP_SECMEM_STATS), "no pools after TERM: %s",
           log_text);
  t_check (!gcry_control (GCRYCTL_TERM_SECMEM), "second TERM is harmless");
  (void) p;   /* Its memory is gone with the pool.  */
  p = gcry_malloc_secure (10);
  t_check (p && gcry_is_secure (p)
           && !strcmp (stats (GCRYCTL_DUMP_SECMEM_STATS),
                       "secmem usage: 32/32768 bytes in 1 blocks\n"),
           "a new standard pool after TERM: %s", log_text);
  gcry_free (p);
}

static void
part_other_controls (void)
{
  t_check (!gcry_control (GCRYCTL_USE_SECURE_RNDPOOL), "USE_SECURE_RNDPOOL");
  t_check (!gcry_control (GCRYCTL_DISABLE_PRIV_DROP), "DISABLE_PRIV_DROP");
  log_text[0] = 0;
  t_check (!gcry_control (GCRYCTL_DUMP_MEMORY_STATS) && !*log_text,
           "DUMP_MEMORY_STATS succeeds and prints nothing, as upstream");
  t_check (!gcry_control (GCRYCTL_DUMP_SECMEM_STATS) && !*log_text,
           "DUMP_SECMEM_STATS before any pool prints nothing");
}


/* Misuse: each of these must abort with a bug message.  */
static void
die_double_free (void)
{
  void *p = gcry_malloc_secure (64);
  void *q = gcry_malloc_secure (64);

  gcry_free (p);
  gcry_free (p);
  gcry_free (q);
}

static void
die_inner_pointer (void)
{
  unsigned char *p = gcry_malloc_secure (256);

  gcry_free (p + 32);
}

static void
die_inner_realloc (void)
{
  unsigned char *p = gcry_malloc_secure (256);

  p = gcry_realloc (p + 64, 1000);
  gcry_free (p);
}

static void
die_after_drop_privs (void)
{
  gcry_control (GCRYCTL_DROP_PRIVS);
  gcry_malloc_secure (16);
}

static void
die_after_init_zero (void)
{
  gcry_control (GCRYCTL_INIT_SECMEM, 0, 0);
  gcry_malloc_secure (16);
}

static void
part_misuse (void)
{
  static const struct
  {
    void (*fn) (void);
    const char *what, *text;
  } cases[] = {
    { die_double_free, "double free", "is not a live secure memory block" },
    { die_inner_pointer, "free of an inner pointer",
      "is not a live secure memory block" },
    { die_inner_realloc, "realloc of an inner pointer",
      "is not a live secure memory block" },
    { die_after_drop_privs, "secure allocation after DROP_PRIVS",
      "secure memory is disabled" },
    { die_after_init_zero, "secure allocation after INIT_SECMEM 0",
      "secure memory is disabled" },
  };
  char out[4096];
  size_t i;
  int status;

  for (i = 0; i < DIM (cases); i++)
    {
      status = run_dying (cases[i].fn, out, sizeof out);
      t_check (WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT
               && strstr (out, cases[i].text),
               "%s aborts with '%s'; status 0x%x, log '%s'", cases[i].what,
               cases[i].text, status, out);
    }
}


/* Threads: concurrent allocation, use and free of secure memory.  */
#define N_THREADS 4
#define N_SLOTS 32
#define N_ROUNDS 20000

static int thread_errors[N_THREADS];

static void *
thread_main (void *arg)
{
  int id = (int) (intptr_t) arg;
  unsigned char *slot[N_SLOTS] = { 0 };
  size_t len[N_SLOTS] = { 0 };
  unsigned int rng = 12345u + id * 7919u;
  int round, k;
  size_t i;

  for (round = 0; round < N_ROUNDS; round++)
    {
      rng = rng * 1103515245u + 12345u;
      k = (rng >> 16) % N_SLOTS;
      if (slot[k])
        {
          for (i = 0; i < len[k]; i++)
            if (slot[k][i] != (unsigned char) (id + k + i))
              {
                thread_errors[id]++;
                break;
              }
          gcry_free (slot[k]);
          slot[k] = NULL;
          continue;
        }
      len[k] = 1 + (rng >> 8) % 700;
      slot[k] = (round & 1) ? gcry_malloc_secure (len[k])
                            : gcry_xcalloc_secure (1, len[k]);
      if (!slot[k] || !gcry_is_secure (slot[k]) || (uintptr_t) slot[k] % 32)
        {
          thread_errors[id]++;
          continue;
        }
      for (i = 0; i < len[k]; i++)
        slot[k][i] = (unsigned char) (id + k + i);
    }
  for (k = 0; k < N_SLOTS; k++)
    gcry_free (slot[k]);
  return NULL;
}

static void
part_threads (void)
{
  pthread_t tid[N_THREADS];
  int i, started = 0, errors = 0;
  const char *s;

  gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  gcry_control (GCRYCTL_AUTO_EXPAND_SECMEM, 32768);
  for (i = 0; i < N_THREADS; i++)
    if (!pthread_create (&tid[i], NULL, thread_main, (void *) (intptr_t) i))
      started++;
  t_check (started == N_THREADS, "%d threads started", started);
  for (i = 0; i < started; i++)
    pthread_join (tid[i], NULL);
  for (i = 0; i < N_THREADS; i++)
    errors += thread_errors[i];
  t_check (!errors, "%d corrupted, failed or misaligned blocks", errors);
  s = stats (GCRYCTL_DUMP_SECMEM_STATS);
  t_check (count_of (s, "bytes in 0 blocks") == count_of (s, "bytes in")
           && count_of (s, " 0/") == count_of (s, "bytes in"),
           "all pools empty afterwards: %s", s);
}


int
main (int argc, char **argv)
{
  t_init ("t-secmem", argc, argv);

  run_isolated ("init sizes", part_init_sizes);
  run_isolated ("init large", part_init_large);
  run_isolated ("auto init", part_auto_init);
  run_isolated ("locked", part_locked);
  run_isolated ("no mlock", part_no_mlock);
  run_isolated ("unlockable", part_unlockable);
  run_isolated ("unlockable, suspended", part_unlockable_suspended);
  run_isolated ("unlockable, silenced", part_unlockable_silenced);
  run_isolated ("wipe", part_wipe);
  run_isolated ("wipe, upward merge", part_wipe_merge_up);
  run_isolated ("alignment", part_alignment);
  run_isolated ("expand", part_expand);
  run_isolated ("term", part_term);
  run_isolated ("other controls", part_other_controls);
  run_isolated ("threads", part_threads);
  part_misuse ();

  return t_finish ();
}
