"""A table of seats played on the table itself: three players, four in partnerships, Hollywood
scoring. gin_core's ``TableMatch`` plays each hand as ordinary two-player games between seats,
so the table shows the holder's own game (its one-hand ``Match``, from that seat: the same hand
view, piles, knock dialog, showdown, hint and undo as at two) and the other seats around it
(around.py); moves go through the ``TableMatch`` so it deals, scores and rotates. This module
holds the table and who holds the device and answers, as the session's play state
(playstate.py), what the session asks of them; your match waits under the table, saved as it
was. The hand-over's rules are handover.py's, the words of each seating words/seatwords.py's.
"""

from __future__ import annotations

from typing import Any

from gin_core import (
    Action,
    ActionKind,
    Event,
    HandRecord,
    Match,
    PlayerView,
    SeatView,
    TableMatch,
    TablePhase,
    TakeBack,
)

from ..storage import seatrecord
from ..storage.savefmt import Game, LogLine
from ..storage.seatrecord import Seated, persons
from ..words import narrate
from . import handover, practice
from .playstate import Holder, PlayState, logged, opened
from .seatview import mirror_event, mirror_record
from .tablestate import TableState


class SeatedPlay(PlayState):
    """The table of seats on the table: the stored table (people, level, analyses), the seat
    of the person holding the device (None: covered, the device passing), your match waiting
    under it (``own``) and which of the table's games is shown."""

    counts = False  # a table's games are counted per seating (seats/), never as your match
    record_key = seatrecord.NAME

    def __init__(self, seated: Seated, own: Game, holder: int | None = None) -> None:
        self.seated = seated
        self.own = own
        self.holder = holder
        self.shown_key = (-1, -1)  # the game shown: (the deal, game of the hand); see game_key

    @property
    def table(self) -> TableMatch:
        return self.seated.table

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name: its person's, else the computer's at that seat."""
        return seatrecord.names(self.table.table.seating, self.seated.people)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the device."""
        return persons(self.seated.people)

    @property
    def several(self) -> bool:
        """More than one person: the device passes between them (handover.py)."""
        return len(self.people) > 1

    def to_hold(self) -> int:
        """The seat of the person who should hold the device now (handover.holder_now)."""
        t = self.table
        live = t.phase == TablePhase.PLAY
        playing = [s for pair in t.pairing for s in pair] if live else []
        return handover.holder_now(self.people, t.to_move if live else (), playing, self.holder)

    @property
    def seat(self) -> int:
        """The seat the table is shown from: the holder's, or while covered the next one's."""
        return self.to_hold() if self.holder is None else self.holder

    def view(self) -> SeatView:
        return self.table.view(self.seat)

    def game(self) -> tuple[Match, int] | None:
        """The shown seat's game of this hand and its player there (None: it sits out)."""
        return self.table.game_of(self.seat)

    def shown(self) -> tuple[Match, int]:
        """The game the table shows: the shown seat's, or while it sits out the first game (of
        which only what every seat sees is shown: the session never asks its view then)."""
        return self.game() or (self.table.games[0], 0)

    def game_key(self) -> tuple[int, int]:
        """Which game is shown: (the deal, game of the hand); it changes at a new deal."""
        match, _ = self.shown()
        deals = sum(1 for _, action in self.table.history if action.kind == ActionKind.NEXT_HAND)
        return deals, self.table.games.index(match)

    def pair_names(self) -> tuple[str, str]:
        """The names of the shown game's two players, in its player order."""
        match, _ = self.shown()
        pair = self.table.pairing[self.table.games.index(match)]
        return self.names[pair[0]], self.names[pair[1]]

    def computer_to_move(self) -> int | None:
        """The first seat of the computer to move (None: a person's turn, or between hands)."""
        t = self.table
        if t.phase != TablePhase.PLAY:
            return None
        return next((s for s in t.to_move if self.seated.people[s] is None), None)

    def against(self, seat: int) -> bool:
        """``seat`` plays the shown seat's game this hand (its moves are paced as yours are)."""
        return any(self.seat in pair and seat in pair for pair in self.table.pairing)

    def sits_out(self) -> bool:
        return self.game() is None

    # ----- the session's play state (playstate.py) --------------------------------------------

    def players(self, s: Holder) -> tuple[str, str] | None:
        return self.pair_names()

    def seating(self, s: Holder) -> dict[str, Any]:
        """The names (the seat at the device's first), several people or one, who takes the
        device while it is handed over, and the table's target."""
        me, opp = (self.names[self.seat], "") if self.sits_out() else s.reads.pair_seen()
        to = self.names[self.to_hold()] if s.ui.handover else None
        target = self.table.table.target
        return {"me": me, "opp": opp, "people": self.several, "handover": to, "target": target}

    def told(self, s: Holder, event: Event) -> str:
        """With its players' names, or "you" for the one person at the device."""
        if self.several or self.sits_out():
            return narrate.event_text(event, self.pair_names())
        mine = mirror_event(event) if s.seat == 1 else event
        return narrate.named(narrate.event_text(mine), s.reads.pair_seen()[1])

    def headline(self, s: Holder, rec: HandRecord) -> str:
        if self.several or self.sits_out():
            return narrate.hand_headline(rec.settlement, self.pair_names())
        mine = mirror_record(rec) if s.seat == 1 else rec
        return narrate.named(narrate.hand_headline(mine.settlement), s.reads.pair_seen()[1])

    def undo_names(self, s: Holder) -> tuple[str, str] | None:
        return self.pair_names() if self.several else None

    def leaving(self, s: Holder) -> str | None:
        """A new match ends the table; your match waiting under it is abandoned too, if in
        progress (and counted so when it counts: yours against the computer)."""
        table = f"A new match ends this table of {self.table.seats} (it is not kept)."
        if not s.reads.in_progress():
            return table if self.table.result is None else None
        counts = self.own is not None and self.own.people is None and s.reads.features_count()
        return f"{table} {narrate.leaving_words(counts)}"

    def ready(self, s: Holder) -> None:
        self.holder = self.to_hold()
        self.point(s)

    def apply(self, s: Holder, action: Action) -> None:
        """Through the table (it deals, scores and rotates), then the device passes on."""
        self.table.apply(self.seat, action)
        self.passed(s, action.kind == ActionKind.NEXT_HAND)

    def dealt(self, s: Holder) -> None:
        """The table's new deal was shown by :meth:`point` already."""

    def cover(self, s: Holder, always: bool = False) -> None:
        """Covered by :meth:`passed` (who holds the device is the table's to say)."""

    def unfair(self, s: Holder) -> TakeBack | None:
        return self.table.fair_undo(self.seat)

    def take_back(self, s: Holder, seat: int) -> None:
        self.table.undo(self.seat)
        self.point(s)

    def computer_seat(self, s: Holder) -> int | None:
        """The first computer to move (not while the table is covered)."""
        return None if s.ui.handover else self.computer_to_move()

    def computer_moves(self, s: Holder, seat: int, action: Action, reason: str) -> str:
        """Its reason is kept only when it plays the game shown."""
        shown = self.against(seat) and not self.sits_out()
        self.table.apply(seat, action)
        self.passed(s, False)
        return reason if shown else ""

    def computer_view(self, s: Holder, seat: int) -> PlayerView:
        view = self.table.view(seat).play
        assert view is not None, "a seat to move plays a game"
        return view

    def save(self, s: Holder) -> None:
        s.vault.put(self.record_key, seatrecord.dumps(self.seated, s.vault.seal_key()))

    def end(self, s: Holder) -> None:
        """The table ends (its record goes); your match is back on the table."""
        s.vault.remove(self.record_key)
        s.game, s.state = self.own or s.game, PlayState()

    # ----- the table shown -----------------------------------------------------------------

    def point(self, s: Holder) -> None:
        """Show the game of the seat at the device (or while it sits out, the one it watches):
        after every move at the table, since a new deal or a move taken back replaces the
        table's games. A game newly shown starts its own log and table state."""
        match, seat = self.shown()
        s.game.match, s.seat = match, seat
        key = self.game_key()
        if key == self.shown_key:
            return
        self.shown_key = key
        s.game.order, s.game.pending = [], {}
        s.game.log = [LogLine(0, e.player, s.reads.told(e)) for e in logged(match.events, True)]
        s.kept.events_seen = len(match.events)
        s.ui = opened(match, seat, covered=self.holder is None)

    def passed(self, s: Holder, new_deal: bool) -> None:
        """After a move at the table: who should hold the device now; with several people the
        table is covered when that changes, and at a new deal (handover.covers)."""
        want = self.to_hold()
        if handover.covers(len(self.people), want != self.holder, new_deal):
            self.holder = None
            s.ui = TableState(handover=True)
            s.game.order = []
        else:
            self.holder = want
        self.point(s)
        s.seats_changed(self.seated)


def sit(s: Holder, seated: Seated, fresh: bool) -> None:
    """Put a table of seats on the table (``fresh``: just sat down; else resumed after a
    reload): your match waits, saved as it was; a practice hand ends. One person holds the
    device at once; with several the table opens covered for the first to play."""
    if not isinstance(s.state, SeatedPlay):
        practice.end(s)
    s.epoch += 1
    alone = len(persons(seated.people)) == 1
    s.state = sp = SeatedPlay(seated, s.state.own or s.game)
    sp.holder = sp.to_hold() if alone else None
    match, _ = sp.shown()
    s.game = Game(match, seated.uid, seated.level, 0, s.vault.now())
    sp.point(s)
    if not alone:
        s.ui = TableState(handover=True)
    s.seats_changed(seated)
    if fresh:
        s.kept.save()
