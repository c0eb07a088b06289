/* fuzz-md.c - differential fuzzing of gcry_md (libFuzzer).
 *
 * Each input picks a digest (every BLAKE2 and SHA variant the library
 * has), a flavour (plain, HMAC, or BLAKE2's native key), a key, and the
 * CPU level of the second handle (fuzz-common.h); then a random
 * sequence of write (any chunk sizes), reset, copy and read runs on
 * handle A (all CPU features) and B (lower level, down to portable C),
 * and every digest read must agree.  The whole message of the last
 * round is also hashed by OpenSSL (EVP_Digest for SHA-1/SHA-2 and
 * unkeyed BLAKE2b-512/BLAKE2s-256, HMAC() for SHA HMAC) when configure
 * found libcrypto, and must agree with A.
 *
 * A difference aborts with "MISMATCH": libFuzzer saves the input.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "fuzz-common.h"

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
# include <openssl/hmac.h>
#endif

#define MAXMSG 4096

typedef struct md_info
{
  int algo;
  const char *evp_name;      /* OpenSSL's name, or NULL */
} md_info_t;

static const md_info_t digests[] =
  {
    { GCRY_MD_BLAKE2B_512, "BLAKE2B-512" },
    { GCRY_MD_BLAKE2B_384, NULL },
    { GCRY_MD_BLAKE2B_256, NULL },
    { GCRY_MD_BLAKE2B_160, NULL },
    { GCRY_MD_BLAKE2S_256, "BLAKE2S-256" },
    { GCRY_MD_BLAKE2S_224, NULL },
    { GCRY_MD_BLAKE2S_160, NULL },
    { GCRY_MD_BLAKE2S_128, NULL },
    { GCRY_MD_SHA1, "SHA1" },
    { GCRY_MD_SHA224, "SHA224" },
    { GCRY_MD_SHA256, "SHA256" },
    { GCRY_MD_SHA384, "SHA384" },
    { GCRY_MD_SHA512, "SHA512" },
    { GCRY_MD_SHA512_224, "SHA512-224" },
    { GCRY_MD_SHA512_256, "SHA512-256" },
  };
#define NDIGESTS (sizeof digests / sizeof digests[0])

