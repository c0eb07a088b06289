/* t-mac.c - the gcry_mac API: registry answers, upstream's error codes,
 * official vectors for every family, and agreement between one-shot,
 * split, reset and secure-memory runs and with other routes to the same
 * MAC (gcry_md HMAC, gcry_cipher GCM, Poly1305 keyed through AES-ECB).
 *
 * Vectors (under the shared vectors directory; a missing file prints
 * SKIP): NIST CAVP HMAC.rsp, CMACGen/CMACVer AES, the GCM files' records
 * without plaintext (GMAC, FAIL records included), RFC 2202/4231 and the
 * RFC 8439 Poly1305 examples (pyca), Wycheproof AES-CMAC, AES-GMAC and
 * HMAC.  Constants in this file are published examples (RFC 8439 2.5.2,
 * Bernstein's Poly1305-AES paper) or, marked as such, outputs of
 * upstream libgcrypt 1.10.1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#define BUFSZ 4096
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static unsigned char key[BUFSZ], iv[BUFSZ], msg[65536], want[BUFSZ];

static const char *vecdir;

static int
err_code (gcry_error_t err)
{
  return gcry_err_code (err);
}

/* MAC of MSG in one go into OUT; *OUTLEN in: room, out: length.  */
static gcry_error_t
mac_oneshot (int algo, unsigned int flags, const void *k, size_t klen,
             const void *nonce, size_t noncelen, const void *m, size_t mlen,
             void *out, size_t *outlen)
{
  gcry_mac_hd_t h;
  gcry_error_t err;

  err = gcry_mac_open (&h, algo, flags, NULL);
  if (err)
    return err;
  err = gcry_mac_setkey (h, k, klen);
  if (!err && nonce)
    err = gcry_mac_setiv (h, nonce, noncelen);
  if (!err)
    err = gcry_mac_write (h, m, mlen);
  if (!err)
    err = gcry_mac_read (h, out, outlen);
  gcry_mac_close (h);
  return err;
}

/* Verify TAG (TAGLEN bytes) over MSG; the verify's error.  */
static gcry_error_t
mac_verify (int algo, const void *k, size_t klen, const void *nonce,
            size_t noncelen, const void *m, size_t mlen, const void *tag,
            size_t taglen)
{
  gcry_mac_hd_t h;
  gcry_error_t err;

  err = gcry_mac_open (&h, algo, 0, NULL);
  if (err)
    return err;
  err = gcry_mac_setkey (h, k, klen);
  if (!err && nonce)
    err = gcry_mac_setiv (h, nonce, noncelen);
  if (!err)
    err = gcry_mac_write (h, m, mlen);
  if (!err)
    err = gcry_mac_verify (h, tag, taglen);
  gcry_mac_close (h);
  return err;
}

/* A known answer: read TAGLEN bytes equals TAG, verify accepts it, and
   rejects it with one bit flipped.  */
static void
check_kat (const char *what, int algo, const void *k, size_t klen,
           const void *nonce, size_t noncelen, const void *m, size_t mlen,
           const unsigned char *tag, size_t taglen)
{
  unsigned char out[128], bad[128];
  size_t outlen = taglen;
  gcry_error_t err;

  if (!t_check (taglen > 0 && taglen <= sizeof out, "%s: tag length %zu",
                what, taglen))
    return;
  err = mac_oneshot (algo, 0, k, klen, nonce, noncelen, m, mlen, out,
                     &outlen);
  if (!t_check (!err && outlen == taglen, "%s: read: %s (len %zu)", what,
                gcry_strerror (err), outlen))
    return;
  t_check_mem (out, tag, taglen, "%s: MAC", what);
  err = mac_verify (algo, k, klen, nonce, noncelen, m, mlen, tag, taglen);
  t_check (!err, "%s: verify: %s", what, gcry_strerror (err));
  memcpy (bad, tag, taglen);
  bad[taglen - 1] ^= 0x80;
  err = mac_verify (algo, k, klen, nonce, noncelen, m, mlen, bad, taglen);
  t_check (err_code (err) == GPG_ERR_CHECKSUM,
           "%s: verify of a wrong MAC: %s", what, gcry_strerror (err));
}

static int
available (int algo)
{
  return !gcry_mac_test_algo (algo);
}


/*
 * Registry: upstream's names, lengths and ids.
 */

typedef struct
{
  int algo;
  const char *name;
  unsigned int maclen, keylen;
  int md, cipher;   /* What it needs (one of them; both 0: nothing).  */
} registry_entry_t;

/* Upstream's answers (libgcrypt 1.10.1's gcry_mac_algo_name,
   get_algo_maclen and get_algo_keylen).  */
