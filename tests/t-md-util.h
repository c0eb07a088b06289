/* t-md-util.h - gcry_md helpers the digest tests share.
 *
 *   t_md_digest
 *        a digest or HMAC through a gcry_md handle fed in one of four
 *        ways (one write, random splits, putc, splits with a mid-stream
 *        gcry_md_copy), so the ways can be compared with each other.
 *   t_md_check_hex
 *        gcry_md_hash_buffer against a hex digest.
 *   t_md_pyca_hash_file
 *        every record of a CAVP style "Len / Msg / MD" file below the
 *        vectors directory.
 *
 * Include it after t-common.h and t-util.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef T_MD_UTIL_H
#define T_MD_UTIL_H

#include <stdio.h>
#include <string.h>

/* How t_md_digest feeds the message.  */
enum
  {
    T_MD_ONE_WRITE = 0,
    T_MD_SPLITS = 1,
    T_MD_PUTC = 2,
    T_MD_SPLITS_COPY = 3        /* the copy finishes; the original is
                                   closed unfinished */
  };

/* ALGO's digest (HMAC when KEY is not NULL) of MSG into OUT, fed as
   MODE says.  Failures are counted here; success is counted by the
   caller's comparison of OUT, so this returns 1, or 0 after counting a
   failure.  */
T_UNUSED static int
t_md_digest (int algo, const unsigned char *key, size_t keylen,
             const unsigned char *msg, size_t len, int mode,
             unsigned char *out)
{
  gcry_md_hd_t h, h2;
  gcry_error_t err;
  const unsigned char *d;
  size_t done, n, cut = 0;

  /* Drawn only for the copy mode so that the other modes use the
     random sequence they always have.  */
  if (mode == T_MD_SPLITS_COPY && len)
    cut = t_rnd (len + 1);
  err = gcry_md_open (&h, algo, key ? GCRY_MD_FLAG_HMAC : 0);
  if (err)
    return t_check (0, "open %d: %s", algo, gcry_strerror (err));
  if (key && (err = gcry_md_setkey (h, key, keylen)))
    {
      gcry_md_close (h);
      return t_check (0, "setkey %d: %s", algo, gcry_strerror (err));
    }
  if (mode == T_MD_ONE_WRITE)
    gcry_md_write (h, msg, len);
  else if (mode == T_MD_PUTC)
    for (done = 0; done < len; done++)
      gcry_md_putc (h, msg[done]);
  else
    for (done = 0; done < len; done += n)
      {
        n = t_rnd (len - done + 1);
        if (t_rnd (4) == 0)
          n = t_rnd (5);                /* many tiny pieces too */
        if (n > len - done)
          n = len - done;
        if (mode == T_MD_SPLITS_COPY && done <= cut && cut < done + n)
          {
            gcry_md_write (h, msg + done, cut - done);
            err = gcry_md_copy (&h2, h);
            gcry_md_close (h);
            if (err)
              return t_check (0, "copy %d: %s", algo, gcry_strerror (err));
            h = h2;
            gcry_md_write (h, msg + cut, done + n - cut);
          }
        else
          gcry_md_write (h, msg + done, n);
      }
  d = gcry_md_read (h, algo);
  if (d)
    memcpy (out, d, gcry_md_get_algo_dlen (algo));
  gcry_md_close (h);
  return d ? 1 : t_check (0, "read %d", algo);
}

/* gcry_md_hash_buffer of the first LEN bytes of MSG against WANT_HEX.  */
T_UNUSED static void
t_md_check_hex (int algo, const char *msg, size_t len, const char *want_hex)
{
  unsigned char want[64], got[64];
  long wantlen = t_unhex (want_hex, want, sizeof want);

  if (!t_check (wantlen == (long) gcry_md_get_algo_dlen (algo),
                "vector length for %d", algo))
    return;
  gcry_md_hash_buffer (algo, got, msg, len);
  t_check_mem (got, want, (size_t) wantlen, "%s of \"%.20s\" (%zu bytes)",
               gcry_md_algo_name (algo), msg, len);
}

/* Every record of the "Len / Msg / MD" file REL (below the vectors
   directory) hashed with ALGO; SKIP when the file is missing.  */
T_UNUSED static void
t_md_pyca_hash_file (const char *rel, int algo)
{
  const char *dir = t_vectors_dir ();
  char path[4400];
  unsigned char msg[1024], md[64], got[64];
  t_vec_t v;
  long nbits, mlen, dlen;
  int count = 0;

  if (!dir)
    return;
  snprintf (path, sizeof path, "%s/%s", dir, rel);
  if (t_vec_open (&v, path, "Len"))
    {
      t_skip ("%s not found", rel);
      return;
    }
  while (t_vec_next (&v))
    {
      nbits = t_vec_long (&v, "Len", -1);
      mlen = t_vec_hex (&v, "Msg", msg, sizeof msg);
      dlen = t_vec_hex (&v, "MD", md, sizeof md);
      if (!t_check (nbits >= 0 && nbits % 8 == 0 && mlen >= 0
                    && dlen == (long) gcry_md_get_algo_dlen (algo),
                    "%s record %d parses", rel, count))
        continue;
      gcry_md_hash_buffer (algo, got, msg, (size_t) nbits / 8);
      t_check_mem (got, md, (size_t) dlen, "%s record %d", rel, count);
      count++;
    }
  t_vec_close (&v);
  t_check (count > 0, "%s has records", rel);
}

#endif /* T_MD_UTIL_H */
