#!/usr/bin/env bash
# Install the Debian packages the build and tests need, when missing.
# Usage: ci/deps.sh [extra-package ...]
set -euo pipefail
# clang's sanitizer and libFuzzer runtimes are in libclang-rt-14-dev (only
# recommended by clang-14, so not pulled by --no-install-recommends); llvm
# brings llvm-symbolizer for readable sanitizer reports; zip packs the seed
# corpora of fuzz/build.sh; libjansson-dev parses the interchange format; g++ and
# pkgconf build the installed-library example (ci/install.sh); nodejs runs
# tools/searcher (the community tool's harness) in its tests;
# python3-pytest-xdist runs the end-to-end tests on every core (pytest -n);
# dpkg-dev (dpkg-shlibdeps) and file make the Debian package (cpack, ci/install.sh);
# man-db reads the generated man page there; python3-yaml reads the forge's
# workflows in their test (tests/e2e/test_workflows.py); python3-jsonschema
# checks command output against the generated JSON Schema
# (tests/e2e/test_descriptions.py). ci/publish.sh adds
# chromium (the report site's check), which no other stage needs.
need=(cmake make gcc g++ pkgconf dpkg-dev file man-db libcriterion-dev libxxhash-dev libjansson-dev python3-pytest python3-pytest-xdist lcov clang libclang-rt-14-dev llvm zip git lua5.4 lua5.1 nodejs python3-yaml python3-jsonschema "$@")
missing=()
for p in "${need[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "ci/deps.sh: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends "${missing[@]}"; then
  $SUDO apt-get update
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
