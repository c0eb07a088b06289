/* t-random-drbg.c - white-box test of the CTR_DRBG core
 * (src/random-drbg.c), called directly with chosen inputs.
 *
 *  - Known answers: NIST CAVP CTR_DRBG vectors ("use df", no prediction
 *    resistance; AES-128, -192 and -256; with and without
 *    personalisation and additional input), as OpenSSL's
 *    test/recipes/30-test_evp_data/evprand.txt carries them:
 *    instantiate, generate 512 bits twice, the second output counts.
 *  - A reference model: SP 800-90A 10.2.1 and 10.3.2 written out
 *    literally (one AES-ECB block at a time, whole-buffer inputs), first
 *    checked against the same NIST answers, then compared with the core
 *    on random sequences: long inputs, inputs split into many segments,
 *    every output length class, reseeds, and V about to wrap at 2^128.
 *  - OpenSSL's CTR-DRBG (EVP_RAND over a TEST-RAND parent that feeds it
 *    our entropy and nonce) on random sequences with reseeds and
 *    prediction-resistant requests, when libcrypto is there.
 *  - Refusals (no instantiation, too long, bad key length, the 2^48
 *    reseed limit), secure memory, wiping, and the built-in self-test.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "random-drbg.h"
#include "cipher-api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBCRYPTO
# include <openssl/evp.h>
# include <openssl/core_names.h>
# include <openssl/params.h>
#endif

#include "t-common.h"
#include "t-util.h"

#define MAXIN 2048              /* Longest random input in a sequence.  */
#define MAXOUT DRBG_MAX_REQUEST


/*
 * The NIST vectors.
 */

typedef struct nist_vector
{
  unsigned int keylen;
  const char *entropy, *nonce, *pers, *adin_a, *adin_b, *output;
} nist_vector_t;

