/* aes.c - AES-128/192/256 (FIPS-197) in the cipher registry, and the
 * choice of the AES kernel.
 *
 * The kernel table below lists every implementation, best first: its
 * name (what the configuration report prints), the HWF_* features it
 * needs (all of them), whether it runs on 512-bit vectors, and its
 * functions.  setkey takes the first entry the CPU allows, stores it in
 * the key context and hands its bulk functions to the handle; no later
 * call looks at CPU features again.  A new kernel is one entry here.
 *
 * 512-bit kernels are skipped unless HWF_X86_ZMM is set (the policy in
 * src/hwfeatures.c clears it on CPUs that lose clock speed on zmm
 * code); they stay in the table so that tests and overrides reach them.
 *
 * As upstream, every AES algorithm id accepts all three key lengths:
 * GCRY_CIPHER_AES with a 32-byte key is AES-256.  The ids differ in
 * their name, OIDs and nominal key length only.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cipher-api.h"
#include "aes-portable.h"
#ifdef HAVE_AMD64_ASM
# include "aes-aesni.h"
# include "aes-x86-kernels.h"
#endif

#define AES_BLOCKSIZE 16

struct aes_kernel;

/* The key context inside the handle (64-byte aligned there).  Each
   kernel family has its own key layout; the union holds the one of the
   selected kernel.

   The x86 kernels' decryption schedule (aes_hw_key_t.dec) is computed
   on the first use of the inverse cipher, not at setkey: most users
   never decrypt with AES (CTR, GCM, GCM-SIV, CCM, EAX, SIV, CFB, OFB,
   XTS and OCB encryption, CMAC, the random generator), and the modes
   that re-key per message (GCM-SIV) or per request (the DRBG) pay
   setkey every time.  Measured on a Sapphire Rapids core: expansion
   alone 10 ns (AES-128) / 12 ns (AES-256); AESIMC interleaved into the
   expansion adds 2.3 / 3.3 ns, a separate pass 3.4 / 4.7 ns, once, at
   the first decryption.  DEC_READY says the pass has run since the
   last setkey; a handle is never used by two threads at once, so a
   plain flag suffices.  Every path to the inverse cipher goes through
   the gates below (aes_hw_need_dec): the spec's and kernels' decrypt,
   and the bulk slots that decrypt (ecb_crypt with ENCRYPT 0, cbc_dec,
   ocb_dec, xts_crypt with ENCRYPT 0).  CFB and OFB decryption, CTR,
   XCTR, GCM and OCB authentication run the forward cipher.  */
typedef struct aes_context
{
  union
  {
#ifdef HAVE_AMD64_ASM
    aes_hw_key_t hw;            /* Every x86 AES-NI/VAES kernel.  */
#endif
    aes_portable_key_t portable;
  } key;
  const struct aes_kernel *kernel;
  unsigned int dec_ready;       /* KEY.HW.DEC is valid (x86 kernels).  */
} aes_context_t;

typedef struct aes_kernel
{
  const char *name;
  /* The kernel serving the primitives this entry does not bring itself,
     for the configuration report; NULL when NAME serves them all.  (The
     vector entries share one serial CBC/CFB encryption, aesni_avx's.)  */
  const char *others;
  unsigned int hwf;             /* HWF_* bits required, all of them.  */
  int uses_zmm;                 /* Needs HWF_X86_ZMM as well.  */
  void (*setkey) (aes_context_t *ctx, const byte *key, size_t keylen);
  /* NBLOCKS blocks, ECB; the single-block spec functions use these.  */
  void (*encrypt) (const aes_context_t *ctx, byte *out, const byte *in,
                   size_t nblocks);
  void (*decrypt) (aes_context_t *ctx, byte *out, const byte *in,
                   size_t nblocks);
  cipher_bulk_ops_t bulk;       /* Copied into the handle at setkey.  */
} aes_kernel_t;


/*
 * Portable: constant-time bitsliced AES (aes-portable.c).  Only ECB is
 * given; the generic mode code batches blocks for it.
 */

static void
portable_setkey (aes_context_t *ctx, const byte *key, size_t keylen)
{
  _gcry_aes_portable_setkey (&ctx->key.portable, key, keylen);
}

