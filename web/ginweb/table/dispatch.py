"""One dispatch: every intent (intents.py) goes through :meth:`Dispatcher.__call__`, which
matches it by what its handling touches: a move of yours or your hand's order (moves.py), what
is on the table (a new match, a practice hand, the next person at the device), the settings and
statistics, the page's dialogs; a feature's intent goes to the feature that handles its type. A
handler asks the session to change the match, then has the screen drawn, then lets the computer
move. The parts it drives come in as narrow protocols (parts.py), so dispatch runs in CPython
tests with stand-ins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from ..storage import settings
from ..storage.savefmt import people_named
from ..words import narrate
from ..words.rulewords import help_words
from . import chartview, params
from . import intents as i
from .facade import TableFacade
from .moves import Moves
from .parts import ComputerPlay, Display, Modals, PageServices, SettingsForm
from .port import Handler, Plugs, Question
from .session import Session
from .tablestate import Motion

__all__ = ["Dispatcher", "Display", "Modals"]


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
        self.moves = Moves(session, screen, dialogs, turns, self.plugs, self)
        self.feature_handlers: dict[type, Handler] = {}
        for f in self.plugs.acts:
            self.feature_handlers.update(f.handlers())
        self.plugs.attach(TableFacade(session, self))

    def __call__(self, intent: i.Intent) -> bool:
        """Handle ``intent`` (the table's, or a feature's); False if it was refused (a dragged
        card then goes back)."""
        if isinstance(intent, i.YourMove):
            return self.moves.move(intent) is not False
        if isinstance(intent, i.YourHand):
            self.moves.arrange(intent)
        elif isinstance(intent, i.TableChange):
            self.change_table(intent)
        elif isinstance(intent, i.Preferences):
            self.preferences(intent)
        elif isinstance(intent, i.PageIntent):
            self.page(intent)
        else:
            return self.feature_handlers[type(intent)](intent) is not False
        return True

    def work(self) -> None:
        """Queue the features' background work wanted now, and run it while the table is idle."""
        self.turns.work()

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        """Why a feature forbids a new match from this seed or deal code (words), or None."""
        return self.plugs.refuses_start(seed, deal)

    # ----- what is on the table ---------------------------------------------------------------

    def change_table(self, intent: i.TableChange) -> None:
        s = self.session
        match intent:
            case i.OpenNewMatch():
                self.dialogs.new_match(s.settings, s.game.level, s.reads.leaving())
            case i.StartMatch():
                self.start_match(intent.form)
            case i.NewMatch():
                self.new_match()
            case i.Ready():
                self.ready()
            case i.Replay(code=code, dealer=dealer):
                self.table_changed(lambda: s.plays.practice(code, dealer))
                self.screen.notice(
                    f"Practice hand: deal {code}. It does not count; your match waits.", "info", 4000
                )
            case i.EndPractice():
                self.table_changed(s.plays.end_practice)
            case i.LeaveTable():
                self.leave_table()
            case _:
                assert_never(intent)

    def start_match(self, f: i.NewMatchForm) -> None:
        """Start the match the "New match" form asks for; a code that cannot be read is said
        in the form and nothing changes."""
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
        s.change_settings(settings.for_new_match(s.settings, f.level, f.preset))
        dealer = None if f.dealer == "cut" else int(f.dealer)
        self.table_changed(
            lambda: s.plays.new_match(seed=seed, deal=deal, dealer=dealer, level=f.level, people=people)
        )

    def new_match(self) -> None:
        """A new match with the same seating (you and the computer, or the same two people)."""
        s = self.session
        self.table_changed(lambda: s.plays.new_match(people=s.game.people))

    def ready(self) -> None:
        """The next person has the device: their own view, the keyboard on their hand."""
        s = self.session
        if not s.ui.handover:
            return
        s.ready()
        self.screen.render(Motion.NONE)
        keys = s.reads.hand_keys() if not s.reads.sits_out else []
        self.screen.focus_card_soon(s.ui.drawn or (keys[0] if keys else None))
        if not s.reads.sits_out:
            self.screen.announce(s.reads.said(narrate.status_text(s.reads.view(), False, spoken=True)))
        self.turns.kick()  # at a table of seats the computer waits while the table is covered

    def leave_table(self) -> None:
        """Back to your match from a table of seats, once asked (the table is not kept)."""
        sp = self.session.reads.seated
        if sp is None:
            return
        text = f"The table of {sp.table.seats} ends (it is not kept); your match comes back as it was."
        self.ask(
            Question("Leave the table?", text, "Leave the table"),
            lambda _: self.table_changed(self.session.plays.back_to_match),
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

    def changed_there(self, dealt: bool) -> None:
        """The game on the table changed on another device (a friend's move or card, a new
        hand when ``dealt``): draw it, then let the showdown run if the hand is over."""
        self.screen.render(Motion.DEAL if dealt else Motion.MOVE)
        self.screen.later(self.session.kept.flush)
        self.turns.kick()

    # ----- settings and statistics --------------------------------------------------------------

    def preferences(self, intent: i.Preferences) -> None:
        s = self.session
        match intent:
            case i.OpenSettings():
                self.form.open(s.settings, s.game.level)
            case i.SettingsEdited():
                self.form.edited(intent.control)
            case i.SaveSettings():
                self.save_settings()
            case i.OpenStats():
                self.dialogs.show_statistics(self.keeper.statistics())
                for f in self.plugs.statistics:
                    f.statistics_opened()
            case i.ExportStats():
                self.dialogs.export_stats(self.keeper.statistics(), s.vault.now())
            case i.ResetStats():
                self.reset_stats()
            case i.ShowChart():
                self.show_chart(intent.name)
            case _:
                assert_never(intent)

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
            self.ask(Question("New rules", text, "Start new match", "Next match"), lambda _: self.new_match())
        else:
            self.screen.notice("Settings saved.", "info", 2500)

    def reset_stats(self) -> None:
        def reset(_: str) -> None:
            self.keeper.reset_stats()
            self.screen.notice("Statistics reset.", "info", 3000)

        self.ask(
            Question("Reset statistics?", "Every count goes back to zero. This cannot be undone.", "Reset"),
            reset,
        )

    def show_chart(self, name: str) -> None:
        """Build chart ``name`` now that it was opened: the table's, or a feature's."""
        m = self.session.match
        if name in chartview.CHARTS:
            chart = chartview.chart(name, self.keeper.statistics(), m.records, m.rules.target)
        else:
            found = self.plugs.chart(name)
            if found is None:
                return
            chart = found
        self.screen.chart(name, chartview.chart_html(chart))

    # ----- the page's dialogs and notices -------------------------------------------------------

    def page(self, intent: i.PageIntent) -> None:
        match intent:
            case i.OpenHelp():
                self.dialogs.help(help_words(self.session.match.rules))
            case i.CloseDialog():
                self.dialogs.close(intent.dialog)
            case i.ConfirmOk():
                self.confirm_ok()
            case i.ConfirmCancel():
                self.confirmed = None
                self.dialogs.close("dlg-confirm")
            case i.TakeOver():
                self.keeper.take_over()
            case i.RetrySaving():
                self.keeper.retry_saving()
            case i.DismissNotice():
                self.screen.dismiss(intent.notice)
            case _:
                assert_never(intent)

    def ask(self, question: Question, then: Callable[[str], object]) -> None:
        """Confirm first; ``then`` gets the value chosen when the player says OK."""
        self.confirmed = then
        self.dialogs.confirm(question)

    def withdraw(self, then: Callable[[str], object]) -> bool:
        """Close the confirmation whose OK does ``then`` if it is still open (True): one a
        feature held your move under, now answered otherwise (moves.py's ``held``)."""
        if self.confirmed is not then or not self.dialogs.showing("dlg-confirm"):
            return False
        self.confirmed = None
        self.dialogs.close("dlg-confirm")
        return True

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
