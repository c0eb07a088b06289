/* t-random.c - the random-number API as applications use it.
 *
 *  - Every function at every level (and an unknown level): output of
 *    every length class, written exactly where asked (guard bytes), two
 *    calls never equal, gcry_random_bytes_secure in secure memory.
 *  - Bad input: NULL buffers with and without a length, zero lengths,
 *    gcry_random_bytes (0) and an impossible size (fatal, as upstream,
 *    seen through the fatal-error handler of a child process), the
 *    quality argument of gcry_random_add_bytes.
 *  - The gcry_control commands, observed through GCRYCTL_DUMP_RANDOM_STATS
 *    where their effect is internal: prediction resistance reseeds each
 *    very strong request, quick random stops that, FAST_POLL reseeds,
 *    GCRYCTL_SELFTEST passes, the RNG types behave as upstream's
 *    (priority, what each accepts), DRBG_REINIT, a torn-down secure
 *    pool under the generator state.
 *  - Fork: children (through fork() and through a raw fork system call
 *    that skips the fork handlers) never repeat the parent's or each
 *    other's output.
 *  - Threads drawing concurrently: no crash, no two outputs equal.
 *  - The seed file in a temporary directory: created on update with mode
 *    0600, read by the next process, rewritten on each update; a file of
 *    the wrong length or a directory is never overwritten; nothing is
 *    written before the generator ran.
 *  - Output sanity with bounds far outside chance: 1 MiB without a
 *    repeated 16-byte block, byte counts and bit count near their means.
 *
 * Parts that need a fresh process (RNG type, seed file) run in forked
 * children that report their check counts back through a pipe; the
 * parent uses no random numbers before those run.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "t-common.h"
#include "t-util.h"

#define GUARD 0xd7
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))


/*
 * Helpers: children that report back, captured log output.
 */

/* Run FN in a child process; its check counts are added to ours.  */
static void
in_child (const char *what, void (*fn) (void))
{
  unsigned long counts[2] = { 0, 0 };
  int fds[2], status = 0;
  ssize_t n = -1;
  pid_t pid;

  fflush (NULL);
  if (pipe (fds) || (pid = fork ()) < 0)
    {
      t_check (0, "%s: cannot start a child: %s", what, strerror (errno));
      return;
    }
  if (!pid)
    {
      close (fds[0]);
      t_passed = t_failed = 0;
      fn ();
      counts[0] = t_passed;
      counts[1] = t_failed;
      if (write (fds[1], counts, sizeof counts) != sizeof counts)
        _exit (3);
      _exit (0);
    }
  close (fds[1]);
  while ((n = read (fds[0], counts, sizeof counts)) < 0 && errno == EINTR)
    ;
  close (fds[0]);
  waitpid (pid, &status, 0);
  if (t_check (n == sizeof counts && WIFEXITED (status)
               && !WEXITSTATUS (status), "%s: child finished", what))
    {
      t_passed += counts[0];
      t_failed += counts[1];
    }
}

static void
fatal_handler (void *opaque, int rc, const char *text)
{
  (void) opaque;
  (void) text;
  _exit (rc ? 42 : 43);
}

/* True if FN, run in a child, ends in the fatal-error handler.  */
static int
dies_fatally (void (*fn) (void))
{
  int status = 0;
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    return 0;
  if (!pid)
    {
      /* The library logs the fatal text too; keep stderr quiet.  */
      int devnull = open ("/dev/null", O_WRONLY);

      if (devnull >= 0)
        dup2 (devnull, 2);
      gcry_set_fatalerror_handler (fatal_handler, NULL);
      fn ();
      _exit (0);
    }
  waitpid (pid, &status, 0);
  return WIFEXITED (status) && WEXITSTATUS (status) == 42;
}

static char logbuf[16384];
static size_t loglen;

static void
log_capture (void *opaque, int level, const char *fmt, va_list ap)
{
  int n;

  (void) opaque;
  (void) level;
  n = vsnprintf (logbuf + loglen, sizeof logbuf - loglen, fmt, ap);
  if (n > 0)
    loglen += (size_t) n < sizeof logbuf - loglen
              ? (size_t) n : sizeof logbuf - loglen - 1;
}

