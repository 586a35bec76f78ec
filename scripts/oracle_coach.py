"""The deep oracle for the coach (issue 27): each player decision of recorded hands valued by
paired playouts from the player's own view, far deeper than the coach's own search.

    nice -n 19 python scripts/oracle_coach.py --mixed 14 --even 12 --guesses 200
    nice -n 19 python scripts/oracle_coach.py --mixed 400 --even 0 --flagged --out RUN

For every decision of seat 0 with two or more legal moves, the moves compared are the move
played, the coach's preferred move and every move of the coach's shortlist (the standard level's
choice, its best-ranked discards, the ends and the best knock; both draws). Each is played on
the same ``--guesses`` guesses of the hidden cards (the opponent's hand and the stock order,
drawn by the expert level's sampler from the cards the player has not seen, weighed by what the
opponent did), with the standard level playing both seats to the end of the hand on a real
table (the hidden cards of the table are replaced by the guess; nothing public changes). The
value of a move is the player's net points of the hand. Hands are a beginner (seat 0) against
the standard level (``--mixed``) and the standard level against itself (``--even``).

The standard level is the strongest level that fits: the search levels spend 50-100 ms a
move, a thousand times more playouts than this run can afford (about 30 moves per playout).

Each decision is appended to ``<out>.jsonl`` as it is valued (a run can be read while it goes
on); the summary (``scripts/coach_figures.py``) reads that file.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from gin_core import Action, Match
from gin_core.analysis.coach import PLAYER, STANDARD, Strength, review, same_move, shortlist
from gin_core.analysis.replay import hand_moves, position
from gin_core.arrange import trim_caches
from gin_core.bots import Bot, make_bot
from gin_core.bots.base import Work
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.sampler import Guess, guesses
from gin_core.bots.search import ExpertBot, standard_choice
from gin_core.cards import CARDS
from gin_core.tools.hands import played_match
from gin_core.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
OLD_MISTAKE = 5.0  # the old coach's threshold


def candidates(view: PlayerView, played: Action, bests: list[Action], disputed: bool) -> list[Action]:
    """The moves the oracle values: the move played, the coaches' best moves and the coach's
    shortlist; with ``disputed``, the shortlist only for the standard level's choice, and no
    move at all when every coach agrees with the move played."""
    know = Knowledge.of(view)
    work = Work(10**9, 10**9)
    favourite, options = standard_choice(view, know, know.holding(), work)
    if disputed and all(same_move(b, played) for b in bests):
        return []
    moves = [played, favourite] if disputed else shortlist(view, know, played, favourite, options, STANDARD)
    for move in bests:
        if not any(same_move(move, m) for m in moves):
            moves.append(move)
    return moves


def hidden_guesses(view: PlayerView, n: int, key: str) -> list[Guess]:
    """``n`` guesses of the hidden cards from the player's view (the expert's sampler)."""
    know = Knowledge.of(view)
    return guesses(know, know.holding(), n, random.Random(f"oracle:{key}"), ExpertBot.inference)


def play_out(table: Match, guess: Guess, move: Action, bots: tuple[Bot, Bot]) -> int:
    """The player's net points when ``move`` is played at ``table`` (copied) with the hidden
    cards of ``guess``, both seats then played by ``bots`` to the end of the hand."""
    m = copy.deepcopy(table)
    h = m.hand
    opp_mask, stock = guess
    h.hands[1 - PLAYER] = [CARDS[i] for i in range(52) if opp_mask >> i & 1]
    h.stock = [CARDS[i] for i in stock]
    m.apply(move, PLAYER)
    while m.phase not in ("hand_over", "match_over"):
        p = m.to_move
        assert p is not None
        m.apply(bots[p].decide(m.view(p)).action, p)
    pts = m.records[-1].points
    return pts[PLAYER] - pts[1 - PLAYER]


def value_decision(  # 7 parameters: a benchmark's loop body
    match: Match,
    index: int,
    played: Action,
    coach: dict[str, Any],
    n: int,
    bots: tuple[Bot, Bot],
    disputed: bool,
) -> dict[str, Any]:
    """One decision: per candidate move, its net points on each guess."""
    table = position(match, 1, index)
    view = table.view(PLAYER)
    bests = [Action.parse(coach["best"]), Action.parse(coach["new_best"])]
    moves = candidates(view, played, bests, disputed)
    code = match.records[0].deal_code
    found = hidden_guesses(view, n, f"{code}:{index}")
    values: dict[str, list[int]] = {}
    for move in moves:
        trim_caches()
        values[f"{move}"] = [play_out(table, g, move, bots) for g in found]
    return {
        "deal": code,
        "move": index,
        "phase": str(view.phase),
        "played": str(played),
        "coach": coach,
        "values": values,
    }


OLD = Strength(48, 6_000)
"""The coach before issue 27's fix: the hard level's guesses, an opponent never wary; it flagged
a loss over 5 points."""


def decisions(match: Match) -> list[tuple[int, Action, dict[str, Any]]]:
    """The player's decisions with the old coach's verdicts (``best``, values, ``flagged``) and
    the current coach's best move (``new_best``)."""
    verdicts = {v.move_index: v for v in review(match, 1).verdicts}
    old = {v.move_index: v for v in review(match, 1, strength=OLD, threshold=math.inf).verdicts}
    out = []
    for index, (player, action) in enumerate(hand_moves(match, 1)):
        v = old.get(index)
        if player == PLAYER and v is not None:
            coach = {
                "best": str(v.best),
                "played_value": v.played_value,
                "best_value": v.best_value,
                "flagged": v.measured_loss > OLD_MISTAKE,
                "new_best": str(verdicts[index].best),
                "new_flagged": verdicts[index].mistake is not None,
            }
            out.append((index, action, coach))
    return out


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False)
    return head.stdout.strip()


