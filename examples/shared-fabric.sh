#!/usr/bin/env bash
# Beyond the study: a shared fabric, k=8 (128 hosts). Three experiments:
#  jobs/        two jobs on half the hosts each, an all-to-all of 64 KiB and a ring
#               all-reduce of 4 MiB, placed contiguously (four pods each) and interleaved
#               (round robin over the leaves): each job's slowdown against running alone,
#               per scheme (jobs.csv)
#  background/  a permutation of 1 MiB under 30% and 60% web-search background traffic:
#               the collective's CCT and the background flows' slowdowns by size, per
#               scheme (background.csv, background-0.3.png and background-0.6.png)
#  cc/          HPCC against DCQCN and Swift, selective repeat, under ECMP, host spraying,
#               REPS and Ofan: permutation of 1 MiB, lossy (cc/) and lossless (cc-pfc/);
#               again under reliable unordered delivery (cc-rud/, cc-pfc-rud/)
# Writes summary.txt with the tables. With --quick: k=4, one run, smaller messages.
# Runs already done are kept.
# Usage: examples/shared-fabric.sh [--out DIR] [--runs N (default 3)] [--quick]
#        [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args shared-fabric permutation --runs=3 "$@"
schemes=ecmp,flowlet,host-spray,reps,switch-ar,host-dr,ofan
base=$(mkdir -p "$out" && cd "$out" && pwd)
bin=$(cd "$bin" && pwd) # the jobs' sweep runs in their folder
hosts=$((k * k * k / 4))
a2a_bytes=65536
ring_bytes=4194304
perm_bytes=1048576
if [ "$quick" = 1 ]; then
  a2a_bytes=16384
  ring_bytes=262144
  perm_bytes=65536
fi
figure_cost permutation 10 $((76 * runs)) "two jobs (and each alone), background, congestion controls"

# The jobs: each on half the hosts, placed by the same rule.
mkdir -p "$base/jobs"
for place in contiguous strided; do
  cat >"$base/jobs/$place.json" <<JOBS
{"jobs": [
  {"name": "a2a", "workload": "all-to-all", "msgBytes": $a2a_bytes,
   "hosts": {"place": "$place", "count": $((hosts / 2))}},
  {"name": "ring", "workload": "ring-allreduce", "msgBytes": $ring_bytes,
   "hosts": {"place": "$place", "count": $((hosts / 2))}}]}
JOBS
done
# The sweep names its runs by the --vary values: the files' names, in their folder.
out=$base/jobs
(cd "$base/jobs" && figure_sweep permutation "$a2a_bytes" --schemes=$schemes \
  --vary=jobs:contiguous.json,strided.json \
  --caption="an all-to-all of $(figure_bytes "$a2a_bytes") and a ring all-reduce of $(figure_bytes "$ring_bytes"), half the hosts each")
out=$base/background
figure_sweep permutation "$perm_bytes" --schemes=$schemes --vary=load:0.3,0.6 \
  --extra=--background=web-search --caption="web-search background, ideal transport"
# The congestion controls under selective repeat (cc/, cc-pfc/) and again under reliable
# unordered delivery (cc-rud/, cc-pfc-rud/), which never takes reordering for loss: what
# each scheme's penalty owes to spurious retransmissions.
for recovery in sack rud; do
  suffix=
  name="selective repeat"
  if [ "$recovery" = rud ]; then
    suffix=-rud
    name="reliable unordered delivery"
  fi
  out=$base/cc$suffix
  figure_sweep permutation "$perm_bytes" --schemes=ecmp,host-spray,reps,ofan \
    --vary=cc:dcqcn,swift,hpcc --extra=--recovery=$recovery --caption="$name, lossy"
  out=$base/cc-pfc$suffix
  figure_sweep permutation "$perm_bytes" --schemes=ecmp,host-spray,reps,ofan \
    --vary=cc:dcqcn,swift,hpcc --extra="--recovery=$recovery --pfc" \
    --caption="$name, lossless (PFC)"
done

