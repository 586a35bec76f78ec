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
the feature's own function when the statistics are read (``port.StatsParts.stats_parts``); version 3
added the first of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from gin_core import PRESETS, HandRecord, Match, MatchResult, Rules, preset_name

from ..kit.safejson import NewerVersionError
from .envelope import Envelope, RecordKind, Stamped

T = TypeVar("T")

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


class Best(TypedDict):
    """The best match of a kind: the totals, your margin, the computer's level and the date."""

    you: int
    computer: int
    margin: int
    level: str
    date: str


class KindCounts(TypedDict):
    """One kind of match (preset and target): matches played and won, points, the best."""

    played: int
    won: int
    points_you: int
    points_computer: int
    best: Best | None


class LevelCounts(TypedDict):
    played: int
    won: int


class Counted(TypedDict):
    """What was counted of a match: its hands (the last number), its end, and whether it had
    moves taken back (absent: none)."""

    hands: int
    match: bool
    undo: NotRequired[bool]


KeptMatch = list[str | int]
"""A finished match kept for the charts: [w|l|d, your total, the computer's]."""


class History(TypedDict):
    matches: list[KeptMatch]
    hands: list[int]  # your net points of each hand


class StatsRecord(Stamped):
    """The statistics as stored (see the module text). The features' parts are further keys
    beside these, each read through :func:`part` (a TypedDict may hold keys it does not name)."""

    matches: dict[str, int]  # COUNTERS["matches"], and so on for the next four
    hands: dict[str, int]
    you: dict[str, int]
    computer: dict[str, int]
    points: dict[str, int]
    by_level: dict[str, LevelCounts]
    by_kind: dict[str, KindCounts]
    counted: dict[str, Counted]
    history: History


StatsUpdate = Callable[[StatsRecord], bool]
"""A count: given the stored statistics, adds to them in place; False when nothing changed."""


def kind_key(preset: str, target: int | str | None) -> str:
    """The key of a kind of match: ``classic:100``, ``custom:30``, ``openspiel:hand`` (``?``: the
    target of a version 1 record's custom rules, not recorded)."""
    return f"{preset}:{'hand' if target is None else target}"


PartCheck = Callable[[Any], tuple[Any, list[str]]]
"""A feature's check of its part: the stored value (None: absent) to (the part, the fields reset)."""
NO_PARTS: Mapping[str, PartCheck] = {}


def empty(parts: Mapping[str, PartCheck] = NO_PARTS) -> StatsRecord:
    """Statistics with every count at zero (the features' ``parts`` empty too)."""
    zero = {group: dict.fromkeys(names, 0) for group, names in COUNTERS.items()}
    data: StatsRecord = {
        **ENVELOPE.head(),
        "matches": zero["matches"],
        "hands": zero["hands"],
        "you": zero["you"],
        "computer": zero["computer"],
        "points": zero["points"],
        "by_level": {},
        "by_kind": {},
        "counted": {},
        "history": {"matches": [], "hands": []},
    }
    for key, check in parts.items():
        _parts(data)[key] = check(None)[0]
    return data


def _parts(data: StatsRecord) -> dict[str, Any]:
    """``data`` as the plain mapping that also holds the features' parts (beside its own keys)."""
    return cast(dict[str, Any], data)


def part(data: StatsRecord, key: str) -> Any:
    """A feature's part of the statistics, as its check (``port.StatsParts.stats_parts``) read it."""
    return _parts(data)[key]


def counters(data: StatsRecord) -> dict[str, dict[str, int]]:
    """The plain counts by group (:data:`COUNTERS`)."""
    return {
        "matches": data["matches"],
        "hands": data["hands"],
        "you": data["you"],
        "computer": data["computer"],
        "points": data["points"],
    }


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 1 << 53


def _best(rec: Any, bad: list[str], where: str) -> Best | None:
    if rec is None:
        return None
    if (
        isinstance(rec, dict)
        and all(type(rec.get(k)) is int and abs(rec[k]) < 1 << 53 for k in BEST_INTS)
        and all(isinstance(rec.get(k, ""), str) for k in BEST_TEXTS)
    ):
        level, date = (rec.get(k, "")[:40] for k in BEST_TEXTS)
        return {
            "you": rec["you"],
            "computer": rec["computer"],
            "margin": rec["margin"],
            "level": level,
            "date": date,
        }
    bad.append(where)
    return None


def _new_kind() -> KindCounts:
    return {"played": 0, "won": 0, "points_you": 0, "points_computer": 0, "best": None}


def _kind(rec: Any, bad: list[str], where: str) -> KindCounts:
    if not isinstance(rec, dict):
        bad.append(where)
        return _new_kind()
    counts = dict.fromkeys(KIND_COUNTS, 0)
    for n in KIND_COUNTS:
        v = rec.get(n, 0)
        if _count(v):
            counts[n] = v
        else:
            bad.append(f"{where}.{n}")
    best = _best(rec.get("best"), bad, f"{where}.best")
    played, won, points_you, points_computer = (counts[n] for n in KIND_COUNTS)
    return {
        "played": played,
        "won": won,
        "points_you": points_you,
        "points_computer": points_computer,
        "best": best,
    }


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
    return v2 | {"by_kind": {kind_key(name, target): {**_new_kind(), "best": best}}}


V2_KEYS = (*COUNTERS, "by_level", "by_kind", "counted")


