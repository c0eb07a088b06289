/* t-cipher-openssl.c - AES modes against OpenSSL's EVP ciphers.
 *
 * Modes: ECB, CBC, CFB, CFB8, OFB, CTR, XTS, GCM, CCM and OCB.  Random
 * keys of every size OpenSSL has for the mode, random IVs/nonces (for
 * CTR also counters about to carry across 2^32, 2^64 and 2^128; for GCM
 * IV lengths 1..64 with 12 half the time), random AAD, every tag length
 * the mode allows, and message lengths 0..5000 (block multiples where
 * the mode needs them) plus a few of 64 KiB and more.  OpenSSL computes
 * each message in one call; this library encrypts and decrypts it in
 * random splits (any size for the streaming modes and for GCM/CCM data
 * and AAD, block multiples for ECB/CBC and before OCB's final chunk;
 * XTS: a run of data units of random sizes, the data-unit number
 * advancing by itself), in place or out of place, with misaligned
 * buffers.  AEAD decryption checks the reference tag with checktag
 * and a corrupted one with GPG_ERR_CHECKSUM.  OpenSSL is a test-only
 * dependency: without it the test prints SKIP.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#ifndef HAVE_LIBCRYPTO

int
main (int argc, char **argv)
{
  t_init ("t-cipher-openssl", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x0123456789abcdefULL);
  t_skip ("OpenSSL's libcrypto was not found at configure time");
  return 77;
}

#else /* HAVE_LIBCRYPTO */

#include <openssl/evp.h>

#define MAXLEN 5000                    /* The random range.  */
#define LONGMIN (64 * 1024)            /* The long messages: LONGMIN .. */
#define LONGMAX (LONGMIN + 4096)       /* .. LONGMAX bytes.  */
#define BUFSIZE (LONGMAX + 64)         /* Room for misalignment.  */
#define MAXAAD 600
#define ITERATIONS 200                 /* Messages up to MAXLEN, per mode.  */
#define LONG_ITERATIONS 6              /* Then these many long ones.  */

/* Shared buffers; each use starts at a random offset in them.  */
static unsigned char pt_buf[BUFSIZE], ref_buf[BUFSIZE], out_buf[BUFSIZE];
static unsigned char aad_buf[MAXAAD + 16];

static const int aes_algos[3] =
  { GCRY_CIPHER_AES, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256 };

/* The length of message ITER: the first 64 0, 1, 2 ... units (short
   messages are where splits matter), then random up to MAXLEN, one of
   exactly MAXLEN, then LONG_ITERATIONS of LONGMIN..LONGMAX.  Multiples
   of UNIT, at least MIN.  */
static size_t
pick_len (size_t iter, size_t unit, size_t min)
{
  size_t len;

  if (iter >= ITERATIONS)
    len = LONGMIN + t_rnd (LONGMAX - LONGMIN + 1);
  else if (iter == ITERATIONS - 1)
    len = MAXLEN;
  else if (iter < 64)
    len = iter * unit;
  else
    len = t_rnd (MAXLEN + 1);
  len = len / unit * unit;
  return len < min ? min : len;
}

/* AES-128, -192 or -256 key bytes for message ITER: random, and each
   size in turn for the long messages.  */
static size_t
pick_aes_keylen (size_t iter)
{
  return 16 + 8 * (iter >= ITERATIONS ? (iter - ITERATIONS) % 3 : t_rnd (3));
}

/* The next call's share of LEFT bytes: multiples of UNIT, sometimes 0,
   sometimes all; small, medium or anything.  */
static size_t
pick_chunk (size_t left, size_t unit)
{
  size_t n;

  switch (t_rnd (6))
    {
    case 0: n = left; break;
    case 1: n = t_rnd (17); break;
    case 2: n = t_rnd (left + 1); break;
    default: n = t_rnd (600); break;
    }
  n = n / unit * unit;
  return n < left ? n : left;
}

/* A buffer of BUFSIZE at a random misalignment 0..15.  */
static unsigned char *
misaligned (unsigned char *buf)
{
  return buf + t_rnd (16);
}

static int
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

static gcry_error_t
open_keyed (gcry_cipher_hd_t *h, int algo, int mode, const unsigned char *key,
            size_t keylen)
{
  gcry_error_t err = gcry_cipher_open (h, algo, mode, 0);

  if (!err)
    {
      err = gcry_cipher_setkey (*h, key, keylen);
      if (err)
        {
          gcry_cipher_close (*h);
          *h = NULL;
        }
    }
  return err;
}

