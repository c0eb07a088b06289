/* cipher-internal.h - the cipher handle, the algorithm and mode specs,
 * and the bulk-operations contract between generic mode code and
 * accelerated kernels.
 *
 * Three layers meet here:
 *
 *   cipher.c          the public gcry_cipher_* semantics: handle life
 *                     cycle, argument rules, the algorithm registry and
 *                     the mode table.
 *   cipher-<mode>.c   one file per mode: streaming state, length rules,
 *                     error codes.  Written once for every algorithm in
 *                     terms of the bulk operations below.
 *   <algo>.c          one file per algorithm (aes.c ...): the spec entry,
 *                     setkey, and the choice of the kernel that fills the
 *                     bulk operations.
 *
 * A new algorithm is one file plus one entry in cipher.c's registry; a
 * new mode is one file plus one entry in cipher.c's mode table; a new
 * kernel is one entry in the algorithm's kernel table.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef CIPHER_INTERNAL_H
#define CIPHER_INTERNAL_H

#include "ghash.h"         /* ghash_key_t in the GCM mode state.  */
#include "cmac.h"          /* CMAC keys and states of EAX and SIV.  */
#include "poly1305.h"      /* The MAC state of ChaCha20-Poly1305.  */

/* Largest block of any algorithm libgcrypt has (AES, Camellia, ...).  */
#define CIPHER_MAX_BLOCKSIZE 16

/* Every algorithm context starts on this boundary, so kernels may use
   aligned 512-bit loads on round keys and precomputed tables.  */
#define CIPHER_CONTEXT_ALIGN 64


/*
 * The bulk-operations contract.
 *
 * An algorithm's setkey fills this structure with the functions of the
 * kernel it selected for the CPU (the choice is made once, at setkey:
 * no call below tests CPU features again).  A NULL slot means "no
 * accelerated version": the generic mode code then runs the mode itself
 * over ECB_CRYPT, or over the spec's single-block functions when
 * ECB_CRYPT is NULL too.  So an algorithm may fill nothing, and a kernel
 * may fill only the slots where it is faster.
 *
 * Rules common to every slot:
 *  - CTX is the algorithm context inside the handle (64-byte aligned);
 *    kernels read the key schedule from it and never write it.
 *  - Blocks are the algorithm's block size; the 16-byte-only slots are
 *    called only for 16-byte block ciphers.
 *  - OUT == IN is allowed (exact in-place); any other overlap is not.
 *    No alignment is promised for OUT or IN.
 *  - NBLOCKS / NBYTES may be 0: nothing is read or written and the
 *    chaining value is unchanged.
 *  - The chaining value (IV, counter) is updated in place so that a
 *    call split in two gives the same bytes as one call.
 *  - Kernels read and write exactly the bytes the arguments describe:
 *    nothing before or after the buffers (partial final blocks are
 *    loaded and stored byte-exact or with masks).
 *  - Kernels wipe what they spill of keystream or plaintext; mode code
 *    wipes its own stack buffers.
 *
 * Reserved for the modes to come (add the slot with the mode, not
 * before; these are the plans the kernel issues build on):
 *  - XTS: now the xts_crypt slot below (cipher-xts.c runs the generic
 *    path while it is NULL); the second key's context lives after the
 *    first in the handle (cipher_ctx2).
 *  - OCB: now the ocb_enc, ocb_dec and ocb_auth slots below (offsets
 *    computed in the kernel from the tables kept in the handle; partial
 *    final blocks stay in mode code).
 *  - GCM: now the gcm_crypt slot below (stitched CTR + GHASH, and the
 *    GHASH of AAD, on powers of H computed at setkey into the handle's
 *    GCM state).  POLYVAL (for GCM-SIV and HCTR2) is to get the same
 *    with the other bit order.
 */
/* GHASH key of the gcm_crypt kernels: the powers of H in the layout
   they read (cipher/aes-gcm-x86.c computes it), kept in the GCM state;
   ZERO_PAD stays zero (vector loads of the last powers may run into
   it).  64-byte aligned (the handle is): the kernels read the powers
   as 512-bit memory operands, which must not split cache lines.  Holds
   key material: wiped with the handle.  */
typedef struct gcm_bulk_key
{
  byte hpow[32][16];
  byte zero_pad[48];
} __attribute__ ((aligned (64))) gcm_bulk_key_t;

/* What the xctr_crypt slot (below) reads and advances: the IV and the
   XCTR index of the next block, behind one pointer.  One pointer keeps
   the slot at six arguments, all in registers under the SysV AMD64 ABI,
   as ctr_crypt: a seventh would go on the stack, so every caller would
   need a stack frame and the kernel one more load.  The assembly
   kernels read the fields at fixed offsets (cipher/aes-ctr-x86.c pins
   them).  */
typedef struct cipher_xctr_state
{
  byte iv[16] __attribute__ ((aligned (16)));  /* never split (see the
                                                  handle's blocks) */
  u64 index;
} cipher_xctr_state_t;

/* OCB's key-derived tables (cipher-ocb.c fills them at setkey), in the
   layout the ocb_* slots read; the assembly kernels address them at
   fixed offsets (cipher/aes-bulk-x86.c pins them).  L[i] = L_i, one per
   possible ntz of a 64-bit block index, so no L is ever computed on the
   fly; SUMS[j-1] = S_j = L_ntz(1) ^ L_ntz(2) ^ ... ^ L_ntz(j): the
   offset of block w+j is the offset of block w xored with S_j whenever
   w is a multiple of 32 and j <= 31, so a kernel gets the offsets of a
   run of blocks from one base without an ntz per block.  */
