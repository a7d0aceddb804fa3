#!/usr/bin/env bash
# Generates the workloads and runs jf-bench in release mode; used for docs/performance.md.
set -euo pipefail
source "$(dirname "$0")/workloads.sh"
prepare_workloads "${FORMULAS:-100000}"
.build/release/jf-bench --formulas "$work/formulas.txt" --env "$work/env.json" --rows "${ROWS:-1000000}" --iterations "${ITERATIONS:-5}"
