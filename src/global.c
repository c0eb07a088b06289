/* global.c - library-wide state: initialisation, version check,
 * gcry_control, and the configuration report.
 *
 * Initialisation is lazy and thread-safe: the first call that needs the
 * library set up (gcry_check_version, most gcry_control commands, any
 * operation that picks a kernel) runs it once through pthread_once.
 * Commands that must come before initialisation (DISABLE_HWF,
 * SET_PREFERRED_RNG_TYPE, FORCE_FIPS_MODE, ...) do not trigger it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "visibility.h"
#include "hwf-common.h"
#include "secmem.h"
#include "random.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* Set (once) when global_init has run.  Written inside pthread_once,
   which orders it before every reader that went through pthread_once;
   the atomic load serves the *_P queries that do not.  */
static int any_init_done;
static int init_finished;

static int verbosity_level;
static unsigned int debug_flags;


/* Set with release order after global_init_once has run: what the
   inline _gcry_global_init tests (gcrypt-int.h).  */
int _gcry_global_init_done;

static void
global_init_once (void)
{
  _gcry_detect_hw_features ();
  __atomic_store_n (&any_init_done, 1, __ATOMIC_RELEASE);
}

void
_gcry_global_init_slow (void)
{
  pthread_once (&init_once, global_init_once);
  __atomic_store_n (&_gcry_global_init_done, 1, __ATOMIC_RELEASE);
}

int
_gcry_global_is_initialized (void)
{
  return __atomic_load_n (&any_init_done, __ATOMIC_ACQUIRE);
}

int
_gcry_get_debug_flag (unsigned int mask)
{
  return !!(debug_flags & mask);
}

int
_gcry_get_verbosity (void)
{
  return verbosity_level;
}


/* Version check.  */

/* Parse "MAJOR.MINOR.MICRO" followed by anything; returns 0 and the
   numbers, or -1 if S does not start that way.  */
static int
parse_version (const char *s, int *major, int *minor, int *micro)
{
  int *part[3] = { major, minor, micro };
  int i;

  for (i = 0; i < 3; i++)
    {
      long v = 0;

      if (*s < '0' || *s > '9')
        return -1;
      if (*s == '0' && s[1] >= '0' && s[1] <= '9')
        return -1;                /* No leading zeros.  */
      while (*s >= '0' && *s <= '9')
        {
          v = v * 10 + (*s++ - '0');
          if (v > 0xffff)
            return -1;
        }
      *part[i] = (int) v;
      if (i < 2 && *s++ != '.')
        return -1;
    }
  return 0;
}

const char *
_gcry_check_version (const char *req_version)
{
  const char *ver = VERSION;
  int my[3], rq[3];

  _gcry_global_init ();
  if (!req_version)
    return ver;
  if (parse_version (ver, &my[0], &my[1], &my[2]))
    return NULL;
  if (parse_version (req_version, &rq[0], &rq[1], &rq[2]))
    return NULL;
  if (my[0] != rq[0])
    return my[0] > rq[0] ? ver : NULL;
  if (my[1] != rq[1])
    return my[1] > rq[1] ? ver : NULL;
  return my[2] >= rq[2] ? ver : NULL;
}


/* Configuration report.  */

/* A growing string.  */
struct strbuf
{
  char *s;
  size_t len, size;
  int failed;
};

static void GCC_ATTR_PRINTF(2,3)
sb_printf (struct strbuf *sb, const char *fmt, ...)
{
  va_list ap;
  int n;

  if (sb->failed)
    return;
  for (;;)
    {
      va_start (ap, fmt);
      n = vsnprintf (sb->s ? sb->s + sb->len : NULL,
                     sb->s ? sb->size - sb->len : 0, fmt, ap);
      va_end (ap);
      if (n < 0)
        {
          sb->failed = 1;
          return;
        }
      if (sb->s && sb->len + n < sb->size)
        {
          sb->len += n;
          return;
        }
      {
        size_t nsize = (sb->size + n + 256) * 2;
        char *p = _gcry_realloc (sb->s, nsize);
        if (!p)
          {
            sb->failed = 1;
            return;
          }
        sb->s = p;
        sb->size = nsize;
      }
    }
}

