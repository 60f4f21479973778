#!/usr/bin/env bash
# Build the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and
# run each for FUZZ_SECONDS (default 60) from its seed corpus. A difference
# between ref and impl aborts with the input saved as crash-*; keep such
# inputs in corpus/regressions/ with a note.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
seconds=${FUZZ_SECONDS:-60}
CC=clang cmake -S . -B build-fuzz -DGROTTO_FUZZ=ON -DGROTTO_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_floor_diff fuzz_map_diff fuzz_grid_diff fuzz_record_decode
work=build-fuzz/corpus-work
mkdir -p "$work"
for t in fuzz_floor_diff fuzz_map_diff fuzz_grid_diff fuzz_record_decode; do
  mkdir -p "$work/$t"
  cp -n fuzz/corpus/$t/* "$work/$t/" 2>/dev/null || true
  echo "== $t (${seconds}s)"
  build-fuzz/fuzz/$t -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=build-fuzz/ \
    "$work/$t" 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|DIFFERENCE|==[0-9]+==ERROR)" || true
  if ls build-fuzz/crash-* >/dev/null 2>&1; then
    echo "ci/fuzz.sh: $t found a failing input:" >&2; ls build-fuzz/crash-* >&2; exit 1
  fi
done
echo "ci/fuzz.sh: no differences"
