/* cipher-serial.h - the serial bulk slots of a portable block cipher
 * (CBC encryption, CFB encryption, OFB), stamped out from its one-block
 * encryption on words.
 *
 * These modes chain every block on the one before, so a block cipher
 * that is fast on many blocks at once (its ecb_crypt) gains nothing
 * there; what costs is the work around the cipher in the generic mode
 * code: an indirect call per block, the chaining value kept in the
 * handle, a separate XOR and copy, and -- the larger part -- the chain
 * running through memory, where a block stored as two 32-bit words and
 * loaded back as one 64-bit word cannot be forwarded from the stores
 * and waits for them.  These slots keep the chaining value in
 * registers from the first block to the last and call the cipher's
 * block function directly (the compiler inlines it).
 *
 * Use, in an algorithm file, after its one-block function on words:
 *
 *   CIPHER_DEFINE_SERIAL_SLOTS_64 (name, fn)
 *     u64 fn (const void *ctx, u64 block): the 8-byte block as a
 *     big-endian number in, its encryption out.
 *
 *   CIPHER_DEFINE_SERIAL_SLOTS_128 (name, order, fn)
 *     void fn (const void *ctx, u64 *first, u64 *second): the halves of
 *     the 16-byte block read with cipher_get_<order>64 (ORDER be or le,
 *     whichever the cipher's words use), encrypted in place.
 *
 * Either defines name_cbc_enc, name_cfb_enc and name_ofb_crypt, with
 * the contract of cipher-internal.h's cipher_bulk_ops_t; setkey stores
 * them with CIPHER_SET_SERIAL_SLOTS.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CIPHER_SERIAL_H
#define CIPHER_SERIAL_H

#define CIPHER_DEFINE_SERIAL_SLOTS_64(name, fn)                         \
  static void                                                           \
  name##_cbc_enc (void *ctx, byte *iv, byte *out, const byte *in,       \
                  size_t nblocks, int cbc_mac)                          \
  {                                                                     \
    u64 reg_;                                                           \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    reg_ = cipher_get_be64 (iv);                                        \
    for (; nblocks; nblocks--, in += 8)                                 \
      {                                                                 \
        reg_ = fn (ctx, reg_ ^ cipher_get_be64 (in));                   \
        if (!cbc_mac)                                                   \
          {                                                             \
            cipher_put_be64 (out, reg_);                                \
            out += 8;                                                   \
          }                                                             \
      }                                                                 \
    if (cbc_mac)                                                        \
      cipher_put_be64 (out, reg_);                                      \
    cipher_put_be64 (iv, reg_);                                         \
  }                                                                     \
                                                                        \
  static void                                                           \
  name##_cfb_enc (void *ctx, byte *iv, byte *out, const byte *in,       \
                  size_t nblocks)                                       \
  {                                                                     \
    u64 reg_;                                                           \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    reg_ = cipher_get_be64 (iv);                                        \
    for (; nblocks; nblocks--, in += 8, out += 8)                       \
      {                                                                 \
        reg_ = fn (ctx, reg_) ^ cipher_get_be64 (in);                   \
        cipher_put_be64 (out, reg_);                                    \
      }                                                                 \
    cipher_put_be64 (iv, reg_);                                         \
  }                                                                     \
                                                                        \
  static void                                                           \
  name##_ofb_crypt (void *ctx, byte *iv, byte *out, const byte *in,     \
                    size_t nblocks)                                     \
  {                                                                     \
    u64 reg_;                                                           \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    reg_ = cipher_get_be64 (iv);                                        \
    for (; nblocks; nblocks--, in += 8, out += 8)                       \
      {                                                                 \
        reg_ = fn (ctx, reg_);                                          \
        cipher_put_be64 (out, reg_ ^ cipher_get_be64 (in));             \
      }                                                                 \
    cipher_put_be64 (iv, reg_);                                         \
  }

#define CIPHER_DEFINE_SERIAL_SLOTS_128(name, order, fn)                 \
  static void                                                           \
  name##_cbc_enc (void *ctx, byte *iv, byte *out, const byte *in,       \
                  size_t nblocks, int cbc_mac)                          \
  {                                                                     \
    u64 a_, b_;                                                         \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    a_ = cipher_get_##order##64 (iv);                                   \
    b_ = cipher_get_##order##64 (iv + 8);                               \
    for (; nblocks; nblocks--, in += 16)                                \
      {                                                                 \
        a_ ^= cipher_get_##order##64 (in);                              \
        b_ ^= cipher_get_##order##64 (in + 8);                          \
        fn (ctx, &a_, &b_);                                             \
        if (!cbc_mac)                                                   \
          {                                                             \
            cipher_put_##order##64 (out, a_);                           \
            cipher_put_##order##64 (out + 8, b_);                       \
            out += 16;                                                  \
          }                                                             \
      }                                                                 \
    if (cbc_mac)                                                        \
      {                                                                 \
        cipher_put_##order##64 (out, a_);                               \
        cipher_put_##order##64 (out + 8, b_);                           \
      }                                                                 \
    cipher_put_##order##64 (iv, a_);                                    \
    cipher_put_##order##64 (iv + 8, b_);                                \
  }                                                                     \
                                                                        \
  static void                                                           \
  name##_cfb_enc (void *ctx, byte *iv, byte *out, const byte *in,       \
                  size_t nblocks)                                       \
  {                                                                     \
    u64 a_, b_;                                                         \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    a_ = cipher_get_##order##64 (iv);                                   \
    b_ = cipher_get_##order##64 (iv + 8);                               \
    for (; nblocks; nblocks--, in += 16, out += 16)                     \
      {                                                                 \
        fn (ctx, &a_, &b_);                                             \
        a_ ^= cipher_get_##order##64 (in);                              \
        b_ ^= cipher_get_##order##64 (in + 8);                          \
        cipher_put_##order##64 (out, a_);                               \
        cipher_put_##order##64 (out + 8, b_);                           \
      }                                                                 \
    cipher_put_##order##64 (iv, a_);                                    \
    cipher_put_##order##64 (iv + 8, b_);                                \
  }                                                                     \
                                                                        \
  static void                                                           \
  name##_ofb_crypt (void *ctx, byte *iv, byte *out, const byte *in,     \
                    size_t nblocks)                                     \
  {                                                                     \
    u64 a_, b_;                                                         \
                                                                        \
    if (!nblocks)                                                       \
      return;                                                           \
    a_ = cipher_get_##order##64 (iv);                                   \
    b_ = cipher_get_##order##64 (iv + 8);                               \
    for (; nblocks; nblocks--, in += 16, out += 16)                     \
      {                                                                 \
        fn (ctx, &a_, &b_);                                             \
        cipher_put_##order##64 (out, a_ ^ cipher_get_##order##64 (in)); \
        cipher_put_##order##64 (out + 8,                                \
                                b_ ^ cipher_get_##order##64 (in + 8));  \
      }                                                                 \
    cipher_put_##order##64 (iv, a_);                                    \
    cipher_put_##order##64 (iv + 8, b_);                                \
  }

/* Store the three slots in BULK.  */
#define CIPHER_SET_SERIAL_SLOTS(bulk, name)                             \
  do                                                                    \
    {                                                                   \
      (bulk)->cbc_enc = name##_cbc_enc;                                 \
      (bulk)->cfb_enc = name##_cfb_enc;                                 \
      (bulk)->ofb_crypt = name##_ofb_crypt;                             \
    }                                                                   \
  while (0)

#endif /* CIPHER_SERIAL_H */
