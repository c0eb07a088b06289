/* kdf-pbkdf2.c - PBKDF2 (RFC 8018, 5.2) with HMAC over any digest.
 *
 *   T_i = U_1 ^ U_2 ^ ... ^ U_c,  U_1 = HMAC (P, S || INT (i)),
 *                                 U_j = HMAC (P, U_{j-1})
 *
 * Almost all the time goes into the c - 1 HMACs of a digest-sized
 * message.  For SHA-1 and SHA-2 this file runs them on the compress
 * kernels of sha-kernels.h directly: the states after the inner and the
 * outer padded key are computed once, and since both the inner and the
 * outer message of every U_j are one digest long, each is exactly one
 * block whose padding and length never change.  One iteration is then
 * two compress calls and two stores of the state into that block, with
 * no buffering, no context copies and no length bookkeeping.  With the
 * SHA extensions, SHA-1, SHA-224 and SHA-256 go one step further: the
 * whole loop runs in vector registers (kdf-pbkdf2-x86.c).  Other
 * digests take the generic keyed HMAC of kdf-hmac.c.
 *
 * Upstream's checks (salt and count in kdf.c): an unknown digest is
 * GPG_ERR_DIGEST_ALGO; a key longer than (2^32 - 1) blocks is
 * GPG_ERR_INV_VALUE (RFC 8018's limit).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "sha-kernels.h"
#include "md-common.h"
#include "kdf-internal.h"
#include "kdf-pbkdf2-x86.h"

#include <string.h>


/*
 * SHA-1 and SHA-2 on their compress kernels.  The initial values are
 * those of FIPS 180-4, sections 5.3.1 to 5.3.6.
 */

static const u32 iv_sha1[5] =
  {
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
  };

static const u32 iv_sha224[8] =
  {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
  };

static const u32 iv_sha256[8] =
  {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };

static const u64 iv_sha384[8] =
  {
    0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
    0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
    0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
  };

static const u64 iv_sha512[8] =
  {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
  };

static const u64 iv_sha512_224[8] =
  {
    0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL,
    0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
    0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL,
    0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
  };

static const u64 iv_sha512_256[8] =
  {
    0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL,
    0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
    0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL,
    0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
  };

typedef struct sha_family
{
  int algo;
  unsigned int wide;            /* 64-bit words and 128-byte blocks.  */
  unsigned int nwords;          /* Chaining-value words.  */
  const void *iv;
  const sha_kernel_t *const *table;
  const size_t *count;
} sha_family_t;

static const sha_family_t sha_families[] =
  {
    { GCRY_MD_SHA1, 0, 5, iv_sha1,
      &_gcry_sha1_kernel_table, &_gcry_sha1_kernel_count },
    { GCRY_MD_SHA224, 0, 8, iv_sha224,
      &_gcry_sha256_kernel_table, &_gcry_sha256_kernel_count },
    { GCRY_MD_SHA256, 0, 8, iv_sha256,
      &_gcry_sha256_kernel_table, &_gcry_sha256_kernel_count },
    { GCRY_MD_SHA384, 1, 8, iv_sha384,
      &_gcry_sha512_kernel_table, &_gcry_sha512_kernel_count },
    { GCRY_MD_SHA512, 1, 8, iv_sha512,
      &_gcry_sha512_kernel_table, &_gcry_sha512_kernel_count },
    { GCRY_MD_SHA512_224, 1, 8, iv_sha512_224,
      &_gcry_sha512_kernel_table, &_gcry_sha512_kernel_count },
    { GCRY_MD_SHA512_256, 1, 8, iv_sha512_256,
      &_gcry_sha512_kernel_table, &_gcry_sha512_kernel_count }
  };

/* A whole PBKDF2 inner loop for one family, faster than iterating on
   its compress kernel (kdf-pbkdf2-x86.h); NULL if there is none.  */
typedef void (*sha_iterate32_t) (const u32 *istate, const u32 *ostate,
                                 u32 *u, u32 *t, unsigned long count,
                                 unsigned int outlen);

/* The whole-loop code for ALGO under HWF, or NULL.  */
static sha_iterate32_t
pick_iterate32 (int algo, unsigned int hwf)
{
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
  const unsigned int need = HWF_INTEL_SHAEXT | HWF_INTEL_SSE4_1;

  if ((hwf & need) == need)
    {
      if (algo == GCRY_MD_SHA256 || algo == GCRY_MD_SHA224)
        return _gcry_kdf_pbkdf2_sha256_iterate_shani;
      if (algo == GCRY_MD_SHA1)
        return _gcry_kdf_pbkdf2_sha1_iterate_shani;
    }
#else
  (void) algo;
  (void) hwf;
#endif
  return NULL;
}

