#!/usr/bin/env bash
# fabric-lb beside UEC's uet-htsim (doc/uet-side-by-side.md, issues 43 and 46): runs a
# uet-htsim the user built (htsim_uec; none of its code is part of this project) and
# fabric-lb-sim on uet-htsim's own files, one process at a time, with the doc's commands:
#   uet-htsim  htsim_uec -topo T -tm CM -sender_cc_algo nscc -load_balancing_algo
#              oblivious|reps -paths 8192 -seed K -end 10000 [-receiver_cc]
#   fabric-lb  --workload=matrix --transport=uet --lb=host-spray|reps|reps-uet --run=K with
#              the aligned flags (uet-htsim's 4150-byte frames, its one-BDP queue plus room
#              for trimmed headers, its ECN marking from 0.2 to 0.8 BDP) [--rccc]
# Cases (--cases, comma-separated; default all):
#   ft128-perm   perm_128n_128c_2MB.cm on fat_tree_128_1os.topo (k=8), 10 runs
#   ls1024-perm  perm_1024n_1024c_0u_2000000b.cm on leaf_spine_1024.topo, 3 runs
#   incast8      8-to-1 incast of 2 MB on the fat tree, 10 runs
#   incast32     32-to-1 incast of 2 MB on the fat tree, 10 runs
#                (the matrices of uet-htsim's gen_incast.py 128 N 2000000 0 42 1, as its
#                validation makes them: hosts 64.. to host 0, all at 0; written here by awk)
#   rccc         receiver credit control on in both (-receiver_cc, --rccc), oblivious
#                spraying against host-spray, on ft128-perm, incast8 and incast32, 3 runs
#                (RCCC off: those cases' runs 1-3)
#   reps-uet     fabric-lb's reps-uet with 8192 entropies on ft128-perm and incast32, 3 runs
#                (against uet-htsim's REPS runs 1-3)
#   reps-k8      fabric-lb alone (no uet-htsim needed): reps-uet against reps on the k=8
#                fat tree, --transport=uet, a permutation of 1 MiB and an all-to-all of
#                256 KiB, 3 runs: reps-uet with fabric-lb's buffers (reps's are
#                examples/uet-vs-roce.sh's), both with 100 KB buffers, and reps-uet with
#                100 KB "aligned" (reps's label range, 64512 entropies, and its marking, RED
#                as a step at 10 KB); each run's JSON a line of reps-k8/results.jsonl, with
#                its "variant" (buffer-800k, buffer-100k, buffer-100k-aligned)
# The four cases run uet-htsim's oblivious spraying and REPS and fabric-lb's host-spray and
# reps. Flow completion times come from uet-htsim's "Flow ... finished at T" lines (every
# flow starts at 0 in these matrices) and fabric-lb's --flows file (fct_ns).
# Writes in --out (default results/uet-side-by-side):
#   runs.csv     one row a simulator, case, balancer, RCCC and seed: flows, mean, p99
#                (nearest rank) and max flow completion in us, retransmissions, trimmed
#                packets (uet-htsim: its NACKs, one a trimmed packet), drops and timeouts
#                (fabric-lb's), wall time in s
#   summary.csv  per case, RCCC and pair of balancers (oblivious/host-spray, reps/reps,
#                reps/reps-uet), over the seeds both simulators ran: each one's mean over
#                runs of the run's mean, p99 and max (an incast's p99 is its max: 100 flows
#                or fewer), fabric-lb's over uet-htsim's (ratio_*), retransmissions, trims
#   flows/       each run's flow completion times; matrices/ the incasts' matrices;
#                versions.txt a line for each invocation that ran something: its date, runs
#                and the two simulators (their paths and git commits)
# Rows already in runs.csv are kept and not run again.
# Usage: examples/uet-side-by-side.sh --uet-sim PATH --uet-dir DIR [--out DIR]
#        [--runs N (every case's runs, in place of its own)] [--cases LIST]
#   PATH: uet-htsim's sim/build/datacenter/htsim_uec; DIR: its sim/datacenter (topologies/,
#   connection_matrices/). FABRIC_LB_SIM=PATH runs that fabric-lb-sim (default build/'s).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me=$(basename "$0")
uet_sim=
uet_dir=
out=$root/results/uet-side-by-side
runs=
cases=ft128-perm,ls1024-perm,incast8,incast32,rccc,reps-uet,reps-k8
fabric_sim=${FABRIC_LB_SIM:-$root/build/fabric-lb-sim}