/* Feed LEN bytes of AAD in random pieces.  */
static gcry_error_t
feed_aad (gcry_cipher_hd_t h, const unsigned char *aad, size_t len)
{
  gcry_error_t err = 0;
  size_t pos, n;

  for (pos = 0; !err && pos < len; pos += n)
    {
      n = pick_chunk (len - pos, 1);
      err = gcry_cipher_authenticate (h, aad + pos, n);
    }
  return err;
}

/* Encrypt or decrypt LEN bytes in random pieces of multiples of UNIT:
   from IN to DATA, or, when INPLACE, copy IN to DATA first and work on
   DATA in place (NULL input).  */
static gcry_error_t
crypt_split (gcry_cipher_hd_t h, int decrypt, unsigned char *data,
             const unsigned char *in, size_t len, int inplace, size_t unit)
{
  gcry_error_t err = 0;
  size_t pos, n;

  if (inplace && len)
    memmove (data, in, len);
  for (pos = 0; !err && pos < len; pos += n)
    {
      n = pick_chunk (len - pos, unit);
      if (inplace)
        err = decrypt ? gcry_cipher_decrypt (h, data + pos, n, NULL, 0)
              : gcry_cipher_encrypt (h, data + pos, n, NULL, 0);
      else
        err = decrypt ? gcry_cipher_decrypt (h, data + pos, n, in + pos, n)
              : gcry_cipher_encrypt (h, data + pos, n, in + pos, n);
    }
  return err;
}


/*
 * ECB, CBC, CFB, CFB8, OFB, CTR.
 */

struct mode
{
  const char *name;
  int gcry_mode;
  int block_only;               /* Lengths and splits in whole blocks.  */
  const EVP_CIPHER *(*evp[3]) (void);    /* AES-128, -192, -256.  */
};

static const struct mode modes[] =
  {
    { "ECB", GCRY_CIPHER_MODE_ECB, 1,
      { EVP_aes_128_ecb, EVP_aes_192_ecb, EVP_aes_256_ecb } },
    { "CBC", GCRY_CIPHER_MODE_CBC, 1,
      { EVP_aes_128_cbc, EVP_aes_192_cbc, EVP_aes_256_cbc } },
    { "CFB", GCRY_CIPHER_MODE_CFB, 0,
      { EVP_aes_128_cfb128, EVP_aes_192_cfb128, EVP_aes_256_cfb128 } },
    { "CFB8", GCRY_CIPHER_MODE_CFB8, 0,
      { EVP_aes_128_cfb8, EVP_aes_192_cfb8, EVP_aes_256_cfb8 } },
    { "OFB", GCRY_CIPHER_MODE_OFB, 0,
      { EVP_aes_128_ofb, EVP_aes_192_ofb, EVP_aes_256_ofb } },
    { "CTR", GCRY_CIPHER_MODE_CTR, 0,
      { EVP_aes_128_ctr, EVP_aes_192_ctr, EVP_aes_256_ctr } },
  };

/* One-shot OpenSSL encryption; returns 0 on success.  */
static int
openssl_encrypt (const EVP_CIPHER *cipher, const unsigned char *key,
                 const unsigned char *iv, unsigned char *out,
                 const unsigned char *in, size_t len)
{
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int outl = 0, finl = 0, ok;

  ok = ctx && EVP_EncryptInit_ex (ctx, cipher, NULL, key, iv)
    && EVP_CIPHER_CTX_set_padding (ctx, 0)
    && EVP_EncryptUpdate (ctx, out, &outl, in, (int) len)
    && EVP_EncryptFinal_ex (ctx, out + outl, &finl)
    && (size_t) (outl + finl) == len;
  EVP_CIPHER_CTX_free (ctx);
  return ok ? 0 : -1;
}

