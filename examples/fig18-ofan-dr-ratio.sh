#!/usr/bin/env bash
# The study's figure 18: the ratio of Ofan's largest switch queue to host DR's
# as the host count grows, permutations of 1 MiB on fat trees of k = 4 to 16
# (16 to 1024 hosts), no failures, ideal transport. Writes DIR/permutation/
# (results.csv, cct-increase.png, max-queue.png with k on the x axis) and
# DIR/ratio.csv (k, hosts, each scheme's mean largest queue over its completed
# runs, their ratio) and DIR/ratio.png (the ratio against the hosts). With
# --quick, k = 4, 6, 8. Runs already done are kept.
# Usage: examples/fig18-ofan-dr-ratio.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig18 permutation "$@"
radixes=4,6,8,10,12,14,16
[ "$quick" = 1 ] && radixes=4,6,8
figure_sweep permutation 1048576 --schemes=ofan,host-dr --vary=k:$radixes
awk -F, '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  $col["messages_completed"] == $col["messages"] {
    key = $col["k"] "," $col["hosts"]
    if (!(key in seen)) { seen[key] = 1; order[++keys] = key }
    sum[key, $col["scheme"]] += $col["max_queue_pkts"]
    n[key, $col["scheme"]]++
  }
  END {
    print "k,hosts,ofan_max_queue_pkts,host_dr_max_queue_pkts,ratio"
    for (i = 1; i <= keys; ++i) {
      key = order[i]
      if (n[key, "ofan"] == 0 || n[key, "host-dr"] == 0) continue
      ofan = sum[key, "ofan"] / n[key, "ofan"]
      dr = sum[key, "host-dr"] / n[key, "host-dr"]
      ratio = dr > 0 ? sprintf("%.4f", ofan / dr) : "nan"
      printf "%s,%.3f,%.3f,%s\n", key, ofan, dr, ratio
    }
  }' "$out/permutation/results.csv" >"$out/ratio.csv"
column -s, -t "$out/ratio.csv"
gnuplot <<PLOT
set terminal png size 960,640
set output "$out/ratio.png"
set title "Largest switch queue, Ofan over host DR (permutation, mean of completed runs)"
set xlabel "hosts"
set ylabel "Ofan / host DR max queue"
set logscale x 2
set grid
set datafile separator ","
plot "$out/ratio.csv" using 2:5 every ::1 with linespoints title "Ofan / host DR"
PLOT
echo "figure 18: $out/{ratio.csv,ratio.png}, $out/permutation/results.csv"
