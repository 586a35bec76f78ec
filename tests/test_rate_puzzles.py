"""The refinement of puzzle ratings by simulated solvers (scripts/rate_puzzles.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from rate_puzzles import HIGH, LOW, SEEDS, fitted, level_move, solved

from gin_core.analysis.coach import same_move
from gin_core.puzzles.puzzle import puzzle_by_id

ALL = dict(SEEDS)
NONE = dict.fromkeys(SEEDS, 0)


def test_a_puzzle_every_level_solves_gets_easier_and_one_none_solves_harder() -> None:
    assert LOW <= fitted(1200, ALL) < 1200 < fitted(1200, NONE) <= HIGH


def test_a_puzzle_only_the_strong_levels_solve_rates_between_them() -> None:
    strong = NONE | {"hard": SEEDS["hard"], "expert": SEEDS["expert"]}
    assert fitted(1200, ALL) < fitted(1200, strong) < fitted(1200, NONE)


def test_a_level_that_plays_the_answer_solves_the_puzzle() -> None:
    pz = puzzle_by_id("p0001")
    assert solved(pz, pz.answer) and not solved(pz, pz.moves[1].action)
    move = level_move(pz, "beginner", 0)
    assert any(same_move(move, a) for a in pz.position.legal_actions)
