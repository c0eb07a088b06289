/* t-md-api.c - the gcry_md API contract, independent of any one digest's
 * vectors: upstream's error codes for bad input (and no crash where
 * upstream would abort), the one-shot functions with iovecs, HMAC against
 * a construction from plain digests, multi-algorithm handles, the secure
 * flag, and debug dumps.  The algorithms used are the BLAKE2 family, the
 * first digests implemented.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"

#include <unistd.h>

#define CODE(err) ((int) gcry_err_code (err))

static const int algos[8] =
  {
    GCRY_MD_BLAKE2B_512, GCRY_MD_BLAKE2B_384, GCRY_MD_BLAKE2B_256,
    GCRY_MD_BLAKE2B_160, GCRY_MD_BLAKE2S_256, GCRY_MD_BLAKE2S_224,
    GCRY_MD_BLAKE2S_160, GCRY_MD_BLAKE2S_128
  };

static unsigned int
hmac_blocksize (int algo)
{
  return algo >= GCRY_MD_BLAKE2B_512 && algo <= GCRY_MD_BLAKE2B_160
         ? 128 : 64;
}

/* gcry_md_info is deprecated for applications (upstream marks it so);
   its answers are still part of the contract.  */
static gcry_error_t
md_info (gcry_md_hd_t h, int what, void *buffer, size_t *nbytes)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return gcry_md_info (h, what, buffer, nbytes);
#pragma GCC diagnostic pop
}

static int
hexeq (const unsigned char *p, const char *hex, size_t n)
{
  char buf[3];
  size_t i;

  for (i = 0; i < n; i++)
    {
      snprintf (buf, sizeof buf, "%02x", p[i]);
      if (memcmp (buf, hex + 2 * i, 2))
        return 0;
    }
  return hex[2 * n] == 0;
}


/*
 * Opening and enabling.
 */

static void
test_open_enable (void)
{
  gcry_md_hd_t h = (gcry_md_hd_t) 1;
  gcry_error_t err;

  err = gcry_md_open (&h, 9999, 0);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO && !h,
           "open unknown algo -> DIGEST_ALGO, NULL handle (%d)", CODE (err));
  t_check (gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
           "error source is gcrypt");
  err = gcry_md_open (&h, -1, 0);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "open -1 -> DIGEST_ALGO");
  err = gcry_md_open (&h, GCRY_MD_MD2, 0);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
           "open MD2 (declared, never implemented) -> DIGEST_ALGO");
  err = gcry_md_open (&h, GCRY_MD_BLAKE2B_512, 4);
  t_check (CODE (err) == GPG_ERR_INV_ARG && !h, "open bad flag -> INV_ARG");
  err = gcry_md_open (&h, GCRY_MD_BLAKE2B_512, GCRY_MD_FLAG_BUGEMU1);
  t_check (!err && h, "open with BUGEMU1 accepted");
  gcry_md_close (h);

  err = gcry_md_open (&h, 0, 0);
  if (!t_check (!err && h, "open without algorithm"))
    return;
  t_check (gcry_md_get_algo (h) == 0, "get_algo of empty handle is 0");
  t_check (gcry_md_read (h, 0) == NULL, "read(0) of empty handle -> NULL");
  err = gcry_md_setkey (h, "k", 1);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
           "setkey on empty handle -> DIGEST_ALGO");
  err = gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, NULL, 0);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
           "customize on empty handle -> DIGEST_ALGO");
  err = gcry_md_enable (h, 9999);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "enable unknown -> DIGEST_ALGO");
  err = gcry_md_enable (h, 0);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "enable 0 -> DIGEST_ALGO");
  t_check (!gcry_md_enable (h, GCRY_MD_BLAKE2S_256), "enable BLAKE2S_256");
  t_check (!gcry_md_enable (h, GCRY_MD_BLAKE2S_256), "enable twice is fine");
  t_check (gcry_md_get_algo (h) == GCRY_MD_BLAKE2S_256, "get_algo");
  gcry_md_close (h);

  gcry_md_close (NULL);
  t_check (1, "close(NULL) survives");
}


/*
 * Reading, extracting, control.
 */

