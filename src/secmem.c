/* secmem.c - the secure memory pools and the memory control commands.
 *
 * Layout.  A pool is one page-aligned anonymous private mapping, locked
 * with mlock where allowed and marked MADV_DONTDUMP so that a core dump
 * never shows it.  It is cut into blocks, each a BLOCK_ALIGN-byte header
 * followed by the caller's area; areas are multiples of BLOCK_ALIGN, so
 * every returned pointer is BLOCK_ALIGN-aligned (enough for 256-bit
 * vector state kept in secure memory).  Each header records its own size
 * and the size of the block before it (boundary tags): a freed block is
 * merged with free neighbours in constant time, and the neighbours give a
 * cross-check that a pointer handed to free really is a live block.
 * Allocation is first fit, walking the blocks from the pool start.
 *
 * Invariant: the area of every free block is all zero.  Blocks are wiped
 * when freed and headers absorbed by a merge are cleared, so nothing a
 * caller stored survives in a pool after it freed the block.
 *
 * Pools.  The main pool is sized by GCRYCTL_INIT_SECMEM (at least
 * MIN_POOL_SIZE) or created with STANDARD_POOL_SIZE by the first secure
 * allocation.  Overflow pools are created when it is full, but only for
 * the gcry_x* functions or after GCRYCTL_AUTO_EXPAND_SECMEM, as upstream.
 * The newest overflow pool is linked right after the main pool so that it
 * is tried first.  Pools are only removed by _gcry_secmem_term, which
 * lets _gcry_secmem_contains walk the list without the lock.
 *
 * Messages.  The texts and the moments they appear are upstream's.  They
 * are printed after the lock is released, so that a log handler may itself
 * allocate; each locked section collects what it has to say in a
 * notes_t.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "secmem.h"

/* INIT_SECMEM never makes the main pool smaller than this; the default
   pool and the overflow chunk unit are STANDARD_POOL_SIZE (upstream's
   documented sizes).  */
#define MIN_POOL_SIZE       16384
#define STANDARD_POOL_SIZE  32768

/* Alignment of every block, and the size of a block header.  */
#define BLOCK_ALIGN 32

/* Private control command of upstream's test API (gcrypt-testapi.h): an
   extended dump listing every block.  */
#define PRIV_CTL_DUMP_SECMEM_STATS 62

/* Block states; odd magic values so that stray data is unlikely to pass
   for a header.  */
#define BLOCK_FREE 0x46726565u
#define BLOCK_USED 0x55736564u

typedef union block_head
{
  struct
  {
    size_t size;        /* Bytes in the area after the header.  */
    size_t prev_size;   /* Area size of the block before; 0 if first.  */
    u32 state;          /* BLOCK_FREE or BLOCK_USED.  */
    u32 check;          /* check_word() of the header's address.  */
  } h;
  byte pad[BLOCK_ALIGN];
} block_head_t;

_Static_assert (sizeof (block_head_t) == BLOCK_ALIGN,
                "a block header keeps the following area aligned");

#define HEAD_SIZE ((size_t) sizeof (block_head_t))

/* Requests above this are refused before any size arithmetic, which
   therefore cannot overflow.  */
#define MAX_REQUEST (SIZE_MAX / 4)

typedef struct pool
{
  struct pool *next;       /* Published with release stores.  */
  byte *mem;               /* Start of the blocks; page aligned.  */
  size_t size;             /* Bytes at MEM.  */
  int mapped;              /* MEM comes from mmap (else posix_memalign).  */
  int locked;              /* mlock succeeded.  */
  size_t bytes_used;       /* Sum of the areas of the used blocks.  */
  unsigned int blocks_used;
} pool_t;

