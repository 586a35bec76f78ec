"""Going over your decisions in any finished hand of the match with a friend, as any finished hand
is gone over: once both devices have checked a hand it is an ordinary deal (gin_core's
``checked_match``), kept on this device with the match's other hands (pasthands.py: it survives a
reload), this device's player's decisions in it are judged in background slices
(``think_review``) and kept with it, and ``port.ShowGame`` opens it from their seat's view only
(``port.PastGame``: what they never saw stays hidden). The analyses are not counted in the
statistics (that record is your play against the computer)."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from gin_core import HandRecord
from gin_core.analysis import think_review
from gin_core.duel import DuelHand, DuelStage, checked_match

from ..kit.background import SLICE_MS, while_current
from ..table.port import HandButton, Job, PastGame
from . import pasthands
from .pasthands import PastHand, PastHands

if TYPE_CHECKING:
    from .play import Play

BUTTON = HandButton("friend-go-over", "Go over", "Go over your game", "btn-friend-go-over")


class Keeps(Protocol):
    """Where the hands are kept (records.py's Records)."""

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any: ...
    def put(self, name: str, text: str) -> None: ...
    def seal_key(self) -> str: ...


class GoneOver:
    """The finished hands of ``play``'s match kept in ``vault`` (read once, when first asked),
    each to go over from this device's seat."""

    def __init__(self, play: Play, vault: Keeps) -> None:
        self.play = play
        self.vault = vault
        self.stored: PastHands | None = None
        self.loaded = False
        self.last: DuelHand | None = None  # the checked hand last kept (each is kept once)

    def kept(self) -> PastHands | None:
        """The hands kept of this match at this seat (None: none)."""
        if not self.loaded:
            self.loaded = True
            key = self.vault.seal_key()
            what = "hands with a friend, kept to go over"
            self.stored = self.vault.read(pasthands.NAME, lambda data: pasthands.parse(data, key), what)
        k, p = self.stored, self.play
        return k if k is not None and (k.match, k.me) == (p.match, p.me) else None

    def write(self, kept: PastHands) -> None:
        self.stored = kept
        self.vault.put(pasthands.NAME, pasthands.dumps(kept, self.vault.seal_key()))

    def keep_checked(self) -> None:
        """The hand of the round, once both devices checked it, kept with the match's others
        (once: a hand taken up again after a reload is kept already)."""
        r, p = self.play.round, self.play
        if r is None or r.stopped or r.hand.stage is not DuelStage.DONE or r.hand is self.last:
            return
        self.last = r.hand
        hand = pasthands.past_hand(r.hand.number, r.hand.dealer, checked_match(r.hand))
        kept = self.kept()
        there = kept.hand(hand.number) if kept is not None else None
        if there is None or there.game != hand.game:
            self.write(pasthands.added(kept, p.match, p.me, p.names, hand))

    def records(self) -> tuple[HandRecord, ...]:
        """The rows of the match's scoreboard before the hand under way (or last played)."""
        kept = self.kept()
        return tuple(h.record() for h in kept.hands if h.number < self.play.number) if kept else ()

    def past_game(self, number: int = 0, update: bool = False) -> PastGame | None:
        """Hand ``number`` (0: the one just played) as this device's player saw it, with the
        verdicts once worked out (None: it is not kept here)."""
        kept = self.kept()
        hand = kept.hand(number or self.play.number) if kept is not None else None
        if kept is None or hand is None:
            return None
        names = (kept.names[0], kept.names[1])
        return PastGame(hand.match, kept.me, names, True, hand.number, hand.analysis, update)

    def jobs(self, known: Callable[[str], bool], done: Callable[[int], None]) -> list[Job]:
        """The analysis of this device's decisions in each kept hand without one, the latest
        first (dropped if a new hand is dealt first); ``done`` is told which hand came in."""
        kept = self.kept()
        if kept is None:
            return []
        r = self.play.round
        found: list[Job] = []
        for hand in reversed(kept.hands):
            name = f"friend-go-over:{kept.match}:{hand.number}:{kept.me}:{zlib.crc32(hand.game.encode()):x}"
            if hand.analysis is not None or known(name):
                continue
            work = while_current(
                think_review(hand.match, 1, slice_ms=SLICE_MS, player=kept.me), lambda: self.play.round is r
            )
            found.append((name, work, self.analysed(hand, done)))
        return found

    def analysed(self, hand: PastHand, done: Callable[[int], None]) -> Callable[[Any], None]:
        """What keeps the verdicts on ``hand`` with it (if it is still kept) and says so."""

        def keep(verdicts: Any) -> None:
            kept = self.kept()
            if kept is not None and any(h is hand for h in kept.hands):
                self.write(pasthands.analysed(kept, hand, verdicts))
            done(hand.number)

        return keep
