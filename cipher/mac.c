/* mac.c - the gcry_mac API: handles, the argument rules every MAC
 * shares, and the registry of MAC algorithms.
 *
 * The rules here are upstream's, checked against libgcrypt 1.10:
 *  - open: unknown flags GPG_ERR_INV_ARG (before the algorithm is
 *    looked at), unknown or unavailable algorithm GPG_ERR_MAC_ALGO; the
 *    context argument is accepted and not used (upstream keeps it for
 *    algorithms that would need one; none here does).
 *  - a NULL key, IV or buffer with a nonzero length, a read into a NULL
 *    buffer or of 0 bytes, a verify of a NULL or empty MAC:
 *    GPG_ERR_INV_ARG.  setiv on a MAC without IV: GPG_ERR_INV_ARG.
 *  - gcry_mac_ctl knows GCRYCTL_RESET; GCRYCTL_SET_SBOX is
 *    GPG_ERR_NOT_SUPPORTED (only GOST MACs take one); anything else
 *    GPG_ERR_INV_OP.
 * What happens with lengths, states and IVs beyond that is each
 * family's (see mac-internal.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "mac-internal.h"
#include "mac-api.h"
#include "cipher-api.h"

#include <string.h>


/*
 * The registry: one line per upstream MAC id.  An entry whose digest or
 * cipher is not in the library yet is treated as absent (unknown name,
 * GPG_ERR_MAC_ALGO), which is how upstream answers for algorithms left
 * out of its build; it comes alive with its primitive.  Ids upstream
 * declares without implementing (HMAC_MD2) and the GOST 28147 MAC
 * (GOST28147_IMIT, not a CMAC/GMAC/HMAC construction) are not listed.
 *
 * HMAC's default key lengths are upstream's per-algorithm values as
 * gcry_mac_get_algo_keylen reports them (64 for every digest but
 * SHA-384/512 (128) and GOST R 34.11-94 (32), SHA-3 included).
 */