/* This library, in random splits.  */
static gcry_error_t
gcry_split (const struct mode *m, int decrypt, size_t keylen,
            const unsigned char *key, const unsigned char *iv,
            unsigned char *data, const unsigned char *in, size_t len,
            int inplace)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = open_keyed (&h, aes_algos[(keylen - 16) / 8], m->gcry_mode, key,
                    keylen);
  if (err)
    return err;
  if (m->gcry_mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (h, iv, 16);
  else if (m->gcry_mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (h, iv, 16);
  if (!err)
    err = crypt_split (h, decrypt, data, in, len, inplace,
                       m->block_only ? 16 : 1);
  gcry_cipher_close (h);
  return err;
}

static void
run_mode (const struct mode *m)
{
  unsigned char key[32], iv[16];
  unsigned char *pt, *out;
  size_t iter, len, keylen, unit = m->block_only ? 16 : 1;
  unsigned long passed = 0, total = 0, longs = 0;
  gcry_error_t err;
  int inplace;

  for (iter = 0; iter < ITERATIONS + LONG_ITERATIONS; iter++)
    {
      keylen = pick_aes_keylen (iter);
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (iv, 16);
      if (m->gcry_mode == GCRY_CIPHER_MODE_CTR && (iter % 4) == 1)
        {
          /* A counter a few blocks before a carry out of 32, 64 or 128
             bits.  */
          size_t bits = 32 << t_rnd (3);

          memset (iv + 16 - bits / 8, 0xff, bits / 8);
          iv[15] = (unsigned char) (0xff - t_rnd (8));
        }
      len = pick_len (iter, unit, 0);
      pt = misaligned (pt_buf);
      out = misaligned (out_buf);
      inplace = (int) t_rnd (2);
      t_rnd_bytes (pt, len);

      if (!t_check (!openssl_encrypt (m->evp[(keylen - 16) / 8] (), key, iv,
                                      ref_buf, pt, len),
                    "%s: OpenSSL failed", m->name))
        continue;
      total++;
      err = gcry_split (m, 0, keylen, key, iv, out, pt, len, inplace);
      if (!t_check (!err && !memcmp (out, ref_buf, len),
                    "%s: encryption of %zu bytes (key %zu, %s) differs: %s",
                    m->name, len, keylen * 8,
                    inplace ? "in place" : "separate", gcry_strerror (err)))
        continue;
      err = gcry_split (m, 1, keylen, key, iv, out, ref_buf, len, !inplace);
      if (!t_check (!err && !memcmp (out, pt, len),
                    "%s: decryption of %zu bytes (key %zu) differs: %s",
                    m->name, len, keylen * 8, gcry_strerror (err)))
        continue;
      passed++;
      longs += len >= LONGMIN;
    }
  printf ("%s: %s: %lu of %lu random cases agree with OpenSSL "
          "(%lu of 64 KiB+)\n", t_name, m->name, passed, total, longs);
}


/*
 * XTS: AES-128 and AES-256 (OpenSSL has no AES-192 XTS).  The message
 * is a run of data units of random sizes (each at least 16 bytes); this
 * library advances the data-unit number itself after each call, OpenSSL
 * is given each unit's number.
 */

static int
openssl_xts (int encrypt, const unsigned char *key, size_t keylen,
             const unsigned char *tweak, unsigned char *out,
             const unsigned char *in, size_t len)
{
  const EVP_CIPHER *cipher = keylen == 32 ? EVP_aes_128_xts ()
                             : EVP_aes_256_xts ();
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int n = 0, ok;

  ok = ctx && EVP_CipherInit_ex (ctx, cipher, NULL, key, tweak, encrypt)
       && EVP_CipherUpdate (ctx, out, &n, in, (int) len)
       && (size_t) n == len;
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

/* 128-bit little-endian increment.  */
static void
le128_inc (unsigned char *x)
{
  int i;

  for (i = 0; i < 16; i++)
    if (++x[i])
      break;
}

static void
run_xts (void)
{
  unsigned char key[64], iv[16], tweak[16];
  unsigned char *pt, *out;
  size_t iter, len, keylen, pos, n, nunits;
  unsigned long passed = 0, total = 0, longs = 0;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int inplace, decrypt, ok;

  for (iter = 0; iter < ITERATIONS + LONG_ITERATIONS; iter++)
    {
      keylen = t_rnd (2) ? 64 : 32;
      t_rnd_bytes (key, keylen);
      t_rnd_bytes (iv, 16);
      if (iter % 5 == 1)
        memset (iv, 0xff, 16 - t_rnd (3));   /* Near a wrap of the number. */
      len = pick_len (iter, 1, 16);
      pt = misaligned (pt_buf);
      out = misaligned (out_buf);
      t_rnd_bytes (pt, len);

      /* Split into data units of 16 bytes or more; the reference does
         each unit with its own number.  */
      {
        static size_t unit_len[BUFSIZE / 16];

        nunits = 0;
        ok = 1;
        memcpy (tweak, iv, 16);
        for (pos = 0; pos < len; pos += n)
          {
            n = pick_chunk (len - pos, 1);
            if (n < 16)
              n = 16;
            if (len - pos - n < 16)   /* No tail shorter than a block. */
              n = len - pos;
            unit_len[nunits++] = n;
            ok &= openssl_xts (1, key, keylen, tweak, ref_buf + pos,
                               pt + pos, n);
            le128_inc (tweak);
          }
        if (!t_check (ok, "XTS: OpenSSL failed"))
          continue;
        total++;

        for (decrypt = 0; decrypt < 2; decrypt++)
          {
            const unsigned char *src = decrypt ? ref_buf : pt;
            const unsigned char *want = decrypt ? pt : ref_buf;
            size_t u;

            inplace = (int) t_rnd (2);
            err = open_keyed (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XTS, key,
                              keylen);
            if (!err)
              err = gcry_cipher_setiv (h, iv, 16);
            if (!err && inplace)
              memmove (out, src, len);
            for (pos = 0, u = 0; !err && u < nunits; pos += unit_len[u++])
              {
                const unsigned char *in = inplace ? NULL : src + pos;
                size_t inlen = inplace ? 0 : unit_len[u];

                err = decrypt
                      ? gcry_cipher_decrypt (h, out + pos, unit_len[u], in,
                                             inlen)
                      : gcry_cipher_encrypt (h, out + pos, unit_len[u], in,
                                             inlen);
              }
            gcry_cipher_close (h);
            ok = t_check (!err && !memcmp (out, want, len),
                          "XTS: %s of %zu bytes in %zu units (key %zu, %s) "
                          "differs: %s", decrypt ? "decryption" : "encryption",
                          len, nunits, keylen * 4,
                          inplace ? "in place" : "separate",
                          gcry_strerror (err));
            if (!ok)
              break;
          }
      }
      if (ok)
        {
          passed++;
          longs += len >= LONGMIN;
        }
    }
  printf ("%s: XTS: %lu of %lu random cases agree with OpenSSL "
          "(%lu of 64 KiB+)\n", t_name, passed, total, longs);
}


/*
 * The AEAD modes.  One description of the message for all three.
 */

struct aead_case
{
  int mode;                     /* GCRY_CIPHER_MODE_GCM/CCM/OCB.  */
  size_t keylen;
  unsigned char key[32];
  size_t ivlen;
  unsigned char iv[64];
  size_t taglen;                /* Tag length used.  */
  const unsigned char *aad;
  size_t aadlen;
  size_t len;
};

static const EVP_CIPHER *
evp_aead (const struct aead_case *c)
{
  int k = (int) (c->keylen - 16) / 8;

  switch (c->mode)
    {
    case GCRY_CIPHER_MODE_GCM:
      return k == 0 ? EVP_aes_128_gcm () : k == 1 ? EVP_aes_192_gcm ()
             : EVP_aes_256_gcm ();
    case GCRY_CIPHER_MODE_CCM:
      return k == 0 ? EVP_aes_128_ccm () : k == 1 ? EVP_aes_192_ccm ()
             : EVP_aes_256_ccm ();
    default:
      return k == 0 ? EVP_aes_128_ocb () : k == 1 ? EVP_aes_192_ocb ()
             : EVP_aes_256_ocb ();
    }
}

/* OpenSSL's one-shot AEAD encryption: CT and TAG (C->TAGLEN bytes, for
   GCM all 16).  */
static int
openssl_aead (const struct aead_case *c, const unsigned char *pt,
              unsigned char *ct, unsigned char *tag)
{
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  unsigned char dummy[16];
  int n = 0, total = 0, ok;
  int gcm = c->mode == GCRY_CIPHER_MODE_GCM;
  int ccm = c->mode == GCRY_CIPHER_MODE_CCM;
  int taglen = gcm ? 16 : (int) c->taglen;

  ok = ctx && EVP_EncryptInit_ex (ctx, evp_aead (c), NULL, NULL, NULL)
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_IVLEN, (int) c->ivlen,
                               NULL)
       && (gcm || EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_TAG, taglen,
                                       NULL))
       && EVP_EncryptInit_ex (ctx, NULL, NULL, c->key, c->iv);
  /* CCM wants the payload length before the AAD.  */
  if (ok && ccm)
    ok = EVP_EncryptUpdate (ctx, NULL, &n, NULL, (int) c->len);
  if (ok && c->aadlen)
    ok = EVP_EncryptUpdate (ctx, NULL, &n, c->aad, (int) c->aadlen);
  if (ok && (c->len || ccm))
    {
      ok = EVP_EncryptUpdate (ctx, c->len ? ct : dummy, &n,
                              c->len ? pt : dummy, (int) c->len);
      total = n;
    }
  if (ok)
    {
      ok = EVP_EncryptFinal_ex (ctx, c->len ? ct + total : dummy, &n);
      total += n;
    }
  ok = ok && (size_t) total == c->len
       && EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, taglen, tag);
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

