/* t-control.c - gcry_control and gcry_get_config as applications use
 * them at start-up and shutdown, bad input included.
 *
 * The first checks run before anything initialises the library, so they
 * see the "not yet initialised" answers; order in main() matters.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>
#include <unistd.h>
#include <sys/wait.h>
#include "t-common.h"

static int
is_true (gcry_error_t err)
{
  return err != 0;
}

/* Before any initialisation: the _P queries answer false and calling a
   function that needs the library (gcry_get_config) initialises it
   lazily instead of failing.  */
static void
check_before_init (void)
{
  char *s;

  t_check (!is_true (gcry_control (GCRYCTL_ANY_INITIALIZATION_P)),
           "ANY_INITIALIZATION_P false at start");
  t_check (!is_true (gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P)),
           "INITIALIZATION_FINISHED_P false at start");
  /* Advisory RNG type may be set before gcry_check_version.  */
  t_check (!gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE,
                          GCRY_RNG_TYPE_SYSTEM),
           "SET_PREFERRED_RNG_TYPE before init");
  t_check (!is_true (gcry_control (GCRYCTL_ANY_INITIALIZATION_P)),
           "SET_PREFERRED_RNG_TYPE does not initialise");

  /* A program that skips gcry_check_version: the library sets itself up
     on first use.  */
  s = gcry_get_config (0, "version");
  t_check (s && !strncmp (s, "version:" GCRYPT_VERSION ":", 9 + strlen (GCRYPT_VERSION)),
           "get_config before check_version: %s", s ? s : "(null)");
  gcry_free (s);
  t_check (is_true (gcry_control (GCRYCTL_ANY_INITIALIZATION_P)),
           "first use initialised the library");
}

static void
check_commands (void)
{
  gcry_error_t err;
  int type = 0;

  t_check (gcry_check_version (GCRYPT_VERSION) != NULL, "check_version");

  /* Unknown and out-of-range commands fail cleanly.  */
  err = gcry_control ((enum gcry_ctl_cmds) 9999);
  t_check (gcry_err_code (err) == GPG_ERR_INV_OP
           && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "unknown command 9999 -> INV_OP: %s", gcry_strerror (err));
  err = gcry_control ((enum gcry_ctl_cmds) 1);
  t_check (gcry_err_code (err) == GPG_ERR_INV_OP, "retired command 1");
  err = gcry_control ((enum gcry_ctl_cmds) -5);
  t_check (gcry_err_code (err) == GPG_ERR_INV_OP, "negative command");
  err = gcry_control (GCRYCTL_ENABLE_M_GUARD);
  t_check (gcry_err_code (err) == GPG_ERR_NOT_SUPPORTED, "ENABLE_M_GUARD");

  t_check (!gcry_control (GCRYCTL_SET_VERBOSITY, 0), "SET_VERBOSITY");
  t_check (!gcry_control (GCRYCTL_SET_DEBUG_FLAGS, 0u), "SET_DEBUG_FLAGS");
  t_check (!gcry_control (GCRYCTL_CLEAR_DEBUG_FLAGS, ~0u), "CLEAR_DEBUG_FLAGS");
  t_check (!gcry_control (GCRYCTL_SET_THREAD_CBS, NULL), "SET_THREAD_CBS");
  t_check (!gcry_control (GCRYCTL_DISABLE_INTERNAL_LOCKING),
           "DISABLE_INTERNAL_LOCKING");
  t_check (!gcry_control (GCRYCTL_ENABLE_QUICK_RANDOM, 0), "ENABLE_QUICK_RANDOM");
  t_check (is_true (gcry_control (GCRYCTL_FAKED_RANDOM_P)),
           "FAKED_RANDOM_P true after ENABLE_QUICK_RANDOM");
  t_check (!gcry_control (GCRYCTL_REINIT_SYSCALL_CLAMP), "REINIT_SYSCALL_CLAMP");
  t_check (!gcry_control (GCRYCTL_SET_ENFORCED_FIPS_FLAG), "SET_ENFORCED_FIPS_FLAG");

  /* FIPS: never active, cannot be forced.  */
  t_check (!is_true (gcry_control (GCRYCTL_FIPS_MODE_P, 0)), "FIPS_MODE_P false");
  t_check (!gcry_fips_mode_active (), "gcry_fips_mode_active false");
  err = gcry_control (GCRYCTL_FORCE_FIPS_MODE, 0);
  t_check (gcry_err_code (err) == GPG_ERR_NOT_SUPPORTED,
           "FORCE_FIPS_MODE refused: %s", gcry_strerror (err));
  t_check (!is_true (gcry_control (GCRYCTL_FIPS_MODE_P, 0)),
           "still not in FIPS mode");
  t_check (is_true (gcry_control (GCRYCTL_OPERATIONAL_P)), "OPERATIONAL_P");

  /* RNG type: the preference given before init holds; STANDARD asked
     for later still wins (as upstream 1.10 and 1.12 do), and once the
     generator has been used the type no longer changes.  */
  t_check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
           && type == GCRY_RNG_TYPE_SYSTEM,
           "GET_CURRENT_RNG_TYPE = %d (SYSTEM expected)", type);
  t_check (!gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_STANDARD),
           "STANDARD preference accepted");
  t_check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
           && type == GCRY_RNG_TYPE_STANDARD,
           "STANDARD wins after init: %d", type);
  {
    unsigned char b[4];

    gcry_randomize (b, sizeof b, GCRY_STRONG_RANDOM);
  }
  t_check (!gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_SYSTEM),
           "SYSTEM preference after use accepted");
  t_check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
           && type == GCRY_RNG_TYPE_STANDARD,
           "type kept once the generator ran: %d", type);
  t_check (!gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, 42),
           "out-of-range type ignored without error");
  t_check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, NULL),
           "GET_CURRENT_RNG_TYPE with NULL");

  /* Finishing initialisation.  */
  t_check (!gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0),
           "INITIALIZATION_FINISHED");
  t_check (is_true (gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P)),
           "INITIALIZATION_FINISHED_P true");
  t_check (!gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0),
           "INITIALIZATION_FINISHED twice is harmless");
  err = gcry_control (GCRYCTL_NO_FIPS_MODE, 0);
  t_check (gcry_err_code (err) == GPG_ERR_GENERAL,
           "NO_FIPS_MODE after initialisation finished is refused");
}

