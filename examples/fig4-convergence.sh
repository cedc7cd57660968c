#!/usr/bin/env bash
# The study's figure 4: CCT increase as the global convergence time G grows
# (0, one base RTT, 10 us, 100 us, never), 1% random link failures, host and
# switch schemes, all-to-all of 256 KiB and permutation of 1 MiB on the k=8
# fat tree. Runs whose messages cannot all complete are listed in results.csv
# and left out of the means. Writes DIR/all-to-all/ and DIR/permutation/:
# results.csv, cct-increase.png, max-queue.png (G on the x axis). Runs already
# done are kept.
# Usage: examples/fig4-convergence.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig4 all-to-all,permutation "$@"
schemes=ecmp,host-spray,reps,rr,switch-ar,host-dr,ofan
vary=convergence:0,1rtt,10us,100us,inf
caption="1% of links failed, ideal transport"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=$vary --extra=--failProb=0.01 --caption="$caption"
figure_sweep permutation 1048576 --schemes=$schemes --vary=$vary --extra=--failProb=0.01 --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig4-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig4-permutation-cct-increase.png
echo "figure 4: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
