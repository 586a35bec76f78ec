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

Version 3 adds ``coach``: the hands the coach reviewed, the points given away in them (in
tenths of a point, so every count stays an integer), the mistakes made by kind, and per match
(the last :data:`COACH_MATCHES`) the hands counted and their points given away. Versions 1 and 2
had none (:func:`_coach`).
"""

from __future__ import annotations

import copy
from typing import Any

from gin_core import PRESETS, HandRecord, HandReview, MatchResult, MistakeKind, Rules, preset_name

from .safejson import NewerVersionError

FORMAT = "gin-rummy.stats"
VERSION = 3
READS = (1, 2, 3)
KEEP_IDS = 200
KEEP_MATCHES = 100  # finished matches kept for the charts
KEEP_HANDS = 200  # hands kept for the charts
MATCH_RESULTS = ("w", "l", "d")
COUNTERS = {
    "matches": ("played", "won", "lost", "drawn", "abandoned", "shutouts_won", "shutouts_lost"),
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


def kind_key(preset: str, target: int | None) -> str:
    """The key of a kind of match: ``classic:100``, ``custom:30``, ``openspiel:hand``."""
    return f"{preset}:{'hand' if target is None else target}"


def empty() -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for group, names in COUNTERS.items():
        data[group] = {n: 0 for n in names}
    data["by_level"] = {}
    data["by_kind"] = {}
    data["counted"] = {}
    data["coach"] = {"hands": 0, "given_tenths": 0, "kinds": {}, "matches": {}}
    data["history"] = {"matches": [], "hands": []}
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


def _migrate_v1(data: dict[str, Any], out: dict[str, Any], bad: list[str]) -> None:
    """Version 1 kept one best match with its preset name and no target: it becomes the best
    of that preset's kind (its target from the preset; ``?`` for custom rules)."""
    best = _best(data.get("best_match"), bad, "best_match")
    rules = data.get("best_match", {}).get("rules") if best else None
    if best and isinstance(rules, str):
        target = PRESETS[rules]().target if rules in PRESETS else "?"
        key = f"{rules[:40]}:{'hand' if target is None else target}"
        out["by_kind"][key] = {n: 0 for n in KIND_COUNTS} | {"best": best}


def validate(data: Any) -> tuple[dict[str, Any], list[str]]:
    """Stored stats checked field by field: (the statistics, the fields that were reset).
    Raises ValueError if they are not statistics of this page, NewerStatsError for a newer version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not gin rummy statistics")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise NewerStatsError(f"statistics version {version} is newer than this page's {VERSION}")
    if version not in READS:
        raise ValueError(f"statistics version {version!r} is not supported")
    out, bad = empty(), list[str]()
    _counters(data, out, bad)
    _levels(data.get("by_level", {}), out, bad)
    _coach(data.get("coach") if version == VERSION else None, out, bad)
    if version == 1:
        _migrate_v1(data, out, bad)
    else:
        _kinds(data.get("by_kind", {}), out, bad)
    _counted(data.get("counted"), out, bad)
    if version == VERSION:
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
            out["counted"][str(uid)[:80]] = {"hands": rec["hands"], "match": rec.get("match") is True}


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


# ----- review -----

COACH_MATCHES = 30
MISTAKE_WORDS = {
    MistakeKind.KNOCKED_TOO_EARLY: "knocked too early",
    MistakeKind.WAITED_TOO_LONG: "waited too long",
    MistakeKind.DISCARDED_INTO_MELD: "discarded into the computer's meld",
    MistakeKind.BROKE_MELD: "broke up a meld",
    MistakeKind.KEPT_DEAD_PAIR: "kept a dead pair",
    MistakeKind.TOOK_UNUSED: "took a card that fit nothing",
    MistakeKind.DREW_WRONG: "drew from the wrong place",
    MistakeKind.OTHER: "other",
}


def _coach(raw: Any, out: dict[str, Any], bad: list[str]) -> None:
    """The coach's counts as stored (version 3); versions 1 and 2 had none, so start empty."""
    if raw is None:
        return
    c = out["coach"]
    if not isinstance(raw, dict):
        bad.append("coach")
        return
    for n in ("hands", "given_tenths"):
        if _count(raw.get(n, 0)):
            c[n] = raw.get(n, 0)
        else:
            bad.append(f"coach.{n}")
    kinds = raw.get("kinds", {})
    for k, v in kinds.items() if isinstance(kinds, dict) else ():
        if k in MISTAKE_WORDS and _count(v):
            c["kinds"][k] = v
    matches = raw.get("matches", {})
    for uid, rec in list(matches.items() if isinstance(matches, dict) else ())[-COACH_MATCHES:]:
        if _coached_match(rec):
            c["matches"][str(uid)[:80]] = {"hands": rec["hands"][:500], "given_tenths": rec["given_tenths"]}


def _coached_match(rec: Any) -> bool:
    """A stored match of the coach's counts: the hands reviewed and the points given away."""
    hands = rec.get("hands") if isinstance(rec, dict) else None
    return isinstance(hands, list) and all(_count(h) for h in hands) and _count(rec.get("given_tenths"))


def count_review(data: dict[str, Any], uid: str, review: HandReview) -> bool:
    """Count the coach's review of a hand of match ``uid`` once. Returns True if it was new."""
    c = data["coach"]
    matches = c["matches"]
    if uid not in matches:
        matches[uid] = {"hands": [], "given_tenths": 0}
        for old in list(matches)[:-COACH_MATCHES]:
            del matches[old]
    rec = matches[uid]
    if review.hand_number in rec["hands"]:
        return False
    tenths = round(review.given_away * 10)
    rec["hands"].append(review.hand_number)
    rec["given_tenths"] += tenths
    c["hands"] += 1
    c["given_tenths"] += tenths
    for v in review.mistakes:
        assert v.mistake is not None
        kind = str(v.mistake.kind)
        c["kinds"][kind] = c["kinds"].get(kind, 0) + 1
    return True


def per_hand(tenths: int, hands: int) -> float:
    """Points given away per hand, on average."""
    return round(tenths / 10 / hands, 1) if hands else 0.0


def coach_rows(data: dict[str, Any], top: int = 3) -> list[tuple[str, str]]:
    """(label, value) rows for the coach: hands reviewed, points given away per hand, the
    mistakes made most often."""
    c = data["coach"]
    if not c["hands"]:
        return [("Coach", "no hand reviewed yet")]
    kinds = sorted(c["kinds"].items(), key=lambda kv: (-kv[1], list(MISTAKE_WORDS).index(MistakeKind(kv[0]))))
    often = ", ".join(f"{MISTAKE_WORDS[MistakeKind(k)]} ({n})" for k, n in kinds[:top]) or "none"
    return [
        ("Hands reviewed by the coach", str(c["hands"])),
        ("Points given away per hand", f"{per_hand(c['given_tenths'], c['hands']):.1f}"),
        ("Mistakes made most often", often),
    ]


def given_away_by_match(data: dict[str, Any]) -> list[float]:
    """Points given away per hand in each of the last matches the coach reviewed, oldest first."""
    return [
        per_hand(m["given_tenths"], len(m["hands"])) for m in data["coach"]["matches"].values() if m["hands"]
    ]


def won_history(data: dict[str, Any]) -> list[bool]:
    """Whether each kept match was won, oldest first (the rolling wins chart)."""
    return [m[0] == "w" for m in data["history"]["matches"]]


def hand_nets(data: dict[str, Any]) -> list[int]:
    """Your net points of each kept hand, oldest first (the points per hand chart)."""
    return list(data["history"]["hands"])
