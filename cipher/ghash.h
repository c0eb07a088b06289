/* ghash.h - GHASH (GCM, SP 800-38D) and POLYVAL (GCM-SIV, RFC 8452):
 * the internal interface of ghash.c (kernel table and selection),
 * ghash-portable.c and ghash-pclmul.c.
 *
 * Both are polynomial hashes over GF(2^128); they differ in bit order
 * and reduction polynomial only.  RFC 8452 appendix A gives the bridge
 * this code is built on:
 *
 *   POLYVAL(H, X1..Xn) =
 *     ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
 *                       ByteReverse(X1), ..., ByteReverse(Xn)))
 *
 * so every kernel has one multiplier, GHASH's, and POLYVAL differs only
 * in how blocks and the accumulator are loaded (little-endian instead of
 * big-endian: a load of the byte-reversed block) and in the key
 * preparation (mulX_GHASH of the byte-reversed H).
 *
 * Representation shared by every kernel.  A field element is held as a
 * 128-bit integer with the coefficient of x^0 in bit 127 ("reflected"):
 * a GHASH block loaded big-endian.  The key is stored premultiplied by
 * x^-1 (H' = H * x^-1 mod g), because the carry-less product of two
 * reflected values comes out one bit short of the reflected product;
 * multiplying by H' instead of H absorbs that shift for free.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GHASH_H
#define GHASH_H

/* Blocks of GHASH and POLYVAL.  */
#define GHASH_BLOCKSIZE 16

/* Byte order helpers (any alignment).  */
static inline u64
ghash_get_be64 (const byte *p)
{
  return ((u64) p[0] << 56) | ((u64) p[1] << 48) | ((u64) p[2] << 40)
         | ((u64) p[3] << 32) | ((u64) p[4] << 24) | ((u64) p[5] << 16)
         | ((u64) p[6] << 8) | (u64) p[7];
}

static inline u64
ghash_get_le64 (const byte *p)
{
  return ((u64) p[7] << 56) | ((u64) p[6] << 48) | ((u64) p[5] << 40)
         | ((u64) p[4] << 32) | ((u64) p[3] << 24) | ((u64) p[2] << 16)
         | ((u64) p[1] << 8) | (u64) p[0];
}

static inline void
ghash_put_be64 (byte *p, u64 v)
{
  int i;

  for (i = 7; i >= 0; i--, v >>= 8)
    p[i] = (byte) v;
}

static inline void
ghash_put_le64 (byte *p, u64 v)
{
  int i;

  for (i = 0; i < 8; i++, v >>= 8)
    p[i] = (byte) v;
}

/* How many powers of H the key has room for: the batch of the widest
   kernel (vpclmul_avx512_zmm, 32 blocks per reduction).  */
#define GHASH_NPOWERS 32

/* The index of H^K in ghash_key_t.HPOW: highest power first, so that a
   batch of N blocks reads the last N entries in block order.  */
#define GHASH_HPOW(k) (GHASH_NPOWERS - (k))

struct ghash_kernel;

/* A GHASH or POLYVAL key.  HPOW[GHASH_HPOW (K)] is H^K * x^-1 mod g
   (reflected), as two 64-bit halves, low half first: on a little-endian
   machine the 16 bytes are the 128-bit integer, ready for vector loads.
   HPOW is at offset 0 (ghash-x86_64.S).

   The powers are computed on demand.  Setkey stores H^1 only and sets
   NPOWERS to 1; an update that reads more powers than NPOWERS first
   extends them, doubling (H^(n+i) = H^n * H^i, n independent products
   per step) up to the power of two that covers the call, at most the
   kernel's batch.  So a key set for one short message (GCM-SIV sets two
   keys per nonce) computes the few powers that message reads, and a
   long one all of them once.  H^(NPOWERS+1) and above are stale or
   garbage and never read.  The extension writes through the const key
   pointer of the update functions: the key's value (H) never changes,
   the powers are a cache of it, and every key lives in writable memory
   (a handle, or the stack).  A key, like the handle holding it, is
   never used by two threads at once.  Holds key material: wipe it.  */
typedef struct ghash_key
{
  u64 hpow[GHASH_NPOWERS][2];
  const struct ghash_kernel *kernel;
  unsigned int npowers;         /* H^1..H^NPOWERS are in HPOW.  */
} ghash_key_t;

/* One implementation.  SETKEY gets H (reflected, H[0] the low half)
   already multiplied by x^-1, stores it as H^1 and sets KEY->NPOWERS
   to 1.  GHASH and POLYVAL absorb NBLOCKS 16-byte blocks of BUF into
   the accumulator ACC (16 bytes, in the algorithm's own byte order:
   the GHASH state Y as SP 800-38D writes it, the POLYVAL state S as
   RFC 8452 writes it), extending the key's powers first when the call
   reads more of them (see ghash_key_t).  NBLOCKS may be 0.  Constant
   time: no branch or memory address depends on the key, the data or
   the accumulator (the extension depends on lengths only).  */
typedef struct ghash_kernel
{
  const char *name;             /* What the configuration report prints. */
  unsigned int hwf;             /* HWF_* bits required, all of them.  */
  int uses_zmm;                 /* Also needs HWF_X86_ZMM (zmm policy).  */
  void (*setkey) (ghash_key_t *key, const u64 h[2]);
  void (*ghash) (const ghash_key_t *key, byte acc[16], const byte *buf,
                 size_t nblocks);
  void (*polyval) (const ghash_key_t *key, byte acc[16], const byte *buf,
                   size_t nblocks);
} ghash_kernel_t;

/* Every kernel, best first; the last entry (portable) needs nothing.
   Terminated by an entry with NAME NULL.  White-box tests walk it.  */
