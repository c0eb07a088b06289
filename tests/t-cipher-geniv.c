/* t-cipher-geniv.c - gcry_cipher_setup_geniv and gcry_cipher_geniv.
 *
 * Upstream's rules (1.11+): only the CONCAT method, fixed part then a
 * big-endian counter part, at most 16 bytes in all; GPG_ERR_INV_ARG for
 * the XOR method, other methods, too long parts, a handle not set up
 * and an IV length other than the parts' sum; the IV is set as by
 * gcry_cipher_setiv (whose answer geniv returns) and the counter moves
 * on even when the mode refuses the IV; setkey and reset keep the setup.
 * The reference for "set as by setiv" is a second handle given the IV
 * the test expects through gcry_cipher_setiv.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"

#include <stdint.h>

#define GUARD 0xa5

static const unsigned char key[16] =
  { 0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78,
    0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0 };
static const unsigned char fixed[16] =
  { 0xca, 0xfe, 0xba, 0xbe, 0xde, 0xad, 0xbe, 0xef,
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef };

static int
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

static gcry_cipher_hd_t
open_keyed (int mode)
{
  gcry_cipher_hd_t h = NULL;
  gcry_error_t err;

  err = gcry_cipher_open (&h, GCRY_CIPHER_AES, mode, 0);
  if (!err)
    err = gcry_cipher_setkey (h, key, sizeof key);
  if (!t_check (!err, "open/setkey mode %d: %s", mode, gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* GCM ciphertext and tag of a fixed message under IV, through setiv on
   a fresh handle.  */
static int
gcm_reference (const unsigned char *iv, size_t ivlen, unsigned char *out32)
{
  static const unsigned char msg[16] = "geniv reference";
  gcry_cipher_hd_t h = open_keyed (GCRY_CIPHER_MODE_GCM);
  gcry_error_t err;

  if (!h)
    return 0;
  err = gcry_cipher_setiv (h, iv, ivlen);
  if (!err)
    err = gcry_cipher_encrypt (h, out32, 16, msg, 16);
  if (!err)
    err = gcry_cipher_gettag (h, out32 + 16, 16);
  gcry_cipher_close (h);
  return t_check (!err, "GCM reference: %s", gcry_strerror (err));
}

/* Encrypt the reference message on H (whose IV geniv just set) and
   compare with the reference for IV.  */
static void
check_iv_in_use (gcry_cipher_hd_t h, const unsigned char *iv, size_t ivlen,
                 const char *what)
{
  static const unsigned char msg[16] = "geniv reference";
  unsigned char ours[32], ref[32];
  gcry_error_t err;

  if (!gcm_reference (iv, ivlen, ref))
    return;
  err = gcry_cipher_encrypt (h, ours, 16, msg, 16);
  if (!err)
    err = gcry_cipher_gettag (h, ours + 16, 16);
  t_check (!err && !memcmp (ours, ref, 32),
           "%s: GCM with the generated IV differs from setiv (%s)", what,
           gcry_strerror (err));
}

