/* t-hostile.c - hostile input through the public API only.
 *
 * Every case is a row of a table: a cipher case is a short program of
 * steps (setkey, setiv, encrypt, gettag, ...) run on a fresh AES handle
 * in every mode, with the error code upstream libgcrypt 1.10.1 returns
 * for each mode; the md and mac cases run on every digest and MAC the
 * registry accepts.  Buffers sit flush against PROT_NONE pages (a read
 * or write past the end faults) with guard bytes in front (a write
 * before the start is seen), so "writes nothing outside the buffers it
 * was given" is checked for every call that has an output.
 *
 * The expected codes were observed with this same program built against
 * Debian's libgcrypt 1.10.1 (-DT_UPSTREAM, option --print-table, which
 * forks per case and prints the table rows).  Columns for modes upstream
 * lacks (XCTR, HCTR2) hold this library's documented answers: the ones
 * of the mode they are built like (CTR for XCTR; HCTR2 refuses what a
 * wide-block mode cannot do).
 *
 * Cells where upstream differs on purpose:
 *  - "encrypt 17 into SIZE_MAX" (ECB, CBC, AESWRAP, CCM, OCB): upstream
 *    crashes (on failure it fills all OUTSIZE bytes with 0x42); we fill
 *    at most the input length and return the mode's error.
 *  - "gettag before setkey" (EAX, SIV): upstream crashes; we answer
 *    GPG_ERR_INV_STATE.
 *  - "encrypt SIZE_MAX into 32" (AESWRAP): upstream's INLEN + 8 wraps
 *    around and it answers GPG_ERR_INV_ARG; we do not wrap and answer
 *    GPG_ERR_BUFFER_TOO_SHORT like every other mode.
 *  - md "read of an algo not enabled": upstream aborts (a fatal log);
 *    we return NULL.
 *  - md SHAKE/cSHAKE with GCRY_MD_FLAG_HMAC: 1.10.1 refuses
 *    (GPG_ERR_DIGEST_ALGO: its XOFs had no read function); current
 *    upstream, which md.c follows, gives them one and accepts.
 *  - mac HMAC "write after read": upstream returns 0 and corrupts the
 *    state; we answer GPG_ERR_INV_STATE like its other MACs (see
 *    cipher/mac-hmac.c).
 *
 * Not tested: calls on a closed handle.  gcry_*_close frees the handle,
 * so any later call is a use-after-free under upstream's semantics too;
 * no answer can be required of it.  gcry_*_close (NULL) is tolerated and
 * checked.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#include <limits.h>
#include <stdint.h>
#include <sys/wait.h>

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define GUARD 0xa5
/* Real bytes behind every buffer; declared sizes above this are only
   used where the call must refuse before touching the data.  */
#define REAL 1024
/* The answer when upstream crashes (only in --print-table output).  */
#define CRASH (-1)

static int print_table;

static const struct
{
  int mode;
  const char *name;
  size_t keylen, ivlen;
} modes[] =
  {
    { GCRY_CIPHER_MODE_ECB, "ECB", 16, 0 },
    { GCRY_CIPHER_MODE_CBC, "CBC", 16, 16 },
    { GCRY_CIPHER_MODE_CFB, "CFB", 16, 16 },
    { GCRY_CIPHER_MODE_CFB8, "CFB8", 16, 16 },
    { GCRY_CIPHER_MODE_OFB, "OFB", 16, 16 },
    { GCRY_CIPHER_MODE_CTR, "CTR", 16, 16 },
    { GCRY_CIPHER_MODE_AESWRAP, "AESWRAP", 16, 0 },
    { GCRY_CIPHER_MODE_CCM, "CCM", 16, 12 },
    { GCRY_CIPHER_MODE_GCM, "GCM", 16, 12 },
    { GCRY_CIPHER_MODE_OCB, "OCB", 16, 12 },
    { GCRY_CIPHER_MODE_XTS, "XTS", 32, 16 },
    { GCRY_CIPHER_MODE_EAX, "EAX", 16, 16 },
    { GCRY_CIPHER_MODE_SIV, "SIV", 32, 16 },
    { GCRY_CIPHER_MODE_GCM_SIV, "GCM-SIV", 16, 12 },
#ifndef T_UPSTREAM
    { GCRY_CIPHER_MODE_XCTR, "XCTR", 16, 16 },
    { GCRY_CIPHER_MODE_HCTR2, "HCTR2", 32, 16 },
#endif
  };
#define NMODES 16

/* Step operations.  */
enum
{
  END = 0, SETKEY, SETIV, SETCTR, ENC, DEC, AUTH, GETTAG, CHECKTAG,
  CCMLEN, FINAL, RESET
};

/* Step buffer layouts.  */
enum
{
  B_SEP = 0,     /* separate in and out */
  B_INPLACE,     /* in NULL, 0: in place on out */
  B_NULLIN,      /* in NULL with a length */
  B_FWD,         /* in = out + 1 */
  B_BACK,        /* out = in + 1 */
  B_NULLOUT      /* out NULL (and in NULL, lengths 0) */
};

#define BIG SIZE_MAX

typedef struct
{
  int op;
  size_t len;      /* input length (key, IV, data, tag) */
  size_t outsize;  /* declared output size (ENC/DEC/GETTAG) */
  int layout;
} step_t;

/* Preludes: what the fresh handle has before the steps.  */
enum { P_KEYIV = 0, P_NOKEY, P_KEYONLY };

typedef struct
{
  const char *name;
  int prelude;
  step_t steps[4];
  int want[NMODES];   /* gpg-error code of the last step, per mode */
} cipher_case_t;

