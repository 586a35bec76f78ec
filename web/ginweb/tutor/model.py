"""Pure: the tutor's judgement of a move before it is played: the verdict the hand's analysis
will give it once the hand is over.

The values are the engine's (``gin_core.analysis.think_decision``: every legal move judged as
``think_review`` will judge the move played, on the same view, seed, judge and strength),
worked out while you think. A move is questioned exactly when that verdict grades it a mistake
or a blunder (:func:`gin_core.analysis.grade`: a loss beyond the noise in every continuation
measured; early in the hand only a broken meld, a knock or a wait; late in it nothing; a
wait only against gin), and the question says that grade and its figure in the same line as
the hand's analysis (:func:`~ginweb.words.verdicts.prefers`), so the tutor never claims more,
or other, than the analysis will show. The reason is concrete and comes from data: the
engine's diagnosis (the meld broken, the card the computer was seen collecting, a dead pair
kept), a knock's record against the guessed hands (its undercut risk), or what the better move
does.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_core import Action, Card
from gin_core.analysis import Grade, Judged, Mistake, grade, same_move

from ..kit.frozen import Frozen
from ..words import narrate
from ..words.mistakes import MISTAKES
from ..words.verdicts import prefers


class Concern(Frozen):
    """Why the tutor asks about a move: the verdict on it, with what the two moves do."""

    judged: Judged

    @property
    def mistake(self) -> Mistake:
        """What kind of mistake, as the hand's analysis will say it."""
        found = self.judged.verdict.mistake
        assert found is not None  # concern() makes none of a move not flagged
        return found

    @property
    def grade(self) -> Grade:
        """The grade the hand's analysis will give the move (mistake or blunder)."""
        return grade(self.judged.verdict)


def concern(values: Sequence[Judged] | None, played: Action) -> Concern | None:
    """The tutor's concern about playing ``played``, or None: no values yet (the move then goes
    through: the page never waits for them), a move they do not cover, or a move the hand's analysis
    will grade less than a mistake."""
    mine = next((j for j in values or () if same_move(j.verdict.played, played)), None)
    if mine is None or mine.verdict.mistake is None:  # flagged: graded a mistake or a blunder
        return None
    return Concern(judged=mine)


def question_text(c: Concern, top: Card | None) -> str:
    """The tutor's question in words: the move, the reason, then the analysis's line on it (its
    grade, the better move and what it gains; ``top``: the face-up card, which a draw from the
    pile takes)."""
    j = c.judged
    why = MISTAKES[c.mistake.kind].beforehand(c.mistake, j.played_why, j.best_why)
    best = narrate.action_label(j.verdict.best, top)
    return f"{narrate.action_label(j.verdict.played, top)}? {why} {prefers(j.verdict, best)}"
