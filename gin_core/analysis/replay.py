"""Replaying one finished hand of a match: its moves, the table before each of them, and a fresh
one-hand match standing at any of them (for a review, the coach and "Play on from here").

A hand is reproducible from its record (deal code, dealer) and its moves in the match history;
the scores at its start matter only for who starts a hand without an upcard.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import ActionKind
from ..cards import Card
from ..checks import describe
from ..dealcode import deck_of
from ..errors import ArgumentError
from ..flow import Phase
from ..hand import Hand
from ..match import Match, Move
from ..results import HandRecord


@dataclass(frozen=True)
class Frame:
    """The whole table before one move of a replayed hand (both hands face up), never what a
    player saw during the hand: a review shown to a player hides what they never saw
    (:func:`never_seen`)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    pile: tuple[Card, ...]
    stock_size: int
    to_move: int | None
    phase: Phase


def finished_record(match: Match, hand_number: int) -> HandRecord:
    """The record of finished hand ``hand_number`` (1-based), or :class:`ArgumentError` (every
    function here starts with this check)."""
    if not isinstance(match, Match):
        raise ArgumentError(f"match must be a Match, not {describe(match)}")
    if type(hand_number) is not int or not 1 <= hand_number <= len(match.records):
        raise ArgumentError(
            f"hand {describe(hand_number)} is not a finished hand of this match (1..{len(match.records)})"
        )
    return match.records[hand_number - 1]


def first_move(match: Match, hand_number: int) -> int:
    """Where hand ``hand_number``'s moves start in ``match.history`` (after the ``next_hand``
    entries of the hands before it)."""
    finished_record(match, hand_number)
    seen = 1
    for i, (_, action) in enumerate(match.history):
        if seen == hand_number:
            return i
        seen += action.kind == ActionKind.NEXT_HAND
    return len(match.history)


def hand_moves(match: Match, hand_number: int) -> tuple[Move, ...]:
    """The moves of finished hand ``hand_number``, in order (without the ``next_hand`` after it)."""
    finished_record(match, hand_number)
    return _hands(match)[hand_number - 1]


def _hands(match: Match) -> list[tuple[Move, ...]]:
    """The moves of every hand of ``match``, finished or in progress, split at ``next_hand``."""
    hands: list[list[Move]] = [[]]
    for move in match.history:
        if move[1].kind == ActionKind.NEXT_HAND:
            hands.append([])
        else:
            hands[-1].append(move)
    return [tuple(h) for h in hands]


def hand_start(match: Match, hand_number: int) -> Match:
    """A fresh one-hand match (the same rules without a target) dealt as hand ``hand_number``
    was: same deal code and dealer, and the same first player."""
    record = finished_record(match, hand_number)
    return _dealt_alone(match, record.deal_code, record.dealer, hand_number)


def hand_in_progress(match: Match) -> Match | None:
    """The hand in progress of ``match`` as :func:`hand_start` replays a finished one: a fresh
    one-hand match dealt as it was, its moves so far played (None when no hand is in progress).
    What the coach sees of a decision before it is made (:func:`~.coach.think_decision`)."""
    if not isinstance(match, Match):
        raise ArgumentError(f"match must be a Match, not {describe(match)}")
    number = len(match.records) + 1
    hands = _hands(match)
    if match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or len(hands) != number:
        return None
    fresh = _dealt_alone(match, match.deal_code, match.hand.dealer, number)
    for player, action in hands[-1]:
        fresh.apply(action, player)
    return fresh


def _dealt_alone(match: Match, deal_code: str, dealer: int, hand_number: int) -> Match:
    """A fresh one-hand match of ``match``'s rules without a target, dealt ``deal_code`` by
    ``dealer`` as hand ``hand_number`` (the scores before it choose who starts without an upcard)."""
    fresh = Match(match.rules.replace(target=None), dealer=dealer, first_deal=deal_code)
    before = match.records[: hand_number - 1]
    scores = (sum(r.points[0] for r in before), sum(r.points[1] for r in before))
    if not match.rules.first_upcard and scores != (0, 0):
        # Without an upcard the scores choose who starts; the fresh match keeps its own (zero)
        # scores but deals with the original ones, so the same player starts.
        fresh.hand = Hand(fresh.rules, deck_of(deal_code), dealer, scores, [])
        fresh.hand.events = fresh.events
    return fresh


def position(match: Match, hand_number: int, move_index: int) -> Match:
    """A fresh one-hand match replayed to just before move ``move_index`` (0-based) of hand
    ``hand_number``: for playing on from there."""
    moves = hand_moves(match, hand_number)
    if type(move_index) is not int or not 0 <= move_index < len(moves):
        raise ArgumentError(
            f"move {describe(move_index)} is not a move of hand {hand_number} (0..{len(moves) - 1})"
        )
    fresh = hand_start(match, hand_number)
    for player, action in moves[:move_index]:
        fresh.apply(action, player)
    return fresh


def never_seen(match: Match, hand_number: int, seat: int) -> frozenset[Card]:
    """The cards ``seat`` never saw in finished hand ``hand_number``: unseen before every move
    and after the last (a card seen once stays seen: one taken from the pile, then put face
    down at a knock, was seen). What a review told to ``seat`` may show of the other hand."""
    fresh = hand_start(match, hand_number)
    hidden = fresh.view(seat).unseen()
    for player, action in hand_moves(match, hand_number):
        fresh.apply(action, player)
        hidden &= fresh.view(seat).unseen()
    return hidden


def frame_of(match: Match) -> Frame:
    """The table of ``match`` now, both hands face up."""
    h = match.hand
    return Frame(
        (tuple(sorted(h.hands[0])), tuple(sorted(h.hands[1]))),
        tuple(h.pile),
        len(h.stock),
        match.to_move,
        match.phase,
    )


def frames(match: Match, hand_number: int) -> tuple[Frame, ...]:
    """The table before each move of hand ``hand_number`` and, last, after its final move."""
    fresh = hand_start(match, hand_number)
    out = [frame_of(fresh)]
    for player, action in hand_moves(match, hand_number):
        fresh.apply(action, player)
        out.append(frame_of(fresh))
    return tuple(out)
