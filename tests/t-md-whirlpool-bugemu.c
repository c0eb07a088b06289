/* t-md-whirlpool-bugemu.c - GCRY_MD_FLAG_BUGEMU1: upstream's pre-1.6
 * Whirlpool results for the write patterns that triggered its bug.
 *
 * The expected digests were produced with a libgcrypt that emulates the
 * bug (Debian's 1.10.1, GCRY_MD_FLAG_BUGEMU1) over the same patterns
 * and message; they are facts about that library's output, so a change
 * in how our handle or Whirlpool code splits, buffers or counts input
 * shows here.  Each pattern is also hashed without the flag, where it
 * must give the ordinary digest of the whole message (checked against
 * gcry_md_hash_buffer), and the patterns that do not trip the bug must
 * give that same digest with the flag.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "t-common.h"
#include "t-util.h"

#include <stdlib.h>
#include <string.h>

/* A pattern is comma-separated write sizes; "pN" means N gcry_md_putc
   calls.  Message byte k is (k * 7 + 1) mod 256.  BUGGY: whether the
   pattern has a write that only tops up a partly filled block (so the
   emulated digest differs from the real one).  */
static const struct
{
  const char *pattern;
  const char *bugemu1_digest;
  int buggy;
} cases[] =
  {
    { "0",
      "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a7"
      "3e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3", 0 },
    { "1",
      "f05caefcde493d748e32784b418dcb0399f8b48f0d932501857c2efe9c46fba8"
      "e4ae6d70d9eb0481bce21cb32314ea4ae00c3f3e44d1c9422a620dc31a996f2f", 0 },
    { "64",
      "d042a7d76da999052449377bce557a13007d09e477dca3f5825c015363d1f35a"
      "572127a853f5a5c1955e438ea714484326728dffdeeb3f7481e3463ccff51ecb", 0 },
    { "1,1",
      "4d21e8e247116e204d4d6b647b1d345e2004f3d4905d1db9d113360c1293cff9"
      "2dc9f078c9248cc3867facf368867f4b8656c048f81b6fcf4a7b17d0a953e8f1", 1 },
    { "1,63",
      "ad5ede5bfd93bd13407ece468ea74b47329063938b3eddeab3cf48ace9efc163"
      "206d253c28542a6a765ac2252c9141addcd405d4e439b6876725a5373ce81397", 1 },
    { "1,64",
      "84891dc19ded99eb3b876178b3e9bde6d75f0936cdc08c2a9d5f6c62ccf80395"
      "fae611d9463066d5b7421088819c6aa92013addcf3f4fae70485f15d2fd26495", 0 },
    { "63,1",
      "2aae0cfe82deedc706c4dc1a0b2ec32e5f848f9f8c496d7009e83eda4a3a6d12"
      "a3c2336ae2577ddcca486a1d8bad041f271b3abc5ad9654928c3b2f3190e081c", 1 },
    { "63,2",
      "84891dc19ded99eb3b876178b3e9bde6d75f0936cdc08c2a9d5f6c62ccf80395"
      "fae611d9463066d5b7421088819c6aa92013addcf3f4fae70485f15d2fd26495", 0 },
    { "32,32,32",
      "1d6a570f543e17141aa4ecdc98a884d68e6bb785b5798cb007096ad996c00793"
      "71d4cb3cf4e08c041fa7571aad84f3af9182bd2e0404c3bd31722e04f5432560", 1 },
    { "100,28",
      "32ef6a0f6067381600ae3233fa55458f988727551990b2c798491477acf8d9a9"
      "e8f5a0b1c6bb936ed5167681ca6ea4e49dc8f652e98516abcf8ed69311ef8a34", 1 },
    { "100,29",
      "17115ac6219fede6c13645434828daae8034c2772f07ff3b50f11fff67a2db0c"
      "63f65d4a131831218525bab72e2502984fb5118bda686a5f4b1f857731b9051b", 0 },
    { "3,5,7,11,13,17,19",
      "505b1760bb9fd0c307b61cebec3e1265b98d6991be665a2a825a7222cc266293"
      "9cc6f454d09349fabcd72867ece2319f3042274258a62751e3abafe98ddce8e7", 1 },
    { "p5,3",
      "7121338757a3c6f025e310037bb05076fb372774e49939586869e9720f5e135a"
      "c898fa1a0101a40066e4d244309a97b1f7bfbd652766177050d223effa8d65b0", 1 },
    { "p1500",
      "844f17468775f2c803c7f7c96e09388da7386c000e22870ecd1b1a8b214a6dec"
      "6f10731fbdc3ed27978163b645a9d150a6a96a54435e6d2c7d7a70f834e6e2ca", 0 },
    { "p1023,p1,1",
      "85dd96b1f6741ee4f215d9cdd08d2dd534d0dc978cf3b1f3a03a2d275a7e11c2"
      "901779e01086c0ec605a9965a10cb9f5b48e078f3dd0a853aa9dbdc09536d59e", 0 },
    { "10,p20,30",
      "fd142f48af4c064b82f997dbc83fb025549e21231af824e73a2e9f7a2c7aeb08"
      "d552a2c9b35daf6b5cd913ce5b6aa670b58dbe7f6ea6a01baf082499088f96b0", 1 },
    { "200,p64,1,1,1",
      "f7acb1224d20509bf761467a71a9a5ad4823be8cef1ebb8c63a2cc80d4190915"
      "517eb650f902fb37cec7ca7876a621ebcf62afcd0d6fd7b31057925e0155499b", 1 },
    { "64,64,1,62,1",
      "6b678779cee55af5627be61002a87309f556b477984e4622821a13e41cd3a9d4"
      "9b9651419c221f567c7cc70e02d71e138d09efeaca3bd914d25134438465a8f0", 1 },
    { "1,0,2",
      "76d7d15fd9c65650475a574fe625b106afee435d868a4453928e79573d74a5fd"
      "0e26adeae58f9a1be07da8a9ce3aa4a50002be938076b6482bcebb0789f5b404", 1 },
  };