#define OCB_L_COUNT 64
#define OCB_SUMS_COUNT 32
typedef struct cipher_ocb_table
{
  byte l[OCB_L_COUNT][16];
  byte sums[OCB_SUMS_COUNT][16];
} __attribute__ ((aligned (64))) cipher_ocb_table_t;

/* One OCB chain as the ocb_* slots advance it: the data (checksum of the
   plaintext) or the AAD (sum of the enciphered blocks).  One pointer,
   so that the slots keep six arguments, all in registers.  */
typedef struct cipher_ocb_chain
{
  byte offset[16];              /* Offset of the last block done.  */
  byte sum[16];                 /* Checksum or sum so far.  */
  u64 nblocks;                  /* Full blocks so far.  */
} cipher_ocb_chain_t;

typedef struct cipher_bulk_ops
{
  /* ECB over NBLOCKS blocks; ENCRYPT nonzero encrypts.  Also the engine
     of the generic paths of every other mode: filling it is what makes
     a multi-block (bitsliced, interleaved) implementation pay off.  */
  void (*ecb_crypt) (void *ctx, byte *out, const byte *in, size_t nblocks,
                     int encrypt);

  /* CBC encryption: C[i] = E(P[i] ^ C[i-1]), C[-1] = IV; IV ends as the
     last ciphertext block.  With CBC_MAC nonzero only the last block is
     stored, to OUT[0..blocksize-1], after all input was read.  */
  void (*cbc_enc) (void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks, int cbc_mac);

  /* CBC decryption: P[i] = D(C[i]) ^ C[i-1]; IV ends as the last
     ciphertext block.  */
  void (*cbc_dec) (void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks);

  /* Full-block CFB: C[i] = P[i] ^ E(C[i-1]), C[-1] = IV; IV ends as the
     last ciphertext block (both directions).  */
  void (*cfb_enc) (void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks);
  void (*cfb_dec) (void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks);

  /* CTR over NBYTES of any length (16-byte blocks only).  CTR is the
     whole 16-byte block as a big-endian counter, the carry running
     through all 16 bytes; it is advanced once per block started,
     including a final partial block.  When NBYTES is not a multiple of
     16, the full keystream block of the final partial block is stored to
     KS_TAIL (16 bytes) so the mode can use its remaining bytes on the
     next call; otherwise KS_TAIL is not written.  */
  void (*ctr_crypt) (void *ctx, byte *ctr, byte *out, const byte *in,
                     size_t nbytes, byte *ks_tail);

  /* XCTR (HCTR2 paper) over NBYTES of any length (16-byte blocks only):
     keystream block I is E(ST->IV ^ le128(I)); the first block of this
     call has I = ST->INDEX, which is advanced once per block started
     (modulo 2^64; the 128-bit sum is used for the blocks).  The
     partial-block rule and KS_TAIL are as for ctr_crypt.  */
  void (*xctr_crypt) (void *ctx, cipher_xctr_state_t *st, byte *out,
                      const byte *in, size_t nbytes, byte *ks_tail);

  /* XTS over NBYTES (16 <= NBYTES <= 2^24), 16-byte blocks only: block
     I is E_or_D (IN[I] ^ T_I) ^ T_I with T_0 the tweak and T_(I+1) =
     T_I * x (GF(2^128), IEEE 1619's little-endian order, reduction
     0x87).  A final partial block is done by ciphertext stealing inside
     the call (decryption undoes the last full block with the partial
     block's tweak first).  With TWEAK_CTX non-NULL (the tweak key's
     context: what cipher-xts.c passes), TWEAK holds the data-unit
     number and T_0 = E (TWEAK_CTX, TWEAK); with TWEAK_CTX NULL, TWEAK
     already holds T_0.  When NBYTES is a multiple of 16, TWEAK ends as
     the tweak of the next block, so such calls with TWEAK_CTX NULL
     chain; after a partial final block its value is unspecified.  The
     caller wipes TWEAK.  */
  void (*xts_crypt) (void *ctx, void *tweak_ctx, byte *tweak, byte *out,
                     const byte *in, size_t nbytes, int encrypt);

  /* GCM (cipher-gcm.c), 16-byte blocks only: one entry, OP selects the
     step (GCM_BULK_*, below).  GKEY is the kernel's GHASH key in the
     handle's GCM state; ACC the GHASH state Y as SP 800-38D writes it.
      - SETKEY: IN is H = E(K, 0^128); fill GKEY.  Called at setkey,
        before any other op.  Nothing else is used.
      - GHASH: absorb IN's NBYTES (a multiple of 16) into ACC.
      - ENCRYPT / DECRYPT: OUT = IN ^ keystream, block i of the
        keystream E(K, CB_i) with CB_0 = CTR and CB_(i+1) = inc32(CB_i)
        (only the low 32 bits count, wrapping); CTR advances by the
        blocks started (one 16-byte store).  Every whole ciphertext
        block (OUT for ENCRYPT, IN for DECRYPT) is absorbed into ACC, in
        the same pass.  A final partial block is crypted, its whole
        keystream block stored to KS_TAIL, its ciphertext NOT absorbed
        (the mode buffers it: the next call may complete the block);
        without one KS_TAIL is not written.
     NBYTES may be 0; OUT == IN allowed.  ENCRYPT and DECRYPT take the
     flags GCM_BULK_EK_J0 and GCM_BULK_TAG (below).  */
  void (*gcm_crypt) (void *ctx, gcm_bulk_key_t *gkey, byte acc[16],
                     byte ctr[16], byte *out, const byte *in,
                     size_t nbytes, byte *ks_tail, int op);

  /* OCB (RFC 7253, cipher-ocb.c) over NBLOCKS full blocks, 16-byte
     blocks only.  TAB is the handle's table (above).  For each block,
     with I = ++CHAIN->nblocks: CHAIN->offset ^= TAB->l[ntz(I)], then
       ocb_enc:  OUT = OFFSET ^ E(IN ^ OFFSET),  CHAIN->sum ^= IN;
       ocb_dec:  OUT = OFFSET ^ D(IN ^ OFFSET),  CHAIN->sum ^= OUT;
       ocb_auth: CHAIN->sum ^= E(ABUF ^ OFFSET).
     Partial final blocks, L_*, L_$ and the tag stay in the mode code.  */
  void (*ocb_enc) (void *ctx, const cipher_ocb_table_t *tab,
                   cipher_ocb_chain_t *chain, byte *out, const byte *in,
                   size_t nblocks);
  void (*ocb_dec) (void *ctx, const cipher_ocb_table_t *tab,
                   cipher_ocb_chain_t *chain, byte *out, const byte *in,
                   size_t nblocks);
  void (*ocb_auth) (void *ctx, const cipher_ocb_table_t *tab,
                    cipher_ocb_chain_t *chain, const byte *abuf,
                    size_t nblocks);

  /* OFB over NBLOCKS full blocks: IV = E(IV), then OUT[i] = IN[i] ^ IV,
     for each block; IV ends as the last keystream block.  Serial, like
     cbc_enc: the keystream stays in a register from block to block
     (cipher-ofb.c otherwise runs one spec->encrypt per block, through
     memory).  */
  void (*ofb_crypt) (void *ctx, byte *iv, byte *out, const byte *in,
                     size_t nblocks);
} cipher_bulk_ops_t;

