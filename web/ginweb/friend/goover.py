"""Going over your decisions in the hand with a friend just played, as any finished hand is gone
over: once both devices have checked the hand it is an ordinary deal (gin_core's
``checked_match``), this device's player's decisions are judged in background slices
(``think_review``), and ``port.ShowGame`` opens it from their seat's view only
(``port.PastGame``: what they never saw stays hidden). Only the last hand is kept on the device
(friend/keep.py), so it is the one gone over; the analyses are not kept past the page, nor
counted in the statistics (that record is your play against the computer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gin_core import Match
from gin_core.analysis import HandReview, think_review
from gin_core.duel import DuelStage, checked_match

from ..kit.background import SLICE_MS, while_current
from ..table.port import HandButton, Job, PastGame

if TYPE_CHECKING:
    from .play import Play

BUTTON = HandButton("friend-go-over", "Go over", "Go over your game", "btn-friend-go-over")


class GoneOver:
    """The checked hands with the friend as matches, and the analysis of each (by the match's id
    and the hand's number)."""

    def __init__(self) -> None:
        self.matches: dict[tuple[str, int], Match] = {}
        self.analyses: dict[tuple[str, int], HandReview] = {}

    def checked(self, play: Play) -> tuple[tuple[str, int], Match] | None:
        """The hand of ``play`` as a match, once both devices checked it (None: not yet)."""
        r = play.round
        if r is None or r.stopped or r.hand.stage is not DuelStage.DONE:
            return None
        key = (play.match, r.hand.number)
        if key not in self.matches:
            self.matches[key] = checked_match(r.hand)
        return key, self.matches[key]

    def past_game(self, play: Play, update: bool = False) -> PastGame | None:
        """The hand as this device's player saw it, with the verdicts once worked out."""
        found = self.checked(play)
        if found is None:
            return None
        key, match = found
        names = (play.names[0], play.names[1])
        return PastGame(match, play.me, names, True, key[1], self.analyses.get(key), update)

    def jobs(self, play: Play, known: Callable[[str], bool], done: Callable[[], None]) -> list[Job]:
        """The analysis of this device's decisions in the checked hand, if not done yet
        (dropped if a new hand is dealt first); ``done`` is told when it comes in."""
        found = self.checked(play)
        if found is None or found[0] in self.analyses:
            return []
        key, match = found
        name = f"friend-go-over:{key[0]}:{key[1]}:{play.me}"
        if known(name):
            return []
        r = play.round
        work = while_current(
            think_review(match, 1, slice_ms=SLICE_MS, player=play.me), lambda: play.round is r
        )

        def keep(found: Any) -> None:
            self.analyses[key] = found
            done()

        return [(name, work, keep)]
