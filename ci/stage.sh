#!/usr/bin/env bash
# One CI stage, as .ci/run runs each of its stages and the forge's CI runs
# its jobs (.github/workflows/ci.yml, one job per stage): runs COMMAND with
# bash -c, its output also in build-ci/<stage>.log (spaces as '-'), and
# records the stage - name, command, exit status, seconds, start (Unix
# time), tab-separated - in $CI_RESULTS/stages/<stage>.tsv (default
# build-ci/results), where tools/site/publish.py reads it. Exit: COMMAND's.
#
#   ci/stage.sh tests ci/test.sh
#   ci/stage.sh "fuzz smoke" "env FUZZ_SECONDS=30 ci/fuzz.sh"
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
if [ $# -ne 2 ] || [ -z "$1" ] || [ -z "$2" ]; then
  echo "usage: ci/stage.sh NAME COMMAND (e.g. ci/stage.sh tests ci/test.sh)" >&2
  exit 2
fi
name=$1 cmd=$2
slug=${name// /-}
results=${CI_RESULTS:-build-ci/results}
mkdir -p build-ci "$results/stages" || exit 2
t0=$(date +%s)
bash -c "$cmd" 2>&1 | tee "build-ci/$slug.log"
rc=${PIPESTATUS[0]}
printf '%s\t%s\t%d\t%d\t%d\n' "$name" "$cmd" "$rc" $(( $(date +%s) - t0 )) "$t0" > "$results/stages/$slug.tsv.tmp" &&
  mv "$results/stages/$slug.tsv.tmp" "$results/stages/$slug.tsv" || exit 2
exit "$rc"
