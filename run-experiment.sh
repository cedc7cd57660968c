#!/usr/bin/env bash
# The main experiment at a small default: a k=4 permutation (1 MiB) and all-to-all
# (256 KiB) under ECMP, installing and building what is missing first. Prints the
# results table; the JSON of each run is left in results/.
# Extra arguments go to every run, e.g. ./run-experiment.sh --k=8 --lb=ofan
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
"$root/tools/build.sh" >/dev/null
mkdir -p "$root/results"
runs=()
for spec in "permutation 1048576" "all-to-all 262144"; do
  set -- $spec "${@}"
  workload=$1 bytes=$2
  shift 2
  out="$root/results/main-$workload-$bytes.json"
  "$root/build/fabric-lb-sim" --k=4 --lb=ecmp --workload="$workload" --msgBytes="$bytes" \
    --out="$out" "$@" >/dev/null
  runs+=("$out")
done
python3 - "${runs[@]}" <<'PY'
import json, sys
rows = [json.load(open(path)) for path in sys.argv[1:]]
header = f"{'scheme':<8} {'workload':<12} {'k':>3} {'msg bytes':>10} {'CCT us':>10} {'bound us':>10} {'increase %':>11} {'max q pkts':>11} {'dropped':>8}"
print(header)
print("-" * len(header))
for r in rows:
    maxq = max(r["max_queue_packets"].values())
    print(f"{r['scheme']:<8} {r['workload']:<12} {r['k']:>3} {r['msg_bytes']:>10} "
          f"{r['cct_ns'] / 1000:>10.3f} {r['bound_ns'] / 1000:>10.3f} {r['cct_increase_pct']:>11.2f} "
          f"{maxq:>11} {r['packets_dropped']:>8}")
PY
