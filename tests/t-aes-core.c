/* t-aes-core.c - white-box test of the AES block-cipher cores.
 *
 * Links the internal convenience library and calls the cores directly:
 * the portable bitsliced AES always, the AES-NI kernels when the CPU has
 * them.  The portable core is checked against published known answers
 * (FIPS-197 appendix C, the NIST CAVP AES files, the HCTR2 authors' XCTR
 * vectors) and, when available, OpenSSL's libcrypto.  The AES-NI
 * kernels are checked against the same answers and against the portable
 * core composed block by block into each mode, over 1..40 blocks, in
 * place and misaligned, split into two calls, with guard bytes around
 * the output, and across counter carries at 2^32, 2^64 and 2^128.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-portable.h"
/* The AES-NI file is built where the x86-64 kernels are (AMD64_ASM).  */
#if defined(HAVE_AMD64_ASM) && defined(__x86_64__)
# include "aes-aesni.h"
# define HAVE_AESNI_CODE 1
#endif
#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
#endif

#include "t-common.h"
#include "t-util.h"
#include "t-json.h"

#define MAX_BLOCKS 40
/* Room around every output for misalignment and guard bytes.  */
#define SLACK 48
#define ARENA (16 * MAX_BLOCKS + 2 * SLACK)
#define GUARD 0xd7

static int have_aesni;

/* Deterministic generator for the random inputs (xorshift64*); a fixed
   seed keeps failures reproducible.  */
static const char *
hexstr (const byte *p, size_t n)
{
  static char buf[2 * 64 + 4];
  size_t i;

  if (n > 64)
    n = 64;
  for (i = 0; i < n; i++)
    sprintf (buf + 2 * i, "%02x", p[i]);
  return buf;
}


/*
 * The keys of both implementations for one AES key.
 */
typedef struct
{
  aes_portable_key_t pk;
#ifdef HAVE_AESNI_CODE
  aes_hw_key_t hk;
#endif
  size_t keylen;
} test_key_t;

static void
set_key (test_key_t *k, const byte *key, size_t keylen)
{
  k->keylen = keylen;
  _gcry_aes_portable_setkey (&k->pk, key, keylen);
#ifdef HAVE_AESNI_CODE
  if (have_aesni)
    _gcry_aes_aesni_setkey (&k->hk, key, keylen);
#endif
}


/*
 * Reference modes: the portable core one block at a time, composed the
 * way the mode definitions (SP 800-38A, HCTR2 paper) read.
 */

static void
ref_encrypt_block (const test_key_t *k, byte *out, const byte *in)
{
  _gcry_aes_portable_encrypt (&k->pk, out, in, 1);
}

static void
ref_decrypt_block (const test_key_t *k, byte *out, const byte *in)
{
  _gcry_aes_portable_decrypt (&k->pk, out, in, 1);
}

static void
xor_block (byte *out, const byte *a, const byte *b)
{
  int i;

  for (i = 0; i < 16; i++)
    out[i] = a[i] ^ b[i];
}


/* The state a mode carries between calls: IV or counter block, and for
   XCTR the 128-bit block index (the kernel API takes its low half; the
   reference keeps the carry).  */
typedef struct
{
  byte iv[16];
  u64 index_lo, index_hi;
} mode_state_t;

enum mode
{
  M_PORT_ENC, M_PORT_DEC,       /* portable multi-block vs single-block */
  M_ECB_ENC, M_ECB_DEC, M_ENCRYPT, M_DECRYPT,
  M_CBC_ENC, M_CBC_MAC, M_CBC_DEC, M_CFB_ENC, M_CFB_DEC, M_CTR, M_XCTR,
  M_COUNT
};

static const char *const mode_names[M_COUNT] = {
  "portable-enc", "portable-dec",
  "ecb-enc", "ecb-dec", "encrypt", "decrypt",
  "cbc-enc", "cbc-mac", "cbc-dec", "cfb-enc", "cfb-dec", "ctr", "xctr"
};

static int
mode_is_hw (enum mode m)
{
  return m != M_PORT_ENC && m != M_PORT_DEC;
}

