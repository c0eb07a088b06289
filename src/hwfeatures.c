/* hwfeatures.c - the CPU features the library uses, by name.
 *
 * The active set is computed once, at initialisation:
 *
 *   detected (src/hwf-x86.c: CPU and OS state)
 *   + the vector policy's project features (x86-zmm, x86-fast-vector;
 *     _gcry_hwf_x86_policy in src/hwf-x86.c documents its model lists)
 *   + / - the GCRYPT_HWF_POLICY override
 *   - what /etc/gcrypt/hwf.deny and GCRYCTL_DISABLE_HWF disabled
 *   - project features whose hardware base is gone (x86-zmm needs
 *     intel-avx512, x86-fast-vector needs intel-ssse3).
 *
 * So disabling x86-zmm (or intel-avx512) forbids zmm whatever the policy
 * or the environment says; the environment only moves the policy.
 *
 * GCRYPT_HWF_POLICY: tokens separated by white space, ',' or ':', later
 * ones winning.  Unknown tokens are ignored.  Read with secure_getenv, so
 * set-uid programs ignore it.
 *   zmm              use 512-bit vectors even on a CPU the policy avoids
 *                    them on (only if intel-avx512 is usable);
 *   no-zmm           keep to 256-bit vectors;
 *   fast-vector      treat the vector units as fast (needs intel-ssse3);
 *   no-fast-vector   prefer scalar code where the policy would not.
 *
 * /etc/gcrypt/hwf.deny: feature names separated by white space (also ','
 * or ':', as upstream's one-name-per-line file passes each line through
 * the same parser as GCRYCTL_DISABLE_HWF); '#' starts a comment running
 * to the end of the line; "all" disables everything.  Unknown names are
 * reported to syslog and otherwise ignored, as upstream does.
 *
 * GCRYCTL_DISABLE_HWF after initialisation: upstream accepts the call,
 * returns 0 (GPG_ERR_INV_NAME for an unknown name) and changes nothing,
 * because the feature set was fixed at initialisation.  We do the same.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#define _GNU_SOURCE 1  /* secure_getenv */
#include "gcrypt-int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <syslog.h>
#include "hwf-common.h"

/* Public names, in upstream's spelling and order, then ours.  A zero
   bit marks a name accepted for compatibility but never active.  */
static const struct
{
  unsigned int flag;
  const char *name;
} hwf_names[] =
  {
    { HWF_INTEL_CPU,           "intel-cpu" },
    { HWF_INTEL_FAST_SHLD,     "intel-fast-shld" },
    { HWF_INTEL_BMI2,          "intel-bmi2" },
    { HWF_INTEL_SSSE3,         "intel-ssse3" },
    { HWF_INTEL_SSE4_1,        "intel-sse4.1" },
    { HWF_INTEL_PCLMUL,        "intel-pclmul" },
    { HWF_INTEL_AESNI,         "intel-aesni" },
    { HWF_INTEL_RDRAND,        "intel-rdrand" },
    { HWF_INTEL_AVX,           "intel-avx" },
    { HWF_INTEL_AVX2,          "intel-avx2" },
    { HWF_INTEL_FAST_VPGATHER, "intel-fast-vpgather" },
    { HWF_INTEL_RDTSC,         "intel-rdtsc" },
    { HWF_INTEL_SHAEXT,        "intel-shaext" },
    { HWF_INTEL_VAES_VPCLMUL,  "intel-vaes-vpclmul" },
    { HWF_INTEL_AVX512,        "intel-avx512" },
    { HWF_INTEL_GFNI,          "intel-gfni" },
    /* Project features, set by the vector policy.  */
    { HWF_X86_ZMM,             "x86-zmm" },
    { HWF_X86_FAST_VECTOR,     "x86-fast-vector" },
    /* Upstream's x86 table also holds the VIA PadLock names, so
       disabling them must succeed; we have no PadLock code.  */
    { 0,                       "padlock-rng" },
    { 0,                       "padlock-aes" },
    { 0,                       "padlock-sha" },
    { 0,                       "padlock-mmul" },
  };

