/* t-md-sha3.c - SHA3-224/256/384/512, SHAKE128/256 and cSHAKE128/256
 * through the gcry_md API, and HMAC-SHA3 (gcry_md and gcry_mac).
 *
 *  - NIST CAVP SHA-3 and SHAKE byte vectors from the shared vectors
 *    (ShortMsg, Monte, VariableOut; LongMsg is not in the store);
 *  - the SP 800-185 cSHAKE samples #1..#4 and two KMAC samples built on
 *    cSHAKE with N = "KMAC" (published values, built in);
 *  - every message length 0..2100 hashed one-shot, in random splits
 *    through gcry_md_write and byte by byte through gcry_md_putc; the
 *    one-shot outputs of all lengths are hashed together and compared
 *    with a value computed by another implementation (Python hashlib);
 *  - extract in random pieces equals one extract, copy mid-stream and
 *    mid-squeeze, read versus extract on XOFs as upstream;
 *  - Wycheproof hmac_sha3_* through gcry_md (HMAC flag) and gcry_mac;
 *  - identity facts (names, OIDs, lengths, ASN.1 prefixes) and bad input
 *    (extract on SHA-3, customize on non-cSHAKE, oversized N/S).
 *
 * Vector files that are missing give a SKIP line, never a pass.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcrypt.h"
#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

static const int fixed_algos[] =
  { GCRY_MD_SHA3_224, GCRY_MD_SHA3_256, GCRY_MD_SHA3_384, GCRY_MD_SHA3_512 };
static const int xof_algos[] =
  { GCRY_MD_SHAKE128, GCRY_MD_SHAKE256, GCRY_MD_CSHAKE128,
    GCRY_MD_CSHAKE256 };

static int
is_xof (int algo)
{
  return algo == GCRY_MD_SHAKE128 || algo == GCRY_MD_SHAKE256
         || algo == GCRY_MD_CSHAKE128 || algo == GCRY_MD_CSHAKE256;
}

/* OUTLEN bytes of ALGO over MSG through a handle: read for SHA-3,
   extract for the XOFs.  Returns 0 on success.  */
static int
md_output (int algo, const void *msg, size_t len, unsigned char *out,
           size_t outlen)
{
  gcry_md_hd_t h;
  gcry_error_t err;

  err = gcry_md_open (&h, algo, 0);
  if (err)
    {
      t_check (0, "gcry_md_open %d: %s", algo, gcry_strerror (err));
      return -1;
    }
  gcry_md_write (h, msg, len);
  if (is_xof (algo))
    err = gcry_md_extract (h, algo, out, outlen);
  else
    {
      const unsigned char *p = gcry_md_read (h, algo);

      if (p && outlen == gcry_md_get_algo_dlen (algo))
        memcpy (out, p, outlen);
      else
        err = gpg_error (GPG_ERR_INTERNAL);
    }
  gcry_md_close (h);
  return err ? -1 : 0;
}


/*
 * NIST CAVP files.
 */

static unsigned char msgbuf[70000], want[70000], got[70000];

/* ShortMsg: "Len" records (bits), Msg, MD or Output ([Outputlen] for
   SHAKE).  VariableOut: COUNT records with Outputlen, Msg, Output.  */
static void
test_cavp_file (const char *dir, const char *sub, const char *file,
                int algo, const char *record_key, const char *outname)
{
  char path[4096];
  t_vec_t v;
  unsigned long count = 0, bad = 0;

  snprintf (path, sizeof path, "%s/pyca-cryptography/hashes/%s/%s", dir,
            sub, file);
  if (t_vec_open (&v, path, record_key))
    {
      t_skip ("%s not found", file);
      return;
    }
  while (t_vec_next (&v))
    {
      long bits = t_vec_long (&v, "Len", -1);
      long outbits = t_vec_long (&v, "Outputlen", -1);
      long ml = t_vec_hex (&v, "Msg", msgbuf, sizeof msgbuf);
      long wl = t_vec_hex (&v, outname, want, sizeof want);
      size_t outlen;

      count++;
      if (ml < 0 || wl < 0)
        {
          bad++;
          continue;
        }
      if (bits >= 0)
        {
          if (bits % 8)
            continue;         /* Not in the byte-oriented files.  */
          ml = bits / 8;      /* "Len = 0" comes with "Msg = 00".  */
        }
      outlen = (size_t) wl;
      if (is_xof (algo) && outbits >= 0 && (size_t) outbits != outlen * 8)
        {
          bad++;
          continue;
        }
      if (md_output (algo, msgbuf, (size_t) ml, got, outlen)
          || memcmp (got, want, outlen))
        {
          if (bad < 3)
            t_hexdump ("got", got, outlen);
          bad++;
        }
    }
  t_check (count > 0 && !bad && !v.errors, "%s: %lu vectors, %lu failed",
           file, count, bad);
  t_vec_close (&v);
}

