#!/usr/bin/env bash
# Sourced by the side-by-side scripts (study-side-by-side.sh, uet-side-by-side.sh): their
# command line and its refusals, written once. The caller sets the variables' defaults
# before it calls peer_args.

# die MESSAGE: one error line naming the script, and exit 2.
die() {
  echo "$(basename "$0"): error: $*" >&2
  exit 2
}

# peer_args NAMES "$@": each --NAME VALUE or --NAME=VALUE, for NAME in the comma-separated
# NAMES, sets the variable NAME with - as _ (--study-sim sets study_sim); --runs must be a
# positive number; -h and --help print the calling script's header. Anything else, or a
# NAME with no value, is one error line and exit 2.
peer_args() {
  local names=",$1," name
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      -h | --help)
        sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
        exit 0
        ;;
    esac
    name=${1%%=*}
    name=${name#--}
    [[ $1 == --* && $names == *",$name,"* ]] || die "unknown argument '$1' (--help lists them)"
    if [[ $1 == *=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    [ $# -ge 2 ] || die "$1 needs a value"
    printf -v "${name//-/_}" '%s' "$2"
    shift 2
  done
  if [[ $names == *,runs,* && -n ${runs:-} && ! $runs =~ ^[1-9][0-9]*$ ]]; then
    die "--runs $runs: not a positive number"
  fi
}