# shellcheck source=SCRIPTDIR/peer-args.sh
source "$(dirname "$0")/peer-args.sh"
peer_args uet-sim,uet-dir,out,runs,cases "$@"

for case_name in ${cases//,/ }; do
  case $case_name in
    ft128-perm | ls1024-perm | incast8 | incast32 | rccc | reps-uet) ;;
    reps-k8) continue ;;
    *) die "--cases: unknown case '$case_name' (ft128-perm, ls1024-perm, incast8, incast32, rccc, reps-uet, reps-k8)" ;;
  esac
  need_uet=1
done
[ -x "$fabric_sim" ] || die "$fabric_sim: not an executable (FABRIC_LB_SIM=PATH names one)"
if [ -n "${need_uet:-}" ]; then
  [ -n "$uet_sim" ] || die "--uet-sim PATH (uet-htsim's htsim_uec) is required"
  [ -n "$uet_dir" ] || die "--uet-dir DIR (uet-htsim's sim/datacenter) is required"
  [ -x "$uet_sim" ] || die "--uet-sim $uet_sim: not an executable"
  uet_sim=$(cd "$(dirname "$uet_sim")" && pwd)/$(basename "$uet_sim")
  [ -d "$uet_dir" ] || die "--uet-dir $uet_dir: no such directory"
  uet_dir=$(cd "$uet_dir" && pwd)
  for file in topologies/fat_tree_128_1os.topo topologies/leaf_spine_1024.topo \
    connection_matrices/perm_128n_128c_2MB.cm connection_matrices/perm_1024n_1024c_0u_2000000b.cm; do
    [ -s "$uet_dir/$file" ] || die "--uet-dir $uet_dir: no $file"
  done
fi

mkdir -p "$out/flows" "$out/matrices"
out=$(cd "$out" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
header="simulator,case,lb,rccc,seed,flows,mean_us,p99_us,max_us,retransmissions,trimmed,dropped,timeouts,wall_s"
[ -s "$out/runs.csv" ] || echo "$header" >"$out/runs.csv"
[ "$(head -1 "$out/runs.csv")" = "$header" ] || die "$out/runs.csv: not this script's (its header differs)"
made=0 # runs made by this invocation, for versions.txt

# The incasts: uet-htsim's gen_incast.py NODES SENDERS 2000000 0 SEED 1 (prefer_remote: the
# senders are hosts NODES/2 on, in order, every start 0 whatever the seed).
incast_matrix() {
  awk -v senders="$1" 'BEGIN {
    printf "Nodes 128\nConnections %d\n", senders
    for (n = 0; n < senders; ++n)
      printf "%d->0 id %d start 0 size 2000000\n", 64 + n, n + 1
  }' >"$out/matrices/incast_128n_${1}c_2000000b.cm"
}
incast_matrix 8
incast_matrix 32

# The aligned flags: uet-htsim's frames, queue (one BDP, 43 frames, plus room for trimmed
# headers) and ECN marking (0.2 to 0.8 BDP, probability 1).
aligned=(--ns3::FatTreeHelper::PayloadBytes=4088 --ns3::FatTreeHelper::GapBytes=0
  --ns3::FabricPortDevice::RedMaxProbability=1)
fat_tree=(--k=8 --linkRate=100Gbps --linkDelay=1us --bufferBytes=181424
  --ns3::FabricPortDevice::RedMinBytes=37350 --ns3::FabricPortDevice::RedMaxBytes=145250)
leaf_spine=(--topology=leaf-spine --leaves=32 --spines=32 --hostsPerLeaf=32 --linkRate=100Gbps
  --linkDelay=1us --bufferBytes=123324
  --ns3::FabricPortDevice::RedMinBytes=24900 --ns3::FabricPortDevice::RedMaxBytes=99600)

