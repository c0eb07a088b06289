/* random-seedfile.c - reading and writing the random seed file (see
 * random-int.h).
 *
 * Processes sharing a seed file (several gpg instances) coordinate with
 * fcntl record locks, shared for reading and exclusive for writing, as
 * upstream does.  The writer overwrites the file in place and then cuts
 * it to length, so a file that had the right length never turns shorter
 * in between.  Log texts are upstream's.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "random-int.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Wait for a lock of TYPE (F_RDLCK or F_WRLCK) on the whole file.  A
   file system without locks (some network ones) is used unlocked.  */
static void
lock_file (int fd, short type)
{
  struct flock fl;

  memset (&fl, 0, sizeof fl);
  fl.l_type = type;
  fl.l_whence = SEEK_SET;
  while (fcntl (fd, F_SETLKW, &fl) == -1 && errno == EINTR)
    ;
}

rndfile_status_t
_gcry_rndfile_read (const char *name, byte *buf)
{
  struct stat st;
  size_t got = 0;
  int fd;

  fd = open (name, O_RDONLY | O_CLOEXEC);
  if (fd == -1)
    {
      if (errno == ENOENT)
        return RNDFILE_ABSENT;
      _gcry_log_info ("can't open `%s': %s\n", name, strerror (errno));
      return RNDFILE_UNREADABLE;
    }
  if (fstat (fd, &st) || !S_ISREG (st.st_mode))
    {
      _gcry_log_info ("`%s' is not a regular file - ignored\n", name);
      close (fd);
      return RNDFILE_INVALID;
    }
  lock_file (fd, F_RDLCK);
  /* The size that counts is the one under the lock.  */
  if (fstat (fd, &st))
    st.st_size = -1;
  if (!st.st_size)
    {
      _gcry_log_info ("note: random_seed file is empty\n");
      close (fd);
      return RNDFILE_EMPTY;
    }
  if (st.st_size != RNDFILE_LEN)
    {
      _gcry_log_info ("warning: invalid size of random_seed file"
                      " - not used\n");
      close (fd);
      return RNDFILE_INVALID;
    }

  while (got < RNDFILE_LEN)
    {
      ssize_t n = read (fd, buf + got, RNDFILE_LEN - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          _gcry_log_info ("can't read `%s': %s\n", name,
                          n < 0 ? strerror (errno) : "file shrank");
          wipememory (buf, RNDFILE_LEN);
          close (fd);
          return RNDFILE_UNREADABLE;
        }
      got += (size_t) n;
    }
  close (fd);
  return RNDFILE_READ;
}

int
_gcry_rndfile_write (const char *name, const byte *buf)
{
  struct stat st;
  size_t done = 0;
  int fd, err = 0;

  fd = open (name, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
             S_IRUSR | S_IWUSR);
  if (fd == -1)
    {
      _gcry_log_info ("can't create `%s': %s\n", name, strerror (errno));
      return -1;
    }
  if (fstat (fd, &st) || !S_ISREG (st.st_mode))
    {
      _gcry_log_info ("`%s' is not a regular file - ignored\n", name);
      close (fd);
      return -1;
    }
  lock_file (fd, F_WRLCK);

  /* The file feeds the next process's generator: nobody else should
     read it.  Only the owner may change the mode; a failure leaves an
     existing file as it was.  */
  if (st.st_mode & (S_IRWXG | S_IRWXO))
    (void) fchmod (fd, S_IRUSR | S_IWUSR);

  while (done < RNDFILE_LEN)
    {
      ssize_t n = pwrite (fd, buf + done, RNDFILE_LEN - done, (off_t) done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          err = n < 0 ? errno : EIO;
          break;
        }
      done += (size_t) n;
    }
  if (!err && ftruncate (fd, RNDFILE_LEN))
    err = errno;
  if (close (fd) && !err)
    err = errno;
  if (err)
    {
      _gcry_log_info ("can't write `%s': %s\n", name, strerror (err));
      return -1;
    }
  return 0;
}
