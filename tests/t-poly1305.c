/* t-poly1305.c - Poly1305 through gcry_mac, at whatever CPU level the
 * run allows (tests/hwf-levels.sh runs it once per level, so every
 * kernel of cipher/poly1305.c's table gets these checks through the
 * public API):
 *
 *  - RFC 8439 2.5.2 and the A.3 edge vectors (embedded), and the
 *    pyca-cryptography RFC 7539 file when the shared vectors are there;
 *  - Wycheproof chacha20_poly1305_test.json (96-bit nonces): the
 *    one-time key and the MAC input built here from a ChaCha20 written
 *    from RFC 8439, the tag computed and verified through gcry_mac (a
 *    modified tag must give GPG_ERR_CHECKSUM), the test's ChaCha20
 *    itself checked against the file's ciphertexts;
 *  - every message length 0..2100 written in random pieces, against
 *    t-poly1305-ref.h's reference (no code shared with the library),
 *    with a new key each and with one handle reset in between (a
 *    vector kernel builds its table of powers once per key, then runs
 *    its vector code on short messages too);
 *  - the accumulator on and around multiples of p (r = 1, sums k p + d);
 *  - a handle reused: reset after a tag gives the same tag for the same
 *    message (the powers of r a vector kernel keeps across resets must
 *    still be this key's), and a new key after that is taken; for
 *    POLY1305_AES, each setiv gives the tag of plain POLY1305 under
 *    r || AES(k, nonce).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"
#include "t-poly1305-ref.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define MAX_LEN 2100

/* The tag of MSG under KEY through a new handle, written in one piece
   or (SPLITS) in random ones.  Returns the gcry_mac error, if any.  */
static gcry_error_t
mac_tag (const unsigned char *key, const unsigned char *msg, size_t len,
         int splits, unsigned char *tag)
{
  gcry_mac_hd_t h;
  gcry_error_t err;
  size_t off = 0, n, taglen = 16;

  err = gcry_mac_open (&h, GCRY_MAC_POLY1305, 0, NULL);
  if (err)
    return err;
  err = gcry_mac_setkey (h, key, 32);
  while (!err && off < len)
    {
      n = splits ? ((t_rnd64 () & 3) ? t_rnd64 () % 40 : t_rnd64 () % 700)
                 : len;
      if (n > len - off)
        n = len - off;
      err = gcry_mac_write (h, msg + off, n);
      off += n;
    }
  if (!err)
    err = gcry_mac_read (h, tag, &taglen);
  if (!err && taglen != 16)
    err = gcry_error (GPG_ERR_INTERNAL);
  gcry_mac_close (h);
  return err;
}

static void
test_rfc (void)
{
  unsigned char key[32], msg[64], want[16], tag[16];
  long len;
  size_t i;
  int bad = 0;

  for (i = 0; i < DIM (t_poly_rfc); i++)
    {
      t_unhex (t_poly_rfc[i].key, key, sizeof key);
      len = t_unhex (t_poly_rfc[i].msg, msg, sizeof msg);
      t_unhex (t_poly_rfc[i].tag, want, sizeof want);
      bad += mac_tag (key, msg, (size_t) len, 0, tag) != 0
             || memcmp (tag, want, 16);
    }
  t_check (!bad, "RFC 8439 2.5.2 and A.3 #4-#11: %d wrong", bad);
}

/* The pyca-cryptography conversion of RFC 7539's Poly1305 vectors.  */
static void
test_pyca (const char *vecdir)
{
  static unsigned char msg[1024];
  char path[4200];
  unsigned char key[32], want[16], tag[16];
  long kl, ml, tl;
  int records = 0, bad = 0;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/pyca-cryptography/poly1305/rfc7539.txt",
            vecdir);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      kl = t_vec_hex (&v, "KEY", key, sizeof key);
      ml = t_vec_hex (&v, "MSG", msg, sizeof msg);
      tl = t_vec_hex (&v, "TAG", want, sizeof want);
      records++;
      bad += kl != 32 || ml < 0 || tl != 16
             || mac_tag (key, msg, (size_t) ml, 1, tag) != 0
             || memcmp (tag, want, 16);
    }
  t_check (records == 11 && !bad && !v.errors,
           "pyca RFC 7539 Poly1305 file: %d records, %d wrong", records,
           bad);
  t_vec_close (&v);
}


