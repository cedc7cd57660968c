#!/usr/bin/env bash
# The study's figure 1: CCT increase over the bound of every scheme without
# failures, ideal transport (fixed rate, erasure coding): all-to-all of 256 KiB
# and permutation of 1 MiB on the k=8 fat tree. Writes DIR/all-to-all/ and
# DIR/permutation/: results.csv, cct-increase.png, max-queue.png (the schemes on
# the x axis), overload.png. Runs already done are kept.
# Usage: examples/fig1-schemes.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig1 all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
figure_cost all-to-all 25 $((10 * runs)) "all-to-all of 256 KiB at k=8"
figure_sweep all-to-all 262144 --schemes=$schemes --caption="ideal transport, no failures"
figure_sweep permutation 1048576 --schemes=$schemes --caption="ideal transport, no failures"
figure_doc "$out/all-to-all/cct-increase.png" fig1-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig1-permutation-cct-increase.png
echo "figure 1: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
