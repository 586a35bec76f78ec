"""What a learner asks of the lessons, as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from ..table.port import FeatureIntent


class OpenLessons(FeatureIntent):
    """ "Learn to play": the list of lessons, each marked done or not."""


class OpenLesson(FeatureIntent):
    """Start (or replay) lesson ``ident`` from its first step."""

    ident: str


class LessonChoose(FeatureIntent):
    """The learner's choice at the open step: a card, a move, a winner or points (as text)."""

    value: str


class LessonMode(FeatureIntent):
    """What a card of your hand does in a move step: discard, knock or gin."""

    mode: str


class LessonPractice(FeatureIntent):
    """A practice hand after the lesson (it does not count; your match waits)."""


class LessonsBack(FeatureIntent):
    """Back to the list of lessons."""


class CloseLessons(FeatureIntent):
    """Close the lessons (their button, Escape, or the dialog closed any other way)."""
