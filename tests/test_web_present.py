"""The presenter (web/ginweb/table/model.py, pure): what the table shows in every phase, made from
your view alone."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_core import Card, Match, preset
from gin_core.bots import make_bot
from gin_core.flow import Phase

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.storage.savefmt import LogLine
from ginweb.table.model import Look, TableModel, present
from ginweb.table.tablestate import Stage, TableState


def positions(seeds: range, preset_name: str = "classic") -> Iterator[Match]:
    """Every position of one hand per seed, played by two standard bots (copies not needed:
    each is presented before the next move)."""
    for seed in seeds:
        m = Match(preset(preset_name), seed=seed)
        bots = (make_bot("beginner", seed), make_bot("beginner", seed + 1))
        while True:
            yield m
            if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            p = m.to_move
            m.apply(bots[p].decide(m.view(p)).action, p)


def model(m: Match, stage: Stage = Stage.LIVE, **look: object) -> TableModel:
    return present(m.view(0), TableState(stage=stage), Look(**look))  # type: ignore[arg-type]


def shown_cards(t: TableModel) -> set[Card]:
    return {s.card for z in (t.zones.opp, t.zones.pile, t.zones.mine) for s in z if s.card is not None}


def test_every_phase_shows_only_what_your_view_holds(count):
    phases = set()
    for m in positions(range(count(12, 3))):
        v = m.view(0)
        t = model(m)
        phases.add(v.phase)
        seen = set(v.hand) | set(v.pile) | set(v.opponent_known)
        assert shown_cards(t) <= seen, "a card you have not seen is on the table"
        assert len(t.zones.opp) == v.opponent_hand_size
        assert [s.card for s in t.zones.mine] != [] and {s.card for s in t.zones.mine} == set(v.hand)
        assert t.piles.stock_count == v.stock_size
        assert v.hand_number and t.facts.hand.startswith(f"Hand {v.hand_number}")
        assert t.facts.turn == ("you" if v.my_turn else "computer" if v.to_move == 1 else "none")
    assert {Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.HAND_OVER} <= phases


def test_controls_are_the_legal_actions_on_your_turn_only(count):
    for m in positions(range(count(10, 3))):
        v = m.view(0)
        c = model(m).controls
        kinds = {a.kind for a in v.legal_actions} if v.my_turn else set()
        assert c.pass_ == ("pass" in kinds)
        assert c.knock == ("knock" in kinds) and c.gin == ("gin" in kinds)
        assert c.take == (v.phase in (Phase.OFFER, Phase.WALL) and "draw_pile" in kinds)
        assert c.hint == (v.my_turn and v.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER))
        p = model(m).piles
        assert p.stock_live == ("draw_stock" in kinds) and p.pile_live == ("draw_pile" in kinds)


def test_with_eleven_cards_the_deadwood_is_after_the_best_discard(count):
    checked = 0
    for m in positions(range(count(8, 2))):
        v = m.view(0)
        if not (v.my_turn and v.phase == Phase.DISCARD):
            continue
        h = model(m).hands
        card, left = v.least_discard or (None, -1)
        assert h.deadwood == left
        assert h.deadwood_after == f"after discarding {card.symbol}"
        assert h.mine_label.endswith(f"deadwood {left} after discarding the {card.name}")
        assert h.can_knock == (left <= v.knock_limit)
        checked += 1
    assert checked


def finished(seed_from: int = 0, want_layoffs: bool = False) -> Match:
    for m in positions(range(seed_from, seed_from + 200)):
        v = m.view(0)
        sd = v.showdown.settlement if v.showdown else None
        if v.phase == Phase.HAND_OVER and sd is not None and (bool(sd.layoffs) or not want_layoffs):
            return m
    raise AssertionError("no finished hand found")


def test_the_showdown_lays_both_hands_out_and_the_result_comes_last():
    m = finished(want_layoffs=True)
    v = m.view(0)
    sd = v.showdown.settlement
    live = model(m, Stage.LIVE)
    assert live.result is None and not live.hands.showdown
    laid = model(m, Stage.LAID_OUT)
    assert laid.hands.showdown and laid.result is None
    assert all(s.role == "img" and s.card is not None for s in laid.zones.opp), (
        "the computer's hand is face up"
    )
    assert {s.card for s in laid.zones.opp} | {s.card for s in laid.zones.mine} >= set(v.hand)
    assert laid.hands.opp_deadwood is not None
    done = model(m, Stage.RESULT)
    assert done.result is not None and done.result.button == "next"
    assert done.result.deal_code == v.showdown.deal_code
    assert any("laid" in s.cls.split() for z in (done.zones.opp, done.zones.mine) for s in z)
    defender_dw = (
        min(sd.knocker_deadwood, sd.defender_deadwood),
        max(sd.knocker_deadwood, sd.defender_deadwood),
    )
    assert sorted((done.hands.deadwood, done.hands.opp_deadwood)) == sorted(defender_dw)
    assert any(s.key == "knock" for s in done.zones.pile) == (sd.kind != "big_gin")


def test_a_practice_hand_ends_with_back_to_your_match_and_shows_the_reasons():
    m = finished()
    reasons = [LogLine(3, 1, "Computer discards the 9♣", "Keeps a run")]
    res = model(m, Stage.RESULT, practice_code="ABC", reasons=reasons).result
    assert res is not None and res.button == "practice-end"
    assert res.reasons == (("Computer discards the 9♣", "Keeps a run"),)


def test_a_finished_match_offers_the_match_result():
    m = Match(preset("classic").replace(target=None), seed=3)
    bots = (make_bot("beginner", 1), make_bot("beginner", 2))
    while m.phase != Phase.MATCH_OVER:
        p = m.to_move
        m.apply(bots[p].decide(m.view(p)).action, p)
    t = model(m, Stage.RESULT)
    assert t.result is not None and t.result.button == "show-result"
    assert t.scoreboard.current is None and len(t.scoreboard.rows) == 1
    assert t.facts.target == "one hand"


def test_the_hidden_deal_code_stays_hidden_while_the_hand_is_live():
    m = Match(preset("classic"), seed=9)
    t = model(m)
    assert t.scoreboard.current == 1 and t.scoreboard.rows == ()


@pytest.mark.parametrize("thinking", [False, True])
def test_the_status_line_says_the_computer_is_thinking(thinking):
    for m in positions(range(5)):
        if m.to_move == 1 and m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            t = present(m.view(0), TableState(thinking=thinking), Look())
            assert t.facts.thinking == thinking
            assert ("thinking" in t.facts.status) == thinking
            return
    raise AssertionError("the computer never moved")


def test_your_hand_carries_the_drawn_card_the_hint_and_one_tab_stop(count):
    for m in positions(range(count(6, 2))):
        v = m.view(0)
        if not (v.my_turn and v.phase == Phase.DISCARD):
            continue
        card = str(v.hand[0])
        t = present(v, TableState(drawn=card, hint=card, focus=card), Look())
        spec = next(s for s in t.zones.mine if s.key == card)
        assert {"drawn", "hinted"} <= set(spec.cls.split())
        assert "just drawn" in (spec.desc or "") and "suggested by the hint" in (spec.desc or "")
        assert [s.tab for s in t.zones.mine].count("0") == 1 and spec.tab == "0"
        return
    raise AssertionError("no discard position")


def test_undo_and_sort_controls_follow_the_look():
    m = Match(preset("classic"), seed=1)
    c = model(m, can_undo=True, strict=False, sort="suit").controls
    assert c.undo and c.undo_shown and c.sort == "suit"
    c = model(m, can_undo=False, strict=True).controls
    assert not c.undo and not c.undo_shown


def test_the_seats_are_yours_and_the_other_across_by_name():
    """The two seats come from around.py's drawing of every seating, named by the look; a
    covered table draws them the same (they hold no card, only counts and turns)."""
    m = Match(preset("classic"), seed=4)
    v = m.view(0)
    t = model(m, me="Ann", opp="Bob", people=True)
    you, other = t.seats
    assert (you.name, you.place, other.name, other.place) == ("Ann", "you", "Bob", "across")
    assert (you.backs, other.backs) == (len(v.hand), v.opponent_hand_size)
    assert (you.deals, other.deals) == (v.dealer == 0, v.dealer == 1)
    assert (you.to_move, other.to_move) == (v.to_move == 0, v.to_move == 1)
    assert model(m, me="Ann", opp="Bob", people=True, handover="Bob").seats == t.seats
    assert [s.name for s in model(m).seats] == ["You", "Computer"]
