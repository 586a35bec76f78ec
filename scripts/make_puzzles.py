"""Make the puzzle set: decisions from self-play and from the coach's flagged mistakes, each
verified at ten times the hint's search (see :mod:`gin_core.puzzles.verify`).

    nice -n 10 python scripts/make_puzzles.py run --parts benchmarks/runs/puzzles --until 01:55
    python scripts/make_puzzles.py assemble --parts benchmarks/runs/puzzles

``run`` plays matches (seats mixed from beginner, standard and hard, so that mistakes and hard
decisions both occur; mostly the default rules with a target, some other presets, some one-hand
matches; the scores move as each match goes on) and every few matches a one-hand match of the
beginner whose decisions the coach flags as mistakes. Each candidate decision goes through: a
prefilter (one ordinary hint: the top two must differ by 3/4 of the verification's minimum), a
balance check (a decision kind already at its share is skipped, and 65% of the candidates
whose hint answer the beginner level plays, so that the set is not mostly easy; with ``--hard``,
the matches seat the expert against the hard or the standard level (no coach matches) and every
candidate whose hint answer the beginner or the standard level plays is skipped), then the verification of
the hint's top three moves. Verified puzzles are appended to a part file as they come (one file per
chunk of matches, so a stop loses nothing); the running counts and times are printed as a JSON
line after each match.
``assemble`` writes ``gin_core/puzzle_data.py`` from the parts (duplicates dropped) and folds the
daily puzzle's ledger over it (``shipped_set.py``, as every writer of the set). New puzzles
for the set as it is are made with ``run --parts <a new folder> --seed <unused seeds> --kinds ...``
(``--themes waited_too_long`` for the knocks that hold most often: 96 of 118 checked at the
deeper budget, against 201 of 424 "knocked too early"; ``--kinds draw,upcard --wide 0.8`` for
the draws and upcards that hold more often: the set's held 31 times in 33 with a margin of 8
points of match-win chance or more, against 4 in 40 below 5, and such a run's new ones 59 in
107, the hunter playing on stopping most of the rest: benchmarks/verdicts.md, session 31) and
go in only once the reference check finds them robust
(``scripts/reference_verdicts.py puzzles --parts``, then ``prune --admit``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import subprocess
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from shipped_set import DATA, write_set

from gin_core import Match, Rules, preset
from gin_core.actions import ENDING
from gin_core.analysis.coach import MistakeKind, diagnose, review, same_move
from gin_core.analysis.replay import position as replay_position
from gin_core.bots import hint, make_bot
from gin_core.bots.base import Candidate
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import (
    EASY_MARGIN_POINTS,
    EASY_MARGIN_WIN,
    VERIFIED_MOVES,
    DecisionKind,
    MoveValue,
    Puzzle,
    decision_kind,
    format_line,
    rating_for,
)
from gin_core.puzzles.verify import MIN_POINTS, MIN_WIN, Verification, verify
from gin_core.tools.hands import played_match
from gin_core.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("beginner", "standard", "hard", "expert")
SEATS = (("beginner", "hard"), ("standard", "hard"), ("beginner", "standard"), ("hard", "standard"))
HARD_SEATS = (("expert", "hard"), ("hard", "expert"), ("standard", "expert"), ("expert", "standard"))
RULES = (
    *[Rules()] * 6,
    preset("classic"),
    preset("tournament"),
    preset("no_upcard"),
    preset("big_gin"),
    preset("winner_deals"),
    Rules().replace(target=None),
)
SHARE = {DecisionKind.DRAW: 0.3, DecisionKind.UPCARD: 0.15, DecisionKind.DISCARD: 0.45}
TAKE = 0.3  # the share of a self-play match's decisions tried (all where a knock or gin is legal)
EASY_KEEP = 0.35  # the share kept of the candidates whose hint answer the beginner plays
PREFILTER = 0.75  # the hint's top two must differ by this share of the verification's minimum


def score(c: Candidate) -> float:
    return c.value if c.win is None else c.win


def match_views(seed: int, seats: tuple[tuple[str, str], ...] = SEATS) -> Iterator[PlayerView]:
    """Some decisions of a self-play match (seats and rules picked by the seed)."""
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    names = seats[seed // len(RULES) % len(seats)]
    bots = [make_bot(names[0], seed), make_bot(names[1], seed + 1)]
    m = Match(rules, seed=seed)
    while m.phase != "match_over" and m.deals < 8:
        if m.phase == "hand_over":
            m.apply("next_hand")
            continue
        p = m.to_move
        assert p is not None
        v = m.view(p)
        ends = any(a.kind in ENDING for a in v.legal_actions)
        if len(v.legal_actions) > 1 and (ends or rng.random() < TAKE):
            yield v
        m.apply(bots[p].decide(v).action, p)


def coach_views(seed: int) -> Iterator[PlayerView]:
    """The decisions the coach flags in a one-hand match of the beginner against the standard."""
    m = played_match(seed, "beginner")
    for verdict in review(m, 1).mistakes:
        yield replay_position(m, 1, verdict.move_index).view(0)


def lowest_level(view: PlayerView, best: str, seed: int) -> str | None:
    """The lowest level whose move is the answer (``None`` if none is)."""
    for name in LEVELS:
        if str(make_bot(name, seed).decide(view).action).split(" ")[:2] == best.split(" ")[:2]:
            return name
    return None


class Maker:
    """Counts, the kinds made so far, and the part file verified puzzles go to."""

    def __init__(
        self,
        out: Path,
        target: int,
        hard: bool = False,
        only: tuple[str, ...] = (),
        themes: tuple[str, ...] = (),
        wide: float = 0.0,
    ):
        self.out, self.target, self.hard, self.only, self.themes = out, target, hard, only, themes
        self.wide = wide  # the least gap of the hint's top two, as a share of a plain margin
        self.counts: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.seen: set[str] = set()
        self.seconds = 0.0

    def report(self, seed: int, commit: str) -> None:
        """Print the running counts (after each match, and every ten candidates)."""
        stats = {"seed": seed, "commit": commit, **self.counts, "seconds": round(self.seconds, 1)}
        print(json.dumps(stats), flush=True)

    def full(self, kind: DecisionKind) -> bool:
        return kind in SHARE and self.kinds[kind] >= SHARE[kind] * self.target

    def reject(self, why: str) -> Puzzle | None:
        """Count a candidate dropped, and why (a ``None`` for :meth:`try_view` to return)."""
        self.counts[why] += 1
        return None

    def try_view(self, view: PlayerView, seed: int) -> Puzzle | None:
        """Prefilter, balance and verify one decision; the puzzle if it passes."""
        self.counts["candidates"] += 1
        pos = Position.of(view)
        if pos.code in self.seen:
            return self.reject("duplicate")
        self.seen.add(pos.code)
        found = sorted(hint(view, seed), key=lambda c: -score(c))
        why = self.skipped(view, pos, found, seed)
        if why is not None:
            return self.reject(why)
        self.counts["verified"] += 1
        checked = verify(view, tuple(c.action for c in found[:VERIFIED_MOVES]))
        if not checked.stable:
            return self.reject("unstable_best")
        if not checked.passed:
            return self.reject("margin_not_clear")
        return self.made(pos, view, checked, found, seed)

    def skipped(self, view: PlayerView, pos: Position, found: list[Candidate], seed: int) -> str | None:
        """Why a candidate (the hint's moves ``found``, best first) is dropped before the costly
        verification, or None: it goes on to it."""
        gap = score(found[0]) - score(found[1])
        by_match = found[0].win is not None
        if gap < PREFILTER * (MIN_WIN if by_match else MIN_POINTS):
            return "prefilter_close"
        if gap < self.wide * (EASY_MARGIN_WIN if by_match else EASY_MARGIN_POINTS):
            return "narrower_than_asked"
        kind = decision_kind(pos, found[0].action, found[1].action)
        if self.full(kind):
            return "kind_full"
        if self.only and kind not in self.only:
            return "kind_not_asked"
        if self.themes and diagnose(view, found[1].action, found[0].action).kind not in self.themes:
            return "theme_not_asked"
        easy = same_move(make_bot("beginner", seed).decide(view).action, found[0].action)
        if easy and random.Random(f"{seed}:{pos.code}").random() > EASY_KEEP:
            return "easy_skipped"
        if self.hard and (easy or same_move(make_bot("standard", seed).decide(view).action, found[0].action)):
            return "not_hard"
        return None

    def made(
        self, pos: Position, view: PlayerView, checked: Verification, found: list[Candidate], seed: int
    ) -> Puzzle:
        best, second = checked.actions[0], checked.actions[1]
        wins = checked.wins
        moves = [
            MoveValue(a, round(checked.points[k], 1), None if wins is None else round(wins[k], 3))
            for k, a in enumerate(checked.actions)
        ]
        moves += [
            MoveValue(c.action, round(c.value, 1), None if c.win is None else round(c.win, 3))
            for c in found
            if not any(same_move(c.action, a) for a in checked.actions)
        ]
        level = lowest_level(view, str(best), seed)
        kind = decision_kind(pos, best, second)
        puzzle = Puzzle(
            "", pos, tuple(moves), kind, diagnose(view, second, best).kind,
            rating_for(level, checked.margin, wins is not None),
        )  # fmt: skip
        self.kinds[kind] += 1
        self.counts["puzzles"] += 1
        return puzzle


def _asked(listed: str, names: Iterable[str], refusal: str) -> tuple[str, ...]:
    """A comma-separated option's names, each one of ``names``; else refused, naming the rest."""
    asked = tuple(listed.split(",")) if listed else ()
    if unknown := set(asked) - {str(n) for n in names}:
        raise SystemExit(f"make_puzzles: {refusal} {', '.join(sorted(unknown))}")
    return asked


def run(args: argparse.Namespace) -> None:
    only = _asked(args.kinds, DecisionKind, "--kinds: no decision kind")
    themes = _asked(args.themes, MistakeKind, "--themes: no theme")
    parts = Path(args.parts)
    parts.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    print(f"commit {commit}, started {datetime.datetime.now(datetime.UTC):%H:%M:%S}", flush=True)
    stop = datetime.datetime.combine(datetime.date.today(), datetime.time.fromisoformat(args.until))
    maker = Maker(parts, args.target, args.hard, only, themes, args.wide)
    maker.kinds.update(_made_kinds(parts))
    seed = args.seed
    while datetime.datetime.now() < stop and sum(maker.kinds.values()) < args.target:
        path = parts / f"part-{seed:06d}.txt"
        with path.open("w") as out:
            for s in range(seed, seed + args.chunk):
                _one_match(maker, s, out, stop)
                maker.report(s, commit)
        seed += args.chunk


def _one_match(maker: Maker, seed: int, out: object, stop: datetime.datetime) -> None:
    if maker.hard:  # decisions of expert and hard play, where the lower levels go wrong more often
        views = match_views(seed, HARD_SEATS)
    else:
        views = coach_views(seed) if seed % 4 == 3 else match_views(seed)
    for view in views:
        if datetime.datetime.now() >= stop:
            return
        start = time.perf_counter()
        puzzle = maker.try_view(view, seed)
        maker.seconds += time.perf_counter() - start
        if maker.counts["candidates"] % 10 == 0:
            maker.report(seed, "")
        if puzzle is not None:
            out.write(format_line(puzzle) + "\n")  # type: ignore[attr-defined]
            out.flush()  # type: ignore[attr-defined]


def _made_kinds(parts: Path) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for path in sorted(parts.glob("part-*.txt")):
        kinds.update(line.split(" ")[2] for line in path.read_text().splitlines() if line)
    return kinds


def assemble(args: argparse.Namespace) -> None:
    """Write gin_core/puzzle_data.py from the parts, duplicates dropped, in a fixed shuffle, and
    fold the daily puzzle's ledger over it (shipped_set.write_set)."""
    lines: dict[str, str] = {}
    for path in sorted(Path(args.parts).glob("part-*.txt")):
        for line in path.read_text().splitlines():
            if line:
                lines.setdefault(line.split(" ")[0], line)
    order = sorted(lines.values())
    random.Random(29).shuffle(order)
    write_set(ROOT, order)
    print(f"{len(order)} puzzles, {(ROOT / DATA).stat().st_size} bytes")
    fields = [line.split(" ") for line in order]
    print("kinds", dict(Counter(f[2] for f in fields).most_common()))
    print("themes", dict(Counter(f[3] for f in fields).most_common()))
    print("ratings", dict(sorted(Counter(int(f[1]) // 200 * 200 for f in fields).items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("--parts", default="benchmarks/runs/puzzles")
    go.add_argument("--until", default="01:55", help="local clock time to stop (HH:MM)")
    go.add_argument("--target", type=int, default=1200)
    go.add_argument("--seed", type=int, default=1)
    go.add_argument("--chunk", type=int, default=4, help="matches per part file")
    go.add_argument("--hard", action="store_true", help="only decisions beginner and standard get wrong")
    go.add_argument(
        "--kinds", default="", help="only these decision kinds, comma-separated (skipped before verifying)"
    )
    go.add_argument(
        "--themes",
        default="",
        help="only these themes (the hint's top two diagnosed, skipped before verifying), comma-separated:"
        " e.g. waited_too_long, whose knocks hold under the reference far more often",
    )
    go.add_argument(
        "--wide",
        type=float,
        default=0.0,
        help="only candidates whose hint's top two differ by this share of a plain margin (10 points"
        " of match-win chance, 20 hand points), skipped before verifying: e.g. 0.8 for the draws and"
        " upcards (the set's held under the reference 31 times in 33 from a margin of 0.08 up; a"
        " run's new ones 59 in 107)",
    )
    asm = sub.add_parser("assemble")
    asm.add_argument("--parts", default="benchmarks/runs/puzzles")
    args = parser.parse_args()
    (run if args.command == "run" else assemble)(args)


if __name__ == "__main__":
    main()
