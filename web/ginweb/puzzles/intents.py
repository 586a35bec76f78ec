"""What a player asks of the puzzles, as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from typing import Literal

from ..table.port import FeatureIntent

Source = Literal["today", "next", "mistake"]


class OpenPuzzle(FeatureIntent):
    """Show a puzzle: the puzzle of the day, the next one near your rating (of ``theme`` if
    not empty), or your next mistake to try again."""

    source: Source
    theme: str = ""


class AnswerPuzzle(FeatureIntent):
    """Answer the puzzle on screen with a move (an action's text, e.g. ``discard 7H``)."""

    move: str


class PuzzleSolved(FeatureIntent):
    """The values of the puzzle on screen were worked out (a background job ended)."""


class SharePosition(FeatureIntent):
    """Share the decision on screen (your own, in a finished hand) as a puzzle: its link and
    the snippet for a blog post."""
