"""How well each way of guessing the hidden cards fits our levels' real hands (issue 27): the
coach's knock values are only as good as its guesses of the opponent's hand.

    python scripts/coach_guesses.py --first standard --knocks 150
    python scripts/coach_guesses.py --first beginner --knocks 150

Hands of ``--first`` (seat 0) against the standard level are replayed; at every discard of seat 0
the real opponent hand is known to this script (never to the guesses). For each sampler it
prints the mean of (guessed opponent deadwood - real deadwood) and, where seat 0 could knock,
of (the knock's value over the guesses - its value against the real hand), with 90% intervals.
``plain`` draws the opponent's unknown cards uniformly from the unseen ones.
"""

from __future__ import annotations

import argparse
import random
import statistics

from gin_core.analysis.replay import hand_moves, position
from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.rollout import score
from gin_core.bots.sampler import Inference, guesses
from gin_core.bots.search import ExpertBot, SearchBot
from gin_core.bots.standard import best_knock
from gin_core.cards import mask_of
from gin_core.tools.hands import played_match

SAMPLERS = {
    "hard": SearchBot.inference,
    "expert": ExpertBot.inference,
    "plain": Inference(proposals=1, passed_melds=1, threw_melds=1, took_loose=1, could_knock=1, replay=0.0),
}


def measure(first: str, knocks: int, n: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per sampler: the deadwood errors and the knock value errors."""
    out: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in SAMPLERS}
    seed = 3000
    while len(out["hard"][1]) < knocks:
        m = played_match(seed, first)
        seed += 1
        for i, (p, _) in enumerate(hand_moves(m, 1)):
            table = position(m, 1, i)
            view = table.view(0)
            if p != 0 or view.phase != "discard":
                continue
            know = Knowledge.of(view)
            knock = best_knock(view, know)
            real = mask_of(table.hand.hands[1])
            for name, inference in SAMPLERS.items():
                found = guesses(know, know.holding(), n, random.Random(i + seed), inference)
                out[name][0].append(statistics.fmean(min_deadwood(g[0]) for g in found) - min_deadwood(real))
                if knock is not None:
                    kept = know.me & ~knock.put.bit
                    guessed = statistics.fmean(score(view.rules, [kept, g[0]], 0) for g in found)
                    out[name][1].append(guessed - score(view.rules, [kept, real], 0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--first", default="standard")
    ap.add_argument("--knocks", type=int, default=150)
    ap.add_argument("--guesses", type=int, default=60)
    args = ap.parse_args()
    out = measure(args.first, args.knocks, args.guesses)
    print(f"{args.first}: {len(out['hard'][0])} discards, {len(out['hard'][1])} with a knock")
    for name, (deadwood, knock) in out.items():
        parts = []
        for what, xs in (("opponent deadwood", deadwood), ("knock value", knock)):
            half = 1.645 * statistics.stdev(xs) / len(xs) ** 0.5
            parts.append(f"{what} guessed - real {statistics.fmean(xs):+.2f} ± {half:.2f}")
        print(f"{name}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
