"""Which play is on the table, and how each is put on it and taken off.

Your match, a match a feature deals, a practice hand (practice.py), a table of seats (seated.py)
or a hand with a friend on another device (remote.py): each is the session's :class:`PlayState`
while it is on the table. Putting one on sets aside or ends what was there (your match always
waits, saved as it was); taking one off puts your match back exactly where it was. The session
(session.py) plays the moves of whichever is on.
"""

from __future__ import annotations

from typing import Protocol

from gin_core import Match, Rules

from ..storage import settings
from ..storage.savefmt import Game
from ..storage.seatrecord import Seated
from . import practice
from .keeping import Keeper
from .playstate import Holder, PlayState
from .reads import TableReads
from .remote import Remote, RemotePlay
from .seated import sit
from .tablestate import TableState


class Switched(Holder, Protocol):
    """What the plays change of the session that holds them (session.py)."""

    settings: settings.Settings

    @property
    def reads(self) -> TableReads: ...
    @property
    def kept(self) -> Keeper: ...


class Plays:
    """Puts each kind of play on the table and takes it off; see the module text."""

    def __init__(self, session: Switched) -> None:
        self.session = session

    def abandon(self, counted: bool) -> None:
        """Leave the match on the table for another: a table of seats or the practice hand
        ends, and a counting match in progress is counted as abandoned when ``counted``."""
        s = self.session
        s.state.end(s)
        s.vault.remove("practice")
        if counted:
            s.kept.count_abandoned()

    def replace_match(self, game: Game, abandon: bool = True) -> None:
        """Put the just-dealt ``game`` (a feature's match) on the table in place of your match;
        a counting match in progress is counted as abandoned when ``abandon``."""
        self.abandon(abandon)
        self.session.adopt(game, fresh=True)

    def resume_stored(self, game: Game, practice_hand: Game | None, seated: Seated | None) -> None:
        """Your match as stored (another tab played on) back on the table, with what that tab
        left over it: a practice hand or a table of seats. What this tab had over your match is
        set aside, not ended: the records stored are the other tab's, newer than this tab's. A
        hand with a friend stays on the table (its connection is this tab's); your match under
        it is the one stored."""
        s = self.session
        if s.state.remote:
            s.game = game
            return
        s.state = PlayState()
        s.adopt(game, fresh=False)
        self.resume_practice(practice_hand)
        if seated is not None:
            self.seat_table(seated, fresh=False)

    def new_match(  # 7 parameters: each optional, a new match's parts as the form or a link gives them
        self,
        seed: int | None = None,
        dealer: int | None = None,
        level: str | None = None,
        rules: Rules | None = None,
        abandon: bool = True,
        deal: str | None = None,
        people: tuple[str, str] | None = None,
    ) -> None:
        """Start a match; ``deal`` is a deal code replayed as its first hand; ``people``: two
        people's names (pass and play). Raises the engine's error (nothing changed) if the
        seed, code or rules are refused."""
        s = self.session
        m = Match(rules or s.settings.game_rules(), seed=seed, dealer=dealer, first_deal=deal)
        self.abandon(abandon)
        game = s.new_game(m, level or s.settings.level, s.vault.new_uid())
        game.people = people
        s.adopt(game, fresh=True)

    # ----- a table of seats (seated.py), a friend's hand (remote.py), a practice hand (practice.py)

    def seat_table(self, seated: Seated, fresh: bool) -> None:
        """Put a table of seats on the table (``fresh``: just sat down; else resumed)."""
        sit(self.session, seated, fresh)

    def leave_table(self) -> None:
        """The table of seats ends (its record goes); your match is back on the table."""
        s = self.session
        if s.reads.seated is not None:
            s.state.end(s)

    def back_to_match(self) -> None:
        """Leave the table of seats (it ends): your match comes back exactly where it was."""
        s = self.session
        if s.reads.seated is not None:
            s.state.end(s)
            s.adopt(s.game, fresh=False)

    def play_remote(self, remote: Remote) -> None:
        """Put a hand with a person on another device on the table (remote.py); your match
        waits under it, and a practice hand or a table of seats on the table ends."""
        s = self.session
        self.abandon(False)
        s.state = RemotePlay(remote)
        s.epoch += 1
        s.seat = 0
        s.ui = TableState()
        self.remote_changed()

    def remote_changed(self) -> None:
        """The other device moved, a card came, the hand was checked or a new one dealt."""
        s = self.session
        if isinstance(s.state, RemotePlay) and s.state.follow(s):
            s.epoch += 1

    def end_remote(self) -> None:
        """The hand with the other device leaves the table (it stays kept): your match is back."""
        s = self.session
        if isinstance(s.state, RemotePlay):
            s.state.end(s)
            s.adopt(s.game, fresh=False)

    def practice(self, code: str, dealer: int, start: Match | None = None) -> None:
        """Play deal ``code`` again as a practice hand (or on from ``start``); your match waits."""
        practice.start(self.session, code, dealer, start)

    def end_practice(self) -> None:
        """Back to your match, exactly where it was."""
        practice.end(self.session)

    def resume_practice(self, game: Game | None) -> None:
        """After a reload: put back the practice hand that was on the table, if any."""
        practice.resume(self.session, game)
