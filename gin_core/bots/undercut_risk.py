"""The chance that a knock is undercut, from public facts, by a model learnt offline.

Expert prices a knock exactly against each guessed hand, but its guesses hold few of the low
hands a player who waits keeps (a hand dealt low, or built in a few turns): against the gin
hunter a tenth of its knocks were undercut where its guesses foresaw far less. This model
forecasts the chance from what the knocker can see: its deadwood after the knock, how far the
hand has gone, what the opponent took, kept and threw, the cards left that could be laid off on
the knocker's melds, and how this opponent has waited or knocked earlier in the match. It is a
logistic regression over those :data:`FEATURES`, fitted by ``scripts/learn_knocks.py`` on
simulated hands against several opponent styles; its coefficients are data
(:mod:`.undercut_data`), read here. Only the view comes in, so nothing hidden can.
"""

from __future__ import annotations

import math

from ..arrange import min_deadwood
from ..cards import Mask, mask_of
from ..melds import meld_extensions
from ..view import PlayerView
from .knock_points import declared
from .knowledge import hand_events
from .undercut_data import COEFFICIENTS
from .waiting import waits_and_knocks

FEATURES = (
    "bias",
    "deadwood",  # the knocker's deadwood after the knock (1 to the knock limit)
    "deadwood_squared",  # / 10
    "stock",  # cards left in the stock / 10
    "opp_draws",  # the opponent's stock draws this hand / 10
    "opp_takes",  # the cards the opponent took from the pile this hand
    "opp_known",  # of them, the ones still in its hand
    "thrown_value",  # the mean value of the opponent's discards this hand / 10
    "layoff_room",  # unseen cards that could be laid off on the knocker's melds / 10
    "waiter",  # the opponent's hands shown at our knocks that it could have knocked with
    "knocker",  # the opponent's knocks short of gin this match
    "waiter_deadwood",  # waiter x deadwood / 10
)
"""The model's inputs, in the order of :data:`~.undercut_data.COEFFICIENTS`."""


_DEADWOOD, _DEADWOOD_SQUARED, _WAITER, _WAITER_DEADWOOD = (
    FEATURES.index(name) for name in ("deadwood", "deadwood_squared", "waiter", "waiter_deadwood")
)


def features(view: PlayerView, knocker: Mask) -> tuple[float, ...]:
    """The model's inputs for a knock leaving ``knocker`` in hand, from the view alone."""
    opp = view.opponent
    thrown = [c.value for p, c in view.discards if p == opp]
    unseen = mask_of(view.unseen())
    room = 0
    for meld in declared(knocker):
        room |= meld_extensions(meld) & unseen
    waited, knocked = waits_and_knocks(view)
    draws = sum(1 for e in hand_events(view) if e.kind == "draw_stock" and e.player == opp)
    facts = (
        1.0,
        0.0,
        0.0,
        view.stock_size / 10,
        draws / 10,
        float(len(view.pile_takes[opp])),
        float(len(view.opponent_known)),
        sum(thrown) / len(thrown) / 10 if thrown else 0.0,
        room.bit_count() / 10,
        float(min(waited, 5)),
        float(min(knocked, 5)),
        0.0,
    )
    return at_count(facts, min_deadwood(knocker))


def at_count(inputs: tuple[float, ...], deadwood: int) -> tuple[float, ...]:
    """The inputs ``inputs`` as they would be for a knock keeping ``deadwood``, every other fact
    the same: the one place that knows which inputs the knocker's count enters."""
    waiter = inputs[_WAITER]
    out = list(inputs)
    out[_DEADWOOD], out[_DEADWOOD_SQUARED] = float(deadwood), deadwood * deadwood / 10
    out[_WAITER_DEADWOOD] = waiter * deadwood / 10
    return tuple(out)


def logistic(weights: tuple[float, ...], inputs: tuple[float, ...]) -> float:
    """The logistic function of the weighted sum."""
    z = sum(w * x for w, x in zip(weights, inputs, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def undercut_risk(view: PlayerView, knocker: Mask) -> float:
    """The learnt chance that a knock leaving ``knocker`` in hand is undercut."""
    return logistic(COEFFICIENTS, features(view, knocker))
