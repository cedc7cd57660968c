#!/usr/bin/env bash
# Checks the pictures in doc/: none kept by hand, none older than its results.
#  - Every doc/*.png is named by a figure_doc line of a script that draws it (examples/*.sh,
#    run-experiment.sh).
#  - Every picture that doc/figures.tsv records (a script's --doc copied it there) is still the
#    picture it copied, and it was drawn from its results (committed in results/) as they are
#    now: their SHA-256 is the recorded one.
# A picture without a record was put there before the records were kept: the line says how to
# draw it again (SCRIPT --replot --doc, from its results); with --strict that is a failure too.
# Usage: tools/check-doc-figures.sh [--strict] [ROOT (default: this repository)]
set -euo pipefail
strict=0
if [ "${1:-}" = --strict ]; then
  strict=1
  shift
fi
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
manifest=doc/figures.tsv
status=0
fail() {
  echo "check-doc-figures: $*" >&2
  status=1
}

# The names each script gives figure_doc, as patterns: "fig13-$transport-cct-increase.png" is
# fig13-*-cct-increase.png.
patterns=() # script<TAB>pattern
while IFS= read -r line; do
  patterns+=("$line")
done < <(grep -E '^\s*figure_doc ' examples/*.sh run-experiment.sh 2>/dev/null |
  awk '{ file = $0; sub(/:.*/, "", file); split(substr($0, length(file) + 2), word, " ")
         print file "\t" word[3] }' | tr -d '"' |
  sed -E 's/\$\{?[A-Za-z_][A-Za-z_0-9]*\}?/*/g')
declare -A drawn_by=()
for png in doc/*.png; do
  [ -e "$png" ] || continue
  name=${png#doc/}
  # A name given in full before one with a variable: leaf-spine-oversubscription-*.png is not
  # leaf-spine-$workload-*.png's.
  for line in "${patterns[@]}"; do
    if [ "$name" = "${line#*$'\t'}" ]; then
      drawn_by[$name]=${line%%$'\t'*}
    fi
  done
  for line in "${patterns[@]}"; do
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    if [ -z "${drawn_by[$name]:-}" ] && [[ $name == ${line#*$'\t'} ]]; then
      drawn_by[$name]=${line%%$'\t'*}
    fi
  done
  if [ -z "${drawn_by[$name]:-}" ]; then
    fail "doc/$name: no script draws it (a figure_doc line in examples/*.sh or run-experiment.sh)"
  fi
done

declare -A recorded=()
if [ -f "$manifest" ]; then
  while IFS=$'\t' read -r name command results results_sha png_sha; do
    recorded[$name]=1
    if [ ! -f "doc/$name" ]; then
      fail "$manifest records doc/$name, which is not there"
    elif [ "$(sha256sum <"doc/$name" | cut -d' ' -f1)" != "$png_sha" ]; then
      fail "doc/$name is not the picture '$command' drew (changed since)"
    elif [ ! -f "$results" ]; then
      fail "doc/$name: its results, $results, are not here (commit them)"
    elif [ "$(sha256sum <"$results" | cut -d' ' -f1)" != "$results_sha" ]; then
      fail "doc/$name is older than its results, $results: draw it again with $command"
    fi
  done < <(tail -n +2 "$manifest")
fi
for name in $(printf '%s\n' "${!drawn_by[@]}" | sort); do
  if [ -z "${recorded[$name]:-}" ]; then
    line="doc/$name: no record of its results yet; draw it from them with ${drawn_by[$name]} --replot --doc"
    if [ "$strict" = 1 ]; then
      fail "$line"
    else
      echo "check-doc-figures: $line"
    fi
  fi
done
[ "$status" = 0 ] && echo "check-doc-figures: ${#drawn_by[@]} pictures, each drawn by a script"
exit "$status"
