"""The arena's ``expertad`` and ``expertag``: the unpriced expert and the expert whose guesses of
the opponent's hand follow the match's evidence that the opponent waits or knocks (issue 46,
``benchmarks/bots.md``, sessions 36 and 45)."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

from test_unpriced_expert import standard_against

from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import guesses
from gin_core.bots.search import ExpertBot
from gin_core.bots.waiting import waits_and_knocks
from gin_core.tools.opponents import AdaptedGuessExpert, UnpricedExpert, arena_bot


def test_with_no_finished_hand_it_replays_a_little_more_than_the_expert() -> None:
    view = standard_against("hunter", 1, 20)
    assert waits_and_knocks(view) == (0, 0)
    adapted = AdaptedGuessExpert(seed=3).settings_for(view)
    unpriced = UnpricedExpert(seed=3).settings_for(view)
    assert adapted.inference.replay == 1.3 and adapted.inference.could_knock == 0.6
    assert unpriced.inference.replay == ExpertBot.inference.replay == 1.0
    assert replace(adapted, inference=unpriced.inference) == unpriced


def test_a_waiter_s_hand_is_replayed_more_and_a_knocker_s_less() -> None:
    """Seen waiting twice (the hunter, seed 5): replays 1 + 1.5 x 2.2 / 3 of its draws and
    discounts knockable hands by 2.6 / 3; seen knocking three times (``simple``): 1 + 1.5 x 0.2 / 4
    and 0.6 / 4."""
    waiter = standard_against("hunter", 5, 170)
    knocker = standard_against("simple", 0, 160)
    assert waits_and_knocks(waiter) == (2, 0) and waits_and_knocks(knocker) == (0, 3)
    high = AdaptedGuessExpert(seed=3).settings_for(waiter).inference
    low = AdaptedGuessExpert(seed=3).settings_for(knocker).inference
    assert (high.replay, high.could_knock) == (1 + 1.5 * 2.2 / 3, 2.6 / 3)
    assert (low.replay, low.could_knock) == (1 + 1.5 * 0.2 / 4, 0.6 / 4)


def test_against_a_waiter_its_guessed_hands_are_lower_than_the_expert_s() -> None:
    """The same proposals, replayed more and discounted less, hold less deadwood."""
    view = standard_against("hunter", 5, 300)
    assert waits_and_knocks(view)[0] >= 3
    know = Knowledge.of(view)

    def mean_deadwood(bot: ExpertBot) -> float:
        found = guesses(know, know.holding(), 200, random.Random(7), bot.settings_for(view).inference)
        return statistics.fmean(min_deadwood(hand) for hand, _ in found)

    assert mean_deadwood(AdaptedGuessExpert(seed=3)) < mean_deadwood(ExpertBot(seed=3)) - 1


def test_expertag_is_the_expert_with_expertad_s_guesses() -> None:
    """Against a waiter its guesses are ``expertad``'s; every other setting is the expert's,
    the playout self wary on half its guesses included (``expertad``'s is on every one)."""
    view = standard_against("hunter", 5, 170)
    tried = arena_bot("expertag", 3).settings_for(view)
    expert = arena_bot("expert", 3).settings_for(view)
    assert tried.inference == AdaptedGuessExpert(seed=3).settings_for(view).inference
    assert tried.inference != expert.inference
    assert replace(tried, inference=expert.inference) == expert
    assert tried.self_wary == 0.5 != UnpricedExpert(seed=3).settings_for(view).self_wary
