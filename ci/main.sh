#!/usr/bin/env bash
# The main job (README): build, then the full oracle - ref and impl item by
# item, both and impl's memoized sweep against the embedded golden corpus,
# over every domain (floors, maps, qualities, timers, sweep, walk; at,
# multibug and chests, ref vs impl only; each must reach its full count -
# chests every one of its 1,610,612,736 triples, --full) - the hardware
# captures (corpus/hardware) against the reference engine, the benchmark
# (exit 1 on a corpus mismatch), and last the ctest tests labelled
# "universe" - each builds the universe index or sweeps every seed; among
# them the planted differences found over every domain
# (test_universe_planted_full, test_universe_planted_chests_full) - but
# those labelled "oracle-step" (test_universe_differential,
# test_ref_universe_maps, test_ref_universe_floors: the comparisons the
# oracle step above has just made, item for item; tests/CMakeLists.txt),
# and the pytest tests marked "universe" (tests/e2e/conftest.py: the bench
# of both engines, oracle domains with ref, the query set cold), which the
# README's test command leaves to this job.
#
# Each command runs once, with --json, into the results folder of the CI
# stages ($CI_RESULTS, default build-ci/results: oracle.json, verify.json,
# bench.json; each written to a temporary name and renamed when complete),
# which ci/publish.sh reads; a one-line-per-item digest of each is printed
# (tools/site/publish.py --brief). Every command runs even after another
# failed; the exit status is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
ci/deps.sh || exit 1
ci/build.sh || exit 1
results=${CI_RESULTS:-build-ci/results}
mkdir -p "$results" || exit 2
status=0
# step NAME GROTTO-ARGS...: grotto ARGS --json into $results/NAME.json
step() {
  local name=$1 rc=0
  shift
  echo "\$ grotto $* --json"
  build/cli/grotto "$@" --json > "$results/$name.json.tmp" || rc=$?
  if [ -s "$results/$name.json.tmp" ]; then
    mv "$results/$name.json.tmp" "$results/$name.json" || exit 2
    python3 tools/site/publish.py --brief "$name" "$results/$name.json" || { [ "$rc" -ne 0 ] || rc=2; }
  else
    rm -f "$results/$name.json.tmp"
    echo "ci/main.sh: grotto $1 wrote no JSON (exit $rc)" >&2
    [ "$rc" -ne 0 ] || rc=2
  fi
  if [ "$rc" -ne 0 ] && [ "$status" -eq 0 ]; then status=$rc; fi
}
step oracle oracle --a ref --b impl --against corpus --full --quiet
step verify verify corpus/hardware
step bench bench
echo "\$ ctest --test-dir build -L universe -LE oracle-step"
rc=0
ctest --test-dir build -L universe -LE oracle-step --output-on-failure --timeout 1500 -j "$(nproc)" || rc=$?
if [ "$rc" -ne 0 ] && [ "$status" -eq 0 ]; then status=$rc; fi
echo "\$ pytest -m universe tests/e2e"
rc=0
GROTTO_BIN="$PWD/build/cli/grotto" /usr/bin/python3 -m pytest -q -p no:cacheprovider -n "$(nproc)" -m universe tests/e2e ||
  rc=$?
if [ "$rc" -ne 0 ] && [ "$status" -eq 0 ]; then status=$rc; fi
exit "$status"
