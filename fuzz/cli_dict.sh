#!/usr/bin/env bash
# Prints the dictionary of fuzz_cli_args: fuzz/fuzz_cli_args.dict (values)
# plus every command name of cli/commands.c and every option declared in a
# cli_opt table of cli/*.c, so that commands added later are fuzzed with
# their own options. Usage: fuzz/cli_dict.sh > OUT.dict
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cat "$root/fuzz/fuzz_cli_args.dict"
# command table rows: X(map)
sed -n 's/^ *X(\([a-z][a-z0-9-]*\)).*/"\1"/p' "$root/cli/commands.c" | sort -u
# option tables: {"threads", 'j', "N", &CLI_THREADS, ...} (descriptions, cli.h);
# {"threads", 'j', OPT_VALUE, ...} (the commands not described yet)
grep -ho "{\"[a-z][a-z0-9-]*\", *\(0\|'.'\), *\(OPT_\|NULL\|\"\)" "$root"/cli/*.c "$root"/cli/*.h |
  sed -n "s/{\"\([^\"]*\)\", *\(0\|'\(.\)'\), *\(OPT_\|NULL\|\"\)/\1 \3/p" | sort -u |
  while read -r long short; do
    echo "\"--$long\""
    if [ -n "${short:-}" ]; then echo "\"-$short\""; fi
  done | sort -u