/* SHA3VS Monte Carlo: MD = SHA3 (MD), 1000 times per record.  */
static void
test_sha3_monte (const char *dir, const char *file, int algo)
{
  char path[4096];
  t_vec_t v;
  unsigned char md[64];
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  unsigned long count = 0, bad = 0;
  int i, seeded = 0;

  snprintf (path, sizeof path, "%s/pyca-cryptography/hashes/SHA3/%s", dir,
            file);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", file);
      return;
    }
  while (t_vec_next (&v))
    {
      if (!seeded)
        {
          if (t_vec_hex (&v, "Seed", md, sizeof md) != (long) dlen)
            {
              bad++;
              break;
            }
          seeded = 1;
        }
      for (i = 0; i < 1000; i++)
        gcry_md_hash_buffer (algo, md, md, dlen);
      count++;
      if (t_vec_hex (&v, "MD", want, sizeof want) != (long) dlen
          || memcmp (md, want, dlen))
        bad++;
    }
  t_check (count == 100 && !bad && !v.errors, "%s: %lu records, %lu failed",
           file, count, bad);
  t_vec_close (&v);
}

/* SHAKEVS Monte Carlo: the message is the first 16 bytes of the last
   output; the next output length comes from its last two bytes.  */
static void
test_shake_monte (const char *dir, const char *file, int algo)
{
  char path[4096];
  t_vec_t v;
  unsigned char msg[16];
  size_t minlen = 0, maxlen = 0, range, outlen, usedlen = 0;
  unsigned long count = 0, bad = 0;
  int i, started = 0;

  snprintf (path, sizeof path, "%s/pyca-cryptography/hashes/SHAKE/%s", dir,
            file);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", file);
      return;
    }
  outlen = 0;
  while (t_vec_next (&v))
    {
      if (!started)
        {
          minlen = (size_t) t_vec_long (&v, "Minimum Output Length (bits)",
                                        0) / 8;
          maxlen = (size_t) t_vec_long (&v, "Maximum Output Length (bits)",
                                        0) / 8;
          if (!minlen || maxlen < minlen || maxlen > sizeof got
              || t_vec_hex (&v, "Msg", got, sizeof got) != 16)
            {
              bad++;
              break;
            }
          outlen = maxlen;
          usedlen = 16;
          started = 1;
        }
      range = maxlen - minlen + 1;
      for (i = 0; i < 1000; i++)
        {
          /* An output shorter than 16 bytes is zero padded.  */
          memset (msg, 0, sizeof msg);
          memcpy (msg, got, usedlen < 16 ? usedlen : 16);
          if (md_output (algo, msg, 16, got, outlen))
            bad++;
          usedlen = outlen;
          outlen = minlen + ((size_t) got[outlen - 2] << 8
                             | got[outlen - 1]) % range;
        }
      count++;
      if ((size_t) t_vec_long (&v, "Outputlen", 0) != usedlen * 8
          || t_vec_hex (&v, "Output", want, sizeof want) != (long) usedlen
          || memcmp (got, want, usedlen))
        bad++;
    }
  t_check (count == 100 && !bad && !v.errors, "%s: %lu records, %lu failed",
           file, count, bad);
  t_vec_close (&v);
}

static void
test_cavp (const char *dir)
{
  static const struct { const char *name; int algo; } sha3[] =
    {
      { "SHA3_224", GCRY_MD_SHA3_224 }, { "SHA3_256", GCRY_MD_SHA3_256 },
      { "SHA3_384", GCRY_MD_SHA3_384 }, { "SHA3_512", GCRY_MD_SHA3_512 }
    }, shake[] =
    {
      { "SHAKE128", GCRY_MD_SHAKE128 }, { "SHAKE256", GCRY_MD_SHAKE256 }
    };
  char file[64];
  int i;

  for (i = 0; i < 4; i++)
    {
      snprintf (file, sizeof file, "%sShortMsg.rsp", sha3[i].name);
      test_cavp_file (dir, "SHA3", file, sha3[i].algo, "Len", "MD");
      snprintf (file, sizeof file, "%sMonte.rsp", sha3[i].name);
      test_sha3_monte (dir, file, sha3[i].algo);
    }
  for (i = 0; i < 2; i++)
    {
      snprintf (file, sizeof file, "%sShortMsg.rsp", shake[i].name);
      test_cavp_file (dir, "SHAKE", file, shake[i].algo, "Len", "Output");
      snprintf (file, sizeof file, "%sVariableOut.rsp", shake[i].name);
      test_cavp_file (dir, "SHAKE", file, shake[i].algo, "COUNT", "Output");
      snprintf (file, sizeof file, "%sMonte.rsp", shake[i].name);
      test_shake_monte (dir, file, shake[i].algo);
    }
}


/*
 * SP 800-185 examples: cSHAKE samples #1..#4 (N = "", S = "Email
 * Signature") and KMAC samples #2 and #4, which run cSHAKE with
 * N = "KMAC" over bytepad (encode_string (K), rate) || X || right_encode
 * (L).
 */

