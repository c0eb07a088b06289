/* t-md-blake2.c - BLAKE2b/BLAKE2s through the gcry_md API.
 *
 * Known answers: RFC 7693's appendix examples (built in, always run) and
 * the BLAKE2 team's KAT files from the shared vectors (read in place,
 * SKIP when absent).  RFC 7693 appendix E folds every libgcrypt output
 * length, keyed and unkeyed, into one digest per family, so it covers the
 * truncated variants the KAT files lack.  Then consistency: one call vs
 * random splits vs gcry_md_putc for every length 0..1100 (every block
 * boundary case of both families), copy mid-stream, reset, and setkey.
 * Last, lengths 0..2100 in random pieces folded into one digest per
 * family, unkeyed and keyed, against values from libgcrypt 1.10.1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"


#define MAX_MSG 1100

static const int b2b_algos[4] =
  { GCRY_MD_BLAKE2B_160, GCRY_MD_BLAKE2B_256, GCRY_MD_BLAKE2B_384,
    GCRY_MD_BLAKE2B_512 };
static const int b2s_algos[4] =
  { GCRY_MD_BLAKE2S_128, GCRY_MD_BLAKE2S_160, GCRY_MD_BLAKE2S_224,
    GCRY_MD_BLAKE2S_256 };

static const struct { int algo; const char *name; unsigned int dlen; }
all_algos[8] =
  {
    { GCRY_MD_BLAKE2B_512, "BLAKE2B_512", 64 },
    { GCRY_MD_BLAKE2B_384, "BLAKE2B_384", 48 },
    { GCRY_MD_BLAKE2B_256, "BLAKE2B_256", 32 },
    { GCRY_MD_BLAKE2B_160, "BLAKE2B_160", 20 },
    { GCRY_MD_BLAKE2S_256, "BLAKE2S_256", 32 },
    { GCRY_MD_BLAKE2S_224, "BLAKE2S_224", 28 },
    { GCRY_MD_BLAKE2S_160, "BLAKE2S_160", 20 },
    { GCRY_MD_BLAKE2S_128, "BLAKE2S_128", 16 }
  };

static int
is_blake2b (int algo)
{
  return algo >= GCRY_MD_BLAKE2B_512 && algo <= GCRY_MD_BLAKE2B_160;
}

/* Digest of MSG with ALGO, keyed with KEY unless KEY is NULL, through
   open/setkey/write/read.  Returns 0 on success.  */
static int
md_digest (int algo, const void *key, size_t keylen,
           const void *msg, size_t len, unsigned char *out)
{
  gcry_md_hd_t h;
  gcry_error_t err;
  unsigned char *p;

  err = gcry_md_open (&h, algo, 0);
  if (err)
    return -1;
  if (key)
    {
      err = gcry_md_setkey (h, key, keylen);
      if (err)
        {
          gcry_md_close (h);
          return -1;
        }
    }
  gcry_md_write (h, msg, len);
  p = gcry_md_read (h, 0);
  if (!p)
    {
      gcry_md_close (h);
      return -1;
    }
  memcpy (out, p, gcry_md_get_algo_dlen (algo));
  gcry_md_close (h);
  return 0;
}


/*
 * RFC 7693 appendices A, B and E.
 */

