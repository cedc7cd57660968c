#!/usr/bin/env bash
# The study's figure 13: the schemes under a spraying-robust delay-based
# congestion control (--cc=swift, reordering is not loss) with selective repeat
# (sack, the study's x = 32 for permutations), beside the ideal transport (fixed
# rate, erasure coding): permutations of 1 MiB and 16 MiB messages on the k=8
# fat tree; the study finds Ofan's lead grows under a real congestion control.
# Swift runs twice: with selective repeat, whose reorder threshold takes spraying's
# reordering for loss, and with reliable unordered delivery (--recovery=rud), which does not.
# Writes DIR/{swift,rud,ideal}/permutation/ (results.csv with CCT
# increase, queues, retransmissions and final rates per run; figures against
# the message size) and prints the mean CCT increase per scheme and size. Runs
# already done are kept. Three more transports separate Swift's throttling from
# selective repeat's reaction to reordering (not run unless named): swift-erasure
# (Swift over the ideal erasure recovery, every scheme), and for host spraying,
# switch AR and Ofan swift-sack6 (Swift + selective repeat at its default threshold
# of 6) and sack6 (a fixed rate + selective repeat at 6).
# Usage: [FIG13_TRANSPORTS="swift rud ideal" (or swift-erasure, swift-sack6, sack6)]
#        examples/fig13-swift.sh [--out DIR] [--runs N (default 10)] [--quick] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_args fig13 permutation "$@"
schemes=ecmp,plb,host-spray,reps,rr,switch-ar,host-dr,ofan
base=$out
for transport in ${FIG13_TRANSPORTS:-swift rud ideal}; do
  these=$schemes
  # ECMP and PLB wait out retransmission timeouts for up to about 190 times the bound at 1 MiB:
  # past the automatic time limit of 50 times, so a limit of their own.
  case $transport in
    swift)
      extra="--cc=swift --recovery=sack --ns3::RoceSelectiveRepeatRecovery::ReorderThreshold=32"
      extra+=" --timeLimit=20ms"
      caption="Swift and selective repeat (x = 32), no failures" ;;
    rud)
      extra="--cc=swift --recovery=rud --timeLimit=20ms"
      caption="Swift and reliable unordered delivery, no failures" ;;
    ideal)
      extra="--cc=fixed --recovery=erasure"
      caption="ideal transport (line rate, erasure coding), no failures" ;;
    swift-erasure)
      extra="--cc=swift --recovery=erasure --timeLimit=20ms"
      caption="Swift and ideal erasure coding, no failures" ;;
    swift-sack6)
      these=host-spray,switch-ar,ofan
      extra="--cc=swift --recovery=sack --timeLimit=20ms"
      caption="Swift and selective repeat (x = 6), no failures" ;;
    sack6)
      these=host-spray,switch-ar,ofan
      extra="--cc=fixed --recovery=sack --timeLimit=20ms"
      caption="line rate and selective repeat (x = 6), no failures" ;;
    *)
      echo "fig13-swift.sh: error: unknown transport '$transport' in FIG13_TRANSPORTS (swift, rud, ideal, swift-erasure, swift-sack6, sack6)" >&2
      exit 2 ;;
  esac
  out=$base/$transport
  figure_sweep permutation 1048576,16777216 --schemes="$these" --extra="$extra" --caption="$caption"
  case $transport in
    swift | rud | ideal)
      figure_doc "$out/permutation/cct-increase.png" "fig13-$transport-cct-increase.png"
      ;;
  esac
  echo "permutation, $transport transport, k=$k: mean over runs"
  "$root/examples/summarise-transport.sh" "$out/permutation/results.csv"
done
echo "figure 13: $base/TRANSPORT/permutation/results.csv for TRANSPORT in ${FIG13_TRANSPORTS:-swift rud ideal}"