static const nist_vector_t nist_vectors[] = {
  /* [AES-128 use df], no personalisation or additional input.  */
  { 16, "890eb067acf7382eff80b0c73bc872c6", "aad471ef3ef1d203", "", "", "",
    "a5514ed7095f64f3d0d3a5760394ab42062f373a25072a6ea6bcfd8489e94af6"
    "cf18659fea22ed1ca0a9e33f718b115ee536b12809c31b72b08ddd8be1910fa3" },
  { 16, "c47be8e8219a5a87c94064a512089f2b", "f2a23e636aee75c6", "", "", "",
    "5a1650bb6d6a16f6040591d56abcd5dd3db8772a9c75c44d9fc64d51b733d4a6"
    "759bd5a64ec4231a24e662fdd47c82db63b200daf8d098560eb5ba7bf3f9abf7" },
  /* [AES-128 use df], additional input.  */
  { 16, "b408cefb5bc7157d3f26cb95a8b1d7ac", "026c768fd577b92a", "",
    "5737ef81dee365b6dadb3feebf5d1084", "3368a516b3431a3daaa60dc8743c8297",
    "4e909ebb24147a0004063a5e47ee044fead610d62324bd0f963f756fb91361e8"
    "b87e3a76a398143fe88130fe1b547b661a6480c711b739f18a9df3ae51d41bc9" },
  /* [AES-128 use df], personalisation.  */
  { 16, "e10bc28a0bfddfe93e7f5186e0ca0b3b", "9ff477c18673840d",
    "c980dedf9882ed4464a674967868f143", "", "",
    "35b00df6269b6641fd4ccb354d56d851de7a77527e034d60c9e1a9e1525a30ed"
    "361fded89d3dccb978d4e7a9e100ebf63062735b52831c6f0a1d3e1bdc5ebc72" },
  /* [AES-128 use df], both.  */
  { 16, "cae48dd80d298103ef1ec0bf1bb96270", "d827f91613e0b47f",
    "cc928f3d2df31a29f4e444f3df08be21", "7eaa1bbec79393a7f4a8227b691ecb68",
    "6869c6c7b9e6653b3977f0789e94478a",
    "920132cd284695b868b5bc4b703afea4d996624a8f57e9fbf5e793b509cb15b4"
    "beaf702dac28712d249ae75090a91fd35775294bf24ddebfd24e45d13f4a1748" },
  /* [AES-192 use df], both.  */
  { 24, "43f247a2ee1cb5943f0a4a6942355b1633ab82d0cf60d433",
    "8181ab27f93f662325f8cdf77bd46399",
    "d393508a6da049a646aac8c9cf8ff53a70f6645a67ec466d6ea6241e0facfad9",
    "dc3e8d4c2bd4aee278de3f998ca603ec502332b6a1cb6c8285b84c84ba54d732",
    "1d0d64b5a50de03ee2654fa59000fbff87b4b8b32e90a4dee90c9a7612eaa575",
    "d6d7c64dd922f9c7f3f538c4cbc791da2dd13f278135225cd7ce36738ce272f3"
    "5155d4c2696e7e10a8f48c7360a1b31a30037f6604ffb7bc7b29ef0ef5aca84a" },
  /* [AES-256 use df], both.  */
  { 32, "6b536f8f4c5616a0c4e681825585724d522d37fc02a05564030872e0d6c3922f",
    "0184417527ffdd3edddbb070957826c0",
    "91e62a609b4db50c5e7ad7d09dc387dae9da6d2585bd3530389411cea7d2a40e",
    "42f398bf2229976f9d97b0a5fc47d5c64b70fa5631abf28f2c6f91f78b7278d9",
    "c624291eb039ad1724c9b0ba20b98421a7f0032f6c8c00f64794018ce5a5ed96",
    "507e0b4f12c408d87052b79eb4879c925a918b0fcd812bbedc720a3d8be656e4"
    "0de900257f7a270dd6d8e7da50cdc20d744e94978d707b53f382aeb16488b122" },
  { 32, "46f626c7ee44dad83ced8e6ce556d1c440da55c7c97b4b0e51b9817e977001b9",
    "fd563b05c0c95f2ba940fe9e88ed6fb9",
    "ec1a7224d1c135597b8e414d2eab6242651bd66278973f4d5ea26a06f37c0b3b",
    "668432e5182494b232e8a66a7135f031e1154528d405da057bb4c8cfadbf25bb",
    "10e0d13c77c504bf78d293ed12de192c108d7dbed81afbfeddf727e9f2816415",
    "2ba89e1071b07b914779a5fcde874a74a4e9b9081bc0cfbd8a6234d75567ab7d"
    "cf2c9be003cdf7ebbbd166594f2a80899ec13a484d4cd26d0338e1f9fbb4d3f6" },
  { 32, "bb55393be659c484705d79bc8787a54cd1c17956787e3f3253532101e18927b5",
    "ebfe1765d9d659467311e34479657bc1",
    "73544a814c51232d4804c59d171d500e292fc9110e2b26856b9db7d7446a7a9a",
    "855fe1cb8d5072f03db8e9c4aac8eb829c47bf9acbdc888e773e36580fa24f34",
    "6494d5ec3f17d73bb6521427640814f7b4ee4070145661637d2f79b2ef18b4f5",
    "25ac0aec119803fe7d26cd7635f41f82d0ed634a3035886e254ce40f09747564"
    "2904eaf3be5becb74043be3f33dc2940632a9e6aef8c83675575b7c830744949" },
  { 32, "af2959b0b442eea3a470fd2e6531748db680f5431f979e40ef402f7ee06be275",
    "147ff9ecd91a622eb75499d986e507af",
    "02dede568c8eec1b34a042ae651d6e0687d1261f54f3f39ed7e0ef4d1c1cad05",
    "43757f986a40915ea7cb7d51ecd4dc8e2e2f39e1ad7f22d167ad486c90a76bc1",
    "2b1d19f3c7ffe763f2af14bdc6c6ecac15656976a18117e704490bddd15da37b",
    "57f2c00be62f8a881abf8f0adccbfcf5427751081abc87ea0a87f260f9bae57f"
    "e5ab04bfd82564012cd39975b924b417a1fb3ff88816d264277021513afa0f4c" },
  { 32, "556487457a0558a13f90a7e9b05c73c5c854c61ca20f89f5005705368afd1ab2",
    "85bc559bfcd54dd3395f6e65b7cb3ca3",
    "c60f026da94ee1a849569247c49135552e7977fd2afccbc70b2bf065aff405d3",
    "5b0952ebdf3b340ee056be2aab09b4af54185d5d535cb252b0f5c6659f311540",
    "160af1ffe37eb9cd0fe72604420ca199891ccd44466fc5a21937dde06a5ee8a8",
    "5c832d5cb153f212a15bc69109b2bd937f16f40d0007f9574dfb998f3491c140"
    "948bd8a3dee1c441823f4cfd8405c429a5fc477aafa21c0023a9be350646c554" }
};