static const char *
rng_type_name (int type)
{
  switch (type)
    {
    case GCRY_RNG_TYPE_FIPS:   return "fips";
    case GCRY_RNG_TYPE_SYSTEM: return "system";
    default:                   return "standard";
    }
}

/* The families that report which kernel serves each primitive (declared
   in gcrypt-int.h).  A family with more than one implementation adds its
   array there and here.  */

static const gcry_kernel_report_t *const kernel_reports[] = {
  _gcry_aes_kernel_reports,
  _gcry_ghash_kernel_reports,
  _gcry_blake2_kernel_reports,
  _gcry_sha_kernel_reports,
  _gcry_poly1305_kernel_reports,
  _gcry_keccak_kernel_reports,
  _gcry_crc_kernel_reports,
  _gcry_sm3_kernel_reports,
  _gcry_kdf_kernel_reports,
  _gcry_chacha20_kernel_reports,
  NULL
};

/* Line NAME with the words of LIST (configure's, space-separated)
   separated by colons, as upstream prints its algorithm lists.  */
static void
sb_print_list (struct strbuf *sb, const char *name, const char *list)
{
  sb_printf (sb, "%s:", name);
  for (; *list; list++)
    sb_printf (sb, "%c", *list == ' ' ? ':' : *list);
  sb_printf (sb, ":\n");
}

/* True if line WHAT is wanted: all lines, or the one named WHAT.  */
#define WANT(name) (!what || !strcmp (what, (name)))

static void
print_config (struct strbuf *sb, const char *what)
{
  unsigned int hwf = _gcry_get_hw_features ();
  unsigned int afeature;
  const char *s;
  int i;

  if (WANT ("version"))
    sb_printf (sb, "version:%s:%x:%s:%x:\n", VERSION, GCRYPT_VERSION_NUMBER,
               GPGRT_VERSION, GPGRT_VERSION_NUMBER);
  if (WANT ("cc"))
    sb_printf (sb, "cc:%d:%s:%s:\n",
#ifdef __GNUC__
               __GNUC__ * 10000 + __GNUC_MINOR__ * 100 + __GNUC_PATCHLEVEL__,
#else
               0,
#endif
#if defined(__clang__)
               "clang", __VERSION__
#elif defined(__GNUC__)
               "gcc", __VERSION__
#else
               "", ""
#endif
               );
  if (WANT ("ciphers"))
    sb_print_list (sb, "ciphers", LIBGCRYPT_CIPHERS);
  if (WANT ("pubkeys"))
    sb_printf (sb, "pubkeys:%s:\n", LIBGCRYPT_PUBKEY_CIPHERS);
  if (WANT ("digests"))
    sb_printf (sb, "digests:%s:\n", LIBGCRYPT_DIGESTS);
  if (WANT ("rnd-mod"))
    sb_printf (sb, "rnd-mod:%s:\n", _gcry_random_module_names ());
  if (WANT ("cpu-arch"))
    sb_printf (sb, "cpu-arch:%s:\n",
#if defined(__x86_64__)
               "x86:amd64"
#elif defined(__i386__)
               "x86:i386"
#elif defined(__aarch64__)
               "arm"
#else
               ""
#endif
               );
  if (WANT ("hwflist"))
    {
      sb_printf (sb, "hwflist:");
      for (i = 0; (s = _gcry_enum_hw_features (i, &afeature)); i++)
        if (hwf & afeature)
          sb_printf (sb, "%s:", s);
      sb_printf (sb, "\n");
    }
  if (WANT ("fips-mode"))
    sb_printf (sb, "fips-mode:n:::\n");
  if (WANT ("rng-type"))
    {
      int rng_type = _gcry_random_get_type ();

      sb_printf (sb, "rng-type:%s:%d:0:0:\n", rng_type_name (rng_type),
                 rng_type);
    }
  if (WANT ("compliance"))
    sb_printf (sb, "compliance:::\n");

  /* Beyond upstream: the CPU policy's decision and, per accelerated
     primitive, the kernel that a setkey would choose right now.  */
  if (WANT ("hwf-policy"))
    sb_printf (sb, "hwf-policy:%s:\n", _gcry_hwf_policy_description ());
  for (i = 0; kernel_reports[i]; i++)
    {
      const gcry_kernel_report_t *r;

      for (r = kernel_reports[i]; r->primitive; r++)
        {
          char item[64];

          snprintf (item, sizeof item, "kernel-%s", r->primitive);
          if (WANT (item))
            sb_printf (sb, "%s:%s:\n", item, r->current (hwf));
        }
    }
}

