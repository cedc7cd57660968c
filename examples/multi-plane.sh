#!/usr/bin/env bash
# Beyond the study: two planes of 400 Gb/s against one plane of 800 Gb/s, the same
# capacity per host and per tier, on the k=8 fat tree (128 hosts, every host with a
# NIC port in each plane), every scheme, ideal transport, permutation of 1 MiB:
# one plane, two planes, and two planes with 1% of plane 1's links failed (each
# run its own draw; the fabric converges at once, flows at rho_max). Across planes
# a host scheme's label picks the plane, a switch scheme's NIC spreads over its
# ports by its switches' rule. Writes DIR/one-plane/, DIR/two-planes/ and
# DIR/two-planes-failed/, each with permutation/: results.csv, cct-increase.png,
# max-queue.png (the schemes on the x axis). With --quick: k=4. Runs already done
# are kept.
# Usage: examples/multi-plane.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args multi-plane permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,simple-rr,switch-ar,jsq,rsq,host-dr,ofan
figure_cost permutation 20 $((3 * 13 * runs)) "permutation of 1 MiB on 128 hosts"
planes=$out
out=$planes/one-plane
figure_sweep permutation 1048576 --schemes=$schemes --caption="one plane of 800 Gb/s, ideal transport"
out=$planes/two-planes
figure_sweep permutation 1048576 --schemes=$schemes --extra="--planes=2 --planeRate=400Gbps" \
  --caption="two planes of 400 Gb/s, ideal transport"
figure_doc "$out/permutation/cct-increase.png" multi-plane-two-planes-cct-increase.png
out=$planes/two-planes-failed
figure_sweep permutation 1048576 --schemes=$schemes \
  --extra="--planes=2 --planeRate=400Gbps --failProb=0.01 --failPlane=1" \
  --caption="two planes of 400 Gb/s, 1% of plane 1's links failed, converged, ideal transport"
figure_doc "$out/permutation/cct-increase.png" multi-plane-two-planes-failed-cct-increase.png
echo "multi-plane: $planes/{one-plane,two-planes,two-planes-failed}/permutation/{results.csv,cct-increase.png}"
