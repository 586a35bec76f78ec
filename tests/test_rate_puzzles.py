"""The refinement of puzzle ratings by simulated solvers (scripts/rate_puzzles.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from rate_puzzles import ATTEMPTS, HIGH, LOW, ROOT, SEEDS, fitted, level_move, read_rows, refitted, solved

from gin_core.analysis.coach import same_move
from gin_core.puzzles.puzzle import puzzle_by_id, puzzle_set

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


def test_every_shipped_puzzle_carries_its_fitted_rating_and_fitting_again_changes_nothing() -> None:
    """Each puzzle of the set has an attempt row (an admitted one too), and ``fit`` over the
    whole set leaves the data as it is: it fits from each row's prior, not from the rating
    shipped, so it never compounds."""
    rows = read_rows(ROOT / ATTEMPTS)
    assert not [pz.id for pz in puzzle_set() if pz.id not in rows]
    text = (ROOT / "gin_core" / "puzzle_data.py").read_text()
    again, moved = refitted(text, rows)
    assert again == text and len(moved) == len(puzzle_set())
    assert all(pz.rating == fitted(rows[pz.id]["prior"], rows[pz.id]["solved"]) for pz in puzzle_set())


def test_fit_changes_only_the_ratings_of_the_puzzles_it_has_rows_for() -> None:
    text = (ROOT / "gin_core" / "puzzle_data.py").read_text()
    second = puzzle_set()[1]
    row = {"id": second.id, "prior": 1200, "solved": dict.fromkeys(SEEDS, 0)}
    new, moved = refitted(text, {second.id: row})
    assert moved == [fitted(1200, row["solved"]) - 1200] and moved[0] > 0
    before, after = ({"__name__": "data"}, {"__name__": "data"})
    exec(text, before)
    exec(new, after)
    assert after["IDS"] == before["IDS"]
    old_lines, new_lines = before["PUZZLES"].split("\n"), after["PUZZLES"].split("\n")
    changed = [k for k, (a, b) in enumerate(zip(old_lines, new_lines, strict=True)) if a != b]
    assert changed == [1]
    assert new_lines[1] == old_lines[1].replace(f" {second.rating} ", f" {fitted(1200, row['solved'])} ", 1)
