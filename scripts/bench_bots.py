"""Run the bot strength benchmarks and keep each arena report in benchmarks/runs/.

    python scripts/bench_bots.py                 # every run below (many CPU-hours, see bots.md)
    python scripts/bench_bots.py hard-simple     # some of them, by name
    python scripts/bench_bots.py hard-simple --games 1000   # fewer matches than listed
    python scripts/bench_bots.py expert-simple --part 3/8    # the third eighth of a long run
    python scripts/bench_bots.py --list

Each run is one ``python -m gin_core.tools.arena`` command, printed at the top of its report so a
figure in benchmarks/bots.md can be traced to the exact command that produced it. A run too long
for one sitting is played in parts (``--part K/N``: the K-th of N equal slices of its pairs),
each kept in ``runs/parts/`` with its own report; once all N are there, the report of the whole
run is written from them (``python -m gin_core.tools.arena --merge``), headed by every part's command.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "runs"
PARTS = OUT / "parts"

# name: (bot A, bot B, preset, matches)
RUNS = {
    "expert-simple": ("expert", "simple", "eaai", 2000),
    "hard-simple": ("hard", "simple", "eaai", 2000),
    "standard-simple": ("standard", "simple", "eaai", 2000),
    "beginner-simple": ("beginner", "simple", "eaai", 2000),
    "standard-beginner": ("standard", "beginner", "eaai", 2000),
    "hard-standard": ("hard", "standard", "eaai", 200),
    "expert-hard": ("expert", "hard", "eaai", 1000),
    # issue 26's targets: the strongest level against the frozen hard level and the gin hunter
    "expert-hard0": ("expert", "hard0", "eaai", 2000),
    "expert-hunter": ("expert", "hunter", "eaai", 2000),
    # issue 46: the ceiling, the expert shown the hidden cards (gin_core/tools/ceiling.py)
    **{f"{c}-{b}": (c, b, "eaai", 2000) for c in ("seer", "oracle") for b in ("simple", "hunter", "hard0")},
    **{
        f"soak-{p}": ("standard", "beginner", p, 200)
        for p in ("classic", "winner_deals", "no_upcard", "tournament", "big_gin")
    },
    "soak-openspiel": ("standard", "beginner", "openspiel", 2000),  # one hand a match
}


def command(name: str, games: int | None = None, part: tuple[int, int] | None = None) -> list[str]:
    """The arena command of a run, or of its ``part`` = (K, N), which saves its counts."""
    a, b, rules, listed = RUNS[name]
    games = games or listed
    cmd = [
        sys.executable,
        "-m",
        "gin_core.tools.arena",
        "--a",
        a,
        "--b",
        b,
        "--rules",
        rules,
        "--games",
        str(games),
        "--seed",
        "1",
    ]
    if part is None:
        return cmd
    k, n = part
    pairs = (games + 1) // 2
    first, stop = pairs * (k - 1) // n, pairs * k // n
    cmd[cmd.index("--games") + 1] = str(2 * (stop - first))
    return cmd + ["--first-pair", str(first), "--save", str(part_path(name, k, n))]


def part_path(name: str, k: int, n: int, suffix: str = ".json.gz") -> Path:
    """Where part K of N of a run keeps its counts (or, with ``suffix=".txt"``, its report)."""
    return PARTS / f"{name}-{k}-of-{n}{suffix}"


def parse_part(text: str) -> tuple[int, int]:
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise argparse.ArgumentTypeError(f"a part is K/N with 1 <= K <= N, not {text!r}")
    return int(k), int(n)


def shown(cmd: list[str]) -> str:
    return " ".join(
        ["python", *(str(Path(c).relative_to(ROOT)) if c.startswith(str(ROOT)) else c for c in cmd[1:])]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="runs to do (default: all)")
    parser.add_argument("--list", action="store_true", help="print the runs and their commands")
    parser.add_argument("--games", type=int, help="matches per run instead of the listed number")
    parser.add_argument("--part", type=parse_part, metavar="K/N", help="play only the K-th of N parts")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in RUNS]
    if unknown:
        parser.error(f"no such run: {', '.join(unknown)} (see --list)")
    names = args.names or list(RUNS)
    if args.list:
        for n in names:
            print(f"{n:20} {shown(command(n, args.games, args.part))}")
        return 0
    PARTS.mkdir(parents=True, exist_ok=True)
    failed = 0
    for n in names:
        cmd = command(n, args.games, args.part)
        print(f"== {n}: {shown(cmd)}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        print(done.stdout, done.stderr, f"({time.perf_counter() - start:.0f} s)", sep="", flush=True)
        failed |= done.returncode != 0
        text = f"$ {shown(cmd)}\n{done.stdout}{done.stderr}"
        if args.part is None:
            (OUT / f"{n}.txt").write_text(text)
        else:
            k, of = args.part
            part_path(n, k, of, suffix=".txt").write_text(text)
            if not done.returncode:
                failed |= write_merged(n, args.games, args.part[1])
    return 1 if failed else 0


def write_merged(name: str, games: int | None, n: int) -> bool:
    """Write the whole run's report once all ``n`` parts are saved; True if merging failed."""
    paths = [part_path(name, k, n) for k in range(1, n + 1)]
    if not all(p.exists() for p in paths):
        print(f"{sum(p.exists() for p in paths)} of {n} parts of {name} saved")
        return False
    cmd = [sys.executable, "-m", "gin_core.tools.arena", "--merge", *map(str, paths)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    heads = "".join(f"$ {shown(command(name, games, (k, n)))}\n" for k in range(1, n + 1))
    (OUT / f"{name}.txt").write_text(f"{heads}$ {shown(cmd)}\n{done.stdout}{done.stderr}")
    print(done.stdout, done.stderr, sep="")
    return done.returncode != 0


if __name__ == "__main__":
    sys.exit(main())
