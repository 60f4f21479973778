#!/usr/bin/env bash
# Fuzzing: builds every fuzz/fuzz_*.c as a libFuzzer target (clang, ASan +
# UBSan, build-fuzz/) and runs each for FUZZ_SECONDS (default 30) from its
# seed corpus fuzz/corpus/<target>/ and the inputs kept in
# corpus/regressions/<target>/; the corpus grows in build-fuzz/corpus-work/.
# Prints per target the executions and exec/s.
#
# A target that fails (ref and impl differ, a CLI convention is broken, a
# sanitizer report, a leak, a timeout or running out of memory) has its
# input copied to corpus/regressions/<target>/ with a .note file saying what
# broke; the ctest test_regressions then replays it on every test run until
# it is fixed. Exit 1 if any target failed.
#
# The figures go to $CI_RESULTS/fuzz.json too (default build-ci/results; read
# by ci/publish.sh, fields in docs/json.md): per target the executions,
# exec/s, the corpus size after the run, the failing inputs kept; the inputs
# kept by this run are also copied to $CI_RESULTS/fuzz-regressions/<target>/
# (the forge's CI uploads that folder).
#
# Targets run FUZZ_JOBS at a time (default: the number of cores; each
# libFuzzer run is one process on one core), so the smoke takes
# FUZZ_SECONDS x ceil(targets / FUZZ_JOBS) plus the build.
#
#   ci/fuzz.sh                         30 s per target (the .ci/run smoke)
#   FUZZ_SECONDS=1800 ci/fuzz.sh       a 30-minute campaign per target
#   FUZZ_JOBS=1 ci/fuzz.sh             one target at a time
#   ci/fuzz.sh fuzz_map_diff ...       only these targets
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
seconds=${FUZZ_SECONDS:-30}
build="build-fuzz"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for src in fuzz/fuzz_*.c; do targets+=("$(basename "$src" .c)"); done
fi
for t in "${targets[@]}"; do
  [ -f "fuzz/$t.c" ] || { echo "ci/fuzz.sh: no fuzz target fuzz/$t.c" >&2; exit 2; }
done

CC=clang cmake -S . -B "$build" -DGROTTO_FUZZ=ON -DGROTTO_WERROR=ON -DGROTTO_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >/dev/null

results=${CI_RESULTS:-build-ci/results}
mkdir -p "$results"
rm -rf "$results/fuzz-regressions"
jobs=${FUZZ_JOBS:-$(nproc)}
case "$jobs" in '' | *[!0-9]* | 0) echo "ci/fuzz.sh: FUZZ_JOBS=$jobs: expected a positive number" >&2; exit 2 ;; esac
mkdir -p "$build/logs" "$build/run"
fuzz/cli_dict.sh > "$build/fuzz_cli_args.dict"

