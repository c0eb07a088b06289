/* t-json.h - just enough JSON for test-vector files (Wycheproof, the
 * HCTR2 designers' vectors): load a file, step from one object to the
 * next, and read string (hex) and integer members out of an object.
 *
 * No tree is built.  t_json_next_object finds the next object that has
 * a given member directly (at its own level, strings and nesting
 * respected), so "every test case" is "every object with a tcId" and
 * "every HCTR2 entry" is "every object with a description".  Member
 * lookups then search the object's text, nested objects included (the
 * HCTR2 key sits in an "input" sub-object); they return the first
 * occurrence, so ask for names that occur once per object.
 *
 * Include "t-common.h" first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_JSON_H
#define T_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A span of text: an object from its '{' to just past its '}'.  */
typedef struct
{
  const char *start;
  const char *end;
} t_json_span_t;

/* The whole file, NUL-terminated, or NULL.  Free with free().  */
T_UNUSED static char *
t_json_load (const char *path, size_t *r_len)
{
  FILE *fp = fopen (path, "rb");
  char *buf = NULL;
  long n;

  if (!fp)
    return NULL;
  if (!fseek (fp, 0, SEEK_END) && (n = ftell (fp)) >= 0
      && !fseek (fp, 0, SEEK_SET) && (buf = malloc ((size_t) n + 1)))
    {
      if (fread (buf, 1, (size_t) n, fp) == (size_t) n)
        {
          buf[n] = 0;
          if (r_len)
            *r_len = (size_t) n;
        }
      else
        {
          free (buf);
          buf = NULL;
        }
    }
  fclose (fp);
  return buf;
}

/* DIR/REL loaded by t_json_load, or NULL after a SKIP line that names
   the missing file: absent vectors are reported, never passed.  */
T_UNUSED static char *
t_json_load_vectors (const char *dir, const char *rel, size_t *r_len)
{
  char path[4400];
  char *text;

  snprintf (path, sizeof path, "%s/%s", dir, rel);
  text = t_json_load (path, r_len);
  if (!text)
    t_skip ("%s not found", path);
  return text;
}

/* P at a '"': the position just past the closing quote (escapes
   skipped), or END.  */
static const char *
t_json_skip_string (const char *p, const char *end)
{
  for (p++; p < end; p++)
    {
      if (*p == '\\' && p + 1 < end)
        p++;
      else if (*p == '"')
        return p + 1;
    }
  return end;
}

/* The next object after *POS (up to END) that has the member KEY at its
   own level.  Sets *OBJ and moves *POS past the object.  Returns 0
   when there is none.  Nesting deeper than 64 levels is not followed. */
T_UNUSED static int
t_json_next_object (const char **pos, const char *end, const char *key,
                    t_json_span_t *obj)
{
  const char *open[64];
  const char *p = *pos, *q, *s;
  int depth = 0, target = -1;
  size_t keylen = strlen (key);

  while (p < end)
    {
      switch (*p)
        {
        case '{':
          if (depth < 64)
            open[depth] = p;
          depth++;
          p++;
          break;
        case '}':
          depth--;
          p++;
          if (depth < 0)
            depth = 0;    /* Started inside an object: ignore its end. */
          else if (depth == target)
            {
              obj->start = open[target];
              obj->end = p;
              *pos = p;
              return 1;
            }
          break;
        case '"':
          s = p;
          p = t_json_skip_string (p, end);
          if (target < 0 && depth > 0 && depth <= 64
              && (size_t) (p - s) == keylen + 2
              && !memcmp (s + 1, key, keylen))
            {
              for (q = p; q < end && (*q == ' ' || *q == '\t'
                                      || *q == '\n' || *q == '\r'); q++)
                ;
              if (q < end && *q == ':')
                target = depth - 1;
            }
          break;
        default:
          p++;
          break;
        }
    }
  *pos = end;
  return 0;
}

/* Where the value of member NAME starts inside OBJ (first occurrence),
   or NULL.  */
