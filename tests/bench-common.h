/* bench-common.h - what the parts of tests/bench-slope share.
 *
 * bench-slope is split by job: bench-slope.c reads the command line,
 * bench-lib.c holds the libraries measured (this one, and with --compare
 * another libgcrypt loaded into its own namespace), bench-timing.c
 * measures (slopes, per-length timings, CPU clock), bench-report.c prints
 * (upstream's table and CSV layouts, kernel lines, comparison columns),
 * bench-json.c prints --json, bench-cipher.c and bench-digest.c know how
 * to drive the libgcrypt API for each section.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>

#include "gcrypt.h"

#define PGM "bench-slope"

/* How many timed batches each measured point takes its median from;
   upstream's default, so results are comparable.  */
#define BENCH_DEFAULT_REPETITIONS 64

/* At most this many lengths in a --msglen list.  */
#define BENCH_MAX_MSGLENS 32

/* This library, plus at most one loaded with --compare.  */
#define BENCH_MAX_LIBS 2

/* At most this many --disable-hwf names (kept for the compared
   library, which is loaded after the options are read).  */
#define BENCH_MAX_DISABLED 16

/* The settings chosen on the command line.  */
struct bench_options
{
  int verbose;
  int csv;              /* upstream's --csv rows instead of tables */
  int json;             /* --json: one JSON document instead of tables */
  int unaligned;        /* shift the data buffer one byte off alignment */
  int progress;         /* --progress: name the running benchmark on
                           stderr even when stdout is a terminal or
                           stderr is not */
  int quick;            /* GCRYPT_IN_REGRESSION_TEST: just prove it runs */
  unsigned int repetitions;
  int repetitions_given; /* --repetitions: no shortening of slow rows */
  double fixed_mhz;     /* --cpu-mhz N; 0 when not given */
  int auto_mhz;         /* --cpu-mhz auto */
  /* --msglen: per-message-length tables instead of slopes.  */
  int msglen_mode;
  size_t msglens[BENCH_MAX_MSGLENS];
  unsigned int n_msglens;
  /* --disable-hwf names, in order.  */
  const char *disabled_hwf[BENCH_MAX_DISABLED];
  unsigned int n_disabled_hwf;
  const char *compare_path;   /* --compare PATH, or NULL */
};

extern struct bench_options bench_opt;


/*
 * The libraries measured (bench-lib.c).  Every libgcrypt call of the
 * sections goes through one of these tables, so the same code drives
 * this library and a compared one.  The function types are the header's
 * (upstream's ABI, which both libraries share).
 */

#define BENCH_FN(name) __typeof__ (name) *

struct bench_lib
{
  const char *label;          /* "this" or the --compare path */
  const char *version;        /* gcry_check_version (NULL) */
  void *dl_handle;            /* dlmopen handle; NULL for this library */
  BENCH_FN (gcry_control) control;
  BENCH_FN (gcry_get_config) get_config;
  BENCH_FN (gcry_free) free;
  BENCH_FN (gcry_cipher_open) cipher_open;
  BENCH_FN (gcry_cipher_close) cipher_close;
  BENCH_FN (gcry_cipher_setkey) cipher_setkey;
  BENCH_FN (gcry_cipher_setiv) cipher_setiv;
  BENCH_FN (gcry_cipher_setctr) cipher_setctr;
  BENCH_FN (gcry_cipher_encrypt) cipher_encrypt;
  BENCH_FN (gcry_cipher_decrypt) cipher_decrypt;
  BENCH_FN (gcry_cipher_ctl) cipher_ctl;
  /* The AEAD calls: NULL while a library lacks them.  */
  BENCH_FN (gcry_cipher_authenticate) cipher_authenticate;
  BENCH_FN (gcry_cipher_gettag) cipher_gettag;
  BENCH_FN (gcry_cipher_checktag) cipher_checktag;
  BENCH_FN (gcry_md_open) md_open;
  BENCH_FN (gcry_md_close) md_close;
  BENCH_FN (gcry_md_reset) md_reset;
  BENCH_FN (gcry_md_write) md_write;
  BENCH_FN (gcry_md_ctl) md_ctl;
#ifdef gcry_mac_reset
  BENCH_FN (gcry_mac_open) mac_open;
  BENCH_FN (gcry_mac_close) mac_close;
  BENCH_FN (gcry_mac_setkey) mac_setkey;
  BENCH_FN (gcry_mac_setiv) mac_setiv;
  BENCH_FN (gcry_mac_write) mac_write;
  BENCH_FN (gcry_mac_read) mac_read;
  BENCH_FN (gcry_mac_ctl) mac_ctl;
#endif
  /* gcry_kdf_derive; NULL while a library lacks it.  */
  gpg_error_t (*kdf_derive) (const void *passphrase, size_t passphraselen,
                             int algo, int subalgo,
                             const void *salt, size_t saltlen,
                             unsigned long iterations,
                             size_t keysize, void *keybuffer);
};

/* bench_libs[0] is this library; bench_libs[1] the compared one when
   bench_n_libs is 2.  */
extern struct bench_lib bench_libs[BENCH_MAX_LIBS];
extern unsigned int bench_n_libs;

/* Fill bench_libs[0] from the library bench-slope is linked with.  */
void bench_lib_init_self (void);

/* Load bench_opt.compare_path into a namespace of its own, apply the
   --disable-hwf names to it and initialise it as bench_libs[1].  Exits
   with a message when it cannot.  */
void bench_lib_load_compare (void);

/* One configuration line of LIB ("hwflist"), without its name and
   trailing colon-newline, in a static buffer ("" when unknown).  */
const char *bench_lib_config_line (const struct bench_lib *lib,
                                   const char *what);


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

/* The same for N (at most BENCH_MAX_LIBS) contexts at once, OP on
   CTXS[k] giving RESULTS[k]: the timed batches alternate between the
   contexts (A B, B A, A B, ...), so a change of CPU clock or a noisy
   neighbour affects them alike and their ratio stays stable.  */
void bench_slope_multi (bench_op_fn op, void *const *ctxs, unsigned int n,
                        unsigned char *buf, const struct bench_sizes *sizes,
                        double *results);
void bench_per_call_multi (bench_op_fn op, void *const *ctxs,
                           unsigned int n, unsigned char *buf, size_t len,
                           double *results);

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
/* Results: NS[k] is library k's (bench_n_libs of them; <= 0: not
   measured, e.g. the compared library lacks the mode).  For --msglen,
   NS_PER_BYTE[k][i] is library k's at bench_opt.msglens[i].  */
void report_result_bytes (const double *ns_per_byte,
                          const struct bench_clock *clk);
void report_result_iter (const double *ns_per_iter,
                         const struct bench_clock *clk);
void report_result_msglen (const double (*ns_per_byte)[BENCH_MAX_MSGLENS],
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

/* The start and the end of the output: the --compare legend, the
   opening and closing of the --json document.  */
void report_begin (void);
void report_end (void);

/* Progress on stderr: automatic when stderr is a terminal and stdout
   is not (a file or a pipe); --progress forces it.  */
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


/*
 * --json (bench-json.c): the same results as one JSON document.
 */

void json_begin (void);
void json_end (void);
/* One result: SECTION, ALGO, MODE (may be ""), the kernel (may be NULL),
   the message length (0: a slope), per-unit nanoseconds of each
   library (UNIT "byte" or "iter") and the clock.  */
void json_result (const char *section, const char *algo, const char *mode,
                  const char *kernel, size_t msglen, const char *unit,
                  const double *ns, const struct bench_clock *clk);

#endif /* BENCH_COMMON_H */
