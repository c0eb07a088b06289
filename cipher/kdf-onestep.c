/* kdf-onestep.c - the counter-mode KDFs behind gcry_kdf_open:
 *
 *   GCRY_KDF_ONESTEP_KDF      SP 800-56C rev. 2, 4.1, option 1:
 *                             K(i) = H (counter || Z || FixedInfo)
 *   GCRY_KDF_ONESTEP_KDF_MAC  option 2/3 with any gcry_mac algorithm:
 *                             K(i) = MAC (salt, counter || Z || FixedInfo)
 *   GCRY_KDF_X963_KDF         ANSI X9.63 / SEC 1, 3.6.1:
 *                             K(i) = H (Z || counter || SharedInfo)
 *
 * with a 32-bit big-endian counter from 1 and the output cut to length.
 * Upstream's conventions: SUBALGO is the digest (the MAC for
 * ONESTEP_KDF_MAC), PARAM[0] the output length and PARAMLEN exactly 1,
 * the passphrase is Z, AD the fixed/shared info, KEY the MAC key (the
 * SALT argument is ignored).  Everything runs in gcry_kdf_final, as
 * upstream does, so gcry_kdf_compute has nothing to do.
 *
 * Upstream's checks: PARAMLEN other than 1, an empty Z, an empty
 * FixedInfo (one-step only) or an empty MAC key is GPG_ERR_INV_VALUE; an
 * unknown digest GPG_ERR_DIGEST_ALGO, an unknown MAC GPG_ERR_MAC_ALGO;
 * RESULTLEN at final other than PARAM[0] GPG_ERR_INV_VALUE.  Outputs
 * needing more than 2^32 - 1 blocks are GPG_ERR_INV_VALUE.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-common.h"
#include "mac-api.h"
#include "kdf-internal.h"

#include <string.h>

#define ONESTEP_MAX_MACLEN 64

typedef struct onestep
{
  struct gcry_kdf_handle h;
  int algo;                     /* Which of the three.  */
  int subalgo;
  kdf_digest_t d;               /* The digest (not ONESTEP_KDF_MAC).  */
  unsigned int blocklen;        /* Digest or MAC length.  */
  size_t outlen;
  const byte *z, *info, *key;   /* The caller's buffers.  */
  size_t zlen, infolen, keylen;
} onestep_t;

static gcry_err_code_t
onestep_compute (struct gcry_kdf_handle *hd, const gcry_kdf_thread_ops_t *ops)
{
  (void) hd;
  (void) ops;
  return 0;
}

static gcry_err_code_t
final_hash (onestep_t *k, size_t resultlen, byte *result)
{
  const gcry_md_spec_t *spec = k->d.spec;
  byte block[MD_MAX_DIGEST_LEN], ctr[4];
  size_t done, n;
  void *ctx;
  u32 counter;

  ctx = _gcry_malloc_secure (spec->contextsize);
  if (!ctx)
    return kdf_alloc_error ();
  for (done = 0, counter = 1; done < resultlen; done += n, counter++)
    {
      store_be32 (ctr, counter);
      spec->init (ctx, 0);
      if (k->algo == GCRY_KDF_X963_KDF)
        {
          spec->write (ctx, k->z, k->zlen);
          spec->write (ctx, ctr, 4);
        }
      else
        {
          spec->write (ctx, ctr, 4);
          spec->write (ctx, k->z, k->zlen);
        }
      if (k->infolen)
        spec->write (ctx, k->info, k->infolen);
      spec->final (ctx);
      _gcry_kdf_digest_read (&k->d, ctx, block);
      n = resultlen - done < k->blocklen ? resultlen - done : k->blocklen;
      memcpy (result + done, block, n);
    }
  wipememory (block, sizeof block);
  wipememory (ctx, spec->contextsize);
  _gcry_free (ctx);
  return 0;
}

