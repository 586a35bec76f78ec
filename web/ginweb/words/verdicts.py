"""A verdict of ``gin_core.analysis`` in words: its grade and what the better move is worth, one
line for the hand's analysis after the hand and for the tutor before the move (a learner reads
the same words and the same figure, :attr:`~gin_core.analysis.Verdict.loss` and ``win_loss``,
in both), and the hint's list of every move, which shows the same figures before the move."""

from __future__ import annotations

from gin_core.analysis import Grade, Judged, Verdict, grade

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


def choice(j: Judged, first: Judged) -> tuple[str, bool]:
    """A move's figures in the hint's list, and whether they are a loss: the first move's own
    chance to win the match and expected points of this hand ("62.3% to win the match \u00b7 +4.1
    pts"); any other move's, what the hand's analysis will say it gives away against its better move, the
    figures of its "Coach prefers" line, and the grade it will give ("\u22123.1% to win the match
    \u00b7 \u22127.6 pts \u00b7 inaccuracy"), or "no loss measured" where both round to nothing.
    Under one-hand rules, points only."""
    v = j.verdict
    if j is first:
        pts = f"{signed(v.played_value)} pts"
        win = j.played_win
        return (pts if win is None else f"{100 * win:.1f}% to win the match \u00b7 {pts}"), False
    win_loss = 100 * (v.win_loss or 0.0)
    if round(v.loss, 1) == 0 and round(win_loss, 1) == 0:
        return f"no loss measured \u00b7 {grade(v).value}", False
    pts = f"{given_away(v.loss)} pts"
    said = pts if v.win_loss is None else f"{given_away(win_loss)}% to win the match \u00b7 {pts}"
    return f"{said} \u00b7 {grade(v).value}", True


def given_away(loss: float) -> str:
    """A loss as the hint's rows show it: with a minus sign, and none on a loss that rounds to
    nothing (a "+0.0" would read as a gain)."""
    return "0.0" if round(loss, 1) == 0 else signed(-loss)
