"""The reference analysis of issue 41, as a resumable job: puzzles' answers and coach's flags
checked under several hand models x continuation policies (see :mod:`gin_core.tools.reference`).

    nice -n 19 python scripts/reference_verdicts.py puzzles --until 18:20   # runs/verdicts-puzzles.jsonl
    nice -n 19 python scripts/reference_verdicts.py coach --until 18:58     # runs/verdicts-coach.jsonl
    python scripts/reference_verdicts.py summary benchmarks/runs/verdicts-*.jsonl

``puzzles``: the shipped set, stratified by decision kind (each kind's puzzles in a seeded
shuffle, the kinds taken in turn, the knock-or-play-on kind first); the answer against the
runner-up. ``coach``: one-hand matches of a beginner, then the standard level, against the
standard level (seeds from ``--first``); every decision the coach flags (its best move against
the move played), a share of the decisions where the coach prefers another move without
flagging (``--recall K``: every K-th, for recall), and the hand models' calibration (guessed
against the real opponent deadwood) at every decision. Each checked decision is appended to
``<out>.jsonl`` with the commit measured; a run skips what its file already holds, so it can be
stopped (``--until`` HH:MM UTC, or a kill) and started again. The meld-choice puzzles are not
checked: after a knock no continuation policy plays, only the defender's lay-offs count.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gin_core.analysis.coach import PLAYER, review, same_move
from gin_core.analysis.replay import position as replayed
from gin_core.puzzles import puzzle_set
from gin_core.puzzles.position import Position
from gin_core.tools.hands import played_match
from gin_core.tools.reference import (
    MODELS,
    Model,
    compare,
    guessed_tables,
    opponent_deadwood,
    verdict,
)

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("knock", "discard", "draw", "upcard")
CALIBRATION_GUESSES = 32


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return head.stdout.strip()


def done_keys(out: Path) -> set[str]:
    if not out.exists():
        return set()
    return {json.loads(line)["key"] for line in out.read_text().splitlines() if line.strip()}


def over(until: datetime.datetime | None) -> bool:
    return until is not None and datetime.datetime.now(datetime.UTC) >= until


def checked(pos: Position, better: Any, other: Any) -> dict[str, Any]:
    """The reference check of ``better`` against ``other``, as data."""
    start = time.perf_counter()
    pairs = compare(pos, better, other, models=(*MODELS, Model.UNIFORM))
    return {
        "verdict": str(verdict(pairs)),
        "pairs": [p.to_data() for p in pairs],
        "seconds": round(time.perf_counter() - start, 1),
    }


def stratified() -> Iterator[Any]:
    """The set's puzzles (meld choices aside), each kind in a seeded shuffle, kinds in turn."""
    by_kind: dict[str, list[Any]] = defaultdict(list)
    for pz in puzzle_set():
        by_kind[str(pz.kind)].append(pz)
    for kind in KINDS:
        random.Random(f"verdicts:{kind}").shuffle(by_kind[kind])
    for k in range(max(len(v) for v in by_kind.values())):
        for kind in KINDS:
            if k < len(by_kind[kind]):
                yield by_kind[kind][k]


def run_puzzles(out: Path, until: datetime.datetime | None, head: str) -> None:
    done = done_keys(out)
    for pz in stratified():
        if over(until):
            return
        if pz.id in done:
            continue
        row = {
            "key": pz.id,
            "commit": head,
            "kind": str(pz.kind),
            "theme": str(pz.theme),
            "answer": str(pz.answer),
            "runner_up": str(pz.moves[1].action),
            "margin": round(pz.margin, 4),
            "stock": pz.position.stock_size,
        }
        row |= checked(pz.position, pz.answer, pz.moves[1].action)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(pz.id, row["kind"], row["verdict"], row["seconds"], flush=True)


def calibration(pos: Position, real: int, with_posterior: bool) -> dict[str, Any]:
    """Mean guessed opponent deadwood per hand model, against the real one."""
    row: dict[str, Any] = {"real": real}
    for model in (*MODELS, Model.UNIFORM):
        if model == Model.POSTERIOR and not with_posterior:
            continue
        guessed = guessed_tables(pos, model, CALIBRATION_GUESSES, 1)
        row[str(model)] = round(
            math.fsum(opponent_deadwood(t, pos.player) for t in guessed.tables) / len(guessed.tables), 2
        )
        if model == Model.POSTERIOR:
            row["effective"] = round(guessed.effective, 1)
    return row


def run_coach(out: Path, until: datetime.datetime | None, head: str, args: argparse.Namespace) -> None:
    done = done_keys(out)
    hands = [(s, "beginner") for s in range(args.first, args.first + args.mixed)]
    hands += [(1000 + s, "standard") for s in range(args.first, args.first + args.even)]
    for seed, level in hands:
        if over(until):
            return
        m = played_match(seed, level)
        deal = m.records[0].deal_code
        unflagged = 0
        for v in review(m, 1).verdicts:
            key = f"{deal}:{v.move_index}"
            if key in done or over(until):
                continue
            table = replayed(m, 1, v.move_index)
            pos = Position.of(table.view(PLAYER))
            flagged = v.mistake is not None
            disputed = not flagged and not same_move(v.best, v.played)
            unflagged += disputed
            row: dict[str, Any] = {
                "key": key,
                "commit": head,
                "level": level,
                "phase": str(pos.phase),
                "stock": pos.stock_size,
                "played": str(v.played),
                "best": str(v.best),
                "loss": v.loss,
                "flagged": flagged,
                "kind": None if v.mistake is None else str(v.mistake.kind),
            }
            real = opponent_deadwood(table, PLAYER)
            row["calibration"] = calibration(pos, real, flagged or v.move_index % args.posterior_every == 0)
            if flagged or (disputed and unflagged % args.recall == 0):
                row |= checked(pos, v.best, v.played)
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        print(seed, level, flush=True)


def summary(runs: list[Path]) -> None:
    """The figures of finished runs (written below)."""
    raise SystemExit(f"summary of {runs}: not written yet")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("job", choices=("puzzles", "coach", "summary"))
    ap.add_argument("runs", nargs="*", type=Path, help="summary: the runs to read")
    ap.add_argument("--out", default=None)
    ap.add_argument("--until", default=None, help="HH:MM UTC: stop before starting anything after it")
    ap.add_argument("--mixed", type=int, default=400, help="coach: hands of a beginner")
    ap.add_argument("--even", type=int, default=400, help="coach: hands of the standard level")
    ap.add_argument("--first", type=int, default=0, help="coach: the first hand's seed")
    ap.add_argument(
        "--recall", type=int, default=10, help="coach: check every K-th disputed, unflagged decision"
    )
    ap.add_argument(
        "--posterior-every", type=int, default=8, help="coach: the posterior's calibration every K-th move"
    )
    args = ap.parse_args()
    if args.job == "summary":
        summary(args.runs)
        return
    until = None
    if args.until:
        hh, mm = map(int, args.until.split(":"))
        until = datetime.datetime.now(datetime.UTC).replace(hour=hh, minute=mm, second=0, microsecond=0)
    out = ROOT / f"{args.out or 'benchmarks/runs/verdicts-' + args.job}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.job == "puzzles":
        run_puzzles(out, until, commit())
    else:
        run_coach(out, until, commit(), args)


if __name__ == "__main__":
    sys.exit(main())
