"""Verifying a puzzle: its answer must beat the runner-up clearly at ten times the hint's search.

Each move that could matter is played out on the same guesses of the hidden cards (so the
difference between two moves is measured, not their luck) by the hard level's search scaled
by :data:`SCALE` (ten times the guesses and the work units of :class:`SearchBot`), under
:data:`SEEDS` seeds. A puzzle passes when the best move is the same under every seed and its
mean margin over the runner-up, pooled over the seeds' guesses, is over :data:`SURE_ERRORS`
standard errors of that difference and over a minimum that a player would notice:
:data:`MIN_WIN` of match-win chance under rules with a target (two points in a hundred: about
a third of what a typical knock is worth at 0-0), :data:`MIN_POINTS` hand points under
one-hand rules (about the same at a 100-point target's slope of half a point of chance a point).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action
from ..analysis.coach import Strength, Trial, play_paired
from ..bots.kernel import (
    Judge,
    Knowledge,
    SearchBot,
    SearchSettings,
    Work,
    finish,
    guess_hidden,
    reason_of,
    rng_for,
)
from ..view import PlayerView

SCALE = 10
SEEDS = 5
SURE_ERRORS = 3.0
MIN_WIN = 0.02
MIN_POINTS = 4.0
STRENGTH = Strength(SearchBot.samples * SCALE, SearchBot.total_units * SCALE, wary=SearchBot.wary)


@dataclass(frozen=True)
class Verification:
    """The verifying search's verdict on some moves of a decision: each move's mean points
    and (under a target) chance to win, pooled over the seeds, best first; the margin of the
    best over the runner-up and its standard error (in chances under a target, else points);
    whether every seed ranked the same move best; and whether the puzzle passes."""

    actions: tuple[Action, ...]
    points: tuple[float, ...]
    wins: tuple[float, ...] | None
    margin: float
    error: float
    stable: bool

    @property
    def minimum(self) -> float:
        return MIN_POINTS if self.wins is None else MIN_WIN

    @property
    def clear(self) -> bool:
        return self.margin > SURE_ERRORS * self.error and self.margin > self.minimum

    @property
    def passed(self) -> bool:
        return self.stable and self.clear


def measure(view: PlayerView, actions: tuple[Action, ...], seed: int) -> list[list[float]]:
    """Per action, its points on each guess of one seed's verifying search (the same guesses
    for every action; a guess the budget cannot finish for all of them is dropped)."""
    work = Work(SearchBot.slice_units, STRENGTH.total_units, None)
    know = Knowledge.of(view)
    settings = SearchSettings(STRENGTH.samples, STRENGTH.inference, wary=STRENGTH.wary)
    found = finish(guess_hidden(know, know.holding(), settings, rng_for(seed, view), work))
    trials = [Trial(a, reason_of(view, know, a)) for a in actions]
    finish(play_paired(view, know, trials, found, STRENGTH, work))
    return [t.values for t in trials]


Measure = Callable[[PlayerView, tuple[Action, ...], int], list[list[float]]]
"""Per action, its points on each guess of one seed (:func:`measure`, or the meld choice's)."""


def verify(
    view: PlayerView, actions: tuple[Action, ...], seeds: int = SEEDS, by: Measure = measure
) -> Verification:
    """Value ``actions`` (two or more) under ``seeds`` seeds (``by`` a measure, the verifying
    search by default) and judge the best one. A search stops early, failed, once two seeds
    rank different moves best, or once two seeds' pooled margin is under half the minimum
    (more seeds could not make it clear): only a passing puzzle needs every seed."""
    judge = Judge.of(view)
    points: list[list[float]] = [[] for _ in actions]
    ranked: list[list[float]] = [[] for _ in actions]  # chances under a target, else points
    bests = set()
    for seed in range(seeds):
        values = by(view, actions, seed)
        scored = values if judge is None else [[judge(round(p)) for p in vs] for vs in values]
        bests.add(max(range(len(actions)), key=lambda k: _mean(scored[k])))
        for k in range(len(actions)):
            points[k] += values[k]
            ranked[k] += scored[k]
        result = _result(actions, points, ranked, bests, judge is not None)
        if len(bests) > 1 or (seed == 1 and result.margin < result.minimum / 2):
            break
    return result


def _result(
    actions: tuple[Action, ...],
    points: list[list[float]],
    ranked: list[list[float]],
    bests: set[int],
    by_match: bool,
) -> Verification:
    order = sorted(range(len(actions)), key=lambda k: -_mean(ranked[k]))
    diffs = [a - b for a, b in zip(ranked[order[0]], ranked[order[1]], strict=True)]
    return Verification(
        tuple(actions[k] for k in order),
        tuple(_mean(points[k]) for k in order),
        tuple(_mean(ranked[k]) for k in order) if by_match else None,
        _mean(diffs),
        _error(diffs),
        bests == {order[0]},
    )


def _mean(xs: list[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def _error(diffs: list[float]) -> float:
    if len(diffs) < 2:
        return math.inf
    mean = _mean(diffs)
    return math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
