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
 *    first of the two fields upstream leaves empty.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gcrypt.h"
#include "bench-common.h"

/* What the CSV rows repeat on every line.  */
static char csv_section[32];
static char csv_algo[64];
static char csv_mode[64];


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
  if (!bench_opt.csv)
    printf ("%s:\n", title);
}


void
report_header_bytes (int width, const char *name)
{
  set_field (csv_algo, sizeof csv_algo, name);
  if (bench_opt.csv)
    return;
  print_label (width < 0 ? width : -width, name);
  if (bench_opt.auto_mhz)
    printf ("%14s %15s %13s %9s\n", "nanosecs/byte", "mebibytes/sec",
            "cycles/byte", "auto Mhz");
  else
    printf ("%14s %15s %13s\n", "nanosecs/byte", "mebibytes/sec",
            "cycles/byte");
}


void
report_header_iter (int width, const char *name)
{
  set_field (csv_algo, sizeof csv_algo, name);
  if (bench_opt.csv)
    return;
  print_label (width < 0 ? width : -width, name);
  if (bench_opt.auto_mhz)
    printf ("%14s %13s %9s\n", "nanosecs/iter", "cycles/iter", "auto Mhz");
  else
    printf ("%14s %13s\n", "nanosecs/iter", "cycles/iter");
}


void
report_header_msglen (int width, const char *name)
{
  unsigned int i;
  int absw = width < 0 ? -width : width;

  set_field (csv_algo, sizeof csv_algo, name);
  if (bench_opt.csv)
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
  if (!bench_opt.csv)
    {
      print_label (width, name);
      fflush (stdout);
    }
}


void
report_row_label (int width, const char *label)
{
  set_field (csv_mode, sizeof csv_mode, label);
  if (!bench_opt.csv)
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


void
report_result_bytes (double ns_per_byte, const struct bench_clock *clk)
{
  char ns[24], mib[24], cycles[24], mhz[24], spread[40];

  format_number (ns, sizeof ns, ns_per_byte);
  format_number (mib, sizeof mib, mib_per_second (ns_per_byte));
  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, bench_opt.csv);
  if (clk->mhz > 0)
    format_number (cycles, sizeof cycles, ns_per_byte * clk->mhz / 1000.0);
  else
    snprintf (cycles, sizeof cycles, "%s", bench_opt.csv ? "" : "-");

  if (bench_opt.csv)
    {
      printf ("%s,%s,%s,,,%s,ns/B,%s,MiB/s,%s,c/B",
              csv_section, csv_algo, csv_mode, ns, mib, cycles);
      if (bench_opt.auto_mhz)
        printf (",%s,Mhz%s", mhz, spread);
      printf ("\n");
    }
  else
    {
      printf ("%9s ns/B %9s MiB/s %9s c/B", ns, mib, cycles);
      if (bench_opt.auto_mhz)
        printf (" %9s%s", mhz, spread);
      printf ("\n");
    }
  fflush (stdout);
}


void
report_result_iter (double ns_per_iter, const struct bench_clock *clk)
{
  char ns[24], cycles[24], mhz[24], spread[40];

  format_number (ns, sizeof ns, ns_per_iter);
  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, bench_opt.csv);
  if (clk->mhz > 0)
    format_number (cycles, sizeof cycles, ns_per_iter * clk->mhz / 1000.0);
  else
    snprintf (cycles, sizeof cycles, "%s", bench_opt.csv ? "" : "-");

  if (bench_opt.csv)
    {
      printf ("%s,%s,%s,,,,,,,,,%s,ns/iter,%s,c/iter",
              csv_section, csv_algo, csv_mode, ns, cycles);
      if (bench_opt.auto_mhz)
        printf (",%s,Mhz", mhz);
      printf ("\n");
    }
  else
    {
      printf ("%14s %13s", ns, cycles);
      if (bench_opt.auto_mhz)
        printf (" %9s", mhz);
      printf ("\n");
    }
  fflush (stdout);
}


void
report_result_msglen (const double *ns_per_byte,
                      const struct bench_clock *clk)
{
  char value[24], mhz[24], spread[40];
  unsigned int i;

  format_clock (clk, mhz, sizeof mhz, spread, sizeof spread, bench_opt.csv);
  for (i = 0; i < bench_opt.n_msglens; i++)
    {
      double ns = ns_per_byte[i];

      if (bench_opt.csv)
        {
          char nsbuf[24], mib[24], cycles[24] = "";

          if (ns <= 0)
            continue; /* The mode refuses this length.  */
          format_number (nsbuf, sizeof nsbuf, ns);
          format_number (mib, sizeof mib, mib_per_second (ns));
          if (clk->mhz > 0)
            format_number (cycles, sizeof cycles, ns * clk->mhz / 1000.0);
          printf ("%s,%s,%s,%zu,,%s,ns/B,%s,MiB/s,%s,c/B",
                  csv_section, csv_algo, csv_mode, bench_opt.msglens[i],
                  nsbuf, mib, cycles);
          if (bench_opt.auto_mhz)
            printf (",%s,Mhz%s", mhz, spread);
          printf ("\n");
          continue;
        }
      if (ns <= 0)
        snprintf (value, sizeof value, "-");
      else
        format_number (value, sizeof value,
                       clk->mhz > 0 ? ns * clk->mhz / 1000.0 : ns);
      printf ("%s%8s", i ? " " : "", value);
    }
  if (!bench_opt.csv)
    {
      if (bench_opt.auto_mhz)
        printf (" %9s%s", mhz, spread);
      printf ("\n");
    }
  fflush (stdout);
}


void
report_result_skipped (void)
{
  if (bench_opt.csv)
    return;
  if (bench_opt.auto_mhz)
    printf ("%14s %13s %9s\n", "<<skipped>>", "-", "-");
  else
    printf ("%14s %13s\n", "<<skipped>>", "-");
}


void
report_footer (int width)
{
  if (!bench_opt.csv)
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
 * Progress.
 */

static int progress_shown;

void
report_progress (const char *section, const char *algo, const char *row)
{
  char what[160];

  /* On a terminal the row label printed before measuring already shows
     what runs; the line on stderr is for output sent elsewhere.  */
  if (!bench_opt.progress || (!bench_opt.csv && isatty (STDOUT_FILENO)))
    return;
  snprintf (what, sizeof what, "%s %s%s%s", section, algo ? algo : "",
            row ? " " : "", row ? row : "");
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