static void
test_read_extract_ctl (void)
{
  gcry_md_hd_t h;
  gcry_error_t err;
  unsigned char out[64], ref_b[64], ref_s[32], first[64];
  unsigned char *p;

  if (!t_check (!gcry_md_open (&h, GCRY_MD_BLAKE2B_512, 0), "open"))
    return;
  gcry_md_hash_buffer (GCRY_MD_BLAKE2B_512, ref_b, "data", 4);
  gcry_md_hash_buffer (GCRY_MD_BLAKE2S_256, ref_s, "data", 4);

  gcry_md_write (h, "data", 4);
  t_check (gcry_md_read (h, GCRY_MD_BLAKE2S_256) == NULL,
           "read of an algorithm not enabled -> NULL, no abort");
  t_check (gcry_md_read (h, 9999) == NULL, "read of unknown algo -> NULL");
  p = gcry_md_read (h, GCRY_MD_BLAKE2B_512);
  t_check (p && !memcmp (p, ref_b, 64), "read by id");
  memcpy (first, p ? p : out, 64);

  /* Writing after final does not change what read returns.  */
  gcry_md_write (h, "more", 4);
  gcry_md_putc (h, 'x');
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, first, 64), "read stable after late writes");

  err = gcry_md_extract (h, GCRY_MD_BLAKE2B_512, out, 10);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
           "extract from a non-XOF -> DIGEST_ALGO (%d)", CODE (err));
  err = gcry_md_extract (h, 0, out, 10);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "extract(0) non-XOF");
  err = gcry_md_ctl (h, 12345, NULL, 0);
  t_check (CODE (err) == GPG_ERR_INV_OP, "ctl unknown -> INV_OP");
  err = gcry_md_ctl (h, GCRYCTL_MD_CUSTOMIZE, out, 8);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
           "customize BLAKE2 -> DIGEST_ALGO");
  t_check (!gcry_md_final (h), "gcry_md_final macro");

  /* Enabled after finalisation: a finished digest of no data, never an
     unfinished context.  */
  {
    unsigned char empty[16];

    gcry_md_hash_buffer (GCRY_MD_BLAKE2S_128, empty, "", 0);
    t_check (!gcry_md_enable (h, GCRY_MD_BLAKE2S_128), "enable after final");
    p = gcry_md_read (h, GCRY_MD_BLAKE2S_128);
    t_check (p && !memcmp (p, empty, 16), "late algorithm reads empty digest");
    p = gcry_md_read (h, GCRY_MD_BLAKE2B_512);
    t_check (p && !memcmp (p, first, 64), "first algorithm unchanged");
    gcry_md_close (h);
    if (!t_check (!gcry_md_open (&h, GCRY_MD_BLAKE2B_512, 0), "reopen"))
      return;
    gcry_md_write (h, "data", 4);
  }

  /* Non-keyable digest next to a keyable one: setkey fails.  Only
     BLAKE2 exists yet, so the case is checked once SHA-256 lands.  */
  if (!gcry_md_test_algo (GCRY_MD_SHA256))
    {
      gcry_md_hd_t h2;

      if (!gcry_md_open (&h2, GCRY_MD_SHA256, 0))
        {
          err = gcry_md_setkey (h2, "key", 3);
          t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
                   "setkey on non-keyed SHA-256 -> DIGEST_ALGO");
          gcry_md_close (h2);
        }
    }

  /* Several algorithms in one handle.  */
  gcry_md_reset (h);
  t_check (!gcry_md_enable (h, GCRY_MD_BLAKE2S_256), "enable second");
  gcry_md_write (h, "da", 2);
  gcry_md_putc (h, 't');
  gcry_md_putc (h, 'a');
  t_check (gcry_md_is_enabled (h, GCRY_MD_BLAKE2B_512)
           && gcry_md_is_enabled (h, GCRY_MD_BLAKE2S_256)
           && !gcry_md_is_enabled (h, GCRY_MD_BLAKE2S_128)
           && !gcry_md_is_enabled (h, 0), "is_enabled");
  p = gcry_md_read (h, GCRY_MD_BLAKE2B_512);
  t_check (p && !memcmp (p, ref_b, 64), "multi: BLAKE2b-512 digest");
  p = gcry_md_read (h, GCRY_MD_BLAKE2S_256);
  t_check (p && !memcmp (p, ref_s, 32), "multi: BLAKE2s-256 digest");
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref_s, 32),
           "multi: read(0) is the newest algorithm, as upstream");
  err = gcry_md_setkey (h, "0123456789", 10);
  t_check (!err, "setkey on two keyable digests");
  gcry_md_close (h);
}


/*
 * Information about algorithms and handles.
 */

