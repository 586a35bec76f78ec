"""How long each slice of the page's judging jobs runs, in CPU time: the tutor's and hint's
per-turn job (``think_decision``), the review of a finished hand (``think_review``), a puzzle
of your mistake and a shared position (``think_seen``), on positions of bot matches.

    .venv/bin/python scripts/bench_slices.py [--presets classic eaai] [--hands 2] [--seed 1]
    node scripts/bench_slices_pyodide.mjs [the same options]      # where the page runs them

A slice is timed by this thread's CPU time (in Pyodide under Node, the least of the Node
process's, ``process.cpuUsage``, and the wall clock's), and the engine's slices are cut by that
CPU clock too (``Work``'s clock is the wall clock in the page): on a loaded machine the wall
clock cuts slices short, CPU time does not, so the lengths are those of a quiet machine
whatever the load. A first hand is judged before the measured ones, not counted (Pyodide's
compilers run in threads of their own in the first minute, counted in the process's time).

Each hand's decisions of seat 0 are sampled: the first of each kind (draw, discard) while the
stock is full (early) and once it is low (late). Steps of the jobs are timed too (in the same
CPU clock), so that the longest slices name the code they ran.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import random
import sys
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ginweb.kit.background import SLICE_MS  # noqa: E402
from ginweb.puzzles.play import code_seed  # noqa: E402

from gin_core import Match, Phase, preset  # noqa: E402
from gin_core.analysis import coach, decision_seed, think_decision, think_review, think_seen  # noqa: E402
from gin_core.analysis.replay import hand_in_progress  # noqa: E402
from gin_core.bots import base, make_bot, search  # noqa: E402
from gin_core.bots.kernel import Judge, Knowledge  # noqa: E402
from gin_core.puzzles.position import Position  # noqa: E402

LATE_STOCK = 16  # a decision is late with fewer cards than this in the stock
LONG = 2.0  # a slice this many times SLICE_MS or longer is listed with the steps it ran


def node_cpu() -> float:
    """Seconds of CPU of the Node process Pyodide runs in (its own clocks are the wall clock's)."""
    used = importlib.import_module("js").process.cpuUsage()
    return float(used.user + used.system) / 1e6


CLOCK: Callable[[], float] = node_cpu if sys.platform == "emscripten" else time.thread_time
STEPS: dict[str, float] = {}  # seconds of CPU in each timed step since the slice began
LONGEST_CALL: dict[str, float] = {}  # each timed step's longest single call (seconds of CPU)


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn``, its CPU time added to ``STEPS[name]``."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        start = CLOCK()
        try:
            return fn(*args, **kwargs)
        finally:
            took = CLOCK() - start
            STEPS[name] = STEPS.get(name, 0.0) + took
            LONGEST_CALL[name] = max(LONGEST_CALL.get(name, 0.0), took)

    return run


def instrument() -> None:
    """Cut the engine's slices by CPU time, and time the steps a slice may hold."""
    base.time = SimpleNamespace(perf_counter=CLOCK)  # type: ignore[attr-defined,assignment]
    gc.callbacks.append(collecting)
    base.Work.room = checked_room(base.Work.room)  # type: ignore[assignment]
    for module, names in (
        (coach, ["standard_choice", "shortlist", "reason_of", "simulate", "trim_caches", "diagnose"]),
        (coach, ["hand_start", "hand_in_progress", "match_judge"]),
        (search, ["resample", "pulled", "Proposer"]),
    ):
        for name in names:
            setattr(module, name, timed(name, getattr(module, name)))
    Judge.of = staticmethod(timed("Judge.of", Judge.of))  # type: ignore[method-assign]
    Knowledge.of = staticmethod(timed("Knowledge.of", Knowledge.of))  # type: ignore[method-assign]


GC_STARTED = [0.0]
MARK = [0.0]  # the CPU clock at the slice's start or its last room check


def checked_room(room: Callable[[base.Work, int], bool]) -> Callable[[base.Work, int], bool]:
    """``Work.room``, the CPU time since the slice began or the last check timed as the step
    "between checks" (the longest run the slicing cannot cut)."""

    def run(work: base.Work, units: int) -> bool:
        now = CLOCK()
        gap = now - MARK[0]
        STEPS["between checks"] = max(STEPS.get("between checks", 0.0), gap)
        LONGEST_CALL["between checks"] = max(LONGEST_CALL.get("between checks", 0.0), gap)
        MARK[0] = now
        return room(work, units)

    return run


def collecting(phase: str, info: dict[str, int]) -> None:
    """The garbage collector's pauses, timed as a step ("gc")."""
    if phase == "start":
        GC_STARTED[0] = CLOCK()
        return
    took = CLOCK() - GC_STARTED[0]
    STEPS["gc"] = STEPS.get("gc", 0.0) + took
    LONGEST_CALL["gc"] = max(LONGEST_CALL.get("gc", 0.0), took)


@dataclass
class Slices:
    """One job kind's slices (seconds of CPU) and its longest slices with their steps."""

    lengths: list[float] = field(default_factory=list)
    runs: int = 0
    long: list[tuple[float, float, str, dict[str, float]]] = field(default_factory=list)


def run_job(work: Generator[Any, None, Any], out: Slices, where: str) -> Any:
    """Run ``work`` to its end, one slice at a time, as the page's background does."""
    out.runs += 1
    while True:
        STEPS.clear()
        start = MARK[0] = CLOCK()
        wall = time.perf_counter()
        try:
            next(work)
        except StopIteration as end:
            record(out, CLOCK() - start, time.perf_counter() - wall, where)
            return end.value
        record(out, CLOCK() - start, time.perf_counter() - wall, where)


def record(out: Slices, cpu: float, wall: float, where: str) -> None:
    """A slice's length: the least of its CPU time and its wall time, each an upper bound of the
    time the thread ran it (the wall clock's also counts time the machine gave others, Node's
    process CPU time also the engine's background threads: its compilers, its collector)."""
    length = min(cpu, wall)
    out.lengths.append(length)
    if length >= LONG * SLICE_MS / 1000:
        out.long.append((length, wall, where, dict(STEPS)))


def sampled(view: Any, taken: set[tuple[str, str]]) -> str | None:
    """The sample a decision of seat 0 belongs to ("draw early", ...), if it is the first of it."""
    if len(view.legal_actions) < 2:
        return None
    kind = "discard" if view.phase == Phase.DISCARD else "draw"
    stage = "late" if view.stock_size < LATE_STOCK else "early"
    if (kind, stage) in taken:
        return None
    taken.add((kind, stage))
    return f"{kind} {stage}"


def judge_turn(match: Match, jobs: dict[str, Slices], where: str) -> None:
    """The jobs of a decision of seat 0: the tutor's and hint's, and its puzzles."""
    view = match.view(0)
    table = hand_in_progress(match)
    assert table is not None
    index = len(table.history)
    run_job(think_decision(match, slice_ms=SLICE_MS), jobs["tutor/hint"], where)
    position = Position.parse(Position.of(view).code)
    mine = decision_seed(table.view(0), index)  # the review's: the hand-alone view
    run_job(think_seen(position.view(), index, mine, slice_ms=SLICE_MS), jobs["mistake puzzle"], where)
    shared = code_seed(position.code)
    run_job(think_seen(position.view(), index, shared, slice_ms=SLICE_MS), jobs["shared position"], where)


def measure(presets: list[str], hands: int, seed: int) -> dict[str, Slices]:
    """Each preset's first ``hands`` hands of a match between two standard players."""
    jobs = {name: Slices() for name in ("tutor/hint", "mistake puzzle", "shared position", "review")}
    rng = random.Random(seed)
    for name in presets:
        match = Match(preset(name), seed=rng.randrange(1 << 30))
        bots = [make_bot("standard", rng.randrange(1 << 30)) for _ in range(2)]
        for hand in range(1, hands + 1):
            taken: set[tuple[str, str]] = set()
            while len(match.records) < hand and match.result is None:
                p = match.to_move
                if p is None:
                    match.apply("next_hand")
                    continue
                if p == 0 and (sample := sampled(match.view(0), taken)) is not None:
                    judge_turn(match, jobs, f"{name} hand {hand} {sample}")
                match.apply(bots[p].decide(match.view(p)).action, p)
            review = think_review(match, len(match.records), slice_ms=SLICE_MS)
            run_job(review, jobs["review"], f"{name} hand {hand} review")
            print(f"{name} hand {hand}: {', '.join(sorted(f'{k} {s}' for k, s in taken))}", flush=True)
            if match.result is not None:
                break
    return jobs


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(jobs: dict[str, Slices]) -> str:
    """A Markdown table of the slices' lengths (ms of CPU, and times the slice target), then
    the longest slices with the steps that took most of them."""
    target = SLICE_MS / 1000
    rows = [
        "| job | runs | slices | p50 | p95 | max | over 2x target | over 25 ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, s in jobs.items():
        if not s.lengths:
            continue
        cells = [pct(s.lengths, 0.5), pct(s.lengths, 0.95), max(s.lengths)]
        shown = [f"{1000 * c:.1f} ms ({c / target:.2f}x)" for c in cells]
        over = sum(x >= 2 * target for x in s.lengths)
        over25 = sum(x >= 0.025 for x in s.lengths)
        rows.append(f"| {name} | {s.runs} | {len(s.lengths)} | {' | '.join(shown)} | {over} | {over25} |")
    rows.append("")
    rows.append(
        f"longest slices (>= {LONG:g}x target), the steps timed in them (ms of CPU; between checks:"
        " the longest run between two of the slicing's checks):"
    )
    longest = sorted((x, wall, name, w, st) for name, s in jobs.items() for x, wall, w, st in s.long)
    for length, wall, name, where, steps in longest[::-1][:12]:
        top = sorted(steps.items(), key=lambda kv: -kv[1])[:4]
        parts = ", ".join(f"{k} {1000 * v:.1f}" for k, v in top)
        rows.append(f"- {1000 * length:.1f} ms ({1000 * wall:.1f} ms wall), {name}, {where}: {parts}")
    rows.append("")
    rows.append("each timed step's longest single call (ms of CPU):")
    calls = sorted(LONGEST_CALL.items(), key=lambda kv: -kv[1])
    rows.append(", ".join(f"{k} {1000 * v:.1f}" for k, v in calls))
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", nargs="+", default=["classic", "eaai", "big_gin"])
    parser.add_argument("--hands", type=int, default=2, help="hands of each preset's match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    instrument()
    measure(args.presets[:1], 1, args.seed + 1)  # a warm-up, not counted: Pyodide's compilers run first
    LONGEST_CALL.clear()
    jobs = measure(args.presets, args.hands, args.seed)
    print(f"slices of {SLICE_MS:g} ms (cut by CPU time); {sys.platform}, Python {sys.version.split()[0]}")
    print(report(jobs))


if __name__ == "__main__":
    main()
