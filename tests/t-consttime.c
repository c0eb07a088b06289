/* t-consttime.c - no branch and no memory index may depend on a secret.
 *
 * Run under valgrind memcheck (tests/t-consttime.sh does that).  The
 * test marks keys, plaintexts, AAD and tags as undefined memory with
 * memcheck's client requests; memcheck then reports every conditional
 * jump and every address computed from them, which is exactly a secret-
 * dependent branch or table lookup.  Outputs are marked defined again
 * ("declassified") before the test looks at them, since the test's own
 * comparisons must not count.
 *
 * What runs, all with every CPU feature disabled (the portable C code;
 * the test checks the kernel report says so):
 *   AES-128/192/256 encrypt and decrypt (ECB, 1 to 9 blocks, so the
 *   four-block batches and their padding run), the key schedule;
 *   the modes CBC, CFB, CFB8, OFB, CTR, XCTR, XTS, HCTR2, AES key wrap
 *   (wrapping), GCM, GCM-SIV, CCM, OCB, EAX and SIV: encrypt, gettag,
 *   decrypt, checktag;
 *   GHASH and POLYVAL, portable kernel, called directly;
 *   BLAKE2b/BLAKE2s unkeyed and keyed, HMAC over each digest present
 *   (SHA-1/SHA-2 when the library has them);
 *   _gcry_ct_memcmp, the comparison behind every checktag.
 *
 * Declassification points, the only places a secret may become public:
 *   - outputs (ciphertext, plaintext, tags, digests) when the test reads
 *     them;
 *   - the result of _gcry_ct_memcmp: whether a tag matched is public by
 *     definition.  The test is linked with -Wl,--wrap=_gcry_ct_memcmp so
 *     every call inside the library goes through __wrap__gcry_ct_memcmp
 *     below, which runs the real comparison on the secret bytes (checked
 *     like everything else) and declassifies only its result.
 * Not covered: AES key unwrap (its final accept/reject branch is on a
 * secret-derived value that no helper declassifies; its integrity check
 * is branch-free masks, see cipher-aeswrap.c).
 *
 * Each section counts memcheck's errors before and after
 * (VALGRIND_COUNT_ERRORS) and fails when the count grew, so the closing
 * line says which part leaks; valgrind's --error-exitcode in the wrapper
 * is the second net.  Outside valgrind the test cannot see anything and
 * exits with SKIP.
 *
 * White-box: linked with ../src/libgcrypt-core.la (for the --wrap and for
 * the GHASH/POLYVAL kernel table).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ghash.h"
#include "t-common.h"

#ifdef HAVE_VALGRIND_MEMCHECK_H
# include <valgrind/memcheck.h>
# define SECRET(p, n)       VALGRIND_MAKE_MEM_UNDEFINED ((p), (n))
# define DECLASSIFY(p, n)   VALGRIND_MAKE_MEM_DEFINED ((p), (n))
#endif

#define MAXMSG 200

/* Deterministic, non-secret filler (the values do not matter; only
   their definedness does).  */
static void
fill (byte *p, size_t n, unsigned int seed)
{
  size_t i;

  for (i = 0; i < n; i++)
    p[i] = (byte) (seed * 131 + i * 29 + (i >> 3));
}

#ifdef HAVE_VALGRIND_MEMCHECK_H

int __real__gcry_ct_memcmp (const void *a, const void *b, size_t n);
int __wrap__gcry_ct_memcmp (const void *a, const void *b, size_t n);

/* See the header: the one declassification inside the library.  */
int
__wrap__gcry_ct_memcmp (const void *a, const void *b, size_t n)
{
  int differ = __real__gcry_ct_memcmp (a, b, n);

  DECLASSIFY (&differ, sizeof differ);
  return differ;
}

/* Errors memcheck has reported so far.  */
static unsigned long
errors_now (void)
{
  return (unsigned long) VALGRIND_COUNT_ERRORS;
}

/* Close a section: it passes when memcheck reported nothing new.  */
static void
section_done (const char *what, unsigned long errors_before)
{
  unsigned long n = errors_now () - errors_before;

  t_check (n == 0, "%s: %lu secret-dependent branch(es) or index(es) "
           "reported by memcheck (see above)", what, n);
}

/*
 * AES, ECB: the block function and the key schedule.
 */
