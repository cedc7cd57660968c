#!/usr/bin/env bash
# CTest test of examples/run-all-figures.sh: runs every figure script with
# --quick --workload=fsdp on the binaries of BUILD_DIR into a temporary
# directory; only figure 14 has an fsdp half, so it alone runs (into DIR/fig14,
# every row of its quick grid) and each of the 13 others says it is skipped.
# Usage: test/figures/run-all-figures-test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
out=$(mktemp -d "${TMPDIR:-/tmp}/run-all-figures.XXXXXX")
trap 'rm -rf "$out"' EXIT
if ! FABRIC_LB_BUILD=$build "$root/examples/run-all-figures.sh" --quick --workload=fsdp --jobs=1 \
  --out "$out/figures" >"$out/stdout" 2>"$out/stderr"; then
  cat "$out/stdout" "$out/stderr" >&2
  echo "run-all-figures-test: run-all-figures.sh --quick --workload=fsdp failed" >&2
  exit 1
fi
status=0
rows=$(($(wc -l <"$out/figures/fig14/fsdp/results.csv") - 1))
if [ "$rows" != 30 ]; then
  echo "run-all-figures-test: fig14/fsdp/results.csv has $rows rows, expected 30" >&2
  status=1
fi
written=$(cd "$out/figures" && find . -name results.csv | sort | paste -sd' ')
if [ "$written" != "./fig14/fsdp/results.csv" ]; then
  echo "run-all-figures-test: wrote $written, expected only ./fig14/fsdp/results.csv" >&2
  status=1
fi
skipped=$(grep -c 'no fsdp half: skipped' "$out/stderr" || true)
if [ "$skipped" != 13 ]; then
  echo "run-all-figures-test: $skipped figures said they were skipped, expected 13" >&2
  status=1
fi
if ! grep -q '^run-all-figures: every figure in' "$out/stdout"; then
  echo "run-all-figures-test: no closing line" >&2
  status=1
fi
exit $status
