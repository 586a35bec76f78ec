"""The engine's vocabulary is typed: action kinds and phases are StrEnums (old string
comparisons still hold), each name means one thing, and the stock-end rule is written once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gin_core
from gin_core import Action, Match, Rules, preset
from gin_core.actions import ActionError, ActionKind
from gin_core.cards import Card
from gin_core.flow import Phase, at_the_wall, dead_after_discard

PACKAGE = Path(gin_core.__file__).parent


def test_action_kinds_and_phases_are_enums_equal_to_their_text():
    a = Action.parse("knock TD")
    assert a.kind is ActionKind.KNOCK and a.kind == "knock" and str(a) == "knock TD"
    assert Action("discard", a.card) == Action(ActionKind.DISCARD, a.card)
    m = Match(preset("classic"), seed=2)
    assert m.phase is Phase.OFFER and m.view(0).phase == "offer"
    assert all(isinstance(x.kind, ActionKind) for x in m.legal_actions())


@pytest.mark.parametrize("text", ["draw_pile", "draw_stock", "pass", "big_gin", "discard TD"])
def test_an_action_s_text_is_a_plain_string(text):
    """``str(action)`` is text, not the kind's enum member: quoted with ``repr`` (as a browser
    test builds a selector) a card-less move read ``<ActionKind.DRAW_PILE: 'draw_pile'>``."""
    said = str(Action.parse(text))
    assert type(said) is str and repr(said) == repr(text)


def definitions(name: str) -> list[str]:
    """Modules of gin_core that define a top-level function or class called ``name``."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name for n in tree.body):
            found.append(path.relative_to(PACKAGE).as_posix())
    return found


@pytest.mark.parametrize("name", ["best_discard", "Tally", "dead_after_discard"])
def test_each_name_is_defined_once(name):
    if not PACKAGE.joinpath("hand.py").exists():
        pytest.skip("gin_core's source is not here")
    assert len(definitions(name)) <= 1, definitions(name)


@pytest.mark.parametrize("end", ["two_left", "one_left", "empty", "wall"])
def test_the_hand_follows_the_one_stock_end_rule(end):
    rules = Rules(stock_end=end, knock_limit=0)
    m = Match(rules, seed=9)
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        acts = m.legal_actions()
        pick = next(
            (x for x in acts if x.kind in (ActionKind.DRAW_STOCK, ActionKind.DISCARD, ActionKind.PASS)),
            acts[0],
        )
        m.apply(pick)
        if pick.kind == ActionKind.DISCARD:
            left = len(m.hand.stock)
            dead = dead_after_discard(rules, left)
            assert (m.hand.phase == Phase.OVER) == dead
            if not dead:
                assert (m.hand.phase == Phase.WALL) == at_the_wall(rules, left)
    assert m.hand.dead


def test_put_is_the_card_put_down_and_refused_for_moves_without_one():
    assert Action.parse("knock TD").put == Card.parse("TD")
    with pytest.raises(ActionError, match="puts down no card"):
        _ = Action(ActionKind.DRAW_STOCK).put
