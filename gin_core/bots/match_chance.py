"""What a hand's points are worth in the match: the chance to win it, after the hand ends.

A search level values each playout by the match equity of the score it reaches (see
:mod:`gin_core.equity`), so knocking, waiting and the undercut risk follow the score: when a
knock would win the match it is worth far more than its points; when the opponent is a gin
away from the target, a knock that risks an undercut is worth less.
"""

from __future__ import annotations

from ..equity import MatchEquity, dealer_after, equity_for
from ..view import PlayerView

SLOPE_SPAN = 10
"""Points either side of the score over which a point's worth in chances is measured."""


class Judge:
    """The chance that this player wins the match once the hand in progress ends with
    ``points`` for them (negative: for the opponent; 0: nobody scored), for one decision.
    Called once per playout: results are kept per score."""

    __slots__ = ("dealer", "equity", "known", "me", "multiplier", "rules", "scores")

    def __init__(self, view: PlayerView, equity: MatchEquity):
        self.equity = equity
        self.rules = view.rules
        self.me = view.player
        self.dealer = view.dealer
        self.multiplier = view.multiplier
        self.scores = (view.scores[view.player], view.scores[view.opponent])
        self.known: dict[int, float] = {}

    @classmethod
    def of(cls, view: PlayerView) -> Judge | None:
        """The judge of ``view``'s decision, or ``None`` under one-hand rules (hand points are
        the value there)."""
        equity = equity_for(view.rules)
        return None if equity is None else cls(view, equity)

    def __call__(self, points: int) -> float:
        known = self.known.get(points)
        if known is not None:
            return known
        mine, theirs = self.scores
        gain = points * self.multiplier
        winner = None if not gain else (self.me if gain > 0 else 1 - self.me)
        deals = dealer_after(self.rules, self.dealer, winner) == self.me
        if gain > 0:
            mine += gain
        else:
            theirs -= gain
        chance = self.known[points] = self.equity.chance(mine, theirs, deals)
        return chance

    @property
    def slope(self) -> float:
        """What one point of this hand is worth in chances to win the match, at this score (the
        rate at which the search's credit in points becomes a credit in chances)."""
        return (self(SLOPE_SPAN) - self(-SLOPE_SPAN)) / (2 * SLOPE_SPAN)
