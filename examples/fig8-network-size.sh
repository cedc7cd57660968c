#!/usr/bin/env bash
# The study's figure 8: CCT increase and largest queue of the packet-spraying
# schemes as the network grows, k = 4, 8, 16 (16, 128, 1024 hosts), all-to-all
# of 256 KiB and permutation of 1 MiB, no failures, ideal transport. Writes
# DIR/permutation/ and DIR/all-to-all/: results.csv (k and hosts per run),
# cct-increase.png, max-queue.png (k on the x axis), overload.png. The
# all-to-all at k=16 is the expensive part (its cost is printed first); with
# --quick, k = 4 and 6. --all-to-all-k=LIST runs the all-to-all at those radixes only
# (4,8 leaves out the 29 core-hours of k=16). Runs already done are kept.
# Usage: examples/fig8-network-size.sh [--out DIR] [--runs N (default 10)] [--quick]
#        [--all-to-all-k=LIST] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
radixes=4,8,16
all_to_all_radixes=
args=()
for arg in "$@"; do
  case $arg in
    --all-to-all-k=*) all_to_all_radixes=${arg#--all-to-all-k=} ;;
    *) args+=("$arg") ;;
  esac
done
figure_args fig8 all-to-all,permutation "${args[@]}"
# given (figure_doc's record of the command) keeps the option.
[ -n "$all_to_all_radixes" ] && given+=("--all-to-all-k=$all_to_all_radixes")
schemes=host-spray,reps,rr,switch-ar,host-dr,ofan
[ "$quick" = 1 ] && radixes=4,6
all_to_all_radixes=${all_to_all_radixes:-$radixes}
if [[ ",$all_to_all_radixes," == *,16,* ]]; then
  figure_cost all-to-all 11500 $((6 * runs)) \
    "all-to-all of 256 KiB at k=16 (extrapolated from the k=16 all-to-all of 64 KiB)"
fi
caption="ideal transport, no failures"
figure_sweep permutation 1048576 --schemes=$schemes --vary=k:$radixes --caption="$caption"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=k:$all_to_all_radixes --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig8-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig8-permutation-cct-increase.png
echo "figure 8: $out/{permutation,all-to-all}/{results.csv,cct-increase.png,max-queue.png}"
