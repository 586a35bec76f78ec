"""The opponent's habit of waiting with a knockable hand, learnt from a match's finished hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.bots import make_bot
from gin_core.bots.waiting import waiting_chance, waits_and_knocks
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView


def view_after_match(opponent: str, seed: int) -> PlayerView:
    """Player 0's view (standard) at the end of a match to 100 against ``opponent``."""
    bots = (make_bot("standard", seed=1), arena_bot(opponent, seed=2))
    match = Match(preset("eaai"), seed=seed)
    while True:
        while (player := match.to_move) is not None:
            match.apply(bots[player].decide(match.view(player)).action)
        if match.result is not None:
            return match.view(0)
        match.apply("next_hand")


@given(st.floats(min_value=0.0, max_value=1.0))
def test_no_finished_hand_leaves_the_prior(prior):
    view = Match(preset("eaai"), seed=5).view(0)
    assert waits_and_knocks(view) == (0, 0)
    assert waiting_chance(view, prior) == prior


def test_a_gin_hunter_is_learnt_to_wait_and_simple_to_knock():
    hunter = view_after_match("hunter", seed=7)
    simple = view_after_match("simple", seed=7)
    waited, knocked = waits_and_knocks(hunter)
    assert waited > knocked
    assert waiting_chance(hunter, 0.5) > 0.5 > waiting_chance(simple, 0.5)


def test_the_estimate_stays_a_chance():
    for opponent in ("hunter", "simple"):
        view = view_after_match(opponent, seed=3)
        for prior in (0.0, 1.0):
            assert 0.0 <= waiting_chance(view, prior) <= 1.0
