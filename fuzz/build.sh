#!/bin/bash -eu
# Builds every fuzz target the way OSS-Fuzz and ClusterFuzzLite expect, for
# campaigns longer than one machine allows (see README, "Fuzzing").
#
# The infrastructure sets:
#   CC, CXX, CFLAGS, CXXFLAGS  compilers and the sanitizer/coverage flags
#   LIB_FUZZING_ENGINE         the engine to link (libFuzzer, AFL++, honggfuzz)
#   OUT                        where the targets, seed corpora, dictionaries go
#   SRC, WORK                  the sources ($SRC/grotto-harness, this tree) and
#                              scratch space
# For every fuzz/fuzz_*.c it writes $OUT/<target>, $OUT/<target>_seed_corpus.zip
# (fuzz/corpus/<target>/ and corpus/regressions/<target>/, when zip is
# available) and $OUT/<target>.dict where the target has a dictionary.
#
# No CMake here (the OSS-Fuzz base image's is older than CMakeLists.txt
# needs): the libraries are compiled straight from the same globs CMake uses
# (the generated tables, base/, the engines ref/, impl/, legacy/ and their
# registry lib/engines.c, capture/, oracle/, universe/, interchange/,
# verify/, cli/ without main.c), and the
# targets are linked with $CXX as the engines require.
#
# Try it locally with libFuzzer:
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,undefined,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/fuzz-out fuzz/build.sh
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}" "${OUT:?OUT must name the output folder}"
work="${WORK:-/tmp}/grotto-fuzz-build"
rm -rf "$work"
mkdir -p "$work/obj" "$OUT"

python3 "$root/tools/gen_tables.py" "$root/tools/tables" "$work/generated"
flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -pthread
       -I"$root/include" -I"$work/generated" -I"$root/base" -I"$root/legacy" -I"$root/oracle" -I"$root/universe"
       -I"$root/interchange" -I"$root/verify" -I"$root/cli" -I"$root/impl" -I"$root/fuzz"
       -DGROTTO_SOURCE_DIR="\"$root\"" -DGROTTO_VERSION="\"fuzz\"")
objs=()
i=0
for src in "$work/generated/grotto_tables.c" "$root"/base/*.c "$root"/ref/*.c "$root"/impl/*.c "$root"/legacy/*.c \
           "$root"/lib/engines.c "$root"/capture/*.c "$root"/oracle/*.c "$root"/universe/*.c "$root"/interchange/*.c \
           "$root"/verify/*.c "$root"/cli/*.c; do
  [ "$src" = "$root/cli/main.c" ] && continue
  obj="$work/obj/$i-$(basename "$src" .c).o"
  # shellcheck disable=SC2086 # CFLAGS is a list of flags
  $CC $CFLAGS "${flags[@]}" -c "$src" -o "$obj"
  objs+=("$obj")
  i=$((i + 1))
done
ar rcs "$work/libgrotto.a" "${objs[@]}"

for src in "$root"/fuzz/fuzz_*.c; do
  t=$(basename "$src" .c)
  # shellcheck disable=SC2086
  $CC $CFLAGS "${flags[@]}" -c "$src" -o "$work/$t.o"
  # shellcheck disable=SC2086 # LIB_FUZZING_ENGINE may be flags or a library
  $CXX $CXXFLAGS "$work/$t.o" $LIB_FUZZING_ENGINE "$work/libgrotto.a" -lxxhash -ljansson -lm -pthread -o "$OUT/$t"
  if command -v zip >/dev/null; then
    rm -f "$OUT/${t}_seed_corpus.zip"
    for seeds in "$root/fuzz/corpus/$t" "$root/corpus/regressions/$t"; do
      [ -d "$seeds" ] || continue
      (cd "$seeds" && find . -maxdepth 1 -type f ! -name '*.note' ! -name 'README*' -print |
        zip -q -j "$OUT/${t}_seed_corpus.zip" -@)
    done
  fi
  if [ "$t" = fuzz_cli_args ]; then
    "$root/fuzz/cli_dict.sh" > "$OUT/$t.dict"
  elif [ -f "$root/fuzz/$t.dict" ]; then
    cp "$root/fuzz/$t.dict" "$OUT/$t.dict"
  fi
  echo "fuzz/build.sh: $OUT/$t"
done
