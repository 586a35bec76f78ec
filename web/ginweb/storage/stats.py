"""Statistics kept across visits: matches and hands won, gins, undercuts, and for each kind of
match (preset and target) the matches won, the average score and the best match.

Counting is idempotent: each hand and each match end is counted once, keyed by the match's id
and hand number (``counted``, the last :data:`KEEP_IDS` matches), so a reload, a resumed match,
a repeated render or a second tab writing the same statistics never counts twice. The page
counts by reading the stored statistics, counting, and writing them back at once, so two tabs
playing two matches add up (app.py ``count``).

A best match or an average only compares matches of the same kind: a 281-0 win of a 30-point
match is not the best of the 100-point matches. Version 1 (one best match, no kinds) is
migrated by :func:`validate`.

Features keep their part of the statistics at top level under their own keys, each checked by
the feature's own function when the statistics are read (``Feature.stats_parts``); version 3
added the first of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from gin_core import PRESETS, HandRecord, MatchResult, Rules, preset_name

from ..kit.safejson import NewerVersionError
from .envelope import Envelope, RecordKind

StatsUpdate = Callable[[dict[str, Any]], bool]
"""A count: given the stored statistics, adds to them in place; False when nothing changed."""

FORMAT = RecordKind.STATS
VERSION = 3
KEEP_IDS = 200
KEEP_MATCHES = 100  # finished matches kept for the charts
KEEP_HANDS = 200  # hands kept for the charts
MATCH_RESULTS = ("w", "l", "d")
COUNTERS = {
    "matches": ("played", "won", "lost", "drawn", "abandoned", "shutouts_won", "shutouts_lost", "with_undo"),
    "hands": ("played", "won", "lost", "tied", "dead"),
    "you": ("knocks_won", "gins", "big_gins", "undercuts"),
    "computer": ("knocks_won", "gins", "big_gins", "undercuts"),
    "points": ("you", "computer"),
}
KIND_COUNTS = ("played", "won", "points_you", "points_computer")
BEST_INTS = ("you", "computer", "margin")
BEST_TEXTS = ("level", "date")


class NewerStatsError(NewerVersionError):
    """Statistics written by a newer version of this page (left as they are)."""


def kind_key(preset: str, target: int | str | None) -> str:
    """The key of a kind of match: ``classic:100``, ``custom:30``, ``openspiel:hand`` (``?``: the
    target of a version 1 record's custom rules, not recorded)."""
    return f"{preset}:{'hand' if target is None else target}"


PartCheck = Callable[[Any], tuple[Any, list[str]]]
"""A feature's check of its part: the stored value (None: absent) to (the part, the fields reset)."""
NO_PARTS: Mapping[str, PartCheck] = {}


def empty(parts: Mapping[str, PartCheck] = NO_PARTS) -> dict[str, Any]:
    """Statistics with every count at zero (the features' ``parts`` empty too)."""
    data: dict[str, Any] = ENVELOPE.stamp({})
    for group, names in COUNTERS.items():
        data[group] = {n: 0 for n in names}
    data["by_level"] = {}
    data["by_kind"] = {}
    data["counted"] = {}
    data["history"] = {"matches": [], "hands": []}
    for key, check in parts.items():
        data[key] = check(None)[0]
    return data


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 1 << 53


def _best(rec: Any, bad: list[str], where: str) -> dict[str, Any] | None:
    if rec is None:
        return None
    if (
        isinstance(rec, dict)
        and all(type(rec.get(k)) is int and abs(rec[k]) < 1 << 53 for k in BEST_INTS)
        and all(isinstance(rec.get(k, ""), str) for k in BEST_TEXTS)
    ):
        return {k: rec[k] for k in BEST_INTS} | {k: rec.get(k, "")[:40] for k in BEST_TEXTS}
    bad.append(where)
    return None


def _kind(rec: Any, bad: list[str], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {n: 0 for n in KIND_COUNTS}
    if not isinstance(rec, dict):
        bad.append(where)
        return out | {"best": None}
    for n in KIND_COUNTS:
        v = rec.get(n, 0)
        if _count(v):
            out[n] = v
        else:
            bad.append(f"{where}.{n}")
    out["best"] = _best(rec.get("best"), bad, f"{where}.best")
    return out


def _kinds_of_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept one best match with its preset's name and no target; version 2 keeps it
    as the best of that preset's kind (its target from the preset; ``?`` for custom rules)."""
    v2 = {k: v for k, v in data.items() if k not in ("best_match", "by_kind")}
    best = data.get("best_match")
    if best is None:
        return v2
    rules = best.get("rules") if isinstance(best, dict) else None
    name = rules[:40] if isinstance(rules, str) else "custom"
    target = PRESETS[name]().target if name in PRESETS else "?"
    return v2 | {"by_kind": {kind_key(name, target): {n: 0 for n in KIND_COUNTS} | {"best": best}}}


V2_KEYS = (*COUNTERS, "by_level", "by_kind", "counted")


def _v2_fields(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added the history and the features' parts: a version 2 record has none (a
    field of those names in it is not theirs)."""
    return {k: data[k] for k in V2_KEYS if k in data}


ENVELOPE = Envelope(
    FORMAT, VERSION, "gin rummy statistics", {1: _kinds_of_v1, 2: _v2_fields}, newer=NewerStatsError
)


def validate(data: Any, parts: Mapping[str, PartCheck] = NO_PARTS) -> tuple[dict[str, Any], list[str]]:
    """Stored stats checked field by field, the features' ``parts`` by their own checks: (the
    statistics, the fields that were reset). Raises ValueError if they are not statistics of
    this page, NewerStatsError for a newer version."""
    data = ENVELOPE.open(data)
    out, bad = empty(), list[str]()
    _counters(data, out, bad)
    _levels(data.get("by_level", {}), out, bad)
    for key, check in parts.items():
        out[key], wrong = check(data.get(key))
        bad += [f"{key}.{w}" if w else key for w in wrong]
    _kinds(data.get("by_kind", {}), out, bad)
    _counted(data.get("counted"), out, bad)
    _history(data.get("history"), out, bad)
    return out, bad


def _counters(data: dict[str, Any], out: dict[str, Any], bad: list[str]) -> None:
    """The plain counts of each group (matches, hands...) that can be read."""
    for group, names in COUNTERS.items():
        src = data.get(group)
        src = src if isinstance(src, dict) else {}
        for n in names:
            v = src.get(n, 0)
            if _count(v):
                out[group][n] = v
            else:
                bad.append(f"{group}.{n}")


def _kinds(kinds: Any, out: dict[str, Any], bad: list[str]) -> None:
    for key, rec in kinds.items() if isinstance(kinds, dict) else ():
        out["by_kind"][str(key)[:60]] = _kind(rec, bad, f"by_kind.{key}")


def _history(raw: Any, out: dict[str, Any], bad: list[str]) -> None:
    """The kept matches and hands that can be read (the others are dropped and named)."""
    raw = raw if isinstance(raw, dict) else {}
    matches, hands = raw.get("matches", []), raw.get("hands", [])
    if not isinstance(matches, list) or not isinstance(hands, list):
        bad.append("history")
        return
    for m in matches[-KEEP_MATCHES:]:
        if _kept_match(m):
            out["history"]["matches"].append(list(m))
        else:
            bad.append("history.matches")
    out["history"]["hands"] = [v for v in hands[-KEEP_HANDS:] if _small(v)]
    if len(out["history"]["hands"]) != len(hands[-KEEP_HANDS:]):
        bad.append("history.hands")


def _small(v: Any) -> bool:
    """A stored whole number of points (|v| < 2**31)."""
    return type(v) is int and abs(v) < 1 << 31


def _kept_match(m: Any) -> bool:
    """A stored match of the history: [w|l|d, you, computer]."""
    return isinstance(m, list) and len(m) == 3 and m[0] in MATCH_RESULTS and all(_small(v) for v in m[1:])


def _keep(history: list[Any], item: Any, keep: int) -> None:
    history.append(item)
    del history[:-keep]


def _levels(levels: Any, out: dict[str, Any], bad: list[str]) -> None:
    for lvl, rec in levels.items() if isinstance(levels, dict) else ():
        if isinstance(rec, dict) and all(_count(rec.get(k)) for k in ("played", "won")):
            out["by_level"][str(lvl)[:40]] = {"played": rec["played"], "won": rec["won"]}
        else:
            bad.append(f"by_level.{lvl}")


def _counted(counted: Any, out: dict[str, Any], bad: list[str]) -> None:
    """The ids already counted: version 2 keeps a record per match, version 1 only the last."""
    if isinstance(counted, dict) and "uid" in counted and "hands" in counted:  # version 1
        counted = {counted["uid"]: counted} if isinstance(counted["uid"], str) else {}
    if counted is None:
        return
    if not isinstance(counted, dict):
        bad.append("counted")
        return
    for uid, rec in list(counted.items())[-KEEP_IDS:]:
        if isinstance(rec, dict) and _count(rec.get("hands")):
            out["counted"][str(uid)[:80]] = _counting_record(rec)


def _counting_record(rec: dict[str, Any]) -> dict[str, Any]:
    """What was counted of a match: its hands, its end, and whether it had moves taken back."""
    kept = {"hands": rec["hands"], "match": rec.get("match") is True}
    return kept | ({"undo": True} if rec.get("undo") is True else {})


def _side(p: int) -> str:
    return "you" if p == 0 else "computer"


def _seen(data: dict[str, Any], uid: str) -> dict[str, Any]:
    """The counting record of match ``uid`` (created, and the oldest ones forgotten, if new)."""
    counted = data["counted"]
    if uid not in counted:
        counted[uid] = {"hands": 0, "match": False}
        for old in list(counted)[:-KEEP_IDS]:
            del counted[old]
    record: dict[str, Any] = counted[uid]
    return record


def count_hand(data: dict[str, Any], uid: str, record: HandRecord) -> bool:
    """Count a finished hand once. Returns True if it was new."""
    c = _seen(data, uid)
    if record.number <= c["hands"]:
        return False
    c["hands"] = record.number
    h = data["hands"]
    h["played"] += 1
    s = record.settlement
    _keep(data["history"]["hands"], record.points[0] - record.points[1], KEEP_HANDS)
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


def count_match(
    data: dict[str, Any], uid: str, result: MatchResult, level: str, rules: Rules, date: str
) -> bool:
    """Count a finished match once, in its level and its kind (preset and target). Returns True
    if it was new."""
    c = _seen(data, uid)
    if c["match"]:
        return False
    c["match"] = True
    m = data["matches"]
    m["played"] += 1
    lvl = data["by_level"].setdefault(level, {"played": 0, "won": 0})
    lvl["played"] += 1
    key = kind_key(preset_name(rules) or "custom", rules.target)
    kind = data["by_kind"].setdefault(key, {n: 0 for n in KIND_COUNTS} | {"best": None})
    kind["played"] += 1
    kind["points_you"] += result.totals[0]
    kind["points_computer"] += result.totals[1]
    code = "d" if result.winner is None else "w" if result.winner == 0 else "l"
    _keep(data["history"]["matches"], [code, result.totals[0], result.totals[1]], KEEP_MATCHES)
    if result.winner is None:
        m["drawn"] += 1
    elif result.winner == 0:
        _count_win(m, lvl, kind, result, level, date)
    else:
        m["lost"] += 1
        if result.shutout:
            m["shutouts_lost"] += 1
    return True


def _count_win(
    m: dict[str, Any], lvl: dict[str, Any], kind: dict[str, Any], result: MatchResult, level: str, date: str
) -> None:
    """A match you won, in the totals, its level and its kind (and the kind's best match)."""
    m["won"] += 1
    lvl["won"] += 1
    kind["won"] += 1
    if result.shutout:
        m["shutouts_won"] += 1
    margin = result.totals[0] - result.totals[1]
    if kind["best"] is None or margin > kind["best"]["margin"]:
        kind["best"] = {
            "you": result.totals[0],
            "computer": result.totals[1],
            "margin": margin,
            "level": level,
            "date": date,
        }


def count_undo(data: dict[str, Any], uid: str) -> bool:
    """Match ``uid`` had moves taken back (counted once, beside its result: a match with undo
    is marked so)."""
    c = _seen(data, uid)
    if c.get("undo"):
        return False
    c["undo"] = True
    data["matches"]["with_undo"] += 1
    return True


def count_abandoned(data: dict[str, Any], uid: str) -> bool:
    """A match left unfinished for a new one (counted once)."""
    c = _seen(data, uid)
    if c["match"]:
        return False
    c["match"] = True
    data["matches"]["abandoned"] += 1
    return True


def kind_label(key: str) -> str:
    """Words for a kind key: ``classic:100`` -> "classic, to 100"."""
    name, _, target = key.rpartition(":")
    name = name.replace("_", " ")
    if target == "hand":
        return f"{name}, one hand"
    return f"{name}, to {target}" if target != "?" else f"{name}, target not recorded"


def kind_rows(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) rows for each kind of match: matches won, average score, best match."""
    rows = []
    for key, k in sorted(data["by_kind"].items()):
        label = kind_label(key)
        if k["played"]:
            avg = f"{round(k['points_you'] / k['played'])}\u2013{round(k['points_computer'] / k['played'])}"
            rows.append((f"{label}: matches won", f"{k['won']} of {k['played']} (average {avg})"))
        best = k["best"]
        text = (
            f"{best['you']}\u2013{best['computer']} (+{best['margin']}, {best['level']}, {best['date'][:10]})"
            if best
            else "none won yet"
        )
        rows.append((f"{label}: best match", text))
    return rows


def export(data: dict[str, Any]) -> dict[str, Any]:
    """The statistics as exported for download (without the bookkeeping)."""
    out = copy.deepcopy(data)
    out.pop("counted", None)
    return out


def won_history(data: dict[str, Any]) -> list[bool]:
    """Whether each kept match was won, oldest first (the rolling wins chart)."""
    return [m[0] == "w" for m in data["history"]["matches"]]


def hand_nets(data: dict[str, Any]) -> list[int]:
    """Your net points of each kept hand, oldest first (the points per hand chart)."""
    return list(data["history"]["hands"])
