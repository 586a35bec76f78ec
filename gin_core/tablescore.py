"""Scores at a table of more than one game: each game's itemised result, for any number of
parties (seats, or sides of partners), and the net of a partnership's two games.

Pure functions over points and hands won, so the three seatings (:mod:`gin_core.seating`)
share one way of adding the game, box and shutout bonuses of the hand rules. No text of these
seatings voids a shutout for a dead hand, so ``shutout_needs_no_dead_hand`` is not applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules

Scores = tuple[int, ...]
"""One figure per party (a seat, or a side of partners), in party order."""


@dataclass(frozen=True)
class GameResult:
    """One finished game with every bonus itemised, per party: ``winner`` reached the target;
    ``shutout``: no other party won a hand in it."""

    hand_points: Scores
    hands_won: Scores
    game_bonus: Scores
    line_bonus: Scores
    shutout_bonus: Scores
    totals: Scores
    winner: int
    shutout: bool


@dataclass(frozen=True)
class TableResult:
    """The end of a table: its games (one, or three in Hollywood), each party's total over
    them and the winner (``None`` on equal totals)."""

    games: tuple[GameResult, ...]
    totals: Scores
    winner: int | None


def game_result(rules: Rules, points: Sequence[int], won: Sequence[int]) -> GameResult:
    """A finished game: the party with the most points reached the target and gets
    ``rules.game_bonus``; every party ``rules.line_bonus`` per hand won (the box); the winner
    a shutout (``rules.shutout``: a flat bonus or its hand points again) when no other party
    won a hand in the game."""
    n = len(points)
    w = max(range(n), key=lambda p: points[p])
    game = tuple(rules.game_bonus if p == w else 0 for p in range(n))
    shutout = rules.shutout != "none" and all(won[p] == 0 for p in range(n) if p != w)
    extra = rules.shutout_bonus if rules.shutout == "bonus" else points[w]
    shut = tuple(extra if shutout and p == w else 0 for p in range(n))
    line = tuple(rules.line_bonus * won[p] for p in range(n))
    totals = tuple(points[p] + game[p] + line[p] + shut[p] for p in range(n))
    return GameResult(tuple(points), tuple(won), game, line, shut, totals, w, shutout)


def table_result(games: Sequence[GameResult]) -> TableResult:
    """The totals over ``games`` and the party with the most (``None`` if the best tie)."""
    n = len(games[0].totals)
    totals = tuple(sum(g.totals[p] for g in games) for p in range(n))
    best = max(totals)
    leaders = [p for p in range(n) if totals[p] == best]
    return TableResult(tuple(games), totals, leaders[0] if len(leaders) == 1 else None)


def side_net(game_points: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """A partnership hand: each game's points as (side 0, side 1); the side ahead on the net of
    the games wins the difference ("if one member wins by 12 and the other loses by 10, that
    side wins the hand by 2"). A dead game counts nothing, leaving only the other."""
    net = sum(a - b for a, b in game_points)
    return (net, 0) if net > 0 else (0, -net)
