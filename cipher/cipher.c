/* cipher.c - the gcry_cipher API: handles, the algorithm registry and
 * the mode table.
 *
 * The semantics are upstream libgcrypt's (its manual is the contract;
 * error codes where the manual is silent were observed on upstream):
 * the order in which open checks algorithm, flags and mode, the IV
 * rules, what is wiped and when.  One deliberate difference: upstream
 * 1.9+ fixes the CBC ciphertext-stealing choice at open, so
 * gcry_cipher_cts() after open has no effect there although its manual
 * says it enables or disables CTS for the following calls; here the
 * flag is read at each call, as documented.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <string.h>

#include "cipher-internal.h"
#include "cipher-api.h"


/* The algorithm registry: one entry per algorithm, any order.  A new
   algorithm is its spec file plus one line here.  */
static const gcry_cipher_spec_t *const cipher_list[] =
  {
    &_gcry_cipher_spec_aes,
    &_gcry_cipher_spec_aes192,
    &_gcry_cipher_spec_aes256,
    &_gcry_cipher_spec_des,
    &_gcry_cipher_spec_tripledes,
    &_gcry_cipher_spec_cast5,
    &_gcry_cipher_spec_blowfish,
    &_gcry_cipher_spec_idea,
    &_gcry_cipher_spec_twofish,
    &_gcry_cipher_spec_twofish128,
    &_gcry_cipher_spec_camellia128,
    &_gcry_cipher_spec_camellia192,
    &_gcry_cipher_spec_camellia256,
    &_gcry_cipher_spec_salsa20.spec,
    &_gcry_cipher_spec_salsa20r12.spec,
    &_gcry_cipher_spec_chacha20.spec,
  };

/* Algorithms switched off with gcry_cipher_ctl (NULL,
   GCRYCTL_DISABLE_ALGO, ...): indexed like CIPHER_LIST.  Like upstream,
   meant to be set before threads use the library.  */
static unsigned char cipher_disabled[DIM (cipher_list)];

/* The modes: one entry per implemented mode; a mode not listed is
   answered with GPG_ERR_INV_CIPHER_MODE at open, as upstream does for
   modes it does not know.  */
static const cipher_mode_spec_t *const mode_list[] =
  {
    &_gcry_cipher_mode_ecb,
    &_gcry_cipher_mode_cbc,
    &_gcry_cipher_mode_cfb,
    &_gcry_cipher_mode_cfb8,
    &_gcry_cipher_mode_ofb,
    &_gcry_cipher_mode_ctr,
    &_gcry_cipher_mode_xctr,
    &_gcry_cipher_mode_xts,
    &_gcry_cipher_mode_aeswrap,
    &_gcry_cipher_mode_gcm,
    &_gcry_cipher_mode_gcm_siv,
    &_gcry_cipher_mode_ocb,
    &_gcry_cipher_mode_hctr2,
    &_gcry_cipher_mode_ccm,
    &_gcry_cipher_mode_eax,
    &_gcry_cipher_mode_siv,
    &_gcry_cipher_mode_stream,
    &_gcry_cipher_mode_poly1305,
  };


/* ASCII-only case-insensitive equality: names are ASCII, and the C
   library's version follows the locale (a Turkish locale does not fold
   "I" to "i").  */
static int
ascii_casecmp (const char *a, const char *b)
{
  unsigned char ca, cb;

  do
    {
      ca = (unsigned char) *a++;
      cb = (unsigned char) *b++;
      if (ca >= 'A' && ca <= 'Z')
        ca += 'a' - 'A';
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
    }
  while (ca && ca == cb);
  return ca - cb;
}

static int
spec_index (int algo)
{
  size_t i;

  for (i = 0; i < DIM (cipher_list); i++)
    if (cipher_list[i]->algo == algo)
      return (int) i;
  return -1;
}

