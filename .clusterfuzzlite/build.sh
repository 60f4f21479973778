#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz entry point: the project's own fuzz/build.sh.
exec "$SRC/grotto-harness/fuzz/build.sh"
