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
    ENDED,
    Action,
    ActionKind,
    Bot,
    IllegalAction,
    Match,
    Rules,
    TakeBack,
    make_bot,
)
from gin_core.analysis import never_seen

from ..kit.background import SLICE_MS
from ..storage import settings, stats
from ..storage.savefmt import Game, LogLine
from ..storage.seatrecord import Seated
from ..storage.vault import Vault
from ..words import gamelog
from . import practice
from .playstate import DRAWS, Blocked, PlayState, just_drawn, logged, new_game, opened
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
        self.events_seen = 0
        self.dirty = False  # moves recorded but not yet counted and saved (see flush)
        self.reads = TableReads(self)  # what the table stands at, for the presenter and the parts
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
        if fresh or not game.log:
            game.log = [LogLine(0, e.player, self.reads.told(e)) for e in game.match.events]
            if not fresh:
                game.log.append(LogLine(len(game.match.history), None, "Resumed (log rebuilt)"))
        self.events_seen = len(game.match.events)
        self.count_stats()
        self.save()

    def abandon(self, counted: bool) -> None:
        """Leave the match on the table for another: a table of seats or the practice hand
        ends, and a counting match in progress is counted as abandoned when ``counted``."""
        self.state.end(self)
        self.vault.remove("practice")
        if counted and self.reads.counts and self.reads.in_progress():
            uid = self.game.uid
            self.vault.count(lambda d: stats.count_abandoned(d, uid))

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
        self.record()
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
        g = self.game
        g.log = gamelog.take_back(g.log, g.pending, k)
        names = self.state.undo_names(self)
        who = f"{names[seat]} takes back a move" if names else "You take back your move"
        g.log.append(LogLine(k, seat, who))
        g.undos += 1
        self.events_seen = len(self.match.events)
        self.ui = TableState(drawn=just_drawn(self.match, seat), focus=self.ui.focus)
        self.save()
        return None

    def sort(self, way: str) -> None:
        self.change_settings(replace(self.settings, sort=way))
        self.state.keep_order(self, [])
        self.save()

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
        self.save()

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
        self.record(self.state.computer_moves(self, seat, action, reason))

    # ----- settings ----------------------------------------------------------------------------

    def change_settings(self, new: settings.Settings) -> None:
        """Keep and store ``new``; a new level takes the computer's seat at once."""
        self.settings = new
        self.vault.put(settings.NAME, settings.dumps(new))
        if new.level != self.game.level:
            self.game.level = new.level
            self.bot = make_bot(new.level, self.game.bot_seed, SLICE_MS)
            self.save()

    # ----- after any move ----------------------------------------------------------------------

    def record(self, reason: str = "") -> None:
        """Log the new events (public facts only) and keep the computer's reason unshown until
        the hand is over. Counting and saving wait for :meth:`flush`, so a move is drawn first."""
        if self.state.remote:  # a friend's hand: logged from its view
            self.remote_changed()
            self.dirty = True
            return
        m, g = self.match, self.game
        n = len(m.history)
        gamelog.keep_reason(g.pending, n, reason)
        new = logged(m.events[self.events_seen :], self.reads.seated is not None)
        g.log.extend(LogLine(n, e.player, self.reads.told(e)) for e in new)
        self.events_seen = len(m.events)
        if m.phase in ENDED and m.records and len(m.records) == m.deals:
            never = never_seen(m, len(m.records), self.seat) if g.pending else frozenset()
            gamelog.close_hand(
                g.log, g.pending, n, m.records[-1], self.state.headline(self, m.records[-1]), never
            )
        self.dirty = True

    def flush(self) -> None:
        """Count statistics and save what :meth:`record` logged (right after the screen is drawn)."""
        if self.dirty:
            self.dirty = False
            self.count_stats()
            self.save()

    def count_stats(self) -> None:
        """Count your match as it stands (each hand, undo and result once) and tell the features."""
        if not self.reads.counts:
            return
        g = self.game
        for update in stats.match_counts(g.match, g.uid, g.undos, g.level, self.vault.now):
            self.vault.count(update)
        for f in self.plugs.counters:
            f.counted(g)

    def save(self) -> None:
        self.dirty = False
        self.state.save(self)

    def save_own(self) -> None:
        """Save your match (also while a practice hand is on the table: a feature's part of it
        changed)."""
        if self.reads.practicing:
            self.vault.put("match", self.reads.own_game.dumps(self.vault.seal_key()))
        else:
            self.save()
