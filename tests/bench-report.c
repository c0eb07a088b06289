/* bench-report.c - bench-slope's output: upstream's tables and CSV rows,
 * plus this project's kernel lines and per-message-length tables.
 *
 * Layout facts kept from upstream so scripts that read its output work
 * unchanged:
 *  - a section title line ("Cipher:"), then per table a header line
 *    " NAME           |  nanosecs/byte   mebibytes/sec   cycles/byte"
 *    (plus "  auto Mhz" with --cpu-mhz auto), one row per result
 *    "<label> | <ns> ns/B <MiB/s> MiB/s <c/B> c/B [<MHz>[±<spread>]]",
 *    and a closing " <blank> =" line;
 *  - numbers with 3, 2, 1 or 0 decimals below 1, 100, 1000 and above;
 *  - CSV rows "section,algo,mode,,,ns,ns/B,MiB/s,MiB/s,c/B,c/B[,MHz,Mhz
 *    [,spread,Mhz-diff]]" and, for per-iteration results,
 *    "section,algo,mode,,,,,,,,,ns,ns/iter,c,c/iter[,MHz,Mhz]".
 *
 * Additions, shaped so that a reader of upstream's layout skips them:
 *  - kernel lines after a table header, "         kernel | NAME: ROWS",
 *    carrying no "ns/B" field; in CSV, rows "kernel,algo,mode,NAME";
 *  - --msglen tables: a header naming the message lengths and one row
 *    per benchmark with cycles/byte (or ns/byte without a clock) at each
 *    length; in CSV the upstream row with the message length in the
 *    first of the two fields upstream leaves empty;
 *  - --compare: a legend above the first table, and to the right of each
 *    row (below it, in --msglen tables) the compared library's figure
 *    and the speed-up, its time divided by this library's; in CSV, after
 *    each row the same row for the compared library, "compare" in the
 *    second field upstream leaves empty;
 *  - --json: nothing of the above; the results go to bench-json.c.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "gcrypt.h"
#include "bench-common.h"

/* What the CSV rows repeat on every line.  */
static char csv_section[32];
static char csv_algo[64];
static char csv_mode[64];

/* The kernel lines of the current table, for --json's records: row
   LABEL is served by KERNEL (either may be NULL).  The pointers stay
   valid while the table is printed.  */
#define MAX_TABLE_ROWS 600
static const char *table_labels[MAX_TABLE_ROWS];
static const char *table_kernels[MAX_TABLE_ROWS];
static unsigned int table_rows;

/* Whether the compared library's columns are shown.  */
static int
comparing (void)
{
  return bench_n_libs > 1;
}

/* Whether tables go to stdout (neither CSV nor JSON).  */
static int
tables (void)
{
  return !bench_opt.csv && !bench_opt.json;
}


static void
set_field (char *field, size_t size, const char *value)
{
  snprintf (field, size, "%s", value ? value : "");
}


/* Upstream's number style: more decimals for smaller numbers.  */
static void
format_number (char *out, size_t size, double value)
{
  int decimals;

  if (value < 1.0)
    decimals = 3;
  else if (value < 100.0)
    decimals = 2;
  else if (value < 1000.0)
    decimals = 1;
  else
    decimals = 0;
  snprintf (out, size, "%.*f", decimals, value);
}


static double
mib_per_second (double ns_per_byte)
{
  if (ns_per_byte <= 0)
    return 0;
  return 1e9 / (ns_per_byte * 1024.0 * 1024.0);
}


static void
print_label (int width, const char *label)
{
  if (width < 0)
    printf (" %-*s | ", -width, label);
  else
    printf (" %*s | ", width, label);
}


void
report_section (const char *csv_name, const char *title)
{
  set_field (csv_section, sizeof csv_section, csv_name);
  set_field (csv_algo, sizeof csv_algo, NULL);
  set_field (csv_mode, sizeof csv_mode, NULL);
  table_rows = 0;
  if (tables ())
    printf ("%s:\n", title);
}


