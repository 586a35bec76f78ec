"""Issue 41.6: luck that adds up. Every hand's result is told as parts (the cards, the
computer's turns, the estimates' noise and your decisions) that add up to it exactly, on every
kind of hand end (gin, knock, undercut, dead hand) under every preset; the review's line says
those parts, and the statistics' luck-adjusted result is its decisions' part."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action, ActionKind, Match, Phase, make_bot, preset
from gin_core.analysis import HandLuck, hand_luck, rating
from gin_core.analysis.coach import HandReview, Strength, review
from gin_core.presets import PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.review import model as presenter
from ginweb.review import record
from ginweb.storage import stats

QUICK = Strength(samples=6, total_units=1_500)  # the identity holds at any strength; kept fast


def hand_kind(m: Match, n: int) -> str:
    s = m.records[n - 1].settlement
    return "dead" if s is None else s.kind


@cache
def played(rules: str, seed: int) -> tuple[Match, tuple[tuple[HandReview, HandLuck], ...]]:
    """A match of up to four hands, a beginner (you) against the standard level, each reviewed
    quickly, with its luck."""
    m = Match(preset(rules), seed=seed, dealer=0)
    bots = (make_bot("beginner", seed), make_bot("standard", seed + 1))
    while len(m.records) < 4 and m.phase != "match_over":
        p = m.to_move
        if p is None:
            m.apply(Action.parse("next_hand"))
        else:
            m.apply(bots[p].decide(m.view(p)).action, p)
    found = []
    for n in range(1, len(m.records) + 1):
        r = review(m, n, strength=QUICK)
        found.append((r, hand_luck(m, n, r)))
    return m, tuple(found)


FIGURE = re.compile(r"([+\u2212]\d+\.\d)")


def said(line: str) -> list[float]:
    return [float(f.replace("\u2212", "-")) for f in FIGURE.findall(line.partition(" = ")[2])]


def check_identity(luck: HandLuck, r: HandReview) -> None:
    parts = luck.parts()
    assert round(parts.cards + parts.turns + parts.noise + parts.decisions, 1) == luck.result
    measured = sum(v.played_value - v.best_value for v in r.verdicts)
    assert abs(luck.result - luck.total - measured) <= 0.05 + 0.005 * len(luck.items)  # items are to 0.01
    check_decisions_agree(parts.decisions, r)
    line = presenter.luck_text(parts)
    assert len(said(line)) == 4 and round(sum(said(line)), 1) == luck.result


def check_decisions_agree(decisions: float, r: HandReview) -> None:
    """Your decisions' part is what the review's other figures count: the accuracy line's points
    lost a decision, times the decisions, and at least what the mistakes gave away."""
    judged = rating([r])
    assert abs(decisions + sum(v.loss for v in r.verdicts)) <= 0.051  # to a tenth
    bound = 0.05 + 0.005 * judged.decisions + 1e-9  # rounding; 1e-9: a bound met exactly
    assert abs(-decisions - judged.average_loss * judged.decisions) <= bound
    assert -decisions >= r.given_away - 0.05


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_every_preset_s_hands_add_up(rules: str) -> None:
    _m, hands = played(rules, 3)
    for r, luck in hands:
        check_identity(luck, r)


KINDS = {"knock": (0, 1), "gin": (0, 4), "undercut": (12, 1)}  # classic: (seed, hand) of each end


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_of_hand_end_adds_up(kind: str) -> None:
    seed, n = KINDS[kind]
    m, hands = played("classic", seed)
    assert hand_kind(m, n) == kind
    check_identity(hands[n - 1][1], hands[n - 1][0])


def dead_hand() -> Match:
    """A classic hand played to a dead end: both players pass the upcard, draw from the stock
    and throw back the card drawn, so nobody knocks and the stock runs out."""
    m = Match(preset("classic"), seed=1, dealer=0)
    drawn = None
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        p = m.to_move
        kinds = {a.kind for a in m.view(p).legal_actions}
        if m.phase == Phase.DISCARD:
            m.apply(Action(ActionKind.DISCARD, drawn), p)
        elif ActionKind.DRAW_STOCK in kinds:
            before = set(m.view(p).hand)
            m.apply(Action(ActionKind.DRAW_STOCK), p)
            drawn = (set(m.view(p).hand) - before).pop()
        else:
            m.apply(Action(ActionKind.PASS), p)
    return m


def test_a_dead_hand_adds_up() -> None:
    m = dead_hand()
    assert hand_kind(m, 1) == "dead"
    r = review(m, 1, strength=QUICK)
    luck = hand_luck(m, 1, r)
    assert luck.result == 0
    check_identity(luck, r)


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000))
def test_the_parts_add_up_on_any_match(rules: str, seed: int) -> None:
    _m, hands = played(rules, seed)
    for r, luck in hands:
        check_identity(luck, r)


def test_the_statistics_say_the_review_s_decisions() -> None:
    _m, hands = played("classic", 5)
    data = stats.empty({"coach": record.check_counts})
    for r, luck in hands:
        record.count_review(data, "m1", r, "standard", (luck.luck, luck.result))
    rows = dict(presenter.coach_rows(data["coach"]))
    per_hand = rows[presenter.NET_LABEL]
    net, luck_said, decisions = said(" = " + per_hand)
    assert round(luck_said + decisions, 1) == net
    shown = [luck.parts() for _r, luck in hands]
    assert abs(decisions - sum(p.decisions for p in shown) / len(shown)) <= 0.051 + 0.05