/* Entries "pbkdf2-sha1" and "pbkdf2-sha256" of _gcry_kdf_kernel_reports:
   the whole-loop code, else the digest's compress kernel.  */
const char *
_gcry_pbkdf2_sha1_current_kernel (unsigned int hwf)
{
  return pick_iterate32 (GCRY_MD_SHA1, hwf) ? "shani-loop"
         : _gcry_sha1_current_kernel (hwf);
}

const char *
_gcry_pbkdf2_sha256_current_kernel (unsigned int hwf)
{
  return pick_iterate32 (GCRY_MD_SHA256, hwf) ? "shani-loop"
         : _gcry_sha256_current_kernel (hwf);
}

/* Everything one derivation needs, keyed.  */
typedef struct sha_prf
{
  const sha_family_t *fam;
  sha_compress_t compress;
  sha_iterate32_t iterate32;
  unsigned int blocksize;       /* 64 or 128.  */
  unsigned int outlen;          /* Digest bytes (truncated variants).  */
  union { u32 w32[8]; u64 w64[8]; } istate, ostate;
} sha_prf_t;


/*
 * The one-block message of every U_j (j >= 2) and of every outer hash:
 * the digest, 0x80, zeros, and the bit length of key block plus digest.
 * The template is built once; per use only the digest bytes change.
 */
static void
sha_block_template (const sha_prf_t *prf, byte *block)
{
  u64 bits = ((u64) prf->blocksize + prf->outlen) * 8;

  memset (block, 0, prf->blocksize);
  block[prf->outlen] = 0x80;
  store_be64 (block + prf->blocksize - 8, bits);
}

/* Continue the hash in STATE (after the inner key block) with the
   message S || INT (INDEX) and its padding: the whole blocks of S
   straight from S, the rest in one or two final blocks.  */
static void
sha_hash_salt (const sha_prf_t *prf, void *state, const byte *salt,
               size_t saltlen, u32 index)
{
  const size_t bs = prf->blocksize, lenbytes = bs / 8;
  size_t full = saltlen / bs, rest = saltlen % bs, total;
  byte last[2 * 128];

  if (full)
    prf->compress (state, salt, full);
  memset (last, 0, sizeof last);
  memcpy (last, salt + full * bs, rest);
  store_be32 (last + rest, index);
  last[rest + 4] = 0x80;
  total = rest + 4 + 1 + lenbytes <= bs ? bs : 2 * bs;
  /* The length in bits of key block, salt and index (its high half, for
     SHA-512's 128-bit field, is zero).  */
  store_be64 (last + total - 8, ((u64) bs + saltlen + 4) << 3);
  prf->compress (state, last, total / bs);
  wipememory (last, sizeof last);
}

/* Store chaining value STATE (N words) big-endian into BLOCK, where
   only the first OUTLEN bytes belong to the digest: for the truncated
   variants the bytes past it are the template's padding again.  */
#define DEFINE_STORE_STATE(NAME, WORD, STORE, BYTES)                    \
  static inline void                                                    \
  NAME (byte *block, const WORD *state, unsigned int n,                 \
        unsigned int outlen)                                            \
  {                                                                     \
    unsigned int i;                                                     \
                                                                        \
    for (i = 0; i < n; i++)                                             \
      STORE (block + (BYTES) * i, state[i]);                            \
    if (n * (BYTES) > outlen)                                           \
      {                                                                 \
        block[outlen] = 0x80;                                           \
        memset (block + outlen + 1, 0, n * (BYTES) - outlen - 1);       \
      }                                                                 \
  }

DEFINE_STORE_STATE (store_state32, u32, store_be32, 4)
DEFINE_STORE_STATE (store_state64, u64, store_be64, 8)

/* One output block T_i of PBKDF2 into OUT (PRF->outlen bytes).  The
   32- and 64-bit variants differ only in the word type; U and T stay in
   native words and only become bytes at the end.  */
