#!/usr/bin/env bash
# The study's figure 7: the worst-case link overload per stage (edge-up,
# agg-up, core-down, agg-down, edge-down: the most bytes a link of the stage
# received over its fair share, the mean of the links a balanced scheme loads
# equally; 1 is a perfect balance), every scheme (simple RR and JSQ among them,
# the study's examples of balanced uplinks and overloaded downlinks),
# permutations of 1 MiB and 32 KiB on the k=8 fat tree, no failures, ideal
# transport. Writes
# DIR/permutation/: results.csv (over_share_* and overload_* per stage and
# run), over_share-1048576.png and over_share-32768.png (the schemes side by
# side at each stage; with --quick 65536 and 32768), overload-*.png (the same
# links' bytes over what they could send in the collective's span),
# cct-increase.png, max-queue.png. Runs already done are kept.
# Usage: examples/fig7-overload.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig7 permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,simple-rr,switch-ar,jsq,host-dr,ofan
figure_sweep permutation 32768,1048576 --schemes=$schemes --caption="ideal transport, no failures"
figure_doc "$out/permutation/over_share-1048576.png" fig7-over-share-1048576.png
figure_doc "$out/permutation/over_share-32768.png" fig7-over-share-32768.png
echo "figure 7: $out/permutation/{results.csv,over_share-*.png,overload-*.png}"