static void
test_rfc_abc (void)
{
  static const unsigned char b2b[64] =
    {
      0xBA, 0x80, 0xA5, 0x3F, 0x98, 0x1C, 0x4D, 0x0D, 0x6A, 0x27, 0x97, 0xB6,
      0x9F, 0x12, 0xF6, 0xE9, 0x4C, 0x21, 0x2F, 0x14, 0x68, 0x5A, 0xC4, 0xB7,
      0x4B, 0x12, 0xBB, 0x6F, 0xDB, 0xFF, 0xA2, 0xD1, 0x7D, 0x87, 0xC5, 0x39,
      0x2A, 0xAB, 0x79, 0x2D, 0xC2, 0x52, 0xD5, 0xDE, 0x45, 0x33, 0xCC, 0x95,
      0x18, 0xD3, 0x8A, 0xA8, 0xDB, 0xF1, 0x92, 0x5A, 0xB9, 0x23, 0x86, 0xED,
      0xD4, 0x00, 0x99, 0x23
    };
  static const unsigned char b2s[32] =
    {
      0x50, 0x8C, 0x5E, 0x8C, 0x32, 0x7C, 0x14, 0xE2, 0xE1, 0xA7, 0x2B, 0xA3,
      0x4E, 0xEB, 0x45, 0x2F, 0x37, 0x45, 0x8B, 0x20, 0x9E, 0xD6, 0x3A, 0x29,
      0x4D, 0x99, 0x9B, 0x4C, 0x86, 0x67, 0x59, 0x82
    };
  unsigned char out[64];

  memset (out, 0, sizeof out);
  gcry_md_hash_buffer (GCRY_MD_BLAKE2B_512, out, "abc", 3);
  t_check (!memcmp (out, b2b, 64), "RFC 7693 A: BLAKE2b-512(\"abc\")");
  memset (out, 0, sizeof out);
  gcry_md_hash_buffer (GCRY_MD_BLAKE2S_256, out, "abc", 3);
  t_check (!memcmp (out, b2s, 32), "RFC 7693 B: BLAKE2s-256(\"abc\")");
}

/* Appendix E's deterministic input: a Fibonacci-like sequence seeded
   with SEED, one byte per step.  */
static void
rfc_seq (unsigned char *out, size_t len, unsigned int seed)
{
  unsigned int a = 0xDEAD4BADu * seed, b = 1, t;
  size_t i;

  for (i = 0; i < len; i++)
    {
      t = a + b;
      a = b;
      b = t;
      out[i] = (unsigned char) (t >> 24);
    }
}

/* For each output length and each of six input lengths, the unkeyed and
   the keyed digest (key of the output length) go into one BLAKE2-256
   "grand hash".  */
static void
test_rfc_selftest (const char *family, const int algos[4],
                   const size_t inlens[6], int grand_algo,
                   const unsigned char expect[32])
{
  gcry_md_hd_t grand;
  unsigned char in[1024], key[64], md[64];
  unsigned char *p;
  int i, j, ok = 1;

  if (!t_check (!gcry_md_open (&grand, grand_algo, 0), "open grand hash"))
    return;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 6; j++)
      {
        unsigned int outlen = gcry_md_get_algo_dlen (algos[i]);

        rfc_seq (in, inlens[j], (unsigned int) inlens[j]);
        ok &= !md_digest (algos[i], NULL, 0, in, inlens[j], md);
        gcry_md_write (grand, md, outlen);
        rfc_seq (key, outlen, outlen);
        ok &= !md_digest (algos[i], key, outlen, in, inlens[j], md);
        gcry_md_write (grand, md, outlen);
      }
  p = gcry_md_read (grand, 0);
  t_check (ok && p && !memcmp (p, expect, 32),
           "RFC 7693 E: %s self-test grand hash (all lengths, keyed)", family);
  gcry_md_close (grand);
}

static void
test_rfc (void)
{
  static const unsigned char b2b_res[32] =
    {
      0xC2, 0x3A, 0x78, 0x00, 0xD9, 0x81, 0x23, 0xBD, 0x10, 0xF5, 0x06, 0xC6,
      0x1E, 0x29, 0xDA, 0x56, 0x03, 0xD7, 0x63, 0xB8, 0xBB, 0xAD, 0x2E, 0x73,
      0x7F, 0x5E, 0x76, 0x5A, 0x7B, 0xCC, 0xD4, 0x75
    };
  static const unsigned char b2s_res[32] =
    {
      0x6A, 0x41, 0x1F, 0x08, 0xCE, 0x25, 0xAD, 0xCD, 0xFB, 0x02, 0xAB, 0xA6,
      0x41, 0x45, 0x1C, 0xEC, 0x53, 0xC5, 0x98, 0xB2, 0x4F, 0x4F, 0xC7, 0x87,
      0xFB, 0xDC, 0x88, 0x79, 0x7F, 0x4C, 0x1D, 0xFE
    };
  static const size_t b2b_in[6] = { 0, 3, 128, 129, 255, 1024 };
  static const size_t b2s_in[6] = { 0, 3, 64, 65, 255, 1024 };

  test_rfc_abc ();
  test_rfc_selftest ("BLAKE2b", b2b_algos, b2b_in, GCRY_MD_BLAKE2B_256,
                     b2b_res);
  test_rfc_selftest ("BLAKE2s", b2s_algos, b2s_in, GCRY_MD_BLAKE2S_256,
                     b2s_res);
}