/* The OP of gcm_crypt.  */
enum
  {
    GCM_BULK_SETKEY,
    GCM_BULK_GHASH,
    GCM_BULK_ENCRYPT,
    GCM_BULK_DECRYPT
  };
/* Flags or'ed into an ENCRYPT or DECRYPT OP; with either, ACC is the
   start of the mode's four adjacent blocks ACC, PENDING, EK_J0, TAG.
    - EK_J0: EK_J0 holds J0; replace it with E(K, J0) (the setiv of a
      message defers that AES call to its first data).
    - TAG: TAG holds the length block [len(A)]_64 || [len(C)]_64 that
      the message has if this call ends it; replace it with the tag of
      that message (GHASH from the new ACC over the zero-padded final
      partial ciphertext block, if any, and the length block, xor
      E(K, J0)), so a gettag right after needs no GHASH of its own;
      and when NBYTES is not a multiple of 16, write that zero-padded
      final partial ciphertext block to PENDING (so the mode copies
      nothing, even in place).
   ACC, CTR and the rest come out as without the flags.  */
#define GCM_BULK_EK_J0 0x100
#define GCM_BULK_TAG   0x200


/*
 * Algorithm specs (one per algorithm file, listed in cipher.c).
 */

typedef struct gcry_cipher_oid_spec
{
  const char *oid;      /* Dotted decimal, without "oid." prefix.  */
  int mode;             /* GCRY_CIPHER_MODE_* the OID implies.  */
} gcry_cipher_oid_spec_t;

/* The operations of a stream cipher (BLOCKSIZE 1, ENCRYPT and DECRYPT
   NULL: no block mode accepts it), which GCRY_CIPHER_MODE_STREAM and
   GCRY_CIPHER_MODE_POLY1305 run on.  The keystream position and the
   unused rest of the current keystream block live in the algorithm
   context, not in the handle's IV or CTR: gcry_cipher_setctr, which
   upstream applies to CTR's counter only, leaves them alone.  */
typedef struct cipher_stream_ops
{
  /* Start the keystream of nonce IV (IVLEN bytes: which lengths are
     taken, and the warning for the others, are the algorithm's, as
     upstream) at its first block, dropping unused keystream.  IV NULL:
     the all-zero nonce, silently (the state setkey leaves).  */
  void (*setiv) (void *ctx, const byte *iv, size_t ivlen);

  /* OUT = IN ^ keystream over LEN bytes (any length; over several calls
     the keystream continues byte-exact).  OUT == IN allowed, no other
     overlap.  */
  void (*crypt) (void *ctx, byte *out, const byte *in, size_t len);
} cipher_stream_ops_t;

typedef struct gcry_cipher_spec
{
  int algo;                             /* GCRY_CIPHER_*  */
  const char *name;                     /* What gcry_cipher_algo_name says. */
  const char *const *aliases;           /* NULL-terminated, or NULL.  */
  const gcry_cipher_oid_spec_t *oids;   /* {NULL,0}-terminated, or NULL.  */
  unsigned int blocksize;               /* Bytes.  */
  unsigned int keylen;                  /* Bits, upstream's nominal value. */
  size_t contextsize;                   /* Bytes of CTX the handle holds.  */

  /* Expand KEY into CTX (zeroed before the first call) and fill BULK
     (zeroed before the call) for the kernel chosen now.  Returns 0,
     GPG_ERR_INV_KEYLEN, or GPG_ERR_WEAK_KEY (CTX then is usable: the
     caller decides whether weak keys are allowed).  On other errors the
     caller wipes CTX.  */
  gcry_err_code_t (*setkey) (void *ctx, const byte *key, size_t keylen,
                             cipher_bulk_ops_t *bulk);

  /* One block; OUT == IN allowed.  */
  void (*encrypt) (void *ctx, byte *out, const byte *in);
  void (*decrypt) (void *ctx, byte *out, const byte *in);
} gcry_cipher_spec_t;

