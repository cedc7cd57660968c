#!/usr/bin/env bash
# Beyond the study: 128 GPUs as 16 servers of 8 on a rail-optimised fabric (GPU g
# of every server on rail g's leaf, 8 leaves of 16 GPUs, 16 spines; the GPUs of a
# server meet over NVLink, 3.6 Tb/s) without and with PXN, beside the same 128
# GPUs on the k=8 fat tree (no NVLink: every neighbour over the fabric). Llama-3
# FSDP backward pass (7B and 70B, one layer phase) and a ring all-reduce of 16
# MiB, ideal transport, for ECMP, host spraying, REPS, switch AR, host DR and
# Ofan. In the ring and FSDP's rings, 7 of every 8 neighbours share a server:
# only GPU 7 of a server talks to GPU 0 of the next over the fabric, from rail 7
# to rail 0 over a spine, or with PXN first over NVLink to its own GPU 0 and then
# on rail 0's leaf. Writes DIR/{rail,rail-pxn,fat-tree}/{fsdp,ring-allreduce}/:
# results.csv, cct-increase.png, max-queue.png. With --quick: 2 servers of 8 GPUs
# (8 leaves of 2 GPUs, 2 spines) beside k=4, 7B only, ring of 64 KiB. Runs already
# done are kept.
# Usage: examples/rail-fsdp.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args rail-fsdp fsdp,ring-allreduce "$@"
schemes=ecmp,host-spray,reps,switch-ar,host-dr,ofan
rail="--servers=16 --gpusPerServer=8 --serversPerLeaf=16 --railSpines=16"
models=llama3-7b,llama3-70b
ring_bytes=16777216
if [ "$quick" = 1 ]; then
  rail="--servers=2 --gpusPerServer=8 --serversPerLeaf=2 --railSpines=2"
  models=llama3-7b
  ring_bytes=65536
fi
figure_cost fsdp 10 $((3 * 6 * 2 * runs)) "FSDP backward pass on 128 GPUs"
fabrics=$out
for fabric in rail rail-pxn fat-tree; do
  shape=()
  case $fabric in
    rail) shape=(--topology=rail --extra="$rail") ;;
    rail-pxn) shape=(--topology=rail --extra="$rail --pxn=true") ;;
  esac
  out=$fabrics/$fabric
  # The model sets FSDP's flow sizes; --msgBytes (the sweep's size) is not used by fsdp.
  figure_sweep fsdp 1048576 --schemes=$schemes --vary=model:$models "${shape[@]}" \
    --caption="one layer phase, ideal transport"
  figure_sweep ring-allreduce $ring_bytes --schemes=$schemes "${shape[@]}" \
    --caption="ring in host order, ideal transport"
done
out=$fabrics
figure_doc "$out/rail/ring-allreduce/cct-increase.png" rail-ring-allreduce-cct-increase.png
figure_doc "$out/fat-tree/fsdp/cct-increase.png" rail-fsdp-fat-tree-fsdp-cct-increase.png
echo "rail FSDP: $fabrics/{rail,rail-pxn,fat-tree}/{fsdp,ring-allreduce}/{results.csv,cct-increase.png}"
