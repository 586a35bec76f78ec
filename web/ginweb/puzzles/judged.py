"""A puzzle judged by the hand's analysis (your own mistake, a shared position): its moves in the
order the hint lists them (``gin_core.analysis.ranked`` of the analysis's verdicts on every
move), each with the figures the hint shows, and the grade of your answer as the analysis grades
the same move: right only for the move the analysis prefers, close for another move the analysis
grades best or good (its loss not clearly beyond :data:`INACCURACY_POINTS`), wrong for a move
the analysis marks costly. So the puzzle never calls right a move the analysis flags, nor wrong one
it accepts, and the values shown never rise down the list.

Pure (no ``js``): model.py's rows and answer, from the verdicts instead of the hint's values;
tested in CPython (tests/test_web_puzzle_judged.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gin_core import Action
from gin_core.analysis import INACCURACY_POINTS, SURE, Grade, Judged, grade, same_move
from gin_core.puzzles.position import Position

from ..words import verdicts
from .model import AnswerGrade, AnswerModel, ValueRow, answer_label

ACCEPTED = (Grade.BEST, Grade.GOOD)  # the grades of a move the analysis does not mark costly


def judged_of(moves: Sequence[Judged], played: Action) -> Judged:
    """The verdict on ``played`` among the moves (a knock by its card, whatever its melds)."""
    return next(j for j in moves if same_move(j.verdict.played, played))


def grade_of(moves: Sequence[Judged], played: Action) -> AnswerGrade:
    """``played`` graded as the analysis grades it: right if it is the move the analysis prefers
    (the first of ``moves``, ranked), close if the analysis grades it best or good, else wrong."""
    if same_move(moves[0].verdict.played, played):
        return "right"
    return "close" if grade(judged_of(moves, played).verdict) in ACCEPTED else "wrong"


def rows(position: Position, moves: Sequence[Judged], played: Action) -> tuple[ValueRow, ...]:
    """Every move, as ranked, with the hint's figures (:func:`~ginweb.words.verdicts.choice`):
    the best's own chance and points, every other's loss and grade."""
    first = moves[0]
    return tuple(
        ValueRow(
            answer_label(position, j.verdict.played),
            verdicts.choice(j, first)[0],
            j is first,
            same_move(j.verdict.played, played),
        )
        for j in moves
    )


def headline(position: Position, moves: Sequence[Judged], played: Action, found: AnswerGrade) -> str:
    """The verdict in words; a close one or a wrong one with the figures it rests on."""
    first = moves[0]
    best = answer_label(position, first.verdict.played)
    if found == "right":
        return f"Right: {best} is the best move."
    mine = judged_of(moves, played)
    said, _ = verdicts.choice(mine, first)
    chosen = answer_label(position, played)
    if found == "wrong":
        return f"Not the best: you chose {chosen} ({said}). The best move is {best}."
    return (
        f"Close: both moves are reasonable. You chose {chosen} ({said}); {best} is the move the "
        f"hand's analysis prefers ({verdicts.choice(first, first)[0]}). The analysis grades yours "
        f"{grade(mine.verdict).value}: in some way of playing on that it measured, what yours "
        f"gives away is not over {INACCURACY_POINTS:g} points by {SURE:g} standard errors."
    )


def legend(moves: Sequence[Judged], analysis_seed: bool) -> str:
    """What the figures are, and where they come from."""
    by_match = moves[0].played_win is not None
    own = "its chance to win the match and the points" if by_match else "the points"
    whose = (
        "The values are the very ones the hand's analysis gives"
        if analysis_seed
        else "The values are measured as the hand's analysis measures a move"
    )
    return (
        f"{whose}: for the best move, {own} this hand is expected to bring you; for every other "
        "move, what the analysis says it gives away against its better move, and the grade it gives."
    )


def reason(position: Position, moves: Sequence[Judged]) -> str:
    """Why the best move, naming it (as model.best_reason: the engine's words leave it out)."""
    first = moves[0]
    words = replace(first.played_why, wins=None, points=None).describe()
    return f"{answer_label(position, first.verdict.played)}: {words}."


def answer(
    position: Position, moves: Sequence[Judged], played: Action, progress: str, analysis_seed: bool
) -> AnswerModel:
    """The verdict on ``played``: right, close or not, every move's figures, and why the best.
    ``analysis_seed``: the values are the analysis's own (its seed stored with your mistake)."""
    found = grade_of(moves, played)
    return AnswerModel(
        found != "wrong",
        headline(position, moves, played, found),
        rows(position, moves, played),
        reason(position, moves),
        progress,
        found,
        legend(moves, analysis_seed),
    )
