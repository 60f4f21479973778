#!/usr/bin/env bash
# Configure and build in build/ (Release with debug info, -Werror, Criterion unit tests required).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGROTTO_WERROR=ON -DGROTTO_TESTS=ON >/dev/null
cmake --build build -j"$(nproc)"