/* A vector's fields as bytes.  */
typedef struct nist_bytes
{
  byte entropy[32], nonce[16], pers[32], adin_a[32], adin_b[32], output[64];
  long entropylen, noncelen, perslen, adin_alen, adin_blen, outputlen;
} nist_bytes_t;

static int
nist_decode (const nist_vector_t *v, nist_bytes_t *b)
{
  b->entropylen = t_unhex (v->entropy, b->entropy, sizeof b->entropy);
  b->noncelen = t_unhex (v->nonce, b->nonce, sizeof b->nonce);
  b->perslen = t_unhex (v->pers, b->pers, sizeof b->pers);
  b->adin_alen = t_unhex (v->adin_a, b->adin_a, sizeof b->adin_a);
  b->adin_blen = t_unhex (v->adin_b, b->adin_b, sizeof b->adin_b);
  b->outputlen = t_unhex (v->output, b->output, sizeof b->output);
  return (b->entropylen == v->keylen && b->noncelen > 0 && b->perslen >= 0
          && b->adin_alen >= 0 && b->adin_blen >= 0 && b->outputlen == 64);
}


/*
 * The reference model: the specification's steps, literally.
 */

typedef struct ref_drbg
{
  byte key[32];
  byte v[16];
  unsigned int keylen;
} ref_drbg_t;

static int
aes_algo (unsigned int keylen)
{
  return keylen == 16 ? GCRY_CIPHER_AES128
         : keylen == 24 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;
}

static gcry_cipher_hd_t
ecb_open (const byte *key, unsigned int keylen)
{
  gcry_cipher_hd_t h = NULL;

  if (_gcry_cipher_open (&h, aes_algo (keylen), GCRY_CIPHER_MODE_ECB, 0)
      || _gcry_cipher_setkey (h, key, keylen))
    {
      fprintf (stderr, "t-random-drbg: cannot set up AES-ECB\n");
      exit (2);
    }
  return h;
}

static void
ecb_block (gcry_cipher_hd_t h, byte out[16], const byte in[16])
{
  _gcry_cipher_encrypt (h, out, 16, in, 16);
}

/* Block_Cipher_df (input, outlen bytes).  */
static void
ref_df (unsigned int keylen, const byte *in, size_t inlen, byte *out,
        size_t outlen)
{
  size_t slen = (8 + inlen + 1 + 15) / 16 * 16;
  byte *s = calloc (1, slen);
  byte k[32], temp[64], x[16], chain[16], block[16];
  gcry_cipher_hd_t h;
  size_t templen, i, j;
  u32 counter;

  if (!s)
    exit (2);
  s[0] = inlen >> 24; s[1] = inlen >> 16; s[2] = inlen >> 8; s[3] = inlen;
  s[4] = outlen >> 24; s[5] = outlen >> 16; s[6] = outlen >> 8; s[7] = outlen;
  memcpy (s + 8, in, inlen);
  s[8 + inlen] = 0x80;

  memset (k, 0, sizeof k);
  for (i = 0; i < keylen && i < sizeof k; i++)
    k[i] = i;
  h = ecb_open (k, keylen);
  for (templen = 0, counter = 0; templen < keylen + 16; counter++)
    {
      /* BCC (K, IV || S).  */
      memset (block, 0, 16);
      block[0] = counter >> 24; block[1] = counter >> 16;
      block[2] = counter >> 8;  block[3] = counter;
      memset (chain, 0, 16);
      for (j = 0; j < 16; j++)
        chain[j] ^= block[j];
      ecb_block (h, chain, chain);
      for (i = 0; i < slen; i += 16)
        {
          for (j = 0; j < 16; j++)
            chain[j] ^= s[i + j];
          ecb_block (h, chain, chain);
        }
      memcpy (temp + templen, chain, 16);
      templen += 16;
    }
  _gcry_cipher_close (h);

  h = ecb_open (temp, keylen);
  memcpy (x, temp + keylen, 16);
  for (templen = 0; templen < outlen; templen += 16)
    {
      ecb_block (h, x, x);
      memcpy (temp + templen, x, 16);
    }
  _gcry_cipher_close (h);
  memcpy (out, temp, outlen);
  free (s);
}

