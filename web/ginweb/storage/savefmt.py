"""The stored match: the engine's own save (replayed and checked by gin_core.load_match) plus
what only the page knows: the opponent's level and seed, your card order and the game log.

    {"format": "gin-rummy.web-match", "version": 3, "uid": "...", "level": "standard",
     "order": ["7H", ...], "log": [[n, player, text, reason], ...],
     "started": "2025-01-31T12:00:00Z", "undos": 0, "sealed": "sealed1:...",
     <features' parts>}

``undos`` counts the moves you took back (absent in older saves: 0); a match with any is
marked so in the statistics.

``sealed`` (see seal.py) holds ``{"match": "<gin_core.save_match text>", "bot_seed": 1234,
"pending": [[n, reason], ...]}``: the engine's save has the seed and the computer's hand, and
the computer's reasons in the hand in progress may name its cards (gamelog.py); none of it may
be readable in the browser's storage while the hand is live. Version 1 stored those two in
clear; it still loads (:func:`loads` migrates it) and is written back as the current version.

Version 3 added two keys in clear about the finished hands, now a feature's part (below).

``people`` (only in a match of two people on one device, "pass and play"): the two seats'
names, ``["Ann", "Bob"]``, in clear (names are not secret); absent, seat 1 is the computer.
Stored names are checked as the "New match" form checks them (:func:`people_named`); present
but not two different names, the match stays a match of two people, named "Player 1" and
"Player 2", and the field is named in ``Game.reset`` (the page says so): read as a match
against the computer, seat 1's hand would be shown to seat 0.
Nothing in the save says whose turn is shown: a reloaded two-person match always opens on the
handover screen of the seat to move. The seal keeps the hands out of plain sight in storage;
it is not a lock against a person with the browser's developer tools on the shared device.

Features keep their part of the match at top level under their own keys (``port.MatchPart.part_keys``):
plain JSON values, kept as read and checked by the feature that uses them (table/port.py).

``n`` is the length of the match history when the log line was written (undo cuts the log
back with the moves).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NotRequired, TypedDict, TypeGuard

from gin_core import Match, SaveError, load_match, save_match

from ..kit import safejson
from . import seal
from .envelope import Envelope, RecordKind, Stamped, Step
from .settings import LEVELS

FORMAT = RecordKind.MATCH
VERSION = 3
LOG_KEEP = 300
_OWN_KEYS = frozenset(("format", "version", "uid", "level", "order", "log", "started", "sealed", "people"))
NAME_MAX = 20
DEFAULT_PEOPLE = ("Player 1", "Player 2")  # the form's names for two people left unnamed


class NewerSaveError(SaveError, safejson.NewerVersionError):
    """A save written by a newer version of this page: left as it is, never overwritten."""


class Secret(TypedDict):
    """The sealed part of a stored match (``sealed``)."""

    match: str  # gin_core.save_match text
    bot_seed: int
    pending: list[tuple[int, str]]  # the computer's reasons kept unshown, by history length


class MatchRecord(Stamped):
    """A match as stored (see the module text); the features' parts are further keys."""

    uid: str
    level: str
    order: list[str]
    log: list[tuple[int, int | None, str, str]]  # n, player, text, reason (lists in JSON)
    started: str
    undos: int
    people: NotRequired[list[str]]
    sealed: str


@dataclass
class LogLine:
    n: int
    player: int | None
    text: str
    why: str = ""


@dataclass
class Game:
    """A match in progress, with everything needed to resume it exactly."""

    match: Match
    uid: str
    level: str
    bot_seed: int
    started: str = ""
    order: list[str] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    # the computer's reasons in the hand in progress, by history length (see gamelog.py)
    pending: dict[int, str] = field(default_factory=dict)
    parts: dict[str, object] = field(default_factory=dict)  # the features' parts, as JSON values
    undos: int = 0  # moves you took back in this match (it is marked so in the statistics)
    people: tuple[str, str] | None = None  # two people's names (pass and play), or None
    reset: list[str] = field(default_factory=list)  # fields read back as defaults (never stored)

    def dumps(self, key: str) -> str:
        """The stored text, the engine's save and the bot's seed sealed with ``key``."""
        secret: Secret = {
            "match": save_match(self.match),
            "bot_seed": self.bot_seed,
            "pending": sorted(self.pending.items()),
        }
        head = envelope(key).head()
        record: MatchRecord = {
            "format": head["format"],
            "version": head["version"],
            "uid": self.uid,
            "level": self.level,
            "order": [] if self.people else list(self.order),  # a person's hand stays unsaid
            "log": [(ln.n, ln.player, ln.text, ln.why) for ln in self.log[-LOG_KEEP:]],
            "started": self.started,
            "undos": self.undos,
            "sealed": seal.seal(json.dumps(secret, separators=(",", ":"), ensure_ascii=False), key),
        }
        if self.people:
            record["people"] = list(self.people)
        parts = {k: v for k, v in self.parts.items() if k not in _OWN_KEYS}
        return json.dumps(parts | dict(record), separators=(",", ":"), ensure_ascii=False)


def envelope(key: str) -> Envelope:
    """The stored match's envelope; ``key`` seals what version 1 kept in clear."""
    steps: dict[int, Step] = {1: partial(_sealed_v1, key=key), 2: dict}  # 3 added features' parts
    return Envelope(FORMAT, VERSION, "a saved gin rummy match", steps, SaveError, NewerSaveError)


def _sealed_v1(data: dict[str, Any], key: str) -> dict[str, Any]:
    """Version 1 kept the engine's save and the computer's seed in clear: version 2 seals them."""
    secret = json.dumps({"match": data.get("match"), "bot_seed": data.get("bot_seed")})
    clear = {k: v for k, v in data.items() if k not in ("match", "bot_seed")}
    return clear | {"sealed": seal.seal(secret, key)}


