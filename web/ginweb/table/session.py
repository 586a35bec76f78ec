"""The session: the one owner of the game on the table; its moves go to the engine here.

Your moves and the computer's are played here (the engine's refusals come back as data), moves
are taken back, the table state (tablestate.py) and the settings are kept; it never touches the
DOM. What is played is its :class:`PlayState` (playstate.py): your match (against the computer,
or two people passing one device: the table shows :attr:`Session.seat`'s view, covered while the
device passes), a practice hand, a table of seats or a friend's hand; each answers its own way.
Three parts hold the rest, each over the session: ``reads`` (reads.py) what the table stands at,
``kept`` (keeping.py) the log, the statistics and the stored record, ``plays`` (plays.py) which
play is on the table. Storage, clock and ids come through a ``Vault``.
"""

from __future__ import annotations

from dataclasses import replace

from gin_core import (
    Action,
    ActionKind,
    Bot,
    IllegalAction,
    Match,
    TakeBack,
    make_bot,
)

from ..kit.background import SLICE_MS
from ..storage import settings
from ..storage.savefmt import Game
from ..storage.seatrecord import Seated
from ..storage.vault import Vault
from .keeping import Keeper
from .plays import Plays
from .playstate import DRAWS, Blocked, PlayState, just_drawn, new_game, opened
from .port import Plugs
from .reads import TableReads
from .tablestate import Stage, TableState


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
        ``plugs``: the features plugged into the table (told of each match put on it)."""
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
        self.plays = Plays(self)  # which play is on the table: putting each on and taking it off
        self.adopt(game, fresh)

    @property
    def match(self) -> Match:
        """The engine's match of the game on the table."""
        return self.game.match

    # ----- a game put on the table (plays.py and the play states call these) -----------------

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

    def new_game(self, m: Match, level: str, uid: str) -> Game:
        """A just-dealt match with its record, started now (by the vault's clock)."""
        return new_game(m, level, uid, self.vault.now())

    def seats_changed(self, seated: Seated) -> None:
        """The table of seats moved (or was seated): the features are told."""
        for f in self.plugs.seated_watches:
            f.seated_changed(seated)

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
            self.plays.remote_changed()
        self.kept.record(reason)
