/* fuzz-cipher.c - differential fuzzing of gcry_cipher (libFuzzer).
 *
 * Each input is a small program.  Its first bytes pick the mode, the
 * key size, the key and the CPU level of the second handle; then:
 *
 *  1. Kernels against the portable path (every mode): two handles, A
 *     with all CPU features, B at a lower level down to portable C (see
 *     fuzz-common.h), run the same random sequence of calls — setkey,
 *     setiv, setctr, authenticate, encrypt/decrypt in chunks (in place
 *     or not), gettag, checktag, final, reset, CCM lengths, decryption
 *     tags — and every return code and every output byte must agree.
 *  2. Against OpenSSL's EVP (ECB, CBC, CFB, CFB8, OFB, CTR, XTS, GCM,
 *     CCM, OCB, when configure found libcrypto): one message from the
 *     input, encrypted by A in chunks the input chooses and by EVP in
 *     one go; ciphertext and tag must agree, and A must decrypt it back
 *     and accept the tag.
 *
 * A difference aborts with "MISMATCH": libFuzzer saves the input.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "fuzz-common.h"

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
#endif

#define MAXDATA 1024

typedef struct mode_info
{
  const char *name;
  int mode;
  unsigned int flags;
  int evp;              /* OpenSSL has it (part 2) */
} mode_info_t;

static const mode_info_t modes[] =
  {
    { "ECB", GCRY_CIPHER_MODE_ECB, 0, 1 },
    { "CBC", GCRY_CIPHER_MODE_CBC, 0, 1 },
    { "CBC-CTS", GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 0 },
    { "CFB", GCRY_CIPHER_MODE_CFB, 0, 1 },
    { "CFB8", GCRY_CIPHER_MODE_CFB8, 0, 1 },
    { "OFB", GCRY_CIPHER_MODE_OFB, 0, 1 },
    { "CTR", GCRY_CIPHER_MODE_CTR, 0, 1 },
    { "XCTR", GCRY_CIPHER_MODE_XCTR, 0, 0 },
    { "XTS", GCRY_CIPHER_MODE_XTS, 0, 1 },
    { "AESWRAP", GCRY_CIPHER_MODE_AESWRAP, 0, 0 },
    { "AESWRAP-PAD", GCRY_CIPHER_MODE_AESWRAP, GCRY_CIPHER_EXTENDED, 0 },
    { "CCM", GCRY_CIPHER_MODE_CCM, 0, 1 },
    { "GCM", GCRY_CIPHER_MODE_GCM, 0, 1 },
    { "OCB", GCRY_CIPHER_MODE_OCB, 0, 1 },
    { "EAX", GCRY_CIPHER_MODE_EAX, 0, 0 },
    { "SIV", GCRY_CIPHER_MODE_SIV, 0, 0 },
    { "GCM-SIV", GCRY_CIPHER_MODE_GCM_SIV, 0, 0 },
    { "HCTR2", GCRY_CIPHER_MODE_HCTR2, 0, 0 },
  };
#define NMODES (sizeof modes / sizeof modes[0])

static const int algos[3] =
  { GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256 };

/* Both handles and the level of B.  */
typedef struct pair
{
  gcry_cipher_hd_t a, b;
  unsigned int level_b;
  const mode_info_t *m;
} pair_t;

/* Run EXPR on handle A (all features) then on B (its level); H names the
   handle inside EXPR.  */
#define ON_BOTH(rc_a, rc_b, EXPR)                        \
  do {                                                   \
    gcry_cipher_hd_t h;                                  \
    fuzz_level (0);                                      \
    h = p->a;                                            \
    rc_a = (EXPR);                                       \
    fuzz_level (p->level_b);                             \
    h = p->b;                                            \
    rc_b = (EXPR);                                       \
    fuzz_level (0);                                      \
  } while (0)

static void
same_rc (const pair_t *p, const char *op, gcry_error_t ra, gcry_error_t rb)
{
  if (ra != rb)
    FUZZ_MISMATCH ("%s %s level %u: rc %s vs %s", p->m->name, op, p->level_b,
                   gcry_strerror (ra), gcry_strerror (rb));
}

static void
same_bytes (const pair_t *p, const char *op, const unsigned char *x,
            const unsigned char *y, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (x[i] != y[i])
      FUZZ_MISMATCH ("%s %s level %u: byte %zu of %zu differs", p->m->name,
                     op, p->level_b, i, n);
}

