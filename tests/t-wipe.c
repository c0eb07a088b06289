/* t-wipe.c - secrets are wiped and SECURE handles live in secure memory.
 *
 * A test allocator installed with gcry_set_allocation_handler records
 * every block the library takes (normal and secure; our secure_check
 * answers for the secure ones).  When the library frees a block, the
 * allocator looks at it: the library wipes whole handles (key
 * schedules, IVs, tags, digest states), and since with an application
 * allocator freeing is ours, not the library's, a block that is not all
 * zero at free time would have left its secrets in the heap.  Each
 * phase (one handle's life: open, key, use, close) must free at least
 * one block, and only zeroed ones.
 *
 * SECURE handles (GCRY_CIPHER_SECURE, GCRY_MD_FLAG_SECURE,
 * GCRY_MAC_FLAG_SECURE) must take every block of their life from the
 * secure allocator.
 *
 * gcry_set_allocation_handler must come before the library is
 * initialised (upstream's rule), so main installs it right after the
 * option parsing and before gcry_check_version.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define MAX_BLOCKS 4096

/*
 * The tracking allocator.
 */

typedef struct
{
  void *p;
  size_t size;
  int secure;
} block_t;

static block_t blocks[MAX_BLOCKS];
static size_t nblocks;
static int table_full;

/* Counts of the current phase.  */
static struct
{
  unsigned long allocs, secure_allocs, frees, dirty_frees;
  size_t first_dirty_size, first_dirty_offset;
} phase;

static block_t *
find_block (void *p)
{
  size_t i;

  for (i = 0; i < nblocks; i++)
    if (blocks[i].p == p)
      return &blocks[i];
  return NULL;
}

static void *
track_alloc (size_t n, int secure)
{
  void *p;

  if (!n)
    return NULL;
  if (nblocks == MAX_BLOCKS)
    {
      table_full = 1;
      return NULL;
    }
  p = malloc (n);
  if (!p)
    return NULL;
  /* Non-zero garbage, so that "zero at free" means the library wiped it
     and not that it never wrote there.  */
  memset (p, 0xa5, n);
  blocks[nblocks].p = p;
  blocks[nblocks].size = n;
  blocks[nblocks].secure = secure;
  nblocks++;
  phase.allocs++;
  if (secure)
    phase.secure_allocs++;
  return p;
}

static void *
alloc_normal (size_t n)
{
  return track_alloc (n, 0);
}

static void *
alloc_secure (size_t n)
{
  return track_alloc (n, 1);
}

static int
is_secure (const void *p)
{
  block_t *b = find_block ((void *) p);

  return b && b->secure;
}

/* Drop block B from the table and give its memory back.  */
static void
release (block_t *b)
{
  free (b->p);
  *b = blocks[--nblocks];
}

static void
track_free (void *p)
{
  block_t *b;
  size_t i;

  if (!p)
    return;
  b = find_block (p);
  if (!b)
    {
      fprintf (stderr, "t-wipe: free of an unknown block %p\n", p);
      abort ();
    }
  phase.frees++;
  for (i = 0; i < b->size && !((unsigned char *) p)[i]; i++)
    ;
  if (i < b->size)
    {
      if (!phase.dirty_frees)
        {
          phase.first_dirty_size = b->size;
          phase.first_dirty_offset = i;
        }
      phase.dirty_frees++;
    }
  release (b);
}

/* A resize copies the contents to a new block of the same kind; the old
   block is wiped here (it is the allocator's to free), since the
   library cannot touch it after handing it over.  */
static void *
track_realloc (void *p, size_t n)
{
  block_t *b;
  void *q;

  if (!p)
    return alloc_normal (n);
  b = find_block (p);
  if (!b)
    abort ();
  q = track_alloc (n, b->secure);
  if (!q)
    return NULL;
  b = find_block (p);   /* track_alloc may not move entries, but be safe */
  memcpy (q, p, b->size < n ? b->size : n);
  memset (p, 0, b->size);
  release (b);
  return q;
}

static void
phase_start (void)
{
  memset (&phase, 0, sizeof phase);
}

/* Check the phase that just ended: it freed blocks, all of them zero;
   with SECURE, every allocation was secure.  */
