"""gin_core: a gin rummy rules engine and computer opponents (standard library only).

The front door: the game, re-exported here (cards, melds, rules and presets, a hand and a match
with their views, scoring, saves, deal codes, the computer players, the seatings)::

    from gin_core import Card, parse_cards, best_arrangement, settle, Match, preset

What reviews a finished hand is behind a door of its own, :mod:`gin_core.analysis`; the puzzles
are :mod:`gin_core.puzzles`, a hand between two devices :mod:`gin_core.duel`, the bots' ranking
of moves :mod:`gin_core.bots`. A caller imports from these doors, never from a module behind
them; each door exports every :class:`GinError` subclass raised behind it. A tour:
docs/engine.md.
"""

from .actions import Action, ActionError, ActionKind
from .arrange import (
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood,
    optimal_arrangements,
)
from .bots import Bot, Candidate, make_bot, think_hint
from .bots.reasons import MeldShape, Reason, ReasonKind
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
from .table import GameWatch, SeatView, TableHand, TableMatch, TablePhase
from .tablesave import dumps as save_table
from .tablesave import load_any
from .tablesave import loads as load_table
from .tablescore import GameResult, TableResult
from .view import PlayerView

__version__ = "0.1.0"
# The version of this front door for code outside this repository (a blog's page that loads the
# site's wheel, docs/engine.md "The engine's wheel"): raised when a name here goes or changes what it
# takes or gives; a name added leaves it as it is. 2: the names of the analysis (coach, luck, rating,
# replay, duplicate), of the moves' ranking, of the puzzles and of the duel left for their own doors
# (gin_core.analysis, gin_core.bots, gin_core.puzzles, gin_core.duel: docs/engine.md).
API_VERSION = 2

__all__ = [
    "CARDS",
    "ENDED",
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
    "DealCodeError",
    "EndlessHandError",
    "Event",
    "GameResult",
    "GameWatch",
    "GinError",
    "Hand",
    "HandError",
    "HandRecord",
    "HollywoodScore",
    "IllegalAction",
    "JsonShape",
    "Layoff",
    "Match",
    "MatchResult",
    "Meld",
    "MeldError",
    "MeldShape",
    "Phase",
    "PlayerView",
    "Reason",
    "ReasonKind",
    "Refusal",
    "RuleField",
    "Rules",
    "RulesError",
    "SaveError",
    "Scoring",
    "SeatView",
    "Seating",
    "SeatingDef",
    "Settlement",
    "TableHand",
    "TableMatch",
    "TablePhase",
    "TableResult",
    "TableRules",
    "TakeBack",
    "UndoError",
    "best_arrangement",
    "best_defence",
    "best_discard",
    "deadwood",
    "deal_seed",
    "declarations",
    "decode_deal_code",
    "default_declaration",
    "encode_deal_code",
    "format_cards",
    "hand_points",
    "hollywood_score",
    "is_meld_mask",
    "json_shape",
    "load_any",
    "load_match",
    "load_table",
    "make_bot",
    "match_result",
    "optimal_arrangements",
    "parse_cards",
    "preset",
    "preset_name",
    "rule_fields",
    "save_match",
    "save_table",
    "settle",
    "sort_cards",
    "stacked_deck",
    "table_preset",
    "think_hint",
    "whole_number",
]
