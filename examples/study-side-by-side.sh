#!/usr/bin/env bash
# fabric-lb beside the study's simulator (doc/results.md, "The study's simulator, side by
# side"; issues 26, 43 and 46): runs an htsim_consterase_drb the user built
# (smcclure20/csg-htsim; none of its code is part of this project) and fabric-lb-sim
# --wire=study on the same traffic, one process at a time, with the doc's commands:
#   fabric-lb  --wire=study --lb=S --run=R [--recovery=study-erasure], and its traffic
#              written as a connection matrix with --dump-matrix (one a shape and run)
#   study's    htsim_consterase_drb -nodes N -linkspeed 800000 -lat 0.5 -q 191 -mtu 4178 -k 0
#              -ratecoef 1 -end 0 -lossless -strat ... [-hostlb ...] -tm MATRIX -seed K
# The study's simulator must be a copy with two measuring changes (upstream seeds from the
# clock and reports each flow's completion less its random start): a -seed N flag, and each
# flow's absolute completion time in its flow log. Its CCT is the last flow's completion in
# the log (-of FILE; ps), its packets sent the log's PacketsSent summed; it reports no drops.
# Schemes and the study's flags (bench/side-by-side.sh's map): ofan -strat llss, host-dr
# -strat ecmp -hostlb drb, rr -strat rr, switch-ar -strat pkt_ar, host-spray -strat ecmp
# -hostlb spray, reps -strat ecmp -hostlb sprayad, ecmp -strat ecmp.
# Cases (--cases, comma-separated; default all, in this order):
#   k8      the cross-check: k=8, ofan, host-dr, rr, switch-ar, host-spray, reps; permutations
#           of 64 KiB, 256 KiB, 1 MiB and 4 MiB (shapes perm-64k ... perm-4m) with ideal
#           erasure and --recovery=study-erasure, runs 1-3, the study's simulator on each
#           run's matrix at seeds 1-3; the all-to-all of 256 KiB (a2a-256k) with ideal
#           erasure, runs 1-3, the study's seed 1 on run 1's matrix; and reps-mark50, fabric-lb
#           alone: reps with a 4 MB buffer (its 10% marking at 50% of the 800 KB one: the
#           study's simulator's threshold; nothing drops) at 1 and 4 MiB
#   ecmp    ecmp, k=8 permutation of 1 MiB: --recovery=study-erasure
#           --ns3::RoceStudyErasureRecovery::Lossless=false (recovery study-erasure-lossy),
#           runs 1-3; the study's simulator without -lossless (recovery lossy), seeds 1-3 on
#           each run's matrix
#   shapes  rr, switch-ar, host-spray, reps with ideal erasure and study-erasure on 12 shapes
#           (1 MiB, k=8, 800 Gb/s, 0.5 us but for what the name says): k4, k6, k8, k12,
#           100g, 100g-1us, 200g, 400g, 256k, 4m, 16m, payload-2048 (-mtu 2130 -q 375);
#           runs 1-n, the study's simulator at seed K on run K's matrix; n = 10 (k12 and 4m 5,
#           16m 3, the rates and payload-2048 8)
# Writes in --out (default results/study-side-by-side):
#   runs.csv     one row a simulator (fabric-lb, study), case, scheme, recovery, shape, run
#                (the matrix's) and seed (the study's; empty for fabric-lb): CCT in us (the last
#                flow's completion), packets sent, dropped and max queue in packets
#                (fabric-lb's), wall time in s
#   summary.csv  per case, shape, scheme and fabric-lb recovery: each side's runs, mean CCT
#                and standard error (sd / sqrt(n)); diff_pct, fabric-lb's mean over the
#                study's less 1, in %, and its standard error (the ratio's, from the two
#                relative errors); mean packets sent, drops and max queue; and for
#                study-erasure, tail_slots: fabric-lb's ideal-erasure mean CCT less its
#                study-erasure one (the same runs), in slots of a data packet and an ACK
#   versions.txt a line for each invocation that ran something: date, runs, both simulators
# Rows already in runs.csv are kept and not run again (a partial run resumes).
# Usage: examples/study-side-by-side.sh --study-sim PATH [--out DIR] [--runs N (every
#        shape's runs and seeds, in place of its own)] [--cases LIST] [--shapes LIST (only
#        these shapes, in every case)]
#   FABRIC_LB_SIM=PATH runs that fabric-lb-sim (default build/'s).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me=$(basename "$0")
study_sim=
out=$root/results/study-side-by-side
runs=
cases=k8,ecmp,shapes
shapes=
fabric_sim=${FABRIC_LB_SIM:-$root/build/fabric-lb-sim}

