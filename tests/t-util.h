/* t-util.h - helpers many test programs share, beyond t-common.h.
 *
 *   t_rnd64, t_rnd, t_rnd_bytes, t_rnd_seed
 *        a small deterministic generator (xorshift64*): the same seed
 *        gives the same run, so a failure can be replayed.  Not for keys
 *        that need secrecy; tests only.
 *   t_hexval, t_unhex
 *        hex text to bytes (spaces allowed), -1 on bad input.
 *   t_hexdump, t_check_mem
 *        a check of two byte strings that prints both, and where they
 *        first differ, when it fails.
 *   t_all_bytes, t_guard_map, t_guard_unmap
 *        guard bytes (a fill value around a buffer) and guard pages (an
 *        inaccessible page right before and right after a buffer).
 *   t_vec_open, t_vec_next, t_vec_get, t_vec_hex, t_vec_long, t_vec_close
 *        a reader of NIST CAVP style "KEY = VALUE" vector files (.rsp,
 *        .txt), one record at a time.
 *
 * Include it after t-common.h.  Every function is static and T_UNUSED,
 * so a test pays only for what it calls.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_UTIL_H
#define T_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>


/*
 * Deterministic random numbers.
 */

/* Every test starts from this seed unless it calls t_rnd_seed; a fixed
   start keeps the runs reproducible.  */
T_UNUSED static uint64_t t_rnd_state = 0x5eed0cc3a11d5eedULL;

/* Restart the sequence from SEED (a zero seed would stick at zero, so it
   is replaced by the default).  */
T_UNUSED static void
t_rnd_seed (uint64_t seed)
{
  t_rnd_state = seed ? seed : 0x5eed0cc3a11d5eedULL;
}

/* xorshift64* (Vigna): full period over non-zero states.  */
T_UNUSED static uint64_t
t_rnd64 (void)
{
  t_rnd_state ^= t_rnd_state >> 12;
  t_rnd_state ^= t_rnd_state << 25;
  t_rnd_state ^= t_rnd_state >> 27;
  return t_rnd_state * 0x2545f4914f6cdd1dULL;
}

/* A number in 0 .. N-1 (0 when N is 0).  */
T_UNUSED static size_t
t_rnd (size_t n)
{
  return n ? (size_t) (t_rnd64 () % n) : 0;
}

/* N random bytes at BUF, each the top byte of a draw (the best mixed
   bits of xorshift64*).  */
T_UNUSED static void
t_rnd_bytes (void *buf, size_t n)
{
  unsigned char *p = buf;

  while (n--)
    *p++ = (unsigned char) (t_rnd64 () >> 56);
}


/*
 * Hex.
 */

/* The value of one hex digit, or -1.  */
T_UNUSED static int
t_hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Decode HEX into OUT (at most OUTSIZE bytes); spaces between digit
   pairs are skipped.  Returns the number of bytes, or -1 on an odd digit
   count, a character that is not hex, or more than OUTSIZE bytes.  */
T_UNUSED static long
t_unhex (const char *hex, unsigned char *out, size_t outsize)
{
  size_t n = 0;
  int hi, lo;

  while (*hex)
    {
      if (*hex == ' ')
        {
          hex++;
          continue;
        }
      hi = t_hexval ((unsigned char) hex[0]);
      lo = hi < 0 ? -1 : t_hexval ((unsigned char) hex[1]);
      if (lo < 0 || n >= outsize)
        return -1;
      out[n++] = (unsigned char) (hi << 4 | lo);
      hex += 2;
    }
  return (long) n;
}

/* Print LABEL and N bytes of P in hex to stderr, 32 bytes a line.  */
T_UNUSED static void
t_hexdump (const char *label, const void *p, size_t n)
{
  const unsigned char *b = p;
  size_t i;

  fprintf (stderr, "  %s (%zu bytes):", label, n);
  for (i = 0; i < n; i++)
    fprintf (stderr, "%s%02x", i % 32 ? "" : "\n    ", b[i]);
  fputc ('\n', stderr);
}