/* The log handler is deprecated in favour of gpgrt's logging, but it is
   the documented way to see the library's messages in-process.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void
capture_log (int on)
{
  gcry_set_log_handler (on ? log_capture : NULL, NULL);
}
#pragma GCC diagnostic pop

static void
log_reset (void)
{
  loglen = 0;
  logbuf[0] = 0;
}

/* Dump the statistics and return the number after KEY= on the line that
   starts with "random: " PREFIX, or -1.  */
static long long
stat_value (const char *prefix, const char *key)
{
  char want[64], keyeq[64];
  const char *line, *end, *p;

  log_reset ();
  if (gcry_control (GCRYCTL_DUMP_RANDOM_STATS))
    return -1;
  snprintf (want, sizeof want, "random: %s", prefix);
  snprintf (keyeq, sizeof keyeq, " %s=", key);
  for (line = logbuf; line && *line; line = end ? end + 1 : NULL)
    {
      end = strchr (line, '\n');
      if (strncmp (line, want, strlen (want)))
        continue;
      p = strstr (line, keyeq);
      if (p && (!end || p < end))
        return strtoll (p + strlen (keyeq), NULL, 10);
    }
  return -1;
}

static int
all_zero (const unsigned char *p, size_t n)
{
  while (n--)
    if (*p++)
      return 0;
  return 1;
}


/*
 * Every function, every level.
 */

static const int levels[] = { GCRY_WEAK_RANDOM, GCRY_STRONG_RANDOM,
                              GCRY_VERY_STRONG_RANDOM };
static const char *const level_names[] = { "weak", "strong", "very strong" };

static void
check_levels (void)
{
  static const size_t lens[] = { 1, 7, 16, 17, 33, 1000, 65536, 65537,
                                 200000 };
  size_t li, i;

  for (li = 0; li < DIM (levels); li++)
    for (i = 0; i < DIM (lens); i++)
      {
        size_t len = lens[i];
        unsigned char *a = malloc (len + 64), *b = malloc (len + 64);
        void *p, *q;

        if (!a || !b)
          exit (2);
        memset (a, GUARD, len + 64);
        memset (b, GUARD, len + 64);
        gcry_randomize (a + 32, len, levels[li]);
        gcry_randomize (b + 32, len, levels[li]);
        t_check (t_all_bytes (a, 32, GUARD) && t_all_bytes (a + 32 + len, 32,
                                                             GUARD),
                 "randomize %s %zu: nothing written outside",
                 level_names[li], len);
        /* One byte may repeat by chance (1/256); seven may not.  */
        if (len >= 7)
          t_check (memcmp (a + 32, b + 32, len) && !all_zero (a + 32, len),
                   "randomize %s %zu: two calls differ", level_names[li],
                   len);

        p = gcry_random_bytes (len, levels[li]);
        q = gcry_random_bytes_secure (len, levels[li]);
        t_check (p && q, "random_bytes%s %s %zu: allocated", "[_secure]",
                 level_names[li], len);
        if (p && q)
          {
            t_check (!gcry_is_secure (p) && gcry_is_secure (q),
                     "random_bytes %s %zu: normal, _secure: secure memory",
                     level_names[li], len);
            if (len >= 7)
              t_check (memcmp (p, q, len) && memcmp (p, a + 32, len),
                       "random_bytes %s %zu: fresh output", level_names[li],
                       len);
          }
        gcry_free (p);
        gcry_free (q);

        if (li == 0)
          {
            memset (a, GUARD, len + 64);
            gcry_create_nonce (a + 32, len);
            gcry_create_nonce (b + 32, len);
            t_check (t_all_bytes (a, 32, GUARD)
                     && t_all_bytes (a + 32 + len, 32, GUARD),
                     "nonce %zu: nothing written outside", len);
            if (len >= 7)
              t_check (memcmp (a + 32, b + 32, len), "nonce %zu: differs",
                       len);
          }
        free (a);
        free (b);
      }

  /* Flush against inaccessible pages: a read or write past either end
     of the buffer faults.  */
  {
    static const size_t glens[] = { 1, 15, 16, 17, 4095, 65537 };
    t_guard_t g;

    for (i = 0; i < DIM (glens); i++)
      {
        size_t len = glens[i];

        if (t_guard_map (&g, len))
          {
            t_skip ("guard pages cannot be mapped");
            break;
          }
        gcry_randomize (g.lo, len, GCRY_STRONG_RANDOM);
        gcry_randomize (g.hi, len, GCRY_VERY_STRONG_RANDOM);
        gcry_create_nonce (g.lo, len);
        gcry_create_nonce (g.hi, len);
        /* Reaching here means no fault; the output must be there too.  */
        t_check (len < 15 || (!all_zero (g.lo, len) && !all_zero (g.hi, len)),
                 "guard pages around %zu-byte outputs", len);
        t_guard_unmap (&g);
      }
  }

  /* Levels outside the enum: served (as the strongest), no crash.  */
  {
    unsigned char a[32], b[32];

    gcry_randomize (a, sizeof a, (enum gcry_random_level) 7);
    gcry_randomize (b, sizeof b, (enum gcry_random_level) -1);
    t_check (memcmp (a, b, sizeof a), "unknown levels served");
  }
}


