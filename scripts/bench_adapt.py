"""Where expert's choices against ``simple`` differ from other bots', and what each is worth.

Plays expert as it was before it adapted to the opponent (``before``: the opponent's seat wary
in every playout) against ``simple`` over matches to 100 under ``eaai`` (expert's seat
alternating) and, at each of expert's decisions, asks ``before``, expert as it is (``expert``),
``hard`` and an expert whose playout opponent is never wary (``eager``) what they would do.
Where a bot's choice differs from ``before``'s, both choices are valued from the TRUE state
(the harness sees every card): the stock is reshuffled ``--shuffles`` times, each choice is
played and the hand played out with the standard level for our side and the real ``simple``
as the opponent (the same reshuffles and bot seeds for both choices), and the value is our
net hand points. Prints, for each bot and kind of decision (knock v play on, draw, discard),
the decisions that differ and the mean value gap (the bot's choice minus ``before``'s) with a
95% interval over decisions, split into the match's first hand and the later ones. Usage:
``python scripts/bench_adapt.py [--matches N] [--seed S] [--shuffles R]``.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
from collections import defaultdict
from collections.abc import Iterator

from bench_waiting import UnadaptedExpert  # scripts/ is on the path of a script

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.bots import make_bot
from gin_core.bots.base import Bot
from gin_core.bots.search import ExpertBot

KNOCKS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


class EagerExpert(ExpertBot):
    """Expert whose playout opponent is never wary (knocks as soon as it may)."""

    learns_eagerness = False
    wary = 0b01


def kind_of(view_phase: str, choices: tuple[Action, Action]) -> str:
    """The kind of a decision whose two choices are ``choices``."""
    if any(a.kind in KNOCKS for a in choices):
        return "knock v play on"
    return "discard" if view_phase == "discard" else "draw"


def hand_value(match: Match, me: int, action: Action, shuffle: int) -> int:
    """Our net hand points once ``action`` is played on a copy of ``match`` whose stock is
    reshuffled by ``shuffle``, the hand then played by standard (us) against simple."""
    game = copy.deepcopy(match)
    random.Random(shuffle).shuffle(game.hand.stock)
    before = game.scores[me] - game.scores[1 - me]
    game.apply(action)
    bots = {me: make_bot("standard", seed=shuffle), 1 - me: make_bot("simple", seed=shuffle)}
    while (p := game.to_move) is not None:
        game.apply(bots[p].decide(game.view(p)).action)
    return game.scores[me] - game.scores[1 - me] - before


def gap(match: Match, me: int, choices: tuple[Action, Action], shuffles: int) -> float:
    """The mean value of the first choice minus the second's over ``shuffles`` reshuffles."""
    total = 0
    for k in range(shuffles):
        total += hand_value(match, me, choices[0], k) - hand_value(match, me, choices[1], k)
    return total / shuffles


def expert_turns(matches: int, seed: int) -> Iterator[tuple[Match, int]]:
    """(match, expert's seat) at each of expert's decisions; ``before`` plays them."""
    player, rival = UnadaptedExpert(seed=3), make_bot("simple", seed=4)
    for n in range(matches):
        me, match = n % 2, Match(preset("eaai"), seed=seed + n)
        while match.result is None:
            while (p := match.to_move) is not None:
                view = match.view(p)
                if p == me:
                    yield match, me
                match.apply((player if p == me else rival).decide(view).action)
            if match.result is None:
                match.apply("next_hand")


def measure(matches: int, seed: int, shuffles: int) -> dict[tuple[str, str, str], list[float]]:
    """Value gaps by (bot, kind of decision, first hand or later)."""
    bots: dict[str, Bot] = {
        "expert": ExpertBot(seed=3),
        "hard": make_bot("hard", seed=3),
        "eager": EagerExpert(seed=3),
    }
    base = UnadaptedExpert(seed=3)
    gaps: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for match, me in expert_turns(matches, seed):
        view = match.view(me)
        ours = base.decide(view).action
        when = "later hands" if view.records else "first hand"
        for name, bot in bots.items():
            theirs = bot.decide(view).action
            if theirs != ours:
                kind = kind_of(str(view.phase), (theirs, ours))
                gaps[name, kind, when].append(gap(match, me, (theirs, ours), shuffles))
    return gaps


def report(gaps: dict[tuple[str, str, str], list[float]]) -> list[str]:
    """One line per (bot, kind, when): decisions that differ, mean gap and its interval."""
    lines = []
    for key in sorted(gaps):
        values = gaps[key]
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
        lines.append(
            f"{key[0]:7} {key[1]:16} {key[2]:12} {len(values):4} differ, "
            f"gap {mean:+.2f} ({mean - half:+.2f} .. {mean + half:+.2f}) points a hand"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--shuffles", type=int, default=24)
    args = parser.parse_args()
    print("\n".join(report(measure(args.matches, args.seed, args.shuffles))))


if __name__ == "__main__":
    main()
