"""How long the daily's duplicate replays take where the page runs them: each hand's replay and
the longest slice, per level, in the page's slices.

    .venv/bin/python scripts/bench_duplicate.py [--days 3] [--first 2026-11-23] [--player standard]
        [--levels expert expert1x] [--hands N]
    node scripts/bench_duplicate_pyodide.mjs [the same options]      # where the page runs them

Each day's match (classic, to 100) is first played by a bot in the player's seat against the
daily's opponent; then each level replays every hand as the page does (``replay_hand``, the
bots slicing at the page's ``SLICE_MS``, seeded as ``ginweb.daily.play`` seeds them), the levels
taking turns hand by hand so that a change of the machine's load falls on all of them alike.
The first level is the baseline of the ratios (``expert1x``, arena-only, is the expert at its
budget before issue 46's 4x). A slice is timed by this process's CPU time; in Pyodide by the
wall clock (its process clock is a 32-bit count that overflows after about 36 minutes).

The page runs a replay a slice per frame while the table is idle, so a hand's replay is ready
about its thinking plus a frame's pause per slice after the hand ends; the last hand's is
what a player who opens the daily's result waits for to see the duplicate total.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ginweb.daily import record as daily  # noqa: E402
from ginweb.kit.background import SLICE_MS  # noqa: E402

from gin_core import Match, preset  # noqa: E402
from gin_core.analysis.duplicate import Replaying, dealt_hands, expert_seed, replay_hand  # noqa: E402
from gin_core.bots import Bot, make_bot  # noqa: E402
from gin_core.tools.opponents import OPPONENTS  # noqa: E402


def clock() -> float:
    """This process's CPU time; in Pyodide the wall clock (see the module's docstring)."""
    return time.perf_counter() if sys.platform == "emscripten" else time.process_time()


@dataclass
class Replays:
    """One level's replays: each hand's thinking (its slices summed), slices and longest slice."""

    thinking: list[float] = field(default_factory=list)
    slices: list[int] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)

    def add(self, slices: list[float]) -> None:
        self.thinking.append(sum(slices))
        self.slices.append(len(slices))
        self.longest.append(max(slices, default=0.0))


def play(day: datetime.date, player: str) -> Match:
    """The day's match, ``player`` (a bot level) in seat 0 against the daily's opponent."""
    seed = daily.match_seed(day)
    match = Match(preset(daily.PRESET), seed=seed)
    bots = [make_bot(player, 1), make_bot(daily.LEVEL, daily.bot_seed(day))]
    while match.result is None:
        p = match.to_move
        if p is None:
            match.apply("next_hand")
            continue
        match.apply(bots[p].decide(match.view(p)).action, p)
    return match


def replayer(level: str, seed: int) -> Bot:
    """A level of the page, or an arena-only expert, slicing its thinking as the page does."""
    arena_only = OPPONENTS.get(level)
    return make_bot(level, seed, SLICE_MS) if arena_only is None else arena_only(seed, SLICE_MS)


def timed_slices(work: Replaying) -> list[float]:
    """Run a replay to its end; the seconds of each of its slices."""
    slices = []
    while True:
        start = clock()
        try:
            next(work)
        except StopIteration:
            slices.append(clock() - start)
            return slices
        slices.append(clock() - start)


def measure(
    days: list[datetime.date], player: str, levels: list[str], hands: int | None = None
) -> dict[str, Replays]:
    """Each level's replays of the first ``hands`` hands (all by default) of each day's match."""
    out = {level: Replays() for level in levels}
    for day in days:
        match = play(day, player)
        for hand in dealt_hands(match.records, daily.SEAT)[:hands]:
            for level in levels:
                expert = replayer(level, expert_seed(daily.match_seed(day), hand.number))
                rival = make_bot(*daily.opponent(day), SLICE_MS)
                out[level].add(timed_slices(replay_hand(match.rules, hand, daily.SEAT, expert, rival)))
        print(f"{day} Daily #{daily.number(day)}: {len(match.records)} hands", flush=True)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(times: dict[str, Replays], days: int) -> str:
    """A Markdown table: per level, a hand's replay (p50, p95, max) and a daily's (the mean),
    slices a hand, the longest slice (p50 of the hands', max), ratios to the first level."""
    base = next(iter(times.values()))

    def cell(value: float, of_base: float) -> str:
        return f"{value:.2f} s ({value / of_base:.2f}x)"

    rows = [
        "level | hands | a hand's replay p50 | p95 | max | a daily's (mean) | slices a hand (mean) "
        "| longest slice p50 | max"
    ]
    for level, t in times.items():
        rows.append(
            " | ".join(
                [
                    level,
                    str(len(t.thinking)),
                    cell(statistics.median(t.thinking), statistics.median(base.thinking)),
                    cell(pct(t.thinking, 0.95), pct(base.thinking, 0.95)),
                    cell(max(t.thinking), max(base.thinking)),
                    cell(sum(t.thinking) / days, sum(base.thinking) / days),
                    f"{statistics.mean(t.slices):.0f}",
                    f"{1000 * statistics.median(t.longest):.1f} ms",
                    f"{1000 * max(t.longest):.1f} ms",
                ]
            )
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--first", default=daily.FIRST_DAY.isoformat())
    parser.add_argument("--player", default="standard")
    parser.add_argument("--levels", nargs="+", default=["expert1x", "expert"], help="the first: the baseline")
    parser.add_argument("--hands", type=int, default=None, help="replay only each day's first N hands")
    args = parser.parse_args(argv)
    first = datetime.date.fromisoformat(args.first)
    days = [first + datetime.timedelta(days=i) for i in range(args.days)]
    times = measure(days, args.player, args.levels, args.hands)
    print(f"slices of {SLICE_MS:g} ms; {sys.platform}, Python {sys.version.split()[0]}")
    print(report(times, args.days))


if __name__ == "__main__":
    main()
