#!/usr/bin/env bash
# Beyond the study: its headline (every scheme without failures, ideal transport:
# all-to-all of 256 KiB and permutation of 1 MiB) on a 128-host leaf-spine fabric
# (8 leaves of 16 hosts, 16 spines: 1:1) beside the 128-host k=8 fat tree. Writes
# DIR/leaf-spine/ and DIR/fat-tree/, each with all-to-all/ and permutation/:
# results.csv, cct-increase.png, max-queue.png (the schemes on the x axis),
# overload.png. With --quick: 4 leaves of 4 hosts under 4 spines beside k=4 (16
# hosts each). Runs already done are kept.
# Usage: examples/leaf-spine-vs-fat-tree.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args leaf-spine-vs-fat-tree all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,simple-rr,switch-ar,jsq,rsq,host-dr,ofan
leaves=8 hosts_per_leaf=16 spines=16
[ "$quick" = 1 ] && leaves=4 hosts_per_leaf=4 spines=4
figure_cost all-to-all 20 $((2 * 13 * runs)) "all-to-all of 256 KiB on 128 hosts"
fabrics=$out
leaf_spine=(--topology=leaf-spine --extra="--leaves=$leaves --spines=$spines --hostsPerLeaf=$hosts_per_leaf")
for workload in permutation all-to-all; do
  bytes=1048576
  [ "$workload" = all-to-all ] && bytes=262144
  out=$fabrics/leaf-spine
  figure_sweep $workload $bytes --schemes=$schemes "${leaf_spine[@]}" \
    --caption="ideal transport, no failures"
  figure_doc "$out/$workload/cct-increase.png" "leaf-spine-$workload-cct-increase.png"
  out=$fabrics/fat-tree
  figure_sweep $workload $bytes --schemes=$schemes --caption="ideal transport, no failures"
done
echo "leaf-spine vs fat tree: $fabrics/{leaf-spine,fat-tree}/{permutation,all-to-all}/{results.csv,cct-increase.png}"
