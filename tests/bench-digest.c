/* bench-digest.c - the "hash", "mac" and "kdf" sections of bench-slope.
 *
 * As upstream: each section is one table with a row per algorithm.  A
 * hash operation is reset, write the buffer, finalize; a MAC operation
 * is reset, write, read the MAC; a KDF row derives a 16-byte key with
 * PBKDF2 over each hash and reports the cost of one iteration (the slope
 * over iteration counts 2 .. 64).
 *
 * Each part is compiled only when the library's header offers its API
 * (told by a macro that API defines), so bench-slope builds at every
 * stage of the library; gcry_kdf_derive, which has no such macro, is
 * referenced weakly and its section stays empty while the library does
 * not export it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include "gcrypt.h"
#include "bench-common.h"

/* Label widths, as upstream.  */
#define HASH_WIDTH 14
#define MAC_WIDTH  18
#define KDF_WIDTH  24

/* Upper bounds of the algorithm numbers scanned when no names are
   given (upstream's).  */
#define MAX_MD_ALGO  400
#define MAX_MAC_ALGO 600


/* The header of a table whose rows are algorithms.  */
static void
table_header (int width)
{
  if (bench_opt.msglen_mode)
    report_header_msglen (width, "");
  else
    report_header_bytes (width, "");
}


#if defined(gcry_md_final) || defined(gcry_mac_reset)

/* The kernel the library reports for an algorithm, tried under its
   lower-cased name, then that name cut at '_' or '-' ("blake2b_512" is
   served by "blake2b").  */
static const char *
algo_kernel (const char *algo_name)
{
  char names[2][64];
  const char *candidates[3];
  size_t i;

  for (i = 0; algo_name[i] && i < sizeof names[0] - 1; i++)
    names[0][i] = (char) tolower ((unsigned char) algo_name[i]);
  names[0][i] = 0;
  memcpy (names[1], names[0], sizeof names[1]);
  names[1][strcspn (names[1], "_-")] = 0;
  candidates[0] = names[0];
  candidates[1] = names[1];
  candidates[2] = NULL;
  return report_kernel_lookup (candidates);
}


/* The algorithms of one table: either those named on the command line
   (mapped by MAP_NAME, unknown ones reported) or every number below
   LIMIT that AVAILABLE accepts.  Returns the count stored in ALGOS.  */
static unsigned int
collect_algos (char **args, int nargs, int (*map_name) (const char *),
               int (*available) (int), int limit, const char *what,
               int *algos, unsigned int capacity)
{
  unsigned int n = 0;
  int i;

  if (nargs)
    {
      for (i = 0; i < nargs && n < capacity; i++)
        {
          int algo = map_name (args[i]);

          if (algo && available (algo))
            algos[n++] = algo;
          else
            fprintf (stderr, PGM ": unknown %s '%s' - skipped\n", what,
                     args[i]);
        }
    }
  else
    {
      for (i = 1; i < limit && n < capacity; i++)
        if (available (i))
          algos[n++] = i;
    }
  return n;
}


/* Prints the kernel lines of a table whose rows are algorithms.  */
static void
report_algo_kernels (int width, const int *algos, unsigned int n,
                     const char *(*algo_name) (int))
{
  const char *labels[MAX_MAC_ALGO], *kernels[MAX_MAC_ALGO];
  unsigned int i;

  for (i = 0; i < n; i++)
    {
      labels[i] = algo_name (algos[i]);
      kernels[i] = algo_kernel (labels[i]);
    }
  report_kernels (width, "", n, labels, NULL, kernels);
}


/* One measured row, for the kinds of handle below.  */
struct digest_job
{
  void *hd;
  unsigned int out_len;
  int failed;
  double slope;
  double ns_per_byte[BENCH_MAX_MSGLENS];
  bench_op_fn op;
  unsigned char *buf;
};


