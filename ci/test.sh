#!/usr/bin/env bash
# The test command (README): dependencies, build, Criterion unit tests and
# universe tests (ctest), then the CLI end-to-end tests (pytest). The three
# whole-universe comparisons (ctest label "full": every domain of ref vs impl
# vs corpus, every chest triple; ref's every map and floor vs the corpus)
# and the two planted-difference cases over every domain are the main job's (ci/main.sh runs them after the oracle), and so are
# the pytest tests marked "universe" (tests/e2e/conftest.py: a bench sweep of
# both engines, an oracle domain with ref, the query set cold - each a run of
# grotto over a whole domain): FULL_TESTS=1 runs both here too.
# Both run as many at a time as there are cores (TEST_JOBS to change it):
# ctest -j, and pytest -n through pytest-xdist, whose workers share one
# universe index cache (tests/e2e/conftest.py). Last, ci/install.sh: the
# installed library, command, man page and completion, and the Debian
# package built, installed with apt-get, used and purged (as root; otherwise
# built and checked only).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
ci/build.sh
jobs=${TEST_JOBS:-$(nproc)}
case "$jobs" in '' | *[!0-9]* | 0) echo "ci/test.sh: TEST_JOBS=$jobs: expected a positive number" >&2; exit 2 ;; esac
start=$(date +%s)
full=(-LE full)
universe=(-m "not universe")
[ "${FULL_TESTS:-0}" = 0 ] || { full=(); universe=(); }
ctest --test-dir build --output-on-failure --timeout 1500 -j "$jobs" "${full[@]}"
ctest_done=$(date +%s)
# Debian's pytest: the python3 first on PATH may be a separate build without it
GROTTO_BIN="$PWD/build/cli/grotto" /usr/bin/python3 -m pytest -q -p no:cacheprovider -n "$jobs" "${universe[@]}" tests/e2e
end=$(date +%s)
tests_done=$(date +%s)
ci/install.sh
end_all=$(date +%s)
echo "ci/test.sh: all tests passed in $((tests_done - start)) s (ctest $((ctest_done - start)) s, pytest $((end - ctest_done)) s, $jobs at a time); install and package checks $((end_all - tests_done)) s"
