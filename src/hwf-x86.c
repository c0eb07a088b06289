/* hwf-x86.c - x86 feature detection (CPUID, XGETBV) and the vector policy.
 *
 * Detection: an instruction set counts only when the CPU reports it *and*
 * the operating system saves the registers it uses, which XCR0 tells:
 *   bit 1 (SSE, xmm) and bit 2 (AVX, upper ymm halves) for everything
 *     VEX-encoded: intel-avx, intel-avx2, intel-vaes-vpclmul;
 *   bits 5, 6, 7 (opmask k0-7, upper zmm0-15 halves, zmm16-31) in
 *     addition for anything EVEX-encoded, even at 128/256 bits (Intel SDM
 *     vol. 1, "Detection of AVX-512 Instructions"): intel-avx512.
 * XGETBV itself faults unless CPUID.1:ECX.OSXSAVE (bit 27) is set, so
 * that bit is checked first.
 *
 * Feature rules (facts from upstream libgcrypt, which defines the names):
 *   intel-avx512 needs F, DQ, IFMA, CD, BW, VL, VBMI, VBMI2, VNNI,
 *     BITALG and VPOPCNTDQ: upstream picked this Ice-Lake-level set so
 *     that the first, strongly downclocking AVX-512 parts (Skylake-SP,
 *     Cascade Lake, Knights Landing) do not qualify at all.
 *   intel-vaes-vpclmul needs VAES and VPCLMULQDQ, and usable AVX2 (the
 *     kernels using it are at least AVX2 code).
 *   intel-gfni is CPUID.7.0:ECX bit 8 (GFNI), as Intel's manual defines
 *     it.  (Upstream 1.11/1.12 tests bit 6, which is AVX512_VBMI2; every
 *     CPU shipped so far has both or neither, but we follow the manual.)
 *   intel-fast-shld and intel-fast-vpgather are model lists, see below.
 *
 * The vector policy (_gcry_hwf_x86_policy, at the end) sets the two
 * project features x86-zmm and x86-fast-vector; src/hwfeatures.c applies
 * the user's overrides on top of it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gcrypt-int.h"
#include <string.h>
#include "hwf-common.h"

#if defined(__x86_64__) || defined(__i386__)
# define HWF_HAVE_X86 1
# include <cpuid.h>
#endif

#ifdef HWF_HAVE_X86

/* XCR0 state components.  */
#define XCR0_SSE        (1u << 1)
#define XCR0_AVX        (1u << 2)
#define XCR0_OPMASK     (1u << 5)
#define XCR0_ZMM_HI256  (1u << 6)
#define XCR0_HI16_ZMM   (1u << 7)
#define XCR0_YMM_STATE  (XCR0_SSE | XCR0_AVX)
#define XCR0_ZMM_STATE  (XCR0_YMM_STATE | XCR0_OPMASK | XCR0_ZMM_HI256 \
                         | XCR0_HI16_ZMM)

/* CPUID.1:ECX.  */
#define C1_ECX_SSE3      (1u << 0)
#define C1_ECX_PCLMUL    (1u << 1)
#define C1_ECX_SSSE3     (1u << 9)
#define C1_ECX_SSE4_1    (1u << 19)
#define C1_ECX_AES       (1u << 25)
#define C1_ECX_OSXSAVE   (1u << 27)
#define C1_ECX_AVX       (1u << 28)
#define C1_ECX_RDRAND    (1u << 30)
/* CPUID.1:EDX.  */
#define C1_EDX_TSC       (1u << 4)
/* CPUID.7.0:EBX.  */
#define C7_EBX_BMI1      (1u << 3)
#define C7_EBX_AVX2      (1u << 5)
#define C7_EBX_BMI2      (1u << 8)
#define C7_EBX_AVX512F   (1u << 16)
#define C7_EBX_AVX512DQ  (1u << 17)
#define C7_EBX_AVX512IFMA (1u << 21)
#define C7_EBX_AVX512CD  (1u << 28)
#define C7_EBX_SHA       (1u << 29)
#define C7_EBX_AVX512BW  (1u << 30)
#define C7_EBX_AVX512VL  (1u << 31)
/* CPUID.7.0:ECX.  */
#define C7_ECX_AVX512VBMI  (1u << 1)
#define C7_ECX_AVX512VBMI2 (1u << 6)
#define C7_ECX_GFNI        (1u << 8)
#define C7_ECX_VAES        (1u << 9)
#define C7_ECX_VPCLMULQDQ  (1u << 10)
#define C7_ECX_AVX512VNNI  (1u << 11)
#define C7_ECX_AVX512BITALG (1u << 12)
#define C7_ECX_AVX512VPOPCNTDQ (1u << 14)

