#!/usr/bin/env bash
# The study's figure 9: every scheme with short buffers of 20 data packets per
# port (--bufferBytes=83160, 20 x 4158 B on the physical wire; with
# --extra=--wire=study, whose buffers are 4178 B slots, 83560), ideal transport
# (erasure coding recovers the drops), all-to-all of 256 KiB and permutation of 1 MiB on the k=8 fat
# tree. Writes DIR/all-to-all/ and DIR/permutation/: results.csv (drops per
# run), cct-increase.png, max-queue.png (the schemes on the x axis),
# overload.png. Runs already done are kept.
# Usage: examples/fig9-short-buffers.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig9 all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
packet=4158 # a data packet on the physical wire
[[ " ${sweep_extra[*]} " == *--wire=study* ]] && packet=4178 # a buffer slot of the study's wire
figure_cost all-to-all 25 $((10 * runs)) "all-to-all of 256 KiB at k=8"
caption="20 data packets a port, ideal transport, no failures"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=bufferBytes:$((20 * packet)) --caption="$caption"
figure_sweep permutation 1048576 --schemes=$schemes --vary=bufferBytes:$((20 * packet)) --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig9-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig9-permutation-cct-increase.png
echo "figure 9: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
