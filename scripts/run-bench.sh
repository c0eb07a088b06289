#!/bin/sh
# scripts/run-bench.sh - set up, build, then the main job: bench-slope on
# the AES modes and BLAKE2, with the kernel serving each primitive shown.
# Extra arguments go to bench-slope before the sub-commands.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${BUILD_DIR:-build}
cd "$build/tests"
./bench-slope --cpu-mhz auto "$@" cipher aes aes192 aes256
./bench-slope --cpu-mhz auto "$@" hash blake2b_512 blake2s_256