# The background's slowdowns by flow size: p99 over the runs' flows of each bucket, the
# mean (least, largest) of the runs' p99s, a series per scheme, a figure per load
# (background-LOAD.png); the last bucket (above 10 MB, up to 2^64 - 1) is drawn at ten
# times its lower edge.
bg=$base/background/permutation
if [ -s "$bg/background.csv" ]; then
  awk -F, '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    $col["min_bytes"] != 0 || $col["max_bytes"] != "" {
      if ($col["flows"] == 0) next
      edge = $col["max_bytes"] >= 1e18 ? 10 * ($col["min_bytes"] - 1) : $col["max_bytes"]
      key = $col["scheme"] "," $col["load"] "," edge
      if (!(key in n)) order[++keys] = key
      v = $col["slowdown_p99"]
      n[key]++; p99[key] += v; p50[key] += $col["slowdown_p50"]
      if (n[key] == 1 || v < least[key]) least[key] = v
      if (n[key] == 1 || v > most[key]) most[key] = v
    }
    END {
      for (i = 1; i <= keys; ++i) {
        k = order[i]
        printf "%s,%d,%.3f,%.3f,%.3f,%.3f\n", k, n[k], p50[k] / n[k], p99[k] / n[k], least[k], most[k]
      }
    }' "$bg/background.csv" | sort -t, -k1,1 -k2,2g -k3,3g |
    (echo "scheme,load,max_bytes,runs,slowdown_p50,slowdown_p99,slowdown_p99_min,slowdown_p99_max" &&
      cat) >"$bg/background-by-size.csv"
  while read -r load; do
    # A bucket's runs are those with flows in it: every point counts as complete.
    awk -F, -v load="$load" 'NR > 1 && $2 == load && $3 != "" { print $1, $3, $6, $7, $8, $4, $4, $3, "B" }' \
      "$bg/background-by-size.csv" >"$bg/background-$load.points"
    tics=$(awk '!seen[$2]++ {
        x = $2; t = x >= 1e6 ? sprintf("%gM", x / 1e6) : x >= 1e3 ? sprintf("%gk", x / 1e3) : x
        printf "%s\"%s\" %s", (NR > 1 ? ", " : ""), t, x
      }' "$bg/background-$load.points")
    title="Web-search background flows at $(awk -v l="$load" 'BEGIN { print 100 * l }')% load beside a permutation:"
    title+=" p99 of each flow-size bucket's slowdown"
    title+="\npermutation of $(figure_bytes "$perm_bytes") messages, k=$k fat tree ($hosts hosts),"
    title+=" $(figure_runs "$bg/background-$load.points"), ideal transport"
    title+="\nmean of the runs' p99s (runs with flows in the bucket), bar from the least to the largest"
    figure_points "$bg/background-$load.png" "$title" \
      "flow size, the bucket's upper edge (bytes; k = 10^3, M = 10^6; above 10M drawn at 100M)" \
      "p99 slowdown (flow completion time over its own bound)" "($tics)" log,logy \
      "$bg/background-$load.points"
    figure_doc "$bg/background-$load.png" "shared-fabric-background-$load.png" "$bg/background.csv"
  done < <(awk -F, 'NR > 1 && !seen[$2]++ { print $2 }' "$bg/background-by-size.csv")
fi

# The tables: means over the runs.
{
  jobs=$base/jobs/permutation/jobs.csv
  if [ -s "$jobs" ]; then
    echo "== two jobs: slowdown against running alone (mean CCT over mean alone), per scheme"
    awk -F, '
      NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
      {
        place = $col["vary_value"]; sub(/.*\//, "", place); sub(/\.json$/, "", place)
        key = $col["scheme"] "," place "," $col["job"]
        if (!(key in n)) order[++keys] = key
        n[key]++; s[key] += $col["slowdown"]; inc[key] += $col["mean_cct_ns"] / $col["job_bound_ns"]
      }
      END {
        printf "%-12s %-11s %-5s %5s %9s %14s\n", "scheme", "placement", "job", "runs", "slowdown", "CCT/bound"
        for (i = 1; i <= keys; ++i) {
          split(order[i], f, ",")
          printf "%-12s %-11s %-5s %5d %9.3f %14.3f\n", f[1], f[2], f[3], n[order[i]],
            s[order[i]] / n[order[i]], inc[order[i]] / n[order[i]]
        }
      }' "$jobs"
  fi
  for part in background cc cc-pfc cc-rud cc-pfc-rud; do
    csv=$base/$part/permutation/results.csv
    [ -s "$csv" ] || continue
    echo "== $part: permutation of $((perm_bytes / 1024)) KiB, CCT increase over the bound"
    awk -F, '
      NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
      {
        key = $col["scheme"] "," $col["vary_flag"] "=" $col["vary_value"]
        if (!(key in n)) order[++keys] = key
        n[key]++; inc[key] += $col["cct_increase_pct"]; q[key] += $col["max_queue_pkts"]
        drops[key] += $col["packets_dropped"]; pauses[key] += $col["pause_frames_sent"]
        retx[key] += $col["retransmissions"]
      }
      END {
        printf "%-12s %-12s %5s %12s %16s %10s %8s %8s\n", "scheme", "setting", "runs", "CCT +%",
          "max queue (pkts)", "drops", "pauses", "retx"
        for (i = 1; i <= keys; ++i) {
          k = order[i]; split(k, f, ",")
          printf "%-12s %-12s %5d %12.2f %16.1f %10.0f %8.0f %8.0f\n", f[1], f[2], n[k], inc[k] / n[k],
            q[k] / n[k], drops[k] / n[k], pauses[k] / n[k], retx[k] / n[k]
        }
      }' "$csv"
    if [ "$part" = background ] && [ -s "$bg/background.csv" ]; then
      echo "== background: every flow's slowdown (all sizes), mean over the runs"
      awk -F, '
        NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
        $col["min_bytes"] == 0 && $col["max_bytes"] == "" {
          key = $col["scheme"] "," $col["load"]
          if (!(key in n)) order[++keys] = key
          n[key]++; flows[key] += $col["flows"]; p50[key] += $col["slowdown_p50"]
          p99[key] += $col["slowdown_p99"]
        }
        END {
          printf "%-12s %5s %5s %8s %8s %8s\n", "scheme", "load", "runs", "flows", "p50", "p99"
          for (i = 1; i <= keys; ++i) {
            k = order[i]; split(k, f, ",")
            printf "%-12s %5s %5d %8.0f %8.3f %8.3f\n", f[1], f[2], n[k], flows[k] / n[k],
              p50[k] / n[k], p99[k] / n[k]
          }
        }' "$bg/background.csv"
    fi
  done
} | tee "$base/summary.txt"
