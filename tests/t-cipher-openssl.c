/* t-cipher-openssl.c - AES modes against OpenSSL's EVP ciphers.
 *
 * For ECB, CBC, CFB, CFB8, OFB and CTR: random key sizes, IVs (for CTR
 * also counters about to carry across 2^32, 2^64 and 2^128) and lengths
 * 0..5000 (block multiples for ECB/CBC).  OpenSSL encrypts in one call;
 * this library encrypts and decrypts in random splits (any size for the
 * streaming modes, block multiples for ECB/CBC), in place or out of
 * place, with misaligned buffers.  OpenSSL is a test-only dependency:
 * without it the test prints SKIP.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"

#ifndef HAVE_LIBCRYPTO

int
main (int argc, char **argv)
{
  t_init ("t-cipher-openssl", argc, argv);
  t_skip ("OpenSSL's libcrypto was not found at configure time");
  return 77;
}

#else /* HAVE_LIBCRYPTO */

#include <openssl/evp.h>

#define MAXLEN 5000
#define ITERATIONS 50

static unsigned long long rng_state = 0x0123456789abcdefULL;

static unsigned long long
rnd64 (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

static size_t
rnd (size_t n)
{
  return n ? (size_t) (rnd64 () % n) : 0;
}

static void
rnd_bytes (unsigned char *p, size_t n)
{
  while (n--)
    *p++ = (unsigned char) rnd64 ();
}

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

/* This library, in random splits; DATA is processed in place when
   INPLACE, else from IN to DATA.  */
static gcry_error_t
gcry_split (const struct mode *m, int decrypt, size_t keylen,
            const unsigned char *key, const unsigned char *iv,
            unsigned char *data, const unsigned char *in, size_t len,
            int inplace)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t pos, chunk, unit = m->block_only ? 16 : 1;
  static const int algos[3] =
    { GCRY_CIPHER_AES, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256 };

  err = gcry_cipher_open (&h, algos[(keylen - 16) / 8], m->gcry_mode, 0);
  if (err)
    return err;
  err = gcry_cipher_setkey (h, key, keylen);
  if (!err && m->gcry_mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (h, iv, 16);
  else if (!err && m->gcry_mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (h, iv, 16);
  if (inplace)
    memcpy (data, in, len);
  for (pos = 0; !err && pos < len; pos += chunk)
    {
      switch (rnd (4))
        {
        case 0: chunk = len - pos; break;
        case 1: chunk = rnd (17); break;
        default: chunk = rnd (600); break;
        }
      chunk = chunk / unit * unit;
      if (chunk > len - pos)
        chunk = len - pos;
      if (inplace)
        err = decrypt ? gcry_cipher_decrypt (h, data + pos, chunk, NULL, 0)
          : gcry_cipher_encrypt (h, data + pos, chunk, NULL, 0);
      else
        err = decrypt ? gcry_cipher_decrypt (h, data + pos, chunk, in + pos,
                                             chunk)
          : gcry_cipher_encrypt (h, data + pos, chunk, in + pos, chunk);
    }
  gcry_cipher_close (h);
  return err;
}

static void
run_mode (const struct mode *m)
{
  static unsigned char key[32], iv[16];
  static unsigned char pt_buf[MAXLEN + 16], ref[MAXLEN + 16];
  static unsigned char out_buf[MAXLEN + 16];
  unsigned char *pt, *out;
  size_t iter, len, keylen, unit = m->block_only ? 16 : 1;
  unsigned long passed = 0, total = 0;
  gcry_error_t err;
  int inplace;

  for (iter = 0; iter < ITERATIONS; iter++)
    {
      keylen = 16 + 8 * rnd (3);
      rnd_bytes (key, keylen);
      rnd_bytes (iv, 16);
      if (m->gcry_mode == GCRY_CIPHER_MODE_CTR && (iter % 4) == 1)
        {
          /* A counter a few blocks before a carry out of 32, 64 or 128
             bits.  */
          size_t bits = 32 << rnd (3);

          memset (iv + 16 - bits / 8, 0xff, bits / 8);
          iv[15] = (unsigned char) (0xff - rnd (8));
        }
      /* Mostly short messages, which is where splits matter, plus the
         full range.  */
      len = iter < 10 ? iter * unit : rnd (MAXLEN / unit + 1) * unit;
      if (iter == ITERATIONS - 1)
        len = MAXLEN / unit * unit;
      pt = pt_buf + rnd (16);
      out = out_buf + rnd (16);
      inplace = (int) rnd (2);
      rnd_bytes (pt, len);

      if (!t_check (!openssl_encrypt (m->evp[(keylen - 16) / 8] (), key, iv,
                                      ref, pt, len),
                    "%s: OpenSSL failed", m->name))
        continue;
      total++;
      err = gcry_split (m, 0, keylen, key, iv, out, pt, len, inplace);
      if (!t_check (!err && !memcmp (out, ref, len),
                    "%s: encryption of %zu bytes (key %zu, %s) differs: %s",
                    m->name, len, keylen * 8,
                    inplace ? "in place" : "separate", gcry_strerror (err)))
        continue;
      err = gcry_split (m, 1, keylen, key, iv, out, ref, len, !inplace);
      if (!t_check (!err && !memcmp (out, pt, len),
                    "%s: decryption of %zu bytes (key %zu) differs: %s",
                    m->name, len, keylen * 8, gcry_strerror (err)))
        continue;
      passed++;
    }
  printf ("%s: %s: %lu of %lu random cases agree with OpenSSL\n", t_name,
          m->name, passed, total);
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
  return t_finish ();
}

#endif /* HAVE_LIBCRYPTO */
