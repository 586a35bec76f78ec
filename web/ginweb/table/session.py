"""The session: the one owner of the match on the table and everything kept with it.

Your moves and the computer's go to the engine here; the session keeps the log fair
(gamelog.py), counts statistics, saves after every change, takes moves back, sets your match
aside for a practice hand and brings it back. It never touches the DOM and never decides what
is legal (``Match.apply`` does, and its refusal is returned as data): dispatch.py asks, the
presenter shows. Storage, the clock and ids come in through :class:`Vault`, so the whole
session runs in CPython tests.

Two people on one device ("pass and play", ``Game.people``): seat 1 is a person too. The table
shows :attr:`Session.seat`'s own view (``Match.view(seat)``, told as "yours": seatview.py);
when the turn passes to the other person, :attr:`TableState.handover` covers the table until
that person says they are ready (:meth:`Session.ready`), and a reloaded two-person match opens
covered too. Undo and the hint are the seat's own (``Match.fair_undo(seat)``); such a match is
never counted in the statistics (they are one person's record against the computer).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

from gin_core import (
    ENDED,
    Action,
    ActionKind,
    Bot,
    Card,
    Event,
    HandRecord,
    IllegalAction,
    Match,
    Phase,
    PlayerView,
    Rules,
    TakeBack,
    make_bot,
)
from gin_core.analysis import never_seen

from ..kit.background import SLICE_MS
from ..storage import seatrecord, settings, stats
from ..storage.savefmt import Game, LogLine
from ..storage.seatrecord import Seated
from ..storage.vault import Vault
from ..words import gamelog, narrate
from . import handover
from .handview import layout
from .port import Plugs
from .seated import SeatedPlay
from .seatview import mirror_event, mirror_record, seen_from
from .tablestate import Stage, TableState

DRAWS = (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE)


class Blocked(StrEnum):
    """Why the page did not even ask the engine (the engine's own refusals are IllegalAction)."""

    COMPUTERS_TURN = "computers_turn"
    SITS_OUT = "sits_out"  # a table of seats: the holder sits this hand out
    HANDOVER = "handover"  # two people: the next one has not taken the device yet
    UNDO_STRICT = "undo_strict"


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


class Session:
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
        self.suspended: Game | None = None  # your match, set aside while a practice hand is played
        self.seated: SeatedPlay | None = None  # a table of seats on the table (seated.py)
        self.waiting: Game | None = None  # your match, set aside while a table of seats is played
        self.shown_game: tuple[int, int] = (0, 0)  # which of the table's games is shown (seated.py)
        self.epoch = 0  # changes whenever the table is replaced or moves are taken back
        self.game = game
        self.bot: Bot = make_bot(game.level, game.bot_seed, SLICE_MS)
        self.events_seen = 0
        self.dirty = False  # moves recorded but not yet counted and saved (see flush)
        self.adopt(game, fresh)

    # ----- what is on the table -----------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.game.match

    def view(self) -> PlayerView:
        """What the seat at the table knows, told as "yours" (a seat sitting the hand out has
        no game: asking is a mistake of the caller, refused rather than shown another's hand)."""
        if self.sits_out:
            raise LookupError("the seat at the device sits this hand out: it has no game to view")
        return seen_from(self.match, self.seat)

    @property
    def two_people(self) -> bool:
        """Two people share the device: seat 1 is a person, not the computer."""
        return self.game.people is not None

    def names(self) -> tuple[str, str] | None:
        """The two players' names (None: you against the computer): two people's, or at a
        table of seats those of the game shown."""
        return self.seated.pair_names() if self.seated is not None else self.game.people

    def seating(self) -> dict[str, Any]:
        """Who sits where, for the presenter (model.Look): nothing with you against the
        computer; with two people (or at a table of seats) the names and, while the device is
        handed over, who takes it."""
        sp, m = self.seated, self.match
        if sp is not None:
            me, opp = (sp.names[sp.seat], "") if sp.sits_out() else self.pair_seen()
            to = sp.names[sp.to_hold()] if self.ui.handover else None
            return {
                "me": me,
                "opp": opp,
                "people": sp.several,
                "handover": to,
                "target": sp.table.table.target,
            }
        people = self.game.people
        if people is None:
            return {}
        to = people[m.to_move] if self.ui.handover and m.to_move is not None else None
        return {"me": people[self.seat], "opp": people[1 - self.seat], "people": True, "handover": to}

    def pair_seen(self) -> tuple[str, str]:
        """The shown game's two names, the seat at the device's first."""
        pair = self.names() or narrate.NAMES
        return pair[self.seat], pair[1 - self.seat]

    def said(self, text: str) -> str:
        """Words written for you against the computer, with the other player's name when two
        people play or at a table of seats (the seat at the table is "you")."""
        if self.game.people is None and self.seated is None:
            return text
        return narrate.named(text, self.pair_seen()[1])

    def told(self, event: Event) -> str:
        """A log line for ``event`` of the game shown: as you and the computer, with two
        people's names, or at a table of seats with its players' names ("you" when alone)."""
        sp = self.seated
        if sp is None:
            return narrate.event_text(event, self.game.people)
        if sp.several or sp.sits_out():
            return narrate.event_text(event, sp.pair_names())
        mine = mirror_event(event) if self.seat == 1 else event
        return narrate.named(narrate.event_text(mine), self.pair_seen()[1])

    def ready(self) -> None:
        """The person whose turn it is has the device: uncover the table on their own view."""
        m = self.match
        if self.seated is not None:
            self.seated.holder = self.seated.to_hold()
            self.point()
            m = self.match
        else:
            to_move = () if m.to_move is None else (m.to_move,)
            self.seat = handover.holder_now((0, 1), to_move, (0, 1), self.seat)
        self.ui = TableState(drawn=just_drawn(m, self.seat))
        self.ui.stage = Stage.RESULT if m.phase in ENDED else Stage.LIVE

    @property
    def sits_out(self) -> bool:
        """At a table of seats, the seat at the device sits this hand out (it watches)."""
        return self.seated is not None and self.seated.sits_out()

    @property
    def practicing(self) -> bool:
        """A practice hand is on the table: it never counts, and your match waits."""
        return self.suspended is not None

    @property
    def own_game(self) -> Game:
        """Your match: the one on the table, or the one set aside for a practice hand or a
        table of seats."""
        return self.suspended or self.waiting or self.game

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
        return hand < n or m.phase not in ENDED or self.practicing or self.ui.stage >= Stage.RESULT

    def leaving(self) -> str | None:
        """The warning before your match is left for another (None: nothing in progress)."""
        sp = self.seated
        if sp is None:
            return narrate.leaving_words(self.counts) if self.in_progress() else None
        table = f"A new match ends this table of {sp.table.seats} (it is not kept)."
        if not self.in_progress():  # your match waiting under it: abandoned too, if in progress
            return table if sp.table.result is None else None
        return f"{table} {narrate.leaving_words(self.counts_waiting())}"

    def counts_waiting(self) -> bool:
        """Your match waiting under a table of seats counts in the statistics (it is yours
        against the computer, and no feature says otherwise)."""
        waiting = self.waiting
        return waiting is not None and waiting.people is None and self.plugs.counts()

    @property
    def counts(self) -> bool:
        """The match on the table counts in the statistics: not a practice hand, and no feature
        says otherwise (a feature's match played as practice), and not two people's match."""
        return not self.practicing and not self.two_people and self.seated is None and self.plugs.counts()

    def undo_off(self) -> Blocked | str | None:
        """Why moves cannot be taken back now: strict mode, a feature's reason (words), or None."""
        if self.settings.strict:
            return Blocked.UNDO_STRICT
        if self.practicing:
            return None
        return self.plugs.undo_off()

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off now (a feature's words), or None."""
        if self.practicing:
            return None
        return self.plugs.help_off()

    @property
    def strict(self) -> bool:
        """No undo on the table (the presenter hides the button)."""
        return self.undo_off() is not None

    def can_undo(self) -> bool:
        """You may take back your last move: undo is on, and it showed you nothing
        (``Match.fair_undo``: not a stock draw, not answered by the computer)."""
        return not (self.strict or self.ui.handover) and self.unfair() is None

    def unfair(self) -> TakeBack | None:
        """Why the seat at the device may not take back its last move (None: it may)."""
        if self.seated is not None:
            return self.seated.table.fair_undo(self.seated.seat)
        return self.match.fair_undo(self.seat)

    def hand_keys(self) -> list[str]:
        """Your cards in the order shown (none while you sit the hand out)."""
        if self.sits_out:
            return []
        slots, _ = layout(self.view().hand, self.settings.sort, self.game.order)
        return [str(s.card) for s in slots]

    def shown_melds(self) -> list[frozenset[Card]]:
        """The melds of your hand as grouped on screen (your own order, or the sorted layout)."""
        if self.sits_out:
            return []
        slots, _ = layout(self.view().hand, self.settings.sort, self.game.order)
        groups: dict[int, set[Card]] = {}
        for s in slots:
            if s.group >= 0:
                groups.setdefault(s.group, set()).add(s.card)
        return [frozenset(g) for g in groups.values()]

    def hand_start(self) -> int:
        """History length when the hand on the table was dealt."""
        history = self.match.history
        return max((i + 1 for i, (_, a) in enumerate(history) if a.kind == ActionKind.NEXT_HAND), default=0)

    def computer_reasons(self) -> list[LogLine]:
        """The computer's moves of the finished hand on the table, with their reasons."""
        if self.ui.stage < Stage.RESULT:
            return []
        return gamelog.computer_reasons(self.game.log, self.hand_start())

    # ----- starting -------------------------------------------------------------------------

    def adopt(self, game: Game, fresh: bool) -> None:
        """Make ``game`` the match on the table (fresh: just dealt; else resumed)."""
        self.epoch += 1
        self.game = game
        if self.suspended is None:  # a practice hand leaves what features know of your match
            for f in self.plugs.match_parts:
                f.table_set(game, fresh)
        self.bot = make_bot(game.level, game.bot_seed, SLICE_MS)
        self.seat = 0
        self.ui = TableState(drawn=None if fresh else just_drawn(game.match))
        self.ui.focus = self.ui.drawn
        self.ui.stage = Stage.RESULT if game.match.phase in ENDED else Stage.LIVE
        self.cover(always=True)
        if fresh or not game.log:
            game.log = [LogLine(0, e.player, self.told(e)) for e in game.match.events]
            if not fresh:
                game.log.append(LogLine(len(game.match.history), None, "Resumed (log rebuilt)"))
        self.events_seen = len(game.match.events)
        self.count_stats()
        self.save()

    def abandon(self, counted: bool) -> None:
        """Leave the match on the table for another: a table of seats or the practice hand
        ends, and a counting match in progress is counted as abandoned when ``counted``."""
        self.leave_table()
        if self.suspended is not None:  # a practice hand ends with it
            self.game, self.suspended = self.suspended, None
        self.vault.remove("practice")
        if counted and self.counts and self.in_progress():
            uid = self.game.uid
            self.vault.count(lambda d: stats.count_abandoned(d, uid))

    def replace_match(self, game: Game, abandon: bool = True) -> None:
        """Put the just-dealt ``game`` (a feature's match) on the table in place of your match;
        a counting match in progress is counted as abandoned when ``abandon``."""
        self.abandon(abandon)
        self.adopt(game, fresh=True)

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

    # ----- a table of seats (seated.py) ------------------------------------------------------

    def seat_table(self, seated: Seated, fresh: bool) -> None:
        """Put a table of seats on the table (``fresh``: just sat down; else resumed after a
        reload): your match waits, saved as it was; a practice hand ends. One person holds the
        device at once; with several the table opens covered for the first to play."""
        if self.seated is None:
            self.end_practice()
            self.waiting = self.game
        self.epoch += 1
        alone = len(seatrecord.persons(seated.people)) == 1
        self.seated = sp = SeatedPlay(seated)
        sp.holder = sp.to_hold() if alone else None
        match, _ = sp.shown()
        self.game = Game(match, seated.uid, seated.level, 0, self.vault.now())
        self.shown_game = (-1, -1)
        self.point()
        if not alone:
            self.ui = TableState(handover=True)
        for f in self.plugs.seated_watches:
            f.seated_changed(seated)
        if fresh:
            self.save()

    def leave_table(self) -> None:
        """The table of seats ends (its record goes); your match is back on the table."""
        if self.seated is None:
            return
        self.seated = None
        self.vault.remove(seatrecord.NAME)
        self.game, self.waiting = self.waiting or self.game, None

    def back_to_match(self) -> None:
        """Leave the table of seats (it ends): your match comes back exactly where it was."""
        if self.seated is None:
            return
        self.leave_table()
        self.adopt(self.game, fresh=False)

    def point(self) -> None:
        """Show the game of the seat at the device (or while it sits out, the one it watches):
        after every move at the table, since a new deal or a move taken back replaces the
        table's games. A game newly shown starts its own log and table state."""
        sp = self.seated
        assert sp is not None, "a table of seats is on the table"
        match, seat = sp.shown()
        self.game.match, self.seat = match, seat
        key = sp.game_key()
        if key == self.shown_game:
            return
        self.shown_game = key
        self.game.order, self.game.pending = [], {}
        self.game.log = [LogLine(0, e.player, self.told(e)) for e in logged(match.events, True)]
        self.events_seen = len(match.events)
        self.ui = TableState(handover=sp.holder is None, drawn=just_drawn(match, seat))
        self.ui.stage = Stage.RESULT if match.phase in ENDED else Stage.LIVE

    def passed(self, new_deal: bool) -> None:
        """After a move at the table: who should hold the device now; with several people the
        table is covered when that changes, and at a new deal (handover.covers)."""
        sp = self.seated
        assert sp is not None, "a table of seats is on the table"
        want = sp.to_hold()
        if handover.covers(len(sp.people), want != sp.holder, new_deal):
            sp.holder = None
            self.ui = TableState(handover=True)
            self.game.order = []
        else:
            sp.holder = want
        self.point()
        for f in self.plugs.seated_watches:
            f.seated_changed(sp.seated)

    def computer_seat(self) -> int | None:
        """The seat whose move the computer makes next (None: nobody's, or a person's): at two,
        seat 1 against you; at a table of seats, the first computer to move (not while the
        table is covered)."""
        sp, m = self.seated, self.match
        if sp is not None:
            return None if self.ui.handover else sp.computer_to_move()
        return 1 if m.phase not in ENDED and m.to_move == 1 and not self.two_people else None

    # ----- practice hands -------------------------------------------------------------------

    def practice(self, code: str, dealer: int, start: Match | None = None) -> None:
        """Play deal ``code`` again as a practice hand at your match's level and rules (or on
        from ``start``, a one-hand match of that deal part played); your match is set aside
        untouched (still saved under its own key) until you go back."""
        own = self.suspended or self.game
        m = start or Match(own.match.rules.replace(target=None), dealer=dealer, first_deal=code)
        self.suspended = own
        self.adopt(self.new_game(m, own.level, f"practice-{m.seed:x}"), fresh=True)
        self.ui.drawn = self.ui.focus = just_drawn(m)

    def end_practice(self) -> None:
        """Back to your match, exactly where it was."""
        if self.suspended is None:
            return
        game, self.suspended = self.suspended, None
        self.vault.remove("practice")
        self.adopt(game, fresh=False)

    def resume_practice(self, game: Game | None) -> None:
        """After a reload: put back the practice hand that was on the table, if any."""
        if game is None:
            return
        self.suspended = self.game
        self.adopt(game, fresh=False)

    # ----- your moves -------------------------------------------------------------------------

    def play(self, action: Action) -> IllegalAction | Blocked | None:
        """Play ``action`` for the seat at the table; the refusal (nothing changed) or None."""
        m, seat = self.match, self.seat
        blocked = self.blocked(action.kind)
        if blocked is not None:
            return blocked
        before = set() if self.sits_out else set(m.view(seat).hand)
        try:
            self.apply(action)
        except IllegalAction as refusal:
            return refusal
        if self.seated is not None:
            self.passed(action.kind == ActionKind.NEXT_HAND)
            m = self.match
        ui = self.ui
        ui.hint = None
        if action.kind in DRAWS:
            new = set(m.view(seat).hand) - before
            ui.drawn = str(next(iter(new))) if new else None
            ui.focus = ui.drawn
        elif action.kind == ActionKind.DISCARD:
            ui.drawn = None
        elif action.kind == ActionKind.NEXT_HAND and self.seated is None:
            self.ui = TableState()
            self.game.order = []
        self.cover(always=action.kind == ActionKind.NEXT_HAND)
        self.record()
        return None

    def blocked(self, kind: ActionKind) -> Blocked | None:
        """Why the page does not even ask the engine to play a move of ``kind`` now (None: it
        asks)."""
        if self.ui.handover:
            return Blocked.HANDOVER
        if self.sits_out:
            return None if kind == ActionKind.NEXT_HAND else Blocked.SITS_OUT
        m = self.match
        return Blocked.COMPUTERS_TURN if m.phase not in ENDED and m.to_move != self.seat else None

    def apply(self, action: Action) -> None:
        """``action`` for the seat at the device: through the table of seats when one is on
        (it deals, scores and rotates), else on the match. The engine's refusal is raised."""
        if self.seated is not None:
            self.seated.table.apply(self.seated.seat, action)
        else:
            self.match.apply(action, None if action.kind == ActionKind.NEXT_HAND else self.seat)

    def cover(self, always: bool = False) -> None:
        """Two people: cover the table when the seat shown is not the one to move (the turn
        passed), or ``always`` while a hand is live (a new deal, a resumed match: the device
        may be in either person's hands); the card order goes with it."""
        m = self.match
        people = 2 if self.two_people else 1
        if (
            self.seated is None
            and m.phase not in ENDED
            and handover.covers(people, m.to_move != self.seat, always)
        ):
            self.ui = TableState(handover=True)
            self.game.order = []

    def undo(self) -> Blocked | TakeBack | str | None:
        """Take back your last move of this hand, if it showed you nothing (the match is then
        marked in the statistics)."""
        off = self.undo_off()
        if off is not None:
            return off
        if self.ui.handover:
            return Blocked.HANDOVER
        seat = self.seat
        unfair = self.unfair()
        if unfair is not None:
            return unfair
        k = self.match.undo_point(seat)
        assert k is not None, "fair_undo found your last move"
        self.epoch += 1
        if self.seated is not None:
            self.seated.table.undo(self.seated.seat)
            self.point()
        else:
            self.match.undo(seat)
        g = self.game
        g.log = gamelog.take_back(g.log, g.pending, k)
        names = self.names() if g.people or (self.seated and self.seated.several) else None
        who = f"{names[seat]} takes back a move" if names else "You take back your move"
        g.log.append(LogLine(k, seat, who))
        g.undos += 1
        self.events_seen = len(self.match.events)
        self.ui = TableState(drawn=just_drawn(self.match, seat), focus=self.ui.focus)
        self.save()
        return None

    def sort(self, way: str) -> None:
        self.change_settings(replace(self.settings, sort=way))
        self.game.order = []
        self.save()

    def reorder(self, key: str, index: int) -> None:
        """Move a card of your hand to ``index`` (your own order from now on)."""
        keys = self.hand_keys()
        if key not in keys:
            return
        keys.remove(key)
        keys.insert(max(0, min(index, len(keys))), key)
        self.game.order = keys
        if self.settings.sort != "custom":
            self.change_settings(replace(self.settings, sort="custom"))
        self.ui.focus = key
        self.save()

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
        engine: at two, seat 1 of the match; at a table of seats, that seat of the table (its
        reason kept only when it plays the game shown)."""
        self.ui.thinking = False
        sp = self.seated
        if sp is None:
            self.match.apply(action, seat)
            self.record(reason)
            return
        shown = sp.against(seat) and not sp.sits_out()
        sp.table.apply(seat, action)
        self.passed(False)
        self.record(reason if shown else "")

    def computer_view(self, seat: int) -> PlayerView:
        """What the computer at ``seat`` knows (its own game's view)."""
        if self.seated is None:
            return self.match.view(seat)
        view = self.seated.table.view(seat).play
        assert view is not None, "a seat to move plays a game"
        return view

    # ----- settings ----------------------------------------------------------------------------

    def change_settings(self, new: settings.Settings) -> None:
        """Keep and store ``new``; a new level takes the computer's seat at once."""
        self.settings = new
        self.vault.put("settings", json.dumps(settings.to_record(new)))
        if new.level != self.game.level:
            self.game.level = new.level
            self.bot = make_bot(new.level, self.game.bot_seed, SLICE_MS)
            self.save()

    # ----- after any move ----------------------------------------------------------------------

    def record(self, reason: str = "") -> None:
        """Log the new events (public facts only) and keep the computer's reason unshown until
        the hand is over. Counting and saving wait for :meth:`flush`, so a move is drawn first."""
        m, g = self.match, self.game
        n = len(m.history)
        gamelog.keep_reason(g.pending, n, reason)
        new = logged(m.events[self.events_seen :], self.seated is not None)
        g.log.extend(LogLine(n, e.player, self.told(e)) for e in new)
        self.events_seen = len(m.events)
        if m.phase in ENDED and m.records and len(m.records) == m.deals:
            never = never_seen(m, len(m.records), self.seat) if g.pending else frozenset()
            gamelog.reveal_reasons(g.log, g.pending, never)
            rec = m.records[-1]
            if not any(ln.text.startswith(f"Hand {rec.number} result") for ln in g.log[-6:]):
                headline = self.headline(rec)
                g.log.append(
                    LogLine(n, None, f"Hand {rec.number} result: {headline}", f"Deal code {rec.deal_code}")
                )
        self.dirty = True

    def headline(self, rec: HandRecord) -> str:
        """A finished hand of the game shown in a few words, as its log tells it (told)."""
        sp = self.seated
        if sp is None or sp.several or sp.sits_out():
            return narrate.hand_headline(rec.settlement, self.names())
        mine = mirror_record(rec) if self.seat == 1 else rec
        return self.said(narrate.hand_headline(mine.settlement))

    def flush(self) -> None:
        """Count statistics and save what :meth:`record` logged (right after the screen is drawn)."""
        if self.dirty:
            self.dirty = False
            self.count_stats()
            self.save()

    def count_stats(self) -> None:
        if not self.counts:
            return
        g = self.game
        m = g.match
        if m.records:
            self.vault.count(lambda d: sum(stats.count_hand(d, g.uid, r) for r in m.records) > 0)
        if g.undos:
            self.vault.count(lambda d: stats.count_undo(d, g.uid))
        result = m.result
        if result is not None:
            self.vault.count(
                lambda d: stats.count_match(d, g.uid, result, g.level, m.rules, self.vault.now())
            )
        for f in self.plugs.counters:
            f.counted(g)

    def save(self) -> None:
        self.dirty = False
        if self.seated is not None:
            self.vault.put(seatrecord.NAME, seatrecord.dumps(self.seated.seated, self.vault.seal_key()))
            return
        self.vault.put("practice" if self.practicing else "match", self.game.dumps(self.vault.seal_key()))

    def save_own(self) -> None:
        """Save your match (also while a practice hand is on the table: a feature's part of it
        changed)."""
        if self.practicing:
            self.vault.put("match", self.own_game.dumps(self.vault.seal_key()))
        else:
            self.save()
