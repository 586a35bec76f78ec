"""A verdict of ``gin_core.analysis`` in words: its grade and what the better move is worth, one
line for the hand's analysis after the hand and for the tutor before the move (a learner reads
the same words and the same figure, :attr:`~gin_core.analysis.Verdict.loss` and ``win_loss``,
in both)."""

from __future__ import annotations

from gin_core.analysis import Grade, Verdict, grade

GRADE_WORDS = {Grade.INACCURACY: "Inaccuracy", Grade.MISTAKE: "Mistake", Grade.BLUNDER: "Blunder"}
"""The grades of a decision that cost something, as a line starts with them."""


def points(value: float) -> str:
    return f"{value:.1f} point{'s' if round(value, 1) != 1 else ''}"


def worth(value: float, win: float | None) -> str:
    """What the better move is worth over yours: "worth 7.6 points more" or, under a target,
    "+3.1% to win the match, 7.6 points more" (the chance first, the hand points beside it)."""
    return (
        f"worth {points(value)} more"
        if win is None
        else f"+{100 * win:.1f}% to win the match, {points(value)} more"
    )


def prefers(v: Verdict, best: str, spoken: bool = False) -> str:
    """ "Mistake. Coach prefers: Discard 9♦ (+3.1% to win the match, 7.6 points more)." for a
    verdict graded an inaccuracy or worse (``best``: the better move in words)."""
    said = worth(v.loss, v.win_loss)
    if spoken:
        return f"{GRADE_WORDS[grade(v)]}. Coach prefers: {best}, {said.replace('+', 'plus ')}."
    return f"{GRADE_WORDS[grade(v)]}. Coach prefers: {best} ({said})."
