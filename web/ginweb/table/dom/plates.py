"""The seat plates around the table, written from the presenter's seats (``around.py``'s
``SeatSpot``, one per seat, every seating): each seat's name, its dealer chip, whether it is to
move or sits the hand out, and beside the table what it is doing. A plate is the table's
element whose ``data-place`` names it: ``you`` under your hand, ``opponent`` over the hand you
play against (whichever place that seat has), and ``left``, ``across``, ``right`` beside the
table for the seats of a table of three or four that are not in your game; a plate no seat is
written on is hidden (the side plates at two, your opponent's while you sit a hand out). The
name is in ``.name``, the chip in ``.dealer``, what it does in ``.doing``, and on a side plate
the face-up pile of the other game that seat plays in ``.watch-pile`` (its top card, named
for assistive technology); the writer finds them in the page and decides nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ...kit import dom
from ...kit.dom import Js
from ..around import Place, SeatSpot, WatchedPile
from ..cardface import face_html

OPPONENT = "opponent"
EMPTY = '<span class="slot"></span>'  # an empty pile's outline


class Plate:
    """One seat's plate, and the seat as last written on it (each write crosses into the
    browser: a move changes at most whose turn it is)."""

    def __init__(self, el: Js) -> None:
        self.el = el
        self.name = dom.q(el, ".name")
        self.dealer = dom.q(el, ".dealer")
        self.doing = dom.opt(el.querySelector(".doing"))
        self.pile = dom.opt(el.querySelector(".watch-pile"))
        self.shown: SeatSpot | None = None
        self.hidden: bool | None = None  # as last written (None: not yet)

    def write(self, spot: SeatSpot | None) -> None:
        """Write ``spot`` (None: no seat here: a side plate is hidden)."""
        hide = spot is None  # no seat there: a side plate, or no opponent while you sit out
        if hide != self.hidden:
            self.hidden = self.el.hidden = hide
        was, self.shown = self.shown, spot
        if spot is not None:
            self.changed(spot, was)

    def changed(self, spot: SeatSpot, was: SeatSpot | None) -> None:
        """Write what differs from ``was`` (None: everything)."""

        def differs(field: str) -> bool:
            return was is None or getattr(was, field) != getattr(spot, field)

        if differs("name"):
            self.name.textContent = spot.name
        if differs("deals"):
            self.dealer.hidden = not spot.deals
        if differs("to_move"):
            self.el.classList.toggle("to-move", spot.to_move)
        if differs("sits_out"):
            self.el.classList.toggle("sits-out", spot.sits_out)
        if self.doing is not None and differs("label"):
            self.doing.textContent = ", ".join(spot.doing())
            self.el.setAttribute("aria-label", spot.label)
            self.el.style.setProperty("--backs", str(spot.backs))  # its cards face down, fanned
        if self.pile is not None and differs("pile"):
            write_pile(self.pile, spot.pile)


def write_pile(el: Js, pile: WatchedPile | None) -> None:
    """The other game's pile on a plate: its top card face up (an empty pile, its outline)
    and its caption, or nothing (hidden)."""
    el.hidden = pile is None
    if pile is None:
        return
    el.setAttribute("aria-label", pile.label)
    top = pile.top
    card = (
        f'<span class="card face s{top.suit}">{face_html(top)}</span>'
        if top
        else '<span class="slot"></span>'
    )
    el.innerHTML = f'{card}<span class="what">their pile</span>'


def plate_of(spot: SeatSpot) -> str:
    """The plate a seat is written on: yours, the one over your opponent's hand, or its place."""
    if spot.place == Place.YOU:
        return str(Place.YOU)
    return OPPONENT if spot.against else str(spot.place)


class SeatPlates:
    """The plates of the table, each written from its seat."""

    def __init__(self, table: Js) -> None:
        found = table.querySelectorAll("[data-place]")
        self.plates = {str(el.dataset.place): Plate(el) for el in found}

    def render(self, spots: Sequence[SeatSpot]) -> None:
        placed = {plate_of(spot): spot for spot in spots}
        for name, plate in self.plates.items():
            plate.write(placed.get(name))