/* What a locked section wants printed once the lock is released.  */
typedef struct notes
{
  int lock_errno;          /* mlock failed unexpectedly with this errno.  */
  int print_warning;       /* "Warning: using insecure memory!"  */
  int already_init;        /* INIT_SECMEM on an existing pool.  */
  int bug_disabled;        /* Pool wanted after secure memory was dropped.  */
  int bug_bad_pointer;     /* Free/realloc of something not a live block.  */
  const void *bad_pointer;
  int fatal_uid;           /* Dropping setuid after locking failed.  */
  int fatal_uid_errno;
  int fatal_drop;          /* Dropping setuid for DROP_PRIVS failed.  */
  int fatal_mmap;          /* No memory at all for the main pool.  */
  size_t fatal_mmap_size;
  int mmap_fallback;       /* Main pool from the heap; with errno.  */
  int mmap_errno;
  size_t mmap_size;
} notes_t;

static pthread_mutex_t secmem_lock = PTHREAD_MUTEX_INITIALIZER;

/* The main pool; POOL_LIST points to it while it exists, and overflow
   pools hang off its NEXT.  */
static pool_t main_pool;
static pool_t *pool_list;

/* Flags, all under secmem_lock except the two read lock-free through
   the accessors (SECMEM_OFF, RNDPOOL_SECURE), which use atomics.  */
static int no_warning;         /* DISABLE_SECMEM_WARN.  */
static int suspend_warning;    /* SUSPEND_SECMEM_WARN until RESUME.  */
static int show_warning;       /* The insecure-memory warning is owed.  */
static int not_locked;         /* The main pool could not be locked.  */
static int no_mlock;           /* DISABLE_LOCKED_SECMEM.  */
static int no_priv_drop;       /* DISABLE_PRIV_DROP.  */
static int pools_forbidden;    /* DROP_PRIVS or INIT_SECMEM 0.  */
static int overflow_warned;    /* Warned about an unlocked overflow pool.  */
static size_t auto_expand;     /* Overflow chunk size; 0 = off.  */
static int secmem_off;         /* DISABLE_SECMEM.  */
static int rndpool_secure;     /* USE_SECURE_RNDPOOL.  */


/*
 * Block helpers.  All run with the lock held.
 */

static u32
check_word (const block_head_t *b)
{
  return (u32) ((uintptr_t) b / BLOCK_ALIGN) ^ 0x5ec3e3a1u;
}

static void
set_head (block_head_t *b, size_t size, size_t prev_size, u32 state)
{
  b->h.size = size;
  b->h.prev_size = prev_size;
  b->h.state = state;
  b->h.check = check_word (b);
}

static block_head_t *
next_block (const block_head_t *b)
{
  return (block_head_t *) ((byte *) b + HEAD_SIZE + b->h.size);
}

static block_head_t *
prev_block (const block_head_t *b)
{
  return (block_head_t *) ((byte *) b - HEAD_SIZE - b->h.prev_size);
}

static int
in_pool (const pool_t *pool, const void *p)
{
  /* Compare as integers: relational operators on pointers into
     different objects are undefined.  */
  uintptr_t a = (uintptr_t) p, start = (uintptr_t) pool->mem;

  return a >= start && a - start < pool->size;
}

/* Tell the block after B that B's area is now SIZE bytes.  */
static void
update_successor (pool_t *pool, block_head_t *b)
{
  block_head_t *after = next_block (b);

  if (in_pool (pool, after))
    after->h.prev_size = b->h.size;
}

/* First fit: take NEED bytes (a multiple of BLOCK_ALIGN) from POOL.  */
static void *
pool_take (pool_t *pool, size_t need)
{
  block_head_t *b, *rest;

  for (b = (block_head_t *) pool->mem; in_pool (pool, b); b = next_block (b))
    {
      if (b->h.state != BLOCK_FREE || b->h.size < need)
        continue;
      /* Split when the remainder can hold a header and a minimal area;
         a smaller remainder stays with the block (counted as used).  */
      if (b->h.size - need >= HEAD_SIZE + BLOCK_ALIGN)
        {
          rest = (block_head_t *) ((byte *) (b + 1) + need);
          set_head (rest, b->h.size - need - HEAD_SIZE, need, BLOCK_FREE);
          update_successor (pool, rest);
          b->h.size = need;
        }
      b->h.state = BLOCK_USED;
      pool->bytes_used += b->h.size;
      pool->blocks_used++;
      return b + 1;
    }
  return NULL;
}