# shellcheck source=SCRIPTDIR/peer-args.sh
source "$(dirname "$0")/peer-args.sh"
peer_args study-sim,out,runs,cases,shapes "$@"

for case_name in ${cases//,/ }; do
  case $case_name in
    k8 | ecmp | shapes) ;;
    *) die "--cases: unknown case '$case_name' (k8, ecmp, shapes)" ;;
  esac
done
all_shapes="perm-64k perm-256k perm-1m perm-4m a2a-256k k4 k6 k8 k12 100g 100g-1us 200g 400g 256k 4m 16m payload-2048"
for shape in ${shapes//,/ }; do
  [[ " $all_shapes " == *" $shape "* ]] || die "--shapes: unknown shape '$shape' (${all_shapes// /, })"
done
[ -n "$study_sim" ] || die "--study-sim PATH (the study's htsim_consterase_drb, with -seed) is required"
[ -x "$study_sim" ] || die "--study-sim $study_sim: not an executable"
study_sim=$(cd "$(dirname "$study_sim")" && pwd)/$(basename "$study_sim")
[ -x "$fabric_sim" ] || die "$fabric_sim: not an executable (FABRIC_LB_SIM=PATH names one)"

mkdir -p "$out"
out=$(cd "$out" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/matrices"
header="simulator,case,scheme,recovery,shape,run,seed,cct_us,packets_sent,dropped,max_queue_pkts,wall_s"
[ -s "$out/runs.csv" ] || echo "$header" >"$out/runs.csv"
[ "$(head -1 "$out/runs.csv")" = "$header" ] || die "$out/runs.csv: not this script's (its header differs)"
made=0 # runs made by this invocation, for versions.txt

# shape_of SHAPE: sets fabric (fabric-lb's flags), study (the study's flags but -lossless and
# the scheme's), slot_ns (a data packet and an ACK at the link rate) and shape_runs.
shape_of() {
  local k=8 workload=permutation bytes=1048576 rate=800 delay=0.5 mtu=4178 slots=191
  local payload=()
  shape_runs=10
  case $1 in
    perm-64k) bytes=65536 shape_runs=3 ;;
    perm-256k) bytes=262144 shape_runs=3 ;;
    perm-1m) shape_runs=3 ;;
    perm-4m) bytes=4194304 shape_runs=3 ;;
    a2a-256k) workload=all-to-all bytes=262144 shape_runs=3 ;;
    k4) k=4 ;;
    k6) k=6 ;;
    k8) ;;
    k12) k=12 shape_runs=5 ;;
    100g) rate=100 shape_runs=8 ;;
    100g-1us) rate=100 delay=1 shape_runs=8 ;;
    200g) rate=200 shape_runs=8 ;;
    400g) rate=400 shape_runs=8 ;;
    256k) bytes=262144 ;;
    4m) bytes=4194304 shape_runs=5 ;;
    16m) bytes=16777216 shape_runs=3 ;;
    payload-2048) payload=(--ns3::FatTreeHelper::PayloadBytes=2048) mtu=2130 slots=375 shape_runs=8 ;;
    *) die "internal: unknown shape $1" ;;
  esac
  shape_runs=${runs:-$shape_runs}
  fabric=(--k="$k" --workload="$workload" --msgBytes="$bytes" --wire=study
    --linkRate="${rate}Gbps" --linkDelay="${delay}us" "${payload[@]}")
  study=(-nodes $((k * k * k / 4)) -linkspeed $((rate * 1000)) -lat "$delay" -q "$slots"
    -mtu "$mtu" -k 0 -ratecoef 1 -end 0)
  slot_ns=$(awk -v b="$mtu" -v r="$rate" 'BEGIN { printf "%.6f", b * 8 / r }')
}

