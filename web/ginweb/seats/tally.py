"""The seated tables in the statistics, per seating (pure): a table of three, of partners or in
Hollywood scoring is kept apart from your two-player record (``storage/stats.py`` never sees
it), under the statistics' part ``seatings``: for each seating the tables finished and how they
ended for your party, the hands played and those your party won.

Only a table with one person at it is counted (you against the computer), as at two; a table of
several people is nobody's record. Counting is idempotent, keyed by the table's id
(storage/tallies.py), so a reload or a second tab never counts twice.
"""

from __future__ import annotations

from typing import Any

from gin_core import Seating, TableMatch

from ..kit.frozen import Frozen
from ..storage import tallies

PART = "seatings"
COUNTS = ("tables", "won", "lost", "drawn", "hands", "hands_won")


class Tally(Frozen):
    """What a table counts for its one person: its seating, each finished hand's winning party
    (None: nobody scored), and once it is over, the winning party (None: a tie)."""

    seating: str
    mine: int  # the person's party
    winners: tuple[int | None, ...]
    over: bool
    winner: int | None


def tally_of(table: TableMatch, seat: int) -> Tally:
    """The tally of ``table`` for the person at ``seat``."""
    result = table.result
    return Tally(
        str(table.table.seating),
        table.table.definition.parties[seat],
        tuple(h.winner for h in table.hands),
        result is not None,
        None if result is None else result.winner,
    )


TallyPart = tallies.CountedPart
"""The part as stored (storage/tallies.py): each seating's counts (:data:`COUNTS`), and each
table counted (by id)."""
empty = tallies.empty


def check(raw: Any) -> tuple[TallyPart, list[str]]:
    """The part as stored (``stats.PartCheck``): a seating's counts that do not read back are
    reset, an unknown seating is dropped."""
    known = {str(s) for s in Seating}
    return tallies.check(raw, COUNTS, lambda name: name in known)


def count(part: TallyPart, uid: str, t: Tally) -> bool:
    """Add what table ``uid`` finished since it was last counted; False when nothing changed."""
    new = tallies.since(part, uid, len(t.winners), t.over)
    if new is None:
        return False
    hands, ended = new
    mine = part["by"].setdefault(t.seating, dict.fromkeys(COUNTS, 0))
    for winner in t.winners[hands:]:
        mine["hands"] += 1
        mine["hands_won"] += winner == t.mine
    if t.over and not ended:
        mine["tables"] += 1
        mine["drawn" if t.winner is None else "won" if t.winner == t.mine else "lost"] += 1
    tallies.mark(part, uid, len(t.winners), t.over)
    return True


HEAD = ("Seating", "Tables", "Won", "Lost", "Drawn", "Hands", "Hands won")


def shown(part: TallyPart, titles: dict[str, str]) -> tuple[tuple[str, ...], ...]:
    """The statistics dialog's rows: one per seating played (``titles``: each seating's words,
    in the order shown), its counts as in :data:`HEAD`."""
    by = part["by"]
    return tuple((title, *(str(by[name][c]) for c in COUNTS)) for name, title in titles.items() if name in by)
