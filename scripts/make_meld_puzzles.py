"""Make meld-choice puzzles: the knocker's declaration, once the knock card is chosen.

    nice -n 19 python scripts/make_meld_puzzles.py run --out benchmarks/runs/meld-puzzles.txt --until 03:25
    python scripts/make_meld_puzzles.py append --out benchmarks/runs/meld-puzzles.txt

``run`` plays the self-play matches of ``scripts/make_puzzles.py`` and, at every decision where a
knock is legal, tries each knock card whose cards kept can be declared in two or more ways (see
:mod:`gin_core.puzzles.declaring`): a prefilter (the declarations valued on the hint's number of
guesses: the top two must differ by 3/4 of the verification's minimum), a filter of plain
choices (the runner-up must not merely meld fewer of the answer's cards: laying down all you can
is no puzzle; ``append`` applies it again, as runs before it was this strict let more through),
then the verification of the top three at ten times the guesses across the seeds
(:func:`gin_core.puzzles.verify.verify` with the declarations' measure). One puzzle a decision
at most (the knock cards of one hand give the same choice). The counts go to stdout as JSON lines.
``append`` adds the verified puzzles to ``gin_core/puzzle_data.py`` after the puzzles already
there (their ids stay the same) and gives each a day of the daily puzzle's ledger
(``shipped_set.py``, as every writer of the set).

Rating: every bot level declares the same melds (the least deadwood, the fewest lay-off spots for
the cards it has not seen, :func:`gin_core.puzzles.declaring.bot_declaration`); a puzzle whose
answer is that declaration is found by the beginner, any other by no level.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path

from make_puzzles import PREFILTER, ROOT, match_views  # scripts/ is on the path of a script
from shipped_set import DATA, shipped_lines, write_set

from gin_core.actions import Action, ActionKind
from gin_core.analysis.coach import diagnose
from gin_core.cards import Card
from gin_core.puzzles.declaring import HINT_GUESSES, bot_declaration, measure_declarations
from gin_core.puzzles.position import Position, PositionCodeError
from gin_core.puzzles.puzzle import (
    DecisionKind,
    MoveValue,
    Puzzle,
    declaration_values,
    format_line,
    parse_line,
    rating_for,
)
from gin_core.puzzles.verify import MIN_POINTS, MIN_WIN, Verification, verify
from gin_core.view import PlayerView


def plain(best: Action, second: Action) -> bool:
    """Whether the runner-up only melds fewer of the cards the answer melds (a choice of less
    deadwood, not of lay-off spots)."""
    return melded(second) < melded(best)


def melded(action: Action) -> set[Card]:
    return {c for m in action.melds or () for c in m.cards}


def meld_positions(view: PlayerView) -> list[Position]:
    """The meld choices of a decision: one per knock card with two or more declarations."""
    found = []
    for action in view.legal_actions:
        if action.kind == ActionKind.KNOCK and action.card is not None:
            try:
                found.append(Position.of(view).knocking(action.card))
            except PositionCodeError:
                continue
    return found


def try_position(pos: Position, counts: Counter[str]) -> Puzzle | None:
    """Prefilter, filter and verify one meld choice; the puzzle if it passes."""
    counts["candidates"] += 1
    view = pos.view()
    found = declaration_values(view, 0, HINT_GUESSES)
    minimum = MIN_POINTS if found[0].win is None else MIN_WIN
    if found[0].score() - found[1].score() < PREFILTER * minimum:
        counts["prefilter_close"] += 1
        return None
    if plain(found[0].action, found[1].action):
        counts["plain_choice"] += 1
        return None
    counts["verified"] += 1
    checked = verify(view, tuple(m.action for m in found[:3]), by=measure_declarations)
    if not checked.passed:
        counts["margin_not_clear" if checked.stable else "unstable_best"] += 1
        return None
    counts["puzzles"] += 1
    return made(pos, view, checked, found)


def made(pos: Position, view: PlayerView, checked: Verification, found: tuple[MoveValue, ...]) -> Puzzle:
    """The puzzle of a verified meld choice: the verified values first, then the rest's."""
    wins = checked.wins
    moves = [
        MoveValue(a, round(checked.points[k], 1), None if wins is None else round(wins[k], 3))
        for k, a in enumerate(checked.actions)
    ]
    moves += [
        MoveValue(m.action, round(m.points, 1), None if m.win is None else round(m.win, 3))
        for m in found
        if m.action not in checked.actions
    ]
    best, second = checked.actions[0], checked.actions[1]
    theme = diagnose(view, second, best).kind
    puzzle = Puzzle("", pos, tuple(moves), DecisionKind.MELDS, theme, 0)
    return replace(puzzle, rating=meld_rating(puzzle, checked.margin))


def meld_rating(puzzle: Puzzle, margin: float) -> int:
    """The rating of a meld choice: found by the beginner when its answer is what every level
    declares, else by none."""
    pos = puzzle.position
    assert pos.knock is not None
    level = "beginner" if bot_declaration(pos.view(), pos.knock) == puzzle.answer else None
    return rating_for(level, margin, puzzle.moves[0].win is not None)


def run(args: argparse.Namespace) -> None:
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout
    print(f"commit {commit.strip()}", flush=True)
    stop = datetime.datetime.combine(datetime.date.today(), datetime.time.fromisoformat(args.until))
    counts: Counter[str] = Counter()
    with Path(args.out).open("a") as out:
        for seed in range(args.seed, args.seed + args.matches):
            for view in match_views(seed):
                if datetime.datetime.now() >= stop:
                    return
                counts["decisions"] += 1
                for pos in meld_positions(view):
                    puzzle = try_position(pos, counts)
                    if puzzle is not None:
                        out.write(format_line(puzzle) + "\n")
                        out.flush()
                        break
            print(json.dumps({"seed": seed, **counts}), flush=True)


def kept_line(line: str) -> str | None:
    """A made line as shipped, or None: a meld choice re-rated by :func:`meld_rating` (lines of
    an earlier run rated the engine's default declaration instead of the bots') and dropped if
    plain; any other kind (e.g. ``make_puzzles.py run --hard``) as it is."""
    puzzle = parse_line("", line)
    if puzzle.kind != DecisionKind.MELDS:
        return line
    if plain(puzzle.answer, puzzle.moves[1].action):
        return None
    return format_line(replace(puzzle, rating=meld_rating(puzzle, puzzle.margin)))


def append(args: argparse.Namespace) -> None:
    """Add the verified puzzles of the ``--out`` files (meld choices, or the part files of any
    run) after those in gin_core/puzzle_data.py, each a day of the daily puzzle's ledger
    (shipped_set.write_set)."""
    lines = shipped_lines(ROOT)
    codes = {line.split(" ")[0] for line in lines}
    for made_file in args.out:
        for line in Path(made_file).read_text().splitlines():
            kept = kept_line(line) if line and line.split(" ")[0] not in codes else None
            if kept is not None:
                codes.add(kept.split(" ")[0])
                lines.append(kept)
    write_set(ROOT, lines)
    print(f"{len(lines)} puzzles, {(ROOT / DATA).stat().st_size} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("--out", default="benchmarks/runs/meld-puzzles.txt")
    go.add_argument("--until", default="03:25", help="local clock time to stop (HH:MM)")
    go.add_argument("--seed", type=int, default=1)
    go.add_argument("--matches", type=int, default=10_000)
    add = sub.add_parser("append")
    add.add_argument("--out", nargs="+", default=["benchmarks/runs/meld-puzzles.txt"], help="made files")
    args = parser.parse_args()
    (run if args.command == "run" else append)(args)


if __name__ == "__main__":
    main()
