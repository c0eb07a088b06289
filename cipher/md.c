/* md.c - the gcry_md API: digest handles, HMAC, and the digest registry.
 *
 * A handle is one allocation: the public struct gcry_md_handle (its
 * ctx, bufpos, bufsize and an inline buffer of BUFSIZE bytes that the
 * gcry_md_putc macro fills directly), then our private context.  Each
 * enabled algorithm is an entry holding one context (unkeyed or keyed
 * use) or three (HMAC: running, after the inner pad, after the outer
 * pad, so that reset and final need no key).  Entries are kept newest
 * first, which is the algorithm upstream answers for gcry_md_read (h, 0)
 * and gcry_md_get_algo on a handle with several.
 *
 * Where upstream aborts the process (reading an algorithm that is not
 * enabled, a NULL handle) we log and return NULL or an error instead;
 * everything else answers with upstream's codes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "md-internal.h"
#include "md-api.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>


/*
 * The registry: one line per digest.  Ids upstream declares but nobody
 * implements (MD2, HAVAL, ...) are simply absent, which gives upstream's
 * GPG_ERR_DIGEST_ALGO for them.
 */
static const gcry_md_spec_t *const digest_list[] =
  {
    &_gcry_digest_spec_sha1,
    &_gcry_digest_spec_sha224,
    &_gcry_digest_spec_sha256,
    &_gcry_digest_spec_sha384,
    &_gcry_digest_spec_sha512,
    &_gcry_digest_spec_sha512_224,
    &_gcry_digest_spec_sha512_256,
    &_gcry_digest_spec_md5,
    &_gcry_digest_spec_md4,
    &_gcry_digest_spec_rmd160,
    &_gcry_digest_spec_crc32,
    &_gcry_digest_spec_crc32_rfc1510,
    &_gcry_digest_spec_crc24_rfc2440,
    &_gcry_digest_spec_sha3_224,
    &_gcry_digest_spec_sha3_256,
    &_gcry_digest_spec_sha3_384,
    &_gcry_digest_spec_sha3_512,
    &_gcry_digest_spec_shake128,
    &_gcry_digest_spec_shake256,
    &_gcry_digest_spec_cshake128,
    &_gcry_digest_spec_cshake256,
    &_gcry_digest_spec_blake2b_512,
    &_gcry_digest_spec_blake2b_384,
    &_gcry_digest_spec_blake2b_256,
    &_gcry_digest_spec_blake2b_160,
    &_gcry_digest_spec_blake2s_256,
    &_gcry_digest_spec_blake2s_224,
    &_gcry_digest_spec_blake2s_160,
    &_gcry_digest_spec_blake2s_128,
    &_gcry_digest_spec_gostr3411_94,
    &_gcry_digest_spec_gostr3411_cp,
    &_gcry_digest_spec_stribog256,
    &_gcry_digest_spec_stribog512,
    &_gcry_digest_spec_sm3,
    &_gcry_digest_spec_whirlpool,
    &_gcry_digest_spec_tiger,
    &_gcry_digest_spec_tiger1,
    &_gcry_digest_spec_tiger2,
    NULL
  };


/* Size of the putc buffer inside the handle (upstream's sizes, which
   programs can observe through bufsize; secure memory is scarcer).  */
#define MD_BUFSIZE_NORMAL 1024
#define MD_BUFSIZE_SECURE 512

/* Contexts sit at multiples of this, enough for any vector kernel's
   aligned loads of state.  */
#define MD_ALIGN 16
#define MD_ROUND_UP(n) (((n) + MD_ALIGN - 1) / MD_ALIGN * MD_ALIGN)

/* Contexts of at most this size are kept on the stack by the one-shot
   functions.  */
#define MD_STACK_CONTEXT 1024

/* HMAC context slots of an entry.  */
enum { SLOT_RUN = 0, SLOT_INNER = 1, SLOT_OUTER = 2 };

typedef struct md_entry
{
  struct md_entry *next;
  const gcry_md_spec_t *spec;
  size_t alloc_size;    /* Whole entry, for wiping.  */
  size_t slot_size;     /* One context, rounded up to MD_ALIGN.  */
} md_entry_t;

