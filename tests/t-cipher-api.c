/* t-cipher-api.c - gcry_cipher semantics: error paths, streaming,
 * in-place and misaligned buffers, counters, CTS, CBC-MAC, control
 * commands and the name/OID registry.
 *
 * The expected error codes and behaviours are upstream libgcrypt's
 * (observed on its 1.10 release); where this library deliberately
 * differs the check says so.  References for the modes are built here
 * from ECB (whose correctness t-cipher-aes establishes with official
 * vectors), not from the code under test.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define GUARD 0xa5

static const int all_modes[] =
  { GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CFB,
    GCRY_CIPHER_MODE_CFB8, GCRY_CIPHER_MODE_OFB, GCRY_CIPHER_MODE_CTR,
    GCRY_CIPHER_MODE_XCTR };

static const char *
mode_name (int mode)
{
  switch (mode)
    {
    case GCRY_CIPHER_MODE_ECB: return "ECB";
    case GCRY_CIPHER_MODE_CBC: return "CBC";
    case GCRY_CIPHER_MODE_CFB: return "CFB";
    case GCRY_CIPHER_MODE_CFB8: return "CFB8";
    case GCRY_CIPHER_MODE_OFB: return "OFB";
    case GCRY_CIPHER_MODE_CTR: return "CTR";
    case GCRY_CIPHER_MODE_XCTR: return "XCTR";
    default: return "?";
    }
}

static int
is_block_mode (int mode)
{
  return mode == GCRY_CIPHER_MODE_ECB || mode == GCRY_CIPHER_MODE_CBC;
}

static int
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

static const unsigned char key_bytes[32] =
  { 0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe,
    0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
    0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4 };
static const unsigned char iv_bytes[16] =
  { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

/* A handle with key and IV (or counter) set; exits on failure since
   nothing after it could be meaningful.  */
static gcry_cipher_hd_t
open_ready (int algo, int mode, unsigned int flags, size_t keylen,
            const unsigned char *iv)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, algo, mode, flags);
  if (!err)
    err = gcry_cipher_setkey (h, key_bytes, keylen);
  if (!err && iv)
    err = mode == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr (h, iv, 16)
      : gcry_cipher_setiv (h, iv, 16);
  if (err)
    {
      fprintf (stderr, "%s: cannot set up %s: %s\n", t_name,
               mode_name (mode), gcry_strerror (err));
      t_finish ();
      exit (1);
    }
  return h;
}

/* ECB-encrypt one block with the key of open_ready.  */
static void
ecb_block (size_t keylen, unsigned char *out, const unsigned char *in)
{
  gcry_cipher_hd_t h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0,
                                   keylen, NULL);
  gcry_error_t err = gcry_cipher_encrypt (h, out, 16, in, 16);

  t_check (!err, "ECB reference block: %s", gcry_strerror (err));
  gcry_cipher_close (h);
}


/* open: upstream checks algorithm, then flags (reported as a bad
   algorithm too), then mode.  */
static void
test_open (void)
{
  static const struct { int algo, mode; unsigned int flags; int rc; } cases[] =
    {
      { 999, GCRY_CIPHER_MODE_ECB, 0, GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_NONE, GCRY_CIPHER_MODE_ECB, 0, GPG_ERR_CIPHER_ALGO },
      { -1, GCRY_CIPHER_MODE_ECB, 0, GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_AES, 99, 0, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_AES, -1, 0, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_NONE, 0, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_STREAM, 0,
        GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_POLY1305, 0,
        GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_AES, 0x10001, 0, GPG_ERR_INV_CIPHER_MODE },
      { 999, 99, 0, GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 32, GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0x80000000u,
        GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_AES, 99, 32, GPG_ERR_CIPHER_ALGO },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC,
        GCRY_CIPHER_CBC_CTS | GCRY_CIPHER_CBC_MAC, GPG_ERR_CIPHER_ALGO },
      /* Flags are not checked against the mode (as upstream).  */
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_CBC_CTS, 0 },
      { GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_EXTENDED, 0 },
      { GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CFB,
        GCRY_CIPHER_SECURE | GCRY_CIPHER_ENABLE_SYNC, 0 },
    };
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, m;

  for (i = 0; i < DIM (cases); i++)
    {
      h = (gcry_cipher_hd_t) &h;       /* Must become NULL on error.  */
      err = gcry_cipher_open (&h, cases[i].algo, cases[i].mode,
                              cases[i].flags);
      t_check (code (err) == cases[i].rc, "open case %zu: got %s", i,
               gcry_strerror (err));
      if (cases[i].rc)
        {
          t_check (h == NULL, "open case %zu: handle not NULL on error", i);
          t_check (gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
                   "open case %zu: error source %d", i,
                   gcry_err_source (err));
        }
      else
        gcry_cipher_close (h);
    }

  for (m = 0; m < DIM (all_modes); m++)
    for (i = GCRY_CIPHER_AES; i <= GCRY_CIPHER_AES256; i++)
      {
        err = gcry_cipher_open (&h, (int) i, all_modes[m],
                                m & 1 ? GCRY_CIPHER_SECURE : 0);
        t_check (!err, "open algo %zu %s: %s", i, mode_name (all_modes[m]),
                 gcry_strerror (err));
        if (!err)
          gcry_cipher_close (h);
      }
  gcry_cipher_close (NULL);
  t_check (1, "close(NULL) returns");
}

/* setkey: only 16/24/32 bytes, any of them on every AES id (upstream);
   a failed setkey leaves the handle without a key.  */
static void
test_setkey (void)
{
  static const size_t bad[] = { 0, 1, 15, 17, 23, 25, 31, 33, 64 };
  static const size_t good[] = { 16, 24, 32 };
  unsigned char out[16], ref[16];
  unsigned char zero[16] = { 0 };
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i;
  int algo;

  for (algo = GCRY_CIPHER_AES; algo <= GCRY_CIPHER_AES256; algo++)
    {
      if (gcry_cipher_open (&h, algo, GCRY_CIPHER_MODE_ECB, 0))
        continue;
      err = gcry_cipher_encrypt (h, out, 16, zero, 16);
      t_check (code (err) == GPG_ERR_MISSING_KEY, "encrypt without key: %s",
               gcry_strerror (err));
      err = gcry_cipher_decrypt (h, out, 16, zero, 16);
      t_check (code (err) == GPG_ERR_MISSING_KEY, "decrypt without key: %s",
               gcry_strerror (err));
      for (i = 0; i < DIM (good); i++)
        {
          err = gcry_cipher_setkey (h, key_bytes, good[i]);
          t_check (!err, "algo %d keylen %zu: %s", algo, good[i],
                   gcry_strerror (err));
          /* Same key length, same answer, whatever the AES id.  */
          gcry_cipher_encrypt (h, out, 16, zero, 16);
          ecb_block (good[i], ref, zero);
          t_check (!memcmp (out, ref, 16), "algo %d keylen %zu: result",
                   algo, good[i]);
        }
      for (i = 0; i < DIM (bad); i++)
        {
          err = gcry_cipher_setkey (h, key_bytes, bad[i]);
          t_check (code (err) == GPG_ERR_INV_KEYLEN, "keylen %zu: %s", bad[i],
                   gcry_strerror (err));
          memset (out, GUARD, sizeof out);
          err = gcry_cipher_encrypt (h, out, 16, zero, 16);
          t_check (code (err) == GPG_ERR_MISSING_KEY
                   && t_all_bytes (out, 16, GUARD),
                   "after bad key %zu the handle has no key: %s", bad[i],
                   gcry_strerror (err));
          /* A good key makes it usable again.  */
          gcry_cipher_setkey (h, key_bytes, 16);
        }
      err = gcry_cipher_setkey (h, NULL, 0);
      t_check (code (err) == GPG_ERR_INV_KEYLEN, "NULL key: %s",
               gcry_strerror (err));
      gcry_cipher_close (h);
    }
}