/* The argument rules.  */
static void
test_arguments (void)
{
  gcry_cipher_hd_t h = open_keyed (GCRY_CIPHER_MODE_GCM);
  unsigned char dyn[16] = { 0 }, iv[32];
  gcry_error_t err;

  if (!h)
    return;

  err = gcry_cipher_geniv (h, iv, 12);
  t_check (code (err) == GPG_ERR_INV_ARG, "geniv before setup: %s",
           gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 0);
  t_check (code (err) == GPG_ERR_INV_ARG, "geniv 0 before setup: %s",
           gcry_strerror (err));

  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_XOR,
                                 fixed, 4, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "XOR method (as upstream): %s",
           gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 12);
  t_check (code (err) == GPG_ERR_INV_ARG, "geniv after refused XOR: %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, 0, fixed, 4, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "method 0: %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, 3, fixed, 4, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "method 3: %s",
           gcry_strerror (err));

  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 9, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "9 + 8 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 17, dyn, 0);
  t_check (code (err) == GPG_ERR_INV_ARG, "17 + 0 bytes: %s",
           gcry_strerror (err));
  /* Lengths whose sum wraps around to a small number.  */
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, SIZE_MAX, dyn, 2);
  t_check (code (err) == GPG_ERR_INV_ARG, "SIZE_MAX + 2 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 4, NULL, 8);
  t_check (code (err) == GPG_ERR_INV_ARG,
           "NULL dynamic part of 8 bytes (upstream would read it): %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 NULL, 4, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "NULL fixed part of 4 bytes: %s",
           gcry_strerror (err));
  err = gcry_cipher_setup_geniv (NULL, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 4, dyn, 8);
  t_check (code (err) == GPG_ERR_INV_ARG, "NULL handle: %s",
           gcry_strerror (err));
  err = gcry_cipher_geniv (NULL, iv, 12);
  t_check (code (err) == GPG_ERR_INV_ARG, "geniv NULL handle: %s",
           gcry_strerror (err));

  /* The limits themselves are fine.  */
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 16, NULL, 0);
  t_check (!err, "16 + 0 bytes: %s", gcry_strerror (err));
  memset (iv, GUARD, sizeof iv);
  err = gcry_cipher_geniv (h, iv, 16);
  t_check (!err && !memcmp (iv, fixed, 16) && iv[16] == GUARD,
           "16 + 0: the IV is the fixed part: %s", gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 16);
  t_check (!err && !memcmp (iv, fixed, 16),
           "16 + 0: no counter, the same IV again: %s", gcry_strerror (err));

  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 NULL, 0, fixed, 16);
  t_check (!err, "0 + 16 bytes: %s", gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 16);
  t_check (!err && !memcmp (iv, fixed, 16), "0 + 16: first IV: %s",
           gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 16);
  t_check (!err && !memcmp (iv, fixed, 15) && iv[15] == fixed[15] + 1,
           "0 + 16: the whole IV counts: %s", gcry_strerror (err));

  /* 0 + 0: geniv makes an empty IV, which GCM refuses.  */
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 NULL, 0, NULL, 0);
  t_check (!err, "0 + 0 bytes: %s", gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 0);
  t_check (code (err) == GPG_ERR_INV_LENGTH,
           "0 + 0: GCM's answer to an empty IV: %s", gcry_strerror (err));

  gcry_cipher_close (h);
}

/* The generated IVs: fixed part, then the counter, which carries and
   wraps; wrong lengths neither write nor count; setkey and reset keep
   the state; a new setup restarts it.  */
static void
test_sequence (void)
{
  gcry_cipher_hd_t h = open_keyed (GCRY_CIPHER_MODE_GCM);
  unsigned char dyn[8], iv[16], expect[12];
  gcry_error_t err;
  int i;

  if (!h)
    return;

  /* Counter 00 ff .. ff fe: two IVs before a carry into the top byte.  */
  memset (dyn, 0xff, sizeof dyn);
  dyn[0] = 0x00;
  dyn[7] = 0xfe;
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 4, dyn, 8);
  t_check (!err, "setup 4 + 8: %s", gcry_strerror (err));
  memcpy (expect, fixed, 4);
  memcpy (expect + 4, dyn, 8);

  /* Wrong lengths: refused, nothing written, the counter stays.  */
  memset (iv, GUARD, sizeof iv);
  err = gcry_cipher_geniv (h, iv, 11);
  t_check (code (err) == GPG_ERR_INV_ARG && iv[0] == GUARD,
           "ivlen 11 for 4 + 8: %s", gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 13);
  t_check (code (err) == GPG_ERR_INV_ARG && iv[0] == GUARD,
           "ivlen 13 for 4 + 8: %s", gcry_strerror (err));
  err = gcry_cipher_geniv (h, NULL, 12);
  t_check (code (err) == GPG_ERR_INV_ARG, "NULL IV buffer: %s",
           gcry_strerror (err));

  for (i = 0; i < 3; i++)
    {
      char what[32];

      memset (iv, GUARD, sizeof iv);
      err = gcry_cipher_geniv (h, iv, 12);
      snprintf (what, sizeof what, "IV %d", i);
      t_check (!err && !memcmp (iv, expect, 12) && iv[12] == GUARD,
               "%s: %02x%02x..%02x%02x (%s)", what, iv[4], iv[5], iv[10],
               iv[11], gcry_strerror (err));
      check_iv_in_use (h, expect, 12, what);
      /* Next expected: big-endian + 1 over the 8 counter bytes.  */
      {
        int k;

        for (k = 11; k >= 4; k--)
          if (++expect[k])
            break;
      }
    }
  t_check (expect[4] == 0x01 && expect[11] == 0x01,
           "the test's own counter crossed the carry");

  /* setkey and reset keep the setup and the counter.  */
  err = gcry_cipher_reset (h);
  if (!err)
    err = gcry_cipher_geniv (h, iv, 12);
  t_check (!err && !memcmp (iv, expect, 12), "after reset: %s",
           gcry_strerror (err));
  check_iv_in_use (h, expect, 12, "after reset");
  expect[11]++;
  err = gcry_cipher_setkey (h, key, sizeof key);
  if (!err)
    err = gcry_cipher_geniv (h, iv, 12);
  t_check (!err && !memcmp (iv, expect, 12), "after setkey: %s",
           gcry_strerror (err));
  check_iv_in_use (h, expect, 12, "after setkey");

  /* All-ones counter: the next one is all zero.  */
  memset (dyn, 0xff, sizeof dyn);
  err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                 fixed, 4, dyn, 8);
  if (!err)
    err = gcry_cipher_geniv (h, iv, 12);
  t_check (!err && !memcmp (iv + 4, dyn, 8), "all-ones counter: %s",
           gcry_strerror (err));
  err = gcry_cipher_geniv (h, iv, 12);
  memset (dyn, 0, sizeof dyn);
  t_check (!err && !memcmp (iv, fixed, 4) && !memcmp (iv + 4, dyn, 8),
           "the counter wraps to zero: %s", gcry_strerror (err));

  gcry_cipher_close (h);
}