static void
test_info (void)
{
  gcry_md_hd_t h;
  gcry_error_t err;
  unsigned char buf[32];
  size_t n;
  int algo;

  err = gcry_md_test_algo (9999);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "test_algo unknown");
  err = gcry_md_algo_info (GCRY_MD_BLAKE2B_512, GCRYCTL_TEST_ALGO, buf, NULL);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "TEST_ALGO with buffer -> INV_ARG");

  n = sizeof buf;
  err = gcry_md_get_asnoid (GCRY_MD_BLAKE2B_512, buf, &n);
  t_check (!err && n == 1 && buf[0] == 0x30,
           "BLAKE2 ASN.1 answer is upstream's { 0x30 }");
  n = 0;
  err = gcry_md_get_asnoid (GCRY_MD_BLAKE2S_128, NULL, &n);
  t_check (!err && n == 1, "asnoid length query");
  n = 0;
  err = gcry_md_get_asnoid (GCRY_MD_BLAKE2S_128, buf, &n);
  t_check (CODE (err) == GPG_ERR_TOO_SHORT, "asnoid short buffer -> TOO_SHORT");
  err = gcry_md_get_asnoid (GCRY_MD_BLAKE2S_128, NULL, NULL);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "asnoid NULL,NULL -> INV_ARG");
  n = sizeof buf;
  err = gcry_md_get_asnoid (9999, buf, &n);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "asnoid unknown");
  err = gcry_md_algo_info (GCRY_MD_BLAKE2B_512, 12345, NULL, NULL);
  t_check (CODE (err) == GPG_ERR_INV_OP, "algo_info unknown what -> INV_OP");
  err = gcry_md_algo_info (9999, GCRYCTL_SELFTEST, NULL, NULL);
  t_check (CODE (err) == GPG_ERR_NOT_IMPLEMENTED,
           "selftest unknown -> NOT_IMPLEMENTED");

  t_check (!strcmp (gcry_md_algo_name (9999), "?")
           && !strcmp (gcry_md_algo_name (0), "?")
           && !strcmp (gcry_md_algo_name (-5), "?"), "algo_name unknown");
  t_check (gcry_md_get_algo_dlen (9999) == 0, "dlen unknown is 0");

  t_check (gcry_md_map_name ("blake2b_512") == GCRY_MD_BLAKE2B_512
           && gcry_md_map_name ("Blake2S_128") == GCRY_MD_BLAKE2S_128,
           "map_name is case-insensitive");
  t_check (gcry_md_map_name ("1.3.6.1.4.1.1722.12.2.1.16")
           == GCRY_MD_BLAKE2B_512, "map_name by OID");
  t_check (gcry_md_map_name ("oid.1.3.6.1.4.1.1722.12.2.2.4")
           == GCRY_MD_BLAKE2S_128
           && gcry_md_map_name ("OID.1.3.6.1.4.1.1722.12.2.1.5")
           == GCRY_MD_BLAKE2B_160, "map_name with oid./OID. prefix");
  t_check (gcry_md_map_name ("Oid.1.3.6.1.4.1.1722.12.2.1.16") == 0,
           "map_name: only oid. and OID. prefixes, as upstream");
  t_check (gcry_md_map_name (NULL) == 0 && gcry_md_map_name ("") == 0
           && gcry_md_map_name ("blake2b-512") == 0
           && gcry_md_map_name ("nosuch") == 0, "map_name unknown -> 0");

  if (!t_check (!gcry_md_open (&h, GCRY_MD_BLAKE2B_160, 0), "open"))
    return;
  t_check (!gcry_md_is_secure (h), "normal handle is not secure");
  t_check (h->bufsize == 1024 && h->bufpos == 0,
           "public buffer of a normal handle: upstream's 1024 bytes");
  n = 99;
  err = md_info (h, GCRYCTL_IS_SECURE, NULL, &n);
  t_check (!err && n == 0, "info IS_SECURE");
  algo = GCRY_MD_BLAKE2B_160;
  n = sizeof algo;
  err = md_info (h, GCRYCTL_IS_ALGO_ENABLED, &algo, &n);
  t_check (!err && n == 1, "info IS_ALGO_ENABLED");
  n = 3;
  err = md_info (h, GCRYCTL_IS_ALGO_ENABLED, &algo, &n);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "IS_ALGO_ENABLED bad size");
  err = md_info (h, 12345, &algo, &n);
  t_check (CODE (err) == GPG_ERR_INV_OP, "info unknown -> INV_OP");
  gcry_md_close (h);
}

