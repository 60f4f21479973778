#!/usr/bin/env bash
# The main job (README): build, then the full oracle sweep - ref and impl
# record by record and both against the embedded golden corpus, over all
# 524,288 floors and 393,216 maps - the hardware captures (corpus/hardware)
# against the reference engine, and the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
ci/build.sh
build/cli/grotto oracle --a ref --b impl --against corpus
build/cli/grotto verify corpus/hardware
build/cli/grotto bench
