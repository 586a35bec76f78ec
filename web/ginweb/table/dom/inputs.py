"""Input: one delegated listener per event type. Clicks and taps on [data-act] controls and
cards, keyboard shortcuts and arrow keys in the hand, and pointer drags (mouse, pen, touch):
a hand card onto the pile discards it, the stock or pile onto the hand draws, a hand card
moved within the hand reorders it. Each becomes an intent (intents.py) given to ``dispatch``;
the same wish by any input is the same intent."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from functools import partial
from typing import Any

from gin_core import Action, ActionKind, Card

from ...kit import dom
from ...kit.dom import Js
from .. import intents
from ..port import Plugs
from .board import Board

Rect = tuple[float, float, float, float]  # left, top, right, bottom

DRAG_START = 6  # px before a press becomes a drag
SHORTCUTS = {
    "d": "stock",
    "t": "take",
    "p": "pass",
    "k": "knock",
    "g": "gin",
    "b": "big_gin",
    "n": "next",
    "h": "hint",
    "u": "undo",
    "r": "sort-rank",
    "s": "sort-suit",
    "?": "help",
}


def _rect(el: Js) -> Rect:
    r = el.getBoundingClientRect()
    return (r.left, r.top, r.right, r.bottom)


def _inside(pt: tuple[float, float], rect: Rect, pad: float = 0) -> bool:
    return rect[0] - pad <= pt[0] <= rect[2] + pad and rect[1] - pad <= pt[1] <= rect[3] + pad


def control_data(act: Js, name: str) -> dict[str, str]:
    """The values an intent of control ``act`` needs: its data-* values, the form it submits,
    the dialog or notice it closes."""
    data: dict[str, str] = {}
    for k in ("action", "code", "dealer", "hand", "step", "day", "chart", "value", "seat"):
        v = dom.opt(act.getAttribute(f"data-{k}"))
        if v is not None:
            data[k] = str(v)
    if name == "new-start":
        for k in ("level", "preset", "code", "dealer", "players", "name1", "name2"):
            data[k] = str(dom.by_id(f"new-{k}").value)
    field = dom.opt(act.getAttribute("data-value-of"))  # a field the control reads (a date)
    if field is not None:
        data["value"] = str(dom.by_id(str(field)).value)
    dlg = dom.closest(act, "dialog")
    if dlg is not None:
        data["dialog"] = str(dlg.id)
    toast = dom.closest(act, ".toast")
    if toast is not None:
        data["notice"] = str(toast.id)
    return data


def only_dialog() -> str:
    """The id of the one dialog open ("" if none, or several)."""
    dlg = dom.q(dom.root, "dialog[open]")
    ident = str(dlg.id) if dlg is not None else ""
    if not ident or dom.q(dom.root, f"dialog[open]:not(#{ident})") is not None:
        return ""
    return ident


class Inputs:
    def __init__(
        self,
        dispatch: Callable[[intents.Intent], bool],
        board: Board,
        hand: Callable[[], list[str]],
        live: Callable[[], bool],
        plugs: Plugs | None = None,
    ) -> None:
        """``hand``: your cards' keys as shown; ``live``: the hand's cards may be played (not a
        showdown); ``plugs``: the features, which read their own controls and dialogs' keys."""
        self.dispatch = dispatch
        self.plugs = plugs = plugs or Plugs()
        self.dialog_key_names = {
            k for f in plugs.dialog_keys for keys in f.dialog_keys.values() for k in keys
        }
        self.board = board
        self.hand = hand
        self.live = live
        self.press: dict[str, Any] | None = None  # dict while a pointer is down on something draggable
        self.swallow: tuple[float, float, float] | None = (
            None  # (x, y, time) of a pointerup already handled: its click is ignored
        )
        doc = dom.root  # the game's own events only (on a host page too)
        dom.listen(doc, "click", self.on_click)
        dom.listen(doc, "keydown", self.on_key)
        dom.listen(doc, "change", self.on_change)
        dom.listen(doc, "input", self.on_change)
        table = dom.by_id("table")
        dom.listen(table, "pointerdown", self.on_down)
        dom.listen(table, "pointermove", self.on_move)
        dom.listen(table, "pointerup", self.on_up)
        dom.listen(table, "pointercancel", self.on_cancel)
        dom.listen(table, "dragstart", lambda ev: ev.preventDefault())
        dom.listen(dom.by_id("my-hand"), "focusin", self.on_focus)
        for f in plugs.closes_dialogs:
            for ident, closing in f.dialog_closes.items():
                dom.listen(dom.by_id(ident), "close", partial(self.dispatch_now, closing))

    # ----- clicks -------------------------------------------------------------------------

    def on_click(self, ev: Js) -> None:
        self.board.finish()
        if self.swallow is not None:
            x, y, t = self.swallow
            self.swallow = None
            if dom.now() - t < 800 and abs(ev.clientX - x) < 24 and abs(ev.clientY - y) < 24:
                ev.preventDefault()
                return
        t = ev.target
        act = dom.closest(t, "[data-act]")
        if act is not None:
            if getattr(act, "disabled", False):
                return
            self.control(str(act.dataset.act), control_data(act, str(act.dataset.act)))
            return
        card = dom.closest(t, "#my-hand .card")
        if card is not None:
            self.dispatch(intents.PlayCard(Card.parse(card.dataset.key)))

    def control(self, name: str, data: dict[str, str]) -> None:
        intent = intents.from_control(name, data)
        for f in self.plugs.acts:
            intent = intent or f.control(name, data)
        if intent is not None:
            self.dispatch(intent)

    def on_change(self, ev: Js) -> None:
        t = ev.target
        in_form = dom.closest(t, "#settings-form") is not None
        typed = ev.type == "change" or getattr(t, "type", "") == "number"
        if in_form and typed and str(t.id):  # the radio groups (level, look) need no reaction
            self.dispatch(intents.SettingsEdited(str(t.id)))

    def on_focus(self, ev: Js) -> None:
        card = dom.closest(ev.target, "#my-hand .card")
        if card is not None:
            self.dispatch(intents.FocusCard(Card.parse(card.dataset.key), move=False))

    # ----- keyboard -----------------------------------------------------------------------

    def on_key(self, ev: Js) -> None:
        self.board.finish()
        t = ev.target
        tag = (t.tagName or "").lower() if t is not None else ""
        typing = tag in ("input", "select", "textarea")  # the key belongs to the field
        if not typing and self.dialog_key(ev):
            return
        if typing or dom.dialog_open():
            return
        card = dom.closest(t, "#my-hand .card")
        if card is not None and self.hand_key(ev, card):
            ev.preventDefault()
            return
        self.table_key(ev)

    def table_key(self, ev: Js) -> None:
        """Ctrl+Z (or Cmd+Z) undoes; a letter without a modifier is a control's shortcut (a key
        with one is the browser's)."""
        key = ev.key
        if (ev.ctrlKey or ev.metaKey) and key.lower() == "z":
            ev.preventDefault()
            self.dispatch(intents.Undo())
            return
        if ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        act = SHORTCUTS.get(key.lower() if len(key) == 1 else "")
        if act is not None:
            ev.preventDefault()
            self.control(act, {})

    def dialog_key(self, ev: Js) -> bool:
        """A key a feature gives a meaning in its dialog, when that dialog is the one open (the
        arrows, Home and End stepping through a finished hand). True if the key was used."""
        key = str(ev.key)
        if ev.ctrlKey or ev.metaKey or ev.altKey or key not in self.dialog_key_names:
            return False
        ident = only_dialog()
        keys = next((f.dialog_keys[ident] for f in self.plugs.dialog_keys if ident in f.dialog_keys), {})
        intent = keys.get(key)
        if intent is None:
            return False
        ev.preventDefault()
        self.dispatch(intent)
        return True

    def dispatch_now(self, intent: intents.Intent, _: Js) -> None:
        """Dispatch ``intent`` whatever the event (a listener's)."""
        self.dispatch(intent)

    def hand_key(self, ev: Js, card: Js) -> bool:
        """Arrows move the focus along the hand (with Shift they move the card); Enter or
        Space plays the card. Returns True if the key was used."""
        keys = self.hand()
        k = str(card.dataset.key)
        if k not in keys:
            return False
        i = keys.index(k)
        step = {"ArrowLeft": -1, "ArrowRight": 1}.get(ev.key)
        if ev.key in ("Home", "End"):
            self.dispatch(intents.FocusCard(Card.parse(keys[0 if ev.key == "Home" else -1])))
            return True
        if step is not None:
            j = max(0, min(len(keys) - 1, i + step))
            if ev.shiftKey:
                self.dispatch(intents.Reorder(Card.parse(k), j, said=True))
            else:
                self.dispatch(intents.FocusCard(Card.parse(keys[j])))
            return True
        if ev.key in ("Enter", " "):
            self.dispatch(intents.PlayCard(Card.parse(k)))
            return True
        return False

    # ----- dragging -----------------------------------------------------------------------

    def on_down(self, ev: Js) -> None:
        if ev.button != 0 or self.press is not None:
            return
        self.board.finish()
        src = self.press_source(ev.target)
        if src is None:
            return
        self.press = {
            "id": ev.pointerId,
            "x": ev.clientX,
            "y": ev.clientY,
            "src": src[0],
            "key": src[1],
            "el": src[2],
            "drag": False,
            "ghost": None,
        }

    def press_source(self, t: Js) -> tuple[str, Any, Js] | None:
        """What a press on ``t`` picks up, if it may move now: (source, card key, element) for
        a card of your hand, the stock or the pile's top card."""
        card = dom.closest(t, "#my-hand .card")
        if card is not None and self.live():
            return ("hand", card.dataset.key, card)
        if dom.closest(t, "#stock") is not None and dom.by_id("stock").classList.contains("live"):
            return ("stock", None, dom.by_id("stock"))
        if dom.closest(t, "#pile") is not None and dom.by_id("pile").classList.contains("live"):
            top = dom.opt(dom.by_id("pile-cards").lastElementChild)
            if top is not None:
                return ("pile", top.dataset.key, top)
        return None

    def on_move(self, ev: Js) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        dx, dy = ev.clientX - p["x"], ev.clientY - p["y"]
        if not p["drag"]:
            if math.hypot(dx, dy) < DRAG_START:
                return
            self.begin(p, ev)
        ev.preventDefault()
        if p["ghost"] is not None:
            p["ghost"].style.transform = f"translate({dx:.1f}px,{dy:.1f}px) rotate(4deg)"
        else:
            self.board.drag(p["key"], dx, dy)
        pt = (ev.clientX, ev.clientY)
        over = self.target_at(p, pt)
        self.mark(over, p["src"])

    def begin(self, p: dict[str, Any], ev: Js) -> None:
        p["drag"] = True
        with contextlib.suppress(Exception):  # a pointer already released cannot be captured
            p["el"].setPointerCapture(ev.pointerId)
        p["hand"] = _rect(dom.by_id("seat-me"))
        p["pile"] = _rect(dom.by_id("pile"))
        if p["src"] == "stock":
            r = dom.q(dom.by_id("stock"), ".stack").getBoundingClientRect()
            ghost = dom.document.createElement("div")
            ghost.className = "card back ghost"
            ghost.innerHTML = '<span class="back-art"></span>'
            ghost.style.left = f"{r.left}px"
            ghost.style.top = f"{r.top}px"
            ghost.style.width = f"{r.width}px"
            dom.root.appendChild(ghost)
            p["ghost"] = ghost
        else:
            p["el"].classList.add("dragging")
        if p["src"] == "hand":
            p["slots"] = [(k, _rect(self.board.element(k))) for k in self.hand()]
        dom.root.classList.add("is-dragging")

    def target_at(self, p: dict[str, Any], pt: tuple[float, float]) -> str | None:
        if p["src"] == "hand":
            if _inside(pt, p["pile"], 24):
                return "pile"
            if _inside(pt, p["hand"], 10):
                return "hand"
            return None
        return "hand" if _inside(pt, p["hand"], 10) else None

    def mark(self, over: str | None, src: str = "") -> None:
        """Light up the zone a drag from ``src`` would drop on."""
        dom.by_id("pile").classList.toggle("drop", over == "pile")
        dom.by_id("seat-me").classList.toggle("drop", over == "hand" and src != "hand")

    def on_up(self, ev: Js) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        self.press = None
        if not p["drag"]:
            if ev.pointerType == "touch":  # a tap: act now, do not wait for the click
                self.swallow = (ev.clientX, ev.clientY, dom.now())
                if p["src"] == "hand":
                    self.dispatch(intents.PlayCard(Card.parse(p["key"])))
                else:
                    self.control(p["src"], {})
            return
        self.swallow = (ev.clientX, ev.clientY, dom.now())
        pt = (ev.clientX, ev.clientY)
        over = self.target_at(p, pt)
        self.mark(None)
        dom.root.classList.remove("is-dragging")
        ghost = p["ghost"]
        origin = None
        if ghost is not None:
            r = ghost.getBoundingClientRect()
            origin = (r.left, r.top, r.width)
            ghost.remove()
        el = p["el"]
        el.classList.remove("dragging")
        intent = self.dropped(p, over, pt, origin)
        done = intent is not None and self.dispatch(intent)
        if not done and p["key"] is not None:
            self.board.release(p["key"])

    def dropped(
        self, p: dict[str, Any], over: str | None, pt: tuple[float, float], origin: intents.Origin | None
    ) -> intents.Intent | None:
        """What a drag dropped at ``pt`` asks for: a discard, a draw, a new place in the hand."""
        src = p["src"]
        if src == "hand" and over == "pile":
            return intents.Play(Action(ActionKind.DISCARD, Card.parse(p["key"])))
        if src == "hand" and over == "hand":
            return intents.Reorder(Card.parse(p["key"]), self.drop_index(p, pt))
        if src in ("stock", "pile") and over == "hand":
            kind = ActionKind.DRAW_STOCK if src == "stock" else ActionKind.DRAW_PILE
            return intents.Play(Action(kind), origin if src == "stock" else None)
        return None

    def drop_index(self, p: dict[str, Any], pt: tuple[float, float]) -> int:
        """The place in the hand a card dropped at ``pt`` takes: after every other card whose
        middle is left of it."""
        return sum(1 for k, r in p["slots"] if k != p["key"] and pt[0] > (r[0] + r[2]) / 2)

    def on_cancel(self, ev: Js) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        self.press = None
        if p["ghost"] is not None:
            p["ghost"].remove()
        p["el"].classList.remove("dragging")
        self.mark(None)
        dom.root.classList.remove("is-dragging")
        if p["key"] is not None:
            self.board.release(p["key"])