def _v2_fields(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added the history and the features' parts: a version 2 record has none (a
    field of those names in it is not theirs)."""
    return {k: data[k] for k in V2_KEYS if k in data}


ENVELOPE = Envelope(
    FORMAT, VERSION, "gin rummy statistics", {1: _kinds_of_v1, 2: _v2_fields}, newer=NewerStatsError
)


def validate(data: Any, parts: Mapping[str, PartCheck] = NO_PARTS) -> tuple[StatsRecord, list[str]]:
    """Stored stats checked field by field, the features' ``parts`` by their own checks: (the
    statistics, the fields that were reset). Raises ValueError if they are not statistics of
    this page, NewerStatsError for a newer version."""
    data = ENVELOPE.open(data)
    out, bad = empty(), list[str]()
    _counters(data, out, bad)
    _levels(data.get("by_level", {}), out, bad)
    for key, check in parts.items():
        _parts(out)[key], wrong = check(data.get(key))
        bad += [f"{key}.{w}" if w else key for w in wrong]
    _kinds(data.get("by_kind", {}), out, bad)
    _counted(data.get("counted"), out, bad)
    _history(data.get("history"), out, bad)
    return out, bad


def _counters(data: StatsRecord, out: StatsRecord, bad: list[str]) -> None:
    """The plain counts of each group (matches, hands...) that can be read."""
    groups = counters(out)
    for group, names in COUNTERS.items():
        src = data.get(group)
        src = src if isinstance(src, dict) else {}
        for n in names:
            v = src.get(n, 0)
            if _count(v):
                groups[group][n] = v
            else:
                bad.append(f"{group}.{n}")


def _kinds(kinds: Any, out: StatsRecord, bad: list[str]) -> None:
    for key, rec in kinds.items() if isinstance(kinds, dict) else ():
        out["by_kind"][str(key)[:60]] = _kind(rec, bad, f"by_kind.{key}")


def _history(raw: Any, out: StatsRecord, bad: list[str]) -> None:
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


def _keep(history: list[T], item: T, keep: int) -> None:
    history.append(item)
    del history[:-keep]


def _levels(levels: Any, out: StatsRecord, bad: list[str]) -> None:
    for lvl, rec in levels.items() if isinstance(levels, dict) else ():
        if isinstance(rec, dict) and all(_count(rec.get(k)) for k in ("played", "won")):
            out["by_level"][str(lvl)[:40]] = {"played": rec["played"], "won": rec["won"]}
        else:
            bad.append(f"by_level.{lvl}")


def _counted(counted: Any, out: StatsRecord, bad: list[str]) -> None:
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


def _counting_record(rec: dict[str, Any]) -> Counted:
    """What was counted of a match: its hands, its end, and whether it had moves taken back."""
    kept: Counted = {"hands": rec["hands"], "match": rec.get("match") is True}
    if rec.get("undo") is True:
        kept["undo"] = True
    return kept


def _side(p: int) -> str:
    return "you" if p == 0 else "computer"


def _seen(data: StatsRecord, uid: str) -> Counted:
    """The counting record of match ``uid`` (created, and the oldest ones forgotten, if new)."""
    counted = data["counted"]
    if uid not in counted:
        counted[uid] = {"hands": 0, "match": False}
        for old in list(counted)[:-KEEP_IDS]:
            del counted[old]
    return counted[uid]


def count_hand(data: StatsRecord, uid: str, record: HandRecord) -> bool:
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
        side = data["you"] if s.winner == 0 else data["computer"]
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
    data: StatsRecord, uid: str, result: MatchResult, level: str, rules: Rules, date: str
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
    kind = data["by_kind"].setdefault(key, _new_kind())
    kind["played"] += 1
    kind["points_you"] += result.totals[0]
    kind["points_computer"] += result.totals[1]
    code = "d" if result.winner is None else "w" if result.winner == 0 else "l"
    kept: KeptMatch = [code, result.totals[0], result.totals[1]]
    _keep(data["history"]["matches"], kept, KEEP_MATCHES)
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
    m: dict[str, int], lvl: LevelCounts, kind: KindCounts, result: MatchResult, level: str, date: str
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


def count_undo(data: StatsRecord, uid: str) -> bool:
    """Match ``uid`` had moves taken back (counted once, beside its result: a match with undo
    is marked so)."""
    c = _seen(data, uid)
    if c.get("undo"):
        return False
    c["undo"] = True
    data["matches"]["with_undo"] += 1
    return True


def match_counts(m: Match, uid: str, undos: int, level: str, now: Callable[[], str]) -> list[StatsUpdate]:
    """What match ``uid`` adds to the statistics as it stands: its finished hands, that it had
    moves taken back, its result once over (``now``: the date a best match is kept with); each
    is counted once, however often asked."""
    updates: list[StatsUpdate] = []
    if m.records:
        updates.append(lambda d: sum(count_hand(d, uid, r) for r in m.records) > 0)
    if undos:
        updates.append(lambda d: count_undo(d, uid))
    result = m.result
    if result is not None:
        updates.append(lambda d: count_match(d, uid, result, level, m.rules, now()))
    return updates


def count_abandoned(data: StatsRecord, uid: str) -> bool:
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


def kind_rows(data: StatsRecord) -> list[tuple[str, str]]:
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


def export(data: StatsRecord) -> dict[str, Any]:
    """The statistics as exported for download (without the bookkeeping)."""
    out = copy.deepcopy(_parts(data))
    out.pop("counted", None)
    return out


def won_history(data: StatsRecord) -> list[bool]:
    """Whether each kept match was won, oldest first (the rolling wins chart)."""
    return [m[0] == "w" for m in data["history"]["matches"]]


def hand_nets(data: StatsRecord) -> list[int]:
    """Your net points of each kept hand, oldest first (the points per hand chart)."""
    return list(data["history"]["hands"])
