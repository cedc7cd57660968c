#!/usr/bin/env bash
# Beyond the study (issue 44): which load balancer wins a training step under 3D parallelism,
# and under which transport? A slice of a Llama-3 70B step on 128 GPUs, written as Chakra
# execution traces by fabric-lb-trace-gen (tensor parallel 8 inside a server, 4 pipeline
# stages of one layer each, data parallel 4; 4 micro-batches of 512 tokens in 1F1B, each pass's
# compute at 400 TFLOP/s, the tensor-parallel all-reduces, the stage-to-stage sends, then the
# gradients' all-reduce over the replicas: doc/chakra.md) and run by fabric-lb-sim
# --workload=chakra, every scheme, under the transport presets ideal, uet and roce
# (--transport) on the x axis; on the k=8 fat tree and on a rail-optimised fabric (16 servers
# of 8 GPUs, NVLink inside a server). Writes DIR/trace/ (the step's 128 traces, made once),
# DIR/{fat-tree,rail}/chakra/: results.csv, compute.csv, cct-increase.png, and step.csv and
# exposed.png: per scheme and transport the mean (least, largest) exposed communication (the
# step beyond the busiest GPU's compute) in ms. Runs already done are kept.
# --quick: k=4 and 2 rail servers, 16 GPUs of Llama-3 7B (tp 8, pp 2, no data parallelism), 2
# micro-batches of 64 tokens, one run: seconds.
# Usage: examples/llama3-3d.sh [--out DIR] [--runs N (default 5)] [--quick]
#        [--transports LIST (default ideal,uet,roce)] [--fabrics LIST (default fat-tree,rail)]
#        [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
transports=ideal,uet,roce
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --transports) transports=$2; shift 2 ;;
    --transports=*) transports=${1#--transports=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
figure_default_runs=5
figure_fabrics=fat-tree,rail
figure_args llama3-3d chakra "${args[@]}"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
gpus=128
step=(--model=llama3-70b --tp=8 --pp=4 --layers=4 --microbatches=4 --sequenceLength=512)
words="Llama-3 70B, tp 8, pp 4, dp 4, 4 layers, 4 micro-batches of 512 tokens"
rail="--servers=16 --gpusPerServer=8 --serversPerLeaf=16 --railSpines=16"
if [ "$quick" = 1 ]; then
  gpus=16
  step=(--model=llama3-7b --tp=8 --pp=2 --layers=2 --microbatches=2 --sequenceLength=64)
  words="Llama-3 7B, tp 8, pp 2, 2 layers, 2 micro-batches of 64 tokens"
  rail="--servers=2 --gpusPerServer=8 --serversPerLeaf=2 --railSpines=2"
fi
IFS=, read -ra transport_list <<<"$transports"
figure_cost chakra 120 $((fabric_count * 10 * ${#transport_list[@]} * runs)) "a Llama-3 70B 3D step on 128 GPUs"
trace=$out/trace/step
if [ "$replot" = 0 ] && [ ! -f "$trace.$((gpus - 1)).et" ]; then
  mkdir -p "$out/trace"
  "$bin/fabric-lb-trace-gen" --gpus=$gpus "${step[@]}" --out="$trace"
fi
fabrics=$out
for fabric in ${fabric_list//,/ }; do
  shape=()
  extra="--trace=$trace"
  if [ "$fabric" = rail ]; then
    shape=(--topology=rail)
    extra+=" $rail"
  fi
  out=$fabrics/$fabric
  # The traces set the messages' sizes; --msgBytes (the sweep's size) is not used by chakra.
  figure_sweep chakra 1048576 --schemes=$schemes --vary=transport:"$transports" "${shape[@]}" \
    --extra="$extra" --caption="$words"
  dir=$out/chakra
  [ -f "$dir/compute.csv" ] || continue
  # Per scheme and transport over the completed runs: the exposed communication, in ms.
  awk -F, '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    {
      key = $col["scheme"] "," $col["vary_value"]
      if (!(key in n)) { order[++keys] = key; n[key] = 0 }
      ms = $col["exposed_communication_ns"] / 1e6
      if (!n[key] || ms < least[key]) least[key] = ms
      if (!n[key] || ms > most[key]) most[key] = ms
      n[key]++
      sum[key] += ms
      cct[key] += $col["cct_ns"] / 1e6
    }
    END {
      print "scheme,transport,runs,exposed_ms,exposed_min_ms,exposed_max_ms,cct_ms"
      for (i = 1; i <= keys; ++i) {
        key = order[i]
        printf "%s,%d,%.4f,%.4f,%.4f,%.4f\n", key, n[key], sum[key] / n[key], least[key], \
          most[key], cct[key] / n[key]
      }
    }' "$dir/compute.csv" >"$dir/step.csv"
  column -s, -t "$dir/step.csv"
  awk -F, -v transports="$transports" '
    BEGIN { n = split(transports, t, ","); for (i = 1; i <= n; ++i) x[t[i]] = i - 1 }
    NR > 1 { print $1, x[$2], $4, $5, $6, $3, $3, $2 }' "$dir/step.csv" >"$dir/exposed.points"
  tics=$(awk -v transports="$transports" 'BEGIN {
    n = split(transports, t, ","); printf "("
    for (i = 1; i <= n; ++i) printf "%s\"%s\" %d", (i > 1 ? ", " : ""), t[i], i - 1
    printf ")" }')
  case $fabric in
    fat-tree) where="k=$k fat tree ($((k * k * k / 4)) hosts, $gpus GPUs in the step)" ;;
    rail) where="rail-optimised fabric ($gpus GPUs)" ;;
  esac
  figure_points "$dir/exposed.png" \
    "Exposed communication of a training step: the step beyond the busiest GPU's compute\n$words, $where, $(figure_runs "$dir/exposed.points")\nmean of each point's runs, bar from the least to the largest" \
    "transport (--transport)" "exposed communication (ms)" "$tics" categories "$dir/exposed.points"
done
out=$fabrics
figure_doc "$out/fat-tree/chakra/exposed.png" llama3-3d-fat-tree-exposed.png
figure_doc "$out/rail/chakra/exposed.png" llama3-3d-rail-exposed.png