# case_files CASE: sets topo, matrix (absolute paths) and fabric (the fabric's flags).
case_files() {
  topo=$uet_dir/topologies/fat_tree_128_1os.topo
  fabric=("${fat_tree[@]}")
  case $1 in
    ft128-perm) matrix=$uet_dir/connection_matrices/perm_128n_128c_2MB.cm ;;
    ls1024-perm)
      topo=$uet_dir/topologies/leaf_spine_1024.topo
      matrix=$uet_dir/connection_matrices/perm_1024n_1024c_0u_2000000b.cm
      fabric=("${leaf_spine[@]}")
      ;;
    incast8) matrix=$out/matrices/incast_128n_8c_2000000b.cm ;;
    incast32) matrix=$out/matrices/incast_128n_32c_2000000b.cm ;;
  esac
  if awk 'NR > 2 && $4 == "start" && $5 != 0 { bad = 1 } END { exit !bad }' "$matrix"; then
    die "$matrix: a flow starts after 0 (completion times are read as finish times)"
  fi
}

# flow_stats FILE: the flows' count, mean, p99 (nearest rank) and max of FILE's fct_us
# (its last column), comma-separated.
flow_stats() {
  awk -F, 'NR > 1 { print $NF }' "$1" | sort -g | awk '
    { v[NR] = $1; sum += $1 }
    END {
      if (NR == 0) exit 1
      rank = int(0.99 * NR); if (rank < 0.99 * NR) ++rank
      printf "%d,%.3f,%.3f,%.3f", NR, sum / NR, v[rank], v[NR]
    }'
}

have_row() {
  grep -q "^$1,$2,$3,$4,$5," "$out/runs.csv"
}

# run_uet CASE LB RCCC SEED
run_uet() {
  local name=$1 lb=$2 rccc=$3 seed=$4 flows log start end extra=()
  have_row uet-htsim "$name" "$lb" "$rccc" "$seed" && return 0
  case_files "$name"
  [ "$rccc" = on ] && extra=(-receiver_cc)
  flows=$out/flows/uet-htsim-$name-$lb-rccc-$rccc-$seed.csv
  log=$scratch/uet.log
  start=$(date +%s.%N)
  # uet-htsim writes logout.dat where it runs: in the scratch directory.
  if ! (cd "$scratch" && "$uet_sim" -topo "$topo" -tm "$matrix" -sender_cc_algo nscc \
    -load_balancing_algo "$lb" -paths 8192 -seed "$seed" -end 10000 "${extra[@]}" >"$log" 2>&1); then
    die "uet-htsim failed on $name $lb rccc=$rccc seed $seed: $(tail -1 "$log")"
  fi
  end=$(date +%s.%N)
  {
    echo "flow,source,destination,fct_us"
    awk '$1 == "Flow" && $7 == "finished" && $8 == "at" {
      split($2, name, "_"); print $4 "," name[2] "," name[3] "," $9 }' "$log"
  } >"$flows"
  local expected
  expected=$(awk 'NR == 2 { print $2 }' "$matrix")
  [ "$(($(wc -l <"$flows") - 1))" = "$expected" ] ||
    die "uet-htsim on $name $lb rccc=$rccc seed $seed: $(($(wc -l <"$flows") - 1)) of $expected flows finished"
  local rtx nacks
  rtx=$(awk '$1 == "New:" { print $4 }' "$log")
  nacks=$(awk '$1 == "New:" { for (i = 1; i < NF; ++i) if ($i == "NACKs:") print $(i + 1) }' "$log")
  echo "uet-htsim,$name,$lb,$rccc,$seed,$(flow_stats "$flows"),$rtx,$nacks,,,$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')" >>"$out/runs.csv"
  made=$((made + 1))
}

