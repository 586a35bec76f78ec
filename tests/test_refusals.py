"""Refused actions are data: a Refusal code with the cards and figures it names, and a message
for people (no programmer identifiers in it)."""

from __future__ import annotations

import pickle

import pytest

from gin_core import Action, ActionError, GinError, IllegalAction, Match, Rules
from gin_core.cards import Card, parse_cards
from gin_core.hand import Hand, stacked_deck
from gin_core.refusals import Refusal


def knock_ready() -> Hand:
    """Player 0 (non-dealer) holds a run, a set and 4 deadwood after drawing KC."""
    first = parse_cards("2H 3H 4H 5S 5D 5C 9S TS AS 3C")
    dealer = parse_cards("KH QH JD 8D 7C 6H 2S 4S 6D TD")
    h = Hand(Rules(), stacked_deck(first, dealer, Card.parse("9H"), parse_cards("KC")), dealer=1)
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))
    return h


@pytest.mark.parametrize(
    "action,code,cards,figures",
    [
        ("knock KS", Refusal.NOT_HELD, "KS", {}),
        ("knock TS", Refusal.OVER_KNOCK_LIMIT, "TS", {"deadwood": 23, "limit": 10}),
        ("gin KC", Refusal.GIN_NEEDS_NO_DEADWOOD, "KC", {"deadwood": 23}),
        ("draw_stock", Refusal.ALREADY_DREW, "", {}),
    ],
)
def test_refusal_carries_code_cards_and_figures(action, code, cards, figures):
    h = knock_ready()
    with pytest.raises(IllegalAction) as caught:
        h.apply(Action.parse(action))
    e = caught.value
    assert e.code == code and e.cards == tuple(parse_cards(cards))
    for name, value in figures.items():
        assert getattr(e, name) == value
    assert str(e) == e.message() and "\n" not in str(e)
    back = pickle.loads(pickle.dumps(e))  # the same data on the far side of a process boundary
    assert type(back) is IllegalAction and str(back) == str(e)
    assert (back.code, back.cards, back.deadwood, back.limit, back.player) == (
        e.code,
        e.cards,
        e.deadwood,
        e.limit,
        e.player,
    )


def test_messages_are_for_people():
    m = Match(Rules(), seed=1)
    with pytest.raises(IllegalAction) as caught:
        m.apply("draw_stock")
    assert caught.value.code == Refusal.UPCARD_OFFER
    assert "draw_pile" not in str(caught.value) and "_" not in str(caught.value)
    with pytest.raises(IllegalAction) as caught:
        m.apply("pass", player=m.to_move ^ 1)
    assert caught.value.code == Refusal.NOT_YOUR_TURN and caught.value.player == m.to_move ^ 1


def test_every_refusal_is_documented():
    doc = Refusal.__doc__ or ""
    assert all(f"``{r.value}``" in doc for r in Refusal)


def test_action_error_is_a_gin_error():
    with pytest.raises(GinError):
        Action.parse("fly 7H")
    assert issubclass(ActionError, GinError)
