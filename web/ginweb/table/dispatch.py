"""One dispatch: every intent (intents.py) goes through :meth:`Dispatcher.__call__` to the one
handler for its type. A handler asks the session to change the match, then has the screen
drawn from the new state, then lets the computer move. The parts it drives come in as narrow
protocols (what each needs, no more), so dispatch runs in CPython tests with stand-ins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from gin_core import (
    Action,
    ActionKind,
    IllegalAction,
    MatchResult,
    Phase,
    PlayerView,
    TakeBack,
    preset,
)

from ..storage.savefmt import people_named
from ..storage.settings import Settings
from ..storage.stats import StatsRecord
from ..words import narrate
from ..words.rulewords import help_words
from . import chartview, handover, knock, params
from . import intents as i
from .facade import TableFacade
from .port import Handler, Plugs
from .session import Blocked, Session
from .tablestate import Motion, Stage

BLOCKED_TEXT = {
    Blocked.COMPUTERS_TURN: "Wait for the computer to finish its turn.",
    Blocked.UNDO_STRICT: "Undo is off in strict mode.",
    Blocked.HANDOVER: handover.WAIT,
    Blocked.SITS_OUT: "You sit this hand out: the others play it.",
}
TAKE_BACK_TEXT = {
    TakeBack.NOTHING: "Nothing to undo in this hand.",
    TakeBack.CARD_SEEN: "A card drawn from the stock can't be taken back: you have seen it.",
    TakeBack.ANSWERED: "The computer has replied to that move: it can't be taken back.",
}
END_WORDS = {"knock": ("Knock?", "Knock"), "gin": ("Go gin?", "Gin")}


class Display(Protocol):
    """Draws the table and speaks to the player: what dispatch needs of screen.py."""

    def render(self, motion: Motion = Motion.MOVE, origin: i.Origin | None = None) -> None: ...
    def focus_card(self, key: str | None) -> None: ...
    def focus_card_soon(self, key: str | None) -> None: ...
    def hand_has_focus(self) -> bool: ...
    def keys_in_use(self) -> bool: ...
    def announce(self, text: str) -> None: ...
    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None: ...
    def clear_notices(self, kind: str) -> None: ...
    def dismiss(self, ident: str) -> None: ...
    def chart(self, name: str, html: str) -> None: ...
    def later(self, fn: Callable[[], None]) -> None: ...


class Modals(Protocol):
    """The modal dialogs (dialogs.py)."""

    def confirm(
        self,
        title: str,
        text: str,
        ok: str,
        choices: Sequence[tuple[str, str]] = (),
        cancel: str = "Cancel",
        legend: str = "Discard",
    ) -> None: ...
    def confirm_value(self) -> str: ...
    def close(self, ident: str) -> None: ...
    def close_all(self) -> None: ...
    def forget(self) -> None: ...
    def close_hint(self) -> None: ...
    def new_match(self, s: Settings, level: str, leaving: str | None) -> None: ...
    def new_error(self, text: str) -> None: ...
    def show_statistics(self, d: StatsRecord) -> None: ...
    def export_stats(self, d: StatsRecord, now: str) -> None: ...
    def match_over(self, r: MatchResult, names: tuple[str, str] | None = None) -> None: ...
    def help(self, rules_words: str) -> None: ...


class SettingsForm(Protocol):
    def open(self, s: Settings, level: str) -> None: ...
    def edited(self, control: str) -> None: ...
    def chosen(self, old: Settings) -> Settings | None: ...


class ComputerPlay(Protocol):
    """The computer's moves, the showdown and the hint over time (turns.py)."""

    def kick(self) -> None: ...
    def ask_hint(self) -> None: ...
    def work(self) -> None: ...


class PageServices(Protocol):
    """The page's own services: statistics as stored, the look, the tab that owns the match."""

    def statistics(self) -> StatsRecord: ...
    def reset_stats(self) -> None: ...
    def apply_look(self, s: Settings) -> None: ...
    def take_over(self) -> None: ...
    def retry_saving(self) -> None: ...


def undo_refused_text(why: Blocked | TakeBack | str) -> str:
    """Why undo did nothing, in words (a feature's reason comes as words already)."""
    if isinstance(why, Blocked):
        return BLOCKED_TEXT[why]
    if isinstance(why, TakeBack):
        return TAKE_BACK_TEXT[why]
    return why


