/* t-cipher-hctr2.c - HCTR2 (GCRY_CIPHER_MODE_HCTR2) through gcry_cipher.
 *
 *  - The designers' vectors (google/hctr2, HCTR2_AES{128,192,256}.json
 *    under the shared vectors), read in place: both directions, out of
 *    place and in place, counts printed.
 *  - An independent construction written in this test from the paper's
 *    definition, out of the public ECB mode and a bit-by-bit POLYVAL
 *    (itself checked against the designers' Polyval.json): tweak lengths
 *    0..64 and message lengths 16..600, AES-128/192/256, misaligned and
 *    in place, guard bytes around the output.
 *  - The API rules of the mode: the tweak stays for the next messages,
 *    reset and setkey make it empty; error codes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdint.h>

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#ifndef DIM
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#endif

#define MAXMSG 2048

static int
algo_for_keylen (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES
         : keylen == 24 ? GCRY_CIPHER_AES192
         : keylen == 32 ? GCRY_CIPHER_AES256 : 0;
}


/*
 * POLYVAL, bit by bit (RFC 8452): field elements are 128-bit
 * little-endian integers, bit i the coefficient of x^i, modulo
 * p = x^128 + x^127 + x^126 + x^121 + 1;
 * dot(a, b) = a * b * x^-128.
 */

typedef struct
{
  uint64_t lo, hi;
} fe_t;

static fe_t
fe_load (const unsigned char *b)
{
  fe_t r = { 0, 0 };
  int i;

  for (i = 7; i >= 0; i--)
    {
      r.lo = (r.lo << 8) | b[i];
      r.hi = (r.hi << 8) | b[8 + i];
    }
  return r;
}

static void
fe_store (unsigned char *b, fe_t a)
{
  int i;

  for (i = 0; i < 8; i++)
    {
      b[i] = (unsigned char) (a.lo >> (8 * i));
      b[8 + i] = (unsigned char) (a.hi >> (8 * i));
    }
}

/* The low terms of p: x^127 + x^126 + x^121 (high word) and 1.  */
#define P_HI ((1ULL << 63) | (1ULL << 62) | (1ULL << 57))

static fe_t
fe_mulx (fe_t a)
{
  uint64_t carry = a.hi >> 63;

  a.hi = (a.hi << 1) | (a.lo >> 63);
  a.lo <<= 1;
  if (carry)
    {
      a.lo ^= 1;
      a.hi ^= P_HI;
    }
  return a;
}

static fe_t
fe_divx (fe_t a)
{
  uint64_t top = 0;

  if (a.lo & 1)
    {
      /* Add p: bit 0 clears, x^128 appears.  */
      a.lo ^= 1;
      a.hi ^= P_HI;
      top = 1;
    }
  a.lo = (a.lo >> 1) | (a.hi << 63);
  a.hi = (a.hi >> 1) | (top << 63);
  return a;
}

static fe_t
fe_dot (fe_t a, fe_t b)
{
  fe_t r = { 0, 0 };
  int i;

  for (i = 0; i < 128; i++)
    {
      if ((i < 64 ? b.lo >> i : b.hi >> (i - 64)) & 1)
        {
          r.lo ^= a.lo;
          r.hi ^= a.hi;
        }
      a = fe_mulx (a);
    }
  for (i = 0; i < 128; i++)
    r = fe_divx (r);
  return r;
}

/* POLYVAL (H, X) over NBLOCKS blocks.  */
static void
ref_polyval (const unsigned char h[16], const unsigned char *x,
             size_t nblocks, unsigned char out[16])
{
  fe_t hh = fe_load (h), s = { 0, 0 }, xi;
  size_t i;

  for (i = 0; i < nblocks; i++)
    {
      xi = fe_load (x + 16 * i);
      s.lo ^= xi.lo;
      s.hi ^= xi.hi;
      s = fe_dot (s, hh);
    }
  fe_store (out, s);
}


/*
 * HCTR2 from the paper, on the public ECB mode.
 */

typedef struct
{
  gcry_cipher_hd_t ecb;
  unsigned char h[16];          /* E(K, le128(0)).  */
  unsigned char l[16];          /* E(K, le128(1)).  */
} ref_key_t;

