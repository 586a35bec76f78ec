"""What expert's inference from the opponent's waiting costs its thinking, in CPU time.

Plays expert against ``simple`` (or ``--opponent hunter``, the arena's gin hunter) over a match
to 100 under ``eaai`` and, at each of expert's
decisions once a hand has finished (the only ones where the habit is learnt), times the same
decision by expert and by expert as it was before (in alternating order): ``--before fixed``,
the habit fixed at its prior; ``--before gin``, guesses that may be gin after the opponent's
discard; ``--before showdowns``, guesses never pulled toward the deadwood the opponent showed
at our knocks; ``--before wary``, the opponent's seat wary in every playout, whatever the match
shows; ``--before undercuts``, a knock's undercut risk its guesses' alone (not the learnt
risk). Prints both means and their ratio. Usage:
``python scripts/bench_waiting.py [--decisions N] [--seed S] [--before fixed|gin|showdowns|wary|undercuts]
[--opponent simple|hunter]``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from gin_core import Match, preset
from gin_core.actions import Action
from gin_core.bots.base import Bot
from gin_core.bots.search import ExpertBot
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView


class FixedExpert(ExpertBot):
    """Expert as it was: the opponent's chance of waiting fixed at the level's prior."""

    learns_waiting = False


class GinGuessingExpert(ExpertBot):
    """Expert as it was: a guessed hand may be gin after the opponent's discard."""

    inference = replace(ExpertBot.inference, rules_out_gin=False)


class UnpulledExpert(ExpertBot):
    """Expert as it was: its guesses are not pulled toward the opponent's showdowns."""

    learns_showdowns = False


class UnadaptedExpert(ExpertBot):
    """Expert as it was: the opponent's seat wary in every playout, whatever the match shows."""

    learns_eagerness = False


class UnpricedExpert(ExpertBot):
    """Expert as it was: a knock's undercut risk is its guesses' alone, not raised to the
    risk learnt offline (see gin_core/bots/undercut_risk.py)."""

    prices_undercuts = False


BEFORE: dict[str, type[ExpertBot]] = {
    "fixed": FixedExpert,
    "gin": GinGuessingExpert,
    "showdowns": UnpulledExpert,
    "wary": UnadaptedExpert,
    "undercuts": UnpricedExpert,
}


def timed(bot: Bot, view: PlayerView) -> tuple[Action, float]:
    """The bot's move on ``view`` and the CPU seconds it took."""
    start = time.process_time()
    action = bot.decide(view).action
    return action, time.process_time() - start


def measure(decisions: int, seed: int, before: type[ExpertBot], opponent: str) -> tuple[int, float, float]:
    """(decisions timed, CPU seconds of expert, of expert as it was ``before``); expert's
    moves are played against ``opponent``."""
    new, old = ExpertBot(seed=3), before(seed=3)
    rival = arena_bot(opponent, seed=4)
    spent_new = spent_old = 0.0
    made, match = 0, Match(preset("eaai"), seed=seed)
    while made < decisions:
        while (p := match.to_move) is not None and made < decisions:
            view = match.view(p)
            if p == 1 or not view.records:
                match.apply((rival if p else new).decide(view).action)
                continue
            if made % 2:
                spent_old += timed(old, view)[1]
            move, seconds = timed(new, view)
            spent_new += seconds
            if not made % 2:
                spent_old += timed(old, view)[1]
            match.apply(move)
            made += 1
        if match.result is not None:
            match = Match(preset("eaai"), seed=seed + made)
        elif match.to_move is None:
            match.apply("next_hand")
    return made, spent_new, spent_old


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--before", choices=sorted(BEFORE), default="fixed")
    parser.add_argument("--opponent", choices=("simple", "hunter"), default="simple")
    args = parser.parse_args()
    made, new, old = measure(args.decisions, args.seed, BEFORE[args.before], args.opponent)
    print(
        f"{made} decisions after a finished hand: expert {1e3 * new / made:.1f} ms, "
        f"before ({args.before}) {1e3 * old / made:.1f} ms of CPU a decision, ratio {new / old:.3f}"
    )


if __name__ == "__main__":
    main()
