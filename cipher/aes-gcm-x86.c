/* aes-gcm-x86.c - glue between the gcm_crypt bulk slot and the stitched
 * x86-64 AES-GCM kernels (aes-gcm-avx512-x86_64.S,
 * aes-gcm-vaes-avx2-x86_64.S), and the key preparation they share.
 *
 * The kernels implement inc32 themselves and take any length, so the
 * glue only dispatches on the slot's OP; the variant is fixed per
 * function (stamped out by a macro), so no call selects anything.  The
 * OP flags GCM_BULK_EK_J0 and GCM_BULK_TAG go to the AVX-512 kernels
 * in the top byte of NBYTES; for the VEX kernels the glue does those
 * steps itself, with AES-NI and the variant's GHASH.
 *
 * The GHASH key: the powers H^1..H^32 (32 blocks per reduction in the
 * zmm kernel), each multiplied by x^-1 and in the reflected order of
 * ghash.h, H^32 first: the layout of ghash_key_t.hpow, so the doubling
 * of ghash-pclmul.c (_gcry_ghash_powers_*: 31 products, 5 of them deep)
 * computes them, all at setkey, with the variant's instructions.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>
#include <emmintrin.h>

#include "cipher-internal.h"
#include "aes-aesni.h"
#include "aes-x86-kernels.h"

#define GCM_NPOWERS 32

static_assert (offsetof (gcm_bulk_key_t, zero_pad) == GCM_NPOWERS * 16,
               "aes-gcm-*.S: GCM_HPOW_BYTES");
static_assert (sizeof (((gcm_bulk_key_t *) 0)->zero_pad) >= 64 - 16,
               "aes-gcm-avx512-x86_64.S: zmm loads may pass H^1 by 48");
/* The blocks after ACC that GCM_BULK_EK_J0 and GCM_BULK_TAG use
   (aes-gcm-avx512-x86_64.S: ACC_EK_J0, ACC_TAG).  */
static_assert (offsetof (struct gcry_cipher_handle, u_mode.gcm.ek_j0)
               - offsetof (struct gcry_cipher_handle, u_mode.gcm.acc) == 32,
               "aes-gcm-avx512-x86_64.S: ACC_EK_J0");
static_assert (offsetof (struct gcry_cipher_handle, u_mode.gcm.tag)
               - offsetof (struct gcry_cipher_handle, u_mode.gcm.acc) == 48,
               "aes-gcm-avx512-x86_64.S: ACC_TAG");
/* The flags stay clear of the operation in OP's low byte.  */
static_assert ((GCM_BULK_EK_J0 | GCM_BULK_TAG) > 0xff, "OP flags");

/* The key from H with POWERS, the doubling of ghash.h for the
   instructions the variant may use.  */
static void
gcm_setkey (struct gcm_bulk_key *gkey, const byte h[16],
            ghash_powers_fn_t powers)
{
  u64 hi, lo, mask;

  /* Reflected H (a big-endian load), then times x^-1: a left shift by
     one, and where the x^0 coefficient (bit 127) falls out, x^-1 =
     x^127 + x^6 + x + 1 comes in (reflected bits 0, 121, 126, 127).
     Constant time: the bit becomes a mask.  */
  memcpy (&hi, h, 8);
  memcpy (&lo, h + 8, 8);
  hi = __builtin_bswap64 (hi);
  lo = __builtin_bswap64 (lo);
  mask = -(hi >> 63);
  hi = (hi << 1) | (lo >> 63);
  lo = (lo << 1) ^ (mask & 1);
  hi ^= mask & 0xc200000000000000ULL;
  /* One 16-byte store: the doubling loads H^1 at once, and a load
     spanning two recent stores is not forwarded.  */
  _mm_storeu_si128 ((__m128i *) gkey->hpow[GCM_NPOWERS - 1],
                    _mm_set_epi64x ((long long) hi, (long long) lo));

  memset (gkey->zero_pad, 0, sizeof gkey->zero_pad);
  powers (gkey->hpow, 1, GCM_NPOWERS);
  hi = lo = mask = 0;
  __asm__ volatile ("" : : "r" (hi), "r" (lo), "r" (mask));
}

void
_gcry_aes_gcm_x86_setkey (struct gcm_bulk_key *gkey, const byte h[16])
{
  gcm_setkey (gkey, h, _gcry_ghash_powers_pclmul);
}

