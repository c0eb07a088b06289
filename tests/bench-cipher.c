/* bench-cipher.c - the "cipher" section of bench-slope.
 *
 * Each algorithm gets one table with a row per mode and direction.  The
 * rows and what one operation does follow upstream, so numbers compare:
 *  - plain modes: reset the handle, then encrypt or decrypt the buffer
 *    in place (XTS and SIV take a double-length key);
 *  - AEAD modes: reset, set the nonce, mark the data final, process the
 *    buffer and produce (or check) the tag; the "auth" row authenticates
 *    the buffer as additional data and processes a single byte;
 *  - CCM sets its lengths before every message and uses 8-byte tags.
 * With --msglen an operation is one complete message: plain modes also
 * set a fresh IV or counter each time.  A mode the library does not
 * offer for an algorithm (opening, keying or a trial run fails) is left
 * out of the table, as upstream leaves out unsupported combinations.
 * With --compare every row runs on both libraries, timed interleaved; a
 * row the compared library lacks shows "-" in its columns.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <ctype.h>

#include "gcrypt.h"
#include "bench-common.h"

/* Table label width, as upstream.  */
#define CIPHER_WIDTH 14

#ifdef gcry_cipher_reset   /* The cipher API is in the header.  */

static int
have_aead_api (const struct bench_lib *lib)
{
  return lib->cipher_authenticate && lib->cipher_gettag
         && lib->cipher_checktag;
}

enum cipher_op
  {
    OP_ENCRYPT, OP_DECRYPT,
    OP_AEAD_ENCRYPT, OP_AEAD_DECRYPT, OP_AEAD_AUTH,
    OP_CCM_ENCRYPT, OP_CCM_DECRYPT, OP_CCM_AUTH
  };

/* How a complete message (--msglen) starts in a plain mode.  */
enum iv_kind { IV_NONE, IV_SETIV, IV_SETCTR };

struct cipher_row
{
  const char *mode_name;     /* "CTR"; with DIRECTION the row label */
  const char *direction;     /* "enc", "dec" or "auth" */
  int mode;
  enum cipher_op op;
  unsigned char key_factor;  /* key length in algorithm key lengths */
  unsigned char nonce_len;   /* AEAD nonce bytes (0: none) */
  enum iv_kind iv;
};

#define PLAIN(name, m, iv, kf)                                          \
  { name, "enc", m, OP_ENCRYPT, kf, 0, iv },                            \
  { name, "dec", m, OP_DECRYPT, kf, 0, iv }
#define AEAD(name, m, nonce, kf)                                        \
  { name, "enc", m, OP_AEAD_ENCRYPT, kf, nonce, IV_NONE },              \
  { name, "dec", m, OP_AEAD_DECRYPT, kf, nonce, IV_NONE },              \
  { name, "auth", m, OP_AEAD_AUTH, kf, nonce, IV_NONE }

static const struct cipher_row cipher_rows[] =
  {
    PLAIN ("ECB", GCRY_CIPHER_MODE_ECB, IV_NONE, 1),
    PLAIN ("CBC", GCRY_CIPHER_MODE_CBC, IV_SETIV, 1),
    PLAIN ("CFB", GCRY_CIPHER_MODE_CFB, IV_SETIV, 1),
    PLAIN ("CFB8", GCRY_CIPHER_MODE_CFB8, IV_SETIV, 1),
    PLAIN ("OFB", GCRY_CIPHER_MODE_OFB, IV_SETIV, 1),
    PLAIN ("CTR", GCRY_CIPHER_MODE_CTR, IV_SETCTR, 1),
    PLAIN ("XCTR", GCRY_CIPHER_MODE_XCTR, IV_SETIV, 1),
    PLAIN ("XTS", GCRY_CIPHER_MODE_XTS, IV_SETIV, 2),
    PLAIN ("HCTR2", GCRY_CIPHER_MODE_HCTR2, IV_SETIV, 1),
    { "CCM", "enc", GCRY_CIPHER_MODE_CCM, OP_CCM_ENCRYPT, 1, 11, IV_NONE },
    { "CCM", "dec", GCRY_CIPHER_MODE_CCM, OP_CCM_DECRYPT, 1, 11, IV_NONE },
    { "CCM", "auth", GCRY_CIPHER_MODE_CCM, OP_CCM_AUTH, 1, 11, IV_NONE },
    AEAD ("EAX", GCRY_CIPHER_MODE_EAX, 16, 1),
    AEAD ("GCM", GCRY_CIPHER_MODE_GCM, 12, 1),
    AEAD ("OCB", GCRY_CIPHER_MODE_OCB, 15, 1),
    AEAD ("SIV", GCRY_CIPHER_MODE_SIV, 0, 2),
    AEAD ("GCM-SIV", GCRY_CIPHER_MODE_GCM_SIV, 12, 1),
  };
