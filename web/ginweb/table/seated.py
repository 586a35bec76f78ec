"""A table of seats played on the table itself: three players, four in partnerships, Hollywood
scoring. gin_core's ``TableMatch`` plays each hand as ordinary two-player games between seats,
so the table shows the holder's own game (its one-hand ``Match``, from that seat: the same hand
view, piles, knock dialog, showdown, hint and undo as at two) and the other seats around it
(around.py); moves go through the ``TableMatch`` so it deals, scores and rotates. This module
holds the table and who holds the device and answers what the session asks of them; the
hand-over's rules are handover.py's, the words of each seating words/seatwords.py's.
"""

from __future__ import annotations

from gin_core import ActionKind, Match, SeatView, TableMatch, TablePhase

from ..storage import seatrecord
from ..storage.seatrecord import Seated, persons
from . import handover


class SeatedPlay:
    """The table of seats on the table: the stored table (people, level, analyses) and the
    seat of the person holding the device (None: covered, the device passing)."""

    def __init__(self, seated: Seated, holder: int | None = None) -> None:
        self.seated = seated
        self.holder = holder

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
