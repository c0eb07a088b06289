/* random.c - the random-number subsystem: gcry_randomize,
 * gcry_random_bytes[_secure], gcry_create_nonce, gcry_random_add_bytes
 * and the random commands of gcry_control.
 *
 * Design
 * ------
 * Entropy.  The kernel's generator is the only entropy source:
 * getrandom(2), falling back to /dev/urandom where the system call is
 * missing (src/random-entropy.c).  Nothing a caller hands in is ever
 * counted as entropy.
 *
 * Generators.  Every output byte comes from a CTR_DRBG of NIST SP
 * 800-90A (AES-256 with the derivation function, security strength 256
 * bits; src/random-drbg.c) running on the library's own AES.  There are
 * three independent instances, each instantiated from its own 32 bytes
 * of entropy and 16-byte nonce from the kernel, with a personalisation
 * string naming the instance (plus process id and clocks):
 *   - "very strong" (GCRY_VERY_STRONG_RANDOM, long-term keys): prediction
 *     resistance, i.e. a reseed with fresh kernel entropy at the start
 *     of every request;
 *   - "strong" (GCRY_STRONG_RANDOM; GCRY_WEAK_RANDOM maps here, as
 *     upstream documents): reseeded after RESEED_INTERVAL requests and
 *     on GCRYCTL_FAST_POLL;
 *   - "nonce" (gcry_create_nonce): seeded separately from the kernel, so
 *     public nonces and IVs are outputs of a generator that never
 *     produces key material; reseeded like "strong".
 * Requests longer than SP 800-90A's 64 KiB per generate call are served
 * as several generate calls; a prediction-resistant request reseeds once,
 * before its first.  GCRYCTL_ENABLE_QUICK_RANDOM makes very strong
 * requests use the strong instance (no reseed per request).
 *
 * Extra input.  gcry_random_add_bytes and the seed file only ever enter
 * as additional input/personalisation, which cannot lower the DRBG's
 * strength: add_bytes reseeds the strong and very strong instances with
 * fresh kernel entropy and the caller's bytes as additional input; the
 * seed file's 600 bytes join their personalisation strings.  The nonce
 * instance takes neither.
 *
 * RNG types (GCRYCTL_SET_PREFERRED_RNG_TYPE).  The priority is
 * upstream's, as observed: a request for STANDARD always wins; FIPS or
 * SYSTEM are taken only before the library is initialised, FIPS over
 * SYSTEM.  What answers each:
 *   - STANDARD (the default): the DRBG design above, with the seed file
 *     and gcry_random_add_bytes.  (Upstream's STANDARD is its
 *     SHA-1 pool "CSPRNG"; the API contract is the same.)
 *   - FIPS: the same SP 800-90A DRBGs, which is what upstream serves for
 *     this type, with upstream's FIPS-type restrictions: no seed file,
 *     gcry_random_add_bytes accepted and ignored, and the state always
 *     in secure memory.
 *   - SYSTEM: every byte (nonces too) read straight from the kernel; no
 *     DRBG, no seed file, add_bytes ignored.
 *
 * Fork safety.  A child process must never repeat its parent's output.
 * Every request first asks whether this is still the process that
 * seeded the generators; if not, every instance is reseeded with fresh
 * kernel entropy before any output.  The question is answered by a
 * marker in a page the kernel zeroes in any child (MADV_WIPEONFORK,
 * Linux 4.14: free to read, and it sees raw clone() children too), else
 * by comparing process ids (a system call per request); and by a fork
 * generation that a pthread_atfork child handler bumps.  The
 * prepare/parent/child handlers also hold the lock across fork(), so a
 * child never inherits a state that another thread was half-way through
 * updating.
 *
 * Threads.  One mutex guards all of it.  Callbacks that may run under it
 * (the allocation, out-of-core and log handlers) must not fork or call
 * back into the random functions.
 *
 * Memory.  The three states (V and the AES key schedules) live in secure
 * memory when upstream keeps its generator state there: after
 * GCRYCTL_USE_SECURE_RNDPOOL, and always for the FIPS type.  If the
 * secure pool is torn down under them (GCRYCTL_TERM_SECMEM), a check
 * word (random, kept both inside and outside the state) tells, and the
 * generators are set up afresh from the kernel instead of reading freed
 * memory.  Entropy, seed and output buffers are wiped after use.
 *
 * GCRYCTL_DRBG_REINIT (FIPS type only, as upstream) instantiates every
 * instance afresh with the caller's buffers as personalisation; flags
 * asking for another DRBG flavour are not supported (there is one).
 *
 * Self-test.  The DRBG's known-answer test (NIST CAVP vector and a
 * reseed/prediction-resistance sequence) runs before the first
 * instantiation, on the AES kernel in use; a failure is fatal.
 * GCRYCTL_SELFTEST runs it again, plus a check of the kernel source.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "random.h"
#include "random-int.h"
#include "random-drbg.h"
#include "secmem.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define KEYLEN            32          /* AES-256.  */
#define ENTROPY_LEN       32          /* Security strength, 256 bits.  */
#define NONCE_LEN         16          /* Half of it (SP 800-90A 8.6.7).  */
#define RESEED_INTERVAL   (1u << 14)  /* Generate calls between reseeds.  */
#define MAX_REINIT_PERS   4           /* Buffers GCRYCTL_DRBG_REINIT takes.  */

