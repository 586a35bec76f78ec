"""The budget curve in decisions (issue 46, item 4): how far each thinking budget of the expert is
from the choice its search settles on with far more thought, and from itself.

The arena measures what a budget wins, but a step of the budget changes a few decisions in a
hundred, and a match's luck hides that for hundreds of matches. This asks the decisions
directly. The page's expert plays ``--opponent`` (matches to 100 under ``eaai``); at each of its
searched decisions (more than one legal action) the reference ``--reference`` (by default
``expert16x``, the expert with four times its guesses and work units) decides, and each level
of ``--levels`` decides twice, with two seeds. Printed per level: how often it departs from the
reference, and how often its two seeds disagree (the search's own noise at that budget), each
with a 95% interval clustered by match, for all decisions and for the draws, the discards and
the knock chances apart.

The reference is the same search with more thought, not a different mind: agreeing with it
says a budget has settled, not that the choice is right (the arena says that).

    nice -n 19 python scripts/budget_agreement.py --opponent hunter --matches 8 --save out.json
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from collections.abc import Iterator

from turns import turns

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.tools.arena import git_state
from gin_core.tools.opponents import arena_bot, arena_names
from gin_core.view import PlayerView

LEVELS = ("expert1x", "expert2x", "expert", "expert6x")
"""The budget curve's points: a quarter, a half, once and one and a half times the page's expert."""
SEEDS = (11, 12)
"""The two seeds each level decides with (the reference's is 7)."""


KINDS = ("all", "draws", "discards", "knock chances")
"""The decisions a report is split by: all of them, then each :func:`moment` apart."""


def moment(view: PlayerView) -> str:
    """Which kind of decision a view asks for: a knock chance, a discard or a draw."""
    kinds = {a.kind for a in view.legal_actions}
    if ActionKind.KNOCK in kinds:
        return "knock chances"
    return "discards" if ActionKind.DISCARD in kinds else "draws"


def positions(opponent: str, first: int, matches: int) -> Iterator[tuple[int, PlayerView]]:
    """(match, view) at each searched decision of the page's expert against ``opponent``."""
    for seed in range(first, first + matches):
        bots = (arena_bot("expert", seed), arena_bot(opponent, seed + 1))
        for player, view, _ in turns(Match(preset("eaai"), seed=seed), bots):
            if player == 0 and len(view.legal_actions) > 1:
                yield seed, view


Tally = Counter[tuple[str, str, str, int]]  # (level, moment, "n" | "off" | "self", match) -> count


def tally(args: argparse.Namespace, saved: dict[str, object]) -> Tally:
    """Every position's decisions, counted; saved to ``--save`` after each match."""
    reference = arena_bot(args.reference, 7)
    levels = {name: [arena_bot(name, s) for s in SEEDS] for name in args.levels}
    counts: Tally = Counter()
    last = args.first
    for seed, view in positions(args.opponent, args.first, args.matches):
        if seed != last and args.save:
            save(args.save, saved, counts)
        last = seed
        ref = reference.decide(view).action
        for name, bots in levels.items():
            a, b = (bot.decide(view).action for bot in bots)
            for kind in ("all", moment(view)):
                counts[name, kind, "n", seed] += 2
                counts[name, kind, "off", seed] += (a != ref) + (b != ref)
                counts[name, kind, "self", seed] += 2 * (a != b)
    if args.save:
        save(args.save, saved, counts)
    return counts


def save(path: str, saved: dict[str, object], counts: Tally) -> None:
    """The run's counts so far, with its command and commit."""
    rows = [[*key, n] for key, n in sorted(counts.items())]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({**saved, "counts": rows}, f)


def share(counts: Tally, level: str, kind: str, what: str) -> tuple[int, float, float]:
    """(decisions, share, 95% half-width) of ``what`` among a level's decisions of ``kind``, the
    interval clustered by match (a ratio of sums; matches are independent, positions not; NaN
    from a single match)."""
    matches = sorted({m for (lv, k, w, m) in counts if lv == level and k == kind and w == "n"})
    ns = [counts[level, kind, "n", m] for m in matches]
    xs = [counts[level, kind, what, m] for m in matches]
    total = sum(ns)
    if not total:
        return 0, 0.0, 0.0
    p = sum(xs) / total
    g = len(matches)
    if g < 2:
        return total, p, math.nan  # one match: no interval
    spread = sum((x - p * n) ** 2 for x, n in zip(xs, ns, strict=True)) * g / max(g - 1, 1)
    return total, p, 1.96 * math.sqrt(spread) / total


def report(counts: Tally, levels: list[str]) -> None:
    """One line per level and kind of decision."""
    for kind in KINDS:
        print(f"{kind}:")
        for level in levels:
            n, off, off_hw = share(counts, level, kind, "off")
            _, same, same_hw = share(counts, level, kind, "self")
            print(
                f"  {level:9} decisions {n:5}  departs from the reference"
                f" {100 * off:5.1f}% ± {100 * off_hw:4.1f}  its two seeds disagree"
                f" {100 * same:5.1f}% ± {100 * same_hw:4.1f}"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="hunter")
    ap.add_argument("--matches", type=int, default=8)
    ap.add_argument("--first", type=int, default=900, help="the first match's seed")
    ap.add_argument(
        "--reference", default="expert16x", choices=arena_names(), help="who decides with more thought"
    )
    ap.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    ap.add_argument("--save", help="keep the counts (JSON), saved after every match")
    args = ap.parse_args()
    commit, dirty = git_state()
    saved: dict[str, object] = {"commit": commit, "dirty": dirty, "args": vars(args)}
    counts = tally(args, saved)
    last = args.first + args.matches - 1
    print(f"expert against {args.opponent}, matches {args.first}-{last}, commit {commit}")
    report(counts, args.levels)


if __name__ == "__main__":
    main()
