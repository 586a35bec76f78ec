"""JSON save and load of a table (three players, partners, Hollywood) at any point.

Built as a match's save is (:mod:`gin_core.save`): the table rules, the seed, the first dealer
and every ``[seat, action]``, with a snapshot (phase, dealer, each finished hand's deal codes
and points, a digest of the moves and, from version 2, of the set-up: table rules, seed, first
dealer) that loading compares after replaying the actions through the ordinary checks: an edited
or corrupt save raises :class:`SaveError` (an edited target or bonus too, before it changes a
score). A separate format
(``gin_core.table``) so every two-player save keeps loading as before; :func:`load_any` reads
either.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import Action, ActionError
from .checks import check_is, describe
from .errors import GinError, SaveError
from .match import Match
from .save import from_dict as match_from_dict
from .save import read_json, same_json
from .seating import TableRules
from .table import TableMatch

FORMAT = "gin_core.table"
VERSION = 2
READS = (1, 2)
"""Version 2 added the set-up's digest to the snapshot; version 1 saves still load."""
_KEYS = frozenset({"format", "version", "table", "seed", "dealer", "actions", "state"})


def _snapshot(table: TableMatch, version: int = VERSION) -> dict[str, Any]:
    moves = "\n".join(f"{s}:{a}" for s, a in table.history)
    snapshot = {
        "phase": str(table.phase),
        "dealer": table.dealer,
        "to_move": list(table.to_move),
        "hands": [
            [h.number, h.dealer, [g.record.deal_code for g in h.games], list(h.points)] for h in table.hands
        ],
        "moves": _digest(moves),
    }
    if version >= 2:
        setup = [table.table.to_dict(), table.seed, table.dealer_choice]
        snapshot["setup"] = _digest(json.dumps(setup, sort_keys=True))
    return snapshot


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_dict(table: TableMatch) -> dict[str, Any]:
    """The save of a table as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "table": table.table.to_dict(),
        "seed": table.seed,
        "dealer": table.dealer_choice,
        "actions": [[s, str(a)] for s, a in table.history],
        "state": _snapshot(table),
    }


def dumps(table: TableMatch) -> str:
    """The save of a table as JSON text."""
    check_is(table, TableMatch, "table")
    return json.dumps(to_dict(table), separators=(",", ":"))


def _start(data: Any) -> TableMatch:
    """The table a save starts from, after checking its header."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a gin_core table save")
    if type(data.get("version")) is not int or data["version"] not in READS:
        raise SaveError(f"table save version {describe(data.get('version'))} is not supported (1 or 2)")
    if set(data) != _KEYS:
        raise SaveError(f"a table save has exactly the fields {', '.join(sorted(_KEYS))}")
    try:
        rules = TableRules.from_dict(data["table"])
        return TableMatch(rules, seed=data["seed"], dealer=data["dealer"])
    except GinError as e:
        raise SaveError(f"save cannot start a table: {e}") from None


def _play(table: TableMatch, i: int, entry: Any) -> None:
    if not (
        isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and isinstance(entry[1], str)
    ):
        raise SaveError(f"save action {i} is malformed")
    try:
        table.apply(entry[0], Action.parse(entry[1]))
    except ActionError as e:
        raise SaveError(f"save action {i} ({describe(entry[1])}) is not an action: {e}") from None
    except GinError as e:
        raise SaveError(f"save action {i} ({describe(entry[1])}) is illegal: {e}") from None


def from_dict(data: Any) -> TableMatch:
    """Rebuild a table from :func:`to_dict` output, checking everything."""
    table = _start(data)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError(f"save field 'actions' must be a list, not {describe(actions)}")
    for i, entry in enumerate(actions):
        _play(table, i, entry)
    if not same_json(data["state"], _snapshot(table, data["version"])):
        raise SaveError("save does not match its own moves (edited or corrupt)")
    return table


def loads(text: str | bytes) -> TableMatch:
    """Rebuild a table from :func:`dumps` output."""
    return from_dict(read_json(text))


def load_any(text: str | bytes) -> Match | TableMatch:
    """A two-player match or a table, whichever the save holds."""
    data = read_json(text)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return from_dict(data)
    return match_from_dict(data)
