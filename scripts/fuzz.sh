#!/usr/bin/env bash
# Fuzzes jf's input paths with libFuzzer; Fuzz/jf-fuzz/main.swift says what each target
# checks (no crash, and properties such as "formatted text parses to the same formula").
#
#   scripts/fuzz.sh formula [SECONDS]     # formula text; SECONDS defaults to 300
#   scripts/fuzz.sh document [SECONDS]    # JoyDoc JSON
#
# The fuzzer is built with the address sanitizer in .build/fuzz. Its corpus grows in
# .build/fuzz/corpus/TARGET, seeded from examples/ and the grammar, so a second run goes on
# where the first stopped. An input that fails is saved as .build/fuzz/artifacts/TARGET-…
# and the script exits 1; replay it with
#
#   JF_FUZZ_TARGET=formula .build/fuzz/release/jf-fuzz .build/fuzz/artifacts/formula-crash-…
#
# Any other libFuzzer option can follow SECONDS (`-jobs=2`, `-dict=…`).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-300}
case $target in
  formula) max_len=1024 ;;
  document) max_len=16384 ;;
  *) echo "usage: scripts/fuzz.sh formula|document [SECONDS] [LIBFUZZER-OPTION...]" >&2; exit 2 ;;
esac
shift $(( $# >= 2 ? 2 : $# ))

JF_FUZZ=1 swift build -c release --product jf-fuzz --build-path .build/fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

corpus=.build/fuzz/corpus/$target
mkdir -p "$corpus" .build/fuzz/artifacts
if [ -z "$(ls -A "$corpus")" ]; then
  if [ "$target" = formula ]; then
    # One formula a file: the examples, and the grammar's.
    { cat examples/formulas.txt; sed -n 's/^ *(\* example: \(.*\) \*) *$/\1/p' grammar/formula.ebnf; } |
      awk -v dir="$corpus" 'length($0) > 0 { file = sprintf("%s/seed-%04d", dir, NR); printf "%s", $0 > file; close(file) }'
  else
    find examples Tests -name '*.json' -size -64k | while read -r file; do
      cp "$file" "$corpus/seed-$(echo "$file" | tr '/' '_')"
    done
  fi
fi

# The runtime's own backtracer would read the crashing process's memory under the sanitizer
# and be reported itself; libFuzzer prints the stack.
SWIFT_BACKTRACE=enable=no JF_FUZZ_TARGET=$target exec .build/fuzz/release/jf-fuzz \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=.build/fuzz/artifacts/"$target"- "$@" "$corpus"
