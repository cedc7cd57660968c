#!/usr/bin/env bash
# CTest test of a figure script's --quick mode: runs examples/FIGURE.sh --quick
# on the binaries of BUILD_DIR (FABRIC_LB_BUILD: no rebuild of the tree under
# test) into a temporary directory, one simulation at a time, and checks that
# each results.csv it writes has the header and one row per scheme, size,
# --vary value and run of its quick grid, and that its figures are PNGs (the
# sweep's titled with their fabric and runs, without a raw flag). With
# WORKLOAD, runs only that half (--workload=WORKLOAD), checks that no other half
# was written, and that an unknown --workload is one error line and exit 2.
# Usage: test/figures/figure-quick-test.sh BUILD_DIR FIGURE [WORKLOAD] (e.g. fig1-schemes)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
figure=$2
workload=${3:-}

# The quick grid of each figure: CSV (under the output directory) and its rows.
case $figure in
  fig1-schemes) expected="all-to-all/results.csv:10 permutation/results.csv:10" ;;
  fig3-failures) expected="all-to-all/results.csv:9 permutation/results.csv:9" ;;
  fig4-convergence) expected="all-to-all/results.csv:35 permutation/results.csv:35" ;;
  fig5-failure-rate) expected="all-to-all/results.csv:28 permutation/results.csv:28" ;;
  fig6-queue-scaling) expected="permutation/results.csv:16 big-buffer/permutation/results.csv:4" ;;
  fig7-overload) expected="permutation/results.csv:24" ;;
  fig8-network-size) expected="all-to-all/results.csv:12 permutation/results.csv:12" ;;
  fig9-short-buffers) expected="all-to-all/results.csv:10 permutation/results.csv:10" ;;
  fig10-message-size) expected="all-to-all/results.csv:6 permutation/results.csv:12" ;;
  fig11-packet-size) expected="all-to-all/results.csv:24 permutation/results.csv:24" ;;
  fig12-sack) expected="all-to-all/results.csv:10 permutation/results.csv:10" ;;
  fig13-swift) expected="swift/permutation/results.csv:8 rud/permutation/results.csv:8 ideal/permutation/results.csv:8" ;;
  fig14-fsdp) expected="fsdp/results.csv:30 fsdp/fig14.csv:30" ;;
  fig18-ofan-dr-ratio) expected="permutation/results.csv:6 ratio.csv:3" ;;
  leaf-spine-vs-fat-tree)
    expected="leaf-spine/all-to-all/results.csv:13 leaf-spine/permutation/results.csv:13"
    expected+=" fat-tree/all-to-all/results.csv:13 fat-tree/permutation/results.csv:13"
    ;;
  leaf-spine-oversubscription)
    expected="all-to-all/results.csv:24 permutation/results.csv:24"
    expected+=" cc-sack/permutation/results.csv:16 cc-rud/permutation/results.csv:16"
    ;;
  multi-plane)
    expected="one-plane/permutation/results.csv:13 two-planes/permutation/results.csv:13"
    expected+=" two-planes-failed/permutation/results.csv:13"
    ;;
  rail-fsdp)
    expected="rail/fsdp/results.csv:6 rail/ring-allreduce/results.csv:6"
    expected+=" rail-pxn/fsdp/results.csv:6 rail-pxn/ring-allreduce/results.csv:6"
    expected+=" fat-tree/fsdp/results.csv:6 fat-tree/ring-allreduce/results.csv:6"
    ;;
  pfc-lossless)
    expected="schemes/permutation/results.csv:10 schemes/all-to-all/results.csv:10"
    expected+=" schemes-rud/permutation/results.csv:10 schemes-rud/all-to-all/results.csv:10"
    expected+=" lossy-ideal/permutation/results.csv:10 lossy-ideal/all-to-all/results.csv:10"
    expected+=" spray/permutation/results.csv:6 spray/all-to-all/results.csv:6"
    expected+=" failure/permutation/results.csv:6 incast/victims.csv:20"
    ;;
  uet-vs-roce)
    expected="lossy/permutation/results.csv:20 lossy/all-to-all/results.csv:20"
    expected+=" lossless/permutation/results.csv:20 lossless/all-to-all/results.csv:20"
    expected+=" incast/victims.csv:30"
    ;;
  rccc-incast) expected="no-trim/matrix/results.csv:2 trim/matrix/results.csv:2" ;;
  shared-fabric)
    expected="jobs/permutation/results.csv:14 jobs/permutation/jobs.csv:28"
    expected+=" background/permutation/results.csv:14 background/permutation/background.csv:98"
    expected+=" background/permutation/background-by-size.csv:49"
    expected+=" cc/permutation/results.csv:12 cc-pfc/permutation/results.csv:12"
    expected+=" cc-rud/permutation/results.csv:12 cc-pfc-rud/permutation/results.csv:12"
    ;;
  moe-skew)
    expected="fat-tree/moe/results.csv:30 fat-tree/moe/compute.csv:30 fat-tree/moe/moe.csv:30"
    expected+=" rail/moe/results.csv:30 rail/moe/compute.csv:30 rail/moe/moe.csv:30"
    ;;
  llama3-3d)
    expected="fat-tree/chakra/results.csv:30 fat-tree/chakra/compute.csv:30"
    expected+=" fat-tree/chakra/step.csv:30 rail/chakra/results.csv:30 rail/chakra/compute.csv:30"
    expected+=" rail/chakra/step.csv:30"
    ;;
  *)
    echo "figure-quick-test: no quick grid known for '$figure'" >&2
    exit 2
    ;;
