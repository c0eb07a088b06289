/* t-cipher-legacy.c - the OpenPGP block ciphers besides AES: DES,
 * Triple-DES, CAST5, Blowfish, IDEA, Twofish and Camellia, through the
 * public API only.
 *
 * What is checked:
 *  - the registry: upstream's names (and their lookup in any case),
 *    OIDs and the mode each implies, key and block lengths, every key
 *    length each algorithm accepts or refuses with GPG_ERR_INV_KEYLEN,
 *    and gcry_get_config's "ciphers" line;
 *  - weak keys: the 64 DES keys upstream reports (parity bits or not,
 *    alone and as any third of a Triple-DES key), what GPG_ERR_WEAK_KEY
 *    leaves usable with and without GCRYCTL_SET_ALLOW_WEAK_KEY (weak
 *    keys are involutions, semi-weak pairs undo each other), and the
 *    Blowfish keys whose S-boxes repeat a value;
 *  - published known answers, read in place from ../shared/vectors
 *    (each missing file is a SKIP line): NIST CAVP TDES KAT and MMT
 *    (ECB, CBC, CFB64, CFB8, OFB; the KAT keys also as single DES),
 *    pyca's Blowfish, CAST5, IDEA (with the NESSIE iterated results)
 *    and Camellia files (NTT's table and the OpenSSL mode tests),
 *    Counterpane's Twofish tables (ECB_TBL and the first records of the
 *    ECB Monte Carlo files), Wycheproof's Camellia CBC-PKCS5, CCM, key
 *    wrap and CMAC, NIST's TDES CMAC; and, embedded, RFC 2144's example
 *    and full maintenance test (CAST5) and RFC 3713's examples
 *    (Camellia);
 *  - every generic mode on every algorithm against a model built here
 *    from single-block ECB (so 8-byte blocks are covered independently
 *    of the mode code): CBC, CBC with ciphertext stealing, CBC-MAC,
 *    CFB with OpenPGP's resynchronisation at random points, CFB8, OFB
 *    and CTR (counters carrying across the whole 8- or 16-byte block),
 *    random lengths, random splits, in place and misaligned;
 *  - the modes with a tag or two keys (EAX for all; GCM, OCB, CCM, XTS,
 *    SIV, GCM-SIV and key wrap for the 16-byte ciphers) against answers
 *    observed on upstream libgcrypt 1.12.2 for fixed inputs (no
 *    published vectors exist for most of these combinations), and which
 *    modes open with an 8-byte block cipher (upstream's answers);
 *  - OpenSSL's EVP ciphers (legacy and default providers) for DES,
 *    Triple-DES, Blowfish (all key lengths), CAST5 and Camellia in ECB,
 *    CBC, CFB, OFB, CFB8 and (Camellia) CTR: random keys, IVs, lengths
 *    and splits (SKIP when libcrypto or a cipher is missing);
 *  - nothing written outside the buffers: outputs flush against an
 *    inaccessible page with guard bytes in front, for every algorithm
 *    and generic mode, in place and not.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#include <stdint.h>

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
# include <openssl/provider.h>
#endif

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define MAXMSG 1024             /* Random messages: 0 .. MAXMSG bytes.  */
#define GUARD 0xa5


/*
 * The algorithms.
 */

typedef struct
{
  int algo;
  const char *name;
  unsigned int blocksize;
  unsigned int keylen;                  /* Nominal, bytes.  */
  unsigned int minkey, maxkey;          /* Accepted range ...  */
  const unsigned char *keylens;         /* ... or exactly these (0-ended). */
  const char *oids[5];                  /* With the mode each implies.  */
  int oid_modes[5];
  const char *evp_stem;                 /* OpenSSL "STEM-CBC" ..., or NULL. */
  int evp_cfb8;                         /* OpenSSL has STEM-CFB8.  */
} algo_t;

static const unsigned char keys_16_32[] = { 16, 32, 0 };
static const unsigned char keys_16_24_32[] = { 16, 24, 32, 0 };

static const algo_t algos[] =
  {
    { GCRY_CIPHER_DES, "DES", 8, 8, 8, 8, NULL, { NULL }, { 0 }, "DES", 1 },
    { GCRY_CIPHER_3DES, "3DES", 8, 24, 24, 24, NULL,
      { "1.2.840.113549.3.7", "1.2.840.113549.1.12.1.3" },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CBC }, "DES-EDE3", 1 },
    { GCRY_CIPHER_CAST5, "CAST5", 8, 16, 16, 16, NULL, { NULL }, { 0 },
      "CAST5", 0 },
    { GCRY_CIPHER_BLOWFISH, "BLOWFISH", 8, 16, 1, 72, NULL, { NULL }, { 0 },
      "BF", 0 },
    { GCRY_CIPHER_IDEA, "IDEA", 8, 16, 16, 16, NULL, { NULL }, { 0 }, NULL,
      0 },
    { GCRY_CIPHER_TWOFISH, "TWOFISH", 16, 32, 0, 0, keys_16_32, { NULL },
      { 0 }, NULL, 0 },
    { GCRY_CIPHER_TWOFISH128, "TWOFISH128", 16, 16, 0, 0, keys_16_32,
      { NULL }, { 0 }, NULL, 0 },
    { GCRY_CIPHER_CAMELLIA128, "CAMELLIA128", 16, 16, 0, 0, keys_16_24_32,
      { "1.2.392.200011.61.1.1.1.2", "0.3.4401.5.3.1.9.1",
        "0.3.4401.5.3.1.9.3", "0.3.4401.5.3.1.9.4" },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_OFB,
        GCRY_CIPHER_MODE_CFB }, "CAMELLIA-128", 1 },
    { GCRY_CIPHER_CAMELLIA192, "CAMELLIA192", 16, 24, 0, 0, keys_16_24_32,
      { "1.2.392.200011.61.1.1.1.3", "0.3.4401.5.3.1.9.21",
        "0.3.4401.5.3.1.9.23", "0.3.4401.5.3.1.9.24" },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_OFB,
        GCRY_CIPHER_MODE_CFB }, "CAMELLIA-192", 1 },
    { GCRY_CIPHER_CAMELLIA256, "CAMELLIA256", 16, 32, 0, 0, keys_16_24_32,
      { "1.2.392.200011.61.1.1.1.4", "0.3.4401.5.3.1.9.41",
        "0.3.4401.5.3.1.9.43", "0.3.4401.5.3.1.9.44" },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_OFB,
        GCRY_CIPHER_MODE_CFB }, "CAMELLIA-256", 1 },
  };

static int
key_accepted (const algo_t *a, size_t len)
{
  const unsigned char *p;

  if (a->keylens)
    {
      for (p = a->keylens; *p; p++)
        if (*p == len)
          return 1;
      return 0;
    }
  return len >= a->minkey && len <= a->maxkey;
}

/* A random key length the algorithm accepts.  */
static size_t
pick_keylen (const algo_t *a)
{
  size_t n = 0;

  if (!a->keylens)
    return a->minkey + t_rnd (a->maxkey - a->minkey + 1);
  while (a->keylens[n])
    n++;
  return a->keylens[t_rnd (n)];
}

static const algo_t *
find_algo (int algo)
{
  size_t i;

  for (i = 0; i < DIM (algos); i++)
    if (algos[i].algo == algo)
      return &algos[i];
  return NULL;
}

static int
code (gcry_error_t err)
{
  return gcry_err_code (err);
}

/* Open ALGO in MODE with FLAGS and set KEY; weak keys are allowed (and
   their GPG_ERR_WEAK_KEY taken as success).  NULL after a failed check
   on error.  */
static gcry_cipher_hd_t
open_keyed (int algo, int mode, unsigned int flags, const unsigned char *key,
            size_t keylen, const char *where)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;

  err = gcry_cipher_open (&h, algo, mode, flags);
  if (!t_check (!err, "%s: open: %s", where, gcry_strerror (err)))
    return NULL;
  gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1);
  err = gcry_cipher_setkey (h, key, keylen);
  if (code (err) == GPG_ERR_WEAK_KEY)
    err = 0;
  if (!t_check (!err, "%s: setkey: %s", where, gcry_strerror (err)))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}


/*
 * The registry.
 */

static void
test_registry (void)
{
  char lower[32];
  size_t i, j, blk, klen;
  const algo_t *a;

  for (i = 0; i < DIM (algos); i++)
    {
      a = &algos[i];
      t_check (!strcmp (gcry_cipher_algo_name (a->algo), a->name),
               "%s: name is %s", a->name, gcry_cipher_algo_name (a->algo));
      t_check (gcry_cipher_map_name (a->name) == a->algo,
               "%s: map_name", a->name);
      for (j = 0; a->name[j] && j + 1 < sizeof lower; j++)
        lower[j] = (char) (a->name[j] >= 'A' && a->name[j] <= 'Z'
                           ? a->name[j] + 'a' - 'A' : a->name[j]);
      lower[j] = 0;
      t_check (gcry_cipher_map_name (lower) == a->algo,
               "%s: map_name (%s)", a->name, lower);
      t_check (!gcry_cipher_test_algo (a->algo), "%s: test_algo", a->name);
      t_check (gcry_cipher_get_algo_blklen (a->algo) == a->blocksize,
               "%s: blklen", a->name);
      t_check (gcry_cipher_get_algo_keylen (a->algo) == a->keylen,
               "%s: keylen", a->name);
      t_check (!gcry_cipher_algo_info (a->algo, GCRYCTL_GET_BLKLEN, NULL,
                                       &blk) && blk == a->blocksize
               && !gcry_cipher_algo_info (a->algo, GCRYCTL_GET_KEYLEN, NULL,
                                          &klen) && klen == a->keylen,
               "%s: algo_info", a->name);
      for (j = 0; j < DIM (a->oids) && a->oids[j]; j++)
        {
          char with_prefix[64];

          snprintf (with_prefix, sizeof with_prefix, "oid.%s", a->oids[j]);
          t_check (gcry_cipher_map_name (a->oids[j]) == a->algo
                   && gcry_cipher_map_name (with_prefix) == a->algo
                   && gcry_cipher_mode_from_oid (a->oids[j])
                      == a->oid_modes[j],
                   "%s: OID %s", a->name, a->oids[j]);
        }
    }
  /* gcry_get_config's "ciphers" line names them as upstream does.  */
  {
    static const char *const words[] =
      { ":blowfish:", ":cast5:", ":des:", ":twofish:", ":camellia:",
        ":idea:" };
    char *cfg = gcry_get_config (0, "ciphers");
    int missing = !cfg || strncmp (cfg, "ciphers:", 8);

    for (j = 0; !missing && j < DIM (words); j++)
      missing = !strstr (cfg + 7, words[j]);
    t_check (!missing, "ciphers line: %s", cfg ? cfg : "(null)");
    gcry_free (cfg);
  }

  /* Upstream has no aliases for these; common spellings are unknown.  */
  t_check (!gcry_cipher_map_name ("DES-EDE3") && !gcry_cipher_map_name ("BF")
           && !gcry_cipher_map_name ("CAMELLIA")
           && !gcry_cipher_map_name ("CAST-128"),
           "no aliases beyond upstream's");
}

static void
test_key_lengths (void)
{
  unsigned char key[100];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, len;
  int bad;

  for (i = 0; i < 100; i++)
    key[i] = (unsigned char) (i * 37 + 11);
  for (i = 0; i < DIM (algos); i++)
    {
      if (gcry_cipher_open (&h, algos[i].algo, GCRY_CIPHER_MODE_ECB, 0))
        {
          t_check (0, "%s: open", algos[i].name);
          continue;
        }
      gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1);
      bad = 0;
      for (len = 0; len <= sizeof key; len++)
        {
          err = gcry_cipher_setkey (h, key, len);
          if (code (err) == GPG_ERR_WEAK_KEY)
            err = 0;
          if (key_accepted (&algos[i], len) ? err != 0
              : code (err) != GPG_ERR_INV_KEYLEN)
            {
              fprintf (stderr, "%s: key of %zu bytes: %s\n", algos[i].name,
                       len, gcry_strerror (err));
              bad = 1;
            }
        }
      t_check (!bad, "%s: accepts exactly upstream's key lengths",
               algos[i].name);
      gcry_cipher_close (h);
    }
}


/*
 * Weak keys.
 */

/* The DES keys upstream 1.12.2 answers with GPG_ERR_WEAK_KEY, with the
   parity bits cleared: 4 weak, 12 semi-weak and 48 possibly weak keys
   (found by trying every key built from the bytes 00, 0e, 1e, e0, f0,
   fe, 10 and ee).  */
static const char *const des_weak_keys[64] =
  {
    "0000000000000000", "1e1e00000e0e0000", "e0e00000f0f00000",
    "fefe0000fefe0000", "1e001e000e000e00", "001e1e00000e0e00",
    "fee01e00fef00e00", "e0fe1e00f0fe0e00", "e000e000f000f000",
    "fe1ee000fe0ef000", "00e0e00000f0f000", "1efee0000efef000",
    "fe00fe00fe00fe00", "e01efe00f00efe00", "1ee0fe000ef0fe00",
    "00fefe0000fefe00", "1e00001e0e00000e", "001e001e000e000e",
    "fee0001efef0000e", "e0fe001ef0fe000e", "00001e1e00000e0e",
    "1e1e1e1e0e0e0e0e", "e0e01e1ef0f00e0e", "fefe1e1efefe0e0e",
    "fe00e01efe00f00e", "e01ee01ef00ef00e", "1ee0e01e0ef0f00e",
    "00fee01e00fef00e", "e000fe1ef000fe0e", "fe1efe1efe0efe0e",
    "00e0fe1e00f0fe0e", "1efefe1e0efefe0e", "e00000e0f00000f0",
    "fe1e00e0fe0e00f0", "00e000e000f000f0", "1efe00e00efe00f0",
    "fe001ee0fe000ef0", "e01e1ee0f00e0ef0", "1ee01ee00ef00ef0",
    "00fe1ee000fe0ef0", "0000e0e00000f0f0", "1e1ee0e00e0ef0f0",
    "e0e0e0e0f0f0f0f0", "fefee0e0fefef0f0", "1e00fee00e00fef0",
    "001efee0000efef0", "fee0fee0fef0fef0", "e0fefee0f0fefef0",
    "fe0000fefe0000fe", "e01e00fef00e00fe", "1ee000fe0ef000fe",
    "00fe00fe00fe00fe", "e0001efef0000efe", "fe1e1efefe0e0efe",
    "00e01efe00f00efe", "1efe1efe0efe0efe", "1e00e0fe0e00f0fe",
    "001ee0fe000ef0fe", "fee0e0fefef0f0fe", "e0fee0fef0fef0fe",
    "0000fefe0000fefe", "1e1efefe0e0efefe", "e0e0fefef0f0fefe",
    "fefefefefefefefe"
  };