static void
same_digest (const char *name, const char *what, unsigned int level,
             const unsigned char *x, const unsigned char *y, size_t n)
{
  if (memcmp (x, y, n))
    FUZZ_MISMATCH ("%s %s level %u: digests differ", name, what, level);
}

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  static unsigned char msg[MAXMSG];
  fuzz_input_t in = { data, size };
  const md_info_t *d;
  gcry_md_hd_t a, b, copy;
  unsigned char key[200], out_a[64], out_b[64];
  const char *name;
  unsigned int level, flavour, op, step;
  size_t dlen, keylen = 0, msglen = 0, n;
  gcry_error_t ra, rb;
  int blake2;

  fuzz_init_library ();
  d = &digests[fuzz_byte (&in) % NDIGESTS];
  if (gcry_md_test_algo (d->algo))
    return 0;                   /* not in this library (yet) */
  name = gcry_md_algo_name (d->algo);
  dlen = gcry_md_get_algo_dlen (d->algo);
  blake2 = !strncmp (name, "BLAKE2", 6);
  level = 1 + fuzz_byte (&in) % (FUZZ_NLEVELS - 1);
  flavour = fuzz_byte (&in) % 3;   /* 0 plain, 1 HMAC, 2 native key */
  if (flavour == 2 && !blake2)
    flavour = 0;
  if (flavour)
    {
      keylen = fuzz_byte (&in) % (flavour == 2 ? dlen + 1 : sizeof key);
      if (flavour == 2 && !keylen)
        keylen = 1;
      fuzz_bytes (&in, key, keylen);
    }

  fuzz_level (0);
  ra = gcry_md_open (&a, d->algo, flavour == 1 ? GCRY_MD_FLAG_HMAC : 0);
  if (!ra && flavour)
    ra = gcry_md_setkey (a, key, keylen);
  fuzz_level (level);
  rb = gcry_md_open (&b, d->algo, flavour == 1 ? GCRY_MD_FLAG_HMAC : 0);
  if (!rb && flavour)
    rb = gcry_md_setkey (b, key, keylen);
  fuzz_level (0);
  if (ra != rb)
    FUZZ_MISMATCH ("%s open/setkey level %u: %s vs %s", name, level,
                   gcry_strerror (ra), gcry_strerror (rb));
  if (ra)
    {
      gcry_md_close (a);
      gcry_md_close (b);
      return 0;
    }

  for (step = 0; step < 32 && in.left; step++)
    {
      op = fuzz_byte (&in) % 8;
      switch (op)
        {
        default:                /* write: the common case */
          n = fuzz_u16 (&in) % 1024;
          if (msglen + n > MAXMSG)
            n = MAXMSG - msglen;
          fuzz_bytes (&in, msg + msglen, n);
          fuzz_level (0);
          gcry_md_write (a, msg + msglen, n);
          fuzz_level (level);
          gcry_md_write (b, msg + msglen, n);
          msglen += n;
          break;
        case 5:                 /* reset: keeps the key */
          fuzz_level (0);
          gcry_md_reset (a);
          fuzz_level (level);
          gcry_md_reset (b);
          msglen = 0;
          break;
        case 6:                 /* copy A and read the copy: A goes on */
          fuzz_level (0);
          if (gcry_md_copy (&copy, a))
            FUZZ_MISMATCH ("%s copy failed", name);
          memcpy (out_a, gcry_md_read (copy, d->algo), dlen);
          gcry_md_close (copy);
          fuzz_level (level);
          memcpy (out_b, gcry_md_read (b, d->algo), dlen);
          /* B is final now; restart both from the same point.  */
          same_digest (name, "copy vs read", level, out_a, out_b, dlen);
          fuzz_level (0);
          gcry_md_reset (a);
          fuzz_level (level);
          gcry_md_reset (b);
          msglen = 0;
          break;
        case 7:                 /* read both */
          fuzz_level (0);
          memcpy (out_a, gcry_md_read (a, d->algo), dlen);
          fuzz_level (level);
          memcpy (out_b, gcry_md_read (b, d->algo), dlen);
          same_digest (name, "read", level, out_a, out_b, dlen);
          fuzz_level (0);
          gcry_md_reset (a);
          fuzz_level (level);
          gcry_md_reset (b);
          msglen = 0;
          break;
        }
    }

  /* The message since the last reset, read on both and by OpenSSL.  */
  fuzz_level (0);
  memcpy (out_a, gcry_md_read (a, d->algo), dlen);
  fuzz_level (level);
  memcpy (out_b, gcry_md_read (b, d->algo), dlen);
  fuzz_level (0);
  same_digest (name, "final read", level, out_a, out_b, dlen);
#ifdef HAVE_LIBCRYPTO
  if (d->evp_name && flavour != 2)
    {
      const EVP_MD *md = EVP_get_digestbyname (d->evp_name);
      unsigned char ref[EVP_MAX_MD_SIZE];
      unsigned int reflen = 0;
      int ok;

      if (!md)
        FUZZ_MISMATCH ("OpenSSL lacks %s", d->evp_name);
      if (flavour == 1)
        ok = HMAC (md, key, (int) keylen, msg, msglen, ref, &reflen) != NULL;
      else
        ok = EVP_Digest (msg, msglen, ref, &reflen, md, NULL);
      if (!ok || reflen != dlen)
        FUZZ_MISMATCH ("OpenSSL %s failed", d->evp_name);
      same_digest (name, flavour ? "HMAC vs OpenSSL" : "vs OpenSSL", 0,
                   out_a, ref, dlen);
    }
#endif
  gcry_md_close (a);
  gcry_md_close (b);
  return 0;
}
