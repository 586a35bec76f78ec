"""Match equity: the chance to win the match from a score, for rules with a target.

A hand's points matter by what they do to the match: 15 points at 90-85 decide it, at 0-0 they
are a start. The table here gives, for a match to the rules' target, the chance that a player
wins from (their score, the opponent's score, who deals next). It is solved exactly
(:func:`solve`) from the distribution of one hand's outcomes (:class:`Outcomes`: how often the
player who moves first scores how many points), which ``scripts/make_equity.py`` measures by
self-play and ships, with the solved tables, in :mod:`gin_core.equity_data` (loaded on first
use: the page's start-up never imports it).

The match's winner is taken to be the player who reaches the target. The rules' match-end
bonuses (game, shutout) only add to that player's total; the line bonus could decide otherwise
only for a loser who won at least five more hands than the winner, which the table ignores.
Rules that match no shipped table (custom settings) use the closest one, scores scaled to its
target. One-hand rules (no target) have no table: hand points are the value there.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, pairwise

from .errors import ArgumentError
from .rules import Rules

Shaping = int | str | bool | None

SCALE = 10_000
"""Chances are stored in units of 1/SCALE (the hint shows tenths of a percent)."""

SHAPING = (
    "knock_limit",
    "oklahoma",
    "spade_doubles",
    "first_upcard",
    "no_discard_after_pickup",
    "stock_end",
    "big_gin",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "equal_is_undercut",
    "layoff_on_gin",
    "next_dealer",
    "target",
)
"""The rules that shape a table (a hand's outcomes, who starts and deals, the target); the
others (first dealer, match-end bonuses, dead-hand limits) do not change who wins."""


@dataclass(frozen=True)
class Outcomes:
    """One hand's outcomes for the player who moves first: ``points`` pairs each signed score
    (positive: the starter scored it; negative: the other player did; 0: nobody scored, as in a
    dead hand) with its probability (they sum to 1)."""

    points: tuple[tuple[int, float], ...]

    @classmethod
    def from_counts(cls, counts: dict[int, int]) -> Outcomes:
        total = sum(counts.values())
        return cls(tuple((x, n / total) for x, n in sorted(counts.items()) if n))


def starter(rules: Rules, dealer: int, scores: tuple[int, int]) -> int:
    """Who moves first in a hand (as :class:`~gin_core.hand.Hand` deals it): the non-dealer,
    or without a first upcard the player with the lower score (the non-dealer on a tie)."""
    first = 1 - dealer
    if rules.first_upcard:
        return first
    return dealer if scores[dealer] < scores[first] else first


def dealer_after(rules: Rules, dealer: int, winner: int | None) -> int:
    """Who deals after a hand (as :func:`~gin_core.results.next_dealer`): the same dealer
    after a hand nobody scored."""
    if winner is None:
        return dealer
    if rules.next_dealer == "alternate":
        return 1 - dealer
    return winner if rules.next_dealer == "winner" else 1 - winner


def solve(rules: Rules, outcomes: Outcomes) -> list[list[list[float]]]:
    """``table[d][a][b]``: the chance that player 0 wins the match from scores (a, b) with
    player ``d`` to deal next, for scores under the target. Exact: every state depends only
    on states with a higher total, so one sweep from the top down solves it; a hand nobody
    scores repeats the state, which is divided out."""
    target = rules.target
    if target is None:
        raise ValueError("one-hand rules have no match equity")
    table = [[[0.0] * target for _ in range(target)] for _ in (0, 1)]
    scored = [(x, p) for x, p in outcomes.points if x]
    again = sum(p for x, p in outcomes.points if not x)

    def chance(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        return 0.0 if b >= target else table[d][a][b]

    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            for d in (0, 1):
                s = starter(rules, d, (a, b))
                total = 0.0
                for x, p in scored:
                    won = s if x > 0 else 1 - s
                    gain = abs(x)
                    nxt = dealer_after(rules, d, won)
                    total += p * (chance(a + gain, b, nxt) if won == 0 else chance(a, b + gain, nxt))
                table[d][a][b] = total / (1.0 - again) if again < 1.0 else 0.5
    return table


def encode(rows: list[list[float]]) -> str:
    """A square table of chances as text: in units of 1/:data:`SCALE`, each row less the row
    before, then each cell less the cell before (small numbers of a smooth table), as 16-bit
    integers, compressed, base64 (what :mod:`gin_core.equity_data` holds: 3-4 kB a table)."""
    import base64  # here: only the table's first use needs them, never the page's start-up
    import zlib

    n = len(rows)
    flat = [round(SCALE * v) for row in rows for v in row]
    down = [v - (flat[i - n] if i >= n else 0) for i, v in enumerate(flat)]
    across = array("h", [down[0], *(y - x for x, y in pairwise(down))])
    return base64.b64encode(zlib.compress(across.tobytes(), 9)).decode("ascii")


def decode(text: str) -> list[int]:
    """The flat table of :func:`encode`, in units of 1/:data:`SCALE`."""
    import base64
    import zlib

    across = array("h")
    across.frombytes(zlib.decompress(base64.b64decode(text)))
    down = list(accumulate(across))
    n = math.isqrt(len(down))
    flat, row = [], [0] * n
    for a in range(n):
        row = [x + y for x, y in zip(row, down[a * n : (a + 1) * n], strict=True)]
        flat += row
    return flat


@dataclass(frozen=True)
class MatchEquity:
    """The chances of one table: ``cells[a * target + b]`` is the chance (in 1/SCALE) that a
    player with ``a`` points wins against ``b`` points when they deal next; ``scale`` maps the
    rules' scores onto the table's target."""

    target: int
    cells: list[int]
    scale: float = 1.0

    def chance(self, mine: int, theirs: int, i_deal: bool) -> float:
        """The chance that a player with ``mine`` points wins the match against ``theirs``,
        dealing the next hand or not (1 at the target, 0 once the opponent reaches it).
        A negative score is no score of a match: refused, not read from a wrapped-around cell."""
        if mine < 0 or theirs < 0:
            raise ArgumentError(f"a match score is never negative: {mine} and {theirs}")
        if self.scale != 1.0:
            mine, theirs = round(mine * self.scale), round(theirs * self.scale)
        n = self.target
        if mine >= n:
            return 1.0
        if theirs >= n:
            return 0.0
        if i_deal:
            return self.cells[mine * n + theirs] / SCALE
        return 1.0 - self.cells[theirs * n + mine] / SCALE


def distance(rules: Rules, shaped: dict[str, Shaping]) -> int:
    """How many shaping rules differ (the target counts once)."""
    return sum(getattr(rules, name) != shaped.get(name) for name in SHAPING)


@cache
def _table(name: str) -> list[int]:
    from .equity_data import TABLES

    return decode(TABLES[name])


_LOADED: dict[Rules, MatchEquity | None] = {}


def equity_for(rules: Rules) -> MatchEquity | None:
    """The match equity of ``rules`` (``None`` for one-hand rules): the shipped table of the
    same shape, else the closest, with scores scaled to its target. Loaded on first use."""
    if rules.target is None:
        return None
    known = _LOADED.get(rules)
    if known is not None:
        return known
    from .equity_data import SHAPES

    name = min(SHAPES, key=lambda k: distance(rules, SHAPES[k]))
    target = SHAPES[name]["target"]
    assert isinstance(target, int)
    equity = _LOADED[rules] = MatchEquity(target, _table(name), target / rules.target)
    return equity


def equity_loaded(rules: Rules) -> bool:
    """True if :func:`equity_for` has nothing to load for ``rules`` (a search gives the first
    load a slice of its own)."""
    return rules.target is None or rules in _LOADED
