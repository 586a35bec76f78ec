"""gin_core: a gin rummy rules engine and computer opponents (standard library only).

The public API, re-exported here (the front door: a caller, the page included, imports from
here, never from the submodules)::

    from gin_core import Card, parse_cards, best_arrangement, settle, Match, preset

Every :class:`GinError` subclass is exported here. See the README for a tour.
"""

from .actions import Action, ActionError, ActionKind
from .analysis.coach import (
    CoachDataError,
    HandReview,
    Mistake,
    MistakeKind,
    Verdict,
    hand_summary,
    think_review,
)
from .analysis.duplicate import (
    EXPERT,
    DuplicateError,
    DuplicateLine,
    HandComparison,
    dealt_hands,
    expert_seed,
    replay_hand,
)
from .analysis.luck import HandLuck, Luck, LuckKind, hand_luck
from .analysis.rating import Grade, Rating, SkillBand, band_of, grade, move_accuracy, rating
from .analysis.replay import Frame, first_move, frames, hand_moves, position
from .arrange import (
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood,
    optimal_arrangements,
)
from .bots import Bot, Candidate, make_bot, think_hint
from .bots.reasons import Reason, ReasonKind
from .cards import CARDS, Card, CardError, format_cards, parse_cards, sort_cards
from .dealcode import DealCodeError, deal_seed
from .dealcode import decode as decode_deal_code
from .dealcode import encode as encode_deal_code
from .declare import declarations, default_declaration
from .errors import (
    ArgumentError,
    EndlessHandError,
    GinError,
    HandError,
    IllegalAction,
    Refusal,
    SaveError,
    UndoError,
)
from .events import Event
from .flow import Phase
from .jsontext import JsonShape, json_shape
from .layoff import Layoff, best_defence
from .match import Match, TakeBack
from .melds import Meld, MeldError, is_meld_mask
from .presets import PRESETS, preset, preset_name
from .puzzles import Position, PositionCodeError, PositionError, Puzzle, PuzzleError
from .puzzles.table import TableError
from .results import HandRecord, MatchResult
from .rules import RULE_FIELDS, RuleField, Rules, RulesError, rule_fields
from .save import dumps as save_match
from .save import loads as load_match
from .scoring import Settlement, settle
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "EXPERT",
    "PRESETS",
    "RULE_FIELDS",
    "Action",
    "ActionError",
    "ActionKind",
    "ArgumentError",
    "Arrangement",
    "Bot",
    "Candidate",
    "Card",
    "CardError",
    "CoachDataError",
    "DealCodeError",
    "DuplicateError",
    "DuplicateLine",
    "EndlessHandError",
    "Event",
    "Frame",
    "GinError",
    "Grade",
    "HandComparison",
    "HandError",
    "HandLuck",
    "HandRecord",
    "HandReview",
    "IllegalAction",
    "JsonShape",
    "Layoff",
    "Luck",
    "LuckKind",
    "Match",
    "MatchResult",
    "Meld",
    "MeldError",
    "Mistake",
    "MistakeKind",
    "Phase",
    "PlayerView",
    "Position",
    "PositionCodeError",
    "PositionError",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "Reason",
    "ReasonKind",
    "Refusal",
    "RuleField",
    "Rules",
    "RulesError",
    "SaveError",
    "Settlement",
    "SkillBand",
    "TableError",
    "TakeBack",
    "UndoError",
    "Verdict",
    "band_of",
    "best_arrangement",
    "best_defence",
    "best_discard",
    "deadwood",
    "deal_seed",
    "dealt_hands",
    "declarations",
    "decode_deal_code",
    "default_declaration",
    "encode_deal_code",
    "expert_seed",
    "first_move",
    "format_cards",
    "frames",
    "grade",
    "hand_luck",
    "hand_moves",
    "hand_summary",
    "is_meld_mask",
    "json_shape",
    "load_match",
    "make_bot",
    "move_accuracy",
    "optimal_arrangements",
    "parse_cards",
    "position",
    "preset",
    "preset_name",
    "rating",
    "replay_hand",
    "rule_fields",
    "save_match",
    "settle",
    "sort_cards",
    "think_hint",
    "think_review",
]
