"""The deadwood this opponent held at our knocks, learnt from this match, and guesses pulled
toward it.

The sampler's guesses fit a player who keeps an ordinary hand; against one who keeps its
deadwood low (a gin hunter) they guess hands worse than the real ones, and a knock's undercut
risk comes out too small. The match's finished hands show which kind this opponent is, from
public facts only: at each of our knocks and gins the opponent showed its whole hand (the
cards laid off included). At a knock chance (see ``SearchBot.settings_for``) the weighted
guesses are tilted (each weight times ``exp(-tilt * deadwood)``) so that their mean deadwood
moves to the showdowns' mean, taken with the guesses' own mean as a prior worth
:data:`PRIOR_HANDS` hands: with no showdown yet the guesses are unchanged. Only downward: a
guess too high underprices the undercut, the risk a knock takes.
"""

from __future__ import annotations

import math

from ..arrange import min_deadwood
from ..cards import Mask
from ..view import PlayerView
from .waiting import shown_hand

PRIOR_HANDS = 4.0
"""How many showdowns the guesses' own mean deadwood is worth."""

MAX_TILT = 1.0
"""The steepest tilt: a point more of deadwood weighs at least exp(-1) times less."""

Pool = list[tuple[Mask, float]]  # proposed opponent hands and their weights


def shown_deadwood(view: PlayerView) -> tuple[int, ...]:
    """The least deadwood of each hand the opponent showed at our knocks and gins."""
    return tuple(
        min_deadwood(shown_hand(record.settlement))
        for record in view.records
        if record.settlement is not None and record.settlement.knocker == view.player
    )


def _mean(by_deadwood: dict[int, float], tilt: float) -> float:
    """The mean deadwood of the weights tilted by ``tilt`` (deadwood counted from the least)."""
    low = min(by_deadwood)
    total = mass = 0.0
    for deadwood, weight in by_deadwood.items():
        w = weight * math.exp(-tilt * (deadwood - low))
        total += w
        mass += w * deadwood
    return mass / total


def tilt_for(by_deadwood: dict[int, float], target: float) -> float:
    """The tilt in [0, :data:`MAX_TILT`] whose tilted mean is ``target`` (by bisection)."""
    lo, hi = 0.0, MAX_TILT
    for _ in range(20):
        mid = (lo + hi) / 2
        if _mean(by_deadwood, mid) > target:
            lo = mid
        else:
            hi = mid
    return hi


def pulled(pool: Pool, showdowns: tuple[int, ...]) -> Pool:
    """The weighted guesses tilted toward the mean deadwood the opponent showed (unchanged if
    it showed none, or no less than the guesses')."""
    by_deadwood: dict[int, float] = {}
    for hand, weight in pool:
        if weight and showdowns:
            deadwood = min_deadwood(hand)
            by_deadwood[deadwood] = by_deadwood.get(deadwood, 0.0) + weight
    if not by_deadwood:
        return pool
    mean = _mean(by_deadwood, 0.0)
    target = (sum(showdowns) + PRIOR_HANDS * mean) / (len(showdowns) + PRIOR_HANDS)
    if target >= mean:
        return pool
    tilt = tilt_for(by_deadwood, target)
    low = min(by_deadwood)
    return [(hand, weight and weight * math.exp(-tilt * (min_deadwood(hand) - low))) for hand, weight in pool]
