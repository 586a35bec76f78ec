"""The reference analysis of issue 41, as a resumable job: puzzles' answers and coach's flags
checked under several hand models x continuation policies (see ``scripts/reference.py``).

    nice -n 19 python scripts/reference_verdicts.py puzzles --until 18:20   # runs/verdicts-puzzles.jsonl
    nice -n 19 python scripts/reference_verdicts.py coach --until 18:58     # runs/verdicts-coach.jsonl
    python scripts/reference_verdicts.py summary benchmarks/runs/verdicts-*.jsonl

``puzzles``: the shipped set, stratified by decision kind (each kind's puzzles in a seeded
shuffle, the kinds taken in turn, the knock-or-play-on kind first); the answer against the
runner-up. ``coach``: one-hand matches of a beginner and of the standard level (taking turns)
against the standard level (seeds from ``--first``); every decision the coach flags (its best
move against the move played), a share of the decisions where the coach prefers another move
without flagging (``--recall K``: every K-th, for recall), and the hand models' calibration
(guessed against the real opponent deadwood) at every decision. Each checked decision is
appended to ``<out>.jsonl`` with the commit measured; a run skips what its file already holds,
so it can be stopped (``--until`` HH:MM UTC, or a kill) and started again. A meld-choice
puzzle (kind ``melds``) is checked its own way: after a knock no continuation policy plays, so
its answer's declaration meets every other declaration it lists under each hand model, the
knock scored at once (:func:`reference.compare_declarations`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import subprocess
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from statistics import median
from typing import Any

from rate_puzzles import ATTEMPTS, rated
from reference import (
    DEEP,
    MODELS,
    POLICIES,
    Budget,
    Model,
    compare,
    compare_declarations,
    declaration_verdict,
    guessed_tables,
    judged,
    opponent_deadwood,
    verdict,
)
from shipped_set import wrapped, write_set

from gin_core.actions import Action
from gin_core.analysis.coach import (
    MISTAKE_POINTS,
    PLAYER,
    MistakeKind,
    beyond_noise,
    flagged_at,
    review,
    same_move,
)
from gin_core.analysis.replay import position as replayed
from gin_core.puzzles import puzzle_set
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import (
    EASY_MARGIN_POINTS,
    EASY_MARGIN_WIN,
    Checked,
    DecisionKind,
    current_id,
    format_line,
    line_id,
    parse_line,
    reference_check,
    stable_id,
)
from gin_core.tools.hands import played_match

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("knock", "discard", "draw", "upcard", "melds")
"""The set's decision kinds, as it spells them (:class:`DecisionKind`), in the order a run takes them."""
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


def append(out: Path, *rows: dict[str, Any]) -> None:
    """Rows appended to a run's file, one JSON line each, written at once."""
    with out.open("a") as f:
        f.write("".join(json.dumps(row) + "\n" for row in rows))


def position_at(key: str) -> Position:
    """The coach's decision a reviewed row's key (seed:level:move) names, replayed."""
    seed, level, move = key.split(":")
    return Position.of(replayed(played_match(int(seed), level), 1, int(move)).view(PLAYER))


def pending(
    rows: list[dict[str, Any]], out: Path, until: datetime.datetime | None
) -> Iterator[tuple[dict[str, Any], Position]]:
    """The rows ``out`` does not hold yet (a resumed run skips them), each with its decision,
    until ``until``."""
    done = done_keys(out)
    for row in rows:
        if over(until):
            return
        if row["key"] not in done:
            yield row, position_at(row["key"])


def checked(
    pos: Position, better: Any, other: Any, bound: bool = True, budget: Budget | None = None
) -> dict[str, Any]:
    """The reference check of ``better`` against ``other``, as data (with the uniform bound's
    pairs if ``bound``: a third of the playouts, and no part of the verdict)."""
    start, cpu = time.perf_counter(), time.process_time()
    pairs = compare(pos, better, other, models=judges(bound), budget=budget or Budget())
    return {"verdict": str(verdict(pairs)), "pairs": [p.to_data() for p in pairs]} | spent(start, cpu)


def checked_declarations(
    pos: Position, answer: Action, rivals: list[Action], bound: bool = True, budget: Budget | None = None
) -> dict[str, Any]:
    """The reference check of a meld choice's ``answer`` against every declaration of
    ``rivals``, as data (nobody plays on: see :func:`reference.compare_declarations`)."""
    start, cpu = time.perf_counter(), time.process_time()
    pairs = compare_declarations(pos, answer, rivals, judges(bound), budget or Budget())
    found = declaration_verdict(pairs, rivals)
    return {"verdict": str(found), "pairs": [p.to_data() for p in pairs]} | spent(start, cpu)


def judges(bound: bool) -> tuple[Model, ...]:
    """The hand models a check measures: the criterion's, and the uniform bound if ``bound``."""
    return (*MODELS, Model.UNIFORM) if bound else MODELS


def spent(start: float, cpu: float) -> dict[str, float]:
    """The wall and CPU seconds since ``start`` and ``cpu``."""
    return {
        "seconds": round(time.perf_counter() - start, 1),
        "cpu": round(time.process_time() - cpu, 1),
    }


