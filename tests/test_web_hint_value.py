"""The hint's figures (web/ginweb/words/verdicts.py, pure): the first move's chance to win the match
and hand points under rules with a target; the others, what the review will say each gives away
(the figures of its "Coach prefers" line) and its grade; points only under one-hand rules."""

from __future__ import annotations

import sys
from pathlib import Path

from gin_core import Action, Reason
from gin_core.analysis import Judged, Verdict
from gin_core.bots.reasons import ReasonKind

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.words.verdicts import choice, prefers

WHY = Reason(ReasonKind.DRAWS)
MINUS = "\u2212"
STOCK, PILE = Action.parse("draw_stock"), Action.parse("draw_pile")


def judged(
    played: Action, value: float, best_value: float, win: float | None, win_loss: float | None
) -> Judged:
    verdict = Verdict(3, played, STOCK, value, best_value, error=0.5, win_loss=win_loss)
    return Judged(verdict, WHY, WHY, win)


def test_the_first_move_shows_its_chance_and_the_others_the_reviews_loss_and_grade():
    best = judged(STOCK, 3.24, 3.24, 0.6231, 0.0)
    other = judged(PILE, -4.76, 3.24, 0.5321, 0.091)
    assert choice(best, best) == ("62.3% to win the match \u00b7 +3.2 pts", False)
    shown, worse = choice(other, best)
    assert worse and shown == f"{MINUS}9.1% to win the match \u00b7 {MINUS}7.5 pts \u00b7 inaccuracy"
    # the same figures as the review's line on that move
    assert prefers(other.verdict, "Draw from the stock") == (
        "Inaccuracy. Coach prefers: Draw from the stock (+9.1% to win the match, 7.5 points more)."
    )


def test_one_hand_rules_show_points_and_a_move_within_the_noise_shows_no_loss():
    best = judged(STOCK, 1.5, 1.5, None, None)
    near = judged(PILE, 1.2, 1.5, None, None)
    assert choice(best, best) == ("+1.5 pts", False)
    assert choice(near, best) == ("no loss measured \u00b7 good", False)


def test_a_loss_that_rounds_to_nothing_is_never_shown_as_a_gain():
    best = judged(STOCK, 3.24, 3.24, 0.6231, 0.0)
    for value, win_loss, shown in (
        (3.24, 0.0, "no loss measured \u00b7 good"),
        (3.24, 0.004, f"{MINUS}0.4% to win the match \u00b7 0.0 pts \u00b7 good"),
        (0.5, 0.0, f"0.0% to win the match \u00b7 {MINUS}2.2 pts \u00b7 good"),
    ):
        assert choice(judged(PILE, value, 3.24, 0.6, win_loss), best)[0] == shown
