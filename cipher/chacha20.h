/* chacha20.h - the ChaCha20 key context and the contract of its
 * keystream kernels (cipher/chacha20.c holds the table, the portable
 * kernel and the glue; cipher/chacha20-x86_64.S the x86-64 kernels).
 *
 * The state is the 4x4 matrix of 32-bit words of RFC 8439, section
 * 2.3, with upstream libgcrypt's counter rule: words 12 and 13 are one
 * 64-bit block counter (word 12 the low half) whatever the nonce length,
 * so with a 12-byte nonce the counter carries into the nonce's first
 * word after 2^32 blocks instead of wrapping (observed on upstream).
 *
 *   words 0-3    "expand 32-byte k" (or "expand 16-byte k")
 *   words 4-11   the key (a 16-byte key twice)
 *   words 12-13  block counter, 64 bits
 *   words 14-15  nonce (8-byte nonce; a 12-byte one starts at word 13,
 *                a 16-byte IV sets words 12-15 as counter || nonce)
 *
 * Include "gcrypt-int.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CHACHA20_H
#define CHACHA20_H

#define CHACHA20_BLOCKSIZE 64

struct chacha20_kernel;

/* The key context inside the handle (64-byte aligned there, so STATE,
   which the kernels read whole, never splits a cache line).  */
typedef struct chacha20_context
{
  u32 state[16];
  /* The keystream block of the last partial block; its last UNUSED
     bytes are the next ones of the stream.  */
  byte keystream[CHACHA20_BLOCKSIZE];
  unsigned int unused;
  const struct chacha20_kernel *kernel;  /* Chosen at setkey.  */
} chacha20_context_t;

/* A keystream kernel: OUT = IN ^ keystream over NBYTES bytes (any
   length, 0 included), from the block STATE[12..13] counts; the counter
   advances (modulo 2^64) once per block started.  When NBYTES % 64 is
   not 0, the whole keystream block of the final partial block goes to
   KS_TAIL (64 bytes); otherwise KS_TAIL is not written.  OUT == IN
   allowed, no other overlap; nothing outside the NBYTES of OUT and IN
   (and KS_TAIL) is read or written.  Only STATE[12] and STATE[13] are
   written.  Keystream and state copies are wiped from registers and
   the stack before return.  */
typedef void (*chacha20_crypt_t) (u32 state[16], byte *out, const byte *in,
                                  size_t nbytes, byte *ks_tail);

struct poly1305_context;

/* A stitched ChaCha20-Poly1305 kernel: ChaCha20 as chacha20_crypt_t
   over NBYTES, a nonzero multiple of 512 (so no KS_TAIL), and Poly1305
   over the ciphertext, in the same pass: whole 16-byte blocks (with the
   2^128 bit) into MAC's accumulator, which must hold no buffered bytes.
   DECRYPT nonzero: all NBYTES of IN; else the first NBYTES - 512 bytes
   of OUT, the caller absorbing the last 512.  */
typedef void (*chacha20_aead_t) (u32 state[16], byte *out, const byte *in,
                                 size_t nbytes, struct poly1305_context *mac,
                                 int decrypt);

typedef struct chacha20_kernel
{
  const char *name;             /* What the configuration report prints. */
  unsigned int hwf;             /* HWF_* bits needed, all of them.  */
  /* The most blocks the kernel's short path takes (calls up to this
     many blocks run the rounds once, bound by their latency, for about
     the time of one block, or of a few): a caller with a few blocks to
     make for different uses gains from asking for all in one call.  */
  unsigned int short_blocks;
  chacha20_crypt_t crypt;
  chacha20_aead_t aead;         /* NULL: none (the mode stitches in C).  */
} chacha20_kernel_t;

/* The kernel table, best first, portable last: exported (inside the
   library only) for tests/t-chacha20-kernels.  */
extern const chacha20_kernel_t _gcry_chacha20_kernels[];
extern const size_t _gcry_chacha20_kernel_count;

/* The portable kernel (plain C; constant time: no branch or address
   depends on the key or the data).  */
void _gcry_chacha20_crypt_portable (u32 state[16], byte *out, const byte *in,
                                    size_t nbytes, byte *ks_tail);

#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# define CHACHA20_X86_KERNELS 1
/* cipher/chacha20-x86_64.S: one template, three instruction sets.
     avx2        AVX2, 8 blocks per ymm step, 16 registers
     avx512_ymm  AVX-512F/VL/BW, 8 blocks per ymm step, VPROLD
     avx512_zmm  the same, 16 blocks per zmm step
   Each has the chacha20_crypt_t contract.  */
void _gcry_chacha20_crypt_avx2 (u32 state[16], byte *out, const byte *in,
                                size_t nbytes, byte *ks_tail);
void _gcry_chacha20_crypt_avx512_ymm (u32 state[16], byte *out,
                                      const byte *in, size_t nbytes,
                                      byte *ks_tail);
void _gcry_chacha20_crypt_avx512_zmm (u32 state[16], byte *out,
                                      const byte *in, size_t nbytes,
                                      byte *ks_tail);
/* The same file: AVX2 ChaCha20 with scalar Poly1305 (MULX, BMI2)
   interleaved, the chacha20_aead_t contract.  */
void _gcry_chacha20_poly1305_avx2 (u32 state[16], byte *out, const byte *in,
                                   size_t nbytes,
                                   struct poly1305_context *mac,
                                   int decrypt);
#endif

#endif /* CHACHA20_H */
