/* poly1305.h - the Poly1305 one-time authenticator (RFC 8439, section
 * 2.5), portable and constant-time: the core of gcry_mac's POLY1305 and
 * POLY1305_<cipher> and of any Poly1305-based AEAD.
 *
 * The 32-byte one-time key is r || s (r clamped here); the tag is
 * (Horner evaluation of the 16-byte blocks, each with a 1 appended,
 * at r mod 2^130 - 5) + s mod 2^128.  No branch or memory address
 * depends on the key or the data: reduction and the final conditional
 * subtraction use masks.
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef POLY1305_H
#define POLY1305_H

#define POLY1305_KEYLEN   32
#define POLY1305_TAGLEN   16
#define POLY1305_BLOCKLEN 16

/* The accumulator and r in 64-bit words with 128-bit products where the
   compiler has them, else in 5 limbs of 26 bits with 64-bit ones.  */
#if defined(__SIZEOF_INT128__) && !defined(POLY1305_NO_INT128)
# define POLY1305_LIMBS64 1
#endif

struct poly1305_kernel;

typedef struct poly1305_context
{
#ifdef POLY1305_LIMBS64
  u64 r[2];                     /* Clamped r, low word first.  */
  u64 h[3];                     /* Accumulator: two words and the bits
                                   from 2^128 up (partly reduced).  */
  u64 pw[3][8];                 /* Vector kernels: limb k of r^(8-i) in
                                   pw[k][i] (radix 2^44), once per key. */
  unsigned int pw_ready;        /* pw holds this key's powers.  */
#else
  u32 r[5];
  u32 h[5];
#endif
  u32 s[4];                     /* The key's s, little-endian words.  */
  byte buf[POLY1305_BLOCKLEN];  /* A partial block of input.  */
  unsigned int nbuf;            /* Bytes in BUF.  */
  const struct poly1305_kernel *kernel; /* Chosen at init.  */
} poly1305_context_t;

/* A blocks kernel: absorb NBLOCKS full 16-byte blocks (each with the
   2^128 bit) into CTX->h.  Every kernel keeps h in the portable code's
   form between calls, so kernels can be mixed on one context.  */
typedef void (*poly1305_blocks_t) (poly1305_context_t *ctx, const byte *m,
                                   size_t nblocks);

typedef struct poly1305_kernel
{
  const char *name;             /* What the configuration report prints. */
  unsigned int hwf;             /* HWF_* bits that must all be present.  */
  poly1305_blocks_t blocks;
} poly1305_kernel_t;

/* The kernel table, best first, portable last; exported (inside the
   library only) for tests/t-poly1305-kernels.  */
extern const poly1305_kernel_t *const _gcry_poly1305_kernel_table;
extern const size_t _gcry_poly1305_kernel_count;

/* The configuration report's "poly1305" line (src/global.c).  */
extern const gcry_kernel_report_t _gcry_poly1305_kernel_reports[];

#if defined(POLY1305_LIMBS64) && defined(__x86_64__) \
    && defined(HAVE_AMD64_ASM)
/* cipher/poly1305-ifma.c: NBLOCKS a multiple of 8, at least 8; needs
   AVX-512F and IFMA (HWF_INTEL_AVX512) and uses zmm.  */
void _gcry_poly1305_blocks_ifma (poly1305_context_t *ctx, const byte *m,
                                 size_t nblocks);
#endif

/* Start with the one-time KEY (r || s, 32 bytes).  */
void _gcry_poly1305_init (poly1305_context_t *ctx, const byte *key);

/* Absorb LEN bytes (any length, any number of calls).  */
void _gcry_poly1305_update (poly1305_context_t *ctx, const byte *m,
                            size_t len);

/* Write the 16-byte tag and wipe CTX.  */
void _gcry_poly1305_final (poly1305_context_t *ctx, byte *tag);

#endif /* POLY1305_H */
