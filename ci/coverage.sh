#!/usr/bin/env bash
# Coverage: an instrumented build in build-coverage/, all tests, then lcov.
# Writes coverage/summary.txt (committed) and coverage/html/ (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
cmake -S . -B build-coverage -DCMAKE_BUILD_TYPE=Debug -DGROTTO_COVERAGE=ON >/dev/null
cmake --build build-coverage -j"$(nproc)"
lcov --zerocounters --directory build-coverage >/dev/null
ctest --test-dir build-coverage --output-on-failure --timeout 3000
GROTTO_BIN="$PWD/build-coverage/cli/grotto" /usr/bin/python3 -m pytest -q tests/e2e
lcov --config-file coverage/lcovrc --capture --directory build-coverage --output-file coverage/all.info >/dev/null
lcov --config-file coverage/lcovrc --extract coverage/all.info "$PWD/ref/*" "$PWD/impl/*" "$PWD/oracle/*" "$PWD/cli/*" \
     "$PWD/include/*" --output-file coverage/project.info >/dev/null
genhtml --config-file coverage/lcovrc coverage/project.info --output-directory coverage/html >/dev/null
{
  echo "# lcov summary ($(date -u +%Y-%m-%d), ci/coverage.sh)"
  lcov --config-file coverage/lcovrc --summary coverage/project.info 2>&1 | grep -E "lines|functions|branches"
  echo
  echo "# per directory (lines)"
  for d in ref impl oracle cli; do
    lcov --config-file coverage/lcovrc --extract coverage/project.info "$PWD/$d/*" --output-file coverage/$d.info >/dev/null
    printf '%-8s ' "$d"; lcov --config-file coverage/lcovrc --summary coverage/$d.info 2>&1 | grep -E "lines" | sed 's/^ *//'
  done
} > coverage/summary.txt
rm -f coverage/*.info
cat coverage/summary.txt
echo "HTML report: coverage/html/index.html"
