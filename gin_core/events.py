"""The public event log: what both players saw happen, in order, with plain-words narration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card

DEAD_CAUSES = {
    "pile_limit": "The hand is dead: the pile draw limit is reached",
    "thrown_back": "The hand is dead: the {card} was taken and thrown back twice in a row",
}


@dataclass(frozen=True, slots=True)
class Event:
    """One public event. ``card`` is set only when everyone saw it (a card taken from or put on
    the pile, a cut, the first upcard); ``number`` carries a count (hand number, stock size).
    A ``dead_hand`` has a ``cause`` when the stock did not end it: ``"pile_limit"`` (the pile
    draw limit was reached) or ``"thrown_back"`` (``card`` was thrown back twice in a row)."""

    kind: str
    player: int | None = None
    card: Card | None = None
    number: int | None = None
    cause: str | None = None

    def describe(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        """One line for a log or a screen reader."""
        who = names[self.player] if self.player is not None else ""
        card = self.card.name if self.card else ""
        if self.kind == "dead_hand" and self.cause is not None:
            return DEAD_CAUSES[self.cause].format(card=card) + ": no score"
        return {
            "cut": f"{who} cuts the {card}",
            "deal": f"Hand {self.number}: {who} deals" + (f", upcard {card}" if card else ""),
            "draw_pile": f"{who} takes the {card}",
            "draw_stock": f"{who} draws from the stock",
            "pass": f"{who} passes",
            "discard": f"{who} discards the {card}",
            "knock": f"{who} knocks",
            "gin": f"{who} goes gin",
            "big_gin": f"{who} goes big gin",
            "dead_hand": f"The hand is dead with {self.number} stock cards left: no score",
            "match_over": f"{who} wins the match" if who else "The match is drawn",
        }[self.kind]