# run_fabric CASE LB RCCC SEED
run_fabric() {
  local name=$1 lb=$2 rccc=$3 seed=$4 flows json start end extra=()
  have_row fabric-lb "$name" "$lb" "$rccc" "$seed" && return 0
  case_files "$name"
  [ "$rccc" = on ] && extra+=(--rccc)
  [ "$lb" = reps-uet ] && extra+=(--ns3::RepsUetPathPolicy::Entropies=8192)
  flows=$out/flows/fabric-lb-$name-$lb-rccc-$rccc-$seed.csv
  json=$scratch/fabric.json
  start=$(date +%s.%N)
  if ! "$fabric_sim" --workload=matrix --matrix="$matrix" --transport=uet --lb="$lb" \
    "${fabric[@]}" "${aligned[@]}" --run="$seed" "${extra[@]}" --flows="$scratch/flows.csv" \
    --out="$json" >"$scratch/fabric.log" 2>&1; then
    die "fabric-lb-sim failed on $name $lb rccc=$rccc seed $seed: $(tail -1 "$scratch/fabric.log")"
  fi
  end=$(date +%s.%N)
  # Flow completion in us beside its source and destination, in the matrix's order.
  awk -F, 'NR == 1 { print "flow,source,destination,fct_us"; next }
    { printf "%d,%s,%s,%.3f\n", NR - 1, $1, $2, $6 / 1000 }' "$scratch/flows.csv" >"$flows"
  local counts
  counts=$(python3 -c 'import json, sys
run = json.load(open(sys.argv[1]))
if run["messages_completed"] != run["messages"]:
    sys.exit("%d of %d messages completed" % (run["messages_completed"], run["messages"]))
print(",".join(str(run[f]) for f in ("retransmissions", "packets_trimmed", "packets_dropped", "timeouts")))' "$json") ||
    die "fabric-lb-sim on $name $lb rccc=$rccc seed $seed: not every flow completed"
  echo "fabric-lb,$name,$lb,$rccc,$seed,$(flow_stats "$flows"),$counts,$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')" >>"$out/runs.csv"
  made=$((made + 1))
}

# runs_of DEFAULT: --runs N, or the case's DEFAULT.
runs_of() {
  echo "${runs:-$1}"
}

wants() {
  [[ ,$cases, == *,$1,* ]]
}

for name in ft128-perm ls1024-perm incast8 incast32; do
  wants "$name" || continue
  n=$(runs_of 10)
  [ "$name" = ls1024-perm ] && n=$(runs_of 3)
  echo "$me: $name, $n runs a balancer and simulator" >&2
  for seed in $(seq 1 "$n"); do
    for lb in oblivious reps; do
      run_uet "$name" "$lb" off "$seed"
    done
    for lb in host-spray reps; do
      run_fabric "$name" "$lb" off "$seed"
    done
  done
done
if wants rccc; then
  n=$(runs_of 3)
  echo "$me: rccc, $n runs a case and simulator" >&2
  for name in ft128-perm incast8 incast32; do
    for seed in $(seq 1 "$n"); do
      run_uet "$name" oblivious on "$seed"
      run_fabric "$name" host-spray on "$seed"
    done
  done
fi
if wants reps-uet; then
  n=$(runs_of 3)
  echo "$me: reps-uet, $n runs a case" >&2
  for name in ft128-perm incast32; do
    for seed in $(seq 1 "$n"); do
      run_uet "$name" reps off "$seed"
      run_fabric "$name" reps-uet off "$seed"
    done
  done
fi

# reps-k8: fabric-lb's two REPS on its own k=8 fat tree; each run's JSON, with its variant, a
# line of reps-k8/results.jsonl.
run_reps_k8() {
  local variant=$1 lb=$2 workload=$3 seed=$4 jsonl=$out/reps-k8/results.jsonl extra=()
  local size=1048576
  [ "$workload" = all-to-all ] && size=262144
  if [ -s "$jsonl" ] && python3 -c 'import json, sys
want = dict(variant=sys.argv[2], scheme=sys.argv[3], workload=sys.argv[4], run=int(sys.argv[5]))
sys.exit(not any(all(json.loads(line).get(k) == v for k, v in want.items()) for line in open(sys.argv[1])))' \
    "$jsonl" "$variant" "$lb" "$workload" "$seed"; then
    return 0
  fi
  case $variant in
    buffer-100k) extra=(--bufferBytes=100000) ;;
    buffer-100k-aligned)
      extra=(--bufferBytes=100000 --ns3::RepsUetPathPolicy::Entropies=64512
        --ns3::FabricPortDevice::RedMinBytes=10000 --ns3::FabricPortDevice::RedMaxBytes=10000
        --ns3::FabricPortDevice::RedMaxProbability=1)
      ;;
  esac
  mkdir -p "$out/reps-k8"
  if ! "$fabric_sim" --k=8 --workload="$workload" --msgBytes=$size --transport=uet --lb="$lb" \
    --run="$seed" "${extra[@]}" --out="$scratch/reps.json" >"$scratch/reps.log" 2>&1; then
    die "fabric-lb-sim failed on reps-k8 $variant $lb $workload run $seed: $(tail -1 "$scratch/reps.log")"
  fi
  python3 -c 'import json, sys
