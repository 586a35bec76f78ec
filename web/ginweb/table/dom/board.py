"""Keyed card elements and their motion.

Every card on the table is one element keyed by its card text ("QS"), or "b0".."b10" for the
computer's face-down cards, or "knock" for a face-down knock card. A render gives the wanted
cards of each zone in order; the board moves, creates and removes elements to match and animates
the change with FLIP (measure, move, invert with a transform, release to a CSS transition):

* an element that changes place glides from where it was;
* a new element takes the place of one that vanished in the same render (the computer's
  discard leaves its hand from a face-down card; a revealed hand turns over where the backs were);
* otherwise a new element comes from the stock (draws, the deal, staggered).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...kit import dom
from ...kit.dom import Js
from ..cardface import BACK_HTML, face_html
from ..intents import Origin
from ..model import Spec
from ..tablestate import Motion

# A card element's attributes as last written: class, label, role, tabindex, description, style
Written = tuple[str | None, str | None, str, str | None, str | None, str]

ZONES = ("opp-hand", "pile-cards", "my-hand")
Rect = tuple[float, float, float]  # left, top, width


@dataclass
class Flip:
    """A render's motion, started at the next frame: where each card was (a new card: where it
    comes from), where the stock was, the cards dealt one after another."""

    first: dict[str, Rect]
    stock: Rect
    dealt: list[str]


def _card_class(spec: Spec) -> str:
    """A card element's class: its face (with the suit, for the colours) or its back, whether
    it starts a group (a gap before it), then the zone's own classes."""
    face = f"card face s{spec.card.suit}" if spec.card is not None else "card back"
    return f"{face}{' gs' if spec.start else ''} {spec.cls}".strip()


