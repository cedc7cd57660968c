# shellcheck shell=bash
# Shared by the failure figures (fig3-failures.sh, fig4-convergence.sh,
# fig5-failure-rate.sh); sourced, not run. figure_args parses the options they
# all take, figure_sweep runs one workload's sweep.
#
#   --out DIR   where the results go (default results/figN, results/figN-quick with --quick)
#   --runs N    runs per point (default 10); --out=DIR and --runs=N work too
#   --quick     k=4, one run, 64 KiB messages: a check that takes a minute or two
#   anything else is passed to every fabric-lb-sweep (e.g. --jobs=1)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# figure_args NAME "$@": sets out, runs, k, quick (0 or 1) and sweep_extra (an array).
figure_args() {
  local name=$1
  shift
  out=
  runs=10
  k=8
  quick=0
  sweep_extra=()
  while [ $# -gt 0 ]; do
    case $1 in
      --out | --runs)
        if [ $# -lt 2 ]; then
          echo "$(basename "$0"): error: $1 needs a value" >&2
          exit 2
        fi
        if [ "$1" = --out ]; then out=$2; else runs=$2; fi
        shift 2
        ;;
      --out=*)
        out=${1#--out=}
        shift
        ;;
      --runs=*)
        runs=${1#--runs=}
        shift
        ;;
      --quick)
        quick=1
        shift
        ;;
      *)
        sweep_extra+=("$1")
        shift
        ;;
    esac
  done
  if [ "$quick" = 1 ]; then
    k=4
    runs=1
    name=$name-quick
  fi
  out=${out:-$root/results/$name}
  "$root/tools/build.sh" >/dev/null
}

# figure_sweep WORKLOAD BYTES [fabric-lb-sweep flags]: writes $out/WORKLOAD/ (64 KiB messages with --quick).
figure_sweep() {
  local workload=$1 bytes=$2
  shift 2
  if [ "$quick" = 1 ]; then
    bytes=65536
  fi
  "$root/build/fabric-lb-sweep" --sim="$root/build/fabric-lb-sim" --k="$k" --workload="$workload" \
    --sizes="$bytes" --runs="$runs" --out="$out/$workload" "$@" "${sweep_extra[@]}"
}
