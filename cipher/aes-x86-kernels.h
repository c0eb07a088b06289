/* aes-x86-kernels.h - the x86-64 assembly AES-CTR/XCTR kernels
 * (cipher/aes-ctr-x86_64.S) and the glue that plugs them into the
 * bulk-operations contract (cipher/aes-ctr-x86.c).
 *
 * Variants, best first (the CPUs each one targets are listed in the
 * header comment of the .S file):
 *
 *   vaes_avx512_zmm  VAES + AVX-512, 512-bit vectors, 32 per batch
 *   vaes_avx512_ymm  VAES + AVX-512, 256-bit vectors (EVEX), 16 per batch
 *   vaes_avx2        VAES + AVX2, 256-bit vectors (VEX), 16 per batch
 *   aesni_avx        AES-NI + AVX, 128-bit vectors, 8 per batch
 *
 * Only compiled on x86-64 with an assembler that knows AVX-512 and VAES
 * (the AMD64_ASM configure conditional, HAVE_AMD64_ASM in config.h).
 *
 * Include "gcrypt-int.h" and "aes-aesni.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef AES_X86_KERNELS_H
#define AES_X86_KERNELS_H

#include <stddef.h>
#include <assert.h>

/* The assembly reads these fields at fixed offsets (the #defines at the
   top of aes-ctr-x86_64.S); a layout change must change both.  The
   context's 64-byte alignment is not relied on: round keys are read with
   unaligned-tolerant loads.  */
static_assert (offsetof (aes_hw_key_t, enc) == 0,
               "aes-ctr-x86_64.S: AES_KEY_ENC_OFFSET");
static_assert (sizeof (((aes_hw_key_t *) 0)->enc) == 15 * 16,
               "aes-ctr-x86_64.S: 15 round keys of 16 bytes");
static_assert (offsetof (aes_hw_key_t, rounds) == 480,
               "aes-ctr-x86_64.S: AES_KEY_ROUNDS_OFFSET");
static_assert (sizeof (((aes_hw_key_t *) 0)->rounds) == 4,
               "aes-ctr-x86_64.S: rounds is read as 32 bits");


/*
 * The assembly entry points.  One pair per variant, same contract:
 *
 * _gcry_aes_ctr_crypt_<variant> (KEY, CTR, OUT, IN, NBYTES, KS_TAIL)
 *   OUT = IN ^ keystream over NBYTES bytes (any length, 0 included),
 *   keystream block j = AES-encrypt (KEY, CTR + j) with CTR a 16-byte
 *   big-endian counter.  On return CTR has advanced by the number of
 *   blocks started, ceil (NBYTES / 16), carried through all 128 bits.
 *   Caller's duty: the low 64 bits of the counter must not wrap inside
 *   the call, i.e. ceil (NBYTES / 16) <= 2^64 - low64 (CTR) when low64
 *   is nonzero; the glue below splits calls that would.
 *
 * _gcry_aes_xctr_crypt_<variant> (KEY, IV, OUT, IN, NBYTES, KS_TAIL,
 *                                 FIRST_INDEX)
 *   Keystream block j = AES-encrypt (KEY, IV ^ le128 (FIRST_INDEX + j))
 *   (XCTR of the HCTR2 paper).  Nothing is written back.  Caller's
 *   duty: FIRST_INDEX + ceil (NBYTES / 16) - 1 must not exceed 2^64 - 1.
 *
 * Both: when NBYTES % 16 != 0 the full keystream block of the final
 * partial block is stored to KS_TAIL (16 bytes); otherwise KS_TAIL is
 * not written.  OUT == IN is allowed, other overlaps are not; no
 * alignment required; no byte outside IN[0..NBYTES-1],
 * OUT[0..NBYTES-1], CTR/IV and KS_TAIL is read or written (the VEX
 * variants use 16 bytes of the red zone below the stack pointer as a
 * bounce buffer and wipe it).  KEY must be an aes_hw_key_t expanded by
 * _gcry_aes_aesni_setkey.  The caller must have checked the CPU
 * features of the variant.
 */
#define AES_X86_DECLARE_CTR_KERNELS(variant)                            \
  void _gcry_aes_ctr_crypt_##variant (const aes_hw_key_t *key,          \
                                      byte *ctr, byte *out,             \
                                      const byte *in, size_t nbytes,    \
                                      byte *ks_tail);                   \
  void _gcry_aes_xctr_crypt_##variant (const aes_hw_key_t *key,         \
                                       const byte *iv, byte *out,       \
                                       const byte *in, size_t nbytes,   \
                                       byte *ks_tail, u64 first_index)

AES_X86_DECLARE_CTR_KERNELS (aesni_avx);
AES_X86_DECLARE_CTR_KERNELS (vaes_avx2);
AES_X86_DECLARE_CTR_KERNELS (vaes_avx512_ymm);
AES_X86_DECLARE_CTR_KERNELS (vaes_avx512_zmm);


/*
 * The glue (cipher/aes-ctr-x86.c): functions with exactly the
 * cipher_bulk_ops_t ctr_crypt / xctr_crypt signatures and semantics
 * (see cipher-internal.h), one pair per variant.
 *
 * CTX must point to the aes_hw_key_t: the AES context must begin with
 * it.  The glue splits a call at the one block where the counter's low
 * 64 bits wrap (CTR) or where the XCTR index passes 2^64, so the
 * assembly's 64-bit counter arithmetic never sees a carry.  XCTR updates
 * *INDEX (+ blocks started, modulo 2^64).
 */
typedef void (*aes_x86_ctr_fn_t) (void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nbytes,
                                  byte *ks_tail);
typedef void (*aes_x86_xctr_fn_t) (void *ctx, const byte *iv, u64 *index,
                                   byte *out, const byte *in,
                                   size_t nbytes, byte *ks_tail);

#define AES_X86_DECLARE_CTR_GLUE(variant)                               \
  void _gcry_aes_ctr_x86_##variant (void *ctx, byte *ctr, byte *out,    \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail);                     \
  void _gcry_aes_xctr_x86_##variant (void *ctx, const byte *iv,         \
                                     u64 *index, byte *out,             \
                                     const byte *in, size_t nbytes,     \
                                     byte *ks_tail)

AES_X86_DECLARE_CTR_GLUE (aesni_avx);
AES_X86_DECLARE_CTR_GLUE (vaes_avx2);
AES_X86_DECLARE_CTR_GLUE (vaes_avx512_ymm);
AES_X86_DECLARE_CTR_GLUE (vaes_avx512_zmm);


/* The variants as data, best first, ending with a NULL NAME: what the
   AES kernel table (cipher/aes.c) and tests/t-kernels iterate.  HWF is
   every HWF_* bit the CPU must have to run a variant.  USES_ZMM marks
   512-bit code, which a selection should take only when HWF_X86_ZMM
   (the zmm policy: a preference, not a CPU requirement) is set too --
   the convention of aes.c's table.  */
typedef struct aes_x86_ctr_kernel
{
  const char *name;             /* e.g. "vaes_avx512_zmm"  */
  unsigned int hwf;             /* all of these HWF_* bits needed  */
  int uses_zmm;                 /* 512-bit vectors: want HWF_X86_ZMM  */
  aes_x86_ctr_fn_t ctr_crypt;
  aes_x86_xctr_fn_t xctr_crypt;
} aes_x86_ctr_kernel_t;

extern const aes_x86_ctr_kernel_t _gcry_aes_x86_ctr_kernels[];

#endif /* AES_X86_KERNELS_H */
