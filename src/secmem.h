/* secmem.h - the secure memory pool and the memory control commands.
 *
 * Secure memory is a set of anonymous private mappings, locked into RAM
 * where the system allows it and excluded from core dumps; every block is
 * wiped when freed.  The first ("main") pool is created by
 * GCRYCTL_INIT_SECMEM or, failing that, by the first secure allocation
 * with the 32 KiB standard size.  Further ("overflow") pools are added
 * when the main pool is full, but only for the gcry_x* allocators or once
 * GCRYCTL_AUTO_EXPAND_SECMEM was given; plain gcry_malloc_secure then
 * fails with ENOMEM, so a program can keep its secrets inside the pool it
 * sized itself.
 *
 * Only src/stdmem.c and src/global.c use this header.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_SECMEM_H
#define GCRY_SECMEM_H

#include <stddef.h>
#include <stdarg.h>

/* Handle CMD if it is one of the memory commands of gcry_control: returns
   1 and stores the result code in *R_RC if it was, 0 (touching neither
   AP nor *R_RC) if it was not.  Arguments the command takes are read from
   AP.  */
int _gcry_memory_control (int cmd, va_list *ap, gcry_err_code_t *r_rc);

/* Nonzero once GCRYCTL_USE_SECURE_RNDPOOL asked the RNG to keep its pool
   in secure memory.  */
int _gcry_secmem_rndpool_secure (void);

/* Zero after GCRYCTL_DISABLE_SECMEM: secure allocations then come from
   normal memory and gcry_is_secure answers 0.  */
int _gcry_secmem_is_enabled (void);

/* Nonzero while the main pool exists (initialised and not terminated).  */
int _gcry_secmem_in_use (void);

/* Wipe and unmap every pool.  Takes no lock, so that the fatal-error path
   and signal handlers can call it; the caller makes sure no other thread
   is using secure memory.  A later secure allocation creates a new main
   pool.  */
void _gcry_secmem_term (void);


/*
 * The allocator proper; src/stdmem.c is its only user.
 */

/* Allocate N (> 0) bytes from the pools.  XHINT says the caller is a
   gcry_x* function, which may always add overflow pools.  NULL with errno
   set to ENOMEM when there is no room.  */
void *_gcry_secmem_malloc (size_t n, int xhint);

/* Resize P, a block of the pools, to N bytes, keeping it in the pools.
   NULL with errno set when there is no room; P is then unchanged.  */
void *_gcry_secmem_realloc (void *p, size_t n, int xhint);

/* Wipe and release P if it lies in a pool and return 1; return 0 if it
   does not (the caller then owns it).  A pointer into a pool that is not
   a live block is a bug and aborts.  */
int _gcry_secmem_free (void *p);

/* Nonzero if P lies inside one of the pools (whatever the
   DISABLE_SECMEM state); lock-free.  */
int _gcry_secmem_contains (const void *p);

/* Log the usage of every pool through _gcry_log_info; EXTENDED lists
   each block.  */
void _gcry_secmem_dump_stats (int extended);

#endif /* GCRY_SECMEM_H */