#define ENTRY_HEADER MD_ROUND_UP (sizeof (md_entry_t))
#define ENTRY_SLOT(e, i) \
  ((void *) ((char *) (e) + ENTRY_HEADER + (size_t) (i) * (e)->slot_size))

struct gcry_md_context
{
  size_t handle_size;           /* Whole handle allocation, for wiping.  */
  unsigned int secure:1;
  unsigned int hmac:1;
  unsigned int bugemu1:1;
  unsigned int finalized:1;
  FILE *debug;                  /* gcry_md_debug output, or NULL.  */
  md_entry_t *list;             /* Enabled algorithms, newest first.  */
};


/*
 * Registry look-ups.
 */

const gcry_md_spec_t *
_gcry_md_spec_from_algo (int algo)
{
  int i;

  for (i = 0; digest_list[i]; i++)
    if (digest_list[i]->algo == algo)
      return digest_list[i];
  return NULL;
}

/* ASCII case-insensitive equality, independent of the locale.  */
static int
name_equal (const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    {
      int ca = (*a >= 'A' && *a <= 'Z') ? *a + 32 : *a;
      int cb = (*b >= 'A' && *b <= 'Z') ? *b + 32 : *b;
      if (ca != cb)
        return 0;
    }
  return *a == *b;
}

static int
in_list (const char *const *list, const char *name)
{
  if (!list)
    return 0;
  for (; *list; list++)
    if (name_equal (*list, name))
      return 1;
  return 0;
}

int
_gcry_md_map_name (const char *name)
{
  const char *oid;
  int i;

  if (!name)
    return 0;

  /* OIDs first, optionally prefixed "oid." or "OID." (exactly those two
     spellings, as upstream).  */
  oid = name;
  if (!strncmp (oid, "oid.", 4) || !strncmp (oid, "OID.", 4))
    oid += 4;
  for (i = 0; digest_list[i]; i++)
    if (in_list (digest_list[i]->oids, oid))
      return digest_list[i]->algo;

  for (i = 0; digest_list[i]; i++)
    if (name_equal (digest_list[i]->name, name)
        || in_list (digest_list[i]->aliases, name))
      return digest_list[i]->algo;

  return 0;
}

const char *
_gcry_md_algo_name (int algo)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);

  return spec ? spec->name : "?";
}

unsigned int
_gcry_md_get_algo_dlen (int algo)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);

  return spec ? spec->mdlen : 0;
}


/*
 * Debug dumps (gcry_md_debug, GCRYCTL_START_DUMP): everything hashed is
 * copied to ./dbgmd-NNNNN.SUFFIX, upstream's file name.
 */

static void
md_write (gcry_md_hd_t hd, const void *buffer, size_t length);

static void
md_start_debug (gcry_md_hd_t hd, const char *suffix)
{
  static int counter;
  char name[50];
  int idx;

  if (hd->ctx->debug)
    {
      _gcry_log_debug ("md debug: already started\n");
      return;
    }
  idx = __atomic_add_fetch (&counter, 1, __ATOMIC_RELAXED);
  snprintf (name, sizeof name, "dbgmd-%05d.%.10s", idx,
            suffix ? suffix : "unknown");
  hd->ctx->debug = fopen (name, "w");
  if (!hd->ctx->debug)
    _gcry_log_debug ("md debug: can't open %s\n", name);
}

static void
md_stop_debug (gcry_md_hd_t hd)
{
  if (!hd->ctx->debug)
    return;
  if (hd->bufpos)
    md_write (hd, NULL, 0);
  fclose (hd->ctx->debug);
  hd->ctx->debug = NULL;
}

void
_gcry_md_debug (gcry_md_hd_t hd, const char *suffix)
{
  if (suffix)
    md_start_debug (hd, suffix);
  else
    md_stop_debug (hd);
}


/*
 * HMAC (RFC 2104) over any digest with a fixed output: the entry keeps
 * the contexts after the inner and the outer padded key.
 */