static const gcry_cipher_spec_t *
spec_from_algo (int algo)
{
  int i = spec_index (algo);

  return i < 0 ? NULL : cipher_list[i];
}

static const cipher_mode_spec_t *
mode_from_id (int mode)
{
  size_t i;

  for (i = 0; i < DIM (mode_list); i++)
    if (mode_list[i]->mode == mode)
      return mode_list[i];
  return NULL;
}

/* The spec and OID entry for OID ("oid." or "OID." prefix allowed, as
   upstream; the prefix is case-sensitive there, the OID digits are
   compared as strings).  */
static const gcry_cipher_spec_t *
spec_from_oid (const char *oid, const gcry_cipher_oid_spec_t **r_oid)
{
  size_t i;
  const gcry_cipher_oid_spec_t *o;

  if (!strncmp (oid, "oid.", 4) || !strncmp (oid, "OID.", 4))
    oid += 4;
  for (i = 0; i < DIM (cipher_list); i++)
    for (o = cipher_list[i]->oids; o && o->oid; o++)
      if (!ascii_casecmp (oid, o->oid))
        {
          if (r_oid)
            *r_oid = o;
          return cipher_list[i];
        }
  return NULL;
}

static const gcry_cipher_spec_t *
spec_from_name (const char *name)
{
  size_t i;
  const char *const *alias;

  for (i = 0; i < DIM (cipher_list); i++)
    {
      if (!ascii_casecmp (name, cipher_list[i]->name))
        return cipher_list[i];
      for (alias = cipher_list[i]->aliases; alias && *alias; alias++)
        if (!ascii_casecmp (name, *alias))
          return cipher_list[i];
    }
  return NULL;
}

int
_gcry_cipher_map_name (const char *name)
{
  const gcry_cipher_spec_t *spec;

  if (!name)
    return 0;
  spec = spec_from_oid (name, NULL);
  if (!spec)
    spec = spec_from_name (name);
  return spec ? spec->algo : 0;
}

int
_gcry_cipher_mode_from_oid (const char *string)
{
  const gcry_cipher_oid_spec_t *oid = NULL;

  if (!string || !spec_from_oid (string, &oid))
    return 0;
  return oid->mode;
}

const char *
_gcry_cipher_algo_name (int algo)
{
  const gcry_cipher_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->name : "?";
}

/* 0 if ALGO exists and is not disabled.  */
static gcry_err_code_t
check_algo (int algo)
{
  int i = spec_index (algo);

  if (i < 0 || cipher_disabled[i])
    return GPG_ERR_CIPHER_ALGO;
  return 0;
}


/*
 * Handles.
 */

/* Whether MODE_SPEC works with the algorithm of SPEC, upstream's
   pairing: a block mode needs a block cipher (of the mode's block size
   if it has one), a stream mode a stream cipher, POLY1305 ChaCha20.  */
static int
mode_fits_algo (const cipher_mode_spec_t *mode_spec,
                const gcry_cipher_spec_t *spec)
{
  if (mode_spec->only_algo && mode_spec->only_algo != spec->algo)
    return 0;
  if (mode_spec->stream)
    return cipher_stream_ops (spec) != NULL;
  return spec->encrypt && spec->decrypt
         && (!mode_spec->blocksize || mode_spec->blocksize == spec->blocksize);
}