static void
ref_mode (enum mode m, const test_key_t *k, mode_state_t *st, byte *out,
          const byte *in, size_t nblocks)
{
  byte tmp[16], ctrblk[16];
  size_t i;
  int j;

  for (i = 0; i < nblocks; i++, in += 16)
    {
      switch (m)
        {
        case M_PORT_ENC: case M_ECB_ENC: case M_ENCRYPT:
          ref_encrypt_block (k, out, in);
          break;
        case M_PORT_DEC: case M_ECB_DEC: case M_DECRYPT:
          ref_decrypt_block (k, out, in);
          break;
        case M_CBC_ENC: case M_CBC_MAC:
          xor_block (tmp, st->iv, in);
          ref_encrypt_block (k, st->iv, tmp);
          memcpy (out, st->iv, 16);
          break;
        case M_CBC_DEC:
          ref_decrypt_block (k, tmp, in);
          memcpy (ctrblk, in, 16);      /* IN may be OUT */
          xor_block (out, tmp, st->iv);
          memcpy (st->iv, ctrblk, 16);
          break;
        case M_CFB_ENC:
          ref_encrypt_block (k, tmp, st->iv);
          xor_block (out, tmp, in);
          memcpy (st->iv, out, 16);
          break;
        case M_CFB_DEC:
          ref_encrypt_block (k, tmp, st->iv);
          memcpy (st->iv, in, 16);
          xor_block (out, tmp, in);
          break;
        case M_CTR:
          ref_encrypt_block (k, tmp, st->iv);
          xor_block (out, tmp, in);
          for (j = 15; j >= 0; j--)
            if (++st->iv[j])
              break;
          break;
        case M_XCTR:
          memcpy (ctrblk, st->iv, 16);
          for (j = 0; j < 8; j++)
            {
              ctrblk[j] ^= (byte) (st->index_lo >> (8 * j));
              ctrblk[8 + j] ^= (byte) (st->index_hi >> (8 * j));
            }
          ref_encrypt_block (k, tmp, ctrblk);
          xor_block (out, tmp, in);
          if (++st->index_lo == 0)
            st->index_hi++;
          break;
        default:
          break;
        }
      if (m != M_CBC_MAC)
        out += 16;
    }
}

/* The implementation under test for mode M.  */
static void
impl_mode (enum mode m, const test_key_t *k, mode_state_t *st, byte *out,
           const byte *in, size_t nblocks)
{
  switch (m)
    {
    case M_PORT_ENC:
      _gcry_aes_portable_encrypt (&k->pk, out, in, nblocks);
      return;
    case M_PORT_DEC:
      _gcry_aes_portable_decrypt (&k->pk, out, in, nblocks);
      return;
    default:
      break;
    }
#ifdef HAVE_AESNI_CODE
  switch (m)
    {
    case M_ECB_ENC:
      _gcry_aes_aesni_ecb_crypt (&k->hk, out, in, nblocks, 1);
      break;
    case M_ECB_DEC:
      _gcry_aes_aesni_ecb_crypt (&k->hk, out, in, nblocks, 0);
      break;
    case M_ENCRYPT:
      _gcry_aes_aesni_encrypt (&k->hk, out, in, nblocks);
      break;
    case M_DECRYPT:
      _gcry_aes_aesni_decrypt (&k->hk, out, in, nblocks);
      break;
    case M_CBC_ENC:
      _gcry_aes_aesni_cbc_enc (&k->hk, st->iv, out, in, nblocks, 0);
      break;
    case M_CBC_MAC:
      _gcry_aes_aesni_cbc_enc (&k->hk, st->iv, out, in, nblocks, 1);
      break;
    case M_CBC_DEC:
      _gcry_aes_aesni_cbc_dec (&k->hk, st->iv, out, in, nblocks);
      break;
    case M_CFB_ENC:
      _gcry_aes_aesni_cfb_enc (&k->hk, st->iv, out, in, nblocks);
      break;
    case M_CFB_DEC:
      _gcry_aes_aesni_cfb_dec (&k->hk, st->iv, out, in, nblocks);
      break;
    case M_CTR:
      _gcry_aes_aesni_ctr_enc (&k->hk, st->iv, out, in, nblocks);
      break;
    case M_XCTR:
      _gcry_aes_aesni_xctr_enc (&k->hk, st->iv, st->index_lo, out, in,
                                nblocks);
      /* The kernel keeps no state; the caller advances the index.  */
      st->index_lo += nblocks;
      break;
    default:
      break;
    }
#endif
}