/* Part 1: the same call sequence on A and B.  */
static void
run_sequence (fuzz_input_t *in, const mode_info_t *m, int algo,
              const unsigned char *key, size_t keylen)
{
  static unsigned char data[MAXDATA], out_a[MAXDATA + 16], out_b[MAXDATA + 16];
  unsigned char buf[64], tag_a[16], tag_b[16];
  gcry_error_t ra, rb;
  pair_t pair, *p = &pair;
  size_t len, outsize;
  u64 lens[3];
  int step, op, inplace;

  p->m = m;
  p->level_b = 1 + fuzz_byte (in) % (FUZZ_NLEVELS - 1);
  p->a = p->b = NULL;
  fuzz_level (0);
  ra = gcry_cipher_open (&p->a, algo, m->mode, m->flags);
  fuzz_level (p->level_b);
  rb = gcry_cipher_open (&p->b, algo, m->mode, m->flags);
  fuzz_level (0);
  same_rc (p, "open", ra, rb);
  if (ra || rb)
    {
      gcry_cipher_close (p->a);
      gcry_cipher_close (p->b);
      return;
    }
  ON_BOTH (ra, rb, gcry_cipher_setkey (h, key, keylen));
  same_rc (p, "setkey", ra, rb);

  for (step = 0; step < 40 && in->left; step++)
    {
      op = fuzz_byte (in) % 12;
      switch (op)
        {
        case 0:                 /* setiv, any length up to 64 */
          len = fuzz_byte (in) % 65;
          fuzz_bytes (in, buf, len);
          ON_BOTH (ra, rb, gcry_cipher_setiv (h, len ? buf : NULL, len));
          same_rc (p, "setiv", ra, rb);
          break;
        case 1:                 /* setctr */
          len = fuzz_byte (in) & 1 ? 16 : 0;
          fuzz_bytes (in, buf, 16);
          ON_BOTH (ra, rb, gcry_cipher_setctr (h, len ? buf : NULL, len));
          same_rc (p, "setctr", ra, rb);
          break;
        case 2:                 /* authenticate */
          len = fuzz_u16 (in) % 300;
          fuzz_bytes (in, data, len);
          ON_BOTH (ra, rb, gcry_cipher_authenticate (h, data, len));
          same_rc (p, "authenticate", ra, rb);
          break;
        case 3:                 /* encrypt */
        case 4:                 /* decrypt */
          len = fuzz_u16 (in) % (MAXDATA + 1);
          inplace = fuzz_byte (in);
          /* Mostly exact-size or larger output, sometimes too short.  */
          outsize = (inplace & 6) == 6 && len ? len - 1
                    : (inplace & 6) == 4 ? len + 16 : len;
          fuzz_bytes (in, data, len);
          if (inplace & 1)
            {
              memcpy (out_a, data, len);
              memcpy (out_b, data, len);
            }
          ON_BOTH (ra, rb,
                   op == 3
                   ? ((inplace & 1)
                      ? gcry_cipher_encrypt (h, h == p->a ? out_a : out_b,
                                             len, NULL, 0)
                      : gcry_cipher_encrypt (h, h == p->a ? out_a : out_b,
                                             outsize, data, len))
                   : ((inplace & 1)
                      ? gcry_cipher_decrypt (h, h == p->a ? out_a : out_b,
                                             len, NULL, 0)
                      : gcry_cipher_decrypt (h, h == p->a ? out_a : out_b,
                                             outsize, data, len)));
          same_rc (p, op == 3 ? "encrypt" : "decrypt", ra, rb);
          if (!ra)
            same_bytes (p, op == 3 ? "encrypt" : "decrypt", out_a, out_b,
                        len);
          break;
        case 5:                 /* gettag */
          len = fuzz_byte (in) % 17;
          memset (tag_a, 0, sizeof tag_a);
          memset (tag_b, 0, sizeof tag_b);
          ON_BOTH (ra, rb, gcry_cipher_gettag (h, h == p->a ? tag_a : tag_b,
                                               len));
          same_rc (p, "gettag", ra, rb);
          same_bytes (p, "gettag", tag_a, tag_b, sizeof tag_a);
          break;
        case 6:                 /* checktag: the last tag, maybe altered */
          len = fuzz_byte (in) % 17;
          memcpy (buf, tag_a, 16);
          if (fuzz_byte (in) & 1)
            buf[fuzz_byte (in) % 16] ^= 1 + fuzz_byte (in) % 255;
          ON_BOTH (ra, rb, gcry_cipher_checktag (h, buf, len));
          same_rc (p, "checktag", ra, rb);
          break;
        case 7:
          ON_BOTH (ra, rb, gcry_cipher_reset (h));
          same_rc (p, "reset", ra, rb);
          break;
        case 8:
          ON_BOTH (ra, rb, gcry_cipher_final (h));
          same_rc (p, "final", ra, rb);
          break;
        case 9:                 /* a new key of the same or another length */
          len = fuzz_byte (in) % 3 ? keylen : fuzz_byte (in) % 65;
          fuzz_bytes (in, buf, len);
          ON_BOTH (ra, rb, gcry_cipher_setkey (h, buf, len));
          same_rc (p, "setkey", ra, rb);
          break;
        case 10:                /* CCM lengths */
          lens[0] = fuzz_u16 (in) % (MAXDATA + 1);
          lens[1] = fuzz_u16 (in) % 300;
          lens[2] = fuzz_byte (in) % 18;
          ON_BOTH (ra, rb, gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens,
                                            sizeof lens));
          same_rc (p, "ccm lengths", ra, rb);
          break;
        case 11:                /* decryption tag (SIV, GCM-SIV) */
          len = fuzz_byte (in) % 17;
          memcpy (buf, tag_a, 16);
          if (fuzz_byte (in) & 1)
            buf[0] ^= 0x80;
          ON_BOTH (ra, rb, gcry_cipher_set_decryption_tag (h, buf, len));
          same_rc (p, "decryption tag", ra, rb);
          break;
        }
    }
  gcry_cipher_close (p->a);
  gcry_cipher_close (p->b);
}