static void
test_secure (void)
{
  gcry_md_hd_t h, h2;
  unsigned char ref[32];
  unsigned char *p;
  int i;

  if (gcry_md_open (&h, GCRY_MD_BLAKE2S_256, GCRY_MD_FLAG_SECURE))
    {
      t_skip ("no secure memory for a SECURE digest handle");
      return;
    }
  t_check (gcry_md_is_secure (h), "SECURE flag -> gcry_md_is_secure");
  t_check (gcry_is_secure (h), "SECURE handle lives in secure memory");
  t_check (h->bufsize == 512, "secure handle: upstream's 512-byte buffer");
  /* Fill the public buffer past its size with putc.  */
  for (i = 0; i < 3000; i++)
    gcry_md_putc (h, i & 0xff);
  if (t_check (!gcry_md_copy (&h2, h), "copy secure handle"))
    {
      t_check (gcry_md_is_secure (h2), "copy of secure handle is secure");
      gcry_md_close (h2);
    }
  {
    unsigned char msg[3000];
    for (i = 0; i < 3000; i++)
      msg[i] = i & 0xff;
    gcry_md_hash_buffer (GCRY_MD_BLAKE2S_256, ref, msg, sizeof msg);
  }
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, 32), "putc across buffer refills");
  gcry_md_close (h);
}


/*
 * One-shot functions.
 */

static void
test_hash_buffers (void)
{
  static const char text[] = "The quick brown fox jumps over the lazy dog";
  unsigned char out[64], ref[64], canary[64];
  gcry_buffer_t iov[3];
  gcry_error_t err;
  size_t len = strlen (text);
  int i;

  memset (iov, 0, sizeof iov);
  /* "xxThe quick" with off 2, then the middle, then the rest.  */
  {
    static char first[] = "xxThe quick";
    iov[0].data = first;
    iov[0].size = sizeof first;
    iov[0].off = 2;
    iov[0].len = 9;
    iov[1].data = (void *) (text + 9);
    iov[1].len = 10;
    iov[2].data = (void *) text;
    iov[2].off = 19;
    iov[2].len = len - 19;
  }

  for (i = 0; i < 8; i++)
    {
      unsigned int dlen = gcry_md_get_algo_dlen (algos[i]);

      gcry_md_hash_buffer (algos[i], ref, text, len);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers (algos[i], 0, out, iov, 3);
      t_check (!err && !memcmp (out, ref, dlen), "%s: hash_buffers iovecs",
               gcry_md_algo_name (algos[i]));
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algos[i], 0, out, (int) dlen, iov, 3);
      t_check (!err && !memcmp (out, ref, dlen), "%s: hash_buffers_ext",
               gcry_md_algo_name (algos[i]));
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algos[i], 0, out, -1, iov, 3);
      t_check (!err && !memcmp (out, ref, dlen), "%s: hash_buffers_ext -1",
               gcry_md_algo_name (algos[i]));
      err = gcry_md_hash_buffers_ext (algos[i], 0, out, (int) dlen - 1,
                                      iov, 3);
      t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
               "%s: hash_buffers_ext short output -> DIGEST_ALGO (%d)",
               gcry_md_algo_name (algos[i]), CODE (err));
      err = gcry_md_hash_buffers_ext (algos[i], 0, out, (int) dlen + 1,
                                      iov, 3);
      t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
               "%s: hash_buffers_ext long output -> DIGEST_ALGO",
               gcry_md_algo_name (algos[i]));
    }

  /* Empty input, zero buffers.  */
  gcry_md_hash_buffer (GCRY_MD_BLAKE2B_256, ref, "", 0);
  err = gcry_md_hash_buffers (GCRY_MD_BLAKE2B_256, 0, out, iov, 0);
  t_check (!err && !memcmp (out, ref, 32), "hash_buffers with 0 buffers");

  err = gcry_md_hash_buffers (9999, 0, out, iov, 1);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "hash_buffers unknown algo");
  err = gcry_md_hash_buffers (GCRY_MD_MD2, 0, out, iov, 1);
  t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "hash_buffers MD2");
  err = gcry_md_hash_buffers (GCRY_MD_BLAKE2B_256, GCRY_MD_FLAG_SECURE, out,
                              iov, 1);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "hash_buffers SECURE flag");
  err = gcry_md_hash_buffers (GCRY_MD_BLAKE2B_256, 0, out, NULL, 1);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "hash_buffers NULL iov");
  err = gcry_md_hash_buffers (GCRY_MD_BLAKE2B_256, 0, out, iov, -1);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "hash_buffers negative count");
  err = gcry_md_hash_buffers (GCRY_MD_BLAKE2B_256, GCRY_MD_FLAG_HMAC, out,
                              iov, 0);
  t_check (CODE (err) == GPG_ERR_INV_ARG, "HMAC hash_buffers without key");

  memset (canary, 0x5a, sizeof canary);
  memcpy (out, canary, sizeof out);
  gcry_md_hash_buffer (9999, out, "x", 1);
  t_check (!memcmp (out, canary, sizeof out),
           "hash_buffer unknown algo: returns, writes nothing");
}