/*
 * The BLAKE2 reference KATs.
 */

struct kat_count { unsigned long done, bad; };

/* Check one KAT entry: full-length digest of IN, keyed if KEYLEN.  */
static void
kat_one (int algo, const unsigned char *in, size_t inlen,
         const unsigned char *key, size_t keylen,
         const unsigned char *expect, size_t outlen, struct kat_count *cnt)
{
  unsigned char md[64];
  gcry_buffer_t iov[2];
  int ok;

  ok = outlen == gcry_md_get_algo_dlen (algo)
       && !md_digest (algo, keylen ? key : NULL, keylen, in, inlen, md)
       && !memcmp (md, expect, outlen);
  if (ok && !keylen)
    {
      /* The one-shot path too, split in two iovecs.  */
      memset (iov, 0, sizeof iov);
      iov[0].data = (void *) in;
      iov[0].len = inlen / 2;
      iov[1].data = (void *) in;
      iov[1].off = inlen / 2;
      iov[1].len = inlen - inlen / 2;
      memset (md, 0, sizeof md);
      ok = !gcry_md_hash_buffers (algo, 0, md, iov, 2)
           && !memcmp (md, expect, outlen);
    }
  cnt->done++;
  if (!ok)
    {
      cnt->bad++;
      if (cnt->bad <= 5)
        t_check (0, "KAT %s inlen %zu keylen %zu",
                 gcry_md_algo_name (algo), inlen, keylen);
    }
}

/* blake2b-kat.txt / blake2s-kat.txt: blocks of "in:", "key:", "hash:"
   lines with a tab after the colon.  */
static void
test_kat_txt (const char *dir, const char *file, int algo,
              unsigned long expect_count)
{
  char path[4200], line[1024];
  unsigned char in[300], key[64], hash[64];
  long inlen = -1, keylen = -1, hashlen;
  struct kat_count cnt = { 0, 0 };
  FILE *fp;

  snprintf (path, sizeof path, "%s/blake2/testvectors/%s", dir, file);
  fp = fopen (path, "r");
  if (!fp)
    {
      t_skip ("%s not found", path);
      return;
    }
  while (fgets (line, sizeof line, fp))
    {
      char *v = strchr (line, ':');

      if (!v)
        continue;
      v++;
      while (*v == '\t' || *v == ' ')
        v++;
      v[strcspn (v, "\r\n")] = 0;
      if (!strncmp (line, "in:", 3))
        inlen = t_unhex (v, in, sizeof in);
      else if (!strncmp (line, "key:", 4))
        keylen = t_unhex (v, key, sizeof key);
      else if (!strncmp (line, "hash:", 5))
        {
          hashlen = t_unhex (v, hash, sizeof hash);
          if (inlen < 0 || keylen < 0 || hashlen <= 0)
            {
              t_check (0, "%s: malformed entry near #%lu", file, cnt.done);
              break;
            }
          kat_one (algo, in, (size_t) inlen, key, (size_t) keylen,
                   hash, (size_t) hashlen, &cnt);
          inlen = keylen = -1;
        }
    }
  fclose (fp);
  printf ("%s: %s: %lu vectors, %lu failed\n", t_name, file, cnt.done,
          cnt.bad);
  t_check (cnt.done == expect_count && !cnt.bad,
           "%s: %lu of %lu vectors checked, %lu failed", file,
           cnt.done, expect_count, cnt.bad);
}

