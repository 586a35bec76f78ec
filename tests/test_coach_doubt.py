"""The coach looks again, with more guesses, at a knock it doubts (issue 41, item 3).

A knock whose loss is over the threshold by every value the coach measured, but not beyond
their noise, is valued again at :meth:`Strength.deeper`; in the reference analysis such knocks
mostly held as mistakes whoever played on (``benchmarks/verdicts.md``, session 29), where
discards in the same state mostly did not, so only knocks are looked at again.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gin_core.actions import Action, ActionKind
from gin_core.analysis.coach import (
    MISTAKE_POINTS,
    STANDARD,
    Gap,
    Strength,
    Style,
    Verdict,
    decision_seed,
    doubted_knock,
    think_verdict,
)
from gin_core.analysis.replay import position
from gin_core.bots.base import finish
from gin_core.bots.kernel import Judge
from gin_core.tools.hands import played_match
from gin_core.view import PlayerView

ONCE = replace(STANDARD, doubt=1)
KNOCK = Action.parse("knock 8C 2D-2H-2S 4C-4D-4S JS-QS-KS")


def run(view: PlayerView, played: Action, move: int, strength: Strength) -> Verdict:
    """The coach's verdict on ``played`` at move ``move`` (the review's seed)."""
    return finish(think_verdict(view, played, move, decision_seed(view, move), MISTAKE_POINTS, strength))


@pytest.fixture(scope="module")
def knock_view() -> PlayerView:
    """A beginner's knock with 8 deadwood and 17 cards in the stock (one-hand match seed 425,
    move 36): the reference analysis finds waiting better by 18.9 points at the least, under
    every hand model and continuation."""
    view = position(played_match(425, "beginner"), 1, 36).view(0)
    assert Action(ActionKind.KNOCK, KNOCK.card) in view.legal_actions and Judge.of(view) is None
    return view


def test_a_doubted_knock_is_looked_at_again_and_flagged(knock_view: PlayerView) -> None:
    once = run(knock_view, KNOCK, 36, ONCE)
    assert once.mistake is None and doubted_knock(once, MISTAKE_POINTS)
    deeper = run(knock_view, KNOCK, 36, STANDARD)
    assert deeper.mistake is not None and deeper.beyond(MISTAKE_POINTS)
    assert deeper.best.kind == ActionKind.DISCARD and deeper.played == KNOCK
    assert deeper == run(knock_view, KNOCK, 36, STANDARD.deeper())  # the same as judging deeper at once


def test_deeper_multiplies_the_guesses_and_units_once() -> None:
    deeper = STANDARD.deeper()
    assert (deeper.samples, deeper.total_units, deeper.check_units) == (
        STANDARD.samples * 4,
        STANDARD.total_units * 4,
        STANDARD.check_units * 4,
    )
    assert deeper.doubt == 1 and deeper.deeper() == deeper


def verdict(played: str, measured: float, error: float, leads: tuple[float, ...]) -> Verdict:
    """A verdict on ``played`` (the best move a discard) with its values and the gaps' leads,
    each gap with error 3."""
    styles = (Style.AT_ONCE, Style.GIN_ONLY)
    gaps = tuple(Gap(style, lead, 3.0, None) for style, lead in zip(styles, leads, strict=True))
    best = Action.parse("discard 9S")
    return Verdict(30, Action.parse(played), best, 0.0, measured, error=error, gaps=gaps)


KNOCKED = "knock 7H 2D-2H-2S 3H-4H-5H JC-JH-JS"


@pytest.mark.parametrize(
    ("case", "doubted"),
    [
        (verdict(KNOCKED, 12.0, 2.0, (12.0, 10.0)), True),  # over 8 everywhere, not beyond the noise
        (verdict(KNOCKED, 20.0, 1.0, (20.0, 20.0)), False),  # beyond the noise: flagged already
        (verdict(KNOCKED, 12.0, 2.0, (12.0, 7.9)), False),  # a continuation under the threshold
        (verdict(KNOCKED, 7.9, 0.5, (12.0, 12.0)), False),  # its own value under the threshold
        (verdict("discard 3C", 12.0, 2.0, (12.0, 10.0)), False),  # not a knock
    ],
)
def test_only_a_knock_over_the_threshold_everywhere_and_within_the_noise_is_doubted(
    case: Verdict, doubted: bool
) -> None:
    assert doubted_knock(case, MISTAKE_POINTS) is doubted