# One target: its run, and on failure its inputs kept with a note. Writes
# its table row to $build/logs/<target>.row, its JSON object to
# $build/logs/<target>.json and "ok" or "FAILED" to
# $build/logs/<target>.verdict (targets run in parallel: nothing shared).
run_target() {
  local t=$1
  local work="$build/corpus-work/$t" art="$build/artifacts/$t" log="$build/logs/$t.log"
  rm -rf "$art"
  mkdir -p "$work" "$art" "$build/run/$t"
  for seeds in "fuzz/corpus/$t" "corpus/regressions/$t"; do
    [ -d "$seeds" ] || continue
    find "$seeds" -maxdepth 1 -type f ! -name '*.note' ! -name 'README*' -exec cp -n {} "$work/" \;
  done
  local opts=(-max_total_time="$seconds" -timeout=30 -print_final_stats=1 -artifact_prefix="$PWD/$art/")
  if [ "$t" = fuzz_cli_args ]; then
    opts+=(-dict="$PWD/$build/fuzz_cli_args.dict")
  elif [ -f "fuzz/$t.dict" ]; then
    opts+=(-dict="$PWD/fuzz/$t.dict")
  fi
  echo "== $t (${seconds} s)"
  local rc=0
  # a scratch working directory per target: nothing a target does lands in the tree
  (cd "$build/run/$t" && "../../fuzz/$t" "${opts[@]}" "$PWD/../../corpus-work/$t") > "$log" 2>&1 || rc=$?
  local execs rate verdict=ok inputs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  inputs=("$art"/*)
  if [ $rc -ne 0 ] || [ -e "${inputs[0]}" ]; then
    verdict=FAILED
    grep -a -E "DIFFERENCE|CONVENTION|argv:|ERROR|SUMMARY|runtime error|WARNING" "$log" | head -12 >&2 || true
    for input in "${inputs[@]}"; do
      [ -e "$input" ] || continue
      mkdir -p "corpus/regressions/$t"
      local name
      name=$(basename "$input")
      cp "$input" "corpus/regressions/$t/$name"
      mkdir -p "$results/fuzz-regressions/$t"
      cp "$input" "$results/fuzz-regressions/$t/$name"
      {
        echo "target:  $t"
        echo "found:   $(date -u +%Y-%m-%dT%H:%MZ) by ci/fuzz.sh (FUZZ_SECONDS=$seconds), libFuzzer exit $rc"
        echo "kind:    ${name%%-*}"
        echo "replay:  $build/fuzz/$t corpus/regressions/$t/$name   (or ctest -R test_regressions)"
        echo "what broke:"
        # the messages, and the stack frames in the project's own sources
        grep -a -E "DIFFERENCE|CONVENTION|argv:|stdout:|stderr:|ERROR|SUMMARY|runtime error|WARNING|#[0-9]+ 0x.* $PWD/" "$log" |
          grep -a -v "/fuzz/fuzz_[a-z_]*\.c:[0-9]*:[0-9]*$" | head -20 | sed "s|$PWD/||; s/^/  /"
      } > "corpus/regressions/$t/$name.note"
      echo "ci/fuzz.sh: $t: kept corpus/regressions/$t/$name (see $name.note)" >&2
    done
    if [ ! -e "${inputs[0]}" ]; then
      echo "ci/fuzz.sh: $t exited $rc without a failing input; log: $log" >&2
      tail -5 "$log" >&2
    fi
  fi
  printf '%-24s %14s %10s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$verdict" > "$build/logs/$t.row"
  local kept=0 corpus
  for input in "${inputs[@]}"; do [ -e "$input" ] && kept=$((kept + 1)); done
  corpus=$(find "$work" -maxdepth 1 -type f | wc -l)
  # executions and exec/s null when libFuzzer printed no final stats
  printf '{"target": "%s", "seconds": %d, "executions": %s, "exec_per_second": %s, "corpus": %d, "failures": %d, "exit": %d, "verdict": "%s"}\n' \
    "$t" "$seconds" "${execs:-null}" "${rate:-null}" "$corpus" "$kept" "$rc" "$verdict" > "$build/logs/$t.json"
  echo "$verdict" > "$build/logs/$t.verdict"
}

running=0
for t in "${targets[@]}"; do
  rm -f "$build/logs/$t.row" "$build/logs/$t.verdict"
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$t" &
  running=$((running + 1))
done
wait

failed=()
rows=()
objects=()
for t in "${targets[@]}"; do
  if [ -f "$build/logs/$t.json" ]; then
    objects+=("$(cat "$build/logs/$t.json")")
  else
    objects+=("$(printf '{"target": "%s", "seconds": %d, "executions": null, "exec_per_second": null, "corpus": 0, "failures": 0, "exit": -1, "verdict": "FAILED (no result)"}' "$t" "$seconds")")
  fi
  if [ -f "$build/logs/$t.row" ]; then
    rows+=("$(cat "$build/logs/$t.row")")
  else
    rows+=("$(printf '%-24s %14s %10s  %s' "$t" "?" "?" "FAILED (no result)")")
  fi
  [ "$(cat "$build/logs/$t.verdict" 2>/dev/null)" = ok ] || failed+=("$t")
done

{
  printf '{"schema": 1, "seconds_per_target": %d, "jobs": %d, "targets": [\n  ' "$seconds" "$jobs"
  (IFS=$'\n'; echo "${objects[*]}") | sed '$!s/$/,/'
  printf ' ], "failed": %d}\n' "${#failed[@]}"
} > "$results/fuzz.json.tmp"
mv "$results/fuzz.json.tmp" "$results/fuzz.json"

echo
printf '%-24s %14s %10s  %s\n' target executions exec/s verdict
printf '%s\n' "${rows[@]}"
if [ ${#failed[@]} -ne 0 ]; then
  echo "ci/fuzz.sh: FAILED: ${failed[*]} (inputs kept in corpus/regressions/; logs in $build/logs/)" >&2
  exit 1
fi
echo "ci/fuzz.sh: ${#targets[@]} targets, ${seconds} s each, $jobs at a time, no failure"
