#!/bin/sh
# t-consttime.sh - run t-consttime under valgrind memcheck (see
# t-consttime.c: memcheck is what sees a secret-dependent branch or
# index; the program alone cannot).  SKIP (exit 77) with the reason when
# valgrind is not installed.  The program prints the closing line
# "t-consttime: N passed, N failed"; a memcheck error also makes valgrind
# exit 99 (--error-exitcode), so a leak fails the run twice over.
# SPDX-License-Identifier: LGPL-2.1-or-later

if ! command -v valgrind >/dev/null 2>&1; then
    echo "t-consttime: SKIP valgrind is not installed (apt-get install valgrind)"
    exit 77
fi
# An ASan build (--enable-sanitizers) cannot run under valgrind: the two
# both replace malloc and the shadow memory.
if grep -q -a __asan_init ./t-consttime 2>/dev/null \
   || grep -q -a __asan_init ./.libs/t-consttime 2>/dev/null; then
    echo "t-consttime: SKIP built with AddressSanitizer, which valgrind cannot run"
    exit 77
fi
# libtool's execute mode runs the real binary (the test links the
# convenience library statically, but this keeps working if that changes).
exec ../libtool --mode=execute valgrind -q --error-exitcode=99 \
    --track-origins=yes --num-callers=12 ./t-consttime "$@"
