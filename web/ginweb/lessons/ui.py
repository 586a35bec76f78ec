"""The lessons dialog (#dlg-lessons): the list of lessons and the lesson panel, written from what
model.py built; it decides nothing. Cards show their symbols and are named for a screen reader;
the verdict on each choice is said in a live region (role=status)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..kit import dom

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from .model import ListItem, Option, PanelModel


def _item(x: ListItem) -> str:
    mark = '<span class="lesson-done" aria-hidden="true">\u2713</span>' if x.done else ""
    said = ", done" if x.done else ""
    return (
        f'<li><button type="button" data-act="lesson" data-value="{dom.esc(x.ident)}" '
        f'aria-label="{dom.esc(x.title + said)}">{mark}{dom.esc(x.title)}</button></li>'
    )


def _option(o: Option, act: str = "lesson-choose", pressed: bool | None = None) -> str:
    """A choice: its short text on screen (card symbols), its spoken words for a screen reader."""
    aria = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    red = " red" if o.text.endswith(("\u2665", "\u2666")) else ""
    return (
        f'<button type="button" class="lesson-option{red}" data-act="{act}" data-value="{dom.esc(o.value)}"'
        f'{aria}><span aria-hidden="true">{dom.esc(o.text)}</span>'
        f'<span class="sr-only">{dom.esc(o.spoken)}</span></button>'
    )


def _modes(model: PanelModel) -> str:
    if not model.modes:
        return ""
    from .model import Option

    buttons = "".join(
        _option(Option(m, m.capitalize(), m.capitalize()), "lesson-mode", m == model.mode)
        for m in model.modes
    )
    return f'<div class="lesson-modes" role="group" aria-label="What a card does">{buttons}</div>'


def _hand(model: PanelModel) -> str:
    spoken = ", ".join(c.spoken for c in model.hand)
    faces = "".join(
        f'<span class="rcard{" red" if c.red else ""}">{dom.esc(c.text)}</span>' for c in model.hand
    )
    return f'<div class="rhand" role="img" aria-label="Your cards: {dom.esc(spoken)}">{faces}</div>'


PRACTICE = '<button type="button" class="primary" data-act="lesson-practice">Play a practice hand</button>'


class LessonsUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id("dlg-lessons")
        self.shown: object = None

    def _open(self) -> None:
        if not self.dlg.open:
            self.dlg.showModal()

    def listing(self, items: Sequence[ListItem]) -> None:
        """The list of lessons, each marked done or not."""
        if self.shown == items:
            return
        self.shown = items
        dom.set_text(dom.by_id("lessons-title"), "Learn to play")
        done = sum(x.done for x in items)
        body = (
            f'<p class="lessons-count">{done} of {len(items)} lessons done. Each can be replayed.</p>'
            f'<ol class="lessons-list">{"".join(_item(x) for x in items)}</ol>'
        )
        dom.by_id("lessons-body").innerHTML = body
        dom.set_hidden(dom.by_id("lessons-back"), True)
        said = dom.by_id("lesson-said")
        said.className = "lesson-said"
        dom.set_text(said, "")
        self._open()
        dom.q(self.dlg, ".lessons-list button").focus()

    def lesson(self, model: PanelModel, practice: bool) -> None:
        """The open lesson: its step, your cards, the choices, the verdict said."""
        if self.shown == model:
            return
        old = self.shown
        self.shown = model
        dom.set_text(dom.by_id("lessons-title"), model.title)
        verdict = "" if model.right is None else ("right" if model.right else "wrong")
        them = f'<p class="lesson-them">{dom.esc(model.them)}</p>' if model.them else ""
        finish = f'<div class="row">{PRACTICE}</div>' if model.finished and practice else ""
        dom.by_id("lessons-body").innerHTML = (
            f'<p class="lesson-intro">{dom.esc(model.intro)}</p>{them}'
            f'<p class="lesson-table">{dom.esc(model.table)}</p>{_hand(model)}'
            f'<p class="lesson-where">{dom.esc(model.where)}</p>'
            f'<p class="lesson-ask" id="lesson-ask">{dom.esc(model.ask)}</p>{_modes(model)}'
            f'<div class="lesson-options" role="group" aria-labelledby="lesson-ask">'
            f"{''.join(_option(o) for o in model.options)}</div>{finish}"
        )
        said = dom.by_id("lesson-said")
        said.className = f"lesson-said {verdict}"
        dom.set_text(said, model.said)
        dom.set_hidden(dom.by_id("lessons-back"), False)
        self._open()
        self._focus(model, old)

    def _focus(self, model: PanelModel, old: object) -> None:
        """The first choice of a new step takes the focus (the primary button once done); a
        refused choice keeps it."""
        from .model import PanelModel

        same_step = isinstance(old, PanelModel) and old.where == model.where and old.title == model.title
        active = dom.opt(dom.document.activeElement)
        value = None if active is None else dom.opt(active.getAttribute("data-value"))
        target = dom.q(self.dlg, f'[data-value="{value}"]') if same_step and value is not None else None
        if target is None:
            target = dom.q(self.dlg, ".lesson-options button, #lessons-body .row button, #lessons-back")
        if target is not None:
            target.focus()

    def close(self) -> None:
        self.shown = None
        if self.dlg.open:
            self.dlg.close()
