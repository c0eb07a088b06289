/* kdf-hkdf.c - HKDF (RFC 5869) behind gcry_kdf_open (GCRY_KDF_HKDF).
 *
 * Upstream's conventions: SUBALGO is a MAC id (GCRY_MAC_HMAC_SHA256 for
 * the RFC's HKDF-SHA256; any gcry_mac algorithm is run as the PRF),
 * PARAM[0] the output length L, the passphrase the input keying
 * material, KEY the salt (the SALT argument is ignored), AD the info.
 * gcry_kdf_compute runs the extract step, gcry_kdf_final the expand
 * step (so a MAC's key error shows where upstream shows it).
 *
 * Upstream's checks: no PARAM, a missing or empty input or L beyond
 * 255 MAC lengths is GPG_ERR_INV_VALUE, an unknown MAC
 * GPG_ERR_MAC_ALGO, a RESULTLEN at final other than L
 * GPG_ERR_INV_VALUE.  An absent salt is the empty key, which for HMAC
 * is the RFC's string of zeros.  Final before compute (upstream
 * crashes) is GPG_ERR_INV_STATE.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "mac-api.h"
#include "kdf-internal.h"

#include <string.h>

/* The largest MAC length (HMAC-SHA512 and friends).  */
#define HKDF_MAX_MACLEN 64

typedef struct hkdf
{
  struct gcry_kdf_handle h;
  int macalgo;
  unsigned int maclen;
  size_t outlen;
  const byte *ikm, *salt, *info;      /* The caller's buffers.  */
  size_t ikmlen, saltlen, infolen;
  int have_prk;
  byte prk[HKDF_MAX_MACLEN];
} hkdf_t;

/* One MAC of the concatenation of up to three pieces under KEY, read
   as OUTLEN bytes (the MAC length, or less for the last, partial block
   of the output: upstream reads that one truncated, which a MAC that
   cannot be truncated, GMAC, refuses).  */
static gcry_err_code_t
mac_once (gcry_mac_hd_t mh, const byte *key, size_t keylen,
          const byte *a, size_t alen, const byte *b, size_t blen,
          const byte *c, size_t clen, byte *out, size_t outlen)
{
  gcry_err_code_t rc;
  size_t want = outlen;

  rc = _gcry_mac_setkey (mh, key, keylen);
  if (!rc && alen)
    rc = _gcry_mac_write (mh, a, alen);
  if (!rc && blen)
    rc = _gcry_mac_write (mh, b, blen);
  if (!rc && clen)
    rc = _gcry_mac_write (mh, c, clen);
  if (!rc)
    rc = _gcry_mac_read (mh, out, &outlen);
  if (!rc && outlen != want)
    rc = GPG_ERR_INTERNAL;
  return rc;
}

static gcry_err_code_t
hkdf_compute (struct gcry_kdf_handle *hd, const gcry_kdf_thread_ops_t *ops)
{
  hkdf_t *k = (hkdf_t *) hd;
  gcry_mac_hd_t mh;
  gcry_err_code_t rc;

  (void) ops;
  k->have_prk = 0;
  rc = _gcry_mac_open (&mh, k->macalgo, GCRY_MAC_FLAG_SECURE, NULL);
  if (rc)
    return rc;
  /* PRK = MAC (salt, IKM).  */
  rc = mac_once (mh, k->salt, k->saltlen, k->ikm, k->ikmlen, NULL, 0,
                 NULL, 0, k->prk, k->maclen);
  _gcry_mac_close (mh);
  if (!rc)
    k->have_prk = 1;
  return rc;
}

static gcry_err_code_t
hkdf_final (struct gcry_kdf_handle *hd, size_t resultlen, byte *result)
{
  hkdf_t *k = (hkdf_t *) hd;
  byte t[HKDF_MAX_MACLEN], counter;
  size_t done, n, tlen = 0;
  gcry_mac_hd_t mh;
  gcry_err_code_t rc = 0;

  if (resultlen != k->outlen)
    return GPG_ERR_INV_VALUE;
  if (!k->have_prk)
    return GPG_ERR_INV_STATE;
  if (!resultlen)
    return 0;

  rc = _gcry_mac_open (&mh, k->macalgo, GCRY_MAC_FLAG_SECURE, NULL);
  if (rc)
    return rc;
  /* T(i) = MAC (PRK, T(i-1) || info || i), T(0) empty.  */
  for (done = 0, counter = 1; done < resultlen; done += n, counter++)
    {
      n = resultlen - done < k->maclen ? resultlen - done : k->maclen;
      rc = mac_once (mh, k->prk, k->maclen, t, tlen, k->info, k->infolen,
                     &counter, 1, t, n);
      if (rc)
        break;
      tlen = k->maclen;
      memcpy (result + done, t, n);
    }
  _gcry_mac_close (mh);
  wipememory (t, sizeof t);
  if (rc)
    wipememory (result, resultlen);
  return rc;
}

static void
hkdf_close (struct gcry_kdf_handle *hd)
{
  hkdf_t *k = (hkdf_t *) hd;

  wipememory (k, sizeof *k);
  _gcry_free (k);
}

static const kdf_ops_t hkdf_ops =
  {
    hkdf_compute, hkdf_final, hkdf_close
  };

gcry_err_code_t
_gcry_kdf_hkdf_open (const kdf_open_args_t *a, struct gcry_kdf_handle **r_h)
{
  unsigned int maclen;
  hkdf_t *k;

  if (!a->paramlen)
    return GPG_ERR_INV_VALUE;
  if (_gcry_mac_algo_info (a->subalgo, GCRYCTL_TEST_ALGO, NULL, NULL))
    return GPG_ERR_MAC_ALGO;
  maclen = _gcry_mac_get_algo_maclen (a->subalgo);
  if (!maclen || maclen > HKDF_MAX_MACLEN)
    return GPG_ERR_MAC_ALGO;
  if (!a->passphraselen)
    return GPG_ERR_INV_VALUE;
  if (a->param[0] > 255 * (unsigned long) maclen)
    return GPG_ERR_INV_VALUE;

  k = _gcry_calloc_secure (1, sizeof *k);
  if (!k)
    return kdf_alloc_error ();
  k->h.ops = &hkdf_ops;
  k->macalgo = a->subalgo;
  k->maclen = maclen;
  k->outlen = a->param[0];
  k->ikm = a->passphrase;
  k->ikmlen = a->passphraselen;
  k->salt = a->key;
  k->saltlen = a->keylen;
  k->info = a->ad;
  k->infolen = a->adlen;
  *r_h = &k->h;
  return 0;
}