/* This library, in random splits: encryption writes TAG, decryption
   checks it.  Returns the first error.  */
static gcry_error_t
gcry_aead (const struct aead_case *c, int decrypt, unsigned char *data,
           const unsigned char *in, int inplace, unsigned char *tag)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t last = 0;

  err = open_keyed (&h, aes_algos[(c->keylen - 16) / 8], c->mode, c->key,
                    c->keylen);
  if (err)
    return err;
  if (c->mode == GCRY_CIPHER_MODE_OCB)
    {
      int taglen = (int) c->taglen;

      err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &taglen, sizeof taglen);
    }
  if (!err)
    err = gcry_cipher_setiv (h, c->iv, c->ivlen);
  if (!err && c->mode == GCRY_CIPHER_MODE_CCM)
    {
      unsigned long long lengths[3] = { c->len, c->aadlen, c->taglen };

      err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                             sizeof lengths);
    }
  /* OCB: AAD may come in any order with the data; put half of it after
     the first data calls.  */
  if (!err)
    err = feed_aad (h, c->aad, c->aadlen / 2);
  if (c->mode == GCRY_CIPHER_MODE_OCB)
    {
      /* Block multiples, then gcry_cipher_final and a last chunk of any
         length (the partial block, and some blocks or none).  */
      last = c->len % 16 + 16 * t_rnd (c->len / 16 + 1);
      if (!err)
        err = crypt_split (h, decrypt, data, in, c->len - last, inplace, 16);
      if (!err)
        err = feed_aad (h, c->aad + c->aadlen / 2,
                        c->aadlen - c->aadlen / 2);
      if (!err)
        err = gcry_cipher_final (h);
      if (!err)
        {
          size_t pos = c->len - last;

          if (inplace)
            {
              memmove (data + pos, in + pos, last);
              err = decrypt ? gcry_cipher_decrypt (h, data + pos, last,
                                                   NULL, 0)
                    : gcry_cipher_encrypt (h, data + pos, last, NULL, 0);
            }
          else
            err = decrypt ? gcry_cipher_decrypt (h, data + pos, last,
                                                 in + pos, last)
                  : gcry_cipher_encrypt (h, data + pos, last, in + pos,
                                         last);
        }
    }
  else
    {
      if (!err)
        err = feed_aad (h, c->aad + c->aadlen / 2,
                        c->aadlen - c->aadlen / 2);
      if (!err)
        err = crypt_split (h, decrypt, data, in, c->len, inplace, 1);
    }
  if (!err)
    err = decrypt ? gcry_cipher_checktag (h, tag, c->taglen)
          : gcry_cipher_gettag (h, tag, c->taglen);
  gcry_cipher_close (h);
  return err;
}