/* Output shorter than needed: GPG_ERR_BUFFER_TOO_SHORT, nothing written
   past OUTSIZE; encryption fills OUT[0..OUTSIZE) with 0x42 (upstream's
   failsafe that keeps plaintext out of OUT), decryption writes
   nothing.  */
static void
test_short_buffer (void)
{
  unsigned char in[64], out[64 + 16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t m;
  int dir;

  t_rnd_bytes (in, sizeof in);
  for (m = 0; m < DIM (all_modes); m++)
    for (dir = 0; dir < 2; dir++)
      {
        h = open_ready (GCRY_CIPHER_AES, all_modes[m], 0, 16, iv_bytes);
        memset (out, GUARD, sizeof out);
        err = dir ? gcry_cipher_decrypt (h, out, 47, in, 48)
          : gcry_cipher_encrypt (h, out, 47, in, 48);
        t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT,
                 "%s %s short output: %s", mode_name (all_modes[m]),
                 dir ? "dec" : "enc", gcry_strerror (err));
        t_check (t_all_bytes (out + 47, sizeof out - 47, GUARD),
                 "%s %s short output: guard bytes touched",
                 mode_name (all_modes[m]), dir ? "dec" : "enc");
        t_check (t_all_bytes (out, 47, dir ? GUARD : 0x42),
                 "%s %s short output: output contents",
                 mode_name (all_modes[m]), dir ? "dec" : "enc");
        gcry_cipher_close (h);
      }
}

/* ECB and CBC need whole blocks (GPG_ERR_INV_LENGTH), CTS at least
   one block.  */
static void
test_inv_length (void)
{
  static const size_t lens[] = { 1, 15, 17, 31, 33, 47 };
  unsigned char in[64], out[64 + 16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, m;
  int dir, mode;

  t_rnd_bytes (in, sizeof in);
  for (m = 0; m < 2; m++)
    for (dir = 0; dir < 2; dir++)
      for (i = 0; i < DIM (lens); i++)
        {
          mode = m ? GCRY_CIPHER_MODE_CBC : GCRY_CIPHER_MODE_ECB;
          h = open_ready (GCRY_CIPHER_AES, mode, 0, 16, iv_bytes);
          memset (out, GUARD, sizeof out);
          err = dir ? gcry_cipher_decrypt (h, out, lens[i], in, lens[i])
            : gcry_cipher_encrypt (h, out, lens[i], in, lens[i]);
          t_check (code (err) == GPG_ERR_INV_LENGTH, "%s %s len %zu: %s",
                   mode_name (mode), dir ? "dec" : "enc", lens[i],
                   gcry_strerror (err));
          t_check (t_all_bytes (out + lens[i], sizeof out - lens[i], GUARD),
                   "%s len %zu: guard bytes touched", mode_name (mode),
                   lens[i]);
          /* In place (IN NULL) uses OUTSIZE as the length.  */
          err = dir ? gcry_cipher_decrypt (h, out, lens[i], NULL, 0)
            : gcry_cipher_encrypt (h, out, lens[i], NULL, 0);
          t_check (code (err) == GPG_ERR_INV_LENGTH,
                   "%s in place len %zu: %s", mode_name (mode), lens[i],
                   gcry_strerror (err));
          gcry_cipher_close (h);
        }

  for (dir = 0; dir < 2; dir++)
    for (i = 1; i < 16; i++)
      {
        h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC,
                        GCRY_CIPHER_CBC_CTS, 16, iv_bytes);
        err = dir ? gcry_cipher_decrypt (h, out, i, in, i)
          : gcry_cipher_encrypt (h, out, i, in, i);
        t_check (code (err) == GPG_ERR_INV_LENGTH, "CTS len %zu: %s", i,
                 gcry_strerror (err));
        gcry_cipher_close (h);
      }
}

/* One operation on a fresh handle.  */
static gcry_error_t
crypt_once (int mode, unsigned int flags, size_t keylen, int decrypt,
            unsigned char *out, size_t outsize,
            const unsigned char *in, size_t inlen)
{
  gcry_cipher_hd_t h = open_ready (GCRY_CIPHER_AES, mode, flags, keylen,
                                   iv_bytes);
  gcry_error_t err = decrypt ? gcry_cipher_decrypt (h, out, outsize, in, inlen)
    : gcry_cipher_encrypt (h, out, outsize, in, inlen);

  gcry_cipher_close (h);
  return err;
}

/* In place and misaligned buffers give the same bytes as aligned,
   separate ones.  */
static void
test_inplace_misaligned (void)
{
  static unsigned char in[400], ref[400], buf[400 + 64], back[400 + 64];
  size_t m, len, off_in, off_out, keylen;
  gcry_error_t err;
  int mode;

  t_rnd_bytes (in, sizeof in);
  for (m = 0; m < DIM (all_modes); m++)
    for (keylen = 16; keylen <= 32; keylen += 8)
      {
        mode = all_modes[m];
        len = is_block_mode (mode) ? 384 : 389;
        err = crypt_once (mode, 0, keylen, 0, ref, len, in, len);
        t_check (!err, "%s reference: %s", mode_name (mode),
                 gcry_strerror (err));

        memcpy (buf, in, len);
        err = crypt_once (mode, 0, keylen, 0, buf, len, NULL, 0);
        t_check (!err && !memcmp (buf, ref, len), "%s/%zu in place enc",
                 mode_name (mode), keylen);
        err = crypt_once (mode, 0, keylen, 1, buf, len, NULL, 0);
        t_check (!err && !memcmp (buf, in, len), "%s/%zu in place dec",
                 mode_name (mode), keylen);

        for (off_in = 0; off_in < 16; off_in += 5)
          for (off_out = 1; off_out < 16; off_out += 3)
            {
              memcpy (back + off_in, in, len);
              err = crypt_once (mode, 0, keylen, 0, buf + off_out, len,
                                back + off_in, len);
              t_check (!err && !memcmp (buf + off_out, ref, len),
                       "%s/%zu misaligned enc in+%zu out+%zu",
                       mode_name (mode), keylen, off_in, off_out);
              err = crypt_once (mode, 0, keylen, 1, back + off_in, len,
                                buf + off_out, len);
              t_check (!err && !memcmp (back + off_in, in, len),
                       "%s/%zu misaligned dec", mode_name (mode), keylen);
              /* Misaligned and in place.  */
              err = crypt_once (mode, 0, keylen, 1, buf + off_out, len,
                                NULL, 0);
              t_check (!err && !memcmp (buf + off_out, in, len),
                       "%s/%zu misaligned in place dec", mode_name (mode),
                       keylen);
            }
      }
}

/* Any split of the input across calls gives the one-call bytes: any
   lengths for the streaming modes, block multiples for ECB/CBC.  */
