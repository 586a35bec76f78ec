"""Writes a :class:`present.TableModel` onto the table: the cards (through the board), counts,
labels, live controls, scores and the status line. It decides nothing: every value comes from
the presenter."""

from __future__ import annotations

from typing import Any

from ...kit import dom
from .. import handover
from ..intents import Origin
from ..model import TableModel
from ..tablestate import Motion
from .board import Board
from .plates import SeatPlates

IDS = (
    "status",
    "stock",
    "stock-count",
    "pile",
    "opp-hand",
    "my-hand",
    "deadwood",
    "deadwood-box",
    "sort-group",
    "score-you",
    "score-cpu",
    "target-info",
    "hand-info",
    "opp-level",
    "thinking",
    "btn-take",
    "btn-pass",
    "btn-knock",
    "btn-gin",
    "btn-big-gin",
    "btn-hint",
    "btn-undo",
    "sort-rank",
    "sort-suit",
    "knock-info",
    "seat-me",
    "table",
    "opp-deadwood",
    "deadwood-after",
    "name-you",
    "name-cpu",
    "handover",
    "handover-title",
    "handover-text",
    "table-bar",
)


class TableUI:
    """The writer of everything on the table but the cards. It remembers what it last wrote and
    writes only what changed: every read or write of the page crosses from Python into the
    browser, and a move changes a handful of the ~50 values written here."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.el: dict[str, Any] = {k: dom.by_id(k) for k in IDS}
        self.plates = SeatPlates(self.el["table"])
        self.shown: dict[tuple[str, str], object] = {}  # (element id, what) -> value last written

    def render(self, model: TableModel, motion: Motion = Motion.MOVE, origin: Origin | None = None) -> None:
        z = model.zones
        self.board.update({"opp-hand": z.opp, "pile-cards": z.pile, "my-hand": z.mine}, motion, origin)
        self.texts(model)

    def texts(self, model: TableModel) -> None:
        """Everything but the cards."""
        self.piles(model)
        self.hands(model)
        self.controls(model)
        self.facts(model)

    def _changed(self, ident: str, what: str, value: object) -> bool:
        key = (ident, what)
        if key in self.shown and self.shown[key] == value:
            return False
        self.shown[key] = value
        return True

    def text(self, ident: str, value: str) -> None:
        if self._changed(ident, "text", value):
            self.el[ident].textContent = value

    def attr(self, ident: str, name: str, value: str | None) -> None:
        if self._changed(ident, name, value):
            dom.set_attr(self.el[ident], name, value)

    def cls(self, ident: str, name: str, on: bool) -> None:
        if self._changed(ident, f".{name}", on):
            self.el[ident].classList.toggle(name, on)

    def hide(self, ident: str, hidden: bool) -> None:
        if self._changed(ident, "hidden", hidden):
            self.el[ident].hidden = hidden

    def piles(self, model: TableModel) -> None:
        p = model.piles
        self.text("stock-count", str(p.stock_count))
        self.attr("stock", "aria-label", p.stock_label)
        self.cls("stock", "live", p.stock_live)
        self.attr("stock", "aria-disabled", None if p.stock_live else "true")
        self.cls("stock", "empty", p.stock_count == 0)
        self.attr("pile", "aria-label", p.pile_label)
        self.cls("pile", "live", p.pile_live)
        self.attr("pile", "aria-disabled", None if p.pile_live else "true")
        self.cls("stock", "hinted", p.hinted == "stock")
        self.cls("pile", "hinted", p.hinted == "pile")

    def hands(self, model: TableModel) -> None:
        h = model.hands
        self.attr("my-hand", "aria-label", h.mine_label)
        self.cls("my-hand", "can-discard", h.can_discard)
        self.cls("my-hand", "showdown", h.showdown)
        self.cls("opp-hand", "showdown", h.showdown)
        self.attr("opp-hand", "aria-label", h.opp_label)
        self.hide("opp-deadwood", h.opp_deadwood is None)
        if h.opp_deadwood is not None:
            self.text("opp-deadwood", f"deadwood {h.opp_deadwood}")
        self.hide("deadwood-box", h.deadwood is None)  # no hand held: no count, nothing to sort
        self.hide("sort-group", h.deadwood is None)
        if h.deadwood is not None:
            self.text("deadwood", str(h.deadwood))
        self.text("deadwood-after", h.deadwood_after)
        self.cls("seat-me", "can-knock", h.can_knock)
        self.text("knock-info", h.knock_info)

    def seats(self, model: TableModel) -> None:
        """The seats around the table, the scoreboard's names and, with two people, the
        handover screen over the table."""
        self.plates.render(model.seats)
        f = model.facts
        self.text("name-you", f.me)
        self.text("name-cpu", f.opp)
        self.hide("handover", f.handover is None)
        if f.handover is not None:
            self.text("handover-title", handover.title(f.handover))
            self.text("handover-text", f.status)

    def controls(self, model: TableModel) -> None:
        c = model.controls
        for ident, shown in (
            ("btn-take", c.take),
            ("btn-pass", c.pass_),
            ("btn-knock", c.knock),
            ("btn-gin", c.gin),
            ("btn-big-gin", c.big_gin),
        ):
            self.hide(ident, not shown)
        if self._changed("btn-hint", "disabled", not c.hint):
            self.el["btn-hint"].disabled = not c.hint
        if self._changed("btn-undo", "disabled", not c.undo):
            self.el["btn-undo"].disabled = not c.undo
        self.hide("btn-undo", not c.undo_shown)
        self.attr("sort-rank", "aria-pressed", "true" if c.sort == "rank" else "false")
        self.attr("sort-suit", "aria-pressed", "true" if c.sort == "suit" else "false")

    def facts(self, model: TableModel) -> None:
        f = model.facts
        self.text("score-you", str(f.scores[0]))
        self.text("score-cpu", str(f.scores[1]))
        self.text("target-info", f.target)
        self.text("hand-info", f.hand)
        self.hide("thinking", not f.thinking)
        self.text("opp-level", f.level)
        self.seats(model)
        self.attr("table", "data-phase", f.phase)
        self.attr("table", "data-turn", f.turn)
        self.attr("table", "data-seating", f.seating or None)
        self.hide("table-bar", not f.seating)
        self.text("status", f.status)
