"""Expert infers from the opponent's not knocking: no guessed hand is gin after their discard,
and a knock is priced against what this opponent holds when it waits."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots import make_bot
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import Inference, guesses, resample
from gin_core.bots.search import ExpertBot
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView

EXPERT = ExpertBot.inference
WAITING = replace(EXPERT, could_knock=1.0)  # as learnt against the hunter: low hands not discounted
SAMPLES = 48


def position(seed: int, moves: int) -> PlayerView | None:
    """The view of the player to move after ``moves`` moves of ``simple`` against the gin
    hunter (``None`` if the hand ended first)."""
    match = Match(preset("eaai"), seed=seed)
    bots = (make_bot("simple", seed=1), arena_bot("hunter", seed=2))
    for _ in range(moves):
        if match.to_move is None:
            return None
        player = match.to_move
        match.apply(bots[player].decide(match.view(player)).action)
    return None if match.to_move is None else match.view(match.to_move)


def gin_guesses(view: PlayerView, inference: Inference, seed: int) -> int:
    """How many of ``SAMPLES`` guesses of the opponent's hand are already gin."""
    know = Knowledge.of(view)
    found = guesses(know, know.holding(), SAMPLES, random.Random(seed), inference)
    return sum(min_deadwood(hand) == 0 for hand, _ in found)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**30), moves=st.integers(4, 60))
def test_no_guess_is_gin_once_the_opponent_has_discarded(seed, moves):
    view = position(seed, moves)
    if view is None or not any(p == view.opponent for p, _ in view.discards):
        return
    assert gin_guesses(view, EXPERT, seed) == gin_guesses(view, WAITING, seed) == 0


def test_without_the_rule_late_guesses_can_be_gin():
    """The rule bites: late in hands against the hunter, the same sampler without it guesses
    gin hands (so the test above can fail)."""
    views = [v for v in (position(seed, moves) for seed in range(12) for moves in (24, 28)) if v]
    assert sum(gin_guesses(v, replace(WAITING, rules_out_gin=False), 1) for v in views) > 0
    assert sum(gin_guesses(v, WAITING, 1) for v in views) == 0


def test_proposals_that_all_weigh_nothing_are_resampled_equally():
    know = Knowledge.of(Match(preset("eaai"), seed=2).view(0))
    pool = [(1 << k, 0.0) for k in range(4)]
    picked = resample(know, pool, 8, random.Random(0))
    assert sorted({hand for hand, _ in picked}) == [1, 2, 4, 8]


def facing(could_knock: float) -> ExpertBot:
    """Expert with the opponent's chance of waiting with a knockable hand fixed, its knocks
    priced by its guesses alone (not the learnt undercut risk, which would also wait here)."""

    class Facing(ExpertBot):
        learns_waiting = False
        prices_undercuts = False
        inference = replace(EXPERT, could_knock=could_knock)

    return Facing(seed=3)


def test_a_knock_is_worse_than_playing_on_against_a_waiting_opponent():
    """Simple's hand after 32 moves against the hunter (seed 3) can knock with 4♦: against an
    opponent who knocks at once (low hands rare) the knock is right; against one who waits
    with low hands (the hunter, as :mod:`gin_core.bots.waiting` learns it) playing on is."""
    view = position(3, 32)
    assert view is not None
    knocks = [a for a in view.legal_actions if a.kind == ActionKind.KNOCK]
    assert knocks and not any(a.kind == ActionKind.GIN for a in view.legal_actions)
    assert facing(0.05).decide(view).action.kind == ActionKind.KNOCK
    assert facing(1.0).decide(view).action.kind == ActionKind.DISCARD