static void
test_streaming (void)
{
  static unsigned char in[1200], ref[1200], out[1200];
  size_t m, iter, len, pos, chunk, unit;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int mode, dir, ok;

  for (m = 0; m < DIM (all_modes); m++)
    for (dir = 0; dir < 2; dir++)
      {
        mode = all_modes[m];
        unit = is_block_mode (mode) ? 16 : 1;
        ok = 1;
        for (iter = 0; iter < 40; iter++)
          {
            size_t keylen = 16 + 8 * t_rnd (3);

            len = t_rnd (sizeof in / unit + 1) * unit;
            t_rnd_bytes (in, len);
            err = crypt_once (mode, 0, keylen, dir, ref, len, in, len);
            if (err)
              ok = 0;
            h = open_ready (GCRY_CIPHER_AES, mode, 0, keylen, iv_bytes);
            for (pos = 0; pos < len; pos += chunk)
              {
                /* Mostly short chunks, sometimes long, sometimes 0.  */
                chunk = t_rnd (4) ? t_rnd (40) : t_rnd (len - pos + 1);
                chunk = chunk / unit * unit;
                if (chunk > len - pos)
                  chunk = len - pos;
                err = dir ? gcry_cipher_decrypt (h, out + pos, chunk,
                                                 in + pos, chunk)
                  : gcry_cipher_encrypt (h, out + pos, chunk, in + pos, chunk);
                if (err)
                  ok = 0;
              }
            gcry_cipher_close (h);
            if (memcmp (out, ref, len))
              ok = 0;
          }
        t_check (ok, "%s %s: random splits equal one call", mode_name (mode),
                 dir ? "dec" : "enc");
      }
}

/* 128-bit big-endian increment.  */
static void
be128_inc (unsigned char *ctr)
{
  int i;

  for (i = 15; i >= 0; i--)
    if (++ctr[i])
      break;
}

/* The counter carries through all 16 bytes, across calls too.  */
static void
test_ctr_carry (void)
{
  static const struct { const char *name; unsigned char ctr[16]; } starts[] =
    {
      { "2^32", { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0xff, 0xff, 0xff, 0xfd } },
      { "2^64", { 0, 0, 0, 0, 0, 0, 0, 9, 0xff, 0xff, 0xff, 0xff,
                  0xff, 0xff, 0xff, 0xfe } },
      { "2^96", { 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                  0xff, 0xff, 0xff, 0xfa } },
      { "2^128", { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe } },
      { "2^16", { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfc } },
    };
  static const size_t splits[] = { 0, 1, 7, 16, 17, 33, 100 };
  static unsigned char in[300], ref[300], out[300];
  unsigned char ctr[16], ks[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t s, i, pos, n, keylen;
  const size_t len = sizeof in - 5;   /* Ends in a partial block.  */

  t_rnd_bytes (in, sizeof in);
  for (s = 0; s < DIM (starts); s++)
    for (keylen = 16; keylen <= 32; keylen += 16)
      {
        memcpy (ctr, starts[s].ctr, 16);
        for (pos = 0; pos < len; pos += 16)
          {
            ecb_block (keylen, ks, ctr);
            be128_inc (ctr);
            for (i = 0; i < 16 && pos + i < len; i++)
              ref[pos + i] = in[pos + i] ^ ks[i];
          }
        for (i = 0; i < DIM (splits); i++)
          {
            h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CTR, 0, keylen,
                            NULL);
            gcry_cipher_setctr (h, starts[s].ctr, 16);
            err = 0;
            for (pos = 0; pos < len && !err; pos += n)
              {
                n = splits[i] ? splits[i] : len;
                if (n > len - pos)
                  n = len - pos;
                err = gcry_cipher_encrypt (h, out + pos, n, in + pos, n);
              }
            t_check (!err && !memcmp (out, ref, len),
                     "CTR carry across %s, key %zu, chunks of %zu",
                     starts[s].name, keylen * 8, splits[i]);
            gcry_cipher_close (h);
          }
      }
}

/* setctr rules and CTR's relation to setiv (upstream): setiv does not
   set the counter but drops unused keystream.  */
