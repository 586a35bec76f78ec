"""The tutor plugged into the table (Settings: "Tutor", off by default; on in a practice hand a
feature asks it for, ``Feature.tutors``): before a move clearly and far worse than the best
(see model.py), "Are you sure?" with the reason and the better move; "Play it
anyway" or "Change my move".

As your turn starts, the values of every legal move are worked out as a background job
(``think_hint`` on your view, in slices while the table is idle, like a hint), so the check is
ready when you move. If they are not ready yet, the move goes through unasked: the page never
waits for the tutor. A question is not a hint and not an undo: the statistics do not count it
(the decision stays yours, and answering it changes no move already played).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gin_core import Action, Candidate, think_hint

from ..feature import Feature, Job, Question
from ..kit.background import SLICE_MS, while_current


class ReadyShow(Protocol):
    """Shows whether the values of this turn are known (ui.py)."""

    def ready(self, known: bool) -> None: ...


class TutorFeature(Feature):
    name = "tutor"
    deferred = ("ginweb.tutor.model",)

    def __init__(self, ui: ReadyShow | None = None) -> None:
        self.ui = ui  # None: nothing shown (the CPython tests)
        self.values: tuple[str, list[Candidate]] | None = None  # a turn's key, its moves' values

    def turn_key(self) -> str | None:
        """The key of your turn now if the tutor is on and you are to move, else None (two
        people: the turn of the person at the table, never while the device is handed over)."""
        s = self.host.session
        wanted = s.settings.tutor or any(f.tutors() for f in s.features)
        if not wanted or s.help_off() is not None:  # off, or a feature turns it off
            return None
        if s.sits_out or s.match.to_move != s.seat or s.ui.handover or not s.view().my_turn:
            return None
        return f"tutor:{s.game.uid}:{s.epoch}:{len(s.match.history)}"

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The values of your moves this turn, worked out while you think."""
        key = self.turn_key()
        if key is None or known(key):
            return []
        s = self.host.session
        work = while_current(
            think_hint(s.view(), seed=s.game.bot_seed, slice_ms=SLICE_MS), lambda: self.turn_key() == key
        )
        return [(key, work, lambda found: self.valued(key, found))]

    def valued(self, key: str, found: list[Candidate]) -> None:
        self.values = (key, found)
        self.drawn()

    def drawn(self) -> None:
        """Forget the values of a turn that is over; show whether this turn's are known."""
        if self.values is not None and self.values[0] != self.turn_key():
            self.values = None
        if self.ui is not None:
            self.ui.ready(self.values is not None)

    def before_move(self, action: Action) -> Question | None:
        from .model import concern, question_text  # deferred: warmup.py imports it after the first paint

        key = self.turn_key()
        if key is None or self.values is None or self.values[0] != key:
            return None
        view = self.host.session.view()
        found = concern(view, self.values[1], action)
        if found is None:
            return None
        return Question("Are you sure?", question_text(found, view.top), "Play it anyway", "Change my move")