static gcry_err_code_t
hmac_prepare (md_entry_t *e, unsigned int init_flags,
              const byte *key, size_t keylen)
{
  const gcry_md_spec_t *spec = e->spec;
  size_t blocksize = spec->hmac_blocksize;
  byte hashed_key[MD_MAX_DIGEST_LEN];
  byte pad[MD_MAX_HMAC_BLOCK];
  size_t i;

  if (keylen > blocksize)
    {
      /* Long keys are replaced by their digest.  */
      spec->init (ENTRY_SLOT (e, SLOT_RUN), init_flags);
      spec->write (ENTRY_SLOT (e, SLOT_RUN), key, keylen);
      spec->final (ENTRY_SLOT (e, SLOT_RUN));
      memcpy (hashed_key, spec->read (ENTRY_SLOT (e, SLOT_RUN)), spec->mdlen);
      key = hashed_key;
      keylen = spec->mdlen;
    }

  memset (pad, 0x36, blocksize);
  for (i = 0; i < keylen; i++)
    pad[i] ^= key[i];
  spec->init (ENTRY_SLOT (e, SLOT_INNER), init_flags);
  spec->write (ENTRY_SLOT (e, SLOT_INNER), pad, blocksize);

  /* 0x36 ^ 0x5c turns the inner pad into the outer one.  */
  for (i = 0; i < blocksize; i++)
    pad[i] ^= 0x36 ^ 0x5c;
  spec->init (ENTRY_SLOT (e, SLOT_OUTER), init_flags);
  spec->write (ENTRY_SLOT (e, SLOT_OUTER), pad, blocksize);

  memcpy (ENTRY_SLOT (e, SLOT_RUN), ENTRY_SLOT (e, SLOT_INNER), e->slot_size);

  wipememory (pad, sizeof pad);
  wipememory (hashed_key, sizeof hashed_key);
  return 0;
}

/* Turn the finished inner hash in the running slot into the HMAC.  */
static void
hmac_finish (md_entry_t *e)
{
  const gcry_md_spec_t *spec = e->spec;
  byte inner[MD_MAX_DIGEST_LEN];

  memcpy (inner, spec->read (ENTRY_SLOT (e, SLOT_RUN)), spec->mdlen);
  memcpy (ENTRY_SLOT (e, SLOT_RUN), ENTRY_SLOT (e, SLOT_OUTER), e->slot_size);
  spec->write (ENTRY_SLOT (e, SLOT_RUN), inner, spec->mdlen);
  spec->final (ENTRY_SLOT (e, SLOT_RUN));
  wipememory (inner, sizeof inner);
}


/*
 * Handles.
 */

static unsigned int
init_flags (gcry_md_hd_t hd)
{
  return hd->ctx->bugemu1 ? GCRY_MD_FLAG_BUGEMU1 : 0;
}

static void *
md_alloc (int secure, size_t n)
{
  return secure ? _gcry_malloc_secure (n) : _gcry_malloc (n);
}

static gcry_err_code_t
alloc_error (void)
{
  return gpg_err_code_from_errno (errno ? errno : ENOMEM);
}

gcry_err_code_t
_gcry_md_enable (gcry_md_hd_t hd, int algo)
{
  struct gcry_md_context *ctx;
  const gcry_md_spec_t *spec;
  md_entry_t *e;
  size_t slot_size, nslots, size;

  if (!hd)
    return GPG_ERR_INV_ARG;
  ctx = hd->ctx;

  for (e = ctx->list; e; e = e->next)
    if (e->spec->algo == algo)
      return 0;   /* Already enabled: not an error.  */

  spec = _gcry_md_spec_from_algo (algo);
  if (!spec)
    {
      _gcry_log_debug ("md_enable: algorithm %d not available\n", algo);
      return GPG_ERR_DIGEST_ALGO;
    }
  /* An XOF has no fixed digest to feed the outer hash.  */
  if (ctx->hmac && (!spec->read || !spec->hmac_blocksize))
    return GPG_ERR_DIGEST_ALGO;
  gcry_assert (spec->mdlen <= MD_MAX_DIGEST_LEN
               && spec->hmac_blocksize <= MD_MAX_HMAC_BLOCK);

  slot_size = MD_ROUND_UP (spec->contextsize);
  nslots = ctx->hmac ? 3 : 1;
  size = ENTRY_HEADER + nslots * slot_size;
  e = md_alloc (ctx->secure, size);
  if (!e)
    return alloc_error ();
  memset (e, 0, size);
  e->spec = spec;
  e->alloc_size = size;
  e->slot_size = slot_size;

  if (ctx->hmac)
    {
      /* Until gcry_md_setkey, the key is empty (upstream leaves the
         pads unset and produces garbage).  */
      hmac_prepare (e, init_flags (hd), (const byte *) "", 0);
    }
  else
    spec->init (ENTRY_SLOT (e, SLOT_RUN), init_flags (hd));

  /* Enabled after finalisation: finish it now (over no data), so that
     read never returns an unfinished context.  */
  if (ctx->finalized)
    {
      spec->final (ENTRY_SLOT (e, SLOT_RUN));
      if (ctx->hmac)
        hmac_finish (e);
    }

  e->next = ctx->list;
  ctx->list = e;
  return 0;
}

