#!/usr/bin/env bash
# Figure 11's optimum payload: per scheme and message size, the mean CCT at each payload over
# the runs of every given results.csv (examples/fig11-packet-size.sh's, and sweeps with other
# sizes or payloads), the fastest payload, and the optimum by a parabola in log2(payload)
# through the fastest and its two neighbours (vertex = fastest + (y- - y+) / (2 (y- - 2 y0 +
# y+)) in log2 steps; the payloads must be powers of two). Where the fastest is the largest (or
# smallest) payload run, the optimum is at least (at most) it: optimum_kind says which.
# Writes CSV: workload,scheme,msg_bytes,payloads,fastest_payload_bytes,optimum_bytes,optimum_kind
# Usage: examples/fig11-optimum.sh --out FILE RESULTS.csv...
set -euo pipefail
out=
files=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -*) echo "fig11-optimum.sh: error: unknown flag '$1' (--out FILE RESULTS.csv...)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [ -z "$out" ] || [ ${#files[@]} = 0 ]; then
  echo "fig11-optimum.sh: error: give --out FILE and at least one results.csv" >&2
  exit 2
fi
for file in "${files[@]}"; do
  [ -r "$file" ] || { echo "fig11-optimum.sh: error: cannot read '$file'" >&2; exit 2; }
done
mkdir -p "$(dirname "$out")"
awk -F, '
  FNR == 1 { delete col; for (i = 1; i <= NF; ++i) col[$i] = i
             if (!("vary_flag" in col) || !("cct_ns" in col)) {
               print "fig11-optimum.sh: error: " FILENAME " has no vary_flag or cct_ns column" > "/dev/stderr"; exit 2 }
             next }
  $col["vary_flag"] != "ns3::FatTreeHelper::PayloadBytes" { next }
  {
    key = $col["workload"] "," $col["scheme"] "," $col["msg_bytes"]
    p = $col["vary_value"] + 0
    if (!(key in seen)) { seen[key] = 1; order[++keys] = key }
    if (!((key, p) in n)) { payloads[key] = payloads[key] " " p }
    sum[key, p] += $col["cct_ns"]; ++n[key, p]
  }
  END {
    print "workload,scheme,msg_bytes,payloads,fastest_payload_bytes,optimum_bytes,optimum_kind"
    for (k = 1; k <= keys; ++k) {
      key = order[k]
      m = split(payloads[key], list, " ")
      # ascending payloads (few: insertion sort)
      for (i = 2; i <= m; ++i) { v = list[i]; j = i - 1; while (j >= 1 && list[j] > v) { list[j + 1] = list[j]; --j } list[j + 1] = v }
      best = 1
      for (i = 1; i <= m; ++i) { y[i] = sum[key, list[i]] / n[key, list[i]]; if (y[i] < y[best]) best = i }
      if (best == m) { opt = list[m]; kind = "at-least" }
      else if (best == 1) { opt = list[1]; kind = "at-most" }
      else {
        curve = y[best - 1] - 2 * y[best] + y[best + 1]
        opt = list[best] * 2 ^ ((y[best - 1] - y[best + 1]) / (2 * curve)); kind = "fit"
      }
      printf "%s,%d,%d,%.0f,%s\n", key, m, list[best], opt, kind
    }
  }' "${files[@]}" >"$out.tmp" || { rm -f "$out.tmp"; exit 2; }
mv "$out.tmp" "$out"
echo "fig11-optimum.sh: $out"
