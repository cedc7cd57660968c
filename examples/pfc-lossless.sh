#!/usr/bin/env bash
# Beyond the study: lossless RoCE (--pfc) on the k=8 fat tree. Five experiments:
#  schemes/    every scheme of figure 1 lossless under DCQCN and go-back-N (RoCEv2),
#              beside the lossy ideal transport (lossy-ideal/): permutation of 1 MiB
#              and all-to-all of 256 KiB; results.csv has each run's pause time
#  schemes-rud/ the same lossless runs with reliable unordered delivery in place of
#              go-back-N: how much of each scheme's penalty was reordering
#  spray/      spraying lossless with go-back-N against selective repeat: what
#              reordering costs when nothing is lost
#  incast/     a 32-to-1 incast (1 MiB each) beside a permutation of the other hosts:
#              the victim flows, which never cross the incast's port, lossy and
#              lossless, both with the ideal transport so that only PFC differs, per
#              scheme (victims.csv, victims.png)
#  failure/    one failed and one degraded (half-rate) core link under PFC: how far
#              the pause tree spreads (ports paused, time paused)
# Writes summary.txt with the tables. With --quick: k=4, one run, smaller
# messages, an 8-to-1 incast. Runs already done are kept.
# Usage: examples/pfc-lossless.sh [--out DIR] [--runs N (default 10)] [--quick]
#        [--workload W] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args pfc all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
base=$out
figure_cost all-to-all 60 $((2 * 10 * runs)) "all-to-all of 256 KiB at k=8, lossy and lossless"

out=$base/schemes
lossless="lossless (PFC), DCQCN, go-back-N"
figure_sweep permutation 1048576 --schemes=$schemes --extra="--pfc --cc=dcqcn" --caption="$lossless"
figure_sweep all-to-all 262144 --schemes=$schemes --extra="--pfc --cc=dcqcn" --caption="$lossless"
out=$base/schemes-rud
lossless="lossless (PFC), DCQCN, reliable unordered delivery"
figure_sweep permutation 1048576 --schemes=$schemes --extra="--pfc --cc=dcqcn --recovery=rud" \
  --caption="$lossless"
figure_sweep all-to-all 262144 --schemes=$schemes --extra="--pfc --cc=dcqcn --recovery=rud" \
  --caption="$lossless"
out=$base/lossy-ideal
figure_sweep permutation 1048576 --schemes=$schemes --caption="lossy, ideal transport"
figure_sweep all-to-all 262144 --schemes=$schemes --caption="lossy, ideal transport"
out=$base/spray
figure_sweep permutation 1048576 --schemes=host-spray,reps,ofan --vary=recovery:gbn,sack --extra=--pfc \
  --caption="lossless (PFC), line rate"
figure_sweep all-to-all 262144 --schemes=host-spray,reps,ofan --vary=recovery:gbn,sack --extra=--pfc \
  --caption="lossless (PFC), line rate"
out=$base/failure
if figure_wants permutation; then
  figure_sweep permutation 1048576 --schemes=ecmp,reps,ofan --vary=failMode:drop,degrade \
    --extra="--pfc --cc=dcqcn --failLinks=agg-p0-0:core-0 --failRate=0.5" \
    --caption="lossless (PFC), DCQCN, link agg-p0-0:core-0 down or at half rate"
fi

# The incast: the last hosts (32 of 128, 8 of 16 with --quick) send to host 0, every
# other host but 0 sends to the one 16 hosts on (a pod on at k=8), wrapping around.
figure_incast "$base/incast"
if figure_wants permutation && { [ "$replot" = 0 ] || [ -s "$incast/victims.csv" ]; }; then
  # Both with the ideal transport, so that only PFC differs.
  figure_incast_victims "$schemes" lossy= lossless="--pfc --recovery=erasure"
  # victims.png: lossy and lossless side by side, a series per scheme, the bar from the least
  # to the largest run mean.
  title="Victims of a ${senders}-to-1 incast beside a permutation: mean slowdown over their own bound"
  title+="\nk=$k fat tree ($hosts hosts), $(figure_bytes $bytes) messages, $(figure_runs "$incast/victims.points"), ideal transport"
  title+="\nmean over every run's victim flows, bar from the least to the largest run mean"
  figure_points "$incast/victims.png" "$title" "fabric: lossy, or lossless with PFC" \
    "victim flow's completion time over its own bound (ratio)" \
    '("lossy" 0, "lossless (PFC)" 1)' categories,logy "$incast/victims.points"
  figure_doc "$incast/victims.png" pfc-incast-victims.png "$incast/victims.csv"
fi

# The tables.
{
  for part in schemes schemes-rud lossy-ideal spray failure; do
    for workload in permutation all-to-all; do
      csv=$base/$part/$workload/results.csv
      [ -s "$csv" ] || continue
      echo "== $part, $workload (means over runs)"
      awk -F, '
        NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
        {
          key = $col["scheme"] ($col["vary_value"] == "" ? "" : " " $col["vary_value"])
          if (!(key in n)) order[++keys] = key
          n[key]++
          cct[key] += $col["cct_increase_pct"]; retx[key] += $col["retransmissions"]
          drops[key] += $col["packets_dropped"]; pauses[key] += $col["pause_frames_sent"]
          paused[key] += $col["paused_us"]; ports[key] += $col["ports_paused"]
        }
        END {
          printf "%-18s %4s %11s %9s %8s %8s %11s %6s\n", "scheme", "runs", "cct_incr_%", \
            "retx", "drops", "pauses", "paused_us", "ports"
          for (i = 1; i <= keys; ++i) {
            k = order[i]
            printf "%-18s %4d %11.1f %9.0f %8.0f %8.0f %11.1f %6.1f\n", k, n[k], cct[k] / n[k], \
              retx[k] / n[k], drops[k] / n[k], pauses[k] / n[k], paused[k] / n[k], ports[k] / n[k]
          }
        }' "$csv"
    done
  done
  if [ -s "$incast/victims.csv" ]; then
    echo "== incast victims"
    column -s, -t "$incast/victims.csv"
  fi
} >"$base/summary.txt"
cat "$base/summary.txt"
echo "pfc: $base/{schemes,lossy-ideal,spray,failure}/*/results.csv, $base/incast/victims.{csv,png}, $base/summary.txt"
