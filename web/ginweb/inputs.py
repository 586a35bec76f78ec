"""Input: one delegated listener per event type. Clicks and taps on [data-act] controls and
cards, keyboard shortcuts and arrow keys in the hand, and pointer drags (mouse, pen, touch):
a hand card onto the pile discards it, the stock or pile onto the hand draws, a hand card
moved within the hand reorders it."""

from __future__ import annotations

import math

from gin_core import Action, Card
from gin_core.actions import ActionKind

from . import dom

DRAG_START = 6  # px before a press becomes a drag
SHORTCUTS = {
    "d": "stock", "t": "take", "p": "pass", "k": "knock", "g": "gin", "b": "big_gin",
    "n": "next", "h": "hint", "u": "undo", "r": "sort-rank", "s": "sort-suit", "?": "help",
}


def _rect(el):
    r = el.getBoundingClientRect()
    return (r.left, r.top, r.right, r.bottom)


def _inside(pt, rect, pad: float = 0) -> bool:
    return rect[0] - pad <= pt[0] <= rect[2] + pad and rect[1] - pad <= pt[1] <= rect[3] + pad


class Inputs:
    def __init__(self, app):
        self.app = app
        self.press = None  # dict while a pointer is down on something draggable
        self.swallow = None  # (x, y, time) of a pointerup already handled: its click is ignored
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

    # ----- clicks -------------------------------------------------------------------------

    def on_click(self, ev) -> None:
        self.app.board.finish()
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
            self.app.act(act.dataset.act, act)
            return
        card = dom.closest(t, "#my-hand .card")
        if card is not None:
            self.app.card(card.dataset.key)

    def on_change(self, ev) -> None:
        t = ev.target
        in_form = dom.closest(t, "#settings-form") is not None
        if in_form and (ev.type == "change" or getattr(t, "type", "") == "number"):
            self.app.settings_ui.changed(t)

    def on_focus(self, ev) -> None:
        card = dom.closest(ev.target, "#my-hand .card")
        if card is not None:
            self.app.controller.ui.focus = card.dataset.key

    # ----- keyboard -----------------------------------------------------------------------

    def on_key(self, ev) -> None:
        self.app.board.finish()
        key = ev.key
        t = ev.target
        tag = (t.tagName or "").lower() if t is not None else ""
        if tag in ("input", "select", "textarea") or dom.dialog_open():
            return
        card = dom.closest(t, "#my-hand .card")
        if card is not None and self.hand_key(ev, card):
            ev.preventDefault()
            return
        if (ev.ctrlKey or ev.metaKey) and key.lower() == "z":
            ev.preventDefault()
            self.app.act("undo", None)
            return
        if ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        act = SHORTCUTS.get(key.lower() if len(key) == 1 else "")
        if act is not None:
            ev.preventDefault()
            self.app.act(act, None)

    def hand_key(self, ev, card) -> bool:
        """Arrows move the focus along the hand (with Shift they move the card); Enter or
        Space plays the card. Returns True if the key was used."""
        ctl = self.app.controller
        keys = ctl.hand_keys()
        k = card.dataset.key
        if k not in keys:
            return False
        i = keys.index(k)
        step = {"ArrowLeft": -1, "ArrowRight": 1}.get(ev.key)
        if ev.key in ("Home", "End"):
            ctl.focus_card(keys[0 if ev.key == "Home" else -1])
            return True
        if step is not None:
            j = max(0, min(len(keys) - 1, i + step))
            if ev.shiftKey:
                ctl.reorder(k, j)
                ctl.focus_card(k)
                self.app.panels.announce(f"{card.getAttribute('aria-label')} moved to place {j + 1}")
            else:
                ctl.focus_card(keys[j])
            return True
        if ev.key in ("Enter", " "):
            self.app.card(k)
            return True
        return False

    # ----- dragging -----------------------------------------------------------------------

    def on_down(self, ev) -> None:
        if ev.button != 0 or self.press is not None:
            return
        self.app.board.finish()
        t = ev.target
        ctl = self.app.controller
        card = dom.closest(t, "#my-hand .card")
        src = None
        if card is not None and ctl.ui.stage == 0:
            src = ("hand", card.dataset.key, card)
        elif dom.closest(t, "#stock") is not None and dom.by_id("stock").classList.contains("live"):
            src = ("stock", None, dom.by_id("stock"))
        elif dom.closest(t, "#pile") is not None and dom.by_id("pile").classList.contains("live"):
            top = dom.opt(dom.by_id("pile-cards").lastElementChild)
            if top is not None:
                src = ("pile", top.dataset.key, top)
        if src is None:
            return
        self.press = {"id": ev.pointerId, "x": ev.clientX, "y": ev.clientY, "src": src[0],
                      "key": src[1], "el": src[2], "drag": False, "ghost": None}

    def on_move(self, ev) -> None:
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
            self.app.board.drag(p["key"], dx, dy)
        pt = (ev.clientX, ev.clientY)
        over = self.target_at(p, pt)
        self.mark(over)

    def begin(self, p, ev) -> None:
        p["drag"] = True
        try:
            p["el"].setPointerCapture(ev.pointerId)
        except Exception:  # noqa: BLE001
            pass
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
            p["slots"] = [(k, _rect(self.app.board.element(k))) for k in self.app.controller.hand_keys()]
        dom.root.classList.add("is-dragging")

    def target_at(self, p, pt) -> str | None:
        if p["src"] == "hand":
            if _inside(pt, p["pile"], 24):
                return "pile"
            if _inside(pt, p["hand"], 10):
                return "hand"
            return None
        return "hand" if _inside(pt, p["hand"], 10) else None

    def mark(self, over: str | None) -> None:
        dom.by_id("pile").classList.toggle("drop", over == "pile")
        dom.by_id("seat-me").classList.toggle("drop", over == "hand" and self.press["src"] != "hand")

    def on_up(self, ev) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        self.press = None
        if not p["drag"]:
            if ev.pointerType == "touch":  # a tap: act now, do not wait for the click
                self.swallow = (ev.clientX, ev.clientY, dom.now())
                if p["src"] == "hand":
                    self.app.card(p["key"])
                else:
                    self.app.act(p["src"], None)
            return
        self.swallow = (ev.clientX, ev.clientY, dom.now())
        pt = (ev.clientX, ev.clientY)
        over = self.target_at(p, pt)
        self.mark(None)
        dom.root.classList.remove("is-dragging")
        ctl = self.app.controller
        ghost = p["ghost"]
        origin = None
        if ghost is not None:
            r = ghost.getBoundingClientRect()
            origin = (r.left, r.top, r.width)
            ghost.remove()
        el = p["el"]
        el.classList.remove("dragging")
        done = False
        if p["src"] == "hand" and over == "pile":
            done = ctl.human(Action(ActionKind.DISCARD, Card.parse(p["key"])))
        elif p["src"] == "hand" and over == "hand":
            ctl.reorder(p["key"], self.drop_index(p, pt))
            done = True
        elif p["src"] == "stock" and over == "hand":
            done = ctl.human(Action("draw_stock"), origin)
        elif p["src"] == "pile" and over == "hand":
            done = ctl.human(Action("draw_pile"))
        if not done and p["key"] is not None:
            self.app.board.release(p["key"])

    def drop_index(self, p, pt) -> int:
        others = [(k, r) for k, r in p["slots"] if k != p["key"]]
        i = 0
        for _, r in others:
            if pt[0] > (r[0] + r[2]) / 2:
                i += 1
        return i

    def on_cancel(self, ev) -> None:
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
            self.app.board.release(p["key"])
