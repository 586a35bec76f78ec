"""Which policy makes the coach and the deep oracle disagree on one decision (issue 27, cause 2
in ``benchmarks/coach.md``).

    python scripts/coach_policies.py Q9G-S4BY 27 "discard AH" "discard QD" --guesses 60

The oracle's table, guesses and moves (``scripts/oracle_coach.py``), with the seats played by
the coach's playout policy as a bot (:class:`Greedy`), by the standard level, or by a bot that
draws like one and discards (and knocks) like the other (:class:`ByPhase`). Printed per pair
of policies: each move's mean points and the second move's gain over the first (the loss of
the first when the coach prefers the second) with its 90% half-width. The hand is found by its
deal code among the oracle runs' hands (beginner seeds 0-399, standard-level seeds 1000-1399).
"""

from __future__ import annotations

import argparse
import math
import random
import runpy
import statistics
from pathlib import Path

from gin_core import Action, Match
from gin_core.actions import ActionKind
from gin_core.analysis.coach import PLAYER
from gin_core.analysis.replay import position
from gin_core.arrange import min_deadwood
from gin_core.bots import make_bot
from gin_core.bots.base import Bot, Decision, Thinking, Work, lowest_end
from gin_core.bots.heuristics import best_after, cached_discard
from gin_core.bots.reasons import Reason, ReasonKind
from gin_core.cards import mask_of
from gin_core.flow import Phase
from gin_core.tools.hands import played_match
from gin_core.view import PlayerView

ORACLE = runpy.run_path(str(Path(__file__).resolve().parent / "oracle_coach.py"), run_name="oracle")
Z90 = 1.645


class Greedy(Bot):
    """The playouts' policy (``gin_core.bots.rollout``) as a bot: take the face-up card if it
    lowers the count, throw the least-deadwood card, knock or go gin as soon as allowed."""

    name = "greedy"

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        yield from ()  # a generator with no slice of its own
        acts, me, why = view.legal_actions, mask_of(view.hand), Reason(ReasonKind.DRAWS)
        if view.phase == Phase.DISCARD:
            if view.must_knock or any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in acts):
                return lowest_end(view)
            card, left = cached_discard(me, 0)
            throws = {a.kind: a for a in acts if a.card is not None and a.card.index == card}
            knock = ActionKind.KNOCK in throws and left <= view.knock_limit
            return Decision(throws[ActionKind.KNOCK if knock else ActionKind.DISCARD], why)
        take = Action(ActionKind.DRAW_PILE)
        top = view.top
        if top is not None and take in acts and best_after(me | top.bit, 0) < min_deadwood(me):
            return Decision(take, why)
        other = [a for a in acts if a.kind in (ActionKind.DRAW_STOCK, ActionKind.PASS)]
        return Decision(other[0] if other else acts[0], why)


class ByPhase(Bot):
    """One bot's draws and another's discards and knocks."""

    name = "by-phase"

    def __init__(self, draws: Bot, discards: Bot) -> None:
        super().__init__()
        self.draws, self.discards = draws, discards

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        bot = self.discards if view.phase == Phase.DISCARD else self.draws
        return (yield from bot.plan(view, rng, work))


def find(deal: str) -> Match:
    """The oracle runs' hand dealt as ``deal``."""
    for seed, level in [(s, "beginner") for s in range(400)] + [(1000 + s, "standard") for s in range(400)]:
        m = played_match(seed, level)
        if m.records[0].deal_code == deal:
            return m
    raise SystemExit(f"no oracle hand is dealt as {deal}")


def policies() -> dict[str, tuple[Bot, Bot]]:
    """The pairs of seat policies compared (the player's first)."""

    def std(seed: int) -> Bot:
        return make_bot("standard", seed)

    return {
        "both greedy": (Greedy(), Greedy()),
        "player standard, opponent greedy": (std(1), Greedy()),
        "player greedy, opponent standard": (Greedy(), std(2)),
        "both draw like standard, discard greedy": (ByPhase(std(3), Greedy()), ByPhase(std(4), Greedy())),
        "both draw greedy, discard like standard": (ByPhase(Greedy(), std(5)), ByPhase(Greedy(), std(6))),
        "both standard": (std(7), std(8)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("deal")
    ap.add_argument("move", type=int)
    ap.add_argument("moves", nargs=2, help="the move played, then the coach's choice")
    ap.add_argument("--guesses", type=int, default=60)
    args = ap.parse_args()
    table = position(find(args.deal), 1, args.move)
    found = ORACLE["hidden_guesses"](table.view(PLAYER), args.guesses, f"{args.deal}:{args.move}")
    first, second = (Action.parse(m) for m in args.moves)
    for label, bots in policies().items():
        a = [ORACLE["play_out"](table, g, first, bots) for g in found]
        b = [ORACLE["play_out"](table, g, second, bots) for g in found]
        gain = [y - x for x, y in zip(a, b, strict=True)]
        half = Z90 * statistics.stdev(gain) / math.sqrt(len(gain))
        means = f"{statistics.fmean(a):.1f} / {statistics.fmean(b):.1f}"
        print(f"{label}: {means}, gain {statistics.fmean(gain):.1f} ± {half:.1f}", flush=True)


if __name__ == "__main__":
    main()
