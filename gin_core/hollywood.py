"""Hollywood scoring: three games of two-player gin scored at once, from the hands' results.

A scoring layer over the hand results rather than a :class:`~gin_core.rules.Rules` option:
the hands are ordinary two-player hands (the same deal, play and hand points), only what the
points are entered in and when the match ends differ, and :mod:`gin_core.results` scores one
game. Following pokerwiner, everything2 and rummy-games.com ("Hollywood gin"): a player's first
win is entered in game 1, the second in games 1 and 2, later wins in all three; each game ends
when a player reaches the target and is scored with its own box (line bonus per hand won in
it), game bonus and shutout; a shut-out player's next score starts in the next game in
progress (their first win after game 1 ended goes in game 2). A dead hand enters nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .checks import check_int, check_is
from .errors import ArgumentError
from .rules import TARGET_MAX, Rules
from .tablescore import GameResult, game_result

GAMES = 3

HandWin = tuple[int | None, int]
"""A hand's result: the winning player (``None``: dead or won by nobody) and the points."""


@dataclass(frozen=True)
class HollywoodGame:
    """One of the three games: the points and hands each player entered in it, whether it has
    ended, and its result (with its bonuses) once it has."""

    points: tuple[int, int]
    hands_won: tuple[int, int]
    result: GameResult | None


@dataclass(frozen=True)
class HollywoodScore:
    """The three games after some hands."""

    games: tuple[HollywoodGame, HollywoodGame, HollywoodGame]

    @property
    def over(self) -> bool:
        return all(g.result is not None for g in self.games)

    @property
    def finished(self) -> tuple[GameResult, ...]:
        return tuple(g.result for g in self.games if g.result is not None)

    @property
    def totals(self) -> tuple[int, int]:
        """Each player's total over the finished games."""
        return (sum(r.totals[0] for r in self.finished), sum(r.totals[1] for r in self.finished))


def entered_games(started: int, first_open: int) -> int:
    """How many games a player's win reaches: one more than their last, and at least one past
    every finished game (the games are finished in order)."""
    return min(GAMES, max(started, first_open) + 1)


def _hand_win(win: object) -> bool:
    return (
        isinstance(win, (list, tuple))
        and len(win) == 2
        and (win[0] is None or (type(win[0]) is int and win[0] in (0, 1)))
        and type(win[1]) is int
        and 0 <= win[1] < 1 << 31
    )


def hollywood_score(rules: Rules, target: int, wins: Sequence[HandWin]) -> HollywoodScore:
    """The three games after the hands ``wins`` (in order); hands after the last game ended
    are ignored."""
    check_is(rules, Rules, "rules")
    check_int(target, "target", 1, TARGET_MAX)
    if not (isinstance(wins, (list, tuple)) and all(_hand_win(w) for w in wins)):
        raise ArgumentError("wins must be a list of (winner 0, 1 or None, points from 0) pairs")
    points = [[0, 0] for _ in range(GAMES)]
    won = [[0, 0] for _ in range(GAMES)]
    results: list[GameResult | None] = [None] * GAMES
    started = [0, 0]
    for winner, score in wins:
        first_open = next((g for g in range(GAMES) if results[g] is None), GAMES)
        if winner is None or first_open == GAMES:
            continue
        started[winner] = entered_games(started[winner], first_open)
        for g in range(first_open, started[winner]):
            points[g][winner] += score
            won[g][winner] += 1
            if points[g][winner] >= target:
                results[g] = game_result(rules, points[g], won[g])
    games = tuple(
        HollywoodGame((points[g][0], points[g][1]), (won[g][0], won[g][1]), results[g]) for g in range(GAMES)
    )
    return HollywoodScore((games[0], games[1], games[2]))
