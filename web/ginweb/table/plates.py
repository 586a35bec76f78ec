"""The seat plates around the table, written from the presenter's seats (``around.py``'s
``SeatSpot``, one per seat, every seating): each seat's name, its dealer chip, and whether it is
to move or sits the hand out. A plate is the table's element whose ``data-place`` names its
place (you, left, across, right), with the name in ``.name`` and the chip in ``.dealer``; the
writer finds them in the page and decides nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ..kit import dom
from ..kit.dom import Js
from .around import Place, SeatSpot


class Plate:
    """One seat's plate, and the seat as last written on it (each write crosses into the
    browser: a move changes at most whose turn it is)."""

    def __init__(self, el: Js) -> None:
        self.el = el
        self.name = dom.q(el, ".name")
        self.dealer = dom.q(el, ".dealer")
        self.shown: SeatSpot | None = None

    def write(self, spot: SeatSpot) -> None:
        was = self.shown
        if was is None or was.name != spot.name:
            self.name.textContent = spot.name
        if was is None or was.deals != spot.deals:
            self.dealer.hidden = not spot.deals
        if was is None or was.to_move != spot.to_move:
            self.el.classList.toggle("to-move", spot.to_move)
        if was is None or was.sits_out != spot.sits_out:
            self.el.classList.toggle("sits-out", spot.sits_out)
        self.shown = spot


class SeatPlates:
    """The plates of the table's places, each written from its seat."""

    def __init__(self, table: Js) -> None:
        found = table.querySelectorAll("[data-place]")
        self.plates = {Place(el.dataset.place): Plate(el) for el in found}

    def render(self, spots: Sequence[SeatSpot]) -> None:
        for spot in spots:
            self.plates[spot.place].write(spot)
