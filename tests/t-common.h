/* t-common.h - the few helpers every test program shares.
 *
 * Every test prints one closing line "NAME: N passed, N failed" and exits
 * 0 only when nothing failed (77 when it could not run at all, which the
 * automake harness reports as SKIP).  Checks count one each; a SKIP is
 * printed with its reason and never counted as a pass.
 *
 * Options every test understands (the hwf-level runner uses them):
 *   --disable-hwf NAME[,NAME...]   disable CPU features before init
 *   --verbose                      print every check
 * The environment variable GCRYPT_TEST_DISABLE_HWF does the same as
 * --disable-hwf (for tests run through wrappers).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_COMMON_H
#define T_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include "gcrypt.h"

/* Not every test uses every helper.  */
#define T_UNUSED __attribute__ ((unused))

static const char *t_name = "test";
static unsigned long t_passed, t_failed;
static int t_verbose;

/* Record one check; returns COND so callers can stop on failure.  */
#define t_check(cond, ...) t_check_at (!!(cond), __FILE__, __LINE__, __VA_ARGS__)

T_UNUSED static int
t_check_at (int cond, const char *file, int line, const char *fmt, ...)
{
  va_list ap;

  if (cond)
    t_passed++;
  else
    t_failed++;
  if (!cond || t_verbose)
    {
      fprintf (stderr, "%s: %s %s:%d: ", t_name, cond ? "ok" : "FAIL",
               file, line);
      va_start (ap, fmt);
      vfprintf (stderr, fmt, ap);
      va_end (ap);
      fputc ('\n', stderr);
    }
  return cond;
}

/* Say why a part of the test did not run.  Not a pass.  */
T_UNUSED static void
t_skip (const char *fmt, ...)
{
  va_list ap;

  printf ("%s: SKIP ", t_name);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
}

/* Nonzero when running under valgrind (its preloaded helper is in
   LD_PRELOAD).  Checks that read back stack memory a kernel popped or a
   red zone below the stack pointer are reported by memcheck whatever
   the kernel did, so such checks SKIP there.  */
T_UNUSED static int
t_under_valgrind (void)
{
  const char *p = getenv ("LD_PRELOAD");

  return p && strstr (p, "vgpreload") != NULL;
}

/* Disable the comma-separated CPU features in LIST.  Must run before the
   library is initialised.  */
T_UNUSED static void
t_disable_hwf_list (const char *list)
{
  char *copy, *name, *save = NULL;
  gcry_error_t err;

  copy = strdup (list);
  if (!copy)
    exit (2);
  for (name = strtok_r (copy, ",", &save); name;
       name = strtok_r (NULL, ",", &save))
    {
      err = gcry_control (GCRYCTL_DISABLE_HWF, name, NULL);
      if (err)
        {
          fprintf (stderr, "%s: cannot disable hwf '%s': %s\n",
                   t_name, name, gcry_strerror (err));
          exit (2);
        }
    }
  free (copy);
}

/* Parse the common options; returns the index of the first argument
   left for the test itself.  */
T_UNUSED static int
t_init (const char *name, int argc, char **argv)
{
  int i;
  const char *env;

  t_name = name;
  env = getenv ("GCRYPT_TEST_DISABLE_HWF");
  if (env && *env)
    t_disable_hwf_list (env);
  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--verbose"))
        t_verbose = 1;
      else if (!strcmp (argv[i], "--disable-hwf") && i + 1 < argc)
        t_disable_hwf_list (argv[++i]);
      else
        break;
    }
  return i;
}

/* Print the closing line and return the exit status.  */
T_UNUSED static int
t_finish (void)
{
  printf ("%s: %lu passed, %lu failed\n", t_name, t_passed, t_failed);
  return t_failed ? 1 : 0;
}

/* Directory of the shared test vectors, or NULL (with a SKIP line) when
   they are not there.  GCRYPT_TEST_VECTORS overrides the default, which
   is ../shared/vectors next to the source tree.  */
T_UNUSED static const char *
t_vectors_dir (void)
{
  static char buf[4096];
  const char *env = getenv ("GCRYPT_TEST_VECTORS");
  FILE *fp;

  if (env && *env)
    snprintf (buf, sizeof buf, "%s", env);
  else
    snprintf (buf, sizeof buf, "%s/../shared/vectors", T_TOP_SRCDIR);
  {
    char probe[4200];
    snprintf (probe, sizeof probe, "%s/README.md", buf);
    fp = fopen (probe, "r");
  }
  if (!fp)
    {
      t_skip ("official vectors not found at %s (set GCRYPT_TEST_VECTORS)",
              buf);
      return NULL;
    }
  fclose (fp);
  return buf;
}

#endif /* T_COMMON_H */
