"""Computer opponents. Every bot sees only a :class:`~gin_core.view.PlayerView`.

    bot = make_bot("hard", seed=7)
    decision = bot.decide(view)          # Decision(action, reason): thinks to the end

    thinking = bot.think(view)           # or in slices the page interleaves with rendering:
    try:
        while True:
            next(thinking)               # one slice (yields the work units it used)
    except StopIteration as done:
        decision = done.value

    hint(view, seed=0)                   # [Candidate(action, value, reason)], best first

Levels: ``beginner``, ``standard``, ``hard``, ``expert``, and ``simple`` (the EAAI-21 benchmark
player). Work is counted in units, never in seconds, so the same seed and view always give the
same decision; see :mod:`.base` for the units and each level's class for its budget. A page may
also end each slice after some milliseconds (``make_bot(name, seed, slice_ms=8)``): that moves
only the pauses, never the decision.
"""

from __future__ import annotations

from ..checks import describe
from ..errors import ArgumentError
from .base import Bot, Candidate, Decision, Work
from .beginner import BeginnerBot
from .hint import hint, think_hint
from .ranking import CLEAR_ERRORS, clearly_better, rank_key, rank_value
from .search import ExpertBot, SearchBot
from .simple import SimpleBot
from .standard import StandardBot

BOTS: dict[str, type[Bot]] = {
    "beginner": BeginnerBot,
    "standard": StandardBot,
    "hard": SearchBot,
    "expert": ExpertBot,
    "simple": SimpleBot,
}


def make_bot(name: str, seed: int = 0, slice_ms: float | None = None) -> Bot:
    """A bot of the named level (``seed``: 0..2**64-1; ``slice_ms``: see :class:`Work`), or
    :class:`ArgumentError`."""
    return BOTS[check_level(name)](seed, slice_ms)


def check_level(name: object) -> str:
    """``name`` if it names a level, else :class:`ArgumentError` naming the levels."""
    if isinstance(name, str) and name in BOTS:
        return name
    raise ArgumentError(f"no bot level {describe(name)}; the levels are {', '.join(BOTS)}")


__all__ = [
    "BOTS",
    "CLEAR_ERRORS",
    "Bot",
    "Candidate",
    "Decision",
    "Work",
    "check_level",
    "clearly_better",
    "hint",
    "make_bot",
    "rank_key",
    "rank_value",
    "think_hint",
]
