"""The seated table plugged into the page: three players, four in partnerships, or Hollywood
scoring for two, in a dialog of its own (#dlg-seats) beside your two-player match, which
waits underneath. You sit at seat 0; the computer plays every other seat, a move per background
job (kit/background.py: slices of at most a few ms), paced so a game you are not in is seen
being played (face down) unless you skip to its result. The table is stored after every move
(record.py) and comes back on reload; leaving it ends it. Everything of the seated table lives
in this folder; app.py registers it (ginweb/feature.py)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from gin_core import Action, Table, TablePhase, make_bot, table_preset

from ..feature import Feature, FeatureIntent, Handler, Job
from ..kit.background import SLICE_MS, Slices
from . import record
from .intents import LeaveTable, SeatMove, SitDown, SkipHand
from .record import YOU

if TYPE_CHECKING:
    from ..storage.savefmt import Game
    from .ui import SeatsUI

DIALOG = "dlg-seats"
SEATINGS = ("three", "partners", "hollywood")
WATCH_S = 0.7  # the pause before a move in a game you watch (empty slices: the page stays live)
PLAY_S = 0.4  # before the computer's move in your own game


class Vault(Protocol):
    """Where the table is stored (records.py's Records)."""

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any: ...
    def put(self, name: str, text: str) -> None: ...
    def remove(self, name: str) -> None: ...
    def seal_key(self) -> str: ...


def _paced(pause: float, thinking: Slices) -> Slices:
    """The computer's move (its decision's action) after ``pause`` seconds of empty slices, so
    it is seen being played."""
    end = time.monotonic() + pause
    while time.monotonic() < end:
        yield 0
    decision = yield from thinking
    return decision.action


class SeatsFeature(Feature):
    name = "seats"
    deferred = ("ginweb.seats.model",)
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {DIALOG: LeaveTable()}

    def __init__(self, vault: Vault, ui: SeatsUI) -> None:
        self.vault = vault
        self.ui = ui
        self.seated: record.Seated | None = None
        self.read = False  # the stored table was read (once, at start)
        self.serial = 0  # tables started in this page (a job of an earlier table is dropped)
        self.skipping = 0  # the hand number whose games you skip to the result

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "seat-down" and data.get("value") in SEATINGS:
            return SitDown(data["value"])
        if act == "seat-move" and "action" in data:
            return SeatMove(data["action"])
        if act == "seat-skip":
            return SkipHand()
        if act == "seat-leave":
            return LeaveTable()
        return None

    def handlers(self) -> Mapping[type, Handler]:
        return {
            SitDown: self.sit_down,
            SeatMove: self.move,
            SkipHand: lambda _: self.skip(),
            LeaveTable: lambda _: self.leave(),
        }

    # ----- the table -----------------------------------------------------------------------------

    def table_set(self, game: Game, fresh: bool) -> None:
        if not self.read:
            self.read = True
            key = self.vault.seal_key()
            self.seated = self.vault.read(record.NAME, lambda d: record.parse(d, key), "table of players")

    def sit_down(self, it: SitDown) -> None:
        """A new table (you deal the first hand: at three you sit it out), the computer at the
        level of your match."""
        table = Table(table_preset(it.seating), dealer=YOU)
        self.seated = record.Seated(table, self.host.session.game.level)
        self.serial += 1
        self.host.dialogs.close("dlg-new")
        self.changed()

    def move(self, it: SeatMove) -> bool:
        if self.seated is None:
            return False
        try:
            self.seated.table.apply(YOU, Action.parse(it.action))
        except ValueError as e:
            self.host.screen.notice(str(e), "rule", 4000)
            return False
        self.changed()
        return True

    def skip(self) -> None:
        if self.seated is not None:
            self.skipping = len(self.seated.table.hands) + 1
            self.host.work()

    def leave(self) -> None:
        self.seated = None
        self.serial += 1
        self.vault.remove(record.NAME)
        self.ui.hide()

    def changed(self) -> None:
        """The table moved: store it, draw it, and let the computer play on."""
        if self.seated is None:
            return
        self.vault.put(record.NAME, record.dumps(self.seated, self.vault.seal_key()))
        self.drawn()
        self.host.work()

    # ----- the screen and the computer -----------------------------------------------------------

    def drawn(self) -> None:
        if self.seated is not None:
            from .model import present  # after the first paint (warmup.py)

            self.ui.show(present(self.seated.table.view(YOU)))

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The computer's next move at the table (one at a time, in seat order)."""
        if self.seated is None or self.seated.table.phase != TablePhase.PLAY:
            return []
        table = self.seated.table
        seat = next((s for s in table.to_move if s != YOU), None)
        key = f"seats:{self.serial}:{len(table.history)}"
        if seat is None or known(key):
            return []
        view = table.view(seat).play
        assert view is not None, "a seat to move plays a game"
        bot = make_bot(self.seated.level, seed=seat, slice_ms=SLICE_MS)
        pace = PLAY_S if _with(table, seat) else WATCH_S
        if self.skipping == len(table.hands) + 1:
            pace = 0.0
        return [(key, _paced(pace, bot.think(view)), lambda d: self.computer_moved(key, seat, d))]

    def computer_moved(self, key: str, seat: int, action: Action) -> None:
        if self.seated is None or key != f"seats:{self.serial}:{len(self.seated.table.history)}":
            return
        self.seated.table.apply(seat, action)
        self.changed()


def _with(table: Table, seat: int) -> bool:
    """``seat`` plays against you this hand."""
    return any(YOU in pair and seat in pair for pair in table.pairing)
