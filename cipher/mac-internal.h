/* mac-internal.h - the contract between the gcry_mac API (cipher/mac.c)
 * and the MAC families (mac-hmac.c, mac-cmac.c, mac-gmac.c,
 * mac-poly1305.c).
 *
 * A MAC algorithm is one registry entry in mac.c: its id, upstream's
 * name, the family that computes it and the digest or block cipher the
 * family runs on.  A family is one mac_ops_t, written once for every
 * digest or cipher: so HMAC over a newly registered digest, or CMAC,
 * GMAC and Poly1305 over a newly registered 128-bit block cipher, need
 * nothing but the digest or cipher itself (the entries for upstream's
 * ids are already listed and wake up when their primitive appears).
 *
 * mac.c owns the handle and the argument rules every algorithm shares
 * (upstream's: NULL buffers with nonzero lengths, empty reads and
 * verifies, unknown control codes).  The family owns its state, its key
 * and IV rules and the error codes upstream gives for them.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef MAC_INTERNAL_H
#define MAC_INTERNAL_H

struct gcry_mac_spec;

/* The handle.  The family's context follows it in the same allocation
   (at mac_context()), CONTEXT_SIZE bytes, zeroed at open; the whole
   allocation is wiped at close.  */
struct gcry_mac_handle
{
  unsigned int magic;                   /* MAC_HANDLE_MAGIC while open. */
  const struct gcry_mac_spec *spec;
  unsigned int secure;                  /* Opened with GCRY_MAC_FLAG_SECURE. */
  size_t alloc_size;                    /* Whole allocation, for wiping.  */
};

#define MAC_HANDLE_MAGIC 0x6d616331u    /* "mac1"  */

/* Where the family's context starts: past the handle, on a 16-byte
   boundary (what the digest contexts inside HMAC need).  */
#define MAC_CONTEXT_OFFSET \
  ((sizeof (struct gcry_mac_handle) + 15) / 16 * 16)

static inline void *
mac_context (struct gcry_mac_handle *h)
{
  return (char *) h + MAC_CONTEXT_OFFSET;
}

/* One family.  mac.c has checked the arguments upstream checks for
   every algorithm before calling: KEY, IV and BUF are non-NULL when
   their length is nonzero, OUT is non-NULL and *OUTLEN nonzero, and a
   verified MAC is non-NULL with a nonzero length.  Every function
   returns a gpg-error code (no source).  */
typedef struct mac_ops
{
  /* Whether SPEC's digest or cipher is in the library now; an entry
     whose primitive is absent answers like an unknown id, as upstream
     answers for an algorithm left out of the build.  */
  int (*available) (const struct gcry_mac_spec *spec);

  /* MAC length and default key length of SPEC (available).  */
  unsigned int (*maclen) (const struct gcry_mac_spec *spec);
  unsigned int (*keylen) (const struct gcry_mac_spec *spec);

  /* Bytes of context the handle carries for SPEC.  */
  size_t (*context_size) (const struct gcry_mac_spec *spec);

  /* Set up the zeroed context (open the internal cipher handle ...).
     On error the handle is freed without CLOSE.  */
  gcry_err_code_t (*open) (struct gcry_mac_handle *h);

  /* Release what OPEN acquired; mac.c wipes the context afterwards.
     NULL when there is nothing to release.  */
  void (*close) (struct gcry_mac_handle *h);

  gcry_err_code_t (*setkey) (struct gcry_mac_handle *h, const byte *key,
                             size_t keylen);

  /* NULL for families without an IV: GPG_ERR_INV_ARG, as upstream.  */
  gcry_err_code_t (*setiv) (struct gcry_mac_handle *h, const byte *iv,
                            size_t ivlen);

  /* GCRYCTL_RESET: the state right after setkey (and setiv).  */
  gcry_err_code_t (*reset) (struct gcry_mac_handle *h);

  gcry_err_code_t (*write) (struct gcry_mac_handle *h, const byte *buf,
                            size_t len);

  /* Finish (once) and copy the MAC, truncated to *OUTLEN bytes when that
     is shorter; when *OUTLEN is longer it is set to the MAC length.  */
  gcry_err_code_t (*read) (struct gcry_mac_handle *h, byte *out,
                           size_t *outlen);

  /* Finish (once) and compare the first LEN bytes of the MAC with MAC
     in constant time: 0 or GPG_ERR_CHECKSUM.  */
  gcry_err_code_t (*verify) (struct gcry_mac_handle *h, const byte *mac,
                             size_t len);
} mac_ops_t;

/* One algorithm: a registry entry.  */
typedef struct gcry_mac_spec
{
  int algo;                     /* GCRY_MAC_*  */
  const char *name;             /* Upstream's name, e.g. "HMAC_SHA256".  */
  const mac_ops_t *ops;         /* The family.  */
  int subalgo;                  /* GCRY_MD_* (HMAC) or GCRY_CIPHER_* (the
                                   others; unused by plain Poly1305).  */
  unsigned int keylen;          /* What gcry_mac_get_algo_keylen says,
                                   when the family keeps it per entry
                                   (HMAC: upstream's per-algorithm
                                   values); 0 otherwise.  */
} gcry_mac_spec_t;

/* The families.  */
extern const mac_ops_t _gcry_mac_ops_hmac;
extern const mac_ops_t _gcry_mac_ops_cmac;
extern const mac_ops_t _gcry_mac_ops_gmac;
extern const mac_ops_t _gcry_mac_ops_poly1305;

/* Helpers shared by the cipher-based families: whether ALGO is a
   registered block cipher (of BLOCKSIZE bytes when nonzero).  */
int _gcry_mac_cipher_available (int cipher_algo, unsigned int blocksize);

#endif /* MAC_INTERNAL_H */