/* Semi-weak pairs (SP 800-67): E with one undoes E with the other.  */
static const char *const des_semiweak_pairs[6][2] =
  {
    { "01fe01fe01fe01fe", "fe01fe01fe01fe01" },
    { "1fe01fe00ef10ef1", "e01fe01ff10ef10e" },
    { "01e001e001f101f1", "e001e001f101f101" },
    { "1ffe1ffe0efe0efe", "fe1ffe1ffe0efe0e" },
    { "011f011f010e010e", "1f011f010e010e01" },
    { "e0fee0fef1fef1fe", "fee0fee0fef1fef1" }
  };

static int
des_key_is_listed (const unsigned char *key)
{
  unsigned char k[8], stripped[8];
  size_t i, j;

  for (j = 0; j < 8; j++)
    stripped[j] = key[j] & 0xfe;
  for (i = 0; i < DIM (des_weak_keys); i++)
    {
      t_unhex (des_weak_keys[i], k, 8);
      if (!memcmp (k, stripped, 8))
        return 1;
    }
  return 0;
}

/* One ECB block with ALGO under KEY (weak keys allowed).  */
static void
ecb_once (int algo, const unsigned char *key, size_t keylen, int encrypt,
          unsigned char *out, const unsigned char *in)
{
  gcry_cipher_hd_t h = open_keyed (algo, GCRY_CIPHER_MODE_ECB, 0, key,
                                   keylen, "ecb_once");
  size_t bs = gcry_cipher_get_algo_blklen (algo);

  if (!h)
    return;
  if (encrypt)
    gcry_cipher_encrypt (h, out, bs, in, bs);
  else
    gcry_cipher_decrypt (h, out, bs, in, bs);
  gcry_cipher_close (h);
}

static void
test_des_weak_keys (void)
{
  unsigned char key[24], k1[8], k2[8], block[8], x[8], y[8];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, j, pos, bad;

  /* Every listed key, with even and with odd parity bits, is reported
     (by DES, and as each third of a Triple-DES key).  */
  if (gcry_cipher_open (&h, GCRY_CIPHER_DES, GCRY_CIPHER_MODE_ECB, 0))
    {
      t_check (0, "DES: open");
      return;
    }
  bad = 0;
  for (i = 0; i < DIM (des_weak_keys); i++)
    for (j = 0; j < 2; j++)
      {
        t_unhex (des_weak_keys[i], key, 8);
        if (j)
          for (pos = 0; pos < 8; pos++)
            key[pos] |= 1;
        if (code (gcry_cipher_setkey (h, key, 8)) != GPG_ERR_WEAK_KEY)
          bad++;
        /* A key bit flipped: not weak unless it lands on another.  */
        key[i % 8] ^= 0x20;
        err = gcry_cipher_setkey (h, key, 8);
        if (des_key_is_listed (key) ? code (err) != GPG_ERR_WEAK_KEY
            : err != 0)
          bad++;
      }
  t_check (!bad, "DES: the 64 weak keys upstream lists (%zu wrong)", bad);

  /* Without GCRYCTL_SET_ALLOW_WEAK_KEY the handle has no key; with it,
     the key is set and still reported.  */
  t_unhex ("0101010101010101", key, 8);
  memset (block, 0x5a, 8);
  err = gcry_cipher_setkey (h, key, 8);
  t_check (code (err) == GPG_ERR_WEAK_KEY
           && code (gcry_cipher_encrypt (h, x, 8, block, 8))
              == GPG_ERR_MISSING_KEY,
           "DES: weak key not usable by default");
  t_check (!gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1)
           && code (gcry_cipher_setkey (h, key, 8)) == GPG_ERR_WEAK_KEY
           && !gcry_cipher_encrypt (h, x, 8, block, 8)
           && !gcry_cipher_encrypt (h, y, 8, x, 8)
           && !memcmp (y, block, 8) && memcmp (x, block, 8),
           "DES: allowed weak key is an involution");
  gcry_cipher_close (h);

  /* The four weak keys are involutions, semi-weak pairs undo each
     other.  */
  bad = 0;
  for (i = 0; i < 4; i++)
    {
      static const char *const weak4[4] =
        { "0101010101010101", "fefefefefefefefe", "e0e0e0e0f1f1f1f1",
          "1f1f1f1f0e0e0e0e" };

      t_unhex (weak4[i], k1, 8);
      t_rnd_bytes (block, 8);
      ecb_once (GCRY_CIPHER_DES, k1, 8, 1, x, block);
      ecb_once (GCRY_CIPHER_DES, k1, 8, 1, y, x);
      bad += !!memcmp (y, block, 8);
    }
  for (i = 0; i < DIM (des_semiweak_pairs); i++)
    {
      t_unhex (des_semiweak_pairs[i][0], k1, 8);
      t_unhex (des_semiweak_pairs[i][1], k2, 8);
      t_rnd_bytes (block, 8);
      ecb_once (GCRY_CIPHER_DES, k1, 8, 1, x, block);
      ecb_once (GCRY_CIPHER_DES, k2, 8, 1, y, x);
      bad += !!memcmp (y, block, 8);
      bad += !des_key_is_listed (k1) || !des_key_is_listed (k2);
    }
  t_check (!bad, "DES: weak and semi-weak key properties");

  /* Triple-DES: a weak key in any third is reported; equal thirds are
     not refused (as upstream, outside FIPS mode).  */
  if (gcry_cipher_open (&h, GCRY_CIPHER_3DES, GCRY_CIPHER_MODE_ECB, 0))
    {
      t_check (0, "3DES: open");
      return;
    }
  bad = 0;
  for (pos = 0; pos < 3; pos++)
    for (i = 0; i < DIM (des_weak_keys); i += 7)
      {
        t_rnd_bytes (key, 24);
        t_unhex (des_weak_keys[i], key + 8 * pos, 8);
        for (j = 0; j < 3; j++)
          if (j != pos && des_key_is_listed (key + 8 * j))
            key[8 * j] ^= 0x40;
        if (code (gcry_cipher_setkey (h, key, 24)) != GPG_ERR_WEAK_KEY)
          bad++;
      }
  t_unhex ("0123456789abcdef0123456789abcdef0123456789abcdef", key, 24);
  t_check (!bad && !gcry_cipher_setkey (h, key, 24),
           "3DES: weak thirds reported, equal thirds accepted");
  gcry_cipher_close (h);
}

/* Blowfish keys (16 bytes) whose S-boxes repeat a value, each reported
   with GPG_ERR_WEAK_KEY by upstream 1.12.2 (found among 1.8 million
   pseudo-random keys).  */
static const char *const bf_weak_keys[] =
  {
    "0a497737e4b03d7377826a34df290e59", "0a8747c30a5f9a9e0be56ae486cbdcb6",
    "0de4640872a4d7c6c70349c655c93d7a", "107c38fa027fb860a4692803335ba8cb",
    "12ffbb77aa217522ba425ec3354690a0", "2aa89294122499d58320bf92f6f917d1",
    "3095c5faba01428123a685d1be68bdae", "3331f0bac442788c2b14663908714f89",
    "39e9a55a9a2e0482cedb365bb403093c", "3f22f6b71f9e8deec6707e1318e312fa",
    "4486744d2226b3ff34485ed11d7d863d", "45a4db65ee031763b2680124148576fc",
    "466e7dfc64831dcd7b7ed5629d3df29d", "48ead79053a9937d9d034cc75453d449",
    "520669dc90a8d104c432ebd6893a9ee6", "6114777c9139bc07632c95ce839fdb3f",
    "613106a24ee963c536744d3c60004a34", "75c7b4897569743abe5595033f6f675f",
    "7673059c3b18f572eca2606fc0d5f82f", "7e4c4216756d9dd167427f5e576d4fb7",
    "7f23590872c335edc852de92635ee84e", "82102afad7c8b16578fcc268571d2fe8",
    "8a2299f1c900a9ff3fc5a80ab6f4f7cb", "94b482a3522bb479461d3c57e4c93470",
    "956b672a73d2583e93a3459030ca3486", "9698f5e6453c91ae6ee315c22a5266d5",
    "9cff8e53bdc1a52cab61796d211b2265", "9d903fcbd9f006e4bc26f764dd61f9f3",
    "ab359a9426e3db7ab945d3875eb50deb", "adae5483bcb55e2b5e33f218e5216745",
    "b992c097d7cd9996101ecc1acf7d6b7c", "bd70f700d69a07cd8569095fb0b945f2",
    "beed6483525517e2499db4acb636831c", "c071663c4d29038880b084b6b337dd88",
    "c0f9975f092283bc264938a8bb0a5768", "c1f73c57ac667e1b54657cfdee60a8b4",
    "cb7c2238a5a741dbc4bbae2eb8c447f9", "cbc5e6e703c3cfc8b2ede61855026949",
    "cc83a3f7d1cea6dcf783e1c820639d7a", "cda5cfc0ab3767e0a109f8aa434ea4fa",
    "d2bd00eee566b3344c20de8788012b5c", "d5a2f19a494220e001e3087e65b901d3",
    "d9c1ceff404a7cb2876c66b6c6302c1e", "df47b87fd78895609a58418777488440",
    "ebdd9a88e4ce06753ef4e73768ceb555", "eebd58854f06a3e291aa788b06daf0f4",
    "f2d4ee1a496bbe4ddacc62ee14eb4f6f", "f60fda7ec46c054874e6cff7d4177ae3",
    "f8aed8b47fedd97d643aebb53e01c106", "fc1edcc37f7bfef42f79396669351f66",
  };

/* Keys whose S-boxes also repeat a value but which upstream 1.12.2
   accepts, from the same search: its hash-set check misses about one
   collision in five.  This library reports every repeated S-box value
   (see cipher/blowfish.c), so these are weak here: a deliberate
   difference.  */
static const char *const bf_weak_keys_strict[] =
  {
    "25382dc0fb3a1aab45fb6522c97b3aad", "3cca3e51db8ada9a436f844f3a15a171",
    "50cb177106a1f5d3fe06b090f35bfcc9", "573656ea81a03f7beb1d794024f83fb9",
    "5c41913b69a7bb75252479b557a19db4", "5dc01addc8667be0aa5f4e72fb5f9873",
    "8957c720a6ad9491946cc79c82215f54", "9054cafc58ae95bac3cfe0cd0083f939",
    "b7e7cdf4e501d2e49db3c45ddccdc79c", "c0d65f3ae3bc6189b17b2d53968e28a0",
    "cc7b9892a9b2dad23038340046738aee", "e4e2bb786de164cbe889168bdc2adc54",
    "f7f748108b00024f8d6d652bc0f94021",
  };

static void
test_blowfish_weak_keys (void)
{
  unsigned char key[16], block[8], out[8], ref[8];
  gcry_cipher_hd_t h;
  size_t i, bad = 0, weak_random = 0;

  if (gcry_cipher_open (&h, GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_MODE_ECB, 0))
    {
      t_check (0, "BLOWFISH: open");
      return;
    }
  for (i = 0; i < DIM (bf_weak_keys) + DIM (bf_weak_keys_strict); i++)
    {
      t_unhex (i < DIM (bf_weak_keys) ? bf_weak_keys[i]
               : bf_weak_keys_strict[i - DIM (bf_weak_keys)], key, 16);
      gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 0);
      if (code (gcry_cipher_setkey (h, key, 16)) != GPG_ERR_WEAK_KEY
          || code (gcry_cipher_encrypt (h, out, 8, block, 8))
             != GPG_ERR_MISSING_KEY)
        bad++;
      /* Allowed, the key works as any other: decryption undoes it.  */
      t_rnd_bytes (block, 8);
      gcry_cipher_ctl (h, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1);
      if (code (gcry_cipher_setkey (h, key, 16)) != GPG_ERR_WEAK_KEY
          || gcry_cipher_encrypt (h, out, 8, block, 8)
          || gcry_cipher_decrypt (h, ref, 8, out, 8)
          || memcmp (ref, block, 8))
        bad++;
    }
  t_check (!bad, "BLOWFISH: %zu weak keys reported (%zu wrong)",
           DIM (bf_weak_keys) + DIM (bf_weak_keys_strict), bad);

  /* Random keys almost never are (about 3 in 100,000).  */
  for (i = 0; i < 200; i++)
    {
      t_rnd_bytes (key, 16);
      weak_random += code (gcry_cipher_setkey (h, key, 1 + i % 16))
                     == GPG_ERR_WEAK_KEY;
    }
  t_check (weak_random == 0, "BLOWFISH: random keys not weak (%zu)",
           weak_random);
  gcry_cipher_close (h);
}


/*
 * Known-answer files.
 */

