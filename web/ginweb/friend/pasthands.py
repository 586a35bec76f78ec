"""The finished hands of the match with a friend, kept on this device to go over again, each as
both devices checked it: gin_core's ``checked_match`` (once a hand is checked its whole deck is
known to this device; going over it shows its player only what they saw), its number
and dealer in the match, and the verdicts on this device's player's decisions once
worked out (``HandReview.to_data``), so going over it again computes nothing.

Stored under ``friend-hands`` in the one envelope of the page's records (storage/envelope.py):
the match's id, this device's seat and the names in clear, the hands sealed (storage/seal.py, as
the table of seats keeps its games: they hold cards the other player held). Reading checks
everything (each game replays with its digest, each verdict is of this seat's game); a record
that does not read is refused whole (ValueError: the store sets it aside with a notice, and the
match with a friend, kept apart in keep.py, goes on). Pure."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from gin_core import GinError, HandRecord, Match, load_match, save_match
from gin_core.analysis import HandReview

from ..kit import safejson
from ..storage.envelope import Envelope
from ..storage.seal import seal, unseal
from .keep import MAX_ID

NAME = "friend-hands"
VERSION = 1
ENVELOPE = Envelope("gin-rummy.friend-hands", VERSION, "hands with a friend kept to go over")
FIELDS = {"format", "version", "match", "me", "names", "hands"}
HAND_FIELDS = {"number", "dealer", "game", "analysis"}
CAP = 12
"""The hands kept, the oldest dropped past it: a match to 100 lasts about 5 to 10 hands, so 12
keeps every hand of nearly every match. It bounds the record (a hand sealed is about 1 KB, 3 KB
with its verdicts) and its reading after a reload, one task on the page: each game replayed and
its verdicts read, 3.3-3.5 ms a hand in Pyodide under Node with its verdicts (24 hands 80-84 ms,
2.0 ms a hand in CPython), so 12 hands stay near 40 ms, under the page's 50 ms a task."""
MAX_NAME = 40


@dataclass(frozen=True)
class PastHand:
    """Hand ``number`` of the match, dealt by seat ``dealer``, as a one-hand match both devices
    checked (``game``: its ``save_match`` text), and the verdicts on this seat's decisions."""

    number: int
    dealer: int
    match: Match
    game: str
    analysis: HandReview | None = None

    def record(self) -> HandRecord:
        """Its row in the match's scoreboard: no deal code (a friend's hand has none to replay)."""
        done = self.match.records[0]
        return HandRecord(self.number, self.dealer, "", done.settlement, done.points)


@dataclass(frozen=True)
class PastHands:
    """The hands kept of match ``match`` (its id) at this device's seat ``me``, oldest first."""

    match: str
    me: int
    names: tuple[str, str]
    hands: tuple[PastHand, ...] = ()

    def hand(self, number: int) -> PastHand | None:
        return next((h for h in self.hands if h.number == number), None)


def past_hand(number: int, dealer: int, match: Match) -> PastHand:
    """Hand ``number`` as checked (``match``: gin_core's ``checked_match``), nothing worked out yet."""
    return PastHand(number, dealer, match, save_match(match))


def added(kept: PastHands | None, match: str, me: int, names: tuple[str, str], hand: PastHand) -> PastHands:
    """``kept`` with ``hand`` at its end: the hands before it of the same match and seat stay (a
    hand 1 is a new match: the others go), the oldest dropped past :data:`CAP`."""
    same = kept is not None and (kept.match, kept.me) == (match, me)
    earlier = [h for h in kept.hands if h.number < hand.number] if kept is not None and same else []
    return PastHands(match, me, names, (*earlier, hand)[-CAP:])


def analysed(kept: PastHands, hand: PastHand, verdicts: HandReview) -> PastHands:
    """``kept`` with the verdicts on ``hand`` (unchanged if ``hand`` is no longer kept)."""
    hands = tuple(replace(h, analysis=verdicts) if h is hand else h for h in kept.hands)
    return PastHands(kept.match, kept.me, kept.names, hands)


def dumps(kept: PastHands, key: str) -> str:
    """The stored text (the hands sealed with ``key``)."""
    hands = [
        {
            "number": h.number,
            "dealer": h.dealer,
            "game": h.game,
            "analysis": None if h.analysis is None else h.analysis.to_data(),
        }
        for h in kept.hands
    ]
    payload = {"match": kept.match, "me": kept.me, "names": list(kept.names)}
    return json.dumps(ENVELOPE.stamp({**payload, "hands": seal(json.dumps(hands), key)}))


def parse(data: Any, key: str) -> PastHands:
    """The stored hands (``data``: their JSON, read); ValueError naming what is wrong."""
    data = ENVELOPE.open(data)
    if set(data) != FIELDS:
        raise ValueError("the kept hands have other fields than their own")
    match, me, names = data["match"], data["me"], data["names"]
    if not (isinstance(match, str) and 0 < len(match) <= MAX_ID and type(me) is int and me in (0, 1)):
        raise ValueError("the kept hands name no match or seat")
    if not (isinstance(names, list) and len(names) == 2 and all(_name(n) for n in names)):
        raise ValueError("the kept hands name no players")
    return PastHands(match, me, (names[0], names[1]), _hands(unseal(data["hands"], key), me))


def _name(name: Any) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME


def _hands(text: str, me: int) -> tuple[PastHand, ...]:
    """The hands in the unsealed ``text``, in the order they were played."""
    entries = safejson.loads(text)
    if not isinstance(entries, list) or len(entries) > CAP:
        raise ValueError(f"the kept hands are a list of at most {CAP}")
    hands = tuple(_hand(e, me) for e in entries)
    numbers = [h.number for h in hands]
    if numbers != sorted(set(numbers)):
        raise ValueError("the kept hands are not in the order they were played")
    return hands


def _hand(entry: Any, me: int) -> PastHand:
    """One kept hand, its game replayed (its digest checked) and its verdicts of seat ``me``'s game."""
    if not isinstance(entry, dict) or set(entry) != HAND_FIELDS:
        raise ValueError("a kept hand is its number, dealer, game and analysis")
    number, dealer, game, found = (entry[k] for k in ("number", "dealer", "game", "analysis"))
    if not _placed(number, dealer):
        raise ValueError("a kept hand has a number and a dealer")
    match, verdicts = _read(number, game, found)
    if len(match.records) != 1 or match.deals != 1:
        raise ValueError(f"kept hand {number} is not one finished hand")
    if verdicts is not None and (verdicts.player, verdicts.deal_code) != (me, match.records[0].deal_code):
        raise ValueError(f"the verdicts kept with hand {number} are of another game")
    return PastHand(number, dealer, match, game, verdicts)


def _placed(number: Any, dealer: Any) -> bool:
    return type(number) is int and number >= 1 and type(dealer) is int and dealer in (0, 1)


def _read(number: int, game: Any, found: Any) -> tuple[Match, HandReview | None]:
    """Hand ``number``'s game replayed and its verdicts read (ValueError: they do not read back)."""
    try:
        return load_match(game), None if found is None else HandReview.from_data(found)
    except (GinError, TypeError) as e:
        raise ValueError(f"kept hand {number} does not read back ({e})") from None
