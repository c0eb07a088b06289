/* t-hwf.c - CPU feature detection, GCRYCTL_DISABLE_HWF and the vector
 * policy, seen through the public API.
 *
 * The feature set is fixed when the library initialises, once per
 * process, so every case runs in a forked child that sets its
 * environment, makes its GCRYCTL_DISABLE_HWF calls, initialises and
 * sends back the return codes and the "hwflist" configuration line.  The
 * parent never initialises the library and does all the checking.
 *
 * The reference is the child with nothing disabled and GCRYPT_HWF_POLICY
 * unset ("baseline"); its names are checked against /proc/cpuinfo, and
 * every other case is checked as an exact set difference from it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include <errno.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

/* The names the library may list, in its table order (upstream's x86
   names and order, then the project's two).  */
static const char *const known_names[] =
  {
    "intel-cpu", "intel-fast-shld", "intel-bmi2", "intel-ssse3",
    "intel-sse4.1", "intel-pclmul", "intel-aesni", "intel-rdrand",
    "intel-avx", "intel-avx2", "intel-fast-vpgather", "intel-rdtsc",
    "intel-shaext", "intel-vaes-vpclmul", "intel-avx512", "intel-gfni",
    "x86-zmm", "x86-fast-vector"
  };
#define N_KNOWN (sizeof known_names / sizeof known_names[0])

/* Names upstream accepts on x86 but which are never active here.  */
static const char *const compat_names[] =
  { "padlock-rng", "padlock-aes", "padlock-sha", "padlock-mmul" };

/* A set of known names: bit I is known_names[I].  */
typedef unsigned long nameset_t;

#define MAX_CALLS 4

/* One child run: what to do...  */
struct scenario
{
  const char *label;
  const char *policy_env;               /* GCRYPT_HWF_POLICY; NULL: unset.  */
  const char *before[MAX_CALLS];        /* DISABLE_HWF before init.  */
  const char *after[MAX_CALLS];         /* DISABLE_HWF after init.  */
};

/* ...and what came back.  */
struct outcome
{
  int finished;                         /* The child got to the end.  */
  int rc_before[MAX_CALLS];
  int rc_after[MAX_CALLS];
  char hwflist[1024];                   /* At init, without "hwflist:".  */
  char hwflist_after[1024];             /* After the after-init calls.  */
  char policy[512];                     /* The "hwf-policy:" line.  */
};


/* Copy config line WHAT, minus its "WHAT:" prefix and newline, to BUF.  */
static void
fetch_config (const char *what, char *buf, size_t size)
{
  char *line = gcry_get_config (0, what);
  size_t skip = strlen (what) + 1, len;

  buf[0] = 0;
  if (!line)
    {
      snprintf (buf, size, "(no %s line)", what);
      return;
    }
  if (strlen (line) >= skip && !strncmp (line, what, skip - 1)
      && line[skip - 1] == ':')
    snprintf (buf, size, "%s", line + skip);
  else
    snprintf (buf, size, "(malformed: %s)", line);
  len = strlen (buf);
  if (len && buf[len - 1] == '\n')
    buf[len - 1] = 0;
  gcry_free (line);
}


/* The child's side of run_scenario: never returns.  */
static void
child_main (const struct scenario *sc, int fd)
{
  struct outcome out;
  const char *p;
  size_t done = 0;
  ssize_t n;
  int i;

  memset (&out, 0, sizeof out);
  if (sc->policy_env)
    setenv ("GCRYPT_HWF_POLICY", sc->policy_env, 1);
  else
    unsetenv ("GCRYPT_HWF_POLICY");

  for (i = 0; i < MAX_CALLS && sc->before[i]; i++)
    out.rc_before[i] = gcry_err_code (gcry_control (GCRYCTL_DISABLE_HWF,
                                                    sc->before[i], NULL));
  if (!gcry_check_version (NULL))
    _exit (3);
  fetch_config ("hwflist", out.hwflist, sizeof out.hwflist);
  fetch_config ("hwf-policy", out.policy, sizeof out.policy);
  for (i = 0; i < MAX_CALLS && sc->after[i]; i++)
    out.rc_after[i] = gcry_err_code (gcry_control (GCRYCTL_DISABLE_HWF,
                                                   sc->after[i], NULL));
  fetch_config ("hwflist", out.hwflist_after, sizeof out.hwflist_after);
  out.finished = 1;

  for (p = (const char *) &out; done < sizeof out; done += n)
    {
      n = write (fd, p + done, sizeof out - done);
      if (n <= 0)
        _exit (4);
    }
  _exit (0);
}


