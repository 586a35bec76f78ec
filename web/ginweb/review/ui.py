"""The hand review dialog (#dlg-review) and the coach's part of the statistics: write what
model.py built into the DOM, and decide nothing. Texts on screen use card symbols; labels and
the live line use the spoken forms (card names)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gin_core import Card
from gin_core.analysis import HandReview

from ..kit import dom
from ..kit.background import Slices
from ..kit.dom import Js
from ..words import narrate

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from .model import MoveItem, ReviewModel, Words

RED = ("\u2665", "\u2666")
PERF_KEPT = 1000


def _cards(cards: Sequence[Card], label: str, face_down: int = 0) -> str:
    """A row of cards: symbols on screen, then ``face_down`` card backs (cards the reader never
    saw), one label naming them all for a screen reader."""
    from .model import never_saw  # deferred: warmup.py imports it after the first paint

    spoken = ", ".join(filter(None, (narrate.cards_words(cards, spoken=True), never_saw(face_down))))
    spoken = spoken or "no cards"
    faces = (
        "".join(
            f'<span class="rcard{" red" if c.symbol.endswith(RED) else ""}">{dom.esc(c.symbol)}</span>'
            for c in cards
        )
        + f'<span class="rcard back" aria-hidden="true" title="{never_saw(1).capitalize()}">\u2592</span>'
        * face_down
    )
    return (
        f'<div class="rhand" role="img" aria-label="{dom.esc(label)}: {dom.esc(spoken)}">'
        f'<span class="rlabel" aria-hidden="true">{dom.esc(label)}</span>{faces}</div>'
    )


def _lines(words: Sequence[Words], cls: str) -> str:
    return "".join(
        f'<p class="{cls}"><span aria-hidden="true">{dom.esc(w.text)}</span>'
        f'<span class="sr-only">{dom.esc(w.spoken)}</span></p>'
        for w in words
    )


def _move_item(m: MoveItem, step: int) -> str:
    """One move of the list: symbols on screen, card names for a screen reader; a decision that
    cost something is marked with its grade (a flag for a mistake or a blunder)."""
    current = ' aria-current="step"' if m.index == step else ""
    marks = FLAGS.get(m.grade, "")
    graded = f", {m.grade}" if m.grade else ""  # in the same span: a span of its own is read " , blunder"
    return (
        f'<li><button type="button" class="p{m.player}{" mistake" if m.mistake else ""}'
        f'{" " + m.grade if m.grade else ""}" data-act="review-step" data-step="{m.index}"{current}>'
        f'<span aria-hidden="true">{m.index + 1}. {dom.esc(m.label.text)}</span>'
        f'<span class="sr-only">Move {m.index + 1}: {dom.esc(m.label.spoken)}{graded}</span>'
        f"{marks}</button></li>"
    )


FLAGS = {
    "inaccuracy": '<span class="flag" aria-hidden="true">?!</span>',
    "mistake": '<span class="flag" aria-hidden="true">\u26a0</span>',
    "blunder": '<span class="flag" aria-hidden="true">\u26a0\u26a0</span>',
}


def _moved(old: ReviewModel | None, new: ReviewModel) -> bool:
    """Another step or hand is shown than before (None: nothing was)."""
    return old is None or (old.title, old.step) != (new.title, new.step)


def _keeps_focus(active: Js | None) -> bool:
    """``active`` (the focus, in the list of moves or on a step button) is in the list, or on a
    step button now disabled: the list's current move takes it, so the keyboard never falls out
    of the dialog."""
    if active is None:
        return False
    return bool(active.disabled) or dom.closest(active, "#review-moves") is not None


class ReviewUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id("dlg-review")
        self.shown: tuple[ReviewModel, bool] | None = None
        self.coach_perf: list[dict[str, object]] = []

    def timed(self, hand: int, work: Slices) -> Slices:
        """``work`` (the coach's) with each slice timed, for the browser benchmark
        (window.ginCoachJSON)."""
        slices: list[float] = []
        start = dom.now()
        while True:
            t0 = dom.now()
            try:
                unit = next(work)
            except StopIteration as end:
                slices.append(dom.now() - t0)
                self.coach_timing(hand, dom.now() - start, slices, end.value)
                return end.value
            slices.append(dom.now() - t0)
            yield unit

    def coach_timing(self, hand: int, total: float, slices: list[float], found: HandReview) -> None:
        self.coach_perf.append(
            {
                "hand": hand,
                "decisions": len(found.verdicts),
                "ms": round(total, 2),
                "busy_ms": round(sum(slices), 2),
                "max_slice_ms": round(max(slices), 2),
                "slices": len(slices),
            }
        )
        del self.coach_perf[:-PERF_KEPT]
        dom.window.ginCoachJSON = json.dumps(self.coach_perf)

    def render(self, model: ReviewModel | None, play_on: bool) -> None:
        """Show ``model`` (None: the review is closed); ``play_on``: the step is your decision."""
        if model is None:
            self.close()
            return
        if self.shown == (model, play_on):
            return
        old = self.shown[0] if self.shown is not None else None
        self.shown = (model, play_on)
        active = dom.opt(dom.document.activeElement)
        if active is not None and dom.closest(active, "#review-moves, .review-nav") is None:
            active = None  # the focus is elsewhere: the list leaves it there
        self._head(model)
        self._step(model, play_on, _moved(old, model))
        dom.by_id("review-table").innerHTML = (
            _cards(model.hands[1], model.rows[1], model.face_down)
            + f'<div class="rmid">{_cards(model.pile[-3:], "Pile, top last")}'
            f'<span class="rstock">{dom.esc(model.stock.text)}</span></div>'
            + _cards(model.hands[0], model.rows[0])
        )
        if old is None or old.moves != model.moves or old.step != model.step:
            self._moves(model, _keeps_focus(active))
        if not self.dlg.open:
            self.dlg.showModal()
            dom.q(self.dlg, "[data-act=review-next]").focus()

    def close(self) -> None:
        """Close the dialog and empty it: a review shows one person's cards, which must not stay
        in the page once the device may be in another's hands."""
        if self.shown is not None:
            for ident in ("review-table", "review-moves", "review-now", "review-summary"):
                dom.by_id(ident).innerHTML = ""
            dom.set_text(dom.by_id("review-said"), "")
        self.shown = None
        if self.dlg.open:
            self.dlg.close()

    def _head(self, model: ReviewModel) -> None:
        """The title, the summary, where the step is, and the step buttons (off where they lead
        nowhere)."""
        g = dom.by_id
        dom.set_text(g("review-title"), model.title)
        g("review-summary").innerHTML = _lines(model.summary, "sum")
        g("review-summary").classList.toggle("busy", not model.analysed)
        where = (
            f"Move {model.step + 1} of {model.last + 1}"
            if model.step < model.last
            else f"End of hand ({model.last} moves)"
        )
        dom.set_text(g("review-pos"), where)
        targets = {"first": model.first, "prev": model.prev, "next": model.next, "last": model.last}
        for name, target in targets.items():
            dom.q(self.dlg, f"[data-act=review-{name}]").disabled = target == model.step

    def _moves(self, model: ReviewModel, keep: bool) -> None:
        """The list of moves, the current one marked; focused when ``keep`` (the focus was in the
        list, or on a step button now disabled), so the keyboard never falls out of the dialog."""
        box = dom.by_id("review-moves")
        box.innerHTML = "".join(_move_item(m, model.step) for m in model.moves)
        cur = dom.q(box, "[aria-current=step]")
        if cur is not None:
            cur.scrollIntoView(dom.js_obj({"block": "nearest"}))
            if keep:
                cur.focus()

    def _step(self, model: ReviewModel, play_on: bool, moved: bool) -> None:
        """The move at this step, the computer's reason or the coach's verdict, the result.
        ``moved``: another step (or hand) than the one shown; the position's share box, opened
        at this step, stays open when the same step is drawn again (the coach's verdicts
        arriving redraw it)."""
        parts = [w for w in (model.move,) if w is not None]
        html = _lines(parts, "rmove")
        if model.reason is not None:
            from .model import Words  # deferred: warmup.py imports it after the first paint

            html += _lines([Words(f"Why: {model.reason.text}", f"Why: {model.reason.spoken}")], "why")
        html += _lines(model.verdict, "verdict" + (" mistake" if len(model.verdict) > 1 else ""))
        html += _lines(model.result, "rresult")
        dom.by_id("review-now").innerHTML = html
        dom.set_hidden(dom.by_id("review-play-on"), not play_on)
        dom.set_hidden(dom.by_id("review-share"), not play_on)
        if moved:
            dom.set_hidden(dom.by_id("share-position"), True)
        spoken = " ".join(w.spoken for w in (*parts, *model.verdict, *model.result))
        if model.reason is not None:
            spoken += f" Why: {model.reason.spoken}"
        dom.set_text(dom.by_id("review-said"), spoken)

    def show_statistics(self, rows: Sequence[tuple[str, str]]) -> None:
        """The coach's rows in the statistics dialog (#coach-stats)."""
        body = "".join(f'<tr><th scope="row">{dom.esc(k)}</th><td>{dom.esc(v)}</td></tr>' for k, v in rows)
        dom.by_id("coach-stats").innerHTML = f"<table class='stats'><tbody>{body}</tbody></table>"
