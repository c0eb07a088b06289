/* hwf-common.h - CPU feature detection: what hwfeatures.c, hwf-x86.c and
 * global.c share.
 *
 * The feature bits themselves (HWF_*) and _gcry_get_hw_features are in
 * gcrypt-int.h, since every algorithm needs them; this header holds the
 * set-up side: detection, the deny list, the vector policy and the names.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef HWF_COMMON_H
#define HWF_COMMON_H

/*
 * Public side (src/hwfeatures.c), used by src/global.c.
 */

/* Disable the features named in NAME, a list separated by ':' or ','
   ("all" disables every feature).  Returns 0 or GPG_ERR_INV_NAME at the
   first unknown name (the names before it stay disabled), as upstream.
   Only effective before initialisation; afterwards the call still
   validates the names and returns the same codes but changes nothing,
   which is upstream's behaviour too: the feature set is fixed once the
   library is in use.  */
gcry_err_code_t _gcry_disable_hw_feature (const char *name);

/* Detect the CPU, apply the vector policy, /etc/gcrypt/hwf.deny and the
   features disabled so far.  Called exactly once, by _gcry_global_init.  */
void _gcry_detect_hw_features (void);

/* The IDX-th public feature name (IDX from 0 up), storing its HWF_* bit
   at R_FEATURE if not NULL; NULL past the end.  Names whose bit is 0 are
   accepted by _gcry_disable_hw_feature for compatibility but never
   active.  */
const char *_gcry_enum_hw_features (int idx, unsigned int *r_feature);

/* One line saying what the vector policy decided and why, for the
   configuration report.  Valid after _gcry_detect_hw_features.  */
const char *_gcry_hwf_policy_description (void);


/*
 * x86 side (src/hwf-x86.c), used by src/hwfeatures.c.
 */

enum hwf_x86_vendor
  {
    HWF_X86_VENDOR_OTHER = 0,
    HWF_X86_VENDOR_INTEL,
    HWF_X86_VENDOR_AMD
  };

/* What the policy needs to know about the processor besides its feature
   bits.  Family and model are the display values (extended fields
   folded in as the vendors' manuals define them).  */
struct hwf_x86_cpu
{
  enum hwf_x86_vendor vendor;
  unsigned int family;
  unsigned int model;
  unsigned int stepping;
  unsigned int has_avx512_bmm;  /* CPUID 21h EAX bit 23 (see policy).  */
};

/* What the vector policy decided, with the reasons as static strings.  */
struct hwf_x86_policy
{
  unsigned int features;      /* HWF_X86_ZMM and/or HWF_X86_FAST_VECTOR.  */
  const char *zmm_reason;     /* Why zmm is allowed or avoided.  */
  const char *vector_reason;  /* Why vector hashing is or is not fast.  */
};

/* Detect the CPU's upstream-named features (HWF_INTEL_*), counting a
   feature only when the OS has enabled the register state it needs.
   Fills CPU.  Returns 0 and a zeroed CPU on non-x86 builds.  */
unsigned int _gcry_hwf_detect_x86 (struct hwf_x86_cpu *cpu);

/* The vector policy: from CPU and the detected FEATURES, decide whether
   512-bit vectors and vectorised hashing are worth using by default.  */
void _gcry_hwf_x86_policy (const struct hwf_x86_cpu *cpu,
                           unsigned int features,
                           struct hwf_x86_policy *policy);

#endif /* HWF_COMMON_H */