def _secret(data: dict[str, Any], key: str) -> dict[str, Any]:
    """The sealed part: engine save text, bot seed and the computer's kept reasons."""
    try:
        inner = safejson.loads(seal.unseal(data.get("sealed"), key))  # type: ignore[arg-type]
    except (seal.SealError, safejson.StoredTextError) as e:
        raise SaveError(f"the saved match cannot be opened: {e}") from None
    if not isinstance(inner, dict):
        raise SaveError("the saved match cannot be opened: its sealed part is not a record")
    return inner


def loads(text: str, key: str, part_keys: tuple[str, ...] = ()) -> Game:
    """Rebuild a stored game from its text (see :func:`from_data`)."""
    try:
        data: Any = safejson.loads(text)
    except safejson.StoredTextError as e:
        raise SaveError(f"the saved match is unreadable: {e}") from None
    return from_data(data, key, part_keys)


def from_data(data: Any, key: str, part_keys: tuple[str, ...] = ()) -> Game:
    """Rebuild a stored game (versions 1 to 3; ``key`` opens the sealed part; ``part_keys``: the
    features' keys, kept as read). Raises SaveError for anything that is not a valid save of
    ours, NewerSaveError for a newer version's."""
    data = envelope(key).open(data)
    uid, level = data.get("uid"), data.get("level")
    secret = _secret(data, key)
    seed = secret.get("bot_seed")
    if not (isinstance(uid, str) and level in LEVELS and _seed(seed)):
        raise SaveError("the saved match is missing its id, level or seed")
    match = _engine(secret.get("match"))
    log = _log(data.get("log", []))
    started = data["started"] if isinstance(data.get("started"), str) else ""
    pending = {n: w for n, w in _pairs(secret.get("pending", [])) if 0 < n <= len(match.history)}
    parts = {k: data[k] for k in part_keys if data.get(k) is not None and k not in _OWN_KEYS}
    game = Game(match, uid, level, seed, started, _order(data.get("order")), log, pending, parts=parts)
    game.undos = _undos(data.get("undos"))
    _read_people(game, data.get("people"))
    return game


def seat_name(raw: str) -> str | None:
    """A seat's name as typed, trimmed; None if empty, too long or holding a control character."""
    name = " ".join(raw.split())
    if not 0 < len(name) <= NAME_MAX or not name.isprintable():
        return None
    return name


def people_named(first: str, second: str) -> tuple[str, str]:
    """Two people's names as typed in the "New match" form (empty: "Player 1", "Player 2");
    ValueError naming the rule if one is too long or both are the same."""
    a = seat_name(first) if first.strip() else DEFAULT_PEOPLE[0]
    b = seat_name(second) if second.strip() else DEFAULT_PEOPLE[1]
    if a is None or b is None:
        raise ValueError(f"A player's name has 1 to {NAME_MAX} letters, digits or spaces.")
    if a.casefold() == b.casefold():
        raise ValueError("The two players need different names.")
    return a, b


def _read_people(game: Game, raw: Any) -> None:
    """``game``'s people as stored (absent: a match against the computer); names the form would
    refuse keep it a match of two people under the form's default names, ``people`` reset."""
    if raw is None:
        return
    game.people = _people(raw)
    if game.people is None:
        game.people = DEFAULT_PEOPLE
        game.reset.append("people")


def _people(raw: Any) -> tuple[str, str] | None:
    """The two people's names as stored, if the form would have taken them as they are."""
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(n, str) and n.strip() for n in raw)):
        return None
    try:
        named = people_named(raw[0], raw[1])
    except ValueError:
        return None
    return named if list(named) == raw else None


def _seed(value: Any) -> TypeGuard[int]:
    """A stored seed of the computer: a 64-bit unsigned int."""
    return type(value) is int and 0 <= value < 1 << 64


def _engine(text: Any) -> Match:
    """The match from the engine's save text (replayed and checked by gin_core.load_match)."""
    if not isinstance(text, str):
        raise SaveError("the saved match has no engine save")
    try:
        safejson.check(text)
    except safejson.StoredTextError as e:
        raise SaveError(f"the engine save is unreadable: {e}") from None
    return load_match(text)


def _undos(raw: Any) -> int:
    """The moves taken back in the match as stored (0 if absent or unreadable)."""
    return raw if type(raw) is int and 0 <= raw < 1 << 31 else 0


def _order(raw: Any) -> list[str]:
    """Your own card order as stored (card keys), or none if it cannot be read."""
    if isinstance(raw, list) and all(isinstance(c, str) and len(c) == 2 for c in raw):
        return raw
    return []


def _log(raw: Any) -> list[LogLine]:
    """The stored log lines that can be read (the last LOG_KEEP); the others are left out."""
    if not isinstance(raw, list):
        return []
    return [
        LogLine(*entry)
        for entry in raw[-LOG_KEEP:]
        if isinstance(entry, list)
        and len(entry) == 4
        and type(entry[0]) is int
        and entry[1] in (0, 1, None)
        and isinstance(entry[2], str)
        and isinstance(entry[3], str)
    ]


def _pairs(raw: Any) -> list[tuple[int, str]]:
    """[[int, str], ...] entries of a stored list (anything else is dropped)."""
    if not isinstance(raw, list):
        return []
    return [
        (e[0], e[1])
        for e in raw
        if isinstance(e, list) and len(e) == 2 and type(e[0]) is int and isinstance(e[1], str)
    ]
