"""The tables of seats plugged into the page: sitting down at three players, four in
partnerships or Hollywood scoring (New match's "Sit down"), their statistics per seating
(tally.py), and going over each person's game of the hands played. The table itself is played
on the table (table/seated.py, the session and the presenter): this feature seats it, counts
it and analyses it. A link's (or an embed's) ``table_seed=<number>`` fixes the deals of the
tables started in that page (for demos and deterministic tests; the computer's moves follow
from the deals). app.py registers it (table/port.py).

Between hands each person may go over their own game of any hand over, move by move (one who
sat a hand out has none of it): each person's game is analysed in background slices between
hands, kept with the table (by hand and seat, sealed: storage/seatrecord.py), and opens in the
dialog app.py wires in (``port.ShowGame``: another feature's, which reads a ``port.PastGame``), from
that seat's view only; with several people,
behind a handover to the person it is for. These analyses are not counted in the statistics
(those are one person's matches against the computer)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from gin_core import Seating, TableMatch, TablePhase, table_preset, whole_number
from gin_core.analysis import HandReview, think_review

from ..kit.background import SLICE_MS, while_current
from ..storage import seatrecord as record
from ..storage import stats
from ..storage.seatrecord import Seated, persons
from ..storage.settings import LEVELS
from ..table import handover
from ..table.port import (
    Acts,
    Background,
    Feature,
    FeatureIntent,
    HandButton,
    HandButtons,
    Handler,
    Job,
    Links,
    PastGame,
    Question,
    SeatedWatch,
    ShowGame,
    Statistics,
    StatsParts,
    Watches,
)
from ..words.seatwords import WORDS, words_of
from . import tally
from .intents import GoOver, SitDown

if TYPE_CHECKING:
    from ..storage.savefmt import Game
    from ..storage.stats import PartCheck
    from ..storage.vault import Vault
    from ..table.params import Params
    from .ui import SeatsUI

SEED_END = 1 << 64  # a table's seed is below this (gin_core's seeds)
MAX_HAND = 9_999  # more hands than any table plays (a number read from a control)
GO_OVER = HandButton("seat-go-over", "Go over", "Go over your game", "btn-seat-go-over")


class SeatsFeature(  # one base per role it plays (table/port.py)
    Feature, Acts, Links, StatsParts, SeatedWatch, Watches, Statistics, HandButtons, Background
):
    link_names = ("table_seed",)

    def __init__(self, vault: Vault, ui: SeatsUI, show_game: ShowGame) -> None:
        self.vault = vault
        self.ui = ui
        self.show_game = show_game
        self.serial = 0  # tables seated in this page (a job of an earlier table is dropped)
        self.seed: int | None = None  # the deals of the tables started here (a link's; None: at random)
        self.tallied: tuple[str, int, bool] | None = None  # (table id, hands, over) last counted

    @property
    def seated(self) -> Seated | None:
        """The table of seats on the table, if any (the session holds it: table/seated.py)."""
        return self.table.seated

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "seat-go-over":
            hand = whole_number(data.get("hand", ""), MAX_HAND) or 0  # the hand's button
            return None if self.table.seated is None else GoOver(self.table.seated_seat(), hand)
        if act == "seat-down" and words_of(data.get("value", "")) is not None:
            kinds, typed, level = self.ui.form()
            return SitDown(data["value"], kinds, typed, level)
        return None

    def handlers(self) -> Mapping[type, Handler]:
        return {SitDown: self.sit_down, GoOver: self.go_over}

    def stats_parts(self) -> Mapping[str, PartCheck]:
        return {tally.PART: tally.check}

    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """A link's ``table_seed``: the tables started in this page are dealt from it."""
        asked = dict(link.options).get("table_seed")
        if asked is None:
            return None, []
        seed = whole_number(asked, SEED_END - 1)
        if seed is None:
            return None, [f"table_seed must be a whole number below 2**64, not {asked!r}"]
        self.seed = seed
        return None, []

    # ----- the table -----------------------------------------------------------------------------

    def sit_down(self, it: SitDown) -> bool:
        """A new table on the table (seat 0 deals the first hand: at three it sits it out), the
        computer at the difficulty chosen (else your match's); your match waits."""
        try:
            people = record.seat_people(Seating(it.seating), it.kinds, it.typed)
        except ValueError as e:
            self.table.notice(str(e), "rule", 4000)
            return False
        table = TableMatch(table_preset(it.seating), seed=self.seed, dealer=0)
        level = it.level if it.level in LEVELS else self.table.own_game.level
        self.table.sit(Seated(table, level, people, uid=self.vault.new_uid()))
        return True

    def seated_changed(self, seated: Seated) -> None:
        """The table moved (or was seated): count it (its games are analysed by :meth:`jobs`)."""
        self.count(seated)

    def stored_changed(self, name: str) -> None:
        """Another tab, which owns the table now, moved it or left it: this tab's copy is read
        again, so a move made here after "Play here" is played on that table, not over it."""
        if name != record.NAME:
            return
        key = self.vault.seal_key()
        found = self.vault.read(record.NAME, lambda d: record.parse(d, key), "table of players")
        self.serial += 1
        self.table.reseat(found)

    def count(self, s: Seated) -> None:
        """Count the hands and the end of a table of one person in the statistics of its
        seating (tally.py; a table of several people is nobody's record), when a hand or the
        table has ended since the last count (not at every move)."""
        people = persons(s.people)
        if len(people) != 1:
            return
        uid, done = s.uid, tally.tally_of(s.table, people[0])
        mark = (uid, len(done.winners), done.over)
        if mark == self.tallied or mark[1:] == (0, False):  # nothing new: the statistics are not read
            return
        self.tallied = mark
        self.vault.count(lambda d: tally.count(stats.part(d, tally.PART), uid, done))

    def statistics_opened(self) -> None:
        titles = {str(seating): w.title for seating, w in WORDS.items()}
        self.ui.show_statistics(
            tally.HEAD, tally.shown(stats.part(self.vault.stats_data, tally.PART), titles)
        )

    # ----- going over the hands played ------------------------------------------------------------

    def hand_buttons(self) -> tuple[HandButton, ...]:
        """Going over your game, under each hand of a table once every game of it is over."""
        return (GO_OVER,) if self.seated is not None and self.offered() else ()

    def played_by(self, hand: int) -> tuple[int, ...]:
        """The seats of the people who played finished hand ``hand`` (none while a hand is
        played: a game is gone over between hands, when every hand shown is over)."""
        if self.seated is None or self.seated.table.phase == TablePhase.PLAY:
            return ()
        t = self.seated.table
        return tuple(
            s
            for s in persons(self.seated.people)
            if 0 < hand <= len(t.hands) and record.game_seat(t, hand, s)
        )

    def offered(self) -> tuple[int, ...]:
        """The seats of the people who played any of the hands over (their games to go over)."""
        hands = range(1, 1 + (0 if self.seated is None else len(self.seated.table.hands)))
        return tuple(sorted({s for h in hands for s in self.played_by(h)}))

    def go_over(self, it: GoOver) -> bool:
        """``seat``'s game of finished hand ``hand`` (0: the hand just played), move by move: at
        once when one person is at the table, else once that person says they hold the device;
        one who sat that hand out is told so."""
        if self.seated is None or it.seat not in self.offered():
            return False
        hand = it.hand or len(self.seated.table.hands)
        every = record.names(self.seated.table.table.seating, self.seated.people)
        name = every[it.seat]
        if it.seat not in self.played_by(hand):
            self.table.notice(f"{name} sat out hand {hand}: no game to go over.", "rule", 4000)
            return False
        if len(persons(self.seated.people)) < 2:
            self.show_game(self.past_game(it.seat, hand))
            return True
        q = Question(
            f"{name}\u2019s game",
            handover.before(name, f"go over {name}\u2019s game of hand {hand}"),
            handover.READY,
        )
        self.table.ask(q, lambda _: self.show_game(self.past_game(it.seat, hand)))
        return True

    def past_game(self, seat: int, hand: int = 0, update: bool = False) -> PastGame:
        """``seat``'s game of finished hand ``hand`` (0: the hand just played), as that seat saw it."""
        assert self.seated is not None, "a table is seated"
        s = self.seated
        hand = hand or len(s.table.hands)
        found = record.game_seat(s.table, hand, seat)
        assert found is not None, "the seat played the hand"
        game, player = found
        pair = s.table.hands[hand - 1].games[game].seats
        every = record.names(s.table.table.seating, s.people)
        alone = len(persons(s.people)) < 2
        names = tuple("You" if alone and p == seat else every[p] for p in pair)
        done = s.analyses.get((hand, seat))
        match = s.table.played(hand)[game]
        return PastGame(match, player, (names[0], names[1]), alone, hand, done, update)

    def analysis_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The analysis of each person's game of the hands over, not yet kept (the hand just
        played first; an earlier one's, dropped when play went on, is worked out again)."""
        if self.seated is None:
            return []
        s = self.seated
        jobs: list[Job] = []
        for hand in range(len(s.table.hands), 0, -1):
            for seat in self.played_by(hand):
                key = f"seats-analysis:{self.serial}:{hand}:{seat}"
                if (hand, seat) in s.analyses or known(key):
                    continue
                mine = self.past_game(seat, hand)
                work = while_current(
                    think_review(mine.match, 1, slice_ms=SLICE_MS, player=mine.seat),
                    self.still(self.serial, len(s.table.hands)),
                )
                jobs.append((key, work, self.analysed(hand, seat)))
        return jobs

    def still(self, serial: int, hands: int) -> Callable[[], bool]:
        """Whether the table ``serial`` is still seated with ``hands`` hands over and the next
        not dealt (an analysis stops once it is not: kit/background.py; it comes back between
        the next hands)."""
        return lambda: (
            self.seated is not None
            and serial == self.serial
            and len(self.seated.table.hands) == hands
            and self.seated.table.phase != TablePhase.PLAY
        )

    def analysed(self, hand: int, seat: int) -> Callable[[HandReview], None]:
        """Keep the analysis (if the table is still the one it judged) and refresh it if
        it is open."""
        serial = self.serial

        def done(found: HandReview) -> None:
            if self.seated is None or serial != self.serial or hand > len(self.seated.table.hands):
                return
            self.seated.analyses[hand, seat] = found
            self.vault.put(record.NAME, record.dumps(self.seated, self.vault.seal_key()))
            if self.seated.table.phase != TablePhase.PLAY:  # games are gone over between hands
                self.show_game(self.past_game(seat, hand, update=True))

        return done

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        return self.analysis_jobs(known)
