#!/bin/sh
# scripts/check-sanitizers.sh - the whole test suite under AddressSanitizer
# and UndefinedBehaviorSanitizer.
#
# Configures a separate build directory with --enable-sanitizers (ASan +
# UBSan, UBSan errors fatal) and runs `make check` there, so every test
# program, at every CPU level hwf-levels.sh reaches, runs instrumented.
# Unlike valgrind this runs the AVX-512/VAES kernels too, natively (the
# assembly itself is not instrumented, but the C around it and every
# buffer it is given are).
#
#   SAN_BUILD_DIR    where to build (default: build-sanitizers)
#   CONFIGURE_FLAGS  extra configure options
#
# Ends with "check-sanitizers: N passed, N failed" (the checks of every
# test log, summed like scripts/run-tests.sh); exit 1 on any failure.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
build=${SAN_BUILD_DIR:-build-sanitizers}

[ -x configure ] && [ configure -nt configure.ac ] || ./autogen.sh || exit 1
mkdir -p "$build"
cd "$build" || exit 1
if [ ! -f Makefile ] || [ config.status -ot "$top/configure" ]; then
    # shellcheck disable=SC2086
    "$top/configure" -q --enable-sanitizers ${CONFIGURE_FLAGS:-} || exit 1
fi
grep -q -- '-fsanitize=address' tests/Makefile || {
    echo "check-sanitizers: FAIL $build is not configured with --enable-sanitizers"
    exit 1
}

# Leaks are errors too (LeakSanitizer, part of ASan), and a UBSan report
# stops the program (-fno-sanitize-recover in configure), so the test
# fails instead of printing and passing.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

status=0
make -j2 >make.out 2>&1 || { cat make.out; echo "check-sanitizers: FAIL build"; exit 1; }
make -j2 check >make-check.out 2>&1 || status=$?
grep -E '^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR):' make-check.out

passed=0; failed=0
for log in tests/*.log; do
    [ "$log" = tests/test-suite.log ] && continue
    line=$(grep -E '^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    [ -n "$line" ] || continue
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
    passed=$((passed + p)); failed=$((failed + f))
done
if [ "$status" -ne 0 ]; then
    grep -l -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' tests/*.log 2>/dev/null
    tail -n 60 tests/test-suite.log 2>/dev/null
    [ "$failed" -gt 0 ] || failed=1
fi
echo "check-sanitizers: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
