#!/usr/bin/env bash
# Beyond the study: Ultra Ethernet's transport against RoCEv2 on the k=8 fat tree, every
# scheme of figure 1. --transport=uet (reliable unordered delivery, NSCC, trimming switches)
# against --transport=roce (go-back-N, DCQCN), each lossy and lossless (--pfc):
#  lossy/     uet and roce, drop-tail ports (uet's switches trim what they would drop)
#  lossless/  uet and roce under PFC
# on a permutation of 1 MiB and an all-to-all of 256 KiB. results.csv has each run's CCT
# increase, retransmissions, drops and pauses; summary.txt the means.
#  incast/    a 32-to-1 incast (1 MiB each) beside a permutation of the other hosts
#             (pfc-lossless.sh's): the victim flows' slowdown over their own bound under
#             uet, roce and roce with PFC, per scheme (victims.csv, victims.png)
# Runs already done are kept.
# Usage: examples/uet-vs-roce.sh [--out DIR] [--runs N (default 10)] [--quick]
#        [--workload W] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args uet-vs-roce all-to-all,permutation,incast "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
base=$out
figure_cost all-to-all 60 $((2 * 10 * 2 * runs)) "all-to-all of 256 KiB at k=8, two transports, lossy and lossless"
figure_cost incast 10 $((10 * 3 * runs)) "32-to-1 incast beside a permutation at k=8, three stacks"
for mode in lossy lossless; do
  out=$base/$mode
  extra=()
  caption="lossy (drop-tail; uet trims)"
  if [ "$mode" = lossless ]; then
    extra=(--extra=--pfc)
    caption="lossless (PFC)"
  fi
  figure_sweep permutation 1048576 --schemes=$schemes --vary=transport:roce,uet "${extra[@]}" \
    --caption="$caption"
  figure_sweep all-to-all 262144 --schemes=$schemes --vary=transport:roce,uet "${extra[@]}" \
    --caption="$caption"
done

# The incast: the last quarter of the hosts send to host 0, the others but 0 a permutation
# (figure_incast); each run's flows in incast/runs/SCHEME-STACK-RUN.csv.
out=$base
figure_incast "$base/incast"
if figure_wants incast && { [ "$replot" = 0 ] || [ -s "$incast/victims.csv" ]; }; then
  figure_incast_victims "$schemes" roce="--transport=roce" roce-pfc="--transport=roce --pfc" uet="--transport=uet"
  # victims.png: the stacks side by side, a series per scheme, the bar from the least to the
  # largest run mean.
  title="Victims of a ${senders}-to-1 incast beside a permutation: mean slowdown over their own bound"
  title+="\nk=$k fat tree ($hosts hosts), $(figure_bytes $bytes) messages, $(figure_runs "$incast/victims.points")"
  title+="\nmean over every run's victim flows, bar from the least to the largest run mean"
  figure_points "$incast/victims.png" "$title" "transport stack" \
    "victim flow's completion time over its own bound (ratio)" \
    '("roce (go-back-N, DCQCN)" 0, "roce + PFC" 1, "uet (RUD, NSCC, trimming)" 2)' categories,logy \
    "$incast/victims.points"
  figure_doc "$incast/victims.png" uet-vs-roce-incast-victims.png "$incast/victims.csv"
fi

{
  for mode in lossy lossless; do
    for workload in permutation all-to-all; do
      csv=$base/$mode/$workload/results.csv
      [ -s "$csv" ] || continue
      echo "== $mode, $workload (means over runs)"
      awk -F, '
        NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
        {
          key = $col["scheme"] " " $col["vary_value"]
          if (!(key in n)) order[++keys] = key
          n[key]++
          cct[key] += $col["cct_increase_pct"]; retx[key] += $col["retransmissions"]
          drops[key] += $col["packets_dropped"]; pauses[key] += $col["pause_frames_sent"]
        }
        END {
          printf "%-18s %4s %11s %9s %8s %8s\n", "scheme", "runs", "cct_incr_%", "retx", \
            "drops", "pauses"
          for (i = 1; i <= keys; ++i) {
            k = order[i]
            printf "%-18s %4d %11.1f %9.0f %8.0f %8.0f\n", k, n[k], cct[k] / n[k], \
              retx[k] / n[k], drops[k] / n[k], pauses[k] / n[k]
          }
        }' "$csv"
    done
  done
  if [ -s "$incast/victims.csv" ]; then
    echo "== incast victims (slowdown over their own bound)"
    column -s, -t "$incast/victims.csv"
  fi
} | tee "$base/summary.txt"
