/* t-hwf-policy.c - the vector policy on CPUs this machine is not.
 *
 * White-box: links the library's internals (libgcrypt-core.la) and calls
 * _gcry_hwf_x86_policy with made-up vendor/family/model/feature sets, so
 * the model lists are checked whatever CPU runs the test.  Also checks
 * that _gcry_hwf_detect_x86 decodes this CPU's vendor, family and model
 * as the kernel does (/proc/cpuinfo).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include "hwf-common.h"
#include "t-common.h"

#define INTEL HWF_X86_VENDOR_INTEL
#define AMD   HWF_X86_VENDOR_AMD
#define OTHER HWF_X86_VENDOR_OTHER

/* Feature sets the cases use.  */
#define F_AVX2    (HWF_INTEL_SSSE3 | HWF_INTEL_AVX | HWF_INTEL_AVX2)
#define F_AVX512  (F_AVX2 | HWF_INTEL_VAES_VPCLMUL | HWF_INTEL_AVX512)

static const struct
{
  const char *cpu;              /* What the case stands for.  */
  enum hwf_x86_vendor vendor;
  unsigned int family, model, bmm;
  unsigned int features;
  unsigned int expect;          /* HWF_X86_ZMM / HWF_X86_FAST_VECTOR.  */
} cases[] =
  {
    /* The published downclocking list: zmm avoided.  */
    { "Skylake-SP/Cascade Lake", INTEL, 6, 0x55, 0, F_AVX512,
      HWF_X86_FAST_VECTOR },
    { "Ice Lake-SP",     INTEL, 6, 0x6A, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Ice Lake-D",      INTEL, 6, 0x6C, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Ice Lake client", INTEL, 6, 0x7D, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Ice Lake mobile", INTEL, 6, 0x7E, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Ice Lake NNPI",   INTEL, 6, 0x9D, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Tiger Lake mobile", INTEL, 6, 0x8C, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    { "Tiger Lake",      INTEL, 6, 0x8D, 0, F_AVX512, HWF_X86_FAST_VECTOR },
    /* Later Intel AVX-512 parts: zmm allowed.  */
    { "Rocket Lake",     INTEL, 6, 0xA7, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    { "Sapphire Rapids", INTEL, 6, 0x8F, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    { "Emerald Rapids",  INTEL, 6, 0xCF, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    { "Granite Rapids",  INTEL, 6, 0xAD, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    /* The list is for family 6; same model number elsewhere is not it.  */
    { "Intel family 19 model 0x6A", INTEL, 19, 0x6A, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    /* No AVX-512, no zmm, wherever.  */
    { "Alder Lake (AVX2 only)", INTEL, 6, 0x97, 0, F_AVX2,
      HWF_X86_FAST_VECTOR },
    { "Ice Lake-SP with AVX-512 off", INTEL, 6, 0x6A, 0, F_AVX2,
      HWF_X86_FAST_VECTOR },
    /* AMD: zmm fine from Zen 4; Zen 5 prefers scalar hashing unless the
       later AVX512-BMM core.  */
    { "Zen 2",           AMD, 0x17, 0x31, 0, F_AVX2, HWF_X86_FAST_VECTOR },
    { "Zen 4",           AMD, 0x19, 0x61, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    { "Zen 5",           AMD, 0x1A, 0x44, 0, F_AVX512, HWF_X86_ZMM },
    { "Zen 5 with AVX512-BMM", AMD, 0x1A, 0x50, 1, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    { "Intel Zen-5-like family number", INTEL, 0x1A, 0x44, 0, F_AVX512,
      HWF_X86_ZMM | HWF_X86_FAST_VECTOR },
    /* No SSSE3: no vector hashing at all.  */
    { "Zen 5 without SSSE3", AMD, 0x1A, 0x44, 0, HWF_INTEL_AESNI, 0 },
    { "pre-SSSE3 CPU",   OTHER, 15, 2, 0, HWF_INTEL_RDTSC, 0 },
  };


/* The value of the first /proc/cpuinfo line whose key is KEY.  */
static int
cpuinfo_value (const char *key, char *buf, size_t size)
{
  char line[4096];
  FILE *fp = fopen ("/proc/cpuinfo", "r");
  char *colon, *end;
  int found = 0;

  if (!fp)
    return 0;
  while (!found && fgets (line, sizeof line, fp))
    {
      colon = strchr (line, ':');
      if (!colon)
        continue;
      for (end = colon; end > line && (end[-1] == ' ' || end[-1] == '\t');)
        end--;
      if ((size_t) (end - line) != strlen (key)
          || strncmp (line, key, end - line))
        continue;
      colon++;
      colon += strspn (colon, " \t");
      colon[strcspn (colon, "\n")] = 0;
      snprintf (buf, size, "%s", colon);
      found = 1;
    }
  fclose (fp);
  return found;
}

static void
check_real_cpu (void)
{
  struct hwf_x86_cpu cpu;
  char vendor[256], family[256], model[256];

  _gcry_hwf_detect_x86 (&cpu);
  if (!cpuinfo_value ("vendor_id", vendor, sizeof vendor)
      || !cpuinfo_value ("cpu family", family, sizeof family)
      || !cpuinfo_value ("model", model, sizeof model))
    {
      t_skip ("no x86 identification in /proc/cpuinfo: decode not checked");
      return;
    }
  t_check ((cpu.vendor == INTEL) == !strcmp (vendor, "GenuineIntel")
           && (cpu.vendor == AMD) == !strcmp (vendor, "AuthenticAMD"),
           "vendor decoded as the kernel's %s (got %d)", vendor, cpu.vendor);
  t_check (cpu.family == strtoul (family, NULL, 10),
           "family decoded as the kernel's %s (got %u)", family, cpu.family);
  t_check (cpu.model == strtoul (model, NULL, 10),
           "model decoded as the kernel's %s (got %u)", model, cpu.model);
}

int
main (int argc, char **argv)
{
  struct hwf_x86_cpu cpu;
  struct hwf_x86_policy policy;
  size_t i;

  t_init ("t-hwf-policy", argc, argv);

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      memset (&cpu, 0, sizeof cpu);
      cpu.vendor = cases[i].vendor;
      cpu.family = cases[i].family;
      cpu.model = cases[i].model;
      cpu.has_avx512_bmm = cases[i].bmm;
      _gcry_hwf_x86_policy (&cpu, cases[i].features, &policy);
      t_check (policy.features == cases[i].expect,
               "%s: policy 0x%x, expected 0x%x (%s; %s)", cases[i].cpu,
               policy.features, cases[i].expect, policy.zmm_reason,
               policy.vector_reason);
      t_check (policy.zmm_reason && *policy.zmm_reason
               && !strchr (policy.zmm_reason, ':')
               && policy.vector_reason && *policy.vector_reason
               && !strchr (policy.vector_reason, ':'),
               "%s: reasons given, without ':'", cases[i].cpu);
    }

  check_real_cpu ();
  return t_finish ();
}
