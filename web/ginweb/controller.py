"""The turn loop: your moves go to the engine, the computer thinks in slices between frames,
every action is saved, the showdown is staged, statistics are counted.

The page never decides what is legal: it sends actions to ``Match.apply`` and shows the
engine's ``IllegalAction`` message (which names the rule) when one is refused.
"""

from __future__ import annotations

import copy
import json
import secrets
from datetime import UTC, datetime

import js

from gin_core import Action, IllegalAction, Match, Rules
from gin_core import bots as gin_bots

from . import dom, gamelog, narrate, stats
from .handview import layout
from .savefmt import Game, LogLine
from .settings import LEVELS
from .table import UI

# Pauses (ms at normal speed) that let a person follow the computer and the showdown.
PACE = {"draw": 650, "discard": 800, "reveal": 1100, "layoff": 700, "after": 350}
SPEED = {"normal": 1.0, "fast": 0.4}


def bot_name(level: str) -> tuple[str, bool]:
    """The bot for a level, falling back to the strongest available; (name, exact)."""
    if level in gin_bots.BOTS:
        return level, True
    have = [lv for lv in LEVELS if lv in gin_bots.BOTS]
    return (have[-1] if have else next(iter(gin_bots.BOTS))), False


def just_drawn(m: Match) -> str | None:
    """The card you drew with the last move, while you still have to discard (the "just drawn"
    marker, derived from the history so a resumed match shows it too)."""
    if not m.history or m.to_move != 0 or m.phase != "discard":
        return None
    player, action = m.history[-1]
    if player != 0 or action.kind not in ("draw_stock", "draw_pile"):
        return None
    before = copy.deepcopy(m)
    before.undo(0)  # takes back exactly that draw
    new = set(m.view(0).hand) - set(before.view(0).hand)
    return str(next(iter(new))) if new else None


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Controller:
    def __init__(self, app):
        self.app = app  # settings, store, stats_data, table, panels, dialogs, fast
        self.game: Game | None = None
        self.bot = None
        self.ui = UI()
        self.epoch = 0
        self.driving = False
        self.events_seen = 0
        self.perf: list[dict] = []
        self.hinting = False
        self.suspended: Game | None = None  # your match, set aside while a practice hand is played

    # ----- properties -------------------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.game.match

    def view(self):
        return self.match.view(0)

    @property
    def practicing(self) -> bool:
        """A practice hand is on the table: it never counts, and your match waits."""
        return self.suspended is not None

    @property
    def own_game(self) -> Game:
        """Your match: the one on the table, or the one set aside for a practice hand."""
        return self.suspended or self.game

    def pace(self, name: str) -> float:
        if self.app.fast:
            return 0
        return PACE[name] * SPEED.get(self.app.settings.speed, 1.0)

    # ----- starting -----------------------------------------------------------------------

    def set_bot(self, level: str) -> None:
        name, exact = bot_name(level)
        if not exact:
            self.app.panels.notice(f"The {level} level is not available yet: playing {name}.", "info")
        self.bot = gin_bots.make_bot(name, self.game.bot_seed)
        self.ui.level = level

    def adopt(self, game: Game, fresh: bool) -> None:
        """Make ``game`` the match on the table."""
        self.epoch += 1
        self.game = game
        self.set_bot(game.level)
        self.ui.hint = None
        self.ui.drawn = None if fresh else just_drawn(game.match)
        self.ui.focus = self.ui.drawn
        self.ui.stage = 3 if game.match.phase in ("hand_over", "match_over") else 0
        if fresh or not game.log:
            game.log = [LogLine(0, e.player, narrate.event_text(e)) for e in game.match.events]
            if not fresh:
                game.log.append(LogLine(len(game.match.history), None, "Resumed (log rebuilt)"))
        self.events_seen = len(game.match.events)
        self.app.panels.log(game.log, full=True)
        self.count_stats()
        self.save()

    def new_match(self, seed: int | None = None, dealer: int | None = None, level: str | None = None,
                  rules: Rules | None = None, abandon: bool = True, deal: str | None = None) -> None:
        """Start a match; ``deal`` is a deal code replayed as its first hand."""
        if self.suspended is not None:  # a practice hand ends with it
            self.game, self.suspended = self.suspended, None
        self.app.store.remove("practice")
        if abandon and self.game is not None and self.in_progress():
            self.app.count(lambda d: stats.count_abandoned(d, self.game.uid))
        s = self.app.settings
        rules = rules or s.game_rules()
        m = Match(rules, seed=seed, dealer=dealer, first_deal=deal)
        uid = f"{secrets.token_hex(6)}-{int(js.Date.now()):x}"  # random: the seed stays hidden
        game = Game(m, uid, level or s.level, m.seed % 1_000_003, utc_now(), [], [])
        self.adopt(game, fresh=True)
        self.app.dialogs.close_all()
        self.render("deal")
        self.kick()

    def in_progress(self) -> bool:
        """Your match has moves made and has not ended (leaving it counts as abandoned)."""
        m = self.own_game.match
        return m.result is None and any(p == 0 for p, _ in m.history)

    # ----- practice hands -----------------------------------------------------------------

    def practice(self, code: str, dealer: int) -> None:
        """Play deal ``code`` again as a practice hand at your match's level and rules; your
        match is set aside untouched (still saved under its own key) until you go back."""
        if self.suspended is None:
            self.suspended = self.game
        own = self.suspended
        m = Match(own.match.rules.replace(target=None), dealer=dealer, first_deal=code)
        self.adopt(Game(m, f"practice-{m.seed:x}", own.level, m.seed % 1_000_003, utc_now(), [], []), fresh=True)
        self.app.dialogs.close_all()
        self.render("deal")
        self.kick()

    def end_practice(self) -> None:
        """Back to your match, exactly where it was."""
        if self.suspended is None:
            return
        game, self.suspended = self.suspended, None
        self.app.store.remove("practice")
        self.app.dialogs.close_all()
        self.adopt(game, fresh=False)
        self.render("deal")
        self.kick()

    def resume_practice(self, game: Game | None) -> None:
        """After a reload: put back the practice hand that was on the table, if any."""
        if game is None or self.game is None:
            return
        self.suspended = self.game
        self.adopt(game, fresh=False)

    # ----- rendering ----------------------------------------------------------------------

    def render(self, motion: str = "move", origin=None) -> None:
        v = self.view()
        self.ui.can_undo = (not self.app.settings.strict) and self.match.can_undo(0)
        self.ui.strict = self.app.settings.strict
        self.ui.sort = self.app.settings.sort
        self.ui.order = self.game.order
        self.app.table.render(v, self.ui, motion, origin)
        self.app.panels.scoreboard(v)
        self.app.panels.practice(self.match.first_deal if self.practicing else None)
        reasons = gamelog.computer_reasons(self.game.log, self.hand_start()) if self.ui.stage >= 3 else []
        shown = self.app.panels.result(v, self.ui.stage >= 3, self.practicing, reasons)
        if shown:
            dom.after(50, self.focus_next)

    def spoken_status(self) -> str:
        """The status line as a screen reader should say it."""
        return narrate.status_text(self.view(), self.ui.thinking, spoken=True)

    def focus_next(self) -> None:
        b = dom.by_id("btn-next")
        if b is not None and not dom.dialog_open():
            b.focus()

    def focus_card(self, key: str | None) -> None:
        self.ui.focus = key
        el = self.app.board.element(key) if key else None
        if el is not None:
            el.focus()

    # ----- after any action ---------------------------------------------------------------

    def record(self, reason: str = "") -> None:
        """Log the new events (public facts only), keep the computer's reason unshown until the
        hand is over, count statistics, save."""
        m, g = self.match, self.game
        n = len(m.history)
        gamelog.keep_reason(g.pending, n, reason)
        gamelog.log_events(g.log, m.events[self.events_seen:], n)
        self.events_seen = len(m.events)
        revealed = False
        if m.phase in ("hand_over", "match_over") and m.records and len(m.records) == m.deals:
            revealed = gamelog.reveal_reasons(g.log, g.pending)
            rec = m.records[-1]
            if not any(ln.text.startswith(f"Hand {rec.number} result") for ln in g.log[-6:]):
                g.log.append(LogLine(n, None, f"Hand {rec.number} result: {narrate.hand_headline(rec.settlement)}",
                                     f"Deal code {rec.deal_code}"))
        self.app.panels.log(g.log, full=revealed)
        self.count_stats()
        self.save()

    def hand_start(self) -> int:
        """History length when the hand on the table was dealt."""
        return max((i + 1 for i, (_, a) in enumerate(self.match.history) if a.kind == "next_hand"), default=0)

    def count_stats(self) -> None:
        if self.practicing:
            return
        g = self.game
        m = g.match
        if m.records:
            self.app.count(lambda d: sum(stats.count_hand(d, g.uid, r) for r in m.records) > 0)
        if m.result is not None:
            self.app.count(lambda d: stats.count_match(d, g.uid, m.result, g.level, m.rules, utc_now()))

    def save(self) -> None:
        self.app.store.put("practice" if self.practicing else "match", self.game.dumps(self.app.store.seal_key()))

    # ----- your moves ---------------------------------------------------------------------

    def human(self, action: Action, origin=None) -> bool:
        """Play ``action`` for you; shows the rule if the engine refuses it."""
        m = self.match
        if m.phase not in ("hand_over", "match_over") and m.to_move != 0:
            self.app.panels.notice("Wait for the computer to finish its turn.", "rule", 3000)
            return False
        before = set(m.view(0).hand)
        active = dom.opt(dom.document.activeElement)
        keyboard = active is not None and dom.closest(active, "#my-hand, #stock, #pile") is not None
        index = self.hand_index(self.ui.focus)
        try:
            m.apply(action, None if action.kind == "next_hand" else 0)
        except IllegalAction as e:
            self.app.panels.clear_notices("rule")
            self.app.panels.notice(narrate.rule_message(e), "rule")
            return False
        self.app.panels.clear_notices("rule")
        self.app.dialogs.close_hint()
        self.ui.hint = None
        kind = action.kind
        motion = "move"
        if kind in ("draw_stock", "draw_pile"):
            new = set(m.view(0).hand) - before
            self.ui.drawn = str(next(iter(new))) if new else None
            self.ui.focus = self.ui.drawn
        elif kind == "discard":
            self.ui.drawn = None
        elif kind == "next_hand":
            self.ui.stage = 0
            self.ui.drawn = None
            self.ui.focus = None
            self.game.order = []
            motion = "deal"
        self.record()
        self.render(motion, origin)
        if kind == "discard" and keyboard:
            keys = self.hand_keys()
            if keys:
                self.focus_card(keys[min(index or 0, len(keys) - 1)])
        elif kind in ("draw_stock", "draw_pile") and self.ui.drawn:
            self.focus_card(self.ui.drawn)
        self.kick()
        return True

    def hand_keys(self) -> list[str]:
        slots, _ = layout(self.view().hand, self.app.settings.sort, self.game.order)
        return [str(s.card) for s in slots]

    def hand_index(self, key: str | None) -> int | None:
        keys = self.hand_keys()
        return keys.index(key) if key in keys else None

    def reorder(self, key: str, index: int) -> None:
        """Move a card of your hand to ``index`` (your own order from now on)."""
        keys = self.hand_keys()
        if key not in keys:
            return
        keys.remove(key)
        keys.insert(max(0, min(index, len(keys))), key)
        self.game.order = keys
        if self.app.settings.sort != "custom":
            self.app.set_setting(sort="custom")
        self.ui.focus = key
        self.save()
        self.render()

    def sort(self, how: str) -> None:
        self.app.set_setting(sort=how)
        self.game.order = []
        self.save()
        self.render()

    def undo(self) -> None:
        if self.app.settings.strict:
            self.app.panels.notice("Undo is off in strict mode.", "info", 3000)
            return
        k = self.match.undo_point(0)
        if k is None:
            self.app.panels.notice("Nothing to undo in this hand.", "info", 3000)
            return
        self.epoch += 1
        self.match.undo(0)
        self.game.log = gamelog.take_back(self.game.log, self.game.pending, k)
        self.game.log.append(LogLine(k, 0, "You take back your move"))
        self.events_seen = len(self.match.events)
        self.ui.thinking = False
        self.ui.hint = None
        self.ui.drawn = just_drawn(self.match)
        self.ui.stage = 0
        self.app.dialogs.close_hint()
        self.app.panels.log(self.game.log, full=True)
        self.save()
        self.render()
        self.app.panels.announce("Move taken back. " + self.spoken_status())
        self.kick()

    # ----- the computer -------------------------------------------------------------------

    def kick(self) -> None:
        if not self.driving:
            self.driving = True
            dom.spawn(self.drive())

    async def drive(self) -> None:
        try:
            while True:
                epoch = self.epoch
                m = self.match
                if m.phase in ("hand_over", "match_over"):
                    if self.ui.stage < 3:
                        await self.showdown(epoch)
                    if epoch == self.epoch:
                        return
                    continue
                if m.to_move != 1:
                    return
                await self.computer_turn(epoch)
        finally:
            self.driving = False

    async def computer_turn(self, epoch: int) -> None:
        m = self.match
        view = m.view(1)
        self.ui.thinking = True
        self.app.table.texts(self.view(), self.ui)
        t0 = dom.now()
        done = await dom.in_slices(self.bot.think(view), lambda: epoch == self.epoch)
        if done is None:
            return
        decision, slices = done
        total = dom.now() - t0
        self.perf.append({"level": self.bot.name, "phase": view.phase, "ms": round(total, 2),
                          "busy_ms": round(sum(slices), 2), "max_slice_ms": round(max(slices), 2),
                          "slices": len(slices)})
        js.window.ginPerfJSON = json.dumps(self.perf[-1000:])
        wait = self.pace("discard" if view.phase == "discard" else "draw") - total
        if wait > 0:
            await dom.pause(wait)
        if epoch != self.epoch:
            return
        self.ui.thinking = False
        m.apply(decision.action, 1)
        self.record(narrate.reason_words(decision.reason))
        self.render()
        text = narrate.event_text(m.events[-1]) if decision.action.kind != "next_hand" else ""
        move = next((narrate.event_text(e) for e in reversed(m.events) if e.player == 1
                     and e.kind not in ("cut", "deal")), text)
        self.app.panels.announce(f"{move}. {self.spoken_status()}")
        await dom.pause(self.pace("after"))

    async def showdown(self, epoch: int) -> None:
        v = self.view()
        s = v.showdown.settlement if v.showdown else None
        if s is not None and self.ui.stage < 1:
            self.ui.stage = 1
            self.render()
            self.app.panels.announce(" ".join(narrate.settlement_lines(s, spoken=True)[:1]))
            await dom.pause(self.pace("reveal"))
            if epoch != self.epoch:
                return
        if s is not None and s.layoffs and self.ui.stage < 2:
            self.ui.stage = 2
            for k in range(1, len(s.layoffs) + 1):
                self.ui.laid = k
                self.render()
                await dom.pause(self.pace("layoff"))
                if epoch != self.epoch:
                    return
        self.ui.stage = 3
        self.render()
        headline = narrate.hand_headline(s)
        lines = narrate.settlement_lines(s, spoken=True) if s else []
        self.app.panels.announce(f"{headline}. {' '.join(lines[1:])} Score: you {v.scores[0]}, computer {v.scores[1]}.")
        if v.result is not None and not self.practicing:
            await dom.pause(self.pace("reveal"))
            if epoch == self.epoch:
                self.app.dialogs.match_over(v.result)

    # ----- help ---------------------------------------------------------------------------

    def shown_melds(self) -> list[frozenset]:
        """The melds of your hand as grouped on screen (your own order, or the sorted layout)."""
        slots, _ = layout(self.view().hand, self.app.settings.sort, self.game.order)
        groups: dict[int, set] = {}
        for s in slots:
            if s.group >= 0:
                groups.setdefault(s.group, set()).add(s.card)
        return [frozenset(g) for g in groups.values()]

    async def hint(self) -> None:
        m = self.match
        if self.hinting:
            return
        if m.to_move != 0 or m.phase in ("hand_over", "match_over"):
            self.app.panels.notice("Hints are for your turn.", "info", 3000)
            return
        self.hinting = True
        try:
            epoch, n = self.epoch, len(m.history)
            view = m.view(0)
            self.app.dialogs.hint_open()
            done = await dom.in_slices(gin_bots.think_hint(view, seed=self.game.bot_seed),
                                       lambda: epoch == self.epoch and n == len(self.match.history))
            if done is None:
                self.app.dialogs.close_hint()
                return
            cands = done[0]
            self.app.dialogs.hint_show(cands, view.top)
            best = cands[0].action if cands else None
            if best is None:
                self.ui.hint = None
            elif best.card is not None:
                self.ui.hint = str(best.card)
            else:
                self.ui.hint = {"draw_stock": "stock", "draw_pile": "pile"}.get(best.kind)
            self.render("none")
        finally:
            self.hinting = False
