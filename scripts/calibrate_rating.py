"""Calibration of the coach's accuracy and skill bands (issue 27) on our own levels, and a check
of luck's identity on every hand.

    nice -n 19 python scripts/calibrate_rating.py --hands 500
    python scripts/calibrate_rating.py --read benchmarks/runs/rating-levels.jsonl [more runs]
    nice -n 19 python scripts/calibrate_rating.py --hands 250 --first 250 --out benchmarks/runs/more.jsonl

Each level plays seat 0 of one-hand matches against the standard level (the levels take turns,
hand by hand, so a partial run measures them all); the coach reviews seat 0's decisions. Each
hand is appended to ``<out>.jsonl`` as it is reviewed: the level, the review (plain data) and
the hand's luck. ``--read`` prints per level the accuracy, the average loss per decision and its
band, the share of each grade, and the largest gap of luck's identity.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from gin_core.analysis import HandLuck, HandReview, Mistake, MistakeKind, Verdict, grade, hand_luck, rating
from gin_core.analysis.coach import MISTAKE_POINTS, review
from gin_core.tools.hands import played_match

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("beginner", "standard", "hard", "expert")


def run(hands: int, first: int, out: Path) -> None:
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False)
    with out.open("w") as f:
        f.write(json.dumps({"run": {"commit": head.stdout.strip(), "hands": hands, "first": first}}) + "\n")
    for seed in range(first, first + hands):
        for level in LEVELS:
            m = played_match(5000 + seed, level)
            r = review(m, 1)
            row = {"level": level, "review": r.to_data(), "luck": hand_luck(m, 1, r).to_data()}
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        print(f"hand {seed + 1}", file=sys.stderr, flush=True)


def flagged(verdict: Verdict) -> Verdict:
    """The verdict flagged as the coach now flags (a run may predate a threshold's change; one
    before the other continuations were measured has no gaps: its flags are the first's alone)."""
    if verdict.beyond(MISTAKE_POINTS):
        return replace(verdict, mistake=verdict.mistake or Mistake(MistakeKind.OTHER))
    return replace(verdict, mistake=None)


def read(paths: list[Path]) -> None:
    by_level: dict[str, list[tuple[HandReview, HandLuck]]] = {}
    for path in paths:
        lines = path.read_text().splitlines()
        print(json.loads(lines[0])["run"])
        for line in lines[1:]:
            row = json.loads(line)
            pair = (HandReview.from_data(row["review"]), HandLuck.from_data(row["luck"]))
            by_level.setdefault(row["level"], []).append(pair)
    averages = {}
    for level, pairs in by_level.items():
        reviews = [r for r, _ in pairs]
        whole = rating(reviews)
        losses = [v.loss for r in reviews for v in r.verdicts]
        half = 1.645 * statistics.stdev(losses) / len(losses) ** 0.5
        averages[level] = whole.average_loss
        print(
            f"{level}: average loss 90% interval"
            f" {whole.average_loss - half:.3f}..{whole.average_loss + half:.3f}"
        )
        hands = [rating([r]) for r in reviews]
        grades = Counter(grade(flagged(v)) for r in reviews for v in r.verdicts)
        gaps = [abs(luck.result - (luck.total - sum(v.loss for v in r.verdicts))) for r, luck in pairs]
        print(
            f"{level}: hands {len(reviews)}, decisions {whole.decisions}, accuracy {whole.accuracy}%,"
            f" average loss {whole.average_loss}, band {whole.band}; per hand accuracy median"
            f" {statistics.median(h.accuracy for h in hands):.1f}; grades "
            + ", ".join(f"{g} {n / whole.decisions:.1%}" for g, n in sorted(grades.items()))
            + f"; identity gap mean {statistics.fmean(gaps):.2f}, max {max(gaps):.2f};"
            f" luck sd {statistics.pstdev(luck.total for _, luck in pairs):.1f},"
            f" result sd {statistics.pstdev(luck.result for _, luck in pairs):.1f},"
            f" adjusted sd {statistics.pstdev(luck.adjusted for _, luck in pairs):.1f}"
        )
    ordered = [averages[level] for level in LEVELS if level in averages]
    print("midpoints between the levels:", [round((a + b) / 2, 3) for a, b in itertools.pairwise(ordered)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=500, help="hands per level")
    ap.add_argument("--first", type=int, default=0, help="first hand (seed 5000 + first), to continue a run")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks/runs/rating-levels.jsonl")
    ap.add_argument("--read", type=Path, nargs="+", default=None, help="runs to read together")
    args = ap.parse_args()
    if args.read is not None:
        read(args.read)
    else:
        run(args.hands, args.first, args.out)


if __name__ == "__main__":
    main()
