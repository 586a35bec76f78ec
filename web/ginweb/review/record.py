"""What the review keeps: the coach's reviews with your match, and the coach's counts in the
statistics. Pure (no DOM); every stored value is checked here, where it is used.

In the stored match (its part, ``port.MatchPart.part_keys``), in clear since nothing in it is hidden
(finished hands only):

- ``"reviews": {"1": {...}, "1:1": {...}}``, the coach's analysis of each finished hand by hand
  number and seat (``gin_core.analysis.HandReview.to_data``, so a reload does not recompute it; an entry
  that does not read back, or is not of that hand's deal and seat, is dropped and worked out
  again). Seat 0's key is the bare hand number (as every review was stored before a match of two
  people was reviewed, so those read back as seat 0's), seat 1's is "<hand>:1". In a match of
  two people the whole part is sealed (storage/seal.py, keyed with the match's id): each
  person's review names cards of their hand the other never saw, and storage must not show
  them (obfuscation, as the match's own seal: it keeps honest players honest);
- ``"reviewing": [hand, step]``, the review open on the screen (restored after a reload);
- ``"their_luck": {"1": {...}}``, against the computer, its luck in each hand whose end laid its
  hand open, as far as you may know it (``gin_core.analysis.TheirLuck.to_data``: only cards you saw by
  the hand's end); absent in matches stored before it, worked out again then.

In the statistics (its part ``coach``): the hands the coach reviewed, the points given away in
them (in tenths of a point, so every count stays an integer), the mistakes made by kind, and per
match (the last :data:`COACH_MATCHES`) the hands counted, their points given away, and for the
rating over time the computer's level, your decisions judged, the sum of their accuracies and
of their losses, and the points the cards gave you (luck, signed) and your net points.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from gin_core import HandRecord
from gin_core.analysis import CoachDataError, HandReview, MistakeKind, TheirLuck, move_accuracy

from ..kit import safejson
from ..kit.frozen import Frozen
from ..storage import seal, stats

REVIEWS = "reviews"
OPEN = "reviewing"
THEIRS = "their_luck"
COACH = "coach"
COACH_MATCHES = 30
KINDS = frozenset(str(k) for k in MistakeKind)


SeatReviews = tuple[dict[int, HandReview], dict[int, HandReview]]  # each seat's, by hand number


def review_key(seat: int, hand: int) -> str:
    """The stored key of seat ``seat``'s review of hand ``hand``."""
    return f"{hand}:{seat}" if seat else str(hand)


def read_reviews(raw: Any, records: Sequence[HandRecord], sealed_with: str | None = None) -> SeatReviews:
    """The stored reviews that read back and are of their hand's deal, per seat by hand number
    (``sealed_with``: the key of a two-person match's sealed part)."""
    found: SeatReviews = ({}, {})
    if isinstance(raw, str) and sealed_with is not None:
        try:
            raw = safejson.loads(seal.unseal(raw, sealed_with))
        except (seal.SealError, ValueError):  # StoredTextError too: nested too deep, a huge number
            return found
    for key, entry in raw.items() if isinstance(raw, dict) else ():
        try:
            review = HandReview.from_data(entry)
        except CoachDataError:
            continue
        n, seat = review.hand_number, review.player
        ours = key in (review_key(seat, n), f"{n}:{seat}")
        if ours and 0 < n <= len(records) and records[n - 1].deal_code == review.deal_code:
            found[seat][n] = review
    return found


def reviews_part(reviews: SeatReviews, sealed_with: str | None = None) -> Any:
    """The reviews as stored (:func:`read_reviews` reads them back), sealed with ``sealed_with``
    if given (a two-person match)."""
    part = {review_key(seat, n): r.to_data() for seat in (0, 1) for n, r in sorted(reviews[seat].items())}
    return part if sealed_with is None else seal.seal(json.dumps(part), sealed_with)


def read_theirs(raw: Any, records: Sequence[HandRecord]) -> dict[int, TheirLuck]:
    """The computer's luck as stored, by hand number: the entries that read back and are of
    their hand's deal."""
    found: dict[int, TheirLuck] = {}
    for key, entry in raw.items() if isinstance(raw, dict) else ():
        try:
            luck = TheirLuck.from_data(entry)
        except CoachDataError:
            continue
        n = luck.hand_number
        if key == str(n) and 0 < n <= len(records) and records[n - 1].deal_code == luck.deal_code:
            found[n] = luck
    return found


def theirs_part(theirs: Mapping[int, TheirLuck]) -> dict[str, object]:
    """The computer's luck as stored (:func:`read_theirs` reads it back)."""
    return {str(n): luck.to_data() for n, luck in sorted(theirs.items())}


def read_open(raw: Any, hands: int) -> tuple[int, int] | None:
    """The stored open review (hand, step) if it names one of the ``hands`` hands played."""
    if not (isinstance(raw, list) and len(raw) == 2 and all(type(x) is int and x >= 0 for x in raw)):
        return None
    return (raw[0], raw[1]) if 0 < raw[0] <= hands else None


# ----- the coach's counts in the statistics ------------------------------------------------------


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 1 << 53


class CoachedMatch(TypedDict):
    """One match of the coach's counts (see the module text; tenths of a point)."""

    hands: list[int]  # the hands reviewed, by number
    given_tenths: int
    decisions: int
    acc_tenths: int
    loss_tenths: int
    luck_tenths: int
    net: int
    level: str


class CoachCounts(TypedDict):
    """The coach's part of the statistics (``coach``): its counts, and per match (by id) its own."""

    hands: int
    given_tenths: int
    kinds: dict[str, int]  # mistakes made, by MistakeKind
    matches: dict[str, CoachedMatch]


