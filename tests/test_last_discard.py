"""Guesses weighed by the opponent's last discard (``Inference.threw_worse``) and the arena's
``expertld``, the expert whose guesses are (issue 46, ``benchmarks/bots.md``, session 46)."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

from test_unpriced_expert import standard_against

from gin_core.arrange import min_deadwood
from gin_core.bots.heuristics import best_after
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import Inference, Proposer, guesses
from gin_core.bots.search import ExpertBot
from gin_core.tools.opponents import LastDiscardExpert, arena_bot


def last_discard(know: Knowledge) -> int:
    """The card the opponent threw last (the newest of its discards)."""
    return next(card for card, age in know.threw_ages if age == 0)


def test_a_hand_the_last_discard_left_worse_is_weighed_down_by_each_point() -> None:
    """Each proposal's weight is the expert's times 0.5 per point of deadwood the last discard
    kept over the best discard of the hand it was thrown from; a hand it was the best for keeps
    the expert's weight, and both kinds of hand are met."""
    view = standard_against("hunter", 5, 40)  # late in a hand: 14 cards in the stock
    assert view.to_move == 0 and view.stock_size == 14
    know = Knowledge.of(view)
    last = last_discard(know)
    expert = Proposer(know, know.holding(), ExpertBot.inference)
    weighed = Proposer(know, know.holding(), replace(ExpertBot.inference, threw_worse=0.5))
    rng = random.Random(5)
    excesses = set()
    for _ in range(300):
        hand, _ = expert.propose(rng)
        excess = min_deadwood(hand) - best_after(hand | 1 << last)
        assert excess >= 0
        excesses.add(excess)
        assert weighed.likelihood(hand) == expert.likelihood(hand) * 0.5**excess
    assert 0 in excesses and len(excesses) > 1


def test_with_no_discard_of_the_opponent_yet_nothing_is_weighed() -> None:
    view = standard_against("hunter", 1, 1)  # the first upcard's offer: nobody has discarded
    know = Knowledge.of(view)
    assert not know.threw_ages
    weighed = Proposer(know, know.holding(), replace(ExpertBot.inference, threw_worse=0.5))
    assert weighed.last is None


def test_expertld_is_the_expert_but_for_the_weighing_and_guesses_the_hunter_lower() -> None:
    """Against the hunter, who throws its best discard, the guessed hands hold less deadwood
    than the expert's guesses from the same random stream."""
    assert isinstance(arena_bot("expertld"), LastDiscardExpert)
    view = standard_against("hunter", 5, 190)  # mid-hand: 22 cards in the stock
    assert view.to_move == 0 and view.stock_size == 22
    expert, candidate = ExpertBot(seed=3).settings_for(view), LastDiscardExpert(seed=3).settings_for(view)
    assert candidate.inference.threw_worse == 0.5 and expert.inference.threw_worse == 1.0
    assert replace(candidate, inference=expert.inference) == expert
    know = Knowledge.of(view)

    def mean_deadwood(inference: Inference) -> float:
        found = guesses(know, know.holding(), 200, random.Random(7), inference)
        return statistics.fmean(min_deadwood(hand) for hand, _ in found)

    assert mean_deadwood(candidate.inference) < mean_deadwood(expert.inference) - 1
