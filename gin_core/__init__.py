"""gin_core: a gin rummy rules engine and computer opponents (standard library only).

The public API, re-exported here (the front door: a caller, the page included, imports from
here, never from the submodules)::

    from gin_core import Card, parse_cards, best_arrangement, settle, Match, preset

Every :class:`GinError` subclass is exported here. See docs/engine.md for a tour.
"""

import importlib
from typing import TYPE_CHECKING

from .actions import Action, ActionError, ActionKind
from .analysis.coach import (
    MISTAKE_POINTS,
    CoachDataError,
    HandReview,
    Mistake,
    MistakeKind,
    Verdict,
    diagnose,
    hand_summary,
    same_move,
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
from .analysis.luck import HandLuck, Luck, LuckKind, LuckParts, MatchLuck, hand_luck, match_luck
from .analysis.rating import Grade, Rating, SkillBand, band_of, grade, move_accuracy, rating
from .analysis.replay import Frame, first_move, frames, hand_moves, never_seen, position
from .analysis.their_luck import TheirLuck, their_luck
from .arrange import (
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood,
    optimal_arrangements,
)
from .bots import Bot, Candidate, make_bot, think_hint
from .bots.ranking import CLEAR_ERRORS, clearly_better, rank_key, rank_value
from .bots.reasons import Reason, ReasonKind
from .cards import CARDS, Card, CardError, format_cards, parse_cards, sort_cards
from .checks import whole_number
from .dealcode import DealCodeError, deal_seed
from .dealcode import decode as decode_deal_code
from .dealcode import encode as encode_deal_code
from .declare import declarations, default_declaration
from .errors import (
    ArgumentError,
    EndlessHandError,
    GinError,
    HandError,
    SaveError,
    UndoError,
)
from .events import Event
from .flow import ENDED, Phase
from .hand import Hand, stacked_deck
from .hollywood import HollywoodScore, hollywood_score
from .jsontext import JsonShape, json_shape
from .layoff import Layoff, best_defence
from .match import Match, TakeBack
from .melds import Meld, MeldError, is_meld_mask
from .presets import PRESETS, preset, preset_name
from .refusals import IllegalAction, Refusal
from .results import HandRecord, MatchResult, hand_points, match_result
from .rules import RULE_FIELDS, RuleField, Rules, RulesError, rule_fields
from .save import dumps as save_match
from .save import loads as load_match
from .scoring import Settlement, settle
from .seating import SEATINGS, TABLE_PRESETS, Scoring, Seating, SeatingDef, TableRules, table_preset
from .table import SeatView, TableHand, TableMatch, TablePhase
from .tablesave import dumps as save_table
from .tablesave import load_any
from .tablesave import loads as load_table
from .tablescore import GameResult, TableResult
from .view import PlayerView

if TYPE_CHECKING:
    from .duel import (
        Cheat,
        CheatDetected,
        DuelHand,
        DuelMessageError,
        DuelStage,
        MalformedMessage,
        OutOfTurnMessage,
        OversizedMessage,
        ReplayedMessage,
        VersionMismatch,
    )
    from .puzzles import Position, PositionCodeError, PositionError, Puzzle, PuzzleError
    from .puzzles.glicko import RatingError
    from .puzzles.public import PublicMoveError

_LAZY = {  # loaded when first asked for: the page's first paint needs no puzzle and no duel
    "Cheat": "gin_core.duel",
    "CheatDetected": "gin_core.duel",
    "DuelHand": "gin_core.duel",
    "DuelMessageError": "gin_core.duel",
    "DuelStage": "gin_core.duel",
    "MalformedMessage": "gin_core.duel",
    "OutOfTurnMessage": "gin_core.duel",
    "OversizedMessage": "gin_core.duel",
    "ReplayedMessage": "gin_core.duel",
    "VersionMismatch": "gin_core.duel",
    "Position": "gin_core.puzzles.position",
    "PositionCodeError": "gin_core.puzzles.position",
    "PositionError": "gin_core.puzzles.position",
    "PublicMoveError": "gin_core.puzzles.public",
    "Puzzle": "gin_core.puzzles.puzzle",
    "PuzzleError": "gin_core.puzzles.puzzle",
    "RatingError": "gin_core.puzzles.glicko",
}


def __getattr__(name: str) -> object:
    """The puzzles' names, imported on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gin_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"
# The version of this front door for code outside this repository (a blog's page that loads the
# site's wheel, docs/engine.md "The engine's wheel"): raised when a name here goes or changes what it
# takes or gives; a name added leaves it as it is.
API_VERSION = 1

__all__ = [
    "CARDS",
    "CLEAR_ERRORS",
    "ENDED",
    "EXPERT",
    "MISTAKE_POINTS",
    "PRESETS",
    "RULE_FIELDS",
    "SEATINGS",
    "TABLE_PRESETS",
    "Action",
    "ActionError",
    "ActionKind",
    "ArgumentError",
    "Arrangement",
    "Bot",
    "Candidate",
    "Card",
    "CardError",
    "Cheat",
    "CheatDetected",
    "CoachDataError",
    "DealCodeError",
    "DuelHand",
    "DuelMessageError",
    "DuelStage",
    "DuplicateError",
    "DuplicateLine",
    "EndlessHandError",
    "Event",
    "Frame",
    "GameResult",
    "GinError",
    "Grade",
    "Hand",
    "HandComparison",
    "HandError",
    "HandLuck",
    "HandRecord",
    "HandReview",
    "HollywoodScore",
    "IllegalAction",
    "JsonShape",
    "Layoff",
    "Luck",
    "LuckKind",
    "LuckParts",
    "MalformedMessage",
    "Match",
    "MatchLuck",
    "MatchResult",
    "Meld",
    "MeldError",
    "Mistake",
    "MistakeKind",
    "OutOfTurnMessage",
    "OversizedMessage",
    "Phase",
    "PlayerView",
    "Position",
    "PositionCodeError",
    "PositionError",
    "PublicMoveError",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "RatingError",
    "Reason",
    "ReasonKind",
    "Refusal",
    "ReplayedMessage",
    "RuleField",
    "Rules",
    "RulesError",
    "SaveError",
    "Scoring",
    "SeatView",
    "Seating",
    "SeatingDef",
    "Settlement",
    "SkillBand",
    "TableHand",
    "TableMatch",
    "TablePhase",
    "TableResult",
    "TableRules",
    "TakeBack",
    "TheirLuck",
    "UndoError",
    "Verdict",
    "VersionMismatch",
    "band_of",
    "best_arrangement",
    "best_defence",
    "best_discard",
    "clearly_better",
    "deadwood",
    "deal_seed",
    "dealt_hands",
    "declarations",
    "decode_deal_code",
    "default_declaration",
    "diagnose",
    "encode_deal_code",
    "expert_seed",
    "first_move",
    "format_cards",
    "frames",
    "grade",
    "hand_luck",
    "hand_moves",
    "hand_points",
    "hand_summary",
    "hollywood_score",
    "is_meld_mask",
    "json_shape",
    "load_any",
    "load_match",
    "load_table",
    "make_bot",
    "match_luck",
    "match_result",
    "move_accuracy",
    "never_seen",
    "optimal_arrangements",
    "parse_cards",
    "position",
    "preset",
    "preset_name",
    "rank_key",
    "rank_value",
    "rating",
    "replay_hand",
    "rule_fields",
    "same_move",
    "save_match",
    "save_table",
    "settle",
    "sort_cards",
    "stacked_deck",
    "table_preset",
    "their_luck",
    "think_hint",
    "think_review",
    "whole_number",
]