# study_flags SCHEME: the study's simulator's flags for a fabric-lb scheme.
study_flags() {
  case $1 in
    ofan) scheme_flags=(-strat llss) ;;
    host-dr) scheme_flags=(-strat ecmp -hostlb drb) ;;
    rr) scheme_flags=(-strat rr) ;;
    switch-ar) scheme_flags=(-strat pkt_ar) ;;
    host-spray) scheme_flags=(-strat ecmp -hostlb spray) ;;
    reps) scheme_flags=(-strat ecmp -hostlb sprayad) ;;
    ecmp) scheme_flags=(-strat ecmp) ;;
    *) die "internal: no study equivalent of $1" ;;
  esac
}

have_row() {
  grep -q "^$1,$2,$3,$4,$5,$6,$7," "$out/runs.csv"
}

elapsed() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'
}

# matrix_of SHAPE RUN: fabric-lb's traffic of that shape and run as a connection matrix
# (written once an invocation).
matrix_of() {
  matrix=$scratch/matrices/$1-$2.cm
  [ -s "$matrix" ] && return 0
  shape_of "$1"
  "$fabric_sim" "${fabric[@]}" --run="$2" --dump-matrix="$matrix" >"$scratch/dump.log" 2>&1 ||
    die "fabric-lb-sim --dump-matrix failed on $1 run $2: $(tail -1 "$scratch/dump.log")"
}

# run_fabric CASE SCHEME RECOVERY SHAPE RUN
run_fabric() {
  local name=$1 scheme=$2 recovery=$3 shape=$4 run=$5 json=$scratch/fabric.json start end
  local extra=() lb=$2
  have_row fabric-lb "$name" "$scheme" "$recovery" "$shape" "$run" "" && return 0
  shape_of "$shape"
  case $recovery in
    ideal) ;;
    study-erasure) extra=(--recovery=study-erasure) ;;
    study-erasure-lossy) extra=(--recovery=study-erasure --ns3::RoceStudyErasureRecovery::Lossless=false) ;;
  esac
  if [ "$scheme" = reps-mark50 ]; then
    lb=reps
    extra+=(--bufferBytes=4000000)
  fi
  start=$(date +%s.%N)
  if ! "$fabric_sim" "${fabric[@]}" --lb="$lb" --run="$run" "${extra[@]}" --out="$json" \
    >"$scratch/fabric.log" 2>&1; then
    die "fabric-lb-sim failed on $name $scheme $recovery $shape run $run: $(tail -1 "$scratch/fabric.log")"
  fi
  end=$(date +%s.%N)
  local counts
  counts=$(python3 -c 'import json, sys
run = json.load(open(sys.argv[1]))
if run["messages_completed"] != run["messages"]:
    sys.exit("%d of %d messages completed" % (run["messages_completed"], run["messages"]))
print("%.3f,%d,%d,%.1f" % (run["cct_ns"] / 1000, run["packets_sent"], run["packets_dropped"],
                           run["max_queue_pkts"]))' "$json") ||
    die "fabric-lb-sim on $name $scheme $recovery $shape run $run: not every message completed"
  echo "fabric-lb,$name,$scheme,$recovery,$shape,$run,,$counts,$(elapsed "$start" "$end")" >>"$out/runs.csv"
  made=$((made + 1))
}