/*
 * Bad input.
 */

static void
randomize_null (void)
{
  gcry_randomize (NULL, 16, GCRY_STRONG_RANDOM);
}

static void
nonce_null (void)
{
  gcry_create_nonce (NULL, 16);
}

static void
random_bytes_zero (void)
{
  gcry_random_bytes (0, GCRY_STRONG_RANDOM);
}

static void
random_bytes_huge (void)
{
  gcry_random_bytes ((size_t) -1 / 2, GCRY_STRONG_RANDOM);
}

static void
check_bad_input (void)
{
  unsigned char buf[16];
  gcry_error_t err;

  memset (buf, GUARD, sizeof buf);
  gcry_randomize (NULL, 0, GCRY_STRONG_RANDOM);
  gcry_randomize (buf, 0, GCRY_STRONG_RANDOM);
  gcry_create_nonce (NULL, 0);
  gcry_create_nonce (buf, 0);
  t_check (t_all_bytes (buf, sizeof buf, GUARD),
           "zero lengths accepted, nothing written");

  t_check (dies_fatally (randomize_null),
           "gcry_randomize (NULL, 16): fatal error, no crash");
  t_check (dies_fatally (nonce_null),
           "gcry_create_nonce (NULL, 16): fatal error, no crash");
  t_check (dies_fatally (random_bytes_zero),
           "gcry_random_bytes (0): fatal error (gcry_xmalloc (0)), as upstream");
#if defined(__SANITIZE_ADDRESS__)
  t_skip ("impossible gcry_random_bytes size: the sanitizer aborts first");
#else
  t_check (dies_fatally (random_bytes_huge),
           "gcry_random_bytes (SIZE_MAX/2): out of core, fatal");
#endif

  err = gcry_random_add_bytes (NULL, 0, -1);
  t_check (gcry_err_code (err) == GPG_ERR_INV_ARG
           && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "add_bytes (NULL, 0): INV_ARG, as upstream");
  err = gcry_random_add_bytes (NULL, 10, -1);
  t_check (gcry_err_code (err) == GPG_ERR_INV_ARG, "add_bytes (NULL, 10)");
  t_check (!gcry_random_add_bytes (buf, 0, 50), "add_bytes of 0 bytes");
  /* Out-of-range qualities are accepted as upstream does: the value is
     never trusted anyway.  */
  t_check (!gcry_random_add_bytes (buf, sizeof buf, -1)
           && !gcry_random_add_bytes (buf, sizeof buf, 0)
           && !gcry_random_add_bytes (buf, sizeof buf, 100)
           && !gcry_random_add_bytes (buf, sizeof buf, -2)
           && !gcry_random_add_bytes (buf, sizeof buf, 101),
           "add_bytes: every quality accepted");
  {
    size_t n = 200000;
    unsigned char *big = calloc (1, n);

    t_check (big && !gcry_random_add_bytes (big, n, 0),
             "add_bytes of %zu bytes", n);
    free (big);
  }
}


/*
 * Controls.
 */