#define DEFINE_SHA_BLOCK(NAME, WORD, STORE_STATE, MEMBER, ITERATE)      \
  static void                                                           \
  NAME (const sha_prf_t *prf, const byte *salt, size_t saltlen,         \
        u32 index, unsigned long iterations, byte *out)                 \
  {                                                                     \
    const unsigned int n = prf->fam->nwords;                            \
    WORD st[8], u[8], t[8];                                             \
    byte block[128];                                                    \
    unsigned long j;                                                    \
    unsigned int k;                                                     \
                                                                        \
    /* U_1, inner: S || INT (i) after the inner key block.  */          \
    memcpy (st, prf->istate.MEMBER, n * sizeof (WORD));                 \
    sha_hash_salt (prf, st, salt, saltlen, index);                      \
                                                                        \
    /* U_1, outer; then U_2 ... U_c, each two one-block hashes.  */     \
    sha_block_template (prf, block);                                    \
    STORE_STATE (block, st, n, prf->outlen);                            \
    memcpy (u, prf->ostate.MEMBER, n * sizeof (WORD));                  \
    prf->compress (u, block, 1);                                        \
    memcpy (t, u, n * sizeof (WORD));                                   \
    j = ITERATE (prf, u, t, iterations - 1) ? iterations : 1;            \
    for (; j < iterations; j++)                                         \
      {                                                                 \
        STORE_STATE (block, u, n, prf->outlen);                         \
        memcpy (st, prf->istate.MEMBER, n * sizeof (WORD));             \
        prf->compress (st, block, 1);                                   \
        STORE_STATE (block, st, n, prf->outlen);                        \
        memcpy (u, prf->ostate.MEMBER, n * sizeof (WORD));              \
        prf->compress (u, block, 1);                                    \
        for (k = 0; k < n; k++)                                         \
          t[k] ^= u[k];                                                 \
      }                                                                 \
                                                                        \
    STORE_STATE (block, t, n, prf->outlen);                             \
    memcpy (out, block, prf->outlen);                                   \
                                                                        \
    wipememory (st, sizeof st);                                         \
    wipememory (u, sizeof u);                                           \
    wipememory (t, sizeof t);                                           \
    wipememory (block, sizeof block);                                   \
  }

/* Run the remaining COUNT iterations with the family's whole-loop code
   if it has one; 1 if it did.  */
static inline int
iterate32 (const sha_prf_t *prf, u32 *u, u32 *t, unsigned long count)
{
  if (!prf->iterate32 || !count)
    return 0;
  prf->iterate32 (prf->istate.w32, prf->ostate.w32, u, t, count,
                  prf->outlen);
  return 1;
}

static inline int
iterate64 (const sha_prf_t *prf, u64 *u, u64 *t, unsigned long count)
{
  (void) prf;
  (void) u;
  (void) t;
  (void) count;
  return 0;
}

DEFINE_SHA_BLOCK (sha_block32, u32, store_state32, w32, iterate32)
DEFINE_SHA_BLOCK (sha_block64, u64, store_state64, w64, iterate64)

/* Key the PRF: the states after the inner and outer key blocks.  D is the
   digest as kdf-hmac.c knows it (to hash a long key).  */
static void
sha_prf_init (sha_prf_t *prf, const sha_family_t *fam, const kdf_digest_t *d,
              const byte *key, size_t keylen)
{
  byte pad[128];
  void *ctx;
  unsigned int i;

  memset (prf, 0, sizeof *prf);
  prf->fam = fam;
  prf->compress = _gcry_sha_select_kernel (*fam->table, *fam->count,
                                           _gcry_get_hw_features ())
                  ->compress;
  prf->blocksize = fam->wide ? 128 : 64;
  prf->outlen = d->outlen;
  prf->iterate32 = pick_iterate32 (fam->algo, _gcry_get_hw_features ());

  memset (pad, 0, sizeof pad);
  if (keylen > prf->blocksize)
    {
      /* A passphrase longer than a block is hashed first, once, by
         the digest's own code (md-internal.h bounds no context size,
         so the context comes from the heap).  */
      ctx = _gcry_malloc_secure (d->spec->contextsize);
      if (ctx)
        {
          d->spec->init (ctx, 0);
          d->spec->write (ctx, key, keylen);
          d->spec->final (ctx);
          _gcry_kdf_digest_read (d, ctx, pad);
          wipememory (ctx, d->spec->contextsize);
          _gcry_free (ctx);
        }
      else
        prf->compress = NULL;   /* Caller reports the failure.  */
    }
  else
    memcpy (pad, key, keylen);

  for (i = 0; i < prf->blocksize; i++)
    pad[i] ^= 0x36;
  memcpy (&prf->istate, fam->iv, fam->nwords * (fam->wide ? 8 : 4));
  if (prf->compress)
    prf->compress (&prf->istate, pad, 1);
  for (i = 0; i < prf->blocksize; i++)
    pad[i] ^= 0x36 ^ 0x5c;
  memcpy (&prf->ostate, fam->iv, fam->nwords * (fam->wide ? 8 : 4));
  if (prf->compress)
    prf->compress (&prf->ostate, pad, 1);
  wipememory (pad, sizeof pad);
}

