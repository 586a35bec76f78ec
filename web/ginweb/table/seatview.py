"""A seat's view told as "yours": the table's presenter, narration and hint were written for
seat 0 ("you") facing seat 1; with two people on one device the second person's view
(``Match.view(1)``, which holds only what that seat may know) is mirrored so that its own seat
reads as 0. Mirroring swaps seat numbers and per-seat pairs only; it never adds a card, so the
mirrored view knows exactly what ``Match.view(seat)`` knows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from gin_core import Event, HandRecord, Match, MatchResult, PlayerView, Settlement

T = TypeVar("T")


def other(p: int | None) -> int | None:
    """The other seat (None stays None: the table, between hands)."""
    return None if p is None else 1 - p


def swap(pair: tuple[T, T]) -> tuple[T, T]:
    return (pair[1], pair[0])


def mirror_settlement(s: Settlement | None) -> Settlement | None:
    if s is None:
        return None
    winner = other(s.winner)
    return replace(s, knocker=1 - s.knocker, winner=winner)


def mirror_record(r: HandRecord) -> HandRecord:
    return replace(r, dealer=1 - r.dealer, settlement=mirror_settlement(r.settlement), points=swap(r.points))


def mirror_result(r: MatchResult) -> MatchResult:
    return replace(
        r,
        hand_points=swap(r.hand_points),
        hands_won=swap(r.hands_won),
        game_bonus=swap(r.game_bonus),
        line_bonus=swap(r.line_bonus),
        shutout_bonus=swap(r.shutout_bonus),
        totals=swap(r.totals),
        winner=other(r.winner),
    )


def mirror_event(e: Event) -> Event:
    return replace(e, player=other(e.player))


def mirror(v: PlayerView) -> PlayerView:
    """``v`` with the two seats' numbers exchanged (its own seat becomes the other)."""
    return replace(
        v,
        player=1 - v.player,
        to_move=other(v.to_move),
        discards=tuple((1 - p, c) for p, c in v.discards),
        pile_takes=swap(v.pile_takes),
        declined=swap(v.declined),
        dealer=1 - v.dealer,
        scores=swap(v.scores),
        showdown=mirror_record(v.showdown) if v.showdown else None,
        records=tuple(mirror_record(r) for r in v.records),
        result=mirror_result(v.result) if v.result else None,
        events=tuple(mirror_event(e) for e in v.events),
    )


def seen_from(m: Match, seat: int) -> PlayerView:
    """What ``seat`` knows, told as seat 0's ("you")."""
    v = m.view(seat)
    return mirror(v) if seat == 1 else v
