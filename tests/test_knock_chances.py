"""scripts/knock_chances.py: a bot's knock chances are the decisions where a knock short of gin
is legal, and each hand is counted once (by its first chance, if it had one) with its points."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import knock_chances  # scripts, found on the path set above


def test_chances_are_the_bot_s_in_hands_played_and_a_knock_s_deadwood():
    """The hunter's chances: in its own seat's hands, each leaving 1-10 deadwood; it knocks at
    some (its first turns) and waits at others (later: gin only)."""
    knocked = set()
    for seat, match, found in knock_chances.matches("hunter", "standard", 200, 2):
        assert found and all(c.hand[1] == seat for c in found)
        assert all(1 <= c.deadwood <= 10 and c.hand[2] < len(match.records) for c in found)
        knocked |= {c.knocked for c in found}
    assert knocked == {True, False}


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
