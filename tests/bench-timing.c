/* bench-timing.c - how bench-slope turns clock readings into ns/byte.
 *
 * The slope method.  Timing one call of an operation on N bytes measures
 * two things at once: the cost that grows with N (what a user of bulk
 * encryption cares about) and a fixed cost per call (argument checks,
 * resetting state, reading the clock).  Fitting a straight line through
 * the time taken at many different sizes separates them: the line's
 * gradient is the cost per byte, its intercept the fixed cost, which is
 * dropped.  Concretely:
 *
 *  1. Batch size.  A single call on a small buffer can be shorter than
 *     the clock can resolve, so calls are timed in batches.  The batch
 *     length is chosen once per benchmark, at the smallest size, by
 *     doubling it until one batch lasts well above the clock's
 *     resolution; every size then uses that same batch length, so the
 *     cost of reading the clock, spread over the batch, is the same at
 *     every size and ends up in the intercept instead of the slope.
 *  2. Points.  For every size in the range (upstream's: 16 to 4112 bytes
 *     in steps of 64), the batch is timed --repetitions times (64 by
 *     default) and the median of those timings, divided by the batch
 *     length, is the point for that size.  The median ignores the
 *     timings an interrupt or another process spoiled.  A very slow
 *     benchmark (a portable CFB8, say) gets fewer repetitions, at least
 *     16, so that it stays within about a second and a half, unless
 *     --repetitions was given.
 *  3. Fit.  An ordinary least-squares line through the points; its slope
 *     is the result in nanoseconds per byte.
 *
 * Cycles.  Nanoseconds become cycles with the CPU clock rate: given
 * with --cpu-mhz, or measured with --cpu-mhz auto.  Measuring uses a
 * reference workload whose cost in cycles is known: a chain of integer
 * additions where each depends on the one before, so the CPU retires
 * exactly one per cycle whatever its width.  Its slope (same method as
 * above) in ns per addition gives the clock.  Because turbo clocks drift,
 * the clock is measured right before and right after each benchmark and
 * the benchmark is repeated, within a bounded number of attempts, while
 * the two readings disagree by more than a tolerance that loosens with
 * each attempt; the result carries the mean of the two readings and
 * their difference.
 *
 * Per-length timings (--msglen) use step 1 and 2 at a single size and
 * report the median time per call divided by the length, so the fixed
 * cost is included: that is the point of looking at short messages.
 *
 * Comparisons (--compare).  Two libraries measured one after the other
 * would see different machines: the clock drifts, a neighbour starts a
 * build.  So both are measured together: at every size, the batches of
 * the two alternate, each repetition timing one batch of each, and each
 * gets its own median and slope.  Whatever disturbs one repetition
 * disturbs both, and the ratio of the two is what stays stable.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "bench-common.h"

const struct bench_sizes bench_bytes_sizes = { 16, 16 + 4096, 64 };

/* A batch must last at least this long, and at least this many times
   the clock's resolution, for its timing to be trusted.  */
#define MIN_BATCH_NS          500.0
#define MIN_BATCH_RESOLUTIONS 20.0

/* A slope benchmark whose timings would take longer than this in total
   gets fewer repetitions, down to the minimum below.  */
#define ROW_BUDGET_NS          1.5e9
#define MIN_CAPPED_REPETITIONS 16

/* Auto-detected clock: allowed relative disagreement between the
   readings before and after a benchmark, doubled after each failed
   attempt, and the number of attempts before the result is taken as
   it is.  */
#define CLOCK_TOLERANCE       1e-4
#define CLOCK_MAX_ATTEMPTS    6

/* The clock probe: additions per unit and how many timings per point.  */
#define PROBE_ADDS_PER_UNIT   1024
#define PROBE_REPETITIONS     16


static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}


/* The smallest non-zero step the clock shows, measured once.  */
static double
clock_resolution_ns (void)
{
  static double resolution;
  int i;

  if (resolution > 0)
    return resolution;

  resolution = 1e9;
  for (i = 0; i < 200; i++)
    {
      double start = now_ns (), next;

      do
        next = now_ns ();
      while (next == start);
      if (next - start < resolution)
        resolution = next - start;
    }
  return resolution;
}