static const registry_entry_t registry[] =
  {
    { GCRY_MAC_HMAC_SHA256, "HMAC_SHA256", 32, 64, GCRY_MD_SHA256, 0 },
    { GCRY_MAC_HMAC_SHA224, "HMAC_SHA224", 28, 64, GCRY_MD_SHA224, 0 },
    { GCRY_MAC_HMAC_SHA512, "HMAC_SHA512", 64, 128, GCRY_MD_SHA512, 0 },
    { GCRY_MAC_HMAC_SHA384, "HMAC_SHA384", 48, 128, GCRY_MD_SHA384, 0 },
    { GCRY_MAC_HMAC_SHA1, "HMAC_SHA1", 20, 64, GCRY_MD_SHA1, 0 },
    { GCRY_MAC_HMAC_MD5, "HMAC_MD5", 16, 64, GCRY_MD_MD5, 0 },
    { GCRY_MAC_HMAC_MD4, "HMAC_MD4", 16, 64, GCRY_MD_MD4, 0 },
    { GCRY_MAC_HMAC_RMD160, "HMAC_RIPEMD160", 20, 64, GCRY_MD_RMD160, 0 },
    { GCRY_MAC_HMAC_TIGER1, "HMAC_TIGER", 24, 64, GCRY_MD_TIGER1, 0 },
    { GCRY_MAC_HMAC_WHIRLPOOL, "HMAC_WHIRLPOOL", 64, 64,
      GCRY_MD_WHIRLPOOL, 0 },
    { GCRY_MAC_HMAC_GOSTR3411_94, "HMAC_GOSTR3411_94", 32, 32,
      GCRY_MD_GOSTR3411_94, 0 },
    { GCRY_MAC_HMAC_STRIBOG256, "HMAC_STRIBOG256", 32, 64,
      GCRY_MD_STRIBOG256, 0 },
    { GCRY_MAC_HMAC_STRIBOG512, "HMAC_STRIBOG512", 64, 64,
      GCRY_MD_STRIBOG512, 0 },
    { GCRY_MAC_HMAC_SHA3_224, "HMAC_SHA3_224", 28, 64, GCRY_MD_SHA3_224, 0 },
    { GCRY_MAC_HMAC_SHA3_256, "HMAC_SHA3_256", 32, 64, GCRY_MD_SHA3_256, 0 },
    { GCRY_MAC_HMAC_SHA3_384, "HMAC_SHA3_384", 48, 64, GCRY_MD_SHA3_384, 0 },
    { GCRY_MAC_HMAC_SHA3_512, "HMAC_SHA3_512", 64, 64, GCRY_MD_SHA3_512, 0 },
    { GCRY_MAC_HMAC_GOSTR3411_CP, "HMAC_GOSTR3411_CP", 32, 64,
      GCRY_MD_GOSTR3411_CP, 0 },
    { GCRY_MAC_HMAC_BLAKE2B_512, "HMAC_BLAKE2B_512", 64, 64,
      GCRY_MD_BLAKE2B_512, 0 },
    { GCRY_MAC_HMAC_BLAKE2B_384, "HMAC_BLAKE2B_384", 48, 64,
      GCRY_MD_BLAKE2B_384, 0 },
    { GCRY_MAC_HMAC_BLAKE2B_256, "HMAC_BLAKE2B_256", 32, 64,
      GCRY_MD_BLAKE2B_256, 0 },
    { GCRY_MAC_HMAC_BLAKE2B_160, "HMAC_BLAKE2B_160", 20, 64,
      GCRY_MD_BLAKE2B_160, 0 },
    { GCRY_MAC_HMAC_BLAKE2S_256, "HMAC_BLAKE2S_256", 32, 64,
      GCRY_MD_BLAKE2S_256, 0 },
    { GCRY_MAC_HMAC_BLAKE2S_224, "HMAC_BLAKE2S_224", 28, 64,
      GCRY_MD_BLAKE2S_224, 0 },
    { GCRY_MAC_HMAC_BLAKE2S_160, "HMAC_BLAKE2S_160", 20, 64,
      GCRY_MD_BLAKE2S_160, 0 },
    { GCRY_MAC_HMAC_BLAKE2S_128, "HMAC_BLAKE2S_128", 16, 64,
      GCRY_MD_BLAKE2S_128, 0 },
    { GCRY_MAC_HMAC_SM3, "HMAC_SM3", 32, 64, GCRY_MD_SM3, 0 },
    { GCRY_MAC_HMAC_SHA512_256, "HMAC_SHA512_256", 32, 64,
      GCRY_MD_SHA512_256, 0 },
    { GCRY_MAC_HMAC_SHA512_224, "HMAC_SHA512_224", 28, 64,
      GCRY_MD_SHA512_224, 0 },
    { GCRY_MAC_CMAC_AES, "CMAC_AES", 16, 16, 0, GCRY_CIPHER_AES },
    { GCRY_MAC_CMAC_3DES, "CMAC_3DES", 8, 24, 0, GCRY_CIPHER_3DES },
    { GCRY_MAC_CMAC_CAMELLIA, "CMAC_CAMELLIA", 16, 16, 0,
      GCRY_CIPHER_CAMELLIA128 },
    { GCRY_MAC_CMAC_CAST5, "CMAC_CAST5", 8, 16, 0, GCRY_CIPHER_CAST5 },
    { GCRY_MAC_CMAC_BLOWFISH, "CMAC_BLOWFISH", 8, 16, 0,
      GCRY_CIPHER_BLOWFISH },
    { GCRY_MAC_CMAC_TWOFISH, "CMAC_TWOFISH", 16, 32, 0, GCRY_CIPHER_TWOFISH },
    { GCRY_MAC_CMAC_SERPENT, "CMAC_SERPENT", 16, 16, 0,
      GCRY_CIPHER_SERPENT128 },
    { GCRY_MAC_CMAC_SEED, "CMAC_SEED", 16, 16, 0, GCRY_CIPHER_SEED },
    { GCRY_MAC_CMAC_RFC2268, "CMAC_RFC2268", 8, 16, 0,
      GCRY_CIPHER_RFC2268_128 },
    { GCRY_MAC_CMAC_IDEA, "CMAC_IDEA", 8, 16, 0, GCRY_CIPHER_IDEA },
    { GCRY_MAC_CMAC_GOST28147, "CMAC_GOST28147", 8, 32, 0,
      GCRY_CIPHER_GOST28147 },
    { GCRY_MAC_CMAC_SM4, "CMAC_SM4", 16, 16, 0, GCRY_CIPHER_SM4 },
    { GCRY_MAC_GMAC_AES, "GMAC_AES", 16, 16, 0, GCRY_CIPHER_AES },
    { GCRY_MAC_GMAC_CAMELLIA, "GMAC_CAMELLIA", 16, 16, 0,
      GCRY_CIPHER_CAMELLIA128 },
    { GCRY_MAC_GMAC_TWOFISH, "GMAC_TWOFISH", 16, 32, 0, GCRY_CIPHER_TWOFISH },
    { GCRY_MAC_GMAC_SERPENT, "GMAC_SERPENT", 16, 16, 0,
      GCRY_CIPHER_SERPENT128 },
    { GCRY_MAC_GMAC_SEED, "GMAC_SEED", 16, 16, 0, GCRY_CIPHER_SEED },
    { GCRY_MAC_POLY1305, "POLY1305", 16, 32, 0, 0 },
    { GCRY_MAC_POLY1305_AES, "POLY1305_AES", 16, 32, 0, GCRY_CIPHER_AES },
    { GCRY_MAC_POLY1305_CAMELLIA, "POLY1305_CAMELLIA", 16, 32, 0,
      GCRY_CIPHER_CAMELLIA128 },
    { GCRY_MAC_POLY1305_TWOFISH, "POLY1305_TWOFISH", 16, 32, 0,
      GCRY_CIPHER_TWOFISH },
    { GCRY_MAC_POLY1305_SERPENT, "POLY1305_SERPENT", 16, 32, 0,
      GCRY_CIPHER_SERPENT128 },
    { GCRY_MAC_POLY1305_SEED, "POLY1305_SEED", 16, 32, 0, GCRY_CIPHER_SEED },
  };

/* Whether the library has what ENTRY needs.  */
static int
prerequisite_present (const registry_entry_t *e)
{
  if (e->md)
    return !gcry_md_test_algo (e->md);
  if (e->cipher)
    return !gcry_cipher_test_algo (e->cipher);
  return 1;
}

static void
check_absent (int algo, const char *label)
{
  gcry_mac_hd_t h = (gcry_mac_hd_t) 1;
  gcry_error_t err;
  size_t n = 7;

  t_check (err_code (gcry_mac_test_algo (algo)) == GPG_ERR_MAC_ALGO,
           "%s (%d): test_algo", label, algo);
  t_check (!strcmp (gcry_mac_algo_name (algo), "?"), "%s: name", label);
  t_check (gcry_mac_get_algo_maclen (algo) == 0, "%s: maclen", label);
  t_check (gcry_mac_get_algo_keylen (algo) == 0, "%s: keylen", label);
  err = gcry_mac_algo_info (algo, GCRYCTL_GET_KEYLEN, NULL, &n);
  t_check (err_code (err) == GPG_ERR_MAC_ALGO && n == 7,
           "%s: GET_KEYLEN", label);
  err = gcry_mac_open (&h, algo, 0, NULL);
  t_check (err_code (err) == GPG_ERR_MAC_ALGO && !h, "%s: open: %s", label,
           gcry_strerror (err));
}

