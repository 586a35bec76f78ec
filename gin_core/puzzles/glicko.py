"""The player's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012).

A rating carries its deviation (how sure it is) and its volatility (how erratic the player is).
Each puzzle is played as one game against an opponent with the puzzle's rating and a fixed
deviation (the set's ratings are measured, not guessed), and the system constant tau is 0.5.
Like lichess, a result can also rate the puzzle: :func:`play` updates both sides from each
other's rating before the game (the puzzle "wins" when it is missed).
Pure functions on immutable values: the page stores the result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import GinError

SCALE = 173.7178  # Glicko-2's scale: (rating - 1500) / SCALE
TAU = 0.5  # the system constant: how fast volatility may change
EPSILON = 0.000001  # the convergence tolerance of the volatility iteration
PUZZLE_DEVIATION = 60.0  # every puzzle's deviation as an opponent
START = (1500.0, 350.0, 0.06)  # a new player's rating, deviation and volatility
RATINGS = (0.0, 4000.0)
DEVIATIONS = (10.0, 500.0)
VOLATILITIES = (0.001, 1.0)
"""The ranges a rating, its deviation and volatility keep (each end included). Within them the
computation is exact and safe (tests/test_puzzles_glicko.py walks their corners); outside,
a 9,000 rating divides by zero, a deviation of 1e200 or a volatility of 1e-300 overflows or
takes the log of 0. A result is kept within them (lichess bounds its ratings the same way)."""
BOUNDS = (RATINGS, DEVIATIONS, VOLATILITIES)


class RatingError(GinError):
    """A rating that cannot be: a rating, deviation or volatility out of its range."""


def _within(value: object, low: float, high: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def in_bounds(values: Sequence[object]) -> bool:
    """Whether ``values`` (rating, deviation, volatility) are numbers within :data:`BOUNDS`
    (NaN is in none)."""
    return len(values) == 3 and all(_within(v, *b) for v, b in zip(values, BOUNDS, strict=True))


def _kept(rating: float, deviation: float, volatility: float) -> PlayerRating:
    """A computed rating brought within :data:`BOUNDS`."""
    values = (rating, deviation, volatility)
    return PlayerRating(*(min(high, max(low, v)) for v, (low, high) in zip(values, BOUNDS, strict=True)))


@dataclass(frozen=True)
class PlayerRating:
    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]

    def __post_init__(self) -> None:
        values = (self.rating, self.deviation, self.volatility)
        if not in_bounds(values):
            shown = ", ".join(f"{low:g}..{high:g}" for low, high in BOUNDS)
            raise RatingError(f"a rating, deviation and volatility lie in {shown}, not {values!r:.80}")


@dataclass(frozen=True)
class Game:
    """One result against an opponent: its rating and deviation, and the score (1, 0.5 or 0)."""

    rating: float
    deviation: float
    score: float

    def __post_init__(self) -> None:
        opponent = (self.rating, self.deviation, START[2])
        if not (in_bounds(opponent) and self.score in (0, 0.5, 1)):
            raise RatingError(
                f"a game is against a rating in bounds and scores 1, 0.5 or 0, not {self!r:.80}"
            )


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1 / (1 + math.exp(-g_j * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: PlayerRating, games: Sequence[Game]) -> PlayerRating:
    """The player's rating after one rating period of ``games`` (none: only the deviation grows)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return _kept(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    terms = []
    for game in games:
        g_j = _g(game.deviation / SCALE)
        terms.append((g_j, _expected(mu, (game.rating - 1500) / SCALE, g_j), game.score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)
    gain = sum(g * (s - e) for g, e, s in terms)
    new_sigma = _volatility(phi, sigma, v, v * gain)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    return _kept(1500 + SCALE * (mu + new_phi * new_phi * gain), SCALE * new_phi, new_sigma)


def update(
    player: PlayerRating, puzzle_rating: float, solved: bool, deviation: float = PUZZLE_DEVIATION
) -> PlayerRating:
    """The player's rating after one puzzle of ``puzzle_rating`` (and ``deviation``), solved or
    missed."""
    return rate(player, (Game(puzzle_rating, deviation, 1.0 if solved else 0.0),))


def play(player: PlayerRating, puzzle: PlayerRating, solved: bool) -> tuple[PlayerRating, PlayerRating]:
    """Both sides after one attempt: the player against the puzzle's rating and deviation, the
    puzzle against the player's (it scores 1 when missed), each from the ratings before it."""
    after = update(player, puzzle.rating, solved, puzzle.deviation)
    return after, update(puzzle, player.rating, not solved, player.deviation)
