"""Learn the knock's undercut risk (gin_core/bots/undercut_risk.py) from simulated matches.

Plays matches to 100 under ``eaai`` between several pairs of players (the hunter, standard,
simple and expert, in both seats) and, at every turn where a player may knock short of gin,
records the model's public inputs for the standard level's best knock (the knock the search
levels weigh) and whether the other player's real hand would undercut it (this script sees
it; the model's inputs do not). Fits a logistic regression on the matches of four seeds in
five, writes its coefficients to gin_core/bots/undercut_data.py (``--write``), and prints its
calibration on the fifth (foreseen risk against the measured rate, by decile and by
opponent). Usage: ``python scripts/learn_knocks.py [--scale S] [--write] [--rows PATH]``
(``--scale`` multiplies every configuration's matches; ``--rows`` keeps or reuses the rows;
``--configs 0,2 --rows part.json.gz`` plays some configurations only, so that several
processes share the work, and a later ``--rows part1.json.gz part2.json.gz ...`` fits them all).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import time
from collections.abc import Iterator

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.rollout import score
from gin_core.bots.standard import best_knock
from gin_core.bots.undercut_risk import FEATURES, features, logistic
from gin_core.cards import mask_of
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView

CONFIGS = (
    ("standard", "hunter", 120),
    ("simple", "hunter", 60),
    ("standard", "simple", 60),
    ("standard", "standard", 60),
    ("expert", "hunter", 2),
    ("expert", "standard", 2),
    ("expert", "simple", 2),
)
"""(one player, the other, matches at scale 1); each seat's knock chances are recorded."""

Row = tuple[list[float], int, str, int]  # inputs, undercut (0/1), the opponent's name, match seed


def can_knock(view: PlayerView) -> bool:
    """True if a knock short of gin is allowed and no gin is."""
    kinds = {a.kind for a in view.legal_actions}
    return ActionKind.KNOCK in kinds and not kinds & {ActionKind.GIN, ActionKind.BIG_GIN}


def match_rows(names: tuple[str, str], seed: int) -> Iterator[Row]:
    """Every knock chance of one match, from either seat's side."""
    bots = [arena_bot(n, seed + p) for p, n in enumerate(names)]
    match = Match(preset("eaai"), seed=seed)
    while match.result is None:
        while (p := match.to_move) is not None:
            view = match.view(p)
            if can_knock(view):
                knock = best_knock(view, Knowledge.of(view))
                assert knock is not None and knock.card is not None
                mine = mask_of(view.hand) & ~knock.card.bit
                real = mask_of(match.hand.hands[1 - p])
                undercut = score(view.rules, [mine, real], 0) < 0
                yield list(features(view, mine)), int(undercut), names[1 - p], seed
            match.apply(bots[p].decide(view).action)
        if match.result is None:
            match.apply("next_hand")


def simulate(scale: float, configs: list[int]) -> list[Row]:
    """The rows of the configurations numbered ``configs`` (in :data:`CONFIGS`)."""
    rows: list[Row] = []
    for k in configs:
        a, b, n = CONFIGS[k]
        start = time.perf_counter()
        for m in range(max(1, round(n * scale))):
            rows += match_rows((a, b) if m % 2 == 0 else (b, a), 10_000 * (k + 1) + m)
        print(f"{a} v {b}: {len(rows)} rows so far, {time.perf_counter() - start:.0f} s", flush=True)
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[Row], ridge: float = 1.0, rounds: int = 12) -> list[float]:
    """Logistic regression by Newton's method, an L2 ridge on every weight but the bias."""
    k = len(FEATURES)
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y, _, _ in rows:
            p = logistic(tuple(w), tuple(x))
            g, h = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
            if i:
                grad[i] += ridge * w[i]
                hess[i][i] += ridge
        step = solve(hess, grad)
        w = [a - s for a, s in zip(w, step, strict=True)]
    return w