void
report_header_bytes (int width, const char *name)
{
  set_field (csv_algo, sizeof csv_algo, name);
  table_rows = 0;
  if (!tables ())
    return;
  print_label (width < 0 ? width : -width, name);
  if (bench_opt.auto_mhz)
    printf ("%14s %15s %13s %9s", "nanosecs/byte", "mebibytes/sec",
            "cycles/byte", "auto Mhz");
  else
    printf ("%14s %15s %13s", "nanosecs/byte", "mebibytes/sec",
            "cycles/byte");
  if (comparing ())
    printf ("%s | %13s %9s", bench_opt.auto_mhz ? "   " : "",
            bench_opt.fixed_mhz > 0 || bench_opt.auto_mhz
            ? "other c/B" : "other ns/B", "speed-up");
  printf ("\n");
}


void
report_header_iter (int width, const char *name)
{
  set_field (csv_algo, sizeof csv_algo, name);
  table_rows = 0;
  if (!tables ())
    return;
  print_label (width < 0 ? width : -width, name);
  if (bench_opt.auto_mhz)
    printf ("%14s %13s %9s", "nanosecs/iter", "cycles/iter", "auto Mhz");
  else
    printf ("%14s %13s", "nanosecs/iter", "cycles/iter");
  if (comparing ())
    printf ("%s | %13s %9s", bench_opt.auto_mhz ? "   " : "",
            bench_opt.fixed_mhz > 0 || bench_opt.auto_mhz
            ? "other c/iter" : "other ns/iter", "speed-up");
  printf ("\n");
}


void
report_header_msglen (int width, const char *name)
{
  unsigned int i;
  int absw = width < 0 ? -width : width;

  set_field (csv_algo, sizeof csv_algo, name);
  table_rows = 0;
  if (!tables ())
    return;
  print_label (-absw, name);
  printf ("%s by message length in bytes\n",
          bench_opt.fixed_mhz > 0 || bench_opt.auto_mhz
          ? "cycles/byte" : "nanosecs/byte");
  print_label (-absw, "");
  for (i = 0; i < bench_opt.n_msglens; i++)
    printf ("%s%8zu", i ? " " : "", bench_opt.msglens[i]);
  if (bench_opt.auto_mhz)
    printf (" %9s", "auto Mhz");
  printf ("\n");
}


void
report_algo (int width, const char *name)
{
  set_field (csv_algo, sizeof csv_algo, name);
  if (tables ())
    {
      print_label (width, name);
      fflush (stdout);
    }
}


void
report_row_label (int width, const char *label)
{
  set_field (csv_mode, sizeof csv_mode, label);
  if (tables ())
    {
      print_label (width, label);
      fflush (stdout);
    }
}


/* The clock columns: MHz (and its spread when it moved).  */
static void
format_clock (const struct bench_clock *clk, char *mhz, size_t mhz_size,
              char *spread, size_t spread_size, int csv)
{
  *spread = 0;
  if (clk->mhz <= 0)
    {
      snprintf (mhz, mhz_size, "%s", csv ? "" : "-");
      return;
    }
  format_number (mhz, mhz_size, clk->mhz);
  if (!bench_opt.auto_mhz)
    return;
  if (csv && clk->spread_mhz >= 1.0)
    snprintf (spread, spread_size, ",%.0f,Mhz-diff", clk->spread_mhz);
  else if (!csv && clk->spread_mhz >= 0.5)
    snprintf (spread, spread_size, "\xc2\xb1%.0f", clk->spread_mhz);
}


/* The kernel of the row being reported, from the stashed kernel lines:
   the row is named by its mode, or in tables whose rows are algorithms
   by its algorithm.  */
static const char *
current_kernel (void)
{
  const char *row = *csv_mode ? csv_mode : csv_algo;
  unsigned int i;

  for (i = 0; i < table_rows; i++)
    if (table_labels[i] && !strcmp (table_labels[i], row))
      return table_kernels[i];
  return NULL;
}


/* Print STR left-aligned in WIDTH columns, counting a UTF-8 sequence
   as one column (the "±" of the clock spread).  */
static void
print_left (int width, const char *str)
{
  int columns = 0;
  const char *p;

  for (p = str; *p; p++)
    if ((*p & 0xc0) != 0x80)
      columns++;
  printf ("%s%*s", str, width > columns ? width - columns : 0, "");
}


