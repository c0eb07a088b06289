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
 *   Any counter: a call in which the low 64 bits would wrap between two
 *   blocks is split by _gcry_aes_ctr_wrap_x86_<variant> (below).
 *
 * _gcry_aes_xctr_crypt_<variant> (KEY, ST, OUT, IN, NBYTES, KS_TAIL)
 *   Keystream block j = AES-encrypt (KEY, ST->IV ^ le128 (ST->INDEX
 *   + j)), the index a 128-bit sum (XCTR of the HCTR2 paper).  On
 *   return ST->INDEX has advanced by the blocks started (modulo 2^64).
 *   Any index: a call that runs across index 2^64 is split by
 *   _gcry_aes_xctr_wrap_x86_<variant> (below).
 *
 * Both: when NBYTES % 16 != 0 the full keystream block of the final
 * partial block is stored to KS_TAIL (16 bytes); otherwise KS_TAIL is
 * not written.  OUT == IN is allowed, other overlaps are not; no
 * alignment required; no byte outside IN[0..NBYTES-1],
 * OUT[0..NBYTES-1], CTR/ST and KS_TAIL is read or written (the VEX
 * variants use 16 bytes of the red zone below the stack pointer as a
 * bounce buffer and wipe it).  KEY must be an aes_hw_key_t expanded by
 * _gcry_aes_aesni_setkey.  The caller must have checked the CPU
 * features of the variant.
 */
/* The XCTR state of the xctr_crypt slot (cipher-internal.h, where
   cipher/aes-ctr-x86.c pins the offsets the assembly reads: IV at 0,
   INDEX at 16).  */
struct cipher_xctr_state;

#define AES_X86_DECLARE_CTR_KERNELS(variant)                            \
  void _gcry_aes_ctr_crypt_##variant (const aes_hw_key_t *key,          \
                                      byte *ctr, byte *out,             \
                                      const byte *in, size_t nbytes,    \
                                      byte *ks_tail);                   \
  void _gcry_aes_xctr_crypt_##variant (const aes_hw_key_t *key,         \
                                       struct cipher_xctr_state *st,    \
                                       byte *out, const byte *in,       \
                                       size_t nbytes, byte *ks_tail)

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
 * it.  A call is split at the one block where the counter's low 64 bits
 * wrap (CTR) or where the XCTR index passes 2^64, so the assembly's
 * 64-bit counter arithmetic never sees a carry.  XCTR updates
 * ST->INDEX (+ blocks started, modulo 2^64).
 *
 * _gcry_aes_ctr_x86_<variant> is an alias of _gcry_aes_ctr_crypt_<variant>
 * and _gcry_aes_xctr_x86_<variant> of _gcry_aes_xctr_crypt_<variant>
 * (the assembly has the slots' signatures and full contracts: it
 * detects a wrap itself and jumps, arguments untouched, to
 * _gcry_aes_ctr_wrap_x86_<variant> or _gcry_aes_xctr_wrap_x86_<variant>,
 * the C splits, which only it calls).
 */
typedef void (*aes_x86_ctr_fn_t) (void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nbytes,
                                  byte *ks_tail);
typedef void (*aes_x86_xctr_fn_t) (void *ctx, struct cipher_xctr_state *st,
                                   byte *out, const byte *in,
                                   size_t nbytes, byte *ks_tail);

#define AES_X86_DECLARE_CTR_GLUE(variant)                               \
  void _gcry_aes_ctr_x86_##variant (void *ctx, byte *ctr, byte *out,    \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail);                     \
  void _gcry_aes_ctr_wrap_x86_##variant (void *ctx, byte *ctr,          \
                                         byte *out, const byte *in,     \
                                         size_t nbytes, byte *ks_tail); \
  void _gcry_aes_xctr_x86_##variant (void *ctx,                        \
                                     struct cipher_xctr_state *st,      \
                                     byte *out, const byte *in,         \
                                     size_t nbytes, byte *ks_tail);     \
  void _gcry_aes_xctr_wrap_x86_##variant (void *ctx,                   \
                                          struct cipher_xctr_state *st, \
                                          byte *out, const byte *in,    \
                                          size_t nbytes, byte *ks_tail)

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