/*
 * HMAC.
 */

/* HMAC from its definition with unkeyed one-shot digests.  */
static void
hmac_direct (int algo, const unsigned char *key, size_t keylen,
             const void *msg, size_t len, unsigned char *out)
{
  unsigned int bs = hmac_blocksize (algo);
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  unsigned char k[128], pad[128], inner[64];
  gcry_buffer_t iov[2];
  unsigned int i;

  memset (k, 0, sizeof k);
  if (keylen > bs)
    gcry_md_hash_buffer (algo, k, key, keylen);
  else if (keylen)
    memcpy (k, key, keylen);

  memset (iov, 0, sizeof iov);
  for (i = 0; i < bs; i++)
    pad[i] = k[i] ^ 0x36;
  iov[0].data = pad;
  iov[0].len = bs;
  iov[1].data = (void *) msg;
  iov[1].len = len;
  gcry_md_hash_buffers (algo, 0, inner, iov, 2);
  for (i = 0; i < bs; i++)
    pad[i] = k[i] ^ 0x5c;
  iov[1].data = inner;
  iov[1].len = dlen;
  gcry_md_hash_buffers (algo, 0, out, iov, 2);
}

static void
test_hmac (void)
{
  unsigned char key[300], msg[500], ref[64], out[64];
  static const size_t keylens[] = { 0, 1, 20, 32, 63, 64, 65, 127, 128, 129,
                                    300 };
  gcry_buffer_t iov[3];
  gcry_md_hd_t h;
  gcry_error_t err;
  unsigned char *p;
  size_t i, k;
  int a;

  for (i = 0; i < sizeof key; i++)
    key[i] = (unsigned char) (i * 13 + 1);
  for (i = 0; i < sizeof msg; i++)
    msg[i] = (unsigned char) (i * 31 + 7);

  for (a = 0; a < 8; a++)
    {
      int algo = algos[a];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      unsigned long bad_handle = 0, bad_iov = 0, bad_reset = 0;

      if (gcry_md_open (&h, algo, GCRY_MD_FLAG_HMAC))
        {
          t_check (0, "open HMAC %s", gcry_md_algo_name (algo));
          continue;
        }
      for (k = 0; k < sizeof keylens / sizeof keylens[0]; k++)
        {
          size_t mlen = (k * 97) % sizeof msg;

          hmac_direct (algo, key, keylens[k], msg, mlen, ref);

          err = gcry_md_setkey (h, key, keylens[k]);
          gcry_md_write (h, msg, mlen / 3);
          gcry_md_write (h, msg + mlen / 3, mlen - mlen / 3);
          p = gcry_md_read (h, 0);
          if (err || !p || memcmp (p, ref, dlen))
            bad_handle++;

          /* Reset keeps the key.  */
          gcry_md_reset (h);
          for (i = 0; i < mlen; i++)
            gcry_md_putc (h, msg[i]);
          p = gcry_md_read (h, 0);
          if (!p || memcmp (p, ref, dlen))
            bad_reset++;

          memset (iov, 0, sizeof iov);
          iov[0].data = key;
          iov[0].len = keylens[k];
          iov[1].data = msg;
          iov[1].len = mlen / 2;
          iov[2].data = msg;
          iov[2].off = mlen / 2;
          iov[2].len = mlen - mlen / 2;
          memset (out, 0, sizeof out);
          err = gcry_md_hash_buffers (algo, GCRY_MD_FLAG_HMAC, out, iov, 3);
          if (err || memcmp (out, ref, dlen))
            bad_iov++;
        }
      gcry_md_close (h);
      t_check (!bad_handle, "HMAC-%s handle vs direct construction "
               "(%lu bad)", gcry_md_algo_name (algo), bad_handle);
      t_check (!bad_reset, "HMAC-%s reset keeps the key (%lu bad)",
               gcry_md_algo_name (algo), bad_reset);
      t_check (!bad_iov, "HMAC-%s hash_buffers (%lu bad)",
               gcry_md_algo_name (algo), bad_iov);
    }

  /* Upstream's answers (libgcrypt 1.10.1), pinned for compatibility.  */
  if (!gcry_md_open (&h, GCRY_MD_BLAKE2B_512, GCRY_MD_FLAG_HMAC))
    {
      gcry_md_setkey (h, "key", 3);
      gcry_md_write (h, "hello", 5);
      p = gcry_md_read (h, 0);
      t_check (p && hexeq (p, "574f76ad2bb6dcc0e5763fa94908d9fad45287e73c8ae7"
                           "50b286a4bbc90da2309a49daa63e0e6b78a207cabbe924cc"
                           "623f39d9f862ebdabd9ab6071c74cb67b8", 64),
               "HMAC-BLAKE2b-512 (\"key\", \"hello\") as upstream");

      /* Without setkey the key is empty.  */
      gcry_md_reset (h);
      gcry_md_close (h);
    }
  if (!gcry_md_open (&h, GCRY_MD_BLAKE2S_256, GCRY_MD_FLAG_HMAC))
    {
      gcry_md_write (h, msg, 10);
      hmac_direct (GCRY_MD_BLAKE2S_256, key, 0, msg, 10, ref);
      p = gcry_md_read (h, 0);
      t_check (p && !memcmp (p, ref, 32), "HMAC before setkey: empty key");
      err = gcry_md_extract (h, 0, out, 8);
      t_check (CODE (err) == GPG_ERR_DIGEST_ALGO, "extract on HMAC");
      err = gcry_md_setkey (h, NULL, 5);
      t_check (CODE (err) == GPG_ERR_INV_ARG, "HMAC setkey NULL,5 -> INV_ARG");
      gcry_md_close (h);
    }
  if (!gcry_md_open (&h, 0, GCRY_MD_FLAG_HMAC))
    {
      err = gcry_md_setkey (h, "key", 3);
      t_check (CODE (err) == GPG_ERR_DIGEST_ALGO,
               "HMAC setkey with no algorithm -> DIGEST_ALGO");
      gcry_md_close (h);
    }
}


