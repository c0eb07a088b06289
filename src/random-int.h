/* random-int.h - the helpers of the random subsystem, shared by
 * src/random.c, src/random-entropy.c and src/random-seedfile.c only.
 * Every function here is called with the subsystem's lock held.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_RANDOM_INT_H
#define GCRY_RANDOM_INT_H

/*
 * The operating system's generator (src/random-entropy.c).
 */

/* Fill BUF with LEN bytes from the kernel: getrandom(2), which waits
   once for the kernel's pool to be initialised and never afterwards,
   or, where the system call is missing or forbidden, /dev/urandom
   (after waiting for /dev/random to become readable, the old way of
   knowing the pool is initialised).  Never fails: when neither source
   works the process cannot get safe random numbers, and this is a fatal
   error.  */
void _gcry_rndsys_read (void *buf, size_t len);

/* Close /dev/urandom if it is open; the next read reopens it.  */
void _gcry_rndsys_close (void);

/* "getrandom", "urandom", or "none" (nothing read yet).  */
const char *_gcry_rndsys_source_name (void);


/*
 * The seed file (src/random-seedfile.c).  Its format is upstream's:
 * exactly RNDFILE_LEN bytes, so that files are interchangeable with
 * upstream libgcrypt's (GnuPG's random_seed).
 */

#define RNDFILE_LEN 600

typedef enum rndfile_status
  {
    RNDFILE_READ,               /* BUF holds the file.  */
    RNDFILE_ABSENT,             /* No such file: may be created.  */
    RNDFILE_EMPTY,              /* Empty file: may be written.  */
    RNDFILE_INVALID,            /* Not a regular file, or wrong length.  */
    RNDFILE_UNREADABLE          /* Cannot be opened or read.  */
  }
rndfile_status_t;

/* Read seed file NAME into BUF (RNDFILE_LEN bytes) under a shared
   lock.  Only RNDFILE_READ fills BUF.  Problems are logged, as
   upstream.  */
rndfile_status_t _gcry_rndfile_read (const char *name, byte *buf);

/* Write the RNDFILE_LEN bytes of BUF to seed file NAME under an
   exclusive lock, creating it readable by the owner only, and taking
   group and other permissions away from an existing one.  A symbolic
   link is not followed.  Problems are logged; returns 0 on success.  */
int _gcry_rndfile_write (const char *name, const byte *buf);

#endif /* GCRY_RANDOM_INT_H */
