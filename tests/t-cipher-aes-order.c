/* t-cipher-aes-order.c - AES decryption and encryption in any order on
 * one handle, through gcry_cipher.
 *
 * The x86 AES kernels compute the decryption schedule on the first use
 * of the inverse cipher after a setkey, not at setkey (cipher/aes.c).
 * So the order of operations on a handle matters to the library, and
 * must not matter to its results.  For every mode that runs the inverse
 * cipher (ECB, CBC, CBC with ciphertext stealing, OCB, XTS, AESWRAP,
 * HCTR2), every key length, and lengths that reach the single-block and
 * the bulk paths:
 *  - a fresh handle decrypts first: it must give back the plaintext
 *    that another handle encrypted (and ECB must give FIPS-197's
 *    appendix C plaintexts from their ciphertexts);
 *  - the same handle then alternates encryption and decryption;
 *  - a new key on that handle, after the old one's decryption schedule
 *    was built, decrypts first again (a stale schedule would decrypt
 *    with the previous key);
 *  - a fresh handle that encrypted first then decrypts.
 * Run once per CPU-feature level by hwf-levels.sh, so every kernel
 * family goes through it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t-common.h"
#include "t-util.h"

#define MAXLEN (16 * 40 + 16)
#define NELEMS(a) (sizeof (a) / sizeof ((a)[0]))

typedef struct
{
  const char *name;
  int mode;
  unsigned int flags;
  int key_halves;               /* XTS: two keys of the AES length.  */
  size_t lens[3];               /* Plaintext lengths tried.  */
} order_mode_t;

static const order_mode_t modes[] =
  {
    { "ECB", GCRY_CIPHER_MODE_ECB, 0, 1, { 16, 48, 16 * 37 } },
    { "CBC", GCRY_CIPHER_MODE_CBC, 0, 1, { 16, 48, 16 * 37 } },
    { "CBC-CTS", GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 1,
      { 17, 45, 16 * 37 + 5 } },
    { "OCB", GCRY_CIPHER_MODE_OCB, 0, 1, { 16, 37, 16 * 37 } },
    { "XTS", GCRY_CIPHER_MODE_XTS, 0, 2, { 16, 35, 16 * 37 + 7 } },
    { "AESWRAP", GCRY_CIPHER_MODE_AESWRAP, 0, 1, { 16, 40, 16 * 37 } },
    { "HCTR2", GCRY_CIPHER_MODE_HCTR2, 0, 1, { 16, 45, 16 * 37 + 3 } },
  };

static int
algo_for_keylen (size_t keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES
         : keylen == 24 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;
}

/* The IV or nonce of one message (the same for every message: only the
   order of operations varies here).  */
static const unsigned char iv[16] =
  { 0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78,
    0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0 };

/* Bytes of output for LEN bytes of input: AESWRAP adds its 8-byte
   integrity block when wrapping, OCB appends the 16-byte tag.  */
static size_t
sealed_len (const order_mode_t *m, size_t len)
{
  return m->mode == GCRY_CIPHER_MODE_AESWRAP ? len + 8
         : m->mode == GCRY_CIPHER_MODE_OCB ? len + 16 : len;
}

/* One message on H (key already set): encrypt IN (LEN bytes) into OUT
   (sealed_len bytes), or decrypt a sealed IN (sealed_len (LEN) bytes)
   into OUT (LEN bytes).  Returns the first error code.  */
static gcry_err_code_t
one_message (gcry_cipher_hd_t h, const order_mode_t *m, int encrypt,
             const unsigned char *in, size_t len, unsigned char *out)
{
  gcry_error_t err = 0;

  gcry_cipher_reset (h);
  switch (m->mode)
    {
    case GCRY_CIPHER_MODE_CBC:
    case GCRY_CIPHER_MODE_XTS:
    case GCRY_CIPHER_MODE_HCTR2:
      err = gcry_cipher_setiv (h, iv, 16);
      break;
    case GCRY_CIPHER_MODE_OCB:
      err = gcry_cipher_setiv (h, iv, 12);
      if (!err)
        err = gcry_cipher_final (h);
      break;
    }
  if (err)
    return gcry_err_code (err);

  if (m->mode == GCRY_CIPHER_MODE_AESWRAP)
    err = encrypt ? gcry_cipher_encrypt (h, out, len + 8, in, len)
                  : gcry_cipher_decrypt (h, out, len, in, len + 8);
  else if (encrypt)
    {
      err = gcry_cipher_encrypt (h, out, len, in, len);
      if (!err && m->mode == GCRY_CIPHER_MODE_OCB)
        err = gcry_cipher_gettag (h, out + len, 16);
    }
  else
    {
      err = gcry_cipher_decrypt (h, out, len, in, len);
      if (!err && m->mode == GCRY_CIPHER_MODE_OCB)
        err = gcry_cipher_checktag (h, in + len, 16);
    }
  return gcry_err_code (err);
}

