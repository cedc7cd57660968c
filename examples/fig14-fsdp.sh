#!/usr/bin/env bash
# The study's figure 14: the backward pass of an FSDP training step of Llama-3
# 7B, 70B and 405B on 1024 GPUs (k=16 fat tree, 128 servers of 8 GPUs), every
# scheme; workload fsdp, doc/fsdp.md: flows of 104, 408 and 1520 packets. One
# backward-pass layer phase per run (--layers=1: 127 ring steps). Writes
# DIR/fsdp/: results.csv, cct-increase.png and max-queue.png (the models on the
# x axis, one line per scheme), and fig14.csv and utilisation.png: per scheme
# and model the mean CCT increase, largest switch queue and host-link
# utilisation, the payload the hosts sent over what their links could carry in
# the CCT (messages x packets x 4096 B x 8 / (hosts x link rate x CCT); 800
# Gb/s links; at most 98% on the physical wire, 4096 of 4178 B).
# Runs already done are kept.
# --quick: k=4 (2 servers, rails of 2), two layer phases, one run: about a minute.
# Study scale takes long: one k=16 run of llama3-7b is about an hour on one core.
# Usage: examples/fig14-fsdp.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig14 fsdp "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
models=llama3-7b,llama3-70b,llama3-405b
layers=1
if [ "$quick" = 1 ]; then
  layers=2
else
  k=16
fi
# The model sets the flows' size; --msgBytes (the sweep's size) is not used by fsdp.
figure_sweep fsdp 1048576 --schemes=$schemes --vary=model:$models --extra=--layers=$layers

dir=$out/fsdp
awk -F, -v k="$k" -v rate=800e9 '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  $col["messages_completed"] == $col["messages"] {
    key = $col["scheme"] "," $col["vary_value"]
    if (!(key in n)) order[++keys] = key
    n[key]++
    cct[key] += $col["cct_increase_pct"]
    queue[key] += $col["max_queue_pkts"]
    bits = $col["messages"] * $col["msg_packets"] * 4096 * 8 # every flow is msg_packets long
    util[key] += 100 * bits / (k * k * k / 4 * rate * $col["cct_ns"] * 1e-9)
  }
  END {
    print "scheme,model,runs,cct_increase_pct,max_queue_pkts,utilisation_pct"
    for (i = 1; i <= keys; ++i) {
      key = order[i]
      printf "%s,%d,%.4f,%.3f,%.3f\n", key, n[key], cct[key] / n[key], queue[key] / n[key], \
        util[key] / n[key]
    }
  }' "$dir/results.csv" >"$dir/fig14.csv"
column -s, -t "$dir/fig14.csv"

# utilisation.png: one line per scheme over the three models.
{
  echo "set terminal png size 800,500"
  echo "set output '$dir/utilisation.png'"
  echo "set title 'Host-link utilisation, FSDP backward pass (mean of completed runs)'"
  echo "set ylabel 'utilisation (%)'"
  echo "set xlabel 'model'"
  echo "set xtics ('llama3-7b' 0, 'llama3-70b' 1, 'llama3-405b' 2)"
  echo "set xrange [-0.5:2.5]"
  echo "set key outside right"
  plots=()
  for scheme in ${schemes//,/ }; do
    plots+=("'-' using 1:2 with linespoints title '$scheme'")
  done
  (
    IFS=,
    echo "plot ${plots[*]}"
  )
  for scheme in ${schemes//,/ }; do
    awk -F, -v s="$scheme" 'NR > 1 && $1 == s {
      x = $2 == "llama3-7b" ? 0 : $2 == "llama3-70b" ? 1 : 2
      print x, $6
    }' "$dir/fig14.csv"
    echo e
  done
} | gnuplot
echo "figure 14: $dir/{results.csv,fig14.csv,cct-increase.png,max-queue.png,utilisation.png}"