/*
 * One comparison: mode M over NBLOCKS random blocks, input and output
 * at the given misalignments (or in place), optionally split into two
 * calls after SPLIT blocks.  The whole output arena must equal what the
 * reference predicts: the output where it belongs, guard bytes (or the
 * untouched input, in place) everywhere else.
 */
static void
check_one (enum mode m, const test_key_t *k, const mode_state_t *st0,
           size_t nblocks, int in_place, size_t in_ofs, size_t out_ofs,
           size_t split)
{
  static byte in_arena[ARENA], out_arena[ARENA], expect[ARENA];
  byte msg[16 * MAX_BLOCKS], ref_out[16 * MAX_BLOCKS];
  mode_state_t ref_st = *st0, st = *st0;
  size_t len = 16 * nblocks;
  size_t out_len = m == M_CBC_MAC ? (nblocks ? 16 : 0) : len;
  byte *in, *out;

  t_rnd_bytes (msg, len);
  ref_mode (m, k, &ref_st, ref_out, msg, nblocks);

  memset (in_arena, GUARD, sizeof in_arena);
  memset (out_arena, GUARD, sizeof out_arena);
  out = out_arena + SLACK + out_ofs;
  if (in_place)
    in = out;
  else
    in = in_arena + SLACK + in_ofs;
  memcpy (in, msg, len);
  memcpy (expect, out_arena, sizeof expect);
  memcpy (expect + (out - out_arena), ref_out, out_len);

  if (split && split < nblocks)
    {
      impl_mode (m, k, &st, out, in, split);
      impl_mode (m, k, &st, m == M_CBC_MAC ? out : out + 16 * split,
                 in + 16 * split, nblocks - split);
    }
  else
    impl_mode (m, k, &st, out, in, nblocks);

  t_check (!memcmp (out_arena, expect, sizeof expect)
           && (!in_place ? !memcmp (in, msg, len) : 1)
           && !memcmp (st.iv, ref_st.iv, 16)
           && st.index_lo == ref_st.index_lo,
           "%s aes%u %zu blocks%s in+%zu out+%zu split %zu: out %s",
           mode_names[m], (unsigned) k->keylen * 8, nblocks,
           in_place ? " in place" : "", in_ofs, out_ofs, split,
           hexstr (out, out_len < 32 ? out_len : 32));
}


/*
 * Known answers.
 */

/* FIPS-197 appendix C: plaintext 00112233..ff, key 000102.. of each
   length.  */
static void
check_fips197 (void)
{
  static const char *const cts[3] = {
    "69c4e0d86a7b0430d8cdb78070b4c55a",
    "dda97ca4864cdfe06eaf70a0ec0d7191",
    "8ea2b7ca516745bfeafc49904b496089"
  };
  byte key[32], pt[16], ct[16], buf[16];
  test_key_t k;
  int i, n;

  for (i = 0; i < 32; i++)
    key[i] = (byte) i;
  for (i = 0; i < 16; i++)
    pt[i] = (byte) (0x11 * i);
  for (n = 0; n < 3; n++)
    {
      size_t keylen = 16 + 8 * n;

      t_unhex (cts[n], ct, 16);
      set_key (&k, key, keylen);
      _gcry_aes_portable_encrypt (&k.pk, buf, pt, 1);
      t_check (!memcmp (buf, ct, 16), "FIPS-197 C.%d portable encrypt: %s",
               n + 1, hexstr (buf, 16));
      _gcry_aes_portable_decrypt (&k.pk, buf, ct, 1);
      t_check (!memcmp (buf, pt, 16), "FIPS-197 C.%d portable decrypt: %s",
               n + 1, hexstr (buf, 16));
#ifdef HAVE_AESNI_CODE
      if (have_aesni)
        {
          _gcry_aes_aesni_encrypt (&k.hk, buf, pt, 1);
          t_check (!memcmp (buf, ct, 16), "FIPS-197 C.%d aesni encrypt: %s",
                   n + 1, hexstr (buf, 16));
          _gcry_aes_aesni_decrypt (&k.hk, buf, ct, 1);
          t_check (!memcmp (buf, pt, 16), "FIPS-197 C.%d aesni decrypt: %s",
                   n + 1, hexstr (buf, 16));
        }
#endif
    }
}