static gcry_cipher_hd_t
open_keyed (const order_mode_t *m, size_t keylen, const unsigned char *key)
{
  gcry_cipher_hd_t h;

  if (gcry_cipher_open (&h, algo_for_keylen (keylen), m->mode, m->flags))
    return NULL;
  if (gcry_cipher_setkey (h, key, keylen * m->key_halves))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* Decrypt SEALED on H and compare with PT; then encrypt PT and compare
   with SEALED.  WHAT names the step.  */
static void
check_both (gcry_cipher_hd_t h, const order_mode_t *m, size_t keylen,
            size_t len, const unsigned char *pt, const unsigned char *sealed,
            const char *what)
{
  static unsigned char out[MAXLEN + 16];
  gcry_err_code_t rc;

  memset (out, 0, sizeof out);
  rc = one_message (h, m, 0, sealed, len, out);
  t_check (!rc && !memcmp (out, pt, len),
           "AES-%zu %s, %zu bytes: %s: decrypt (%s)", keylen * 8, m->name,
           len, what, rc ? gcry_strerror (rc) : "wrong plaintext");
  memset (out, 0, sizeof out);
  rc = one_message (h, m, 1, pt, len, out);
  t_check (!rc && !memcmp (out, sealed, sealed_len (m, len)),
           "AES-%zu %s, %zu bytes: %s: encrypt (%s)", keylen * 8, m->name,
           len, what, rc ? gcry_strerror (rc) : "wrong ciphertext");
}

static void
check_mode (const order_mode_t *m, size_t keylen, size_t len)
{
  static unsigned char pt[MAXLEN], sealed1[MAXLEN + 16],
    sealed2[MAXLEN + 16];
  unsigned char key1[64], key2[64];
  gcry_cipher_hd_t ref, h;
  int round;

  t_rnd_bytes (key1, sizeof key1);
  t_rnd_bytes (key2, sizeof key2);
  t_rnd_bytes (pt, len);

  /* The reference ciphertexts, from a handle that only encrypts (the
     second key after a setkey on the same handle).  */
  ref = open_keyed (m, keylen, key1);
  if (!t_check (ref != NULL, "AES-%zu %s: open and setkey", keylen * 8,
                m->name))
    return;
  t_check (!one_message (ref, m, 1, pt, len, sealed1)
           && !gcry_cipher_setkey (ref, key2, keylen * m->key_halves)
           && !one_message (ref, m, 1, pt, len, sealed2),
           "AES-%zu %s, %zu bytes: reference encryptions", keylen * 8,
           m->name, len);
  gcry_cipher_close (ref);

  /* Decryption first on a fresh handle, then alternating; then a new
     key, whose decryption comes first again.  */
  h = open_keyed (m, keylen, key1);
  if (!t_check (h != NULL, "AES-%zu %s: open and setkey", keylen * 8,
                m->name))
    return;
  for (round = 0; round < 3; round++)
    check_both (h, m, keylen, len, pt, sealed1,
                round ? "alternating" : "decryption first");
  if (t_check (!gcry_cipher_setkey (h, key2, keylen * m->key_halves),
               "AES-%zu %s: second setkey", keylen * 8, m->name))
    check_both (h, m, keylen, len, pt, sealed2,
                "new key after decryption, decryption first");
  gcry_cipher_close (h);

  /* Encryption first, then decryption.  */
  h = open_keyed (m, keylen, key2);
  if (!t_check (h != NULL, "AES-%zu %s: open and setkey", keylen * 8,
                m->name))
    return;
  {
    static unsigned char out[MAXLEN + 16];

    t_check (!one_message (h, m, 1, pt, len, out)
             && !memcmp (out, sealed2, sealed_len (m, len)),
             "AES-%zu %s, %zu bytes: encryption first", keylen * 8,
             m->name, len);
  }
  check_both (h, m, keylen, len, pt, sealed2, "after encryption");
  gcry_cipher_close (h);
}

/* FIPS-197 appendix C: plaintext 00112233..ff under the key 000102..
   of each length.  Decrypted first, on a fresh ECB handle.  */
static void
check_fips197 (void)
{
  static const char *const ct_hex[3] =
    {
      "69c4e0d86a7b0430d8cdb78070b4c55a",
      "dda97ca4864cdfe06eaf70a0ec0d7191",
      "8ea2b7ca516745bfeafc49904b496089"
    };
  unsigned char key[32], ct[16], pt[16], out[16];
  gcry_cipher_hd_t h;
  size_t i, keylen;

  for (i = 0; i < 32; i++)
    key[i] = (unsigned char) i;
  for (i = 0; i < 16; i++)
    pt[i] = (unsigned char) (0x11 * i);
  for (i = 0; i < 3; i++)
    {
      keylen = 16 + 8 * i;
      t_unhex (ct_hex[i], ct, sizeof ct);
      if (!t_check (!gcry_cipher_open (&h, algo_for_keylen (keylen),
                                       GCRY_CIPHER_MODE_ECB, 0)
                    && !gcry_cipher_setkey (h, key, keylen),
                    "FIPS-197 AES-%zu: open and setkey", keylen * 8))
        continue;
      t_check (!gcry_cipher_decrypt (h, out, 16, ct, 16)
               && !memcmp (out, pt, 16),
               "FIPS-197 AES-%zu: decryption first", keylen * 8);
      t_check (!gcry_cipher_encrypt (h, out, 16, pt, 16)
               && !memcmp (out, ct, 16),
               "FIPS-197 AES-%zu: then encryption", keylen * 8);
      gcry_cipher_close (h);
    }
}

int
main (int argc, char **argv)
{
  size_t mi, li, keylen;

  t_init ("t-cipher-aes-order", argc, argv);
  if (!gcry_check_version (NULL))
    {
      fprintf (stderr, "t-cipher-aes-order: library initialisation "
               "failed\n");
      return 2;
    }
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  check_fips197 ();
  for (keylen = 16; keylen <= 32; keylen += 8)
    for (mi = 0; mi < NELEMS (modes); mi++)
      for (li = 0; li < NELEMS (modes[mi].lens); li++)
        check_mode (&modes[mi], keylen, modes[mi].lens[li]);
  return t_finish ();
}
