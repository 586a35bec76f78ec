"""How long duplicate scoring of a daily takes: total CPU time and the longest slice.

    .venv/bin/python scripts/bench_duplicate.py [--days 3] [--first 2026-11-23] [--player standard]

Each day's match (classic, to 100) is first played by a bot in the player's seat against the
daily's opponent; then the expert replays every hand (gin_core.analysis.duplicate) and the time of each
slice is measured in CPU time of this process (other processes on a busy machine do not
count). Pyodide runs Python about 2-3x slower than CPython.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ginweb.daily import record as daily  # noqa: E402

from gin_core import Match, preset  # noqa: E402
from gin_core.analysis.duplicate import EXPERT, duplicate_line  # noqa: E402
from gin_core.bots import make_bot  # noqa: E402


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


def measure(day: datetime.date, player: str, level: str) -> tuple[int, float, float, int]:
    """(hands, total seconds, longest slice in seconds, slices) of the day's duplicate line."""
    match = play(day, player)
    work = duplicate_line(match.rules, match.records, 0, daily.match_seed(day), daily.opponent(day), level)
    slices, longest, total = 0, 0.0, 0.0
    while True:
        start = time.process_time()
        try:
            next(work)
        except StopIteration as done:
            total += time.process_time() - start
            line = done.value
            break
        took = time.process_time() - start
        total, longest, slices = total + took, max(longest, took), slices + 1
    print(
        f"{day} Daily #{daily.number(day)}: {len(line.hands)} hands, {total:.1f} s, {slices} slices, "
        f"longest {1000 * longest:.0f} ms, difference {line.difference:+d}",
        flush=True,
    )
    return len(line.hands), total, longest, slices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--first", default=daily.FIRST_DAY.isoformat())
    parser.add_argument("--player", default="standard")
    parser.add_argument("--level", default=EXPERT, help="the level that replays the player's seat")
    args = parser.parse_args()
    first = datetime.date.fromisoformat(args.first)
    runs = [measure(first + datetime.timedelta(days=i), args.player, args.level) for i in range(args.days)]
    hands = sum(r[0] for r in runs)
    total = sum(r[1] for r in runs)
    print(
        f"mean {total / len(runs):.1f} s a daily, {total / hands:.2f} s a hand, "
        f"longest slice {1000 * max(r[2] for r in runs):.0f} ms (CPython {sys.version.split()[0]})"
    )


if __name__ == "__main__":
    main()
