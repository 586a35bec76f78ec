"""Grades, accuracy and a skill band from the coach's verdicts (issue 27).

Each decision is graded by what it cost (:class:`Grade`), as backgammon and chess analysers do;
a hand's or a match's play gets an accuracy percentage (lichess's curve of a move's accuracy
against the win chance it lost, one hand point taken as four percent) and an average loss per
decision, and the average loss names a :class:`SkillBand` as gnubg's rating does. Thresholds
and bands come from measurements: see :data:`INACCURACY_POINTS`, :data:`BLUNDER_POINTS` and
:data:`BANDS`. Everything is a pure function of the reviews.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..checks import check_is, check_items, check_real, describe
from ..errors import ArgumentError
from .coach import (
    STORED_POINTS,
    CoachDataError,
    HandReview,
    Verdict,
    _points,
    _whole,
    same_move,
)

INACCURACY_POINTS = 2.0
"""A loss over this even 1.645 standard errors lower, in every continuation the coach measured
(:meth:`~gin_core.analysis.coach.Verdict.beyond`), is an inaccuracy: against the deep oracle
(412 decisions, ``scripts/coach_figures.py``), 17 of the 22 decisions over it are losses beyond
the oracle's own noise, 2 are gains."""

BLUNDER_POINTS = 12.0
"""A mistake over this (the same way) is a blunder: a loss of half a typical hand (the oracle
confirmed both losses over 10 points, by 4 points or more at the low end)."""

WIN_PERCENT_PER_POINT = 4.0
"""A hand point in percent of win chance (one-hand rules): a hand is won or lost by about 25
points, so 25 points of expected value span the chance of winning it from 0 to 100%. (A match's
rules would value outcomes in match-win chance directly, see
:data:`~gin_core.analysis.coach.Outcome`.)"""

ACCURACY_RATE = 0.04354 * WIN_PERCENT_PER_POINT
"""lichess's decay of a move's accuracy per percent of win chance lost, per hand point."""


class Grade(StrEnum):
    """What a decision cost: ``best`` (the coach's move), ``good`` (a loss within the noise or
    under :data:`INACCURACY_POINTS`), ``inaccuracy``, ``mistake`` (the coach flagged it),
    ``blunder`` (a mistake over :data:`BLUNDER_POINTS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def grade(verdict: Verdict) -> Grade:
    """The grade of one verdict (a mistake is what the review flagged, whatever its threshold)."""
    check_is(verdict, Verdict, "verdict")
    if verdict.mistake is not None:
        return Grade.BLUNDER if verdict.beyond(BLUNDER_POINTS) else Grade.MISTAKE
    if verdict.beyond(INACCURACY_POINTS):
        return Grade.INACCURACY
    return Grade.BEST if same_move(verdict.played, verdict.best) else Grade.GOOD


def move_accuracy(loss: float) -> float:
    """A decision's accuracy in percent (100 for no loss), lichess's curve."""
    loss = check_real(loss, "loss", -STORED_POINTS, STORED_POINTS)
    if loss <= 0:
        return 100.0
    return min(100.0, max(0.0, 103.1668 * math.exp(-ACCURACY_RATE * loss) - 3.1669))


class SkillBand(StrEnum):
    """A player's band by average loss per decision, best last (see :data:`BANDS`)."""

    NOVICE = "novice"
    BEGINNER = "beginner"
    CASUAL = "casual"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"
    EXPERT = "expert"
    MASTER = "master"


BANDS: tuple[tuple[float, SkillBand], ...] = (
    (0.01, SkillBand.MASTER),
    (0.032, SkillBand.EXPERT),
    (0.067, SkillBand.ADVANCED),
    (0.162, SkillBand.INTERMEDIATE),
    (0.19, SkillBand.CASUAL),
    (0.34, SkillBand.BEGINNER),
)
"""(most average loss per decision, band), best first; more than the last is
:attr:`SkillBand.NOVICE`. Calibrated on our levels, each in seat 0 against the standard level,
on the loss that holds in every continuation the coach measures (``scripts/calibrate_rating.py``,
334 hands each, ``benchmarks/runs/rating-levels-3.jsonl``): average loss per decision beginner
0.222 (90% interval 0.184-0.260), standard 0.102 (0.078-0.126), hard 0.033 (0.023-0.042),
expert 0.032 (0.025-0.039). The edges of the bands the levels fall in are the midpoints between
them (0.162, 0.067, 0.032), so each level gets the band of its name (standard: intermediate);
hard and expert are not told apart by this measure, so near 0.032 the band is a close call. The
outer edges keep their old ratios to the nearest level's loss (master under a third of the
expert's, casual and beginner 0.85 and 1.54 times the beginner's)."""


def band_of(average_loss: float) -> SkillBand:
    """The skill band of an average loss per decision."""
    average_loss = check_real(average_loss, "average_loss", -STORED_POINTS, STORED_POINTS)
    return next((band for most, band in BANDS if average_loss <= most), SkillBand.NOVICE)


@dataclass(frozen=True)
class Rating:
    """The play over some hands: decisions judged, accuracy in percent, average loss per
    decision (points) and its band (``None`` with no decision)."""

    decisions: int
    accuracy: float
    average_loss: float
    band: SkillBand | None

    def to_data(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "accuracy": self.accuracy,
            "average_loss": self.average_loss,
            "band": None if self.band is None else self.band.value,
        }

    @classmethod
    def from_data(cls, data: Any) -> Rating:
        """A rating from :meth:`to_data`'s output, or :class:`CoachDataError`."""
        try:
            band = data["band"]
            return cls(
                _whole(data["decisions"], "decisions", 0),
                _points(data["accuracy"], "accuracy"),
                _points(data["average_loss"], "average_loss"),
                None if band is None else SkillBand(band),
            )
        except KeyError as e:
            raise CoachDataError(f"not a stored rating (no {e})") from None
        except (TypeError, ValueError) as e:
            raise CoachDataError(f"not a stored rating ({str(e).partition(chr(10))[0][:160]})") from None


def rating(reviews: Iterable[HandReview]) -> Rating:
    """The rating of the play in ``reviews`` (one hand's, or a match's): the mean accuracy and
    the mean loss of all their decisions."""
    if isinstance(reviews, (str, bytes, Mapping)) or not isinstance(reviews, Iterable):
        raise ArgumentError(f"reviews must be a list of HandReview, not {describe(reviews)}")
    losses = [v.loss for r in check_items(list(reviews), HandReview, "reviews") for v in r.verdicts]
    if not losses:
        return Rating(0, 100.0, 0.0, None)
    average = math.fsum(losses) / len(losses)
    accuracy = math.fsum(move_accuracy(x) for x in losses) / len(losses)
    return Rating(len(losses), round(accuracy, 1), round(average, 2), band_of(average))
