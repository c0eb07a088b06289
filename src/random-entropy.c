/* random-entropy.c - the operating system's random generator, the only
 * entropy source of the random subsystem (see random-int.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "random-int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#if defined(__has_include)
# if __has_include(<sys/random.h>)
#  include <sys/random.h>
#  define HAVE_GETRANDOM_CALL 1
# endif
#endif

/* Largest request getrandom(2) answers in one call.  */
#define GETRANDOM_MAX  33554431

enum { SOURCE_NONE, SOURCE_GETRANDOM, SOURCE_URANDOM };

static int source = SOURCE_NONE;
static int urandom_fd = -1;

static void
read_urandom (byte *buf, size_t len)
{
  if (urandom_fd == -1)
    {
      /* Kernels without getrandom(2) let /dev/urandom answer before the
         pool is seeded; /dev/random turns readable once it is.  */
      int rfd = open ("/dev/random", O_RDONLY | O_CLOEXEC);

      if (rfd != -1)
        {
          struct pollfd pfd;

          pfd.fd = rfd;
          pfd.events = POLLIN;
          pfd.revents = 0;
          while (poll (&pfd, 1, -1) < 0 && errno == EINTR)
            ;
          close (rfd);
        }
      urandom_fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
      if (urandom_fd == -1)
        _gcry_log_fatal ("can't open /dev/urandom: %s\n", strerror (errno));
    }

  while (len)
    {
      ssize_t n = read (urandom_fd, buf, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        _gcry_log_fatal ("read error on /dev/urandom: %s\n",
                         n < 0 ? strerror (errno) : "end of file");
      buf += n;
      len -= (size_t) n;
    }
}

void
_gcry_rndsys_read (void *buffer, size_t len)
{
  byte *buf = buffer;

#ifdef HAVE_GETRANDOM_CALL
  while (len && source != SOURCE_URANDOM)
    {
      ssize_t n = getrandom (buf, len > GETRANDOM_MAX ? GETRANDOM_MAX : len,
                             0);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          /* Missing (old kernel) or filtered out (seccomp): the device
             serves instead, from now on.  */
          if (errno == ENOSYS || errno == EPERM)
            {
              source = SOURCE_URANDOM;
              break;
            }
          _gcry_log_fatal ("getrandom failed: %s\n", strerror (errno));
        }
      source = SOURCE_GETRANDOM;
      buf += n;
      len -= (size_t) n;
    }
#endif
  if (len)
    {
      source = SOURCE_URANDOM;
      read_urandom (buf, len);
    }
}

void
_gcry_rndsys_close (void)
{
  if (urandom_fd != -1)
    close (urandom_fd);
  urandom_fd = -1;
}

const char *
_gcry_rndsys_source_name (void)
{
  switch (source)
    {
    case SOURCE_GETRANDOM: return "getrandom";
    case SOURCE_URANDOM:   return "urandom";
    default:               return "none";
    }
}