#ifdef HAVE_LIBCRYPTO
/* The EVP cipher for mode M and key length KEYLEN (XTS: both keys).  */
static const EVP_CIPHER *
evp_cipher (int mode, size_t keylen)
{
  int k = keylen == 16 ? 0 : keylen == 24 ? 1 : 2;

  switch (mode)
    {
    case GCRY_CIPHER_MODE_ECB:
      return k == 0 ? EVP_aes_128_ecb () : k == 1 ? EVP_aes_192_ecb ()
             : EVP_aes_256_ecb ();
    case GCRY_CIPHER_MODE_CBC:
      return k == 0 ? EVP_aes_128_cbc () : k == 1 ? EVP_aes_192_cbc ()
             : EVP_aes_256_cbc ();
    case GCRY_CIPHER_MODE_CFB:
      return k == 0 ? EVP_aes_128_cfb128 () : k == 1 ? EVP_aes_192_cfb128 ()
             : EVP_aes_256_cfb128 ();
    case GCRY_CIPHER_MODE_CFB8:
      return k == 0 ? EVP_aes_128_cfb8 () : k == 1 ? EVP_aes_192_cfb8 ()
             : EVP_aes_256_cfb8 ();
    case GCRY_CIPHER_MODE_OFB:
      return k == 0 ? EVP_aes_128_ofb () : k == 1 ? EVP_aes_192_ofb ()
             : EVP_aes_256_ofb ();
    case GCRY_CIPHER_MODE_CTR:
      return k == 0 ? EVP_aes_128_ctr () : k == 1 ? EVP_aes_192_ctr ()
             : EVP_aes_256_ctr ();
    case GCRY_CIPHER_MODE_GCM:
      return k == 0 ? EVP_aes_128_gcm () : k == 1 ? EVP_aes_192_gcm ()
             : EVP_aes_256_gcm ();
    case GCRY_CIPHER_MODE_CCM:
      return k == 0 ? EVP_aes_128_ccm () : k == 1 ? EVP_aes_192_ccm ()
             : EVP_aes_256_ccm ();
    case GCRY_CIPHER_MODE_OCB:
      return k == 0 ? EVP_aes_128_ocb () : k == 1 ? EVP_aes_192_ocb ()
             : EVP_aes_256_ocb ();
    case GCRY_CIPHER_MODE_XTS:
      return keylen == 32 ? EVP_aes_128_xts () : EVP_aes_256_xts ();
    }
  return NULL;
}

/* EVP encryption of the whole message in one call.  Returns 0 when EVP
   refuses the parameters (then there is nothing to compare).  */
