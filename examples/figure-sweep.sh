# shellcheck shell=bash
# Shared by the figure scripts (examples/fig*.sh); sourced, not run.
# figure_args parses the options they all take, figure_sweep runs one
# workload's sweep, figure_cost prints what a full-scale sweep will take.
#
#   --out DIR   where the results go (default results/figN, results/figN-quick with --quick)
#   --runs N    runs per point (default 10); --out=DIR and --runs=N work too
#   --quick     k=4, one run, messages of at most 64 KiB (all-to-all: 16 KiB): a check of
#               seconds to a minute
#   --workload W  only the figure's W half (all-to-all, permutation or fsdp, those it has)
#   anything else is passed to every fabric-lb-sweep (e.g. --jobs=1)
#
# FABRIC_LB_BUILD=DIR runs DIR/fabric-lb-sweep and DIR/fabric-lb-sim as they are
# (the tests do, on the tree they test); without it tools/build.sh builds build/ first.
# FABRIC_LB_SIM=PATH runs that driver instead, e.g. the faster one of an ns-3 tree
# built --build-profile=optimized (doc/performance.md: build/scratch/ns3.37-fabric-lb-sim-optimized,
# with LD_PRELOAD=libtcmalloc_minimal.so.4).

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${FABRIC_LB_BUILD:-$root/build}

# figure_args NAME HALVES "$@": sets out, runs, k, quick (0 or 1), only_workload and sweep_extra
# (an array); HALVES are the figure's workloads, comma-separated, which --workload may name;
# builds build/ unless FABRIC_LB_BUILD names a build.
figure_args() {
  local name=$1 halves=$2
  shift 2
  out=
  runs=10
  k=8
  quick=0
  only_workload=
  sweep_extra=()
  while [ $# -gt 0 ]; do
    case $1 in
      --out | --runs | --workload)
        if [ $# -lt 2 ]; then
          echo "$(basename "$0"): error: $1 needs a value" >&2
          exit 2
        fi
        case $1 in
          --out) out=$2 ;;
          --runs) runs=$2 ;;
          --workload) only_workload=$2 ;;
        esac
        shift 2
        ;;
      --workload=*)
        only_workload=${1#--workload=}
        shift
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
  if [ -n "$only_workload" ] && [[ ",$halves," != *",$only_workload,"* ]]; then
    if [ -n "${FABRIC_LB_ALL_FIGURES:-}" ]; then # run-all-figures.sh: the others may have it
      echo "$(basename "$0"): no $only_workload half: skipped" >&2
      exit 0
    fi
    echo "$(basename "$0"): error: unknown --workload '$only_workload' (this figure has: $halves)" >&2
    exit 2
  fi
  if [ "$quick" = 1 ]; then
    k=4
    runs=1
    name=$name-quick
  fi
  out=${out:-$root/results/$name}
  if [ -z "${FABRIC_LB_BUILD:-}" ]; then
    "$root/tools/build.sh" >/dev/null
  fi
}

# figure_wants WORKLOAD: whether this run of the figure includes its WORKLOAD half (--workload).
figure_wants() {
  [ -z "$only_workload" ] || [ "$only_workload" = "$1" ]
}

# figure_cost WORKLOAD SECONDS RUNS WHAT: without --quick, and if the run includes the WORKLOAD
# half, prints on stderr that WHAT is RUNS runs of about SECONDS each on one core (measured on
# this 2-core VM, or extrapolated).
figure_cost() {
  if [ "$quick" = 0 ] && figure_wants "$1"; then
    awk -v s="$2" -v n="$3" -v what="$4" -v script="$(basename "$0")" 'BEGIN {
      printf "%s: %s: %d runs of about %s s, about %.1f core-hours\n", script, what, n, s, s * n / 3600
    }' >&2
  fi
}

# figure_sweep WORKLOAD SIZES [fabric-lb-sweep flags]: writes $out/WORKLOAD/; SIZES is a
# comma-separated list of bytes, with --quick each capped at 64 KiB (all-to-all: 16 KiB,
# its k^3/4 - 1 messages a host), duplicates dropped. Skipped when --workload names another.
figure_sweep() {
  local workload=$1 bytes=$2 cap=65536
  shift 2
  figure_wants "$workload" || return 0
  [ "$workload" = all-to-all ] && cap=16384
  if [ "$quick" = 1 ]; then
    bytes=$(tr , '\n' <<<"$bytes" | awk -v cap=$cap '{ b = $1 > cap ? cap : $1 } !seen[b]++ { print b }' |
      paste -sd,)
  fi
  # A fabric other than the fat tree takes its shape from its own flags, not --k.
  local radix=(--k="$k") arg
  for arg in "$@"; do
    [[ $arg == --topology=* && $arg != --topology=fat-tree ]] && radix=()
  done
  "$bin/fabric-lb-sweep" --sim="${FABRIC_LB_SIM:-$bin/fabric-lb-sim}" "${radix[@]}" --workload="$workload" \
    --sizes="$bytes" --runs="$runs" --out="$out/$workload" "$@" "${sweep_extra[@]}"
}