/*
 * ECB, CBC decryption and CFB decryption (cipher/aes-bulk-x86_64.S, one
 * template per family, the same four variants, and one serial CBC/CFB
 * encryption for all of them; glue in
 * cipher/aes-bulk-x86.c).  The decryption kernels read the equivalent
 * inverse cipher's schedule, aes_hw_key_t.dec.
 *
 * _gcry_aes_ecb_enc_<variant> (KEY, OUT, IN, NBLOCKS)
 * _gcry_aes_ecb_dec_<variant> (KEY, OUT, IN, NBLOCKS)
 *   OUT[i] = E(IN[i]) / D(IN[i]) for NBLOCKS 16-byte blocks.
 * _gcry_aes_cbc_dec_<variant> (KEY, IV, OUT, IN, NBLOCKS)
 *   OUT[i] = D(IN[i]) ^ IN[i-1], IN[-1] = IV.
 * _gcry_aes_cfb_dec_<variant> (KEY, IV, OUT, IN, NBLOCKS)
 *   OUT[i] = IN[i] ^ E(IN[i-1]), IN[-1] = IV.
 *
 * NBLOCKS may be 0 (nothing read or written, IV unchanged).  CBC and
 * CFB leave the last input block in IV (written at entry, before any
 * output; IV must not overlap IN or OUT).  OUT == IN is allowed, other
 * overlaps are not; no alignment required; no byte outside IN, OUT and
 * IV is read or written, and no stack is used.  KEY must be an
 * aes_hw_key_t expanded by _gcry_aes_aesni_setkey.  The caller must have
 * checked the CPU features of the variant.
 */
static_assert (offsetof (aes_hw_key_t, dec) == 240,
               "aes-bulk-x86_64.S: AES_KEY_DEC_OFFSET");

#define AES_X86_DECLARE_BULK_KERNELS(variant)                           \
  void _gcry_aes_ecb_enc_##variant (const aes_hw_key_t *key, byte *out, \
                                    const byte *in, size_t nblocks);    \
  void _gcry_aes_ecb_dec_##variant (const aes_hw_key_t *key, byte *out, \
                                    const byte *in, size_t nblocks);    \
  void _gcry_aes_cbc_dec_##variant (const aes_hw_key_t *key, byte *iv,  \
                                    byte *out, const byte *in,          \
                                    size_t nblocks);                    \
  void _gcry_aes_cfb_dec_##variant (const aes_hw_key_t *key, byte *iv,  \
                                    byte *out, const byte *in,          \
                                    size_t nblocks)

AES_X86_DECLARE_BULK_KERNELS (aesni_avx);
AES_X86_DECLARE_BULK_KERNELS (vaes_avx2);
AES_X86_DECLARE_BULK_KERNELS (vaes_avx512_ymm);
AES_X86_DECLARE_BULK_KERNELS (vaes_avx512_zmm);

/* The serial modes, one AES-NI + AVX version for every variant (the
 * chain allows one block in flight; wider vectors do not help):
 *
 * _gcry_aes_cbc_enc_aesni_avx (KEY, IV, OUT, IN, NBLOCKS, CBC_MAC)
 *   OUT[i] = E(IN[i] ^ OUT[i-1]), OUT[-1] = IV.  With CBC_MAC nonzero
 *   only the last block is stored, to OUT[0..15], after all input was
 *   read (OUT may then overlap IN's first block).
 * _gcry_aes_cfb_enc_aesni_avx (KEY, IV, OUT, IN, NBLOCKS)
 *   OUT[i] = IN[i] ^ E(OUT[i-1]), OUT[-1] = IV.
 * _gcry_aes_ofb_enc_aesni_avx (KEY, IV, OUT, IN, NBLOCKS)
 *   K[i] = E(K[i-1]), K[-1] = IV; OUT[i] = IN[i] ^ K[i] (OFB, both
 *   directions).
 *
 * IV ends as the last ciphertext block (OFB: the last keystream block),
 * written at the end.  Other rules as above.  */
void _gcry_aes_cbc_enc_aesni_avx (const aes_hw_key_t *key, byte *iv,
                                  byte *out, const byte *in, size_t nblocks,
                                  int cbc_mac);