static void
free_entries (md_entry_t *e)
{
  md_entry_t *next;

  for (; e; e = next)
    {
      next = e->next;
      wipememory (e, e->alloc_size);
      _gcry_free (e);
    }
}

/* Allocate a handle without algorithms.  */
static gcry_err_code_t
md_new_handle (gcry_md_hd_t *r_hd, int secure)
{
  size_t bufsize = secure ? MD_BUFSIZE_SECURE : MD_BUFSIZE_NORMAL;
  size_t public_size, size;
  gcry_md_hd_t hd;

  public_size = MD_ROUND_UP (offsetof (struct gcry_md_handle, buf) + bufsize);
  size = public_size + sizeof (struct gcry_md_context);
  hd = md_alloc (secure, size);
  if (!hd)
    return alloc_error ();
  memset (hd, 0, size);
  hd->ctx = (struct gcry_md_context *) ((char *) hd + public_size);
  hd->bufpos = 0;
  hd->bufsize = (int) bufsize;
  hd->ctx->handle_size = size;
  hd->ctx->secure = !!secure;
  *r_hd = hd;
  return 0;
}

gcry_err_code_t
_gcry_md_open (gcry_md_hd_t *r_hd, int algo, unsigned int flags)
{
  gcry_md_hd_t hd;
  gcry_err_code_t rc;

  if (!r_hd)
    return GPG_ERR_INV_ARG;
  *r_hd = NULL;
  if (flags & ~(GCRY_MD_FLAG_SECURE | GCRY_MD_FLAG_HMAC
                | GCRY_MD_FLAG_BUGEMU1))
    return GPG_ERR_INV_ARG;

  _gcry_global_init ();
  rc = md_new_handle (&hd, !!(flags & GCRY_MD_FLAG_SECURE));
  if (rc)
    return rc;
  hd->ctx->hmac = !!(flags & GCRY_MD_FLAG_HMAC);
  hd->ctx->bugemu1 = !!(flags & GCRY_MD_FLAG_BUGEMU1);

  if (algo)
    {
      rc = _gcry_md_enable (hd, algo);
      if (rc)
        {
          _gcry_md_close (hd);
          return rc;
        }
    }
  *r_hd = hd;
  return 0;
}

void
_gcry_md_close (gcry_md_hd_t hd)
{
  if (!hd)
    return;
  if (hd->ctx->debug)
    md_stop_debug (hd);
  free_entries (hd->ctx->list);
  wipememory (hd, hd->ctx->handle_size);
  _gcry_free (hd);
}

/* Hash the bytes waiting in the public buffer, then BUFFER.  After
   finalisation input is dropped (upstream feeds it into the finished
   state, which corrupts the digest a later read returns).  */
static void
md_write (gcry_md_hd_t hd, const void *buffer, size_t length)
{
  struct gcry_md_context *ctx = hd->ctx;
  md_entry_t *e;
  size_t pending = hd->bufpos > 0 ? (size_t) hd->bufpos : 0;

  if (!buffer)
    length = 0;

  if (ctx->debug)
    {
      if ((pending && fwrite (hd->buf, pending, 1, ctx->debug) != 1)
          || (length && fwrite (buffer, length, 1, ctx->debug) != 1))
        _gcry_log_debug ("md debug: write failed\n");
    }

  if (!ctx->finalized)
    for (e = ctx->list; e; e = e->next)
      {
        if (pending)
          e->spec->write (ENTRY_SLOT (e, SLOT_RUN), hd->buf, pending);
        if (length)
          e->spec->write (ENTRY_SLOT (e, SLOT_RUN), buffer, length);
      }
  if (pending)
    wipememory (hd->buf, pending);
  hd->bufpos = 0;
}

void
_gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length)
{
  if (!hd)
    return;
  md_write (hd, buffer, length);
}