char *
_gcry_get_config (int mode, const char *what)
{
  struct strbuf sb = { NULL, 0, 0, 0 };

  if (mode)
    {
      errno = EINVAL;
      return NULL;
    }
  _gcry_global_init ();
  print_config (&sb, what);
  if (sb.failed)
    {
      _gcry_free (sb.s);
      errno = ENOMEM;
      return NULL;
    }
  if (!sb.s || !sb.len)
    {
      /* Unknown item: NULL with errno cleared, as upstream.  */
      _gcry_free (sb.s);
      errno = 0;
      return NULL;
    }
  /* A single item comes without its trailing newline.  */
  if (what && sb.s[sb.len - 1] == '\n')
    sb.s[--sb.len] = 0;
  return sb.s;
}


/* gcry_control.  */

gcry_error_t
_gcry_vcontrol (enum gcry_ctl_cmds cmd, va_list ap)
{
  gcry_err_code_t rc = 0;
  va_list ap2;

  /* Memory commands are the memory subsystem's (src/secmem.c).  */
  va_copy (ap2, ap);
  if (_gcry_memory_control (cmd, &ap2, &rc))
    {
      va_end (ap2);
      return rc ? _gcry_error (rc) : 0;
    }
  va_end (ap2);

  switch (cmd)
    {
    case GCRYCTL_ENABLE_M_GUARD:
      rc = GPG_ERR_NOT_SUPPORTED;
      break;

    case GCRYCTL_ENABLE_QUICK_RANDOM:
      _gcry_random_enable_quick ();
      break;

    case GCRYCTL_FAKED_RANDOM_P:
      /* True (1) when quick random was asked for: its output would not
         be fit for keys.  */
      if (_gcry_random_is_faked ())
        rc = GPG_ERR_GENERAL;
      break;

    case GCRYCTL_DUMP_RANDOM_STATS:
      _gcry_random_dump_stats ();
      break;

    case GCRYCTL_SET_RANDOM_SEED_FILE:
      rc = _gcry_random_set_seed_file (va_arg (ap, const char *));
      break;

    case GCRYCTL_UPDATE_RANDOM_SEED_FILE:
      _gcry_random_update_seed_file ();
      break;

    case GCRYCTL_FAST_POLL:
      _gcry_random_fast_poll ();
      break;

    case GCRYCTL_CLOSE_RANDOM_DEVICE:
      _gcry_random_close_fds ();
      break;

    case GCRYCTL_DRBG_REINIT:
      {
        const char *flags = va_arg (ap, const char *);
        const gcry_buffer_t *pers = va_arg (ap, const gcry_buffer_t *);
        int npers = va_arg (ap, int);

        /* Upstream's argument list ends with a NULL.  */
        if (va_arg (ap, void *) || npers < 0)
          rc = GPG_ERR_INV_ARG;
        else
          rc = _gcry_random_drbg_reinit (flags, pers, npers);
      }
      break;

    case GCRYCTL_SELFTEST:
      /* The self-tests of the subsystems that have one: the random
         generator's.  */
      _gcry_global_init ();
      rc = _gcry_random_selftest ();
      break;

    case GCRYCTL_SET_VERBOSITY:
      verbosity_level = va_arg (ap, int);
      break;

    case GCRYCTL_SET_DEBUG_FLAGS:
      debug_flags |= va_arg (ap, unsigned int);
      break;

    case GCRYCTL_CLEAR_DEBUG_FLAGS:
      debug_flags &= ~va_arg (ap, unsigned int);
      break;

    case GCRYCTL_DISABLE_INTERNAL_LOCKING:
      /* Obsolete since 1.6: locking is always internal.  */
      _gcry_global_init ();
      break;

    case GCRYCTL_ANY_INITIALIZATION_P:
      /* Upstream answers "true" with the error GPG_ERR_GENERAL.  */
      if (_gcry_global_is_initialized ())
        rc = GPG_ERR_GENERAL;
      break;

    case GCRYCTL_INITIALIZATION_FINISHED_P:
      if (__atomic_load_n (&init_finished, __ATOMIC_ACQUIRE))
        rc = GPG_ERR_GENERAL;
      break;

    case GCRYCTL_INITIALIZATION_FINISHED:
      _gcry_global_init ();
      __atomic_store_n (&init_finished, 1, __ATOMIC_RELEASE);
      break;

    case GCRYCTL_SET_THREAD_CBS:
      /* Thread callbacks are unused since libgcrypt 1.6; accepted for
         source compatibility.  */
      _gcry_global_init ();
      break;

    case GCRYCTL_PRINT_CONFIG:
      {
        FILE *fp = va_arg (ap, FILE *);
        char *s = _gcry_get_config (0, NULL);

        if (!s)
          rc = gpg_err_code_from_errno (errno ? errno : ENOMEM);
        else
          {
            if (fp)
              fputs (s, fp);
            else
              _gcry_log_info ("%s", s);
            _gcry_free (s);
          }
      }
      break;

    case GCRYCTL_OPERATIONAL_P:
      /* Outside FIPS mode the library is always operational: true.  */
      rc = GPG_ERR_GENERAL;
      break;

    case GCRYCTL_FIPS_MODE_P:
      /* Never in FIPS mode: false.  */
      break;

    case GCRYCTL_FORCE_FIPS_MODE:
      /* This library is no FIPS 140 module; pretending to enter FIPS mode
         would be a lie an auditor relies on.  */
      _gcry_log (GCRY_LOG_ERROR,
                 "FIPS mode requested, but this library has no FIPS"
                 " module\n");
      rc = GPG_ERR_NOT_SUPPORTED;
      break;

    case GCRYCTL_NO_FIPS_MODE:
      /* Already the case; only meaningful before initialisation has
         finished, as upstream.  */
      if (__atomic_load_n (&init_finished, __ATOMIC_ACQUIRE))
        rc = GPG_ERR_GENERAL;
      break;

    case GCRYCTL_SET_ENFORCED_FIPS_FLAG:
      /* Obsolete; ignored as upstream does.  */
      break;

    case GCRYCTL_DISABLE_HWF:
      {
        const char *name = va_arg (ap, const char *);

        /* A NULL name disables nothing and is no error, as upstream.  */
        if (name)
          rc = _gcry_disable_hw_feature (name);
      }
      break;

    case GCRYCTL_SET_PREFERRED_RNG_TYPE:
      /* Out-of-range values are ignored, as upstream; src/random.c
         applies upstream's priority (STANDARD wins).  */
      _gcry_random_set_preferred_type (va_arg (ap, int));
      break;

    case GCRYCTL_GET_CURRENT_RNG_TYPE:
      {
        int *ip = va_arg (ap, int *);

        if (ip)
          *ip = _gcry_random_get_type ();
      }
      break;

    case GCRYCTL_REINIT_SYSCALL_CLAMP:
      /* Nothing in the library blocks in a system call that an nPth
         clamp would need to wrap; accepted.  */
      break;

    case GCRYCTL_SET_RANDOM_DAEMON_SOCKET:
    case GCRYCTL_USE_RANDOM_DAEMON:
      /* Removed upstream as well.  */
      rc = GPG_ERR_NOT_SUPPORTED;
      break;

    default:
      /* Unknown command, or one whose subsystem this library does not
         have yet.  */
      rc = GPG_ERR_INV_OP;
      break;
    }

  return rc ? _gcry_error (rc) : 0;
}
