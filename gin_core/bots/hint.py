"""The Hint button: every legal move of the player to act, valued by the hard search, best first.

Values are the expected points of this hand for the player (positive is good), measured by
playouts on guesses of the hidden cards, all moves on the same guesses, within the hard level's
budget. Like the bots, a hint is a pure function of the view and the seed.
"""

from __future__ import annotations

from typing import Generator

from ..view import PlayerView
from .base import Candidate, Work, forced_decision, rng_for
from .heuristics import discard_options
from .knowledge import Knowledge
from .search import SearchBot, Tally, describe, evaluate
from .standard import discard_decision

HintThinking = Generator[int, None, list[Candidate]]


def think_hint(view: PlayerView, seed: int = 0) -> HintThinking:
    """Like :meth:`Bot.think`: yields the units of each slice, returns the candidates."""
    acts = view.legal_actions if view.my_turn or view.phase == "hand_over" else ()
    forced = forced_decision(view) if acts else None
    if forced is not None:
        return [Candidate(forced.action, 0.0, forced.reason)]
    if not acts:
        return []
    work = Work(SearchBot.slice_units, SearchBot.total_units)
    know = Knowledge.of(view)
    holding = know.holding()
    texts = {a: describe(view, know, a) for a in acts}
    if view.phase == "discard":
        options = discard_options(know.me, know, holding, know.stock_odds(holding), work)
        for o in options:
            d = discard_decision(know, o)
            texts[d.action] = d.reason
    tallies = [Tally(a, texts[a]) for a in acts]
    yield from evaluate(view, know, holding, tallies, SearchBot.samples, SearchBot.inference,
                        rng_for(seed, view), work)
    if work.in_slice:
        yield work.cut()
    tallies.sort(key=lambda t: -t.value)
    return [Candidate(t.action, round(t.value, 2), t.reason()) for t in tallies]


def hint(view: PlayerView, seed: int = 0) -> list[Candidate]:
    """Every legal move with its estimated points and a reason, best first."""
    thinking = think_hint(view, seed)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
