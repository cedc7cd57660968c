#!/usr/bin/env bash
# The study's figure 3: CCT increase with 1% random link failures that the
# fabric never converges on (G = infinity), every scheme, all-to-all of 256 KiB
# and permutation of 1 MiB on the k=8 fat tree. Runs whose messages cannot all
# complete (flows hashed into a black hole) are listed in results.csv and left
# out of the means. Writes DIR/all-to-all/ and DIR/permutation/: results.csv,
# cct-increase.png, max-queue.png (one point per scheme). Runs already done are kept.
# Usage: examples/fig3-failures.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig3 all-to-all,permutation "$@"
schemes=ecmp,subflow,plb,host-spray,reps,rr,switch-ar,host-dr,ofan
caption="never converged (G = inf), ideal transport"
figure_sweep all-to-all 262144 --schemes=$schemes --vary=failProb:0.01 --extra=--convergence=inf \
  --caption="$caption"
figure_sweep permutation 1048576 --schemes=$schemes --vary=failProb:0.01 --extra=--convergence=inf \
  --caption="$caption"
figure_doc "$out/all-to-all/cct-increase.png" fig3-all-to-all-cct-increase.png
figure_doc "$out/permutation/cct-increase.png" fig3-permutation-cct-increase.png
echo "figure 3: $out/{all-to-all,permutation}/{results.csv,cct-increase.png,max-queue.png}"