/* Run SC in a child; returns 1 with OUT filled if it finished.  */
static int
run_scenario (const struct scenario *sc, struct outcome *out)
{
  int fds[2], status;
  pid_t pid;
  size_t got = 0;
  ssize_t n;

  memset (out, 0, sizeof *out);
  fflush (NULL);
  if (pipe (fds))
    return 0;
  pid = fork ();
  if (pid < 0)
    {
      close (fds[0]);
      close (fds[1]);
      return 0;
    }
  if (!pid)
    {
      close (fds[0]);
      child_main (sc, fds[1]);
    }
  close (fds[1]);
  while (got < sizeof *out)
    {
      n = read (fds[0], (char *) out + got, sizeof *out - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += n;
    }
  close (fds[0]);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  return t_check (got == sizeof *out && out->finished
                  && WIFEXITED (status) && !WEXITSTATUS (status),
                  "%s: child finished (status 0x%x)", sc->label, status);
}


static int
name_index (const char *name, size_t len)
{
  size_t i;

  for (i = 0; i < N_KNOWN; i++)
    if (strlen (known_names[i]) == len && !strncmp (known_names[i], name, len))
      return (int) i;
  return -1;
}

static nameset_t
bit_of (const char *name)
{
  int idx = name_index (name, strlen (name));

  if (idx < 0)
    {
      fprintf (stderr, "t-hwf: internal error: %s not known\n", name);
      exit (2);
    }
  return 1ul << idx;
}

/* Parse a colon-separated hwflist into *R_SET; one check that every name
   is known, listed once and in table order.  */
static void
parse_hwflist (const char *label, const char *list, nameset_t *r_set)
{
  const char *p = list;
  size_t len;
  int idx, last = -1, ok = 1;

  *r_set = 0;
  while (*p)
    {
      len = strcspn (p, ":");
      if (len)
        {
          idx = name_index (p, len);
          if (idx < 0 || idx <= last)
            {
              fprintf (stderr, "t-hwf: %s: '%.*s' is %s\n", label, (int) len,
                       p, idx < 0 ? "not a known name"
                                  : "out of table order or repeated");
              ok = 0;
            }
          else
            {
              *r_set |= 1ul << idx;
              last = idx;
            }
        }
      p += len;
      if (*p)
        p++;
    }
  t_check (ok, "%s: hwflist '%s' holds known names in table order", label,
           list);
}

static void
print_set_diff (const char *label, nameset_t got, nameset_t want)
{
  size_t i;

  for (i = 0; i < N_KNOWN; i++)
    if ((got ^ want) & (1ul << i))
      fprintf (stderr, "t-hwf: %s: %s is %s\n", label, known_names[i],
               (got & (1ul << i)) ? "listed but should not be"
                                  : "missing");
}

/* Check that LIST is exactly the set WANT.  */
static void
check_set (const char *label, const char *list, nameset_t want)
{
  nameset_t got;

  parse_hwflist (label, list, &got);
  if (!t_check (got == want, "%s: hwflist is the expected set", label))
    print_set_diff (label, got, want);
}


/* The features a name's disabling also removes: the project features
   built on it.  */
static nameset_t
dependents (nameset_t set)
{
  if (set & bit_of ("intel-avx512"))
    set |= bit_of ("x86-zmm");
  if (set & bit_of ("intel-ssse3"))
    set |= bit_of ("x86-fast-vector");
  return set;
}


/*
 * /proc/cpuinfo: a feature the kernel says the CPU lacks (or the OS does
 * not enable: the kernel clears flags whose register state is off) must
 * not be listed; one it reports must be listed unless hwf.deny may have
 * removed it.
 */

static const struct
{
  const char *name;
  const char *kernel_flags;   /* All of these, space-separated.  */
} cpuinfo_map[] =
  {
    { "intel-ssse3",        "ssse3" },
    { "intel-sse4.1",       "sse4_1" },
    { "intel-pclmul",       "pclmulqdq" },
    { "intel-aesni",        "aes" },
    { "intel-rdrand",       "rdrand" },
    { "intel-rdtsc",        "tsc" },
    { "intel-avx",          "avx" },
    { "intel-avx2",         "avx2" },
    { "intel-bmi2",         "bmi2" },
    { "intel-shaext",       "sha_ni" },
    { "intel-gfni",         "gfni" },
    { "intel-vaes-vpclmul", "vaes vpclmulqdq avx2" },
    { "intel-avx512",       "avx512f avx512dq avx512ifma avx512cd avx512bw"
                            " avx512vl avx512vbmi avx512_vbmi2 avx512_vnni"
                            " avx512_bitalg avx512_vpopcntdq" },
  };

/* Whether space-separated FLAGS holds every word of WORDS.  */
static int
has_all_flags (const char *flags, const char *words)
{
  const char *w = words, *f;
  size_t len, flen;
  int found;

  while (*w)
    {
      len = strcspn (w, " ");
      found = 0;
      for (f = flags; *f && !found; f += flen)
        {
          f += strspn (f, " \t");
          flen = strcspn (f, " \t\n");
          found = flen == len && !strncmp (f, w, len);
        }
      if (!found)
        return 0;
      w += len;
      w += strspn (w, " ");
    }
  return 1;
}

static void
check_against_cpuinfo (nameset_t baseline)
{
  static char line[8192];
  char flags[8192] = "", vendor[64] = "";
  FILE *fp = fopen ("/proc/cpuinfo", "r");
  FILE *deny;
  int may_be_denied;
  size_t i;

  if (!fp)
    {
      t_skip ("/proc/cpuinfo not readable: kernel cross-check not done");
      return;
    }
  while (fgets (line, sizeof line, fp) && !(*flags && *vendor))
    {
      char *colon = strchr (line, ':');

      if (!colon)
        continue;
      if (!*flags && !strncmp (line, "flags", 5))
        snprintf (flags, sizeof flags, "%s", colon + 1);
      else if (!*vendor && !strncmp (line, "vendor_id", 9))
        sscanf (colon + 1, " %63s", vendor);
    }
  fclose (fp);
  if (!*flags)
    {
      t_skip ("no x86 flags line in /proc/cpuinfo: kernel cross-check "
              "not done");
      return;
    }

  deny = fopen ("/etc/gcrypt/hwf.deny", "r");
  may_be_denied = deny != NULL;
  if (deny)
    fclose (deny);
  if (may_be_denied)
    t_skip ("/etc/gcrypt/hwf.deny exists: not checking that features the"
            " kernel reports are listed");

  for (i = 0; i < sizeof cpuinfo_map / sizeof cpuinfo_map[0]; i++)
    {
      int kernel_has = has_all_flags (flags, cpuinfo_map[i].kernel_flags);
      int listed = !!(baseline & bit_of (cpuinfo_map[i].name));

      if (!kernel_has)
        t_check (!listed, "%s not listed: kernel lacks one of '%s'",
                 cpuinfo_map[i].name, cpuinfo_map[i].kernel_flags);
      else if (!may_be_denied)
        t_check (listed, "%s listed: kernel reports '%s'",
                 cpuinfo_map[i].name, cpuinfo_map[i].kernel_flags);
    }
  if (!may_be_denied)
    t_check (!!(baseline & bit_of ("intel-cpu"))
             == !strcmp (vendor, "GenuineIntel"),
             "intel-cpu listed iff vendor_id is GenuineIntel (%s)", vendor);
}


int
main (int argc, char **argv)
{
  struct scenario sc;
  struct outcome out;
  nameset_t baseline, zmm, fastvec, avx512, ssse3, expect;
  char label[128];
  const char *lacked = NULL;
  size_t i;

  /* The cases set their own environment and disabled features.  */
  unsetenv ("GCRYPT_TEST_DISABLE_HWF");
  unsetenv ("GCRYPT_HWF_POLICY");
  t_init ("t-hwf", argc, argv);

  zmm = bit_of ("x86-zmm");
  fastvec = bit_of ("x86-fast-vector");
  avx512 = bit_of ("intel-avx512");
  ssse3 = bit_of ("intel-ssse3");

  /* Baseline.  */
  memset (&sc, 0, sizeof sc);
  sc.label = "baseline";
  if (!run_scenario (&sc, &out))
    return t_finish ();
  parse_hwflist ("baseline", out.hwflist, &baseline);
  t_check (!(baseline & zmm) || (baseline & avx512),
           "x86-zmm only with intel-avx512");
  t_check (!(baseline & fastvec) || (baseline & ssse3),
           "x86-fast-vector only with intel-ssse3");
  t_check (!strcmp (out.hwflist, out.hwflist_after),
           "hwflist stable after init");
  if (t_verbose)
    fprintf (stderr, "t-hwf: policy: %s\n", out.policy);
  if (baseline & zmm)
    t_check (!strncmp (out.policy, "zmm allowed", 11)
             || !strncmp (out.policy, "zmm forced", 10),
             "policy line says zmm is on: %s", out.policy);
  else
    t_check (strncmp (out.policy, "zmm allowed", 11) != 0
             && !!strstr (out.policy, "zmm "),
             "policy line says zmm is off: %s", out.policy);

  check_against_cpuinfo (baseline);

  /* Disabling each listed feature removes it and what is built on it,
     nothing else.  */
  for (i = 0; i < N_KNOWN; i++)
    {
      if (!(baseline & (1ul << i)))
        {
          if (!lacked)
            lacked = known_names[i];
          continue;
        }
      memset (&sc, 0, sizeof sc);
      snprintf (label, sizeof label, "disable %s", known_names[i]);
      sc.label = label;
      sc.before[0] = known_names[i];
      if (!run_scenario (&sc, &out))
        continue;
      t_check (out.rc_before[0] == 0, "%s: returns 0 (got %d)", label,
               out.rc_before[0]);
      check_set (label, out.hwflist, baseline & ~dependents (1ul << i));
    }

  /* Disabling intel-avx512 takes x86-zmm along.  */
  if (baseline & avx512)
    {
      memset (&sc, 0, sizeof sc);
      sc.label = "disable intel-avx512, policy zmm";
      sc.policy_env = "zmm";
      sc.before[0] = "intel-avx512";
      if (run_scenario (&sc, &out))
        check_set (sc.label, out.hwflist, baseline & ~(avx512 | zmm));
    }
  else
    t_skip ("CPU lacks intel-avx512: its removal of x86-zmm not tested");

  /* Unknown names: upstream's GPG_ERR_INV_NAME, nothing changes; an
     unknown name in a list stops there, the names before it stay
     disabled (upstream parses left to right).  */
  memset (&sc, 0, sizeof sc);
  sc.label = "unknown name";
  sc.before[0] = "intel-no-such-feature";
  sc.before[1] = "x86-zmmm";
  sc.before[2] = "intel-avx2,no-such-feature,intel-aesni";
  if (run_scenario (&sc, &out))
    {
      t_check (out.rc_before[0] == GPG_ERR_INV_NAME,
               "unknown name: GPG_ERR_INV_NAME (got %d)", out.rc_before[0]);
      t_check (out.rc_before[1] == GPG_ERR_INV_NAME,
               "near-miss name: GPG_ERR_INV_NAME (got %d)", out.rc_before[1]);
      t_check (out.rc_before[2] == GPG_ERR_INV_NAME,
               "list with unknown name: GPG_ERR_INV_NAME (got %d)",
               out.rc_before[2]);
      check_set (sc.label, out.hwflist, baseline & ~bit_of ("intel-avx2"));
    }

  /* Empty names and lists with both separators.  */
  memset (&sc, 0, sizeof sc);
  sc.label = "name lists";
  sc.before[0] = "";
  sc.before[1] = "intel-aesni,intel-pclmul";
  sc.before[2] = "intel-rdrand:intel-gfni,";
  if (run_scenario (&sc, &out))
    {
      t_check (out.rc_before[0] == 0 && out.rc_before[1] == 0
               && out.rc_before[2] == 0,
               "lists: all return 0 (%d %d %d)", out.rc_before[0],
               out.rc_before[1], out.rc_before[2]);
      check_set (sc.label, out.hwflist,
                 baseline & ~(bit_of ("intel-aesni") | bit_of ("intel-pclmul")
                              | bit_of ("intel-rdrand")
                              | bit_of ("intel-gfni")));
    }

  /* "all" disables everything, project features included.  */
  memset (&sc, 0, sizeof sc);
  sc.label = "disable all";
  sc.policy_env = "zmm fast-vector";
  sc.before[0] = "all";
  if (run_scenario (&sc, &out))
    {
      t_check (out.rc_before[0] == 0, "all: returns 0 (got %d)",
               out.rc_before[0]);
      check_set (sc.label, out.hwflist, 0);
    }

  /* After initialisation: accepted, no effect; unknown names still
     GPG_ERR_INV_NAME.  */
  memset (&sc, 0, sizeof sc);
  sc.label = "disable after init";
  sc.after[0] = "intel-aesni";
  sc.after[1] = "all";
  sc.after[2] = "intel-no-such-feature";
  if (run_scenario (&sc, &out))
    {
      t_check (out.rc_after[0] == 0 && out.rc_after[1] == 0,
               "after init: known names return 0 (%d %d)", out.rc_after[0],
               out.rc_after[1]);
      t_check (out.rc_after[2] == GPG_ERR_INV_NAME,
               "after init: unknown name GPG_ERR_INV_NAME (got %d)",
               out.rc_after[2]);
      check_set (sc.label, out.hwflist_after, baseline);
    }

  /* Disabling what the CPU lacks is accepted and changes nothing; so are
     the compatibility names.  */
  memset (&sc, 0, sizeof sc);
  sc.label = "disable lacked features";
  sc.before[0] = compat_names[0];
  sc.before[1] = compat_names[1];
  sc.before[2] = compat_names[2];
  sc.before[3] = compat_names[3];
  if (run_scenario (&sc, &out))
    {
      t_check (!out.rc_before[0] && !out.rc_before[1] && !out.rc_before[2]
               && !out.rc_before[3], "padlock names return 0");
      check_set (sc.label, out.hwflist, baseline);
    }
  if (lacked)
    {
      memset (&sc, 0, sizeof sc);
      snprintf (label, sizeof label, "disable lacked %s", lacked);
      sc.label = label;
      sc.before[0] = lacked;
      if (run_scenario (&sc, &out))
        {
          t_check (out.rc_before[0] == 0, "%s: returns 0 (got %d)", label,
                   out.rc_before[0]);
          check_set (label, out.hwflist, baseline);
        }
    }
  else
    t_skip ("CPU has every feature: lacked-feature case not tested");

  /* GCRYPT_HWF_POLICY moves the policy only; later tokens win; unknown
     tokens are ignored; disabling beats it.  */
  {
    static const struct
    {
      const char *env;
      const char *disable;      /* Also disabled, or NULL.  */
    } policy_cases[] =
      {
        { "no-zmm", NULL },
        { "zmm", NULL },
        { "zmm,no-zmm", NULL },
        { "no-zmm zmm", NULL },
        { "no-fast-vector", NULL },
        { "fast-vector", NULL },
        { "bogus-token", NULL },
        { "zmm", "x86-zmm" },
        { "fast-vector", "x86-fast-vector" },
      };
    nameset_t can_zmm = (baseline & avx512) ? zmm : 0;
    nameset_t can_fv = (baseline & ssse3) ? fastvec : 0;

    for (i = 0; i < sizeof policy_cases / sizeof policy_cases[0]; i++)
      {
        const char *env = policy_cases[i].env;

        memset (&sc, 0, sizeof sc);
        snprintf (label, sizeof label, "GCRYPT_HWF_POLICY=%s%s%s", env,
                  policy_cases[i].disable ? ", disable " : "",
                  policy_cases[i].disable ? policy_cases[i].disable : "");
        sc.label = label;
        sc.policy_env = env;
        sc.before[0] = policy_cases[i].disable;
        if (!run_scenario (&sc, &out))
          continue;
        expect = baseline;
        if (!strcmp (env, "no-zmm") || !strcmp (env, "zmm,no-zmm"))
          expect &= ~zmm;
        else if (!strcmp (env, "zmm") || !strcmp (env, "no-zmm zmm"))
          expect |= can_zmm;
        else if (!strcmp (env, "no-fast-vector"))
          expect &= ~fastvec;
        else if (!strcmp (env, "fast-vector"))
          expect |= can_fv;
        if (policy_cases[i].disable)
          expect &= ~bit_of (policy_cases[i].disable);
        check_set (label, out.hwflist, expect);
        if (!strcmp (env, "zmm") && !policy_cases[i].disable && can_zmm
            && !(baseline & zmm))
          t_check (!strncmp (out.policy, "zmm forced", 10),
                   "policy line reports the forcing: %s", out.policy);
      }
  }

  return t_finish ();
}
