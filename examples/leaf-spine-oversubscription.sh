#!/usr/bin/env bash
# Beyond the study: how the ranking of the schemes changes when the upper tier,
# not the host link, is the bottleneck. A leaf-spine fabric of 8 leaves of 16
# hosts under 16, 8 and 4 spines (oversubscription 1:1, 2:1, 4:1), every
# scheme but the host-side subflow and PLB variants, without failures, ideal
# transport: permutation of 1 MiB and all-to-all of 256 KiB. The bound is the
# busiest cut's where the leaves' uplinks carry more than a host link
# (ComputeCutBound). Writes DIR/permutation/ and DIR/all-to-all/: results.csv
# (the spines in vary_value), cct-increase.png, max-queue.png (the spines on the
# x axis). DIR/cc-sack/permutation/ and DIR/cc-rud/permutation/: the permutation at
# 2:1 under a congestion control in place of the ideal transport's line rate, Swift
# (its target at 4 hops) and DCQCN (--vary=cc), with selective repeat and with
# reliable unordered delivery: how much of what the ideal transport loses to full
# uplink queues a control takes back, and what reordering costs on top. With --quick: 2
# leaves of 4 hosts under 4, 2 and 1 spines (2:1 is 2 spines). Runs already done
# are kept.
# Usage: examples/leaf-spine-oversubscription.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args leaf-spine-oversubscription all-to-all,permutation "$@"
schemes=ecmp,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
leaves=8 hosts_per_leaf=16 spines=16,8,4
half_spines=8 # 2:1
[ "$quick" = 1 ] && leaves=2 hosts_per_leaf=4 spines=4,2,1 half_spines=2
figure_cost all-to-all 25 $((3 * 8 * runs)) "all-to-all of 256 KiB on 128 hosts"
shape=(--topology=leaf-spine --extra="--leaves=$leaves --hostsPerLeaf=$hosts_per_leaf" --vary=spines:"$spines")
caption="bound: the busiest cut, ideal transport, no failures"
figure_sweep permutation 1048576 --schemes=$schemes "${shape[@]}" --caption="$caption"
figure_sweep all-to-all 262144 --schemes=$schemes "${shape[@]}" --caption="$caption"
base=$out
for recovery in sack rud; do
  out=$base/cc-$recovery
  figure_sweep permutation 1048576 --schemes=$schemes --topology=leaf-spine --vary=cc:swift,dcqcn \
    --extra="--leaves=$leaves --hostsPerLeaf=$hosts_per_leaf --spines=$half_spines --recovery=$recovery --ns3::RoceSwift::Hops=4" \
    --caption="2:1 ($half_spines spines), recovery $recovery, no failures"
done
out=$base
figure_doc "$out/all-to-all/cct-increase.png" leaf-spine-oversubscription-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" leaf-spine-oversubscription-permutation-cct-increase.png
echo "leaf-spine oversubscription: $out/{permutation,all-to-all,cc-sack/permutation,cc-rud/permutation}/{results.csv,cct-increase.png,max-queue.png}"
