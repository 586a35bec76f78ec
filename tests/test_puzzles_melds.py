"""Meld-choice puzzles: the knocker's declaration valued against the defender's lay-offs, its
position code, and the shipped meld-choice puzzles re-verified."""

from __future__ import annotations

import random

import pytest

from gin_core import Rules
from gin_core.actions import ActionKind
from gin_core.arrange import hand_mask, meld_order
from gin_core.cards import CARDS, Card
from gin_core.melds import Meld
from gin_core.puzzles.declaring import knock_points, measure_declarations
from gin_core.puzzles.position import Position, PositionCodeError
from gin_core.puzzles.puzzle import DecisionKind, declaration_values, puzzle_set, think_solve, verifier
from gin_core.puzzles.verify import verify
from gin_core.view import PlayerView


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _packing(*melds: str) -> tuple[int, ...]:
    return meld_order(Meld.parse(m).mask for m in melds)


class _Rules:
    """The one field of a view :func:`knock_points` reads."""

    rules = Rules()


def test_a_declaration_that_offers_a_lay_off_spot_is_worth_less() -> None:
    # Kept: 2C 2D 2S AS 3S and the run 3H-7H. Both declarations leave 4 deadwood; the run of
    # spades AS-2S-3S offers the defender's 4S a spot, the set of twos does not.
    kept = hand_mask(_cards("2C 2D 2S AS 3S 3H 4H 5H 6H 7H"))
    defender = hand_mask(_cards("4S 9C 9D 9H TC JC QC KD KS 6C"))
    view: PlayerView = _Rules()  # type: ignore[assignment]
    sets = knock_points(kept, _packing("2C-2D-2S", "3H-4H-5H-6H-7H"), defender, view)
    spades = knock_points(kept, _packing("AS-2S-3S", "3H-4H-5H-6H-7H"), defender, view)
    assert sets - spades == 4  # the 4S laid off: four points less for the knocker
    assert sets == 4 + 10 + 10 + 6 - 4  # the defender's deadwood (4S KD KS 6C) less the knocker's


def _meld_position() -> Position:
    for pz in puzzle_set():
        for a in pz.position.legal_actions:
            if a.kind == ActionKind.KNOCK and a.card is not None and pz.position.knock is None:
                try:
                    return pz.position.knocking(a.card)
                except PositionCodeError:
                    continue
    raise AssertionError("the set has no knock with two declarations")


def test_a_meld_choice_code_round_trips_and_its_moves_are_declarations() -> None:
    pos = _meld_position()
    again = Position.parse(pos.code)
    assert again == pos and again.knock == pos.knock
    acts = again.legal_actions
    assert len(acts) >= 2 and len(set(acts)) == len(acts)
    assert all(a.kind == ActionKind.KNOCK and a.card == pos.knock and a.melds for a in acts)


def test_a_knock_that_is_not_legal_is_refused() -> None:
    pos = _meld_position()
    card = next(c for c in CARDS if c not in pos.hand)
    with pytest.raises(PositionCodeError, match="knocking with"):
        pos.knocking(card)


def test_declaration_values_are_paired_and_solve_answers_a_meld_choice() -> None:
    pos = _meld_position()
    view = pos.view()
    values = measure_declarations(view, view.legal_actions, 0, 24)
    assert len(values) == len(view.legal_actions) and {len(v) for v in values} == {24}
    moves = declaration_values(view, 0, 24)
    assert [m.score() for m in moves] == sorted((m.score() for m in moves), reverse=True)
    gen = think_solve(pos)
    with pytest.raises(StopIteration) as done:
        while True:
            next(gen)
    assert {m.action for m in done.value.value} == set(view.legal_actions)


def test_a_shipped_meld_choice_puzzle_re_verifies() -> None:
    melds = [pz for pz in puzzle_set() if pz.kind == DecisionKind.MELDS]
    if not melds:
        pytest.skip("no meld-choice puzzle shipped")
    pz = random.Random(29).choice(melds)
    assert pz.position.knock is not None and verifier(pz.position) is measure_declarations
    checked = verify(pz.position.view(), tuple(m.action for m in pz.moves[:3]), by=verifier(pz.position))
    assert checked.passed and checked.actions[0] == pz.answer
    assert pz.reason(pz.answer).deadwood is not None