/* Encrypt or decrypt LEN bytes of IN with ALGO/MODE under KEY and IV
   and compare with WANT, in one call and, for the streaming modes, in
   two pieces.  One check.  */
static void
check_answer (const char *where, int algo, int mode, const unsigned char *key,
              size_t keylen, const unsigned char *iv, size_t ivlen,
              int encrypt, const unsigned char *in, const unsigned char *want,
              size_t len)
{
  unsigned char out[MAXMSG], out2[MAXMSG];
  gcry_cipher_hd_t h = open_keyed (algo, mode, 0, key, keylen, where);
  gcry_error_t err;
  size_t bs = gcry_cipher_get_algo_blklen (algo), split;
  int ok;

  if (!h || !t_check (len <= MAXMSG, "%s: too long", where))
    {
      gcry_cipher_close (h);
      return;
    }
  if (mode == GCRY_CIPHER_MODE_CTR)
    gcry_cipher_setctr (h, iv, ivlen);
  else if (ivlen)
    gcry_cipher_setiv (h, iv, ivlen);
  err = encrypt ? gcry_cipher_encrypt (h, out, len, in, len)
        : gcry_cipher_decrypt (h, out, len, in, len);
  ok = !err && !memcmp (out, want, len);
  /* Again in two pieces (whole blocks first for ECB and CBC).  */
  split = len / 3;
  if (mode == GCRY_CIPHER_MODE_ECB || mode == GCRY_CIPHER_MODE_CBC)
    split -= split % bs;
  gcry_cipher_reset (h);
  if (mode == GCRY_CIPHER_MODE_CTR)
    gcry_cipher_setctr (h, iv, ivlen);
  else if (ivlen)
    gcry_cipher_setiv (h, iv, ivlen);
  if (encrypt)
    err = gcry_cipher_encrypt (h, out2, split, in, split)
          | gcry_cipher_encrypt (h, out2 + split, len - split, in + split,
                                 len - split);
  else
    err = gcry_cipher_decrypt (h, out2, split, in, split)
          | gcry_cipher_decrypt (h, out2 + split, len - split, in + split,
                                 len - split);
  ok = ok && !err && !memcmp (out2, want, len);
  if (!t_check (ok, "%s", where))
    {
      t_hexdump ("got", out, len);
      t_hexdump ("want", want, len);
    }
  gcry_cipher_close (h);
}

/* NIST CAVP TDES files: KAT (one key "KEYs" for all three, so also
   single DES) or MMT (KEY1..KEY3).  Returns the records done.  */
static unsigned long
run_tdes_file (const char *dir, const char *sub, const char *kind,
               const char *modename, int mode)
{
  static unsigned char pt[MAXMSG], ct[MAXMSG];
  unsigned char key[24], iv[8];
  char path[4400], where[4600];
  t_vec_t v;
  long n, m, ivlen;
  unsigned long count = 0;
  int encrypt;

  snprintf (path, sizeof path, "%s/nist-cavp/des/%s/T%s%s.rsp", dir, sub,
            modename, kind);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return 0;
    }
  while (t_vec_next (&v))
    {
      encrypt = !strcmp (v.section, "ENCRYPT");
      snprintf (where, sizeof where, "%s line %lu", path, v.record_line);
      if (t_vec_get (&v, "KEYs"))
        {
          n = t_vec_hex (&v, "KEYs", key, 8);
          memcpy (key + 8, key, 8);
          memcpy (key + 16, key, 8);
        }
      else
        n = (t_vec_hex (&v, "KEY1", key, 8) == 8
             && t_vec_hex (&v, "KEY2", key + 8, 8) == 8
             && t_vec_hex (&v, "KEY3", key + 16, 8) == 8) ? 8 : -1;
      ivlen = mode == GCRY_CIPHER_MODE_ECB ? 0 : t_vec_hex (&v, "IV", iv, 8);
      m = t_vec_hex (&v, "PLAINTEXT", pt, sizeof pt);
      if (!t_check (n == 8 && ivlen >= 0 && m > 0
                    && t_vec_hex (&v, "CIPHERTEXT", ct, sizeof ct) == m,
                    "%s: unreadable", where))
        continue;
      count++;
      check_answer (where, GCRY_CIPHER_3DES, mode, key, 24, iv, ivlen,
                    encrypt, encrypt ? pt : ct, encrypt ? ct : pt, m);
      if (t_vec_get (&v, "KEYs"))
        check_answer (where, GCRY_CIPHER_DES, mode, key, 8, iv, ivlen,
                      encrypt, encrypt ? pt : ct, encrypt ? ct : pt, m);
    }
  t_check (!v.errors && count > 0, "%s: %lu records", path, count);
  t_vec_close (&v);
  return count;
}

static void
test_tdes_files (const char *dir)
{
  static const struct { const char *name; int mode; } modes[] =
    {
      { "ECB", GCRY_CIPHER_MODE_ECB }, { "CBC", GCRY_CIPHER_MODE_CBC },
      { "CFB64", GCRY_CIPHER_MODE_CFB }, { "CFB8", GCRY_CIPHER_MODE_CFB8 },
      { "OFB", GCRY_CIPHER_MODE_OFB }
    };
  static const char *const kats[] =
    { "invperm", "permop", "subtab", "varkey", "vartext" };
  static const char *const mmts[] = { "MMT1", "MMT2", "MMT3" };
  unsigned long count = 0;
  size_t i, j;

  for (i = 0; i < DIM (modes); i++)
    {
      for (j = 0; j < DIM (kats); j++)
        count += run_tdes_file (dir, "KAT_TDES", kats[j], modes[i].name,
                                modes[i].mode);
      for (j = 0; j < DIM (mmts); j++)
        count += run_tdes_file (dir, "tdesmmt", mmts[j], modes[i].name,
                                modes[i].mode);
    }
  printf ("%s: NIST TDES KAT/MMT: %lu records\n", t_name, count);
}

/* A pyca-style file: KEY, optional IV, PLAINTEXT, CIPHERTEXT (and for
   IDEA's NESSIE table CIPHERTEXT100/CIPHERTEXT1000, the results of 100
   and 1000 encryptions in a row).  Records whose key length the
   algorithm refuses must be refused with GPG_ERR_INV_KEYLEN.  */