static void
check_controls (void)
{
  unsigned char a[32], b[32];
  long long before, after;
  char *s;
  int type = 0;

  t_check (!gcry_control (GCRYCTL_SELFTEST), "GCRYCTL_SELFTEST passes");
  t_check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
           && type == GCRY_RNG_TYPE_STANDARD, "type STANDARD by default");
  t_check (gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, NULL, NULL, 0,
                                        NULL)) == GPG_ERR_NOT_SUPPORTED,
           "DRBG_REINIT outside the FIPS type: NOT_SUPPORTED, as upstream");
  t_check (gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, NULL, NULL, -1,
                                        NULL)) == GPG_ERR_INV_ARG,
           "DRBG_REINIT with a negative count: INV_ARG");
  t_check (gcry_err_code (gcry_control (GCRYCTL_USE_RANDOM_DAEMON, 1))
           == GPG_ERR_NOT_SUPPORTED
           && gcry_err_code (gcry_control (GCRYCTL_SET_RANDOM_DAEMON_SOCKET,
                                           "/nonexistent"))
           == GPG_ERR_NOT_SUPPORTED, "random daemon: NOT_SUPPORTED");
  t_check (gcry_err_code (gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, NULL))
           == GPG_ERR_INV_ARG
           && gcry_err_code (gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, ""))
           == GPG_ERR_INV_ARG, "seed file name NULL or empty: INV_ARG");

  s = gcry_get_config (0, "rnd-mod");
  t_check (s && !strncmp (s, "rnd-mod:", 8) && strlen (s) > 9,
           "config rnd-mod names a module: %s", s ? s : "(null)");
  gcry_free (s);
  s = gcry_get_config (0, "rng-type");
  t_check (s && !strncmp (s, "rng-type:standard:1:", 20),
           "config rng-type: %s", s ? s : "(null)");
  gcry_free (s);

  /* Statistics go to the log.  */
  capture_log (1);
  log_reset ();
  t_check (!gcry_control (GCRYCTL_DUMP_RANDOM_STATS)
           && strstr (logbuf, "random: ") && strstr (logbuf, "requests="),
           "DUMP_RANDOM_STATS logs the statistics");

  /* Prediction resistance: each very strong request reseeds.  */
  before = stat_value ("very-strong", "reseeds");
  gcry_randomize (a, sizeof a, GCRY_VERY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  after = stat_value ("very-strong", "reseeds");
  t_check (before >= 0 && after == before + 2,
           "very strong: one reseed per request (%lld -> %lld)", before,
           after);

  /* Nonces come from their own generator.  */
  before = stat_value ("strong", "requests");
  after = stat_value ("nonce", "requests");
  gcry_create_nonce (b, sizeof b);
  t_check (stat_value ("strong", "requests") == before
           && stat_value ("nonce", "requests") == after + 1,
           "nonces served by the nonce generator");

  /* Strong requests do not reseed; FAST_POLL does.  */
  before = stat_value ("strong", "reseeds");
  gcry_randomize (a, sizeof a, GCRY_STRONG_RANDOM);
  gcry_create_nonce (b, sizeof b);
  t_check (stat_value ("strong", "reseeds") == before,
           "strong and nonce requests do not reseed");
  t_check (!gcry_control (GCRYCTL_FAST_POLL, NULL), "FAST_POLL");
  gcry_fast_random_poll ();
  t_check (stat_value ("strong", "reseeds") == before + 2,
           "FAST_POLL reseeds the strong generator");

  /* add_bytes reseeds the key generators (not the nonce one).  */
  before = stat_value ("nonce", "reseeds");
  after = stat_value ("very-strong", "reseeds");
  t_check (!gcry_random_add_bytes (a, sizeof a, -1)
           && stat_value ("very-strong", "reseeds") == after + 1
           && stat_value ("nonce", "reseeds") == before,
           "add_bytes mixes into the key generators only");

  /* The device can be closed at any time; later calls still work.  */
  t_check (!gcry_control (GCRYCTL_CLOSE_RANDOM_DEVICE), "CLOSE_RANDOM_DEVICE");
  gcry_randomize (a, sizeof a, GCRY_VERY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a), "random after CLOSE_RANDOM_DEVICE");
  capture_log (0);
}

/* Quick random: very strong requests served by the strong generator.  */
static void
child_quick_random (void)
{
  unsigned char a[32], b[32];
  long long vs, st;

  capture_log (1);
  t_check (!gcry_control (GCRYCTL_FAKED_RANDOM_P), "not faked at first");
  t_check (!gcry_control (GCRYCTL_ENABLE_QUICK_RANDOM, 0),
           "ENABLE_QUICK_RANDOM");
  t_check (gcry_control (GCRYCTL_FAKED_RANDOM_P) != 0,
           "FAKED_RANDOM_P true after it");
  vs = stat_value ("very-strong", "requests");
  st = stat_value ("strong", "requests");
  gcry_randomize (a, sizeof a, GCRY_VERY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a)
           && stat_value ("very-strong", "requests") == vs
           && stat_value ("strong", "requests") == st + 2,
           "quick random: very strong served by the strong generator");
}