static void
test_registry (void)
{
  const registry_entry_t *e;
  char lower[64];
  size_t i, j, n;

  for (i = 0; i < DIM (registry); i++)
    {
      e = &registry[i];
      if (!prerequisite_present (e))
        {
          check_absent (e->algo, e->name);
          t_check (gcry_mac_map_name (e->name) == 0, "%s: map_name",
                   e->name);
          continue;
        }
      t_check (available (e->algo), "%s: available", e->name);
      t_check (!strcmp (gcry_mac_algo_name (e->algo), e->name),
               "%s: name is %s", e->name, gcry_mac_algo_name (e->algo));
      t_check (gcry_mac_get_algo_maclen (e->algo) == e->maclen,
               "%s: maclen %u", e->name, gcry_mac_get_algo_maclen (e->algo));
      t_check (gcry_mac_get_algo_keylen (e->algo) == e->keylen,
               "%s: keylen %u", e->name, gcry_mac_get_algo_keylen (e->algo));
      n = 0;
      t_check (!gcry_mac_algo_info (e->algo, GCRYCTL_GET_KEYLEN, NULL, &n)
               && n == e->keylen, "%s: GET_KEYLEN", e->name);
      t_check (gcry_mac_map_name (e->name) == e->algo, "%s: map_name",
               e->name);
      for (j = 0; e->name[j] && j + 1 < sizeof lower; j++)
        lower[j] = (char) (e->name[j] >= 'A' && e->name[j] <= 'Z'
                           ? e->name[j] + 32 : e->name[j]);
      lower[j] = 0;
      t_check (gcry_mac_map_name (lower) == e->algo, "%s: map_name (%s)",
               e->name, lower);
      if (e->md)
        t_check (e->maclen == gcry_md_get_algo_dlen (e->md),
                 "%s: maclen is the digest length", e->name);
    }

  /* What the library must have today.  */
  {
    static const int required[] =
      {
        GCRY_MAC_HMAC_SHA1, GCRY_MAC_HMAC_SHA224, GCRY_MAC_HMAC_SHA256,
        GCRY_MAC_HMAC_SHA384, GCRY_MAC_HMAC_SHA512, GCRY_MAC_HMAC_SHA512_224,
        GCRY_MAC_HMAC_SHA512_256, GCRY_MAC_HMAC_BLAKE2B_512,
        GCRY_MAC_HMAC_BLAKE2S_128, GCRY_MAC_CMAC_AES, GCRY_MAC_GMAC_AES,
        GCRY_MAC_POLY1305, GCRY_MAC_POLY1305_AES
      };
    for (i = 0; i < DIM (required); i++)
      t_check (available (required[i]), "%d is available", required[i]);
  }

  /* Ids upstream has no MAC for, or we do not list.  */
  check_absent (0, "GCRY_MAC_NONE");
  check_absent (-1, "-1");
  check_absent (GCRY_MAC_HMAC_MD2, "HMAC_MD2");
  check_absent (GCRY_MAC_GOST28147_IMIT, "GOST28147_IMIT");
  check_absent (9999, "9999");
  t_check (gcry_mac_map_name (NULL) == 0, "map_name (NULL)");
  t_check (gcry_mac_map_name ("") == 0, "map_name (\"\")");
  t_check (gcry_mac_map_name ("HMAC-SHA256") == 0, "map_name (HMAC-SHA256)");
  t_check (err_code (gcry_mac_algo_info (GCRY_MAC_HMAC_SHA256, 9999, NULL,
                                         NULL)) == GPG_ERR_INV_OP,
           "algo_info: unknown what");
  n = 0;
  t_check (err_code (gcry_mac_algo_info (GCRY_MAC_HMAC_SHA256,
                                         GCRYCTL_TEST_ALGO, NULL, &n))
           == GPG_ERR_INV_ARG, "algo_info: TEST_ALGO with NBYTES");
  t_check (err_code (gcry_mac_algo_info (GCRY_MAC_HMAC_SHA256,
                                         GCRYCTL_GET_KEYLEN, key, &n))
           == GPG_ERR_INV_ARG, "algo_info: GET_KEYLEN with BUFFER");
  t_check (err_code (gcry_mac_algo_info (GCRY_MAC_HMAC_SHA256,
                                         GCRYCTL_GET_KEYLEN, NULL, NULL))
           == GPG_ERR_INV_ARG, "algo_info: GET_KEYLEN without NBYTES");
}


/*
 * Argument and state rules (upstream's codes, observed with 1.10.1).
 */

/* Open ALGO, set a key of KLEN bytes (and a 16-byte IV when NONCE).  */
static gcry_mac_hd_t
open_keyed (int algo, size_t klen, int nonce)
{
  gcry_mac_hd_t h = NULL;
  gcry_error_t err;

  err = gcry_mac_open (&h, algo, 0, NULL);
  if (!err)
    err = gcry_mac_setkey (h, key, klen);
  if (!err && nonce)
    err = gcry_mac_setiv (h, iv, 16);
  t_check (!err, "open_keyed %s: %s", gcry_mac_algo_name (algo),
           gcry_strerror (err));
  if (err)
    {
      gcry_mac_close (h);
      return NULL;
    }
  return h;
}

/* Key lengths ALGO accepts among 0..80: those in OK (0-terminated, or
   NULL for all).  */
static void
check_keylens (int algo, const int *ok)
{
  gcry_mac_hd_t h;
  gcry_error_t err;
  int kl, i, good, bad = 0;

  if (gcry_mac_open (&h, algo, 0, NULL))
    return;
  for (kl = 0; kl <= 80; kl++)
    {
      good = !ok;
      for (i = 0; ok && ok[i]; i++)
        good |= ok[i] == kl;
      err = gcry_mac_setkey (h, key, kl);
      if (good ? !!err : err_code (err) != GPG_ERR_INV_KEYLEN)
        {
          bad++;
          t_check (0, "%s: setkey of %d bytes: %s", gcry_mac_algo_name (algo),
                   kl, gcry_strerror (err));
        }
    }
  t_check (!bad, "%s: key lengths", gcry_mac_algo_name (algo));
  gcry_mac_close (h);
}

