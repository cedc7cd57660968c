#!/usr/bin/env bash
# The study's figure 5: CCT increase as the link failure probability grows
# (0.5%, 1%, 2%, 5%) with the fabric converged before the start (G = 0), host
# and switch schemes, permutation of 1 MiB and all-to-all of 256 KiB on the k=8
# fat tree. Writes DIR/permutation/ and DIR/all-to-all/: results.csv,
# cct-increase.png, max-queue.png (the failure probability on the x axis). Runs
# already done are kept.
# Usage: examples/fig5-failure-rate.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig5 all-to-all,permutation "$@"
schemes=ecmp,host-spray,reps,rr,switch-ar,host-dr,ofan
vary=failProb:0.005,0.01,0.02,0.05
caption="converged before the start (G = 0), ideal transport"
figure_sweep permutation 1048576 --schemes=$schemes --vary=$vary --extra=--convergence=0 --caption="$caption"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=$vary --extra=--convergence=0 --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig5-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig5-permutation-cct-increase.png
echo "figure 5: $out/{permutation,all-to-all}/{results.csv,cct-increase.png,max-queue.png}"