/* A stream cipher's registry entry: its spec, with ENCRYPT and DECRYPT
   NULL and BLOCKSIZE 1, and after it the stream operations.  cipher.c
   lists &entry.spec like any other spec; cipher_stream_ops() finds the
   operations from it.  (Kept out of gcry_cipher_spec_t so that the
   block ciphers' specs, written positionally, stay as they are.)  */
typedef struct cipher_stream_spec
{
  gcry_cipher_spec_t spec;      /* First: a pointer to it is one to the
                                   whole entry.  */
  cipher_stream_ops_t ops;
} cipher_stream_spec_t;

/* The stream operations of SPEC, or NULL for a block cipher.  Every
   spec without ENCRYPT is the SPEC member of a cipher_stream_spec_t.  */
static inline const cipher_stream_ops_t *
cipher_stream_ops (const gcry_cipher_spec_t *spec)
{
  if (spec->encrypt)
    return NULL;
  return &((const cipher_stream_spec_t *) (const void *) spec)->ops;
}

extern const gcry_cipher_spec_t _gcry_cipher_spec_aes;
extern const gcry_cipher_spec_t _gcry_cipher_spec_aes192;
extern const gcry_cipher_spec_t _gcry_cipher_spec_aes256;
/* The other OpenPGP block ciphers (des.c, cast5.c, blowfish.c, idea.c,
   twofish.c, camellia.c).  */
extern const gcry_cipher_spec_t _gcry_cipher_spec_des;
extern const gcry_cipher_spec_t _gcry_cipher_spec_tripledes;
extern const gcry_cipher_spec_t _gcry_cipher_spec_cast5;
extern const gcry_cipher_spec_t _gcry_cipher_spec_blowfish;
extern const gcry_cipher_spec_t _gcry_cipher_spec_idea;
extern const gcry_cipher_spec_t _gcry_cipher_spec_twofish;
extern const gcry_cipher_spec_t _gcry_cipher_spec_twofish128;
extern const gcry_cipher_spec_t _gcry_cipher_spec_camellia128;
extern const gcry_cipher_spec_t _gcry_cipher_spec_camellia192;
extern const gcry_cipher_spec_t _gcry_cipher_spec_camellia256;
extern const cipher_stream_spec_t _gcry_cipher_spec_chacha20;
extern const cipher_stream_spec_t _gcry_cipher_spec_salsa20;
extern const cipher_stream_spec_t _gcry_cipher_spec_salsa20r12;


/*
 * Modes (one file each, listed in cipher.c's mode table).
 */

struct gcry_cipher_handle;
typedef gcry_err_code_t (*cipher_crypt_fn_t) (struct gcry_cipher_handle *c,
                                              byte *out, size_t outsize,
                                              const byte *in, size_t inlen);

typedef struct cipher_mode_spec
{
  int mode;                     /* GCRY_CIPHER_MODE_*  */
  /* 0: any block cipher; else the only block size the mode works with. */
  unsigned int blocksize;
  cipher_crypt_fn_t encrypt;
  cipher_crypt_fn_t decrypt;
  /* NULL: the generic rule (cipher.c: copy up to a block, warn on other
     lengths, as upstream).  */
  gcry_err_code_t (*setiv) (struct gcry_cipher_handle *c, const byte *iv,
                            size_t ivlen);
  /* Called by GCRYCTL_RESET after the generic state was cleared; NULL
     when the generic state is all the mode has.  */
  void (*reset) (struct gcry_cipher_handle *c);
  /* Algorithm contexts the handle holds: 0 or 1 means one; 2 adds a
     second, reached with cipher_ctx2(), and makes setkey take two keys
     of the algorithm, concatenated: the first keys cipher_ctx() (and
     the bulk functions), the second cipher_ctx2() (XTS's tweak key).  */
  unsigned int ncontexts;
  /* Nonzero (with NCONTEXTS below 2): the handle holds a second
     algorithm context, reached with cipher_ctx2(), that setkey does not
     key: the mode keys it itself, with the algorithm and key length of
     the first, so the bulk functions setkey chose serve both (GCM-SIV:
     the first context keeps the key-generating key, the second gets
     each nonce's message-encryption key).  Setkey and close wipe it. */
  unsigned int mode_context;

  /* The AEAD operations; NULL in modes without a tag, which the API
     answers with GPG_ERR_INV_CIPHER_MODE, as upstream.  They serve
     gcry_cipher_authenticate, gcry_cipher_gettag, gcry_cipher_checktag,
     gcry_cipher_info (GCRYCTL_GET_TAGLEN) and gcry_cipher_ctl
     (GCRYCTL_SET_DECRYPTION_TAG); cipher.c has checked the pointer
     arguments (NULL only with a length of 0).  */
  gcry_err_code_t (*authenticate) (struct gcry_cipher_handle *c,
                                   const byte *abuf, size_t abuflen);
  gcry_err_code_t (*get_tag) (struct gcry_cipher_handle *c, byte *tag,
                              size_t taglen);
  gcry_err_code_t (*check_tag) (struct gcry_cipher_handle *c,
                                const byte *tag, size_t taglen);
  gcry_err_code_t (*get_taglen) (struct gcry_cipher_handle *c,
                                 size_t *taglen);
  gcry_err_code_t (*set_decryption_tag) (struct gcry_cipher_handle *c,
                                         const byte *tag, size_t taglen);
  /* GCRYCTL_SET_TAGLEN (cipher.c has checked that the argument is an
     int); NULL: GPG_ERR_INV_CIPHER_MODE, as upstream.  */
  gcry_err_code_t (*set_taglen) (struct gcry_cipher_handle *c, int taglen);

  /* Called by setkey once the algorithm took KEY (the handle is keyed):
     the mode's own key setup (GCM: H) and key rules (GCM-SIV: 16 or 32
     bytes only).  An error fails the setkey as the algorithm's would.
     NULL: nothing to do.  */
  gcry_err_code_t (*setkey_done) (struct gcry_cipher_handle *c,
                                  const byte *key, size_t keylen);

  /* Nonzero: a mode of stream ciphers (cipher_stream_ops), which block
     ciphers do not open; 0: a block cipher mode, which stream ciphers
     do not open (GPG_ERR_INV_CIPHER_MODE, as upstream).  */
  unsigned int stream;
  /* Nonzero: the one algorithm the mode works with (POLY1305:
     ChaCha20, as upstream).  */
  int only_algo;
} cipher_mode_spec_t;