static void
test_api_rules (void)
{
  static const int aes_keys[] = { 16, 24, 32, 0 };
  static const int poly_keys[] = { 32, 0 };
  static const int poly_aes_keys[] = { 32, 40, 48, 0 };
  static const int algos[] = { GCRY_MAC_HMAC_SHA256, GCRY_MAC_CMAC_AES,
                               GCRY_MAC_GMAC_AES, GCRY_MAC_POLY1305,
                               GCRY_MAC_POLY1305_AES };
  unsigned char out[80], out2[80];
  gcry_mac_hd_t h;
  gcry_error_t err;
  size_t i, n, maclen;
  int algo, il, bad;

  t_rnd_bytes (key, 64);
  t_rnd_bytes (iv, 64);

  /* open.  */
  h = (gcry_mac_hd_t) 1;
  err = gcry_mac_open (&h, GCRY_MAC_HMAC_SHA256, 2, NULL);
  t_check (err_code (err) == GPG_ERR_INV_ARG && !h, "open: unknown flag");
  err = gcry_mac_open (&h, 9999, 0x100, NULL);
  t_check (err_code (err) == GPG_ERR_INV_ARG, "open: flags checked first");
  err = gcry_mac_open (&h, GCRY_MAC_HMAC_SHA256, GCRY_MAC_FLAG_SECURE, NULL);
  t_check (!err && h, "open: SECURE");
  t_check (gcry_mac_get_algo (h) == GCRY_MAC_HMAC_SHA256, "get_algo");
  t_check (err_code (gcry_mac_ctl (h, GCRYCTL_FINALIZE, NULL, 0))
           == GPG_ERR_INV_OP, "ctl: FINALIZE is not a MAC command");
  t_check (err_code (gcry_mac_ctl (h, GCRYCTL_SET_SBOX, (void *) "1.2", 0))
           == GPG_ERR_NOT_SUPPORTED, "ctl: SET_SBOX");
  gcry_mac_close (h);
  gcry_mac_close (NULL);

  /* Key lengths.  */
  check_keylens (GCRY_MAC_HMAC_SHA256, NULL);
  check_keylens (GCRY_MAC_HMAC_SHA512, NULL);
  check_keylens (GCRY_MAC_CMAC_AES, aes_keys);
  check_keylens (GCRY_MAC_GMAC_AES, aes_keys);
  check_keylens (GCRY_MAC_POLY1305, poly_keys);
  check_keylens (GCRY_MAC_POLY1305_AES, poly_aes_keys);

  for (i = 0; i < DIM (algos); i++)
    {
      algo = algos[i];
      maclen = gcry_mac_get_algo_maclen (algo);
      h = open_keyed (algo, algo == GCRY_MAC_CMAC_AES
                            || algo == GCRY_MAC_GMAC_AES ? 16 : 32,
                      algo == GCRY_MAC_POLY1305_AES);
      if (!h)
        continue;
      t_check (err_code (gcry_mac_setkey (h, NULL, 16)) == GPG_ERR_INV_ARG,
               "%s: setkey NULL", gcry_mac_algo_name (algo));
      /* Upstream checks the NULL key before the family sees it: the key
         set before is still in force.  */
      t_check (!gcry_mac_write (h, "", 0), "%s: key kept",
               gcry_mac_algo_name (algo));

      /* setiv.  */
      if (algo == GCRY_MAC_GMAC_AES)
        {
          t_check (err_code (gcry_mac_setiv (h, iv, 0)) == GPG_ERR_INV_LENGTH,
                   "GMAC: empty IV");
          for (bad = 0, il = 1; il <= 64; il++)
            bad += !!gcry_mac_setiv (h, iv, il);
          t_check (!bad, "GMAC: IV lengths 1..64");
        }
      else if (algo == GCRY_MAC_POLY1305_AES)
        {
          for (bad = 0, il = 0; il <= 64; il++)
            bad += (il == 16) ? !!gcry_mac_setiv (h, iv, il)
                   : err_code (gcry_mac_setiv (h, iv, il)) != GPG_ERR_INV_ARG;
          t_check (!bad, "POLY1305_AES: only 16-byte nonces");
        }
      else
        {
          for (bad = 0, il = 0; il <= 32; il++)
            bad += err_code (gcry_mac_setiv (h, iv, il)) != GPG_ERR_INV_ARG;
          t_check (!bad, "%s: setiv is GPG_ERR_INV_ARG",
                   gcry_mac_algo_name (algo));
        }
      if (algo == GCRY_MAC_GMAC_AES || algo == GCRY_MAC_POLY1305_AES)
        t_check (!gcry_mac_setiv (h, iv, 16), "%s: setiv",
                 gcry_mac_algo_name (algo));
      t_check (err_code (gcry_mac_setiv (h, NULL, 4)) == GPG_ERR_INV_ARG,
               "%s: setiv NULL", gcry_mac_algo_name (algo));

      /* write.  */
      t_check (err_code (gcry_mac_write (h, NULL, 5)) == GPG_ERR_INV_ARG,
               "%s: write NULL, 5", gcry_mac_algo_name (algo));
      err = gcry_mac_write (h, NULL, 0);
      t_check (algo == GCRY_MAC_CMAC_AES
               ? err_code (err) == GPG_ERR_INV_ARG : !err,
               "%s: write NULL, 0: %s", gcry_mac_algo_name (algo),
               gcry_strerror (err));
      t_check (!gcry_mac_write (h, "abc", 3), "%s: write",
               gcry_mac_algo_name (algo));

      /* read: argument checks, then truncation and the length answer.  */
      n = 0;
      t_check (err_code (gcry_mac_read (h, out, &n)) == GPG_ERR_INV_ARG,
               "%s: read of 0 bytes", gcry_mac_algo_name (algo));
      t_check (err_code (gcry_mac_read (h, out, NULL)) == GPG_ERR_INV_ARG,
               "%s: read without length", gcry_mac_algo_name (algo));
      n = 1;
      t_check (err_code (gcry_mac_read (h, NULL, &n)) == GPG_ERR_INV_ARG,
               "%s: read into NULL", gcry_mac_algo_name (algo));
      n = sizeof out;
      memset (out, 0xa5, sizeof out);
      err = gcry_mac_read (h, out, &n);
      t_check (!err && n == maclen, "%s: read of %zu bytes gives %zu",
               gcry_mac_algo_name (algo), sizeof out, n);
      t_check (t_all_bytes (out + maclen, sizeof out - maclen, 0xa5),
               "%s: read writes only the MAC", gcry_mac_algo_name (algo));
      n = (algo == GCRY_MAC_GMAC_AES) ? 12 : 5;
      memset (out2, 0xa5, sizeof out2);
      err = gcry_mac_read (h, out2, &n);
      t_check (!err && n == (algo == GCRY_MAC_GMAC_AES ? 12u : 5u)
               && !memcmp (out, out2, n)
               && t_all_bytes (out2 + n, sizeof out2 - n, 0xa5),
               "%s: short read truncates: %s", gcry_mac_algo_name (algo),
               gcry_strerror (err));
      if (algo == GCRY_MAC_GMAC_AES)
        {
          n = 3;
          t_check (err_code (gcry_mac_read (h, out2, &n))
                   == GPG_ERR_INV_LENGTH, "GMAC: read of 3 bytes");
        }

      /* Writing after the MAC: a new message needs a reset.  */
      t_check (err_code (gcry_mac_write (h, "abc", 3)) == GPG_ERR_INV_STATE,
               "%s: write after read", gcry_mac_algo_name (algo));

      /* verify: lengths, wrong MACs, truncation.  */
      t_check (!gcry_mac_verify (h, out, maclen), "%s: verify",
               gcry_mac_algo_name (algo));
      t_check (!gcry_mac_verify (h, out, maclen), "%s: verify again",
               gcry_mac_algo_name (algo));
      t_check (!gcry_mac_verify (h, out, 12), "%s: verify of 12 bytes",
               gcry_mac_algo_name (algo));
      t_check (err_code (gcry_mac_verify (h, out, 0)) == GPG_ERR_INV_ARG,
               "%s: verify of 0 bytes", gcry_mac_algo_name (algo));
      t_check (err_code (gcry_mac_verify (h, NULL, 4)) == GPG_ERR_INV_ARG,
               "%s: verify of NULL", gcry_mac_algo_name (algo));
      memcpy (out2, out, maclen);
      out2[maclen] = 0;
      err = gcry_mac_verify (h, out2, maclen + 1);
      t_check (err_code (err)
               == (algo == GCRY_MAC_CMAC_AES ? GPG_ERR_INV_ARG
                   : algo == GCRY_MAC_GMAC_AES ? GPG_ERR_CHECKSUM
                   : GPG_ERR_INV_LENGTH),
               "%s: verify longer than the MAC: %s",
               gcry_mac_algo_name (algo), gcry_strerror (err));
      for (n = 0; n < maclen; n++)
        {
          out2[n] ^= 1;
          err = gcry_mac_verify (h, out2, maclen);
          out2[n] ^= 1;
          if (!t_check (err_code (err) == GPG_ERR_CHECKSUM,
                        "%s: verify with byte %zu wrong: %s",
                        gcry_mac_algo_name (algo), n, gcry_strerror (err)))
            break;
        }

      /* reset: the same message again gives the same MAC.  */
      t_check (!gcry_mac_reset (h), "%s: reset", gcry_mac_algo_name (algo));
      if (algo == GCRY_MAC_GMAC_AES || algo == GCRY_MAC_POLY1305_AES)
        gcry_mac_setiv (h, iv, 16);
      t_check (!gcry_mac_write (h, "ab", 2) && !gcry_mac_write (h, "c", 1),
               "%s: write after reset", gcry_mac_algo_name (algo));
      n = maclen;
      t_check (!gcry_mac_read (h, out2, &n) && !memcmp (out, out2, maclen),
               "%s: same MAC after reset", gcry_mac_algo_name (algo));
      gcry_mac_close (h);

      /* Before any key: no MAC (upstream crashes for HMAC and CMAC).  */
      if (!gcry_mac_open (&h, algo, 0, NULL))
        {
          n = maclen;
          t_check (err_code (gcry_mac_write (h, "a", 1)) == GPG_ERR_INV_STATE,
                   "%s: write without key", gcry_mac_algo_name (algo));
          t_check (err_code (gcry_mac_read (h, out, &n)) == GPG_ERR_INV_STATE,
                   "%s: read without key", gcry_mac_algo_name (algo));
          t_check (err_code (gcry_mac_verify (h, out, maclen))
                   == GPG_ERR_INV_STATE, "%s: verify without key",
                   gcry_mac_algo_name (algo));
          gcry_mac_close (h);
        }
    }

  /* Poly1305-AES: a nonce is needed after each setkey; a nonce before
     the key is forgotten; reset needs key and nonce.  */
  if (!gcry_mac_open (&h, GCRY_MAC_POLY1305_AES, 0, NULL))
    {
      t_check (!gcry_mac_setiv (h, iv, 16), "POLY1305_AES: setiv before key");
      t_check (err_code (gcry_mac_reset (h)) == GPG_ERR_INV_STATE,
               "POLY1305_AES: reset before key");
      gcry_mac_setkey (h, key, 32);
      t_check (err_code (gcry_mac_write (h, "a", 1)) == GPG_ERR_INV_STATE,
               "POLY1305_AES: write without nonce");
      gcry_mac_setiv (h, iv, 16);
      t_check (!gcry_mac_write (h, "a", 1), "POLY1305_AES: write");
      t_check (err_code (gcry_mac_setkey (h, key, 33)) == GPG_ERR_INV_KEYLEN,
               "POLY1305_AES: bad key");
      t_check (err_code (gcry_mac_write (h, "a", 1)) == GPG_ERR_INV_STATE,
               "POLY1305_AES: a failed setkey forgets the key");
      gcry_mac_close (h);
    }

  /* GMAC without setiv runs on a 16-byte zero IV, as GCM does.  */
  {
    static const unsigned char zero[16];

    n = 16;
    err = mac_oneshot (GCRY_MAC_GMAC_AES, 0, key, 16, NULL, 0, "abc", 3,
                       out, &n);
    n = 16;
    err |= mac_oneshot (GCRY_MAC_GMAC_AES, 0, key, 16, zero, 16, "abc", 3,
                        out2, &n);
    t_check (!err && !memcmp (out, out2, 16), "GMAC: default IV");
  }

  /* NULL handles.  */
  n = 16;
  t_check (err_code (gcry_mac_write (NULL, "a", 1)) == GPG_ERR_INV_ARG
           && err_code (gcry_mac_read (NULL, out, &n)) == GPG_ERR_INV_ARG
           && err_code (gcry_mac_setkey (NULL, key, 16)) == GPG_ERR_INV_ARG
           && gcry_mac_get_algo (NULL) == 0,
           "NULL handle");
}