#define N_CIPHER_ROWS (sizeof cipher_rows / sizeof cipher_rows[0])

/* Stream ciphers (block length 1) have the plain stream mode and, for
   ChaCha20, the Poly1305 AEAD (with the RFC 8439 nonce length).  */
static const struct cipher_row stream_rows[] =
  {
    PLAIN ("STREAM", GCRY_CIPHER_MODE_STREAM, IV_NONE, 1),
    AEAD ("POLY1305", GCRY_CIPHER_MODE_POLY1305, 12, 1),
  };


/* One row being measured.  */
struct cipher_job
{
  const struct bench_lib *lib;
  gcry_cipher_hd_t hd;
  int usable;              /* the library runs this row */
  const struct cipher_row *row;
  char label[24];
  size_t blklen;
  int complete;            /* --msglen: set IV/counter per message */
  gcry_error_t err;        /* the first failure of any call */
  const char *failed_call;
  /* --msglen results, one per message length.  */
  double ns_per_byte[BENCH_MAX_MSGLENS];
  double slope;
};


static void
note_error (struct cipher_job *job, gcry_error_t err, const char *call)
{
  if (err && !job->err)
    {
      job->err = err;
      job->failed_call = call;
    }
}


/* Decryption of benchmark data fails the authentication check by
   design; only other errors count.  */
static gcry_error_t
ignore_checksum (gcry_error_t err)
{
  return gcry_err_code (err) == GPG_ERR_CHECKSUM ? 0 : err;
}


static void
start_plain_message (struct cipher_job *job)
{
  static const unsigned char iv[32] =
    { 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
      0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f };

  if (!job->complete || job->row->iv == IV_NONE)
    return;
  if (job->row->iv == IV_SETCTR)
    note_error (job, job->lib->cipher_setctr (job->hd, iv, job->blklen),
                "gcry_cipher_setctr");
  else
    note_error (job, job->lib->cipher_setiv (job->hd, iv, job->blklen),
                "gcry_cipher_setiv");
}


static void
run_plain (struct cipher_job *job, unsigned char *buf, size_t len)
{
  gcry_error_t err;

  note_error (job, job->lib->cipher_ctl (job->hd, GCRYCTL_RESET, NULL, 0),
              "gcry_cipher_reset");
  start_plain_message (job);
  if (job->row->op == OP_ENCRYPT)
    err = job->lib->cipher_encrypt (job->hd, buf, len, buf, len);
  else
    err = job->lib->cipher_decrypt (job->hd, buf, len, buf, len);
  note_error (job, err, job->row->op == OP_ENCRYPT ? "gcry_cipher_encrypt"
              : "gcry_cipher_decrypt");
}


