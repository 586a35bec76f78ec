"""Pure: the tutor's judgement of a move before it is played, from your view only.

The values are the hint's (``gin_core.think_hint`` on your :class:`PlayerView`: every legal move
valued by playouts on guesses of the hidden cards, never the hidden cards themselves), worked
out while you think, in the hint's order (:mod:`gin_core.bots.ranking`, the one order every
verdict of the page shows). A move is questioned when the best move is clearly better (its gap beyond
the ranking's noise: :data:`~gin_core.bots.ranking.CLEAR_ERRORS` paired standard errors) and
far better: by :data:`FAR_WIN` of match-win chance when the match has a target (what the hint
ranks by), else by the engine's mistake threshold (:data:`gin_core.MISTAKE_POINTS`) in points.
The reason is concrete and comes from data: the engine's diagnosis (:func:`gin_core.diagnose`:
the meld broken, the card the computer was seen collecting), the knock's record against the
guessed hands (its undercut risk), or what the better move does (the hint's reason).
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
    clearly_better,
    diagnose,
    same_move,
)

from ..kit.frozen import Frozen
from ..words import narrate

FAR_WIN = 0.02
"""Match-win chance a move must lose to be questioned under a target: two points in a hundred,
the engine's least gap a player would notice (``gin_core`` verifies its set of answers with it)."""


class Concern(Frozen):
    """Why the tutor asks about ``played``: its values and the best move's (the hint's)."""

    played: Candidate
    best: Candidate
    mistake: Mistake

    @property
    def by_match(self) -> bool:
        return self.best.win is not None and self.played.win is not None

    @property
    def loss(self) -> float:
        """What the move gives away in the unit the hint ranks by (a chance, or points)."""
        if self.best.win is not None and self.played.win is not None:
            return self.best.win - self.played.win
        return self.best.value - self.played.value


def concern(view: PlayerView, values: Sequence[Candidate] | None, played: Action) -> Concern | None:
    """The tutor's concern about playing ``played`` on ``view``, or None: no values yet (the move
    then goes through: the page never waits for them), a move they do not cover, or a move the
    best is not clearly and far better than."""
    if not values:
        return None
    best = values[0]
    mine = next((c for c in values if same_move(c.action, played)), None)
    if mine is None or same_move(best.action, played):
        return None
    found = Concern(played=mine, best=best, mistake=diagnose(view, played, best.action))
    far = FAR_WIN if found.by_match else MISTAKE_POINTS
    if found.loss < far or not clearly_better(found.loss, mine.error):
        return None
    return found


def _cards(m: Mistake, skip: int = 1) -> str:
    return narrate.cards_words(m.cards[skip:])


def knock_risk(c: Concern) -> str:
    """A knock's record against the hands the computer likely holds (its undercut risk)."""
    why = c.played.reason
    if why.wins is None:
        return "Knocking now is likely to cost you: waiting is worth more."
    count = "" if why.deadwood is None else f" with {why.deadwood}"
    return (
        f"Knocking{count} wins against {why.wins}% of the hands the computer likely holds; "
        f"against the other {100 - why.wins}% it is undercut (or even): waiting is worth more."
    )


def better_does(c: Concern, lead: str = "") -> str:
    """What the better move does, in the hint's words (after ``lead``, if given)."""
    text = narrate.reason_words(c.best.reason, odds=False)
    return f"{lead}{text[:1].lower()}{text[1:]}." if lead else f"{text}."


def other_reason(c: Concern) -> str:
    """A move of no named kind: the deadwood each leaves when they differ, else what the
    better move does."""
    m = c.mistake
    if m.deadwood is not None and m.best_deadwood is not None and m.deadwood != m.best_deadwood:
        return f"It leaves {m.deadwood} deadwood where the better move leaves {m.best_deadwood}."
    return better_does(c)


REASONS: dict[MistakeKind, Callable[[Concern], str]] = {
    MistakeKind.KNOCKED_TOO_EARLY: knock_risk,
    MistakeKind.WAITED_TOO_LONG: lambda c: better_does(c, "You can end the hand now: "),
    MistakeKind.DISCARDED_INTO_MELD: lambda c: (
        f"The computer took {_cards(c.mistake)} from the pile: "
        f"{narrate.cards_words(c.mistake.cards[:1])} may join its meld."
    ),
    MistakeKind.BROKE_MELD: lambda c: f"It breaks up your meld with {_cards(c.mistake)}.",
    MistakeKind.KEPT_DEAD_PAIR: lambda c: (
        f"Your pair {_cards(c.mistake, 0)} is dead ({narrate.cards_words(c.mistake.gone)} already "
        "seen): let it go first."
    ),
    MistakeKind.TOOK_UNUSED: lambda c: f"{_cards(c.mistake, 0)} fits nothing in your hand.",
    MistakeKind.DREW_WRONG: lambda c: better_does(c, "The other draw: "),
    MistakeKind.OTHER: other_reason,
}


def gain_words(c: Concern) -> str:
    """How much better the better move is, in the hint's unit: match-win chance under a target."""
    if c.by_match and c.best.win is not None and c.played.win is not None:
        return (
            f"about {100 * c.loss:.1f} points more chance to win the match: "
            f"{100 * c.best.win:.1f}% against {100 * c.played.win:.1f}%"
        )
    return f"about {c.loss:.0f} points better"


def question_text(c: Concern, top: Card | None) -> str:
    """The tutor's question in words: the move, the reason, the better move and what it gains
    (``top``: the face-up card, which a draw from the pile takes)."""
    return (
        f"{narrate.action_label(c.played.action, top)}? {REASONS[c.mistake.kind](c)} "
        f"Better: {narrate.action_label(c.best.action, top)} ({gain_words(c)})."
    )
