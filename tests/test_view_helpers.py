"""The view offers the player's own arrangement, deadwood and, with 11 cards, the best discard
and the deadwood after it (the page shows "10 after discarding K♦")."""

from __future__ import annotations

from gin_core import Action, Match, Rules, best_arrangement, best_discard, deadwood, preset


def test_view_arrangement_deadwood_and_least_discard():
    m = Match(preset("classic"), seed=11)
    v = m.view(m.to_move)
    assert v.arrangement == best_arrangement(v.hand) and v.deadwood == deadwood(v.hand)
    assert v.least_discard is None
    m.apply(Action("pass"))
    m.apply(Action("pass"))
    m.apply(Action("draw_stock"))
    v = m.view(m.to_move)
    card, left = v.least_discard
    assert card == best_discard(v.hand)[0]
    assert left == deadwood([c for c in v.hand if c != card]) < v.deadwood + card.value + 1


def test_least_discard_never_names_the_card_just_taken():
    rules = Rules(no_discard_after_pickup=True)
    for seed in range(40):
        m = Match(rules, seed=seed)
        m.apply(Action("draw_pile"))
        v = m.view(m.to_move)
        assert v.forbidden is not None and v.least_discard[0] != v.forbidden
