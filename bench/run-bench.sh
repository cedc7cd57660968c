#!/usr/bin/env bash
# The canonical full-size cases on a k=8 fat tree under ECMP: all-to-all of
# 256 KiB and permutation of 1 MiB. For each: wall seconds, simulator events
# per second, packet-hops per second and peak memory (from /usr/bin/time).
# Usage: bench/run-bench.sh [path-to-fabric-lb-sim] (default: build/fabric-lb-sim)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sim=${1:-$root/build/fabric-lb-sim}
if [ $# -eq 0 ]; then
  "$root/tools/build.sh" >/dev/null
fi
work=$(mktemp -d)
printf '%-28s %10s %12s %14s %16s %10s\n' case "wall s" "events" "events/s" "packet-hops/s" "peak MiB"
for spec in "all-to-all 262144" "permutation 1048576"; do
  set -- $spec
  /usr/bin/time -f '%M' -o "$work/mem" "$sim" --k=8 --lb=ecmp --workload="$1" --msgBytes="$2" \
    --out="$work/run.json" >/dev/null
  python3 - "$work/run.json" "$(cat "$work/mem")" "$1 $2 B" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
peak_mib = int(sys.argv[2]) / 1024
# Every data packet and every ACK crosses the links of its path; hosts see 2,
# 4 or 6 links. packet_hops counts what the ports actually transmitted.
hops = r["packet_hops"]
print(f"{sys.argv[3]:<28} {r['wall_seconds']:>10.2f} {r['events']:>12} "
      f"{r['events'] / r['wall_seconds']:>14.0f} {hops / r['wall_seconds']:>16.0f} {peak_mib:>10.1f}")
PY
done
rm -rf "$work"