static void
test_setctr (void)
{
  unsigned char in[32], a[32], b[32], zero[16] = { 0 }, ks[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i;

  t_rnd_bytes (in, sizeof in);
  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CTR, 0, 16, NULL);
  err = gcry_cipher_setctr (h, iv_bytes, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "setctr 8 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_setctr (h, iv_bytes, 17);
  t_check (code (err) == GPG_ERR_INV_ARG, "setctr 17 bytes: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_setctr (h, NULL, 16), "setctr NULL,16");
  t_check (!gcry_cipher_setctr (h, iv_bytes, 0), "setctr ctr,0");

  /* (NULL, 0) means the zero counter.  */
  gcry_cipher_setctr (h, iv_bytes, 16);
  gcry_cipher_setctr (h, NULL, 0);
  gcry_cipher_encrypt (h, a, 16, zero, 16);
  ecb_block (16, ks, zero);
  t_check (!memcmp (a, ks, 16), "setctr (NULL,0) is the zero counter");

  /* setiv leaves the counter: a fresh handle (zero counter) and one
     after setiv agree.  */
  gcry_cipher_setctr (h, NULL, 0);
  gcry_cipher_setiv (h, iv_bytes, 16);
  gcry_cipher_encrypt (h, b, 16, zero, 16);
  t_check (!memcmp (b, ks, 16), "CTR: setiv does not set the counter");

  /* setiv mid-block drops the rest of the keystream block: the next byte
     uses the next counter block.  */
  {
    unsigned char zeros[32] = { 0 }, ks2[32];

    gcry_cipher_setctr (h, iv_bytes, 16);
    gcry_cipher_encrypt (h, ks2, 32, zeros, 32);
    gcry_cipher_setctr (h, iv_bytes, 16);
    gcry_cipher_encrypt (h, a, 5, in, 5);
    gcry_cipher_setiv (h, iv_bytes, 16);
    gcry_cipher_encrypt (h, a + 5, 16, in + 5, 16);
    for (i = 0; i < 5; i++)
      b[i] = in[i] ^ ks2[i];
    for (i = 5; i < 21; i++)
      b[i] = in[i] ^ ks2[i + 11];   /* The second block from its start.  */
    t_check (!memcmp (a, b, 21), "CTR: setiv drops unused keystream");
  }

  /* And setctr mid-block restarts cleanly.  */
  gcry_cipher_setctr (h, iv_bytes, 16);
  gcry_cipher_encrypt (h, a, 7, in, 7);
  gcry_cipher_setctr (h, iv_bytes, 16);
  gcry_cipher_encrypt (h, a, 32, in, 32);
  gcry_cipher_setctr (h, iv_bytes, 16);
  gcry_cipher_encrypt (h, b, 32, in, 32);
  t_check (!memcmp (a, b, 32), "CTR: setctr drops unused keystream");
  gcry_cipher_close (h);
}

/* XCTR against a reference built from ECB: block I (from 1) of
   keystream is E(IV ^ le128(I)).  */
static void
test_xctr (void)
{
  static unsigned char in[700], ref[700], out[700];
  unsigned char iv[16], blk[16], ks[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t len, pos, i, keylen;
  unsigned long long index;
  int ok;

  for (keylen = 16; keylen <= 32; keylen += 8)
    {
      ok = 1;
      for (len = 0; len < sizeof in; len += 1 + t_rnd (61))
        {
          t_rnd_bytes (in, len);
          t_rnd_bytes (iv, 16);
          for (pos = 0, index = 1; pos < len; pos += 16, index++)
            {
              memcpy (blk, iv, 16);
              for (i = 0; i < 8; i++)
                blk[i] ^= (unsigned char) (index >> (8 * i));
              ecb_block (keylen, ks, blk);
              for (i = 0; i < 16 && pos + i < len; i++)
                ref[pos + i] = in[pos + i] ^ ks[i];
            }
          h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XCTR, 0, keylen,
                          NULL);
          err = gcry_cipher_setiv (h, iv, 16);
          if (!err)
            err = gcry_cipher_encrypt (h, out, len, in, len);
          if (err || memcmp (out, ref, len))
            ok = 0;
          /* setiv restarts the message.  */
          gcry_cipher_setiv (h, iv, 16);
          err = gcry_cipher_decrypt (h, out, len, ref, len);
          if (err || memcmp (out, in, len))
            ok = 0;
          gcry_cipher_close (h);
        }
      t_check (ok, "XCTR/%zu equals the ECB-built reference", keylen * 8);
    }

  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XCTR, 0, 16, NULL);
  err = gcry_cipher_setiv (h, iv_bytes, 15);
  t_check (code (err) == GPG_ERR_INV_LENGTH, "XCTR setiv 15 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_setiv (h, iv_bytes, 17);
  t_check (code (err) == GPG_ERR_INV_LENGTH, "XCTR setiv 17 bytes: %s",
           gcry_strerror (err));
  /* No IV, NULL IV and a reset all mean the zero IV from block 1.  */
  memset (in, 0, 32);
  gcry_cipher_encrypt (h, ref, 32, in, 32);
  gcry_cipher_setiv (h, iv_bytes, 16);
  gcry_cipher_encrypt (h, out, 7, in, 7);
  gcry_cipher_reset (h);
  gcry_cipher_encrypt (h, out, 32, in, 32);
  t_check (!memcmp (out, ref, 32), "XCTR reset: zero IV, block 1");
  gcry_cipher_setiv (h, iv_bytes, 16);
  gcry_cipher_setiv (h, NULL, 0);
  gcry_cipher_encrypt (h, out, 32, in, 32);
  t_check (!memcmp (out, ref, 32), "XCTR setiv NULL: zero IV");
  gcry_cipher_close (h);

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_XCTR, 0);
  t_check (!err, "XCTR opens with AES");
  if (!err)
    gcry_cipher_close (h);
}

/* CBC with ciphertext stealing: the RFC 3962 examples, and a reference
   for every length built from plain CBC (zero-pad, swap the last two
   blocks, truncate).  */
static void
test_cts (void)
{
  static const unsigned char key[16] =
    { 0x63, 0x68, 0x69, 0x63, 0x6b, 0x65, 0x6e, 0x20,
      0x74, 0x65, 0x72, 0x69, 0x79, 0x61, 0x6b, 0x69 };
  static const unsigned char pt[48] =
    "I would like the General Gau's Chicken, please, ";
  static const struct { size_t len; unsigned char ct[48]; } rfc[] =
    {
      { 17, { 0xc6, 0x35, 0x35, 0x68, 0xf2, 0xbf, 0x8c, 0xb4,
              0xd8, 0xa5, 0x80, 0x36, 0x2d, 0xa7, 0xff, 0x7f, 0x97 } },
      { 31, { 0xfc, 0x00, 0x78, 0x3e, 0x0e, 0xfd, 0xb2, 0xc1,
              0xd4, 0x45, 0xd4, 0xc8, 0xef, 0xf7, 0xed, 0x22,
              0x97, 0x68, 0x72, 0x68, 0xd6, 0xec, 0xcc, 0xc0,
              0xc0, 0x7b, 0x25, 0xe2, 0x5e, 0xcf, 0xe5 } },
      { 32, { 0x39, 0x31, 0x25, 0x23, 0xa7, 0x86, 0x62, 0xd5,
              0xbe, 0x7f, 0xcb, 0xcc, 0x98, 0xeb, 0xf5, 0xa8,
              0x97, 0x68, 0x72, 0x68, 0xd6, 0xec, 0xcc, 0xc0,
              0xc0, 0x7b, 0x25, 0xe2, 0x5e, 0xcf, 0xe5, 0x84 } },
      { 47, { 0x97, 0x68, 0x72, 0x68, 0xd6, 0xec, 0xcc, 0xc0,
              0xc0, 0x7b, 0x25, 0xe2, 0x5e, 0xcf, 0xe5, 0x84,
              0xb3, 0xff, 0xfd, 0x94, 0x0c, 0x16, 0xa1, 0x8c,
              0x1b, 0x55, 0x49, 0xd2, 0xf8, 0x38, 0x02, 0x9e,
              0x39, 0x31, 0x25, 0x23, 0xa7, 0x86, 0x62, 0xd5,
              0xbe, 0x7f, 0xcb, 0xcc, 0x98, 0xeb, 0xf5 } },
      { 48, { 0x97, 0x68, 0x72, 0x68, 0xd6, 0xec, 0xcc, 0xc0,
              0xc0, 0x7b, 0x25, 0xe2, 0x5e, 0xcf, 0xe5, 0x84,
              0x9d, 0xad, 0x8b, 0xbb, 0x96, 0xc4, 0xcd, 0xc0,
              0x3b, 0xc1, 0x03, 0xe1, 0xa1, 0x94, 0xbb, 0xd8,
              0x39, 0x31, 0x25, 0x23, 0xa7, 0x86, 0x62, 0xd5,
              0xbe, 0x7f, 0xcb, 0xcc, 0x98, 0xeb, 0xf5, 0xa8 } },
    };
  static unsigned char in[200], ref[208], out[200 + 16], padded[208];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, len, nb, rest;

  for (i = 0; i < DIM (rfc); i++)
    {
      gcry_cipher_open (&h, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC,
                        GCRY_CIPHER_CBC_CTS);
      gcry_cipher_setkey (h, key, 16);
      err = gcry_cipher_encrypt (h, out, rfc[i].len, pt, rfc[i].len);
      t_check (!err && !memcmp (out, rfc[i].ct, rfc[i].len),
               "RFC 3962 CTS %zu bytes encrypt", rfc[i].len);
      gcry_cipher_setiv (h, NULL, 0);
      err = gcry_cipher_decrypt (h, out, rfc[i].len, NULL, 0);
      t_check (!err && !memcmp (out, pt, rfc[i].len),
               "RFC 3962 CTS %zu bytes decrypt in place", rfc[i].len);
      gcry_cipher_close (h);
    }

  t_rnd_bytes (in, sizeof in);
  for (len = 16; len <= sizeof in; len++)
    {
      nb = (len + 15) / 16;
      rest = len - (nb - 1) * 16;
      memset (padded, 0, sizeof padded);
      memcpy (padded, in, len);
      crypt_once (GCRY_CIPHER_MODE_CBC, 0, 24, 0, ref, nb * 16, padded,
                  nb * 16);
      if (nb > 1)
        {
          /* Swap C[n-1] and C[n]; C[n-1] is truncated to REST bytes.  */
          memcpy (padded, ref + (nb - 2) * 16, 16);
          memmove (ref + (nb - 2) * 16, ref + (nb - 1) * 16, 16);
          memcpy (ref + (nb - 1) * 16, padded, rest);
        }
      memset (out, GUARD, sizeof out);
      err = crypt_once (GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 24, 0,
                        out, len, in, len);
      if (!t_check (!err && !memcmp (out, ref, len)
                    && t_all_bytes (out + len, sizeof out - len, GUARD),
                    "CTS encrypt length %zu", len))
        break;
      err = crypt_once (GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 24, 1,
                        out, len, NULL, 0);
      if (!t_check (!err && !memcmp (out, in, len), "CTS decrypt length %zu",
                    len))
        break;
    }

  /* The flag is read at each call: gcry_cipher_cts switches it.  */
  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC, 0, 24, iv_bytes);
  err = gcry_cipher_cts (h, 1);
  t_check (!err, "gcry_cipher_cts on: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, out, 17, in, 17);
  t_check (!err, "CTS switched on after open takes effect: %s",
           gcry_strerror (err));
  gcry_cipher_cts (h, 0);
  err = gcry_cipher_encrypt (h, out, 17, in, 17);
  t_check (code (err) == GPG_ERR_INV_LENGTH,
           "CTS switched off takes effect: %s", gcry_strerror (err));
  gcry_cipher_close (h);
}

/* CBC-MAC: encryption writes only the last CBC block, to the first 16
   bytes of OUT; decryption is plain CBC.  */
static void
test_cbc_mac (void)
{
  static unsigned char in[160], ref[160], out[160 + 16];
  gcry_cipher_hd_t h;
  gcry_error_t err;

  t_rnd_bytes (in, sizeof in);
  crypt_once (GCRY_CIPHER_MODE_CBC, 0, 16, 0, ref, 160, in, 160);

  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_MAC,
                  16, iv_bytes);
  memset (out, GUARD, sizeof out);
  err = gcry_cipher_encrypt (h, out, sizeof out, in, 160);
  t_check (!err && !memcmp (out, ref + 144, 16)
           && t_all_bytes (out + 16, sizeof out - 16, GUARD),
           "CBC-MAC: last block only (%s)", gcry_strerror (err));

  gcry_cipher_setiv (h, iv_bytes, 16);
  memset (out, GUARD, sizeof out);
  err = gcry_cipher_encrypt (h, out, 16, in, 48);
  if (!err)
    err = gcry_cipher_encrypt (h, out, 16, in + 48, 112);
  t_check (!err && !memcmp (out, ref + 144, 16), "CBC-MAC across calls");

  memset (out, GUARD, sizeof out);
  err = gcry_cipher_encrypt (h, out, 16, in, 0);
  t_check (!err && t_all_bytes (out, sizeof out, GUARD),
           "CBC-MAC of nothing writes nothing");

  err = gcry_cipher_encrypt (h, out, 15, in, 16);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "CBC-MAC needs one block of output: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, out, 16, in, 17);
  t_check (code (err) == GPG_ERR_INV_LENGTH, "CBC-MAC length 17: %s",
           gcry_strerror (err));

  gcry_cipher_setiv (h, iv_bytes, 16);
  err = gcry_cipher_decrypt (h, out, 16, ref, 160);
  t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT,
           "CBC-MAC decryption needs the full output: %s",
           gcry_strerror (err));
  err = gcry_cipher_decrypt (h, out, 160, ref, 160);
  t_check (!err && !memcmp (out, in, 160), "CBC-MAC decrypts as CBC");
  gcry_cipher_close (h);

  /* Switched on by ctl, and exclusive with CTS.  */
  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC, 0, 16, iv_bytes);
  err = gcry_cipher_ctl (h, GCRYCTL_SET_CBC_MAC, NULL, 1);
  t_check (!err, "SET_CBC_MAC: %s", gcry_strerror (err));
  err = gcry_cipher_encrypt (h, out, 16, in, 160);
  t_check (!err && !memcmp (out, ref + 144, 16), "CBC-MAC set by ctl");
  err = gcry_cipher_cts (h, 1);
  t_check (code (err) == GPG_ERR_INV_FLAG, "CTS while CBC-MAC: %s",
           gcry_strerror (err));
  gcry_cipher_ctl (h, GCRYCTL_SET_CBC_MAC, NULL, 0);
  err = gcry_cipher_cts (h, 1);
  t_check (!err, "CTS after CBC-MAC off");
  err = gcry_cipher_ctl (h, GCRYCTL_SET_CBC_MAC, NULL, 1);
  t_check (code (err) == GPG_ERR_INV_FLAG, "CBC-MAC while CTS: %s",
           gcry_strerror (err));
  gcry_cipher_close (h);
}