gcry_err_code_t
_gcry_cipher_open (gcry_cipher_hd_t *handle, int algo, int mode,
                   unsigned int flags)
{
  const gcry_cipher_spec_t *spec;
  const cipher_mode_spec_t *mode_spec;
  gcry_cipher_hd_t h;
  size_t size;
  void *mem;
  int secure = !!(flags & GCRY_CIPHER_SECURE);

  *handle = NULL;

  /* Upstream's order: algorithm, then flags (whose errors it also
     reports as a bad algorithm), then mode.  */
  if (check_algo (algo))
    return GPG_ERR_CIPHER_ALGO;
  spec = spec_from_algo (algo);

  if ((flags & ~(GCRY_CIPHER_SECURE | GCRY_CIPHER_ENABLE_SYNC
                 | GCRY_CIPHER_CBC_CTS | GCRY_CIPHER_CBC_MAC
                 | GCRY_CIPHER_EXTENDED))
      || ((flags & GCRY_CIPHER_CBC_CTS) && (flags & GCRY_CIPHER_CBC_MAC)))
    return GPG_ERR_CIPHER_ALGO;

  mode_spec = mode_from_id (mode);
  if (!mode_spec || !mode_fits_algo (mode_spec, spec))
    return GPG_ERR_INV_CIPHER_MODE;

  /* Room to move the handle up to the context alignment.  */
  size = sizeof (*h) + cipher_ctx_bytes (spec, mode_spec)
         + CIPHER_CONTEXT_ALIGN - 1;
  mem = secure ? _gcry_calloc_secure (1, size) : _gcry_calloc (1, size);
  if (!mem)
    return gpg_err_code_from_syserror ();

  h = (void *) (((uintptr_t) mem + CIPHER_CONTEXT_ALIGN - 1)
                & ~(uintptr_t) (CIPHER_CONTEXT_ALIGN - 1));
  h->magic = secure ? CIPHER_HANDLE_MAGIC_SECURE : CIPHER_HANDLE_MAGIC_NORMAL;
  h->alloc_base = mem;
  h->alloc_size = size;
  h->spec = spec;
  h->mode_spec = mode_spec;
  h->algo = algo;
  h->mode = mode;
  h->flags = flags;
  if (mode_spec->reset)
    mode_spec->reset (h);

  *handle = h;
  return 0;
}

static int
handle_is_valid (gcry_cipher_hd_t h)
{
  return h && (h->magic == CIPHER_HANDLE_MAGIC_NORMAL
               || h->magic == CIPHER_HANDLE_MAGIC_SECURE);
}

void
_gcry_cipher_close (gcry_cipher_hd_t h)
{
  void *mem;

  if (!h)
    return;
  if (!handle_is_valid (h))
    _gcry_fatal_error (GPG_ERR_INTERNAL,
                       "gcry_cipher_close: already closed/invalid handle");

  /* Wipe everything, key schedule included, even from secure memory:
     the application may have replaced the allocator with one that does
     not wipe.  */
  mem = h->alloc_base;
  wipememory (mem, h->alloc_size);
  _gcry_free (mem);
}

/* Key the algorithm context, or both contexts of a two-key mode (XTS):
   KEY is then two keys of equal length, concatenated, and an odd length
   is GPG_ERR_INV_KEYLEN (as upstream).  Equal halves are accepted, as
   upstream does outside FIPS mode.  The second key gets the kernel of
   the first (same CPU, same key length), so its bulk functions are not
   kept.  A weak-key answer from either is passed on.  */
static gcry_err_code_t
setkey_contexts (gcry_cipher_hd_t c, const byte *key, size_t keylen)
{
  cipher_bulk_ops_t bulk2;
  gcry_err_code_t rc, rc2;

  if (c->mode_spec->ncontexts != 2)
    return c->spec->setkey (cipher_ctx (c), key, keylen, &c->bulk);

  if (keylen % 2)
    return GPG_ERR_INV_KEYLEN;
  keylen /= 2;
  rc = c->spec->setkey (cipher_ctx (c), key, keylen, &c->bulk);
  if (rc && rc != GPG_ERR_WEAK_KEY)
    return rc;
  memset (&bulk2, 0, sizeof bulk2);
  rc2 = c->spec->setkey (cipher_ctx2 (c), key + keylen, keylen, &bulk2);
  wipememory (&bulk2, sizeof bulk2);
  return rc2 ? rc2 : rc;
}