extern const cipher_mode_spec_t _gcry_cipher_mode_ecb;
extern const cipher_mode_spec_t _gcry_cipher_mode_cbc;
extern const cipher_mode_spec_t _gcry_cipher_mode_cfb;
extern const cipher_mode_spec_t _gcry_cipher_mode_cfb8;
extern const cipher_mode_spec_t _gcry_cipher_mode_ofb;
extern const cipher_mode_spec_t _gcry_cipher_mode_ctr;
extern const cipher_mode_spec_t _gcry_cipher_mode_xctr;
extern const cipher_mode_spec_t _gcry_cipher_mode_gcm;
extern const cipher_mode_spec_t _gcry_cipher_mode_gcm_siv;
extern const cipher_mode_spec_t _gcry_cipher_mode_xts;
extern const cipher_mode_spec_t _gcry_cipher_mode_aeswrap;
extern const cipher_mode_spec_t _gcry_cipher_mode_ocb;
extern const cipher_mode_spec_t _gcry_cipher_mode_hctr2;
extern const cipher_mode_spec_t _gcry_cipher_mode_ccm;
extern const cipher_mode_spec_t _gcry_cipher_mode_eax;
extern const cipher_mode_spec_t _gcry_cipher_mode_siv;
extern const cipher_mode_spec_t _gcry_cipher_mode_stream;
extern const cipher_mode_spec_t _gcry_cipher_mode_poly1305;

/* GCRYCTL_SET_CCM_LENGTHS (cipher-ccm.c): the payload, AAD and tag
   lengths CCM needs before its first block.  */
gcry_err_code_t _gcry_cipher_ccm_set_lengths (struct gcry_cipher_handle *c,
                                              u64 datalen, u64 aadlen,
                                              u64 taglen);


/*
 * The handle.  Used by one thread at a time (the application's duty, as
 * upstream); it owns a copy of the expanded key, so the caller's key
 * buffer may be wiped right after setkey.  Allocated in secure memory
 * with GCRY_CIPHER_SECURE, wiped entirely on close.
 */
struct gcry_cipher_handle
{
  unsigned int magic;           /* CIPHER_HANDLE_MAGIC_* while open.  */
  void *alloc_base;             /* What to free: the handle is aligned.  */
  size_t alloc_size;            /* Bytes from ALLOC_BASE to wipe.  */

  const gcry_cipher_spec_t *spec;
  const cipher_mode_spec_t *mode_spec;
  int algo;
  int mode;
  unsigned int flags;           /* GCRY_CIPHER_* open flags, CTS/MAC
                                   toggled by gcry_cipher_ctl.  */
  struct {
    unsigned int key:1;            /* setkey succeeded.  */
    unsigned int iv:1;             /* setiv with an IV.  */
    unsigned int allow_weak_key:1; /* GCRYCTL_SET_ALLOW_WEAK_KEY.  */
    unsigned int finalize:1;       /* GCRYCTL_FINALIZE seen.  */
  } marks;

  /* gcry_cipher_setup_geniv (cipher-geniv.c): kept by setkey and
     GCRYCTL_RESET, as upstream.  METHOD is 0 until set up.  */
  struct {
    int method;                 /* GCRY_CIPHER_GENIV_METHOD_*  */
    unsigned int fixed_len;     /* FIXED_LEN + DYN_LEN <= 16.  */
    unsigned int dyn_len;
    byte fixed[CIPHER_MAX_BLOCKSIZE];
    byte dyn[CIPHER_MAX_BLOCKSIZE];  /* Big-endian, +1 per IV made.  */
  } geniv;

  /* Kernel functions chosen at setkey (see above).  */
  cipher_bulk_ops_t bulk;

