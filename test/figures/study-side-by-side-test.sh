#!/usr/bin/env bash
# CTest test of examples/study-side-by-side.sh without the study's simulator: a stand-in for
# the seeded htsim_consterase_drb (its flow log, -of FILE, a row per flow of the matrix it is
# given: completion (100 + flow id + seed) us in ps, 10 packets sent, more without -lossless)
# beside fabric-lb-sim of BUILD_DIR, on the k8 case's 64 KiB permutation and the ecmp case,
# one run. Checks the stand-in's flags (the scheme's, -lossless, -seed), runs.csv's rows and
# the stand-in's numbers read back, summary.csv's means, differences and tails, that a second
# invocation runs nothing again, and that bad arguments are one error line, exit 2.
# Usage: test/figures/study-side-by-side-test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "study-side-by-side-test: $*" >&2
  exit 1
}

cat >"$work/htsim_consterase_drb" <<'STUB'
#!/usr/bin/env bash
set -euo pipefail
echo "$*" >>"${0%/*}/calls"
sent=10
while [ $# -gt 0 ]; do
  case $1 in
    -tm) tm=$2; shift ;;
    -seed) seed=$2; shift ;;
    -of) log=$2; shift ;;
    -lossless) sent=9 ;;
  esac
  shift
done
awk -v seed="$seed" -v sent="$sent" 'BEGIN { print "Flow ID,Completion Time,ReceivedBytes,PacketsSent" }
  NR > 2 { printf "%s,%d,65536,%d\n", $1, (100 + $3 + seed) * 1000000, sent }' "$tm" >"$log"
STUB
chmod +x "$work/htsim_consterase_drb"

script=$root/examples/study-side-by-side.sh
run() {
  FABRIC_LB_SIM=$build/fabric-lb-sim "$script" --study-sim "$work/htsim_consterase_drb" \
    --out "$work/out" --runs 1 --cases k8,ecmp --shapes perm-64k,perm-1m 2>"$work/stderr"
}
run || fail "the script failed: $(cat "$work/stderr")"
runs=$work/out/runs.csv
# k8: perm-64k (6 schemes x 2 recoveries + 6 stand-in runs), perm-1m (the same, and reps-mark50
# x 2); ecmp: 1 + 1.
rows=$(($(wc -l <"$runs") - 1))
[ "$rows" = 40 ] || fail "runs.csv has $rows rows, not 40"
# A permutation of 128 flows: the last completes at 100 + 128 + seed 1 us, 128 x 9 packets.
grep -q '^study,k8,rr,lossless,perm-64k,1,1,229.000,1152,,,' "$runs" ||
  fail "the stand-in's permutation not read back: $(grep '^study,k8,rr' "$runs")"
grep -q '^study,ecmp,ecmp,lossy,perm-1m,1,1,229.000,1280,,,' "$runs" ||
  fail "the stand-in's lossy run not read back: $(grep '^study,ecmp' "$runs")"
for scheme in "rr -strat rr" "reps -strat ecmp -hostlb sprayad" "host-dr -strat ecmp -hostlb drb" \
  "ofan -strat llss" "switch-ar -strat pkt_ar" "host-spray -strat ecmp -hostlb spray"; do
  grep -q -- "-nodes 128 -linkspeed 800000 -lat 0.5 -q 191 -mtu 4178 -k 0 -ratecoef 1 -end 0 -lossless ${scheme#* } -tm .* -seed 1 " "$work/calls" ||
    fail "the stand-in was not run with the doc's flags for ${scheme%% *}"
done
grep -q -- "-end 0 -strat ecmp -tm " "$work/calls" || fail "ecmp's stand-in run not without -lossless"
for scheme in ofan host-dr rr switch-ar host-spray reps; do
  for recovery in ideal study-erasure; do
    grep -q "^fabric-lb,k8,$scheme,$recovery,perm-64k,1,,[0-9.]*,[0-9]*,0," "$runs" ||
      fail "no fabric-lb $scheme $recovery row"
  done
done
grep -q '^fabric-lb,k8,reps-mark50,study-erasure,perm-1m,1,,' "$runs" || fail "no reps-mark50 row"
grep -q '^fabric-lb,ecmp,ecmp,study-erasure-lossy,perm-1m,1,,[0-9.]*,[0-9]*,[1-9]' "$runs" ||
  fail "the lossy ecmp run drops nothing: $(grep '^fabric-lb,ecmp' "$runs")"

summary=$work/out/summary.csv
rows=$(($(wc -l <"$summary") - 1))
[ "$rows" = 27 ] || fail "summary.csv has $rows rows, not 27 (k8: 12 of perm-64k, 14 of perm-1m; ecmp: 1)"
python3 - "$runs" "$summary" <<'PY' || fail "summary.csv does not follow from runs.csv"
import csv, sys
runs = list(csv.DictReader(open(sys.argv[1])))
def cct(sim, scheme, recovery, shape="perm-64k"):
    return next(float(r["cct_us"]) for r in runs if r["simulator"] == sim and r["scheme"] == scheme
                and r["recovery"] == recovery and r["shape"] == shape)
for row in csv.DictReader(open(sys.argv[2])):
    scheme, recovery, shape = row["scheme"], row["recovery"], row["shape"]
    ours = cct("fabric-lb", scheme, recovery, shape)
    theirs = cct("study", "reps" if scheme == "reps-mark50" else scheme,
                 "lossy" if row["case"] == "ecmp" else "lossless", shape)
    assert abs(float(row["fabric_mean_us"]) - ours) < 1e-3, row
    assert abs(float(row["study_mean_us"]) - theirs) < 1e-3, row
    assert abs(float(row["diff_pct"]) - 100 * (ours / theirs - 1)) < 1e-3, row
    assert row["fabric_se_us"] == "" and row["diff_se_pct"] == "", row  # one run: no error
    if recovery == "study-erasure":
        tail = (cct("fabric-lb", scheme, "ideal", shape) - ours) * 1000 / 41.78
        assert abs(float(row["tail_slots"]) - tail) < 0.01, row
    else:
        assert row["tail_slots"] == "", row
PY

# Resumed: nothing runs again.
calls=$(wc -l <"$work/calls")
cp "$runs" "$work/runs-before.csv"
run || fail "the second invocation failed: $(cat "$work/stderr")"
[ "$(wc -l <"$work/calls")" = "$calls" ] || fail "the second invocation ran the study's simulator again"
cmp -s "$runs" "$work/runs-before.csv" || fail "the second invocation changed runs.csv"

# Bad arguments: one error line, exit 2.
stub=$work/htsim_consterase_drb
for args in "--cases k8" "--study-sim $stub --cases nope" "--study-sim $stub --shapes k5" \
  "--study-sim $work/nowhere" "--study-sim $stub --runs 0" "--study-sim"; do
  status=0
  # shellcheck disable=SC2086 # the arguments split on purpose
  FABRIC_LB_SIM=$build/fabric-lb-sim "$script" $args --out "$work/bad" >/dev/null 2>"$work/stderr" || status=$?
  [ "$status" = 2 ] || fail "'$args': exit $status, not 2"
  [ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$args': not one error line: $(cat "$work/stderr")"
done
echo "study-side-by-side-test: passed"
