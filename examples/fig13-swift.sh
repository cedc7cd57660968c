#!/usr/bin/env bash
# The study's figure 13: the schemes under a spraying-robust delay-based
# congestion control (--cc=swift, reordering is not loss) with selective repeat
# (sack, the study's x = 32 for permutations), permutations of 1 MB and 16 MB
# messages on the k=8 fat tree, several runs each, in parallel over the cores;
# and the same under the ideal transport (fixed rate, erasure coding) for
# comparison: the study finds Ofan's lead grows under a real congestion control.
# Writes results/fig13-swift and results/fig13-ideal (results.csv with CCT
# increase, queues, retransmissions and final rates per run) and prints the
# mean CCT increase per scheme and size. Runs already done are kept.
# Usage: examples/fig13-swift.sh [--quick] [runs (default 3)] [extra fabric-lb-sweep flags]
#   --quick: k=4, 1 run, 256 KB and 1 MB messages, into results/fig13-quick-* (a minute or two)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
k=8
sizes=1048576,16777216
tag=fig13
if [ "${1:-}" = "--quick" ]; then
  shift
  k=4
  sizes=262144,1048576
  tag=fig13-quick
  runs=1
else
  runs=${1:-3}
  shift || true
fi
"$root/tools/build.sh" >/dev/null
schemes=ecmp,plb,host-spray,reps,rr,switch-ar,host-dr,ofan
for transport in swift ideal; do
  extra="--cc=swift --recovery=sack --ns3::RoceSelectiveRepeatRecovery::ReorderThreshold=32"
  [ "$transport" = ideal ] && extra="--cc=fixed --recovery=erasure"
  out="$root/results/$tag-$transport"
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k="$k" --workload=permutation \
    --schemes="$schemes" --sizes="$sizes" --runs="$runs" --out="$out" --extra="$extra" "$@"
  echo "permutation, $transport transport, k=$k: mean over runs"
  "$root/examples/summarise-transport.sh" "$out/results.csv"
done