/* Each project feature and the upstream feature it cannot exist without.  */
static const struct
{
  unsigned int feature;
  unsigned int base;
} hwf_bases[] =
  {
    { HWF_X86_ZMM,         HWF_INTEL_AVX512 },
    { HWF_X86_FAST_VECTOR, HWF_INTEL_SSSE3 },
  };

/* Written before initialisation only (GCRYCTL_DISABLE_HWF comes before
   the library is used, hwf.deny is read during the one-time set-up).  */
static unsigned int disabled_hw_features;
static int hw_features_fixed;

/* Fixed by _gcry_detect_hw_features, read-only afterwards.  The
   description contains no ':', being a field of a colon-separated
   configuration line.  */
static unsigned int hw_features;
static char policy_description[320] = "vector policy not run yet";


/* Store at R_FLAG the bit of the LEN-byte name at NAME ("all": every
   bit); returns 0 if the name is unknown.  */
static int
lookup_name (const char *name, size_t len, unsigned int *r_flag)
{
  size_t i;

  if (len == 3 && !strncmp (name, "all", 3))
    {
      *r_flag = ~0u;
      return 1;
    }
  for (i = 0; i < DIM (hwf_names); i++)
    if (strlen (hwf_names[i].name) == len
        && !strncmp (hwf_names[i].name, name, len))
      {
        *r_flag = hwf_names[i].flag;
        return 1;
      }
  return 0;
}


gcry_err_code_t
_gcry_disable_hw_feature (const char *name)
{
  size_t len;
  unsigned int flag;

  while (name && *name)
    {
      len = strcspn (name, ":,");
      if (len)
        {
          if (!lookup_name (name, len, &flag))
            return GPG_ERR_INV_NAME;
          /* After initialisation the set is fixed; see the header.  */
          if (!hw_features_fixed)
            disabled_hw_features |= flag;
        }
      name += len;
      if (*name)
        name++;
    }
  return 0;
}


unsigned int
_gcry_get_hw_features (void)
{
  return hw_features;
}


const char *
_gcry_enum_hw_features (int idx, unsigned int *r_feature)
{
  if (idx < 0 || (size_t) idx >= DIM (hwf_names))
    return NULL;
  if (r_feature)
    *r_feature = hwf_names[idx].flag;
  return hwf_names[idx].name;
}


const char *
_gcry_hwf_policy_description (void)
{
  return policy_description;
}


/* Read HWF_DENY_FILE (syntax in the header) into disabled_hw_features.  */
static void
read_deny_file (void)
{
  FILE *fp;
  char word[64];
  size_t len = 0;
  int ch, in_comment = 0, lnr = 1, too_long = 0;

  fp = fopen (HWF_DENY_FILE, "r");
  if (!fp)
    return;
  do
    {
      ch = getc (fp);
      if (ch == '#')
        in_comment = 1;
      if (ch == EOF || ch == '\n' || ch == ' ' || ch == '\t' || ch == '\r'
          || ch == '\f' || ch == '\v' || in_comment)
        {
          if (len || too_long)
            {
              word[len] = 0;
              if (too_long || _gcry_disable_hw_feature (word))
                syslog (LOG_USER | LOG_WARNING,
                        "Libgcrypt warning: unknown feature in '%s', line %d",
                        HWF_DENY_FILE, lnr);
            }
          len = 0;
          too_long = 0;
          if (ch == '\n')
            {
              lnr++;
              in_comment = 0;
            }
        }
      else if (len + 1 < sizeof word)
        word[len++] = (char) ch;
      else
        too_long = 1;
    }
  while (ch != EOF);
  fclose (fp);
}


/* GCRYPT_HWF_POLICY, or NULL.  Set-uid/set-gid programs never see it.  */
static const char *
policy_env (void)
{
#ifdef HAVE_SECURE_GETENV
  return secure_getenv ("GCRYPT_HWF_POLICY");
#else
  if (getuid () != geteuid () || getgid () != getegid ())
    return NULL;
  return getenv ("GCRYPT_HWF_POLICY");
#endif
}


