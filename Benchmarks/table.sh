#!/usr/bin/env bash
# Prints docs/performance.md's tables: what jf spends, in instructions (callgrind, which counts
# the same on every run, however the machine's speed drifts) and in peak memory, on the
# generator's workloads (seed 42 unless said); then where it stands against its goals:
#
#   - the batch path against a plain JSON round trip: `jf run --jsonl --jobs 1` a document,
#     against orjson's `loads` and `dumps` of the same line (installed from PyPI into a
#     virtual environment of the script's own), each counted without its process's start
#     (the same run over an empty stream, taken away);
#   - `jf eval --json --lines` a formula (parse, evaluate and the JSON line), without the
#     process's start, and jf-bench's in-process parse and evaluate a formula;
#   - peak memory on the 1,000,000-field chain, as a multiple of the document's size.
#
#   Benchmarks/table.sh                   # builds the release binaries first (scripts/release.sh)
#   Benchmarks/table.sh --binary PATH     # measures PATH (and jf-bench beside it) instead
#
# Needs valgrind, GNU time (/usr/bin/time) and PyPI; takes about twenty minutes on two cores.
# Instructions are counted on a copy with its debug information stripped (valgrind 3.19
# cannot read what Swift 6 writes) and one job (`--jobs 1`), so that they do not depend on
# the machine's cores.
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/flags.sh
flags 20 "$@"
needs valgrind /usr/bin/time python3 strip
if [ -z "$binary" ]; then
  scripts/release.sh
  binary=.build/release/jf
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generate() { python3 Benchmarks/workloads/gen_workloads.py "$@" > /dev/null; }
jf=$work/jf
strip --strip-debug -o "$jf" "$binary"
bench=$work/jf-bench
if [ -x "$(dirname "$binary")/jf-bench" ]; then strip --strip-debug -o "$bench" "$(dirname "$binary")/jf-bench"; else bench=""; fi
python3 -m venv "$work/orjson"
"$work/orjson/bin/pip" install --quiet orjson==3.11.4

# The workloads: a stream of small documents, formulas, and large documents of each kind.
for seed in $(seq 1 200); do
  generate mixed --n 60 --seed "$seed" --out "$work/one.json"
  python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",", ":")))' "$work/one.json"
done > "$work/stream.jsonl"
generate env --out "$work/env.json"
generate formulas --n 5000 --out "$work/formulas.txt"
generate chain --n 100000 --out "$work/chain-100k.json"
generate table --n 100000 --out "$work/table-100k.json"
generate mixed --n 100000 --out "$work/mixed-100k.json"
generate logic --n 10000 --out "$work/logic-10k.json"
generate chain --n 1000000 --out "$work/chain-1m.json"

# instructions COMMAND…: the instructions callgrind counts for COMMAND (standard input from
# $stdin), whatever its exit status (formulas that fail on the data make `jf eval` exit 1).
stdin=/dev/null
instructions() {
  { valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" < "$stdin" 2>&1 > /dev/null || true; } \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# peak COMMAND…: the peak resident memory of COMMAND, in MB.
peak() {
  /usr/bin/time -f '%M' -o "$work/time.txt" "$@" < "$stdin" > /dev/null 2>&1 || true
  group $(( $(tail -1 "$work/time.txt") / 1024 ))
}
size() { echo $(( $(stat -c %s "$1") / 1000000 )); }
# group N: N with thousands separated by commas.
group() { python3 -c 'import sys; print(f"{int(sys.argv[1]):,}")' "$1"; }

row() { echo "| $1 | $2 | $3 | $4 |"; }

echo "| Command | Input | Instructions | Peak memory |"
echo "|---|---|---|---|"
stdin=$work/stream.jsonl
total=$(instructions "$jf" run --jsonl --jobs 1)
row '`jf run --jsonl --jobs 1`' "200 mixed documents of 60 fields, $(size "$work/stream.jsonl") MB" \
  "$(group $((total / 200))) a document" "$(peak "$jf" run --jsonl --jobs 1) MB"
stdin=$work/formulas.txt
total=$(instructions "$jf" eval --doc "$work/env.json" --json --lines -)
row '`jf eval --json --lines`' "5,000 formulas against the \`env\` document" \
  "$(group $((total / 5000))) a formula" "$(peak "$jf" eval --doc "$work/env.json" --json --lines -) MB"
stdin=/dev/null
for kind in chain table mixed; do
  file=$work/$kind-100k.json
  case $kind in
    chain) what="chain, 100,000 fields (each reads the one before)" ;;
    table) what="table, 100,000 rows, two formulas over them" ;;
    mixed) what="mixed, 100,000 fields of every kind" ;;
  esac
  row '`jf run --json`' "$what, $(size "$file") MB" "$(group "$(instructions "$jf" run --json "$file")")" \
    "$(peak "$jf" run --json "$file") MB"