static void
md_final (gcry_md_hd_t hd)
{
  struct gcry_md_context *ctx = hd->ctx;
  md_entry_t *e;

  if (ctx->finalized)
    return;
  if (hd->bufpos)
    md_write (hd, NULL, 0);
  for (e = ctx->list; e; e = e->next)
    {
      e->spec->final (ENTRY_SLOT (e, SLOT_RUN));
      if (ctx->hmac)
        hmac_finish (e);
    }
  ctx->finalized = 1;
}

void
_gcry_md_reset (gcry_md_hd_t hd)
{
  md_entry_t *e;

  if (!hd)
    return;
  if (hd->bufpos > 0)
    wipememory (hd->buf, hd->bufpos);
  hd->bufpos = 0;
  hd->ctx->finalized = 0;
  for (e = hd->ctx->list; e; e = e->next)
    {
      if (hd->ctx->hmac)
        memcpy (ENTRY_SLOT (e, SLOT_RUN), ENTRY_SLOT (e, SLOT_INNER),
                e->slot_size);
      else
        e->spec->init (ENTRY_SLOT (e, SLOT_RUN), init_flags (hd));
    }
}

gcry_err_code_t
_gcry_md_copy (gcry_md_hd_t *r_dst, gcry_md_hd_t src)
{
  gcry_md_hd_t dst;
  md_entry_t *e, *copy, **tail;
  gcry_err_code_t rc;

  if (!r_dst)
    return GPG_ERR_INV_ARG;
  *r_dst = NULL;
  if (!src)
    return GPG_ERR_INV_ARG;

  /* Pending putc bytes go into the source first, so the copy starts
     with an empty buffer and the same state.  */
  if (src->bufpos)
    md_write (src, NULL, 0);

  rc = md_new_handle (&dst, src->ctx->secure);
  if (rc)
    return rc;
  dst->ctx->hmac = src->ctx->hmac;
  dst->ctx->bugemu1 = src->ctx->bugemu1;
  dst->ctx->finalized = src->ctx->finalized;

  /* Same order as the source, so read (h, 0) answers alike.  */
  tail = &dst->ctx->list;
  for (e = src->ctx->list; e; e = e->next)
    {
      copy = md_alloc (src->ctx->secure, e->alloc_size);
      if (!copy)
        {
          rc = alloc_error ();
          _gcry_md_close (dst);
          return rc;
        }
      memcpy (copy, e, e->alloc_size);
      copy->next = NULL;
      *tail = copy;
      tail = &copy->next;
    }
  *r_dst = dst;
  return 0;
}


/*
 * Keys.
 */

/* gcry_md_setkey on a handle opened without GCRY_MD_FLAG_HMAC: a keyed
   digest (BLAKE2).  Upstream's behaviour, including its order: entries
   newest first; the first one without a native key stops with
   GPG_ERR_DIGEST_ALGO; if an entry was already re-keyed when an error
   stops the loop, the whole handle is reset.  A reset later returns to
   the unkeyed digest, as upstream.  */
static gcry_err_code_t
md_setkey_native (gcry_md_hd_t hd, const void *key, size_t keylen)
{
  md_entry_t *e;
  gcry_err_code_t rc = 0;
  int touched = 0;

  for (e = hd->ctx->list; e; e = e->next)
    {
      if (!e->spec->setkey)
        {
          rc = GPG_ERR_DIGEST_ALGO;
          break;
        }
      touched = 1;
      rc = e->spec->setkey (ENTRY_SLOT (e, SLOT_RUN), init_flags (hd),
                            key, keylen);
      if (rc)
        break;
    }

  if (rc)
    {
      if (touched)
        _gcry_md_reset (hd);
      return rc;
    }
  if (hd->bufpos > 0)
    wipememory (hd->buf, hd->bufpos);
  hd->bufpos = 0;
  hd->ctx->finalized = 0;
  return 0;
}

