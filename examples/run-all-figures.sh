#!/usr/bin/env bash
# Runs every figure script of the study (examples/fig*.sh) one after the other,
# in the order of the figures; every option goes to each (--quick, --runs N,
# --jobs=1, ...), and each writes under results/figN (results/figN-quick with
# --quick; --out DIR puts figure N in DIR/figN). Tools are built once first
# (unless FABRIC_LB_BUILD names a build). Stops at the first script that fails.
# With --workload W, a figure without a W half is skipped.
# At the study's scale this takes days; the scripts print their expected cost.
# Usage: examples/run-all-figures.sh [--out DIR] [--runs N] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --out)
      out=${2:?--out needs a value}
      shift 2
      ;;
    --out=*)
      out=${1#--out=}
      shift
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
if [ -z "${FABRIC_LB_BUILD:-}" ]; then
  "$here/../tools/build.sh" >/dev/null
  FABRIC_LB_BUILD=$(cd "$here/.." && pwd)/build
  export FABRIC_LB_BUILD
fi
figures=(fig1-schemes fig3-failures fig4-convergence fig5-failure-rate fig6-queue-scaling
  fig7-overload fig8-network-size fig9-short-buffers fig10-message-size fig11-packet-size
  fig12-sack fig13-swift fig14-fsdp fig18-ofan-dr-ratio)
export FABRIC_LB_ALL_FIGURES=1
start=$SECONDS
for figure in "${figures[@]}"; do
  outArgs=()
  [ -n "$out" ] && outArgs=(--out "$out/${figure%%-*}")
  echo "=== $figure $(date -u +%H:%M:%S)"
  figureStart=$SECONDS
  bash "$here/$figure.sh" "${outArgs[@]}" "${args[@]}"
  echo "=== $figure: $((SECONDS - figureStart)) s"
done
echo "run-all-figures: every figure in $((SECONDS - start)) s"
