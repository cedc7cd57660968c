#!/usr/bin/env python3
"""Compares one fabric-lb-sim run on one rank with the same run spread over
several ranks (ns-3's MPI engine): both complete every message and deliver the
same data, and the completion time and each stage's worst-case link overload
(over_share, bytes counted on the rank of the port's node and summed) agree
within TOLERANCE. Simultaneous events
reach a rank from another in a different order than within one process (ns-3
breaks ties by insertion order), so queues, and through them completion times,
may differ slightly (doc/performance.md gives the measured spread).

Usage: tools/compare-ranks.py ONE_RANK.json MANY_RANKS.json
"""
import json
import sys

TOLERANCE = 0.01  # relative, on the collective completion time and the link overloads


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    one, many = (json.load(open(path)) for path in sys.argv[1:])
    problems = []
    for run, name in ((one, "one rank"), (many, "several ranks")):
        if run["messages_completed"] != run["messages"]:
            problems.append(f"{name}: {run['messages_completed']} of {run['messages']} messages completed")
    for field in ("messages", "bound_ns", "packets_delivered"):
        if one[field] != many[field]:
            problems.append(f"{field}: {one[field]} on one rank, {many[field]} on several")
    spread = abs(many["cct_ns"] - one["cct_ns"]) / one["cct_ns"]
    if spread > TOLERANCE:
        problems.append(f"CCT {one['cct_ns']} ns on one rank, {many['cct_ns']} ns on several")
    for stage, share in one.get("over_share", {}).items():
        if abs(many.get("over_share", {}).get(stage, 0) - share) > TOLERANCE * share:
            problems.append(f"{stage} over_share: {share} on one rank, {many['over_share'][stage]} on several")
    for problem in problems:
        print(f"compare-ranks: {problem}", file=sys.stderr)
    print(f"compare-ranks: CCT {one['cct_ns']} ns on one rank, {many['cct_ns']} ns on several "
          f"({100 * spread:.3f}% apart)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
