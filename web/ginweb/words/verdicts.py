"""A verdict of ``gin_core.analysis`` in words: its grade and what the better move is worth, one
line for the hand's analysis after the hand and for the tutor before the move (a learner reads
the same words and the same figure, :attr:`~gin_core.analysis.Verdict.loss` and ``win_loss``,
in both), and the hint's list of every move, which shows the same figures before the move."""

from __future__ import annotations

from gin_core.analysis import Grade, Judged, Verdict, grade

from ..kit.frozen import Frozen
from .narrate import signed

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


class Figures(Frozen):
    """A move's figures in the hint's list, rounded to the tenth they are shown to: the first
    move's own (``own``: its expected points, its chance to win the match in percent) or another
    move's loss (the points and the percent of the chance to win the match it gives away against
    its better move), and the grade the hand's analysis gives it; ``percent`` None under one-hand
    rules. Data: what the words say, kept by a caller that shows them later."""

    own: bool
    points: float
    percent: float | None
    grade: Grade


def figures(j: Judged, first: Judged) -> Figures:
    """``j``'s figures where ``first`` heads the list."""
    v = j.verdict
    if j is first:
        win = j.played_win
        return Figures(True, round(v.played_value, 1), None if win is None else round(100 * win, 1), grade(v))
    loss = v.win_loss
    return Figures(False, round(v.loss, 1), None if loss is None else round(100 * loss, 1), grade(v))


def choice(j: Judged, first: Judged) -> tuple[str, bool]:
    """A move's figures in the hint's list, and whether they are a loss: the first move's own
    chance to win the match and expected points of this hand ("62.3% to win the match \u00b7 +4.1
    pts"); any other move's, what the hand's analysis will say it gives away against its better move, the
    figures of its "Coach prefers" line, and the grade it will give ("\u22123.1% to win the match
    \u00b7 \u22127.6 pts \u00b7 inaccuracy"), or "no loss measured" where both round to nothing.
    Under one-hand rules, points only."""
    return figure_words(figures(j, first))


def figure_words(f: Figures) -> tuple[str, bool]:
    """:func:`choice`'s words from the figures alone."""
    if f.own:
        pts = f"{signed(f.points)} pts"
        return (pts if f.percent is None else f"{f.percent:.1f}% to win the match \u00b7 {pts}"), False
    if round(f.points, 1) == 0 and round(f.percent or 0.0, 1) == 0:
        return f"no loss measured \u00b7 {f.grade.value}", False
    pts = f"{given_away(f.points)} pts"
    lost = pts if f.percent is None else f"{given_away(f.percent)}% to win the match \u00b7 {pts}"
    return f"{lost} \u00b7 {f.grade.value}", True


def given_away(loss: float) -> str:
    """A loss as the hint's rows show it: with a minus sign, and none on a loss that rounds to
    nothing (a "+0.0" would read as a gain)."""
    return "0.0" if round(loss, 1) == 0 else signed(-loss)
