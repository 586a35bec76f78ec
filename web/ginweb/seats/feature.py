"""The seated table plugged into the page: three players, four in partnerships, or Hollywood
scoring for two, in a dialog of its own (#dlg-seats) beside your two-player match, which
waits underneath. Each seat is a person (by name) or the computer; the computer plays a move
per background job (kit/background.py: slices of at most a few ms), paced so a game the person
holding the device is not in is seen being played (face down) unless they skip to its result.
With several people the device passes between them (the table's hand-over, table/handover.py,
decides who holds it and when the table is covered): at every change of person, at every new
hand and after a reload the table is covered (every hand face down) until the next person taps
Ready, and the computer waits meanwhile. The holder may take back their last move
while their game showed them nothing since (gin_core's ``TableMatch.fair_undo``). The table is
stored after every move (record.py) and comes back on reload; leaving it ends it. A link's (or
an embed's) ``table_seed=<number>`` fixes the deals of the tables started in that page (for
demos and deterministic tests; the computer's moves follow from the deals). Everything of the
seated table lives in this folder; app.py registers it (ginweb/feature.py).

Between hands each person may go over their own game of any hand over, move by move (one who
sat a hand out has none of it): each person's game is analysed in background slices between
hands, kept with the table (by hand and seat, sealed: record.py), and opens in the dialog app.py
hands over (``ShowGame``), from that seat's view only; with several people, behind a handover to
the person it is for. These analyses are not counted in the statistics (those are one person's
matches against the computer)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from gin_core import (
    Action,
    ActionKind,
    Candidate,
    Card,
    Phase,
    Seating,
    TableMatch,
    TablePhase,
    UndoError,
    make_bot,
    table_preset,
    think_hint,
    whole_number,
)
from gin_core.analysis import HandReview, think_review

from ..feature import Feature, FeatureIntent, Handler, Job, PastGame, ShowGame
from ..kit.background import SLICE_MS, Slices, while_current
from ..storage import stats
from ..storage.settings import LEVELS
from ..table import cues, handover
from ..table.dispatch import BLOCKED_TEXT
from ..table.session import Blocked
from ..words import narrate
from . import record, tally
from .intents import AskHint, GoOver, LeaveTable, Ready, SeatMove, SitDown, SkipHand, SortCards, TakeBackMove
from .record import persons
from .seatings import WORDS, words_of

if TYPE_CHECKING:
    from ..storage.savefmt import Game
    from ..storage.stats import PartCheck
    from ..storage.vault import Vault
    from ..table.params import Params
    from .ui import SeatsUI

DIALOG = "dlg-seats"
PLAIN: dict[str, type[FeatureIntent]] = {  # the table's controls that carry nothing but their wish
    "seat-ready": Ready,
    "seat-undo": TakeBackMove,
    "seat-skip": SkipHand,
    "seat-hint": AskHint,
    "seat-sort": SortCards,
    "seat-leave": LeaveTable,
}
WATCH_S = 0.7  # the pause before a move in a game you watch (empty slices: the page stays live)
PLAY_S = 0.4  # before the computer's move in your own game
SEED_END = 1 << 64  # a table's seed is below this (gin_core's seeds)
MAX_SEAT = 3  # the last seat of the largest table (partners: four seats)
MAX_HAND = 9_999  # more hands than any table plays (a number read from a control)


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
    link_names = ("table_seed",)
    owned = (record.NAME,)  # the table is played from memory: one tab writes it (storage/tabs.py)
    deferred = ("ginweb.seats.model",)
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {DIALOG: LeaveTable()}

    def __init__(
        self, vault: Vault, ui: SeatsUI, show_game: ShowGame, sound: Callable[[str], None] = lambda _: None
    ) -> None:
        """``sound`` plays a cue of table/cues.py (app.py: table/sound.py), as the table does."""
        self.vault = vault
        self.ui = ui
        self.show_game = show_game
        self.sound = sound
        self.seated: record.Seated | None = None
        self.read = False  # the stored table was read (once, at start)
        self.serial = 0  # tables started in this page (a job of an earlier table is dropped)
        self.skipping = 0  # the hand number whose games you skip to the result
        self.holder: int | None = None  # the seat of the person holding the device (None: covered)
        self.seed: int | None = None  # the deals of the tables started here (a link's; None: at random)
        self.hint_at = ""  # the move key the holder asked the hint at ("": not asked)
        self.hint: tuple[str, str] | None = None  # (move key, its words): the hint found
        self.sort = ""  # the holder's cards by "rank" or "suit" ("": as your settings sort them)
        self.tallied: tuple[str, int, bool] | None = None  # (table id, hands, over) last counted

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "seat-go-over":
            seat = whole_number(data.get("seat", ""), MAX_SEAT)
            hand = whole_number(data.get("value", ""), MAX_HAND) or 0  # the hand chosen
            return None if seat is None else GoOver(seat, hand)
        return self.table_control(act, data)

    def table_control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        """The intent of a control of the table itself (not of going over a game)."""
        if act == "seat-down" and words_of(data.get("value", "")) is not None:
            kinds, typed, level = self.ui.form()
            return SitDown(data["value"], kinds, typed, level)
        if act == "seat-move" and "action" in data:
            return SeatMove(data["action"])
        wish = PLAIN.get(act)
        return None if wish is None else wish()

    def handlers(self) -> Mapping[type, Handler]:
        return {
            SitDown: self.sit_down,
            SeatMove: self.move,
            SkipHand: lambda _: self.skip(),
            Ready: lambda _: self.ready(),
            TakeBackMove: lambda _: self.take_back(),
            LeaveTable: lambda _: self.leave(),
            GoOver: self.go_over,
            AskHint: lambda _: self.ask_hint(),
            SortCards: lambda _: self.sort_cards(),
        }

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

    def table_set(self, game: Game, fresh: bool) -> None:
        if not self.read:
            self.read = True
            self.read_stored()

    def read_stored(self) -> None:
        """The table as stored (the work under way for an earlier one dropped), covered."""
        key = self.vault.seal_key()
        self.seated = self.vault.read(record.NAME, lambda d: record.parse(d, key), "table of players")
        self.serial += 1
        self.holder = None
        self.passed(True)

    def stored_changed(self, name: str) -> None:
        """Another tab, which owns the table now, moved it or left it: this tab's copy is read
        again, so a move made here after "Play here" is played on that table, not over it."""
        if name == record.NAME:
            self.read = True
            self.read_stored()
            if self.seated is None:
                self.ui.hide()
            else:
                self.drawn()

    def sit_down(self, it: SitDown) -> bool:
        """A new table (seat 0 deals the first hand: at three it sits it out), the computer at
        the difficulty chosen (else your match's)."""
        try:
            people = record.seat_people(Seating(it.seating), it.kinds, it.typed)
        except ValueError as e:
            self.host.screen.notice(str(e), "rule", 4000)
            return False
        table = TableMatch(table_preset(it.seating), seed=self.seed, dealer=0)
        level = it.level if it.level in LEVELS else self.host.session.game.level
        self.seated = record.Seated(table, level, people, uid=self.vault.new_uid())
        self.serial += 1
        self.holder = None
        self.host.dialogs.close("dlg-new")
        self.passed(True)
        self.changed()
        return True

    def move(self, it: SeatMove) -> bool:
        """The holder's move (refused while the table is covered)."""
        if self.seated is None or self.holder is None:
            return False
        try:
            action = Action.parse(it.action)
            self.seated.table.apply(self.holder, action)
            self.cue(action)
        except ValueError as e:
            self.host.screen.notice(str(e), "rule", 4000)
            return False
        self.passed(action.kind == ActionKind.NEXT_HAND)
        self.changed()
        return True

    def take_back(self) -> bool:
        """The holder takes back their last move (gin_core's fair undo: refused once their game
        showed them something since, and in strict mode as at two); the computer's work under
        way is dropped."""
        if self.seated is None or self.holder is None:
            return False
        if self.host.session.settings.strict:
            self.host.screen.notice(BLOCKED_TEXT[Blocked.UNDO_STRICT], "rule", 4000)
            return False
        try:
            self.seated.table.undo(self.holder)
        except UndoError:
            self.host.screen.notice("Too late to take it back: your game has moved on.", "rule", 4000)
            return False
        self.serial += 1
        self.changed()
        return True

    def ready(self) -> None:
        """The person the device was passed to takes it."""
        if self.seated is not None and self.holder is None:
            self.holder = holder_now(self.seated.table, self.seated.people, None)
            self.drawn()
            self.host.work()

    def passed(self, new_hand: bool) -> None:
        """After a move: who holds the device now; with several people the table is covered
        when it changes hands, and at a new hand."""
        if self.seated is None:
            return
        want = holder_now(self.seated.table, self.seated.people, self.holder)
        if not handover.covers(len(persons(self.seated.people)), want != self.holder, new_hand):
            self.holder = want
        else:
            self.holder = None

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
        self.count()
        self.drawn()
        self.host.work()

    def count(self) -> None:
        """Count the hands and the end of a table of one person in the statistics of its
        seating (tally.py; a table of several people is nobody's record), when a hand or the
        table has ended since the last count (not at every move)."""
        s = self.seated
        people = () if s is None else persons(s.people)
        if s is None or len(people) != 1:
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
            self.host.screen.notice(f"{name} sat out hand {hand}: no game to go over.", "rule", 4000)
            return False
        if len(persons(self.seated.people)) < 2:
            self.show_game(self.past_game(it.seat, hand))
            return True
        self.host.ask(
            f"{name}\u2019s game",
            handover.before(name, f"go over {name}\u2019s game of hand {hand}"),
            handover.READY,
            lambda _: self.show_game(self.past_game(it.seat, hand)),
        )
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

    # ----- the screen and the computer -----------------------------------------------------------

    def drawn(self) -> None:
        """The table as the holder sees it, or covered for the person it passes to."""
        if self.seated is None:
            return
        from .model import Help, covered, go_over_labels, present  # after the first paint (warmup.py)

        s = self.seated
        who = record.names(s.table.table.seating, s.people)
        if self.holder is None:
            self.ui.show(covered(s.table.view(holder_now(s.table, s.people, None)), who))
        else:
            undo = not self.host.session.settings.strict and s.table.fair_undo(self.holder) is None
            offered = go_over_labels(self.offered(), who, len(persons(s.people)) < 2)
            hint = self.hint[1] if self.hint is not None and self.hint[0] == self.move_key() else None
            asked = hint is not None or self.hint_at == self.move_key()
            help_ = Help(self.holder_moves() and not asked, hint or "")
            self.ui.show(present(s.table.view(self.holder), who, undo, offered, help_, self.shown_sort()))

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The computer's next move at the table, else the analyses of the people's games; and
        the hint the holder asked for."""
        return self.computer_jobs(known) + self.hint_jobs(known)

    def computer_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The computer's next move at the table (one at a time, in seat order; none while
        the table is covered)."""
        seat = self.computer_to_move()
        if self.seated is None or self.holder is None or seat is None:
            return self.analysis_jobs(known)
        table = self.seated.table
        key = self.move_key()
        if known(key):
            return []
        view = table.view(seat).play
        assert view is not None, "a seat to move plays a game"
        bot = make_bot(self.seated.level, seed=seat, slice_ms=SLICE_MS)
        pace = PLAY_S if _with(table, seat, self.holder) else WATCH_S
        if self.skipping == len(table.hands) + 1:
            pace = 0.0
        work = while_current(_paced(pace, bot.think(view)), lambda: self.move_key() == key)
        return [(key, work, lambda d: self.computer_moved(key, seat, d))]

    def sort_cards(self) -> None:
        self.sort = "suit" if self.shown_sort() == "rank" else "rank"
        self.drawn()

    def shown_sort(self) -> str:
        """How the holder's cards are sorted: as chosen here, else as your settings sort your
        match's (your own order there is by rank here: cards are not dragged at a table)."""
        return self.sort or ("suit" if self.host.session.settings.sort == "suit" else "rank")

    def cue(self, action: Action) -> None:
        """The sound of a move at the table, as at two (Settings' "Sound"; the table's end is
        the match's)."""
        if self.seated is None or not self.host.session.settings.sound:
            return
        over = self.seated.table.result is not None  # else any phase but the end: the move's sound
        name = cues.cue([action], Phase.MATCH_OVER if over else Phase.OVER)
        if name is not None:
            self.sound(name)

    # ----- the hint ------------------------------------------------------------------------------

    def holder_moves(self) -> bool:
        """The holder (not covered) is to move in their game."""
        return (
            self.seated is not None and self.holder is not None and self.holder in self.seated.table.to_move
        )

    def ask_hint(self) -> None:
        """The holder asks the hint: it is weighed in the background on their own view."""
        if self.holder_moves():
            self.hint_at = self.move_key()
            self.host.work()

    def hint_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The hint asked for this move, weighed on the holder's view (as the two-player hint);
        it stops once a move is played or the table is covered."""
        key = f"seats-hint:{self.hint_at}"
        if self.seated is None or self.hint_at != self.move_key() or not self.holder_moves() or known(key):
            return []
        view = self.seated.table.view(self.holder or 0).play
        assert view is not None, "the holder to move plays a game"
        at = self.hint_at
        work = while_current(
            think_hint(view, seed=self.serial, slice_ms=SLICE_MS),
            lambda: self.move_key() == at and self.holder_moves(),
        )
        return [(key, work, lambda found: self.hinted(at, found, view.top))]

    def hinted(self, at: str, found: list[Candidate], top: Card | None) -> None:
        """Show the best move found (if the table has not moved on)."""
        if at != self.move_key() or not found:
            return
        best = found[0]
        words = f"{narrate.action_label(best.action, top)}: {narrate.reason_words(best.reason, odds=False)}"
        self.hint = (at, words)
        self.drawn()

    def move_key(self) -> str:
        """The key of the table's next move ("" when no table is seated, a key no job has): a
        computer's move thought for another key stops, or is not played."""
        return "" if self.seated is None else f"seats:{self.serial}:{len(self.seated.table.history)}"

    def computer_to_move(self) -> int | None:
        """The first seat of the computer to move (None: a person's turn, or between hands)."""
        if self.seated is None or self.seated.table.phase != TablePhase.PLAY:
            return None
        return next((s for s in self.seated.table.to_move if self.seated.people[s] is None), None)

    def computer_moved(self, key: str, seat: int, action: Action) -> None:
        if self.seated is None or key != self.move_key():
            return
        self.seated.table.apply(seat, action)
        self.cue(action)
        self.passed(False)
        self.changed()


def holder_now(table: TableMatch, people: record.People, holder: int | None) -> int:
    """The seat of the person who should hold the device now (the hand-over's rule: the person
    to move, else one who plays this hand, else any; ``holder`` keeps it while in that group)."""
    live = table.phase == TablePhase.PLAY
    playing = [s for pair in table.pairing for s in pair] if live else []
    return handover.holder_now(persons(people), table.to_move if live else (), playing, holder)


def _with(table: TableMatch, seat: int, holder: int) -> bool:
    """``seat`` plays against the holder this hand."""
    return any(holder in pair and seat in pair for pair in table.pairing)