gcry_err_code_t
_gcry_md_setkey (gcry_md_hd_t hd, const void *key, size_t keylen)
{
  md_entry_t *e;
  gcry_err_code_t rc;

  if (!hd)
    return GPG_ERR_INV_ARG;
  if (!hd->ctx->list)
    return GPG_ERR_DIGEST_ALGO;   /* Nothing enabled yet.  */
  if (!hd->ctx->hmac)
    return md_setkey_native (hd, key, keylen);

  if (!key && keylen)
    return GPG_ERR_INV_ARG;
  for (e = hd->ctx->list; e; e = e->next)
    {
      rc = hmac_prepare (e, init_flags (hd), key ? key : "", keylen);
      if (rc)
        return rc;
    }
  _gcry_md_reset (hd);
  return 0;
}


/*
 * Output.
 */

static md_entry_t *
find_entry (gcry_md_hd_t hd, int algo)
{
  md_entry_t *e;

  if (!algo)
    return hd->ctx->list;
  for (e = hd->ctx->list; e; e = e->next)
    if (e->spec->algo == algo)
      return e;
  return NULL;
}

unsigned char *
_gcry_md_read (gcry_md_hd_t hd, int algo)
{
  md_entry_t *e;

  if (!hd)
    return NULL;
  md_final (hd);

  e = find_entry (hd, algo);
  if (!e)
    {
      if (algo)
        _gcry_log_error ("gcry_md_read: algorithm %d not enabled\n", algo);
      else
        _gcry_log_error ("gcry_md_read: no algorithm enabled\n");
      return NULL;
    }
  if (!algo && e->next)
    _gcry_log_debug ("more than one algorithm in md_read(0)\n");
  if (!e->spec->read)
    {
      _gcry_log_error ("gcry_md_read: algorithm %d has no fixed digest"
                       " length\n", e->spec->algo);
      return NULL;
    }
  return e->spec->read (ENTRY_SLOT (e, SLOT_RUN));
}

gcry_err_code_t
_gcry_md_extract (gcry_md_hd_t hd, int algo, void *buffer, size_t length)
{
  md_entry_t *e;

  if (!hd)
    return GPG_ERR_INV_ARG;
  md_final (hd);

  e = find_entry (hd, algo);
  if (!e || !e->spec->extract)
    return GPG_ERR_DIGEST_ALGO;
  if (!buffer && length)
    return GPG_ERR_INV_ARG;
  return e->spec->extract (ENTRY_SLOT (e, SLOT_RUN), buffer, length);
}

/* GCRYCTL_MD_CUSTOMIZE, with the same all-or-reset rule as
   md_setkey_native.  */
static gcry_err_code_t
md_customize (gcry_md_hd_t hd, void *buffer, size_t buflen)
{
  md_entry_t *e;
  gcry_err_code_t rc = 0;
  int touched = 0;

  if (!hd->ctx->list)
    return GPG_ERR_DIGEST_ALGO;
  for (e = hd->ctx->list; e; e = e->next)
    {
      if (!e->spec->customize)
        {
          rc = GPG_ERR_DIGEST_ALGO;
          break;
        }
      touched = 1;
      rc = e->spec->customize (ENTRY_SLOT (e, SLOT_RUN), buffer, buflen);
      if (rc)
        break;
    }
  if (rc && touched)
    _gcry_md_reset (hd);
  return rc;
}

gcry_err_code_t
_gcry_md_ctl (gcry_md_hd_t hd, int cmd, void *buffer, size_t buflen)
{
  if (!hd)
    return GPG_ERR_INV_ARG;
  switch (cmd)
    {
    case GCRYCTL_FINALIZE:
      md_final (hd);
      return 0;
    case GCRYCTL_START_DUMP:
      md_start_debug (hd, buffer);
      return 0;
    case GCRYCTL_STOP_DUMP:
      md_stop_debug (hd);
      return 0;
    case GCRYCTL_MD_CUSTOMIZE:
      return md_customize (hd, buffer, buflen);
    default:
      return GPG_ERR_INV_OP;
    }
}


/*
 * Questions about a handle.
 */

int
_gcry_md_get_algo (gcry_md_hd_t hd)
{
  md_entry_t *e;

  if (!hd)
    return 0;
  e = hd->ctx->list;
  if (e && e->next)
    _gcry_log_error ("WARNING: more than one algorithm in md_get_algo()\n");
  return e ? e->spec->algo : 0;
}