/* One check: N bytes at GOT equal those at WANT.  On failure both are
   dumped with the offset of the first difference.  Returns the result,
   as t_check does.  */
#define t_check_mem(got, want, n, ...) \
  t_check_mem_at ((got), (want), (n), __FILE__, __LINE__, __VA_ARGS__)

T_UNUSED static int
t_check_mem_at (const void *got, const void *want, size_t n,
                const char *file, int line, const char *fmt, ...)
{
  const unsigned char *g = got, *w = want;
  char what[512];
  va_list ap;
  size_t i;

  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  for (i = 0; i < n && g[i] == w[i]; i++)
    ;
  if (t_check_at (i == n, file, line, "%s", what))
    return 1;
  fprintf (stderr, "  first difference at byte %zu\n", i);
  t_hexdump ("got", g, n);
  t_hexdump ("want", w, n);
  return 0;
}


/*
 * Guard bytes and guard pages.
 */

/* 1 when all N bytes at P are VALUE (a guard fill left untouched).  */
T_UNUSED static int
t_all_bytes (const void *p, size_t n, int value)
{
  const unsigned char *b = p;

  while (n--)
    if (*b++ != (unsigned char) value)
      return 0;
  return 1;
}

/* LEN usable bytes twice over, each flush against an inaccessible page:
   LO starts right after one (an access below LO faults) and HI ends
   right before one (an access at HI + LEN faults).  A kernel test maps
   one for its input and one for its output.  */
typedef struct
{
  unsigned char *map;
  size_t map_len;
  unsigned char *lo, *hi;
} t_guard_t;

/* Map G for LEN bytes.  Returns 0, or -1 (G unset) when the system
   refuses the mapping.  */
T_UNUSED static int
t_guard_map (t_guard_t *g, size_t len)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t span = (len + page - 1) / page * page;
  unsigned char *map;

  /* [none][span][none][span][none]: LO at the start of the first span,
     HI ending at the end of the second.  */
  memset (g, 0, sizeof *g);
  g->map_len = 3 * page + 2 * span;
  map = mmap (NULL, g->map_len, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED)
    return -1;
  if (mprotect (map, page, PROT_NONE)
      || mprotect (map + page + span, page, PROT_NONE)
      || mprotect (map + 2 * page + 2 * span, page, PROT_NONE))
    {
      munmap (map, g->map_len);
      g->map_len = 0;
      return -1;
    }
  g->map = map;
  g->lo = map + page;
  g->hi = map + 2 * page + 2 * span - len;
  return 0;
}

T_UNUSED static void
t_guard_unmap (t_guard_t *g)
{
  if (g->map)
    munmap (g->map, g->map_len);
  memset (g, 0, sizeof *g);
}


/*
 * NIST CAVP style vector files.
 *
 * The format, as the .rsp/.txt files of the CAVP and the toolkit write it:
 *   # comment                       ignored, as are blank lines
 *   [ENCRYPT]  or  [Keylen = 128]   a section line; "NAME = VALUE" pairs
 *                                   inside brackets (comma separated)
 *                                   become context fields
 *   Key = 00112233...               a field
 *   FAIL                            a field with an empty value
 *   COUNT = 3                       starts a record (the record key is
 *                                   the caller's choice: "COUNT" for most
 *                                   files, "Len" for the SHA ones)
 * A field before a file's first record key, or after a section line and
 * before the next record key, is a context field: it stays in force for
 * the records that follow until a field of the same name replaces it
 * (CCM's "Key", a Monte Carlo "Seed", GCM's "[Taglen = 128]").  Names are
 * matched without regard to case ("Count" and "COUNT").
 *
 * Use:
 *   t_vec_t v;
 *   if (t_vec_open (&v, path, "COUNT")) { t_skip (...); return; }
 *   while (t_vec_next (&v))
 *     { keylen = t_vec_hex (&v, "Key", key, sizeof key); ... }
 *   t_vec_close (&v);
 * t_vec_next returns 0 at the end of the file; v.errors counts lines it
 * could not keep (too many fields), which a test should check is 0.
 */

