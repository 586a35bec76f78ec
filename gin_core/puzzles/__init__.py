"""Gin puzzles: one decision from a player's view, with one clearly best answer (issue 29).

:mod:`.position` codes a decision as short text; :mod:`.puzzle` holds the shipped set, the
daily puzzle and the solver for positions people share.
"""

from __future__ import annotations

from .glicko import RatingError
from .position import Position, PositionCodeError, PositionError
from .public import PublicMoveError
from .puzzle import (
    DecisionKind,
    MoveValue,
    Puzzle,
    PuzzleError,
    daily_puzzle,
    puzzle_by_id,
    puzzle_of,
    puzzle_set,
    think_solve,
)

__all__ = [
    "DecisionKind",
    "MoveValue",
    "Position",
    "PositionCodeError",
    "PositionError",
    "PublicMoveError",
    "Puzzle",
    "PuzzleError",
    "RatingError",
    "daily_puzzle",
    "puzzle_by_id",
    "puzzle_of",
    "puzzle_set",
    "think_solve",
]