def stratified(kinds: tuple[str, ...] = KINDS, labelled: str | None = None) -> Iterator[Any]:
    """The set's puzzles of ``kinds``, each kind in a seeded shuffle (the
    same whichever kinds are asked for, so a run of some kinds checks a random sample of each),
    kinds in turn; only those the shipped labels call ``labelled``, if given (a run of them is no
    sample of the set: its survival is not the set's)."""
    by_kind: dict[str, list[Any]] = defaultdict(list)
    for pz in puzzle_set():
        if labelled in (None, str(reference_check(pz))):
            by_kind[str(pz.kind)].append(pz)
    for kind in KINDS:
        random.Random(f"verdicts:{kind}").shuffle(by_kind[kind])
    for k in range(max((len(v) for v in by_kind.values()), default=0)):
        for kind in kinds:
            if k < len(by_kind[kind]):
                yield by_kind[kind][k]


def prioritised() -> Iterator[Any]:
    """The set's puzzles in the order most likely to survive first: each
    kind by the runner-up's margin, widest first, "knocked too early" after the rest of its kind
    (none of 11 survived the first run); the kinds in turn."""
    by_kind: dict[str, list[Any]] = defaultdict(list)
    for pz in puzzle_set():
        by_kind[str(pz.kind)].append(pz)
    for kind in KINDS:
        by_kind[kind].sort(key=lambda pz: (pz.theme == "knocked_too_early", -plainness(pz), pz.id))
    for k in range(max(len(v) for v in by_kind.values())):
        for kind in KINDS:
            if k < len(by_kind[kind]):
                yield by_kind[kind][k]


def plainness(pz: Any) -> float:
    """The runner-up's margin as a share of a plain one (the match-win chance's or the hand
    points' easy margin, whichever unit the puzzle is valued in)."""
    return float(pz.margin) / (EASY_MARGIN_POINTS if pz.moves[0].win is None else EASY_MARGIN_WIN)


def key_of(pz: Any) -> str:
    """A puzzle's key in the runs: its stable id (position and answer), not its line number."""
    return stable_id(pz.position.code, pz.position.legal_actions.index(pz.answer))


def part_lines(parts: Path) -> dict[str, str]:
    """The data lines of ``make_puzzles.py run``'s part files under ``parts`` by stable id, in
    file order (the first of a duplicate kept)."""
    lines: dict[str, str] = {}
    for path in sorted(parts.glob("part-*.txt")):
        for line in path.read_text().splitlines():
            if line:
                lines.setdefault(line_id(line), line)
    return lines


def candidates(parts: Path, kinds: tuple[str, ...]) -> Iterator[Any]:
    """New puzzles to check: the parts' lines of ``kinds`` not in the shipped set, in file order."""
    shipped = {pz.id for pz in puzzle_set()}
    for pid, line in part_lines(parts).items():
        pz = parse_line(pid, line)
        if pid not in shipped and str(pz.kind) in kinds:
            yield pz


def run_puzzles(out: Path, until: datetime.datetime | None, head: str, args: argparse.Namespace) -> None:
    done = done_keys(out).union(*(done_keys(earlier) for earlier in args.skip))
    order = args.order
    part, parts = map(int, args.shard.split("/"))
    kinds = tuple(args.kinds.split(","))
    if args.parts is not None:
        chosen = candidates(args.parts, kinds)
    elif order == "margin":
        chosen = (pz for pz in prioritised() if args.theme in (None, pz.theme))
    else:
        chosen = stratified(kinds, args.labelled)
    for k, pz in enumerate(chosen):
        if over(until):
            return
        if k % parts != part:
            continue
        key = key_of(pz) if order == "margin" and args.parts is None else pz.id
        if key in done:
            continue
        row = {"key": key, "commit": head} | puzzle_row(pz, args.bound, DEEP if args.deep else None)
        row["deep"] = args.deep
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(key, row["kind"], row["verdict"], row["seconds"], flush=True)


def puzzle_row(pz: Any, bound: bool, budget: Budget | None) -> dict[str, Any]:
    """A puzzle checked, as a run's row (less its key and commit): the answer against the
    runner-up, or a meld choice's against every other declaration it lists (``rivals``)."""
    row = {
        "kind": str(pz.kind),
        "theme": str(pz.theme),
        "answer": str(pz.answer),
        "runner_up": str(pz.moves[1].action),
        "margin": round(pz.margin, 4),
        "stock": pz.position.stock_size,
    }
    if pz.kind != DecisionKind.MELDS:
        return row | checked(pz.position, pz.answer, pz.moves[1].action, bound, budget)
    rivals = [m.action for m in pz.moves[1:]]
    row["rivals"] = [str(a) for a in rivals]
    return row | checked_declarations(pz.position, pz.answer, rivals, bound, budget)


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
    beginners = [(s, "beginner") for s in range(args.first, args.first + args.mixed)]
    standards = [(1000 + s, "standard") for s in range(args.first, args.first + args.even)]
    hands = [h for both in zip(beginners, standards, strict=False) for h in both]  # a partial run has both
    hands += beginners[len(standards) :] + standards[len(beginners) :]
    unflagged = 0  # disputed decisions not flagged so far: every --recall-th is checked
    for seed, level in hands:
        if over(until):
            return
        m = played_match(seed, level)
        deal = m.records[0].deal_code
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


LOW_POINTS = 4.0
"""coach-robust: decisions beyond the noise by this under every continuation are checked too
(after the flags), for a lower threshold and for recall."""


def coach_hands(first: int, count: int) -> list[tuple[int, str]]:
    """One-hand matches of a beginner (seeds from ``first``) and of the standard level (seeds
    from 1000 + ``first``) against the standard level, taking turns."""
    pairs = zip(range(first, first + count), range(1000 + first, 1000 + first + count), strict=True)
    return [h for b, s in pairs for h in ((b, "beginner"), (s, "standard"))]