static void
portable_encrypt (const aes_context_t *ctx, byte *out, const byte *in,
                  size_t nblocks)
{
  _gcry_aes_portable_encrypt (&ctx->key.portable, out, in, nblocks);
}

static void
portable_decrypt (aes_context_t *ctx, byte *out, const byte *in,
                  size_t nblocks)
{
  _gcry_aes_portable_decrypt (&ctx->key.portable, out, in, nblocks);
}

static void
portable_ecb_crypt (void *ctx, byte *out, const byte *in, size_t nblocks,
                    int encrypt)
{
  aes_context_t *actx = ctx;

  if (encrypt)
    _gcry_aes_portable_encrypt (&actx->key.portable, out, in, nblocks);
  else
    _gcry_aes_portable_decrypt (&actx->key.portable, out, in, nblocks);
}


#ifdef HAVE_AMD64_ASM
/*
 * AES-NI (aes-aesni.c): 8-way interleaved ECB, CBC decryption, CFB
 * decryption, CTR and XCTR; serial CBC/CFB encryption.
 */

static void
aesni_setkey (aes_context_t *ctx, const byte *key, size_t keylen)
{
  _gcry_aes_aesni_setkey_enc (&ctx->key.hw, key, keylen);
  ctx->dec_ready = 0;
}

/* The gate before every use of the decryption schedule (see
   aes_context_t).  */
static inline void
aes_hw_need_dec (aes_context_t *ctx)
{
  if (__builtin_expect (!ctx->dec_ready, 0))
    {
      _gcry_aes_aesni_setkey_dec (&ctx->key.hw);
      ctx->dec_ready = 1;
    }
}

static void
aesni_encrypt (const aes_context_t *ctx, byte *out, const byte *in,
               size_t nblocks)
{
  _gcry_aes_aesni_encrypt (&ctx->key.hw, out, in, nblocks);
}

static void
aesni_decrypt (aes_context_t *ctx, byte *out, const byte *in,
               size_t nblocks)
{
  aes_hw_need_dec (ctx);
  _gcry_aes_aesni_decrypt (&ctx->key.hw, out, in, nblocks);
}

static void
aesni_ecb_crypt (void *ctx, byte *out, const byte *in, size_t nblocks,
                 int encrypt)
{
  if (!encrypt)
    aes_hw_need_dec (ctx);
  _gcry_aes_aesni_ecb_crypt (&((aes_context_t *) ctx)->key.hw, out, in,
                             nblocks, encrypt);
}

static void
aesni_cbc_enc (void *ctx, byte *iv, byte *out, const byte *in,
               size_t nblocks, int cbc_mac)
{
  _gcry_aes_aesni_cbc_enc (&((aes_context_t *) ctx)->key.hw, iv, out, in,
                           nblocks, cbc_mac);
}

static void
aesni_cbc_dec (void *ctx, byte *iv, byte *out, const byte *in,
               size_t nblocks)
{
  aes_hw_need_dec (ctx);
  _gcry_aes_aesni_cbc_dec (&((aes_context_t *) ctx)->key.hw, iv, out, in,
                           nblocks);
}

static void
aesni_cfb_enc (void *ctx, byte *iv, byte *out, const byte *in,
               size_t nblocks)
{
  _gcry_aes_aesni_cfb_enc (&((aes_context_t *) ctx)->key.hw, iv, out, in,
                           nblocks);
}

static void
aesni_cfb_dec (void *ctx, byte *iv, byte *out, const byte *in,
               size_t nblocks)
{
  _gcry_aes_aesni_cfb_dec (&((aes_context_t *) ctx)->key.hw, iv, out, in,
                           nblocks);
}

/* The block functions of the vector entries: the serial AVX loop, which
   takes a single block (all the spec functions ask for) for a fraction
   of the 8-way code's fixed cost.  */
static void
avx_encrypt (const aes_context_t *ctx, byte *out, const byte *in,
             size_t nblocks)
{
  _gcry_aes_enc_blocks_aesni_avx (&ctx->key.hw, out, in, nblocks);
}

static void
avx_decrypt (aes_context_t *ctx, byte *out, const byte *in,
             size_t nblocks)
{
  aes_hw_need_dec (ctx);
  _gcry_aes_dec_blocks_aesni_avx (&ctx->key.hw, out, in, nblocks);
}

