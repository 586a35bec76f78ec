"""The playouts' short cuts give the engine's answers: the points of a knock counted from the
defender's deadwood alone (``bots/knock_points.py``) are the settlement's, and the best-discard
search skipped, or replaced by the hand's own best discard, for a face-up or drawn card that
joins no meld would have found the same; so does the heuristics' look-up of a stock card that joins
no meld (:func:`~gin_core.bots.heuristics.afters`).
Random hands rarely meet the cases that matter (lay-offs, tied packings, a drawn card that
outranks the hand), so the hands here are built around melds and their neighbours."""

from __future__ import annotations

import random

from hypothesis import given, note, settings
from hypothesis import strategies as st

from gin_core.arrange import min_deadwood, top_card
from gin_core.bots.heuristics import afters, best_after, cached_discard
from gin_core.bots.knock_points import declared, knock_score
from gin_core.bots.knowledge import fits, meld_reach
from gin_core.bots.rollout import drawn_discard, lowers
from gin_core.cards import CARD_VALUES, Mask
from gin_core.declare import default_packing
from gin_core.melds import meld_extensions, meld_masks
from gin_core.presets import PRESETS, preset
from gin_core.scoring import knock_points

BIG_GIN_RULES = ("big_gin", "tournament")


def run_of(suit: int, start: int, length: int) -> Mask:
    return sum(1 << (13 * suit + r) for r in range(start, min(13, start + length)))


def set_of(rank: int, suits: list[int]) -> Mask:
    return sum(1 << (13 * s + rank) for s in suits)


def neighbours(hand: Mask) -> list[int]:
    """Cards one or two steps from the melds of ``hand``: where lay-offs and chains are."""
    near = 0
    for meld in meld_masks(hand):
        ext = meld_extensions(meld)
        near |= ext | meld_extensions(meld | ext)
    return [i for i in range(52) if near >> i & 1 and not hand >> i & 1]


@st.composite
def knocks(draw: st.DrawFn) -> tuple[Mask, Mask, str, bool, bool]:
    """(knocker, defender, preset, layoff_on_gin, big gin): a knocker of one or two melds and
    filler cards (often gin or a low count), a defender holding some of the cards that lay off."""
    deck = draw(st.permutations(range(52)))
    knocker = run_of(draw(st.integers(0, 3)), draw(st.integers(0, 10)), draw(st.integers(3, 6)))
    shape = draw(st.sampled_from(("set", "run", "none")))
    if shape == "set":
        knocker |= set_of(
            draw(st.integers(0, 12)), draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]
        )
    elif shape == "run":
        knocker |= run_of(draw(st.integers(0, 3)), draw(st.integers(0, 10)), draw(st.integers(3, 5)))
    size = draw(st.sampled_from((10, 10, 10, 11)))
    fill = sorted(deck, key=lambda i: CARD_VALUES[i]) if draw(st.booleans()) else deck
    for card in fill:
        if knocker.bit_count() >= size:
            break
        knocker |= 1 << card
    while knocker.bit_count() > size:
        knocker &= ~(1 << (knocker.bit_length() - 1))
    near = neighbours(knocker)
    defender = sum(1 << c for c in near[: draw(st.integers(0, len(near)))])
    for card in deck:
        if defender.bit_count() >= 10:
            break
        if not knocker >> card & 1:
            defender |= 1 << card
    while defender.bit_count() > 10:
        defender &= ~(1 << (defender.bit_length() - 1))
    big = size == 11 and min_deadwood(knocker) == 0
    name = draw(st.sampled_from(BIG_GIN_RULES if big else tuple(PRESETS)))
    return knocker, defender, name, draw(st.booleans()), big


@settings(max_examples=400)
@given(knocks())
def test_a_knock_scores_the_settlements_points(case: tuple[Mask, Mask, str, bool, bool]) -> None:
    knocker, defender, name, layoff_on_gin, big = case
    rules = preset(name).replace(layoff_on_gin=layoff_on_gin)
    if knocker.bit_count() == 11 and not big:
        knocker &= ~(1 << top_card(knocker))
    note(f"knocker deadwood {min_deadwood(knocker)}, defender {min_deadwood(defender)}")
    assert knock_score(knocker, defender, rules, big) == knock_points(knocker, defender, rules, big)
    assert sorted(declared(knocker)) == sorted(default_packing(knocker))


def hands_and_cards(n: int, seed: int) -> list[tuple[Mask, int]]:
    """``n`` 10-card hands, each with a card from outside it: half of the cards high ones (the
    cards the playouts throw, and the ones that may outrank a hand), the hands often low."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = rng.sample(range(52), 52)
        if rng.random() < 0.5:
            deck.sort(key=lambda i: CARD_VALUES[i] + rng.random() * 8)
        hand = sum(1 << c for c in deck[:10])
        rest = deck[10:]
        card = max(rest, key=lambda i: CARD_VALUES[i] + rng.random() * 3) if rng.random() < 0.5 else rest[0]
        out.append((hand, card))
    return out


def test_a_drawn_card_is_discarded_as_the_search_would() -> None:
    outranks = loose = 0
    for hand, card in hands_and_cards(6000, seed=11):
        searched = cached_discard(hand | 1 << card)
        assert drawn_discard(hand, card, min_deadwood(hand)) == searched, (hand, card)
        top = top_card(hand)
        outranks += (CARD_VALUES[card], card) > (CARD_VALUES[top], top) and searched[0] == card
        loose += not fits(hand, card) and searched[0] != card
    assert outranks > 400 and loose > 400  # both short cuts were taken often enough to be tested


def test_whether_a_face_up_card_lowers_the_deadwood_is_the_searchs_answer() -> None:
    loose = 0
    for hand, card in hands_and_cards(4000, seed=12):
        deadwood = min_deadwood(hand)
        loose += not fits(hand, card)
        for forbidden in (0, 1 << card):  # the card just taken may be discarded, or may not
            searched = best_after(hand | 1 << card, forbidden) < deadwood
            assert lowers(hand, card, deadwood, forbidden) == searched, (hand, card, forbidden)
    assert loose > 1000  # the look-up stood in for the search often enough to be tested


def test_the_meld_reach_of_a_hand_is_every_card_that_fits_it() -> None:
    for hand, _ in hands_and_cards(3000, seed=13):
        reach = meld_reach(hand)
        assert [reach >> i & 1 == 1 for i in range(52)] == [
            not hand >> i & 1 and fits(hand, i) for i in range(52)
        ], hand


def test_the_deadwood_after_each_stock_card_is_the_searchs_answer() -> None:
    loose = 0
    for hand, card in hands_and_cards(1500, seed=14):
        odds = [(i, 1.0 / 42) for i in range(52) if not hand >> i & 1 and i != card]
        assert [after for after, _ in afters(hand, odds)] == [best_after(hand | 1 << i) for i, _ in odds]
        loose += sum(not fits(hand, i) for i, _ in odds)
    assert loose > 20_000  # the look-up stood in for the search often enough to be tested