/* Upstream's intel-avx512 set, split by register.  */
#define AVX512_EBX_SET (C7_EBX_AVX512F | C7_EBX_AVX512DQ | C7_EBX_AVX512IFMA \
                        | C7_EBX_AVX512CD | C7_EBX_AVX512BW | C7_EBX_AVX512VL)
#define AVX512_ECX_SET (C7_ECX_AVX512VBMI | C7_ECX_AVX512VBMI2 \
                        | C7_ECX_AVX512VNNI | C7_ECX_AVX512BITALG \
                        | C7_ECX_AVX512VPOPCNTDQ)


/* Low half of XCR0; the components we test are all below bit 32.  */
static unsigned int
read_xcr0 (void)
{
  unsigned int lo, hi;

  __asm__ volatile ("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
  (void) hi;
  return lo;
}


/* Intel family 6 models whose SHLD/SHRD rotate faster than ROL/ROR
   (upstream's intel-fast-shld list): Sandy Bridge to Coffee Lake.  */
static int
intel_has_fast_shld (unsigned int model)
{
  switch (model)
    {
    case 0x2A: case 0x2D:                       /* Sandy Bridge */
    case 0x3A:                                  /* Ivy Bridge */
    case 0x3C: case 0x3F: case 0x45: case 0x46: /* Haswell */
    case 0x3D: case 0x47: case 0x4F: case 0x56: /* Broadwell */
    case 0x4E: case 0x5E: case 0x55:            /* Skylake, Skylake-SP */
    case 0x8E: case 0x9E:                       /* Kaby/Coffee Lake */
    case 0x66:                                  /* Cannon Lake */
      return 1;
    default:
      return 0;
    }
}


/* Whether VPGATHER is slow on this CPU (upstream 1.11's intel-fast-vpgather
   rule; 1.12 dropped the feature, we keep it for table-lookup code).  */
static int
vpgather_is_slow (const struct hwf_x86_cpu *cpu, unsigned int features)
{
  if (cpu->vendor == HWF_X86_VENDOR_AMD)
    /* Before Zen 4 (the first AMD core with AVX-512) gathers are
       microcoded and slower than scalar loads.  */
    return !(features & HWF_INTEL_AVX512);
  if (cpu->vendor != HWF_X86_VENDOR_INTEL || cpu->family != 6)
    /* Nobody measured them; assume the worst.  */
    return 1;

  switch (cpu->model)
    {
    /* Haswell: the first AVX2 gathers, slower than scalar loads.  */
    case 0x3C: case 0x3F: case 0x45: case 0x46:
      return 1;
    /* Skylake to Rocket Lake: the August 2023 "Downfall" (GDS) microcode
       made gathers slow.  */
    case 0x4E: case 0x5E: case 0x55:  /* Skylake, Cascade/Cooper Lake */
    case 0x8E: case 0x9E:             /* Kaby/Coffee/Whiskey/Amber Lake */
    case 0x66:                        /* Cannon Lake */
    case 0xA5: case 0xA6:             /* Comet Lake */
    case 0x7E: case 0x6A: case 0x6C:  /* Ice Lake */
    case 0x8C: case 0x8D:             /* Tiger Lake */
    case 0xA7:                        /* Rocket Lake */
      return 1;
    default:
      return 0;
    }
}


unsigned int
_gcry_hwf_detect_x86 (struct hwf_x86_cpu *cpu)
{
  unsigned int max_leaf, a, b, c, d;
  unsigned int leaf1_ecx, leaf1_edx, xcr0 = 0;
  unsigned int base_family, base_model;
  unsigned int result = 0;
  char vendor[13];

  memset (cpu, 0, sizeof *cpu);

  /* Also tells whether CPUID exists at all (i386).  */
  max_leaf = __get_cpuid_max (0, NULL);
  if (!max_leaf)
    return 0;

  __cpuid (0, a, b, c, d);
  memcpy (vendor + 0, &b, 4);
  memcpy (vendor + 4, &d, 4);
  memcpy (vendor + 8, &c, 4);
  vendor[12] = 0;
  if (!strcmp (vendor, "GenuineIntel"))
    {
      cpu->vendor = HWF_X86_VENDOR_INTEL;
      result |= HWF_INTEL_CPU;
    }
  else if (!strcmp (vendor, "AuthenticAMD"))
    cpu->vendor = HWF_X86_VENDOR_AMD;

  __cpuid (1, a, b, leaf1_ecx, leaf1_edx);
  base_family = (a >> 8) & 0xf;
  base_model = (a >> 4) & 0xf;
  cpu->stepping = a & 0xf;
  cpu->family = base_family;
  if (base_family == 0xf)
    cpu->family += (a >> 20) & 0xff;
  cpu->model = base_model;
  if (base_family == 0x6 || base_family == 0xf)
    cpu->model |= ((a >> 16) & 0xf) << 4;

  if (leaf1_ecx & C1_ECX_OSXSAVE)
    xcr0 = read_xcr0 ();

  if (leaf1_ecx & C1_ECX_PCLMUL)
    result |= HWF_INTEL_PCLMUL;
  if (leaf1_ecx & C1_ECX_SSSE3)
    result |= HWF_INTEL_SSSE3;
  if (leaf1_ecx & C1_ECX_SSE4_1)
    result |= HWF_INTEL_SSE4_1;
  if (leaf1_ecx & C1_ECX_AES)
    result |= HWF_INTEL_AESNI;
  if (leaf1_ecx & C1_ECX_RDRAND)
    result |= HWF_INTEL_RDRAND;
  if (leaf1_edx & C1_EDX_TSC)
    result |= HWF_INTEL_RDTSC;
  if ((leaf1_ecx & C1_ECX_AVX) && (xcr0 & XCR0_YMM_STATE) == XCR0_YMM_STATE)
    result |= HWF_INTEL_AVX;

  /* Some early Pentiums answer leaf 7 with garbage although they report
     a higher maximum leaf; everything with leaf 7 has SSE3 (a fact upstream
     relies on too).  */
  if (max_leaf >= 7 && (leaf1_ecx & C1_ECX_SSE3))
    {
      unsigned int ymm_ok = (xcr0 & XCR0_YMM_STATE) == XCR0_YMM_STATE;
      unsigned int zmm_ok = (xcr0 & XCR0_ZMM_STATE) == XCR0_ZMM_STATE;

      __cpuid_count (7, 0, a, b, c, d);
      /* intel-bmi2 promises BMI1 too: the kernels that ask for it also
         use ANDN (a BMI1 instruction).  Every CPU with BMI2 has BMI1,
         but a hypervisor may hide one bit and not the other.  */
      if ((b & C7_EBX_BMI2) && (b & C7_EBX_BMI1))
        result |= HWF_INTEL_BMI2;
      if ((b & C7_EBX_AVX2) && ymm_ok)
        result |= HWF_INTEL_AVX2;
      if (b & C7_EBX_SHA)
        result |= HWF_INTEL_SHAEXT;
      if ((c & C7_ECX_VAES) && (c & C7_ECX_VPCLMULQDQ)
          && (result & HWF_INTEL_AVX2))
        result |= HWF_INTEL_VAES_VPCLMUL;
      if ((b & AVX512_EBX_SET) == AVX512_EBX_SET
          && (c & AVX512_ECX_SET) == AVX512_ECX_SET && zmm_ok)
        result |= HWF_INTEL_AVX512;
      if (c & C7_ECX_GFNI)
        result |= HWF_INTEL_GFNI;
    }

  /* Upstream 1.12 reads this bit (named AVX512-BMM there) to tell the
     AMD core after Zen 5 from Zen 5 in family 1Ah; see the policy.  */
  if (max_leaf >= 0x21 && (leaf1_ecx & C1_ECX_SSE3))
    {
      __cpuid_count (0x21, 0, a, b, c, d);
      cpu->has_avx512_bmm = !!(a & (1u << 23));
    }

  if (cpu->vendor == HWF_X86_VENDOR_INTEL && cpu->family == 6
      && intel_has_fast_shld (cpu->model))
    result |= HWF_INTEL_FAST_SHLD;

  if ((result & HWF_INTEL_AVX2) && !vpgather_is_slow (cpu, result))
    result |= HWF_INTEL_FAST_VPGATHER;

  return result;
}

#else /* !HWF_HAVE_X86 */

unsigned int
_gcry_hwf_detect_x86 (struct hwf_x86_cpu *cpu)
{
  memset (cpu, 0, sizeof *cpu);
  return 0;
}

#endif /* !HWF_HAVE_X86 */


/*
 * The vector policy.
 *
 * (a) x86-zmm: whether kernels may use 512-bit (zmm) registers.  On the
 * Intel cores listed below, running zmm code lowers the core's clock
 * (a lower "license" level) for a while, slowing everything else on that
 * core too, so the 256-bit (ymm) AVX-512 kernels win in real programs even
 * when the zmm kernel wins a micro-benchmark.  The list is the union of
 * the two published ones: Linux's zmm exclusion list
 * (X86_FEATURE_PREFER_YMM, arch/x86; "allow Rocket Lake and later, and
 * Sapphire Rapids and later") and BoringSSL's avoid-zmm model list
 * (crypto/cpu_intel.c), which are the same except that Linux also lists
 * Ice Lake NNPI.  Neither lists Rocket Lake, Sapphire Rapids, Emerald
 * Rapids or Granite Rapids, and AMD's AVX-512 cores (Zen 4 splits zmm
 * ops into two 256-bit halves, Zen 5 runs them natively) have no
 * reported zmm frequency penalty, so zmm is allowed there.
 * Skylake-SP/Cascade Lake/Cooper Lake never reach here in practice since
 * they lack upstream's intel-avx512 set; they stay listed so the table
 * is the published one.
 *
 * (b) x86-fast-vector: whether vectorised hashing (BLAKE2 and friends)
 * beats the scalar code.  The one published measurement is upstream
 * libgcrypt 1.12's (commit "blake2: avoid AVX/AVX2/AVX512 when CPU has
 * high vector inst latency"): on AMD Zen 5 (family 1Ah) simple integer
 * vector instructions take 2 cycles and the integer core is wide, so
 * generic C BLAKE2b runs at 2.7 cycles/byte against 5.3 for AVX-512.
 * Upstream exempts family-1Ah parts reporting CPUID 21h EAX bit 23
 * (AVX512-BMM, a later core); so do we.  Other candidates (Zen 1/2,
 * which split 256-bit ops; Atom cores) have no such published
 * measurement, and upstream keeps its vector BLAKE2 there, so they count
 * as fast.  The vector kernels need SSSE3 at least, so without it the
 * feature is not set.
 */

struct zmm_avoid_entry
{
  unsigned int model;      /* Intel family 6 model.  */
  const char *reason;      /* For the configuration report.  */
};

static const struct zmm_avoid_entry zmm_avoid_list[] =
  {
    /* Skylake-SP, Cascade Lake, Cooper Lake (server): the heaviest
       AVX-512 frequency licence drop; Linux and BoringSSL.  */
    { 0x55, "Intel Skylake-SP/Cascade Lake/Cooper Lake downclock on "
            "512-bit vectors" },
    /* Ice Lake-SP (server): smaller but measured drop; both lists.  */
    { 0x6A, "Intel Ice Lake server downclocks on 512-bit vectors" },
    /* Ice Lake-D (micro server); both lists.  */
    { 0x6C, "Intel Ice Lake-D downclocks on 512-bit vectors" },
    /* Ice Lake client (desktop); both lists.  */
    { 0x7D, "Intel Ice Lake client downclocks on 512-bit vectors" },
    /* Ice Lake client (mobile); both lists.  */
    { 0x7E, "Intel Ice Lake mobile downclocks on 512-bit vectors" },
    /* Ice Lake NNPI (Spring Hill); Linux's list only.  */
    { 0x9D, "Intel Ice Lake NNPI downclocks on 512-bit vectors" },
    /* Tiger Lake mobile (UP3/UP4); both lists.  */
    { 0x8C, "Intel Tiger Lake mobile downclocks on 512-bit vectors" },
    /* Tiger Lake H; both lists.  */
    { 0x8D, "Intel Tiger Lake downclocks on 512-bit vectors" },
  };

void
_gcry_hwf_x86_policy (const struct hwf_x86_cpu *cpu, unsigned int features,
                      struct hwf_x86_policy *policy)
{
  size_t i;

  policy->features = 0;

  /* (a) 512-bit vectors.  */
  if (!(features & HWF_INTEL_AVX512))
    policy->zmm_reason = "no intel-avx512";
  else
    {
      policy->zmm_reason = "no known 512-bit downclocking on this CPU";
      policy->features |= HWF_X86_ZMM;
      if (cpu->vendor == HWF_X86_VENDOR_INTEL && cpu->family == 6)
        for (i = 0; i < DIM (zmm_avoid_list); i++)
          if (zmm_avoid_list[i].model == cpu->model)
            {
              policy->zmm_reason = zmm_avoid_list[i].reason;
              policy->features &= ~HWF_X86_ZMM;
              break;
            }
    }

  /* (b) Vectorised hashing.  */
  if (!(features & HWF_INTEL_SSSE3))
    policy->vector_reason = "no intel-ssse3";
  else if (cpu->vendor == HWF_X86_VENDOR_AMD && cpu->family == 0x1A
           && !cpu->has_avx512_bmm)
    /* AMD Zen 5: 2-cycle integer vector latency, wide scalar core.  */
    policy->vector_reason = "AMD Zen 5 vector integer latency 2, "
                            "scalar hashing is faster";
  else
    {
      policy->vector_reason = "no known slow vector unit";
      policy->features |= HWF_X86_FAST_VECTOR;
    }
}