/* The speed-up of the compared library's time OTHER over THIS one's,
   "-" when either is missing.  */
static void
format_speedup (char *out, size_t size, double this_ns, double other_ns)
{
  if (this_ns <= 0 || other_ns <= 0)
    snprintf (out, size, "-");
  else
    snprintf (out, size, "%.2fx", other_ns / this_ns);
}


/* One upstream-style CSV row of library K's figure VALUE in nanoseconds
   per unit ("B" or "iter"), at message length MSGLEN (0: none).  */
static void
print_csv_row (unsigned int k, double value, const char *unit,
               size_t msglen, const struct bench_clock *clk)
{
  char ns[24], cycles[24] = "", len[24] = "", mhz[24], spread[40];

  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, 1);
  format_number (ns, sizeof ns, value);
  if (clk->mhz > 0)
    format_number (cycles, sizeof cycles, value * clk->mhz / 1000.0);
  if (msglen)
    snprintf (len, sizeof len, "%zu", msglen);
  if (!strcmp (unit, "B"))
    {
      char mib[24];

      format_number (mib, sizeof mib, mib_per_second (value));
      printf ("%s,%s,%s,%s,%s,%s,ns/B,%s,MiB/s,%s,c/B",
              csv_section, csv_algo, csv_mode, len, k ? "compare" : "",
              ns, mib, cycles);
    }
  else
    printf ("%s,%s,%s,%s,%s,,,,,,,%s,ns/iter,%s,c/iter",
            csv_section, csv_algo, csv_mode, len, k ? "compare" : "",
            ns, cycles);
  if (bench_opt.auto_mhz)
    printf (",%s,Mhz%s", mhz, !strcmp (unit, "B") ? spread : "");
  printf ("\n");
}


/* The compared library's columns of a table row: its figure (cycles
   when the clock is known) and the speed-up.  */
static void
print_compare_columns (const double *ns, const char *unit,
                       const struct bench_clock *clk)
{
  char value[24], speedup[24];

  if (ns[1] <= 0)
    snprintf (value, sizeof value, "-");
  else
    format_number (value, sizeof value,
                   clk->mhz > 0 ? ns[1] * clk->mhz / 1000.0 : ns[1]);
  format_speedup (speedup, sizeof speedup, ns[0], ns[1]);
  printf (" | %9s %-3s %9s", value,
          !strcmp (unit, "B") ? (clk->mhz > 0 ? "c/B" : "ns/B")
          : (clk->mhz > 0 ? "c/i" : "ns/i"), speedup);
}


void
report_result_bytes (const double *ns_per_byte,
                     const struct bench_clock *clk)
{
  char ns[24], mib[24], cycles[24], mhz[24], spread[40];
  unsigned int k;

  if (bench_opt.json)
    {
      json_result (csv_section, csv_algo, csv_mode, current_kernel (), 0,
                   "byte", ns_per_byte, clk);
      return;
    }
  if (bench_opt.csv)
    {
      for (k = 0; k < bench_n_libs; k++)
        if (k == 0 || ns_per_byte[k] > 0)
          print_csv_row (k, ns_per_byte[k], "B", 0, clk);
      fflush (stdout);
      return;
    }

  format_number (ns, sizeof ns, ns_per_byte[0]);
  format_number (mib, sizeof mib, mib_per_second (ns_per_byte[0]));
  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, 0);
  if (clk->mhz > 0)
    format_number (cycles, sizeof cycles,
                   ns_per_byte[0] * clk->mhz / 1000.0);
  else
    snprintf (cycles, sizeof cycles, "-");

  printf ("%9s ns/B %9s MiB/s %9s c/B", ns, mib, cycles);
  if (bench_opt.auto_mhz && !comparing ())
    printf (" %9s%s", mhz, spread);
  else if (bench_opt.auto_mhz)
    {
      /* Keep the compared columns aligned whatever the spread.  */
      printf (" %9s", mhz);
      print_left (3, spread);
    }
  if (comparing ())
    print_compare_columns (ns_per_byte, "B", clk);
  printf ("\n");
  fflush (stdout);
}