/* blake2-kat.json: an array of objects with one field per line.  Only
   the "blake2b" and "blake2s" entries concern us; 256 unkeyed and 256
   keyed each.  */
static void
test_kat_json (const char *dir)
{
  char hash[16];
  unsigned char in[300], key[64], out[300];
  long inlen, keylen, outlen;
  int algo;
  struct kat_count b_unkeyed = { 0, 0 }, b_keyed = { 0, 0 };
  struct kat_count s_unkeyed = { 0, 0 }, s_keyed = { 0, 0 };
  struct kat_count *cnt;
  t_json_span_t obj;
  const char *pos, *end;
  char *text;
  size_t len;

  text = t_json_load_vectors
    (dir, "blake2/testvectors/blake2-kat.json", &len);
  if (!text)
    return;
  pos = text;
  end = text + len;
  while (t_json_next_object (&pos, end, "hash", &obj))
    {
      algo = 0;
      if (t_json_string (&obj, "hash", hash, sizeof hash) > 0)
        {
          if (!strcmp (hash, "blake2b"))
            algo = GCRY_MD_BLAKE2B_512;
          else if (!strcmp (hash, "blake2s"))
            algo = GCRY_MD_BLAKE2S_256;
        }
      if (!algo)
        continue;
      inlen = t_json_hex (&obj, "in", in, sizeof in);
      keylen = t_json_hex (&obj, "key", key, sizeof key);
      outlen = t_json_hex (&obj, "out", out, sizeof out);
      if (inlen < 0 || keylen < 0 || outlen <= 0)
        {
          t_check (0, "blake2-kat.json: malformed entry");
          break;
        }
      if (algo == GCRY_MD_BLAKE2B_512)
        cnt = keylen ? &b_keyed : &b_unkeyed;
      else
        cnt = keylen ? &s_keyed : &s_unkeyed;
      kat_one (algo, in, (size_t) inlen, key, (size_t) keylen,
               out, (size_t) outlen, cnt);
    }
  free (text);
  printf ("%s: blake2-kat.json: blake2b %lu unkeyed + %lu keyed, "
          "blake2s %lu unkeyed + %lu keyed vectors\n", t_name,
          b_unkeyed.done, b_keyed.done, s_unkeyed.done, s_keyed.done);
  t_check (b_unkeyed.done == 256 && !b_unkeyed.bad,
           "json blake2b unkeyed: %lu vectors, %lu failed",
           b_unkeyed.done, b_unkeyed.bad);
  t_check (b_keyed.done == 256 && !b_keyed.bad,
           "json blake2b keyed: %lu vectors, %lu failed",
           b_keyed.done, b_keyed.bad);
  t_check (s_unkeyed.done == 256 && !s_unkeyed.bad,
           "json blake2s unkeyed: %lu vectors, %lu failed",
           s_unkeyed.done, s_unkeyed.bad);
  t_check (s_keyed.done == 256 && !s_keyed.bad,
           "json blake2s keyed: %lu vectors, %lu failed",
           s_keyed.done, s_keyed.bad);
}

static void
test_kats (void)
{
  const char *dir = t_vectors_dir ();

  if (!dir)
    return;
  test_kat_txt (dir, "blake2b-kat.txt", GCRY_MD_BLAKE2B_512, 256);
  test_kat_txt (dir, "blake2s-kat.txt", GCRY_MD_BLAKE2S_256, 256);
  test_kat_json (dir);
}


/*
 * Consistency of the buffering paths.
 */