def hand_rows(seed: int, level: str, head: str) -> list[dict[str, Any]]:
    """The coach's review of one hand, a row per decision it judged (the old rule's flag, the
    new one's, the robust loss and each continuation's gap)."""
    return [
        {
            "key": f"{seed}:{level}:{v.move_index}",
            "commit": head,
            "played": str(v.played),
            "best": str(v.best),
            "measured": v.measured_loss,
            "error": v.error,
            "loss": v.loss,
            "gaps": [g.to_data() for g in v.gaps],
            "flagged": v.mistake is not None,
            "old": beyond_noise(v.measured_loss, v.error, MISTAKE_POINTS),
            "low": v.beyond(LOW_POINTS),
            "kind": None if v.mistake is None else str(v.mistake.kind),
        }
        for v in review(played_match(seed, level), 1).verdicts
    ]


def review_rows(hands: list[tuple[int, str]], out: Path, until: datetime.datetime | None, head: str) -> None:
    """Phase 1 of coach-robust: each hand's review (:func:`hand_rows`) appended to ``out``."""
    done = {tuple(k.split(":")[:2]) for k in done_keys(out)}
    for seed, level in hands:
        if over(until) or (str(seed), level) in done:
            continue
        append(out, *hand_rows(seed, level, head))
        print(seed, level, flush=True)


def tier(row: dict[str, Any], recall: int, k: int) -> int | None:
    """The order coach-robust checks a reviewed decision in: the new flags, then hand by hand the
    old rule's flags (before) and the decisions beyond :data:`LOW_POINTS` under every
    continuation, then a sample of the rest
    where the coach prefers another move (every ``recall``-th, ``k`` counting them); None: not checked."""
    if row["flagged"]:
        return 0
    if row["old"]:
        return 1
    if row["low"]:
        return 2
    return 3 if row["played"] != row["best"] and k % recall == 0 else None


def run_coach_robust(out: Path, until: datetime.datetime | None, head: str, args: argparse.Namespace) -> None:
    """coach-robust: review ``--hands`` hands of each level (phase 1, rows in <out>-reviews.jsonl),
    then check their decisions tier by tier (see :func:`tier`), each appended to <out>.jsonl."""
    reviews = out.with_name(out.stem + "-reviews.jsonl")
    review_rows(coach_hands(args.first, args.hands), reviews, until, head)
    rows = read_rows([reviews])
    disputed = [r for r in rows if not (r["flagged"] or r["old"] or r["low"]) and r["played"] != r["best"]]
    order = {id(r): k for k, r in enumerate(disputed)}
    ranked = [
        (t, r)
        for r in rows
        if (t := tier(r, args.recall, order.get(id(r), 1))) is not None and t <= args.tiers
    ]
    ranked.sort(key=lambda tr: min(tr[0], 1) if tr[0] < 3 else 3)  # old flags and low ones together, by hand
    budget = DEEP if args.deep else Budget()
    for row, pos in pending([r | {"tier": t} for t, r in ranked], out, until):
        checked_row = row | decision(row, pos) | {"commit": head, "deep": args.deep}
        checked_row |= checked(pos, Action.parse(row["best"]), Action.parse(row["played"]), False, budget)
        append(out, checked_row | {"clustered": budget.clustered})
        print(row["key"], row["tier"], checked_row["verdict"], checked_row["cpu"], flush=True)


def decision(row: dict[str, Any], pos: Position) -> dict[str, Any]:
    """What a checked row says of its decision besides the review: the level, phase and stock."""
    return {"level": row["key"].split(":")[1], "phase": str(pos.phase), "stock": pos.stock_size}


def run_flags(out: Path, until: datetime.datetime | None, head: str, args: argparse.Namespace) -> None:
    """flags: today's coach's flags (:func:`flag`) on the hands of ``--ranges``, hand by hand:
    each hand reviewed (in <out>-reviews.jsonl, unless ``--reviewed`` or that file has it) and
    its flags checked under the deeper budget at once (:func:`deep_budget`), until <out>.jsonl
    holds ``--flags``."""
    budget = deep_budget(args)
    reviews = out.with_name(out.stem + "-reviews.jsonl")
    by_hand: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in read_rows([*args.reviewed, reviews] if reviews.exists() else args.reviewed):
        by_hand[row["key"].rsplit(":", 1)[0]].append(row)
    for seed, level in (h for spec in args.ranges for h in coach_hands(*map(int, spec.split(":")))):
        if over(until) or len(done_keys(out)) >= args.flags:
            return
        rows = by_hand.get(f"{seed}:{level}")
        if rows is None:
            rows = hand_rows(seed, level, head)
            append(reviews, *rows)
        for row, pos in pending([r | {"tier": 0} for r in rows if r["flagged"]], out, until):
            found = row | decision(row, pos) | {"commit": head, "deep": True, "clustered": budget.clustered}
            found |= {"floor": budget.floor, "most": budget.most, "draw": budget.draw}
            if flag(found):
                found |= checked(pos, Action.parse(row["best"]), Action.parse(row["played"]), False, budget)
                append(out, found)
                print(row["key"], found["kind"], found["verdict"], found["cpu"], flush=True)


def deepened(rows: list[dict[str, Any]], robust_share: float) -> list[dict[str, Any]]:
    """The flags the deeper check takes (today's coach's, :func:`flag`), in its order: every flag
    that is not robust, and a seeded sample of ``robust_share`` of the robust ones (so the deeper
    measurement is not given to one side only), the two taken in turn."""
    flags = [r for r in rows if r.get("tier") == 0 and flag(r)]
    return in_turn(flags, [], robust_share)


