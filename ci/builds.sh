#!/usr/bin/env bash
# Builds everywhere: GCC and clang, Release and Debug, each warning-free
# (-DGROTTO_WERROR=ON) and configured without the tests, so that Criterion
# is never looked up (the CMake cache must hold no CRITERION_ entry); the
# command must run. RelWithDebInfo with -Werror is the other stages' build
# type: GCC's in build/ (the tests and main stages, ci/build.sh), clang's in
# build-asan/, build-tsan/ and build-fuzz/ (sanitizers, fuzz smoke).
# Build folders: build-builds/<cc>-<type>/.
# Usage: ci/builds.sh [cc ...]    (default: gcc clang)
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
compilers=("$@")
[ ${#compilers[@]} -gt 0 ] || compilers=(gcc clang)
for cc in "${compilers[@]}"; do
  for type in Release Debug; do
    dir="build-builds/$cc-$type"
    t0=$(date +%s)
    rm -rf "$dir"
    CC=$cc cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DGROTTO_WERROR=ON -DBUILD_TESTING=OFF >/dev/null
    if grep -q "^CRITERION_" "$dir/CMakeCache.txt"; then
      echo "ci/builds.sh: $cc $type: Criterion looked up although the tests are off" >&2
      exit 1
    fi
    cmake --build "$dir" -j"$(nproc)" >/dev/null
    out=$("$dir/cli/grotto" map 020032 | head -1)
    case "$out" in
      "map 020032: Granite Tunnel of Woe Lv.1 /"*) ;;
      *) echo "ci/builds.sh: $cc $type: unexpected 'grotto map 020032': $out" >&2; exit 1 ;;
    esac
    echo "ci/builds.sh: $cc $type: warning-free, no Criterion, grotto runs ($(( $(date +%s) - t0 )) s)"
  done
done