static void
run_pyca_file (const char *dir, const char *rel, int algo, int mode)
{
  static unsigned char pt[MAXMSG], ct[MAXMSG], iter[MAXMSG];
  unsigned char key[64], iv[16], block[16];
  char path[4400], where[4600];
  const algo_t *a = find_algo (algo);
  gcry_cipher_hd_t h;
  t_vec_t v;
  long kl, ivlen, m, ml;
  unsigned long count = 0, refused = 0;
  int i, rounds;

  snprintf (path, sizeof path, "%s/pyca-cryptography/ciphers/%s", dir, rel);
  if (t_vec_open (&v, path, "COUNT"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      snprintf (where, sizeof where, "%s line %lu", path, v.record_line);
      kl = t_vec_hex (&v, "KEY", key, sizeof key);
      ivlen = t_vec_get (&v, "IV") ? t_vec_hex (&v, "IV", iv, sizeof iv) : 0;
      m = t_vec_hex (&v, "PLAINTEXT", pt, sizeof pt);
      if (!t_check (kl > 0 && ivlen >= 0 && m > 0
                    && t_vec_hex (&v, "CIPHERTEXT", ct, sizeof ct) == m,
                    "%s: unreadable", where))
        continue;
      if (!key_accepted (a, kl))
        {
          gcry_cipher_open (&h, algo, mode, 0);
          t_check (code (gcry_cipher_setkey (h, key, kl))
                   == GPG_ERR_INV_KEYLEN, "%s: %ld-byte key refused", where,
                   kl);
          gcry_cipher_close (h);
          refused++;
          continue;
        }
      count++;
      check_answer (where, algo, mode, key, kl, iv, ivlen, 1, pt, ct, m);
      check_answer (where, algo, mode, key, kl, iv, ivlen, 0, ct, pt, m);
      for (rounds = 100; rounds <= 1000; rounds *= 10)
        {
          ml = t_vec_hex (&v, rounds == 100 ? "CIPHERTEXT100"
                          : "CIPHERTEXT1000", iter, sizeof iter);
          if (ml != m || m > 16)
            continue;
          h = open_keyed (algo, mode, 0, key, kl, where);
          if (!h)
            continue;
          memcpy (block, pt, m);
          for (i = 0; i < rounds; i++)
            gcry_cipher_encrypt (h, block, m, NULL, 0);
          t_check (!memcmp (block, iter, m), "%s: %d encryptions", where,
                   rounds);
          gcry_cipher_close (h);
        }
    }
  t_check (!v.errors && count > 0, "%s: %lu records (%lu keys refused)",
           path, count, refused);
  t_vec_close (&v);
}

/* NTT's Camellia table: "K No.001 : xx xx ..." sets the key, then
   "P No.nnn" / "C No.nnn" pairs.  */
static void
run_ntt_camellia (const char *dir, const char *rel, int keylen)
{
  unsigned char key[32], pt[16], ct[16];
  char path[4400], where[5000], line[512];
  unsigned long count = 0;
  long n;
  FILE *fp;

  snprintf (path, sizeof path, "%s/pyca-cryptography/ciphers/Camellia/%s",
            dir, rel);
  fp = fopen (path, "r");
  if (!fp)
    {
      t_skip ("%s not found", path);
      return;
    }
  while (fgets (line, sizeof line, fp))
    {
      const char *colon = strchr (line, ':');

      line[strcspn (line, "\r\n")] = 0;
      if (!colon || !strchr ("KPC", line[0]) || strncmp (line + 1, " No.", 4))
        continue;
      n = t_unhex (colon + 2, line[0] == 'K' ? key : line[0] == 'P' ? pt
                   : ct, line[0] == 'K' ? sizeof key : 16);
      if (line[0] == 'K')
        t_check (n == keylen, "%s: key %s", path, line);
      else if (line[0] == 'C')
        {
          snprintf (where, sizeof where, "%s %s", path, line);
          if (t_check (n == 16, "%s: unreadable", where))
            {
              /* Both directions in one check.  Any Camellia id takes
                 any key length (as upstream): decrypt with another.  */
              unsigned char out[16], back[16];

              ecb_once (GCRY_CIPHER_CAMELLIA128, key, keylen, 1, out, pt);
              ecb_once (GCRY_CIPHER_CAMELLIA256, key, keylen, 0, back, ct);
              t_check (!memcmp (out, ct, 16) && !memcmp (back, pt, 16),
                       "%s", where);
              count++;
            }
        }
    }
  fclose (fp);
  t_check (count == 1280, "%s: %lu records", path, count);
}

/* Counterpane's Twofish tables.  ECB_TBL: KEY, PT, CT per record.  The
   ECB Monte Carlo files: CT is PT after 10,000 encryptions (ECB_E_M) or
   PT is CT after 10,000 decryptions (ECB_D_M); the first MCT_RECORDS of
   each key size are run (all would take seconds).  192-bit keys, which
   upstream does not take, must be refused.  */
#define MCT_RECORDS 12

static void
run_twofish_file (const char *dir, const char *file)
{
  unsigned char key[32], pt[16], ct[16], block[16];
  char path[4400], where[4600];
  int mct = strstr (file, "_M.") != NULL;
  int decrypt = strstr (file, "_D_") != NULL;
  unsigned long count = 0, refused = 0, per_size = 0;
  long last_kl = -1, kl;
  gcry_cipher_hd_t h;
  t_vec_t v;
  int i;

  snprintf (path, sizeof path, "%s/twofish/tests/Resources/%s", dir, file);
  if (t_vec_open (&v, path, "I"))
    {
      t_skip ("%s not found", path);
      return;
    }
  while (t_vec_next (&v))
    {
      snprintf (where, sizeof where, "%s line %lu", path, v.record_line);
      kl = t_vec_hex (&v, "KEY", key, sizeof key);
      if (!t_check ((kl == 16 || kl == 24 || kl == 32)
                    && t_vec_hex (&v, "PT", pt, 16) == 16
                    && t_vec_hex (&v, "CT", ct, 16) == 16,
                    "%s: unreadable", where))
        continue;
      /* The key size changes at each KEYSIZE= section.  */
      if (kl != last_kl)
        per_size = 0;
      last_kl = kl;
      if (kl == 24)
        {
          if (refused++ < 4)
            {
              gcry_cipher_open (&h, GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_ECB,
                                0);
              t_check (code (gcry_cipher_setkey (h, key, kl))
                       == GPG_ERR_INV_KEYLEN, "%s: 192-bit key refused",
                       where);
              gcry_cipher_close (h);
            }
          continue;
        }
      if (mct && per_size++ >= MCT_RECORDS)
        continue;
      count++;
      h = open_keyed (kl == 16 ? GCRY_CIPHER_TWOFISH128 : GCRY_CIPHER_TWOFISH,
                      GCRY_CIPHER_MODE_ECB, 0, key, kl, where);
      if (!h)
        continue;
      memcpy (block, decrypt ? ct : pt, 16);
      for (i = 0; i < (mct ? 10000 : 1); i++)
        {
          if (decrypt)
            gcry_cipher_decrypt (h, block, 16, NULL, 0);
          else
            gcry_cipher_encrypt (h, block, 16, NULL, 0);
        }
      t_check (!memcmp (block, decrypt ? pt : ct, 16), "%s", where);
      if (!mct)
        {
          gcry_cipher_decrypt (h, block, 16, NULL, 0);
          t_check (!memcmp (block, pt, 16), "%s: decryption", where);
        }
      gcry_cipher_close (h);
    }
  t_check (!v.errors && count > 0 && refused > 0,
           "%s: %lu records (%lu with 192-bit keys)", path, count, refused);
  t_vec_close (&v);
}

/* Examples embedded from the RFCs.  */
static void
test_rfc_examples (void)
{
  static const struct
  {
    int algo;
    const char *key, *pt, *ct;
  } ex[] =
    {
      /* RFC 2144, B.1 (the 128-bit key; 80- and 40-bit keys are not
         accepted, as upstream).  */
      { GCRY_CIPHER_CAST5, "0123456712345678234567893456789a",
        "0123456789abcdef", "238b4fe5847e44b2" },
      /* RFC 3713, Appendix A.  */
      { GCRY_CIPHER_CAMELLIA128, "0123456789abcdeffedcba9876543210",
        "0123456789abcdeffedcba9876543210",
        "67673138549669730857065648eabe43" },
      { GCRY_CIPHER_CAMELLIA192, "0123456789abcdeffedcba9876543210"
        "0011223344556677", "0123456789abcdeffedcba9876543210",
        "b4993401b3e996f84ee5cee7d79b09b9" },
      { GCRY_CIPHER_CAMELLIA256, "0123456789abcdeffedcba9876543210"
        "00112233445566778899aabbccddeeff",
        "0123456789abcdeffedcba9876543210",
        "9acc237dff16d76c20ef7c919e3a7509" },
    };
  unsigned char key[32], pt[16], ct[16];
  unsigned char a[16], b[16], want_a[16], want_b[16];
  gcry_cipher_hd_t h;
  long kl, n;
  size_t i;

  for (i = 0; i < DIM (ex); i++)
    {
      kl = t_unhex (ex[i].key, key, sizeof key);
      n = t_unhex (ex[i].pt, pt, sizeof pt);
      t_unhex (ex[i].ct, ct, sizeof ct);
      check_answer ("RFC example", ex[i].algo, GCRY_CIPHER_MODE_ECB, key, kl,
                    NULL, 0, 1, pt, ct, n);
      check_answer ("RFC example", ex[i].algo, GCRY_CIPHER_MODE_ECB, key, kl,
                    NULL, 0, 0, ct, pt, n);
    }

  /* RFC 2144, B.2, the full maintenance test: a and b start as the
     key; a million times, encrypt both halves of a under b, then both
     halves of b under a.  */
  t_unhex ("0123456712345678234567893456789a", a, 16);
  memcpy (b, a, 16);
  t_unhex ("eea9d0a249fd3ba6b3436fb89d6dca92", want_a, 16);
  t_unhex ("b2c95eb00c31ad7180ac05b8e83d696e", want_b, 16);
  if (gcry_cipher_open (&h, GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_ECB, 0))
    {
      t_check (0, "CAST5: open");
      return;
    }
  for (i = 0; i < 1000000; i++)
    {
      gcry_cipher_setkey (h, b, 16);
      gcry_cipher_encrypt (h, a, 16, NULL, 0);
      gcry_cipher_setkey (h, a, 16);
      gcry_cipher_encrypt (h, b, 16, NULL, 0);
    }
  gcry_cipher_close (h);
  t_check (!memcmp (a, want_a, 16) && !memcmp (b, want_b, 16),
           "CAST5: RFC 2144 full maintenance test");
}

/* Wycheproof Camellia files: CBC with PKCS #5 padding, CCM, key wrap
   (libgcrypt's GCRY_CIPHER_MODE_AESWRAP takes any 16-byte block
   cipher) and CMAC (through gcry_mac).  */
static void
run_wycheproof_camellia (const char *dir)
{
  static t_json_aead_t w;
  static unsigned char out[2048], out2[2048];
  static const int by_keylen[3] =
    { GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_CAMELLIA192,
      GCRY_CIPHER_CAMELLIA256 };
  static const char *const files[4] =
    { "camellia_cbc_pkcs5_test.json", "camellia_ccm_test.json",
      "camellia_wrap_test.json", "camellia_cmac_test.json" };
  char rel[200];
  t_json_span_t obj;
  const char *pos, *end;
  char *text;
  size_t len, f, padlen, n;
  unsigned long count, passed;
  gcry_cipher_hd_t h;
  gcry_mac_hd_t m;
  gcry_error_t err;
  int algo, ok, valid;

  for (f = 0; f < DIM (files); f++)
    {
      snprintf (rel, sizeof rel, "wycheproof/testvectors_v1/%s", files[f]);
      text = t_json_load_vectors (dir, rel, &len);
      if (!text)
        continue;
      count = passed = 0;
      pos = text;
      end = text + len;
      while (t_json_next_object (&pos, end, "tcId", &obj))
        {
          t_json_aead_read (&obj, &w);
          count++;
          valid = !strcmp (w.result, "valid");
          algo = (w.keylen == 16 || w.keylen == 24 || w.keylen == 32)
                 ? by_keylen[(w.keylen - 16) / 8] : GCRY_CIPHER_CAMELLIA128;
          ok = 0;
          switch (f)
            {
            case 0:             /* CBC-PKCS5: encrypt the padded text.  */
              padlen = 16 - w.msglen % 16;
              memcpy (out2, w.msg, w.msglen);
              memset (out2 + w.msglen, (int) padlen, padlen);
              h = open_keyed (algo, GCRY_CIPHER_MODE_CBC, 0, w.key, w.keylen,
                              rel);
              if (!h)
                break;
              gcry_cipher_setiv (h, w.iv, w.ivlen);
              err = gcry_cipher_encrypt (h, out, w.msglen + padlen, out2,
                                         w.msglen + padlen);
              if (valid)
                ok = !err && (size_t) w.ctlen == w.msglen + padlen
                     && !memcmp (out, w.ct, w.ctlen);
              else
                {
                  /* Bad padding: decryption must show it.  */
                  gcry_cipher_setiv (h, w.iv, w.ivlen);
                  err = w.ctlen % 16 ? GPG_ERR_INV_LENGTH
                        : gcry_cipher_decrypt (h, out, w.ctlen, w.ct,
                                               w.ctlen);
                  n = w.ctlen ? out[w.ctlen - 1] : 0;
                  ok = err || !w.ctlen || n == 0 || n > 16
                       || (size_t) w.ctlen < n
                       || !t_all_bytes (out + w.ctlen - n, n, (int) n);
                }
              gcry_cipher_close (h);
              break;

            case 1:             /* CCM.  */
              {
                uint64_t lens[3] = { w.msglen, w.aadlen, w.taglen };

                h = open_keyed (algo, GCRY_CIPHER_MODE_CCM, 0, w.key,
                                w.keylen, rel);
                if (!h)
                  break;
                err = gcry_cipher_setiv (h, w.iv, w.ivlen);
                if (!err)
                  err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens,
                                         sizeof lens);
                if (!err)
                  err = gcry_cipher_authenticate (h, w.aad, w.aadlen);
                if (!err)
                  err = gcry_cipher_decrypt (h, out, w.msglen, w.ct,
                                             w.msglen);
                if (!err)
                  err = gcry_cipher_checktag (h, w.tag, w.taglen);
                ok = valid ? !err && !memcmp (out, w.msg, w.msglen)
                     : err != 0;
                gcry_cipher_close (h);
              }
              break;

            case 2:             /* Key wrap (RFC 3394 over Camellia).  */
              h = open_keyed (algo, GCRY_CIPHER_MODE_AESWRAP, 0, w.key,
                              w.keylen, rel);
              if (!h)
                break;
              err = w.ctlen >= 8 ? gcry_cipher_decrypt (h, out, w.ctlen - 8,
                                                        w.ct, w.ctlen)
                    : GPG_ERR_INV_LENGTH;
              if (valid)
                ok = !err && w.msglen == w.ctlen - 8
                     && !memcmp (out, w.msg, w.msglen);
              else
                ok = !strcmp (w.result, "acceptable") || err != 0;
              gcry_cipher_close (h);
              break;

            case 3:             /* CMAC.  */
              err = gcry_mac_open (&m, GCRY_MAC_CMAC_CAMELLIA, 0, NULL);
              if (!t_check (!err, "%s: gcry_mac_open", rel))
                break;
              err = gcry_mac_setkey (m, w.key, w.keylen);
              if (!err)
                err = gcry_mac_write (m, w.msg, w.msglen);
              if (!err)
                err = w.taglen ? gcry_mac_verify (m, w.tag, w.taglen)
                      : GPG_ERR_INV_ARG;
              ok = valid ? !err : err != 0;
              gcry_mac_close (m);
              break;
            }
          if (t_check (ok, "%s tcId %ld (%s)", rel, w.tcid, w.result))
            passed++;
        }
      free (text);
      t_check (count > 0, "%s: no tests", rel);
      printf ("%s: %s: %lu of %lu vectors passed\n", t_name, files[f],
              passed, count);
    }
}

/* NIST CAVP CMAC over Triple-DES (three keys; two keys with Key3 =
   Key1): CMACGenTDES3.rsp and CMACGenTDES2.rsp.  */
static void
run_tdes_cmac (const char *dir)
{
  static const char *const files[2] = { "CMACGenTDES3.rsp",
                                        "CMACGenTDES2.rsp" };
  static unsigned char msg[MAXMSG];
  unsigned char key[24], mac[16], out[16];
  char path[4400], where[4600];
  unsigned long count;
  gcry_mac_hd_t m;
  t_vec_t v;
  long mlen, tlen, klen;
  size_t f, n;

  for (f = 0; f < DIM (files); f++)
    {
      snprintf (path, sizeof path, "%s/nist-cavp/mac/cmactestvectors/%s",
                dir, files[f]);
      if (t_vec_open (&v, path, "Count"))
        {
          t_skip ("%s not found", path);
          continue;
        }
      count = 0;
      while (t_vec_next (&v))
        {
          snprintf (where, sizeof where, "%s line %lu", path,
                    v.record_line);
          klen = t_vec_hex (&v, "Key1", key, 8) == 8
                 && t_vec_hex (&v, "Key2", key + 8, 8) == 8
                 && t_vec_hex (&v, "Key3", key + 16, 8) == 8 ? 24 : -1;
          mlen = t_vec_long (&v, "Mlen", -1);
          tlen = t_vec_hex (&v, "Mac", mac, sizeof mac);
          if (!t_check (klen == 24 && mlen >= 0 && mlen <= MAXMSG && tlen > 0
                        && t_vec_hex (&v, "Msg", msg, sizeof msg)
                           >= (mlen ? mlen : 0),
                        "%s: unreadable", where))
            continue;
          count++;
          if (gcry_mac_open (&m, GCRY_MAC_CMAC_3DES, 0, NULL))
            {
              t_check (0, "%s: gcry_mac_open", where);
              continue;
            }
          n = sizeof out;
          t_check (!gcry_mac_setkey (m, key, 24)
                   && !gcry_mac_write (m, msg, mlen)
                   && !gcry_mac_read (m, out, &n) && n == 8
                   && !memcmp (out, mac, tlen), "%s", where);
          gcry_mac_close (m);
        }
      t_check (!v.errors && count > 0, "%s: %lu records", path, count);
      t_vec_close (&v);
    }
}

static void
test_vector_files (void)
{
  static const struct
  {
    const char *rel;
    int algo, mode;
  } pyca[] =
    {
      { "Blowfish/bf-ecb.txt", GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_MODE_ECB },
      { "Blowfish/bf-cbc.txt", GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_MODE_CBC },
      { "Blowfish/bf-cfb.txt", GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_MODE_CFB },
      { "Blowfish/bf-ofb.txt", GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_MODE_OFB },
      { "CAST5/cast5-ecb.txt", GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_ECB },
      { "CAST5/cast5-cbc.txt", GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_CBC },
      { "CAST5/cast5-cfb.txt", GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_CFB },
      { "CAST5/cast5-ofb.txt", GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_OFB },
      { "CAST5/cast5-ctr.txt", GCRY_CIPHER_CAST5, GCRY_CIPHER_MODE_CTR },
      { "IDEA/idea-ecb.txt", GCRY_CIPHER_IDEA, GCRY_CIPHER_MODE_ECB },
      { "IDEA/idea-cbc.txt", GCRY_CIPHER_IDEA, GCRY_CIPHER_MODE_CBC },
      { "IDEA/idea-cfb.txt", GCRY_CIPHER_IDEA, GCRY_CIPHER_MODE_CFB },
      { "IDEA/idea-ofb.txt", GCRY_CIPHER_IDEA, GCRY_CIPHER_MODE_OFB },
      { "Camellia/camellia-cbc.txt", GCRY_CIPHER_CAMELLIA128,
        GCRY_CIPHER_MODE_CBC },
      { "Camellia/camellia-cfb.txt", GCRY_CIPHER_CAMELLIA128,
        GCRY_CIPHER_MODE_CFB },
      { "Camellia/camellia-ofb.txt", GCRY_CIPHER_CAMELLIA128,
        GCRY_CIPHER_MODE_OFB },
    };
  static const char *const twofish[] =
    { "ECB_TBL.TXT", "ECB_E_M.TXT", "ECB_D_M.TXT" };
  const char *dir = t_vectors_dir ();
  size_t i;

  if (!dir)
    return;
  test_tdes_files (dir);
  run_tdes_cmac (dir);
  for (i = 0; i < DIM (pyca); i++)
    run_pyca_file (dir, pyca[i].rel, pyca[i].algo, pyca[i].mode);
  run_ntt_camellia (dir, "camellia-128-ecb.txt", 16);
  run_ntt_camellia (dir, "camellia-192-ecb.txt", 24);
  run_ntt_camellia (dir, "camellia-256-ecb.txt", 32);
  for (i = 0; i < DIM (twofish); i++)
    run_twofish_file (dir, twofish[i]);
  run_wycheproof_camellia (dir);
}