/* GCRYCTL_TERM_SECMEM under a generator state kept in secure memory.  */
static void
child_secure_pool (void)
{
  unsigned char a[32], b[32];
  void *p;

  capture_log (1);
  t_check (!gcry_control (GCRYCTL_USE_SECURE_RNDPOOL), "USE_SECURE_RNDPOOL");
  gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  gcry_randomize (a, sizeof a, GCRY_STRONG_RANDOM);
  gcry_control (GCRYCTL_TERM_SECMEM);
  gcry_randomize (b, sizeof b, GCRY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a), "random after TERM_SECMEM");
  t_check (stat_value ("instantiations", "state-losses") == 1,
           "lost state noticed and set up afresh");
  p = gcry_random_bytes_secure (64, GCRY_VERY_STRONG_RANDOM);
  t_check (p && gcry_is_secure (p), "secure random bytes after it");
  gcry_free (p);
}


/*
 * RNG types (children started before the parent initialises the
 * library).
 */

static int
current_type (void)
{
  int type = 0;

  if (gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type))
    return -1;
  return type;
}

static char tmpdir[256];

static void
child_type_system (void)
{
  unsigned char a[32], b[32];
  char path[300];

  gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_SYSTEM);
  gcry_check_version (NULL);
  capture_log (1);
  t_check (current_type () == GCRY_RNG_TYPE_SYSTEM, "SYSTEM taken");
  gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_FIPS);
  t_check (current_type () == GCRY_RNG_TYPE_SYSTEM,
           "FIPS after initialisation ignored");

  snprintf (path, sizeof path, "%s/system-seed", tmpdir);
  gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, path);
  gcry_randomize (a, sizeof a, GCRY_VERY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a), "SYSTEM: random differs");
  gcry_create_nonce (a, sizeof a);
  t_check (memcmp (a, b, sizeof a), "SYSTEM: nonce");
  t_check (!gcry_random_add_bytes (NULL, 10, -1),
           "SYSTEM: add_bytes accepted and ignored, as upstream");
  log_reset ();
  gcry_control (GCRYCTL_DUMP_RANDOM_STATS);
  t_check (strstr (logbuf, "type=system") && strstr (logbuf, "seeded=no"),
           "SYSTEM: no DRBG set up");
  gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE);
  t_check (access (path, F_OK) && errno == ENOENT,
           "SYSTEM: no seed file written");

  /* STANDARD wins whenever it is asked for, as upstream.  */
  gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_STANDARD);
  t_check (current_type () == GCRY_RNG_TYPE_STANDARD,
           "STANDARD asked for later wins");
  gcry_randomize (b, sizeof b, GCRY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a), "STANDARD after SYSTEM works");
}

static void
child_type_fips (void)
{
  unsigned char a[32], b[32];
  gcry_buffer_t pers[2];
  char *s;

  gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_FIPS);
  gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_SYSTEM);
  t_check (current_type () == GCRY_RNG_TYPE_FIPS, "FIPS over SYSTEM");
  gcry_check_version (NULL);
  s = gcry_get_config (0, "rng-type");
  t_check (s && !strncmp (s, "rng-type:fips:2:", 16), "config: %s",
           s ? s : "(null)");
  gcry_free (s);

  gcry_randomize (a, sizeof a, GCRY_STRONG_RANDOM);
  t_check (!gcry_random_add_bytes (NULL, 10, -1),
           "FIPS: add_bytes accepted and ignored, as upstream");

  memset (pers, 0, sizeof pers);
  pers[0].data = (void *) "personalisation";
  pers[0].len = 15;
  pers[1].data = (void *) "..second";
  pers[1].off = 2;
  pers[1].len = 6;
  t_check (!gcry_control (GCRYCTL_DRBG_REINIT, NULL, pers, 2, NULL),
           "FIPS: DRBG_REINIT with personalisation");
  t_check (!gcry_control (GCRYCTL_DRBG_REINIT, "", NULL, 0, NULL),
           "FIPS: DRBG_REINIT without");
  t_check (gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, "sha256 hmac",
                                        NULL, 0, NULL))
           == GPG_ERR_NOT_SUPPORTED, "FIPS: other DRBG flavours refused");
  t_check (gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, NULL, NULL, 0,
                                        (void *) pers)) == GPG_ERR_INV_ARG,
           "FIPS: DRBG_REINIT without the closing NULL refused");
  gcry_randomize (b, sizeof b, GCRY_STRONG_RANDOM);
  t_check (memcmp (a, b, sizeof a), "FIPS: random after reinit");
  gcry_create_nonce (b, sizeof b);
  t_check (memcmp (a, b, sizeof a), "FIPS: nonce");
}