/* BEGIN TABLE (regenerate with the upstream build and --print-table) */
static const cipher_case_t cipher_cases[] =
  {
    { "setkey len 0", P_NOKEY, { { SETKEY, 0, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setkey len 1", P_NOKEY, { { SETKEY, 1, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setkey len 15", P_NOKEY, { { SETKEY, 15, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setkey len 17", P_NOKEY, { { SETKEY, 17, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setkey len 33", P_NOKEY, { { SETKEY, 33, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setkey len 64", P_NOKEY, { { SETKEY, 64, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 0, 44, 0, 44, 44, 44 } },
    { "setkey len SIZE_MAX", P_NOKEY, { { SETKEY, BIG, 0, 0 } },
      { 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44 } },
    { "setiv len 0", P_KEYONLY, { { SETIV, 0, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 0, 139, 139, 139, 0, 0, 0, 45, 139, 0 } },
    { "setiv NULL len 0", P_KEYONLY, { { SETIV, 0, 0, B_NULLIN } },
      { 0, 0, 0, 0, 0, 0, 0, 45, 139, 45, 0, 0, 45, 45, 0, 0 } },
    { "setiv len 1", P_KEYONLY, { { SETIV, 1, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 0, 139, 0, 139, 0, 0, 0, 45, 139, 0 } },
    { "setiv len 15", P_KEYONLY, { { SETIV, 15, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 0, 139, 0, 0, 0, 0, 0, 45, 139, 0 } },
    { "setiv len 17", P_KEYONLY, { { SETIV, 17, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 0, 139, 0, 139, 0, 0, 0, 45, 139, 0 } },
    { "setiv len 255", P_KEYONLY, { { SETIV, 255, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 0, 139, 0, 139, 0, 0, 0, 45, 139, 0 } },
    { "setctr len 15", P_KEYONLY, { { SETCTR, 15, 0, 0 } },
      { 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45 } },
    { "setctr NULL len 0", P_KEYONLY, { { SETCTR, 0, 0, B_NULLIN } },
      { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt before setkey", P_NOKEY, { { ENC, 16, 16, 0 } },
      { 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181, 181 } },
    { "encrypt without IV", P_KEYONLY, { { ENC, 16, 16, 0 } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 156, 0, 0, 0, 156, 0, 0 } },
    { "encrypt 0 bytes", P_KEYIV, { { ENC, 0, 0, 0 } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 200, 0, 0, 0, 0, 139 } },
    { "encrypt NULL/NULL 0", P_KEYIV, { { ENC, 0, 0, B_NULLOUT } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 200, 0, 0, 0, 0, 139 } },
    { "encrypt 1 byte", P_KEYIV, { { ENC, 1, 1, 0 } },
      { 139, 139, 0, 0, 0, 0, 200, 156, 0, 139, 200, 0, 0, 0, 0, 139 } },
    { "encrypt 16 bytes", P_KEYIV, { { ENC, 16, 16, 0 } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt 17 bytes", P_KEYIV, { { ENC, 17, 17, 0 } },
      { 139, 139, 0, 0, 0, 0, 200, 156, 0, 139, 0, 0, 0, 0, 0, 0 } },
    { "encrypt 64 bytes", P_KEYIV, { { ENC, 64, 64, 0 } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt 32 into 31", P_KEYIV, { { ENC, 32, 31, 0 } },
      { 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200 } },
    { "encrypt 16 into 0", P_KEYIV, { { ENC, 16, 0, 0 } },
      { 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200 } },
    { "encrypt SIZE_MAX into 32", P_KEYIV, { { ENC, BIG, 32, 0 } },
      { 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200 } },
    { "encrypt 17 into SIZE_MAX", P_KEYIV, { { ENC, 17, BIG, 0 } },
      { 139, 139, 0, 0, 0, 0, 45, 156, 0, 139, 0, 0, 0, 0, 0, 0 } },
    { "encrypt in place 64", P_KEYIV, { { ENC, 0, 64, B_INPLACE } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt NULL in, len 64", P_KEYIV, { { ENC, 64, 64, B_NULLIN } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt overlap in=out+1", P_KEYIV, { { ENC, 64, 64, B_FWD } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt overlap out=in+1", P_KEYIV, { { ENC, 64, 64, B_BACK } },
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "decrypt 17 bytes", P_KEYIV, { { DEC, 17, 17, 0 } },
      { 139, 139, 0, 0, 0, 0, 45, 156, 0, 139, 0, 0, 156, 156, 0, 0 } },
    { "decrypt 64 bytes", P_KEYIV, { { DEC, 64, 64, 0 } },
      { 0, 0, 0, 0, 0, 0, 10, 156, 0, 0, 0, 0, 156, 156, 0, 0 } },
    { "decrypt 32 into 31", P_KEYIV, { { DEC, 32, 31, 0 } },
      { 200, 200, 200, 200, 200, 200, 10, 200, 200, 200, 200, 200, 200, 200, 200, 200 } },
    { "decrypt SIZE_MAX into 32", P_KEYIV, { { DEC, BIG, 32, 0 } },
      { 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200 } },
    { "decrypt overlap in=out+1", P_KEYIV, { { DEC, 64, 64, B_FWD } },
      { 0, 0, 0, 0, 0, 0, 10, 156, 0, 0, 0, 0, 156, 156, 0, 0 } },
    { "decrypt overlap out=in+1", P_KEYIV, { { DEC, 64, 64, B_BACK } },
      { 0, 0, 0, 0, 0, 0, 10, 156, 0, 0, 0, 0, 156, 156, 0, 0 } },
    { "authenticate 16", P_KEYIV, { { AUTH, 16, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 156, 0, 0, 71, 0, 156, 0, 71, 71 } },
    { "authenticate NULL 0", P_KEYIV, { { AUTH, 0, 0, B_NULLIN } },
      { 71, 71, 71, 71, 71, 71, 71, 156, 0, 0, 71, 45, 156, 0, 71, 71 } },
    { "authenticate after encrypt", P_KEYIV,
      { { ENC, 16, 16, 0 }, { AUTH, 16, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 156, 156, 0, 71, 0, 156, 156, 71, 71 } },
    { "gettag 16", P_KEYIV, { { GETTAG, 0, 16, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 156, 71, 0, 0, 0, 71, 71 } },
    { "gettag 0", P_KEYIV, { { GETTAG, 0, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 45, 139, 200, 71, 0, 0, 0, 71, 71 } },
    { "gettag 15", P_KEYIV, { { GETTAG, 0, 15, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 200, 71, 0, 0, 0, 71, 71 } },
    { "gettag 17", P_KEYIV, { { GETTAG, 0, 17, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 156, 71, 0, 0, 0, 71, 71 } },
    { "gettag 4", P_KEYIV, { { GETTAG, 0, 4, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 200, 71, 0, 0, 0, 71, 71 } },
    { "gettag before setkey", P_NOKEY, { { GETTAG, 0, 16, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 156, 156, 71, 156, 156, 156, 71, 71 } },
    { "checktag wrong 16", P_KEYIV, { { CHECKTAG, 16, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 10, 156, 71, 10, 10, 10, 71, 71 } },
    { "checktag 0", P_KEYIV, { { CHECKTAG, 0, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 45, 139, 156, 71, 0, 10, 10, 71, 71 } },
    { "checktag 17", P_KEYIV, { { CHECKTAG, 17, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 10, 156, 71, 10, 10, 10, 71, 71 } },
    { "encrypt after gettag", P_KEYIV,
      { { ENC, 16, 16, 0 }, { GETTAG, 0, 16, 0 }, { ENC, 16, 16, 0 } },
      
      { 0, 0, 0, 0, 0, 0, 200, 156, 156, 0, 0, 156, 156, 156, 0, 0 } },
    { "authenticate after gettag", P_KEYIV,
      { { GETTAG, 0, 16, 0 }, { AUTH, 16, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 156, 156, 0, 71, 156, 156, 156, 71, 71 } },
    { "gettag twice", P_KEYIV,
      { { ENC, 16, 16, 0 }, { GETTAG, 0, 16, 0 }, { GETTAG, 0, 16, 0 } },
      
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 156, 71, 0, 0, 0, 71, 71 } },
    { "decrypt then checktag wrong", P_KEYIV,
      { { DEC, 16, 16, 0 }, { CHECKTAG, 16, 0, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 10, 156, 71, 10, 10, 10, 71, 71 } },
    { "ccm lengths tag 3", P_KEYIV, { { CCMLEN, 16, 3, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 139, 71, 71, 71, 71, 71, 71, 71, 71 } },
    { "ccm lengths tag 16", P_KEYIV, { { CCMLEN, 16, 16, 0 } },
      { 71, 71, 71, 71, 71, 71, 71, 0, 71, 71, 71, 71, 71, 71, 71, 71 } },
    { "ccm lengths, encrypt more", P_KEYIV,
      { { CCMLEN, 16, 16, 0 }, { ENC, 32, 32, 0 } },
      { 0, 0, 0, 0, 0, 0, 200, 139, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "ccm lengths, encrypt, gettag", P_KEYIV,
      { { CCMLEN, 16, 16, 0 }, { ENC, 16, 16, 0 }, { GETTAG, 0, 16, 0 } },
      
      { 71, 71, 71, 71, 71, 71, 71, 0, 0, 156, 71, 0, 0, 0, 71, 71 } },
    { "final, encrypt 17", P_KEYIV,
      { { FINAL, 0, 0, 0 }, { ENC, 17, 17, 0 } },
      { 139, 139, 0, 0, 0, 0, 200, 156, 0, 0, 0, 0, 0, 0, 0, 0 } },
    { "encrypt 17 twice", P_KEYIV,
      { { ENC, 17, 17, 0 }, { ENC, 17, 17, 0 } },
      { 139, 139, 0, 0, 0, 0, 200, 156, 0, 139, 0, 0, 156, 156, 0, 0 } },
    { "reset, gettag", P_KEYIV,
      { { ENC, 16, 16, 0 }, { RESET, 0, 0, 0 }, { GETTAG, 0, 16, 0 } },
      
      { 71, 71, 71, 71, 71, 71, 71, 139, 0, 156, 71, 0, 0, 156, 71, 71 } },
    { "reset, encrypt", P_KEYIV,
      { { GETTAG, 0, 16, 0 }, { RESET, 0, 0, 0 }, { ENC, 16, 16, 0 } },
      
      { 0, 0, 0, 0, 0, 0, 200, 156, 0, 156, 0, 0, 0, 156, 0, 0 } },
  };
/* END TABLE */


/*
 * Buffers against guard pages.
 */

static t_guard_t g_in, g_out;

/* The REAL bytes ending at the guard page of G, all set to GUARD.  */
static unsigned char *
region (t_guard_t *g)
{
  memset (g->hi, GUARD, REAL);
  return g->hi;
}

static size_t
clamp (size_t n)
{
  return n > REAL ? REAL : n;
}

/* Where the output may be written: [*lo, *hi) inside out's region.  */
static unsigned char *out_lo, *out_hi;

static int
guards_intact (void)
{
  return t_all_bytes (g_out.hi, (size_t) (out_lo - g_out.hi), GUARD);
}


/*
 * The cipher step interpreter.
 */

/* Longer than any key length asked for (HMAC-SHA-512 and SHA-3 report
   128); bytes past the written ones are zero.  */
static const unsigned char key_bytes[256] =
  { 0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe,
    0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
    0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4 };

/* Run one step; returns its error code.  */
static int
run_step (gcry_cipher_hd_t h, const step_t *s)
{
  unsigned char *in = region (&g_in), *out = region (&g_out);
  size_t n = clamp (s->len), o = clamp (s->outsize);
  const unsigned char *src;
  unsigned char *dst;
  gcry_error_t err = 0;
  uint64_t ccm[3];

  /* Input flush against its guard page.  */
  src = in + REAL - n;
  memcpy ((void *) src, key_bytes, n < sizeof key_bytes ? n : sizeof key_bytes);
  dst = out + REAL - o;
  out_lo = dst;
  out_hi = out + REAL;
  switch (s->op)
    {
    case SETKEY:
      err = gcry_cipher_setkey (h, src, s->len);
      break;
    case SETIV:
      err = gcry_cipher_setiv (h, s->layout == B_NULLIN ? NULL : src, s->len);
      break;
    case SETCTR:
      err = gcry_cipher_setctr (h, s->layout == B_NULLIN ? NULL : src, s->len);
      break;
    case ENC:
    case DEC:
      switch (s->layout)
        {
        case B_INPLACE:
          src = NULL;
          break;
        case B_NULLIN:
          src = NULL;
          break;
        case B_FWD:
          dst = out + REAL - n - 1;
          src = dst + 1;
          out_lo = dst;
          break;
        case B_BACK:
          src = out + REAL - n - 1;
          dst = (unsigned char *) src + 1;
          out_lo = (unsigned char *) src;
          break;
        case B_NULLOUT:
          src = NULL;
          dst = NULL;
          break;
        }
      if (s->op == ENC)
        err = gcry_cipher_encrypt (h, dst, s->outsize,
                                   s->layout == B_INPLACE ? NULL : src,
                                   s->layout == B_INPLACE ? 0 : s->len);
      else
        err = gcry_cipher_decrypt (h, dst, s->outsize,
                                   s->layout == B_INPLACE ? NULL : src,
                                   s->layout == B_INPLACE ? 0 : s->len);
      break;
    case AUTH:
      err = gcry_cipher_authenticate (h, s->layout == B_NULLIN ? NULL : src,
                                      s->len);
      break;
    case GETTAG:
      err = gcry_cipher_gettag (h, s->layout == B_NULLOUT ? NULL : dst,
                                s->outsize);
      break;
    case CHECKTAG:
      err = gcry_cipher_checktag (h, src, s->len);
      break;
    case CCMLEN:
      ccm[0] = s->len;
      ccm[1] = 0;
      ccm[2] = s->outsize;
      err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, ccm, sizeof ccm);
      break;
    case FINAL:
      err = gcry_cipher_final (h);
      break;
    case RESET:
      err = gcry_cipher_reset (h);
      break;
    }
  return gcry_err_code (err);
}

/* Open AES in mode M with the case's prelude, run its steps; returns
   the code of the last step (or of the prelude when it failed: 1000 +
   code, never an upstream code), and 1 in *GUARDS_OK when every step
   left the bytes before its output alone.  */
static int
run_cipher_case (const cipher_case_t *c, size_t m, int *guards_ok)
{
  gcry_cipher_hd_t h;
  gcry_error_t err;
  int rc = 0;
  size_t i;
  int algo = modes[m].keylen == 32 && modes[m].mode != GCRY_CIPHER_MODE_XTS
    && modes[m].mode != GCRY_CIPHER_MODE_SIV
    ? GCRY_CIPHER_AES256 : GCRY_CIPHER_AES128;

  *guards_ok = 1;
  err = gcry_cipher_open (&h, algo, modes[m].mode, 0);
  if (err)
    return 1000 + gcry_err_code (err);
  if (c->prelude != P_NOKEY)
    err = gcry_cipher_setkey (h, key_bytes, modes[m].keylen);
  if (!err && c->prelude == P_KEYIV && modes[m].ivlen)
    err = gcry_cipher_setiv (h, key_bytes + 32, modes[m].ivlen);
  if (err)
    {
      gcry_cipher_close (h);
      return 1000 + gcry_err_code (err);
    }
  for (i = 0; i < DIM (c->steps) && c->steps[i].op != END; i++)
    {
      rc = run_step (h, &c->steps[i]);
      if (!guards_intact ())
        *guards_ok = 0;
    }
  gcry_cipher_close (h);
  return rc;
}

/* --print-table: one child per case so an upstream crash is an answer
   (CRASH) rather than the end of the run.  */
static int
run_isolated (const cipher_case_t *c, size_t m)
{
  int status, guards_ok;
  pid_t pid;

  fflush (stdout);
  pid = fork ();
  if (pid == 0)
    {
      int rc = run_cipher_case (c, m, &guards_ok);
      _exit (rc >= 1000 ? 254 : rc);
    }
  if (pid < 0 || waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
    return CRASH;
  return WEXITSTATUS (status) == 254 ? 9999 : WEXITSTATUS (status);
}

static void
cipher_table (void)
{
  size_t i, m;
  int rc, guards_ok;

  for (i = 0; i < DIM (cipher_cases); i++)
    {
      const cipher_case_t *c = &cipher_cases[i];

      if (print_table)
        {
          printf ("  %s:", c->name);
          for (m = 0; m < DIM (modes); m++)
            printf (" %d", run_isolated (c, m));
          printf ("\n");
          continue;
        }
      for (m = 0; m < DIM (modes); m++)
        {
          rc = run_cipher_case (c, m, &guards_ok);
          t_check (rc == c->want[m], "cipher %s: %s: code %d, want %d",
                   modes[m].name, c->name, rc, c->want[m]);
          t_check (guards_ok, "cipher %s: %s: wrote before its output",
                   modes[m].name, c->name);
        }
    }
}


/*
 * Calls without a cipher mode: open with absurd ids, registry queries,
 * gcry_control, gcry_get_config.  Each returns an int: an error code,
 * or a value the call answers (a length, a NULL test, a map result).
 */

typedef struct
{
  const char *name;
  int (*run) (int arg);
  int arg;
  int want;
} global_case_t;

static int
g_cipher_open_algo (int algo)
{
  gcry_cipher_hd_t h = NULL;
  gcry_error_t err = gcry_cipher_open (&h, algo, GCRY_CIPHER_MODE_CBC, 0);

  gcry_cipher_close (h);
  return gcry_err_code (err);
}

static int
g_cipher_open_mode (int mode)
{
  gcry_cipher_hd_t h = NULL;
  gcry_error_t err = gcry_cipher_open (&h, GCRY_CIPHER_AES, mode, 0);

  gcry_cipher_close (h);
  return gcry_err_code (err);
}

static int
g_cipher_open_flags (int flags)
{
  gcry_cipher_hd_t h = NULL;
  gcry_error_t err = gcry_cipher_open (&h, GCRY_CIPHER_AES,
                                       GCRY_CIPHER_MODE_CTR,
                                       (unsigned int) flags);

  gcry_cipher_close (h);
  return gcry_err_code (err);
}

static int
g_cipher_ctl (int cmd)
{
  gcry_cipher_hd_t h;
  gcry_error_t err = gcry_cipher_open (&h, GCRY_CIPHER_AES,
                                       GCRY_CIPHER_MODE_CBC, 0);

  if (err)
    return 1000;
  err = gcry_cipher_ctl (h, cmd, NULL, 0);
  gcry_cipher_close (h);
  return gcry_err_code (err);
}

static int
g_cipher_test_algo (int algo)
{
  return gcry_err_code (gcry_cipher_test_algo (algo));
}

static int
g_cipher_keylen (int algo)
{
  return (int) gcry_cipher_get_algo_keylen (algo);
}

static int
g_cipher_blklen (int algo)
{
  return (int) gcry_cipher_get_algo_blklen (algo);
}

static int
g_cipher_name_is_q (int algo)
{
  return !strcmp (gcry_cipher_algo_name (algo), "?");
}

static int
g_cipher_map_name (int unused)
{
  (void) unused;
  return gcry_cipher_map_name ("no-such-cipher") + gcry_cipher_map_name ("");
}

static int
g_cipher_mode_from_oid (int unused)
{
  (void) unused;
  return gcry_cipher_mode_from_oid ("1.2.3.4.5.6.7.8.9")
    + gcry_cipher_mode_from_oid ("");
}

static int
g_close_null (int unused)
{
  (void) unused;
  gcry_cipher_close (NULL);
  gcry_md_close (NULL);
  gcry_mac_close (NULL);
  return 0;
}

static int
g_md_open (int algo)
{
  gcry_md_hd_t h = NULL;
  gcry_error_t err = gcry_md_open (&h, algo, 0);

  gcry_md_close (h);
  return gcry_err_code (err);
}

static int
g_md_open_flags (int flags)
{
  gcry_md_hd_t h = NULL;
  gcry_error_t err = gcry_md_open (&h, GCRY_MD_SHA256, (unsigned int) flags);

  gcry_md_close (h);
  return gcry_err_code (err);
}

static int
g_md_dlen (int algo)
{
  return (int) gcry_md_get_algo_dlen (algo);
}

static int
g_md_name_is_q (int algo)
{
  return !strcmp (gcry_md_algo_name (algo), "?");
}

static int
g_md_map_name (int unused)
{
  (void) unused;
  return gcry_md_map_name ("no-such-digest") + gcry_md_map_name ("");
}

static int
g_md_hash_buffers (int algo)
{
  unsigned char digest[64];
  gcry_buffer_t iov = { 0, 0, 0, NULL };

  iov.data = digest;
  iov.size = iov.len = 16;
  return gcry_err_code (gcry_md_hash_buffers (algo, 0, digest, &iov, 1));
}

static int
g_mac_open (int algo)
{
  gcry_mac_hd_t h = NULL;
  gcry_error_t err = gcry_mac_open (&h, algo, 0, NULL);

  gcry_mac_close (h);
  return gcry_err_code (err);
}

static int
g_mac_open_flags (int flags)
{
  gcry_mac_hd_t h = NULL;
  gcry_error_t err = gcry_mac_open (&h, GCRY_MAC_HMAC_SHA256,
                                    (unsigned int) flags, NULL);

  gcry_mac_close (h);
  return gcry_err_code (err);
}

static int
g_mac_maclen (int algo)
{
  return (int) gcry_mac_get_algo_maclen (algo);
}

static int
g_mac_keylen (int algo)
{
  return (int) gcry_mac_get_algo_keylen (algo);
}

static int
g_mac_name_is_q (int algo)
{
  return !strcmp (gcry_mac_algo_name (algo), "?");
}

static int
g_control (int cmd)
{
  return gcry_err_code (gcry_control ((enum gcry_ctl_cmds) cmd, 0, 0, 0));
}

static int
g_disable_hwf_unknown (int unused)
{
  (void) unused;
  return gcry_err_code (gcry_control (GCRYCTL_DISABLE_HWF,
                                      "no-such-hwf-feature", NULL));
}

static int
g_disable_hwf_empty (int unused)
{
  (void) unused;
  return gcry_err_code (gcry_control (GCRYCTL_DISABLE_HWF, "", NULL));
}

/* 1 when gcry_get_config (MODE, WHAT) gives NULL; the string is freed.  */
static int
config_is_null (int mode, const char *what)
{
  char *s = gcry_get_config (mode, what);

  gcry_free (s);
  return s == NULL;
}

static int
g_config_unknown (int unused)
{
  (void) unused;
  return config_is_null (0, "no-such-item");
}

static int
g_config_empty (int unused)
{
  (void) unused;
  return config_is_null (0, "");
}

static int
g_config_mode (int mode)
{
  return config_is_null (mode, NULL);
}

static int
g_config_hwflist (int unused)
{
  (void) unused;
  return config_is_null (0, "hwflist");
}

/* BEGIN GLOBAL TABLE */
static const global_case_t global_cases[] =
  {
    { "cipher open algo -1", g_cipher_open_algo, -1, 12 },
    { "cipher open algo 0", g_cipher_open_algo, 0, 12 },
    { "cipher open algo 400", g_cipher_open_algo, 400, 12 },
    { "cipher open algo INT_MAX", g_cipher_open_algo, INT_MAX, 12 },
    { "cipher open algo INT_MIN", g_cipher_open_algo, INT_MIN, 12 },
    { "cipher open mode -1", g_cipher_open_mode, -1, 71 },
    { "cipher open mode 0", g_cipher_open_mode, 0, 71 },
    { "cipher open mode STREAM", g_cipher_open_mode, 4, 71 },
    { "cipher open mode POLY1305", g_cipher_open_mode, 10, 71 },
    { "cipher open mode 17", g_cipher_open_mode, 17, 71 },
    { "cipher open mode 0x4003", g_cipher_open_mode, 0x4003, 71 },
    { "cipher open mode 0x10000", g_cipher_open_mode, 0x10000, 71 },
    { "cipher open mode INT_MAX", g_cipher_open_mode, INT_MAX, 71 },
    { "cipher open flags 0x80000000", g_cipher_open_flags, INT_MIN, 12 },
    { "cipher open flags 0x100", g_cipher_open_flags, 0x100, 12 },
    { "cipher open CTR with CBC_CTS", g_cipher_open_flags, 4, 0 },
    { "cipher open CTR with CBC_MAC", g_cipher_open_flags, 8, 0 },
    { "cipher ctl cmd 9999", g_cipher_ctl, 9999, 61 },
    { "cipher ctl cmd -1", g_cipher_ctl, -1, 61 },
    { "cipher test_algo -1", g_cipher_test_algo, -1, 12 },
    { "cipher test_algo INT_MAX", g_cipher_test_algo, INT_MAX, 12 },
    { "cipher keylen -1", g_cipher_keylen, -1, 0 },
    { "cipher blklen INT_MAX", g_cipher_blklen, INT_MAX, 0 },
    { "cipher algo_name -1 is ?", g_cipher_name_is_q, -1, 1 },
    { "cipher map_name unknown", g_cipher_map_name, 0, 0 },
    { "cipher mode_from_oid unknown", g_cipher_mode_from_oid, 0, 0 },
    { "close NULL handles", g_close_null, 0, 0 },
    { "md open algo -1", g_md_open, -1, 5 },
    { "md open algo 0", g_md_open, 0, 0 },
    { "md open algo 1000", g_md_open, 1000, 5 },
    { "md open algo INT_MAX", g_md_open, INT_MAX, 5 },
    { "md open algo INT_MIN", g_md_open, INT_MIN, 5 },
    { "md open flags 0x80000000", g_md_open_flags, INT_MIN, 45 },
    { "md open flags 0x40", g_md_open_flags, 0x40, 45 },
    { "md dlen -1", g_md_dlen, -1, 0 },
    { "md dlen INT_MAX", g_md_dlen, INT_MAX, 0 },
    { "md algo_name -1 is ?", g_md_name_is_q, -1, 1 },
    { "md map_name unknown", g_md_map_name, 0, 0 },
    { "md hash_buffers algo -1", g_md_hash_buffers, -1, 5 },
    { "md hash_buffers algo 0", g_md_hash_buffers, 0, 5 },
    { "mac open algo -1", g_mac_open, -1, 197 },
    { "mac open algo 0", g_mac_open, 0, 197 },
    { "mac open algo 100", g_mac_open, 100, 197 },
    { "mac open algo 999", g_mac_open, 999, 197 },
    { "mac open algo INT_MAX", g_mac_open, INT_MAX, 197 },
    { "mac open algo INT_MIN", g_mac_open, INT_MIN, 197 },
    { "mac open flags 0x80000000", g_mac_open_flags, INT_MIN, 45 },
    { "mac open flags 0x40", g_mac_open_flags, 0x40, 45 },
    { "mac maclen -1", g_mac_maclen, -1, 0 },
    { "mac keylen INT_MAX", g_mac_keylen, INT_MAX, 0 },
    { "mac algo_name -1 is ?", g_mac_name_is_q, -1, 1 },
    { "control cmd 9999", g_control, 9999, 61 },
    { "control cmd -1", g_control, -1, 61 },
    { "control cmd 0", g_control, 0, 61 },
    { "control DISABLE_HWF unknown", g_disable_hwf_unknown, 0, 88 },
    { "control DISABLE_HWF empty", g_disable_hwf_empty, 0, 0 },
    { "get_config unknown item is NULL", g_config_unknown, 0, 1 },
    { "get_config empty item is NULL", g_config_empty, 0, 1 },
    { "get_config mode 1 is NULL", g_config_mode, 1, 1 },
    { "get_config mode -1 is NULL", g_config_mode, -1, 1 },
    { "get_config hwflist is NULL", g_config_hwflist, 0, 0 },
  };
/* END GLOBAL TABLE */

/* Run F (ARG) in a child (--print-table): an upstream crash becomes
   CRASH.  The value crosses a pipe, so any int survives.  */
static int
isolated_int (int (*f) (int), int arg)
{
  int fds[2], status, value = CRASH;
  pid_t pid;

  fflush (stdout);
  if (pipe (fds))
    return CRASH;
  pid = fork ();
  if (pid == 0)
    {
      value = f (arg);
      if (write (fds[1], &value, sizeof value) != sizeof value)
        _exit (1);
      _exit (0);
    }
  close (fds[1]);
  if (pid < 0 || read (fds[0], &value, sizeof value) != sizeof value)
    value = CRASH;
  close (fds[0]);
  if (pid > 0)
    waitpid (pid, &status, 0);
  return value;
}

static void
global_table (void)
{
  size_t i;
  int rc;

  for (i = 0; i < DIM (global_cases); i++)
    {
      const global_case_t *c = &global_cases[i];

      if (print_table)
        {
          printf ("  %s: %d\n", c->name, isolated_int (c->run, c->arg));
          continue;
        }
      rc = c->run (c->arg);
      t_check (rc == c->want, "%s: %d, want %d", c->name, rc, c->want);
    }
}


/*
 * Every digest and every MAC of the registry: per-algorithm cases.
 * The answer may depend on the algorithm's kind, so each row gives one
 * code for plain digests and one for XOFs (md), or one per MAC family.
 */

static int cur_algo;        /* the algorithm the case runs on */

static int
md_is_xof (int algo)
{
  return algo == GCRY_MD_SHAKE128 || algo == GCRY_MD_SHAKE256
    || algo == 329 || algo == 330;  /* cSHAKE128, cSHAKE256 */
}

static int
md_open_cur (gcry_md_hd_t *h, unsigned int flags)
{
  return gcry_err_code (gcry_md_open (h, cur_algo, flags));
}

/* Each returns an error code (or 0/1 for a pointer test).  */
static int
m_write_null (int unused)
{
  gcry_md_hd_t h;

  (void) unused;
  if (md_open_cur (&h, 0))
    return 1000;
  gcry_md_write (h, NULL, 0);
  gcry_md_write (h, "", 0);
  gcry_md_close (h);
  return 0;
}

static int
m_read_other_algo (int unused)
{
  gcry_md_hd_t h;
  int is_null;

  (void) unused;
  if (md_open_cur (&h, 0))
    return 1000;
  is_null = gcry_md_read (h, cur_algo == GCRY_MD_MD5
                          ? GCRY_MD_SHA1 : GCRY_MD_MD5) == NULL;
  gcry_md_close (h);
  return is_null;
}

static int
m_enable_bad (int algo)
{
  gcry_md_hd_t h;
  int rc;

  if (md_open_cur (&h, 0))
    return 1000;
  rc = gcry_err_code (gcry_md_enable (h, algo));
  gcry_md_close (h);
  return rc;
}

static int
m_enable_twice (int unused)
{
  (void) unused;
  return m_enable_bad (cur_algo);
}

/* gcry_md_extract LEN bytes into a buffer flush against a guard page,
   guard bytes before it.  */
static int
m_extract (int len)
{
  unsigned char *out = region (&g_out);
  gcry_md_hd_t h;
  int rc;

  if (md_open_cur (&h, 0))
    return 1000;
  gcry_md_write (h, "abc", 3);
  out_lo = out + REAL - len;
  rc = gcry_err_code (gcry_md_extract (h, cur_algo, out_lo, (size_t) len));
  gcry_md_close (h);
  if (!guards_intact ())
    return 2000;
  return rc;
}

static int
m_setkey_plain (int unused)
{
  gcry_md_hd_t h;
  int rc;

  (void) unused;
  if (md_open_cur (&h, 0))
    return 1000;
  rc = gcry_err_code (gcry_md_setkey (h, key_bytes, 16));
  gcry_md_close (h);
  return rc;
}

static int
m_hmac_open (int unused)
{
  gcry_md_hd_t h;
  int rc;

  (void) unused;
  rc = md_open_cur (&h, GCRY_MD_FLAG_HMAC);
  if (!rc)
    gcry_md_close (h);
  return rc;
}

static int
m_hmac_key0 (int unused)
{
  gcry_md_hd_t h;
  int rc;

  (void) unused;
  if (md_open_cur (&h, GCRY_MD_FLAG_HMAC))
    return 1000;
  rc = gcry_err_code (gcry_md_setkey (h, key_bytes, 0));
  gcry_md_close (h);
  return rc;
}

static int
m_ctl_bad (int cmd)
{
  gcry_md_hd_t h;
  int rc;

  if (md_open_cur (&h, 0))
    return 1000;
  rc = gcry_err_code (gcry_md_ctl (h, cmd, NULL, 0));
  gcry_md_close (h);
  return rc;
}

static int
m_write_after_final (int unused)
{
  gcry_md_hd_t h;

  (void) unused;
  if (md_open_cur (&h, 0))
    return 1000;
  gcry_md_final (h);
  gcry_md_write (h, "abc", 3);
  gcry_md_close (h);
  return 0;
}

typedef struct
{
  const char *name;
  int (*run) (int arg);
  int arg;
  int want, want_xof, want_blake2;
} md_case_t;

/* BEGIN MD TABLE */
static const md_case_t md_cases[] =
  {
    { "write NULL 0", m_write_null, 0, 0, 0, 0 },
    { "read of an algo not enabled is NULL", m_read_other_algo, 0, 1, 1, 1 },
    { "enable algo -1", m_enable_bad, -1, 5, 5, 5 },
    { "enable algo INT_MAX", m_enable_bad, INT_MAX, 5, 5, 5 },
    { "enable same algo again", m_enable_twice, 0, 0, 0, 0 },
    { "extract 0", m_extract, 0, 5, 0, 5 },
    { "extract 1", m_extract, 1, 5, 0, 5 },
    { "extract 1000", m_extract, 1000, 5, 0, 5 },
    { "setkey on a plain handle", m_setkey_plain, 0, 5, 5, 0 },
    { "open with HMAC flag", m_hmac_open, 0, 0, 0, 0 },
    { "HMAC setkey len 0", m_hmac_key0, 0, 0, 0, 0 },
    { "ctl cmd 9999", m_ctl_bad, 9999, 61, 61, 61 },
    { "write after final", m_write_after_final, 0, 0, 0, 0 },
  };
/* END MD TABLE */

static void
md_table (void)
{
  size_t i;
  int algo, rc, want, navail = 0;

  for (algo = 1; algo <= 400; algo++)
    {
      if (gcry_md_test_algo (algo))
        continue;
      navail++;
      cur_algo = algo;
      for (i = 0; i < DIM (md_cases); i++)
        {
          const md_case_t *c = &md_cases[i];

          if (print_table)
            {
              printf ("  md %d %s: %d\n", algo, c->name,
                      isolated_int (c->run, c->arg));
              continue;
            }
          rc = c->run (c->arg);
          want = md_is_xof (algo) ? c->want_xof
            : algo >= GCRY_MD_BLAKE2B_512 && algo <= GCRY_MD_BLAKE2S_128
            ? c->want_blake2 : c->want;
          t_check (rc == want, "md %s: %s: %d, want %d",
                   gcry_md_algo_name (algo), c->name, rc, want);
        }
    }
  if (!print_table)
    t_check (navail >= 10, "md registry has %d digests", navail);
}


/* MAC families (by id range, as upstream numbers them).  */
enum { F_HMAC = 0, F_CMAC, F_GMAC, F_POLY, F_OTHER, NFAM };

static int
mac_family (int algo)
{
  if (algo >= 101 && algo < 200)
    return F_HMAC;
  if (algo >= 201 && algo < 300)
    return F_CMAC;
  if (algo >= 401 && algo < 500)
    return F_GMAC;
  if (algo >= 501 && algo < 600)
    return F_POLY;
  return F_OTHER;
}

/* A MAC handle with a key of its algorithm's length (and an IV for the
   families that need one); 1000 when that fails.  */
static int
mac_ready (gcry_mac_hd_t *h)
{
  size_t keylen = gcry_mac_get_algo_keylen (cur_algo);

  if (gcry_mac_open (h, cur_algo, 0, NULL))
    return 1000;
  if (gcry_mac_setkey (*h, key_bytes, keylen ? keylen : 16)
      || ((mac_family (cur_algo) == F_GMAC
           || (mac_family (cur_algo) == F_POLY
               && cur_algo != GCRY_MAC_POLY1305))
          && gcry_mac_setiv (*h, key_bytes + 32, mac_family (cur_algo)
                             == F_GMAC ? 12 : 16)))
    {
      gcry_mac_close (*h);
      return 1000;
    }
  return 0;
}

static int
c_setkey_len (int len)
{
  gcry_mac_hd_t h;
  int rc;

  if (gcry_mac_open (&h, cur_algo, 0, NULL))
    return 1000;
  rc = gcry_err_code (gcry_mac_setkey (h, key_bytes, (size_t) len));
  gcry_mac_close (h);
  return rc;
}

static int
c_setiv_len (int len)
{
  gcry_mac_hd_t h;
  int rc;

  if (gcry_mac_open (&h, cur_algo, 0, NULL))
    return 1000;
  gcry_mac_setkey (h, key_bytes, gcry_mac_get_algo_keylen (cur_algo)
                   ? gcry_mac_get_algo_keylen (cur_algo) : 16);
  rc = gcry_err_code (gcry_mac_setiv (h, key_bytes, (size_t) len));
  gcry_mac_close (h);
  return rc;
}

/* gcry_mac_read into LEN bytes flush against a guard page; the code, or
   2000 when it wrote outside or reported more than LEN bytes.  */
static int
c_read_len (int len)
{
  unsigned char *out = region (&g_out);
  gcry_mac_hd_t h;
  size_t got = (size_t) len;
  int rc;

  if (mac_ready (&h))
    return 1000;
  gcry_mac_write (h, "abc", 3);
  out_lo = out + REAL - len;
  rc = gcry_err_code (gcry_mac_read (h, out_lo, &got));
  gcry_mac_close (h);
  if (!guards_intact () || got > (size_t) len)
    return 2000;
  return rc;
}

static int
c_verify_len (int len)
{
  gcry_mac_hd_t h;
  int rc;

  if (mac_ready (&h))
    return 1000;
  gcry_mac_write (h, "abc", 3);
  rc = gcry_err_code (gcry_mac_verify (h, key_bytes, (size_t) len));
  gcry_mac_close (h);
  return rc;
}

static int
c_write_null (int unused)
{
  gcry_mac_hd_t h;
  int rc;

  (void) unused;
  if (mac_ready (&h))
    return 1000;
  rc = gcry_err_code (gcry_mac_write (h, NULL, 0));
  gcry_mac_close (h);
  return rc;
}

static int
c_write_after_read (int unused)
{
  unsigned char tag[64];
  size_t taglen = sizeof tag;
  gcry_mac_hd_t h;
  int rc;

  (void) unused;
  if (mac_ready (&h))
    return 1000;
  gcry_mac_read (h, tag, &taglen);
  rc = gcry_err_code (gcry_mac_write (h, "abc", 3));
  gcry_mac_close (h);
  return rc;
}

static int
c_ctl_bad (int cmd)
{
  gcry_mac_hd_t h;
  int rc;

  if (mac_ready (&h))
    return 1000;
  rc = gcry_err_code (gcry_mac_ctl (h, cmd, NULL, 0));
  gcry_mac_close (h);
  return rc;
}

typedef struct
{
  const char *name;
  int (*run) (int arg);
  int arg;
  int want[NFAM];
} mac_case_t;

/* BEGIN MAC TABLE */
static const mac_case_t mac_cases[] =
  {
    { "setkey len 0", c_setkey_len, 0, { 0, 44, 44, 44, 0 } },
    { "setkey len 1", c_setkey_len, 1, { 0, 44, 44, 44, 0 } },
    { "setkey len 33", c_setkey_len, 33, { 0, 44, 44, 44, 0 } },
    { "setiv len 0", c_setiv_len, 0, { 45, 45, 139, 45, 0 } },
    { "setiv len 1", c_setiv_len, 1, { 45, 45, 0, 45, 0 } },
    { "setiv len 17", c_setiv_len, 17, { 45, 45, 0, 45, 0 } },
    { "read 0 bytes", c_read_len, 0, { 45, 45, 45, 45, 0 } },
    { "read 1 byte", c_read_len, 1, { 0, 0, 139, 0, 0 } },
    { "read 4 bytes", c_read_len, 4, { 0, 0, 0, 0, 0 } },
    { "read 200 bytes", c_read_len, 200, { 0, 0, 0, 0, 0 } },
    { "verify wrong 16", c_verify_len, 16, { 10, 10, 10, 10, 0 } },
    { "verify 0", c_verify_len, 0, { 45, 45, 45, 45, 0 } },
    { "verify 65", c_verify_len, 65, { 139, 45, 10, 139, 0 } },
    { "write NULL 0", c_write_null, 0, { 0, 45, 0, 0, 0 } },
    { "write after read", c_write_after_read, 0, { 156, 156, 156, 156, 0 } },
    { "ctl cmd 9999", c_ctl_bad, 9999, { 61, 61, 61, 61, 0 } },
  };
/* END MAC TABLE */

/* The table's answer for the family of ALGO, except where a CMAC's
   cipher changes it (as upstream 1.10.1 and 1.12.2 answer): a CMAC over
   an 8-byte block cipher has an 8-byte tag, so verifying 16 bytes is
   GPG_ERR_INV_ARG, not a mismatch; Blowfish takes keys of 1 to 72
   bytes.  */
static int
mac_want (const mac_case_t *c, int algo)
{
  if (mac_family (algo) == F_CMAC && c->run == c_verify_len && c->arg == 16
      && gcry_mac_get_algo_maclen (algo) == 8)
    return GPG_ERR_INV_ARG;
  if (algo == GCRY_MAC_CMAC_BLOWFISH && c->run == c_setkey_len
      && c->arg >= 1 && c->arg <= 72)
    return 0;
  return c->want[mac_family (algo)];
}

static void
mac_table (void)
{
  size_t i;
  int algo, rc, navail = 0;

  for (algo = 1; algo <= 1000; algo++)
    {
      if (gcry_mac_test_algo (algo))
        continue;
      navail++;
      cur_algo = algo;
      for (i = 0; i < DIM (mac_cases); i++)
        {
          const mac_case_t *c = &mac_cases[i];

          if (print_table)
            {
              printf ("  mac %d %s: %d\n", algo, c->name,
                      isolated_int (c->run, c->arg));
              continue;
            }
          rc = c->run (c->arg);
          t_check (rc == mac_want (c, algo), "mac %s: %s: %d, want %d",
                   gcry_mac_algo_name (algo), c->name, rc,
                   mac_want (c, algo));
        }
    }
  if (!print_table)
    t_check (navail >= 5, "mac registry has %d MACs", navail);
}

int
main (int argc, char **argv)
{
  int i;

  i = t_init ("t-hostile", argc, argv);
  if (i < argc && !strcmp (argv[i], "--print-table"))
    print_table = 1;
  if (!gcry_check_version (NULL))
    return 2;
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  if (t_guard_map (&g_in, REAL) || t_guard_map (&g_out, REAL))
    {
      t_skip ("cannot map guard pages");
      return 77;
    }
  cipher_table ();
  global_table ();
  md_table ();
  mac_table ();
  t_guard_unmap (&g_in);
  t_guard_unmap (&g_out);
  return print_table ? 0 : t_finish ();
}
