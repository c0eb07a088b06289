/* ctr-ctx.h - CTR over an explicit algorithm context: the keystream
 * half of CCM, EAX and SIV.
 *
 * CTR mode proper (cipher-ctr.c) always runs on the handle's first
 * context; SIV encrypts with its second key, so the AEAD modes use this
 * variant, which takes the context as an argument.  The counter and the
 * partly used keystream block are the handle's (c->ctr, c->keystream,
 * c->unused), with CTR mode's rules: the whole block is a big-endian
 * counter, and keystream left over from a partial block is used first
 * by the next call.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CTR_CTX_H
#define CTR_CTX_H

struct gcry_cipher_handle;

/* OUT = IN ^ keystream over LEN bytes under the algorithm context CTX
   (cipher_ctx or cipher_ctx2 of C).  OUT == IN allowed.  */
void _gcry_cipher_ctr_ctx (struct gcry_cipher_handle *c, void *ctx,
                           byte *out, const byte *in, size_t len);

#endif /* CTR_CTX_H */