#define HMAC(id, name, md, keylen) \
  { GCRY_MAC_HMAC_ ## id, name, &_gcry_mac_ops_hmac, GCRY_MD_ ## md, keylen }
#define CIPHER_MAC(family, ops, id, cipher) \
  { GCRY_MAC_ ## family ## _ ## id, #family "_" #id, &ops, \
    GCRY_CIPHER_ ## cipher, 0 }
#define CMAC(id, cipher) CIPHER_MAC (CMAC, _gcry_mac_ops_cmac, id, cipher)
#define GMAC(id, cipher) CIPHER_MAC (GMAC, _gcry_mac_ops_gmac, id, cipher)
#define POLY1305(id, cipher) \
  CIPHER_MAC (POLY1305, _gcry_mac_ops_poly1305, id, cipher)

static const gcry_mac_spec_t mac_list[] =
  {
    HMAC (SHA256,        "HMAC_SHA256",        SHA256,        64),
    HMAC (SHA224,        "HMAC_SHA224",        SHA224,        64),
    HMAC (SHA512,        "HMAC_SHA512",        SHA512,        128),
    HMAC (SHA384,        "HMAC_SHA384",        SHA384,        128),
    HMAC (SHA1,          "HMAC_SHA1",          SHA1,          64),
    HMAC (MD5,           "HMAC_MD5",           MD5,           64),
    HMAC (MD4,           "HMAC_MD4",           MD4,           64),
    HMAC (RMD160,        "HMAC_RIPEMD160",     RMD160,        64),
    HMAC (TIGER1,        "HMAC_TIGER",         TIGER1,        64),
    HMAC (WHIRLPOOL,     "HMAC_WHIRLPOOL",     WHIRLPOOL,     64),
    HMAC (GOSTR3411_94,  "HMAC_GOSTR3411_94",  GOSTR3411_94,  32),
    HMAC (STRIBOG256,    "HMAC_STRIBOG256",    STRIBOG256,    64),
    HMAC (STRIBOG512,    "HMAC_STRIBOG512",    STRIBOG512,    64),
    HMAC (SHA3_224,      "HMAC_SHA3_224",      SHA3_224,      64),
    HMAC (SHA3_256,      "HMAC_SHA3_256",      SHA3_256,      64),
    HMAC (SHA3_384,      "HMAC_SHA3_384",      SHA3_384,      64),
    HMAC (SHA3_512,      "HMAC_SHA3_512",      SHA3_512,      64),
    HMAC (GOSTR3411_CP,  "HMAC_GOSTR3411_CP",  GOSTR3411_CP,  64),
    HMAC (BLAKE2B_512,   "HMAC_BLAKE2B_512",   BLAKE2B_512,   64),
    HMAC (BLAKE2B_384,   "HMAC_BLAKE2B_384",   BLAKE2B_384,   64),
    HMAC (BLAKE2B_256,   "HMAC_BLAKE2B_256",   BLAKE2B_256,   64),
    HMAC (BLAKE2B_160,   "HMAC_BLAKE2B_160",   BLAKE2B_160,   64),
    HMAC (BLAKE2S_256,   "HMAC_BLAKE2S_256",   BLAKE2S_256,   64),
    HMAC (BLAKE2S_224,   "HMAC_BLAKE2S_224",   BLAKE2S_224,   64),
    HMAC (BLAKE2S_160,   "HMAC_BLAKE2S_160",   BLAKE2S_160,   64),
    HMAC (BLAKE2S_128,   "HMAC_BLAKE2S_128",   BLAKE2S_128,   64),
    HMAC (SM3,           "HMAC_SM3",           SM3,           64),
    HMAC (SHA512_256,    "HMAC_SHA512_256",    SHA512_256,    64),
    HMAC (SHA512_224,    "HMAC_SHA512_224",    SHA512_224,    64),

    CMAC (AES,       AES),
    CMAC (3DES,      3DES),
    CMAC (CAMELLIA,  CAMELLIA128),
    CMAC (CAST5,     CAST5),
    CMAC (BLOWFISH,  BLOWFISH),
    CMAC (TWOFISH,   TWOFISH),
    CMAC (SERPENT,   SERPENT128),
    CMAC (SEED,      SEED),
    CMAC (RFC2268,   RFC2268_128),
    CMAC (IDEA,      IDEA),
    CMAC (GOST28147, GOST28147),
    CMAC (SM4,       SM4),
    CMAC (ARIA,      ARIA128),

    GMAC (AES,       AES),
    GMAC (CAMELLIA,  CAMELLIA128),
    GMAC (TWOFISH,   TWOFISH),
    GMAC (SERPENT,   SERPENT128),
    GMAC (SEED,      SEED),
    GMAC (SM4,       SM4),
    GMAC (ARIA,      ARIA128),

    { GCRY_MAC_POLY1305, "POLY1305", &_gcry_mac_ops_poly1305, 0, 0 },
    POLY1305 (AES,      AES),
    POLY1305 (CAMELLIA, CAMELLIA128),
    POLY1305 (TWOFISH,  TWOFISH),
    POLY1305 (SERPENT,  SERPENT128),
    POLY1305 (SEED,     SEED),
    POLY1305 (SM4,      SM4),
    POLY1305 (ARIA,     ARIA128),
  };


/* The available entry for ALGO, or NULL.  */
static const gcry_mac_spec_t *
spec_from_algo (int algo)
{
  size_t i;

  for (i = 0; i < DIM (mac_list); i++)
    if (mac_list[i].algo == algo)
      return mac_list[i].ops->available (&mac_list[i]) ? &mac_list[i] : NULL;
  return NULL;
}

int
_gcry_mac_cipher_available (int cipher_algo, unsigned int blocksize)
{
  size_t blklen;

  if (_gcry_cipher_algo_info (cipher_algo, GCRYCTL_TEST_ALGO, NULL, NULL))
    return 0;
  blklen = _gcry_cipher_get_algo_blklen (cipher_algo);
  return blocksize ? blklen == blocksize : blklen != 0;
}

/* ASCII case-insensitive equality, independent of the locale.  */
static int
name_equal (const char *a, const char *b)
{
  unsigned char ca, cb;

  do
    {
      ca = (unsigned char) *a++;
      cb = (unsigned char) *b++;
      if (ca >= 'A' && ca <= 'Z')
        ca += 'a' - 'A';
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
    }
  while (ca && ca == cb);
  return ca == cb;
}

int
_gcry_mac_map_name (const char *name)
{
  size_t i;

  if (!name)
    return 0;
  for (i = 0; i < DIM (mac_list); i++)
    if (name_equal (mac_list[i].name, name)
        && mac_list[i].ops->available (&mac_list[i]))
      return mac_list[i].algo;
  return 0;
}

const char *
_gcry_mac_algo_name (int algo)
{
  const gcry_mac_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->name : "?";
}

unsigned int
_gcry_mac_get_algo_maclen (int algo)
{
  const gcry_mac_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->ops->maclen (spec) : 0;
}

unsigned int
_gcry_mac_get_algo_keylen (int algo)
{
  const gcry_mac_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->ops->keylen (spec) : 0;
}

gcry_err_code_t
_gcry_mac_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  unsigned int keylen;

  switch (what)
    {
    case GCRYCTL_GET_KEYLEN:
      if (buffer || !nbytes)
        return GPG_ERR_INV_ARG;
      keylen = _gcry_mac_get_algo_keylen (algo);
      if (!keylen)
        return GPG_ERR_MAC_ALGO;
      *nbytes = keylen;
      return 0;

    case GCRYCTL_TEST_ALGO:
      if (buffer || nbytes)
        return GPG_ERR_INV_ARG;
      return spec_from_algo (algo) ? 0 : GPG_ERR_MAC_ALGO;

    default:
      return GPG_ERR_INV_OP;
    }
}


/*
 * Handles.
 */

gcry_err_code_t
_gcry_mac_open (gcry_mac_hd_t *r_h, int algo, unsigned int flags,
                gcry_ctx_t ctx)
{
  const gcry_mac_spec_t *spec;
  int secure = !!(flags & GCRY_MAC_FLAG_SECURE);
  struct gcry_mac_handle *h;
  gcry_err_code_t rc;
  size_t size;

  (void) ctx;
  *r_h = NULL;
  if (flags & ~(unsigned int) GCRY_MAC_FLAG_SECURE)
    return GPG_ERR_INV_ARG;
  spec = spec_from_algo (algo);
  if (!spec)
    return GPG_ERR_MAC_ALGO;

  size = MAC_CONTEXT_OFFSET + spec->ops->context_size (spec);
  h = secure ? _gcry_calloc_secure (1, size) : _gcry_calloc (1, size);
  if (!h)
    return gpg_err_code_from_syserror ();
  h->magic = MAC_HANDLE_MAGIC;
  h->spec = spec;
  h->secure = secure;
  h->alloc_size = size;

  rc = spec->ops->open (h);
  if (rc)
    {
      wipememory (h, size);
      _gcry_free (h);
      return rc;
    }
  *r_h = h;
  return 0;
}

void
_gcry_mac_close (gcry_mac_hd_t h)
{
  if (!h)
    return;
  if (h->magic != MAC_HANDLE_MAGIC)
    _gcry_fatal_error (GPG_ERR_INTERNAL, "gcry_mac_close: not a MAC handle");
  if (h->spec->ops->close)
    h->spec->ops->close (h);
  wipememory (h, h->alloc_size);
  _gcry_free (h);
}

gcry_err_code_t
_gcry_mac_setkey (gcry_mac_hd_t h, const void *key, size_t keylen)
{
  if (keylen && !key)
    return GPG_ERR_INV_ARG;
  return h->spec->ops->setkey (h, key, keylen);
}

gcry_err_code_t
_gcry_mac_setiv (gcry_mac_hd_t h, const void *iv, size_t ivlen)
{
  if (!h->spec->ops->setiv || (ivlen && !iv))
    return GPG_ERR_INV_ARG;
  return h->spec->ops->setiv (h, iv, ivlen);
}

gcry_err_code_t
_gcry_mac_write (gcry_mac_hd_t h, const void *buffer, size_t length)
{
  if (length && !buffer)
    return GPG_ERR_INV_ARG;
  return h->spec->ops->write (h, buffer, length);
}

gcry_err_code_t
_gcry_mac_read (gcry_mac_hd_t h, void *buffer, size_t *buflen)
{
  if (!buffer || !buflen || !*buflen)
    return GPG_ERR_INV_ARG;
  return h->spec->ops->read (h, buffer, buflen);
}

gcry_err_code_t
_gcry_mac_verify (gcry_mac_hd_t h, const void *buffer, size_t buflen)
{
  if (!buffer || !buflen)
    return GPG_ERR_INV_ARG;
  return h->spec->ops->verify (h, buffer, buflen);
}

int
_gcry_mac_get_algo (gcry_mac_hd_t h)
{
  return h->spec->algo;
}

gcry_err_code_t
_gcry_mac_ctl (gcry_mac_hd_t h, int cmd, void *buffer, size_t buflen)
{
  (void) buffer;
  (void) buflen;

  switch (cmd)
    {
    case GCRYCTL_RESET:
      return h->spec->ops->reset (h);
    case GCRYCTL_SET_SBOX:
      return GPG_ERR_NOT_SUPPORTED;
    default:
      return GPG_ERR_INV_OP;
    }
}
