"""The knocker declares melds from what the knocker knows, never from the defender's cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import CARDS, Action, IllegalAction, Match, Rules, best_arrangement, preset, settle
from gin_core.cards import Card, parse_cards
from gin_core.declare import declarations, default_declaration, layoff_spots
from gin_core.hand import Hand, stacked_deck
from gin_core.melds import Meld
from gin_core.refusals import Refusal

KNOCKER = parse_cards("TS JS QS KS TC 7H 8H 9H TH JH")
DEFENDER = parse_cards("4H AC AD JC 3S QD QH 2S 6C 7S")


def test_issue_example_declared_melds_decide_the_defence():
    rules = preset("classic")
    best = best_arrangement(KNOCKER)
    assert settle(KNOCKER, DEFENDER, rules, best.melds).defender_deadwood == 44
    default = default_declaration(KNOCKER)
    s = settle(KNOCKER, DEFENDER, rules)
    assert s.knocker_arrangement.melds == default and s.knocker_deadwood == 10
    # the default is the same whatever the defender holds
    other = [c for c in CARDS if c not in KNOCKER][:10]
    assert settle(KNOCKER, other, rules).knocker_arrangement.melds == default


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_declaration_never_depends_on_the_defenders_hand(seed):
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    knocker = deck[:10]
    if best_arrangement(knocker).deadwood_value > 10:
        knocker = [c for m in best_arrangement(deck[:20]).melds for c in m.cards][:10]
        knocker += [c for c in deck[:20] if c not in knocker][: 10 - len(knocker)]
    rest = [c for c in CARDS if c not in knocker]
    rules = Rules(layoff_on_gin=True)
    seen = {settle(knocker, rng.sample(rest, 10), rules).knocker_arrangement for _ in range(4)}
    assert len(seen) == 1
    arrangement = seen.pop()
    assert arrangement.deadwood_value == best_arrangement(knocker).deadwood_value
    assert arrangement.melds == default_declaration(knocker)


def test_declarations_list_every_choice_within_the_limit_best_first():
    found = declarations(KNOCKER, 10)
    assert found[0] == default_declaration(KNOCKER)
    assert {tuple(map(str, d)) for d in found} == {
        ("7H-8H-9H", "TC-TH-TS", "JS-QS-KS"),
        ("7H-8H-9H-TH-JH", "TS-JS-QS-KS"),
    }
    assert len(declarations(KNOCKER, 30)) > 2
    unseen = [c for c in CARDS if c not in KNOCKER and c.rank != 5]  # every 6 is dead
    spots = [
        layoff_spots((m.mask for m in d), sum(c.bit for c in unseen))
        for d in declarations(KNOCKER, 10, unseen)
    ]
    assert spots == sorted(spots)


def knock_ready(rules: Rules = Rules()) -> Hand:
    """Player 0 holds the issue's knocker hand plus 2C after drawing it."""
    dealer = DEFENDER
    h = Hand(rules, stacked_deck(KNOCKER, dealer, Card.parse("5D"), parse_cards("2C")), dealer=1)
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))
    return h


def test_an_explicit_declaration_is_settled_as_declared():
    h = knock_ready()
    h.apply(Action.parse("knock 2C 7H-8H-9H-TH-JH TS-JS-QS-KS"))
    s = h.settlement
    assert [str(m) for m in s.knocker_arrangement.melds] == ["7H-8H-9H-TH-JH", "TS-JS-QS-KS"]
    assert s.defender_deadwood == 44


@pytest.mark.parametrize(
    "text,code",
    [
        ("knock 2C 7H-8H-9H TC-TH-TS JS-QS-KS 8D-8S-8C", Refusal.DECLARED_NOT_HELD),
        ("knock 2C 7H-8H-9H TH-JH-QH", Refusal.DECLARED_NOT_HELD),
        ("knock 2C 7H-8H-9H-TH TC-TH-TS", Refusal.DECLARED_OVERLAP),
        ("knock 2C 7H-8H-9H", Refusal.DECLARED_OVER_LIMIT),
        ("knock JH TC-TH-TS 7H-8H-9H JS-QS-KS JH-QH-KH", Refusal.DECLARED_NOT_HELD),
    ],
)
def test_a_wrong_declaration_is_refused_and_changes_nothing(text, code):
    h = knock_ready()
    before = (list(h.hands[0]), h.phase)
    with pytest.raises(IllegalAction) as caught:
        h.apply(Action.parse(text))
    assert caught.value.code == code
    assert (list(h.hands[0]), h.phase) == before


def test_declared_actions_round_trip_as_text():
    a = Action("knock", Card.parse("2C"), (Meld.parse("TS-JS-QS-KS"), Meld.parse("7H-8H-9H-TH-JH")))
    assert str(a) == "knock 2C 7H-8H-9H-TH-JH TS-JS-QS-KS"
    assert Action.parse(str(a)) == a
    assert Action.parse("knock 2C") == Action("knock", Card.parse("2C"))


def test_bots_declare_from_their_view_and_the_view_shows_it():
    m = Match(preset("eaai"), seed=3)
    from gin_core.bots import make_bot

    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    knocks = 0
    while m.phase != "match_over" and knocks < 3:
        if m.phase == "hand_over":
            m.apply(Action("next_hand"))
            continue
        p = m.to_move
        view = m.view(p)
        action = bots[p].decide(view).action
        if action.kind in ("knock", "gin"):
            kept = [c for c in view.hand if c != action.card]
            assert action.melds == default_declaration(kept, view.unseen())
            m.apply(action, p)
            assert m.view(1 - p).showdown.settlement.knocker_arrangement.melds == action.melds
            knocks += 1
        else:
            m.apply(action, p)
    assert knocks
