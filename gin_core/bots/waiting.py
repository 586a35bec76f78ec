"""How often this opponent waits with a hand it could knock with, learnt from this match.

A guessed opponent hand low enough to knock is discounted by the chance that the opponent would
hold it and not knock (:attr:`Inference.could_knock`). A fixed chance fits one kind of player:
some knock at once, a gin hunter waits. The match's finished hands show which this one is, from
public facts only: each knock of the opponent is a hand it could knock with and did; each hand
it showed at our knock or gin (all its cards, those laid off included) with deadwood within the
knock limit is one it could have knocked with at its last discard and did not (the rare hand
ended before the opponent's first discard counts too, and Oklahoma's limits are taken as the
rules' limit). The estimate is the level's chance as a prior worth :data:`PRIOR_HANDS` hands,
updated by those counts (a Beta mean), so with no finished hand it is the prior unchanged.

The same counts say how often the opponent's seat in expert's playouts should be *wary* (never
knocking into an undercut, as a player who waits does): on every playout with no evidence, on
fewer as the opponent is seen knocking at once rather than waiting (:func:`wary_share`); and
how often it should wait for gin there (:func:`gin_only_share`, an arena variant's).
"""

from __future__ import annotations

from ..arrange import min_deadwood
from ..cards import Mask, mask_of
from ..scoring import Settlement
from ..view import PlayerView

PRIOR_HANDS = 4.0
"""How many observed hands the level's prior chance of waiting is worth."""

WARY_PRIOR_HANDS = 2.0
"""How many observed hands the prior that the opponent is wary (a share of 1) is worth."""


def shown_hand(done: Settlement) -> Mask:
    """The whole hand the defender showed at a knock: its arrangement and its lay-offs."""
    return mask_of(done.defender_arrangement.cards + tuple(lay.card for lay in done.layoffs))


def waits_and_knocks(view: PlayerView) -> tuple[int, int]:
    """(hands the opponent showed it could have knocked with and did not, hands it knocked
    without gin) over the match's finished hands."""
    opp, limit = view.opponent, view.rules.knock_limit
    waited = knocked = 0
    for record in view.records:
        done = record.settlement
        if done is None:
            continue
        if done.knocker == opp:
            knocked += done.kind == "knock" or done.kind == "undercut"
            continue
        waited += min_deadwood(shown_hand(done)) <= limit
    return waited, knocked


def waiting_chance(view: PlayerView, prior: float) -> float:
    """The chance that this opponent holds a hand it could knock with and does not knock."""
    waited, knocked = waits_and_knocks(view)
    return (waited + PRIOR_HANDS * prior) / (waited + knocked + PRIOR_HANDS)


def wary_share(view: PlayerView) -> float:
    """The share of playouts whose opponent is wary: 1 with no finished hand, then the Beta
    mean of its waits against its knocks, the prior 1 worth :data:`WARY_PRIOR_HANDS` hands."""
    waited, knocked = waits_and_knocks(view)
    return (waited + WARY_PRIOR_HANDS) / (waited + knocked + WARY_PRIOR_HANDS)


def gin_only_share(view: PlayerView) -> float:
    """The share of playouts whose opponent knocks only with gin: 0 with no finished hand,
    then its waits against its knocks and :data:`PRIOR_HANDS` hands, a Beta mean whose prior
    is 0. Waiting for gin is a strong model, wrong against most players, so unlike the wary
    share it starts at none and must be earned by hands seen held back."""
    waited, knocked = waits_and_knocks(view)
    return waited / (waited + knocked + PRIOR_HANDS)
