"""The session: the one owner of the match on the table and everything kept with it.

Moves go to the engine here (its refusals come back as data); the session keeps the fair log
(gamelog.py), counts statistics, saves after every change and takes moves back, and never
touches the DOM. What is played is its :class:`PlayState`: your match (against the computer, or
two people passing one device: the table shows :attr:`Session.seat`'s view, covered while the
device passes), a practice hand (practice.py) or a table of seats (seated.py); each answers its
own way, the session keeps what they share. Storage, clock and ids come through a ``Vault``.
"""

from __future__ import annotations

from dataclasses import replace

from gin_core import (
    Action,
    ActionKind,
    Bot,
    IllegalAction,
    Match,
    Rules,
    TakeBack,
    make_bot,
)

from ..kit.background import SLICE_MS
from ..storage import settings
from ..storage.savefmt import Game
from ..storage.seatrecord import Seated
from ..storage.vault import Vault
from . import practice
from .keeping import Keeper
from .playstate import DRAWS, Blocked, PlayState, just_drawn, new_game, opened
from .port import Plugs
from .reads import TableReads
from .remote import Remote, RemotePlay
from .seated import sit
from .tablestate import Stage, TableState

__all__ = ["Blocked", "Session", "new_game"]


class Session:
    """The match on the table and what is kept with it; see the module text."""

    def __init__(
        self,
        prefs: settings.Settings,
        vault: Vault,
        game: Game,
        fresh: bool,
        plugs: Plugs | None = None,
    ) -> None:
        """Put ``game`` on the table: ``fresh`` (just dealt) or resumed from storage;
        ``features``: the features plugged into the table (told of each match put on it)."""
        self.vault = vault
        self.plugs = plugs or Plugs()
        self.settings = prefs
        self.ui = TableState()
        self.seat = 0  # whose view the table shows (1 only with two people on one device)
        self.state = PlayState()  # what is played: your match, a practice hand, a table of seats
        self.epoch = 0  # changes whenever the table is replaced or moves are taken back
        self.game = game
        self.bot: Bot = make_bot(game.level, game.bot_seed, SLICE_MS)
        self.reads = TableReads(self)  # what the table stands at, for the presenter and the parts
        self.kept = Keeper(self)  # the log, the statistics and the stored record
        self.adopt(game, fresh)

    @property
    def match(self) -> Match:
        """The engine's match of the game on the table."""
        return self.game.match

    # ----- starting -------------------------------------------------------------------------

    def adopt(self, game: Game, fresh: bool) -> None:
        """Make ``game`` the match on the table (fresh: just dealt; else resumed)."""
        self.epoch += 1
        self.game = game
        if not self.reads.practicing:  # a practice hand leaves what features know of your match
            for f in self.plugs.match_parts:
                f.table_set(game, fresh)
        self.bot = make_bot(game.level, game.bot_seed, SLICE_MS)
        self.seat = 0
        self.ui = opened(game.match, fresh=fresh)
        self.ui.focus = self.ui.drawn
        self.state.cover(self, always=True)
        self.kept.adopted(game, fresh)

    def abandon(self, counted: bool) -> None:
        """Leave the match on the table for another: a table of seats or the practice hand
        ends, and a counting match in progress is counted as abandoned when ``counted``."""
        self.state.end(self)
        self.vault.remove("practice")
        if counted:
            self.kept.count_abandoned()

    def replace_match(self, game: Game, abandon: bool = True) -> None:
        """Put the just-dealt ``game`` (a feature's match) on the table in place of your match;
        a counting match in progress is counted as abandoned when ``abandon``."""
        self.abandon(abandon)
        self.adopt(game, fresh=True)

    def resume_stored(self, game: Game, practice_hand: Game | None, seated: Seated | None) -> None:
        """Your match as stored (another tab played on) back on the table, with what that tab
        left over it: a practice hand or a table of seats. What this tab had over your match is
        set aside, not ended: the records stored are the other tab's, newer than this tab's. A
        hand with a friend stays on the table (its connection is this tab's); your match under
        it is the one stored."""
        if self.state.remote:
            self.game = game
            return
        self.state = PlayState()
        self.adopt(game, fresh=False)
        self.resume_practice(practice_hand)
        if seated is not None:
            self.seat_table(seated, fresh=False)

    def new_game(self, m: Match, level: str, uid: str) -> Game:
        return new_game(m, level, uid, self.vault.now())

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
        m = Match(rules or self.settings.game_rules(), seed=seed, dealer=dealer, first_deal=deal)
        self.abandon(abandon)
        game = self.new_game(m, level or self.settings.level, self.vault.new_uid())
        game.people = people
        self.adopt(game, fresh=True)

    # ----- a table of seats (seated.py) and practice hands (practice.py) -------------------------

    def seat_table(self, seated: Seated, fresh: bool) -> None:
        """Put a table of seats on the table (``fresh``: just sat down; else resumed)."""
        sit(self, seated, fresh)

    def seats_changed(self, seated: Seated) -> None:
        """The table of seats moved (or was seated): the features are told."""
        for f in self.plugs.seated_watches:
            f.seated_changed(seated)

    def leave_table(self) -> None:
        """The table of seats ends (its record goes); your match is back on the table."""
        if self.reads.seated is not None:
            self.state.end(self)

    def back_to_match(self) -> None:
        """Leave the table of seats (it ends): your match comes back exactly where it was."""
        if self.reads.seated is not None:
            self.state.end(self)
            self.adopt(self.game, fresh=False)

    def play_remote(self, remote: Remote) -> None:
        """Put a hand with a person on another device on the table (remote.py); your match
        waits under it, and a practice hand or a table of seats on the table ends."""
        self.abandon(False)
        self.state = RemotePlay(remote)
        self.epoch += 1
        self.seat = 0
        self.ui = TableState()
        self.remote_changed()

    def remote_changed(self) -> None:
        """The other device moved, a card came, the hand was checked or a new one dealt."""
        if isinstance(self.state, RemotePlay) and self.state.follow(self):
            self.epoch += 1

    def end_remote(self) -> None:
        """The hand with the other device leaves the table (it stays kept): your match is back."""
        if isinstance(self.state, RemotePlay):
            self.state.end(self)
            self.adopt(self.game, fresh=False)

    def practice(self, code: str, dealer: int, start: Match | None = None) -> None:
        """Play deal ``code`` again as a practice hand (or on from ``start``); your match waits."""
        practice.start(self, code, dealer, start)

    def end_practice(self) -> None:
        """Back to your match, exactly where it was."""
        practice.end(self)

    def resume_practice(self, game: Game | None) -> None:
        """After a reload: put back the practice hand that was on the table, if any."""
        practice.resume(self, game)

    # ----- your moves -------------------------------------------------------------------------

    def play(self, action: Action) -> IllegalAction | Blocked | None:
        """Play ``action`` for the seat at the table; the refusal (nothing changed) or None."""
        blocked = self.reads.blocked(action.kind)
        if blocked is not None:
            return blocked
        before = set() if self.reads.sits_out else set(self.reads.view().hand)
        try:
            self.state.apply(self, action)
        except IllegalAction as refusal:
            return refusal
        ui = self.ui
        ui.hint = None
        if action.kind in DRAWS:
            new = set(self.reads.view().hand) - before
            ui.drawn = str(next(iter(new))) if new else None
            ui.focus = ui.drawn
        elif action.kind == ActionKind.DISCARD:
            ui.drawn = None
        elif action.kind == ActionKind.NEXT_HAND:
            self.state.dealt(self)
        self.state.cover(self, always=action.kind == ActionKind.NEXT_HAND)
        self.moved()
        return None

    def undo(self) -> Blocked | TakeBack | str | None:
        """Take back your last move of this hand, if it showed you nothing (the match is then
        marked in the statistics)."""
        off = self.reads.undo_off()
        if off is not None:
            return off
        if self.ui.handover:
            return Blocked.HANDOVER
        seat = self.seat
        unfair = self.reads.unfair()
        if unfair is not None:
            return unfair
        k = self.match.undo_point(seat)
        assert k is not None, "fair_undo found your last move"
        self.epoch += 1
        self.state.take_back(self, seat)
        names = self.state.undo_names(self)
        who = f"{names[seat]} takes back a move" if names else "You take back your move"
        self.kept.taken_back(k, seat, who)
        self.ui = TableState(drawn=just_drawn(self.match, seat), focus=self.ui.focus)
        self.kept.save()
        return None

    def sort(self, way: str) -> None:
        self.change_settings(replace(self.settings, sort=way))
        self.state.keep_order(self, [])
        self.kept.save()

    def reorder(self, key: str, index: int) -> None:
        """Move a card of your hand to ``index`` (your own order from now on)."""
        keys = self.reads.hand_keys()
        if key not in keys:
            return
        keys.remove(key)
        keys.insert(max(0, min(index, len(keys))), key)
        self.state.keep_order(self, keys)
        if self.settings.sort != "custom":
            self.change_settings(replace(self.settings, sort="custom"))
        self.ui.focus = key
        self.kept.save()

    def ready(self) -> None:
        """The person whose turn it is has the device: uncover the table on their own view."""
        self.state.ready(self)
        self.ui = opened(self.match, self.seat)

    # ----- what the table shows besides the match (tablestate.py) ------------------------------

    def focus_on(self, key: str | None) -> None:
        """The keyboard is on card ``key`` (kept so a render puts it back)."""
        self.ui.focus = key

    def reach(self, stage: Stage, laid: int = 0) -> None:
        """The finished hand is shown up to ``stage`` (``laid``: the lay-offs shown so far)."""
        self.ui.stage = stage
        self.ui.laid = laid

    def hinted(self, target: str | None) -> None:
        """The hint's best move points at ``target`` (a card key, "stock" or "pile") until a move."""
        self.ui.hint = target

    # ----- the computer ------------------------------------------------------------------------

    def computer_thinks(self) -> None:
        self.ui.thinking = True

    def computer_plays(self, action: Action, reason: str, seat: int = 1) -> None:
        """The computer's decision at ``seat`` (thought out on its own view) goes to the
        engine, and to the log with its reason (kept unshown until the hand is over)."""
        self.ui.thinking = False
        self.moved(self.state.computer_moves(self, seat, action, reason))

    # ----- settings ----------------------------------------------------------------------------

    def change_settings(self, new: settings.Settings) -> None:
        """Keep and store ``new``; a new level takes the computer's seat at once."""
        self.settings = new
        self.vault.put(settings.NAME, settings.dumps(new))
        if new.level != self.game.level:
            self.game.level = new.level
            self.bot = make_bot(new.level, self.game.bot_seed, SLICE_MS)
            self.kept.save()

    # ----- after any move ----------------------------------------------------------------------

    def moved(self, reason: str = "") -> None:
        """A move was played: a friend's hand follows its view (remote.py), and the keeper logs
        the move (``reason``: the computer's, sealed until the hand is over)."""
        if self.state.remote:
            self.remote_changed()
        self.kept.record(reason)