/* The gated slots of one vector variant: the decrypting ones, in front
   of the glue the entry would otherwise hold directly.  */
#define AES_X86_DEFINE_DEC_GATES(variant)                               \
  static void                                                           \
  ecb_gate_##variant (void *ctx, byte *out, const byte *in,             \
                      size_t nblocks, int encrypt)                      \
  {                                                                     \
    if (!encrypt)                                                       \
      aes_hw_need_dec (ctx);                                            \
    _gcry_aes_ecb_x86_##variant (ctx, out, in, nblocks, encrypt);       \
  }                                                                     \
  static void                                                           \
  cbc_dec_gate_##variant (void *ctx, byte *iv, byte *out,               \
                          const byte *in, size_t nblocks)               \
  {                                                                     \
    aes_hw_need_dec (ctx);                                              \
    _gcry_aes_cbc_dec_x86_##variant (ctx, iv, out, in, nblocks);        \
  }                                                                     \
  static void                                                           \
  ocb_dec_gate_##variant (void *ctx, const cipher_ocb_table_t *tab,     \
                          cipher_ocb_chain_t *chain, byte *out,         \
                          const byte *in, size_t nblocks)               \
  {                                                                     \
    aes_hw_need_dec (ctx);                                              \
    _gcry_aes_ocb_dec_x86_##variant (ctx, tab, chain, out, in, nblocks); \
  }                                                                     \
  static void                                                           \
  xts_gate_##variant (void *ctx, void *tweak_ctx, byte *tweak,          \
                      byte *out, const byte *in, size_t nbytes,         \
                      int encrypt)                                      \
  {                                                                     \
    /* The tweak key only ever encrypts.  */                            \
    if (!encrypt)                                                       \
      aes_hw_need_dec (ctx);                                            \
    _gcry_aes_xts_x86_##variant (ctx, tweak_ctx, tweak, out, in, nbytes, \
                                 encrypt);                              \
  }

AES_X86_DEFINE_DEC_GATES (aesni_avx)
AES_X86_DEFINE_DEC_GATES (vaes_avx2)
AES_X86_DEFINE_DEC_GATES (vaes_avx512_ymm)
AES_X86_DEFINE_DEC_GATES (vaes_avx512_zmm)

/* The AES-NI helpers work on whole blocks; the final partial block is
   one more block of keystream (the helper run on a zero block), kept
   in KS_TAIL as the contract asks.  */
static const byte zero_block[AES_BLOCKSIZE];

static void
aesni_ctr_crypt (void *ctx, byte *ctr, byte *out, const byte *in,
                 size_t nbytes, byte *ks_tail)
{
  const aes_hw_key_t *k = &((aes_context_t *) ctx)->key.hw;
  size_t nblocks = nbytes / AES_BLOCKSIZE;
  size_t rest = nbytes % AES_BLOCKSIZE;

  _gcry_aes_aesni_ctr_enc (k, ctr, out, in, nblocks);
  if (rest)
    {
      out += nblocks * AES_BLOCKSIZE;
      in += nblocks * AES_BLOCKSIZE;
      _gcry_aes_aesni_ctr_enc (k, ctr, ks_tail, zero_block, 1);
      cipher_xor (out, in, ks_tail, rest);
    }
}

static void
aesni_xctr_crypt (void *ctx, cipher_xctr_state_t *st, byte *out,
                  const byte *in, size_t nbytes, byte *ks_tail)
{
  const aes_hw_key_t *k = &((aes_context_t *) ctx)->key.hw;
  size_t nblocks = nbytes / AES_BLOCKSIZE;
  size_t rest = nbytes % AES_BLOCKSIZE;

  _gcry_aes_aesni_xctr_enc (k, st->iv, st->index, out, in, nblocks);
  st->index += nblocks;
  if (rest)
    {
      out += nblocks * AES_BLOCKSIZE;
      in += nblocks * AES_BLOCKSIZE;
      _gcry_aes_aesni_xctr_enc (k, st->iv, st->index, ks_tail, zero_block,
                                1);
      st->index += 1;
      cipher_xor (out, in, ks_tail, rest);
    }
}
#endif /* HAVE_AMD64_ASM */