static const char *
aead_name (int mode)
{
  return mode == GCRY_CIPHER_MODE_GCM ? "GCM"
         : mode == GCRY_CIPHER_MODE_CCM ? "CCM" : "OCB";
}

/* Random parameters for one message of MODE.  */
static void
pick_aead (struct aead_case *c, int mode, size_t iter)
{
  static const size_t gcm_taglens[] = { 16, 15, 14, 13, 12, 8, 4 };
  static const size_t ocb_taglens[] = { 16, 12, 8 };

  memset (c, 0, sizeof *c);
  c->mode = mode;
  c->keylen = pick_aes_keylen (iter);
  t_rnd_bytes (c->key, c->keylen);
  switch (mode)
    {
    case GCRY_CIPHER_MODE_GCM:
      c->ivlen = t_rnd (2) ? 12 : 1 + t_rnd (64);
      c->taglen = iter % 3 ? 16 : gcm_taglens[t_rnd (7)];
      break;
    case GCRY_CIPHER_MODE_CCM:
      /* Long payloads need a length field of 3 bytes or more.  */
      c->ivlen = 7 + t_rnd (iter >= ITERATIONS ? 6 : 7);
      c->taglen = 4 + 2 * t_rnd (7);
      break;
    default:
      c->ivlen = 8 + t_rnd (8);
      c->taglen = ocb_taglens[t_rnd (3)];
      break;
    }
  t_rnd_bytes (c->iv, c->ivlen);
  c->aadlen = t_rnd (4) ? t_rnd (MAXAAD + 1) : t_rnd (40);
  c->aad = misaligned (aad_buf);
  t_rnd_bytes (aad_buf, sizeof aad_buf);
  c->len = pick_len (iter, 1, 0);
}

