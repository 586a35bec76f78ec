"""Pure: the hand's analysis's verdicts on every move of the turn on the table, as one background job that
the tutor and the hint share (its key names the turn, so it is worked out once a turn, whichever
asks first: ``kit/background.py``'s shared keys).

The values are the hand's analysis's own (``gin_core.analysis.think_decision``: each legal move
judged as the hand's analysis will judge it once the hand is over); with a friend's device, whose deal no
match here holds, ``think_choices`` on your view with the match's rules.
"""

from __future__ import annotations

from collections.abc import Generator

from gin_core import Match, PlayerView
from gin_core.analysis import Judged, think_choices, think_decision

from ..kit.background import SLICE_MS

Judging = Generator[int, None, tuple[Judged, ...]]


def turn_key(uid: str, epoch: int, progress: int) -> str:
    """The job's key: the game on the table, its epoch (a new table, an undo) and its moves."""
    return f"decision:{uid}:{epoch}:{progress}"


def judging(match: Match | None, view: PlayerView, progress: int, seed: int) -> Judging:
    """The verdicts of every legal move of the player to act, in slices: on ``match``'s hand in
    progress, or with no match here (a friend's device) on ``view`` as move ``progress`` of its
    hand, its guesses seeded with ``seed``."""
    if match is not None:
        return think_decision(match, slice_ms=SLICE_MS)
    return think_choices(view, progress, seed, slice_ms=SLICE_MS)
