"""Pure: the tutor's judgement of a move before it is played, from your view only.

The values are the hint's (``gin_core.think_hint`` on your :class:`PlayerView`: every legal move
valued by playouts on guesses of the hidden cards, never the hidden cards themselves), worked
out while you think, in the hint's order (:mod:`gin_core.bots.ranking`, the one order every
verdict of the page shows). A move is questioned when the best move is clearly better (its gap beyond
the ranking's noise: :data:`~gin_core.bots.ranking.CLEAR_ERRORS` paired standard errors) and
far better: by :data:`FAR_WIN` of match-win chance when the match has a target (what the hint
ranks by), else by the engine's mistake threshold (:data:`gin_core.analysis.MISTAKE_POINTS`) in points.
The reason is concrete and comes from data: the engine's diagnosis (:func:`gin_core.analysis.diagnose`:
the meld broken, the card the computer was seen collecting), the knock's record against the
guessed hands (its undercut risk), or what the better move does (the hint's reason).
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_core import Action, Candidate, Card, PlayerView
from gin_core.analysis import MISTAKE_POINTS, Mistake, diagnose, same_move
from gin_core.bots import clearly_better

from ..kit.frozen import Frozen
from ..words import narrate
from ..words.mistakes import MISTAKES

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
    why = MISTAKES[c.mistake.kind].beforehand(c.mistake, c.played.reason, c.best.reason)
    return (
        f"{narrate.action_label(c.played.action, top)}? {why} "
        f"Better: {narrate.action_label(c.best.action, top)} ({gain_words(c)})."
    )
