#!/usr/bin/env bash
# What a change costs in a session, against the size of the document (docs/performance.md,
# "Changes"):
#
#   - a row updated, added and moved at the margin: the REPL loads the generator's 10,000-row
#     table (seed 42; it has a `rowOrder`, as Joyfill's tables do) and applies 1 or 11
#     `field.value.rowUpdate`, `rowCreate` or `rowMove` entries (`:apply`); callgrind counts
#     both runs, and the difference over 10 is one change's instructions, the load taken away;
#   - copies of a page: `jf apply` of 200 and of 1,000 `page.duplicate` entries on
#     examples/invoice.json, alternated, five rounds; the ratio of the medians (linear is 5×).
#
#   Benchmarks/changes.sh --binary PATH   # the jf to measure (say .build/release/jf)
#
# Needs valgrind and python3; a few minutes on two cores. Instructions are counted on a copy
# with its debug information stripped (valgrind 3.19 cannot read what Swift 6 writes).
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/flags.sh
flags 14 "$@"
needs valgrind python3 strip
[ -n "$binary" ] || { echo "changes.sh: give --binary PATH" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jf=$work/jf
strip --strip-debug -o "$jf" "$binary"
python3 Benchmarks/workloads/gen_workloads.py table --n 10000 --seed 42 --out "$work/table.json" > /dev/null
cp examples/invoice.json "$work/invoice.json"
python3 - "$work" <<'EOF'
import json, sys
work = sys.argv[1]
rows = [row["_id"] for row in next(f for f in json.load(open(f"{work}/table.json"))["fields"] if f["_id"] == "items")["value"]]
entries = {
    "update": lambda i: {"target": "field.value.rowUpdate", "fieldId": "items",
                         "change": {"rowId": rows[(i * 37) % len(rows)], "row": {"cells": {"qty": i % 19 + 1}}}},
    "create": lambda i: {"target": "field.value.rowCreate", "fieldId": "items",
                         "change": {"row": {"_id": f"new{i}", "cells": {"qty": i % 19 + 1}}}},
    "move": lambda i: {"target": "field.value.rowMove", "fieldId": "items",
                       "change": {"rowId": rows[(i * 37) % len(rows)], "targetRowIndex": (i * 101) % len(rows)}},
}
for kind, entry in entries.items():
    for count in (1, 11):
        with open(f"{work}/{kind}{count}.txt", "w") as script:
            script.write(":load table.json\n")
            for i in range(count):
                script.write(":apply " + json.dumps(entry(i)) + "\n")
for count in (200, 1000):
    with open(f"{work}/copies{count}.json", "w") as changes:
        json.dump([{"target": "page.duplicate", "change": {"pageId": "page_1"}} for _ in range(count)], changes)
EOF

instructions() { # instructions SCRIPT: what callgrind counts for the REPL over SCRIPT
  (cd "$work" && valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$jf" repl < "$1" 2>&1 > /dev/null) \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for kind in update create move; do
  one=$(instructions "$work/${kind}1.txt")
  eleven=$(instructions "$work/${kind}11.txt")
  python3 -c 'import sys; print(f"a row {sys.argv[1]}d in the 10,000-row table, at the margin: {(int(sys.argv[3]) - int(sys.argv[2])) / 10 / 1e6:.1f} M instructions")' \
    "$kind" "$one" "$eleven"
done

python3 - "$jf" "$work" <<'EOF'
import statistics, subprocess, sys, time
jf, work = sys.argv[1], sys.argv[2]
times = {200: [], 1000: []}
for _ in range(5):
    for count in (200, 1000):
        start = time.perf_counter()
        subprocess.run([jf, "apply", f"{work}/invoice.json", f"{work}/copies{count}.json"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        times[count].append(time.perf_counter() - start)
small, large = statistics.median(times[200]), statistics.median(times[1000])
print(f"1,000 page copies against 200: {large:.3f} s against {small:.3f} s, {large / small:.2f}x")
EOF
