#!/usr/bin/env bash
# Coverage gate: the gcov counters of the instrumented test suite, then lcov
# per directory. The instrumented build is the sanitizers' one: build-instr/
# (gcc, ASan + UBSan + --coverage, -O1), whose ctest and pytest run
# `ci/sanitize.sh asan` does (the bench's forked child flushes its counters
# before _exit); the gate reads the counters that run left.
#
#   ci/coverage.sh            runs ci/sanitize.sh asan, then the report
#   ci/coverage.sh --report   the report only, from the counters of the last
#                             complete ci/sanitize.sh asan run (.ci/run runs
#                             it right after the sanitizers stage)
#
# Fails when a directory is below its gate:
#   lines     >= 90 % for the engines (ref/, impl/, legacy/), the capture
#             format (capture/) and the harness's layers (base/, oracle/,
#             universe/, interchange/, verify/)
#   branches  >= 85 % for ref/ and impl/
# (lib/, cli/ and include/ are reported, not gated). Prints the table and the
# verdict, writes coverage/summary.txt (committed) and coverage/html/ (not).
#
# The suite under instrumentation leaves the whole-universe comparisons
# (ctest label "full") to the uninstrumented tests stage; the rest of the
# universe tests (planted differences in every domain, the index, impl's
# sweep) run in full. The build is -O1 (COVERAGE_OPT=-O0 ci/coverage.sh for
# unoptimised code).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
build="build-instr"
case "${1:-}" in
  "") ci/sanitize.sh asan ;;
  --report) ;;
  *) echo "usage: ci/coverage.sh [--report]" >&2; exit 2 ;;
esac
if [ ! -f "$build/suite.done" ]; then
  echo "ci/coverage.sh: no complete instrumented run in $build/ (ci/sanitize.sh asan did not pass, or was narrowed)" >&2
  exit 1
fi
opt=$(sed -n 's/^GROTTO_COVERAGE_OPT:STRING=//p' "$build/CMakeCache.txt")
LINES_MIN=90
BRANCHES_MIN=85

rc=(--config-file coverage/lcovrc)
info="$build/coverage"
mkdir -p "$info"
lcov "${rc[@]}" --capture --directory "$build" --output-file "$info/all.info" >/dev/null 2>"$info/lcov.log"
dirs=(ref impl legacy base oracle universe interchange verify capture lib cli include)
gated=" ref impl legacy base oracle universe interchange verify capture "
patterns=()
for d in "${dirs[@]}"; do patterns+=("$PWD/$d/*"); done
lcov "${rc[@]}" --extract "$info/all.info" "${patterns[@]}" --output-file "$info/project.info" >/dev/null
genhtml "${rc[@]}" "$info/project.info" --output-directory coverage/html >/dev/null

# "  lines......: 97.4% (1066 of 1094 lines)" -> "1066 1094"
counts() { sed -n "s/^ *$1\.*: [0-9.]*% (\([0-9]*\) of \([0-9]*\) .*/\1 \2/p"; }
pct() { awk -v h="$1" -v n="$2" 'BEGIN { printf "%.1f", n ? 100 * h / n : 100 }'; }
below() { awk -v h="$1" -v n="$2" -v min="$3" 'BEGIN { exit !(n && 100 * h < min * n) }'; }

fail=0
table=$(printf '%-12s %22s %22s %22s  %s\n' directory "lines" "functions" "branches" verdict)
for d in "${dirs[@]}"; do
  lcov "${rc[@]}" --extract "$info/project.info" "$PWD/$d/*" --output-file "$info/$d.info" >/dev/null 2>&1
  summary=$(lcov "${rc[@]}" --summary "$info/$d.info" 2>&1)
  read -r lh ln <<<"$(counts lines <<<"$summary")"
  read -r fh fn <<<"$(counts functions <<<"$summary")"
  read -r bh bn <<<"$(counts branches <<<"$summary")"
  verdict="not gated"
  case $gated in
    *" $d "*)
      why=()
      if below "$lh" "$ln" $LINES_MIN; then why+=("lines < $LINES_MIN %"); fi
      if { [ "$d" = ref ] || [ "$d" = impl ]; } && below "$bh" "$bn" $BRANCHES_MIN; then why+=("branches < $BRANCHES_MIN %"); fi
      verdict="ok"
      if [ ${#why[@]} -ne 0 ]; then
        verdict="FAIL: ${why[0]}${why[1]:+; ${why[1]}}"
        fail=1
      fi
      ;;
  esac
  table+=$(printf '\n%-12s %6s%% %6s of %6s %6s%% %6s of %6s %6s%% %6s of %6s  %s' "$d/" \
    "$(pct "$lh" "$ln")" "$lh" "$ln" "$(pct "$fh" "$fn")" "$fh" "$fn" "$(pct "$bh" "$bn")" "$bh" "$bn" "$verdict")
done
total=$(lcov "${rc[@]}" --summary "$info/project.info" 2>&1 | grep -E "lines|functions|branches")
verdict="PASSED"
[ $fail -eq 0 ] || verdict="FAILED"
{
  echo "# coverage ($(date -u +%Y-%m-%d), ci/coverage.sh, gcc ASan+UBSan+gcov $opt, ctest -LE full + pytest)"
  echo "# gate: lines >= $LINES_MIN % for$(printf ' %s/' $gated), branches >= $BRANCHES_MIN % for ref/ impl/"
  echo
  echo "$table"
  echo
  echo "all project sources:"
  echo "$total"
  echo
  echo "gate: $verdict"
} > coverage/summary.txt
cat coverage/summary.txt
echo "HTML report: coverage/html/index.html"
[ $fail -eq 0 ] || { echo "ci/coverage.sh: coverage below the gate" >&2; exit 1; }
