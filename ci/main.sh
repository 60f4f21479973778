#!/usr/bin/env bash
# The main job (README): build, then the full oracle - ref and impl item by
# item, both and impl's memoized sweep against the embedded golden corpus,
# over every domain (floors, maps, qualities, timers, sweep, walk; at,
# multibug and chests, ref vs impl only; each must reach its full count -
# chests its documented slice of 336,592,896 triples, the full 1,610,612,736
# in ci/test.sh) - the hardware
# captures (corpus/hardware) against the reference engine, and the benchmark
# (exit 1 on a corpus mismatch).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
ci/build.sh
build/cli/grotto oracle --a ref --b impl --against corpus
build/cli/grotto verify corpus/hardware
build/cli/grotto bench
