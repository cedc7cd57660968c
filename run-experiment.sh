#!/usr/bin/env bash
# The main experiment: the study's answer in about two minutes. A k=8 fat tree (128
# hosts, 800 Gb/s links) runs a permutation of 1 MiB messages under seven load
# balancers, from per-flow hashing to Ofan, three runs each (the permutation drawn
# anew each run), and prints them sorted by how far their completion time stays from
# the exact lower bound, with a PNG of the same (the schemes in every figure's order). Installs and builds what is missing
# first.
#
# Usage: ./run-experiment.sh [--all-to-all] [--runs N] [--out DIR] [--replot] [--doc]
#   --all-to-all  the all-to-all of 256 KiB too (about 8 minutes more here)
#   --runs N      runs a scheme (default 3)
#   --out DIR     where the runs go (default results/main)
#   --replot      run nothing: the table and picture again from DIR's results
#   --doc         also copy the picture into doc/ (the README shows it; figure_doc records it)
# FABRIC_LB_BUILD=DIR runs DIR's fabric-lb-sweep and fabric-lb-sim as they are (the tests
# do); without it tools/build.sh builds build/ first.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
runs=3
out=$root/results/main
workloads=(permutation)
doc=0
quick=0 # figure_doc's: this picture is of the full experiment
replot=()
given=()
for arg in "$@"; do
  [[ $arg == --replot || $arg == --doc ]] || given+=("$arg")
done
while [ $# -gt 0 ]; do
  case $1 in
    --all-to-all) workloads+=(all-to-all) ;;
    --replot) replot=(--replot) ;;
    --runs)
      runs=${2:?--runs needs a number}
      shift
      ;;
    --out)
      out=${2:?--out needs a directory}
      shift
      ;;
    --doc) doc=1 ;;
    *)
      echo "run-experiment.sh: error: unknown option '$1' (--all-to-all, --runs N, --out DIR, --replot, --doc)" >&2
      exit 2
      ;;
  esac
  shift
done
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
  echo "run-experiment.sh: error: --runs must be a positive number, got '$runs'" >&2
  exit 2
fi
# shellcheck source=examples/figure-sweep.sh
source "$root/examples/figure-sweep.sh" # its bin, figure_points and figure_doc
if [ -z "${FABRIC_LB_BUILD:-}" ]; then
  "$root/tools/build.sh" >/dev/null
fi
schemes=ecmp,flowlet,host-spray,reps,switch-ar,host-dr,ofan
for workload in "${workloads[@]}"; do
  bytes=1048576
  [ "$workload" = all-to-all ] && bytes=262144
  dir=$out/$workload
  "$bin/fabric-lb-sweep" --sim="$bin/fabric-lb-sim" --k=8 --workload="$workload" \
    --sizes=$bytes --schemes=$schemes --runs="$runs" --jobs="$(nproc)" --out="$dir" "${replot[@]}" \
    >/dev/null
  # Per scheme over its runs: the CCT increase over the bound (mean, min, max), the
  # largest queue and the drops (means), sorted best first.
  awk -F, '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    {
      s = $col["scheme"]
      if (!(s in n)) { order[++schemes] = s; lo[s] = 1e300; hi[s] = -1e300 }
      v = $col["cct_increase_pct"]
      n[s]++; sum[s] += v; lo[s] = v < lo[s] ? v : lo[s]; hi[s] = v > hi[s] ? v : hi[s]
      q[s] += $col["max_queue_pkts"]; d[s] += $col["packets_dropped"]
      bound = $col["bound_ns"]
    }
    END {
      print "scheme,runs,cct_increase_pct,min_pct,max_pct,max_queue_pkts,packets_dropped,bound_us"
      for (i = 1; i <= schemes; ++i) {
        s = order[i]
        printf "%s,%d,%.2f,%.2f,%.2f,%.0f,%.0f,%.2f\n", s, n[s], sum[s] / n[s], lo[s], hi[s],
          q[s] / n[s], d[s] / n[s], bound / 1000
      }
    }' "$dir/results.csv" | (
    read -r header
    echo "$header"
    sort -t, -k3,3g
  ) >"$dir/summary.csv"
  size="1 MiB"
  [ "$workload" = all-to-all ] && size="256 KiB"
  echo
  echo "$workload of $size on a k=8 fat tree (128 hosts, 800 Gb/s), $runs runs a scheme, ideal transport:"
  echo "how much longer than the lower bound ($(awk -F, 'NR == 2 { print $8 }' "$dir/summary.csv") us) the collective takes"
  awk -F, 'NR == 1 {
      printf "%-11s %17s %17s %15s %10s\n", "scheme", "CCT over bound", "(min to max)", "max queue", "dropped"
      next
    }
    { printf "%-11s %16.1f%% %8.1f to %5.1f%% %10s pkts %10s\n", $1, $3, $4, $5, $6, $7 }' \
    "$dir/summary.csv"
  # main.png: a point per scheme, in the schemes' order of every figure (the table above is
  # best first), in the scheme's style.
  tics=
  i=0
  for scheme in ${schemes//,/ }; do
    scheme_style "$scheme"
    tics+="${tics:+, }\"$label\" $i"
    i=$((i + 1))
  done
  awk -F, -v schemes="$schemes" '
    BEGIN { n = split(schemes, order, ",") }
    NR > 1 { row[$1] = $0 }
    END {
      for (i = 1; i <= n; ++i) {
        split(row[order[i]], f, ",")
        print f[1], i - 1, f[3], f[4], f[5], f[2], f[2]
      }
    }' "$dir/summary.csv" >"$dir/main.points"
  title="How much longer than the lower bound the collective takes"
  title+="\n$workload of $size, k=8 fat tree (128 hosts, 800 Gb/s), $(figure_runs "$dir/main.points"),"
  title+=" ideal transport"
  title+="\nmean of each scheme's runs, bar from the least to the largest"
  figure_points "$dir/main.png" "$title" "load-balancing scheme" \
    "CCT over the lower bound (%)" "($tics)" categories,logy "$dir/main.points"
  echo "picture: $dir/main.png; every run's JSON: $dir/runs/"
  figure_doc "$dir/main.png" "main-$workload.png"
done