def games(mixed: int, even: int, first: int = 0) -> list[tuple[int, str]]:
    """(seed, seat 0's level) of the hands, the two kinds taking turns (a partial run has both),
    from the ``first``-th hand of each kind."""
    beginners = [(s, "beginner") for s in range(first, first + mixed)]
    standards = [(1000 + s, "standard") for s in range(first, first + even)]
    out = [g for pair in zip(beginners, standards, strict=False) for g in pair]
    return out + beginners[len(standards) :] + standards[len(beginners) :]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mixed", type=int, default=16, help="hands of a beginner against the standard level")
    ap.add_argument("--even", type=int, default=12, help="hands of the standard level against itself")
    ap.add_argument("--first", type=int, default=0, help="the first hand's seed (fresh hands after a run)")
    ap.add_argument("--guesses", type=int, default=200)
    ap.add_argument("--out", default="benchmarks/runs/oracle-coach")
    ap.add_argument("--disputed", action="store_true", help="value only decisions a coach disputes")
    ap.add_argument(
        "--flagged",
        action="store_true",
        help="value only the decisions the coach flags (the move played, the coaches' best moves and "
        "the standard level's choice): to measure the share of flags the oracle confirms",
    )
    ap.add_argument(
        "--skip", type=Path, nargs="*", default=[], help="runs whose decisions are not valued again"
    )
    args = ap.parse_args()
    out = ROOT / f"{args.out}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {
        (r["deal"], r["move"])
        for path in args.skip
        for r in map(json.loads, path.read_text().splitlines()[1:])
    }
    head = {
        "commit": commit(),
        "guesses": args.guesses,
        "mixed": args.mixed,
        "even": args.even,
        "first": args.first,
        "disputed": args.disputed,
        "flagged": args.flagged,
    }
    with out.open("w") as f:
        f.write(json.dumps({"run": head}) + "\n")
    bots = (make_bot("standard", 1), make_bot("standard", 2))
    start = time.perf_counter()
    for seed, first in games(args.mixed, args.even, args.first):
        m = played_match(seed, first)
        for index, action, coach in decisions(m):
            if (m.records[0].deal_code, index) in done or (args.flagged and not coach["new_flagged"]):
                continue
            row = value_decision(m, index, action, coach, args.guesses, bots, args.disputed or args.flagged)
            row["seat0"] = first
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        print(f"{first} {seed}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