void _gcry_aes_cfb_enc_aesni_avx (const aes_hw_key_t *key, byte *iv,
                                  byte *out, const byte *in,
                                  size_t nblocks);
void _gcry_aes_ofb_enc_aesni_avx (const aes_hw_key_t *key, byte *iv,
                                  byte *out, const byte *in,
                                  size_t nblocks);

/* Serial ECB, one block at a time with the round keys as memory
   operands: the cheapest single block, for the spec's block functions
   (aes.c).  NBLOCKS may be 0; OUT == IN allowed.  */
void _gcry_aes_enc_blocks_aesni_avx (const aes_hw_key_t *key, byte *out,
                                     const byte *in, size_t nblocks);
void _gcry_aes_dec_blocks_aesni_avx (const aes_hw_key_t *key, byte *out,
                                     const byte *in, size_t nblocks);

/* The glue: exactly the cipher_bulk_ops_t ecb_crypt / cbc_dec / cfb_dec
   signatures and semantics (cipher-internal.h).  CTX must point to the
   aes_hw_key_t (the AES context begins with it).  */
typedef void (*aes_x86_ecb_fn_t) (void *ctx, byte *out, const byte *in,
                                  size_t nblocks, int encrypt);
typedef void (*aes_x86_chain_fn_t) (void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);

#define AES_X86_DECLARE_BULK_GLUE(variant)                              \
  void _gcry_aes_ecb_x86_##variant (void *ctx, byte *out,               \
                                    const byte *in, size_t nblocks,     \
                                    int encrypt);                       \
  void _gcry_aes_cbc_dec_x86_##variant (void *ctx, byte *iv, byte *out, \
                                        const byte *in, size_t nblocks); \
  void _gcry_aes_cfb_dec_x86_##variant (void *ctx, byte *iv, byte *out, \
                                        const byte *in, size_t nblocks)

AES_X86_DECLARE_BULK_GLUE (aesni_avx);
AES_X86_DECLARE_BULK_GLUE (vaes_avx2);
AES_X86_DECLARE_BULK_GLUE (vaes_avx512_ymm);
AES_X86_DECLARE_BULK_GLUE (vaes_avx512_zmm);

/* OCB (RFC 7253) full blocks, same four variants (the algorithm and the
 * offsets computed from the tables are described in the .S file):
 *
 * _gcry_aes_ocb_enc_<variant> (KEY, TAB, CHAIN, OUT, IN, NBLOCKS)
 * _gcry_aes_ocb_dec_<variant> (KEY, TAB, CHAIN, OUT, IN, NBLOCKS)
 * _gcry_aes_ocb_auth_<variant> (KEY, TAB, CHAIN, ABUF, NBLOCKS)
 *   The ocb_enc / ocb_dec / ocb_auth slots' work, with their arguments
 *   (cipher-internal.h: TAB the handle's L table and prefix sums, CHAIN
 *   the offset, checksum or sum and block count, updated).  NBLOCKS may
 *   be 0.  No stack is used.  The structures' offsets are pinned in
 *   cipher/aes-bulk-x86.c.  */
struct cipher_ocb_table;
struct cipher_ocb_chain;

#define AES_X86_DECLARE_OCB_KERNELS(variant)                            \
  void _gcry_aes_ocb_enc_##variant (const aes_hw_key_t *key,            \
                                    const struct cipher_ocb_table *tab, \
                                    struct cipher_ocb_chain *chain,     \
                                    byte *out, const byte *in,          \
                                    size_t nblocks);                    \
  void _gcry_aes_ocb_dec_##variant (const aes_hw_key_t *key,            \
                                    const struct cipher_ocb_table *tab, \
                                    struct cipher_ocb_chain *chain,     \
                                    byte *out, const byte *in,          \
                                    size_t nblocks);                    \
  void _gcry_aes_ocb_auth_##variant (const aes_hw_key_t *key,           \
                                     const struct cipher_ocb_table *tab, \
                                     struct cipher_ocb_chain *chain,    \
                                     const byte *abuf, size_t nblocks)

AES_X86_DECLARE_OCB_KERNELS (aesni_avx);
AES_X86_DECLARE_OCB_KERNELS (vaes_avx2);
AES_X86_DECLARE_OCB_KERNELS (vaes_avx512_ymm);
AES_X86_DECLARE_OCB_KERNELS (vaes_avx512_zmm);

