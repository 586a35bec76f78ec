"""The arena's ``expertbk`` (issue 46, session 38): the expert whose own playout seat, on the
guesses where it does not see the guessed hand, knocks only as low as the learnt undercut risk
it could see allows (``SearchSettings.blind_limit``), where the expert's knocks as soon as it
can; and ``expertqw``, the expert blind on three quarters of its guesses."""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import islice
from pathlib import Path

from gin_core.bots.search import ExpertBot, seat_limits, wary_seats
from gin_core.bots.waiting import wary_share
from gin_core.tools.opponents import BlindKnockExpert, QuarterWaryExpert, arena_bot, blind_knock_limit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import guess_bias

HUNTER_CHANCES = list(islice(guess_bias.chances("hunter", 1), 12))


def test_the_blind_limit_holds_on_the_guesses_where_this_player_is_not_wary_only() -> None:
    settings = replace(ExpertBot.settings(), blind_limit=4)
    chosen = [seat_limits(settings, n, 10) for n in range(640)]
    assert chosen.count((4, 10)) == 320 and chosen.count(None) == 320
    assert all((limits is None) == bool(wary_seats(settings, n) & 1) for n, limits in enumerate(chosen))
    with_gin_only = replace(settings, opponent_gin_only=1.0)
    assert {seat_limits(with_gin_only, n, 10) for n in range(640)} == {(4, 0), (10, 0)}


def test_without_a_blind_limit_the_expert_s_playouts_keep_the_rules_limit() -> None:
    settings = ExpertBot.settings()
    assert settings.blind_limit is None
    assert all(seat_limits(settings, n, 10) is None for n in range(settings.samples))


def test_the_blind_limit_falls_as_a_hand_against_the_hunter_goes_on() -> None:
    by_hand: dict[int, list[tuple[int, int]]] = {}
    for chance in HUNTER_CHANCES:
        view = chance.view
        by_hand.setdefault(len(view.records), []).append((view.stock_size, blind_knock_limit(view, 1.0)))
    assert HUNTER_CHANCES[0].view.stock_size == 25 and by_hand[0] == [(25, 10)]  # early: the rules'
    for chances in by_hand.values():
        limits = [limit for _, limit in sorted(chances, reverse=True)]
        assert limits == sorted(limits, reverse=True)
    assert min(limit for chances in by_hand.values() for _, limit in chances) <= 2


def test_the_less_the_opponent_waits_the_higher_the_limit_up_to_the_rules_at_none() -> None:
    for chance in HUNTER_CHANCES:
        view = chance.view
        limits = [blind_knock_limit(view, waits) for waits in (1.0, 0.6, 0.3, 0.0)]
        assert limits == sorted(limits) and limits[-1] == view.knock_limit


def test_expertbk_is_the_expert_but_for_its_blind_limit() -> None:
    assert arena_bot("expertbk").name == "expertbk" and arena_bot("expertqw").name == "expertqw"
    view = HUNTER_CHANCES[6].view
    limit = blind_knock_limit(view, wary_share(view))
    assert limit < view.knock_limit
    expert = ExpertBot(seed=3).settings_for(view)
    assert BlindKnockExpert(seed=3).settings_for(view) == replace(expert, blind_limit=limit)


def test_expertqw_is_the_expert_blind_on_three_quarters_of_its_guesses() -> None:
    settings = QuarterWaryExpert.settings()
    assert settings == replace(ExpertBot.settings(), self_wary=0.25)
    assert sum(wary_seats(settings, n) & 1 for n in range(640)) == 160
