"""The page's decision times per level, measured where the page thinks (Pyodide, through
``scripts/page_think_pyodide.mjs``; CPython too): each level plays ``simple`` on the same deals
and thinks in the page's slices (``SLICE_MS``, read from ``web/ginweb/kit/background.py``),
each slice timed by the wall clock as the page's ``in_slices`` times it. The levels take turns a
decision at a time, so a change of the machine's load falls on all of them alike.

Prints per level its searched decisions (those of more than one slice): the time they think
(the slices summed: what the player waits for before the page's pacing) at p50 and p95, and
their longest slice (the longest the page is frozen) at p50, p95 and max, each with its ratio
to hard's in the same run (absolute times follow the machine's load; the ratios far less);
then the thinking of each level's draws, discards and knock chances apart (:class:`Moment`),
so a budget can be weighed where it is spent.
``expert1x``, ``expert2x`` and ``expert6x`` (arena-only, the expert with a quarter, a half and
one and a half times its playouts) show what the budget curve's other thoughts cost.

    python scripts/page_think.py [--decisions N] [--seed S] [--levels hard expert ...]
"""

from __future__ import annotations

import argparse
import ast
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.bots import BOTS, Bot, make_bot
from gin_core.bots.search import SearchBot
from gin_core.flow import Phase
from gin_core.tools.bench import sliced_decision
from gin_core.tools.opponents import OPPONENTS
from gin_core.view import PlayerView

LEVELS = sorted(
    [name for name, cls in BOTS.items() if issubclass(cls, SearchBot)] + ["expert1x", "expert2x", "expert6x"]
)
"""The levels that search (the others decide in one slice), and the budget curve's experts."""
SLICES_FROM = Path(__file__).resolve().parent.parent / "web" / "ginweb" / "kit" / "background.py"
"""The page's module that sets how long a slice of thinking runs."""


def page_slice_ms() -> float:
    """The page's ``SLICE_MS``, read from its source (importing the page needs a browser)."""
    for node in ast.parse(SLICES_FROM.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "SLICE_MS" for t in node.targets):
            return float(ast.literal_eval(node.value))
    raise LookupError(f"no SLICE_MS in {SLICES_FROM}")


def bot_of(level: str, seed: int, slice_ms: float) -> Bot:
    """A level of the page, or an arena-only bot, slicing its thinking as the page does."""
    return (OPPONENTS.get(level) or BOTS[level])(seed, slice_ms)


class Moment(StrEnum):
    """What a searched decision decides: they search different moves (two draws; up to six
    discards, and the knock when it can knock), so their thinking differs."""

    DRAW = "draw"  # a draw, the upcard's offer or the wall
    DISCARD = "discard"
    KNOCK = "knock chance"  # a discard where a knock is legal


def moment_of(view: PlayerView) -> Moment:
    """The moment of the decision ``view`` asks for."""
    if view.phase != Phase.DISCARD:
        return Moment.DRAW
    if any(a.kind == ActionKind.KNOCK for a in view.legal_actions):
        return Moment.KNOCK
    return Moment.DISCARD


def searched(level: str, seed: int, slice_ms: float) -> Iterator[tuple[Moment, list[float]]]:
    """The moment and the slices of each searched decision of ``level`` against ``simple``,
    match after match (the deals drawn from ``seed``, the same for every level)."""
    deals, bot, simple = random.Random(seed), bot_of(level, 3, slice_ms), make_bot("simple", 4)
    while True:
        match = Match(preset("eaai").replace(target=None), seed=deals.getrandbits(30))
        while (player := match.to_move) is not None:
            view = match.view(player)
            if player == 1:
                match.apply(simple.decide(view).action)
                continue
            action, slices = sliced_decision(bot, view, time.perf_counter)
            match.apply(action)
            if len(slices) > 1:
                yield moment_of(view), [1000 * t for t in slices]


@dataclass
class Times:
    """One level's searched decisions: each one's moment, thinking and longest slice, in ms."""

    moments: list[Moment] = field(default_factory=list)
    thinking: list[float] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)

    def add(self, moment: Moment, slices: list[float]) -> None:
        self.moments.append(moment)
        self.thinking.append(sum(slices))
        self.longest.append(max(slices))

    def at(self, moment: Moment) -> list[float]:
        """The thinking of this level's decisions at ``moment``."""
        return [t for m, t in zip(self.moments, self.thinking, strict=True) if m == moment]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


WARM_UP = 2
"""Each level's first searched decisions, not timed: the first loads the match-chance table and
fills caches, once a page visit, not at every decision."""


def measure(levels: list[str], decisions: int, seed: int) -> dict[str, Times]:
    """``decisions`` searched decisions of every level after its warm-up, the levels taking
    turns."""
    slice_ms = page_slice_ms()
    times = {level: Times() for level in levels}
    runs = [searched(level, seed, slice_ms) for level in levels]
    for run in runs:
        for _ in range(WARM_UP):
            next(run)
    for _ in range(decisions):
        for level, run in zip(levels, runs, strict=True):
            times[level].add(*next(run))
    return times


def figures(t: Times) -> list[float]:
    """Thinking p50 and p95, longest slice p50, p95 and max."""
    think, longest = t.thinking, t.longest
    return [pct(think, 0.5), pct(think, 0.95), pct(longest, 0.5), pct(longest, 0.95), max(longest)]


def report(times: dict[str, Times]) -> str:
    """A table of the figures, each with its ratio to hard's (if hard was measured)."""
    base = figures(times["hard"]) if "hard" in times else None
    rows = ["level | decisions | thinking p50 | p95 | longest slice p50 | p95 | max"]
    for level, t in times.items():
        own = figures(t)
        ratios = [f" ({v / b:.2f}x)" for v, b in zip(own, base, strict=True)] if base else [""] * len(own)
        cells = [f"{v:.1f} ms{r}" for v, r in zip(own, ratios, strict=True)]
        rows.append(" | ".join([level, str(len(t.thinking)), *cells]))
    return "\n".join(rows)


def report_moments(times: dict[str, Times]) -> str:
    """Each level's thinking at each moment: decisions, p50, p95 and max, in ms."""
    rows = ["level | moment | decisions | thinking p50 | p95 | max"]
    for level, t in times.items():
        for moment in Moment:
            think = t.at(moment)
            if think:
                cells = [f"{v:.1f} ms" for v in (pct(think, 0.5), pct(think, 0.95), max(think))]
                rows.append(" | ".join([level, moment.value, str(len(think)), *cells]))
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60, help="searched decisions a level")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--levels", nargs="+", default=["hard", "expert"], choices=LEVELS)
    args = parser.parse_args(argv)
    print(f"slices of {page_slice_ms()} ms (the page's SLICE_MS), wall clock, {args.decisions} a level")
    times = measure(args.levels, args.decisions, args.seed)
    print(report(times))
    print(report_moments(times))


if __name__ == "__main__":
    main()