/* RESET: keeps the key, clears IV and stream state.  */
static void
test_reset (void)
{
  unsigned char in[64], a[64], b[64], zero_iv[16] = { 0 };
  gcry_cipher_hd_t h;
  size_t m;
  int mode;

  t_rnd_bytes (in, sizeof in);
  for (m = 0; m < DIM (all_modes); m++)
    {
      mode = all_modes[m];
      h = open_ready (GCRY_CIPHER_AES, mode, 0, 32, zero_iv);
      gcry_cipher_encrypt (h, a, 64, in, 64);
      gcry_cipher_close (h);

      h = open_ready (GCRY_CIPHER_AES, mode, 0, 32, iv_bytes);
      gcry_cipher_encrypt (h, b, is_block_mode (mode) ? 16 : 5, in,
                           is_block_mode (mode) ? 16 : 5);
      t_check (!gcry_cipher_reset (h), "%s reset", mode_name (mode));
      t_check (!gcry_cipher_encrypt (h, b, 64, in, 64)
               && !memcmp (a, b, 64),
               "%s after reset: key kept, zero IV, fresh stream",
               mode_name (mode));
      gcry_cipher_close (h);
    }
}

/* OpenPGP CFB resync.  */
static void
test_cfb_sync (void)
{
  unsigned char in[64], a[64], b[64], iv2[16];
  gcry_cipher_hd_t h;
  size_t first;

  t_rnd_bytes (in, sizeof in);
  for (first = 1; first < 40; first += 4)
    {
      h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB,
                      GCRY_CIPHER_ENABLE_SYNC, 16, iv_bytes);
      gcry_cipher_encrypt (h, a, first, in, first);
      t_check (!gcry_cipher_sync (h), "sync");
      gcry_cipher_encrypt (h, a + first, 24, in + first, 24);
      gcry_cipher_close (h);

      /* Reference: the register after sync is the last 16 bytes of
         IV || ciphertext.  */
      if (first % 16)
        {
          unsigned char hist[16 + 64];

          memcpy (hist, iv_bytes, 16);
          memcpy (hist + 16, a, first);
          memcpy (iv2, hist + first, 16);
        }
      h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB, 0, 16, iv_bytes);
      gcry_cipher_encrypt (h, b, first, in, first);
      if (first % 16)
        gcry_cipher_setiv (h, iv2, 16);
      gcry_cipher_encrypt (h, b + first, 24, in + first, 24);
      gcry_cipher_close (h);
      t_check (!memcmp (a, b, first + 24), "CFB sync after %zu bytes", first);
    }

  /* Without GCRY_CIPHER_ENABLE_SYNC the call changes nothing.  */
  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB, 0, 16, iv_bytes);
  gcry_cipher_encrypt (h, a, 21, in, 21);
  gcry_cipher_sync (h);
  gcry_cipher_encrypt (h, a + 21, 16, in + 21, 16);
  gcry_cipher_close (h);
  crypt_once (GCRY_CIPHER_MODE_CFB, 0, 16, 0, b, 37, in, 37);
  t_check (!memcmp (a, b, 37), "CFB sync without ENABLE_SYNC is a no-op");
}

/* The generic IV rule: zero-padded or truncated to a block (upstream
   logs a warning and goes on); NULL clears.  */