/*
 * Agreement between routes to the same MAC.
 */

/* One-shot against random splits, reset, secure memory, for MSGLEN
   bytes of MSG.  */
static void
check_splits (int algo, size_t klen, int nonce, size_t msglen)
{
  unsigned char ref[64], out[64];
  gcry_mac_hd_t h;
  size_t n, off, part, maclen = gcry_mac_get_algo_maclen (algo);
  gcry_error_t err;
  int round;

  n = sizeof ref;
  err = mac_oneshot (algo, 0, key, klen, nonce ? iv : NULL, 16, msg, msglen,
                     ref, &n);
  if (!t_check (!err, "%s: one-shot: %s", gcry_mac_algo_name (algo),
                gcry_strerror (err)))
    return;
  n = sizeof out;
  err = mac_oneshot (algo, GCRY_MAC_FLAG_SECURE, key, klen,
                     nonce ? iv : NULL, 16, msg, msglen, out, &n);
  t_check (!err && !memcmp (ref, out, maclen), "%s: secure handle",
           gcry_mac_algo_name (algo));

  h = open_keyed (algo, klen, nonce);
  if (!h)
    return;
  for (round = 0; round < 3; round++)
    {
      for (off = 0; off < msglen; off += part)
        {
          part = 1 + t_rnd (round == 0 ? 17 : round == 1 ? 200 : msglen);
          if (part > msglen - off)
            part = msglen - off;
          gcry_mac_write (h, msg + off, part);
          if (t_rnd (4) == 0)
            gcry_mac_write (h, msg, 0);
        }
      n = maclen;
      err = gcry_mac_read (h, out, &n);
      if (!t_check (!err && !memcmp (ref, out, maclen),
                    "%s: %zu bytes in random pieces (round %d)",
                    gcry_mac_algo_name (algo), msglen, round))
        break;
      gcry_mac_reset (h);
      if (nonce)
        gcry_mac_setiv (h, iv, 16);
    }
  gcry_mac_close (h);
}

static void
test_splits (void)
{
  static const struct { int algo; size_t klen; int nonce; } cases[] =
    {
      { GCRY_MAC_HMAC_SHA1, 20, 0 }, { GCRY_MAC_HMAC_SHA256, 32, 0 },
      { GCRY_MAC_HMAC_SHA512, 200, 0 }, { GCRY_MAC_HMAC_BLAKE2S_256, 0, 0 },
      { GCRY_MAC_CMAC_AES, 16, 0 }, { GCRY_MAC_CMAC_AES, 32, 0 },
      { GCRY_MAC_GMAC_AES, 24, 1 }, { GCRY_MAC_POLY1305, 32, 0 },
      { GCRY_MAC_POLY1305_AES, 48, 1 }
    };
  static const size_t lens[] = { 0, 1, 15, 16, 17, 63, 64, 65, 127, 128,
                                 129, 1000, 4097 };
  size_t i, j;

  t_rnd_bytes (key, 256);
  t_rnd_bytes (iv, 16);
  t_rnd_bytes (msg, 8192);
  for (i = 0; i < DIM (cases); i++)
    for (j = 0; j < DIM (lens); j++)
      check_splits (cases[i].algo, cases[i].klen, cases[i].nonce, lens[j]);
}

