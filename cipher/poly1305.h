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
} poly1305_context_t;

/* Start with the one-time KEY (r || s, 32 bytes).  */
void _gcry_poly1305_init (poly1305_context_t *ctx, const byte *key);

/* Absorb LEN bytes (any length, any number of calls).  */
void _gcry_poly1305_update (poly1305_context_t *ctx, const byte *m,
                            size_t len);

/* Write the 16-byte tag and wipe CTX.  */
void _gcry_poly1305_final (poly1305_context_t *ctx, byte *tag);

#endif /* POLY1305_H */
