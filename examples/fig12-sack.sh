#!/usr/bin/env bash
# The study's figure 12: the schemes under selective repeat with SACKs
# (--recovery=sack) instead of ideal erasure coding, with the study's reorder
# thresholds: x = 6 for the all-to-all, x = 32 for the permutation, 1 MiB
# messages on the k=8 fat tree. Writes DIR/all-to-all/ and DIR/permutation/
# (results.csv with CCT increase, queues, retransmissions and timeouts per run,
# cct-increase.png, max-queue.png) and prints the mean CCT increase and
# retransmissions per scheme. Runs already done are kept.
# Usage: examples/fig12-sack.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig12 all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
threshold=ns3::RoceSelectiveRepeatRecovery::ReorderThreshold
for workload in all-to-all permutation; do
  x=6
  [ "$workload" = permutation ] && x=32
  figure_wants "$workload" || continue
  figure_sweep "$workload" 1048576 --schemes=$schemes --vary=recovery:sack --extra=--$threshold=$x \
    --caption="reorder threshold x = $x, line rate, no failures"
  echo "$workload, sack x=$x, k=$k: mean over runs"
  "$root/examples/summarise-transport.sh" "$out/$workload/results.csv"
done
figure_doc "$out/all-to-all/cct-increase.png" fig12-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig12-permutation-cct-increase.png
echo "figure 12: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