/* The slots' types (cipher-internal.h).  */
typedef void (*aes_x86_ocb_crypt_fn_t) (void *ctx,
                                        const struct cipher_ocb_table *tab,
                                        struct cipher_ocb_chain *chain,
                                        byte *out, const byte *in,
                                        size_t nblocks);
typedef void (*aes_x86_ocb_auth_fn_t) (void *ctx,
                                       const struct cipher_ocb_table *tab,
                                       struct cipher_ocb_chain *chain,
                                       const byte *abuf, size_t nblocks);

#define AES_X86_DECLARE_OCB_GLUE(variant)                               \
  void _gcry_aes_ocb_enc_x86_##variant (void *ctx,                      \
                                        const struct cipher_ocb_table *tab, \
                                        struct cipher_ocb_chain *chain, \
                                        byte *out, const byte *in,      \
                                        size_t nblocks);                \
  void _gcry_aes_ocb_dec_x86_##variant (void *ctx,                      \
                                        const struct cipher_ocb_table *tab, \
                                        struct cipher_ocb_chain *chain, \
                                        byte *out, const byte *in,      \
                                        size_t nblocks);                \
  void _gcry_aes_ocb_auth_x86_##variant (void *ctx,                     \
                                         const struct cipher_ocb_table *tab, \
                                         struct cipher_ocb_chain *chain, \
                                         const byte *abuf, size_t nblocks)

AES_X86_DECLARE_OCB_GLUE (aesni_avx);
AES_X86_DECLARE_OCB_GLUE (vaes_avx2);
AES_X86_DECLARE_OCB_GLUE (vaes_avx512_ymm);
AES_X86_DECLARE_OCB_GLUE (vaes_avx512_zmm);

/* The cbc_enc / cfb_enc / ofb_crypt slots of every variant.  */
typedef void (*aes_x86_cbc_enc_fn_t) (void *ctx, byte *iv, byte *out,
                                      const byte *in, size_t nblocks,
                                      int cbc_mac);
void _gcry_aes_cbc_enc_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                            size_t nblocks, int cbc_mac);
void _gcry_aes_cfb_enc_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                            size_t nblocks);
void _gcry_aes_ofb_x86 (void *ctx, byte *iv, byte *out, const byte *in,
                        size_t nblocks);

/* The variants as data, best first, ending with a NULL NAME (what
   tests/t-kernels-bulk iterates); fields as in aes_x86_ctr_kernel_t.  */
typedef struct aes_x86_bulk_kernel
{
  const char *name;
  unsigned int hwf;
  int uses_zmm;
  aes_x86_ecb_fn_t ecb_crypt;
  aes_x86_chain_fn_t cbc_dec;
  aes_x86_chain_fn_t cfb_dec;
  aes_x86_cbc_enc_fn_t cbc_enc;
  aes_x86_chain_fn_t cfb_enc;
  aes_x86_ocb_crypt_fn_t ocb_enc;
  aes_x86_ocb_crypt_fn_t ocb_dec;
  aes_x86_ocb_auth_fn_t ocb_auth;
} aes_x86_bulk_kernel_t;

extern const aes_x86_bulk_kernel_t _gcry_aes_x86_bulk_kernels[];


/*
 * XTS (cipher/aes-xts-x86_64.S, one template, the same four variants;
 * glue in cipher/aes-xts-x86.c).
 *
 * _gcry_aes_xts_enc_<variant> (KEY, TWEAK_KEY, TWEAK, OUT, IN, NBYTES)
 * _gcry_aes_xts_dec_<variant> (same arguments)
 *   XTS over NBYTES (16 <= NBYTES; less does nothing) as the xts_crypt
 *   slot of cipher-internal.h describes, ciphertext stealing included:
 *   block i is E_or_D (KEY, IN[i] ^ T_i) ^ T_i, T_(i+1) = T_i * x.  With
 *   TWEAK_KEY non-NULL, T_0 = AES-encrypt (TWEAK_KEY, TWEAK); else TWEAK
 *   is T_0.  On return TWEAK holds the tweak after the last whole block
 *   processed: the next block's when NBYTES % 16 == 0, unspecified
 *   otherwise.  Decryption reads KEY's dec schedule, the tweak always
 *   TWEAK_KEY's enc schedule.  OUT == IN is allowed, other overlaps are
 *   not; no alignment required; no byte outside IN[0..NBYTES-1],
 *   OUT[0..NBYTES-1] and TWEAK is read or written.  The VEX variants use
 *   8 * VL bytes of stack (a frame in %rbp), wiped before return.  Both
 *   keys must be aes_hw_key_t expanded by _gcry_aes_aesni_setkey; the
 *   caller must have checked the CPU features of the variant.
 */
