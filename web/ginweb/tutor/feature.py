"""The tutor plugged into the table (Settings: "Tutor", off by default; on in a practice hand
another feature asks it for: ``tutored``, wired by app.py): before a move the hand's analysis will
grade a mistake or a blunder (see model.py), "Are you sure?" with the reason, the grade and the
better move; "Play it anyway" or "Change my move".

As your turn starts, the analysis's verdict on every legal move is worked out as a background job
(``table/judgement.py``: ``think_decision`` on the match on the table, in slices while the table is
idle; with a friend's device, whose deal no match here holds, ``think_choices`` on your view), so
the check is ready when you move. The job's key is the turn's, shared with the hint: the verdicts
are worked out once a turn, whichever asks first, and each is told. If they are not ready yet,
the move goes through unasked, but for a knock: it ends the hand (nothing to undo), and a knock
made too early is the commonest mistake flagged (137 of 150 in issue 41's fresh run), so a knock
made sooner is held under "One moment" until they are (``holds``: a few seconds at most; its
"Knock now" plays it unasked, "Change my move" lets you choose again). A question is not a hint and
not an undo: the statistics do not count it (the decision stays yours, and answering it changes no
move already played).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gin_core import Action, ActionKind
from gin_core.analysis import Judged

from ..kit.background import while_current
from ..table import judgement
from ..table.port import Background, Draws, Feature, Job, LoadsLater, Question, Questions

HOLD_TEXT = "The tutor is still weighing your knock against playing on: it takes a few seconds."


class ReadyShow(Protocol):
    """Shows whether the values of this turn are known (ui.py)."""

    def ready(self, known: bool) -> None: ...


def never() -> bool:
    """No practice hand asks for the tutor (a page without such a feature: the CPython tests)."""
    return False


class TutorFeature(Feature, Background, Draws, Questions, LoadsLater):
    deferred = ("ginweb.tutor.model",)

    def __init__(self, ui: ReadyShow | None = None, tutored: Callable[[], bool] = never) -> None:
        """``tutored``: whether the match on the table is a practice hand another feature put
        there to learn on, with the tutor on whatever the settings (app.py wires it)."""
        self.ui = ui  # None: nothing shown (the CPython tests)
        self.tutored = tutored
        self.values: tuple[str, tuple[Judged, ...]] | None = None  # a turn's key, its moves' verdicts
        self.asked: str | None = None  # the turn whose verdicts the tutor last asked for

    def turn_key(self) -> str | None:
        """The key of your turn now if the tutor is on and you are to move, else None (two
        people: the turn of the person at the table, never while the device is handed over)."""
        t = self.table
        wanted = t.settings.tutor or self.tutored()
        if not wanted or t.help_off() is not None:  # off, or a feature turns it off
            return None
        if not t.deciding():
            return None
        return judgement.turn_key(t.game.uid, t.epoch, t.progress)

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The values of your moves this turn, worked out while you think (or, should the hint
        have asked first, told when its job is done: the key is shared)."""
        key = self.turn_key()
        if key is None or (self.values is not None and self.values[0] == key):
            return []
        if known(key) and self.asked == key:  # queued, and the tutor is told when it is done
            return []
        self.asked = key
        t = self.table
        match = t.game.match if t.remote is None else None
        judging = judgement.judging(match, t.view(), t.progress, t.game.bot_seed)
        return [(key, while_current(judging, lambda: self.turn_key() == key), self.valued)]

    def valued(self, found: tuple[Judged, ...]) -> None:
        """This turn's verdicts are known (a job of a turn gone is never reported done)."""
        key = self.turn_key()
        if key is not None:
            self.values = (key, found)
        self.draw()

    def draw(self) -> None:
        """Forget the values of a turn that is over; show whether this turn's are known."""
        if self.values is not None and self.values[0] != self.turn_key():
            self.values = None
        if self.ui is not None:
            self.ui.ready(self.values is not None)

    def holds(self, action: Action) -> Question | None:
        """Words to hold a knock under while this turn's verdicts are still being worked out
        (other moves go through unasked rather than wait; once they are known the table asks
        :meth:`before_move` again)."""
        key = self.turn_key()
        if action.kind != ActionKind.KNOCK or key is None:
            return None
        if self.values is not None and self.values[0] == key:
            return None
        return Question("One moment", HOLD_TEXT, "Knock now", "Change my move")

    def before_move(self, action: Action) -> Question | None:
        from .model import concern, question_text  # deferred: warmup.py imports it after the first paint

        key = self.turn_key()
        if key is None or self.values is None or self.values[0] != key:
            return None
        found = concern(self.values[1], action)
        if found is None:
            return None
        top = self.table.view().top
        return Question("Are you sure?", question_text(found, top), "Play it anyway", "Change my move")
