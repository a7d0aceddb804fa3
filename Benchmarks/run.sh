#!/usr/bin/env bash
# Generates the workloads and runs jf-bench in release mode; used for docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=../shared/bench/gen_workloads.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$generator" env --out "$work/env.json"
python3 "$generator" formulas --n "${FORMULAS:-100000}" --out "$work/formulas.txt"
# Release builds link the Swift runtime statically (see docs/performance.md: calls into it are
# then direct, not through the dynamic linker's stubs) and optimise across modules at link time.
swift build -c release --static-swift-stdlib --experimental-lto-mode=full --product jf-bench >/dev/null
.build/release/jf-bench --formulas "$work/formulas.txt" --env "$work/env.json" --rows "${ROWS:-1000000}" --iterations "${ITERATIONS:-5}"