static void
run_aead (int mode)
{
  struct aead_case c;
  unsigned char ref_tag[16], tag[16];
  unsigned char *pt, *out;
  size_t iter;
  unsigned long passed = 0, total = 0, longs = 0;
  gcry_error_t err;
  int inplace;

  for (iter = 0; iter < ITERATIONS + LONG_ITERATIONS; iter++)
    {
      pick_aead (&c, mode, iter);
      pt = misaligned (pt_buf);
      out = misaligned (out_buf);
      t_rnd_bytes (pt, c.len);
      if (!t_check (openssl_aead (&c, pt, ref_buf, ref_tag),
                    "%s: OpenSSL failed (iv %zu, tag %zu)", aead_name (mode),
                    c.ivlen, c.taglen))
        continue;
      total++;

      inplace = (int) t_rnd (2);
      memset (tag, 0, sizeof tag);
      err = gcry_aead (&c, 0, out, pt, inplace, tag);
      if (!t_check (!err && !memcmp (out, ref_buf, c.len)
                    && !memcmp (tag, ref_tag, c.taglen),
                    "%s: encryption differs: key %zu, iv %zu, tag %zu, aad "
                    "%zu, len %zu, %s: %s", aead_name (mode), c.keylen * 8,
                    c.ivlen, c.taglen, c.aadlen, c.len,
                    inplace ? "in place" : "separate", gcry_strerror (err)))
        continue;

      err = gcry_aead (&c, 1, out, ref_buf, !inplace, ref_tag);
      if (!t_check (!err && !memcmp (out, pt, c.len),
                    "%s: decryption differs: key %zu, iv %zu, tag %zu, aad "
                    "%zu, len %zu: %s", aead_name (mode), c.keylen * 8,
                    c.ivlen, c.taglen, c.aadlen, c.len, gcry_strerror (err)))
        continue;

      /* The same message with one tag bit flipped is refused.  */
      if (iter % 4 == 0)
        {
          memcpy (tag, ref_tag, c.taglen);
          tag[t_rnd (c.taglen)] ^= (unsigned char) (1 << t_rnd (8));
          err = gcry_aead (&c, 1, out, ref_buf, 0, tag);
          if (!t_check (code (err) == GPG_ERR_CHECKSUM,
                        "%s: a corrupted tag was not refused: %s",
                        aead_name (mode), gcry_strerror (err)))
            continue;
        }
      passed++;
      longs += c.len >= LONGMIN;
    }
  printf ("%s: %s: %lu of %lu random cases agree with OpenSSL "
          "(%lu of 64 KiB+)\n", t_name, aead_name (mode), passed, total,
          longs);
}

int
main (int argc, char **argv)
{
  size_t i;

  t_init ("t-cipher-openssl", argc, argv);
  if (!gcry_check_version (NULL))
    return 2;
  for (i = 0; i < sizeof modes / sizeof modes[0]; i++)
    run_mode (&modes[i]);
  run_xts ();
  run_aead (GCRY_CIPHER_MODE_GCM);
  run_aead (GCRY_CIPHER_MODE_CCM);
  run_aead (GCRY_CIPHER_MODE_OCB);
  return t_finish ();
}

#endif /* HAVE_LIBCRYPTO */
