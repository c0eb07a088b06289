#!/bin/sh
# fuzz-smoke.sh - a short, fixed libFuzzer run of every fuzz target.
#
# FUZZ_RUNS executions per target (default 20000, a few seconds each),
# seeded from the committed corpus (fuzz/corpus-*) and a fixed -seed, so
# the run is reproducible.  New inputs go to a scratch corpus in the
# build directory, never into the source tree.  A mismatch or a sanitizer
# report stops the target with an error; libFuzzer saves the input as
# fuzz/crash-* (replay: fuzz/fuzz-cipher fuzz/crash-...).
#
# FUZZ_STATUS (from tests/Makefile) is "yes" when configure found
# libFuzzer, else the reason it did not: then this prints SKIP.
# Closing line: "fuzz-smoke: N passed, N failed" (targets), after one
# line per target with its execution count.
# SPDX-License-Identifier: LGPL-2.1-or-later

srcdir=${srcdir:-.}
runs=${FUZZ_RUNS:-20000}
case ${FUZZ_STATUS:-} in
  yes) ;;
  *) echo "fuzz-smoke: SKIP ${FUZZ_STATUS:-FUZZ_STATUS not set (run through make)}"
     exit 77 ;;
esac

passed=0
failed=0
for target in cipher md; do
    work=fuzz/work-$target
    rm -rf "$work" && mkdir -p "$work"
    # -error_exitcode: libFuzzer's default, 77, would read as SKIP.
    ./fuzz/fuzz-$target -runs="$runs" -seed=1 -max_len=2048 -error_exitcode=1 \
        -artifact_prefix=fuzz/ -print_final_stats=1 \
        "$work" "$srcdir/fuzz/corpus-$target" >"$work.log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work.log")
    if [ "$status" -eq 0 ] && [ -n "$execs" ]; then
        passed=$((passed + 1))
        echo "fuzz-$target: $execs executions, 0 mismatches"
    else
        failed=$((failed + 1))
        grep -E 'MISMATCH|ERROR|runtime error|SUMMARY' "$work.log" | head -n 20
        tail -n 20 "$work.log"
        echo "fuzz-$target: FAIL (exit status $status), see tests/$work.log"
    fi
done
echo "fuzz-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