static int
ref_setkey (ref_key_t *rk, const unsigned char *key, size_t keylen)
{
  unsigned char blk[16];

  if (gcry_cipher_open (&rk->ecb, algo_for_keylen (keylen),
                        GCRY_CIPHER_MODE_ECB, 0))
    return 0;
  if (gcry_cipher_setkey (rk->ecb, key, keylen))
    {
      gcry_cipher_close (rk->ecb);
      return 0;
    }
  memset (blk, 0, sizeof blk);
  gcry_cipher_encrypt (rk->ecb, rk->h, 16, blk, 16);
  blk[0] = 1;
  gcry_cipher_encrypt (rk->ecb, rk->l, 16, blk, 16);
  return 1;
}

/* H(T, X): POLYVAL over le128(2*bitlen(T) + 2 or 3) || pad(T) || X or
   pad(X || 1).  */
static void
ref_hash (const ref_key_t *rk, const unsigned char *t, size_t tlen,
          const unsigned char *x, size_t xlen, unsigned char out[16])
{
  size_t tpad = (tlen + 15) / 16 * 16;
  size_t xpad = xlen % 16 ? (xlen + 16) / 16 * 16 : xlen;
  unsigned char *buf = calloc (1, 16 + tpad + xpad);
  unsigned long long lenval = (unsigned long long) tlen * 16 + 2
                              + (xlen % 16 ? 1 : 0);
  int i;

  if (!buf)
    exit (2);
  for (i = 0; i < 8; i++)
    buf[i] = (unsigned char) (lenval >> (8 * i));
  if (tlen)
    memcpy (buf + 16, t, tlen);
  memcpy (buf + 16 + tpad, x, xlen);
  if (xlen % 16)
    buf[16 + tpad + xlen] = 1;
  ref_polyval (rk->h, buf, (16 + tpad + xpad) / 16, out);
  free (buf);
}

/* OUT = IN ^ XCTR(K, S): block i = 1, 2, ... is E(K, S ^ le128(i)).  */
static void
ref_xctr (const ref_key_t *rk, const unsigned char s[16], unsigned char *out,
          const unsigned char *in, size_t len)
{
  unsigned char blk[16];
  size_t pos, i, n;
  unsigned long long ctr = 1;

  for (pos = 0; pos < len; pos += 16, ctr++)
    {
      memcpy (blk, s, 16);
      for (i = 0; i < 8; i++)
        blk[i] ^= (unsigned char) (ctr >> (8 * i));
      gcry_cipher_encrypt (rk->ecb, blk, 16, NULL, 0);
      n = len - pos < 16 ? len - pos : 16;
      for (i = 0; i < n; i++)
        out[pos + i] = in[pos + i] ^ blk[i];
    }
}

static void
ref_hctr2 (const ref_key_t *rk, int encrypt, const unsigned char *t,
           size_t tlen, const unsigned char *in, size_t len,
           unsigned char *out)
{
  unsigned char hash[16], mm[16], uu[16], s[16];
  int i;

  ref_hash (rk, t, tlen, in + 16, len - 16, hash);
  for (i = 0; i < 16; i++)
    (encrypt ? mm : uu)[i] = in[i] ^ hash[i];
  if (encrypt)
    gcry_cipher_encrypt (rk->ecb, uu, 16, mm, 16);
  else
    gcry_cipher_decrypt (rk->ecb, mm, 16, uu, 16);
  for (i = 0; i < 16; i++)
    s[i] = mm[i] ^ uu[i] ^ rk->l[i];
  ref_xctr (rk, s, out + 16, in + 16, len - 16);
  ref_hash (rk, t, tlen, out + 16, len - 16, hash);
  for (i = 0; i < 16; i++)
    out[i] = (encrypt ? uu : mm)[i] ^ hash[i];
}


/*
 * The designers' vectors.
 */

