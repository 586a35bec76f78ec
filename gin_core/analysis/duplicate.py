"""Duplicate scoring: a strong player's result on the very same cards, hand by hand.

As bridge players score duplicate, a player's hand is judged against what the expert level did
with the same deal: each hand of the player's match is dealt again (its deal code and dealer,
the scores as they stood), the expert plays the player's seat and the same opponent (level and
seed) the other, and the two seats' net points for the hand are compared.

Everything is a pure function of the match's records and the seeds, and the bots count work in
units, never seconds: the same day gives the same figures in every browser. The work is a
generator with the bots' slicing protocol (:func:`duplicate_line` yields the units of each slice
and returns the :class:`DuplicateLine`), so the page can run it between frames.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, check_level, make_bot
from ..bots.kernel import bot_hand_bound
from ..checks import check_int, check_is, check_items, check_player, check_seed, check_slice_ms, describe
from ..errors import GinError
from ..match import Match
from ..results import HandRecord
from ..rules import Rules

EXPERT = "expert"
"""The level that plays the player's seat."""

Replaying = Generator[int, None, "HandComparison"]


class DuplicateError(GinError):
    """Raised for a duplicate line that cannot be computed or stored data that is not one."""


@dataclass(frozen=True)
class DealtHand:
    """One hand of the player's match as it was dealt, and what the player's seat made of it."""

    number: int
    deal_code: str
    dealer: int
    scores: tuple[int, int]
    net: int


@dataclass(frozen=True)
class HandComparison:
    """One hand: the player's net points and the expert's on the same deal in the same seat.
    ``expert_end`` is how the expert's hand ended (a settlement kind, or ``"dead"``)."""

    number: int
    deal_code: str
    player_net: int
    expert_net: int
    expert_end: str

    @property
    def difference(self) -> int:
        """Positive when the player did better than the expert."""
        return self.player_net - self.expert_net


@dataclass(frozen=True)
class DuplicateLine:
    """The whole match compared hand by hand (``seat``: the player's seat)."""

    seat: int
    opponent: str
    hands: tuple[HandComparison, ...]

    @property
    def player_total(self) -> int:
        return sum(h.player_net for h in self.hands)

    @property
    def expert_total(self) -> int:
        return sum(h.expert_net for h in self.hands)

    @property
    def difference(self) -> int:
        """The player's net points minus the expert's over all hands ("+12 against the expert")."""
        return self.player_total - self.expert_total

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready form; :meth:`from_data` reads it back."""
        return {
            "seat": self.seat,
            "opponent": self.opponent,
            "hands": [[h.number, h.deal_code, h.player_net, h.expert_net, h.expert_end] for h in self.hands],
        }

    @classmethod
    def from_data(cls, data: Any) -> DuplicateLine:
        """The line stored by :meth:`to_data`; :class:`DuplicateError` for anything else."""
        if not isinstance(data, dict) or data.get("seat") not in (0, 1):
            raise DuplicateError(f"not a duplicate line: {describe(data)}")
        opponent, rows = data.get("opponent"), data.get("hands")
        if not isinstance(opponent, str) or not isinstance(rows, list):
            raise DuplicateError("a duplicate line needs its opponent and its hands")
        return cls(data["seat"], opponent, tuple(_comparison(row) for row in rows))


def _comparison(row: Any) -> HandComparison:
    if not (isinstance(row, list) and len(row) == 5):
        raise DuplicateError(f"not a compared hand: {describe(row)}")
    number, code, mine, expert, end = row
    numbers = (number, mine, expert)
    if not all(type(x) is int and abs(x) < 1 << 31 for x in numbers) or number < 1:
        raise DuplicateError(f"a compared hand's number and points are whole numbers, not {describe(row)}")
    if not (isinstance(code, str) and isinstance(end, str) and len(code) <= 8 and len(end) <= 16):
        raise DuplicateError(f"a compared hand's deal code and ending are short texts, not {describe(row)}")
    return HandComparison(number, code, mine, expert, end)


def dealt_hands(records: Sequence[HandRecord], seat: int) -> tuple[DealtHand, ...]:
    """The hands of a match from its records, with the scores before each and ``seat``'s net."""
    records = check_items(records, HandRecord, "records")
    seat = check_player(seat, "seat")
    hands = []
    scores = (0, 0)
    for r in records:
        hands.append(DealtHand(r.number, r.deal_code, r.dealer, scores, r.points[seat] - r.points[1 - seat]))
        scores = (scores[0] + r.points[0], scores[1] + r.points[1])
    return tuple(hands)