extern const ghash_kernel_t _gcry_ghash_kernels[];

/* The first kernel of the table that HWF allows (zmm entries only with
   HWF_X86_ZMM).  */
const ghash_kernel_t *_gcry_ghash_select_kernel (unsigned int hwf);

/* Prepare KEY for GHASH with the hash key H (16 bytes, E(K, 0^128) for
   GCM) on KERNEL, or on the kernel the current CPU features select when
   KERNEL is NULL.  */
void _gcry_ghash_setkey (ghash_key_t *key, const byte h[16],
                         const ghash_kernel_t *kernel);

/* The same for POLYVAL with its key H (16 bytes, RFC 8452 order).  */
void _gcry_polyval_setkey (ghash_key_t *key, const byte h[16],
                           const ghash_kernel_t *kernel);

static inline void
_gcry_ghash_update (const ghash_key_t *key, byte acc[16], const byte *buf,
                    size_t nblocks)
{
  key->kernel->ghash (key, acc, buf, nblocks);
}

static inline void
_gcry_polyval_update (const ghash_key_t *key, byte acc[16], const byte *buf,
                      size_t nblocks)
{
  key->kernel->polyval (key, acc, buf, nblocks);
}


/* Portable, constant-time (ghash-portable.c): carry-less products from
   integer multiplications on operands with zero gaps between the used
   bits.  */
void _gcry_ghash_setkey_portable (ghash_key_t *key, const u64 h[2]);
void _gcry_ghash_update_portable (const ghash_key_t *key, byte acc[16],
                                  const byte *buf, size_t nblocks);
void _gcry_polyval_update_portable (const ghash_key_t *key, byte acc[16],
                                    const byte *buf, size_t nblocks);

/* Multiply the reflected element A by H' (= H * x^-1, reflected), giving
   the reflected A * H in R.  Halves low first.  Shared with the key
   preparation of every kernel (powers of H).  */
void _gcry_ghash_mul_portable (u64 r[2], const u64 a[2], const u64 hp[2]);

#ifdef HAVE_AMD64_ASM
/* PCLMULQDQ (ghash-pclmul.c): 8 blocks per reduction with the powers of
   H kept in the key.  Needs HWF_INTEL_PCLMUL and HWF_INTEL_SSE4_1.  Its
   setkey serves the VPCLMULQDQ kernels too.  */
void _gcry_ghash_setkey_pclmul (ghash_key_t *key, const u64 h[2]);
void _gcry_ghash_update_pclmul (const ghash_key_t *key, byte acc[16],
                                const byte *buf, size_t nblocks);
void _gcry_polyval_update_pclmul (const ghash_key_t *key, byte acc[16],
                                  const byte *buf, size_t nblocks);

/* The powers in HPOW, an array of GHASH_NPOWERS 16-byte entries laid out
   as ghash_key_t.hpow (H^k at entry GHASH_NPOWERS - k, times x^-1,
   reflected): given H^1..H^HAVE (HAVE a power of two), compute powers
   up to the first power of two >= WANT (WANT <= GHASH_NPOWERS) by
   doubling; returns how many are there now (HAVE if WANT <= HAVE).
   Also fills the GCM kernels' key (aes-gcm-x86.c), which has this
   layout.  _PCLMUL needs PCLMULQDQ and SSE4.1; _VPCLMUL, twice as fast
   from 8 powers on, VPCLMULQDQ and AVX2 too; _VPCLMUL_EVEX, the same
   code in EVEX encoding, VPCLMULQDQ and AVX512F/VL instead of AVX2.  */
typedef unsigned int (*ghash_powers_fn_t) (void *hpow, unsigned int have,
                                           unsigned int want);
unsigned int _gcry_ghash_powers_pclmul (void *hpow, unsigned int have,
                                        unsigned int want);
unsigned int _gcry_ghash_powers_vpclmul (void *hpow, unsigned int have,
                                         unsigned int want);
unsigned int _gcry_ghash_powers_vpclmul_evex (void *hpow, unsigned int have,
                                              unsigned int want);

/* Extend KEY's powers with POWERS to cover WANT (<= GHASH_NPOWERS; see
   ghash_key_t).  KEY is const for the callers' sake: the update
   functions'.  */
static inline void
_gcry_ghash_need_powers (const ghash_key_t *key, unsigned int want,
                         ghash_powers_fn_t powers)
{
  if (__builtin_expect (want > key->npowers, 0))
    {
      ghash_key_t *k = (ghash_key_t *) key;

      k->npowers = powers (k->hpow, k->npowers, want);
    }
}

/* VPCLMULQDQ (ghash-x86_64.S, one template; the variants, their batch
   widths and CPU features are listed in its header).  These assembly
   entries read the powers as they are: a batch of B blocks (32 for zmm,
   16 for the others) H^1..H^B, a shorter call of N blocks H^1..H^N.
   The kernel table holds C wrappers (ghash.c) that extend the key
   first.  */
#define GHASH_DECLARE_VPCLMUL(variant)                                  \
  void _gcry_ghash_update_##variant (const ghash_key_t *key,           \
                                     byte acc[16], const byte *buf,     \
                                     size_t nblocks);                   \
  void _gcry_polyval_update_##variant (const ghash_key_t *key,         \
                                       byte acc[16], const byte *buf,   \
                                       size_t nblocks)
GHASH_DECLARE_VPCLMUL (vpclmul_avx512_zmm);
GHASH_DECLARE_VPCLMUL (vpclmul_avx512_ymm);
GHASH_DECLARE_VPCLMUL (vpclmul_avx2);
#endif

#endif /* GHASH_H */
