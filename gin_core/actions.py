"""Actions a player can take, as immutable values with a text form that parses back."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, CardError
from .checks import describe
from .errors import GinError
from .melds import Meld, MeldError


class ActionKind(StrEnum):
    """The moves: draw from the stock or the pile, pass (the first upcard, or at the wall),
    discard, knock or gin (naming the card put down), big gin, deal the next hand. Members are
    strings, so ``action.kind == "knock"`` still holds."""

    DRAW_STOCK = "draw_stock"
    DRAW_PILE = "draw_pile"
    PASS = "pass"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    NEXT_HAND = "next_hand"


WITH_CARD = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)
WITHOUT_CARD = (
    ActionKind.DRAW_STOCK,
    ActionKind.DRAW_PILE,
    ActionKind.PASS,
    ActionKind.BIG_GIN,
    ActionKind.NEXT_HAND,
)
KINDS = WITH_CARD + WITHOUT_CARD
DECLARING = (ActionKind.KNOCK, ActionKind.GIN)  # the actions that may declare the knocker's melds
ENDING = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)  # the actions that end a hand by choice


class ActionError(GinError):
    """Raised for text or values that are not an action."""


def action_kind(text: str) -> ActionKind:
    """The kind named by ``text`` (an :class:`ActionKind` is a string too)."""
    if not isinstance(text, str) or text not in KINDS:
        raise ActionError(f"no such action: {describe(text)}; actions: {', '.join(KINDS)}")
    return ActionKind(text)


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``discard``, ``knock`` and ``gin`` name the card put on the pile (face down for
    a knock or gin); ``pass`` declines the first upcard or, at the wall, ends the hand. A knock
    or gin may declare the knocker's ``melds`` (without them the engine declares the default,
    see :mod:`gin_core.declare`); they are kept in the order of their lowest card."""

    kind: ActionKind
    card: Card | None = None
    melds: tuple[Meld, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", action_kind(self.kind))
        if (self.kind in WITH_CARD) != isinstance(self.card, Card):
            need = "needs a card" if self.kind in WITH_CARD else "takes no card"
            raise ActionError(f"action {self.kind} {need}")
        if self.melds is not None:
            if self.kind not in DECLARING:
                raise ActionError(f"action {self.kind} declares no melds")
            if not self.melds or not all(isinstance(m, Meld) for m in self.melds):
                raise ActionError("declared melds must be one or more melds")
            object.__setattr__(self, "melds", tuple(sorted(self.melds, key=lambda m: min(m.cards))))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``"draw_stock"``, ``"discard 7H"``, ``"knock TD"``, ``"knock TD 2H-3H-4H 5S-5D-5C"``..."""
        if not isinstance(text, str):
            raise ActionError(f"an action must be text, not {type(text).__name__}")
        parts = text.split()
        if not parts or (len(parts) > 2 and parts[0].lower() not in DECLARING):
            raise ActionError(f"not an action: {describe(text)}")
        try:
            card = Card.parse(parts[1]) if len(parts) >= 2 else None
            melds = tuple(Meld.parse(p) for p in parts[2:]) if len(parts) > 2 else None
        except (CardError, MeldError) as e:
            raise ActionError(f"not an action: {describe(text)} ({e})") from None
        return cls(action_kind(parts[0].lower()), card, melds)

    @property
    def put(self) -> Card:
        """The card a discard, knock or gin puts down (an :class:`ActionError` for the others)."""
        if self.card is None:
            raise ActionError(f"action {self.kind} puts down no card")
        return self.card

    def __str__(self) -> str:
        text = self.kind.value if self.card is None else f"{self.kind} {self.card}"  # a plain str
        return text if self.melds is None else " ".join([text, *map(str, self.melds)])
