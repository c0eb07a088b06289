/* gcrypt-int.h - what every file inside the library includes first.
 *
 * Naming: public entry points are gcry_* and live in src/visibility.c as
 * thin wrappers; everything behind them is _gcry_* and never exported
 * (src/libgcrypt.vers exports gcry_* only).  Library code calls the
 * _gcry_* names, never the public ones, so no call inside the library goes
 * through the PLT or can be interposed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRYPT_INT_H
#define GCRYPT_INT_H

#include <config.h>

#define _GCRYPT_IN_LIBGCRYPT 1
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include "gcrypt.h"

typedef uint8_t  byte;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

#if defined(__GNUC__)
# define GCC_ATTR_NORETURN  __attribute__ ((__noreturn__))
# define GCC_ATTR_UNUSED    __attribute__ ((__unused__))
# define GCC_ATTR_PRINTF(f,a) __attribute__ ((format (printf,f,a)))
# define LIKELY(x)   __builtin_expect (!!(x), 1)
# define UNLIKELY(x) __builtin_expect (!!(x), 0)
#else
# define GCC_ATTR_NORETURN
# define GCC_ATTR_UNUSED
# define GCC_ATTR_PRINTF(f,a)
# define LIKELY(x)   (x)
# define UNLIKELY(x) (x)
#endif

/* Errors made inside the library carry GPG_ERR_SOURCE_GCRYPT: gpg_error()
   uses GPG_ERR_SOURCE_DEFAULT, which the build sets to that source.  */
static inline gcry_error_t
_gcry_error (gcry_err_code_t code)
{
  return gpg_err_make (GPG_ERR_SOURCE_GCRYPT, code);
}


/*
 * Wiping.  The compiler may not drop these stores: the volatile function
 * pointer hides memset's effect from dead-store elimination.
 */
void _gcry_wipememory (void *p, size_t n);
#define wipememory(p, n) _gcry_wipememory ((p), (n))

/* Constant-time comparison: 0 if equal, nonzero otherwise; the time taken
   depends on N only.  */
int _gcry_ct_memcmp (const void *a, const void *b, size_t n);


/*
 * Global state (src/global.c).
 */

/* Run the one-time initialisation if it has not run yet; thread-safe.
   Every public entry point that needs the library set up calls it, so
   the done case is an inline acquire load (a handle operation pays no
   call into pthread_once; that cost ~12 cycles per gcry_cipher_ctl).  */
extern int _gcry_global_init_done;
void _gcry_global_init_slow (void);

static inline void
_gcry_global_init (void)
{
  if (__builtin_expect (!__atomic_load_n (&_gcry_global_init_done,
                                          __ATOMIC_ACQUIRE), 0))
    _gcry_global_init_slow ();
}

/* Nonzero once initialisation has run (the library is in use).  */
int _gcry_global_is_initialized (void);

int _gcry_get_debug_flag (unsigned int mask);
int _gcry_get_verbosity (void);


/*
 * Logging and fatal errors (src/misc.c).
 */

void _gcry_log (int level, const char *fmt, ...) GCC_ATTR_PRINTF(2,3);
void _gcry_logv (int level, const char *fmt, va_list ap);
void _gcry_log_info (const char *fmt, ...) GCC_ATTR_PRINTF(1,2);
void _gcry_log_error (const char *fmt, ...) GCC_ATTR_PRINTF(1,2);
void _gcry_log_debug (const char *fmt, ...) GCC_ATTR_PRINTF(1,2);
void _gcry_log_bug (const char *fmt, ...)
  GCC_ATTR_PRINTF(1,2) GCC_ATTR_NORETURN;
void _gcry_log_fatal (const char *fmt, ...)
  GCC_ATTR_PRINTF(1,2) GCC_ATTR_NORETURN;

/* Calls the fatal-error handler (or logs and aborts); never returns.  */
void _gcry_fatal_error (int rc, const char *text) GCC_ATTR_NORETURN;

void _gcry_set_log_handler (gcry_handler_log_t f, void *opaque);
void _gcry_set_fatalerror_handler (gcry_handler_error_t fnc, void *opaque);
void _gcry_set_gettext_handler (const char *(*f)(const char*));
void _gcry_set_progress_handler (gcry_handler_progress_t cb, void *cb_data);
void _gcry_progress (const char *what, int printchar, int current, int total);

