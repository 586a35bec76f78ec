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
    IllegalAction,
    Match,
    Phase,
    PlayerView,
    Rules,
    TakeBack,
    make_bot,
)
from gin_core.analysis import never_seen

from ..feature import Feature
from ..kit.background import SLICE_MS
from ..storage import settings, stats
from ..storage.savefmt import Game, LogLine
from ..storage.vault import Vault
from ..words import gamelog, narrate
from . import handover
from .handview import layout
from .seatview import seen_from
from .tablestate import Stage, TableState

DRAWS = (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE)


class Blocked(StrEnum):
    """Why the page did not even ask the engine (the engine's own refusals are IllegalAction)."""

    COMPUTERS_TURN = "computers_turn"
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
        features: Sequence[Feature] = (),
    ) -> None:
        """Put ``game`` on the table: ``fresh`` (just dealt) or resumed from storage;
        ``features``: the features plugged into the table (told of each match put on it)."""
        self.vault = vault
        self.features = tuple(features)
        self.settings = prefs
        self.ui = TableState()
        self.seat = 0  # whose view the table shows (1 only with two people on one device)
        self.suspended: Game | None = None  # your match, set aside while a practice hand is played
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
        """What the seat at the table knows, told as "yours"."""
        return seen_from(self.match, self.seat)

    @property
    def two_people(self) -> bool:
        """Two people share the device: seat 1 is a person, not the computer."""
        return self.game.people is not None

    def names(self) -> tuple[str, str] | None:
        """The two people's names (None: you against the computer)."""
        return self.game.people

    def seating(self) -> dict[str, Any]:
        """Who sits where, for the presenter (model.Look): nothing with you against the
        computer; with two people, the names and, while the device is handed over, who takes it."""
        people, m = self.game.people, self.match
        if people is None:
            return {}
        to = people[m.to_move] if self.ui.handover and m.to_move is not None else None
        return {"me": people[self.seat], "opp": people[1 - self.seat], "people": True, "handover": to}

    def said(self, text: str) -> str:
        """Words written for you against the computer, with the other person's name when two
        people play (the seat at the table is "you")."""
        people = self.game.people
        return text if people is None else narrate.named(text, people[1 - self.seat])

    def ready(self) -> None:
        """The person whose turn it is has the device: uncover the table on their own view."""
        m = self.match
        to_move = () if m.to_move is None else (m.to_move,)
        self.seat = handover.holder_now((0, 1), to_move, (0, 1), self.seat)
        self.ui = TableState(drawn=just_drawn(m, self.seat))
        self.ui.stage = Stage.RESULT if m.phase in ENDED else Stage.LIVE

    @property
    def practicing(self) -> bool:
        """A practice hand is on the table: it never counts, and your match waits."""
        return self.suspended is not None

    @property
    def own_game(self) -> Game:
        """Your match: the one on the table, or the one set aside for a practice hand."""
        return self.suspended or self.game

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
        return narrate.leaving_words(self.counts) if self.in_progress() else None

    @property
    def counts(self) -> bool:
        """The match on the table counts in the statistics: not a practice hand, and no feature
        says otherwise (a feature's match played as practice), and not two people's match."""
        return not self.practicing and not self.two_people and all(f.counts() for f in self.features)

    def undo_off(self) -> Blocked | str | None:
        """Why moves cannot be taken back now: strict mode, a feature's reason (words), or None."""
        if self.settings.strict:
            return Blocked.UNDO_STRICT
        if self.practicing:
            return None
        return next((why for f in self.features if (why := f.undo_off()) is not None), None)

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off now (a feature's words), or None."""
        if self.practicing:
            return None
        return next((why for f in self.features if (why := f.help_off()) is not None), None)

    @property
    def strict(self) -> bool:
        """No undo on the table (the presenter hides the button)."""
        return self.undo_off() is not None

    def can_undo(self) -> bool:
        """You may take back your last move: undo is on, and it showed you nothing
        (``Match.fair_undo``: not a stock draw, not answered by the computer)."""
        return not (self.strict or self.ui.handover) and self.match.fair_undo(self.seat) is None

    def hand_keys(self) -> list[str]:
        """Your cards in the order shown."""
        slots, _ = layout(self.view().hand, self.settings.sort, self.game.order)
        return [str(s.card) for s in slots]

    def shown_melds(self) -> list[frozenset[Card]]:
        """The melds of your hand as grouped on screen (your own order, or the sorted layout)."""
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
            for f in self.features:
                f.table_set(game, fresh)
        self.bot = make_bot(game.level, game.bot_seed, SLICE_MS)
        self.seat = 0
        self.ui = TableState(drawn=None if fresh else just_drawn(game.match))
        self.ui.focus = self.ui.drawn
        self.ui.stage = Stage.RESULT if game.match.phase in ENDED else Stage.LIVE
        self.cover(always=True)
        if fresh or not game.log:
            names = game.people
            game.log = [LogLine(0, e.player, narrate.event_text(e, names)) for e in game.match.events]
            if not fresh:
                game.log.append(LogLine(len(game.match.history), None, "Resumed (log rebuilt)"))
        self.events_seen = len(game.match.events)
        self.count_stats()
        self.save()

    def abandon(self, counted: bool) -> None:
        """Leave the match on the table for another: the practice hand ends, and a counting
        match in progress is counted as abandoned when ``counted``."""
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
        if self.ui.handover:
            return Blocked.HANDOVER
        if m.phase not in ENDED and m.to_move != seat:
            return Blocked.COMPUTERS_TURN
        before = set(m.view(seat).hand)
        try:
            m.apply(action, None if action.kind == ActionKind.NEXT_HAND else seat)
        except IllegalAction as refusal:
            return refusal
        ui = self.ui
        ui.hint = None
        if action.kind in DRAWS:
            new = set(m.view(seat).hand) - before
            ui.drawn = str(next(iter(new))) if new else None
            ui.focus = ui.drawn
        elif action.kind == ActionKind.DISCARD:
            ui.drawn = None
        elif action.kind == ActionKind.NEXT_HAND:
            self.ui = TableState()
            self.game.order = []
        self.cover(always=action.kind == ActionKind.NEXT_HAND)
        self.record()
        return None

    def cover(self, always: bool = False) -> None:
        """Two people: cover the table when the seat shown is not the one to move (the turn
        passed), or ``always`` while a hand is live (a new deal, a resumed match: the device
        may be in either person's hands); the card order goes with it."""
        m = self.match
        people = 2 if self.two_people else 1
        if m.phase not in ENDED and handover.covers(people, m.to_move != self.seat, always):
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
        unfair = self.match.fair_undo(seat)
        if unfair is not None:
            return unfair
        k = self.match.undo_point(seat)
        assert k is not None, "fair_undo found your last move"
        self.epoch += 1
        self.match.undo(seat)
        g = self.game
        g.log = gamelog.take_back(g.log, g.pending, k)
        who = f"{g.people[seat]} takes back a move" if g.people else "You take back your move"
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

    def computer_plays(self, action: Action, reason: str) -> None:
        """The computer's decision (thought out on its own view) goes to the engine."""
        self.ui.thinking = False
        self.match.apply(action, 1)
        self.record(reason)

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
        gamelog.log_events(g.log, m.events[self.events_seen :], n, g.people)
        self.events_seen = len(m.events)
        if m.phase in ENDED and m.records and len(m.records) == m.deals:
            never = never_seen(m, len(m.records), 0) if g.pending else frozenset()
            gamelog.reveal_reasons(g.log, g.pending, never)
            rec = m.records[-1]
            if not any(ln.text.startswith(f"Hand {rec.number} result") for ln in g.log[-6:]):
                headline = narrate.hand_headline(rec.settlement, g.people)
                g.log.append(
                    LogLine(n, None, f"Hand {rec.number} result: {headline}", f"Deal code {rec.deal_code}")
                )
        self.dirty = True

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
        for f in self.features:
            f.counted(g)

    def save(self) -> None:
        self.dirty = False
        self.vault.put("practice" if self.practicing else "match", self.game.dumps(self.vault.seal_key()))

    def save_own(self) -> None:
        """Save your match (also while a practice hand is on the table: a feature's part of it
        changed)."""
        if self.practicing:
            self.vault.put("match", self.own_game.dumps(self.vault.seal_key()))
        else:
            self.save()