static void
ref_increment (byte v[16])
{
  int i;

  for (i = 15; i >= 0; i--)
    if (++v[i])
      break;
}

static void
ref_update (ref_drbg_t *r, const byte *provided)
{
  size_t seedlen = r->keylen + 16, templen, i;
  byte temp[64];
  gcry_cipher_hd_t h = ecb_open (r->key, r->keylen);

  for (templen = 0; templen < seedlen; templen += 16)
    {
      ref_increment (r->v);
      ecb_block (h, temp + templen, r->v);
    }
  _gcry_cipher_close (h);
  for (i = 0; i < seedlen; i++)
    temp[i] ^= provided[i];
  memcpy (r->key, temp, r->keylen);
  memcpy (r->v, temp + r->keylen, 16);
}

static void
ref_instantiate (ref_drbg_t *r, unsigned int keylen, const byte *seed,
                 size_t seedlen)
{
  byte sm[48];

  r->keylen = keylen;
  ref_df (keylen, seed, seedlen, sm, keylen + 16);
  memset (r->key, 0, sizeof r->key);
  memset (r->v, 0, sizeof r->v);
  ref_update (r, sm);
}

static void
ref_reseed (ref_drbg_t *r, const byte *seed, size_t seedlen)
{
  byte sm[48];

  ref_df (r->keylen, seed, seedlen, sm, r->keylen + 16);
  ref_update (r, sm);
}

static void
ref_generate (ref_drbg_t *r, byte *out, size_t len, const byte *adin,
              size_t adinlen)
{
  byte add[48], block[16];
  gcry_cipher_hd_t h;
  size_t done;

  memset (add, 0, sizeof add);
  if (adinlen)
    {
      ref_df (r->keylen, adin, adinlen, add, r->keylen + 16);
      ref_update (r, add);
    }
  h = ecb_open (r->key, r->keylen);
  for (done = 0; done < len; done += 16)
    {
      ref_increment (r->v);
      ecb_block (h, block, r->v);
      memcpy (out + done, block, len - done < 16 ? len - done : 16);
    }
  _gcry_cipher_close (h);
  ref_update (r, add);
}


/*
 * Helpers for the core: contiguous input cut into segments.
 */

/* Cut BUF (LEN bytes) into up to MAXSEG segments at random points
   (empty ones included) when SPLIT, else one segment.  */
static size_t
cut (drbg_segment_t *seg, size_t maxseg, const byte *buf, size_t len,
     int split)
{
  size_t n = 0, pos = 0;

  if (!split || maxseg < 2)
    {
      seg[0].data = buf;
      seg[0].len = len;
      return 1;
    }
  while (pos < len && n < maxseg - 1)
    {
      size_t take = t_rnd (4) ? t_rnd (len - pos + 1) : 0;

      if (t_rnd (4) == 0 && take > 3)
        take = t_rnd (3);       /* Tiny pieces too.  */
      seg[n].data = take ? buf + pos : NULL;
      seg[n].len = take;
      pos += take;
      n++;
    }
  seg[n].data = buf + pos;
  seg[n].len = len - pos;
  return n + 1;
}


