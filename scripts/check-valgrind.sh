#!/bin/sh
# scripts/check-valgrind.sh - run the test programs under valgrind memcheck.
#
# Every program of tests/ that `make check` runs is run again under
# memcheck: the once-only tests once, the API tests (which hwf-levels.sh
# repeats per CPU level) at three levels:
#   default   what valgrind's virtual CPU offers: AES-NI, PCLMUL, AVX2
#             (valgrind executes no AVX-512 or VAES code and its CPUID
#             hides them, so those kernels cannot be checked this way;
#             tests/fuzz and the ASan build cover them natively)
#   sse       intel-avx2 and intel-avx off: the SSE-only AES-NI kernels
#   portable  "all" off: the portable C code
# A program fails when memcheck reports any error (invalid read/write,
# use of uninitialised values, a definite or indirect leak: exit code 99
# from --error-exitcode), when it exits non-zero for its own reasons, or
# when it crashes.  Suppressed: only what scripts/valgrind.supp lists, each
# with its reason.  Exit 77 is the program's own SKIP and is shown as such.
#
# t-hwf and t-hwf-policy compare the library's CPUID decoding with the
# kernel's view of the real CPU (/proc/cpuinfo); valgrind's virtual CPU
# answers CPUID differently on purpose, so for those two only memcheck's
# verdict counts (exit 99 or a crash fails them, their own checks do not).
#
#   BUILD_DIR   the build directory to use (default: build; scripts/setup.sh
#               makes it when missing)
#   VALGRIND    the valgrind command (default: valgrind)
#
# Prints one line per run and closes with
# "check-valgrind: N passed, N failed" (runs, not checks); exit 1 on any
# failure.  Takes a few minutes (memcheck is some 30 times slower).
# SPDX-License-Identifier: LGPL-2.1-or-later
set -u
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
valgrind=${VALGRIND:-valgrind}

if ! command -v "$valgrind" >/dev/null 2>&1; then
    echo "check-valgrind: SKIP $valgrind is not installed (apt-get install valgrind)"
    echo "check-valgrind: 0 passed, 0 failed"
    exit 77
fi
if [ ! -f "$build/Makefile" ]; then
    BUILD_DIR=$build ./scripts/setup.sh || exit 1
fi

# Build the test programs without running them.
make -C "$build/tests" -s check TESTS= >/dev/null || {
    echo "check-valgrind: FAIL cannot build the test programs"
    echo "check-valgrind: 0 passed, 1 failed"
    exit 1
}

# The program lists, asked from tests/Makefile itself so they never go
# stale.
lists=$(make -s -C "$build/tests" -f Makefile -f - print-lists <<'EOF'
print-lists:
	@echo "once='$(once_tests)'"
	@echo "api='$(api_tests)'"
EOF
) || exit 1
eval "$lists"

passed=0
failed=0
out=${TMPDIR:-/tmp}/check-valgrind.$$
trap 'rm -f "$out"' 0
trap 'exit 1' 1 2 15

# run LABEL PROGRAM [ARGS...]
run () {
    label=$1; shift
    prog=$1; shift
    # libtool's execute mode sets the library path of the uninstalled
    # libgcrypt.so and runs the real binary, not its wrapper script.
    "$build/libtool" --mode=execute "$valgrind" -q --error-exitcode=99 \
        --suppressions=scripts/valgrind.supp \
        --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect \
        "$build/tests/$prog" "$@" >"$out" 2>&1
    status=$?
    close=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    case "$status:$prog" in
        0:*)
            passed=$((passed + 1)); echo "[$label] PASS $close" ;;
        1:t-hwf|1:t-hwf-policy)
            passed=$((passed + 1))
            echo "[$label] PASS $prog: no memcheck error (its CPUID checks" \
                 "fail under valgrind's virtual CPU by design: $close)" ;;
        77:*)
            echo "[$label] SKIP $prog: $(grep -m1 SKIP "$out")" ;;
        99:*)
            failed=$((failed + 1)); cat "$out"
            echo "[$label] FAIL $prog: memcheck errors" ;;
        *)
            failed=$((failed + 1)); cat "$out"
            echo "[$label] FAIL $prog: exit status $status" ;;
    esac
}

for prog in $once; do
    run once "$prog"
done
for prog in $api; do
    run default "$prog"
    run sse "$prog" --disable-hwf intel-avx2,intel-avx
    run portable "$prog" --disable-hwf all
done

echo "check-valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
