"""The arena's ``expertnr``: the expert of session 36 (``expertfw``, the expert it was measured
against) whose knocks are not priced by the learnt undercut risk (issue 46,
``benchmarks/bots.md``, session 35)."""

from __future__ import annotations

from gin_core import Action, Match, PlayerView, preset
from gin_core.bots import make_bot
from gin_core.tools.opponents import FullyWaryExpert, UnpricedExpert, arena_bot


def standard_against(opponent: str, seed: int, moves: int) -> PlayerView:
    """Player 0's view after ``moves`` moves of standard (player 0) against ``opponent`` (an
    arena bot), the next hand dealt whenever one ends."""
    bots = (make_bot("standard", seed=1), arena_bot(opponent, seed=2))
    match = Match(preset("eaai"), seed=seed)
    for _ in range(moves):
        if match.to_move is None:
            match.apply("next_hand")
            continue
        player = match.to_move
        match.apply(bots[player].decide(match.view(player)).action, player)
    return match.view(0)


def test_it_is_the_expert_it_varies_in_all_but_the_pricing_of_its_knocks() -> None:
    assert isinstance(arena_bot("expertnr"), UnpricedExpert)
    assert FullyWaryExpert.prices_undercuts and not UnpricedExpert.prices_undercuts
    view = standard_against("hunter", 0, 20)  # a decision of the first hand with no knock to price
    assert view.to_move == 0 and not view.records
    assert UnpricedExpert(seed=3).settings_for(view) == FullyWaryExpert(seed=3).settings_for(view)
    assert UnpricedExpert(seed=3).decide(view) == FullyWaryExpert(seed=3).decide(view)


def test_unpriced_it_knocks_where_the_expert_plays_on() -> None:
    """Two hands into a match against the hunter, 6♦ out: the learnt risk raises the knock's
    undercut share enough that the expert (of session 36) plays on; without it the knock is
    taken."""
    view = standard_against("hunter", 0, 77)
    assert len(view.records) == 2
    assert FullyWaryExpert(seed=3).decide(view).action == Action.parse("discard 6D")
    assert UnpricedExpert(seed=3).decide(view).action.kind == Action.parse("knock 6D 2C-2H-2S").kind