/*
 * ChaCha20 (RFC 8439 2.3), only to turn the Wycheproof ChaCha20-Poly1305
 * cases into Poly1305 ones.
 */

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define QROUND(a, b, c, d)                              \
  do {                                                  \
    a += b; d ^= a; d = ROTL32 (d, 16);                 \
    c += d; b ^= c; b = ROTL32 (b, 12);                 \
    a += b; d ^= a; d = ROTL32 (d, 8);                  \
    c += d; b ^= c; b = ROTL32 (b, 7);                  \
  } while (0)

static uint32_t
le32 (const unsigned char *p)
{
  return p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

/* OUT := the 64-byte block for KEY, COUNTER, NONCE (12 bytes).  */
static void
chacha20_block (const unsigned char *key, uint32_t counter,
                const unsigned char *nonce, unsigned char *out)
{
  uint32_t in[16], x[16];
  int i;

  in[0] = 0x61707865;
  in[1] = 0x3320646e;
  in[2] = 0x79622d32;
  in[3] = 0x6b206574;
  for (i = 0; i < 8; i++)
    in[4 + i] = le32 (key + 4 * i);
  in[12] = counter;
  for (i = 0; i < 3; i++)
    in[13 + i] = le32 (nonce + 4 * i);
  memcpy (x, in, sizeof x);
  for (i = 0; i < 10; i++)
    {
      QROUND (x[0], x[4], x[8], x[12]);
      QROUND (x[1], x[5], x[9], x[13]);
      QROUND (x[2], x[6], x[10], x[14]);
      QROUND (x[3], x[7], x[11], x[15]);
      QROUND (x[0], x[5], x[10], x[15]);
      QROUND (x[1], x[6], x[11], x[12]);
      QROUND (x[2], x[7], x[8], x[13]);
      QROUND (x[3], x[4], x[9], x[14]);
    }
  for (i = 0; i < 16; i++)
    {
      uint32_t w = x[i] + in[i];

      out[4 * i] = (unsigned char) w;
      out[4 * i + 1] = (unsigned char) (w >> 8);
      out[4 * i + 2] = (unsigned char) (w >> 16);
      out[4 * i + 3] = (unsigned char) (w >> 24);
    }
}

/* The RFC 8439 2.8 MAC input: AAD, zeros to 16, CT, zeros to 16, the
   two lengths as 64-bit little-endian numbers.  Returns its length.  */
static size_t
aead_mac_data (const unsigned char *aad, size_t aadlen,
               const unsigned char *ct, size_t ctlen, unsigned char *out)
{
  size_t n = 0;
  int i;

  memcpy (out, aad, aadlen);
  n = aadlen;
  while (n % 16)
    out[n++] = 0;
  memcpy (out + n, ct, ctlen);
  n += ctlen;
  while (n % 16)
    out[n++] = 0;
  for (i = 0; i < 8; i++)
    out[n++] = (unsigned char) ((uint64_t) aadlen >> (8 * i));
  for (i = 0; i < 8; i++)
    out[n++] = (unsigned char) ((uint64_t) ctlen >> (8 * i));
  return n;
}

static void
test_wycheproof (const char *vecdir)
{
  static t_json_aead_t t;
  static unsigned char data[1024 + 2048 + 64];
  char path[4200];
  unsigned char polykey[32], block[64], tag[16];
  char *text;
  const char *pos, *end;
  t_json_span_t obj;
  size_t n, len, i;
  long valid = 0, invalid = 0, skipped = 0, bad = 0, parse = 0;

  snprintf (path, sizeof path,
            "%s/wycheproof/testvectors_v1/chacha20_poly1305_test.json",
            vecdir);
  text = t_json_load (path, &n);
  if (!text)
    {
      t_skip ("%s not found", path);
      return;
    }
  pos = text;
  end = text + n;
  while (t_json_next_object (&pos, end, "tcId", &obj))
    {
      gcry_mac_hd_t h;
      gcry_error_t err;
      int ok;

      t_json_aead_read (&obj, &t);
      if (t.ivlen >= 0 && t.ivlen != 12)
        {
          /* Other nonce sizes are not the RFC 8439 construction (the
             file has them with no tag at all).  */
          skipped++;
          continue;
        }
      if (t.keylen != 32 || t.aadlen < 0 || t.msglen < 0 || t.ctlen < 0
          || t.taglen != 16 || t.ivlen < 0 || !t.result[0])
        {
          parse++;
          continue;
        }
      chacha20_block (t.key, 0, t.iv, block);
      memcpy (polykey, block, 32);
      len = aead_mac_data (t.aad, (size_t) t.aadlen, t.ct, (size_t) t.ctlen,
                           data);

      if (!strcmp (t.result, "valid"))
        {
          /* Check this file's ciphertext against our ChaCha20 too: if
             that were wrong, every tag below would be.  */
          for (i = 0; i < (size_t) t.msglen; i++)
            {
              if (i % 64 == 0)
                chacha20_block (t.key, (uint32_t) (1 + i / 64), t.iv, block);
              ok = (t.msg[i] ^ block[i % 64]) == t.ct[i];
              if (!ok)
                break;
            }
          ok = t.msglen == t.ctlen && i == (size_t) t.msglen
               && !mac_tag (polykey, data, len, 1, tag)
               && !memcmp (tag, t.tag, 16);
          valid++;
        }
      else
        {
          /* The tag does not match: verify must say so.  */
          err = gcry_mac_open (&h, GCRY_MAC_POLY1305, 0, NULL);
          if (!err)
            err = gcry_mac_setkey (h, polykey, 32);
          if (!err)
            err = gcry_mac_write (h, data, len);
          if (!err)
            err = gcry_mac_verify (h, t.tag, 16);
          gcry_mac_close (h);
          ok = gcry_err_code (err) == GPG_ERR_CHECKSUM;
          invalid++;
        }
      if (!ok)
        {
          bad++;
          if (t_verbose)
            fprintf (stderr, "t-poly1305: Wycheproof tcId %ld wrong\n",
                     t.tcid);
        }
    }
  free (text);
  t_check (valid > 100 && invalid > 10 && !bad && !parse,
           "Wycheproof ChaCha20-Poly1305 (96-bit nonces): %ld valid, %ld "
           "invalid, %ld wrong, %ld unparsed (%ld other nonce sizes "
           "skipped)", valid, invalid, bad, parse, skipped);
}


static void
test_lengths (void)
{
  static unsigned char msg[MAX_LEN];
  unsigned char key[32], tag[16], ref[16];
  size_t len, bad = 0, first_bad = 0;

  for (len = 0; len <= MAX_LEN; len++)
    {
      t_rnd_bytes (key, sizeof key);
      t_rnd_bytes (msg, len);
      t_poly_ref (key, msg, len, ref);
      if (mac_tag (key, msg, len, 1, tag) || memcmp (tag, ref, 16))
        {
          if (!bad)
            first_bad = len;
          bad++;
        }
    }
  t_check (!bad, "lengths 0..%d in random pieces: %zu differ from the "
           "reference (first at %zu)", MAX_LEN, bad, first_bad);

  /* All-ones r (every bit clamping allows) and s, all-0xff data.  */
  bad = 0;
  memset (key, 0xff, sizeof key);
  memset (msg, 0xff, sizeof msg);
  for (len = 0; len <= MAX_LEN; len++)
    {
      t_poly_ref (key, msg, len, ref);
      bad += mac_tag (key, msg, len, 1, tag) || memcmp (tag, ref, 16);
    }
  t_check (!bad, "all-ones key and data, lengths 0..%d: %zu wrong",
           MAX_LEN, bad);

  /* One handle and key for all lengths, reset in between: past the
     first messages a vector kernel has its table of powers and uses
     its vector code from its smallest block count on (a fresh key
     takes the scalar code for short messages).  */
  {
    gcry_mac_hd_t h;
    size_t taglen, off, n;

    bad = 0;
    t_rnd_bytes (key, sizeof key);
    t_rnd_bytes (msg, sizeof msg);
    if (gcry_mac_open (&h, GCRY_MAC_POLY1305, 0, NULL)
        || gcry_mac_setkey (h, key, 32))
      {
        t_check (0, "POLY1305 open/setkey");
        return;
      }
    for (len = 0; len <= MAX_LEN; len++)
      {
        for (off = 0; off < len; off += n)
          {
            n = (t_rnd64 () & 3) ? t_rnd64 () % 40 : t_rnd64 () % 700;
            if (n > len - off)
              n = len - off;
            bad += !!gcry_mac_write (h, msg + off, n);
          }
        taglen = 16;
        bad += !!gcry_mac_read (h, tag, &taglen);
        t_poly_ref (key, msg, len, ref);
        bad += !!memcmp (tag, ref, 16);
        bad += !!gcry_mac_reset (h);
      }
    gcry_mac_close (h);
    t_check (!bad, "one handle, lengths 0..%d in random pieces with "
             "resets: %zu wrong", MAX_LEN, bad);
  }
}

static void
test_edges (void)
{
  static const int ds[] = { -5, -1, 0, 1, 5 };
  static unsigned char msg[80 * 16];
  unsigned char key[32], s[16], want[16], tag[16];
  size_t n, di;
  unsigned int k;
  int cases = 0, bad = 0, sfill;

  for (sfill = 0; sfill < 2; sfill++)
    {
      memset (s, sfill ? 0xff : 0, sizeof s);
      for (n = 1; n <= 80; n++)
        for (k = 1; k <= n; k++)
          for (di = 0; di < DIM (ds); di++)
            {
              if (!t_poly_edge_msg (msg, n, k, ds[di]))
                continue;
              t_poly_edge_key_tag (key, s, ds[di], want);
              cases++;
              bad += mac_tag (key, msg, 16 * n, 0, tag) != 0
                     || memcmp (tag, want, 16);
            }
    }
  t_check (cases > 1000 && !bad, "%d sums k p + d (r = 1): %d wrong", cases,
           bad);
}

/* One handle, several messages.  */
static void
test_reuse (void)
{
  static unsigned char msg[1500];
  unsigned char key[32], key2[32], aeskey[48], nonce[16], polykey[32];
  unsigned char tag[16], tag2[16], want[16];
  size_t taglen, len;
  gcry_mac_hd_t h;
  gcry_cipher_hd_t c;
  int i, bad = 0, steps = 0;

  t_rnd_bytes (msg, sizeof msg);
  t_rnd_bytes (key, sizeof key);
  t_rnd_bytes (key2, sizeof key2);
  if (gcry_mac_open (&h, GCRY_MAC_POLY1305, 0, NULL)
      || gcry_mac_setkey (h, key, 32))
    {
      t_check (0, "POLY1305 open/setkey");
      return;
    }
  for (i = 0; i < 6; i++)
    {
      len = (size_t) (i * 277) % sizeof msg;
      bad += !!gcry_mac_write (h, msg, len);
      taglen = 16;
      bad += !!gcry_mac_read (h, tag, &taglen);
      t_poly_ref (key, msg, len, want);
      bad += !!memcmp (tag, want, 16);
      bad += !!gcry_mac_reset (h);
      steps++;
    }
  /* Another key on the same handle.  */
  bad += !!gcry_mac_setkey (h, key2, 32);
  bad += !!gcry_mac_write (h, msg, sizeof msg);
  taglen = 16;
  bad += !!gcry_mac_read (h, tag, &taglen);
  t_poly_ref (key2, msg, sizeof msg, want);
  bad += !!memcmp (tag, want, 16);
  gcry_mac_close (h);
  t_check (!bad, "POLY1305 handle reused over %d resets and a new key",
           steps);

  /* Poly1305-AES: r fixed by setkey, s new with every nonce.  */
  bad = 0;
  t_rnd_bytes (aeskey, sizeof aeskey);
  if (gcry_mac_open (&h, GCRY_MAC_POLY1305_AES, 0, NULL)
      || gcry_mac_setkey (h, aeskey, 48)
      || gcry_cipher_open (&c, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB, 0)
      || gcry_cipher_setkey (c, aeskey, 32))
    {
      t_check (0, "POLY1305_AES open/setkey");
      return;
    }
  for (i = 0; i < 5; i++)
    {
      len = 100 + (size_t) i * 300;
      t_rnd_bytes (nonce, sizeof nonce);
      bad += !!gcry_mac_setiv (h, nonce, 16);
      bad += !!gcry_mac_write (h, msg, len);
      taglen = 16;
      bad += !!gcry_mac_read (h, tag, &taglen);
      memcpy (polykey, aeskey + 32, 16);
      bad += !!gcry_cipher_encrypt (c, polykey + 16, 16, nonce, 16);
      bad += !!mac_tag (polykey, msg, len, 0, tag2);
      bad += !!memcmp (tag, tag2, 16);
    }
  gcry_cipher_close (c);
  gcry_mac_close (h);
  t_check (!bad, "POLY1305_AES: five nonces on one handle give POLY1305 "
           "under r || AES(k, nonce)");
}


int
main (int argc, char **argv)
{
  const char *vecdir;

  t_init ("t-poly1305", argc, argv);
  t_rnd_seed (0x1305130513051305ULL);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "t-poly1305: version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_rfc ();
  test_lengths ();
  test_edges ();
  test_reuse ();
  vecdir = t_vectors_dir ();
  if (vecdir)
    {
      test_pyca (vecdir);
      test_wycheproof (vecdir);
    }
  return t_finish ();
}
