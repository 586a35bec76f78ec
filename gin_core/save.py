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
from .checks import check_is, describe
from .errors import GinError, SaveError
from .jsontext import json_shape
from .match import Match, Move
from .rules import ADDED_RULES, Rules

FORMAT = "gin_core.match"
VERSION = 3
"""Version 2 added ``redo`` (the moves :meth:`Match.undo` took back) and, in the snapshot, a
digest of the set-up (rules, seed, dealer, first deal) and of the redo stack, so that an edited
rule or a dropped move to redo is caught even before it changes a score. Version 3 added the
rules of :data:`~gin_core.rules.ADDED_RULES` (the pile draw limit, the throw-back rule).
Older saves still load: version 1 with nothing to redo, versions 1 and 2 under the rules they
were played by (the added rules at the values that play as before them: no limit)."""
_V1_KEYS = frozenset({"format", "version", "rules", "seed", "dealer", "first_deal", "actions", "state"})
_KEYS = {1: _V1_KEYS, 2: _V1_KEYS | {"redo"}, 3: _V1_KEYS | {"redo"}}
MAX_TEXT = 16 << 20
"""The longest save text read (characters): far above a match to 10,000 points."""
MAX_DEPTH = 6
"""The deepest nesting of a save's JSON (a move in a redo batch is 4 deep): anything deeper is
refused before a recursive parser or printer can overflow its stack (Pyodide's JSON reader
overflows the JavaScript stack a few thousand levels down, beyond any ``except``)."""
MAX_DIGITS = 24
"""The longest integer read (a seed has at most 20 digits): Python refuses over 4,300."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _snapshot(match: Match, version: int = VERSION) -> dict[str, Any]:
    h = match.hand
    moves = "\n".join(f"{p}:{a}" for p, a in match.history)
    rules = match.rules.to_dict()
    if version < 3:  # older saves knew no added rule (they load with its old value)
        rules = {k: v for k, v in rules.items() if k not in ADDED_RULES}
    setup = [rules, match.seed, match.dealer_choice, match.first_deal]
    snapshot = {
        "phase": str(match.phase),  # a Phase (StrEnum): stored and compared as its text
        "to_move": match.to_move,
        "scores": list(match.scores),
        "hands": [format_cards(sorted(h.hands[0])), format_cards(sorted(h.hands[1]))],
        "pile": format_cards(h.pile),
        "stock": len(h.stock),
        "records": [
            [r.deal_code, r.settlement.kind if r.settlement else "dead", *r.points] for r in match.records
        ],
        "moves": _digest(moves),
    }
    if version >= 2:
        snapshot["setup"] = _digest(json.dumps(setup, sort_keys=True))
        snapshot["redo"] = _digest(json.dumps([_moves(batch) for batch in match.redo_stack]))
    return snapshot


def same_json(a: Any, b: Any) -> bool:
    """Equal JSON values, telling 1 from 1.0 and from true (depth is bounded by the caller)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same_json, a, b))
    return bool(a == b)


def _moves(moves: list[Move] | tuple[Move, ...]) -> list[list[Any]]:
    return [[p, str(a)] for p, a in moves]


def to_dict(match: Match) -> dict[str, Any]:
    """The save of a match as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "dealer": match.dealer_choice,
        "first_deal": match.first_deal,
        "actions": _moves(match.history),
        "redo": [_moves(batch) for batch in match.redo_stack],
        "state": _snapshot(match),
    }


def dumps(match: Match) -> str:
    """The save of a match as JSON text."""
    check_is(match, Match, "match")
    return json.dumps(to_dict(match), separators=(",", ":"))


def _check_depth(data: Any) -> None:
    """Refuse data nested deeper than any save (without recursing, so a cycle ends too)."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise SaveError(f"save is nested more than {MAX_DEPTH} levels deep")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def _header(data: Any) -> int:
    """The version of a save after checking its format and its set of keys."""
    if not isinstance(data, dict):
        raise SaveError(f"a save must be a JSON object, not {describe(data)}")
    _check_depth(data)
    if data.get("format") != FORMAT:
        raise SaveError("not a gin_core match save")
    version = data.get("version")
    if type(version) is not int or version not in _KEYS:
        raise SaveError(f"save version {describe(version)} is not supported (expected 1 to {VERSION})")
    missing = sorted(_KEYS[version] - data.keys())
    if missing:
        raise SaveError(f"save has no {', '.join(missing)}")
    extra = sorted(describe(k) for k in data.keys() - _KEYS[version])
    if extra:
        raise SaveError(f"save has unknown fields: {', '.join(extra[:5])}")
    return version


