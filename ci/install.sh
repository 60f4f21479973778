#!/usr/bin/env bash
# The installable library: a Release build (build-install/), 'cmake --install'
# into a temporary prefix, then examples/print_map.c built against the
# installed package only - through CMake (find_package(grotto), shared and
# static) and through pkg-config (shared, and static with --static) - and
# run. Checks that no path of the source or build tree is in the installed
# files, that the shared library exports exactly what the installed headers
# declare (tools/lib_exports.py), that every way prints the same map, and
# that the walking cost (grotto/walk.h) is there from both engines. Then the
# Debian package (cpack -G DEB, cmake/packaging.cmake): its contents listed
# and checked, installed with apt-get (as root: the CI machine), the
# installed grotto and pkg-config file used from /usr, and removed again.
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
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGROTTO_WERROR=ON -DBUILD_TESTING=OFF -DGROTTO_BUILD_TREE_CORPUS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target grotto grotto_docs grotto_shared grotto_static >/dev/null
cmake --install "$build" --prefix "$prefix" >/dev/null
echo "ci/install.sh: installed into $prefix:"
(cd "$prefix" && find . -type f -o -type l | sort | sed 's/^/  /')

for f in share/man/man1/grotto.1 share/bash-completion/completions/grotto lib/pkgconfig/grotto-static.pc bin/grotto share/grotto-harness/corpus/golden/SHA256SUMS share/grotto-harness/corpus/hardware/hw1-softlock.cap \
         include/grotto/grotto.h include/grotto/tables.h include/grotto/version.h lib/cmake/grotto/grottoConfig.cmake \
         lib/pkgconfig/grotto.pc lib/libgrotto.a lib/libgrotto.so; do
  [ -e "$prefix/$f" ] || fail "missing $f in the installed tree"
done
if grep -rl -F -e "$src" -e "$build" "$prefix" >/dev/null; then
  fail "a path of the source or build tree is baked into: $(grep -rl -F -e "$src" -e "$build" "$prefix" | tr '\n' ' ')"
fi
# the installed command finds the installed corpus by its own path (not the source tree's)
(cd "$work" && "$prefix/bin/grotto" oracle walk --a impl --against corpus --quiet) ||
  fail "the installed grotto does not verify the walking costs against its installed corpus"
(cd "$work" && "$prefix/bin/grotto" verify "$prefix/share/grotto-harness/corpus/hardware" >/dev/null) ||
  fail "the installed grotto does not verify the installed hardware captures"