/* HMAC through gcry_mac against HMAC through gcry_md for every
   available HMAC, several key and message lengths.  */
static void
test_hmac_vs_md (void)
{
  static const size_t keylens[] = { 0, 1, 20, 64, 65, 128, 129, 200 };
  static const size_t msglens[] = { 0, 3, 64, 200, 1000 };
  unsigned char a[64], b[64];
  const unsigned char *d;
  gcry_md_hd_t md;
  size_t i, k, m, n;
  int bad;

  t_rnd_bytes (key, 256);
  t_rnd_bytes (msg, 1000);
  for (i = 0; i < DIM (registry); i++)
    {
      if (!registry[i].md || !available (registry[i].algo))
        continue;
      bad = 0;
      for (k = 0; k < DIM (keylens); k++)
        for (m = 0; m < DIM (msglens); m++)
          {
            n = sizeof a;
            if (mac_oneshot (registry[i].algo, 0, key, keylens[k], NULL, 0,
                             msg, msglens[m], a, &n)
                || gcry_md_open (&md, registry[i].md, GCRY_MD_FLAG_HMAC))
              {
                bad++;
                continue;
              }
            d = NULL;
            if (!gcry_md_setkey (md, key, keylens[k]))
              {
                gcry_md_write (md, msg, msglens[m]);
                d = gcry_md_read (md, 0);
              }
            if (!d || n != registry[i].maclen)
              bad++;
            else
              {
                memcpy (b, d, n);
                bad += !!memcmp (a, b, n);
              }
            gcry_md_close (md);
          }
      t_check (!bad, "%s equals gcry_md HMAC", registry[i].name);
    }
}

/* GMAC against GCM's authenticate + gettag; Poly1305-AES against plain
   Poly1305 keyed with r || AES_k(nonce).  */
static void
test_cross (void)
{
  static const size_t msglens[] = { 0, 1, 16, 33, 300 };
  unsigned char a[16], b[16], polykey[32];
  gcry_cipher_hd_t c;
  size_t m, n, ks;
  int bad = 0;

  t_rnd_bytes (key, 64);
  t_rnd_bytes (iv, 16);
  t_rnd_bytes (msg, 300);
  for (ks = 16; ks <= 32; ks += 8)
    for (m = 0; m < DIM (msglens); m++)
      {
        n = 16;
        bad += !!mac_oneshot (GCRY_MAC_GMAC_AES, 0, key, ks, iv, 12, msg,
                              msglens[m], a, &n);
        if (gcry_cipher_open (&c, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_GCM, 0))
          {
            bad++;
            continue;
          }
        bad += !!gcry_cipher_setkey (c, key, ks);
        bad += !!gcry_cipher_setiv (c, iv, 12);
        bad += !!gcry_cipher_authenticate (c, msg, msglens[m]);
        bad += !!gcry_cipher_gettag (c, b, 16);
        bad += !!memcmp (a, b, 16);
        gcry_cipher_close (c);
      }
  t_check (!bad, "GMAC equals GCM without plaintext");

  bad = 0;
  for (ks = 16; ks <= 32; ks += 8)
    for (m = 0; m < DIM (msglens); m++)
      {
        n = 16;
        bad += !!mac_oneshot (GCRY_MAC_POLY1305_AES, 0, key, ks + 16, iv, 16,
                              msg, msglens[m], a, &n);
        memcpy (polykey, key + ks, 16);
        if (gcry_cipher_open (&c, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_ECB, 0))
          {
            bad++;
            continue;
          }
        bad += !!gcry_cipher_setkey (c, key, ks);
        bad += !!gcry_cipher_encrypt (c, polykey + 16, 16, iv, 16);
        gcry_cipher_close (c);
        n = 16;
        bad += !!mac_oneshot (GCRY_MAC_POLY1305, 0, polykey, 32, NULL, 0,
                              msg, msglens[m], b, &n);
        bad += !!memcmp (a, b, 16);
      }
  t_check (!bad, "POLY1305_AES equals POLY1305 keyed with r || AES(nonce)");
}


/*
 * Fixed examples.
 */

static void
test_poly1305_examples (void)
{
  unsigned char k[48], t[16], m[1000], n16[16];
  size_t i;

  /* RFC 8439, 2.5.2.  */
  t_unhex ("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
           k, sizeof k);
  t_unhex ("a8061dc1305136c6c22b8baf0c0127a9", t, sizeof t);
  check_kat ("RFC 8439 2.5.2", GCRY_MAC_POLY1305, k, 32, NULL, 0,
             "Cryptographic Forum Research Group", 34, t, 16);

  /* Bernstein, "The Poly1305-AES message-authentication code", first
     example: AES key, then r; nonce; message f3 f6.  */
  t_unhex ("ec074c835580741701425b623235add6851fc40c3467ac0be05cc20404f3f700",
           k, sizeof k);
  t_unhex ("fb447350c4e868c52ac3275cf9d4327e", n16, sizeof n16);
  t_unhex ("f4c633c3044fc145f84f335cb81953de", t, sizeof t);
  check_kat ("Poly1305-AES paper", GCRY_MAC_POLY1305_AES, k, 32, n16, 16,
             "\xf3\xf6", 2, t, 16);

  /* Outputs of upstream libgcrypt 1.10.1 for key bytes 00 01 02 ...
     (AES key, then r), nonce a0 a1 ... af, message bytes 7 i + 3.  */
  {
    static const struct { size_t klen, mlen; const char *tag; } up[] =
      {
        { 32, 0, "5e18d1fef61d087ec0a33ed734a7918f" },
        { 32, 100, "82d261edb8270d1af39c504a1e7757b7" },
        { 48, 1000, "38bca7ab4dede7e777456b4a69f59c25" },
      };
    for (i = 0; i < sizeof m; i++)
      m[i] = (unsigned char) (i * 7 + 3);
    for (i = 0; i < 48; i++)
      k[i] = (unsigned char) i;
    for (i = 0; i < 16; i++)
      n16[i] = (unsigned char) (0xa0 + i);
    for (i = 0; i < DIM (up); i++)
      {
        t_unhex (up[i].tag, t, sizeof t);
        check_kat ("Poly1305-AES (upstream output)", GCRY_MAC_POLY1305_AES,
                   k, up[i].klen, n16, 16, m, up[i].mlen, t, 16);
      }
    /* r all ones before clamping, AES-192.  */
    memset (k + 24, 0xff, 16);
    t_unhex ("669e9d905193f15874936d6c04fb8543", t, sizeof t);
    check_kat ("Poly1305-AES-192 (upstream output)", GCRY_MAC_POLY1305_AES,
               k, 40, n16, 16, m, 333, t, 16);
  }
}


