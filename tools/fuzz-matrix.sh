#!/usr/bin/env bash
# Fuzzes the connection-matrix parser with libFuzzer for SECONDS (default 300):
# builds test/fuzz/connection-matrix-fuzz.cc with clang (address and undefined-behaviour
# sanitizers) into build-fuzz/, seeds it with a copy of test/matrix/, runs it, then
# reports the line and branch coverage of the parser's files (and of the fuzz
# target) reached by the final corpus. A crashing input lands in build-fuzz/artifacts/ and the script
# exits non-zero; add the input to test/matrix/ as a regression case.
# Needs clang and llvm (Debian: apt-get install clang llvm), not ns-3.
set -euo pipefail
seconds=${1:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-fuzz"
CXX=${CXX:-clang++} cmake -S "$root" -B "$build" -G Ninja -DFABRIC_LB_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build"
rm -rf "$build/corpus" "$build/artifacts"
mkdir -p "$build/corpus" "$build/artifacts"
cp "$root"/test/matrix/*.cm "$build/corpus/"
cd "$build"
./connection-matrix-fuzz -max_total_time="$seconds" -print_final_stats=1 \
    -dict="$root/test/fuzz/connection-matrix.dict" -artifact_prefix="$build/artifacts/" \
    corpus
LLVM_PROFILE_FILE="$build/corpus.profraw" ./connection-matrix-fuzz-cov -runs=0 corpus \
    >/dev/null 2>&1
llvm-profdata merge -sparse corpus.profraw -o corpus.profdata
echo "Coverage of the parser and the fuzz target by the final corpus ($(ls corpus | wc -l) inputs):"
llvm-cov report ./connection-matrix-fuzz-cov -instr-profile=corpus.profdata \
    -ignore-filename-regex='^/usr/'
