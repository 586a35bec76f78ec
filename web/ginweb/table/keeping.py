"""What is kept of the game on the table: its fair log, its statistics and its stored record.

The session (session.py) changes the table; the keeper writes down what changed. The log tells
public facts only, and the computer's reasons stay sealed until the hand is over
(words/gamelog.py). Counting and saving wait until the move is drawn (:meth:`Keeper.flush`, the
page's "draw first"); the play on the table says which record it is saved under (playstate.py).
"""

from __future__ import annotations

from typing import Protocol

from gin_core import ENDED
from gin_core.analysis import never_seen

from ..storage import stats
from ..storage.savefmt import Game, LogLine
from ..words import gamelog
from .playstate import Holder, logged
from .port import Plugs
from .reads import TableReads


class Keeps(Holder, Protocol):
    """What the keeper reads of the session that holds it (session.py)."""

    plugs: Plugs

    @property
    def reads(self) -> TableReads: ...


class Keeper:
    """The log, the statistics and the stored record of the game on the table; see the module
    text."""

    def __init__(self, session: Keeps) -> None:
        self.session = session
        self.events_seen = 0  # the match's events the log has told
        self.dirty = False  # moves recorded but not yet counted and saved (see flush)

    def adopted(self, game: Game, fresh: bool) -> None:
        """``game`` was put on the table (``fresh``: just dealt; else resumed): its log begun
        (rebuilt from the events when a resumed one has none), counted and saved."""
        if fresh or not game.log:
            game.log = [LogLine(0, e.player, self.session.reads.told(e)) for e in game.match.events]
            if not fresh:
                game.log.append(LogLine(len(game.match.history), None, "Resumed (log rebuilt)"))
        self.events_seen = len(game.match.events)
        self.count_stats()
        self.save()

    def record(self, reason: str = "") -> None:
        """Log the new events (public facts only) and keep the computer's reason unshown until
        the hand is over. Counting and saving wait for :meth:`flush`, so a move is drawn first."""
        s = self.session
        if s.state.remote:  # a friend's hand: logged from its view (remote.py)
            self.dirty = True
            return
        m, g = s.match, s.game
        n = len(m.history)
        gamelog.keep_reason(g.pending, n, reason)
        new = logged(m.events[self.events_seen :], s.reads.seated is not None)
        g.log.extend(LogLine(n, e.player, s.reads.told(e)) for e in new)
        self.events_seen = len(m.events)
        if m.phase in ENDED and m.records and len(m.records) == m.deals:
            never = never_seen(m, len(m.records), s.seat) if g.pending else frozenset()
            gamelog.close_hand(g.log, g.pending, n, m.records[-1], s.state.headline(s, m.records[-1]), never)
        self.dirty = True

    def taken_back(self, k: int, seat: int, who: str) -> None:
        """``seat``'s move at history ``k`` was taken back: the log forgets what came after it
        and says who took it back; the match is marked in the statistics."""
        g = self.session.game
        g.log = gamelog.take_back(g.log, g.pending, k)
        g.log.append(LogLine(k, seat, who))
        g.undos += 1
        self.events_seen = len(self.session.match.events)

    def flush(self) -> None:
        """Count statistics and save what :meth:`record` logged (right after the screen is drawn)."""
        if self.dirty:
            self.dirty = False
            self.count_stats()
            self.save()

    def count_stats(self) -> None:
        """Count your match as it stands (each hand, undo and result once) and tell the features."""
        s = self.session
        if not s.reads.counts:
            return
        g = s.game
        for update in stats.match_counts(g.match, g.uid, g.undos, g.level, s.vault.now):
            s.vault.count(update)
        for f in s.plugs.counters:
            f.counted(g)

    def count_abandoned(self) -> None:
        """Your match in progress is left for another: counted as abandoned, if it counts."""
        s = self.session
        if s.reads.counts and s.reads.in_progress():
            uid = s.game.uid
            s.vault.count(lambda d: stats.count_abandoned(d, uid))

    def save(self) -> None:
        """Store the game on the table under its play's record (nothing is left to flush)."""
        self.dirty = False
        self.session.state.save(self.session)

    def save_own(self) -> None:
        """Save your match (also while a practice hand is on the table: a feature's part of it
        changed)."""
        s = self.session
        if s.reads.practicing:
            s.vault.put("match", s.reads.own_game.dumps(s.vault.seal_key()))
        else:
            self.save()