static void
check_nist (void)
{
  size_t i;

  for (i = 0; i < DIM (nist_vectors); i++)
    {
      const nist_vector_t *v = &nist_vectors[i];
      nist_bytes_t b;
      byte seedbuf[96], out[64];
      size_t seedlen;
      int split;

      if (!t_check (nist_decode (v, &b), "NIST vector %zu decodes", i))
        continue;
      seedlen = b.entropylen + b.noncelen + b.perslen;
      memcpy (seedbuf, b.entropy, b.entropylen);
      memcpy (seedbuf + b.entropylen, b.nonce, b.noncelen);
      memcpy (seedbuf + b.entropylen + b.noncelen, b.pers, b.perslen);

      /* The core, inputs whole and then cut into random segments.  */
      for (split = 0; split < 2; split++)
        {
          drbg_segment_t seed[40], a[20], bb[20];
          size_t ns, na, nb;
          drbg_ctx_t d;
          int ok;

          ns = cut (seed, DIM (seed), seedbuf, seedlen, split);
          na = cut (a, DIM (a), b.adin_a, b.adin_alen, split);
          nb = cut (bb, DIM (bb), b.adin_b, b.adin_blen, split);
          memset (out, 0, sizeof out);
          ok = (!_gcry_drbg_init (&d, v->keylen, 0)
                && !_gcry_drbg_instantiate (&d, seed, ns)
                && !_gcry_drbg_generate (&d, out, 64, a, na)
                && !_gcry_drbg_generate (&d, out, 64, bb, nb));
          t_check (ok, "NIST vector %zu (AES-%u): core calls succeed", i,
                   v->keylen * 8);
          t_check_mem (out, b.output, 64, "NIST vector %zu (AES-%u, %s)",
                       i, v->keylen * 8,
                       split ? "segmented inputs" : "whole inputs");
          _gcry_drbg_release (&d);
        }

      /* The reference model must know the answers too before it may
         judge the core.  */
      {
        ref_drbg_t r;

        ref_instantiate (&r, v->keylen, seedbuf, seedlen);
        ref_generate (&r, out, 64, b.adin_a, b.adin_alen);
        ref_generate (&r, out, 64, b.adin_b, b.adin_blen);
        t_check_mem (out, b.output, 64, "NIST vector %zu: reference model",
                     i);
      }
    }
}

/* One random input of 0..MAX bytes, short ones more likely.  */
static size_t
random_input (byte *buf, size_t max)
{
  size_t len;

  switch (t_rnd (4))
    {
    case 0:  len = 0; break;
    case 1:  len = t_rnd (64); break;
    case 2:  len = t_rnd (300); break;
    default: len = t_rnd (max + 1); break;
    }
  t_rnd_bytes (buf, len);
  return len;
}

/* An output length covering every class: 0, under, at and over block
   and buffer boundaries, and the largest request.  */
static size_t
random_outlen (void)
{
  static const size_t special[] = { 0, 1, 15, 16, 17, 31, 32, 33, 48, 63,
                                    64, 65, 255, 256, 257, 4095, 4096,
                                    MAXOUT - 1, MAXOUT };

  if (t_rnd (3))
    return special[t_rnd (DIM (special))];
  return 1 + t_rnd (MAXOUT);
}

/* The core against the reference on random sequences.  */
static void
check_against_reference (void)
{
  static byte seed[MAXIN], adin[MAXIN], out1[MAXOUT], out2[MAXOUT];
  unsigned long mismatches = 0, steps = 0;
  int seq;

  t_rnd_seed (0xd7b6c0ffee);
  for (seq = 0; seq < 60; seq++)
    {
      unsigned int keylen = 16 + 8 * (seq % 3);
      int split = t_rnd (2);
      drbg_segment_t segs[24];
      size_t n, seedlen, adinlen, len;
      ref_drbg_t r;
      drbg_ctx_t d;
      int step;

      seedlen = keylen + random_input (seed + keylen, MAXIN - keylen);
      t_rnd_bytes (seed, keylen);
      if (_gcry_drbg_init (&d, keylen, t_rnd (2)))
        {
          t_check (0, "init AES-%u", keylen * 8);
          continue;
        }
      n = cut (segs, DIM (segs), seed, seedlen, split);
      if (_gcry_drbg_instantiate (&d, segs, n))
        mismatches++;
      ref_instantiate (&r, keylen, seed, seedlen);

      /* Sometimes start right below the 2^128 wrap of V.  */
      if (seq % 5 == 4)
        {
          memset (d.v, 0xff, 16);
          d.v[15] = (byte) (0xff - t_rnd (8));
          memcpy (r.v, d.v, 16);
        }

      for (step = 0; step < 6; step++)
        {
          steps++;
          if (t_rnd (4) == 0)
            {
              seedlen = keylen + random_input (seed + keylen, MAXIN - keylen);
              t_rnd_bytes (seed, keylen);
              n = cut (segs, DIM (segs), seed, seedlen, split);
              if (_gcry_drbg_reseed (&d, segs, n))
                mismatches++;
              ref_reseed (&r, seed, seedlen);
              continue;
            }
          adinlen = random_input (adin, MAXIN);
          len = random_outlen ();
          n = cut (segs, DIM (segs), adin, adinlen, split);
          if (_gcry_drbg_generate (&d, out1, len, segs, n))
            mismatches++;
          ref_generate (&r, out2, len, adin, adinlen);
          if (memcmp (out1, out2, len) || memcmp (d.v, r.v, 16))
            {
              if (!mismatches)
                fprintf (stderr, "t-random-drbg: sequence %d step %d: "
                         "AES-%u, out %zu, adin %zu differ\n", seq, step,
                         keylen * 8, len, adinlen);
              mismatches++;
            }
        }
      _gcry_drbg_release (&d);
    }
  t_check (!mismatches, "core = reference model on %lu random steps "
           "(%lu mismatches)", steps, mismatches);
}