static double
min_batch_ns (void)
{
  double by_resolution = MIN_BATCH_RESOLUTIONS * clock_resolution_ns ();

  if (bench_opt.quick)
    return by_resolution;
  return by_resolution > MIN_BATCH_NS ? by_resolution : MIN_BATCH_NS;
}


static double
time_batch (bench_op_fn op, void *ctx, unsigned char *buf, size_t len,
            unsigned int calls)
{
  double start;
  unsigned int i;

  start = now_ns ();
  for (i = 0; i < calls; i++)
    op (ctx, buf, len);
  return now_ns () - start;
}


/* Step 1: the number of calls per batch at size LEN.  */
static unsigned int
batch_length (bench_op_fn op, void *ctx, unsigned char *buf, size_t len)
{
  const double target = min_batch_ns ();
  unsigned int calls = 1;

  op (ctx, buf, len); /* First touch: page faults, lazy set-up.  */
  while (calls < (1u << 24) && time_batch (op, ctx, buf, len, calls) < target)
    calls *= 2;
  return calls;
}


static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}


/* Step 2 for N contexts: median over REPS batches of CALLS[k] calls of
   OP on CTXS[k], per call, into RESULTS[k].  The batches alternate
   between the contexts, in reversed order every other repetition so
   neither always goes first.  SCRATCH holds N * REPS doubles.  */
static void
medians_per_call (bench_op_fn op, void *const *ctxs, unsigned int n,
                  unsigned char *buf, size_t len, const unsigned int *calls,
                  unsigned int reps, double *scratch, double *results)
{
  unsigned int r, j, k;

  for (r = 0; r < reps; r++)
    for (j = 0; j < n; j++)
      {
        k = r % 2 ? n - 1 - j : j;
        scratch[k * reps + r] = time_batch (op, ctxs[k], buf, len, calls[k]);
      }
  for (k = 0; k < n; k++)
    {
      double *timings = scratch + k * reps, median;

      qsort (timings, reps, sizeof *timings, compare_doubles);
      if (reps % 2)
        median = timings[reps / 2];
      else
        median = (timings[reps / 2 - 1] + timings[reps / 2]) / 2;
      results[k] = median / calls[k];
    }
}


/* Step 3: least-squares gradient of Y over X = FIRST + i * STEP.  */
static double
fitted_slope (const double *y, unsigned int npoints, size_t first,
              size_t step)
{
  double mean_x = 0, mean_y = 0, sxy = 0, sxx = 0;
  unsigned int i;

  if (npoints < 2)
    return 0;
  for (i = 0; i < npoints; i++)
    {
      mean_x += (double) (first + i * step);
      mean_y += y[i];
    }
  mean_x /= npoints;
  mean_y /= npoints;
  for (i = 0; i < npoints; i++)
    {
      double dx = (double) (first + i * step) - mean_x;

      sxy += dx * (y[i] - mean_y);
      sxx += dx * dx;
    }
  return sxx > 0 ? sxy / sxx : 0;
}


/* How many repetitions a slow benchmark gets: REPS, unless one sweep
   over all sizes (SWEEP_NS) is so slow that REPS of them would exceed
   the time budget of a row; then as many as fit, but at least
   MIN_CAPPED_REPETITIONS.  Long batches are little disturbed by noise,
   so fewer of them give as stable a median.  An explicit --repetitions
   is always honoured.  */
static unsigned int
repetitions_within_budget (unsigned int reps, double sweep_ns)
{
  double fit;

  if (bench_opt.repetitions_given || sweep_ns <= 0
      || reps * sweep_ns <= ROW_BUDGET_NS)
    return reps;
  fit = ROW_BUDGET_NS / sweep_ns;
  if (fit < MIN_CAPPED_REPETITIONS)
    fit = MIN_CAPPED_REPETITIONS;
  return fit < reps ? (unsigned int) fit : reps;
}