/*
 * Seed file (children started before the parent uses random numbers).
 */

static char seed_path[300];

static int
read_file (const char *path, unsigned char *buf, size_t size, mode_t *mode)
{
  struct stat st;
  int fd = open (path, O_RDONLY);
  ssize_t n;

  if (fd < 0)
    return -1;
  if (fstat (fd, &st))
    st.st_mode = 0;
  *mode = st.st_mode & 07777;
  n = read (fd, buf, size);
  close (fd);
  return (int) n;
}

static void
write_file (const char *path, const void *buf, size_t len, mode_t mode)
{
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, mode);

  if (fd < 0 || write (fd, buf, len) != (ssize_t) len)
    exit (2);
  fchmod (fd, mode);
  close (fd);
}

static unsigned char seed_a[700], seed_b[700];

/* First process: no file yet.  */
static void
child_seed_create (void)
{
  unsigned char buf[16];
  mode_t mode = 0;

  capture_log (1);
  t_check (!gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, seed_path),
           "SET_RANDOM_SEED_FILE");
  t_check (!gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE)
           && access (seed_path, F_OK) && errno == ENOENT,
           "nothing written before the generator ran");
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  t_check (stat_value ("seed-file", "reads") == 0
           && strstr (logbuf, "seed-file=absent"), "missing file: no error");
  t_check (!gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE),
           "UPDATE_RANDOM_SEED_FILE");
  t_check (read_file (seed_path, seed_a, sizeof seed_a, &mode) == 600,
           "seed file created with 600 bytes");
  t_check (mode == 0600, "seed file mode 0600 (got %o)", (unsigned) mode);
  gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE);
  t_check (read_file (seed_path, seed_b, sizeof seed_b, &mode) == 600
           && memcmp (seed_a, seed_b, 600), "each update writes anew");
}

/* Next process: the file is read and rewritten; a loose mode is
   tightened.  */
static void
child_seed_reuse (void)
{
  unsigned char buf[16], now[700];
  mode_t mode = 0;

  chmod (seed_path, 0644);
  capture_log (1);
  gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, seed_path);
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  t_check (stat_value ("seed-file", "reads") == 1
           && strstr (logbuf, "seed-file=read"), "seed file read at first use");
  gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE);
  t_check (read_file (seed_path, now, sizeof now, &mode) == 600
           && memcmp (now, seed_b, 600), "seed file rewritten");
  t_check (mode == 0600, "group/other permissions taken away (got %o)",
           (unsigned) mode);
  t_check (stat_value ("seed-file", "writes") == 1, "one write counted");
}

/* A file registered after the generator runs is read then.  */
static void
child_seed_late (void)
{
  unsigned char buf[16];

  capture_log (1);
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, seed_path);
  t_check (stat_value ("seed-file", "reads") == 1,
           "seed file registered late is read at once");
}

/* A file that is not a seed file is never overwritten.  */
static void
child_seed_invalid (void)
{
  static const char text[] = "not a seed file\n";
  unsigned char buf[64];
  char path[300], dirpath[300];
  mode_t mode = 0;

  snprintf (path, sizeof path, "%s/other-file", tmpdir);
  snprintf (dirpath, sizeof dirpath, "%s/a-directory", tmpdir);
  write_file (path, text, sizeof text - 1, 0644);
  mkdir (dirpath, 0700);

  capture_log (1);
  log_reset ();
  gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, path);
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  t_check (strstr (logbuf, "invalid size"), "wrong length logged");
  log_reset ();
  gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE);
  t_check (strstr (logbuf, "not updated"), "update refused, logged");
  t_check (read_file (path, buf, sizeof buf, &mode) == sizeof text - 1
           && !memcmp (buf, text, sizeof text - 1) && mode == 0644,
           "the other file is untouched");

  log_reset ();
  gcry_control (GCRYCTL_SET_RANDOM_SEED_FILE, dirpath);
  gcry_control (GCRYCTL_UPDATE_RANDOM_SEED_FILE);
  t_check (strstr (logbuf, "not a regular file"), "directory refused");
}