static int
measure_slope (void *arg)
{
  struct digest_job *job = arg;

  job->slope = bench_slope (job->op, job, job->buf, &bench_bytes_sizes);
  return 0;
}


static int
measure_msglen (void *arg)
{
  struct digest_job *job = arg;
  unsigned int i;

  for (i = 0; i < bench_opt.n_msglens; i++)
    job->ns_per_byte[i] = bench_per_call (job->op, job, job->buf,
                                          bench_opt.msglens[i])
                          / bench_opt.msglens[i];
  return 0;
}


/* Measure JOB (slopes or per-length) and print its result.  */
static void
measure_and_report (struct digest_job *job)
{
  struct bench_clock clk;

  bench_with_clock (bench_opt.msglen_mode ? measure_msglen : measure_slope,
                    job, &clk);
  report_progress_done ();
  if (bench_opt.msglen_mode)
    report_result_msglen (job->ns_per_byte, &clk);
  else
    report_result_bytes (job->slope, &clk);
}


static unsigned char *
section_buffer (void **to_free)
{
  size_t bufsize = bench_bytes_sizes.last;
  unsigned int i;

  for (i = 0; i < bench_opt.n_msglens; i++)
    if (bench_opt.msglens[i] > bufsize)
      bufsize = bench_opt.msglens[i];
  return bench_alloc_buffer (bufsize, to_free);
}


#endif /* gcry_md_final || gcry_mac_reset */

/*
 * Hash.
 */

#ifdef gcry_md_final   /* The message digest API is in the header.  */

static void
hash_op (void *ctx, unsigned char *buf, size_t len)
{
  struct digest_job *job = ctx;
  gcry_md_hd_t hd = job->hd;

  gcry_md_reset (hd);
  gcry_md_write (hd, buf, len);
  gcry_md_final (hd);
}


static int
hash_available (int algo)
{
  const char *name;

  if (gcry_md_test_algo (algo))
    return 0;
  /* cSHAKE is only meaningful with a customization string; upstream
     leaves it out too.  */
  name = gcry_md_algo_name (algo);
  return name && strncmp (name, "CSHAKE", 6);
}


void
bench_hash_section (char **args, int nargs)
{
  int algos[MAX_MD_ALGO];
  unsigned int n, i;
  void *to_free;
  unsigned char *buf = section_buffer (&to_free);

  report_section ("hash", "Hash");
  table_header (HASH_WIDTH);
  n = collect_algos (args, nargs, gcry_md_map_name, hash_available,
                     MAX_MD_ALGO, "hash", algos, MAX_MD_ALGO);
  report_algo_kernels (HASH_WIDTH, algos, n, gcry_md_algo_name);

  for (i = 0; i < n; i++)
    {
      struct digest_job job = { NULL, 0, 0, 0, { 0 }, hash_op, buf };
      gcry_md_hd_t hd;
      gcry_error_t err;

      err = gcry_md_open (&hd, algos[i], 0);
      if (err)
        {
          fprintf (stderr, PGM ": error opening hash '%s': %s\n",
                   gcry_md_algo_name (algos[i]), gcry_strerror (err));
          exit (1);
        }
      job.hd = hd;
      report_progress ("hash", gcry_md_algo_name (algos[i]), NULL);
      report_algo (-HASH_WIDTH, gcry_md_algo_name (algos[i]));
      measure_and_report (&job);
      gcry_md_close (hd);
    }
  report_footer (HASH_WIDTH);
  bench_free_buffer (to_free);
}

#else /* !gcry_md_final */

void
bench_hash_section (char **args, int nargs)
{
  (void) args;
  (void) nargs;
  report_section ("hash", "Hash");
  table_header (HASH_WIDTH);
  report_footer (HASH_WIDTH);
  if (bench_opt.verbose)
    fprintf (stderr, PGM ": this library has no hash API yet\n");
}

#endif /* !gcry_md_final */


/*
 * MAC.
 */

#ifdef gcry_mac_reset   /* The MAC API is in the header.  */