gcry_err_code_t
_gcry_cipher_setkey (gcry_cipher_hd_t c, const void *key, size_t keylen)
{
  gcry_err_code_t rc;

  wipememory (cipher_ctx (c), cipher_ctx_bytes (c->spec, c->mode_spec));
  memset (&c->bulk, 0, sizeof c->bulk);
  c->marks.key = 0;

  if (!key && keylen)
    return GPG_ERR_INV_ARG;

  rc = setkey_contexts (c, key, keylen);
  if (!rc || (rc == GPG_ERR_WEAK_KEY && c->marks.allow_weak_key))
    {
      gcry_err_code_t rc_mode = 0;

      c->marks.key = 1;   /* A weak key still reports GPG_ERR_WEAK_KEY.  */
      if (c->mode_spec->setkey_done)
        rc_mode = c->mode_spec->setkey_done (c, key, keylen);
      if (rc_mode)
        {
          c->marks.key = 0;
          rc = rc_mode;
        }
    }
  if (!c->marks.key)
    {
      /* Leave no partial key schedule behind.  */
      wipememory (cipher_ctx (c), cipher_ctx_bytes (c->spec, c->mode_spec));
      memset (&c->bulk, 0, sizeof c->bulk);
    }
  return rc;
}

/* The generic IV rule (upstream's): the IV is zero-padded or truncated
   to the block size, with a warning if its length is not the block
   size; NULL clears it.  Any unused keystream is dropped.  */
static __attribute__ ((noinline)) void
generic_setiv (gcry_cipher_hd_t c, const byte *iv, size_t ivlen)
{
  size_t blocksize = c->spec->blocksize;

  memset (c->iv, 0, sizeof c->iv);
  if (iv)
    {
      if (ivlen != blocksize)
        _gcry_log_info ("WARNING: cipher_setiv: ivlen=%u blklen=%u\n",
                        (unsigned int) ivlen, (unsigned int) blocksize);
      memcpy (c->iv, iv, ivlen < blocksize ? ivlen : blocksize);
      c->marks.iv = 1;
    }
  else
    c->marks.iv = 0;
  c->unused = 0;
}

gcry_err_code_t
_gcry_cipher_setiv (gcry_cipher_hd_t c, const void *iv, size_t ivlen)
{
  if (c->mode_spec->setiv)
    return c->mode_spec->setiv (c, iv, ivlen);
  /* The usual call, a whole 16-byte IV, is one fixed-size copy here;
     the general rule is kept out of line so that it costs this path
     no saved registers.  */
  if (LIKELY (iv && ivlen == 16 && c->spec->blocksize == 16))
    {
      memcpy (c->iv, iv, 16);
      c->marks.iv = 1;
      c->unused = 0;
      return 0;
    }
  generic_setiv (c, iv, ivlen);
  return 0;
}

/* Upstream: (CTR, blocksize) sets the counter, (NULL or anything, 0) and
   (NULL, anything) clear it; both drop unused keystream.  The counter
   is that of CTR mode whatever the handle's mode.  */
gcry_err_code_t
_gcry_cipher_setctr (gcry_cipher_hd_t c, const void *ctr, size_t ctrlen)
{
  size_t blocksize = c->spec->blocksize;

  /* The usual call, a whole 16-byte counter: a fixed-size copy (one
     16-byte store, which the kernel's 16-byte load of it forwards).  */
  if (LIKELY (ctr && ctrlen == 16 && blocksize == 16))
    {
      memcpy (c->ctr, ctr, 16);
      c->unused = 0;
      return 0;
    }
  if (ctr && ctrlen == blocksize)
    memcpy (c->ctr, ctr, blocksize);
  else if (!ctr || !ctrlen)
    memset (c->ctr, 0, sizeof c->ctr);
  else
    return GPG_ERR_INV_ARG;
  c->unused = 0;
  return 0;
}

/* Back to the state right after setkey: the key (and its weak-key
   permission) stays, everything else is cleared.  */
