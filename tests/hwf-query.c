/* hwf-query.c - print the CPU features the library would use.
 *
 * Not a test: hwf-levels.sh runs it with each level's --disable-hwf list
 * to learn what that level leaves active.  Prints the "hwflist:" line of
 * gcry_get_config (features colon-separated, each followed by ':'), and
 * with --policy also the "hwf-policy:" line.  Exits 1 if the library
 * cannot report.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"

static int
print_config_line (const char *what)
{
  char *line = gcry_get_config (0, what);

  if (!line)
    {
      fprintf (stderr, "hwf-query: no '%s' configuration line\n", what);
      return 0;
    }
  /* Upstream returns a single requested line without its newline.  */
  fputs (line, stdout);
  if (!*line || line[strlen (line) - 1] != '\n')
    putchar ('\n');
  gcry_free (line);
  return 1;
}

int
main (int argc, char **argv)
{
  int argi = t_init ("hwf-query", argc, argv);
  int want_policy = argi < argc && !strcmp (argv[argi], "--policy");

  if (!gcry_check_version (NULL))
    return 1;
  if (!print_config_line ("hwflist"))
    return 1;
  if (want_policy && !print_config_line ("hwf-policy"))
    return 1;
  return 0;
}
