"""A match between two devices: its hands one :class:`~.peer.DuelHand` at a time, scored by the
rules the host picked (the target, the bonuses, who deals next), as one device keeps it.

Both devices keep a :class:`DuelMatch` of their own from the hands they verified, so each knows
the scores and the next dealer without trusting the other: the friend's device checks that the
host's deal of each hand follows the match (:meth:`DuelMatch.check_deal`). A match keeps each
finished hand's :class:`~gin_core.results.Outcome` (its points, winner, dealer, whether dead), not
its cards, so it is small to store (:meth:`DuelMatch.dumps`, :func:`load_duel_match`).
"""

from __future__ import annotations

import json
from typing import Any

from ..checks import check_is, check_player
from ..errors import GinError
from ..results import MatchResult, Outcome, hand_points, match_over, next_dealer, tally
from ..rules import Rules
from .deal import Secrets
from .errors import DuelRecordError
from .peer import MAX_HANDS, MAX_SCORE, DuelHand, DuelStage

FIRST_DEALER = 0
"""The host deals the first hand (no cut between devices: the host's seat is 0)."""


class DuelMatchError(GinError):
    """A step the match does not allow: a hand after its end, a hand finished out of turn, or a
    deal from the host that does not follow the match."""


class DuelMatch:
    """One device's match (``me``: its seat) on ``rules``, from the outcomes so far."""

    def __init__(self, rules: Rules, me: int, outcomes: tuple[Outcome, ...] = ()):
        self.rules = check_is(rules, Rules, "rules")
        self.me = check_player(me, "me")
        self.outcomes: list[Outcome] = list(outcomes)

    @property
    def number(self) -> int:
        """The hands finished."""
        return len(self.outcomes)

    @property
    def scores(self) -> tuple[int, int]:
        return (sum(o.points[0] for o in self.outcomes), sum(o.points[1] for o in self.outcomes))

    @property
    def dealer(self) -> int:
        """Who deals the next hand (the rules' next dealer; the host first)."""
        if not self.outcomes:
            return FIRST_DEALER
        last = self.outcomes[-1]
        return next_dealer(self.rules, last.dealer, last)

    @property
    def over(self) -> bool:
        return match_over(self.rules, self.scores, self.outcomes)

    @property
    def result(self) -> MatchResult | None:
        """The totals with every bonus, once the match is over."""
        return tally(self.rules, self.outcomes) if self.over else None

    def hand(self, secrets: Secrets | None = None) -> DuelHand:
        """The next hand of this device."""
        if self.over:
            raise DuelMatchError("the match is over: no hand follows its end")
        return DuelHand(self.rules, self.me, self.dealer, self.number + 1, self.scores, secrets)

    def check_deal(self, number: int, rules: Rules, dealer: int, scores: tuple[int, int]) -> None:
        """The host's deal of the next hand must follow this device's match (else :class:`DuelMatchError`)."""
        if self.over:
            raise DuelMatchError("the match is over: no hand follows its end")
        expected = (self.number + 1, self.rules, self.dealer, self.scores)
        if (number, rules, dealer, scores) != expected:
            a, b = self.scores
            raise DuelMatchError(
                f"hand {self.number + 1} follows, dealt by seat {self.dealer} at {a}-{b} on its rules"
            )

    def finish(self, hand: DuelHand) -> Outcome:
        """Keep the outcome of ``hand``, the match's next, verified by both devices."""
        if hand.stage is not DuelStage.DONE or hand.number != self.number + 1 or hand.rules != self.rules:
            raise DuelMatchError(f"only hand {self.number + 1} of this match, verified, is kept")
        outcome = Outcome(hand.number, hand.dealer, hand_points(hand.settlement), _winner(hand), hand.dead)
        self.outcomes.append(outcome)
        return outcome

    def dumps(self) -> str:
        """The match as JSON text (read back by :func:`load_duel_match`)."""
        hands = [[o.dealer, o.winner, *o.points, o.dead] for o in self.outcomes]
        return json.dumps(
            {"rules": self.rules.to_dict(), "me": self.me, "hands": hands}, separators=(",", ":")
        )


def _winner(hand: DuelHand) -> int | None:
    return hand.settlement.winner if hand.settlement is not None else None


def load_duel_match(raw: object) -> DuelMatch:
    """The match in ``raw`` (:meth:`DuelMatch.dumps`'s text), or :class:`DuelRecordError`."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        if not isinstance(data, dict) or set(data) != {"rules", "me", "hands"}:
            raise ValueError
        rules = Rules.from_dict(data["rules"])
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) > MAX_HANDS:
            raise ValueError
        outcomes = tuple(_outcome(i + 1, h) for i, h in enumerate(hands))
        return DuelMatch(rules, check_player(data["me"], "me"), outcomes)
    except (ValueError, TypeError, GinError):
        raise DuelRecordError("a stored match is its rules, its seat and its hands' outcomes") from None


def _seat(value: object) -> bool:
    return type(value) is int and value in (0, 1)


def _outcome(number: int, entry: Any) -> Outcome:
    if not isinstance(entry, list) or len(entry) != 5:
        raise ValueError
    dealer, winner, p0, p1, dead = entry
    numbers_ok = all(type(p) is int and 0 <= p <= MAX_SCORE for p in (p0, p1))
    seat_ok = (
        type(dealer) is int
        and dealer in (0, 1)
        and (winner is None or (type(winner) is int and winner in (0, 1)))
    )
    if not seat_ok or not numbers_ok or type(dead) is not bool:
        raise ValueError
    return Outcome(number, dealer, (p0, p1), winner, dead)
