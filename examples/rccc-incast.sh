#!/usr/bin/env bash
# Beyond the study (issue 43): UET's receiver credit control (--rccc) on a 4-to-1 incast:
# hosts 4, 6, 8 and 10 (other pods) each send 4 MiB to host 0 on the k=4 fat tree, host
# spraying, reliable unordered delivery and NSCC, RCCC off and on (--vary=rccc):
#  no-trim/  drop-tail ports, the senders' speculative credit 0.25 BDP (what the buffer holds)
#  trim/     trimming ports, UET's 1.5 BDP of speculative credit
# Writes DIR/incast-4to1.cm (the traffic, an htsim connection matrix) and in each of the two
# DIR/.../matrix/: results.csv (rccc in vary_value; each run's drops, retransmissions and
# timeouts), results.jsonl (each run's whole JSON: trims and credit grants too),
# cct-increase.png. --quick: one run. Runs already done are kept.
# Usage: examples/rccc-incast.sh [--out DIR] [--runs N (default 5)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_default_runs=5
figure_args rccc-incast matrix "$@"
k=4
figure_cost matrix 2 $((2 * 2 * runs)) "a 4-to-1 incast of 4 MiB at k=4"
mkdir -p "$out"
matrix=$out/incast-4to1.cm
if [ "$replot" = 0 ]; then
  {
    echo "Nodes 16"
    echo "Connections 4"
    for s in 0 1 2 3; do
      echo "$((4 + 2 * s))->0 id $((s + 1)) start 0 size 4194304"
    done
  } >"$matrix"
fi
stack="--matrix=$matrix --recovery=rud --cc=nscc"
base=$out
out=$base/no-trim
figure_sweep matrix 4194304 --schemes=host-spray --vary=rccc:false,true \
  --extra="$stack --ns3::RoceReceiverCredit::MaxCredit=0.25" \
  --caption="4-to-1 incast of 4 MiB, RUD + NSCC, drop-tail, speculative credit 0.25 BDP"
out=$base/trim
figure_sweep matrix 4194304 --schemes=host-spray --vary=rccc:false,true --extra="$stack --trim" \
  --caption="4-to-1 incast of 4 MiB, RUD + NSCC, trimming, speculative credit 1.5 BDP"
echo "rccc-incast: $base/{no-trim,trim}/matrix/{results.csv,cct-increase.png}"