static void
check_config (void)
{
  static const char *const items[] = {
    "version", "cc", "ciphers", "pubkeys", "digests", "rnd-mod", "cpu-arch",
    "hwflist", "fips-mode", "rng-type", "compliance", "hwf-policy"
  };
  char *all, *one, *p;
  FILE *fp;
  char buf[8192];
  size_t n, i;

  all = gcry_get_config (0, NULL);
  t_check (all != NULL, "get_config(NULL)");
  if (!all)
    return;
  for (i = 0; i < sizeof items / sizeof items[0]; i++)
    {
      char key[64];

      one = gcry_get_config (0, items[i]);
      snprintf (key, sizeof key, "%s:", items[i]);
      t_check (one && !strncmp (one, key, strlen (key))
               && !strchr (one, '\n'),
               "item %s: single line \"%s\"", items[i], one ? one : "(null)");
      /* The same line appears in the full report.  */
      if (one)
        {
          p = strstr (all, one);
          t_check (p && (p == all || p[-1] == '\n')
                   && p[strlen (one)] == '\n',
                   "item %s also in the full report", items[i]);
        }
      gcry_free (one);
    }
  one = gcry_get_config (0, "fips-mode");
  t_check (one && !strncmp (one, "fips-mode:n:", 12), "fips-mode:n");
  gcry_free (one);
  errno = EINVAL;
  t_check (gcry_get_config (0, "no-such-item") == NULL && errno == 0,
           "unknown item -> NULL, errno 0");
  errno = 0;
  t_check (gcry_get_config (1, NULL) == NULL && errno == EINVAL,
           "mode 1 -> NULL, EINVAL");

  /* PRINT_CONFIG writes the same text to a stream.  */
  fp = tmpfile ();
  if (t_check (fp != NULL, "tmpfile"))
    {
      t_check (!gcry_control (GCRYCTL_PRINT_CONFIG, fp), "PRINT_CONFIG");
      rewind (fp);
      n = fread (buf, 1, sizeof buf - 1, fp);
      buf[n] = 0;
      t_check (!strcmp (buf, all), "PRINT_CONFIG output equals get_config");
      fclose (fp);
    }
  gcry_free (all);
}

int
main (int argc, char **argv)
{
  t_name = "t-control";
  /* No t_init here: it may call gcry_control (DISABLE_HWF), and the
     first checks must see an untouched library.  */
  (void) argc; (void) argv;
  check_before_init ();
  check_commands ();
  check_config ();
  return t_finish ();
}
