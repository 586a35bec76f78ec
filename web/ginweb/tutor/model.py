"""Pure: the tutor's judgement of a move before it is played, from your view only.

The values are the hint's (``gin_core.think_hint`` on your :class:`PlayerView`: every legal move
valued by playouts on guesses of the hidden cards, never the hidden cards themselves), worked
out while you think. A move is questioned when it loses more than the engine's mistake
threshold (:data:`gin_core.MISTAKE_POINTS`, the one finished hands are judged by) plus
:data:`NOISE` (the hint gives no standard error, so a fixed margin stands in for that noise
test); the reason is the engine's diagnosis (:func:`gin_core.diagnose`), put into words here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gin_core import (
    MISTAKE_POINTS,
    Action,
    Candidate,
    Card,
    Mistake,
    MistakeKind,
    PlayerView,
    diagnose,
    same_move,
)

from ..kit.frozen import Frozen
from ..words import narrate

NOISE = 4.0
"""Points of hint value added to the mistake threshold before a move is questioned: the hint's
values of the moves it set aside early come from few playouts."""


class Concern(Frozen):
    """Why the tutor asks about ``played``: the move it rates best, the points lost, the reason."""

    played: Action
    best: Action
    loss: float
    mistake: Mistake


def concern(view: PlayerView, values: Sequence[Candidate] | None, played: Action) -> Concern | None:
    """The tutor's concern about playing ``played`` on ``view``, or None: no values yet (the move
    then goes through: the page never waits for them), a move they do not cover, or a loss
    within the threshold."""
    if not values:
        return None
    best = values[0]
    mine = next((c for c in values if same_move(c.action, played)), None)
    if mine is None or same_move(best.action, played):
        return None
    loss = best.value - mine.value
    if loss <= MISTAKE_POINTS + NOISE:
        return None
    return Concern(
        played=played, best=best.action, loss=round(loss, 1), mistake=diagnose(view, played, best.action)
    )


def _cards(m: Mistake, skip: int = 1) -> str:
    return narrate.cards_words(m.cards[skip:])


REASONS: dict[MistakeKind, Callable[[Mistake], str]] = {
    MistakeKind.KNOCKED_TOO_EARLY: lambda m: "Knocking now is likely to cost you: waiting is worth more.",
    MistakeKind.WAITED_TOO_LONG: lambda m: "You can end the hand now instead.",
    MistakeKind.DISCARDED_INTO_MELD: lambda m: (
        f"The computer took {_cards(m)} from the pile: this card may join its meld."
    ),
    MistakeKind.BROKE_MELD: lambda m: f"It breaks up your meld with {_cards(m)}.",
    MistakeKind.KEPT_DEAD_PAIR: lambda m: (
        f"Your pair {_cards(m, 0)} is dead ({narrate.cards_words(m.gone)} already seen): let it go first."
    ),
    MistakeKind.TOOK_UNUSED: lambda m: "That card fits nothing in your hand.",
    MistakeKind.DREW_WRONG: lambda m: "The other draw is worth clearly more here.",
    MistakeKind.OTHER: lambda m: "Another move is worth clearly more here.",
}


def question_text(c: Concern, top: Card | None) -> str:
    """The tutor's question in words: the move, the reason, the better move and the points
    (``top``: the face-up card, which a draw from the pile takes)."""
    return (
        f"{narrate.action_label(c.played, top)}? {REASONS[c.mistake.kind](c.mistake)} "
        f"Better: {narrate.action_label(c.best, top)} "
        f"(about {c.loss:.0f} points better)."
    )
