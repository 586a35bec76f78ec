"""The plain levels and the standard level know ``Rules.pile_draw_limit`` when they draw: the
draw from the pile that reaches it ends the hand dead, counted from the view's public events
(gin_core/bots/base.py ``pile_draw_kills``). The beginner (and simple) never take it; the
standard level, whose draw the search levels credit, takes it only when playing on likely
loses (gin_core/bots/standard.py ``dead_or_stock``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.bots import make_bot, standard
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.reasons import ReasonKind
from gin_core.flow import Phase, pile_limit_reached
from gin_core.view import PlayerView

PILE = Action(ActionKind.DRAW_PILE)


def killing_draws(seed: int) -> Iterator[PlayerView]:
    """Views of the player to move where taking the face-up card ends the hand dead (by the
    engine's own count), from hands played at random under low pile draw limits, drawing from
    the pile often so the counts reach the limits."""
    rng = random.Random(seed)
    rules = preset("classic").replace(target=None, pile_draw_limit=rng.choice((1, 2, 3)))
    match = Match(rules, seed=seed)
    while (player := match.to_move) is not None:
        acts = match.legal_actions()
        hand = match.hand
        if hand.phase == Phase.DRAW and PILE in acts and pile_limit_reached(rules, hand.pile_draws + 1):
            yield match.view(player)
        plain = [a for a in acts if a.kind in (ActionKind.DISCARD, ActionKind.DRAW_STOCK, ActionKind.PASS)]
        take = PILE in acts and rng.random() < 0.5
        match.apply(PILE if take else rng.choice(plain or acts))


@pytest.mark.parametrize("level", ["beginner", "simple"])
def test_the_plain_levels_never_take_the_draw_that_ends_the_hand_dead(level: str) -> None:
    """Issue: they took a card that makes a meld though the take reached the limit. Each of these
    views offers a face-up card some meld wants (so the old draw took it)."""
    bot, offered = make_bot(level, seed=1), 0
    for seed in range(30):
        for view in killing_draws(seed):
            decision = bot.decide(view)
            assert decision.action == Action(ActionKind.DRAW_STOCK), (seed, view.hand, view.top)
            offered += decision.reason.kind == ReasonKind.PILE_LIMIT
    assert offered >= 5  # views where the card makes a meld: the old draw took it


def test_the_standard_level_takes_the_killing_draw_only_when_playing_on_likely_loses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue: the standard level (and so the favourite the hard and expert searches credit)
    took the killing draw whenever the card helped. Now it draws from the stock, unless the
    opponent can likely knock and it cannot (a dead hand then loses nobody anything)."""
    bot = make_bot("standard", seed=1)
    views = [view for seed in range(30) for view in killing_draws(seed)]
    assert len(views) >= 20

    def taken(likely: Callable[[PlayerView], int]) -> int:
        count = 0
        for view in views:
            decision, opponent = bot.decide(view), likely(view)
            why = decision.reason
            if decision.action == PILE:
                assert why.kind == ReasonKind.ENDS_DEAD and why.opponent == opponent <= view.knock_limit
                assert why.deadwood is not None and why.deadwood > view.knock_limit
                assert why.describe().startswith(f"takes {why.cards[0].symbol} to end the hand dead")
                count += 1
            else:
                assert (decision.action, why.kind) == (Action(ActionKind.DRAW_STOCK), ReasonKind.PILE_LIMIT)
        return count

    natural = taken(lambda view: standard.likely_opponent_deadwood(view, Knowledge.of(view)))
    monkeypatch.setattr(standard, "likely_opponent_deadwood", lambda view, know: 3)  # they can knock
    assert natural < taken(lambda view: 3) == len(views)  # and these random hands cannot
    monkeypatch.setattr(standard, "stock_expectation", lambda hand, odds, work: 9.6)  # this one can
    assert taken(lambda view: 3) == 0
    monkeypatch.setattr(standard, "likely_opponent_deadwood", lambda view, know: 11)  # they cannot
    monkeypatch.setattr(standard, "stock_expectation", lambda hand, odds, work: 30.0)
    assert taken(lambda view: 11) == 0
