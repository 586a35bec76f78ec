"""JSON save and load of a match at any point.

A save holds the rules, the seed, the first dealer and every action taken, plus a snapshot of
the resulting position: the current hand, the scores, every finished hand's result and a
checksum of the moves. Loading replays the actions through the ordinary rule checks and then
compares the snapshot exactly: a save that is corrupt, truncated or edited either fails a rule
check or disagrees with its own snapshot, and loading raises :class:`SaveError` instead of
producing an inconsistent match. (The checksum is not a signature: someone who recomputes it
has only written a different, legal match.)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import Action, ActionError
from .cards import format_cards
from .errors import IllegalAction, SaveError
from .match import Match
from .rules import Rules, RulesError

FORMAT = "gin_core.match"
VERSION = 1


def _snapshot(match: Match) -> dict[str, Any]:
    h = match.hand
    moves = "\n".join(f"{p}:{a}" for p, a in match.history)
    return {
        "phase": match.phase,
        "to_move": match.to_move,
        "scores": list(match.scores),
        "hands": [format_cards(sorted(h.hands[0])), format_cards(sorted(h.hands[1]))],
        "pile": format_cards(h.pile),
        "stock": len(h.stock),
        "records": [
            [r.deal_code, r.settlement.kind if r.settlement else "dead", *r.points]
            for r in match.records
        ],
        "moves": hashlib.sha256(moves.encode()).hexdigest()[:16],
    }


def _canonical(value: Any) -> str:
    """JSON text that tells 1 from 1.0 and from true, for an exact comparison."""
    return json.dumps(value, sort_keys=True)


def to_dict(match: Match) -> dict[str, Any]:
    """The save of a match as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "dealer": match.dealer_choice,
        "first_deal": match.first_deal,
        "actions": [[p, str(a)] for p, a in match.history],
        "state": _snapshot(match),
    }


def dumps(match: Match) -> str:
    """The save of a match as JSON text."""
    return json.dumps(to_dict(match), separators=(",", ":"))


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise SaveError(f"save has no {name!r}")
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise SaveError(f"save field {name!r} has the wrong type")
    return value


def from_dict(data: Any) -> Match:
    """Rebuild a match from :func:`to_dict` output, checking everything."""
    if not isinstance(data, dict):
        raise SaveError("a save must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError("not a gin_core match save")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise SaveError(f"save version {data.get('version')!r} is not supported (expected {VERSION})")
    try:
        rules = Rules.from_dict(_field(data, "rules", dict))
    except (RulesError, TypeError) as e:
        raise SaveError(f"save has invalid rules: {e}") from None
    seed = _field(data, "seed", int)
    dealer = data.get("dealer")
    if dealer is not None and (type(dealer) is not int or dealer not in (0, 1)):
        raise SaveError("save field 'dealer' must be 0, 1 or null")
    first_deal = data.get("first_deal")
    if first_deal is not None and not isinstance(first_deal, str):
        raise SaveError("save field 'first_deal' must be a deal code or null")
    try:
        match = Match(rules, seed=seed, dealer=dealer, first_deal=first_deal)
    except ValueError as e:
        raise SaveError(f"save cannot start a match: {e}") from None
    for i, entry in enumerate(_field(data, "actions", list)):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)
                and (entry[0] is None or (type(entry[0]) is int and entry[0] in (0, 1)))):
            raise SaveError(f"save action {i} is malformed")
        try:
            match.apply(Action.parse(entry[1]), entry[0])
        except (IllegalAction, ActionError) as e:
            raise SaveError(f"save action {i} ({entry[1]!r}) is illegal: {e}") from None
    if _canonical(data.get("state")) != _canonical(_snapshot(match)):
        raise SaveError("save does not match its own moves (edited or corrupt)")
    return match


def loads(text: str | bytes) -> Match:
    """Rebuild a match from :func:`dumps` output."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as e:  # ValueError: bad JSON, UTF-8, huge ints
        raise SaveError(f"save is not valid JSON: {e}") from None
    return from_dict(data)