/* Steps 1 to 3 for N contexts at once; SLOPES[k] is <= 0 on failure.  */
static void
slopes_with_reps (bench_op_fn op, void *const *ctxs, unsigned int n,
                  unsigned char *buf, const struct bench_sizes *sizes,
                  unsigned int reps, double *slopes)
{
  double sweep_ns = 0, *points, *scratch, medians[BENCH_MAX_LIBS];
  unsigned int npoints, i, k, calls[BENCH_MAX_LIBS];
  size_t calibrate_len;

  for (k = 0; k < n; k++)
    slopes[k] = -1;
  if (sizes->step == 0 || sizes->last < sizes->first || reps < 1
      || n < 1 || n > BENCH_MAX_LIBS)
    return;
  npoints = (unsigned int) ((sizes->last - sizes->first) / sizes->step) + 1;
  points = calloc ((size_t) n * npoints, sizeof *points);
  scratch = calloc ((size_t) n * reps, sizeof *scratch);
  if (!points || !scratch)
    {
      free (points);
      free (scratch);
      return;
    }

  calibrate_len = sizes->first ? sizes->first : sizes->step;
  for (k = 0; k < n; k++)
    {
      calls[k] = batch_length (op, ctxs[k], buf, calibrate_len);
      for (i = 0; i < npoints; i++)
        sweep_ns += time_batch (op, ctxs[k], buf,
                                sizes->first + i * sizes->step, calls[k]);
    }
  reps = repetitions_within_budget (reps, sweep_ns);
  for (i = 0; i < npoints; i++)
    {
      medians_per_call (op, ctxs, n, buf, sizes->first + i * sizes->step,
                        calls, reps, scratch, medians);
      for (k = 0; k < n; k++)
        points[k * npoints + i] = medians[k];
    }
  for (k = 0; k < n; k++)
    slopes[k] = fitted_slope (points + k * npoints, npoints, sizes->first,
                              sizes->step);

  free (points);
  free (scratch);
}


void
bench_slope_multi (bench_op_fn op, void *const *ctxs, unsigned int n,
                   unsigned char *buf, const struct bench_sizes *sizes,
                   double *results)
{
  int tries = 0, bad;
  unsigned int k;

  /* A disturbed run can fit a flat or falling line; measure again.  */
  do
    {
      slopes_with_reps (op, ctxs, n, buf, sizes, bench_opt.repetitions,
                        results);
      for (bad = 0, k = 0; k < n; k++)
        bad |= results[k] <= 0;
    }
  while (bad && ++tries < 5);
}


double
bench_slope (bench_op_fn op, void *ctx, unsigned char *buf,
             const struct bench_sizes *sizes)
{
  double slope;

  bench_slope_multi (op, &ctx, 1, buf, sizes, &slope);
  return slope;
}


void
bench_per_call_multi (bench_op_fn op, void *const *ctxs, unsigned int n,
                      unsigned char *buf, size_t len, double *results)
{
  unsigned int reps = bench_opt.repetitions, k, calls[BENCH_MAX_LIBS];
  double *scratch;

  for (k = 0; k < n; k++)
    results[k] = -1;
  if (n < 1 || n > BENCH_MAX_LIBS)
    return;
  scratch = calloc ((size_t) n * reps, sizeof *scratch);
  if (!scratch)
    return;
  for (k = 0; k < n; k++)
    calls[k] = batch_length (op, ctxs[k], buf, len);
  medians_per_call (op, ctxs, n, buf, len, calls, reps, scratch, results);
  free (scratch);
}


double
bench_per_call (bench_op_fn op, void *ctx, unsigned char *buf, size_t len)
{
  double result;

  bench_per_call_multi (op, &ctx, 1, buf, len, &result);
  return result;
}


/*
 * The clock probe.
 */

static volatile uint64_t probe_increment = 1;
static volatile uint64_t probe_sink;

/* PROBE_ADDS_PER_UNIT dependent additions.  Written as one asm block
   so that neither the optimiser nor its absence (-O0 would keep ACC in
   memory between statements, adding store-to-load latency) changes what
   runs: each addition waits for the previous one, one per cycle.  */