def _rules(data: dict[str, Any], version: int) -> Rules:
    """The rules of a save; one older than version 3 plays under the rules it was played by,
    which knew no added rule (:data:`~gin_core.rules.ADDED_RULES`)."""
    rules = data["rules"]
    if version < 3 and isinstance(rules, dict):
        added = sorted(k for k in ADDED_RULES if k in rules)
        if added:
            raise SaveError(f"save version {version} has rules it did not know: {', '.join(added)}")
        rules = {**rules, **ADDED_RULES}
    try:
        return Rules.from_dict(rules)
    except GinError as e:
        raise SaveError(f"save has invalid rules: {e}") from None


def _match(data: dict[str, Any], version: int) -> Match:
    """The match a save starts from (no move played)."""
    rules = _rules(data, version)
    seed, dealer, first_deal = data["seed"], data["dealer"], data["first_deal"]
    if type(seed) is not int:
        raise SaveError(f"save field 'seed' must be a whole number, not {describe(seed)}")
    if dealer is not None and type(dealer) is not int:
        raise SaveError(f"save field 'dealer' must be 0, 1 or null, not {describe(dealer)}")
    if first_deal is not None and not isinstance(first_deal, str):
        raise SaveError(f"save field 'first_deal' must be a deal code or null, not {describe(first_deal)}")
    try:
        return Match(rules, seed=seed, dealer=dealer, first_deal=first_deal)
    except GinError as e:
        raise SaveError(f"save cannot start a match: {e}") from None


def _move(entry: Any, where: str) -> Move:
    """One ``[player, "action"]`` entry of a save."""
    if not (
        isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[1], str)
        and (entry[0] is None or (type(entry[0]) is int and entry[0] in (0, 1)))
    ):
        raise SaveError(f"save {where} is malformed")
    try:
        return entry[0], Action.parse(entry[1])
    except ActionError as e:
        raise SaveError(f"save {where} ({describe(entry[1])}) is not an action: {e}") from None


def _redo(match: Match, batches: Any) -> None:
    if not isinstance(batches, list) or not all(isinstance(b, list) for b in batches):
        raise SaveError("save field 'redo' must be a list of lists of moves")
    stack = [tuple(_move(e, f"redo move {i}.{j}") for j, e in enumerate(b)) for i, b in enumerate(batches)]
    try:
        match.restore_redo(stack)
    except GinError as e:
        raise SaveError(f"save field 'redo' is not what undo leaves: {e}") from None


def from_dict(data: Any) -> Match:
    """Rebuild a match from :func:`to_dict` output (version 1 to 3), checking everything."""
    version = _header(data)
    match = _match(data, version)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError(f"save field 'actions' must be a list, not {describe(actions)}")
    for i, entry in enumerate(actions):
        player, action = _move(entry, f"action {i}")
        try:
            match.apply(action, player)
        except GinError as e:
            raise SaveError(f"save action {i} ({describe(entry[1])}) is illegal: {e}") from None
    if version >= 2:
        _redo(match, data["redo"])
    if not same_json(data["state"], _snapshot(match, version)):
        raise SaveError("save does not match its own moves (edited or corrupt)")
    return match


def _check_text(text: str) -> None:
    """Refuse text too long, nested too deeply or holding a number too long for any save, before
    ``json.loads`` sees it (in time linear in the text: see :mod:`gin_core.jsontext`)."""
    if len(text) > MAX_TEXT:
        raise SaveError(f"save is longer than {MAX_TEXT:,} characters")
    shape = json_shape(text)
    if shape.depth > MAX_DEPTH:
        raise SaveError(f"save is nested more than {MAX_DEPTH} levels deep")
    if shape.longest_number > MAX_DIGITS:
        raise SaveError(f"save holds a number of {shape.longest_number} digits (at most {MAX_DIGITS})")


def _not_whole(text: str) -> Any:
    raise SaveError(f"save holds a number that is not a whole number: {describe(text)}")


def read_json(text: str | bytes) -> Any:
    """The JSON value of a save's text, refused (:class:`SaveError`) if it is not UTF-8 JSON or
    is longer, deeper or holds longer or other numbers than any save (a table's save too)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("save is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"a save must be text, not {describe(text)}")
    _check_text(text)
    try:
        data = json.loads(text, parse_float=_not_whole, parse_constant=_not_whole)
    except SaveError:
        raise
    except ValueError as e:  # not JSON (the depth was bounded above)
        raise SaveError(f"save is not valid JSON: {e}") from None
    return data


def loads(text: str | bytes) -> Match:
    """Rebuild a match from :func:`dumps` output."""
    return from_dict(read_json(text))