static void
test_names_and_lengths (void)
{
  int i;

  for (i = 0; i < 8; i++)
    {
      t_check (gcry_md_get_algo_dlen (all_algos[i].algo) == all_algos[i].dlen,
               "%s digest length", all_algos[i].name);
      t_check (!strcmp (gcry_md_algo_name (all_algos[i].algo),
                        all_algos[i].name), "%s name", all_algos[i].name);
      t_check (gcry_md_map_name (all_algos[i].name) == all_algos[i].algo,
               "%s maps back", all_algos[i].name);
      t_check (!gcry_md_test_algo (all_algos[i].algo), "%s available",
               all_algos[i].name);
      t_check (!gcry_md_algo_info (all_algos[i].algo, GCRYCTL_SELFTEST,
                                   NULL, NULL), "%s selftest",
               all_algos[i].name);
    }
}

/* For ALGO, unkeyed and keyed with a random key: every length 0..1100
   hashed in one call, in random pieces, and byte by byte with
   gcry_md_putc must agree.  */
static void
test_splits (int algo, int keyed)
{
  static unsigned char msg[MAX_MSG];
  unsigned char key[64], ref[64];
  unsigned char *p;
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  size_t keylen = 0, len, pos, piece;
  unsigned long bad_split = 0, bad_putc = 0, bad_ref = 0;
  gcry_md_hd_t h;

  t_rnd_bytes (msg, sizeof msg);
  if (keyed)
    {
      keylen = 1 + t_rnd (is_blake2b (algo) ? 64 : 32);
      t_rnd_bytes (key, keylen);
    }

  if (gcry_md_open (&h, algo, 0))
    {
      t_check (0, "open %s", gcry_md_algo_name (algo));
      return;
    }
  for (len = 0; len <= MAX_MSG; len++)
    {
      if (md_digest (algo, keyed ? key : NULL, keylen, msg, len, ref))
        {
          bad_ref++;
          continue;
        }
      if (!keyed)
        {
          unsigned char one[64];

          gcry_md_hash_buffer (algo, one, msg, len);
          if (memcmp (one, ref, dlen))
            bad_ref++;
        }

      /* Random pieces, including empty ones, on a reused handle.  */
      if (keyed)
        gcry_md_setkey (h, key, keylen);
      else
        gcry_md_reset (h);
      for (pos = 0; pos < len; pos += piece)
        {
          switch (t_rnd (4))
            {
            case 0: piece = 0; break;
            case 1: piece = 1 + t_rnd (8); break;
            case 2: piece = 1 + t_rnd (200); break;
            default: piece = 1 + t_rnd (len - pos); break;
            }
          if (piece > len - pos)
            piece = len - pos;
          gcry_md_write (h, msg + pos, piece);
        }
      p = gcry_md_read (h, algo);
      if (!p || memcmp (p, ref, dlen))
        bad_split++;

      /* Byte by byte through the public buffer, mixed with writes.  */
      if (keyed)
        gcry_md_setkey (h, key, keylen);
      else
        gcry_md_reset (h);
      for (pos = 0; pos < len; pos++)
        {
          if (pos % 97 == 50)
            gcry_md_write (h, msg + pos, 1);
          else
            gcry_md_putc (h, msg[pos]);
        }
      p = gcry_md_read (h, 0);
      if (!p || memcmp (p, ref, dlen))
        bad_putc++;
    }
  gcry_md_close (h);
  t_check (!bad_ref, "%s %s: one-shot paths agree for lengths 0..%d "
           "(%lu bad)", gcry_md_algo_name (algo), keyed ? "keyed" : "unkeyed",
           MAX_MSG, bad_ref);
  t_check (!bad_split, "%s %s: random splits, lengths 0..%d (%lu bad)",
           gcry_md_algo_name (algo), keyed ? "keyed" : "unkeyed", MAX_MSG,
           bad_split);
  t_check (!bad_putc, "%s %s: putc, lengths 0..%d (%lu bad)",
           gcry_md_algo_name (algo), keyed ? "keyed" : "unkeyed", MAX_MSG,
           bad_putc);
}