static_assert (offsetof (aes_hw_key_t, dec) == 240,
               "aes-xts-x86_64.S: AES_KEY_DEC_OFFSET");

#define AES_X86_DECLARE_XTS_KERNELS(variant)                            \
  void _gcry_aes_xts_enc_##variant (const aes_hw_key_t *key,            \
                                    const aes_hw_key_t *tweak_key,      \
                                    byte *tweak, byte *out,             \
                                    const byte *in, size_t nbytes);     \
  void _gcry_aes_xts_dec_##variant (const aes_hw_key_t *key,            \
                                    const aes_hw_key_t *tweak_key,      \
                                    byte *tweak, byte *out,             \
                                    const byte *in, size_t nbytes)

AES_X86_DECLARE_XTS_KERNELS (aesni_avx);
AES_X86_DECLARE_XTS_KERNELS (vaes_avx2);
AES_X86_DECLARE_XTS_KERNELS (vaes_avx512_ymm);
AES_X86_DECLARE_XTS_KERNELS (vaes_avx512_zmm);

/* The glue: exactly the cipher_bulk_ops_t xts_crypt signature and
   semantics.  CTX and TWEAK_CTX (may be NULL) must point to
   aes_hw_key_t (the AES context begins with it).  */
typedef void (*aes_x86_xts_fn_t) (void *ctx, void *tweak_ctx, byte *tweak,
                                  byte *out, const byte *in, size_t nbytes,
                                  int encrypt);

#define AES_X86_DECLARE_XTS_GLUE(variant)                               \
  void _gcry_aes_xts_x86_##variant (void *ctx, void *tweak_ctx,         \
                                    byte *tweak, byte *out,             \
                                    const byte *in, size_t nbytes,      \
                                    int encrypt)

AES_X86_DECLARE_XTS_GLUE (aesni_avx);
AES_X86_DECLARE_XTS_GLUE (vaes_avx2);
AES_X86_DECLARE_XTS_GLUE (vaes_avx512_ymm);
AES_X86_DECLARE_XTS_GLUE (vaes_avx512_zmm);

/* The variants as data, best first, ending with a NULL NAME (what
   tests/t-kernels-xts iterates); fields as in aes_x86_ctr_kernel_t.  */
typedef struct aes_x86_xts_kernel
{
  const char *name;
  unsigned int hwf;
  int uses_zmm;
  aes_x86_xts_fn_t xts_crypt;
} aes_x86_xts_kernel_t;

extern const aes_x86_xts_kernel_t _gcry_aes_x86_xts_kernels[];


