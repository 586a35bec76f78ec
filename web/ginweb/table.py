"""Writes a :class:`present.TableModel` onto the table: the cards (through the board), counts,
labels, live controls, scores and the status line. It decides nothing: every value comes from
the presenter."""

from __future__ import annotations

from typing import Any

from . import dom
from .board import Board
from .intents import Origin
from .present import TableModel

IDS = (
    "status",
    "stock",
    "stock-count",
    "pile",
    "opp-hand",
    "my-hand",
    "deadwood",
    "score-you",
    "score-cpu",
    "target-info",
    "hand-info",
    "opp-level",
    "thinking",
    "dealer-you",
    "dealer-cpu",
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
)


class Table:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.el: dict[str, Any] = {k: dom.by_id(k) for k in IDS}

    def render(self, model: TableModel, motion: str = "move", origin: Origin | None = None) -> None:
        z = model.zones
        self.board.update({"opp-hand": z.opp, "pile-cards": z.pile, "my-hand": z.mine}, motion, origin)
        self.texts(model)

    def texts(self, model: TableModel) -> None:
        """Everything but the cards."""
        self.piles(model)
        self.hands(model)
        self.controls(model)
        self.facts(model)

    def piles(self, model: TableModel) -> None:
        e, p = self.el, model.piles
        dom.set_text(e["stock-count"], str(p.stock_count))
        dom.set_attr(e["stock"], "aria-label", p.stock_label)
        e["stock"].classList.toggle("live", p.stock_live)
        dom.set_attr(e["stock"], "aria-disabled", None if p.stock_live else "true")
        e["stock"].classList.toggle("empty", p.stock_count == 0)
        dom.set_attr(e["pile"], "aria-label", p.pile_label)
        e["pile"].classList.toggle("live", p.pile_live)
        dom.set_attr(e["pile"], "aria-disabled", None if p.pile_live else "true")
        e["stock"].classList.toggle("hinted", p.hinted == "stock")
        e["pile"].classList.toggle("hinted", p.hinted == "pile")

    def hands(self, model: TableModel) -> None:
        e, h = self.el, model.hands
        dom.set_attr(e["my-hand"], "aria-label", h.mine_label)
        e["my-hand"].classList.toggle("can-discard", h.can_discard)
        e["my-hand"].classList.toggle("showdown", h.showdown)
        e["opp-hand"].classList.toggle("showdown", h.showdown)
        dom.set_attr(e["opp-hand"], "aria-label", h.opp_label)
        dom.set_hidden(e["opp-deadwood"], h.opp_deadwood is None)
        if h.opp_deadwood is not None:
            dom.set_text(e["opp-deadwood"], f"deadwood {h.opp_deadwood}")
        dom.set_text(e["deadwood"], str(h.deadwood))
        dom.set_text(e["deadwood-after"], h.deadwood_after)
        e["seat-me"].classList.toggle("can-knock", h.can_knock)
        dom.set_text(e["knock-info"], h.knock_info)

    def controls(self, model: TableModel) -> None:
        e, c = self.el, model.controls
        for ident, shown in (
            ("btn-take", c.take),
            ("btn-pass", c.pass_),
            ("btn-knock", c.knock),
            ("btn-gin", c.gin),
            ("btn-big-gin", c.big_gin),
        ):
            dom.set_hidden(e[ident], not shown)
        e["btn-hint"].disabled = not c.hint
        e["btn-undo"].disabled = not c.undo
        dom.set_hidden(e["btn-undo"], not c.undo_shown)
        dom.set_attr(e["sort-rank"], "aria-pressed", "true" if c.sort == "rank" else "false")
        dom.set_attr(e["sort-suit"], "aria-pressed", "true" if c.sort == "suit" else "false")

    def facts(self, model: TableModel) -> None:
        e, f = self.el, model.facts
        dom.set_text(e["score-you"], str(f.scores[0]))
        dom.set_text(e["score-cpu"], str(f.scores[1]))
        dom.set_text(e["target-info"], f.target)
        dom.set_text(e["hand-info"], f.hand)
        dom.set_hidden(e["dealer-you"], f.dealer != 0)
        dom.set_hidden(e["dealer-cpu"], f.dealer != 1)
        dom.set_hidden(e["thinking"], not f.thinking)
        dom.set_text(e["opp-level"], f.level)
        e["table"].dataset.phase = f.phase
        e["table"].dataset.turn = f.turn
        dom.set_text(e["status"], f.status)
