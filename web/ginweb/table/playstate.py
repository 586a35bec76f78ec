"""What is played on the table, and how each kind of play answers the session.

The session (session.py) keeps what every match on the table shares: the game shown, the seat
at the device, the table state, undo, and through its parts the reads (reads.py), the log,
statistics and saving (keeping.py) and which play is on (plays.py). What differs between your
match (you against the computer, or two people on one device), a practice hand (practice.py)
and a table of seats (seated.py) is a :class:`PlayState` the session holds: each answers who
plays, how a move is applied, what may be taken back, which record is saved and what a
leaving warning says, its own way. This module holds the base, your match, and the small
helpers every play state shares; a state reaches the session only through :class:`Holder`
(and its parts through :class:`Reads` and :class:`Kept`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Protocol

from gin_core import ENDED, Action, ActionKind, Event, HandRecord, Match, Phase, PlayerView, TakeBack

from ..storage.savefmt import Game, LogLine
from ..storage.seatrecord import Seated
from ..storage.vault import Vault
from ..words import narrate
from . import handover
from .seatview import seen_from
from .tablestate import Stage, TableState

DRAWS = (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE)


class Blocked(StrEnum):
    """Why the page did not even ask the engine (the engine's own refusals are IllegalAction)."""

    COMPUTERS_TURN = "computers_turn"
    SITS_OUT = "sits_out"  # a table of seats: the holder sits this hand out
    HANDOVER = "handover"  # two people: the next one has not taken the device yet
    UNDO_STRICT = "undo_strict"
    HOST_DEALS = "host_deals"  # a friend's hand (remote.py): the host's device deals the next one
    NO_UNDO_REMOTE = "no_undo_remote"  # a friend's hand: a move sent is not taken back
    EXCHANGING = "exchanging"  # a friend's hand: the devices are exchanging cards, nobody moves


def just_drawn(m: Match, seat: int = 0) -> str | None:
    """The card ``seat`` drew with the last move, while it still has to discard (the "just
    drawn" marker, derived from the history so a resumed match shows it too)."""
    if not m.history or m.to_move != seat or m.phase != Phase.DISCARD:
        return None
    player, action = m.history[-1]
    if player != seat or action.kind not in DRAWS:
        return None
    before = copy.deepcopy(m)
    before.undo(seat)  # takes back exactly that draw
    new = set(m.view(seat).hand) - set(before.view(seat).hand)
    return str(next(iter(new))) if new else None


def logged(events: Sequence[Event], seated: bool) -> list[Event]:
    """The events the log tells: at a table of seats, not the end of a game's one-hand match
    (the table's end is its own, on the result panel)."""
    return [e for e in events if not (seated and e.kind == "match_over")]


def new_game(m: Match, level: str, uid: str, started: str) -> Game:
    """A just-dealt match with its page-side record (the computer's seed comes from the deal's)."""
    return Game(m, uid, level, m.seed % 1_000_003, started, [], [])


def opened(m: Match, seat: int = 0, covered: bool = False, fresh: bool = False) -> TableState:
    """The table state of a game just put in view: its drawn card marked (none when ``fresh``:
    just dealt), its result shown if it has ended (``covered``: for the next person to take
    the device)."""
    ui = TableState(handover=covered, drawn=None if fresh else just_drawn(m, seat))
    ui.stage = Stage.RESULT if m.phase in ENDED else Stage.LIVE
    return ui


class Reads(Protocol):
    """What a play state reads of the game on the table (reads.py)."""

    @property
    def two_people(self) -> bool: ...
    @property
    def counts(self) -> bool: ...
    def names(self) -> tuple[str, str] | None: ...
    def told(self, event: Event) -> str: ...
    def pair_seen(self) -> tuple[str, str]: ...
    def in_progress(self) -> bool: ...
    def features_count(self) -> bool: ...


class Kept(Protocol):
    """What a play state asks of the keeper of the log and the stored record (keeping.py)."""

    events_seen: int

    def save(self) -> None: ...


class Holder(Protocol):
    """What a play state reads and writes of the session that holds it (session.py)."""

    game: Game
    seat: int
    ui: TableState
    epoch: int
    vault: Vault
    state: PlayState

    @property
    def match(self) -> Match: ...
    @property
    def reads(self) -> Reads: ...
    @property
    def kept(self) -> Kept: ...
    def adopt(self, game: Game, fresh: bool) -> None: ...
    def new_game(self, m: Match, level: str, uid: str) -> Game: ...
    def seats_changed(self, seated: Seated) -> None: ...


class PlayState:
    """Your match on the table: you against the computer, or two people on one device (seat 1
    is then a person too, and the table is covered whenever the turn passes). The base of the
    other play states, which change only what differs."""

    own: Game | None = None  # your match, set aside under the one on the table (None: it is on it)
    practice = False  # a practice hand: it never counts, and neither features nor stats see it
    counts = True  # what is played may count in the statistics (features and two people aside)
    record_key = "match"  # the stored record the match on the table is saved under
    remote = False  # the other seat is a person on another device (remote.py): no match here

    def view_of(self, s: Holder) -> PlayerView:
        """What the seat at the device knows, told as "yours"."""
        return seen_from(s.match, s.seat)

    def ended(self, s: Holder) -> bool:
        """The hand on the table is over and its showdown known (the table may show it)."""
        return s.match.phase in ENDED

    def deciding(self, s: Holder) -> bool:
        """The seat at the device is to move now."""
        m = s.match
        return m.to_move == s.seat and m.phase not in ENDED

    def progress(self, s: Holder) -> int:
        """How many moves were made: a key of the turn and of the sounds heard."""
        return len(s.match.history)

    def recent(self, s: Holder, since: int) -> list[ActionKind]:
        """The kinds of the moves made after the first ``since`` (the last one's sound plays)."""
        return [a.kind for _, a in s.match.history[since:]]

    def order_of(self, s: Holder) -> list[str]:
        """Your own order of your cards (empty: sorted as the settings say)."""
        return s.game.order

    def keep_order(self, s: Holder, keys: list[str]) -> None:
        s.game.order = keys

    def log_of(self, s: Holder) -> list[LogLine]:
        """The log the table shows."""
        return s.game.log

    def refuses(self, s: Holder, kind: ActionKind) -> Blocked | None:
        """Why a move of ``kind`` is not even asked of the engine (None: it is asked)."""
        m = s.match
        return Blocked.COMPUTERS_TURN if m.phase not in ENDED and m.to_move != s.seat else None

    def undo_off(self) -> Blocked | None:
        """Why no move may be taken back in this play at all (None: the settings say)."""
        return None

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off in a friend's hand (remote.py: the players' say,
        not the features')."""
        return None

    def players(self, s: Holder) -> tuple[str, str] | None:
        """The two players' names (None: you against the computer)."""
        return s.game.people

    def seating(self, s: Holder) -> dict[str, Any]:
        """Who sits where, for the presenter (model.Look): nothing with you against the
        computer; with two people the names and, while the device is handed over, who takes it."""
        people, m = s.game.people, s.match
        if people is None:
            return {}
        to = people[m.to_move] if s.ui.handover and m.to_move is not None else None
        return {"me": people[s.seat], "opp": people[1 - s.seat], "people": True, "handover": to}

    def told(self, s: Holder, event: Event) -> str:
        """A log line for ``event``: as you and the computer, or with two people's names."""
        return narrate.event_text(event, s.game.people)

    def headline(self, s: Holder, rec: HandRecord) -> str:
        """A finished hand in a few words, as its log tells it."""
        return narrate.hand_headline(rec.settlement, s.reads.names())

    def undo_names(self, s: Holder) -> tuple[str, str] | None:
        """The names the log gives a move taken back (None: "You take back your move")."""
        return s.reads.names() if s.game.people else None

    def leaving(self, s: Holder) -> str | None:
        """The warning before this match is left for another (None: nothing in progress)."""
        return narrate.leaving_words(s.reads.counts) if s.reads.in_progress() else None

    def sits_out(self) -> bool:
        """The seat at the device sits this hand out (only at a table of seats)."""
        return False

    def ready(self, s: Holder) -> None:
        """The person whose turn it is has the device: theirs is the seat shown."""
        m = s.match
        to_move = () if m.to_move is None else (m.to_move,)
        s.seat = handover.holder_now((0, 1), to_move, (0, 1), s.seat)

    def apply(self, s: Holder, action: Action) -> None:
        """``action`` for the seat at the device on the match; the engine's refusal is raised."""
        s.match.apply(action, None if action.kind == ActionKind.NEXT_HAND else s.seat)

    def dealt(self, s: Holder) -> None:
        """After you dealt the next hand: a fresh table, the dealt hand in its own order."""
        s.ui = TableState()
        s.game.order = []

    def cover(self, s: Holder, always: bool = False) -> None:
        """Two people: cover the table when the seat shown is not the one to move (the turn
        passed), or ``always`` while a hand is live (a new deal, a resumed match: the device
        may be in either person's hands); the card order goes with it."""
        m = s.match
        people = 2 if s.reads.two_people else 1
        if m.phase not in ENDED and handover.covers(people, m.to_move != s.seat, always):
            s.ui = TableState(handover=True)
            s.game.order = []

    def unfair(self, s: Holder) -> TakeBack | None:
        """Why the seat at the device may not take back its last move (None: it may)."""
        return s.match.fair_undo(s.seat)

    def take_back(self, s: Holder, seat: int) -> None:
        """Take back ``seat``'s last move (fair: :meth:`unfair` said so)."""
        s.match.undo(seat)

    def computer_seat(self, s: Holder) -> int | None:
        """The seat whose move the computer makes next: seat 1 against you (None: nobody's,
        or two people play)."""
        m = s.match
        return 1 if m.phase not in ENDED and m.to_move == 1 and not s.reads.two_people else None

    def computer_moves(self, s: Holder, seat: int, action: Action, reason: str) -> str:
        """The computer's decision at ``seat`` goes to the engine; the reason the log keeps."""
        s.match.apply(action, seat)
        return reason

    def computer_view(self, s: Holder, seat: int) -> PlayerView:
        """What the computer at ``seat`` knows."""
        return s.match.view(seat)

    def save(self, s: Holder) -> None:
        """Store the match on the table under its record."""
        s.vault.put(self.record_key, s.game.dumps(s.vault.seal_key()))

    def end(self, s: Holder) -> None:
        """This play ends: your match is the one on the table again (not yet adopted)."""