run = json.load(open(sys.argv[1]))
print(json.dumps(dict(variant=sys.argv[2], **run), sort_keys=True))' "$scratch/reps.json" "$variant" >>"$jsonl"
  made=$((made + 1))
}
if wants reps-k8; then
  n=$(runs_of 3)
  echo "$me: reps-k8, $n runs a variant, scheme and workload" >&2
  for workload in permutation all-to-all; do
    for seed in $(seq 1 "$n"); do
      run_reps_k8 buffer-800k reps-uet "$workload" "$seed"
      run_reps_k8 buffer-100k reps "$workload" "$seed"
      run_reps_k8 buffer-100k reps-uet "$workload" "$seed"
      run_reps_k8 buffer-100k-aligned reps-uet "$workload" "$seed"
    done
  done
fi

if [ "$made" -gt 0 ]; then
  uet_version=
  if [ -n "${need_uet:-}" ]; then
    uet_version="; uet-htsim $uet_sim ($(git -C "$uet_dir" rev-parse --short HEAD 2>/dev/null || echo 'not a git tree'))"
  fi
  echo "$(date -u +%Y-%m-%dT%H:%MZ): $made runs$uet_version; fabric-lb $fabric_sim ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git tree'))" >>"$out/versions.txt"
fi

# The summary: each pair of balancers over the seeds both simulators ran.
awk -F, '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    key = $col["simulator"] SUBSEP $col["case"] SUBSEP $col["lb"] SUBSEP $col["rccc"] SUBSEP $col["seed"]
    row[key] = $0
    if (!(($col["case"], $col["rccc"]) in seen)) {
      seen[$col["case"], $col["rccc"]] = 1
      order[++groups] = $col["case"] SUBSEP $col["rccc"]
    }
    if ($col["seed"] > maxseed) maxseed = $col["seed"]
  }
  function field(line, name,    f) { split(line, f, ","); return f[col[name]] }
  END {
    print "case,rccc,uet_lb,fabric_lb,runs,uet_mean_us,uet_p99_us,uet_max_us,fabric_mean_us,fabric_p99_us,fabric_max_us,ratio_mean,ratio_p99,ratio_max,uet_retransmissions,fabric_retransmissions,uet_trimmed,fabric_trimmed"
    pairs = split("oblivious:host-spray reps:reps reps:reps-uet", pair, " ")
    for (g = 1; g <= groups; ++g) {
      split(order[g], cr, SUBSEP)
      for (p = 1; p <= pairs; ++p) {
        split(pair[p], lb, ":")
        n = 0
        split("uet_mean uet_p99 uet_max fab_mean fab_p99 fab_max uet_rtx fab_rtx uet_trim fab_trim", names, " ")
        for (i in names) s[names[i]] = 0
        for (seed = 1; seed <= maxseed; ++seed) {
          u = ("uet-htsim" SUBSEP cr[1] SUBSEP lb[1] SUBSEP cr[2] SUBSEP seed)
          f = ("fabric-lb" SUBSEP cr[1] SUBSEP lb[2] SUBSEP cr[2] SUBSEP seed)
          if (!(u in row) || !(f in row)) continue
          ++n
          s["uet_mean"] += field(row[u], "mean_us"); s["fab_mean"] += field(row[f], "mean_us")
          s["uet_p99"] += field(row[u], "p99_us"); s["fab_p99"] += field(row[f], "p99_us")
          s["uet_max"] += field(row[u], "max_us"); s["fab_max"] += field(row[f], "max_us")
          s["uet_rtx"] += field(row[u], "retransmissions"); s["fab_rtx"] += field(row[f], "retransmissions")
          s["uet_trim"] += field(row[u], "trimmed"); s["fab_trim"] += field(row[f], "trimmed")
        }
        if (n == 0) continue
        for (i in names) s[names[i]] /= n
        printf "%s,%s,%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.6f,%.6f,%.6f,%.2f,%.2f,%.2f,%.2f\n",
          cr[1], cr[2], lb[1], lb[2], n, s["uet_mean"], s["uet_p99"], s["uet_max"],
          s["fab_mean"], s["fab_p99"], s["fab_max"],
          s["fab_mean"] / s["uet_mean"], s["fab_p99"] / s["uet_p99"], s["fab_max"] / s["uet_max"],
          s["uet_rtx"], s["fab_rtx"], s["uet_trim"], s["fab_trim"]
      }
    }
  }' "$out/runs.csv" >"$out/summary.csv"
echo "$me: $(($(wc -l <"$out/runs.csv") - 1)) runs in $out/runs.csv; summary in $out/summary.csv" >&2