/* The pool holding P, or NULL.  Lock-free: pools are only ever added
   (with release stores after they are fully set up) until term.  */
static pool_t *
pool_of (const void *p)
{
  pool_t *pool;

  for (pool = __atomic_load_n (&pool_list, __ATOMIC_ACQUIRE); pool;
       pool = __atomic_load_n (&pool->next, __ATOMIC_ACQUIRE))
    if (in_pool (pool, p))
      return pool;
  return NULL;
}

/* The header of P if P is the area of a used block of POOL, else NULL.
   Checks the header's magic and both neighbours' boundary tags, which
   catches double frees and pointers into the middle of a block.  */
static block_head_t *
live_block (pool_t *pool, const void *p)
{
  uintptr_t offset = (uintptr_t) p - (uintptr_t) pool->mem;
  block_head_t *b, *other;

  if (offset < HEAD_SIZE || offset % BLOCK_ALIGN)
    return NULL;
  b = (block_head_t *) p - 1;
  if (b->h.check != check_word (b) || b->h.state != BLOCK_USED
      || b->h.size % BLOCK_ALIGN || b->h.size > pool->size - offset)
    return NULL;
  other = next_block (b);
  if (in_pool (pool, other) && other->h.prev_size != b->h.size)
    return NULL;
  if (b->h.prev_size)
    {
      /* The previous block must fit, header and area, before B.  */
      if (b->h.prev_size % BLOCK_ALIGN || offset < 2 * HEAD_SIZE
          || b->h.prev_size > offset - 2 * HEAD_SIZE)
        return NULL;
      other = prev_block (b);
      if (other->h.size != b->h.prev_size)
        return NULL;
    }
  else if ((byte *) b != pool->mem)
    return NULL;
  return b;
}

/* Wipe and free the used block B of POOL, merging it with free
   neighbours.  */
static void
pool_release (pool_t *pool, block_head_t *b)
{
  block_head_t *other;

  wipememory (b + 1, b->h.size);
  pool->bytes_used -= b->h.size;
  pool->blocks_used--;
  b->h.state = BLOCK_FREE;

  other = next_block (b);
  if (in_pool (pool, other) && other->h.state == BLOCK_FREE)
    {
      b->h.size += HEAD_SIZE + other->h.size;
      memset (other, 0, HEAD_SIZE);
      update_successor (pool, b);
    }
  if (b->h.prev_size)
    {
      other = prev_block (b);
      if (other->h.state == BLOCK_FREE)
        {
          other->h.size += HEAD_SIZE + b->h.size;
          memset (b, 0, HEAD_SIZE);
          update_successor (pool, other);
        }
    }
}


/*
 * Pool creation and privileges.
 */

static size_t
page_size (void)
{
  long n = sysconf (_SC_PAGESIZE);

  return n > 0 ? (size_t) n : 4096;
}

static size_t
round_to_pages (size_t n)
{
  size_t pg = page_size ();

  return (n + pg - 1) / pg * pg;
}

/* Map SIZE (page multiple) zeroed bytes for POOL and make it one free
   block.  Returns 0 on success, else -1 with errno set.  */
static int
map_pool (pool_t *pool, size_t size)
{
  void *mem;

  mem = mmap (NULL, size, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED)
    return -1;
#ifdef MADV_DONTDUMP
  /* Best effort: an old kernel without it still gives a working pool.  */
  madvise (mem, size, MADV_DONTDUMP);
#endif
  pool->mem = mem;
  pool->size = size;
  pool->mapped = 1;
  set_head ((block_head_t *) pool->mem, size - HEAD_SIZE, 0, BLOCK_FREE);
  return 0;
}