/* The largest message in the CAVP files used here (ECBMMT: 10 blocks).  */
#define KAT_MAX 256

/* Run one NIST CAVP response file (ECB or CBC, KAT or MMT): each record
   is checked in the direction of its section, through the portable
   core (block by block for CBC) and through the AES-NI kernels.  */
static void
check_cavp_file (const char *dir, const char *name, int cbc)
{
  char path[4200];
  byte key[32], iv[16], pt[KAT_MAX], ct[KAT_MAX], out[KAT_MAX];
  int keylen, ptlen, ctlen, decrypt;
  int records = 0, bad_port = 0, bad_hw = 0;
  mode_state_t st;
  test_key_t k;
  t_vec_t v;

  snprintf (path, sizeof path, "%s/nist-cavp/aes/%s", dir, name);
  if (!t_check (!t_vec_open (&v, path, "COUNT"), "open %s", path))
    return;
  memset (iv, 0, sizeof iv);
  while (t_vec_next (&v))
    {
      decrypt = !strcmp (v.section, "DECRYPT");
      keylen = (int) t_vec_hex (&v, "KEY", key, sizeof key);
      if (t_vec_get (&v, "IV"))
        t_vec_hex (&v, "IV", iv, sizeof iv);
      ptlen = (int) t_vec_hex (&v, "PLAINTEXT", pt, sizeof pt);
      ctlen = (int) t_vec_hex (&v, "CIPHERTEXT", ct, sizeof ct);
      if (keylen <= 0 || ptlen <= 0 || ctlen != ptlen || ptlen % 16)
        continue;

      /* A complete record.  */
      records++;
      set_key (&k, key, keylen);
      memcpy (st.iv, iv, 16);
      if (cbc)
        ref_mode (decrypt ? M_CBC_DEC : M_CBC_ENC, &k, &st, out,
                  decrypt ? ct : pt, ptlen / 16);
      else
        impl_mode (decrypt ? M_PORT_DEC : M_PORT_ENC, &k, &st, out,
                   decrypt ? ct : pt, ptlen / 16);
      if (memcmp (out, decrypt ? pt : ct, ptlen) && !bad_port++)
        fprintf (stderr, "%s: %s record %d (portable) gives %s\n",
                 t_name, name, records, hexstr (out, ptlen));
#ifdef HAVE_AESNI_CODE
      if (have_aesni)
        {
          memcpy (st.iv, iv, 16);
          impl_mode (cbc ? (decrypt ? M_CBC_DEC : M_CBC_ENC)
                     : (decrypt ? M_ECB_DEC : M_ECB_ENC),
                     &k, &st, out, decrypt ? ct : pt, ptlen / 16);
          if (memcmp (out, decrypt ? pt : ct, ptlen) && !bad_hw++)
            fprintf (stderr, "%s: %s record %d (aesni) gives %s\n",
                     t_name, name, records, hexstr (out, ptlen));
        }
#endif
    }
  t_check (!v.errors, "%s: %lu lines not read", name, v.errors);
  t_vec_close (&v);
  t_check (records > 0 && !bad_port, "%s portable: %d of %d records wrong",
           name, bad_port, records);
  if (have_aesni)
    t_check (records > 0 && !bad_hw, "%s aesni: %d of %d records wrong",
             name, bad_hw, records);
}

static void
check_cavp (const char *dir)
{
  static const char *const kinds[] = {
    "GFSbox", "KeySbox", "VarKey", "VarTxt"
  };
  char name[64];
  int bits, i, cbc;

  for (bits = 128; bits <= 256; bits += 64)
    for (cbc = 0; cbc < 2; cbc++)
      {
        for (i = 0; i < 4; i++)
          {
            snprintf (name, sizeof name, "KAT_AES/%s%s%d.rsp",
                      cbc ? "CBC" : "ECB", kinds[i], bits);
            check_cavp_file (dir, name, cbc);
          }
        snprintf (name, sizeof name, "aesmmt/%sMMT%d.rsp",
                  cbc ? "CBC" : "ECB", bits);
        check_cavp_file (dir, name, cbc);
      }
}

/* XCTR over a whole message, INDEX starting at 1 as in HCTR2: whole
   blocks through the kernel (KERNEL nonzero, split into two calls after
   SPLIT blocks when SPLIT is inside the message) or through the
   reference composition, a partial tail through a zero-padded block.  */
