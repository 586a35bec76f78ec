"""The coach's doubted knocks (issue 41, item 3): what looking again with more guesses flags,
measured against the reference analysis's verdicts (``benchmarks/verdicts.md``, session 29).

    python scripts/coach_doubt.py reached --out benchmarks/runs/coach-doubt-reached.jsonl
    nice -n 10 python scripts/coach_doubt.py knocks --out benchmarks/runs/coach-doubt-knocks.jsonl
    python scripts/coach_doubt.py summary
    nice -n 10 python scripts/coach_doubt.py tutor --count 16
    nice -n 10 python scripts/coach_doubt.py split --runs benchmarks/runs/verdicts-coach-[89].jsonl

``reached``: every decision the coach-robust runs reviewed on the hands whose flags and recall
candidates were all checked (``reference_verdicts.reached``), judged by today's coach looking
once (``doubt`` 1) and, where it flags or hesitates (every value over the threshold, not beyond
the noise), at four times the guesses: the flags of each rule against the reference's verdicts,
and recall of the robust mistakes beyond the threshold. ``knocks``: every knock those runs
reviewed on any hand, judged the same way; each knock flagged only when looked at again, on a
hand outside ``reached`` (where the rule was not found), checked by the reference at once
(``DEEP``). Rows are appended as they come; a run skips the keys its file holds. ``tutor``:
what the rule costs the tutor, which judges every legal move before the player moves (a knock
made before its verdicts are ready waits for them): at the first ``--count`` doubted knocks
of ``knocks``'s file, the CPU time of judging every move (:func:`think_choices`) by today's
coach against looking once, each pair timed back to back in one process (a ratio, so the
machine's load cancels), a row each in ``--out`` with the commit. ``split``: the flags of fresh
``flags`` runs (``reference_verdicts.py flags``), each judged again looking once (rows as
``knocks``'s, in ``--out``): the reference's verdicts of the flags made looking once, and of
those the doubted-knock rule added.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from reference import DEEP
from reference_verdicts import append, beyond, checked, commit, position_at, reached, read_rows

from gin_core.actions import Action, ActionKind
from gin_core.analysis.coach import (
    MISTAKE_POINTS,
    STANDARD,
    Strength,
    Verdict,
    decision_seed,
    think_choices,
    think_verdict,
)
from gin_core.bots.base import finish

RUNS = Path(__file__).resolve().parent.parent / "benchmarks" / "runs"
CHECKED = ("3", "4", "5-cluster", "5-recall", "6-old", "6-recall", "6-floor", "6", "7-recall")
"""The coach-robust and flags runs whose checked rows the summaries read (as session 25's)."""
ONCE = replace(STANDARD, doubt=1)


def hesitates(v: Verdict) -> bool:
    """Over the threshold by every value measured, not flagged (a discard or a knock)."""
    return (
        v.mistake is None
        and v.measured_loss > MISTAKE_POINTS
        and all(g.lead > MISTAKE_POINTS for g in v.gaps)
    )


def brief(v: Verdict) -> dict[str, Any]:
    """A verdict as a row's data."""
    gaps = [[g.lead, g.error] for g in v.gaps]
    return {
        "best": str(v.best),
        "measured": v.measured_loss,
        "error": v.error,
        "gaps": gaps,
        "flag": v.mistake is not None,
    }


def judged_row(key: str, played: str) -> tuple[dict[str, Any], Verdict | None]:
    """A reviewed decision judged once and, where it is flagged or hesitates, four times deeper."""
    move = int(key.rsplit(":", 1)[1])
    view = position_at(key).view()
    action = Action.parse(played)
    seed = decision_seed(view, move)
    once = finish(think_verdict(view, action, move, seed, MISTAKE_POINTS, ONCE))
    row: dict[str, Any] = {"key": key, "played": played, "stock": view.stock_size, "once": brief(once)}
    if not (once.mistake is not None or hesitates(once)):
        return row, None
    deeper = finish(think_verdict(view, action, move, seed, MISTAKE_POINTS, STANDARD.deeper()))
    return row | {"deeper": brief(deeper)}, deeper


def reviewed() -> dict[str, dict[str, Any]]:
    """Every reviewed decision of the runs, by key (the first review of a key kept)."""
    found: dict[str, dict[str, Any]] = {}
    for row in read_rows(sorted(RUNS.glob("verdicts-coach-*-reviews.jsonl"))):
        found.setdefault(row["key"], row)
    return found


def reference_rows() -> list[dict[str, Any]]:
    """The checked rows of :data:`CHECKED`, a deeper check's verdict in place of the first."""
    rows = read_rows([RUNS / f"verdicts-coach-{x}.jsonl" for x in CHECKED])
    again = {r["key"]: r for r in rows if "before" in r}
    return [
        r | {k: again[r["key"]][k] for k in ("verdict", "pairs", "cpu")} if r["key"] in again else r
        for r in rows
        if "tier" in r and "before" not in r
    ]


def hand(key: str) -> str:
    return key.rsplit(":", 1)[0]


def run(out: Path, keys: list[tuple[str, str]], check: Callable[[dict[str, Any]], bool]) -> None:
    """Each key judged (:func:`judged_row`) and appended to ``out``; a knock flagged only when
    looked at again and ``check``-ed by its row checked by the reference."""
    done = {r["key"] for r in read_rows([out])} if out.exists() else set()
    for key, played in keys:
        if key in done:
            continue
        row, deeper = judged_row(key, played)
        added = deeper is not None and deeper.mistake is not None and not row["once"]["flag"]
        if added and deeper is not None and Action.parse(played).kind == ActionKind.KNOCK and check(row):
            row |= checked(position_at(key), deeper.best, Action.parse(played), False, DEEP)
        append(out, row)
        print(key, row.get("deeper", {}).get("flag"), row.get("verdict"), flush=True)


def summary(reached_rows: list[dict[str, Any]], knock_rows: list[dict[str, Any]]) -> None:
    """The two rules' flags against the reference on the hands reached, recall, and the knocks'
    added flags on the other hands."""
    ref = {r["key"]: r for r in reference_rows()}
    robust = {k for k, r in ref.items() if hand(k) in {hand(x["key"]) for x in reached_rows} and beyond(r)}
    rules: dict[str, Callable[[dict[str, Any]], bool]] = {
        "once": lambda r: r["once"]["flag"],
        "doubted knocks again (the coach)": lambda r: r["once"]["flag"] or knock_added(r),
        "every hesitation again": lambda r: r["once"]["flag"] or r.get("deeper", {}).get("flag", False),
    }
    print(
        f"hands reached: {len({hand(r['key']) for r in reached_rows})}, decisions {len(reached_rows)}, "
        f"robust mistakes beyond {MISTAKE_POINTS:g}: {len(robust)}"
    )
    for name, rule in rules.items():
        flags = [r for r in reached_rows if rule(r)]
        said = Counter(said_of(r, ref) for r in flags)
        caught = sum(r["key"] in robust for r in flags)
        print(f"{name}: {len(flags)} flags {dict(said)}; recall {caught} of {len(robust)}")
    added = [r for r in knock_rows if "verdict" in r]
    print(
        f"knocks: {len(knock_rows)}; flagged once {sum(r['once']['flag'] for r in knock_rows)}; "
        f"doubted {sum('deeper' in r and not r['once']['flag'] for r in knock_rows)}; "
        f"added off the hands reached {len(added)}: {dict(Counter(r['verdict'] for r in added))}"
    )


def knock_added(row: dict[str, Any]) -> bool:
    return (
        row["played"].startswith("knock")
        and not row["once"]["flag"]
        and row.get("deeper", {}).get("flag", False)
    )


def said_of(row: dict[str, Any], ref: dict[str, dict[str, Any]]) -> str:
    """The reference's verdict on a flag (its best move as the reference checked it), or why none."""
    found = ref.get(row["key"])
    if found is None:
        return "not checked"
    again = not row["once"]["flag"] and row.get("deeper", {}).get("flag", False)
    best = row["deeper"]["best"] if again else row["once"]["best"]
    return str(found["verdict"]) if best == found["best"] else "another best move"


def tutor_cost(key: str) -> dict[str, Any]:
    """The CPU seconds of judging every legal move at ``key`` looking once and as the coach does
    (doubted knocks looked at again), and how many of the moves the coach flags."""
    move = int(key.rsplit(":", 1)[1])
    view = position_at(key).view()
    seed = decision_seed(view, move)

    def timed(strength: Strength) -> tuple[float, int]:
        start = time.process_time()
        judged = finish(think_choices(view, move, seed, strength))
        return time.process_time() - start, sum(j.verdict.mistake is not None for j in judged)

    (once, once_flags), (coach, coach_flags) = timed(ONCE), timed(STANDARD)
    return {
        "key": key,
        "moves": len(view.legal_actions),
        "once": round(once, 3),
        "coach": round(coach, 3),
        "ratio": round(coach / once, 3),
        "flags": [once_flags, coach_flags],
    }


def tutor(knock_rows: list[dict[str, Any]], count: int, out: Path) -> None:
    """:func:`tutor_cost` at the first ``count`` doubted knocks, appended to ``out``."""
    head = commit()
    doubted = [r["key"] for r in knock_rows if "deeper" in r and not r["once"]["flag"]][:count]
    for key in doubted:
        row = tutor_cost(key) | {"commit": head}
        append(out, row)
        print(json.dumps(row), flush=True)


def split(flag_rows: list[dict[str, Any]], out: Path) -> None:
    """Each flag of ``flag_rows`` judged again (:func:`judged_row`, resumable in ``out``); the
    reference's verdicts of the flags made looking once and of those looked at again."""
    done = {r["key"]: r for r in read_rows([out])} if out.exists() else {}
    said: dict[str, Counter[str]] = {"looking once": Counter(), "looked at again": Counter()}
    for flag in flag_rows:
        row = done.get(flag["key"])
        if row is None:
            row = judged_row(flag["key"], flag["played"])[0]
            append(out, row)
        said["looking once" if row["once"]["flag"] else "looked at again"][flag["verdict"]] += 1
    for name, verdicts in said.items():
        print(f"{name}: {sum(verdicts.values())} flags {dict(verdicts)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("job", choices=("reached", "knocks", "summary", "tutor", "split"))
    parser.add_argument("--runs", type=Path, nargs="*", default=[], help="split: fresh flags runs")
    parser.add_argument("--count", type=int, default=16, help="tutor: the doubted knocks timed")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--reached", type=Path, default=RUNS / "coach-doubt-reached.jsonl")
    parser.add_argument("--knocks", type=Path, default=RUNS / "coach-doubt-knocks.jsonl")
    args = parser.parse_args()
    if args.job == "summary":
        summary(read_rows([args.reached]), read_rows([args.knocks]))
        return
    if args.job == "split":
        split(read_rows(args.runs), args.out or RUNS / "coach-doubt-split.jsonl")
        return
    if args.job == "tutor":
        tutor(read_rows([args.knocks]), args.count, args.out or RUNS / "coach-doubt-tutor.jsonl")
        return
    rows = reviewed()
    hands = {hand(r["key"]) for r in reached(reference_rows())}
    if args.job == "reached":
        run(
            args.out or args.reached,
            [(k, r["played"]) for k, r in rows.items() if hand(k) in hands],
            lambda _: False,
        )
    else:
        knocks = [(k, r["played"]) for k, r in rows.items() if r["played"].startswith("knock")]
        run(args.out or args.knocks, knocks, lambda row: hand(row["key"]) not in hands)


if __name__ == "__main__":
    main()