static void
run_aead (struct cipher_job *job, unsigned char *buf, size_t len)
{
  static const unsigned char nonce[16] =
    { 0x4e, 0x6f, 0x6e, 0x63, 0x65, 0x2d, 0x62, 0x65,
      0x6e, 0x63, 0x68, 0x2d, 0x30, 0x30, 0x30, 0x31 };
  const struct bench_lib *lib = job->lib;
  gcry_cipher_hd_t hd = job->hd;
  unsigned char tag[16] = { 0 };
  unsigned char one_byte = 0x5a;

  note_error (job, lib->cipher_ctl (hd, GCRYCTL_RESET, NULL, 0),
              "gcry_cipher_reset");
  if (job->row->op == OP_AEAD_DECRYPT)
    {
      /* SIV-style modes want the tag before decrypting; others ignore
         it, so its result does not matter.  */
      (void) lib->cipher_ctl (hd, GCRYCTL_SET_DECRYPTION_TAG, tag,
                              sizeof tag);
    }
  if (job->row->nonce_len)
    note_error (job, lib->cipher_setiv (hd, nonce, job->row->nonce_len),
                "gcry_cipher_setiv");

  switch (job->row->op)
    {
    case OP_AEAD_ENCRYPT:
      note_error (job, lib->cipher_ctl (hd, GCRYCTL_FINALIZE, NULL, 0),
                  "gcry_cipher_final");
      note_error (job, lib->cipher_encrypt (hd, buf, len, buf, len),
                  "gcry_cipher_encrypt");
      note_error (job, lib->cipher_gettag (hd, tag, sizeof tag),
                  "gcry_cipher_gettag");
      break;
    case OP_AEAD_DECRYPT:
      note_error (job, lib->cipher_ctl (hd, GCRYCTL_FINALIZE, NULL, 0),
                  "gcry_cipher_final");
      note_error (job, ignore_checksum (lib->cipher_decrypt (hd, buf, len,
                                                             buf, len)),
                  "gcry_cipher_decrypt");
      note_error (job, ignore_checksum (lib->cipher_checktag (hd, tag,
                                                              sizeof tag)),
                  "gcry_cipher_checktag");
      break;
    default: /* OP_AEAD_AUTH */
      note_error (job, lib->cipher_authenticate (hd, buf, len),
                  "gcry_cipher_authenticate");
      note_error (job, lib->cipher_ctl (hd, GCRYCTL_FINALIZE, NULL, 0),
                  "gcry_cipher_final");
      note_error (job, lib->cipher_encrypt (hd, &one_byte, 1, &one_byte, 1),
                  "gcry_cipher_encrypt");
      note_error (job, lib->cipher_gettag (hd, tag, sizeof tag),
                  "gcry_cipher_gettag");
      break;
    }
}


static void
run_ccm (struct cipher_job *job, unsigned char *buf, size_t len)
{
  static const unsigned char nonce[11] = { 0x80, 0x01, 0x02, 0x03 };
  const struct bench_lib *lib = job->lib;
  gcry_cipher_hd_t hd = job->hd;
  unsigned char tag[8] = { 0 };
  unsigned char one_byte = 0x5a;
  uint64_t lengths[3];   /* data length, AAD length, tag length */

  note_error (job, lib->cipher_setiv (hd, nonce, sizeof nonce),
              "gcry_cipher_setiv");
  lengths[0] = job->row->op == OP_CCM_AUTH ? 1 : len;
  lengths[1] = job->row->op == OP_CCM_AUTH ? len : 0;
  lengths[2] = sizeof tag;
  note_error (job, lib->cipher_ctl (hd, GCRYCTL_SET_CCM_LENGTHS, lengths,
                                    sizeof lengths),
              "gcry_cipher_ctl");
  switch (job->row->op)
    {
    case OP_CCM_ENCRYPT:
      note_error (job, lib->cipher_encrypt (hd, buf, len, buf, len),
                  "gcry_cipher_encrypt");
      note_error (job, lib->cipher_gettag (hd, tag, sizeof tag),
                  "gcry_cipher_gettag");
      break;
    case OP_CCM_DECRYPT:
      note_error (job, lib->cipher_decrypt (hd, buf, len, buf, len),
                  "gcry_cipher_decrypt");
      note_error (job, ignore_checksum (lib->cipher_checktag (hd, tag,
                                                              sizeof tag)),
                  "gcry_cipher_checktag");
      break;
    default: /* OP_CCM_AUTH */
      note_error (job, lib->cipher_authenticate (hd, buf, len),
                  "gcry_cipher_authenticate");
      note_error (job, lib->cipher_encrypt (hd, &one_byte, 1, &one_byte, 1),
                  "gcry_cipher_encrypt");
      note_error (job, lib->cipher_gettag (hd, tag, sizeof tag),
                  "gcry_cipher_gettag");
      break;
    }
}


/* bench_op_fn: one operation of the row.  */
static void
cipher_op (void *ctx, unsigned char *buf, size_t len)
{
  struct cipher_job *job = ctx;

  switch (job->row->op)
    {
    case OP_ENCRYPT:
    case OP_DECRYPT:
      run_plain (job, buf, len);
      break;
    case OP_CCM_ENCRYPT:
    case OP_CCM_DECRYPT:
    case OP_CCM_AUTH:
      run_ccm (job, buf, len);
      break;
    default:
      run_aead (job, buf, len);
      break;
    }
}


