#!/usr/bin/env bash
# The installable library: a Release build (build-install/), 'cmake --install'
# into a temporary prefix, then examples/print_map.c built against the
# installed package only - through CMake (find_package(grotto), shared and
# static) and through pkg-config (shared, and static with --static) - and
# run. Checks that no path of the source or build tree is in the installed
# files, that the shared library exports exactly what the installed headers
# declare (tools/lib_exports.py), that every way prints the same map, and
# that the walking cost (grotto/walk.h) is there from both engines.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh
src=$PWD
build=$src/build-install
prefix=$(mktemp -d /tmp/grotto-prefix.XXXXXX)
work=$(mktemp -d /tmp/grotto-example.XXXXXX)
trap 'rm -rf "$prefix" "$work"' EXIT
fail() { echo "ci/install.sh: $*" >&2; exit 1; }

rm -rf "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGROTTO_WERROR=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target grotto_shared grotto_static >/dev/null
cmake --install "$build" --prefix "$prefix" >/dev/null
echo "ci/install.sh: installed into $prefix:"
(cd "$prefix" && find . -type f -o -type l | sort | sed 's/^/  /')

for f in include/grotto/grotto.h include/grotto/tables.h include/grotto/version.h lib/cmake/grotto/grottoConfig.cmake \
         lib/pkgconfig/grotto.pc lib/libgrotto.a lib/libgrotto.so; do
  [ -e "$prefix/$f" ] || fail "missing $f in the installed tree"
done
if grep -rl -F -e "$src" -e "$build" "$prefix" >/dev/null; then
  fail "a path of the source or build tree is baked into: $(grep -rl -F -e "$src" -e "$build" "$prefix" | tr '\n' ' ')"
fi
# libgrotto.so exports exactly the functions and objects the installed headers declare
python3 tools/lib_exports.py "$prefix/lib/libgrotto.so" "$prefix/include/grotto" -I "$prefix/include" ||
  fail "libgrotto.so's exports differ from its installed headers (tools/lib_exports.py)"

# through CMake, with a C++ compiler's view of the headers too (extern "C")
cmake -S examples -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake" >/dev/null
echo '#include <grotto/grotto.h>
int main(void) { return grotto_version()[0] == 0; }' > "$work/cxx.cpp"
g++ -std=c++17 -Wall -Wextra -Werror -I"$prefix/include" "$work/cxx.cpp" -L"$prefix/lib" -lgrotto -o "$work/cxx"
LD_LIBRARY_PATH="$prefix/lib" "$work/cxx"
# the walking cost (grotto/walk.h) from the installed library: both engines'
# walks agree on DD5BC3's 15 floors and sum to the golden costs' sum (354)
echo '#include <grotto/grotto.h>
#include <stdio.h>
int main(void) {
    uint16_t cost[15], sum = 0;
    for (int k = 1; k <= 15; k++) {
        grotto_floor_t f;
        if (grotto_floor(0x5BC3, k, &f) != 0 || grotto_engine_impl.walk(&f) != grotto_floor_walk(&f))
            return 1;
        cost[k - 1] = grotto_floor_walk(&f);
    }
    if (grotto_walk_up_to(0x5BC3, 15, &sum) != 0 || sum != grotto_walk_sum(cost, 15))
        return 1;
    printf("%u\n", sum);
    return 0;
}' > "$work/walk.c"
cc -std=c11 -Wall -Wextra -Werror -I"$prefix/include" "$work/walk.c" -L"$prefix/lib" -lgrotto -o "$work/walk"
[ "$(LD_LIBRARY_PATH="$prefix/lib" "$work/walk")" = 354 ] || fail "the walking cost of DD5BC3 is not 354 half-steps"
# through pkg-config
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
version=$(sed -n 's/^project(grotto_harness VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ "$(pkg-config --modversion grotto)" = "$version" ] ||
  fail "pkg-config --modversion grotto: $(pkg-config --modversion grotto)"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/print_map.c $(pkg-config --cflags --libs grotto) -o "$work/pc_shared"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -static examples/print_map.c $(pkg-config --static --cflags --libs grotto) \
  -o "$work/pc_static"

expected="$work/expected.txt"
LD_LIBRARY_PATH="$prefix/lib" "$work/cmake/print_map" DD5BC3 > "$expected"
[ "$(head -1 "$expected")" = "Diamond World of Bliss Lv.70 (libgrotto $version)" ] ||
  fail "print_map DD5BC3 printed '$(head -1 "$expected")'"
[ "$(grep -c '^B[0-9]*F ' "$expected")" = 15 ] || fail "print_map DD5BC3 did not print 15 floors"
for exe in "$work/cmake/print_map_static" "$work/pc_shared" "$work/pc_static"; do
  LD_LIBRARY_PATH="$prefix/lib" "$exe" DD5BC3 | cmp -s - "$expected" || fail "$(basename "$exe") prints another map"
done
if LD_LIBRARY_PATH="" "$work/pc_static" DD5BC3 >/dev/null && ldd "$work/pc_static" 2>&1 | grep -q grotto; then
  fail "the static example depends on libgrotto.so"
fi
lines=$(wc -l < "$expected")
echo "ci/install.sh: examples/print_map built 4 ways against $prefix (CMake shared/static, pkg-config shared/static): same $lines lines:"
sed 's/^/  /' "$expected"