static void
cipher_reset (gcry_cipher_hd_t c)
{
  unsigned int key = c->marks.key;
  unsigned int allow_weak_key = c->marks.allow_weak_key;

  memset (&c->marks, 0, sizeof c->marks);
  c->marks.key = key;
  c->marks.allow_weak_key = allow_weak_key;
  /* Inline stores: four calls into wipememory cost more than the
     clearing itself, and applications reset per message.  */
  cipher_wipe (c->iv, sizeof c->iv);
  cipher_wipe (c->lastiv, sizeof c->lastiv);
  cipher_wipe (c->ctr, sizeof c->ctr);
  cipher_wipe (c->keystream, sizeof c->keystream);
  c->unused = 0;
  if (c->mode_spec->reset)
    c->mode_spec->reset (c);
}

/* OpenPGP's CFB resynchronisation: with GCRY_CIPHER_ENABLE_SYNC and a
   partly used block, the register becomes the last BLOCKSIZE bytes of
   ciphertext (end of the previous register, then the bytes of the
   current block so far).  */
static void
cipher_sync (gcry_cipher_hd_t c)
{
  size_t blocksize = c->spec->blocksize;
  size_t unused = c->unused;

  if (!(c->flags & GCRY_CIPHER_ENABLE_SYNC) || !unused)
    return;
  memmove (c->iv + unused, c->iv, blocksize - unused);
  memcpy (c->iv, c->lastiv + blocksize - unused, unused);
  c->unused = 0;
}

gcry_err_code_t
_gcry_cipher_encrypt (gcry_cipher_hd_t c, void *out, size_t outsize,
                      const void *in, size_t inlen)
{
  gcry_err_code_t rc;

  if (!in)                      /* In place: INLEN is ignored.  */
    {
      in = out;
      inlen = outsize;
    }
  if (UNLIKELY (!c->marks.key))
    {
      _gcry_log_error ("cipher_encrypt: key not set\n");
      return GPG_ERR_MISSING_KEY;
    }
  rc = c->mode_spec->encrypt (c, out, outsize, in, inlen);
  /* As upstream: on failure OUT never holds plaintext.  No mode writes
     more than INLEN bytes before failing, and an OUTSIZE beyond INLEN
     may be a lie (SIZE_MAX), which made upstream crash here.  */
  if (UNLIKELY (rc) && out)
    memset (out, 0x42, outsize < inlen ? outsize : inlen);
  return rc;
}

gcry_err_code_t
_gcry_cipher_decrypt (gcry_cipher_hd_t c, void *out, size_t outsize,
                      const void *in, size_t inlen)
{
  if (!in)
    {
      in = out;
      inlen = outsize;
    }
  if (UNLIKELY (!c->marks.key))
    {
      _gcry_log_error ("cipher_decrypt: key not set\n");
      return GPG_ERR_MISSING_KEY;
    }
  return c->mode_spec->decrypt (c, out, outsize, in, inlen);
}

/* The AEAD entry points: the mode's operation, or upstream's answer
   for a mode without a tag (logged, GPG_ERR_INV_CIPHER_MODE).  A NULL
   buffer is refused unless its length is 0.  */
gcry_err_code_t
_gcry_cipher_authenticate (gcry_cipher_hd_t c, const void *abuf,
                           size_t abuflen)
{
  if (!c->mode_spec->authenticate)
    {
      _gcry_log_error ("gcry_cipher_authenticate: invalid mode %d\n",
                       c->mode);
      return GPG_ERR_INV_CIPHER_MODE;
    }
  if (!abuf && abuflen)
    return GPG_ERR_INV_ARG;
  return c->mode_spec->authenticate (c, abuf, abuflen);
}