def expert_seed(day_seed: int, number: int) -> int:
    """The expert's seed for hand ``number`` of the match with seed ``day_seed`` (SHA-256, so it
    is the same in every Python and every release)."""
    check_seed(day_seed, "day_seed")
    check_int(number, "number", 1, 1 << 31)
    digest = hashlib.sha256(f"gin-duplicate:{day_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def replay_hand(rules: Rules, hand: DealtHand, seat: int, player: Bot, opponent: Bot) -> Replaying:
    """Deal ``hand`` again and play it out, ``player`` in ``seat`` and ``opponent`` in the
    other; yields the bots' slices, returns the comparison with the hand as it was played.
    At most :func:`~gin_core.bots.base.bot_hand_bound` moves, which two bots never exceed
    (:class:`DuplicateError` past it, rather than a page that never finishes the line)."""
    check_is(rules, Rules, "rules")
    check_is(hand, DealtHand, "hand")
    seat = check_player(seat, "seat")
    check_is(player, Bot, "player")
    check_is(opponent, Bot, "opponent")
    match = _deal_again(rules, hand)
    bots = {seat: player, 1 - seat: opponent}
    for _ in range(bot_hand_bound(rules) + 1):  # over by then: the last round only sees it
        p = match.to_move
        if p is None:
            break
        decision = yield from bots[p].think(match.view(p))
        match.apply(decision.action, p)
    else:
        raise DuplicateError(f"hand {hand.number} did not end within {bot_hand_bound(rules)} moves")
    r = match.records[0]
    end = "dead" if r.settlement is None else r.settlement.kind
    net = r.points[seat] - r.points[1 - seat]
    return HandComparison(hand.number, hand.deal_code, hand.net, net, end)


def _deal_again(rules: Rules, hand: DealtHand) -> Match:
    """A match whose first hand is ``hand``'s deal, with its dealer, number and starting scores,
    so that every view (and so every bot's decision) is as it was in the player's match.

    ``Match`` takes no starting hand number or scores, so they are set before anyone moves;
    with a first upcard the deal does not depend on the scores (only the views do), so rules
    without one are refused after the first hand.
    """
    if not rules.first_upcard and hand.scores != (0, 0):
        raise DuplicateError("duplicate scoring needs rules with a first upcard after the first hand")
    match = Match(rules, seed=0, dealer=hand.dealer, first_deal=hand.deal_code)
    match.scores = list(hand.scores)
    match.deals = hand.number
    return match


def duplicate_line(  # 7 parameters: the match (rules, records), the two seats, the level and the slicing
    rules: Rules,
    records: Sequence[HandRecord],
    seat: int,
    day_seed: int,
    opponent: tuple[str, int],
    level: str = EXPERT,
    slice_ms: float | None = None,
) -> Generator[int, None, DuplicateLine]:
    """Every hand of a finished (or partly played) match replayed by ``level`` (the expert,
    seeded by :func:`expert_seed`) in ``seat`` against ``opponent`` (level, seed, as in the
    player's match): yields the units of each slice (``slice_ms``: see
    :class:`~gin_core.bots.base.Work`), returns the line. The arguments are checked at the call
    (:class:`DuplicateError`, or the bots' :class:`~gin_core.errors.ArgumentError`), not at the
    first slice."""
    if type(seat) is not int or seat not in (0, 1):
        raise DuplicateError(f"seat must be 0 or 1, not {describe(seat)}")
    if not (isinstance(opponent, tuple) and len(opponent) == 2):
        raise DuplicateError(f"opponent must be a (level, seed) pair, not {describe(opponent)}")
    check_level(opponent[0])
    check_seed(opponent[1], "the opponent's seed")
    check_level(level)
    check_seed(day_seed, "day_seed")
    check_slice_ms(slice_ms)
    return _replay_all(rules, records, seat, day_seed, opponent, level, slice_ms)


def _replay_all(  # 7 parameters: duplicate_line's, checked there
    rules: Rules,
    records: Sequence[HandRecord],
    seat: int,
    day_seed: int,
    opponent: tuple[str, int],
    level: str,
    slice_ms: float | None,
) -> Generator[int, None, DuplicateLine]:
    compared = []
    for hand in dealt_hands(records, seat):
        player = make_bot(level, expert_seed(day_seed, hand.number), slice_ms)
        result = yield from replay_hand(rules, hand, seat, player, make_bot(*opponent, slice_ms))
        compared.append(result)
    return DuplicateLine(seat, opponent[0], tuple(compared))


def compute(
    rules: Rules,
    records: Sequence[HandRecord],
    seat: int,
    day_seed: int,
    opponent: tuple[str, int],
    level: str = EXPERT,
) -> DuplicateLine:
    """:func:`duplicate_line` run to the end (for tests and command lines)."""
    work = duplicate_line(rules, records, seat, day_seed, opponent, level)
    while True:
        try:
            next(work)
        except StopIteration as done:
            line: DuplicateLine = done.value
            return line