#define T_VEC_MAXFIELDS 32

typedef struct
{
  char *name, *value;
} t_vec_field_t;

typedef struct
{
  FILE *fp;
  const char *path;
  const char *record_key;
  unsigned long lineno;      /* line being read */
  unsigned long record_line; /* line of the current record's key */
  char section[256];         /* the last section line, without brackets */
  unsigned long section_no;  /* counts section lines, 0 before the first */
  unsigned long errors;
  int in_record;
  char *pending;             /* a record key line read ahead */
  size_t nctx, nrec;
  t_vec_field_t ctx[T_VEC_MAXFIELDS], rec[T_VEC_MAXFIELDS];
} t_vec_t;

/* Open PATH; records start at the field RECORD_KEY.  Returns 0, or -1
   when the file cannot be opened (the caller says SKIP).  */
T_UNUSED static int
t_vec_open (t_vec_t *v, const char *path, const char *record_key)
{
  memset (v, 0, sizeof *v);
  v->path = path;
  v->record_key = record_key;
  v->fp = fopen (path, "r");
  return v->fp ? 0 : -1;
}

T_UNUSED static void
t_vec_clear_ (t_vec_field_t *f, size_t *n)
{
  while (*n)
    {
      (*n)--;
      free (f[*n].name);
      free (f[*n].value);
    }
}

/* Set NAME to VALUE in the table F of *N fields, replacing one of the
   same name.  */
T_UNUSED static void
t_vec_set_ (t_vec_t *v, t_vec_field_t *f, size_t *n, const char *name,
            size_t namelen, const char *value, size_t valuelen)
{
  char *nm, *val;
  size_t i;

  nm = strndup (name, namelen);
  val = strndup (value, valuelen);
  if (!nm || !val)
    {
      fprintf (stderr, "%s: out of memory\n", v->path);
      exit (2);
    }
  for (i = 0; i < *n; i++)
    if (!strcasecmp (f[i].name, nm))
      break;
  if (i == T_VEC_MAXFIELDS)
    {
      v->errors++;
      free (nm);
      free (val);
      return;
    }
  if (i < *n)
    {
      free (f[i].name);
      free (f[i].value);
    }
  else
    (*n)++;
  f[i].name = nm;
  f[i].value = val;
}

/* Split "NAME = VALUE", the LEN bytes at S (no '=': a bare NAME with
   an empty value), and store it in F.  */
T_UNUSED static void
t_vec_field_ (t_vec_t *v, t_vec_field_t *f, size_t *n, const char *s,
              size_t len)
{
  size_t ns = 0, eq, ne, vs, ve;

  while (ns < len && (s[ns] == ' ' || s[ns] == '\t'))
    ns++;
  for (eq = ns; eq < len && s[eq] != '='; eq++)
    ;
  for (ne = eq; ne > ns && (s[ne - 1] == ' ' || s[ne - 1] == '\t'); ne--)
    ;
  vs = eq < len ? eq + 1 : len;
  while (vs < len && (s[vs] == ' ' || s[vs] == '\t'))
    vs++;
  for (ve = len; ve > vs && (s[ve - 1] == ' ' || s[ve - 1] == '\t'); ve--)
    ;
  if (ne > ns)
    t_vec_set_ (v, f, n, s + ns, ne - ns, s + vs, ve - vs);
}

/* Read one line of any length into a malloced string without its line
   end; NULL at the end of the file.  */
T_UNUSED static char *
t_vec_getline_ (t_vec_t *v)
{
  char *line = NULL;
  size_t cap = 0;
  ssize_t len = getline (&line, &cap, v->fp);

  if (len < 0)
    {
      free (line);
      return NULL;
    }
  v->lineno++;
  line[strcspn (line, "\r\n")] = 0;
  return line;
}

