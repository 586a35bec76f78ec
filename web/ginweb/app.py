"""Start-up and wiring: read the URL and storage, build the parts, resume or deal, and route
every control (``data-act``) to the controller, dialogs or settings."""

from __future__ import annotations

import gc
import json
from dataclasses import replace

import js

import gin_core
from gin_core import Action, Card, preset
from gin_core.actions import ActionKind

from . import dom, knock, params, safejson, savefmt, settings, stats
from .board import Board
from .controller import Controller, utc_now
from .dialogs import Dialogs
from .inputs import Inputs
from .panels import Panels
from .settings_ui import SettingsUI
from .storage import Status, Store
from .table import Table
from .tabs import Tabs

SAVE_STATUS_TEXT: dict[Status, str] = {
    "saving": "",
    "full": "Not saving: the browser's storage is full. Retrying every few seconds.",
    "newer": "Not saving: a newer version of this page saved your data here. Reload to get it.",
    "off": "Not saving: this browser window does not allow storage.",
}


class App:
    def __init__(self):
        # embedded in another page: the options are the container's data-* attributes
        self.params = (params.from_options(dom.data_options(params.NAMES)) if dom.embedded
                       else params.parse(str(js.location.search)))
        self.fast = self.params.fast
        self.panels = Panels()
        dom.on_error(lambda text: self.panels.notice(text, "error", 10000))
        self.store = Store(lambda text: self.panels.notice(text, "info", 8000), self.show_saving)
        self.tabs = Tabs(self.store, self.lost_tab, self.stored_changed)
        tab_dlg = dom.by_id("dlg-tab")  # stays up (Escape included) until "Play here"
        dom.listen(tab_dlg, "cancel", lambda event: event.preventDefault())
        dom.listen(tab_dlg, "close", lambda _: None if self.tabs.owner else tab_dlg.showModal())
        self.settings = self.load_settings()
        self.stats_data = self.load_stats()
        self.board = Board()
        self.table = Table(self.board)
        self.dialogs = Dialogs(self)
        self.settings_ui = SettingsUI(self)
        self.controller = Controller(self)
        self.inputs = Inputs(self)
        for p in self.params.problems:
            self.panels.notice(f"Ignored a link parameter: {p}.", "info", 8000)
        self.apply_look()

    # ----- storage ------------------------------------------------------------------------

    def load_settings(self) -> settings.Settings:
        found = self.store.read("settings", settings.from_record, "settings")
        if found is None:
            return settings.Settings().with_rules(preset("classic"))
        s, bad = found
        if bad:
            self.panels.notice(f"Some saved settings could not be read and were reset: {', '.join(bad)}.",
                               "info", 8000)
            self.store.put("settings", json.dumps(settings.to_record(s)))  # said once, not on every load
        return s

    def save_settings(self) -> None:
        self.store.put("settings", json.dumps(settings.to_record(self.settings)))

    def set_setting(self, **changes) -> None:
        self.settings = replace(self.settings, **changes)
        self.save_settings()

    def load_stats(self) -> dict:
        found = self.store.read("stats", stats.validate, "statistics")
        if found is None:
            return stats.empty()
        data, bad = found
        if bad:
            shown = ", ".join(bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
            self.panels.notice(f"Some statistics could not be read and were reset to zero: {shown}.", "info", 8000)
            self.store.put("stats", json.dumps(data))
        return data

    def count(self, fn) -> None:
        """Count into the statistics as stored now (another tab may have counted since), then
        store them at once: tabs add up, each match counted once (stats.py)."""
        text = self.store.get("stats")
        data = self.stats_data
        if text is not None:
            try:
                data = stats.validate(safejson.loads(text))[0]
            except ValueError:  # unreadable or newer: load_stats reported it; count in memory
                pass
        if fn(data):
            self.store.put("stats", json.dumps(data))
        self.stats_data = data

    def show_saving(self, status: Status) -> None:
        """The lasting "not saving" indicator (#save-status) while saves fail."""
        box = dom.by_id("save-status")
        if box is None:
            return
        dom.set_hidden(box, status == "saving")
        dom.set_text(dom.by_id("save-status-text"), SAVE_STATUS_TEXT[status])
        dom.set_hidden(dom.by_id("save-retry"), status != "full")

    def lost_tab(self) -> None:
        """Another tab took the match: say so, modally, until the player takes it back here."""
        dlg = dom.by_id("dlg-tab")
        if not dlg.open:
            dlg.showModal()

    def take_over(self) -> None:
        """"Play here": this tab owns the match again; the same match as stored resumes from the
        other tab's last move, a different one is saved from this tab (the other tab then says so)."""
        self.tabs.claim()
        dlg = dom.by_id("dlg-tab")
        if dlg.open:
            dlg.close()
        ctl = self.controller
        game = self.read_match()
        if game is not None and game.uid == ctl.game.uid:
            self.resume(game)
        else:
            ctl.save()
        self.stats_data = self.load_stats()

    def stored_changed(self, name: str) -> None:
        if name == "stats":
            self.stats_data = self.load_stats()

    def read_match(self) -> savefmt.Game | None:
        return self.store.read("match", lambda data: savefmt.from_data(data, self.store.seal_key()), "match")

    def read_practice(self) -> savefmt.Game | None:
        """The practice hand that was on the table (your match waits under "match")."""
        return self.store.read("practice", lambda data: savefmt.from_data(data, self.store.seal_key()),
                               "practice hand")

    def resume(self, game: savefmt.Game) -> None:
        ctl = self.controller
        ctl.adopt(game, fresh=False)
        ctl.resume_practice(self.read_practice())
        ctl.render("none")
        ctl.kick()

    def controller_now(self) -> str:
        return utc_now()

    # ----- look ---------------------------------------------------------------------------

    def apply_look(self) -> None:
        s = self.settings
        root = dom.root
        root.classList.toggle("four-colour", s.four_colour)
        root.dataset.back = s.back
        root.dataset.felt = s.felt
        root.classList.toggle("no-motion", self.fast)
        root.classList.toggle("fast", s.speed == "fast")

    def apply_settings(self, new: settings.Settings, old: settings.Settings) -> None:
        self.settings = new
        self.save_settings()
        self.apply_look()
        ctl = self.controller
        if new.level != ctl.game.level:
            ctl.game.level = new.level
            ctl.set_bot(new.level)
            ctl.save()
        ctl.render("none")
        ctl.kick()
        if new.game_rules() != ctl.match.rules and ctl.match.result is None:
            self.dialogs.confirm(
                "New rules", "Start a new match with these rules now? Otherwise they apply from the next match.",
                "Start new match", lambda _: ctl.new_match(), cancel="Next match")
        else:
            self.panels.notice("Settings saved.", "info", 2500)

    # ----- start --------------------------------------------------------------------------

    def start(self) -> None:
        p = self.params
        ctl = self.controller
        self.tabs.claim()
        game = self.read_match()  # read even when a link starts a new match: a newer save is kept
        # an embedded game's options stay on its container: they start the first match only
        if p.new_match and not (dom.embedded and game is not None):
            rules = preset(p.preset) if p.preset else None
            ctl.game = None
            ctl.new_match(seed=p.seed, deal=p.deal, dealer=p.dealer, level=p.level, rules=rules,
                          abandon=False)
        elif game is not None:
            self.resume(game)
        else:
            ctl.new_match(abandon=False)
        if not dom.embedded:  # one-time parameters leave the address bar, valid or not
            query = params.strip_consumed(str(js.location.search))
            if query != str(js.location.search):
                js.history.replaceState(js.history.state, "", f"{js.location.pathname}{query}{js.location.hash}")
        dom.set_text(dom.by_id("engine-version"), gin_core.__version__)
        dom.root.classList.remove("booting")
        boot = dom.by_id("boot")
        boot.hidden = True
        dom.root.dataset.ready = "1"

    # ----- controls -----------------------------------------------------------------------

    def card(self, key: str) -> None:
        ctl = self.controller
        if ctl.ui.stage > 0:
            return
        ctl.human(Action(ActionKind.DISCARD, Card.parse(key)))

    def end_hand(self, kind: str) -> None:
        """Knock or gin: confirm, choosing the card put down face down and the melds laid down
        (your own grouping on screen first)."""
        ctl = self.controller
        v = ctl.view()
        choices = knock.knock_choices(v, kind, ctl.shown_melds())
        if not choices:  # not legal now: let the engine say which rule forbids it
            hand = list(v.hand)
            card = min(hand, key=lambda c: (gin_core.deadwood([x for x in hand if x != c]), -c.value))
            ctl.human(Action(kind, card))
            return
        first = choices[0]
        if len(choices) == 1:
            card = first.action.card
            text = (f"Lay down your melds and put the {card.name} face down: {first.label()}."
                    if kind == "knock" else f"All ten cards meld: {first.label()}.")
        else:
            text = "Choose the card you put face down and the melds you lay down:"
        title = "Knock?" if kind == "knock" else "Go gin?"
        options = [(str(c.action), c.label()) for c in choices]
        self.dialogs.confirm(title, text, "Knock" if kind == "knock" else "Gin",
                             lambda value: ctl.human(Action.parse(value)), options, options[0][0],
                             legend="Your knock")

    def act(self, name: str, el) -> None:
        ctl = self.controller
        m = ctl.match
        if name == "stock":
            ctl.human(Action("draw_stock"))
        elif name in ("pile", "take"):
            ctl.human(Action("draw_pile"))
        elif name == "pass":
            ctl.human(Action("pass"))
        elif name in ("knock", "gin"):
            if m.to_move != 0:
                self.panels.notice("Wait for your turn.", "rule", 3000)
            else:
                self.end_hand(name)
        elif name == "big_gin":
            if any(a.kind == "big_gin" for a in ctl.view().legal_actions):
                self.dialogs.confirm("Big gin?", "All eleven cards meld: end the hand without a discard.",
                                     "Big gin", lambda _: ctl.human(Action("big_gin")))
            else:
                ctl.human(Action("big_gin"))
        elif name == "next":
            if m.phase == "hand_over":
                ctl.human(Action("next_hand"))
            elif m.phase == "match_over":
                self.dialogs.match_over(m.result)
        elif name == "show-result":
            if m.result is not None:
                self.dialogs.match_over(m.result)
        elif name == "hint":
            dom.spawn(ctl.hint())
        elif name == "hint-play":
            self.dialogs.close_hint()
            ctl.human(Action.parse(el.dataset.action))
        elif name == "undo":
            ctl.undo()
        elif name == "sort-rank":
            ctl.sort("rank")
        elif name == "sort-suit":
            ctl.sort("suit")
        elif name == "new":
            self.dialogs.new_match(ctl.in_progress())
        elif name == "new-start":
            self.start_from_form()
        elif name == "match-new":
            self.dialogs.close_all()
            ctl.new_match()
        elif name == "replay":
            self.replay(el.dataset.code, int(el.dataset.dealer))
        elif name == "practice-end":
            ctl.end_practice()
        elif name == "settings":
            self.settings_ui.open()
        elif name == "settings-save":
            self.settings_ui.save()
        elif name == "settings-cancel":
            self.settings_ui.cancel()
        elif name == "stats":
            self.dialogs.stats()
        elif name == "stats-export":
            self.dialogs.export_stats()
        elif name == "stats-reset":
            def reset(_):
                self.stats_data = stats.empty()
                self.store.put("stats", json.dumps(self.stats_data))
                self.panels.notice("Statistics reset.", "info", 3000)
            self.dialogs.confirm("Reset statistics?", "Every count goes back to zero. This cannot be undone.",
                                 "Reset", reset)
        elif name == "help":
            self.dialogs.help()
        elif name == "close":
            dlg = dom.closest(el, "dialog")
            if dlg is not None:
                dlg.close()
        elif name == "confirm-ok":
            self.dialogs.confirm_ok()
        elif name == "confirm-cancel":
            self.dialogs.confirm_cancel()
        elif name == "take-over":
            self.take_over()
        elif name == "save-retry":
            self.store.retry()
        elif name == "dismiss":
            toast = dom.closest(el, ".toast")
            if toast is not None:
                self.panels.dismiss(toast)

    def replay(self, code: str, dealer: int) -> None:
        """Replay a deal as a practice hand: it never counts and your match waits for you."""
        self.controller.practice(code, dealer)
        self.panels.notice(f"Practice hand: deal {code}. It does not count; your match waits.", "info", 4000)

    def start_from_form(self) -> None:
        level = dom.by_id("new-level").value
        pre = dom.by_id("new-preset").value
        code = str(dom.by_id("new-code").value).strip()
        dealer_v = dom.by_id("new-dealer").value
        seed = deal = None
        if code:
            try:
                seed, deal = params.parse_start(code)
            except ValueError as e:
                self.dialogs.new_error(str(e))
                dom.by_id("new-code").focus()
                return
        dealer = None if dealer_v == "cut" else int(dealer_v)
        s = replace(self.settings, level=level)
        if pre != "custom":
            s = s.with_rules(preset(pre))
        self.settings = s
        self.save_settings()
        self.dialogs.close_all()
        self.controller.new_match(seed=seed, deal=deal, dealer=dealer, level=level,
                                  rules=s.game_rules())


def main() -> None:
    try:
        app = App()
        app.start()
    except Exception as exc:
        dom.report(exc)
        box = dom.by_id("boot-text")
        if box is not None:
            box.textContent = f"The game could not start: {exc}"
        raise
    # Everything alive now (Pyodide, PyScript, the engine, the app) lives as long as the page:
    # put it out of the garbage collector's reach. In Pyodide a full collection walks every
    # tracked object at about 1.5 µs each, and start-up leaves tens of thousands of them, so
    # every full collection froze the page for tens of milliseconds, mid-thought or mid-render.
    gc.freeze()
