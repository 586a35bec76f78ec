"""gin_core: a gin rummy rules engine and computer opponents (standard library only).

The public API, re-exported here::

    from gin_core import Card, parse_cards, best_arrangement, settle, Match, preset

See the README for a tour.
"""

from .actions import Action, ActionError
from .arrange import (
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood,
    optimal_arrangements,
)
from .cards import CARDS, Card, CardError, format_cards, parse_cards, sort_cards
from .dealcode import DealCodeError
from .dealcode import decode as decode_deal_code
from .dealcode import encode as encode_deal_code
from .declare import declarations, default_declaration
from .errors import ArgumentError, GinError, HandError, IllegalAction, SaveError, UndoError
from .events import Event
from .jsontext import JsonShape, json_shape
from .layoff import Layoff, best_defence
from .match import Match
from .melds import Meld, MeldError
from .presets import PRESETS, preset, preset_name
from .results import HandRecord, MatchResult
from .rules import RULE_FIELDS, RuleField, Rules, RulesError, rule_fields
from .save import dumps as save_match
from .save import loads as load_match
from .scoring import Settlement, settle
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "PRESETS",
    "RULE_FIELDS",
    "Action",
    "ActionError",
    "ArgumentError",
    "Arrangement",
    "Card",
    "CardError",
    "DealCodeError",
    "Event",
    "GinError",
    "HandError",
    "HandRecord",
    "IllegalAction",
    "JsonShape",
    "Layoff",
    "Match",
    "MatchResult",
    "Meld",
    "MeldError",
    "PlayerView",
    "RuleField",
    "Rules",
    "RulesError",
    "SaveError",
    "Settlement",
    "UndoError",
    "best_arrangement",
    "best_defence",
    "best_discard",
    "deadwood",
    "declarations",
    "decode_deal_code",
    "default_declaration",
    "encode_deal_code",
    "format_cards",
    "json_shape",
    "load_match",
    "optimal_arrangements",
    "parse_cards",
    "preset",
    "preset_name",
    "rule_fields",
    "save_match",
    "settle",
    "sort_cards",
]
