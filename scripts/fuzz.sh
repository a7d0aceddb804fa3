#!/usr/bin/env bash
# Fuzzes jf's input paths with libFuzzer; Fuzz/jf-fuzz/main.swift says what each target
# checks (no crash, and properties such as "formatted text parses to the same formula").
#
#   scripts/fuzz.sh formula [SECONDS]     # formula text; SECONDS defaults to 300
#   scripts/fuzz.sh document [SECONDS]    # JoyDoc JSON
#   scripts/fuzz.sh repl [SECONDS]        # lines of a REPL session
#   scripts/fuzz.sh lsp [SECONDS]         # a JoyDoc or formula edited under the language server
#   scripts/fuzz.sh lsp-stream [SECONDS]  # the bytes a client sends to jf lsp (framing, messages)
#   scripts/fuzz.sh config [SECONDS]      # jf.toml / .jf.json files and path patterns
#   scripts/fuzz.sh serve [SECONDS]       # the bytes of a connection to jf serve (run from the root)
#
# The fuzzer is built with the address sanitizer in .build/fuzz. Its corpus grows in
# .build/fuzz/corpus/TARGET, seeded by scripts/fuzz-seeds.sh (from examples/ and the grammar),
# so a second run goes on where the first stopped. An input that fails is saved as
# .build/fuzz/artifacts/TARGET-… and the script exits 1; replay it with
#
#   JF_FUZZ_TARGET=formula .build/fuzz/release/jf-fuzz .build/fuzz/artifacts/formula-crash-…
#
# Any other libFuzzer option can follow SECONDS (`-jobs=2`, `-only_ascii=1`). SECONDS 0 runs
# every input of the corpus once and stops: a regression check under the sanitizer. The tests
# (JoyfillFuzzTests) run every target's seeds through the same checks in an ordinary build.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-300}
case $target in
  formula) max_len=1024 ;;
  document) max_len=16384 ;;
  repl) max_len=2048 ;;
  lsp) max_len=16384 ;;
  lsp-stream) max_len=16384 ;;
  config) max_len=4096 ;;
  serve) max_len=8192 ;;
  *) echo "usage: scripts/fuzz.sh formula|document|repl|lsp|lsp-stream|config|serve [SECONDS] [LIBFUZZER-OPTION...]" >&2; exit 2 ;;
esac
shift $(( $# >= 2 ? 2 : $# ))

JF_FUZZ=1 swift build -c release --product jf-fuzz --build-path .build/fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

corpus=.build/fuzz/corpus/$target
mkdir -p "$corpus" .build/fuzz/artifacts
if [ -z "$(ls -A "$corpus")" ]; then
  scripts/fuzz-seeds.sh "$target" "$corpus"
fi

# Whole tokens for mutations to insert: the registry's function names, keywords, operators.
dictionary=.build/fuzz/$target.dict
JF_FUZZ_PRINT_DICTIONARY=1 .build/fuzz/release/jf-fuzz > "$dictionary"

if [ "$seconds" = 0 ]; then limit=-runs=0; else limit=-max_total_time="$seconds"; fi
# The runtime's own backtracer would read the crashing process's memory under the sanitizer
# and be reported itself; libFuzzer prints the stack.
SWIFT_BACKTRACE=enable=no JF_FUZZ_TARGET=$target exec .build/fuzz/release/jf-fuzz \
  "$limit" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
  -dict="$dictionary" -artifact_prefix=.build/fuzz/artifacts/"$target"- "$@" "$corpus"
