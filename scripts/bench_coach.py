"""Figures for the coach (gin_core.analysis.coach): analysis time per hand, the largest slice, and the
noise of a decision's loss (the same decisions valued with other seeds).

    python scripts/bench_coach.py --hands 20            # time per hand, largest slice
    python scripts/bench_coach.py --noise --hands 12    # spread of the loss over seeds

Hands are played by a beginner (seat 0, so there are mistakes to find) against the standard level.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from gin_core import Action, Match, PlayerView, Rules
from gin_core.analysis.coach import (
    PLAYER,
    STANDARD,
    Strength,
    decision_seed,
    same_move,
    think_review,
    think_values,
)
from gin_core.analysis.replay import hand_moves, hand_start
from gin_core.bots import make_bot


def played_match(seed: int) -> Match:
    """A one-hand match, the beginner in seat 0."""
    m = Match(Rules().replace(target=None), seed=seed, dealer=seed % 2)
    bots = (make_bot("beginner", seed), make_bot("standard", seed + 1))
    while m.phase not in ("hand_over", "match_over"):
        p = m.to_move
        assert p is not None
        m.apply(bots[p].decide(m.view(p)).action, p)
    return m


def timing(hands: int, strength: Strength) -> None:
    per_hand, cpu_hand, slices, decisions = [], [], [], []
    for seed in range(hands):
        m = played_match(seed)
        thinking = think_review(m, 1, strength=strength)
        start, cpu = time.perf_counter(), time.process_time()
        while True:
            t0 = time.process_time()
            try:
                next(thinking)
            except StopIteration as done:
                decisions.append(len(done.value.verdicts))
                break
            finally:
                slices.append(time.process_time() - t0)
        per_hand.append(time.perf_counter() - start)
        cpu_hand.append(time.process_time() - cpu)
    ms = [1000 * s for s in slices]
    print(f"hands {hands}, decisions per hand {statistics.mean(decisions):.1f} (max {max(decisions)})")
    print(
        f"analysis per hand, wall: mean {statistics.mean(per_hand):.2f} s, max {max(per_hand):.2f} s;"
        f" CPU: mean {statistics.mean(cpu_hand):.2f} s, max {max(cpu_hand):.2f} s"
    )
    p99 = sorted(ms)[len(ms) * 99 // 100]
    print(
        f"slices {len(ms)} (CPU time): mean {statistics.mean(ms):.1f} ms,"
        f" p99 {p99:.1f} ms, max {max(ms):.1f} ms"
    )


def noise(hands: int, seeds: int, strength: Strength) -> None:
    """For each decision: the loss of the move played under ``seeds`` other seeds; prints the
    spread (standard deviation) of the loss per decision."""
    spreads, base_losses, runs = [], [], []
    for seed in range(hands):
        m = played_match(seed)
        table = hand_start(m, 1)
        for index, (player, action) in enumerate(hand_moves(m, 1)):
            view = table.view(PLAYER)
            if player == PLAYER and len(view.legal_actions) > 1:
                losses = [loss(view, action, decision_seed(view, index) + k, strength) for k in range(seeds)]
                spreads.append(statistics.pstdev(losses))
                base_losses.append(losses[0])
                runs.append(losses)
            table.apply(action, player)
    spreads.sort()

    def q(p: float) -> float:
        return spreads[min(len(spreads) - 1, int(p * len(spreads)))]

    print(f"decisions {len(spreads)}, {seeds} seeds each")
    print(
        f"spread of the loss (points, std dev over seeds): median {q(0.5):.2f}, p90 {q(0.9):.2f},"
        f" p95 {q(0.95):.2f}, max {spreads[-1]:.2f}"
    )
    for t in (2, 3, 4, 5, 6):
        flips = sum(1 for xs in runs if any(x > t for x in xs) and not all(x > t for x in xs))
        print(f"threshold {t}: flagged by some seeds but not all: {flips} of {len(runs)} decisions")
    print(
        "losses: share over 1/2/3/5 points: "
        + ", ".join(f"{sum(x > t for x in base_losses) / len(base_losses):.0%}" for t in (1, 2, 3, 5))
    )


def loss(view: PlayerView, action: Action, seed: int, strength: Strength) -> float:
    thinking = think_values(view, action, seed, strength)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            cands = done.value
            break
    best = cands[0]
    mine = next(c for c in cands if same_move(c.action, action))
    return 0.0 if same_move(best.action, action) else max(0.0, best.value - mine.value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--noise", action="store_true")
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--samples", type=int, default=STANDARD.samples)
    ap.add_argument("--units", type=int, default=STANDARD.total_units)
    args = ap.parse_args()
    strength = replace(STANDARD, samples=args.samples, total_units=args.units)
    print(f"strength: {strength}")
    if args.noise:
        noise(args.hands, args.seeds, strength)
    else:
        timing(args.hands, strength)


if __name__ == "__main__":
    main()
