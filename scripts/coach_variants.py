"""What-if variants of the coach, measured against a run of the deep oracle (issue 27): the
diagnosis of the flags the oracle does not confirm (``benchmarks/coach.md``).

    python scripts/coach_variants.py cautious benchmarks/runs/oracle-flags.jsonl
    python scripts/coach_variants.py no-gin benchmarks/runs/oracle-flags.jsonl

Each variant changes one thing in the coach's playouts or guesses for this process only, then
runs ``scripts/coach_figures.py`` (its options follow the runs) on the oracle's values:

- ``cautious``: the playouts' opponent knocks like the standard level, only with a count
  ``KNOCK_MARGIN`` under its public estimate of the player's (which falls with each card the
  player took from the pile), where the playout policy knocks as soon as it may;
- ``no-gin``: guesses in which the opponent's hand is already gin are dropped (it would have
  gone gin at its last discard instead of discarding).

The changes are patches of this process's modules, not settings of the coach: the first needs
the playouts (``gin_core.bots.search.simulate``) to take a knock limit per seat.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import gin_core.analysis.coach as coach
import gin_core.bots.rollout as rollout
from gin_core.actions import Action
from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import Guess
from gin_core.bots.search import guess_hidden, simulate
from gin_core.bots.standard import KNOCK_MARGIN, LIKELY_FLOOR, LIKELY_TOOK
from gin_core.cards import Mask
from gin_core.rules import Rules
from gin_core.view import PlayerView

FIGURES = Path(__file__).resolve().parent / "coach_figures.py"
OPPONENT = 1  # the opponent's seat in a playout (the player is seat 0)
opponent_limit = [99]  # the knock limit of the playouts' opponent at the decision being valued


def likely_player_deadwood(view: PlayerView) -> int:
    """The standard level's estimate of the player's count, from what the opponent saw."""
    turns = sum(1 for p, _ in view.discards if p == view.player)
    return max(LIKELY_FLOOR, 56 - 6 * turns) - LIKELY_TOOK * len(view.pile_takes[view.player])


def cautious() -> None:
    """The playouts' opponent knocks only ``KNOCK_MARGIN`` under its estimate of the player."""
    end_turn = rollout.end_turn

    def valued(
        view: PlayerView, know: Knowledge, action: Action, guess: Guess, wary: int = 0
    ) -> tuple[int, int]:
        opponent_limit[0] = likely_player_deadwood(view) - KNOCK_MARGIN
        return simulate(view, know, action, guess, wary)

    def ended(  # end_turn's parameters
        rules: Rules, limit: int, state: rollout.PlayoutState, p: int, forbidden: Mask, wary: bool = False
    ) -> tuple[int | None, int]:
        mine = min(limit, opponent_limit[0]) if p == OPPONENT else limit
        return end_turn(rules, mine, state, p, forbidden, wary)

    setattr(coach, "simulate", valued)  # noqa: B010 (a patch of the coach's import)
    rollout.end_turn = ended


def no_gin() -> None:
    """Guesses in which the opponent holds gin are dropped."""

    def possible(*args: Any) -> Generator[int, None, list[Guess]]:
        found = yield from guess_hidden(*args)
        return [g for g in found if min_deadwood(g[0]) > 0]

    setattr(coach, "guess_hidden", possible)  # noqa: B010 (a patch of the coach's import)


VARIANTS = {"cautious": cautious, "no-gin": no_gin}


def main() -> None:
    if len(sys.argv) < 3 or sys.argv[1] not in VARIANTS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(VARIANTS)}}} RUN.jsonl [coach_figures options]")
    VARIANTS[sys.argv.pop(1)]()
    sys.argv[0] = str(FIGURES)
    runpy.run_path(str(FIGURES), run_name="__main__")


if __name__ == "__main__":
    main()
