#!/usr/bin/env bash
# Issues 10 and 45's benchmark: fabric-lb-sim and, when given, a peer simulator on the same
# traffic, one process at a time, on this machine. For each case: wall seconds, peak memory,
# events/s and packet-hops/s of fabric-lb, the peer's wall and peak memory, and the ratios.
#
# Neither peer is part of this project: build it yourself, outside this tree, and pass its
# binary.
#  - The study's simulator (smcclure20/csg-htsim, htsim_consterase_drb) on the fat-tree cases
#    (k8-*, k16-*, k32-*): the same connection matrix (written by fabric-lb-sim --dump-matrix),
#    fixed rate and ideal erasure coding in both.
#  - UEC's uet-htsim (ultraethernet/uet-htsim, htsim_uec) on its own files (uet-* cases, read
#    from --uet-dir, its htsim/sim/datacenter folder): NSCC with trimming and oblivious
#    spraying over 8192 entropies in it, --transport=uet --lb=host-spray in fabric-lb on
#    --topology=htsim with uet-htsim's frames (4,150 B) and, on the 128-host fat tree and the
#    1,024-host leaf-spine, its queues and ECN marking (doc/uet-side-by-side.md).
#
# Usage: bench/side-by-side.sh [--study-sim PATH] [--uet-sim PATH --uet-dir DIR] [--cases LIST]
#                              [--lb SCHEME] [--sim PATH] [--ranks N] [--callgrind]
#                              [-- fabric-lb-sim flags]
#   --cases     comma-separated, from k8-a2a-256k, k8-perm-1m, k16-perm-1m, k16-a2a-64k,
#               k32-perm-1m, uet-ft128-perm-2m, uet-ls1024-perm-2m, uet-ls8192-perm-1m
#               (default: the two k=8 cases)
#   --lb        fabric-lb scheme of the fat-tree cases (default ofan; the study's flags follow it)
#   --ranks     run fabric-lb-sim over N ranks with mpirun (a --sim built in an
#               ns-3 tree with --enable-mpi; peak memory is then the largest rank's)
#   --callgrind also count fabric-lb's instructions per packet-hop (valgrind;
#               about 50x slower: permutation cases only)
#   flags after -- go to every fabric-lb-sim run (e.g. --switchPath=ipv4 --wire=study)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sim=
study_sim=
uet_sim=
uet_dir=
cases=k8-a2a-256k,k8-perm-1m
lb=ofan
callgrind=0
ranks=1
sim_flags=()
while [ $# -gt 0 ]; do
  case $1 in
    --study-sim) study_sim=$2; shift 2 ;;
    --uet-sim) uet_sim=$2; shift 2 ;;
    --uet-dir) uet_dir=$2; shift 2 ;;
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
if [ -n "$uet_sim" ] && { [ ! -x "$uet_sim" ] || [ ! -d "$uet_dir/topologies" ]; }; then
  echo "side-by-side.sh: error: --uet-sim needs an executable and --uet-dir its datacenter folder" >&2
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
printf '%-18s %9s %9s %11s %13s %10s %9s %9s %8s %8s\n' case "wall s" "peak MiB" "events/s" \
  "hops/s" "instr/hop" "peer s" "peer MiB" "wall x" "mem x"