gcry_err_code_t
_gcry_cipher_gettag (gcry_cipher_hd_t c, void *outtag, size_t taglen)
{
  if (!c->mode_spec->get_tag)
    {
      _gcry_log_error ("gcry_cipher_gettag: invalid mode %d\n", c->mode);
      return GPG_ERR_INV_CIPHER_MODE;
    }
  if (!outtag && taglen)
    return GPG_ERR_INV_ARG;
  return c->mode_spec->get_tag (c, outtag, taglen);
}

gcry_err_code_t
_gcry_cipher_checktag (gcry_cipher_hd_t c, const void *intag, size_t taglen)
{
  if (!c->mode_spec->check_tag)
    {
      _gcry_log_error ("gcry_cipher_checktag: invalid mode %d\n", c->mode);
      return GPG_ERR_INV_CIPHER_MODE;
    }
  if (!intag && taglen)
    return GPG_ERR_INV_ARG;
  return c->mode_spec->check_tag (c, intag, taglen);
}

gcry_err_code_t
_gcry_cipher_ctl (gcry_cipher_hd_t h, int cmd, void *buffer, size_t buflen)
{
  if (cmd == GCRYCTL_DISABLE_ALGO)
    {
      /* The one command without a handle: BUFFER holds the algo.  */
      int i;

      if (h || !buffer || buflen != sizeof (int))
        return GPG_ERR_CIPHER_ALGO;
      i = spec_index (*(int *) buffer);
      if (i >= 0)
        cipher_disabled[i] = 1;
      return 0;
    }

  if (!h)
    return GPG_ERR_INV_ARG;

  switch (cmd)
    {
    case GCRYCTL_RESET:
      cipher_reset (h);
      return 0;

    case GCRYCTL_FINALIZE:
      if (buffer || buflen)
        return GPG_ERR_INV_ARG;
      h->marks.finalize = 1;
      return 0;

    case GCRYCTL_CFB_SYNC:
      cipher_sync (h);
      return 0;

    case GCRYCTL_SET_CBC_CTS:
      if (!buflen)
        h->flags &= ~GCRY_CIPHER_CBC_CTS;
      else if (h->flags & GCRY_CIPHER_CBC_MAC)
        return GPG_ERR_INV_FLAG;
      else
        h->flags |= GCRY_CIPHER_CBC_CTS;
      return 0;

    case GCRYCTL_SET_CBC_MAC:
      if (!buflen)
        h->flags &= ~GCRY_CIPHER_CBC_MAC;
      else if (h->flags & GCRY_CIPHER_CBC_CTS)
        return GPG_ERR_INV_FLAG;
      else
        h->flags |= GCRY_CIPHER_CBC_MAC;
      return 0;

    case GCRYCTL_SET_ALLOW_WEAK_KEY:
      /* BUFFER must be NULL, BUFLEN the on/off flag.  */
      if (buffer || buflen > 1)
        return GPG_ERR_CIPHER_ALGO;
      h->marks.allow_weak_key = buflen ? 1 : 0;
      return 0;

    case GCRYCTL_SET_SBOX:
      /* Only GOST 28147 has selectable S-boxes.  */
      return GPG_ERR_NOT_SUPPORTED;

    /* The AEAD commands, answered for the modes present as upstream
       answers them for a mode without a tag.  The AEAD modes take them
       over when they arrive.  */
    case GCRYCTL_SET_TAGLEN:
      if (!buffer || buflen != sizeof (int))
        return GPG_ERR_INV_ARG;
      if (h->mode_spec->set_taglen)
        return h->mode_spec->set_taglen (h, *(int *) buffer);
      return GPG_ERR_INV_CIPHER_MODE;

    case GCRYCTL_SET_CCM_LENGTHS:
      {
        /* Payload, AAD and tag lengths, in upstream's order.  */
        u64 lengths[3];

        if (h->mode != GCRY_CIPHER_MODE_CCM)
          return GPG_ERR_INV_CIPHER_MODE;
        if (!buffer || buflen != sizeof lengths)
          return GPG_ERR_INV_ARG;
        memcpy (lengths, buffer, sizeof lengths);
        return _gcry_cipher_ccm_set_lengths (h, lengths[0], lengths[1],
                                             lengths[2]);
      }

    case GCRYCTL_SET_DECRYPTION_TAG:
      if (!buffer)
        return GPG_ERR_INV_ARG;
      if (h->mode_spec->set_decryption_tag)
        return h->mode_spec->set_decryption_tag (h, buffer, buflen);
      return GPG_ERR_INV_CIPHER_MODE;

    default:
      return GPG_ERR_INV_OP;
    }
}