static void
xctr_message (const test_key_t *k, int kernel, const byte *iv, byte *out,
              const byte *in, size_t len, size_t split)
{
  void (*run) (enum mode, const test_key_t *, mode_state_t *, byte *,
               const byte *, size_t) = kernel ? impl_mode : ref_mode;
  mode_state_t st;
  size_t full = len / 16;
  byte pad[16];

  memcpy (st.iv, iv, 16);
  st.index_lo = 1;
  st.index_hi = 0;
  if (split && split < full)
    {
      run (M_XCTR, k, &st, out, in, split);
      run (M_XCTR, k, &st, out + 16 * split, in + 16 * split, full - split);
    }
  else
    run (M_XCTR, k, &st, out, in, full);
  if (len % 16)
    {
      memset (pad, 0, sizeof pad);
      memcpy (pad, in + 16 * full, len % 16);
      run (M_XCTR, k, &st, pad, pad, 1);
      memcpy (out + 16 * full, pad, len % 16);
    }
}

/* The HCTR2 authors' XCTR vectors: the reference composition (which is
   what the portable path of the cipher layer does) and the kernel.  */
static void
check_xctr_vectors (const char *dir)
{
  byte key[32], iv[16], pt[1024], ct[1024], out[1024];
  char path[4200];
  int bits;

  for (bits = 128; bits <= 256; bits += 64)
    {
      char *text;
      size_t n = 0;
      const char *pos, *end;
      t_json_span_t obj;
      int keylen, ptlen, ctlen, records = 0, bad_ref = 0, bad_hw = 0;
      test_key_t k;

      snprintf (path, sizeof path,
                "%s/hctr2/test_vectors/ours/XCTR/XCTR_AES%d.json", dir, bits);
      text = t_json_load (path, &n);
      if (!t_check (text != NULL, "open %s", path))
        continue;
      pos = text;
      end = text + n;
      while (t_json_next_object (&pos, end, "plaintext_hex", &obj))
        {
          keylen = (int) t_json_hex (&obj, "key_hex", key, sizeof key);
          if (keylen <= 0
              || t_json_hex (&obj, "nonce_hex", iv, sizeof iv) != 16)
            break;
          ptlen = (int) t_json_hex (&obj, "plaintext_hex", pt, sizeof pt);
          ctlen = (int) t_json_hex (&obj, "ciphertext_hex", ct, sizeof ct);
          if (ptlen < 0 || ctlen != ptlen)
            break;
          records++;
          set_key (&k, key, keylen);
          xctr_message (&k, 0, iv, out, pt, ptlen, 0);
          if (memcmp (out, ct, ptlen) && !bad_ref++)
            fprintf (stderr, "%s: XCTR-AES%d record %d (portable) gives %s\n",
                     t_name, bits, records, hexstr (out, ptlen));
          if (have_aesni)
            {
              xctr_message (&k, 1, iv, out, pt, ptlen, (size_t) records % 5);
              if (memcmp (out, ct, ptlen) && !bad_hw++)
                fprintf (stderr, "%s: XCTR-AES%d record %d (aesni) gives %s\n",
                         t_name, bits, records, hexstr (out, ptlen));
            }
        }
      free (text);
      t_check (records > 0 && !bad_ref,
               "XCTR-AES%d portable: %d of %d records wrong",
               bits, bad_ref, records);
      if (have_aesni)
        t_check (records > 0 && !bad_hw,
                 "XCTR-AES%d aesni: %d of %d records wrong",
                 bits, bad_hw, records);
    }
}


/*
 * Randomised comparisons of every mode against the reference.
 */

static void
random_state (mode_state_t *st)
{
  t_rnd_bytes (st->iv, 16);
  st->index_lo = 1 + (t_rnd64 () >> 40);
  st->index_hi = 0;
}

/* Every length 0..MAX_BLOCKS, each once whole and once split in two,
   cycling through aligned, in place and misaligned buffers.  */
