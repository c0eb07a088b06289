/* random.h - the random subsystem (src/random.c) as the rest of the
 * library sees it: the functions behind the public gcry_randomize family
 * (src/visibility.c) and the gcry_control commands (src/global.c).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_RANDOM_H
#define GCRY_RANDOM_H

/* The public API, same semantics.  */
void _gcry_randomize (void *buffer, size_t length,
                      enum gcry_random_level level);
void *_gcry_random_bytes (size_t nbytes, enum gcry_random_level level);
void *_gcry_random_bytes_secure (size_t nbytes,
                                 enum gcry_random_level level);
void _gcry_create_nonce (void *buffer, size_t length);
gcry_err_code_t _gcry_random_add_bytes (const void *buffer, size_t length,
                                        int quality);

/* gcry_control commands.  */
gcry_err_code_t _gcry_random_set_seed_file (const char *name);
void _gcry_random_update_seed_file (void);       /* UPDATE_RANDOM_SEED_FILE */
void _gcry_random_fast_poll (void);              /* FAST_POLL */
void _gcry_random_close_fds (void);              /* CLOSE_RANDOM_DEVICE */
void _gcry_random_dump_stats (void);             /* DUMP_RANDOM_STATS */
void _gcry_random_enable_quick (void);           /* ENABLE_QUICK_RANDOM */
int _gcry_random_is_faked (void);                /* FAKED_RANDOM_P */
void _gcry_random_set_preferred_type (int type); /* SET_PREFERRED_RNG_TYPE */
int _gcry_random_get_type (void);                /* GET_CURRENT_RNG_TYPE */
gcry_err_code_t _gcry_random_drbg_reinit (const char *flags,
                                          const gcry_buffer_t *pers,
                                          int npers); /* DRBG_REINIT */
gcry_err_code_t _gcry_random_selftest (void);    /* SELFTEST */

/* The entropy modules compiled in, for gcry_get_config's "rnd-mod"
   line (upstream's module names).  */
const char *_gcry_random_module_names (void);

#endif /* GCRY_RANDOM_H */
