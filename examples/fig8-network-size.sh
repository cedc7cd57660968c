#!/usr/bin/env bash
# The study's figure 8: CCT increase and largest queue of the packet-spraying
# schemes as the network grows, k = 4, 8, 16 (16, 128, 1024 hosts), all-to-all
# of 256 KiB and permutation of 1 MiB, no failures, ideal transport. Writes
# DIR/permutation/ and DIR/all-to-all/: results.csv (k and hosts per run),
# cct-increase.png, max-queue.png (k on the x axis), overload.png. The
# all-to-all at k=16 is the expensive part (its cost is printed first); with
# --quick, k = 4 and 6. Runs already done are kept.
# Usage: examples/fig8-network-size.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig8 all-to-all,permutation "$@"
schemes=host-spray,reps,rr,switch-ar,host-dr,ofan
radixes=4,8,16
[ "$quick" = 1 ] && radixes=4,6
figure_cost all-to-all 11500 $((6 * runs)) "all-to-all of 256 KiB at k=16 (extrapolated from the k=16 all-to-all of 64 KiB)"
caption="ideal transport, no failures"
figure_sweep permutation 1048576 --schemes=$schemes --vary=k:$radixes --caption="$caption"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=k:$radixes --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig8-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig8-permutation-cct-increase.png
echo "figure 8: $out/{permutation,all-to-all}/{results.csv,cct-increase.png,max-queue.png}"
