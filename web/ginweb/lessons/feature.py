"""Learn to play, plugged into the table: the "Learn to play" button, the list of lessons with
the progress kept (its own stored record, never the match's nor the statistics), the lesson
panel (model.py judges each choice with the engine), a practice hand after a lesson (a one-hand
match of the lesson's preset with the tutor on, set aside from your match until you go back),
and a lesson opened by a link or an embed (``?lesson=layoffs``, ``data-lesson="layoffs"``). An
embedded lesson keeps no progress."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from gin_core import Match

from ..table.port import (
    Acts,
    ClosesDialogs,
    Draws,
    Feature,
    FeatureIntent,
    Handler,
    Links,
    LoadsLater,
    Watches,
)
from . import record
from .intents import (
    CloseLessons,
    LessonChoose,
    LessonMode,
    LessonPractice,
    LessonsBack,
    OpenLesson,
    OpenLessons,
)

if TYPE_CHECKING:
    from ..storage.savefmt import Game
    from ..storage.vault import Vault
    from ..table.params import Params
    from .model import Progress
    from .ui import LessonsUI

DIALOG = "dlg-lessons"
CONTROLS: dict[str, FeatureIntent] = {
    "lessons": OpenLessons(),
    "lesson-practice": LessonPractice(),
    "lessons-back": LessonsBack(),
    "lessons-close": CloseLessons(),
}


class LessonsFeature(Feature, Acts, ClosesDialogs, Links, Draws, Watches, LoadsLater):
    link_names = ("lesson",)
    deferred = ("ginweb.lessons.model", "ginweb.lessons.content")
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {DIALOG: CloseLessons()}

    def __init__(self, keep: Vault, ui: LessonsUI | None, lasting: bool = True) -> None:
        self.keep = keep
        self.ui = ui  # None: nothing shown (the CPython tests)
        self.lasting = lasting  # False when embedded: no progress is stored
        self.done: frozenset[str] | None = None  # read when first asked
        self.progress: Progress | None = None  # the open lesson
        self.listing = False  # the list is open
        self.asked: str | None = None  # a lesson a link asks for, opened at the first drawing
        self.tutored: str | None = None  # the practice hand of a lesson on the table (its uid)

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "lesson":
            return OpenLesson(data.get("value", ""))
        if act == "lesson-choose":
            return LessonChoose(data.get("value", ""))
        if act == "lesson-mode":
            return LessonMode(data.get("value", ""))
        return CONTROLS.get(act)

    def handlers(self) -> Mapping[type, Handler]:
        return {
            OpenLessons: lambda _: self.from_help(),
            OpenLesson: lambda it: self.open_lesson(it.ident),
            LessonChoose: lambda it: self.choose(it.value),
            LessonMode: lambda it: self.set_mode(it.mode),
            LessonPractice: lambda _: self.practice(),
            LessonsBack: lambda _: self.open_list(),
            CloseLessons: lambda _: self.close(),
        }

    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """A link or an embed asking for a lesson: opened once the table is drawn. The lessons'
        content is imported only then (a start without a lesson link leaves it for later.zip)."""
        asked = dict(link.options).get("lesson")
        if asked is None:
            return None, []
        from .content import BY_ID

        if asked not in BY_ID:
            return None, [f"lesson: no lesson {asked[:40]!r}"]
        self.asked = asked
        return None, []

    # ----- progress ------------------------------------------------------------------------------

    def lessons_done(self) -> frozenset[str]:
        """The lessons done (read from storage the first time)."""
        if self.done is None:
            found = self.keep.read(record.KEY, record.read, "lessons done") if self.lasting else None
            self.done = found if found is not None else frozenset()
        return self.done

    def finish(self, ident: str) -> None:
        """Mark lesson ``ident`` done in the record as stored now (another tab may have added
        one since: storage/tabs.py, merged records)."""
        self.done = None
        done = self.lessons_done() | {ident}
        if done != self.done:
            self.done = done
            if self.lasting:
                self.keep.put(record.KEY, record.write(done))

    def stored_changed(self, name: str) -> None:
        if name == record.KEY:
            self.done = None
            self.draw()

    # ----- handlers ------------------------------------------------------------------------------

    def from_help(self) -> bool:
        """ "Learn to play" from the toolbar or from the help (which it closes: one dialog at a time)."""
        self.table.close_dialog("dlg-help")
        return self.open_list()

    def open_list(self) -> bool:
        self.progress, self.listing = None, True
        self.draw()
        return True

    def open_lesson(self, ident: str) -> bool:
        from .content import BY_ID
        from .model import Progress

        if ident not in BY_ID:
            return False
        self.progress, self.listing = Progress(ident), False
        self.draw()
        return True

    def choose(self, value: str) -> bool:
        from .model import choose

        if self.progress is None:
            return False
        self.progress = choose(self.progress, value)
        if self.progress.finished:
            self.finish(self.progress.ident)
        self.draw()
        return bool(self.progress.verdict and self.progress.verdict.right)

    def set_mode(self, mode: str) -> bool:
        from .model import MODES, Progress

        p = self.progress
        if p is None or mode not in MODES:
            return False
        self.progress = Progress(p.ident, p.step, p.played, mode, None)
        self.draw()
        return True

    def practice(self) -> bool:
        """A practice hand of the lesson's preset (it does not count; your match waits)."""
        p = self.progress
        if p is None or not self.lasting:
            return False
        lesson = p.lesson
        from .model import lesson_rules

        rules = lesson_rules(lesson).replace(target=None)
        self.progress, self.listing = None, False
        self.table.practice(lesson.practice, 1, Match(rules, dealer=1, first_deal=lesson.practice))
        self.tutored = self.table.game.uid
        self.table.notice(
            "Practice hand with the tutor on: it does not count; your match waits.", "info", 4000
        )
        return True

    def tutors(self) -> bool:
        """The tutor is on in a lesson's practice hand (app.py hands this to the tutor)."""
        t = self.table
        return t.practicing and t.game.uid == self.tutored

    def close(self) -> None:
        self.progress, self.listing = None, False
        self.draw()

    # ----- the screen ----------------------------------------------------------------------------

    def draw(self) -> None:
        """The lessons dialog: the list, an open lesson, or closed."""
        if self.asked is not None:
            ident, self.asked = self.asked, None
            self.open_lesson(ident)
            return
        if self.ui is None:
            return
        if self.progress is not None:
            from .model import panel

            self.ui.lesson(panel(self.progress), self.lasting)
        elif self.listing:
            from .model import lesson_list

            self.ui.listing(lesson_list(self.lessons_done()))
        else:
            self.ui.close()
