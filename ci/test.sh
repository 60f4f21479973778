#!/usr/bin/env bash
# The test command (README): dependencies, build, Criterion unit tests and
# whole-universe comparisons (ctest), then the CLI end-to-end tests (pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
ci/build.sh
start=$(date +%s)
ctest --test-dir build --output-on-failure --timeout 1500
# Debian's pytest: the python3 first on PATH may be a separate build without it
GROTTO_BIN="$PWD/build/cli/grotto" /usr/bin/python3 -m pytest -q tests/e2e
echo "ci/test.sh: all tests passed in $(( $(date +%s) - start )) s"
