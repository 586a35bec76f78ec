"""Luck versus skill in one finished hand, from the player's view (issue 27).

The coach values every decision of the player on the view they had: ``best_value`` before the
move, ``played_value`` after it. What happens between one decision and the next is luck, as the
player saw it: their own stock draw (the card's worth against the mean of the cards that could
have come, which is what drawing from the stock was valued at), the opponent's turn, the deal
(the value of the first decision, against a mean deal of 0) and the showdown (the result against
the value of the last move). So, as in backgammon analysis (Zare: final - initial = luck +
skill), the hand's result telescopes::

    result = sum of luck - sum of (best_value - played_value)

exactly for the losses as measured (signed). The best of several noisy values runs high, so
measured losses overstate what a decision gave away; the review's accuracy and mistakes count the
verdicts' losses (less one error, never negative), and so does your decisions' part of a result
(:class:`LuckParts`): what the measured losses say beyond them is the estimates' noise. It needs
no search of its own: it reads the review.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..actions import ActionKind
from ..cards import Card
from ..checks import check_is
from ..checks import describe as shown
from ..errors import ArgumentError
from ..match import Match
from .coach import CoachDataError, HandReview, _points, _whole, reading
from .replay import finished_record, hand_moves, hand_start


class LuckKind(StrEnum):
    """Where a piece of luck came from:

    - ``deal``: the hand as dealt (the value at the first decision; a mean deal is worth 0).
    - ``stock``: the player's stock draw; ``card`` is the card drawn.
    - ``opponent``: the opponent's turn as the player saw it (their cards and their choices).
    - ``showdown``: the end of the hand, the hidden cards shown, against the value expected.
    - ``estimate``: no card came (a pile draw): two estimates of one position differ, noise.
    """

    DEAL = "deal"
    STOCK = "stock"
    OPPONENT = "opponent"
    SHOWDOWN = "showdown"
    ESTIMATE = "estimate"


@dataclass(frozen=True)
class Luck:
    """One piece of luck, in the review's unit (points), starting at move ``move_index``."""

    move_index: int
    kind: LuckKind
    points: float
    card: Card | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "move": self.move_index,
            "kind": self.kind.value,
            "points": self.points,
            "card": None if self.card is None else str(self.card),
        }

    @classmethod
    def from_data(cls, data: Any) -> Luck:
        with reading("a stored piece of luck"):
            card = data["card"]
            if card is not None and not isinstance(card, str):
                raise CoachDataError(f"'card' must be a card, not {shown(card)}")
            return cls(
                _whole(data["move"], "move", 0),
                LuckKind(data["kind"]),
                _points(data["points"], "points"),
                None if card is None else Card.parse(card),
            )


CARDS_LUCK = (LuckKind.DEAL, LuckKind.STOCK, LuckKind.SHOWDOWN)
"""The luck of the cards: the deal, your stock draws, and the hidden cards shown at the end."""


@dataclass(frozen=True)
class LuckParts:
    """A result (``result`` net points for the player) told as parts that add up to it exactly,
    each to a tenth of a point: ``cards`` (the deal, your stock draws, the hidden cards shown at
    the end), ``turns`` (the computer's turns as you saw them: its draws and its choices, which
    your view cannot tell apart), ``decisions`` (what your moves gave away against the coach's
    best: the verdicts' losses the accuracy and the mistakes count, added; the luck-adjusted
    result) and ``noise``: two estimates of one position differing, what the measured losses
    overstate beyond the verdicts' losses, plus the rounding of the others to a tenth (what the
    identity needs to be exact)."""

    result: int
    cards: float
    turns: float
    noise: float
    decisions: float

    @classmethod
    def of(cls, result: int, cards: float, turns: float, decisions: float) -> LuckParts:
        """The parts to a tenth, the rest of ``result`` in ``noise``."""
        c, t, d = round(cards, 1), round(turns, 1), round(decisions, 1)
        return cls(result, c, t, round(result - c - t - d, 1), d)

    @property
    def luck(self) -> float:
        """Everything but your decisions: the cards, the computer's turns and the noise."""
        return round(self.cards + self.turns + self.noise, 1)

    def __add__(self, other: LuckParts) -> LuckParts:
        return LuckParts(
            self.result + other.result,
            round(self.cards + other.cards, 1),
            round(self.turns + other.turns, 1),
            round(self.noise + other.noise, 1),
            round(self.decisions + other.decisions, 1),
        )


