/* kdf-s2k.c - the OpenPGP string-to-key functions (RFC 4880, 3.7.1;
 * RFC 9580, 3.7.1.1-3.7.1.3): simple, salted and iterated+salted.
 *
 * The key is the concatenation of as many digests as KEYSIZE needs; the
 * I-th digest (from 0) starts with I zero bytes so that each one differs.
 * Each digest covers the passphrase (simple), salt || passphrase
 * (salted), or salt || passphrase repeated up to ITERATIONS bytes and
 * cut there (iterated+salted; at least once whatever the count, so a
 * count below the length hashes it exactly once, like salted).  The
 * count is the decoded byte count, not OpenPGP's one-octet encoding.
 *
 * Upstream's checks, in its order: an empty passphrase is
 * GPG_ERR_INV_DATA; a salt that is missing or not 8 bytes (salted modes)
 * is GPG_ERR_INV_VALUE; then an unknown digest is GPG_ERR_DIGEST_ALGO.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "kdf-internal.h"

#include <string.h>

#define S2K_SALTLEN 8

/* The repeated salt || passphrase is fed in chunks of whole repetitions
   of at least this many bytes, so the digest gets long writes (whole
   blocks go straight to its compress function) however short the
   passphrase.  */
#define S2K_CHUNK_MIN 1024

/* Feed COUNT bytes of the endless repetition of CHUNK's pattern to CTX.
   CHUNKLEN is a whole number of repetitions, so each chunk starts where
   the pattern starts and the last, partial, chunk is a prefix.  */
static void
s2k_feed_repeated (const gcry_md_spec_t *spec, void *ctx, const byte *chunk,
                   size_t chunklen, unsigned long count)
{
  while (count >= chunklen)
    {
      spec->write (ctx, chunk, chunklen);
      count -= chunklen;
    }
  if (count)
    spec->write (ctx, chunk, count);
}

gcry_err_code_t
_gcry_kdf_s2k (const byte *passphrase, size_t passphraselen,
               int algo, int hashalgo,
               const byte *salt, size_t saltlen,
               unsigned long iterations,
               size_t keysize, byte *keybuffer)
{
  static const byte zeros[64];
  kdf_digest_t d;
  byte digest[MD_MAX_DIGEST_LEN];
  byte *mem, *chunk = NULL;
  size_t unitlen, chunklen = 0, done, n, pass, z, zn;
  unsigned long count = 0;
  gcry_err_code_t rc;

  if (!passphraselen)
    return GPG_ERR_INV_DATA;
  if (algo != GCRY_KDF_SIMPLE_S2K && (!salt || saltlen != S2K_SALTLEN))
    return GPG_ERR_INV_VALUE;
  rc = _gcry_kdf_digest_get (hashalgo, &d);
  if (rc)
    return rc;

  if (algo == GCRY_KDF_SIMPLE_S2K)
    unitlen = passphraselen;
  else
    {
      unitlen = S2K_SALTLEN + passphraselen;
      if (unitlen < passphraselen)
        return GPG_ERR_INV_VALUE;
      /* Salted hashes salt || passphrase once; so does any count below
         that length.  */
      count = algo == GCRY_KDF_ITERSALTED_S2K ? iterations : 0;
      if (count < unitlen)
        count = unitlen;
      chunklen = unitlen;
      if (algo == GCRY_KDF_ITERSALTED_S2K && count > unitlen)
        while (chunklen < S2K_CHUNK_MIN && chunklen + unitlen <= count)
          chunklen += unitlen;
    }

  /* One context, and the repeated salt || passphrase: both secret.  */
  mem = _gcry_malloc_secure (kdf_digest_slot (&d) + chunklen);
  if (!mem)
    return kdf_alloc_error ();
  if (chunklen)
    {
      chunk = mem + kdf_digest_slot (&d);
      for (n = 0; n < chunklen; n += unitlen)
        {
          memcpy (chunk + n, salt, S2K_SALTLEN);
          memcpy (chunk + n + S2K_SALTLEN, passphrase, passphraselen);
        }
    }

  for (done = 0, pass = 0; done < keysize; done += n, pass++)
    {
      d.spec->init (mem, 0);
      for (z = pass; z; z -= zn)
        {
          zn = z < sizeof zeros ? z : sizeof zeros;
          d.spec->write (mem, zeros, zn);
        }
      if (algo == GCRY_KDF_SIMPLE_S2K)
        d.spec->write (mem, passphrase, passphraselen);
      else
        s2k_feed_repeated (d.spec, mem, chunk, chunklen, count);
      d.spec->final (mem);
      _gcry_kdf_digest_read (&d, mem, digest);

      n = keysize - done < d.outlen ? keysize - done : d.outlen;
      memcpy (keybuffer + done, digest, n);
    }

  wipememory (digest, sizeof digest);
  wipememory (mem, kdf_digest_slot (&d) + chunklen);
  _gcry_free (mem);
  return 0;
}
