#!/usr/bin/env bash
# CTest test of tools/check-doc-figures.sh on a repository of its own making: it passes where
# a script draws every picture, and fails on a picture no script draws, on one changed since
# its script copied it, on one older than its results and on one whose results are not there.
# Usage: test/figures/doc-figures-test.sh
set -euo pipefail
check=$(cd "$(dirname "$0")/../.." && pwd)/tools/check-doc-figures.sh
repo=$(mktemp -d "${TMPDIR:-/tmp}/doc-figures.XXXXXX")
trap 'rm -rf "$repo"' EXIT
mkdir -p "$repo/doc" "$repo/examples" "$repo/results/fig"
# shellcheck disable=SC2016 # the script's line, its variables unexpanded
printf 'figure_doc "$out/$half/a.png" "fig-$half-a.png"\n' >"$repo/examples/fig.sh"
echo 1 >"$repo/results/fig/results.csv"
echo picture >"$repo/doc/fig-permutation-a.png"
status=0
expect() { # expect STATUS WHAT MENTION: the check's exit status and a mention in its output
  local rc=0 output
  output=$("$check" "$repo" 2>&1) || rc=$?
  if [ "$rc" != "$1" ] || ! grep -qF -- "$3" <<<"$output"; then
    echo "doc-figures-test: $2: exit $rc, expected $1 and '$3' in:" >&2
    echo "$output" >&2
    status=1
  fi
}
expect 0 "a picture a script draws, no record yet" "fig.sh --replot --doc"
if "$check" --strict "$repo" >/dev/null 2>&1; then
  echo "doc-figures-test: --strict passed a picture without a record" >&2
  status=1
fi
echo picture >"$repo/doc/by-hand.png"
expect 1 "a picture no script draws" "doc/by-hand.png: no script draws it"
rm "$repo/doc/by-hand.png"
sha() { sha256sum <"$1" | cut -d' ' -f1; }
record() { # record RESULTS_SHA: doc/figures.tsv as the script's --doc writes it
  printf 'png\tcommand\tresults\tresults_sha256\tpng_sha256\n' >"$repo/doc/figures.tsv"
  printf 'fig-permutation-a.png\texamples/fig.sh --replot --doc\tresults/fig/results.csv\t%s\t%s\n' \
    "$1" "$(sha "$repo/doc/fig-permutation-a.png")" >>"$repo/doc/figures.tsv"
}
record "$(sha "$repo/results/fig/results.csv")"
expect 0 "a picture drawn from its results as they are" "1 pictures, each drawn by a script"
echo 2 >"$repo/results/fig/results.csv"
expect 1 "results changed since the picture" "older than its results"
mv "$repo/results/fig/results.csv" "$repo/results/fig/moved.csv"
expect 1 "results not committed" "results/fig/results.csv, are not here"
mv "$repo/results/fig/moved.csv" "$repo/results/fig/results.csv"
record "$(sha "$repo/results/fig/results.csv")"
echo edited >"$repo/doc/fig-permutation-a.png"
expect 1 "a picture changed by hand" "changed since"
exit "$status"
