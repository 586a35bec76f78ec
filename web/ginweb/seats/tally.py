"""The seated tables in the statistics, per seating (pure): a table of three, of partners or in
Hollywood scoring is kept apart from your two-player record (``storage/stats.py`` never sees
it), under the statistics' part ``seatings``: for each seating the tables finished and how they
ended for your party, the hands played and those your party won.

Only a table with one person at it is counted (you against the computer), as at two; a table of
several people is nobody's record. Counting is idempotent, keyed by the table's id (the hands
counted and whether its end was), so a reload or a second tab never counts twice.
"""

from __future__ import annotations

from typing import Any, TypedDict

from gin_core import Seating, TableMatch

from ..kit.frozen import Frozen

PART = "seatings"
KEEP_IDS = 200  # tables remembered as counted (the latest)
COUNTS = ("tables", "won", "lost", "drawn", "hands", "hands_won")
ID_MAX = 80


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


class TallyPart(TypedDict):
    """The part as stored: each seating's counts (:data:`COUNTS`), and each table counted
    (by id): [hands counted, its end counted (0 or 1)]."""

    by: dict[str, dict[str, int]]
    counted: dict[str, list[int]]


def empty() -> TallyPart:
    return {"by": {}, "counted": {}}


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 1 << 53


def check(raw: Any) -> tuple[TallyPart, list[str]]:
    """The part as stored (None: none yet) and the fields reset (``stats.PartCheck``): a
    seating's counts that do not read back are reset, an unknown seating is dropped."""
    if raw is None:
        return empty(), []
    if not isinstance(raw, dict):
        return empty(), [""]
    by, bad = _by(raw.get("by"))
    counted = raw.get("counted")
    kept = list(counted.items())[-KEEP_IDS:] if isinstance(counted, dict) else []
    seen = {str(uid)[:ID_MAX]: v for uid, v in kept if isinstance(v, list) and _pair(v)}
    return {"by": by, "counted": seen}, bad


def _by(raw: Any) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Each known seating's counts as stored, and those reset."""
    out: dict[str, dict[str, int]] = {}
    bad = []
    known = {str(s) for s in Seating}
    for name, counts in raw.items() if isinstance(raw, dict) else ():
        if name not in known:
            continue
        if isinstance(counts, dict) and all(_count(counts.get(c, 0)) for c in COUNTS):
            out[name] = {c: counts.get(c, 0) for c in COUNTS}
        else:
            bad.append(f"by.{name}")
    return out, bad


def _pair(v: list[Any]) -> bool:
    """A counted table's entry: [hands counted, its end counted (0 or 1)]."""
    return len(v) == 2 and _count(v[0]) and v[1] in (0, 1)


def count(part: TallyPart, uid: str, t: Tally) -> bool:
    """Add what table ``uid`` finished since it was last counted; False when nothing changed."""
    hands, ended = part["counted"].get(uid, [0, 0])
    if len(t.winners) <= hands and (ended or not t.over):
        return False
    mine = part["by"].setdefault(t.seating, dict.fromkeys(COUNTS, 0))
    for winner in t.winners[hands:]:
        mine["hands"] += 1
        mine["hands_won"] += winner == t.mine
    if t.over and not ended:
        mine["tables"] += 1
        mine["drawn" if t.winner is None else "won" if t.winner == t.mine else "lost"] += 1
    part["counted"].pop(uid, None)  # the latest last, so the oldest is forgotten first
    part["counted"][uid] = [len(t.winners), int(t.over)]
    while len(part["counted"]) > KEEP_IDS:
        del part["counted"][next(iter(part["counted"]))]
    return True


HEAD = ("Seating", "Tables", "Won", "Lost", "Drawn", "Hands", "Hands won")


def shown(part: TallyPart, titles: dict[str, str]) -> tuple[tuple[str, ...], ...]:
    """The statistics dialog's rows: one per seating played (``titles``: each seating's words,
    in the order shown), its counts as in :data:`HEAD`."""
    by = part["by"]
    return tuple((title, *(str(by[name][c]) for c in COUNTS)) for name, title in titles.items() if name in by)
