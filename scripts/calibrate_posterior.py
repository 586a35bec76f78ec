"""Calibration of the hand models (issue 41): mean guessed opponent deadwood against the real
hand, by decile of the guess, at decisions of self-play hands (guesses only, no playouts).

    nice -n 19 python scripts/calibrate_posterior.py --hands 60 --every 3
    python scripts/calibrate_posterior.py --summary benchmarks/runs/calibration.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

import reference
from reference import MODELS, Model, guessed_tables, opponent_deadwood
from reference_verdicts import calibration_figures, commit, done_keys

from gin_core.analysis.coach import PLAYER
from gin_core.analysis.replay import hand_moves
from gin_core.analysis.replay import position as replayed
from gin_core.bots.search import ExpertBot
from gin_core.puzzles.position import Position
from gin_core.tools.hands import played_match

GUESSES = 32


def row_of(pos: Position, real: int) -> dict[str, Any]:
    """Mean guessed opponent deadwood per model at one decision, and the real one."""
    row: dict[str, Any] = {"real": real, "stock": pos.stock_size}
    for model in (*MODELS, Model.UNIFORM):
        guessed = guessed_tables(pos, model, GUESSES, 1)
        row[str(model)] = round(
            math.fsum(opponent_deadwood(t, pos.player) for t in guessed.tables) / len(guessed.tables), 2
        )
        if model == Model.POSTERIOR:
            row["effective"] = round(guessed.effective, 1)
    return row


def run(out: Path, hands: int, every: int, first: int) -> None:
    done, head = done_keys(out), commit()
    for seed in range(first, first + hands):
        level = ("beginner", "standard")[seed % 2]
        m = played_match(seed, level)
        deal = m.records[0].deal_code
        moves = hand_moves(m, 1)
        for k, (player, _) in enumerate(moves):
            key = f"{deal}:{k}"
            if player != PLAYER or k % every or key in done:
                continue
            table = replayed(m, 1, k)
            pos = Position.of(table.view(PLAYER))
            row = {"key": key, "commit": head, "level": level} | row_of(pos, opponent_deadwood(table, PLAYER))
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        print(seed, level, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=Path("benchmarks/runs/calibration.jsonl"))
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--every", type=int, default=3, help="every K-th move of the hand")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--summary", type=Path, nargs="*")
    ap.add_argument(
        "--weighted-proposals",
        action="store_true",
        help="the posterior proposes with the sampler's own weights",
    )
    args = ap.parse_args()
    if args.weighted_proposals:  # the variant measured against the default (docs/engine.md)
        reference.PROPOSAL_INFERENCE = ExpertBot.inference
    if args.summary:
        calibration_figures([json.loads(x) for p in args.summary for x in p.read_text().splitlines() if x])
        return
    run(args.out, args.hands, args.every, args.first)


if __name__ == "__main__":
    main()
