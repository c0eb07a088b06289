/* aes-ctr-x86.c - glue between the bulk-operations contract and the
 * x86-64 AES-CTR/XCTR assembly kernels (aes-ctr-x86_64.S).
 *
 * The kernels count in 64 bits (one vpaddq per vector); the contract
 * wants CTR's carry to run through all 128 bits and XCTR's index to be a
 * 128-bit sum.  The one place in a call, if any, where the low 64 bits
 * would wrap splits the call there.  The first part then ends on a block
 * boundary (no keystream tail), so the split is invisible to the caller.
 * Everything else -- partial blocks, KS_TAIL, the counter update -- is
 * done by the kernel.
 *
 * The assembly entry points are the slot functions themselves
 * (_gcry_aes_ctr_x86_<variant> and _gcry_aes_xctr_x86_<variant> name
 * the same code), so a call costs no glue; they detect the wrap and
 * jump, arguments untouched, to _gcry_aes_ctr_wrap_x86_* or
 * _gcry_aes_xctr_wrap_x86_* here.
 *
 * Each variant gets its own functions (stamped out by a macro), with
 * the kernel called directly: no per-call selection.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>
#include <stddef.h>

#include "cipher-internal.h"
#include "aes-aesni.h"
#include "aes-x86-kernels.h"

/* The assembly reads the XCTR state at fixed offsets (XCTR_ST_IV and
   XCTR_ST_INDEX in aes-ctr-x86_64.S).  */
static_assert (offsetof (cipher_xctr_state_t, iv) == 0,
               "aes-ctr-x86_64.S: XCTR_ST_IV");
static_assert (offsetof (cipher_xctr_state_t, index) == 16,
               "aes-ctr-x86_64.S: XCTR_ST_INDEX");
static_assert (sizeof (((cipher_xctr_state_t *) 0)->index) == 8,
               "aes-ctr-x86_64.S: the index is read as 64 bits");

typedef void (*ctr_kernel_t) (const aes_hw_key_t *key, byte *ctr,
                              byte *out, const byte *in, size_t nbytes,
                              byte *ks_tail);
typedef void (*xctr_kernel_t) (const aes_hw_key_t *key,
                               cipher_xctr_state_t *st, byte *out,
                               const byte *in, size_t nbytes,
                               byte *ks_tail);

static inline u64
load_be64 (const byte *p)
{
  u64 v;

  memcpy (&v, p, 8);
  return __builtin_bswap64 (v);
}

/* The rare CTR call whose low 64 counter bits wrap between two of its
   blocks (at most once in 2^64 blocks): the assembly entry detects it
   and jumps here with its arguments untouched.  Split there: the first
   part ends on the last block before the wrap (a block boundary, so no
   keystream tail), and the kernel's final counter update carries into
   the high half, so the split is invisible to the caller.  Neither part
   wraps, so neither comes back here.  */
static inline __attribute__ ((always_inline)) void
ctr_crypt_wrap (ctr_kernel_t kernel, void *ctx, byte *ctr, byte *out,
                const byte *in, size_t nbytes, byte *ks_tail)
{
  const aes_hw_key_t *key = ctx;
  /* Blocks before the wrap: fewer than the call's, so no overflow.  */
  size_t head = (size_t) -load_be64 (ctr + 8) * 16;

  kernel (key, ctr, out, in, head, ks_tail);
  kernel (key, ctr, out + head, in + head, nbytes - head, ks_tail);
}

/* The rare XCTR call that runs across index 2^64 (at most once in 2^64
   blocks): the assembly entry detects it and jumps here with its
   arguments untouched.  Blocks from index 2^64 on use IV ^ le128 (2^64
   + m), which is (IV ^ le128 (2^64)) ^ le128 (m), so they are an
   ordinary call with bit 0 of IV byte 8 flipped, counting from m = 0.
   The first part ends on index 2^64 - 1 (a block boundary, so no
   keystream tail); neither part runs across 2^64, so neither comes
   back here.  */
static inline __attribute__ ((always_inline)) void
xctr_crypt_wrap (xctr_kernel_t kernel, void *ctx, cipher_xctr_state_t *st,
                 byte *out, const byte *in, size_t nbytes, byte *ks_tail)
{
  const aes_hw_key_t *key = ctx;
  /* Blocks before 2^64: fewer than the call's, so no overflow.  */
  size_t head = (size_t) -st->index * 16;
  cipher_xctr_state_t high;

  kernel (key, st, out, in, head, ks_tail);
  memcpy (high.iv, st->iv, 16);
  high.iv[8] ^= 1;
  high.index = 0;
  kernel (key, &high, out + head, in + head, nbytes - head, ks_tail);
  /* Blocks of the second part = the whole call's, modulo 2^64.  */
  st->index = high.index;
  wipememory (&high, sizeof high);
}

#define AES_X86_DEFINE_CTR_GLUE(variant)                                \
  void                                                                  \
  _gcry_aes_ctr_wrap_x86_##variant (void *ctx, byte *ctr, byte *out,    \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail)                      \
  {                                                                     \
    ctr_crypt_wrap (_gcry_aes_ctr_crypt_##variant, ctx, ctr, out, in,   \
                    nbytes, ks_tail);                                   \
  }                                                                     \
                                                                        \
  void                                                                  \
  _gcry_aes_xctr_wrap_x86_##variant (void *ctx,                        \
                                     cipher_xctr_state_t *st,           \
                                     byte *out, const byte *in,         \
                                     size_t nbytes, byte *ks_tail)      \
  {                                                                     \
    xctr_crypt_wrap (_gcry_aes_xctr_crypt_##variant, ctx, st, out, in,  \
                     nbytes, ks_tail);                                  \
  }

AES_X86_DEFINE_CTR_GLUE (aesni_avx)
AES_X86_DEFINE_CTR_GLUE (vaes_avx2)
AES_X86_DEFINE_CTR_GLUE (vaes_avx512_ymm)
AES_X86_DEFINE_CTR_GLUE (vaes_avx512_zmm)

#define AES_X86_CTR_ENTRY(variant, hwf, zmm)                            \
  { #variant, (hwf), (zmm),                                             \
    _gcry_aes_ctr_x86_##variant, _gcry_aes_xctr_x86_##variant }

/* Every entry needs HWF_INTEL_AESNI as well: the key they read is
   expanded by the AES-NI setkey, and disabling "intel-aesni" must keep
   the library off every AES instruction.  */
const aes_x86_ctr_kernel_t _gcry_aes_x86_ctr_kernels[] =
  {
    AES_X86_CTR_ENTRY (vaes_avx512_zmm,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX512, 1),
    AES_X86_CTR_ENTRY (vaes_avx512_ymm,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX512, 0),
    AES_X86_CTR_ENTRY (vaes_avx2,
                       HWF_INTEL_AESNI | HWF_INTEL_VAES_VPCLMUL
                       | HWF_INTEL_AVX2, 0),
    AES_X86_CTR_ENTRY (aesni_avx,
                       HWF_INTEL_AESNI | HWF_INTEL_AVX, 0),
    { NULL, 0, 0, NULL, NULL }
  };