/*
 * Vector files.
 */

static char *
vecpath (const char *rel)
{
  static char path[4096];

  snprintf (path, sizeof path, "%s/%s", vecdir, rel);
  return path;
}

/* "Name = hex" files with a record key: pyca's RFC collections.  */
static void
test_pyca_file (const char *rel, int algo, const char *reckey,
                const char *keyname, const char *msgname,
                const char *tagname)
{
  t_vec_t v;
  long kl, ml, tl;
  unsigned long count = 0;
  char label[300];

  if (!available (algo))
    {
      t_skip ("%s: MAC algorithm %d not in the library", rel, algo);
      return;
    }
  if (t_vec_open (&v, vecpath (rel), reckey))
    {
      t_skip ("%s not found", rel);
      return;
    }
  while (t_vec_next (&v))
    {
      kl = t_vec_hex (&v, keyname, key, sizeof key);
      ml = t_vec_hex (&v, msgname, msg, sizeof msg);
      tl = t_vec_hex (&v, tagname, want, sizeof want);
      snprintf (label, sizeof label, "%s line %lu", rel, v.record_line);
      if (!t_check (kl >= 0 && ml >= 0 && tl > 0, "%s: parse", label))
        continue;
      check_kat (label, algo, key, kl, NULL, 0, msg, ml, want, tl);
      count++;
    }
  t_check (count > 0 && !v.errors, "%s: %lu records", rel, count);
  t_vec_close (&v);
}

/* NIST HMAC.rsp: [L=n] picks the digest; MACs truncated to Tlen.  */
static void
test_hmac_rsp (void)
{
  const char *rel = "nist-cavp/mac/hmactestvectors/HMAC.rsp";
  t_vec_t v;
  long kl, ml, tl, L;
  int algo;
  unsigned long count = 0;
  char label[300];

  if (t_vec_open (&v, vecpath (rel), "Count"))
    {
      t_skip ("%s not found", rel);
      return;
    }
  while (t_vec_next (&v))
    {
      L = t_vec_long (&v, "L", 0);
      algo = L == 20 ? GCRY_MAC_HMAC_SHA1 : L == 28 ? GCRY_MAC_HMAC_SHA224
             : L == 32 ? GCRY_MAC_HMAC_SHA256
             : L == 48 ? GCRY_MAC_HMAC_SHA384
             : L == 64 ? GCRY_MAC_HMAC_SHA512 : 0;
      kl = t_vec_hex (&v, "Key", key, sizeof key);
      ml = t_vec_hex (&v, "Msg", msg, sizeof msg);
      tl = t_vec_hex (&v, "Mac", want, sizeof want);
      snprintf (label, sizeof label, "HMAC.rsp line %lu", v.record_line);
      if (!t_check (algo && kl == t_vec_long (&v, "Klen", -1) && ml >= 0
                    && tl == t_vec_long (&v, "Tlen", -1), "%s: parse", label))
        continue;
      check_kat (label, algo, key, kl, NULL, 0, msg, ml, want, tl);
      count++;
    }
  t_check (count > 1000 && !v.errors, "%s: %lu records", rel, count);
  t_vec_close (&v);
}

/* CMACGenAES*.rsp and CMACVerAES*.rsp.  */
static void
test_cmac_rsp (const char *name, int verify)
{
  char rel[200], label[300];
  const char *result;
  t_vec_t v;
  long kl, ml, tl;
  unsigned long count = 0;
  gcry_error_t err;

  snprintf (rel, sizeof rel, "nist-cavp/mac/cmactestvectors/%s", name);
  if (t_vec_open (&v, vecpath (rel), "Count"))
    {
      t_skip ("%s not found", rel);
      return;
    }
  while (t_vec_next (&v))
    {
      kl = t_vec_hex (&v, "Key", key, sizeof key);
      ml = t_vec_long (&v, "Mlen", -1);
      tl = t_vec_hex (&v, "Mac", want, sizeof want);
      snprintf (label, sizeof label, "%s line %lu", name, v.record_line);
      if (!t_check (kl == t_vec_long (&v, "Klen", -1) && ml >= 0
                    && t_vec_hex (&v, "Msg", msg, sizeof msg) >= ml
                    && tl == t_vec_long (&v, "Tlen", -1), "%s: parse", label))
        continue;
      count++;
      if (!verify)
        {
          check_kat (label, GCRY_MAC_CMAC_AES, key, kl, NULL, 0, msg, ml,
                     want, tl);
          continue;
        }
      result = t_vec_get (&v, "Result");
      err = mac_verify (GCRY_MAC_CMAC_AES, key, kl, NULL, 0, msg, ml, want,
                        tl);
      if (result && result[0] == 'P')
        t_check (!err, "%s: verify: %s", label, gcry_strerror (err));
      else
        t_check (result && err_code (err) == GPG_ERR_CHECKSUM,
                 "%s: verify must fail: %s", label, gcry_strerror (err));
    }
  t_check (count > 0 && !v.errors, "%s: %lu records", rel, count);
  t_vec_close (&v);
}

/* The GCM files' records with PTlen = 0 are GMAC cases: AAD is the
   message, Tag the (possibly truncated) MAC; FAIL records must not
   verify.  */
static void
test_gcm_rsp (const char *name, int decrypt)
{
  char rel[200], label[300];
  t_vec_t v;
  long kl, il, al, tl;
  unsigned long count = 0, fails = 0;
  gcry_error_t err;

  snprintf (rel, sizeof rel, "nist-cavp/mac/gcmtestvectors/%s", name);
  if (t_vec_open (&v, vecpath (rel), "Count"))
    {
      t_skip ("%s not found", rel);
      return;
    }
  while (t_vec_next (&v))
    {
      if (t_vec_long (&v, "PTlen", -1) != 0)
        continue;
      kl = t_vec_hex (&v, "Key", key, sizeof key);
      il = t_vec_hex (&v, "IV", iv, sizeof iv);
      al = t_vec_hex (&v, "AAD", msg, sizeof msg);
      tl = t_vec_hex (&v, "Tag", want, sizeof want);
      snprintf (label, sizeof label, "%s line %lu", name, v.record_line);
      if (!t_check (kl > 0 && il > 0 && al >= 0 && tl > 0, "%s: parse",
                    label))
        continue;
      count++;
      if (decrypt && t_vec_get (&v, "FAIL"))
        {
          fails++;
          err = mac_verify (GCRY_MAC_GMAC_AES, key, kl, iv, il, msg, al,
                            want, tl);
          t_check (err_code (err) == GPG_ERR_CHECKSUM,
                   "%s: FAIL record must not verify: %s", label,
                   gcry_strerror (err));
        }
      else
        check_kat (label, GCRY_MAC_GMAC_AES, key, kl, iv, il, msg, al, want,
                   tl);
    }
  t_check (count > 0 && (!decrypt || fails > 0) && !v.errors,
           "%s: %lu GMAC records (%lu FAIL)", rel, count, fails);
  t_vec_close (&v);
}

