/* kdf-internal.h - what the key-derivation files share.
 *
 * cipher/kdf.c owns the public semantics: argument checks common to all
 * algorithms, the dispatch of gcry_kdf_derive, and the handle of the
 * gcry_kdf_open API.  Each family is one file:
 *   kdf-s2k.c      OpenPGP S2K (simple, salted, iterated+salted)
 *   kdf-hmac.c     HMAC over any gcry_md digest, keyed once (shared)
 *   kdf-pbkdf2.c   PBKDF2, with a direct-compress path for SHA-1/SHA-2
 *                  (kdf-pbkdf2-x86.c: the SHA-NI loop for SHA-1/224/256)
 *   scrypt.c       scrypt
 *   argon2.c       Argon2d/i/id (and its BLAKE2b H'); G's kernels in
 *                  argon2-x86.c (argon2-kernels.h)
 *   kdf-hkdf.c     HKDF
 *   kdf-onestep.c  SP 800-56C one-step (hash and MAC) and ANSI X9.63
 *
 * Include "gcrypt-int.h" and "md-internal.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef KDF_INTERNAL_H
#define KDF_INTERNAL_H

#include <errno.h>


/* The error for a failed allocation (errno is set by the allocators).  */
static inline gcry_err_code_t
kdf_alloc_error (void)
{
  return gpg_err_code_from_errno (errno ? errno : ENOMEM);
}


/*
 * Digests as the KDFs see them.  Upstream gives an extendable-output
 * function a fixed length here (32 bytes for SHAKE128/cSHAKE128, 64 for
 * SHAKE256/cSHAKE256, what its gcry_md_read returns) and HMAC a 64-byte
 * block for them; we do the same so that derived keys agree.
 */
typedef struct kdf_digest
{
  const gcry_md_spec_t *spec;
  unsigned int outlen;          /* Digest bytes a KDF uses.  */
  unsigned int blocksize;       /* HMAC block.  */
} kdf_digest_t;

/* Fill D for digest ALGO; GPG_ERR_DIGEST_ALGO if there is none.  */
gcry_err_code_t _gcry_kdf_digest_get (int algo, kdf_digest_t *d);

/* After D->spec->final on CTX: its D->outlen digest bytes into OUT.  */
void _gcry_kdf_digest_read (const kdf_digest_t *d, void *ctx, byte *out);

/* Bytes of one digest context rounded up to a cache line: contexts are
   laid out back to back in one allocation.  */
static inline size_t
kdf_digest_slot (const kdf_digest_t *d)
{
  return (d->spec->contextsize + 63) & ~(size_t) 63;
}


/*
 * HMAC (RFC 2104) over a kdf_digest_t, keyed once: the contexts after
 * the inner and the outer padded key are kept, so each message costs a
 * context copy instead of rehashing the key.  All three contexts live
 * in secure memory.
 */
typedef struct kdf_hmac
{
  kdf_digest_t d;
  size_t slot;          /* Bytes per context.  */
  byte *mem;            /* Inner, outer and working context.  */
} kdf_hmac_t;

gcry_err_code_t _gcry_kdf_hmac_init (kdf_hmac_t *h, const kdf_digest_t *d,
                                     const byte *key, size_t keylen);
/* One message: begin, any number of writes, end (OUT: D.outlen bytes).  */
void _gcry_kdf_hmac_begin (kdf_hmac_t *h);
void _gcry_kdf_hmac_write (kdf_hmac_t *h, const void *buf, size_t len);
void _gcry_kdf_hmac_end (kdf_hmac_t *h, byte *out);
/* Wipe and free; H may be zeroed or released already.  */
void _gcry_kdf_hmac_release (kdf_hmac_t *h);


/*
 * gcry_kdf_derive families.  kdf.c has checked what every algorithm
 * shares (PASSPHRASE non-NULL, KEYSIZE nonzero, KEYBUFFER non-NULL).
 */
gcry_err_code_t _gcry_kdf_s2k (const byte *passphrase, size_t passphraselen,
                               int algo, int hashalgo,
                               const byte *salt, size_t saltlen,
                               unsigned long iterations,
                               size_t keysize, byte *keybuffer);

gcry_err_code_t _gcry_kdf_pbkdf2 (const byte *passphrase,
                                  size_t passphraselen, int hashalgo,
                                  const byte *salt, size_t saltlen,
                                  unsigned long iterations,
                                  size_t keysize, byte *keybuffer);

/* R is the block size (8 for GCRY_KDF_SCRYPT, 1 for upstream's algo 41);
   N the CPU/memory cost (any value >= 1), P the parallelism.  */
gcry_err_code_t _gcry_kdf_scrypt (const byte *passphrase,
                                  size_t passphraselen,
                                  int n, unsigned int r, unsigned long p,
                                  const byte *salt, size_t saltlen,
                                  size_t keysize, byte *keybuffer);


/*
 * The handle API.  A family allocates its handle with struct
 * gcry_kdf_handle as the first member, fills OPS, and frees it in
 * OPS->close.
 */
struct gcry_kdf_handle;

typedef struct kdf_ops
{
  gcry_err_code_t (*compute) (struct gcry_kdf_handle *h,
                              const gcry_kdf_thread_ops_t *ops);
  /* kdf.c has checked RESULT non-NULL unless RESULTLEN is 0.  */
  gcry_err_code_t (*final) (struct gcry_kdf_handle *h, size_t resultlen,
                            byte *result);
  /* Wipe every secret and free the handle.  */
  void (*close) (struct gcry_kdf_handle *h);
} kdf_ops_t;

struct gcry_kdf_handle
{
  unsigned int magic;           /* KDF_HANDLE_MAGIC while open.  */
  const kdf_ops_t *ops;
};

#define KDF_HANDLE_MAGIC 0x6b646631u    /* "kdf1"  */

/* The arguments of gcry_kdf_open, as given (buffers may be NULL only
   with a zero length: kdf.c checked that).  */
typedef struct kdf_open_args
{
  int algo;
  int subalgo;
  const unsigned long *param;
  unsigned int paramlen;
  const byte *passphrase;
  size_t passphraselen;
  const byte *salt;
  size_t saltlen;
  const byte *key;
  size_t keylen;
  const byte *ad;
  size_t adlen;
} kdf_open_args_t;

gcry_err_code_t _gcry_kdf_argon2_open (const kdf_open_args_t *a,
                                       struct gcry_kdf_handle **r_h);
gcry_err_code_t _gcry_kdf_hkdf_open (const kdf_open_args_t *a,
                                     struct gcry_kdf_handle **r_h);
/* GCRY_KDF_ONESTEP_KDF, GCRY_KDF_ONESTEP_KDF_MAC and GCRY_KDF_X963_KDF.  */
gcry_err_code_t _gcry_kdf_onestep_open (const kdf_open_args_t *a,
                                        struct gcry_kdf_handle **r_h);

const char *_gcry_argon2_current_kernel (unsigned int hwf);
const char *_gcry_scrypt_current_kernel (unsigned int hwf);
const char *_gcry_pbkdf2_sha1_current_kernel (unsigned int hwf);
const char *_gcry_pbkdf2_sha256_current_kernel (unsigned int hwf);

#endif /* KDF_INTERNAL_H */
