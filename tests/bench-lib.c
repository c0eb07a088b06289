/* bench-lib.c - the libraries bench-slope measures.
 *
 * bench_libs[0] is the library bench-slope is linked with.  With
 * --compare PATH, bench_libs[1] is another libgcrypt (upstream's,
 * Debian's, an older build of this one) opened with dlmopen into a link
 * map namespace of its own: both export the same symbols, and each sees
 * only its own copies of them and of libgpg-error, so the two never mix
 * state.  The sections call libgcrypt only through these tables, so the
 * same code drives both, and bench-timing.c can interleave their timings.
 *
 * The compared library gets the same --disable-hwf names (those it does
 * not know are ignored, and named with --verbose: upstream has no
 * "x86-zmm", for instance), so both run at the same CPU feature level.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-common.h"

struct bench_lib bench_libs[BENCH_MAX_LIBS];
unsigned int bench_n_libs = 1;

/* Calls a library may lack, declared weak so that their address is NULL
   then (same prototypes as upstream's).  */
gcry_error_t gcry_cipher_authenticate (gcry_cipher_hd_t hd, const void *abuf,
                                       size_t abuflen)
  __attribute__ ((weak));
gcry_error_t gcry_cipher_gettag (gcry_cipher_hd_t hd, void *outtag,
                                 size_t taglen)
  __attribute__ ((weak));
gcry_error_t gcry_cipher_checktag (gcry_cipher_hd_t hd, const void *intag,
                                   size_t taglen)
  __attribute__ ((weak));
gpg_error_t gcry_kdf_derive (const void *passphrase, size_t passphraselen,
                             int algo, int subalgo,
                             const void *salt, size_t saltlen,
                             unsigned long iterations,
                             size_t keysize, void *keybuffer)
  __attribute__ ((weak));


void
bench_lib_init_self (void)
{
  struct bench_lib *lib = &bench_libs[0];

  lib->label = "this";
  lib->version = gcry_check_version (NULL);
  lib->control = gcry_control;
  lib->get_config = gcry_get_config;
  lib->free = gcry_free;
  lib->cipher_open = gcry_cipher_open;
  lib->cipher_close = gcry_cipher_close;
  lib->cipher_setkey = gcry_cipher_setkey;
  lib->cipher_setiv = gcry_cipher_setiv;
  lib->cipher_setctr = gcry_cipher_setctr;
  lib->cipher_encrypt = gcry_cipher_encrypt;
  lib->cipher_decrypt = gcry_cipher_decrypt;
  lib->cipher_ctl = gcry_cipher_ctl;
  lib->cipher_authenticate = gcry_cipher_authenticate;
  lib->cipher_gettag = gcry_cipher_gettag;
  lib->cipher_checktag = gcry_cipher_checktag;
  lib->md_open = gcry_md_open;
  lib->md_close = gcry_md_close;
  lib->md_reset = gcry_md_reset;
  lib->md_write = gcry_md_write;
  lib->md_ctl = gcry_md_ctl;
#ifdef gcry_mac_reset
  lib->mac_open = gcry_mac_open;
  lib->mac_close = gcry_mac_close;
  lib->mac_setkey = gcry_mac_setkey;
  lib->mac_setiv = gcry_mac_setiv;
  lib->mac_write = gcry_mac_write;
  lib->mac_read = gcry_mac_read;
  lib->mac_ctl = gcry_mac_ctl;
#endif
  lib->kdf_derive = gcry_kdf_derive;
}


/* Store the address of NAME in *FIELD (a function pointer); a missing
   REQUIRED symbol ends the program.  Copying the bytes is how ISO C
   allows turning dlsym's object pointer into a function pointer.  */
static void
load_symbol (struct bench_lib *lib, const char *name, void *field,
             int required)
{
  void *address = dlsym (lib->dl_handle, name);

  if (!address && required)
    {
      fprintf (stderr, PGM ": --compare %s: no symbol %s: not a libgcrypt\n",
               lib->label, name);
      exit (1);
    }
  memcpy (field, &address, sizeof address);
}

#define LOAD(field, name)     load_symbol (lib, name, &lib->field, 1)
#define LOAD_OPT(field, name) load_symbol (lib, name, &lib->field, 0)


/* Apply one --disable-hwf value, which may itself be a list, name by
   name: upstream stops at the first name it does not know.  */