/* Open and key the handle of JOB; 0 on success.  */
static gcry_error_t
open_job (struct cipher_job *job, int algo)
{
  size_t keylen = gcry_cipher_get_algo_keylen (algo) * job->row->key_factor;
  unsigned char key[128];
  gcry_error_t err;
  size_t i;

  if (!keylen || keylen > sizeof key)
    return gcry_error (GPG_ERR_INV_KEYLEN);
  err = job->lib->cipher_open (&job->hd, algo, job->row->mode, 0);
  if (err)
    {
      job->hd = NULL;
      return err;
    }
  for (i = 0; i < keylen; i++)
    key[i] = (unsigned char) (0x33 ^ (i * 13));
  err = job->lib->cipher_setkey (job->hd, key, keylen);
  if (err)
    {
      job->lib->cipher_close (job->hd);
      job->hd = NULL;
    }
  return err;
}


static void
close_job (struct cipher_job *job)
{
  if (job->hd)
    job->lib->cipher_close (job->hd);
  job->hd = NULL;
}


/* Whether the library runs ROW for ALGO: open, key and one trial
   message of LEN bytes must all succeed.  */
static int
row_available (int algo, struct cipher_job *job, unsigned char *buf,
               size_t len)
{
  gcry_error_t err;

  if (job->row->op != OP_ENCRYPT && job->row->op != OP_DECRYPT
      && !have_aead_api (job->lib))
    {
      if (bench_opt.verbose)
        fprintf (stderr, PGM ": %s %s not benchmarked in %s: no AEAD API\n",
                 gcry_cipher_algo_name (algo), job->label, job->lib->label);
      return 0;
    }
  err = open_job (job, algo);

  if (!err)
    {
      job->err = 0;
      cipher_op (job, buf, len);
      err = job->err;
      close_job (job);
    }
  if (err && bench_opt.verbose)
    fprintf (stderr, PGM ": %s %s not benchmarked in %s: %s\n",
             gcry_cipher_algo_name (algo), job->label, job->lib->label,
             gcry_strerror (err));
  job->err = 0;
  return !err;
}


/* A failure in the middle of timing means a broken library: say which
   call failed and stop, like upstream.  */
static void
check_job (const struct cipher_job *job, int algo)
{
  if (!job->err)
    return;
  fprintf (stderr, PGM ": %s %s: %s failed in %s: %s\n",
           gcry_cipher_algo_name (algo), job->label, job->failed_call,
           job->lib->label, gcry_strerror (job->err));
  exit (1);
}


/* One row on every library: JOBS[k] is library k's (usable or not).  */
struct cipher_measure
{
  struct cipher_job *jobs;
  unsigned char *buf;
};


/* The contexts of the usable jobs among M's, in CTXS; returns their
   count and their indices in WHICH.  */
static unsigned int
usable_jobs (struct cipher_measure *m, void **ctxs, unsigned int *which)
{
  unsigned int k, n = 0;

  for (k = 0; k < bench_n_libs; k++)
    if (m->jobs[k].usable)
      {
        ctxs[n] = &m->jobs[k];
        which[n++] = k;
      }
  return n;
}


static int
measure_slope (void *arg)
{
  struct cipher_measure *m = arg;
  void *ctxs[BENCH_MAX_LIBS] = { NULL };
  unsigned int which[BENCH_MAX_LIBS], n, k;
  double slopes[BENCH_MAX_LIBS];

  for (k = 0; k < bench_n_libs; k++)
    m->jobs[k].slope = -1;
  n = usable_jobs (m, ctxs, which);
  bench_slope_multi (cipher_op, ctxs, n, m->buf, &bench_bytes_sizes, slopes);
  for (k = 0; k < n; k++)
    m->jobs[which[k]].slope = slopes[k];
  return 0;
}


