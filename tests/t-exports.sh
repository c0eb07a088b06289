#!/bin/sh
# t-exports.sh - the built libgcrypt.so exports exactly the public API of
# src/libgcrypt.vers, every symbol at version GCRYPT_1.6, under SONAME
# libgcrypt.so.20, and nothing else (no internal _gcry_* leaks).
# SPDX-License-Identifier: LGPL-2.1-or-later

name=t-exports
srcdir=${srcdir:-.}
lib=../src/.libs/libgcrypt.so.20
vers=$srcdir/../src/libgcrypt.vers
passed=0
failed=0

check () {   # check COND-EXIT-STATUS MESSAGE
    if [ "$1" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "$name: FAIL $2" >&2
    fi
}

finish () {
    echo "$name: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}

if ! command -v readelf >/dev/null 2>&1; then
    echo "$name: SKIP readelf (binutils) not installed"
    echo "$name: 0 passed, 0 failed"
    exit 77
fi
[ -f "$lib" ]; check $? "library $lib exists"
[ -f "$lib" ] || finish

soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ "$soname" = libgcrypt.so.20 ]; check $? "SONAME is '$soname'"

tmp=${TMPDIR:-/tmp}/t-exports.$$
trap 'rm -f "$tmp".*' EXIT

# Wanted: the names between "global:" and "local:", comments removed.
sed -e 's,/\*.*\*/,,g' "$vers" \
  | sed -n '/global:/,/local:/p' | sed -e '1d;$d' \
  | tr ';' '\n' | tr -d ' \t' | grep -v '^$' | sort > "$tmp.want"

# Have: defined dynamic symbols (not UND), with their version.
readelf --dyn-syms -W "$lib" | awk '$7 != "UND" && $8 != "" && $5 == "GLOBAL" { print $8 }' \
  | sort > "$tmp.all"
grep -v '@@GCRYPT_1\.6$' "$tmp.all" | grep -v '^GCRYPT_1\.6$' > "$tmp.badver"
[ ! -s "$tmp.badver" ]; check $? "symbols outside GCRYPT_1.6: $(tr '\n' ' ' < "$tmp.badver")"
sed -n 's/@@GCRYPT_1\.6$//p' "$tmp.all" | sort > "$tmp.have"

missing=$(comm -23 "$tmp.want" "$tmp.have" | tr '\n' ' ')
extra=$(comm -13 "$tmp.want" "$tmp.have" | tr '\n' ' ')
[ -z "$missing" ]; check $? "listed but not exported: $missing"
[ -z "$extra" ]; check $? "exported but not listed: $extra"
grep -qv '^gcry_' "$tmp.have"; [ $? -ne 0 ]; check $? "only gcry_* names exported"
[ -s "$tmp.have" ]; check $? "some symbols exported"
finish
