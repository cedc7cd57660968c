#!/usr/bin/env bash
# The study's figure 6: permutations on the k=8 fat tree for message sizes
# m = 16 .. 1024 packets under the packet-spraying schemes, several runs each,
# in parallel over the cores. Writes results/fig6/results.csv, the PNG figures,
# and the fitted exponents of q(m) and of the maximum queue (in data packets),
# over all sizes (fits.csv) and over m >= 64 (fits-from-64.csv), where the
# constant start-up queue no longer dominates. simple-rr and JSQ run again with
# 16 MB buffers (results/fig6-big-buffer), which never cap their Theta(m)
# queues. Runs already done are kept.
# Usage: examples/fig6-queue-scaling.sh [runs (default 3)] [extra fabric-lb-sweep flags]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
shift || true
"$root/tools/build.sh" >/dev/null
sizes=$(for m in 16 32 64 128 256 512 1024; do printf '%d,' $((m * 4096)); done)
for fit_from in 0 64; do
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k=8 --workload=permutation \
    --schemes=simple-rr,jsq,rsq,host-spray,switch-ar,reps,host-dr,ofan \
    --sizes="${sizes%,}" --runs="$runs" --out="$root/results/fig6" --fitMinPackets="$fit_from" "$@"
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k=8 --workload=permutation \
    --schemes=simple-rr,jsq --extra=--bufferBytes=16000000 \
    --sizes="${sizes%,}" --runs="$runs" --out="$root/results/fig6-big-buffer" \
    --fitMinPackets="$fit_from" "$@"
done