/*
 * Answers observed on upstream libgcrypt 1.12.2 for the modes with a
 * tag, two keys, stolen ciphertext or resynchronisation, where no
 * published vectors exist for these ciphers.  The inputs, which
 * test_upstream_answers builds the same way: key byte i = 13 i +
 * 7 ALGO_INDEX + KIND (ALGO_INDEX: the algorithm's place in ALGOS),
 * nonce/IV byte i = 0xa0 + 3 i + KIND, AAD = 0x30..0x3a, message byte
 * i = 5 i + 1, 37 bytes for 8-byte blocks and 45 for 16-byte ones
 * (CBC-MAC: four blocks; key wrap: 32 bytes); CFB is resynchronised
 * after 10 bytes.  A program built against upstream printed the table
 * (and the same program gives the same table with this library).
 */

enum
  {
    KAT_EAX = 1, KAT_CTS, KAT_CFB8, KAT_SYNC, KAT_CBCMAC, KAT_GCM, KAT_OCB,
    KAT_CCM, KAT_XTS, KAT_SIV, KAT_GCMSIV, KAT_WRAP
  };

static const struct
{
  int algo, kind;
  const char *ct, *tag;
} upstream_answers[] =
  {
    { GCRY_CIPHER_DES, KAT_EAX,
      "d1acfec7271bb43944cbcbcd210181cdbf91fc954c01c6d01650195f113579b4ad3376"
      "2aaa",
      "5db7b35443376b98" },
    { GCRY_CIPHER_DES, KAT_CTS,
      "4372a0cad02c97be6a56ab6c7c054553fdcad2b01fc79d411cd0f3a23cfdcc97db5348"
      "ad33",
      "" },
    { GCRY_CIPHER_DES, KAT_CFB8,
      "37bdc21dc9335a94298d531b557828f0c3154e32dbbe803eba80e2442f22704e955897"
      "7cbf",
      "" },
    { GCRY_CIPHER_DES, KAT_SYNC,
      "036c525d05e25646ac2dd4eb12113242c1e203911f6f7e0b14ca742d9eb707e74f8cda"
      "1f6e",
      "" },
    { GCRY_CIPHER_DES, KAT_CBCMAC,
      "96014f27c3af0017",
      "" },
    { GCRY_CIPHER_3DES, KAT_EAX,
      "3eb3e0b76356ff7be418f9b12d820510edd9676dcd9434377a8fc88aef60474c084a9b"
      "4dc6",
      "f8ad50a0018495fa" },
    { GCRY_CIPHER_3DES, KAT_CTS,
      "a708c161a906eb50b299d764beea731f926cbc9e91f77474ca365052aa40354d34f86e"
      "f96d",
      "" },
    { GCRY_CIPHER_3DES, KAT_CFB8,
      "66b18027a2b85befc7174b83b1e2046079f865c9aa5260541cc8968b042203fff91840"
      "f81c",
      "" },
    { GCRY_CIPHER_3DES, KAT_SYNC,
      "44d27b73205df86b6469ca5daec6d3878c5498f9ae262b834612c7aee88626beb8559c"
      "2627",
      "" },
    { GCRY_CIPHER_3DES, KAT_CBCMAC,
      "274cbd38bcea1775",
      "" },
    { GCRY_CIPHER_CAST5, KAT_EAX,
      "a81bf9baddbe89a2746211426d27425b74a1615a2ed44ae19af71bed53a5c8cb662534"
      "5904",
      "29645bd0159814f6" },
    { GCRY_CIPHER_CAST5, KAT_CTS,
      "03cf767b726fc3be153ec6901cf77792721ca25340c77c9336cb2010ff38a25223cbc9"
      "a3d0",
      "" },
    { GCRY_CIPHER_CAST5, KAT_CFB8,
      "1eba6483652381c61bab0d56743f93c414664aedd4fc087e82f8971f625ddd45de6bc2"
      "4b0c",
      "" },
    { GCRY_CIPHER_CAST5, KAT_SYNC,
      "ef468a10b47e0f2db97acad993efd121add2ca7b3ef3d7f892002ba8469c023f295f87"
      "79d9",
      "" },
    { GCRY_CIPHER_CAST5, KAT_CBCMAC,
      "db943ba30b05b449",
      "" },
    { GCRY_CIPHER_BLOWFISH, KAT_EAX,
      "a56a43d7932dff4422fd1484dcb33fd6a61d538c4ec9e0b248883ac0bfe48980a08b97"
      "a0f7",
      "9eb1f55de86c7530" },
    { GCRY_CIPHER_BLOWFISH, KAT_CTS,
      "f8f4515c9f004075d8d4bf2cf69e5017718f5fca5d76cc4808e610803ab185b1a37df8"
      "0b42",
      "" },
    { GCRY_CIPHER_BLOWFISH, KAT_CFB8,
      "997ab41955d596ef63b155a5b314b4b5a8c5805cb988bdc3e52be7f4ab76169f29f132"
      "9788",
      "" },
    { GCRY_CIPHER_BLOWFISH, KAT_SYNC,
      "8da723770dcded8b3c7a4be93cd80ae5a7c7b5f9d991619bc77c1454e555a6a7a3d310"
      "a940",
      "" },
    { GCRY_CIPHER_BLOWFISH, KAT_CBCMAC,
      "8b8eedd99156ce87",
      "" },
    { GCRY_CIPHER_IDEA, KAT_EAX,
      "a73d3bbd452966bff5a699d3c5cdcb7663e18790ce73dd95488fc4514dd614cf12def1"
      "166e",
      "cf87f86b89c3e3a5" },
    { GCRY_CIPHER_IDEA, KAT_CTS,
      "d4bda52ddffc618df2128e71bd97c647970a7a4387ef32539d5ca5f4c1c0568af06f1b"
      "84ec",
      "" },
    { GCRY_CIPHER_IDEA, KAT_CFB8,
      "a0fcab3f75a2dd6d2bcaa3df265e16cd397aceaf6704ad1a69ef7b956dc67e6fcf6c13"
      "68ea",
      "" },
    { GCRY_CIPHER_IDEA, KAT_SYNC,
      "f3308cf13eda896d1b5c8d73c006425a27e937f92e7aa1d008b2404ef50a189d12fe91"
      "5218",
      "" },
    { GCRY_CIPHER_IDEA, KAT_CBCMAC,
      "a9e5f3b2c7687e89",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_EAX,
      "962dbfd26b47603b3679eb157d39f4e2fa9eaba7883422f7547968a07d2b3d4865f07b"
      "30435b5650739e45280a",
      "9974b246e817a1cddf02ca6eaaf2a16c" },
    { GCRY_CIPHER_TWOFISH, KAT_CTS,
      "b8ccc892453e3e9665ccba36077f38b5d8efc9e0b4025ce40c64ad5a23b52596725138"
      "0425ce4b9c280c758ea1",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_CFB8,
      "cda7214dfdab3a7a805fce253b8fff9f9804843fcfe26f726db2802fbd737afca620dd"
      "3b61929aac71cad05119",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_SYNC,
      "43595d0782189df062635136b3935c7e48e16101b41e11934a44a298e2903cfaf6e522"
      "d44d3da41217981abc0e",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_CBCMAC,
      "668ca592f0e916671dbf77feeb610765",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_GCM,
      "51579bac8e48986f7f637c99ea3f057bdb843b36f21bfeeca5bc095467a2109f57a0fa"
      "418e523c5ac4f3ac54c4",
      "a81292a0521464814222435f1cd09741" },
    { GCRY_CIPHER_TWOFISH, KAT_OCB,
      "f36b2e03458433441924b4f093bc4ec11bd884b6aca390d2b34dbe074bb9e6de62db29"
      "2a5aa1c4347c85b80352",
      "acb0a6f6bd6eae8e4bb24d1a44222ce2" },
    { GCRY_CIPHER_TWOFISH, KAT_CCM,
      "b8b2a8222b87a3ee42e3154d6ccd905b98bbc907539db8bc0bf9c23c801258a3e77b32"
      "160ef115b65038e42981",
      "9159242cdc61f40f3563" },
    { GCRY_CIPHER_TWOFISH, KAT_XTS,
      "db3959f9d268be0cc35bfd3654f48737fe3581637c0bbbd48e79641525e7186ce06d4f"
      "dfd1d8a086ec2de16609",
      "" },
    { GCRY_CIPHER_TWOFISH, KAT_SIV,
      "4de2d69620ab9e8ef781b24a9ba9e328e31b2f952dafdee12bf560f5b40d0b7d544e68"
      "85d9b6dad8c1b5b19609",
      "1fc3dfc250312c328533cd2fe2c6ccc1" },
    { GCRY_CIPHER_TWOFISH, KAT_GCMSIV,
      "7819a807bcd435e8e5d22a70310d3aa26624f51fd97771884fc93470fb0b76621a7d9f"
      "3dc7c104544c2c85820f",
      "5e66051fff07c6f2570a2866d2110a2a" },
    { GCRY_CIPHER_TWOFISH, KAT_WRAP,
      "95d5c2592a85785e333dd4d2a96ac2bc47951d347aee6cccd5acca208afe4446245a03"
      "9f859cb11b",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_EAX,
      "e05103a24a5e11c9315b0d049534844532ee0d4ecd83157778217dc458edc330a33226"
      "a175aa4db01fd831abc0",
      "f3b3b1e7dcba6a7a2f6c2725979a3993" },
    { GCRY_CIPHER_TWOFISH128, KAT_CTS,
      "757f8e50b937a4edd98871a765ab628bcfad7527d4e8093c1a00f69e26c55df8540b71"
      "518c2b5b67e676bf1b5f",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_CFB8,
      "b69db883b955d67775525ce4b300caf8a51a800f4d82289a88958f43a3e3e59b9206da"
      "bf73eba988630ef7c966",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_SYNC,
      "6aa7e108d4a868e83643a6bb518ca972d8d72265034b1d7ad1bc297f1a330826c07246"
      "2a8056f3326048ce9e35",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_CBCMAC,
      "a4a56d3977d24835a851d839f92de667",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_GCM,
      "7e332a0608e9785837213f0f2471d0527721f929655c61f86877202757ab9192818b6a"
      "bf6d592e825442a5857b",
      "8330174fcbcfb3cc32ca38ea7017513f" },
    { GCRY_CIPHER_TWOFISH128, KAT_OCB,
      "a9f640a5264842ecd4414e47c2d19c62d7d4939aac585174b00bd9c419963a726a7d0d"
      "a15fe675c69152307997",
      "fbe3452cc9650db8f3635be9ec95b05e" },
    { GCRY_CIPHER_TWOFISH128, KAT_CCM,
      "7b5db3a1fce72ee62d97431197300b26ddd76ebb55e6688fda15158af43212e87d39d3"
      "dc0ece7a1566721f4015",
      "01f3ddc7173319ba93fe" },
    { GCRY_CIPHER_TWOFISH128, KAT_XTS,
      "8422bc7020ff7f7f1156efe00de95a7bbcf4f56a7ca8f24b69557eaa799e3793c8961d"
      "022e30e3c63678d3fb71",
      "" },
    { GCRY_CIPHER_TWOFISH128, KAT_SIV,
      "d0b8ebc3218c8f159927f1a863e7be68609404299ad3681aa2617a433e3749d650f12b"
      "da12f0b03d1f326fe71a",
      "f47d8b7b8194939f26bafe28b3f8284b" },
    { GCRY_CIPHER_TWOFISH128, KAT_GCMSIV,
      "859bc8be4f9bbeaef55839230c8e8891e25c00a5e17546dd2614448124367c5c64a55e"
      "e52d1ca475ea40c005ae",
      "e192a14be70d295026f6a6a932826904" },
    { GCRY_CIPHER_TWOFISH128, KAT_WRAP,
      "7eedd2c5a95bcef86b5244dd6f41ed8310ab02316c4e51bb9942c5ccc2b1d193c00d2d"
      "419a385dc7",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_EAX,
      "15c632aa8104b66b29c4349e0ce7f3bb774c3c1f8d004c8a7bdac582c097274978f4bd"
      "43636b8623503945af7f",
      "403021b4f09fb6ba5770192ee071a498" },
    { GCRY_CIPHER_CAMELLIA128, KAT_CTS,
      "258e2fbe857bd5233c1f6e35b7af64128a3ce1ad98055c5f4a35175ee9ba65ee1cf4a2"
      "9af99c12d2e848cec4d1",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_CFB8,
      "b5fec67c3044225dab3c5013765da8597abd22e93f84b84f50df56d1573cd6a6a92617"
      "4783745e922771d23695",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_SYNC,
      "2a23bd54a0b3c46664ba387c6a871757c96f5b69c834a26935ddf436d44a5a82e11528"
      "236332784a7e529d183a",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_CBCMAC,
      "23a5b9a2595a3fe30275d074b1de5617",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_GCM,
      "268589b122d61874ac9a06a941437e4028b5e7c6a737a2f05ecda19d8e4b92c11b13e2"
      "50463eda2e711d1041db",
      "0b2374647176338292d743713996cdc2" },
    { GCRY_CIPHER_CAMELLIA128, KAT_OCB,
      "770bc491e63fe4f317769d4a746a68c674087a46251ef6f0097b22e5f5b960c9628bef"
      "50b807dcd8fc41479d8d",
      "468a061db36872a3e1cdb279d14cbb6f" },
    { GCRY_CIPHER_CAMELLIA128, KAT_CCM,
      "eafe1e0b66bd8e1aa7125dd755c3ef737b224f8517b3d7f8aef96705a4a5bf99a44f2d"
      "dd9cc8def02206663627",
      "9ea078306b2607b1b2a5" },
    { GCRY_CIPHER_CAMELLIA128, KAT_XTS,
      "0c56999af0c60dfda99cc4ce3609fc82f1d274bead9c5c40edf934332472dd72ee73a4"
      "c45a7a51276f82f240a0",
      "" },
    { GCRY_CIPHER_CAMELLIA128, KAT_SIV,
      "19ed3425b5e4039c9dcaa063513079d68fdde25efe3cc36637cb1d13e3fa5e894c8406"
      "feb57201635b4672b404",
      "5e8a6796d1625aff591064660479f8e0" },
    { GCRY_CIPHER_CAMELLIA128, KAT_GCMSIV,
      "d2180504f7ed2cb5642cb0f70c4968409c41df7bbb3d8b4db6b689e7b7326715c29097"
      "fc2375cb3509bb214b70",
      "fc816eee6e2572ed9ab3cb0e80e46210" },
    { GCRY_CIPHER_CAMELLIA128, KAT_WRAP,
      "937fcc96f1cf689426d17015cbcc3b2791e8df6ad8e99aadf62ae40fdcaeb214fe002f"
      "1f6f700ea3",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_EAX,
      "e250744ce8735cdf0c4adb07ee2b12506f50393af7c775cf809945cd94baa8015af83b"
      "f1c74d9efa7c5229d4ba",
      "803e39920d6b3a4c7b0ae10919ecb894" },
    { GCRY_CIPHER_CAMELLIA192, KAT_CTS,
      "1fc9a1a8319be04bea4b4fd998bb8e573f972ce506f7028034929cfbfe6a2d9533b4fa"
      "bdd65b50c7e677bb636d",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_CFB8,
      "b365c76b250e8c0a5669376b979c8e26b5df55dbbc42200bae9d7d467a22c722281a5c"
      "443ce20199e41fa54146",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_SYNC,
      "00f533877ed830aa5e5b26acb09edc001d9c8c7270b26931e03b332b2897a8b2fbc9c8"
      "a117a6923e18561fea83",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_CBCMAC,
      "03aa9d4bba95967f81ab44f17a6ba7c0",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_GCM,
      "b0f69dea35669a9ea31538b094f32591bbc877fe6dea873159a2375b4010732b7c9926"
      "9c83841bd2aaac054533",
      "d210bd0dc75f5979d866ad85f29be0a9" },
    { GCRY_CIPHER_CAMELLIA192, KAT_OCB,
      "28f6fabc57e79ffc363d3b50114c9c105138d3ae8946a4fe2151e618f337c62aec66ac"
      "2e44a20ddacb552f04c4",
      "8b9fcd738c67b2024f5c2c481911c856" },
    { GCRY_CIPHER_CAMELLIA192, KAT_CCM,
      "2a55a42d14214eac09fdfea45c7587df67eab3fa741617f91ce822fb6039fd927734a6"
      "3c0f461aa1b18c8e5b58",
      "f187ac089602ef6e46c4" },
    { GCRY_CIPHER_CAMELLIA192, KAT_XTS,
      "ea580128a7cf4499597ceab90e23d6daa3cd600b0cd5ec24307a212b3902d263338077"
      "a648eaa229d601198416",
      "" },
    { GCRY_CIPHER_CAMELLIA192, KAT_SIV,
      "2fe3dfe13cdd3f6966ad3c7581adbacaff167e72f408f744c92399e314dcaa9c5b8854"
      "d85ed8350c3fca93f67c",
      "527fb8890bb2e1cfed65ef8eb07a8650" },
    { GCRY_CIPHER_CAMELLIA192, KAT_GCMSIV,
      "f9c24b291c1b624da1157f5522fc04555bb80c219893d7a732ae47f973adfec7bf7228"
      "f6eac75eac4f99fa75f6",
      "d715927fb40e0fd2341fd902831366d4" },
    { GCRY_CIPHER_CAMELLIA192, KAT_WRAP,
      "8645369affa2b39273bb749b2db6b8c5e0f9c73d5dd2f83e71bcfbddb1c467694dde18"
      "02d4a70d5a",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_EAX,
      "6c6587d1555ccfe79ec31f1eb62f6d479251a5dd9aa8fd63e4c52b9bb94c5140572524"
      "4b2de61bd6d45182ab65",
      "ae8308e38c56ed6b17043fdd42758989" },
    { GCRY_CIPHER_CAMELLIA256, KAT_CTS,
      "b1e52e4279e0c56928b1610cf4569bcf20e9d92de3d3642e419292789c7a1e494c47d2"
      "debd8488fbc7ea9b1afe",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_CFB8,
      "f59be8e1539af364c71d96b12d9b73830445827abaa3431a738265d0bfa9d7806f2711"
      "4313e46e42e048003edc",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_SYNC,
      "82951773cce4f76983f14544c82e78397756c92a85064c84c483d2eb79a19ebc32135a"
      "717b0c421aff34ff6640",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_CBCMAC,
      "78a1fa7dc6265409ae46e2874e0c905c",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_GCM,
      "beea6def72344322fa18a5cd17e2e171bbff5386c78766ff468818f1957cfc59c3cd8e"
      "7695f6a268a00f6ed534",
      "a22c4800f620a90265208433a9ab0f1a" },
    { GCRY_CIPHER_CAMELLIA256, KAT_OCB,
      "90c1dec80bd5023a4e4f83a096a8fa204492191653e6a433a9528020b55c657187e3a2"
      "2f2700a37431176d5237",
      "5dbc06701df5d3c5b71460bf84a5f5cf" },
    { GCRY_CIPHER_CAMELLIA256, KAT_CCM,
      "72f2fb6f7a54a16bbf304191d209422e72f2b1874a89ff9c59767ea3589bf28d8cdd80"
      "09446f27fbf9b31fc365",
      "5ee1ee6848376cdf74bc" },
    { GCRY_CIPHER_CAMELLIA256, KAT_XTS,
      "9d05480f56fe3327e56a8ef80ea8f13e9083d06c6f8529ab8d32b9bf90ee461d2fcd4e"
      "ed7b1c6451039bc05f32",
      "" },
    { GCRY_CIPHER_CAMELLIA256, KAT_SIV,
      "0b2515f8bbcf92ec7cad3d027e887a455a649e0ec55a1d18ba87fb08c85c92c2960bf9"
      "bb0589a21d501b2bb554",
      "8bb94a9eb46a68ab295c62fd4cfbcd38" },
    { GCRY_CIPHER_CAMELLIA256, KAT_GCMSIV,
      "fc4bd67592d0b73d8002f40bd47bf1c2602da28f521357795b441dd56f6dc1858d4bb0"
      "249ab22e2d65228459a7",
      "4a17d84125e0a08764d7526b57fd2103" },
    { GCRY_CIPHER_CAMELLIA256, KAT_WRAP,
      "7caee96d76b0df4b05d9a6f9ed5a65187f05eb655ecb2e74fc115d7c9bfcdaf5d2051c"
      "8fe5920bdf",
      "" },
  };

