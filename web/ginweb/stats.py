"""Statistics kept across visits: matches and hands won, gins, undercuts, the best match.

Counting is idempotent: each hand and each match end is counted once, keyed by the match's
id and hand number, so a reload, a resumed match or a repeated render never counts twice.
"""

from __future__ import annotations

import copy
from typing import Any

from gin_core import HandRecord, MatchResult

FORMAT = "gin-rummy.stats"
VERSION = 1
COUNTERS = {
    "matches": ("played", "won", "lost", "drawn", "abandoned", "shutouts_won", "shutouts_lost"),
    "hands": ("played", "won", "lost", "tied", "dead"),
    "you": ("knocks_won", "gins", "big_gins", "undercuts"),
    "computer": ("knocks_won", "gins", "big_gins", "undercuts"),
}


def empty() -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for group, names in COUNTERS.items():
        data[group] = {n: 0 for n in names}
    data["points"] = {"you": 0, "computer": 0}
    data["best_match"] = None
    data["by_level"] = {}
    data["counted"] = {"uid": None, "hands": 0, "match": False}
    return data


def validate(data: Any) -> dict[str, Any]:
    """Stored stats, checked field by field; raises ValueError if they are not ours."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not gin rummy statistics")
    if data.get("version") != VERSION:
        raise ValueError(f"statistics version {data.get('version')!r} is not supported")
    out = empty()
    for group, names in COUNTERS.items():
        src = data.get(group)
        if not isinstance(src, dict):
            raise ValueError(f"statistics have no {group}")
        for n in names:
            v = src.get(n, 0)
            if type(v) is not int or v < 0:
                raise ValueError(f"statistics field {group}.{n} is not a count")
            out[group][n] = v
    pts = data.get("points", {})
    for k in ("you", "computer"):
        v = pts.get(k, 0) if isinstance(pts, dict) else None
        if type(v) is not int or v < 0:
            raise ValueError("statistics points are not counts")
        out["points"][k] = v
    best = data.get("best_match")
    if best is not None:
        if not isinstance(best, dict) or not all(type(best.get(k)) is int for k in ("you", "computer", "margin")):
            raise ValueError("statistics best match is malformed")
        out["best_match"] = {k: best[k] for k in ("you", "computer", "margin")} | {
            k: str(best.get(k, "")) for k in ("level", "rules", "date")
        }
    levels = data.get("by_level", {})
    if not isinstance(levels, dict):
        raise ValueError("statistics by level are malformed")
    for lvl, rec in levels.items():
        if not (isinstance(rec, dict) and all(type(rec.get(k)) is int and rec[k] >= 0 for k in ("played", "won"))):
            raise ValueError("statistics by level are malformed")
        out["by_level"][str(lvl)] = {"played": rec["played"], "won": rec["won"]}
    counted = data.get("counted", {})
    if isinstance(counted, dict) and type(counted.get("hands")) is int:
        out["counted"] = {"uid": counted.get("uid"), "hands": counted["hands"], "match": bool(counted.get("match"))}
    return out


def _side(p: int) -> str:
    return "you" if p == 0 else "computer"


def count_hand(data: dict[str, Any], uid: str, record: HandRecord) -> bool:
    """Count a finished hand once. Returns True if it was new."""
    c = data["counted"]
    if c["uid"] != uid:
        data["counted"] = c = {"uid": uid, "hands": 0, "match": False}
    if record.number <= c["hands"]:
        return False
    c["hands"] = record.number
    h = data["hands"]
    h["played"] += 1
    s = record.settlement
    if s is None:
        h["dead"] += 1
        return True
    if s.winner is None:
        h["tied"] += 1
    else:
        h["won" if s.winner == 0 else "lost"] += 1
        side = data[_side(s.winner)]
        if s.kind == "gin":
            side["gins"] += 1
        elif s.kind == "big_gin":
            side["big_gins"] += 1
        elif s.kind == "undercut":
            side["undercuts"] += 1
        else:
            side["knocks_won"] += 1
        data["points"][_side(s.winner)] += s.points
    return True


def count_match(data: dict[str, Any], uid: str, result: MatchResult, level: str, rules: str,
                date: str) -> bool:
    """Count a finished match once. Returns True if it was new."""
    c = data["counted"]
    if c["uid"] != uid:
        data["counted"] = c = {"uid": uid, "hands": c["hands"] if c["uid"] == uid else 0, "match": False}
    if c["match"]:
        return False
    c["match"] = True
    m = data["matches"]
    m["played"] += 1
    lvl = data["by_level"].setdefault(level, {"played": 0, "won": 0})
    lvl["played"] += 1
    if result.winner is None:
        m["drawn"] += 1
    elif result.winner == 0:
        m["won"] += 1
        lvl["won"] += 1
        if result.shutout:
            m["shutouts_won"] += 1
        margin = result.totals[0] - result.totals[1]
        best = data["best_match"]
        if best is None or margin > best["margin"]:
            data["best_match"] = {"you": result.totals[0], "computer": result.totals[1],
                                  "margin": margin, "level": level, "rules": rules, "date": date}
    else:
        m["lost"] += 1
        if result.shutout:
            m["shutouts_lost"] += 1
    return True


def count_abandoned(data: dict[str, Any], uid: str) -> bool:
    """A match left unfinished for a new one (counted once)."""
    c = data["counted"]
    if c["uid"] == uid and c["match"]:
        return False
    data["counted"] = {"uid": uid, "hands": c["hands"] if c["uid"] == uid else 0, "match": True}
    data["matches"]["abandoned"] += 1
    return True


def export(data: dict[str, Any]) -> dict[str, Any]:
    """The statistics as exported for download (without the bookkeeping)."""
    out = copy.deepcopy(data)
    out.pop("counted", None)
    return out