static void
check_refusals (void)
{
  drbg_ctx_t d;
  byte buf[64], entropy[48];
  drbg_segment_t seg = { entropy, sizeof entropy };
  drbg_segment_t bad = { NULL, 5 };

  memset (entropy, 0x5a, sizeof entropy);
  t_check (_gcry_drbg_init (&d, 20, 0) == GPG_ERR_INV_KEYLEN,
           "key length 20 refused");
  t_check (!_gcry_drbg_init (&d, 32, 0), "init AES-256");
  t_check (_gcry_drbg_generate (&d, buf, 16, NULL, 0)
           == GPG_ERR_NOT_INITIALIZED, "generate before instantiate");
  t_check (_gcry_drbg_reseed (&d, &seg, 1) == GPG_ERR_NOT_INITIALIZED,
           "reseed before instantiate");
  t_check (_gcry_drbg_instantiate (&d, &bad, 1) == GPG_ERR_TOO_LARGE,
           "NULL segment with a length refused");
  t_check (!_gcry_drbg_instantiate (&d, &seg, 1), "instantiate");
  t_check (d.reseed_counter == 1, "reseed_counter starts at 1");
  t_check (_gcry_drbg_generate (&d, buf, DRBG_MAX_REQUEST + 1, NULL, 0)
           == GPG_ERR_TOO_LARGE, "request over 2^19 bits refused");
  t_check (_gcry_drbg_generate (&d, NULL, 16, NULL, 0) == GPG_ERR_INV_ARG,
           "NULL output refused");
  t_check (!_gcry_drbg_generate (&d, buf, 0, NULL, 0)
           && d.reseed_counter == 2, "zero-length request counts");
  d.reseed_counter = ((u64) 1 << 48) + 1;
  t_check (_gcry_drbg_generate (&d, buf, 16, NULL, 0) == GPG_ERR_INV_STATE,
           "past the 2^48 reseed limit: reseed required");
  t_check (!_gcry_drbg_reseed (&d, &seg, 1) && d.reseed_counter == 1
           && !_gcry_drbg_generate (&d, buf, 16, NULL, 0),
           "a reseed makes it usable again");
  _gcry_drbg_release (&d);
  t_check (t_all_bytes (&d, sizeof d, 0), "release wipes the context");
  _gcry_drbg_release (&d);      /* Twice is harmless.  */

  t_check (!_gcry_drbg_init (&d, 32, 1), "init in secure memory");
  t_check (_gcry_is_secure (d.ctr) && _gcry_is_secure (d.df),
           "cipher handles in secure memory");
  _gcry_drbg_release (&d);
  t_check (!_gcry_drbg_init (&d, 32, 0) && !_gcry_is_secure (d.ctr),
           "cipher handles in normal memory");
  _gcry_drbg_release (&d);

  t_check (!_gcry_drbg_selftest (), "built-in self-test passes");
}


