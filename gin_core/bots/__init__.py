"""Computer opponents. Every bot sees only a :class:`~gin_core.view.PlayerView`.

    bot = make_bot("hard", seed=7)
    decision = bot.decide(match.view(player))     # Decision(action, reason)
    for units in bot.think(view): ...             # or think in slices; see Bot.think

Levels: ``beginner``, ``standard``, ``hard``, ``expert``, and ``simple`` (the EAAI-21 benchmark
player). :func:`hint` ranks the legal moves of a view for the Hint button.
"""

from __future__ import annotations

from .base import Bot, Candidate, Decision, Work
from .beginner import BeginnerBot
from .hint import hint, think_hint
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


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot of the named level."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot {name!r}; bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "Candidate", "Decision", "Work", "hint", "make_bot", "think_hint"]
