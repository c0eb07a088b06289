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
 * not export it.  With --compare each row runs on both libraries, timed
 * interleaved.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* Families reported under a primitive whose name is not a prefix of the
   algorithm names: every SHA-3, SHAKE and cSHAKE row is served by the
   one Keccak-f[1600] kernel, which cipher/keccak.c reports as "keccak";
   GMAC by the GHASH kernel; CMAC-AES by AES's CBC encryption.  Matched
   against the lower-cased algorithm name (an HMAC row's without its
   "hmac_").  */
static const struct
{
  const char *name_prefix;
  const char *primitive;
} family_primitives[] =
  {
    { "sha3-", "keccak" },
    { "sha3_", "keccak" },
    { "shake", "keccak" },
    { "cshake", "keccak" },
    { "gmac_", "ghash" },
    { "cmac_aes", "aes-cbc-enc" }
  };

/* The kernel the library reports for an algorithm, tried under its
   lower-cased name, then that name cut at '_' or '-' ("blake2b_512" is
   served by "blake2b"), then the primitive of its family (above).  */
static const char *
algo_kernel (const char *algo_name)
{
  char names[2][64];
  const char *candidates[4];
  size_t i, n = 0;

  /* HMAC_X is served by X's kernel.  */
  if (!strncasecmp (algo_name, "hmac_", 5))
    algo_name += 5;
  for (i = 0; algo_name[i] && i < sizeof names[0] - 1; i++)
    names[0][i] = (char) tolower ((unsigned char) algo_name[i]);
  names[0][i] = 0;
  memcpy (names[1], names[0], sizeof names[1]);
  names[1][strcspn (names[1], "_-")] = 0;
  candidates[n++] = names[0];
  candidates[n++] = names[1];
  for (i = 0; i < sizeof family_primitives / sizeof family_primitives[0];
       i++)
    if (!strncmp (names[0], family_primitives[i].name_prefix,
                  strlen (family_primitives[i].name_prefix)))
      {
        candidates[n++] = family_primitives[i].primitive;
        break;
      }
  candidates[n] = NULL;
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


/* One measured row on one library, for the kinds of handle below.  */
struct digest_job
{
  const struct bench_lib *lib;
  void *hd;                 /* NULL: the library does not run this row */
  unsigned int out_len;
  int failed;
  double slope;
  double ns_per_byte[BENCH_MAX_MSGLENS];
  bench_op_fn op;
  unsigned char *buf;
};

/* A row on every library.  */
struct digest_row
{
  struct digest_job jobs[BENCH_MAX_LIBS];
};


/* The contexts of ROW's jobs that have a handle, in CTXS; returns their
   count and their indices in WHICH.  */
static unsigned int
open_jobs (struct digest_row *row, void **ctxs, unsigned int *which)
{
  unsigned int k, n = 0;

  for (k = 0; k < bench_n_libs; k++)
    if (row->jobs[k].hd)
      {
        ctxs[n] = &row->jobs[k];
        which[n++] = k;
      }
  return n;
}


static int
measure_slope (void *arg)
{
  struct digest_row *row = arg;
  void *ctxs[BENCH_MAX_LIBS] = { NULL };
  unsigned int which[BENCH_MAX_LIBS], n, k;
  double slopes[BENCH_MAX_LIBS];

  n = open_jobs (row, ctxs, which);
  bench_slope_multi (row->jobs[0].op, ctxs, n, row->jobs[0].buf,
                     &bench_bytes_sizes, slopes);
  for (k = 0; k < n; k++)
    row->jobs[which[k]].slope = slopes[k];
  return 0;
}


static int
measure_msglen (void *arg)
{
  struct digest_row *row = arg;
  void *ctxs[BENCH_MAX_LIBS] = { NULL };
  unsigned int which[BENCH_MAX_LIBS], n, i, k;
  double per_call[BENCH_MAX_LIBS];

  n = open_jobs (row, ctxs, which);
  for (i = 0; i < bench_opt.n_msglens; i++)
    {
      bench_per_call_multi (row->jobs[0].op, ctxs, n, row->jobs[0].buf,
                            bench_opt.msglens[i], per_call);
      for (k = 0; k < n; k++)
        row->jobs[which[k]].ns_per_byte[i] = per_call[k]
                                             / bench_opt.msglens[i];
    }
  return 0;
}


/* Measure ROW (slopes or per-length) and print its result.  */
static void
measure_and_report (struct digest_row *row)
{
  struct bench_clock clk;
  double slopes[BENCH_MAX_LIBS];
  double ns_per_byte[BENCH_MAX_LIBS][BENCH_MAX_MSGLENS];
  unsigned int k, i;

  for (k = 0; k < bench_n_libs; k++)
    {
      row->jobs[k].slope = -1;
      for (i = 0; i < bench_opt.n_msglens; i++)
        row->jobs[k].ns_per_byte[i] = -1;
    }
  bench_with_clock (bench_opt.msglen_mode ? measure_msglen : measure_slope,
                    row, &clk);
  report_progress_done ();
  for (k = 0; k < bench_n_libs; k++)
    {
      slopes[k] = row->jobs[k].slope;
      for (i = 0; i < bench_opt.n_msglens; i++)
        ns_per_byte[k][i] = row->jobs[k].ns_per_byte[i];
    }
  if (bench_opt.msglen_mode)
    report_result_msglen ((const double (*)[BENCH_MAX_MSGLENS]) ns_per_byte,
                          &clk);
  else
    report_result_bytes (slopes, &clk);
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

  job->lib->md_reset (hd);
  job->lib->md_write (hd, buf, len);
  job->lib->md_ctl (hd, GCRYCTL_FINALIZE, NULL, 0);
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
      struct digest_row row;
      unsigned int k;

      memset (&row, 0, sizeof row);
      for (k = 0; k < bench_n_libs; k++)
        {
          struct digest_job *job = &row.jobs[k];
          gcry_md_hd_t hd;
          gcry_error_t err;

          job->lib = &bench_libs[k];
          job->op = hash_op;
          job->buf = buf;
          err = job->lib->md_open (&hd, algos[i], 0);
          if (err && k == 0)
            {
              fprintf (stderr, PGM ": error opening hash '%s': %s\n",
                       gcry_md_algo_name (algos[i]), gcry_strerror (err));
              exit (1);
            }
          if (err && bench_opt.verbose)
            fprintf (stderr, PGM ": hash '%s' not benchmarked in %s: %s\n",
                     gcry_md_algo_name (algos[i]), job->lib->label,
                     gcry_strerror (err));
          job->hd = err ? NULL : hd;
        }
      report_progress ("hash", gcry_md_algo_name (algos[i]), NULL);
      report_algo (-HASH_WIDTH, gcry_md_algo_name (algos[i]));
      measure_and_report (&row);
      for (k = 0; k < bench_n_libs; k++)
        if (row.jobs[k].hd)
          row.jobs[k].lib->md_close (row.jobs[k].hd);
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

  if (job->lib->mac_ctl (hd, GCRYCTL_RESET, NULL, 0)
      || job->lib->mac_write (hd, buf, len)
      || job->lib->mac_read (hd, mac, &maclen))
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
  err = job->lib->mac_open (&hd, algo, 0, NULL);
  if (!err)
    {
      err = job->lib->mac_setkey (hd, key, keylen);
      if (err)
        job->lib->mac_close (hd);
    }
  if (err)
    return err;
  job->hd = hd;
  job->out_len = gcry_mac_get_algo_maclen (algo);
  mac_op (job, job->buf, 16);
  if (job->failed)
    {
      job->failed = 0;
      job->lib->mac_setiv (hd, nonce, sizeof nonce);
      mac_op (job, job->buf, 16);
    }
  if (job->failed)
    {
      job->lib->mac_close (hd);
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
      struct digest_row row;
      unsigned int k;
      gcry_error_t err = 0;

      memset (&row, 0, sizeof row);
      for (k = 0; k < bench_n_libs; k++)
        {
          struct digest_job *job = &row.jobs[k];

          job->lib = &bench_libs[k];
          job->op = mac_op;
          job->buf = buf;
          err = open_mac (algos[i], job);
          if (err && bench_opt.verbose)
            fprintf (stderr, PGM ": mac '%s' not benchmarked in %s: %s\n",
                     gcry_mac_algo_name (algos[i]), job->lib->label,
                     gcry_strerror (err));
          if (err && k == 0)
            break;
        }
      if (!row.jobs[0].hd)
        continue;
      report_progress ("mac", gcry_mac_algo_name (algos[i]), NULL);
      report_algo (-MAC_WIDTH, gcry_mac_algo_name (algos[i]));
      measure_and_report (&row);
      for (k = 0; k < bench_n_libs; k++)
        {
          struct digest_job *job = &row.jobs[k];

          if (!job->hd)
            continue;
          job->lib->mac_close (job->hd);
          if (job->failed)
            {
              fprintf (stderr, PGM ": mac '%s' failed while timed in %s\n",
                       gcry_mac_algo_name (algos[i]), job->lib->label);
              exit (1);
            }
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

/* gcry_kdf_derive is reached through bench_libs[k].kdf_derive, NULL
   while a library does not export it (bench-lib.c).  */

/* GCRY_KDF_PBKDF2's value in upstream's API.  */
#define KDF_ALGO_PBKDF2 34

#ifdef gcry_md_final

struct kdf_job
{
  const struct bench_lib *lib;
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
  if (job->lib->kdf_derive ("qwertyuiop", 10, KDF_ALGO_PBKDF2, job->md_algo,
                            "0123456789ABCDEF", 16, iterations, sizeof key,
                            key))
    job->failed = 1;
}


static int
measure_kdf (void *arg)
{
  static const struct bench_sizes iteration_counts = { 2, 64, 2 };
  struct kdf_job *jobs = arg;
  void *ctxs[BENCH_MAX_LIBS] = { NULL };
  unsigned int which[BENCH_MAX_LIBS], n = 0, k;
  double slopes[BENCH_MAX_LIBS];

  for (k = 0; k < bench_n_libs; k++)
    if (!jobs[k].failed)
      {
        ctxs[n] = &jobs[k];
        which[n++] = k;
      }
  bench_slope_multi (kdf_op, ctxs, n, NULL, &iteration_counts, slopes);
  for (k = 0; k < n; k++)
    jobs[which[k]].ns_per_iter = slopes[k];
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
  struct kdf_job jobs[BENCH_MAX_LIBS];
  struct bench_clock clk;
  double ns_per_iter[BENCH_MAX_LIBS];
  char name[64];
  unsigned int k;

  snprintf (name, sizeof name, "PBKDF2-HMAC-%s", gcry_md_algo_name (md_algo));
  memset (jobs, 0, sizeof jobs);
  for (k = 0; k < bench_n_libs; k++)
    {
      jobs[k].lib = &bench_libs[k];
      jobs[k].md_algo = md_algo;
      jobs[k].ns_per_iter = -1;
      if (jobs[k].lib->kdf_derive)
        kdf_op (&jobs[k], NULL, 2);
      else
        jobs[k].failed = 1;
      if (jobs[k].failed && bench_opt.verbose)
        fprintf (stderr, PGM ": %s not benchmarked in %s\n", name,
                 jobs[k].lib->label);
    }
  if (jobs[0].failed)
    return;
  report_progress ("kdf", name, NULL);
  report_algo (-KDF_WIDTH, name);
  bench_with_clock (measure_kdf, jobs, &clk);
  report_progress_done ();
  for (k = 0; k < bench_n_libs; k++)
    ns_per_iter[k] = jobs[k].failed ? -1 : jobs[k].ns_per_iter;
  if (ns_per_iter[0] <= 0)
    report_result_skipped ();
  else
    report_result_iter (ns_per_iter, &clk);
}


void
bench_kdf_section (char **args, int nargs)
{
  char name[64];
  int algo, i;

  report_section ("kdf", "KDF");
  report_header_iter (KDF_WIDTH, "");
  if (!bench_libs[0].kdf_derive)
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