static const char *
t_json_member (const t_json_span_t *obj, const char *name)
{
  size_t namelen = strlen (name);
  const char *p = obj->start, *s;

  while (p < obj->end)
    {
      if (*p != '"')
        {
          p++;
          continue;
        }
      s = p;
      p = t_json_skip_string (p, obj->end);
      if ((size_t) (p - s) == namelen + 2 && !memcmp (s + 1, name, namelen))
        {
          while (p < obj->end && (*p == ' ' || *p == '\t' || *p == '\n'
                                  || *p == '\r'))
            p++;
          if (p < obj->end && *p == ':')
            {
              for (p++; p < obj->end && (*p == ' ' || *p == '\t'
                                         || *p == '\n' || *p == '\r'); p++)
                ;
              return p;
            }
        }
    }
  return NULL;
}

/* The string member NAME of OBJ copied to OUT (NUL-terminated, escapes
   left as they are).  Returns its length, or -1 when it is missing, not
   a string, or does not fit.  */
T_UNUSED static long
t_json_string (const t_json_span_t *obj, const char *name, char *out,
               size_t outsize)
{
  const char *p = t_json_member (obj, name), *e;
  size_t n;

  if (!p || *p != '"')
    return -1;
  e = t_json_skip_string (p, obj->end);
  if (e <= p + 1 || e[-1] != '"')
    return -1;
  n = (size_t) (e - p - 2);
  if (n + 1 > outsize)
    return -1;
  memcpy (out, p + 1, n);
  out[n] = 0;
  return (long) n;
}

static int
t_json_hexval (int ch)
{
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'f')
    return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F')
    return ch - 'A' + 10;
  return -1;
}

/* The hex string member NAME of OBJ decoded into OUT.  Returns the
   number of bytes, or -1 when it is missing, not hex, or too long.  */
T_UNUSED static long
t_json_hex (const t_json_span_t *obj, const char *name, unsigned char *out,
            size_t outsize)
{
  const char *p = t_json_member (obj, name);
  size_t n = 0;
  int hi, lo;

  if (!p || *p != '"')
    return -1;
  for (p++; p < obj->end && *p != '"'; p += 2)
    {
      if (p + 1 >= obj->end)
        return -1;
      hi = t_json_hexval ((unsigned char) p[0]);
      lo = t_json_hexval ((unsigned char) p[1]);
      if (hi < 0 || lo < 0 || n >= outsize)
        return -1;
      out[n++] = (unsigned char) (hi << 4 | lo);
    }
  return p < obj->end ? (long) n : -1;
}

/* The integer member NAME of OBJ into *VALUE.  Returns 0 when it is
   missing or not a number.  */
T_UNUSED static int
t_json_int (const t_json_span_t *obj, const char *name, long *value)
{
  const char *p = t_json_member (obj, name);
  char *e;

  if (!p)
    return 0;
  *value = strtol (p, &e, 10);
  return e != p;
}

/* The members of a Wycheproof AEAD test (the AES-GCM, CCM, EAX and
   GCM-SIV/SIV files share them), decoded: each length is -1 when its
   member is missing or not hex, RESULT is "" and TCID -1 when missing.
   About 6 KiB: make it static.  */
typedef struct
{
  long tcid;
  unsigned char key[64], iv[512], aad[1024], msg[2048], ct[2048], tag[64];
  long keylen, ivlen, aadlen, msglen, ctlen, taglen;
  char result[32];
} t_json_aead_t;

T_UNUSED static void
t_json_aead_read (const t_json_span_t *obj, t_json_aead_t *t)
{
  if (!t_json_int (obj, "tcId", &t->tcid))
    t->tcid = -1;
  t->keylen = t_json_hex (obj, "key", t->key, sizeof t->key);
  t->ivlen = t_json_hex (obj, "iv", t->iv, sizeof t->iv);
  t->aadlen = t_json_hex (obj, "aad", t->aad, sizeof t->aad);
  t->msglen = t_json_hex (obj, "msg", t->msg, sizeof t->msg);
  t->ctlen = t_json_hex (obj, "ct", t->ct, sizeof t->ct);
  t->taglen = t_json_hex (obj, "tag", t->tag, sizeof t->tag);
  if (t_json_string (obj, "result", t->result, sizeof t->result) <= 0)
    t->result[0] = 0;
}

#endif /* T_JSON_H */
