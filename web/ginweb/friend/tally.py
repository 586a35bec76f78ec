"""The matches with friends in the statistics, per friend (pure): kept apart from your record
against the computer (``storage/stats.py`` never sees them), under the statistics' part
``friends``: for each friend (by the name they gave) the matches finished and how they ended
for you, the hands verified and those you won, and the hand points on each side.

A hand counts once both devices have checked it (it is then an outcome of the match this
device scored, gin_core's ``DuelMatch``). Counting is idempotent, keyed by the match's id
(storage/tallies.py), so a hand taken up again after a reload, or a second tab, never counts
twice. Loaded at start: the statistics are read with :func:`check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..kit.frozen import Frozen
from ..storage import tallies

if TYPE_CHECKING:
    from gin_core.duel import DuelMatch

PART = "friends"
KEEP_FRIENDS = 100  # friends kept (the latest played)
NAME_MAX = 20  # a name as the friend dialog keeps it
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


FriendsPart = tallies.CountedPart
"""The part as stored (storage/tallies.py): each friend's counts (:data:`COUNTS`), and each
match counted (by id)."""
empty = tallies.empty


def check(raw: Any) -> tuple[FriendsPart, list[str]]:
    """The part as stored (``stats.PartCheck``): a friend's counts that do not read back are
    reset; the latest :data:`KEEP_FRIENDS` are kept."""
    part, bad = tallies.check(raw, COUNTS, lambda name: isinstance(name, str) and 0 < len(name) <= NAME_MAX)
    tallies.trim(part["by"], KEEP_FRIENDS)
    return part, bad


def count(part: FriendsPart, match_id: str, t: Tally) -> bool:
    """Add what match ``match_id`` finished since it was last counted; False when nothing changed."""
    new = tallies.since(part, match_id, len(t.hands), t.over)
    if new is None:
        return False
    hands, ended = new
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
    tallies.mark(part, match_id, len(t.hands), t.over)
    tallies.trim(part["by"], KEEP_FRIENDS)
    return True


HEAD = ("Friend", "Matches", "Won", "Lost", "Drawn", "Hands", "Hands won", "Points", "Against")


def shown(part: FriendsPart) -> Sequence[tuple[str, ...]]:
    """The statistics dialog's rows: one per friend, by name, their counts as in :data:`HEAD`."""
    by = part["by"]
    return tuple((name, *(str(by[name][c]) for c in COUNTS)) for name in sorted(by, key=str.casefold))
