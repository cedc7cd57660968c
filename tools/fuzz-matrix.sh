#!/usr/bin/env bash
# Fuzzes the connection-matrix parser with libFuzzer for SECONDS (default 300):
# builds test/fuzz/connection-matrix-fuzz.cc with clang (address and undefined-behaviour
# sanitizers) into build-fuzz/, seeds it with a copy of test/matrix/, and runs it.
# A crashing input lands in build-fuzz/artifacts/; add it to test/matrix/ as a
# regression case. Needs clang (Debian: apt-get install clang), not ns-3.
set -euo pipefail
seconds=${1:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-fuzz"
CXX=${CXX:-clang++} cmake -S "$root" -B "$build" -G Ninja -DFABRIC_LB_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target connection-matrix-fuzz
rm -rf "$build/corpus"
mkdir -p "$build/corpus" "$build/artifacts"
cp "$root"/test/matrix/*.cm "$build/corpus/"
cd "$build"
exec ./connection-matrix-fuzz -max_total_time="$seconds" -print_final_stats=1 \
    -dict="$root/test/fuzz/connection-matrix.dict" -artifact_prefix="$build/artifacts/" \
    corpus