static void
test_upstream_answers (void)
{
  unsigned char key[64], iv[16], aad[11], msg[64], ct[80], tag[16];
  unsigned char want[80], wanttag[16], back[80];
  size_t i, j, ai, bs, kl, klen, ivlen, len, taglen, ctlen, done[13];
  int mode, kind, algo;
  unsigned int flags;
  gcry_cipher_hd_t h;
  gcry_error_t err;

  memset (done, 0, sizeof done);
  for (i = 0; i < DIM (upstream_answers); i++)
    {
      algo = upstream_answers[i].algo;
      kind = upstream_answers[i].kind;
      for (ai = 0; algos[ai].algo != algo; ai++)
        ;
      bs = algos[ai].blocksize;
      kl = algos[ai].keylen;
      for (j = 0; j < 64; j++)
        {
          key[j] = (unsigned char) (j * 13 + ai * 7 + kind);
          msg[j] = (unsigned char) (j * 5 + 1);
        }
      for (j = 0; j < 16; j++)
        iv[j] = (unsigned char) (0xa0 + j * 3 + kind);
      for (j = 0; j < 11; j++)
        aad[j] = (unsigned char) (0x30 + j);
      len = bs == 8 ? 37 : 45;
      flags = 0;
      ivlen = bs;
      klen = kl;
      taglen = 0;
      switch (kind)
        {
        case KAT_EAX: mode = GCRY_CIPHER_MODE_EAX; ivlen = 13; taglen = bs;
          break;
        case KAT_CTS: mode = GCRY_CIPHER_MODE_CBC;
          flags = GCRY_CIPHER_CBC_CTS; break;
        case KAT_CFB8: mode = GCRY_CIPHER_MODE_CFB8; break;
        case KAT_SYNC: mode = GCRY_CIPHER_MODE_CFB;
          flags = GCRY_CIPHER_ENABLE_SYNC; break;
        case KAT_CBCMAC: mode = GCRY_CIPHER_MODE_CBC;
          flags = GCRY_CIPHER_CBC_MAC; len = 4 * bs; break;
        case KAT_GCM: mode = GCRY_CIPHER_MODE_GCM; ivlen = 12; taglen = 16;
          break;
        case KAT_OCB: mode = GCRY_CIPHER_MODE_OCB; ivlen = 12; taglen = 16;
          break;
        case KAT_CCM: mode = GCRY_CIPHER_MODE_CCM; ivlen = 11; taglen = 10;
          break;
        case KAT_XTS: mode = GCRY_CIPHER_MODE_XTS; klen = 2 * kl; break;
        case KAT_SIV: mode = GCRY_CIPHER_MODE_SIV; klen = 2 * kl; ivlen = 12;
          taglen = 16; break;
        case KAT_GCMSIV: mode = GCRY_CIPHER_MODE_GCM_SIV; ivlen = 12;
          taglen = 16; klen = kl == 24 ? 32 : kl; break;
        default: mode = GCRY_CIPHER_MODE_AESWRAP; len = 32; break;
        }
      ctlen = kind == KAT_WRAP ? len + 8 : kind == KAT_CBCMAC ? bs : len;
      if (!t_check ((size_t) t_unhex (upstream_answers[i].ct, want,
                                      sizeof want) == ctlen
                    && (size_t) t_unhex (upstream_answers[i].tag, wanttag,
                                         sizeof wanttag) == taglen,
                    "%s kind %d: table row", algos[ai].name, kind))
        continue;

      h = open_keyed (algo, mode, flags, key, klen, algos[ai].name);
      if (!h)
        continue;
      err = 0;
      if (kind == KAT_SIV)
        err = gcry_cipher_authenticate (h, aad, sizeof aad);
      if (!err && kind != KAT_WRAP)
        err = gcry_cipher_setiv (h, iv, ivlen);
      if (!err && kind == KAT_CCM)
        {
          uint64_t lens[3] = { len, sizeof aad, taglen };

          err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens,
                                 sizeof lens);
        }
      if (!err && taglen && kind != KAT_SIV)
        err = gcry_cipher_authenticate (h, aad, sizeof aad);
      if (!err && kind == KAT_SYNC)
        {
          err = gcry_cipher_encrypt (h, ct, 10, msg, 10);
          if (!err)
            err = gcry_cipher_sync (h);
          if (!err)
            err = gcry_cipher_encrypt (h, ct + 10, len - 10, msg + 10,
                                       len - 10);
        }
      else if (!err)
        {
          if (kind == KAT_OCB)
            gcry_cipher_final (h);
          err = gcry_cipher_encrypt (h, ct, ctlen, msg, len);
        }
      if (!err && taglen)
        err = gcry_cipher_gettag (h, tag, taglen);
      if (!t_check (!err && !memcmp (ct, want, ctlen)
                    && !memcmp (tag, wanttag, taglen),
                    "%s kind %d: upstream's answer (%s)", algos[ai].name,
                    kind, gcry_strerror (err)))
        {
          t_hexdump ("got", ct, ctlen);
          t_hexdump ("want", want, ctlen);
        }

      /* And back, checking the tag.  */
      if (kind != KAT_CBCMAC)
        {
          gcry_cipher_reset (h);
          err = 0;
          if (kind == KAT_SIV)
            {
              err = gcry_cipher_authenticate (h, aad, sizeof aad);
              if (!err)
                err = gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG,
                                       wanttag, taglen);
            }
          if (!err && kind != KAT_WRAP)
            err = gcry_cipher_setiv (h, iv, ivlen);
          if (!err && kind == KAT_CCM)
            {
              uint64_t lens[3] = { len, sizeof aad, taglen };

              err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens,
                                     sizeof lens);
            }
          if (!err && taglen && kind != KAT_SIV)
            err = gcry_cipher_authenticate (h, aad, sizeof aad);
          /* GCM-SIV takes the tag after the AAD (as upstream).  */
          if (!err && kind == KAT_GCMSIV)
            err = gcry_cipher_ctl (h, GCRYCTL_SET_DECRYPTION_TAG, wanttag,
                                   taglen);
          if (!err && kind == KAT_SYNC)
            {
              err = gcry_cipher_decrypt (h, back, 10, want, 10);
              if (!err)
                err = gcry_cipher_sync (h);
              if (!err)
                err = gcry_cipher_decrypt (h, back + 10, len - 10, want + 10,
                                           len - 10);
            }
          else if (!err)
            {
              if (kind == KAT_OCB)
                gcry_cipher_final (h);
              err = gcry_cipher_decrypt (h, back, len, want, ctlen);
            }
          if (!err && taglen && kind != KAT_SIV && kind != KAT_GCMSIV)
            err = gcry_cipher_checktag (h, wanttag, taglen);
          t_check (!err && !memcmp (back, msg, len),
                   "%s kind %d: decryption (%s)", algos[ai].name, kind,
                   gcry_strerror (err));
        }
      gcry_cipher_close (h);
      done[kind]++;
    }
  t_check (done[KAT_EAX] == DIM (algos) && done[KAT_GCM] == 5
           && done[KAT_WRAP] == 5, "every algorithm has its answers");
}

