#!/usr/bin/env bash
# Builds fabric-lb with AddressSanitizer (and its LeakSanitizer) and
# UndefinedBehaviorSanitizer into build-asan/ (-DFABRIC_LB_SANITIZE=ON, Debug) and runs
# the CTest tests there (all but the heaviest port-path cases and the tables of bad input,
# below): the GoogleTest unit tests, the module's ns-3 TestSuites, the
# example, the end-to-end tests of the driver and the sweep runner (and so the driver
# and the sweep runner themselves). Fails on any failing test and on any sanitizer
# report, also one from a program that a test ran without looking at its stderr.
# Reports are kept in build-asan/sanitizer-reports/. See doc/sanitizers.md.
#
# Usage: tools/sanitize.sh [ctest arguments, e.g. -R unit.]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-asan
reports=$build/sanitizer-reports
start=$SECONDS

"$root/tools/install-deps.sh"

# halt_on_error: stop at the first report; the build also runs the GoogleTest binaries
# (test discovery), so the options hold for it too, with reports on stderr.
asan="halt_on_error=1:print_stacktrace=1:detect_leaks=1:detect_stack_use_after_return=1"
asan="$asan:check_initialization_order=1:strict_init_order=1"
ubsan="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS=$asan UBSAN_OPTIONS=$ubsan

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFABRIC_LB_SANITIZE=ON >/dev/null
cmake --build "$build" -j "$(nproc)"

# Every instrumented process, the test binaries and the programs they start, writes
# its ASan and LSan reports to its own file here (log_path appends the pid). UBSan
# ignores log_path beside ASan in GCC (gcc.gnu.org/PR94328): its reports go to stderr
# and, with -fno-sanitize-recover, end the process with status 1, which every test
# checks, of its own process and of every program it runs.
rm -rf "$reports"
mkdir -p "$reports"
export ASAN_OPTIONS="$asan:log_path=$reports/asan"
status=0
# Without arguments, the unit tests, the ns-3 suites, the examples and one end-to-end case of
# each feature: not the port-path identity cases at k=8 and on the triggered matrix (625 of
# 1,415 test-seconds, 2026-12-06, for no code path the k=4 cases lack), nor the tables of bad
# values and the fuzzes (their hundreds of refusals take one code path each, 236 of the 584
# test-seconds left); and the port-path cases' test file, built with FABRIC_LB_SANITIZED, keeps
# one k=4 case of each kind of path choice (352 of 745 test-seconds were the 39 k=4 cases on a
# machine with no caches), nor the suite of RUD's spurious retransmissions (26 CPU-seconds of
# whole fabrics unsanitized; the transport suite runs RUD under loss). The stand-alone tier
# runs them all.
# The unit tests run in one process, not one each as CTest starts them: a sanitized program's
# start took 0.8 s, 359 of 1,371 test-seconds on a machine with no caches (2026-12-07).
args=("$@")
unit_tests=0
if [ ${#args[@]} -eq 0 ]; then
  args=(-E '^unit\.|PortPaths\.FabricPortsAndBypassGiveNs3sJson/(k_8_|k_4_lb_host_dr_workload_matrix)|/(BadInput|SweepBadInput)\.|^e2e\.(FlagFuzz|FileFuzz)\.|^ns3-suite-fabric-lb-rud$')
  (cd "$build" && ./fabric-lb-unit-tests --gtest_brief=1) || status=$?
  unit_tests=$(cd "$build" && ./fabric-lb-unit-tests --gtest_list_tests | grep -c '^  ')
fi
(cd "$build" && ctest --output-on-failure -j "$(nproc)" "${args[@]}") || status=$?

if [ -n "$(ls -A "$reports")" ]; then
  for report in "$reports"/*; do
    echo "=== $report" >&2
    cat "$report" >&2
  done
  echo "sanitize: FAILED: sanitizer reports in $reports" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize: FAILED: tests failed under the sanitizers" >&2
  exit "$status"
fi
elapsed=$((SECONDS - start))
# The count of tests run, for ./run-tests.sh's total.
echo $((unit_tests + $(cd "$build" && ctest -N "${args[@]}" | sed -n 's/^Total Tests: //p'))) \
  >"$build/tests-run"
echo "sanitize: clean, $(cat "$build/tests-run") tests," \
  "$((elapsed / 60)) min $((elapsed % 60)) s"
