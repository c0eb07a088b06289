/* bench-slope.c - speed of the symmetric primitives, as upstream's
 * tests/bench-slope reports it.
 *
 * usage: bench-slope [options] [hash|mac|cipher|kdf|pk|ecc|pq|mpi
 *                              [algonames]]
 *
 * The command line and the output are upstream's, so existing habits and
 * scripts keep working: the same options, sub-commands and algorithm
 * names (whatever gcry_*_map_name accepts), the same tables and CSV
 * rows.  How a result is measured is described in bench-timing.c: the
 * slope of time against buffer size, from medians of repeated timings.
 *
 * Beyond upstream:
 *   - below each table header, lines naming the kernel that serves each
 *     row, from the library's "kernel-<primitive>:<kernel>:" config lines;
 *   - --msglen [LIST]: instead of slopes, the cost of one complete
 *     operation per message length (16 .. 16384 bytes by default);
 *   - --compare PATH: another libgcrypt (upstream's, Debian's) loaded
 *     into its own namespace and timed interleaved with this one, its
 *     figures and the speed-up next to ours (bench-lib.c);
 *   - --json: the results as one JSON document (bench-json.c);
 *   - a progress line on stderr when stderr is a terminal and stdout is
 *     not (tables to a file, a pipe); --progress forces it.
 * Without these options the output is upstream's, byte for byte in
 * layout, so scripts written for upstream's bench-slope read it.
 * Sections whose API this library does not have yet print their title
 * and no rows, like upstream for an algorithm it does not build.
 *
 * This is a measuring tool, not a test: the build makes it, make check
 * does not run it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "gcrypt.h"
#include "bench-common.h"

struct bench_options bench_opt;

/* --msglen without a list: short packets to bulk data, with the sizes
   just off a power of two (63, 4095) that expose tail handling and 1420
   for a typical VPN payload.  */
static const size_t default_msglens[] =
  { 16, 63, 64, 200, 300, 500, 512, 1420, 4095, 4096, 16384 };

#define MAX_MSGLEN (1u << 24)


static void
print_help (void)
{
  printf ("usage: " PGM " [options] [hash|mac|cipher|kdf|pk|ecc|pq|mpi\n"
          "                              [algonames]]\n"
          "\n"
          " options:\n"
          "   --cpu-mhz <mhz>           Set CPU speed for calculating cycles\n"
          "                             per bytes results.  Set as \"auto\"\n"
          "                             for auto-detection of CPU speed.\n"
          "   --disable-hwf <features>  Disable hardware acceleration feature(s)\n"
          "                             for benchmarking.\n"
          "   --repetitions <n>         Use N repetitions (default %d,\n"
          "                             fewer for very slow benchmarks)\n"
          "   --unaligned               Use unaligned input buffers.\n"
          "   --no-quick-rng            Use default random number generation\n"
          "   --include-slow            Include slow benchmarks in default run\n"
          "   --csv                     Use CSV output format\n"
          "   --msglen [<n,n,...>]      Show cycles/byte per message length\n"
          "                             (default 16,63,64,200,300,500,512,\n"
          "                             1420,4095,4096,16384) instead of the\n"
          "                             slope over sizes.\n"
          "   --compare <libgcrypt.so>  Also measure that libgcrypt (loaded\n"
          "                             apart with dlmopen), interleaved with\n"
          "                             this one; show its figures and the\n"
          "                             speed-up (its time / this one's).\n"
          "   --json                    Print one JSON document instead.\n"
          "   --progress                Name the running benchmark on stderr\n"
          "                             even when stderr is not a terminal\n"
          "                             (by default only when it is one and\n"
          "                             stdout is not).\n"
          "   --verbose                 Tell what is skipped and why.\n"
          "\n"
          " notes:\n"
          "   Above each table, \"kernel\" lines name the implementation\n"
          "   the library uses for the rows that follow.\n",
          BENCH_DEFAULT_REPETITIONS);
}


/* Parse "16,64,1420" into bench_opt.msglens; 0 on success.  */
static int
parse_msglens (const char *list)
{
  const char *p = list;

  bench_opt.n_msglens = 0;
  while (*p)
    {
      char *end;
      unsigned long len;

      errno = 0;
      len = strtoul (p, &end, 10);
      if (end == p || errno || !len || len > MAX_MSGLEN
          || (*end && *end != ',')
          || bench_opt.n_msglens == sizeof bench_opt.msglens
                                   / sizeof bench_opt.msglens[0])
        return -1;
      bench_opt.msglens[bench_opt.n_msglens++] = len;
      p = *end ? end + 1 : end;
    }
  return bench_opt.n_msglens ? 0 : -1;
}


static void
usage_error (const char *fmt, const char *arg)
{
  fprintf (stderr, PGM ": ");
  fprintf (stderr, fmt, arg);
  fprintf (stderr, "\n");
  print_help ();
  exit (1);
}