# its man page reads as one and lists every command; its completion answers
man_text=$(MANWIDTH=100 man -l "$prefix/share/man/man1/grotto.1" 2>&1) || fail "man -l grotto.1 failed: $man_text"
for c in $("$prefix/bin/grotto" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
  grep -q "^   $c\$" <<<"$man_text" || fail "the man page has no section for grotto $c"
done
completion() { # completion() WORD... : what bash completes for the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _grotto; echo "${COMPREPLY[*]}"' \
    _ "$prefix/share/bash-completion/completions/grotto" "$@"
}
[ "$(completion grotto ver)" = verify ] || fail "completing 'grotto ver' gave '$(completion grotto ver)'"
[ "$(completion grotto map --eng)" = --engine ] || fail "completing 'grotto map --eng' gave '$(completion grotto map --eng)'"
[ "$(completion grotto map --engine i)" = impl ] || fail "completing 'grotto map --engine i' failed"
echo "ci/install.sh: man -l grotto.1 ($(wc -l <<<"$man_text") lines) and the bash completion answer"
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
# grotto-static.pc: the archive without -static for the rest of the program
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/print_map.c $(pkg-config --cflags --libs grotto-static) -o "$work/pc_archive"
if ldd "$work/pc_archive" | grep -q libgrotto; then
  fail "linked with grotto-static.pc, print_map still depends on libgrotto.so"
fi
LD_LIBRARY_PATH="" "$work/pc_archive" DD5BC3 | cmp -s - "$expected" || fail "pc_archive prints another map"
if LD_LIBRARY_PATH="" "$work/pc_static" DD5BC3 >/dev/null && ldd "$work/pc_static" 2>&1 | grep -q grotto; then
  fail "the static example depends on libgrotto.so"
fi
lines=$(wc -l < "$expected")
echo "ci/install.sh: examples/print_map built 4 ways against $prefix (CMake shared/static, pkg-config shared/static): same $lines lines:"
sed 's/^/  /' "$expected"

# ---- the Debian package ----
(cd "$build" && cpack -G DEB >/dev/null) || fail "cpack -G DEB failed"
debs=("$build"/grotto-harness_"$version"_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack wrote no grotto-harness_${version}_ARCH.deb"
deb=${debs[0]}
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in usr/bin/grotto usr/share/grotto-harness/corpus/golden/maps.digest usr/lib/libgrotto.so.0 usr/lib/libgrotto.a usr/include/grotto/grotto.h \
         usr/include/grotto/tables.h usr/lib/cmake/grotto/grottoConfig.cmake usr/lib/pkgconfig/grotto.pc \
         usr/lib/pkgconfig/grotto-static.pc usr/share/man/man1/grotto.1 usr/share/bash-completion/completions/grotto; do
  grep -qx "\./$f" <<<"$contents" || fail "$(basename "$deb") lacks /$f"
done
depends=$(dpkg-deb -f "$deb" Depends)
for d in libc6 libjansson4 libxxhash0; do
  [[ "$depends" == *"$d"* ]] || fail "$(basename "$deb") does not depend on $d (Depends: $depends)"
done
echo "ci/install.sh: $(basename "$deb"): $(wc -l <<<"$contents") entries; Depends: $depends"
if [ "$(id -u)" -ne 0 ]; then
  echo "ci/install.sh: not root: the package is built and checked, not installed"
  exit 0
fi
if [ "$(dpkg-query -W -f='${Status}' grotto-harness 2>/dev/null)" = "install ok installed" ]; then
  fail "grotto-harness is already installed on this machine: remove it first (apt-get purge grotto-harness)"
fi
trap 'apt-get purge -y grotto-harness >/dev/null 2>&1 || true; rm -rf "$prefix" "$work"' EXIT
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$deb" >/dev/null ||
  fail "apt-get install $(basename "$deb") failed"
[ "$(command -v grotto)" = /usr/bin/grotto ] || fail "the package's grotto is not the one on PATH: $(command -v grotto)"
/usr/bin/grotto --version | grep -qx "grotto $version.*" || fail "/usr/bin/grotto --version: $(/usr/bin/grotto --version)"
first=$(/usr/bin/grotto map DD5BC3 | head -1)
[[ "$first" == *"Diamond World of Bliss"* ]] || fail "/usr/bin/grotto map DD5BC3 printed: $first"
MANWIDTH=100 man grotto 2>/dev/null | grep -q "^COMMANDS" || fail "'man grotto' does not show the installed page"
[ "$(bash -c 'source /usr/share/bash-completion/completions/grotto; COMP_WORDS=(grotto sta); COMP_CWORD=1; _grotto; echo "${COMPREPLY[*]}"')" = stats ] ||
  fail "the installed bash completion does not complete 'grotto sta'"
(cd "$work" && /usr/bin/grotto oracle walk --a impl --against corpus --quiet) ||
  fail "/usr/bin/grotto does not verify the walking costs against /usr/share/grotto-harness/corpus"
[ "$(PKG_CONFIG_PATH='' pkg-config --modversion grotto)" = "$version" ] || fail "pkg-config finds no installed grotto"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/print_map.c $(PKG_CONFIG_PATH='' pkg-config --cflags --libs grotto) \
  -o "$work/pc_system"
"$work/pc_system" DD5BC3 | cmp -s - "$expected" || fail "print_map against the installed package prints another map"
DEBIAN_FRONTEND=noninteractive apt-get purge -y grotto-harness >/dev/null || fail "apt-get purge grotto-harness failed"
[ ! -e /usr/bin/grotto ] || fail "/usr/bin/grotto is still there after apt-get purge"
[ -z "$(dpkg-query -W -f='${Status}' grotto-harness 2>/dev/null)" ] || fail "grotto-harness is still known to dpkg after the purge"
echo "ci/install.sh: $(basename "$deb") installed with apt-get, /usr/bin/grotto map DD5BC3: $first; removed"