static int
make_tmpdir (void)
{
  const char *base = getenv ("TMPDIR");

  snprintf (tmpdir, sizeof tmpdir, "%s/t-random.XXXXXX",
            base && *base ? base : "/tmp");
  if (!mkdtemp (tmpdir))
    {
      fprintf (stderr, "t-random: mkdtemp: %s\n", strerror (errno));
      return -1;
    }
  snprintf (seed_path, sizeof seed_path, "%s/random_seed", tmpdir);
  return 0;
}

static void
check_seed_file (void)
{
  in_child ("seed file: create", child_seed_create);
  in_child ("seed file: reuse", child_seed_reuse);
  in_child ("seed file: late", child_seed_late);
  in_child ("seed file: invalid", child_seed_invalid);
}

static void
remove_tmpdir (void)
{
  static const char *const names[] = { "random_seed", "other-file",
                                       "system-seed" };
  char path[300];
  size_t i;

  for (i = 0; i < DIM (names); i++)
    {
      snprintf (path, sizeof path, "%s/%s", tmpdir, names[i]);
      unlink (path);
    }
  snprintf (path, sizeof path, "%s/a-directory", tmpdir);
  rmdir (path);
  rmdir (tmpdir);
}


/*
 * Fork.
 */

#define FORK_OUT 96             /* strong, very strong, nonce: 32 each.  */

static void
draw_three (unsigned char *out)
{
  gcry_randomize (out, 32, GCRY_STRONG_RANDOM);
  gcry_randomize (out + 32, 32, GCRY_VERY_STRONG_RANDOM);
  gcry_create_nonce (out + 64, 32);
}

/* Start a child (through fork(), or the raw system call if RAW) that
   draws three outputs and sends them; 0 on success.  */