/* Apply the GCRYPT_HWF_POLICY tokens in ENV to the policy's project
   FEATURES.  */
static unsigned int
apply_policy_env (const char *env, unsigned int features)
{
  static const struct
  {
    const char *token;
    unsigned int set, clear;
  } tokens[] =
    {
      { "zmm",            HWF_X86_ZMM,         0 },
      { "no-zmm",         0,                   HWF_X86_ZMM },
      { "fast-vector",    HWF_X86_FAST_VECTOR, 0 },
      { "no-fast-vector", 0,                   HWF_X86_FAST_VECTOR },
    };
  const char *delims = " \t\n,:";
  size_t len, i;

  while (*env)
    {
      env += strspn (env, delims);
      len = strcspn (env, delims);
      for (i = 0; len && i < DIM (tokens); i++)
        if (strlen (tokens[i].token) == len
            && !strncmp (tokens[i].token, env, len))
          features = (features | tokens[i].set) & ~tokens[i].clear;
      env += len;
    }
  return features;
}


/* How a project feature ended up: WANT is what the policy proposed,
   FINAL what is active.  */
static const char *
decision_word (unsigned int bit, unsigned int want, unsigned int after_env,
               unsigned int final, unsigned int detected)
{
  size_t i;

  for (i = 0; i < DIM (hwf_bases); i++)
    if (hwf_bases[i].feature == bit && !(detected & hwf_bases[i].base))
      return "unavailable";
  if ((after_env & bit) && !(final & bit))
    return "disabled";  /* By name, by "all" or through its base.  */
  if ((after_env & bit) != (want & bit))
    return (after_env & bit) ? "forced by GCRYPT_HWF_POLICY"
                             : "refused by GCRYPT_HWF_POLICY";
  return (final & bit) ? "allowed" : "avoided";
}


/* When the user overruled the policy (WORD is not one of the policy's
   own outcomes), say what the policy alone would have done, since the
   reason that follows is the policy's.  */
static const char *
overruled_note (const char *word, unsigned int policy_wanted)
{
  if (!strcmp (word, "allowed") || !strcmp (word, "avoided")
      || !strcmp (word, "unavailable"))
    return "";
  return policy_wanted ? ", policy allows" : ", policy avoids";
}


void
_gcry_detect_hw_features (void)
{
  struct hwf_x86_cpu cpu;
  struct hwf_x86_policy policy;
  unsigned int detected, project, final;
  const char *env, *vendor, *zmm_word, *vec_word;
  size_t i;

  read_deny_file ();

  detected = _gcry_hwf_detect_x86 (&cpu);
  _gcry_hwf_x86_policy (&cpu, detected, &policy);

  project = policy.features;
  env = policy_env ();
  if (env)
    project = apply_policy_env (env, project);

  final = (detected | project) & ~disabled_hw_features;
  for (i = 0; i < DIM (hwf_bases); i++)
    if (!(final & hwf_bases[i].base))
      final &= ~hwf_bases[i].feature;

  vendor = (cpu.vendor == HWF_X86_VENDOR_INTEL ? "Intel"
            : cpu.vendor == HWF_X86_VENDOR_AMD ? "AMD" : "other");
  zmm_word = decision_word (HWF_X86_ZMM, policy.features, project, final,
                            detected);
  vec_word = decision_word (HWF_X86_FAST_VECTOR, policy.features, project,
                            final, detected);
  snprintf (policy_description, sizeof policy_description,
            "zmm %s%s (%s); fast-vector %s%s (%s); cpu %s family 0x%x"
            " model 0x%x stepping %u",
            zmm_word, overruled_note (zmm_word, policy.features & HWF_X86_ZMM),
            policy.zmm_reason,
            vec_word, overruled_note (vec_word,
                                      policy.features & HWF_X86_FAST_VECTOR),
            policy.vector_reason,
            vendor, cpu.family, cpu.model, cpu.stepping);

  hw_features = final;
  hw_features_fixed = 1;
}
