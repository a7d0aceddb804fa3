#!/usr/bin/env bash
# How much of a phase's time is the branch predictor's: runs jf-bench on the same formulas
# twice, once with each formula repeated in a row (the predictor has just seen its branches)
# and once shuffled, alternately, and prints each file's best throughput.
#
#   Benchmarks/branches.sh [PHASE] [ROUNDS]
#
# PHASE is parse, evaluate or parse+evaluate (the default); ROUNDS defaults to 4. The
# formulas are 1,000 drawn from the generator's workload (seed 42), each 100 times.
set -euo pipefail
phase=${1:-parse+evaluate} rounds=${2:-4}
source "$(dirname "$0")/workloads.sh"
prepare_workloads 100000
python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
formulas = open(f"{work}/formulas.txt").read().split("\n")[:-1]
random.seed(3)
sample = random.sample(formulas, 1000)
repeated = [f for f in sample for _ in range(100)]
open(f"{work}/repeated.txt", "w").write("\n".join(repeated) + "\n")
random.shuffle(repeated)
open(f"{work}/shuffled.txt", "w").write("\n".join(repeated) + "\n")
PY
for _ in $(seq "$rounds"); do
  for file in repeated shuffled; do
    rate=$(.build/release/jf-bench --formulas "$work/$file.txt" --env "$work/env.json" --iterations 5 --only "$phase" \
      | grep -o '[0-9]* formulas/s' | cut -d' ' -f1)
    echo "$file $rate"
  done
done | awk '{ if ($2 > best[$1]) best[$1] = $2 }
            END { printf "repeated %d formulas/s, shuffled %d formulas/s: shuffled takes %.0f%% more time\n",
                  best["repeated"], best["shuffled"], (best["repeated"] / best["shuffled"] - 1) * 100 }'
