"""Who holds the device at a table of several people: the person to move (the one already
holding it while they still have a move), else a person who plays this hand, else a person
watching. When it changes hands the table is covered until the next person is ready
(feature.py), so one person's cards never show while another holds the device."""

from __future__ import annotations

from gin_core import TableMatch, TablePhase

from .record import People, persons


def holder_now(table: TableMatch, people: People, holder: int | None) -> int:
    """The seat of the person who should hold the device now (``holder``: who holds it)."""
    group = next(g for g in _in_turn(table, persons(people)) if g)
    return holder if holder in group else group[0]


def _in_turn(table: TableMatch, mine: tuple[int, ...]) -> list[list[int]]:
    """The people to move, those who play this hand, and everyone (the first not empty wins)."""
    if table.phase != TablePhase.PLAY:
        return [list(mine)]
    to_move = [s for s in table.to_move if s in mine]
    playing = sorted(s for pair in table.pairing for s in pair if s in mine)
    return [to_move, playing, list(mine)]
