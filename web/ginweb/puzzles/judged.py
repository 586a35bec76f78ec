"""A puzzle judged by the hand's analysis (your own mistake, a shared position): its moves in the
order the hint lists them (``gin_core.analysis.ranked`` of the analysis's verdicts on every
move), each with the figures the hint shows, and the grade of your answer as the analysis grades
the same move: right only for the move the analysis prefers, close for another move the analysis
grades best or good (its loss not clearly beyond :data:`INACCURACY_POINTS`), wrong for a move
the analysis marks costly. So the puzzle never calls right a move the analysis flags, nor wrong one
it accepts, and the values shown never rise down the list.

Pure (no ``js``): model.py's rows and answer, from the verdicts instead of the hint's values, in
the form valued.py keeps them (worked out now, or kept with your mistake: the same words);
tested in CPython (tests/test_web_puzzle_judged.py).
"""

from __future__ import annotations

from gin_core import Action
from gin_core.analysis import INACCURACY_POINTS, SURE, Grade, same_move
from gin_core.puzzles.position import Position

from ..words.verdicts import Figures, figure_words
from .model import AnswerGrade, AnswerModel, ValueRow, answer_label
from .valued import Valued

ACCEPTED = (Grade.BEST, Grade.GOOD)  # the grades of a move the analysis does not mark costly


def figures_of(moves: Valued, played: Action) -> Figures:
    """The figures of ``played`` among the moves (a knock by its card, whatever its melds)."""
    return next(f for a, f in moves.moves if same_move(a, played))


def grade_of(moves: Valued, played: Action) -> AnswerGrade:
    """``played`` graded as the analysis grades it: right if it is the move the analysis prefers
    (the first of ``moves``, ranked), close if the analysis grades it best or good, else wrong."""
    if same_move(moves.moves[0][0], played):
        return "right"
    return "close" if figures_of(moves, played).grade in ACCEPTED else "wrong"


def rows(position: Position, moves: Valued, played: Action) -> tuple[ValueRow, ...]:
    """Every move, as ranked, with the hint's figures (:func:`~ginweb.words.verdicts.choice`):
    the best's own chance and points, every other's loss and grade."""
    return tuple(
        ValueRow(answer_label(position, a), figure_words(f)[0], n == 0, same_move(a, played))
        for n, (a, f) in enumerate(moves.moves)
    )


def headline(position: Position, moves: Valued, played: Action, found: AnswerGrade) -> str:
    """The verdict in words; a close one or a wrong one with the figures it rests on."""
    first, own = moves.moves[0]
    best = answer_label(position, first)
    if found == "right":
        return f"Right: {best} is the best move."
    mine = figures_of(moves, played)
    said, _ = figure_words(mine)
    chosen = answer_label(position, played)
    if found == "wrong":
        return f"Not the best: you chose {chosen} ({said}). The best move is {best}."
    return (
        f"Close: both moves are reasonable. You chose {chosen} ({said}); {best} is the move the "
        f"hand's analysis prefers ({figure_words(own)[0]}). The analysis grades yours "
        f"{mine.grade.value}: in some way of playing on that it measured, what yours "
        f"gives away is not over {INACCURACY_POINTS:g} points by {SURE:g} standard errors."
    )


def legend(moves: Valued, analysis_seed: bool) -> str:
    """What the figures are, and where they come from."""
    by_match = moves.moves[0][1].percent is not None
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


def reason(position: Position, moves: Valued) -> str:
    """Why the best move, naming it (as model.best_reason: the engine's words leave it out)."""
    return f"{answer_label(position, moves.moves[0][0])}: {moves.why.describe()}."


def answer(
    position: Position, moves: Valued, played: Action, progress: str, analysis_seed: bool
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
