"""The stored match: the engine's own save (replayed and checked by gin_core.load_match) plus
what only the page knows: the opponent's level and seed, your card order and the game log.

    {"format": "gin-rummy.web-match", "version": 1, "uid": "...", "level": "standard",
     "bot_seed": 1234, "match": "<gin_core.save_match text>", "order": ["7H", ...],
     "log": [[n, player, text, reason], ...], "started": "2025-01-31T12:00:00Z"}

``n`` is the length of the match history when the log line was written (undo cuts the log
back with the moves).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from gin_core import Match, SaveError, load_match, save_match

from .settings import LEVELS

FORMAT = "gin-rummy.web-match"
VERSION = 1
LOG_KEEP = 300


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

    def dumps(self) -> str:
        return json.dumps({
            "format": FORMAT,
            "version": VERSION,
            "uid": self.uid,
            "level": self.level,
            "bot_seed": self.bot_seed,
            "match": save_match(self.match),
            "order": list(self.order),
            "log": [[ln.n, ln.player, ln.text, ln.why] for ln in self.log[-LOG_KEEP:]],
            "started": self.started,
            "pending": [[n, words] for n, words in sorted(self.pending.items())],
        }, separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Game:
    """Rebuild a stored game. Raises SaveError for anything that is not a valid save of ours."""
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, TypeError, RecursionError) as e:
        raise SaveError(f"the saved match is not valid JSON ({e.msg if hasattr(e, 'msg') else e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("the saved data is not a gin rummy match of this page")
    if data.get("version") != VERSION:
        raise SaveError(f"the saved match has format version {data.get('version')!r}, this page reads {VERSION}")
    uid, level, seed = data.get("uid"), data.get("level"), data.get("bot_seed")
    if not isinstance(uid, str) or level not in LEVELS or type(seed) is not int:
        raise SaveError("the saved match is missing its id, level or seed")
    if not isinstance(data.get("match"), str):
        raise SaveError("the saved match has no engine save")
    match = load_match(data["match"])
    order = data.get("order", [])
    if not (isinstance(order, list) and all(isinstance(c, str) and len(c) == 2 for c in order)):
        order = []
    log: list[LogLine] = []
    raw = data.get("log", [])
    if isinstance(raw, list):
        for entry in raw[-LOG_KEEP:]:
            if (isinstance(entry, list) and len(entry) == 4 and type(entry[0]) is int
                    and entry[1] in (0, 1, None) and isinstance(entry[2], str) and isinstance(entry[3], str)):
                log.append(LogLine(*entry))
    started = data.get("started") if isinstance(data.get("started"), str) else ""
    pending = {n: w for n, w in _pairs(data.get("pending", [])) if 0 < n <= len(match.history)}
    return Game(match, uid, level, seed, started, order, log, pending)


def _pairs(raw: Any) -> list[tuple[int, str]]:
    """[[int, str], ...] entries of a stored list (anything else is dropped)."""
    if not isinstance(raw, list):
        return []
    return [(e[0], e[1]) for e in raw if isinstance(e, list) and len(e) == 2
            and type(e[0]) is int and isinstance(e[1], str)]