  /* Chaining state shared by the classic modes, with upstream's rules:
     IV is the CBC/CFB/OFB register (CFB/OFB keep the current keystream
     block in it while UNUSED > 0), LASTIV the previous CFB register (for
     GCRYCTL_CFB_SYNC), CTR the counter block of CTR mode (set only by
     gcry_cipher_setctr, as upstream), KEYSTREAM the current CTR/XCTR
     keystream block whose last UNUSED bytes are still to be used.
     16-byte aligned (the handle is 64-byte aligned): kernels load and
     store these blocks whole, and a block straddling a cache line --
     and, in one handle of 64, a page: a split store costing tens of
     cycles per call -- would make short messages pay for where the
     allocator happened to put the handle.
     XCTR (cipher-xctr.c) keeps its state, as xctr_crypt takes it, over
     IV and LASTIV, which it has no other use for: GCRYCTL_RESET clears
     it with them (INDEX 0 then stands for the first block), so XCTR
     needs no reset hook -- an indirect call per message that measured
     as 7% of a 16-byte XCTR message.  */
  union
  {
    struct
    {
      byte iv[CIPHER_MAX_BLOCKSIZE] __attribute__ ((aligned (16)));
      byte lastiv[CIPHER_MAX_BLOCKSIZE] __attribute__ ((aligned (16)));
    };
    cipher_xctr_state_t xctr;
  };
  byte ctr[CIPHER_MAX_BLOCKSIZE] __attribute__ ((aligned (16)));
  byte keystream[CIPHER_MAX_BLOCKSIZE] __attribute__ ((aligned (16)));
  size_t unused;

  /* Mode-specific state.  Modes with more state than the above (XTS
     tweak key, OCB L table, GCM powers of H) add a member to this union
     together with their mode file.  */
  union {
    struct {
      /* GCM (cipher-gcm.c).  The counter block is c->ctr, the partly
         used keystream block c->keystream/c->unused.  */
      ghash_key_t ghash;        /* H and its powers, from setkey.  */
      gcm_bulk_key_t bulk_key;  /* The same for bulk.gcm_crypt.  */
      byte acc[16];             /* GHASH of the message so far.  */
      byte pending[16];         /* Input waiting to fill a GHASH block. */
      byte ek_j0[16];           /* E(K, J0): masks the tag.  */
      byte tag[16];             /* The tag once TAG_DONE.  */
      u64 aadlen;               /* Bytes of AAD so far.  */
      u64 datalen;              /* Bytes of data so far.  */
      unsigned int npending;    /* Bytes in PENDING.  */
      unsigned int aad_done:1;  /* Data started: no more AAD.  */
      unsigned int tag_done:1;  /* Tag computed: message over.  */
      unsigned int over_limit:1; /* A length limit was passed.  */
      unsigned int ek_j0_pending:1; /* EK_J0 still holds J0.  */
      unsigned int tag_ready:1; /* TAG holds the tag if nothing follows. */
    } gcm;
    struct {
      /* GCM-SIV (cipher-gcm-siv.c).  */
      ghash_key_t polyval;      /* Message-authentication key.  */
      byte acc[16];             /* POLYVAL of the message so far.  */
      byte pending[16];         /* Input waiting to fill a block.  */
      byte tag[16];             /* Computed, or set for decryption.  */
      byte nonce[12];
      u64 aadlen;               /* Bytes of AAD so far.  */
      u64 datalen;              /* Bytes of data so far.  */
      /* Chosen at setkey with the key-generating key (in cipher_ctx;
         each nonce's message-encryption key goes to cipher_ctx2).  */
      const struct ghash_kernel *polyval_kernel;
      unsigned int keylen;      /* Key length: 16 or 32.  */
      unsigned int npending;    /* Bytes in PENDING.  */
      unsigned int aad_done:1;  /* Data started: no more AAD.  */
      unsigned int data_done:1; /* The one encrypt/decrypt happened.  */
      unsigned int tag_set:1;   /* TAG holds a tag.  */
      unsigned int over_limit:1; /* A length limit was passed.  */
    } gcm_siv;
    struct {
      /* Unpadded length of the last KWP unwrap, 4 bytes big-endian (0
         after KW), for gcry_cipher_info (GCRYCTL_GET_KEYLEN).  */
      byte plen[4];
    } wrap;
    struct {
      /* OCB (cipher-ocb.c).  Derived from the key at setkey, kept by
         reset: L_* = E(K, 0), L_$ = double(L_*), L_i = double^(i+1)(L_$),
         and the table the ocb_* slots read.  */
      byte l_star[16];
      byte l_dollar[16];
      cipher_ocb_table_t table;
      /* The message.  */
      cipher_ocb_chain_t data;  /* Offset and checksum of the data.  */
      cipher_ocb_chain_t aad;   /* Offset and sum of the AAD blocks.  */
      byte aad_pending[16];     /* AAD waiting to fill a block.  */
      byte tag[16];             /* After the data: E(...) of the tag;
                                   with TAG_DONE: the full tag.  */
      unsigned int aad_npending; /* Bytes in AAD_PENDING.  */
      unsigned int taglen;      /* 8, 12 or 16 (GCRYCTL_SET_TAGLEN).  */
      unsigned int data_done:1; /* The last chunk (FINALIZE) was done.  */
      unsigned int tag_done:1;  /* HASH(K, A) added: no more AAD.  */
    } ocb;
    struct {
      /* HCTR2 (cipher-hctr2.c), all from setkey and setiv.  */
      ghash_key_t polyval;      /* h = E(K, le128(0)).  */
      byte l[16];               /* L = E(K, le128(1)).  */
      /* POLYVAL state after the tweak length block and the padded
         tweak: [0] for messages whose part after the first block is a
         block multiple, [1] for the others.  */
      byte tweak_acc[2][16];
    } hctr2;
    struct {
      /* CCM (cipher-ccm.c).  The counter block is c->ctr (A_1 on once
         the lengths are set), the partly used keystream c->keystream.  */
      byte mac[16];             /* CBC-MAC chaining value; the tag once
                                   TAG_DONE.  */
      byte pending[16];         /* MAC input waiting to fill a block.  */
      byte s0[16];              /* E(K, A_0): masks the tag.  */
      u64 aad_left;             /* AAD bytes still to come.  */
      u64 data_left;            /* Payload bytes still to come.  */
      unsigned int npending;    /* Bytes in PENDING.  */
      unsigned int taglen;      /* M: 4..16, 0 until the lengths.  */
      unsigned int noncelen;    /* 7..13, from setiv.  Kept here, not
                                   read back from c->ctr, which
                                   gcry_cipher_setctr may overwrite.  */
      unsigned int nonce_set:1; /* setiv took a nonce.  */
      unsigned int lengths_set:1; /* GCRYCTL_SET_CCM_LENGTHS done.  */
      unsigned int tag_done:1;  /* MAC holds the tag.  */
    } ccm;
    struct {
      /* EAX (cipher-eax.c).  The counter block is c->ctr.  */
      cmac_subkeys_t subkeys;   /* From setkey, kept by reset.  */
      cmac_state_t header;      /* OMAC^1 over the AAD so far.  */
      cmac_state_t data;        /* OMAC^2 over the ciphertext so far.  */
      byte nonce_mac[CMAC_MAX_BLOCKSIZE]; /* N = OMAC^0(nonce).  */
      byte tag[CMAC_MAX_BLOCKSIZE];       /* With TAG_DONE.  */
      unsigned int nonce_set:1; /* N, HEADER and DATA are started.  */
      unsigned int tag_done:1;  /* The message is over.  */
    } eax;
    struct {
      /* SIV (cipher-siv.c).  S2V runs on the first key (cipher_ctx),
         CTR on the second (cipher_ctx2) with the counter in c->ctr.  */
      cmac_subkeys_t subkeys;   /* From setkey, kept by reset.  */
      byte d_init[16];          /* CMAC(K1, 0^128): S2V's starting D.  */
      byte d[16];               /* S2V's D after the AD so far.  */
      byte v[16];               /* The SIV, once TAG_DONE.  */
      byte dec_tag[16];         /* GCRYCTL_SET_DECRYPTION_TAG.  */
      unsigned int ncomponents; /* S2V inputs so far (AD and nonce).  */
      unsigned int nonce_set:1; /* The nonce (last AD) was given.  */
      unsigned int dec_tag_set:1;
      unsigned int tag_done:1;  /* The one encrypt/decrypt, or the tag of
                                   an empty message, happened.  */
    } siv;
    struct {
      /* ChaCha20-Poly1305 (RFC 8439, cipher-poly1305.c).  The ChaCha20
         keystream runs in the algorithm context; MAC is keyed with the
         first 32 bytes of the nonce's first keystream block when the
         message first needs it.  */
      poly1305_context_t mac;
      u64 aadlen;               /* Bytes of AAD so far.  */
      u64 datalen;              /* Bytes of data so far.  */
      byte tag[16];             /* With TAG_DONE.  */
      /* Until MAC is keyed, the AAD so far (AADLEN bytes, when they fit);
         after, keystream made with the MAC key's block: bytes BUF_POS
         .. BUF_END - 1 come next, before the stream.  */
      byte buf[192];
      unsigned int buf_pos;
      unsigned int buf_end;
      unsigned int mac_keyed:1; /* MAC holds this message's key.  */
      unsigned int data_started:1; /* AAD padded: no more AAD.  */
      unsigned int tag_done:1;  /* The message is over.  */
    } poly1305;
  } u_mode;