enum { INST_VERY_STRONG, INST_STRONG, INST_NONCE, N_INST };

static const char *const instance_label[N_INST] = {
  "very-strong", "strong", "nonce"
};

/* The generators.  One allocation, in secure memory when wanted.  */
typedef struct rng_state
{
  u64 check;                    /* Equals state_check while ours.  */
  drbg_ctx_t drbg[N_INST];
} rng_state_t;

/* Not secret: what a personalisation string or additional input adds
   besides entropy, so that no two seedings see the same input even if
   the kernel were to repeat itself.  */
typedef struct rng_context
{
  char label[16];
  u64 pid;
  u64 event;
  struct timespec realtime, monotonic;
} rng_context_t;

static pthread_mutex_t rng_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

/* All below is guarded by RNG_LOCK.  */
static rng_state_t *state;      /* NULL until first needed.  */
static u64 state_check;
static int state_in_pool;       /* STATE lies in our secure pools.  */
static pid_t seeded_pid;
static unsigned int seeded_fork_gen;
static int selftest_passed;
static u64 event_counter;

static int want_standard, want_fips, want_system;
static int quick_random;

static char *seed_file_name;
static int seed_file_may_update;
static const char *seed_file_state = "none";

/* Bumped in the child after fork; read under the lock.  */
static unsigned int fork_generation;

/* A page that reads as zeros in any child process (MADV_WIPEONFORK);
   its first byte is set once the generators are seeded in this process.
   NULL where the kernel cannot do that: process ids are compared
   instead.  */
static volatile byte *fork_marker;

static struct
{
  u64 requests[N_INST], bytes[N_INST], reseeds[N_INST];
  u64 instantiations, kernel_bytes, added_bytes, forks, state_losses;
  u64 seed_reads, seed_writes;
} stats;


static void
lock (void)
{
  if (pthread_mutex_lock (&rng_lock))
    _gcry_log_fatal ("random: failed to acquire the lock\n");
}

static void
unlock (void)
{
  pthread_mutex_unlock (&rng_lock);
}

static void
atfork_prepare (void)
{
  pthread_mutex_lock (&rng_lock);
}

static void
atfork_parent (void)
{
  pthread_mutex_unlock (&rng_lock);
}

static void
atfork_child (void)
{
  fork_generation++;
  pthread_mutex_unlock (&rng_lock);
}