/* Drop setuid-root privileges if the process has them: secure memory
   was the only reason a program needed them.  */
static void
drop_setuid (notes_t *notes)
{
  uid_t uid = getuid ();

  if (uid == geteuid ())
    return;
  /* setuid (0) must fail afterwards, or the privileges are not gone.  */
  if (setuid (uid) || getuid () != geteuid () || !setuid (0))
    notes->fatal_drop = 1;
}

/* Lock the main pool into RAM and give up setuid root (upstream's
   order: lock first, since mlock may need the privileges).  */
static void
lock_main_pool (notes_t *notes)
{
  uid_t uid = getuid ();
  int err = 0, saved_errno = 0;

  if (!no_mlock)
    {
      err = mlock (main_pool.mem, main_pool.size);
      saved_errno = errno;
      main_pool.locked = !err;
    }

  if (uid && !geteuid () && !no_priv_drop)
    {
      if (setuid (uid) || getuid () != geteuid () || !setuid (0))
        {
          notes->fatal_uid = 1;
          notes->fatal_uid_errno = errno;
        }
    }

  if (err)
    {
      /* Lacking the privilege or the quota is the common case and only
         earns the warning; anything else is worth an error line.  */
      if (saved_errno != EPERM && saved_errno != EAGAIN
          && saved_errno != ENOSYS && saved_errno != ENOMEM)
        notes->lock_errno = saved_errno;
      show_warning = 1;
      not_locked = 1;
    }
}

/* Create the main pool of at least N bytes.  */
static void
create_main_pool (size_t n, notes_t *notes)
{
  void *mem;
  int rc;

  if (pools_forbidden)
    {
      notes->bug_disabled = 1;
      return;
    }

  n = round_to_pages (n);
  memset (&main_pool, 0, sizeof main_pool);
  if (map_pool (&main_pool, n))
    {
      /* Upstream falls back to the heap rather than failing; the pool
         then still gets locked and wiped, only not excluded from dumps. */
      notes->mmap_fallback = 1;
      notes->mmap_errno = errno;
      notes->mmap_size = n;
      rc = posix_memalign (&mem, page_size (), n);
      if (rc)
        {
          notes->fatal_mmap = 1;
          notes->fatal_mmap_size = n;
          return;
        }
      memset (mem, 0, n);
      main_pool.mem = mem;
      main_pool.size = n;
      set_head ((block_head_t *) mem, n - HEAD_SIZE, 0, BLOCK_FREE);
    }
  lock_main_pool (notes);
  __atomic_store_n (&pool_list, &main_pool, __ATOMIC_RELEASE);
}

/* Add an overflow pool able to hold NEED bytes and return it (linked
   right after the main pool), or NULL with errno set.  */
static pool_t *
add_overflow_pool (size_t need, notes_t *notes)
{
  pool_t *pool;
  size_t size;

  size = auto_expand ? auto_expand : STANDARD_POOL_SIZE;
  /* Upstream's overflow pools have the chunk size only, so a request
     larger than the chunk fails even for gcry_xmalloc_secure (a fatal
     error); we make the pool big enough instead.  */
  if (size < need + HEAD_SIZE)
    size = need + HEAD_SIZE;
  size = round_to_pages (size);

  pool = calloc (1, sizeof *pool);
  if (!pool)
    return NULL;
  if (map_pool (pool, size))
    {
      free (pool);
      errno = ENOMEM;
      return NULL;
    }
  /* Upstream leaves overflow pools unlocked; lock them when we can, and
     warn only about one that stays unlocked.  */
  if (!no_mlock && !mlock (pool->mem, pool->size))
    pool->locked = 1;
  if (!pool->locked && !overflow_warned)
    {
      overflow_warned = 1;
      if (!no_warning)
        notes->print_warning = 1;
    }

  pool->next = main_pool.next;
  __atomic_store_n (&main_pool.next, pool, __ATOMIC_RELEASE);
  return pool;
}


