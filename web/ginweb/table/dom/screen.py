"""The screen: after every change, the presenter's model of the table goes to the writers
(table, board, panels). The one place that calls :func:`present.present`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from gin_core import Phase

from ...kit import dom
from .. import chartview, cues
from ..intents import Origin
from ..model import Look, TableModel, present
from ..port import Plugs
from ..session import Session
from ..tablestate import Motion
from .board import Board
from .panels import Panels
from .ui import TableUI


class Screen:
    def __init__(
        self,
        session: Session,
        board: Board,
        table: TableUI,
        panels: Panels,
        plugs: Plugs | None = None,
    ) -> None:
        self.session = session
        self.plugs = plugs or Plugs()
        self.charted: tuple[int, int] | None = None  # (epoch, hands) the open match chart shows
        self.board = board
        self.table = table
        self.panels = panels
        self.unsaved = 0  # saves waiting for the paint (see later)
        self.heard = (-1, 0)  # (epoch, moves) the last sound was for
        self.sound: Callable[[str], None] = lambda _: None  # plays a cue (app.py: sound.py)

    def model(self) -> TableModel:
        s = self.session
        r = s.reads
        look = Look(
            sort=s.settings.sort,
            order=s.state.order_of(s),
            level=s.game.level,
            can_undo=r.can_undo(),
            strict=r.strict,
            helped=r.help_off() is None,
            practice_code=s.match.first_deal if r.practicing else None,
            reasons=r.computer_reasons(),
            log=s.state.log_of(s),
            hand_buttons=()
            if r.practicing
            else tuple(b for f in self.plugs.hand_buttons for b in f.hand_buttons()),
            **r.seating(),
        )
        sp = r.seated
        if sp is not None:  # a table of seats: its presenter loads after the first paint (warmup.py)
            from ..seatedmodel import present_seated

            return present_seated(sp.view(), None if r.sits_out else r.view(), s.ui, look, sp.names)
        return present(r.view(), s.ui, look)

    def render(self, motion: Motion = Motion.MOVE, origin: Origin | None = None) -> None:
        model = self.model()
        self.table.render(model, motion, origin)
        if model.facts.handover is not None:  # the next person starts from "Ready"
            dom.before_paint(dom.by_id("btn-ready").focus)
        p = self.panels
        p.log(model.log)
        p.scoreboard(model.scoreboard)
        p.practice(model.practice_code)
        for f in self.plugs.draws:
            f.draw()
        self.score_chart()
        self.cue()
        if p.result(model.result):
            dom.after(50, self.focus_next)

    def cue(self) -> None:
        """The sound of the moves made since the last one (with Settings' "Sound" on); none for a
        new table or moves taken back."""
        s = self.session
        (epoch, moves), self.heard = self.heard, (s.epoch, s.reads.progress())
        if s.settings.sound and epoch == s.epoch and s.reads.progress() > moves:
            phase = Phase(s.reads.view().phase) if s.state.remote else s.match.phase
            name = cues.cue(s.state.recent(s, moves), phase)
            if name is not None:
                self.sound(name)

    def score_chart(self) -> None:
        """The chart of the match, while it is open, follows the hands as they end."""
        m = self.session.match
        drawn = (self.session.epoch, len(m.records))
        if self.session.state.remote:  # the chart is of your match
            return
        if drawn != self.charted and self.panels.chart_open("score"):
            self.charted = drawn
            chart = chartview.score(m.records, m.rules.target)
            self.chart("score", chartview.chart_html(chart))

    def chart(self, name: str, html: str) -> None:
        """Write chart ``name`` wherever it is shown (the scoreboard, the statistics)."""
        self.panels.chart(name, html)

    def texts(self) -> None:
        """Everything but the cards (the computer starts thinking)."""
        self.table.texts(self.model())

    def focus_next(self) -> None:
        b = dom.by_id("btn-next")
        if b is not None and not dom.dialog_open():
            dom.before_paint(b.focus)

    def focus_card(self, key: str | None) -> None:
        """Move the keyboard to card ``key`` now (the next key press acts from there)."""
        self.session.focus_on(key)
        self.focus_now(key)

    def focus_card_soon(self, key: str | None) -> None:
        """Move the keyboard to card ``key`` at the next frame (after a click): focusing lays the
        page out, which the frame does anyway; now it would make the click wait for a layout."""
        self.session.focus_on(key)
        dom.before_paint(partial(self.focus_now, key))

    def focus_now(self, key: str | None) -> None:
        el = self.board.element(key) if key else None
        if el is not None and key == self.session.ui.focus:
            el.focus(dom.js_obj({"preventScroll": True}))  # your hand is in view: nothing to scroll

    def keys_in_use(self) -> bool:
        """The player is using the keyboard on the table: the focus, shown as keyboard focus
        (``:focus-visible``), is in your hand, on the stock or on the pile."""
        active = dom.opt(dom.document.activeElement)
        return self.hand_has_focus() and active is not None and bool(active.matches(":focus-visible"))

    def announce(self, text: str) -> None:
        self.panels.announce(text)

    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None:
        self.panels.notice(text, kind, ms)

    def clear_notices(self, kind: str) -> None:
        self.panels.clear_notices(kind)

    def dismiss(self, ident: str) -> None:
        self.panels.dismiss_id(ident)

    def hand_has_focus(self) -> bool:
        """The keyboard is on your hand, the stock or the pile (a discard keeps it in the hand)."""
        active = dom.opt(dom.document.activeElement)
        return active is not None and dom.closest(active, "#my-hand, #stock, #pile") is not None

    def later(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` in a task of its own after this one (counting and saving a move, acting on
        a confirmation), so the browser can paint what was just written in between; until it
        has run the root carries ``data-unsaved`` (what a test waits on before it reads the
        save)."""
        self.unsaved += 1
        dom.root.setAttribute("data-unsaved", "1")

        def run() -> None:
            try:
                fn()
            finally:
                self.unsaved -= 1
                if not self.unsaved:
                    dom.root.removeAttribute("data-unsaved")

        dom.after(0, run)