def knock_text(kind: str, choices: Sequence[knock.KnockChoice]) -> str:
    """The knock's (or gin's) confirmation: the one way to lay down, or the choice of ways."""
    first = choices[0]
    if len(choices) > 1:
        return "Choose the card you put face down and the melds you lay down:"
    if kind == "knock":
        return f"Lay down your melds and put the {first.card.name} face down: {first.label()}."
    return f"All ten cards meld: {first.label()}."


HANDLERS: dict[type, Callable[[Dispatcher, Any], object]] = {}
"""The one handler of each intent type (filled by :func:`handles`; every intent has one: tested)."""
IntentT = TypeVar("IntentT", bound=i.Intent)
R = TypeVar("R")


def handles(
    kind: type[IntentT],
) -> Callable[[Callable[[Dispatcher, IntentT], R]], Callable[[Dispatcher, IntentT], R]]:
    """Register the decorated method as the handler of intents of type ``kind``."""

    def register(handler: Callable[[Dispatcher, IntentT], R]) -> Callable[[Dispatcher, IntentT], R]:
        HANDLERS[kind] = handler
        return handler

    return register


def on(kind: type[i.Intent]) -> Callable[[Callable[[Dispatcher], R]], Callable[[Dispatcher], R]]:
    """Register the decorated method, which needs nothing of the intent but its type, as the
    handler of intents of type ``kind`` (it is also called directly)."""

    def register(handler: Callable[[Dispatcher], R]) -> Callable[[Dispatcher], R]:
        HANDLERS[kind] = lambda dispatcher, _: handler(dispatcher)
        return handler

    return register