/*
 * Messages, printed with the lock released.
 */

static void
emit_notes (const notes_t *notes)
{
  if (notes->mmap_fallback)
    _gcry_log_info ("can't mmap pool of %lu bytes: %s - using malloc\n",
                    (unsigned long) notes->mmap_size,
                    strerror (notes->mmap_errno));
  if (notes->fatal_mmap)
    _gcry_log_fatal ("can't allocate memory pool of %lu bytes\n",
                     (unsigned long) notes->fatal_mmap_size);
  if (notes->fatal_uid)
    _gcry_log_fatal ("failed to reset uid: %s\n",
                     strerror (notes->fatal_uid_errno));
  if (notes->fatal_drop)
    _gcry_log_fatal ("failed to drop setuid\n");
  if (notes->lock_errno)
    _gcry_log_error ("can't lock memory: %s\n", strerror (notes->lock_errno));
  if (notes->already_init)
    _gcry_log_error ("Oops, secure memory pool already initialized\n");
  if (notes->print_warning)
    _gcry_log_info ("Warning: using insecure memory!\n");
  if (notes->bug_disabled)
    _gcry_log_bug ("secure memory is disabled\n");
  if (notes->bug_bad_pointer)
    _gcry_log_bug ("secmem: %p is not a live secure memory block\n",
                   notes->bad_pointer);
}

/* Print the owed insecure-memory warning unless it is suspended.  */
static void
flush_warning (notes_t *notes)
{
  if (show_warning && !suspend_warning)
    {
      show_warning = 0;
      if (!no_warning)
        notes->print_warning = 1;
    }
}


/*
 * The allocator.
 */

static void *
secmem_malloc_locked (size_t n, int xhint, notes_t *notes)
{
  size_t need;
  pool_t *pool;
  void *p;

  if (!pool_list)
    {
      /* The program did not call INIT_SECMEM: give it the standard pool
         rather than failing.  */
      create_main_pool (STANDARD_POOL_SIZE, notes);
      if (!pool_list)
        {
          errno = ENOMEM;
          return NULL;
        }
    }
  flush_warning (notes);

  if (n > MAX_REQUEST)
    {
      errno = ENOMEM;
      return NULL;
    }
  need = (n + BLOCK_ALIGN - 1) / BLOCK_ALIGN * BLOCK_ALIGN;

  p = pool_take (&main_pool, need);
  if (p)
    return p;
  if (!xhint && !auto_expand)
    {
      errno = ENOMEM;
      return NULL;
    }
  for (pool = main_pool.next; pool; pool = pool->next)
    {
      p = pool_take (pool, need);
      if (p)
        return p;
    }
  pool = add_overflow_pool (need, notes);
  if (!pool)
    return NULL;
  return pool_take (pool, need);
}

void *
_gcry_secmem_malloc (size_t n, int xhint)
{
  notes_t notes = { 0 };
  void *p;
  int saved_errno;

  pthread_mutex_lock (&secmem_lock);
  p = secmem_malloc_locked (n, xhint, &notes);
  saved_errno = errno;
  pthread_mutex_unlock (&secmem_lock);
  emit_notes (&notes);
  if (!p)
    errno = saved_errno ? saved_errno : ENOMEM;
  return p;
}