static void
check_modes_random (void)
{
  byte key[32];
  test_key_t k;
  mode_state_t st;
  size_t keylen, n;
  int trial, m;

  for (keylen = 16; keylen <= 32; keylen += 8)
    for (trial = 0; trial < 2; trial++)
      {
        t_rnd_bytes (key, keylen);
        set_key (&k, key, keylen);
        for (m = 0; m < M_COUNT; m++)
          {
            if (mode_is_hw (m) && !have_aesni)
              continue;
            for (n = 0; n <= MAX_BLOCKS; n++)
              {
                int variant = (int) (n + trial) % 4;
                size_t in_ofs = variant >= 2 ? (n * 7 + 1) % 16 : 0;
                size_t out_ofs = variant >= 2 ? (n * 5 + 3) % 16 : 0;
                size_t split = n > 1 ? 1 + t_rnd64 () % (n - 1) : 0;

                random_state (&st);
                check_one (m, &k, &st, n, variant & 1, in_ofs, out_ofs, 0);
                random_state (&st);
                check_one (m, &k, &st, n, !(variant & 1), out_ofs, in_ofs,
                           split);
              }
          }
      }
}

/* CTR across the carries: the counter's low 32 bits, low 64 bits and all
   128 bits wrapping within a call, and within one of two split calls.  */
static void
check_ctr_carries (void)
{
  static const char *const starts[] = {
    "0123456789abcdef01234567fffffff0",   /* carries past 2^32 */
    "0123456789abcdefffffffffffffffea",   /* carries past 2^64 */
    "0123456789abcdefffffffffffffffff",   /* carries on the first step */
    "ffffffffffffffffffffffffffffffe9",   /* wraps 2^128 */
    "ffffffffffffffffffffffffffffffff",   /* wraps on the first step */
    "00000000000000000000000000000000"
  };
  byte key[32];
  test_key_t k;
  mode_state_t st;
  size_t keylen, n, s, split;

  if (!have_aesni)
    return;
  for (keylen = 16; keylen <= 32; keylen += 8)
    {
      t_rnd_bytes (key, keylen);
      set_key (&k, key, keylen);
      for (s = 0; s < DIM (starts); s++)
        for (n = 1; n <= MAX_BLOCKS; n++)
          {
            memset (&st, 0, sizeof st);
            t_unhex (starts[s], st.iv, 16);
            check_one (M_CTR, &k, &st, n, n & 1, 0, n % 16, 0);
            split = 1 + (n * 3 + s) % n;
            check_one (M_CTR, &k, &st, n, !(n & 1), n % 16, 0, split);
          }
    }
}

/* XCTR from different first indexes, including ones whose low 64 bits
   wrap inside the call (the 128-bit index then carries).  A second call
   can only start below 2^64 (the API passes 64 bits), so splits stay
   before the wrap.  */
static void
check_xctr_indexes (void)
{
  static const u64 firsts[] = {
    1, 0, 2, 0xfffffffeULL, 0xffffffffffffffe9ULL, 0xffffffffffffffffULL
  };
  byte key[32];
  test_key_t k;
  mode_state_t st;
  size_t keylen, n, f, split;

  if (!have_aesni)
    return;
  for (keylen = 16; keylen <= 32; keylen += 8)
    {
      t_rnd_bytes (key, keylen);
      set_key (&k, key, keylen);
      for (f = 0; f < DIM (firsts); f++)
        for (n = 1; n <= MAX_BLOCKS; n++)
          {
            u64 room = 0 - firsts[f];

            t_rnd_bytes (st.iv, 16);
            st.index_lo = firsts[f];
            st.index_hi = 0;
            check_one (M_XCTR, &k, &st, n, n & 1, n % 16, 0, 0);
            split = 1 + (n * 5 + f) % n;
            if (room && split >= room)
              split = room - 1;         /* 0: no split */
            check_one (M_XCTR, &k, &st, n, !(n & 1), 0, n % 16, split);
          }
    }
}

/* A zero-block call writes nothing and leaves the IV or counter alone
   (check_one covers this for n = 0 too; this adds NULL buffers).  */
