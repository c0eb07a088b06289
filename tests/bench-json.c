/* bench-json.c - bench-slope --json: the results as one JSON document.
 *
 * For scripts that would rather not parse tables.  The document:
 *
 *   { "program": "bench-slope", "format": 1,
 *     "library": { "version": "...", "hwflist": "intel-cpu:..." },
 *     "compare": { "path": "...", "version": "...", "hwflist": "..." },
 *                                                 (only with --compare)
 *     "method": "slope" | "msglen",
 *     "msglens": [16, ...],                       (only with --msglen)
 *     "cpu_mhz": "auto" | N | null,
 *     "disabled_hwf": ["intel-avx512", ...],
 *     "results": [ RESULT, ... ] }
 *
 * RESULT is one table row (one row and length with --msglen):
 *
 *   { "section": "cipher", "algo": "AES256", "mode": "CTR enc",
 *     "kernel": "vaes_avx512_zmm" | null,     (this library's report)
 *     "msglen": 16,                            (only with --msglen)
 *     "ns_per_byte": X, "mib_per_s": X, "cycles_per_byte": X | null,
 *     "mhz": X | null, "mhz_spread": X | null,
 *     "compare": { "ns_per_byte": X | null, "mib_per_s": ...,
 *                  "cycles_per_byte": ..., "speedup": X | null } }
 *
 * KDF rows have "ns_per_iter" and "cycles_per_iter" instead of the
 * per-byte figures.  "mode" is "" in tables whose rows are algorithms
 * (hash, mac, kdf).  "speedup" is the compared library's time divided
 * by this library's.  Numbers are plain decimals; anything not measured
 * is null, never NaN.  The document is written as results arrive, so an
 * interrupted run leaves a truncated (invalid) document, and bench-slope
 * exits non-zero on every error.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <string.h>
#include <math.h>

#include "bench-common.h"

static unsigned int results_written;


static void
json_string (const char *str)
{
  const unsigned char *p;

  if (!str)
    {
      fputs ("null", stdout);
      return;
    }
  putchar ('"');
  for (p = (const unsigned char *) str; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        printf ("\\%c", *p);
      else if (*p < 0x20)
        printf ("\\u%04x", *p);
      else
        putchar (*p);
    }
  putchar ('"');
}


/* A positive finite number, or null.  */
static void
json_number (double value)
{
  if (isfinite (value) && value > 0)
    printf ("%.6g", value);
  else
    fputs ("null", stdout);
}


static void
json_member (const char *name, int first)
{
  if (!first)
    putchar (',');
  json_string (name);
  putchar (':');
}


static void
json_library (const struct bench_lib *lib, const char *path)
{
  putchar ('{');
  if (path)
    {
      json_member ("path", 1);
      json_string (path);
    }
  json_member ("version", !path);
  json_string (lib->version);
  json_member ("hwflist", 0);
  json_string (bench_lib_config_line (lib, "hwflist"));
  putchar ('}');
}


void
json_begin (void)
{
  unsigned int i;

  results_written = 0;
  putchar ('{');
  json_member ("program", 1);
  json_string (PGM);
  json_member ("format", 0);
  printf ("1");
  json_member ("library", 0);
  json_library (&bench_libs[0], NULL);
  if (bench_n_libs > 1)
    {
      json_member ("compare", 0);
      json_library (&bench_libs[1], bench_libs[1].label);
    }
  json_member ("method", 0);
  json_string (bench_opt.msglen_mode ? "msglen" : "slope");
  if (bench_opt.msglen_mode)
    {
      json_member ("msglens", 0);
      putchar ('[');
      for (i = 0; i < bench_opt.n_msglens; i++)
        printf ("%s%zu", i ? "," : "", bench_opt.msglens[i]);
      putchar (']');
    }
  json_member ("cpu_mhz", 0);
  if (bench_opt.auto_mhz)
    json_string ("auto");
  else
    json_number (bench_opt.fixed_mhz);
  json_member ("disabled_hwf", 0);
  putchar ('[');
  for (i = 0; i < bench_opt.n_disabled_hwf; i++)
    {
      if (i)
        putchar (',');
      json_string (bench_opt.disabled_hwf[i]);
    }
  putchar (']');
  json_member ("results", 0);
  printf ("[\n");
  fflush (stdout);
}


void
json_end (void)
{
  printf ("%s]}\n", results_written ? "\n" : "");
  fflush (stdout);
}


/* The figures of one library: per-unit nanoseconds NS under CLK.  */
static void
json_figures (const char *unit, double ns, const struct bench_clock *clk,
              int first)
{
  char name[32];

  snprintf (name, sizeof name, "ns_per_%s", unit);
  json_member (name, first);
  json_number (ns);
  if (!strcmp (unit, "byte"))
    {
      json_member ("mib_per_s", 0);
      json_number (ns > 0 ? 1e9 / (ns * 1024.0 * 1024.0) : 0);
    }
  snprintf (name, sizeof name, "cycles_per_%s", unit);
  json_member (name, 0);
  json_number (clk->mhz > 0 && ns > 0 ? ns * clk->mhz / 1000.0 : 0);
}


void
json_result (const char *section, const char *algo, const char *mode,
             const char *kernel, size_t msglen, const char *unit,
             const double *ns, const struct bench_clock *clk)
{
  if (results_written++)
    printf (",\n");
  putchar ('{');
  json_member ("section", 1);
  json_string (section);
  json_member ("algo", 0);
  json_string (algo);
  json_member ("mode", 0);
  json_string (mode);
  json_member ("kernel", 0);
  json_string (kernel);
  if (msglen)
    {
      json_member ("msglen", 0);
      printf ("%zu", msglen);
    }
  json_figures (unit, ns[0], clk, 0);
  json_member ("mhz", 0);
  json_number (clk->mhz);
  json_member ("mhz_spread", 0);
  if (clk->mhz > 0 && bench_opt.auto_mhz)
    printf ("%.6g", clk->spread_mhz);
  else
    fputs ("null", stdout);
  if (bench_n_libs > 1)
    {
      json_member ("compare", 0);
      putchar ('{');
      json_figures (unit, ns[1], clk, 1);
      json_member ("speedup", 0);
      json_number (ns[0] > 0 && ns[1] > 0 ? ns[1] / ns[0] : 0);
      putchar ('}');
    }
  putchar ('}');
  fflush (stdout);
}