def recall_deepened(rows: list[dict[str, Any]], robust_share: float) -> list[dict[str, Any]]:
    """The recall's candidates the deeper check takes: the decisions today's coach does not flag
    on the hands whose candidates were all checked (:func:`reached`), those not robust whose
    pairs could still all reach the threshold (:func:`could_reach`), and a seeded share of the
    robust ones, in turn (the flags among them are :func:`deepened`'s)."""
    done = reached(rows)
    candidates = [r for r in done if r["tier"] in (1, 2) and not flag(r)]
    hopeless = [r for r in candidates if r["verdict"] != "robust" and not could_reach(r)]
    return in_turn(candidates, hopeless, robust_share)


def in_turn(
    rows: list[dict[str, Any]], left: list[dict[str, Any]], robust_share: float
) -> list[dict[str, Any]]:
    """Every row not robust (less ``left``) and a seeded sample of ``robust_share`` of the
    robust ones, taken in turn."""
    doubted = [r for r in rows if r["verdict"] != "robust" and r not in left]
    robust = [r for r in rows if r["verdict"] == "robust"]
    random.Random("verdicts:deepen").shuffle(robust)
    robust = robust[: round(len(robust) * robust_share)]
    paired = [r for two in zip(doubted, robust, strict=False) for r in two]
    return paired + doubted[len(robust) :] + robust[len(doubted) :]


def could_reach(row: dict[str, Any], threshold: float = MISTAKE_POINTS) -> bool:
    """Whether every pair measured could still have its mean at ``threshold`` (its interval's top
    at or above it): a robust loss beyond the threshold is not ruled out."""
    pairs = [p for p in row["pairs"] if p["model"] != "uniform"]
    return all(p["error"] is None or p["mean"] + 1.645 * p["error"] >= threshold for p in pairs)


