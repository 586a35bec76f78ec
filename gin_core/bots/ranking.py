"""One order for every verdict: moves ranked by their value, and when one is clearly better.

The hint, the coach, the tutor and the puzzles rank moves with :func:`rank_key`, so a position
shows the same order everywhere and a value shown never contradicts the order it is shown in:
by the chance to win the match when the rules have a target (what the playouts' judge
measures), else by the hand's expected points; a tie by the points.

Two moves' values are estimates from playouts on guesses of the hidden cards, so a small gap
may be noise. A move is *clearly* better than another (:func:`clearly_better`) when their gap
stays above 0 once lowered by :data:`CLEAR_ERRORS` paired standard errors: the standard error of
the difference measured on the guesses both moves were played on (:func:`paired_error`), the
lower end of a one-sided 95% interval. Otherwise the two moves are *close*: both reasonable.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..checks import describe
from ..errors import ArgumentError

CLEAR_ERRORS = 1.645
"""Paired standard errors a gap is lowered by before it counts as clear (one-sided 95%)."""


def rank_key(win: float | None, points: float) -> tuple[float, float]:
    """The key that sorts moves best first (``sorted(..., key=...)``): the higher chance to win
    the match (when measured), then the higher points."""
    points = _finite(points, "points")
    return (-points, -points) if win is None else (-_finite(win, "win"), -points)


def rank_value(win: float | None, points: float) -> float:
    """The value moves are ranked by: the chance to win the match, else the points."""
    return _finite(points, "points") if win is None else _finite(win, "win")


def paired_error(better: Sequence[float], worse: Sequence[float]) -> float | None:
    """The standard error of the mean of ``better - worse``, guess by guess, over the guesses
    both were played on (the first ``min(len)``); None with fewer than two."""
    n = min(len(better), len(worse))
    if n < 2:
        return None
    diffs = [better[k] - worse[k] for k in range(n)]
    mean = math.fsum(diffs) / n
    return math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def clearly_better(gap: float, error: float | None) -> bool:
    """Whether a gap in value (the better move's score less the other's) is beyond the noise:
    still above 0 when lowered by :data:`CLEAR_ERRORS` standard errors (``error`` None: the
    gap is exact or was verified elsewhere, any positive gap counts)."""
    spread = 0.0 if error is None else _finite(error, "error")
    return _finite(gap, "gap") - CLEAR_ERRORS * spread > 0


def _finite(value: object, what: str) -> float:
    """``value`` if it is a finite number (not a bool), else :class:`ArgumentError` (the front
    door's names raise only GinErrors)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and -1e300 < value < 1e300:
        return float(value)  # NaN, the infinities and huge whole numbers are not in range
    raise ArgumentError(f"{what} must be a finite number, not {describe(value)}")
