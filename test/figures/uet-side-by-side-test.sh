#!/usr/bin/env bash
# CTest test of examples/uet-side-by-side.sh without uet-htsim: a stand-in for htsim_uec
# (printing its "Flow ... finished at T" lines and its "New: ... Rtx: ... NACKs: ..." line
# for every flow of the matrix it is given, T = 100 + flow id + seed) and a stand-in
# uet-htsim directory (a 128-host permutation of 64 KiB under uet-htsim's file name) beside
# fabric-lb-sim of BUILD_DIR. Checks runs.csv's rows and the stand-in's numbers read back
# (mean, nearest-rank p99, max, retransmissions, trims), summary.csv's pairs and ratios, that
# a second invocation runs nothing again, and that bad arguments are one error line, exit 2.
# Usage: test/figures/uet-side-by-side-test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "uet-side-by-side-test: $*" >&2
  exit 1
}

mkdir -p "$work/uet/topologies" "$work/uet/connection_matrices"
for file in topologies/fat_tree_128_1os.topo topologies/leaf_spine_1024.topo \
  connection_matrices/perm_1024n_1024c_0u_2000000b.cm; do
  echo "stand-in" >"$work/uet/$file"
done
awk 'BEGIN {
  print "Nodes 128"; print "Connections 128"
  for (i = 0; i < 128; ++i) printf "%d->%d id %d start 0 size 65536\n", i, (i + 1) % 128, i + 1
}' >"$work/uet/connection_matrices/perm_128n_128c_2MB.cm"
cat >"$work/htsim_uec" <<'STUB'
#!/usr/bin/env bash
set -euo pipefail
echo "$*" >>"${0%/*}/calls"
while [ $# -gt 0 ]; do
  case $1 in
    -tm) tm=$2; shift ;;
    -seed) seed=$2; shift ;;
  esac
  shift
done
awk -v seed="$seed" 'NR > 2 { split($1, ends, "->")
  printf "Flow Uec_%s_%s flowId %d uecSrc %d finished at %d total messages 1\n", ends[1], ends[2], $3, $3 - 1, 100 + $3 + seed
}' "$tm"
echo "New: 100 Rtx: 2 RTS: 0 Bounced: 0 ACKs: 50 NACKs: 2 Pulls: 0 sleek_pkts: 0"
STUB
chmod +x "$work/htsim_uec"

script=$root/examples/uet-side-by-side.sh
run() {
  FABRIC_LB_SIM=$build/fabric-lb-sim "$script" --uet-sim "$work/htsim_uec" --uet-dir "$work/uet" \
    --out "$work/out" --runs 1 --cases ft128-perm,incast8 2>"$work/stderr"
}
run || fail "the script failed: $(cat "$work/stderr")"
runs=$work/out/runs.csv
[ "$(($(wc -l <"$runs") - 1))" = 8 ] || fail "runs.csv has $(($(wc -l <"$runs") - 1)) rows, not 8 (2 cases x 4)"
grep -q '^uet-htsim,ft128-perm,oblivious,off,1,128,165.500,228.000,229.000,2,2,,,' "$runs" ||
  fail "the stand-in's permutation not read back: $(grep '^uet-htsim,ft128-perm,oblivious' "$runs")"
grep -q '^uet-htsim,incast8,reps,off,1,8,105.500,109.000,109.000,2,2,,,' "$runs" ||
  fail "the stand-in's incast not read back: $(grep '^uet-htsim,incast8,reps' "$runs")"
grep -q '^64->0 id 1 start 0 size 2000000$' "$work/out/matrices/incast_128n_8c_2000000b.cm" ||
  fail "the 8-to-1 incast's matrix is not gen_incast.py's"
for lb in host-spray reps; do
  grep -q "^fabric-lb,ft128-perm,$lb,off,1,128," "$runs" || fail "no fabric-lb $lb permutation row"
  grep -q "^fabric-lb,incast8,$lb,off,1,8," "$runs" || fail "no fabric-lb $lb incast row"
done
summary=$work/out/summary.csv
[ "$(($(wc -l <"$summary") - 1))" = 4 ] || fail "summary.csv has $(($(wc -l <"$summary") - 1)) rows, not 4"
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) c[$i] = i; next }
  { want = $c["fabric_mean_us"] / $c["uet_mean_us"]
    if ($c["runs"] != 1 || (want - $c["ratio_mean"]) ^ 2 > 1e-10) bad = 1 }
  END { exit bad }' "$summary" || fail "summary.csv's ratios are not fabric-lb's over uet-htsim's"

# Resumed: nothing runs again.
calls=$(wc -l <"$work/calls")
cp "$runs" "$work/runs-before.csv"
run || fail "the second invocation failed: $(cat "$work/stderr")"
[ "$(wc -l <"$work/calls")" = "$calls" ] || fail "the second invocation ran uet-htsim again"
cmp -s "$runs" "$work/runs-before.csv" || fail "the second invocation changed runs.csv"

# Bad arguments: one error line, exit 2.
for args in "--uet-dir $work/uet" "--uet-sim $work/htsim_uec --uet-dir $work/uet --cases nope" \
  "--uet-sim $work/htsim_uec --uet-dir $work/nowhere" "--uet-sim $work/htsim_uec --uet-dir $work/uet --runs 0"; do
  status=0
  # shellcheck disable=SC2086 # the arguments split on purpose
  FABRIC_LB_SIM=$build/fabric-lb-sim "$script" $args --out "$work/bad" >/dev/null 2>"$work/stderr" || status=$?
  [ "$status" = 2 ] || fail "'$args': exit $status, not 2"
  [ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$args': not one error line: $(cat "$work/stderr")"
done
echo "uet-side-by-side-test: passed"
