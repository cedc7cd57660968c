#!/usr/bin/env bash
# Runs every fabric-lb test on Debian 12, installing what is missing first:
#  1. the stand-alone build against Debian's ns-3.37: GoogleTest unit tests, the
#     module's ns-3 TestSuites, the example, end-to-end tests of the driver (CTest);
#  2. the same tests under AddressSanitizer and UndefinedBehaviorSanitizer, in
#     build-asan/ (tools/sanitize.sh, doc/sanitizers.md);
#  3. the in-tree check: the module dropped into the ns-3.37 source tree, built
#     there with ./ns3, ./test.py on every suite, ./ns3 run (tools/in-tree-check.sh).
# Usage: ./run-tests.sh [--no-sanitize] [--no-in-tree]
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
sanitize=1
in_tree=1
for arg in "$@"; do
  case "$arg" in
    --no-sanitize) sanitize=0 ;;
    --no-in-tree) in_tree=0 ;;
    *) echo "usage: $0 [--no-sanitize] [--no-in-tree]" >&2; exit 2 ;;
  esac
done

# Each tier's minutes, printed at the end (the README gives them on a machine with no caches).
times=""
timed() { # NAME COMMAND...
  local start=$SECONDS
  "${@:2}"
  times="$times $1 $(((SECONDS - start) / 60))m$(((SECONDS - start) % 60))s"
}

timed build "$root/tools/build.sh"
timed stand-alone-tests bash -c "cd '$root/build' && ctest --output-on-failure -j $(nproc)"
standalone=$(cd "$root/build" && ctest -N | sed -n 's/^Total Tests: //p')

sanitized=0
if [ "$sanitize" -eq 1 ]; then
  timed sanitized "$root/tools/sanitize.sh"
  sanitized=$(cat "$root/build-asan/tests-run")
fi

in_tree_checks=0
if [ "$in_tree" -eq 1 ]; then
  timed in-tree "$root/tools/in-tree-check.sh"
  suites=$("$root/build/fabric-lb-test-runner" --list | grep -c '^fabric-lb-')
  in_tree_checks=$((suites + 5)) # the suites, 3 ./ns3 runs, 2 one-rank against two-rank runs
fi
echo "fabric-lb tests: $standalone stand-alone, $sanitized sanitized, $in_tree_checks in-tree"
echo "fabric-lb test tiers:$times"
echo "$((standalone + sanitized + in_tree_checks)) passed, 0 failed"
