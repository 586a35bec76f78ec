"""How your hand is shown (web/ginweb/table/handview.py, pure): groups follow what is on screen, and
with 11 cards the deadwood shown is the one after the best discard (the count the Knock button
goes by)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gin_core import CARDS, deadwood, parse_cards

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.table import handview


def groups(slots):
    return [s.group for s in slots]


def test_a_card_dragged_away_from_its_meld_loses_the_tint():
    hand = parse_cards("AC AD AS 5H 6H 7H 9C JD QS KH")
    order = ["AC", "AD", "5H", "6H", "7H", "AS", "9C", "JD", "QS", "KH"]
    slots, dw = handview.layout(hand, "custom", order)
    shown = {str(s.card): s.group for s in slots}
    assert shown["AS"] == -1 and shown["AC"] == shown["AD"] == -1  # the set is broken up on screen
    assert shown["5H"] == shown["6H"] == shown["7H"] >= 0
    assert dw == deadwood(hand)  # the count is still the hand's best (what knocking goes by)
    # put it back beside the other aces: the set is tinted again
    slots, _ = handview.layout(hand, "custom", ["AS", "AC", "AD", *order[2:5], *order[6:]])
    shown = {str(s.card): s.group for s in slots}
    assert shown["AS"] == shown["AC"] == shown["AD"] >= 0


def test_your_own_grouping_chooses_between_melds():
    hand = parse_cards("7H 8H 9H TH JH TC TS JS QS KS")
    as_run = ["7H", "8H", "9H", "TH", "JH", "TS", "JS", "QS", "KS", "TC"]
    as_set = ["7H", "8H", "9H", "TC", "TH", "TS", "JS", "QS", "KS", "JH"]
    run_groups = {str(s.card): s.group for s in handview.layout(hand, "custom", as_run)[0]}
    set_groups = {str(s.card): s.group for s in handview.layout(hand, "custom", as_set)[0]}
    assert run_groups["TC"] == -1 and run_groups["JH"] == run_groups["7H"]
    assert set_groups["JH"] == -1 and set_groups["TC"] == set_groups["TH"] == set_groups["TS"]


@given(st.permutations(CARDS).map(lambda cards: list(cards[:10])))
def test_shown_groups_are_neighbouring_melds(cards):
    groups_ = handview.shown_groups(cards)
    for g in set(groups_) - {-1}:
        at = [i for i, x in enumerate(groups_) if x == g]
        assert at == list(range(at[0], at[-1] + 1))  # side by side
        assert deadwood([cards[i] for i in at]) == 0  # and a meld
    # never more deadwood than with no melds, never less than the hand's best
    left = sum(c.value for c, g in zip(cards, groups_, strict=False) if g < 0)
    assert deadwood(cards) <= left <= sum(c.value for c in cards)


def test_sorted_hands_group_the_best_arrangement():
    hand = parse_cards("8C 8D 8H 5D 6D 7D 4C 4S 2H AS")
    slots, dw = handview.layout(hand, "rank")
    assert dw == 11 and sum(s.card.value for s in slots if s.group < 0) == 11
    assert [s.start for s in slots].count(True) == 2  # the second meld, then the deadwood
