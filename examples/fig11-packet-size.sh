#!/usr/bin/env bash
# The study's figure 11: CCT increase and largest queue of the packet-spraying
# schemes against the payload per packet, 1, 2, 4 (the default) and 8 KiB
# (ns3::FatTreeHelper::PayloadBytes; 62 B of headers each on the physical
# wire, within the 9000 B MTU), all-to-all of 256 KiB and permutation of 1 MiB
# on the k=8 fat tree, no failures, ideal transport. Queues are in data packets
# of each run's size. Writes DIR/all-to-all/ and DIR/permutation/: results.csv,
# cct-increase.png, max-queue.png (the payload on the x axis), overload.png.
# Runs already done are kept.
# Usage: examples/fig11-packet-size.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig11 all-to-all,permutation "$@"
schemes=host-spray,reps,rr,switch-ar,host-dr,ofan
payloads=ns3::FatTreeHelper::PayloadBytes:1024,2048,4096,8192
figure_cost all-to-all 60 $((6 * 4 * runs)) "all-to-all of 256 KiB at k=8, payloads 1-8 KiB (a run on average; 1 KiB is 4x the packets)"
caption="queues in packets of each run's payload, ideal transport, no failures"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=$payloads --caption="$caption"
figure_sweep permutation 1048576 --schemes=$schemes --vary=$payloads --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig11-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig11-permutation-cct-increase.png
figure_doc "$out/permutation/max-queue.png" fig11-permutation-max-queue.png
echo "figure 11: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
