"""Bot-versus-bot matches on mirrored deals, with a confidence interval and timings.

    python -m gin_core.tools.arena --a expert --b simple --rules eaai --games 2000 --seed 1 [--jobs N]

A long run can be played in parts, on other days or machines, and then reported as one:
``--first-pair K --save part.json.gz`` plays pairs K, K+1, ... and keeps the raw counts;
``--merge part1.json.gz part2.json.gz ...`` prints the report of all of them, which is the
report of the whole run (every pair's deals and decisions depend only on the seed and the pair
number; only the wall-clock times differ). Parts that cover a later span of pairs merge into
the report of that span. ``--merge ... --against other1.json.gz ...`` adds, for another A's
parts on the same deals, the change pair by pair (see :func:`paired`).

Every match seed is played twice with the seats swapped (A as player 0, then as player 1), so
luck of the deal cancels within a pair; the 95% intervals of A's share of matches won and of
A's net points a hand are taken over those pairs. Ties count half. A bot that returns an
illegal action forfeits the match (and the count is printed: it should always be 0). Runs use
every core by default.

The report also gives an exact two-sided sign test on the pair sweeps (pairs one bot won both
matches of) and the matches played per second. ``--budget SECONDS`` fits a run into a fixed
time: pairs are started while one more should end within it, and the report says what was
played. A saved part (``--save``, JSON, gzipped for a name ending in .gz) records the commit
it measured (``git rev-parse HEAD``, and whether tracked files differed: ``dirty``) and the
command line.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import math
import os
import random
import shlex
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from ..bots import Bot
from ..bots.base import bot_hand_bound
from ..errors import EndlessHandError
from ..match import Match
from ..presets import PRESETS, preset
from ..refusals import IllegalAction
from .ceiling import Seer
from .opponents import arena_bot, arena_names, current_name

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

COUNTS = ("matches", "hands", "hands_won", "points", "knocks", "gins", "undercuts", "illegal", "unfinished")
MAX_HANDS = 1_000
"""The most hands of an arena match: past it the match is abandoned as a tie and counted as
``unfinished`` (a match to 100 takes about 8 hands; none has come near it)."""


@dataclass
class Tally:
    """One bot's counts over some matches."""

    matches: float = 0.0
    hands: int = 0
    hands_won: int = 0
    points: int = 0
    knocks: int = 0
    gins: int = 0
    undercuts: int = 0
    illegal: int = 0
    unfinished: int = 0
    times: list[float] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.times += other.times

    def to_json(self) -> dict[str, Any]:
        return {
            **{name: getattr(self, name) for name in COUNTS},
            "times_us": [round(1e6 * t) for t in self.times],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        counts = {name: data.get(name, 0) for name in COUNTS}  # 'unfinished' is newer than some parts
        return cls(**counts, times=[t / 1e6 for t in data["times_us"]])


def match_seed(seed: int, pair: int) -> int:
    """The seed of the pair-th deal sequence of a run (independent streams per run seed)."""
    return random.Random(f"arena|{seed}|{pair}").getrandbits(35)


def play_match(names: tuple[str, str], rules_name: str, seed: int) -> tuple[Tally, Tally]:
    """One match, ``names[0]`` as player 0; a tally per seat. At most :data:`MAX_HANDS` hands
    of at most :func:`~gin_core.bots.base.bot_hand_bound` actions each, so it always ends."""
    bots = [arena_bot(n, seed) for n in names]
    rules = preset(rules_name)
    match = Match(rules, seed=seed)
    tallies = (Tally(), Tally())
    for _ in range(MAX_HANDS):
        if not play_hand(match, bots, tallies, bot_hand_bound(rules)):
            return tallies
        if match.result is not None:
            break
        match.apply("next_hand")
    tally_hands(match, tallies)
    w = match.result.winner if match.result is not None else None
    for p in (0, 1):
        tallies[p].matches += 0.5 if w is None else float(w == p)
        tallies[p].unfinished += match.result is None
    return tallies


def play_hand(match: Match, bots: list[Bot], tallies: tuple[Tally, Tally], bound: int) -> bool:
    """Play the hand under way to its end, timing each decision; False if a bot's illegal
    action forfeited the match. A hand longer than ``bound`` actions (two bots' proven bound)
    is an engine or bot error: :class:`~gin_core.errors.EndlessHandError`."""
    for _ in range(bound + 1):  # the last round only sees the end
        p = match.to_move
        if p is None:
            return True
        start = time.perf_counter()
        bot = bots[p]
        if isinstance(bot, Seer):  # a measuring bot of the ceiling is shown the hidden cards
            bot.see(match.hand, p)
        decision = bot.decide(match.view(p))
        tallies[p].times.append(time.perf_counter() - start)
        try:
            match.apply(decision.action, p)
        except IllegalAction:
            tallies[p].illegal += 1
            tallies[1 - p].matches += 1
            return False
    raise EndlessHandError(f"hand {match.deals} ({match.deal_code}) did not end within {bound} actions")


def tally_hands(match: Match, tallies: tuple[Tally, Tally]) -> None:
    """Count each finished hand's points, wins, knocks, gins and undercuts per seat."""
    for record in match.records:
        s = record.settlement
        for p in (0, 1):
            t = tallies[p]
            t.hands += 1
            t.points += record.points[p]
            if s is None:
                continue
            t.hands_won += s.winner == p
            t.knocks += s.knocker == p and s.kind in ("knock", "undercut")
            t.gins += s.knocker == p and s.kind in ("gin", "big_gin")
            t.undercuts += s.kind == "undercut" and s.winner == p


def play_pair(job: tuple[str, str, str, int, int]) -> tuple[int, Tally, Tally]:
    """Both seatings of one deal sequence: (pair, A's tally, B's tally)."""
    a, b, rules_name, seed, pair = job
    s = match_seed(seed, pair)
    a0, b1 = play_match((a, b), rules_name, s)
    b0, a1 = play_match((b, a), rules_name, s)
    a0.merge(a1)
    b1.merge(b0)
    return pair, a0, b1


@dataclass
class Budget:
    """A run's time budget: pairs are started while one more, at the pace so far, would end
    within ``seconds`` (``None``: no budget); ``clock`` is for tests."""

    seconds: float | None
    clock: Callable[[], float] = time.perf_counter
    start: float = field(init=False)

    def __post_init__(self) -> None:
        self.start = self.clock()

    def room(self, started: int, finished: int, jobs: int) -> bool:
        """Whether to start another pair, with ``started`` started and ``finished`` done on
        ``jobs`` processes: always in the first round (each process plays one pair), later if
        one more pair at the mean pace so far still ends within the budget."""
        if self.seconds is None or started < jobs:
            return True
        spent = self.clock() - self.start
        return spent + spent * jobs / max(1, finished) <= self.seconds


Job = tuple[str, str, str, int, int]
Played = tuple[int, Tally, Tally]


Progress = Callable[[list[Played]], None]
"""Called with the pairs played so far (in order) after each one ends: a long run saves as it
goes, so a run stopped early keeps every pair it finished."""


def play_pairs(
    todo: Iterator[Job], jobs: int, budget: Budget, progress: Progress | None = None
) -> list[Played]:
    """Play the pairs of ``todo`` in order, on ``jobs`` processes, while the budget has room:
    the pairs played are always consecutive (a part of a run); ``progress`` sees each prefix."""
    done: list[Played] = []
    if jobs <= 1:
        for job in todo:
            if not budget.room(len(done), len(done), 1):
                break
            done.append(play_pair(job))
            if progress is not None:
                progress(done)
        return done
    from multiprocessing import Pool  # here, not at the top: Pyodide has no processes

    with Pool(jobs) as pool:
        pending: deque[AsyncResult[Played]] = deque()
        for job in todo:
            if len(pending) == jobs:
                done.append(pending.popleft().get())
                if progress is not None:
                    progress(done)
            if not budget.room(len(done) + len(pending), len(done), jobs):
                break
            pending.append(pool.apply_async(play_pair, (job,)))
        done += [p.get() for p in pending]
    return done


def run(  # 9 parameters: the command line's, and what to do after each pair
    a: str,
    b: str,
    rules_name: str,
    games: int | None,
    seed: int,
    jobs: int,
    first_pair: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> tuple[Tally, Tally, list[float], list[list[int]]]:
    """Play ``games`` matches (rounded up to whole pairs; ``None``: as many as the budget
    allows) from pair ``first_pair`` on, stopping early when the ``budget`` runs out; A's and
    B's tallies, A's score in each pair (0, 0.25, ..., 1) and each pair's [A's net points,
    hands]."""
    if games is None and (budget is None or budget.seconds is None):
        raise ValueError("a run needs a number of games or a time budget")
    every = ((a, b, rules_name, seed, k) for k in itertools.count(first_pair))
    todo = every if games is None else itertools.islice(every, max(1, (games + 1) // 2))
    return tallied(play_pairs(todo, jobs, budget or Budget(None), progress))


def tallied(done: list[Played]) -> tuple[Tally, Tally, list[float], list[list[int]]]:
    """The pairs played, in pair order, as A's and B's tallies, A's score in each pair and
    each pair's [A's net points, hands]."""
    done = sorted(done, key=lambda d: d[0])
    ta, tb = Tally(), Tally()
    shares, nets = [], []
    for _, x, y in done:
        ta.merge(x)
        tb.merge(y)
        shares.append(x.matches / 2)
        nets.append([x.points - y.points, x.hands])
    return ta, tb, shares, nets


def interval(shares: list[float]) -> tuple[float, float, float]:
    """Mean and 95% normal interval over pair shares."""
    n = len(shares)
    mean = sum(shares) / n
    var = sum((x - mean) ** 2 for x in shares) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def points_interval(nets: list[list[int]]) -> tuple[float, float, float]:
    """A's net points a hand and its 95% interval over pairs (each pair: [net points, hands];
    the ratio of sums, its variance by the delta method). Far more hands than matches are
    played, so this shows an edge in strength long before the share of matches won can."""
    n = len(nets)
    hands = sum(h for _, h in nets)
    rate = sum(d for d, _ in nets) / hands
    if n < 2:
        return rate, rate, rate
    var = sum((d - rate * h) ** 2 for d, h in nets) / (n - 1)
    half = 1.96 * math.sqrt(var / n) / (hands / n)
    return rate, rate - half, rate + half


def points_change(mine: list[list[int]], theirs: list[list[int]]) -> tuple[float, float, float]:
    """The change of net points a hand between two players on the same pairs (each list: a
    pair's [net points, hands], in the same pair order), with its 95% interval over the pairs:
    each rate a ratio of sums, the difference's variance by the delta method, paired by pair."""
    n = len(mine)
    mine_hands, their_hands = sum(h for _, h in mine), sum(h for _, h in theirs)
    mine_rate = sum(d for d, _ in mine) / mine_hands
    their_rate = sum(d for d, _ in theirs) / their_hands
    change = mine_rate - their_rate
    if n < 2:
        return change, change, change
    terms = [
        n * (d - mine_rate * h) / mine_hands - n * (e - their_rate * g) / their_hands
        for (d, h), (e, g) in zip(mine, theirs, strict=True)
    ]
    half = 1.96 * math.sqrt(sum(t * t for t in terms) / (n - 1) / n)
    return change, change - half, change + half


def sweeps(shares: list[float]) -> tuple[int, int]:
    """(pairs A won both matches of, pairs B won both of): the pairs a sign test weighs."""
    return sum(x == 1.0 for x in shares), sum(x == 0.0 for x in shares)


def sign_test(a_sweeps: int, b_sweeps: int) -> float:
    """The exact two-sided sign test: the chance, were the bots equal (each sweep as likely
    A's as B's), of a split of the sweeps at least as lopsided as this one. Exact binomial
    sums over integers; 1.0 with no sweep."""
    n = a_sweeps + b_sweeps
    tail = sum(math.comb(n, i) for i in range(min(a_sweeps, b_sweeps) + 1))
    return float(Fraction(min(2 * tail, 2**n), 2**n))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Part:
    """Some consecutive pairs of a run, with everything its report needs (``nets``: each
    pair's net points and hands, None for parts saved before they were kept)."""

    a: str
    b: str
    rules: str
    seed: int
    first_pair: int
    ta: Tally
    tb: Tally
    shares: list[float]
    seconds: float
    nets: list[list[int]] | None = None
    commit: str | None = None
    dirty: bool | None = None
    command: str | None = None
    budget: float | None = None

    def save(self, path: str) -> None:
        """Write the part as JSON (gzipped if ``path`` ends in .gz), with the commit it measured
        and the command that played it."""
        data = {
            "a": self.a,
            "b": self.b,
            "rules": self.rules,
            "seed": self.seed,
            "first_pair": self.first_pair,
            "shares": self.shares,
            "seconds": self.seconds,
            "nets": self.nets,
            "commit": self.commit,
            "dirty": self.dirty,
            "command": self.command,
            "budget": self.budget,
            "tallies": [self.ta.to_json(), self.tb.to_json()],
        }
        with _open(path, "wt") as f:
            json.dump(data, f)

    @classmethod
    def load(cls, path: str) -> Part:
        """A saved part (parts saved before the commit, command or budget were kept have none)."""
        with _open(path, "rt") as f:
            data = json.load(f)
        ta, tb = (Tally.from_json(t) for t in data.pop("tallies"))
        return cls(**data, ta=ta, tb=tb)


def _open(path: str, mode: str) -> IO[str]:
    if path.endswith(".gz"):
        return cast(IO[str], gzip.open(path, mode, encoding="utf-8"))
    return open(path, mode, encoding="utf-8")


def git_state() -> tuple[str | None, bool | None]:
    """The commit of the tree this code runs from (``git rev-parse HEAD``) and whether tracked
    files differ from it; ``(None, None)`` outside a git checkout."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = _git(root, "rev-parse", "HEAD")
        dirty = bool(_git(root, "status", "--porcelain", "--untracked-files=no"))
    except (OSError, subprocess.CalledProcessError):
        return None, None
    return head, dirty


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def merge(parts: list[Part]) -> Part:
    """One part from parts of a run that cover consecutive pairs without a gap or overlap: the
    whole run when they start at pair 0 (a later span, e.g. the parts played after a speed-up,
    reports its own decision times). A part saved under the name of a candidate a level later
    adopted counts as that level's (:data:`.opponents.ADOPTED`)."""
    parts = sorted(parts, key=lambda p: p.first_pair)
    head = parts[0]
    whole = Part(
        current_name(head.a),
        head.b,
        head.rules,
        head.seed,
        head.first_pair,
        Tally(),
        Tally(),
        [],
        0.0,
        [] if all(part.nets is not None for part in parts) else None,
    )
    commits = dict.fromkeys(p.commit for p in parts if p.commit)
    whole.commit = " ".join(commits) or None
    whole.dirty = any(p.dirty for p in parts) if commits else None
    for part in parts:
        if (current_name(part.a), part.b, part.rules, part.seed) != (whole.a, head.b, head.rules, head.seed):
            raise ValueError(
                f"parts of different runs: {head.a}-{head.b} {head.rules} seed {head.seed}"
                f" and {part.a}-{part.b} {part.rules} seed {part.seed}"
            )
        if part.first_pair != head.first_pair + len(whole.shares):
            raise ValueError(
                f"parts must cover consecutive pairs once: pair {head.first_pair + len(whole.shares)}"
                f" is followed by a part from pair {part.first_pair}"
            )
        whole.ta.merge(part.ta)
        whole.tb.merge(part.tb)
        whole.shares += part.shares
        whole.seconds += part.seconds
        if whole.nets is not None and part.nets is not None:  # all parts have nets (see above)
            whole.nets += part.nets
    return whole


def report(part: Part) -> str:
    a, b, ta, tb, shares = part.a, part.b, part.ta, part.tb, part.shares
    mean, lo, hi = interval(shares)
    n = 2 * len(shares)
    start = f" from pair {part.first_pair}" if part.first_pair else ""
    budget = f" of a {part.budget:.0f} s budget" if part.budget else ""
    lines = [
        f"{a} (A) vs {b} (B), rules {part.rules}: {n} matches ({len(shares)} mirrored pairs{start}), "
        f"{part.seconds:.0f} s{budget} ({n / max(part.seconds, 1e-9):.2f} matches/s)",
        f"A won {ta.matches:g} of {n} matches = {100 * mean:.1f}%"
        f"  (95% CI {100 * lo:.1f}% .. {100 * hi:.1f}%)",
        "",
        f"{'bot':<10}{'matches':>9}{'hands won':>11}{'pts/hand':>10}{'knocks':>8}{'gins':>7}"
        f"{'undercuts':>11}{'illegal':>9}{'ms mean':>9}{'ms p95':>8}{'ms max':>8}",
    ]
    for label, name, t in (("A", a, ta), ("B", b, tb)):
        times = [1000 * x for x in t.times]
        lines.append(
            f"{label + ' ' + name:<10}{t.matches:>9g}{t.hands_won:>11}{t.points / max(1, t.hands):>10.2f}"
            f"{t.knocks:>8}{t.gins:>7}{t.undercuts:>11}{t.illegal:>9}"
            f"{sum(times) / max(1, len(times)):>9.2f}{percentile(times, 0.95):>8.2f}"
            f"{max(times, default=0):>8.2f}"
        )
    net = f"net points per hand for A: {(ta.points - tb.points) / max(1, ta.hands):+.2f}"
    if part.nets:
        _, lo, hi = points_interval(part.nets)
        net += f"  (95% CI {lo:+.2f} .. {hi:+.2f})"
    lines.append(f"hands played: {ta.hands}; {net}")
    if ta.unfinished:
        lines.append(f"matches abandoned after {MAX_HANDS} hands (counted as ties): {ta.unfinished}")
    won_a, won_b = sweeps(shares)
    lines.append(
        f"pair sweeps (one bot won both matches): A {won_a}, B {won_b}; "
        f"exact two-sided sign test p = {sign_test(won_a, won_b):.4g}"
    )
    if part.commit:
        lines.append(f"commit {part.commit}{' (tree with changes)' if part.dirty else ''}")
    if part.command:
        lines.append(f"command: {part.command}")
    return "\n".join(lines)


def paired(run: Part, other: Part) -> str:
    """``run`` pair by pair against ``other``, another A on the same deals (same B, rules and
    seed): the pairs both played, how many ``run`` did better and worse on, the exact sign test
    on those, and the mean change of a pair's share with its 95% interval. The same deals take
    most of the luck out, so a change shows in far fewer pairs than two runs' shares compare."""
    if (run.b, run.rules, run.seed) != (other.b, other.rules, other.seed):
        raise ValueError(
            f"not the same deals: against {run.b} {run.rules} seed {run.seed}"
            f" and against {other.b} {other.rules} seed {other.seed}"
        )
    mine = dict(enumerate(run.shares, run.first_pair))
    theirs = dict(enumerate(other.shares, other.first_pair))
    common = sorted(mine.keys() & theirs.keys())
    if not common:
        raise ValueError(f"no pair in common: {run.a}'s and {other.a}'s runs played other pairs")
    theirs_won = sum(theirs[k] for k in common) / len(common)
    mine_won = sum(mine[k] for k in common) / len(common)
    line = (
        f"pair by pair against {other.a} on pairs {common[0]}-{common[-1]} ({2 * len(common)} matches):"
        f" A won {100 * mine_won:.1f}%, {other.a} {100 * theirs_won:.1f}%;"
        f" A {change_summary([mine[k] - theirs[k] for k in common])}"
    )
    if run.nets is None or other.nets is None:
        return line
    my_nets = dict(enumerate(run.nets, run.first_pair))
    their_nets = dict(enumerate(other.nets, other.first_pair))
    return f"{line}; {points_summary([my_nets[k] for k in common], [their_nets[k] for k in common])}"


def points_summary(mine: list[list[int]], theirs: list[list[int]]) -> str:
    """:func:`points_change` in words. Net points a hand count every hand and a share only each
    match's end, so a change can show in one and not the other (session 44: the expert with
    twice the credit lost points a hand against ``simple`` and no share of matches)."""
    change, lo, hi = points_change(mine, theirs)
    return f"change of net points a hand {change:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})"


def change_summary(changes: list[float]) -> str:
    """Changes of a pair's share (one player's minus another's on the same deals) in words:
    the pairs better, worse and the same, the exact sign test on the better and worse, and the
    mean change with its 95% interval over the pairs (each pair a draw: clustered by pair)."""
    better, worse = sum(x > 0 for x in changes), sum(x < 0 for x in changes)
    mean, lo, hi = interval(changes)
    return (
        f"better on {better} pairs, worse on {worse}, the same on {len(changes) - better - worse};"
        f" exact two-sided sign test p = {sign_test(better, worse):.4g};"
        f" change of a pair's share {100 * mean:+.1f} points (95% CI {100 * lo:+.1f} .. {100 * hi:+.1f})"
    )


def play(args: argparse.Namespace, command: str) -> Part:
    """The part the command line asks for, played, with its commit and command (saved if
    asked)."""
    games = args.games if args.games is not None or args.budget else 200
    commit, dirty = git_state()
    start = time.perf_counter()
    budget = Budget(args.budget)

    def part(ta: Tally, tb: Tally, shares: list[float], nets: list[list[int]]) -> Part:
        seconds = time.perf_counter() - start
        p = Part(args.a, args.b, args.rules, args.seed, args.first_pair, ta, tb, shares, seconds, nets)
        p.commit, p.dirty, p.command, p.budget = commit, dirty, command, args.budget
        return p

    def saved(done: list[Played]) -> None:
        part(*tallied(done)).save(args.save)

    p = part(
        *run(
            args.a,
            args.b,
            args.rules,
            games,
            args.seed,
            args.jobs,
            args.first_pair,
            budget,
            saved if args.save else None,
        )
    )
    if args.save:
        p.save(args.save)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gin_core.tools.arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--a", choices=arena_names())
    parser.add_argument("--b", choices=arena_names())
    parser.add_argument("--rules", default="eaai", choices=sorted(PRESETS))
    parser.add_argument(
        "--games",
        type=int,
        help="matches (rounded up to an even number; default 200, or no limit with --budget)",
    )
    parser.add_argument(
        "--budget", type=float, metavar="SECONDS", help="start pairs only while they fit in this time"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--first-pair", type=int, default=0, help="play pairs from this one on (a part of a run)"
    )
    parser.add_argument(
        "--save", metavar="PATH", help="keep the raw counts, commit and command (.json, or .json.gz)"
    )
    parser.add_argument("--merge", nargs="+", metavar="PATH", help="report saved parts as one run")
    parser.add_argument(
        "--against",
        nargs="+",
        metavar="PATH",
        help="with --merge: another A's parts on the same deals, compared pair by pair",
    )
    args = parser.parse_args(argv)
    if args.against and not args.merge:
        parser.error("--against compares saved parts: give the run's own with --merge")
    comparison = None
    if args.merge:
        try:
            p = merge([Part.load(path) for path in args.merge])
            if args.against:
                comparison = paired(p, merge([Part.load(path) for path in args.against]))
        except ValueError as e:
            parser.error(str(e))
    else:
        if not (args.a and args.b):
            parser.error("--a and --b are required (or --merge)")
        p = play(args, shlex.join(["python", "-m", "gin_core.tools.arena", *(argv or sys.argv[1:])]))
    print(report(p))
    if comparison:
        print(comparison)
    return 1 if p.ta.illegal or p.tb.illegal else 0


if __name__ == "__main__":
    sys.exit(main())