/* A copy taken mid-stream continues independently of the original.  */
static void
test_copy (int algo)
{
  unsigned char msg[700], ref[64], ref_other[64], orig_out[64];
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  gcry_md_hd_t a, b;
  unsigned char *p;
  size_t i;

  for (i = 0; i < sizeof msg; i++)
    msg[i] = (unsigned char) (i * 7 + 3);
  gcry_md_hash_buffer (algo, ref, msg, sizeof msg);
  gcry_md_hash_buffer (algo, ref_other, msg, 300);

  if (gcry_md_open (&a, algo, 0))
    {
      t_check (0, "open %s", gcry_md_algo_name (algo));
      return;
    }
  gcry_md_write (a, msg, 200);
  for (i = 200; i < 300; i++)
    gcry_md_putc (a, msg[i]);          /* Pending in the public buffer.  */
  if (!t_check (!gcry_md_copy (&b, a), "copy %s", gcry_md_algo_name (algo)))
    {
      gcry_md_close (a);
      return;
    }
  /* The original stops here; the copy goes on.  */
  p = gcry_md_read (a, 0);
  t_check (p && !memcmp (p, ref_other, dlen),
           "%s: original after copy", gcry_md_algo_name (algo));
  if (p)
    memcpy (orig_out, p, dlen);
  gcry_md_write (b, msg + 300, sizeof msg - 300);
  p = gcry_md_read (b, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: copy continued mid-stream",
           gcry_md_algo_name (algo));
  p = gcry_md_read (a, 0);
  t_check (p && !memcmp (p, orig_out, dlen),
           "%s: original unaffected by the copy", gcry_md_algo_name (algo));

  /* Copy of a finalised handle reads the same digest.  */
  gcry_md_close (b);
  if (t_check (!gcry_md_copy (&b, a), "copy finalised"))
    {
      p = gcry_md_read (b, 0);
      t_check (p && !memcmp (p, ref_other, dlen),
               "%s: copy of a finalised handle", gcry_md_algo_name (algo));
      gcry_md_close (b);
    }
  gcry_md_close (a);
}

/* Reset discards data; on a keyed (non-HMAC) handle it also returns to
   the unkeyed digest, as upstream does.  Setkey variants.  */
