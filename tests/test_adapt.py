"""Expert adapts its playouts to the opponent it faces: wary only as the match says it waits."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.bots import make_bot
from gin_core.bots.search import ExpertBot, SearchBot, wary_seats
from gin_core.bots.waiting import waits_and_knocks, wary_share
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView


class UnadaptedExpert(ExpertBot):
    """Expert as it was: the opponent's seat wary in every playout, whatever the match shows."""

    learns_eagerness = False


def standard_against_simple(seed: int, moves: int, rival: str = "simple") -> PlayerView:
    """Player 0's view after ``moves`` moves (fewer if the match ends) of standard (player 0)
    against simple (or the ``rival`` named, any bot of the arena)."""
    bots = (make_bot("standard", seed=1), arena_bot(rival, seed=2))
    match = Match(preset("eaai"), seed=seed)
    for _ in range(moves):
        if match.result is not None:
            break
        if match.to_move is None:
            match.apply("next_hand")
        player = match.to_move
        assert player is not None
        match.apply(bots[player].decide(match.view(player)).action)
    while match.to_move is None and match.result is None:
        match.apply("next_hand")
    return match.view(0)


def test_after_an_eager_knock_expert_values_playing_on_against_an_eager_knocker():
    view = standard_against_simple(seed=29, moves=36)  # at 4x thought (s23); at 1x seed 10, 38 moves
    assert view.to_move == 0 and len(view.records) == 1
    assert waits_and_knocks(view) == (0, 1)  # simple knocked at once in the first hand
    assert ExpertBot(seed=3).settings_for(view).opponent_wary == wary_share(view) == 2 / 3
    assert UnadaptedExpert(seed=3).settings_for(view).opponent_wary == 1.0
    adapted = ExpertBot(seed=3).decide(view).action
    unadapted = UnadaptedExpert(seed=3).decide(view).action
    # the moves swapped when the expert's own playout seat became wary on half its guesses (s37)
    assert (str(adapted), str(unadapted)) == ("discard 5S", "discard 4H")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 200))
def test_only_expert_after_a_finished_hand_is_affected(seed, moves):
    view = standard_against_simple(seed, moves)
    expert = ExpertBot(seed=3).settings_for(view)
    if not view.records:
        assert expert == UnadaptedExpert(seed=3).settings_for(view)
    assert SearchBot(seed=3).settings_for(view) == SearchBot.settings()  # hard learns nothing
    hard = SearchBot.settings()
    assert all(wary_seats(hard, n) == SearchBot.wary == 0 for n in range(SearchBot.samples))
    assert 0.0 < expert.opponent_wary <= 1.0


@given(st.floats(0.0, 1.0), st.integers(1, 400))
def test_the_wary_guesses_are_an_even_share_of_any_first_run(share, run):
    expert = replace(ExpertBot.settings(), opponent_wary=share)
    chosen = [wary_seats(expert, n) for n in range(run)]
    assert sum(seats & 0b01 for seats in chosen) == run // 2  # our own playout self: its own share
    assert sum(seats >> 1 for seats in chosen) == int(run * share)


def test_the_hunter_stays_wary_and_simple_does_not():
    bots = {"hunter": arena_bot("hunter", seed=2), "simple": make_bot("simple", seed=2)}
    shares = {}
    for name, rival in bots.items():
        players = (make_bot("standard", seed=1), rival)
        match = Match(preset("eaai"), seed=7)
        while match.result is None:
            while (player := match.to_move) is not None:
                match.apply(players[player].decide(match.view(player)).action)
            if match.result is None:
                match.apply("next_hand")
        shares[name] = wary_share(match.view(0))
    assert shares["hunter"] >= 0.75 > 0.3 >= shares["simple"]