/* Best first; the last entry needs nothing and always matches.  Every
   x86 entry expands the key with the AES-NI code (aes-aesni.c, which
   needs SSE4.1 too) into the aes_hw_key_t layout all x86 kernels read.
   The four vector variants (aesni_avx .. vaes_avx512_zmm) differ only
   in their kernel slots, one per template instantiation (CBC and CFB
   encryption, serial, share aesni_avx's loop: so every vector entry
   needs AVX).  */
#ifdef HAVE_AMD64_ASM
# define AES_X86_BASE_HWF (HWF_INTEL_AESNI | HWF_INTEL_SSE4_1)
# define AES_X86_ENTRY(variant, features, zmm)                          \
    {                                                                   \
      #variant, "aesni_avx", AES_X86_BASE_HWF | HWF_INTEL_AVX | (features), \
      (zmm),                                                            \
      aesni_setkey, avx_encrypt, avx_decrypt,                           \
      {                                                                 \
        .ecb_crypt = ecb_gate_##variant,                                \
        .cbc_enc = _gcry_aes_cbc_enc_x86,                               \
        .cbc_dec = cbc_dec_gate_##variant,                              \
        .cfb_enc = _gcry_aes_cfb_enc_x86,                               \
        .ofb_crypt = _gcry_aes_ofb_x86,                                 \
        .cfb_dec = _gcry_aes_cfb_dec_x86_##variant,                     \
        .ocb_enc = _gcry_aes_ocb_enc_x86_##variant,                     \
        .ocb_dec = ocb_dec_gate_##variant,                              \
        .ocb_auth = _gcry_aes_ocb_auth_x86_##variant,                   \
        .ctr_crypt = _gcry_aes_ctr_x86_##variant,                       \
        .xts_crypt = xts_gate_##variant,                                \
        .gcm_crypt = _gcry_aes_gcm_x86_##variant,                       \
        .xctr_crypt = _gcry_aes_xctr_x86_##variant                      \
      }                                                                 \
    }
#endif

static const aes_kernel_t aes_kernels[] =
  {
#ifdef HAVE_AMD64_ASM
    /* BMI2: the AVX-512 GCM kernels build their tail masks with BZHI and
       SHLX (every AVX-512 CPU has it; the table says so anyway).  */
    AES_X86_ENTRY (vaes_avx512_zmm, HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512
                                    | HWF_INTEL_BMI2, 1),
    AES_X86_ENTRY (vaes_avx512_ymm, HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512
                                    | HWF_INTEL_BMI2, 0),
    AES_X86_ENTRY (vaes_avx2, HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX2, 0),
    /* PCLMULQDQ: the stitched GCM kernel of this variant needs it.  */
    AES_X86_ENTRY (aesni_avx, HWF_INTEL_PCLMUL, 0),
    {
      "aesni", NULL, AES_X86_BASE_HWF, 0,
      aesni_setkey, aesni_encrypt, aesni_decrypt,
      {
        .ecb_crypt = aesni_ecb_crypt,
        .cbc_enc = aesni_cbc_enc, .cbc_dec = aesni_cbc_dec,
        .cfb_enc = aesni_cfb_enc, .cfb_dec = aesni_cfb_dec,
        .ctr_crypt = aesni_ctr_crypt,
        .xctr_crypt = aesni_xctr_crypt
      }
    },
#endif
    {
      "portable", NULL, 0, 0,
      portable_setkey, portable_encrypt, portable_decrypt,
      { .ecb_crypt = portable_ecb_crypt }
    },
  };

static const aes_kernel_t *
aes_select_kernel (unsigned int hwf)
{
  size_t i;

  for (i = 0; i < DIM (aes_kernels); i++)
    {
      const aes_kernel_t *k = &aes_kernels[i];

      if ((k->hwf & hwf) == k->hwf && (!k->uses_zmm || (hwf & HWF_X86_ZMM)))
        return k;
    }
  /* Unreachable: the portable entry needs nothing.  */
  return &aes_kernels[DIM (aes_kernels) - 1];
}


/*
 * The spec functions.
 */

static gcry_err_code_t
aes_setkey (void *ctx, const byte *key, size_t keylen,
            cipher_bulk_ops_t *bulk)
{
  aes_context_t *actx = ctx;
  const aes_kernel_t *kernel;

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;

  kernel = aes_select_kernel (_gcry_get_hw_features ());
  actx->kernel = kernel;
  kernel->setkey (actx, key, keylen);
  *bulk = kernel->bulk;
  return 0;
}

