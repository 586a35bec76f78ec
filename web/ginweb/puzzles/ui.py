"""The puzzles' writers: the puzzle dialog (the position, the moves to answer with, the verdict
with every move's value and the reason, your progress). They copy what model.py built into the
DOM and decide nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gin_core import Card

from ..kit import dom
from ..table.cardface import face_html

if TYPE_CHECKING:  # the presenter loads with the puzzles, after the first paint (warmup.py)
    from .model import AnswerModel, BoardModel, HandCard, Share

DIALOG = "dlg-puzzle"


class PuzzlesUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id(DIALOG)

    def open(self) -> None:
        if not self.dlg.open:
            self.dlg.showModal()

    def is_open(self) -> bool:
        return bool(self.dlg.open)

    def board(self, model: BoardModel, focus: bool = True) -> None:
        """The position and the moves to answer with (the first focused unless ``focus`` is
        False: a puzzle in a blog post must not scroll the post to itself)."""
        dom.set_text(dom.by_id("puzzle-title"), model.title)
        dom.set_text(dom.by_id("puzzle-task"), model.task)
        dom.set_text(dom.by_id("puzzle-score"), model.score)
        dom.set_text(dom.by_id("puzzle-stock"), model.stock)
        dom.set_text(dom.by_id("puzzle-seen"), model.discards)
        pile = dom.by_id("puzzle-pile")
        top = _face(model.pile_code)
        if model.pile_code is not None:
            top = f'<span class="card face s{model.pile_code[-1]}" aria-hidden="true">{top}</span>'
        pile.innerHTML = f"{top}<span>{dom.esc(model.pile)}</span>"
        hand = dom.by_id("puzzle-hand")
        hand.innerHTML = "".join(_card(c) for c in model.hand)
        dom.set_attr(hand, "aria-label", model.hand_label)
        dom.by_id("puzzle-moves").innerHTML = "".join(
            f'<button type="button" data-act="puzzle-move" data-action="{dom.esc(m.move)}">'
            f"{dom.esc(m.label)}</button>"
            for m in model.moves
        )
        dom.set_hidden(dom.by_id("puzzle-board"), False)
        dom.set_hidden(dom.by_id("puzzle-none"), True)
        first = dom.q(dom.by_id("puzzle-board"), "[data-act=puzzle-move]")
        if first is not None and focus:
            first.focus()

    def answer(self, model: AnswerModel | None, waiting: bool = False) -> None:
        """The verdict on your answer (None: not answered; ``waiting``: answered, and the values
        are still being worked out: the answer stays hidden until you try)."""
        box = dom.by_id("puzzle-answer")
        for b in dom.by_id("puzzle-board").querySelectorAll("[data-act=puzzle-move]"):
            b.disabled = model is not None or waiting
        if model is None:
            box.innerHTML = "<p>Working out the values\u2026</p>" if waiting else ""
            box.className = "puzzle-answer"
            return
        rows = "".join(
            f'<tr class="{"best" if r.best else ""}{" yours" if r.yours else ""}"><th scope="row">'
            f"{dom.esc(r.label)}{' (yours)' if r.yours else ''}</th><td>{dom.esc(r.value)}</td></tr>"
            for r in model.rows
        )
        box.className = f"puzzle-answer {model.verdict}"
        box.innerHTML = (
            f'<p class="puzzle-verdict">{dom.esc(model.headline)}</p>'
            f'<p class="puzzle-reason">{dom.esc(model.reason)}</p>'
            f'<table class="itemised"><caption>Every move, best first. {dom.esc(model.legend)}</caption>'
            f'<thead><tr><th scope="col">Move</th><th scope="col">Value</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )
        dom.set_text(dom.by_id("puzzle-progress"), model.progress)
        # the keyboard goes on from "Next puzzle"; the eye to the verdict (on a phone it is
        # under the moves, and focusing "Next puzzle" at the dialog's top left it out of sight)
        dom.by_id("puzzle-next").focus(dom.js_obj({"preventScroll": True}))
        box.scrollIntoView(dom.js_obj({"block": "nearest"}))

    def progress(self, text: str, mistakes: str) -> None:
        dom.set_text(dom.by_id("puzzle-progress"), text)
        dom.set_text(dom.by_id("puzzle-mistakes"), mistakes)

    def nothing(self, text: str) -> None:
        """No puzzle to show (every one of the theme solved, no mistake due): say why."""
        dom.set_hidden(dom.by_id("puzzle-board"), True)
        none = dom.by_id("puzzle-none")
        dom.set_text(none, text)
        dom.set_hidden(none, False)
        dom.by_id("puzzle-answer").innerHTML = ""


def share(found: Share) -> None:
    """The link and the snippet of a shared position, the snippet selected to copy."""
    link = dom.by_id("share-position-link")
    link.href = found.link
    dom.set_text(link, found.link)
    box = dom.by_id("share-position-embed")
    box.value = found.snippet
    dom.set_hidden(dom.by_id("share-position"), False)
    box.focus()
    box.select()


def game_address() -> str:
    return dom.game_address()


def _face(code: str | None) -> str:
    return "" if code is None else face_html(Card.parse(code))


def _card(c: HandCard) -> str:
    cls = f"card face s{c.code[-1]}"
    if c.move is None:
        return f'<span class="{cls}" role="img" aria-label="{dom.esc(c.name)}">{_face(c.code)}</span>'
    return (
        f'<button type="button" class="{cls}" data-act="puzzle-move" data-action="{dom.esc(c.move)}" '
        f'aria-label="Discard {dom.esc(c.name)}">{_face(c.code)}</button>'
    )
