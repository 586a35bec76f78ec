"""The openspiel preset plays OpenSpiel's gin_rummy rules, including discarding the card just
taken from the pile (OpenSpiel's DiscardLegalActions: every card in hand)."""

from __future__ import annotations

from gin_core import Action, Match, preset


def test_openspiel_allows_discarding_the_card_just_taken():
    m = Match(preset("openspiel"), seed=5)
    top = m.view(m.to_move).top
    m.apply(Action("draw_pile"))
    assert Action("discard", top) in m.legal_actions()
    m.apply(Action("discard", top))
    assert m.view(0).top == top