void *
_gcry_secmem_realloc (void *p, size_t n, int xhint)
{
  notes_t notes = { 0 };
  pool_t *pool;
  block_head_t *b;
  void *q = NULL;
  int saved_errno = 0;

  pthread_mutex_lock (&secmem_lock);
  pool = pool_of (p);
  b = pool ? live_block (pool, p) : NULL;
  if (!b)
    {
      notes.bug_bad_pointer = 1;
      notes.bad_pointer = p;
    }
  else if (n <= b->h.size)
    q = p;   /* Shrinking in place: the tail is wiped on free.  */
  else
    {
      q = secmem_malloc_locked (n, xhint, &notes);
      saved_errno = errno;
      if (q)
        {
          memcpy (q, p, b->h.size);
          memset ((byte *) q + b->h.size, 0, n - b->h.size);
          pool_release (pool, b);
        }
    }
  pthread_mutex_unlock (&secmem_lock);
  emit_notes (&notes);
  if (!q)
    errno = saved_errno ? saved_errno : ENOMEM;
  return q;
}

int
_gcry_secmem_free (void *p)
{
  notes_t notes = { 0 };
  pool_t *pool;
  block_head_t *b;

  if (!p)
    return 1;
  pool = pool_of (p);
  if (!pool)
    return 0;

  pthread_mutex_lock (&secmem_lock);
  b = live_block (pool, p);
  if (b)
    pool_release (pool, b);
  else
    {
      notes.bug_bad_pointer = 1;
      notes.bad_pointer = p;
    }
  pthread_mutex_unlock (&secmem_lock);
  emit_notes (&notes);
  return 1;
}

int
_gcry_secmem_contains (const void *p)
{
  return pool_of (p) != NULL;
}


/*
 * Teardown and statistics.
 */

void
_gcry_secmem_term (void)
{
  pool_t *pool, *next;

  pool = __atomic_exchange_n (&pool_list, NULL, __ATOMIC_ACQ_REL);
  for (; pool; pool = next)
    {
      next = pool->next;
      wipememory (pool->mem, pool->size);
      if (pool->mapped)
        munmap (pool->mem, pool->size);   /* Also unlocks.  */
      else
        {
          if (pool->locked)
            munlock (pool->mem, pool->size);
          free (pool->mem);
        }
      if (pool == &main_pool)
        memset (&main_pool, 0, sizeof main_pool);
      else
        free (pool);
    }
  not_locked = 0;
  overflow_warned = 0;
}

void
_gcry_secmem_dump_stats (int extended)
{
  pool_t *pool;
  block_head_t *b;
  int poolno, blockno;

  pthread_mutex_lock (&secmem_lock);
  for (pool = pool_list, poolno = 0; pool; pool = pool->next, poolno++)
    {
      if (!extended)
        {
          _gcry_log_info ("%-13s %lu/%lu bytes in %u blocks\n",
                          pool == &main_pool ? "secmem usage:" : "",
                          (unsigned long) pool->bytes_used,
                          (unsigned long) pool->size, pool->blocks_used);
          continue;
        }
      for (b = (block_head_t *) pool->mem, blockno = 0; in_pool (pool, b);
           b = next_block (b), blockno++)
        _gcry_log_info ("SECMEM: pool %d %s block %i size %lu\n", poolno,
                        b->h.state == BLOCK_USED ? "used" : "free",
                        blockno, (unsigned long) b->h.size);
    }
  pthread_mutex_unlock (&secmem_lock);
}


/*
 * Accessors for the rest of the library.
 */

int
_gcry_secmem_rndpool_secure (void)
{
  return __atomic_load_n (&rndpool_secure, __ATOMIC_RELAXED);
}

int
_gcry_secmem_is_enabled (void)
{
  return !__atomic_load_n (&secmem_off, __ATOMIC_RELAXED);
}

int
_gcry_secmem_in_use (void)
{
  return __atomic_load_n (&pool_list, __ATOMIC_ACQUIRE) != NULL;
}


/*
 * Control commands.
 */