esac

out=$(mktemp -d "${TMPDIR:-/tmp}/figure-quick.XXXXXX")
trap 'rm -rf "$out"' EXIT
# A script's own options: a bad value is one error line, exit 2, and no output.
bad_args=()
[ "$figure" = fig14-fsdp ] && bad_args=(--transport=no-such --k=12)
for arg in "${bad_args[@]}"; do
  set +e
  FABRIC_LB_BUILD=$build "$root/examples/$figure.sh" --quick --out "$out/bad" "$arg" \
    >/dev/null 2>"$out/bad-stderr"
  rc=$?
  set -e
  if [ "$rc" != 2 ] || [ "$(wc -l <"$out/bad-stderr")" != 1 ] || [ -e "$out/bad" ]; then
    echo "figure-quick-test: $figure $arg: exit $rc, expected 2, one error line and no output" >&2
    cat "$out/bad-stderr" >&2
    exit 1
  fi
done
only=()
if [ -n "$workload" ]; then
  only=(--workload="$workload")
  set +e
  FABRIC_LB_BUILD=$build "$root/examples/$figure.sh" --quick --out "$out/bad" --workload=no-such \
    >/dev/null 2>"$out/bad-stderr"
  rc=$?
  set -e
  if [ "$rc" != 2 ] || [ "$(wc -l <"$out/bad-stderr")" != 1 ] || ! grep -q no-such "$out/bad-stderr" ||
    [ -e "$out/bad" ]; then
    echo "figure-quick-test: $figure --workload=no-such: exit $rc, expected 2, one error line and no output" >&2
    cat "$out/bad-stderr" >&2
    exit 1
  fi
  expected=$(tr ' ' '\n' <<<"$expected" | grep -E "(^|/)$workload/" | paste -sd' ' || true)
  if [ -z "$expected" ]; then
    echo "figure-quick-test: $figure has no $workload half in its quick grid" >&2
    exit 2
  fi
fi
if ! FABRIC_LB_BUILD=$build "$root/examples/$figure.sh" --quick --out "$out" --jobs=1 "${only[@]}" \
  >"$out/stdout" 2>"$out/stderr"; then
  cat "$out/stdout" "$out/stderr" >&2
  echo "figure-quick-test: $figure.sh --quick failed" >&2
  exit 1
fi
status=0
for item in $expected; do
  csv=${item%:*}
  rows=${item##*:}
  if [ ! -f "$out/$csv" ]; then
    echo "figure-quick-test: $figure: no $csv" >&2
    status=1
    continue
  fi
  got=$(($(wc -l <"$out/$csv") - 1))
  if [ "$got" != "$rows" ]; then
    echo "figure-quick-test: $figure: $csv has $got rows, expected $rows" >&2
    status=1
  fi
  # Every row has as many cells as the header.
  if ! awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' "$out/$csv"; then
    echo "figure-quick-test: $figure: $csv has rows of another width than its header" >&2
    status=1
  fi
  # A sweep's results.jsonl has each run's JSON on a line of its own, one per row.
  if [ "$(basename "$csv")" = results.csv ]; then
    jsonl=$out/$(dirname "$csv")/results.jsonl
    if [ ! -f "$jsonl" ] || [ "$(wc -l <"$jsonl")" != "$rows" ] ||
      ! python3 -c 'import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' "$jsonl"; then
      echo "figure-quick-test: $figure: $(dirname "$csv")/results.jsonl is not $rows JSON lines" >&2
      status=1
    fi
  fi
done
while IFS= read -r csv; do
  if ! grep -qF -- " ${csv#"$out"/}:" <<<" $expected"; then
    echo "figure-quick-test: $figure: ${csv#"$out"/} was written, but not asked for" >&2
    status=1
  fi
done < <(find "$out" -name results.csv)
while IFS= read -r png; do
  if [ "$(head -c 4 "$png" | tail -c 3)" != PNG ]; then
    echo "figure-quick-test: $figure: $png is not a PNG" >&2
    status=1
  fi
done < <(find "$out" -name '*.png')
# The sweep's figures: titles that name the fabric and the runs a point, no raw flag or
# attribute path (failProb=0.01, ns3::FatTreeHelper::PayloadBytes) in a title, label or tic.
while IFS= read -r plt; do
  if ! grep -qE '^set title ".*(fat trees?|leaf-spine|rail-optimised).*(, |\\n)[0-9]+ (to [0-9]+ )?runs? a point' \
    "$plt"; then
    echo "figure-quick-test: $figure: ${plt#"$out"/} has no title naming its fabric and runs" >&2
    status=1
  fi
  if grep -E '^set (title|xlabel|ylabel|xtics)' "$plt" | grep -qE 'ns3::|[a-z]+[A-Z][A-Za-z]*='; then
    echo "figure-quick-test: $figure: ${plt#"$out"/} prints a raw flag" >&2
    status=1
  fi
done < <(find "$out" -name '*.plt')
if [ -z "$(find "$out" -name '*.png' -print -quit)" ]; then
  echo "figure-quick-test: $figure: no figure drawn" >&2
  status=1
fi
[ "$status" = 0 ] && echo "figure-quick-test: $figure: $expected"
exit "$status"
