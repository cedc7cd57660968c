#!/usr/bin/env bash
# CTest test of tools/check-doc-tables.py on two fixture repositories: good/ (every cell
# recomputes from its CSV or a sweep's run files: precision, thousands separators, bold, a
# mean and its range, a cell's own value, sizes as keys, nested JSON fields, data: none, a
# prose table, one cell marked missing) and
# bad/ (a wrong number, a file that is not there, a run file that is not JSON, an unknown
# aggregate, a column with no source, a table with no comment). Usage: test/doc-tables/doc-tables-test.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check=$here/../../tools/check-doc-tables.py
status=0
expect() { # expect STATUS WHAT MENTION MODE... ROOT: the exit status and a line of the output
  local rc=0 output want=$1 what=$2 mention=$3
  shift 3
  output=$(python3 "$check" "$@" 2>&1) || rc=$?
  if [ "$rc" != "$want" ] || ! grep -qF -- "$mention" <<<"$output"; then
    echo "doc-tables-test: $what: exit $rc, expected $want and '$mention' in:" >&2
    echo "$output" >&2
    status=1
  fi
}
expect 0 "good, lenient" "19 cells recomputed, 0 problems" --lenient "$here/good"
expect 1 "good, strict: the missing cell fails" \
  'MISSING DATA in column "16 MiB"; rows switch AR' "$here/good"
expect 0 "good, --missing lists the missing cell" \
  'doc/tables.md:17: MISSING DATA in column "16 MiB"' --missing "$here/good"
expect 0 "good, --list lists the tables that are not results" \
  '(flags, not results)' --list "$here/good"
expect 1 "bad: a wrong number at the printed precision" \
  'line 11 row "ofan" column "CCT increase %": doc 1.9, data 1.8' --lenient "$here/bad"
expect 1 "bad: a file that is not there" \
  'doc/tables.md:14: results/nowhere/results.csv: no such results file' --lenient "$here/bad"
expect 1 "bad: a run file that is not JSON" \
  'results/fig/runs/*.json: ofan-1.json: not JSON' --lenient "$here/bad"
expect 1 "bad: an unknown aggregate" \
  "'average' is neither a number, a filter nor an aggregate" --lenient "$here/bad"
expect 1 "bad: a column with numbers and no source" \
  'column "retransmissions" has numbers and no source' --lenient "$here/bad"
expect 1 "bad, strict: a table with numbers and no comment" \
  'doc/tables.md:24: a table with numbers and no data comment' "$here/bad"
# host-dr's 10.79 and 10.8 both pass (good/); the mismatch is the only wrong number of bad/.
expect 1 "bad: one wrong number only" "5 problems" --lenient "$here/bad"
exit $status
