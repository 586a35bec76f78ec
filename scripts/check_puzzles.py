"""Re-verify the shipped puzzle set: every puzzle parses, its answer is legal, and the verifying
search (ten times the hint's, five seeds, see :mod:`gin_core.puzzles.verify`) still finds the
answer best by a clear margin over the runner-up among the puzzle's top three moves.

    nice python scripts/check_puzzles.py [--every K] [--first N] [--skip M]

Prints one line per failing puzzle and a summary (counts, time); exits 1 if any fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from gin_core.puzzles import puzzle_set
from gin_core.puzzles.puzzle import verifier
from gin_core.puzzles.verify import verify


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=1, help="check every K-th puzzle only")
    parser.add_argument("--first", type=int, default=None, help="check the first N puzzles only")
    parser.add_argument("--skip", type=int, default=0, help="skip the first M puzzles (checked before)")
    args = parser.parse_args()
    start = time.perf_counter()
    puzzles = puzzle_set()[args.skip : args.first : args.every]
    counts: Counter[str] = Counter()
    for k, pz in enumerate(puzzles):
        if k and k % 25 == 0:
            print(f"{k} checked in {time.perf_counter() - start:.0f} s: {dict(counts)}", flush=True)
        if pz.answer not in pz.position.legal_actions:
            counts["illegal_answer"] += 1
            print(f"{pz.id}: answer {pz.answer} is not legal", flush=True)
            continue
        checked = verify(pz.position.view(), tuple(m.action for m in pz.moves[:3]), by=verifier(pz.position))
        if checked.passed and checked.actions[0] == pz.answer:
            counts["passed"] += 1
            continue
        counts["failed"] += 1
        print(
            f"{pz.id}: best {checked.actions[0]} (answer {pz.answer}), margin {checked.margin:.4f} "
            f"+- {checked.error:.4f}, stable {checked.stable}",
            flush=True,
        )
    seconds = time.perf_counter() - start
    print(f"{len(puzzles)} puzzles checked in {seconds:.0f} s: {dict(counts)}")
    return 1 if counts["failed"] or counts["illegal_answer"] else 0


if __name__ == "__main__":
    sys.exit(main())