/* Once, before the first seeding: the fork handlers and the marker.  */
static void
setup_fork_detection (void)
{
  if (pthread_atfork (atfork_prepare, atfork_parent, atfork_child))
    _gcry_log_fatal ("random: can't register the fork handlers\n");
#ifdef MADV_WIPEONFORK
  {
    long page = sysconf (_SC_PAGESIZE);
    void *p;

    if (page <= 0)
      return;
    p = mmap (NULL, (size_t) page, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return;
    if (madvise (p, (size_t) page, MADV_WIPEONFORK))
      munmap (p, (size_t) page);  /* Kernel before 4.14: use the pid.  */
    else
      fork_marker = p;
  }
#endif
}

/* Record that the generators were seeded by this process.  */
static void
mark_seeded (void)
{
  seeded_pid = getpid ();
  seeded_fork_gen = fork_generation;
  if (fork_marker)
    fork_marker[0] = 1;
}

/* True if this process is not the one that seeded the generators.  */
static int
in_new_process (void)
{
  if (fork_generation != seeded_fork_gen)
    return 1;
  if (fork_marker)
    return !fork_marker[0];
  return getpid () != seeded_pid;
}

static int
current_type (void)
{
  if (want_standard)
    return GCRY_RNG_TYPE_STANDARD;
  if (want_fips)
    return GCRY_RNG_TYPE_FIPS;
  if (want_system)
    return GCRY_RNG_TYPE_SYSTEM;
  return GCRY_RNG_TYPE_STANDARD;
}

static void
kernel_read (void *buf, size_t len)
{
  _gcry_rndsys_read (buf, len);
  stats.kernel_bytes += len;
}

static void
fill_context (rng_context_t *c, const char *label)
{
  memset (c, 0, sizeof *c);
  strncpy (c->label, label, sizeof c->label - 1);
  c->pid = (u64) getpid ();
  c->event = ++event_counter;
  clock_gettime (CLOCK_REALTIME, &c->realtime);
  clock_gettime (CLOCK_MONOTONIC, &c->monotonic);
}

static void GCC_ATTR_NORETURN
drbg_failed (gcry_err_code_t rc)
{
  _gcry_fatal_error (rc, "random number generator failed");
}

/* Instantiate instance WHICH from fresh kernel entropy and a nonce; EXTRA
   (the seed file) joins the personalisation string.  */
static void
instantiate (int which, const byte *extra, size_t extralen)
{
  byte entropy[ENTROPY_LEN + NONCE_LEN];
  rng_context_t ctx;
  drbg_segment_t seg[4];
  gcry_err_code_t rc;

  kernel_read (entropy, sizeof entropy);
  fill_context (&ctx, instance_label[which]);
  seg[0].data = entropy;              seg[0].len = ENTROPY_LEN;
  seg[1].data = entropy + ENTROPY_LEN; seg[1].len = NONCE_LEN;
  seg[2].data = &ctx;                 seg[2].len = sizeof ctx;
  seg[3].data = extra;                seg[3].len = extra ? extralen : 0;
  rc = _gcry_drbg_instantiate (&state->drbg[which], seg, 4);
  wipememory (entropy, sizeof entropy);
  if (rc)
    drbg_failed (rc);
  stats.instantiations++;
}

/* Reseed instance WHICH with fresh kernel entropy and, as additional
   input, a context block named WHY plus ADIN.  */
static void
reseed (int which, const char *why, const void *adin, size_t adinlen)
{
  byte entropy[ENTROPY_LEN];
  rng_context_t ctx;
  drbg_segment_t seg[3];
  gcry_err_code_t rc;

  kernel_read (entropy, sizeof entropy);
  fill_context (&ctx, why);
  seg[0].data = entropy; seg[0].len = sizeof entropy;
  seg[1].data = &ctx;    seg[1].len = sizeof ctx;
  seg[2].data = adin;    seg[2].len = adin ? adinlen : 0;
  rc = _gcry_drbg_reseed (&state->drbg[which], seg, 3);
  wipememory (entropy, sizeof entropy);
  if (rc)
    drbg_failed (rc);
  stats.reseeds[which]++;
}

/* Forget STATE if the secure pool it lived in was torn down.  Its memory
   is not ours any more: it is neither freed nor written.  */
static void
check_state_lost (void)
{
  if (!state || !state_in_pool)
    return;
  if (_gcry_secmem_contains (state) && state->check == state_check)
    return;
  state = NULL;
  stats.state_losses++;
}

/* In a new process: reseed every instance before any output.  */
static void
check_fork (void)
{
  int i;

  if (!in_new_process ())
    return;
  for (i = 0; i < N_INST; i++)
    reseed (i, "fork", NULL, 0);
  mark_seeded ();
  stats.forks++;
}

/* Read the seed file (STANDARD type only) into BUF; returns the bytes
   to mix in (0 or RNDFILE_LEN) and records whether it may be written.  */
static size_t
read_seed_file (byte *buf)
{
  if (!seed_file_name || current_type () != GCRY_RNG_TYPE_STANDARD)
    return 0;
  switch (_gcry_rndfile_read (seed_file_name, buf))
    {
    case RNDFILE_READ:
      seed_file_may_update = 1;
      seed_file_state = "read";
      stats.seed_reads++;
      return RNDFILE_LEN;
    case RNDFILE_ABSENT:
      seed_file_may_update = 1;
      seed_file_state = "absent";
      return 0;
    case RNDFILE_EMPTY:
      seed_file_may_update = 1;
      seed_file_state = "empty";
      return 0;
    case RNDFILE_INVALID:
      seed_file_state = "invalid";
      break;
    case RNDFILE_UNREADABLE:
      seed_file_state = "unreadable";
      break;
    }
  /* Not ours to overwrite: it may be a file the name was given for by
     mistake.  */
  seed_file_may_update = 0;
  return 0;
}

/* Make sure the generators exist and belong to this process.  */
static void
ensure_state (void)
{
  byte seed[RNDFILE_LEN];
  size_t seedlen;
  rng_state_t *st;
  int i, secure;
  gcry_err_code_t rc;

  check_state_lost ();
  if (state)
    {
      check_fork ();
      return;
    }

  pthread_once (&atfork_once, setup_fork_detection);
  if (!selftest_passed)
    {
      rc = _gcry_drbg_selftest ();
      if (rc)
        _gcry_fatal_error (rc, "random number generator self-test failed");
      selftest_passed = 1;
    }

  secure = (_gcry_secmem_rndpool_secure ()
            || current_type () == GCRY_RNG_TYPE_FIPS);
  st = secure ? _gcry_xcalloc_secure (1, sizeof *st)
              : _gcry_xcalloc (1, sizeof *st);
  for (i = 0; i < N_INST; i++)
    {
      rc = _gcry_drbg_init (&st->drbg[i], KEYLEN, secure);
      if (rc)
        _gcry_fatal_error (rc, secure ? "out of core in secure memory"
                                      : NULL);
    }
  kernel_read (&state_check, sizeof state_check);
  st->check = state_check;
  state_in_pool = secure && _gcry_secmem_contains (st);
  state = st;

  seedlen = read_seed_file (seed);
  for (i = 0; i < N_INST; i++)
    instantiate (i, i == INST_NONCE ? NULL : seed, seedlen);
  wipememory (seed, sizeof seed);
  mark_seeded ();
}

/* LEN bytes of instance WHICH into BUF.  */
static void
drbg_output (int which, byte *buf, size_t len)
{
  drbg_ctx_t *d = &state->drbg[which];
  int prediction_resistance = (which == INST_VERY_STRONG);
  gcry_err_code_t rc;

  stats.requests[which]++;
  stats.bytes[which] += len;
  while (len)
    {
      size_t chunk = len > DRBG_MAX_REQUEST ? DRBG_MAX_REQUEST : len;

      if (prediction_resistance || d->reseed_counter > RESEED_INTERVAL)
        {
          reseed (which, prediction_resistance ? "predict" : "interval",
                  NULL, 0);
          prediction_resistance = 0;
        }
      rc = _gcry_drbg_generate (d, buf, chunk, NULL, 0);
      if (rc)
        drbg_failed (rc);
      buf += chunk;
      len -= chunk;
    }
}

/* Fill BUF: from the kernel for the SYSTEM type, else from instance
   WHICH.  Lock held.  */
static void
produce (int which, void *buf, size_t len)
{
  if (current_type () == GCRY_RNG_TYPE_SYSTEM)
    {
      stats.requests[which]++;
      stats.bytes[which] += len;
      kernel_read (buf, len);
      return;
    }
  ensure_state ();
  drbg_output (which, buf, len);
}


/*
 * The public functions.
 */

void
_gcry_randomize (void *buffer, size_t length, enum gcry_random_level level)
{
  int which;

  if (!length)
    return;
  if (!buffer)
    _gcry_fatal_error (GPG_ERR_INV_ARG, "gcry_randomize: buffer is NULL");
  _gcry_global_init ();

  /* WEAK is STRONG (upstream's documented mapping); anything that is not
     WEAK or STRONG gets the strongest level.  */
  if (level == GCRY_WEAK_RANDOM || level == GCRY_STRONG_RANDOM)
    which = INST_STRONG;
  else
    which = INST_VERY_STRONG;

  lock ();
  if (which == INST_VERY_STRONG && quick_random)
    which = INST_STRONG;
  produce (which, buffer, length);
  unlock ();
}

void *
_gcry_random_bytes (size_t nbytes, enum gcry_random_level level)
{
  /* A size of 0 is a fatal error in gcry_xmalloc, as upstream.  */
  void *p = _gcry_xmalloc (nbytes);

  _gcry_randomize (p, nbytes, level);
  return p;
}

void *
_gcry_random_bytes_secure (size_t nbytes, enum gcry_random_level level)
{
  void *p = _gcry_xmalloc_secure (nbytes);

  _gcry_randomize (p, nbytes, level);
  return p;
}

void
_gcry_create_nonce (void *buffer, size_t length)
{
  if (!length)
    return;
  if (!buffer)
    _gcry_fatal_error (GPG_ERR_INV_ARG, "gcry_create_nonce: buffer is NULL");
  _gcry_global_init ();
  lock ();
  produce (INST_NONCE, buffer, length);
  unlock ();
}

gcry_err_code_t
_gcry_random_add_bytes (const void *buffer, size_t length, int quality)
{
  const byte *p = buffer;

  /* QUALITY (-1, or 0..100) is an estimate of the caller's entropy.  It
     is never credited: the bytes only ever enter as additional input,
     which cannot weaken the generator whatever they are.  */
  (void) quality;
  _gcry_global_init ();

  lock ();
  /* The FIPS and SYSTEM types take no outside input, as upstream: the
     call succeeds and changes nothing, whatever the arguments.  */
  if (current_type () != GCRY_RNG_TYPE_STANDARD)
    {
      unlock ();
      return 0;
    }
  if (!buffer)
    {
      unlock ();
      return GPG_ERR_INV_ARG;
    }
  if (length)
    ensure_state ();
  stats.added_bytes += length;
  while (length)
    {
      size_t chunk = length > DRBG_MAX_REQUEST ? DRBG_MAX_REQUEST : length;

      reseed (INST_VERY_STRONG, "added", p, chunk);
      reseed (INST_STRONG, "added", p, chunk);
      p += chunk;
      length -= chunk;
    }
  unlock ();
  return 0;
}


/*
 * gcry_control commands.
 */

gcry_err_code_t
_gcry_random_set_seed_file (const char *name)
{
  byte seed[RNDFILE_LEN];
  size_t seedlen;
  char *copy;

  if (!name || !*name)
    return GPG_ERR_INV_ARG;
  copy = _gcry_strdup (name);
  if (!copy)
    return gpg_err_code_from_syserror ();

  lock ();
  _gcry_free (seed_file_name);
  seed_file_name = copy;
  seed_file_may_update = 0;
  seed_file_state = "not read";
  /* Normally the file is read when the generators are set up.  If they
     run already, mix it in now, so that it may be updated later.  */
  check_state_lost ();
  if (state)
    {
      check_fork ();
      seedlen = read_seed_file (seed);
      if (seedlen)
        {
          reseed (INST_VERY_STRONG, "seedfile", seed, seedlen);
          reseed (INST_STRONG, "seedfile", seed, seedlen);
        }
      wipememory (seed, sizeof seed);
    }
  unlock ();
  return 0;
}

void
_gcry_random_update_seed_file (void)
{
  byte seed[RNDFILE_LEN];
  int note = 0;

  lock ();
  check_state_lost ();
  /* Nothing to save before the generators ran, as upstream.  */
  if (seed_file_name && state && current_type () == GCRY_RNG_TYPE_STANDARD)
    {
      if (!seed_file_may_update)
        note = 1;
      else
        {
          check_fork ();
          drbg_output (INST_STRONG, seed, sizeof seed);
          if (!_gcry_rndfile_write (seed_file_name, seed))
            stats.seed_writes++;
          wipememory (seed, sizeof seed);
        }
    }
  unlock ();
  if (note)
    _gcry_log_info ("note: random_seed file not updated\n");
}

void
_gcry_random_fast_poll (void)
{
  _gcry_global_init ();
  lock ();
  if (current_type () != GCRY_RNG_TYPE_SYSTEM)
    {
      ensure_state ();
      reseed (INST_STRONG, "fastpoll", NULL, 0);
    }
  unlock ();
}

void
_gcry_random_close_fds (void)
{
  lock ();
  _gcry_rndsys_close ();
  unlock ();
}

void
_gcry_random_enable_quick (void)
{
  lock ();
  quick_random = 1;
  unlock ();
}

int
_gcry_random_is_faked (void)
{
  int faked;

  lock ();
  faked = quick_random;
  unlock ();
  return faked;
}

void
_gcry_random_set_preferred_type (int type)
{
  lock ();
  if (type == GCRY_RNG_TYPE_STANDARD)
    want_standard = 1;
  else if (_gcry_global_is_initialized ())
    ;                           /* Too late for the others, as upstream.  */
  else if (type == GCRY_RNG_TYPE_FIPS)
    want_fips = 1;
  else if (type == GCRY_RNG_TYPE_SYSTEM)
    want_system = 1;
  unlock ();
}

int
_gcry_random_get_type (void)
{
  int type;

  lock ();
  type = current_type ();
  unlock ();
  return type;
}

gcry_err_code_t
_gcry_random_drbg_reinit (const char *flags, const gcry_buffer_t *pers,
                          int npers)
{
  drbg_segment_t seg[3 + MAX_REINIT_PERS];
  byte entropy[ENTROPY_LEN + NONCE_LEN];
  rng_context_t ctx;
  gcry_err_code_t rc = 0;
  int i, j;

  _gcry_global_init ();
  lock ();
  if (current_type () != GCRY_RNG_TYPE_FIPS)
    rc = GPG_ERR_NOT_SUPPORTED;
  else if (flags && *flags)
    rc = GPG_ERR_NOT_SUPPORTED;   /* One DRBG flavour: nothing to pick.  */
  else if (npers < 0 || npers > MAX_REINIT_PERS || (npers && !pers))
    rc = GPG_ERR_INV_ARG;
  for (j = 0; !rc && j < npers; j++)
    if (pers[j].len && !pers[j].data)
      rc = GPG_ERR_INV_ARG;
  if (!rc)
    {
      /* Every instance afresh: new entropy and nonce, the caller's
         buffers as personalisation string.  */
      ensure_state ();
      for (i = 0; i < N_INST; i++)
        {
          kernel_read (entropy, sizeof entropy);
          fill_context (&ctx, instance_label[i]);
          seg[0].data = entropy;               seg[0].len = ENTROPY_LEN;
          seg[1].data = entropy + ENTROPY_LEN; seg[1].len = NONCE_LEN;
          seg[2].data = &ctx;                  seg[2].len = sizeof ctx;
          for (j = 0; j < npers; j++)
            {
              seg[3 + j].data = pers[j].len ? (const byte *) pers[j].data
                                              + pers[j].off : NULL;
              seg[3 + j].len = pers[j].len;
            }
          rc = _gcry_drbg_instantiate (&state->drbg[i], seg, 3 + npers);
          wipememory (entropy, sizeof entropy);
          if (rc)
            drbg_failed (rc);
          stats.instantiations++;
        }
    }
  unlock ();
  return rc;
}

void
_gcry_random_dump_stats (void)
{
  u64 requests[N_INST], bytes[N_INST], reseeds[N_INST];
  u64 inst, kernel, added, forks, losses, sreads, swrites;
  const char *source, *seedstate;
  int type, i, seeded;

  lock ();
  memcpy (requests, stats.requests, sizeof requests);
  memcpy (bytes, stats.bytes, sizeof bytes);
  memcpy (reseeds, stats.reseeds, sizeof reseeds);
  inst = stats.instantiations;
  kernel = stats.kernel_bytes;
  added = stats.added_bytes;
  forks = stats.forks;
  losses = stats.state_losses;
  sreads = stats.seed_reads;
  swrites = stats.seed_writes;
  source = _gcry_rndsys_source_name ();
  seedstate = seed_file_state;
  type = current_type ();
  seeded = state != NULL;
  unlock ();

  /* Logged outside the lock: a log handler may do what it likes.  */
  _gcry_log_info ("random: type=%s generator=CTR_DRBG/AES-256/df"
                  " source=%s seeded=%s\n",
                  type == GCRY_RNG_TYPE_SYSTEM ? "system"
                  : type == GCRY_RNG_TYPE_FIPS ? "fips" : "standard",
                  source, seeded ? "yes" : "no");
  for (i = 0; i < N_INST; i++)
    _gcry_log_info ("random: %-11s requests=%llu bytes=%llu reseeds=%llu\n",
                    instance_label[i], (unsigned long long) requests[i],
                    (unsigned long long) bytes[i],
                    (unsigned long long) reseeds[i]);
  _gcry_log_info ("random: instantiations=%llu kernel-bytes=%llu"
                  " added-bytes=%llu forks=%llu state-losses=%llu\n",
                  (unsigned long long) inst, (unsigned long long) kernel,
                  (unsigned long long) added, (unsigned long long) forks,
                  (unsigned long long) losses);
  _gcry_log_info ("random: seed-file=%s reads=%llu writes=%llu\n",
                  seedstate, (unsigned long long) sreads,
                  (unsigned long long) swrites);
}

gcry_err_code_t
_gcry_random_selftest (void)
{
  byte a[32], b[32];
  static const byte zero[32];
  gcry_err_code_t rc;

  _gcry_global_init ();
  rc = _gcry_drbg_selftest ();
  if (rc)
    return rc;

  /* The kernel source answers, and not with a constant.  (Two equal
     256-bit reads from a working source do not happen.)  */
  lock ();
  kernel_read (a, sizeof a);
  kernel_read (b, sizeof b);
  unlock ();
  if (!memcmp (a, b, sizeof a) || !memcmp (a, zero, sizeof a))
    rc = GPG_ERR_SELFTEST_FAILED;
  wipememory (a, sizeof a);
  wipememory (b, sizeof b);
  return rc;
}

const char *
_gcry_random_module_names (void)
{
#if defined(__has_include)
# if __has_include(<sys/random.h>)
  return "getentropy:linux";
# endif
#endif
  return "linux";
}
