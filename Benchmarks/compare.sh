#!/usr/bin/env bash
# Compares two jf-bench builds on the clock: runs them alternately (A B A B …) so that the
# machine's drift, larger than a few percent between runs minutes apart, falls on both alike,
# and prints each build's best throughput and all its runs.
#
#   Benchmarks/compare.sh OLD_BENCH NEW_BENCH FORMULAS ENV [PHASE] [ROUNDS]
#
# PHASE is parse, evaluate or parse+evaluate (the default); ROUNDS defaults to 5.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
old=$1 new=$2 formulas=$3 env=$4 phase=${5:-parse+evaluate} rounds=${6:-5}
for _ in $(seq "$rounds"); do
  for bench in "$old" "$new"; do
    rate=$("$bench" --formulas "$formulas" --env "$env" --iterations 5 --only "$phase" | grep -o '[0-9]* formulas/s' | cut -d' ' -f1)
    echo "$bench $rate"
  done
done | awk '{ runs[$1] = runs[$1] " " $2; if ($2 > best[$1]) best[$1] = $2 }
            END { for (b in runs) printf "%s  best %d formulas/s  runs:%s\n", b, best[b], runs[b] }'