#define gcry_assert(expr) \
  ((expr) ? (void) 0 : _gcry_log_bug ("assertion \"%s\" failed (%s:%d)", \
                                      #expr, __FILE__, __LINE__))


/*
 * Memory (src/stdmem.c, src/secmem.c).
 */

void *_gcry_malloc (size_t n);
void *_gcry_calloc (size_t n, size_t m);
void *_gcry_malloc_secure (size_t n);
void *_gcry_calloc_secure (size_t n, size_t m);
void *_gcry_realloc (void *a, size_t n);
char *_gcry_strdup (const char *string);
void *_gcry_xmalloc (size_t n);
void *_gcry_xcalloc (size_t n, size_t m);
void *_gcry_xmalloc_secure (size_t n);
void *_gcry_xcalloc_secure (size_t n, size_t m);
void *_gcry_xrealloc (void *a, size_t n);
char *_gcry_xstrdup (const char *a);
void  _gcry_free (void *a);
int   _gcry_is_secure (const void *a);

void _gcry_set_allocation_handler (gcry_handler_alloc_t func_alloc,
                                   gcry_handler_alloc_t func_alloc_secure,
                                   gcry_handler_secure_check_t func_secure_check,
                                   gcry_handler_realloc_t func_realloc,
                                   gcry_handler_free_t func_free);
void _gcry_set_outofcore_handler (gcry_handler_no_mem_t h, void *opaque);


/*
 * CPU features (src/hwf-x86.c, src/hwfeatures.c).
 *
 * Bit numbers are internal; programs see only the names (upstream's,
 * e.g. "intel-avx512"), which is what GCRYCTL_DISABLE_HWF and
 * /etc/gcrypt/hwf.deny use.
 */
#define HWF_INTEL_CPU           (1u << 0)
#define HWF_INTEL_FAST_SHLD     (1u << 1)
#define HWF_INTEL_BMI2          (1u << 2)
#define HWF_INTEL_SSSE3         (1u << 3)
#define HWF_INTEL_SSE4_1        (1u << 4)
#define HWF_INTEL_PCLMUL        (1u << 5)
#define HWF_INTEL_AESNI         (1u << 6)
#define HWF_INTEL_RDRAND        (1u << 7)
#define HWF_INTEL_AVX           (1u << 8)
#define HWF_INTEL_AVX2          (1u << 9)
#define HWF_INTEL_FAST_VPGATHER (1u << 10)
#define HWF_INTEL_RDTSC         (1u << 11)
#define HWF_INTEL_SHAEXT        (1u << 12)
#define HWF_INTEL_VAES_VPCLMUL  (1u << 13)
#define HWF_INTEL_AVX512        (1u << 14)
#define HWF_INTEL_GFNI          (1u << 15)
/* Project-specific: 512-bit (zmm) vectors are worth using here.  Set by
   the policy in src/hwfeatures.c on AVX-512 CPUs that do not lose clock
   speed on zmm code; disabling it ("x86-zmm") keeps kernels on 256-bit
   vectors.  */
#define HWF_X86_ZMM             (1u << 16)
/* Project-specific: vector units are fast enough for vectorised hashing
   (BLAKE2 and friends) to beat the scalar code; cleared by the policy on
   CPUs with high-latency vector units.  */
#define HWF_X86_FAST_VECTOR     (1u << 17)

/* The features in use now: detected, minus policy, minus what was
   disabled.  Stable once the library is initialised.  */
unsigned int _gcry_get_hw_features (void);


/*
 * Which kernel serves each accelerated primitive (the "kernel-*" lines of
 * gcry_get_config and GCRYCTL_PRINT_CONFIG).  Each algorithm family with
 * more than one implementation exports one NULL-terminated array; the
 * list of arrays is in src/global.c.  CURRENT answers for a feature mask,
 * so the report shows what a setkey would choose right now.
 */
typedef struct gcry_kernel_report
{
  const char *primitive;                    /* e.g. "aes-ctr"  */
  const char *(*current) (unsigned int hwf); /* e.g. "aesni"    */
} gcry_kernel_report_t;

/* The arrays, one per family, each defined in the file named.  */
extern const gcry_kernel_report_t _gcry_aes_kernel_reports[];      /* aes.c */
extern const gcry_kernel_report_t _gcry_ghash_kernel_reports[];  /* ghash.c */
extern const gcry_kernel_report_t _gcry_blake2_kernel_reports[]; /* blake2.c */
extern const gcry_kernel_report_t _gcry_sha_kernel_reports[];     /* sha1.c */
extern const gcry_kernel_report_t _gcry_poly1305_kernel_reports[];
extern const gcry_kernel_report_t _gcry_keccak_kernel_reports[]; /* keccak.c */
extern const gcry_kernel_report_t _gcry_crc_kernel_reports[];      /* crc.c */
extern const gcry_kernel_report_t _gcry_sm3_kernel_reports[];      /* sm3.c */
extern const gcry_kernel_report_t _gcry_kdf_kernel_reports[];      /* kdf.c */
extern const gcry_kernel_report_t _gcry_chacha20_kernel_reports[]; /* chacha20.c */

#endif /* GCRYPT_INT_H */
