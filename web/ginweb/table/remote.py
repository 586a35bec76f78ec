"""A hand whose other seat is a person on another device, played on the table itself.

No match of the engine is kept here: the other device holds the other hand, and this device
knows only what the rules have shown its player. What the table draws is that player's
:class:`PlayerView` (told as "yours", seatview.py), given by a :class:`Remote` (the friend
feature's, which runs the protocol); the moves made on the table go to it. The hand's log is
kept here from the view's public events. As the session's play state (playstate.py) it answers
what differs: the view, the moves, no undo, the hint and the tutor only if both players
agreed, nothing counted or saved (the feature keeps the match with a friend under its own
record); your match waits under it, untouched.
"""

from __future__ import annotations

from typing import Any, Protocol

from gin_core import ENDED, Action, ActionKind, Card, Event, HandRecord, PlayerView, TakeBack

from ..storage.savefmt import LogLine
from ..words import narrate
from .playstate import Blocked, Holder, PlayState
from .seatview import mirror
from .tablestate import TableState


class Remote(Protocol):
    """The other device's side of the hand, as the table asks it (friend/remote.py gives it)."""

    @property
    def names(self) -> tuple[str, str]:
        """This device's player's name, then the other's."""

    @property
    def seat(self) -> int:
        """This device's seat in the hand (0: the host)."""

    @property
    def helps(self) -> bool:
        """Both players agreed to the hint and the tutor."""

    def view(self) -> PlayerView | None:
        """What this device's player may know now, at its own seat (None: no hand yet)."""

    def waiting(self) -> str | None:
        """The words while the devices exchange cards (dealing, a stock card, the checks), or
        None while a player is to move."""

    def play(self, action: Action) -> None:
        """This player's move, sent to the other device (``IllegalAction`` if refused)."""

    def next_hand_refused(self) -> Blocked | None:
        """Why this device may not deal the next hand now (None: it may)."""

    def next_hand(self) -> None:
        """Deal the next hand (the host's device, when :meth:`next_hand_refused` says it may)."""


REMOTE_WORDS = {
    Blocked.HOST_DEALS: "The host deals the next hand: wait for it.",
    Blocked.NO_UNDO_REMOTE: "No take-backs with a friend: your move is already on their device.",
    Blocked.EXCHANGING: "Wait: the two devices are exchanging the cards.",
}
"""The refusals of the table while a friend's hand is on it (moves.py says them)."""

HELPS_OFF = "The hint and the tutor are off: the invitation did not allow them."