class Dispatcher:
    def __init__(  # 7 parameters: the parts dispatch drives, each a narrow protocol
        self,
        session: Session,
        screen: Display,
        dialogs: Modals,
        form: SettingsForm,
        turns: ComputerPlay,
        keeper: PageServices,
        plugs: Plugs | None = None,
    ) -> None:
        self.session = session
        self.screen = screen
        self.dialogs = dialogs
        self.form = form
        self.turns = turns
        self.keeper = keeper
        self.confirmed: Callable[[str], object] | None = None  # what "OK" in the confirmation does
        self.plugs = plugs or Plugs()
        self.feature_handlers: dict[type, Handler] = {}
        for f in self.plugs.acts:
            self.feature_handlers.update(f.handlers())
        self.plugs.attach(TableFacade(session, self))

    def __call__(self, intent: i.Intent) -> bool:
        """Handle ``intent`` (the table's, or a feature's); False if it was refused (a dragged
        card then goes back)."""
        table = HANDLERS.get(type(intent))
        if table is not None:
            return table(self, intent) is not False
        return self.feature_handlers[type(intent)](intent) is not False

    def work(self) -> None:
        """Queue the features' background work wanted now, and run it while the table is idle."""
        self.turns.work()

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        """Why a feature forbids a new match from this seed or deal code (words), or None."""
        return self.plugs.refuses_start(seed, deal)

    # ----- intents handled by another part ------------------------------------------------------

    @handles(i.Play)
    def play_intent(self, it: i.Play) -> bool:
        return self.play(it.action, it.origin)

    @handles(i.Hint)
    def hint(self, _: i.Hint) -> None:
        off = self.session.help_off()
        if off is not None:  # the key (the button is disabled): said, not asked
            self.screen.notice(off, "info", 3000)
            return
        self.turns.ask_hint()

    @handles(i.OpenSettings)
    def open_settings(self, _: i.OpenSettings) -> None:
        self.form.open(self.session.settings, self.session.game.level)

    @handles(i.SettingsEdited)
    def settings_edited(self, it: i.SettingsEdited) -> None:
        self.form.edited(it.control)

    @handles(i.ExportStats)
    def export_stats(self, _: i.ExportStats) -> None:
        self.dialogs.export_stats(self.keeper.statistics(), self.session.vault.now())

    @handles(i.OpenHelp)
    def help(self, _: i.OpenHelp) -> None:
        self.dialogs.help(help_words(self.session.match.rules))

    @handles(i.CloseDialog)
    def close_dialog(self, it: i.CloseDialog) -> None:
        self.dialogs.close(it.dialog)

    @handles(i.TakeOver)
    def take_over(self, _: i.TakeOver) -> None:
        self.keeper.take_over()

    @handles(i.RetrySaving)
    def retry_saving(self, _: i.RetrySaving) -> None:
        self.keeper.retry_saving()

    @handles(i.DismissNotice)
    def dismiss_notice(self, it: i.DismissNotice) -> None:
        self.screen.dismiss(it.notice)

    # ----- your moves ---------------------------------------------------------------------------

    def play(self, action: Action, origin: i.Origin | None = None, asked: bool = False) -> bool:
        """Play ``action`` for you: drawn first, then counted and saved; the rule if refused. A
        feature's question comes first (``asked``: it was answered "play it")."""
        if not asked and self.questioned(action, origin):
            return False
        return self.played(action, origin)

    def played(self, action: Action, origin: i.Origin | None) -> bool:
        """Play ``action`` for you now (see :meth:`play`)."""
        s = self.session
        keyboard = action.kind == ActionKind.DISCARD and self.screen.hand_has_focus()
        # a keyboard user's next key must find the focus moved; a pointer's click need not wait
        focus = self.screen.focus_card if self.screen.keys_in_use() else self.screen.focus_card_soon
        keys = s.hand_keys()
        place = keys.index(s.ui.focus) if s.ui.focus in keys else 0
        refused = s.play(action)
        if refused is not None:
            self.refuse(refused)
            return False
        self.screen.clear_notices("rule")
        self.dialogs.close_hint()
        if s.ui.handover:
            self.pass_device()
        self.screen.render(Motion.DEAL if action.kind == ActionKind.NEXT_HAND else Motion.MOVE, origin)
        if keyboard:
            keys = s.hand_keys()
            focus(keys[min(place, len(keys) - 1)] if keys else None)
        elif s.ui.drawn is not None:
            focus(s.ui.drawn)
        self.screen.later(s.flush)
        self.turns.kick()
        return True

    def questioned(self, action: Action, origin: i.Origin | None) -> bool:
        """Ask a feature's question about your move before it is played (True if one is asked):
        its OK plays the move, its cancel leaves you to choose again."""
        q = self.plugs.question(action)
        if q is None:
            return False
        self.ask(q.title, q.text, q.ok, lambda _: self.play(action, origin, True), cancel=q.cancel)
        return True

    def pass_device(self) -> None:
        """Two people, the turn passed: nothing of the last person's hand stays in the page (the
        dialogs emptied, the live region's last words replaced by whom to pass the device to)."""
        self.dialogs.forget()
        to = self.session.seating().get("handover")
        self.screen.announce(handover.announcement(str(to)))

    def refuse(self, refused: IllegalAction | Blocked) -> None:
        self.screen.clear_notices("rule")
        text = BLOCKED_TEXT[refused] if isinstance(refused, Blocked) else narrate.rule_message(refused)
        self.screen.notice(text, "rule", 3000 if isinstance(refused, Blocked) else 6000)

    @handles(i.PlayCard)
    def play_card(self, it: i.PlayCard) -> bool:
        return self.session.ui.stage == Stage.LIVE and self.play(Action(ActionKind.DISCARD, it.card))

    @handles(i.EndHand)
    def end_hand(self, it: i.EndHand) -> None:
        """Knock, gin or big gin: confirmed first (the card put face down and the melds laid
        down, your own grouping on screen first); when not legal the engine says which rule."""
        s = self.session
        blocked = s.blocked(ActionKind(it.kind))
        if blocked is not None:
            self.refuse(blocked)
            return
        v = s.view()
        if it.kind == "big_gin":
            self.big_gin(v)
            return
        choices = knock.knock_choices(v, it.kind, s.shown_melds())
        if not choices:  # not legal now: the engine names the rule
            least = v.least_discard
            self.play(Action(ActionKind(it.kind), least[0] if least else v.hand[-1]))
            return
        title, ok = END_WORDS[it.kind]
        options = [(str(c.action), c.label()) for c in choices]
        text = knock_text(it.kind, choices)
        self.ask(title, text, ok, lambda value: self.play(Action.parse(value)), options, legend="Your knock")

    def big_gin(self, v: PlayerView) -> None:
        """Big gin, confirmed when legal; when not, the engine says which rule."""
        if not any(a.kind == ActionKind.BIG_GIN for a in v.legal_actions):
            self.play(Action(ActionKind.BIG_GIN))
            return
        self.ask(
            "Big gin?",
            "All eleven cards meld: end the hand without a discard.",
            "Big gin",
            lambda _: self.play(Action(ActionKind.BIG_GIN)),
        )

    @on(i.Next)
    def next(self) -> None:
        m = self.session.match
        if self.session.seated is not None or m.phase == Phase.HAND_OVER:
            self.play(Action(ActionKind.NEXT_HAND))
        elif m.phase == Phase.MATCH_OVER:
            self.show_match_result()

    @on(i.ShowMatchResult)
    def show_match_result(self) -> None:
        result = self.session.match.result
        if self.session.seated is not None:  # a table's end is on its result panel
            return
        if result is not None and not any(f.shows_result() for f in self.plugs.results):
            names = self.session.names()
            if names is None:
                self.dialogs.match_over(result)
            else:  # two people on one device: the result by name
                self.dialogs.match_over(result, names)

    @on(i.Undo)
    def undo(self) -> None:
        s = self.session
        blocked = s.undo()
        if blocked is not None:
            self.screen.notice(undo_refused_text(blocked), "info", 3000)
            return
        self.dialogs.close_hint()
        self.screen.render()
        self.screen.announce("Move taken back. " + narrate.status_text(s.view(), False, spoken=True))
        self.turns.kick()

    # ----- your hand ----------------------------------------------------------------------------

    @handles(i.Sort)
    def sort(self, it: i.Sort) -> None:
        self.session.sort(it.way)
        self.screen.render()

    @handles(i.Reorder)
    def reorder(self, it: i.Reorder) -> None:
        key = str(it.card)
        self.session.reorder(key, it.index)
        self.screen.render()
        if it.said:
            self.screen.focus_card(key)
            keys = self.session.hand_keys()
            if key in keys:
                self.screen.announce(f"{it.card.name} moved to place {keys.index(key) + 1}")

    @handles(i.FocusCard)
    def focus(self, it: i.FocusCard) -> None:
        if it.move:
            self.screen.focus_card(str(it.card))
        else:
            self.session.focus_on(str(it.card))

    # ----- matches and practice hands -----------------------------------------------------------

    @on(i.OpenNewMatch)
    def open_new_match(self) -> None:
        s = self.session
        self.dialogs.new_match(s.settings, s.game.level, s.leaving())

    @handles(i.StartMatch)
    def start_match(self, it: i.StartMatch) -> None:
        """Start the match the "New match" form asks for; a code that cannot be read is said
        in the form and nothing changes."""
        f = it.form
        code = f.code.strip()
        try:
            seed, deal = params.parse_start(code, self.refuses_start) if code else (None, None)
        except ValueError as e:
            self.dialogs.new_error(str(e))
            return
        try:
            people = people_named(*f.names) if f.players == "people" else None
        except ValueError as e:
            self.dialogs.new_error(str(e))
            return
        s = self.session
        prefs = replace(s.settings, level=f.level)
        if f.preset != "custom":
            prefs = prefs.with_rules(preset(f.preset))
        s.change_settings(prefs)
        dealer = None if f.dealer == "cut" else int(f.dealer)
        self.table_changed(
            lambda: s.new_match(seed=seed, deal=deal, dealer=dealer, level=f.level, people=people)
        )

    @on(i.NewMatch)
    def new_match(self) -> None:
        """A new match with the same seating (you and the computer, or the same two people)."""
        s = self.session
        self.table_changed(lambda: s.new_match(people=s.game.people))

    @on(i.Ready)
    def ready(self) -> None:
        """The next person has the device: their own view, the keyboard on their hand."""
        s = self.session
        if not s.ui.handover:
            return
        s.ready()
        self.screen.render(Motion.NONE)
        keys = s.hand_keys() if not s.sits_out else []
        self.screen.focus_card_soon(s.ui.drawn or (keys[0] if keys else None))
        if not s.sits_out:
            self.screen.announce(s.said(narrate.status_text(s.view(), False, spoken=True)))
        self.turns.kick()  # at a table of seats the computer waits while the table is covered

    @handles(i.Replay)
    def replay(self, it: i.Replay) -> None:
        """A deal played again as a practice hand: it never counts and your match waits."""
        self.table_changed(lambda: self.session.practice(it.code, it.dealer))
        self.screen.notice(
            f"Practice hand: deal {it.code}. It does not count; your match waits.", "info", 4000
        )

    @on(i.EndPractice)
    def end_practice(self) -> None:
        self.table_changed(self.session.end_practice)

    @on(i.LeaveTable)
    def leave_table(self) -> None:
        """Back to your match from a table of seats, once asked (the table is not kept)."""
        sp = self.session.seated
        if sp is None:
            return
        text = f"The table of {sp.table.seats} ends (it is not kept); your match comes back as it was."
        self.ask(
            "Leave the table?",
            text,
            "Leave the table",
            lambda _: self.table_changed(self.session.back_to_match),
        )

    def table_changed(self, change: Callable[[], object]) -> None:
        """Change the table and close the dialogs (a feature's dialog closed as the player closes
        it: the change comes first); deal the new table in a task of its own (closing a modal dialog restyles
        the whole page: with a deal's render in the same task, the click froze a frame for
        55-80 ms; issue 16)."""
        change()
        self.dialogs.close_all()

        def deal() -> None:
            self.screen.render(Motion.DEAL)
            self.turns.kick()

        self.screen.later(deal)

    # ----- settings and statistics --------------------------------------------------------------

    @on(i.SaveSettings)
    def save_settings(self) -> None:
        s = self.session
        new = self.form.chosen(s.settings)
        if new is None:
            return
        s.change_settings(new)
        self.keeper.apply_look(new)
        self.screen.render(Motion.NONE)
        self.turns.kick()
        if new.game_rules() != s.match.rules and s.match.result is None:
            text = "Start a new match with these rules now? Otherwise they apply from the next match."
            self.ask("New rules", text, "Start new match", lambda _: self.new_match(), cancel="Next match")
        else:
            self.screen.notice("Settings saved.", "info", 2500)

    @on(i.ResetStats)
    def reset_stats(self) -> None:
        def reset(_: str) -> None:
            self.keeper.reset_stats()
            self.screen.notice("Statistics reset.", "info", 3000)

        self.ask("Reset statistics?", "Every count goes back to zero. This cannot be undone.", "Reset", reset)

    # ----- confirmations ------------------------------------------------------------------------

    def ask(  # 7 parameters: the confirmation's words, choices and what its answer does
        self,
        title: str,
        text: str,
        ok: str,
        then: Callable[[str], object],
        choices: Sequence[tuple[str, str]] = (),
        cancel: str = "Cancel",
        legend: str = "Discard",
    ) -> None:
        """Confirm first; ``then`` gets the value chosen when the player says OK."""
        self.confirmed = then
        self.dialogs.confirm(title, text, ok, choices, cancel, legend)

    @on(i.ConfirmOk)
    def confirm_ok(self) -> None:
        """Close the confirmation now and act on the answer in a task of its own: closing a
        modal dialog restyles the whole page, and with the action's render in the same task
        the click froze a frame (60 ms at a knock; issue 16)."""
        value = self.dialogs.confirm_value()
        then, self.confirmed = self.confirmed, None
        if then is not None:

            def act() -> None:
                then(value)

            self.screen.later(act)

    @on(i.ConfirmCancel)
    def confirm_cancel(self) -> None:
        self.confirmed = None
        self.dialogs.close("dlg-confirm")

    @on(i.OpenStats)
    def open_stats(self) -> None:
        self.dialogs.show_statistics(self.keeper.statistics())
        for f in self.plugs.statistics:
            f.statistics_opened()

    @handles(i.ShowChart)
    def show_chart(self, it: i.ShowChart) -> None:
        """Build chart ``name`` now that it was opened: the table's, or a feature's."""
        m = self.session.match
        if it.name in chartview.CHARTS:
            chart = chartview.chart(it.name, self.keeper.statistics(), m.records, m.rules.target)
        else:
            found = self.plugs.chart(it.name)
            if found is None:
                return
            chart = found
        self.screen.chart(it.name, chartview.chart_html(chart))
