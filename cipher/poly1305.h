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

/* The x86-64 vector kernels (poly1305-ifma-x86_64.S,
   poly1305-avx2-x86_64.S) and the table of powers of r they share.  */
#if defined(POLY1305_LIMBS64) && defined(__x86_64__) \
    && defined(HAVE_AMD64_ASM)
# define POLY1305_X86_KERNELS 1
/* Quadwords of the largest table: the AVX2 kernel's (five rows of 20
   and the loop's two multipliers, see poly1305-avx2-x86_64.S); the zmm
   IFMA kernel's (three rows of 48) is smaller.  */
# define POLY1305_TABLE_WORDS 172
#endif

struct poly1305_kernel;

typedef struct poly1305_context
{
#ifdef POLY1305_LIMBS64
  u64 r[2];                     /* Clamped r, low word first.  */
  u64 h[3];                     /* Accumulator: two words and the bits
                                   from 2^128 up (partly reduced).  */
#else
  u32 r[5];
  u32 h[5];
#endif
  u32 s[4];                     /* The key's s, little-endian words.  */
  byte buf[POLY1305_BLOCKLEN];  /* A partial block of input.  */
  unsigned int nbuf;            /* Bytes in BUF.  */
  const struct poly1305_kernel *kernel; /* Chosen at init.  */
#ifdef POLY1305_X86_KERNELS
  /* Powers of r in the layout of one vector kernel, computed once per
     r (see vector_blocks in poly1305.c) and kept across
     _gcry_poly1305_reset; TABLE_LAYOUT says whose (0: none yet).
     SCALAR_BLOCKS counts the blocks the scalar code took instead while
     there was no table.  */
  unsigned int table_layout;
  unsigned int scalar_blocks;
  u64 table[POLY1305_TABLE_WORDS];
#endif
} poly1305_context_t;

/* A blocks kernel: absorb NBLOCKS full 16-byte blocks (each with the
   2^128 bit) into CTX->h.  Every kernel keeps h in the portable code's
   form between calls, so kernels can be mixed on one context.  */
typedef void (*poly1305_blocks_t) (poly1305_context_t *ctx, const byte *m,
                                   size_t nblocks);

/* Its one-block-at-a-time companion for the buffered block and the
   padded final one: NBLOCKS blocks, with the 2^128 bit when HIBIT is 1,
   without when it is 0.  */
typedef void (*poly1305_single_t) (poly1305_context_t *ctx, const byte *m,
                                   size_t nblocks, unsigned int hibit);

typedef struct poly1305_kernel
{
  const char *name;             /* What the configuration report prints. */
  unsigned int hwf;             /* HWF_* bits that must all be present.  */
  poly1305_blocks_t blocks;
  poly1305_single_t single;
} poly1305_kernel_t;

/* The kernel table, best first, portable last; exported (inside the
   library only) for tests/t-poly1305-kernels.  */
extern const poly1305_kernel_t *const _gcry_poly1305_kernel_table;
extern const size_t _gcry_poly1305_kernel_count;

#ifdef POLY1305_X86_KERNELS
/* The assembly entries.  H is the accumulator in the portable form
   (ctx->h: top word at most 7 on entry, at most 4 on return); TABLE is
   the kernel's table of powers, filled by its powers routine from the
   clamped r (ctx->r).  Any NBLOCKS >= 1; nothing past the NBLOCKS
   blocks is read.  The vector registers are zero on return.

   poly1305-ifma-x86_64.S: AVX-512F/VL/IFMA/VBMI2 (HWF_INTEL_AVX512);
   the zmm pair uses 512-bit vectors (HWF_X86_ZMM).  */
void _gcry_poly1305_ifma_powers_zmm (u64 *table, const u64 r[2]);
void _gcry_poly1305_ifma_blocks_zmm (u64 h[3], const byte *m,
                                     size_t nblocks, const u64 *table);
void _gcry_poly1305_ifma_powers_ymm (u64 *table, const u64 r[2]);
void _gcry_poly1305_ifma_blocks_ymm (u64 h[3], const byte *m,
                                     size_t nblocks, const u64 *table);
/* poly1305-x86_64.S: one block at a time, baseline x86-64; HIBIT is
   1 or 0 as for poly1305_single_t.  */
void _gcry_poly1305_blocks_x86_64 (u64 h[3], const byte *m, size_t nblocks,
                                   const u64 r[2], u64 hibit);
/* poly1305-avx2-x86_64.S: AVX2 (HWF_INTEL_AVX2).  */
void _gcry_poly1305_avx2_powers (u64 *table, const u64 r[2]);
void _gcry_poly1305_avx2_blocks (u64 h[3], const byte *m, size_t nblocks,
                                 const u64 *table);
#endif

/* Start with the one-time KEY (r || s, 32 bytes).  */
void _gcry_poly1305_init (poly1305_context_t *ctx, const byte *key);

/* Start another message under the same r (the powers of r the vector
   kernels computed are kept): the accumulator and buffer are cleared
   and, when S is not NULL, s becomes its 16 bytes.  After init or
   finish.  */
void _gcry_poly1305_reset (poly1305_context_t *ctx, const byte *s);

/* Absorb LEN bytes (any length, any number of calls).  */
void _gcry_poly1305_update (poly1305_context_t *ctx, const byte *m,
                            size_t len);

/* Write the 16-byte tag and wipe the message state (accumulator and
   buffer); the key stays for _gcry_poly1305_reset.  The owner wipes the
   context when done with the key.  */
void _gcry_poly1305_finish (poly1305_context_t *ctx, byte *tag);

/* Write the 16-byte tag and wipe CTX.  */
void _gcry_poly1305_final (poly1305_context_t *ctx, byte *tag);

#endif /* POLY1305_H */