gcry_err_code_t
_gcry_md_info (gcry_md_hd_t hd, int what, void *buffer, size_t *nbytes)
{
  if (!hd)
    return GPG_ERR_INV_ARG;
  switch (what)
    {
    case GCRYCTL_IS_SECURE:
      if (!nbytes)
        return GPG_ERR_INV_ARG;
      *nbytes = hd->ctx->secure;
      return 0;

    case GCRYCTL_IS_ALGO_ENABLED:
      {
        int algo;

        if (!buffer || !nbytes || *nbytes != sizeof (int))
          return GPG_ERR_INV_ARG;
        memcpy (&algo, buffer, sizeof algo);
        *nbytes = algo && find_entry (hd, algo) ? 1 : 0;
        return 0;
      }

    default:
      return GPG_ERR_INV_OP;
    }
}

int
_gcry_md_is_secure (gcry_md_hd_t hd)
{
  size_t value;

  /* On error assume secure memory, as upstream.  */
  if (_gcry_md_info (hd, GCRYCTL_IS_SECURE, NULL, &value))
    return 1;
  return (int) value;
}

int
_gcry_md_is_enabled (gcry_md_hd_t hd, int algo)
{
  size_t value = sizeof algo;

  if (_gcry_md_info (hd, GCRYCTL_IS_ALGO_ENABLED, &algo, &value))
    return 0;
  return (int) value;
}


/*
 * Questions about an algorithm.
 */

gcry_err_code_t
_gcry_md_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);

  switch (what)
    {
    case GCRYCTL_TEST_ALGO:
      if (buffer || nbytes)
        return GPG_ERR_INV_ARG;
      return spec ? 0 : GPG_ERR_DIGEST_ALGO;

    case GCRYCTL_GET_ASNOID:
      if (!spec)
        return GPG_ERR_DIGEST_ALGO;
      if (buffer && nbytes && *nbytes >= spec->asnlen)
        {
          memcpy (buffer, spec->asnoid, spec->asnlen);
          *nbytes = spec->asnlen;
          return 0;
        }
      if (!buffer && nbytes)
        {
          *nbytes = spec->asnlen;
          return 0;
        }
      return (buffer && nbytes) ? GPG_ERR_TOO_SHORT : GPG_ERR_INV_ARG;

    case GCRYCTL_SELFTEST:
      if (!spec || !spec->selftest)
        return GPG_ERR_NOT_IMPLEMENTED;
      _gcry_global_init ();
      return spec->selftest (algo, nbytes ? (int) *nbytes : 0);

    default:
      return GPG_ERR_INV_OP;
    }
}


/*
 * One-shot hashing.
 */

/* Upstream's one-shot cSHAKE: with two or more buffers, IOV[0] is the
   function name N and IOV[1] the customisation string S (both empty:
   plain SHAKE), and the data starts at IOV[2]; with fewer there is no
   customisation.  N and S have GCRYCTL_MD_CUSTOMIZE's limits (shorter
   than 255 bytes, else GPG_ERR_TOO_LARGE).  Returns how many buffers
   were taken, or -1 with *RC set.  */
static int
customize_from_iov (const gcry_md_spec_t *spec, void *ctx,
                    const gcry_buffer_t *iov, int iovcnt,
                    gcry_err_code_t *rc)
{
  struct gcry_cshake_customization custom;

  if (!spec->customize || iovcnt < 2)
    return 0;
  if (iov[0].len >= 255 || iov[1].len >= 255)
    {
      *rc = GPG_ERR_TOO_LARGE;
      return -1;
    }
  /* An empty buffer may carry a NULL data pointer.  */
  custom.n = iov[0].len ? (const byte *) iov[0].data + iov[0].off : NULL;
  custom.n_len = (unsigned int) iov[0].len;
  custom.s = iov[1].len ? (const byte *) iov[1].data + iov[1].off : NULL;
  custom.s_len = (unsigned int) iov[1].len;
  *rc = spec->customize (ctx, &custom, sizeof custom);
  return *rc ? -1 : 2;
}

/* Hash the IOVCNT buffers of IOV with SPEC into a context on the stack
   (or the heap for large contexts) and copy DIGESTLEN bytes out.  */
