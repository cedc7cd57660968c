#!/usr/bin/env bash
# The study's figure 6: permutations on the k=8 fat tree for message sizes
# m = 16 .. 1024 packets under the packet-spraying schemes, in parallel over
# the cores. Writes DIR/permutation/: results.csv, the PNG figures, and the
# fitted exponents of q(m) and of the maximum queue (in data packets), over all
# sizes (fits.csv) and over m >= 64 (fits-from-64.csv), where the constant
# start-up queue no longer dominates. simple-rr and JSQ run again with 16 MB
# buffers (DIR/big-buffer/permutation/), which never cap their Theta(m) queues,
# to m = 4096 (16 MiB messages). With --quick, m = 4 and 16. Runs already done
# are kept.
# Usage: examples/fig6-queue-scaling.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig6 permutation "$@"
sizes=$(for m in 16 32 64 128 256 512 1024; do printf '%d,' $((m * 4096)); done)
sizes=${sizes%,}
big_sizes=$sizes,$((2048 * 4096)),$((4096 * 4096))
[ "$quick" = 1 ] && sizes=16384,65536 && big_sizes=$sizes
base=$out
for fit_from in 0 64; do
  out=$base
  # The default buffer, 800 KB, holds 191.5 data frames of 4178 B: the queues it caps stop there.
  figure_sweep permutation "$sizes" --schemes=simple-rr,jsq,rsq,host-spray,switch-ar,reps,host-dr,ofan \
    --fitMinPackets="$fit_from" --bufferLine=191.5 --caption="ideal transport, no failures"
  out=$base/big-buffer
  figure_sweep permutation "$big_sizes" --schemes=simple-rr,jsq --extra=--bufferBytes=16000000 \
    --fitMinPackets="$fit_from" --caption="16 MB buffers, ideal transport, no failures"
done
out=$base
for figure in max-queue q-mean cct-increase; do
  figure_doc "$out/permutation/$figure.png" "fig6-$figure.png"
done
figure_doc "$out/big-buffer/permutation/max-queue.png" fig6-big-buffer-max-queue.png
echo "figure 6: $base/permutation/, $base/big-buffer/permutation/ (results.csv, fits*.csv, PNGs)"