static void
mac_op (void *ctx, unsigned char *buf, size_t len)
{
  struct digest_job *job = ctx;
  gcry_mac_hd_t hd = job->hd;
  unsigned char mac[64];
  size_t maclen = job->out_len < sizeof mac ? job->out_len : sizeof mac;

  if (gcry_mac_reset (hd)
      || gcry_mac_write (hd, buf, len)
      || gcry_mac_read (hd, mac, &maclen))
    job->failed = 1;
}


static int
mac_available (int algo)
{
  return !gcry_mac_test_algo (algo);
}


/* Open and key a MAC handle; nonce-based MACs (the Poly1305 family)
   also get a nonce, which is tried only when the first trial fails.  */
static gcry_error_t
open_mac (int algo, struct digest_job *job)
{
  static const unsigned char nonce[16] = { 0x6e, 0x6f, 0x6e, 0x63, 0x65 };
  unsigned char key[64];
  unsigned int keylen = gcry_mac_get_algo_keylen (algo);
  gcry_mac_hd_t hd;
  gcry_error_t err;

  if (!keylen || keylen > sizeof key)
    keylen = 32;
  memset (key, 0x2a, keylen);
  err = gcry_mac_open (&hd, algo, 0, NULL);
  if (!err)
    err = gcry_mac_setkey (hd, key, keylen);
  if (err)
    return err;
  job->hd = hd;
  job->out_len = gcry_mac_get_algo_maclen (algo);
  mac_op (job, job->buf, 16);
  if (job->failed)
    {
      job->failed = 0;
      gcry_mac_setiv (hd, nonce, sizeof nonce);
      mac_op (job, job->buf, 16);
    }
  if (job->failed)
    {
      gcry_mac_close (hd);
      job->hd = NULL;
      return gcry_error (GPG_ERR_NOT_SUPPORTED);
    }
  return 0;
}


void
bench_mac_section (char **args, int nargs)
{
  int algos[MAX_MAC_ALGO];
  unsigned int n, i;
  void *to_free;
  unsigned char *buf = section_buffer (&to_free);

  report_section ("mac", "MAC");
  table_header (MAC_WIDTH);
  n = collect_algos (args, nargs, gcry_mac_map_name, mac_available,
                     MAX_MAC_ALGO, "mac", algos, MAX_MAC_ALGO);
  report_algo_kernels (MAC_WIDTH, algos, n, gcry_mac_algo_name);

  for (i = 0; i < n; i++)
    {
      struct digest_job job = { NULL, 0, 0, 0, { 0 }, mac_op, buf };
      gcry_error_t err = open_mac (algos[i], &job);

      if (err)
        {
          if (bench_opt.verbose)
            fprintf (stderr, PGM ": mac '%s' not benchmarked: %s\n",
                     gcry_mac_algo_name (algos[i]), gcry_strerror (err));
          continue;
        }
      report_progress ("mac", gcry_mac_algo_name (algos[i]), NULL);
      report_algo (-MAC_WIDTH, gcry_mac_algo_name (algos[i]));
      measure_and_report (&job);
      gcry_mac_close (job.hd);
      if (job.failed)
        {
          fprintf (stderr, PGM ": mac '%s' failed while timed\n",
                   gcry_mac_algo_name (algos[i]));
          exit (1);
        }
    }
  report_footer (MAC_WIDTH);
  bench_free_buffer (to_free);
}

#else /* !gcry_mac_reset */

void
bench_mac_section (char **args, int nargs)
{
  (void) args;
  (void) nargs;
  report_section ("mac", "MAC");
  table_header (MAC_WIDTH);
  report_footer (MAC_WIDTH);
  if (bench_opt.verbose)
    fprintf (stderr, PGM ": this library has no MAC API yet\n");
}

#endif /* !gcry_mac_reset */


/*
 * KDF: PBKDF2 over every hash.
 */