@dataclass(frozen=True)
class HandLuck:
    """The luck of one hand for the player, piece by piece, and the hand's ``result`` (the
    player's net points)."""

    hand_number: int
    deal_code: str
    result: int
    items: tuple[Luck, ...]
    given: float | None = None  # the verdicts' losses added (None: a hand's luck stored before)

    @property
    def total(self) -> float:
        """The items' luck added: the result less the decisions' losses as measured."""
        return round(sum(i.points for i in self.items), 2)

    @property
    def luck(self) -> float:
        """What the hand's result owes to everything but your decisions: the result less the
        luck-adjusted result (the cards, the computer's turns, the estimates' noise)."""
        return round(self.result - self.adjusted, 2)

    def of_kind(self, kind: LuckKind) -> float:
        return round(sum(i.points for i in self.items if i.kind == kind), 2)

    @property
    def adjusted(self) -> float:
        """The luck-adjusted result: what the hand's play was worth, the cards taken out; your
        decisions' part, minus the verdicts' losses added (a hand's luck stored before they
        were kept: the measured losses, ``result - total``)."""
        return round(-self.given if self.given is not None else self.result - self.total, 2)

    def parts(self) -> LuckParts:
        """The result split into parts that add up to it exactly (see :class:`LuckParts`)."""
        return LuckParts.of(
            self.result,
            sum(self.of_kind(k) for k in CARDS_LUCK),
            self.of_kind(LuckKind.OPPONENT),
            self.adjusted,
        )

    def to_data(self) -> dict[str, Any]:
        given = {} if self.given is None else {"given": self.given}
        return {
            "hand": self.hand_number,
            "deal": self.deal_code,
            "result": self.result,
            "items": [i.to_data() for i in self.items],
            **given,
        }

    @classmethod
    def from_data(cls, data: Any) -> HandLuck:
        """A hand's luck from :meth:`to_data`'s output, or :class:`CoachDataError`."""
        try:
            deal, items, result = data["deal"], data["items"], data["result"]
            if not isinstance(deal, str) or not isinstance(items, list) or type(result) is not int:
                raise CoachDataError("not a stored hand's luck (bad 'deal', 'items' or 'result')")
            given = None if data.get("given") is None else _points(data["given"], "given")
            lucks = tuple(Luck.from_data(i) for i in items)
            return cls(_whole(data["hand"], "hand", 1), deal, result, lucks, given)
        except KeyError as e:
            raise CoachDataError(f"not a stored hand's luck (no {e})") from None
        except (TypeError, ValueError) as e:
            raise CoachDataError(f"not a stored hand's luck ({str(e).partition(chr(10))[0][:160]})") from None


def hand_luck(match: Match, hand_number: int, review: HandReview) -> HandLuck:
    """The luck of finished hand ``hand_number`` of ``match`` for the seat the coach's ``review``
    judged, read from that review (see the module's docstring), or :class:`ArgumentError`."""
    record = finished_record(match, hand_number)
    check_is(review, HandReview, "review")
    if review.deal_code != record.deal_code or review.hand_number != hand_number:
        raise ArgumentError(f"the review is of hand {review.hand_number}, not of hand {hand_number}")
    table = hand_start(match, hand_number)
    verdicts = {v.move_index: v for v in review.verdicts}
    seat = review.player
    items: list[Luck] = []
    before, kind, card, start = 0.0, LuckKind.DEAL, None, 0
    for index, (player, action) in enumerate(hand_moves(match, hand_number)):
        verdict = verdicts.get(index)
        if verdict is not None:
            items.append(Luck(start, kind, round(verdict.best_value - before, 2), card))
            before, kind, card, start = verdict.played_value, LuckKind.ESTIMATE, None, index
        if player == seat and action.kind == ActionKind.DRAW_STOCK and kind != LuckKind.DEAL:
            kind, card, start = LuckKind.STOCK, table.hand.stock[-1], index
        elif player != seat and kind == LuckKind.ESTIMATE:
            kind, start = LuckKind.OPPONENT, index
        table.apply(action, player)
    result = record.points[seat] - record.points[1 - seat]
    items.append(Luck(start, LuckKind.SHOWDOWN, round(result - before, 2)))
    given = round(sum(v.loss for v in review.verdicts), 2)
    return HandLuck(hand_number, record.deal_code, result, tuple(items), given)


@dataclass(frozen=True)
class MatchLuck:
    """Luck against skill over the reviewed hands of a match: their net ``result`` for the
    player, what the cards gave (``luck``) and the luck-adjusted result (``adjusted``: the
    result with the cards taken out, what the player's own play was worth), in points."""

    hands: int
    result: int
    luck: float
    adjusted: float
    parts: LuckParts | None = None  # the hands' parts added up (None: no hand)


def match_luck(match: Match, reviews: Mapping[int, HandReview]) -> MatchLuck:
    """The luck of every finished hand of ``match`` the coach has reviewed (``reviews`` by hand
    number), added up: the per-match luck-adjusted result (Zare's result - luck), or
    :class:`ArgumentError` for a review of a hand that is not finished."""
    if not isinstance(reviews, Mapping) or not all(type(n) is int for n in reviews):
        raise ArgumentError(f"reviews must map hand numbers to reviews, not {shown(reviews)}")
    lucks = [hand_luck(match, n, r) for n, r in sorted(reviews.items())]
    result = sum(h.result for h in lucks)
    luck = round(sum(h.luck for h in lucks), 2)
    parts = [h.parts() for h in lucks]
    added = sum(parts[1:], parts[0]) if parts else None
    return MatchLuck(len(lucks), result, luck, round(result - luck, 2), added)