/* Is the field line S the record key?  */
T_UNUSED static int
t_vec_is_record_key_ (const t_vec_t *v, const char *s)
{
  size_t n = strlen (v->record_key);

  while (*s == ' ' || *s == '\t')
    s++;
  if (strncasecmp (s, v->record_key, n))
    return 0;
  s += n;
  while (*s == ' ' || *s == '\t')
    s++;
  return *s == '=' || !*s;
}

/* Advance to the next record; returns 1 when one is ready, 0 at the end
   of the file.  */
T_UNUSED static int
t_vec_next (t_vec_t *v)
{
  char *line, *s, *end, *comma;

  t_vec_clear_ (v->rec, &v->nrec);
  v->in_record = 0;
  for (;;)
    {
      if (v->pending)
        {
          line = v->pending;
          v->pending = NULL;
        }
      else if (!(line = t_vec_getline_ (v)))
        return v->in_record;
      s = line;
      while (*s == ' ' || *s == '\t')
        s++;
      if (!*s || *s == '#')
        ;
      else if (*s == '[')
        {
          if (v->in_record)
            {
              v->pending = line;
              return 1;
            }
          s++;
          end = strchr (s, ']');
          if (!end)
            end = s + strlen (s);
          snprintf (v->section, sizeof v->section, "%.*s", (int) (end - s),
                    s);
          v->section_no++;
          /* "[A = 1, B = 2]": each pair is a context field.  */
          while (s < end)
            {
              for (comma = s; comma < end && *comma != ','; comma++)
                ;
              if (memchr (s, '=', (size_t) (comma - s)))
                t_vec_field_ (v, v->ctx, &v->nctx, s, (size_t) (comma - s));
              s = comma + 1;
            }
        }
      else if (t_vec_is_record_key_ (v, s))
        {
          if (v->in_record)
            {
              v->pending = line;
              return 1;
            }
          v->in_record = 1;
          v->record_line = v->lineno;
          t_vec_field_ (v, v->rec, &v->nrec, s, strlen (s));
        }
      else if (v->in_record)
        t_vec_field_ (v, v->rec, &v->nrec, s, strlen (s));
      else
        t_vec_field_ (v, v->ctx, &v->nctx, s, strlen (s));
      free (line);
    }
}

/* The value of field NAME in the current record, else in the context;
   "" for a bare name; NULL when there is none.  */
T_UNUSED static const char *
t_vec_get (const t_vec_t *v, const char *name)
{
  size_t i;

  for (i = 0; i < v->nrec; i++)
    if (!strcasecmp (v->rec[i].name, name))
      return v->rec[i].value;
  for (i = 0; i < v->nctx; i++)
    if (!strcasecmp (v->ctx[i].name, name))
      return v->ctx[i].value;
  return NULL;
}

/* Field NAME decoded from hex into OUT; the length, or -1 when it is
   missing, not hex, or longer than OUTSIZE.  */
T_UNUSED static long
t_vec_hex (const t_vec_t *v, const char *name, unsigned char *out,
           size_t outsize)
{
  const char *s = t_vec_get (v, name);

  return s ? t_unhex (s, out, outsize) : -1;
}

/* Field NAME as a decimal number, or DFLT when it is missing.  */
T_UNUSED static long
t_vec_long (const t_vec_t *v, const char *name, long dflt)
{
  const char *s = t_vec_get (v, name);

  return s && *s ? strtol (s, NULL, 10) : dflt;
}

T_UNUSED static void
t_vec_close (t_vec_t *v)
{
  t_vec_clear_ (v->rec, &v->nrec);
  t_vec_clear_ (v->ctx, &v->nctx);
  free (v->pending);
  v->pending = NULL;
  if (v->fp)
    fclose (v->fp);
  v->fp = NULL;
}

#endif /* T_UTIL_H */