static void
test_reset_and_keys (int algo)
{
  unsigned char key[64], ref[64], zeroblock_msg[128 + 5];
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  unsigned int blocksize = is_blake2b (algo) ? 128 : 64;
  unsigned int maxkey = blocksize / 2;
  const char *name = gcry_md_algo_name (algo);
  gcry_md_hd_t h;
  gcry_error_t err;
  unsigned char *p;
  size_t i;

  for (i = 0; i < sizeof key; i++)
    key[i] = (unsigned char) (0xa0 + i);
  if (gcry_md_open (&h, algo, 0))
    {
      t_check (0, "open %s", name);
      return;
    }

  gcry_md_write (h, "garbage", 7);
  gcry_md_putc (h, 'x');
  gcry_md_reset (h);
  gcry_md_write (h, "hello", 5);
  gcry_md_hash_buffer (algo, ref, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: reset discards data", name);

  /* Key of the maximum length, then reset: unkeyed again.  */
  t_check (!gcry_md_setkey (h, key, maxkey), "%s: setkey %u bytes", name,
           maxkey);
  gcry_md_write (h, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && memcmp (p, ref, dlen), "%s: keyed differs from unkeyed",
           name);
  gcry_md_reset (h);
  gcry_md_write (h, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: reset after setkey is unkeyed "
           "(upstream)", name);

  /* setkey also restarts: earlier data is dropped.  */
  gcry_md_write (h, "junk", 4);
  gcry_md_setkey (h, key, 5);
  gcry_md_write (h, "hello", 5);
  {
    unsigned char keyed[64];
    if (!md_digest (algo, key, 5, "hello", 5, keyed))
      {
        p = gcry_md_read (h, 0);
        t_check (p && !memcmp (p, keyed, dlen), "%s: setkey restarts", name);
      }
    else
      t_check (0, "%s: keyed digest", name);
  }

  err = gcry_md_setkey (h, key, maxkey + 1);
  t_check (gcry_err_code (err) == GPG_ERR_INV_KEYLEN,
           "%s: key of %u bytes -> INV_KEYLEN (got %d)", name, maxkey + 1,
           gcry_err_code (err));
  /* The failed setkey left a usable, unkeyed handle.  */
  gcry_md_write (h, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: usable after failed setkey",
           name);

  /* NULL key of length 0: plain digest.  */
  t_check (!gcry_md_setkey (h, NULL, 0), "%s: setkey NULL,0", name);
  gcry_md_write (h, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: NULL key is unkeyed", name);

  /* Non-NULL key of length 0: upstream hashes an all-zero key block
     first while the parameter block says "no key".  */
  memset (zeroblock_msg, 0, sizeof zeroblock_msg);
  memcpy (zeroblock_msg + blocksize, "hello", 5);
  gcry_md_hash_buffer (algo, ref, zeroblock_msg, blocksize + 5);
  t_check (!gcry_md_setkey (h, key, 0), "%s: setkey key,0", name);
  gcry_md_write (h, "hello", 5);
  p = gcry_md_read (h, 0);
  t_check (p && !memcmp (p, ref, dlen), "%s: empty non-NULL key = zero "
           "block prefix (upstream)", name);

  gcry_md_close (h);
}

/*
 * Every length 0..FOLD_MAX, written in random pieces, folded into one
 * digest: digest(d(0) || d(1) || ... || d(FOLD_MAX)) where d(n) hashes
 * the first n bytes of msg[i] = 131 i + 7 (mod 256), unkeyed or keyed
 * with key[i] = 0xa0 + i (32 bytes for BLAKE2s, 64 for BLAKE2b).  The
 * expected values come from an independent implementation (Debian's
 * libgcrypt 1.10.1).  hwf-levels.sh runs this at every CPU level, so
 * each compress kernel meets every block-boundary case with one- and
 * many-block calls, against an answer not computed by this library.
 */
#define FOLD_MAX 2100

static const unsigned char fold_b2s_unkeyed[32] =
  {
    0xad, 0xce, 0x7b, 0xf0, 0x9d, 0xe2, 0x50, 0x61,
    0x43, 0x99, 0x79, 0x3d, 0x93, 0xa4, 0xba, 0x64,
    0x67, 0x6e, 0x9e, 0x1a, 0x5b, 0x7a, 0xb9, 0x21,
    0x14, 0x3f, 0xea, 0xc2, 0xe7, 0x17, 0xac, 0x2a
  };
static const unsigned char fold_b2s_keyed[32] =
  {
    0xfe, 0x0a, 0x7b, 0x89, 0x7f, 0xea, 0x93, 0x8e,
    0xb1, 0x95, 0xdd, 0xfd, 0x3f, 0x0f, 0xd2, 0x2e,
    0xcb, 0x73, 0x1f, 0xab, 0x32, 0x8f, 0xbf, 0x45,
    0xab, 0x0d, 0x91, 0x78, 0xa3, 0xbe, 0xcb, 0x19
  };
static const unsigned char fold_b2b_unkeyed[64] =
  {
    0x47, 0x64, 0xbb, 0xe9, 0x26, 0x80, 0xd1, 0xa7,
    0xdf, 0x95, 0x00, 0xbc, 0x68, 0x33, 0x2b, 0xb4,
    0xb1, 0x92, 0xe8, 0xb6, 0x93, 0x5a, 0x37, 0xeb,
    0x80, 0x0e, 0x73, 0x9d, 0xc3, 0x4b, 0x5d, 0x7b,
    0x63, 0x1e, 0xa4, 0xd1, 0x0a, 0xbf, 0xbd, 0x74,
    0x64, 0x89, 0x0a, 0xfa, 0x00, 0x92, 0xd2, 0x9d,
    0xaa, 0xf0, 0xd1, 0x4e, 0x64, 0x42, 0xb9, 0x07,
    0x47, 0xf7, 0x46, 0xfb, 0xd6, 0x56, 0x01, 0xe5
  };
static const unsigned char fold_b2b_keyed[64] =
  {
    0xc7, 0x93, 0x45, 0x4a, 0x46, 0x04, 0xa0, 0xf6,
    0xbe, 0xbe, 0xc4, 0xf0, 0xbb, 0x16, 0x04, 0xdd,
    0x27, 0xd8, 0x13, 0x19, 0xa8, 0xc9, 0x20, 0xf6,
    0x6c, 0x20, 0x6e, 0x94, 0x93, 0xe6, 0x6c, 0x00,
    0x8c, 0xa0, 0x98, 0x2e, 0xb9, 0x6c, 0x56, 0xa5,
    0x53, 0x8e, 0x50, 0xd5, 0x35, 0x76, 0xc2, 0x18,
    0x4c, 0x0b, 0x43, 0x05, 0x46, 0xc2, 0xe3, 0xc0,
    0xaa, 0x6e, 0xfe, 0xb8, 0x93, 0xf6, 0x4f, 0xc2
  };

static void
test_fold (int algo, int keyed, const unsigned char *expect)
{
  static unsigned char msg[FOLD_MAX];
  unsigned char key[64];
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  size_t keylen = is_blake2b (algo) ? 64 : 32;
  size_t i, len, pos, piece;
  gcry_md_hd_t fold, h;
  unsigned char *p;
  int ok = 1;

  for (i = 0; i < FOLD_MAX; i++)
    msg[i] = (unsigned char) (i * 131 + 7);
  for (i = 0; i < keylen; i++)
    key[i] = (unsigned char) (0xa0 + i);
  if (gcry_md_open (&fold, algo, 0))
    {
      t_check (0, "open %s", gcry_md_algo_name (algo));
      return;
    }
  if (gcry_md_open (&h, algo, 0))
    {
      gcry_md_close (fold);
      t_check (0, "open %s", gcry_md_algo_name (algo));
      return;
    }
  for (len = 0; len <= FOLD_MAX && ok; len++)
    {
      if (keyed)
        ok = !gcry_md_setkey (h, key, keylen);
      else
        gcry_md_reset (h);
      /* Pieces of 1..3 blocks and odd sizes, so the kernel sees runs of
         several blocks as well as single buffered ones.  */
      for (pos = 0; pos < len; pos += piece)
        {
          piece = t_rnd (2) ? 1 + t_rnd (3 * 128) : 1 + t_rnd (70);
          if (piece > len - pos)
            piece = len - pos;
          gcry_md_write (h, msg + pos, piece);
        }
      p = gcry_md_read (h, 0);
      if (!p)
        ok = 0;
      else
        gcry_md_write (fold, p, dlen);
    }
  p = gcry_md_read (fold, 0);
  t_check (ok && p && !memcmp (p, expect, dlen),
           "%s %s: lengths 0..%d in random pieces, folded, match "
           "libgcrypt 1.10.1", gcry_md_algo_name (algo),
           keyed ? "keyed" : "unkeyed", FOLD_MAX);
  gcry_md_close (h);
  gcry_md_close (fold);
}

int
main (int argc, char **argv)
{
  int i;

  t_init ("t-md-blake2", argc, argv);
  /* The seed this test has always used.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-md-blake2: gcry_check_version failed\n");
      return 2;
    }

  test_rfc ();
  test_kats ();
  test_names_and_lengths ();
  for (i = 0; i < 8; i++)
    {
      test_splits (all_algos[i].algo, 0);
      test_splits (all_algos[i].algo, 1);
      test_copy (all_algos[i].algo);
      test_reset_and_keys (all_algos[i].algo);
    }
  test_fold (GCRY_MD_BLAKE2S_256, 0, fold_b2s_unkeyed);
  test_fold (GCRY_MD_BLAKE2S_256, 1, fold_b2s_keyed);
  test_fold (GCRY_MD_BLAKE2B_512, 0, fold_b2b_unkeyed);
  test_fold (GCRY_MD_BLAKE2B_512, 1, fold_b2b_keyed);
  return t_finish ();
}
