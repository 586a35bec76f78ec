"""Two bots compared where their decisions differ, in real matches (issue 46): a screen for a
change to a level that the arena cannot resolve in a session.

A change to the expert alters a few decisions in a hundred (``scripts/budget_agreement.py``),
and in the arena a match's luck hides them for hundreds of matches. Here the baseline ``--a``
plays ``--opponent`` in matches to 100 under ``eaai``, as in the arena; at each of its searched
decisions the candidate ``--b`` decides too, and so does ``--a`` with another seed (its twin).
Wherever one departs from ``--a``'s move, both moves are played out from the real table: the
opponent's real hand, and the stock, which neither player has seen, shuffled afresh for each of
``--playouts`` draws (the same draws for both moves). The deciding seat plays on as ``--a`` (or,
with ``--self quick``, the reference analysis's quick expert: cheaper, and a different mind), the
other seat as the opponent, to the hand's end; a playout is worth the deciding player's chance
to win the match (the equity table) once the hand ends.

Printed: how often each departs, the mean gain of its move over ``--a``'s at a departure, and
the gain a match (the departures' gains summed, over the matches), with 95% intervals clustered
by match. The twin's gain is the check of the method: its departures are the search's own
noise, so it must come out near 0; a candidate's gain a match is comparable to a change of its
share of matches won, though only the decisions' first step is measured (the playouts after it
are ``--a``'s in both arms).

    nice -n 19 python scripts/divergence.py --a expert --b expert6x --opponent hunter --matches 4
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass

from budget_agreement import KINDS, moment
from reference import QuickExpert, play_out
from turns import turns

from gin_core import Match, preset
from gin_core.actions import Action
from gin_core.bots import Bot
from gin_core.bots.match_chance import Judge
from gin_core.tools.arena import git_state
from gin_core.tools.opponents import arena_bot, arena_names

TWIN_SEED = 10_001
"""The seed offset of the baseline's twin (the search's own noise)."""


@dataclass(frozen=True)
class Departure:
    """One decision where ``who`` (``b`` or ``twin``) chose ``move`` and the baseline ``base``:
    the mean gain in chances to win the match of ``move`` over ``base`` and its standard error."""

    match: int
    hand: int
    who: str
    base: str
    move: str
    gain: float
    error: float
    playouts: int
    moment: str
    """The kind of decision: a draw, a discard or a knock chance (``budget_agreement.moment``)."""


def tables(match: Match, seed: int, n: int) -> Iterator[Match]:
    """``n`` copies of the real table, each with the stock shuffled afresh."""
    rng = random.Random(seed)
    for _ in range(n):
        fresh = copy.deepcopy(match)
        rng.shuffle(fresh.hand.stock)
        yield fresh


def gain(
    match: Match, moves: tuple[Action, Action], seats: tuple[Bot, Bot], args: argparse.Namespace
) -> tuple[float, float]:
    """The mean gain (and its standard error) of ``moves[0]`` over ``moves[1]`` at the real table,
    in the deciding player's chances to win the match, paired over the same stock draws."""
    player = match.to_move
    assert player is not None
    judge = Judge.of(match.view(player))
    assert judge is not None, "the arena's rules have a target"
    diffs = [
        judge(play_out(t, moves[0], seats)) - judge(play_out(t, moves[1], seats))
        for t in tables(match, args.seed + match.deals, args.playouts)
    ]
    mean = math.fsum(diffs) / len(diffs)
    spread = math.fsum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
    return mean, math.sqrt(spread / len(diffs))


def seats_for(args: argparse.Namespace, seed: int) -> tuple[Bot, Bot]:
    """Who plays on in a playout: the deciding seat (0) and the opponent."""
    me = QuickExpert(seed + 3) if args.own_seat == "quick" else arena_bot(args.a, seed + 3)
    return me, arena_bot(args.opponent, seed + 4)


Decisions = Counter[tuple[str, str]]  # (who, moment) -> searched decisions compared


def departures(args: argparse.Namespace, seed: int, decisions: Decisions) -> Iterator[Departure]:
    """The departures of one match (seed ``seed``) of the baseline against the opponent; the
    searched decisions compared are counted in ``decisions``."""
    players = (arena_bot(args.a, seed), arena_bot(args.opponent, seed + 1))
    others = {"b": arena_bot(args.b, seed), "twin": arena_bot(args.a, seed + TWIN_SEED)}
    seats = seats_for(args, seed)
    match = Match(preset("eaai"), seed=seed)
    for p, view, move in turns(match, players):
        if p == 0 and len(view.legal_actions) > 1:
            kind = moment(view)
            for who, bot in others.items():
                decisions[who, kind] += 1
                other = bot.decide(view).action
                if other != move:
                    mean, error = gain(match, (other, move), seats, args)
                    yield Departure(
                        seed,
                        match.deals,
                        who,
                        str(move),
                        str(other),
                        mean,
                        error,
                        args.playouts,
                        kind,
                    )


