"""Duplicate scoring (gin_core/analysis/duplicate.py): each hand dealt again exactly as it was, the same
opponent, and figures that are the same on every run."""

from __future__ import annotations

import json

import pytest

from gin_core import Match, preset
from gin_core.analysis.duplicate import (
    DealtHand,
    DuplicateError,
    DuplicateLine,
    compute,
    dealt_hands,
    duplicate_line,
    expert_seed,
    replay_hand,
)
from gin_core.bots import ExpertBot, make_bot

SEED = 1072861510922263205  # Daily #1's match seed
PLAYER, OPPONENT = ("simple", 5), ("simple", 386164)


def played(rules_target: int | None = 100, seed: int = SEED) -> Match:
    """A match played by the simple bots (fast; they break ties with their random stream, so a
    replay whose views differ in any way a bot hears would show), the "player" in seat 0."""
    match = Match(preset("classic").replace(target=rules_target), seed=seed)
    bots = [make_bot(*PLAYER), make_bot(*OPPONENT)]
    while match.result is None:
        p = match.to_move
        if p is None:
            match.apply("next_hand")
            continue
        match.apply(bots[p].decide(match.view(p)).action, p)
    return match


@pytest.fixture(scope="module")
def match() -> Match:
    return played()


def run(work):
    units = []
    while True:
        try:
            units.append(next(work))
        except StopIteration as done:
            return units, done.value


def test_hands_carry_the_scores_before_them_and_the_seats_net(match):
    hands = dealt_hands(match.records, 0)
    assert [h.number for h in hands] == [r.number for r in match.records]
    assert hands[0].scores == (0, 0)
    for before, after, r in zip(hands, hands[1:], match.records, strict=False):
        assert after.scores == (before.scores[0] + r.points[0], before.scores[1] + r.points[1])
    assert [h.net for h in dealt_hands(match.records, 1)] == [-h.net for h in hands]
    assert sum(h.net for h in hands) == match.scores[0] - match.scores[1]


def test_the_same_player_on_the_same_deal_does_exactly_what_it_did(match):
    """Replaying every hand with the player's own bot gives the player's own result: the deal,
    dealer, hand number and scores (all a bot's views depend on) are as they were."""
    assert len(match.records) > 1
    for hand, record in zip(dealt_hands(match.records, 0), match.records, strict=True):
        _, got = run(replay_hand(match.rules, hand, 0, make_bot(*PLAYER), make_bot(*OPPONENT)))
        assert got.expert_net == got.player_net == hand.net
        assert got.expert_end == (record.settlement.kind if record.settlement else "dead")


def test_the_expert_line_of_a_day_is_the_same_every_time(match, monkeypatch, count):
    """The expert on the first two hands (one under Pyodide), at a fortieth of its budget and a
    quarter of its guesses (a whole expert hand is seconds of CPU; scripts/bench_duplicate.py
    measures the real thing)."""
    monkeypatch.setattr(ExpertBot, "total_units", 4_500)
    monkeypatch.setattr(ExpertBot, "samples", 160)
    records = match.records[: count(2, 1)]
    units, line = run(duplicate_line(match.rules, records, 0, SEED, OPPONENT))
    assert units and all(type(u) is int and 0 <= u <= make_bot("expert").slice_units for u in units)
    again = compute(match.rules, records, 0, SEED, OPPONENT)
    assert again == line
    assert [h.player_net for h in line.hands] == [h.net for h in dealt_hands(records, 0)]
    assert line.difference == line.player_total - line.expert_total
    assert DuplicateLine.from_data(json.loads(json.dumps(line.to_data()))) == line


def test_each_hand_has_its_own_expert_seed():
    seeds = {expert_seed(SEED, n) for n in range(1, 30)} | {expert_seed(SEED + 1, 1)}
    assert len(seeds) == 30
    assert expert_seed(SEED, 1) == expert_seed(SEED, 1) < 1 << 64


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"seat": 2, "opponent": "standard", "hands": []},
        {"seat": 0, "opponent": 3, "hands": []},
        {"seat": 0, "opponent": "standard", "hands": [[1, "ABC-DEFG", 3, 4]]},
        {"seat": 0, "opponent": "standard", "hands": [[0, "ABC-DEFG", 3, 4, "gin"]]},
        {"seat": 0, "opponent": "standard", "hands": [[1, "ABC-DEFG", 3.5, 4, "gin"]]},
        {"seat": 0, "opponent": "standard", "hands": [[1, "ABC-DEFG", True, 4, "gin"]]},
        {"seat": 0, "opponent": "standard", "hands": [[1, None, 3, 4, "gin"]]},
    ],
)
def test_stored_lines_that_are_not_lines_are_refused(data):
    with pytest.raises(DuplicateError):
        DuplicateLine.from_data(data)


def test_a_bad_seat_and_no_upcard_rules_after_the_first_hand_are_refused(match):
    with pytest.raises(DuplicateError):
        next(duplicate_line(match.rules, match.records, 2, SEED, OPPONENT))
    later = DealtHand(2, match.records[1].deal_code, 0, (25, 0), 0)
    with pytest.raises(DuplicateError):
        next(replay_hand(preset("no_upcard"), later, 0, make_bot(*PLAYER), make_bot(*OPPONENT)))
