"""What a player asks of the hand review, as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from typing import Literal

from ..table.port import FeatureIntent

ReviewWay = Literal["first", "prev", "next", "last"]


class OpenReview(FeatureIntent):
    """Open the review of finished hand ``hand`` of your match (at ``step``); with two people,
    ``seat``'s review (None: ask whose, then hand the device over)."""

    hand: int
    step: int = 0
    seat: int | None = None


class ReviewGo(FeatureIntent):
    """Step through the open review: first, previous, next, last (buttons, arrows, Home/End)."""

    way: ReviewWay


class ReviewStep(FeatureIntent):
    """Jump to step ``step`` of the open review (the list of moves)."""

    step: int


class CloseReview(FeatureIntent):
    """Close the review (its button, Escape, or the dialog closed any other way)."""


class PlayOn(FeatureIntent):
    """ "Play on from here": a practice hand from your decision at the review's step."""


class Reviewed(FeatureIntent):
    """The coach finished a hand of your match (a background job ended)."""