static void
aes_encrypt (void *ctx, byte *out, const byte *in)
{
  aes_context_t *actx = ctx;

  actx->kernel->encrypt (actx, out, in, 1);
}

static void
aes_decrypt (void *ctx, byte *out, const byte *in)
{
  aes_context_t *actx = ctx;

  actx->kernel->decrypt (actx, out, in, 1);
}


/*
 * Registry entries.  Names, aliases and OIDs (NIST's, one per mode) are
 * upstream's.
 */

static const char *const aes128_names[] = { "RIJNDAEL", "AES128", "AES-128",
                                            NULL };
static const gcry_cipher_oid_spec_t aes128_oids[] =
  {
    { "2.16.840.1.101.3.4.1.1", GCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.2", GCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.3", GCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.4", GCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.6", GCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.7", GCRY_CIPHER_MODE_CCM },
    { NULL, 0 }
  };

static const char *const aes192_names[] = { "RIJNDAEL192", "AES-192", NULL };
static const gcry_cipher_oid_spec_t aes192_oids[] =
  {
    { "2.16.840.1.101.3.4.1.21", GCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.22", GCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.23", GCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.24", GCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.26", GCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.27", GCRY_CIPHER_MODE_CCM },
    { NULL, 0 }
  };

static const char *const aes256_names[] = { "RIJNDAEL256", "AES-256", NULL };
static const gcry_cipher_oid_spec_t aes256_oids[] =
  {
    { "2.16.840.1.101.3.4.1.41", GCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.42", GCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.43", GCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.44", GCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.46", GCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.47", GCRY_CIPHER_MODE_CCM },
    { NULL, 0 }
  };

const gcry_cipher_spec_t _gcry_cipher_spec_aes =
  {
    GCRY_CIPHER_AES, "AES", aes128_names, aes128_oids,
    AES_BLOCKSIZE, 128, sizeof (aes_context_t),
    aes_setkey, aes_encrypt, aes_decrypt
  };

const gcry_cipher_spec_t _gcry_cipher_spec_aes192 =
  {
    GCRY_CIPHER_AES192, "AES192", aes192_names, aes192_oids,
    AES_BLOCKSIZE, 192, sizeof (aes_context_t),
    aes_setkey, aes_encrypt, aes_decrypt
  };

const gcry_cipher_spec_t _gcry_cipher_spec_aes256 =
  {
    GCRY_CIPHER_AES256, "AES256", aes256_names, aes256_oids,
    AES_BLOCKSIZE, 256, sizeof (aes_context_t),
    aes_setkey, aes_encrypt, aes_decrypt
  };


/*
 * The kernel report: for a feature mask, the kernel a setkey would
 * choose for each primitive.  Where an entry leaves a slot empty the
 * generic mode code runs over that entry's block functions, so the
 * entry's name is still the right answer there.
 */

static const char *
aes_report_own (unsigned int hwf)
{
  return aes_select_kernel (hwf)->name;
}

/* GCM: the entry's stitched kernel, or the unstitched path (its CTR
   plus the GHASH kernel, reported on their own lines) when it has
   none.  */
static const char *
aes_report_gcm (unsigned int hwf)
{
  const aes_kernel_t *k = aes_select_kernel (hwf);

  return k->bulk.gcm_crypt ? k->name : "ctr+ghash";
}

static const char *
aes_report_others (unsigned int hwf)
{
  const aes_kernel_t *k = aes_select_kernel (hwf);

  return k->others ? k->others : k->name;
}

const gcry_kernel_report_t _gcry_aes_kernel_reports[] =
  {
    { "aes-ecb",     aes_report_own },
    { "aes-cbc-enc", aes_report_others },
    { "aes-cbc-dec", aes_report_own },
    { "aes-cfb-enc", aes_report_others },
    { "aes-cfb-dec", aes_report_own },
    { "aes-ofb",     aes_report_others },
    { "aes-ocb",     aes_report_own },
    { "aes-ctr",     aes_report_own },
    { "aes-xctr",    aes_report_own },
    { "aes-xts",     aes_report_own },
    { "aes-gcm",     aes_report_gcm },
    { NULL, NULL }
  };