  /* The algorithm context (spec->contextsize bytes) follows at the next
     CIPHER_CONTEXT_ALIGN boundary; use cipher_ctx().  */
  byte context[] __attribute__ ((aligned (CIPHER_CONTEXT_ALIGN)));
};

/* cipher.c aligns the handle itself, so this makes the context
   aligned.  */
_Static_assert (offsetof (struct gcry_cipher_handle, context)
                % CIPHER_CONTEXT_ALIGN == 0,
                "algorithm context must be 64-byte aligned in the handle");

/* Reset clears XCTR's state by wiping IV and LASTIV: it must lie within
   them.  */
_Static_assert (sizeof (cipher_xctr_state_t) <= 2 * CIPHER_MAX_BLOCKSIZE,
                "the XCTR state must fit over the handle's IV and LASTIV");

#define CIPHER_HANDLE_MAGIC_NORMAL 0x63686e31u   /* "chn1" */
#define CIPHER_HANDLE_MAGIC_SECURE 0x63687331u   /* "chs1" */

static inline void *
cipher_ctx (struct gcry_cipher_handle *c)
{
  return c->context;
}

/* Where a two-context mode's second context starts: after the first,
   at the next CIPHER_CONTEXT_ALIGN boundary.  */
static inline size_t
cipher_ctx2_offset (const gcry_cipher_spec_t *spec)
{
  return (spec->contextsize + CIPHER_CONTEXT_ALIGN - 1)
         & ~(size_t) (CIPHER_CONTEXT_ALIGN - 1);
}

/* Bytes from cipher_ctx() that hold algorithm contexts: what open
   allocates and setkey wipes.  */
static inline size_t
cipher_ctx_bytes (const gcry_cipher_spec_t *spec,
                  const cipher_mode_spec_t *mode_spec)
{
  if (mode_spec->ncontexts == 2 || mode_spec->mode_context)
    return cipher_ctx2_offset (spec) + spec->contextsize;
  return spec->contextsize;
}

/* The second algorithm context of a mode with ncontexts == 2 or
   mode_context.  */