def clustered(
    found: list[Departure], who: str, matches: list[int], kind: str = "all"
) -> tuple[int, float, float, float, float]:
    """(departures, mean gain at one, its 95% half-width, gain a match, its half-width) of
    ``who`` at decisions of ``kind`` (a moment, or all), the intervals over matches."""
    mine = [d for d in found if d.who == who and kind in ("all", d.moment)]
    by_match = [[d.gain for d in mine if d.match == m] for m in matches]
    n = sum(len(g) for g in by_match)
    sums = [math.fsum(g) for g in by_match]
    g = len(matches)
    per_match = math.fsum(sums) / g
    if g < 2 or not n:
        return n, math.fsum(sums) / max(n, 1), math.nan, per_match, math.nan
    mean = math.fsum(sums) / n
    ratio_var = math.fsum((s - mean * len(x)) ** 2 for s, x in zip(sums, by_match, strict=True)) * g / (g - 1)
    match_var = math.fsum((s - per_match) ** 2 for s in sums) / (g - 1)
    return n, mean, 1.96 * math.sqrt(ratio_var) / n, per_match, 1.96 * math.sqrt(match_var / g)


def report(found: list[Departure], matches: list[int], decisions: Decisions) -> None:
    """For all decisions and each kind apart, a line each for the candidate and the twin."""
    for kind in KINDS:
        print(f"{kind}:")
        for who in ("b", "twin"):
            n, mean, hw, per_match, match_hw = clustered(found, who, matches, kind)
            asked = sum(c for (w, k), c in decisions.items() if w == who and kind in ("all", k))
            print(
                f"  {who:4} departs {n:4} times ({100 * n / max(asked, 1):4.1f}% of {asked})"
                f"  gain at a departure {100 * mean:+6.2f} ± {100 * hw:5.2f} points of chance"
                f"  a match {100 * per_match:+6.2f} ± {100 * match_hw:5.2f}"
            )


def save(path: str, kept: dict[str, object], found: list[Departure], decisions: Decisions) -> None:
    """The run so far (JSON): its command and commit, the decisions compared, every departure."""
    counted = [[who, kind, n] for (who, kind), n in sorted(decisions.items())]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({**kept, "decisions": counted, "departures": [asdict(d) for d in found]}, f)


def reprint(path: str) -> None:
    """The report of a run saved with ``--save`` (its matches so far)."""
    with open(path, encoding="utf-8") as f:
        saved = json.load(f)
    found = [Departure(**d) for d in saved["departures"]]
    decisions: Decisions = Counter({(who, kind): n for who, kind, n in saved["decisions"]})
    args, matches = saved["args"], saved["matches"]
    print(
        f"{args['b']} (b) and {args['a']}'s twin against {args['a']} playing {args['opponent']},"
        f" matches {matches[0]}-{matches[-1]} (saved), commit {saved['commit']}"
    )
    report(found, matches, decisions)


def parser() -> argparse.ArgumentParser:
    """The command line (the tests read their arguments through it too)."""
    names = arena_names()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="expert", choices=names)
    ap.add_argument("--b", default="expert6x", choices=names)
    ap.add_argument("--opponent", default="hunter", choices=names)
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--first", type=int, default=900, help="the first match's seed")
    ap.add_argument("--playouts", type=int, default=16, help="stock draws a departure is played on")
    ap.add_argument(
        "--self",
        dest="own_seat",
        choices=("same", "quick"),
        default="same",
        help="who plays on in the deciding seat",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", help="keep every departure (JSON), saved after every match")
    ap.add_argument("--report", metavar="SAVED", help="print the report of a run saved with --save, and stop")
    return ap


def main() -> None:
    args = parser().parse_args()
    if args.report:
        reprint(args.report)
        return
    commit, dirty = git_state()
    kept = {"commit": commit, "dirty": dirty, "args": vars(args)}
    found: list[Departure] = []
    decisions: Decisions = Counter()
    matches = list(range(args.first, args.first + args.matches))
    for played, seed in enumerate(matches, 1):
        found += departures(args, seed, decisions)
        if args.save:
            save(args.save, {**kept, "matches": matches[:played]}, found, decisions)
    print(
        f"{args.b} (b) and {args.a}'s twin (twin) against {args.a} playing {args.opponent},"
        f" matches {matches[0]}-{matches[-1]}, commit {commit}"
    )
    report(found, matches, decisions)


if __name__ == "__main__":
    main()
