"""Bot reasons are data: a kind, the cards the bot could see, and named figures."""

from __future__ import annotations

import pytest

import gin_core.bots.reasons as reasons_module
from gin_core import Action, Match, preset
from gin_core.bots import hint, make_bot
from gin_core.bots.reasons import ENDING, MeldShape, Reason, ReasonKind
from gin_core.cards import parse_cards

LEVELS = ["beginner", "standard", "hard", "simple"]


def reasons_of_play(level: str, preset_name: str, seed: int, hands: int = 1):
    """(view, decision) of every move ``level`` makes in the first ``hands`` hands."""
    m = Match(preset(preset_name), seed=seed)
    bots = [make_bot(level, seed), make_bot("simple", seed)]
    while m.phase != "match_over" and len(m.records) < hands:
        p = m.to_move
        if p is None:
            m.apply(Action("next_hand"))
            continue
        view = m.view(p)
        decision = bots[p].decide(view)
        if p == 0:
            yield view, decision
        m.apply(decision.action, p)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset_name", ["classic", "openspiel"])
def test_reasons_are_data_naming_only_cards_the_bot_saw(level, preset_name, count):
    kinds = set()
    for seed in range(count(2, 1)):  # one hand each under Pyodide
        for view, decision in reasons_of_play(level, preset_name, seed):
            why = decision.reason
            assert isinstance(why, Reason) and isinstance(why.kind, ReasonKind)
            seen = set(view.hand) | set(view.pile)
            assert set(why.cards) <= seen, (why, view.hand, view.pile)
            if decision.action.card is not None and why.kind not in (ReasonKind.TAKE_TO_KNOCK,):
                assert why.cards[:1] == (decision.action.card,), why
            text = why.describe()
            assert text and "\n" not in text
            kinds.add(why.kind)
    assert len(kinds) >= 3


def test_hint_candidates_carry_playout_figures():
    m = Match(preset("eaai"), seed=8)
    m.apply(Action("pass"), m.to_move)
    ranked = hint(m.view(m.to_move), seed=1)
    played = [c.reason for c in ranked if c.reason.wins is not None]
    assert played and all(0 <= r.wins <= 100 and r.points is not None for r in played)
    assert all("%" in r.describe() for r in played)


def test_describe_names_every_figure():
    seven, eight, nine, king = parse_cards("7H 8H 9H KD")
    meld = Reason(ReasonKind.MAKES_MELD, (nine, seven, eight, nine), meld=MeldShape.RUN)
    assert meld.describe() == "makes a run 7♥ 8♥ 9♥"
    waits = Reason(ReasonKind.WAITS, (king,), deadwood=6, opponent=7)
    discard = Reason(
        ReasonKind.LEAVES_DEADWOOD, (king,), deadwood=9, safe=True, declined=waits, wins=55, points=1.25
    )
    text = discard.describe()
    for part in ("does not knock", "6", "7", "leaves 9 deadwood", "unlikely to use it", "55%", "+1.2"):
        assert part in text
    knock = Reason(ReasonKind.KNOCKS, (king,), deadwood=4, wins=80, points=12.0)
    assert "against the likely hands" in knock.describe() and knock.kind in ENDING


def test_every_kind_is_described_and_documented():
    doc = ReasonKind.__doc__ or ""
    for kind in ReasonKind:
        assert f"``{kind.value}``" in doc, kind
        assert kind in reasons_module._TEXTS, kind
