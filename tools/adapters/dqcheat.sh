#!/bin/sh
# dqcheat.sh - the CompuGenius DQIX save editor's map engine as an engine
# under test: `grotto oracle --b exec:'tools/adapters/dqcheat.sh DIR'`
# (docs/other-tools.md).
#
# DIR (or $GROTTO_TOOLS_DIR/DQIX-Save-Editor) is a checkout of
# CompuGenius-Programs/DQIX-Save-Editor at ae15f30; the editor is never part
# of this repository. This script compiles dqcheat/Driver.cs with Debian's
# mono `mcs` once into a cache directory keyed by the source's sha256
# ($GROTTO_CACHE_DIR/dqcheat, else ${XDG_CACHE_HOME:-~/.cache}/grotto/dqcheat;
# compiled to a temporary name and renamed), then runs dqcheat.py, which
# speaks the engine protocol and starts `mono Driver.exe
# DIR/lib/DQCheat.Patched.0.7.exe` to ask the engine. Any other arguments
# (--any-version) go to dqcheat.py. Needs mono-mcs and mono-runtime.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
    -h|--help)
        sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
        cat <<USAGE
usage: dqcheat.sh [DIR] [--any-version]
       dqcheat.sh --fields
examples:
  grotto oracle --sample 2000 --b exec:'tools/adapters/dqcheat.sh ~/grotto-tools/DQIX-Save-Editor'
  echo 'floor 23491 4' | tools/adapters/dqcheat.sh ~/grotto-tools/DQIX-Save-Editor
exit status: 0 end of input, 2 bad arguments, no checkout, no mono or a bad
request (one line on stderr), 3 the driver or the engine failed.
USAGE
        exit 0 ;;
    --fields) exec python3 "$here/dqcheat.py" --fields ;;
esac
dir=
any=
for a in "$@"; do
    case "$a" in
        --any-version) any=--any-version ;;
        -*) echo "dqcheat.sh: unknown option '$a': expected DIR or --any-version" >&2; exit 2 ;;
        *) dir=$a ;;
    esac
done
if [ -z "$dir" ]; then
    if [ -z "${GROTTO_TOOLS_DIR:-}" ]; then
        echo "dqcheat.sh: no checkout: give DIR or set GROTTO_TOOLS_DIR (docs/other-tools.md)" >&2
        exit 2
    fi
    dir=$GROTTO_TOOLS_DIR/DQIX-Save-Editor
fi
exe=$dir/lib/DQCheat.Patched.0.7.exe
if [ ! -f "$exe" ]; then
    echo "dqcheat.sh: '$exe' does not exist: expected a checkout of DQIX-Save-Editor at ae15f30" >&2
    exit 2
fi
for tool in mcs mono; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "dqcheat.sh: '$tool' is not installed: expected Debian's mono-mcs and mono-runtime" >&2
        exit 2
    fi
done
src=$here/dqcheat/Driver.cs
sum=$(sha256sum "$src" | cut -c1-16)
cache=${GROTTO_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/grotto}/dqcheat/$sum
if [ ! -f "$cache/Driver.exe" ]; then
    mkdir -p "$cache"
    tmp=$cache/Driver.exe.$$.tmp
    if ! mcs -nologo -warnaserror -out:"$tmp" "$src" >"$cache/build.log" 2>&1; then
        rm -f "$tmp"
        echo "dqcheat.sh: mcs could not compile $src: $(tail -n 1 "$cache/build.log")" >&2
        exit 3
    fi
    mv "$tmp" "$cache/Driver.exe"
fi
exec python3 "$here/dqcheat.py" $any "$exe" -- mono "$cache/Driver.exe"