#ifdef HAVE_LIBCRYPTO
/*
 * OpenSSL's CTR-DRBG as a second, independent implementation.  Its
 * parent is a TEST-RAND whose "test_entropy" and "test_nonce" are what
 * the DRBG draws; we set them right before each step that draws.
 */

typedef struct ossl_drbg
{
  EVP_RAND_CTX *parent, *ctx;
  unsigned int strength;
} ossl_drbg_t;

static int
ossl_feed (ossl_drbg_t *o, const byte *entropy, size_t entropylen,
           const byte *nonce, size_t noncelen)
{
  OSSL_PARAM p[3];
  int i = 0;

  p[i++] = OSSL_PARAM_construct_octet_string (OSSL_RAND_PARAM_TEST_ENTROPY,
                                              (void *) entropy, entropylen);
  if (nonce)
    p[i++] = OSSL_PARAM_construct_octet_string (OSSL_RAND_PARAM_TEST_NONCE,
                                                (void *) nonce, noncelen);
  p[i] = OSSL_PARAM_construct_end ();
  return EVP_RAND_CTX_set_params (o->parent, p);
}

static void
ossl_free (ossl_drbg_t *o)
{
  EVP_RAND_CTX_free (o->ctx);
  EVP_RAND_CTX_free (o->parent);
  memset (o, 0, sizeof *o);
}

static int
ossl_new (ossl_drbg_t *o, unsigned int keylen, const byte *entropy,
          const byte *nonce, size_t noncelen, const byte *pers,
          size_t perslen)
{
  EVP_RAND *test = EVP_RAND_fetch (NULL, "TEST-RAND", NULL);
  EVP_RAND *ctr = EVP_RAND_fetch (NULL, "CTR-DRBG", NULL);
  char cipher[16];
  unsigned int parent_strength = 256, zero = 0;
  int use_df = 1;
  time_t no_time_limit = 0;
  OSSL_PARAM p[5];
  int ok = 0;

  memset (o, 0, sizeof *o);
  o->strength = keylen * 8;
  if (!test || !ctr)
    goto leave;
  o->parent = EVP_RAND_CTX_new (test, NULL);
  if (!o->parent)
    goto leave;
  p[0] = OSSL_PARAM_construct_uint (OSSL_RAND_PARAM_STRENGTH,
                                    &parent_strength);
  p[1] = OSSL_PARAM_construct_end ();
  if (!EVP_RAND_CTX_set_params (o->parent, p)
      || !ossl_feed (o, entropy, keylen, nonce, noncelen)
      || !EVP_RAND_instantiate (o->parent, parent_strength, 0, NULL, 0,
                                NULL))
    goto leave;

  o->ctx = EVP_RAND_CTX_new (ctr, o->parent);
  if (!o->ctx)
    goto leave;
  snprintf (cipher, sizeof cipher, "AES-%u-CTR", keylen * 8);
  p[0] = OSSL_PARAM_construct_utf8_string (OSSL_DRBG_PARAM_CIPHER, cipher, 0);
  p[1] = OSSL_PARAM_construct_int (OSSL_DRBG_PARAM_USE_DF, &use_df);
  /* No automatic reseeds: we say when.  */
  p[2] = OSSL_PARAM_construct_uint (OSSL_DRBG_PARAM_RESEED_REQUESTS, &zero);
  p[3] = OSSL_PARAM_construct_time_t (OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL,
                                      &no_time_limit);
  p[4] = OSSL_PARAM_construct_end ();
  ok = (EVP_RAND_CTX_set_params (o->ctx, p)
        && EVP_RAND_instantiate (o->ctx, o->strength, 1, pers, perslen,
                                 NULL));
 leave:
  EVP_RAND_free (test);
  EVP_RAND_free (ctr);
  if (!ok)
    ossl_free (o);
  return ok;
}