/* Polyval.json checks the reference POLYVAL above.  */
static void
test_polyval_json (const char *dir)
{
  char path[4200];
  static unsigned char msg[8192];
  unsigned char key[16], expect[16], got[16];
  t_json_span_t obj;
  const char *pos, *end;
  unsigned long count = 0, before = t_failed;
  long keylen, msglen, hlen;
  char *json;
  size_t len;

  snprintf (path, sizeof path, "%s/hctr2/test_vectors/ours/Polyval/Polyval.json",
            dir);
  json = t_json_load (path, &len);
  if (!json)
    {
      t_skip ("%s not found: the reference POLYVAL is not checked", path);
      return;
    }
  pos = json;
  end = json + len;
  while (t_json_next_object (&pos, end, "description", &obj))
    {
      keylen = t_json_hex (&obj, "key_hex", key, sizeof key);
      msglen = t_json_hex (&obj, "message_hex", msg, sizeof msg);
      hlen = t_json_hex (&obj, "hash_hex", expect, sizeof expect);
      count++;
      if (!t_check (keylen == 16 && msglen >= 0 && msglen % 16 == 0
                    && hlen == 16, "Polyval.json entry %lu malformed", count))
        continue;
      ref_polyval (key, msg, msglen / 16, got);
      t_check (!memcmp (got, expect, 16), "reference POLYVAL: entry %lu",
               count);
    }
  t_check (count > 0, "Polyval.json: no entries");
  printf ("%s: Polyval.json (test's reference POLYVAL): %lu vectors, "
          "%lu failed checks\n", t_name, count, t_failed - before);
  free (json);
}

static void
test_hctr2_json (const char *dir, const char *file)
{
  char path[4200];
  static unsigned char pt[4096], ct[4096], out[4096];
  unsigned char key[32], tweak[256];
  t_json_span_t obj;
  const char *pos, *end;
  unsigned long count = 0, before = t_failed;
  long keylen, tweaklen, ptlen, ctlen;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  char *json;
  size_t len;

  snprintf (path, sizeof path, "%s/hctr2/test_vectors/ours/HCTR2/%s", dir,
            file);
  json = t_json_load (path, &len);
  if (!json)
    {
      t_skip ("%s not found", path);
      return;
    }
  pos = json;
  end = json + len;
  while (t_json_next_object (&pos, end, "description", &obj))
    {
      keylen = t_json_hex (&obj, "key_hex", key, sizeof key);
      tweaklen = t_json_hex (&obj, "tweak_hex", tweak, sizeof tweak);
      ptlen = t_json_hex (&obj, "plaintext_hex", pt, sizeof pt);
      ctlen = t_json_hex (&obj, "ciphertext_hex", ct, sizeof ct);
      count++;
      if (!t_check (algo_for_keylen (keylen) && tweaklen >= 0 && ptlen >= 16
                    && ctlen == ptlen, "%s entry %lu malformed", file, count))
        continue;
      if (!t_check (!gcry_cipher_open (&h, algo_for_keylen (keylen),
                                       GCRY_CIPHER_MODE_HCTR2, 0),
                    "open HCTR2"))
        continue;
      err = gcry_cipher_setkey (h, key, keylen);
      if (!err)
        err = gcry_cipher_setiv (h, tweak, tweaklen);
      if (!err)
        err = gcry_cipher_encrypt (h, out, ptlen, pt, ptlen);
      t_check (!err && !memcmp (out, ct, ctlen), "%s entry %lu: encrypt (%s)",
               file, count, gcry_strerror (err));
      if (!err)
        err = gcry_cipher_decrypt (h, out, ctlen, ct, ctlen);
      t_check (!err && !memcmp (out, pt, ptlen), "%s entry %lu: decrypt (%s)",
               file, count, gcry_strerror (err));
      /* In place, the tweak still set.  */
      memcpy (out, pt, ptlen);
      if (!err)
        err = gcry_cipher_encrypt (h, out, ptlen, NULL, 0);
      t_check (!err && !memcmp (out, ct, ctlen),
               "%s entry %lu: encrypt in place (%s)", file, count,
               gcry_strerror (err));
      if (!err)
        err = gcry_cipher_decrypt (h, out, ctlen, NULL, 0);
      t_check (!err && !memcmp (out, pt, ptlen),
               "%s entry %lu: decrypt in place (%s)", file, count,
               gcry_strerror (err));
      gcry_cipher_close (h);
    }
  t_check (count > 0, "%s: no entries", file);
  printf ("%s: %s: %lu vectors, %lu failed checks\n", t_name, file, count,
          t_failed - before);
  free (json);
}


/*
 * Against the reference construction.
 */