gcry_err_code_t
_gcry_cipher_info (gcry_cipher_hd_t h, int what, void *buffer,
                   size_t *nbytes)
{
  switch (what)
    {
    case GCRYCTL_GET_TAGLEN:
      if (!h || buffer || !nbytes)
        return GPG_ERR_INV_ARG;
      if (h->mode_spec->get_taglen)
        return h->mode_spec->get_taglen (h, nbytes);
      return GPG_ERR_INV_CIPHER_MODE;

    case GCRYCTL_GET_KEYLEN:
      if (!h || !buffer || !nbytes)
        return GPG_ERR_INV_ARG;
      if (h->mode == GCRY_CIPHER_MODE_AESWRAP)
        {
          /* The length the last unwrap found, 4 bytes big-endian.  As
             upstream, *NBYTES is output only (its own tests pass it
             uninitialised).  */
          memcpy (buffer, h->u_mode.wrap.plen, 4);
          *nbytes = 4;
          return 0;
        }
      return GPG_ERR_INV_CIPHER_MODE;   /* Only AES-WRAP answers it.  */

    default:
      return GPG_ERR_INV_OP;
    }
}

gcry_err_code_t
_gcry_cipher_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  const gcry_cipher_spec_t *spec;

  switch (what)
    {
    case GCRYCTL_GET_KEYLEN:
      if (buffer || !nbytes)
        return GPG_ERR_CIPHER_ALGO;
      spec = spec_from_algo (algo);
      if (!spec)
        return GPG_ERR_CIPHER_ALGO;
      *nbytes = spec->keylen / 8;
      return 0;

    case GCRYCTL_GET_BLKLEN:
      if (buffer || !nbytes)
        return GPG_ERR_CIPHER_ALGO;
      spec = spec_from_algo (algo);
      if (!spec)
        return GPG_ERR_CIPHER_ALGO;
      *nbytes = spec->blocksize;
      return 0;

    case GCRYCTL_TEST_ALGO:
      if (buffer || nbytes)
        return GPG_ERR_INV_ARG;
      return check_algo (algo);

    default:
      return GPG_ERR_INV_OP;
    }
}

size_t
_gcry_cipher_get_algo_keylen (int algo)
{
  size_t n;

  return _gcry_cipher_algo_info (algo, GCRYCTL_GET_KEYLEN, NULL, &n) ? 0 : n;
}

size_t
_gcry_cipher_get_algo_blklen (int algo)
{
  size_t n;

  return _gcry_cipher_algo_info (algo, GCRYCTL_GET_BLKLEN, NULL, &n) ? 0 : n;
}


/*
 * The generic engine of the mode files.
 */

void
_gcry_cipher_ecb_blocks (gcry_cipher_hd_t c, byte *out, const byte *in,
                         size_t nblocks, int encrypt)
{
  size_t blocksize;
  void (*fn) (void *, byte *, const byte *);

  if (c->bulk.ecb_crypt)
    {
      c->bulk.ecb_crypt (cipher_ctx (c), out, in, nblocks, encrypt);
      return;
    }
  blocksize = c->spec->blocksize;
  fn = encrypt ? c->spec->encrypt : c->spec->decrypt;
  for (; nblocks; nblocks--, in += blocksize, out += blocksize)
    fn (cipher_ctx (c), out, in);
}