static void
test_setiv (void)
{
  unsigned char in[32], a[32], b[32], iv[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;

  t_rnd_bytes (in, sizeof in);
  memset (iv, 0, 16);
  memcpy (iv, iv_bytes, 8);
  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB8, 0, 16, NULL);
  err = gcry_cipher_setiv (h, iv_bytes, 8);
  t_check (!err, "setiv 8 bytes accepted: %s", gcry_strerror (err));
  gcry_cipher_encrypt (h, a, 32, in, 32);
  gcry_cipher_setiv (h, iv, 16);
  gcry_cipher_encrypt (h, b, 32, in, 32);
  t_check (!memcmp (a, b, 32), "short IV is zero-padded");

  {
    unsigned char long_iv[20];

    memcpy (long_iv, iv_bytes, 16);
    memset (long_iv + 16, 0x77, 4);
    gcry_cipher_setiv (h, long_iv, 20);
    gcry_cipher_encrypt (h, a, 32, in, 32);
    gcry_cipher_setiv (h, iv_bytes, 16);
    gcry_cipher_encrypt (h, b, 32, in, 32);
    t_check (!memcmp (a, b, 32), "long IV is truncated");
  }

  gcry_cipher_setiv (h, NULL, 16);
  gcry_cipher_encrypt (h, a, 32, in, 32);
  memset (iv, 0, 16);
  gcry_cipher_setiv (h, iv, 16);
  gcry_cipher_encrypt (h, b, 32, in, 32);
  t_check (!memcmp (a, b, 32), "setiv NULL is the zero IV");
  gcry_cipher_close (h);
}

/* gcry_cipher_ctl and gcry_cipher_info answers.  */
static void
test_ctl_info (void)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  unsigned char buf[16];
  size_t n = 0;
  int tl = 16, algo;

  h = open_ready (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC, 0, 16, iv_bytes);
  err = gcry_cipher_ctl (h, 12345, NULL, 0);
  t_check (code (err) == GPG_ERR_INV_OP, "unknown ctl: %s",
           gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_SBOX, (void *) "1.2.643.2.2.31.1", 0);
  t_check (code (err) == GPG_ERR_NOT_SUPPORTED, "SET_SBOX on AES: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1),
           "SET_ALLOW_WEAK_KEY on");
  t_check (!gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 0),
           "SET_ALLOW_WEAK_KEY off");
  err = gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 2);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO, "SET_ALLOW_WEAK_KEY 2: %s",
           gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, buf, 1);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO,
           "SET_ALLOW_WEAK_KEY with buffer: %s", gcry_strerror (err));
  t_check (!gcry_cipher_final (h), "FINALIZE");
  err = gcry_cipher_ctl (h, GCRYCTL_FINALIZE, NULL, 1);
  t_check (code (err) == GPG_ERR_INV_ARG, "FINALIZE with length: %s",
           gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &tl, sizeof tl);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "SET_TAGLEN on CBC: %s",
           gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, NULL, sizeof tl);
  t_check (code (err) == GPG_ERR_INV_ARG, "SET_TAGLEN NULL: %s",
           gcry_strerror (err));
  err = gcry_cipher_set_decryption_tag (h, buf, 16);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE,
           "SET_DECRYPTION_TAG on CBC: %s", gcry_strerror (err));
  err = gcry_cipher_ctl (h, GCRYCTL_DISABLE_ALGO, NULL, 0);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO,
           "DISABLE_ALGO with a handle: %s", gcry_strerror (err));

  err = gcry_cipher_info (h, GCRYCTL_GET_TAGLEN, NULL, &n);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "GET_TAGLEN on CBC: %s",
           gcry_strerror (err));
  err = gcry_cipher_info (h, GCRYCTL_GET_KEYLEN, buf, &n);
  t_check (code (err) == GPG_ERR_INV_CIPHER_MODE, "info GET_KEYLEN: %s",
           gcry_strerror (err));
  err = gcry_cipher_info (NULL, GCRYCTL_GET_TAGLEN, NULL, &n);
  t_check (code (err) == GPG_ERR_INV_ARG, "info without handle: %s",
           gcry_strerror (err));
  err = gcry_cipher_info (h, 12345, NULL, &n);
  t_check (code (err) == GPG_ERR_INV_OP, "unknown info: %s",
           gcry_strerror (err));
  gcry_cipher_close (h);

  /* DISABLE_ALGO (no handle): the algorithm is then unavailable.  Run
     last for AES192 only, which no later check here uses.  */
  algo = GCRY_CIPHER_AES192;
  err = gcry_cipher_ctl (NULL, GCRYCTL_DISABLE_ALGO, &algo, sizeof algo);
  t_check (!err, "DISABLE_ALGO: %s", gcry_strerror (err));
  t_check (code (gcry_cipher_test_algo (GCRY_CIPHER_AES192))
           == GPG_ERR_CIPHER_ALGO, "disabled algo fails test_algo");
  err = gcry_cipher_open (&h, GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_ECB, 0);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO, "disabled algo fails open: %s",
           gcry_strerror (err));
  t_check (!gcry_cipher_test_algo (GCRY_CIPHER_AES), "AES still enabled");
}

