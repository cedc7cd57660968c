#!/usr/bin/env bash
# The study's figure 6: permutations on the k=8 fat tree for message sizes
# m = 16 .. 1024 packets under the packet-spraying schemes, several runs each,
# in parallel over the cores. Writes results/fig6/results.csv, the PNG figures,
# and the fitted exponents of q(m) and of the maximum queue, over all sizes
# (fits.csv) and over m >= 128 (fits-from-128.csv), where the constant start-up
# queue no longer dominates. Runs already in results/fig6/runs are kept.
# Usage: examples/fig6-queue-scaling.sh [runs (default 3)] [extra fabric-lb-sweep flags]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
shift || true
"$root/tools/build.sh" >/dev/null
sizes=$(for m in 16 32 64 128 256 512 1024; do printf '%d,' $((m * 4096)); done)
for fit_from in 0 128; do
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k=8 --workload=permutation \
    --schemes=simple-rr,jsq,rsq,host-spray,switch-ar,reps,host-dr,ofan \
    --sizes="${sizes%,}" --runs="$runs" --out="$root/results/fig6" --fitMinPackets="$fit_from" "$@"
done