def empty_counts() -> CoachCounts:
    return {"hands": 0, "given_tenths": 0, "kinds": {}, "matches": {}}


def coach_counts(data: stats.StatsRecord) -> CoachCounts:
    """The coach's counts in the statistics ``data`` (as :func:`check_counts` read them)."""
    counts: CoachCounts = stats.part(data, COACH)
    return counts


def check_counts(raw: Any) -> tuple[CoachCounts, list[str]]:
    """The coach's counts as stored (None: none yet), and the fields reset (stats.PartCheck)."""
    out = empty_counts()
    if raw is None:
        return out, []
    if not isinstance(raw, dict):
        return out, [""]
    bad: list[str] = []
    out["hands"] = _read_count(raw, "hands", bad)
    out["given_tenths"] = _read_count(raw, "given_tenths", bad)
    out["kinds"] = {k: v for k, v in _items(raw.get("kinds")) if k in KINDS and _count(v)}
    out["matches"] = {
        str(uid)[:80]: _match_counts(rec)
        for uid, rec in _items(raw.get("matches"))[-COACH_MATCHES:]
        if _coached_match(rec)
    }
    return out, bad


def _read_count(raw: dict[str, Any], name: str, bad: list[str]) -> int:
    """The count ``name`` as stored (absent: 0); 0 and named in ``bad`` if it cannot be read."""
    v = raw.get(name, 0)
    if _count(v):
        return int(v)
    bad.append(name)
    return 0


MATCH_COUNTS = ("decisions", "acc_tenths", "loss_tenths")  # added later: 0 in older records
MATCH_SIGNED = ("luck_tenths", "net")


def _match_counts(rec: dict[str, Any]) -> CoachedMatch:
    """A stored match of the coach's counts, the fields added later read as 0 (or "") if absent."""
    decisions, acc, loss = (rec[n] if _count(rec.get(n)) else 0 for n in MATCH_COUNTS)
    luck, net = (rec[n] if _signed(rec.get(n)) else 0 for n in MATCH_SIGNED)
    level = rec.get("level")
    return {
        "hands": rec["hands"][:500],
        "given_tenths": rec["given_tenths"],
        "decisions": decisions,
        "acc_tenths": acc,
        "loss_tenths": loss,
        "luck_tenths": luck,
        "net": net,
        "level": level[:20] if isinstance(level, str) else "",
    }


def _signed(v: Any) -> bool:
    return type(v) is int and abs(v) < 1 << 53


def _items(raw: Any) -> list[tuple[Any, Any]]:
    """The entries of a stored record (none if it is not one)."""
    return list(raw.items()) if isinstance(raw, dict) else []


def _coached_match(rec: Any) -> bool:
    """A stored match of the coach's counts: the hands reviewed and the points given away."""
    hands = rec.get("hands") if isinstance(rec, dict) else None
    return isinstance(hands, list) and all(_count(h) for h in hands) and _count(rec.get("given_tenths"))


def count_review(
    data: stats.StatsRecord, uid: str, review: HandReview, level: str, luck: tuple[float, int]
) -> bool:
    """Count the coach's review of a hand of match ``uid`` (played against ``level``; ``luck``:
    what the cards gave you in it and its net result) once into the statistics ``data``.
    Returns True if it was new."""
    c = coach_counts(data)
    matches = c["matches"]
    if uid not in matches:
        matches[uid] = _match_counts({"hands": [], "given_tenths": 0, "level": level})
        for old in list(matches)[:-COACH_MATCHES]:
            del matches[old]
    rec = matches[uid]
    if review.hand_number in rec["hands"]:
        return False
    tenths = round(review.given_away * 10)
    rec["hands"].append(review.hand_number)
    rec["given_tenths"] += tenths
    rec["decisions"] += len(review.verdicts)
    rec["acc_tenths"] += round(sum(move_accuracy(v.loss) for v in review.verdicts) * 10)
    rec["loss_tenths"] += round(sum(v.loss for v in review.verdicts) * 10)
    rec["luck_tenths"] += round(luck[0] * 10)
    rec["net"] += luck[1]
    c["hands"] += 1
    c["given_tenths"] += tenths
    for v in review.mistakes:
        assert v.mistake is not None
        kind = str(v.mistake.kind)
        c["kinds"][kind] = c["kinds"].get(kind, 0) + 1
    return True


def per_hand(tenths: int, hands: int) -> float:
    """Points given away per hand, on average."""
    return round(tenths / 10 / hands, 1) if hands else 0.0


def given_away_by_match(counts: CoachCounts) -> list[float]:
    """Points given away per hand in each of the last matches the coach reviewed, oldest first."""
    return [per_hand(m["given_tenths"], len(m["hands"])) for m in counts["matches"].values() if m["hands"]]


class MatchPlay(Frozen):
    """Your play in one of the last matches the coach reviewed: the computer's level, the mean
    accuracy and loss of your decisions, and per hand the points from the cards and your net."""

    level: str
    decisions: int
    accuracy: float
    average_loss: float
    luck_per_hand: float
    net_per_hand: float


def match_play(counts: CoachCounts) -> list[MatchPlay]:
    """Your play in each of the last matches the coach reviewed with decisions, oldest first."""
    return [
        MatchPlay(
            m["level"],
            m["decisions"],
            m["acc_tenths"] / 10 / m["decisions"],
            m["loss_tenths"] / 10 / m["decisions"],
            m["luck_tenths"] / 10 / len(m["hands"]),
            m["net"] / len(m["hands"]),
        )
        for m in counts["matches"].values()
        if m["decisions"] and m["hands"]
    ]
