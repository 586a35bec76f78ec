"""The arena's ``expertgw``: the expert of session 36 (``expertfw``, the expert it was measured
against) whose guessed opponent waits for gin on the share of its playouts that the match's
evidence of waiting sets (issue 46, ``benchmarks/bots.md``, session 29)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.bots import make_bot
from gin_core.bots.search import ExpertBot, seat_limits
from gin_core.bots.waiting import gin_only_share, waits_and_knocks
from gin_core.tools.opponents import FullyWaryExpert, GinWaitExpert, arena_bot
from tests.test_adapt import standard_against_simple


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 20))
def test_in_a_matchs_first_hand_it_is_the_expert_it_varies(seed, moves):
    view = standard_against_simple(seed, moves, rival="hunter")
    assume(not view.records and view.to_move == 0)
    assert gin_only_share(view) == 0.0
    assert GinWaitExpert(seed=3).settings_for(view) == FullyWaryExpert(seed=3).settings_for(view)
    assert GinWaitExpert(seed=3).decide(view) == FullyWaryExpert(seed=3).decide(view)


@given(st.floats(0.0, 1.0), st.integers(1, 400), st.sampled_from([0, 10]))
def test_the_gin_only_guesses_are_an_even_share_of_any_first_run(share, run, limit):
    expert = replace(ExpertBot.settings(), opponent_gin_only=share)
    chosen = [seat_limits(expert, n, limit) for n in range(run)]
    assert sum(limits == (limit, 0) for limits in chosen) == int(run * share)
    assert all(limits in (None, (limit, 0)) for limits in chosen)  # our own seat keeps the limit


def test_the_expert_never_guesses_a_gin_only_opponent():
    expert = ExpertBot.settings()
    assert all(seat_limits(expert, n, 10) is None for n in range(expert.samples))


def shares_through_a_match(rival: str, seed: int) -> list[float]:
    """The gin-only share player 0 (standard) gives ``rival`` at each hand's end of a match."""
    players = (make_bot("standard", seed=1), arena_bot(rival, seed=2))
    match, shares = Match(preset("eaai"), seed=seed), []
    while match.result is None:
        while (player := match.to_move) is not None:
            match.apply(players[player].decide(match.view(player)).action)
        shares.append(gin_only_share(match.view(0)))
        if match.result is None:
            match.apply("next_hand")
    return shares


def test_the_hunter_earns_a_gin_only_share_and_simple_does_not():
    hunter, simple = shares_through_a_match("hunter", 7), shares_through_a_match("simple", 7)
    assert hunter[-1] == 2 / (2 + 1 + 4) > simple[-1] == 0.0  # 2 waits, 1 knock; 0 and 5


@pytest.mark.parametrize("seed", range(3000, 3012))
def test_against_simple_the_share_stays_0_so_it_plays_as_the_expert(seed):
    """simple knocks as soon as it can, so it never shows a hand it could have knocked with:
    against it the variant is the expert at every decision of the match."""
    assert set(shares_through_a_match("simple", seed)) == {0.0}


def test_against_a_hunter_seen_waiting_it_plays_on_where_the_expert_knocks():
    view = standard_against_simple(seed=5, moves=222, rival="hunter")  # found by search, s29
    assert view.to_move == 0 and len(view.records) == 4
    assert waits_and_knocks(view) == (2, 0)
    assert gin_only_share(view) == 2 / (2 + 0 + 4)
    expert = FullyWaryExpert(seed=3).decide(view).action
    waiting = GinWaitExpert(seed=3).decide(view).action
    assert (expert.kind.value, str(waiting)) == ("knock", "discard 4H")
