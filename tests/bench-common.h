/* bench-common.h - what the parts of tests/bench-slope share.
 *
 * bench-slope is split by job: bench-slope.c reads the command line,
 * bench-timing.c measures (slopes, per-length timings, CPU clock),
 * bench-report.c prints (upstream's table and CSV layouts, kernel lines),
 * bench-cipher.c and bench-digest.c know how to drive the library's
 * public API for each section.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>

#define PGM "bench-slope"

/* How many timed batches each measured point takes its median from;
   upstream's default, so results are comparable.  */
#define BENCH_DEFAULT_REPETITIONS 64

/* At most this many lengths in a --msglen list.  */
#define BENCH_MAX_MSGLENS 32

/* The settings chosen on the command line.  */
struct bench_options
{
  int verbose;
  int csv;              /* upstream's --csv rows instead of tables */
  int unaligned;        /* shift the data buffer one byte off alignment */
  int progress;         /* name the running benchmark on stderr */
  int quick;            /* GCRYPT_IN_REGRESSION_TEST: just prove it runs */
  unsigned int repetitions;
  int repetitions_given; /* --repetitions: no shortening of slow rows */
  double fixed_mhz;     /* --cpu-mhz N; 0 when not given */
  int auto_mhz;         /* --cpu-mhz auto */
  /* --msglen: per-message-length tables instead of slopes.  */
  int msglen_mode;
  size_t msglens[BENCH_MAX_MSGLENS];
  unsigned int n_msglens;
};

extern struct bench_options bench_opt;


/*
 * Measuring (bench-timing.c).
 */

/* One operation under test: process LEN units (bytes, or iterations for
   KDFs) of BUF once, complete with whatever per-message set-up the
   benchmark defines.  */
typedef void (*bench_op_fn) (void *ctx, unsigned char *buf, size_t len);

/* The buffer sizes a slope is fitted over: FIRST, FIRST+STEP, ... LAST.  */
struct bench_sizes
{
  size_t first;
  size_t last;
  size_t step;
};

/* Upstream's range for byte-oriented benchmarks: 16 .. 4112 by 64.  */
extern const struct bench_sizes bench_bytes_sizes;

/* The CPU clock that converts nanoseconds to cycles for one result.
   MHZ is 0 when unknown (no --cpu-mhz); SPREAD_MHZ is how far the
   auto-detected clock moved while the result was measured.  */
struct bench_clock
{
  double mhz;
  double spread_mhz;
};

/* Nanoseconds per unit: the slope of a line fitted through the median
   time of OP at each size in SIZES.  Returns a value <= 0 on failure.  */
double bench_slope (bench_op_fn op, void *ctx, unsigned char *buf,
                    const struct bench_sizes *sizes);

/* Median nanoseconds of one call of OP on LEN units.  */
double bench_per_call (bench_op_fn op, void *ctx, unsigned char *buf,
                       size_t len);

/* Run MEASURE (which stores its results through ARG and returns 0, or
   non-zero on failure) under the clock the options ask for: with
   --cpu-mhz auto the clock is measured before and after and MEASURE is
   repeated while the two disagree.  Fills CLOCK.  */
int bench_with_clock (int (*measure) (void *arg), void *arg,
                      struct bench_clock *clock);

/* Keep the CPU busy for a second so its clock has ramped up before the
   first measurement.  */
void bench_warm_up (void);

/* An aligned buffer of SIZE bytes (plus the --unaligned shift) filled
   with a fixed pattern; free with bench_free_buffer.  */
unsigned char *bench_alloc_buffer (size_t size, void **to_free);
void bench_free_buffer (void *to_free);


/*
 * Printing (bench-report.c).  Widths follow upstream: a negative width
 * left-aligns the label.
 */

void report_section (const char *csv_name, const char *title);
/* Header for "per byte" tables (nanosecs/byte, mebibytes/sec, ...).  */
void report_header_bytes (int width, const char *name);
/* Header for "per iteration" tables (nanosecs/iter, cycles/iter).  */
void report_header_iter (int width, const char *name);
/* Header for --msglen tables.  */
void report_header_msglen (int width, const char *name);
/* Sets the CSV algorithm field without printing (tables whose rows are
   algorithms).  */
void report_algo (int width, const char *name);
/* The label at the start of a result row.  */
void report_row_label (int width, const char *label);
void report_result_bytes (double ns_per_byte, const struct bench_clock *clk);
void report_result_iter (double ns_per_iter, const struct bench_clock *clk);
void report_result_msglen (const double *ns_per_byte,
                           const struct bench_clock *clk);
void report_result_skipped (void);
void report_footer (int width);

/* Which kernel serves a benchmarked primitive, from the library's
   "kernel-<primitive>:<kernel>:" configuration lines.  CANDIDATES is a
   NULL-terminated list of primitive names, most specific first; returns
   the first one the library reports, or NULL.  */
const char *report_kernel_lookup (const char *const *candidates);

/* Print the kernel lines of one table: ROW_LABELS[i] is served by
   KERNELS[i] (NULL: not reported).  One line per kernel, plus one for
   the unreported rows (none at all when the library reports nothing,
   as upstream's does); in CSV one "kernel,..." row per reported row.
   GROUP_KEYS[i], when not NULL, is a shorter name to use when every row
   with that key has the same kernel (e.g. "CBC" for "CBC enc" and "CBC
   dec").  */
void report_kernels (int width, const char *algo, unsigned int n_rows,
                     const char *const *row_labels,
                     const char *const *group_keys,
                     const char *const *kernels);

/* Progress on stderr (--progress).  */
void report_progress (const char *section, const char *algo,
                      const char *row);
void report_progress_done (void);


/*
 * Sections.  ARGS/NARGS are the algorithm names given on the command
 * line (none: every algorithm the library offers).
 */

void bench_cipher_section (char **args, int nargs);
void bench_hash_section (char **args, int nargs);
void bench_mac_section (char **args, int nargs);
void bench_kdf_section (char **args, int nargs);

#endif /* BENCH_COMMON_H */
