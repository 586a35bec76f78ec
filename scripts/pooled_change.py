"""A candidate against a baseline pair by pair, pooled over several opponents' runs.

The arena's ``--merge … --against …`` compares two players on the deals of one opponent, and
its merge needs a run's parts to follow each other without a gap. A criterion that pools
opponents (session 43's) or a candidate played in separate spans needs the pairs themselves:
each ``--pair CANDIDATE BASELINE`` names the saved parts (comma-separated) of the candidate's
and the baseline's runs against one opponent; the pairs both played are compared, and the
changes of a pair's share are pooled over every group with the arena's interval (each pair a
draw, so the interval is clustered by pair)::

    cd benchmarks/runs/parts && python ../../../scripts/pooled_change.py \\
        --pair s43-hd-expert-hunter-268.json.gz s42-expert-hunter-268.json.gz \\
        --pair s43-hd-expert-simple-3497.json.gz s42-expert-simple-3497.json.gz
"""

from __future__ import annotations

import argparse

from gin_core.tools.arena import Part, change_summary


def shares_by_pair(paths: str) -> tuple[Part, dict[int, float]]:
    """The first part of ``paths`` (comma-separated parts of one run) and every pair's share
    of A's wins; a pair saved twice must have the same share."""
    parts = [Part.load(p) for p in paths.split(",")]
    head = parts[0]
    shares: dict[int, float] = {}
    for part in parts:
        if (part.a, part.b, part.rules, part.seed) != (head.a, head.b, head.rules, head.seed):
            raise ValueError(f"parts of different runs: {head.a}-{head.b} and {part.a}-{part.b}")
        for k, share in enumerate(part.shares, part.first_pair):
            if shares.setdefault(k, share) != share:
                raise ValueError(f"pair {k} saved twice with different results")
    return head, shares


def compared(candidate: str, baseline: str) -> tuple[str, list[float]]:
    """A line for one opponent, and the changes of a pair's share on the pairs both played."""
    run, mine = shares_by_pair(candidate)
    base, theirs = shares_by_pair(baseline)
    if (run.b, run.rules, run.seed) != (base.b, base.rules, base.seed):
        raise ValueError(f"not the same deals: against {run.b} and against {base.b}")
    common = sorted(mine.keys() & theirs.keys())
    if not common:
        raise ValueError(f"no pair in common: {run.a}'s and {base.a}'s runs against {run.b}")
    changes = [mine[k] - theirs[k] for k in common]
    return f"{run.a} v {run.b}, against {base.a}: {summary(changes)}", changes


def summary(changes: list[float]) -> str:
    """How many pairs, then the arena's words for their changes."""
    return f"{len(changes)} pairs, {change_summary(changes)}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, action="append", required=True, metavar=("CANDIDATE", "BASELINE"))
    args = parser.parse_args(argv)
    pooled: list[float] = []
    for candidate, baseline in args.pair:
        try:
            line, changes = compared(candidate, baseline)
        except (OSError, ValueError) as e:
            parser.error(str(e))
        print(line)
        pooled += changes
    print(f"pooled: {summary(pooled)}")


if __name__ == "__main__":
    main()