/* The mode's setiv decides: its errors are returned, the counter still
   moves on; modes without a tag take generated IVs too.  */
static void
test_modes (void)
{
  gcry_cipher_hd_t h, ref;
  unsigned char dyn[8] = { 0x00, 0xff }, iv[16], a[32], b[32];
  static const unsigned char msg[32] = "a message of two blocks, for CBC";
  gcry_error_t err;

  /* CCM takes nonces of 7..13 bytes: 6 is refused by its setiv.  */
  h = open_keyed (GCRY_CIPHER_MODE_CCM);
  if (h)
    {
      err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                     fixed, 4, dyn, 2);
      if (!err)
        err = gcry_cipher_geniv (h, iv, 6);
      t_check (code (err) == GPG_ERR_INV_LENGTH && iv[5] == 0xff,
               "CCM 6-byte nonce: the mode's answer: %s",
               gcry_strerror (err));
      err = gcry_cipher_geniv (h, iv, 6);
      t_check (code (err) == GPG_ERR_INV_LENGTH && iv[4] == 0x01
               && iv[5] == 0x00, "the counter moved on anyway: %s",
               gcry_strerror (err));
      err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                     fixed, 5, dyn, 8);
      if (!err)
        err = gcry_cipher_geniv (h, iv, 13);
      t_check (!err, "CCM 13-byte nonce: %s", gcry_strerror (err));
      gcry_cipher_close (h);
    }

  /* CBC: the generated IV is the chaining value, as with setiv.  */
  h = open_keyed (GCRY_CIPHER_MODE_CBC);
  ref = open_keyed (GCRY_CIPHER_MODE_CBC);
  if (h && ref)
    {
      err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                     fixed, 8, dyn, 8);
      if (!err)
        err = gcry_cipher_geniv (h, iv, 16);
      if (!err)
        err = gcry_cipher_encrypt (h, a, 32, msg, 32);
      t_check (!err, "CBC geniv + encrypt: %s", gcry_strerror (err));
      memcpy (iv, fixed, 8);
      memcpy (iv + 8, dyn, 8);
      err = gcry_cipher_setiv (ref, iv, 16);
      if (!err)
        err = gcry_cipher_encrypt (ref, b, 32, msg, 32);
      t_check (!err && !memcmp (a, b, 32), "CBC: as setiv: %s",
               gcry_strerror (err));
    }
  gcry_cipher_close (h);
  gcry_cipher_close (ref);

  /* OCB through GCRY_CIPHER_MODE_OCB's setiv: 15-byte nonces are its
     largest, 16 its error.  */
  h = open_keyed (GCRY_CIPHER_MODE_OCB);
  if (h)
    {
      err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                     fixed, 7, dyn, 8);
      if (!err)
        err = gcry_cipher_geniv (h, iv, 15);
      t_check (!err, "OCB 15-byte nonce: %s", gcry_strerror (err));
      err = gcry_cipher_setup_geniv (h, GCRY_CIPHER_GENIV_METHOD_CONCAT,
                                     fixed, 8, dyn, 8);
      if (!err)
        err = gcry_cipher_geniv (h, iv, 16);
      t_check (code (err) == GPG_ERR_INV_LENGTH,
               "OCB 16-byte nonce: the mode's answer: %s",
               gcry_strerror (err));
      gcry_cipher_close (h);
    }
}

int
main (int argc, char **argv)
{
  t_init ("t-cipher-geniv", argc, argv);
  if (!gcry_check_version (NULL))
    return 2;
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  test_arguments ();
  test_sequence ();
  test_modes ();
  return t_finish ();
}
