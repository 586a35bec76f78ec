"""The expert's own playout seat knocks knowing the guessed hand on half its guesses only
(``SearchSettings.self_wary``; issue 46, ``benchmarks/bots.md``, sessions 36-37): the arena's
``expertfw`` keeps the expert as it was, wary on every guess."""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import islice
from pathlib import Path

from gin_core.actions import ActionKind
from gin_core.bots.search import ExpertBot, SearchBot, SearchSettings, wary_seats
from gin_core.tools.ceiling import Seer
from gin_core.tools.opponents import FullyWaryExpert

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import guess_bias


def test_the_expert_s_own_seat_is_wary_on_every_other_guess_and_the_opponent_s_on_all() -> None:
    settings = ExpertBot.settings()
    assert settings.self_wary == 0.5 and settings.wary == 0b11
    seats = [wary_seats(settings, n) for n in range(640)]
    assert all(s >> 1 & 1 for s in seats)
    for first in (2, 10, 640):
        assert sum(s & 1 for s in seats[:first]) == first // 2


def test_a_self_wary_share_drops_this_player_s_bit_on_the_rest_of_the_guesses() -> None:
    settings = replace(ExpertBot.settings(), opponent_wary=0.25)
    seats = [wary_seats(settings, n) for n in range(640)]
    assert sum(s & 1 for s in seats) == 320
    assert sum(s >> 1 & 1 for s in seats) == 160  # the opponent's share is its own
    mine_only = replace(SearchSettings(4, ExpertBot.inference, wary=0b01), self_wary=0.0)
    assert {wary_seats(mine_only, n) for n in range(64)} == {0}


def test_hard_the_seer_and_the_old_expert_keep_every_wary_bit_they_have() -> None:
    for level in (SearchBot, Seer, FullyWaryExpert):
        assert level.settings().self_wary == 1.0
    full = FullyWaryExpert.settings()
    assert {wary_seats(full, n) for n in range(640)} == {0b11}


def test_the_old_expert_is_the_expert_but_for_its_playout_self() -> None:
    chance = next(islice(guess_bias.chances("hunter", 1), 1, None))
    expert, old = ExpertBot(seed=3), FullyWaryExpert(seed=3)
    assert expert.settings_for(chance.view) == replace(old.settings_for(chance.view), self_wary=0.5)


def test_it_knocks_where_the_old_expert_waits_on_its_clairvoyant_later_knocks() -> None:
    """Standard against the hunter, match seed 0, second hand, 17 cards in the stock: the
    expert of session 36, valuing play on as if its later knocks knew the hunter's hand,
    discards 5♦; valued with half those knocks made blind, the knock with 5♦ out is the better
    move."""
    chance = next(islice(guess_bias.chances("hunter", 1), 1, None))
    assert (len(chance.view.records), chance.view.stock_size) == (1, 17)
    assert FullyWaryExpert(seed=3).decide(chance.view).action.kind == ActionKind.DISCARD
    knock = ExpertBot(seed=3).decide(chance.view).action
    assert knock.kind == ActionKind.KNOCK and str(knock.put) == "5D"