static void
cshake_output (int algo, const char *n, const char *s, const void *prefix,
               size_t prefixlen, const void *msg, size_t len,
               const void *suffix, size_t suffixlen,
               unsigned char *out, size_t outlen)
{
  struct gcry_cshake_customization cust;
  gcry_md_hd_t h;
  gcry_error_t err;

  memset (out, 0, outlen);
  if (gcry_md_open (&h, algo, 0))
    {
      t_check (0, "open cshake %d", algo);
      return;
    }
  cust.n = n;
  cust.n_len = (unsigned int) strlen (n);
  cust.s = s;
  cust.s_len = (unsigned int) strlen (s);
  err = gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
  t_check (!err, "customize: %s", gcry_strerror (err));
  gcry_md_write (h, prefix, prefixlen);
  gcry_md_write (h, msg, len);
  gcry_md_write (h, suffix, suffixlen);
  err = gcry_md_extract (h, algo, out, outlen);
  t_check (!err, "extract: %s", gcry_strerror (err));
  gcry_md_close (h);
}

/* cSHAKE samples #1..#4: N = "", S = "Email Signature", the message
   00 01 02 ... of MSGLEN bytes.  */
static const struct
{
  int algo;
  size_t msglen;
  const char *out;
} cshake_samples[] =
  {
    { GCRY_MD_CSHAKE128, 4,
      "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5" },
    { GCRY_MD_CSHAKE128, 200,
      "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b" },
    { GCRY_MD_CSHAKE256, 4,
      "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1"
      "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c" },
    { GCRY_MD_CSHAKE256, 200,
      "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917"
      "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb" }
  };

static void
test_sp800_185 (void)
{
  static const struct
  {
    int algo;
    unsigned int rate;
    const char *out;
  } kmac[] =
    {
      { GCRY_MD_CSHAKE128, 168,
        "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5" },
      { GCRY_MD_CSHAKE256, 136,
        "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7"
        "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd" }
    };
  unsigned char msg[200], exp[64], out[64], prefix[168], suffix[3];
  size_t i, outlen;

  for (i = 0; i < sizeof msg; i++)
    msg[i] = (unsigned char) i;
  for (i = 0; i < sizeof cshake_samples / sizeof cshake_samples[0]; i++)
    {
      outlen = (size_t) t_unhex (cshake_samples[i].out, exp, sizeof exp);
      cshake_output (cshake_samples[i].algo, "", "Email Signature", NULL, 0,
                     msg, cshake_samples[i].msglen, NULL, 0, out, outlen);
      t_check_mem (out, exp, outlen, "cSHAKE sample #%zu", i + 1);
    }

  /* KMAC: K = 40..5f (32 bytes), X = 00010203, S = "My Tagged
     Application"; bytepad (encode_string (K), rate) is
     left_encode (rate) || left_encode (256) || K, zero padded.  */
  for (i = 0; i < sizeof kmac / sizeof kmac[0]; i++)
    {
      size_t k;

      outlen = (size_t) t_unhex (kmac[i].out, exp, sizeof exp);
      memset (prefix, 0, sizeof prefix);
      prefix[0] = 1;
      prefix[1] = (unsigned char) kmac[i].rate;
      prefix[2] = 2;
      prefix[3] = 1;
      prefix[4] = 0;
      for (k = 0; k < 32; k++)
        prefix[5 + k] = (unsigned char) (0x40 + k);
      /* right_encode (L) with L in bits.  */
      suffix[0] = (unsigned char) ((outlen * 8) >> 8);
      suffix[1] = (unsigned char) (outlen * 8);
      suffix[2] = 2;
      cshake_output (kmac[i].algo, "KMAC", "My Tagged Application", prefix,
                     kmac[i].rate, msg, 4, suffix, 3, out, outlen);
      t_check_mem (out, exp, outlen, "KMAC via cSHAKE, sample %zu", i);
    }
}


/*
 * One-shot cSHAKE through gcry_md_hash_buffers(_ext), as upstream: with
 * two or more buffers, iov[0] is N and iov[1] is S (both empty: plain
 * SHAKE) and the data starts at iov[2]; with fewer buffers there is no
 * customisation.
 */

/* IOV for LEN bytes at P, starting OFF bytes into a larger buffer.  */
static void
set_iov (gcry_buffer_t *iov, const void *base, size_t off, size_t len)
{
  memset (iov, 0, sizeof *iov);
  iov->data = (void *) base;
  iov->off = off;
  iov->len = len;
  iov->size = off + len;
}