static void
disable_features (struct bench_lib *lib, const char *list)
{
  char name[64];
  size_t n;

  while (*list)
    {
      n = strcspn (list, ",:");
      if (n && n < sizeof name)
        {
          memcpy (name, list, n);
          name[n] = 0;
          if (lib->control (GCRYCTL_DISABLE_HWF, name, NULL)
              && bench_opt.verbose)
            fprintf (stderr, PGM ": --compare %s: unknown hardware feature"
                     " '%s' - ignored for it\n", lib->label, name);
        }
      list += n;
      if (*list)
        list++;
    }
}


void
bench_lib_load_compare (void)
{
  struct bench_lib *lib = &bench_libs[1];
  const char *path = bench_opt.compare_path;
  unsigned int i;

  memset (lib, 0, sizeof *lib);
  lib->label = path;
  /* A path without a slash would be searched for like a dependency and
     might find this very library; insist on a file.  */
  if (!strchr (path, '/'))
    {
      fprintf (stderr, PGM ": --compare needs a path with a '/', such as"
               " ./%s\n", path);
      exit (1);
    }
  lib->dl_handle = dlmopen (LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (!lib->dl_handle)
    {
      fprintf (stderr, PGM ": --compare: cannot load it (dlmopen): %s\n",
               dlerror ());
      exit (1);
    }

  LOAD (control, "gcry_control");
  LOAD (get_config, "gcry_get_config");
  LOAD (free, "gcry_free");
  LOAD (cipher_open, "gcry_cipher_open");
  LOAD (cipher_close, "gcry_cipher_close");
  LOAD (cipher_setkey, "gcry_cipher_setkey");
  LOAD (cipher_setiv, "gcry_cipher_setiv");
  LOAD (cipher_setctr, "gcry_cipher_setctr");
  LOAD (cipher_encrypt, "gcry_cipher_encrypt");
  LOAD (cipher_decrypt, "gcry_cipher_decrypt");
  LOAD (cipher_ctl, "gcry_cipher_ctl");
  LOAD_OPT (cipher_authenticate, "gcry_cipher_authenticate");
  LOAD_OPT (cipher_gettag, "gcry_cipher_gettag");
  LOAD_OPT (cipher_checktag, "gcry_cipher_checktag");
  LOAD (md_open, "gcry_md_open");
  LOAD (md_close, "gcry_md_close");
  LOAD (md_reset, "gcry_md_reset");
  LOAD (md_write, "gcry_md_write");
  LOAD (md_ctl, "gcry_md_ctl");
#ifdef gcry_mac_reset
  LOAD (mac_open, "gcry_mac_open");
  LOAD (mac_close, "gcry_mac_close");
  LOAD (mac_setkey, "gcry_mac_setkey");
  LOAD (mac_setiv, "gcry_mac_setiv");
  LOAD (mac_write, "gcry_mac_write");
  LOAD (mac_read, "gcry_mac_read");
  LOAD (mac_ctl, "gcry_mac_ctl");
#endif
  LOAD_OPT (kdf_derive, "gcry_kdf_derive");

  {
    BENCH_FN (gcry_check_version) check_version;

    load_symbol (lib, "gcry_check_version", &check_version, 1);
    /* Feature switches must come before the library initialises, which
       gcry_check_version does.  */
    for (i = 0; i < bench_opt.n_disabled_hwf; i++)
      disable_features (lib, bench_opt.disabled_hwf[i]);
    lib->version = check_version (NULL);
  }
  if (!lib->version)
    {
      fprintf (stderr, PGM ": --compare %s: it does not initialise\n", path);
      exit (1);
    }
  lib->control (GCRYCTL_DISABLE_SECMEM, 0);
  lib->control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  bench_n_libs = 2;
}


const char *
bench_lib_config_line (const struct bench_lib *lib, const char *what)
{
  static char line[512];
  char *config;
  size_t skip = strlen (what) + 1, n;

  line[0] = 0;
  config = lib->get_config (0, what);
  if (!config)
    return line;
  /* "hwflist:intel-cpu:...:\n": drop the name and the last colon.  */
  if (!strncmp (config, what, skip - 1) && config[skip - 1] == ':')
    {
      snprintf (line, sizeof line, "%s", config + skip);
      n = strcspn (line, "\n");
      line[n] = 0;
      if (n && line[n - 1] == ':')
        line[n - 1] = 0;
    }
  lib->free (config);
  return line;
}