static void
check_aes (void)
{
  static const int algos[3] =
    { GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256 };
  byte key[32], pt[9 * 16], ct[9 * 16], back[9 * 16];
  gcry_cipher_hd_t h;
  size_t keylen, nblocks;
  unsigned long before = errors_now ();
  int a, ok;

  for (a = 0; a < 3; a++)
    {
      keylen = 16 + 8 * a;
      for (nblocks = 1; nblocks <= 9; nblocks++)
        {
          fill (key, keylen, a + 1);
          fill (pt, nblocks * 16, 7);
          SECRET (key, keylen);
          SECRET (pt, nblocks * 16);
          ok = !gcry_cipher_open (&h, algos[a], GCRY_CIPHER_MODE_ECB, 0)
               && !gcry_cipher_setkey (h, key, keylen)
               && !gcry_cipher_encrypt (h, ct, nblocks * 16, pt, nblocks * 16);
          DECLASSIFY (ct, nblocks * 16);
          ok = ok && !gcry_cipher_decrypt (h, back, nblocks * 16,
                                           ct, nblocks * 16);
          DECLASSIFY (back, nblocks * 16);
          DECLASSIFY (pt, nblocks * 16);
          t_check (ok && !memcmp (back, pt, nblocks * 16),
                   "AES-%zu ECB %zu blocks round trip", keylen * 8, nblocks);
          gcry_cipher_close (h);
        }
    }
  section_done ("AES (key schedule, encrypt, decrypt)", before);
}

/*
 * The modes: each one encrypts and decrypts a secret message under a
 * secret key, with authentication where the mode has it.  Nonces and
 * lengths are public, as in every protocol.
 */
typedef struct mode_case
{
  const char *name;
  int mode;
  size_t keylen;        /* bytes (XTS: both keys) */
  size_t ivlen;         /* 0: no IV */
  size_t taglen;        /* 0: no tag */
  size_t msglen;        /* plaintext bytes, more than 32 */
  unsigned int flags;
} mode_case_t;

static const mode_case_t mode_cases[] =
  {
    { "CBC", GCRY_CIPHER_MODE_CBC, 16, 16, 0, 64, 0 },
    { "CFB", GCRY_CIPHER_MODE_CFB, 24, 16, 0, 77, 0 },
    { "CFB8", GCRY_CIPHER_MODE_CFB8, 32, 16, 0, 40, 0 },
    { "OFB", GCRY_CIPHER_MODE_OFB, 16, 16, 0, 77, 0 },
    { "CTR", GCRY_CIPHER_MODE_CTR, 16, 16, 0, 77, 0 },
    { "XCTR", GCRY_CIPHER_MODE_XCTR, 32, 16, 0, 77, 0 },
    { "XTS", GCRY_CIPHER_MODE_XTS, 64, 16, 0, 77, 0 },
    { "HCTR2", GCRY_CIPHER_MODE_HCTR2, 32, 32, 0, 77, 0 },
    { "GCM", GCRY_CIPHER_MODE_GCM, 16, 12, 16, 77, 0 },
    { "GCM-SIV", GCRY_CIPHER_MODE_GCM_SIV, 32, 12, 16, 77, 0 },
    { "CCM", GCRY_CIPHER_MODE_CCM, 16, 12, 16, 77, 0 },
    { "OCB", GCRY_CIPHER_MODE_OCB, 16, 12, 16, 77, 0 },
    { "EAX", GCRY_CIPHER_MODE_EAX, 16, 16, 16, 77, 0 },
    { "SIV", GCRY_CIPHER_MODE_SIV, 32, 16, 16, 77, 0 },
  };

/* Open and key a handle for C; the key is secret.  */
static gcry_cipher_hd_t
open_mode (const mode_case_t *c, const byte *key)
{
  gcry_cipher_hd_t h;
  int algo = c->keylen == 16 ? GCRY_CIPHER_AES128
             : c->keylen == 24 ? GCRY_CIPHER_AES192 : GCRY_CIPHER_AES256;

  if (c->mode == GCRY_CIPHER_MODE_XTS || c->mode == GCRY_CIPHER_MODE_SIV)
    algo = c->keylen == 32 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256;
  if (gcry_cipher_open (&h, algo, c->mode, c->flags))
    return NULL;
  if (gcry_cipher_setkey (h, key, c->keylen))
    {
      gcry_cipher_close (h);
      return NULL;
    }
  return h;
}