#define PROBE_STR(n)  #n
#define PROBE_XSTR(n) PROBE_STR (n)
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
# define PROBE_CHAIN(acc, inc)                                          \
  __asm__ volatile (".rept " PROBE_XSTR (PROBE_ADDS_PER_UNIT) "\n\t"    \
                    "add %1, %0\n\t"                                    \
                    ".endr" : "+r" (acc) : "r" (inc))
#elif defined(__GNUC__) && defined(__aarch64__)
# define PROBE_CHAIN(acc, inc)                                          \
  __asm__ volatile (".rept " PROBE_XSTR (PROBE_ADDS_PER_UNIT) "\n\t"    \
                    "add %0, %0, %1\n\t"                                \
                    ".endr" : "+r" (acc) : "r" (inc))
#else
/* Elsewhere a plain C chain: right only when compiled with
   optimisation.  */
# define PROBE_CHAIN(acc, inc)                                          \
  do { int probe_i_;                                                    \
       for (probe_i_ = 0; probe_i_ < PROBE_ADDS_PER_UNIT; probe_i_++)    \
         (acc) += (inc); } while (0)
#endif

/* UNITS times PROBE_ADDS_PER_UNIT dependent additions.  */
static void
probe_op (void *ctx, unsigned char *buf, size_t units)
{
  uint64_t acc = 0, inc = probe_increment;
  size_t u;

  (void) ctx;
  (void) buf;
  for (u = 0; u < units; u++)
    PROBE_CHAIN (acc, inc);
  probe_sink = acc;
}


/* The CPU clock in MHz, measured now.  */
static double
probe_mhz (void)
{
  static const struct bench_sizes probe_sizes = { 8, 72, 8 };
  double ns_per_unit;
  void *no_ctx = NULL;

  slopes_with_reps (probe_op, &no_ctx, 1, NULL, &probe_sizes,
                    PROBE_REPETITIONS, &ns_per_unit);
  if (ns_per_unit <= 0)
    return 0;
  return PROBE_ADDS_PER_UNIT / ns_per_unit * 1000.0;
}


int
bench_with_clock (int (*measure) (void *arg), void *arg,
                  struct bench_clock *clock)
{
  double tolerance = CLOCK_TOLERANCE;
  double before, after, mid, spread;
  int attempt, rc;

  clock->mhz = bench_opt.fixed_mhz;
  clock->spread_mhz = 0;
  if (!bench_opt.auto_mhz)
    return measure (arg);

  for (attempt = 1; ; attempt++)
    {
      before = probe_mhz ();
      rc = measure (arg);
      after = probe_mhz ();
      if (rc)
        return rc;
      mid = (before + after) / 2;
      spread = after > before ? after - before : before - after;
      if (spread <= tolerance * mid || attempt >= CLOCK_MAX_ATTEMPTS
          || bench_opt.quick)
        break;
      tolerance *= 2;
    }
  if (bench_opt.verbose > 1)
    fprintf (stderr, PGM ": clock %.1f MHz (%.1f .. %.1f) after %d attempt%s\n",
             mid, before, after, attempt, attempt == 1 ? "" : "s");
  clock->mhz = mid;
  clock->spread_mhz = spread;
  return 0;
}


void
bench_warm_up (void)
{
  double start = now_ns ();

  if (bench_opt.quick)
    return;
  while (now_ns () - start < 1e9)
    ;
}


unsigned char *
bench_alloc_buffer (size_t size, void **to_free)
{
  const size_t align = 64;
  unsigned char *raw, *buf;
  size_t i;

  raw = malloc (size + align + 1);
  if (!raw)
    {
      fprintf (stderr, PGM ": out of memory\n");
      exit (1);
    }
  buf = raw + (align - (uintptr_t) raw % align);
  if (bench_opt.unaligned)
    buf++;
  /* Any fixed, non-uniform content does; it only has to be the same on
     every run.  */
  for (i = 0; i < size; i++)
    buf[i] = (unsigned char) (i * 7 + 0x5a);
  *to_free = raw;
  return buf;
}


void
bench_free_buffer (void *to_free)
{
  free (to_free);
}
