#!/usr/bin/env python3
"""Benchmark: does the match equity table agree with matches played out?

LEVEL plays itself in MATCHES whole matches under PRESET. At the start of every hand the table
predicts player 0's chance to win the match from the score and the dealer; the predictions are
grouped in bins of ten points of chance and each bin's share of matches player 0 went on to win
is shown with its 95% interval (clustered by match: a match's hands share its outcome, so the
interval is over matches, each weighted by its hands in the bin).

    python scripts/check_equity.py [--level standard] [--preset eaai] [--matches 400] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gin_core import Match, preset
from gin_core.bots import make_bot
from gin_core.equity import equity_for

BINS = 10


def play(level: str, rules_name: str, seed: int) -> tuple[list[float], float]:
    """One match: player 0's predicted chance at the start of each hand, and whether player 0
    won (1, 0, or 0.5 for a tie)."""
    rules = preset(rules_name)
    equity = equity_for(rules)
    assert equity is not None
    bots = [make_bot(level, seed), make_bot(level, seed + 1)]
    match = Match(rules, seed=seed)
    predicted = []
    while True:
        view = match.view(0)
        predicted.append(equity.chance(view.scores[0], view.scores[1], view.dealer == 0))
        while (p := match.to_move) is not None:
            match.apply(bots[p].decide(match.view(p)).action, p)
        if match.result is not None:
            w = match.result.winner
            return predicted, 0.5 if w is None else float(w == 0)
        match.apply("next_hand")


def report(matches: list[tuple[list[float], float]]) -> str:
    lines = ["predicted   hands  matches  predicted mean  won   95% interval"]
    for k in range(BINS):
        rows = []  # per match: (hands in the bin, sum of predictions, outcome)
        for predicted, won in matches:
            inside = [p for p in predicted if min(BINS - 1, int(p * BINS)) == k]
            if inside:
                rows.append((len(inside), sum(inside), won))
        hands = sum(n for n, _, _ in rows)
        if not hands:
            continue
        mean = sum(s for _, s, _ in rows) / hands
        rate = sum(n * w for n, _, w in rows) / hands
        m = len(rows)
        var = sum((n * (w - rate)) ** 2 for n, _, w in rows) / max(1, m - 1)
        half = 1.96 * math.sqrt(var / m) / (hands / m) if m > 1 else 1.0
        lines.append(
            f"{k / BINS:.1f}-{(k + 1) / BINS:.1f}  {hands:6}  {m:7}  {mean:14.3f}  {rate:.3f}  "
            f"{max(0.0, rate - half):.3f}-{min(1.0, rate + half):.3f}"
            f"{'' if rate - half <= mean <= rate + half else '  outside'}"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="standard")
    parser.add_argument("--preset", default="eaai")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    matches = [play(args.level, args.preset, args.seed * 1_000_003 + k) for k in range(args.matches)]
    print(f"{args.level} against itself, {args.matches} matches under {args.preset}, seed {args.seed}")
    print(report(matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
