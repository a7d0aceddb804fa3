# Sourced by the benchmark scripts: generates the generator's `env` document and N formulas
# (seed 42) into a temporary folder, `$work`, removed on exit, and builds jf-bench as release
# builds are made (scripts/release.sh).
#
#   prepare_workloads N
prepare_workloads() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  local generator=Benchmarks/workloads/gen_workloads.py
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  python3 "$generator" env --out "$work/env.json"
  python3 "$generator" formulas --n "$1" --out "$work/formulas.txt"
  # The release build: runtime linked statically, optimised across modules at link time and
  # with a profile of a training run (scripts/release.sh; PGO=0 for the plain build).
  scripts/release.sh
}
