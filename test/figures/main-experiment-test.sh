#!/usr/bin/env bash
# CTest test of ./run-experiment.sh on the binaries of BUILD_DIR: one run a scheme, then
# its table has the seven schemes sorted best first, each with a CCT over the bound of at
# least 0, and its picture is a PNG; bad options are one error line and exit 2.
# Usage: test/figures/main-experiment-test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d "${TMPDIR:-/tmp}/main-experiment.XXXXXX")
trap 'rm -rf "$out"' EXIT
FABRIC_LB_BUILD=$1 "$root/run-experiment.sh" --runs 1 --out "$out" >"$out/stdout" 2>/dev/null
status=0
summary=$out/permutation/summary.csv
if [ "$(($(wc -l <"$summary") - 1))" != 7 ]; then
  echo "main-experiment-test: $summary has not the seven schemes" >&2
  status=1
fi
if ! awk -F, 'NR > 2 && $3 < previous { exit 1 } NR > 1 { previous = $3; if ($3 < 0) exit 1 }' "$summary"; then
  echo "main-experiment-test: $summary is not sorted best first, or a CCT is below its bound" >&2
  status=1
fi
for scheme in ecmp flowlet host-spray reps switch-ar host-dr ofan; do
  if ! grep -q "^$scheme " "$out/stdout"; then
    echo "main-experiment-test: the table has no row for $scheme" >&2
    status=1
  fi
done
if [ "$(head -c 4 "$out/permutation/main.png" | tail -c 3)" != PNG ]; then
  echo "main-experiment-test: no PNG" >&2
  status=1
fi
set +e
FABRIC_LB_BUILD=$1 "$root/run-experiment.sh" --runs 0 >/dev/null 2>"$out/bad"
rc=$?
set -e
if [ "$rc" != 2 ] || [ "$(wc -l <"$out/bad")" != 1 ]; then
  echo "main-experiment-test: --runs 0: exit $rc, expected 2 and one error line" >&2
  status=1
fi
exit $status