#define MSG_MAX 4096

/* Feeds PATTERN's writes of MSG to a new Whirlpool handle opened with
   FLAGS, resets it and feeds them again when RESET (the flag must
   survive gcry_md_reset), and copies the digest to OUT.  Returns the
   message length, or 0 after counting a failure.  */
static size_t
feed (const char *pattern, unsigned int flags, int reset,
      const unsigned char *msg, unsigned char *out)
{
  gcry_md_hd_t h;
  gcry_error_t err;
  char buf[128], *tok, *save;
  size_t off = 0, n, k;
  int pass;

  err = gcry_md_open (&h, GCRY_MD_WHIRLPOOL, flags);
  if (err)
    {
      t_check (0, "open flags %#x: %s", flags, gcry_strerror (err));
      return 0;
    }
  for (pass = 0; pass <= reset; pass++)
    {
      if (pass)
        gcry_md_reset (h);
      off = 0;
      snprintf (buf, sizeof buf, "%s", pattern);
      for (tok = strtok_r (buf, ",", &save); tok;
           tok = strtok_r (NULL, ",", &save))
        {
          int putc = *tok == 'p';

          n = strtoul (tok + putc, NULL, 10);
          if (off + n > MSG_MAX)
            break;
          if (putc)
            for (k = 0; k < n; k++)
              gcry_md_putc (h, msg[off + k]);
          else
            gcry_md_write (h, msg + off, n);
          off += n;
        }
    }
  memcpy (out, gcry_md_read (h, GCRY_MD_WHIRLPOOL), 64);
  gcry_md_close (h);
  return off;
}

int
main (int argc, char **argv)
{
  unsigned char msg[MSG_MAX], got[64], want[64], plain[64];
  size_t i, len;

  t_init ("t-md-whirlpool-bugemu", argc, argv);
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, "version mismatch\n");
      return 2;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  for (i = 0; i < MSG_MAX; i++)
    msg[i] = (unsigned char) (i * 7 + 1);

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const char *p = cases[i].pattern;

      if (!t_check (t_unhex (cases[i].bugemu1_digest, want, sizeof want)
                    == 64, "case %s: bad expected digest", p))
        continue;
      len = feed (p, GCRY_MD_FLAG_BUGEMU1, 0, msg, got);
      t_check_mem (got, want, 64, "BUGEMU1 %s", p);
      feed (p, GCRY_MD_FLAG_BUGEMU1, 1, msg, got);
      t_check_mem (got, want, 64, "BUGEMU1 %s after reset", p);

      gcry_md_hash_buffer (GCRY_MD_WHIRLPOOL, plain, msg, len);
      feed (p, 0, 0, msg, got);
      t_check_mem (got, plain, 64, "no flag %s", p);
      /* Only the patterns that trip the bug may change the digest.  */
      t_check ((memcmp (want, plain, 64) != 0) == cases[i].buggy,
               "%s: emulated digest %s the real one", p,
               cases[i].buggy ? "equals" : "differs from");
    }
  return t_finish ();
}