def reached(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the hands whose recall candidates were all checked: each run's hands before its
    last one with a candidate checked (that one may be part done)."""
    last = {
        run: max((place(r) for r in rows if r["run"] == run and r["tier"] in (1, 2)), default=0)
        for run in {r["run"] for r in rows}
    }
    return [r for r in rows if place(r) < last[r["run"]]]


def again_first(
    chosen: list[dict[str, Any]], earlier: list[dict[str, Any]], floor: int = DEEP.floor
) -> list[dict[str, Any]]:
    """``chosen`` less what an earlier deeper check (deepen's rows, ``earlier``) settles under
    today's criterion: first the rows it did not check, then its rows with a pair today's
    criterion reads otherwise (:func:`stale`), as it left them (their verdict becomes
    ``before``). A row it checked with no stale pair is not checked again: the same draws give
    the same pairs, and a stricter criterion stops each pair at the same look."""
    by_key = {r["key"]: r for r in earlier}
    fresh = [r for r in chosen if r["key"] not in by_key]
    return fresh + [by_key[r["key"]] for r in chosen if r["key"] in by_key and stale(by_key[r["key"]], floor)]


def stale(row: dict[str, Any], floor: int = DEEP.floor) -> bool:
    """Whether today's criterion (:func:`reference.judged`, with ``floor``) reads a recorded pair
    otherwise than the run that measured it did."""
    return any(
        str(judged(p["mean"], p["error"] or 0.0, p.get("draws", p["n"]), floor)) != p["state"]
        for p in row["pairs"]
    )


def deep_budget(args: argparse.Namespace) -> Budget:
    """The deeper budget (:data:`reference.DEEP`) with the options' floor, cap and draw: a higher
    cap (``--most``) settles pairs whose posterior rests on few distinct draws at 384 guesses,
    and a fresh draw (``--draw``) gives a check again other guesses than the first one had."""
    return replace(
        DEEP,
        floor=DEEP.floor if args.floor is None else args.floor,
        most=DEEP.most if args.most is None else args.most,
        draw=DEEP.draw if args.draw is None else args.draw,
    )


def run_deepen(out: Path, until: datetime.datetime | None, head: str, args: argparse.Namespace) -> None:
    """deepen: check again, with the deeper budget (:data:`reference.DEEP`: fresh guesses, a pair
    stopping only once its interval is clear of 0 or at its cap), the flags of coach-robust runs
    (:func:`deepened`) or, ``--candidates``, recall's (:func:`recall_deepened`), less what the
    ``--again`` runs settle (:func:`again_first`); each appended to <out>.jsonl with the verdict
    and pairs it had (``before``, ``before_pairs``)."""
    chosen = (recall_deepened if args.candidates else deepened)(read_rows(args.runs), args.robust_share)
    budget = deep_budget(args)
    for row, pos in pending(again_first(chosen, read_rows(args.again), budget.floor), out, until):
        again = {
            k: v for k, v in row.items() if k not in ("pairs", "verdict", "cpu", "seconds", "commit", "run")
        }
        again |= {
            "from": row["run"],
            "before": row["verdict"],
            "before_pairs": row["pairs"],
            "commit": head,
            "deep": True,
            "clustered": budget.clustered,
            "floor": budget.floor,
            "most": budget.most,
            "draw": budget.draw,
        }
        again |= checked(pos, Action.parse(row["best"]), Action.parse(row["played"]), False, budget)
        append(out, again)
        print(row["key"], row["verdict"], "->", again["verdict"], again["cpu"], flush=True)


def wilson(k: int, n: int, z: float = 1.645) -> tuple[float, float]:
    """The 90% Wilson interval of a share ``k`` of ``n``."""
    if not n:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def share(rows: list[dict[str, Any]]) -> str:
    """Robust / contradicted / unclear counts and the robust share with its interval."""
    n = len(rows)
    count = {v: sum(r["verdict"] == v for r in rows) for v in ("robust", "contradicted", "unclear")}
    low, high = wilson(count["robust"], n)
    return (
        f"{n:4d} | {count['robust']:3d} ({count['robust'] / max(n, 1):.0%}, 90%: {low:.0%}-{high:.0%}) | "
        f"{count['contradicted']:3d} | {count['unclear']:3d}"
    )


def stopped_by(rows: list[dict[str, Any]]) -> str:
    """Which model x policy pair ended the checks that are not robust, most frequent first."""
    ends: Counter[str] = Counter(
        f"{r['pairs'][-1]['model']}/{r['pairs'][-1]['policy']}" for r in rows if r["verdict"] != "robust"
    )
    return ", ".join(f"{k} {v}" for k, v in ends.most_common(6))


def puzzle_figures(rows: list[dict[str, Any]]) -> None:
    sizes = Counter(str(pz.kind) for pz in puzzle_set())
    print("kind | set | checked | robust (share, 90%) | contradicted | unclear | stopped by")
    expected = 0.0
    for kind in KINDS:
        mine = [r for r in rows if r["kind"] == kind]
        print(f"{kind} | {sizes[kind]} | {share(mine)} | {stopped_by(mine)}")
        robust = sum(r["verdict"] == "robust" for r in mine)
        expected += sizes[kind] * robust / max(len(mine), 1)
    print(f"all | {sum(sizes.values())} | {share(rows)} |")
    for theme in sorted({r["theme"] for r in rows if r["kind"] == "knock"}):
        print(
            f"knock/{theme} | | {share([r for r in rows if r['kind'] == 'knock' and r['theme'] == theme])} |"
        )
    unread = [kind for kind in KINDS if not any(r["kind"] == kind for r in rows)]
    aside = f"; left out, none checked: {', '.join(unread)}" if unread else ""
    print(f"robust puzzles expected in the set (share x size per kind{aside}): {expected:.0f}")
    print("commits:", sorted({r["commit"] for r in rows}))


def robust_loss(row: dict[str, Any]) -> float:
    """The smallest mean loss over the model x policy pairs of a robust verdict (uniform aside)."""
    return min(float(p["mean"]) for p in row["pairs"] if p["model"] != "uniform")


def beyond(row: dict[str, Any]) -> bool:
    """A robust mistake whose robust loss is beyond the coach's threshold (hand points)."""
    return row["verdict"] == "robust" and robust_loss(row) >= MISTAKE_POINTS


def coach_figures(rows: list[dict[str, Any]], recall_every: int) -> None:
    checked_rows = [r for r in rows if "verdict" in r]
    print("coach | decisions | checked | flags: robust (share, 90%) | contradicted | unclear")
    for level in ("beginner", "standard"):
        flags = [r for r in checked_rows if r["flagged"] and r["level"] == level]
        total = sum(r["level"] == level for r in rows)
        print(f"{level} flags | {total} | {share(flags)}")
    for phase in sorted({r["phase"] for r in checked_rows}):
        print(f"{phase} flags | | {share([r for r in checked_rows if r['flagged'] and r['phase'] == phase])}")
    disputed = [r for r in checked_rows if not r["flagged"]]
    print(f"disputed, not flagged (sample for recall) | | {share(disputed)}")
    caught = sum(beyond(r) for r in checked_rows if r["flagged"])
    missed = sum(beyond(r) for r in disputed)
    print(
        f"robust mistakes beyond {MISTAKE_POINTS:g} points: {caught} flagged; {missed} in the sample of "
        f"unflagged ones (one in {recall_every}): recall about "
        f"{caught / max(caught + missed * recall_every, 1):.0%}"
    )
    print("commits:", sorted({r["commit"] for r in rows}))
    calibration_figures([r["calibration"] for r in rows])


def flag(row: dict[str, Any]) -> bool:
    """Whether today's coach flags a reviewed decision: the review's flag, less what the opening
    rule, the late rule, the face-up card rule and the wait rule (:func:`flagged_at`) drop from
    rows reviewed before them."""
    played = Action.parse(row["played"]).kind
    best = Action.parse(row["best"]).kind
    return bool(row["flagged"]) and flagged_at(row["stock"], MistakeKind(row["kind"]), played, best)


def robust_coach_figures(rows: list[dict[str, Any]]) -> None:
    """coach-robust's checks: today's coach's flags (tier 0, less the opening rule's), the old
    rule's flags on the hands whose old flags were all checked (before), and recall among the
    decisions checked. Each run's rows carry its file's name (``run``): hands are placed per run."""
    flags = [r for r in rows if flag(r)]
    print("new coach | checked | robust (share, 90%) | contradicted | unclear")
    print(f"all flags | {share(flags)}")
    for run in sorted({r["run"] for r in flags}):
        print(f"- {run} | {share([r for r in flags if r['run'] == run])}")
    contradicted = sum(r["verdict"] == "contradicted" for r in flags)
    low, high = wilson(contradicted, len(flags))
    print(f"robustly best moves flagged (contradicted flags, a bound): {contradicted} ({low:.1%}-{high:.1%})")
    losses = sorted(robust_loss(r) for r in flags if r["verdict"] == "robust")
    small = ", ".join(f"under {t:g}: {sum(x < t for x in losses)}" for t in (2.0, 4.0, MISTAKE_POINTS))
    print(f"robust flags' robust loss (the least mean over the pairs): {small}; median {median(losses):.1f}")
    dropped = [r for r in rows if r["flagged"] and not flag(r)]
    print(f"flags the opening, late, face-up card and wait rules drop | {share(dropped)}")
    for few in (3, 5, 8):
        decided = [r for r in flags if few_draws(r, few)]
        print(f"flags with a pair decided on fewer than {few} draws | {share(decided)}")
    for level in ("beginner", "standard"):
        print(f"{level} flags | {share([r for r in flags if r['level'] == level])}")
    for kind in sorted({str(r["kind"]) for r in flags}):
        print(f"{kind} | {share([r for r in flags if str(r['kind']) == kind])}")
    done = reached(rows)
    before = [r for r in done if r["old"]]
    print(f"old rule's flags on the hands reached (all checked) | {share(before)}")
    print(f"new flags on those hands | {share([r for r in before if flag(r)])}")
    print(f"old flags the new coach drops | {share([r for r in before if not flag(r)])}")
    unflagged = [r for r in rows if r["low"] and not flag(r)]
    print(f"beyond {LOW_POINTS:g} points in every continuation, not flagged | {share(unflagged)}")
    for threshold in (4.0, 6.0, 8.0, 10.0, 12.0):
        # under the coach's threshold, only the first hands have every such decision checked
        hands = "the first hands" if threshold < MISTAKE_POINTS else "all hands"
        at = [r for r in (rows if threshold >= MISTAKE_POINTS else done) if all_beyond(r, threshold)]
        print(f"flags if the threshold were {threshold:g} ({hands}) | {share(at)}")
    caught = sum(beyond(r) for r in done if flag(r))  # recall: on the hands whose candidates were all checked
    missed = sum(beyond(r) for r in done if not flag(r))
    print(
        f"robust mistakes beyond {MISTAKE_POINTS:g} points on the hands reached: {caught} flagged, "
        f"{missed} not; CPU seconds a check: mean "
        f"{math.fsum(r['cpu'] for r in rows) / max(len(rows), 1):.1f} over {len(rows)}"
    )
    print("commits:", sorted({r["commit"] for r in rows}))


def few_draws(row: dict[str, Any], few: int) -> bool:
    """Whether a pair that decided a row (won or lost, uniform aside) rests on fewer than ``few``
    distinct draws of the hidden cards."""
    return any(
        p["state"] != "unclear" and p.get("draws", p["n"]) < few
        for p in row["pairs"]
        if p["model"] != "uniform"
    )


def deeper_figures(rows: list[dict[str, Any]]) -> None:
    """deepen's rows: each decision's verdict before and after the deeper check, with the pair
    that stopped each check (or, robust, the least mean: the robust loss), and the changes."""
    print("deeper check | kind | stock | before (stopped by: n, mean +- error) | after | CPU s")
    for r in rows:
        print(
            f"{r['key']} | {r['kind']} | {r['stock']} | {r['before']} ({ended(r['before_pairs'])}) | ", end=""
        )
        print(f"{r['verdict']} ({ended(r['pairs'])}) | {r['cpu']}")
    for part, name in ((True, "flags"), (False, "recall's candidates")):
        mine = [r for r in rows if (r.get("tier", 0) == 0) == part]
        changes = Counter(f"{r['before']} -> {r['verdict']}" for r in mine)
        cpu = math.fsum(r["cpu"] for r in mine) / max(len(mine), 1)
        print(f"{name}: {len(mine)} checked again, {dict(sorted(changes.items()))}, CPU s a check {cpu:.1f}")


def ended(pairs: list[dict[str, Any]]) -> str:
    """The pair a check stopped at (not robust), or the robust loss (the least mean) and its pair."""
    judged = [p for p in pairs if p["model"] != "uniform"]
    last = judged[-1] if judged[-1]["state"] != "better" else min(judged, key=lambda p: float(p["mean"]))
    error = "-" if last["error"] is None else f"{last['error']:.1f}"
    return f"{last['model']}/{last['policy']}: {last['n']}, {last['mean']:+.1f} +- {error}"


def place(row: dict[str, Any]) -> int:
    """A reviewed decision's hand's place in :func:`coach_hands`' order (from 0)."""
    seed, level, _ = str(row["key"]).split(":")
    return 2 * (int(seed) % 1000) + (level == "standard")


def all_beyond(row: dict[str, Any], threshold: float) -> bool:
    """A reviewed decision's loss beyond ``threshold`` under every continuation (as
    :meth:`Verdict.beyond`, from the row's figures)."""
    sure = beyond_noise(row["measured"], row["error"], threshold)
    return sure and all(beyond_noise(g["lead"], g["error"], threshold) for g in row["gaps"])


def calibration_figures(rows: list[dict[str, Any]]) -> None:
    """Per hand model, decisions by decile of the guessed opponent deadwood: guessed and real."""
    for model in ("sampler", "posterior", "uniform"):
        have = sorted((r[model], r["real"]) for r in rows if model in r)
        if not have:
            continue
        print(f"calibration, {model} ({len(have)} decisions): decile: guessed -> real (n), guess - real, 90%")
        for d in range(10):
            part = have[d * len(have) // 10 : (d + 1) * len(have) // 10]
            if part:
                guessed = math.fsum(g for g, _ in part) / len(part)
                real = math.fsum(r for _, r in part) / len(part)
                gaps = [g - r for g, r in part]
                spread = math.fsum((x - guessed + real) ** 2 for x in gaps) / max(len(gaps) - 1, 1)
                half = 1.645 * math.sqrt(spread / len(gaps))
                gap = f"{guessed - real:+.1f} +- {half:.1f}"
                print(f"  {d + 1}: {guessed:.1f} -> {real:.1f} ({len(part)}), {gap}")
        effective = [r["effective"] for r in rows if "effective" in r]
        if model == "posterior" and effective:
            print(f"  posterior effective proposals: median {sorted(effective)[len(effective) // 2]}")


def summary(runs: list[Path], recall_every: int) -> None:
    """The figures of runs (puzzles' and coach's rows told apart by their fields)."""
    rows = [
        json.loads(line) | {"run": path.name}
        for path in runs
        for line in path.read_text().splitlines()
        if line.strip()
    ]
    puzzles = [r for r in rows if "theme" in r]
    if puzzles:
        puzzle_figures(puzzles)
    again = {r["key"]: r for r in rows if "before" in r}
    robust = [r for r in rows if "tier" in r and "before" not in r]
    if again:
        deeper_figures(list(again.values()))
        robust = [
            r | {k: again[r["key"]][k] for k in ("verdict", "pairs", "cpu")} if r["key"] in again else r
            for r in robust
        ]
        print("== with the deeper check's verdicts in place of the first ones:")
        left = [r for r in robust if r["tier"] < 3 and stale(r)]
        print(f"judged by a former criterion (stale): {sum(flag(r) for r in left)} flags, {len(left)} in all")
    if robust:
        robust_coach_figures(robust)
    coach = [r for r in rows if "flagged" in r and "tier" not in r]
    if coach:
        coach_figures(coach, recall_every)


def read_rows(runs: list[Path]) -> list[dict[str, Any]]:
    """The rows of runs, each with its file's name (``run``)."""
    return [
        json.loads(line) | {"run": path.name}
        for path in runs
        for line in path.read_text().splitlines()
        if line.strip()
    ]


def statuses(runs: list[Path], earlier: list[Path]) -> dict[str, str]:
    """Each checked puzzle's verdict by stable id: the runs' (the calibrated posterior), else from
    ``earlier`` runs (the posterior of uniform proposals, 11-18 points above real hands) only a
    contradiction under the sampler, which that posterior did not take part in."""
    found: dict[str, str] = {}
    for row in read_rows(earlier):
        if any(p["model"] == "sampler" and p["state"] == "worse" for p in row["pairs"]):
            found[current_id(row["key"])] = "contradicted"
    for row in read_rows(runs):
        found[current_id(row["key"])] = row["verdict"]
    return found


class UncoveredLabels(Exception):
    """``prune --checked-only`` was given runs that do not hold a puzzle the shipped labels call
    checked: retiring every puzzle the runs did not check would drop it unchecked."""


def prune(
    runs: list[Path], earlier: list[Path], admit: Path | None = None, checked_only: bool = False
) -> None:
    """Retire the puzzles whose answer was clearly beaten from gin_core/puzzle_data.py (the
    other lines kept in order), add after them the new puzzles of the part files under
    ``admit`` that the runs found robust (in file order) with the rating the levels' attempts
    fit like every other's (``rate_puzzles.rated``: about half a CPU second a puzzle, the rows
    appended to its attempts file), write the robust and unclear ids to
    gin_core/puzzles/reference_data.py and fold the set into the daily puzzle's ledger (the new
    puzzles take the retired ones' days first, so no other day changes). ``checked_only``: retire
    too every puzzle no run checked (issue 41: the set keeps only answers the check stood by),
    refused if a puzzle the shipped labels call checked is in none of the runs."""
    found = statuses(runs, earlier)
    if checked_only and (lost := [pz.id for pz in puzzle_set() if pz.id not in found and labelled(pz)]):
        raise UncoveredLabels(
            f"prune --checked-only: no run given holds {len(lost)} of the puzzles labelled checked "
            f"(e.g. {lost[0]}): name every run of the set"
        )
    kept = [pz for pz in puzzle_set() if kept_after(found.get(pz.id), checked_only)]
    shipped = {pz.id for pz in puzzle_set()}  # a retired puzzle is not added back
    new = part_lines(admit) if admit is not None else {}
    kept += [
        rated(parse_line(pid, line), ROOT / ATTEMPTS)
        for pid, line in new.items()
        if pid not in shipped and found.get(pid) == "robust"
    ]
    write_set(ROOT, [format_line(pz) for pz in kept], [pz.id for pz in kept])
    by = {v: " ".join(sorted(pz.id for pz in kept if found.get(pz.id) == v)) for v in ("robust", "unclear")}
    out = ROOT / "gin_core" / "puzzles" / "reference_data.py"
    body = out.read_text()
    body = body[: body.index("MODELS = ")] + (
        f"MODELS = {len(MODELS)}  # the hand models a robust answer won under (the uniform bound aside)\n"
        f"POLICIES = {len(POLICIES)}  # the continuation policies, in both seats\n"
        f"ROBUST = {wrapped(by['robust'])}\n"
        f"UNCLEAR = {wrapped(by['unclear'])}\n"
    )
    out.write_text(body)
    added = sum(pz.id not in shipped for pz in kept)
    retired = len(puzzle_set()) - (len(kept) - added)
    print(f"{len(kept)} puzzles kept, {retired} retired, {added} added; robust {len(by['robust'].split())}")


def labelled(pz: Any) -> bool:
    """Whether the shipped labels (gin_core/puzzles/reference_data.py) call a puzzle checked."""
    return reference_check(pz) != Checked.UNCHECKED


def kept_after(status: str | None, checked_only: bool) -> bool:
    """Whether a shipped puzzle the runs found ``status`` (None: not checked) stays in the set."""
    if checked_only:
        return status in ("robust", "unclear")
    return status != "contradicted"


def prune_job(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``prune`` from the command line: a refusal as the parser's error, not a traceback."""
    try:
        prune(args.runs, args.earlier, args.admit, args.checked_only)
    except UncoveredLabels as e:
        ap.error(str(e))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    jobs = ("puzzles", "coach", "coach-robust", "deepen", "flags", "summary", "prune")
    ap.add_argument("job", choices=jobs)
    ap.add_argument("runs", nargs="*", type=Path, help="summary: the runs to read")
    ap.add_argument("--out", default=None)
    ap.add_argument("--until", default=None, help="HH:MM UTC: stop before starting anything after it")
    ap.add_argument("--mixed", type=int, default=400, help="coach: hands of a beginner")
    ap.add_argument("--even", type=int, default=400, help="coach: hands of the standard level")
    ap.add_argument("--first", type=int, default=0, help="coach: the first hand's seed")
    ap.add_argument("--hands", type=int, default=400, help="coach-robust: hands of each level")
    ap.add_argument(
        "--recall", type=int, default=6, help="coach: check every K-th disputed, unflagged decision"
    )
    ap.add_argument(
        "--posterior-every", type=int, default=8, help="coach: the posterior's calibration every K-th move"
    )
    ap.add_argument(
        "--order",
        choices=("margin", "stratified"),
        default="margin",
        help="puzzles: widest margins first, keyed by stable id (else the first run's order, by line id)",
    )
    ap.add_argument(
        "--no-bound", dest="bound", action="store_false", help="puzzles: skip the uniform bound's pairs"
    )
    ap.add_argument("--theme", default=None, help="puzzles: only this theme (e.g. knocked_too_early)")
    ap.add_argument(
        "--kinds",
        default=",".join(KINDS),
        help="puzzles, stratified: only these decision kinds (comma-separated)",
    )
    ap.add_argument(
        "--labelled",
        choices=("robust", "unclear", "unchecked"),
        default=None,
        help="puzzles, stratified: only those the shipped labels call this (a check again, not a sample)",
    )
    ap.add_argument("--shard", default="0/1", help="puzzles: K/N, the K-th of N workers (each its own --out)")
    ap.add_argument(
        "--skip", nargs="*", type=Path, default=[], help="puzzles: runs whose puzzles are checked already"
    )
    ap.add_argument(
        "--tiers", type=int, default=3, help="coach-robust: check tiers up to this (0: flags only)"
    )
    ap.add_argument("--deep", action="store_true", help="coach-robust, puzzles: check with the deeper budget")
    ap.add_argument("--candidates", action="store_true", help="deepen: recall's candidates, not the flags")
    ap.add_argument(
        "--robust-share", type=float, default=0.3, help="deepen: the share of robust flags checked again"
    )
    ap.add_argument(
        "--again", nargs="*", type=Path, default=[], help="deepen: earlier deeper runs (see again_first)"
    )
    ap.add_argument(
        "--floor", type=int, default=None, help="deepen, flags: the fewest draws a pair is judged on"
    )
    ap.add_argument(
        "--most", type=int, default=None, help="deepen, flags: the guesses a pair may take at most"
    )
    ap.add_argument(
        "--draw",
        type=int,
        default=None,
        help="deepen, flags: which draw of fresh guesses (0: the first runs')",
    )
    ap.add_argument("--ranges", nargs="*", default=[], help="flags: FIRST:COUNT, the hands of coach_hands")
    ap.add_argument("--flags", type=int, default=82, help="flags: stop once this many flags are checked")
    ap.add_argument("--reviewed", nargs="*", type=Path, default=[], help="flags: earlier reviews to use")
    ap.add_argument("--earlier", nargs="*", type=Path, default=[], help="prune: runs of the first posterior")
    ap.add_argument(
        "--parts",
        type=Path,
        default=None,
        help="puzzles: check the new puzzles of make_puzzles.py's part files here (not in the set)",
    )
    ap.add_argument(
        "--admit", type=Path, default=None, help="prune: add the robust new puzzles of the part files here"
    )
    ap.add_argument(
        "--checked-only",
        action="store_true",
        help="prune: retire too every puzzle no run checked (refused if one labelled checked is missing)",
    )
    args = ap.parse_args()
    if unknown := set(args.kinds.split(",")) - set(KINDS):
        ap.error(f"--kinds: no decision kind {', '.join(sorted(unknown))} (kinds: {', '.join(KINDS)})")
    if args.job == "prune":
        prune_job(ap, args)
        return
    if args.job == "summary":
        summary(args.runs, args.recall)
        return
    until = None
    if args.until:
        hh, mm = map(int, args.until.split(":"))
        now = datetime.datetime.now(datetime.UTC)
        until = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
        if until < now - datetime.timedelta(hours=12):  # past midnight: tomorrow's HH:MM
            until += datetime.timedelta(days=1)
    out = ROOT / f"{(args.out or 'benchmarks/runs/verdicts-' + args.job).removesuffix('.jsonl')}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.job == "puzzles":
        run_puzzles(out, until, commit(), args)
    elif args.job == "deepen":
        run_deepen(out, until, commit(), args)
    elif args.job == "flags":
        run_flags(out, until, commit(), args)
    elif args.job == "coach-robust":
        run_coach_robust(out, until, commit(), args)
    else:
        run_coach(out, until, commit(), args)


if __name__ == "__main__":
    main()
