#!/usr/bin/env bash
# CTest test of examples/fig11-optimum.sh on results files of its own: the mean CCT of each
# payload over the runs of several files, the parabola's vertex in log2(payload) through the
# fastest and its neighbours, "at-least" and "at-most" where the fastest is an end, rows of
# another varied flag ignored; and bad arguments refused in one line, exit 2.
# Usage: test/figures/fig11-optimum-test.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
script=$root/examples/fig11-optimum.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "fig11-optimum-test: $*" >&2
  exit 1
}

header="scheme,workload,msg_bytes,run,cct_ns,vary_flag,vary_value"
flag=ns3::FatTreeHelper::PayloadBytes
# ofan: mean CCTs 12, 10, 11 at 1, 2, 4 KiB (run 2 of 2 KiB in the second file): the vertex is
# 2 + (12 - 11) / (2 (12 - 20 + 11)) = 2 + 1/6 log2 steps above 2048, 2048 * 2^(1/6) = 2299.
# rr: fastest at the largest payload; reps: at the smallest.
cat >"$work/a.csv" <<CSV
$header
ofan,permutation,1048576,1,12000,$flag,1024
ofan,permutation,1048576,1,9000,$flag,2048
ofan,permutation,1048576,1,11000,$flag,4096
rr,permutation,1048576,1,30,$flag,1024
rr,permutation,1048576,1,20,$flag,2048
rr,permutation,1048576,1,10,$flag,4096
ofan,permutation,1048576,1,1,ns3::Other::Flag,2048
CSV
cat >"$work/b.csv" <<CSV
$header
ofan,permutation,1048576,2,11000,$flag,2048
reps,permutation,524288,1,5,$flag,1024
reps,permutation,524288,1,6,$flag,2048
CSV
"$script" --out "$work/out/optimum.csv" "$work/a.csv" "$work/b.csv" >/dev/null
expected="workload,scheme,msg_bytes,payloads,fastest_payload_bytes,optimum_bytes,optimum_kind
permutation,ofan,1048576,3,2048,2299,fit
permutation,rr,1048576,3,4096,4096,at-least
permutation,reps,524288,2,1024,1024,at-most"
[ "$(cat "$work/out/optimum.csv")" = "$expected" ] ||
  fail "optimum.csv is $(cat "$work/out/optimum.csv")"

refused() { # refused EXPECTED-TEXT ARGS...: one line on stderr containing it, exit 2
  local text=$1 status=0
  shift
  "$script" "$@" >/dev/null 2>"$work/err" || status=$?
  [ "$status" = 2 ] || fail "$* exits $status, not 2"
  if [ "$(wc -l <"$work/err")" != 1 ] || ! grep -qF "$text" "$work/err"; then
    fail "$*: $(cat "$work/err")"
  fi
}
refused "give --out FILE" "$work/a.csv"
refused "give --out FILE" --out "$work/x.csv"
refused "cannot read '$work/none.csv'" --out "$work/x.csv" "$work/none.csv"
refused "unknown flag '--bogus'" --bogus
echo "scheme,cct_ns" >"$work/bad.csv"
refused "has no vary_flag or cct_ns column" --out "$work/x.csv" "$work/bad.csv"
if [ -e "$work/x.csv" ] || [ -e "$work/x.csv.tmp" ]; then fail "a refused run left a file"; fi
echo "fig11-optimum-test: ok"
