#!/usr/bin/env bash
# Runs a command and prints the peak of the machine's memory in use while it ran (MemTotal
# less MemAvailable, sampled each second), next to the machine's total: what tells whether a
# build is nearing the memory it has (CI's release link with full LTO).
#
#   scripts/memory-peak.sh scripts/release.sh
set -euo pipefail

available() { awk '/^MemAvailable:/ { print $2 }' /proc/meminfo; }
total=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
( while true; do available >> "$samples"; sleep 1; done ) &
sampler=$!
status=0
"$@" || status=$?
kill "$sampler" 2>/dev/null || true
wait "$sampler" 2>/dev/null || true
# The smallest sample, read without a pipe (a reader that stops early would end the writer
# with SIGPIPE, which pipefail makes this script's status).
lowest=$(awk 'NR == 1 || $1 < min { min = $1 } END { print min }' "$samples")
awk -v total="$total" -v lowest="$lowest" -v command="$*" 'BEGIN {
  printf "memory-peak: %.1f GiB in use at most of %.1f GiB while running %s\n", (total - lowest) / 1048576, total / 1048576, command
}' >&2
exit "$status"
