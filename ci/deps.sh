#!/usr/bin/env bash
# Install the Debian packages the build and tests need, when missing.
# Usage: ci/deps.sh [extra-package ...]
set -euo pipefail
need=(cmake make gcc libcriterion-dev libxxhash-dev python3-pytest lcov clang lua5.4 lua5.1 "$@")
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
