"""The table as a feature sees it: the one implementation of port.Table, over the session and
dispatch. Dispatch attaches every feature to one (port.Plugs.attach); a feature holds no session,
no screen and no dialogs, only what port.Table names, so what it may ask of the table is read in
one place and the session can change behind it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .port import Question
from .remote import RemotePlay
from .tablestate import Motion, Stage

if TYPE_CHECKING:
    from gin_core import Match, PlayerView

    from ..storage.savefmt import Game
    from ..storage.seatrecord import Seated
    from ..storage.settings import Settings
    from .remote import Remote
    from .session import Session


class Speaks(Protocol):
    """What the facade uses of the screen (screen.py)."""

    def render(self, motion: Motion = Motion.MOVE) -> None: ...
    def announce(self, text: str) -> None: ...
    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None: ...


class Closes(Protocol):
    """What the facade uses of the dialogs (dialogs.py)."""

    def close(self, ident: str) -> None: ...
    def close_all(self) -> None: ...
    def close_hint(self) -> None: ...


class Drives(Protocol):
    """What the facade uses of dispatch (dispatch.py's Dispatcher)."""

    @property
    def screen(self) -> Speaks: ...
    @property
    def dialogs(self) -> Closes: ...
    def __call__(self, intent: Any) -> bool: ...
    def work(self) -> None: ...
    def table_changed(self, change: Callable[[], object]) -> None: ...
    def changed_there(self, dealt: bool) -> None: ...
    def ask(self, question: Question, then: Callable[[str], object]) -> None: ...


class TableFacade:
    """port.Table over ``session`` and ``drive`` (each member documented there)."""

    def __init__(self, session: Session, drive: Drives) -> None:
        self.session = session
        self.drive = drive

    # ----- reads ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def own_game(self) -> Game:
        return self.session.reads.own_game

    @property
    def practicing(self) -> bool:
        return self.session.reads.practicing

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def epoch(self) -> int:
        return self.session.epoch

    @property
    def stage(self) -> Stage:
        return self.session.ui.stage

    @property
    def seated(self) -> Seated | None:
        sp = self.session.reads.seated
        return None if sp is None else sp.seated

    def seated_seat(self) -> int:
        sp = self.session.reads.seated
        assert sp is not None, "a table of seats is on the table"
        return sp.seat

    def view(self) -> PlayerView:
        return self.session.reads.view()

    def deciding(self) -> bool:
        return self.session.reads.deciding()

    def hand_over(self, hand: int) -> bool:
        return self.session.reads.hand_over(hand)

    def help_off(self) -> str | None:
        return self.session.reads.help_off()

    def leaving(self) -> str | None:
        return self.session.reads.leaving()

    # ----- commands ------------------------------------------------------------------------------

    def __call__(self, intent: Any) -> bool:
        return self.drive(intent)

    def work(self) -> None:
        self.drive.work()

    def ask(self, question: Question, then: Callable[[str], object]) -> None:
        self.drive.ask(question, then)

    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None:
        self.drive.screen.notice(text, kind, ms)

    def announce(self, text: str) -> None:
        self.drive.screen.announce(text)

    def render(self, motion: Motion = Motion.MOVE) -> None:
        self.drive.screen.render(motion)

    def close_dialog(self, ident: str) -> None:
        self.drive.dialogs.close(ident)

    def close_dialogs(self) -> None:
        self.drive.dialogs.close_all()

    def close_hint(self) -> None:
        self.drive.dialogs.close_hint()

    def replace_match(self, game: Game) -> None:
        s = self.session
        self.drive.table_changed(lambda: s.plays.replace_match(game))

    def practice(self, code: str, dealer: int, start: Match | None = None) -> None:
        s = self.session
        self.drive.table_changed(lambda: s.plays.practice(code, dealer, start))

    def sit(self, seated: Seated) -> None:
        s = self.session
        self.drive.table_changed(lambda: s.plays.seat_table(seated, fresh=True))

    def reseat(self, seated: Seated | None) -> None:
        if seated is None:
            self.session.plays.leave_table()
        else:
            self.session.plays.seat_table(seated, fresh=False)
        self.drive.screen.render()

    def show_seat(self, seat: int) -> None:
        self.session.seat = seat

    def save_own(self) -> None:
        self.session.kept.save_own()

    def play_remote(self, remote: Remote) -> None:
        s = self.session
        self.drive.table_changed(lambda: s.plays.play_remote(remote))

    def remote_changed(self) -> None:
        epoch = self.session.epoch
        self.session.plays.remote_changed()
        self.drive.changed_there(epoch != self.session.epoch)

    def end_remote(self) -> None:
        s = self.session
        if s.state.remote:
            self.drive.table_changed(s.plays.end_remote)

    @property
    def progress(self) -> int:
        return self.session.reads.progress()

    @property
    def remote(self) -> Remote | None:
        state = self.session.state
        return state.other if isinstance(state, RemotePlay) else None
