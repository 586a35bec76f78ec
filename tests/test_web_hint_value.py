"""The hint's value words (web/ginweb/words/narrate.py, pure): the chance to win the match and hand
points under rules with a target, changes from the best move for the others, points only for
one-hand rules."""

from __future__ import annotations

import sys
from pathlib import Path

from gin_core import Action, Candidate, Reason
from gin_core.bots.reasons import ReasonKind

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.words.narrate import hint_value

WHY = Reason(ReasonKind.DRAWS)
MINUS = "\u2212"


def test_the_best_move_shows_its_chance_and_the_others_their_loss():
    best = Candidate(Action.parse("draw_stock"), 3.24, WHY, win=0.6231)
    other = Candidate(Action.parse("draw_pile"), 0.84, WHY, win=0.5921)
    assert hint_value(best, best) == ("62.3% to win the match \u00b7 +3.2 pts", False)
    assert hint_value(other, best) == (f"{MINUS}3.1% to win the match \u00b7 {MINUS}2.4 pts", True)


def test_one_hand_rules_show_points():
    best = Candidate(Action.parse("draw_stock"), 1.5, WHY)
    other = Candidate(Action.parse("draw_pile"), -0.25, WHY)
    assert hint_value(best, best) == ("+1.5 pts", False)
    assert hint_value(other, best) == (f"{MINUS}0.2 pts", True)
