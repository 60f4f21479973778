#!/usr/bin/env bash
# The test command (README): dependencies, build, the Criterion unit tests
# (ctest), then the CLI end-to-end tests (pytest). What runs the engines or
# grotto over a whole universe or domain is the main job's (ci/main.sh): the
# ctest tests labelled "universe" (each builds the universe index or sweeps
# every seed; among them the label "full": the three whole-universe
# comparisons and the two planted-difference cases over every domain) and
# the pytest tests marked "universe" (tests/e2e/conftest.py: a bench sweep of
# both engines, an oracle domain with ref, the query set cold).
# FULL_TESTS=1 runs both here too.
# Both run as many at a time as there are cores (TEST_JOBS to change it):
# ctest -j, and pytest -n through pytest-xdist, whose workers share one
# universe index cache (tests/e2e/conftest.py). The installed library,
# command and Debian package are checked by ci/install.sh, a CI stage of its
# own (.ci/run), which needs a Release build and root for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
ci/build.sh
jobs=${TEST_JOBS:-$(nproc)}
case "$jobs" in '' | *[!0-9]* | 0) echo "ci/test.sh: TEST_JOBS=$jobs: expected a positive number" >&2; exit 2 ;; esac
start=$(date +%s)
ctest_skip=(-LE universe)
pytest_skip=(-m "not universe")
[ "${FULL_TESTS:-0}" = 0 ] || { ctest_skip=(); pytest_skip=(); }
ctest --test-dir build --output-on-failure --timeout 1500 -j "$jobs" "${ctest_skip[@]}"
ctest_done=$(date +%s)
# Debian's pytest: the python3 first on PATH may be a separate build without it
GROTTO_BIN="$PWD/build/cli/grotto" /usr/bin/python3 -m pytest -q -p no:cacheprovider -n "$jobs" "${pytest_skip[@]}" tests/e2e
end=$(date +%s)
echo "ci/test.sh: all tests passed in $((end - start)) s (ctest $((ctest_done - start)) s, pytest $((end - ctest_done)) s, $jobs at a time)"
