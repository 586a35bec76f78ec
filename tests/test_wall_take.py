"""At the wall a take obliges the knock (``Hand.must_knock``), so the search and the coach value
the take by that knock, scored as the engine scores it: the playout's first move after the
take knocks, even for a wary playout self (who would not knock into an undercut by choice) or
a seat modelled with a lower knock limit (gin_core/bots/search.py ``simulate``)."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.bots.heuristics import cached_discard
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.search import simulate
from gin_core.cards import mask_of
from gin_core.flow import Phase
from gin_core.hand import Hand

WALL = preset("openspiel")  # the wall: with two stock cards left, take only to knock
TAKE = Action(ActionKind.DRAW_PILE)


def at_the_wall(seed: int) -> Match | None:
    """A match played to the wall by a policy that never knocks (both pass the upcard, draw
    from the stock and throw the card that leaves the least deadwood), or ``None`` if the take
    there cannot knock."""
    match = Match(WALL, seed=seed)
    while match.to_move is not None and match.phase != Phase.WALL:
        hand = match.hand
        if match.phase == Phase.OFFER:
            match.apply(Action(ActionKind.PASS))
        elif match.phase == Phase.DRAW:
            match.apply(Action(ActionKind.DRAW_STOCK))
        else:
            card, _ = cached_discard(mask_of(hand.hands[hand.turn]), 0)
            match.apply(
                next(
                    a
                    for a in match.legal_actions()
                    if a.kind == ActionKind.DISCARD and a.card and a.card.index == card
                )
            )
    return match if match.phase == Phase.WALL and TAKE in match.legal_actions() else None


def engine_points(hand: Hand) -> int:
    """Points for the player at the wall once they take and knock with the playout's discard
    (the one leaving the least deadwood), as the engine settles the knock."""
    p, after = hand.turn, copy.deepcopy(hand)
    after.apply(TAKE)
    assert after.must_knock
    card, _ = cached_discard(mask_of(after.hands[p]), 0)
    after.apply(next(a for a in after.legal_actions() if a.card is not None and a.card.index == card))
    s = after.settlement
    assert s is not None
    return 0 if s.winner is None else s.points if s.winner == p else -s.points


def wall_positions() -> Iterator[tuple[Match, int]]:
    for seed in range(40):
        match = at_the_wall(seed)
        if match is not None:
            yield match, engine_points(match.hand)


POSITIONS = list(wall_positions())


def test_the_positions_include_undercut_knocks_and_winning_ones() -> None:
    """The cases that matter are met: a take whose forced knock is undercut (a wary playout
    self would decline it) and one that wins."""
    outcomes = [points for _, points in POSITIONS]
    assert sum(p < 0 for p in outcomes) >= 3 and sum(p > 0 for p in outcomes) >= 3


@pytest.mark.parametrize("wary", [0, 1, 3])
@pytest.mark.parametrize("limits", [None, (0, 10)])
def test_a_take_at_the_wall_is_valued_by_the_knock_it_obliges(
    wary: int, limits: tuple[int, int] | None
) -> None:
    """On the real hidden cards, the search's value of the take is the engine's points of the
    knock that follows it, whoever the playout's seats are modelled as."""
    for match, points in POSITIONS:
        hand = match.hand
        view = match.view(hand.turn)
        guess = (mask_of(hand.hands[1 - hand.turn]), [c.index for c in hand.stock])
        assert simulate(view, Knowledge.of(view), TAKE, guess, wary, limits)[0] == points
