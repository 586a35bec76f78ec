"""Each seating's words, the page's side of gin_core's ``SEATINGS`` (one definition each): the
table's title, its choice in New match, and the computer's name at each seat. Everything else
the page shows of a seating (who sits out, the parties, the scoreboard's columns) it reads from
the seat's view (``SeatView.parties``, ``pairing``, ``hollywood``), so a new seating is its
engine definition and its words here."""

from __future__ import annotations

from dataclasses import dataclass

from gin_core import Seating


@dataclass(frozen=True)
class SeatingWords:
    """What the page calls a seating: ``title`` over its table, ``choice`` in New match (in the
    order of :data:`WORDS`), and ``computers``: the computer's name at each seat."""

    title: str
    choice: str
    computers: tuple[str, ...]


WORDS: dict[Seating, SeatingWords] = {
    Seating.THREE: SeatingWords(
        "Three players", "Three players (the dealer sits out)", ("Computer", "Left", "Right")
    ),
    Seating.PARTNERS: SeatingWords(
        "Four players in partnerships",
        "Four players in partnerships",
        ("Computer", "Left", "Partner", "Right"),
    ),
    Seating.HOLLYWOOD_PARTNERS: SeatingWords(
        "Partners: three games at once",
        "Four players in partnerships, Hollywood scoring",
        ("Computer", "Left", "Partner", "Right"),
    ),
    Seating.HOLLYWOOD: SeatingWords(
        "Hollywood: three games at once", "Two players, Hollywood scoring", ("Computer", "Computer")
    ),
    Seating.FOUR: SeatingWords(
        "Four players", "Four players, each on their own score", ("Computer", "Left", "Across", "Right")
    ),
}


def words_of(name: str) -> SeatingWords | None:
    """The words of the seating named ``name`` (a form's value; None: no such seating)."""
    return next((w for s, w in WORDS.items() if str(s) == name), None)