static void
check_against_openssl (void)
{
  static byte pers[MAXIN], adin[MAXIN], out1[MAXOUT], out2[MAXOUT];
  byte entropy[32], nonce[32];
  unsigned long steps = 0, mismatches = 0, failures = 0;
  int seq;

  t_rnd_seed (0x0e55e1c7d4b6);
  {
    ossl_drbg_t probe;

    t_rnd_bytes (entropy, 32);
    t_rnd_bytes (nonce, 16);
    if (!ossl_new (&probe, 32, entropy, nonce, 16, NULL, 0))
      {
        t_skip ("OpenSSL's CTR-DRBG or TEST-RAND cannot be set up");
        return;
      }
    ossl_free (&probe);
  }

  for (seq = 0; seq < 45; seq++)
    {
      unsigned int keylen = 16 + 8 * (seq % 3);
      size_t noncelen = keylen / 2 + t_rnd (keylen / 2 + 1);
      size_t perslen, adinlen, len;
      drbg_segment_t segs[3];
      ossl_drbg_t o;
      drbg_ctx_t d;
      int step;

      t_rnd_bytes (entropy, keylen);
      t_rnd_bytes (nonce, noncelen);
      perslen = random_input (pers, MAXIN);
      if (!ossl_new (&o, keylen, entropy, nonce, noncelen, pers, perslen))
        {
          failures++;
          continue;
        }
      segs[0].data = entropy; segs[0].len = keylen;
      segs[1].data = nonce;   segs[1].len = noncelen;
      segs[2].data = pers;    segs[2].len = perslen;
      if (_gcry_drbg_init (&d, keylen, 0)
          || _gcry_drbg_instantiate (&d, segs, 3))
        {
          failures++;
          ossl_free (&o);
          continue;
        }

      for (step = 0; step < 8; step++)
        {
          int op = t_rnd (4);   /* 0 reseed, 1 prediction resistance,
                                   2-3 plain generate.  */

          steps++;
          adinlen = random_input (adin, MAXIN);
          if (op <= 1)
            {
              t_rnd_bytes (entropy, keylen);
              if (!ossl_feed (&o, entropy, keylen, NULL, 0))
                {
                  failures++;
                  break;
                }
              segs[0].data = entropy; segs[0].len = keylen;
              segs[1].data = adin;    segs[1].len = adinlen;
            }
          if (op == 0)
            {
              if (!EVP_RAND_reseed (o.ctx, 0, NULL, 0, adin, adinlen)
                  || _gcry_drbg_reseed (&d, segs, 2))
                failures++;
              continue;
            }

          len = random_outlen ();
          if (!len)
            len = 1;            /* OpenSSL refuses empty requests.  */
          if (op == 1)
            {
              /* Prediction resistance: reseed with fresh entropy and
                 the request's additional input, then generate without
                 (SP 800-90A 9.3.1 step 7).  */
              if (!EVP_RAND_generate (o.ctx, out2, len, o.strength, 1,
                                      adin, adinlen)
                  || _gcry_drbg_reseed (&d, segs, 2)
                  || _gcry_drbg_generate (&d, out1, len, NULL, 0))
                failures++;
            }
          else
            {
              segs[0].data = adin; segs[0].len = adinlen;
              if (!EVP_RAND_generate (o.ctx, out2, len, o.strength, 0,
                                      adin, adinlen)
                  || _gcry_drbg_generate (&d, out1, len, segs, 1))
                failures++;
            }
          if (memcmp (out1, out2, len))
            {
              if (!mismatches)
                fprintf (stderr, "t-random-drbg: OpenSSL sequence %d step %d"
                         " (AES-%u, op %d, out %zu, adin %zu) differs\n",
                         seq, step, keylen * 8, op, len, adinlen);
              mismatches++;
            }
        }
      _gcry_drbg_release (&d);
      ossl_free (&o);
    }
  t_check (!failures, "OpenSSL and core calls succeed (%lu failures)",
           failures);
  t_check (!mismatches && steps > 300,
           "core = OpenSSL CTR-DRBG on %lu random steps (%lu mismatches)",
           steps, mismatches);
}
#endif /* HAVE_LIBCRYPTO */


int
main (int argc, char **argv)
{
  t_init ("t-random-drbg", argc, argv);
  if (!gcry_check_version (NULL))
    return 2;

  check_nist ();
  check_refusals ();
  check_against_reference ();
#ifdef HAVE_LIBCRYPTO
  check_against_openssl ();
#else
  t_skip ("OpenSSL's libcrypto not found: no comparison with its CTR-DRBG");
#endif
  return t_finish ();
}
