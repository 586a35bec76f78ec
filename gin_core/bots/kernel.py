"""The search machinery the coach, the duplicate replays and the puzzles build on: one front door.

The levels are made of parts (guesses of the hidden cards, playouts, a playout's worth in the
match, what a view implies, the one ranking); the analysis and the puzzles reuse those parts to
judge a decision the way the levels make it. They import them from here, never from a bot's own
module, so a level's internals can change behind this list (``tests/test_engine_imports.py`` holds both
the rule and the absence of import circles).
"""

from __future__ import annotations

from .base import Work, bot_hand_bound, finish, rng_for
from .heuristics import Option
from .hint import think_hint
from .knowledge import SAME_RANK, SUIT_FAR, SUIT_NEAR, Knowledge, fits, hand_events
from .match_chance import Judge
from .ranking import rank_key, rank_value
from .reasons import Reason, ReasonKind
from .rollout import playout_bound
from .sampler import Guess, Inference, guesses
from .search import ExpertBot, SearchBot, SearchSettings, guess_hidden, reason_of, simulate, standard_choice
from .standard import KNOCK_MARGIN, best_knock, likely_deadwood, likely_opponent_deadwood

__all__ = [
    "KNOCK_MARGIN",
    "SAME_RANK",
    "SUIT_FAR",
    "SUIT_NEAR",
    "ExpertBot",
    "Guess",
    "Inference",
    "Judge",
    "Knowledge",
    "Option",
    "Reason",
    "ReasonKind",
    "SearchBot",
    "SearchSettings",
    "Work",
    "best_knock",
    "bot_hand_bound",
    "finish",
    "fits",
    "guess_hidden",
    "guesses",
    "hand_events",
    "likely_deadwood",
    "likely_opponent_deadwood",
    "playout_bound",
    "rank_key",
    "rank_value",
    "reason_of",
    "rng_for",
    "simulate",
    "standard_choice",
    "think_hint",
]
