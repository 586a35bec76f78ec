"""A feature's part of the statistics that counts finished games per key (pure): the tables of
another seating by seating (seats/tally.py), the matches with friends by friend (friend/tally.py).

Such a part is stored as ``{"by": {key: {count: n}}, "counted": {id: [hands, ended]}}``: the
counts of each key, and for each game counted (by its id, the latest :data:`KEEP_IDS`) how many
of its hands were counted and whether its end was. Counting is idempotent: a game is counted
only for what it finished since its last count, so a reload or a second tab never counts twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

KEEP_IDS = 200  # games remembered as counted (the latest)
ID_MAX = 80


class CountedPart(TypedDict):
    """The part as stored (see the module text)."""

    by: dict[str, dict[str, int]]
    counted: dict[str, list[int]]


def empty() -> CountedPart:
    return {"by": {}, "counted": {}}


def whole(v: Any) -> bool:
    """A count as stored: a whole number a JSON reader keeps exactly."""
    return type(v) is int and 0 <= v < 1 << 53


def _pair(v: Any) -> bool:
    """A counted game's entry: [hands counted, its end counted (0 or 1)]."""
    return isinstance(v, list) and len(v) == 2 and whole(v[0]) and v[1] in (0, 1)


def check(raw: Any, counts: tuple[str, ...], known: Callable[[Any], bool]) -> tuple[CountedPart, list[str]]:
    """The part as stored (None: none yet) and the fields reset (``stats.PartCheck``): a key's
    counts that do not read back are reset, a key that is not ``known`` is dropped."""
    if raw is None:
        return empty(), []
    if not isinstance(raw, dict):
        return empty(), [""]
    by, bad = _by(raw.get("by"), counts, known)
    counted = raw.get("counted")
    kept = list(counted.items())[-KEEP_IDS:] if isinstance(counted, dict) else []
    return {"by": by, "counted": {str(uid)[:ID_MAX]: v for uid, v in kept if _pair(v)}}, bad


def _by(
    found: Any, counts: tuple[str, ...], known: Callable[[Any], bool]
) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Each known key's counts as stored, and those reset."""
    by: dict[str, dict[str, int]] = {}
    bad = []
    for key, each in found.items() if isinstance(found, dict) else ():
        if not known(key):
            continue
        if isinstance(each, dict) and all(whole(each.get(c, 0)) for c in counts):
            by[key] = {c: each.get(c, 0) for c in counts}
        else:
            bad.append(f"by.{key}")
    return by, bad


def since(part: CountedPart, uid: str, hands: int, over: bool) -> tuple[int, bool] | None:
    """What game ``uid`` (``hands`` finished, ``over`` or not) has to count: (hands counted
    before, its end counted before), or None when nothing new."""
    before, ended = part["counted"].get(uid, [0, 0])
    if hands <= before and (ended or not over):
        return None
    return before, bool(ended)


def mark(part: CountedPart, uid: str, hands: int, over: bool) -> None:
    """Game ``uid`` counted up to ``hands`` (and its end if ``over``): the latest last, so the
    oldest is forgotten first."""
    part["counted"].pop(uid, None)
    part["counted"][uid] = [hands, int(over)]
    trim(part["counted"], KEEP_IDS)


def trim(kept: dict[str, Any], limit: int) -> None:
    """The oldest entries forgotten, down to ``limit``."""
    while len(kept) > limit:
        del kept[next(iter(kept))]
