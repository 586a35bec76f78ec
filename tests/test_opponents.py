"""The arena-only opponents: the gin hunter plays legally and knocks only early; the frozen
hard level is the hard search valuing points (its decisions are pinned in
test_decision_digest.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gin_core import ActionKind, Match, preset
from gin_core.bots import BOTS, make_bot
from gin_core.bots.base import Work
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.search import ExpertBot, SearchBot, standard_choice
from gin_core.presets import PRESETS
from gin_core.tools import arena
from gin_core.tools.opponents import HUNTER_KNOCK_TURNS, OPPONENTS, FrozenHard, arena_bot, arena_names


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_hunter_plays_legally_and_knocks_only_in_its_first_turns(name, count):
    hunter, other = arena_bot("hunter", 1), make_bot("simple", 2)
    ended = 0
    for seed in range(count(6, 2)):
        match = Match(preset(name).replace(target=None), seed=seed)
        while (p := match.to_move) is not None:
            view = match.view(p)
            decision = (hunter if p == 0 else other).decide(view)
            if p == 0 and decision.action.kind == ActionKind.KNOCK:
                turns = sum(1 for q, _ in view.discards if q == 0)
                assert turns < HUNTER_KNOCK_TURNS or view.must_knock
            match.apply(decision.action, p)  # the match refuses an illegal action
        ended += match.records[-1] is not None
    assert ended == count(6, 2)


def test_the_hunter_goes_gin_and_undercuts():
    """Against a player who knocks at once, the hunter wins hands by gin and by undercuts."""
    gins = undercuts = 0
    for seed in range(5, 9):
        hunter, _ = arena.play_match(("hunter", "simple"), "eaai", seed)
        gins += hunter.gins
        undercuts += hunter.undercuts
    assert gins > 0 and undercuts > 0


def test_the_opponents_are_in_the_arena_only():
    assert not set(OPPONENTS) & set(BOTS)
    assert {"hard0", "hunter", "hard", "expert", "simple"} <= set(arena_names())
    assert issubclass(FrozenHard, SearchBot) and not FrozenHard.by_match and SearchBot.by_match


@pytest.mark.parametrize(
    "name, share",
    [("expert1x", 0.25), ("expert2x", 0.5), ("expert6x", 1.5), ("expert8x", 2), ("expert16x", 4)],
)
def test_the_budget_curves_experts_differ_from_the_expert_only_in_their_budget(name, share):
    """The budget curve's points are the expert with more or fewer guesses and work units, no
    other change."""
    other, expert = arena_bot(name, 1), ExpertBot(1)
    assert isinstance(other, ExpertBot) and other.name == name
    assert other.samples == share * expert.samples and expert.samples == 640
    assert other.settings() == replace(expert.settings(), samples=other.samples)
    assert other.total_units == share * expert.total_units
    assert other.slice_units == expert.slice_units


def units_and_move(bot, view):
    """The work units ``bot`` spends on a decision, and its move."""
    thinking, units = bot.think(view), 0
    while True:
        try:
            units += next(thinking)
        except StopIteration as done:
            return units, done.value.action


def test_expertkc_thinks_as_expert8x_at_a_knock_chance_and_as_the_expert_elsewhere():
    """Its decisions are the doubled expert's where a knock is legal (with more work than the
    expert's) and the expert's at every other decision, so its matches part from the expert's
    only at knock chances."""
    kc, expert, double = arena_bot("expertkc", 3), arena_bot("expert", 3), arena_bot("expert8x", 3)
    match = Match(preset("eaai"), seed=11)
    chances = others = 0
    while match.result is None and (chances < 2 or others < 4):
        player = match.to_move
        if player is None:
            match.apply("next_hand")
            continue
        view = match.view(player)
        units, move = units_and_move(kc, view)
        if any(a.kind == ActionKind.KNOCK for a in view.legal_actions):
            chances += 1
            assert (units, move) == units_and_move(double, view)
            assert units > units_and_move(expert, view)[0]
        elif len(view.legal_actions) > 1:
            others += 1
            assert (units, move) == units_and_move(expert, view)
        match.apply(move, player)
    assert chances >= 2 and others >= 4


def test_experthc_is_the_expert_crediting_the_standard_choice_twice_as_much():
    """Its settings are the expert's but for the credit, and where the two part the doubled
    credit keeps the standard level's own move (the candidate of issue 46, session 44)."""
    hc, expert = arena_bot("experthc", 5), arena_bot("expert", 5)
    assert replace(type(hc).settings(), prior=ExpertBot.prior) == ExpertBot.settings()
    assert type(hc).settings().prior == 2 * ExpertBot.prior
    match = Match(preset("eaai"), seed=21)
    parted = 0
    while match.result is None and not parted:
        player = match.to_move
        if player is None:
            match.apply("next_hand")
            continue
        view = match.view(player)
        ours, theirs = hc.decide(view).action, expert.decide(view).action
        if ours != theirs:
            parted += 1
            know = Knowledge.of(view)
            favourite, _ = standard_choice(view, know, know.holding(), Work(10**9, 10**9))
            assert ours == favourite
        match.apply(theirs, player)
    assert parted == 1


def test_expertlc_is_the_expert_crediting_the_standard_choice_half_as_much():
    """Its settings are the expert's but for the credit, half the expert's."""
    assert arena_bot("expertlc").name == "expertlc"
    settings = type(arena_bot("expertlc")).settings()
    assert replace(settings, prior=ExpertBot.prior) == ExpertBot.settings()
    assert settings.prior == ExpertBot.prior / 2