class RemotePlay(PlayState):
    """The hand with a person on another device on the table; your match waits under it, the
    game on the table (``Session.game``) all along: nothing of this hand is written into it."""

    counts = False  # never in your statistics (the friend feature keeps its own)
    remote = True

    def __init__(self, remote: Remote) -> None:
        self.other = remote
        self.log: list[LogLine] = []
        self.hand = 0  # the hand whose events are logged
        self.logged = 0  # how many of its events
        self.closed = 0  # the last hand whose result is logged
        self.moves: list[ActionKind] = []  # the kinds of the moves of every hand so far (their sounds)
        self.cards: frozenset[Card] = frozenset()  # your cards when last followed
        self.order: list[str] = []  # your own order of your cards in this hand
        self.last: PlayerView | None = None  # the view last shown

    def shown(self) -> PlayerView | None:
        """The view of this device's player, told as seat 0's (None: no hand yet; the last one
        while the other side has none to give, e.g. its hand being taken up again)."""
        v = self.other.view()
        if v is not None:
            self.last = v if self.other.seat == 0 else mirror(v)
        return self.last

    # ----- the session's play state (playstate.py) --------------------------------------------

    def view_of(self, s: Holder) -> PlayerView:
        v = self.shown()
        if v is None:
            raise LookupError("no hand with the friend is on the table yet")
        return v

    def ended(self, s: Holder) -> bool:
        v = self.shown()
        return v is not None and v.phase in ENDED and v.showdown is not None

    def deciding(self, s: Holder) -> bool:
        v = self.shown()
        return v is not None and v.my_turn and v.phase not in ENDED and self.other.waiting() is None

    def progress(self, s: Holder) -> int:
        return len(self.moves)

    def recent(self, s: Holder, since: int) -> list[ActionKind]:
        return self.moves[since:]

    def order_of(self, s: Holder) -> list[str]:
        return self.order

    def keep_order(self, s: Holder, keys: list[str]) -> None:
        self.order = keys

    def log_of(self, s: Holder) -> list[LogLine]:
        return self.log

    def refuses(self, s: Holder, kind: ActionKind) -> Blocked | None:
        if kind == ActionKind.NEXT_HAND:
            return self.other.next_hand_refused()
        return Blocked.EXCHANGING if self.other.waiting() is not None else None

    def undo_off(self) -> Blocked | None:
        return Blocked.NO_UNDO_REMOTE

    def help_off(self) -> str | None:
        return None if self.other.helps else HELPS_OFF

    def players(self, s: Holder) -> tuple[str, str] | None:
        return self.other.names

    def seating(self, s: Holder) -> dict[str, Any]:
        me, friend = self.other.names
        return {"me": me, "opp": friend, "people": True, "waiting": self.other.waiting(), "coded": False}

    def told(self, s: Holder, event: Event) -> str:
        return narrate.event_text(event, self.other.names)

    def headline(self, s: Holder, rec: HandRecord) -> str:
        return narrate.hand_headline(rec.settlement, self.other.names)

    def leaving(self, s: Holder) -> str | None:
        return f"The hand with {self.other.names[1]} leaves the table; it stays kept on both devices."

    def ready(self, s: Holder) -> None:
        """Nothing to hand over: each person holds their own device."""

    def apply(self, s: Holder, action: Action) -> None:
        if action.kind == ActionKind.NEXT_HAND:
            self.other.next_hand()
        else:
            self.other.play(action)

    def dealt(self, s: Holder) -> None:
        """A new hand (:meth:`follow` saw it): a fresh table, the dealt cards sorted."""
        s.ui = TableState()
        self.order = []

    def cover(self, s: Holder, always: bool = False) -> None:
        """Never covered: nobody else looks at this device."""

    def unfair(self, s: Holder) -> TakeBack | None:
        return TakeBack.NOTHING

    def computer_seat(self, s: Holder) -> int | None:
        return None

    def save(self, s: Holder) -> None:
        """The friend feature keeps the match (friend/keep.py) after every step; your match
        waiting under the hand is unchanged."""

    def end(self, s: Holder) -> None:
        s.state = PlayState()

    # ----- what the other device changed ---------------------------------------------------------

    def follow(self, s: Holder) -> bool:
        """Take in what the view shows now: a new hand (True), the events not logged yet (and
        their sounds), the hand's result once both devices checked it, the card you drew."""
        v = self.shown()
        if v is None:
            return False
        new_hand = v.hand_number != self.hand
        if new_hand:
            self.hand, self.logged, self.cards = v.hand_number, 0, frozenset()
            self.dealt(s)
        names = self.other.names
        for e in v.events[self.logged :]:
            self.log.append(LogLine(len(self.moves), e.player, narrate.event_text(e, names)))
            if e.kind in MOVE_KINDS:
                self.moves.append(ActionKind(e.kind))
        self.logged = len(v.events)
        if v.showdown is not None and self.closed != v.hand_number:
            self.closed = v.hand_number
            line = f"Hand {v.hand_number} result: {narrate.hand_headline(v.showdown.settlement, names)}"
            self.log.append(LogLine(len(self.moves), None, line))
        self.mark_drawn(s, frozenset(v.hand))
        return new_hand

    def mark_drawn(self, s: Holder, cards: frozenset[Card]) -> None:
        """The card that came into your hand is marked as just drawn (a stock card comes from
        the other device a moment after the draw); a discard clears the mark."""
        came = cards - self.cards
        if self.cards and len(came) == 1:
            s.ui.drawn = s.ui.focus = str(next(iter(came)))
        elif len(cards) < len(self.cards):
            s.ui.drawn = None
        self.cards = cards


MOVE_KINDS = frozenset(k.value for k in ActionKind)
"""The events that are moves (their sounds are the moves' own)."""
