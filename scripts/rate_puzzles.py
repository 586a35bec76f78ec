"""Refine the shipped puzzle ratings by simulated solvers: the bot levels attempt the puzzles.

    nice -n 19 python scripts/rate_puzzles.py attempt --until 03:25
    python scripts/rate_puzzles.py fit

No server collects players' results, so the levels stand in for rated players: each level
decides every puzzle's position under :data:`SEEDS` seeds (a meld choice: every level declares
the default declaration against the cards it has not seen), and a puzzle is solved
when the level plays the answer. ``attempt`` goes through the set in id order, one JSON line a
puzzle with the rating it had before any fit (so a stop keeps every puzzle attempted so far, and
``fit`` can run again without compounding). ``fit`` rates each attempted puzzle by
Glicko-2: that rating is the prior (deviation :data:`PRIOR_DEVIATION`), every attempt is
a game against the level's rating (:data:`SOLVER_RATINGS`, deviation :data:`SOLVER_DEVIATION`),
the puzzle winning when the level misses; the result is written into gin_core/puzzle_data.py,
kept within 600..2400.
"""

from __future__ import annotations

import argparse
import datetime
import json
from collections import Counter
from pathlib import Path

from gin_core.actions import Action
from gin_core.analysis.coach import same_move
from gin_core.bots import make_bot
from gin_core.puzzles.declaring import bot_declaration
from gin_core.puzzles.glicko import Game, PlayerRating, rate
from gin_core.puzzles.puzzle import LEVEL_RATINGS, Puzzle, puzzle_set

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {"beginner": 3, "standard": 3, "hard": 2, "expert": 2}
SOLVER_RATINGS = {name: LEVEL_RATINGS[name] + 200 for name in SEEDS}
"""A level as a solver: the middle of the band of the puzzles it is the lowest to find (their
base and up to 200 for a close margin, see :func:`gin_core.puzzles.puzzle.rating_for`)."""
SOLVER_DEVIATION = 100.0
PRIOR_DEVIATION = 150.0  # how far the simulated results may move a shipped rating
LOW, HIGH = 600, 2400


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


def attempt(args: argparse.Namespace) -> None:
    stop = datetime.datetime.combine(datetime.date.today(), datetime.time.fromisoformat(args.until))
    path = Path(args.out)
    done = {json.loads(line)["id"] for line in path.read_text().splitlines()} if path.exists() else set()
    with path.open("a") as out:
        for puzzle in puzzle_set():
            if datetime.datetime.now() >= stop:
                return
            if puzzle.id in done:
                continue
            results = {
                name: sum(solved(puzzle, level_move(puzzle, name, seed)) for seed in range(n))
                for name, n in SEEDS.items()
            }
            out.write(json.dumps({"id": puzzle.id, "prior": puzzle.rating, "solved": results}) + "\n")
            out.flush()


def fitted(shipped: int, results: dict[str, int]) -> int:
    """The rating of a puzzle after the levels' attempts (see the module docstring)."""
    games = [
        Game(SOLVER_RATINGS[name], SOLVER_DEVIATION, 0.0 if k < wins else 1.0)
        for name, wins in results.items()
        for k in range(SEEDS[name])
    ]
    after = rate(PlayerRating(shipped, PRIOR_DEVIATION), games)
    return min(HIGH, max(LOW, round(after.rating)))


def fit(args: argparse.Namespace) -> None:
    path = ROOT / "gin_core" / "puzzle_data.py"
    text = path.read_text()
    head = text[: text.index("PUZZLES = ")]
    from gin_core.puzzle_data import PUZZLES

    lines = [line for line in PUZZLES.split("\n") if line]
    attempts = [json.loads(line) for line in Path(args.out).read_text().splitlines()]
    moved = []
    for a in attempts:
        k = int(a["id"][1:]) - 1
        fields = lines[k].split(" ")
        new = fitted(a["prior"], a["solved"])
        moved.append(new - a["prior"])
        lines[k] = " ".join([fields[0], str(new), *fields[2:]])
    path.write_text(f"{head}PUZZLES = {json.dumps(chr(10).join(lines))}\n")
    mean = sum(moved) / len(moved) if moved else 0.0
    big = sum(abs(m) >= 100 for m in moved)
    print(f"{len(moved)} puzzles refitted, mean change {mean:+.0f}, {big} moved 100 or more")
    bands = Counter(int(line.split(" ")[1]) // 200 * 200 for line in lines)
    print("ratings", dict(sorted(bands.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("attempt")
    go.add_argument("--out", default="benchmarks/runs/puzzle-attempts.jsonl")
    go.add_argument("--until", default="03:25", help="local clock time to stop (HH:MM)")
    put = sub.add_parser("fit")
    put.add_argument("--out", default="benchmarks/runs/puzzle-attempts.jsonl")
    args = parser.parse_args()
    (attempt if args.command == "attempt" else fit)(args)


if __name__ == "__main__":
    main()