static void
check_empty_calls (void)
{
#ifdef HAVE_AESNI_CODE
  byte key[16] = { 0 }, iv[16], iv0[16];
  test_key_t k;

  if (!have_aesni)
    return;
  set_key (&k, key, 16);
  memset (iv, 0xab, 16);
  memcpy (iv0, iv, 16);
  _gcry_aes_aesni_cbc_enc (&k.hk, iv, NULL, NULL, 0, 1);
  _gcry_aes_aesni_cbc_dec (&k.hk, iv, NULL, NULL, 0);
  _gcry_aes_aesni_cfb_enc (&k.hk, iv, NULL, NULL, 0);
  _gcry_aes_aesni_cfb_dec (&k.hk, iv, NULL, NULL, 0);
  _gcry_aes_aesni_ctr_enc (&k.hk, iv, NULL, NULL, 0);
  _gcry_aes_aesni_xctr_enc (&k.hk, iv, 1, NULL, NULL, 0);
  _gcry_aes_aesni_ecb_crypt (&k.hk, NULL, NULL, 0, 1);
  _gcry_aes_portable_encrypt (&k.pk, NULL, NULL, 0);
  t_check (!memcmp (iv, iv0, 16), "zero-block calls changed the IV");
#endif
}


/*
 * OpenSSL's libcrypto as an independent second implementation of ECB.
 */
#ifdef HAVE_LIBCRYPTO
static int
openssl_ecb (int encrypt, const byte *key, size_t keylen, byte *out,
             const byte *in, size_t len)
{
  const EVP_CIPHER *cipher = keylen == 16 ? EVP_aes_128_ecb ()
    : keylen == 24 ? EVP_aes_192_ecb () : EVP_aes_256_ecb ();
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new ();
  int outl = 0, ok;

  ok = ctx && EVP_CipherInit_ex (ctx, cipher, NULL, key, NULL, encrypt)
    && EVP_CIPHER_CTX_set_padding (ctx, 0)
    && EVP_CipherUpdate (ctx, out, &outl, in, (int) len)
    && (size_t) outl == len;
  EVP_CIPHER_CTX_free (ctx);
  return ok;
}
#endif

static void
check_openssl (void)
{
#ifdef HAVE_LIBCRYPTO
  byte key[32], in[16 * MAX_BLOCKS], want[16 * MAX_BLOCKS];
  byte got[16 * MAX_BLOCKS];
  test_key_t k;
  size_t keylen, n;
  int trial, encrypt;

  for (keylen = 16; keylen <= 32; keylen += 8)
    for (trial = 0; trial < 4; trial++)
      for (encrypt = 0; encrypt < 2; encrypt++)
        {
          n = 1 + t_rnd64 () % MAX_BLOCKS;
          t_rnd_bytes (key, keylen);
          t_rnd_bytes (in, 16 * n);
          set_key (&k, key, keylen);
          if (!t_check (openssl_ecb (encrypt, key, keylen, want, in, 16 * n),
                        "OpenSSL EVP ECB failed"))
            continue;
          if (encrypt)
            _gcry_aes_portable_encrypt (&k.pk, got, in, n);
          else
            _gcry_aes_portable_decrypt (&k.pk, got, in, n);
          t_check (!memcmp (got, want, 16 * n),
                   "portable vs OpenSSL aes%zu %s %zu blocks",
                   keylen * 8, encrypt ? "enc" : "dec", n);
#ifdef HAVE_AESNI_CODE
          if (have_aesni)
            {
              _gcry_aes_aesni_ecb_crypt (&k.hk, got, in, n, encrypt);
              t_check (!memcmp (got, want, 16 * n),
                       "aesni vs OpenSSL aes%zu %s %zu blocks",
                       keylen * 8, encrypt ? "enc" : "dec", n);
            }
#endif
        }
#else
  t_skip ("comparison with OpenSSL: built without libcrypto");
#endif
}


int
main (int argc, char **argv)
{
  const char *dir;

  t_init ("t-aes-core", argc, argv);
  /* The sequence this test has always drawn.  */
  t_rnd_seed (0x9e3779b97f4a7c15ULL);
#ifdef HAVE_AESNI_CODE
  __builtin_cpu_init ();
  have_aesni = __builtin_cpu_supports ("aes")
    && __builtin_cpu_supports ("sse4.1");
  if (!have_aesni)
    t_skip ("AES-NI kernels: this CPU lacks AES-NI or SSE4.1");
#else
  t_skip ("AES-NI kernels: not an x86 build");
#endif

  check_fips197 ();
  dir = t_vectors_dir ();
  if (dir)
    {
      check_cavp (dir);
      check_xctr_vectors (dir);
    }
  check_modes_random ();
  check_ctr_carries ();
  check_xctr_indexes ();
  check_empty_calls ();
  check_openssl ();

  return t_finish ();
}