# run_study CASE SCHEME RECOVERY (lossless or lossy) SHAPE RUN SEED
run_study() {
  local name=$1 scheme=$2 recovery=$3 shape=$4 run=$5 seed=$6 flows=$scratch/study-flows.csv
  local start end lossless=()
  have_row study "$name" "$scheme" "$recovery" "$shape" "$run" "$seed" && return 0
  matrix_of "$shape" "$run"
  shape_of "$shape"
  study_flags "$scheme"
  [ "$recovery" = lossless ] && lossless=(-lossless)
  rm -f "$flows"
  start=$(date +%s.%N)
  # It writes nothing else where it runs but its flow log (-of); run it in the scratch folder.
  if ! (cd "$scratch" && "$study_sim" "${study[@]}" "${lossless[@]}" "${scheme_flags[@]}" \
    -tm "$matrix" -seed "$seed" -of "$flows" >"$scratch/study.log" 2>&1); then
    die "the study's simulator failed on $name $scheme $shape run $run seed $seed: $(tail -1 "$scratch/study.log")"
  fi
  end=$(date +%s.%N)
  grep -q "^Flow ID,Completion Time,ReceivedBytes,PacketsSent" "$flows" 2>/dev/null ||
    die "the study's simulator on $name $scheme $shape seed $seed: no flow log (is it the seeded copy?)"
  local expected counts
  expected=$(awk 'NR == 2 { print $2 }' "$matrix")
  counts=$(awk -F, -v want="$expected" 'NR > 1 {
      ++flows; sent += $4
      if ($2 == 0) ++unfinished
      if ($2 > last) last = $2
    }
    END {
      if (flows != want || unfinished) { printf "%d of %d flows finished", flows - unfinished, want; exit 1 }
      printf "%.3f,%d", last / 1e6, sent
    }' "$flows") || die "the study's simulator on $name $scheme $shape run $run seed $seed: $counts"
  echo "study,$name,$scheme,$recovery,$shape,$run,$seed,$counts,,,$(elapsed "$start" "$end")" >>"$out/runs.csv"
  made=$((made + 1))
}

wants() {
  [[ ,$cases, == *,$1,* ]]
}

# picked SHAPE: whether --shapes (if given) names it.
picked() {
  [[ -z $shapes || ,$shapes, == *,$1,* ]]
}

sprayers=(rr switch-ar host-spray reps)
if wants k8; then
  echo "$me: k8, the cross-check" >&2
  for shape in perm-64k perm-256k perm-1m perm-4m a2a-256k; do
    picked "$shape" || continue
    shape_of "$shape"
    n=$shape_runs
    for scheme in ofan host-dr "${sprayers[@]}"; do
      for run in $(seq 1 "$n"); do
        run_fabric k8 "$scheme" ideal "$shape" "$run"
        [ "$shape" = a2a-256k ] || run_fabric k8 "$scheme" study-erasure "$shape" "$run"
      done
      if [ "$shape" = a2a-256k ]; then
        run_study k8 "$scheme" lossless "$shape" 1 1
        continue
      fi
      for run in $(seq 1 "$n"); do
        for seed in $(seq 1 "$n"); do
          run_study k8 "$scheme" lossless "$shape" "$run" "$seed"
        done
      done
    done
  done
  for shape in perm-1m perm-4m; do
    picked "$shape" || continue
    shape_of "$shape"
    for run in $(seq 1 "$shape_runs"); do
      run_fabric k8 reps-mark50 ideal "$shape" "$run"
      run_fabric k8 reps-mark50 study-erasure "$shape" "$run"
    done
  done
fi
if wants ecmp && picked perm-1m; then
  echo "$me: ecmp, lossy" >&2
  shape_of perm-1m
  for run in $(seq 1 "$shape_runs"); do
    run_fabric ecmp ecmp study-erasure-lossy perm-1m "$run"
    for seed in $(seq 1 "$shape_runs"); do
      run_study ecmp ecmp lossy perm-1m "$run" "$seed"
    done
  done
