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
figure_sweep permutation 1048576 --schemes=ofan,host-dr --vary=k:$radixes \
  --caption="ideal transport"
# Per radix: each scheme's mean largest queue over its completed runs, their ratio, and the
# least and largest ratio of a run of Ofan to the run of host DR with the same RngRun (the same
# permutation).
awk -F, '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    key = $col["k"] "," $col["hosts"]
    if (!(key in seen)) { seen[key] = 1; order[++keys] = key }
    if ($col["run"] > runs[key]) runs[key] = $col["run"]
    if ($col["messages_completed"] != $col["messages"]) next
    queue[key, $col["scheme"], $col["run"]] = $col["max_queue_pkts"]
    sum[key, $col["scheme"]] += $col["max_queue_pkts"]
    n[key, $col["scheme"]]++
  }
  END {
    print "k,hosts,ofan_max_queue_pkts,host_dr_max_queue_pkts,ratio,ratio_min,ratio_max," \
      "paired_runs,runs"
    for (i = 1; i <= keys; ++i) {
      key = order[i]
      if (n[key, "ofan"] == 0 || n[key, "host-dr"] == 0) continue
      ofan = sum[key, "ofan"] / n[key, "ofan"]
      dr = sum[key, "host-dr"] / n[key, "host-dr"]
      ratio = dr > 0 ? sprintf("%.4f", ofan / dr) : "nan"
      paired = 0
      for (run = 1; run <= runs[key]; ++run) {
        if (!((key, "ofan", run) in queue) || !((key, "host-dr", run) in queue)) continue
        if (queue[key, "host-dr", run] == 0) continue
        r = queue[key, "ofan", run] / queue[key, "host-dr", run]
        if (++paired == 1 || r < least) least = r
        if (paired == 1 || r > most) most = r
      }
      printf "%s,%.3f,%.3f,%s,%s,%s,%d,%d\n", key, ofan, dr, ratio, \
        paired ? sprintf("%.4f", least) : "nan", paired ? sprintf("%.4f", most) : "nan", paired, \
        runs[key]
    }
  }' "$out/permutation/results.csv" >"$out/ratio.csv"
column -s, -t "$out/ratio.csv"
# ratio.png: the ratio against the hosts, a tic at each fabric, its radix on a second line (the
# label's \\n is gnuplot's line break once figure_points' awk -v has read it).
awk -F, 'NR > 1 { print "ofan", $2, $5, $6, $7, $8, $9, $2, "hosts" }' "$out/ratio.csv" \
  >"$out/ratio.points"
tics=$(awk -F, 'NR > 1 { printf "%s\"%d\\\\n(k=%d)\" %d", (NR > 2 ? ", " : ""), $2, $1, $2 }' "$out/ratio.csv")
radixes=$(awk -F, 'NR > 1 { printf "%s%d", (NR > 2 ? ", " : ""), $1 }' "$out/ratio.csv")
bytes=$(awk -F, 'NR == 2 { print $4 }' "$out/permutation/results.csv")
title="Largest switch queue, Ofan over host DR"
title+="\npermutation of $(figure_bytes "$bytes") messages, fat trees (k = $radixes),"
title+=" $(figure_runs "$out/ratio.points"), ideal transport"
title+="\nratio of the means of the completed runs, bar from the least to the largest ratio of a"
title+=" run of Ofan to host DR's on the same permutation"
figure_points "$out/ratio.png" "$title" "hosts (fat tree of radix k)" \
  "Ofan's largest queue over host DR's (ratio)" "($tics)" log "$out/ratio.points"
figure_doc "$out/ratio.png" fig18-ratio.png "$out/permutation/results.csv"
echo "figure 18: $out/{ratio.csv,ratio.png}, $out/permutation/results.csv"
