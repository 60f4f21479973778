#!/usr/bin/env bash
# Mutation check: applies every one-line mutant of ci/mutants.txt, one at a
# time, to a scratch copy of the tree (never the working tree), builds it and
# runs ctest, pytest, `grotto oracle --a ref --b impl --against corpus` and
# the report site's tests (tests/site, in headless Chromium);
# prints which stage and which tests caught each mutant, and a summary
# ("27 mutants, 27 caught"). Exit 1 if a mutant survived. Not part of
# .ci/run: every stage whole takes about 3 minutes per mutant on 2 cores;
# --first (the tests named after the mutated file, then ctest without the
# label `full`, pytest -x, the whole-universe tests, the oracle; each stops
# at its first failure) is what a run over the whole list uses; it runs
# first the test that caught each mutant last time (ci/mutants-catchers.txt,
# rewritten by --save-catchers), so that a repeated run costs seconds per
# mutant.
#
#   ci/mutants.sh                     every mutant, every stage
#   ci/mutants.sh --first             stop each mutant at its first catcher
#   ci/mutants.sh --first --save-catchers   and record the catchers
#   ci/mutants.sh --only ID,ID        some mutants
#   ci/mutants.sh --check             only check that the list applies
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh chromium
exec python3 ci/mutants.py "$@"
