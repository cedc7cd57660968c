#!/usr/bin/env bash
# Drops fabric-lb into an ns-3 source tree and checks it there as an ns-3 user would:
# configure with tests and examples, build, ./test.py every fabric-lb suite, and
# ./ns3 run the driver and the module example on small cases, and run one k=4
# fabric over two ranks with ns-3's MPI engine (configured --enable-mpi, Open MPI)
# against the same run on one. Fails loudly on any step.
#
# Usage: tools/in-tree-check.sh [NS3_TREE]
#   NS3_TREE defaults to the ns-3.37 source of Debian 12 (apt-get source ns3), kept
#   with its build in $FABRIC_LB_CACHE (default /var/cache/fabric-lb for root,
#   ~/.cache/fabric-lb otherwise) so that a second run only rebuilds what changed.
#   Any other ns-3 tree may be given.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
default_cache=/var/cache/fabric-lb
if [ "$(id -u)" -ne 0 ]; then
  default_cache=${XDG_CACHE_HOME:-$HOME/.cache}/fabric-lb
fi
cache=${FABRIC_LB_CACHE:-$default_cache}
log_dir=$(mktemp -d)
step() { echo "in-tree: $*" >&2; }
fail() { echo "in-tree: FAILED: $*" >&2; exit 1; }
run_logged() { # name command...
  local name=$1; shift
  if ! "$@" >"$log_dir/$name.log" 2>&1; then
    tail -n 40 "$log_dir/$name.log" >&2
    fail "$name (full log: $log_dir/$name.log)"
  fi
}

"$root/tools/install-deps.sh" dpkg-dev libopenmpi-dev openmpi-bin

tree=${1:-}
if [ -z "$tree" ]; then
  tree=$cache/ns-3.37
  if [ ! -x "$tree/ns3" ]; then
    step "fetching the ns-3.37 source with apt-get source ns3"
    mkdir -p "$cache"
    if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
      sudo=""
      [ "$(id -u)" -ne 0 ] && sudo="sudo"
      if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
          $sudo tee /etc/apt/sources.list.d/fabric-lb-deb-src.sources >/dev/null
      else
        sed -n 's/^deb /deb-src /p' /etc/apt/sources.list |
          $sudo tee /etc/apt/sources.list.d/fabric-lb-deb-src.list >/dev/null
      fi
      $sudo apt-get update -qq
    fi
    src=$(mktemp -d)
    (cd "$src" && apt-get source -qq ns3 >/dev/null 2>&1) || fail "apt-get source ns3"
    mv "$src"/ns3-3.37/ns-3.37 "$tree"
    rm -rf "$src"
  fi
fi
[ -x "$tree/ns3" ] || fail "$tree is not an ns-3 source tree (no ./ns3)"
tree=$(cd "$tree" && pwd)
version=$(cat "$tree/VERSION" 2>/dev/null || echo unknown)
step "ns-3 $version at $tree"

# Copy the module in, writing only the files whose content changed (and removing those gone):
# a written file's new time makes the build recompile what includes it. Copying times along
# (cp -a) could give an edited header a time older than objects built from its previous
# content, and the build would link those stale objects.
sync_file() { # SOURCE TARGET
  if ! cmp -s "$1" "$2"; then
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2"
  fi
}
(cd "$root/contrib/fabric-lb" && find . -type f) | while IFS= read -r file; do
  sync_file "$root/contrib/fabric-lb/$file" "$tree/contrib/fabric-lb/$file"
done
if [ -d "$tree/contrib/fabric-lb" ]; then
  (cd "$tree/contrib/fabric-lb" && find . -type f) | while IFS= read -r file; do
    [ -e "$root/contrib/fabric-lb/$file" ] || rm -f "$tree/contrib/fabric-lb/$file"
  done