static gcry_err_code_t
hash_iov_plain (const gcry_md_spec_t *spec, void *digest, size_t digestlen,
                const gcry_buffer_t *iov, int iovcnt)
{
  union { u64 align; long double align16; byte b[MD_STACK_CONTEXT]; } stack;
  void *ctx = stack.b;
  gcry_err_code_t rc = 0;
  int i;

  if (spec->contextsize > sizeof stack)
    {
      ctx = _gcry_malloc (spec->contextsize);
      if (!ctx)
        return alloc_error ();
    }
  spec->init (ctx, 0);
  i = customize_from_iov (spec, ctx, iov, iovcnt, &rc);
  if (i < 0)
    goto leave;
  for (; i < iovcnt; i++)
    if (iov[i].len)
      spec->write (ctx, (const byte *) iov[i].data + iov[i].off, iov[i].len);
  spec->final (ctx);
  if (spec->read && digestlen == spec->mdlen)
    memcpy (digest, spec->read (ctx), digestlen);
  else if (spec->extract)
    rc = spec->extract (ctx, digest, digestlen);
  else
    rc = GPG_ERR_DIGEST_ALGO;

 leave:
  wipememory (ctx, spec->contextsize);
  if (ctx != stack.b)
    _gcry_free (ctx);
  return rc;
}

void
_gcry_md_hash_buffer (int algo, void *digest,
                      const void *buffer, size_t length)
{
  const gcry_md_spec_t *spec = _gcry_md_spec_from_algo (algo);
  gcry_buffer_t iov;

  /* No error can be returned: an unknown algorithm writes nothing, as
     upstream (which logs it).  */
  if (!spec || !spec->read)
    {
      _gcry_log_debug ("md_hash_buffer: algorithm %d not available\n", algo);
      return;
    }
  if (!digest || (!buffer && length))
    {
      _gcry_log_error ("md_hash_buffer: NULL buffer\n");
      return;
    }
  _gcry_global_init ();
  memset (&iov, 0, sizeof iov);
  iov.data = (void *) buffer;
  iov.len = length;
  hash_iov_plain (spec, digest, spec->mdlen, &iov, 1);
}

gcry_err_code_t
_gcry_md_hash_buffers_ext (int algo, unsigned int flags, void *digest,
                           int digestlen, const gcry_buffer_t *iov,
                           int iovcnt)
{
  const gcry_md_spec_t *spec;
  int hmac, is_xof, i;
  gcry_md_hd_t hd;
  gcry_err_code_t rc;
  const byte *out;

  if (!iov || iovcnt < 0)
    return GPG_ERR_INV_ARG;
  if (flags & ~GCRY_MD_FLAG_HMAC)
    return GPG_ERR_INV_ARG;
  hmac = !!(flags & GCRY_MD_FLAG_HMAC);
  if (hmac && iovcnt < 1)
    return GPG_ERR_INV_ARG;

  spec = _gcry_md_spec_from_algo (algo);
  if (!spec)
    {
      _gcry_log_debug ("md_hash_buffers: algorithm %d not available\n",
                       algo);
      return GPG_ERR_DIGEST_ALGO;
    }
  /* A fixed-length digest must be asked for at its exact length.  */
  is_xof = spec->extract != NULL;
  if (!is_xof && digestlen != -1 && digestlen != (int) spec->mdlen)
    return GPG_ERR_DIGEST_ALGO;
  if (digestlen == -1)
    digestlen = (int) spec->mdlen;
  if (digestlen < 0)
    return GPG_ERR_INV_ARG;
  if (!digest && digestlen)
    return GPG_ERR_INV_ARG;
  for (i = 0; i < iovcnt; i++)
    if (!iov[i].data && iov[i].len)
      return GPG_ERR_INV_ARG;

  _gcry_global_init ();
  if (!hmac)
    return hash_iov_plain (spec, digest, (size_t) digestlen, iov, iovcnt);

  rc = _gcry_md_open (&hd, algo, GCRY_MD_FLAG_HMAC);
  if (rc)
    return rc;
  rc = _gcry_md_setkey (hd, (const byte *) iov[0].data + iov[0].off,
                        iov[0].len);
  if (!rc)
    {
      for (i = 1; i < iovcnt; i++)
        if (iov[i].len)
          md_write (hd, (const byte *) iov[i].data + iov[i].off, iov[i].len);
      out = _gcry_md_read (hd, algo);
      if (out)
        memcpy (digest, out, digestlen);
      else
        rc = GPG_ERR_DIGEST_ALGO;
    }
  _gcry_md_close (hd);
  return rc;
}
