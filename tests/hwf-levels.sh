#!/bin/sh
# hwf-levels.sh - run every API test once per CPU-feature level.
#
# The library picks the fastest kernel the CPU allows, so a plain run
# tests only that one.  This runner walks the levels top down, disabling
# one more layer each time (GCRYCTL_DISABLE_HWF names, passed to each
# program as --disable-hwf a,b,c), so every kernel family this CPU can
# execute gets the same tests:
#
#   all           everything (zmm if the policy allows it)
#   zmm-forced    GCRYPT_HWF_POLICY=zmm, only when the CPU has intel-avx512
#                 but the policy avoids zmm, so the zmm kernels still run
#   avx512-ymm    x86-zmm off: VAES + AVX-512 on 256-bit vectors
#   vaes-avx2     intel-avx512 off too: VAES + AVX2 (and intel-shaext off,
#                 so the SHA tests reach the AVX2 SHA kernels)
#   aesni-avx     intel-vaes-vpclmul off too: AES-NI + AVX
#   aesni-sse     intel-avx2 and intel-avx off too: AES-NI, SSE only
#   portable      all off: the portable C code
#
# A level the CPU cannot reach prints "SKIP level NAME: CPU lacks
# FEATURE"; a level leaving exactly the features of a level already run
# (e.g. avx512-ymm when the policy already avoids zmm) is skipped as a
# repeat.  Each program's closing line "NAME: N passed, N failed" is
# printed prefixed with the level and summed; a program that crashes,
# prints no closing line or exits non-zero counts as one more failure.
# Ends with "hwf-levels: N passed, N failed"; exit 1 on any failure, 77
# (automake's SKIP) only when there are no API tests at all.
#
# Environment: API_TESTS (set by tests/Makefile.am) lists the programs,
# found in the current directory (the build directory in VPATH builds,
# where automake runs us); libtool's wrapper scripts set the library path.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

passed=0
failed=0

finish () {
  echo "hwf-levels: $passed passed, $failed failed"
  test "$failed" -eq 0
  exit $?
}

set -- $API_TESTS
if test $# -eq 0; then
  echo "hwf-levels: SKIP no API tests yet"
  echo "hwf-levels: 0 passed, 0 failed"
  exit 77
fi

out=${TMPDIR:-/tmp}/hwf-levels.$$
trap 'rm -f "$out"' 0
trap 'exit 1' 1 2 15

# The features a level leaves active: ./hwf-query's hwflist line, with
# the policy override in $policy (may be empty).
query () {
  if test -n "$1"; then
    GCRYPT_HWF_POLICY=$policy ./hwf-query --disable-hwf "$1"
  else
    GCRYPT_HWF_POLICY=$policy ./hwf-query
  fi
}

unset GCRYPT_HWF_POLICY GCRYPT_TEST_DISABLE_HWF
policy=
top=$(query "") || {
  echo "hwf-levels: FAIL ./hwf-query cannot report the CPU features"
  failed=1
  finish
}

has () {
  case "$top" in *":$1:"*) return 0 ;; *) return 1 ;; esac
}

# Run every API test at level $1 with disable list $2 (may be empty).
run_level () {
  level=$1 list=$2
  for prog in $API_TESTS; do
    if test -n "$list"; then
      GCRYPT_HWF_POLICY=$policy ./$prog --disable-hwf "$list" >"$out" 2>&1
    else
      GCRYPT_HWF_POLICY=$policy ./$prog >"$out" 2>&1
    fi
    status=$?
    # Every line is shown on failure; on success only SKIPs and the
    # closing line, with the level in front.
    close=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if test $status -eq 77 && test -z "$close"; then
      echo "[$level] $prog: SKIP (exit 77)"
      continue
    fi
    if test -z "$close"; then
      cat "$out"
      if test $status -gt 128; then
        echo "[$level] $prog: FAIL crashed (signal $((status - 128)))"
      else
        echo "[$level] $prog: FAIL no closing line (exit status $status)"
      fi
      failed=$((failed + 1))
      continue
    fi
    set -- $close
    passed=$((passed + $2))
    failed=$((failed + $4))
    if test $status -ne 0; then
      cat "$out"
      test "$4" -eq 0 && failed=$((failed + 1))
      echo "[$level] $close (exit status $status)"
    else
      grep -E '^[^ ]+: SKIP ' "$out" | sed "s/^/[$level] /"
      echo "[$level] $close"
    fi
  done
}

# Run level $1 (disable list $2) if the CPU has feature $3 (may be
# empty) and the level differs from the ones already run.
seen=
try_level () {
  if test -n "$3" && ! has "$3"; then
    echo "SKIP level $1: CPU lacks $3"
    return
  fi
  features=$(query "$2") || {
    echo "[$1] FAIL ./hwf-query --disable-hwf $2 failed"
    failed=$((failed + 1))
    return
  }
  for prev in $seen; do
    if test "${prev#*=}" = "$features"; then
      echo "SKIP level $1: same features as level ${prev%%=*}"
      return
    fi
  done
  seen="$seen $1=$features"
  run_level "$1" "$2"
}

try_level all "" ""
if has intel-avx512 && ! has x86-zmm; then
  policy=zmm
  if query "" | grep -q ':x86-zmm:'; then
    run_level zmm-forced ""
  else
    echo "SKIP level zmm-forced: x86-zmm stays off (disabled or denied)"
  fi
  policy=
fi
try_level avx512-ymm "x86-zmm" intel-avx512
# From vaes-avx2 down, intel-shaext is off too, so the hash tests also
# reach the vector SHA kernels that SHA-NI would otherwise shadow.
try_level vaes-avx2 "x86-zmm,intel-avx512,intel-shaext" intel-vaes-vpclmul
try_level aesni-avx "x86-zmm,intel-avx512,intel-shaext,intel-vaes-vpclmul" \
  intel-avx
try_level aesni-sse \
  "x86-zmm,intel-avx512,intel-shaext,intel-vaes-vpclmul,intel-avx2,intel-avx" \
  intel-aesni
try_level portable "all" ""
finish
