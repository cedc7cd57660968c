#!/usr/bin/env bash
# The study's figure 5: CCT increase as the link failure probability grows
# (0.5%, 1%, 2%, 5%) with the fabric converged before the start (G = 0), host
# and switch schemes, permutation of 1 MiB and all-to-all of 256 KiB on the k=8
# fat tree. Writes DIR/permutation/ and DIR/all-to-all/: results.csv,
# cct-increase.png, max-queue.png (the failure probability on the x axis, the increase over
# the rho_max bound, which charges the capacity the failures take), and, as the study
# normalises, over-failure-free.png: each run's CCT over the fastest scheme's on the same
# traffic without failures (figure 1's runs, FAILURE_FREE/HALF/results.csv; default the
# fig1 folder beside DIR). Runs already done are kept.
# Usage: examples/fig5-failure-rate.sh [--out DIR] [--runs N (default 10)] [--quick]
#        [--failureFree FAILURE_FREE] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
failure_free=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --failureFree) failure_free=$2; shift 2 ;;
    --failureFree=*) failure_free=${1#--failureFree=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
figure_args fig5 all-to-all,permutation "${args[@]}"
[ "$quick" = 1 ] && default_free=fig1-quick || default_free=fig1
failure_free=${failure_free:-$(dirname "$out")/$default_free}
schemes=ecmp,host-spray,reps,rr,switch-ar,host-dr,ofan
vary=failProb:0.005,0.01,0.02,0.05
caption="converged before the start (G = 0), ideal transport"
figure_sweep permutation 1048576 --schemes=$schemes --vary=$vary --extra=--convergence=0 --caption="$caption"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=$vary --extra=--convergence=0 --caption="$caption"
# The study's normalisation: each completed run's CCT over the least CCT of any scheme on the
# same traffic (the same run) without failures, in %; per scheme and p the mean, least and
# largest over the runs.
for half in permutation all-to-all; do
  results=$out/$half/results.csv free=$failure_free/$half/results.csv
  if ! figure_wants $half || [ ! -f "$results" ]; then
    continue
  fi
  if [ ! -f "$free" ]; then
    echo "$(basename "$0"): no failure-free runs in $free: $half/over-failure-free.png not drawn" >&2
    continue
  fi
  awk -F, '
    FNR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    $col["messages_completed"] != $col["messages"] { next }
    FILENAME == ARGV[1] {
      run = $col["run"]
      if (!(run in best) || $col["cct_ns"] < best[run]) best[run] = $col["cct_ns"]
      next
    }
    ($col["run"] in best) {
      key = $col["scheme"] SUBSEP $col["vary_value"]
      if (!(key in n)) { order[++keys] = key; n[key] = 0 }
      value = 100 * ($col["cct_ns"] / best[$col["run"]] - 1)
      sum[key] += value
      if (!n[key] || value < least[key]) least[key] = value
      if (!n[key] || value > most[key]) most[key] = value
      n[key]++
    }
    END {
      for (i = 1; i <= keys; ++i) {
        split(order[i], part, SUBSEP)
        printf "%s %g %.4f %.4f %.4f %d %d %g%%\n", part[1], 100 * part[2], sum[order[i]] / n[order[i]],
          least[order[i]], most[order[i]], n[order[i]], n[order[i]], 100 * part[2]
      }
    }' "$free" "$results" >"$out/$half/over-failure-free.points"
  [ -s "$out/$half/over-failure-free.points" ] || continue
  size=$([ $half = permutation ] && echo "1 MiB" || echo "256 KiB")
  figure_points "$out/$half/over-failure-free.png" \
    "Figure 5 as the study normalises: CCT over the failure-free best (the fastest scheme on the same traffic without failures)\n$half of $size, k=$k fat tree ($((k * k * k / 4)) hosts), converged (G = 0), ideal transport, $(figure_runs "$out/$half/over-failure-free.points")\nmean of each point's runs, bar from the least to the largest" \
    "link failure probability" "CCT over the failure-free best (%)" \
    '("0.5%%" 0.5, "1%%" 1, "2%%" 2, "5%%" 5)' log "$out/$half/over-failure-free.points"
done
figure_doc "$out/all-to-all/cct-increase.png" fig5-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig5-permutation-cct-increase.png
figure_doc "$out/all-to-all/over-failure-free.png" fig5-all-to-all-over-failure-free.png
figure_doc "$out/permutation/over-failure-free.png" fig5-permutation-over-failure-free.png
echo "figure 5: $out/{permutation,all-to-all}/{results.csv,cct-increase.png,max-queue.png}"
