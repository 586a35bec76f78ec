"""The coach against the deep oracle (issue 27): reads the decisions valued by
``scripts/oracle_coach.py`` and measures the coach (as it is now, or with other settings) on them.

    python scripts/coach_figures.py benchmarks/runs/oracle-coach.jsonl benchmarks/runs/oracle-coach-2.jsonl
    python scripts/coach_figures.py RUN.jsonl --hard-guesses --aware 0 --samples 48 --units 6000

Per decision the oracle's loss of the move played is its mean value of the coach's best move
minus that of the move played, over the oracle's guesses, with a 90% interval (paired: the same
guesses for both). Printed: how many flagged decisions the oracle confirms (interval above 0)
and contradicts (interval below 0), the share of the oracle's best moves that are flagged, the
mean of coach loss minus oracle loss, and the same by kind of decision (knock or wait, draw,
discard); ``--json`` writes them with the commit measured.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gin_core import Action, Match
from gin_core.analysis.coach import (
    MISTAKE_POINTS,
    PLAYER,
    STANDARD,
    Strength,
    beyond_noise,
    decision_seed,
    paired_error,
    same_move,
    think_values,
)
from gin_core.analysis.replay import position
from gin_core.bots.base import finish
from gin_core.bots.search import SearchBot
from gin_core.tools.hands import played_match

ROOT = Path(__file__).resolve().parent.parent
Z90 = 1.645  # a two-sided 90% interval


@dataclass(frozen=True)
class Row:
    """One decision as the coach and the oracle see it."""

    kind: str  # "end" (knock or wait), "draw" or "discard"
    flagged: bool
    coach_loss: float  # as the coach reports it (the measured loss less one standard error)
    error: float  # the coach's standard error of its loss
    oracle_loss: float
    low: float  # the oracle loss's 90% interval
    high: float
    played_is_best: bool  # the move played has the oracle's best mean among its moves


def interval(best: list[int], played: list[int]) -> tuple[float, float, float]:
    """Mean of best - played over paired guesses and its 90% interval."""
    d = [a - b for a, b in zip(best, played, strict=True)]
    mean = statistics.fmean(d)
    half = Z90 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
    return mean, mean - half, mean + half


def kind_of(row: dict[str, Any], best: str) -> str:
    if row["phase"] != "discard":
        return "draw"
    ends = ("knock", "gin", "big_gin")
    if any(str(m).startswith(ends) for m in (row["played"], best)) or any(
        k.startswith("knock") for k in row["values"]
    ):
        return "end"
    return "discard"


def coach_verdict(
    row: dict[str, Any], match: Match, strength: Strength | None, threshold: float
) -> tuple[Action, float, float, bool]:
    """The coach's best move, loss, its standard error and whether it flags the decision: as
    recorded by the oracle's run (``strength`` None: the coach of the run's commit), or anew."""
    played = Action.parse(row["played"])
    if strength is None:
        coach = row["coach"]
        best = Action.parse(coach["best"])
        loss = 0.0 if same_move(best, played) else max(0.0, coach["best_value"] - coach["played_value"])
        return best, loss, 0.0, coach["flagged"]
    view = position(match, 1, row["move"]).view(PLAYER)
    trials = finish(think_values(view, played, decision_seed(view, row["move"]), strength))
    top, mine = trials[0], next(t for t in trials if same_move(t.action, played))
    measured = 0.0 if top is mine else max(0.0, top.value - mine.value)
    error = paired_error(top, mine)
    return top.action, max(0.0, measured - error), error, beyond_noise(measured, error, threshold)


def coach_row(row: dict[str, Any], match: Match, strength: Strength | None, threshold: float) -> Row | None:
    """The coach's verdict on the decision against the oracle's values."""
    best, loss, error, flagged = coach_verdict(row, match, strength, threshold)
    values = row["values"]
    if not values and same_move(best, Action.parse(row["played"])):
        # Every coach agreed with the move played: no oracle values, no loss on either side,
        # and not counted among the oracle's best moves (which only makes that share larger).
        return Row(kind_of(row, row["played"]), flagged, 0.0, 0.0, 0.0, 0.0, 0.0, False)
    key = next((k for k in values if same_move(Action.parse(k), best)), None)
    if key is None:
        return None  # a move the oracle did not value
    differs = not same_move(best, Action.parse(row["played"]))
    mean, low, high = interval(values[key], values[row["played"]]) if differs else (0.0, 0.0, 0.0)
    means = {k: statistics.fmean(v) for k, v in values.items()}
    top = max(means.values())
    return Row(kind_of(row, key), flagged, loss, error, mean, low, high, means[row["played"]] >= top)


def rows_of(paths: list[Path], strength: Strength | None, threshold: float) -> Iterator[Row]:
    """The decisions of the runs ``paths`` (a decision valued twice counts once)."""
    runs = [p.read_text().splitlines() for p in paths]
    heads = [json.loads(lines[0])["run"] for lines in runs]
    hands = {
        (seed, level)
        for h in heads
        for level, count, base in (("beginner", h["mixed"], 0), ("standard", h["even"], 1000))
        for seed in range(base + h.get("first", 0), base + h.get("first", 0) + count)
    }
    matches: dict[str, Match] = {}
    for seed, first in sorted(hands):
        m = played_match(seed, first)
        matches[m.records[0].deal_code] = m
    seen = set()
    for line in (line for lines in runs for line in lines[1:]):
        row = json.loads(line)
        if (row["deal"], row["move"]) in seen:
            continue
        seen.add((row["deal"], row["move"]))
        got = coach_row(row, matches[row["deal"]], strength, threshold)
        if got is not None:
            yield got


def summary(rows: list[Row]) -> dict[str, Any]:
    flagged = [r for r in rows if r.flagged]
    best = [r for r in rows if r.played_is_best]
    differ = [r for r in rows if r.coach_loss > 0 or r.oracle_loss != 0]
    return {
        "decisions": len(rows),
        "flagged": len(flagged),
        "confirmed": sum(r.low > 0 for r in flagged),
        "contradicted": sum(r.high < 0 for r in flagged),
        "oracle_best": len(best),
        "oracle_best_flagged": sum(r.flagged for r in best),
        "mean_coach_minus_oracle": round(statistics.fmean(r.coach_loss - r.oracle_loss for r in rows), 2),
        "differing": len(differ),
        "differing_mean_coach": round(statistics.fmean(r.coach_loss for r in differ), 2) if differ else 0.0,
        "differing_mean_oracle": round(statistics.fmean(r.oracle_loss for r in differ), 2) if differ else 0.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("runs", type=Path, nargs="+")
    ap.add_argument("--samples", type=int, default=STANDARD.samples)
    ap.add_argument("--units", type=int, default=STANDARD.total_units)
    ap.add_argument("--wary", type=int, default=STANDARD.wary)
    ap.add_argument("--aware", type=float, default=STANDARD.aware)
    ap.add_argument("--cautious", type=int, default=STANDARD.cautious, help="seats knocking like standard")
    ap.add_argument("--recorded", action="store_true", help="the coach's verdicts as the run recorded them")
    ap.add_argument("--hard-guesses", action="store_true", help="the hard level's sampler")
    ap.add_argument("--threshold", type=float, default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    strength = replace(STANDARD, samples=args.samples, total_units=args.units)
    strength = replace(strength, wary=args.wary, aware=args.aware, cautious=args.cautious)
    if args.hard_guesses:
        strength = replace(strength, inference=SearchBot.inference)
    threshold = MISTAKE_POINTS if args.threshold is None else args.threshold
    rows = list(rows_of(args.runs, None if args.recorded else strength, threshold))
    out = {"all": summary(rows)}
    for kind in ("end", "draw", "discard"):
        some = [r for r in rows if r.kind == kind]
        if some:
            out[kind] = summary(some)
    for name, figures in out.items():
        print(name, figures)
    for t in (1, 2, 3, 4, 5, 6, 8, 10):
        swept = [replace(r, flagged=beyond_noise(r.coach_loss + r.error, r.error, t)) for r in rows]
        keys = ("flagged", "confirmed", "contradicted", "oracle_best_flagged")
        print(f"threshold {t}:", {k: v for k, v in summary(swept).items() if k in keys})
    if args.json is not None:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
        )
        doc = {"commit": head.stdout.strip(), "strength": str(strength), "threshold": threshold, **out}
        doc["rows"] = [r.__dict__ for r in rows]
        args.json.write_text(json.dumps(doc, indent=1) + "\n")
    sys.exit(0)


if __name__ == "__main__":
    main()
