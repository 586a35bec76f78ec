"""The arena's ``expertsw``: the expert whose own playout seat knocks knowing the guessed hand
on half its guesses only (``SearchSettings.self_wary``; issue 46, ``benchmarks/bots.md``,
session 36)."""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import islice
from pathlib import Path

from gin_core.actions import ActionKind
from gin_core.bots.search import ExpertBot, SearchSettings, wary_seats
from gin_core.tools.opponents import HalfWaryExpert

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import guess_bias


def test_by_default_both_wary_seats_stay_wary_on_every_guess() -> None:
    settings = ExpertBot.settings()
    assert settings.self_wary == 1.0 and settings.wary == 0b11
    assert {wary_seats(settings, n) for n in range(640)} == {0b11}


def test_a_self_wary_share_drops_this_player_s_bit_on_the_rest_of_the_guesses() -> None:
    settings = replace(ExpertBot.settings(), self_wary=0.5, opponent_wary=0.25)
    seats = [wary_seats(settings, n) for n in range(640)]
    for first in (2, 10, 640):
        assert sum(s & 1 for s in seats[:first]) == first // 2
    assert sum(s >> 1 & 1 for s in seats) == 160  # the opponent's share is its own
    mine_only = replace(SearchSettings(4, ExpertBot.inference, wary=0b01), self_wary=0.0)
    assert {wary_seats(mine_only, n) for n in range(64)} == {0}


def test_it_is_the_expert_but_for_its_playout_self() -> None:
    chance = next(islice(guess_bias.chances("hunter", 1), 1, None))
    expert, half = ExpertBot(seed=3), HalfWaryExpert(seed=3)
    assert half.settings_for(chance.view) == replace(expert.settings_for(chance.view), self_wary=0.5)


def test_it_knocks_where_the_expert_waits_on_its_clairvoyant_later_knocks() -> None:
    """Standard against the hunter, match seed 0, second hand, 17 cards in the stock: the
    expert, valuing play on as if its later knocks knew the hunter's hand, discards 5♦; valued
    with half those knocks made blind, the knock with 5♦ out is the better move."""
    chance = next(islice(guess_bias.chances("hunter", 1), 1, None))
    assert (len(chance.view.records), chance.view.stock_size) == (1, 17)
    assert ExpertBot(seed=3).decide(chance.view).action.kind == ActionKind.DISCARD
    knock = HalfWaryExpert(seed=3).decide(chance.view).action
    assert knock.kind == ActionKind.KNOCK and str(knock.put) == "5D"