/*
 * Debug dumps: data hashed while dumping lands in dbgmd-NNNNN.SUFFIX.
 */

static void
test_debug (void)
{
  char dir[] = "/tmp/t-md-api-XXXXXX";
  char cwd[4096];
  gcry_md_hd_t h;
  FILE *fp;
  char line[64];
  int found = 0;

  if (!getcwd (cwd, sizeof cwd) || !mkdtemp (dir) || chdir (dir))
    {
      t_skip ("cannot make a scratch directory for the debug dump");
      return;
    }
  if (!gcry_md_open (&h, GCRY_MD_BLAKE2S_128, 0))
    {
      gcry_md_debug (h, NULL);   /* Stopping when not started: no-op.  */
      gcry_md_debug (h, "tst");
      gcry_md_write (h, "abc", 3);
      gcry_md_putc (h, 'd');
      gcry_md_debug (h, NULL);
      gcry_md_close (h);
      /* Our file is the only one in the fresh directory; its number
         depends on how many dumps this process made before.  */
      {
        int n;
        char name[64];
        for (n = 1; n < 100 && !found; n++)
          {
            snprintf (name, sizeof name, "dbgmd-%05d.tst", n);
            fp = fopen (name, "r");
            if (!fp)
              continue;
            found = fgets (line, sizeof line, fp) && !strcmp (line, "abcd");
            fclose (fp);
            remove (name);
          }
      }
    }
  t_check (found, "debug dump holds the hashed bytes");
  if (chdir (cwd))
    t_check (0, "chdir back");
  rmdir (dir);
}

int
main (int argc, char **argv)
{
  t_init ("t-md-api", argc, argv);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-md-api: gcry_check_version failed\n");
      return 2;
    }

  test_open_enable ();
  test_read_extract_ctl ();
  test_info ();
  test_secure ();
  test_hash_buffers ();
  test_hmac ();
  test_debug ();
  return t_finish ();
}
