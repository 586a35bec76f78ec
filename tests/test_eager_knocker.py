"""The arena's ``expertek``: the expert whose discount of the opponent's knockable guessed hands
takes the opponent for one of three kinds of player, weighed by the match's waits and knocks
(issue 46, ``benchmarks/bots.md``, session 47)."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

from test_unpriced_expert import standard_against

from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import guesses
from gin_core.bots.search import ExpertBot
from gin_core.bots.waiting import waiting_chance, waits_and_knocks
from gin_core.tools.opponents import EagerKnockerExpert, arena_bot, kind_chance


def test_with_no_finished_hand_it_is_the_expert() -> None:
    view = standard_against("simple", 1, 20)
    assert waits_and_knocks(view) == (0, 0)
    assert EagerKnockerExpert(seed=3).settings_for(view) == ExpertBot(seed=3).settings_for(view)


def test_the_kinds_mean_is_the_expert_s_prior_and_evidence_moves_it_faster() -> None:
    assert abs(kind_chance(0, 0) - ExpertBot.inference.could_knock) < 1e-12
    knocks = [kind_chance(0, k) for k in range(6)]
    assert knocks == sorted(knocks, reverse=True) and knocks[3] < 0.08
    waits = [kind_chance(w, 0) for w in range(4)]
    assert waits == sorted(waits) and waits[2] > 0.88
    assert 0.4 < kind_chance(1, 2) < 0.5  # a player seen doing both is neither kind


def test_a_knocker_s_knockable_hands_are_discounted_faster_and_a_waiter_s_as_the_expert_s() -> None:
    """Seen knocking three times (``simple``, seed 0): the kinds' chance, under a quarter of the
    expert's (4 x 0.6) / 7; seen waiting twice (the hunter, seed 5): the expert's (2 + 2.4) / 6,
    lower than the kinds'. Every other setting is the expert's."""
    knocker = standard_against("simple", 0, 160)
    waiter = standard_against("hunter", 5, 170)
    assert waits_and_knocks(knocker) == (0, 3) and waits_and_knocks(waiter) == (2, 0)
    for view, counts in ((knocker, (0, 3)), (waiter, (2, 0))):
        tried = arena_bot("expertek", 3).settings_for(view)
        expert = ExpertBot(seed=3).settings_for(view)
        assert expert.inference.could_knock == waiting_chance(view, ExpertBot.inference.could_knock)
        assert tried.inference.could_knock == min(kind_chance(*counts), expert.inference.could_knock)
        assert replace(tried, inference=expert.inference) == expert
    assert arena_bot("expertek", 3).settings_for(knocker).inference.could_knock < 2.4 / 7 / 4
    assert arena_bot("expertek", 3).settings_for(waiter) == ExpertBot(seed=3).settings_for(waiter)


def test_late_against_a_knocker_it_guesses_half_as_many_knockable_hands() -> None:
    """``simple`` seen knocking three times, 15 cards left, 8 of its stock draws: its knockable
    guessed hands, which it would have knocked with, fall to well under half the expert's."""
    view = standard_against("simple", 0, 211)
    know = Knowledge.of(view)
    assert waits_and_knocks(view) == (0, 3) and view.stock_size == 15 and know.opp_draws == 8

    def knockable(bot: ExpertBot) -> float:
        found = guesses(know, know.holding(), 400, random.Random(7), bot.settings_for(view).inference)
        return statistics.fmean(min_deadwood(hand) <= view.knock_limit for hand, _ in found)

    assert knockable(EagerKnockerExpert(seed=3)) < 0.5 * knockable(ExpertBot(seed=3))