class Board:
    def __init__(self) -> None:
        self.zone = {z: dom.by_id(z) for z in ZONES}
        for el in self.zone.values():  # the static placeholders drawn before Python was ready
            el.innerHTML = ""
        self.stock = dom.by_id("stock")
        self.els: dict[str, Js] = {}
        self.where: dict[str, Written] = {}  # key -> the attributes as last written
        self.order: dict[str, list[str]] = {z: [] for z in ZONES}
        self.fit: dict[str, tuple[int, int]] = {}
        self.moving_until = 0.0  # performance.now() when the last animation lands
        self.pending: Flip | None = None  # a render whose motion starts at the next frame

    def element(self, key: str) -> Js:
        return self.els.get(key)

    def _make(self, spec: Spec) -> Js:
        el = dom.document.createElement("div")
        el.dataset.key = spec.key
        if spec.card is not None:
            el.dataset.card = str(spec.card)
            el.innerHTML = face_html(spec.card)
        else:
            el.innerHTML = BACK_HTML
        self.els[spec.key] = el
        return el

    def _write(self, el: Js, spec: Spec) -> None:
        """Write what changed since the element's last write (each write crosses into the
        browser: a move usually changes a class or two, not every attribute of every card)."""
        cls = _card_class(spec)
        attrs = (cls, spec.label, spec.role, spec.tab, spec.desc, spec.style)
        old = self.where.get(spec.key)
        if old == attrs:
            return
        was: Written = old or (None, "", "", None, None, "")  # a new element: nothing written yet
        if cls != was[0]:
            el.className = cls
        if (spec.label, spec.role) != (was[1], was[2]):
            self._name(el, spec.label, spec.role, new=old is None)
        if spec.tab != was[3]:
            self._tab(el, spec, new=old is None)
        if spec.desc != was[4]:
            dom.set_attr(el, "aria-description", spec.desc)
        if spec.style != was[5]:
            el.style.cssText = spec.style
        self.where[spec.key] = attrs

    def _tab(self, el: Js, spec: Spec, new: bool) -> None:
        """Write the card's tabindex: now, or at the next frame if the card has the focus."""
        if not new and el.matches(":focus"):
            # The focused card's tabindex changes: the browser would check at once that it
            # can keep the focus, laying out the page inside this task (25 ms at a hand's
            # end); at the next frame the page is laid out anyway.
            dom.before_paint(partial(self._retab, spec.key))
        else:
            dom.set_attr(el, "tabindex", spec.tab)

    def _retab(self, key: str) -> None:
        """Give card ``key`` the tabindex the last render wants."""
        if key in self.els:
            dom.set_attr(self.els[key], "tabindex", self.where[key][3])

    @staticmethod
    def _name(el: Js, label: str | None, role: str, new: bool) -> None:
        """The card's accessible name and role, or hidden from assistive technology."""
        if label is None:
            el.setAttribute("aria-hidden", "true")
            if not new:
                el.removeAttribute("aria-label")
                el.removeAttribute("role")
        else:
            if not new:
                el.removeAttribute("aria-hidden")
            el.setAttribute("role", role)
            el.setAttribute("aria-label", label)

    def _rect(self, el: Any) -> Rect:
        r = el.getBoundingClientRect()
        return (r.left, r.top, r.width)

    def update(
        self, zones: dict[str, Sequence[Spec]], motion: Motion = Motion.MOVE, origin: Origin | None = None
    ) -> None:
        """Show ``zones``. ``motion``: NONE, MOVE (FLIP, pairing new with vanished cards) or
        DEAL (new cards come from the stock, one after another). ``origin`` is where a new
        card starts when nothing vanished (a card dropped by drag), else the stock.

        The cards are written now and measured where they land at the next frame (the layout
        the browser does then anyway): a click never waits for a layout of its own. Where they
        started is read before any write, or kept from a render whose motion has not started."""
        animate = motion != Motion.NONE and not dom.root.classList.contains("no-motion")
        was = self._was() if animate else None
        new: list[str] = []
        for z in ZONES:
            new += self._place(z, zones.get(z, ()))
        wanted = {s.key for specs in zones.values() for s in specs}
        vanished = self._remove_unwanted(wanted, was.first if was is not None else {})
        if was is not None:
            self._start_motion(was, new, vanished, motion, origin)

    def _remove_unwanted(self, wanted: set[str], first: dict[str, Rect]) -> list[Rect]:
        """Remove the elements no zone wants; returns where those of them that were measured
        stood (a new card takes such a place: it turns over there)."""
        vanished = [first[k] for k in self.els if k not in wanted and k in first]
        for k in [k for k in self.els if k not in wanted]:
            self.els.pop(k).remove()
            self.where.pop(k, None)
        return vanished

    def _start_motion(
        self, was: Flip, new: list[str], vanished: list[Rect], motion: Motion, origin: Origin | None
    ) -> None:
        """Leave the render's motion for the next frame (``was``: where the cards were), one
        frame callback for any number of renders before it."""
        self._starts(was.first, new, vanished, was.stock, motion, origin)
        if self.pending is None:
            dom.before_paint(self._flip)
        self.pending = Flip(was.first, was.stock, was.dealt + (new if motion == Motion.DEAL else []))

    def _was(self) -> Flip:
        """Where every card is on the screen: as measured, or as a render not shown yet left it."""
        if self.pending is not None:
            p = self.pending
            return Flip(dict(p.first), p.stock, list(p.dealt))
        return Flip({k: self._rect(el) for k, el in self.els.items()}, self._rect(self.stock), [])

    def _flip(self) -> None:
        """At the frame: measure where the cards landed, put each back where it was with a
        transform (every rectangle read before any transform is written), release them."""
        if self.pending is None:
            return
        first, dealt = self.pending.first, self.pending.dealt
        self.pending = None
        last = {k: self._rect(el) for k, el in self.els.items() if k in first}
        moved = [k for k in last if self._invert(k, first[k], last[k])]
        self._glide(moved, [k for k in dealt if k in self.els])

    def _place(self, z: str, specs: Sequence[Spec]) -> list[str]:
        """Write zone ``z``'s cards in order; returns the keys of the elements made new."""
        new = []
        for s in specs:
            el = self.els.get(s.key)
            if el is None:
                el = self._make(s)
                new.append(s.key)
            self._write(el, s)
        self._arrange(z, [s.key for s in specs])
        self._size(z, specs)
        return new

    def _arrange(self, z: str, keys: list[str]) -> None:
        """Put zone ``z``'s elements in the order of ``keys``, only if it changed (each append
        moves an element in the page); a card now here is no longer in another zone's order."""
        if keys != self.order[z]:
            cont = self.zone[z]
            held = dom.opt(dom.document.activeElement)
            for k in keys:
                cont.appendChild(self.els[k])
            if held is not None and cont.contains(held) and not held.matches(":focus"):
                # a moved element loses the focus: the keyboard stays on its card (a sort)
                held.focus(dom.js_obj({"preventScroll": True}))
            self.order[z] = keys
        for other in ZONES:
            if other != z:
                self.order[other] = [k for k in self.order[other] if k not in keys]

    def _size(self, z: str, specs: Sequence[Spec]) -> None:
        """Tell zone ``z``'s style how many cards and group gaps it holds (so the cards fit),
        only when that changed."""
        fit = (len(specs), sum(1 for s in specs if s.start))
        if self.fit.get(z) != fit:
            cont = self.zone[z]
            cont.style.setProperty("--n", str(max(fit[0], 1)))
            cont.style.setProperty("--g", str(fit[1]))
            self.fit[z] = fit

    def _starts(
        self,
        first: dict[str, Rect],
        new: list[str],
        vanished: list[Rect],
        stock: Rect,
        motion: Motion,
        origin: Origin | None,
    ) -> None:
        """Where each new card comes from: the stock (a deal, a draw), the place of a card that
        vanished (it turns over there), or ``origin``."""
        for k in new:
            start = stock if motion == Motion.DEAL else vanished.pop(0) if vanished else origin or stock
            first[k] = start
            if motion != Motion.DEAL and start is not stock and start is not origin:
                self.els[k].classList.add("turn-in")

    def _invert(self, k: str, a: Rect, b: Rect) -> bool:
        """Put card ``k``, now at ``b``, back where it was (``a``) with a transform; True if it
        has to move."""
        el = self.els[k]
        dx, dy = a[0] - b[0], a[1] - b[1]
        s = a[2] / b[2] if b[2] else 1
        if abs(dx) < 0.5 and abs(dy) < 0.5 and abs(s - 1) < 0.01:
            return False
        el.style.transition = "none"
        el.style.transform = f"translate({dx:.1f}px,{dy:.1f}px) scale({s:.3f})"
        return True

    def _glide(self, moved: list[str], dealt: list[str]) -> None:
        """Release the inverted cards to their CSS transition (dealt cards one after another)."""
        if not moved:
            return
        dom.document.body.offsetWidth  # noqa: B018  (flush layout: the inverted start is painted)
        deal_index = {k: i for i, k in enumerate(dealt)}
        self.moving_until = dom.now() + 45 * len(deal_index) + 600
        for k in moved:
            el = self.els[k]
            el.style.transition = ""
            el.style.transform = ""
            if k in deal_index:
                el.style.transitionDelay = f"{deal_index[k] * 45}ms"
        if deal_index:
            dom.after(45 * len(deal_index) + 600, self._clear_delays)

    def finish(self) -> None:
        """Land every moving card at once: an input during the deal (or any move) acts on the
        table as it will be, never on cards still in flight."""
        self.pending = None  # a motion not started yet never starts
        if dom.now() >= self.moving_until:
            return
        self.moving_until = 0.0
        for el in self.els.values():
            el.style.transition = "none"
            el.style.transitionDelay = ""
            el.style.transform = ""
        dom.document.body.offsetWidth  # noqa: B018  (flush layout: the cards are painted where they land)
        for el in self.els.values():
            el.style.transition = ""

    def _clear_delays(self) -> None:
        for el in self.els.values():
            el.style.transitionDelay = ""

    def drag(self, key: str, dx: float, dy: float) -> None:
        el = self.els.get(key)
        if el is not None:
            el.style.transition = "none"
            el.style.transform = f"translate({dx:.1f}px,{dy:.1f}px)"

    def release(self, key: str) -> None:
        el = self.els.get(key)
        if el is not None:
            el.style.transition = ""
            el.style.transform = ""