static void
test_cshake_hash_buffers (void)
{
  static const char email[] = "Email Signature";
  static const char kmac_s[] = "My Tagged Application";
  unsigned char msg[200], exp[64], out[64], want[64], pad[300];
  unsigned char big[300];
  gcry_buffer_t iov[8];
  gcry_error_t err;
  size_t i, outlen, cut1, cut2;
  int algo;

  for (i = 0; i < sizeof msg; i++)
    msg[i] = (unsigned char) i;

  /* The SP 800-185 samples: N empty (NULL data), S, one data buffer;
     then the data in three pieces, each at an offset into a larger
     buffer.  */
  for (i = 0; i < sizeof cshake_samples / sizeof cshake_samples[0]; i++)
    {
      size_t len = cshake_samples[i].msglen;

      algo = cshake_samples[i].algo;
      outlen = (size_t) t_unhex (cshake_samples[i].out, exp, sizeof exp);
      set_iov (&iov[0], NULL, 0, 0);
      set_iov (&iov[1], email, 0, strlen (email));
      set_iov (&iov[2], msg, 0, len);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, (int) outlen, iov, 3);
      t_check (!err, "hash_buffers_ext cSHAKE sample #%zu: %s", i + 1,
               gcry_strerror (err));
      t_check_mem (out, exp, outlen,
                   "hash_buffers_ext cSHAKE sample #%zu (N, S, data)", i + 1);

      cut1 = t_rnd (len + 1);
      cut2 = cut1 + t_rnd (len - cut1 + 1);
      memcpy (pad + 7, msg, len);
      set_iov (&iov[2], pad, 7, cut1);
      set_iov (&iov[3], pad, 7 + cut1, cut2 - cut1);
      set_iov (&iov[4], pad, 7 + cut2, len - cut2);
      memcpy (big + 3, email, strlen (email));
      set_iov (&iov[1], big, 3, strlen (email));
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, (int) outlen, iov, 5);
      t_check (!err && !memcmp (out, exp, outlen),
               "hash_buffers_ext cSHAKE sample #%zu, data in 3 pieces "
               "(%zu, %zu, %zu), S at an offset", i + 1, cut1, cut2 - cut1,
               len - cut2);

      /* gcry_md_hash_buffers gives the read length (32 or 64 bytes):
         the first bytes of the same output.  */
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers (algo, 0, out, iov, 5);
      t_check (!err && !memcmp (out, exp,
                                algo == GCRY_MD_CSHAKE128 ? 32 : 64),
               "hash_buffers cSHAKE sample #%zu", i + 1);
    }

  /* KMAC sample (cSHAKE128, N = "KMAC"): bytepad (encode_string (K)),
     X and right_encode (L) as three data buffers.  */
  {
    static const char kmac_out[] =
      "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5";
    unsigned char prefix[168], suffix[3];
    size_t k;

    outlen = (size_t) t_unhex (kmac_out, exp, sizeof exp);
    memset (prefix, 0, sizeof prefix);
    prefix[0] = 1;
    prefix[1] = 168;
    prefix[2] = 2;
    prefix[3] = 1;
    prefix[4] = 0;
    for (k = 0; k < 32; k++)
      prefix[5 + k] = (unsigned char) (0x40 + k);
    suffix[0] = 1;
    suffix[1] = 0;
    suffix[2] = 2;
    set_iov (&iov[0], "KMAC", 0, 4);
    set_iov (&iov[1], kmac_s, 0, strlen (kmac_s));
    set_iov (&iov[2], prefix, 0, sizeof prefix);
    set_iov (&iov[3], msg, 0, 4);
    set_iov (&iov[4], suffix, 0, sizeof suffix);
    memset (out, 0, sizeof out);
    err = gcry_md_hash_buffers_ext (GCRY_MD_CSHAKE128, 0, out, (int) outlen,
                                    iov, 5);
    t_check (!err && !memcmp (out, exp, outlen),
             "hash_buffers_ext KMAC128 sample via cSHAKE128 (N, S and "
             "three data buffers)");
  }

  for (algo = GCRY_MD_CSHAKE128; algo <= GCRY_MD_CSHAKE256; algo++)
    {
      int shake = algo == GCRY_MD_CSHAKE128 ? GCRY_MD_SHAKE128
                                            : GCRY_MD_SHAKE256;

      /* One buffer: no customisation, the buffer is data.  */
      set_iov (&iov[0], msg, 0, 100);
      gcry_md_hash_buffers_ext (shake, 0, want, 48, iov, 1);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 48, iov, 1);
      t_check (!err && !memcmp (out, want, 48),
               "cSHAKE%d hash_buffers_ext, one buffer: SHAKE of it",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256);

      /* N and S empty: SHAKE of the data from iov[2] on.  */
      set_iov (&iov[0], msg, 0, 0);
      set_iov (&iov[1], NULL, 0, 0);
      set_iov (&iov[2], msg, 0, 100);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 48, iov, 3);
      t_check (!err && !memcmp (out, want, 48),
               "cSHAKE%d hash_buffers_ext, N and S empty: SHAKE of iov[2]",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256);

      /* Two buffers: N and S, no data; the same as customising a
         handle and hashing nothing.  */
      cshake_output (algo, "", email, NULL, 0, NULL, 0, NULL, 0, want, 48);
      set_iov (&iov[0], NULL, 0, 0);
      set_iov (&iov[1], email, 0, strlen (email));
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 48, iov, 2);
      t_check (!err && !memcmp (out, want, 48),
               "cSHAKE%d hash_buffers_ext, two buffers: N and S, no data",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256);

      /* N and S of 254 bytes (GCRYCTL_MD_CUSTOMIZE's limit) agree with
         the handle; 255 bytes are refused as there.  */
      for (i = 0; i < sizeof big; i++)
        big[i] = (unsigned char) (i * 7 + 1);
      {
        struct gcry_cshake_customization cust;
        gcry_md_hd_t h;

        cust.n = big;
        cust.n_len = 254;
        cust.s = big + 1;
        cust.s_len = 254;
        memset (want, 0, sizeof want);
        if (!gcry_md_open (&h, algo, 0))
          {
            gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
            gcry_md_write (h, msg, 50);
            gcry_md_extract (h, algo, want, 40);
            gcry_md_close (h);
          }
      }
      set_iov (&iov[0], big, 0, 254);
      set_iov (&iov[1], big, 1, 254);
      set_iov (&iov[2], msg, 0, 50);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 40, iov, 3);
      t_check (!err && !memcmp (out, want, 40),
               "cSHAKE%d hash_buffers_ext, N and S of 254 bytes",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256);
      set_iov (&iov[0], big, 0, 255);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 40, iov, 3);
      t_check (gpg_err_code (err) == GPG_ERR_TOO_LARGE,
               "cSHAKE%d hash_buffers_ext, N of 255 bytes: %s",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256, gcry_strerror (err));
      set_iov (&iov[0], big, 0, 3);
      set_iov (&iov[1], big, 0, 255);
      err = gcry_md_hash_buffers_ext (algo, 0, out, 40, iov, 3);
      t_check (gpg_err_code (err) == GPG_ERR_TOO_LARGE,
               "cSHAKE%d hash_buffers_ext, S of 255 bytes: %s",
               algo == GCRY_MD_CSHAKE128 ? 128 : 256, gcry_strerror (err));
    }

  /* SHAKE itself is not customised by iov[0] and iov[1]: all buffers
     are data.  */
  set_iov (&iov[0], msg, 0, 10);
  set_iov (&iov[1], msg, 10, 20);
  set_iov (&iov[2], msg, 30, 70);
  gcry_md_hash_buffers_ext (GCRY_MD_SHAKE128, 0, out, 32, iov, 3);
  gcry_md_hash_buffer (GCRY_MD_SHAKE128, want, msg, 100);
  t_check (!memcmp (out, want, 32),
           "SHAKE128 hash_buffers_ext: every buffer is data");
}