/* Set the public IV (and CCM's lengths) and the secret AAD.  */
static int
start_message (gcry_cipher_hd_t h, const mode_case_t *c, const byte *iv,
               const byte *aad, size_t aadlen)
{
  u64 lengths[3];

  if (c->mode == GCRY_CIPHER_MODE_SIV)
    {
      /* SIV: AAD before the nonce, the nonce as the last AAD item.  */
      if (gcry_cipher_authenticate (h, aad, aadlen)
          || gcry_cipher_setiv (h, iv, c->ivlen))
        return 0;
      return 1;
    }
  if (c->ivlen && gcry_cipher_setiv (h, iv, c->ivlen))
    return 0;
  if (c->mode == GCRY_CIPHER_MODE_CCM)
    {
      lengths[0] = c->msglen;
      lengths[1] = aadlen;
      lengths[2] = c->taglen;
      if (gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, lengths,
                           sizeof lengths))
        return 0;
    }
  if (c->taglen && gcry_cipher_authenticate (h, aad, aadlen))
    return 0;
  return 1;
}

static void
check_mode (const mode_case_t *c)
{
  byte key[64], iv[32], aad[40], pt[MAXMSG], ct[MAXMSG], back[MAXMSG];
  byte tag[16], tag2[16], badtag[16];
  gcry_cipher_hd_t h;
  unsigned long before = errors_now ();
  int ok, checked, rejected;
  char what[64];

  fill (key, c->keylen, 3);
  fill (iv, sizeof iv, 5);
  fill (aad, sizeof aad, 9);
  fill (pt, c->msglen, 11);
  SECRET (key, c->keylen);
  SECRET (aad, sizeof aad);
  SECRET (pt, c->msglen);

  /* Encrypt, in two chunks where the mode streams.  */
  h = open_mode (c, key);
  ok = h && start_message (h, c, iv, aad, sizeof aad);
  if (ok && (c->mode == GCRY_CIPHER_MODE_CCM || c->mode == GCRY_CIPHER_MODE_SIV
             || c->mode == GCRY_CIPHER_MODE_GCM_SIV
             || c->mode == GCRY_CIPHER_MODE_HCTR2
             || c->mode == GCRY_CIPHER_MODE_XTS
             || c->mode == GCRY_CIPHER_MODE_CBC))
    {
      if (c->taglen)
        gcry_cipher_final (h);
      ok = !gcry_cipher_encrypt (h, ct, c->msglen, pt, c->msglen);
    }
  else if (ok)
    {
      if (c->taglen)
        ok = !gcry_cipher_encrypt (h, ct, 32, pt, 32)
             && !gcry_cipher_final (h)
             && !gcry_cipher_encrypt (h, ct + 32, c->msglen - 32, pt + 32,
                                      c->msglen - 32);
      else
        ok = !gcry_cipher_encrypt (h, ct, 32, pt, 32)
             && !gcry_cipher_encrypt (h, ct + 32, c->msglen - 32, pt + 32,
                                      c->msglen - 32);
    }
  if (ok && c->taglen)
    ok = !gcry_cipher_gettag (h, tag, c->taglen);
  DECLASSIFY (ct, c->msglen);
  DECLASSIFY (tag, sizeof tag);
  gcry_cipher_close (h);
  t_check (ok, "%s: encrypt%s", c->name, c->taglen ? " and gettag" : "");

  /* Decrypt and check the tag (its bytes secret too: the comparison must
     not branch on them).  */
  memcpy (tag2, tag, sizeof tag2);
  SECRET (tag2, c->taglen);
  h = open_mode (c, key);
  ok = ok && h;
  ok = ok && start_message (h, c, iv, aad, sizeof aad);
  /* SIV and GCM-SIV want the tag before the ciphertext (after the AAD).  */
  if (ok && (c->mode == GCRY_CIPHER_MODE_SIV
             || c->mode == GCRY_CIPHER_MODE_GCM_SIV))
    ok = !gcry_cipher_set_decryption_tag (h, tag2, c->taglen);
  if (ok && c->taglen)
    gcry_cipher_final (h);
  ok = ok && !gcry_cipher_decrypt (h, back, c->msglen, ct, c->msglen);
  checked = ok && c->taglen ? !gcry_cipher_checktag (h, tag2, c->taglen) : 1;
  gcry_cipher_close (h);
  DECLASSIFY (back, c->msglen);
  DECLASSIFY (pt, c->msglen);
  t_check (ok && checked && !memcmp (back, pt, c->msglen),
           "%s: decrypt%s", c->name, c->taglen ? " and checktag" : "");

  /* A wrong tag: rejected, through the same constant-time path.  */
  if (c->taglen && c->mode != GCRY_CIPHER_MODE_SIV
      && c->mode != GCRY_CIPHER_MODE_GCM_SIV)
    {
      memcpy (badtag, tag, sizeof badtag);
      badtag[c->taglen - 1] ^= 1;
      SECRET (badtag, c->taglen);
      h = open_mode (c, key);
      rejected = h && start_message (h, c, iv, aad, sizeof aad);
      if (rejected)
        {
          gcry_cipher_final (h);
          rejected = !gcry_cipher_decrypt (h, back, c->msglen, ct, c->msglen)
            && gpg_err_code (gcry_cipher_checktag (h, badtag, c->taglen))
               == GPG_ERR_CHECKSUM;
        }
      gcry_cipher_close (h);
      t_check (rejected, "%s: wrong tag rejected", c->name);
    }
  snprintf (what, sizeof what, "%s (encrypt, decrypt%s)", c->name,
            c->taglen ? ", gettag, checktag" : "");
  section_done (what, before);
}

