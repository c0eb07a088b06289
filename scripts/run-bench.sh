#!/bin/sh
# scripts/run-bench.sh - set up, build, then the main job: bench-slope on
# the AES modes and BLAKE2, with the kernel serving each primitive shown.
# Extra arguments go to bench-slope before the sub-commands.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
cd "$(dirname "$0")/.."
# SETUP_PLOT: the report below draws its plots with gnuplot.
SETUP_PLOT=1 ./scripts/setup.sh
build=${BUILD_DIR:-build}
cd "$build/tests"
./bench-slope --cpu-mhz auto "$@" cipher aes aes192 aes256
./bench-slope --cpu-mhz auto "$@" hash blake2b_512 blake2s_256
# The report per message length and CPU level (tests/bench-levels.sh):
# Markdown tables and PNG plots; BENCH_COMPARE=/path/libgcrypt.so.20
# adds that library, timed interleaved.  Its last line says where.
make -s bench-report