/* Wycheproof mac_test_schema_v1 / mac_with_iv_test_schema_v1 files.  */
static void
test_wycheproof (const char *file, int algo, int with_iv)
{
  char rel[200], label[300], result[32];
  char *text;
  const char *pos, *end, *gpos;
  t_json_span_t group, test;
  long tagbits, kl, ml, tl, il = 0, tcid = -1;
  unsigned long valid = 0, invalid = 0;
  unsigned char out[64];
  gcry_mac_hd_t h;
  gcry_error_t err;
  size_t n;
  int ok;

  if (!available (algo))
    {
      t_skip ("%s: MAC algorithm %d not in the library", file, algo);
      return;
    }
  snprintf (rel, sizeof rel, "wycheproof/testvectors_v1/%s", file);
  text = t_json_load (vecpath (rel), &n);
  if (!text)
    {
      t_skip ("%s not found", rel);
      return;
    }
  pos = text;
  end = text + n;
  while (t_json_next_object (&pos, end, "tests", &group))
    {
      if (!t_json_int (&group, "tagSize", &tagbits))
        tagbits = -1;
      gpos = group.start + 1;
      while (t_json_next_object (&gpos, group.end, "tcId", &test))
        {
          t_json_int (&test, "tcId", &tcid);
          snprintf (label, sizeof label, "%s tcId %ld", file, tcid);
          kl = t_json_hex (&test, "key", key, sizeof key);
          ml = t_json_hex (&test, "msg", msg, sizeof msg);
          tl = t_json_hex (&test, "tag", want, sizeof want);
          if (with_iv)
            il = t_json_hex (&test, "iv", iv, sizeof iv);
          if (!t_check (tagbits > 0 && kl >= 0 && ml >= 0 && tl >= 0
                        && il >= 0
                        && t_json_string (&test, "result", result,
                                          sizeof result) > 0,
                        "%s: parse", label))
            continue;

          /* Run every step; an invalid case must fail at one of them,
             a valid one at none, with the expected MAC.  */
          ok = 0;
          err = gcry_mac_open (&h, algo, 0, NULL);
          if (err)
            {
              t_check (0, "%s: open: %s", label, gcry_strerror (err));
              continue;
            }
          err = gcry_mac_setkey (h, key, kl);
          if (!err && with_iv)
            err = gcry_mac_setiv (h, iv, il);
          if (!err)
            err = gcry_mac_write (h, msg, ml);
          if (!err && tl > 0)
            err = gcry_mac_verify (h, want, tl);
          if (!strcmp (result, "valid"))
            {
              n = sizeof out;
              ok = !err && tl == tagbits / 8
                   && !gcry_mac_read (h, out, &n) && n >= (size_t) tl
                   && !memcmp (out, want, tl);
              valid++;
              t_check (ok, "%s (valid): %s", label, gcry_strerror (err));
            }
          else if (!strcmp (result, "invalid"))
            {
              /* An empty tag is not a MAC anyone should accept: a
                 verify of it is GPG_ERR_INV_ARG.  */
              ok = err || tl == 0;
              invalid++;
              t_check (ok, "%s (invalid) was accepted", label);
            }
          gcry_mac_close (h);
        }
    }
  t_check (valid > 0 && invalid > 0, "%s: %lu valid, %lu invalid", file,
           valid, invalid);
  free (text);
}

static void
test_vector_files (void)
{
  static const struct { const char *file; int algo; } wp_hmac[] =
    {
      { "hmac_sha1_test.json", GCRY_MAC_HMAC_SHA1 },
      { "hmac_sha224_test.json", GCRY_MAC_HMAC_SHA224 },
      { "hmac_sha256_test.json", GCRY_MAC_HMAC_SHA256 },
      { "hmac_sha384_test.json", GCRY_MAC_HMAC_SHA384 },
      { "hmac_sha512_test.json", GCRY_MAC_HMAC_SHA512 },
      { "hmac_sha512_224_test.json", GCRY_MAC_HMAC_SHA512_224 },
      { "hmac_sha512_256_test.json", GCRY_MAC_HMAC_SHA512_256 },
      { "hmac_sha3_224_test.json", GCRY_MAC_HMAC_SHA3_224 },
      { "hmac_sha3_256_test.json", GCRY_MAC_HMAC_SHA3_256 },
      { "hmac_sha3_384_test.json", GCRY_MAC_HMAC_SHA3_384 },
      { "hmac_sha3_512_test.json", GCRY_MAC_HMAC_SHA3_512 },
      { "hmac_sm3_test.json", GCRY_MAC_HMAC_SM3 },
    };
  static const struct { const char *file; int algo; } rfc_hmac[] =
    {
      { "pyca-cryptography/HMAC/rfc-2202-sha1.txt", GCRY_MAC_HMAC_SHA1 },
      { "pyca-cryptography/HMAC/rfc-2202-md5.txt", GCRY_MAC_HMAC_MD5 },
      { "pyca-cryptography/HMAC/rfc-2286-ripemd160.txt",
        GCRY_MAC_HMAC_RMD160 },
      { "pyca-cryptography/HMAC/rfc-4231-sha224.txt", GCRY_MAC_HMAC_SHA224 },
      { "pyca-cryptography/HMAC/rfc-4231-sha256.txt", GCRY_MAC_HMAC_SHA256 },
      { "pyca-cryptography/HMAC/rfc-4231-sha384.txt", GCRY_MAC_HMAC_SHA384 },
      { "pyca-cryptography/HMAC/rfc-4231-sha512.txt", GCRY_MAC_HMAC_SHA512 },
    };
  size_t i;

  vecdir = t_vectors_dir ();
  if (!vecdir)
    return;

  for (i = 0; i < DIM (rfc_hmac); i++)
    test_pyca_file (rfc_hmac[i].file, rfc_hmac[i].algo, "Len", "Key", "Msg",
                    "MD");
  test_pyca_file ("pyca-cryptography/poly1305/rfc7539.txt", GCRY_MAC_POLY1305,
                  "COUNT", "KEY", "MSG", "TAG");
  test_hmac_rsp ();
  test_cmac_rsp ("CMACGenAES128.rsp", 0);
  test_cmac_rsp ("CMACGenAES192.rsp", 0);
  test_cmac_rsp ("CMACGenAES256.rsp", 0);
  test_cmac_rsp ("CMACVerAES128.rsp", 1);
  test_cmac_rsp ("CMACVerAES256.rsp", 1);
  test_gcm_rsp ("gcmEncryptExtIV128.rsp", 0);
  test_gcm_rsp ("gcmEncryptExtIV256.rsp", 0);
  test_gcm_rsp ("gcmDecrypt128.rsp", 1);
  test_gcm_rsp ("gcmDecrypt256.rsp", 1);
  test_wycheproof ("aes_cmac_test.json", GCRY_MAC_CMAC_AES, 0);
  test_wycheproof ("aes_gmac_test.json", GCRY_MAC_GMAC_AES, 1);
  for (i = 0; i < DIM (wp_hmac); i++)
    test_wycheproof (wp_hmac[i].file, wp_hmac[i].algo, 0);
}


int
main (int argc, char **argv)
{
  t_init ("t-mac", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "t-mac: version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_registry ();
  test_api_rules ();
  test_splits ();
  test_hmac_vs_md ();
  test_cross ();
  test_poly1305_examples ();
  test_vector_files ();
  return t_finish ();
}