static int
evp_encrypt (const mode_info_t *m, const unsigned char *key, size_t keylen,
             const unsigned char *iv, size_t ivlen, const unsigned char *aad,
             size_t aadlen, const unsigned char *pt, size_t len,
             unsigned char *ct, unsigned char *tag, size_t taglen)
{
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int aead = m->mode == GCRY_CIPHER_MODE_GCM || m->mode == GCRY_CIPHER_MODE_CCM
             || m->mode == GCRY_CIPHER_MODE_OCB;
  int n, ok, done = 0;

  ok = ctx && EVP_EncryptInit_ex (ctx, evp_cipher (m->mode, keylen), NULL,
                                  NULL, NULL);
  if (ok && aead)
    ok = EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_IVLEN, (int) ivlen,
                              NULL);
  if (ok && (m->mode == GCRY_CIPHER_MODE_CCM
             || m->mode == GCRY_CIPHER_MODE_OCB))
    ok = EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_SET_TAG, (int) taglen, NULL);
  ok = ok && EVP_EncryptInit_ex (ctx, NULL, NULL, key,
                                 m->mode == GCRY_CIPHER_MODE_ECB ? NULL : iv);
  if (ok)
    EVP_CIPHER_CTX_set_padding (ctx, 0);
  if (ok && m->mode == GCRY_CIPHER_MODE_CCM)
    ok = EVP_EncryptUpdate (ctx, NULL, &n, NULL, (int) len);
  if (ok && aead && aadlen)
    ok = EVP_EncryptUpdate (ctx, NULL, &n, aad, (int) aadlen);
  /* OCB holds back a partial block until the final call.  */
  if (ok && (len || m->mode == GCRY_CIPHER_MODE_CCM))
    {
      ok = EVP_EncryptUpdate (ctx, ct, &n, pt, (int) len);
      done = n;
    }
  ok = ok && EVP_EncryptFinal_ex (ctx, ct + done, &n);
  ok = ok && (size_t) (done + n) == len;
  if (ok && aead)
    ok = EVP_CIPHER_CTX_ctrl (ctx, EVP_CTRL_AEAD_GET_TAG, (int) taglen, tag);
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}