/*
 * Stitched AES-GCM (cipher/aes-gcm-avx512-x86_64.S for the two AVX-512
 * variants, cipher/aes-gcm-vaes-avx2-x86_64.S for vaes_avx2 and
 * aesni_avx; glue in cipher/aes-gcm-x86.c).  Per variant:
 *
 * _gcry_aes_gcm_enc_<variant> (KEY, HKEY, ACC, CTR, OUT, IN, NBYTES,
 *                              KS_TAIL)
 * _gcry_aes_gcm_dec_<variant> (same)
 *   OUT = IN ^ keystream over NBYTES bytes (any length, 0 included),
 *   keystream block i = E(KEY, inc32^i (CTR)); CTR ends inc32'ed once
 *   per block started (one 16-byte store).  Every whole ciphertext block
 *   (OUT when encrypting, IN when decrypting) is absorbed into the GHASH
 *   state ACC (16 bytes, SP 800-38D order).  A final partial block's
 *   keystream block goes to KS_TAIL; its ciphertext is not absorbed.
 *   OUT == IN allowed, other overlaps not; any alignment; no byte
 *   outside the arguments is read or written (the VEX variants bounce
 *   a partial block through 16 bytes of red zone and wipe them).
 *   The AVX-512 variants also take flags in the top byte of NBYTES
 *   (the length is below 2^56): bit 56 does GCM_BULK_EK_J0, bit 57
 *   GCM_BULK_TAG (cipher-internal.h), on the 64 bytes from ACC; the
 *   VEX variants take none (their glue does those steps).
 *
 * _gcry_aes_gcm_ghash_<variant> (HKEY, ACC, BUF, NBYTES)
 *   Absorb NBYTES (a multiple of 16) of BUF into ACC.
 *
 * HKEY: the 512-byte key of struct gcm_bulk_key (cipher-internal.h),
 * filled by _gcry_aes_gcm_x86_setkey.  KEY: aes_hw_key_t from
 * _gcry_aes_aesni_setkey.  The caller has checked the variant's CPU
 * features (the AVX-512 variants also use BMI2, which every AVX-512 CPU
 * has).
 */
struct gcm_bulk_key;

#define AES_X86_DECLARE_GCM_KERNELS(variant)                            \
  void _gcry_aes_gcm_enc_##variant (const aes_hw_key_t *key,            \
                                    const byte *hkey, byte *acc,        \
                                    byte *ctr, byte *out,               \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail);                     \
  void _gcry_aes_gcm_dec_##variant (const aes_hw_key_t *key,            \
                                    const byte *hkey, byte *acc,        \
                                    byte *ctr, byte *out,               \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail);                     \
  void _gcry_aes_gcm_ghash_##variant (const byte *hkey, byte *acc,      \
                                      const byte *buf, size_t nbytes)

AES_X86_DECLARE_GCM_KERNELS (aesni_avx);
AES_X86_DECLARE_GCM_KERNELS (vaes_avx2);
AES_X86_DECLARE_GCM_KERNELS (vaes_avx512_ymm);
AES_X86_DECLARE_GCM_KERNELS (vaes_avx512_zmm);

/* The powers of H for every variant: GKEY->hpow[32 - k] =
   H^k * x^-1 mod g in GHASH's reflected order (ghash.h), as a
   little-endian 128-bit integer, k = 1..32, and the zero padding after
   them.  H is E(K, 0^128) as bytes.  Needs PCLMULQDQ.  */
void _gcry_aes_gcm_x86_setkey (struct gcm_bulk_key *gkey, const byte h[16]);

/* The glue: exactly the cipher_bulk_ops_t gcm_crypt signature and
   semantics.  CTX must point to the aes_hw_key_t.  */
#define AES_X86_DECLARE_GCM_GLUE(variant)                               \
  void _gcry_aes_gcm_x86_##variant (void *ctx, struct gcm_bulk_key *gkey, \
                                    byte *acc, byte *ctr, byte *out,    \
                                    const byte *in, size_t nbytes,      \
                                    byte *ks_tail, int op)

AES_X86_DECLARE_GCM_GLUE (aesni_avx);
AES_X86_DECLARE_GCM_GLUE (vaes_avx2);
AES_X86_DECLARE_GCM_GLUE (vaes_avx512_ymm);
AES_X86_DECLARE_GCM_GLUE (vaes_avx512_zmm);

typedef void (*aes_x86_gcm_fn_t) (void *ctx, struct gcm_bulk_key *gkey,
                                  byte *acc, byte *ctr, byte *out,
                                  const byte *in, size_t nbytes,
                                  byte *ks_tail, int op);

/* The variants as data, best first, ending with a NULL NAME (what
   tests/t-kernels-gcm iterates); fields as in aes_x86_ctr_kernel_t.  */
typedef struct aes_x86_gcm_kernel
{
  const char *name;
  unsigned int hwf;
  int uses_zmm;
  aes_x86_gcm_fn_t gcm_crypt;
} aes_x86_gcm_kernel_t;

extern const aes_x86_gcm_kernel_t _gcry_aes_x86_gcm_kernels[];

#endif /* AES_X86_KERNELS_H */