/* Registry: names, aliases, OIDs, lengths.  */
static void
test_registry (void)
{
  static const struct { const char *name; int algo; int mode; } names[] =
    {
      { "AES", GCRY_CIPHER_AES, 0 }, { "aes", GCRY_CIPHER_AES, 0 },
      { "AES128", GCRY_CIPHER_AES, 0 }, { "aes-128", GCRY_CIPHER_AES, 0 },
      { "RIJNDAEL", GCRY_CIPHER_AES, 0 }, { "rijndael128", 0, 0 },
      { "AES192", GCRY_CIPHER_AES192, 0 }, { "Aes-192", GCRY_CIPHER_AES192, 0 },
      { "RIJNDAEL192", GCRY_CIPHER_AES192, 0 },
      { "AES256", GCRY_CIPHER_AES256, 0 }, { "AES-256", GCRY_CIPHER_AES256, 0 },
      { "rijndael256", GCRY_CIPHER_AES256, 0 },
      { "2.16.840.1.101.3.4.1.1", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB },
      { "2.16.840.1.101.3.4.1.2", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC },
      { "oid.2.16.840.1.101.3.4.1.2", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC },
      { "OID.2.16.840.1.101.3.4.1.2", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CBC },
      { "Oid.2.16.840.1.101.3.4.1.2", 0, 0 },
      { "2.16.840.1.101.3.4.1.3", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_OFB },
      { "2.16.840.1.101.3.4.1.4", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CFB },
      { "2.16.840.1.101.3.4.1.5", 0, 0 },
      { "2.16.840.1.101.3.4.1.6", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_GCM },
      { "2.16.840.1.101.3.4.1.7", GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CCM },
      { "2.16.840.1.101.3.4.1.21", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_ECB },
      { "2.16.840.1.101.3.4.1.22", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_CBC },
      { "2.16.840.1.101.3.4.1.23", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_OFB },
      { "2.16.840.1.101.3.4.1.24", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_CFB },
      { "2.16.840.1.101.3.4.1.26", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_GCM },
      { "2.16.840.1.101.3.4.1.27", GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_CCM },
      { "2.16.840.1.101.3.4.1.41", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB },
      { "2.16.840.1.101.3.4.1.42", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CBC },
      { "2.16.840.1.101.3.4.1.43", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_OFB },
      { "2.16.840.1.101.3.4.1.44", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CFB },
      { "2.16.840.1.101.3.4.1.46", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM },
      { "2.16.840.1.101.3.4.1.47", GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CCM },
      { "2.16.840.1.101.3.4.1.48", 0, 0 },
      { " AES", 0, 0 }, { "", 0, 0 }, { "1.2.3", 0, 0 }, { "XCTR", 0, 0 },
    };
  static const struct { int algo; const char *name; size_t keylen; } algos[] =
    {
      { GCRY_CIPHER_AES, "AES", 16 }, { GCRY_CIPHER_AES192, "AES192", 24 },
      { GCRY_CIPHER_AES256, "AES256", 32 },
    };
  gcry_error_t err;
  size_t i, n;

  for (i = 0; i < DIM (names); i++)
    {
      t_check (gcry_cipher_map_name (names[i].name) == names[i].algo,
               "map_name (\"%s\") = %d", names[i].name,
               gcry_cipher_map_name (names[i].name));
      t_check (gcry_cipher_mode_from_oid (names[i].name) == names[i].mode,
               "mode_from_oid (\"%s\") = %d", names[i].name,
               gcry_cipher_mode_from_oid (names[i].name));
    }
  t_check (gcry_cipher_map_name (NULL) == 0, "map_name (NULL)");
  t_check (gcry_cipher_mode_from_oid (NULL) == 0, "mode_from_oid (NULL)");

  for (i = 0; i < DIM (algos); i++)
    {
      t_check (!strcmp (gcry_cipher_algo_name (algos[i].algo), algos[i].name),
               "algo_name (%d)", algos[i].algo);
      t_check (gcry_cipher_get_algo_keylen (algos[i].algo) == algos[i].keylen,
               "get_algo_keylen (%d)", algos[i].algo);
      t_check (gcry_cipher_get_algo_blklen (algos[i].algo) == 16,
               "get_algo_blklen (%d)", algos[i].algo);
      n = 0;
      err = gcry_cipher_algo_info (algos[i].algo, GCRYCTL_GET_KEYLEN, NULL, &n);
      t_check (!err && n == algos[i].keylen, "algo_info GET_KEYLEN");
      n = 0;
      err = gcry_cipher_algo_info (algos[i].algo, GCRYCTL_GET_BLKLEN, NULL, &n);
      t_check (!err && n == 16, "algo_info GET_BLKLEN");
    }
  t_check (!strcmp (gcry_cipher_algo_name (999), "?"), "algo_name (999)");
  t_check (!strcmp (gcry_cipher_algo_name (0), "?"), "algo_name (0)");
  t_check (gcry_cipher_get_algo_keylen (999) == 0, "keylen of unknown");
  t_check (gcry_cipher_get_algo_blklen (999) == 0, "blklen of unknown");
  t_check (!gcry_cipher_test_algo (GCRY_CIPHER_AES), "test_algo (AES)");
  t_check (code (gcry_cipher_test_algo (999)) == GPG_ERR_CIPHER_ALGO,
           "test_algo (999)");
  t_check (code (gcry_cipher_test_algo (0)) == GPG_ERR_CIPHER_ALGO,
           "test_algo (0)");
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES, GCRYCTL_TEST_ALGO, NULL, &n);
  t_check (code (err) == GPG_ERR_INV_ARG, "TEST_ALGO with nbytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES, GCRYCTL_GET_KEYLEN, NULL, NULL);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO, "GET_KEYLEN without nbytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES, GCRYCTL_GET_BLKLEN, &n, &n);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO, "GET_BLKLEN with buffer: %s",
           gcry_strerror (err));
  err = gcry_cipher_algo_info (999, GCRYCTL_GET_BLKLEN, NULL, &n);
  t_check (code (err) == GPG_ERR_CIPHER_ALGO, "GET_BLKLEN unknown: %s",
           gcry_strerror (err));
  err = gcry_cipher_algo_info (GCRY_CIPHER_AES, 12345, NULL, &n);
  t_check (code (err) == GPG_ERR_INV_OP, "algo_info unknown: %s",
           gcry_strerror (err));
}

/*
 * The rules every mode shares, the AEAD and wide-block ones included:
 * no key is GPG_ERR_MISSING_KEY; a call writes nothing past the bytes
 * it produces; an output one byte short is GPG_ERR_BUFFER_TOO_SHORT and
 * writes nothing past the given size; in place (NULL input) and
 * misaligned buffers give the bytes of an aligned two-buffer call; and
 * decryption undoes encryption.
 */

static const int every_mode[] =
  { GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CFB,
    GCRY_CIPHER_MODE_CFB8, GCRY_CIPHER_MODE_OFB, GCRY_CIPHER_MODE_CTR,
    GCRY_CIPHER_MODE_XCTR, GCRY_CIPHER_MODE_XTS, GCRY_CIPHER_MODE_AESWRAP,
    GCRY_CIPHER_MODE_CCM, GCRY_CIPHER_MODE_GCM, GCRY_CIPHER_MODE_OCB,
    GCRY_CIPHER_MODE_EAX, GCRY_CIPHER_MODE_SIV, GCRY_CIPHER_MODE_GCM_SIV,
    GCRY_CIPHER_MODE_HCTR2 };

#define EVERY_LEN 32            /* A length every mode takes.  */

/* A keyed handle ready for one message of INLEN bytes in direction
   DECRYPT: IV, counter, CCM lengths, OCB's final announcement, or the
   SIV / GCM-SIV decryption TAG, as the mode needs.  */
