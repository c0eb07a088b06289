#!/bin/sh
# t-bench-smoke.sh - bench-slope's command line and output formats work.
#
# Times nothing and judges no speed: bench-slope runs in its quick mode
# (GCRYPT_IN_REGRESSION_TEST: two repetitions, no warm-up) and only the
# shape of what it prints is checked:
#   - --help, and the errors for a bad option, --msglen list, sub-command
#     and --compare path (exit status 1 and a message);
#   - the table layout of upstream's bench-slope (header, row, footer);
#   - --csv rows with upstream's fields;
#   - --json documents, slope and --msglen, well-formed by
#     bench-json-check and holding the rows asked for, with numbers;
#   - --compare with this very library loaded a second time into its own
#     namespace: the JSON carries the compared figures and the speed-up,
#     the tables the legend and the speed-up column.  SKIP (reported as
#     such) when the shared library is not built or cannot be loaded
#     apart (sanitizer builds).
# Closes with "t-bench-smoke: N passed, N failed"; exit 1 on a failure.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

passed=0
failed=0
tmp=${TMPDIR:-/tmp}/t-bench-smoke.$$
trap 'rm -f "$tmp".*' 0
trap 'exit 1' 1 2 15

GCRYPT_IN_REGRESSION_TEST=1
export GCRYPT_IN_REGRESSION_TEST
unset GCRYPT_HWF_POLICY

ok () {
  passed=$((passed + 1))
}
bad () {
  echo "t-bench-smoke: FAIL $*"
  failed=$((failed + 1))
}

# Run bench-slope with the arguments; stdout in $tmp.out, stderr in
# $tmp.err, exit status in $status.
run () {
  ./bench-slope "$@" >"$tmp.out" 2>"$tmp.err"
  status=$?
}

# expect_error WHAT ARGS...: exit status 1 and a message on stderr.
expect_error () {
  what=$1
  shift
  run "$@"
  if [ "$status" -eq 1 ] && [ -s "$tmp.err" ]; then
    ok
  else
    bad "$what: exit status $status (want 1 with a message)"
  fi
}

# has FILE PATTERN WHAT: FILE has a line matching the extended regex.
has () {
  if grep -Eq -- "$2" "$1"; then ok; else bad "$3"; fi
}

# json_ok WHAT: $tmp.out is one well-formed JSON document.
json_ok () {
  if ./bench-json-check <"$tmp.out" 2>"$tmp.jerr"; then
    ok
  else
    bad "$1: not well-formed JSON: $(cat "$tmp.jerr")"
  fi
}

run --help
if [ "$status" -eq 0 ] && grep -q '^usage: bench-slope' "$tmp.out" \
   && grep -q -- '--compare' "$tmp.out" && grep -q -- '--json' "$tmp.out"
then ok; else bad "--help: exit status $status or text missing"; fi

expect_error "unknown option" --no-such-option cipher aes
expect_error "--msglen 0" --msglen 0 cipher aes
expect_error "--msglen 16,x" --msglen 16,x cipher aes
expect_error "unknown sub-command" no-such-section
expect_error "--compare without a path" --compare
expect_error "--compare without a slash" --compare libgcrypt.so.20 hash
expect_error "--compare of a missing file" \
  --compare /nonexistent/libgcrypt.so.20 hash sha256

# Upstream's table layout.
run cipher aes256
if [ "$status" -eq 0 ]; then ok; else bad "cipher aes256: exit $status"; fi
has "$tmp.out" '^Cipher:$' "table: no section title"
has "$tmp.out" '^ AES256         \|  nanosecs/byte   mebibytes/sec   cycles/byte$' \
  "table: upstream's header line"
has "$tmp.out" '^        CTR enc \| +[0-9.]+ ns/B +[0-9.]+ MiB/s +- c/B$' \
  "table: upstream's row layout"
has "$tmp.out" '^                =$' "table: upstream's closing line"

run --cpu-mhz auto hash blake2b_512
has "$tmp.out" '^                \|  nanosecs/byte   mebibytes/sec   cycles/byte  auto Mhz$' \
  "--cpu-mhz auto: upstream's header line"
has "$tmp.out" '^ BLAKE2B_512    \| +[0-9.]+ ns/B +[0-9.]+ MiB/s +[0-9.]+ c/B +[0-9]+' \
  "--cpu-mhz auto: upstream's row layout"

# Upstream's CSV fields.
run --csv --cpu-mhz 3000 cipher aes256
has "$tmp.out" '^cipher,AES256,CTR enc,,,[0-9.]+,ns/B,[0-9.]+,MiB/s,[0-9.]+,c/B$' \
  "--csv: upstream's fields"
if grep -Ev '^(cipher,AES256,|kernel,AES256,|Note: )' "$tmp.out" | grep -q .; then
  bad "--csv: lines that are not CSV rows"
else
  ok
fi

# JSON, slope and per message length.
run --json hash blake2b_512
json_ok "--json hash blake2b_512"
has "$tmp.out" '"algo":"BLAKE2B_512","mode":"","kernel":[^,]*,"ns_per_byte":[0-9]' \
  "--json: a BLAKE2B_512 result with a number"
run --json --cpu-mhz 3000 --msglen 16,64 cipher aes256
json_ok "--json --msglen"
for len in 16 64; do
  has "$tmp.out" "\"mode\":\"CTR enc\",\"kernel\":[^,]*,\"msglen\":$len,\"ns_per_byte\":[0-9].*\"cycles_per_byte\":[0-9]" \
    "--json --msglen: CTR enc at $len bytes"
done
has "$tmp.out" '"method":"msglen","msglens":\[16,64\]' "--json: the lengths"

# --compare with this library loaded again, apart.
lib=../src/.libs/libgcrypt.so.20
if [ ! -f "$lib" ]; then
  echo "t-bench-smoke: SKIP --compare: no shared library $lib"
else
  run --json --compare "$lib" --msglen 64 cipher aes256
  # dlmopen may be refused (no namespaces left), and an ASan build cannot
  # load a second, uninstrumented copy of itself: both say why.
  if [ "$status" -ne 0 ] && grep -q -e 'dlmopen' -e 'ASan runtime' "$tmp.err"; then
    echo "t-bench-smoke: SKIP --compare: $(cat "$tmp.err")"
  else
    json_ok "--json --compare"
    has "$tmp.out" '"compare":\{"path":"[^"]*libgcrypt.so.20","version":' \
      "--json --compare: the compared library"
    has "$tmp.out" '"mode":"CTR enc".*"compare":\{"ns_per_byte":[0-9][^}]*"speedup":[0-9]' \
      "--json --compare: CTR enc compared, with a speed-up"
    run --compare "$lib" hash blake2b_512
    has "$tmp.out" '^Comparing this library' "--compare: the legend"
    has "$tmp.out" '^ BLAKE2B_512    \| .* \| +[0-9.]+ ns/B +[0-9.]+x$' \
      "--compare: the compared column and the speed-up"
  fi
fi

echo "t-bench-smoke: $passed passed, $failed failed"
test "$failed" -eq 0