fi
if wants shapes; then
  for shape in k8 k4 k6 100g 200g 400g 256k payload-2048 100g-1us k12 4m 16m; do
    picked "$shape" || continue
    shape_of "$shape"
    echo "$me: shapes, $shape, $shape_runs runs" >&2
    for run in $(seq 1 "$shape_runs"); do
      for scheme in "${sprayers[@]}"; do
        run_fabric shapes "$scheme" ideal "$shape" "$run"
        run_fabric shapes "$scheme" study-erasure "$shape" "$run"
        run_study shapes "$scheme" lossless "$shape" "$run" "$run"
      done
    done
  done
fi

if [ "$made" -gt 0 ]; then
  echo "$(date -u +%Y-%m-%dT%H:%MZ): $made runs; study's simulator $study_sim; fabric-lb $fabric_sim ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git tree'))" >>"$out/versions.txt"
fi

# The summary: each fabric-lb case, shape, scheme and recovery beside the study's simulator's
# runs of that case, shape and scheme (reps-mark50 beside its reps).
slots=$scratch/slots.csv
echo "shape,slot_ns" >"$slots"
for shape in $all_shapes; do
  shape_of "$shape"
  echo "$shape,$slot_ns" >>"$slots"
done
python3 - "$out/runs.csv" "$slots" >"$out/summary.csv" <<'PY'
import csv, math, statistics, sys

rows = list(csv.DictReader(open(sys.argv[1])))
slot_ns = {row["shape"]: float(row["slot_ns"]) for row in csv.DictReader(open(sys.argv[2]))}


def stats(values):
    """Mean and standard error (sd / sqrt(n); None for one value)."""
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else None
    return mean, se


def fmt(value, digits):
    return "" if value is None else f"{value:.{digits}f}"


groups = {}
for row in rows:
    if row["simulator"] == "fabric-lb":
        key = (row["case"], row["shape"], row["scheme"], row["recovery"])
        groups.setdefault(key, []).append(row)
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["case", "shape", "scheme", "recovery", "runs", "fabric_mean_us", "fabric_se_us",
              "study_runs", "study_mean_us", "study_se_us", "diff_pct", "diff_se_pct",
              "fabric_packets_sent", "study_packets_sent", "fabric_dropped",
              "fabric_max_queue_pkts", "tail_slots"])
for (case, shape, scheme, recovery), ours in groups.items():
    study_scheme = "reps" if scheme == "reps-mark50" else scheme
    theirs = [r for r in rows if r["simulator"] == "study" and r["case"] == case
              and r["shape"] == shape and r["scheme"] == study_scheme]
    mean, se = stats([float(r["cct_us"]) for r in ours])
    line = [case, shape, scheme, recovery, len(ours), fmt(mean, 4), fmt(se, 4)]
    if theirs:
        peer_mean, peer_se = stats([float(r["cct_us"]) for r in theirs])
        ratio = mean / peer_mean
        diff_se = None
        if se is not None and peer_se is not None:
            diff_se = 100 * ratio * math.hypot(se / mean, peer_se / peer_mean)
        line += [len(theirs), fmt(peer_mean, 4), fmt(peer_se, 4), fmt(100 * (ratio - 1), 4),
                 fmt(diff_se, 4)]
    else:
        line += [0, "", "", "", ""]
    line += [fmt(statistics.fmean(int(r["packets_sent"]) for r in ours), 1),
             fmt(statistics.fmean(int(r["packets_sent"]) for r in theirs), 1) if theirs else "",
             fmt(statistics.fmean(int(r["dropped"]) for r in ours), 1),
             fmt(statistics.fmean(float(r["max_queue_pkts"]) for r in ours), 2)]
    tail = None
    if recovery == "study-erasure":
        ideal = {r["run"]: float(r["cct_us"]) for r in groups.get((case, shape, scheme, "ideal"), [])}
        both = [r for r in ours if r["run"] in ideal]
        if both:
            tail = statistics.fmean(ideal[r["run"]] - float(r["cct_us"]) for r in both) * 1000 / slot_ns[shape]
    line.append(fmt(tail, 2))
    out.writerow(line)
PY
echo "$me: $(($(wc -l <"$out/runs.csv") - 1)) runs in $out/runs.csv; summary in $out/summary.csv" >&2
