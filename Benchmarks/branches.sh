#!/usr/bin/env bash
# How much of a phase's time is the branch predictor's: runs jf-bench on the same formulas
# twice, once with each formula repeated in a row (the predictor has just seen its branches)
# and once shuffled, alternately, and prints each file's best throughput.
#
#   Benchmarks/branches.sh [PHASE] [ROUNDS]
#
# PHASE is parse, evaluate or parse+evaluate (the default); ROUNDS defaults to 4. The
# formulas are 1,000 drawn from the generator's workload (seed 42), each 100 times.
#
# With BY_FUNCTION=1 it then samples both runs with `perf record -e cpu-clock` (Linux perf;
# no hardware counters needed) and prints the functions whose time grows most from the
# repeated file to the shuffled one: where the missed branches are, on this machine's own
# predictor rather than a simulated one.
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

if [[ "${BY_FUNCTION:-0}" == 1 ]]; then
  command -v perf >/dev/null || { echo "BY_FUNCTION=1 needs perf (apt-get install linux-perf)" >&2; exit 1; }
  for file in repeated shuffled; do
    perf record -q -o "$work/$file.perf" -e cpu-clock -F 10000 .build/release/jf-bench --formulas "$work/$file.txt" \
      --env "$work/env.json" --iterations 10 --only "$phase" >/dev/null 2>&1
    perf report -i "$work/$file.perf" --no-children --sort symbol -F sample,symbol 2>/dev/null \
      | awk '/^ *[0-9]/ { count = $1; $1 = ""; $2 = ""; sub(/^ +/, ""); sub(/ +- +-$/, ""); print count "\t" $0 }' > "$work/$file.samples"
  done
  python3 - "$work" <<'PY' | swift demangle --simplified | cut -c1-160
import sys
work = sys.argv[1]
def samples(name):
    counts = {}
    for line in open(f"{work}/{name}.samples"):
        count, symbol = line.rstrip("\n").split("\t", 1)
        counts[symbol] = counts.get(symbol, 0) + int(count)
    return counts
repeated, shuffled = samples("repeated"), samples("shuffled")
extra = max(sum(shuffled.values()) - sum(repeated.values()), 1)
print(f"samples: repeated {sum(repeated.values())}, shuffled {sum(shuffled.values())}; by function, "
      "the shuffled file's extra samples and their share of all of them:")
rows = sorted(((shuffled.get(s, 0) - repeated.get(s, 0), s) for s in set(repeated) | set(shuffled)), reverse=True)
for grown, symbol in rows[:15]:
    print(f"{grown:8d} {100 * grown / extra:5.1f}%  {repeated.get(symbol, 0):7d} -> {shuffled.get(symbol, 0):7d}  {symbol}")
PY
fi
