"""Expert's guesses at a knock chance pulled toward the deadwood the opponent showed at its
knocks this match: nothing changes without a showdown, and the pull only lowers the guesses."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots import make_bot
from gin_core.bots.deadwood_shown import PRIOR_HANDS, pulled, shown_deadwood
from gin_core.bots.search import ExpertBot
from gin_core.bots.waiting import shown_hand
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView

hands = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)
pools = st.lists(st.tuples(hands, st.sampled_from([0.0, 0.1, 0.5, 1.0])), min_size=1, max_size=30)
showdowns = st.lists(st.integers(0, 60), min_size=1, max_size=8).map(tuple)


def mean_deadwood(pool: list[tuple[int, float]]) -> float:
    total = sum(w for _, w in pool)
    return sum(w * min_deadwood(hand) for hand, w in pool) / total


@given(pools)
def test_no_showdown_leaves_the_guesses(pool):
    assert pulled(pool, ()) is pool


@given(pools, showdowns)
def test_the_pull_moves_the_mean_down_to_the_target_at_most(pool, shown):
    if not any(w for _, w in pool):
        assert pulled(pool, shown) == pool
        return
    after = pulled(pool, shown)
    assert [hand for hand, _ in after] == [hand for hand, _ in pool]
    assert all(not new or old for (_, old), (_, new) in zip(pool, after, strict=True))
    before = mean_deadwood(pool)
    target = (sum(shown) + PRIOR_HANDS * before) / (len(shown) + PRIOR_HANDS)
    if target >= before:
        assert after == pool
        return
    moved = mean_deadwood(after)
    assert moved <= before + 1e-9
    assert moved >= target - 1e-3


def play_hands(opponent: str, seed: int, finished: int) -> Match:
    """A match of standard (player 0) against ``opponent`` after ``finished`` hands."""
    bots = (make_bot("standard", seed=1), arena_bot(opponent, seed=2))
    match = Match(preset("eaai"), seed=seed)
    while len(match.view(0).records) < finished and match.result is None:
        while (player := match.to_move) is not None:
            match.apply(bots[player].decide(match.view(player)).action)
        if match.result is None and len(match.view(0).records) < finished:
            match.apply("next_hand")
    return match


def test_the_showdowns_are_the_hands_shown_at_our_knocks():
    view = play_hands("hunter", seed=7, finished=6).view(0)
    ours = [r.settlement for r in view.records if r.settlement is not None and r.settlement.knocker == 0]
    assert ours, "standard knocked in six hands against the hunter"
    assert shown_deadwood(view) == tuple(min_deadwood(shown_hand(done)) for done in ours)
    assert all(d >= 0 for d in shown_deadwood(view))


def knock_chance(match: Match) -> PlayerView | None:
    """Player 0's view at its next turn where it may knock short of gin, in this hand."""
    bots = (make_bot("simple", seed=1), arena_bot("hunter", seed=2))
    while (player := match.to_move) is not None:
        view = match.view(player)
        kinds = {a.kind for a in view.legal_actions}
        if player == 0 and ActionKind.KNOCK in kinds and ActionKind.GIN not in kinds:
            return view
        match.apply(bots[player].decide(view).action)
    return None


def test_expert_learns_the_showdowns_only_after_a_hand_and_at_a_knock_chance():
    expert = ExpertBot(seed=3)
    first = knock_chance(Match(preset("eaai"), seed=11))
    assert first is not None and not first.records
    assert expert.settings_for(first).inference == expert.settings().inference
    match = play_hands("hunter", seed=7, finished=6)
    assert match.result is None and shown_deadwood(match.view(0))
    match.apply("next_hand")
    opening = match.view(match.to_move or 0)
    assert not expert.settings_for(opening).inference.showdowns  # no knock to price
    at_knock = knock_chance(match)
    assert at_knock is not None
    assert expert.settings_for(at_knock).inference.showdowns == shown_deadwood(at_knock)
