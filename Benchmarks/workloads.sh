# Sourced by the benchmark scripts: generates the generator's `env` document and N formulas
# (seed 42) into a temporary folder, `$work`, removed on exit, and builds jf-bench as release
# builds are made.
#
#   prepare_workloads N
prepare_workloads() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  local generator=../shared/bench/gen_workloads.py
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  python3 "$generator" env --out "$work/env.json"
  python3 "$generator" formulas --n "$1" --out "$work/formulas.txt"
  # Release builds link the Swift runtime statically (see docs/performance.md: calls into it
  # are then direct, not through the dynamic linker's stubs) and optimise across modules at
  # link time.
  swift build -c release --static-swift-stdlib --experimental-lto-mode=full --product jf-bench >/dev/null
}
