#!/usr/bin/env bash
# The study's figure 10: CCT increase and largest queue of the packet-spraying
# schemes against the message size, no failures, ideal transport, on the k=8
# fat tree: permutations of 32 KiB to 16 MiB (m = 8 to 4096 packets) and
# all-to-all of 32 KiB to 1 MiB. Writes DIR/permutation/ and DIR/all-to-all/:
# results.csv, cct-increase.png, max-queue.png, q-mean.png (log-log against m),
# fits.csv (exponents in m), overload-BYTES.png. With --quick, permutations of 32
# and 64 KiB and an all-to-all of 16 KiB.
# Runs already done are kept.
# Usage: examples/fig10-message-size.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig10 all-to-all,permutation "$@"
schemes=host-spray,reps,rr,switch-ar,host-dr,ofan
figure_cost all-to-all 105 $((6 * runs)) "all-to-all of 1 MiB at k=8 (and about as much again for the smaller sizes)"
caption="ideal transport, no failures"
figure_sweep permutation 32768,131072,524288,1048576,4194304,16777216 --schemes=$schemes --caption="$caption"
figure_sweep all-to-all 32768,131072,262144,524288,1048576 --schemes=$schemes --caption="$caption"
figure_doc "$out/permutation/cct-increase.png" fig10-permutation-cct-increase.png
figure_doc "$out/permutation/max-queue.png" fig10-permutation-max-queue.png
figure_doc "$out/all-to-all/max-queue.png" fig10-all-to-all-max-queue.png
echo "figure 10: $out/{permutation,all-to-all}/{results.csv,fits.csv,cct-increase.png,max-queue.png}"
