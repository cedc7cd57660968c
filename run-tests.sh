#!/usr/bin/env bash
# Runs every fabric-lb test on Debian 12, installing what is missing first:
#  1. the stand-alone build against Debian's ns-3.37: GoogleTest unit tests, the
#     module's ns-3 TestSuites, the example, end-to-end tests of the driver (CTest);
#  2. the in-tree check: the module dropped into the ns-3.37 source tree, built
#     there with ./ns3, ./test.py on every suite, ./ns3 run (tools/in-tree-check.sh).
# Usage: ./run-tests.sh [--no-in-tree]
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
in_tree=1
[ "${1:-}" = "--no-in-tree" ] && in_tree=0

"$root/tools/build.sh"
(cd "$root/build" && ctest --output-on-failure -j "$(nproc)")
standalone=$(cd "$root/build" && ctest -N | sed -n 's/^Total Tests: //p')

in_tree_checks=0
if [ "$in_tree" -eq 1 ]; then
  "$root/tools/in-tree-check.sh"
  suites=$(sed -n '/set(FABRIC_LB_TEST_SUITES/,/)/p' "$root/contrib/fabric-lb/sources.cmake" |
    grep -c 'fabric-lb-')
  in_tree_checks=$((suites + 2))
fi
echo "fabric-lb tests: $standalone stand-alone, $in_tree_checks in-tree"
echo "$((standalone + in_tree_checks)) passed, 0 failed"
