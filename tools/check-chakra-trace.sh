#!/usr/bin/env bash
# Reads a trace written by Chakra's own tools (not kept in this repository: Apache-2.0, from
# github.com/mlcommons/chakra, e.g. tests/data/feeder_tests_trace.tar.gz's chakra.0.et):
# the unit test ChakraTrace.ChakrasOwnTrace on it (read, written back, read again the same;
# refused alone, as one rank sends nothing; mapped on two ranks), then fabric-lb-sim
# --workload=chakra on a k=4 fat tree with the trace as both ranks of a step (doc/chakra.md).
# Usage: tools/check-chakra-trace.sh BUILD_DIR TRACE.et
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR TRACE.et" >&2
  exit 2
fi
build=$1 trace=$2
FABRIC_LB_CHAKRA_TRACE=$trace "$build/fabric-lb-unit-tests" --gtest_brief=1 \
  --gtest_filter=ChakraTrace.ChakrasOwnTrace
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$trace" "$dir/rank.0.et"
cp "$trace" "$dir/rank.1.et"
"$build/fabric-lb-sim" --k=4 --workload=chakra --trace="$dir/rank" --out="$dir/step.json"
