"""A candidate against a baseline pair by pair, pooled over several opponents' runs.

The arena's ``--merge … --against …`` compares two players on the deals of one opponent, and
its merge needs a run's parts to follow each other without a gap. A criterion that pools
opponents (session 43's) or a candidate played in separate spans needs the pairs themselves:
each ``--pair CANDIDATE BASELINE`` names the saved parts (comma-separated) of the candidate's
and the baseline's runs against one opponent; the pairs both played are compared, and the
changes of a pair's share, and of net points a hand, are pooled over every group with the
arena's intervals (each pair a draw, so the intervals are clustered by pair)::

    cd benchmarks/runs/parts && python ../../../scripts/pooled_change.py \\
        --pair s43-hd-expert-hunter-268.json.gz s42-expert-hunter-268.json.gz \\
        --pair s43-hd-expert-simple-3497.json.gz s42-expert-simple-3497.json.gz
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from gin_core.tools.arena import Part, change_summary, points_summary
from gin_core.tools.opponents import current_name

Nets = list[list[int]]  # each pair's [net points, hands] for A, as a part saves them


@dataclass
class Compared:
    """A candidate against a baseline on the pairs both played: the change of each pair's share,
    and each side's nets on those pairs (``None`` if a part was saved before nets were kept)."""

    changes: list[float]
    mine: Nets | None
    theirs: Nets | None

    def __add__(self, other: Compared) -> Compared:
        """Both comparisons' pairs together (nets only if both have them)."""
        both = self.mine is not None and other.mine is not None
        return Compared(
            self.changes + other.changes,
            (self.mine or []) + (other.mine or []) if both else None,
            (self.theirs or []) + (other.theirs or []) if both else None,
        )

    def summary(self) -> str:
        """Pairs, better and worse, the sign test, the mean change of a pair's share with its 95%
        interval, and the change of net points a hand with its own (the arena's words)."""
        line = f"{len(self.changes)} pairs, {change_summary(self.changes)}"
        if self.mine is None or self.theirs is None:
            return line
        return f"{line}; {points_summary(self.mine, self.theirs)}"


def by_pair(paths: str) -> tuple[Part, dict[int, float], dict[int, list[int]] | None]:
    """The first part of ``paths`` (comma-separated parts of one run, a candidate's parts saved
    under the name of the level that adopted it included), every pair's share of A's wins, and
    every pair's nets (``None`` if a part has none); a pair saved twice must have the same share."""
    parts = [Part.load(p) for p in paths.split(",")]
    head = parts[0]
    shares: dict[int, float] = {}
    nets: dict[int, list[int]] | None = {}
    run = (current_name(head.a), head.b, head.rules, head.seed)
    for part in parts:
        if (current_name(part.a), part.b, part.rules, part.seed) != run:
            raise ValueError(f"parts of different runs: {head.a}-{head.b} and {part.a}-{part.b}")
        for k, share in enumerate(part.shares, part.first_pair):
            if shares.setdefault(k, share) != share:
                raise ValueError(f"pair {k} saved twice with different results")
        if part.nets is None or nets is None:
            nets = None
        else:
            nets.update(enumerate(part.nets, part.first_pair))
    return head, shares, nets


def compared(candidate: str, baseline: str) -> tuple[str, Compared]:
    """A line for one opponent, and the comparison on the pairs both played."""
    run, mine, my_nets = by_pair(candidate)
    base, theirs, their_nets = by_pair(baseline)
    if (run.b, run.rules, run.seed) != (base.b, base.rules, base.seed):
        raise ValueError(f"not the same deals: against {run.b} and against {base.b}")
    common = sorted(mine.keys() & theirs.keys())
    if not common:
        raise ValueError(f"no pair in common: {run.a}'s and {base.a}'s runs against {run.b}")
    changes = [mine[k] - theirs[k] for k in common]
    if my_nets is None or their_nets is None:
        found = Compared(changes, None, None)
    else:
        found = Compared(changes, [my_nets[k] for k in common], [their_nets[k] for k in common])
    return f"{run.a} v {run.b}, against {current_name(base.a)}: {found.summary()}", found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, action="append", required=True, metavar=("CANDIDATE", "BASELINE"))
    args = parser.parse_args(argv)
    pooled: Compared | None = None
    for candidate, baseline in args.pair:
        try:
            line, found = compared(candidate, baseline)
        except (OSError, ValueError) as e:
            parser.error(str(e))
        print(line)
        pooled = found if pooled is None else pooled + found
    assert pooled is not None  # argparse requires a --pair
    print(f"pooled: {pooled.summary()}")


if __name__ == "__main__":
    main()