/*
 * Lengths 0..2100: one-shot, random splits, putc; XOF output lengths
 * vary with the message length.
 */

static size_t
xof_len (size_t len)
{
  return 1 + (len * 13) % 400;
}

static void
test_splits (void)
{
  static const struct { int algo; const char *all; } tab[] =
    {
      { GCRY_MD_SHA3_224,
        "bb70246b3d4ed93cddfeb0d82988ff9a3a55daedd33e0d294641e5e6" },
      { GCRY_MD_SHA3_256,
        "93591e7ff50622de1d53a8028fd6296dff5cb2a9960911f263e9813a35fbc77c" },
      { GCRY_MD_SHA3_384,
        "af24f520793b91c17fd82875679a236eb9d2950d6285132d46e0fec3285d490d"
        "96137bd2a3f14279939d437f983c3828" },
      { GCRY_MD_SHA3_512,
        "bb984532df20779ca45b06cf6a438d5dc8177e4fcd2e8c45fdc9edf4bd5ba9e8"
        "93df7fd1c989dd1d07d631d9b30e97c068c18fe6c536bc0c3f80b5c14e73bd8d" },
      { GCRY_MD_SHAKE128,
        "6836f00a4247078c2e29086889f6c178dea4a86d4c28f642856312b6f9c52922" },
      { GCRY_MD_SHAKE256,
        "6674bffe1205b58675e378d4c16dc86091eec5fecf55bd8d70fbe51198b2d76a"
        "47e0961b76b2e7ef537f7ebd2af715b7b96f10dc545af84966b791c0afc68d02" }
    };
  static unsigned char data[2101];
  unsigned char one[400], split[400], byputc[400], exp[64];
  size_t i, len, pos, n, outlen;
  int a;

  for (i = 0; i < sizeof data; i++)
    data[i] = (unsigned char) (i * 7 + 3);

  for (a = 0; a < (int) (sizeof tab / sizeof tab[0]); a++)
    {
      int algo = tab[a].algo;
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      gcry_md_hd_t all, hs, hp;
      unsigned long bad_split = 0, bad_putc = 0, bad_api = 0;

      if (gcry_md_open (&all, algo, 0) || gcry_md_open (&hs, algo, 0)
          || gcry_md_open (&hp, algo, 0))
        {
          t_check (0, "open %d", algo);
          return;
        }
      for (len = 0; len <= 2100; len++)
        {
          outlen = is_xof (algo) ? xof_len (len) : dlen;
          if (is_xof (algo))
            bad_api += !!gcry_md_hash_buffers_ext
              (algo, 0, one, (int) outlen,
               &(gcry_buffer_t) { .data = data, .len = len }, 1);
          else
            gcry_md_hash_buffer (algo, one, data, len);
          gcry_md_write (all, one, outlen);

          gcry_md_reset (hs);
          for (pos = 0; pos < len; pos += n)
            {
              n = t_rnd (len - pos < 300 ? len - pos + 1 : 300);
              gcry_md_write (hs, data + pos, n);
            }
          gcry_md_reset (hp);
          for (pos = 0; pos < len; pos++)
            gcry_md_putc (hp, data[pos]);
          if (is_xof (algo))
            {
              bad_api += !!gcry_md_extract (hs, algo, split, outlen);
              bad_api += !!gcry_md_extract (hp, algo, byputc, outlen);
            }
          else
            {
              memcpy (split, gcry_md_read (hs, algo), dlen);
              memcpy (byputc, gcry_md_read (hp, algo), dlen);
            }
          bad_split += !!memcmp (one, split, outlen);
          bad_putc += !!memcmp (one, byputc, outlen);
        }
      t_check (!bad_split, "%s random splits: %lu lengths differ",
               gcry_md_algo_name (algo), bad_split);
      t_check (!bad_putc, "%s putc: %lu lengths differ",
               gcry_md_algo_name (algo), bad_putc);
      t_check (!bad_api, "%s: %lu calls failed", gcry_md_algo_name (algo),
               bad_api);
      n = (size_t) t_unhex (tab[a].all, exp, sizeof exp);
      t_check (n == dlen && !memcmp (gcry_md_read (all, algo), exp, dlen),
               "%s all lengths 0..2100 against hashlib",
               gcry_md_algo_name (algo));
      gcry_md_close (all);
      gcry_md_close (hs);
      gcry_md_close (hp);
    }
}


