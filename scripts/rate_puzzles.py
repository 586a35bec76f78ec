"""Refine the shipped puzzle ratings by simulated solvers: the bot levels attempt the puzzles.

    nice -n 19 python scripts/rate_puzzles.py attempt            # every puzzle with no attempt row
    python scripts/rate_puzzles.py fit

No server collects players' results, so the levels stand in for rated players: each level
decides every puzzle's position under :data:`SEEDS` seeds (a meld choice: every level declares
the default declaration against the cards it has not seen), and a puzzle is solved
when the level plays the answer. ``attempt`` goes through the set in id order and attempts the
puzzles the attempts file has no row for (``--ids``: only those), one JSON line a puzzle keyed
by its stable id with the rating it had before any fit (so a stop keeps every puzzle attempted
so far, and ``fit`` can run again without compounding); rows of the line-numbered set (p0001 to
p1257) are read through :func:`current_id`. ``fit`` rates each attempted puzzle still in the
set by Glicko-2: that rating is the prior (deviation :data:`PRIOR_DEVIATION`), every attempt is
a game against the level's rating (:data:`SOLVER_RATINGS`, deviation :data:`SOLVER_DEVIATION`),
the puzzle winning when the level misses; the result is written into gin_core/puzzle_data.py,
kept within 600..2400, nothing else of the data changed. ``reference_verdicts.py prune
--admit`` rates the puzzles it adds the same way (:func:`rated`), so every shipped puzzle
carries a fitted rating.
"""

from __future__ import annotations

import argparse
import datetime
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from gin_core.actions import Action
from gin_core.analysis.coach import same_move
from gin_core.bots import make_bot
from gin_core.puzzles.declaring import bot_declaration
from gin_core.puzzles.glicko import Game, PlayerRating, rate
from gin_core.puzzles.puzzle import LEVEL_RATINGS, Puzzle, current_id, puzzle_set

ROOT = Path(__file__).resolve().parent.parent
ATTEMPTS = Path("benchmarks/runs/puzzle-attempts.jsonl")  # under the repository's root
SEEDS = {"beginner": 3, "standard": 3, "hard": 2, "expert": 2}
SOLVER_RATINGS = {name: LEVEL_RATINGS[name] + 200 for name in SEEDS}
"""A level as a solver: the middle of the band of the puzzles it is the lowest to find (their
base and up to 200 for a close margin, see :func:`gin_core.puzzles.puzzle.rating_for`)."""
SOLVER_DEVIATION = 100.0
PRIOR_DEVIATION = 150.0  # how far the simulated results may move a shipped rating
LOW, HIGH = 600, 2400

Row = dict[str, Any]
"""An attempt row: ``id`` (stable), ``prior`` (the rating before any fit), ``solved`` (level: count)."""


def level_move(puzzle: Puzzle, name: str, seed: int) -> Action:
    """The level's answer: its decision, or at a meld choice the declaration every level makes."""
    pos = puzzle.position
    if pos.knock is not None:
        return bot_declaration(pos.view(), pos.knock)
    return make_bot(name, seed).decide(pos.view()).action


def solved(puzzle: Puzzle, move: Action) -> bool:
    if puzzle.position.knock is not None:
        return move == puzzle.answer
    return same_move(move, puzzle.answer)


def attempted(puzzle: Puzzle) -> Row:
    """The levels' attempts at one puzzle, from the rating it has now (its prior)."""
    results = {
        name: sum(solved(puzzle, level_move(puzzle, name, seed)) for seed in range(n))
        for name, n in SEEDS.items()
    }
    return {"id": puzzle.id, "prior": puzzle.rating, "solved": results}


def read_rows(path: Path) -> dict[str, Row]:
    """An attempts file's rows by stable id (a line-number id read as the puzzle it stood for)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line] if path.exists() else []
    return {current_id(row["id"]): row for row in rows}


def append_row(path: Path, row: Row) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps(row) + "\n")


def fitted(shipped: int, results: dict[str, int]) -> int:
    """The rating of a puzzle after the levels' attempts (see the module docstring)."""
    games = [
        Game(SOLVER_RATINGS[name], SOLVER_DEVIATION, 0.0 if k < wins else 1.0)
        for name, wins in results.items()
        for k in range(SEEDS[name])
    ]
    after = rate(PlayerRating(shipped, PRIOR_DEVIATION), games)
    return min(HIGH, max(LOW, round(after.rating)))


def rated(puzzle: Puzzle, attempts: Path) -> Puzzle:
    """A puzzle new to the set with its fitted rating, its attempt row appended to ``attempts``."""
    row = attempted(puzzle)
    append_row(attempts, row)
    return replace(puzzle, rating=fitted(row["prior"], row["solved"]))


def attempt(args: argparse.Namespace) -> None:
    stop = (
        None
        if args.until is None
        else datetime.datetime.combine(datetime.date.today(), datetime.time.fromisoformat(args.until))
    )
    path = ROOT / args.out
    done = read_rows(path)
    wanted = None if args.ids is None else set(args.ids.split(","))
    for puzzle in puzzle_set():
        if stop is not None and datetime.datetime.now() >= stop:
            return
        if puzzle.id not in done and (wanted is None or puzzle.id in wanted):
            append_row(path, attempted(puzzle))


def refitted(text: str, rows: dict[str, Row]) -> tuple[str, list[int]]:
    """The data module's text with every attempted puzzle's rating fitted from its row's prior
    (so fitting again changes nothing), and how far each moved from its prior; the puzzles
    with no row, the ids and every other field keep their text."""
    namespace: dict[str, str] = {}
    exec(text, namespace)
    lines = namespace["PUZZLES"].split("\n")
    moved = []
    for k, pid in enumerate(namespace["IDS"].split(" ")):
        row = rows.get(pid)
        if row is not None:
            fields = lines[k].split(" ")
            new = fitted(row["prior"], row["solved"])
            moved.append(new - row["prior"])
            lines[k] = " ".join([fields[0], str(new), *fields[2:]])
    old = f"PUZZLES = {json.dumps(namespace['PUZZLES'])}\n"
    if old not in text:
        raise ValueError(
            "gin_core/puzzle_data.py: PUZZLES is not one JSON string line as the scripts write it"
        )
    return text.replace(old, f"PUZZLES = {json.dumps(chr(10).join(lines))}\n"), moved


def fit(args: argparse.Namespace) -> None:
    path = ROOT / "gin_core" / "puzzle_data.py"
    text, moved = refitted(path.read_text(), read_rows(ROOT / args.out))
    path.write_text(text)
    mean = sum(moved) / len(moved) if moved else 0.0
    big = sum(abs(m) >= 100 for m in moved)
    print(f"{len(moved)} puzzles refitted, mean change {mean:+.0f}, {big} moved 100 or more")
    namespace: dict[str, str] = {}
    exec(text, namespace)
    bands = Counter(int(line.split(" ")[1]) // 200 * 200 for line in namespace["PUZZLES"].split("\n"))
    print("ratings", dict(sorted(bands.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("attempt")
    go.add_argument("--out", default=str(ATTEMPTS))
    go.add_argument("--until", default=None, help="local clock time to stop (HH:MM); none: all")
    go.add_argument("--ids", default=None, help="only these puzzles (comma-separated stable ids)")
    put = sub.add_parser("fit")
    put.add_argument("--out", default=str(ATTEMPTS))
    args = parser.parse_args()
    (attempt if args.command == "attempt" else fit)(args)


if __name__ == "__main__":
    main()
