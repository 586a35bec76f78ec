"""The ceiling: the expert playing with cards it may not see, to measure how far play can go.

Arena-only measuring bots, never offered to players and never imported by the engine or the
page. ``seer`` is the expert whose every guess of the hidden cards is the opponent's real hand
(the stock in a random order of the cards left); ``oracle`` also knows the stock's order. The
arena hands them the hand's hidden cards before each decision (:meth:`Seer.see`); everything
else (candidates, playouts, the credit, the match judge) is the expert's, so the gap between
the expert and these two is what its guesses cost, and a level's strength can be quoted as a
share of the way from ``simple`` to the ceiling.
"""

from __future__ import annotations

import random

from ..bots.base import Work
from ..bots.knowledge import Knowledge
from ..bots.search import ExpertBot, Guessing, SearchSettings
from ..cards import Mask, mask_of
from ..hand import Hand

Truth = tuple[Mask, list[int]]  # the opponent's real hand, and the real stock (the next card last)


class Seer(ExpertBot):
    """The expert whose guesses are all the opponent's real hand; the stock is shuffled."""

    name = "seer"
    sees_stock = False
    prices_undercuts = False  # a knock is scored against the real hand: its risk is known
    self_wary = 1.0  # its later knocks see the real hand too

    def __init__(self, seed: int = 0, slice_ms: float | None = None):
        super().__init__(seed, slice_ms)
        self.truth: Truth | None = None

    def see(self, hand: Hand, player: int) -> None:
        """Take in the hidden cards of the hand under way, before ``player``'s decision."""
        opponent = mask_of(hand.hands[1 - player])
        self.truth = (opponent, [card.index for card in hand.stock])

    def guess(
        self, know: Knowledge, holding: list[float], settings: SearchSettings, rng: random.Random, work: Work
    ) -> Guessing:
        """``settings.samples`` copies of the real cards (the stock shuffled afresh in each
        unless this bot sees its order)."""
        yield from ()
        if self.truth is None:
            raise ValueError(f"{self.name} plays only in the arena, which shows it the hidden cards")
        opponent, stock = self.truth
        out = []
        for _ in range(settings.samples):
            order = stock.copy()
            if not self.sees_stock:
                rng.shuffle(order)
            out.append((opponent, order))
        return out


class Oracle(Seer):
    """The expert who knows the opponent's hand and the order of the stock."""

    name = "oracle"
    sees_stock = True