/* One message both ways with the mode, at offset OFF (in place or not),
   compared with the reference; guard bytes around the output.  */
static void
check_against_ref (gcry_cipher_hd_t h, const ref_key_t *rk,
                   const unsigned char *tweak, size_t tweaklen,
                   size_t len, int inplace, size_t off)
{
  static unsigned char pt[MAXMSG], expect[MAXMSG], src[MAXMSG + 64];
  static unsigned char buf[MAXMSG + 64];
  gcry_error_t err;
  size_t i;
  int guard_ok = 1;

  t_rnd_bytes (pt, len);
  ref_hctr2 (rk, 1, tweak, tweaklen, pt, len, expect);

  err = gcry_cipher_setiv (h, tweak, tweaklen);
  memset (buf, 0xc3, sizeof buf);
  memcpy (src + off, pt, len);
  if (inplace)
    memcpy (buf + off, pt, len);
  if (!err)
    err = gcry_cipher_encrypt (h, buf + off, len, inplace ? NULL : src + off,
                               inplace ? 0 : len);
  for (i = 0; i < off; i++)
    guard_ok &= buf[i] == 0xc3;
  for (i = off + len; i < off + len + 32; i++)
    guard_ok &= buf[i] == 0xc3;
  t_check (!err && !memcmp (buf + off, expect, len) && guard_ok,
           "vs reference: encrypt tweak %u len %u in-place %d off %u (%s)",
           (unsigned) tweaklen, (unsigned) len, inplace, (unsigned) off,
           gcry_strerror (err));

  memset (buf, 0x3c, sizeof buf);
  memcpy (src + off, expect, len);
  if (inplace)
    memcpy (buf + off, expect, len);
  if (!err)
    err = gcry_cipher_decrypt (h, buf + off, len, inplace ? NULL : src + off,
                               inplace ? 0 : len);
  guard_ok = buf[off + len] == 0x3c && (!off || buf[off - 1] == 0x3c);
  t_check (!err && !memcmp (buf + off, pt, len) && guard_ok,
           "vs reference: decrypt tweak %u len %u (%s)", (unsigned) tweaklen,
           (unsigned) len, gcry_strerror (err));

  /* The reference's own inverse, so a symmetric mistake in both
     directions of the reference cannot hide.  */
  ref_hctr2 (rk, 0, tweak, tweaklen, expect, len, buf);
  t_check (!memcmp (buf, pt, len), "reference decrypt does not invert");
}

static void
test_reference (void)
{
  static const size_t lens[] = { 16, 17, 31, 32, 33, 48, 100, 255, 256, 257 };
  unsigned char key[32], tweak[64];
  size_t keylen, tl, len, i;
  unsigned long count = 0, before = t_failed;
  gcry_cipher_hd_t h;
  ref_key_t rk;
  int k;

  for (k = 0; k < 3; k++)
    {
      keylen = 16 + 8 * k;
      t_rnd_bytes (key, keylen);
      if (!t_check (ref_setkey (&rk, key, keylen), "reference setkey"))
        continue;
      if (!t_check (!gcry_cipher_open (&h, algo_for_keylen (keylen),
                                       GCRY_CIPHER_MODE_HCTR2, 0)
                    && !gcry_cipher_setkey (h, key, keylen),
                    "open/setkey HCTR2"))
        {
          gcry_cipher_close (rk.ecb);
          continue;
        }
      /* Every tweak length with a few message lengths.  */
      for (tl = 0; tl <= 64; tl++)
        for (i = k; i < DIM (lens); i += 3)
          {
            t_rnd_bytes (tweak, tl);
            check_against_ref (h, &rk, tweak, tl, lens[i], (int) t_rnd (2),
                               t_rnd (16));
            count++;
          }
      /* Every message length with a random tweak, split over the keys.  */
      for (len = 16 + k; len <= 600; len += 3)
        {
          tl = t_rnd (65);
          t_rnd_bytes (tweak, tl);
          check_against_ref (h, &rk, tweak, tl, len, (int) t_rnd (2),
                             t_rnd (16));
          count++;
        }
      /* Long enough for every kernel width.  */
      tl = t_rnd (65);
      t_rnd_bytes (tweak, tl);
      check_against_ref (h, &rk, tweak, tl, MAXMSG - 16 * k - 3, 0, 1);
      count++;
      gcry_cipher_close (h);
      gcry_cipher_close (rk.ecb);
    }
  printf ("%s: against the reference construction: %lu messages, %lu "
          "failed checks\n", t_name, count, t_failed - before);
}