/* Read the options; returns the index of the first non-option.  */
static int
parse_options (int argc, char **argv)
{
  int i;

  for (i = 1; i < argc && !strncmp (argv[i], "--", 2); i++)
    {
      const char *opt = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;

      if (!strcmp (opt, "--"))
        return i + 1;
      else if (!strcmp (opt, "--help"))
        {
          print_help ();
          exit (0);
        }
      else if (!strcmp (opt, "--verbose"))
        bench_opt.verbose++;
      else if (!strcmp (opt, "--debug"))
        bench_opt.verbose += 2;
      else if (!strcmp (opt, "--csv"))
        bench_opt.csv = 1;
      else if (!strcmp (opt, "--unaligned"))
        bench_opt.unaligned = 1;
      else if (!strcmp (opt, "--progress"))
        bench_opt.progress = 1;
      else if (!strcmp (opt, "--json"))
        bench_opt.json = 1;
      else if (!strcmp (opt, "--compare"))
        {
          if (!value || !*value)
            usage_error ("%s needs the path of a libgcrypt", opt);
          bench_opt.compare_path = value;
          i++;
        }
      else if (!strcmp (opt, "--no-quick-rng")
               || !strcmp (opt, "--include-slow"))
        ; /* Concern benchmarks this library does not have (pk, pq).  */
      else if (!strcmp (opt, "--disable-hwf"))
        {
          if (!value)
            usage_error ("%s needs a feature name", opt);
          /* Must happen before the library initialises.  */
          if (gcry_control (GCRYCTL_DISABLE_HWF, value, NULL))
            fprintf (stderr, PGM ": unknown hardware feature '%s'"
                     " - option ignored\n", value);
          /* Kept for a compared library, loaded later.  */
          if (bench_opt.n_disabled_hwf == BENCH_MAX_DISABLED)
            usage_error ("too many %s options", opt);
          bench_opt.disabled_hwf[bench_opt.n_disabled_hwf++] = value;
          i++;
        }
      else if (!strcmp (opt, "--cpu-mhz"))
        {
          if (!value)
            usage_error ("%s needs a value", opt);
          if (!strcmp (value, "auto"))
            bench_opt.auto_mhz = 1;
          else
            {
              bench_opt.fixed_mhz = atof (value);
              if (bench_opt.fixed_mhz <= 0)
                usage_error ("bad --cpu-mhz value '%s'", value);
            }
          i++;
        }
      else if (!strcmp (opt, "--repetitions"))
        {
          long reps;

          if (!value)
            usage_error ("%s needs a value", opt);
          reps = atol (value);
          if (reps < 2 || reps > 100000)
            {
              fprintf (stderr, PGM ": value for --repetitions out of range"
                       " - using %d\n", BENCH_DEFAULT_REPETITIONS);
              reps = BENCH_DEFAULT_REPETITIONS;
            }
          bench_opt.repetitions = (unsigned int) reps;
          bench_opt.repetitions_given = 1;
          i++;
        }
      else if (!strcmp (opt, "--msglen"))
        {
          bench_opt.msglen_mode = 1;
          /* The list is optional: take the next word if it is one.  */
          if (value && value[0] >= '0' && value[0] <= '9')
            {
              if (parse_msglens (value))
                usage_error ("bad --msglen list '%s'", value);
              i++;
            }
        }
      else
        usage_error ("unknown option '%s'", opt);
    }
  return i;
}


struct section
{
  const char *command;
  void (*run) (char **args, int nargs);
  const char *csv_name, *title;   /* for sections without an API here */
};

static const struct section sections[] =
  {
    { "hash", bench_hash_section, NULL, NULL },
    { "mac", bench_mac_section, NULL, NULL },
    { "cipher", bench_cipher_section, NULL, NULL },
    { "kdf", bench_kdf_section, NULL, NULL },
    /* Public-key, ECC, post-quantum and MPI benchmarks need APIs this
       library does not offer: their sections stay empty.  */
    { "pk", NULL, "pk", "Public-key" },
    { "ecc", NULL, "ecc", "ECC" },
    { "pq", NULL, "pq", "Post-quantum" },
    { "mpi", NULL, "mpi", "MPI" },
  };
#define N_SECTIONS (sizeof sections / sizeof sections[0])


static void
run_section (const struct section *s, char **args, int nargs)
{
  if (s->run)
    s->run (args, nargs);
  else
    {
      report_section (s->csv_name, s->title);
      if (bench_opt.verbose)
        fprintf (stderr, PGM ": no %s benchmarks in this library\n",
                 s->command);
    }
}


int
main (int argc, char **argv)
{
  const struct section *section;
  int first_arg;
  size_t i;

  /* Under upstream's test harness with benchmarks disabled, skip.  */
  if (argc < 2 && getenv ("srcdir") && getenv ("GCRYPT_NO_BENCHMARKS"))
    return 77;

  bench_opt.repetitions = BENCH_DEFAULT_REPETITIONS;
  if (getenv ("GCRYPT_IN_REGRESSION_TEST"))
    {
      bench_opt.quick = 1;
      bench_opt.repetitions = 2;
    }
  first_arg = parse_options (argc, argv);
  if (!bench_opt.n_msglens)
    {
      for (i = 0; i < sizeof default_msglens / sizeof default_msglens[0]; i++)
        bench_opt.msglens[i] = default_msglens[i];
      bench_opt.n_msglens = (unsigned int) i;
    }
  if (!bench_opt.msglen_mode)
    bench_opt.n_msglens = 0;

  gcry_control (GCRYCTL_SET_VERBOSITY, bench_opt.verbose);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, PGM ": version mismatch; pgm=%s, library=%s\n",
               GCRYPT_VERSION, gcry_check_version (NULL));
      return 1;
    }
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  bench_lib_init_self ();

  /* Check the sub-command before loading anything.  */
  section = NULL;
  if (first_arg < argc)
    {
      for (i = 0; i < N_SECTIONS; i++)
        if (!strcmp (argv[first_arg], sections[i].command))
          section = &sections[i];
      if (!section)
        usage_error ("unknown argument: %s", argv[first_arg]);
    }
  if (bench_opt.compare_path)
    bench_lib_load_compare ();

  if (bench_opt.quick && !bench_opt.json)
    printf ("Note: " PGM " running in quick regression test mode.\n");

  report_begin ();
  bench_warm_up ();
  if (!section)
    {
      for (i = 0; i < N_SECTIONS; i++)
        run_section (&sections[i], NULL, 0);
    }
  else
    run_section (section, argv + first_arg + 1, argc - first_arg - 1);
  report_end ();
  return 0;
}
