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

from dataclasses import dataclass

from gin_core import Card

from . import dom
from .cardface import BACK_HTML, face_html

ZONES = ("opp-hand", "pile-cards", "my-hand")


@dataclass(frozen=True)
class Spec:
    key: str
    card: Card | None  # None: face down
    cls: str = ""
    label: str | None = None  # accessible name; None: decorative (aria-hidden)
    tab: str | None = None  # tabindex
    style: str = ""
    start: bool = False  # first card of a group (a gap before it)
    desc: str | None = None  # aria-description (its role in the hand)
    role: str = "button"  # with a label: "button" (playable) or "img" (shown only)


class Board:
    def __init__(self):
        self.zone = {z: dom.by_id(z) for z in ZONES}
        for el in self.zone.values():  # the static placeholders drawn before Python was ready
            el.innerHTML = ""
        self.stock = dom.by_id("stock")
        self.els: dict[str, object] = {}
        self.where: dict[str, tuple] = {}  # key -> (zone, index, attrs) as last written
        self.order: dict[str, list[str]] = {z: [] for z in ZONES}
        self.fit: dict[str, tuple[int, int]] = {}
        self.moving_until = 0.0  # performance.now() when the last animation lands

    def element(self, key: str):
        return self.els.get(key)

    def _make(self, spec: Spec):
        el = dom.document.createElement("div")
        el.dataset.key = spec.key
        if spec.card is not None:
            el.dataset.card = str(spec.card)
            el.innerHTML = face_html(spec.card)
        else:
            el.innerHTML = BACK_HTML
        self.els[spec.key] = el
        return el

    def _write(self, el, spec: Spec) -> None:
        attrs = (spec.cls, spec.label, spec.tab, spec.style, spec.start, spec.desc, spec.role)
        old = self.where.get(spec.key)
        if old is not None and old == attrs:
            return
        face = f"card face s{spec.card.suit}" if spec.card is not None else "card back"
        el.className = f"{face}{' gs' if spec.start else ''} {spec.cls}".strip()
        if spec.label is None:
            el.setAttribute("aria-hidden", "true")
            el.removeAttribute("aria-label")
            el.removeAttribute("role")
        else:
            el.removeAttribute("aria-hidden")
            el.setAttribute("role", spec.role)
            el.setAttribute("aria-label", spec.label)
        dom.set_attr(el, "tabindex", spec.tab)
        dom.set_attr(el, "aria-description", spec.desc)
        el.style.cssText = spec.style
        self.where[spec.key] = attrs

    def _rect(self, el) -> tuple[float, float, float]:
        r = el.getBoundingClientRect()
        return (r.left, r.top, r.width)

    def update(self, zones: dict[str, list[Spec]], motion: str = "move",
               origin: tuple[float, float, float] | None = None) -> None:
        """Show ``zones``. ``motion``: "none", "move" (FLIP, pairing new with vanished cards) or
        "deal" (new cards come from the stock, one after another). ``origin`` is where a new
        card starts when nothing vanished (a card dropped by drag), else the stock."""
        animate = motion != "none" and not dom.root.classList.contains("no-motion")
        first = {k: self._rect(el) for k, el in self.els.items()} if animate else {}
        stock = self._rect(self.stock) if animate else None
        wanted: set[str] = set()
        new: list[str] = []
        for z in ZONES:
            specs = zones.get(z, [])
            cont = self.zone[z]
            keys = [s.key for s in specs]
            for s in specs:
                wanted.add(s.key)
                el = self.els.get(s.key)
                if el is None:
                    el = self._make(s)
                    new.append(s.key)
                self._write(el, s)
            if keys != self.order[z]:
                for k in keys:
                    cont.appendChild(self.els[k])
                self.order[z] = keys
            for other in ZONES:
                if other != z:
                    self.order[other] = [k for k in self.order[other] if k not in keys]
            fit = (len(specs), sum(1 for s in specs if s.start))
            if self.fit.get(z) != fit:
                cont.style.setProperty("--n", str(max(fit[0], 1)))
                cont.style.setProperty("--g", str(fit[1]))
                self.fit[z] = fit
        vanished = []
        for k in [k for k in self.els if k not in wanted]:
            if k in first:
                vanished.append(first[k])
            self.els.pop(k).remove()
            self.where.pop(k, None)
        if not animate:
            return
        moved = []
        for i, k in enumerate(new):
            if motion == "deal":
                start = stock
            else:
                start = vanished.pop(0) if vanished else (origin or stock)
            first[k] = start
            if motion != "deal" and start is not stock and start is not origin:
                self.els[k].classList.add("turn-in")
        for k in wanted:
            el = self.els[k]
            a = first.get(k)
            if a is None:
                continue
            b = self._rect(el)
            dx, dy = a[0] - b[0], a[1] - b[1]
            s = a[2] / b[2] if b[2] else 1
            if abs(dx) < 0.5 and abs(dy) < 0.5 and abs(s - 1) < 0.01:
                continue
            el.style.transition = "none"
            el.style.transform = f"translate({dx:.1f}px,{dy:.1f}px) scale({s:.3f})"
            moved.append(k)
        if not moved:
            return
        dom.document.body.offsetWidth  # noqa: B018  (flush layout: the inverted start is painted)
        deal_index = {k: i for i, k in enumerate(new)} if motion == "deal" else {}
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
