"""The hands with a friend over one connection, as the table plays them: each new hand put on the
table (asked first when a table of seats or a practice hand is there), every step followed there,
a refusal said, the hands both devices checked counted in the statistics (tally.py), kept and
gone over from your seat (goover.py). The dialog beside the table is the feature's (feature.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..storage import stats
from ..table.port import HandButton, Job, Question, ShowGame, Table
from . import tally

if TYPE_CHECKING:
    from .goover import GoneOver
    from .play import Play
    from .seat import FriendSeat


class Counts(Protocol):
    """Where the statistics are counted (records.py's Records)."""

    def count(self, update: stats.StatsUpdate) -> None: ...


class HandsOnTable:
    """The hands of ``play`` at this device's ``seat`` on ``table``; ``counts``: the statistics;
    ``kept``: the hands kept to go over; ``show_game``: opens one."""

    def __init__(  # 6 parameters: the table, the hands and seat, where they are counted, kept and gone over
        self, table: Table, play: Play, seat: FriendSeat, counts: Counts, kept: GoneOver, show_game: ShowGame
    ) -> None:
        self.table = table
        self.play = play
        self.seat = seat
        self.counts = counts
        self.show_game = show_game
        self.shown_hand = 0  # the hand last put on the table (a new one is put there again)
        self.said = ""  # the last refusal said on the table
        self.tallied: tuple[str, int, bool] | None = None  # (match, hands, over) last counted
        self.gone_over = kept  # the checked hands kept on this device and their analyses

    def follow(self) -> None:
        """A step of the hand (a move, a card, a check, a deal): the table follows it (a new hand
        is put on it), a refusal is said, a hand checked is counted and kept to go over."""
        p, seat = self.play, self.seat
        if seat.view() is not None:
            if self.on_table():
                self.table.remote_changed()
            elif p.number != self.shown_hand:
                self.shown_hand = p.number
                self.put_on_table()
        if p.problem and p.problem != self.said:
            self.table.notice(p.problem, "rule")
        self.said = p.problem
        self.count()
        self.gone_over.keep_checked()

    def on_table(self) -> bool:
        return self.table.remote is self.seat

    def put_on_table(self) -> None:
        """The hand on the table; a table of seats or a practice hand there ends, so it is asked
        first (your match waits either way)."""
        t, seat = self.table, self.seat
        what = "table of seats" if t.seated is not None else "practice hand" if t.practicing else ""
        if not what:
            t.play_remote(seat)
            return
        text = f"Your {what} on the table ends (it is not kept); your match stays as it is."
        t.ask(
            Question(f"Play the hand with {seat.names[1]}?", text, "Play the hand"),
            lambda _: t.play_remote(seat),
        )

    def off_table(self) -> bool:
        """A hand is under way but not on the table (the player left it for another game)."""
        r = self.play.round
        return r is not None and not r.over() and not self.play.over and not self.on_table()

    def deal(self) -> None:
        """The host deals the next hand (the table's "Next hand" does too); a hand under way
        that was left goes back on the table."""
        if self.off_table():
            self.put_on_table()
        elif self.play.can_deal():
            self.play.deal(self.table.settings.game_rules())

    def leave(self) -> None:
        """The connection ended: the hand leaves the table (it is kept, taken up on a new one)."""
        if self.on_table():
            self.table.end_remote()

    # ----- the statistics (tally.py) --------------------------------------------------------------

    def count(self) -> None:
        """Count the hands both devices checked and the match's end, when one has come since
        the last count (not at every step)."""
        p = self.play
        if p.scored is None:
            return
        mark = (p.match, p.scored.number, p.scored.over)
        if mark == self.tallied or mark[1] == 0:
            return
        self.tallied = mark
        done = tally.tally_of(p.scored, p.names[1 - p.me])
        self.counts.count(lambda d: tally.count(stats.part(d, tally.PART), p.match, done))

    # ----- going over the hands played (goover.py) -------------------------------------------------

    def hand_buttons(self) -> tuple[HandButton, ...]:
        """ "Go over" on each finished hand of the match kept here, between hands (once both
        devices checked the last one)."""
        r = self.play.round
        if not self.on_table() or self.seat.waiting() is not None or r is None or r.stopped or not r.over():
            return ()
        from .goover import BUTTON

        return (BUTTON,)

    def go_over(self, number: int) -> bool:
        """Hand ``number`` (0: the one just played) opened to go over; one not kept here is said."""
        game = self.gone_over.past_game(number)
        if game is None:
            if number:
                said = f"Hand {number} is not kept on this device: there is nothing to go over."
                self.table.notice(said, "rule")
            return False
        self.show_game(game)
        return True

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The analysis of your decisions in the hands kept, between hands."""
        if not self.hand_buttons():
            return []
        return self.gone_over.jobs(known, self.analysed)

    def analysed(self, number: int) -> None:
        """The analysis of hand ``number`` came in: that hand, if open, shows it."""
        game = self.gone_over.past_game(number, update=True)
        if game is not None:
            self.show_game(game)