static void
phase_check (const char *what, int secure)
{
  t_check (phase.frees > 0, "%s: frees its blocks through the allocator",
           what);
  if (!t_check (phase.dirty_frees == 0,
                "%s: %lu of %lu freed blocks not wiped", what,
                phase.dirty_frees, phase.frees))
    fprintf (stderr, "  first: %zu bytes, non-zero at offset %zu\n",
             phase.first_dirty_size, phase.first_dirty_offset);
  if (secure)
    t_check (phase.secure_allocs > 0 && phase.secure_allocs == phase.allocs,
             "%s: %lu of %lu allocations secure", what,
             phase.secure_allocs, phase.allocs);
}


/*
 * Handles through their life.
 */

/* Longer than any key length asked for (HMAC-SHA-512 and SHA-3 report
   128); bytes past the written ones are zero.  */
static const unsigned char key_bytes[256] =
  { 0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe,
    0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
    0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

static const struct
{
  int mode;
  const char *name;
  int algo;
  size_t ivlen;
  int aead;
} modes[] =
  {
    { GCRY_CIPHER_MODE_ECB, "ECB", GCRY_CIPHER_AES128, 0, 0 },
    { GCRY_CIPHER_MODE_CBC, "CBC", GCRY_CIPHER_AES192, 16, 0 },
    { GCRY_CIPHER_MODE_CFB, "CFB", GCRY_CIPHER_AES256, 16, 0 },
    { GCRY_CIPHER_MODE_CFB8, "CFB8", GCRY_CIPHER_AES128, 16, 0 },
    { GCRY_CIPHER_MODE_OFB, "OFB", GCRY_CIPHER_AES128, 16, 0 },
    { GCRY_CIPHER_MODE_CTR, "CTR", GCRY_CIPHER_AES256, 16, 0 },
    { GCRY_CIPHER_MODE_AESWRAP, "AESWRAP", GCRY_CIPHER_AES128, 0, 0 },
    { GCRY_CIPHER_MODE_CCM, "CCM", GCRY_CIPHER_AES128, 12, 1 },
    { GCRY_CIPHER_MODE_GCM, "GCM", GCRY_CIPHER_AES256, 12, 1 },
    { GCRY_CIPHER_MODE_OCB, "OCB", GCRY_CIPHER_AES128, 12, 1 },
    { GCRY_CIPHER_MODE_XTS, "XTS", GCRY_CIPHER_AES256, 16, 0 },
    { GCRY_CIPHER_MODE_EAX, "EAX", GCRY_CIPHER_AES128, 16, 1 },
    { GCRY_CIPHER_MODE_SIV, "SIV", GCRY_CIPHER_AES128, 0, 1 },
    { GCRY_CIPHER_MODE_GCM_SIV, "GCM-SIV", GCRY_CIPHER_AES256, 12, 1 },
    { GCRY_CIPHER_MODE_XCTR, "XCTR", GCRY_CIPHER_AES128, 16, 0 },
    { GCRY_CIPHER_MODE_HCTR2, "HCTR2", GCRY_CIPHER_AES256, 16, 0 },
  };

/* One cipher handle's life; returns 0, or -1 (a failed check) when a
   call failed.  */
static int
cipher_life (size_t m, unsigned int flags)
{
  unsigned char buf[64], tag[16];
  gcry_cipher_hd_t h, h2;
  gcry_error_t err;
  size_t keylen = gcry_cipher_get_algo_keylen (modes[m].algo);
  uint64_t ccm[3] = { 32, 0, 16 };

  if (modes[m].mode == GCRY_CIPHER_MODE_XTS
      || modes[m].mode == GCRY_CIPHER_MODE_SIV)
    keylen *= 2;
  memcpy (buf, key_bytes, sizeof buf);
  err = gcry_cipher_open (&h, modes[m].algo, modes[m].mode, flags);
  if (!err)
    err = gcry_cipher_setkey (h, key_bytes, keylen);
  if (!err && modes[m].ivlen)
    err = gcry_cipher_setiv (h, key_bytes + 32, modes[m].ivlen);
  if (!err && modes[m].mode == GCRY_CIPHER_MODE_CCM)
    err = gcry_cipher_ctl (h, GCRYCTL_SET_CCM_LENGTHS, ccm, sizeof ccm);
  if (!err && modes[m].aead && modes[m].mode != GCRY_CIPHER_MODE_CCM)
    err = gcry_cipher_authenticate (h, key_bytes, 16);
  /* OCB wants to know which encrypt is the last one.  */
  if (!err && modes[m].aead)
    err = gcry_cipher_final (h);
  if (!err)
    err = modes[m].mode == GCRY_CIPHER_MODE_AESWRAP
      ? gcry_cipher_encrypt (h, buf, 40, key_bytes, 32)
      : gcry_cipher_encrypt (h, buf, 32, NULL, 0);
  if (!err && modes[m].aead)
    err = gcry_cipher_gettag (h, tag, sizeof tag);
  if (err)
    {
      t_check (0, "cipher %s: %s", modes[m].name, gcry_strerror (err));
      return -1;
    }
  gcry_cipher_close (h);

  /* A reset handle, once more keyed: resets must not free unwiped
     memory either.  */
  err = gcry_cipher_open (&h2, modes[m].algo, modes[m].mode, flags);
  if (!err)
    err = gcry_cipher_setkey (h2, key_bytes, keylen);
  if (!err)
    err = gcry_cipher_reset (h2);
  if (!err)
    gcry_cipher_close (h2);
  return 0;
}

static void
test_ciphers (void)
{
  char what[64];
  size_t m;
  int secure;

  for (secure = 0; secure < 2; secure++)
    for (m = 0; m < DIM (modes); m++)
      {
        phase_start ();
        if (cipher_life (m, secure ? GCRY_CIPHER_SECURE : 0))
          continue;
        snprintf (what, sizeof what, "cipher %s%s", modes[m].name,
                  secure ? " SECURE" : "");
        phase_check (what, secure);
      }
}

/* One md handle's life: KEYED 1 for HMAC, 2 for a keyed plain handle
   (BLAKE2).  Returns 0, or 1 when ALGO does not take that kind of key
   (nothing to check), or -1 after a failed check.  */
static int
md_life (int algo, int keyed, unsigned int flags)
{
  gcry_md_hd_t h, copy = NULL;
  gcry_error_t err;
  unsigned char out[64];

  err = gcry_md_open (&h, algo, flags | (keyed == 1 ? GCRY_MD_FLAG_HMAC : 0));
  if (err)
    return keyed ? 1 : (t_check (0, "md %d open: %s", algo,
                                 gcry_strerror (err)), -1);
  if (keyed)
    {
      err = gcry_md_setkey (h, key_bytes, 32);
      if (err)
        {
          gcry_md_close (h);
          if (keyed == 2)
            return 1;
          t_check (0, "md %d setkey: %s", algo, gcry_strerror (err));
          return -1;
        }
    }
  gcry_md_write (h, key_bytes, 48);
  err = gcry_md_copy (&copy, h);
  if (err)
    {
      gcry_md_close (h);
      t_check (0, "md %d copy: %s", algo, gcry_strerror (err));
      return -1;
    }
  gcry_md_write (copy, "x", 1);
  gcry_md_final (h);
  if (gcry_md_read (h, algo) == NULL)
    gcry_md_extract (h, algo, out, sizeof out);
  gcry_md_reset (copy);
  gcry_md_close (copy);
  gcry_md_close (h);
  return 0;
}

static void
test_digests (void)
{
  static const char *const kinds[] = { "", " HMAC", " keyed" };
  char what[96];
  int algo, keyed, rc, secure;

  for (algo = 1; algo <= 400; algo++)
    {
      if (gcry_md_test_algo (algo))
        continue;
      for (keyed = 0; keyed < 3; keyed++)
        {
          phase_start ();
          rc = md_life (algo, keyed, 0);
          if (rc)
            continue;
          snprintf (what, sizeof what, "md %s%s", gcry_md_algo_name (algo),
                    kinds[keyed]);
          phase_check (what, 0);
        }
    }
  for (secure = 0; secure < 2; secure++)
    {
      phase_start ();
      if (md_life (GCRY_MD_SHA256, 1, secure ? GCRY_MD_FLAG_SECURE : 0))
        continue;
      phase_check (secure ? "md SHA256 HMAC SECURE" : "md SHA256 HMAC", secure);
    }
}

/* One MAC handle's life.  */
static int
mac_life (int algo, unsigned int flags)
{
  unsigned char tag[64];
  size_t taglen = sizeof tag;
  size_t keylen = gcry_mac_get_algo_keylen (algo);
  gcry_mac_hd_t h;
  gcry_error_t err;
  int needs_iv = (algo >= 401 && algo < 500)
    || (algo > GCRY_MAC_POLY1305 && algo < 600);

  err = gcry_mac_open (&h, algo, flags, NULL);
  if (!err)
    err = gcry_mac_setkey (h, key_bytes, keylen ? keylen : 32);
  if (!err && needs_iv)
    err = gcry_mac_setiv (h, key_bytes + 32, algo < 500 ? 12 : 16);
  if (!err)
    err = gcry_mac_write (h, key_bytes, 48);
  if (!err)
    err = gcry_mac_read (h, tag, &taglen);
  if (!err)
    err = gcry_mac_reset (h);
  if (err)
    {
      gcry_mac_close (h);
      t_check (0, "mac %s: %s", gcry_mac_algo_name (algo),
               gcry_strerror (err));
      return -1;
    }
  gcry_mac_close (h);
  return 0;
}

static void
test_macs (void)
{
  static const int secure_algos[] =
    { GCRY_MAC_HMAC_SHA256, GCRY_MAC_CMAC_AES, GCRY_MAC_GMAC_AES,
      GCRY_MAC_POLY1305, GCRY_MAC_POLY1305_AES };
  char what[96];
  int algo;
  size_t i;

  for (algo = 1; algo <= 1000; algo++)
    {
      if (gcry_mac_test_algo (algo))
        continue;
      phase_start ();
      if (mac_life (algo, 0))
        continue;
      snprintf (what, sizeof what, "mac %s", gcry_mac_algo_name (algo));
      phase_check (what, 0);
    }
  for (i = 0; i < DIM (secure_algos); i++)
    {
      if (gcry_mac_test_algo (secure_algos[i]))
        {
          t_skip ("mac %d not available", secure_algos[i]);
          continue;
        }
      phase_start ();
      if (mac_life (secure_algos[i], GCRY_MAC_FLAG_SECURE))
        continue;
      snprintf (what, sizeof what, "mac %s SECURE",
                gcry_mac_algo_name (secure_algos[i]));
      phase_check (what, 1);
    }
}

/* The detector itself: a block the library frees without wiping (plain
   gcry_free leaves that to the allocator) must be seen as dirty, and
   gcry_malloc_secure must reach the secure allocator.  */
static void
test_detector (void)
{
  unsigned char *p;

  phase_start ();
  p = gcry_malloc (24);
  if (!t_check (p != NULL, "detector: gcry_malloc"))
    return;
  memset (p, 0, 24);
  p[23] = 1;
  gcry_free (p);
  t_check (phase.frees == 1 && phase.dirty_frees == 1
           && phase.first_dirty_offset == 23,
           "detector: an unwiped block is reported");
  phase_start ();
  p = gcry_malloc_secure (24);
  if (!t_check (p != NULL, "detector: gcry_malloc_secure"))
    return;
  t_check (gcry_is_secure (p), "detector: secure_check answers");
  memset (p, 0, 24);
  gcry_free (p);
  t_check (phase.secure_allocs == 1 && phase.dirty_frees == 0,
           "detector: a secure block is counted, a wiped one is clean");
}

int
main (int argc, char **argv)
{
  t_init ("t-wipe", argc, argv);
  /* Before initialisation, as upstream requires.  */
  gcry_set_allocation_handler (alloc_normal, alloc_secure, is_secure,
                               track_realloc, track_free);
  if (!gcry_check_version (NULL))
    return 2;
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  test_detector ();
  test_ciphers ();
  test_digests ();
  test_macs ();
  t_check (!table_full, "allocation table overflowed");
  return t_finish ();
}