static gcry_err_code_t
pbkdf2_sha (const sha_family_t *fam, const kdf_digest_t *d,
            const byte *passphrase, size_t passphraselen,
            const byte *salt, size_t saltlen, unsigned long iterations,
            size_t keysize, byte *keybuffer)
{
  sha_prf_t prf;
  byte tblock[64];
  size_t done, n;
  u32 index;

  sha_prf_init (&prf, fam, d, passphrase, passphraselen);
  if (!prf.compress)
    {
      wipememory (&prf, sizeof prf);
      return kdf_alloc_error ();
    }

  for (done = 0, index = 1; done < keysize; done += n, index++)
    {
      n = keysize - done < prf.outlen ? keysize - done : prf.outlen;
      if (n == prf.outlen)
        {
          if (fam->wide)
            sha_block64 (&prf, salt, saltlen, index, iterations,
                         keybuffer + done);
          else
            sha_block32 (&prf, salt, saltlen, index, iterations,
                         keybuffer + done);
        }
      else
        {
          if (fam->wide)
            sha_block64 (&prf, salt, saltlen, index, iterations, tblock);
          else
            sha_block32 (&prf, salt, saltlen, index, iterations, tblock);
          memcpy (keybuffer + done, tblock, n);
        }
    }

  wipememory (tblock, sizeof tblock);
  wipememory (&prf, sizeof prf);
  return 0;
}


/*
 * Any other digest: the keyed HMAC of kdf-hmac.c.
 */
static gcry_err_code_t
pbkdf2_generic (const kdf_digest_t *d,
                const byte *passphrase, size_t passphraselen,
                const byte *salt, size_t saltlen, unsigned long iterations,
                size_t keysize, byte *keybuffer)
{
  kdf_hmac_t hmac;
  byte u[MD_MAX_DIGEST_LEN], t[MD_MAX_DIGEST_LEN], ctr[4];
  unsigned int hlen = d->outlen, k;
  size_t done, n;
  unsigned long j;
  u32 index;
  gcry_err_code_t rc;

  rc = _gcry_kdf_hmac_init (&hmac, d, passphrase, passphraselen);
  if (rc)
    return rc;

  for (done = 0, index = 1; done < keysize; done += n, index++)
    {
      store_be32 (ctr, index);
      _gcry_kdf_hmac_begin (&hmac);
      _gcry_kdf_hmac_write (&hmac, salt, saltlen);
      _gcry_kdf_hmac_write (&hmac, ctr, 4);
      _gcry_kdf_hmac_end (&hmac, u);
      memcpy (t, u, hlen);
      for (j = 1; j < iterations; j++)
        {
          _gcry_kdf_hmac_begin (&hmac);
          _gcry_kdf_hmac_write (&hmac, u, hlen);
          _gcry_kdf_hmac_end (&hmac, u);
          for (k = 0; k < hlen; k++)
            t[k] ^= u[k];
        }
      n = keysize - done < hlen ? keysize - done : hlen;
      memcpy (keybuffer + done, t, n);
    }

  wipememory (u, sizeof u);
  wipememory (t, sizeof t);
  _gcry_kdf_hmac_release (&hmac);
  return 0;
}


gcry_err_code_t
_gcry_kdf_pbkdf2 (const byte *passphrase, size_t passphraselen, int hashalgo,
                  const byte *salt, size_t saltlen, unsigned long iterations,
                  size_t keysize, byte *keybuffer)
{
  kdf_digest_t d;
  gcry_err_code_t rc;
  size_t i;

  rc = _gcry_kdf_digest_get (hashalgo, &d);
  if (rc)
    return rc;
  /* At most 2^32 - 1 output blocks (the block index is 32 bits).  */
  if ((keysize - 1) / d.outlen >= 0xffffffffu)
    return GPG_ERR_INV_VALUE;

  for (i = 0; i < DIM (sha_families); i++)
    if (sha_families[i].algo == hashalgo)
      return pbkdf2_sha (&sha_families[i], &d, passphrase, passphraselen,
                         salt, saltlen, iterations, keysize, keybuffer);
  return pbkdf2_generic (&d, passphrase, passphraselen, salt, saltlen,
                         iterations, keysize, keybuffer);
}
