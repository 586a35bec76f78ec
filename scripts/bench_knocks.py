"""How often expert's knocks would be undercut by the gin hunter, before and after a change.

Plays ``simple`` against the arena's gin hunter (``hunter``) over matches to 100 under ``eaai``
and, at each of simple's turns where a knock short of gin is allowed, asks expert and expert as
it was before (``--before gin``: its guesses may be gin after the opponent's discard;
``--before showdowns``: its guesses are not pulled toward the deadwood the opponent showed at
our knocks; ``--before undercuts``, the default: a knock's undercut risk is its guesses' alone,
not raised to the risk learnt offline) what they would do there; both learn the hunter's waiting from
the match's finished hands, as in a match. A knock is then scored against the hunter's real
hand (the harness sees it; the bots do not). Prints, for each, the knocks made, how many the
hunter undercuts, the mean points of those knocks, the undercut risk the bot foresaw for them
(its own ``GUESSES`` guesses' share, or the learnt risk if higher for a bot that prices it)
and the mean deadwood they guess against the real one:
well below the real share, the guesses make the hunter's hand worse than it is. A calibration
table follows: the knocks binned by the risk foreseen, against the share the real hand
undercut. ``--replay R``
gives expert (not the one before) a replay share of R (see :class:`Inference`). Usage:
``python scripts/bench_knocks.py [--matches N] [--seed S] [--replay R] [--before gin|showdowns|undercuts]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import pairwise

from bench_waiting import BEFORE  # scripts/ is on the path of a script

from gin_core import Match, preset
from gin_core.actions import ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots import make_bot
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.rollout import score
from gin_core.bots.sampler import guesses
from gin_core.bots.search import ExpertBot
from gin_core.bots.undercut_risk import undercut_risk
from gin_core.cards import mask_of
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView

GUESSES = 160
BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 1.01)
"""Edges of the foreseen-risk bins of the calibration table."""


@dataclass
class Knocks:
    """The knocks one bot chose, and what they scored against the real hand."""

    positions: int = 0
    knocks: int = 0
    undercut: int = 0
    points: int = 0
    foreseen: float = 0.0  # the sum over knocks of the share of the bot's guesses that undercut
    guessed: float = 0.0  # the sum over knocks of the guesses' mean deadwood
    real: int = 0  # the sum over knocks of the real hand's deadwood
    calibration: list[tuple[float, bool]] = field(default_factory=list)  # (foreseen, undercut) a knock

    def ask(self, bot: ExpertBot, view: PlayerView, opponent: PlayerView) -> None:
        """Ask ``bot`` about ``view`` and score its knock, if it knocks, against ``opponent``."""
        self.positions += 1
        action = bot.decide(view).action
        if action.kind != ActionKind.KNOCK or action.card is None:
            return
        hands = [mask_of(view.hand) & ~action.card.bit, mask_of(opponent.hand)]
        points = score(view.rules, hands, 0)
        self.knocks += 1
        self.undercut += points < 0
        self.points += points
        know = Knowledge.of(view)
        inference = bot.settings_for(view).inference
        found = guesses(know, know.holding(), GUESSES, random.Random(self.knocks), inference)
        risk = sum(score(view.rules, [hands[0], hand], 0) < 0 for hand, _ in found) / GUESSES
        if bot.prices_undercuts:
            risk = max(risk, undercut_risk(view, hands[0]))
        self.foreseen += risk
        self.calibration.append((risk, points < 0))
        self.guessed += sum(min_deadwood(hand) for hand, _ in found) / GUESSES
        self.real += min_deadwood(hands[1])

    def line(self, name: str) -> str:
        share = self.undercut / self.knocks if self.knocks else 0.0
        mean = self.points / self.knocks if self.knocks else 0.0
        return (
            f"{name}: {self.knocks} knocks in {self.positions} positions, {self.undercut} undercut "
            f"({100 * share:.1f}%), {mean:+.2f} points a knock; "
            f"its guesses foresaw {100 * self.foreseen / max(1, self.knocks):.1f}% undercut, "
            f"guessed deadwood {self.guessed / max(1, self.knocks):.1f} "
            f"v real {self.real / max(1, self.knocks):.1f}"
        )

    def table(self) -> str:
        """The knocks binned by the undercut risk their guesses foresaw, with the share the
        real hand undercut (a calibrated bot's two shares agree)."""
        rows = ["  foreseen risk | knocks | foreseen (mean) | real undercut"]
        for lo, hi in pairwise(BINS):
            inside = [(risk, cut) for risk, cut in self.calibration if lo <= risk < hi]
            if not inside:
                continue
            seen = 100 * sum(risk for risk, _ in inside) / len(inside)
            real = 100 * sum(cut for _, cut in inside) / len(inside)
            rows.append(
                f"  {100 * lo:4.0f}-{min(100.0, 100 * hi):3.0f}% | {len(inside):6} | {seen:14.1f}% | "
                f"{real:5.1f}% ({sum(cut for _, cut in inside)})"
            )
        return "\n".join(rows)


def can_knock(view: PlayerView) -> bool:
    """True if a knock short of gin is allowed and no gin is."""
    kinds = {a.kind for a in view.legal_actions}
    return ActionKind.KNOCK in kinds and not kinds & {ActionKind.GIN, ActionKind.BIG_GIN}


def replaying(share: float) -> ExpertBot:
    """Expert whose guesses replay ``share`` times the opponent's stock draws."""

    class Replaying(ExpertBot):
        inference = replace(ExpertBot.inference, replay=share)

    return Replaying(seed=3)


def knock_chances(matches: int, seed: int) -> Iterator[tuple[PlayerView, PlayerView]]:
    """Simple's views where it may knock short of gin, each with the hunter's view, over
    ``matches`` matches of simple against hunter (the match goes on when asked for the next)."""
    players = (make_bot("simple", seed=1), arena_bot("hunter", seed=2))
    for n in range(matches):
        match = Match(preset("eaai"), seed=seed + n)
        while match.result is None:
            while (p := match.to_move) is not None:
                view = match.view(p)
                if p == 0 and can_knock(view):
                    yield view, match.view(1)
                match.apply(players[p].decide(view).action)
            if match.result is None:
                match.apply("next_hand")


def measure(matches: int, seed: int, replay: float, was: str) -> tuple[Knocks, Knocks]:
    """(expert's knocks, expert's before) over ``matches`` matches of simple against hunter."""
    now, before = Knocks(), Knocks()
    experts = (replaying(replay), BEFORE[was](seed=3))
    for view, hunter in knock_chances(matches, seed):
        for tally, expert in zip((now, before), experts, strict=True):
            tally.ask(expert, view, hunter)
    return now, before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replay", type=float, default=ExpertBot.inference.replay)
    parser.add_argument("--before", choices=("gin", "showdowns", "undercuts"), default="undercuts")
    args = parser.parse_args()
    now, before = measure(args.matches, args.seed, args.replay, args.before)
    print(now.line(f"expert (replay {args.replay})"))
    print(now.table())
    print(before.line(f"before ({args.before})"))
    print(before.table())


if __name__ == "__main__":
    main()
