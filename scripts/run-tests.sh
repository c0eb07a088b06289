#!/bin/sh
# scripts/run-tests.sh - set up, build, and run the whole test suite
# (make check; the API tests once per CPU-feature level).  Prints every
# test's closing line and one total line "total: N passed, N failed".
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${BUILD_DIR:-build}
cd "$build"
status=0
make -j2 check >make-check.out 2>&1 || status=$?
grep -E '^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR):' make-check.out || true
# Each test log ends with that program's own "N passed, N failed" line
# (hwf-levels.sh sums its levels into one); add them up.
passed=0; failed=0
for log in tests/*.log; do
    [ "$log" = tests/test-suite.log ] && continue
    line=$(grep -E '^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    [ -n "$line" ] || continue
    echo "$line"
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
    passed=$((passed + p)); failed=$((failed + f))
done
grep -h 'SKIP' tests/*.log 2>/dev/null | grep -v -e '^SKIP:' -e '^#' | sort -u || true
if [ "$status" -ne 0 ]; then
    echo "make check failed (status $status); see $build/tests/test-suite.log"
    cat tests/test-suite.log 2>/dev/null | tail -n 60
    [ "$failed" -gt 0 ] || failed=1
fi
echo "total: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