/* Upstream's prototype, declared weak: the address is NULL while the
   library does not export the function.  Identical to the header's
   declaration once there is one.  */
gpg_error_t gcry_kdf_derive (const void *passphrase, size_t passphraselen,
                             int algo, int subalgo,
                             const void *salt, size_t saltlen,
                             unsigned long iterations,
                             size_t keysize, void *keybuffer)
  __attribute__ ((weak));

/* GCRY_KDF_PBKDF2's value in upstream's API.  */
#define KDF_ALGO_PBKDF2 34

#ifdef gcry_md_final

struct kdf_job
{
  int md_algo;
  int failed;
  double ns_per_iter;
};

/* bench_op_fn: LEN is the iteration count.  */
static void
kdf_op (void *ctx, unsigned char *buf, size_t iterations)
{
  struct kdf_job *job = ctx;
  unsigned char key[16];

  (void) buf;
  if (gcry_kdf_derive ("qwertyuiop", 10, KDF_ALGO_PBKDF2, job->md_algo,
                       "0123456789ABCDEF", 16, iterations, sizeof key, key))
    job->failed = 1;
}


static int
measure_kdf (void *arg)
{
  static const struct bench_sizes iteration_counts = { 2, 64, 2 };
  struct kdf_job *job = arg;

  job->ns_per_iter = bench_slope (kdf_op, job, NULL, &iteration_counts);
  return 0;
}


/* The hashes PBKDF2 makes sense with: fixed-length digests, and not
   the checksums (upstream's choice).  */
static int
kdf_md_usable (int algo)
{
  const char *name = gcry_md_algo_name (algo);

  return hash_available (algo) && gcry_md_get_algo_dlen (algo)
         && strncmp (name, "CRC", 3) && strcmp (name, "MD4");
}


static void
kdf_bench_one (int md_algo)
{
  struct kdf_job job = { md_algo, 0, 0 };
  struct bench_clock clk;
  char name[64];

  snprintf (name, sizeof name, "PBKDF2-HMAC-%s", gcry_md_algo_name (md_algo));
  kdf_op (&job, NULL, 2);
  if (job.failed)
    {
      if (bench_opt.verbose)
        fprintf (stderr, PGM ": %s not benchmarked\n", name);
      return;
    }
  report_progress ("kdf", name, NULL);
  report_algo (-KDF_WIDTH, name);
  bench_with_clock (measure_kdf, &job, &clk);
  report_progress_done ();
  if (job.failed || job.ns_per_iter <= 0)
    report_result_skipped ();
  else
    report_result_iter (job.ns_per_iter, &clk);
}


void
bench_kdf_section (char **args, int nargs)
{
  char name[64];
  int algo, i;

  report_section ("kdf", "KDF");
  report_header_iter (KDF_WIDTH, "");
  if (!gcry_kdf_derive)
    {
      if (bench_opt.verbose)
        fprintf (stderr, PGM ": this library has no gcry_kdf_derive yet\n");
    }
  else if (nargs)
    {
      for (i = 0; i < nargs; i++)
        for (algo = 1; algo < MAX_MD_ALGO; algo++)
          {
            if (!kdf_md_usable (algo))
              continue;
            snprintf (name, sizeof name, "PBKDF2-HMAC-%s",
                      gcry_md_algo_name (algo));
            if (!strcmp (args[i], name))
              kdf_bench_one (algo);
          }
    }
  else
    {
      for (algo = 1; algo < MAX_MD_ALGO; algo++)
        if (kdf_md_usable (algo))
          kdf_bench_one (algo);
    }
  report_footer (KDF_WIDTH);
}

#else /* !gcry_md_final */

void
bench_kdf_section (char **args, int nargs)
{
  (void) args;
  (void) nargs;
  report_section ("kdf", "KDF");
  report_header_iter (KDF_WIDTH, "");
  report_footer (KDF_WIDTH);
}

#endif /* !gcry_md_final */
