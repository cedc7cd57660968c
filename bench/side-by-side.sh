#!/usr/bin/env bash
# Issue 10's benchmark: fabric-lb-sim and, when given, the study's simulator on
# the same traffic, one process at a time, on this machine. For each case:
# wall seconds, peak memory, events/s and packet-hops/s of fabric-lb, the
# study's simulator's wall and peak memory on the same connection matrix
# (written by fabric-lb-sim --dump-matrix), and the ratios.
#
# The study's simulator is not part of this project: build smcclure20/csg-htsim
# yourself, outside this tree, and pass its htsim_consterase_drb binary.
#
# Usage: bench/side-by-side.sh [--study-sim PATH] [--cases LIST] [--lb SCHEME]
#                              [--sim PATH] [--ranks N] [--callgrind] [-- fabric-lb-sim flags]
#   --cases     comma-separated, from k8-a2a-256k, k8-perm-1m, k16-perm-1m,
#               k16-a2a-64k (default: the two k=8 cases)
#   --lb        fabric-lb scheme (default ofan; the study's flags follow it)
#   --ranks     run fabric-lb-sim over N ranks with mpirun (a --sim built in an
#               ns-3 tree with --enable-mpi; peak memory is then the largest rank's)
#   --callgrind also count fabric-lb's instructions per packet-hop (valgrind;
#               about 50x slower: permutation cases only)
#   flags after -- go to every fabric-lb-sim run (e.g. --switchPath=ipv4 --wire=study)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sim=
study_sim=
cases=k8-a2a-256k,k8-perm-1m
lb=ofan
callgrind=0
ranks=1
sim_flags=()
while [ $# -gt 0 ]; do
  case $1 in
    --study-sim) study_sim=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --lb) lb=$2; shift 2 ;;
    --sim) sim=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --callgrind) callgrind=1; shift ;;
    --) shift; sim_flags=("$@"); break ;;
    *) echo "side-by-side.sh: error: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$sim" ]; then
  "$root/tools/build.sh" >/dev/null
  sim=$root/build/fabric-lb-sim
fi
if [ -n "$study_sim" ] && [ ! -x "$study_sim" ]; then
  echo "side-by-side.sh: error: --study-sim $study_sim is not an executable" >&2
  exit 2
fi
# The study's simulator's flags for a fabric-lb scheme (its README and the paper's scripts).
case $lb in
  ecmp) study_lb="-strat ecmp" ;;
  rr) study_lb="-strat rr" ;;
  switch-ar) study_lb="-strat pkt_ar" ;;
  host-spray) study_lb="-strat ecmp -hostlb spray" ;;
  reps) study_lb="-strat ecmp -hostlb sprayad" ;;
  host-dr) study_lb="-strat ecmp -hostlb drb" ;;
  ofan) study_lb="-strat llss" ;;
  *) study_lb= ;;
esac
if [ -n "$study_sim" ] && [ -z "$study_lb" ]; then
  echo "side-by-side.sh: error: no study-simulator equivalent of --lb $lb" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-12s %9s %9s %11s %13s %10s %9s %9s %8s %8s\n' case "wall s" "peak MiB" "events/s" \
  "hops/s" "instr/hop" "study s" "study MiB" "wall x" "mem x"
for case_name in ${cases//,/ }; do
  case $case_name in
    k8-a2a-256k) k=8 workload=all-to-all bytes=262144 ;;
    k8-perm-1m) k=8 workload=permutation bytes=1048576 ;;
    k16-perm-1m) k=16 workload=permutation bytes=1048576 ;;
    k16-a2a-64k) k=16 workload=all-to-all bytes=65536 ;;
    *) echo "side-by-side.sh: error: unknown case $case_name" >&2; exit 2 ;;
  esac
  launcher=()
  if [ "$ranks" != 1 ]; then
    launcher=(mpirun --allow-run-as-root --oversubscribe -np "$ranks")
  fi
  run=("${launcher[@]}" "$sim" --k=$k --lb="$lb" --workload=$workload --msgBytes=$bytes "${sim_flags[@]}")
  /usr/bin/time -f '%e %M' -o "$work/time" "${run[@]}" --out="$work/run.json" >/dev/null
  instructions=-
  if [ "$callgrind" = 1 ] && [ "$ranks" = 1 ] && [ "$workload" = permutation ]; then
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "${run[@]}" >/dev/null 2>"$work/cg.log"
    instructions=$(sed -n 's/^summary: //p' "$work/cg")
  fi
  study_wall=- study_mib=-
  if [ -n "$study_sim" ]; then
    "$sim" --k=$k --workload=$workload --msgBytes=$bytes --dump-matrix="$work/traffic.cm" >/dev/null
    # 191 slots of 4178 B = the 800 KB port buffer; -k 0: fixed rate, ideal erasure coding.
    # shellcheck disable=SC2086
    (cd "$work" && /usr/bin/time -f '%e %M' -o "$work/study-time" "$study_sim" -nodes $((k * k * k / 4)) \
      -linkspeed 800000 -lat 0.5 -q 191 -mtu 4178 -k 0 -ratecoef 1 -end 0 -lossless $study_lb \
      -tm "$work/traffic.cm" >"$work/study.out" 2>&1)
    read -r study_wall study_kib <"$work/study-time"
    study_mib=$((study_kib / 1024))
  fi
  read -r wall kib <"$work/time"
  python3 - "$work/run.json" "$wall" "$kib" "$case_name" "$instructions" "$study_wall" \
    "$study_mib" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall = float(sys.argv[2])  # the whole process, set-up included, as for the study's simulator
mib = int(sys.argv[3]) / 1024
hops = r["packet_hops"]
instr = sys.argv[5]
per_hop = f"{int(instr) / hops:.0f}" if instr != "-" else "-"
study_wall, study_mib = sys.argv[6], sys.argv[7]
wall_x = f"{wall / float(study_wall):.2f}" if study_wall != "-" else "-"
mem_x = f"{mib / float(study_mib):.2f}" if study_mib != "-" else "-"
print(f"{sys.argv[4]:<12} {wall:>9.2f} {mib:>9.1f} {r['events'] / wall:>11.0f} "
      f"{hops / wall:>13.0f} {per_hop:>10} {study_wall:>9} {study_mib:>9} {wall_x:>8} {mem_x:>8}")
PY
done