/*
 * XOF streaming: extract in pieces, copy mid-stream and mid-squeeze,
 * read versus extract.
 */
static void
test_xof_stream (void)
{
  static unsigned char one[5000], pieces[5000], tail[5000];
  static const unsigned char msg[] = "The quick brown fox";
  size_t pos, n;
  int a;

  for (a = 0; a < (int) (sizeof xof_algos / sizeof xof_algos[0]); a++)
    {
      int algo = xof_algos[a];
      unsigned int rlen = gcry_md_get_algo_dlen (algo);
      gcry_md_hd_t h, c;
      const unsigned char *r;
      unsigned long bad = 0;
      int round;

      t_check (md_output (algo, msg, sizeof msg - 1, one, sizeof one) == 0,
               "%s extract 5000", gcry_md_algo_name (algo));
      for (round = 0; round < 20; round++)
        {
          if (gcry_md_open (&h, algo, 0))
            {
              bad++;
              break;
            }
          gcry_md_write (h, msg, 7);
          t_check (!gcry_md_copy (&c, h), "copy mid-absorb");
          gcry_md_write (h, msg + 7, sizeof msg - 8);
          gcry_md_write (c, msg + 7, sizeof msg - 8);
          for (pos = 0; pos < sizeof pieces; pos += n)
            {
              n = t_rnd (sizeof pieces - pos < 400 ? sizeof pieces - pos + 1
                         : 400);
              bad += !!gcry_md_extract (h, algo, pieces + pos, n);
              if (pos <= 2000 && pos + n > 2000)
                {
                  /* Copy mid-squeeze: the copy continues the stream.  */
                  gcry_md_hd_t c2;

                  bad += !!gcry_md_copy (&c2, h);
                  bad += !!gcry_md_extract (c2, algo, tail,
                                            sizeof tail - pos - n);
                  bad += !!memcmp (tail, one + pos + n,
                                   sizeof tail - pos - n);
                  gcry_md_close (c2);
                }
            }
          bad += !!memcmp (pieces, one, sizeof one);
          bad += !!gcry_md_extract (c, algo, pieces, sizeof pieces);
          bad += !!memcmp (pieces, one, sizeof one);
          gcry_md_close (h);
          gcry_md_close (c);
        }
      t_check (!bad, "%s extract in pieces, copies: %lu differences",
               gcry_md_algo_name (algo), bad);

      /* read gives the first 32/64 bytes; then extract is refused.  */
      if (gcry_md_open (&h, algo, 0))
        continue;
      gcry_md_write (h, msg, sizeof msg - 1);
      r = gcry_md_read (h, algo);
      t_check (r && !memcmp (r, one, rlen), "%s read = first %u bytes",
               gcry_md_algo_name (algo), rlen);
      t_check (gcry_err_code (gcry_md_extract (h, algo, pieces, 8))
               == GPG_ERR_INV_STATE, "%s extract after read",
               gcry_md_algo_name (algo));
      r = gcry_md_read (h, algo);
      t_check (r && !memcmp (r, one, rlen), "%s read twice",
               gcry_md_algo_name (algo));
      /* After extract, read answers NULL; reset starts over.  */
      gcry_md_reset (h);
      gcry_md_write (h, msg, sizeof msg - 1);
      t_check (!gcry_md_extract (h, algo, pieces, 0)
               && !gcry_md_extract (h, algo, pieces, 3)
               && !memcmp (pieces, one, 3), "%s extract after reset",
               gcry_md_algo_name (algo));
      t_check (gcry_md_read (h, algo) == NULL, "%s read after extract",
               gcry_md_algo_name (algo));
      gcry_md_close (h);

      /* One-shot at the read length.  */
      gcry_md_hash_buffer (algo, pieces, msg, sizeof msg - 1);
      t_check (!memcmp (pieces, one, rlen), "%s hash_buffer",
               gcry_md_algo_name (algo));
    }
}


