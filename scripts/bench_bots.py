"""Run the bot strength benchmarks and keep each arena report in benchmarks/runs/.

    python scripts/bench_bots.py                 # every run below (many CPU-hours, see bots.md)
    python scripts/bench_bots.py hard-simple     # some of them, by name
    python scripts/bench_bots.py hard-simple --games 1000   # fewer matches than listed
    python scripts/bench_bots.py --list

Each run is one ``python -m gin_core.arena`` command, printed at the top of its report so a
figure in benchmarks/bots.md can be traced to the exact command that produced it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "runs"

# name: (bot A, bot B, preset, matches)
RUNS = {
    "expert-simple": ("expert", "simple", "eaai", 2000),
    "hard-simple": ("hard", "simple", "eaai", 2000),
    "standard-simple": ("standard", "simple", "eaai", 2000),
    "beginner-simple": ("beginner", "simple", "eaai", 2000),
    "standard-beginner": ("standard", "beginner", "eaai", 2000),
    "hard-standard": ("hard", "standard", "eaai", 200),
    "expert-hard": ("expert", "hard", "eaai", 200),
    **{f"soak-{p}": ("standard", "beginner", p, 200)
       for p in ("classic", "winner_deals", "no_upcard", "tournament", "big_gin")},
    "soak-openspiel": ("standard", "beginner", "openspiel", 2000),  # one hand a match
}


def command(name: str, games: int | None = None) -> list[str]:
    a, b, rules, listed = RUNS[name]
    games = games or listed
    return [sys.executable, "-m", "gin_core.arena", "--a", a, "--b", b, "--rules", rules,
            "--games", str(games), "--seed", "1"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="runs to do (default: all)")
    parser.add_argument("--list", action="store_true", help="print the runs and their commands")
    parser.add_argument("--games", type=int, help="matches per run instead of the listed number")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in RUNS]
    if unknown:
        parser.error(f"no such run: {', '.join(unknown)} (see --list)")
    names = args.names or list(RUNS)
    if args.list:
        for n in names:
            print(f"{n:20} {' '.join(['python', *command(n, args.games)[1:]])}")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    failed = 0
    for n in names:
        cmd = command(n, args.games)
        shown = " ".join(["python", *cmd[1:]])
        print(f"== {n}: {shown}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        report = f"$ {shown}\n{done.stdout}{done.stderr}"
        (OUT / f"{n}.txt").write_text(report)
        print(done.stdout, done.stderr, f"({time.perf_counter() - start:.0f} s)", sep="", flush=True)
        failed |= done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
