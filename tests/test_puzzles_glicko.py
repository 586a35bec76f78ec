"""Glicko-2 as in Glickman's 2012 paper, and the puzzle rating built on it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core.puzzles.glicko import (
    DEVIATIONS,
    RATINGS,
    VOLATILITIES,
    Game,
    PlayerRating,
    RatingError,
    in_bounds,
    play,
    rate,
    update,
)


def test_the_papers_worked_example() -> None:
    player = PlayerRating(1500, 200, 0.06)
    games = (Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0))
    after = rate(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(PlayerRating(1600, 100, 0.06), ())
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx(((100 / 173.7178) ** 2 + 0.06**2) ** 0.5 * 173.7178)


@pytest.mark.parametrize("values", [(1500, 0, 0.06), (1500, 200, 0), (float("nan"), 200, 0.06)])
def test_an_impossible_rating_is_refused(values: tuple[float, float, float]) -> None:
    with pytest.raises(RatingError, match="lie in"):
        PlayerRating(*values)


@given(st.floats(800, 2200), st.floats(40, 350), st.floats(0.03, 0.1), st.floats(600, 2400))
def test_solving_raises_the_rating_and_missing_lowers_it(
    rating: float, deviation: float, volatility: float, puzzle: float
) -> None:
    player = PlayerRating(rating, deviation, volatility)
    up, down = update(player, puzzle, True), update(player, puzzle, False)
    assert down.rating < rating < up.rating


def test_a_hard_puzzle_solved_gains_more_than_an_easy_one() -> None:
    player = PlayerRating()
    assert update(player, 1900, True).rating - 1500 > update(player, 1100, True).rating - 1500


def test_an_attempt_rates_the_puzzle_the_other_way() -> None:
    player, puzzle = PlayerRating(), PlayerRating(1500, 60)
    solver, easier = play(player, puzzle, True)
    loser, harder = play(player, puzzle, False)
    assert solver.rating > 1500 > easier.rating and loser.rating < 1500 < harder.rating
    # a sure puzzle (small deviation) moves far less than an unsure player
    assert abs(easier.rating - 1500) < abs(solver.rating - 1500)
    assert (solver, easier) == play(player, puzzle, True)


@pytest.mark.parametrize(
    "values",
    [(9000, 350, 0.06), (-200_000, 350, 0.06), (1500, 1e200, 0.06), (1500, 350, 1e-300), (1e308, 350, 0.06)],
)
def test_a_rating_the_computation_cannot_take_is_refused(values: tuple[float, float, float]) -> None:
    """Issue 43 item 8: these crashed Glicko-2 (ZeroDivisionError, OverflowError, math domain
    error) after passing as "positive and finite"."""
    with pytest.raises(RatingError, match="lie in"):
        PlayerRating(*values)


def bounded() -> st.SearchStrategy[PlayerRating]:
    def within(low: float, high: float) -> st.SearchStrategy[float]:
        return st.one_of(st.sampled_from([low, high]), st.floats(low, high))

    return st.builds(PlayerRating, within(*RATINGS), within(*DEVIATIONS), within(*VOLATILITIES))


@given(bounded(), bounded(), st.booleans())
def test_any_ratings_in_bounds_play_and_stay_in_bounds(
    player: PlayerRating, puzzle: PlayerRating, solved: bool
) -> None:
    for after in play(player, puzzle, solved):
        assert in_bounds((after.rating, after.deviation, after.volatility))
