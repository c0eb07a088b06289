/* ghash.c - the GHASH/POLYVAL kernel table, its selection and the key
 * preparation common to every kernel.
 *
 * The table lists every implementation, best first, with the HWF_*
 * features it needs.  A key records the kernel chosen when it was set;
 * updates never look at CPU features again.  A new kernel is one entry
 * here.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include "ghash.h"

/* ghash-x86_64.S reads the powers at offset 0, H^1 at byte 496.  */
_Static_assert (offsetof (ghash_key_t, hpow) == 0
               && sizeof (((ghash_key_t *) 0)->hpow) == 512,
               "ghash-x86_64.S: GHASH_HPOW_BYTES");

#ifdef HAVE_AMD64_ASM
/* The VPCLMULQDQ kernels: the assembly update functions behind wrappers
   that first extend the key's powers to what the call reads (ghash.h:
   a batch of BATCH blocks H^1..H^BATCH, a shorter call one power per
   block), and the setkey of the PCLMULQDQ kernel.  Every one needs
   PCLMULQDQ and SSE4.1 for that setkey; the extension needs no more
   than the entry's own features (the AVX2 entry extends with VEX code,
   the AVX-512 ones with EVEX code).  */
# define GHASH_VPCLMUL_WRAPPERS(variant, batch, powers)                 \
  static void                                                           \
  ghash_##variant (const ghash_key_t *key, byte acc[16],                \
                   const byte *buf, size_t nblocks)                     \
  {                                                                     \
    _gcry_ghash_need_powers (key, nblocks < (batch) ? (unsigned int) nblocks \
                                                    : (batch),          \
                             (powers));                                 \
    _gcry_ghash_update_##variant (key, acc, buf, nblocks);              \
  }                                                                     \
  static void                                                           \
  polyval_##variant (const ghash_key_t *key, byte acc[16],              \
                     const byte *buf, size_t nblocks)                   \
  {                                                                     \
    _gcry_ghash_need_powers (key, nblocks < (batch) ? (unsigned int) nblocks \
                                                    : (batch),          \
                             (powers));                                 \
    _gcry_polyval_update_##variant (key, acc, buf, nblocks);            \
  }

GHASH_VPCLMUL_WRAPPERS (vpclmul_avx512_zmm, 32,
                        _gcry_ghash_powers_vpclmul_evex)
GHASH_VPCLMUL_WRAPPERS (vpclmul_avx512_ymm, 16,
                        _gcry_ghash_powers_vpclmul_evex)
GHASH_VPCLMUL_WRAPPERS (vpclmul_avx2, 16, _gcry_ghash_powers_vpclmul)

# define GHASH_VPCLMUL_ENTRY(variant, features, zmm)                    \
    {                                                                   \
      #variant,                                                         \
      HWF_INTEL_PCLMUL | HWF_INTEL_SSE4_1 | HWF_INTEL_VAES_VPCLMUL      \
      | (features), (zmm),                                              \
      _gcry_ghash_setkey_pclmul, ghash_##variant, polyval_##variant     \
    }
#endif

const ghash_kernel_t _gcry_ghash_kernels[] =
  {
#ifdef HAVE_AMD64_ASM
    /* BMI2: the AVX-512 tails build their masks with BZHI.  */
    GHASH_VPCLMUL_ENTRY (vpclmul_avx512_zmm,
                         HWF_INTEL_AVX512 | HWF_INTEL_BMI2, 1),
    GHASH_VPCLMUL_ENTRY (vpclmul_avx512_ymm,
                         HWF_INTEL_AVX512 | HWF_INTEL_BMI2, 0),
    GHASH_VPCLMUL_ENTRY (vpclmul_avx2, HWF_INTEL_AVX2, 0),
    {
      "pclmul", HWF_INTEL_PCLMUL | HWF_INTEL_SSE4_1, 0,
      _gcry_ghash_setkey_pclmul,
      _gcry_ghash_update_pclmul,
      _gcry_polyval_update_pclmul
    },
#endif
    {
      "portable", 0, 0,
      _gcry_ghash_setkey_portable,
      _gcry_ghash_update_portable,
      _gcry_polyval_update_portable
    },
    { NULL, 0, 0, NULL, NULL, NULL }
  };

const ghash_kernel_t *
_gcry_ghash_select_kernel (unsigned int hwf)
{
  const ghash_kernel_t *k;

  for (k = _gcry_ghash_kernels; k->name; k++)
    if ((k->hwf & hwf) == k->hwf && (!k->uses_zmm || (hwf & HWF_X86_ZMM)))
      return k;
  /* Unreachable: the portable entry needs nothing.  */
  return k - 1;
}

/* H' = H * x^-1 for reflected H (low half first).  Reflected, dividing
   by x is a left shift; when the x^0 coefficient (bit 127) is set, it
   becomes x^-1 = x^127 + x^6 + x + 1, reflected bits 0, 121, 126, 127.
   Constant time: the bit becomes a mask.  */
static void
div_x (u64 r[2], const u64 h[2])
{
  u64 mask = -(h[1] >> 63);

  r[1] = (h[1] << 1) | (h[0] >> 63);
  r[0] = h[0] << 1;
  r[1] ^= mask & 0xc200000000000000ULL;
  r[0] ^= mask & 1;
}

/* Zero a two-word temporary that held key material.  Two stores the
   compiler must keep (the barrier says the memory is read after them);
   wipememory's call through a volatile pointer would cost more than
   the rest of a POLYVAL setkey, which GCM-SIV runs for every nonce.  */
static inline void
wipe_pair (u64 v[2])
{
  v[0] = 0;
  v[1] = 0;
  __asm__ volatile ("" : : "r" (v) : "memory");
}

static void
setkey_reflected (ghash_key_t *key, const u64 hp[2],
                  const ghash_kernel_t *kernel)
{
  if (!kernel)
    kernel = _gcry_ghash_select_kernel (_gcry_get_hw_features ());
  key->kernel = kernel;
  kernel->setkey (key, hp);
}

void
_gcry_ghash_setkey (ghash_key_t *key, const byte h[16],
                    const ghash_kernel_t *kernel)
{
  u64 hr[2], hp[2];

  hr[1] = ghash_get_be64 (h);
  hr[0] = ghash_get_be64 (h + 8);
  div_x (hp, hr);
  setkey_reflected (key, hp, kernel);
  wipe_pair (hr);
  wipe_pair (hp);
}

/* The GHASH key of POLYVAL is mulX_GHASH(ByteReverse(H)) (RFC 8452,
   appendix A); our kernels want that times x^-1, which is
   ByteReverse(H) itself: reflected, a little-endian load of H.  */
void
_gcry_polyval_setkey (ghash_key_t *key, const byte h[16],
                      const ghash_kernel_t *kernel)
{
  u64 hp[2];

  hp[0] = ghash_get_le64 (h);
  hp[1] = ghash_get_le64 (h + 8);
  setkey_reflected (key, hp, kernel);
  wipe_pair (hp);
}


static const char *
ghash_report_current (unsigned int hwf)
{
  return _gcry_ghash_select_kernel (hwf)->name;
}

const gcry_kernel_report_t _gcry_ghash_kernel_reports[] =
  {
    { "ghash",   ghash_report_current },
    { "polyval", ghash_report_current },
    { NULL, NULL }
  };
