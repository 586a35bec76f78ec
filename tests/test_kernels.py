"""The bots' kernels take their state as values: a :class:`PlayoutState` for a playout and a
:class:`SearchSettings` for a search. These tests pin what the kernels computed on fixed states
before those values existed (the digests were taken from the bare-int signatures), so the
values carry exactly what the kernels need, and the random draws happen in the same order.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from gin_core import preset
from gin_core.bots.rollout import PlayoutState, playout
from gin_core.cards import Mask
from gin_core.flow import Phase
from gin_core.rules import Rules

PRESET_NAMES = ("eaai", "classic", "big_gin", "openspiel", "tournament")


def digest(items: list[object]) -> str:
    h = hashlib.sha256()
    for x in items:
        h.update(repr(x).encode() + b"\n")
    return h.hexdigest()[:16]


def playout_starts(n: int, seed: int = 7) -> Iterator[tuple[Rules, int, PlayoutState, int]]:
    """(rules, knock limit, state, wary) of ``n`` random hands in progress: every phase, stocks
    from full to empty, the upcard passed once or not, the stock-only draw, a forbidden card,
    knock limits down to gin, every wary pair, rules with every stock end and big gin."""
    rng = random.Random(seed)
    for _ in range(n):
        rules = preset(rng.choice(PRESET_NAMES))
        deck = list(range(52))
        rng.shuffle(deck)
        hands: list[Mask] = [sum(1 << c for c in deck[:10]), sum(1 << c for c in deck[10:20])]
        rest = deck[20:]
        thrown = rng.randrange(0, 29)
        pile, stock = rest[: 1 + thrown], rest[1 + thrown :]
        turn = rng.randrange(2)
        phase = rng.choice((Phase.OFFER, Phase.DRAW, Phase.DRAW, Phase.DISCARD, Phase.DISCARD))
        forbidden = passes = 0
        stock_only = False
        if phase == Phase.OFFER:
            pile, stock = pile[:1], pile[1:] + stock
            passes = rng.randrange(2)
        elif phase == Phase.DRAW:
            stock_only = rng.random() < 0.2
        else:
            if rng.random() < 0.5 and pile:
                card = pile.pop()
                forbidden = 1 << card if rules.no_discard_after_pickup else 0
            else:
                card = stock.pop()
            hands[turn] |= 1 << card
        limit = rules.knock_limit if rng.random() < 0.8 else rng.choice((0, 1, 5))
        wary = rng.randrange(4)
        state = PlayoutState(hands, pile, stock, turn, phase, forbidden, passes, stock_only)
        yield rules, limit, state, wary


def test_playouts_from_fixed_states_are_unchanged():
    results = [playout(rules, limit, state, wary) for rules, limit, state, wary in playout_starts(400)]
    assert results[:8] == [(14, 17), (-30, 13), (-5, 37), (0, 25), (9, 43), (0, 9), (16, 25), (2, 33)]
    assert sum(units for _, units in results) == 11101
    assert digest(results) == "538d1e6ce37341b4"


def test_a_playout_state_holds_what_it_is_given_and_is_consumed():
    hands = [0b111, 0b111000]
    state = PlayoutState(hands, [7], [8, 9], 1, Phase.OFFER, passes=1)
    assert (state.hands, state.pile, state.stock, state.turn, state.phase) == (hands, [7], [8, 9], 1, "offer")
    assert (state.forbidden, state.passes, state.stock_only) == (0, 1, False)
    assert "PlayoutState(" in repr(state)
    rules, limit, start, wary = next(playout_starts(1))
    stock = list(start.stock)
    playout(rules, limit, start, wary)
    assert start.stock != stock  # the lists are the playout's to use up
