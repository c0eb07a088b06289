/* md-internal.h - the contract between the gcry_md API and each digest.
 *
 * cipher/md.c owns handles, HMAC and the public semantics; a digest is
 * one file that defines one gcry_md_spec_t per algorithm id and adds one
 * line to the registry in md.c.  The spec says everything md.c needs:
 * identity (id, names, OIDs, ASN.1 prefix), sizes, and the operations on
 * an opaque context of CONTEXTSIZE bytes that md.c allocates.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MD_INTERNAL_H
#define MD_INTERNAL_H

/* The longest fixed-length digest any spec may declare; md.c keeps HMAC
   inner digests in stack buffers of this size.  */
#define MD_MAX_DIGEST_LEN 64

/* The longest HMAC block any spec may declare (SHA3-224's rate, 144).  */
#define MD_MAX_HMAC_BLOCK 144

typedef struct gcry_md_spec
{
  int algo;                     /* GCRY_MD_*.  */
  const char *name;             /* Upstream's name, e.g. "BLAKE2B_512".  */
  const char *const *aliases;   /* Further names map_name accepts (NULL-
                                   terminated), or NULL.  */
  const char *const *oids;      /* Dotted OIDs map_name accepts, without
                                   the "oid." prefix (NULL-terminated), or
                                   NULL.  */
  const byte *asnoid;           /* What GCRYCTL_GET_ASNOID returns: the
                                   DER prefix of a DigestInfo.  */
  unsigned int asnlen;
  unsigned int mdlen;           /* Digest length; 0 for a pure XOF.  */
  unsigned int hmac_blocksize;  /* Block size HMAC pads the key to; 0 if
                                   the digest cannot serve HMAC (XOFs).  */
  size_t contextsize;           /* Bytes of context md.c allocates; any
                                   state must survive a plain memcpy (copy
                                   and HMAC reset rely on that).  */

  /* Start a fresh unkeyed computation.  FLAGS: GCRY_MD_FLAG_BUGEMU1 or 0.
     May be called on a context in any state.  */
  void (*init) (void *ctx, unsigned int flags);

  /* Start a keyed computation (non-HMAC gcry_md_setkey); NULL if the
     digest has no native key.  Returns a gpg-error code; on error the
     context is unusable until INIT.  */
  gcry_err_code_t (*setkey) (void *ctx, unsigned int flags,
                             const void *key, size_t keylen);

  void (*write) (void *ctx, const void *buf, size_t len);

  /* Finish; called once per computation.  Afterwards only READ or
     EXTRACT are called, or INIT/SETKEY to start over.  The final step
     wipes what is no longer needed.  */
  void (*final) (void *ctx);

  /* The digest (MDLEN bytes) inside CTX; NULL for XOFs.  */
  byte *(*read) (void *ctx);

  /* Squeeze LEN more bytes (XOFs only; NULL otherwise).  */
  gcry_err_code_t (*extract) (void *ctx, void *out, size_t len);

  /* GCRYCTL_MD_CUSTOMIZE (cSHAKE); NULL if not customisable.  */
  gcry_err_code_t (*customize) (void *ctx, const void *buf, size_t len);

  /* Known-answer self-test for ALGO; NULL if there is none.  */
  gcry_err_code_t (*selftest) (int algo, int extended);
} gcry_md_spec_t;


/* The digests (one per file).  */
extern const gcry_md_spec_t _gcry_digest_spec_blake2b_512;
extern const gcry_md_spec_t _gcry_digest_spec_blake2b_384;
extern const gcry_md_spec_t _gcry_digest_spec_blake2b_256;
extern const gcry_md_spec_t _gcry_digest_spec_blake2b_160;
extern const gcry_md_spec_t _gcry_digest_spec_blake2s_256;
extern const gcry_md_spec_t _gcry_digest_spec_blake2s_224;
extern const gcry_md_spec_t _gcry_digest_spec_blake2s_160;
extern const gcry_md_spec_t _gcry_digest_spec_blake2s_128;
extern const gcry_md_spec_t _gcry_digest_spec_sha1;
extern const gcry_md_spec_t _gcry_digest_spec_sha224;
extern const gcry_md_spec_t _gcry_digest_spec_sha256;
extern const gcry_md_spec_t _gcry_digest_spec_sha384;
extern const gcry_md_spec_t _gcry_digest_spec_sha512;
extern const gcry_md_spec_t _gcry_digest_spec_sha512_224;
extern const gcry_md_spec_t _gcry_digest_spec_sha512_256;
extern const gcry_md_spec_t _gcry_digest_spec_md4;
extern const gcry_md_spec_t _gcry_digest_spec_md5;
extern const gcry_md_spec_t _gcry_digest_spec_rmd160;
extern const gcry_md_spec_t _gcry_digest_spec_crc32;
extern const gcry_md_spec_t _gcry_digest_spec_crc32_rfc1510;
extern const gcry_md_spec_t _gcry_digest_spec_crc24_rfc2440;
extern const gcry_md_spec_t _gcry_digest_spec_sha3_224;
extern const gcry_md_spec_t _gcry_digest_spec_sha3_256;
extern const gcry_md_spec_t _gcry_digest_spec_sha3_384;
extern const gcry_md_spec_t _gcry_digest_spec_sha3_512;
extern const gcry_md_spec_t _gcry_digest_spec_shake128;
extern const gcry_md_spec_t _gcry_digest_spec_shake256;
extern const gcry_md_spec_t _gcry_digest_spec_cshake128;
extern const gcry_md_spec_t _gcry_digest_spec_cshake256;
extern const gcry_md_spec_t _gcry_digest_spec_gostr3411_94;
extern const gcry_md_spec_t _gcry_digest_spec_gostr3411_cp;
extern const gcry_md_spec_t _gcry_digest_spec_stribog256;
extern const gcry_md_spec_t _gcry_digest_spec_stribog512;
extern const gcry_md_spec_t _gcry_digest_spec_sm3;
extern const gcry_md_spec_t _gcry_digest_spec_whirlpool;
extern const gcry_md_spec_t _gcry_digest_spec_tiger;
extern const gcry_md_spec_t _gcry_digest_spec_tiger1;
extern const gcry_md_spec_t _gcry_digest_spec_tiger2;


/* The spec of ALGO, or NULL; for gcry_mac's HMAC and other internal
   users.  */
const gcry_md_spec_t *_gcry_md_spec_from_algo (int algo);

#endif /* MD_INTERNAL_H */
