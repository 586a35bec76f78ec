"""The shape of a hand: its phases, the stock-end rule and how long a hand can last.

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


ENDED = (Phase.HAND_OVER, Phase.MATCH_OVER)
"""A match's phases once its hand is over: the only move left is the next deal, or none."""


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


def pile_limit_reached(rules: Rules, draws: int) -> bool:
    """True if a hand in which ``draws`` draws from the pile have now been made (the first
    upcard not counted) is dead (see ``Rules.pile_draw_limit``)."""
    limit = rules.pile_draw_limit
    return limit is not None and draws >= limit


STOCK_MOST = 32
"""The largest stock a hand starts with: 52 cards less two hands of 10 (no upcard)."""


def hand_bound(rules: Rules, pile_draws: int | None = None) -> int | None:
    """The most actions one hand can take (``next_hand`` not counted), or ``None`` if nothing
    bounds it: ``pile_draws`` bounds the draws from the pile (the bots' own bound), else the
    rules' limit.

    Proof: a turn is a draw and a discard, knock or gin (two actions). Each stock draw takes a
    card from the stock, so there are at most :data:`STOCK_MOST`; draws from the pile after the
    first upcard number at most the limit (the one reaching it ends the hand, without a
    discard). Add the upcard offer (two passes, or a pass, a take and its discard) and the
    wall (a pass, or a take and the knock): 2 * (STOCK_MOST + draws) + 6.
    """
    limits = [n for n in (rules.pile_draw_limit, pile_draws) if n is not None]
    return 2 * (STOCK_MOST + min(limits)) + 6 if limits else None