/*
 * HMAC-SHA3: Wycheproof through gcry_md and gcry_mac.
 */
static void
test_wycheproof_file (const char *dir, const char *name, int algo,
                      int macalgo)
{
  static unsigned char key[1024], msg[4096];
  unsigned char tag[64], got_md[64], got_mac[64];
  char path[4096];
  const char *pos, *end;
  char *text;
  size_t len;
  t_json_span_t group, tc;
  unsigned long count = 0, bad = 0;

  snprintf (path, sizeof path, "wycheproof/testvectors_v1/%s", name);
  text = t_json_load_vectors (dir, path, &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "tagSize", &group))
    {
      const char *gpos = group.start + 1;
      long tagbits = 0;

      t_json_int (&group, "tagSize", &tagbits);
      while (t_json_next_object (&gpos, group.end, "tcId", &tc))
        {
          char result[32];
          long kl, ml, tl;
          int match_md, match_mac, valid;
          gcry_md_hd_t h;
          gcry_mac_hd_t m;
          size_t maclen = sizeof got_mac;

          count++;
          kl = t_json_hex (&tc, "key", key, sizeof key);
          ml = t_json_hex (&tc, "msg", msg, sizeof msg);
          tl = t_json_hex (&tc, "tag", tag, sizeof tag);
          if (kl < 0 || ml < 0 || tl < 0
              || t_json_string (&tc, "result", result, sizeof result) < 0
              || tagbits <= 0 || tagbits % 8)
            {
              bad++;
              continue;
            }
          memset (got_md, 0, sizeof got_md);
          memset (got_mac, 0xff, sizeof got_mac);
          if (!gcry_md_open (&h, algo, GCRY_MD_FLAG_HMAC))
            {
              if (!gcry_md_setkey (h, key, (size_t) kl))
                {
                  gcry_md_write (h, msg, (size_t) ml);
                  memcpy (got_md, gcry_md_read (h, algo),
                          gcry_md_get_algo_dlen (algo));
                }
              gcry_md_close (h);
            }
          if (!gcry_mac_open (&m, macalgo, 0, NULL))
            {
              if (!gcry_mac_setkey (m, key, (size_t) kl)
                  && !gcry_mac_write (m, msg, (size_t) ml))
                gcry_mac_read (m, got_mac, &maclen);
              gcry_mac_close (m);
            }
          match_md = tl == tagbits / 8 && !memcmp (got_md, tag, (size_t) tl);
          match_mac = tl == tagbits / 8
                      && !memcmp (got_mac, tag, (size_t) tl);
          valid = !strcmp (result, "valid");
          if (valid || !strcmp (result, "invalid"))
            bad += (match_md != valid) + (match_mac != valid);
        }
    }
  free (text);
  t_check (count > 0 && !bad, "wycheproof %s: %lu tests, %lu failed", name,
           count, bad);
}

static void
test_wycheproof (const char *dir)
{
  test_wycheproof_file (dir, "hmac_sha3_224_test.json", GCRY_MD_SHA3_224,
                        GCRY_MAC_HMAC_SHA3_224);
  test_wycheproof_file (dir, "hmac_sha3_256_test.json", GCRY_MD_SHA3_256,
                        GCRY_MAC_HMAC_SHA3_256);
  test_wycheproof_file (dir, "hmac_sha3_384_test.json", GCRY_MD_SHA3_384,
                        GCRY_MAC_HMAC_SHA3_384);
  test_wycheproof_file (dir, "hmac_sha3_512_test.json", GCRY_MD_SHA3_512,
                        GCRY_MAC_HMAC_SHA3_512);
}


/*
 * Identity facts and bad input.
 */
