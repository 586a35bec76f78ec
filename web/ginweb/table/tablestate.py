"""What the page adds to the engine's view of the table: the showdown's stage, the card just
drawn, the hint, the keyboard focus, whether the computer is thinking,
whether the table is covered for the handover between two people. Plain values, owned by
the session (written by it, its plays and its play states) and read by the presenter."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Motion(StrEnum):
    """How the cards go to their new places when the screen is drawn after a change."""

    NONE = "none"  # they are simply there (a resumed table, a dialog's step, a setting)
    MOVE = "move"  # each glides from where it was (a new card: from where it came)
    DEAL = "deal"  # new cards come from the stock (a new hand)


class Stage(IntEnum):
    """How far the showdown of a finished hand has been shown (one step at a time, so a person
    can follow it)."""

    LIVE = 0  # the hand is in play (or its end not shown yet)
    LAID_OUT = 1  # both hands laid out as melds and deadwood
    LAYING_OFF = 2  # the defender's lay-offs are being made, ``TableState.laid`` so far
    RESULT = 3  # the result is shown


@dataclass
class TableState:
    focus: str | None = None  # the hand card holding the roving tabindex
    drawn: str | None = None  # the card you just drew (highlighted)
    hint: str | None = None  # the hand card, "stock" or "pile" the hint suggests
    stage: Stage = Stage.LIVE
    laid: int = 0  # lay-offs made so far while LAYING_OFF
    thinking: bool = False  # the computer is choosing its move
    handover: bool = False  # two people: the table is covered until the next person is ready