static int
measure_msglen (void *arg)
{
  struct cipher_measure *m = arg;
  void *ctxs[BENCH_MAX_LIBS] = { NULL };
  unsigned int which[BENCH_MAX_LIBS], n, i, k, kept;
  double per_call[BENCH_MAX_LIBS];

  for (i = 0; i < bench_opt.n_msglens; i++)
    {
      size_t len = bench_opt.msglens[i];

      /* A length the mode refuses (e.g. ECB on 1420 bytes) is shown as
         "-"; try it once before timing.  */
      n = usable_jobs (m, ctxs, which);
      for (k = kept = 0; k < n; k++)
        {
          struct cipher_job *job = ctxs[k];

          job->err = 0;
          cipher_op (job, m->buf, len);
          job->ns_per_byte[i] = -1;
          if (job->err)
            job->err = 0;
          else
            {
              ctxs[kept] = ctxs[k];
              which[kept++] = which[k];
            }
        }
      bench_per_call_multi (cipher_op, ctxs, kept, m->buf, len, per_call);
      for (k = 0; k < kept; k++)
        m->jobs[which[k]].ns_per_byte[i] = per_call[k] / len;
    }
  return 0;
}


/* Primitive names the library may report a row's kernel under, most
   specific first: "aes256-ctr-enc", "aes256-ctr", "aes-ctr-enc",
   "aes-ctr", "aes256", "aes".  */
static const char *
row_kernel (const char *algo_name, const struct cipher_row *row)
{
  char family[2][32], mode[32], names[6][112];
  const char *candidates[7];
  size_t i, n;

  for (i = 0; algo_name[i] && i < sizeof family[0] - 1; i++)
    family[0][i] = (char) tolower ((unsigned char) algo_name[i]);
  family[0][i] = 0;
  memcpy (family[1], family[0], sizeof family[1]);
  for (n = strlen (family[1]); n > 1 && isdigit ((unsigned char) family[1][n - 1]); n--)
    family[1][n - 1] = 0;
  for (i = 0; row->mode_name[i] && i < sizeof mode - 1; i++)
    mode[i] = (char) tolower ((unsigned char) row->mode_name[i]);
  mode[i] = 0;

  n = 0;
  for (i = 0; i < 2; i++)
    {
      if (i == 1 && !strcmp (family[0], family[1]))
        break;
      snprintf (names[n], sizeof names[n], "%s-%s-%s", family[i], mode,
                row->direction);
      candidates[n] = names[n];
      n++;
      snprintf (names[n], sizeof names[n], "%s-%s", family[i], mode);
      candidates[n] = names[n];
      n++;
    }
  candidates[n++] = family[0];
  if (strcmp (family[0], family[1]))
    candidates[n++] = family[1];
  candidates[n] = NULL;
  return report_kernel_lookup (candidates);
}


