/* t-version.c - proves the tests run against the library built here, and
 * checks gcry_check_version and the error helpers.
 *
 * Every machine here carries Debian's libgcrypt (1.10.x) with its header
 * in /usr/include; a build that picked up either would still "work", so
 * this test looks at where the code actually came from: the header by its
 * version string, the library by the file the dynamic linker mapped.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include "t-common.h"

/* The header must be ours: upstream's never carries the project suffix.  */
#if GCRYPT_VERSION_NUMBER < 0x010c00
# error "compiled against an older gcrypt.h, not the one built here"
#endif

static int
ends_with (const char *s, const char *suffix)
{
  size_t n = strlen (s), m = strlen (suffix);
  return n >= m && !strcmp (s + n - m, suffix);
}

/* The library providing gcry_check_version must be the one in
   $builddir/src/.libs, and no system libgcrypt may be mapped at all.  */
static void
check_library_origin (void)
{
  Dl_info info;
  char want[PATH_MAX], have[PATH_MAX];
  FILE *fp;
  char line[4096];
  int system_mapped = 0;

  t_check (dladdr ((void *) gcry_check_version, &info) && info.dli_fname,
           "dladdr finds gcry_check_version");
  if (!info.dli_fname)
    return;
  if (!realpath (T_TOP_BUILDDIR "/src/.libs", want)
      || !realpath (info.dli_fname, have))
    {
      t_check (0, "cannot resolve %s or %s", T_TOP_BUILDDIR "/src/.libs",
               info.dli_fname);
      return;
    }
  t_check (!strncmp (have, want, strlen (want)),
           "library loaded from the build tree (%s), not %s", want, have);

  fp = fopen ("/proc/self/maps", "r");
  if (!fp)
    {
      t_skip ("/proc/self/maps unreadable; mapped-library check not run");
      return;
    }
  while (fgets (line, sizeof line, fp))
    {
      char *path = strchr (line, '/');
      if (path && strstr (path, "libgcrypt.so")
          && strncmp (path, want, strlen (want))
          && strncmp (path, T_TOP_BUILDDIR, strlen (T_TOP_BUILDDIR)))
        {
          system_mapped = 1;
          fprintf (stderr, "foreign libgcrypt mapped: %s", path);
        }
    }
  fclose (fp);
  t_check (!system_mapped, "no libgcrypt outside the build tree is mapped");
}

static void
check_versions (void)
{
  const char *v = gcry_check_version (NULL);
  char buf[64];
  int major, minor, micro;

  t_check (v && !strcmp (v, GCRYPT_VERSION),
           "gcry_check_version(NULL) = \"%s\" matches header \"%s\"",
           v ? v : "(null)", GCRYPT_VERSION);
  t_check (ends_with (GCRYPT_VERSION, "-vx"),
           "version string names the project: %s", GCRYPT_VERSION);
  t_check (sscanf (GCRYPT_VERSION, "%d.%d.%d", &major, &minor, &micro) == 3
           && GCRYPT_VERSION_NUMBER == ((major << 16) | (minor << 8) | micro),
           "GCRYPT_VERSION_NUMBER 0x%06x agrees with %s",
           GCRYPT_VERSION_NUMBER, GCRYPT_VERSION);

  /* Equal and older requests succeed, newer ones fail.  */
  t_check (gcry_check_version (GCRYPT_VERSION) == v, "equal request");
  t_check (gcry_check_version ("1.12.0") == v, "request 1.12.0");
  t_check (gcry_check_version ("1.10.1") == v, "older minor");
  t_check (gcry_check_version ("1.2.0") == v, "much older minor");
  t_check (gcry_check_version ("0.99.99") == v, "older major");
  snprintf (buf, sizeof buf, "%d.%d.%d", major, minor, micro + 1);
  t_check (!gcry_check_version (buf), "newer micro %s refused", buf);
  snprintf (buf, sizeof buf, "%d.%d.0", major, minor + 1);
  t_check (!gcry_check_version (buf), "newer minor %s refused", buf);
  snprintf (buf, sizeof buf, "%d.0.0", major + 1);
  t_check (!gcry_check_version (buf), "newer major %s refused", buf);
  t_check (gcry_check_version ("1.12.0-beta7") == v, "suffix ignored");
  t_check (!gcry_check_version ("garbage"), "unparsable request refused");
  t_check (!gcry_check_version ("1.12"), "incomplete request refused");
  t_check (!gcry_check_version (""), "empty request refused");
}

static void
check_errors (void)
{
  gcry_error_t err;

  t_check (!strcmp (gcry_strerror (GPG_ERR_INV_KEYLEN),
                    gpg_strerror (GPG_ERR_INV_KEYLEN)),
           "gcry_strerror is gpg_strerror");
  err = gcry_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_CHECKSUM);
  t_check (!strcmp (gcry_strsource (err), "gcrypt"),
           "gcry_strsource names gcrypt: %s", gcry_strsource (err));
  t_check (gcry_err_code (err) == GPG_ERR_CHECKSUM
           && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "code and source round-trip");
  t_check (gcry_err_code_from_errno (ENOMEM) == GPG_ERR_ENOMEM,
           "ENOMEM maps to GPG_ERR_ENOMEM");
  t_check (gcry_err_code_to_errno (GPG_ERR_EINVAL) == EINVAL,
           "GPG_ERR_EINVAL maps to EINVAL");
  t_check (gcry_err_code_from_errno (0) == 0, "errno 0 is no error");
  err = gcry_error_from_errno (EACCES);
  t_check (gcry_err_code (err) == GPG_ERR_EACCES
           && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "gcry_error_from_errno carries source gcrypt");
  err = gcry_err_make_from_errno (GPG_ERR_SOURCE_USER_2, EEXIST);
  t_check (gcry_err_code (err) == GPG_ERR_EEXIST
           && gcry_err_source (err) == GPG_ERR_SOURCE_USER_2,
           "gcry_err_make_from_errno keeps the given source");
  /* gcry_error() in a program stamps the program's default source.  */
  t_check (gcry_err_source (gcry_error (GPG_ERR_GENERAL))
           == GCRY_ERR_SOURCE_DEFAULT, "gcry_error uses the default source");
}

int
main (int argc, char **argv)
{
  t_init ("t-version", argc, argv);
  check_library_origin ();
  check_versions ();
  check_errors ();
  return t_finish ();
}