/* AES key wrap, wrapping only (see the header for unwrapping).  */
static void
check_aeswrap (void)
{
  byte kek[16], keydata[32], wrapped[40];
  gcry_cipher_hd_t h;
  unsigned long before = errors_now ();
  int ok;

  fill (kek, sizeof kek, 13);
  fill (keydata, sizeof keydata, 17);
  SECRET (kek, sizeof kek);
  SECRET (keydata, sizeof keydata);
  ok = !gcry_cipher_open (&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_AESWRAP, 0)
       && !gcry_cipher_setkey (h, kek, sizeof kek)
       && !gcry_cipher_encrypt (h, wrapped, sizeof wrapped,
                                keydata, sizeof keydata);
  gcry_cipher_close (h);
  DECLASSIFY (wrapped, sizeof wrapped);
  t_check (ok, "AESWRAP: wrap");
  section_done ("AESWRAP (wrap)", before);
}

/* GHASH and POLYVAL through the portable kernel directly: secret key and
   secret data, every block count up to 9.  */
static void
check_ghash (void)
{
  const ghash_kernel_t *portable = NULL;
  ghash_key_t key;
  byte h[16], buf[9 * 16], acc[16];
  unsigned long before = errors_now ();
  size_t i, nblocks;
  int poly;

  for (i = 0; _gcry_ghash_kernels[i].name; i++)
    if (!strcmp (_gcry_ghash_kernels[i].name, "portable"))
      portable = &_gcry_ghash_kernels[i];
  if (!t_check (portable != NULL, "GHASH: portable kernel in the table"))
    return;
  for (poly = 0; poly < 2; poly++)
    for (nblocks = 0; nblocks <= 9; nblocks++)
      {
        fill (h, 16, 19 + poly);
        fill (buf, sizeof buf, 23);
        memset (acc, 0, sizeof acc);
        SECRET (h, 16);
        SECRET (buf, sizeof buf);
        SECRET (acc, 16);
        if (poly)
          {
            _gcry_polyval_setkey (&key, h, portable);
            _gcry_polyval_update (&key, acc, buf, nblocks);
          }
        else
          {
            _gcry_ghash_setkey (&key, h, portable);
            _gcry_ghash_update (&key, acc, buf, nblocks);
          }
        wipememory (&key, sizeof key);
        DECLASSIFY (acc, 16);
      }
  t_check (1, "GHASH/POLYVAL portable ran");
  section_done ("GHASH/POLYVAL portable (setkey, update)", before);
}

/*
 * Digests: every one the library has, plain and keyed (BLAKE2's own key)
 * or HMAC, over lengths around the block sizes.
 */
