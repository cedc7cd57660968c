#!/usr/bin/env bash
# The study's figure 14: the backward pass of an FSDP training step of Llama-3
# 7B, 70B and 405B on 1024 GPUs (k=16 fat tree, 128 servers of 8 GPUs), every
# scheme; workload fsdp, doc/fsdp.md: flows of 104, 408 and 1520 packets. One
# backward-pass layer phase per run (--layers=1: 127 ring steps). Writes
# DIR/fsdp/: results.csv, cct-increase.png and max-queue.png (the models on the
# x axis, the schemes side by side), and fig14.csv and utilisation.png: per scheme
# and model the mean CCT increase, largest switch queue and host-link
# utilisation, the payload the hosts sent over what their links could carry in
# the CCT (messages x packets x 4096 B x 8 / (hosts x link rate x CCT); 800
# Gb/s links; at most 98% on the physical wire, 4096 of 4178 B).
# Runs already done are kept.
# --quick: k=4 (2 servers, rails of 2), two layer phases, one run: about a minute.
# Study scale takes long: one k=16 run of llama3-7b is about an hour on one core.
# --models=LIST runs those models only (llama3-7b: the k=16 runs that fit a day here).
# --transport=swift-rud: Swift with reliable unordered delivery, in DIR/swift-rud/ (issue 43).
# --transport=swift-sack: Swift with selective repeat at figure 13's reorder threshold of 32, as
# the study ran it, in DIR/swift-sack/.
# --k=8: the k=8 fat tree (128 hosts, rails of 16) instead of the study's k=16, in
# results/fig14-k8 unless --out says otherwise.
# Usage: examples/fig14-fsdp.sh [--out DIR] [--runs N (default 10)] [--quick] [--models=LIST]
#        [--transport=ideal|swift-rud|swift-sack] [--k=8|16]
#        [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
models=llama3-7b,llama3-70b,llama3-405b
transport=ideal
fabric_k=16
args=()
for arg in "$@"; do
  case $arg in
    --models=*) models=${arg#--models=} ;;
    --transport=*) transport=${arg#--transport=} ;;
    --k=*) fabric_k=${arg#--k=} ;;
    *) args+=("$arg") ;;
  esac
done
if [ "$fabric_k" != 8 ] && [ "$fabric_k" != 16 ]; then
  echo "$(basename "$0"): error: --k must be 8 or 16, not '$fabric_k'" >&2
  exit 2
fi
case $transport in ideal | swift-rud | swift-sack) ;; *)
  echo "$(basename "$0"): error: unknown --transport '$transport' (ideal, swift-rud, swift-sack)" >&2
  exit 2
  ;;
esac
figure_args fig14 fsdp "${args[@]}"
if [ "$fabric_k" = 8 ] && [ "$quick" = 0 ]; then
  [[ " ${args[*]} " == *" --out"* ]] || out=$root/results/fig14-k8
  given+=("--k=8")
fi
# given (figure_doc's record of the command) keeps the option.
[ "$models" != llama3-7b,llama3-70b,llama3-405b ] && given+=("--models=$models")
[ "$transport" != ideal ] && given+=("--transport=$transport")
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
layers=1
if [ "$quick" = 1 ]; then
  layers=2
else
  k=$fabric_k
fi
# The model sets the flows' size; --msgBytes (the sweep's size) is not used by fsdp.
phases="one layer phase"
[ "$layers" = 2 ] && phases="two layer phases"
extra="--layers=$layers"
docname=fig14
case $transport in
  ideal) phases+=", ideal transport" ;;
  swift-rud)
    # Swift with reliable unordered delivery, which takes no reordering for loss: DIR/swift-rud/.
    out=$out/swift-rud
    extra+=" --cc=swift --recovery=rud"
    phases+=", Swift + RUD"
    docname=fig14-swift-rud
    ;;
  swift-sack)
    # Swift with selective repeat, which takes reordering beyond 32 packets for loss: DIR/swift-sack/.
    out=$out/swift-sack
    extra+=" --cc=swift --recovery=sack --ns3::RoceSelectiveRepeatRecovery::ReorderThreshold=32"
    phases+=", Swift + SACK"
    docname=fig14-swift-sack
    ;;
esac
figure_sweep fsdp 1048576 --schemes=$schemes --vary=model:"$models" --extra="$extra" \
  --caption="$phases"

dir=$out/fsdp
# Per scheme and model over the completed runs: CCT increase, largest queue, utilisation (mean,
# least and largest); the incomplete runs counted.
awk -F, -v k="$k" -v rate=800e9 '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    key = $col["scheme"] "," $col["vary_value"]
    if (!(key in n)) { order[++keys] = key; n[key] = 0 }
    if ($col["messages_completed"] != $col["messages"]) { ++incomplete[key]; next }
    n[key]++
    cct[key] += $col["cct_increase_pct"]
    queue[key] += $col["max_queue_pkts"]
    bits = $col["messages"] * $col["msg_packets"] * 4096 * 8 # every flow is msg_packets long
    u = 100 * bits / (k * k * k / 4 * rate * $col["cct_ns"] * 1e-9)
    util[key] += u
    if (n[key] == 1 || u < least[key]) least[key] = u
    if (n[key] == 1 || u > most[key]) most[key] = u
  }
  END {
    print "scheme,model,runs,cct_increase_pct,max_queue_pkts,utilisation_pct,utilisation_min_pct," \
      "utilisation_max_pct,incomplete"
    for (i = 1; i <= keys; ++i) {
      key = order[i]
      if (n[key] == 0) {
        printf "%s,0,nan,nan,nan,nan,nan,%d\n", key, incomplete[key]
        continue
      }
      printf "%s,%d,%.4f,%.3f,%.3f,%.3f,%.3f,%d\n", key, n[key], cct[key] / n[key], \
        queue[key] / n[key], util[key] / n[key], least[key], most[key], incomplete[key]
    }
  }' "$dir/results.csv" >"$dir/fig14.csv"
column -s, -t "$dir/fig14.csv"

# utilisation.png: the models side by side, a series per scheme.
tics=
i=0
for model in ${models//,/ }; do
  name=${model#llama3-}
  tics+="${tics:+, }\"${name^^}\" $i"
  i=$((i + 1))
done
awk -F, -v models="$models" '
  BEGIN { n = split(models, m, ","); for (i = 1; i <= n; ++i) x[m[i]] = i - 1 }
  NR > 1 {
    name = toupper(substr($2, 8))
    print $1, x[$2], $6, $7, $8, $3, $3 + $9, name
  }' "$dir/fig14.csv" >"$dir/utilisation.points"
figure_points "$dir/utilisation.png" \
  "Host-link utilisation: payload sent over what the host links could carry in the CCT\nLlama-3 FSDP backward pass, k=$k fat tree ($((k * k * k / 4)) hosts), $(figure_runs "$dir/utilisation.points"), $phases\nmean of each point's completed runs, bar from the least to the largest" \
  "Llama-3 model (parameters)" "utilisation (%)" "($tics)" categories "$dir/utilisation.points"
figure_doc "$dir/cct-increase.png" $docname-quick-cct-increase.png
figure_doc "$dir/max-queue.png" $docname-quick-max-queue.png
figure_doc "$dir/utilisation.png" $docname-quick-utilisation.png
figure_doc "$dir/cct-increase.png" "$docname-k$k-cct-increase.png"
echo "figure 14: $dir/{results.csv,fig14.csv,cct-increase.png,max-queue.png,utilisation.png}"