/* Which modes open with a 64-bit block cipher, and the answers of a
   few calls, as upstream gives them.  */
static void
test_mode_acceptance (void)
{
  static const struct
  {
    int mode;
    int open_8;         /* Open with an 8-byte block cipher.  */
  } modes[] =
    {
      { GCRY_CIPHER_MODE_ECB, 0 }, { GCRY_CIPHER_MODE_CBC, 0 },
      { GCRY_CIPHER_MODE_CFB, 0 }, { GCRY_CIPHER_MODE_CFB8, 0 },
      { GCRY_CIPHER_MODE_OFB, 0 }, { GCRY_CIPHER_MODE_CTR, 0 },
      { GCRY_CIPHER_MODE_EAX, 0 }, { GCRY_CIPHER_MODE_AESWRAP, 0 },
      { GCRY_CIPHER_MODE_STREAM, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_CCM, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_GCM, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_POLY1305, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_OCB, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_XTS, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_SIV, GPG_ERR_INV_CIPHER_MODE },
      { GCRY_CIPHER_MODE_GCM_SIV, GPG_ERR_INV_CIPHER_MODE },
    };
  unsigned char key[64], buf[64], out[80], iv[16];
  gcry_cipher_hd_t h;
  gcry_error_t err;
  size_t i, j, bad;

  memset (key, 0x11, sizeof key);
  memset (buf, 0x22, sizeof buf);
  memset (iv, 0x33, sizeof iv);
  for (i = 0; i < DIM (algos); i++)
    {
      bad = 0;
      for (j = 0; j < DIM (modes); j++)
        {
          int want = algos[i].blocksize == 8 ? modes[j].open_8
                     : modes[j].mode == GCRY_CIPHER_MODE_STREAM
                       || modes[j].mode == GCRY_CIPHER_MODE_POLY1305
                       ? GPG_ERR_INV_CIPHER_MODE : 0;

          err = gcry_cipher_open (&h, algos[i].algo, modes[j].mode, 0);
          if (code (err) != want)
            {
              fprintf (stderr, "%s mode %d: open gave %s\n", algos[i].name,
                       modes[j].mode, gcry_strerror (err));
              bad++;
            }
          if (!err)
            gcry_cipher_close (h);
        }
      t_check (!bad, "%s: the modes upstream opens", algos[i].name);

      /* Upstream: key wrap needs 16-byte blocks (GPG_ERR_INV_LENGTH at
         use); setctr takes exactly one block; setiv warns but takes
         any length.  */
      if (algos[i].blocksize == 8)
        {
          h = open_keyed (algos[i].algo, GCRY_CIPHER_MODE_AESWRAP, 0, key,
                          algos[i].keylen, algos[i].name);
          if (h)
            {
              t_check (code (gcry_cipher_encrypt (h, out, sizeof out, buf,
                                                  16)) == GPG_ERR_INV_LENGTH
                       && code (gcry_cipher_decrypt (h, out, sizeof out, buf,
                                                     24))
                          == GPG_ERR_INV_LENGTH,
                       "%s: key wrap refused", algos[i].name);
              gcry_cipher_close (h);
            }
        }
      h = open_keyed (algos[i].algo, GCRY_CIPHER_MODE_CTR, 0, key,
                      algos[i].keylen, algos[i].name);
      if (h)
        {
          t_check (!gcry_cipher_setctr (h, iv, algos[i].blocksize)
                   && code (gcry_cipher_setctr (h, iv,
                                                24 - algos[i].blocksize))
                      == GPG_ERR_INV_ARG
                   && code (gcry_cipher_setctr (h, iv, 4))
                      == GPG_ERR_INV_ARG
                   && !gcry_cipher_setctr (h, NULL, 0),
                   "%s: setctr lengths", algos[i].name);
          gcry_cipher_close (h);
        }
    }
}


/*
 * Every generic mode against a model built from single-block ECB.
 */

/* The model's block function: ECB through its own handle.  */
typedef struct
{
  gcry_cipher_hd_t ecb;
  size_t bs;
} model_t;

static void
model_block (model_t *m, int encrypt, unsigned char *out,
             const unsigned char *in)
{
  if (encrypt)
    gcry_cipher_encrypt (m->ecb, out, m->bs, in, m->bs);
  else
    gcry_cipher_decrypt (m->ecb, out, m->bs, in, m->bs);
}

static void
xor_into (unsigned char *dst, const unsigned char *src, size_t n)
{
  while (n--)
    *dst++ ^= *src++;
}

/* CBC; with CTS (the Kerberos variant upstream has: for more than one
   block, the last two ciphertext blocks swapped, the final one
   truncated, also for block multiples); with MAC only the last block.
   LEN is valid for the variant.  */
static void
model_cbc (model_t *m, int encrypt, int cts, const unsigned char *iv,
           unsigned char *out, const unsigned char *in, size_t len)
{
  unsigned char reg[16], x[16], pad[16], cn1[16];
  size_t bs = m->bs, nfull, rest, i;

  memcpy (reg, iv, bs);
  if (!cts || len <= bs)
    {
      for (i = 0; i + bs <= len; i += bs)
        if (encrypt)
          {
            memcpy (x, in + i, bs);
            xor_into (x, reg, bs);
            model_block (m, 1, reg, x);
            memcpy (out + i, reg, bs);
          }
        else
          {
            model_block (m, 0, x, in + i);
            xor_into (x, reg, bs);
            memcpy (reg, in + i, bs);
            memcpy (out + i, x, bs);
          }
      return;
    }
  rest = len % bs ? len % bs : bs;
  nfull = (len - rest) / bs - 1;  /* Blocks before the last two.  */
  model_cbc (m, encrypt, 0, iv, out, in, nfull * bs);
  if (nfull)
    memcpy (reg, encrypt ? out + (nfull - 1) * bs
            : in + (nfull - 1) * bs, bs);
  in += nfull * bs;
  out += nfull * bs;
  if (encrypt)
    {
      /* C[n-1] = E(P[n-1] ^ reg); C[n] = E((P[n] || 0) ^ C[n-1]);
         output C[n], then C[n-1] truncated.  */
      memcpy (x, in, bs);
      xor_into (x, reg, bs);
      model_block (m, 1, cn1, x);
      memset (pad, 0, bs);
      memcpy (pad, in + bs, rest);
      xor_into (pad, cn1, bs);
      model_block (m, 1, out, pad);
      memcpy (out + bs, cn1, rest);
    }
  else
    {
      /* D(C[n]) = (P[n] || 0) ^ C[n-1], C[n-1] = tail || rest of it.  */
      model_block (m, 0, x, in);
      memcpy (cn1, in + bs, rest);
      memcpy (cn1 + rest, x + rest, bs - rest);
      for (i = 0; i < rest; i++)
        out[bs + i] = x[i] ^ cn1[i];
      model_block (m, 0, x, cn1);
      xor_into (x, reg, bs);
      memcpy (out, x, bs);
    }
}

/* CFB over LEN bytes with OpenPGP resynchronisation after each offset
   in SYNC_AT (ascending, SYNC_N of them): the register becomes the last
   block of IV || ciphertext so far.  Byte by byte, from the
   definition.  */
static void
model_cfb (model_t *m, int encrypt, const unsigned char *iv,
           unsigned char *out, const unsigned char *in, size_t len,
           const size_t *sync_at, size_t sync_n)
{
  static unsigned char hist[16 + MAXMSG];       /* IV || ciphertext.  */
  unsigned char ks[16];
  size_t bs = m->bs, i, pos = 0, s = 0;

  memcpy (hist, iv, bs);
  for (i = 0; i < len; i++)
    {
      while (s < sync_n && sync_at[s] == i)
        {
          pos = 0;
          s++;
        }
      if (!pos)
        model_block (m, 1, ks, hist + i);   /* Last BS bytes of hist.  */
      out[i] = in[i] ^ ks[pos];
      hist[bs + i] = encrypt ? out[i] : in[i];
      pos = (pos + 1) % bs;
    }
}

/* CFB8: the register shifts by one ciphertext byte per byte.  */
static void
model_cfb8 (model_t *m, int encrypt, const unsigned char *iv,
            unsigned char *out, const unsigned char *in, size_t len)
{
  unsigned char reg[16], ks[16], c;
  size_t bs = m->bs, i;

  memcpy (reg, iv, bs);
  for (i = 0; i < len; i++)
    {
      model_block (m, 1, ks, reg);
      c = encrypt ? (unsigned char) (in[i] ^ ks[0]) : in[i];
      out[i] = in[i] ^ ks[0];
      memmove (reg, reg + 1, bs - 1);
      reg[bs - 1] = c;
    }
}

/* OFB and CTR keystreams.  CTR: the whole block a big-endian counter.  */
static void
model_stream (model_t *m, int ctr, const unsigned char *iv,
              unsigned char *out, const unsigned char *in, size_t len)
{
  unsigned char reg[16], ks[16];
  size_t bs = m->bs, i, j;

  memcpy (reg, iv, bs);
  for (i = 0; i < len; i++)
    {
      if (i % bs == 0)
        {
          model_block (m, 1, ks, reg);
          if (ctr)
            for (j = bs; j-- && !++reg[j];)
              ;
          else
            memcpy (reg, ks, bs);
        }
      out[i] = in[i] ^ ks[i % bs];
    }
}

/* The library's answer for MODE over LEN bytes: random pieces (whole
   blocks for ECB and plain CBC; with CTS or CBC-MAC one call), in place
   or not, misaligned; CFB with a gcry_cipher_sync after each offset in
   SYNC_AT.  */