void
report_result_iter (const double *ns_per_iter, const struct bench_clock *clk)
{
  char ns[24], cycles[24], mhz[24], spread[40];
  unsigned int k;

  if (bench_opt.json)
    {
      json_result (csv_section, csv_algo, csv_mode, current_kernel (), 0,
                   "iter", ns_per_iter, clk);
      return;
    }
  if (bench_opt.csv)
    {
      for (k = 0; k < bench_n_libs; k++)
        if (k == 0 || ns_per_iter[k] > 0)
          print_csv_row (k, ns_per_iter[k], "iter", 0, clk);
      fflush (stdout);
      return;
    }

  format_number (ns, sizeof ns, ns_per_iter[0]);
  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, 0);
  if (clk->mhz > 0)
    format_number (cycles, sizeof cycles, ns_per_iter[0] * clk->mhz / 1000.0);
  else
    snprintf (cycles, sizeof cycles, "-");

  printf ("%14s %13s", ns, cycles);
  if (bench_opt.auto_mhz && !comparing ())
    printf (" %9s", mhz);
  else if (bench_opt.auto_mhz)
    printf (" %9s   ", mhz);
  if (comparing ())
    print_compare_columns (ns_per_iter, "iter", clk);
  printf ("\n");
  fflush (stdout);
}


/* One line of a --msglen table: NS[i] per byte at each length, as
   cycles when the clock is known.  */
static void
print_msglen_values (const double *ns, const struct bench_clock *clk)
{
  char value[24];
  unsigned int i;

  for (i = 0; i < bench_opt.n_msglens; i++)
    {
      if (ns[i] <= 0)
        snprintf (value, sizeof value, "-");
      else
        format_number (value, sizeof value,
                       clk->mhz > 0 ? ns[i] * clk->mhz / 1000.0 : ns[i]);
      printf ("%s%8s", i ? " " : "", value);
    }
}


void
report_result_msglen (const double (*ns_per_byte)[BENCH_MAX_MSGLENS],
                      const struct bench_clock *clk)
{
  char mhz[24], spread[40], label[32], speedup[24];
  unsigned int i, k;

  if (bench_opt.json)
    {
      for (i = 0; i < bench_opt.n_msglens; i++)
        {
          double ns[BENCH_MAX_LIBS] = { 0 };

          for (k = 0; k < bench_n_libs; k++)
            ns[k] = ns_per_byte[k][i];
          if (ns[0] > 0)
            json_result (csv_section, csv_algo, csv_mode, current_kernel (),
                         bench_opt.msglens[i], "byte", ns, clk);
        }
      return;
    }
  if (bench_opt.csv)
    {
      for (i = 0; i < bench_opt.n_msglens; i++)
        for (k = 0; k < bench_n_libs; k++)
          if (ns_per_byte[k][i] > 0)  /* else the mode refuses it */
            print_csv_row (k, ns_per_byte[k][i], "B", bench_opt.msglens[i],
                           clk);
      fflush (stdout);
      return;
    }

  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, 0);
  print_msglen_values (ns_per_byte[0], clk);
  if (bench_opt.auto_mhz)
    printf (" %9s%s", mhz, spread);
  printf ("\n");
  if (comparing ())
    {
      /* The compared library's line, labelled with its version, and
         the speed-ups.  */
      int width = (int) strlen (csv_mode) > 14 ? (int) strlen (csv_mode) : 14;

      snprintf (label, sizeof label, "%.*s", width, bench_libs[1].version);
      print_label (width, label);
      print_msglen_values (ns_per_byte[1], clk);
      printf ("\n");
      print_label (width, "speed-up");
      for (i = 0; i < bench_opt.n_msglens; i++)
        {
          format_speedup (speedup, sizeof speedup, ns_per_byte[0][i],
                          ns_per_byte[1][i]);
          printf ("%s%8s", i ? " " : "", speedup);
        }
      printf ("\n");
    }
  fflush (stdout);
}


void
report_result_skipped (void)
{
  if (!tables ())
    return;
  if (bench_opt.auto_mhz)
    printf ("%14s %13s %9s\n", "<<skipped>>", "-", "-");
  else
    printf ("%14s %13s\n", "<<skipped>>", "-");
}