/*
 * The API rules.
 */

#define EXPECT(call, code, what) \
  do { gcry_err_code_t rc_ = gcry_err_code (call); \
       t_check (rc_ == (code), "%s: got %d (%s), want %d", what, rc_, \
                gcry_strerror (rc_), (code)); } while (0)

static void
test_tweak_rules (void)
{
  unsigned char key[16], key2[16], tweak[20], pt[80], ct[80], expect[80];
  gcry_cipher_hd_t h;
  ref_key_t rk, rk2;

  t_rnd_bytes (key, sizeof key);
  t_rnd_bytes (key2, sizeof key2);
  t_rnd_bytes (tweak, sizeof tweak);
  t_rnd_bytes (pt, sizeof pt);
  if (!t_check (ref_setkey (&rk, key, 16) && ref_setkey (&rk2, key2, 16),
                "reference setkey"))
    return;
  if (!t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES,
                                   GCRY_CIPHER_MODE_HCTR2, 0), "open"))
    return;
  gcry_cipher_setkey (h, key, 16);

  /* No setiv: the empty tweak.  */
  ref_hctr2 (&rk, 1, NULL, 0, pt, 50, expect);
  EXPECT (gcry_cipher_encrypt (h, ct, 50, pt, 50), 0, "encrypt, no setiv");
  t_check (!memcmp (ct, expect, 50), "no setiv is the empty tweak");

  /* The tweak stays for the following messages.  */
  EXPECT (gcry_cipher_setiv (h, tweak, 20), 0, "setiv 20 bytes");
  ref_hctr2 (&rk, 1, tweak, 20, pt, 80, expect);
  EXPECT (gcry_cipher_encrypt (h, ct, 80, pt, 80), 0, "encrypt 1");
  t_check (!memcmp (ct, expect, 80), "first message with the tweak");
  ref_hctr2 (&rk, 1, tweak, 20, pt + 7, 33, expect);
  EXPECT (gcry_cipher_encrypt (h, ct, 33, pt + 7, 33), 0, "encrypt 2");
  t_check (!memcmp (ct, expect, 33), "second message keeps the tweak");
  ref_hctr2 (&rk, 0, tweak, 20, pt, 64, expect);
  EXPECT (gcry_cipher_decrypt (h, ct, 64, pt, 64), 0, "decrypt 3");
  t_check (!memcmp (ct, expect, 64), "decryption keeps the tweak");

  /* setiv (NULL, 0): the empty tweak again.  */
  EXPECT (gcry_cipher_setiv (h, NULL, 0), 0, "setiv NULL, 0");
  ref_hctr2 (&rk, 1, NULL, 0, pt, 40, expect);
  EXPECT (gcry_cipher_encrypt (h, ct, 40, pt, 40), 0, "encrypt");
  t_check (!memcmp (ct, expect, 40), "setiv (NULL, 0) is the empty tweak");

  /* Reset: empty tweak, same key.  */
  gcry_cipher_setiv (h, tweak, 5);
  EXPECT (gcry_cipher_reset (h), 0, "reset");
  EXPECT (gcry_cipher_encrypt (h, ct, 40, pt, 40), 0, "encrypt after reset");
  t_check (!memcmp (ct, expect, 40), "reset makes the tweak empty");

  /* setkey: new key, empty tweak.  */
  gcry_cipher_setiv (h, tweak, 5);
  EXPECT (gcry_cipher_setkey (h, key2, 16), 0, "second setkey");
  ref_hctr2 (&rk2, 1, NULL, 0, pt, 40, expect);
  EXPECT (gcry_cipher_encrypt (h, ct, 40, pt, 40), 0, "encrypt after setkey");
  t_check (!memcmp (ct, expect, 40), "setkey makes the tweak empty");

  /* Every byte of the ciphertext depends on the last plaintext byte.  */
  {
    unsigned char ct2[80];
    size_t i, same = 0;

    gcry_cipher_encrypt (h, ct, 80, pt, 80);
    pt[79] ^= 1;
    gcry_cipher_encrypt (h, ct2, 80, pt, 80);
    pt[79] ^= 1;
    for (i = 0; i < 16; i++)
      same += ct[i] == ct2[i];
    t_check (same < 8, "first block does not depend on the last byte");
  }

  gcry_cipher_close (h);
  gcry_cipher_close (rk.ecb);
  gcry_cipher_close (rk2.ecb);
}

