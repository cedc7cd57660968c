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
mkdir -p "$incast/runs"
stacks="roce roce-pfc uet"
if figure_wants incast && { [ "$replot" = 0 ] || [ -s "$incast/victims.csv" ]; }; then
  for scheme in ${schemes//,/ }; do
    for stack in $stacks; do
      for run in $(seq 1 "$runs"); do
        flows=$incast/runs/$scheme-$stack-$run.csv
        if [ -s "$flows" ] || [ "$replot" = 1 ]; then
          continue
        fi
        extra=(--transport=${stack%-pfc})
        [ "$stack" = roce-pfc ] && extra+=(--pfc)
        "${FABRIC_LB_SIM:-$bin/fabric-lb-sim}" --k=$k --workload=matrix --matrix="$matrix" \
          --lb="$scheme" --run="$run" "${extra[@]}" --flows="$flows.tmp" \
          --out="${flows%.csv}.json" >/dev/null && mv "$flows.tmp" "$flows"
      done
    done
  done
  # Victims: the permutation's flows (ids past the incast's), their slowdown over their own
  # bound, over every run's victims: mean, 99th percentile and largest; and the least and
  # largest of the runs' means.
  {
    echo "scheme,stack,runs,victims,mean_slowdown,p99_slowdown,max_slowdown,run_mean_min,run_mean_max"
    for scheme in ${schemes//,/ }; do
      for stack in $stacks; do
        for flows in "$incast/runs/$scheme-$stack"-[0-9]*.csv; do
          [ -s "$flows" ] || continue
          awk -F, -v senders=$senders -v run="$flows" 'NR > 1 && NR - 1 > senders { print run, $8 }' "$flows"
        done | sort -k2,2g |
          awk -v scheme="$scheme" -v stack="$stack" '
            { s[NR] = $2; sum += $2; n[$1]++; runsum[$1] += $2 }
            END {
              if (NR == 0) exit
              p99 = int(0.99 * NR + 0.5); if (p99 < 1) p99 = 1
              runs = 0
              for (r in n) {
                m = runsum[r] / n[r]; ++runs
                if (runs == 1 || m < least) least = m
                if (runs == 1 || m > most) most = m
              }
              printf "%s,%s,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f\n", scheme, stack, runs, NR, sum / NR,
                s[p99], s[NR], least, most
            }'
      done
    done
  } >"$incast/victims.csv"
  # victims.png: the stacks side by side, a series per scheme, the bar from the least to the
  # largest run mean.
  awk -F, 'NR > 1 { x = ($2 == "roce" ? 0 : $2 == "roce-pfc" ? 1 : 2)
    print $1, x, $5, $8, $9, $3, $3, $2 }' "$incast/victims.csv" >"$incast/victims.points"
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
