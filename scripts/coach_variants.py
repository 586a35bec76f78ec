"""What-if variants of the coach, measured against a run of the deep oracle (issue 27): the
diagnosis of the flags the oracle does not confirm (``benchmarks/coach.md``).

    python scripts/coach_variants.py no-gin benchmarks/runs/oracle-flags.jsonl

Each variant changes one thing in the coach's guesses for this process only, then runs
``scripts/coach_figures.py`` (its options follow the runs) on the oracle's values:

- ``no-gin``: guesses in which the opponent's hand is already gin are dropped (it would have
  gone gin at its last discard instead of discarding).

The playouts' knocking is a setting of the coach, not a patch: ``coach_figures.py --cautious 0``
is the coach before the seats knocked like the standard level (``2``: the opponent only).
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import gin_core.analysis.coach as coach
from gin_core.arrange import min_deadwood
from gin_core.bots.sampler import Guess
from gin_core.bots.search import guess_hidden

FIGURES = Path(__file__).resolve().parent / "coach_figures.py"


def no_gin() -> None:
    """Guesses in which the opponent holds gin are dropped."""

    def possible(*args: Any) -> Generator[int, None, list[Guess]]:
        found = yield from guess_hidden(*args)
        return [g for g in found if min_deadwood(g[0]) > 0]

    setattr(coach, "guess_hidden", possible)  # noqa: B010 (a patch of the coach's import)


VARIANTS = {"no-gin": no_gin}


def main() -> None:
    if len(sys.argv) < 3 or sys.argv[1] not in VARIANTS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(VARIANTS)}}} RUN.jsonl [coach_figures options]")
    VARIANTS[sys.argv.pop(1)]()
    sys.argv[0] = str(FIGURES)
    runpy.run_path(str(FIGURES), run_name="__main__")


if __name__ == "__main__":
    main()