static void
test_errors (void)
{
  unsigned char key[32], buf[64], src[64], tag[16];
  gcry_cipher_hd_t h;
  size_t n, taglen;
  int tl = 16;
  char what[64];

  t_rnd_bytes (key, sizeof key);
  memset (buf, 0, sizeof buf);
  if (!t_check (!gcry_cipher_open (&h, GCRY_CIPHER_AES,
                                   GCRY_CIPHER_MODE_HCTR2, 0), "open"))
    return;
  EXPECT (gcry_cipher_setiv (h, buf, 16), GPG_ERR_INV_STATE,
          "setiv before setkey");
  EXPECT (gcry_cipher_encrypt (h, buf, 32, NULL, 0), GPG_ERR_MISSING_KEY,
          "encrypt before setkey");
  EXPECT (gcry_cipher_setkey (h, key, 15), GPG_ERR_INV_KEYLEN, "15-byte key");
  EXPECT (gcry_cipher_setiv (h, buf, 16), GPG_ERR_INV_STATE,
          "setiv after a failed setkey");
  EXPECT (gcry_cipher_setkey (h, key, 16), 0, "setkey");
  EXPECT (gcry_cipher_setiv (h, NULL, 5), GPG_ERR_INV_ARG, "setiv NULL, 5");
  EXPECT (gcry_cipher_setiv (h, buf, 0), 0, "setiv empty tweak");
  EXPECT (gcry_cipher_setiv (h, buf, 64), 0, "setiv 64-byte tweak");

  for (n = 0; n < 16; n++)
    {
      memset (src, 0x77, sizeof src);
      snprintf (what, sizeof what, "encrypt %u bytes", (unsigned) n);
      EXPECT (gcry_cipher_encrypt (h, buf, n, src, n), GPG_ERR_INV_LENGTH,
              what);
      snprintf (what, sizeof what, "decrypt %u bytes", (unsigned) n);
      EXPECT (gcry_cipher_decrypt (h, buf, n, src, n), GPG_ERR_INV_LENGTH,
              what);
    }
  EXPECT (gcry_cipher_encrypt (h, buf, 31, src, 32), GPG_ERR_BUFFER_TOO_SHORT,
          "encrypt output too short");
  EXPECT (gcry_cipher_decrypt (h, buf, 16, src, 17), GPG_ERR_BUFFER_TOO_SHORT,
          "decrypt output too short");
  EXPECT (gcry_cipher_encrypt (h, buf, 64, src, 16), 0,
          "larger output buffer");

  EXPECT (gcry_cipher_authenticate (h, buf, 16), GPG_ERR_INV_CIPHER_MODE,
          "authenticate");
  EXPECT (gcry_cipher_gettag (h, tag, 16), GPG_ERR_INV_CIPHER_MODE, "gettag");
  EXPECT (gcry_cipher_checktag (h, tag, 16), GPG_ERR_INV_CIPHER_MODE,
          "checktag");
  EXPECT (gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl),
          GPG_ERR_INV_CIPHER_MODE, "SET_TAGLEN");
  EXPECT (gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &taglen),
          GPG_ERR_INV_CIPHER_MODE, "GET_TAGLEN");
  gcry_cipher_close (h);
}


int
main (int argc, char **argv)
{
  static const char *const files[] =
    { "HCTR2_AES128.json", "HCTR2_AES192.json", "HCTR2_AES256.json" };
  const char *dir;
  size_t i;

  t_init ("t-cipher-hctr2", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x243f6a8885a308d3ULL);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  dir = t_vectors_dir ();
  if (dir)
    {
      test_polyval_json (dir);
      for (i = 0; i < DIM (files); i++)
        test_hctr2_json (dir, files[i]);
    }
  test_reference ();
  test_tweak_rules ();
  test_errors ();
  return t_finish ();
}