static gcry_error_t
library_run (gcry_cipher_hd_t h, int mode, unsigned int flags, int encrypt,
             size_t bs, const unsigned char *iv, unsigned char *out,
             const unsigned char *in, size_t len, const size_t *sync_at,
             size_t sync_n)
{
  size_t off = 0, n, s = 0, unit;
  gcry_error_t err = 0;
  /* In place or not (CBC-MAC's output is one block: never in place).  */
  int in_place = !(flags & GCRY_CIPHER_CBC_MAC) && t_rnd (2);

  gcry_cipher_reset (h);
  if (mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (h, iv, bs);
  else if (mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (h, iv, bs);
  if (in_place)
    memmove (out, in, len);
  if ((flags & (GCRY_CIPHER_CBC_CTS | GCRY_CIPHER_CBC_MAC)))
    return err ? err : encrypt
           ? gcry_cipher_encrypt (h, out, (flags & GCRY_CIPHER_CBC_MAC)
                                  ? bs : len, in_place ? NULL : in,
                                  in_place ? 0 : len)
           : gcry_cipher_decrypt (h, out, len, in_place ? NULL : in,
                                  in_place ? 0 : len);
  unit = mode == GCRY_CIPHER_MODE_ECB || mode == GCRY_CIPHER_MODE_CBC
         ? bs : 1;
  while (!err && off < len)
    {
      /* Resynchronise where asked (a sync at a block boundary, the
         start included, changes nothing), and end the next piece at the
         next sync point.  */
      for (; !err && s < sync_n && sync_at[s] <= off; s++)
        if (sync_at[s] == off)
          err = gcry_cipher_sync (h);
      n = t_rnd (3) ? 1 + t_rnd (3 * bs) : 1 + t_rnd (len - off);
      if (n > len - off)
        n = len - off;
      if (s < sync_n && off + n > sync_at[s])
        n = sync_at[s] - off;
      n = (n + unit - 1) / unit * unit;
      if (err)
        break;
      if (encrypt)
        err = in_place ? gcry_cipher_encrypt (h, out + off, n, NULL, 0)
              : gcry_cipher_encrypt (h, out + off, n, in + off, n);
      else
        err = in_place ? gcry_cipher_decrypt (h, out + off, n, NULL, 0)
              : gcry_cipher_decrypt (h, out + off, n, in + off, n);
      off += n;
    }
  return err;
}

#define MODEL_CBC 0
#define MODEL_CTS 1
#define MODEL_MAC 2
#define MODEL_CFB 3
#define MODEL_SYNC 4
#define MODEL_CFB8 5
#define MODEL_OFB 6
#define MODEL_CTR 7
#define MODEL_ECB 8

static const char *const model_names[] =
  { "CBC", "CBC-CTS", "CBC-MAC", "CFB", "CFB+sync", "CFB8", "OFB", "CTR",
    "ECB" };

static void
test_generic_modes (void)
{
  static unsigned char pt[MAXMSG + 32], ct[MAXMSG + 32], want[MAXMSG],
    got[MAXMSG + 32];
  unsigned char key[72], iv[16];
  size_t ai, kind, iter, len, bs, keylen, sync_at[8], sync_n, i;
  unsigned long cases = 0, bad;
  unsigned int flags;
  int mode, encrypt;
  model_t m;
  gcry_cipher_hd_t h;
  gcry_error_t err;

  for (ai = 0; ai < DIM (algos); ai++)
    for (kind = 0; kind < DIM (model_names); kind++)
      {
        bs = algos[ai].blocksize;
        bad = 0;
        for (iter = 0; iter < 24; iter++)
          {
            keylen = pick_keylen (&algos[ai]);
            t_rnd_bytes (key, keylen);
            t_rnd_bytes (iv, bs);
            /* CTR: counters about to carry across 32 bits, the lower
               half, and the whole block.  */
            if (kind == MODEL_CTR && iter < 9)
              memset (iv + (iter % 3 == 0 ? bs - 4 : iter % 3 == 1 ? bs / 2
                            : 0), 0xff, iter % 3 == 0 ? 4
                      : iter % 3 == 1 ? bs / 2 : bs);
            len = iter < 8 ? iter * 5 : t_rnd (MAXMSG + 1);
            switch (kind)
              {
              case MODEL_CBC: case MODEL_ECB:
                len -= len % bs;
                break;
              case MODEL_MAC:
                len -= len % bs;
                if (!len)
                  len = bs;
                break;
              case MODEL_CTS:
                if (len < bs)
                  len = bs + len;
                break;
              }
            t_rnd_bytes (pt, len);
            sync_n = 0;
            if (kind == MODEL_SYNC)
              for (sync_n = 1 + t_rnd (4), i = 0; i < sync_n; i++)
                sync_at[i] = len ? (i ? sync_at[i - 1] : 0)
                             + t_rnd (len / sync_n + 1) : 0;

            mode = kind <= MODEL_MAC ? GCRY_CIPHER_MODE_CBC
                   : kind <= MODEL_SYNC ? GCRY_CIPHER_MODE_CFB
                   : kind == MODEL_CFB8 ? GCRY_CIPHER_MODE_CFB8
                   : kind == MODEL_OFB ? GCRY_CIPHER_MODE_OFB
                   : kind == MODEL_CTR ? GCRY_CIPHER_MODE_CTR
                   : GCRY_CIPHER_MODE_ECB;
            flags = kind == MODEL_CTS ? GCRY_CIPHER_CBC_CTS
                    : kind == MODEL_MAC ? GCRY_CIPHER_CBC_MAC
                    : kind == MODEL_SYNC ? GCRY_CIPHER_ENABLE_SYNC : 0;
            m.bs = bs;
            m.ecb = open_keyed (algos[ai].algo, GCRY_CIPHER_MODE_ECB, 0, key,
                                keylen, "model");
            h = open_keyed (algos[ai].algo, mode, flags, key, keylen,
                            "library");
            if (!m.ecb || !h)
              {
                gcry_cipher_close (m.ecb);
                gcry_cipher_close (h);
                bad++;
                continue;
              }
            for (encrypt = 1; encrypt >= 0; encrypt--)
              {
                const unsigned char *src = encrypt ? pt : ct;
                size_t outlen = kind == MODEL_MAC ? bs : len;

                if (!encrypt && kind == MODEL_MAC)
                  break;        /* CBC-MAC decrypts as plain CBC.  */
                switch (kind)
                  {
                  case MODEL_CBC: case MODEL_CTS:
                    model_cbc (&m, encrypt, kind == MODEL_CTS, iv, want, src,
                               len);
                    break;
                  case MODEL_MAC:
                    model_cbc (&m, 1, 0, iv, ct, pt, len);
                    memcpy (want, ct + len - bs, bs);
                    break;
                  case MODEL_CFB: case MODEL_SYNC:
                    model_cfb (&m, encrypt, iv, want, src, len, sync_at,
                               sync_n);
                    break;
                  case MODEL_CFB8:
                    model_cfb8 (&m, encrypt, iv, want, src, len);
                    break;
                  case MODEL_OFB: case MODEL_CTR:
                    model_stream (&m, kind == MODEL_CTR, iv, want, src, len);
                    break;
                  default:
                    for (i = 0; i < len; i += bs)
                      model_block (&m, encrypt, want + i, src + i);
                    break;
                  }
                /* Misaligned, and with a guard byte after the output.  */
                memset (got, GUARD, sizeof got);
                err = library_run (h, mode, flags, encrypt, bs, iv,
                                   got + (iter & 7), src, len, sync_at,
                                   sync_n);
                if (err || memcmp (got + (iter & 7), want, outlen)
                    || !t_all_bytes (got, iter & 7, GUARD)
                    || got[(iter & 7) + outlen] != GUARD)
                  {
                    fprintf (stderr, "%s %s %s len %zu: %s\n",
                             algos[ai].name, model_names[kind],
                             encrypt ? "enc" : "dec", len,
                             gcry_strerror (err));
                    bad++;
                  }
                if (encrypt)
                  memcpy (ct, want, len);
              }
            gcry_cipher_close (m.ecb);
            gcry_cipher_close (h);
            cases++;
          }
        t_check (!bad, "%s %s: library against the model",
                 algos[ai].name, model_names[kind]);
      }
  printf ("%s: generic modes against the ECB model: %lu cases\n", t_name,
          cases);
}


/*
 * OpenSSL's EVP ciphers.
 */

#ifdef HAVE_LIBCRYPTO
/* OpenSSL's result for NAME over LEN bytes, one call; 0 on success, -1
   when the cipher is not there, 1 on error.  */
static int
evp_run (const char *name, const unsigned char *key, size_t keylen,
         const unsigned char *iv, int encrypt, unsigned char *out,
         const unsigned char *in, size_t len)
{
  EVP_CIPHER *c = EVP_CIPHER_fetch (NULL, name, NULL);
  EVP_CIPHER_CTX *ctx;
  int n1 = 0, n2 = 0, ok;

  if (!c)
    return -1;
  ctx = EVP_CIPHER_CTX_new ();
  ok = ctx && EVP_CipherInit_ex2 (ctx, c, NULL, NULL, encrypt, NULL)
       && EVP_CIPHER_CTX_set_key_length (ctx, (int) keylen)
       && EVP_CipherInit_ex2 (ctx, NULL, key, iv, encrypt, NULL)
       && EVP_CIPHER_CTX_set_padding (ctx, 0)
       && EVP_CipherUpdate (ctx, out, &n1, in, (int) len)
       && EVP_CipherFinal_ex (ctx, out + n1, &n2)
       && (size_t) (n1 + n2) == len;
  EVP_CIPHER_CTX_free (ctx);
  EVP_CIPHER_free (c);
  return ok ? 0 : 1;
}
#endif

static void
test_openssl (void)
{
#ifdef HAVE_LIBCRYPTO
  static const struct
  {
    const char *suffix;
    int mode;
    int ctr_only_16;    /* OpenSSL has it for 16-byte blocks only.  */
  } modes[] =
    {
      { "ECB", GCRY_CIPHER_MODE_ECB, 0 }, { "CBC", GCRY_CIPHER_MODE_CBC, 0 },
      { "CFB", GCRY_CIPHER_MODE_CFB, 0 }, { "OFB", GCRY_CIPHER_MODE_OFB, 0 },
      { "CFB8", GCRY_CIPHER_MODE_CFB8, 0 }, { "CTR", GCRY_CIPHER_MODE_CTR, 1 }
    };
  static unsigned char pt[MAXMSG], ref[MAXMSG], got[MAXMSG + 16];
  unsigned char key[72], iv[16];
  char name[64];
  size_t ai, mi, iter, len, keylen, bs;
  unsigned long done = 0, bad;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int r;

  /* Blowfish, CAST5 and single DES live in the legacy provider; loading
     one provider stops the default one from loading by itself.  */
  OSSL_PROVIDER *legacy = OSSL_PROVIDER_load (NULL, "legacy");
  OSSL_PROVIDER *deflt = OSSL_PROVIDER_load (NULL, "default");

  for (ai = 0; ai < DIM (algos); ai++)
    {
      if (!algos[ai].evp_stem)
        continue;
      bs = algos[ai].blocksize;
      for (mi = 0; mi < DIM (modes); mi++)
        {
          if ((modes[mi].ctr_only_16 && bs != 16)
              || (modes[mi].mode == GCRY_CIPHER_MODE_CFB8
                  && !algos[ai].evp_cfb8))
            continue;
          snprintf (name, sizeof name, "%s-%s", algos[ai].evp_stem,
                    modes[mi].suffix);
          bad = 0;
          for (iter = 0; iter < 30; iter++)
            {
              keylen = algos[ai].algo == GCRY_CIPHER_BLOWFISH
                       ? 1 + t_rnd (72) : algos[ai].keylen;
              t_rnd_bytes (key, keylen);
              t_rnd_bytes (iv, bs);
              len = t_rnd (MAXMSG + 1);
              if (modes[mi].mode == GCRY_CIPHER_MODE_ECB
                  || modes[mi].mode == GCRY_CIPHER_MODE_CBC)
                len -= len % bs;
              t_rnd_bytes (pt, len);
              r = evp_run (name, key, keylen, iv, 1, ref, pt, len);
              if (r < 0)
                break;
              h = open_keyed (algos[ai].algo, modes[mi].mode, 0, key, keylen,
                              name);
              if (r || !h)
                {
                  bad++;
                  gcry_cipher_close (h);
                  continue;
                }
              err = library_run (h, modes[mi].mode, 0, 1, bs, iv,
                                 got + (iter & 15), pt, len, NULL, 0);
              if (err || memcmp (got + (iter & 15), ref, len))
                bad++;
              err = library_run (h, modes[mi].mode, 0, 0, bs, iv,
                                 got + (iter & 15), ref, len, NULL, 0);
              if (err || memcmp (got + (iter & 15), pt, len))
                bad++;
              gcry_cipher_close (h);
              done++;
            }
          if (iter == 0)
            t_skip ("OpenSSL has no %s", name);
          else
            t_check (!bad, "%s against OpenSSL (%lu wrong)", name, bad);
        }
    }
  printf ("%s: OpenSSL differential: %lu messages\n", t_name, done);
  /* Unloaded so that leak checkers see only this library's memory.  */
  if (legacy)
    OSSL_PROVIDER_unload (legacy);
  if (deflt)
    OSSL_PROVIDER_unload (deflt);
#else
  t_skip ("OpenSSL's libcrypto was not found at configure time");
#endif
}


/*
 * Guard pages: every algorithm and generic mode writes only its
 * output, whose end is flush against an inaccessible page.
 */

static void
test_guards (void)
{
  static const struct { int mode; unsigned int flags; } modes[] =
    {
      { GCRY_CIPHER_MODE_ECB, 0 }, { GCRY_CIPHER_MODE_CBC, 0 },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_MAC },
      { GCRY_CIPHER_MODE_CFB, 0 }, { GCRY_CIPHER_MODE_CFB8, 0 },
      { GCRY_CIPHER_MODE_OFB, 0 }, { GCRY_CIPHER_MODE_CTR, 0 },
      { GCRY_CIPHER_MODE_EAX, 0 }
    };
  static const size_t lens[] = { 0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                 63, 64, 65, 200 };
  t_guard_t g;
  unsigned char key[32], iv[16], *in, *out;
  size_t ai, mi, li, bs, len, outlen, bad;
  gcry_cipher_hd_t h;
  gcry_error_t err;

  if (t_guard_map (&g, 256 + 16))
    {
      t_skip ("no guard pages (mmap refused)");
      return;
    }
  memset (key, 0x3c, sizeof key);
  memset (iv, 0x77, sizeof iv);
  for (ai = 0; ai < DIM (algos); ai++)
    {
      bs = algos[ai].blocksize;
      bad = 0;
      for (mi = 0; mi < DIM (modes); mi++)
        {
          h = open_keyed (algos[ai].algo, modes[mi].mode, modes[mi].flags,
                          key, algos[ai].keylen, algos[ai].name);
          if (!h)
            continue;
          for (li = 0; li < DIM (lens); li++)
            {
              len = lens[li];
              if ((modes[mi].mode == GCRY_CIPHER_MODE_ECB
                   || (modes[mi].mode == GCRY_CIPHER_MODE_CBC
                       && !modes[mi].flags)) && len % bs)
                continue;
              if (modes[mi].flags && (len < bs || (len % bs
                                      && modes[mi].flags
                                         == GCRY_CIPHER_CBC_MAC)))
                continue;
              outlen = modes[mi].flags == GCRY_CIPHER_CBC_MAC ? bs : len;
              /* Input at the start of the lower span (nothing before it
                 is readable), output ending where the upper span does
                 (nothing after it is writable), guard bytes in front.  */
              in = g.lo;
              out = g.hi + (256 + 16) - outlen;
              memset (g.hi, GUARD, 256 + 16 - outlen);
              t_rnd_bytes (in, len);
              gcry_cipher_reset (h);
              if (modes[mi].mode == GCRY_CIPHER_MODE_CTR)
                gcry_cipher_setctr (h, iv, bs);
              else if (modes[mi].mode != GCRY_CIPHER_MODE_ECB)
                gcry_cipher_setiv (h, iv, modes[mi].mode
                                   == GCRY_CIPHER_MODE_EAX ? 13 : bs);
              err = gcry_cipher_encrypt (h, out, outlen, in, len);
              if (err || !t_all_bytes (g.hi, 256 + 16 - outlen, GUARD))
                bad++;
              /* In place, the buffer ending at the page.  */
              memcpy (out, in, len <= outlen ? len : outlen);
              if (len == outlen)
                {
                  gcry_cipher_reset (h);
                  if (modes[mi].mode == GCRY_CIPHER_MODE_CTR)
                    gcry_cipher_setctr (h, iv, bs);
                  else if (modes[mi].mode != GCRY_CIPHER_MODE_ECB)
                    gcry_cipher_setiv (h, iv, modes[mi].mode
                                       == GCRY_CIPHER_MODE_EAX ? 13 : bs);
                  err = gcry_cipher_decrypt (h, out, len, NULL, 0);
                  if (err || !t_all_bytes (g.hi, 256 + 16 - outlen, GUARD))
                    bad++;
                }
            }
          gcry_cipher_close (h);
        }
      t_check (!bad, "%s: nothing written outside the output (%zu)",
               algos[ai].name, bad);
    }
  t_guard_unmap (&g);
}


int
main (int argc, char **argv)
{
  t_init ("t-cipher-legacy", argc, argv);
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  t_rnd_seed (0x6c65676163790001ULL);

  test_registry ();
  test_key_lengths ();
  test_des_weak_keys ();
  test_blowfish_weak_keys ();
  test_rfc_examples ();
  test_vector_files ();
  test_upstream_answers ();
  test_mode_acceptance ();
  test_generic_modes ();
  test_openssl ();
  test_guards ();
  return t_finish ();
}