static int
forked_draw (int raw, unsigned char *out)
{
  int fds[2], status = 0;
  ssize_t n = 0, r;
  pid_t pid;

  fflush (NULL);
  if (pipe (fds))
    return -1;
#ifdef SYS_fork
  pid = raw ? (pid_t) syscall (SYS_fork) : fork ();
#else
  if (raw)
    return 1;
  pid = fork ();
#endif
  if (pid < 0)
    return -1;
  if (!pid)
    {
      unsigned char buf[FORK_OUT];

      draw_three (buf);
      _exit (write (fds[1], buf, sizeof buf) == sizeof buf ? 0 : 3);
    }
  close (fds[1]);
  while (n < FORK_OUT)
    {
      r = read (fds[0], out + n, FORK_OUT - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      n += r;
    }
  close (fds[0]);
  waitpid (pid, &status, 0);
  return n == FORK_OUT && WIFEXITED (status) && !WEXITSTATUS (status)
         ? 0 : -1;
}

static void
check_fork (void)
{
  unsigned char out[4][FORK_OUT];
  int i, j, k, rc, raw_ok = 1;

  /* The parent's generators are seeded before the children start.  */
  draw_three (out[0]);
  t_check (!forked_draw (0, out[1]) && !forked_draw (0, out[2]),
           "fork: children report");
  rc = forked_draw (1, out[3]);
  if (rc > 0)
    {
      t_skip ("no raw fork system call here");
      raw_ok = 0;
    }
  else
    t_check (!rc, "raw fork (no fork handlers): child reports");
  /* The parent's next output, after the children.  */
  draw_three (out[0]);

  for (i = 0; i < 3 + raw_ok; i++)
    for (j = i + 1; j < 3 + raw_ok; j++)
      for (k = 0; k < 3; k++)
        t_check (memcmp (out[i] + 32 * k, out[j] + 32 * k, 32),
                 "fork: %s of process %d and %d differ",
                 k == 0 ? "strong" : k == 1 ? "very strong" : "nonce", i, j);
}


/*
 * Threads.
 */

#define N_THREADS 4
#define N_DRAWS 1500

static unsigned char thread_out[N_THREADS][N_DRAWS][16];

static void *
thread_main (void *arg)
{
  int t = (int) (intptr_t) arg, i;

  for (i = 0; i < N_DRAWS; i++)
    switch ((i + t) % 4)
      {
      case 0: gcry_randomize (thread_out[t][i], 16, GCRY_STRONG_RANDOM); break;
      case 1: gcry_create_nonce (thread_out[t][i], 16); break;
      case 2:
        gcry_randomize (thread_out[t][i], 16, GCRY_VERY_STRONG_RANDOM);
        break;
      default:
        {
          void *p = gcry_random_bytes (16, GCRY_WEAK_RANDOM);

          memcpy (thread_out[t][i], p, 16);
          gcry_free (p);
          if (i % 64 == 3)
            {
              gcry_fast_random_poll ();
              gcry_random_add_bytes (&i, sizeof i, -1);
            }
        }
      }
  return NULL;
}

static int
cmp16 (const void *a, const void *b)
{
  return memcmp (a, b, 16);
}

static void
check_threads (void)
{
  unsigned char *flat = &thread_out[0][0][0];
  pthread_t th[N_THREADS];
  int t, started = 0, dups = 0;
  size_t i, n = (size_t) N_THREADS * N_DRAWS;

  memset (thread_out, 0, sizeof thread_out);
  for (t = 0; t < N_THREADS; t++)
    if (!pthread_create (&th[t], NULL, thread_main, (void *) (intptr_t) t))
      started++;
  for (t = 0; t < started; t++)
    pthread_join (th[t], NULL);
  t_check (started == N_THREADS, "%d threads started", started);

  qsort (flat, n, 16, cmp16);
  for (i = 1; i < n; i++)
    if (!memcmp (flat + 16 * (i - 1), flat + 16 * i, 16))
      dups++;
  t_check (!dups, "threads: %zu outputs, %d repeated", n, dups);
}


/*
 * Output sanity.  The bounds are many standard deviations wide: a
 * working generator never fails them, a broken one (stuck, repeating,
 * biased) does.
 */

/* Square root rounded up (no libm needed).  */
static double
root (double x)
{
  double r = 1;

  while (r * r < x)
    r += 1;
  return r;
}

static void
check_sanity_of (const char *what, size_t len, int nonce,
                 enum gcry_random_level level)
{
  unsigned char *buf = malloc (len);
  unsigned long count[256], ones = 0;
  double expect = len / 256.0, slack;
  size_t i, repeats = 0, bad = 0;
  int b;

  if (!buf)
    exit (2);
  if (nonce)
    gcry_create_nonce (buf, len);
  else
    gcry_randomize (buf, len, level);

  memset (count, 0, sizeof count);
  for (i = 0; i < len; i++)
    count[buf[i]]++;
  /* Each count: binomial, sd about sqrt (len/256); allow ~10 sd.  */
  slack = 10 * root (expect) + 8;
  for (b = 0; b < 256; b++)
    {
      if (count[b] < expect - slack || count[b] > expect + slack)
        bad++;
      ones += count[b] * (unsigned long) __builtin_popcount (b);
    }
  t_check (!bad, "%s: byte counts within %.0f +- %.0f", what, expect, slack);
  t_check (ones > len * 4 - 20 * root (len * 2.0)
           && ones < len * 4 + 20 * root (len * 2.0),
           "%s: %lu one bits of %zu", what, ones, len * 8);

  qsort (buf, len / 16, 16, cmp16);
  for (i = 16; i + 16 <= len; i += 16)
    if (!memcmp (buf + i - 16, buf + i, 16))
      repeats++;
  t_check (!repeats, "%s: no repeated 16-byte block", what);
  free (buf);
}

static void
check_sanity (void)
{
  check_sanity_of ("strong, 1 MiB", 1 << 20, 0, GCRY_STRONG_RANDOM);
  check_sanity_of ("very strong, 256 KiB", 1 << 18, 0,
                   GCRY_VERY_STRONG_RANDOM);
  check_sanity_of ("nonce, 256 KiB", 1 << 18, 1, GCRY_STRONG_RANDOM);
}


int
main (int argc, char **argv)
{
  t_init ("t-random", argc, argv);
  if (make_tmpdir ())
    return 2;

  /* Before the library is initialised: the RNG type children.  */
  in_child ("type SYSTEM", child_type_system);
  in_child ("type FIPS", child_type_fips);

  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "t-random: version mismatch\n");
      return 2;
    }
  check_seed_file ();
  in_child ("quick random", child_quick_random);
  in_child ("secure pool torn down", child_secure_pool);

  check_levels ();
  check_bad_input ();
  check_controls ();
  check_fork ();
  check_threads ();
  check_sanity ();

  remove_tmpdir ();
  return t_finish ();
}