static gcry_cipher_hd_t
open_for_message (int mode, int decrypt, size_t inlen,
                  const unsigned char *tag)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t keylen = (mode == GCRY_CIPHER_MODE_XTS
                   || mode == GCRY_CIPHER_MODE_SIV) ? 32 : 16;

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, mode, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key_bytes, keylen);
  if (err)
    {
      t_check (0, "mode %d: open/setkey: %s", mode, gcry_strerror (err));
      return NULL;
    }
  switch (mode)
    {
    case GCRY_CIPHER_MODE_ECB:
    case GCRY_CIPHER_MODE_AESWRAP:
      break;
    case GCRY_CIPHER_MODE_CTR:
      err = gcry_cipher_setctr (h, iv_bytes, 16);
      break;
    case GCRY_CIPHER_MODE_CCM:
      {
        unsigned long long lengths[3] = { inlen, 0, 16 };

        err = gcry_cipher_setiv (h, iv_bytes, 12);
        if (!err)
          err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                                 sizeof lengths);
      }
      break;
    case GCRY_CIPHER_MODE_GCM:
      err = gcry_cipher_setiv (h, iv_bytes, 12);
      break;
    case GCRY_CIPHER_MODE_OCB:
      err = gcry_cipher_setiv (h, iv_bytes, 12);
      if (!err)
        err = gcry_cipher_final (h);
      break;
    case GCRY_CIPHER_MODE_SIV:
      if (decrypt)
        err = gcry_cipher_set_decryption_tag (h, tag, 16);
      break;
    case GCRY_CIPHER_MODE_GCM_SIV:
      err = gcry_cipher_setiv (h, iv_bytes, 12);
      if (!err && decrypt)
        err = gcry_cipher_set_decryption_tag (h, tag, 16);
      break;
    default:
      err = gcry_cipher_setiv (h, iv_bytes, 16);
      break;
    }
  if (err)
    {
      t_check (0, "mode %d: message setup: %s", mode, gcry_strerror (err));
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

static gcry_error_t
crypt_dir (gcry_cipher_hd_t h, int decrypt, void *out, size_t outsize,
           const void *in, size_t inlen)
{
  return decrypt ? gcry_cipher_decrypt (h, out, outsize, in, inlen)
         : gcry_cipher_encrypt (h, out, outsize, in, inlen);
}

static void
test_every_mode (void)
{
  unsigned char pt[EVERY_LEN], ct[EVERY_LEN + 8], tag[16] = { 0 };
  unsigned char ref[EVERY_LEN + 8], buf[EVERY_LEN + 8 + 32];
  unsigned char inbuf[EVERY_LEN + 8 + 16];
  size_t i, inlen, outlen, off;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int decrypt;

  t_rnd_bytes (pt, sizeof pt);
  for (i = 0; i < DIM (every_mode); i++)
    {
      int mode = every_mode[i];
      int wrap = mode == GCRY_CIPHER_MODE_AESWRAP;
      int tagged = mode == GCRY_CIPHER_MODE_SIV
                   || mode == GCRY_CIPHER_MODE_GCM_SIV;

      /* No key.  */
      err = gcry_cipher_open (&h, GCRY_CIPHER_AES, mode, 0);
      if (!t_check (!err, "mode %d: open: %s", mode, gcry_strerror (err)))
        continue;
      err = gcry_cipher_encrypt (h, buf, EVERY_LEN, pt, EVERY_LEN);
      t_check (code (err) == GPG_ERR_MISSING_KEY,
               "mode %d: encrypt without key: %s", mode, gcry_strerror (err));
      err = gcry_cipher_decrypt (h, buf, EVERY_LEN, pt, EVERY_LEN);
      t_check (code (err) == GPG_ERR_MISSING_KEY,
               "mode %d: decrypt without key: %s", mode, gcry_strerror (err));
      gcry_cipher_close (h);

      /* A failed setkey mid-message wipes the key: the message calls
         then fail (and must not run the cipher on the wiped context).  */
      h = open_for_message (mode, 0, EVERY_LEN, tag);
      if (h)
        {
          unsigned char tagbuf[16];

          err = gcry_cipher_setkey (h, key_bytes, 5);
          t_check (code (err) == GPG_ERR_INV_KEYLEN,
                   "mode %d: 5-byte key: %s", mode, gcry_strerror (err));
          err = gcry_cipher_authenticate (h, pt, 16);
          t_check (!err || code (err) == GPG_ERR_INV_STATE
                   || code (err) == GPG_ERR_INV_CIPHER_MODE,
                   "mode %d: authenticate after a failed setkey: %s", mode,
                   gcry_strerror (err));
          err = gcry_cipher_encrypt (h, buf, EVERY_LEN, pt, EVERY_LEN);
          t_check (code (err) == GPG_ERR_MISSING_KEY,
                   "mode %d: encrypt after a failed setkey: %s", mode,
                   gcry_strerror (err));
          err = gcry_cipher_gettag (h, tagbuf, 16);
          t_check (err != 0, "mode %d: gettag after a failed setkey: %s",
                   mode, gcry_strerror (err));
          err = gcry_cipher_checktag (h, tagbuf, 16);
          t_check (err != 0, "mode %d: checktag after a failed setkey: %s",
                   mode, gcry_strerror (err));
          gcry_cipher_close (h);
        }

      for (decrypt = 0; decrypt < 2; decrypt++)
        {
          const unsigned char *in = decrypt ? ct : pt;
          const char *dir = decrypt ? "decrypt" : "encrypt";

          /* AES key wrap adds 8 bytes, unwrap removes them.  */
          inlen = decrypt && wrap ? EVERY_LEN + 8 : EVERY_LEN;
          outlen = wrap ? (decrypt ? EVERY_LEN : EVERY_LEN + 8) : EVERY_LEN;

          /* The reference: aligned, two buffers, room to spare.  */
          h = open_for_message (mode, decrypt, inlen, tag);
          if (!h)
            continue;
          memset (buf, GUARD, sizeof buf);
          err = crypt_dir (h, decrypt, buf, outlen + 16, in, inlen);
          t_check (!err && t_all_bytes (buf + outlen, 16, GUARD),
                   "mode %d %s: nothing past the output: %s", mode, dir,
                   gcry_strerror (err));
          if (!decrypt && tagged)
            {
              err = gcry_cipher_gettag (h, tag, 16);
              t_check (!err, "mode %d: tag: %s", mode, gcry_strerror (err));
            }
          gcry_cipher_close (h);
          memcpy (ref, buf, outlen);
          if (decrypt)
            t_check (!memcmp (ref, pt, EVERY_LEN),
                     "mode %d: decryption undoes encryption", mode);
          else
            memcpy (ct, ref, outlen);

          /* One byte short.  */
          h = open_for_message (mode, decrypt, inlen, tag);
          if (!h)
            continue;
          memset (buf, GUARD, sizeof buf);
          err = crypt_dir (h, decrypt, buf, outlen - 1, in, inlen);
          t_check (code (err) == GPG_ERR_BUFFER_TOO_SHORT
                   && t_all_bytes (buf + outlen - 1, 16, GUARD),
                   "mode %d %s: output one byte short: %s", mode, dir,
                   gcry_strerror (err));
          gcry_cipher_close (h);

          /* Misaligned input and output.  */
          for (off = 1; off < 16; off += 7)
            {
              h = open_for_message (mode, decrypt, inlen, tag);
              if (!h)
                break;
              memcpy (inbuf + off, in, inlen);
              memset (buf, GUARD, sizeof buf);
              err = crypt_dir (h, decrypt, buf + 16 - off, outlen,
                               inbuf + off, inlen);
              t_check (!err && !memcmp (buf + 16 - off, ref, outlen)
                       && t_all_bytes (buf + 16 - off + outlen, 16, GUARD),
                       "mode %d %s: misaligned by %zu: %s", mode, dir, off,
                       gcry_strerror (err));
              gcry_cipher_close (h);
            }

          /* In place: NULL input, the whole OUTSIZE is the input.  Key
             wrap changes the length, so it has no in-place form here
             (t-cipher-aeswrap covers its overlapping use).  */
          if (wrap)
            continue;
          h = open_for_message (mode, decrypt, inlen, tag);
          if (!h)
            continue;
          memset (buf, GUARD, sizeof buf);
          memcpy (buf + 3, in, inlen);
          err = crypt_dir (h, decrypt, buf + 3, inlen, NULL, 0);
          t_check (!err && !memcmp (buf + 3, ref, outlen)
                   && t_all_bytes (buf + 3 + outlen, 16, GUARD)
                   && t_all_bytes (buf, 3, GUARD),
                   "mode %d %s: in place: %s", mode, dir,
                   gcry_strerror (err));
          gcry_cipher_close (h);
        }
    }
}

int
main (int argc, char **argv)
{
  t_init ("t-cipher-api", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
  if (!gcry_check_version (NULL))
    return 2;
  test_open ();
  test_setkey ();
  test_short_buffer ();
  test_inv_length ();
  test_inplace_misaligned ();
  test_streaming ();
  test_ctr_carry ();
  test_setctr ();
  test_xctr ();
  test_cts ();
  test_cbc_mac ();
  test_reset ();
  test_cfb_sync ();
  test_setiv ();
  test_registry ();
  test_every_mode ();
  test_ctl_info ();     /* Last: it disables AES192.  */
  return t_finish ();
}