void
report_footer (int width)
{
  table_rows = 0;
  if (tables ())
    printf (" %-*s =\n", width < 0 ? -width : width, "");
}


/*
 * Kernel lines.
 */

struct kernel_entry
{
  char *primitive;
  char *kernel;
};

static struct kernel_entry *kernel_table;
static unsigned int kernel_count;
static int kernel_table_loaded;


static char *
copy_span (const char *start, const char *end)
{
  char *copy = malloc ((size_t) (end - start) + 1);

  if (copy)
    {
      memcpy (copy, start, (size_t) (end - start));
      copy[end - start] = 0;
    }
  return copy;
}


/* Collect the "kernel-<primitive>:<kernel>:..." lines once.  */
static void
load_kernel_table (void)
{
  char *config, *line, *next;
  unsigned int capacity = 0;

  kernel_table_loaded = 1;
  config = gcry_get_config (0, NULL);
  if (!config)
    return;
  for (line = config; *line; line = next)
    {
      char *colon, *end;

      next = strchr (line, '\n');
      next = next ? next + 1 : line + strlen (line);
      if (strncmp (line, "kernel-", 7))
        continue;
      colon = strchr (line + 7, ':');
      if (!colon || colon >= next)
        continue;
      end = colon + 1;
      while (end < next && *end != ':' && *end != '\n')
        end++;
      if (kernel_count == capacity)
        {
          struct kernel_entry *grown;

          capacity = capacity ? capacity * 2 : 32;
          grown = realloc (kernel_table, capacity * sizeof *grown);
          if (!grown)
            break;
          kernel_table = grown;
        }
      kernel_table[kernel_count].primitive = copy_span (line + 7, colon);
      kernel_table[kernel_count].kernel = copy_span (colon + 1, end);
      if (!kernel_table[kernel_count].primitive
          || !kernel_table[kernel_count].kernel)
        break;
      if (bench_opt.verbose)
        fprintf (stderr, PGM ": library reports kernel %s for %s\n",
                 kernel_table[kernel_count].kernel,
                 kernel_table[kernel_count].primitive);
      kernel_count++;
    }
  gcry_free (config);
}


const char *
report_kernel_lookup (const char *const *candidates)
{
  unsigned int i;

  if (!kernel_table_loaded)
    load_kernel_table ();
  for (; *candidates; candidates++)
    for (i = 0; i < kernel_count; i++)
      if (!strcmp (kernel_table[i].primitive, *candidates))
        return kernel_table[i].kernel;
  return NULL;
}


/* Kernel lines wrap before this column.  */
#define KERNEL_LINE_WIDTH 79

/* Kernel names compare equal when both are unreported (NULL).  */
static int
same_kernel (const char *a, const char *b)
{
  return a && b ? !strcmp (a, b) : a == b;
}


/* True when every row whose group key is KEY has kernel KERNEL.  */
static int
group_agrees (unsigned int n_rows, const char *const *group_keys,
              const char *const *kernels, const char *key,
              const char *kernel)
{
  unsigned int i;

  for (i = 0; i < n_rows; i++)
    if (group_keys[i] && !strcmp (group_keys[i], key)
        && !same_kernel (kernels[i], kernel))
      return 0;
  return 1;
}


/* One line "kernel | NAME: rows..." listing the rows KERNEL serves
   (NULL: the rows the library reports nothing for).  */
static void
print_kernel_line (int width, const char *name, const char *kernel,
                   unsigned int n_rows, const char *const *row_labels,
                   const char *const *group_keys,
                   const char *const *kernels)
{
  const int absw = width < 0 ? -width : width;
  unsigned int j, k;
  int first = 1, column;

  print_label (absw, "kernel");
  column = absw + 4 + printf ("%s:", name);
  for (j = 0; j < n_rows; j++)
    {
      const char *key = group_keys ? group_keys[j] : NULL;
      const char *item = row_labels[j];

      if (!same_kernel (kernels[j], kernel))
        continue;
      if (key && group_agrees (n_rows, group_keys, kernels, key, kernel))
        {
          /* Name the group once, at its first row.  */
          for (k = 0; k < j; k++)
            if (group_keys[k] && !strcmp (group_keys[k], key))
              break;
          if (k < j)
            continue;
          item = key;
        }
      if (!first && column + 2 + (int) strlen (item) > KERNEL_LINE_WIDTH)
        {
          /* Continue under the kernel name, like a wrapped cell.  */
          printf (",\n");
          print_label (absw, "");
          column = absw + 4 + printf ("  %s", item);
        }
      else
        column += printf ("%s %s", first ? "" : ",", item);
      first = 0;
    }
  printf ("\n");
}