done
file=$work/logic-10k.json
row '`jf validate`' "logic, 10,000 fields with \`logic\` and \`requiredLogic\`, $(size "$file") MB" \
  "$(group "$(instructions "$jf" validate "$file")")" "$(peak "$jf" validate "$file") MB"
row '`jf lint --no-config`' "the same" \
  "$(group "$(instructions "$jf" lint --no-config "$file")")" "$(peak "$jf" lint --no-config "$file") MB"
file=$work/chain-1m.json
row '`jf run --json`' "chain, 1,000,000 fields, $(size "$file") MB" "—" "$(peak "$jf" run --json "$file") MB"

# The goals: each measure without its process's start (the same command over empty input).
echo
echo "| Measure | Now | Goal |"
echo "|---|---|---|"
empty=$work/empty.txt
: > "$empty"
marginal() { # marginal INPUT COUNT COMMAND…: instructions an item of INPUT, the start taken away
  local input=$1 count=$2; shift 2
  stdin=$input; local full; full=$(instructions "$@")
  stdin=$empty; local start; start=$(instructions "$@")
  echo $(( (full - start) / count ))
}
documents=$(marginal "$work/stream.jsonl" 200 "$jf" run --jsonl --jobs 1)
roundtrip=$(marginal "$work/stream.jsonl" 200 "$work/orjson/bin/python" -c \
  'import sys, orjson; out = sys.stdout.buffer
for line in sys.stdin.buffer: out.write(orjson.dumps(orjson.loads(line)) + b"\n")')
ratio() { python3 -c 'import sys; print(f"{int(sys.argv[1]) / int(sys.argv[2]):.2f}×")' "$1" "$2"; }
row3() { echo "| $1 | $2 | $3 |"; }
row3 "\`jf run --jsonl --jobs 1\` a document, against orjson's round trip of it ($(group "$roundtrip"))" \
  "$(group "$documents"), $(ratio "$documents" "$roundtrip")" "≤ 1.00×"
formulas=$(marginal "$work/formulas.txt" 5000 "$jf" eval --doc "$work/env.json" --json --lines -)
row3 '`jf eval --json --lines` a formula' "$(group "$formulas")" "≤ 10,550"
if [ -n "$bench" ]; then
  stdin=/dev/null
  parsed=$(instructions "$bench" --formulas "$work/formulas.txt" --env "$work/env.json" --only parse+evaluate --iterations 1)
  none=$(instructions "$bench" --formulas "$empty" --env "$work/env.json" --only parse+evaluate --iterations 1)
  row3 "jf-bench's parse and evaluate a formula, in process" "$(group $(( (parsed - none) / 5000 )))" "≤ 10,550"
fi
/usr/bin/time -f '%M' -o "$work/time.txt" "$jf" run --json "$work/chain-1m.json" > /dev/null 2>&1 || true
row3 "peak memory on the 1,000,000-field chain, a multiple of its size" \
  "$(python3 -c 'import sys; print(f"{int(sys.argv[1]) * 1024 / int(sys.argv[2]):.1f}×")' "$(tail -1 "$work/time.txt")" "$(stat -c %s "$work/chain-1m.json")")" "≤ 2.5×"
