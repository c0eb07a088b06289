/* chacha20.c - the ChaCha20 stream cipher (RFC 8439, section 2.4) in the
 * cipher registry: key and nonce setup with upstream's rules, the
 * byte-exact keystream glue, the portable kernel and the kernel table.
 *
 * Upstream's rules (its manual, and its behaviour where the manual is
 * silent): keys of 32 bytes and also of 16 (the original "expand
 * 16-byte k" variant, key used twice); gcry_cipher_setiv takes an
 * 8-byte nonce (DJB's layout, 64-bit counter), a 12-byte one (RFC
 * 8439) or 16 bytes of counter || nonce; any other length is logged as
 * a warning and gives the all-zero nonce, as does a NULL IV; setkey and
 * GCRYCTL_RESET also leave the all-zero nonce, block 0.  The counter is
 * 64 bits for every nonce length (chacha20.h).
 *
 * The kernel table lists every implementation, best first; setkey keeps
 * the first the CPU allows in the context and no later call looks at
 * CPU features again.  A kernel does whole calls of any length (its
 * contract is in chacha20.h); this file only serves the unused bytes of
 * a keystream block a previous call left.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "chacha20.h"
#include "poly1305.h"


/*
 * The portable kernel.
 */

static inline u32
rotl32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

#define CHACHA_QR(a, b, c, d)                   \
  do {                                          \
    a += b; d = rotl32 (d ^ a, 16);             \
    c += d; b = rotl32 (b ^ c, 12);             \
    a += b; d = rotl32 (d ^ a, 8);              \
    c += d; b = rotl32 (b ^ c, 7);              \
  } while (0)

/* The keystream block of STATE into KS (little-endian words).  */
static void
chacha20_block (const u32 state[16], byte ks[CHACHA20_BLOCKSIZE])
{
  u32 x[16];
  int i;

  for (i = 0; i < 16; i++)
    x[i] = state[i];
  for (i = 0; i < 10; i++)
    {
      CHACHA_QR (x[0], x[4], x[8], x[12]);
      CHACHA_QR (x[1], x[5], x[9], x[13]);
      CHACHA_QR (x[2], x[6], x[10], x[14]);
      CHACHA_QR (x[3], x[7], x[11], x[15]);
      CHACHA_QR (x[0], x[5], x[10], x[15]);
      CHACHA_QR (x[1], x[6], x[11], x[12]);
      CHACHA_QR (x[2], x[7], x[8], x[13]);
      CHACHA_QR (x[3], x[4], x[9], x[14]);
    }
  for (i = 0; i < 16; i++)
    cipher_put_le32 (ks + 4 * i, x[i] + state[i]);
  cipher_wipe (x, sizeof x);
}

static inline void
next_block (u32 state[16])
{
  u64 ctr = ((u64) state[13] << 32 | state[12]) + 1;

  state[12] = (u32) ctr;
  state[13] = (u32) (ctr >> 32);
}

void
_gcry_chacha20_crypt_portable (u32 state[16], byte *out, const byte *in,
                               size_t nbytes, byte *ks_tail)
{
  byte ks[CHACHA20_BLOCKSIZE];

  for (; nbytes >= CHACHA20_BLOCKSIZE; nbytes -= CHACHA20_BLOCKSIZE)
    {
      chacha20_block (state, ks);
      next_block (state);
      cipher_xor (out, in, ks, CHACHA20_BLOCKSIZE);
      out += CHACHA20_BLOCKSIZE;
      in += CHACHA20_BLOCKSIZE;
    }
  if (nbytes)
    {
      chacha20_block (state, ks_tail);
      next_block (state);
      cipher_xor (out, in, ks_tail, nbytes);
    }
  cipher_wipe (ks, sizeof ks);
}


/*
 * The kernel table, best first; the last entry needs nothing.
 */

const chacha20_kernel_t _gcry_chacha20_kernels[] =
  {
#ifdef CHACHA20_X86_KERNELS
    /* intel-avx512 includes F, VL and BW (src/hwf-x86.c), which is what
       these use; their tail masks come from BZHI.  Both leave Poly1305
       to its own AVX-512 IFMA kernels, which beat scalar code stitched
       into the rounds.  */
    { "avx512_zmm", HWF_INTEL_AVX512 | HWF_INTEL_BMI2 | HWF_X86_ZMM, 12,
      _gcry_chacha20_crypt_avx512_zmm, NULL },
    { "avx512_ymm", HWF_INTEL_AVX512 | HWF_INTEL_BMI2, 6,
      _gcry_chacha20_crypt_avx512_ymm, NULL },
    /* BMI2: the stitched kernel's MULX (every AVX2 CPU has it).  */
    { "avx2", HWF_INTEL_AVX2 | HWF_INTEL_BMI2, 4, _gcry_chacha20_crypt_avx2,
      _gcry_chacha20_poly1305_avx2 },
#endif
    { "portable", 0, 4, _gcry_chacha20_crypt_portable, NULL }
  };

const size_t _gcry_chacha20_kernel_count = DIM (_gcry_chacha20_kernels);