static inline void *
cipher_ctx2 (struct gcry_cipher_handle *c)
{
  return c->context + cipher_ctx2_offset (c->spec);
}


/*
 * Helpers for the mode files (cipher.c).
 */

/* ECB over NBLOCKS blocks through the kernel's ecb_crypt, or block by
   block through the spec when there is none.  The generic engine.  */
void _gcry_cipher_ecb_blocks (struct gcry_cipher_handle *c, byte *out,
                              const byte *in, size_t nblocks, int encrypt);

/* How many blocks the generic paths batch per ecb_crypt call, and so the
   size of their stack buffers.  8 keeps a bitsliced or 8-way kernel
   busy and the buffers at 128 bytes.  */
#define CIPHER_GENERIC_BATCH 8

/* Wipe N bytes at P, inline: for the small stack buffers and state
   fields of the modes, where a call into wipememory (an out-of-line
   memset through a volatile pointer) costs more than the stores.  The
   empty asm may read P's bytes, so the compiler must keep the zeroing
   even of a buffer that is dead afterwards.  */
static inline void
cipher_wipe (void *p, size_t n)
{
  __builtin_memset (p, 0, n);
  __asm__ volatile ("" : : "r" (p) : "memory");
}

/* OUT = A ^ B over N bytes; any of them may be the same buffer (but
   not overlap one another otherwise).  Eight bytes at a time, each word
   read whole before it is written: a 16-byte block is two steps, where
   a byte loop costs dozens of instructions (or a vector loop's alias
   checks and setup) at every call.  */
static inline void
cipher_xor (byte *out, const byte *a, const byte *b, size_t n)
{
  size_t i = 0;
  u64 x, y;

  for (; i + 8 <= n; i += 8)
    {
      __builtin_memcpy (&x, a + i, 8);
      __builtin_memcpy (&y, b + i, 8);
      x ^= y;
      __builtin_memcpy (out + i, &x, 8);
    }
  for (; i < n; i++)
    out[i] = a[i] ^ b[i];
}

/* Byte-order loads and stores at any alignment: one memory access each
   (plus a byte swap where the machine's order differs), for the modes'
   counters, lengths and tweaks.  */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
# define CIPHER_BE32(v) __builtin_bswap32 (v)
# define CIPHER_BE64(v) __builtin_bswap64 (v)
# define CIPHER_LE32(v) (v)
# define CIPHER_LE64(v) (v)
#else
# define CIPHER_BE32(v) (v)
# define CIPHER_BE64(v) (v)
# define CIPHER_LE32(v) __builtin_bswap32 (v)
# define CIPHER_LE64(v) __builtin_bswap64 (v)
#endif

#define CIPHER_DEFINE_BYTE_ORDER(name, type, swap)                      \
  static inline type                                                    \
  cipher_get_##name (const byte *p)                                     \
  {                                                                     \
    type v;                                                             \
    __builtin_memcpy (&v, p, sizeof v);                                 \
    return swap (v);                                                    \
  }                                                                     \
  static inline void                                                    \
  cipher_put_##name (byte *p, type v)                                   \
  {                                                                     \
    v = swap (v);                                                       \
    __builtin_memcpy (p, &v, sizeof v);                                 \
  }
CIPHER_DEFINE_BYTE_ORDER (be32, u32, CIPHER_BE32)
CIPHER_DEFINE_BYTE_ORDER (be64, u64, CIPHER_BE64)
CIPHER_DEFINE_BYTE_ORDER (le32, u32, CIPHER_LE32)
CIPHER_DEFINE_BYTE_ORDER (le64, u64, CIPHER_LE64)
#undef CIPHER_DEFINE_BYTE_ORDER

/* GHASH (POLYVAL nonzero: POLYVAL) of a byte stream into ACC with KEY:
   PENDING (16 bytes) collects input until a block is full, *NPENDING
   its bytes.  The GCM and GCM-SIV message state both run on it.  */
static inline void
cipher_hash_bytes (const ghash_key_t *key, int polyval, byte *acc,
                   byte *pending, unsigned int *npending,
                   const byte *buf, size_t len)
{
  void (*update) (const ghash_key_t *, byte *, const byte *, size_t)
    = polyval ? key->kernel->polyval : key->kernel->ghash;
  unsigned int held = *npending;
  size_t n;

  if (!len)
    return;
  if (held)
    {
      n = GHASH_BLOCKSIZE - held;
      if (n > len)
        n = len;
      __builtin_memcpy (pending + held, buf, n);
      held += n;
      buf += n;
      len -= n;
      if (held < GHASH_BLOCKSIZE)
        {
          *npending = held;
          return;
        }
      update (key, acc, pending, 1);
    }
  n = len / GHASH_BLOCKSIZE;
  if (n)
    update (key, acc, buf, n);
  buf += n * GHASH_BLOCKSIZE;
  len -= n * GHASH_BLOCKSIZE;
  __builtin_memcpy (pending, buf, len);
  *npending = len;
}

/* Hash the held bytes zero-padded to a block, then wipe them.  */
static inline void
cipher_hash_pad (const ghash_key_t *key, int polyval, byte *acc,
                 byte *pending, unsigned int *npending)
{
  unsigned int held = *npending;

  if (!held)
    return;
  __builtin_memset (pending + held, 0, GHASH_BLOCKSIZE - held);
  (polyval ? key->kernel->polyval : key->kernel->ghash) (key, acc, pending,
                                                         1);
  wipememory (pending, GHASH_BLOCKSIZE);
  *npending = 0;
}

#endif /* CIPHER_INTERNAL_H */
