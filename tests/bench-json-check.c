/* bench-json-check.c - is standard input one well-formed JSON document?
 *
 * Not a test by itself: t-bench-smoke.sh pipes bench-slope --json into
 * it.  A strict RFC 8259 recogniser (no tree is built): objects, arrays,
 * strings with their escapes, numbers in JSON's own grammar (so no NaN,
 * no "inf", no leading zeros), true, false, null; nothing but white
 * space after the value.  Exits 0 when well-formed, 1 with the byte
 * offset and the reason otherwise.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper nesting than bench-slope ever writes means a runaway.  */
#define MAX_DEPTH 64

static const char *text, *pos;

static void fail (const char *why) __attribute__ ((noreturn));

static void
fail (const char *why)
{
  fprintf (stderr, "bench-json-check: offset %ld: %s\n",
           (long) (pos - text), why);
  exit (1);
}

static void
skip_space (void)
{
  while (*pos == ' ' || *pos == '\t' || *pos == '\n' || *pos == '\r')
    pos++;
}

static int
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static int
is_hex (char c)
{
  return is_digit (c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static void
parse_string (void)
{
  int i;

  pos++; /* the opening quote */
  for (;;)
    {
      unsigned char c = (unsigned char) *pos;

      if (!c)
        fail ("unterminated string");
      if (c < 0x20)
        fail ("control character in a string");
      pos++;
      if (c == '"')
        return;
      if (c != '\\')
        continue;
      c = (unsigned char) *pos++;
      if (c == 'u')
        {
          for (i = 0; i < 4; i++, pos++)
            if (!is_hex (*pos))
              fail ("bad \\u escape");
        }
      else if (!strchr ("\"\\/bfnrt", c) || !c)
        fail ("bad escape");
    }
}

static void
parse_number (void)
{
  if (*pos == '-')
    pos++;
  if (*pos == '0')
    pos++;
  else if (is_digit (*pos))
    while (is_digit (*pos))
      pos++;
  else
    fail ("bad number");
  if (*pos == '.')
    {
      pos++;
      if (!is_digit (*pos))
        fail ("bad fraction");
      while (is_digit (*pos))
        pos++;
    }
  if (*pos == 'e' || *pos == 'E')
    {
      pos++;
      if (*pos == '+' || *pos == '-')
        pos++;
      if (!is_digit (*pos))
        fail ("bad exponent");
      while (is_digit (*pos))
        pos++;
    }
}

static void
parse_literal (const char *word)
{
  size_t n = strlen (word);

  if (strncmp (pos, word, n))
    fail ("unexpected character");
  pos += n;
}

static void parse_value (int depth);

/* An object or an array, from its opening bracket.  */
static void
parse_container (int depth, char close)
{
  pos++;
  skip_space ();
  if (*pos == close)
    {
      pos++;
      return;
    }
  for (;;)
    {
      skip_space ();
      if (close == '}')
        {
          if (*pos != '"')
            fail ("object member name expected");
          parse_string ();
          skip_space ();
          if (*pos++ != ':')
            fail ("':' expected");
        }
      parse_value (depth + 1);
      skip_space ();
      if (*pos == close)
        {
          pos++;
          return;
        }
      if (*pos++ != ',')
        fail (close == '}' ? "',' or '}' expected" : "',' or ']' expected");
    }
}

static void
parse_value (int depth)
{
  if (depth > MAX_DEPTH)
    fail ("nested too deeply");
  skip_space ();
  switch (*pos)
    {
    case '{': parse_container (depth, '}'); break;
    case '[': parse_container (depth, ']'); break;
    case '"': parse_string (); break;
    case 't': parse_literal ("true"); break;
    case 'f': parse_literal ("false"); break;
    case 'n': parse_literal ("null"); break;
    case 0: fail ("value expected, found the end");
    default: parse_number (); break;
    }
}

int
main (void)
{
  size_t size = 0, cap = 1 << 16, n;
  char *buf = malloc (cap);

  if (!buf)
    return 2;
  while ((n = fread (buf + size, 1, cap - size - 1, stdin)) > 0)
    {
      size += n;
      if (cap - size < 2)
        {
          char *grown = realloc (buf, cap * 2);

          if (!grown)
            return 2;
          buf = grown;
          cap *= 2;
        }
    }
  buf[size] = 0;
  if (strlen (buf) != size)
    {
      text = buf;
      pos = buf + strlen (buf);
      fail ("NUL byte in the input");
    }
  text = pos = buf;
  parse_value (0);
  skip_space ();
  if (*pos)
    fail ("text after the document");
  free (buf);
  return 0;
}
