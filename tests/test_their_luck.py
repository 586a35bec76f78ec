"""The opponent's luck once its hand is shown (gin_core.analysis.their_luck): valued as the
player's own, and never from a card the player could not know by the hand's end."""

from __future__ import annotations

import pytest
from conftest import PYODIDE
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gin_core import ActionKind, ArgumentError, Match, Rules
from gin_core.analysis import CoachDataError, LuckKind, TheirLuck, hand_luck, hand_moves, their_luck
from gin_core.analysis.coach import review
from gin_core.analysis.replay import hand_start
from gin_core.tools.hands import played_match
from tests.test_coach import HAND_B, played


def seen_by_end(m: Match) -> set[str]:
    """What seat 0 saw of seat 1's cards in hand 1, from its own views: every card seat 1 put
    face up on the pile, and the cards its settlement shows (none after a dead hand)."""
    table = hand_start(m, 1)
    seen: set[str] = set()
    for player, action in hand_moves(m, 1):
        table.apply(action, player)
        pile = table.view(0).pile
        if player == 1 and action.kind == ActionKind.DISCARD:
            seen.add(str(pile[-1]))
    end = table.view(0).showdown
    settled = end.settlement if end is not None else None
    if settled is not None:
        theirs = settled.defender_arrangement if settled.knocker == 0 else settled.knocker_arrangement
        seen |= {str(c) for c in theirs.cards} | {
            str(c) for c in (x.card for x in settled.layoffs) if settled.knocker == 0
        }
    return seen


def wall_hand() -> Match:
    """A dead hand: both seats draw from the stock and throw the card back until the wall."""
    m = Match(Rules().replace(target=None), seed=5, dealer=0)
    while m.phase not in ("hand_over", "match_over"):
        p = m.to_move
        assert p is not None
        acts = {a.kind: a for a in m.legal_actions()}
        pick = acts.get(ActionKind.DRAW_STOCK) or acts.get(ActionKind.PASS) or acts[ActionKind.DISCARD]
        if pick.kind == ActionKind.DISCARD:
            pick = [a for a in m.legal_actions() if a.kind == ActionKind.DISCARD][-1]
        m.apply(pick, p)
    return m


@settings(max_examples=2 if PYODIDE else 5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["beginner", "standard"]))
@example(6262, "standard")  # a dead hand
def test_never_uses_a_card_the_player_could_not_know(seed: int, level: str) -> None:
    """Every draw given is of a card seat 0 saw by the hand's end; the deal only if every card
    dealt to seat 1 was; the rest counted as hidden; and seat 0's own identity still holds."""
    m = played_match(seed, level)
    mine, theirs = review(m, 1), review(m, 1, player=1)
    seen = seen_by_end(m)
    if m.records[0].settlement is None:  # a dead hand lays nothing open: no luck of theirs
        with pytest.raises(ArgumentError, match="open"):
            their_luck(m, 1, theirs)
        return
    found = their_luck(m, 1, theirs)
    dealt = {str(c) for c in hand_start(m, 1).hand.hands[1]}
    for item in found.items:
        if item.kind == LuckKind.DEAL:
            assert dealt <= seen
        else:
            assert item.kind == LuckKind.STOCK and str(item.card) in seen
    draws = [i for i in hand_luck(m, 1, theirs).items if i.kind == LuckKind.STOCK]
    assert found.draws == len(draws)
    assert found.hidden_draws == sum(1 for i in draws if str(i.card) not in seen)
    assert (found.deal is not None) == (dealt <= seen)
    luck = hand_luck(m, 1, mine)
    signed = sum(v.best_value - v.played_value for v in mine.verdicts)
    assert luck.result == pytest.approx(luck.total - signed, abs=0.01 * (len(luck.items) + 1))


def test_values_match_the_opponents_own_luck() -> None:
    """A draw given is worth what the same function gives the opponent's seat."""
    m = played(HAND_B)
    theirs = review(m, 1, player=1)
    whole = {(i.move_index, i.kind): i.points for i in hand_luck(m, 1, theirs).items}
    found = their_luck(m, 1, theirs)
    assert found.items
    assert all(whole[(i.move_index, i.kind)] == i.points for i in found.items)
    assert found.total == pytest.approx(sum(i.points for i in found.items))
    for item in found.items:
        if item.kind == LuckKind.STOCK:
            assert found.at(item.move_index) == item
            assert hand_moves(m, 1)[item.move_index][0] == 1  # the opponent's draw


def test_a_dead_hand_gives_nothing() -> None:
    m = wall_hand()
    with pytest.raises(ArgumentError, match="open"):
        their_luck(m, 1, review(m, 1, player=1))


def test_round_trip_and_bad_data() -> None:
    m = played(HAND_B)
    found = their_luck(m, 1, review(m, 1, player=1))
    assert TheirLuck.from_data(found.to_data()) == found
    data = found.to_data()
    for bad in ({}, {**data, "draws": -1}, {**data, "draws": 0}, {**data, "items": "x"}, None):
        with pytest.raises(CoachDataError):
            TheirLuck.from_data(bad)
    showdown = {**data, "items": [{"move": 3, "kind": "showdown", "points": 1.0, "card": None}]}
    with pytest.raises(CoachDataError, match="cannot hold"):
        TheirLuck.from_data(showdown)