/* Part 2: A (all features, chunked as the input says) against EVP.  */
static void
run_openssl (fuzz_input_t *in, const mode_info_t *m, int algo,
             const unsigned char *key, size_t keylen)
{
  static unsigned char pt[MAXDATA], ct[MAXDATA + 16], ours[MAXDATA + 16];
  unsigned char iv[16], aad[64], tag[16], our_tag[16];
  size_t len, ivlen = 16, aadlen = 0, taglen = 0, pos, chunk, unit;
  gcry_cipher_hd_t h;
  gcry_error_t err;
  u64 lens[3];

  if (!m->evp)
    return;
  len = fuzz_u16 (in) % (MAXDATA + 1);
  unit = 1;
  switch (m->mode)
    {
    case GCRY_CIPHER_MODE_ECB:
    case GCRY_CIPHER_MODE_CBC:
      len -= len % 16;
      unit = 16;
      break;
    case GCRY_CIPHER_MODE_XTS:
      if (len < 16)
        len = 16;
      unit = 0;                 /* one call: one data unit */
      break;
    case GCRY_CIPHER_MODE_GCM:
      ivlen = 1 + fuzz_byte (in) % 16;
      taglen = 16;
      break;
    case GCRY_CIPHER_MODE_CCM:
      ivlen = 7 + fuzz_byte (in) % 7;
      taglen = 4 + 2 * (fuzz_byte (in) % 7);
      break;
    case GCRY_CIPHER_MODE_OCB:
      ivlen = 12;
      taglen = 16 - 4 * (fuzz_byte (in) % 3);
      unit = 16;                /* all but the final chunk */
      break;
    }
  if (taglen)
    aadlen = fuzz_byte (in) % 65;
  fuzz_bytes (in, iv, ivlen);
  fuzz_bytes (in, aad, aadlen);
  fuzz_bytes (in, pt, len);
  if (!evp_encrypt (m, key, keylen, iv, ivlen, aad, aadlen, pt, len, ct, tag,
                    taglen))
    return;

  fuzz_level (0);
  if (gcry_cipher_open (&h, algo, m->mode, 0))
    FUZZ_MISMATCH ("%s: open failed", m->name);
  err = gcry_cipher_setkey (h, key, keylen);
  /* OCB's tag length enters the nonce block: it comes before setiv.  */
  if (!err && m->mode == GCRY_CIPHER_MODE_OCB)
    {
      int taglen_int = (int) taglen;   /* the ctl takes an int */

      err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &taglen_int,
                             sizeof taglen_int);
    }
  /* CTR's counter is set with setctr (setiv does not touch it).  */
  if (!err && m->mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (h, iv, ivlen);
  else if (!err && m->mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (h, iv, ivlen);
  if (!err && m->mode == GCRY_CIPHER_MODE_CCM)
    {
      lens[0] = len;
      lens[1] = aadlen;
      lens[2] = taglen;
      err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens, sizeof lens);
    }
  if (!err && taglen)
    err = gcry_cipher_authenticate (h, aad, aadlen);
  /* The chunks: sizes from the input, in multiples of UNIT.  */
  for (pos = 0; !err && pos < len; pos += chunk)
    {
      chunk = unit ? fuzz_u16 (in) % (len - pos + 1) : len - pos;
      if (unit > 1)
        chunk -= chunk % unit;
      if (!chunk || !in->left)
        chunk = len - pos;
      if (pos + chunk == len && m->mode == GCRY_CIPHER_MODE_OCB)
        gcry_cipher_final (h);
      err = gcry_cipher_encrypt (h, ours + pos, chunk, pt + pos, chunk);
    }
  if (!err && !len && m->mode == GCRY_CIPHER_MODE_OCB)
    {
      gcry_cipher_final (h);
      err = gcry_cipher_encrypt (h, ours, 0, pt, 0);
    }
  if (!err && taglen)
    err = gcry_cipher_gettag (h, our_tag, taglen);
  if (err)
    FUZZ_MISMATCH ("%s: OpenSSL accepted len %zu ivlen %zu taglen %zu, we "
                   "said %s", m->name, len, ivlen, taglen,
                   gcry_strerror (err));
  if (memcmp (ours, ct, len))
    FUZZ_MISMATCH ("%s: ciphertext differs from OpenSSL's (keylen %zu, "
                   "len %zu, ivlen %zu, aadlen %zu, taglen %zu)", m->name,
                   keylen, len, ivlen, aadlen, taglen);
  if (taglen && memcmp (our_tag, tag, taglen))
    FUZZ_MISMATCH ("%s: tag differs from OpenSSL's", m->name);

  /* And back, in one call, with the tag checked.  */
  err = gcry_cipher_reset (h);
  if (!err && m->mode == GCRY_CIPHER_MODE_OCB)
    {
      int taglen_int = (int) taglen;

      err = gcry_cipher_ctl (h, GCRYCTL_SET_TAGLEN, &taglen_int,
                             sizeof taglen_int);
    }
  if (!err && m->mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (h, iv, ivlen);
  else if (!err && m->mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (h, iv, ivlen);
  if (!err && m->mode == GCRY_CIPHER_MODE_CCM)
    err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lens, sizeof lens);
  if (!err && taglen)
    err = gcry_cipher_authenticate (h, aad, aadlen);
  if (!err && m->mode == GCRY_CIPHER_MODE_OCB)
    gcry_cipher_final (h);
  if (!err)
    err = gcry_cipher_decrypt (h, ours, len, ct, len);
  if (!err && taglen)
    err = gcry_cipher_checktag (h, tag, taglen);
  if (err || memcmp (ours, pt, len))
    FUZZ_MISMATCH ("%s: OpenSSL's ciphertext does not decrypt back (%s)",
                   m->name, gcry_strerror (err));
  gcry_cipher_close (h);
  (void) algo;
}
#endif /* HAVE_LIBCRYPTO */

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  fuzz_input_t in = { data, size };
  const mode_info_t *m;
  unsigned char key[64];
  size_t keylen;
  int algo, k;

  fuzz_init_library ();
  m = &modes[fuzz_byte (&in) % NMODES];
  k = fuzz_byte (&in) % 3;
  algo = algos[k];
  keylen = 16 + 8 * k;
  if (m->mode == GCRY_CIPHER_MODE_XTS || m->mode == GCRY_CIPHER_MODE_SIV)
    {
      /* Double keys: AES-128 or AES-256 halves.  */
      algo = k == 2 ? GCRY_CIPHER_AES256 : GCRY_CIPHER_AES128;
      keylen = k == 2 ? 64 : 32;
    }
  else if (m->mode == GCRY_CIPHER_MODE_GCM_SIV && k == 1)
    {
      algo = GCRY_CIPHER_AES128;      /* GCM-SIV has no 192-bit key */
      keylen = 16;
    }
  fuzz_bytes (&in, key, keylen);
  if (m->mode == GCRY_CIPHER_MODE_XTS)
    key[keylen - 1] ^= 0x5a;          /* XTS refuses equal halves */

#ifdef HAVE_LIBCRYPTO
  if (fuzz_byte (&in) & 1)
    {
      run_openssl (&in, m, algo, key, keylen);
      return 0;
    }
#endif
  run_sequence (&in, m, algo, key, keylen);
  return 0;
}
