#!/usr/bin/env bash
# Prints, from a fabric-lb-sweep results.csv, the mean over runs of the CCT
# increase, retransmissions, timeouts, CNPs and final rate per scheme and size.
# Usage: examples/summarise-transport.sh results.csv
set -euo pipefail
awk -F, '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    key = $col["scheme"] "," $col["msg_bytes"]
    if (!(key in n)) order[++keys] = key
    n[key]++
    cct[key] += $col["cct_increase_pct"]
    retx[key] += $col["retransmissions"]
    rto[key] += $col["timeouts"]
    cnp[key] += $col["cnps"]
    rate[key] += $col["mean_final_rate_gbps"]
  }
  END {
    printf "%-11s %10s %5s %12s %10s %9s %7s %11s\n", "scheme", "msg_bytes", "runs", \
      "cct_incr_%", "retx", "timeouts", "cnps", "rate_gbps"
    for (i = 1; i <= keys; ++i) {
      key = order[i]; split(key, part, ",")
      printf "%-11s %10s %5d %12.2f %10.0f %9.1f %7.0f %11.1f\n", part[1], part[2], n[key], \
        cct[key] / n[key], retx[key] / n[key], rto[key] / n[key], cnp[key] / n[key], \
        rate[key] / n[key]
    }
  }' "$1"
