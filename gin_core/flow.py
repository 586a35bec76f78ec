"""The shape of a hand: its phases and the stock-end rule.

Shared by the hand's state machine and the bots' playouts, which may not import
:mod:`gin_core.hand` (it holds the hidden cards), so the rule is written once.
"""

from __future__ import annotations

from enum import StrEnum

from .rules import Rules


class Phase(StrEnum):
    """Where a hand or match stands. A :class:`Hand` goes through ``offer`` (the first upcard is
    offered), ``draw``, ``wall`` (two stock cards left under the wall rule), ``discard`` and
    ``over``; a match reports a finished hand as ``hand_over`` and its end as ``match_over``.
    Members are strings, so ``view.phase == "discard"`` still holds."""

    OFFER = "offer"
    DRAW = "draw"
    WALL = "wall"
    DISCARD = "discard"
    OVER = "over"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


def dead_after_discard(rules: Rules, left: int) -> bool:
    """The stock-end rule: True if a discard leaving ``left`` stock cards ends the hand with no
    score (the one place it is written; the bots' playouts use it too)."""
    end = rules.stock_end
    return (
        (end == "two_left" and left <= 2)
        or (end == "one_left" and left <= 1)
        or (end == "empty" and left == 0)
    )


def at_the_wall(rules: Rules, left: int) -> bool:
    """True if, with ``left`` stock cards, the next player faces the wall (take to knock, or
    pass and the hand is dead)."""
    return rules.stock_end == "wall" and left <= 2