/* The OP flags as the assembly kernels take them: in the top byte of
   NBYTES, which the GCM data limit (2^36 - 32 bytes) leaves free
   (aes-x86-kernels.h).  */
#define GCM_KERNEL_EK_J0 1
#define GCM_KERNEL_TAG 2
#define GCM_KERNEL_FLAGS_SHIFT 56

/* The slot's flag bits are the kernels' moved up by 8: with native
   flags, NBYTES takes them with one shift.  */
static_assert (GCM_BULK_EK_J0 == GCM_KERNEL_EK_J0 << 8
               && GCM_BULK_TAG == GCM_KERNEL_TAG << 8, "OP flag bits");

static inline size_t
kernel_nbytes_native (size_t nbytes, int op)
{
  return nbytes | (size_t) (op & (GCM_BULK_EK_J0 | GCM_BULK_TAG))
                  << (GCM_KERNEL_FLAGS_SHIFT - 8);
}

static inline size_t
kernel_nbytes (size_t nbytes, int op, int native_flags)
{
  size_t flags = 0;

  if (native_flags && (op & GCM_BULK_EK_J0))
    flags |= GCM_KERNEL_EK_J0;
  if (native_flags && (op & GCM_BULK_TAG))
    flags |= GCM_KERNEL_TAG;
  return nbytes | flags << GCM_KERNEL_FLAGS_SHIFT;
}

typedef void (*gcm_ghash_fn_t) (const byte *hkey, byte *acc,
                                const byte *buf, size_t nbytes);

/* GCM_BULK_TAG for the kernels without it (the VEX variants): the tag
   from ACC over the final partial ciphertext block CT_TAIL (REST bytes,
   zero-padded; none when REST is 0) and the length block at ACC + 48,
   with the variant's GHASH, xor E(K, J0); that padded block also goes
   to PENDING at ACC + 16.  Only public data passes through the buffers
   (ciphertext, lengths) but the GHASH state, which is wiped.  */
static void
gcm_tag_fallback (gcm_ghash_fn_t ghash, const byte *hkey, byte *acc,
                  const byte *ct_tail, size_t rest)
{
  byte blocks[32], state[16];
  size_t n = 0, i;

  if (rest)
    {
      memcpy (blocks, ct_tail, rest);
      memset (blocks + rest, 0, 16 - rest);
      memcpy (acc + 16, blocks, 16);
      n = 16;
    }
  memcpy (blocks + n, acc + 48, 16);
  memcpy (state, acc, 16);
  ghash (hkey, state, blocks, n + 16);
  for (i = 0; i < 16; i++)
    acc[48 + i] = state[i] ^ acc[32 + i];
  wipememory (state, sizeof state);
}

/* One variant's gcm_crypt.  NATIVE_FLAGS: its kernels do GCM_BULK_EK_J0
   and GCM_BULK_TAG themselves; else they are done here around the
   kernel call.  POWERS: the key's doubling with the variant's
   instructions (ghash.h).  The usual call, data for a variant with
   native flags, goes straight to its kernel as a tail call; the rest
   (gcm_general_<variant>) has calls to make around the kernel's, and
   with them a frame and saved registers that short messages would pay
   for on every call.  */