void
report_kernels (int width, const char *algo, unsigned int n_rows,
                const char *const *row_labels,
                const char *const *group_keys,
                const char *const *kernels)
{
  unsigned int i, j;
  int any_reported = 0, any_missing = 0;

  /* Kept for the JSON records of this table.  */
  for (i = 0, table_rows = 0; i < n_rows && i < MAX_TABLE_ROWS; i++)
    {
      table_labels[i] = row_labels[i];
      table_kernels[i] = kernels[i];
      table_rows++;
    }
  if (bench_opt.json)
    return;
  if (bench_opt.csv)
    {
      for (i = 0; i < n_rows; i++)
        if (kernels[i])
          {
            /* Same field order as the result rows: a table whose rows
               are algorithms has them in the algorithm field.  */
            if (*algo)
              printf ("kernel,%s,%s,%s\n", algo, row_labels[i], kernels[i]);
            else
              printf ("kernel,%s,,%s\n", row_labels[i], kernels[i]);
          }
      return;
    }

  for (i = 0; i < n_rows; i++)
    {
      if (kernels[i])
        any_reported = 1;
      else
        any_missing = 1;
    }
  /* A library that reports no kernels (upstream's) gets no lines.  */
  if (!any_reported)
    return;

  /* One line per distinct kernel, in order of first use.  */
  for (i = 0; i < n_rows; i++)
    {
      if (!kernels[i])
        continue;
      for (j = 0; j < i; j++)
        if (same_kernel (kernels[j], kernels[i]))
          break;
      if (j == i)
        print_kernel_line (width, kernels[i], kernels[i], n_rows,
                           row_labels, group_keys, kernels);
    }
  if (any_missing)
    print_kernel_line (width, "not reported", NULL, n_rows, row_labels,
                       group_keys, kernels);
}


/*
 * Start and end.
 */

void
report_begin (void)
{
  if (bench_opt.json)
    {
      json_begin ();
      return;
    }
  if (!tables () || !comparing ())
    return;
  /* Upstream's layout has no such lines; only --compare prints them.  */
  printf ("Comparing this library (%s) with\n  %s (%s),\n"
          "  timed interleaved; speed-up = its time / this library's time"
          " (above 1:\n  this library is faster).\n",
          bench_libs[0].version, bench_libs[1].label, bench_libs[1].version);
}


void
report_end (void)
{
  if (bench_opt.json)
    json_end ();
  fflush (stdout);
}


/*
 * Progress.
 */

static int progress_shown;
static time_t progress_start;

void
report_progress (const char *section, const char *algo, const char *row)
{
  char what[160];
  long elapsed;

  /* Tables on a terminal show what runs already: the row label is
     printed before measuring.  The line on stderr is for output sent
     elsewhere (a file, a pipe), while a person watches stderr.  */
  if (isatty (STDOUT_FILENO) && tables ())
    return;
  if (!bench_opt.progress && !isatty (STDERR_FILENO))
    return;
  if (!progress_start)
    progress_start = time (NULL);
  elapsed = (long) (time (NULL) - progress_start);
  snprintf (what, sizeof what, "[%ld:%02ld] %s %s%s%s", elapsed / 60,
            elapsed % 60, section, algo ? algo : "", row ? " " : "",
            row ? row : "");
  if (isatty (STDERR_FILENO))
    {
      /* Rewrite one line in place.  */
      fprintf (stderr, "\r\033[K" PGM ": %s", what);
      progress_shown = 1;
    }
  else
    fprintf (stderr, PGM ": %s\n", what);
  fflush (stderr);
}


void
report_progress_done (void)
{
  if (progress_shown)
    fprintf (stderr, "\r\033[K");
  progress_shown = 0;
}
