#!/bin/sh
# scripts/setup.sh - everything a fresh Debian 12 machine needs, then a
# build in build/ (out of tree, so the source tree stays clean).
#   BUILD_DIR   where to build (default: build)
#   CONFIGURE_FLAGS   extra configure options
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
cd "$(dirname "$0")/.."
top=$(pwd)

# Tools and libraries: autotools and texinfo to build, libgpg-error for
# the error codes, libssl-dev for the differential tests, binutils for
# the export check.  Installed only when missing (apt-get needs root).
need=""
command -v autoreconf >/dev/null 2>&1 || need="$need autoconf"
command -v automake   >/dev/null 2>&1 || need="$need automake"
command -v libtoolize >/dev/null 2>&1 || need="$need libtool"
command -v makeinfo   >/dev/null 2>&1 || need="$need texinfo"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v readelf    >/dev/null 2>&1 || need="$need binutils"
command -v cc         >/dev/null 2>&1 || need="$need gcc"
command -v make       >/dev/null 2>&1 || need="$need make"
pkg-config --exists gpg-error 2>/dev/null || need="$need libgpg-error-dev"
pkg-config --exists libcrypto 2>/dev/null || need="$need libssl-dev"
# gnuplot only for the plots of `make bench-report` (run-bench.sh sets
# SETUP_PLOT=1).
if [ -n "${SETUP_PLOT:-}" ]; then
    command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
fi
# Optional proof tools (README "Proof"): valgrind for t-consttime and
# check-valgrind.sh, clang with libFuzzer for the fuzz targets only (the
# library itself builds with cc).
command -v valgrind   >/dev/null 2>&1 || need="$need valgrind"
command -v clang      >/dev/null 2>&1 || need="$need clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a \
    >/dev/null 2>&1 || need="$need libclang-rt-dev"
if [ -n "$need" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: missing:$need (run as root, or install them)" >&2
        exit 1
    fi
    echo "setup: installing$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq $need >/dev/null
fi

[ -x configure ] && [ configure -nt configure.ac ] || ./autogen.sh
build=${BUILD_DIR:-build}
mkdir -p "$build"
cd "$build"
if [ ! -f Makefile ] || [ config.status -ot "$top/configure" ]; then
    # shellcheck disable=SC2086
    "$top/configure" -q $CONFIGURE_FLAGS
fi
make -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
echo "setup: built in $build"