#ifdef CHACHA20_X86_KERNELS
/* What the stitched kernel (chacha20-x86_64.S) reads and writes of the
   Poly1305 context: r at POLY_CTX_R, h at POLY_CTX_H, radix 2^64.  */
# ifndef POLY1305_LIMBS64
#  error "the stitched ChaCha20-Poly1305 kernel needs radix 2^64 Poly1305"
# endif
_Static_assert (offsetof (poly1305_context_t, r) == 0, "poly1305 r");
_Static_assert (offsetof (poly1305_context_t, h) == 16, "poly1305 h");
#endif

static const chacha20_kernel_t *
select_kernel (unsigned int hwf)
{
  size_t i;

  for (i = 0; i + 1 < DIM (_gcry_chacha20_kernels); i++)
    if ((_gcry_chacha20_kernels[i].hwf & hwf)
        == _gcry_chacha20_kernels[i].hwf)
      break;
  return &_gcry_chacha20_kernels[i];
}

static const char *
chacha20_report (unsigned int hwf)
{
  return select_kernel (hwf)->name;
}

/* The AEAD's data path: a stitched kernel, or "chunked": the keystream
   kernel and the Poly1305 kernel (each reported on its own line) taking
   turns over chunks in L1 (cipher-poly1305.c).  */
static const char *
chacha20_poly1305_report (unsigned int hwf)
{
#ifdef CHACHA20_X86_KERNELS
  if (select_kernel (hwf)->aead == _gcry_chacha20_poly1305_avx2)
    return "avx2_stitched";
#endif
  return "chunked";
}

const gcry_kernel_report_t _gcry_chacha20_kernel_reports[] =
  {
    { "chacha20", chacha20_report },
    { "chacha20-poly1305", chacha20_poly1305_report },
    { NULL, NULL }
  };


/*
 * The spec functions.
 */

/* "expand 32-byte k" and "expand 16-byte k" as little-endian words.  */
static const u32 sigma[4] = { 0x61707865, 0x3320646e, 0x79622d32,
                              0x6b206574 };
static const u32 tau[4] = { 0x61707865, 0x3120646e, 0x79622d36,
                            0x6b206574 };

static gcry_err_code_t
chacha20_setkey (void *vctx, const byte *key, size_t keylen,
                 cipher_bulk_ops_t *bulk)
{
  chacha20_context_t *ctx = vctx;
  const u32 *constants = keylen == 32 ? sigma : tau;
  int i;

  (void) bulk;                  /* No block modes.  */
  if (keylen != 32 && keylen != 16)
    return GPG_ERR_INV_KEYLEN;
  for (i = 0; i < 4; i++)
    ctx->state[i] = constants[i];
  for (i = 0; i < 8; i++)
    ctx->state[4 + i] = cipher_get_le32 (key + 4 * (i % (keylen / 4)));
  for (i = 12; i < 16; i++)
    ctx->state[i] = 0;
  ctx->unused = 0;
  ctx->kernel = select_kernel (_gcry_get_hw_features ());
  return 0;
}

static void
chacha20_setiv (void *vctx, const byte *iv, size_t ivlen)
{
  chacha20_context_t *ctx = vctx;
  u32 *w = ctx->state + 12;

  w[0] = w[1] = w[2] = w[3] = 0;
  ctx->unused = 0;
  if (!iv)
    return;
  switch (ivlen)
    {
    case 16:
      w[0] = cipher_get_le32 (iv);
      iv += 4;
      /* Fall through.  */
    case 12:
      w[1] = cipher_get_le32 (iv);
      iv += 4;
      /* Fall through.  */
    case 8:
      w[2] = cipher_get_le32 (iv);
      w[3] = cipher_get_le32 (iv + 4);
      break;
    default:
      _gcry_log_info ("WARNING: chacha20_setiv: bad ivlen=%u\n",
                      (unsigned int) ivlen);
      break;
    }
}

static void
chacha20_crypt (void *vctx, byte *out, const byte *in, size_t len)
{
  chacha20_context_t *ctx = vctx;

  if (UNLIKELY (ctx->unused))
    {
      size_t n = ctx->unused < len ? ctx->unused : len;

      cipher_xor (out, in, ctx->keystream + CHACHA20_BLOCKSIZE - ctx->unused,
                  n);
      ctx->unused -= (unsigned int) n;
      out += n;
      in += n;
      len -= n;
    }
  if (len)
    {
      ctx->kernel->crypt (ctx->state, out, in, len, ctx->keystream);
      ctx->unused = (unsigned int) (-len % CHACHA20_BLOCKSIZE);
    }
}


/*
 * Registry entry.  Name as upstream's (gcry_cipher_algo_name and
 * gcry_cipher_map_name answer "CHACHA20"); no aliases, no OIDs.
 */

const cipher_stream_spec_t _gcry_cipher_spec_chacha20 =
  {
    {
      GCRY_CIPHER_CHACHA20, "CHACHA20", NULL, NULL,
      1, 256, sizeof (chacha20_context_t),
      chacha20_setkey, NULL, NULL
    },
    { chacha20_setiv, chacha20_crypt }
  };