static void
bench_one_algo (int algo, unsigned char *buf)
{
  const char *algo_name = gcry_cipher_algo_name (algo);
  size_t blklen = gcry_cipher_get_algo_blklen (algo);
  const struct cipher_row *rows = cipher_rows;
  size_t n_rows = N_CIPHER_ROWS, i, n_shown = 0;
  unsigned int k;
  struct cipher_job *jobs;     /* BENCH_MAX_LIBS per shown row */
  const char **labels, **keys, **kernels;

  if (!blklen || !gcry_cipher_get_algo_keylen (algo))
    return;
  if (blklen == 1)
    {
      rows = stream_rows;
      n_rows = sizeof stream_rows / sizeof stream_rows[0];
    }

  jobs = calloc (n_rows * BENCH_MAX_LIBS, sizeof *jobs);
  labels = calloc (n_rows, sizeof *labels);
  keys = calloc (n_rows, sizeof *keys);
  kernels = calloc (n_rows, sizeof *kernels);
  if (!jobs || !labels || !keys || !kernels)
    {
      fprintf (stderr, PGM ": out of memory\n");
      exit (1);
    }

  /* Find the rows first: the kernel lines above the table name them.
     A row is shown when this library runs it.  */
  for (i = 0; i < n_rows; i++)
    {
      struct cipher_job *row_jobs = &jobs[n_shown * BENCH_MAX_LIBS];

      for (k = 0; k < bench_n_libs; k++)
        {
          struct cipher_job *job = &row_jobs[k];

          job->lib = &bench_libs[k];
          job->row = &rows[i];
          job->blklen = blklen;
          job->complete = bench_opt.msglen_mode;
          snprintf (job->label, sizeof job->label, "%s %s",
                    rows[i].mode_name, rows[i].direction);
          job->usable = row_available (algo, job, buf,
                                       bench_bytes_sizes.first);
          if (k == 0 && !job->usable)
            break;
        }
      if (!row_jobs[0].usable)
        {
          memset (row_jobs, 0, BENCH_MAX_LIBS * sizeof *row_jobs);
          continue;
        }
      labels[n_shown] = row_jobs[0].label;
      keys[n_shown] = rows[i].mode_name;
      kernels[n_shown] = row_kernel (algo_name, &rows[i]);
      n_shown++;
    }

  if (bench_opt.msglen_mode)
    report_header_msglen (CIPHER_WIDTH, algo_name);
  else
    report_header_bytes (CIPHER_WIDTH, algo_name);
  report_kernels (CIPHER_WIDTH, algo_name, (unsigned int) n_shown,
                  labels, keys, kernels);

  for (i = 0; i < n_shown; i++)
    {
      struct cipher_job *row_jobs = &jobs[i * BENCH_MAX_LIBS];
      struct cipher_measure m = { row_jobs, buf };
      struct bench_clock clk;
      double slopes[BENCH_MAX_LIBS];
      double ns_per_byte[BENCH_MAX_LIBS][BENCH_MAX_MSGLENS];
      gcry_error_t err;

      report_progress ("cipher", algo_name, row_jobs[0].label);
      for (k = 0; k < bench_n_libs; k++)
        if (row_jobs[k].usable)
          {
            err = open_job (&row_jobs[k], algo);
            if (err)
              {
                fprintf (stderr, PGM ": %s %s: %s\n", algo_name,
                         row_jobs[k].label, gcry_strerror (err));
                exit (1);
              }
          }
      report_row_label (CIPHER_WIDTH, row_jobs[0].label);
      bench_with_clock (bench_opt.msglen_mode ? measure_msglen
                        : measure_slope, &m, &clk);
      for (k = 0; k < bench_n_libs; k++)
        {
          struct cipher_job *job = &row_jobs[k];
          unsigned int j;

          if (job->usable)
            check_job (job, algo);
          close_job (job);
          slopes[k] = job->usable ? job->slope : -1;
          for (j = 0; j < bench_opt.n_msglens; j++)
            ns_per_byte[k][j] = job->usable ? job->ns_per_byte[j] : -1;
        }
      report_progress_done ();
      if (bench_opt.msglen_mode)
        report_result_msglen ((const double (*)[BENCH_MAX_MSGLENS])
                              ns_per_byte, &clk);
      else
        report_result_bytes (slopes, &clk);
    }
  report_footer (CIPHER_WIDTH);

  free (jobs);
  free (labels);
  free (keys);
  free (kernels);
}


void
bench_cipher_section (char **args, int nargs)
{
  size_t bufsize = bench_bytes_sizes.last;
  unsigned char *buf;
  void *to_free;
  unsigned int i;
  int algo;

  for (i = 0; i < bench_opt.n_msglens; i++)
    if (bench_opt.msglens[i] > bufsize)
      bufsize = bench_opt.msglens[i];
  buf = bench_alloc_buffer (bufsize, &to_free);

  report_section ("cipher", "Cipher");
  if (nargs)
    {
      for (i = 0; i < (unsigned int) nargs; i++)
        {
          algo = gcry_cipher_map_name (args[i]);
          if (algo)
            bench_one_algo (algo, buf);
          else
            fprintf (stderr, PGM ": unknown cipher '%s' - skipped\n",
                     args[i]);
        }
    }
  else
    {
      for (algo = 1; algo < 400; algo++)
        if (!gcry_cipher_test_algo (algo))
          bench_one_algo (algo, buf);
    }
  bench_free_buffer (to_free);
}

#else /* !gcry_cipher_reset */

void
bench_cipher_section (char **args, int nargs)
{
  (void) args;
  (void) nargs;
  report_section ("cipher", "Cipher");
  if (bench_opt.verbose)
    fprintf (stderr, PGM ": this library has no cipher API yet\n");
}

#endif /* !gcry_cipher_reset */