/* INIT_SECMEM with N bytes; N == 0 gives up secure memory for good.  */
static gcry_err_code_t
init_secmem (size_t n)
{
  notes_t notes = { 0 };
  gcry_err_code_t rc;

  pthread_mutex_lock (&secmem_lock);
  if (!n)
    {
      pools_forbidden = 1;
      drop_setuid (&notes);
    }
  else if (pool_list)
    notes.already_init = 1;
  else
    create_main_pool (n < MIN_POOL_SIZE ? MIN_POOL_SIZE : n, &notes);
  /* Upstream reports an unlockable pool as GPG_ERR_GENERAL, also on
     later calls.  */
  rc = not_locked ? GPG_ERR_GENERAL : GPG_ERR_NO_ERROR;
  pthread_mutex_unlock (&secmem_lock);
  emit_notes (&notes);
  return rc;
}

/* Upstream rounds the chunk up to a multiple of 32 KiB and then adds one
   more 32 KiB (so 0 gives 32 KiB and 1 gives 64 KiB).  */
static void
set_auto_expand (unsigned int chunk)
{
  size_t units = ((size_t) chunk + STANDARD_POOL_SIZE - 1)
                 / STANDARD_POOL_SIZE;

  pthread_mutex_lock (&secmem_lock);
  auto_expand = (units + 1) * STANDARD_POOL_SIZE;
  pthread_mutex_unlock (&secmem_lock);
}

/* Set or clear one of the flags kept under the lock.  */
static void
set_flag (int *flag, int value)
{
  pthread_mutex_lock (&secmem_lock);
  *flag = value;
  pthread_mutex_unlock (&secmem_lock);
}

static void
resume_warnings (void)
{
  notes_t notes = { 0 };

  pthread_mutex_lock (&secmem_lock);
  suspend_warning = 0;
  flush_warning (&notes);
  pthread_mutex_unlock (&secmem_lock);
  emit_notes (&notes);
}

int
_gcry_memory_control (int cmd, va_list *ap, gcry_err_code_t *r_rc)
{
  gcry_err_code_t rc = GPG_ERR_NO_ERROR;

  switch (cmd)
    {
    case GCRYCTL_INIT_SECMEM:
      _gcry_global_init ();
      rc = init_secmem (va_arg (*ap, unsigned int));
      break;

    case GCRYCTL_DROP_PRIVS:
      _gcry_global_init ();
      init_secmem (0);
      break;

    case GCRYCTL_TERM_SECMEM:
      _gcry_global_init ();
      _gcry_secmem_term ();
      break;

    case GCRYCTL_DISABLE_SECMEM:
      /* Upstream allows it at any time; blocks already in the pool stay
         there and are still wiped when freed.  */
      _gcry_global_init ();
      __atomic_store_n (&secmem_off, 1, __ATOMIC_RELAXED);
      break;

    case GCRYCTL_DISABLE_SECMEM_WARN:
      set_flag (&no_warning, 1);
      break;

    case GCRYCTL_SUSPEND_SECMEM_WARN:
      set_flag (&suspend_warning, 1);
      break;

    case GCRYCTL_RESUME_SECMEM_WARN:
      resume_warnings ();
      break;

    case GCRYCTL_DISABLE_LOCKED_SECMEM:
      set_flag (&no_mlock, 1);
      break;

    case GCRYCTL_DISABLE_PRIV_DROP:
      set_flag (&no_priv_drop, 1);
      break;

    case GCRYCTL_AUTO_EXPAND_SECMEM:
      set_auto_expand (va_arg (*ap, unsigned int));
      break;

    case GCRYCTL_DUMP_SECMEM_STATS:
      _gcry_secmem_dump_stats (0);
      break;

    case PRIV_CTL_DUMP_SECMEM_STATS:
      _gcry_secmem_dump_stats (1);
      break;

    case GCRYCTL_DUMP_MEMORY_STATS:
      /* Upstream accepts this and prints nothing: the standard heap keeps
         no statistics.  */
      break;

    case GCRYCTL_USE_SECURE_RNDPOOL:
      _gcry_global_init ();
      __atomic_store_n (&rndpool_secure, 1, __ATOMIC_RELAXED);
      break;

    default:
      return 0;
    }
  *r_rc = rc;
  return 1;
}