for case_name in ${cases//,/ }; do
  peer=study
  case $case_name in
    k8-a2a-256k) k=8 workload=all-to-all bytes=262144 ;;
    k8-perm-1m) k=8 workload=permutation bytes=1048576 ;;
    k16-perm-1m) k=16 workload=permutation bytes=1048576 ;;
    k16-a2a-64k) k=16 workload=all-to-all bytes=65536 ;;
    k32-perm-1m) k=32 workload=permutation bytes=1048576 ;;
    uet-ft128-perm-2m) peer=uet topo=fat_tree_128_1os matrix=perm_128n_128c_2MB ;;
    uet-ls1024-perm-2m) peer=uet topo=leaf_spine_1024 matrix=perm_1024n_1024c_0u_2000000b ;;
    uet-ls8192-perm-1m) peer=uet topo=leaf_spine_8192_800g matrix=perm_8192n_8192c_1MB ;;
    *) echo "side-by-side.sh: error: unknown case $case_name" >&2; exit 2 ;;
  esac
  launcher=()
  if [ "$ranks" != 1 ]; then
    launcher=(mpirun --allow-run-as-root --oversubscribe -np "$ranks")
  fi
  if [ $peer = study ]; then
    run=("${launcher[@]}" "$sim" --k="$k" --lb="$lb" --workload="$workload" --msgBytes="$bytes")
  else
    if [ -z "$uet_dir" ]; then
      echo "side-by-side.sh: error: case $case_name needs --uet-dir" >&2
      exit 2
    fi
    workload=permutation
    # uet-htsim's 4,150 B frames; on its 100 Gb/s files also its queue of one BDP (plus room
    # for trimmed headers) and its ECN marking from 0.2 to 0.8 BDP.
    aligned=(--ns3::FatTreeHelper::PayloadBytes=4088 --ns3::FatTreeHelper::GapBytes=0)
    case $topo in
      fat_tree_128_1os) aligned+=(--bufferBytes=181424 --ns3::FabricPortDevice::RedMinBytes=37350
        --ns3::FabricPortDevice::RedMaxBytes=145250) ;;
      leaf_spine_1024) aligned+=(--bufferBytes=123324 --ns3::FabricPortDevice::RedMinBytes=24900
        --ns3::FabricPortDevice::RedMaxBytes=99600) ;;
    esac
    [ "$topo" = leaf_spine_8192_800g ] || aligned+=(--ns3::FabricPortDevice::RedMaxProbability=1)
    run=("${launcher[@]}" "$sim" --topology=htsim --topoFile="$uet_dir/topologies/$topo.topo"
      --workload=matrix --matrix="$uet_dir/connection_matrices/$matrix.cm" --transport=uet
      --lb=host-spray "${aligned[@]}")
  fi
  run+=("${sim_flags[@]}")
  /usr/bin/time -f '%e %M' -o "$work/time" "${run[@]}" --out="$work/run.json" >/dev/null
  instructions=-
  if [ "$callgrind" = 1 ] && [ "$ranks" = 1 ] && [ "$workload" = permutation ]; then
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "${run[@]}" >/dev/null 2>"$work/cg.log"
    instructions=$(sed -n 's/^summary: //p' "$work/cg")
  fi
  peer_wall=- peer_mib=-
  if [ $peer = study ] && [ -n "$study_sim" ]; then
    "$sim" --k="$k" --workload="$workload" --msgBytes="$bytes" --dump-matrix="$work/traffic.cm" >/dev/null
    # 191 slots of 4178 B = the 800 KB port buffer; -k 0: fixed rate, ideal erasure coding.
    # shellcheck disable=SC2086
    (cd "$work" && /usr/bin/time -f '%e %M' -o "$work/peer-time" "$study_sim" -nodes $((k * k * k / 4)) \
      -linkspeed 800000 -lat 0.5 -q 191 -mtu 4178 -k 0 -ratecoef 1 -end 0 -lossless $study_lb \
      -tm "$work/traffic.cm" >"$work/peer.out" 2>&1)
  elif [ $peer = uet ] && [ -n "$uet_sim" ]; then
    (cd "$uet_dir" && /usr/bin/time -f '%e %M' -o "$work/peer-time" "$uet_sim" \
      -topo "topologies/$topo.topo" -tm "connection_matrices/$matrix.cm" -sender_cc_algo nscc \
      -load_balancing_algo oblivious -paths 8192 -seed 1 -end 100000 >"$work/peer.out" 2>&1)
  fi
  if [ -f "$work/peer-time" ]; then
    read -r peer_wall peer_kib <"$work/peer-time"
    peer_mib=$((peer_kib / 1024))
    rm "$work/peer-time"
  fi
  read -r wall kib <"$work/time"
  python3 - "$work/run.json" "$wall" "$kib" "$case_name" "$instructions" "$peer_wall" \
    "$peer_mib" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall = float(sys.argv[2])  # the whole process, set-up included, as for the peer
mib = int(sys.argv[3]) / 1024
hops = r["packet_hops"]
instr = sys.argv[5]
per_hop = f"{int(instr) / hops:.0f}" if instr != "-" else "-"
peer_wall, peer_mib = sys.argv[6], sys.argv[7]
wall_x = f"{wall / float(peer_wall):.2f}" if peer_wall != "-" else "-"
mem_x = f"{mib / float(peer_mib):.2f}" if peer_mib != "-" else "-"
print(f"{sys.argv[4]:<18} {wall:>9.2f} {mib:>9.1f} {r['events'] / wall:>11.0f} "
      f"{hops / wall:>13.0f} {per_hop:>10} {peer_wall:>9} {peer_mib:>9} {wall_x:>8} {mem_x:>8}")
PY
done
