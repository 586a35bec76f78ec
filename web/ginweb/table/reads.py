"""The reads of the game on the table: what the presenter, dispatch and the turns ask the session.

The session (session.py) changes the table; these only answer what it stands at: the view of the
seat at the device, who plays, what counts, whether undo, the hint or a move is on, the hand as
laid out. Each asks the session's :class:`PlayState` where the kinds of play differ. Nothing here
writes, so a presenter or a feature's guard may ask as often as it likes.
"""

from __future__ import annotations

from typing import Any, Protocol

from gin_core import ENDED, ActionKind, Card, Event, PlayerView, TakeBack

from ..storage import settings
from ..storage.savefmt import Game, LogLine
from ..words import gamelog, narrate
from .handview import Slot, layout, melds_shown
from .playstate import Blocked, Holder
from .port import Plugs
from .seated import SeatedPlay
from .tablestate import Stage


class Held(Holder, Protocol):
    """What the reads read of the session that holds them (session.py)."""

    settings: settings.Settings
    plugs: Plugs


class TableReads:
    """The game on the table as it stands, read for the presenter and the parts; see the module
    text."""

    def __init__(self, session: Held) -> None:
        self.session = session

    # ----- what is played, and by whom -----------------------------------------------------

    def view(self) -> PlayerView:
        """What the seat at the table knows, told as "yours" (a seat sitting the hand out has
        no game: asking is a mistake of the caller, refused rather than shown another's hand)."""
        if self.sits_out:
            raise LookupError("the seat at the device sits this hand out: it has no game to view")
        return self.session.state.view_of(self.session)

    @property
    def two_people(self) -> bool:
        """Two people share the device: seat 1 is a person, not the computer."""
        return self.session.game.people is not None

    @property
    def seated(self) -> SeatedPlay | None:
        """The table of seats on the table, if one is (seated.py)."""
        state = self.session.state
        return state if isinstance(state, SeatedPlay) else None

    @property
    def sits_out(self) -> bool:
        """At a table of seats, the seat at the device sits this hand out (it watches)."""
        return self.session.state.sits_out()

    @property
    def practicing(self) -> bool:
        """A practice hand is on the table: it never counts, and your match waits."""
        return self.session.state.practice

    @property
    def own_game(self) -> Game:
        """Your match: the one on the table, or the one set aside under a practice hand or a
        table of seats."""
        return self.session.state.own or self.session.game

    def names(self) -> tuple[str, str] | None:
        """The two players' names (None: you against the computer)."""
        return self.session.state.players(self.session)

    def seating(self) -> dict[str, Any]:
        """Who sits where, for the presenter (model.Look)."""
        return self.session.state.seating(self.session)

    def pair_seen(self) -> tuple[str, str]:
        """The shown game's two names, the seat at the device's first."""
        pair = self.names() or narrate.NAMES
        seat = self.session.seat
        return pair[seat], pair[1 - seat]

    def said(self, text: str) -> str:
        """Words written for you against the computer, with the other player's name when two
        people play or at a table of seats (the seat at the table is "you")."""
        return text if self.names() is None else narrate.named(text, self.pair_seen()[1])

    def told(self, event: Event) -> str:
        """A log line for ``event`` of the game shown."""
        return self.session.state.told(self.session, event)

    # ----- your match, and what counts ------------------------------------------------------

    def in_progress(self) -> bool:
        """Your match has moves made and has not ended (leaving it counts as abandoned)."""
        m = self.own_game.match
        return m.result is None and any(p == 0 for p, _ in m.history)

    def hand_over(self, hand: int) -> bool:
        """Hand ``hand`` of your match is over and its result was shown."""
        m = self.own_game.match
        n = len(m.records)
        if not 0 < hand <= n:
            return False
        shown = self.session.ui.stage >= Stage.RESULT
        return hand < n or m.phase not in ENDED or self.practicing or shown

    def leaving(self) -> str | None:
        """The warning before your match is left for another (None: nothing in progress)."""
        return self.session.state.leaving(self.session)

    def features_count(self) -> bool:
        """No feature says the match on the table is not counted (a feature's practice)."""
        return self.session.plugs.counts()

    @property
    def counts(self) -> bool:
        """The match on the table counts in the statistics: your match (not a practice hand,
        not a table of seats), no feature says otherwise, and not two people's match."""
        return self.session.state.counts and not self.two_people and self.features_count()

    # ----- what may be done now -------------------------------------------------------------

    def undo_off(self) -> Blocked | str | None:
        """Why moves cannot be taken back now: the play on the table, strict mode, a feature's
        reason (words), or None."""
        s = self.session
        off = s.state.undo_off()
        if off is not None:
            return off
        if s.settings.strict:
            return Blocked.UNDO_STRICT
        if self.practicing:
            return None
        return s.plugs.undo_off()

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off now (the play's or a feature's words), or None."""
        if self.practicing:
            return None
        s = self.session
        return s.state.help_off() if s.state.remote else s.plugs.help_off()

    @property
    def strict(self) -> bool:
        """No undo on the table (the presenter hides the button)."""
        return self.undo_off() is not None

    def can_undo(self) -> bool:
        """You may take back your last move: undo is on, and it showed you nothing
        (``Match.fair_undo``: not a stock draw, not answered by the computer)."""
        return not (self.strict or self.session.ui.handover) and self.unfair() is None

    def unfair(self) -> TakeBack | None:
        """Why the seat at the device may not take back its last move (None: it may)."""
        return self.session.state.unfair(self.session)

    def blocked(self, kind: ActionKind) -> Blocked | None:
        """Why the page does not even ask the engine to play a move of ``kind`` now (None: it
        asks)."""
        if self.session.ui.handover:
            return Blocked.HANDOVER
        if self.sits_out:
            return None if kind == ActionKind.NEXT_HAND else Blocked.SITS_OUT
        return self.session.state.refuses(self.session, kind)

    # ----- your hand as laid out ------------------------------------------------------------

    def slots(self) -> list[Slot]:
        """Your cards as laid out on screen (none while you sit the hand out)."""
        s = self.session
        order = s.state.order_of(s)
        return [] if self.sits_out else layout(self.view().hand, s.settings.sort, order)[0]

    def hand_keys(self) -> list[str]:
        """Your cards in the order shown."""
        return [str(s.card) for s in self.slots()]

    def shown_melds(self) -> list[frozenset[Card]]:
        """The melds of your hand as grouped on screen (your own order, or the sorted layout)."""
        return melds_shown(self.slots())

    # ----- the turn, and the hand's end -----------------------------------------------------

    def ended(self) -> bool:
        """The hand on the table is over and its showdown known (the table may show it)."""
        return self.session.state.ended(self.session)

    def deciding(self) -> bool:
        """The seat at the device is to move now (not while it sits out or the device passes)."""
        s = self.session
        return not (self.sits_out or s.ui.handover) and s.state.deciding(s)

    def progress(self) -> int:
        """How many moves the game on the table has had (a key of the turn)."""
        return self.session.state.progress(self.session)

    def computer_seat(self) -> int | None:
        """The seat whose move the computer makes next (None: nobody's, or a person's)."""
        return self.session.state.computer_seat(self.session)

    def computer_view(self, seat: int) -> PlayerView:
        """What the computer at ``seat`` knows (its own game's view)."""
        return self.session.state.computer_view(self.session, seat)

    def hand_start(self) -> int:
        """History length when the hand on the table was dealt."""
        history = self.session.match.history
        return max((i + 1 for i, (_, a) in enumerate(history) if a.kind == ActionKind.NEXT_HAND), default=0)

    def computer_reasons(self) -> list[LogLine]:
        """The computer's moves of the finished hand on the table, with their reasons."""
        s = self.session
        if s.ui.stage < Stage.RESULT or s.state.remote:
            return []
        return gamelog.computer_reasons(s.game.log, self.hand_start())
