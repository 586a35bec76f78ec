"""Analysis of finished hands, the door for callers: ``replay`` (a hand replayed to any move),
``coach`` (the player's decisions judged on their own views), ``luck`` and ``their_luck`` (the
cards' share of a result), ``rating`` (grades, accuracy, a skill band), ``duplicate`` (the expert
replays a match's hands on the same deals). The review, the daily and the tutor of the page
import from here (``from gin_core.analysis import review``); ``gin_core`` itself keeps to the
game (docs/engine.md, "The front door")."""

from .coach import (
    MISTAKE_POINTS,
    CoachDataError,
    Gap,
    HandReview,
    Mistake,
    MistakeKind,
    Strength,
    Style,
    Verdict,
    diagnose,
    hand_summary,
    review,
    same_move,
    think_review,
)
from .duplicate import (
    EXPERT,
    DuplicateError,
    DuplicateLine,
    HandComparison,
    dealt_hands,
    duplicate_line,
    expert_seed,
    replay_hand,
)
from .luck import HandLuck, Luck, LuckKind, LuckParts, MatchLuck, hand_luck, match_luck
from .rating import Grade, Rating, SkillBand, band_of, grade, move_accuracy, rating
from .replay import Frame, first_move, frames, hand_moves, never_seen, position
from .their_luck import TheirLuck, their_luck

__all__ = [
    "EXPERT",
    "MISTAKE_POINTS",
    "CoachDataError",
    "DuplicateError",
    "DuplicateLine",
    "Frame",
    "Gap",
    "Grade",
    "HandComparison",
    "HandLuck",
    "HandReview",
    "Luck",
    "LuckKind",
    "LuckParts",
    "MatchLuck",
    "Mistake",
    "MistakeKind",
    "Rating",
    "SkillBand",
    "Strength",
    "Style",
    "TheirLuck",
    "Verdict",
    "band_of",
    "dealt_hands",
    "diagnose",
    "duplicate_line",
    "expert_seed",
    "first_move",
    "frames",
    "grade",
    "hand_luck",
    "hand_moves",
    "hand_summary",
    "match_luck",
    "move_accuracy",
    "never_seen",
    "position",
    "rating",
    "replay_hand",
    "review",
    "same_move",
    "their_luck",
    "think_review",
]
