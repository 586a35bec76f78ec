"""The matches with friends in the statistics, per friend (pure): kept apart from your record
against the computer (``storage/stats.py`` never sees them), under the statistics' part
``friends``: for each friend (by the name they gave) the matches finished and how they ended
for you, the hands verified and those you won, and the hand points on each side.

A hand counts once both devices have checked it (it is then an outcome of the match this
device scored, gin_core's ``DuelMatch``). Counting is idempotent, keyed by the match's id (the
hands counted and whether its end was), so a hand taken up again after a reload, or a second
tab, never counts twice. Loaded at start: the statistics are read with :func:`check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from ..kit.frozen import Frozen

if TYPE_CHECKING:
    from gin_core.duel import DuelMatch

PART = "friends"
KEEP_IDS = 200  # matches remembered as counted (the latest)
KEEP_FRIENDS = 100  # friends kept (the latest played)
NAME_MAX = 20  # a name as the friend dialog keeps it
ID_MAX = 16  # a match's id (friend/keep.py)
COUNTS = ("matches", "won", "lost", "drawn", "hands", "hands_won", "points", "points_against")


class Tally(Frozen):
    """What a match with ``friend`` counts for you: each verified hand's (winner, your points,
    theirs) from your seat (winner 0: you, 1: them, None: nobody scored), and once it is over,
    its winner the same way (None: a tie)."""

    friend: str
    hands: tuple[tuple[int | None, int, int], ...]
    over: bool
    winner: int | None


def tally_of(match: DuelMatch, friend: str) -> Tally:
    """The tally of ``match`` (this device's, at its seat) against ``friend``."""
    me = match.me

    def mine(seat: int | None) -> int | None:
        return None if seat is None else int(seat != me)

    hands = tuple((mine(o.winner), o.points[me], o.points[1 - me]) for o in match.outcomes)
    result = match.result
    return Tally(
        friend[:NAME_MAX], hands, result is not None, None if result is None else mine(result.winner)
    )


class FriendsPart(TypedDict):
    """The part as stored: each friend's counts (:data:`COUNTS`), and each match counted (by id):
    [hands counted, its end counted (0 or 1)]."""

    by: dict[str, dict[str, int]]
    counted: dict[str, list[int]]


def empty() -> FriendsPart:
    return {"by": {}, "counted": {}}


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 1 << 53


def _pair(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and _count(v[0]) and v[1] in (0, 1)


def check(raw: Any) -> tuple[FriendsPart, list[str]]:
    """The part as stored (None: none yet) and the fields reset (``stats.PartCheck``): a friend's
    counts that do not read back are reset."""
    if raw is None:
        return empty(), []
    if not isinstance(raw, dict):
        return empty(), [""]
    by, bad = _by(raw.get("by"))
    counted = raw.get("counted")
    kept = list(counted.items())[-KEEP_IDS:] if isinstance(counted, dict) else []
    seen = {str(uid)[:ID_MAX]: v for uid, v in kept if _pair(v)}
    return {"by": by, "counted": seen}, bad


def _by(found: Any) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Each friend's counts as stored (the latest :data:`KEEP_FRIENDS`), and those reset."""
    by: dict[str, dict[str, int]] = {}
    bad = []
    for name, counts in list(found.items())[-KEEP_FRIENDS:] if isinstance(found, dict) else ():
        if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
            continue
        if isinstance(counts, dict) and all(_count(counts.get(c, 0)) for c in COUNTS):
            by[name] = {c: counts.get(c, 0) for c in COUNTS}
        else:
            bad.append(f"by.{name}")
    return by, bad


def count(part: FriendsPart, match_id: str, t: Tally) -> bool:
    """Add what match ``match_id`` finished since it was last counted; False when nothing changed."""
    hands, ended = part["counted"].get(match_id, [0, 0])
    if len(t.hands) <= hands and (ended or not t.over):
        return False
    theirs = part["by"].pop(t.friend, None) or dict.fromkeys(COUNTS, 0)
    part["by"][t.friend] = theirs  # the latest played last, so the oldest is forgotten first
    for winner, mine, other in t.hands[hands:]:
        theirs["hands"] += 1
        theirs["hands_won"] += winner == 0
        theirs["points"] += mine
        theirs["points_against"] += other
    if t.over and not ended:
        theirs["matches"] += 1
        theirs["drawn" if t.winner is None else "won" if t.winner == 0 else "lost"] += 1
    part["counted"].pop(match_id, None)
    part["counted"][match_id] = [len(t.hands), int(t.over)]
    _trim(part["counted"], KEEP_IDS)
    _trim(part["by"], KEEP_FRIENDS)
    return True


def _trim(kept: dict[str, Any], limit: int) -> None:
    """The oldest entries forgotten, down to ``limit``."""
    while len(kept) > limit:
        del kept[next(iter(kept))]


HEAD = ("Friend", "Matches", "Won", "Lost", "Drawn", "Hands", "Hands won", "Points", "Against")


def shown(part: FriendsPart) -> Sequence[tuple[str, ...]]:
    """The statistics dialog's rows: one per friend, by name, their counts as in :data:`HEAD`."""
    by = part["by"]
    return tuple((name, *(str(by[name][c]) for c in COUNTS)) for name in sorted(by, key=str.casefold))