static void
test_identity_and_errors (void)
{
  static const struct
  {
    int algo;
    const char *name, *oid;
    unsigned int dlen, asnlen;
    unsigned char asn_last;
  } ids[] =
    {
      { GCRY_MD_SHA3_224, "SHA3-224", "2.16.840.1.101.3.4.2.7", 28, 19, 0x1c },
      { GCRY_MD_SHA3_256, "SHA3-256", "2.16.840.1.101.3.4.3.10", 32, 19, 0x20 },
      { GCRY_MD_SHA3_384, "SHA3-384", "2.16.840.1.101.3.4.3.15", 48, 19, 0x30 },
      { GCRY_MD_SHA3_512, "SHA3-512", "2.16.840.1.101.3.4.2.10", 64, 19, 0x40 },
      { GCRY_MD_SHAKE128, "SHAKE128", "1.3.6.1.5.5.7.6.32", 32, 19, 0x20 },
      { GCRY_MD_SHAKE256, "SHAKE256", "2.16.840.1.101.3.4.2.12", 64, 19, 0x40 },
      { GCRY_MD_CSHAKE128, "CSHAKE128", NULL, 32, 0, 0 },
      { GCRY_MD_CSHAKE256, "CSHAKE256", NULL, 64, 0, 0 }
    };
  struct gcry_cshake_customization cust;
  unsigned char buf[64], big[300];
  char oid[64];
  size_t i, n;
  gcry_md_hd_t h;
  gcry_error_t err;

  for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
    {
      t_check (!strcmp (gcry_md_algo_name (ids[i].algo), ids[i].name),
               "name %s", ids[i].name);
      t_check (gcry_md_map_name (ids[i].name) == ids[i].algo, "map %s",
               ids[i].name);
      t_check (gcry_md_get_algo_dlen (ids[i].algo) == ids[i].dlen,
               "dlen %s", ids[i].name);
      t_check (!gcry_md_test_algo (ids[i].algo), "test_algo %s",
               ids[i].name);
      if (ids[i].oid)
        {
          snprintf (oid, sizeof oid, "oid.%s", ids[i].oid);
          t_check (gcry_md_map_name (oid) == ids[i].algo, "map %s", oid);
        }
      n = sizeof buf;
      err = gcry_md_get_asnoid (ids[i].algo, buf, &n);
      t_check (!err && n == ids[i].asnlen
               && (!n || (buf[0] == 0x30 && buf[n - 1] == ids[i].asn_last)),
               "asnoid %s (%zu)", ids[i].name, n);
      n = 1;
      t_check (gcry_md_algo_info (ids[i].algo, GCRYCTL_SELFTEST, NULL, &n)
               == 0, "selftest %s", ids[i].name);
    }

  /* Extract on a fixed-length digest, customize on anything but cSHAKE:
     GPG_ERR_DIGEST_ALGO, as upstream.  */
  memset (&cust, 0, sizeof cust);
  cust.s = "x";
  cust.s_len = 1;
  for (i = 0; i < sizeof fixed_algos / sizeof fixed_algos[0]; i++)
    {
      if (gcry_md_open (&h, fixed_algos[i], 0))
        continue;
      t_check (gcry_err_code (gcry_md_extract (h, fixed_algos[i], buf, 8))
               == GPG_ERR_DIGEST_ALGO, "extract on %d", fixed_algos[i]);
      gcry_md_reset (h);
      t_check (gcry_err_code (gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust,
                                           sizeof cust))
               == GPG_ERR_DIGEST_ALGO, "customize on %d", fixed_algos[i]);
      gcry_md_close (h);
    }
  if (!gcry_md_open (&h, GCRY_MD_SHAKE128, 0))
    {
      t_check (gcry_err_code (gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust,
                                           sizeof cust))
               == GPG_ERR_DIGEST_ALGO, "customize on SHAKE128");
      gcry_md_close (h);
    }
  /* XOFs cannot be HMAC'd with SHA-3's gcry_mac ids; SHA-3 can.  */
  t_check (!gcry_md_open (&h, GCRY_MD_SHA3_256, GCRY_MD_FLAG_HMAC),
           "HMAC SHA3-256 open");
  if (h)
    gcry_md_close (h);

  /* cSHAKE: wrong size, N or S of 255 bytes or more.  */
  if (!gcry_md_open (&h, GCRY_MD_CSHAKE128, 0))
    {
      t_check (gcry_err_code (gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust,
                                           sizeof cust - 1))
               == GPG_ERR_INV_ARG, "customize with a short struct");
      memset (big, 'n', sizeof big);
      cust.n = big;
      cust.n_len = 255;
      t_check (gcry_err_code (gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust,
                                           sizeof cust))
               == GPG_ERR_TOO_LARGE, "customize N of 255 bytes");
      cust.n_len = 0;
      cust.s = big;
      cust.s_len = 300;
      t_check (gcry_err_code (gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust,
                                           sizeof cust))
               == GPG_ERR_TOO_LARGE, "customize S of 300 bytes");
      /* Empty N and S: plain SHAKE.  */
      cust.s_len = 0;
      t_check (!gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust),
               "customize empty");
      gcry_md_write (h, "abc", 3);
      gcry_md_hash_buffer (GCRY_MD_SHAKE128, buf, "abc", 3);
      t_check (!memcmp (gcry_md_read (h, 0), buf, 32),
               "cSHAKE128 without customisation is SHAKE128");
      /* Longest N and S (254 bytes: two-byte length encodings) give
         output different from SHAKE and stable under copy.  */
      gcry_md_reset (h);
      cust.n = big;
      cust.n_len = 254;
      cust.s = big + 1;
      cust.s_len = 254;
      t_check (!gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust),
               "customize 254/254");
      gcry_md_write (h, "abc", 3);
      t_check (memcmp (gcry_md_read (h, 0), buf, 32) != 0,
               "customised output differs from SHAKE");
      gcry_md_close (h);
    }
}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-md-sha3", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      t_check (0, "version mismatch");
      return t_finish ();
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  t_rnd_seed (0x5a3);

  test_identity_and_errors ();
  test_sp800_185 ();
  test_cshake_hash_buffers ();
  test_splits ();
  test_xof_stream ();
  dir = t_vectors_dir ();
  if (dir)
    {
      test_cavp (dir);
      test_wycheproof (dir);
    }
  return t_finish ();
}