static gcry_err_code_t
final_mac (onestep_t *k, size_t resultlen, byte *result)
{
  byte block[ONESTEP_MAX_MACLEN], ctr[4];
  size_t done, n, blen;
  gcry_mac_hd_t mh;
  gcry_err_code_t rc;
  u32 counter;

  rc = _gcry_mac_open (&mh, k->subalgo, GCRY_MAC_FLAG_SECURE, NULL);
  if (rc)
    return rc;
  rc = _gcry_mac_setkey (mh, k->key, k->keylen);
  for (done = 0, counter = 1; !rc && done < resultlen; done += n, counter++)
    {
      store_be32 (ctr, counter);
      if (counter > 1)
        rc = _gcry_mac_ctl (mh, GCRYCTL_RESET, NULL, 0);
      if (!rc)
        rc = _gcry_mac_write (mh, ctr, 4);
      if (!rc)
        rc = _gcry_mac_write (mh, k->z, k->zlen);
      if (!rc)
        rc = _gcry_mac_write (mh, k->info, k->infolen);
      /* The last block is read truncated, as upstream reads it.  */
      n = resultlen - done < k->blocklen ? resultlen - done : k->blocklen;
      blen = n;
      if (!rc)
        rc = _gcry_mac_read (mh, block, &blen);
      if (!rc && blen != n)
        rc = GPG_ERR_INTERNAL;
      if (!rc)
        memcpy (result + done, block, n);
    }
  _gcry_mac_close (mh);
  wipememory (block, sizeof block);
  if (rc)
    wipememory (result, resultlen);
  return rc;
}

static gcry_err_code_t
onestep_final (struct gcry_kdf_handle *hd, size_t resultlen, byte *result)
{
  onestep_t *k = (onestep_t *) hd;

  if (resultlen != k->outlen)
    return GPG_ERR_INV_VALUE;
  if (!resultlen)
    return 0;
  if (k->algo == GCRY_KDF_ONESTEP_KDF_MAC)
    return final_mac (k, resultlen, result);
  return final_hash (k, resultlen, result);
}

static void
onestep_close (struct gcry_kdf_handle *hd)
{
  onestep_t *k = (onestep_t *) hd;

  wipememory (k, sizeof *k);
  _gcry_free (k);
}

static const kdf_ops_t onestep_ops =
  {
    onestep_compute, onestep_final, onestep_close
  };

gcry_err_code_t
_gcry_kdf_onestep_open (const kdf_open_args_t *a,
                        struct gcry_kdf_handle **r_h)
{
  onestep_t *k;
  kdf_digest_t d;
  unsigned int blocklen;
  gcry_err_code_t rc;

  memset (&d, 0, sizeof d);
  if (a->paramlen != 1)
    return GPG_ERR_INV_VALUE;
  if (a->algo == GCRY_KDF_ONESTEP_KDF_MAC)
    {
      if (_gcry_mac_algo_info (a->subalgo, GCRYCTL_TEST_ALGO, NULL, NULL))
        return GPG_ERR_MAC_ALGO;
      blocklen = _gcry_mac_get_algo_maclen (a->subalgo);
      if (!blocklen || blocklen > ONESTEP_MAX_MACLEN)
        return GPG_ERR_MAC_ALGO;
      if (!a->keylen)
        return GPG_ERR_INV_VALUE;
    }
  else
    {
      rc = _gcry_kdf_digest_get (a->subalgo, &d);
      if (rc)
        return rc;
      blocklen = d.outlen;
    }
  if (!a->passphraselen)
    return GPG_ERR_INV_VALUE;
  if (a->algo != GCRY_KDF_X963_KDF && !a->adlen)
    return GPG_ERR_INV_VALUE;
  if (a->param[0] && (a->param[0] - 1) / blocklen >= 0xffffffffUL)
    return GPG_ERR_INV_VALUE;

  k = _gcry_calloc (1, sizeof *k);
  if (!k)
    return kdf_alloc_error ();
  k->h.ops = &onestep_ops;
  k->algo = a->algo;
  k->subalgo = a->subalgo;
  k->d = d;
  k->blocklen = blocklen;
  k->outlen = a->param[0];
  k->z = a->passphrase;
  k->zlen = a->passphraselen;
  k->info = a->ad;
  k->infolen = a->adlen;
  k->key = a->key;
  k->keylen = a->keylen;
  *r_h = &k->h;
  return 0;
}