static void
check_digests (void)
{
  static const int algos[] =
    {
      GCRY_MD_BLAKE2B_512, GCRY_MD_BLAKE2B_256, GCRY_MD_BLAKE2S_256,
      GCRY_MD_BLAKE2S_128, GCRY_MD_SHA1, GCRY_MD_SHA224, GCRY_MD_SHA256,
      GCRY_MD_SHA384, GCRY_MD_SHA512, GCRY_MD_SHA512_256
    };
  static const size_t lens[] = { 0, 1, 55, 56, 63, 64, 65, 111, 112, 127,
                                 128, 129, 200 };
  byte msg[200], key[80], out[64];
  gcry_md_hd_t h;
  unsigned long before;
  size_t a, l, dlen;
  int keyed, ok, blake2;
  char what[80];

  for (a = 0; a < DIM (algos); a++)
    {
      if (gcry_md_test_algo (algos[a]))
        {
          t_skip ("digest %d (%s) not in this library", algos[a],
                  gcry_md_algo_name (algos[a]));
          continue;
        }
      before = errors_now ();
      dlen = gcry_md_get_algo_dlen (algos[a]);
      blake2 = !strncmp (gcry_md_algo_name (algos[a]), "BLAKE2", 6);
      for (keyed = 0; keyed < 2; keyed++)
        for (l = 0; l < DIM (lens); l++)
          {
            fill (msg, sizeof msg, 29);
            fill (key, sizeof key, 31);
            SECRET (msg, sizeof msg);
            SECRET (key, sizeof key);
            /* BLAKE2's native key is at most its output size; HMAC keys
               longer than a block are hashed first, so 80 bytes covers
               that path for the 64-byte-block digests.  */
            ok = !gcry_md_open (&h, algos[a],
                                keyed && !blake2 ? GCRY_MD_FLAG_HMAC : 0);
            if (ok && keyed)
              ok = !gcry_md_setkey (h, key, blake2 ? dlen : sizeof key);
            if (ok)
              {
                gcry_md_write (h, msg, lens[l] / 2);
                gcry_md_write (h, msg + lens[l] / 2, lens[l] - lens[l] / 2);
                memcpy (out, gcry_md_read (h, algos[a]), dlen);
                DECLASSIFY (out, dlen);
                gcry_md_close (h);
              }
            if (!ok)
              t_check (0, "%s %s len %zu: open/setkey failed",
                       gcry_md_algo_name (algos[a]),
                       keyed ? (blake2 ? "keyed" : "HMAC") : "plain",
                       lens[l]);
          }
      t_check (1, "%s ran", gcry_md_algo_name (algos[a]));
      snprintf (what, sizeof what, "%s (plain, %s)",
                gcry_md_algo_name (algos[a]), blake2 ? "keyed" : "HMAC");
      section_done (what, before);
    }
}

/* The comparison itself, called directly: equal and unequal secret
   buffers of every length up to 32, the result declassified by the
   wrapper above.  */
static void
check_ct_memcmp (void)
{
  byte a[32], b[32];
  unsigned long before = errors_now ();
  size_t n, pos;
  int ok = 1;

  for (n = 1; n <= 32; n++)
    for (pos = 0; pos <= n; pos++)
      {
        fill (a, n, 37);
        memcpy (b, a, n);
        if (pos < n)
          b[pos] ^= 0x80;
        SECRET (a, n);
        SECRET (b, n);
        ok &= (_gcry_ct_memcmp (a, b, n) != 0) == (pos < n);
      }
  t_check (ok, "_gcry_ct_memcmp results");
  section_done ("_gcry_ct_memcmp", before);
}

/* Every kernel line of the configuration report must name the portable
   kernel, or this test checks something else than it says.  */
static void
check_all_portable (void)
{
  char *config = gcry_get_config (0, NULL), *line, *save = NULL;
  int kernels = 0, others = 0;

  if (!t_check (config != NULL, "configuration report"))
    return;
  for (line = strtok_r (config, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    if (!strncmp (line, "kernel-", 7))
      {
        kernels++;
        /* "portable", or a composition of portable parts such as
           GCM's "ctr+ghash": no name of an instruction set.  */
        if (strchr (line, ':')
            && (strstr (strchr (line, ':'), "aesni")
                || strstr (strchr (line, ':'), "vaes")
                || strstr (strchr (line, ':'), "avx")
                || strstr (strchr (line, ':'), "sse")
                || strstr (strchr (line, ':'), "pclmul")
                || strstr (strchr (line, ':'), "sha")
                || strstr (strchr (line, ':'), "x86")))
          {
            others++;
            fprintf (stderr, "t-consttime: not portable: %s\n", line);
          }
      }
  gcry_free (config);
  t_check (kernels > 0 && others == 0,
           "every kernel line says portable (%d lines, %d others)",
           kernels, others);
}

int
main (int argc, char **argv)
{
  size_t i;

  t_init ("t-consttime", argc, argv);
  if (!RUNNING_ON_VALGRIND)
    {
      t_skip ("not running under valgrind (run tests/t-consttime.sh): "
              "without memcheck this test cannot see a leak");
      return 77;
    }
  gcry_control (GCRYCTL_DISABLE_HWF, "all", NULL);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  check_all_portable ();

  check_ct_memcmp ();
  check_aes ();
  for (i = 0; i < DIM (mode_cases); i++)
    check_mode (&mode_cases[i]);
  check_aeswrap ();
  check_ghash ();
  check_digests ();
  return t_finish ();
}

#else /* !HAVE_VALGRIND_MEMCHECK_H */

int
main (int argc, char **argv)
{
  (void) fill;
  t_init ("t-consttime", argc, argv);
  t_skip ("valgrind/memcheck.h was not found at configure time "
          "(apt-get install valgrind)");
  return 77;
}

#endif
