"""Gin puzzles plugged into the table: the puzzle dialog's controls and handlers, its link
(``?puzzle=``: the word for today's puzzle, a puzzle id or a position code; an embedded puzzle
is the puzzle page instead, page.py),
your own mistakes (your flagged decisions, given by app.py) queued as puzzles and valued ahead,
and the values of a position not in the shipped set as background work. Puzzles never touch your match or your
statistics: their progress has its own stored record. The engine's puzzles load only when a
puzzle is asked for (or after the first paint, warmup.py). Everything of the puzzles lives in
this folder; app.py registers it (table/port.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..kit.background import Slices, while_current
from ..table.port import Acts, Background, Draws, Feature, FeatureIntent, Handler, Job, Links, LoadsLater
from .intents import AnswerPuzzle, OpenPuzzle, PuzzleSolved, SharePosition

if TYPE_CHECKING:
    from gin_core import PlayerView

    from ..storage.savefmt import Game
    from ..storage.vault import Vault
    from ..table.params import Params
    from .play import Puzzles, Shown
    from .ui import PuzzlesUI


class Decisions(Protocol):
    """Your own decisions as you saw them (from the finished hands of your match)."""

    def flagged(
        self,
    ) -> list[tuple[PlayerView, int]]: ...  # those marked costly, each with its analysis's seed
    def decision_view(self) -> PlayerView | None: ...  # the one on screen, to share
    def judged_hands(self) -> tuple[str, int]: ...  # your match and how many of its hands are judged


Flagged = list[tuple["PlayerView", int]]  # your flagged decisions, each with its analysis's seed


CONTROLS: dict[str, FeatureIntent] = {
    "puzzles": OpenPuzzle("today"),
    "puzzle-today": OpenPuzzle("today"),
    "puzzle-mistake": OpenPuzzle("mistake"),
    "share-position": SharePosition(),
}


class PuzzlesFeature(Feature, Acts, Links, Draws, Background, LoadsLater):
    link_names = ("puzzle",)
    long_links = ("puzzle",)  # a position code
    deferred = ("ginweb.puzzles.record", "ginweb.puzzles.model", "ginweb.puzzles.play")

    def __init__(self, keep: Vault, ui: PuzzlesUI, decisions: Decisions, lasting: bool = True) -> None:
        """``keep``: storage and the clock; ``decisions``: your own decisions to make puzzles
        of; ``lasting`` False (an embed) keeps the progress in memory only."""
        self.keep = keep
        self.ui = ui
        self.decisions = decisions
        self.lasting = lasting
        self.loaded: Puzzles | None = None
        self.asked: str | None = None  # a puzzle a link asked for, shown at the first draw

    @property
    def puzzles(self) -> Puzzles:
        if self.loaded is None:
            from .play import Puzzles  # deferred: the engine's puzzles load when first asked for

            self.loaded = Puzzles(self.keep, self.lasting)
        return self.loaded

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "puzzle-next":
            return OpenPuzzle("next", data.get("value", ""))
        if act == "puzzle-move":
            return AnswerPuzzle(data.get("action", ""))
        return CONTROLS.get(act)

    def handlers(self) -> Mapping[type, Handler]:
        return {
            OpenPuzzle: self.open_puzzle,
            AnswerPuzzle: self.answer,
            PuzzleSolved: lambda _: self.show(),
            SharePosition: self.share,
        }

    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """A puzzle a link asks for opens over your match (which it leaves as it is)."""
        self.asked = dict(link.options).get("puzzle")
        return None, []

    # ----- the screen and the work behind it -----------------------------------------------------

    def draw(self) -> None:
        asked, self.asked = self.asked, None
        if asked is None:
            return
        from gin_core import GinError

        from .model import not_a_puzzle

        try:
            self.puzzles.shared(asked)
        except GinError:
            self.table.notice(f"Ignored a link parameter: puzzle: {not_a_puzzle(asked)}")
            return
        self.show()

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        return self.shown_jobs(known) + self.ahead_jobs(known)

    def shown_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """Once a puzzle was shown: the values of a position on screen that is not in the set,
        the shipped set read (for "Next puzzle")."""
        p = self.loaded
        if p is None or p.shown is None:
            return []
        from .play import read_set

        out: list[Job] = []
        found = p.work()  # first: a player waits for these values
        if found is not None and not known(found[0]):
            out.append(self.valuing(*found))
        if not p.all and not known("puzzles:set"):
            out.append(("puzzles:set", read_set(), p.set_read))
        return out

    def ahead_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """Once the puzzles' modules are in (warmup.py imports them after the first paint: never
        for this): your flagged decisions queued as puzzles after each hand of yours judged, and
        your newest mistake not valued yet."""
        if not all(name in sys.modules for name in self.deferred):
            return []
        out: list[Job] = []
        uid, hands = self.decisions.judged_hands()
        if hands and not known(f"puzzles:flagged:{uid}:{hands}"):
            out.append((f"puzzles:flagged:{uid}:{hands}", self.flagged(), self.queue_flagged))
        ahead = self.puzzles.ahead(known)
        if ahead is not None:  # it gives way to a position on screen waiting for its values
            key, work = ahead
            out.append(self.valuing(key, while_current(work, lambda: self.puzzles.free_for(key))))
        return out

    def valuing(self, key: str, work: Slices) -> Job:
        return key, work, lambda moves: self.valued(key, moves)

    def flagged(self) -> Generator[int, None, Flagged]:
        """Your flagged decisions, in a slice of their own (a replay of your match)."""
        yield 0
        return self.decisions.flagged()

    def queue_flagged(self, flagged: Flagged) -> None:
        """Queue your flagged decisions, then value the new ones (the background's next jobs)."""
        if self.puzzles.add_mistakes(flagged):
            self.table.work()

    def valued(self, key: str, moves: Any) -> None:
        """The values of job ``key`` are in: kept with your mistake they value (if they do), shown
        if their position is on screen; then your next mistake is valued."""
        self.puzzles.keep_values(key, moves)
        if self.puzzles.solved(key, moves):
            self.table(PuzzleSolved())
        self.table.work()

    def show(self) -> None:
        """Draw the puzzle on screen (and its verdict, once answered) in the open dialog."""
        from . import model

        p = self.puzzles
        s: Shown | None = p.shown
        if s is None:
            return
        self.ui.open()
        self.ui.board(model.board(s.position, s.title))
        self.ui.answer(p.answered(), waiting=s.played is not None)
        self.progress()
        self.table.work()

    def progress(self) -> None:
        from . import model, record

        data = self.puzzles.data
        due = len(record.due_mistakes(data, self.puzzles.today()))
        self.ui.progress(model.progress(data), f"Your mistakes ({due})")

    # ----- handlers ------------------------------------------------------------------------------

    def open_puzzle(self, it: OpenPuzzle) -> None:
        from gin_core.analysis import MistakeKind

        p = self.puzzles
        if it.source == "today":
            p.today_puzzle()
        elif it.source == "next":
            theme = MistakeKind(it.theme) if it.theme in set(MistakeKind) else None
            if p.next(theme) is None:
                self.nothing("You have answered every puzzle of this theme.")
                return
        else:
            p.add_mistakes(self.decisions.flagged())
            if p.mistake() is None:
                self.nothing("No mistake of yours to try now: your finished hands are checked for them.")
                return
        self.show()

    def nothing(self, text: str) -> None:
        self.ui.open()
        self.ui.nothing(text)
        self.progress()

    def answer(self, it: AnswerPuzzle) -> bool:
        if not self.puzzles.answer(it.move):
            return False
        self.show()
        return True

    def share(self, _: SharePosition) -> bool:
        """Your decision on screen as a puzzle to share: its link and blog snippet."""
        view = self.decisions.decision_view()
        if view is None:
            return False
        from gin_core.puzzles.position import Position

        from . import model, ui

        ui.share(model.share(ui.game_address(), Position.of(view).code))
        return True