fi
for file in "$root"/scratch/*.cc; do
  sync_file "$file" "$tree/scratch/$(basename "$file")"
done

cd "$tree"
step "configure (debug profile; fabric-lb, csma and mpi; fabric-lb's tests and examples only)"
# The other modules' own tests and examples are not fabric-lb's to run: filtered out, they
# are not built (ns-3's --filter-module-examples-and-tests), which halves a fresh build.
# The debug profile (-O0 -g, asserts and logging, as ns-3's tutorial configures) compiles in
# less than half the time of the default's -O2 -g (5.6 s against 13.6 s for roce-nic.cc, 10.3
# against 27.1 for ns-3's tcp-socket-base.cc): the stand-alone tiers test optimised code.
run_logged configure ./ns3 configure -G Ninja --build-profile=debug --enable-tests \
  --enable-examples --enable-mpi --enable-modules="fabric-lb;csma;mpi" \
  --filter-module-examples-and-tests=fabric-lb
step "build"
# ./ns3 build passes "-j <cores - 1>" whatever -j it is given (ns-3.37 .. 3.48), so
# build its CMake cache directly to use every core.
run_logged build cmake --build cmake-cache -j "$(nproc)"

# Every fabric-lb suite test.py knows (no list is kept): as many as the module defines. One
# ./test.py runs them all on every core (with the few suites of the modules the build keeps),
# and each must have passed.
suites=$(./test.py --no-build --list | grep -o 'fabric-lb-[a-z0-9-]*' | sort -u)
[ -n "$suites" ] || fail "test.py --list names no fabric-lb suite"
step "./test.py ($(echo "$suites" | wc -l) fabric-lb suites)"
run_logged test ./test.py --no-build
for suite in $suites; do
  sed "s/\x1b\[[0-9;]*m//g" "$log_dir/test.log" | grep -q "PASS: TestSuite $suite\$" ||
    fail "$suite did not pass (full log: $log_dir/test.log)"
done

step "./ns3 run fabric-lb-sim"
run_logged run-sim ./ns3 run --no-build "fabric-lb-sim --k=4 --workload=all-to-all --msgBytes=32768"
grep -q "messages 240/240" "$log_dir/run-sim.log" || fail "fabric-lb-sim did not complete its collective"
step "./ns3 run fabric-lb-two-hosts"
run_logged run-example ./ns3 run --no-build fabric-lb-two-hosts
grep -q "completed at" "$log_dir/run-example.log" || fail "fabric-lb-two-hosts printed no result"
step "./ns3 run fabric-lb-own-discipline (a discipline defined in the example)"
run_logged run-own-discipline ./ns3 run --no-build fabric-lb-own-discipline
grep -q "^p2c " "$log_dir/run-own-discipline.log" || fail "fabric-lb-own-discipline printed no p2c row"
# One fabric over two ranks: a fat tree by pods, a leaf-spine by leaves.
for mpi_case in "fabric-lb-sim --k=4 --lb=ofan --workload=all-to-all --msgBytes=65536" \
  "fabric-lb-sim --topology=leaf-spine --leaves=4 --spines=4 --hostsPerLeaf=4 --lb=ofan --workload=all-to-all --msgBytes=65536"; do
  step "mpirun -np 2 ${mpi_case%% --lb*} (one fabric over two ranks)"
  run_logged run-one-rank ./ns3 run --no-build "$mpi_case --out=$log_dir/one-rank.json"
  # Open MPI refuses root and more ranks than cores unless told; both are fine here.
  run_logged run-two-ranks ./ns3 run --no-build \
    --command-template="mpirun --allow-run-as-root --oversubscribe -np 2 %s" \
    "$mpi_case --out=$log_dir/two-ranks.json"
  python3 "$root/tools/compare-ranks.py" "$log_dir/one-rank.json" "$log_dir/two-ranks.json" ||
    fail "the two-rank run of '$mpi_case' differs from the one-rank run"
  # Over the same two ranks, ns-3's ports and host stack give the fast path's JSON, field by field.
  run_logged run-two-ranks-ns3-path ./ns3 run --no-build \
    --command-template="mpirun --allow-run-as-root --oversubscribe -np 2 %s" \
    "$mpi_case --switchPort=queue-disc --hostPath=ipv4 --out=$log_dir/two-ranks-ns3-path.json"
  python3 - "$log_dir/two-ranks.json" "$log_dir/two-ranks-ns3-path.json" <<'PY' ||
import json, sys
fast, ns3 = (json.load(open(path)) for path in sys.argv[1:])
for run in (fast, ns3):
    for key in ("wall_seconds", "events"):
        run.pop(key, None)
differ = [key for key in ns3 if ns3[key] != fast.get(key)]
if differ or len(fast) != len(ns3):
    sys.exit("fields that differ: " + ", ".join(differ))
PY
    fail "over two ranks, '$mpi_case' on ns-3's ports and host stack differs from the fast path"
done
rm -rf "$log_dir"
step "ns-3 $version: all passed"
