#!/usr/bin/env bash
# Prints docs/performance.md's table: what jf spends, in instructions (callgrind, which counts
# the same on every run, however the machine's speed drifts) and in peak memory, on the
# generator's workloads (seed 42 unless said).
#
#   Benchmarks/table.sh                   # builds the release binary first (scripts/release.sh)
#   Benchmarks/table.sh --binary PATH     # measures PATH instead
#
# Needs valgrind and GNU time (/usr/bin/time); takes about fifteen minutes on two cores.
# Instructions are counted on a copy with its debug information stripped (valgrind 3.19
# cannot read what Swift 6 writes) and one job (`--jobs 1`), so that they do not depend on
# the machine's cores.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "table.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
for tool in valgrind /usr/bin/time python3 strip; do
  command -v "$tool" >/dev/null || { echo "table.sh: needs $tool" >&2; exit 2; }
done
if [ -z "$binary" ]; then
  scripts/release.sh
  binary=.build/release/jf
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generate() { python3 Benchmarks/workloads/gen_workloads.py "$@" > /dev/null; }
jf=$work/jf
strip --strip-debug -o "$jf" "$binary"

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
