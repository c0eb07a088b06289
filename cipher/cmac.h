/* cmac.h - CMAC (OMAC1, NIST SP 800-38B) over the block cipher of a
 * keyed cipher handle: the core shared by EAX, SIV and gcry_mac's CMAC.
 *
 * The key material is split from the running state because the modes
 * need several states under one key: EAX runs two CMACs side by side
 * (header and ciphertext) plus one for the nonce, SIV one per S2V
 * component.  A CMAC user keeps one cmac_subkeys_t (derived once per
 * key) and as many cmac_state_t as it needs.
 *
 * The cipher is the handle's first algorithm context (cipher_ctx), run
 * through the kernel's cbc_enc in CBC-MAC mode when it has one, else
 * block by block through the spec.  Block sizes of 8 and 16 bytes
 * (64- and 128-bit ciphers) are supported, as upstream.
 *
 * gcry_mac's CMAC (one handle, subkeys at setkey, update on write,
 * final on read/verify, init on reset) is a thin wrapper over these.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CMAC_H
#define CMAC_H

/* The largest block CMAC handles (AES); 64-bit ciphers use the first
   half.  */
#define CMAC_MAX_BLOCKSIZE 16

struct gcry_cipher_handle;

/* K1 and K2 of SP 800-38B, derived from E(K, 0^b).  Secret.  */
typedef struct cmac_subkeys
{
  byte k1[CMAC_MAX_BLOCKSIZE];
  byte k2[CMAC_MAX_BLOCKSIZE];
} cmac_subkeys_t;

/* A CMAC in progress.  The last block of the message is treated
   differently by the final step, so input is absorbed only once more
   input follows it: LAST holds the 1..blocksize most recent bytes not
   yet absorbed (0 only before any input).  */
typedef struct cmac_state
{
  byte x[CMAC_MAX_BLOCKSIZE];      /* Chaining value.  */
  byte last[CMAC_MAX_BLOCKSIZE];   /* Held-back tail of the input.  */
  unsigned int nlast;              /* Bytes in LAST.  */
} cmac_state_t;

/* 0 for a cipher CMAC can run on (8- or 16-byte blocks), else
   GPG_ERR_INV_CIPHER_MODE, as upstream.  */
gcry_err_code_t _gcry_cmac_check_blocksize (unsigned int blocksize);

/* Derive K1 and K2 from the handle's key (which must be set), in
   constant time.  */
void _gcry_cmac_derive_subkeys (struct gcry_cipher_handle *c,
                                cmac_subkeys_t *subkeys);

/* Start a message: the empty state (all zero).  */
void _gcry_cmac_init (cmac_state_t *state);

/* Absorb LEN bytes (any length, any number of calls).  */
void _gcry_cmac_update (struct gcry_cipher_handle *c, cmac_state_t *state,
                        const byte *in, size_t len);

/* Finish the message and write the full blocksize-byte MAC to MAC
   (outside STATE).  STATE is wiped: it is the empty state again.  */
void _gcry_cmac_final (struct gcry_cipher_handle *c,
                       const cmac_subkeys_t *subkeys, cmac_state_t *state,
                       byte *mac);

/* OUT = IN * x in GF(2^(8*BLOCKSIZE)) with SP 800-38B's big-endian bit
   order (the reduction 0x87 for 128-bit blocks, 0x1b for 64-bit ones):
   the doubling of the subkeys and of SIV's S2V.  Constant time; OUT may
   be IN.  */
static inline void
cmac_double (byte *out, const byte *in, unsigned int blocksize)
{
  /* All ones when the top bit is set: selects the reduction without a
     branch on secret data.  */
  byte mask = (byte) (0 - (in[0] >> 7));
  byte poly = blocksize == 16 ? 0x87 : 0x1b;
  unsigned int i;

  for (i = 0; i + 1 < blocksize; i++)
    out[i] = (byte) ((in[i] << 1) | (in[i + 1] >> 7));
  out[blocksize - 1] = (byte) ((in[blocksize - 1] << 1) ^ (poly & mask));
}

#endif /* CMAC_H */
