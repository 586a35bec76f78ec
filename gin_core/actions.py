"""Actions a player can take, as immutable values with a text form that parses back."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardError
from .errors import GinError

WITH_CARD = ("discard", "knock", "gin")
WITHOUT_CARD = ("draw_stock", "draw_pile", "pass", "big_gin", "next_hand")
KINDS = WITH_CARD + WITHOUT_CARD


class ActionError(GinError):
    """Raised for text or values that are not an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``discard``, ``knock`` and ``gin`` name the card put on the pile (face down for
    a knock or gin); ``pass`` declines the first upcard or, at the wall, ends the hand."""

    kind: str
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ActionError(f"no such action: {self.kind!r}; actions: {', '.join(KINDS)}")
        if (self.kind in WITH_CARD) != isinstance(self.card, Card):
            need = "needs a card" if self.kind in WITH_CARD else "takes no card"
            raise ActionError(f"action {self.kind} {need}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``"draw_stock"``, ``"discard 7H"``, ``"knock TD"``..."""
        if not isinstance(text, str):
            raise ActionError(f"an action must be text, not {type(text).__name__}")
        parts = text.split()
        if not parts or len(parts) > 2:
            raise ActionError(f"not an action: {text!r}")
        try:
            card = Card.parse(parts[1]) if len(parts) == 2 else None
        except CardError as e:
            raise ActionError(str(e)) from None
        return cls(parts[0].lower(), card)

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"


def draw_stock() -> Action:
    return Action("draw_stock")


def draw_pile() -> Action:
    return Action("draw_pile")


def pass_() -> Action:
    return Action("pass")


def discard(card: Card | str) -> Action:
    return Action("discard", card if isinstance(card, Card) else Card.parse(card))


def knock(card: Card | str) -> Action:
    return Action("knock", card if isinstance(card, Card) else Card.parse(card))


def gin(card: Card | str) -> Action:
    return Action("gin", card if isinstance(card, Card) else Card.parse(card))


def big_gin() -> Action:
    return Action("big_gin")


def next_hand() -> Action:
    return Action("next_hand")