def calibration(rows: list[Row], w: list[float]) -> str:
    """Held-out knock chances by decile of foreseen risk: foreseen mean against measured rate;
    then by opponent; then the log loss against a constant rate."""
    scored = sorted((logistic(tuple(w), tuple(x)), y, who) for x, y, who, _ in rows)
    n = len(scored)
    out = [
        "| decile | knock chances | foreseen risk (range) | foreseen (mean) | undercut in fact |",
        "| --- | --- | --- | --- | --- |",
    ]
    for d in range(10):
        part = scored[d * n // 10 : (d + 1) * n // 10]
        seen = sum(p for p, _, _ in part) / len(part)
        real = sum(y for _, y, _ in part) / len(part)
        half = 1.96 * math.sqrt(max(real * (1 - real), 1e-9) / len(part))
        out.append(
            f"| {d + 1} | {len(part)} | {100 * part[0][0]:.1f}-{100 * part[-1][0]:.1f}% | {100 * seen:.1f}% "
            f"| {100 * real:.1f}% (±{100 * half:.1f}) |"
        )
    out += [
        "",
        "| opponent | knock chances | foreseen (mean) | undercut in fact |",
        "| --- | --- | --- | --- |",
    ]
    for who in sorted({w for _, _, w in scored}):
        theirs = [(p, y) for p, y, x in scored if x == who]
        out.append(
            f"| {who} | {len(theirs)} | {100 * sum(p for p, _ in theirs) / len(theirs):.1f}% "
            f"| {100 * sum(y for _, y in theirs) / len(theirs):.1f}% |"
        )
    base = sum(y for _, y, _ in scored) / n
    loss = -sum(math.log(p if y else 1 - p) for p, y, _ in scored) / n
    flat = -sum(math.log(base if y else 1 - base) for _, y, _ in scored) / n
    out.append(
        f"\nheld-out log loss {loss:.4f} against {flat:.4f} for the flat rate {100 * base:.1f}% ({n} chances)"
    )
    return "\n".join(out)


def write(w: list[float]) -> None:
    """Write the coefficients, one a line named by its input, as gin_core/bots/undercut_data.py."""
    path = os.path.join(os.path.dirname(__file__), "..", "gin_core", "bots", "undercut_data.py")
    lines = "".join(f"    {x:.4f},  # {name}\n" for name, x in zip(FEATURES, w, strict=True))
    text = (
        '"""Generated by scripts/learn_knocks.py: the coefficients of :mod:`.undercut_risk`, one per\n'
        ":data:`~.undercut_risk.FEATURES` name. Do not edit: ``python scripts/learn_knocks.py --write``\n"
        '(its command and calibration: benchmarks/runs/knock-model.txt)."""\n\n'
        f"COEFFICIENTS: tuple[float, ...] = (\n{lines})\n"
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument(
        "--rows",
        nargs="+",
        default=[],
        help=".json.gz files of rows: read if they all exist, else the first is written",
    )
    parser.add_argument("--configs", help="play only these configurations (numbers, e.g. 0,2) and stop")
    parser.add_argument("--write", action="store_true", help="write gin_core/bots/undercut_data.py")
    args = parser.parse_args()
    if args.rows and all(os.path.exists(path) for path in args.rows):
        rows = []
        for path in args.rows:
            with gzip.open(path, "rt") as f:
                rows += [tuple(r) for r in json.load(f)]
    else:
        configs = [int(k) for k in args.configs.split(",")] if args.configs else list(range(len(CONFIGS)))
        rows = simulate(args.scale, configs)
        if args.rows:
            with gzip.open(args.rows[0], "wt") as f:
                json.dump(rows, f)
        if args.configs:
            return
    train = [r for r in rows if r[3] % 5]
    test = [r for r in rows if not r[3] % 5]
    w = fit(train)
    print("coefficients:", ", ".join(f"{n} {x:+.4f}" for n, x in zip(FEATURES, w, strict=True)))
    print(calibration(test, w))
    if args.write:
        write(w)


if __name__ == "__main__":
    main()