#define AES_X86_DEFINE_GCM_GLUE(variant, native_flags, powers)          \
  static void __attribute__ ((noinline))                                \
  gcm_general_##variant (void *ctx, struct gcm_bulk_key *gkey,          \
                         byte *acc, byte *ctr, byte *out,               \
                         const byte *in, size_t nbytes,                 \
                         byte *ks_tail, int op);                        \
                                                                        \
  void                                                                  \
  _gcry_aes_gcm_x86_##variant (void *ctx, struct gcm_bulk_key *gkey,    \
                               byte *acc, byte *ctr, byte *out,         \
                               const byte *in, size_t nbytes,           \
                               byte *ks_tail, int op)                   \
  {                                                                     \
    if ((native_flags) && nbytes && (op & 0xff) == GCM_BULK_ENCRYPT)    \
      _gcry_aes_gcm_enc_##variant (ctx, (const byte *) gkey->hpow, acc, \
                                   ctr, out, in,                        \
                                   kernel_nbytes_native (nbytes, op),   \
                                   ks_tail);                            \
    else if ((native_flags) && nbytes                                   \
             && (op & 0xff) == GCM_BULK_DECRYPT)                        \
      _gcry_aes_gcm_dec_##variant (ctx, (const byte *) gkey->hpow, acc, \
                                   ctr, out, in,                        \
                                   kernel_nbytes_native (nbytes, op),   \
                                   ks_tail);                            \
    else                                                                \
      gcm_general_##variant (ctx, gkey, acc, ctr, out, in, nbytes,      \
                             ks_tail, op);                              \
  }                                                                     \
                                                                        \
  static void                                                           \
  gcm_general_##variant (void *ctx, struct gcm_bulk_key *gkey,          \
                         byte *acc, byte *ctr, byte *out,               \
                         const byte *in, size_t nbytes,                 \
                         byte *ks_tail, int op)                         \
  {                                                                     \
    const aes_hw_key_t *key = ctx;                                      \
    const byte *hkey = (const byte *) gkey->hpow;                       \
    /* The kernels return at once on no data: flags done here then.  */ \
    int native = (native_flags) && nbytes;                              \
    size_t knbytes = kernel_nbytes (nbytes, op, native);                \
    size_t rest = nbytes % 16;                                          \
    byte ct_tail[16];                                                   \
                                                                        \
    switch (op & 0xff)                                                  \
      {                                                                 \
      case GCM_BULK_SETKEY:                                             \
        gcm_setkey (gkey, in, (powers));                                \
        return;                                                         \
      case GCM_BULK_GHASH:                                              \
        _gcry_aes_gcm_ghash_##variant (hkey, acc, in, nbytes);          \
        return;                                                         \
      }                                                                 \
    if (!native && (op & GCM_BULK_EK_J0))                               \
      _gcry_aes_aesni_encrypt (key, acc + 32, acc + 32, 1);             \
    if ((op & 0xff) == GCM_BULK_ENCRYPT)                                \
      {                                                                 \
        _gcry_aes_gcm_enc_##variant (key, hkey, acc, ctr, out, in,      \
                                     knbytes, ks_tail);                 \
        if (!native && (op & GCM_BULK_TAG))                             \
          gcm_tag_fallback (_gcry_aes_gcm_ghash_##variant, hkey, acc,   \
                            out + nbytes - rest, rest);                 \
      }                                                                 \
    else                                                                \
      {                                                                 \
        /* In place, the ciphertext tail is gone after the call.  */    \
        if (!native && (op & GCM_BULK_TAG))                             \
          memcpy (ct_tail, in + nbytes - rest, rest);                   \
        _gcry_aes_gcm_dec_##variant (key, hkey, acc, ctr, out, in,      \
                                     knbytes, ks_tail);                 \
        if (!native && (op & GCM_BULK_TAG))                             \
          gcm_tag_fallback (_gcry_aes_gcm_ghash_##variant, hkey, acc,   \
                            ct_tail, rest);                             \
      }                                                                 \
  }

AES_X86_DEFINE_GCM_GLUE (aesni_avx, 0, _gcry_ghash_powers_pclmul)
AES_X86_DEFINE_GCM_GLUE (vaes_avx2, 0, _gcry_ghash_powers_vpclmul)
AES_X86_DEFINE_GCM_GLUE (vaes_avx512_ymm, 1, _gcry_ghash_powers_vpclmul_evex)
AES_X86_DEFINE_GCM_GLUE (vaes_avx512_zmm, 1, _gcry_ghash_powers_vpclmul_evex)

#define AES_X86_GCM_ENTRY(variant, hwf, zmm)                            \
  { #variant, (hwf), (zmm), _gcry_aes_gcm_x86_##variant }

/* As the CTR table (aes-ctr-x86.c), plus the carry-less multiply every
   variant uses: PCLMULQDQ (the setkey, and aesni_avx's GHASH), and
   VPCLMULQDQ, which HWF_INTEL_VAES_VPCLMUL includes.  */
const aes_x86_gcm_kernel_t _gcry_aes_x86_gcm_kernels[] =
  {
    AES_X86_GCM_ENTRY (vaes_avx512_zmm,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512, 1),
    AES_X86_GCM_ENTRY (vaes_avx512_ymm,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512, 0),
    AES_X86_GCM_ENTRY (vaes_avx2,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL
                       | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX2, 0),
    AES_X86_GCM_ENTRY (aesni_avx,
                       HWF_INTEL_AESNI | HWF_INTEL_PCLMUL | HWF_INTEL_AVX,
                       0),
    { NULL, 0, 0, NULL }
  };
