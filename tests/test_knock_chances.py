"""scripts/knock_chances.py: a bot's knock chances are the decisions where a knock short of gin
is legal, and each hand is counted once (by its first chance, if it had one) with its points."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import knock_chances  # scripts, found on the path set above

from gin_core.arrange import min_deadwood
from gin_core.cards import mask_of


def test_chances_are_the_bot_s_in_hands_played_and_a_knock_s_deadwood():
    """The hunter's chances: one trace a hand, each chance leaving 1-10 deadwood; it knocks at
    some (its first turns) and waits at others (later: gin only)."""
    knocked = set()
    for _, match, hands in knock_chances.matches("hunter", "standard", 200, 2):
        assert len(hands) == len(match.records)
        found = [c for trace in hands for c in trace.chances]
        assert found and all(1 <= c.deadwood <= 10 for c in found)
        knocked |= {c.knocked for c in found}
    assert knocked == {True, False}


def test_a_trace_counts_the_bot_s_discards_and_the_deadwood_it_held():
    """A hand the opponent ended: the bot discarded at least once, and what its last discard
    left is the deadwood of the hand the settlement shows it held (before lay-offs)."""
    seen = 0
    for seat, match, hands in knock_chances.matches("standard", "hunter", 200, 2):
        for record, trace in zip(match.records, hands, strict=True):
            s = record.settlement
            if s is None or s.knocker == seat or trace.held is None:
                continue
            assert trace.turns >= 1
            assert trace.held == min_deadwood(mask_of(s.defender_arrangement.cards))
            seen += 1
    assert seen


def test_a_hand_s_ending_is_the_seat_s_points():
    for seat, match, _ in knock_chances.matches("standard", "hunter", 200, 1):
        for record in match.records:
            words, points = knock_chances.ending(record, seat)
            if record.settlement is None:
                assert (words, points) == ("dead hand", 0)
            elif record.settlement.winner is not None:
                assert words.endswith("won") == (points > 0) and points != 0


def test_the_report_counts_each_hand_with_a_chance_once():
    lines = knock_chances.report("standard", "hunter", 200, 2)
    chances = sum(int(line.split("/")[1]) for line in lines if "/" in line and line.startswith("  "))
    hands = [int(line.split(":")[1].split(",")[0]) for line in lines if line.startswith("hands where")]
    ends = sum(int(line.rsplit(":", 1)[1]) for line in lines if line.startswith("  ") and "/" not in line)
    played = sum(len(match.records) for _, match, _ in knock_chances.matches("standard", "hunter", 200, 2))
    assert 0 < sum(hands[:2]) <= chances and ends == sum(hands) == played
