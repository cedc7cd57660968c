#!/usr/bin/env bash
# The study's figure 12: the schemes under selective repeat with SACKs
# (--recovery=sack) instead of ideal erasure coding, with the study's reorder
# thresholds: x = 6 for the all-to-all, x = 32 for the permutation, 1 MB
# messages on the k=8 fat tree, several runs each, in parallel over the cores.
# Writes results/fig12-all-to-all and results/fig12-permutation (results.csv
# with CCT increase, queues, retransmissions and timeouts per run) and prints
# the mean CCT increase and retransmissions per scheme. Runs already done are kept.
# Usage: examples/fig12-sack.sh [--quick] [runs (default 3)] [extra fabric-lb-sweep flags]
#   --quick: k=4, 1 run, 256 KB messages, into results/fig12-quick-* (a minute or two)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
k=8
size=1048576
tag=fig12
if [ "${1:-}" = "--quick" ]; then
  shift
  k=4
  size=262144
  tag=fig12-quick
  runs=1
else
  runs=${1:-3}
  shift || true
fi
"$root/tools/build.sh" >/dev/null
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
for workload in all-to-all permutation; do
  x=6
  [ "$workload" = permutation ] && x=32
  out="$root/results/$tag-$workload"
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k="$k" --workload="$workload" \
    --schemes="$schemes" --sizes="$size" --runs="$runs" --out="$out" \
    --extra="--recovery=sack --ns3::RoceSelectiveRepeatRecovery::ReorderThreshold=$x" "$@"
  echo "$workload, sack x=$x, k=$k, $size B messages: mean over runs"
  "$root/examples/summarise-transport.sh" "$out/results.csv"
done
